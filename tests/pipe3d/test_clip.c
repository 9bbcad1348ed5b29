/*
 * The clipper (src/pipe3d/clip.c): output vertices computed by hand from the
 * plane equations (near plane z = -w (OpenGL) or z = 0 (D3D), user clip
 * distances, guard band x = 2w), attribute interpolation, trivial
 * accept/reject, clip modes, cull distances, lines and points, wireframe
 * edge flags, and the fan the rasterizer makes of a clipped triangle.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "gt.h"
#include "p3d_common.h"

static fbuf F;
static gt_raster_ctx C;
static gt_geom_state S;
static gt_vue_layout L;

static void setup_default(void)
{
    default_state(&S, &L);
    ctx_init(&C, &S, &L, &F);
    assert_int_equal(gt_raster_begin(&C), GTSIM_OK);
}

static void vclip(vtx *v, float x, float y, float z, float w, float attr, float dist)
{
    memset(v, 0, sizeof(*v));
    v->s[1][0] = x, v->s[1][1] = y, v->s[1][2] = z, v->s[1][3] = w;
    v->s[2][0] = attr;
    v->s[3][0] = dist;
}

static void check_pos(gt_vue v, float x, float y, float z, float w, float attr)
{
    assert_float_equal(v[1][0], x, 1e-6);
    assert_float_equal(v[1][1], y, 1e-6);
    assert_float_equal(v[1][2], z, 1e-6);
    assert_float_equal(v[1][3], w, 1e-6);
    assert_float_equal(v[2][0], attr, 1e-5);
}

static int clip3(vtx *a, vtx *b, vtx *d, unsigned n, gt_vue out[], unsigned *edges)
{
    gt_vue in[3] = {(gt_vue)a->s, b ? (gt_vue)b->s : NULL, d ? (gt_vue)d->s : NULL};
    C.clip_used = 0;
    return gt_clip_polygon(&C, in, n, n == 3 ? 7 : 1, out, edges);
}

/* v0 behind the near plane: OGL d = z + w: -2, 2, 2 -> both edges cut at t = 1/2. */
static void test_near_ogl(void **state)
{
    (void)state;
    setup_default();
    vtx a, b, d;
    vclip(&a, 0, 0, -3, 1, 10, 0);
    vclip(&b, 1, 0, 1, 1, 20, 0);
    vclip(&d, 0, 1, 1, 1, 30, 0);
    gt_vue out[GT_CLIP_MAX_POLY];
    unsigned e;
    assert_int_equal(clip3(&a, &b, &d, 3, out, &e), 4);
    check_pos(out[0], 0.5f, 0, -1, 1, 15);
    assert_ptr_equal(out[1], (gt_vue)b.s);
    assert_ptr_equal(out[2], (gt_vue)d.s);
    check_pos(out[3], 0, 0.5f, -1, 1, 20);
    /* the edge out[3] -> out[0] lies on the near plane: not a wireframe edge */
    assert_int_equal(e, 0x7);
    /* D3D: d = z: -3, 1, 1 -> t = 1/4 from the inside vertex */
    S.clip.api_mode = GT_APIMODE_D3D;
    assert_int_equal(clip3(&a, &b, &d, 3, out, &e), 4);
    check_pos(out[0], 0.75f, 0, 0, 1, 17.5f);
    check_pos(out[3], 0, 0.75f, 0, 1, 25);
    /* near test disabled: untouched */
    S.raster.viewport_z_near_clip_test_enable = false;
    assert_int_equal(clip3(&a, &b, &d, 3, out, &e), 3);
    assert_ptr_equal(out[0], (gt_vue)a.s);
}

/* User clip distance 0: -1, 1, 3: v0-v1 at t = 1/2 from v1, v2-v0 at 3/4 from v2. */
static void test_user_distance(void **state)
{
    (void)state;
    setup_default();
    S.clip.user_clip_distance_clip_test_enable_bitmask = 1;
    vtx a, b, d;
    vclip(&a, 0, 0, 0, 1, 0, -1);
    vclip(&b, 0.8f, 0, 0, 1, 8, 1);
    vclip(&d, 0, 0.8f, 0, 1, 16, 3);
    gt_vue out[GT_CLIP_MAX_POLY];
    unsigned e;
    assert_int_equal(clip3(&a, &b, &d, 3, out, &e), 4);
    check_pos(out[0], 0.4f, 0, 0, 1, 4);
    check_pos(out[3], 0, 0.2f, 0, 1, 4);
    assert_float_equal(out[0][3][0], 0, 1e-6); /* the distance itself interpolates to 0 */
    /* an edge along a user plane is drawn in wireframe */
    assert_int_equal(e, 0xF);
    /* all three negative with the cull test: discarded; with the clip test only: rejected too */
    vclip(&b, 0.8f, 0, 0, 1, 8, -2);
    vclip(&d, 0, 0.8f, 0, 1, 16, -0.5f);
    assert_int_equal(clip3(&a, &b, &d, 3, out, &e), 0);
    S.clip.user_clip_distance_clip_test_enable_bitmask = 0;
    assert_int_equal(clip3(&a, &b, &d, 3, out, &e), 3);
    S.clip.user_clip_distance_cull_test_enable_bitmask = 1;
    assert_int_equal(clip3(&a, &b, &d, 3, out, &e), 0);
    /* cull test: one vertex inside keeps it (no clipping by the cull plane) */
    vclip(&d, 0, 0.8f, 0, 1, 16, 0.5f);
    assert_int_equal(clip3(&a, &b, &d, 3, out, &e), 3);
}

