/*
 * EU executor regressions found by the OpenCL conformance work (issue 8):
 * instruction forms Intel's compiler emits that the other EU tests did not
 * reach.  Kernels are IGA assembly (iga64 -p=9), expected values are
 * computed here in C from the seeds' definitions, never from gtsim.
 *
 *  - vector immediates (V/UV) with a DWord-strided destination: the eight
 *    expanded words are read at the destination's byte position, so
 *    channel i gets word 2i (IGC's `add (4) r:ud r:uw 0x0C080400:uv` for
 *    the offsets 0, 4, 8, 12 of a DWord scatter write);
 *  - the rounding instructions rndd/rndu/rnde/rndz and frc on F and DF,
 *    for signed zeros, values that round to a zero, halfway cases,
 *    denormals, infinities and NaN (seed 004 rndd/frc pages, IEEE 754);
 *  - 64-bit pointers: QWord regions from odd QWords, scalar and broadcast
 *    QWords over two GRFs, DWord halves split and joined with stride 2,
 *    (hi << 32) | lo, base + signed word offsets (A64 address payloads).
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

/* Element k of a packed V/UV immediate (seed 001 §2.2.3/2.2.4). */
static int32_t vimm(uint32_t imm, int k, int is_signed)
{
    int32_t e = (int32_t)((imm >> (4 * k)) & 0xf);
    return is_signed && (e & 8) ? e - 16 : e;
}

/* ---- cmp with AccWrEn: the accumulator gets the destination's bits ----
 * (all ones where the condition holds, zero elsewhere; found by the
 * differential test test_eufast: the general path wrote whatever its lane
 * buffer held before, here avg's results) */
static void test_cmp_accwren(void **st)
{
    (void)st;
    h_load(&H,
           "(W) avg (8|M0) r5.0<1>:d r1.0<8;8,1>:d r2.0<8;8,1>:d\n"
           "(W) cmp (8|M0) (lt)f0.0 r10.0<1>:d r1.0<8;8,1>:d r2.0<8;8,1>:d {AccWrEn}\n"
           "(W) mov (8|M0) r11.0<1>:d acc0.0<8;8,1>:d\n"
           END);
    h_thread(&H, 0xff);
    for (int i = 0; i < 8; i++) {
        h_d(&H, 1)[i] = 1000 * i - 3000;
        h_d(&H, 2)[i] = 7 - 2 * i;
    }
    run_ok();
    for (int i = 0; i < 8; i++) {
        uint32_t want = 1000 * i - 3000 < 7 - 2 * i ? 0xffffffffu : 0;
        assert_int_equal(h_ud(&H, 10)[i], want);
        assert_int_equal(h_ud(&H, 11)[i], want);
    }
}

/* ---- a conditional modifier on a converting mov into a null register ----
 * The flags reflect the result after format conversion, in the null's type:
 * brw's `mov.l.f0 null:D x:F` tests int(x) < 0 (piglit sel-neg-int-cast-of-float:
 * -0.5 converts to 0, not negative); an integer source into null:F tests the
 * float value (nonzero for any nonzero integer). */
static void test_cmod_null_converted(void **st)
{
    (void)st;
    h_load(&H,
           "(W) mov (8|M0) (lt)f0.0 null<1>:d r1.0<8;8,1>:f\n"
           "(W) mov (8|M0) r10.0<1>:d 0:d\n"
           "(W&f0.0) mov (8|M0) r10.0<1>:d 1:d\n"
           "(W) mov (8|M0) (ge)f0.1 null<1>:f r2.0<8;8,1>:d\n"
           "(W) mov (8|M0) r11.0<1>:d 0:d\n"
           "(W&f0.1) mov (8|M0) r11.0<1>:d 1:d\n"
           END);
    h_thread(&H, 0xff);
    static const float x[8] = {-0.5f, -1.0f, 0.5f, -0.99f, -2.5f, 3.0f, -0.0f, -1e9f};
    static const int32_t y[8] = {-1, 0, 1, -7, 7, INT32_MIN, INT32_MAX, -100000};
    for (int i = 0; i < 8; i++) {
        memcpy(&h_d(&H, 1)[i], &x[i], 4);
        h_d(&H, 2)[i] = y[i];
    }
    run_ok();
    for (int i = 0; i < 8; i++) {
        assert_int_equal(h_d(&H, 10)[i], (int32_t)x[i] < 0);   /* truncation toward zero */
        assert_int_equal(h_d(&H, 11)[i], (float)y[i] >= 0.0f);
    }
}

