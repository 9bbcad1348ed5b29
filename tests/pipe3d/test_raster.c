/*
 * Setup and rasterization (src/pipe3d/raster.c) against expectations computed
 * here by other means: a brute-force per-pixel reference with exact 64-bit
 * orientation tests and a geometric statement of the top-left rule (top edge:
 * horizontal with the third vertex below; left edge: the third vertex on its
 * +x side); hand-drawn coverage images; MSAA masks from the standard sample
 * positions worked out by hand; barycentrics from a homogeneous 3x3 solve
 * (Olano and Greer's 2D homogeneous rasterization) and depth from a plane fit.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
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

/* Compare the lit pixels with an ASCII picture ('#' lit, '.' not), rows from y = 0. */
static void check_image(const char *const *rows, int nrows)
{
    for (int y = 0; y < FB; y++)
        for (int x = 0; x < FB; x++) {
            int want = y < nrows && x < (int)strlen(rows[y]) && rows[y][x] == '#';
            if (F.count[y][x] != want)
                fail_msg("pixel (%d,%d): lit %d times, want %d", x, y, F.count[y][x], want);
        }
}

/* --- reference coverage ------------------------------------------------ */

static int64_t orient(int64_t ax, int64_t ay, int64_t bx, int64_t by, int64_t cx, int64_t cy)
{
    return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

/* Is sample (px,py) (1/256 units) inside triangle X,Y under the top-left rule? */
static int ref_inside(const int64_t X[3], const int64_t Y[3], int64_t px, int64_t py)
{
    int64_t tri = orient(X[0], Y[0], X[1], Y[1], X[2], Y[2]);
    if (tri == 0)
        return 0;
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        int64_t o = orient(X[i], Y[i], X[j], Y[j], px, py);
        if (o != 0 && (o > 0) != (tri > 0))
            return 0;
        if (o == 0) {
            /* on the edge i-j: included for a top edge or a left edge */
            int top = Y[i] == Y[j] && Y[k] > Y[i];
            int left = Y[i] != Y[j] && ((orient(X[i], Y[i], X[j], Y[j], X[i] + 1, Y[i]) > 0) ==
                                        (orient(X[i], Y[i], X[j], Y[j], X[k], Y[k]) > 0));
            if (!top && !left)
                return 0;
        }
    }
    return 1;
}

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static double frand(double lo, double hi)
{
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return lo + (hi - lo) * (double)(rng >> 11) / 9007199254740992.0;
}

/* Snapped position, the reference's own way: window = (ndc + 1) * 32. */
static void ref_snap(const vtx *v, int64_t *X, int64_t *Y)
{
    double x = ((double)v->s[1][0] / v->s[1][3]) * 32.0 + 32.0, y = ((double)v->s[1][1] / v->s[1][3]) * 32.0 + 32.0;
    *X = (int64_t)llrint(x * 256), *Y = (int64_t)llrint(y * 256);
}

static void test_random_triangles(void **state)
{
    (void)state;
    setup_default();
    /* a guard band wider than the vertices: no clipping, the reference needs none */
    S.clip.guardband_clip_test_enable = true;
    S.viewport.x_min_clip_guardband = S.viewport.y_min_clip_guardband = -4;
    S.viewport.x_max_clip_guardband = S.viewport.y_max_clip_guardband = 4;
    static int ref[FB][FB];
    for (int t = 0; t < 400; t++) {
        vtx v[3];
        int64_t X[3], Y[3];
        for (int i = 0; i < 3; i++) {
            /* quarter of them on the pixel grid / half-pixel grid: many exact ties */
            double x = frand(-4, 68), y = frand(-4, 68);
            if (t % 4 == 1)
                x = floor(x) + 0.5, y = floor(y) + 0.5;
            if (t % 4 == 2)
                x = floor(x), y = floor(y);
            vwin(&v[i], x, y, 0, 0);
            ref_snap(&v[i], &X[i], &Y[i]);
        }
        memset(&F, 0, sizeof(F));
        assert_int_equal(draw(&C, GT_PRIM_TRIANGLE, &v[0], &v[1], &v[2]), GTSIM_OK);
        for (int y = 0; y < FB; y++)
            for (int x = 0; x < FB; x++) {
                ref[y][x] = ref_inside(X, Y, x * 256 + 128, y * 256 + 128);
                if (F.count[y][x] != ref[y][x])
                    print_error("(%lld,%lld) (%lld,%lld) (%lld,%lld)", (long long)X[0], (long long)Y[0], (long long)X[1],
                             (long long)Y[1], (long long)X[2], (long long)Y[2]);
                if (F.count[y][x] != ref[y][x])
                    fail_msg("triangle %d pixel (%d,%d): %d, reference %d", t, x, y, F.count[y][x], ref[y][x]);
            }
    }
}

