/*
 * Images: formatted surfaces as the typed surface messages and the
 * sampler address them.  A binding table entry's RENDER_SURFACE_STATE
 * (surface.c) gives the type, format, size, tiling, mip levels and array
 * layout; format.c decodes and encodes the elements.
 *
 * Memory layout of a level-0..N surface (Gen9 and Gen12LP; public facts:
 * the Skylake PRM "Surface Layout and Tiling" chapter as Mesa's isl and
 * Intel's gmmlib implement it -- the seeds have no surface layout page):
 *  - 2D, cube and 3D surfaces (the "2D" layout): level 0 at the origin,
 *    level 1 below it, level 2 to the right of level 1, each further level
 *    below the previous one; each level's width and height are aligned to
 *    the Surface Horizontal / Vertical Alignment (4, 8 or 16 elements)
 *    before the next is placed.  Array layers, cube faces and 3D depth
 *    slices (of every level) are Surface QPitch rows (of elements:
 *    compression blocks for BC/ETC formats) apart.
 *  - 1D surfaces (the Gen9 "1D" layout): every level in one row, level l
 *    after the aligned widths of levels 0..l-1; array layers QPitch
 *    elements apart (Skylake's 1D QPitch is in pixels, not rows).
 *  - Buffer surfaces (SURFTYPE_BUFFER with a format): element x at x times
 *    the element size.
 * Surface QPitch holds the distance divided by 4 (it is a multiple of 4).
 * Tiling (linear, X, Y) maps (byte, row) to memory as tiling.h gives.
 *
 * Multisampled surfaces (2D, one level; RENDER_SURFACE_STATE DW4 5:3
 * Number of Multisamples = log2 samples, 6 Multisampled Surface Storage
 * Format; Width, Height and Depth are the logical pixel size and array
 * size -- Mesa isl_surface_state.c):
 *  - MSFMT_MSS (0; Mesa ISL_MSAA_LAYOUT_ARRAY, "UMS"/"CMS"): laid out as
 *    a single-sampled 2D array of layers * samples slices, QPitch apart;
 *    sample plane p of layer l is physical slice l * samples + p (isl.c
 *    get_image_offset_sa_gen4_2d: phys_layer = logical_array_layer *
 *    samples; isl.h: "Array slice i contains the pixel values for sample
 *    index i").
 *  - MSFMT_DEPTH_STENCIL (1; ISL_MSAA_LAYOUT_INTERLEAVED, "IMS"): the
 *    samples of a pixel are interleaved in a block of the level: sample s
 *    of pixel (x, y) is element (x', y') of a 2D surface (array layers
 *    QPitch rows apart), with (Mesa blorp_blit.c encode_msaa)
 *      2x:  x' = (x & ~1) << 1 | (s & 1) << 1 | (x & 1), y' = y
 *      4x:  x' as 2x, y' = (y & ~1) << 1 | (s & 2) | (y & 1)
 *      8x:  x' = (x & ~1) << 2 | (s & 4) | (s & 1) << 1 | (x & 1), y' as 4x
 *      16x: x' as 8x, y' = (y & ~1) << 2 | (s & 8) >> 1 | (s & 2) | (y & 1)
 *  - The MCS (multisample control surface) of a compressed MSS surface
 *    (Auxiliary Surface Mode the generation's MCS value, gt_sf_gen
 *    aux_mcs): one element per pixel of 8 (2x, 4x), 32 (8x) or 64 (16x)
 *    bits (isl_format_layout.csv MCS_2X..MCS_16X), the surface's width,
 *    height and array size, always Tile Y (isl_surf_get_mcs_surf), at the
 *    Auxiliary Surface Base Address (DW10 31:12, DW11), Auxiliary Surface
 *    Pitch + 1 tiles (128 bytes) per row, array layers Auxiliary Surface
 *    QPitch * 4 rows apart (isl_surface_state.c: pitch_in_tiles - 1, array
 *    pitch in rows >> 2).  The MCS value maps every sample to the plane
 *    holding its colour, or says "fast-cleared" (sf_mcs_* in sf_int.h);
 *    the fast-clear colour is the surface state's (sf_image_clear_element).
 *    Writes through the render target keep data and MCS consistent
 *    (sf_image_ms_write: a pixel written whole with one value lives in
 *    plane 0 under MCS 0; any other write expands it to sample s in plane
 *    s, copying the samples not written first).
 *
 * Typed surface messages (data cache 1; seed 004 MSD1R_TS / MSD1W_TS for
 * Gen12, the same types 05h / 0Dh on Gen9):
 *   desc 13:12 Slot Group (MDC_SG3: 1 slots 0-7, 2 slots 8-15; 0 SIMD4x2,
 *        not implemented), 11:8 Channel Mask (MDC_CMASK: a set bit drops
 *        R, G, B or A from the payload/response), 7:0 BTI.
 *   payload (after an optional header): the addresses U, V, R, LOD, one
 *   register of 8 DWords each -- as many as the message has room for
 *   (a 2D write of four channels: U, V, then R, G, B, A data) -- then, for
 *   a write, one register per enabled channel.  The read response has one
 *   register per enabled channel.  Channels are 32-bit: the surface format
 *   converted to float (UNORM, SNORM, FLOAT) or integer (UINT, SINT).
 *   U, V, R are x, y and the 3D depth slice or array layer (1D arrays: x
 *   and the layer in V), LOD the mip level; trailing ones default to 0.
 *   Out-of-range addresses (beyond the level's size, the array, the mip
 *   count) read (0, 0, 0, 1) and do not write (public fact: IGC's vISA
 *   documentation of GATHER4_TYPED / SCATTER4_TYPED).
 *   Typed atomic integer (type 06h; seed 004 MSD1R_DWTAI): desc 11:8 the
 *   operation (AOP_*), 12 slot group (low / high 8 slots), 13 return the
 *   old value; the address payload, then one register per source operand
 *   (CMPWR: the compare value, then the new value); on a 32-bit format.
 */
