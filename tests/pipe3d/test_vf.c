/*
 * Primitive assembly (src/pipe3d/vf.c p3_assemble): the objects of every
 * topology the pipeline assembles, with cuts (primitive restart), against
 * lists written out by hand from the topology definitions (OpenGL 4.6
 * section 10.1 primitive types; for strips the GL vertex order with odd
 * triangles flagged as reversed; adjacency vertices dropped).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "pipe3d/vf.h"

/* A stream of n vertices, with cuts at the positions listed in cuts (-1 ends). */
static void stream(p3_svtx *s, unsigned n, const int *cuts)
{
    memset(s, 0, sizeof(*s) * n);
    for (unsigned i = 0; i < n; i++)
        s[i].index = s[i].vertex_id = i;
    for (; cuts && *cuts >= 0; cuts++)
        s[*cuts].cut = true;
}

static void check(uint32_t topo, unsigned n, const int *cuts, unsigned want_per, const uint32_t *want,
                  unsigned want_n, const uint8_t *want_flags)
{
    p3_svtx s[32];
    uint32_t prims[128];
    uint8_t flags[64];
    unsigned per = 0;
    stream(s, n, cuts);
    uint32_t np = p3_assemble(topo, s, n, NULL, NULL, &per);
    assert_int_equal(np, want_n);
    assert_int_equal(per, want_per);
    assert_int_equal(p3_assemble(topo, s, n, prims, flags, &per), want_n);
    assert_memory_equal(prims, want, sizeof(uint32_t) * want_n * per);
    if (want_flags)
        for (unsigned i = 0; i < want_n; i++)
            assert_int_equal(flags[i] & (P3_PRIM_ODD | P3_PRIM_QUAD), want_flags[i]);
}

static void test_lists(void **state)
{
    (void)state;
    static const uint32_t pts[] = {0, 1, 2};
    check(P3_POINTLIST, 3, NULL, 1, pts, 3, NULL);
    static const uint32_t lines[] = {0, 1, 2, 3};
    check(P3_LINELIST, 5, NULL, 2, lines, 2, NULL); /* the fifth vertex is dropped */
    static const uint32_t tris[] = {0, 1, 2, 3, 4, 5};
    check(P3_TRILIST, 7, NULL, 3, tris, 2, NULL);
}

static void test_strips_and_fans(void **state)
{
    (void)state;
    static const uint32_t ls[] = {0, 1, 1, 2, 2, 3};
    check(P3_LINESTRIP, 4, NULL, 2, ls, 3, NULL);
    static const uint32_t loop[] = {0, 1, 1, 2, 2, 3, 3, 0};
    check(P3_LINELOOP, 4, NULL, 2, loop, 4, NULL);
    static const uint32_t ts[] = {0, 1, 2, 1, 2, 3, 2, 3, 4};
    static const uint8_t tsf[] = {0, P3_PRIM_ODD, 0};
    check(P3_TRISTRIP, 5, NULL, 3, ts, 3, tsf);
    static const uint8_t tsr[] = {P3_PRIM_ODD, 0, P3_PRIM_ODD};
    check(P3_TRISTRIP_REVERSE, 5, NULL, 3, ts, 3, tsr);
    static const uint32_t fan[] = {0, 1, 2, 0, 2, 3, 0, 3, 4};
    check(P3_TRIFAN, 5, NULL, 3, fan, 3, NULL);
    check(P3_POLYGON, 5, NULL, 3, fan, 3, NULL);
}

static void test_quads(void **state)
{
    (void)state;
    /* quad (0,1,2,3): triangles (0,1,3) and (1,2,3), the last vertex in both */
    static const uint32_t q[] = {0, 1, 3, 1, 2, 3};
    static const uint8_t qf[] = {P3_PRIM_QUAD, P3_PRIM_QUAD};
    check(P3_QUADLIST, 4, NULL, 3, q, 2, qf);
    /* quad strip 0 1 2 3 4 5: quads (0,1,3,2) and (2,3,5,4) */
    static const uint32_t qs[] = {0, 1, 2, 1, 3, 2, 2, 3, 4, 3, 5, 4};
    check(P3_QUADSTRIP, 6, NULL, 3, qs, 4, NULL);
}

