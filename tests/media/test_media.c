/*
 * Media pipeline (src/pipe/media.c): root threads from MEDIA_OBJECT and
 * MEDIA_OBJECT_WALKER, their payload (seed 000 §1.7.1.1 R0, §1.7.1.3
 * inline data), the stalling scoreboard (seed 000 §1.8.1 MEDIA_VFE_STATE
 * scoreboard fields, seed 003 §1.4.3), the thread spawner (§1.5: child
 * threads, synchronized root threads, URB handles) and deadlock reports.
 *
 * Threads that execute run a Gen9 kernel assembled by iga64 (xy_kernel.asm;
 * the mechanism is generation independent); scheduler-only tests replace
 * the EU by a runner that models thread durations, so the scoreboard
 * constraint is checked with many threads in flight.  Expected orders are
 * hand-computed literals.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gt.h"
#include "pipe/media.h"
#include "pipe/pipe.h"

#define PML4 0x1000ull
#define IB 0x100000ull   /* instruction base (GVA) */
#define OUT 0x200000ull  /* output buffer (GVA) */
#define IO 0x300000ull   /* indirect object base */

typedef struct fx {
    gtsim_device *dev;
    uint64_t next_pa;
    /* dispatch trace */
    int n;
    int32_t x[4096], y[4096], root[4096];
} fx;

static uint64_t rd64(fx *f, uint64_t pa)
{
    uint64_t v = 0;
    gtsim_phys_read(f->dev, pa, &v, 8);
    return v;
}
static void map_page(fx *f, uint64_t va)
{
    uint64_t table = PML4;
    for (int level = 39; level >= 12; level -= 9) {
        uint64_t slot = table + ((va >> level) & 511) * 8;
        uint64_t e = rd64(f, slot);
        if (!(e & 1)) {
            e = f->next_pa | 3;
            f->next_pa += 4096;
            gtsim_phys_write(f->dev, slot, &e, 8);
        }
        if (level == 12)
            return;
        table = e & ~0xfffull;
    }
}
static void map(fx *f, uint64_t va, uint64_t len)
{
    for (uint64_t a = va & ~0xfffull; a < va + len; a += 4096)
        map_page(f, a);
}

static void trace(void *ctx, const gt_thread *t, int root, uint32_t x, uint32_t y, uint32_t color)
{
    (void)t;
    (void)color;
    fx *f = ctx;
    if (f->n < 4096) {
        f->x[f->n] = (int32_t)x;
        f->y[f->n] = (int32_t)y;
        f->root[f->n] = root;
        f->n++;
    }
}

static int setup(void **state)
{
    fx *f = calloc(1, sizeof(*f));
    f->dev = gtsim_create("skl", NULL);
    assert_non_null(f->dev);
    f->next_pa = 0x10000;
    gt_vm_init(&f->dev->ppgtt, GT_VM_PPGTT48, f->dev->mem, NULL, PML4);
    map(f, IB, 0x2000);
    map(f, OUT, 0x40000);
    map(f, IO, 0x1000);
    FILE *k = fopen(XY_KERNEL, "rb");
    assert_non_null(k);
    uint8_t code[1024];
    size_t len = fread(code, 1, sizeof(code), k);
    fclose(k);
    assert_int_equal(gt_vm_write(&f->dev->ppgtt, IB + 0x40, code, len, NULL), 0);
    gt_pipe_state *ps = gt_pipe_state_of(f->dev->pipe);
    ps->instruction_base = IB;
    ps->indirect_object_base = IO;
    ps->max_threads = 64;
    ps->urb_entries = 16;
    ps->urb_entry_size = 4;
    memset(ps->idd, 0, sizeof(ps->idd));
    ps->idd[0][0] = 0x40; /* Kernel Start Pointer */
    ps->idd[1][0] = 0x40;
    ps->idd_count = 2;
    gt_media_set_trace(f->dev, trace, f);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fx *f = *state;
    gtsim_destroy(f->dev);
    free(f);
    return 0;
}

static uint32_t out32(fx *f, uint64_t off)
{
    uint32_t v = 0;
    assert_int_equal(gt_vm_read(&f->dev->ppgtt, OUT + off, &v, 4, NULL), 0);
    return v;
}

/* Inline data block for xy_kernel: output base, width. */
static void xy_inline(uint32_t *dw, uint32_t width)
{
    memset(dw, 0, 32);
    dw[0] = (uint32_t)OUT;
    dw[1] = (uint32_t)(OUT >> 32);
    dw[2] = width;
}

