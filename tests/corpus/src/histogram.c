/* histogram: 8192 uint values into 256 bins (atomic_inc) and 16 sums
 * (atomic_add), local size 128, one launch.  Values are skewed so that many
 * lanes of a SIMD thread hit the same bin in the same instruction. */
#include "corpus.h"

#define N 8192

int main(int argc, char **argv)
{
    corpus_t c;
    corpus_init(&c, "histogram", argc, argv);
    static uint32_t data[N], bins[256], sums[16];
    uint32_t st = 0xfeedface;
    for (int i = 0; i < N; i++) {
        uint32_t r = corpus_rand(&st);
        /* low byte: mostly from a narrow range, sometimes anything */
        uint32_t lo = (r & 0x30000) ? (r & 15) + 100 : (r & 255);
        data[i] = (r & 0xffffff00u) | lo;
        bins[data[i] & 255]++;
        sums[(data[i] >> 8) & 15] += data[i] >> 12;
    }
    cl_program p = corpus_build(&c, "histogram.cl", "");
    cl_kernel k = corpus_kernel(&c, p, "histogram");
    uint32_t *ddata = corpus_svm(&c, sizeof(data), data, 0);
    uint32_t *dbins = corpus_svm(&c, sizeof(bins), NULL, 0);
    uint32_t *dsums = corpus_svm(&c, sizeof(sums), NULL, 0);
    corpus_arg_svm(&c, k, 0, ddata);
    corpus_arg_svm(&c, k, 1, dbins);
    corpus_arg_svm(&c, k, 2, dsums);
    corpus_run1(&c, k, N, 128);
    corpus_expect(&c, "bins", dbins, bins, sizeof(bins));
    corpus_expect(&c, "sums", dsums, sums, sizeof(sums));
    return corpus_finish(&c);
}
