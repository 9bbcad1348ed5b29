/*
 * Video engine tests: hand-built contexts, rings and batch buffers on the
 * video command streamer (VCS0) and the video enhancement command streamer
 * (VECS0) of skl (MMIO bases 0x12000 / 0x1a000, ELSP submission) and
 * tgllp (0x1c0000 / 0x1c8000, the execlist submission queue).
 *
 * What the engines model: their MI commands (seed 004 command pages whose
 * Source is the CommandStreamer, VideoCS or VideoEnhancementCS), with the
 * registers at the engine's own base; the codec and enhancement commands
 * (MFX_*, HCP_*, VEBOX_* ...) are recognised by name from seed 004's
 * headers, printed with their fields, and reported as not modelled.
 * Commands are encoded here from the seed 004 pages; expected memory is
 * the immediate data the test wrote.
 *
 *   GGTT: pages 0..1023 identity mapped
 *   0x10000  logical ring context (LRCA), register state at +0x1000
 *   0x20000  ring buffer
 *   0x100000 PPGTT page tables
 *   PPGTT: BATCH 0x800100000000 -> 0x200000, DATA 0x7f0000000000 -> 0x400000
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gtsim.h"

#define LRCA 0x10000ull
#define RING 0x20000ull
#define PT_BASE 0x100000ull
#define BATCH 0x800100000000ull
#define BATCH_PA 0x200000ull
#define DATA 0x7f0000000000ull
#define DATA_PA 0x400000ull

#include "engine_env.h"

/* seed 004 MI_CONDITIONAL_BATCH_BUFFER_END: opcode 36h, Compare Semaphore
 * (bit 21), DWord Length 2; Compare Data DWord 1, Compare Address 2..3 */
#define MI_CBBE ((0x36u << 23) | (1u << 21) | 2u)
/* seed 004 video commands: Command Type 3 PARALLEL_VIDEO_PIPE, Pipeline,
 * Opcode, SubOpA, SubOpB, DWord Length */
#define VIDEO(pipe, op, a, b, len) \
    ((3u << 29) | ((uint32_t)(pipe) << 27) | ((uint32_t)(op) << 24) | ((uint32_t)(a) << 21) | \
     ((uint32_t)(b) << 16) | ((len) - 2u))
#define MFX_PIPE_MODE_SELECT(len) VIDEO(2, 0, 0, 0, len)
#define VEBOX_STATE(len) VIDEO(2, 4, 0, 2, len)
#define VEBOX_SURFACE_STATE(len) VIDEO(2, 4, 0, 0, len) /* MFX_VP8_PIC_STATE on the VCS */

/* One engine of one platform. */
typedef struct {
    const char *platform;
    uint32_t base;      /* MMIO base */
    int sq;             /* submission queue (Gen12) instead of ELSP */
    const char *engine; /* as reports name it */
} target;

static const target vcs_skl = {"skl", 0x12000, 0, "video"};
static const target vecs_skl = {"skl", 0x1a000, 0, "video enhancement"};
static const target vcs_tgl = {"tgllp", 0x1c0000, 1, "video"};
static const target vecs_tgl = {"tgllp", 0x1c8000, 1, "video enhancement"};

typedef struct {
    env e;
    const target *t;
} venv;

static int setup_for(void **state, const target *t, int trace)
{
    venv *v = calloc(1, sizeof(*v));
    env *e = &v->e;
    v->t = t;
    gtsim_config cfg;
    memset(&cfg, 0, sizeof(cfg));
    cfg.trace_commands = trace;
    e->log = open_memstream(&e->logbuf, &e->loglen);
    cfg.log = e->log;
    e->dev = gtsim_create(t->platform, &cfg);
    assert_non_null(e->dev);
    assert_int_equal(gtsim_engine_mmio_base(e->dev, t->base == 0x12000 || t->base == 0x1c0000
                                                        ? GTSIM_ENGINE_VIDEO
                                                        : GTSIM_ENGINE_VIDEO_ENHANCE),
                     t->base);
    e->next_pt = PT_BASE + 4096;
    engine_context(e, t->base);
    for (uint64_t i = 0; i < 4; i++)
        map_page(e, BATCH + i * 4096, BATCH_PA + i * 4096);
    for (uint64_t i = 0; i < 4; i++)
        map_page(e, DATA + i * 4096, DATA_PA + i * 4096);
    *state = v;
    return 0;
}