/* MEDIA_OBJECT_WALKER, 26-degree walk of 4x3: dispatch order, R0.1 X/Y,
 * R0.2 interface descriptor offset, inline data repeated (§1.7.1.3). */
static void walker_threads(void **state)
{
    fx *f = *state;
    uint32_t inl[8];
    xy_inline(inl, 4);
    gt_media_obj o = {.cmd = "MEDIA_OBJECT_WALKER", .batch_addr = 0x1234, .idd_offset = 1,
                      .inline_data = (const uint8_t *)inl, .inline_len = 32};
    gt_mw_params p;
    memset(&p, 0, sizeof(p));
    p.block_res = p.global_res = (gt_mw_xy){4, 3};
    p.global_outer_stride = (gt_mw_xy){4, 0};
    p.global_inner_unit = (gt_mw_xy){0, 3};
    p.local_outer_stride = (gt_mw_xy){1, 0};
    p.local_inner_unit = (gt_mw_xy){-2, 1};
    p.local_exec_count = 7;
    p.color_count = 1;
    int st = gt_media_walker(f->dev, &o, &p);
    if (st)
        fprintf(stderr, "%s\n", gtsim_last_error(f->dev));
    assert_int_equal(st, GTSIM_OK);
    assert_int_equal(gt_media_drain(f->dev), GTSIM_OK);
    static const int32_t e[][2] = {{0, 0}, {1, 0}, {2, 0}, {0, 1}, {3, 0}, {1, 1},
                                   {2, 1}, {0, 2}, {3, 1}, {1, 2}, {2, 2}, {3, 2}};
    assert_int_equal(f->n, 12);
    for (int i = 0; i < 12; i++) {
        assert_int_equal(f->x[i], e[i][0]);
        assert_int_equal(f->y[i], e[i][1]);
    }
    for (uint32_t y = 0; y < 3; y++)
        for (uint32_t x = 0; x < 4; x++) {
            uint64_t rec = (y * 4 + x) * 64;
            assert_int_equal(out32(f, rec + 4), y << 16 | x); /* R0.1 */
            assert_int_equal(out32(f, rec + 8), 1u << 4);     /* R0.2 IDO 1, color 0 */
        }
}

/* The walker polls between global positions (an interrupt stops it while
 * walking), and its threads count against max_threads per submission. */
static void walker_bounds(void **state)
{
    fx *f = *state;
    uint32_t inl[8];
    xy_inline(inl, 4);
    gt_media_obj o = {.cmd = "MEDIA_OBJECT_WALKER", .batch_addr = 0x1234, .idd_offset = 1,
                      .inline_data = (const uint8_t *)inl, .inline_len = 32};
    gt_mw_params p;
    memset(&p, 0, sizeof(p));
    p.block_res = p.global_res = (gt_mw_xy){4, 3};
    p.global_outer_stride = (gt_mw_xy){4, 0};
    p.global_inner_unit = (gt_mw_xy){0, 3};
    p.local_outer_stride = (gt_mw_xy){1, 0};
    p.local_inner_unit = (gt_mw_xy){-2, 1};
    p.local_exec_count = 7;
    p.color_count = 1;
    gtsim_interrupt(f->dev);
    assert_int_equal(gt_media_walker(f->dev, &o, &p), GTSIM_ERR_INTERRUPTED);
    assert_non_null(strstr(gtsim_last_error(f->dev), "interrupted"));
    assert_non_null(strstr(gtsim_last_error(f->dev), "in MEDIA_OBJECT_WALKER at batch 0x1234 (walking)"));
    assert_int_equal(f->n, 0);
    gtsim_interrupt_clear(f->dev);

    f->dev->cfg.max_threads = 5;
    assert_int_equal(gt_work_begin(f->dev), GTSIM_OK);
    int st = gt_media_walker(f->dev, &o, &p);
    if (st == GTSIM_OK)
        st = gt_media_drain(f->dev);
    f->dev->cfg.max_threads = 0;
    assert_int_equal(st, GTSIM_ERR_WATCHDOG);
    assert_non_null(strstr(gtsim_last_error(f->dev), "6 dispatched in one submission, more than max_threads = 5"));
    assert_non_null(strstr(gtsim_last_error(f->dev), "root thread of MEDIA_OBJECT_WALKER at batch 0x1234"));
}

/* MEDIA_OBJECT: R0.0 scoreboard mask, R0.1 X/Y, R0.2 color; inline data in
 * r1, then the indirect data in r2 (rounded to whole GRFs). */
