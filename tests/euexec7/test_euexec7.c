/*
 * Gen7 / Gen7.5 EU execution tests.  Each kernel is IGA assembly for
 * Haswell, assembled by iga64 -p=7p5 (a tool nobody here wrote), loaded at
 * KERNEL_GVA of a device of platform hsw or ivb, and run on one EU thread.
 * Kernels end with `wait n0.0` (the thread blocks there).  Expected values
 * come from the spec: seed 001 §1.3 (Gen7: mul uses src1 bits 15:0, no sel
 * at ExecSize 32, no DWord accumulator operands at SIMD16, f32to16/f16to32,
 * two flag registers, NibCtrl; Ivy Bridge DF regions in 4-byte units),
 * IEEE 754 binary16 encodings, and the QWord branch offsets of Gen7.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "eu/eu.h"
#include "sf/sf.h"

#define KERNEL_GVA 0x100000ull
#define END "wait n0.0<0;1,0>:ud\n"

typedef struct {
    gtsim_device *dev;
    gt_dispatch disp;
    gt_thread *t;
} h7;

static h7 H;

/* A minimal device of platform plat with the first 16 MiB of the GGTT
 * identity mapped (Gen7 GTT entries: 4 bytes, address bits 31:12, bit 0
 * valid). */
static void h_init(const char *plat)
{
    memset(&H, 0, sizeof H);
    gtsim_device *dev = calloc(1, sizeof *dev);
    assert_non_null(dev);
    dev->plat = gt_platform_find(plat);
    assert_non_null(dev->plat);
    dev->mem = gt_mem_create();
    dev->gsm = gt_mem_create();
    dev->cfg.log = fopen("/dev/null", "w");
    for (uint32_t pg = 0; pg < 4096; pg++) {
        uint32_t pte = (pg << 12) | 1;
        gt_mem_write(dev->gsm, (uint64_t)pg * 4, &pte, 4);
    }
    gt_vm_init(&dev->ggtt, GT_VM_GGTT, dev->mem, dev->gsm, 0);
    dev->ggtt.fmt = dev->plat->gtt;
    H.dev = dev;
    H.disp.vm = &dev->ggtt;
    H.t = aligned_alloc(64, sizeof(gt_thread));
    assert_non_null(H.t);
}

static void h_fini(void)
{
    gt_kcache_destroy(H.dev->kcache);
    gt_mem_destroy(H.dev->mem);
    gt_mem_destroy(H.dev->gsm);
    if (H.dev->cfg.log)
        fclose(H.dev->cfg.log);
    free(H.dev);
    free(H.t);
}

/* Assemble with iga64 -p=7p5 (extra options, e.g. -Xautocompact) and load. */
static size_t h_load(const char *asm_text, const char *extra)
{
    char src[] = "/tmp/euexec7_XXXXXX";
    int fd = mkstemp(src);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs(asm_text, f);
    fclose(f);
    char bin[64], cmd[256];
    snprintf(bin, sizeof bin, "%s.bin", src);
    snprintf(cmd, sizeof cmd, "iga64 -p=7p5 -a %s -o %s %s 2>/dev/null", src, bin, extra ? extra : "");
    int rc = system(cmd);
    if (rc != 0)
        fprintf(stderr, "iga64 failed (rc %d) on:\n%s\n", rc, asm_text);
    assert_int_equal(rc, 0);
    FILE *b = fopen(bin, "rb");
    assert_non_null(b);
    static uint8_t code[65536];
    size_t n = fread(code, 1, sizeof code, b);
    fclose(b);
    unlink(src);
    unlink(bin);
    assert_true(n > 0);
    gt_mem_write(H.dev->mem, KERNEL_GVA, code, n);
    gt_kcache_flush(H.dev->kcache);
    return n;
}

/* Assemble Gen7 text with intel-gen4asm -g 7 (intel-gpu-tools; it has the
 * Align16 syntax iga64 -p=7p5 lacks) into code[]; returns the byte count.
 * Its output is one "{ 0x..., 0x..., 0x..., 0x... }," line per
 * instruction. */
