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

/* Built for Gen12LP too (tests/euexec12, EU_GEN12: the tgllp harness):
 * kernels end in sync.bar, which blocks as wait n0.0 does. */
#ifdef EU_GEN12
#pragma GCC diagnostic ignored "-Wunused-function" /* the Gen9-only tests below */
#define END "sync.bar null\n"
#else
#define END "wait n0.0:ud\n"
#endif
#define FLT_MAX_ 0x1.fffffep127f

static harness H;
static int setup(void **st) { (void)st; h_init(&H); return 0; }
static int teardown(void **st) { (void)st; h_fini(&H); return 0; }

static void run_ok(void) { h_run_ok(&H); }

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

/* No direct conversion B/UB <-> DF, Q/UQ and HF <-> DF, Q/UQ (seed 004 mov
 * programming notes). */
static int mov_pair_allowed(int s, int d)
{
    int s64 = s == DF || s == UQ || s == Q, d64 = d == DF || d == UQ || d == Q;
    int sb = s == UB || s == B || s == HF, dbt = d == UB || d == B || d == HF;
    return !((sb && d64) || (s64 && dbt));
}

/* Destination stride of mov: a byte destination of a conversion is strided
 * by the execution type (a packed byte destination is for raw moves only,
 * seed 004 mov); other destinations are packed. */
static int mov_dst_stride(int s, int d, int sat)
{
    if ((d == UB || d == B) && (s != d || sat))
        return tsz[s] < 2 ? 2 : tsz[s];
    return 1;
}