static int setup_vcs_skl(void **state) { return setup_for(state, &vcs_skl, 0); }
static int setup_vecs_skl(void **state) { return setup_for(state, &vecs_skl, 0); }
static int setup_vcs_tgl(void **state) { return setup_for(state, &vcs_tgl, 0); }
static int setup_vecs_tgl(void **state) { return setup_for(state, &vecs_tgl, 0); }
static int setup_vcs_tgl_traced(void **state) { return setup_for(state, &vcs_tgl, 1); }

static int teardown(void **state)
{
    venv *v = *state;
    gtsim_destroy(v->e.dev);
    fclose(v->e.log);
    free(v->e.logbuf);
    free(v);
    return 0;
}

/* The batch dw[0..n) at BATCH (MI_BATCH_BUFFER_END appended), started from
 * the engine's ring, submitted through its ELSP or submission queue. */
static int run(venv *v, const uint32_t *dw, size_t n)
{
    return engine_run(&v->e, v->t->base, v->t->sq, dw, n);
}

/* MI commands on the engine: MI_LOAD_REGISTER_IMM / MI_STORE_REGISTER_MEM
 * at the engine's own CS_GPR (base + 0x600), MI_STORE_DATA_IMM,
 * MI_FLUSH_DW post-sync write, MMIO Remap; MI_CONDITIONAL_BATCH_BUFFER_END
 * ends the batch when the semaphore is not greater than the data; RING_HEAD
 * saved at the engine's offset; EXECLIST_STATUS reads idle. */
static void test_mi(void **state)
{
    venv *v = *state;
    env *e = &v->e;
    uint32_t b = v->t->base;
    uint32_t sem = 5;
    gtsim_phys_write(e->dev, DATA_PA + 0x200, &sem, 4);
    uint32_t c[] = {
        MI_LRI(1), b + 0x600, 0xcafef00d,                /* the engine's CS_GPR R0 */
        MI_SRM, b + 0x600, LO(DATA + 0x100), HI(DATA + 0x100),
        MI_SDI, LO(DATA + 0x104), HI(DATA + 0x104), 0x600d600d,
        MI_FLUSH_DW_IMM, LO(DATA + 0x108), HI(DATA + 0x108), 0x12345678, 0,
        /* Gen12: MMIO Remap Enable, the render offset goes to the engine's
         * R2; Gen9 has no remap (the LRI writes the engine's R2 directly) */
        MI_LRI(1) | (v->t->sq ? 1u << 17 : 0), v->t->sq ? 0x2610 : b + 0x610, 0x0d15ea5e,
        MI_CBBE, 4, LO(DATA + 0x200), HI(DATA + 0x200), /* 5 > 4: goes on */
        MI_SDI, LO(DATA + 0x10c), HI(DATA + 0x10c), 0x11111111,
        MI_CBBE, 5, LO(DATA + 0x200), HI(DATA + 0x200), /* 5 > 5 is false: the batch ends */
        MI_SDI, LO(DATA + 0x110), HI(DATA + 0x110), 0x22222222,
    };
    assert_int_equal(run(v, c, sizeof(c) / 4), GTSIM_OK);
    assert_int_equal(r32(e, DATA_PA + 0x100), 0xcafef00d);
    assert_int_equal(r32(e, DATA_PA + 0x104), 0x600d600d);
    assert_int_equal(r32(e, DATA_PA + 0x108), 0x12345678);
    assert_int_equal(r32(e, DATA_PA + 0x10c), 0x11111111);
    assert_int_equal(r32(e, DATA_PA + 0x110), 0);               /* after the batch's end */
    assert_int_equal(gtsim_mmio_read(e->dev, 0x2600), 0);       /* the render GPRs are untouched */
    assert_int_equal(gtsim_mmio_read(e->dev, 0x2610), 0);
    assert_int_equal(gtsim_mmio_read(e->dev, b + 0x610), 0x0d15ea5e);
    assert_int_equal(gtsim_mmio_read(e->dev, b + 0x34) & 0x1ffffc, 16); /* RING_HEAD at the tail */
    assert_int_equal(gtsim_mmio_read(e->dev, b + 0x234) & 0x100, 0x100); /* idle */
}