/* Fans closing around a centre: no pixel lit twice, none missed inside. */
static void test_shared_edges(void **state)
{
    (void)state;
    setup_default();
    for (int t = 0; t < 60; t++) {
        memset(&F, 0, sizeof(F));
        double cx = frand(20, 44), cy = frand(20, 44);
        if (t & 1)
            cx = floor(cx) + 0.5, cy = floor(cy) + 0.5;
        int n = 3 + t % 9;
        vtx ctr, ring[12];
        vwin(&ctr, cx, cy, 0, 0);
        double a0 = frand(0, 6.283);
        for (int i = 0; i < n; i++) {
            double a = a0 + 6.2831853 * i / n, r = frand(8, 20);
            double x = cx + r * cos(a), y = cy + r * sin(a);
            if (t % 3 == 0)
                x = floor(x * 2) / 2, y = floor(y * 2) / 2;
            vwin(&ring[i], x, y, 0, 0);
        }
        for (int i = 0; i < n; i++)
            assert_int_equal(draw(&C, GT_PRIM_TRIANGLE, &ctr, &ring[i], &ring[(i + 1) % n]), GTSIM_OK);
        /* reference: a pixel centre inside any fan triangle (edges included) and not on the rim */
        int64_t X0, Y0, RX[12], RY[12];
        ref_snap(&ctr, &X0, &Y0);
        for (int i = 0; i < n; i++)
            ref_snap(&ring[i], &RX[i], &RY[i]);
        for (int y = 0; y < FB; y++)
            for (int x = 0; x < FB; x++) {
                int64_t px = x * 256 + 128, py = y * 256 + 128;
                int in = 0, rim = 0;
                for (int i = 0; i < n; i++) {
                    int j = (i + 1) % n;
                    int64_t o0 = orient(X0, Y0, RX[i], RY[i], px, py), o1 = orient(RX[i], RY[i], RX[j], RY[j], px, py),
                            o2 = orient(RX[j], RY[j], X0, Y0, px, py);
                    if ((o0 >= 0 && o1 >= 0 && o2 >= 0) || (o0 <= 0 && o1 <= 0 && o2 <= 0))
                        in = 1;
                    if (o1 == 0)
                        rim = 1;
                }
                if (F.count[y][x] > 1)
                    fail_msg("fan %d: pixel (%d,%d) lit %d times", t, x, y, F.count[y][x]);
                if (in && !rim && F.count[y][x] != 1)
                    fail_msg("fan %d: pixel (%d,%d) inside but not lit", t, x, y);
                if (!in && F.count[y][x])
                    fail_msg("fan %d: pixel (%d,%d) outside but lit", t, x, y);
            }
    }
}

/* Vertices on pixel centres: the top and left edges through centres are in,
 * the hypotenuse (x + y = 7 in centre coordinates, px + py = 6) is out. */
static void test_hand_triangle(void **state)
{
    (void)state;
    static const char *const img[] = {
        "######..",
        "#####...",
        "####....",
        "###.....",
        "##......",
        "#.......",
        "........",
    };
    for (int wind = 0; wind < 2; wind++) {
        setup_default();
        vtx a, b, d;
        vwin(&a, 0.5, 0.5, 0, 0);
        vwin(&b, 6.5, 0.5, 0, 0);
        vwin(&d, 0.5, 6.5, 0, 0);
        assert_int_equal(wind ? draw(&C, GT_PRIM_TRIANGLE, &a, &d, &b) : draw(&C, GT_PRIM_TRIANGLE, &a, &b, &d),
                         GTSIM_OK);
        check_image(img, 7);
        assert_int_equal(F.nprims, 1);
        /* quads come with even top-left corners */
        assert_int_equal(F.last[0][0].x, 0);
        assert_int_equal(F.last[1][5].x % 2, 0);
    }
}

/* 4x and 8x: a vertical left edge through a pixel; masks from the standard
 * positions: 4x x offsets .375 .875 .125 .625; 8x .5625 .4375 .8125 .3125
 * .1875 .0625 .6875 .9375. */
