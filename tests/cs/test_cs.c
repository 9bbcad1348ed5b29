/*
 * Command streamer and GPGPU walker tests: hand-built contexts, rings and
 * batch buffers written into a device's memory, submitted through the ELSP
 * like a driver does.  Command encodings are written from the command pages
 * (seed 004, Gen9 layouts per genxml gen9.xml); expected values are computed
 * here from the command semantics, not from gtsim.
 *
 * Memory layout of every test device:
 *   GGTT: pages 0..511 identity mapped (GGTT address == physical address)
 *   0x10000  logical ring context (LRCA): PPHWSP page, register state at +0x1000
 *   0x20000  ring buffer (one page)
 *   0x100000 PPGTT page tables (PML4, then PDP/PD/PT pages allocated upward)
 *   PPGTT: gva BATCH (0x800100000000) -> pa 0x200000, 16 pages,
 *          gva DATA  (0x7f0000000000) -> pa 0x300000, 16 pages
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "gtsim.h"
#include "gt.h"
#include "pipe/pipe.h"

#define LRCA 0x10000ull
#define RING 0x20000ull
#define PT_BASE 0x100000ull
#define BATCH 0x800100000000ull
#define BATCH_PA 0x200000ull
#define DATA 0x7f0000000000ull
#define DATA_PA 0x300000ull
#define GGTT_SCRATCH 0x40000ull

/* ---- command encodings (seed 004 / genxml gen9) ---- */
#define MI_NOOP 0x00000000u
#define MI_BATCH_BUFFER_END (0x0au << 23)
#define MI_BBS(second, ppgtt) ((0x31u << 23) | ((second) << 22) | ((ppgtt) << 8) | 1u)
#define MI_LRI(npairs) ((0x22u << 23) | (2u * (npairs) - 1))
#define MI_SDI_DW(ggtt) ((0x20u << 23) | ((ggtt) << 22) | 2u)
#define MI_SDI_QW(ggtt) ((0x20u << 23) | ((ggtt) << 22) | (1u << 21) | 3u)
#define MI_SRM(pred, ggtt) ((0x24u << 23) | ((ggtt) << 22) | ((pred) << 21) | 2u)
#define MI_LRM(ggtt) ((0x29u << 23) | ((ggtt) << 22) | 2u)
#define MI_LRR ((0x2au << 23) | 1u)
#define MI_MATH(n) ((0x1au << 23) | ((n) - 1))
#define MI_ALU(op, a, b) (((uint32_t)(op) << 20) | ((uint32_t)(a) << 10) | (uint32_t)(b))
#define MI_PREDICATE(load, combine, compare) ((0x0cu << 23) | ((load) << 6) | ((combine) << 3) | (compare))
#define MI_SET_PREDICATE(en) ((0x01u << 23) | (en))
#define MI_CBBE(ggtt) ((0x36u << 23) | ((ggtt) << 22) | (1u << 21) | 2u)
#define MI_SEMAPHORE_WAIT(op) ((0x1cu << 23) | (1u << 15) | ((op) << 12) | 2u)
#define MI_ATOMIC(op, size, inl, ret, len) ((0x2fu << 23) | ((size) << 19) | ((inl) << 18) | \
                                            ((ret) << 16) | ((op) << 8) | ((len) - 2))
#define PIPE_CONTROL 0x7a000004u
#define PIPELINE_SELECT_GPGPU 0x69040302u
#define STATE_BASE_ADDRESS 0x61010011u
#define MEDIA_VFE_STATE 0x70000007u
#define MEDIA_CURBE_LOAD 0x70010002u
#define MEDIA_IDL 0x70020002u
#define MEDIA_STATE_FLUSH 0x70040000u
#define GPGPU_WALKER 0x7105000du

#define GPR(n) (0x2600u + 8u * (n))
#define ALU_LOAD 0x080
#define ALU_LOADINV 0x480
#define ALU_LOAD0 0x081
#define ALU_ADD 0x100
#define ALU_SUB 0x101
#define ALU_AND 0x102
#define ALU_OR 0x103
#define ALU_XOR 0x104
#define ALU_STORE 0x180
#define ALU_STOREINV 0x580
#define ALU_SRCA 0x20
#define ALU_SRCB 0x21
#define ALU_ACCU 0x31
#define ALU_ZF 0x32
#define ALU_CF 0x33

#include "cs_env.h"

static void w32(env *e, uint64_t pa, uint32_t v)
{
    gtsim_phys_write(e->dev, pa, &v, 4);
}

static uint64_t r64(env *e, uint64_t pa)
{
    uint64_t v = 0;
    gtsim_phys_read(e->dev, pa, &v, 8);
    return v;
}

static void wgva(env *e, uint64_t gva, const uint32_t *dw, size_t n)
{
    gtsim_phys_write(e->dev, pa_of(gva), dw, 4 * n);
}

static int setup_env_on(void **state, const char *platform, uint64_t max_commands, int trace);

/* A device whose walkers run on `threads` host threads. */
static unsigned setup_host_threads;

static int setup_env_on(void **state, const char *platform, uint64_t max_commands, int trace)
{
    env *e = calloc(1, sizeof(*e));
    gtsim_config cfg;
    memset(&cfg, 0, sizeof(cfg));
    cfg.max_commands = max_commands;
    cfg.trace_commands = trace;
    cfg.threads = setup_host_threads;
    e->log = open_memstream(&e->logbuf, &e->loglen);
    cfg.log = e->log;
    e->dev = gtsim_create(platform, &cfg);
    assert_non_null(e->dev);
    e->sq = !strcmp(platform, "tgllp");
    e->next_pt = PT_BASE + 4096;
    /* GGTT: identity map 2 MiB + the batch/data physical pages */
    for (uint64_t i = 0; i < 1024; i++) {
        uint64_t pte = (i << 12) | 1;
        gtsim_ggtt_write(e->dev, i * 8, &pte, 8);
    }
    for (uint64_t i = 0; i < 16; i++) {
        map_page(e, BATCH + i * 4096, BATCH_PA + i * 4096);
        map_page(e, DATA + i * 4096, DATA_PA + i * 4096);
    }
    /* context image register state: MI_NOOP, LRI ring registers, LRI PDPs */
    uint32_t img[] = {
        MI_NOOP, 0x1100101b,
        0x2244, 0x00090009, 0x2034, 0, 0x2030, 0, 0x2038, (uint32_t)RING, 0x203c, 0x00000001,
        0x2244, 0, 0x2244, 0, 0x2244, 0, 0x2244, 0, 0x2244, 0, 0x2244, 0, 0x2244, 0, 0x2244, 0,
        0x2244, 0,
        MI_NOOP, MI_NOOP, MI_NOOP, 0x11001011,
        0x20d8, 0, 0x228c, 0, 0x2288, 0, 0x2284, 0, 0x2280, 0, 0x227c, 0, 0x2278, 0,
        0x2274, (uint32_t)(PT_BASE >> 32), 0x2270, (uint32_t)PT_BASE,
        MI_BATCH_BUFFER_END,
    };
    gtsim_phys_write(e->dev, LRCA + 0x1000, img, sizeof(img));
    *state = e;
    return 0;
}

static int setup_env(void **state, uint64_t max_commands, int trace)
{
    return setup_env_on(state, "skl", max_commands, trace);
}

static int setup(void **state) { return setup_env(state, 0, 0); }
static int setup12(void **state) { return setup_env_on(state, "tgllp", 0, 0); }

static int teardown(void **state)
{
    env *e = *state;
    gtsim_destroy(e->dev);
    fclose(e->log);
    free(e->logbuf);
    free(e);
    return 0;
}

/* Write the ring of the context at lrca (commands from offset 0 of the
 * ring at ring_pa), set RING_HEAD = 0 and RING_TAIL in its image, submit
 * through the ELSP; returns gtsim's status. */
