/*
 * Render target messages of the render cache data port (SFID 5,
 * GT_SFID_DP_RC) on Gen9 and Gen12LP: the render target write a pixel
 * shader ends with, and the render target read of framebuffer fetch.  The
 * per-pixel work (depth/stencil, blending) is the pixel backend's
 * (src/pipe3d/backend.h); the thread's pixels come from its PS thread
 * context (gt_thread.ps3d), which the 3D pipeline sets at dispatch.
 *
 * Descriptor (seed 004 MSD_RTW_SIMD8 / MSD_RTW_SIMD16, MSD_RTR_SIMD8 /
 * MSD_RTR_SIMD16; the same fields on Gen9, public fact: Mesa
 * brw_fb_write_desc / brw_fb_read_desc):
 *   19 Header Present, 17:14 Message Type (0Ch write, 0Dh read),
 *   13 Per-Sample PS Enable, 12 Last Render Target Select (write),
 *   11 Slot Group Select (slots 31:16), 10:8 Render Target Message Subtype
 *   (write: 0 SIMD16 single source, 1 SIMD16 replicated, 2 SIMD8 dual
 *   source low (subspans 0-1), 3 SIMD8 dual source high (subspans 2-3), 4
 *   SIMD8 single source low -- Mesa brw_eu_defines.h
 *   BRW_DATAPORT_RENDER_TARGET_WRITE_*; read: bit 8, 1 SIMD8, 0 SIMD16),
 *   7:0 Binding Table Index.
 * Extended descriptor (Gen11+, gt_sf_gen.rt_exdesc; Mesa
 * lower_fb_write_logical_send): 14:12 Render Target Index, 15 Source0
 * Alpha Present, 20 Null Render Target.
 *
 * Write payload (Mesa lower_fb_write_logical_send, the order the hardware
 * expects), in GRF registers:
 *   header (2, when Header Present): copies of R0 and R1 of the PS payload;
 *     M0.0 bit 11 Source0 Alpha Present, 12 oMask Present, 13 Source Depth
 *     Present, 14 Stencil Present to Render Target; M0.2 the Render Target
 *     Index (Gen9); M1.7 15:0 the Pixel/Sample Mask of the slots (a lane's
 *     bit at its slot mod 16: discarded pixels are clear);
 *   Source0 Alpha (when present): 1 register per 8 slots;
 *   oMask (when present): 1 register of 16 words, slot s at word s mod 16;
 *   colour R, G, B, A: 1 register per 8 slots each (replicated: one
 *     register, R, G, B, A in DWords 0-3 for all slots);
 *   colour 1 R, G, B, A (dual source);
 *   Source Depth (when the PS computes depth): 1 register per 8 slots;
 *   Stencil (when the PS computes stencil): 1 register, slot s at byte s.
 * Without a header the presence bits come from the state (3DSTATE_PS_EXTRA
 * oMask Present to RenderTarget, Pixel Shader Computed Depth Mode, Pixel
 * Shader Computes Stencil; the extended descriptor's Source0 Alpha
 * Present), and the pixel enables are the send's execution mask (Mesa
 * predicates the send with the sample mask when the PS kills pixels).
 *
 * A pixel's coverage is decided at the first render target write that
 * covers it (gt3d_ps_late): oMask, alpha test (source0 alpha when present,
 * else the written alpha), alpha to coverage, then the late depth/stencil
 * test when it did not run before the PS.  The colour is then written to
 * each covered sample: blended (float, destination unpacked with its sRGB
 * decode), or combined by the logic op (on the packed bits of UNORM and
 * integer formats), under the channel write disables.  Integer formats are
 * never blended.
 *
 * The render target: Surface Type 1D/2D/3D/cube, level = MIP Count / LOD
 * (the LOD for render targets; public fact: Mesa isl_surface_state.c
 * programs the view's base level there and Surface Min LOD 0 for render
 * targets), slice = Minimum Array Element + the primitive's Render Target
 * Array Index (an index past Render Target View Extent uses 0).
 *
 * Read response (framebuffer fetch): R, G, B, A, 1 register per 8 slots
 * each, the unpacked values of the pixel (per-sample: the lane's sample).
 */
#include <math.h>
#include <stdio.h>

