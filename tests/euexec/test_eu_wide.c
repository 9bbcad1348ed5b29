/*
 * EU executor tests for wide arithmetic: the 32x32->64 integer multiply
 * macro (mul to acc0 + mach, seed 004 mach page, seed 001 §3.3.3.5
 * accumulators) in every quarter of a SIMD32 thread, and the DF IEEE macros
 * (math.invm / math.rsqtm + madm) exactly as IGC emits them for x/y and
 * sqrt(x) (sequences copied from `iga64 -p=9 -d` of
 * tests/corpus/i64dbl/kernels/dblops.isa).
 *
 * Expected values are computed on the host: 64-bit products with C integer
 * arithmetic, quotients and roots with the host's IEEE double division and
 * sqrt.  Kernels are assembled by iga64 at test time and end in `wait n0.0`.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "harness.h"

#define END "wait n0.0:ud\n"

static harness H;

static int setup(void **st) { (void)st; h_init(&H); return 0; }
static int teardown(void **st) { (void)st; h_fini(&H); return 0; }

static void run_ok(void) { h_run_ok(&H); }

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t next_rand(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* ---- 32x32 -> 64 multiply through acc0, per quarter ----
 * IGC's form: `(W) mul (8|M0) acc0 a b<2;1,0>:uw` then `mach (8|Mq)`: the
 * implicit accumulator of a DWord operation is acc0 (8 channels) whatever
 * QtrCtrl says (seed 001 §3.3.3.5: "If acc1 is not accessible for a given
 * data type, QtrCtrl defaults to acc0"; "For any DWord operation ...
 * accumulator can store up to 8 channels ... only acc0"), so the mach of
 * channels 8..15 reads what the mul of lanes 0..7 wrote. */
static void test_mul_mach_quarters(void **st)
{
    (void)st;
    static const char *q[4] = {"M0", "M8", "M16", "M24"};
    char text[4096];
    size_t o = 0;
    for (int k = 0; k < 4; k++) {
        /* unsigned: a r2..r5, b r6..r9 -> hi r10..r13, lo (acc0) r14..r17 */
        o += (size_t)snprintf(text + o, sizeof(text) - o,
                              "(W) mul (8|M0) acc0.0<1>:ud r%d.0<8;8,1>:ud r%d.0<2;1,0>:uw\n"
                              "mach (8|%s) r%d.0<1>:d r%d.0<8;8,1>:ud r%d.0<8;8,1>:ud {AccWrEn}\n"
                              "mov (8|%s) r%d.0<1>:ud acc0.0<8;8,1>:ud\n",
                              2 + k, 6 + k, q[k], 10 + k, 2 + k, 6 + k, q[k], 14 + k);
        /* signed: a r20..r23, b r24..r27 -> hi r28..r31, lo r32..r35 */
        o += (size_t)snprintf(text + o, sizeof(text) - o,
                              "(W) mul (8|M0) acc0.0<1>:d r%d.0<8;8,1>:d r%d.0<16;8,2>:uw\n"
                              "mach (8|%s) r%d.0<1>:d r%d.0<8;8,1>:d r%d.0<8;8,1>:d {AccWrEn}\n"
                              "mov (8|%s) r%d.0<1>:d acc0.0<8;8,1>:d\n",
                              20 + k, 24 + k, q[k], 28 + k, 20 + k, 24 + k, q[k], 32 + k);
    }
    snprintf(text + o, sizeof(text) - o, "%s", END);
    h_load(&H, text);

    static const uint32_t edge[] = {0, 1, 0xffffffffu, 0x80000000u, 0x7fffffffu, 0xffff,
                                    0x10000, 0xfffffffeu, 0x12345678u, 0x9abcdef0u};
    for (int rep = 0; rep < 8; rep++) {
        h_thread(&H, 0xffffffffu);
        uint32_t a[32], b[32];
        for (int i = 0; i < 32; i++) {
            uint64_t r = next_rand();
            a[i] = rep == 0 ? edge[i % 10] : (uint32_t)r;
            b[i] = rep == 0 ? edge[(i * 7 + 3) % 10] : (uint32_t)(r >> 32);
            h_ud(&H, 2)[i] = a[i];   /* r2..r5 */
            h_ud(&H, 6)[i] = b[i];   /* r6..r9 */
            h_ud(&H, 20)[i] = a[i];  /* r20..r23 */
            h_ud(&H, 24)[i] = b[i];  /* r24..r27 */
        }
        run_ok();
        for (int i = 0; i < 32; i++) {
            uint64_t up = (uint64_t)a[i] * b[i];
            int64_t sp = (int64_t)(int32_t)a[i] * (int32_t)b[i];
            if (h_ud(&H, 10)[i] != (uint32_t)(up >> 32) || h_ud(&H, 14)[i] != (uint32_t)up ||
                h_ud(&H, 28)[i] != (uint32_t)((uint64_t)sp >> 32) ||
                h_ud(&H, 32)[i] != (uint32_t)sp)
                fprintf(stderr, "lane %d: %08x * %08x\n", i, a[i], b[i]);
            assert_int_equal(h_ud(&H, 10)[i], (uint32_t)(up >> 32));
            assert_int_equal(h_ud(&H, 14)[i], (uint32_t)up);
            assert_int_equal(h_ud(&H, 28)[i], (uint32_t)((uint64_t)sp >> 32));
            assert_int_equal(h_ud(&H, 32)[i], (uint32_t)sp);
        }
    }
}