#include <pthread.h>
#include <stdio.h>

#include "check.h"
#include "sf/format.h"
#include "sf/sf_int.h"

static uint32_t align_up(uint32_t v, uint32_t a)
{
    return (v + a - 1) / a * a;
}

int sf_image_format_fail(sf_msg *m, const sf_image *im, const char *what)
{
    char buf[1024];
    sf_surface_print(m, &im->s, buf, sizeof(buf));
    return sf_fail(m, GTSIM_ERR_UNIMPL, "%s of format %s not implemented (BTI %u, state at GVA 0x%llx: %s)", what,
                   im->fmt->name, im->bti, (unsigned long long)im->s.ss_va, buf);
}

uint32_t sf_image_dim(const sf_image *im, unsigned dim, uint32_t lod)
{
    uint32_t n = dim == 0 ? im->width : dim == 1 ? im->height : im->depth;
    n >>= lod < 32 ? lod : 31;
    return n ? n : 1;
}

/* Multisampling and the MCS of a resolved image (sf_image_bti). */
static int image_ms(sf_msg *m, sf_image *im)
{
    const sf_surface *s = &im->s;
    uint32_t n = (uint32_t)s->f[RSS_NUM_SAMPLES];
    const char *why = NULL;
    im->samples = 1;
    if (n > 4) {
        why = "reserved Number of Multisamples";
    } else if (n) {
        const gt_sf_gen *g = sf_gen_of(m->dev);
        uint32_t aux = (uint32_t)s->f[RSS_AUX_MODE];
        im->samples = 1u << n;
        im->interleaved = s->f[RSS_MSFMT] != 0;
        if (s->type != SF_SURFTYPE_2D)
            why = "multisampled surface of a type other than 2D";
        else if (im->fmt->bw != 1 || im->fmt->bh != 1)
            why = "multisampled surface of a block-compressed format";
        else if (aux && g->aux_mcs_lce && aux == g->aux_mcs_lce)
            why = "MCS with lossless compression (AUX_MCS_LCE) not modelled";
        else if (aux && aux == g->aux_mcs && im->interleaved)
            why = "MCS on an interleaved (MSFMT_DEPTH_STENCIL) surface";
        else if (aux && aux != g->aux_mcs)
            why = "Auxiliary Surface Mode of a multisampled surface other than none or MCS not modelled";
        if (!why && aux) {
            static const uint8_t bpe[5] = {0, 1, 1, 4, 8};
            im->mcs = true;
            im->mcs_bpe = bpe[n];
            im->mcs_pitch = ((uint32_t)s->f[RSS_AUX_PITCH] + 1) * 128;
            im->mcs_qpitch = (uint32_t)s->f[RSS_AUX_QPITCH] << 2;
            im->mcs_base = (s->f[RSS_AUX_BASE_HI] << 32 | s->f[RSS_AUX_BASE_LO] << 12) & ((1ull << 48) - 1);
        }
    }
    if (!why)
        return GTSIM_OK;
    char buf[1024];
    sf_surface_print(m, s, buf, sizeof(buf));
    return sf_fail(m, GTSIM_ERR_UNIMPL, "image access to BTI %u: %s (state at GVA 0x%llx: %s)", im->bti, why,
                   (unsigned long long)s->ss_va, buf);
}