static void test_msaa(void **state)
{
    (void)state;
    struct {
        unsigned log2n;
        double edge;
        unsigned mask;
    } cases[] = {
        {2, 10.5, 0xA},    /* samples 1 and 3 (x >= .5) */
        {2, 10.375, 0xB},  /* sample 0 exactly on a left edge: in */
        {3, 10.5, 0xC5},   /* samples 0, 2, 6, 7 */
        {3, 10.0625, 0xDF},/* all but sample 5 (.0625 on the edge: in) -> all 8? */
    };
    cases[3].mask = 0xFF; /* .0625 on the left edge is inside, so every sample */
    for (unsigned k = 0; k < 4; k++) {
        setup_default();
        S.multisample.number_of_multisamples = cases[k].log2n;
        S.raster.dx_multisample_rasterization_enable = true;
        assert_int_equal(gt_raster_begin(&C), GTSIM_OK);
        vtx a, b, d;
        double e = cases[k].edge;
        vwin(&a, e, 2, 0, 0);
        vwin(&b, 30, 2, 0, 0);
        vwin(&d, e, 30, 0, 0);
        assert_int_equal(draw(&C, GT_PRIM_TRIANGLE, &a, &b, &d), GTSIM_OK);
        assert_int_equal(F.cov[5][10], cases[k].mask);
        assert_int_equal(F.cov[5][11], (1u << (1u << cases[k].log2n)) - 1);
        assert_int_equal(F.count[5][9], 0);
        if (k == 0) {
            /* centroid of pixel (10,5) is sample 1 (10.875, 5.375); linear b1, b2 of
             * the triangle (10.5,2) (30,2) (10.5,30): b1 = (x-10.5)/19.5, b2 = (y-2)/28 */
            const gt_raster_quad *q = &F.last[5][10];
            unsigned i = (5 - q->y) * 2 + (10 - q->x);
            assert_float_equal(q->bary[GT_BIM_LINEAR_CENTROID][i][0], 0.375 / 19.5, 1e-6);
            assert_float_equal(q->bary[GT_BIM_LINEAR_CENTROID][i][1], 3.375 / 28, 1e-6);
            assert_float_equal(q->bary[GT_BIM_LINEAR_PIXEL][i][0], 0.0, 1e-6);
            /* fully covered pixel: centroid = centre */
            const gt_raster_quad *r = &F.last[5][12];
            unsigned j = (5 - r->y) * 2 + (12 - r->x);
            assert_float_equal(r->bary[GT_BIM_LINEAR_CENTROID][j][0], 2.0 / 19.5, 1e-6);
            /* per-sample bary of sample 2 (.125,.625) of pixel (12,5) */
            assert_float_equal(r->sample_bary[1][j][2][0], (12.125 - 10.5) / 19.5, 1e-6);
            assert_float_equal(r->sample_bary[1][j][2][1], (5.625 - 2) / 28, 1e-6);
        }
    }
    /* multisample buffer, multisample rasterization off: centre test, all samples */
    setup_default();
    S.multisample.number_of_multisamples = 2;
    assert_int_equal(gt_raster_begin(&C), GTSIM_OK);
    vtx a, b, d;
    vwin(&a, 10.5, 2, 0, 0);
    vwin(&b, 30, 2, 0, 0);
    vwin(&d, 10.5, 30, 0, 0);
    assert_int_equal(draw(&C, GT_PRIM_TRIANGLE, &a, &b, &d), GTSIM_OK);
    assert_int_equal(F.cov[5][10], 0xF);
}

/* Solve 3x3 M x = r by Cramer's rule. */
static void solve3(const double M[3][3], const double r[3], double x[3])
{
    double det = M[0][0] * (M[1][1] * M[2][2] - M[1][2] * M[2][1]) - M[0][1] * (M[1][0] * M[2][2] - M[1][2] * M[2][0]) +
                 M[0][2] * (M[1][0] * M[2][1] - M[1][1] * M[2][0]);
    for (int c = 0; c < 3; c++) {
        double T[3][3];
        memcpy(T, M, sizeof(T));
        for (int i = 0; i < 3; i++)
            T[i][c] = r[i];
        x[c] = (T[0][0] * (T[1][1] * T[2][2] - T[1][2] * T[2][1]) - T[0][1] * (T[1][0] * T[2][2] - T[1][2] * T[2][0]) +
                T[0][2] * (T[1][0] * T[2][1] - T[1][1] * T[2][0])) / det;
    }
}

/* Perspective-correct barycentrics: for a screen point (in NDC) the clip-space
 * weights are proportional to M^-T (sx, sy, 1) with M rows (x_i, y_i, w_i). */