/* ---- 64x64 -> 128 multiply (mul_hi(ulong) and ua*ub) from 32-bit pieces ----
 * The schoolbook product over the four 32x32 partial products, with the
 * partial products done by mul/mach per quarter as above and the carries by
 * addc (AccWrEn: carry to acc0).  Checks hi and lo 64 bits against
 * unsigned __int128 for a SIMD16 thread (channels 8..15 use the second
 * quarter). */
static void test_mul64_hi(void **st)
{
    (void)st;
    /* alo r2-r3, ahi r4-r5, blo r6-r7, bhi r8-r9 (16 channels each).
     * p0 = alo*blo: lo r10-11, hi r12-13
     * p1 = alo*bhi: lo r14-15, hi r16-17
     * p2 = ahi*blo: lo r18-19, hi r20-21
     * p3 = ahi*bhi: lo r22-23, hi r24-25 */
    char text[8192];
    size_t o = 0;
    static const int src[4][2] = {{2, 6}, {2, 8}, {4, 6}, {4, 8}};
    for (int p = 0; p < 4; p++)
        for (int k = 0; k < 2; k++) {
            int ra = src[p][0] + k, rb = src[p][1] + k, lo = 10 + 4 * p + k, hi = 12 + 4 * p + k;
            o += (size_t)snprintf(text + o, sizeof(text) - o,
                                  "(W) mul (8|M0) acc0.0<1>:ud r%d.0<8;8,1>:ud r%d.0<2;1,0>:uw\n"
                                  "mach (8|%s) r%d.0<1>:ud r%d.0<8;8,1>:ud r%d.0<8;8,1>:ud {AccWrEn}\n"
                                  "mul (8|%s) r%d.0<1>:ud r%d.0<8;8,1>:ud r%d.0<8;8,1>:ud\n",
                                  ra, rb, k ? "M8" : "M0", hi, ra, rb, k ? "M8" : "M0", lo, ra, rb);
        }
    /* lo64 = p0.lo | (p0.hi + p1.lo + p2.lo) << 32 (mod 2^64): r30-31 = word 1
     * c1 = carries of (p0.hi + p1.lo + p2.lo): r32-33
     * hi64.lo = p1.hi + p2.hi + p3.lo + c1 -> r34-35 with carries r36-37
     * hi64.hi = p3.hi + carries -> r38-39 */
    /* DWord carries go through acc0, 8 channels at a time (seed 001
     * §3.3.3.5), so each half runs the addc chain on its own; an explicit
     * accumulator can only be src0. */
    for (int k = 0; k < 2; k++) {
        const char *m = k ? "M8" : "M0";
        o += (size_t)snprintf(text + o, sizeof(text) - o,
            "addc (8|%s) r%d.0<1>:ud r%d.0<8;8,1>:ud r%d.0<8;8,1>:ud {AccWrEn}\n"
            "mov (8|%s) r%d.0<1>:ud acc0.0<8;8,1>:ud\n"
            "addc (8|%s) r%d.0<1>:ud r%d.0<8;8,1>:ud r%d.0<8;8,1>:ud {AccWrEn}\n"
            "add (8|%s) r%d.0<1>:ud acc0.0<8;8,1>:ud r%d.0<8;8,1>:ud\n"
            "addc (8|%s) r%d.0<1>:ud r%d.0<8;8,1>:ud r%d.0<8;8,1>:ud {AccWrEn}\n"
            "mov (8|%s) r%d.0<1>:ud acc0.0<8;8,1>:ud\n"
            "addc (8|%s) r%d.0<1>:ud r%d.0<8;8,1>:ud r%d.0<8;8,1>:ud {AccWrEn}\n"
            "add (8|%s) r%d.0<1>:ud acc0.0<8;8,1>:ud r%d.0<8;8,1>:ud\n"
            "addc (8|%s) r%d.0<1>:ud r%d.0<8;8,1>:ud r%d.0<8;8,1>:ud {AccWrEn}\n"
            "add (8|%s) r%d.0<1>:ud acc0.0<8;8,1>:ud r%d.0<8;8,1>:ud\n"
            "add (8|%s) r%d.0<1>:ud r%d.0<8;8,1>:ud r%d.0<8;8,1>:ud\n",
            m, 30 + k, 12 + k, 14 + k,
            m, 32 + k,
            m, 30 + k, 30 + k, 18 + k,
            m, 32 + k, 32 + k,
            m, 34 + k, 16 + k, 20 + k,
            m, 36 + k,
            m, 34 + k, 34 + k, 22 + k,
            m, 36 + k, 36 + k,
            m, 34 + k, 34 + k, 32 + k,
            m, 36 + k, 36 + k,
            m, 38 + k, 24 + k, 36 + k);
    }
    snprintf(text + o, sizeof(text) - o, "%s", END);
    h_load(&H, text);
    for (int rep = 0; rep < 16; rep++) {
        h_thread(&H, 0xffff);
        uint64_t a[16], b[16];
        for (int i = 0; i < 16; i++) {
            a[i] = next_rand();
            b[i] = next_rand();
            if (rep == 0 && i < 4) {
                a[i] = i & 1 ? ~0ull : 0x4000000080000000ull;
                b[i] = i & 2 ? ~0ull : 0x8000000000000001ull;
            }
            h_ud(&H, 2)[i] = (uint32_t)a[i];
            h_ud(&H, 4)[i] = (uint32_t)(a[i] >> 32);
            h_ud(&H, 6)[i] = (uint32_t)b[i];
            h_ud(&H, 8)[i] = (uint32_t)(b[i] >> 32);
        }
        run_ok();
        for (int i = 0; i < 16; i++) {
            unsigned __int128 p = (unsigned __int128)a[i] * b[i];
            uint64_t lo = (uint64_t)h_ud(&H, 10)[i] | (uint64_t)h_ud(&H, 30)[i] << 32;
            uint64_t hi = (uint64_t)h_ud(&H, 34)[i] | (uint64_t)h_ud(&H, 38)[i] << 32;
            assert_true(lo == (uint64_t)p);
            assert_true(hi == (uint64_t)(p >> 64));
        }
    }
}