static int decode_image(sf_msg *m, uint32_t bti, sf_image *im);

int sf_image_bti(sf_msg *m, uint32_t bti, sf_image *scratch, const sf_image **im)
{
    sf_state_cache *c = bti < 240 ? sf_state_cache_of(m) : NULL;
    unsigned slot = bti % SF_CACHED_IMAGES;
    *im = scratch;
    if (c && (c->img_valid >> slot & 1) && c->img_bti[slot] == bti) {
        *im = &c->img[slot];
        return GTSIM_OK;
    }
    int st = decode_image(m, bti, c ? &c->img[slot] : scratch);
    if (c) {
        /* a failed decode leaves the slot empty (reported again next time) */
        c->img_valid &= ~(1u << slot);
        if (st == GTSIM_OK) {
            c->img_bti[slot] = (uint8_t)bti;
            c->img_valid |= 1u << slot;
            *im = &c->img[slot];
        }
    }
    return st;
}

static int decode_image(sf_msg *m, uint32_t bti, sf_image *im)
{
    memset(im, 0, sizeof(*im));
    im->bti = bti;
    if (bti == 252)
        return sf_fail(m, GTSIM_ERR_UNIMPL, "image message to BTI 252 (bindless surface) not implemented");
    if (bti >= 240)
        return sf_fail(m, GTSIM_ERR_ILLEGAL, "image message to reserved binding table index %u", bti);
    int st = sf_surface_bti(m, bti, &im->s);
    if (st)
        return st;
    sf_surface *s = &im->s;
    if (s->type == SF_SURFTYPE_NULL)
        return GTSIM_OK;
    char buf[1024];
    im->fmt = sf_format_get(s->format);
    if (!im->fmt || s->type == SF_SURFTYPE_STRBUF || s->type > SF_SURFTYPE_BUFFER ||
        s->f[RSS_TR_MODE] != 0) {
        sf_surface_print(m, s, buf, sizeof(buf));
        return sf_fail(m, GTSIM_ERR_UNIMPL, "image access to BTI %u: %s (state at GVA 0x%llx: %s)", bti,
                       !im->fmt ? "surface format not modelled"
                       : s->f[RSS_TR_MODE] ? "tiled resource mode (Tile Yf/Ys) not modelled"
                                           : "surface type not modelled",
                       (unsigned long long)s->ss_va, buf);
    }
    if (s->type == SF_SURFTYPE_BUFFER) {
        /* entries - 1 split over Width[6:0], Height (bits 20:7), Depth (31:21) */
        im->width = (uint32_t)((s->f[RSS_DEPTH] << 21 | s->f[RSS_HEIGHT] << 7 | (s->f[RSS_WIDTH] & 0x7f)) + 1);
        im->height = im->depth = im->layers = im->levels = 1;
    } else {
        im->width = s->width;
        im->height = s->type == SF_SURFTYPE_1D ? 1 : s->height;
        im->depth = s->type == SF_SURFTYPE_3D ? s->depth : 1;
        /* the view's layers, counted from Minimum Array Element (Depth's range
         * is reduced by it: "Depth is the number of array layers" of the view,
         * isl); Minimum Array Element applies also without Surface Array (Gen12
         * clears Surface Array for single-layer views, Wa_1806565034 in isl) */
        im->layers = s->type == SF_SURFTYPE_3D ? 1 : s->type == SF_SURFTYPE_CUBE ? 6 * s->depth : s->depth;
        im->levels = (uint32_t)s->f[RSS_MIP_COUNT] + 1;
        im->min_lod = (uint32_t)s->f[RSS_MIN_LOD];
    }
    int st2 = image_ms(m, im);
    if (st2)
        return st2;
    static const uint8_t align_of[4] = {4, 4, 8, 16}; /* HALIGN/VALIGN 1: 4, 2: 8, 3: 16 */
    im->halign = align_of[s->f[RSS_HALIGN] & 3];
    im->valign = align_of[s->f[RSS_VALIGN] & 3];
    im->qpitch = (uint32_t)s->f[RSS_QPITCH] << 2;
    const uint8_t *scs_src = NULL;
    uint8_t scs[4] = {(uint8_t)s->f[RSS_SCS_R], (uint8_t)s->f[RSS_SCS_G], (uint8_t)s->f[RSS_SCS_B],
                      (uint8_t)s->f[RSS_SCS_A]};
    /* a layout without channel selects (all zero) means the identity */
    static const uint8_t identity[4] = {SF_SCS_RED, SF_SCS_GREEN, SF_SCS_BLUE, SF_SCS_ALPHA};
    scs_src = (scs[0] | scs[1] | scs[2] | scs[3]) ? scs : identity;
    memcpy(im->scs, scs_src, 4);
    return GTSIM_OK;
}

