/* reduce: sum of 4096 uint in two launches of the same kernel: 64 groups of
 * 64 produce 64 partial sums, then one group of 64 sums those.  SLM + barrier.
 * Outputs: the 64 partial sums and the total (mod 2^32). */
#include "corpus.h"

#define N 4096
#define L 64

int main(int argc, char **argv)
{
    corpus_t c;
    corpus_init(&c, "reduce", argc, argv);
    static uint32_t in[N], part[N / L], total;
    uint32_t st = 0xbeef1234;
    total = 0;
    for (int i = 0; i < N; i++) {
        in[i] = corpus_rand(&st) >> (i & 7);
        part[i / L] += in[i];
        total += in[i];
    }
    cl_program p = corpus_build(&c, "reduce.cl", "");
    cl_kernel k = corpus_kernel(&c, p, "reduce");
    uint32_t *din = corpus_svm(&c, sizeof(in), in, 0);
    uint32_t *dpart = corpus_svm(&c, sizeof(part), NULL, 0xdeadbeef);
    uint32_t *dtotal = corpus_svm(&c, sizeof(total), NULL, 0xdeadbeef);
    corpus_arg_svm(&c, k, 0, din);
    corpus_arg_svm(&c, k, 1, dpart);
    corpus_arg(&c, k, 2, L * sizeof(uint32_t), NULL);
    corpus_run1(&c, k, N, L);
    corpus_arg_svm(&c, k, 0, dpart);
    corpus_arg_svm(&c, k, 1, dtotal);
    corpus_run1(&c, k, N / L, N / L);
    corpus_expect(&c, "part", dpart, part, sizeof(part));
    corpus_expect(&c, "total", dtotal, &total, sizeof(total));
    return corpus_finish(&c);
}
