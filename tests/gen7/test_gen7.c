/*
 * Gen7 device tests (ivb, vlv, hsw): traces written by gen7_stream, replayed
 * through the public API (gtsim_aub_replay) into a fresh device, results
 * read back from memory and registers.
 *
 * Expected values are computed here from the specification, not taken
 * from gtsim: GTT entry encodings from the public Gen7 PTE format (i915
 * GEN6/HSW_GTT_ADDR_ENCODE), command semantics of seed 002 (ring head/tail,
 * batch levels, MI commands), state layouts of seed 000 §1.8.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gen7_stream.h"
#include "gt.h"
#include "gtsim.h"
#include "gtsim_aub.h"
#include "pipe/media.h"
#include "pipe/pipe.h"

static const char *const plats[] = {"ivb", "vlv", "hsw"};
#define NPLAT 3
#define FOR_PLAT(p) for (const char *const *p = plats; p < plats + NPLAT; p++)

#define REG_RING_HEAD 0x2034u
#define REG_RING_TAIL 0x2030u
#define REG_RING_START 0x2038u
#define REG_RING_CTL 0x203cu
#define REG_PRED_SRC0 0x2400u
#define REG_PRED_SRC1 0x2408u
#define REG_RBSYNC 0x2044u
#define REG_PP_DIR_BASE 0x2228u
#define GPR(n) (0x2600u + 8u * (n))

static char trace_path[256];

/* Start a trace for platform p (ring of `ring_pages` pages, 0 = none). */
static g7s *begin(const char *p, uint32_t ring_pages)
{
    snprintf(trace_path, sizeof(trace_path), "gen7_test_%s.aub", p);
    g7s *s = g7s_open(trace_path, p);
    assert_non_null(s);
    if (ring_pages)
        g7s_ring_init(s, ring_pages);
    return s;
}

/* Finish the trace and replay it into a new device; *st = replay status. */
static gtsim_device *replay(g7s *s, const char *p, int *st)
{
    assert_int_equal(g7s_close(s), 0);
    gtsim_config cfg;
    memset(&cfg, 0, sizeof(cfg));
    cfg.log = fopen("/dev/null", "w");
    gtsim_device *dev = gtsim_create(p, &cfg);
    assert_non_null(dev);
    gtsim_aub_stats ast;
    *st = gtsim_aub_replay(dev, trace_path, &ast);
    return dev;
}

/* As replay(), with hook(dev, ctx) called on the device before the trace. */
static gtsim_device *replay_hooked(g7s *s, const char *p, int *st, void (*hook)(gtsim_device *, void *),
                                   void *ctx)
{
    assert_int_equal(g7s_close(s), 0);
    gtsim_config cfg;
    memset(&cfg, 0, sizeof(cfg));
    cfg.log = fopen("/dev/null", "w");
    gtsim_device *dev = gtsim_create(p, &cfg);
    assert_non_null(dev);
    hook(dev, ctx);
    *st = gtsim_aub_replay(dev, trace_path, NULL);
    return dev;
}

static void done(gtsim_device *dev)
{
    FILE *log = dev->cfg.log;
    gtsim_destroy(dev);
    if (log)
        fclose(log);
    remove(trace_path);
}

static uint32_t rd32(gtsim_device *dev, enum g7s_space sp, uint32_t a)
{
    uint32_t v = 0xdeadbeef;
    int st = sp == G7S_GGTT ? gtsim_ggtt_read(dev, a, &v, 4) : gtsim_gva_read(dev, a, &v, 4);
    assert_int_equal(st, GTSIM_OK);
    return v;
}

static uint32_t phys32(gtsim_device *dev, uint64_t pa)
{
    uint32_t v;
    gtsim_phys_read(dev, pa, &v, 4);
    return v;
}

/* ---- platforms and the trace container ---- */

static void test_platforms(void **state)
{
    (void)state;
    /* NEO's AUB device enum */
    assert_string_equal(gtsim_aub_platform_name(7), "ivb");
    assert_string_equal(gtsim_aub_platform_name(9), "hsw");
    assert_string_equal(gtsim_aub_platform_name(10), "vlv");
    assert_string_equal(gtsim_aub_platform_name(12), "skl");
    assert_null(gtsim_aub_platform_name(8));
    FOR_PLAT(p) {
        g7s *s = begin(*p, 0);
        assert_int_equal(g7s_close(s), 0);
        int dev = gtsim_aub_probe_device(trace_path);
        assert_string_equal(gtsim_aub_platform_name((uint32_t)dev), *p);
        const gt_platform *pl = gt_platform_find(*p);
        assert_non_null(pl);
        assert_int_equal(pl->submit, GT_SUBMIT_RING);
        assert_int_equal(pl->gtt->pte_bytes, 4);
        remove(trace_path);
    }
}

/* ---- ring submission ---- */