static size_t gen4asm(const char *text, uint8_t *code, size_t cap)
{
    char src[] = "/tmp/euexec7_g4_XXXXXX";
    int fd = mkstemp(src);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs(text, f);
    fclose(f);
    char out[64], cmd[256];
    snprintf(out, sizeof out, "%s.out", src);
    snprintf(cmd, sizeof cmd, "intel-gen4asm -g 7 -o %s %s", out, src);
    int rc = system(cmd);
    if (rc != 0)
        fprintf(stderr, "intel-gen4asm failed (rc %d) on:\n%s\n", rc, text);
    assert_int_equal(rc, 0);
    FILE *o = fopen(out, "r");
    assert_non_null(o);
    size_t n = 0;
    unsigned w;
    int c;
    while ((c = fgetc(o)) != EOF)
        if (c == '0' && fscanf(o, "x%x", &w) == 1 && n + 4 <= cap) {
            for (int i = 0; i < 4; i++)
                code[n++] = (uint8_t)(w >> (8 * i));
        }
    fclose(o);
    unlink(src);
    unlink(out);
    assert_true(n > 0 && n % 16 == 0);
    return n;
}

/* Replace the first n bytes of the loaded kernel. */
static void h_patch(const uint8_t *bytes, size_t n)
{
    gt_mem_write(H.dev->mem, KERNEL_GVA, bytes, n);
    gt_kcache_flush(H.dev->kcache);
}

static void h_thread(uint32_t dmask)
{
    memset(H.t, 0, sizeof *H.t);
    H.t->dispatch_mask = dmask;
    H.t->exec_mask = dmask;
    H.t->disp = &H.disp;
    H.t->kernel_gva = KERNEL_GVA;
    H.t->simd = 16;
}

static void run_ok(void)
{
    int st = gt_eu_run(H.dev, H.t);
    if (st)
        fprintf(stderr, "run error: %s\n", H.dev->err);
    assert_int_equal(st, GTSIM_OK);
    assert_int_equal(H.t->state, GT_THREAD_BLOCKED);
}

static int32_t *rd(int r) { return (int32_t *)(H.t->grf + r * 32); }
static uint32_t *rud(int r) { return (uint32_t *)(H.t->grf + r * 32); }
static uint16_t *ruw(int r) { return (uint16_t *)(H.t->grf + r * 32); }
static float *rf(int r) { return (float *)(H.t->grf + r * 32); }
static double *rdf(int r) { return (double *)(H.t->grf + r * 32); }

static const char *const plats[] = {"hsw", "ivb"};

/* ---- ALU basics, native and compacted encodings ---- */
static void test_alu(void **st)
{
    (void)st;
    for (int p = 0; p < 2; p++)
        for (int cmp = 0; cmp < 2; cmp++) {
            h_init(plats[p]);
            h_load("add (8|M0) r10.0<1>:f r2.0<8;8,1>:f r3.0<8;8,1>:f\n"
                   "add (8|M0) r11.0<1>:d r4.0<8;8,1>:d 1:d\n"
                   "mov (8|M0) r12.0<1>:ud r4.0<8;8,1>:ud\n"
                   "mad (8|M0) r13.0<1>:f r2.0<2;1>:f r3.0<2;1>:f r3.0<1>:f\n"
                   END, cmp ? "-Xautocompact" : "");
            h_thread(0xff);
            for (int i = 0; i < 8; i++) {
                rf(2)[i] = (float)i + 0.5f;
                rf(3)[i] = 2.0f;
                rd(4)[i] = 100 * i - 3;
            }
            run_ok();
            for (int i = 0; i < 8; i++) {
                assert_true(rf(10)[i] == (float)i + 2.5f);
                assert_int_equal(rd(11)[i], 100 * i - 2);
                assert_int_equal(rd(12)[i], 100 * i - 3);
                assert_true(rf(13)[i] == (float)i + 0.5f + 4.0f);
            }
            h_fini();
        }
}

