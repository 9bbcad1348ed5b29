/*
 * The pixel backend's operations (src/pipe3d/backend.c): compare functions,
 * stencil ops, logic ops, blend equations and factors, the W-tile
 * swizzle, and the depth / stencil / depth bounds tests on buffers in
 * memory.  Expected values are worked out by hand from the definitions
 * (GL 4.6 chapter 17, the enumerations in backend.h), or computed here in
 * double precision by a different formulation.
 */
#include "fx.h"
#include "sf/tiling.h"

static void compare_functions(void **state)
{
    (void)state;
    /* a = 1, 2, 3 against b = 2 */
    static const bool want[8][3] = {
        [GT3D_CMP_ALWAYS] = {1, 1, 1}, [GT3D_CMP_NEVER] = {0, 0, 0},   [GT3D_CMP_LESS] = {1, 0, 0},
        [GT3D_CMP_EQUAL] = {0, 1, 0},  [GT3D_CMP_LEQUAL] = {1, 1, 0},  [GT3D_CMP_GREATER] = {0, 0, 1},
        [GT3D_CMP_NOTEQUAL] = {1, 0, 1}, [GT3D_CMP_GEQUAL] = {0, 1, 1},
    };
    for (unsigned fn = 0; fn < 8; fn++)
        for (unsigned a = 1; a <= 3; a++) {
            assert_int_equal(gt3d_compare_u(fn, a, 2), want[fn][a - 1]);
            assert_int_equal(gt3d_compare_f(fn, (float)a * 0.25f, 0.5f), want[fn][a - 1]);
        }
}

static void stencil_ops(void **state)
{
    (void)state;
    static const uint8_t s[4] = {0, 1, 128, 255};
    static const uint8_t want[8][4] = {
        [GT3D_SOP_KEEP] = {0, 1, 128, 255},     [GT3D_SOP_ZERO] = {0, 0, 0, 0},
        [GT3D_SOP_REPLACE] = {0x5a, 0x5a, 0x5a, 0x5a}, [GT3D_SOP_INCRSAT] = {1, 2, 129, 255},
        [GT3D_SOP_DECRSAT] = {0, 0, 127, 254},  [GT3D_SOP_INCR] = {1, 2, 129, 0},
        [GT3D_SOP_DECR] = {255, 0, 127, 254},   [GT3D_SOP_INVERT] = {255, 254, 127, 0},
    };
    for (unsigned op = 0; op < 8; op++)
        for (unsigned i = 0; i < 4; i++)
            assert_int_equal(gt3d_stencil_op(op, s[i], 0x5a), want[op][i]);
}

static void logic_ops(void **state)
{
    (void)state;
    const uint32_t s = 0x0F0F3355u, d = 0x00FF5533u;
    const uint32_t want[16] = {0,        ~(s | d), ~s & d,   ~s,       s & ~d, ~d,     s ^ d,  ~(s & d),
                               s & d,    ~(s ^ d), d,        ~s | d,   s,      s | ~d, s | d,  0xffffffffu};
    for (unsigned op = 0; op < 16; op++)
        assert_int_equal(gt3d_logic_op(op, s, d), want[op]);
}

/* Reference blend: every factor's vector computed up front in double. */
static void ref_blend(const gt3d_blend_entry *e, bool ind, const double *s, const double *s1, const double *d,
                      const double *k, double *out)
{
    double F[32][4];
    memset(F, 0, sizeof(F));
    for (int c = 0; c < 4; c++) {
        F[GT3D_BF_ONE][c] = 1;
        F[GT3D_BF_SRC_COLOR][c] = s[c];
        F[GT3D_BF_SRC_ALPHA][c] = s[3];
        F[GT3D_BF_DST_ALPHA][c] = d[3];
        F[GT3D_BF_DST_COLOR][c] = d[c];
        F[GT3D_BF_SRC_ALPHA_SATURATE][c] = c == 3 ? 1 : (s[3] < 1 - d[3] ? s[3] : 1 - d[3]);
        F[GT3D_BF_CONST_COLOR][c] = k[c];
        F[GT3D_BF_CONST_ALPHA][c] = k[3];
        F[GT3D_BF_SRC1_COLOR][c] = s1[c];
        F[GT3D_BF_SRC1_ALPHA][c] = s1[3];
        for (int f = GT3D_BF_SRC_COLOR; f <= GT3D_BF_SRC1_ALPHA; f++)
            if (f != GT3D_BF_SRC_ALPHA_SATURATE && f != 0x16 - 0x10)
                F[f + 0x10][c] = 1 - F[f][c];
        F[GT3D_BF_ZERO][c] = 0;
        F[0x16][c] = 0; /* reserved */
    }
    for (int c = 0; c < 4; c++) {
        unsigned sf = c < 3 || !ind ? e->src_color : e->src_alpha, df = c < 3 || !ind ? e->dst_color : e->dst_alpha;
        unsigned fn = c < 3 || !ind ? e->color_func : e->alpha_func;
        double a = s[c] * F[sf][c], b = d[c] * F[df][c];
        out[c] = fn == 0 ? a + b : fn == 1 ? a - b : fn == 2 ? b - a : fn == 3 ? (s[c] < d[c] ? s[c] : d[c])
                                                                              : (s[c] > d[c] ? s[c] : d[c]);
    }
}