static void test_bary_depth(void **state)
{
    (void)state;
    setup_default();
    S.raster.global_depth_offset_enable_solid = true;
    S.raster.global_depth_offset_constant = 256;
    /* vertices chosen to land on 1/256 pixel positions: clip (x,y,z,w) */
    float P[3][4] = {{-0.5f * 2, -0.75f * 2, 0.2f, 2}, {0.75f * 4, -0.5f * 4, 0.6f * 4, 4}, {-0.25f, 0.75f, -0.5f, 1}};
    vtx v[3];
    for (int i = 0; i < 3; i++) {
        memset(&v[i], 0, sizeof(v[i]));
        memcpy(v[i].s[1], P[i], sizeof(P[i]));
    }
    assert_int_equal(draw(&C, GT_PRIM_TRIANGLE, &v[0], &v[1], &v[2]), GTSIM_OK);
    /* window positions and depth */
    double wx[3], wy[3], wz[3];
    for (int i = 0; i < 3; i++) {
        wx[i] = P[i][0] / P[i][3] * 32 + 32, wy[i] = P[i][1] / P[i][3] * 32 + 32;
        wz[i] = P[i][2] / P[i][3] * 0.5 + 0.5;
    }
    /* depth plane z = A x + B y + C0 */
    double M[3][3], r[3], pl[3];
    for (int i = 0; i < 3; i++)
        M[i][0] = wx[i], M[i][1] = wy[i], M[i][2] = 1, r[i] = wz[i];
    solve3(M, r, pl);
    double offset = 256.0 / 16777216.0; /* Constant * 2^-24, no slope scale */
    int checked = 0;
    for (int y = 0; y < FB; y++)
        for (int x = 0; x < FB; x++) {
            if (!F.count[y][x])
                continue;
            const gt_raster_quad *q = &F.last[y][x];
            unsigned i = (unsigned)((y - q->y) * 2 + (x - q->x));
            double sx = (x + 0.5 - 32) / 32, sy = (y + 0.5 - 32) / 32;
            /* Homogeneous: find (u0,u1,u2) with sum u_i (x_i,y_i,w_i) = k (sx,sy,1) */
            double H[3][3], rhs[3] = {sx, sy, 1}, u[3];
            for (int a = 0; a < 3; a++)
                for (int b = 0; b < 3; b++)
                    H[a][b] = (a == 0 ? P[b][0] : a == 1 ? P[b][1] : P[b][3]);
            solve3(H, rhs, u);
            double sum = u[0] + u[1] + u[2];
            assert_float_equal(q->bary[GT_BIM_PERSPECTIVE_PIXEL][i][0], u[1] / sum, 2e-5);
            assert_float_equal(q->bary[GT_BIM_PERSPECTIVE_PIXEL][i][1], u[2] / sum, 2e-5);
            /* clip w at the pixel: sum of weights u_i w_i over sum u_i = 1/sum * 1 */
            double w = 1.0 / sum;
            assert_float_equal(q->w[i], w, 2e-4 * w);
            double z = pl[0] * (x + 0.5) + pl[1] * (y + 0.5) + pl[2] + offset;
            assert_float_equal(q->z[i], z, 2e-6);
            checked++;
        }
    assert_true(checked > 50);
}

/* Depth offset with slope: the plane z = 0.01 x (dz/dx = .01, dz/dy = 0). */
static void test_depth_offset_slope(void **state)
{
    (void)state;
    setup_default();
    S.raster.global_depth_offset_enable_solid = true;
    S.raster.global_depth_offset_scale = 2;
    S.raster.global_depth_offset_constant = 1;
    S.depth_unorm_bits = 16;
    vtx a, b, d;
    /* window z = ndc*0.5+0.5: ndc z = 2*(0.01 x) - 1 */
    vwin(&a, 0, 0, 2 * 0.0 - 1, 0);
    vwin(&b, 40, 0, 2 * 0.4 - 1, 0);
    vwin(&d, 0, 40, -1, 0);
    assert_int_equal(draw(&C, GT_PRIM_TRIANGLE, &a, &b, &d), GTSIM_OK);
    const gt_raster_quad *q = &F.last[3][5];
    unsigned i = (3 - q->y) * 2 + (5 - q->x);
    assert_float_equal(q->z[i], 0.01 * 5.5 + 2 * 0.01 + 1.0 / 65536, 1e-6);
    /* clamp */
    setup_default();
    S.raster.global_depth_offset_enable_solid = true;
    S.raster.global_depth_offset_scale = 2;
    S.raster.global_depth_offset_clamp = 0.005f;
    assert_int_equal(draw(&C, GT_PRIM_TRIANGLE, &a, &b, &d), GTSIM_OK);
    q = &F.last[3][5];
    assert_float_equal(q->z[i], 0.01 * 5.5 + 0.005, 1e-6);
}

