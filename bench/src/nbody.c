/* nbody: one step of an n-body force sum over 2,048 bodies with rsqrt
 * (bench/, issue 12): each work-item sums the accelerations from all bodies
 * in index order and writes acceleration and the advanced position.
 * Bit-exact by construction: the kernel disables contraction (FP_CONTRACT
 * OFF) and the host compiles with -ffp-contract=off, so every add and mul is
 * one correctly rounded float operation in the same order on both sides;
 * rsqrt is taken as the correctly rounded 1/sqrt (float of the double
 * result), which is what gtsim's math.rsq computes (a GPU or CPU OpenCL
 * with a less exact rsqrt differs in the last bits). */
#include <math.h>
#include "corpus.h"

#define N 2048
#define EPS 0.01f
#define DT 0.001f

int main(int argc, char **argv)
{
    corpus_t c;
    corpus_init(&c, "nbody", argc, argv);
    static float pos[4 * N], e_acc[4 * N], e_pos[4 * N];
    uint32_t st = 0x7531abcd;
    for (int i = 0; i < N; i++) {
        for (int k = 0; k < 3; k++)
            pos[4 * i + k] = (float)((int)(corpus_rand(&st) % 2001) - 1000) / 64.0f;
        pos[4 * i + 3] = (float)(corpus_rand(&st) % 16 + 1) / 16.0f;   /* mass */
    }
    for (int i = 0; i < N; i++) {
        float px = pos[4 * i], py = pos[4 * i + 1], pz = pos[4 * i + 2];
        float ax = 0.0f, ay = 0.0f, az = 0.0f;
        for (int j = 0; j < N; j++) {
            float dx = pos[4 * j] - px, dy = pos[4 * j + 1] - py, dz = pos[4 * j + 2] - pz;
            float r2 = dx * dx + dy * dy;
            r2 = r2 + dz * dz;
            r2 = r2 + EPS;
            float inv = (float)(1.0 / sqrt((double)r2));
            float inv3 = inv * inv;
            inv3 = inv3 * inv;
            float s = pos[4 * j + 3] * inv3;
            ax = ax + dx * s;
            ay = ay + dy * s;
            az = az + dz * s;
        }
        e_acc[4 * i] = ax; e_acc[4 * i + 1] = ay; e_acc[4 * i + 2] = az; e_acc[4 * i + 3] = 0.0f;
        e_pos[4 * i] = px + ax * DT; e_pos[4 * i + 1] = py + ay * DT;
        e_pos[4 * i + 2] = pz + az * DT; e_pos[4 * i + 3] = pos[4 * i + 3];
    }
    cl_program p = corpus_build(&c, "nbody.cl", "");
    cl_kernel k = corpus_kernel(&c, p, "nbody");
    float *dpos = corpus_svm(&c, sizeof(pos), pos, 0);
    float *dacc = corpus_svm(&c, sizeof(e_acc), NULL, 0xdeadbeef);
    float *dnew = corpus_svm(&c, sizeof(e_pos), NULL, 0xdeadbeef);
    const int32_t n = N;
    corpus_arg_svm(&c, k, 0, dpos);
    corpus_arg_svm(&c, k, 1, dacc);
    corpus_arg_svm(&c, k, 2, dnew);
    corpus_arg(&c, k, 3, sizeof(n), &n);
    corpus_run1(&c, k, N, 128);
    corpus_expect(&c, "acc", dacc, e_acc, sizeof(e_acc));
    corpus_expect(&c, "pos", dnew, e_pos, sizeof(e_pos));
    return corpus_finish(&c);
}