/* ---- seed 001 §1.3: mul with DWords uses src1 bits 15:0 only ---- */
static void test_mul_dword_limit(void **st)
{
    (void)st;
    for (int p = 0; p < 2; p++) {
        h_init(plats[p]);
        h_load("mul (8|M0) r10.0<1>:d r2.0<8;8,1>:d r3.0<8;8,1>:d\n"
               "mul (8|M0) r11.0<1>:ud r2.0<8;8,1>:ud r4.0<8;8,1>:ud\n"
               "mul (8|M0) r12.0<1>:d r2.0<8;8,1>:d r5.0<8;8,1>:w\n" END, NULL);
        h_thread(0xff);
        for (int i = 0; i < 8; i++) {
            rd(2)[i] = 3 + i;
            rd(3)[i] = 0x00012345;       /* low 16 bits 0x2345 */
            rud(4)[i] = 0x7fff0002u;     /* low 16 bits 2 */
            ruw(5)[i] = 0xfffe;          /* W -2 */
        }
        run_ok();
        for (int i = 0; i < 8; i++) {
            assert_int_equal(rd(10)[i], (3 + i) * 0x2345);
            assert_int_equal(rud(11)[i], (uint32_t)(3 + i) * 2u);
            assert_int_equal(rd(12)[i], (3 + i) * -2);
        }
        h_fini();
    }
}

/* ---- seed 001 §1.3: f32to16 / f16to32 (binary16 encodings) ---- */
static void test_f16_conversions(void **st)
{
    (void)st;
    static const float in[8] = {1.0f, -2.5f, 65504.0f, 0.5f, 0.0f, -0.0f, 1.0f / 1024, 3.140625f};
    static const uint16_t half[8] = {0x3c00, 0xc100, 0x7bff, 0x3800, 0x0000, 0x8000, 0x1400, 0x4248};
    for (int p = 0; p < 2; p++) {
        h_init(plats[p]);
        h_load("f32to16 (8|M0) r10.0<1>:uw r2.0<8;8,1>:f\n"
               "f16to32 (8|M0) r11.0<1>:f r3.0<8;8,1>:uw\n" END, NULL);
        h_thread(0xff);
        for (int i = 0; i < 8; i++) {
            rf(2)[i] = in[i];
            ruw(3)[i] = half[i];
        }
        run_ok();
        for (int i = 0; i < 8; i++) {
            assert_int_equal(ruw(10)[i], half[i]);
            assert_true(rf(11)[i] == in[i] && signbit(rf(11)[i]) == signbit(in[i]));
        }
        h_fini();
    }
}

/* ---- seed 001 §1.3: sel has no ExecSize 32; no SIMD16 DWord acc operand ---- */
static void test_gen7_illegal_forms(void **st)
{
    (void)st;
    for (int p = 0; p < 2; p++) {
        h_init(plats[p]);
        h_load("sel (16|M0) (ge)f0.0 r10.0<1>:w r2.0<16;16,1>:w r3.0<16;16,1>:w\n" END, NULL);
        h_thread(0xffff);
        for (int i = 0; i < 16; i++) {
            ruw(2)[i] = (uint16_t)i;
            ruw(3)[i] = 7;
        }
        run_ok();
        for (int i = 0; i < 16; i++)
            assert_int_equal(ruw(10)[i], i >= 7 ? i : 7);

        h_load("sel (32|M0) (ge)f0.0 r10.0<1>:w r2.0<16;16,1>:w r4.0<16;16,1>:w\n" END, NULL);
        h_thread(0xffffffff);
        assert_int_equal(gt_eu_run(H.dev, H.t), GTSIM_ERR_ILLEGAL);
        assert_int_equal(H.t->state, GT_THREAD_FAULTED);

        h_load("add (16|M0) acc0.0<1>:d r2.0<8;8,1>:d r4.0<8;8,1>:d\n" END, NULL);
        h_thread(0xffff);
        assert_int_equal(gt_eu_run(H.dev, H.t), GTSIM_ERR_ILLEGAL);
        h_fini();
    }
}

