/*
 * Media walker order (seed 000 §1.4.3): the (X, Y, color) sequence of the
 * walk generator compared with walks worked out by hand from the section's
 * text, for the walking patterns drivers program (raster, vertical,
 * 45-degree and 26-degree wavefronts, the MbAff-like middle loop, dual
 * mode, repel, color count, the global loop with slack), and the seed's
 * AVC-style (§1.4.2.4.6: A left, B top, C top-right, D top-left) and
 * VC1-style (§1.4.2.5: raster macroblock sequence 0..29 of a 5x6 picture)
 * dependency examples.  The expected lists are literals, not gtsim output.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gt.h"
#include "cs/cmds.h"
#include "pipe/media_cmds.h"
#include "pipe/media_walker.h"

#define MAXP 20000

typedef struct rec {
    int n;
    int32_t x[MAXP], y[MAXP];
    uint32_t c[MAXP];
} rec;

static int record(void *ctx, int32_t x, int32_t y, uint32_t color)
{
    rec *r = ctx;
    if (r->n >= MAXP)
        return 99;
    r->x[r->n] = x;
    r->y[r->n] = y;
    r->c[r->n] = color;
    r->n++;
    return 0;
}

/* A walk over one block of w x h covering the whole image (global loop
 * runs once), as drivers program single-block walks. */
static gt_mw_params one_block(int w, int h)
{
    gt_mw_params p;
    memset(&p, 0, sizeof(p));
    p.block_res = (gt_mw_xy){w, h};
    p.global_res = (gt_mw_xy){w, h};
    p.global_outer_stride = (gt_mw_xy){w, 0};
    p.global_inner_unit = (gt_mw_xy){0, h};
    p.global_exec_count = 1;
    p.color_count = 1;
    return p;
}

static rec *walk(const gt_mw_params *p)
{
    rec *r = calloc(1, sizeof(*r));
    assert_non_null(r);
    assert_int_equal(gt_mw_walk(p, record, r), 0);
    return r;
}

static void expect(rec *r, const int32_t (*xy)[2], int n)
{
    assert_int_equal(r->n, n);
    for (int i = 0; i < n; i++) {
        if (r->x[i] != xy[i][0] || r->y[i] != xy[i][1])
            fail_msg("thread %d: walker (%d,%d), expected (%d,%d)", i, r->x[i], r->y[i], xy[i][0],
                     xy[i][1]);
    }
    free(r);
}

static void test_raster(void **s)
{
    (void)s;
    gt_mw_params p = one_block(4, 3);
    p.local_outer_stride = (gt_mw_xy){0, 1};
    p.local_inner_unit = (gt_mw_xy){1, 0};
    p.local_end = (gt_mw_xy){3, 0};
    p.local_exec_count = 2;
    static const int32_t e[][2] = {{0, 0}, {1, 0}, {2, 0}, {3, 0}, {0, 1}, {1, 1},
                                   {2, 1}, {3, 1}, {0, 2}, {1, 2}, {2, 2}, {3, 2}};
    expect(walk(&p), e, 12);
}

static void test_vertical(void **s)
{
    (void)s;
    gt_mw_params p = one_block(3, 2);
    p.local_outer_stride = (gt_mw_xy){1, 0};
    p.local_inner_unit = (gt_mw_xy){0, 1};
    p.local_end = (gt_mw_xy){0, 1};
    p.local_exec_count = 2;
    static const int32_t e[][2] = {{0, 0}, {0, 1}, {1, 0}, {1, 1}, {2, 0}, {2, 1}};
    expect(walk(&p), e, 6);
}

/* Outer stride (1,0), inner unit (-1,1), W + H - 1 outer iterations. */
static void test_wavefront45(void **s)
{
    (void)s;
    gt_mw_params p = one_block(3, 3);
    p.local_outer_stride = (gt_mw_xy){1, 0};
    p.local_inner_unit = (gt_mw_xy){-1, 1};
    p.local_exec_count = 3 + 3 - 2;
    static const int32_t e[][2] = {{0, 0}, {1, 0}, {0, 1}, {2, 0}, {1, 1},
                                   {0, 2}, {2, 1}, {1, 2}, {2, 2}};
    expect(walk(&p), e, 9);
}