static void test_culling(void **state)
{
    (void)state;
    vtx a, b, d;
    vwin(&a, 2, 2, 0, 0);
    vwin(&b, 20, 2, 0, 0);
    vwin(&d, 2, 20, 0, 0); /* a, b, d: clockwise on the screen (y down) */
    struct {
        unsigned cull, winding;
        int cw_drawn, ccw_drawn;
    } cases[] = {
        {GT_CULLMODE_NONE, GT_WINDING_CW, 1, 1},  {GT_CULLMODE_BOTH, GT_WINDING_CW, 0, 0},
        {GT_CULLMODE_BACK, GT_WINDING_CW, 1, 0},  {GT_CULLMODE_BACK, GT_WINDING_CCW, 0, 1},
        {GT_CULLMODE_FRONT, GT_WINDING_CW, 0, 1}, {GT_CULLMODE_FRONT, GT_WINDING_CCW, 1, 0},
    };
    for (unsigned k = 0; k < 6; k++) {
        setup_default();
        S.raster.cull_mode = cases[k].cull;
        S.raster.front_winding = cases[k].winding;
        assert_int_equal(draw(&C, GT_PRIM_TRIANGLE, &a, &b, &d), GTSIM_OK);
        assert_int_equal(F.nprims, cases[k].cw_drawn);
        if (F.nprims)
            assert_int_equal(F.prims[0].front_facing, cases[k].winding == GT_WINDING_CW);
        memset(&F, 0, sizeof(F));
        assert_int_equal(draw(&C, GT_PRIM_TRIANGLE, &a, &d, &b), GTSIM_OK);
        assert_int_equal(F.nprims, cases[k].ccw_drawn);
    }
    /* zero area (collinear after snapping) */
    setup_default();
    vtx e;
    vwin(&e, 11, 11, 0, 0);
    assert_int_equal(draw(&C, GT_PRIM_TRIANGLE, &a, &b, &b), GTSIM_OK);
    vwin(&d, 20, 20, 0, 0);
    assert_int_equal(draw(&C, GT_PRIM_TRIANGLE, &a, &e, &d), GTSIM_OK);
    assert_int_equal(F.nprims, 0);
    assert_int_equal(F.nquads, 0);
}

static void test_fill_modes(void **state)
{
    (void)state;
    vtx a, b, d;
    vwin(&a, 2.5, 2.5, 0, 0);
    vwin(&b, 10.5, 2.5, 0, 0);
    vwin(&d, 2.5, 10.5, 0, 0);
    setup_default();
    S.raster.front_face_fill_mode = S.raster.back_face_fill_mode = GT_FILL_MODE_WIREFRAME;
    assert_int_equal(draw(&C, GT_PRIM_TRIANGLE, &a, &b, &d), GTSIM_OK);
    assert_int_equal(F.nprims, 3);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(F.prims[i].kind, GT_PRIM_LINE);
        assert_int_equal(F.prims[i].source_kind, GT_PRIM_TRIANGLE);
    }
    /* the top edge row 2, x 2..9 (end excluded), the left edge column 2 */
    for (int x = 2; x < 10; x++)
        assert_int_equal(F.count[2][x] >= 1, 1);
    assert_int_equal(F.count[5][5], 0);
    for (int y = 3; y < 10; y++)
        assert_int_equal(F.count[y][2] >= 1, 1);
    /* edge flags: only edge 0 (a->b) */
    setup_default();
    S.raster.front_face_fill_mode = S.raster.back_face_fill_mode = GT_FILL_MODE_WIREFRAME;
    gt_vue v[3] = {(gt_vue)a.s, (gt_vue)b.s, (gt_vue)d.s};
    assert_int_equal(gt_raster_draw(&C, GT_PRIM_TRIANGLE, v, 0, 1), GTSIM_OK);
    assert_int_equal(F.nprims, 1);
    /* point mode: three 1-pixel points at the vertices */
    setup_default();
    S.raster.front_face_fill_mode = S.raster.back_face_fill_mode = GT_FILL_MODE_POINT;
    assert_int_equal(draw(&C, GT_PRIM_TRIANGLE, &a, &b, &d), GTSIM_OK);
    static const char *const img[] = {
        "...........", "...........", "..#.......#", "...........", "...........", "...........",
        "...........", "...........", "...........", "...........", "..#........",
    };
    check_image(img, 11);
    /* back faces in point mode, front solid: CW (a,b,d) is front */
    setup_default();
    S.raster.back_face_fill_mode = GT_FILL_MODE_POINT;
    assert_int_equal(draw(&C, GT_PRIM_TRIANGLE, &a, &b, &d), GTSIM_OK);
    assert_int_equal(F.prims[0].kind, GT_PRIM_TRIANGLE);
    memset(&F, 0, sizeof(F));
    assert_int_equal(draw(&C, GT_PRIM_TRIANGLE, &a, &d, &b), GTSIM_OK);
    assert_int_equal(F.nprims, 3);
    assert_int_equal(F.prims[0].kind, GT_PRIM_POINT);
}

