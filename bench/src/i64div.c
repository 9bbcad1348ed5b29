/* i64div: 64-bit division over 32,768 work-items (bench/, issue 12): each
 * item divides a pseudo-random 64-bit value by a divisor of random width
 * (1 to 64 bits, never 0, never LONG_MIN / -1) as signed and as unsigned
 * values, and writes quotient and remainder of both.  Integer only:
 * bit-exact on every device. */
#include "corpus.h"

#define N 32768

static uint64_t rand64(uint32_t *st)
{
    uint64_t hi = corpus_rand(st), lo = corpus_rand(st);
    return hi << 32 | lo;
}

int main(int argc, char **argv)
{
    corpus_t c;
    corpus_init(&c, "i64div", argc, argv);
    static int64_t a[N], b[N], e[4 * N];
    uint32_t st = 0x13579bdf;
    for (int i = 0; i < N; i++) {
        a[i] = (int64_t)rand64(&st);
        int bits = (int)(corpus_rand(&st) % 64u) + 1;
        uint64_t d = rand64(&st) >> (64 - bits);
        if (corpus_rand(&st) & 1)
            d = -d;
        if (d == 0 || ((int64_t)d == -1 && a[i] == INT64_MIN))
            d = 7;
        b[i] = (int64_t)d;
    }
    for (int i = 0; i < N; i++) {
        e[4 * i] = a[i] / b[i];
        e[4 * i + 1] = a[i] % b[i];
        e[4 * i + 2] = (int64_t)((uint64_t)a[i] / (uint64_t)b[i]);
        e[4 * i + 3] = (int64_t)((uint64_t)a[i] % (uint64_t)b[i]);
    }
    cl_program p = corpus_build(&c, "i64div.cl", "");
    cl_kernel k = corpus_kernel(&c, p, "i64div");
    int64_t *da = corpus_svm(&c, sizeof(a), a, 0);
    int64_t *db = corpus_svm(&c, sizeof(b), b, 0);
    int64_t *dout = corpus_svm(&c, sizeof(e), NULL, 0xdeadbeef);
    corpus_arg_svm(&c, k, 0, da);
    corpus_arg_svm(&c, k, 1, db);
    corpus_arg_svm(&c, k, 2, dout);
    corpus_run1(&c, k, N, 256);
    corpus_expect(&c, "out", dout, e, sizeof(e));
    return corpus_finish(&c);
}