/* Byte x and row of element (ex, ey) of slice z at level lod. */
static void element_pos(const sf_image *im, uint32_t ex, uint32_t ey, uint32_t z, uint32_t lod,
                        uint64_t *bx, uint64_t *row)
{
    const sf_format_info *f = im->fmt;
    uint32_t bw = f->bw, bh = f->bh;
    uint64_t lx = 0, ly = 0; /* level origin in elements */
    if (im->s.type == SF_SURFTYPE_BUFFER) {
        /* entries are Surface Pitch + 1 bytes apart, whatever the format (iris's
         * sampler-read constant buffers: R32G32B32A32_FLOAT with a 1-byte stride, the
         * coordinate a byte offset; isl_buffer_fill_state stride_B) */
        *bx = (uint64_t)ex * im->s.pitch;
        *row = 0;
        return;
    }
    if (im->s.type == SF_SURFTYPE_1D) {
        for (uint32_t k = 0; k < lod; k++)
            lx += align_up((sf_image_dim(im, 0, k) + bw - 1) / bw, im->halign);
        *bx = (lx + ex + (uint64_t)z * im->qpitch) * f->bpb;
        *row = 0;
        return;
    }
    if (lod >= 1)
        ly = align_up((im->height + bh - 1) / bh, im->valign);
    if (lod >= 2)
        lx = align_up((sf_image_dim(im, 0, 1) + bw - 1) / bw, im->halign);
    for (uint32_t k = 2; k < lod; k++)
        ly += align_up((sf_image_dim(im, 1, k) + bh - 1) / bh, im->valign);
    *bx = (lx + ex) * f->bpb;
    *row = ly + ey + (uint64_t)z * im->qpitch;
}

/* The element at physical (x, y, slice z, level lod). */
static int phys_rw(sf_msg *m, const sf_image *im, uint32_t x, uint32_t y, uint32_t z, uint32_t lod,
                   uint8_t *bytes, bool write)
{
    uint64_t bx, row;
    element_pos(im, x / im->fmt->bw, y / im->fmt->bh, z, lod, &bx, &row);
    sf_space sp;
    memset(&sp, 0, sizeof(sp));
    sp.kind = SF_SPACE_VM;
    sp.vm = m->t->disp->vm;
    sp.base = im->s.base;
    sp.bti = im->bti;
    uint64_t off = im->s.type == SF_SURFTYPE_BUFFER || im->s.type == SF_SURFTYPE_1D
                       ? bx + row * im->s.pitch
                       : gt_tile_offset(im->s.tiling, im->s.pitch, (uint32_t)bx, (uint32_t)row);
    return write ? sf_write(m, &sp, off, bytes, im->fmt->bpb) : sf_read(m, &sp, off, bytes, im->fmt->bpb);
}

