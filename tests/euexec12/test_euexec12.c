/*
 * Gen12LP (Tiger Lake) EU execution.  Each kernel is IGA assembly
 * assembled at test time by `iga64 -p=12p1 -a` and ends in `sync.bar null`
 * (the thread blocks there: seed 004 sync.bar waits for n0.0 bit 0, which
 * nothing sets), run on a thread of a hand-built tgllp device (the harness
 * of tests/euexec compiled for tgllp).  Expected values come from C
 * reference code written from the seed 004 instruction and message pages,
 * never from gtsim output.
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

#define END "sync.bar null\n"

static harness H;
static gt_tgroup TG;
static gt_thread *TG_THREADS[1];
static uint8_t SLM[4096];

/* Memory (the harness identity-maps the first 16 MiB of the GGTT). */
#define SSB 0x200000ull     /* surface state base */
#define BT_OFF 0x800u       /* binding table offset from SSB */
#define BUF0 0x300000ull    /* buffer bound at BTI 0 */
#define BUF0_SIZE 1024u
#define BUF1 0x310000ull    /* stateless / A64 data */

static void wmem(uint64_t a, const void *p, size_t n) { gt_mem_write(H.dev->mem, a, p, n); }
static void rmem(uint64_t a, void *p, size_t n) { gt_mem_read(H.dev->mem, a, p, n); }
static uint32_t rd32(uint64_t a) { uint32_t v = 0; rmem(a, &v, 4); return v; }
static void wr32(uint64_t a, uint32_t v) { wmem(a, &v, 4); }

/* A buffer RENDER_SURFACE_STATE (RAW format, `bytes` entries) at SSB +
 * ss_off bound at bti: DW0 31:29 Surface Type 4 (BUFFER), 26:18 format
 * 1FFh (RAW); entries - 1 split over Width (DW2 6:0), Height (DW2 29:16),
 * Depth (DW3 31:21); base in DW8-9. */
static void bind_buffer(unsigned bti, uint32_t ss_off, uint64_t base, uint32_t bytes)
{
    uint32_t dw[16] = {0}, n = bytes - 1;
    dw[0] = 4u << 29 | 0x1FFu << 18;
    dw[2] = ((n >> 7) & 0x3fff) << 16 | (n & 0x7f);
    dw[3] = ((n >> 21) & 0x7ff) << 21;
    dw[8] = (uint32_t)base;
    dw[9] = (uint32_t)(base >> 32);
    wmem(SSB + ss_off, dw, sizeof dw);
    wr32(SSB + BT_OFF + 4 * bti, ss_off);
}

static int setup(void **st)
{
    (void)st;
    h_init(&H);
    assert_string_equal(H.dev->plat->name, "tgllp");
    H.disp.surface_state_base = SSB;
    H.disp.binding_table = SSB + BT_OFF;
    H.disp.general_state_base = 0;
    bind_buffer(0, 0x40, BUF0, BUF0_SIZE);
    return 0;
}
static int teardown(void **st) { (void)st; h_fini(&H); return 0; }

/* A fresh thread in a one-thread group with SLM. */
static void thread(uint32_t dmask)
{
    h_thread(&H, dmask);
    memset(&TG, 0, sizeof TG);
    memset(SLM, 0, sizeof SLM);
    TG.nthreads = 1;
    TG_THREADS[0] = H.t;
    TG.threads = TG_THREADS;
    TG.slm = SLM;
    TG.slm_size = sizeof SLM;
    H.t->tg = &TG;
}

static uint16_t f2h(float f) { _Float16 h = (_Float16)f; uint16_t u; memcpy(&u, &h, 2); return u; }
static float h2f(uint16_t u) { _Float16 h; memcpy(&h, &u, 2); return (float)h; }

/* ---- 3-source Align1: mad over its regions, immediates, types ---- */
static void test_mad_regions(void **st)
{
    (void)st;
    h_load(&H,
           "mad (8|M0) r10.0<1>:f r2.0<8;1>:f r4.0<8;1>:f r6.0<1>:f\n"
           "mad (8|M0) r11.0<1>:f r2.0<0;0>:f r4.0<1;0>:f r6.3<0>:f\n"
           "mad (8|M0) r12.0<2>:f -r2.0<8;1>:f r4.0<4;2>:f (abs)r6.0<2>:f\n"
           "mad (16|M0) r14.0<1>:f r2.0<8;1>:f r4.1<0;0>:f r6.0<1>:f\n"
           "mad (8|M0) r16.0<1>:d r20.0<8;1>:d r21.0<8;1>:w r22.0<1>:w\n"
           "mad (8|M0) r17.0<1>:d 0x7ff:w r21.0<8;1>:w r22.0<1>:w\n"
           "mad (8|M0) r18.0<1>:d r20.0<8;1>:d r21.0<8;1>:w -5:w\n"
           "mad (8|M0) r19.0<1>:hf r24.0<8;1>:hf r25.0<8;1>:hf 0x3C00:hf\n"
           "mad (8|M0) r26.0<1>:f r2.0<8;1>:f r25.0<8;1>:hf r6.0<1>:f\n"
           END);
    thread(0xffff);
    for (int i = 0; i < 16; i++) {
        h_f(&H, 2)[i] = (float)i * 0.5f - 3.0f;
        h_f(&H, 4)[i] = (float)(i * i) * 0.25f + 1.0f;
        h_f(&H, 6)[i] = (float)i * -2.0f + 0.125f;
    }
    for (int i = 0; i < 8; i++) {
        h_d(&H, 20)[i] = 1000 * i - 3000;
        h_uw(&H, 21)[i] = (uint16_t)(i * 1111 - 4000); /* :w, some negative */
        h_uw(&H, 22)[i] = (uint16_t)(7 - 3 * i);
        h_uw(&H, 24)[i] = f2h((float)i - 2.5f);
        h_uw(&H, 25)[i] = f2h((float)i * 0.5f + 1.0f);
    }
    h_run_ok(&H);
    float *a = h_f(&H, 2), *b = h_f(&H, 4), *c = h_f(&H, 6);
    for (int i = 0; i < 8; i++) {
        assert_true(h_f(&H, 10)[i] == fmaf(b[i], c[i], a[i]));
        assert_true(h_f(&H, 11)[i] == fmaf(b[i], c[3], a[0]));
        /* src1 <4;2>: rows of two elements two apart; dst <2> */
        assert_true(h_f(&H, 12)[2 * i] == fmaf(b[2 * i], fabsf(c[2 * i]), -a[i]));
        int16_t w1 = (int16_t)h_uw(&H, 21)[i], w2 = (int16_t)h_uw(&H, 22)[i];
        assert_int_equal(h_d(&H, 16)[i], h_d(&H, 20)[i] + w1 * w2);
        assert_int_equal(h_d(&H, 17)[i], 0x7ff + w1 * w2);
        assert_int_equal(h_d(&H, 18)[i], h_d(&H, 20)[i] + w1 * -5);
        float hv = h2f(h_uw(&H, 24)[i]) + h2f(h_uw(&H, 25)[i]) * 1.0f; /* exact in HF */
        assert_int_equal(h_uw(&H, 19)[i], f2h(hv));
        assert_true(h_f(&H, 26)[i] == fmaf(h2f(h_uw(&H, 25)[i]), c[i], a[i]));
    }
    for (int i = 0; i < 16; i++)
        assert_true(h_f(&H, 14)[i] == fmaf(b[1], c[i], a[i]));
}