static void blend_factors_and_functions(void **state)
{
    (void)state;
    static const unsigned factors[] = {
        GT3D_BF_ONE, GT3D_BF_SRC_COLOR, GT3D_BF_SRC_ALPHA, GT3D_BF_DST_ALPHA, GT3D_BF_DST_COLOR,
        GT3D_BF_SRC_ALPHA_SATURATE, GT3D_BF_CONST_COLOR, GT3D_BF_CONST_ALPHA, GT3D_BF_SRC1_COLOR,
        GT3D_BF_SRC1_ALPHA, GT3D_BF_ZERO, GT3D_BF_INV_SRC_COLOR, GT3D_BF_INV_SRC_ALPHA, GT3D_BF_INV_DST_ALPHA,
        GT3D_BF_INV_DST_COLOR, GT3D_BF_INV_CONST_COLOR, GT3D_BF_INV_CONST_ALPHA, GT3D_BF_INV_SRC1_COLOR,
        GT3D_BF_INV_SRC1_ALPHA};
    const float s[4] = {0.8f, 0.4f, 0.2f, 0.6f}, s1[4] = {0.1f, 0.7f, 0.5f, 0.35f},
                d[4] = {0.3f, 0.5f, 0.9f, 0.25f}, k[4] = {0.2f, 0.4f, 0.6f, 0.8f};
    double sd[4], s1d[4], dd[4], kd[4];
    for (int c = 0; c < 4; c++) {
        sd[c] = s[c];
        s1d[c] = s1[c];
        dd[c] = d[c];
        kd[c] = k[c];
    }
    unsigned nf = sizeof(factors) / sizeof(factors[0]);
    for (unsigned fn = 0; fn < 5; fn++)
        for (unsigned i = 0; i < nf; i++)
            for (unsigned j = 0; j < nf; j++)
                for (int ind = 0; ind < 2; ind++) {
                    gt3d_blend_entry e;
                    memset(&e, 0, sizeof(e));
                    e.color_blend_enable = true;
                    e.src_color = (uint8_t)factors[i];
                    e.dst_color = (uint8_t)factors[j];
                    e.src_alpha = (uint8_t)factors[(i + 3) % nf];
                    e.dst_alpha = (uint8_t)factors[(j + 5) % nf];
                    e.color_func = (uint8_t)fn;
                    e.alpha_func = (uint8_t)((fn + 1) % 5);
                    float out[4];
                    double want[4];
                    gt3d_blend(&e, ind, s, s1, d, k, 0, 1, out);
                    ref_blend(&e, ind, sd, s1d, dd, kd, want);
                    for (int c = 0; c < 4; c++)
                        assert_true(fabs(out[c] - want[c]) < 1e-6);
                }
    /* SRC_ALPHA_SATURATE by hand: min(0.6, 1 - 0.25) = 0.6; ADD with ZERO */
    gt3d_blend_entry e;
    memset(&e, 0, sizeof(e));
    e.src_color = e.src_alpha = GT3D_BF_SRC_ALPHA_SATURATE;
    e.dst_color = e.dst_alpha = GT3D_BF_ZERO;
    float out[4];
    gt3d_blend(&e, false, s, s, d, k, 0, 1, out);
    assert_true(fabsf(out[0] - 0.48f) < 1e-6f && fabsf(out[3] - 0.6f) < 1e-6f);
    /* clamps: src (1.5, -0.5) clamped before blending, the sum after */
    const float big[4] = {1.5f, -0.5f, 0.7f, 1.0f};
    e.src_color = e.src_alpha = e.dst_color = e.dst_alpha = GT3D_BF_ONE;
    e.pre_blend_clamp = true;
    gt3d_blend(&e, false, big, big, d, k, 0, 1, out);
    assert_true(fabsf(out[0] - 1.3f) < 1e-6f && fabsf(out[1] - 0.5f) < 1e-6f && fabsf(out[2] - 1.6f) < 1e-6f);
    e.post_blend_clamp = true;
    gt3d_blend(&e, false, big, big, d, k, 0, 1, out);
    assert_true(out[0] == 1.0f && fabsf(out[1] - 0.5f) < 1e-6f && out[2] == 1.0f);
}