int sf_image_rw(sf_msg *m, const sf_image *im, uint32_t x, uint32_t y, uint32_t z, uint32_t lod,
                uint8_t *bytes, bool write)
{
    if (im->samples <= 1)
        return phys_rw(m, im, x, y, z, lod, bytes, write);
    /* a multisampled surface through a single-sample message: sample 0 */
    if (write)
        return sf_fail(m, GTSIM_ERR_UNIMPL, "%s to a multisampled surface (BTI %u, %u samples) not implemented",
                       m->name ? m->name : "write", im->bti, im->samples);
    return sf_image_read_sample(m, im, x, y, z, 0, bytes);
}

/* Read or write the element of sample plane `plane` of pixel (x, y). */
static int sample_rw(sf_msg *m, const sf_image *im, uint32_t x, uint32_t y, uint32_t layer, uint32_t plane,
                     uint8_t *bytes, bool write)
{
    if (!im->interleaved)
        return phys_rw(m, im, x, y, layer * im->samples + plane, 0, bytes, write);
    uint32_t xs = (x & ~1u) << 1 | (plane & 1) << 1 | (x & 1), ys = y;
    switch (im->samples) {
    case 4:
        ys = (y & ~1u) << 1 | (plane & 2) | (y & 1);
        break;
    case 8:
        xs = (x & ~1u) << 2 | (plane & 4) | (plane & 1) << 1 | (x & 1);
        ys = (y & ~1u) << 1 | (plane & 2) | (y & 1);
        break;
    case 16:
        xs = (x & ~1u) << 2 | (plane & 4) | (plane & 1) << 1 | (x & 1);
        ys = (y & ~1u) << 2 | (plane & 8) >> 1 | (plane & 2) | (y & 1);
        break;
    default: /* 2x (a single-sampled surface never gets here) */
        break;
    }
    return phys_rw(m, im, xs, ys, layer, 0, bytes, write);
}

int sf_image_read_sample(sf_msg *m, const sf_image *im, uint32_t x, uint32_t y, uint32_t layer,
                         uint32_t plane, uint8_t *bytes)
{
    return sample_rw(m, im, x, y, layer, plane, bytes, false);
}

int sf_image_write_sample(sf_msg *m, const sf_image *im, uint32_t x, uint32_t y, uint32_t layer,
                          uint32_t plane, const uint8_t *bytes)
{
    uint8_t b[16];
    memcpy(b, bytes, im->fmt->bpb <= 16 ? im->fmt->bpb : 16);
    return sample_rw(m, im, x, y, layer, plane, b, true);
}

/* The MCS element of pixel (x, y) of layer `layer`: its space and offset. */
static uint64_t mcs_at(sf_msg *m, const sf_image *im, uint32_t x, uint32_t y, uint32_t layer, sf_space *sp)
{
    memset(sp, 0, sizeof(*sp));
    sp->kind = SF_SPACE_VM;
    sp->vm = m->t->disp->vm;
    sp->base = im->mcs_base;
    sp->bti = im->bti;
    uint64_t row = (uint64_t)y + (uint64_t)layer * im->mcs_qpitch;
    return gt_tile_offset(GT_TILE_Y, im->mcs_pitch, x * im->mcs_bpe, (uint32_t)row);
}

int sf_image_read_mcs(sf_msg *m, const sf_image *im, uint32_t x, uint32_t y, uint32_t layer,
                      uint64_t *mcs)
{
    sf_space sp;
    uint64_t off = mcs_at(m, im, x, y, layer, &sp);
    *mcs = 0;
    return sf_read(m, &sp, off, mcs, im->mcs_bpe); /* little-endian, zero-extended */
}

int sf_image_write_mcs(sf_msg *m, const sf_image *im, uint32_t x, uint32_t y, uint32_t layer, uint64_t mcs)
{
    sf_space sp;
    uint64_t off = mcs_at(m, im, x, y, layer, &sp);
    return sf_write(m, &sp, off, &mcs, im->mcs_bpe); /* little-endian: the low bytes */
}

/* ---- the MCS encoding ---- */

unsigned sf_mcs_bits(uint32_t n)
{
    return n == 2 ? 1 : n == 4 ? 2 : 4;
}