/* ---- madm operands: whole registers, one DF per channel ----
 * The mme number sits in the destination ChanEn / source swizzle fields, so
 * a plain madm must still read and write all four channels contiguously. */
static void test_madm_regions(void **st)
{
    (void)st;
    h_load(&H,
           "madm (4|M0) r10.nomme:df r2.nomme:df r3.nomme:df r4.nomme:df\n"
           "madm (4|M0) r11.mme1:df r2.nomme:df -r3.nomme:df r4.nomme:df\n"
           "madm (4|M4) r13.mme7:df r6.mme3:df r7.nomme:df r8.mme0:df\n"
           END);
    h_thread(&H, 0xff);
    double x[4] = {1.5, -2.25, 1e300, 0x1.0000000000001p0};
    double y[4] = {3.0, 0.125, -1e-300, 0x1.fffffffffffffp-1};
    double z[4] = {-7.0, 64.0, 3.5, 0x1.0000000000003p0};
    for (int i = 0; i < 4; i++) {
        h_df(&H, 2)[i] = x[i];
        h_df(&H, 3)[i] = y[i];
        h_df(&H, 4)[i] = z[i];
        h_df(&H, 6)[i] = z[i];
        h_df(&H, 7)[i] = x[i];
        h_df(&H, 8)[i] = y[i];
    }
    run_ok();
    for (int i = 0; i < 4; i++) {
        assert_true(h_df(&H, 10)[i] == fma(y[i], z[i], x[i]));
        assert_true(h_df(&H, 11)[i] == fma(-y[i], z[i], x[i]));
        /* (4|M4): channels 4..7, operands still start at their register */
        assert_true(h_df(&H, 13)[i] == fma(x[i], y[i], z[i]));
    }
}