/* ---- ce0 reads the channels enabled now ----
 * brw's FIND_LIVE_CHANNEL (`(W) fbl (1) ce0`) inside a divergent if must see the
 * channels the if left enabled, not the dispatch mask (piglit
 * arb_tessellation_shader invocation-counting-*: an atomic per loop iteration
 * issued by the first live channel).  Channels 0-7 dispatched, the if keeps
 * those with r1 >= 3 (channels 3, 5, 6): the first live channel is 3, ce0 = 0x68. */
static void test_ce_live_channels(void **st)
{
    (void)st;
    h_load(&H,
           "(W) mov (8|M0) r10.0<1>:ud 0xFFFFFFFF:ud\n"
           "(W) mov (8|M0) r11.0<1>:ud 0xFFFFFFFF:ud\n"
           "cmp (8|M0) (ge)f0.0 null<1>:d r1.0<8;8,1>:d 3:d\n"
           "(f0.0) if (8|M0) LEND LEND\n"
           "(W) fbl (1|M0) r10.0<1>:ud ce0.0<0;1,0>:ud\n"
           "(W) mov (1|M0) r11.0<1>:ud ce0.0<0;1,0>:ud\n"
           "LEND:\n"
           "endif (8|M0) LNEXT\n"
           "LNEXT:\n"
           END);
    h_thread(&H, 0xff);
    static const int32_t v[8] = {0, 1, 2, 3, -4, 9, 3, 2};
    uint32_t want = 0;
    for (int i = 0; i < 8; i++) {
        h_d(&H, 1)[i] = v[i];
        if (v[i] >= 3)
            want |= 1u << i;
    }
    run_ok();
    assert_int_equal(h_ud(&H, 11)[0], want);
    assert_int_equal(h_ud(&H, 10)[0], 3);
}

/* ---- vector immediates with word- and DWord-strided destinations ---- */
static void test_vector_imm_dword_dst(void **st)
{
    (void)st;
    h_load(&H,
           /* the form IGC emits (kernel storing six pointers) */
           "(W) add (4|M0) r10.0<1>:ud r2.0<0;1,0>:uw 0x0C080400:uv\n"
           /* word destination: one element per channel */
           "(W) mov (8|M0) r11.0<1>:uw 0xFEDCBA98:uv\n"
           "(W) mov (8|M0) r12.0<1>:w 0x8F7E1234:v\n"
           /* DWord destinations, signed and unsigned, mov and add */
           "(W) mov (4|M0) r13.0<1>:d 0x0F0E0D0C:v\n"
           "(W) mov (4|M0) r14.0<1>:ud 0x07050301:uv\n"
           "(W) add (2|M0) r15.0<1>:d r3.0<0;1,0>:d 0x0900:v\n"
           /* a word destination with stride 2 reads DWord positions too */
           "(W) mov (4|M0) r16.0<2>:uw 0x0D0C0B0A:uv\n"
           END);
    h_thread(&H, 0xff);
    h_uw(&H, 2)[0] = 0x10;
    h_d(&H, 3)[0] = 1000;
    for (int r = 10; r <= 16; r++)
        memset(h_ub(&H, r), 0xee, 32);
    run_ok();
    for (int i = 0; i < 4; i++)
        assert_int_equal(h_ud(&H, 10)[i], 0x10 + (uint32_t)vimm(0x0C080400u, 2 * i, 0));
    /* IGC's intent for that instruction: the offsets 0x10, 0x14, 0x18, 0x1c */
    assert_int_equal(h_ud(&H, 10)[3], 0x1c);
    for (int i = 0; i < 8; i++) {
        assert_int_equal(h_uw(&H, 11)[i], (uint16_t)vimm(0xFEDCBA98u, i, 0));
        assert_int_equal((int16_t)h_uw(&H, 12)[i], vimm(0x8F7E1234u, i, 1));
    }
    for (int i = 0; i < 4; i++) {
        assert_int_equal(h_d(&H, 13)[i], vimm(0x0F0E0D0Cu, 2 * i, 1));
        assert_int_equal(h_ud(&H, 14)[i], (uint32_t)vimm(0x07050301u, 2 * i, 0));
    }
    assert_int_equal(h_d(&H, 13)[3], -1);        /* element 6 = 0xF, sign-extended */
    assert_int_equal(h_d(&H, 15)[0], 1000);
    assert_int_equal(h_d(&H, 15)[1], 1000 - 7); /* element 2 = 0x9 = -7 */
    for (int i = 0; i < 4; i++) {
        assert_int_equal(h_uw(&H, 16)[2 * i], (uint16_t)vimm(0x0D0C0B0Au, 2 * i, 0));
        assert_int_equal(h_uw(&H, 16)[2 * i + 1], 0xeeee);   /* untouched */
    }
    /* nothing beyond the channels written */
    for (int i = 4; i < 8; i++)
        assert_int_equal(h_ud(&H, 10)[i], 0xeeeeeeeeu);
}

