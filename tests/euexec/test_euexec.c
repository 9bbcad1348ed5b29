/*
 * EU executor tests.  Each kernel is IGA assembly (assembled by iga64 at test
 * time) ending in `wait n0.0` (the thread blocks there with n0.0 = 0), run on
 * a thread made by the harness.  Expected values come from C reference code
 * written from the spec (seed 001 types/conversions/float rules, seed 004
 * instruction pages), never from gtsim output.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>

#include "harness.h"

#define END "wait n0.0:ud\n"

static harness H;

static int setup(void **st) { (void)st; h_init(&H); return 0; }
static int teardown(void **st) { (void)st; h_fini(&H); return 0; }

static uint32_t f2u(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

/* Runs the loaded kernel on a fresh thread prepared by the caller; checks it
 * stopped at the final wait. */
static void run_ok(void) { h_run_ok(&H); }
/* A SIMD16 thread, every channel on, r2 = its channel numbers, run to its end. */
static void run_lane_ids(void)
{
    h_thread(&H, 0xffff);
    for (int i = 0; i < 16; i++)
        h_d(&H, 2)[i] = i;
    run_ok();
}

/* ---- float arithmetic, SIMD16, regions ---- */
static void test_float_alu(void **st)
{
    (void)st;
    h_load(&H,
           "add (16|M0) r10.0<1>:f r2.0<8;8,1>:f r4.0<8;8,1>:f\n"
           "mul (16|M0) r12.0<1>:f r2.0<8;8,1>:f r4.0<0;1,0>:f\n"
           "mad (16|M0) r14.0<1>:f r2.0<2;1>:f r4.0<2;1>:f r6.0<1>:f\n"
           "add (8|M0) r16.0<1>:f r2.0<16;8,2>:f -r4.1<0;1,0>:f\n"
           "add (16|M0) r20.0<1>:f (abs)r2.0<8;8,1>:f 1.5:f\n"
           "mad (8|M0) r22.0<1>:f r2.0<0;0>:f r4.0<2;1>:f r6.3<0>:f\n"
           END);
    h_thread(&H, 0xffff);
    for (int i = 0; i < 16; i++) {
        h_f(&H, 2)[i] = (float)i * 0.5f - 3.0f;
        h_f(&H, 4)[i] = (float)(i * i) * 0.25f + 1.0f;
        h_f(&H, 6)[i] = (float)i * -2.0f;
    }
    run_ok();
    float *a = h_f(&H, 2), *b = h_f(&H, 4), *c = h_f(&H, 6);
    for (int i = 0; i < 16; i++) {
        assert_true(h_f(&H, 10)[i] == a[i] + b[i]);
        assert_true(h_f(&H, 12)[i] == a[i] * b[0]);
        assert_true(h_f(&H, 14)[i] == fmaf(b[i], c[i], a[i]));
        assert_true(h_f(&H, 20)[i] == fabsf(a[i]) + 1.5f);
    }
    for (int i = 0; i < 8; i++) {
        assert_true(h_f(&H, 16)[i] == a[2 * i] - b[1]);
        assert_true(h_f(&H, 22)[i] == fmaf(b[i], c[3], a[0]));
    }
    assert_true(H.dev->stats.eu_instructions >= 6);
}

/* ---- vector immediates and the destination stride ----
 * A V/UV immediate is eight 4-bit elements expanded to eight words in 16
 * bytes (seed 001 §2.2.3/2.2.4), a VF immediate four 8-bit floats expanded
 * to four DWords (§2.2.5); each channel reads the element at its
 * destination's byte offset in those 16 bytes: element i for a word (V/UV)
 * or DWord (VF) stride, 2i for the next wider stride, 4i for the one after.
 * IGC's Gen9 code relies on it: the OpenCL-CTS basic kernel_numeric_constants
 * kernel stores int_out[4..7] with `add (4) r9.0<1>:ud r3.12<0;1,0>:uw
 * 0xC080400:uv` as the byte offsets 0x10, 0x14, 0x18, 0x1C. */
static void test_vec_imm_stride(void **st)
{
    (void)st;
    h_load(&H,
           "add (4|M0) r10.0<1>:ud r2.0<0;1,0>:uw 0xC080400:uv\n"
           "add (2|M0) r11.0<1>:ud r2.0<0;1,0>:uw 0x400:uv\n"
           "mov (8|M0) r12.0<1>:w 0x76543210:v\n"
           "mov (4|M0) r13.0<1>:d 0x9FAE8DC1:v\n"
           "mov (4|M0) r14.0<2>:uw 0x76543210:uv\n"
           "mov (2|M0) r15.0<1>:uq 0x000F0003:uv\n"
           "mov (4|M0) r16.0<1>:f 0x40302000:vf\n"
           "mov (2|M0) r17.0<1>:df 0x40302000:vf\n"
           END);
    h_thread(&H, 0xff);
    for (int i = 10; i < 18; i++)
        memset(h_ub(&H, i), 0xee, 32);
    h_uw(&H, 2)[0] = 0x10;
    run_ok();
    static const uint32_t r10[4] = {0x10, 0x14, 0x18, 0x1c};
    for (int i = 0; i < 4; i++)
        assert_int_equal(h_ud(&H, 10)[i], r10[i]);
    assert_int_equal(h_ud(&H, 11)[0], 0x10);
    assert_int_equal(h_ud(&H, 11)[1], 0x14);
    for (int i = 0; i < 8; i++)
        assert_int_equal(h_uw(&H, 12)[i], i);
    /* 0x9FAE8DC1:v elements 0..7 = 1, -4, -3, -8, -2, -6, -1, -7 (sign on
     * bit 3); a DWord destination reads elements 0, 2, 4, 6 */
    static const int32_t r13[4] = {1, -3, -2, -1};
    for (int i = 0; i < 4; i++)
        assert_int_equal(h_d(&H, 13)[i], r13[i]);
    /* words of a DWord-strided word destination: elements 0, 2, 4, 6; the
     * words between stay */
    for (int i = 0; i < 4; i++) {
        assert_int_equal(h_uw(&H, 14)[2 * i], 2 * i);
        assert_int_equal(h_uw(&H, 14)[2 * i + 1], 0xeeee);
    }
    /* QWord destination: elements 0 and 4 of 0x000F0003 = 3 and 15 */
    assert_int_equal(h_ud(&H, 15)[0], 3);
    assert_int_equal(h_ud(&H, 15)[1], 0);
    assert_int_equal(h_ud(&H, 15)[2], 15);
    assert_int_equal(h_ud(&H, 15)[3], 0);
    /* 0x40302000:vf = 0.0 (0x00), 0.5 (0x20: exponent 2 - 3), 1.0 (0x30),
     * 2.0 (0x40) */
    static const float r16[4] = {0.0f, 0.5f, 1.0f, 2.0f};
    for (int i = 0; i < 4; i++)
        assert_true(h_f(&H, 16)[i] == r16[i]);
    /* QWord (DF) destination: elements 0 and 2 */
    assert_true(h_df(&H, 17)[0] == 0.0);
    assert_true(h_df(&H, 17)[1] == 1.0);
}

