/*
 * The pixel backend: depth, stencil and depth bounds tests, blending (see
 * backend.h for the state and the sources of the facts).
 *
 * Per sample, in the order of the OpenGL 4.6 specification section 17.3
 * (the hardware's order as Mesa iris relies on it): depth bounds test (EXT_
 * depth_bounds_test: on the stored depth; a failing sample is discarded
 * without stencil update), stencil test, depth test, then the stencil
 * update with the face's op for the outcome (fail / depth fail / pass)
 * under the write mask, and the depth write.  The stencil reference and
 * the stored value are compared as (ref & mask) func (stencil & mask).
 * Depth values: D32_FLOAT compares floats; D24_UNORM_X8_UINT and
 * D16_UNORM convert the source depth to the buffer's UNORM code (clamped
 * to [0, 1], round to nearest) and compare codes.  Depth Test Enable 0
 * passes every sample; Depth Buffer Write Enable writes independently of
 * it (the hardware's fields are independent; a GL driver clears the write
 * enable when the test is off).
 */
#include <math.h>
#include <string.h>

#include "pipe3d/backend.h"
#include "sf/tiling.h"

uint8_t gt3d_stencil_op(unsigned op, uint8_t s, uint8_t ref)
{
    switch (op & 7) {
    case GT3D_SOP_KEEP: return s;
    case GT3D_SOP_ZERO: return 0;
    case GT3D_SOP_REPLACE: return ref;
    case GT3D_SOP_INCRSAT: return s == 255 ? 255 : (uint8_t)(s + 1);
    case GT3D_SOP_DECRSAT: return s == 0 ? 0 : (uint8_t)(s - 1);
    case GT3D_SOP_INCR: return (uint8_t)(s + 1);
    case GT3D_SOP_DECR: return (uint8_t)(s - 1);
    default: return (uint8_t)~s;
    }
}

/* ---- blending ---- */

static inline float clampf(float v, float lo, float hi)
{
    return v < lo ? lo : v > hi ? hi : v; /* NaN stays NaN */
}

/* Factor f for channel c (3 = alpha) of the colour equation. */
static inline float factor(unsigned f, unsigned c, const float *s, const float *s1, const float *d, const float *k)
{
    switch (f) {
    case GT3D_BF_ONE: return 1.0f;
    case GT3D_BF_SRC_COLOR: return s[c];
    case GT3D_BF_SRC_ALPHA: return s[3];
    case GT3D_BF_DST_ALPHA: return d[3];
    case GT3D_BF_DST_COLOR: return d[c];
    case GT3D_BF_SRC_ALPHA_SATURATE: return c == 3 ? 1.0f : fminf(s[3], 1.0f - d[3]);
    case GT3D_BF_CONST_COLOR: return k[c];
    case GT3D_BF_CONST_ALPHA: return k[3];
    case GT3D_BF_SRC1_COLOR: return s1[c];
    case GT3D_BF_SRC1_ALPHA: return s1[3];
    case GT3D_BF_INV_SRC_COLOR: return 1.0f - s[c];
    case GT3D_BF_INV_SRC_ALPHA: return 1.0f - s[3];
    case GT3D_BF_INV_DST_ALPHA: return 1.0f - d[3];
    case GT3D_BF_INV_DST_COLOR: return 1.0f - d[c];
    case GT3D_BF_INV_CONST_COLOR: return 1.0f - k[c];
    case GT3D_BF_INV_CONST_ALPHA: return 1.0f - k[3];
    case GT3D_BF_INV_SRC1_COLOR: return 1.0f - s1[c];
    case GT3D_BF_INV_SRC1_ALPHA: return 1.0f - s1[3];
    default: return 0.0f; /* ZERO and the reserved values */
    }
}

static inline float blend_eq(unsigned func, float s, float sf, float d, float df)
{
    switch (func) {
    case GT3D_BLEND_SUBTRACT: return s * sf - d * df;
    case GT3D_BLEND_REVERSE_SUBTRACT: return d * df - s * sf;
    case GT3D_BLEND_MIN: return fminf(s, d);
    case GT3D_BLEND_MAX: return fmaxf(s, d);
    default: return s * sf + d * df;
    }
}