/* ---- rounding: rndd / rndu / rnde / rndz / frc on F and DF ---- */

/* IEEE 754 roundToIntegral: round to nearest, ties to even; the sign of a
 * zero result is the sign of the input (a value in (-1, 0) rounds to -0). */
static double ref_rnde(double x)
{
    if (!isfinite(x) || fabs(x) >= 0x1p52)
        return x;
    double f = floor(x), d = x - f, r;
    if (d > 0.5 || (d == 0.5 && fmod(f, 2.0) != 0))
        r = f + 1;
    else
        r = f;
    return r == 0 ? copysign(0.0, x) : r;
}
static double ref_rndd(double x)
{
    if (!isfinite(x) || x == 0 || fabs(x) >= 0x1p52)
        return x;
    long long i = (long long)x;     /* toward zero, exact below 2^52 */
    double r = (double)i;
    if (r > x)
        r -= 1;
    return r == 0 ? copysign(0.0, x) : r;
}
static double ref_rndu(double x)
{
    if (!isfinite(x) || x == 0 || fabs(x) >= 0x1p52)
        return x;
    long long i = (long long)x;
    double r = (double)i;
    if (r < x)
        r += 1;
    return r == 0 ? copysign(0.0, x) : r;
}
static double ref_rndz(double x)
{
    if (!isfinite(x) || x == 0 || fabs(x) >= 0x1p52)
        return x;
    double r = (double)(long long)x;
    return r == 0 ? copysign(0.0, x) : r;
}

static const double rvals[] = {
    0.0, -0.0, 0.3, -0.3, 0.5, -0.5, 0.7, -0.7, 1.0, -1.0, 1.5, -1.5, 2.5, -2.5,
    3.5, -3.5, 0x1.fffffep-1, -0x1.fffffep-1, 0x1p-140, -0x1p-140, 1e30, -1e30,
    8388607.5, -8388607.5, 8388608.0, 4194303.5, INFINITY, -INFINITY, 123.456, -99.99,
    0x1p-1, -0x1p-2,
};
#define NRV ((int)(sizeof(rvals) / sizeof(rvals[0])))

static int same_bits_f(float a, float b)
{
    if (isnan(a) && isnan(b))
        return 1;
    uint32_t x, y;
    memcpy(&x, &a, 4);
    memcpy(&y, &b, 4);
    return x == y;
}
static int same_bits_d(double a, double b)
{
    if (isnan(a) && isnan(b))
        return 1;
    uint64_t x, y;
    memcpy(&x, &a, 8);
    memcpy(&y, &b, 8);
    return x == y;
}