/* ---- integer ALU ---- */
static void test_int_alu(void **st)
{
    (void)st;
    h_load(&H,
           "add (8|M0) r10.0<1>:d r2.0<8;8,1>:d r3.0<8;8,1>:d\n"
           "and (8|M0) r11.0<1>:ud r2.0<8;8,1>:ud r3.0<8;8,1>:ud\n"
           "or (8|M0) r12.0<1>:ud r2.0<8;8,1>:ud ~r3.0<8;8,1>:ud\n"
           "xor (8|M0) r13.0<1>:ud r2.0<8;8,1>:ud 0xF0F0F0F0:ud\n"
           "shl (8|M0) r14.0<1>:d r2.0<8;8,1>:d r4.0<8;8,1>:d\n"
           "shr (8|M0) r15.0<1>:ud r2.0<8;8,1>:ud r4.0<8;8,1>:ud\n"
           "asr (8|M0) r16.0<1>:d r2.0<8;8,1>:d r4.0<8;8,1>:d\n"
           "not (8|M0) r17.0<1>:d r2.0<8;8,1>:d\n"
           "mul (8|M0) r18.0<1>:d r2.0<8;8,1>:d r3.0<8;8,1>:d\n"
           "avg (8|M0) r19.0<1>:d r2.0<8;8,1>:d r3.0<8;8,1>:d\n"
           "add (8|M0) r20.0<1>:d -r2.0<8;8,1>:d (abs)r3.0<8;8,1>:d\n"
           "add (16|M0) r21.0<1>:w r5.0<16;16,1>:w 0x7:w\n"
           "mul (8|M0) r22.0<1>:q r2.0<8;8,1>:d r3.0<8;8,1>:d\n"
           END);
    h_thread(&H, 0xffff);
    int32_t a[8] = {0, 1, -1, 0x7fffffff, (int32_t)0x80000000, 12345, -9876, 0x12345678};
    int32_t b[8] = {5, -7, 3, 1, -1, 100, 33, (int32_t)0x9abcdef0};
    for (int i = 0; i < 8; i++) {
        h_d(&H, 2)[i] = a[i];
        h_d(&H, 3)[i] = b[i];
        h_d(&H, 4)[i] = (i * 5) + 32 * (i & 1);   /* shift counts use low 5 bits */
    }
    for (int i = 0; i < 16; i++)
        ((int16_t *)h_uw(&H, 5))[i] = (int16_t)(i * 1000 - 3000);
    run_ok();
    for (int i = 0; i < 8; i++) {
        uint32_t ua = (uint32_t)a[i], ub = (uint32_t)b[i];
        int sh = (i * 5) & 31;
        assert_int_equal((uint32_t)h_d(&H, 10)[i], ua + ub);
        assert_int_equal(h_ud(&H, 11)[i], ua & ub);
        assert_int_equal(h_ud(&H, 12)[i], ua | ~ub);
        assert_int_equal(h_ud(&H, 13)[i], ua ^ 0xF0F0F0F0u);
        assert_int_equal(h_ud(&H, 14)[i], ua << sh);
        assert_int_equal(h_ud(&H, 15)[i], ua >> sh);
        assert_int_equal(h_d(&H, 16)[i], a[i] >> sh);
        assert_int_equal(h_ud(&H, 17)[i], ~ua);
        assert_int_equal(h_ud(&H, 18)[i], ua * ub);
        assert_int_equal(h_d(&H, 19)[i], (int32_t)(((int64_t)a[i] + b[i] + 1) >> 1));
        assert_int_equal(h_ud(&H, 20)[i], (uint32_t)(-(int64_t)a[i] + llabs((int64_t)b[i])));
        int64_t q;
        memcpy(&q, H.t->grf + 22 * 32 + 8 * i, 8);
        assert_true(q == (int64_t)a[i] * b[i]);
    }
    for (int i = 0; i < 16; i++)
        assert_int_equal(((int16_t *)h_uw(&H, 21))[i], (int16_t)(i * 1000 - 3000 + 7));
}

/* ---- vector immediates with wider destinations ----
 * The V/UV vector is eight words, VF four DWords (seed 001 §2.2.3-2.2.5),
 * 128 bits laid over the destination bytes: channel i reads the element at
 * byte i * (destination stride in bytes).  IGC's Gen9 code computes the
 * DWord offsets {0,4,8,12} as `add (4) :ud ... 0xC080400:uv` (OpenCL-CTS
 * test_compiler pragma_unroll wrote dst[4..7] as 7,6,-,- before). */
static uint32_t vnib(uint32_t imm, int j, int sgn)
{
    uint32_t e = imm >> (4 * j) & 0xf;
    return sgn && (e & 8) ? e | 0xfffffff0u : e;
}

static void test_vector_imm_layout(void **st)
{
    (void)st;
    h_load(&H,
           "add (4|M0) r10.0<1>:ud r2.0<0;1,0>:uw 0xC080400:uv\n"
           "mov (4|M0) r11.0<1>:d 0xE0C0200:v\n"
           "mov (8|M0) r12.0<2>:w 0xFEDCBA98:v\n"
           "mov (8|M0) r13.0<1>:uw 0xFEDCBA98:uv\n"
           "add (4|M0) r14.0<1>:f r3.0<4;4,1>:f 0x40383020:vf\n"
           END);
    h_thread(&H, 0xff);
    h_uw(&H, 2)[0] = 0x40;
    for (int i = 0; i < 4; i++)
        h_f(&H, 3)[i] = 1.0f + (float)i;
    run_ok();
    for (int i = 0; i < 4; i++) {
        /* DWord destination: word 2i of the vector */
        assert_int_equal(h_ud(&H, 10)[i], 0x40u + vnib(0xC080400u, 2 * i, 0));
        assert_int_equal(h_ud(&H, 11)[i], vnib(0xE0C0200u, 2 * i, 1));
    }
    for (int i = 0; i < 8; i++) {
        /* word destination with stride 2 (4 bytes): word 2i mod 8 */
        assert_int_equal(h_uw(&H, 12)[2 * i], (uint16_t)vnib(0xFEDCBA98u, (2 * i) % 8, 1));
        /* packed words: element i */
        assert_int_equal(h_uw(&H, 13)[i], vnib(0xFEDCBA98u, i, 0));
    }
    /* VF with a DWord destination: element i; 0x20 = 0.5, 0x30 = 1.0,
     * 0x38 = 1.5, 0x40 = 2.0 (sign, exponent bias 3, 4-bit mantissa) */
    const float vf[4] = {0.5f, 1.0f, 1.5f, 2.0f};
    for (int i = 0; i < 4; i++)
        assert_true(h_f(&H, 14)[i] == 1.0f + (float)i + vf[i]);
}

/* ---- conversions (seed 001 §2.4) ---- */
static void test_conversions(void **st)
{
    (void)st;
    h_load(&H,
           "mov (8|M0) r10.0<1>:d r2.0<8;8,1>:f\n"
           "mov (8|M0) r11.0<1>:ud r2.0<8;8,1>:f\n"
           "mov (8|M0) r12.0<2>:w r2.0<8;8,1>:f\n"
           "mov (8|M0) r13.0<4>:ub r2.0<8;8,1>:f\n"
           "mov (8|M0) r14.0<1>:f r3.0<8;8,1>:d\n"
           "mov (8|M0) r15.0<2>:hf r4.0<8;8,1>:f\n"
           "mov (8|M0) r16.0<1>:f r5.0<16;8,2>:hf\n"
           "mov (8|M0) (sat)r17.0<2>:w r3.0<8;8,1>:d\n"
           "mov (8|M0) (sat)r18.0<1>:f r4.0<8;8,1>:f\n"
           "mov (8|M0) r20.0<1>:df r4.0<8;8,1>:f\n"
           "mov (8|M0) r22.0<1>:f r20.0<4;4,1>:df\n"
           "mov (8|M0) (sat)r23.0<1>:d r6.0<8;8,1>:ud\n"
           "mov (8|M0) (sat)r24.0<1>:ud r3.0<8;8,1>:d\n"
           "mov (8|M0) r25.0<1>:d r3.0<8;8,1>:w\n"
           END);
    h_thread(&H, 0xff);
    float fin[8] = {1.9f, -1.9f, NAN, INFINITY, -INFINITY, 3e9f, -3e9f, 70000.5f};
    int32_t din[8] = {16777217, -16777219, 0x7fffffff, -5, 40000, -40000, 3, 0};
    float hin[8] = {1.0f, 1.0f + 1.0f / 2048.0f, 1.0f + 3.0f / 2048.0f, 65520.0f, 65519.0f, 1e-8f, -2.5f, 0.1f};
    uint16_t hraw[8] = {0x3c00, 0x0001, 0x7c00, 0xfc00, 0x7bff, 0x8400, 0x3555, 0x0000};
    uint32_t udin[8] = {0, 1, 0x7fffffff, 0x80000000u, 0xffffffffu, 5, 6, 7};
    for (int i = 0; i < 8; i++) {
        h_f(&H, 2)[i] = fin[i];
        h_d(&H, 3)[i] = din[i];
        h_f(&H, 4)[i] = hin[i];
        h_uw(&H, 5)[2 * i] = hraw[i];
        h_ud(&H, 6)[i] = udin[i];
    }
    run_ok();
    /* float -> int: RTZ, NaN 0, clamp (seed 001 §2.4.1 table) */
    int32_t exp_d[8] = {1, -1, 0, 0x7fffffff, (int32_t)0x80000000, 0x7fffffff, (int32_t)0x80000000, 70000};
    uint32_t exp_ud[8] = {1, 0, 0, 0xffffffffu, 0, 3000000000u, 0, 70000};
    int16_t exp_w[8] = {1, -1, 0, 0x7fff, -0x8000, 0x7fff, -0x8000, 0x7fff};
    uint8_t exp_ub[8] = {1, 0, 0, 255, 0, 255, 0, 255};
    for (int i = 0; i < 8; i++) {
        assert_int_equal(h_d(&H, 10)[i], exp_d[i]);
        assert_int_equal(h_ud(&H, 11)[i], exp_ud[i]);
        assert_int_equal(((int16_t *)h_uw(&H, 12))[2 * i], exp_w[i]);
        assert_int_equal(h_ub(&H, 13)[4 * i], exp_ub[i]);
    }
    /* int -> float: round to nearest even (§2.4.4) */
    assert_true(h_f(&H, 14)[0] == 16777216.0f);   /* 2^24+1 -> tie to even */
    assert_true(h_f(&H, 14)[1] == -16777220.0f);  /* -(2^24+3) -> tie to even */
    assert_true(h_f(&H, 14)[2] == 2147483648.0f);
    /* float -> half, RTNE: 1+1/2048 ties to 1.0, 1+3/2048 ties up to 1+2/1024 */
    uint16_t exp_h[8] = {0x3c00, 0x3c00, 0x3c02, 0x7c00, 0x7bff, 0x0000, 0xc100, 0x2e66};
    for (int i = 0; i < 8; i++)
        assert_int_equal(h_uw(&H, 15)[2 * i], exp_h[i]);
    /* half -> float exact, denorms kept */
    assert_true(h_f(&H, 16)[0] == 1.0f);
    assert_true(h_f(&H, 16)[1] == ldexpf(1.0f, -24));
    assert_true(isinf(h_f(&H, 16)[2]) && h_f(&H, 16)[2] > 0);
    assert_true(h_f(&H, 16)[4] == 65504.0f);
    assert_true(h_f(&H, 16)[5] == -ldexpf(1.0f, -14));
    /* int -> int with saturation (§2.4.3) */
    int16_t exp_sw[8] = {0x7fff, -0x8000, 0x7fff, -5, 0x7fff, -0x8000, 3, 0};
    for (int i = 0; i < 8; i++)
        assert_int_equal(((int16_t *)h_uw(&H, 17))[2 * i], exp_sw[i]);
    /* float sat clamps to [0,1] */
    float exp_sat[8] = {1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1e-8f, 0.0f, 0.1f};
    for (int i = 0; i < 8; i++)
        assert_true(h_f(&H, 18)[i] == exp_sat[i]);
    /* F -> DF exact, DF -> F back */
    for (int i = 0; i < 8; i++) {
        assert_true(h_df(&H, 20)[i] == (double)hin[i]);
        assert_true(h_f(&H, 22)[i] == hin[i]);
    }
    /* UD -> D sat; D -> UD sat (negative -> 0) */
    int32_t exp_sd[8] = {0, 1, 0x7fffffff, 0x7fffffff, 0x7fffffff, 5, 6, 7};
    uint32_t exp_su[8] = {16777217, 0, 0x7fffffff, 0, 40000, 0, 3, 0};
    for (int i = 0; i < 8; i++) {
        assert_int_equal(h_d(&H, 23)[i], exp_sd[i]);
        assert_int_equal(h_ud(&H, 24)[i], exp_su[i]);
    }
    /* W source sign-extends: low words of din */
    for (int i = 0; i < 8; i++)
        assert_int_equal(h_d(&H, 25)[i], (int16_t)((uint16_t *)h_uw(&H, 3))[i]);
}