/* IGC's x/y sequence for one quarter (4 channels starting at chan), with
 * a in r<ra>, b in r<rb>, result in r<rq>; constants 1.0 in r72, 0.0 in r74;
 * temporaries as IGC allocated them (offset by `t`). */
static size_t emit_div(char *buf, size_t len, int chan, int ra, int rb, int rq, int t)
{
    char m[8];
    snprintf(m, sizeof(m), "M%d", chan);
    return (size_t)snprintf(buf, len,
        "math.invm (4|%s) (eo)f1.0 r%d.mme0:df r%d.nomme:df r%d.nomme:df\n"
        "(~f1.0) if (4|%s) LD%d LD%d\n"
        "madm (4|%s) r%d.mme1:df r74.nomme:df r%d.nomme:df r%d.mme0:df\n"
        "madm (4|%s) r%d.mme2:df r72.nomme:df -r%d.nomme:df r%d.mme0:df\n"
        "madm (4|%s) r%d.mme3:df r%d.nomme:df -r%d.nomme:df r%d.mme1:df\n"
        "madm (4|%s) r%d.mme4:df r%d.mme0:df r%d.mme2:df r%d.mme0:df\n"
        "madm (4|%s) r%d.mme5:df r72.nomme:df -r%d.nomme:df r%d.mme4:df\n"
        "madm (4|%s) r%d.mme6:df r%d.mme0:df r%d.mme2:df r%d.mme4:df\n"
        "madm (4|%s) r%d.mme7:df r%d.mme1:df r%d.mme3:df r%d.mme4:df\n"
        "madm (4|%s) r%d.mme0:df r%d.mme4:df r%d.mme6:df r%d.mme5:df\n"
        "madm (4|%s) r%d.mme1:df r%d.nomme:df -r%d.nomme:df r%d.mme7:df\n"
        "madm (4|%s) r%d.nomme:df r%d.mme7:df r%d.mme1:df r%d.mme0:df\n"
        "LD%d:\n"
        "endif (4|%s) LE%d\n"
        "LE%d:\n",
        m, rq, ra, rb, m, chan, chan,
        m, 60 + t, ra, rq,
        m, 108 + t, rb, rq,
        m, 118 + t, ra, rb, 60 + t,
        m, 56 + t, rq, 108 + t, rq,
        m, 50 + t, rb, 56 + t,
        m, rq, rq, 108 + t, 56 + t,
        m, 60 + t, 60 + t, 118 + t, 56 + t,
        m, 56 + t, 56 + t, rq, 50 + t,
        m, 118 + t, ra, rb, 60 + t,
        m, rq, 60 + t, 118 + t, 56 + t,
        chan, m, chan, chan);
}