static void test_round_f(void **st)
{
    (void)st;
    /* cr0.0 bit 7 set keeps F denormals (as IGC sets it) */
    h_load(&H,
           "(W) or (1|M0) cr0.0<1>:ud cr0.0<0;1,0>:ud 0x4C0:uw {Switch}\n"
           "rndd (8|M0) r10.0<1>:f r2.0<8;8,1>:f\n"
           "rndu (8|M0) r11.0<1>:f r2.0<8;8,1>:f\n"
           "rnde (8|M0) r12.0<1>:f r2.0<8;8,1>:f\n"
           "rndz (8|M0) r13.0<1>:f r2.0<8;8,1>:f\n"
           "frc (8|M0) r14.0<1>:f r2.0<8;8,1>:f\n"
           END);
    for (int base = 0; base < NRV + 8; base += 8) {
        h_thread(&H, 0xff);
        float in[8];
        for (int i = 0; i < 8; i++) {
            int k = base + i;
            in[i] = k < NRV ? (float)rvals[k] : k == NRV ? NAN : k == NRV + 1 ? 0x1p-130f
                  : k == NRV + 2 ? -0x1p-130f : k == NRV + 3 ? -0x1p-149f : (float)(k * 0.25 - 3);
            h_f(&H, 2)[i] = in[i];
        }
        run_ok();
        for (int i = 0; i < 8; i++) {
            double x = in[i];
            float ed = (float)ref_rndd(x), eu = (float)ref_rndu(x), ee = (float)ref_rnde(x),
                  ez = (float)ref_rndz(x);
            if (!same_bits_f(h_f(&H, 10)[i], ed) || !same_bits_f(h_f(&H, 11)[i], eu) ||
                !same_bits_f(h_f(&H, 12)[i], ee) || !same_bits_f(h_f(&H, 13)[i], ez))
                fail_msg("F round of %a: rndd %a (want %a) rndu %a (%a) rnde %a (%a) rndz %a (%a)",
                         x, h_f(&H, 10)[i], ed, h_f(&H, 11)[i], eu, h_f(&H, 12)[i], ee,
                         h_f(&H, 13)[i], ez);
            /* frc: src - floor(src) (seed 004 frc), in [0, 1): the
             * difference is exact for |x| < 2^23; a NaN stays NaN; the
             * infinities give NaN (inf - inf) */
            float fr = h_f(&H, 14)[i];
            if (isnan(x) || isinf(x)) {
                if (!isnan(fr))
                    fail_msg("frc(%a) = %a, want NaN", x, fr);
            } else {
                double want = x - ref_rndd(x);
                if (want >= 1.0)
                    want = 0x1.fffffep-1;  /* a tiny negative x: below 1 */
                if (!(fr >= 0 && fr < 1) || fabs((double)fr - want) > 0x1p-24)
                    fail_msg("frc(%a) = %a, want %a", x, fr, want);
                if (x == 0 && !same_bits_f(fr, 0.0f))
                    fail_msg("frc(%a) = %a, want +0 (x - floor(x) = +0)", x, fr);
            }
        }
    }
}

static void test_round_df(void **st)
{
    (void)st;
    h_load(&H,
           "(W) or (1|M0) cr0.0<1>:ud cr0.0<0;1,0>:ud 0x4C0:uw {Switch}\n"
           "rndd (4|M0) r10.0<1>:df r2.0<4;4,1>:df\n"
           "rndu (4|M0) r11.0<1>:df r2.0<4;4,1>:df\n"
           "rnde (4|M0) r12.0<1>:df r2.0<4;4,1>:df\n"
           "rndz (4|M0) r13.0<1>:df r2.0<4;4,1>:df\n"
           "frc (4|M0) r14.0<1>:df r2.0<4;4,1>:df\n"
           END);
    const double extra[] = { NAN, 0x1p-1070, -0x1p-1070, 4503599627370495.5, -4503599627370495.5,
                             0x1p52, -0x1p53 + 1, 2.5000000000000004, -0x1.fffffffffffffp-1 };
    int ne = (int)(sizeof(extra) / sizeof(extra[0]));
    for (int base = 0; base < NRV + ne; base += 4) {
        h_thread(&H, 0xff);
        double in[4];
        for (int i = 0; i < 4; i++) {
            int k = base + i;
            in[i] = k < NRV ? rvals[k] : k < NRV + ne ? extra[k - NRV] : 0.75;
            h_df(&H, 2)[i] = in[i];
        }
        run_ok();
        for (int i = 0; i < 4; i++) {
            double x = in[i];
            double ed = ref_rndd(x), eu = ref_rndu(x), ee = ref_rnde(x), ez = ref_rndz(x);
            if (!same_bits_d(h_df(&H, 10)[i], ed) || !same_bits_d(h_df(&H, 11)[i], eu) ||
                !same_bits_d(h_df(&H, 12)[i], ee) || !same_bits_d(h_df(&H, 13)[i], ez))
                fail_msg("DF round of %a: rndd %a (want %a) rndu %a (%a) rnde %a (%a) rndz %a (%a)",
                         x, h_df(&H, 10)[i], ed, h_df(&H, 11)[i], eu, h_df(&H, 12)[i], ee,
                         h_df(&H, 13)[i], ez);
            double fr = h_df(&H, 14)[i];
            if (isnan(x) || isinf(x)) {
                if (!isnan(fr))
                    fail_msg("DF frc(%a) = %a, want NaN", x, fr);
            } else if (!same_bits_d(fr, x - ref_rndd(x) == 0 ? 0.0 : x - ref_rndd(x))) {
                fail_msg("DF frc(%a) = %a, want %a", x, fr, x - ref_rndd(x));
            }
        }
    }
}