/* ---- two flag registers, subregisters, NibCtrl ---- */
static void test_flags_nibctrl(void **st)
{
    (void)st;
    for (int p = 0; p < 2; p++) {
        h_init(plats[p]);
        h_load("cmp (16|M0) (lt)f1.0 null<1>:d r2.0<8;8,1>:d 5:d\n"
               "cmp (16|M0) (ge)f0.1 null<1>:d r2.0<8;8,1>:d 10:d\n"
               "(f1.0) mov (16|M0) r10.0<1>:d 1:d\n"
               "(f0.1) mov (16|M0) r12.0<1>:d 2:d\n"
               "mov (4|M4) r14.0<1>:d 7:d\n"
               "mov (4|M0) r15.0<1>:d 8:d\n" END, NULL);
        h_thread(0xfff0); /* channels 0-3 not dispatched */
        for (int i = 0; i < 16; i++)
            rd(2)[i] = i;
        run_ok();
        assert_int_equal(H.t->flag[1] & 0xffff, 0x0010); /* lt 5: channels 0-4, 0-3 disabled */
        assert_int_equal(H.t->flag[0] >> 16, 0xfc00);    /* ge 10 in f0.1 */
        for (int i = 0; i < 16; i++) {
            int32_t *r10 = i < 8 ? rd(10) : rd(11), *r12 = i < 8 ? rd(12) : rd(13);
            assert_int_equal(r10[i & 7], i == 4 ? 1 : 0);
            assert_int_equal(r12[i & 7], i >= 10 ? 2 : 0);
        }
        /* (4|M4): channels 4-7 (enabled) write elements 0-3 of r14 */
        for (int i = 0; i < 4; i++) {
            assert_int_equal(rd(14)[i], 7);
            assert_int_equal(rd(15)[i], 0); /* channels 0-3 disabled */
        }
        h_fini();
    }
}

/* ---- structured control flow with QWord JIP/UIP ---- */
static void test_control_flow(void **st)
{
    (void)st;
    for (int p = 0; p < 2; p++)
        for (int cmp = 0; cmp < 2; cmp++) {
            h_init(plats[p]);
            h_load("mov (8|M0) r10.0<1>:d 0:d\n"
                   "mov (8|M0) r11.0<1>:d 0:d\n"
                   "cmp (8|M0) (lt)f0.0 null<1>:d r2.0<8;8,1>:d 4:d\n"
                   /* Gen7 if: JIP = just past the else, UIP = endif */
                   "(f0.0) if (8|M0) ELSE_BODY ENDIF\n"
                   "add (8|M0) r10.0<1>:d r10.0<8;8,1>:d 1:d\n"
                   "else (8|M0) ENDIF\n"
                   "ELSE_BODY:\n"
                   "add (8|M0) r10.0<1>:d r10.0<8;8,1>:d 100:d\n"
                   "ENDIF:\n"
                   "endif (8|M0) AFTER\n"
                   "AFTER:\n"
                   "LOOP:\n"
                   "add (8|M0) r11.0<1>:d r11.0<8;8,1>:d 1:d\n"
                   "cmp (8|M0) (lt)f0.1 null<1>:d r11.0<8;8,1>:d r2.0<8;8,1>:d\n"
                   "(f0.1) while (8|M0) LOOP\n" END, cmp ? "-Xautocompact" : "");
            h_thread(0xff);
            for (int i = 0; i < 8; i++)
                rd(2)[i] = i + 1;
            run_ok();
            for (int i = 0; i < 8; i++) {
                assert_int_equal(rd(10)[i], i + 1 < 4 ? 1 : 100);
                assert_int_equal(rd(11)[i], i + 1); /* loop runs max(1, i+1) times */
            }
            h_fini();
        }
}