/* ---- csel: src2 compared with zero by the condition (seed 004 csel) ---- */
static void test_csel(void **st)
{
    (void)st;
    h_load(&H,
           "csel (8|M0) (le)f0.0 r10.0<1>:f r2.0<8;1>:f r3.0<8;1>:f r4.0<1>:f\n"
           "csel (8|M0) (gt)f0.0 r11.0<1>:d r5.0<8;1>:d r6.0<8;1>:d r7.0<1>:d\n"
           "csel (16|M0) (ne)f0.0 r12.0<1>:w r13.0<8;1>:w r14.0<8;1>:w r15.0<1>:w\n"
           "csel (8|M0) (eq)f1.0 r16.0<1>:hf r17.0<8;1>:hf r18.0<8;1>:hf r19.0<1>:hf\n"
           "csel (8|M0) (lt)f0.0 r20.0<1>:f -r2.0<8;1>:f (abs)r3.0<8;1>:f -r4.0<1>:f\n"
           END);
    thread(0xffff);
    for (int i = 0; i < 8; i++) {
        h_f(&H, 2)[i] = (float)i + 0.5f;
        h_f(&H, 3)[i] = -(float)i * 3.0f;
        h_f(&H, 4)[i] = (float)(i - 4);
        h_d(&H, 5)[i] = 100 + i;
        h_d(&H, 6)[i] = -100 - i;
        h_d(&H, 7)[i] = (i & 1) ? -i : i;
        h_uw(&H, 17)[i] = f2h((float)i);
        h_uw(&H, 18)[i] = f2h(-(float)i);
        h_uw(&H, 19)[i] = f2h(i % 3 ? 0.0f : 1.0f);
    }
    for (int i = 0; i < 16; i++) {
        h_uw(&H, 13)[i] = (uint16_t)(i + 1);
        h_uw(&H, 14)[i] = (uint16_t)(0x8000 + i);
        h_uw(&H, 15)[i] = (uint16_t)(i % 4 ? 0 : 0xffff);
    }
    H.t->flag[0] = 0x1234; /* csel does not update flags */
    h_run_ok(&H);
    assert_int_equal(H.t->flag[0], 0x1234);
    for (int i = 0; i < 8; i++) {
        float s2 = h_f(&H, 4)[i];
        assert_true(h_f(&H, 10)[i] == (s2 <= 0 ? h_f(&H, 2)[i] : h_f(&H, 3)[i]));
        assert_int_equal(h_d(&H, 11)[i], h_d(&H, 7)[i] > 0 ? 100 + i : -100 - i);
        assert_int_equal(h_uw(&H, 16)[i], i % 3 == 0 ? h_uw(&H, 18)[i] : h_uw(&H, 17)[i]);
        assert_true(h_f(&H, 20)[i] == (-s2 < 0 ? -h_f(&H, 2)[i] : fabsf(h_f(&H, 3)[i])));
    }
    for (int i = 0; i < 16; i++)
        assert_int_equal(h_uw(&H, 12)[i], i % 4 ? 0x8000 + i : i + 1);
}

/* ---- bfe / bfi2 (3-source Align1, seed 004 bfe, bfi2) ---- */
static void test_bitfield(void **st)
{
    (void)st;
    h_load(&H,
           "bfe (8|M0) r10.0<1>:ud r3.0<8;1>:ud r4.0<8;1>:ud r2.0<1>:ud\n"
           "bfe (8|M0) r11.0<1>:d r3.0<8;1>:d r4.0<8;1>:d r2.0<1>:d\n"
           "bfe (8|M0) r12.0<1>:ud 0x8:uw r4.0<8;1>:ud r2.0<1>:ud\n"
           "bfi1 (8|M0) r13.0<1>:ud r3.0<8;8,1>:ud r4.0<8;8,1>:ud\n"
           "bfi2 (8|M0) r14.0<1>:ud r13.0<8;1>:ud r5.0<8;1>:ud r2.0<1>:ud\n"
           END);
    thread(0xff);
    uint32_t v[8] = {0, 1, 0xffffffffu, 0x80000000u, 0x00f0f000u, 0x7fffffffu, 0xfffe0000u, 0x12345678u};
    for (int i = 0; i < 8; i++) {
        h_ud(&H, 2)[i] = v[i];
        h_ud(&H, 3)[i] = (uint32_t)(i * 3 + 1);
        h_ud(&H, 4)[i] = (uint32_t)(i * 4 + 1);
        h_ud(&H, 5)[i] = 0x6b5a4c3du + (uint32_t)i;
    }
    h_run_ok(&H);
    for (int i = 0; i < 8; i++) {
        uint32_t x = v[i], o = (uint32_t)(i * 4 + 1) & 31;
        for (int k = 0; k < 3; k++) {
            uint32_t w = k == 2 ? 8 : (uint32_t)(i * 3 + 1) & 31;
            uint32_t ue, m = w >= 32 ? ~0u : (1u << w) - 1;
            int32_t se;
            if (w == 0) { ue = 0; se = 0; }
            else if (w + o < 32) { ue = (x >> o) & m; se = (int32_t)(x << (32 - w - o)) >> (32 - w); }
            else { ue = x >> o; se = (int32_t)x >> o; }
            if (k == 1) assert_int_equal(h_d(&H, 11)[i], se);
            else assert_int_equal(h_ud(&H, k == 0 ? 10 : 12)[i], ue);
        }
        uint32_t w = (uint32_t)(i * 3 + 1) & 31;
        uint32_t mask = (uint32_t)((((1ull << w) - 1) << o) & 0xffffffffu);
        assert_int_equal(h_ud(&H, 13)[i], mask);
        uint32_t ins = 0x6b5a4c3du + (uint32_t)i;
        /* the low w bits of the insert value land at offset o */
        assert_int_equal(h_ud(&H, 14)[i], (((ins & ((1ull << w) - 1)) << o) & mask) | (x & ~mask));
    }
}

/* ---- dp4a (seed 004 dp4a: src0 + four byte products of src1, src2) ---- */
static int64_t ref_dp4a(int64_t acc, uint32_t p, uint32_t q, int sp, int sq)
{
    for (int k = 0; k < 4; k++) {
        uint32_t bp = p >> (8 * k) & 0xff, bq = q >> (8 * k) & 0xff;
        acc += (sp ? (int64_t)(int8_t)bp : (int64_t)bp) * (sq ? (int64_t)(int8_t)bq : (int64_t)bq);
    }
    return acc;
}