/* Inner unit (-2,1): the 26-degree wavefront, W + 2(H-1) outer iterations. */
static void test_wavefront26(void **s)
{
    (void)s;
    gt_mw_params p = one_block(4, 3);
    p.local_outer_stride = (gt_mw_xy){1, 0};
    p.local_inner_unit = (gt_mw_xy){-2, 1};
    p.local_exec_count = 4 + 2 * (3 - 1) - 1;
    static const int32_t e[][2] = {{0, 0}, {1, 0}, {2, 0}, {0, 1}, {3, 0}, {1, 1},
                                   {2, 1}, {0, 2}, {3, 1}, {1, 2}, {2, 2}, {3, 2}};
    expect(walk(&p), e, 12);
}

/* §1.4.3.4: outer (1,0), inner (-2,2), middle loop (0,1) with one extra
 * step: the tops of the macroblock pairs on a wavefront, then their
 * bottoms. */
static void test_mbaff(void **s)
{
    (void)s;
    gt_mw_params p = one_block(3, 4);
    p.local_outer_stride = (gt_mw_xy){1, 0};
    p.local_inner_unit = (gt_mw_xy){-2, 2};
    p.mid_unit = (gt_mw_xy){0, 1};
    p.mid_extra_steps = 1;
    p.local_exec_count = 0x3ff;
    static const int32_t e[][2] = {{0, 0}, {0, 1}, {1, 0}, {1, 1}, {2, 0}, {0, 2},
                                   {2, 1}, {0, 3}, {1, 2}, {1, 3}, {2, 2}, {2, 3}};
    expect(walk(&p), e, 12);
}

/* Dual mode: each inner walk is bisected, the halves alternate inward. */
static void test_dual(void **s)
{
    (void)s;
    gt_mw_params p = one_block(4, 4);
    p.local_outer_stride = (gt_mw_xy){1, 0};
    p.local_inner_unit = (gt_mw_xy){-1, 1};
    p.local_exec_count = 6;
    p.dual = 1;
    static const int32_t e[][2] = {
        {0, 0},                          /* diagonal 0 */
        {1, 0}, {0, 1},                  /* diagonal 1: both ends */
        {2, 0}, {0, 2}, {1, 1},          /* diagonal 2: ends, then the middle */
        {3, 0}, {0, 3}, {2, 1}, {1, 2},  /* diagonal 3 */
        {3, 1}, {1, 3}, {2, 2},          /* diagonal 4 starts outside the block at (4,0) */
        {3, 2}, {2, 3}, {3, 3}};
    expect(walk(&p), e, 16);
}

static void test_repel(void **s)
{
    (void)s;
    gt_mw_params p = one_block(3, 2);
    p.local_outer_stride = (gt_mw_xy){0, 1};
    p.local_inner_unit = (gt_mw_xy){1, 0};
    p.local_exec_count = 1;
    p.repel = 1;
    static const int32_t e[][2] = {{2, 0}, {1, 0}, {0, 0}, {2, 1}, {1, 1}, {0, 1}};
    expect(walk(&p), e, 6);
}

static void test_colors(void **s)
{
    (void)s;
    gt_mw_params p = one_block(2, 1);
    p.local_outer_stride = (gt_mw_xy){0, 1};
    p.local_inner_unit = (gt_mw_xy){1, 0};
    p.color_count = 3;
    rec *r = walk(&p);
    static const int32_t e[][3] = {{0, 0, 0}, {1, 0, 0}, {0, 0, 1}, {1, 0, 1}, {0, 0, 2}, {1, 0, 2}};
    assert_int_equal(r->n, 6);
    for (int i = 0; i < 6; i++) {
        assert_int_equal(r->x[i], e[i][0]);
        assert_int_equal(r->y[i], e[i][1]);
        assert_int_equal(r->c[i], (uint32_t)e[i][2]);
    }
    free(r);
}