uint64_t sf_mcs_clear_value(uint32_t n)
{
    return n == 16 ? ~0ull : n == 8 ? 0xffffffffull : n == 4 ? 0xffull : 0x3ull;
}

bool sf_mcs_is_clear(uint64_t mcs, uint32_t n)
{
    uint64_t all = sf_mcs_clear_value(n);
    return (mcs & all) == all;
}

unsigned sf_mcs_plane(uint64_t mcs, uint32_t n, uint32_t s)
{
    unsigned b = sf_mcs_bits(n);
    return (unsigned)(mcs >> (s * b)) & ((1u << b) - 1);
}

uint64_t sf_mcs_identity(uint32_t n)
{
    uint64_t v = 0;
    for (uint32_t s = 0; s < n && s < 16; s++)
        v |= (uint64_t)s << (s * sf_mcs_bits(n));
    return v;
}

uint64_t sf_mcs_after_write(uint64_t mcs, uint32_t n, uint32_t cov, bool uniform, bool *expand)
{
    uint32_t all = n >= 32 ? ~0u : (1u << n) - 1;
    if (uniform && (cov & all) == all) {
        *expand = false;
        return 0;
    }
    uint64_t id = sf_mcs_identity(n);
    *expand = mcs != id;
    return id;
}

int sf_image_clear_element(sf_msg *m, const sf_image *im, uint8_t *bytes)
{
    const gt_sf_gen *g = sf_gen_of(m->dev);
    uint32_t raw[4] = {0, 0, 0, 0};
    if (!g->clear_addr) {
        for (unsigned c = 0; c < 4; c++)
            raw[c] = (uint32_t)im->s.f[RSS_CLEAR_0 + c];
    } else if (im->s.f[RSS_CLEAR_ADDR_ENABLE]) {
        sf_space sp;
        memset(&sp, 0, sizeof(sp));
        sp.kind = SF_SPACE_VM;
        sp.vm = m->t->disp->vm;
        sp.base = ((im->s.f[RSS_CLEAR_1] & 0xffff) << 32 | (im->s.f[RSS_CLEAR_0] & ~0x3full)) & ((1ull << 48) - 1);
        sp.bti = im->bti;
        int st = sf_read(m, &sp, 0, raw, sizeof(raw));
        if (st)
            return st;
    }
    sf_texel t;
    memset(&t, 0, sizeof(t));
    memcpy(t.u, raw, sizeof(raw));
    if (sf_format_pack_sat(im->fmt, &t, bytes))
        return sf_image_format_fail(m, im, "fast-clear colour");
    return GTSIM_OK;
}

int sf_image_ms_read(sf_msg *m, const sf_image *im, uint32_t x, uint32_t y, uint32_t layer, uint32_t s,
                     uint8_t *bytes)
{
    if (!im->mcs)
        return sample_rw(m, im, x, y, layer, s, bytes, false);
    uint64_t mcs;
    int st = sf_image_read_mcs(m, im, x, y, layer, &mcs);
    if (st)
        return st;
    if (sf_mcs_is_clear(mcs, im->samples))
        return sf_image_clear_element(m, im, bytes);
    unsigned plane = sf_mcs_plane(mcs, im->samples, s);
    if (plane >= im->samples)
        return sf_fail(m, GTSIM_ERR_ILLEGAL, "MCS value 0x%llx of pixel (%u, %u) puts sample %u in plane %u of a "
                       "%u-sample surface (BTI %u)", (unsigned long long)mcs, x, y, s, plane, im->samples, im->bti);
    return sample_rw(m, im, x, y, layer, plane, bytes, false);
}

