/*
 * The tessellator alone (src/pipe3d/te.c): domain points and primitives
 * for small factors, computed by hand from the D3D11 tessellator rules
 * (16.16 fixed point, half-edge placement, ring stitching), and for many
 * factors the properties any correct tessellation has: the triangles
 * cover the domain exactly once (their areas sum to the domain's, all
 * wound the same way), every point is used, points lie in the domain.
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

#include "pipe3d/tess.h"

static p3_te_result R;

static void expect_point(uint32_t i, float u, float v)
{
    assert_true(i < R.npoints);
    if (R.u[i] != u || R.v[i] != v)
        fail_msg("point %u: (%.9g, %.9g), expected (%.9g, %.9g)", i, R.u[i], R.v[i], u, v);
}

static void expect_indices(const uint32_t *idx, uint32_t n)
{
    assert_int_equal(R.nidx, n);
    for (uint32_t i = 0; i < n; i++)
        if (R.idx[i] != idx[i])
            fail_msg("index %u: %u, expected %u", i, R.idx[i], idx[i]);
}

/* all factors 1 (integer): the domain's corners, one or two triangles */
static void test_minimum(void **state)
{
    (void)state;
    const float one[4] = {1, 1, 1, 1}, ione[2] = {1, 1};
    assert_int_equal(p3_tessellate(P3_TE_TRI, P3_TE_INTEGER, P3_TE_TRI_CW, one, ione, &R), 0);
    assert_int_equal(R.npoints, 3);
    expect_point(0, 0, 1);
    expect_point(1, 0, 0);
    expect_point(2, 1, 0);
    expect_indices((const uint32_t[]){0, 1, 2}, 3);
    p3_tessellate(P3_TE_TRI, P3_TE_ODD_FRACTIONAL, P3_TE_TRI_CCW, one, ione, &R);
    expect_indices((const uint32_t[]){0, 2, 1}, 3);
    p3_tessellate(P3_TE_QUAD, P3_TE_INTEGER, P3_TE_TRI_CW, one, ione, &R);
    assert_int_equal(R.npoints, 4);
    expect_point(0, 0, 0);
    expect_point(1, 1, 0);
    expect_point(2, 1, 1);
    expect_point(3, 0, 1);
    expect_indices((const uint32_t[]){0, 1, 3, 1, 2, 3}, 6);
    /* culled: an edge factor of 0 or NaN */
    const float zero[4] = {1, 0, 1, 1};
    p3_tessellate(P3_TE_QUAD, P3_TE_INTEGER, P3_TE_TRI_CW, zero, ione, &R);
    assert_int_equal(R.npoints, 0);
    const float nan4[4] = {NAN, 1, 1, 1};
    p3_tessellate(P3_TE_TRI, P3_TE_INTEGER, P3_TE_TRI_CW, nan4, ione, &R);
    assert_int_equal(R.npoints, 0);
}

/* quad, integer, every factor 2: the outer ring of 8 points (edges U=0,
 * V=0, U=1, V=1 in that order, each from its start without its end), the
 * centre, and a fan of 8 triangles around it */
static void test_quad2(void **state)
{
    (void)state;
    const float o[4] = {2, 2, 2, 2}, in[2] = {2, 2};
    p3_tessellate(P3_TE_QUAD, P3_TE_INTEGER, P3_TE_TRI_CW, o, in, &R);
    assert_int_equal(R.npoints, 9);
    const float pts[9][2] = {{0, 1}, {0, .5f}, {0, 0}, {.5f, 0}, {1, 0}, {1, .5f}, {1, 1}, {.5f, 1}, {.5f, .5f}};
    for (uint32_t i = 0; i < 9; i++)
        expect_point(i, pts[i][0], pts[i][1]);
    expect_indices((const uint32_t[]){0, 1, 8, 1, 2, 8, 2, 3, 8, 3, 4, 8, 4, 5, 8, 5, 6, 8, 6, 7, 8, 7, 0, 8}, 24);
}

