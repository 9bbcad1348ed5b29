/* mandel: 64x64 Mandelbrot escape counts (max 256 iterations) in Q12 fixed
 * point; 2-D launch 64x64, local size 8x8, scalar int arguments. One launch.
 * Fixed point keeps CPU and GPU bit-identical (no float contraction question). */
#include "corpus.h"

#define W 64
#define H 64
#define FRAC 12
#define MAXIT 256

static int32_t ref_mandel(int32_t cx, int32_t cy)
{
    int32_t zx = 0, zy = 0, n = 0;
    while (n < MAXIT) {
        int32_t x2 = (zx * zx) >> FRAC;   /* >> of a negative int: arithmetic in gcc and OpenCL */
        int32_t y2 = (zy * zy) >> FRAC;
        if (x2 + y2 > (4 << FRAC))
            break;
        int32_t nzy = ((zx * zy) >> (FRAC - 1)) + cy;
        zx = x2 - y2 + cx;
        zy = nzy;
        n++;
    }
    return n;
}

int main(int argc, char **argv)
{
    corpus_t c;
    corpus_init(&c, "mandel", argc, argv);
    /* x in [-2.0, 1.0), y in [-1.5, 1.5), step 3/64 = 192/4096 */
    const int32_t width = W, x0 = -(2 << FRAC), y0 = -(3 << FRAC) / 2, step = 192;
    static int32_t e[W * H];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            e[y * W + x] = ref_mandel(x0 + x * step, y0 + y * step);
    cl_program p = corpus_build(&c, "mandel.cl", "");
    cl_kernel k = corpus_kernel(&c, p, "mandel");
    int32_t *dout = corpus_svm(&c, sizeof(e), NULL, 0xdeadbeef);
    corpus_arg_svm(&c, k, 0, dout);
    corpus_arg(&c, k, 1, sizeof(width), &width);
    corpus_arg(&c, k, 2, sizeof(x0), &x0);
    corpus_arg(&c, k, 3, sizeof(y0), &y0);
    corpus_arg(&c, k, 4, sizeof(step), &step);
    const size_t gws[2] = { W, H }, lws[2] = { 8, 8 };
    corpus_run2(&c, k, gws, lws);
    corpus_expect(&c, "out", dout, e, sizeof(e));
    return corpus_finish(&c);
}
