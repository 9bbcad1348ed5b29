/* vadd: float vector add, 1024 elements, local size 64 (one launch).
 * A single IEEE add per element is correctly rounded on CPU and GPU alike. */
#include "corpus.h"

#define N 1024

int main(int argc, char **argv)
{
    corpus_t c;
    corpus_init(&c, "vadd", argc, argv);
    static float a[N], b[N], e[N];
    for (int i = 0; i < N; i++) {
        a[i] = (float)i * 0.37f - 100.0f;
        b[i] = 1000.0f / (float)(i + 1);
        e[i] = a[i] + b[i];
    }
    cl_program p = corpus_build(&c, "vadd.cl", "");
    cl_kernel k = corpus_kernel(&c, p, "vadd");
    float *da = corpus_svm(&c, sizeof(a), a, 0);
    float *db = corpus_svm(&c, sizeof(b), b, 0);
    float *dc = corpus_svm(&c, sizeof(e), NULL, 0xdeadbeef);
    corpus_arg_svm(&c, k, 0, da);
    corpus_arg_svm(&c, k, 1, db);
    corpus_arg_svm(&c, k, 2, dc);
    corpus_run1(&c, k, N, 64);
    corpus_expect(&c, "c", dc, e, sizeof(e));
    return corpus_finish(&c);
}