/* ---- cmp / cmpn / sel / predication / flags ---- */
static void test_cmp_sel_pred(void **st)
{
    (void)st;
    h_load(&H,
           "cmp (8|M0) (lt)f0.0 r10.0<1>:f r2.0<8;8,1>:f r3.0<8;8,1>:f\n"
           "cmp (8|M0) (ne)f0.1 null<1>:f r2.0<8;8,1>:f r3.0<8;8,1>:f\n"
           "cmpn (8|M0) (lt)f1.0 null<1>:f r2.0<8;8,1>:f r3.0<8;8,1>:f\n"
           "sel (8|M0) (lt)f0.0 r11.0<1>:f r2.0<8;8,1>:f r3.0<8;8,1>:f\n"
           "sel (8|M0) (ge)f0.0 r12.0<1>:f r2.0<8;8,1>:f r3.0<8;8,1>:f\n"
           "(f0.0) sel (8|M0) r13.0<1>:d r4.0<8;8,1>:d r5.0<8;8,1>:d\n"
           "(~f0.0) add (8|M0) r14.0<1>:d r4.0<8;8,1>:d 100:d\n"
           "add (8|M0) (gt)f1.1 r15.0<1>:d r4.0<8;8,1>:d r5.0<8;8,1>:d\n"
           "(f0.0.any8h) mov (8|M0) r16.0<1>:d 1:d\n"
           "(f1.1.all8h) mov (8|M0) r17.0<1>:d 1:d\n"
           "cmp (8|M0) (eq)f1.1 null<1>:d r4.0<8;8,1>:d r4.0<8;8,1>:d\n"
           "(f1.1.all8h) mov (8|M0) r18.0<1>:d 1:d\n"
           END);
    h_thread(&H, 0xff);
    float a[8] = {1, 2, NAN, 4, NAN, -0.0f, INFINITY, 5};
    float b[8] = {2, 1, 3, NAN, NAN, 0.0f, INFINITY, 5};
    for (int i = 0; i < 8; i++) {
        h_f(&H, 2)[i] = a[i];
        h_f(&H, 3)[i] = b[i];
        h_d(&H, 4)[i] = i - 4;
        h_d(&H, 5)[i] = 2 * i;
    }
    H.t->flag[1] = 0xffff0000u;  /* f1.1 bits outside the cmp stay as they were */
    run_ok();
    uint32_t lt = 0, ne = 0, ltn = 0;
    for (int i = 0; i < 8; i++) {
        int isn = isnan(a[i]) || isnan(b[i]);
        int l = !isn && a[i] < b[i];
        lt |= (uint32_t)l << i;
        ne |= (uint32_t)(isn || a[i] != b[i]) << i;
        /* cmpn: src1 NaN -> true; only src0 NaN -> false (seed 001 §2.3.1.1) */
        int ln = isnan(b[i]) ? 1 : isnan(a[i]) ? 0 : a[i] < b[i];
        ltn |= (uint32_t)ln << i;
        assert_int_equal(h_ud(&H, 10)[i], l ? 0xffffffffu : 0);
        /* min/max: NaN operand loses; both NaN -> NaN */
        float mn, mx;
        if (isnan(a[i]) && isnan(b[i])) { mn = NAN; mx = NAN; }
        else if (isnan(a[i])) { mn = mx = b[i]; }
        else if (isnan(b[i])) { mn = mx = a[i]; }
        else { mn = a[i] < b[i] ? a[i] : b[i]; mx = a[i] >= b[i] ? a[i] : b[i]; }
        if (isnan(mn)) assert_true(isnan(h_f(&H, 11)[i]));
        else assert_true(f2u(h_f(&H, 11)[i]) == f2u(mn));
        if (isnan(mx)) assert_true(isnan(h_f(&H, 12)[i]));
        else assert_true(f2u(h_f(&H, 12)[i]) == f2u(mx));
    }
    assert_int_equal(H.t->flag[0] & 0xff, lt);
    assert_int_equal((H.t->flag[0] >> 16) & 0xff, ne);
    assert_int_equal(H.t->flag[1] & 0xff, ltn);
    for (int i = 0; i < 8; i++) {
        int p = (lt >> i) & 1;
        assert_int_equal(h_d(&H, 13)[i], p ? i - 4 : 2 * i);
        assert_int_equal(h_d(&H, 14)[i], p ? 0 : i - 4 + 100);
        assert_int_equal(h_d(&H, 15)[i], i - 4 + 2 * i);
        assert_int_equal(h_d(&H, 16)[i], lt ? 1 : 0);
        assert_int_equal(h_d(&H, 17)[i], 0);      /* not all > 0 */
        assert_int_equal(h_d(&H, 18)[i], 1);      /* all equal */
    }
}

/* ---- execution masks: SIMD32 halves, QtrCtrl, dispatch mask, NoMask ---- */
static void test_masks_simd32(void **st)
{
    (void)st;
    h_load(&H,
           "add (16|M0) r10.0<1>:d r2.0<8;8,1>:d 1:d\n"
           "add (16|M16) r12.0<1>:d r4.0<8;8,1>:d 2:d\n"
           "add (8|M8) r14.0<1>:d r2.0<8;8,1>:d 3:d\n"
           "(W) add (8|M8) r15.0<1>:d r2.0<8;8,1>:d 4:d\n"
           "cmp (16|M16) (gt)f0.0 null<1>:d r4.0<8;8,1>:d 20:d\n"
           "mov (32|M0) r16.0<1>:w 9:w\n"
           END);
    h_thread(&H, 0x0f0f0f0fu);
    for (int i = 0; i < 16; i++) {
        h_d(&H, 2)[i] = i;
        h_d(&H, 4)[i] = 16 + i;
        h_d(&H, 10)[i] = -1;
        h_d(&H, 12)[i] = -1;
    }
    for (int i = 0; i < 8; i++) { h_d(&H, 14)[i] = -1; h_d(&H, 15)[i] = -1; }
    run_ok();
    uint32_t dm = 0x0f0f0f0fu;
    for (int i = 0; i < 16; i++) {
        assert_int_equal(h_d(&H, 10)[i], (dm >> i) & 1 ? i + 1 : -1);
        assert_int_equal(h_d(&H, 12)[i], (dm >> (16 + i)) & 1 ? 16 + i + 2 : -1);
    }
    for (int i = 0; i < 8; i++) {
        assert_int_equal(h_d(&H, 14)[i], (dm >> (8 + i)) & 1 ? i + 3 : -1);
        assert_int_equal(h_d(&H, 15)[i], i + 4);   /* NoMask */
    }
    /* flag bits for channels 16..31 (f0.0 covers 32 channels): set where
     * enabled and value > 20, untouched (0) elsewhere */
    uint32_t exp = 0;
    for (int i = 0; i < 16; i++)
        if (((dm >> (16 + i)) & 1) && 16 + i > 20)
            exp |= 1u << (16 + i);
    assert_int_equal(H.t->flag[0], exp);
    for (int i = 0; i < 32; i++)
        assert_int_equal(h_uw(&H, 16)[i], (dm >> i) & 1 ? 9 : 0);
}