int sf_image_ms_write(sf_msg *m, const sf_image *im, uint32_t x, uint32_t y, uint32_t layer, uint32_t cov,
                      const uint8_t el[][16])
{
    uint32_t n = im->samples, bpb = im->fmt->bpb;
    int st;
    if (!im->mcs) {
        for (uint32_t s = 0; s < n; s++)
            if ((cov >> s & 1) && (st = sf_image_write_sample(m, im, x, y, layer, s, el[s])))
                return st;
        return GTSIM_OK;
    }
    uint64_t mcs;
    if ((st = sf_image_read_mcs(m, im, x, y, layer, &mcs)))
        return st;
    bool uniform = true, expand;
    for (uint32_t s = 1; s < n && uniform; s++)
        uniform = memcmp(el[s], el[0], bpb) == 0;
    uint64_t nv = sf_mcs_after_write(mcs, n, cov, uniform, &expand);
    if (nv == 0) /* the whole pixel, one value: plane 0 */
        return (st = sf_image_write_sample(m, im, x, y, layer, 0, el[0])) ? st
                                                                           : sf_image_write_mcs(m, im, x, y, layer, 0);
    uint8_t old[16][16];
    if (expand) /* the samples kept, as they were (read before any plane changes) */
        for (uint32_t s = 0; s < n; s++)
            if (!(cov >> s & 1) && (st = sf_image_ms_read(m, im, x, y, layer, s, old[s])))
                return st;
    for (uint32_t s = 0; s < n; s++) {
        if (cov >> s & 1)
            st = sf_image_write_sample(m, im, x, y, layer, s, el[s]);
        else if (expand)
            st = sf_image_write_sample(m, im, x, y, layer, s, old[s]);
        if (st)
            return st;
    }
    return expand ? sf_image_write_mcs(m, im, x, y, layer, nv) : GTSIM_OK;
}

/* ---- typed surface messages ---- */

/* Typed atomic integer operation on the 32-bit element at a = (x, y,
 * slice, lod) of an image of a 4-byte format (R32_UINT, R32_SINT: the raw
 * bits), under the device's atomic lock; *ret gets the returned value. */
static int typed_atomic_lane(sf_msg *m, const sf_image *im, const uint32_t *a, unsigned op,
                             uint32_t s0, uint32_t s1, uint32_t *ret)
{
    if (im->fmt->bpb != 4 || im->fmt->bw != 1)
        return sf_fail(m, GTSIM_ERR_ILLEGAL, "typed atomic on format %s (needs a 32-bit format)", im->fmt->name);
    uint32_t old;
    pthread_mutex_lock(&m->dev->atomic_lock);
    int st = sf_image_rw(m, im, a[0], a[1], a[2], a[3], (uint8_t *)&old, false);
    uint64_t r = 0;
    uint32_t nv = st ? old : (uint32_t)sf_aop_int(op, 32, old, s0, s1, &r);
    if (!st && nv != old)
        st = sf_image_rw(m, im, a[0], a[1], a[2], a[3], (uint8_t *)&nv, true);
    pthread_mutex_unlock(&m->dev->atomic_lock);
    *ret = (uint32_t)r;
    return st;
}