static void object_payload(void **state)
{
    fx *f = *state;
    uint32_t ind[8];
    for (int i = 0; i < 8; i++)
        ind[i] = 0xabc00000u + (uint32_t)i;
    assert_int_equal(gt_vm_write(&f->dev->ppgtt, IO + 0x100, ind, 32, NULL), 0);
    uint32_t inl[8];
    xy_inline(inl, 16);
    gt_media_obj o = {.cmd = "MEDIA_OBJECT", .batch_addr = 0x40, .sb_x = 5, .sb_y = 2, .sb_color = 3,
                      .sb_mask = 0x81, .inline_data = (const uint8_t *)inl, .inline_len = 12,
                      .indirect_len = 32, .indirect_start = 0x100};
    assert_int_equal(gt_media_object(f->dev, &o), GTSIM_OK);
    assert_int_equal(gt_media_drain(f->dev), GTSIM_OK);
    uint64_t rec = (2 * 16 + 5) * 64;
    assert_int_equal(out32(f, rec + 0) >> 24, 0x81);      /* R0.0 31:24 scoreboard mask */
    assert_int_equal(out32(f, rec + 4), 2u << 16 | 5u);
    assert_int_equal(out32(f, rec + 8), 3u);              /* color */
    assert_int_equal(out32(f, rec + 32), 0xabc00000u);    /* r2.0: indirect data */
    assert_int_equal(out32(f, rec + 32 + 28), 0xabc00007u);
}

/* ---- scheduler-only tests: a runner models thread durations ---- */

typedef struct sim {
    fx *f;
    uint64_t tick;
    uint64_t start[64][64], end[64][64];
    uint32_t left[64][64];
    int block_xy; /* a thread that never ends: x*64+y+1, 0 = none */
    uint32_t max_in_flight;
} sim;


static int sim_runner(gtsim_device *dev, gt_thread *t, void *ctx)
{
    sim *s = ctx;
    uint32_t x = t->grf[4] | (uint32_t)(t->grf[5] & 1) << 8, y = t->grf[6] | (uint32_t)(t->grf[7] & 1) << 8;
    s->tick++;
    uint32_t inflight, queued;
    gt_media_counts(dev, &inflight, &queued);
    if (inflight > s->max_in_flight)
        s->max_in_flight = inflight;
    if (t->instructions == 0) {
        s->start[x][y] = s->tick;
        s->left[x][y] = (x * 7 + y * 3) % 5 + 1; /* thread duration in rounds */
    }
    if (s->block_xy && s->block_xy == (int)(x * 64 + y + 1)) {
        t->instructions++;
        t->state = GT_THREAD_BLOCKED;
        return GTSIM_OK;
    }
    t->instructions++;
    if (--s->left[x][y] == 0) {
        t->state = GT_THREAD_DONE;
        s->end[x][y] = s->tick;
    }
    return GTSIM_OK;
}

static void avc_wavefront(fx *f, sim *s, int sb_on, int w, int h)
{
    gt_media_sb sb;
    memset(&sb, 0, sizeof(sb));
    sb.enable = sb_on;
    sb.mask = 0x7;                      /* A left, B top, C top-right (§1.4.2.4.6) */
    sb.dx[0] = -1, sb.dy[0] = 0;
    sb.dx[1] = 0, sb.dy[1] = -1;
    sb.dx[2] = 1, sb.dy[2] = -1;
    assert_int_equal(gt_media_set_scoreboard(f->dev, &sb), GTSIM_OK);
    gt_media_set_runner(f->dev, sim_runner, s);
    gt_media_obj o = {.cmd = "MEDIA_OBJECT_WALKER", .batch_addr = 0x800, .use_sb = 1, .sb_mask = 0xff};
    gt_mw_params p;
    memset(&p, 0, sizeof(p));
    p.block_res = p.global_res = (gt_mw_xy){w, h};
    p.global_outer_stride = (gt_mw_xy){w, 0};
    p.global_inner_unit = (gt_mw_xy){0, h};
    p.local_outer_stride = (gt_mw_xy){1, 0};
    p.local_inner_unit = (gt_mw_xy){-2, 1};
    p.local_exec_count = (uint32_t)(w + 2 * (h - 1) - 1);
    p.color_count = 1;
    assert_int_equal(gt_media_walker(f->dev, &o, &p), GTSIM_OK);
    assert_int_equal(gt_media_drain(f->dev), GTSIM_OK);
}

/* Count threads that started before a dependency (left, top, top-right)
 * ended. */
static int violations(sim *s, int w, int h)
{
    static const int d[3][2] = {{-1, 0}, {0, -1}, {1, -1}};
    int bad = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            for (int j = 0; j < 3; j++) {
                int nx = x + d[j][0], ny = y + d[j][1];
                if (nx < 0 || ny < 0 || nx >= w)
                    continue;
                assert_true(s->end[nx][ny] != 0);
                if (s->start[x][y] <= s->end[nx][ny])
                    bad++;
            }
    return bad;
}