void gt3d_blend(const gt3d_blend_entry *e, bool ind, const float src[4], const float src1[4], const float dst[4],
                const float konst[4], float lo, float hi, float out[4])
{
    float s[4], s1[4], d[4], k[4];
    for (unsigned c = 0; c < 4; c++) {
        s[c] = src[c];
        s1[c] = src1[c];
        d[c] = dst[c];
        k[c] = konst[c];
        if (e->pre_blend_clamp) {
            /* Pre-Blend Color Clamp: the source (and, unless Pre-Blend Source
             * Only Clamp, the destination and constant) to the clamp range */
            s[c] = clampf(s[c], lo, hi);
            s1[c] = clampf(s1[c], lo, hi);
            if (!e->pre_blend_src_only_clamp) {
                d[c] = clampf(d[c], lo, hi);
                k[c] = clampf(k[c], lo, hi);
            }
        }
    }
    unsigned sa = ind ? e->src_alpha : e->src_color, da = ind ? e->dst_alpha : e->dst_color;
    unsigned fa = ind ? e->alpha_func : e->color_func;
    for (unsigned c = 0; c < 3; c++)
        out[c] = blend_eq(e->color_func, s[c], factor(e->src_color, c, s, s1, d, k), d[c],
                          factor(e->dst_color, c, s, s1, d, k));
    out[3] = blend_eq(fa, s[3], factor(sa, 3, s, s1, d, k), d[3], factor(da, 3, s, s1, d, k));
    if (e->post_blend_clamp)
        for (unsigned c = 0; c < 4; c++)
            out[c] = clampf(out[c], lo, hi);
}

/* ---- depth and stencil buffers ---- */

static uint32_t align_up(uint32_t v, uint32_t a)
{
    return (v + a - 1) / a * a;
}

static uint32_t dim_at(uint32_t n, uint32_t lod)
{
    n >>= lod < 32 ? lod : 31;
    return n ? n : 1;
}

/* Byte offset of sample s of pixel (x, y) of layer (absolute) in buffer b
 * with bpp bytes per element: the 2D mip layout of src/sf/image.c (level 1
 * below level 0, level 2 right of level 1, further levels below), array
 * slices qpitch rows apart, then Y or W tiling.  false: the pixel is
 * outside the buffer's level. */
static bool ds_offset(const gt3d_ds_surface *b, uint32_t bpp, bool wtile, uint32_t samples, uint32_t x, uint32_t y,
                      uint32_t layer, uint32_t s, uint64_t *off)
{
    uint32_t lod = b->lod;
    if (x >= dim_at(b->width, lod) || y >= dim_at(b->height, lod))
        return false;
    if (samples > 1)
        gt3d_ims_pos(samples, s, &x, &y);
    uint32_t ha = b->halign ? b->halign : 4, va = b->valign ? b->valign : 4;
    uint64_t lx = 0, ly = 0;
    if (lod >= 1)
        ly = align_up(b->height, va);
    if (lod >= 2)
        lx = align_up(dim_at(b->width, 1), ha);
    for (uint32_t k = 2; k < lod; k++)
        ly += align_up(dim_at(b->height, k), va);
    uint64_t bx = (lx + x) * bpp, row = ly + y + (uint64_t)layer * b->qpitch;
    if (bx > UINT32_MAX || row > UINT32_MAX)
        return false;
    *off = wtile ? gt_tile_w_offset(b->pitch, (uint32_t)bx, (uint32_t)row)
                 : gt_tile_offset(GT_TILE_Y, b->pitch, (uint32_t)bx, (uint32_t)row);
    return true;
}

static int vm_rw(gtsim_device *dev, gt_vm *vm, uint64_t va, void *p, unsigned len, bool write, const char *what)
{
    uint64_t fault = 0;
    va &= (1ull << 48) - 1;
    int r = write ? gt_vm_write(vm, va, p, len, &fault) : gt_vm_read(vm, va, p, len, &fault);
    if (r == 0)
        return GTSIM_OK;
    int st = gt_vm_host_error(dev, vm, what, fault);
    if (st)
        return st;
    return gt_error(dev, GTSIM_ERR_FAULT, "pixel backend: %s %s at GVA 0x%llx: page fault at 0x%llx", what,
                    write ? "write" : "read", (unsigned long long)va, (unsigned long long)fault);
}