static void test_dp4a(void **st)
{
    (void)st;
    h_load(&H,
           "dp4a (8|M0) r10.0<1>:d r2.0<8;1>:d r3.0<8;1>:d r4.0<1>:d\n"
           "dp4a (8|M0) r11.0<1>:ud r2.0<8;1>:ud r3.0<8;1>:ud r4.0<1>:ud\n"
           "dp4a (8|M0) (sat)r12.0<1>:d r2.0<8;1>:d r3.0<8;1>:d r4.0<1>:d\n"
           "dp4a (8|M0) (sat)r13.0<1>:ud r2.0<8;1>:ud r3.0<8;1>:ud r4.0<1>:ud\n"
           "dp4a (8|M0) r14.0<1>:d 50:w r3.0<8;1>:d r4.0<1>:ud\n"
           "dp4a (8|M0) r15.0<1>:d r2.0<0;0>:d r3.0<8;1>:ud 0x7F03:uw\n"
           END);
    thread(0xff);
    static const uint32_t p[8] = {0x0102037F, 0x80808080, 0x7f7f7f7f, 0xffffffff, 0, 0x01ff7f80, 0x12345678, 0xfedcba98};
    static const uint32_t q[8] = {0x0102037F, 0x80808080, 0x7f7f7f7f, 0x01010101, 5, 0x80ff7f01, 0x9abcdef0, 0x76543210};
    static const int32_t acc[8] = {50, 0x7fffff00, -0x7fffff00, 0, -1, 123456, (int32_t)0x80000001u, 7};
    for (int i = 0; i < 8; i++) {
        h_ud(&H, 3)[i] = p[i];
        h_ud(&H, 4)[i] = q[i];
        h_d(&H, 2)[i] = acc[i];
    }
    h_run_ok(&H);
    assert_int_equal(h_d(&H, 10)[0], 16193); /* the seed's example */
    for (int i = 0; i < 8; i++) {
        int64_t s = ref_dp4a(acc[i], p[i], q[i], 1, 1);
        int64_t u = ref_dp4a((uint32_t)acc[i], p[i], q[i], 0, 0);
        assert_int_equal(h_d(&H, 10)[i], (int32_t)(uint32_t)s);
        assert_int_equal(h_ud(&H, 11)[i], (uint32_t)u);
        assert_int_equal(h_d(&H, 12)[i], s > INT32_MAX ? INT32_MAX : s < INT32_MIN ? INT32_MIN : s);
        assert_int_equal(h_ud(&H, 13)[i], u > UINT32_MAX ? UINT32_MAX : (uint32_t)u);
        assert_int_equal(h_d(&H, 14)[i], (int32_t)(uint32_t)ref_dp4a(50, p[i], q[i], 1, 0));
        assert_int_equal(h_d(&H, 15)[i], (int32_t)(uint32_t)ref_dp4a(acc[0], p[i], 0x7F03, 0, 0));
    }
}

/* ---- ror / rol (seed 004: only the bits of the type; count & (bits-1)) ---- */
static void test_rotate(void **st)
{
    (void)st;
    h_load(&H,
           "ror (8|M0) r10.0<1>:ud r2.0<8;8,1>:ud r3.0<8;8,1>:ud\n"
           "rol (8|M0) r11.0<1>:ud r2.0<8;8,1>:ud r3.0<8;8,1>:ud\n"
           "ror (16|M0) r12.0<1>:uw r4.0<16;16,1>:uw 0x5:uw\n"
           "rol (16|M0) r13.0<1>:uw r4.0<16;16,1>:uw r5.0<16;16,1>:uw\n"
           "rol (8|M0) r14.0<1>:ud r2.0<8;8,1>:ud 0x24:ud\n"
           "ror (8|M0) (eq)f0.0 r15.0<1>:ud r6.0<8;8,1>:ud 0x3:ud\n"
           END);
    thread(0xffff);
    for (int i = 0; i < 8; i++) {
        h_ud(&H, 2)[i] = 0x80000001u * (uint32_t)(i + 1) ^ 0x12345678u;
        h_ud(&H, 3)[i] = (uint32_t)(i * 9); /* 0..63: masked to 0..31 */
        h_ud(&H, 6)[i] = i & 1 ? 0 : 1u << i;
    }
    for (int i = 0; i < 16; i++) {
        h_uw(&H, 4)[i] = (uint16_t)(0x8421 * (i + 1));
        h_uw(&H, 5)[i] = (uint16_t)(i * 3);
    }
    h_run_ok(&H);
    for (int i = 0; i < 8; i++) {
        uint32_t v = h_ud(&H, 2)[i], c = (uint32_t)(i * 9) & 31;
        uint32_t rr = c ? (v >> c) | (v << (32 - c)) : v, rl = c ? (v << c) | (v >> (32 - c)) : v;
        assert_int_equal(h_ud(&H, 10)[i], rr);
        assert_int_equal(h_ud(&H, 11)[i], rl);
        assert_int_equal(h_ud(&H, 14)[i], (v << 4) | (v >> 28)); /* 0x24 & 31 = 4 */
        uint32_t z = h_ud(&H, 6)[i];
        assert_int_equal(h_ud(&H, 15)[i], z ? (z >> 3) | (z << 29) : 0);
    }
    assert_int_equal(H.t->flag[0] & 0xff, 0xaa); /* zero results in the odd lanes */
    for (int i = 0; i < 16; i++) {
        uint16_t v = h_uw(&H, 4)[i];
        unsigned c = (unsigned)(i * 3) & 15;
        assert_int_equal(h_uw(&H, 12)[i], (uint16_t)((v >> 5) | (v << 11)));
        assert_int_equal(h_uw(&H, 13)[i], (uint16_t)(c ? (v << c) | (v >> (16 - c)) : v));
    }
}