/* mov between every pair of register types the ISA allows, with and
 * without saturation; the pairs it does not allow and a packed byte
 * destination of a conversion raise an illegal-instruction report naming
 * the rule. */
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
                if (mov_pair_allowed(s, d))
                    o += snprintf(text + o, sizeof text - (size_t)o,
                                  "mov (8|M0) %sr%d.0<%d>:%s r2.0%s:%s\n", sat ? "(sat)" : "",
                                  10 + 2 * d + 40 * sat, mov_dst_stride(s, d, sat), tname[d],
                                  reg, tname[s]);
        snprintf(text + o, sizeof text - (size_t)o, END);
        h_load(&H, text);
        h_thread(&H, 0xff);
        for (int i = 0; i < 8; i++)
            wr(2, tsz[s], i, inputs[s][i]);
        run_ok();
        for (int d = 0; d < NTYPES; d++)
            for (int sat = 0; sat < 2; sat++)
                for (int i = 0; i < 8 && mov_pair_allowed(s, d); i++) {
                    uint64_t got = rd(10 + 2 * d + 40 * sat, tsz[d] * mov_dst_stride(s, d, sat), i) &
                                   (tsz[d] == 8 ? ~0ull : (1ull << (8 * tsz[d])) - 1);
                    uint64_t exp = ref_cvt(rv_of(s, inputs[s][i]), d, sat);
                    if (!same_bits(d, got, exp)) {
                        fprintf(stderr, "mov %s%s <- %s [%d] input 0x%llx: got 0x%llx expected 0x%llx\n",
                                sat ? "(sat) " : "", tname[d], tname[s], i,
                                (unsigned long long)inputs[s][i], (unsigned long long)got,
                                (unsigned long long)exp);
                        bad++;
                    }
                }
        /* the disallowed pairs and packed byte conversions stop the thread */
        for (int d = 0; d < NTYPES; d++) {
            int packed = (d == UB || d == B) && s != d;
            if (mov_pair_allowed(s, d) && !packed)
                continue;
            char one[256];
            snprintf(one, sizeof one, "mov (8|M0) r10.0<1>:%s r2.0%s:%s\n" END, tname[d], reg,
                     tname[s]);
            h_load(&H, one);
            h_thread(&H, 0xff);
            int st2 = h_run(&H);
            const char *rule = !mov_pair_allowed(s, d) ? "no direct conversion"
                                                       : "packed byte destination";
            if (st2 != GTSIM_ERR_ILLEGAL || !strstr(H.dev->err, rule)) {
                fprintf(stderr, "mov %s <- %s: status %d, report: %s\n", tname[d], tname[s], st2,
                        H.dev->err);
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
 * oracle.  Not the math functions: "The only supported rounding mode for
 * math instruction is Round to Nearest Even" (seed 004 math), so inv(7),
 * sqrt and fdiv are the host's correctly rounded results in its default
 * mode.  The rounds to an integral value are exact, so no mode changes
 * them, nor the sign of a zero result (IEEE roundToIntegral keeps the
 * source's: floor(+0) = +0, ceil(-0.25) = -0); frc's result "is in the
 * range [0.0, 1.0] irrespective of the rounding mode" (seed 004 frc), +0
 * for an integral source.  The tables below are worked out by hand, F
 * denormals kept (cr0.0 bit 7). */
static const float rnd_in[8] = {0.0f, -0.0f, 0x1p-140f, -0x1p-140f, -0.25f, 2.5f, -2.5f, 0.75f};
static const float rnd_want[5][8] = {
    {0.0f, -0.0f, 0.0f, -1.0f, -1.0f, 2.0f, -3.0f, 0.0f},                 /* rndd */
    {0.0f, -0.0f, 1.0f, -0.0f, -0.0f, 3.0f, -2.0f, 1.0f},                 /* rndu */
    {0.0f, -0.0f, 0.0f, -0.0f, -0.0f, 2.0f, -2.0f, 1.0f},                 /* rnde */
    {0.0f, -0.0f, 0.0f, -0.0f, -0.0f, 2.0f, -2.0f, 0.0f},                 /* rndz */
    {0.0f, 0.0f, 0x1p-140f, 0x1.fffffep-1f, 0.75f, 0.5f, 0.5f, 0.75f},   /* frc */
};
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
                 "math.inv (8|M0) r16.0<1>:f r3.0<8;8,1>:f\n"
                 "math.sqt (8|M0) r17.0<1>:f (abs)r3.0<8;8,1>:f\n"
                 "math.fdiv (8|M0) r18.0<1>:f r2.0<8;8,1>:f r3.0<8;8,1>:f\n"
                 "rndd (8|M0) r19.0<1>:f r5.0<8;8,1>:f\n"
                 "rndu (8|M0) r20.0<1>:f r5.0<8;8,1>:f\n"
                 "rnde (8|M0) r21.0<1>:f r5.0<8;8,1>:f\n"
                 "rndz (8|M0) r22.0<1>:f r5.0<8;8,1>:f\n"
                 "frc (8|M0) r23.0<1>:f r5.0<8;8,1>:f\n"
                 END, rm << 4 | 0x80);
        h_load(&H, text);
        h_thread(&H, 0xff);
        for (int i = 0; i < 8; i++) {
            memcpy(H.t->grf + 2 * 32 + 4 * i, &fa[i], 4);
            memcpy(H.t->grf + 3 * 32 + 4 * i, &fb[i], 4);
            memcpy(H.t->grf + 4 * 32 + 4 * i, &di[i], 4);
            memcpy(H.t->grf + 5 * 32 + 4 * i, &rnd_in[i], 4);
        }
        run_ok();
        for (int i = 0; i < 8; i++) {
            volatile float a = fa[i], b = fb[i];   /* (the host's default mode here) */
            volatile float inv = 1.0f / b, sq = sqrtf(fabsf(b)), q = a / b;
            assert_int_equal(rd(16, 4, i), (uint32_t)f2bits(inv));
            assert_int_equal(rd(17, 4, i), (uint32_t)f2bits(sq));
            assert_int_equal(rd(18, 4, i), (uint32_t)f2bits(q));
            for (int k = 0; k < 5; k++)
                if (rd(19 + k, 4, i) != (uint32_t)f2bits(rnd_want[k][i]))
                    fail_msg("cr0 rounding mode %d: %s(%a) = 0x%08x, want %a", rm,
                             (const char *[]){"rndd", "rndu", "rnde", "rndz", "frc"}[k], (double)rnd_in[i],
                             (unsigned)rd(19 + k, 4, i), (double)rnd_want[k][i]);
        }
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


/* movi (seed 004 movi): channel n takes the element at byte a0.n[4:0] of
 * register a0.0[11:5]; line, pln, dp2/dp3/dp4/dph; sad2/sada2; nop;
 * math idiv both (quotient in dst, remainder in the next register). */
/* sel with a QWord destination and byte sources (IGC's Gen9 clamp of
 * OpenCL convert_ulong_sat(char): max(x, 0) sign-extended to 64 bits); the
 * B/UB <-> Q/UQ conversion rule is mov's only (seed 004 mov) */
static void test_sel_qword_from_byte(void **st)
{
    (void)st;
    static const int8_t in[8] = {-3, 5, 0, -128, 127, 1, -1, 2};
    h_load(&H, "sel (8|M0) (ge)f0.0 r10.0<1>:q r2.0<8;8,1>:b 0:w\n" END);
    h_thread(&H, 0xff);
    for (int i = 0; i < 8; i++)
        wr(2, 1, i, (uint8_t)in[i]);
    run_ok();
    for (int i = 0; i < 8; i++)
        assert_int_equal((int64_t)rd(10, 8, i), in[i] > 0 ? in[i] : 0);
}

static void test_misc_opcodes(void **st)
{
    (void)st;
    h_load(&H,
           "(W) mov (8|M0) a0.0<1>:uw r4.0<8;8,1>:uw\n"
           "movi (8|M0) r10.0<1>:ud r[a0.0]<1,0>:ud\n"
           "nop\n"
           "line (8|M0) r11.0<1>:f r5.0<0;1,0>:f r6.0<8;8,1>:f\n"
           "pln (8|M0) r12.0<1>:f r5.0<0;1,0>:f r6.0<8;8,1>:f\n"
           "dp4 (8|M0) r13.0<1>:f r6.0<8;8,1>:f r7.0<8;8,1>:f\n"
           "dp3 (8|M0) r14.0<1>:f r6.0<8;8,1>:f r7.0<8;8,1>:f\n"
           "dp2 (8|M0) r15.0<1>:f r6.0<8;8,1>:f r7.0<8;8,1>:f\n"
           "dph (8|M0) r16.0<1>:f r6.0<8;8,1>:f r7.0<8;8,1>:f\n"
           "sad2 (8|M0) r17.0<1>:uw r8.0<8;8,1>:ub r8.8<8;8,1>:ub\n"
           "mov (8|M0) acc0.0<1>:uw 100:uw\n"
           "sada2 (8|M0) r18.0<1>:uw r8.0<8;8,1>:ub r8.8<8;8,1>:ub\n"
           "math.idiv (8|M0) r20.0<1>:d r22.0<8;8,1>:d r23.0<8;8,1>:d\n"
           "math.idiv (8|M0) r24.0<1>:ud r22.0<8;8,1>:ud r23.0<8;8,1>:ud\n"
           END);
    h_thread(&H, 0xff);
    uint16_t a0v[8] = {3 * 32 + 0, 3 * 32 + 28, 3 * 32 + 4, 3 * 32 + 4, 3 * 32 + 16, 3 * 32 + 31,
                       3 * 32 + 8, 3 * 32 + 12};
    for (int i = 0; i < 8; i++) {
        h_ud(&H, 3)[i] = 0xA0000000u + (uint32_t)i;
        h_uw(&H, 4)[i] = a0v[i];
        h_f(&H, 6)[i] = (float)(i + 1);
        h_f(&H, 7)[i] = (float)(2 * i - 5);
    }
    h_f(&H, 5)[0] = 2.0f; h_f(&H, 5)[1] = 0.5f; h_f(&H, 5)[3] = 3.0f;
    uint8_t b0[8] = {10, 7, 200, 9, 0, 3, 255, 1}, b1[8] = {3, 7, 250, 9, 255, 3, 0, 1};
    for (int i = 0; i < 8; i++) {
        h_ub(&H, 8)[i] = b0[i];
        h_ub(&H, 8)[8 + i] = b1[i];
    }
    int32_t nn[8] = {7, -7, 7, -7, 100, INT32_MIN, 5, 0};
    int32_t dd[8] = {2, 2, -2, -2, 7, -1, 0, 3};
    for (int i = 0; i < 8; i++) {
        h_d(&H, 22)[i] = nn[i];
        h_d(&H, 23)[i] = dd[i];
    }
    run_ok();
    for (int i = 0; i < 8; i++) {
        /* movi: DWord element at (a0.i & 31) aligned to 4 of r3 */
        assert_int_equal(h_ud(&H, 10)[i], 0xA0000000u + (uint32_t)((a0v[i] & 31) / 4));
        float x = (float)(i + 1), y = (float)(2 * i - 5);
        assert_true(h_f(&H, 11)[i] == 2.0f * x + 3.0f);
        assert_true(h_f(&H, 12)[i] == 2.0f * x + 0.5f * y + 3.0f);  /* src1' = r7 */
        int g = i & ~3;
        float d4 = 0, d3 = 0, d2 = 0;
        for (int k = 0; k < 4; k++) {
            float p = (float)(g + k + 1) * (float)(2 * (g + k) - 5);
            d4 += p;
            if (k < 3) d3 += p;
            if (k < 2) d2 += p;
        }
        assert_true(h_f(&H, 13)[i] == d4);
        assert_true(h_f(&H, 14)[i] == d3);
        assert_true(h_f(&H, 15)[i] == d2);
        assert_true(h_f(&H, 16)[i] == d3 + (float)(2 * (g + 3) - 5));
        (void)y;
    }
    /* sad2: even channels hold |a[n]-b[n]| + |a[n+1]-b[n+1]|; the inputs
     * make odd bytes equal so both the byte-pair reading and a per-channel
     * reading agree on the even channels */
    for (int i = 0; i < 8; i += 2) {
        int sad = abs(b0[i] - b1[i]) + abs(b0[i + 1] - b1[i + 1]);
        assert_int_equal(h_uw(&H, 17)[i], sad);
        assert_int_equal(h_uw(&H, 18)[i], sad + 100);
    }
    /* integer divide (seed 004 math: quotient toward zero, remainder with
     * the dividend's sign; both: remainder in the register after dst) */
    for (int i = 0; i < 7; i++) {
        if (dd[i] == 0 || (nn[i] == INT32_MIN && dd[i] == -1))
            continue;
        assert_int_equal(h_d(&H, 20)[i], nn[i] / dd[i]);
        assert_int_equal(h_d(&H, 21)[i], nn[i] % dd[i]);
        uint32_t un = (uint32_t)nn[i], ud = (uint32_t)dd[i];
        assert_int_equal(h_ud(&H, 24)[i], un / ud);
        assert_int_equal(h_ud(&H, 25)[i], un % ud);
    }
}

/* ALT float mode (cr0.0 bit 0, seed 001 §2.3.2): infinite results of
 * arithmetic become +-fmax, log/rsq/sqrt take |src|; mov is unaffected. */
static void test_alt_mode(void **st)
{
    (void)st;
    h_load(&H,
           "(W) mov (1|M0) cr0.0<1>:ud 0x1:ud {Switch}\n"
           "mul (8|M0) r10.0<1>:f r2.0<8;8,1>:f r3.0<8;8,1>:f\n"
           "math.sqt (8|M0) r11.0<1>:f r4.0<8;8,1>:f\n"
           "math.log (8|M0) r12.0<1>:f r4.0<8;8,1>:f\n"
           "mov (8|M0) r13.0<1>:f r5.0<8;8,1>:f\n"
           "(W) mov (1|M0) cr0.0<1>:ud 0x0:ud {Switch}\n"
           "mul (8|M0) r14.0<1>:f r2.0<8;8,1>:f r3.0<8;8,1>:f\n"
           END);
    h_thread(&H, 0xff);
    for (int i = 0; i < 8; i++) {
        h_f(&H, 2)[i] = (i & 1) ? -1e30f : 1e30f;
        h_f(&H, 3)[i] = 1e20f * (float)(i + 1);
        h_f(&H, 4)[i] = -(float)(1 << i);
        h_f(&H, 5)[i] = (i & 1) ? -INFINITY : INFINITY;
    }
    run_ok();
    for (int i = 0; i < 8; i++) {
        assert_true(h_f(&H, 10)[i] == ((i & 1) ? -FLT_MAX_ : FLT_MAX_));
        assert_true(h_f(&H, 11)[i] == sqrtf((float)(1 << i)));
        assert_true(h_f(&H, 12)[i] == (float)i);
        assert_true(isinf(h_f(&H, 13)[i]));
        assert_true(isinf(h_f(&H, 14)[i]));
    }
}

/* Align1 group predication (seed 001 predication: anyNh/allNh over groups
 * of N channels, anyv/allv over the ExecSize), inverted, on f1.0 and f0.1,
 * with QtrCtrl/NibCtrl offsets. */
static void test_pred_groups(void **st)
{
    (void)st;
    static const char *const form[] = {"anyv", "allv", "any2h", "all2h", "any4h", "all4h",
                                       "any8h", "all8h", "any16h", "all16h", "any32h", "all32h"};
    static const int gsz[] = {0, 0, 2, 2, 4, 4, 8, 8, 16, 16, 32, 32};
    const uint32_t flag = 0xff003f01u;  /* per channel bit (f0.1: 0x00 / 0xff halves) */
    for (int f = 0; f < 12; f++)
        for (int inv = 0; inv < 2; inv++) {
            char text[512];
            /* SIMD32 over r10..r13 (words), and SIMD8 at M8 on f0.1 */
            snprintf(text, sizeof text,
                     "(W) mov (1|M0) f1.0<1>:ud 0x%x:ud\n"
                     "(W) mov (1|M0) f0.1<1>:uw 0x%x:uw\n"
                     "(%sf1.0.%s) mov (32|M0) r10.0<1>:w 1:w\n"
                     "(%sf0.1.%s) mov (8|M8) r12.0<1>:d 1:d\n" END,
                     flag, flag >> 16, inv ? "~" : "", form[f], inv ? "~" : "", form[f]);
            h_load(&H, text);
            h_thread(&H, 0xffffffffu);
            run_ok();
            for (int ch = 0; ch < 32; ch++) {
                int gs = gsz[f] ? gsz[f] : 32, g0 = ch / gs * gs;
                uint32_t gm = gs >= 32 ? ~0u : ((1u << gs) - 1) << g0;
                int all = f & 1;
                int v = all ? (flag & gm) == gm : (flag & gm) != 0;
                v ^= inv;
                assert_int_equal(h_uw(&H, 10)[ch], v ? 1 : 0);
            }
            /* f0.1 (bits of flag >> 16), channels 8..15: predicate bit c-8+8;
             * the anyNh/allNh groups are aligned groups of N channels
             * whatever the ExecSize (IGC's `(W&f0.0.any16h) add (1|M0)`
             * tests all 16 bits), their flag bits continuing into f1.0
             * past f0.1 (any32h) */
            uint32_t f01 = (flag >> 16) & 0xffff;
            uint32_t f32 = f01 | (flag & 0xffffu) << 16;
            for (int i = 0; i < 8; i++) {
                int ch = 8 + i;
                int gs = gsz[f] ? gsz[f] : 8;
                if (gs > 8 && f < 2) gs = 8;
                int g0, glen;
                if (!gsz[f]) { g0 = 8; glen = 8; }
                else { g0 = ch / gs * gs; glen = gs; }
                uint32_t gm = 0;
                for (int c = g0; c < g0 + glen; c++) gm |= 1u << c;
                int all = f & 1;
                int v = all ? (f32 & gm) == gm : (f32 & gm) != 0;
                v ^= inv;
                assert_int_equal(h_d(&H, 12)[i], v ? 1 : 0);
            }
        }
}

/* Conditional modifiers le, o (integer overflow), u (unordered), ExecSize 2
 * and 1 with a scalar flag, cmp into a null destination on f1.1. */
static void test_cond_forms(void **st)
{
    (void)st;
    h_load(&H,
           "cmp (2|M0) (le)f1.1 null<1>:f r2.0<2;2,1>:f r3.0<2;2,1>:f\n"
           "cmp (8|M0) (le)f0.0 null<1>:f r2.0<8;8,1>:f r3.0<8;8,1>:f\n"
           "cmp (8|M0) (un)f0.1 null<1>:f r2.0<8;8,1>:f r3.0<8;8,1>:f\n"
           "add (8|M0) (ov)f1.0 r10.0<1>:d r4.0<8;8,1>:d r5.0<8;8,1>:d\n"
           "(W) mov (1|M0) r11.0<1>:ud f1.1<0;1,0>:uw\n"
           "(W) mov (1|M0) r11.1<1>:ud f0.0<0;1,0>:uw\n"
           "(W) mov (1|M0) r11.2<1>:ud f0.1<0;1,0>:uw\n"
           "(W) mov (1|M0) r11.3<1>:ud f1.0<0;1,0>:uw\n"
           END);
    h_thread(&H, 0xff);
    float a[8] = {1, 2, NAN, -0.0f, INFINITY, 3, NAN, -1};
    float b[8] = {1, 1, 0, 0.0f, INFINITY, NAN, NAN, -2};
    int32_t x[8] = {0x7fffffff, 1, INT32_MIN, -1, 5, INT32_MIN, 0x40000000, -5};
    int32_t y[8] = {1, 1, -1, -1, -10, INT32_MIN, 0x40000000, 3};
    for (int i = 0; i < 8; i++) {
        h_f(&H, 2)[i] = a[i]; h_f(&H, 3)[i] = b[i];
        h_d(&H, 4)[i] = x[i]; h_d(&H, 5)[i] = y[i];
    }
    run_ok();
    uint32_t le = 0, un = 0, ov = 0;
    for (int i = 0; i < 8; i++) {
        /* seed 001 §2.3.1.1: ordered compares are false with a NaN */
        le |= (uint32_t)(!isnan(a[i]) && !isnan(b[i]) && a[i] <= b[i]) << i;
        un |= (uint32_t)(isnan(a[i]) || isnan(b[i])) << i;
        int64_t s = (int64_t)x[i] + y[i];
        ov |= (uint32_t)(s != (int32_t)s) << i;
    }
    assert_int_equal(h_ud(&H, 11)[0], le & 3);
    assert_int_equal(h_ud(&H, 11)[1], le);
    assert_int_equal(h_ud(&H, 11)[2], un);
    assert_int_equal(h_ud(&H, 11)[3], ov);
}

/* Control flow with divergent channels (seed 004 if/else/endif, calla,
 * call/ret, brc, brd, halt, cont/while pseudocode: per-channel PcIP). */
static void test_cf_divergent(void **st)
{
    (void)st;
    h_load(&H,
           "(W) mov (1|M0) f0.0<1>:uw 0x0f:uw\n"
           "(f0.0) if (8|M0) LELSE LENDIF\n"
           "mov (8|M0) r10.0<1>:d 1:d\n"
           "else (8|M0) LENDIF LENDIF\n"
           "LELSE:\n"   /* if's JIP: the first instruction of the else block */
           "mov (8|M0) r10.0<1>:d 2:d\n"
           "LENDIF:\n"
           "endif (8|M0) LNEXT\n"
           "LNEXT:\n"
           "(f0.0) calla (8|M0) r20.0 LSUB\n"
           "(f0.0) call (8|M0) r21.0 LSUB2\n"
           "(f0.0) brc (8|M0) LU LU\n"
           "mov (8|M0) r15.0<1>:d 1:d\n"
           "LU:\n"
           "mov (8|M0) r16.0<1>:d 2:d\n"
           "(f0.0) halt (8|M0) LH LH\n"
           "mov (8|M0) r19.0<1>:d 4:d\n"
           "LH:\n"
           "mov (8|M0) r22.0<1>:d 5:d\n"
           END
           "LSUB:\n"
           "mov (8|M0) r17.0<1>:d 9:d\n"
           "ret (8|M0) r20.0\n"
           "LSUB2:\n"
           "mov (8|M0) r18.0<1>:d 8:d\n"
           "ret (8|M0) r21.0\n");
    /* calla targets are IPs from the instruction base: put the kernel there */
    H.disp.instruction_base = KERNEL_GVA;
    h_thread(&H, 0xff);
    run_ok();
    H.disp.instruction_base = 0;
    for (int i = 0; i < 8; i++) {
        int p = i < 4;
        assert_int_equal(h_d(&H, 10)[i], p ? 1 : 2);
        assert_int_equal(h_d(&H, 17)[i], p ? 9 : 0);
        assert_int_equal(h_d(&H, 18)[i], p ? 8 : 0);
        assert_int_equal(h_d(&H, 15)[i], p ? 0 : 1);
        assert_int_equal(h_d(&H, 16)[i], 2);
        assert_int_equal(h_d(&H, 19)[i], p ? 0 : 4);
        assert_int_equal(h_d(&H, 22)[i], 5);
    }
    /* call's return value: the return IP, then the CallMask (seed 004 calla) */
    assert_int_equal(h_ud(&H, 21)[1], 0x0f);

    /* brd (seed 004 brd): the predicated channels jump, the others wait at
     * the next instruction and rejoin when execution comes back there */
    h_load(&H,
           "(W) mov (1|M0) f0.0<1>:uw 0x0f:uw\n"
           "(f0.0) brd (8|M0) LB\n"
           "LA:\n"
           "mov (8|M0) r14.0<1>:d 3:d\n"
           "(W) jmpi (1|M0) LEND\n"
           "LB:\n"
           "mov (8|M0) r13.0<1>:d 2:d\n"
           "(W) jmpi (1|M0) LA\n"
           "LEND:\n"
           END);
    h_thread(&H, 0xff);
    run_ok();
    for (int i = 0; i < 8; i++) {
        assert_int_equal(h_d(&H, 13)[i], i < 4 ? 2 : 0);
        assert_int_equal(h_d(&H, 14)[i], 3);
    }

    /* cont: channels 0-3 skip the rest of each iteration, three iterations */
    h_load(&H,
           "(W) mov (1|M0) f0.0<1>:uw 0x0f:uw\n"
           "(W) mov (1|M0) r30.0<1>:d 0:d\n"
           "LOOP:\n"
           "(W) add (1|M0) r30.0<1>:d r30.0<0;1,0>:d 1:d\n"
           "(W) cmp (8|M0) (lt)f1.0 null<1>:d r30.0<0;1,0>:d 3:d\n"
           "(f0.0) cont (8|M0) LWHILE LWHILE\n"
           "add (8|M0) r18.0<1>:d r18.0<8;8,1>:d 1:d\n"
           "LWHILE:\n"
           "(f1.0) while (8|M0) LOOP\n"
           END);
    h_thread(&H, 0xff);
    run_ok();
    for (int i = 0; i < 8; i++)
        assert_int_equal(h_d(&H, 18)[i], i < 4 ? 0 : 3);
}

/* brd / brc / ret with register operands (seed 004 brd: JIP a scalar
 * DWord in src0; brc: JIP, UIP a DWord pair in src0 read as <2;2,1>; both
 * bytes from the branch's own IP; ret: the return IP in src0's first
 * channel).  Every instruction is 16 bytes (iga64 -a does not compact), so
 * the offsets below count instructions x 16. */
static void test_cf_branch_register(void **st)
{
    (void)st;
    /* brd at byte 48 jumps to LB at byte 96: offset 48, from r2.1 directly
     * or through r[a0.0,4] with a0.0 = 64 (r2.0) */
    static const char *const brd[] = {"(f0.0) brd (8|M0) r2.1\n", "(f0.0) brd (8|M0) r[a0.0,4]\n"};
    for (int v = 0; v < 2; v++) {
        char text[1024];
        snprintf(text, sizeof text,
                 "(W) mov (1|M0) f0.0<1>:uw 0x0f:uw\n"        /* 0 */
                 "(W) mov (1|M0) r2.1<1>:d 48:d\n"            /* 16 */
                 "(W) mov (1|M0) a0.0<1>:uw 64:uw\n"          /* 32 */
                 "%s"                                         /* 48 */
                 "LA:\n"
                 "mov (8|M0) r14.0<1>:d 3:d\n"                /* 64 */
                 "(W) jmpi (1|M0) LEND\n"                     /* 80 */
                 "LB:\n"
                 "mov (8|M0) r13.0<1>:d 2:d\n"                /* 96 */
                 "(W) jmpi (1|M0) LA\n"                       /* 112 */
                 "LEND:\n" END, brd[v]);
        h_load(&H, text);
        h_thread(&H, 0xff);
        run_ok();
        for (int i = 0; i < 8; i++) {
            assert_int_equal(h_d(&H, 13)[i], i < 4 ? 2 : 0);
            assert_int_equal(h_d(&H, 14)[i], 3);
        }
    }
    /* a branch to a misaligned IP (brd at byte 32 by -28: byte 4, inside
     * the decoded instruction at 0) faults naming the IP instead of running
     * the instruction at ip / 8 */
    h_load(&H,
           "(W) mov (1|M0) r3.0<1>:d -28:d\n"                 /* 0 */
           "(W) mov (1|M0) r11.0<1>:d 1:d\n"                  /* 16 */
           "brd (8|M0) r3.0\n"                                /* 32 */
           END);
    h_thread(&H, 0xff);
    assert_int_equal(h_run(&H), GTSIM_ERR_ILLEGAL);
    assert_int_equal(H.t->state, GT_THREAD_FAULTED);
    assert_non_null(strstr(H.dev->err, "misaligned instruction pointer ip=0x4"));
    assert_int_equal(h_d(&H, 11)[0], 1);

    /* backward brd: the first brd (byte 64, no channel predicated) falls
     * through; the second (byte 160, channels 4-5) jumps -128 to LBACK at
     * byte 32, so channels 4-5 count twice in r12, the others wait at
     * LDONE (byte 176) */
    h_load(&H,
           "(W) mov (1|M0) f0.0<1>:uw 0x0f:uw\n"              /* 0 */
           "(W) mov (1|M0) r3.0<1>:d -32:d\n"                 /* 16 */
           "add (8|M0) r12.0<1>:d r12.0<8;8,1>:d 1:d\n"       /* 32 LBACK */
           "(W) mov (1|M0) f0.0<1>:uw 0:uw\n"                 /* 48 */
           "(f0.0) brd (8|M0) r3.0\n"                         /* 64: not taken */
           "(W) mov (1|M0) f0.0<1>:uw 0x30:uw\n"              /* 80 */
           "(W) cmp (1|M0) (eq)f1.0 null<1>:d r12.4<0;1,0>:d 1:d\n" /* 96 */
           "(W&f1.0) jmpi (1|M0) LTWICE\n"                   /* 112 */
           "(W) jmpi (1|M0) LDONE\n"                          /* 128 */
           "LTWICE:\n"
           "(W) mov (1|M0) r3.0<1>:d -128:d\n"                /* 144 */
           "(f0.0) brd (8|M0) r3.0\n"                         /* 160 -> 32 */
           "LDONE:\n"
           "mov (8|M0) r11.0<1>:d 7:d\n"                      /* 176 */
           END);
    h_thread(&H, 0xff);
    run_ok();
    for (int i = 0; i < 8; i++) {
        assert_int_equal(h_d(&H, 12)[i], i == 4 || i == 5 ? 2 : 1);
        assert_int_equal(h_d(&H, 11)[i], 7);
    }

    /* brc at byte 48: JIP 32 (LJ at 80), UIP 48 (LU at 96) from r4.2/r4.3 */
    for (int all = 0; all < 2; all++) {
        h_load(&H, all ? "(W) mov (1|M0) f0.0<1>:uw 0xff:uw\n"
                         "(W) mov (1|M0) r4.2<1>:d 32:d\n"
                         "(W) mov (1|M0) r4.3<1>:d 48:d\n"
                         "(f0.0) brc (8|M0) r4.2\n"
                         "mov (8|M0) r15.0<1>:d 1:d\n"
                         "(W) mov (1|M0) r16.0<1>:d 2:d\n"
                         "mov (8|M0) r17.0<1>:d 3:d\n" END
                       : "(W) mov (1|M0) f0.0<1>:uw 0x0f:uw\n"
                         "(W) mov (1|M0) r4.2<1>:d 32:d\n"
                         "(W) mov (1|M0) r4.3<1>:d 48:d\n"
                         "(f0.0) brc (8|M0) r4.2\n"
                         "mov (8|M0) r15.0<1>:d 1:d\n"
                         "mov (8|M0) r16.0<1>:d 2:d\n"
                         "mov (8|M0) r17.0<1>:d 3:d\n" END);
        h_thread(&H, 0xff);
        run_ok();
        for (int i = 0; i < 8; i++) {
            /* divergent: channels 0-3 wait at UIP, 4-7 go on; all
             * branched: every channel waits at UIP and IP goes to JIP, where
             * only the NoMask write happens */
            int p = all || i < 4;
            assert_int_equal(h_d(&H, 15)[i], p ? 0 : 1);
            assert_int_equal(h_d(&H, 16)[i], all ? (i == 0 ? 2 : 0) : (p ? 0 : 2));
            assert_int_equal(h_d(&H, 17)[i], 3);
        }
    }

    /* ret through an indirect register: r[a0.0,32] with a0.0 = 640 is r21.0 */
    h_load(&H,
           "(W) mov (1|M0) f0.0<1>:uw 0x0f:uw\n"
           "(W) mov (1|M0) a0.0<1>:uw 640:uw\n"
           "(f0.0) call (8|M0) r21.0 LSUB\n"
           "mov (8|M0) r22.0<1>:d 5:d\n"
           END
           "LSUB:\n"
           "mov (8|M0) r18.0<1>:d 8:d\n"
           "ret (8|M0) r[a0.0,32]\n");
    h_thread(&H, 0xff);
    run_ok();
    for (int i = 0; i < 8; i++) {
        assert_int_equal(h_d(&H, 18)[i], i < 4 ? 8 : 0);
        assert_int_equal(h_d(&H, 22)[i], 5);
    }
}

/* send / sendc / sends / sendsc to the thread spawner with EOT end the
 * thread (seed 004 send: EOT). */
static void test_send_forms(void **st)
{
    (void)st;
    static const char *const k[] = {
        "send (8|M0) null:ud r112 0x27 0x02000010 {EOT}\n",
        "sendc (8|M0) null:ud r112 0x27 0x02000010 {EOT}\n",
        "sends (8|M0) null:ud r112 null 0x27 0x02000010 {EOT}\n",
        "sendsc (8|M0) null:ud r112 null 0x27 0x02000010 {EOT}\n",
    };
    for (int i = 0; i < 4; i++) {
        char text[256];
        snprintf(text, sizeof text, "mov (8|M0) r112.0<1>:ud r0.0<8;8,1>:ud\n%s", k[i]);
        h_load(&H, text);
        h_thread(&H, 0xff);
        int st2 = h_run(&H);
        if (st2)
            fprintf(stderr, "%s", H.dev->err);
        assert_int_equal(st2, GTSIM_OK);
        assert_int_equal(H.t->state, GT_THREAD_DONE);
    }
}

/* Align16 two-source forms (seed 001 §3.3.5: swizzle per group of four
 * channels, destination writemask) and the Align16 predicate forms (.x .y
 * .z .w replicate one flag bit of the group, .any4h/.all4h).  iga64 does
 * not assemble Align16 for Gen9 ALU instructions: the kernel is iga64's
 * Align1 encoding with the access mode, writemask, swizzle and predicate
 * fields rewritten. */
static void setbits(uint8_t *ins, int hi, int lo, uint32_t v)
{
    for (int b = lo; b <= hi; b++) {
        int bit = (v >> (b - lo)) & 1;
        ins[b / 8] = (uint8_t)((ins[b / 8] & ~(1u << (b % 8))) | ((unsigned)bit << (b % 8)));
    }
}

static void test_align16(void **st)
{
    (void)st;
    static const int preds[] = {0, 2, 3, 4, 5, 6, 7};
    const uint16_t flag = 0x6a1f;
    for (size_t p = 0; p < sizeof preds / sizeof preds[0]; p++) {
        uint8_t code[128];
        size_t n = h_assemble("(W) mov (1|M0) f0.0<1>:uw 0x6a1f:uw {NoCompact}\n"
                              "(f0.0) add (16|M0) r10.0<1>:f r2.0<8;8,1>:f r4.0<8;8,1>:f {NoCompact}\n"
                              END, code, sizeof code);
        assert_true(n >= 48);
        uint8_t *ins = code + 16;
        setbits(ins, 8, 8, 1);                 /* Align16 */
        setbits(ins, 19, 16, (uint32_t)preds[p] ? (uint32_t)preds[p] : 0);
        setbits(ins, 51, 48, 0xd);             /* writemask x, z, w */
        /* src0 swizzle .wzyx, vstride 4; src1 swizzle .xxyy, vstride 4 */
        setbits(ins, 88, 85, 3);
        setbits(ins, 65, 64, 3); setbits(ins, 67, 66, 2); setbits(ins, 81, 80, 1); setbits(ins, 83, 82, 0);
        setbits(ins, 120, 117, 3);
        setbits(ins, 97, 96, 0); setbits(ins, 99, 98, 0); setbits(ins, 113, 112, 1); setbits(ins, 115, 114, 1);
        h_load_raw(&H, code, n);
        h_thread(&H, 0xffff);
        for (int i = 0; i < 16; i++) {
            h_f(&H, 2)[i] = (float)i;
            h_f(&H, 4)[i] = (float)(100 * i);
            h_f(&H, 10)[i] = -1.0f;
        }
        run_ok();
        static const int sw0[4] = {3, 2, 1, 0}, sw1[4] = {0, 0, 1, 1};
        for (int ch = 0; ch < 16; ch++) {
            int g = ch / 4 * 4, c = ch % 4, grp = (flag >> g) & 0xf, en;
            switch (preds[p]) {
            case 0: en = 1; break;
            case 6: en = grp != 0; break;
            case 7: en = grp == 0xf; break;
            default: en = (grp >> (preds[p] - 2)) & 1; break;
            }
            en &= (0xd >> c) & 1;
            float exp = en ? (float)(g + sw0[c]) + (float)(100 * (g + sw1[c])) : -1.0f;
            if (h_f(&H, 10)[ch] != exp)
                fprintf(stderr, "align16 pred %d ch %d: got %g expected %g\n", preds[p], ch,
                        (double)h_f(&H, 10)[ch], (double)exp);
            assert_true(h_f(&H, 10)[ch] == exp);
        }
    }
}

/* Illegal and reserved encodings (mutated iga64 output) raise an EU
 * illegal-instruction report naming the IP and the rule, never crash: the
 * thread stops FAULTED with GTSIM_ERR_ILLEGAL. */
typedef struct {
    const char *text;   /* second instruction (at ip 0x10) is mutated */
    int hi, lo;         /* field to overwrite */
    uint32_t val;
    const char *rule;   /* substring of the report */
} illegal_case;

static void test_illegal_encodings(void **st)
{
    (void)st;
    static const illegal_case cases[] = {
        /* reserved opcodes (Gen9 opcode table holes) */
        {"add (8|M0) r10.0<1>:d r2.0<8;8,1>:d r3.0<8;8,1>:d", 6, 0, 11, "reserved opcode 11"},
        {"add (8|M0) r10.0<1>:d r2.0<8;8,1>:d r3.0<8;8,1>:d", 6, 0, 0x7f, "reserved opcode 127"},
        {"add (8|M0) r10.0<1>:d r2.0<8;8,1>:d r3.0<8;8,1>:d", 7, 7, 1, "reserved opcode bit 7"},
        /* reserved type / ExecSize / conditional modifier / math function encodings */
        {"add (8|M0) r10.0<1>:d r2.0<8;8,1>:d r3.0<8;8,1>:d", 46, 43, 0xc, "invalid type encoding"},
        {"add (8|M0) r10.0<1>:d r2.0<8;8,1>:d r3.0<8;8,1>:d", 23, 21, 6, "execution size"},
        {"add (8|M0) r10.0<1>:d r2.0<8;8,1>:d r3.0<8;8,1>:d", 27, 24, 7, "conditional modifier"},
        {"math.inv (8|M0) r10.0<1>:f r2.0<8;8,1>:f", 27, 24, 8, "math function"},
        /* reserved register file (MRF) and width encodings */
        {"add (8|M0) r10.0<1>:d r2.0<8;8,1>:d r3.0<8;8,1>:d", 42, 41, 2, "register file"},
        {"add (8|M0) r10.0<1>:d r2.0<8;8,1>:d r3.0<8;8,1>:d", 84, 82, 6, "width"},
        /* invalid type combinations for the opcode */
        {"and (8|M0) r10.0<1>:ud r2.0<8;8,1>:ud r3.0<8;8,1>:ud", 46, 43, 7, "logic instructions"},
        {"shl (8|M0) r10.0<1>:ud r2.0<8;8,1>:ud r3.0<8;8,1>:ud", 40, 37, 7, "shifts"},
        {"addc (8|M0) r10.0<1>:ud r2.0<8;8,1>:ud r3.0<8;8,1>:ud", 40, 37, 1, "addc takes a UD destination"},
        {"frc (8|M0) r10.0<1>:f r2.0<8;8,1>:f", 46, 43, 1, "frc takes float"},
        {"math.inv (8|M0) r10.0<1>:f r2.0<8;8,1>:f", 46, 43, 4, "math functions take float"},
        {"math.iqot (8|M0) r10.0<1>:d r2.0<8;8,1>:d r3.0<8;8,1>:d", 94, 91, 7, "integer divide"},
        {"bfrev (8|M0) r10.0<1>:ud r2.0<8;8,1>:ud", 46, 43, 2, "bfrev takes D/UD"},
        /* region outside the GRF: dst r127 with 8 DWords at .4 */
        {"mov (8|M0) r10.0<1>:d r2.0<8;8,1>:d", 60, 53, 127, "past the end of its register file"},
        /* ExecSize too large for the type: SIMD16 DF spans 4 registers */
        {"mov (8|M0) r10.0<1>:df r20.0<4;4,1>:df", 23, 21, 4, "spans over 2 GRFs"},
        /* 3-source instruction in the Align1 access mode (a Gen10+ form) */
        {"mad (8|M0) r10.0<1>:f r2.0<2;1>:f r3.0<2;1>:f r4.0<1>:f", 8, 8, 0, "3-source instruction with Align1"},
        /* VxH region with direct addressing */
        {"add (8|M0) r10.0<1>:d r2.0<8;8,1>:d r3.0<8;8,1>:d", 88, 85, 0xf, "VxH"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const illegal_case *ic = &cases[k];
        char text[512];
        snprintf(text, sizeof text, "mov (8|M0) r11.0<1>:d 1:d {NoCompact}\n%s {NoCompact}\n" END,
                 ic->text);
        uint8_t code[64];
        size_t n = h_assemble(text, code, sizeof code);
        assert_int_equal(n, 48);
        setbits(code + 16, ic->hi, ic->lo, ic->val);
        if (k == 16)
            setbits(code + 16, 52, 48, 16);    /* dst r127.4: bytes 4080..4111 */
        h_load_raw(&H, code, n);
        h_thread(&H, 0xff);
        int st2 = h_run(&H);
        int ok = st2 == GTSIM_ERR_ILLEGAL && H.t->state == GT_THREAD_FAULTED &&
                 strstr(H.dev->err, "ip 0x10") && strstr(H.dev->err, ic->rule) &&
                 h_d(&H, 11)[0] == 1;   /* the instruction before ran */
        if (!ok)
            fprintf(stderr, "case %zu (%s, bits %d:%d = 0x%x): status %d state %d report: %s\n", k,
                    ic->text, ic->hi, ic->lo, ic->val, st2, H.t->state, H.dev->err);
        assert_true(ok);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
#ifndef EU_GEN12
        cmocka_unit_test(test_mov_type_matrix),
        cmocka_unit_test(test_sel_qword_from_byte),
        cmocka_unit_test(test_rounding_modes),
        cmocka_unit_test(test_misc_opcodes),
#endif
        cmocka_unit_test(test_alt_mode),
        cmocka_unit_test(test_pred_groups),
        cmocka_unit_test(test_cond_forms),
        cmocka_unit_test(test_cf_divergent),
#ifndef EU_GEN12 /* Gen9 forms: DF/Q types, Align16, lrp/pln/dp*, indirect brd, Gen9 send syntax */
        cmocka_unit_test(test_cf_branch_register),
        cmocka_unit_test(test_send_forms),
        cmocka_unit_test(test_align16),
        cmocka_unit_test(test_illegal_encodings),
#endif
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