static int run_ring_at(env *e, uint64_t lrca, uint64_t ring_pa, const uint32_t *dw, size_t n)
{
    uint32_t ring[1024];
    memcpy(ring, dw, 4 * n);
    if (n & 1)
        ring[n++] = MI_NOOP; /* RING_TAIL is QWord aligned */
    gtsim_phys_write(e->dev, ring_pa, ring, 4 * n);
    w32(e, lrca + 0x1000 + 4 * 5, 0);          /* RING_HEAD value */
    w32(e, lrca + 0x1000 + 4 * 7, 4 * (uint32_t)n); /* RING_TAIL value */
    uint64_t desc = lrca | (3u << 3) | 1;      /* 48-bit PPGTT, valid */
    if (e->sq) { /* EXECLIST_SQ_CONTENTS element 0, then EXECLIST_CONTROL Load */
        gtsim_mmio_write(e->dev, 0x2510, (uint32_t)desc);
        gtsim_mmio_write(e->dev, 0x2514, (uint32_t)(desc >> 32));
        gtsim_mmio_write(e->dev, 0x2518, 0);
        gtsim_mmio_write(e->dev, 0x251c, 0);
        return gtsim_mmio_write(e->dev, 0x2550, 1);
    }
    gtsim_mmio_write(e->dev, 0x2230, 0);
    gtsim_mmio_write(e->dev, 0x2230, 0);
    gtsim_mmio_write(e->dev, 0x2230, (uint32_t)(desc >> 32));
    return gtsim_mmio_write(e->dev, 0x2230, (uint32_t)desc);
}

/* The context at LRCA (setup's image and RING). */
static int run_ring(env *e, const uint32_t *dw, size_t n)
{
    return run_ring_at(e, LRCA, RING, dw, n);
}

/* Ring that starts a first-level PPGTT batch at gva. */
static int run_batch(env *e, uint64_t gva)
{
    uint32_t ring[] = {MI_BBS(0, 1), (uint32_t)gva, (uint32_t)(gva >> 32), MI_NOOP};
    return run_ring(e, ring, 4);
}

#define LO(a) (uint32_t)(a)
#define HI(a) (uint32_t)((a) >> 32)

/* ---- MI command effects ---- */

static void test_store_data_imm_and_chain(void **state)
{
    env *e = *state;
    uint64_t b2 = BATCH + 0x1000;
    uint32_t b1[] = {
        MI_SDI_DW(0), LO(DATA), HI(DATA), 0x11111111,
        MI_SDI_QW(0), LO(DATA + 8), HI(DATA + 8), 0x22222222, 0x33333333,
        MI_BBS(0, 1), LO(b2), HI(b2), /* chain: no return */
        MI_SDI_DW(0), LO(DATA + 16), HI(DATA + 16), 0xdeadbeef,
        MI_BATCH_BUFFER_END,
    };
    uint32_t b2c[] = {
        MI_SDI_DW(0), LO(DATA + 20), HI(DATA + 20), 0x44444444,
        MI_BATCH_BUFFER_END,
    };
    wgva(e, BATCH, b1, sizeof(b1) / 4);
    wgva(e, b2, b2c, sizeof(b2c) / 4);
    /* the ring continues after the batch: a GGTT store */
    uint32_t ring[] = {MI_BBS(0, 1), LO(BATCH), HI(BATCH),
                       MI_SDI_DW(1), (uint32_t)GGTT_SCRATCH, 0, 0x55555555};
    assert_int_equal(run_ring(e, ring, 7), GTSIM_OK);
    assert_int_equal(r32(e, DATA_PA), 0x11111111);
    assert_int_equal(r64(e, DATA_PA + 8), 0x3333333322222222ull);
    assert_int_equal(r32(e, DATA_PA + 16), 0); /* after the chain: never run */
    assert_int_equal(r32(e, DATA_PA + 20), 0x44444444);
    assert_int_equal(r32(e, GGTT_SCRATCH), 0x55555555);
    /* context save: RING_HEAD in the image = RING_TAIL */
    assert_int_equal(r32(e, LRCA + 0x1000 + 4 * 5) & 0x1ffffc, 8 * 4);
    gtsim_stats s;
    gtsim_get_stats(e->dev, &s);
    assert_int_equal(s.commands, 8); /* BBS, SDI, SDI, BBS, SDI, BBE, SDI, NOOP */
}

static void test_second_level(void **state)
{
    env *e = *state;
    uint64_t b2 = BATCH + 0x2000;
    uint32_t b1[] = {
        MI_SDI_DW(0), LO(DATA), HI(DATA), 1,
        MI_BBS(1, 1), LO(b2), HI(b2),          /* call */
        MI_SDI_DW(0), LO(DATA + 4), HI(DATA + 4), 3, /* runs after the return */
        MI_BATCH_BUFFER_END,
    };
    uint32_t b2c[] = {
        MI_SDI_DW(0), LO(DATA), HI(DATA), 2,   /* overwrites the first store */
        MI_SDI_DW(0), LO(DATA + 4), HI(DATA + 4), 2,
        MI_BATCH_BUFFER_END,
    };
    wgva(e, BATCH, b1, sizeof(b1) / 4);
    wgva(e, b2, b2c, sizeof(b2c) / 4);
    assert_int_equal(run_batch(e, BATCH), GTSIM_OK);
    assert_int_equal(r32(e, DATA_PA), 2);
    assert_int_equal(r32(e, DATA_PA + 4), 3);
}

static void test_registers(void **state)
{
    env *e = *state;
    w32(e, DATA_PA + 0x100, 0xabcd0123);
    uint32_t b[] = {
        MI_LRI(2), GPR(0), 0x12345678, GPR(0) + 4, 0x9abcdef0,
        MI_LRR, GPR(0), GPR(1),                           /* GPR1.lo = GPR0.lo */
        MI_LRM(0), GPR(2), LO(DATA + 0x100), HI(DATA + 0x100),
        (0x22u << 23) | (0x3u << 8) | 1u, GPR(3), 0xaabbccdd, /* LRI, bytes 0-1 disabled */
        MI_SRM(0, 0), GPR(1), LO(DATA), HI(DATA),
        MI_SRM(0, 0), GPR(2), LO(DATA + 4), HI(DATA + 4),
        MI_SRM(0, 0), GPR(0) + 4, LO(DATA + 8), HI(DATA + 8),
        MI_SRM(0, 0), GPR(3), LO(DATA + 12), HI(DATA + 12),
        MI_BATCH_BUFFER_END,
    };
    wgva(e, BATCH, b, sizeof(b) / 4);
    assert_int_equal(run_batch(e, BATCH), GTSIM_OK);
    assert_int_equal(r32(e, DATA_PA), 0x12345678);
    assert_int_equal(r32(e, DATA_PA + 4), 0xabcd0123);
    assert_int_equal(r32(e, DATA_PA + 8), 0x9abcdef0);
    assert_int_equal(r32(e, DATA_PA + 12), 0xaabb0000); /* GPR3 was 0, low bytes kept */
    assert_int_equal(gtsim_mmio_read(e->dev, GPR(2)), 0xabcd0123);
}