/* ---- math (seed 004 math: the Gen12 function set) ---- */
static void test_math(void **st)
{
    (void)st;
    static uint8_t code[256];
    size_t n = h_assemble(
           "math.inv (8|M0) r10.0<1>:f r2.0<8;8,1>:f\n"
           "math.sqt (8|M0) r11.0<1>:f r3.0<8;8,1>:f\n"
           "math.iqot (8|M0) r12.0<1>:d r2.0<8;8,1>:d r3.0<8;8,1>:d\n"
           "math.iqot (8|M0) r13.0<1>:d r4.0<8;8,1>:d r5.0<8;8,1>:d\n"
           "math.irem (8|M0) r14.0<1>:d r4.0<8;8,1>:d r5.0<8;8,1>:d\n"
           "math.iqot (8|M0) r15.0<1>:ud r4.0<8;8,1>:ud r5.0<8;8,1>:ud\n"
           "math.irem (8|M0) r16.0<1>:ud r4.0<8;8,1>:ud r5.0<8;8,1>:ud\n"
           "math.rsqt (8|M0) r17.0<1>:f r3.0<8;8,1>:f\n"
           "math.iqot (8|M0) r18.0<1>:d r3.0<8;8,1>:d r6.0<8;8,1>:d\n"
           "math.iqot (8|M0) r19.0<1>:d r20.0<8;8,1>:d r21.0<8;8,1>:d\n"
           "math.iqot (8|M0) r22.0<1>:d r21.0<8;8,1>:d r23.0<8;8,1>:d\n"
           END, code, sizeof code);
    /* fdiv and pow (FC 9h, Ah, seed 004 math) are not accepted by iga64
     * -p=12p1: the third and ninth instructions (iqot, FC Ch) become them
     * with F operands (Dst.DataType 39:36, Src0.DataType 43:40,
     * Src1.DataType 91:88 = Ah), the tenth and eleventh with HF (9h) */
    static const struct { int at, fc, ty; } patch[4] = {{32, 9, 0xA}, {128, 0xA, 0xA},
                                                         {144, 9, 0x9}, {160, 0xA, 0x9}};
    for (int k = 0; k < 4; k++) {
        uint8_t *in = code + patch[k].at;
        assert_int_equal(in[11] >> 4, 0xC);
        in[11] = (uint8_t)(patch[k].fc << 4 | patch[k].ty);
        in[4] = (uint8_t)((in[4] & 0x0f) | patch[k].ty << 4);
        in[5] = (uint8_t)((in[5] & 0xf0) | patch[k].ty);
    }
    h_load_raw(&H, code, n);
    thread(0xff);
    for (int i = 0; i < 8; i++) {
        h_f(&H, 2)[i] = (float)(i + 1) * 0.75f;
        h_f(&H, 3)[i] = (float)((i + 1) * (i + 1)) * 4.0f;
        h_d(&H, 4)[i] = 1000003 * (i - 3);
        h_d(&H, 5)[i] = (i & 1) ? -(7 + i) : 7 + i;
        h_f(&H, 6)[i] = (float)(i % 3) - 1.0f;   /* -1, 0, 1: exact powers */
        static const float p2[8] = {1, 2, 4, 8, 0.5f, 0.25f, 2, 4};
        h_uw(&H, 20)[i] = f2h((float)(3 * (i + 1)));
        h_uw(&H, 21)[i] = f2h(p2[i]);
        h_uw(&H, 23)[i] = f2h((float)(i % 3) - 1.0f);
    }
    h_run_ok(&H);
    for (int i = 0; i < 8; i++) {
        float a = h_f(&H, 2)[i], b = h_f(&H, 3)[i];
        int32_t p = h_d(&H, 4)[i], q = h_d(&H, 5)[i];
        assert_true(h_f(&H, 10)[i] == 1.0f / a);
        assert_true(h_f(&H, 11)[i] == (float)(2 * (i + 1)));
        assert_true(h_f(&H, 12)[i] == a / b);
        assert_true(h_f(&H, 18)[i] == powf(b, h_f(&H, 6)[i]));
        /* HF fdiv / pow, exact quotients and powers of two */
        static const float p2b[8] = {1, 2, 4, 8, 0.5f, 0.25f, 2, 4};
        float e = (float)(i % 3) - 1.0f;
        assert_int_equal(h_uw(&H, 19)[i], f2h((float)(3 * (i + 1)) / p2b[i]));
        assert_int_equal(h_uw(&H, 22)[i], f2h(e < 0 ? 1.0f / p2b[i] : e > 0 ? p2b[i] : 1.0f));
        assert_int_equal(h_d(&H, 13)[i], p / q);
        assert_int_equal(h_d(&H, 14)[i], p % q);
        assert_int_equal(h_ud(&H, 15)[i], (uint32_t)p / (uint32_t)q);
        assert_int_equal(h_ud(&H, 16)[i], (uint32_t)p % (uint32_t)q);
        assert_true(h_f(&H, 17)[i] == 1.0f / (float)(2 * (i + 1)));
    }
}

/* ---- control flow: if/else/endif and goto/join (seed 004 goto
 * pseudocode: with BranchCtrl clear the predicated channels wait at the
 * join IP = IP + UIP, the other active ones go on at IP + 1 -- the reverse
 * of Gen9's; IGC's Gen12 IEEE divide relies on it) ---- */
static void test_control_flow(void **st)
{
    (void)st;
    h_load(&H,
           "mov (16|M0) r10.0<1>:ud 0x0:ud\n"
           "mov (16|M0) r12.0<1>:ud 0x0:ud\n"
           "mov (16|M0) r14.0<1>:ud 0x0:ud\n"
           "cmp (16|M0) (lt)f0.0 null<1>:ud r2.0<8;8,1>:ud 0x5:ud\n"
           "(f0.0) if (16|M0) LE LEND\n"
           "add (16|M0) r10.0<1>:ud r10.0<8;8,1>:ud 0x10:ud\n"
           "else (16|M0) LEND LEND\n"
           "LE:\n"
           "add (16|M0) r10.0<1>:ud r10.0<8;8,1>:ud 0x20:ud\n"
           "LEND:\n"
           "endif (16|M0) LNEXT\n"
           "LNEXT:\n"
           "cmp (16|M0) (lt)f1.0 null<1>:ud r2.0<8;8,1>:ud 0x7:ud\n"
           "(f1.0) goto (16|M0) LJ LJ\n"
           "add (16|M0) r12.0<1>:ud r12.0<8;8,1>:ud 0x1:ud\n"
           "LJ:\n"
           "join (16|M0) LAFTER\n"
           "LAFTER:\n"
           "add (16|M0) r14.0<1>:ud r14.0<8;8,1>:ud 0x3:ud\n"
           END);
    thread(0xffff);
    for (int i = 0; i < 16; i++)
        h_ud(&H, 2)[i] = (uint32_t)i;
    h_run_ok(&H);
    for (int i = 0; i < 16; i++) {
        assert_int_equal(h_ud(&H, 10)[i], i < 5 ? 0x10u : 0x20u);
        assert_int_equal(h_ud(&H, 12)[i], i < 7 ? 0u : 1u);
        assert_int_equal(h_ud(&H, 14)[i], 3u);
    }
    assert_int_equal(H.t->exec_mask, 0xffff);
}

/* ---- sync (seed 004 sync): nop/allrd/allwr order nothing more in an
 * in-order model; bar blocks until n0.0 bit 0 is set and clears it ---- */
