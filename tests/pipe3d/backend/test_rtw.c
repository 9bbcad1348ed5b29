/*
 * Render target write / read messages (src/sf/rt.c, SFID 5): descriptors
 * and payload registers built by hand in a thread's GRF (layout: seed 004
 * MSD_RTW_SIMD8/16, MSD_RTR_SIMD8; the payload order and header fields of
 * the comment at the top of rt.c), sent with gt_sf_send to
 * RENDER_SURFACE_STATEs written from the Gen9 field positions (DW0 31:29
 * Surface Type, 27:18 Surface Format, 13:12 Tile Mode; DW2 29:16 Height,
 * 13:0 Width; DW3 17:0 Pitch; DW8-9 base), and the pixels read back from
 * memory.  Expected values: computed in double in the test and quantised
 * (round to nearest, ties to even) or worked out by hand.
 */
#include "fx.h"

#define DESC(mlen, hdr, type, sub, last, bti)                                                                \
    ((uint32_t)(mlen) << 25 | (uint32_t)(hdr) << 19 | (uint32_t)(type) << 14 | (uint32_t)(last) << 12 |        \
     (uint32_t)(sub) << 8 | (uint32_t)(bti))
#define RTW 0x0c
#define RTR 0x0d
#define PAY 10 /* payload registers from r10 */

enum { F_RGBA8 = 0x0C7, F_RGBA8_SRGB = 0x0C8, F_RGBA8_UINT = 0x0CB, F_B5G6R5 = 0x100 };

typedef struct rfx {
    fx *f;
    gt3d_backend be;
    gt3d_ps_thread ps;
    gt3d_ps_late late;
} rfx;

/* A 2D render target at base, bound at bti (linear or Y-tiled). */
static void bind_rt(fx *f, unsigned bti, unsigned format, unsigned w, unsigned h, unsigned pitch, bool tiley,
                    uint64_t base)
{
    uint32_t dw[16] = {0};
    uint32_t ss = 0x100 + 0x40 * bti;
    dw[0] = 1u << 29 | format << 18 | (tiley ? 3u : 0u) << 12 | 1u << 16 | 1u << 14;
    dw[2] = (h - 1) << 16 | (w - 1);
    dw[3] = pitch - 1;
    dw[8] = (uint32_t)base;
    dw[9] = (uint32_t)(base >> 32);
    for (int i = 0; i < 16; i++)
        w32(f, SSB + ss + 4 * i, dw[i]);
    w32(f, SSB + BT_OFF + 4 * bti, ss);
}

/* A SIMD-n PS thread whose subspan k has its origin at (2k mod 8, 2 (2k div 8)):
 * lanes 4k..4k+3 = (x, y), (x+1, y), (x, y+1), (x+1, y+1). */
static void ps_init(rfx *r, unsigned simd, const gt3d_backend_state *st)
{
    assert_int_equal(gt3d_backend_prepare(&r->f->dev, &r->be, st), GTSIM_OK);
    memset(&r->ps, 0, sizeof(r->ps));
    memset(&r->late, 0, sizeof(r->late));
    r->ps.be = &r->be;
    r->ps.simd = simd;
    r->ps.late = &r->late;
    r->ps.front = true;
    for (unsigned i = 0; i < simd; i++) {
        unsigned k = i / 4;
        r->ps.x[i] = (uint16_t)((2 * k) % 8 + (i & 1));
        r->ps.y[i] = (uint16_t)(2 * (2 * k / 8) + ((i >> 1) & 1));
        r->ps.cov[i] = 1;
        r->ps.z[i][0] = 0.5f;
    }
    r->f->t->ps3d = &r->ps;
}

static uint32_t *grf(fx *f, unsigned reg) { return (uint32_t *)(f->t->grf + reg * 32); }

static int send_rt(fx *f, uint32_t desc, uint32_t exdesc, uint32_t mask, int dst)
{
    gt_inst in;
    memset(&in, 0, sizeof(in));
    in.op = GT_OP_SEND;
    in.sfid = GT_SFID_DP_RC;
    in.src[0].file = GT_FILE_GRF;
    in.src[0].nr = PAY;
    if (dst >= 0) {
        in.dst.file = GT_FILE_GRF;
        in.dst.nr = (uint8_t)dst;
    } else {
        in.dst.file = GT_FILE_ARF;
        in.dst.nr = GT_ARF_NULL;
    }
    desc |= (uint32_t)(dst >= 0 ? 4 : 0) << 20;
    return gt_sf_send(&f->dev, f->t, &in, mask, desc, GT_SFID_DP_RC | exdesc);
}