static void test_ring_submission(void **state)
{
    (void)state;
    FOR_PLAT(p) {
        g7s *s = begin(*p, 1);
        uint32_t out = g7s_buffer(s, G7S_GGTT, 8192, NULL);
        g7s_cmds c;
        g7s_cmds_init(&c);
        g7s_mi_sdi(&c, G7S_GGTT, out, 0x11111111);
        g7s_mi_lri(&c, REG_PRED_SRC0, 0xabcd1234);
        g7s_mi_srm(&c, G7S_GGTT, REG_PRED_SRC0, out + 4);
        g7s_ring_emit(s, &c);
        g7s_ring_kick(s);
        uint32_t tail1 = g7s_ring_tail(s);
        /* a second submission continues from the head */
        c.n = 0;
        g7s_mi_sdi(&c, G7S_GGTT, out + 8, 0x22222222);
        g7s_ring_emit(s, &c);
        g7s_ring_kick(s);
        /* 300 stores of 16 bytes each in two submissions: the second wraps
         * around the 4 KiB ring */
        uint32_t base = g7s_ring_tail(s);
        for (int part = 0; part < 2; part++) {
            c.n = 0;
            for (uint32_t i = part * 200; i < (part ? 300u : 200u); i++)
                g7s_mi_sdi(&c, G7S_GGTT, out + 0x100 + 4 * i, 0x1000 + i);
            g7s_ring_emit(s, &c);
            g7s_ring_kick(s);
        }
        g7s_cmds_free(&c);
        uint32_t total = base + 300 * 16;
        int st;
        gtsim_device *dev = replay(s, *p, &st);
        assert_int_equal(st, GTSIM_OK);
        assert_int_equal(tail1, 16 + 12 + 12); /* SDI 4, LRI 3, SRM 3 DWords */
        assert_int_equal(rd32(dev, G7S_GGTT, out), 0x11111111);
        assert_int_equal(rd32(dev, G7S_GGTT, out + 4), 0xabcd1234);
        assert_int_equal(rd32(dev, G7S_GGTT, out + 8), 0x22222222);
        for (uint32_t i = 0; i < 300; i++)
            assert_int_equal(rd32(dev, G7S_GGTT, out + 0x100 + 4 * i), 0x1000 + i);
        /* RING_BUFFER_HEAD: offset = the tail, wrap count (bits 31:21) = 1 */
        uint32_t head = gtsim_mmio_read(dev, REG_RING_HEAD);
        assert_int_equal(head & 0x1ffffc, total % 4096);
        assert_int_equal(head >> 21, total / 4096);
        done(dev);
    }
}

static void test_ring_disabled(void **state)
{
    (void)state;
    FOR_PLAT(p) {
        g7s *s = begin(*p, 1);
        uint32_t out = g7s_buffer(s, G7S_GGTT, 4096, NULL);
        g7s_mmio_write(s, REG_RING_CTL, 0); /* Ring Buffer Enable clear */
        g7s_cmds c;
        g7s_cmds_init(&c);
        g7s_mi_sdi(&c, G7S_GGTT, out, 0x5555);
        g7s_ring_emit(s, &c);
        g7s_ring_kick(s);
        g7s_cmds_free(&c);
        int st;
        gtsim_device *dev = replay(s, *p, &st);
        assert_int_equal(st, GTSIM_OK);
        assert_int_equal(rd32(dev, G7S_GGTT, out), 0); /* nothing ran */
        assert_int_equal(gtsim_mmio_read(dev, REG_RING_HEAD), 0);
        done(dev);
    }
}

/* ---- GTT entries ---- */

static void test_ggtt_pte_format(void **state)
{
    (void)state;
    FOR_PLAT(p) {
        int hsw = !strcmp(*p, "hsw");
        g7s *s = begin(*p, 1);
        /* hand-encoded entries: physical bits 31:12 in place, bits 39:32
         * in entry bits 11:4; on Haswell only 38:32 in 10:4 (bit 11 is
         * cacheability control) */
        uint32_t pte[4] = {
            0x23456000u | (0x01u << 4) | 1u, /* pa 0x1_2345_6000 */
            0x00007000u | (0x80u << 4) | 1u, /* pa 0x80_0000_7000 (hsw: 0x7000) */
            0x00008000u | (0x40u << 4) | 1u, /* pa 0x40_0000_8000 */
            0x00009000u,                     /* not valid */
        };
        g7s_gtt_entries(s, 0x400, pte, 4); /* GGTT 0x400000.. */
        g7s_phys_write(s, 0x123456000ull, (uint32_t[]){0xaaaa0001}, 4);
        g7s_phys_write(s, 0x8000007000ull, (uint32_t[]){0xaaaa0002}, 4);
        g7s_phys_write(s, 0x7000ull, (uint32_t[]){0xaaaa0003}, 4);
        g7s_phys_write(s, 0x4000008000ull, (uint32_t[]){0xaaaa0004}, 4);
        /* a command writing through the first entry */
        g7s_cmds c;
        g7s_cmds_init(&c);
        g7s_mi_sdi(&c, G7S_GGTT, 0x400010, 0xbbbb0001);
        g7s_ring_emit(s, &c);
        g7s_ring_kick(s);
        g7s_cmds_free(&c);
        int st;
        gtsim_device *dev = replay(s, *p, &st);
        assert_int_equal(st, GTSIM_OK);
        assert_int_equal(rd32(dev, G7S_GGTT, 0x400000), 0xaaaa0001);
        assert_int_equal(rd32(dev, G7S_GGTT, 0x401000), hsw ? 0xaaaa0003 : 0xaaaa0002);
        assert_int_equal(rd32(dev, G7S_GGTT, 0x402000), 0xaaaa0004);
        assert_int_equal(phys32(dev, 0x123456010ull), 0xbbbb0001);
        uint32_t v;
        assert_int_equal(gtsim_ggtt_read(dev, 0x403000, &v, 4), GTSIM_ERR_FAULT);
        /* entries are 4 bytes: entry 0x401 is at byte 0x1004 */
        uint32_t e;
        gtsim_ggtt_entries_read(dev, 0x1004, &e, 4);
        assert_int_equal(e, pte[1]);
        done(dev);
    }
}