static void test_sync(void **st)
{
    (void)st;
    size_t n = h_load(&H,
                      "sync.nop null\n"
                      "sync.allrd 0x3\n"
                      "sync.allwr null\n"
                      "mov (8|M0) r10.0<1>:ud 0x5:ud {$1}\n"
                      "sync.bar null\n"
                      "mov (8|M0) r11.0<1>:ud 0x6:ud {@1}\n"
                      END);
    thread(0xff);
    h_run_ok(&H);   /* blocks at the first sync.bar (n0.0 clear) */
    assert_int_equal(H.t->ip, 0x40);
    assert_int_equal(h_ud(&H, 10)[7], 5u);
    assert_int_equal(h_ud(&H, 11)[0], 0u);
    H.t->n0[0] = 0x3;   /* barrier 0 notified (and bit 1, which stays) */
    h_run_ok(&H);   /* passes, clears bit 0, blocks at the last one */
    assert_int_equal(H.t->ip, n - 16);
    assert_int_equal(H.t->n0[0], 0x2);
    assert_int_equal(h_ud(&H, 11)[0], 6u);
}

/* ---- data port messages through the Gen12 split send ---- */
static void test_send_dataport(void **st)
{
    (void)st;
    h_load(&H,
           /* untyped surface read, SIMD8, x (BTI 0): wr:1+0, rd:1 */
           "send.dc1 (8|M0) r10 r2 null 0x0 0x02106E00\n"
           /* untyped surface write, SIMD8, x: wr:1+1 (src1 r4) */
           "send.dc1 (8|M0) null r3 r4 0x40 0x02026E00\n"
           /* the same read, descriptors from a0 */
           "mov (1|M0) a0.0<1>:ud 0x02106E00:ud\n"
           "mov (1|M0) a0.2<1>:ud 0x0:ud\n"
           "send.dc1 (8|M0) r11 r3 null a0.2 a0.0\n"
           /* the write with both descriptors in a0: ExDesc[10:6] = 1 */
           "mov (1|M0) a0.0<1>:ud 0x02026E00:ud\n"
           "mov (1|M0) a0.2<1>:ud 0x40:ud\n"
           "send.dc1 (8|M0) null r7 r4 a0.2 a0.0\n"
           /* A64 untyped atomic increment, SIMD8, no return: wr:2+0 */
           "send.dc1 (8|M0) null r20 null 0x0 0x040485FF\n"
           /* A64 untyped atomic add with return: wr:2+1, rd:1 */
           "send.dc1 (8|M0) r12 r20 r22 0x40 0x0414A7FF\n"
           /* SLM (BTI 254) byte scattered write 32b then read */
           "send.dc0 (8|M0) null r5 r6 0x40 0x020308FE\n"
           "send.dc0 (8|M0) r13 r5 null 0x0 0x021108FE\n"
           END);
    thread(0xff);
    for (int i = 0; i < 256; i++)
        wr32(BUF0 + 4 * i, 0x1000u + (uint32_t)i);
    for (int i = 0; i < 8; i++) {
        wr32(BUF1 + 4 * i, 100u * (uint32_t)i);
        h_ud(&H, 2)[i] = (uint32_t)(8 * i);          /* read offsets */
        h_ud(&H, 3)[i] = (uint32_t)(512 + 4 * i);    /* write offsets */
        h_ud(&H, 4)[i] = 0xabc00000u + (uint32_t)i;
        h_ud(&H, 7)[i] = (uint32_t)(768 + 4 * i);
        ((uint64_t *)h_ud(&H, 20))[i] = BUF1 + 4 * (uint64_t)i; /* r20-r21 */
        h_ud(&H, 22)[i] = (uint32_t)(10 + i);
        h_ud(&H, 5)[i] = (uint32_t)(4 * (7 - i));    /* SLM offsets */
        h_ud(&H, 6)[i] = 0x5a000000u | (uint32_t)i;
    }
    h_run_ok(&H);
    for (int i = 0; i < 8; i++) {
        assert_int_equal(h_ud(&H, 10)[i], 0x1000u + 2u * (uint32_t)i);
        assert_int_equal(rd32(BUF0 + 512 + 4 * (uint64_t)i), 0xabc00000u + (uint32_t)i);
        assert_int_equal(h_ud(&H, 11)[i], 0xabc00000u + (uint32_t)i);
        assert_int_equal(rd32(BUF0 + 768 + 4 * (uint64_t)i), 0xabc00000u + (uint32_t)i);
        /* 100 i, incremented, then 10 + i added; the add returns the old value */
        assert_int_equal(h_ud(&H, 12)[i], 100u * (uint32_t)i + 1);
        assert_int_equal(rd32(BUF1 + 4 * (uint64_t)i), 100u * (uint32_t)i + 1 + 10 + (uint32_t)i);
        uint32_t slm;
        memcpy(&slm, SLM + 4 * (7 - i), 4);
        assert_int_equal(slm, 0x5a000000u | (uint32_t)i);
        assert_int_equal(h_ud(&H, 13)[i], 0x5a000000u | (uint32_t)i);
    }
}

/* ---- gateway barrier + sync.bar, thread spawner EOT ---- */
static void test_barrier_eot(void **st)
{
    (void)st;
    size_t n = h_load(&H,
                      "send.gtwy (1|M0) null r24 null 0x0 0x02000004\n"
                      "sync.bar null\n"
                      "mov (8|M0) r10.0<1>:ud 0x77:ud\n"
                      "send.ts (8|M0) null r127 null 0x0 0x02000010 {EOT}\n"
                      END);
    (void)n;
    thread(0xff);
    int st2 = h_run(&H);
    assert_int_equal(st2, GTSIM_OK);
    assert_int_equal(H.t->state, GT_THREAD_DONE);
    assert_int_equal(h_ud(&H, 10)[0], 0x77u);
    assert_int_equal(TG.done, 1u);
    assert_int_equal(H.t->n0[0], 0u);
}

/* ---- bad input: reports with EU IP, raw bytes, disassembly ---- */
static void test_bad_input(void **st)
{
    (void)st;
    uint8_t code[64];
    size_t n = h_assemble("mov (8|M0) r10.0<1>:ud 0x5:ud\nmov (8|M0) r11.0<1>:ud 0x6:ud\n" END,
                          code, sizeof code);
    assert_int_equal(n, 48);
    /* opcode 0 is the illegal instruction (seed 004 illegal) */
    uint8_t bad[48];
    memcpy(bad, code, n);
    memset(bad + 16, 0, 16);
    h_load_raw(&H, bad, n);
    thread(0xff);
    assert_int_equal(h_run(&H), GTSIM_ERR_ILLEGAL);
    assert_int_equal(H.t->state, GT_THREAD_FAULTED);
    assert_non_null(strstr(H.dev->err, "illegal instruction at kernel GVA 0x100000 ip 0x10: `illegal`"));
    assert_non_null(strstr(H.dev->err, "[raw 00 00 00 00"));
    /* SWSB 0001xxxx is reserved (seed 004 instruction header [15:8]) */
    memcpy(bad, code, n);
    bad[16 + 1] = 0x13;
    h_load_raw(&H, bad, n);
    thread(0xff);
    assert_int_equal(h_run(&H), GTSIM_ERR_ILLEGAL);
    assert_non_null(strstr(H.dev->err, "ip 0x10: reserved software scoreboard (SWSB) encoding 0x13"));
    assert_non_null(strstr(H.dev->err, "[raw 61 13 03 00"));
    /* host notification: never arrives here, reported not hung */
    h_load(&H, "sync.host null\n" END);
    thread(0xff);
    assert_int_equal(h_run(&H), GTSIM_ERR_UNIMPL);
    assert_non_null(strstr(H.dev->err, "ip 0x0: `sync.host null`"));
}