/* IGC's double floor for Gen9 (ocloc -device skl, floor(double)): the
 * integer sequence truncates by masking the mantissa, then adds 0.0 or
 * -1.0.  The final IEEE add turns a -0 truncation into +0: on the
 * hardware, as here, floor(-0.0) from that code is +0.0 (seed 001 IEEE
 * mode: -0 + +0 = +0 in round to nearest).  The simulated result follows
 * the instructions; the sign is the compiler's. */
static void test_igc_floor_df_tail(void **st)
{
    (void)st;
    h_load(&H,
           "(W) mov (1|M0) r22.0<1>:df 0.0:df\n"
           "(W) mov (1|M0) r23.0<1>:df -1.0:df\n"
           "(f0.0) sel (4|M0) r32.0<1>:df r22.0<0;1,0>:df r23.0<0;1,0>:df\n"
           "add (4|M0) r40.0<1>:df r32.0<4;4,1>:df r24.0<4;4,1>:df\n"
           END);
    h_thread(&H, 0xff);
    H.t->flag[0] = 0x5;   /* channels 0, 2: add 0.0; 1, 3: add -1.0 */
    double tr[4] = { -0.0, -0.0, 0.0, -3.0 };
    for (int i = 0; i < 4; i++)
        h_df(&H, 24)[i] = tr[i];
    run_ok();
    assert_true(same_bits_d(h_df(&H, 40)[0], 0.0));    /* -0 + +0 = +0 */
    assert_true(same_bits_d(h_df(&H, 40)[1], -1.0));
    assert_true(same_bits_d(h_df(&H, 40)[2], 0.0));
    assert_true(same_bits_d(h_df(&H, 40)[3], -4.0));
}


/* ---- 64-bit values and addresses: the forms IGC uses to move, build and
 * broadcast pointers (kernel argument pointers in r3/r4 as QWords) ---- */
