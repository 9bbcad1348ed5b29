/* saxpy: out = a*x + y, float, 4096 elements, local size chosen by the
 * driver (NULL local size), scalar float argument. One launch. */
#include "corpus.h"

#define N 4096

int main(int argc, char **argv)
{
    corpus_t c;
    corpus_init(&c, "saxpy", argc, argv);
    static float x[N], y[N], e[N];
    const float a = 1.5f;
    for (int i = 0; i < N; i++) {
        x[i] = (float)((i * 7) % 193 - 96) * 0.25f;
        y[i] = (float)((i * 13) % 257 - 128) * 0.5f;
        e[i] = a * x[i] + y[i];   /* exact: every intermediate fits in 24 bits */
    }
    cl_program p = corpus_build(&c, "saxpy.cl", "");
    cl_kernel k = corpus_kernel(&c, p, "saxpy");
    float *dx = corpus_svm(&c, sizeof(x), x, 0);
    float *dy = corpus_svm(&c, sizeof(y), y, 0);
    float *dout = corpus_svm(&c, sizeof(e), NULL, 0xdeadbeef);
    corpus_arg(&c, k, 0, sizeof(a), &a);
    corpus_arg_svm(&c, k, 1, dx);
    corpus_arg_svm(&c, k, 2, dy);
    corpus_arg_svm(&c, k, 3, dout);
    corpus_run1(&c, k, N, 0);
    corpus_expect(&c, "out", dout, e, sizeof(e));
    return corpus_finish(&c);
}