int sf_typed(sf_msg *m, unsigned op)
{
    unsigned ctrl = gt_bits(m->desc, 13, 8);
    bool write = op == SF_OP_TYPED_WRITE, atomic = op == SF_OP_TYPED_ATOMIC, ret = true;
    unsigned cmask = ctrl & 0xf, sg = ctrl >> 4, aop = 0, nsrc = 0;
    if (op != SF_OP_TYPED_READ && !write && !atomic)
        return sf_fail(m, GTSIM_ERR_UNIMPL, "%s not implemented", m->name);
    if (atomic) { /* 11:8 operation, 12 slot group (0 low, 1 high), 13 return data */
        aop = cmask;
        cmask = 0xe;
        sg = 1 + gt_bits(m->desc, 12, 12);
        ret = gt_bits(m->desc, 13, 13);
        if (aop == 0)
            return sf_fail(m, GTSIM_ERR_UNIMPL, "typed atomic operation 0 not implemented");
        nsrc = sf_aop_srcs(aop, false);
    }
    if (sg == 0 || sg == 3)
        return sf_fail(m, GTSIM_ERR_UNIMPL, "typed surface message with slot group %u (%s) not implemented",
                       sg, sg ? "reserved" : "SIMD4x2");
    if (gt_bits(m->desc, 30, 29))
        /* seed 004 MSD1R_TS / MSD1W_TS: Packed Data Payload (30, "only 32-bit
         * data packing is supported") and Packed Address Payload (29) */
        return sf_fail(m, GTSIM_ERR_UNIMPL, "typed surface message with packed %s payload (desc bits 30:29 = %u) "
                       "not implemented", gt_bits(m->desc, 30, 30) ? "data" : "address", gt_bits(m->desc, 30, 29));
    unsigned nch = 4 - (unsigned)__builtin_popcount(cmask);
    uint32_t mask = m->mask;
    if (sg == 2 && m->in->exec_size > 8)
        mask >>= 8; /* a SIMD16 instruction's high slots */
    mask &= 0xff;
    unsigned h = m->header, data = write ? nch : nsrc;
    if (m->nregs < h + data + 1 || m->nregs - h - data > 4)
        return sf_fail(m, GTSIM_ERR_ILLEGAL, "typed surface message of %u registers (header %u, %u data): "
                       "the address payload must be 1 to 4 registers", m->nregs, h, data);
    unsigned naddr = m->nregs - h - data;
    if (!write && ret && m->dst && m->rlen < nch)
        return sf_fail(m, GTSIM_ERR_ILLEGAL, "response length %u for %u channels", m->rlen, nch);
    sf_image im_own;
    const sf_image *im;
    int st = sf_image_bti(m, gt_bits(m->desc, 7, 0), &im_own, &im);
    if (st)
        return st;
    bool is_int = im->fmt && sf_format_is_int(im->fmt);
    for (unsigned i = 0; i < 8; i++) {
        if (!(mask >> i & 1))
            continue;
        uint32_t a[4] = {0, 0, 0, 0};
        for (unsigned k = 0; k < naddr; k++)
            a[k] = sf_pay32(m, h + k, 4 * i);
        /* U, V, R: x, y (1D arrays: the layer), z (3D) or layer */
        bool arr1d = im->s.type == SF_SURFTYPE_1D;
        uint32_t lod = a[3], y = arr1d ? 0 : a[1], z = arr1d ? a[1] : a[2];
        bool in = im->s.type != SF_SURFTYPE_NULL && lod < im->levels && a[0] < sf_image_dim(im, 0, lod) &&
                  y < sf_image_dim(im, 1, lod);
        if (im->s.type == SF_SURFTYPE_3D) {
            in = in && z < sf_image_dim(im, 2, lod);
        } else if (in) {
            /* the layer counts from Minimum Array Element; Depth is the
             * view's layer count */
            in = z < im->layers;
            z = (uint32_t)((uint64_t)z + im->s.f[RSS_MIN_ARRAY_ELEMENT]);
        }
        uint32_t aa[4] = {a[0], y, z, lod};
        m->lane = (int)i;
        if (atomic) {
            uint32_t r = 0, s0 = nsrc > 0 ? sf_pay32(m, h + naddr, 4 * i) : 0,
                     s1 = nsrc > 1 ? sf_pay32(m, h + naddr + 1, 4 * i) : 0;
            if (in && (st = typed_atomic_lane(m, im, aa, aop, s0, s1, &r)))
                return st;
            if (ret)
                sf_rsp32(m, 0, 4 * i, r);
            continue;
        }
        sf_texel tx;
        /* out of range: reads give 0, 0, 0, 1 (1.0 for float formats) */
        memset(&tx, 0, sizeof(tx));
        tx.u[3] = is_int ? 1u : 0x3f800000u;
        uint8_t el[16];
        if (in && (!write || nch < 4)) {
            if ((st = sf_image_rw(m, im, a[0], y, z, lod, el, false)))
                return st;
            if (sf_format_unpack(im->fmt, el, a[0] % im->fmt->bw, y % im->fmt->bh, &tx))
                return sf_image_format_fail(m, im, "typed access");
        }
        for (unsigned c = 0, k = 0; c < 4; c++) {
            if (cmask >> c & 1)
                continue;
            if (write)
                tx.u[c] = sf_pay32(m, h + naddr + k, 4 * i);
            else
                sf_rsp32(m, k, 4 * i, tx.u[c]);
            k++;
        }
        if (write && in) {
            if (sf_format_pack_sat(im->fmt, &tx, el))
                return sf_image_format_fail(m, im, "typed write");
            if ((st = sf_image_rw(m, im, a[0], y, z, lod, el, true)))
                return st;
        }
    }
    m->lane = -1;
    return GTSIM_OK;
}
