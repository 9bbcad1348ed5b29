/*
 * Gen9 EU instruction set, table driven: every register type pair of mov
 * (with and without saturation), the rounding modes of cr0, integer and
 * float ALU opcodes over type combinations, and the opcodes / predication /
 * conditional-modifier / control-flow forms the other EU tests do not run.
 * Kernels are IGA text assembled by iga64 -p=9 (Align16 2-source forms, which
 * iga64 does not assemble, are iga64 output with the access-mode, swizzle
 * and writemask fields rewritten).  Expected values come from the C
 * reference code below, written from seed 001 §2.3 (float modes, NaN and
 * min/max rules) and §2.4 (conversions) and the seed 004 instruction pages,
 * with the host's IEEE arithmetic (and GCC's _Float16) as the rounding
 * oracle -- never from gtsim output.
 */
#include <fenv.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "harness.h"

#define END "wait n0.0:ud\n"

static harness H;
static int setup(void **st) { (void)st; h_init(&H); return 0; }
static int teardown(void **st) { (void)st; h_fini(&H); return 0; }

static void run_ok(void)
{
    int st = h_run(&H);
    if (st)
        fprintf(stderr, "run error: %s\n", H.dev->err);
    assert_int_equal(st, GTSIM_OK);
    assert_int_equal(H.t->state, GT_THREAD_BLOCKED);
}

/* ---- reference model of typed values (seed 001 §2.2, §2.4) ---- */

enum { UB, B, UW, W, UD, D, UQ, Q, HF, F, DF, NTYPES };
static const char *const tname[NTYPES] = {"ub", "b", "uw", "w", "ud", "d", "uq", "q", "hf", "f", "df"};
static const int tsz[NTYPES] = {1, 1, 2, 2, 4, 4, 8, 8, 2, 4, 8};
static int tfloat(int t) { return t >= HF; }

typedef struct {
    int isf;     /* float value in f, else integer in i (u: unsigned 64-bit) */
    double f;
    int64_t i;
    int uns64;   /* i holds a UQ value above INT64_MAX */
} rval;