static void test_mi_math(void **state)
{
    env *e = *state;
    const uint64_t a = 0xfffffffffffffff0ull, b = 0x20;
    uint32_t c[] = {
        MI_LRI(4), GPR(0), LO(a), GPR(0) + 4, HI(a), GPR(1), LO(b), GPR(1) + 4, HI(b),
        MI_MATH(20),
        MI_ALU(ALU_LOAD, ALU_SRCA, 0), MI_ALU(ALU_LOAD, ALU_SRCB, 1),
        MI_ALU(ALU_ADD, 0, 0), MI_ALU(ALU_STORE, 2, ALU_ACCU), MI_ALU(ALU_STORE, 3, ALU_CF),
        MI_ALU(ALU_SUB, 0, 0), MI_ALU(ALU_STORE, 4, ALU_ACCU), MI_ALU(ALU_STORE, 5, ALU_CF),
        MI_ALU(ALU_LOAD, ALU_SRCA, 1), MI_ALU(ALU_LOAD, ALU_SRCB, 0),
        MI_ALU(ALU_SUB, 0, 0), MI_ALU(ALU_STORE, 6, ALU_CF), MI_ALU(ALU_STOREINV, 7, ALU_ZF),
        MI_ALU(ALU_AND, 0, 0), MI_ALU(ALU_STORE, 8, ALU_ACCU),
        MI_ALU(ALU_LOADINV, ALU_SRCA, 1), MI_ALU(ALU_LOAD0, ALU_SRCB, 0),
        MI_ALU(ALU_OR, 0, 0), MI_ALU(ALU_STORE, 9, ALU_ACCU),
        MI_ALU(ALU_XOR, 0, 0),
        MI_BATCH_BUFFER_END,
    };
    wgva(e, BATCH, c, sizeof(c) / 4);
    assert_int_equal(run_batch(e, BATCH), GTSIM_OK);
    uint64_t g[10];
    for (int i = 0; i < 10; i++)
        g[i] = gtsim_mmio_read(e->dev, GPR(i)) | (uint64_t)gtsim_mmio_read(e->dev, GPR(i) + 4) << 32;
    assert_int_equal(g[2], a + b);        /* 0x10, with carry out */
    assert_int_equal(g[3], ~0ull);        /* CF set: all ones */
    assert_int_equal(g[4], a - b);
    assert_int_equal(g[5], 0);            /* a >= b: no borrow */
    assert_int_equal(g[6], ~0ull);        /* b < a: borrow */
    assert_int_equal(g[7], ~0ull);        /* ZF clear, stored inverted */
    assert_int_equal(g[8], b & a);
    assert_int_equal(g[9], ~b);
}

static void test_mi_atomic(void **state)
{
    env *e = *state;
    w32(e, DATA_PA, 10);
    uint64_t q = 0x00000001fffffffeull;
    gtsim_phys_write(e->dev, DATA_PA + 8, &q, 8);
    uint32_t c[] = {
        MI_ATOMIC(0x07, 0, 1, 0, 5), LO(DATA), HI(DATA), 5, 0,   /* ADD 5 -> 15 */
        MI_ATOMIC(0x05, 0, 0, 0, 3), LO(DATA), HI(DATA),         /* INC -> 16 */
        MI_ATOMIC(0x0e, 0, 1, 1, 5), LO(DATA), HI(DATA), 16, 100, /* CMP_WR 16 -> 100, return 16 */
        MI_ATOMIC(0x0e, 0, 1, 0, 5), LO(DATA), HI(DATA), 16, 7,  /* compare fails: stays 100 */
        MI_ATOMIC(0x27, 1, 1, 0, 7), LO(DATA + 8), HI(DATA + 8), 3, 0, 0, 0, /* ADD8B 3 */
        MI_ATOMIC(0x0b, 0, 1, 0, 5), LO(DATA + 16), HI(DATA + 16), 0xfffffffb, 0, /* IMIN(0, -5) */
        MI_BATCH_BUFFER_END,
    };
    wgva(e, BATCH, c, sizeof(c) / 4);
    assert_int_equal(run_batch(e, BATCH), GTSIM_OK);
    assert_int_equal(r32(e, DATA_PA), 100);
    assert_int_equal(gtsim_mmio_read(e->dev, GPR(0)), 16);
    assert_int_equal(r64(e, DATA_PA + 8), q + 3);
    assert_int_equal(r32(e, DATA_PA + 16), 0xfffffffb);
}

static void test_predicates(void **state)
{
    env *e = *state;
    uint64_t skipped = BATCH + 0x3000;
    uint32_t sb[] = {MI_SDI_DW(0), LO(DATA + 0x40), HI(DATA + 0x40), 1, MI_BATCH_BUFFER_END};
    wgva(e, skipped, sb, 5);
    uint32_t c[] = {
        MI_LRI(4), 0x2400, 7, 0x2404, 0, 0x2408, 7, 0x240c, 0,
        MI_PREDICATE(2, 0, 2),                  /* LOAD SET SRCS_EQUAL -> 1 */
        MI_SRM(1, 0), 0x2418, LO(DATA), HI(DATA),   /* predicated: stores 1 */
        MI_LRI(1), 0x2408, 8,
        MI_PREDICATE(2, 0, 2),                  /* 7 != 8 -> 0 */
        MI_LRI(1), GPR(5), 0x5555,
        MI_SRM(1, 0), GPR(5), LO(DATA + 4), HI(DATA + 4), /* not executed */
        (0x31u << 23) | (1u << 15) | (1u << 8) | 1u, LO(skipped), HI(skipped), /* predicated BBS: skipped */
        MI_PREDICATE(3, 2, 1),                  /* LOADINV (FALSE OR 0) -> 1 */
        MI_SRM(0, 0), 0x2418, LO(DATA + 8), HI(DATA + 8),
        MI_SET_PREDICATE(4),                    /* NOOP while the result is set */
        MI_SDI_DW(0), LO(DATA + 12), HI(DATA + 12), 0xbad,
        MI_SET_PREDICATE(0),
        MI_SDI_DW(0), LO(DATA + 16), HI(DATA + 16), 0x600d,
        MI_BATCH_BUFFER_END,
    };
    wgva(e, BATCH, c, sizeof(c) / 4);
    assert_int_equal(run_batch(e, BATCH), GTSIM_OK);
    assert_int_equal(r32(e, DATA_PA), 1);
    assert_int_equal(r32(e, DATA_PA + 4), 0);
    assert_int_equal(r32(e, DATA_PA + 0x40), 0);
    assert_int_equal(r32(e, DATA_PA + 8), 1);
    assert_int_equal(r32(e, DATA_PA + 12), 0);
    assert_int_equal(r32(e, DATA_PA + 16), 0x600d);
}

static void test_conditional_bb_end(void **state)
{
    env *e = *state;
    w32(e, DATA_PA + 0x80, 6);
    w32(e, DATA_PA + 0x88, 5);
    uint32_t c[] = {
        MI_CBBE(0), 5, LO(DATA + 0x80), HI(DATA + 0x80), /* 6 > 5: continue */
        MI_SDI_DW(0), LO(DATA), HI(DATA), 1,
        MI_CBBE(0), 5, LO(DATA + 0x88), HI(DATA + 0x88), /* 5 <= 5: end the batch */
        MI_SDI_DW(0), LO(DATA + 4), HI(DATA + 4), 1,
        MI_BATCH_BUFFER_END,
    };
    wgva(e, BATCH, c, sizeof(c) / 4);
    uint32_t ring[] = {MI_BBS(0, 1), LO(BATCH), HI(BATCH),
                       MI_SDI_DW(1), (uint32_t)GGTT_SCRATCH, 0, 0x77};
    assert_int_equal(run_ring(e, ring, 7), GTSIM_OK);
    assert_int_equal(r32(e, DATA_PA), 1);
    assert_int_equal(r32(e, DATA_PA + 4), 0);
    assert_int_equal(r32(e, GGTT_SCRATCH), 0x77); /* back in the ring */
}