static void test_ppgtt(void **state)
{
    (void)state;
    FOR_PLAT(p) {
        g7s *s = begin(*p, 1);
        g7s_ppgtt_enable(s);
        /* gva 0x00c03000 -> pa 0x2_0000_5000 (PDE 3, PTE 3), hand-placed */
        const uint32_t gva = 0x00c03000u;
        const uint64_t pa = 0x200005000ull;
        g7s_map(s, G7S_PPGTT, gva, pa, 4096);
        g7s_phys_write(s, pa + 0x20, (uint32_t[]){0xcccc0001}, 4);
        /* a PPGTT batch storing through the PPGTT */
        uint32_t batch = g7s_buffer(s, G7S_PPGTT, 4096, NULL);
        g7s_cmds b;
        g7s_cmds_init(&b);
        g7s_mi_sdi(&b, G7S_PPGTT, gva + 0x40, 0xcccc0002);
        g7s_mi_bbe(&b);
        g7s_exec_batch(s, G7S_PPGTT, batch, &b);
        /* a second page directory (hand-built), loaded by the ring with
         * MI_LOAD_REGISTER_IMM of PP_DIR_BASE: gva 0x1000 -> pa 0x3000_0000 */
        const uint32_t pd2 = 0x1ff000u; /* byte offset in the GGTT entry table */
        const uint64_t pt2 = 0x30001000ull;
        g7s_gtt_entries(s, pd2 / 4, (uint32_t[]){(uint32_t)pt2 | 1u}, 1);
        g7s_phys_write(s, pt2 + 4, (uint32_t[]){0x30000000u | 1u}, 4);
        b.n = 0;
        g7s_mi_lri(&b, REG_PP_DIR_BASE, (pd2 / 64) << 16);
        g7s_mi_sdi(&b, G7S_PPGTT, 0x1008, 0xcccc0003);
        g7s_ring_emit(s, &b);
        g7s_ring_kick(s);
        g7s_cmds_free(&b);
        int st;
        gtsim_device *dev = replay(s, *p, &st);
        assert_int_equal(st, GTSIM_OK);
        assert_int_equal(phys32(dev, pa + 0x40), 0xcccc0002);
        assert_int_equal(phys32(dev, 0x30000008ull), 0xcccc0003);
        /* the directory entry g7s wrote: PDE 3 of the first directory */
        uint32_t pde;
        gtsim_ggtt_entries_read(dev, g7s_pd_offset(NULL) + 3 * 4, &pde, 4);
        assert_int_equal(pde & 1, 1);
        /* back to the first directory: reads through it */
        gtsim_mmio_write(dev, REG_PP_DIR_BASE, (g7s_pd_offset(NULL) / 64) << 16);
        assert_int_equal(rd32(dev, G7S_PPGTT, gva + 0x20), 0xcccc0001);
        assert_int_equal(rd32(dev, G7S_PPGTT, gva + 0x40), 0xcccc0002);
        /* 2 GiB of virtual space; unmapped pages fault */
        uint32_t v;
        assert_int_equal(gtsim_gva_read(dev, 0x80000000u, &v, 4), GTSIM_ERR_FAULT);
        assert_int_equal(gtsim_gva_read(dev, gva + 0x1000, &v, 4), GTSIM_ERR_FAULT);
        done(dev);
    }
}

/* ---- MI commands ---- */

static void test_mi_commands(void **state)
{
    (void)state;
    FOR_PLAT(p) {
        int hsw = !strcmp(*p, "hsw");
        g7s *s = begin(*p, 1);
        uint32_t out = g7s_buffer(s, G7S_GGTT, 4096, NULL);
        uint32_t src = g7s_buffer(s, G7S_GGTT, 4096, (uint32_t[1024]){0x77665544});
        g7s_cmds c;
        g7s_cmds_init(&c);
        g7s_mi_sdi64(&c, G7S_GGTT, out, 0x0102030405060708ull);
        g7s_mi_sdx(&c, 0x40, 0x12345678);
        g7s_mi_lrm(&c, G7S_GGTT, REG_PRED_SRC1, src);
        g7s_mi_srm(&c, G7S_GGTT, REG_PRED_SRC1, out + 8);
        g7s_mi_flush_dw(&c, G7S_GGTT, out + 16, 0x1122334455667788ull);
        g7s_mi_lri(&c, REG_RBSYNC, 5);
        g7s_mi_semaphore_mbox(&c, 1, 4); /* RBSYNC 5 > 4: continues */
        g7s_mi_sdi(&c, G7S_GGTT, out + 24, 0x5e5e5e5e);
        if (hsw) {
            g7s_mi_lri(&c, GPR(0), 5);
            g7s_mi_lri(&c, GPR(0) + 4, 0);
            g7s_mi_lri(&c, GPR(1), 7);
            g7s_mi_lri(&c, GPR(1) + 4, 0);
            /* MI_MATH: SRCA = R0, SRCB = R1, ADD, R2 = ACCU */
            G7S_EMIT(&c, (0x1au << 23) | 3u, (0x080u << 20) | (0x20u << 10) | 0u,
                     (0x080u << 20) | (0x21u << 10) | 1u, 0x100u << 20, (0x180u << 20) | (2u << 10) | 0x31u);
            g7s_mi_srm(&c, G7S_GGTT, GPR(2), out + 32);
            g7s_mi_lrr(&c, REG_PRED_SRC1, GPR(3));
            g7s_mi_srm(&c, G7S_GGTT, GPR(3), out + 36);
        }
        uint32_t report_at = g7s_ring_tail(s) + 4 * c.n;
        g7s_emit(&c, 0x07u << 23); /* MI_REPORT_HEAD */
        g7s_ring_emit(s, &c);
        g7s_ring_kick(s);
        g7s_cmds_free(&c);
        int st;
        gtsim_device *dev = replay(s, *p, &st);
        assert_int_equal(st, GTSIM_OK);
        assert_int_equal(rd32(dev, G7S_GGTT, out), 0x05060708);
        assert_int_equal(rd32(dev, G7S_GGTT, out + 4), 0x01020304);
        assert_int_equal(rd32(dev, G7S_GGTT, out + 8), 0x77665544);
        assert_int_equal(rd32(dev, G7S_GGTT, out + 16), 0x55667788);
        assert_int_equal(rd32(dev, G7S_GGTT, out + 20), 0x11223344);
        assert_int_equal(rd32(dev, G7S_GGTT, out + 24), 0x5e5e5e5e);
        if (hsw) {
            assert_int_equal(rd32(dev, G7S_GGTT, out + 32), 12);
            assert_int_equal(rd32(dev, G7S_GGTT, out + 36), 0x77665544);
        }
        /* status page (GGTT 0x11000: the ring is page 0x10000, then the
         * status page): MI_STORE_DATA_INDEX at 0x40, MI_REPORT_HEAD at DWord
         * 4 holding the head after the command (seed 002: the head is
         * updated after each command) */
        assert_int_equal(rd32(dev, G7S_GGTT, 0x11000 + 0x40), 0x12345678);
        assert_int_equal(rd32(dev, G7S_GGTT, 0x11000 + 0x10) & 0x1ffffc, report_at + 4);
        done(dev);
    }
}