static void expect_error(venv *v, const uint32_t *c, size_t n, int status, const char *const *parts)
{
    assert_int_equal(run(v, c, n), status);
    const char *err = gtsim_last_error(v->e.dev);
    for (; *parts; parts++)
        if (!strstr(err, *parts))
            fail_msg("report \"%s\" lacks \"%s\"", err, *parts);
}

/* A codec command on the video engine, an enhancement command on the
 * video enhancement engine: named (by the engine's own command set: one
 * header is MFX_VP8_PIC_STATE on the VCS and VEBOX_SURFACE_STATE on the
 * VECS) and reported as not modelled, with the batch address; the MI
 * commands before them ran. */
static void test_codec_not_modelled(void **state)
{
    venv *v = *state;
    int vcs = !strcmp(v->t->engine, "video");
    char where[96];
    snprintf(where, sizeof(where), "at %s batch 0x800100000000", v->t->engine);
    uint32_t c[] = {
        MI_SDI, LO(DATA + 0x104), HI(DATA + 0x104), 0x600d600d,
        vcs ? MFX_PIPE_MODE_SELECT(5) : VEBOX_STATE(6), 0, 0, 0, 0, 0,
    };
    char where1[96];
    snprintf(where1, sizeof(where1), "at %s batch 0x800100000010", v->t->engine);
    const char *p1[] = {vcs ? "MFX_PIPE_MODE_SELECT (header 0x70000003, 5 DWords)" : "VEBOX_STATE (header "
                                                                                       "0x74020004, 6 DWords)",
                        where1, "pipelines (MFX, HCP, AVP, VDENC, VEBOX, SFC) are not modelled", NULL};
    expect_error(v, c, vcs ? 9 : 10, GTSIM_ERR_UNIMPL, p1);
    assert_int_equal(r32(&v->e, DATA_PA + 0x104), 0x600d600d);
    uint32_t d[] = {VEBOX_SURFACE_STATE(9), 0, 0, 0, 0, 0, 0, 0, 0};
    const char *p2[] = {vcs ? "MFX_VP8_PIC_STATE (header 0x74000007" : "VEBOX_SURFACE_STATE (header 0x74000007",
                        where, NULL};
    expect_error(v, d, 9, GTSIM_ERR_UNIMPL, p2);
}

/* Commands the engine does not take: a render command (PIPE_CONTROL), a
 * blitter command (XY_COLOR_BLT), an MI command whose seed 004 page names
 * only the render engine (MI_REPORT_PERF_COUNT), and an unassigned video
 * opcode: unknown, with the batch address. */
static void test_foreign_commands(void **state)
{
    venv *v = *state;
    char where[96];
    snprintf(where, sizeof(where), "%s batch 0x800100000000", v->t->engine);
    uint32_t pc[] = {0x7a000004u, 0, 0, 0, 0, 0};
    const char *p1[] = {"unknown command header 0x7a000004", where, NULL};
    expect_error(v, pc, 6, GTSIM_ERR_UNIMPL, p1);
    uint32_t xy[] = {(2u << 29) | (0x50u << 22) | 5u, 0, 0, 0, 0, 0, 0};
    const char *p2[] = {"unknown command header 0x54000005", where, NULL};
    expect_error(v, xy, 7, GTSIM_ERR_UNIMPL, p2);
    uint32_t rpc[] = {(0x28u << 23) | 2u, 0, 0, 0};
    const char *p3[] = {"unknown command header 0x14000002", where, NULL};
    expect_error(v, rpc, 4, GTSIM_ERR_UNIMPL, p3);
    uint32_t un[] = {VIDEO(2, 6, 7, 0x1f, 3), 0, 0};
    const char *p4[] = {"unknown command header 0x76ff0001", where, NULL};
    expect_error(v, un, 3, GTSIM_ERR_UNIMPL, p4);
}