static void test_lines(void **state)
{
    (void)state;
    vtx a, b;
    /* horizontal, centres on the line: start pixel in, last out */
    setup_default();
    vwin(&a, 1.5, 2.5, 0, 1);
    vwin(&b, 5.5, 2.5, 0, 2);
    assert_int_equal(draw(&C, GT_PRIM_LINE, &a, &b, NULL), GTSIM_OK);
    static const char *const h[] = {"......", "......", ".####."};
    check_image(h, 3);
    /* the line's barycentric b1 runs 0..1 along it, b2 = 0; vertex 2 = vertex 0 */
    const gt_raster_quad *q = &F.last[2][3];
    unsigned i = (2 - q->y) * 2 + (3 - q->x);
    assert_float_equal(q->bary[GT_BIM_LINEAR_PIXEL][i][0], 0.5, 1e-6);
    assert_float_equal(q->bary[GT_BIM_LINEAR_PIXEL][i][1], 0, 1e-6);
    assert_ptr_equal(F.prims[0].vue[2], F.prims[0].vue[0]);
    /* last pixel enable */
    setup_default();
    S.sf.last_pixel_enable = true;
    assert_int_equal(draw(&C, GT_PRIM_LINE, &a, &b, NULL), GTSIM_OK);
    static const char *const hl[] = {"......", "......", ".#####"};
    check_image(hl, 3);
    /* reversed: start at 5 */
    setup_default();
    assert_int_equal(draw(&C, GT_PRIM_LINE, &b, &a, NULL), GTSIM_OK);
    static const char *const hr[] = {"......", "......", "..####"};
    check_image(hr, 3);
    /* slope 1/3, x-major: one pixel per column, the row nearest the line */
    setup_default();
    vwin(&a, 0.5, 0.5, 0, 0);
    vwin(&b, 6.5, 2.5, 0, 0);
    assert_int_equal(draw(&C, GT_PRIM_LINE, &a, &b, NULL), GTSIM_OK);
    static const char *const d[] = {"##.....", "..###..", ".....#."};
    check_image(d, 3);
    /* width 3 y-major vertical line: 3 columns */
    setup_default();
    S.sf.line_width = 3;
    vwin(&a, 4.5, 1.5, 0, 0);
    vwin(&b, 4.5, 4.5, 0, 0);
    assert_int_equal(draw(&C, GT_PRIM_LINE, &a, &b, NULL), GTSIM_OK);
    static const char *const wv[] = {"........", "...###..", "...###..", "...###..", "........"};
    check_image(wv, 5);
}

static void test_line_stipple(void **state)
{
    (void)state;
    setup_default();
    S.wm.line_stipple_enable = true;
    S.line_stipple.line_stipple_pattern = 0x5555;
    S.line_stipple.line_stipple_repeat_count = 2;
    vtx a, b, d;
    vwin(&a, 0.5, 0.5, 0, 0);
    vwin(&b, 16.5, 0.5, 0, 0);
    assert_int_equal(draw(&C, GT_PRIM_LINE, &a, &b, NULL), GTSIM_OK);
    static const char *const s1[] = {"##..##..##..##.."};
    check_image(s1, 1);
    /* continuation: pattern 0x0F0F, repeat 1: first line pixels 0-7 use bits 0-7,
     * the next line (a strip) continues at bit 8 */
    setup_default();
    S.wm.line_stipple_enable = true;
    S.line_stipple.line_stipple_pattern = 0x0F0F;
    S.line_stipple.line_stipple_repeat_count = 1;
    assert_int_equal(gt_raster_begin(&C), GTSIM_OK);
    vwin(&a, 0.5, 0.5, 0, 0);
    vwin(&b, 6.5, 0.5, 0, 0);
    vwin(&d, 12.5, 0.5, 0, 0);
    assert_int_equal(draw(&C, GT_PRIM_LINE, &a, &b, NULL), GTSIM_OK);
    assert_int_equal(draw(&C, GT_PRIM_LINE, &b, &d, NULL), GTSIM_OK);
    /* bits: 0-3 on, 4-7 off, 8-11 on: pixels 0-3 on, 4-5 off | 6,7 off, 8-11 on */
    static const char *const s2[] = {"####....####."};
    check_image(s2, 1);
}