static uint64_t h2bits(_Float16 h) { uint16_t u; memcpy(&u, &h, 2); return u; }
static _Float16 bits2h(uint64_t b) { uint16_t u = (uint16_t)b; _Float16 h; memcpy(&h, &u, 2); return h; }
static uint64_t f2bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static float bits2f(uint64_t b) { uint32_t u = (uint32_t)b; float f; memcpy(&f, &u, 4); return f; }
static uint64_t d2bits(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
static double bits2d(uint64_t b) { double d; memcpy(&d, &b, 8); return d; }

static rval rv_of(int t, uint64_t raw)
{
    rval v = {0};
    switch (t) {
    case UB: v.i = (uint8_t)raw; break;
    case B: v.i = (int8_t)raw; break;
    case UW: v.i = (uint16_t)raw; break;
    case W: v.i = (int16_t)raw; break;
    case UD: v.i = (uint32_t)raw; break;
    case D: v.i = (int32_t)raw; break;
    case UQ: v.i = (int64_t)raw; v.uns64 = (int64_t)raw < 0; break;
    case Q: v.i = (int64_t)raw; break;
    case HF: v.isf = 1; v.f = (double)bits2h(raw); break;
    case F: v.isf = 1; v.f = bits2f(raw); break;
    default: v.isf = 1; v.f = bits2d(raw); break;
    }
    return v;
}

static const double ilo[NTYPES] = {0, -128, 0, -32768, 0, -2147483648.0, 0, -9223372036854775808.0};
static const double ihi[NTYPES] = {255, 127, 65535, 32767, 4294967295.0, 2147483647,
                                   18446744073709551615.0, 9223372036854775807.0};

/* The destination bits of converting v to type t (mov semantics: seed 001
 * §2.4; sat clamps floats to [0,1] (NaN to 0) and integers to the type's
 * range).  Float results round to nearest even (the default cr0 mode). */
static uint64_t ref_cvt(rval v, int t, int sat)
{
    if (tfloat(t)) {
        if (v.isf) {
            double x = v.f;
            if (sat)
                x = isnan(x) ? 0.0 : x < 0 ? 0.0 : x > 1 ? 1.0 : x;
            if (t == HF) return h2bits((_Float16)x);
            if (t == F) return f2bits((float)x);
            return d2bits(x);
        }
        /* integer to float: one rounding from the exact integer (§2.4.4) */
        uint64_t bits;
        if (t == HF) {
            _Float16 h = v.uns64 ? (_Float16)(uint64_t)v.i : (_Float16)v.i;
            if (sat) h = h < 0 ? (_Float16)0 : h > 1 ? (_Float16)1 : h;
            bits = h2bits(h);
        } else if (t == F) {
            float f = v.uns64 ? (float)(uint64_t)v.i : (float)v.i;
            if (sat) f = f < 0 ? 0.0f : f > 1 ? 1.0f : f;
            bits = f2bits(f);
        } else {
            double d = v.uns64 ? (double)(uint64_t)v.i : (double)v.i;
            if (sat) d = d < 0 ? 0.0 : d > 1 ? 1.0 : d;
            bits = d2bits(d);
        }
        return bits;
    }
    int64_t r;
    if (v.isf) {
        /* float to integer: toward zero, NaN 0, clamp (§2.4.1 table) */
        double x = v.f;
        if (isnan(x)) return 0;
        if (x <= ilo[t]) r = t == UQ ? 0 : (int64_t)ilo[t];
        else if (x >= ihi[t]) return t == UQ ? ~0ull : t == Q ? 0x7fffffffffffffffull : (uint64_t)(int64_t)ihi[t];
        else r = t == UQ ? (int64_t)(uint64_t)trunc(x) : (int64_t)trunc(x);
        return (uint64_t)r & (tsz[t] == 8 ? ~0ull : (1ull << (8 * tsz[t])) - 1);
    }
    r = v.i;
    if (sat) {
        /* clamp to the closest representable value (§2.4.2, §2.4.3) */
        if (v.uns64) {
            if (t == UQ) return (uint64_t)r;
            return t == Q ? 0x7fffffffffffffffull : (uint64_t)(int64_t)ihi[t];
        }
        if (t == UQ) r = r < 0 ? 0 : r;
        else if (t != Q) r = r < (int64_t)ilo[t] ? (int64_t)ilo[t] : r > (int64_t)ihi[t] ? (int64_t)ihi[t] : r;
    }
    return (uint64_t)r & (tsz[t] == 8 ? ~0ull : (1ull << (8 * tsz[t])) - 1);
}

static uint64_t rd(int reg, int sz, int i)
{
    uint64_t v = 0;
    memcpy(&v, H.t->grf + reg * 32 + sz * i, (size_t)sz);
    return v;
}
static void wr(int reg, int sz, int i, uint64_t v) { memcpy(H.t->grf + reg * 32 + sz * i, &v, (size_t)sz); }

/* Compare float bits allowing any NaN for a NaN (seed 001 §2.3.1.1: the NaN
 * bit pattern may change) and the zero sign otherwise exact. */
static int same_bits(int t, uint64_t got, uint64_t exp)
{
    if (t == HF && isnan((double)bits2h(exp))) return isnan((double)bits2h(got));
    if (t == F && isnan(bits2f(exp))) return isnan(bits2f(got));
    if (t == DF && isnan(bits2d(exp))) return isnan(bits2d(got));
    return got == exp;
}

/* Eight input values per source type: zero, extremes, sign boundaries,
 * halfway cases for rounding, NaN, infinities, denormals. */
static const uint64_t inputs[NTYPES][8] = {
    [UB] = {0, 1, 127, 128, 200, 255, 5, 77},
    [B] = {0, 1, 0xff, 127, 0x80, 0xfb, 100, 0x9c},
    [UW] = {0, 1, 255, 256, 32767, 32768, 65535, 1000},
    [W] = {0, 0xffff, 127, 0xff7f, 32767, 0x8000, 255, 0xff00},
    [UD] = {0, 1, 0x7fffffff, 0x80000000u, 0xffffffffu, 65536, 16777217, 255},
    [D] = {0, 0xffffffffu, 0x7fffffff, 0x80000000u, 0xffff0000u, 16777219, 0xfffffed4u, 300},
    [UQ] = {0, 1, ~0ull, 0x8000000000000000ull, 0x100000000ull, 0x7fffffffffffffffull,
            (1ull << 60) + (1ull << 36) + 1, 300},
    [Q] = {0, ~0ull, 0x8000000000000000ull, 0x7fffffffffffffffull, (uint64_t)-4294967296ll,
           4294967296ull, (uint64_t)-300ll, (uint64_t)-((1ll << 60) + (1ll << 36) + 1)},
    [HF] = {0x8000, 0x3800, 0xc500, 0x7c00, 0xfc00, 0x7e00, 0x0001, 0x7bff},
    [F] = {0x80000000u, 0x3f000000u /* 0.5 */, 0xbfd9999au /* -1.7 */, 0x7fc00000u,
           0x7f800000u, 0xcf32d05eu /* -3e9 */, 0x000116c2u /* denorm */, 0x477fe000u /* 65504 */},
    [DF] = {0x8000000000000000ull, 0x3fe8000000000000ull /* 0.75 */,
            0xc060300000000000ull /* -129.5 */, 0x7ff8000000000000ull, 0xfff0000000000000ull,
            0x7e37e43c8800759cull /* 1e300 */, 0x0000000000000001ull,
            0x3ff0000010000000ull /* 1 + 2^-24: tie in float */},
};

/* mov between every pair of register types, with and without saturation. */
static void test_mov_type_matrix(void **st)
{
    (void)st;
    int bad = 0;
    for (int s = 0; s < NTYPES; s++) {
        char text[8192];
        int o = 0;
        const char *reg = tsz[s] == 8 ? "<4;4,1>" : "<8;8,1>";
        for (int d = 0; d < NTYPES; d++)
            for (int sat = 0; sat < 2; sat++)
                o += snprintf(text + o, sizeof text - (size_t)o,
                              "mov (8|M0) %sr%d.0<1>:%s r2.0%s:%s\n", sat ? "(sat)" : "",
                              10 + 2 * d + 40 * sat, tname[d], reg, tname[s]);
        snprintf(text + o, sizeof text - (size_t)o, END);
        h_load(&H, text);
        h_thread(&H, 0xff);
        for (int i = 0; i < 8; i++)
            wr(2, tsz[s], i, inputs[s][i]);
        run_ok();
        for (int d = 0; d < NTYPES; d++)
            for (int sat = 0; sat < 2; sat++)
                for (int i = 0; i < 8; i++) {
                    uint64_t got = rd(10 + 2 * d + 40 * sat, tsz[d], i);
                    uint64_t exp = ref_cvt(rv_of(s, inputs[s][i]), d, sat);
                    if (!same_bits(d, got, exp)) {
                        fprintf(stderr, "mov %s%s <- %s [%d] input 0x%llx: got 0x%llx expected 0x%llx\n",
                                sat ? "(sat) " : "", tname[d], tname[s], i,
                                (unsigned long long)inputs[s][i], (unsigned long long)got,
                                (unsigned long long)exp);
                        bad++;
                    }
                }
    }
    assert_int_equal(bad, 0);
}

/* a (finite) to half under rounding mode rm (0 RTNE, 1 up, 2 down, 3 toward
 * zero): the nearest half, then stepped to the neighbour on the required
 * side (GCC's _Float16 conversion always rounds to nearest). */
static uint16_t half_rm(float a, int rm)
{
    _Float16 h = (_Float16)a;
    uint16_t b = (uint16_t)h2bits(h);
    double hv = (double)h, av = a;
    int up = 0, down = 0;
    if (rm == 1 && hv < av) up = 1;
    if (rm == 2 && hv > av) down = 1;
    if (rm == 3 && fabs(hv) > fabs(av)) { if (av > 0) down = 1; else up = 1; }
    /* one step toward +inf / -inf in the sign-magnitude encoding */
    if (up) b = (b & 0x8000) ? (b == 0x8000 ? 0x0001 : b - 1) : b + 1;
    if (down) b = (b & 0x8000) ? b + 1 : (b == 0 ? 0x8001 : b - 1);
    if (isinf(hv) && rm != 0) {
        /* overflow: RTNE-infinity may have to become the largest finite */
        if ((rm == 3) || (rm == 1 && av < 0) || (rm == 2 && av > 0))
            b = (b & 0x8000) | 0x7bff;
    }
    return b;
}

/* cr0.0[5:4] rounding mode (seed 001 §3.3.3.8 / §2.3.1.2): float results of
 * arithmetic and of conversions to F / HF follow it; float to integer stays
 * toward zero.  The host's IEEE arithmetic under the same mode is the
 * oracle. */
static void test_rounding_modes(void **st)
{
    (void)st;
    static const int hostrm[4] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
    float fa[8] = {1.0f, -1.0f, 3.0f, -3.0f, 16777216.0f, 0.1f, 1e30f, -7.0f};
    float fb[8] = {3e-8f, -3e-8f, 7.0f, 7.0f, 1.0f, 0.2f, 1e30f, 1e-9f};
    int32_t di[8] = {16777217, -16777217, 16777219, -16777219, 0x7fffffff, -0x7fffffff, 33554435, 5};
    for (int rm = 0; rm < 4; rm++) {
        char text[1024];
        snprintf(text, sizeof text,
                 "(W) mov (1|M0) cr0.0<1>:ud 0x%x:ud {Switch}\n"
                 "add (8|M0) r10.0<1>:f r2.0<8;8,1>:f r3.0<8;8,1>:f\n"
                 "mul (8|M0) r11.0<1>:f r2.0<8;8,1>:f r3.0<8;8,1>:f\n"
                 "mov (8|M0) r12.0<1>:f r4.0<8;8,1>:d\n"
                 "mov (8|M0) r13.0<1>:hf r2.0<8;8,1>:f\n"
                 "mov (8|M0) r14.0<1>:d r2.0<8;8,1>:f\n"
                 "mad (8|M0) r15.0<1>:f r2.0<2;1>:f r3.0<2;1>:f r3.0<1>:f\n"
                 END, rm << 4);
        h_load(&H, text);
        h_thread(&H, 0xff);
        for (int i = 0; i < 8; i++) {
            memcpy(H.t->grf + 2 * 32 + 4 * i, &fa[i], 4);
            memcpy(H.t->grf + 3 * 32 + 4 * i, &fb[i], 4);
            memcpy(H.t->grf + 4 * 32 + 4 * i, &di[i], 4);
        }
        run_ok();
        int saved = fegetround();
        fesetround(hostrm[rm]);
        for (int i = 0; i < 8; i++) {
            volatile float a = fa[i], b = fb[i];
            volatile int32_t dv = di[i];
            volatile float sum = a + b, prod = a * b, cvt = (float)dv;
            volatile float fm = fmaf(b, b, a);
            uint32_t e_add = (uint32_t)f2bits(sum), e_mul = (uint32_t)f2bits(prod);
            uint32_t e_cvt = (uint32_t)f2bits(cvt), e_mad = (uint32_t)f2bits(fm);
            uint16_t e_h = half_rm(fa[i], rm);
            fesetround(saved);
            assert_int_equal(rd(10, 4, i), e_add);
            assert_int_equal(rd(11, 4, i), e_mul);
            assert_int_equal(rd(12, 4, i), e_cvt);
            assert_int_equal(rd(13, 2, i), e_h);
            assert_int_equal(rd(14, 4, i), ref_cvt(rv_of(F, f2bits(fa[i])), D, 0));
            assert_int_equal(rd(15, 4, i), e_mad);
            fesetround(hostrm[rm]);
        }
        fesetround(saved);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mov_type_matrix),
        cmocka_unit_test(test_rounding_modes),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