/* ---- divergent if/else/endif ---- */
static void test_if_else(void **st)
{
    (void)st;
    h_load(&H,
           "cmp (16|M0) (lt)f0.0 null<1>:d r2.0<8;8,1>:d 8:d\n"
           "(f0.0) if (16|M0) ELSE ENDIF\n"
           "add (16|M0) r10.0<1>:d r2.0<8;8,1>:d 100:d\n"
           "cmp (16|M0) (eq)f0.1 null<1>:d r2.0<8;8,1>:d 3:d\n"
           "(f0.1) if (16|M0) IN_END IN_END\n"
           "mov (16|M0) r12.0<1>:d 33:d\n"
           "IN_END:\n"
           "endif (16|M0) IN_NEXT\n"
           "IN_NEXT:\n"
           "else (16|M0) ENDIF ENDIF\n"
           "ELSE:\n"
           "add (16|M0) r10.0<1>:d r2.0<8;8,1>:d 200:d\n"
           "ENDIF:\n"
           "endif (16|M0) DONE\n"
           "DONE:\n"
           "add (16|M0) r14.0<1>:d r2.0<8;8,1>:d 1:d\n"
           "cmp (16|M0) (gt)f1.0 null<1>:d r2.0<8;8,1>:d 100:d\n"
           "(f1.0) if (16|M0) E2 E2\n"
           "mov (16|M0) r16.0<1>:d 7:d\n"
           "E2:\n"
           "endif (16|M0) E3\n"
           "E3:\n"
           END);
    run_lane_ids();
    for (int i = 0; i < 16; i++) {
        assert_int_equal(h_d(&H, 10)[i], i < 8 ? i + 100 : i + 200);
        assert_int_equal(h_d(&H, 12)[i], i == 3 ? 33 : 0);
        assert_int_equal(h_d(&H, 14)[i], i + 1);
        assert_int_equal(h_d(&H, 16)[i], 0);
    }
    assert_int_equal(H.t->exec_mask, 0xffff);
    assert_int_equal(H.t->wait_mask, 0);
}

/* ---- loop with break and continue (IGC shape: break UIP = while) ---- */
static void test_loop_break(void **st)
{
    (void)st;
    /* per channel: n = r2[i]; s = 0; for (j = 0; ; j++) { if (j >= n) break;
     * if (j == 2) continue; s += j; } -> r10 = s, r11 = iterations */
    h_load(&H,
           "mov (16|M0) r10.0<1>:d 0:d\n"
           "mov (16|M0) r12.0<1>:d 0:d\n"
           "mov (16|M0) r14.0<1>:d -1:d\n"
           "LOOP:\n"
           "add (16|M0) r14.0<1>:d r14.0<8;8,1>:d 1:d\n"
           "cmp (16|M0) (ge)f0.0 null<1>:d r14.0<8;8,1>:d r2.0<8;8,1>:d\n"
           "(f0.0) break (16|M0) WHILE WHILE\n"
           "add (16|M0) r12.0<1>:d r12.0<8;8,1>:d 1:d\n"
           "cmp (16|M0) (eq)f0.1 null<1>:d r14.0<8;8,1>:d 2:d\n"
           "(f0.1) cont (16|M0) WHILE WHILE\n"
           "add (16|M0) r10.0<1>:d r10.0<8;8,1>:d r14.0<8;8,1>:d\n"
           "WHILE:\n"
           "while (16|M0) LOOP\n"
           "add (16|M0) r16.0<1>:d r14.0<8;8,1>:d 0:d\n"
           END);
    h_thread(&H, 0xffff);
    for (int i = 0; i < 16; i++)
        h_d(&H, 2)[i] = i % 6;
    run_ok();
    for (int i = 0; i < 16; i++) {
        int n = i % 6, s = 0, it = 0, j;
        for (j = 0;; j++) {
            if (j >= n) break;
            it++;
            if (j == 2) continue;
            s += j;
        }
        assert_int_equal(h_d(&H, 10)[i], s);
        assert_int_equal(h_d(&H, 12)[i], it);
        assert_int_equal(h_d(&H, 16)[i], j);
    }
    assert_int_equal(H.t->exec_mask, 0xffff);
}

/* ---- predicated while with stale flags for broken channels ---- */
static void test_while_pred(void **st)
{
    (void)st;
    h_load(&H,
           "mov (16|M0) r10.0<1>:d 0:d\n"
           "L:\n"
           "add (16|M0) r10.0<1>:d r10.0<8;8,1>:d 1:d\n"
           "cmp (16|M0) (eq)f1.1 null<1>:d r10.0<8;8,1>:d r4.0<8;8,1>:d\n"
           "(f1.1) break (16|M0) W W\n"
           "cmp (16|M0) (lt)f1.0 null<1>:d r10.0<8;8,1>:d r2.0<8;8,1>:d\n"
           "W:\n"
           "(f1.0) while (16|M0) L\n"
           END);
    h_thread(&H, 0xffff);
    for (int i = 0; i < 16; i++) {
        h_d(&H, 2)[i] = i;        /* loop bound */
        h_d(&H, 4)[i] = 3;        /* break at 3 */
    }
    H.t->flag[1] = 0xffff;        /* stale f1.0 = all true */
    run_ok();
    for (int i = 0; i < 16; i++) {
        int v = 0;
        do {
            v++;
            if (v == 3) break;
        } while (v < i);
        assert_int_equal(h_d(&H, 10)[i], v);
    }
}

/* ---- goto / join ---- */
static void test_goto_join(void **st)
{
    (void)st;
    h_load(&H,
           "cmp (16|M0) (gt)f0.0 null<1>:d r2.0<8;8,1>:d 5:d\n"
           "(f0.0) goto (16|M0) J J\n"
           "mov (16|M0) r10.0<1>:d 1:d\n"
           "J:\n"
           "join (16|M0) K\n"
           "K:\n"
           "add (16|M0) r12.0<1>:d r2.0<8;8,1>:d 1:d\n"
           "cmp (16|M0) (lt)f0.1 null<1>:d r2.0<8;8,1>:d 100:d\n"
           "(f0.1) goto (16|M0) J2 J2\n"
           "mov (16|M0) r14.0<1>:d 5:d\n"
           "J2:\n"
           "join (16|M0) K2\n"
           "K2:\n"
           "mov (16|M0) r16.0<1>:d 6:d\n"
           END);
    run_lane_ids();
    for (int i = 0; i < 16; i++) {
        /* seed 004 goto, BranchCtrl clear: the predicated channels go on,
         * the others wait at UIP (IGC flips a forward goto's predicate on
         * BDW/SKL because "the false channels take the jump") */
        assert_int_equal(h_d(&H, 10)[i], i > 5 ? 1 : 0);
        assert_int_equal(h_d(&H, 12)[i], i + 1);
        assert_int_equal(h_d(&H, 14)[i], 5);
        assert_int_equal(h_d(&H, 16)[i], 6);
    }
}

/* A join point inside a straight run of handler instructions (exec.c
 * block_plan): the goto's waiting channels rejoin at J, in the middle of the
 * run after the goto, on every pass of the loop (the run is a block from
 * its second pass on). */