static void wtile_addresses(void **state)
{
    (void)state;
    /* offset bits u5 u4 u3 v5 v4 v3 v2 u2 v1 u1 v0 u0, worked by hand */
    assert_int_equal(gt_tile_w_offset(128, 0, 0), 0);
    assert_int_equal(gt_tile_w_offset(128, 1, 0), 1);
    assert_int_equal(gt_tile_w_offset(128, 0, 1), 2);
    assert_int_equal(gt_tile_w_offset(128, 2, 0), 4);
    assert_int_equal(gt_tile_w_offset(128, 0, 2), 8);
    assert_int_equal(gt_tile_w_offset(128, 4, 0), 16);
    assert_int_equal(gt_tile_w_offset(128, 0, 4), 32);
    assert_int_equal(gt_tile_w_offset(128, 8, 0), 512);
    assert_int_equal(gt_tile_w_offset(128, 5, 3), 27);    /* 1 + 2 + 8 + 16 */
    assert_int_equal(gt_tile_w_offset(128, 9, 17), 643);  /* u0 v0 v4 u3: 1 + 2 + 128 + 512 */
    assert_int_equal(gt_tile_w_offset(128, 63, 63), 4095);
    assert_int_equal(gt_tile_w_offset(256, 64, 0), 4096); /* second tile of the row */
    /* pitch 256 (programmed as twice the 128-byte width): 2 tiles per row */
    assert_int_equal(gt_tile_w_offset(256, 0, 64), 8192);
    assert_int_equal(gt_tile_w_offset(256, 65, 66), 3 * 4096 + 1 + 8);
    assert_int_equal(gt_tile_w_offset(128, 0, 64), 4096); /* pitch 128: 1 tile per row */
}

/* A 16x16 depth buffer of format fmt (Y-tiled, pitch 128) and, when st, a
 * W-tiled 64-pitch stencil buffer. */
static void ds_state(gt3d_backend_state *s, unsigned fmt)
{
    state_init(s);
    s->depth = (gt3d_ds_surface){.surface_type = 1, .write_enable = true, .format = fmt, .base = ZBUF, .pitch = 128,
                                 .width = 16, .height = 16, .depth = 1, .halign = 8, .valign = 4};
    s->depth_test_enable = s->depth_write_enable = true;
    s->depth_func = GT3D_CMP_LESS;
}