static void test_pipe_control(void **state)
{
    env *e = *state;
    uint32_t c[] = {
        PIPE_CONTROL, (1u << 14) | (1u << 20), LO(DATA), HI(DATA), 0x89abcdef, 0x01234567,
        PIPE_CONTROL, (3u << 14) | (1u << 20), LO(DATA + 8), HI(DATA + 8), 0, 0,
        MI_NOOP, MI_NOOP,
        PIPE_CONTROL, (3u << 14) | (1u << 20), LO(DATA + 16), HI(DATA + 16), 0, 0,
        /* Store Data Index, PPGTT type: offset 0x40 in the per-process HWSP (LRCA page) */
        PIPE_CONTROL, (1u << 14) | (1u << 21), 0x40, 0, 0xfeed, 0,
        /* GGTT destination */
        PIPE_CONTROL, (1u << 14) | (1u << 24), (uint32_t)GGTT_SCRATCH + 8, 0, 0xcafe, 0,
        MI_BATCH_BUFFER_END,
    };
    wgva(e, BATCH, c, sizeof(c) / 4);
    assert_int_equal(run_batch(e, BATCH), GTSIM_OK);
    assert_int_equal(r64(e, DATA_PA), 0x0123456789abcdefull);
    uint64_t t1 = r64(e, DATA_PA + 8), t2 = r64(e, DATA_PA + 16);
    assert_true(t1 > 0);
    assert_true(t2 > t1);
    assert_int_equal(r32(e, LRCA + 0x40), 0xfeed);
    assert_int_equal(r32(e, GGTT_SCRATCH + 8), 0xcafe);
}

/* TIMESTAMP (engine base + 358h) and CTX_TIMESTAMP (base + 3A8h) with the
 * default work clock: each command parsed counts one (and each EU
 * instruction), so MI_STORE_REGISTER_MEMs of them in one batch see the
 * commands between them; CTX_TIMESTAMP is the low DWord of the same clock,
 * and the blitter's TIMESTAMP (22358h) reads it too. */
static void test_timestamps(void **state)
{
    env *e = *state;
    uint32_t c[] = {
        MI_SRM(0, 0), 0x2358, LO(DATA), HI(DATA),
        MI_SRM(0, 0), 0x23a8, LO(DATA + 4), HI(DATA + 4),
        MI_NOOP, MI_NOOP, MI_NOOP,
        MI_SRM(0, 0), 0x23a8, LO(DATA + 8), HI(DATA + 8),
        MI_SRM(0, 0), 0x2358, LO(DATA + 12), HI(DATA + 12),
        MI_SRM(0, 0), 0x22358, LO(DATA + 16), HI(DATA + 16),
        MI_SRM(0, 0), 0x235c, LO(DATA + 20), HI(DATA + 20),
        MI_BATCH_BUFFER_END,
    };
    wgva(e, BATCH, c, sizeof(c) / 4);
    assert_int_equal(run_batch(e, BATCH), GTSIM_OK);
    uint32_t ts1 = r32(e, DATA_PA), ctx1 = r32(e, DATA_PA + 4), ctx2 = r32(e, DATA_PA + 8);
    assert_true(ts1 > 0);
    assert_int_equal(ctx1, ts1 + 1);
    assert_int_equal(ctx2, ctx1 + 4);               /* three MI_NOOPs and the store */
    assert_int_equal(r32(e, DATA_PA + 12), ctx2 + 1);
    assert_int_equal(r32(e, DATA_PA + 16), ctx2 + 2);
    assert_int_equal(r32(e, DATA_PA + 20), 0);      /* high DWord of a small count */
    assert_int_equal(gtsim_timestamp_frequency(e->dev), 12000000);
}

static uint64_t mono_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* gtsim_config.host_clock: TIMESTAMP and CTX_TIMESTAMP follow the host's
 * monotonic clock at the platform's frequency (skl 12 MHz, tgllp 19.2 MHz):
 * over a 30 ms sleep the ticks match the host's nanoseconds within 10%. */
static void test_host_clock(void **state)
{
    (void)state;
    static const char *const plats[2] = {"skl", "tgllp"};
    static const uint32_t hz[2] = {12000000, 19200000};
    for (int p = 0; p < 2; p++) {
        gtsim_config cfg;
        memset(&cfg, 0, sizeof(cfg));
        cfg.host_clock = 1;
        gtsim_device *dev = gtsim_create(plats[p], &cfg);
        assert_non_null(dev);
        assert_int_equal(gtsim_timestamp_frequency(dev), hz[p]);
        uint64_t h0 = mono_ns();
        uint64_t t0 = gtsim_mmio_read(dev, 0x2358) | (uint64_t)gtsim_mmio_read(dev, 0x235c) << 32;
        uint32_t c0 = gtsim_mmio_read(dev, 0x23a8);
        nanosleep(&(struct timespec){0, 30000000}, NULL);
        uint32_t c1 = gtsim_mmio_read(dev, 0x23a8);
        uint64_t t1 = gtsim_mmio_read(dev, 0x2358) | (uint64_t)gtsim_mmio_read(dev, 0x235c) << 32;
        uint64_t h1 = mono_ns();
        double want = (double)(h1 - h0) * hz[p] / 1e9, got = (double)(t1 - t0);
        if (got < 0.9 * want || got > 1.1 * want)
            fail_msg("%s: TIMESTAMP advanced %.0f ticks over %llu ns, want about %.0f", plats[p], got,
                     (unsigned long long)(h1 - h0), want);
        assert_true(c1 - c0 > 0 && c1 - c0 <= (uint32_t)(t1 - t0));
        gtsim_destroy(dev);
    }
}

/* ---- error reports ---- */

static void test_unknown_command(void **state)
{
    env *e = *state;
    uint32_t c[] = {MI_NOOP, 0x1d800000u /* MI opcode 0x3b: none */, MI_BATCH_BUFFER_END};
    wgva(e, BATCH, c, 3);
    assert_int_equal(run_batch(e, BATCH), GTSIM_ERR_UNIMPL);
    const char *err = gtsim_last_error(e->dev);
    assert_non_null(strstr(err, "0x1d800000"));
    assert_non_null(strstr(err, "batch 0x800100000004"));
}

static void test_unimplemented_by_name(void **state)
{
    env *e = *state;
    /* MI_WAIT_FOR_EVENT (3DPRIMITIVE, the earlier example, now goes to the 3D pipeline) */
    uint32_t c[] = {0x01800000u, MI_BATCH_BUFFER_END};
    wgva(e, BATCH, c, 2);
    assert_int_equal(run_batch(e, BATCH), GTSIM_ERR_UNIMPL);
    assert_non_null(strstr(gtsim_last_error(e->dev), "MI_WAIT_FOR_EVENT"));
    assert_non_null(strstr(gtsim_last_error(e->dev), "batch 0x800100000000"));
}

static void test_batch_off_mapped_memory(void **state)
{
    env *e = *state;
    uint64_t unmapped = 0x123400000000ull;
    uint32_t c[] = {MI_BBS(0, 1), LO(unmapped), HI(unmapped)};
    wgva(e, BATCH, c, 3);
    assert_int_equal(run_batch(e, BATCH), GTSIM_ERR_FAULT);
    assert_non_null(strstr(gtsim_last_error(e->dev), "0x123400000000"));
    /* running off the end of the mapped window (no MI_BATCH_BUFFER_END) */
    uint64_t last = BATCH + 0x10000 - 8;
    uint32_t d[] = {MI_NOOP, MI_NOOP};
    wgva(e, last, d, 2);
    assert_int_equal(run_batch(e, last), GTSIM_ERR_FAULT);
    assert_non_null(strstr(gtsim_last_error(e->dev), "0x800100010000"));
}

static void test_watchdog(void **state)
{
    env *e;
    setup_env((void **)&e, 1000, 0);
    uint32_t c[] = {MI_NOOP, MI_BBS(0, 1), LO(BATCH), HI(BATCH)}; /* jumps to itself */
    wgva(e, BATCH, c, 4);
    assert_int_equal(run_batch(e, BATCH), GTSIM_ERR_WATCHDOG);
    assert_non_null(strstr(gtsim_last_error(e->dev), "watchdog"));
    void *p = e;
    teardown(&p);
    (void)state;
}

