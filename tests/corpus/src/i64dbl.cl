/* i64dbl: 64-bit integer operations (emulated on Gen9: mul, shifts by
 * variable counts, division) and, when built with -DHAVE_FP64, double
 * add/sub/mul/div/sqrt/conversions (IEEE correctly rounded, one operation per
 * result so contraction cannot apply). */
#define NL 18
#define ND 8

__kernel void i64ops(__global const long *ain, __global const long *bin, __global long *out)
{
    size_t i = get_global_id(0);
    long a = ain[i], b = bin[i];
    ulong ua = (ulong)a, ub = (ulong)b;
    __global long *o = out + i * NL;
    int ok = b != 0 && !(a == LONG_MIN && b == -1);
    o[0] = (long)(ua + ub);
    o[1] = (long)(ua * ub);
    o[2] = (long)(ua << (ub & 63));
    o[3] = a >> (b & 63);
    o[4] = (long)(ua >> (ub & 63));
    o[5] = ok ? a / b : 0;
    o[6] = ok ? a % b : 0;
    o[7] = ub ? (long)(ua / ub) : 0;
    o[8] = ub ? (long)(ua % ub) : 0;
    o[9] = mul_hi(a, b);
    o[10] = (long)mul_hi(ua, ub);
    o[11] = min(a, b);
    o[12] = (long)max(ua, ub);
    o[13] = (long)(int)a * (long)(int)b;
    o[14] = (long)(ua - ub);
    o[15] = (a < b) | ((ua < ub) << 1) | ((a == b) << 2);
    o[16] = popcount(a);
    o[17] = clz(a);
}

#ifdef HAVE_FP64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void dblops(__global const double *xin, __global const double *yin,
                     __global const long *ain, __global double *out)
{
    size_t i = get_global_id(0);
    double x = xin[i], y = yin[i];
    __global double *o = out + i * ND;
    o[0] = x + y;
    o[1] = x * y;
    o[2] = x / y;
    o[3] = sqrt(fabs(x));
    o[4] = (double)ain[i];
    o[5] = (double)(float)x;
    o[6] = x - y;
    o[7] = fmin(x, y);
}
#endif
