/* reduce1m: two-pass sum (mod 2^32) of 1,048,576 uint (bench/, issue 12):
 * pass 1, 4096 groups of 256 work-items, one item each, an SLM tree with
 * barriers, writes 4096 partial sums; pass 2, one group of 256 sums 16
 * partials per item, then the same tree.  Outputs: partials and total. */
#include "corpus.h"

#define N (1 << 20)
#define L 256

int main(int argc, char **argv)
{
    corpus_t c;
    corpus_init(&c, "reduce1m", argc, argv);
    static uint32_t in[N], part[N / L], total;
    /* low-entropy inputs keep the trace small; the sums still carry */
    for (int i = 0; i < N; i++) {
        in[i] = (uint32_t)((i * 2654435761u) >> 24) * 0x01010101u;
        part[i / L] += in[i];
        total += in[i];
    }
    cl_program p = corpus_build(&c, "reduce1m.cl", "");
    cl_kernel k1 = corpus_kernel(&c, p, "reduce_pass1");
    cl_kernel k2 = corpus_kernel(&c, p, "reduce_pass2");
    uint32_t *din = corpus_svm(&c, sizeof(in), in, 0);
    uint32_t *dpart = corpus_svm(&c, sizeof(part), NULL, 0xdeadbeef);
    uint32_t *dtotal = corpus_svm(&c, sizeof(total), NULL, 0xdeadbeef);
    corpus_arg_svm(&c, k1, 0, din);
    corpus_arg_svm(&c, k1, 1, dpart);
    corpus_run1(&c, k1, N, L);
    const int32_t per = N / L / L;
    corpus_arg_svm(&c, k2, 0, dpart);
    corpus_arg_svm(&c, k2, 1, dtotal);
    corpus_arg(&c, k2, 2, sizeof(per), &per);
    corpus_run1(&c, k2, L, L);
    corpus_expect(&c, "part", dpart, part, sizeof(part));
    corpus_expect(&c, "total", dtotal, &total, sizeof(total));
    return corpus_finish(&c);
}