/* ---- DF: Haswell true elements, Ivy Bridge 4-byte-unit regions ---- */
static void test_df(void **st)
{
    (void)st;
    /* hsw: (4) DF contiguous <4;4,1>, one register */
    h_init("hsw");
    h_load("add (4|M0) r10.0<1>:df r2.0<4;4,1>:df r4.0<4;4,1>:df\n" END, NULL);
    h_thread(0xff);
    for (int i = 0; i < 4; i++) {
        rdf(2)[i] = 1.25 * i;
        rdf(4)[i] = 1e300;
    }
    run_ok();
    for (int i = 0; i < 4; i++)
        assert_true(rdf(10)[i] == 1.25 * i + 1e300);
    h_fini();
    /* ivb: the same four DFs are encoded as ExecSize 8, <8;8,2>, dst <2>
     * (seed 001 §1.3: twice the true-element values) */
    h_init("ivb");
    h_load("add (8|M0) r10.0<2>:df r2.0<8;8,2>:df r4.0<8;8,2>:df\n" END, NULL);
    h_thread(0xff);
    for (int i = 0; i < 4; i++) {
        rdf(2)[i] = 1.25 * i;
        rdf(4)[i] = 0.5;
    }
    rdf(11)[0] = -7.0;
    run_ok();
    for (int i = 0; i < 4; i++)
        assert_true(rdf(10)[i] == 1.25 * i + 0.5);
    assert_true(rdf(11)[0] == -7.0); /* no fifth element */
    h_fini();
}

/* ---- Ivy Bridge DF channel pairs (seed 001 §1.3): each DF element uses a
 * pair of 4-byte channels; masks, predicates and flags are per channel ---- */
static uint64_t dfbits(double d)
{
    uint64_t u;
    memcpy(&u, &d, 8);
    return u;
}

static uint64_t *rq(int r) { return (uint64_t *)(H.t->grf + r * 32); }

/* element whose low DWord comes from `lo_src` and high DWord from `hi_src` */
static uint64_t halves(uint64_t lo_src, uint64_t hi_src)
{
    return (lo_src & 0xffffffffull) | (hi_src & 0xffffffff00000000ull);
}

static void test_ivb_df_pairs(void **st)
{
    (void)st;
    static const double a[4] = {1.0, 5.0, 2.0, 8.0}, b[4] = {3.0, 3.0, 3.0, 3.0};
    const uint64_t old = 0x1111111122222222ull;
    h_init("ivb");
    /* ExecSize 8 = four DFs in channel pairs (0,1) (2,3) (4,5) (6,7) */
    h_load("add (8|M0) r10.0<2>:df r2.0<8;8,2>:df r4.0<8;8,2>:df\n"
           "cmp (8|M0) (lt)f0.0 null<2>:df r2.0<8;8,2>:df r4.0<8;8,2>:df\n"
           "(f0.0) mov (8|M0) r12.0<2>:df r4.0<8;8,2>:df\n"
           "(f1.0) mov (8|M0) r14.0<2>:df r2.0<8;8,2>:df\n"
           "(W) mov (8|M0) r16.0<2>:df r2.0<8;8,2>:df\n" END, NULL);
    /* channels 3 and 4 not dispatched: element 1 has only its first
     * channel, element 2 only its second */
    h_thread(0xe7);
    H.t->flag[1] = 0x6; /* f1.0: channels 1 and 2 */
    for (int i = 0; i < 4; i++) {
        rdf(2)[i] = a[i];
        rdf(4)[i] = b[i];
        rq(10)[i] = rq(12)[i] = rq(14)[i] = rq(16)[i] = old;
    }
    run_ok();
    /* add: per-DWord write enables of the partial pairs */
    assert_true(rq(10)[0] == dfbits(a[0] + b[0]));
    assert_true(rq(10)[1] == halves(dfbits(a[1] + b[1]), old));
    assert_true(rq(10)[2] == halves(old, dfbits(a[2] + b[2])));
    assert_true(rq(10)[3] == dfbits(a[3] + b[3]));
    /* cmp: each element's result in both flag bits of its pair, enabled
     * channels only (lt: elements 0 and 2; channel 4 is disabled) */
    assert_int_equal(H.t->flag[0] & 0xff, 0x03 | 0x20);
    /* predicated by those flags: element 0 whole, element 2 its high half */
    assert_true(rq(12)[0] == dfbits(b[0]));
    assert_true(rq(12)[1] == old);
    assert_true(rq(12)[2] == halves(old, dfbits(b[2])));
    assert_true(rq(12)[3] == old);
    /* f1.0 = channels 1, 2: element 0's high half, element 1's low half */
    assert_true(rq(14)[0] == halves(old, dfbits(a[0])));
    assert_true(rq(14)[1] == halves(dfbits(a[1]), old));
    assert_true(rq(14)[2] == old && rq(14)[3] == old);
    /* NoMask: all four whole */
    for (int i = 0; i < 4; i++)
        assert_true(rq(16)[i] == dfbits(a[i]));
    h_fini();

    /* Haswell has no channel pairs: (4) DF = four elements on channels 0-3 */
    h_init("hsw");
    h_load("add (4|M0) r10.0<1>:df r2.0<4;4,1>:df r4.0<4;4,1>:df\n" END, NULL);
    h_thread(0xe7);
    for (int i = 0; i < 4; i++) {
        rdf(2)[i] = a[i];
        rdf(4)[i] = b[i];
        rq(10)[i] = old;
    }
    run_ok();
    for (int i = 0; i < 4; i++)
        assert_true(rq(10)[i] == (i == 3 ? old : dfbits(a[i] + b[i])));
    h_fini();
}

