/* i64div: 64-bit signed and unsigned division and remainder per work-item
 * (see i64div.c for the CPU reference).  Gen9 has no 64-bit divide: IGC
 * emulates it with hundreds of 32-bit instructions per value, the work that
 * dominates the OpenCL-CTS long_math / ulong_math variants. */
__kernel void i64div(__global const long *a, __global const long *b, __global long *out)
{
    size_t i = get_global_id(0);
    long x = a[i], y = b[i];
    ulong ux = (ulong)x, uy = (ulong)y;
    out[4 * i] = x / y;
    out[4 * i + 1] = x % y;
    out[4 * i + 2] = (long)(ux / uy);
    out[4 * i + 3] = (long)(ux % uy);
}