/* ---- Gen12LP rules of the seed 004 instruction pages: each breaking
 * instruction is an illegal-instruction report naming the rule; each
 * legal neighbour runs ---- */
static void test_gen12_rules(void **st)
{
    (void)st;
    static const struct {
        const char *text, *rule; /* rule NULL: legal */
    } cases[] = {
        {"mov (8|M0) r10.0<1>:q r2.0<4;4,1>:q", "no DF, Q or UQ operands on Gen12LP"},
        {"add (8|M0) r10.0<1>:df r2.0<4;4,1>:df r4.0<4;4,1>:df", "no DF, Q or UQ operands"},
        {"mov (8|M0) r10.0<1>:f r2.0<4;4,1>:uq", "no DF, Q or UQ operands"},
        {"math.iqot (16|M0) r10.0<1>:d r2.0<8;8,1>:d r4.0<8;8,1>:d", "INT DIV does not support SIMD16"},
        {"math.iqot (8|M0) r10.0<1>:d r2.0<8;8,1>:d r4.0<8;8,1>:d", NULL},
        {"math.idiv (8|M0) r10.0<1>:d r2.0<8;8,1>:d r4.0<8;8,1>:d", "INT DIV cannot write two registers"},
        {"math.iqot (8|M0) r10.0<1>:d -r2.0<8;8,1>:d r4.0<8;8,1>:d", "INT DIV does not support source modifiers"},
        {"math.inv (8|M0) acc0.0<1>:f r2.0<8;8,1>:f", "math must use GRF as destination"},
        {"math.inv (16|M0) r10.0<1>:hf r2.0<16;16,1>:hf", "half floats: ExecSize at most 8"},
        {"math.inv (8|M0) r10.0<1>:hf r2.0<8;8,1>:hf", NULL},
        {"math.inv (8|M0) r10.0<1>:hf r2.0<8;8,1>:f", "the HF operand must be interleaved"},
        {"math.inv (8|M0) r10.0<2>:hf r2.0<8;8,1>:f", NULL},
        {"math.inv (8|M0) r10.0<1>:f r2.0<16;8,2>:hf", NULL},
        {"math.inv (8|M0) r10.0<1>:f r2.0<8;8,1>:hf", "the HF operand must be interleaved"},
        {"math.inv (8|M0) r10.0<1>:f r2.0<16;8,1>:f", "Src.Vstride must be Src.Width * Src.Hstride"},
        {"math.inv (8|M0) r10.0<1>:f r2.0<16;8,2>:f", "source and destination strides must match"},
        {"math.inv (8|M0) r10.0<1>:f r2.0<0;1,0>:f", NULL},
        {"csel (8|M0) (le)f0.0 r10.0<1>:ud r2.0<8;1>:ud r3.0<8;1>:ud r4.0<1>:ud", "csel takes F, HF, D or W types only"},
        {"cmpn (8|M0) (eq)f0.0 null<1>:f r2.0<8;8,1>:f r3.0<8;8,1>:f", "cmpn supports only the .l and .ge"},
        {"cmpn (8|M0) (ge)f0.0 null<1>:f r2.0<8;8,1>:f r3.0<8;8,1>:f", NULL},
        {"mad (8|M0) r10.0<1>:d r2.0<8;1>:d acc0.0<8;1>:d r4.0<1>:d", "integer src1/src2 cannot be accumulators"},
        {"mad (8|M0) r10.0<1>:f r2.0<8;1>:f acc0.0<8;1>:f r4.0<1>:f", NULL},
        {"mad (8|M0) (sat)r10.0<1>:d r2.0<8;1>:d r3.0<8;1>:d r4.0<1>:d", "no condition or saturation with DWord src1/src2"},
        {"mad (8|M0) (sat)r10.0<1>:d r2.0<8;1>:d r3.0<8;1>:w r4.0<1>:w", NULL},
        {"dp4a (8|M0) r10.0<1>:d acc0.0<8;1>:d acc1.0<8;1>:d r4.0<1>:d", "only one of src0 or src1 may be an accumulator"},
        {"dp4a (8|M0) r10.0<1>:d acc0.0<8;1>:d r3.0<8;1>:d r4.0<1>:d", NULL},
        {"bfe (8|M0) acc0.0<1>:ud r2.0<8;1>:ud r3.0<8;1>:ud r4.0<1>:ud", "no accumulator access, implicit or explicit"},
        {"cbit (8|M0) r10.0<1>:ud r2.0<8;8,1>:ud {AccWrEn}", "no accumulator access, implicit or explicit"},
        {"and (8|M0) r10.0<1>:ud ~acc0.0<8;8,1>:ud r3.0<8;8,1>:ud", "no source modifier on an accumulator source"},
        {"and (8|M0) r10.0<1>:ud acc0.0<8;8,1>:ud r3.0<8;8,1>:ud", NULL},
        {"mov (8|M0) acc0.0<1>:ud acc1.0<8;8,1>:ud", "an accumulator can be a source or destination, not both"},
        {"ror (8|M0) r10.0<1>:d r2.0<8;8,1>:d r3.0<8;8,1>:d", "dst and src0 UW or UD, of one type"},
        {"rol (8|M0) r10.0<1>:ud r2.0<8;8,1>:uw r3.0<8;8,1>:ud", "dst and src0 UW or UD, of one type"},
        {"rol (16|M0) r10.0<1>:ud r2.0<8;8,1>:ud r4.0<8;8,1>:d", NULL}, /* IGC's intmix */
        {"ror (8|M0) r10.0<1>:ud r2.0<8;8,1>:ud r3.0<8;8,1>:f", "rotates take integer types only"},
        {"dp4a (8|M0) r10.0<1>:w r2.0<8;1>:w r3.0<8;1>:w r4.0<1>:w", "dp4a takes D/UD types only"},
        {"send.ts (8|M0) null r2 null 0x0 0x02000010 {EOT}", "an EOT send must use r112-r127 for sources"},
        {"send.ts (8|M0) null r120 r4 0x40 0x02000010 {EOT}", "an EOT send must use r112-r127 for sources"},
        {"send.dc1 (8|M0) null r2 r20 0x200 0x10026E00", "Message Length + Extended Message Length > 15"},
        {"send.dc1 (8|M0) null r2 null 0x40 0x02026E00", "null src1 with an Extended Message Length"},
        {"send.dc1 (8|M0) null r2 r20 0x1C0 0x10026E00", NULL}, /* 8 + 7 */
    };
    char text[256];
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        snprintf(text, sizeof text, "%s\n" END, cases[k].text);
        h_load(&H, text);
        thread(0xffff);
        int st2 = h_run(&H);
        if (!cases[k].rule) {
            if (st2 != GTSIM_OK || H.t->state != GT_THREAD_BLOCKED)
                fail_msg("legal `%s` failed: %s", cases[k].text, H.dev->err);
            continue;
        }
        if (st2 != GTSIM_ERR_ILLEGAL || !strstr(H.dev->err, cases[k].rule) ||
            !strstr(H.dev->err, "ip 0x0: `") || !strstr(H.dev->err, "[raw "))
            fail_msg("`%s`: status %d, report \"%s\" (want \"%s\")", cases[k].text, st2,
                     H.dev->err, cases[k].rule);
    }
}