/* ---- Haswell Align16 (seed 001 §3.2.2 SIMD4 and §3.2.3 SIMD4x2
 * examples): source swizzles, destination ChanEn, the execution mask
 * over the two 4-channel halves.  The Align16 encodings come from
 * intel-gen4asm -g 7 (iga64 -p=7p5 has no Align16 swizzle/ChanEn syntax);
 * each is put in place of a nop of an iga64 kernel. ---- */
static void test_hsw_align16(void **st)
{
    (void)st;
    static uint8_t a16[64];
    size_t n = gen4asm("add(4) g3<1>.xyzF g2<4,4,1>.yzwxF g2.16<4,4,1>.zwxyF { align16 mask_disable };\n"
                       "add(8) g4<1>.xyzF g2<4,4,1>.yxzwF g3<4,4,1>.zwxyF { align16 };\n",
                       a16, sizeof a16);
    assert_int_equal(n, 32);
    static const int yzwx[4] = {1, 2, 3, 0}, zwxy[4] = {2, 3, 0, 1}, yxzw[4] = {1, 0, 2, 3};
    for (int pass = 0; pass < 2; pass++) {
        /* dispatch mask 0xff: both program flows; 0x0f: only the first */
        uint32_t dmask = pass ? 0x0f : 0xff;
        h_init("hsw");
        h_load("nop\nnop\n" END, NULL);
        h_patch(a16, n);
        h_thread(0x00); /* SIMD4 example: NoMask, runs whatever the mask */
        H.t->exec_mask = H.t->dispatch_mask = dmask;
        float r2[8], r3[8];
        for (int i = 0; i < 8; i++) {
            rf(2)[i] = r2[i] = 1.0f + (float)i;
            rf(3)[i] = -100.0f;
            rf(4)[i] = -200.0f;
        }
        run_ok();
        /* add (4) r3.xyz = r2.yzwx + r2.4.zwxy; r3.w and r3[4..7] unchanged */
        for (int c = 0; c < 8; c++) {
            float want = c < 3 ? r2[yzwx[c]] + r2[4 + zwxy[c]] : -100.0f;
            assert_true(rf(3)[c] == want);
            r3[c] = want;
        }
        /* add (8) r4.xyz = r2.yxzw + r3.zwxy per 4-channel half */
        for (int c = 0; c < 8; c++) {
            int g = c & ~3, k = c & 3;
            int on = k < 3 && ((dmask >> c) & 1);
            float want = on ? r2[g + yxzw[k]] + r3[g + zwxy[k]] : -200.0f;
            assert_true(rf(4)[c] == want);
        }
        h_fini();
    }
}

/* ---- Haswell dim: DF immediate move (the 64 bits 127:64 of the
 * instruction; public Mesa facts), which no assembler here encodes: built
 * from the Gen7 native fields and put in place of a nop ---- */