/* §1.4.3.5: a 5x3 image walked in 2x2 blocks, global raster by columns of
 * blocks (outer (2,0), inner (0,2)); the right and bottom blocks shrink. */
static void test_global_slack(void **s)
{
    (void)s;
    gt_mw_params p;
    memset(&p, 0, sizeof(p));
    p.global_res = (gt_mw_xy){5, 3};
    p.block_res = (gt_mw_xy){2, 2};
    p.global_outer_stride = (gt_mw_xy){2, 0};
    p.global_inner_unit = (gt_mw_xy){0, 2};
    p.global_exec_count = 0x3ff;
    p.local_outer_stride = (gt_mw_xy){0, 1};
    p.local_inner_unit = (gt_mw_xy){1, 0};
    p.local_exec_count = 1;
    p.color_count = 1;
    static const int32_t e[][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}, {1, 2}, {2, 0}, {3, 0},
                                   {2, 1}, {3, 1}, {2, 2}, {3, 2}, {4, 0}, {4, 1}, {4, 2}};
    expect(walk(&p), e, 15);
}

/* Starting at the far corner with negative strides: slack on the left/top
 * (§1.4.3.5 "started at (12,12) ... slack handled on the left and top").
 * 5x1 image, 2x1 blocks from global start 3 stepping -2. */
static void test_global_reverse(void **s)
{
    (void)s;
    gt_mw_params p;
    memset(&p, 0, sizeof(p));
    p.global_res = (gt_mw_xy){5, 1};
    p.block_res = (gt_mw_xy){2, 1};
    p.global_start = (gt_mw_xy){3, 0};
    p.global_outer_stride = (gt_mw_xy){-2, 0};
    p.global_inner_unit = (gt_mw_xy){0, 1};
    p.global_exec_count = 0x3ff;
    p.local_outer_stride = (gt_mw_xy){0, 1};
    p.local_inner_unit = (gt_mw_xy){1, 0};
    p.color_count = 1;
    static const int32_t e[][2] = {{3, 0}, {4, 0}, {1, 0}, {2, 0}, {0, 0}};
    expect(walk(&p), e, 5);
}

/* VC1-style example: the 5x6 macroblock sequence 0..29 in raster order. */
static void test_vc1_sequence(void **s)
{
    (void)s;
    gt_mw_params p = one_block(5, 6);
    p.local_outer_stride = (gt_mw_xy){0, 1};
    p.local_inner_unit = (gt_mw_xy){1, 0};
    p.local_end = (gt_mw_xy){4, 0};
    p.local_exec_count = 5;
    rec *r = walk(&p);
    assert_int_equal(r->n, 30);
    for (int i = 0; i < 30; i++)
        assert_int_equal(r->y[i] * 5 + r->x[i], i); /* seed table: row * WidthInMblk + column */
    free(r);
}

/* Every point exactly once, and (optionally) every AVC-style neighbour
 * (A (-1,0), B (0,-1), C (+1,-1), D (-1,-1)) inside the image earlier. */
static void check_cover(rec *r, int w, int h, int avc)
{
    int *when = malloc(sizeof(int) * (size_t)w * (size_t)h);
    assert_non_null(when);
    for (int i = 0; i < w * h; i++)
        when[i] = -1;
    for (int i = 0; i < r->n; i++) {
        assert_true(r->x[i] >= 0 && r->x[i] < w && r->y[i] >= 0 && r->y[i] < h);
        int k = r->y[i] * w + r->x[i];
        if (when[k] >= 0)
            fail_msg("(%d,%d) dispatched twice", r->x[i], r->y[i]);
        when[k] = i;
    }
    assert_int_equal(r->n, w * h);
    if (avc) {
        static const int d[4][2] = {{-1, 0}, {0, -1}, {1, -1}, {-1, -1}};
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                for (int j = 0; j < 4; j++) {
                    int nx = x + d[j][0], ny = y + d[j][1];
                    if (nx < 0 || ny < 0 || nx >= w)
                        continue;
                    if (when[ny * w + nx] > when[y * w + x])
                        fail_msg("(%d,%d) before its neighbour (%d,%d)", x, y, nx, ny);
                }
    }
    free(when);
}