static void test_join_inside_block(void **st)
{
    (void)st;
    h_load(&H,
           "mov (16|M0) r10.0<1>:d 0:d\n"
           "mov (16|M0) r12.0<1>:d 0:d\n"
           "LOOP:\n"
           "add (16|M0) r12.0<1>:d r12.0<8;8,1>:d 1:d\n"
           "cmp (16|M0) (gt)f0.0 null<1>:d r2.0<8;8,1>:d r12.0<8;8,1>:d\n"
           "(f0.0) goto (16|M0) J J\n"
           "add (16|M0) r10.0<1>:d r10.0<8;8,1>:d 1:d\n"
           "add (16|M0) r10.0<1>:d r10.0<8;8,1>:d 2:d\n"
           "J:\n"
           "add (16|M0) r10.0<1>:d r10.0<8;8,1>:d 16:d\n"
           "add (16|M0) r14.0<1>:d r10.0<8;8,1>:d 0:d\n"
           "cmp (16|M0) (lt)f0.1 null<1>:d r12.0<8;8,1>:d 4:d\n"
           "(f0.1) while (16|M0) LOOP\n"
           END);
    run_lane_ids();
    for (int i = 0; i < 16; i++) {
        /* passes j = 1..4: +3 where i > j (the channels that go on, as in
         * test_goto_join), +16 for every channel */
        int v = 0;
        for (int j = 1; j <= 4; j++)
            v += (i > j ? 3 : 0) + 16;
        assert_int_equal(h_d(&H, 10)[i], v);
        assert_int_equal(h_d(&H, 14)[i], v);
        assert_int_equal(h_d(&H, 12)[i], 4);
    }
    assert_int_equal(H.t->exec_mask, 0xffff);
    assert_int_equal(H.t->wait_mask, 0);
}

/* goto with BranchCtrl (IGC's backward goto): the predicated channels jump
 * to UIP, the others wait at the next instruction. */
static void test_goto_backward(void **st)
{
    (void)st;
    h_load(&H,
           "mov (16|M0) r10.0<1>:d 0:d\n"
           "L:\n"
           "add (16|M0) r10.0<1>:d r10.0<8;8,1>:d 1:d\n"
           "cmp (16|M0) (lt)f0.0 null<1>:d r10.0<8;8,1>:d r2.0<8;8,1>:d\n"
           "(f0.0) goto.b (16|M0) L L\n"
           "add (16|M0) r12.0<1>:d r10.0<8;8,1>:d 100:d\n"
           END);
    run_lane_ids();
    for (int i = 0; i < 16; i++) {
        assert_int_equal(h_d(&H, 10)[i], i < 1 ? 1 : i);
        assert_int_equal(h_d(&H, 12)[i], (i < 1 ? 1 : i) + 100);
    }
}

/* ---- jmpi, call/ret ---- */
static void test_jmpi_call(void **st)
{
    (void)st;
    h_load(&H,
           "(W) jmpi (1|M0) SKIP\n"
           "mov (8|M0) r10.0<1>:d 1:d\n"
           "SKIP:\n"
           "mov (8|M0) r11.0<1>:d 2:d\n"
           "call (8|M0) r20.0<1>:ud SUB\n"
           "mov (8|M0) r13.0<1>:d r12.0<8;8,1>:d\n"
           END
           "SUB:\n"
           "mov (8|M0) r12.0<1>:d 42:d\n"
           "ret (8|M0) r20.0<0;2,1>:ud\n");
    h_thread(&H, 0xff);
    run_ok();
    for (int i = 0; i < 8; i++) {
        assert_int_equal(h_d(&H, 10)[i], 0);
        assert_int_equal(h_d(&H, 11)[i], 2);
        assert_int_equal(h_d(&H, 13)[i], 42);
    }
}

/* A predicated jmpi is a scalar branch: the first channel's predicate
 * decides for every channel (seed 004 jmpi), also after a block of handler
 * instructions (the run loop's lean path runs both).  Lane 0's bound is 1,
 * the others' 9: one pass of the loop; then a forward jmpi that lane 0's
 * predicate takes and the others' would not. */
static void test_jmpi_first_channel(void **st)
{
    (void)st;
    h_load(&H,
           "mov (8|M0) r10.0<1>:d 0:d\n"
           "mov (8|M0) r11.0<1>:d 0:d\n"
           "LOOP:\n"
           "add (8|M0) r10.0<1>:d r10.0<8;8,1>:d 1:d\n"
           "add (8|M0) r11.0<1>:d r11.0<8;8,1>:d 3:d\n"
           "cmp (8|M0) (lt)f0.0 null<1>:d r10.0<8;8,1>:d r2.0<8;8,1>:d\n"
           "(W&f0.0) jmpi (1|M0) LOOP\n"
           "cmp (8|M0) (lt)f0.0 null<1>:d r2.0<8;8,1>:d 2:d\n"
           "(W&f0.0) jmpi (1|M0) OVER\n"
           "mov (8|M0) r12.0<1>:d 7:d\n"
           "OVER:\n"
           "mov (8|M0) r13.0<1>:d 8:d\n"
           END);
    h_thread(&H, 0xff);
    for (int i = 0; i < 8; i++)
        h_d(&H, 2)[i] = i == 0 ? 1 : 9;
    run_ok();
    for (int i = 0; i < 8; i++) {
        assert_int_equal(h_d(&H, 10)[i], 1);
        assert_int_equal(h_d(&H, 11)[i], 3);
        assert_int_equal(h_d(&H, 12)[i], 0);
        assert_int_equal(h_d(&H, 13)[i], 8);
    }
}

/* ---- accumulator: mul/mach macro, addc/subb, mac ---- */
static void test_acc(void **st)
{
    (void)st;
    h_load(&H,
           "mul (8|M0) acc0.0<1>:d r2.0<8;8,1>:d r3.0<16;8,2>:uw\n"
           "mach (8|M0) r10.0<1>:d r2.0<8;8,1>:d r3.0<8;8,1>:d {AccWrEn}\n"
           "mov (8|M0) r11.0<1>:d acc0.0<8;8,1>:d\n"
           "mul (8|M0) acc0.0<1>:ud r4.0<8;8,1>:ud r5.0<16;8,2>:uw\n"
           "mach (8|M0) r12.0<1>:ud r4.0<8;8,1>:ud r5.0<8;8,1>:ud {AccWrEn}\n"
           "addc (8|M0) r13.0<1>:ud r4.0<8;8,1>:ud r5.0<8;8,1>:ud {AccWrEn}\n"
           "mov (8|M0) r14.0<1>:ud acc0.0<8;8,1>:ud\n"
           "subb (8|M0) r15.0<1>:ud r4.0<8;8,1>:ud r5.0<8;8,1>:ud {AccWrEn}\n"
           "mov (8|M0) r16.0<1>:ud acc0.0<8;8,1>:ud\n"
           "mov (8|M0) acc0.0<1>:f r6.0<8;8,1>:f\n"
           "mac (8|M0) r17.0<1>:f r6.0<8;8,1>:f r7.0<8;8,1>:f\n"
           END);
    h_thread(&H, 0xff);
    int32_t a[8] = {1, -1, 0x7fffffff, (int32_t)0x80000000, 123456789, -987654321, 65536, -3};
    int32_t b[8] = {-1, -1, 0x7fffffff, (int32_t)0x80000000, 987654321, 123456789, 65536, 7};
    uint32_t ua[8] = {0xffffffffu, 1, 0x80000000u, 0x12345678u, 0, 5, 0xfffffffeu, 3};
    uint32_t ub[8] = {0xffffffffu, 0xffffffffu, 0x80000000u, 0x9abcdef0u, 0, 7, 2, 3};
    for (int i = 0; i < 8; i++) {
        h_d(&H, 2)[i] = a[i];
        h_d(&H, 3)[i] = b[i];
        h_ud(&H, 4)[i] = ua[i];
        h_ud(&H, 5)[i] = ub[i];
        h_f(&H, 6)[i] = (float)i + 0.5f;
        h_f(&H, 7)[i] = (float)i * 2.0f;
    }
    run_ok();
    for (int i = 0; i < 8; i++) {
        int64_t p = (int64_t)a[i] * b[i];
        uint64_t up = (uint64_t)ua[i] * ub[i];
        assert_int_equal(h_d(&H, 10)[i], (int32_t)(p >> 32));
        assert_int_equal(h_d(&H, 11)[i], (int32_t)(uint32_t)p);
        assert_int_equal(h_ud(&H, 12)[i], (uint32_t)(up >> 32));
        assert_int_equal(h_ud(&H, 13)[i], ua[i] + ub[i]);
        assert_int_equal(h_ud(&H, 14)[i], (uint32_t)(((uint64_t)ua[i] + ub[i]) >> 32));
        assert_int_equal(h_ud(&H, 15)[i], ua[i] - ub[i]);
        assert_int_equal(h_ud(&H, 16)[i], ua[i] < ub[i] ? 1u : 0u);
        float fa = (float)i + 0.5f, fb = (float)i * 2.0f;
        assert_true(h_f(&H, 17)[i] == fa + fa * fb || h_f(&H, 17)[i] == fmaf(fa, fb, fa));
    }
}