/* The edges of the GL primitive among the triangles' edges (edge i runs
 * v[i] -> v[i+1]): a quad's diagonal and a polygon's inner fan edges are not
 * (GL 1.x polygon mode: only the boundary of a polygon or quad is drawn). */
static void test_inner_edges(void **state)
{
    (void)state;
    p3_svtx s[8];
    uint32_t prims[64];
    uint8_t fl[16];
    unsigned per;
    stream(s, 4, NULL);
    /* quad 0 1 2 3 -> (0,1,3): 1->3 inner; (1,2,3): 3->1 inner */
    assert_int_equal(p3_assemble(P3_QUADLIST, s, 4, prims, fl, &per), 2);
    assert_int_equal(fl[0] & P3_PRIM_NOEDGES, P3_PRIM_NOEDGE(1));
    assert_int_equal(fl[1] & P3_PRIM_NOEDGES, P3_PRIM_NOEDGE(2));
    /* quad strip 0 1 2 3 = quad (0,1,3,2) -> (0,1,2): 1->2 inner; (1,3,2): 2->1 inner */
    assert_int_equal(p3_assemble(P3_QUADSTRIP, s, 4, prims, fl, &per), 2);
    assert_int_equal(fl[0] & P3_PRIM_NOEDGES, P3_PRIM_NOEDGE(1));
    assert_int_equal(fl[1] & P3_PRIM_NOEDGES, P3_PRIM_NOEDGE(2));
    /* pentagon 0..4 -> (0,1,2) (0,2,3) (0,3,4): boundary 0-1 1-2 2-3 3-4 4-0 */
    stream(s, 5, NULL);
    assert_int_equal(p3_assemble(P3_POLYGON, s, 5, prims, fl, &per), 3);
    assert_int_equal(fl[0] & P3_PRIM_NOEDGES, P3_PRIM_NOEDGE(2));
    assert_int_equal(fl[1] & P3_PRIM_NOEDGES, P3_PRIM_NOEDGE(0) | P3_PRIM_NOEDGE(2));
    assert_int_equal(fl[2] & P3_PRIM_NOEDGES, P3_PRIM_NOEDGE(0));
    /* a triangle polygon has all three; fans and strips keep every edge */
    assert_int_equal(p3_assemble(P3_POLYGON, s, 3, prims, fl, &per), 1);
    assert_int_equal(fl[0] & P3_PRIM_NOEDGES, 0);
    assert_int_equal(p3_assemble(P3_TRIFAN, s, 5, prims, fl, &per), 3);
    for (unsigned i = 0; i < 3; i++)
        assert_int_equal(fl[i] & P3_PRIM_NOEDGES, 0);
    assert_int_equal(p3_assemble(P3_TRISTRIP, s, 5, prims, fl, &per), 3);
    for (unsigned i = 0; i < 3; i++)
        assert_int_equal(fl[i] & P3_PRIM_NOEDGES, 0);
}

/* The edge flag is Component 0 of the Edge Flag Enable element: an integer
 * compares with 0, a float as a float (-0.0 is false); no such element:
 * every edge is drawn. */