/* isoline, even fractional detail 3 (half TF 1.5: floor 1 -> 2 segments,
 * ceil 2 -> 4 segments, fraction 1/2; split point 1): u = 0, 0.375, 0.5,
 * 0.625, 1; density 1: one line at v = 0 */
static void test_isoline_even3(void **state)
{
    (void)state;
    const float o[4] = {1, 3, 0, 0}, in[2] = {0, 0};
    p3_tessellate(P3_TE_ISOLINE, P3_TE_EVEN_FRACTIONAL, P3_TE_LINE, o, in, &R);
    assert_int_equal(R.npoints, 5);
    const float u[5] = {0, 0.375f, 0.5f, 0.625f, 1};
    for (uint32_t i = 0; i < 5; i++)
        expect_point(i, u[i], 0);
    expect_indices((const uint32_t[]){0, 1, 1, 2, 2, 3, 3, 4}, 8);
    /* density 3 (integer): lines at v = 0, 1/3, 2/3 (0x5555, 0xaaab in
     * 16.16: 1/3 rounded, 1 - 1/3 rounded) */
    const float o2[4] = {3, 1, 0, 0};
    p3_tessellate(P3_TE_ISOLINE, P3_TE_INTEGER, P3_TE_POINT, o2, in, &R);
    assert_int_equal(R.npoints, 6);
    expect_point(0, 0, 0);
    expect_point(1, 1, 0);
    expect_point(2, 0, 0x5555 / 65536.0f);
    expect_point(4, 0, 0xaaab / 65536.0f);
    expect_indices((const uint32_t[]){0, 1, 2, 3, 4, 5}, 6);
}

/* tri, integer, outer 2, inner 3 (odd): outer ring of 6 points, one inner
 * ring of 3 points at distance perp = 2/3 * place(1 of 3) = 2/3 * 1/3
 * (16.16: 0x5555 * 0xaaaa rounded = 0x38e3), the last triangle in the
 * centre */
static void test_tri_inner3(void **state)
{
    (void)state;
    const float o[4] = {2, 2, 2, 0}, in[2] = {3, 0};
    p3_tessellate(P3_TE_TRI, P3_TE_INTEGER, P3_TE_TRI_CW, o, in, &R);
    assert_int_equal(R.npoints, 9);
    expect_point(0, 0, 1);
    expect_point(1, 0, .5f);
    expect_point(2, 0, 0);
    expect_point(3, .5f, 0);
    expect_point(4, 1, 0);
    expect_point(5, .5f, .5f);
    uint32_t perp = (0x5555u * 0xaaaau + 0x8000u) >> 16, d = (perp + 1) / 2;
    /* ring edge 0 (U = perp), first point: V = place(2 of 3) - d = 0xaaab - d */
    expect_point(6, perp / 65536.0f, (0xaaabu - d) / 65536.0f);
    expect_point(7, (0x5555u - d) / 65536.0f, perp / 65536.0f);
    /* the centre triangle joins the three inner points */
    assert_int_equal(R.nidx % 3, 0);
    const uint32_t *last = R.idx + R.nidx - 3;
    assert_int_equal(last[0], 6);
    assert_int_equal(last[1], 7);
    assert_int_equal(last[2], 8);
}

static double area2(uint32_t a, uint32_t b, uint32_t c)
{
    return ((double)R.u[b] - R.u[a]) * ((double)R.v[c] - R.v[a]) - ((double)R.u[c] - R.u[a]) * ((double)R.v[b] - R.v[a]);
}

/* coverage: the triangles' areas sum to the domain's, all with one sign
 * (CW negative in (u, v) for this tessellator's convention), no point
 * unused, every point inside the domain */