static void test_gen75_only_commands(void **state)
{
    (void)state;
    /* MI_MATH and MI_LOAD_REGISTER_REG are Haswell additions: on Ivy
     * Bridge / VLV they are reported by name. */
    const char *ivb_like[] = {"ivb", "vlv"};
    for (int i = 0; i < 2; i++) {
        g7s *s = begin(ivb_like[i], 1);
        g7s_cmds c;
        g7s_cmds_init(&c);
        g7s_mi_lrr(&c, REG_PRED_SRC0, REG_PRED_SRC1);
        g7s_ring_emit(s, &c);
        g7s_ring_kick(s);
        g7s_cmds_free(&c);
        int st;
        gtsim_device *dev = replay(s, ivb_like[i], &st);
        assert_int_equal(st, GTSIM_ERR_UNIMPL);
        assert_non_null(strstr(gtsim_last_error(dev), "MI_LOAD_REGISTER_REG"));
        assert_non_null(strstr(gtsim_last_error(dev), "at ring 0x10000"));
        done(dev);
    }
}

static void test_semaphore_never(void **state)
{
    (void)state;
    FOR_PLAT(p) {
        g7s *s = begin(*p, 1);
        g7s_cmds c;
        g7s_cmds_init(&c);
        g7s_mi_lri(&c, REG_RBSYNC, 5);
        g7s_mi_semaphore_mbox(&c, 1, 5); /* 5 is not above 5 */
        g7s_ring_emit(s, &c);
        g7s_ring_kick(s);
        g7s_cmds_free(&c);
        int st;
        gtsim_device *dev = replay(s, *p, &st);
        assert_int_equal(st, GTSIM_ERR_WATCHDOG);
        assert_non_null(strstr(gtsim_last_error(dev), "MI_SEMAPHORE_MBOX"));
        done(dev);
    }
}

/* ---- PIPE_CONTROL ---- */

static void test_pipe_control(void **state)
{
    (void)state;
    FOR_PLAT(p) {
        g7s *s = begin(*p, 1);
        g7s_ppgtt_enable(s);
        uint32_t out = g7s_buffer(s, G7S_GGTT, 4096, NULL);
        uint32_t pout = g7s_buffer(s, G7S_PPGTT, 4096, NULL);
        g7s_cmds c;
        g7s_cmds_init(&c);
        g7s_pipe_control(&c, G7S_PC_CS_STALL | G7S_PC_WRITE_IMM, G7S_GGTT, out, 0xfeedfacecafebeefull);
        g7s_pipe_control(&c, G7S_PC_CS_STALL | G7S_PC_WRITE_IMM, G7S_PPGTT, pout + 8, 0x0000000100000002ull);
        g7s_pipe_control(&c, G7S_PC_CS_STALL | G7S_PC_WRITE_TIMESTAMP, G7S_GGTT, out + 16, 0);
        g7s_mi_sdi(&c, G7S_GGTT, out + 64, 0);
        g7s_pipe_control(&c, G7S_PC_CS_STALL | G7S_PC_WRITE_TIMESTAMP, G7S_GGTT, out + 24, 0);
        g7s_pipe_control(&c, G7S_PC_WRITE_IMM | G7S_PC_STORE_INDEX, G7S_GGTT, 0x80, 0x99);
        g7s_pipe_control(&c, G7S_PC_CS_STALL, G7S_GGTT, out + 32, 0x1234); /* no post-sync op */
        g7s_ring_emit(s, &c);
        g7s_ring_kick(s);
        g7s_cmds_free(&c);
        int st;
        gtsim_device *dev = replay(s, *p, &st);
        assert_int_equal(st, GTSIM_OK);
        assert_int_equal(rd32(dev, G7S_GGTT, out), 0xcafebeef);
        assert_int_equal(rd32(dev, G7S_GGTT, out + 4), 0xfeedface);
        assert_int_equal(rd32(dev, G7S_PPGTT, pout + 8), 2);
        assert_int_equal(rd32(dev, G7S_PPGTT, pout + 12), 1);
        uint64_t t1 = rd32(dev, G7S_GGTT, out + 16) | (uint64_t)rd32(dev, G7S_GGTT, out + 20) << 32;
        uint64_t t2 = rd32(dev, G7S_GGTT, out + 24) | (uint64_t)rd32(dev, G7S_GGTT, out + 28) << 32;
        assert_true(t2 > t1);
        assert_int_equal(rd32(dev, G7S_GGTT, 0x11000 + 0x80), 0x99); /* status page */
        assert_int_equal(rd32(dev, G7S_GGTT, out + 32), 0);
        done(dev);
    }
}

/* ---- batch buffers ---- */