static void test_edge_flag(void **state)
{
    (void)state;
    p3_vf vf;
    memset(&vf, 0, sizeof(vf));
    vf.nve = 2;
    vf.ve[0].valid = true;
    vf.ve[0].fi = sf_format_get(0x0); /* R32G32B32A32_FLOAT: the position */
    vf.ve[1].valid = true;
    vf.ve[1].comp[0] = P3_VFCOMP_STORE_SRC;
    uint32_t out[8] = {0, 0, 0, 0x3f800000u, 0, 0, 0, 0};
    assert_false(p3_vf_has_edge_flag(&vf));
    assert_true(p3_vf_edge_flag(&vf, out)); /* no edge-flag element */
    vf.ve[1].edge_flag = true;
    vf.ve[1].fi = sf_format_get(0x0); /* float */
    assert_true(p3_vf_has_edge_flag(&vf));
    assert_false(p3_vf_edge_flag(&vf, out));
    out[4] = 0x80000000u; /* -0.0 */
    assert_false(p3_vf_edge_flag(&vf, out));
    out[4] = 0x3f800000u; /* 1.0 */
    assert_true(p3_vf_edge_flag(&vf, out));
    vf.ve[1].fi = sf_format_get(0x0d7); /* R32_UINT */
    out[4] = 1;
    assert_true(p3_vf_edge_flag(&vf, out));
    out[4] = 0;
    assert_false(p3_vf_edge_flag(&vf, out));
    vf.ve[1].valid = false; /* an invalid element is no edge flag */
    assert_false(p3_vf_has_edge_flag(&vf));
    assert_true(p3_vf_edge_flag(&vf, out));
}

static void test_adjacency(void **state)
{
    (void)state;
    static const uint32_t la[] = {1, 2, 5, 6};
    check(P3_LINELIST_ADJ, 8, NULL, 2, la, 2, NULL);
    static const uint32_t lsa[] = {1, 2, 2, 3};
    check(P3_LINESTRIP_ADJ, 5, NULL, 2, lsa, 2, NULL);
    static const uint32_t ta[] = {0, 2, 4};
    check(P3_TRILIST_ADJ, 6, NULL, 3, ta, 1, NULL);
    /* strip with adjacency of 8 vertices: triangles (0,2,4), (2,4,6) reversed */
    static const uint32_t tsa[] = {0, 2, 4, 2, 4, 6};
    static const uint8_t tsaf[] = {0, P3_PRIM_ODD};
    check(P3_TRISTRIP_ADJ, 8, NULL, 3, tsa, 2, tsaf);
}

static void test_restart(void **state)
{
    (void)state;
    /* strip 0 1 2 | cut | 4 5 6 7: the second strip restarts its parity */
    static const int cuts[] = {3, -1};
    static const uint32_t ts[] = {0, 1, 2, 4, 5, 6, 5, 6, 7};
    static const uint8_t tsf[] = {0, 0, P3_PRIM_ODD};
    check(P3_TRISTRIP, 8, cuts, 3, ts, 3, tsf);
    /* a fan's centre is the first vertex after the cut */
    static const uint32_t fan[] = {0, 1, 2, 4, 5, 6, 4, 6, 7};
    check(P3_TRIFAN, 8, cuts, 3, fan, 3, NULL);
    /* a cut inside a list drops the incomplete object */
    static const int cut2[] = {2, -1};
    static const uint32_t tl[] = {3, 4, 5};
    check(P3_TRILIST, 6, cut2, 3, tl, 1, NULL);
}

static void test_patches(void **state)
{
    (void)state;
    /* PATCHLIST_3: patches of 3 control points, the incomplete tail dropped */
    static const uint32_t p3[] = {0, 1, 2, 3, 4, 5};
    check(P3_PATCHLIST_1 + 2, 7, NULL, 3, p3, 2, NULL);
}

static void test_unassembled(void **state)
{
    (void)state;
    p3_svtx s[4];
    unsigned per = 0;
    stream(s, 4, NULL);
    assert_int_equal(p3_assemble(0, s, 4, NULL, NULL, &per), UINT32_MAX);
    assert_int_equal(p3_assemble(0x3f + 1, s, 4, NULL, NULL, &per), UINT32_MAX);
    assert_string_equal(p3_topo_name(P3_RECTLIST), "RECTLIST");
    assert_string_equal(p3_topo_name(0x15), "?");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lists),     cmocka_unit_test(test_strips_and_fans), cmocka_unit_test(test_quads),
        cmocka_unit_test(test_adjacency), cmocka_unit_test(test_restart),        cmocka_unit_test(test_patches),
        cmocka_unit_test(test_unassembled), cmocka_unit_test(test_inner_edges), cmocka_unit_test(test_edge_flag),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