#include "pipe3d/backend.h"
#include "sf/format.h"
#include "sf/rtdump.h"
#include "sf/sf_int.h"

#define RT_WRITE 0x0c
#define RT_READ 0x0d

static inline float u2f(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

/* The render target's resolved image and where its pixels are. */
typedef struct rt_target {
    sf_image im;    /* as resolved (samples, MCS) */
    sf_image flat;  /* the same surface addressed as single-sampled slices */
    uint32_t lod, layer, w, h;
    float lo, hi;   /* RTFORMAT clamp range */
    bool is_int, logic_ok;
    uint8_t keep[16]; /* bits kept from the destination (write disables) */
    bool keep_any, keep_all;
} rt_target;

static int rt_resolve(sf_msg *m, const gt3d_ps_thread *ps, uint32_t bti, uint8_t wdis, rt_target *rt)
{
    const sf_image *cached;
    int st = sf_image_bti(m, bti, &rt->im, &cached);
    if (st)
        return st;
    if (cached != &rt->im)
        rt->im = *cached;
    sf_image *im = &rt->im;
    if (im->s.type == SF_SURFTYPE_NULL)
        return GTSIM_OK;
    if (im->s.type == SF_SURFTYPE_BUFFER || im->fmt->bw != 1 || im->fmt->bh != 1 ||
        im->fmt->kind == SF_LK_YUV || im->fmt->kind == SF_LK_OTHER)
        return sf_image_format_fail(m, im, "render target access");
    rt->flat = *im;
    rt->flat.samples = 1;
    rt->lod = (uint32_t)im->s.f[RSS_MIP_COUNT];
    uint32_t extent = (uint32_t)im->s.f[RSS_VIEW_EXTENT];
    uint32_t rel = ps->rtai <= extent ? ps->rtai : 0;
    rt->layer = (uint32_t)im->s.f[RSS_MIN_ARRAY_ELEMENT] + rel;
    rt->w = sf_image_dim(im, 0, rt->lod);
    rt->h = sf_image_dim(im, 1, rt->lod);
    /* 3D: Minimum Array Element is the first depth slice of the level's
     * depth; arrays: Depth is the view's layer count from Minimum Array
     * Element (PRM RENDER_SURFACE_STATE Depth: "reduced by one for each
     * increase from zero of Minimum Array Element") */
    if (im->s.type == SF_SURFTYPE_3D ? rt->layer >= sf_image_dim(im, 2, rt->lod) : rel >= im->layers)
        rt->w = rt->h = 0; /* nothing of the slice exists: no writes */
    const sf_format_info *f = im->fmt;
    rt->is_int = sf_format_is_int(f);
    unsigned t = f->ch[0].bits ? f->ch[0].type : f->ch[3].type;
    rt->lo = -INFINITY;
    rt->hi = INFINITY;
    if (t == SF_CT_UNORM || t == SF_CT_SRGB) {
        rt->lo = 0.0f;
        rt->hi = 1.0f;
    } else if (t == SF_CT_SNORM) {
        rt->lo = -1.0f;
        rt->hi = 1.0f;
    } else if (t == SF_CT_UFLOAT) {
        rt->lo = 0.0f;
    }
    rt->logic_ok = t != SF_CT_FLOAT && t != SF_CT_UFLOAT;
    memset(rt->keep, 0, sizeof(rt->keep));
    rt->keep_any = false;
    unsigned present = 0;
    for (unsigned c = 0; c < 4; c++) {
        if (!f->ch[c].bits || f->ch[c].type == SF_CT_X)
            continue;
        present |= 1u << c;
        if (!(wdis >> c & 1))
            continue;
        rt->keep_any = true;
        for (unsigned b = f->ch[c].shift; b < (unsigned)f->ch[c].shift + f->ch[c].bits && b < 128; b++)
            rt->keep[b / 8] |= (uint8_t)(1u << (b % 8));
    }
    rt->keep_all = present && (present & ~(unsigned)wdis) == 0;
    return GTSIM_OK;
}

/* Read or write sample s of pixel (x, y) of the target (multisampled:
 * reads go through the MCS; writes go through sf_image_ms_write). */
static int rt_elem(sf_msg *m, const rt_target *rt, uint32_t x, uint32_t y, uint32_t s, uint8_t *el, bool write)
{
    const sf_image *im = &rt->im;
    if (im->samples <= 1)
        return sf_image_rw(m, &rt->flat, x, y, rt->layer, rt->lod, el, write);
    return write ? sf_image_write_sample(m, im, x, y, rt->layer, s, el)
                 : sf_image_ms_read(m, im, x, y, rt->layer, s, el);
}

/* The clamp range of a BLEND_STATE_ENTRY for the target. */
static void clamp_range(const gt3d_blend_entry *e, const rt_target *rt, float *lo, float *hi)
{
    switch (e->clamp_range) {
    case GT3D_CLAMP_UNORM:
        *lo = 0.0f;
        *hi = 1.0f;
        break;
    case GT3D_CLAMP_SNORM:
        *lo = -1.0f;
        *hi = 1.0f;
        break;
    default:
        *lo = rt->lo;
        *hi = rt->hi;
        break;
    }
}

/* Write one sample's colour (src: floats or integers of the format); with
 * res, the element is stored there instead and *wrote tells whether the
 * sample changes at all. */
static int rt_sample(sf_msg *m, const gt3d_backend *be, const gt3d_blend_entry *e, const rt_target *rt,
                     uint32_t x, uint32_t y, uint32_t s, const sf_texel *src, const sf_texel *src1, uint8_t *res,
                     bool *wrote)
{
    if (wrote)
        *wrote = false;
    const sf_format_info *f = rt->im.fmt;
    uint8_t el[16], old[16];
    int st;
    bool logic = e->logic_op_enable && rt->logic_ok;
    bool blend = e->color_blend_enable && !rt->is_int && !logic;
    if (rt->keep_all || (logic && e->logic_op == 10 /* NOOP */))
        return GTSIM_OK;
    if ((blend || logic || rt->keep_any) && (st = rt_elem(m, rt, x, y, s, old, false)))
        return st;
    sf_texel out = *src;
    if (!rt->is_int) {
        float lo, hi;
        clamp_range(e, rt, &lo, &hi);
        if (blend) {
            sf_texel d;
            if (sf_format_unpack(f, old, 0, 0, &d))
                return sf_image_format_fail(m, &rt->im, "render target blending");
            gt3d_blend(e, be->st.independent_alpha_blend, src->f, src1->f, d.f, be->st.blend_constant, lo, hi,
                       out.f);
        } else if (e->pre_blend_clamp || e->post_blend_clamp) {
            for (unsigned c = 0; c < 4; c++)
                out.f[c] = out.f[c] < lo ? lo : out.f[c] > hi ? hi : out.f[c];
        }
    }
    if (sf_format_pack(f, &out, el))
        return sf_image_format_fail(m, &rt->im, "render target write");
    if (logic)
        for (unsigned b = 0; b < f->bpb; b++)
            el[b] = (uint8_t)gt3d_logic_op(e->logic_op, el[b], old[b]);
    if (rt->keep_any)
        for (unsigned b = 0; b < f->bpb; b++)
            el[b] = (uint8_t)((el[b] & ~rt->keep[b]) | (old[b] & rt->keep[b]));
    if (res) {
        memcpy(res, el, f->bpb);
        *wrote = true;
        return GTSIM_OK;
    }
    return rt_elem(m, rt, x, y, s, el, true);
}

/* A render target write of a fast-clear pass (3DSTATE_PS Render Target
 * Fast Clear Enable) on a multisampled surface with an MCS: the pixel
 * colours are not written; each lit pixel (x, y) of the scaled-down
 * rectangle blorp draws sets the MCS of the render target pixels
 * [x*sx, x*sx+sx) x [2y, 2y+2) to the fast-clear value (every bit set,
 * as iris initialises MCS surfaces), sx = 8 (2x, 4x), 2 (8x), 1 (16x):
 * Mesa blorp_clear.c get_fast_clear_rect, quoting the Ivy Bridge PRM
 * "MCS Buffer for Render Target(s)" (clear rectangle scaled down by
 * those factors; "what the hardware appears to do is ... scale it up by
 * a factor of N horizontally and 2 vertically").  The clear colour itself
 * is the surface state's (sf_image_clear_element).  A fast clear of a
 * surface without an MCS (a CCS) is not modelled. */
static int rt_fast_clear(sf_msg *m, const gt3d_ps_thread *ps, const rt_target *rt, uint32_t pm, unsigned base,
                         unsigned n)
{
    const sf_image *im = &rt->im;
    if (!im->mcs)
        return sf_fail(m, GTSIM_ERR_UNIMPL, "render target fast clear of a surface without an MCS (BTI %u, %u "
                       "samples: a CCS fast clear) not implemented", im->bti, im->samples);
    uint32_t sx = im->samples <= 4 ? 8 : im->samples == 8 ? 2 : 1, sy = 2;
    for (unsigned i = 0; i < n; i++) {
        unsigned L = base + i;
        if (!(pm >> i & 1) || !ps->cov[L])
            continue;
        m->lane = (int)i;
        for (uint32_t y = ps->y[L] * sy; y < (uint32_t)(ps->y[L] + 1) * sy && y < rt->h; y++)
            for (uint32_t x = ps->x[L] * sx; x < (uint32_t)(ps->x[L] + 1) * sx && x < rt->w; x++) {
                int st = sf_image_write_mcs(m, im, x, y, rt->layer, ~0ull);
                if (st)
                    return st;
            }
    }
    m->lane = -1;
    return GTSIM_OK;
}

static int rt_write(sf_msg *m, const gt3d_ps_thread *ps)
{
    gt3d_backend *be = ps->be;
    const gt3d_backend_state *S = &be->st;
    const gt_sf_gen *g = sf_gen_of(m->dev);
    unsigned sub = gt_bits(m->desc, 10, 8);
    bool per_sample = gt_bits(m->desc, 13, 13) || S->per_sample;
    static const char *const names[8] = {"render target write SIMD16", "render target write SIMD16 replicated",
                                         "render target write SIMD8 dual source low",
                                         "render target write SIMD8 dual source high",
                                         "render target write SIMD8", "render target write (subtype 5)",
                                         "render target write (subtype 6)", "render target write (subtype 7)"};
    m->name = names[sub];
    if (sub > 4)
        return sf_fail(m, GTSIM_ERR_ILLEGAL, "reserved Render Target Message Subtype %u", sub);
    if (gt_bits(m->desc, 18, 18))
        return sf_fail(m, GTSIM_ERR_UNIMPL, "coarse pixel render target write not implemented");
    unsigned n = sub <= 1 ? 16 : 8, base = (sub == 3 ? 8 : 0) + 16 * gt_bits(m->desc, 11, 11);
    bool rep = sub == 1, dual = sub == 2 || sub == 3;
    if (base + n > ps->simd || base + n > 32)
        return sf_fail(m, GTSIM_ERR_ILLEGAL, "slots %u..%u of a SIMD%u pixel shader thread", base, base + n - 1,
                       ps->simd);
    unsigned h = m->header ? 2 : 0;
    uint32_t g00 = h ? sf_pay32(m, 0, 0) : 0;
    unsigned rti = g->rt_exdesc ? gt_bits(m->exdesc, 14, 12) : h ? sf_pay32(m, 0, 8) : 0;
    if (rti >= GT3D_MAX_RT)
        return sf_fail(m, GTSIM_ERR_ILLEGAL, "render target index %u (BLEND_STATE has 8 entries)", rti);
    bool src0a = (g->rt_exdesc && gt_bits(m->exdesc, 15, 15)) || (g00 >> 11 & 1);
    bool omask = S->omask_present || (g00 >> 12 & 1);
    bool sdepth = S->computed_depth_mode != GT3D_PSCDEPTH_OFF || (g00 >> 13 & 1);
    bool sstencil = S->computes_stencil || (g00 >> 14 & 1);
    bool null_rt = g->rt_exdesc && gt_bits(m->exdesc, 20, 20);
    unsigned rpc = n / 8; /* registers per channel */
    unsigned k = h, a0r = 0, omr = 0, c0r, c1r = 0, zr = 0, sr = 0;
    if (src0a) {
        a0r = k;
        k += rpc;
    }
    if (omask)
        omr = k++;
    c0r = k;
    k += rep ? 1 : 4 * rpc;
    if (dual) {
        c1r = k;
        k += 4;
    }
    if (sdepth) {
        zr = k;
        k += rpc;
    }
    if (sstencil)
        sr = k++;
    int st = sf_check_len(m, k);
    if (st)
        return st;
    uint32_t pm = m->mask & ((1u << n) - 1);
    if (h)
        pm &= (sf_pay32(m, 1, 28) & 0xffff) >> (base % 16);
    if (!ps->late)
        return sf_fail(m, GTSIM_ERR_INVALID, "pixel shader thread context without a late-test record");
    rt_target rt;
    memset(&rt.im, 0, sizeof(rt.im));
    rt.im.s.type = SF_SURFTYPE_NULL;
    const gt3d_blend_entry *e = &S->rt[rti];
    if (!null_rt && (st = rt_resolve(m, ps, gt_bits(m->desc, 7, 0), e->write_disable, &rt)))
        return st;
    bool colour = rt.im.s.type != SF_SURFTYPE_NULL;
    if (S->rt_resolve_type)
        return sf_fail(m, GTSIM_ERR_UNIMPL, "render target write with 3DSTATE_PS Render Target Resolve Type %u "
                       "(a CCS resolve) not implemented", S->rt_resolve_type);
    if (S->rt_fast_clear && colour)
        return rt_fast_clear(m, ps, &rt, pm, base, n);
    if (colour && m->dev->cfg.dump_surfaces)
        sf_rtdump_note(m, &rt.im, rt.lod, rt.layer);
    uint32_t vp = ps->viewport < GT3D_MAX_VIEWPORTS ? ps->viewport : 0;
    float zmin = S->vp_min_depth[vp], zmax = S->vp_max_depth[vp];
    for (unsigned i = 0; i < n; i++) {
        if (!(pm >> i & 1))
            continue;
        unsigned L = base + i, r8 = i / 8, d8 = 4 * (i % 8);
        m->lane = (int)i;
        sf_texel src, src1;
        for (unsigned c = 0; c < 4; c++) {
            src.u[c] = rep ? sf_pay32(m, c0r, 4 * c) : sf_pay32(m, c0r + c * rpc + r8, d8);
            src1.u[c] = dual ? sf_pay32(m, c1r + c, d8) : src.u[c];
        }
        if (!(ps->late->done >> L & 1)) {
            uint32_t cov = ps->cov[L] & S->sample_mask;
            if (per_sample)
                cov &= 1u << (ps->sample[L] & 15);
            if (omask)
                cov &= (uint32_t)(m->reg[omr][2 * ((base + i) % 16)] | m->reg[omr][2 * ((base + i) % 16) + 1] << 8);
            float a = src0a ? u2f(sf_pay32(m, a0r + r8, d8)) : src.f[3];
            if (S->alpha_test_enable) {
                bool pass = S->alpha_test_float
                                ? gt3d_compare_f(S->alpha_test_func, a, S->alpha_ref)
                                : gt3d_compare_u(S->alpha_test_func, (uint32_t)lrintf(fminf(fmaxf(a, 0), 1) * 255),
                                                 (uint32_t)lrintf(S->alpha_ref * 255));
                if (!pass)
                    cov = 0;
            }
            if (S->alpha_to_coverage && S->samples > 1)
                cov &= gt3d_alpha_to_coverage(a, S->samples);
            if (!be->early && cov) {
                float z[GT3D_MAX_SAMPLES];
                float cz = sdepth ? u2f(sf_pay32(m, zr + r8, d8)) : 0;
                for (unsigned s = 0; s < S->samples; s++) {
                    float v = sdepth ? cz : ps->z[L][s];
                    z[s] = v < zmin ? zmin : v > zmax ? zmax : v;
                }
                int sref = sstencil ? m->reg[sr][i % 32] : -1;
                uint16_t c16 = (uint16_t)cov;
                if ((st = gt3d_backend_ds_pixel(m->dev, be, m->t->disp->vm, ps->x[L], ps->y[L], ps->rtai, z,
                                                ps->front, sref, &c16)))
                    return st;
                cov = c16;
            }
            ps->late->cov[L] = (uint16_t)cov;
            ps->late->done |= 1u << L;
        }
        uint32_t cov = ps->late->cov[L];
        if (!colour || !cov)
            continue;
        uint32_t x = ps->x[L], y = ps->y[L];
        if (x >= rt.w || y >= rt.h)
            continue;
        if (S->alpha_to_one && S->samples > 1 && !rt.is_int) {
            src.f[3] = 1.0f;
            src1.f[3] = dual ? src1.f[3] : 1.0f;
        }
        if (rt.im.samples <= 1) {
            if ((st = rt_sample(m, be, e, &rt, x, y, 0, &src, &src1, NULL, NULL)))
                return st;
            continue;
        }
        /* every covered sample's new value, then one write of the pixel
         * (keeping an MCS consistent) */
        uint8_t els[GT3D_MAX_SAMPLES][16];
        uint32_t wcov = 0;
        for (uint32_t s = 0; s < rt.im.samples && s < GT3D_MAX_SAMPLES; s++) {
            bool w;
            if (!(cov >> s & 1))
                continue;
            if ((st = rt_sample(m, be, e, &rt, x, y, s, &src, &src1, els[s], &w)))
                return st;
            wcov |= (uint32_t)w << s;
        }
        if (wcov && (st = sf_image_ms_write(m, &rt.im, x, y, rt.layer, wcov, els)))
            return st;
    }
    m->lane = -1;
    return GTSIM_OK;
}

static int rt_read(sf_msg *m, const gt3d_ps_thread *ps)
{
    unsigned n = gt_bits(m->desc, 8, 8) ? 8 : 16, base = 16 * gt_bits(m->desc, 11, 11);
    bool per_sample = gt_bits(m->desc, 13, 13) || ps->be->st.per_sample;
    m->name = n == 8 ? "render target read SIMD8" : "render target read SIMD16";
    if (base + n > ps->simd || base + n > 32)
        return sf_fail(m, GTSIM_ERR_ILLEGAL, "slots %u..%u of a SIMD%u pixel shader thread", base, base + n - 1,
                       ps->simd);
    unsigned rpc = n / 8;
    if (m->dst && m->rlen < 4 * rpc)
        return sf_fail(m, GTSIM_ERR_ILLEGAL, "response length %u for 4 channels of %u slots", m->rlen, n);
    const gt_sf_gen *g = sf_gen_of(m->dev);
    unsigned rti = g->rt_exdesc ? gt_bits(m->exdesc, 14, 12) : m->header ? sf_pay32(m, 0, 8) : 0;
    (void)rti; /* the read addresses the surface of the BTI; the index selects no state */
    rt_target rt;
    int st = rt_resolve(m, ps, gt_bits(m->desc, 7, 0), 0, &rt);
    if (st)
        return st;
    uint32_t pm = m->mask & ((1u << n) - 1);
    for (unsigned i = 0; i < n; i++) {
        if (!(pm >> i & 1))
            continue;
        unsigned L = base + i;
        m->lane = (int)i;
        sf_texel t;
        memset(&t, 0, sizeof(t));
        uint32_t x = ps->x[L], y = ps->y[L], s = per_sample ? ps->sample[L] : 0;
        if (rt.im.s.type != SF_SURFTYPE_NULL && x < rt.w && y < rt.h && s < (rt.im.samples ? rt.im.samples : 1)) {
            uint8_t el[16];
            if ((st = rt_elem(m, &rt, x, y, s, el, false)))
                return st;
            if (sf_format_unpack(rt.im.fmt, el, 0, 0, &t))
                return sf_image_format_fail(m, &rt.im, "render target read");
        }
        for (unsigned c = 0; c < 4; c++)
            sf_rsp32(m, c * rpc + i / 8, 4 * (i % 8), t.u[c]);
    }
    m->lane = -1;
    return GTSIM_OK;
}

int sf_rt(sf_msg *m)
{
    unsigned type = gt_bits(m->desc, 17, 14);
    m->name = type == RT_WRITE ? "render target write" : type == RT_READ ? "render target read" : NULL;
    if (type != RT_WRITE && type != RT_READ)
        return sf_fail(m, GTSIM_ERR_UNIMPL, "render cache message type 0x%x not implemented (0Ch render target "
                       "write, 0Dh render target read are)", type);
    const gt3d_ps_thread *ps = m->t->ps3d;
    if (!ps || !ps->be)
        return sf_fail(m, GTSIM_ERR_ILLEGAL, "%s from a thread the 3D pipeline did not dispatch as a pixel shader "
                       "(no PS thread context: a compute or media kernel cannot address render targets)",
                       m->name);
    return type == RT_WRITE ? rt_write(m, ps) : rt_read(m, ps);
}