/* ---- bit operations ---- */
static uint32_t ref_bfrev(uint32_t v) { uint32_t r = 0; for (int i = 0; i < 32; i++) if (v >> i & 1) r |= 1u << (31 - i); return r; }
static void test_bitops(void **st)
{
    (void)st;
    h_load(&H,
           "bfrev (8|M0) r10.0<1>:ud r2.0<8;8,1>:ud\n"
           "cbit (8|M0) r11.0<1>:ud r2.0<8;8,1>:ud\n"
           "fbh (8|M0) r12.0<1>:ud r2.0<8;8,1>:d\n"
           "fbh (8|M0) r13.0<1>:ud r2.0<8;8,1>:ud\n"
           "fbl (8|M0) r14.0<1>:ud r2.0<8;8,1>:ud\n"
           "lzd (8|M0) r15.0<1>:ud r2.0<8;8,1>:ud\n"
           "bfe (8|M0) r16.0<1>:ud r3.0<2;1>:ud r4.0<2;1>:ud r2.0<1>:ud\n"
           "bfe (8|M0) r17.0<1>:d r3.0<2;1>:d r4.0<2;1>:d r2.0<1>:d\n"
           "bfi1 (8|M0) r18.0<1>:ud r3.0<8;8,1>:ud r4.0<8;8,1>:ud\n"
           "bfi2 (8|M0) r19.0<1>:ud r18.0<2;1>:ud r5.0<2;1>:ud r2.0<1>:ud\n"
           END);
    h_thread(&H, 0xff);
    uint32_t v[8] = {0, 1, 0xffffffffu, 0x80000000u, 0x00f0f000u, 0x7fffffffu, 0xfffe0000u, 0x12345678u};
    for (int i = 0; i < 8; i++) {
        h_ud(&H, 2)[i] = v[i];
        h_ud(&H, 3)[i] = (uint32_t)(i * 3 + 1);     /* width */
        h_ud(&H, 4)[i] = (uint32_t)(i * 4);         /* offset */
        h_ud(&H, 5)[i] = 0xa5a5a5a5u;
    }
    run_ok();
    for (int i = 0; i < 8; i++) {
        uint32_t x = v[i];
        int pop = 0, lz = 32, tz = -1, lzs;
        for (int k = 0; k < 32; k++) pop += (x >> k) & 1;
        for (int k = 31; k >= 0; k--) if (x >> k & 1) { lz = 31 - k; break; }
        for (int k = 0; k < 32; k++) if (x >> k & 1) { tz = k; break; }
        uint32_t y = ((int32_t)x < 0) ? ~x : x;
        lzs = -1;
        for (int k = 31; k >= 0; k--) if (y >> k & 1) { lzs = 31 - k; break; }
        assert_int_equal(h_ud(&H, 10)[i], ref_bfrev(x));
        assert_int_equal(h_ud(&H, 11)[i], (uint32_t)pop);
        assert_int_equal(h_ud(&H, 12)[i], (uint32_t)lzs);
        assert_int_equal(h_ud(&H, 13)[i], x ? (uint32_t)lz : 0xffffffffu);
        assert_int_equal(h_ud(&H, 14)[i], (uint32_t)tz);
        assert_int_equal(h_ud(&H, 15)[i], (uint32_t)lz);
        uint32_t w = (uint32_t)(i * 3 + 1) & 31, o = (uint32_t)(i * 4) & 31;
        uint64_t m = ((1ull << w) - 1);
        uint32_t ue = (uint32_t)((x >> o) & m);
        int32_t se = (int32_t)ue;
        if (o + w > 32) { ue = x >> o; se = (int32_t)x >> o; }
        else if (w && (ue >> (w - 1)) & 1) se = (int32_t)(ue | ~(uint32_t)m);
        assert_int_equal(h_ud(&H, 16)[i], ue);
        assert_int_equal(h_d(&H, 17)[i], se);
        uint32_t mask = (uint32_t)(m << o);
        assert_int_equal(h_ud(&H, 18)[i], mask);
        /* seed 004 bfi2: src1 shifted to the mask's lowest set bit */
        assert_int_equal(h_ud(&H, 19)[i], ((0xa5a5a5a5u << (w ? o : 0)) & mask) | (x & ~mask));
    }
}

/* ---- math ---- */
static void test_math(void **st)
{
    (void)st;
    h_load(&H,
           "math.inv (8|M0) r10.0<1>:f r2.0<8;8,1>:f\n"
           "math.sqt (8|M0) r11.0<1>:f r2.0<8;8,1>:f\n"
           "math.fdiv (8|M0) r12.0<1>:f r3.0<8;8,1>:f r2.0<8;8,1>:f\n"
           "math.iqot (8|M0) r13.0<1>:d r4.0<8;8,1>:d r5.0<8;8,1>:d\n"
           "math.irem (8|M0) r14.0<1>:d r4.0<8;8,1>:d r5.0<8;8,1>:d\n"
           "math.exp (8|M0) r15.0<1>:f r6.0<8;8,1>:f\n"
           "math.log (8|M0) r16.0<1>:f r2.0<8;8,1>:f\n"
           "math.pow (8|M0) r17.0<1>:f r2.0<8;8,1>:f r6.0<8;8,1>:f\n"
           "math.rsqt (8|M0) r18.0<1>:f r2.0<8;8,1>:f\n"
           "math.sin (8|M0) r19.0<1>:f r6.0<8;8,1>:f\n"
           "math.cos (8|M0) r20.0<1>:f r6.0<8;8,1>:f\n"
           "frc (8|M0) r21.0<1>:f r3.0<8;8,1>:f\n"
           "rndd (8|M0) r22.0<1>:f r3.0<8;8,1>:f\n"
           "rndu (8|M0) r23.0<1>:f r3.0<8;8,1>:f\n"
           "rnde (8|M0) r24.0<1>:f r3.0<8;8,1>:f\n"
           "rndz (8|M0) r25.0<1>:f r3.0<8;8,1>:f\n"
           END);
    h_thread(&H, 0xff);
    float x[8] = {1, 2, 4, 0.25f, 9, 100, 0.0f, INFINITY};
    float y[8] = {2.5f, -2.5f, 3.5f, -0.5f, 1.25f, -7.75f, 0.5f, 10};
    int32_t p[8] = {7, -7, 7, -7, 100, 0x7fffffff, 0, -1};
    int32_t q[8] = {2, 2, -2, -2, 7, 3, 5, 1};
    for (int i = 0; i < 8; i++) {
        h_f(&H, 2)[i] = x[i];
        h_f(&H, 3)[i] = y[i];
        h_d(&H, 4)[i] = p[i];
        h_d(&H, 5)[i] = q[i];
        h_f(&H, 6)[i] = (float)i * 0.5f - 1.0f;
    }
    run_ok();
    for (int i = 0; i < 8; i++) {
        float e = (float)i * 0.5f - 1.0f;
        assert_true(h_f(&H, 10)[i] == 1.0f / x[i]);
        assert_true(h_f(&H, 11)[i] == sqrtf(x[i]));
        assert_true(h_f(&H, 12)[i] == y[i] / x[i]);
        assert_int_equal(h_d(&H, 13)[i], p[i] / q[i]);
        assert_int_equal(h_d(&H, 14)[i], p[i] % q[i]);
        assert_true(fabsf(h_f(&H, 15)[i] - exp2f(e)) <= 1e-6f * exp2f(e));
        if (x[i] > 0 && isfinite(x[i]))
            assert_true(fabsf(h_f(&H, 16)[i] - log2f(x[i])) <= 1e-6f);
        assert_true(fabsf(h_f(&H, 18)[i] - 1.0f / sqrtf(x[i])) <= 1e-6f * (1.0f / sqrtf(x[i])) || (x[i] == 0 && isinf(h_f(&H, 18)[i])));
        assert_true(fabsf(h_f(&H, 19)[i] - sinf(e)) <= 1e-6f);
        assert_true(fabsf(h_f(&H, 20)[i] - cosf(e)) <= 1e-6f);
        assert_true(h_f(&H, 21)[i] == y[i] - floorf(y[i]));
        assert_true(h_f(&H, 22)[i] == floorf(y[i]));
        assert_true(h_f(&H, 23)[i] == ceilf(y[i]));
        assert_true(h_f(&H, 24)[i] == nearbyintf(y[i]));
        assert_true(h_f(&H, 25)[i] == truncf(y[i]));
    }
    /* log(0) = -inf (seed 001 §2.3.1.1), inv(0) = +inf */
    assert_true(isinf(h_f(&H, 16)[6]) && h_f(&H, 16)[6] < 0);
    assert_true(isinf(h_f(&H, 10)[6]) && h_f(&H, 10)[6] > 0);
}