/* AVC-style dependencies are met by the 26-degree walk (every neighbour
 * A, B, C, D earlier), but not by the 45-degree walk (C = (x+1, y-1) is on
 * the same diagonal, later). */
static void test_avc_order(void **s)
{
    (void)s;
    gt_mw_params p = one_block(8, 6);
    p.local_outer_stride = (gt_mw_xy){1, 0};
    p.local_inner_unit = (gt_mw_xy){-2, 1};
    p.local_exec_count = 8 + 2 * 5 - 1;
    rec *r = walk(&p);
    check_cover(r, 8, 6, 1);
    free(r);
}

/* The seed's example parameter table (§1.4.3.1): a 120x68 macroblock
 * image in 32x32 blocks walked by columns, each block as MbAff pairs in
 * dual mode.  Every macroblock is generated exactly once. */
static void test_seed_table(void **s)
{
    (void)s;
    gt_mw_params p;
    memset(&p, 0, sizeof(p));
    p.global_res = (gt_mw_xy){120, 68};
    p.global_outer_stride = (gt_mw_xy){32, 0};
    p.global_inner_unit = (gt_mw_xy){0, 32};
    p.global_exec_count = 0x3ff;
    p.block_res = (gt_mw_xy){32, 32};
    p.local_outer_stride = (gt_mw_xy){1, 0};
    p.local_inner_unit = (gt_mw_xy){-2, 2};
    p.mid_unit = (gt_mw_xy){0, 1};
    p.mid_extra_steps = 1;
    p.local_exec_count = 0x3ff;
    p.dual = 1;
    p.color_count = 1;
    rec *r = walk(&p);
    check_cover(r, 120, 68, 0);
    /* the first block's first thread is its (0,0), the second block starts
     * at (0,32) (global inner loop steps down the column) */
    assert_int_equal(r->x[0], 0);
    assert_int_equal(r->y[0], 0);
    assert_int_equal(r->x[32 * 32], 0);
    assert_int_equal(r->y[32 * 32], 32);
    free(r);
}

static void test_bad_params(void **s)
{
    (void)s;
    char why[200];
    gt_mw_params p = one_block(4, 4);
    p.global_inner_unit = (gt_mw_xy){0, 0};
    assert_int_equal(gt_mw_check(&p, why, sizeof(why)), -1);
    assert_non_null(strstr(why, "Global Inner Loop Unit"));
    assert_int_equal(gt_mw_walk(&p, record, NULL), -1);
    p = one_block(4, 4);
    p.dual = p.repel = 1;
    assert_int_equal(gt_mw_check(&p, why, sizeof(why)), -1);
    p = one_block(0, 4);
    assert_int_equal(gt_mw_check(&p, why, sizeof(why)), -1);
}

/* A hand-encoded Gen7 MEDIA_OBJECT_WALKER (seed 000 §1.8.8 bit positions)
 * for the 26-degree walk of 4x3 with 8 bytes of inline data: the unpacked
 * parameters, then the walk. */
