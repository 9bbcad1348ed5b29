/*
 * EU numeric helpers: half-float conversion with a rounding mode, float to
 * integer conversion (seed 001 §2.4.1), denorm flushing (seed 001 §2.3.1.2).
 * Rounding modes are the cr0.0[5:4] encoding (seed 001 §3.3.3.8):
 * 0 RTNE, 1 RU (toward +inf), 2 RD (toward -inf), 3 RTZ.
 */
#ifndef GT_EU_EXEC_CVT_H
#define GT_EU_EXEC_CVT_H

#include <math.h>
#include <stdint.h>
#include <string.h>

static inline uint32_t gt_f2u(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static inline float gt_u2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static inline uint64_t gt_d2u(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
static inline double gt_u2d(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }

/* IEEE half (HF) to float: exact (denorms kept, seed 001 §2.3.1.2). */
static inline float gt_half_to_float(uint16_t h)
{
    uint32_t s = (uint32_t)(h >> 15) << 31, e = (h >> 10) & 0x1f, m = h & 0x3ff;
    if (e == 0x1f)
        return gt_u2f(s | 0x7f800000u | (m << 13));
    if (e == 0) {
        float v = ldexpf((float)m, -24);
        return s ? -v : v;
    }
    return gt_u2f(s | ((e + 112) << 23) | (m << 13));
}

/* Round a non-negative value m to an integer under rounding mode rm for a
 * number of sign neg. */
static inline double gt_round_mag(double m, int rm, int neg)
{
    double fl = floor(m), d = m - fl;
    switch (rm) {
    case 0: /* RTNE */
        if (d > 0.5 || (d == 0.5 && fmod(fl, 2.0) != 0.0))
            fl += 1.0;
        return fl;
    case 1: return neg ? fl : (d > 0 ? fl + 1.0 : fl);  /* toward +inf */
    case 2: return neg ? (d > 0 ? fl + 1.0 : fl) : fl;  /* toward -inf */
    default: return fl;                                 /* toward zero */
    }
}

/* double (or float) to IEEE half bits with rounding mode rm. */
static inline uint16_t gt_double_to_half(double v, int rm)
{
    if (isnan(v))
        return 0x7e00;
    int neg = signbit(v) != 0;
    uint16_t s = neg ? 0x8000 : 0;
    double a = fabs(v);
    if (isinf(a))
        return s | 0x7c00;
    if (a == 0)
        return s;
    int e;
    frexp(a, &e);           /* a = f * 2^e, f in [0.5,1) -> unbiased exponent e-1 */
    int ue = e - 1;
    if (ue < -14)
        ue = -14;
    double q = ldexp(1.0, ue - 10);       /* one unit in the last place */
    double r = gt_round_mag(a / q, rm, neg) * q;
    if (r >= 65536.0 || (r > 65504.0)) {
        /* overflow: to inf, or to the largest finite value when rounding away from inf */
        int to_inf = rm == 0 || (rm == 1 && !neg) || (rm == 2 && neg);
        return s | (to_inf ? 0x7c00 : 0x7bff);
    }
    if (r == 0)
        return s;
    if (r < ldexp(1.0, -14))
        return s | (uint16_t)(r / ldexp(1.0, -24));   /* subnormal */
    frexp(r, &e);
    ue = e - 1;
    uint32_t mant = (uint32_t)(r / ldexp(1.0, ue - 10)) - 1024;
    return s | (uint16_t)(((ue + 15) << 10) | mant);
}

/* Flush a float denorm to a sign-preserving zero. */
static inline float gt_ftz(float f)
{
    uint32_t u = gt_f2u(f);
    if ((u & 0x7f800000u) == 0 && (u & 0x007fffffu))
        return gt_u2f(u & 0x80000000u);
    return f;
}
static inline double gt_dftz(double d)
{
    uint64_t u = gt_d2u(d);
    if ((u & 0x7ff0000000000000ull) == 0 && (u & 0x000fffffffffffffull))
        return gt_u2d(u & 0x8000000000000000ull);
    return d;
}

/* Float to integer (seed 001 §2.4.1): round toward zero, NaN -> 0, values
 * outside [lo, hi] clamp to lo / hi. */
static inline int64_t gt_fp_to_int(double v, double lo, double hi)
{
    if (isnan(v))
        return 0;
    if (v <= lo)
        return (int64_t)lo;
    if (v >= hi)
        return (int64_t)hi;
    return (int64_t)trunc(v);
}

#endif