static void test_batches(void **state)
{
    (void)state;
    FOR_PLAT(p) {
        int hsw = !strcmp(*p, "hsw");
        g7s *s = begin(*p, 1);
        g7s_ppgtt_enable(s);
        uint32_t out = g7s_buffer(s, G7S_GGTT, 4096, NULL);
        uint32_t cond = g7s_buffer(s, G7S_GGTT, 4096, (uint32_t[1024]){3, 0, 9});
        uint32_t a = g7s_buffer(s, G7S_GGTT, 4096, NULL);
        uint32_t bb = g7s_buffer(s, G7S_PPGTT, 4096, NULL);
        uint32_t c2 = g7s_buffer(s, G7S_PPGTT, 4096, NULL);
        uint32_t d = g7s_buffer(s, G7S_GGTT, 4096, NULL);
        g7s_cmds x;
        g7s_cmds_init(&x);
        /* A (GGTT): store 1, chain to B (PPGTT) */
        g7s_mi_sdi(&x, G7S_GGTT, out, 1);
        g7s_mi_bbs(&x, G7S_PPGTT, bb, 0);
        g7s_mi_sdi(&x, G7S_GGTT, out + 4, 0xbad); /* never: chained away */
        g7s_write(s, G7S_GGTT, a, x.dw, 4 * x.n);
        /* B: store 2; "second level" start of C, then store 3 and end.  On
         * Haswell C returns to B; Ivy Bridge / VLV have no second level:
         * the start chains and C's end returns to the ring. */
        x.n = 0;
        g7s_mi_sdi(&x, G7S_GGTT, out + 8, 2);
        g7s_mi_bbs(&x, G7S_PPGTT, c2, 1);
        g7s_mi_sdi(&x, G7S_GGTT, out + 12, 3);
        g7s_mi_bbe(&x);
        g7s_write(s, G7S_PPGTT, bb, x.dw, 4 * x.n);
        x.n = 0;
        g7s_mi_sdi(&x, G7S_GGTT, out + 16, 4);
        g7s_mi_bbe(&x);
        g7s_write(s, G7S_PPGTT, c2, x.dw, 4 * x.n);
        /* D: conditional batch end: memory 9 > 5 continues, 3 <= 5 ends */
        x.n = 0;
        g7s_mi_cbbe(&x, G7S_GGTT, cond + 8, 5);
        g7s_mi_sdi(&x, G7S_GGTT, out + 20, 5);
        g7s_mi_cbbe(&x, G7S_GGTT, cond, 5);
        g7s_mi_sdi(&x, G7S_GGTT, out + 24, 0xbad);
        g7s_mi_bbe(&x);
        g7s_write(s, G7S_GGTT, d, x.dw, 4 * x.n);
        /* ring: A, then a store in the ring, then D, then a store */
        x.n = 0;
        g7s_mi_bbs(&x, G7S_GGTT, a, 0);
        g7s_mi_sdi(&x, G7S_GGTT, out + 28, 6);
        g7s_mi_bbs(&x, G7S_GGTT, d, 0);
        g7s_mi_sdi(&x, G7S_GGTT, out + 32, 7);
        g7s_ring_emit(s, &x);
        g7s_ring_kick(s);
        g7s_cmds_free(&x);
        int st;
        gtsim_device *dev = replay(s, *p, &st);
        assert_int_equal(st, GTSIM_OK);
        assert_int_equal(rd32(dev, G7S_GGTT, out), 1);
        assert_int_equal(rd32(dev, G7S_GGTT, out + 4), 0);
        assert_int_equal(rd32(dev, G7S_GGTT, out + 8), 2);
        assert_int_equal(rd32(dev, G7S_GGTT, out + 12), hsw ? 3 : 0);
        assert_int_equal(rd32(dev, G7S_GGTT, out + 16), 4);
        assert_int_equal(rd32(dev, G7S_GGTT, out + 20), 5);
        assert_int_equal(rd32(dev, G7S_GGTT, out + 24), 0);
        assert_int_equal(rd32(dev, G7S_GGTT, out + 28), 6);
        assert_int_equal(rd32(dev, G7S_GGTT, out + 32), 7);
        done(dev);
    }
}

/* ---- bad input ---- */

static void expect_error(const char *p, g7s *s, int status, const char *const *needles)
{
    int st;
    gtsim_device *dev = replay(s, p, &st);
    assert_int_equal(st, status);
    for (; *needles; needles++) {
        if (!strstr(gtsim_last_error(dev), *needles))
            fail_msg("%s: report \"%s\" lacks \"%s\"", p, gtsim_last_error(dev), *needles);
    }
    done(dev);
}