static void test_semaphore_never(void **state)
{
    env *e = *state;
    w32(e, DATA_PA, 3);
    uint32_t c[] = {
        MI_SEMAPHORE_WAIT(1), 3, LO(DATA), HI(DATA), /* 3 >= 3: passes */
        MI_SEMAPHORE_WAIT(4), 9, LO(DATA), HI(DATA), /* 3 == 9: never */
        MI_BATCH_BUFFER_END,
    };
    wgva(e, BATCH, c, sizeof(c) / 4);
    assert_int_equal(run_batch(e, BATCH), GTSIM_ERR_WATCHDOG);
    assert_non_null(strstr(gtsim_last_error(e->dev), "MI_SEMAPHORE_WAIT"));
    assert_non_null(strstr(gtsim_last_error(e->dev), "batch 0x800100000010"));
}

static void test_trace(void **state)
{
    env *e;
    setup_env((void **)&e, 0, 1);
    uint32_t c[] = {MI_SDI_DW(0), LO(DATA), HI(DATA), 0x1234, MI_BATCH_BUFFER_END};
    wgva(e, BATCH, c, 5);
    assert_int_equal(run_batch(e, BATCH), GTSIM_OK);
    fflush(e->log);
    assert_non_null(strstr(e->logbuf, "batch 0x800100000000 (PPGTT, first level): MI_STORE_DATA_IMM"));
    assert_non_null(strstr(e->logbuf, "Address=0x7f0000000000"));
    assert_non_null(strstr(e->logbuf, "Immediate Data=0x1234"));
    assert_non_null(strstr(e->logbuf, "MI_BATCH_BUFFER_START"));
    void *p = e;
    teardown(&p);
    (void)state;
}

/* ---- walker ---- */

static void test_walker_masks(void **state)
{
    (void)state;
    /* seed 000 §1.4.2.4.3: width counter max -> right mask; height counter
     * max -> bottom mask; both -> AND */
    gt_walker w;
    memset(&w, 0, sizeof(w));
    w.simd = 16;
    w.wmax = 2;
    w.hmax = 1;
    w.dmax = 1;
    w.right_mask = 0x00ff;
    w.bottom_mask = 0x0f0f;
    assert_int_equal(gt_walker_group_threads(&w), 12);
    uint32_t expect[12] = {0xffff, 0xffff, 0x00ff, 0x0f0f, 0x0f0f, 0x000f,
                           0xffff, 0xffff, 0x00ff, 0x0f0f, 0x0f0f, 0x000f};
    for (uint32_t t = 0; t < 12; t++)
        assert_int_equal(gt_walker_thread_mask(&w, t), expect[t]);
    w.simd = 32;
    w.wmax = w.hmax = w.dmax = 0;
    w.right_mask = 0xffffffff;
    w.bottom_mask = 0x7fffffff;
    assert_int_equal(gt_walker_thread_mask(&w, 0), 0x7fffffff);
}

static void *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    static uint8_t buf[4096];
    *len = fread(buf, 1, sizeof(buf), f);
    fclose(f);
    return buf;
}

static void test_walker_payload(void **state)
{
    env *e = *state;
    size_t klen = 0;
    const void *kernel = read_file(PAYLOAD_KERNEL, &klen);
    assert_non_null(kernel);
    assert_true(klen > 0);
    /* heaps in DATA: instruction base DATA+0x8000 (kernel at +0x100), dynamic
     * state DATA+0x4000 (IDD 1 at +0x20), indirect objects DATA+0x6000 (data at
     * +0x200), general state DATA (scratch at +0x400); results at DATA+0x10000.. */
    const uint64_t ib = DATA + 0x8000, ds = DATA + 0x4000, io = DATA + 0x6000;
    const uint64_t out = DATA + 0xa000;
    gtsim_phys_write(e->dev, pa_of(ib + 0x100), kernel, klen);
    /* INTERFACE_DESCRIPTOR_DATA (Gen9): KSP 0x100, BT pointer 0x40 count 0,
     * 1 per-thread GRF, 3 threads, 1 cross-thread GRF */
    uint32_t idd[8] = {0x100, 0, 0, 0, 0x40, 1u << 16, 3, 1};
    wgva(e, ds + 0x20, idd, 8);
    /* indirect data: cross-thread GRF, then one GRF per thread whose first
     * QWord is that thread's output address */
    uint32_t ind[32];
    for (int i = 0; i < 8; i++)
        ind[i] = 0xc0de0000u + i;
    for (int t = 0; t < 3; t++) {
        uint64_t a = out + 0x80 * t;
        ind[8 + 8 * t] = LO(a);
        ind[9 + 8 * t] = HI(a);
        for (int i = 2; i < 8; i++)
            ind[8 + 8 * t + i] = 0x1000u * (t + 1) + i;
    }
    wgva(e, io + 0x200, ind, 32);
    uint32_t c[] = {
        PIPELINE_SELECT_GPGPU,
        STATE_BASE_ADDRESS,
        LO(DATA) | 1, HI(DATA), 0,           /* general state */
        LO(DATA) | 1, HI(DATA),              /* surface state */
        LO(ds) | 1, HI(ds),                  /* dynamic state */
        LO(io) | 1, HI(io),                  /* indirect object */
        LO(ib) | 1, HI(ib),                  /* instruction */
        0xfffff001, 0xfffff001, 0xfffff001, 0xfffff001, 0, 0, 0,
        MEDIA_VFE_STATE, (0x400u) | 1u /* 2 KB per thread */, 0, (63u << 16) | (2u << 8), 0, 0, 0, 0, 0,
        MEDIA_IDL, 0, 64, 0,                 /* two descriptors from dynamic state + 0 */
        /* groups: start (2, 1, 0), dimensions (4, 3, 1): (2,1) (3,1) then
         * X rolls over to its starting value 2 (seed 004 GPGPU_WALKER; Gen9
         * NEO walks the remainder of a non-uniform NDRange this way):
         * (2,2) (3,2) -> 4 groups */
        GPGPU_WALKER, 1 /* IDD 1 */, 32 * 4, 0x200,
        (0u << 30) | 2u /* SIMD8, width max 2 */, 2, 0, 4, 1, 0, 3, 0, 1, 0xffffffff, 0xffffffff,
        MEDIA_STATE_FLUSH, 0,
        MI_BATCH_BUFFER_END,
    };
    wgva(e, BATCH, c, sizeof(c) / 4);
    int st = run_batch(e, BATCH);
    if (st)
        fprintf(stderr, "%s\n", gtsim_last_error(e->dev));
    assert_int_equal(st, GTSIM_OK);
    gtsim_stats s;
    gtsim_get_stats(e->dev, &s);
    assert_int_equal(s.walkers, 1);
    assert_int_equal(s.threads_dispatched, 4 * 3);
    /* groups X = 2, 3 (their last Y row is 2, so the last write wins: Y = 2);
     * X = 0 and 1 never run */
    for (uint32_t x = 0; x < 2; x++)
        for (uint32_t t = 0; t < 3; t++)
            assert_int_equal(r32(e, pa_of(out) + 0x1000ull * x + 0x80 * t + 16), 0);
    static const uint32_t gx[] = {2, 3};
    for (unsigned k = 0; k < 2; k++) {
        for (uint32_t t = 0; t < 3; t++) {
            uint64_t a = pa_of(out) + 0x1000ull * gx[k] + 0x80 * t;
            assert_int_equal(r32(e, a + 4), gx[k]);        /* r0.1 group X */
            assert_int_equal(r32(e, a + 24), 2);           /* r0.6 group Y: last row */
            assert_int_equal(r32(e, a + 28), 0);           /* r0.7 group Z */
            assert_int_equal(r32(e, a + 20) & 0x3ff, t);   /* r0.5 FFTID */
            assert_int_equal(r32(e, a + 20) & ~0x3ffu, 0x400u + t * 2048u); /* scratch slot */
            assert_int_equal(r32(e, a + 16), 0x40);        /* r0.4 binding table */
            assert_int_equal(r32(e, a + 32), LO(out + 0x80 * t)); /* r1: per-thread data */
            assert_int_equal(r32(e, a + 32 + 12), 0x1000u * (t + 1) + 3);
            assert_int_equal(r32(e, a + 64), 0xc0de0000u);  /* r2: cross-thread data */
            assert_int_equal(r32(e, a + 64 + 28), 0xc0de0007u);
            /* r40: zero, as at every dispatch, though the thread before in
             * this hardware thread (a group before on the same host
             * thread) left 0xDEADBEEF there */
            for (int i = 0; i < 8; i++)
                assert_int_equal(r32(e, a + 96 + 4 * (uint64_t)i), 0);
        }
    }
}