/* Byte c of pixel (x, y) of a linear 4-byte-per-pixel target of pitch 32. */
static uint8_t px(fx *f, uint64_t base, unsigned x, unsigned y, unsigned c)
{
    uint8_t v;
    rmem(f, base + y * 32 + x * 4 + c, &v, 1);
    return v;
}
static uint8_t q8(double v) { return (uint8_t)lrint((v < 0 ? 0 : v > 1 ? 1 : v) * 255.0); }

static int rsetup(void **state)
{
    fx_setup(state);
    rfx *r = calloc(1, sizeof(*r));
    r->f = *state;
    *state = r;
    return 0;
}
static int rteardown(void **state)
{
    rfx *r = *state;
    void *fs = r->f;
    free(r);
    return fx_teardown(&fs);
}

/* colour of lane i, channel c in the SIMD8 tests */
static float col(unsigned i, unsigned c) { return c == 0 ? (float)i / 8 : c == 1 ? 1 - (float)i / 8 : c == 2 ? 0.5f : 1; }

static void simd8_no_header(void **state)
{
    rfx *r = *state;
    fx *f = r->f;
    gt3d_backend_state st;
    state_init(&st);
    ps_init(r, 8, &st);
    bind_rt(f, 0, F_RGBA8, 8, 4, 32, false, RT0);
    for (unsigned c = 0; c < 4; c++)
        for (unsigned i = 0; i < 8; i++)
            grf(f, PAY + c)[i] = f2u(col(i, c));
    assert_int_equal(send_rt(f, DESC(4, 0, RTW, 4, 1, 0), 0, 0xFB, -1), GTSIM_OK);
    for (unsigned i = 0; i < 8; i++)
        for (unsigned c = 0; c < 4; c++)
            assert_int_equal(px(f, RT0, r->ps.x[i], r->ps.y[i], c), i == 2 ? 0 : q8(col(i, c)));
    /* the read back (SIMD8, header present): the unpacked values */
    memset(grf(f, PAY), 0, 64);
    assert_int_equal(send_rt(f, DESC(2, 1, RTR, 1, 0, 0), 0, 0xFF, 40), GTSIM_OK);
    for (unsigned i = 0; i < 8; i++)
        for (unsigned c = 0; c < 4; c++)
            assert_true(fabs(u2f(grf(f, 40 + c)[i]) - (i == 2 ? 0.0 : q8(col(i, c)) / 255.0)) < 1e-6);
    /* a thread without a PS context: a report, not a crash */
    f->t->ps3d = NULL;
    assert_int_equal(send_rt(f, DESC(4, 0, RTW, 4, 1, 0), 0, 0xFF, -1), GTSIM_ERR_ILLEGAL);
    assert_non_null(strstr(f->dev.err, "pixel shader"));
}

/* A single-layer view of a 2D array render target: Minimum Array Element 2,
 * Depth 0 (one layer: Mesa ISL programs Depth = layer count - 1 of the
 * view; PRM RENDER_SURFACE_STATE Depth "reduced by one for each increase
 * from zero of Minimum Array Element"), QPitch 4 rows: the write lands in
 * layer 2, 2 * 4 rows * 32 bytes past the base, nothing in layer 0. */