/* IGC's sqrt sequence for one quarter: a in r<ra>, result r<rs>; constants
 * 1.5 r68, 0.5 r70, 1.0 r72, 0.0 r74. */
static size_t emit_sqrt(char *buf, size_t len, int chan, int ra, int rs, int t)
{
    char m[8];
    snprintf(m, sizeof(m), "M%d", chan);
    return (size_t)snprintf(buf, len,
        "math.rsqtm (4|%s) (eo)f0.0 r%d.mme0:df r%d.nomme:df\n"
        "(~f0.0) if (4|%s) LS%d LS%d\n"
        "madm (4|%s) r%d.mme1:df r74.nomme:df r70.nomme:df r%d.mme0:df\n"
        "madm (4|%s) r%d.mme2:df r74.nomme:df r%d.nomme:df r%d.mme0:df\n"
        "madm (4|%s) r%d.mme3:df r70.nomme:df -r%d.mme2:df r%d.mme1:df\n"
        "madm (4|%s) r%d.mme5:df r72.nomme:df r68.nomme:df r%d.mme3:df\n"
        "madm (4|%s) r%d.mme6:df r74.nomme:df r%d.mme3:df r%d.mme2:df\n"
        "madm (4|%s) r%d.mme7:df r74.nomme:df r%d.mme3:df r%d.mme1:df\n"
        "madm (4|%s) r%d.mme6:df r%d.mme2:df r%d.mme5:df r%d.mme6:df\n"
        "madm (4|%s) r%d.mme5:df r%d.mme1:df r%d.mme5:df r%d.mme7:df\n"
        "madm (4|%s) r%d.mme1:df r%d.nomme:df -r%d.mme6:df r%d.mme6:df\n"
        "madm (4|%s) r%d.nomme:df r%d.mme6:df r%d.mme1:df r%d.mme5:df\n"
        "LS%d:\n"
        "endif (4|%s) LT%d\n"
        "LT%d:\n",
        m, rs, ra, m, chan, chan,
        m, 2 + t, rs,
        m, 110 + t, ra, rs,
        m, 80 + t, 110 + t, 2 + t,
        m, 106 + t, 80 + t,
        m, rs, 80 + t, 110 + t,
        m, 80 + t, 80 + t, 2 + t,
        m, rs, 110 + t, 106 + t, rs,
        m, 106 + t, 2 + t, 106 + t, 80 + t,
        m, 2 + t, ra, rs, rs,
        m, rs, rs, 2 + t, 106 + t,
        chan, m, chan, chan);
}

static double dbits(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }
static uint64_t ubits(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }

/* A random double with exponent in [lo, hi] and random sign/mantissa. */
static double rand_exp(int lo, int hi)
{
    uint64_t r = next_rand();
    int e = lo + (int)(next_rand() % (uint64_t)(hi - lo + 1));
    return dbits((r & 0x800fffffffffffffull) | (uint64_t)(e + 1023) << 52);
}

static int same_double(double got, double want)
{
    return (isnan(got) && isnan(want)) || ubits(got) == ubits(want);
}

/* ---- x/y and sqrt(|x|) through the IEEE macros, SIMD8 (two quarters) ----
 * Expected: the host's IEEE division and sqrt (round to nearest even). */