/* Guard band +-2: a vertex at x = 1.5 (outside the viewport, inside the band) is
 * not clipped; one at x = 3 is clipped at x = 2w. */
static void test_guardband(void **state)
{
    (void)state;
    setup_default();
    S.clip.guardband_clip_test_enable = true;
    S.viewport.x_min_clip_guardband = S.viewport.y_min_clip_guardband = -2;
    S.viewport.x_max_clip_guardband = S.viewport.y_max_clip_guardband = 2;
    vtx a, b, d;
    vclip(&a, 0, 0, 0, 1, 0, 0);
    vclip(&b, 1.5f, 0, 0, 1, 0, 0);
    vclip(&d, 0, 0.5f, 0, 1, 0, 0);
    gt_vue out[GT_CLIP_MAX_POLY];
    unsigned e;
    assert_int_equal(clip3(&a, &b, &d, 3, out, &e), 3);
    assert_ptr_equal(out[1], (gt_vue)b.s);
    /* b at x = 3, w = 1: edge a-b: d = 2w - x: 2, -1 -> t = 2/3: (2, 0); edge b-d: d 2 for
     * d -> t from d = 2/3: (0 + 2/3*3, 0.5 - 2/3*0.5) = (2, 1/6) */
    vclip(&b, 3, 0, 0, 1, 30, 0);
    assert_int_equal(clip3(&a, &b, &d, 3, out, &e), 4);
    check_pos(out[1], 2, 0, 0, 1, 20);
    check_pos(out[2], 2, 1.0f / 6, 0, 1, 20);
    /* wholly outside the viewport (x < -w), inside the band: rejected */
    vclip(&a, -1.5f, 0, 0, 1, 0, 0);
    vclip(&b, -1.2f, 0, 0, 1, 0, 0);
    vclip(&d, -1.9f, 0.5f, 0, 1, 0, 0);
    assert_int_equal(clip3(&a, &b, &d, 3, out, &e), 0);
    /* without the guard band: clipped at the viewport x = w: a-b edge 0..1.5 cut at x=1 */
    S.clip.guardband_clip_test_enable = false;
    vclip(&a, 0, 0, 0, 1, 0, 0);
    vclip(&b, 1.5f, 0, 0, 1, 0, 0);
    vclip(&d, 0, 0.5f, 0, 1, 0, 0);
    assert_int_equal(clip3(&a, &b, &d, 3, out, &e), 4);
    check_pos(out[1], 1, 0, 0, 1, 0);
    check_pos(out[2], 1, 0.5f / 3, 0, 1, 0);
}

static void test_modes_lines_points(void **state)
{
    (void)state;
    setup_default();
    vtx a, b, d;
    vclip(&a, -5, 0, 0, 1, 0, 0);
    vclip(&b, 5, 0, 0, 1, 0, 0);
    vclip(&d, 0, 5, 0, 1, 0, 0);
    gt_vue out[GT_CLIP_MAX_POLY];
    unsigned e;
    S.clip.clip_mode = GT_CLIPMODE_REJECT_ALL;
    assert_int_equal(clip3(&a, &b, &d, 3, out, &e), 0);
    S.clip.clip_mode = GT_CLIPMODE_ACCEPT_ALL;
    assert_int_equal(clip3(&a, &b, &d, 3, out, &e), 3);
    S.clip.clip_mode = GT_CLIPMODE_NORMAL;
    S.clip.clip_enable = false;
    assert_int_equal(clip3(&a, &b, &d, 3, out, &e), 3);
    S.clip.clip_enable = true;
    /* line -5..5 along x: clipped to -1..1 (t from the inside end) */
    vclip(&a, -5, 0, 0, 1, 0, 0);
    vclip(&b, 3, 0, 0, 1, 80, 0);
    assert_int_equal(clip3(&a, &b, NULL, 2, out, &e), 2);
    check_pos(out[0], -1, 0, 0, 1, 40);
    check_pos(out[1], 1, 0, 0, 1, 60);
    /* a line wholly outside */
    vclip(&a, 2, 0, 0, 1, 0, 0);
    assert_int_equal(clip3(&a, &b, NULL, 2, out, &e), 0);
    /* points: kept or dropped by position */
    vclip(&a, 0.99f, -0.99f, 0.99f, 1, 0, 0);
    assert_int_equal(clip3(&a, NULL, NULL, 1, out, &e), 1);
    assert_ptr_equal(out[0], (gt_vue)a.s);
    vclip(&a, 1.01f, 0, 0, 1, 0, 0);
    assert_int_equal(clip3(&a, NULL, NULL, 1, out, &e), 0);
    vclip(&a, 0, 0, 1.01f, 1, 0, 0);
    assert_int_equal(clip3(&a, NULL, NULL, 1, out, &e), 0);
}