static void array_view_layer(void **state)
{
    rfx *r = *state;
    fx *f = r->f;
    gt3d_backend_state st;
    state_init(&st);
    ps_init(r, 8, &st);
    bind_rt(f, 0, F_RGBA8, 8, 4, 32, false, RT0);
    uint32_t ss = 0x100;
    uint32_t dw0;
    rmem(f, SSB + ss, &dw0, 4);
    w32(f, SSB + ss, dw0 | 1u << 28);  /* Surface Array */
    w32(f, SSB + ss + 4, 4 / 4);       /* QPitch 4 rows */
    w32(f, SSB + ss + 16, 2u << 18);   /* Minimum Array Element 2, View Extent 0 */
    r->ps.rtai = 0;
    for (unsigned c = 0; c < 4; c++)
        for (unsigned i = 0; i < 8; i++)
            grf(f, PAY + c)[i] = f2u(col(i, c));
    assert_int_equal(send_rt(f, DESC(4, 0, RTW, 4, 1, 0), 0, 0xFF, -1), GTSIM_OK);
    for (unsigned i = 0; i < 8; i++)
        for (unsigned c = 0; c < 4; c++) {
            assert_int_equal(px(f, RT0 + 2 * 4 * 32, r->ps.x[i], r->ps.y[i], c), q8(col(i, c)));
            assert_int_equal(px(f, RT0, r->ps.x[i], r->ps.y[i], c), 0);
        }
}

static void simd16_header_blend(void **state)
{
    rfx *r = *state;
    fx *f = r->f;
    gt3d_backend_state st;
    state_init(&st);
    st.rt[0].color_blend_enable = true;
    st.rt[0].src_color = GT3D_BF_SRC_ALPHA;
    st.rt[0].dst_color = GT3D_BF_INV_SRC_ALPHA;
    st.rt[0].color_func = GT3D_BLEND_ADD;
    ps_init(r, 16, &st);
    bind_rt(f, 0, F_RGBA8, 8, 4, 32, false, RT0);
    uint8_t dst[16][4];
    for (unsigned i = 0; i < 16; i++)
        for (unsigned c = 0; c < 4; c++) {
            dst[i][c] = (uint8_t)(17 * i + 40 * c + 3);
            wmem(f, RT0 + r->ps.y[i] * 32 + r->ps.x[i] * 4 + c, &dst[i][c], 1);
        }
    memset(grf(f, PAY), 0, 64);
    grf(f, PAY + 1)[7] = 0xFFDF; /* M1.7 pixel mask: lane 5 discarded */
    float s[16][4];
    for (unsigned i = 0; i < 16; i++)
        for (unsigned c = 0; c < 4; c++) {
            s[i][c] = c == 3 ? 0.1f + 0.05f * (float)i : 0.03f * (float)(i + 7 * c);
            grf(f, PAY + 2 + 2 * c + i / 8)[i % 8] = f2u(s[i][c]);
        }
    assert_int_equal(send_rt(f, DESC(10, 1, RTW, 0, 1, 0), 0, 0xFFFF, -1), GTSIM_OK);
    for (unsigned i = 0; i < 16; i++)
        for (unsigned c = 0; c < 4; c++) {
            double a = s[i][3], want = s[i][c] * a + (dst[i][c] / 255.0) * (1 - a);
            assert_int_equal(px(f, RT0, r->ps.x[i], r->ps.y[i], c), i == 5 ? dst[i][c] : q8(want));
        }
}

static void simd16_replicated(void **state)
{
    rfx *r = *state;
    fx *f = r->f;
    gt3d_backend_state st;
    state_init(&st);
    ps_init(r, 16, &st);
    bind_rt(f, 0, F_RGBA8, 8, 4, 32, false, RT0);
    memset(grf(f, PAY), 0, 64);
    grf(f, PAY + 1)[7] = 0xFFFF;
    const float v[4] = {0.25f, 0.5f, 0.75f, 1.0f};
    for (unsigned c = 0; c < 4; c++)
        grf(f, PAY + 2)[c] = f2u(v[c]);
    assert_int_equal(send_rt(f, DESC(3, 1, RTW, 1, 1, 0), 0, 0xFFFF, -1), GTSIM_OK);
    static const uint8_t want[4] = {64 /* 63.75 */, 128 /* 127.5, ties to even */, 191 /* 191.25 */, 255};
    for (unsigned i = 0; i < 16; i++)
        for (unsigned c = 0; c < 4; c++)
            assert_int_equal(px(f, RT0, r->ps.x[i], r->ps.y[i], c), want[c]);
}