/* Thread groups on several host threads (gtsim_config.threads): 5 x 4 x 3
 * groups of 3 SIMD8 threads, each thread writing its r0 to a slot of its
 * own and incrementing one shared counter 16 times per channel with A64
 * atomics.  Every slot must hold that group's IDs (r0.1 X, r0.6 Y, r0.7 Z)
 * and an FFTID (r0.5 9:0) congruent to the thread's index within its
 * group, the counter 60 x 3 x 8 x 16 (no increment lost between workers), and
 * the same slots as one host thread writes them. */
/* The walk of run_groups with kernel file kfile, INTERFACE_DESCRIPTOR_DATA
 * DWord 6 idd6 (its bits 9:0: SIMD8 threads per group, 1 to 3) and dim[]
 * groups; its status, and the device's statistics in *s. */
static int walk_groups(unsigned threads, const char *kfile, uint32_t idd6, const uint32_t dim[3], uint32_t *slots,
                       size_t nslots, uint32_t *counter, gtsim_stats *s)
{
    void *st_;
    setup_host_threads = threads;
    assert_int_equal(setup_env_on(&st_, "skl", 0, 0), 0);
    setup_host_threads = 0;
    env *e = st_;
    size_t klen = 0;
    const void *kernel = read_file(kfile, &klen);
    assert_non_null(kernel);
    const uint64_t ib = DATA + 0x8000, ds = DATA + 0x4000, io = DATA + 0x6000;
    const uint64_t out = DATA + 0x10000, ctr = DATA + 0xa000;
    /* the output: 16 x 16 x 3 slots of 0x100 bytes would need 192 KiB; map
     * 64 more pages of DATA for them */
    for (uint64_t i = 16; i < 80; i++)
        map_page(e, DATA + i * 4096, DATA_PA + i * 4096);
    gtsim_phys_write(e->dev, pa_of(ib + 0x100), kernel, klen);
    uint32_t idd[8] = {0x100, 0, 0, 0, 0x40, 1u << 16, idd6, 1};
    wgva(e, ds + 0x20, idd, 8);
    uint32_t ind[32] = {LO(ctr), HI(ctr)};
    for (int t = 0; t < 3; t++) {
        ind[8 + 8 * t] = LO(out + 0x20 * t);
        ind[9 + 8 * t] = HI(out + 0x20 * t);
        ind[10 + 8 * t] = (uint32_t)t; /* r1.2: the thread's index */
    }
    wgva(e, io + 0x200, ind, 32);
    uint32_t c[] = {
        PIPELINE_SELECT_GPGPU,
        STATE_BASE_ADDRESS,
        LO(DATA) | 1, HI(DATA), 0, LO(DATA) | 1, HI(DATA), LO(ds) | 1, HI(ds), LO(io) | 1, HI(io),
        LO(ib) | 1, HI(ib), 0xfffff001, 0xfffff001, 0xfffff001, 0xfffff001, 0, 0, 0,
        MEDIA_VFE_STATE, 0, 0, (63u << 16) | (2u << 8), 0, 0, 0, 0, 0,
        MEDIA_IDL, 0, 64, 0,
        GPGPU_WALKER, 1, 32 * 4, 0x200,
        (0u << 30) | ((idd6 & 0x3ff) - 1) /* SIMD8, Thread Width Counter Maximum */, 0, 0, dim[0], 0, 0, dim[1],
        0, dim[2], 0xffffffff, 0xffffffff,
        MEDIA_STATE_FLUSH, 0,
        MI_BATCH_BUFFER_END,
    };
    wgva(e, BATCH, c, sizeof(c) / 4);
    int st = run_batch(e, BATCH);
    gtsim_get_stats(e->dev, s);
    if (slots)
        gtsim_phys_read(e->dev, pa_of(out), slots, nslots * 4);
    if (counter)
        *counter = r32(e, pa_of(ctr));
    teardown(&st_);
    return st;
}

static void run_groups(unsigned threads, uint32_t *slots, size_t nslots, uint32_t *counter)
{
    static const uint32_t dim[3] = {5, 4, 3};
    gtsim_stats s;
    assert_int_equal(walk_groups(threads, GROUPS_KERNEL, 3, dim, slots, nslots, counter, &s), GTSIM_OK);
    assert_int_equal(s.threads_dispatched, 60 * 3);
    /* groups_kernel.asm: 29 instructions per thread (8 channels from the
     * 8th on; 7 SIMD1 instructions before) */
    assert_int_equal(s.eu_instructions, 60 * 3 * 29);
    assert_int_equal(s.eu_channels, 60 * 3 * (7 + 22 * 8));
}

/* GTSIM_PARALLEL_MIN_US for one walk: set_min_us sets it, restore_min_us
 * puts back what the test command set (tests/run.sh: 0). */
static char *saved_min_us;
static void set_min_us(const char *us)
{
    const char *o = getenv("GTSIM_PARALLEL_MIN_US");
    saved_min_us = o ? strdup(o) : NULL;
    setenv("GTSIM_PARALLEL_MIN_US", us, 1);
}
static void restore_min_us(void)
{
    if (saved_min_us)
        setenv("GTSIM_PARALLEL_MIN_US", saved_min_us, 1);
    else
        unsetenv("GTSIM_PARALLEL_MIN_US");
    free(saved_min_us);
    saved_min_us = NULL;
}

/* The walk of run_groups on 4 host threads against the serial one, with
 * the helpers joining at the walk's start (GTSIM_PARALLEL_MIN_US=0), from
 * the calling thread's first poll after a microsecond (unless its decoding
 * outweighs the groups left), and never (100 s: a walk shorter than that
 * runs on the calling thread alone, so every thread has the first
 * worker's FFTIDs, 0-2). */
static void test_walker_parallel(void **state)
{
    (void)state;
    enum { N = 16 * 16 * 3 * 64 };
    static uint32_t par[N], ser[N];
    uint32_t cpar = 0, cser = 0;
    run_groups(1, ser, N, &cser);
    assert_int_equal(cser, 60 * 3 * 8 * 16);
    static const char *const min_us[] = {"0", "1", "100000000"};
    for (int a = 0; a < 3; a++) {
        set_min_us(min_us[a]);
        memset(par, 0, sizeof(par));
        run_groups(4, par, N, &cpar);
        restore_min_us();
        assert_int_equal(cpar, 60 * 3 * 8 * 16);
        uint32_t workers = a == 2 ? 1 : 4;
        for (uint32_t z = 0; z < 3; z++)
            for (uint32_t y = 0; y < 4; y++)
                for (uint32_t x = 0; x < 5; x++)
                    for (uint32_t t = 0; t < 3; t++) {
                        const uint32_t *r0 = par + (((z * 16 + y) * 16 + x) * 0x100 + 0x20 * t) / 4;
                        const uint32_t *r0s = ser + (((z * 16 + y) * 16 + x) * 0x100 + 0x20 * t) / 4;
                        assert_int_equal(r0[1], x);
                        assert_int_equal(r0[6], y);
                        assert_int_equal(r0[7], z);
                        assert_int_equal((r0[5] & 0x3ff) % 3, t);
                        assert_true((r0[5] & 0x3ff) < workers * 3);
                        assert_int_equal(r0s[5] & 0x3ff, t);
                        for (int i = 0; i < 8; i++)
                            if (i != 2 && i != 5) /* barrier ID (group order), FFTID/scratch (worker) */
                                assert_int_equal(r0[i], r0s[i]);
                    }
    }
}