static void check_cover(unsigned domain, unsigned part, const float *o, const float *in)
{
    p3_tessellate(domain, part, P3_TE_TRI_CW, o, in, &R);
    assert_true(R.npoints > 0);
    assert_int_equal(R.nidx % 3, 0);
    double sum = 0;
    static uint8_t used[P3_TE_MAX_POINTS];
    memset(used, 0, R.npoints);
    int sign = 0;
    for (uint32_t t = 0; t < R.nidx; t += 3) {
        for (int k = 0; k < 3; k++) {
            assert_true(R.idx[t + k] < R.npoints);
            used[R.idx[t + k]] = 1;
        }
        double a = area2(R.idx[t], R.idx[t + 1], R.idx[t + 2]);
        if (a == 0)
            continue;
        int sg = a > 0 ? 1 : -1;
        if (!sign)
            sign = sg;
        if (sg != sign)
            fail_msg("domain %u part %u factors %g %g %g %g / %g %g: triangle %u winds the other way", domain, part,
                     o[0], o[1], o[2], o[3], in[0], in[1], t / 3);
        sum += a / 2;
    }
    double want = domain == P3_TE_QUAD ? 1.0 : 0.5;
    if (fabs(fabs(sum) - want) > 1e-4)
        fail_msg("domain %u part %u factors %g %g %g %g / %g %g: area %.6f, expected %.1f", domain, part, o[0], o[1],
                 o[2], o[3], in[0], in[1], fabs(sum), want);
    for (uint32_t p = 0; p < R.npoints; p++) {
        assert_true(used[p]);
        assert_true(R.u[p] >= 0 && R.u[p] <= 1 && R.v[p] >= 0 && R.v[p] <= 1);
        if (domain == P3_TE_TRI)
            assert_true(R.u[p] + R.v[p] <= 1.0f + 1e-4f);
    }
    /* CCW reverses every triangle */
    uint32_t n = R.nidx;
    static uint32_t cw[P3_TE_MAX_INDICES];
    memcpy(cw, R.idx, n * sizeof(uint32_t));
    p3_tessellate(domain, part, P3_TE_TRI_CCW, o, in, &R);
    assert_int_equal(R.nidx, n);
    for (uint32_t t = 0; t < n; t += 3)
        assert_true(R.idx[t] == cw[t] && R.idx[t + 1] == cw[t + 2] && R.idx[t + 2] == cw[t + 1]);
}

static void test_cover(void **state)
{
    (void)state;
    static const float f[] = {1, 1.5f, 2, 2.3f, 3, 3.7f, 4, 5, 6.5f, 7, 8, 11.2f, 16, 33, 64};
    const unsigned nf = sizeof(f) / sizeof(f[0]);
    for (unsigned part = 0; part < 3; part++)
        for (unsigned i = 0; i < nf; i++)
            for (unsigned j = 0; j < nf; j += 2) {
                float o[4] = {f[i], f[j], f[(i + j) % nf], f[(i + 3) % nf]};
                float in[2] = {f[j], f[(i * 7 + j) % nf]};
                check_cover(P3_TE_QUAD, part, o, in);
                check_cover(P3_TE_TRI, part, o, in);
            }
}

/* the largest factors: (TF+1)^2 points on a quad */
static void test_counts(void **state)
{
    (void)state;
    const float o[4] = {64, 64, 64, 64}, in[2] = {64, 64};
    p3_tessellate(P3_TE_QUAD, P3_TE_INTEGER, P3_TE_TRI_CW, o, in, &R);
    assert_int_equal(R.npoints, 65 * 65);
    assert_int_equal(R.nidx, 64 * 64 * 6);
    p3_tessellate(P3_TE_QUAD, P3_TE_INTEGER, P3_TE_POINT, o, in, &R);
    assert_int_equal(R.nidx, 65 * 65);
    const float l[4] = {64, 64, 0, 0};
    p3_tessellate(P3_TE_ISOLINE, P3_TE_INTEGER, P3_TE_LINE, l, in, &R);
    assert_int_equal(R.npoints, 64 * 65);
    assert_int_equal(R.nidx, 64 * 64 * 2);
    assert_int_equal(p3_tessellate(7, 0, 0, o, in, &R), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_minimum),    cmocka_unit_test(test_quad2),  cmocka_unit_test(test_isoline_even3),
        cmocka_unit_test(test_tri_inner3), cmocka_unit_test(test_cover), cmocka_unit_test(test_counts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