int gt3d_backend_prepare(gtsim_device *dev, gt3d_backend *be, const gt3d_backend_state *st)
{
    memset(be, 0, sizeof(*be));
    be->st = *st;
    gt3d_backend_state *s = &be->st;
    if (s->samples == 0)
        s->samples = 1;
    if (s->samples > GT3D_MAX_SAMPLES || (s->samples & (s->samples - 1)))
        return gt_error(dev, GTSIM_ERR_ILLEGAL, "pixel backend: %u samples (3DSTATE_MULTISAMPLE)", s->samples);
    bool depth_buf = s->depth.surface_type != GT3D_SURFTYPE_NULL;
    bool stencil_buf = s->stencil.surface_type != GT3D_SURFTYPE_NULL && s->stencil.write_enable;
    if (depth_buf) {
        switch (s->depth.format) {
        case GT3D_D32_FLOAT:
            be->depth_bpp = 4;
            break;
        case GT3D_D24_UNORM_X8_UINT:
            be->depth_bpp = 4;
            break;
        case GT3D_D16_UNORM:
            be->depth_bpp = 2;
            break;
        default:
            return gt_error(dev, GTSIM_ERR_UNIMPL,
                            "pixel backend: 3DSTATE_DEPTH_BUFFER Surface Format %u not implemented (D32_FLOAT 1, "
                            "D24_UNORM_X8_UINT 3, D16_UNORM 5 are)",
                            s->depth.format);
        }
    }
    /* the depth buffer's layout matters only when it is used: Gen12 blorp
     * programs a 2D D32_FLOAT depth buffer with no address and pitch 0
     * for draws that neither test nor write depth */
    bool depth_used = depth_buf && (s->depth_test_enable || (s->depth_write_enable && s->depth.write_enable) ||
                                    s->depth_bounds_enable);
    if (depth_used && (s->depth.pitch == 0 || s->depth.pitch % 128))
        return gt_error(dev, GTSIM_ERR_ILLEGAL, "pixel backend: depth buffer pitch %u is not a multiple of the "
                        "128-byte Y tile", s->depth.pitch);
    if (stencil_buf && (s->stencil.pitch == 0 || s->stencil.pitch % 128))
        return gt_error(dev, GTSIM_ERR_ILLEGAL, "pixel backend: stencil buffer pitch %u is not a multiple of 128 "
                        "(twice the 64-byte W tile: src/sf/tiling.h)", s->stencil.pitch);
    be->depth_on = depth_buf && (s->depth_test_enable || (s->depth_write_enable && s->depth.write_enable) ||
                                 s->depth_bounds_enable);
    be->stencil_on = stencil_buf && s->stencil_test_enable;
    be->depth_layers = s->depth.depth ? s->depth.depth : 1;
    be->stencil_layers = s->stencil.depth ? s->stencil.depth : 1;
    /* Early depth/stencil: PREPS forces it; NORMAL allows it when nothing
     * the PS does can change the outcome (computed depth or stencil, kill,
     * oMask, alpha test, alpha to coverage); PSEXEC never. */
    bool ps_affects = s->computed_depth_mode != GT3D_PSCDEPTH_OFF || s->computes_stencil || s->kills_pixel ||
                      s->omask_present || s->alpha_test_enable || s->alpha_to_coverage;
    be->early = s->early_ds_control == GT3D_EDSC_PREPS ||
                (s->early_ds_control == GT3D_EDSC_NORMAL && !ps_affects && !s->has_uav);
    return GTSIM_OK;
}

/* UNORM code of depth z in `bits` bits. */
static inline uint32_t unorm_code(float z, unsigned bits)
{
    double m = (double)((1u << bits) - 1);
    if (!(z > 0.0f))
        return 0;
    if (z >= 1.0f)
        return (uint32_t)m;
    return (uint32_t)nearbyint((double)z * m);
}