/* A walk of a few long groups shares them from its first: the calling
 * thread, alone at first, posts the other workers from a poll in the
 * middle of its first group once it has run GTSIM_PARALLEL_MIN_US (1 ms
 * here), not after its second group.  handoff_kernel.asm's group 0 waits
 * for group 1, so the walk of these two groups ends only if group 1 runs
 * on another host thread while group 0 waits (on one host thread it would
 * end at the watchdog). */
static void test_walker_post_mid_group(void **state)
{
    (void)state;
    static const uint32_t dim[3] = {2, 1, 1};
    uint32_t counter = 0;
    gtsim_stats s;
    set_min_us("1000");
    int st = walk_groups(2, HANDOFF_KERNEL, 1, dim, NULL, 0, &counter, &s);
    restore_min_us();
    assert_int_equal(st, GTSIM_OK);
    assert_int_equal(counter, 8); /* group 1's increment, 8 channels */
    assert_int_equal(s.threads_dispatched, 2);
}

/* A walker whose group fails counts the work of its threads that were left
 * waiting: barrier_kernel.asm ends thread 0 after 4 instructions while
 * threads 1 and 2 run 5 each and block in the wait of a barrier thread 0
 * never reaches (a barrier deadlock; a wait counts when it completes).  Its threads' counts are deferred while they wait
 * (gt_tgroup.defer_stats), on one host thread and on two. */
static void test_walker_failed_group_stats(void **state)
{
    (void)state;
    static const uint32_t dim[3] = {1, 1, 1};
    for (unsigned threads = 1; threads <= 2; threads++) {
        gtsim_stats s;
        int st = walk_groups(threads, BARRIER_KERNEL, 3u | 1u << 21 /* Barrier Enable */, dim, NULL, 0, NULL, &s);
        assert_int_equal(st, GTSIM_ERR_WATCHDOG);
        assert_int_equal(s.threads_dispatched, 3);
        assert_int_equal(s.eu_instructions, 4 + 2 * 5);
        /* thread 0: cmp and the taken jmpi one channel each (SIMD1),
         * mov and send 8; threads 1 and 2: cmp and and one each, the jmpi
         * none (its predicate is false in its one channel), mov and send 8 */
        assert_int_equal(s.eu_channels, (2 * 1 + 2 * 8) + 2 * (2 * 1 + 2 * 8));
    }
}

/* ---- Gen12LP (seed 004) ---- */

/* Submission queue: ELSP writes do not submit on Gen12; EXECLIST_CONTROL
 * Load does, running element 0 (and element 1 when valid). */
/* Logical contexts keep their own render pipeline state, as the hardware
 * saves it in the context image: STATE_BASE_ADDRESS programmed by context A
 * survives context B programming its own (found: the OpenCL-CTS queue_hint
 * ran a walker of one of Intel's runtime's contexts with another's heaps),
 * a context never run starts from zeroed state, and gtsim_context_reset
 * drops what a context had. */
static void sba_ring(uint32_t *c, uint64_t dyn)
{
    uint32_t sba[19] = {STATE_BASE_ADDRESS, LO(DATA) | 1, HI(DATA), 0, LO(DATA) | 1, HI(DATA), LO(dyn) | 1, HI(dyn),
                        LO(DATA) | 1, HI(DATA), LO(DATA) | 1, HI(DATA), 0xfffff001, 0xfffff001, 0xfffff001,
                        0xfffff001, 0, 0, 0};
    memcpy(c, sba, sizeof(sba));
    c[19] = MI_NOOP;
}

static void test_context_pipeline_state(void **state)
{
    env *e = *state;
    const uint64_t lrca2 = LRCA + 0x4000, ring2 = RING + 0x4000;
    uint32_t img[64];
    gtsim_phys_read(e->dev, LRCA + 0x1000, img, sizeof(img));
    assert_int_equal(img[8], 0x2038);
    img[9] = (uint32_t)ring2;                    /* context B: its own ring */
    gtsim_phys_write(e->dev, lrca2 + 0x1000, img, sizeof(img));
    const gt_pipe_state *ps = gt_pipe_state_of(e->dev->pipe);
    uint32_t c[20];
    sba_ring(c, DATA + 0xa000);
    assert_int_equal(run_ring_at(e, LRCA, RING, c, 20), GTSIM_OK);
    assert_int_equal(ps->dynamic_state_base, DATA + 0xa000);
    uint32_t nop[2] = {MI_NOOP, MI_NOOP};
    assert_int_equal(run_ring_at(e, lrca2, ring2, nop, 2), GTSIM_OK);
    assert_int_equal(ps->dynamic_state_base, 0);  /* B never programmed it */
    sba_ring(c, DATA + 0xb000);
    assert_int_equal(run_ring_at(e, lrca2, ring2, c, 20), GTSIM_OK);
    assert_int_equal(ps->dynamic_state_base, DATA + 0xb000);
    assert_int_equal(run_ring_at(e, LRCA, RING, nop, 2), GTSIM_OK);
    assert_int_equal(ps->dynamic_state_base, DATA + 0xa000);  /* A's, restored */
    assert_int_equal(run_ring_at(e, lrca2, ring2, nop, 2), GTSIM_OK);
    assert_int_equal(ps->dynamic_state_base, DATA + 0xb000);
    gtsim_context_reset(e->dev, LRCA);           /* a new image at A's LRCA */
    assert_int_equal(run_ring_at(e, LRCA, RING, nop, 2), GTSIM_OK);
    assert_int_equal(ps->dynamic_state_base, 0);
}

static void test12_submission_queue(void **state)
{
    env *e = *state;
    uint32_t b[] = {MI_SDI_DW(0), LO(DATA), HI(DATA), 0x12121212, MI_BATCH_BUFFER_END};
    wgva(e, BATCH, b, sizeof(b) / 4);
    uint32_t ring[] = {MI_BBS(0, 1), LO(BATCH), HI(BATCH), MI_NOOP};
    gtsim_phys_write(e->dev, RING, ring, sizeof(ring));
    w32(e, LRCA + 0x1000 + 4 * 5, 0);
    w32(e, LRCA + 0x1000 + 4 * 7, sizeof(ring));
    uint64_t desc = LRCA | (3u << 3) | 1;
    for (int i = 0; i < 4; i++) /* the Gen9 way: nothing runs */
        gtsim_mmio_write(e->dev, 0x2230, i == 2 ? HI(desc) : i == 3 ? LO(desc) : 0);
    assert_int_equal(r32(e, DATA_PA), 0);
    gtsim_mmio_write(e->dev, 0x2510, LO(desc));
    gtsim_mmio_write(e->dev, 0x2514, HI(desc));
    assert_int_equal(r32(e, DATA_PA), 0); /* queued, not loaded */
    assert_int_equal(gtsim_mmio_write(e->dev, 0x2550, 0), GTSIM_OK); /* Load clear */
    assert_int_equal(r32(e, DATA_PA), 0);
    assert_int_equal(gtsim_mmio_write(e->dev, 0x2550, 1), GTSIM_OK);
    assert_int_equal(r32(e, DATA_PA), 0x12121212);
    assert_int_equal(gtsim_mmio_read(e->dev, 0x2234) & 0x100, 0x100); /* idle again */
}

