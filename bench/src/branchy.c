/* branchy: a branchy integer loop over 65,536 work-items (bench/, issue 12):
 * each item runs bounded Collatz steps from a pseudo-random start in
 * [1, 100000] (largest value on the way < 2^31), with data-dependent if/else
 * and a divergent loop exit.  Output per item: step count and an xor/rotate
 * hash of the values visited.  Integer only: bit-exact on every device. */
#include "corpus.h"

#define N 65536
#define CAP 400

static uint32_t rotl(uint32_t v, int s) { return (v << s) | (v >> (32 - s)); }

int main(int argc, char **argv)
{
    corpus_t c;
    corpus_init(&c, "branchy", argc, argv);
    static uint32_t start[N], e[2 * N];
    uint32_t st = 0x2468ace1;
    for (int i = 0; i < N; i++)
        start[i] = corpus_rand(&st) % 100000u + 1u;
    for (int i = 0; i < N; i++) {
        uint32_t v = start[i], h = 0, n = 0;
        while (v != 1 && n < CAP) {
            if (v & 1) {
                v = 3 * v + 1;
                h ^= rotl(v, 7);
            } else {
                v >>= 1;
                if ((v & 7) == 3)
                    h += v;
                else
                    h ^= v;
            }
            n++;
        }
        e[2 * i] = n;
        e[2 * i + 1] = h;
    }
    cl_program p = corpus_build(&c, "branchy.cl", "");
    cl_kernel k = corpus_kernel(&c, p, "branchy");
    uint32_t *din = corpus_svm(&c, sizeof(start), start, 0);
    uint32_t *dout = corpus_svm(&c, sizeof(e), NULL, 0xdeadbeef);
    corpus_arg_svm(&c, k, 0, din);
    corpus_arg_svm(&c, k, 1, dout);
    corpus_run1(&c, k, N, 256);
    corpus_expect(&c, "out", dout, e, sizeof(e));
    return corpus_finish(&c);
}