static void depth_formats(void **state)
{
    fx *f = *state;
    gt3d_backend be;
    gt3d_backend_state s;
    /* pixel (5, 3): Y tile column (bx / 16) * 512 + row * 16 + bx % 16 */
    struct { unsigned fmt, bpp; uint64_t off; uint32_t half, quarter; } c[3] = {
        {GT3D_D32_FLOAT, 4, 564, 0x3f000000u, 0x3e800000u},
        {GT3D_D24_UNORM_X8_UINT, 4, 564, 8388608u /* 0.5 * (2^24-1) = 8388607.5 -> even 8388608 */,
         4194304u /* 4194303.75 */},
        {GT3D_D16_UNORM, 2, 58, 32768u /* 32767.5 -> 32768 */, 16384u /* 16383.75 */},
    };
    for (int k = 0; k < 3; k++) {
        ds_state(&s, c[k].fmt);
        assert_int_equal(gt3d_backend_prepare(&f->dev, &be, &s), GTSIM_OK);
        wmem(f, ZBUF + c[k].off, &c[k].half, c[k].bpp);
        float z = 0.75f;
        uint16_t cov = 1;
        assert_int_equal(gt3d_backend_ds_pixel(&f->dev, &be, &f->vm, 5, 3, 0, &z, true, -1, &cov), GTSIM_OK);
        assert_int_equal(cov, 0);
        z = 0.25f;
        cov = 1;
        assert_int_equal(gt3d_backend_ds_pixel(&f->dev, &be, &f->vm, 5, 3, 0, &z, true, -1, &cov), GTSIM_OK);
        assert_int_equal(cov, 1);
        uint32_t v = 0;
        rmem(f, ZBUF + c[k].off, &v, c[k].bpp);
        assert_int_equal(v, c[k].quarter);
        assert_int_equal(be.ps_depth_count, 1);
        /* every compare function against the stored 0.25 with z = 0.25 (equal) */
        static const bool eq_pass[8] = {1, 0, 0, 1, 1, 0, 0, 1};
        for (unsigned fn = 0; fn < 8; fn++) {
            be.st.depth_func = (uint8_t)fn;
            cov = 1;
            assert_int_equal(gt3d_backend_ds_pixel(&f->dev, &be, &f->vm, 5, 3, 0, &z, true, -1, &cov), GTSIM_OK);
            assert_int_equal(cov, eq_pass[fn]);
        }
    }
    /* no depth write: a passing sample leaves the buffer */
    ds_state(&s, GT3D_D32_FLOAT);
    s.depth_write_enable = false;
    assert_int_equal(gt3d_backend_prepare(&f->dev, &be, &s), GTSIM_OK);
    w32(f, ZBUF + 564, f2u(0.5f));
    float z = 0.125f;
    uint16_t cov = 1;
    assert_int_equal(gt3d_backend_ds_pixel(&f->dev, &be, &f->vm, 5, 3, 0, &z, true, -1, &cov), GTSIM_OK);
    assert_int_equal(cov, 1);
    assert_int_equal(r32(f, ZBUF + 564), f2u(0.5f));
    /* reserved format */
    ds_state(&s, 4);
    assert_int_equal(gt3d_backend_prepare(&f->dev, &be, &s), GTSIM_ERR_UNIMPL);
}

static void depth_lod_layer_msaa_bounds(void **state)
{
    fx *f = *state;
    gt3d_backend be;
    gt3d_backend_state s;
    /* LOD 1 of a 16x16 D32: level 1 starts at row align(16, 4) = 16;
     * pixel (1, 1): bx 4, row 17 -> 17 * 16 + 4 = 276 */
    ds_state(&s, GT3D_D32_FLOAT);
    s.depth.lod = 1;
    assert_int_equal(gt3d_backend_prepare(&f->dev, &be, &s), GTSIM_OK);
    w32(f, ZBUF + 276, f2u(1.0f));
    float z = 0.5f;
    uint16_t cov = 1;
    assert_int_equal(gt3d_backend_ds_pixel(&f->dev, &be, &f->vm, 1, 1, 0, &z, true, -1, &cov), GTSIM_OK);
    assert_int_equal(r32(f, ZBUF + 276), f2u(0.5f));
    /* array: Minimum Array Element 1 + RTAI 1 = slice 2, QPitch 8 rows:
     * pixel (0, 0) at row 16 -> 512 * 0 + 16 * 16 = 256 */
    ds_state(&s, GT3D_D32_FLOAT);
    s.depth.depth = 4;
    s.depth.min_array_element = 1;
    s.depth.view_extent = 1;
    s.depth.height = 8;
    s.depth.qpitch = 8;
    assert_int_equal(gt3d_backend_prepare(&f->dev, &be, &s), GTSIM_OK);
    w32(f, ZBUF + 256, f2u(1.0f));
    cov = 1;
    assert_int_equal(gt3d_backend_ds_pixel(&f->dev, &be, &f->vm, 0, 0, 1, &z, true, -1, &cov), GTSIM_OK);
    assert_int_equal(r32(f, ZBUF + 256), f2u(0.5f));
    /* 4x interleaved: sample 3 of pixel (1, 1) is element (3, 3): 3 * 16 + 12 = 60 */
    ds_state(&s, GT3D_D32_FLOAT);
    s.samples = 4;
    assert_int_equal(gt3d_backend_prepare(&f->dev, &be, &s), GTSIM_OK);
    w32(f, ZBUF + 60, f2u(1.0f));
    float zs[4] = {0.9f, 0.9f, 0.9f, 0.25f};
    cov = 0x8;
    assert_int_equal(gt3d_backend_ds_pixel(&f->dev, &be, &f->vm, 1, 1, 0, zs, true, -1, &cov), GTSIM_OK);
    assert_int_equal(cov, 0x8);
    assert_int_equal(r32(f, ZBUF + 60), f2u(0.25f));
    /* depth bounds [0.6, 1] on a stored 0.5: discarded, nothing written */
    ds_state(&s, GT3D_D32_FLOAT);
    s.depth_bounds_enable = true;
    s.depth_bounds_min = 0.6f;
    s.depth_bounds_max = 1.0f;
    assert_int_equal(gt3d_backend_prepare(&f->dev, &be, &s), GTSIM_OK);
    w32(f, ZBUF + 564, f2u(0.5f));
    z = 0.1f;
    cov = 1;
    assert_int_equal(gt3d_backend_ds_pixel(&f->dev, &be, &f->vm, 5, 3, 0, &z, true, -1, &cov), GTSIM_OK);
    assert_int_equal(cov, 0);
    assert_int_equal(r32(f, ZBUF + 564), f2u(0.5f));
    be.st.depth_bounds_min = 0.4f; /* now inside */
    cov = 1;
    assert_int_equal(gt3d_backend_ds_pixel(&f->dev, &be, &f->vm, 5, 3, 0, &z, true, -1, &cov), GTSIM_OK);
    assert_int_equal(cov, 1);
}