static void test_unknown_commands(void **state)
{
    (void)state;
    FOR_PLAT(p) {
        char where[64];
        /* an opcode no Gen7 engine defines (MI 3Fh) */
        g7s *s = begin(*p, 1);
        uint32_t batch = g7s_buffer(s, G7S_GGTT, 4096, NULL);
        g7s_cmds c;
        g7s_cmds_init(&c);
        g7s_mi_noop(&c);
        g7s_emit(&c, 0x3fu << 23);
        g7s_mi_bbe(&c);
        g7s_exec_batch(s, G7S_GGTT, batch, &c);
        snprintf(where, sizeof(where), "batch 0x%x (GGTT, first level)", batch + 4);
        expect_error(*p, s, GTSIM_ERR_UNIMPL,
                     (const char *[]){"unknown command header 0x1f800000", where, NULL});
        /* a Gen9 command (MI_ATOMIC) is unknown to Gen7 */
        s = begin(*p, 1);
        batch = g7s_buffer(s, G7S_GGTT, 4096, NULL);
        c.n = 0;
        G7S_EMIT(&c, (0x2fu << 23) | 1u, 0, 0);
        g7s_exec_batch(s, G7S_GGTT, batch, &c);
        expect_error(*p, s, GTSIM_ERR_UNIMPL, (const char *[]){"unknown command header 0x17800001", NULL});
        /* a real Gen7 command gtsim does not model: reported by name */
        s = begin(*p, 1);
        batch = g7s_buffer(s, G7S_GGTT, 4096, NULL);
        c.n = 0;
        g7s_mi_noop(&c);
        g7s_emit(&c, 0x11800000u); /* MI_UPDATE_GTT */
        g7s_exec_batch(s, G7S_GGTT, batch, &c);
        snprintf(where, sizeof(where), "at batch 0x%x", batch + 4);
        expect_error(*p, s, GTSIM_ERR_UNIMPL, (const char *[]){"MI_UPDATE_GTT", "not implemented", where, NULL});
        /* 3D state commands (no Gen7 3D pipeline) are skipped with their
         * genxml lengths; a draw of no vertices does nothing (crocus'
         * Ivy Bridge workaround after PIPELINE_SELECT); a draw of 3
         * vertices stops with a report naming it and its address */
        s = begin(*p, 1);
        batch = g7s_buffer(s, G7S_GGTT, 4096, NULL);
        c.n = 0;
        G7S_EMIT(&c, 0x780f0000u, 0x40);                     /* 3DSTATE_SCISSOR_STATE_POINTERS */
        G7S_EMIT(&c, 0x79000002u, 0, 0x003f003fu, 0);        /* 3DSTATE_DRAWING_RECTANGLE */
        G7S_EMIT(&c, 0x7b000005u, 4, 0, 0, 1, 0, 0);         /* 3DPRIMITIVE, 0 vertices */
        G7S_EMIT(&c, 0x7b000005u, 4, 3, 0, 1, 0, 0);         /* 3DPRIMITIVE, 3 vertices */
        g7s_exec_batch(s, G7S_GGTT, batch, &c);
        snprintf(where, sizeof(where), "at batch 0x%x", batch + 4 * (2 + 4 + 7));
        expect_error(*p, s, GTSIM_ERR_UNIMPL,
                     (const char *[]){"3DPRIMITIVE (header 0x7b000005)", where,
                                      "a draw of 3 vertices x 1 instances; the Gen7 3D pipeline is not modelled",
                                      NULL});
        /* a fixed-length 3D command with another length is illegal */
        s = begin(*p, 1);
        batch = g7s_buffer(s, G7S_GGTT, 4096, NULL);
        c.n = 0;
        G7S_EMIT(&c, 0x79000003u, 0, 0, 0, 0);               /* 3DSTATE_DRAWING_RECTANGLE, 5 DWords */
        g7s_exec_batch(s, G7S_GGTT, batch, &c);
        expect_error(*p, s, GTSIM_ERR_ILLEGAL,
                     (const char *[]){"3DSTATE_DRAWING_RECTANGLE", "length 5 DWords", "valid 4..4", NULL});
        g7s_cmds_free(&c);
    }
}

static void test_off_mapped_memory(void **state)
{
    (void)state;
    FOR_PLAT(p) {
        /* the ring starts in unmapped GGTT space */
        g7s *s = begin(*p, 1);
        g7s_mmio_write(s, REG_RING_CTL, 0);
        g7s_mmio_write(s, REG_RING_START, 0x40000000u);
        g7s_mmio_write(s, REG_RING_CTL, 1);
        g7s_mmio_write(s, REG_RING_TAIL, 8);
        expect_error(*p, s, GTSIM_ERR_FAULT, (const char *[]){"GGTT address 0x40000000", "ring 0x40000000", NULL});
        /* a batch with no end runs off its only mapped page */
        s = begin(*p, 1);
        uint32_t batch = g7s_buffer(s, G7S_GGTT, 4096, NULL); /* zeros: MI_NOOPs */
        g7s_cmds c;
        g7s_cmds_init(&c);
        g7s_mi_noop(&c);
        g7s_exec_batch(s, G7S_GGTT, batch, &c);
        g7s_cmds_free(&c);
        char where[64];
        snprintf(where, sizeof(where), "GGTT address 0x%x", batch + 4096);
        expect_error(*p, s, GTSIM_ERR_FAULT, (const char *[]){where, "runs off mapped memory", NULL});
    }
}

/* ---- media / GPGPU state (seed 000 §1.8) ---- */