/* w < 0 with every clip test off: the w > 0 plane still clips. */
static void test_negative_w(void **state)
{
    (void)state;
    setup_default();
    S.clip.viewport_xy_clip_test_enable = false;
    S.raster.viewport_z_near_clip_test_enable = S.raster.viewport_z_far_clip_test_enable = false;
    vtx a, b, d;
    vclip(&a, 0, 0, 0, -1, 0, 0);
    vclip(&b, 0, 0, 0, 1, 0, 0);
    vclip(&d, 1, 1, 0, 1, 0, 0);
    gt_vue out[GT_CLIP_MAX_POLY];
    unsigned e;
    int n = clip3(&a, &b, &d, 3, out, &e);
    assert_int_equal(n, 4);
    for (int i = 0; i < n; i++)
        assert_true(out[i][1][3] > 0);
    vclip(&b, 0, 0, 0, -1, 0, 0);
    vclip(&d, 0, 0, 0, 0, 0, 0);
    assert_int_equal(clip3(&a, &b, &d, 3, out, &e), 0);
}

/* Two triangles sharing an edge that crosses the near plane get bit-identical
 * new vertices (interpolation always from the inside vertex). */
static void test_shared_edge_vertices(void **state)
{
    (void)state;
    setup_default();
    vtx a, b, d, f;
    vclip(&a, 0.1f, 0.2f, -2.7f, 1.3f, 3, 0);
    vclip(&b, 0.3f, -0.4f, 0.7f, 1.1f, 7, 0);
    vclip(&d, -0.5f, 0.3f, 0.2f, 0.9f, 1, 0);
    vclip(&f, 0.6f, 0.5f, 0.1f, 1.2f, 5, 0);
    gt_vue o1[GT_CLIP_MAX_POLY], o2[GT_CLIP_MAX_POLY];
    unsigned e;
    C.clip_used = 0;
    gt_vue t1[3] = {(gt_vue)a.s, (gt_vue)b.s, (gt_vue)d.s}, t2[3] = {(gt_vue)b.s, (gt_vue)a.s, (gt_vue)f.s};
    int n1 = gt_clip_polygon(&C, t1, 3, 7, o1, &e);
    int n2 = gt_clip_polygon(&C, t2, 3, 7, o2, &e);
    assert_int_equal(n1, 4);
    assert_int_equal(n2, 4);
    /* the a-b cut: o1[0] (edge a->b) and o2's vertex on edge b->a */
    int found = 0;
    for (int i = 0; i < n2; i++)
        found |= memcmp(o1[0], o2[i], sizeof(float[4][4])) == 0;
    assert_true(found);
}

static int g_prov_ok;
static gt_vue g_prov;
static int prov_cb(void *user, const gt_raster_prim *p)
{
    (void)user;
    g_prov_ok += p->provoking == g_prov;
    return 0;
}

/* Through gt_raster_draw: a near-clipped triangle is a fan of two triangles,
 * both with the original provoking vertex. */
static void test_fan_provoking(void **state)
{
    (void)state;
    setup_default();
    vtx a, b, d;
    vclip(&a, 0, 0, -3, 1, 10, 0);
    vclip(&b, 1, 0, 1, 1, 20, 0);
    vclip(&d, 0, 1, 1, 1, 30, 0);
    C.prim_fn = prov_cb;
    C.quad_fn = NULL;
    g_prov = (gt_vue)a.s;
    g_prov_ok = 0;
    gt_vue v[3] = {(gt_vue)a.s, (gt_vue)b.s, (gt_vue)d.s};
    assert_int_equal(gt_raster_draw(&C, GT_PRIM_TRIANGLE, v, 0, 7), GTSIM_OK);
    assert_int_equal(g_prov_ok, 2);
    assert_int_equal(C.stats.setup_prims, 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_near_ogl),       cmocka_unit_test(test_user_distance),
        cmocka_unit_test(test_guardband),      cmocka_unit_test(test_modes_lines_points),
        cmocka_unit_test(test_negative_w),     cmocka_unit_test(test_shared_edge_vertices),
        cmocka_unit_test(test_fan_provoking),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