static uint8_t s_at(fx *f, uint64_t off)
{
    uint8_t v;
    rmem(f, SBUF + off, &v, 1);
    return v;
}
static void s_put(fx *f, uint64_t off, uint8_t v) { wmem(f, SBUF + off, &v, 1); }

static void stencil_double_sided(void **state)
{
    fx *f = *state;
    gt3d_backend be;
    gt3d_backend_state s;
    ds_state(&s, GT3D_D32_FLOAT);
    s.stencil = (gt3d_ds_surface){.surface_type = 1, .write_enable = true, .base = SBUF, .pitch = 64, .width = 16,
                                  .height = 16, .depth = 1, .halign = 8, .valign = 8};
    s.stencil_test_enable = s.stencil_write_enable = s.double_sided_stencil = true;
    s.front = (gt3d_stencil_face){.func = GT3D_CMP_EQUAL, .fail_op = GT3D_SOP_INVERT, .zfail_op = GT3D_SOP_ZERO,
                                  .zpass_op = GT3D_SOP_INCR, .test_mask = 0x0f, .write_mask = 0xff, .ref = 0x13};
    s.back = (gt3d_stencil_face){.func = GT3D_CMP_NEVER, .fail_op = GT3D_SOP_REPLACE, .test_mask = 0xff,
                                 .write_mask = 0x0f, .ref = 0x7c};
    assert_int_equal(gt3d_backend_prepare(&f->dev, &be, &s), GTSIM_OK);
    /* pixel (5, 3): stencil W offset 27, depth Y offset 564 */
    w32(f, ZBUF + 564, f2u(0.5f));
    s_put(f, 27, 0xa3); /* (0x13 & 0x0f) == (0xa3 & 0x0f): pass */
    float z = 0.25f;
    uint16_t cov = 1;
    assert_int_equal(gt3d_backend_ds_pixel(&f->dev, &be, &f->vm, 5, 3, 0, &z, true, -1, &cov), GTSIM_OK);
    assert_int_equal(cov, 1);
    assert_int_equal(s_at(f, 27), 0xa4); /* INCR */
    /* depth fails (0.75 > 0.25 stored now): ZERO */
    s_put(f, 27, 0xa3);
    z = 0.75f;
    cov = 1;
    assert_int_equal(gt3d_backend_ds_pixel(&f->dev, &be, &f->vm, 5, 3, 0, &z, true, -1, &cov), GTSIM_OK);
    assert_int_equal(cov, 0);
    assert_int_equal(s_at(f, 27), 0x00);
    /* stencil fails (0x3 != 0x4): INVERT, depth untouched */
    s_put(f, 27, 0xa4);
    z = 0.0f;
    cov = 1;
    assert_int_equal(gt3d_backend_ds_pixel(&f->dev, &be, &f->vm, 5, 3, 0, &z, true, -1, &cov), GTSIM_OK);
    assert_int_equal(cov, 0);
    assert_int_equal(s_at(f, 27), 0x5b);
    assert_int_equal(r32(f, ZBUF + 564), f2u(0.25f));
    /* back face: NEVER, REPLACE under write mask 0x0f: 0x5b -> 0x5c */
    cov = 1;
    assert_int_equal(gt3d_backend_ds_pixel(&f->dev, &be, &f->vm, 5, 3, 0, &z, false, -1, &cov), GTSIM_OK);
    assert_int_equal(cov, 0);
    assert_int_equal(s_at(f, 27), 0x5c);
    /* a PS-computed reference 0x2c replaces the face's: 0xc == 0x5c & 0xf, pass, INCR */
    cov = 1;
    assert_int_equal(gt3d_backend_ds_pixel(&f->dev, &be, &f->vm, 5, 3, 0, &z, true, 0x2c, &cov), GTSIM_OK);
    assert_int_equal(cov, 1); /* 0x2c & 0xf == 0x5c & 0xf */
    assert_int_equal(s_at(f, 27), 0x5d);
    assert_int_equal(be.ps_depth_count, 2);
}

