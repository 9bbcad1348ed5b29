/* scan: inclusive prefix sum of 1024 uint with local size 64, three launches:
 * scan_groups over 16 groups (per-group scan + group totals), scan_groups over
 * the 16 totals (one group of 16), add_offsets.  Outputs: the scan, the group
 * totals, the scanned totals (and the unused totals-of-totals word). */
#include "corpus.h"

#define N 1024
#define L 64
#define G (N / L)

int main(int argc, char **argv)
{
    corpus_t c;
    corpus_init(&c, "scan", argc, argv);
    static uint32_t in[N], e[N], sums[G], ssums[G], stot;
    uint32_t st = 0x0badf00d, run = 0;
    for (int i = 0; i < N; i++) {
        in[i] = corpus_rand(&st) & 0xfffff;
        run += in[i];
        e[i] = run;
        sums[i / L] += in[i];
    }
    run = 0;
    for (int g = 0; g < G; g++) {
        run += sums[g];
        ssums[g] = run;
    }
    stot = run;
    cl_program p = corpus_build(&c, "scan.cl", "");
    cl_kernel ks = corpus_kernel(&c, p, "scan_groups");
    cl_kernel ka = corpus_kernel(&c, p, "add_offsets");
    uint32_t *din = corpus_svm(&c, sizeof(in), in, 0);
    uint32_t *dout = corpus_svm(&c, sizeof(e), NULL, 0xdeadbeef);
    uint32_t *dsums = corpus_svm(&c, sizeof(sums), NULL, 0xdeadbeef);
    uint32_t *dssums = corpus_svm(&c, sizeof(ssums), NULL, 0xdeadbeef);
    uint32_t *dstot = corpus_svm(&c, sizeof(stot), NULL, 0xdeadbeef);
    corpus_arg_svm(&c, ks, 0, din);
    corpus_arg_svm(&c, ks, 1, dout);
    corpus_arg_svm(&c, ks, 2, dsums);
    corpus_arg(&c, ks, 3, L * sizeof(uint32_t), NULL);
    corpus_run1(&c, ks, N, L);
    corpus_arg_svm(&c, ks, 0, dsums);
    corpus_arg_svm(&c, ks, 1, dssums);
    corpus_arg_svm(&c, ks, 2, dstot);
    corpus_arg(&c, ks, 3, G * sizeof(uint32_t), NULL);
    corpus_run1(&c, ks, G, G);
    corpus_arg_svm(&c, ka, 0, dout);
    corpus_arg_svm(&c, ka, 1, dssums);
    corpus_run1(&c, ka, N, L);
    corpus_expect(&c, "out", dout, e, sizeof(e));
    corpus_expect(&c, "sums", dsums, sums, sizeof(sums));
    corpus_expect(&c, "scanned_sums", dssums, ssums, sizeof(ssums));
    corpus_expect(&c, "total", dstot, &stot, sizeof(stot));
    return corpus_finish(&c);
}