/* ---- mach (seed 004 mach pseudocode): with AccWrEn the high DWord of
 * the 64-bit product and the accumulator; without it the low DWord, the
 * accumulator unchanged (IGC's Gen12 32x32 -> 32 multiply: mul acc0 +
 * mach).  Horizontal predicates over aligned groups whatever the
 * ExecSize (IGC's `(W&f0.0.any16h) add (1|M0)`) ---- */
/* addc / subb with a :w source (IGC's Gen12 64-bit address arithmetic,
 * `addc (8) r7:ud r5:ud r14.8:w {AccWrEn}` in tests/ocl ocl_addr): the
 * word is sign-extended to the UD execution type, the carry (borrow) is
 * that of the 32-bit operation, in acc0; then the high DWords add it. */
static void test_addc_word_source(void **st)
{
    (void)st;
    h_load(&H,
           "addc (8|M0) r10.0<1>:ud r2.0<8;8,1>:ud r3.0<16;8,2>:w {AccWrEn}\n"
           "mov (8|M0) r11.0<1>:ud acc0.0<8;8,1>:ud\n"
           "subb (8|M0) r12.0<1>:ud r2.0<8;8,1>:ud r3.0<16;8,2>:w {AccWrEn}\n"
           "mov (8|M0) r13.0<1>:ud acc0.0<8;8,1>:ud\n"
           END);
    thread(0xff);
    static const uint32_t a[8] = {5, 0xfffffffe, 0, 0x80000000, 7, 0xffff0000, 1, 0x12345678};
    static const int16_t w[8] = {3, 2, -1, -1, -7, 0x7fff, -32768, 100};
    for (int i = 0; i < 8; i++) {
        h_ud(&H, 2)[i] = a[i];
        h_ud(&H, 3)[i] = (uint16_t)w[i]; /* word 2i of r3; word 2i+1 = 0 */
    }
    h_run_ok(&H);
    for (int i = 0; i < 8; i++) {
        uint32_t b = (uint32_t)(int32_t)w[i];
        assert_int_equal(h_ud(&H, 10)[i], a[i] + b);
        assert_int_equal(h_ud(&H, 11)[i], (uint64_t)a[i] + b > 0xffffffffull);
        assert_int_equal(h_ud(&H, 12)[i], a[i] - b);
        assert_int_equal(h_ud(&H, 13)[i], a[i] < b);
    }
}

/* Flag registers saved to and restored from GRF words / DWords and set
 * from immediates with (W) mov (1) (IGC's Gen12 loops; a fast path). */
static void test_flag_mov(void **st)
{
    (void)st;
    h_load(&H,
           "(W) mov (1|M0) f0.0<1>:uw 0x1234:uw\n"
           "(W) mov (1|M0) f0.1<1>:uw r2.3<0;1,0>:uw\n"
           "(W) mov (1|M0) f1.0<1>:ud r2.2<0;1,0>:ud\n"
           "(W) mov (1|M0) r10.3<1>:uw f0.1<0;1,0>:uw\n"
           "(W) mov (1|M0) r10.2<1>:ud f1.0<0;1,0>:ud\n"
           "(W) mov (1|M0) r10.0<1>:uw f0.0<0;1,0>:uw\n"
           "(W) mov (1|M0) f1.1<1>:uw 0x5a5a:uw\n"
           "(W) mov (1|M0) r11.0<1>:ud f1.0<0;1,0>:ud\n"
           END);
    thread(0xff);
    h_ud(&H, 2)[1] = 0xbeef0000u; /* r2.3:uw = 0xbeef */
    h_ud(&H, 2)[2] = 0x89abcdefu;
    h_run_ok(&H);
    assert_int_equal(H.t->flag[0], 0xbeef1234u);
    assert_int_equal(H.t->flag[1], 0x5a5acdefu);
    assert_int_equal(h_uw(&H, 10)[3], 0xbeef);
    assert_int_equal(h_ud(&H, 10)[2], 0x89abcdefu);
    assert_int_equal(h_uw(&H, 10)[0], 0x1234);
    assert_int_equal(h_ud(&H, 11)[0], 0x5a5acdefu);
}

static void test_mach_any16h(void **st)
{
    (void)st;
    h_load(&H,
           "mul (8|M0) acc0.0<1>:d r2.0<8;8,1>:d r3.0<16;8,2>:uw\n"
           "mach (8|M0) r10.0<1>:d r2.0<8;8,1>:d r3.0<8;8,1>:d\n"
           "mul (8|M0) acc0.0<1>:d r2.0<8;8,1>:d r3.0<16;8,2>:uw\n"
           "mach (8|M0) r11.0<1>:d r2.0<8;8,1>:d r3.0<8;8,1>:d {AccWrEn}\n"
           "mov (8|M0) r12.0<1>:d acc0.0<8;8,1>:d\n"
           "mul (8|M0) acc0.0<1>:ud r4.0<8;8,1>:ud r5.0<16;8,2>:uw\n"
           "mach (8|M0) r13.0<1>:ud r4.0<8;8,1>:ud r5.0<8;8,1>:ud\n"
           "(W) mov (1|M0) f0.0<1>:uw 0x20:uw\n"
           "(W&f0.0.any16h) add (1|M0) r14.0<1>:d r14.0<0;1,0>:d 1:w\n"
           "(W&f0.0.all16h) add (1|M0) r14.1<1>:d r14.1<0;1,0>:d 1:w\n"
           "(W) mov (1|M0) f0.0<1>:uw 0x0:uw\n"
           "(W&f0.0.any16h) add (1|M0) r14.2<1>:d r14.2<0;1,0>:d 1:w\n"
           "(W) mov (1|M0) f1.0<1>:ud 0xffff0000:ud\n"
           "(W&f1.0.all16h) add (1|M0) r14.3<1>:d r14.3<0;1,0>:d 1:w\n"
           "(W&f1.0.all32h) add (1|M0) r14.4<1>:d r14.4<0;1,0>:d 1:w\n"
           "(W&f1.0.any32h) add (1|M0) r14.5<1>:d r14.5<0;1,0>:d 1:w\n"
           END);
    thread(0xff);
    static const int32_t a[8] = {3, -3, 0x7fffffff, (int32_t)0x80000000, 123456789, -987654, 65536, -1};
    static const int32_t b[8] = {5, 7, 0x7fffffff, 3, -1000003, 54321, 65536, -1};
    for (int i = 0; i < 8; i++) {
        h_d(&H, 2)[i] = a[i];
        h_d(&H, 3)[i] = b[i];
        h_ud(&H, 4)[i] = (uint32_t)a[i] * 2654435761u;
        h_ud(&H, 5)[i] = (uint32_t)b[i] ^ 0x9e3779b9u;
    }
    h_run_ok(&H);
    for (int i = 0; i < 8; i++) {
        int64_t p = (int64_t)a[i] * b[i];
        uint64_t u = (uint64_t)h_ud(&H, 4)[i] * h_ud(&H, 5)[i];
        assert_int_equal(h_d(&H, 10)[i], (int32_t)(uint32_t)p);
        assert_int_equal(h_d(&H, 11)[i], (int32_t)(p >> 32));
        assert_int_equal(h_d(&H, 12)[i], (int32_t)(uint32_t)p);
        assert_int_equal(h_ud(&H, 13)[i], (uint32_t)u);
    }
    /* f0.0 = 0x20: any16h true, all16h false; 0: any16h false;
     * f1.0 = 0xffff0000: channels 0..15 clear, so all16h/all32h false,
     * any32h true */
    static const int32_t want[6] = {1, 0, 0, 0, 0, 1};
    for (int k = 0; k < 6; k++)
        assert_int_equal(h_d(&H, 14)[k], want[k]);
}