static void early_quad(void **state)
{
    fx *f = *state;
    gt3d_backend be;
    gt3d_backend_state s;
    ds_state(&s, GT3D_D32_FLOAT);
    s.vp_min_depth[2] = 0.3f; /* viewport 2 clamps depth to [0.3, 1] */
    assert_int_equal(gt3d_backend_prepare(&f->dev, &be, &s), GTSIM_OK);
    assert_true(be.early);
    /* quad at (4, 2): pixels (4,2) (5,2) (4,3) (5,3); stored 0.5 everywhere */
    for (uint32_t y = 2; y < 4; y++)
        for (uint32_t x = 4; x < 6; x++)
            w32(f, ZBUF + (x * 4 / 16) * 512 + y * 16 + (x * 4) % 16, f2u(0.5f));
    gt3d_quad q;
    memset(&q, 0, sizeof(q));
    q.x = 4;
    q.y = 2;
    q.viewport = 2;
    q.front = true;
    q.cov[0] = q.cov[1] = q.cov[3] = 1; /* pixel 2 not covered */
    q.z[0][0] = 0.4f;
    q.z[1][0] = 0.6f;
    q.z[2][0] = 0.1f;
    q.z[3][0] = 0.1f; /* clamped to 0.3 */
    uint16_t cov[4];
    assert_int_equal(gt3d_backend_early(&f->dev, &be, &f->vm, &q, cov), GTSIM_OK);
    assert_int_equal(cov[0], 1);
    assert_int_equal(cov[1], 0);
    assert_int_equal(cov[2], 0);
    assert_int_equal(cov[3], 1);
    assert_int_equal(r32(f, ZBUF + 512 + 3 * 16 + 4), f2u(0.3f)); /* (5, 3) */
    assert_int_equal(r32(f, ZBUF + 512 + 2 * 16 + 0), f2u(0.4f)); /* (4, 2) */
    assert_int_equal(be.ps_depth_count, 2);
    /* a PS that kills pixels: late, nothing tested here */
    s.kills_pixel = true;
    assert_int_equal(gt3d_backend_prepare(&f->dev, &be, &s), GTSIM_OK);
    assert_false(be.early);
    q.z[1][0] = 0.0f;
    assert_int_equal(gt3d_backend_early(&f->dev, &be, &f->vm, &q, cov), GTSIM_OK);
    assert_int_equal(cov[1], 1);
    assert_int_equal(be.ps_depth_count, 0);
    /* ... unless Early Depth/Stencil Control is PREPS */
    s.early_ds_control = GT3D_EDSC_PREPS;
    assert_int_equal(gt3d_backend_prepare(&f->dev, &be, &s), GTSIM_OK);
    assert_true(be.early);
    /* bad state is reported, not a crash */
    s.samples = 3;
    assert_int_equal(gt3d_backend_prepare(&f->dev, &be, &s), GTSIM_ERR_ILLEGAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(compare_functions),
        cmocka_unit_test(stencil_ops),
        cmocka_unit_test(logic_ops),
        cmocka_unit_test(blend_factors_and_functions),
        cmocka_unit_test(wtile_addresses),
        cmocka_unit_test_setup_teardown(depth_formats, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(depth_lod_layer_msaa_bounds, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(stencil_double_sided, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(early_quad, fx_setup, fx_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