/* --trace-commands names the video commands with their seed 004 fields. */
static void test_trace(void **state)
{
    venv *v = *state;
    env *e = &v->e;
    /* MFX_PIPE_MODE_SELECT DW1: Standard Select 2 (AVC) bits 3:0, Decoder
     * Mode select 0 bits 16:15, Pic Status/Error Report ID DW3 */
    uint32_t c[] = {MFX_PIPE_MODE_SELECT(5), 2u | 1u << 9, 0, 0xabcd1234u, 0};
    assert_int_equal(run(v, c, 5), GTSIM_ERR_UNIMPL);
    fflush(e->log);
    assert_non_null(strstr(e->logbuf, "video batch 0x800100000000 (PPGTT, first level): MFX_PIPE_MODE_SELECT"));
    assert_non_null(strstr(e->logbuf, "Standard Select=2"));
    assert_non_null(strstr(e->logbuf, "Post Deblocking Output Enable (PostDeblockOutEnable)=1"));
    assert_non_null(strstr(e->logbuf, "Pic Status/Error Report ID=0xabcd1234"));
}

/* Gen7 platforms model no video engine: no base. */
static void test_no_video_on_gen7(void **state)
{
    (void)state;
    gtsim_device *d = gtsim_create("hsw", NULL);
    assert_non_null(d);
    assert_int_equal(gtsim_engine_mmio_base(d, GTSIM_ENGINE_RENDER), 0x2000);
    assert_int_equal(gtsim_engine_mmio_base(d, GTSIM_ENGINE_VIDEO), 0);
    assert_int_equal(gtsim_engine_mmio_base(d, GTSIM_ENGINE_VIDEO_ENHANCE), 0);
    assert_int_equal(gtsim_engine_mmio_base(d, GTSIM_ENGINE_COUNT), 0);
    assert_int_equal(gtsim_engine_mmio_base(d, -1), 0);
    gtsim_destroy(d);
    d = gtsim_create("skl", NULL);
    assert_int_equal(gtsim_engine_mmio_base(d, GTSIM_ENGINE_BLITTER), 0); /* no Gen9 blitter modelled */
    gtsim_destroy(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_mi, setup_vcs_skl, teardown),
        cmocka_unit_test_setup_teardown(test_mi, setup_vecs_skl, teardown),
        cmocka_unit_test_setup_teardown(test_mi, setup_vcs_tgl, teardown),
        cmocka_unit_test_setup_teardown(test_mi, setup_vecs_tgl, teardown),
        cmocka_unit_test_setup_teardown(test_codec_not_modelled, setup_vcs_skl, teardown),
        cmocka_unit_test_setup_teardown(test_codec_not_modelled, setup_vecs_skl, teardown),
        cmocka_unit_test_setup_teardown(test_codec_not_modelled, setup_vcs_tgl, teardown),
        cmocka_unit_test_setup_teardown(test_codec_not_modelled, setup_vecs_tgl, teardown),
        cmocka_unit_test_setup_teardown(test_foreign_commands, setup_vcs_skl, teardown),
        cmocka_unit_test_setup_teardown(test_foreign_commands, setup_vecs_tgl, teardown),
        cmocka_unit_test_setup_teardown(test_trace, setup_vcs_tgl_traced, teardown),
        cmocka_unit_test(test_no_video_on_gen7),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