static void test_unpack_walker(void **s)
{
    (void)s;
    uint32_t dw[19] = {
        0x71030000u | (19 - 2),
        3,                              /* IDO 3 */
        1u << 21,                       /* Use Scoreboard */
        0, 0,
        0x7,                            /* DW5 Scoreboard Mask */
        (1u << 31) | (2u << 24) | (1u << 16) | (3u << 12) | (1u << 8), /* dual, 3 colors, 1 extra, mid (1,-1) */
        (1u << 16) | 7u,                /* global exec 1, local exec 7 */
        (3u << 16) | 4u,                /* block 4x3 */
        0, 0,
        (0u << 16) | 1u,                /* local outer (1, 0) */
        (1u << 16) | 0x3feu,            /* local inner (-2, 1) */
        (3u << 16) | 4u,                /* global res 4x3 */
        (0x3ffu << 16) | 0x3ffu,        /* global start (-1, -1) */
        4u,                             /* global outer (4, 0) */
        3u << 16,                       /* global inner (0, 3) */
        0x11111111, 0x22222222,
    };
    gt_media_obj o;
    gt_mw_params p;
    char why[128];
    assert_int_equal(gt_g7_media_object_walker_unpack(dw, 19, &o, &p, why, sizeof(why)), 0);
    assert_int_equal(o.idd_offset, 3);
    assert_int_equal(o.use_sb, 1);
    assert_int_equal(o.sb_mask, 7);
    assert_int_equal(o.inline_len, 8);
    assert_int_equal(p.dual, 1);
    assert_int_equal(p.color_count, 3);
    assert_int_equal(p.mid_extra_steps, 1);
    assert_int_equal(p.mid_unit.x, 1);
    assert_int_equal(p.mid_unit.y, -1);
    assert_int_equal(p.local_exec_count, 7);
    assert_int_equal(p.global_exec_count, 1);
    assert_int_equal(p.local_inner_unit.x, -2);
    assert_int_equal(p.local_inner_unit.y, 1);
    assert_int_equal(p.global_start.x, -1);
    assert_int_equal(p.global_start.y, -1);
    assert_int_equal(p.global_res.x, 4);
    assert_int_equal(p.global_inner_unit.y, 3);
    /* no indirect data on the walker */
    dw[2] |= 32;
    assert_int_equal(gt_g7_media_object_walker_unpack(dw, 19, &o, &p, why, sizeof(why)), GTSIM_ERR_INVALID);
    /* MEDIA_OBJECT: scoreboard X/Y, color, mask, inline data from DWord 6 */
    uint32_t mo[8] = {0x71000000u | 6, 2, (1u << 31) | (1u << 24) | 64, 0x100, (9u << 16) | 17u,
                      (5u << 16) | 0x81u, 0xaaaa, 0xbbbb};
    assert_int_equal(gt_g7_media_object_unpack(mo, 8, &o, why, sizeof(why)), 0);
    assert_int_equal(o.children, 1);
    assert_int_equal(o.sync, 1);
    assert_int_equal(o.indirect_len, 64);
    assert_int_equal(o.indirect_start, 0x100);
    assert_int_equal(o.sb_x, 17);
    assert_int_equal(o.sb_y, 9);
    assert_int_equal(o.sb_color, 5);
    assert_int_equal(o.sb_mask, 0x81);
    assert_int_equal(o.inline_len, 8);
    /* MEDIA_VFE_STATE scoreboard deltas: left (-1,0), top (0,-1), top-right (1,-1) */
    uint32_t vfe[8] = {0x70000006u, 0, 0, 0, 0, (1u << 31) | 7u, 0x00 | (0xfu << 0) | (0xfu << 12) | (0x1u << 16) | (0xfu << 20), 0};
    gt_media_sb sb;
    assert_int_equal(gt_media_sb_unpack(&gt_cmds_gen7, vfe, 8, &sb), GTSIM_OK);
    assert_int_equal(sb.enable, 1);
    assert_int_equal(sb.mask, 7);
    assert_int_equal(sb.dx[0], -1);
    assert_int_equal(sb.dy[0], 0);
    assert_int_equal(sb.dx[1], 0);
    assert_int_equal(sb.dy[1], -1);
    assert_int_equal(sb.dx[2], 1);
    assert_int_equal(sb.dy[2], -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_raster),         cmocka_unit_test(test_vertical),
        cmocka_unit_test(test_wavefront45),    cmocka_unit_test(test_wavefront26),
        cmocka_unit_test(test_mbaff),          cmocka_unit_test(test_dual),
        cmocka_unit_test(test_repel),          cmocka_unit_test(test_colors),
        cmocka_unit_test(test_global_slack),   cmocka_unit_test(test_global_reverse),
        cmocka_unit_test(test_vc1_sequence),   cmocka_unit_test(test_avc_order),
        cmocka_unit_test(test_seed_table),     cmocka_unit_test(test_bad_params),
        cmocka_unit_test(test_unpack_walker),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