static void test_pipeline_state(void **state)
{
    (void)state;
    FOR_PLAT(p) {
        int hsw = !strcmp(*p, "hsw");
        g7s *s = begin(*p, 1);
        g7s_ppgtt_enable(s);
        uint32_t dyn = g7s_buffer(s, G7S_PPGTT, 8192, NULL);
        uint32_t surf = g7s_buffer(s, G7S_PPGTT, 4096, NULL);
        uint32_t ins = g7s_buffer(s, G7S_PPGTT, 4096, NULL);
        uint32_t batch = g7s_buffer(s, G7S_PPGTT, 4096, NULL);
        /* CURBE: 64 bytes at dyn + 0x100; one interface descriptor at dyn */
        uint32_t curbe[16];
        for (int i = 0; i < 16; i++)
            curbe[i] = 0xc0 + (uint32_t)i;
        g7s_write(s, G7S_PPGTT, dyn + 0x100, curbe, sizeof(curbe));
        g7s_idd d = {.ksp = 0x40, .spf = 1, .bt_ptr = 0x20, .bt_count = 2, .curbe_len = 2,
                     .threads = 3, .slm_size = 2, .barrier = 1, .cross_len = hsw ? 1 : 0};
        uint32_t idd[8];
        g7s_idd_pack(&d, idd);
        g7s_write(s, G7S_PPGTT, dyn, idd, sizeof(idd));
        g7s_cmds c;
        g7s_cmds_init(&c);
        g7s_pipeline_select(&c, G7S_PIPE_GPGPU);
        g7s_sba sba = {.general = 0, .surface = surf, .dynamic = dyn, .indirect = 0, .instruction = ins};
        g7s_state_base_address(&c, &sba);
        g7s_vfe vfe = {.scratch_base = 0x400, .scratch_size = 3, .max_threads = 32, .urb_entries = 2,
                       .urb_entry_size = 2, .curbe_size = 4, .gpgpu_mode = 1, .bypass_gateway = 1,
                       .sb_enable = 1, .sb_mask = 0x3, .sb_delta = {{-1, 0}, {0, -1}, {7, -8}}};
        g7s_vfe_state(&c, &vfe);
        g7s_curbe_load(&c, sizeof(curbe), 0x100);
        g7s_idd_load(&c, 32, 0);
        /* walkers that dispatch nothing: an empty X range ... */
        g7s_walker w = {.simd = 16, .dim = {0, 1, 1}, .right_mask = 0xffff, .bottom_mask = 0xffff};
        g7s_gpgpu_walker(&c, &w);
        g7s_media_state_flush(&c, 0);
        /* ... and one naming interface descriptor 3 (only one is loaded) */
        w.idd_offset = 3;
        w.dim[0] = 1;
        g7s_gpgpu_walker(&c, &w);
        g7s_mi_bbe(&c);
        g7s_exec_batch(s, G7S_PPGTT, batch, &c);
        g7s_cmds_free(&c);
        int st;
        gtsim_device *dev = replay(s, *p, &st);
        assert_int_equal(st, GTSIM_ERR_INVALID);
        assert_non_null(strstr(gtsim_last_error(dev), "Interface Descriptor Offset 3 but only 1"));
        gt_pipe_state *ps = gt_pipe_state_of(dev->pipe);
        assert_int_equal(ps->pipeline, 2);
        assert_int_equal(ps->surface_state_base, surf);
        assert_int_equal(ps->dynamic_state_base, dyn);
        assert_int_equal(ps->instruction_base, ins);
        assert_int_equal(ps->dynamic_state_size, 0xfffff000u - dyn);
        assert_int_equal(ps->scratch_offset, 0x400);
        /* Per Thread Scratch Space 3: (3 + 1) KiB on Ivy Bridge / VLV,
         * 2 KiB << 3 on Haswell */
        assert_int_equal(ps->per_thread_scratch, hsw ? 16384 : 4096);
        assert_int_equal(ps->max_threads, 32);
        assert_int_equal(ps->urb_entries, 2);
        assert_int_equal(ps->urb_entry_size, 2);
        assert_int_equal(ps->curbe_size, 4);
        assert_int_equal(ps->sb_enable, 1);
        assert_int_equal(ps->sb_mask, 3);
        assert_int_equal(ps->sb_delta[0][0], -1);
        assert_int_equal(ps->sb_delta[1][1], -1);
        assert_int_equal(ps->sb_delta[2][0], 7);
        assert_int_equal(ps->sb_delta[2][1], -8);
        assert_int_equal(ps->bypass_gateway, 1);
        assert_int_equal(ps->gpgpu_mode, 1);
        assert_int_equal(ps->curbe_len, sizeof(curbe));
        assert_memory_equal(ps->curbe, curbe, sizeof(curbe));
        assert_int_equal(ps->idd_count, 1);
        assert_memory_equal(ps->idd[0], idd, sizeof(idd));
        done(dev);
    }
}

/* Walker bounds on Gen7 (seed 000 §1.8 GPGPU_WALKER): at most 64 threads per
 * group (32 for SIMD32); a walker of more than max_threads threads is
 * refused before it dispatches anything.  Gen7 counters roll over to 0, so
 * from (5, 6, 7) in a 2^32-1 cube the groups are d^3 - (7 d^2 + 6 d + 5),
 * d = 2^32 - 1: 79228162329796896903693074425 (computed with Python). */
static void test_walker_bounds(void **state)
{
    (void)state;
    static const struct {
        uint32_t simd, wmax, hmax;
        int st;
        const char *msg;
    } cases[] = {
        {16, 63, 1, GTSIM_ERR_ILLEGAL, "64 x 2 x 1 = 128 threads per thread group"},
        {32, 32, 0, GTSIM_ERR_ILLEGAL, "at most 32 SIMD32 threads form a group"},
        {16, 3, 0, GTSIM_ERR_WATCHDOG,
         "79228162329796896903693074425 thread groups (Thread Group ID X/Y/Z Dimension 4294967295 x "
         "4294967295 x 4294967295, starting at (5, 6, 7)) of 4 threads = 316912649319187587614772297700 "
         "hardware threads, more than max_threads = 4294967296 per walker"},
    };
    FOR_PLAT(p) {
        for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
            g7s *s = begin(*p, 1);
            g7s_ppgtt_enable(s);
            uint32_t dyn = g7s_buffer(s, G7S_PPGTT, 8192, NULL);
            uint32_t ins = g7s_buffer(s, G7S_PPGTT, 4096, NULL);
            uint32_t batch = g7s_buffer(s, G7S_PPGTT, 4096, NULL);
            g7s_idd d = {.ksp = 0x40, .threads = (cases[i].wmax + 1) * (cases[i].hmax + 1)};
            uint32_t idd[8];
            g7s_idd_pack(&d, idd);
            g7s_write(s, G7S_PPGTT, dyn, idd, sizeof(idd));
            g7s_cmds c;
            g7s_cmds_init(&c);
            g7s_pipeline_select(&c, G7S_PIPE_GPGPU);
            g7s_sba sba = {.dynamic = dyn, .instruction = ins};
            g7s_state_base_address(&c, &sba);
            g7s_vfe vfe = {.max_threads = 32, .urb_entries = 2, .urb_entry_size = 2, .gpgpu_mode = 1,
                           .bypass_gateway = 1};
            g7s_vfe_state(&c, &vfe);
            g7s_idd_load(&c, 32, 0);
            g7s_walker w = {.simd = cases[i].simd, .wmax = cases[i].wmax, .hmax = cases[i].hmax,
                            .start = {5, 6, 7}, .dim = {0xffffffffu, 0xffffffffu, 0xffffffffu},
                            .right_mask = 0xffffffffu, .bottom_mask = 0xffffffffu};
            g7s_gpgpu_walker(&c, &w);
            g7s_mi_bbe(&c);
            g7s_exec_batch(s, G7S_PPGTT, batch, &c);
            g7s_cmds_free(&c);
            int st;
            gtsim_device *dev = replay(s, *p, &st);
            if (!strstr(gtsim_last_error(dev), cases[i].msg))
                fprintf(stderr, "%s: %s\n", *p, gtsim_last_error(dev));
            assert_int_equal(st, cases[i].st);
            assert_non_null(strstr(gtsim_last_error(dev), cases[i].msg));
            gtsim_stats ss;
            gtsim_get_stats(dev, &ss);
            assert_int_equal(ss.threads_dispatched, 0);
            done(dev);
        }
    }
}