static void scoreboard_wavefront(void **state)
{
    fx *f = *state;
    sim *s = calloc(1, sizeof(*s));
    avc_wavefront(f, s, 1, 12, 8);
    assert_int_equal(f->n, 96);
    assert_int_equal(violations(s, 12, 8), 0);
    assert_true(s->max_in_flight > 2); /* threads really overlapped */
    /* the same walk without the scoreboard starts threads too early */
    memset(s, 0, sizeof(*s));
    f->n = 0;
    avc_wavefront(f, s, 0, 12, 8);
    assert_true(violations(s, 12, 8) > 0);
    free(s);
}

/* A dependency on a thread that never ends: the device stops with a report
 * naming the command, its address and the X/Y of both threads. */
static void scoreboard_deadlock(void **state)
{
    fx *f = *state;
    sim *s = calloc(1, sizeof(*s));
    s->block_xy = 1 * 64 + 0 + 1; /* (1, 0) blocks forever */
    gt_media_sb sb;
    memset(&sb, 0, sizeof(sb));
    sb.enable = 1;
    sb.mask = 1;
    sb.dx[0] = -1;                 /* depends on the left neighbour */
    assert_int_equal(gt_media_set_scoreboard(f->dev, &sb), GTSIM_OK);
    gt_media_set_runner(f->dev, sim_runner, s);
    gt_media_obj o = {.cmd = "MEDIA_OBJECT", .batch_addr = 0xbeef00, .use_sb = 1, .sb_mask = 1};
    o.sb_x = 1;
    assert_int_equal(gt_media_object(f->dev, &o), GTSIM_OK);
    o.sb_x = 2;
    o.batch_addr = 0xbeef40;
    assert_int_equal(gt_media_object(f->dev, &o), GTSIM_OK);
    int st = gt_media_drain(f->dev);
    assert_int_equal(st, GTSIM_ERR_WATCHDOG);
    const char *err = gtsim_last_error(f->dev);
    assert_non_null(strstr(err, "deadlock"));
    assert_non_null(strstr(err, "0xbeef40"));
    assert_non_null(strstr(err, "X=2 Y=0"));
    assert_non_null(strstr(err, "X=1 Y=0"));
    free(s);
}

/* ---- thread spawner ---- */

typedef struct spawn_ctx {
    int spawned;
    uint32_t child_r0[8], child_r1[8];
    int child_runs, srt_runs;
    uint32_t srt_grf1[8];
} spawn_ctx;

/* Root (R0.2 IDO 0): writes a child payload into its URB handle and sends a
 * spawn message; the child (IDO 1) records its R0/R1 and ends. */
static int spawn_runner(gtsim_device *dev, gt_thread *t, void *ctx)
{
    spawn_ctx *c = ctx;
    uint32_t r0[8];
    memcpy(r0, t->grf, 32);
    t->instructions++;
    if (r0[7] == 0x5a5a5a5a) { /* the child: R0.7 marker written by the parent */
        memcpy(c->child_r0, t->grf, 32);
        memcpy(c->child_r1, t->grf + 32, 32);
        c->child_runs++;
        t->state = GT_THREAD_DONE;
        return GTSIM_OK;
    }
    if (((r0[2] >> 4) & 0x3f) == 1) { /* the synchronized root */
        memcpy(c->srt_grf1, t->grf + 32, 32);
        c->srt_runs++;
        t->state = GT_THREAD_DONE;
        return GTSIM_OK;
    }
    uint32_t size;
    uint8_t *urb = gt_media_urb(dev, &size);
    uint32_t handle = r0[0] & 0xffff;
    uint32_t child[16] = {0};
    child[7] = 0x5a5a5a5a;
    child[8] = 0x11111111;
    child[15] = 0x22222222;
    memcpy(urb + 32u * (handle + 2), child, 64); /* R0 + one payload row at offset 2 */
    uint32_t m0[8] = {0};
    m0[0] = handle;
    m0[2] = 1u << 4;             /* child IDO 1 */
    m0[4] = 1u << 10 | 2u;       /* Dispatch URB Length 1, URB Handle Offset 2 */
    char why[256];
    int st = gt_media_ts_message(dev, t, 0x1, (const uint8_t *)m0, 0, why, sizeof(why));
    if (st)
        return gt_error(dev, st, "%s", why);
    /* a spawn-root message carrying one row (offset 4) for the synchronized root */
    uint32_t msg[8] = {0x77777777, 0, 0, 0, 0, 0, 0, 0x88888888};
    memcpy(urb + 32u * (handle + 4), msg, 32);
    m0[4] = 1u << 10 | 4u;
    st = gt_media_ts_message(dev, t, 0x11, (const uint8_t *)m0, 0, why, sizeof(why));
    if (st)
        return gt_error(dev, st, "%s", why);
    /* end: dereference resource with the URB handle dereferenced */
    st = gt_media_ts_message(dev, t, 0x0, (const uint8_t *)m0, 1, why, sizeof(why));
    if (st)
        return gt_error(dev, st, "%s", why);
    t->state = GT_THREAD_DONE;
    c->spawned++;
    return GTSIM_OK;
}

