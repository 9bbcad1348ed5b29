/* mandel: Mandelbrot escape counts on a 64x64 grid, at most 256 iterations,
 * in Q12 fixed point (integer add/mul/shift/compare only, so the result is
 * bit-exact on any device).  Divergent loop trip counts across a SIMD thread.
 * Bounds: before the escape test |zx|,|zy| <= 6.0 (24576 in Q12), so every
 * product fits in 31 bits. */
#define FRAC 12
#define MAXIT 256

__kernel void mandel(__global int *out, int width, int x0, int y0, int step)
{
    int px = (int)get_global_id(0), py = (int)get_global_id(1);
    int cx = x0 + px * step, cy = y0 + py * step;
    int zx = 0, zy = 0, n = 0;
    while (n < MAXIT) {
        int x2 = (zx * zx) >> FRAC;
        int y2 = (zy * zy) >> FRAC;
        if (x2 + y2 > (4 << FRAC))
            break;
        int nzy = ((zx * zy) >> (FRAC - 1)) + cy;
        zx = x2 - y2 + cx;
        zy = nzy;
        n++;
    }
    out[py * width + px] = n;
}
