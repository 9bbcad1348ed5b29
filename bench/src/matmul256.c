/* matmul256: 256x256 float matrix multiply with 16x16 tiles in local memory
 * and barriers (bench/, issue 12); 2-D launch 256x256, local 16x16.  Entries
 * are integers in [-4, 4], so every product and partial sum (|sum| <= 4096)
 * is exact and neither summation order nor mad fusion changes the result. */
#include "corpus.h"

#define M 256

int main(int argc, char **argv)
{
    corpus_t c;
    corpus_init(&c, "matmul256", argc, argv);
    static float a[M * M], b[M * M], e[M * M];
    uint32_t st = 0x0badf00d;
    for (int i = 0; i < M * M; i++) {
        a[i] = (float)((int)(corpus_rand(&st) % 9) - 4);
        b[i] = (float)((int)(corpus_rand(&st) % 9) - 4);
    }
    for (int r = 0; r < M; r++)
        for (int col = 0; col < M; col++) {
            float acc = 0.0f;
            for (int k = 0; k < M; k++)
                acc += a[r * M + k] * b[k * M + col];
            e[r * M + col] = acc;
        }
    const int32_t n = M;
    cl_program p = corpus_build(&c, "matmul256.cl", "");
    cl_kernel k = corpus_kernel(&c, p, "matmul_tiled");
    float *da = corpus_svm(&c, sizeof(a), a, 0);
    float *db = corpus_svm(&c, sizeof(b), b, 0);
    float *dc = corpus_svm(&c, sizeof(e), NULL, 0xdeadbeef);
    corpus_arg_svm(&c, k, 0, da);
    corpus_arg_svm(&c, k, 1, db);
    corpus_arg_svm(&c, k, 2, dc);
    corpus_arg(&c, k, 3, sizeof(n), &n);
    const size_t gws[2] = { M, M }, lws[2] = { 16, 16 };
    corpus_run2(&c, k, gws, lws);
    corpus_expect(&c, "c", dc, e, sizeof(e));
    return corpus_finish(&c);
}