/* Run the loaded kernel on 8 channels with F denorms in r2. */
static void denorms_run(void)
{
    h_thread(&H, 0xff);
    for (int i = 0; i < 8; i++)
        h_ud(&H, 2)[i] = 0x00000001u + (uint32_t)i * 0x100u;
    run_ok();
}

/* Register reg holds r2's denorms, or zeros where they were flushed. */
static void assert_denorms(int reg, int flushed)
{
    for (int i = 0; i < 8; i++)
        assert_int_equal(h_ud(&H, reg)[i], flushed ? 0 : 0x00000001u + (uint32_t)i * 0x100u);
}

/* ---- denorm flushing (cr0.0 bit 7 clear: F denorms flushed in arithmetic, kept by mov) ---- */
static void test_denorm(void **st)
{
    (void)st;
    h_load(&H,
           "add (8|M0) r10.0<1>:f r2.0<8;8,1>:f 0.0:f\n"
           "mov (8|M0) r11.0<1>:f r2.0<8;8,1>:f\n"
           "(W) or (1|M0) cr0.0<1>:ud cr0.0<0;1,0>:ud 0x80:ud\n"
           "add (8|M0) r12.0<1>:f r2.0<8;8,1>:f 0.0:f\n"
           END);
    denorms_run();
    assert_denorms(10, 1);
    assert_denorms(11, 0);
    assert_denorms(12, 0);
    assert_int_equal(H.t->cr0[0] & 0x80, 0x80);
}

/* ---- cr0 writes in a loop: the float modes the run loop applies after
 * each (its second pass runs the body as planned blocks), seed 001
 * §3.3.3.8: F denorms flushed in arithmetic while cr0.0 bit 7 is clear ---- */
static void test_cr0_loop(void **st)
{
    (void)st;
    h_load(&H,
           "(W) mov (1|M0) r20.0<1>:d 0x3:d\n"
           "(W) mov (1|M0) cr0.0<1>:ud 0x0:ud\n"
           "L:\n"
           "add (8|M0) r10.0<1>:f r2.0<8;8,1>:f 0.0:f\n"
           "(W) or (1|M0) cr0.0<1>:ud cr0.0<0;1,0>:ud 0x80:uw\n"
           "add (8|M0) r12.0<1>:f r2.0<8;8,1>:f 0.0:f\n"
           "(W) and (1|M0) cr0.0<1>:ud cr0.0<0;1,0>:ud 0xFFFFFF7F:ud\n"
           "add (8|M0) r14.0<1>:f r2.0<8;8,1>:f 0.0:f\n"
           "(W) add (1|M0) r20.0<1>:d r20.0<0;1,0>:d -1:d\n"
           "(W) cmp (8|M0) (gt)f0.0 null<1>:d r20.0<0;1,0>:d 0:d\n"
           "(f0.0) while (8|M0) L\n"
           END);
    denorms_run();
    assert_denorms(10, 1);
    assert_denorms(12, 0);
    assert_denorms(14, 1);
    assert_int_equal(h_d(&H, 20)[0], 0);
    assert_int_equal(H.t->cr0[0] & 0x80, 0);
}

/* ---- indirect addressing ---- */
static void test_indirect(void **st)
{
    (void)st;
    h_load(&H,
           "(W) mov (1|M0) a0.0<1>:uw 0x60:uw\n"
           "mov (8|M0) r10.0<1>:d r[a0.0,8]<8;8,1>:d\n"
           "(W) mov (8|M0) a0.0<1>:uw r4.0<8;8,1>:uw\n"
           "mov (8|M0) r11.0<1>:d r[a0.0]<1,0>:d\n"
           END);
    h_thread(&H, 0xff);
    for (int i = 0; i < 16; i++)
        h_d(&H, 3)[i] = 1000 + i;      /* r3, r4 */
    uint16_t addrs[8] = {0x60, 0x64, 0x7c, 0x68, 0x60, 0x70, 0x74, 0x6c};
    run_ok();
    /* r[a0.0 + 8] starting at byte 0x68 = r3.2 */
    for (int i = 0; i < 8; i++)
        assert_int_equal(h_d(&H, 10)[i], 1000 + 2 + i);
    (void)addrs;
    /* second part: a0.0..7 come from r4 words (r4 was filled with ints; use them as set below) */
}

static void test_indirect_vxh(void **st)
{
    (void)st;
    h_load(&H,
           "(W) mov (8|M0) a0.0<1>:uw r4.0<8;8,1>:uw\n"
           "mov (8|M0) r11.0<1>:d r[a0.0]<1,0>:d\n"
           END);
    h_thread(&H, 0xff);
    uint16_t addrs[8] = {0x60, 0x64, 0x7c, 0x68, 0x60, 0x70, 0x74, 0x6c};
    for (int i = 0; i < 8; i++) {
        h_d(&H, 3)[i] = 1000 + i;
        h_uw(&H, 4)[i] = addrs[i];
    }
    run_ok();
    for (int i = 0; i < 8; i++)
        assert_int_equal(h_d(&H, 11)[i], 1000 + (addrs[i] - 0x60) / 4);
}

/* A SIMD8 thread of the loaded kernel under a watchdog of n instructions:
 * stopped by it after exactly n. */
static void run_watchdog(uint64_t n)
{
    h_thread(&H, 0xff);
    H.dev->cfg.max_eu_instructions = n;
    int s = h_run(&H);
    H.dev->cfg.max_eu_instructions = 0;
    assert_int_equal(s, GTSIM_ERR_WATCHDOG);
    assert_int_equal(H.t->instructions, n);
}

/* ---- faults: out-of-range indirect access, illegal instruction, watchdog ---- */
static void test_faults(void **st)
{
    (void)st;
    h_load(&H,
           "(W) mov (1|M0) a0.0<1>:uw 0xff0:uw\n"
           "mov (8|M0) r10.0<1>:d r[a0.0]<8;8,1>:d\n"
           END);
    h_thread(&H, 0xff);
    int s = h_run(&H);
    assert_int_equal(s, GTSIM_ERR_ILLEGAL);
    assert_int_equal(H.t->state, GT_THREAD_FAULTED);
    assert_non_null(strstr(H.dev->err, "ip 0x10"));

    h_load(&H, "illegal\n" END);
    h_thread(&H, 0xff);
    s = h_run(&H);
    assert_int_equal(s, GTSIM_ERR_ILLEGAL);
    assert_int_equal(H.t->state, GT_THREAD_FAULTED);

    /* undecodable bytes: reserved opcode 0x7f with bit 7 clear */
    uint8_t junk[16] = {0x7f, 0, 0, 0};
    gt_mem_write(H.dev->mem, KERNEL_GVA, junk, 16);
    gt_kcache_flush(H.dev->kcache);
    h_thread(&H, 0xff);
    s = h_run(&H);
    assert_true(s == GTSIM_ERR_ILLEGAL);
    assert_non_null(strstr(H.dev->err, "7f"));

    h_load(&H, "L:\n(W) jmpi (1|M0) L\n");
    run_watchdog(1000);

    /* the watchdog ends a loop of blocks (exec.c block_plan) at its exact
     * count: 125 passes of 8 instructions, then 3 of the 7 adds */
    h_load(&H,
           "L7:\n"
           "add (8|M0) r10.0<1>:d r10.0<8;8,1>:d 1:d\n"
           "add (8|M0) r10.0<1>:d r10.0<8;8,1>:d 1:d\n"
           "add (8|M0) r10.0<1>:d r10.0<8;8,1>:d 1:d\n"
           "add (8|M0) r10.0<1>:d r10.0<8;8,1>:d 1:d\n"
           "add (8|M0) r10.0<1>:d r10.0<8;8,1>:d 1:d\n"
           "add (8|M0) r10.0<1>:d r10.0<8;8,1>:d 1:d\n"
           "add (8|M0) r10.0<1>:d r10.0<8;8,1>:d 1:d\n"
           "(W) jmpi (1|M0) L7\n");
    run_watchdog(1003);
    for (int i = 0; i < 8; i++)
        assert_int_equal(h_d(&H, 10)[i], 125 * 7 + 3);
}

/* ---- gtsim_interrupt from another thread stops a running thread within
 * milliseconds; the submission bounds (total EU instructions, timeout) end
 * an endless kernel with their reports ---- */
static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static void *interrupter(void *arg)
{
    usleep(50000);
    gtsim_interrupt(arg);
    return NULL;
}