static void dual_source(void **state)
{
    rfx *r = *state;
    fx *f = r->f;
    gt3d_backend_state st;
    state_init(&st);
    st.rt[0].color_blend_enable = true;
    st.rt[0].src_color = GT3D_BF_ONE;
    st.rt[0].dst_color = GT3D_BF_SRC1_COLOR;
    ps_init(r, 16, &st);
    bind_rt(f, 0, F_RGBA8, 8, 4, 32, false, RT0);
    for (unsigned i = 0; i < 16; i++)
        for (unsigned c = 0; c < 4; c++) {
            uint8_t d = 200;
            wmem(f, RT0 + r->ps.y[i] * 32 + r->ps.x[i] * 4 + c, &d, 1);
        }
    /* low (lanes 0-7) then high (lanes 8-15: the send's slot 0 is lane 8) */
    for (unsigned half = 0; half < 2; half++) {
        for (unsigned i = 0; i < 8; i++)
            for (unsigned c = 0; c < 4; c++) {
                unsigned L = 8 * half + i;
                grf(f, PAY + c)[i] = f2u(0.013f * (float)L);
                grf(f, PAY + 4 + c)[i] = f2u(0.047f * (float)(L + c));
            }
        assert_int_equal(send_rt(f, DESC(8, 0, RTW, 2 + half, half, 0), 0, 0xFF, -1), GTSIM_OK);
    }
    for (unsigned L = 0; L < 16; L++)
        for (unsigned c = 0; c < 4; c++) {
            double want = (double)(0.013f * (float)L) + (200 / 255.0) * (double)(0.047f * (float)(L + c));
            assert_int_equal(px(f, RT0, r->ps.x[L], r->ps.y[L], c), q8(want));
        }
}

static double srgb_dec(double c) { return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4); }
static double srgb_enc(double l) { return l <= 0.0031308 ? 12.92 * l : 1.055 * pow(l, 1 / 2.4) - 0.055; }

static void srgb_blend(void **state)
{
    rfx *r = *state;
    fx *f = r->f;
    gt3d_backend_state st;
    state_init(&st);
    st.rt[0].color_blend_enable = true;
    st.rt[0].src_color = st.rt[0].dst_color = GT3D_BF_ONE;
    ps_init(r, 8, &st);
    bind_rt(f, 0, F_RGBA8_SRGB, 8, 4, 32, false, RT0);
    for (unsigned i = 0; i < 8; i++)
        for (unsigned c = 0; c < 4; c++) {
            uint8_t d = (uint8_t)(20 * i + 5);
            wmem(f, RT0 + r->ps.y[i] * 32 + r->ps.x[i] * 4 + c, &d, 1);
            grf(f, PAY + c)[i] = f2u(0.2f);
        }
    assert_int_equal(send_rt(f, DESC(4, 0, RTW, 4, 1, 0), 0, 0xFF, -1), GTSIM_OK);
    for (unsigned i = 0; i < 8; i++)
        for (unsigned c = 0; c < 4; c++) {
            double d = (20 * i + 5) / 255.0;
            double want = c == 3 ? d + (double)0.2f : srgb_enc(srgb_dec(d) + (double)0.2f);
            assert_int_equal(px(f, RT0, r->ps.x[i], r->ps.y[i], c), q8(want));
        }
}

static void integer_logic_op(void **state)
{
    rfx *r = *state;
    fx *f = r->f;
    gt3d_backend_state st;
    state_init(&st);
    st.rt[0].color_blend_enable = true; /* ignored: integer format */
    st.rt[0].src_color = st.rt[0].dst_color = GT3D_BF_ONE;
    ps_init(r, 8, &st);
    bind_rt(f, 0, F_RGBA8_UINT, 8, 4, 32, false, RT0);
    static const uint8_t d[4] = {0x0F, 0x33, 0x55, 0xFF};
    static const uint32_t s[4] = {0xFF, 0x0F, 0x00, 0x01};
    for (unsigned i = 0; i < 8; i++)
        for (unsigned c = 0; c < 4; c++) {
            wmem(f, RT0 + r->ps.y[i] * 32 + r->ps.x[i] * 4 + c, &d[c], 1);
            grf(f, PAY + c)[i] = s[c] + i;
        }
    /* no logic op: the integers (blending skipped) */
    assert_int_equal(send_rt(f, DESC(4, 0, RTW, 4, 1, 0), 0, 0x0F, -1), GTSIM_OK);
    /* XOR on lanes 4-7 */
    r->be.st.rt[0].logic_op_enable = true;
    r->be.st.rt[0].logic_op = 6;
    assert_int_equal(send_rt(f, DESC(4, 0, RTW, 4, 1, 0), 0, 0xF0, -1), GTSIM_OK);
    for (unsigned i = 0; i < 8; i++)
        for (unsigned c = 0; c < 4; c++) {
            uint8_t v = (uint8_t)(s[c] + i);
            assert_int_equal(px(f, RT0, r->ps.x[i], r->ps.y[i], c), i < 4 ? v : (uint8_t)(v ^ d[c]));
        }
}