int gt3d_backend_ds_pixel(gtsim_device *dev, gt3d_backend *be, gt_vm *vm, uint32_t x, uint32_t y, uint32_t rtai,
                          const float *z, bool front, int sref, uint16_t *cov)
{
    const gt3d_backend_state *s = &be->st;
    uint32_t in = *cov, out = 0;
    if (!in)
        return GTSIM_OK;
    if (!be->depth_on && !be->stencil_on) {
        __atomic_fetch_add(&be->ps_depth_count, (uint64_t)__builtin_popcount(in), __ATOMIC_RELAXED);
        return GTSIM_OK;
    }
    const gt3d_stencil_face *face = s->double_sided_stencil && !front ? &s->back : &s->front;
    uint8_t ref = (uint8_t)(sref >= 0 ? sref : face->ref);
    uint32_t dlayer = s->depth.min_array_element + (rtai <= s->depth.view_extent ? rtai : 0);
    uint32_t slayer = s->stencil.min_array_element + (rtai <= s->stencil.view_extent ? rtai : 0);
    bool zwrite = s->depth_write_enable && s->depth.write_enable;
    bool swrite = s->stencil_write_enable;
    for (uint32_t smp = 0; smp < s->samples; smp++) {
        if (!(in >> smp & 1))
            continue;
        int st;
        bool pass = true;
        uint64_t zoff = 0, soff = 0;
        bool has_z = be->depth_on && dlayer < be->depth_layers &&
                     ds_offset(&s->depth, be->depth_bpp, false, s->samples, x, y, dlayer, smp, &zoff);
        bool has_s = be->stencil_on && slayer < be->stencil_layers &&
                     ds_offset(&s->stencil, 1, true, s->samples, x, y, slayer, smp, &soff);
        /* source and stored depth: floats (D32) or UNORM codes */
        uint32_t dz = 0, sz = 0;
        float dzf = 0, szf = z[smp];
        if (has_z) {
            if ((st = vm_rw(dev, vm, s->depth.base + zoff, &dz, be->depth_bpp, false, "depth buffer")))
                return st;
            if (s->depth.format == GT3D_D32_FLOAT) {
                memcpy(&dzf, &dz, 4);
            } else {
                unsigned bits = s->depth.format == GT3D_D16_UNORM ? 16 : 24;
                dz &= (1u << bits) - 1;
                sz = unorm_code(szf, bits);
                dzf = (float)((double)dz / (double)((1u << bits) - 1));
            }
            if (s->depth_bounds_enable && (dzf < s->depth_bounds_min || dzf > s->depth_bounds_max))
                continue; /* discarded, nothing updated */
        }
        uint8_t sv = 0, snew = 0;
        if (has_s) {
            if ((st = vm_rw(dev, vm, s->stencil.base + soff, &sv, 1, false, "stencil buffer")))
                return st;
            pass = gt3d_compare_u(face->func, ref & face->test_mask, sv & face->test_mask);
            if (!pass)
                snew = gt3d_stencil_op(face->fail_op, sv, ref);
        }
        if (pass && has_z && s->depth_test_enable) {
            pass = s->depth.format == GT3D_D32_FLOAT ? gt3d_compare_f(s->depth_func, szf, dzf)
                                                     : gt3d_compare_u(s->depth_func, sz, dz);
            if (!pass && has_s)
                snew = gt3d_stencil_op(face->zfail_op, sv, ref);
        }
        if (pass && has_s)
            snew = gt3d_stencil_op(face->zpass_op, sv, ref);
        if (has_s && swrite) {
            uint8_t w = (uint8_t)((sv & ~face->write_mask) | (snew & face->write_mask));
            if (w != sv && (st = vm_rw(dev, vm, s->stencil.base + soff, &w, 1, true, "stencil buffer")))
                return st;
        }
        if (!pass)
            continue;
        if (has_z && zwrite) {
            uint32_t v;
            if (s->depth.format == GT3D_D32_FLOAT)
                memcpy(&v, &szf, 4);
            else
                v = sz;
            if ((st = vm_rw(dev, vm, s->depth.base + zoff, &v, be->depth_bpp, true, "depth buffer")))
                return st;
        }
        out |= 1u << smp;
    }
    *cov = (uint16_t)out;
    if (out)
        __atomic_fetch_add(&be->ps_depth_count, (uint64_t)__builtin_popcount(out), __ATOMIC_RELAXED);
    return GTSIM_OK;
}

int gt3d_backend_early(gtsim_device *dev, gt3d_backend *be, gt_vm *vm, const gt3d_quad *q, uint16_t cov[4])
{
    const gt3d_backend_state *s = &be->st;
    uint32_t vp = q->viewport < GT3D_MAX_VIEWPORTS ? q->viewport : 0;
    for (unsigned i = 0; i < 4; i++) {
        cov[i] = (uint16_t)(q->cov[i] & s->sample_mask);
        if (!be->early || !cov[i])
            continue;
        float z[GT3D_MAX_SAMPLES];
        for (unsigned k = 0; k < s->samples; k++)
            z[k] = clampf(q->z[i][k], s->vp_min_depth[vp], s->vp_max_depth[vp]);
        int st = gt3d_backend_ds_pixel(dev, be, vm, q->x + (i & 1), q->y + (i >> 1), q->rtai, z, q->front, -1,
                                       &cov[i]);
        if (st)
            return st;
    }
    return GTSIM_OK;
}