static void test_df_div_sqrt_macro(void **st)
{
    (void)st;
    static char text[16384];
    size_t o = (size_t)snprintf(text, sizeof(text),
                                "(W) mov (4|M0) r68.0<1>:df 1.5:df\n"
                                "(W) mov (4|M0) r70.0<1>:df 0.5:df\n"
                                "(W) mov (4|M0) r72.0<1>:df 1.0:df\n"
                                "(W) mov (4|M0) r74.0<1>:df 0.0:df\n"
                                /* DF and F denorms kept, as IGC sets cr0 */
                                "(W) or (1|M0) cr0.0<1>:ud cr0.0<0;1,0>:ud 0x4C0:uw {Switch}\n"
                                "mov (8|M0) r102.0<1>:df (abs)r40.0<4;4,1>:df\n");
    /* a r40-r41, b r126-r127 -> q r112-r113; |a| r102-r103 -> s r76-r77 */
    o += emit_div(text + o, sizeof(text) - o, 0, 40, 126, 112, 0);
    o += emit_div(text + o, sizeof(text) - o, 4, 41, 127, 113, 1);
    o += emit_sqrt(text + o, sizeof(text) - o, 0, 102, 76, 0);
    o += emit_sqrt(text + o, sizeof(text) - o, 4, 103, 77, 1);
    snprintf(text + o, sizeof(text) - o, "%s", END);
    h_load(&H, text);

    /* fixed cases: special operands (early out), quotients near the ends
     * of the range, and pairs where a plain-double Newton sequence is off
     * by one ulp because its residual underflows */
    static const double fixed[][2] = {
        {1.0, 3.0}, {-7.0, 31.0}, {0.0, 5.0}, {-0.0, 5.0}, {5.0, 0.0}, {-5.0, 0.0},
        {0.0, 0.0}, {INFINITY, 2.0}, {2.0, INFINITY}, {INFINITY, -INFINITY}, {NAN, 1.0},
        {1.0, NAN}, {0x1p-1074, 3.0}, {3.0, 0x1p-1074}, {1e308, 1e-10}, {1e-310, 1e10},
        {0x1.fffffffffffffp1023, 0.5}, {0x1p-1022, 2.0}, {0x1.896189d4933bcp-1021, 0x1.d41077dbe67cdp-640},
        {-0x1.35f32841f8191p-1022, -0x1.838bc2c5bdffcp-383}, {0x1.1e19f44c7cc79p-1021, 0x1.90fc2bf6f283p-54},
        {0x1.002726908635ap-1022, 1.0}, {0x1.fc97a3d420467p-1017, 1.0}, {0x1.f6d2ddcda4bb7p-1022, 1.0},
        {9.0, 0x1.fffffffffffffp-1}, {0x1.fffffffffffffp0, 0x1.0000000000001p0}, {1e-300, 1e300}, {-4.0, 2.0},
    };
    int nfixed = (int)(sizeof(fixed) / sizeof(fixed[0]));
    for (int rep = 0; rep < 160; rep++) {
        h_thread(&H, 0xff);
        double a[8], b[8];
        for (int i = 0; i < 8; i++) {
            int k = rep * 8 + i;
            if (k < nfixed) {
                a[i] = fixed[k][0];
                b[i] = fixed[k][1];
            } else if (rep % 2) {
                a[i] = rand_exp(-1022, -900);
                b[i] = rand_exp(-1022, 1023);
            } else {
                a[i] = rand_exp(-60, 60);
                b[i] = rand_exp(-60, 60);
            }
            h_df(&H, 40)[i] = a[i];   /* r40..r41 */
            h_df(&H, 126)[i] = b[i];  /* r126..r127 */
        }
        run_ok();
        for (int i = 0; i < 8; i++) {
            double q = h_df(&H, 112)[i], s = h_df(&H, 76)[i];
            double wq = a[i] / b[i], ws = sqrt(fabs(a[i]));
            if (!same_double(q, wq) || !same_double(s, ws))
                fprintf(stderr, "lane %d: %a / %a = %a (got %a); sqrt = %a (got %a)\n", i, a[i],
                        b[i], wq, q, ws, s);
            assert_true(same_double(q, wq));
            assert_true(same_double(s, ws));
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mul_mach_quarters),
        cmocka_unit_test(test_mul64_hi),
        cmocka_unit_test(test_madm_regions),
        cmocka_unit_test(test_df_div_sqrt_macro),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