static void child_and_synchronized_root(void **state)
{
    fx *f = *state;
    spawn_ctx c;
    memset(&c, 0, sizeof(c));
    gt_media_set_runner(f->dev, spawn_runner, &c);
    /* the synchronized root is queued first: it must wait for the
     * spawn-root message; the parent behind it ... would be held back by
     * in-order dispatch, so the SRT comes after the parent here */
    gt_media_obj parent = {.cmd = "MEDIA_OBJECT", .batch_addr = 0x100, .children = 1};
    gt_media_obj srt = {.cmd = "MEDIA_OBJECT", .batch_addr = 0x140, .sync = 1, .idd_offset = 1};
    assert_int_equal(gt_media_object(f->dev, &parent), GTSIM_OK);
    assert_int_equal(gt_media_object(f->dev, &srt), GTSIM_OK);
    int st = gt_media_drain(f->dev);
    if (st)
        fprintf(stderr, "%s\n", gtsim_last_error(f->dev));
    assert_int_equal(st, GTSIM_OK);
    assert_int_equal(c.spawned, 1);
    assert_int_equal(c.child_runs, 1);
    assert_int_equal(c.srt_runs, 1);
    assert_int_equal(c.child_r0[7], 0x5a5a5a5a);   /* R0 from the URB (§1.7.1.4) */
    assert_int_equal(c.child_r1[0], 0x11111111);   /* then the payload rows */
    assert_int_equal(c.child_r1[7], 0x22222222);
    assert_int_equal(c.srt_grf1[0], 0x77777777);   /* the spawning thread's message after R0 */
    /* dispatch order: parent, child (child queue first), synchronized root */
    assert_int_equal(f->n, 3);
    assert_int_equal(f->root[0], 1);
    assert_int_equal(f->root[1], 0);
    assert_int_equal(f->root[2], 1);
}

/* A synchronized root with no spawn-root message ever: reported at drain. */
static void srt_without_message(void **state)
{
    fx *f = *state;
    gt_media_obj srt = {.cmd = "MEDIA_OBJECT", .batch_addr = 0x9900, .sync = 1};
    assert_int_equal(gt_media_object(f->dev, &srt), GTSIM_OK);
    assert_int_equal(gt_media_drain(f->dev), GTSIM_ERR_WATCHDOG);
    const char *err = gtsim_last_error(f->dev);
    assert_non_null(strstr(err, "synchronized root thread"));
    assert_non_null(strstr(err, "0x9900"));
}

/* Spawning from a thread outside any media tree (e.g. a GPGPU walker
 * thread) is reported. */
static void spawn_without_root(void **state)
{
    fx *f = *state;
    gt_thread *t = aligned_alloc(64, sizeof(gt_thread));
    memset(t, 0, sizeof(*t));
    uint32_t m0[8] = {0};
    char why[256];
    assert_non_null(gt_media_of(f->dev));
    assert_int_equal(gt_media_ts_message(f->dev, t, 0x3 /* spawn, child requester */, (const uint8_t *)m0, 0, why,
                                         sizeof(why)),
                     GTSIM_ERR_INVALID);
    assert_non_null(strstr(why, "spawn"));
    free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(walker_threads, setup, teardown),
        cmocka_unit_test_setup_teardown(walker_bounds, setup, teardown),
        cmocka_unit_test_setup_teardown(object_payload, setup, teardown),
        cmocka_unit_test_setup_teardown(scoreboard_wavefront, setup, teardown),
        cmocka_unit_test_setup_teardown(scoreboard_deadlock, setup, teardown),
        cmocka_unit_test_setup_teardown(child_and_synchronized_root, setup, teardown),
        cmocka_unit_test_setup_teardown(srt_without_message, setup, teardown),
        cmocka_unit_test_setup_teardown(spawn_without_root, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