static void test_qword_pointer_forms(void **st)
{
    (void)st;
    h_load(&H,
           /* QWord region <2;2,1> from an odd QWord, scalar QWords */
           "(W) mov (2|M0) r5.0<1>:q r3.1<2;2,1>:q\n"
           "(W) mov (1|M0) r5.2<1>:q r3.3<0;1,0>:q\n"
           "(W) mov (1|M0) r5.3<1>:q r4.0<0;1,0>:q\n"
           /* broadcast of one QWord over two GRFs, then two overwritten */
           "(W) mov (8|M0) r8.0<1>:q r5.0<0;1,0>:q\n"
           "(W) mov (2|M0) r8.0<1>:q r5.0<2;2,1>:q\n"
           /* the low and high DWords of four QWords, and back (strided DWords) */
           "(W) mov (4|M0) r10.0<1>:d r5.4<4;4,1>:d\n"
           "(W) mov (4|M0) r11.0<1>:ud r5.0<2;1,0>:ud\n"
           "(W) mov (4|M0) r11.4<1>:ud r5.1<2;1,0>:ud\n"
           "(W) mov (4|M0) r12.0<2>:ud r11.0<4;4,1>:ud\n"
           "(W) mov (4|M0) r12.1<2>:ud r11.4<4;4,1>:ud\n"
           /* a QWord built from DWord halves: (hi << 32) | lo */
           "(W) shl (4|M0) r13.0<1>:q r11.4<4;4,1>:ud 32:w\n"
           "(W) or (4|M0) r14.0<1>:q r13.0<4;4,1>:q r11.0<4;4,1>:ud\n"
           /* base + word offsets (A64 address payloads) */
           "(W) add (8|M0) r16.0<1>:uq r3.0<0;1,0>:uq r15.0<8;8,1>:w\n"
           /* a QWord written through its two halves with DWord stride 2 */
           "(W) mov (8|M0) r18.0<2>:d r20.0<8;8,1>:d\n"
           "(W) mov (8|M0) r18.1<2>:d r21.0<8;8,1>:d\n"
           END);
    h_thread(&H, 0xff);
    uint64_t q[8] = { 0x00007f1200001000ull, 0x00007f1200002040ull, 0x0000556677889900ull,
                      0x00007ffe12345678ull, 0x00007f1200003000ull, 0xa0fe000000007fabull,
                      0x000055e3000055e3ull, 0x1122334455667788ull };
    memcpy(h_ub(&H, 3), q, 32);
    memcpy(h_ub(&H, 4), q + 4, 32);
    int16_t woff[8] = { 0, 8, 16, -8, 32767, -32768, 4, 0 };
    memcpy(h_ub(&H, 15), woff, 16);
    for (int i = 0; i < 16; i++)   /* r20 low halves, r21 high halves */
        h_ud(&H, 20)[i] = 0x10000000u + (uint32_t)i * 0x01010101u;
    run_ok();
    uint64_t r5[4] = { q[1], q[2], q[3], q[4] };
    assert_memory_equal(h_ub(&H, 5), r5, 32);
    uint64_t r8[8];
    memcpy(r8, h_ub(&H, 8), 64);
    assert_true(r8[0] == q[1] && r8[1] == q[2]);
    for (int i = 2; i < 8; i++)
        assert_true(r8[i] == q[1]);
    for (int i = 0; i < 4; i++) {
        assert_int_equal(h_ud(&H, 10)[i], (uint32_t)(r5[2 + i / 2] >> (32 * (i & 1))));
        assert_int_equal(h_ud(&H, 11)[i], (uint32_t)r5[i]);
        assert_int_equal(h_ud(&H, 11)[4 + i], (uint32_t)(r5[i] >> 32));
    }
    assert_memory_equal(h_ub(&H, 12), r5, 32);
    uint64_t r14[4];
    memcpy(r14, h_ub(&H, 14), 32);
    for (int i = 0; i < 4; i++)
        assert_true(r14[i] == r5[i]);
    uint64_t r16[8];
    memcpy(r16, h_ub(&H, 16), 64);
    for (int i = 0; i < 8; i++)
        assert_true(r16[i] == q[0] + (uint64_t)(int64_t)woff[i]);
    uint64_t r18[8];
    memcpy(r18, h_ub(&H, 18), 64);
    for (int i = 0; i < 8; i++)
        assert_true(r18[i] == ((uint64_t)(0x10000000u + (uint32_t)(i + 8) * 0x01010101u) << 32 |
                               (0x10000000u + (uint32_t)i * 0x01010101u)));
}

int main(void)
{
    if (system("command -v iga64 >/dev/null") != 0) {
        fprintf(stderr, "iga64 not found: the EU executor tests need it (libigc-tools)\n");
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vector_imm_dword_dst),
        cmocka_unit_test(test_cmp_accwren),
        cmocka_unit_test(test_cmod_null_converted),
        cmocka_unit_test(test_ce_live_channels),
        cmocka_unit_test(test_round_f),
        cmocka_unit_test(test_round_df),
        cmocka_unit_test(test_igc_floor_df_tail),
        cmocka_unit_test(test_qword_pointer_forms),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