static void test_interrupt_and_bounds(void **st)
{
    (void)st;
    h_load(&H, "L:\n(W) jmpi (1|M0) L\n");
    h_thread(&H, 0xff);
    assert_int_equal(gt_work_begin(H.dev), GTSIM_OK);
    pthread_t th;
    double t0 = now_s();
    assert_int_equal(pthread_create(&th, NULL, interrupter, H.dev), 0);
    int s = h_run(&H);
    double dt = now_s() - t0;
    pthread_join(th, NULL);
    assert_int_equal(s, GTSIM_ERR_INTERRUPTED);
    assert_true(dt < 1.0);
    assert_true(H.t->instructions > 0);
    assert_non_null(strstr(H.dev->err, "interrupted"));
    assert_non_null(strstr(H.dev->err, "jmpi")); /* the instruction it was at */
    /* sticky until cleared: the next submission stops at once */
    assert_true(gtsim_interrupted(H.dev));
    assert_int_equal(gt_work_begin(H.dev), GTSIM_ERR_INTERRUPTED);
    gtsim_interrupt_clear(H.dev);
    assert_false(gtsim_interrupted(H.dev));

    /* max_total_eu_instructions: counted over the submission */
    h_thread(&H, 0xff);
    H.dev->cfg.max_total_eu_instructions = 100000;
    assert_int_equal(gt_work_begin(H.dev), GTSIM_OK);
    s = h_run(&H);
    H.dev->cfg.max_total_eu_instructions = 0;
    assert_int_equal(s, GTSIM_ERR_WATCHDOG);
    assert_non_null(strstr(H.dev->err, "max_total_eu_instructions = 100000"));
    assert_true(H.t->instructions > 100000 && H.t->instructions <= 100000 + GT_POLL_INSNS);

    /* timeout_ms */
    h_thread(&H, 0xff);
    H.dev->cfg.timeout_ms = 100;
    assert_int_equal(gt_work_begin(H.dev), GTSIM_OK);
    t0 = now_s();
    s = h_run(&H);
    dt = now_s() - t0;
    H.dev->cfg.timeout_ms = 0;
    gt_work_begin(H.dev); /* a new submission: no deadline */
    assert_int_equal(s, GTSIM_ERR_WATCHDOG);
    assert_non_null(strstr(H.dev->err, "timeout"));
    assert_true(dt >= 0.1 && dt < 1.0);
}

/* ---- wait n0: blocks while zero, clears and continues ----
 * A wait is counted once, when it completes, however often the thread
 * tried it: instructions and channels are the thread's own. */
static void test_wait(void **st)
{
    (void)st;
    h_load(&H, "mov (8|M0) r10.0<1>:d 1:d\n" "wait n0.0:ud\n" "mov (8|M0) r11.0<1>:d 2:d\n" END);
    h_thread(&H, 0xff);
    run_ok();
    assert_int_equal(H.t->ip, 16);
    assert_int_equal(h_d(&H, 11)[0], 0);
    assert_int_equal(H.t->instructions, 1);   /* the first mov */
    assert_int_equal(H.t->channels, 8);
    for (int i = 0; i < 3; i++) {   /* tried again with n0.0 still 0: nothing runs */
        H.t->state = GT_THREAD_RUNNABLE;
        run_ok();
        assert_int_equal(H.t->ip, 16);
        assert_int_equal(H.t->instructions, 1);
        assert_int_equal(H.t->channels, 8);
    }
    H.t->n0[0] = 1;
    H.t->state = GT_THREAD_RUNNABLE;
    run_ok();
    assert_int_equal(H.t->n0[0], 0);
    assert_int_equal(h_d(&H, 11)[0], 2);
    assert_int_equal(H.t->ip, 48);
    /* + the wait (one channel: SIMD1) and the second mov; END's wait blocks */
    assert_int_equal(H.t->instructions, 3);
    assert_int_equal(H.t->channels, 8 + 1 + 8);
}

/* ---- HF arithmetic and csel / lrp ---- */
static void test_3src_misc(void **st)
{
    (void)st;
    h_load(&H,
           "csel (8|M0) (lt)f0.0 r10.0<1>:f r2.0<2;1>:f r3.0<2;1>:f r4.0<1>:f\n"
           "lrp (8|M0) r11.0<1>:f r5.0<2;1>:f r2.0<2;1>:f r3.0<1>:f\n"
           "add (16|M0) r12.0<1>:hf r6.0<16;16,1>:hf r7.0<16;16,1>:hf\n"
           END);
    h_thread(&H, 0xffff);
    for (int i = 0; i < 8; i++) {
        h_f(&H, 2)[i] = (float)i;
        h_f(&H, 3)[i] = (float)(-i);
        h_f(&H, 4)[i] = (float)(i - 4);
        h_f(&H, 5)[i] = 0.25f * (float)i;
    }
    for (int i = 0; i < 16; i++) {
        h_uw(&H, 6)[i] = 0x3c00;                 /* 1.0 */
        h_uw(&H, 7)[i] = (uint16_t)(0x1400 + i); /* small values: sums round */
    }
    run_ok();
    for (int i = 0; i < 8; i++) {
        assert_true(h_f(&H, 10)[i] == (i - 4 < 0 ? (float)i : (float)-i));
        float s = 0.25f * (float)i;
        assert_true(fabsf(h_f(&H, 11)[i] - (s * (float)i + (1 - s) * (float)-i)) < 1e-5f);
    }
    for (int i = 0; i < 16; i++) {
        /* 1.0 + h: half ulp at 1.0 is 2^-10; 0x1400 = 2^-10 * 1.0 */
        double hv = ldexp(1.0 + (double)i / 1024.0, -10);
        double sum = 1.0 + hv;
        /* round to nearest even at 2^-10 granularity */
        double q = sum * 1024.0, fl = floor(q), d = q - fl;
        if (d > 0.5 || (d == 0.5 && fmod(fl, 2.0) != 0)) fl += 1;
        uint16_t exp = (uint16_t)(0x3c00 + (int)(fl - 1024));
        assert_int_equal(h_uw(&H, 12)[i], exp);
    }
}

/* ---- throughput: SIMD16 float/int loop (report lane-ops per second) ---- */
static void test_perf(void **st)
{
    (void)st;
    h_load(&H,
           "(W) mov (1|M0) r1.0<1>:d 0:d\n"
           "L:\n"
           "add (16|M0) r10.0<1>:f r10.0<8;8,1>:f r2.0<8;8,1>:f\n"
           "mul (16|M0) r12.0<1>:f r10.0<8;8,1>:f 0.5:f\n"
           "mad (16|M0) r14.0<1>:f r12.0<2;1>:f r10.0<2;1>:f r2.0<1>:f\n"
           "add (16|M0) r16.0<1>:d r16.0<8;8,1>:d r1.0<0;1,0>:d\n"
           "shl (16|M0) r18.0<1>:d r16.0<8;8,1>:d 2:d\n"
           "and (16|M0) r20.0<1>:d r18.0<8;8,1>:d 0xff:d\n"
           "(W) add (1|M0) r1.0<1>:d r1.0<0;1,0>:d 1:d\n"
           "(W) cmp (16|M0) (lt)f0.0 null<1>:d r1.0<0;1,0>:d 100000:d\n"
           "(f0.0) while (16|M0) L\n"
           END);
    h_thread(&H, 0xffff);
    uint64_t c0 = H.dev->stats.eu_channels;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    run_ok();
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    double lops = (double)(H.dev->stats.eu_channels - c0) / s;
    printf("euexec throughput: %.1f M lane-ops/s (%.3f s)\n", lops / 1e6, s);
    assert_int_equal(h_d(&H, 1)[0], 100000);
}

int main(void)
{
    if (system("iga64 -h >/dev/null 2>&1") != 0 && system("command -v iga64 >/dev/null") != 0) {
        fprintf(stderr, "iga64 not found: the EU executor tests need it (libigc-tools)\n");
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_float_alu),
        cmocka_unit_test(test_int_alu),
        cmocka_unit_test(test_vec_imm_stride),
        cmocka_unit_test(test_conversions),
        cmocka_unit_test(test_cmp_sel_pred),
        cmocka_unit_test(test_masks_simd32),
        cmocka_unit_test(test_if_else),
        cmocka_unit_test(test_loop_break),
        cmocka_unit_test(test_while_pred),
        cmocka_unit_test(test_goto_join),
        cmocka_unit_test(test_goto_backward),
        cmocka_unit_test(test_join_inside_block),
        cmocka_unit_test(test_jmpi_call),
        cmocka_unit_test(test_jmpi_first_channel),
        cmocka_unit_test(test_acc),
        cmocka_unit_test(test_bitops),
        cmocka_unit_test(test_math),
        cmocka_unit_test(test_denorm),
        cmocka_unit_test(test_cr0_loop),
        cmocka_unit_test(test_indirect),
        cmocka_unit_test(test_indirect_vxh),
        cmocka_unit_test(test_faults),
        cmocka_unit_test(test_interrupt_and_bounds),
        cmocka_unit_test(test_wait),
        cmocka_unit_test(test_3src_misc),
        cmocka_unit_test(test_perf),
        cmocka_unit_test(test_vector_imm_layout),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