static void b5g6r5_and_write_masks(void **state)
{
    rfx *r = *state;
    fx *f = r->f;
    gt3d_backend_state st;
    state_init(&st);
    st.rt[0].write_disable = 0x2; /* green */
    ps_init(r, 8, &st);
    bind_rt(f, 0, F_B5G6R5, 8, 4, 32, false, RT0);
    uint16_t d = 0x1234; /* B 0x14, G 17, R 2 */
    for (unsigned i = 0; i < 8; i++) {
        wmem(f, RT0 + r->ps.y[i] * 32 + r->ps.x[i] * 2, &d, 2);
        grf(f, PAY + 0)[i] = f2u(1.0f);
        grf(f, PAY + 1)[i] = f2u(0.0f);
        grf(f, PAY + 2)[i] = f2u(0.5f);
        grf(f, PAY + 3)[i] = f2u(1.0f);
    }
    assert_int_equal(send_rt(f, DESC(4, 0, RTW, 4, 1, 0), 0, 0xFF, -1), GTSIM_OK);
    for (unsigned i = 0; i < 8; i++) {
        uint16_t v;
        rmem(f, RT0 + r->ps.y[i] * 32 + r->ps.x[i] * 2, &v, 2);
        assert_int_equal(v, 31u << 11 | 17u << 5 | 16u); /* R 31, G kept, B 15.5 -> 16 */
    }
    /* RGBA8 with blue and alpha disabled */
    st.rt[0].write_disable = 0xC;
    ps_init(r, 8, &st);
    bind_rt(f, 0, F_RGBA8, 8, 4, 32, false, RT0);
    for (unsigned i = 0; i < 8; i++)
        w32(f, RT0 + r->ps.y[i] * 32 + r->ps.x[i] * 4, 0x11223344u);
    assert_int_equal(send_rt(f, DESC(4, 0, RTW, 4, 1, 0), 0, 0xFF, -1), GTSIM_OK);
    for (unsigned i = 0; i < 8; i++)
        assert_int_equal(r32(f, RT0 + r->ps.y[i] * 32 + r->ps.x[i] * 4), 0x11220000u | 0xFF << 0 | 0x00 << 8);
}

static void tiley_gen12_rt_index_null(void **state)
{
    rfx *r = *state;
    fx *f = r->f;
    f->dev.plat = gt_platform_find("tgllp");
    assert_non_null(f->dev.plat);
    gt3d_backend_state st;
    state_init(&st);
    st.rt[1].write_disable = 0x1; /* entry 1: red disabled */
    ps_init(r, 8, &st);
    /* Y-tiled 32x32 RGBA8, pitch 128: pixel (x, y) at (4x / 16) * 512 + y * 16 + 4x % 16 */
    bind_rt(f, 3, F_RGBA8, 32, 32, 128, true, RT0);
    for (unsigned i = 0; i < 8; i++) {
        w32(f, RT0 + (4 * r->ps.x[i] / 16) * 512 + r->ps.y[i] * 16 + (4 * r->ps.x[i]) % 16, 0x000000AAu);
        for (unsigned c = 0; c < 4; c++)
            grf(f, PAY + c)[i] = f2u(c == 0 ? 1.0f : 0.0f);
        grf(f, PAY + 1)[i] = f2u(1.0f); /* green */
    }
    /* extended descriptor: Render Target Index 1 (14:12) */
    assert_int_equal(send_rt(f, DESC(4, 0, RTW, 4, 1, 3), 1u << 12, 0xFF, -1), GTSIM_OK);
    for (unsigned i = 0; i < 8; i++)
        assert_int_equal(r32(f, RT0 + (4 * r->ps.x[i] / 16) * 512 + r->ps.y[i] * 16 + (4 * r->ps.x[i]) % 16),
                         0x0000FFAAu);
    /* Null Render Target (bit 20): nothing written */
    r->late.done = 0;
    for (unsigned i = 0; i < 8; i++)
        grf(f, PAY + 2)[i] = f2u(1.0f);
    assert_int_equal(send_rt(f, DESC(4, 0, RTW, 4, 1, 3), 1u << 20, 0xFF, -1), GTSIM_OK);
    assert_int_equal(r32(f, RT0), 0x0000FFAAu);
    f->dev.plat = NULL;
}