/* ---- media objects through the command streamer ---- */

typedef struct media_rec {
    uint32_t n, x[8], y[8];
} media_rec;

static void media_trace(void *ctx, const gt_thread *t, int root, uint32_t x, uint32_t y, uint32_t color)
{
    (void)t;
    (void)color;
    media_rec *r = ctx;
    if (root && r->n < 8) {
        r->x[r->n] = x;
        r->y[r->n] = y;
        r->n++;
    }
}

/* Stands in for the EU (the Gen7 decoder is another block): ends the thread. */
static int media_runner(gtsim_device *dev, gt_thread *t, void *ctx)
{
    (void)dev;
    (void)ctx;
    t->state = GT_THREAD_DONE;
    return GTSIM_OK;
}

static void media_hook(gtsim_device *dev, void *ctx)
{
    gt_media_set_trace(dev, media_trace, ctx);
    gt_media_set_runner(dev, media_runner, ctx);
}

static void test_media_objects(void **state)
{
    (void)state;
    FOR_PLAT(p) {
        g7s *s = begin(*p, 1);
        g7s_ppgtt_enable(s);
        uint32_t dyn = g7s_buffer(s, G7S_PPGTT, 4096, NULL);
        uint32_t batch = g7s_buffer(s, G7S_PPGTT, 4096, NULL);
        g7s_idd d = {.ksp = 0};
        uint32_t idd[8];
        g7s_idd_pack(&d, idd);
        g7s_write(s, G7S_PPGTT, dyn, idd, sizeof(idd));
        g7s_cmds c;
        g7s_cmds_init(&c);
        g7s_pipeline_select(&c, G7S_PIPE_MEDIA);
        g7s_sba sba = {.dynamic = dyn};
        g7s_state_base_address(&c, &sba);
        g7s_vfe vfe = {.max_threads = 8, .urb_entries = 4, .urb_entry_size = 2, .sb_enable = 1, .sb_mask = 1,
                       .sb_delta = {{-1, 0}}};
        g7s_vfe_state(&c, &vfe);
        g7s_idd_load(&c, 32, 0);
        /* MEDIA_OBJECT (seed 000 §1.8.6): DW2 bit 21 Use Scoreboard, DW4
         * Scoreboard Y 24:16 / X 8:0, DW5 Scoreboard Mask, inline data */
        static const uint32_t xy[3][2] = {{1, 0}, {2, 3}, {5, 7}};
        for (int i = 0; i < 3; i++)
            G7S_EMIT(&c, 0x71000000u | (8 - 2), 0, 1u << 21, 0, xy[i][1] << 16 | xy[i][0], 1, 0xaa, 0xbb);
        g7s_media_state_flush(&c, 0);
        g7s_mi_bbe(&c);
        g7s_exec_batch(s, G7S_PPGTT, batch, &c);
        g7s_cmds_free(&c);
        media_rec r = {0};
        int st;
        gtsim_device *dev = replay_hooked(s, *p, &st, media_hook, &r);
        if (st != GTSIM_OK)
            fail_msg("%s: %s", *p, gtsim_last_error(dev));
        assert_int_equal(r.n, 3);
        for (int i = 0; i < 3; i++) {
            assert_int_equal(r.x[i], xy[i][0]);
            assert_int_equal(r.y[i], xy[i][1]);
        }
        done(dev);
    }
}

/* ---- kernels: intel-gen4asm output read by the builder ---- */

static void test_kernel_load(void **state)
{
    (void)state;
    uint8_t *a, *b;
    size_t na, nb;
    assert_int_equal(g7s_kernel_load(KERNEL_G4A_DW, &a, &na), 0);
    assert_int_equal(g7s_kernel_load(KERNEL_G4A_BYTES, &b, &nb), 0);
    assert_int_equal(na, 32); /* two native 16-byte instructions */
    assert_int_equal(nb, na);
    assert_memory_equal(a, b, na);
    /* mov (8) g2<1>UD g0<8,8,1>UD: opcode 0x01 in byte 0, ExecSize 8 (3)
     * in bits 23:21 (seed 001 / iga64 -p=7p5 agree) */
    assert_int_equal(a[0], 0x01);
    assert_int_equal((a[2] >> 5) & 7, 3);
    assert_int_equal(a[16], 0x40); /* add */
    free(a);
    free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_platforms),
        cmocka_unit_test(test_ring_submission),
        cmocka_unit_test(test_ring_disabled),
        cmocka_unit_test(test_ggtt_pte_format),
        cmocka_unit_test(test_ppgtt),
        cmocka_unit_test(test_mi_commands),
        cmocka_unit_test(test_gen75_only_commands),
        cmocka_unit_test(test_semaphore_never),
        cmocka_unit_test(test_pipe_control),
        cmocka_unit_test(test_batches),
        cmocka_unit_test(test_unknown_commands),
        cmocka_unit_test(test_off_mapped_memory),
        cmocka_unit_test(test_pipeline_state),
        cmocka_unit_test(test_walker_bounds),
        cmocka_unit_test(test_media_objects),
        cmocka_unit_test(test_kernel_load),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