static void test_points(void **state)
{
    (void)state;
    vtx a;
    setup_default();
    S.sf.point_width = 3;
    vwin(&a, 5, 5, 0, 0);
    assert_int_equal(draw(&C, GT_PRIM_POINT, &a, NULL, NULL), GTSIM_OK);
    static const char *const ul[] = {".......", ".......", ".......", "...###.", "...###.", "...###.", "......."};
    check_image(ul, 7);
    const gt_raster_quad *q = &F.last[3][3];
    unsigned i = (3 - q->y) * 2 + (3 - q->x);
    assert_float_equal(q->point_coord[i][0], 0, 1e-6);
    assert_float_equal(q->point_coord[i][1], 0, 1e-6);
    q = &F.last[5][5];
    i = (5 - q->y) * 2 + (5 - q->x);
    assert_float_equal(q->point_coord[i][0], 2.0 / 3, 1e-6);
    assert_float_equal(q->point_coord[i][1], 2.0 / 3, 1e-6);
    assert_float_equal(q->bary[GT_BIM_LINEAR_PIXEL][i][0], 0, 0);
    /* upper-right rule */
    setup_default();
    S.sf.point_width = 3;
    S.wm.point_rasterization_rule = GT_RASTRULE_UPPER_RIGHT;
    assert_int_equal(draw(&C, GT_PRIM_POINT, &a, NULL, NULL), GTSIM_OK);
    static const char *const ur[] = {".......", ".......", ".......", "....###", "....###", "....###", "......."};
    check_image(ur, 7);
    /* width from the VUE header (DW3), clamped to Maximum Point Width 2 */
    setup_default();
    S.sf.point_width_source = 0;
    S.clip.maximum_point_width = 2;
    vwin(&a, 5.5, 5.5, 0, 0);
    a.s[0][3] = 7;
    assert_int_equal(draw(&C, GT_PRIM_POINT, &a, NULL, NULL), GTSIM_OK);
    static const char *const vw[] = {"......", "......", "......", "......", "....##", "....##"};
    check_image(vw, 6);
    /* a point outside the viewport is dropped even if its square would reach in */
    setup_default();
    S.sf.point_width = 9;
    vwin(&a, -1, 5, 0, 0);
    assert_int_equal(draw(&C, GT_PRIM_POINT, &a, NULL, NULL), GTSIM_OK);
    assert_int_equal(F.nquads, 0);
}

static void test_scissor_drawing_rect(void **state)
{
    (void)state;
    vtx a, b, d;
    vwin(&a, -100, -100, 0, 0);
    vwin(&b, 300, -100, 0, 0);
    vwin(&d, -100, 300, 0, 0);
    setup_default();
    S.clip.guardband_clip_test_enable = true;
    S.viewport.x_min_clip_guardband = S.viewport.y_min_clip_guardband = -100;
    S.viewport.x_max_clip_guardband = S.viewport.y_max_clip_guardband = 100;
    S.raster.scissor_rectangle_enable = true;
    S.scissor.x_min = 3, S.scissor.x_max = 6, S.scissor.y_min = 1, S.scissor.y_max = 2;
    assert_int_equal(draw(&C, GT_PRIM_TRIANGLE, &a, &b, &d), GTSIM_OK);
    static const char *const sc[] = {".......", "...####", "...####", "......."};
    check_image(sc, 4);
    assert_int_equal(F.nprims, 1); /* inside the guard band: not clipped */
    /* origin (2,1) shifts everything; drawing rectangle clips in screen space */
    setup_default();
    S.drawing_rectangle.origin_x = 2, S.drawing_rectangle.origin_y = 1;
    S.drawing_rectangle.clipped_x_max = 5, S.drawing_rectangle.clipped_y_max = 3;
    vwin(&a, 0, 0, 0, 0);
    vwin(&b, 10, 0, 0, 0);
    vwin(&d, 0, 10, 0, 0);
    assert_int_equal(draw(&C, GT_PRIM_TRIANGLE, &a, &b, &d), GTSIM_OK);
    static const char *const dr[] = {"......", "..####", "..####", "..####", "......"};
    check_image(dr, 5);
    assert_float_equal(F.prims[0].x[0], 2, 0);
    /* empty scissor (min > max) draws nothing */
    setup_default();
    S.raster.scissor_rectangle_enable = true;
    S.scissor.x_min = 1, S.scissor.x_max = 0;
    assert_int_equal(draw(&C, GT_PRIM_TRIANGLE, &a, &b, &d), GTSIM_OK);
    assert_int_equal(F.nquads, 0);
}