static void late_depth_and_mrt(void **state)
{
    rfx *r = *state;
    fx *f = r->f;
    gt3d_backend_state st;
    state_init(&st);
    st.depth = (gt3d_ds_surface){.surface_type = 1, .write_enable = true, .format = GT3D_D32_FLOAT, .base = ZBUF,
                                 .pitch = 128, .width = 16, .height = 16, .depth = 1, .halign = 8, .valign = 4};
    st.depth_test_enable = st.depth_write_enable = true;
    st.depth_func = GT3D_CMP_LESS;
    st.computed_depth_mode = GT3D_PSCDEPTH_ON;
    ps_init(r, 8, &st);
    assert_false(r->be.early);
    for (unsigned i = 0; i < 8; i++) /* Y tile: pixel (x, y) of D32 at (4x/16)*512 + 16y + 4x%16 */
        w32(f, ZBUF + (4 * r->ps.x[i] / 16) * 512 + r->ps.y[i] * 16 + (4 * r->ps.x[i]) % 16, f2u(0.5f));
    bind_rt(f, 0, F_RGBA8, 8, 4, 32, false, RT0);
    bind_rt(f, 1, F_RGBA8, 8, 4, 32, false, RT0 + 0x1000);
    /* header (Gen9 M0.2 = render target index), colour, source depth */
    memset(grf(f, PAY), 0, 64);
    grf(f, PAY + 1)[7] = 0xFF;
    for (unsigned i = 0; i < 8; i++) {
        for (unsigned c = 0; c < 4; c++)
            grf(f, PAY + 2 + c)[i] = f2u(1.0f);
        grf(f, PAY + 6)[i] = f2u(i % 2 ? 0.75f : 0.25f);
    }
    assert_int_equal(send_rt(f, DESC(7, 1, RTW, 4, 0, 0), 0, 0xFF, -1), GTSIM_OK);
    grf(f, PAY)[2] = 1; /* RT 1: the coverage decided by the first write */
    assert_int_equal(send_rt(f, DESC(7, 1, RTW, 4, 1, 1), 0, 0xFF, -1), GTSIM_OK);
    for (unsigned i = 0; i < 8; i++) {
        uint32_t want = i % 2 ? 0 : 0xFFFFFFFFu;
        assert_int_equal(r32(f, RT0 + r->ps.y[i] * 32 + r->ps.x[i] * 4), want);
        assert_int_equal(r32(f, RT0 + 0x1000 + r->ps.y[i] * 32 + r->ps.x[i] * 4), want);
        assert_int_equal(r32(f, ZBUF + (4 * r->ps.x[i] / 16) * 512 + r->ps.y[i] * 16 + (4 * r->ps.x[i]) % 16),
                         f2u(i % 2 ? 0.5f : 0.25f));
    }
    assert_int_equal(r->be.ps_depth_count, 4);
    /* a message too short for its payload */
    assert_int_equal(send_rt(f, DESC(5, 1, RTW, 4, 1, 0), 0, 0xFF, -1), GTSIM_ERR_ILLEGAL);
}

static void alpha_test(void **state)
{
    rfx *r = *state;
    fx *f = r->f;
    gt3d_backend_state st;
    state_init(&st);
    st.alpha_test_enable = true;
    st.alpha_test_float = true;
    st.alpha_test_func = GT3D_CMP_GREATER;
    st.alpha_ref = 0.5f;
    ps_init(r, 8, &st);
    bind_rt(f, 0, F_RGBA8, 8, 4, 32, false, RT0);
    for (unsigned i = 0; i < 8; i++) {
        w32(f, RT0 + r->ps.y[i] * 32 + r->ps.x[i] * 4, 0);
        for (unsigned c = 0; c < 3; c++)
            grf(f, PAY + c)[i] = f2u(1.0f);
        grf(f, PAY + 3)[i] = f2u(i < 4 ? 0.5f : 0.75f); /* 0.5 > 0.5 fails */
    }
    assert_int_equal(send_rt(f, DESC(4, 0, RTW, 4, 1, 0), 0, 0xFF, -1), GTSIM_OK);
    for (unsigned i = 0; i < 8; i++)
        assert_int_equal(r32(f, RT0 + r->ps.y[i] * 32 + r->ps.x[i] * 4), i < 4 ? 0 : 0xBFFFFFFFu);
}