/* Add CS MMIO Start Offset (bit 19; LRR 19/18) adds the render engine's
 * base 0x2000; MMIO Remap Enable (bit 17) keeps a render offset on the
 * render engine. */
static void test12_register_offsets(void **state)
{
    env *e = *state;
    const uint32_t add = 1u << 19, remap = 1u << 17;
    w32(e, DATA_PA + 0x100, 0x5a5a0001);
    uint32_t b[] = {
        MI_LRI(1) | add, GPR(0) - 0x2000, 0x11110000,          /* GPR0 */
        MI_LRI(1) | remap, GPR(1), 0x22220000,                  /* GPR1 */
        MI_LRM(0) | add, GPR(2) - 0x2000, LO(DATA + 0x100), HI(DATA + 0x100),
        MI_LRR | (1u << 18), GPR(0) - 0x2000, GPR(3),           /* GPR3 = GPR0 (source relative) */
        MI_LRR | (1u << 19), GPR(1), GPR(4) - 0x2000,           /* GPR4 = GPR1 (destination relative) */
        MI_SRM(0, 0) | add, GPR(2) - 0x2000, LO(DATA), HI(DATA),
        MI_BATCH_BUFFER_END,
    };
    wgva(e, BATCH, b, sizeof(b) / 4);
    assert_int_equal(run_batch(e, BATCH), GTSIM_OK);
    assert_int_equal(gtsim_mmio_read(e->dev, GPR(0)), 0x11110000);
    assert_int_equal(gtsim_mmio_read(e->dev, GPR(1)), 0x22220000);
    assert_int_equal(gtsim_mmio_read(e->dev, GPR(2)), 0x5a5a0001);
    assert_int_equal(gtsim_mmio_read(e->dev, GPR(3)), 0x11110000);
    assert_int_equal(gtsim_mmio_read(e->dev, GPR(4)), 0x22220000);
    assert_int_equal(gtsim_mmio_read(e->dev, GPR(0) - 0x2000), 0); /* nothing at the relative offsets */
    assert_int_equal(r32(e, DATA_PA), 0x5a5a0001);
}

/* MI_CONDITIONAL_BATCH_BUFFER_END Compare Operation (DW0 14:12) and End
 * Current Batch Buffer Level (DW0 18): for each operation, memory values
 * below, equal to and above the inline data 5; a second-level batch holds
 * the compare, its first-level caller then stores a marker. */
static void test12_conditional_bb_end(void **state)
{
    env *e = *state;
    static const uint32_t mad[3] = {4, 5, 6};
    for (uint32_t op = 0; op < 6; op++) {
        for (int end_level = 0; end_level < 2; end_level++) {
            for (int k = 0; k < 3; k++) {
                uint32_t m = mad[k];
                int cont = op == 0 ? m > 5 : op == 1 ? m >= 5 : op == 2 ? m < 5 : op == 3 ? m <= 5
                         : op == 4 ? m == 5 : m != 5;
                w32(e, DATA_PA + 0x80, m);
                w32(e, DATA_PA, 0);
                w32(e, DATA_PA + 4, 0);
                w32(e, GGTT_SCRATCH, 0);
                uint64_t b2 = BATCH + 0x1000;
                uint32_t c2[] = {
                    MI_CBBE(0) | (op << 12) | ((uint32_t)end_level << 18), 5, LO(DATA + 0x80), HI(DATA + 0x80),
                    MI_SDI_DW(0), LO(DATA), HI(DATA), 1,
                    MI_BATCH_BUFFER_END,
                };
                uint32_t c1[] = {
                    MI_BBS(1, 1), LO(b2), HI(b2),
                    MI_SDI_DW(0), LO(DATA + 4), HI(DATA + 4), 2, /* after the call */
                    MI_BATCH_BUFFER_END,
                };
                wgva(e, b2, c2, sizeof(c2) / 4);
                wgva(e, BATCH, c1, sizeof(c1) / 4);
                uint32_t ring[] = {MI_BBS(0, 1), LO(BATCH), HI(BATCH),
                                   MI_SDI_DW(1), (uint32_t)GGTT_SCRATCH, 0, 3};
                assert_int_equal(run_ring(e, ring, 7), GTSIM_OK);
                assert_int_equal(r32(e, DATA_PA), cont ? 1 : 0);
                /* the caller goes on unless every level ended */
                assert_int_equal(r32(e, DATA_PA + 4), cont || end_level ? 2 : 0);
                assert_int_equal(r32(e, GGTT_SCRATCH), 3);
            }
        }
    }
    /* reserved operation 6: an illegal-command report */
    uint32_t bad[] = {MI_CBBE(0) | (6u << 12), 5, LO(DATA + 0x80), HI(DATA + 0x80), MI_BATCH_BUFFER_END};
    wgva(e, BATCH, bad, sizeof(bad) / 4);
    assert_int_not_equal(run_batch(e, BATCH), GTSIM_OK);
    assert_non_null(strstr(gtsim_last_error(e->dev), "reserved Compare Operation 6"));
}

/* MI_SEMAPHORE_WAIT's five-DWord Gen12 form (Wait Token Number in DW4). */
static void test12_semaphore_wait(void **state)
{
    env *e = *state;
    w32(e, DATA_PA + 0x40, 9);
    uint32_t b[] = {
        MI_SEMAPHORE_WAIT(1) + 1, 9, LO(DATA + 0x40), HI(DATA + 0x40), 3u << 5, /* SAD >= 9 */
        MI_SDI_DW(0), LO(DATA), HI(DATA), 0x99,
        MI_BATCH_BUFFER_END,
    };
    wgva(e, BATCH, b, sizeof(b) / 4);
    assert_int_equal(run_batch(e, BATCH), GTSIM_OK);
    assert_int_equal(r32(e, DATA_PA), 0x99);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_store_data_imm_and_chain, setup, teardown),
        cmocka_unit_test_setup_teardown(test_second_level, setup, teardown),
        cmocka_unit_test_setup_teardown(test_registers, setup, teardown),
        cmocka_unit_test_setup_teardown(test_timestamps, setup, teardown),
        cmocka_unit_test(test_host_clock),
        cmocka_unit_test_setup_teardown(test_mi_math, setup, teardown),
        cmocka_unit_test_setup_teardown(test_mi_atomic, setup, teardown),
        cmocka_unit_test_setup_teardown(test_predicates, setup, teardown),
        cmocka_unit_test_setup_teardown(test_conditional_bb_end, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pipe_control, setup, teardown),
        cmocka_unit_test_setup_teardown(test_context_pipeline_state, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unknown_command, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unimplemented_by_name, setup, teardown),
        cmocka_unit_test_setup_teardown(test_batch_off_mapped_memory, setup, teardown),
        cmocka_unit_test(test_watchdog),
        cmocka_unit_test_setup_teardown(test_semaphore_never, setup, teardown),
        cmocka_unit_test(test_trace),
        cmocka_unit_test(test_walker_masks),
        cmocka_unit_test_setup_teardown(test_walker_payload, setup, teardown),
        cmocka_unit_test(test_walker_parallel),
        cmocka_unit_test(test_walker_post_mid_group),
        cmocka_unit_test(test_walker_failed_group_stats),
        cmocka_unit_test_setup_teardown(test12_submission_queue, setup12, teardown),
        cmocka_unit_test_setup_teardown(test12_register_offsets, setup12, teardown),
        cmocka_unit_test_setup_teardown(test12_conditional_bb_end, setup12, teardown),
        cmocka_unit_test_setup_teardown(test12_semaphore_wait, setup12, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