static void test_hsw_dim(void **st)
{
    (void)st;
    const double v = -1234.5678e-3;
    uint64_t imm;
    memcpy(&imm, &v, 8);
    /* dw0: opcode 10, ExecSize 4 (encoding 2 at bits 23:21)
     * dw1: dst GRF (1 at 33:32), DF (6 at 36:34), src0 immediate (3 at
     * 38:37) of type F (7 at 41:39), dst r10 (60:53), HorzStride 1 (62:61) */
    uint32_t w[4] = {10u | 2u << 21,
                     1u | 6u << 2 | 3u << 5 | 7u << 7 | 10u << 21 | 1u << 29,
                     (uint32_t)imm, (uint32_t)(imm >> 32)};
    uint8_t b[16];
    memcpy(b, w, 16);
    h_init("hsw");
    h_load("nop\n" END, NULL);
    h_patch(b, 16);
    h_thread(0x0b); /* channel 2 disabled */
    for (int i = 0; i < 4; i++)
        rdf(10)[i] = 7.0;
    rdf(11)[0] = 9.0;
    run_ok();
    for (int i = 0; i < 4; i++)
        assert_true(rdf(10)[i] == (i == 2 ? 7.0 : v));
    assert_true(rdf(11)[0] == 9.0);
    h_fini();
    /* not a Gen7 (Ivy Bridge) instruction */
    h_init("ivb");
    h_load("nop\n" END, NULL);
    h_patch(b, 16);
    h_thread(0xff);
    assert_int_equal(gt_eu_run(H.dev, H.t), GTSIM_ERR_ILLEGAL);
    h_fini();
}

/* ---- send with EOT ends the thread (thread spawner, SFID 7): the
 * instructions after it do not run ---- */
static void test_send_eot(void **st)
{
    (void)st;
    for (int p = 0; p < 2; p++)
        for (int cmp = 0; cmp < 2; cmp++) {
            h_init(plats[p]);
            h_load("mov (8|M0) r10.0<1>:d 5:d\n"
                   "mov (8|M0) r127.0<1>:ud r0.0<8;8,1>:ud\n"
                   "send (8|M0) null:ud r127 0x27 0x02000010 {EOT}\n"
                   "mov (8|M0) r10.0<1>:d 6:d\n" END, cmp ? "-Xautocompact" : "");
            h_thread(0xff);
            int st2 = gt_eu_run(H.dev, H.t);
            if (st2)
                fprintf(stderr, "run error: %s\n", H.dev->err);
            assert_int_equal(st2, GTSIM_OK);
            assert_int_equal(H.t->state, GT_THREAD_DONE);
            for (int i = 0; i < 8; i++)
                assert_int_equal(rd(10)[i], 5);
            h_fini();
        }
}

/* ---- math: Gen7 extended math functions in the EU ---- */
static void test_math(void **st)
{
    (void)st;
    for (int p = 0; p < 2; p++) {
        h_init(plats[p]);
        h_load("math.sqt (8|M0) r10.0<1>:f r2.0<8;8,1>:f\n"
               "math.idiv (8|M0) r11.0<1>:d r3.0<8;8,1>:d r4.0<8;8,1>:d\n" END, NULL);
        h_thread(0xff);
        for (int i = 0; i < 8; i++) {
            rf(2)[i] = (float)(i * i);
            rd(3)[i] = 100 + i;
            rd(4)[i] = 7;
        }
        run_ok();
        for (int i = 0; i < 8; i++) {
            assert_true(rf(10)[i] == (float)i);
            assert_int_equal(rd(11)[i], (100 + i) / 7);
        }
        h_fini();
    }
}

int main(void)
{
    if (system("command -v iga64 >/dev/null 2>&1") != 0) {
        fprintf(stderr, "iga64 not found: these tests need it (libigc-tools)\n");
        return 1;
    }
    if (system("command -v intel-gen4asm >/dev/null 2>&1") != 0) {
        fprintf(stderr, "intel-gen4asm not found: these tests need it (intel-gpu-tools)\n");
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_alu),
        cmocka_unit_test(test_mul_dword_limit),
        cmocka_unit_test(test_f16_conversions),
        cmocka_unit_test(test_gen7_illegal_forms),
        cmocka_unit_test(test_flags_nibctrl),
        cmocka_unit_test(test_control_flow),
        cmocka_unit_test(test_df),
        cmocka_unit_test(test_ivb_df_pairs),
        cmocka_unit_test(test_hsw_align16),
        cmocka_unit_test(test_hsw_dim),
        cmocka_unit_test(test_send_eot),
        cmocka_unit_test(test_math),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