static void msaa_omask(void **state)
{
    rfx *r = *state;
    fx *f = r->f;
    gt3d_backend_state st;
    state_init(&st);
    st.samples = 4;
    st.omask_present = true;
    ps_init(r, 8, &st);
    for (unsigned i = 0; i < 8; i++)
        r->ps.cov[i] = i == 7 ? 0x7 : 0xF; /* lane 7: sample 3 not covered */
    /* 8x4 RGBA8, 4x MSS (DW4 5:3 Number of Multisamples = 2), QPitch 4
     * rows: sample plane p of pixel (x, y) at p * 128 + 32 y + 4 x */
    bind_rt(f, 0, F_RGBA8, 8, 4, 32, false, RT0);
    uint32_t ss = 0x100;
    w32(f, SSB + ss + 4, 4 / 4);
    w32(f, SSB + ss + 16, 2u << 3);
    for (unsigned i = 0; i < 8; i++) {
        ((uint16_t *)grf(f, PAY))[i] = (uint16_t)(i % 2 ? 0xA : 0x5); /* oMask words */
        for (unsigned c = 0; c < 4; c++)
            grf(f, PAY + 1 + c)[i] = f2u(1.0f);
    }
    assert_int_equal(send_rt(f, DESC(5, 0, RTW, 4, 1, 0), 0, 0xFF, -1), GTSIM_OK);
    for (unsigned i = 0; i < 8; i++)
        for (unsigned p = 0; p < 4; p++) {
            uint32_t m = (i % 2 ? 0xAu : 0x5u) & (i == 7 ? 0x7u : 0xFu);
            assert_int_equal(r32(f, RT0 + p * 128 + r->ps.y[i] * 32 + r->ps.x[i] * 4), (m >> p & 1) ? 0xFFFFFFFFu : 0);
        }
    /* per-sample read (desc bit 13) of lane i's sample i % 4 */
    for (unsigned i = 0; i < 8; i++)
        r->ps.sample[i] = (uint8_t)(i % 4);
    memset(grf(f, PAY), 0, 64);
    assert_int_equal(send_rt(f, DESC(2, 1, RTR, 1, 0, 0) | 1u << 13, 0, 0xFF, 40), GTSIM_OK);
    for (unsigned i = 0; i < 8; i++) {
        uint32_t m = (i % 2 ? 0xAu : 0x5u) & (i == 7 ? 0x7u : 0xFu);
        assert_true(u2f(grf(f, 40)[i]) == ((m >> (i % 4) & 1) ? 1.0f : 0.0f));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(simd8_no_header, rsetup, rteardown),
        cmocka_unit_test_setup_teardown(simd16_header_blend, rsetup, rteardown),
        cmocka_unit_test_setup_teardown(simd16_replicated, rsetup, rteardown),
        cmocka_unit_test_setup_teardown(dual_source, rsetup, rteardown),
        cmocka_unit_test_setup_teardown(srgb_blend, rsetup, rteardown),
        cmocka_unit_test_setup_teardown(integer_logic_op, rsetup, rteardown),
        cmocka_unit_test_setup_teardown(b5g6r5_and_write_masks, rsetup, rteardown),
        cmocka_unit_test_setup_teardown(tiley_gen12_rt_index_null, rsetup, rteardown),
        cmocka_unit_test_setup_teardown(late_depth_and_mrt, rsetup, rteardown),
        cmocka_unit_test_setup_teardown(alpha_test, rsetup, rteardown),
        cmocka_unit_test_setup_teardown(msaa_omask, rsetup, rteardown),
        cmocka_unit_test_setup_teardown(array_view_layer, rsetup, rteardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