/* ---- movi (seed 004 movi: one source register a0.0[11:5], channel n
 * from a0.n[4:0]; Gen12's src1 is null), nop, sendc (no tdr0 dependency:
 * it runs as send), a loop whose channels break out one by one (divergent
 * break and while) ---- */
static void test_movi_nop_sendc_loop(void **st)
{
    (void)st;
    h_load(&H,
           "(W) mov (8|M0) a0.0<1>:uw r4.0<8;8,1>:uw\n"
           "movi (8|M0) r10.0<1>:ud r[a0.0]<1,0>:ud null:ud\n"
           "nop\n"
           "sendc.dc1 (8|M0) r11 r2 null 0x0 0x02106E00\n"
           "mov (8|M0) r12.0<1>:d 0:d\n"
           "mov (8|M0) r13.0<1>:d 0:d\n"
           "LOOP:\n"
           "add (8|M0) r12.0<1>:d r12.0<8;8,1>:d 1:w\n"
           "cmp (8|M0) (ge)f0.0 null<1>:d r12.0<8;8,1>:d r5.0<8;8,1>:d\n"
           "(f0.0) break (8|M0) LWHILE LWHILE\n"
           "add (8|M0) r13.0<1>:d r13.0<8;8,1>:d 1:w\n"
           "cmp (8|M0) (lt)f1.0 null<1>:d r12.0<8;8,1>:d 100:w\n"
           "LWHILE:\n"   /* break's JIP and UIP name the while */
           "(f1.0) while (8|M0) LOOP\n"
           "mov (4|M0) r14.0<1>:d 7:w\n"
           END);
    thread(0xff);
    for (int i = 0; i < 256; i++)
        wr32(BUF0 + 4 * i, 0x2000u + (uint32_t)i);
    for (int i = 0; i < 8; i++) {
        h_ud(&H, 3)[i] = 0xc0de0000u + (uint32_t)i;
        h_uw(&H, 4)[i] = (uint16_t)(3 * 32 + 4 * ((5 * i + 3) & 7)); /* r3, DWord (5i+3)%8 */
        h_ud(&H, 2)[i] = (uint32_t)(4 * (7 - i));
        h_d(&H, 5)[i] = i + 1;
    }
    h_run_ok(&H);
    for (int i = 0; i < 8; i++) {
        assert_int_equal(h_ud(&H, 10)[i], 0xc0de0000u + (uint32_t)((5 * i + 3) & 7));
        assert_int_equal(h_ud(&H, 11)[i], 0x2000u + (uint32_t)(7 - i));
        assert_int_equal(h_d(&H, 12)[i], i + 1);   /* breaks when it reaches i + 1 */
        assert_int_equal(h_d(&H, 13)[i], i);
        assert_int_equal(h_d(&H, 14)[i], i < 4 ? 7 : 0);
    }
    assert_int_equal(H.t->exec_mask, 0xff);
}

/* ---- A64 untyped atomic float (seed 004 MSD1R_A64_DWAF, type 1Dh): max
 * with return, the old values returned ---- */
static void test_a64_float_atomic(void **st)
{
    (void)st;
    h_load(&H, "send.dc1 (8|M0) r12 r20 r22 0x40 0x041761FF\n" END);
    thread(0xff);
    static const float old[8] = {1.0f, -2.0f, 3.5f, 0.0f, -0.0f, 100.0f, -7.0f, 2.0f};
    static const float val[8] = {2.0f, -3.0f, 3.5f, -0.0f, 0.0f, 50.0f, -6.0f, NAN};
    for (int i = 0; i < 8; i++) {
        uint32_t u;
        memcpy(&u, &old[i], 4);
        wr32(BUF1 + 0x100 + 4 * (uint64_t)i, u);
        ((uint64_t *)h_ud(&H, 20))[i] = BUF1 + 0x100 + 4 * (uint64_t)i;
        h_f(&H, 22)[i] = val[i];
    }
    h_run_ok(&H);
    for (int i = 0; i < 8; i++) {
        uint32_t got = rd32(BUF1 + 0x100 + 4 * (uint64_t)i), want, o;
        /* max; a NaN operand loses; max(-0, +0) is +0 */
        float m = isnan(val[i]) ? old[i] : old[i] == val[i] ? (signbit(old[i]) ? val[i] : old[i])
                                                            : fmaxf(old[i], val[i]);
        memcpy(&want, &m, 4);
        memcpy(&o, &old[i], 4);
        assert_int_equal(got, want);
        assert_int_equal(h_ud(&H, 12)[i], o);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mad_regions),  cmocka_unit_test(test_csel),
        cmocka_unit_test(test_bitfield),     cmocka_unit_test(test_dp4a),
        cmocka_unit_test(test_rotate),       cmocka_unit_test(test_math),
        cmocka_unit_test(test_control_flow), cmocka_unit_test(test_sync),
        cmocka_unit_test(test_send_dataport), cmocka_unit_test(test_barrier_eot),
        cmocka_unit_test(test_bad_input),    cmocka_unit_test(test_gen12_rules),
        cmocka_unit_test(test_mach_any16h),  cmocka_unit_test(test_addc_word_source),
        cmocka_unit_test(test_flag_mov),
        cmocka_unit_test(test_movi_nop_sendc_loop), cmocka_unit_test(test_a64_float_atomic),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