static void test_poly_stipple(void **state)
{
    (void)state;
    setup_default();
    S.wm.polygon_stipple_enable = true;
    for (int r = 0; r < 32; r++)
        S.poly_stipple.pattern_row[r] = r == 1 ? 0x80000001u : r == 2 ? 0x40000000u : 0;
    S.raster.scissor_rectangle_enable = true;
    S.scissor.x_max = 63, S.scissor.y_max = 2;
    vtx a, b, d;
    vwin(&a, 0, 0, 0, 0);
    vwin(&b, 40, 0, 0, 0);
    vwin(&d, 0, 40, 0, 0);
    assert_int_equal(draw(&C, GT_PRIM_TRIANGLE, &a, &b, &d), GTSIM_OK);
    /* row 1: columns 0 and 31; row 2: column 1; rows 33, 34 repeat */
    static const char *const p[] = {"..................................", "#..............................##",
                                    ".#...............................#"};
    check_image(p, 3);
    /* offsets: x 1, y 1: pixel (x,y) uses row y+1, column x+1 */
    setup_default();
    S.wm.polygon_stipple_enable = true;
    for (int r = 0; r < 32; r++)
        S.poly_stipple.pattern_row[r] = r == 1 ? 0x80000001u : r == 2 ? 0x40000000u : 0;
    S.raster.scissor_rectangle_enable = true;
    S.scissor.x_max = 63, S.scissor.y_max = 2;
    S.poly_stipple.x_offset = 1, S.poly_stipple.y_offset = 1;
    assert_int_equal(draw(&C, GT_PRIM_TRIANGLE, &a, &b, &d), GTSIM_OK);
    static const char *const po[] = {"..............................##", "#...............................#"};
    check_image(po, 2);
}

/* NaN, infinities, w = 0, huge coordinates, clipping off: nothing crashes or hangs. */
static void test_hostile(void **state)
{
    (void)state;
    float bad[] = {NAN, INFINITY, -INFINITY, 0, 1e30f, -1e30f, 1e-30f, 3e38f};
    for (int mode = 0; mode < 4; mode++) {
        setup_default();
        S.clip.clip_enable = mode != 1;
        S.clip.clip_mode = mode == 2 ? GT_CLIPMODE_ACCEPT_ALL : GT_CLIPMODE_NORMAL;
        S.clip.guardband_clip_test_enable = mode == 3;
        S.viewport.x_min_clip_guardband = S.viewport.y_min_clip_guardband = -1e30f;
        S.viewport.x_max_clip_guardband = S.viewport.y_max_clip_guardband = 1e30f;
        S.sf.line_width = 1e9f;
        S.sf.point_width = 1e9f;
        S.multisample.number_of_multisamples = 3;
        S.raster.dx_multisample_rasterization_enable = true;
        S.raster.front_face_fill_mode = mode == 3 ? GT_FILL_MODE_WIREFRAME : GT_FILL_MODE_SOLID;
        S.wm.line_stipple_enable = true;
        S.raster.global_depth_offset_enable_solid = true;
        S.raster.global_depth_offset_scale = 1e30f;
        S.depth_unorm_bits = 0;
        assert_int_equal(gt_raster_begin(&C), GTSIM_OK);
        for (int t = 0; t < 300; t++) {
            vtx v[3];
            for (int i = 0; i < 3; i++) {
                vwin(&v[i], frand(-10, 74), frand(-10, 74), frand(-1, 1), 0);
                for (int c = 0; c < 4; c++)
                    if (frand(0, 1) < 0.3)
                        v[i].s[1][c] = bad[(int)frand(0, 8)];
                v[i].s[3][0] = frand(0, 1) < 0.2 ? NAN : 1;
            }
            gt_vue vv[3] = {(gt_vue)v[0].s, (gt_vue)v[1].s, (gt_vue)v[2].s};
            unsigned kind = 1 + t % 3;
            assert_int_equal(gt_raster_draw(&C, kind, vv, 0, 7), GTSIM_OK);
        }
    }
    /* bad arguments */
    setup_default();
    vtx a;
    vwin(&a, 1, 1, 0, 0);
    gt_vue vv[3] = {(gt_vue)a.s, NULL, NULL};
    assert_int_equal(gt_raster_draw(&C, 4, vv, 0, 7), GTSIM_ERR_INVALID);
    assert_int_equal(gt_raster_draw(&C, GT_PRIM_LINE, vv, 0, 7), GTSIM_ERR_INVALID);
    assert_int_equal(gt_raster_draw(&C, GT_PRIM_POINT, vv, 1, 7), GTSIM_ERR_INVALID);
    L.slot_count = 1000;
    assert_int_equal(gt_raster_begin(&C), GTSIM_ERR_INVALID);
    L.slot_count = 4;
    S.multisample.number_of_multisamples = 5;
    assert_int_equal(gt_raster_begin(&C), GTSIM_ERR_INVALID);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hand_triangle),  cmocka_unit_test(test_random_triangles),
        cmocka_unit_test(test_shared_edges),   cmocka_unit_test(test_msaa),
        cmocka_unit_test(test_bary_depth),     cmocka_unit_test(test_depth_offset_slope),
        cmocka_unit_test(test_culling),        cmocka_unit_test(test_fill_modes),
        cmocka_unit_test(test_lines),          cmocka_unit_test(test_line_stipple),
        cmocka_unit_test(test_points),         cmocka_unit_test(test_scissor_drawing_rect),
        cmocka_unit_test(test_poly_stipple),   cmocka_unit_test(test_hostile),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
