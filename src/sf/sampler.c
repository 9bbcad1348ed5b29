/*
 * The sampler shared function (SFID 2): sample, ld, gather4, resinfo and
 * their variants on 1D, 2D, 3D, cube, array and buffer surfaces, and the
 * multisample loads ld2dss, ld2dms, ld2dms_w, ld_mcs, for Gen9 and
 * Gen12LP.  The seeds describe neither the sampler messages nor
 * SAMPLER_STATE; the layouts below are public facts (Mesa brw_eu.h /
 * brw_eu_defines.h / brw_lower_logical_sends.cpp and genxml gen9.xml /
 * gen12.xml, IGC's vISA sampler lowering and IGA's message decoder), the
 * same on both generations.
 *
 * Descriptor: 7:0 BTI, 11:8 sampler index (SAMPLER_STATE entry, 16 bytes
 * each), 16:12 message type, 18:17 SIMD mode (1 SIMD8, 2 SIMD16; bit 29
 * extends it: 5 SIMD8H / 6 SIMD16H with half-float parameters), 19 header
 * present, 30 16-bit return format.
 * Header (one register, optional): M0.2 11:8 / 7:4 / 3:0 the signed
 * immediate texel offsets U / V / R, 15:12 channels not returned (R, G,
 * B, A; the response holds only the others, in order), 17:16 the gather4
 * source channel; M0.3 31:5 the SAMPLER_STATE table pointer, relative to
 * Dynamic State Base Address (without a header: the interface
 * descriptor's).  Without a header the response length gives the
 * channels returned (the first rlen / registers-per-channel).
 * Payload: parameters, each one register (SIMD8) or two (SIMD16) of
 * 32-bit values (floats, or integers for ld's coordinates), in the message
 * type's order (param_order below); parameters the message is too short
 * for are 0.
 * Response: per returned channel one register (SIMD8) or two (SIMD16) of
 * 32-bit floats or integers (UINT/SINT formats); with the 16-bit return
 * format, halves (a SIMD16 channel in one register).
 *
 * Multisample loads (public facts: IGC vISA 3D_LOAD.md, Mesa
 * brw_lower_logical_sends / brw_fs.cpp payloads, blorp_blit.c,
 * blorp_nir_builder.h; layouts in image.c):
 *   ld2dss 1Fh: si, u, v, r, lod -- reads sample slice (plane) si;
 *   ld2dms 1Eh: si, mcs, u, v, r, lod; ld2dms_w 1Ch: si, mcs_lo, mcs_hi,
 *   u, v, r, lod -- read sample si; on a surface with an MCS the MCS value
 *   names its plane: bits [si * b + b - 1 : si * b] with b = 1, 2, 4, 4
 *   bits per sample for 2x, 4x, 8x, 16x (the MCS element is 8, 8, 32, 64
 *   bits: isl_format_layout.csv; 0 = every sample in plane 0, blorp_blit.c
 *   quoting the Ivy Bridge PRM; the 2x fast-clear check masks 2 bits,
 *   blorp_nir_builder.h).  Without an MCS (uncompressed MSS, interleaved,
 *   single-sampled) the MCS payload is ignored and si is the plane (Mesa
 *   reads uncompressed multisampled surfaces with ld2dms and MCS 0).
 *   ld_mcs 1Dh: u, v, r, lod -- R the pixel's MCS value (16x: the low
 *   DWord, G the high one), 0 when the surface has no MCS (the choice
 *   made: Mesa's framebuffer fetch relies on ld_mcs behaving
 *   "deterministically" on uncompressed surfaces, the value is not
 *   given).  The sample index is clamped to samples - 1 (vISA
 *   3D_LOAD.md), so a single-sampled surface reads its texel.  Outside
 *   the surface, the array or the level range the result is ld's (0 in
 *   the format's channels).  The fast-clear MCS value (all bits of every
 *   sample set) reads the surface's fast-clear colour (RENDER_SURFACE_STATE
 *   clear value, sf_image_clear_element; Mesa blorp_blit.c: "the txf we
 *   did on sample 0 will return the clear color"); an MCS naming a plane
 *   beyond the sample count is reported.  sampleinfo returns the sample count (R)
 *   and the Multisample Position Palette Index (A).
 *
 * The border colour (CLAMP_BORDER) passes through the surface format: the
 * format's channels take the border's values, the missing ones 0 (R, G,
 * B) or 1 (A), luminance / intensity formats replicate its red -- the
 * OpenCL border rule ((0, 0, 0, 1) for CL_R, CL_RG, CL_LUMINANCE) from
 * the (0, 0, 0, 0) border Intel's compiler gives every sampler.
 * Arithmetic (where the public facts give no precision, the choice made):
 * coordinates, LOD and filter weights are computed in single precision;
 * linear filter weights are rounded to SF_WEIGHT_BITS fractional bits (the
 * hardware filters with fixed-point weights); nearest filtering takes the
 * texel floor(u * size).  LOD from derivatives (sample, sample_b, lod,
 * implicit in SIMD8/16 compute threads: channels 0-3, 4-7, ... form 2x2
 * quads, x to the right, y down; sample_d: explicit) is log2 of the larger
 * of the two derivative vectors' lengths in texels.  Anisotropic filtering
 * (Min/Mag Mode Filter 2) with derivatives: N = min(ceil(Pmax / Pmin),
 * Maximum Anisotropy) linear probes along the longer derivative at LOD
 * log2(Pmax / N), averaged (the EXT_texture_filter_anisotropic reference
 * method); with an explicit or zero LOD it filters linearly.
 */
#include <math.h>
#include <stdio.h>

#include "sf/format.h"
#include "sf/sf_int.h"

/* ---- SAMPLER_STATE (Gen9 and Gen12LP, 4 DWords; Mesa genxml gen9.xml) ---- */

/* field ids: enum SS_* (sf_int.h) */
#define SS_FIELDS(X) \
    X(SS_DISABLE, "Sampler Disable", 0, 31, 31, BOOL) \
    X(SS_BORDER_MODE, "Texture Border Color Mode", 0, 29, 29, UINT) \
    X(SS_LOD_PRECLAMP, "LOD PreClamp Mode", 0, 28, 27, UINT) \
    X(SS_MIP_FILTER, "Mip Mode Filter", 0, 21, 20, UINT) \
    X(SS_MAG_FILTER, "Mag Mode Filter", 0, 19, 17, UINT) \
    X(SS_MIN_FILTER, "Min Mode Filter", 0, 16, 14, UINT) \
    X(SS_LOD_BIAS, "Texture LOD Bias", 0, 13, 1, SINT) \
    X(SS_MIN_LOD, "Min LOD", 1, 31, 20, UINT) \
    X(SS_MAX_LOD, "Max LOD", 1, 19, 8, UINT) \
    X(SS_SHADOW_FUNC, "Shadow Function", 1, 3, 1, UINT) \
    X(SS_CUBE_CTRL, "Cube Surface Control Mode", 1, 0, 0, UINT) \
    X(SS_BORDER_PTR, "Border Color Pointer", 2, 23, 6, ADDR) \
    X(SS_MAX_ANISO, "Maximum Anisotropy", 3, 21, 19, UINT) \
    X(SS_NON_NORMALIZED, "Non-normalized Coordinate Enable", 3, 10, 10, BOOL) \
    X(SS_TCX, "TCX Address Control Mode", 3, 8, 6, UINT) \
    X(SS_TCY, "TCY Address Control Mode", 3, 5, 3, UINT) \
    X(SS_TCZ, "TCZ Address Control Mode", 3, 2, 0, UINT)
#define SS_ROW(id, name, dw, hi, lo, kind) {name, dw, hi, lo, GT_F_##kind, NULL, id},
static const gt_field ss_fields[] = {SS_FIELDS(SS_ROW)};
#define SS_NFIELDS (sizeof(ss_fields) / sizeof(ss_fields[0]))

/* Texture coordinate modes (TCX/TCY/TCZ), map filters, mip filters. */
enum { TCM_WRAP, TCM_MIRROR, TCM_CLAMP, TCM_CUBE, TCM_CLAMP_BORDER, TCM_MIRROR_ONCE, TCM_HALF_BORDER,
       TCM_MIRROR_101 };
enum { MAPFILTER_NEAREST = 0, MAPFILTER_LINEAR = 1, MAPFILTER_ANISOTROPIC = 2 };
enum { MIPFILTER_NONE = 0, MIPFILTER_NEAREST = 1, MIPFILTER_LINEAR = 3 };

/* Linear filter weights: fractional bits kept (the choice made: the
 * hardware's fixed-point filter weight width is not in the public facts
 * found; 8 bits is the D3D minimum for texture filtering). */
#define SF_WEIGHT_BITS 8

/* Message types (desc 16:12). */
enum {
    MT_SAMPLE = 0x00, MT_SAMPLE_B = 0x01, MT_SAMPLE_L = 0x02, MT_SAMPLE_C = 0x03, MT_SAMPLE_D = 0x04,
    MT_SAMPLE_B_C = 0x05, MT_SAMPLE_L_C = 0x06, MT_LD = 0x07, MT_GATHER4 = 0x08, MT_LOD = 0x09,
    MT_RESINFO = 0x0a, MT_SAMPLEINFO = 0x0b, MT_GATHER4_C = 0x10, MT_GATHER4_PO = 0x11,
    MT_GATHER4_PO_C = 0x12, MT_SAMPLE_D_C = 0x14, MT_SAMPLE_LZ = 0x18, MT_SAMPLE_C_LZ = 0x19,
    MT_LD_LZ = 0x1a, MT_LD2DMS_W = 0x1c, MT_LD_MCS = 0x1d, MT_LD2DMS = 0x1e, MT_LD2DSS = 0x1f,
};

/* Parameter names of a message's payload, in order. */
enum { P_U, P_V, P_R, P_AI, P_REF, P_BIAS, P_LOD, P_DUDX, P_DUDY, P_DVDX, P_DVDY, P_DRDX, P_DRDY,
       P_OFFU, P_OFFV, P_SI, P_MCS, P_MCSH, P_NPARAMS, P_END = 0xff };

static const struct msg_desc {
    const char *name;
    uint8_t param[12];
} msgs[32] = {
    [MT_SAMPLE] = {"sample", {P_U, P_V, P_R, P_AI, P_END}},
    [MT_SAMPLE_B] = {"sample_b", {P_BIAS, P_U, P_V, P_R, P_AI, P_END}},
    [MT_SAMPLE_L] = {"sample_l", {P_LOD, P_U, P_V, P_R, P_AI, P_END}},
    [MT_SAMPLE_C] = {"sample_c", {P_REF, P_U, P_V, P_R, P_AI, P_END}},
    [MT_SAMPLE_D] = {"sample_d", {P_U, P_DUDX, P_DUDY, P_V, P_DVDX, P_DVDY, P_R, P_DRDX, P_DRDY, P_AI, P_END}},
    [MT_SAMPLE_B_C] = {"sample_b_c", {P_REF, P_BIAS, P_U, P_V, P_R, P_AI, P_END}},
    [MT_SAMPLE_L_C] = {"sample_l_c", {P_REF, P_LOD, P_U, P_V, P_R, P_AI, P_END}},
    [MT_LD] = {"ld", {P_U, P_V, P_LOD, P_R, P_END}},
    [MT_GATHER4] = {"gather4", {P_U, P_V, P_R, P_AI, P_END}},
    [MT_LOD] = {"lod", {P_U, P_V, P_R, P_AI, P_END}},
    [MT_RESINFO] = {"resinfo", {P_LOD, P_END}},
    [MT_SAMPLEINFO] = {"sampleinfo", {P_END}},
    [MT_GATHER4_C] = {"gather4_c", {P_REF, P_U, P_V, P_R, P_AI, P_END}},
    [MT_GATHER4_PO] = {"gather4_po", {P_U, P_V, P_OFFU, P_OFFV, P_R, P_END}},
    [MT_GATHER4_PO_C] = {"gather4_po_c", {P_REF, P_U, P_V, P_OFFU, P_OFFV, P_R, P_END}},
    [MT_SAMPLE_D_C] = {"sample_d_c", {P_REF, P_U, P_DUDX, P_DUDY, P_V, P_DVDX, P_DVDY, P_R, P_DRDX,
                                      P_DRDY, P_AI, P_END}},
    [MT_SAMPLE_LZ] = {"sample_lz", {P_U, P_V, P_R, P_AI, P_END}},
    [MT_SAMPLE_C_LZ] = {"sample_c_lz", {P_REF, P_U, P_V, P_R, P_AI, P_END}},
    [MT_LD_LZ] = {"ld_lz", {P_U, P_V, P_R, P_END}},
    [MT_LD2DMS_W] = {"ld2dms_w", {P_SI, P_MCS, P_MCSH, P_U, P_V, P_R, P_LOD, P_END}},
    [MT_LD_MCS] = {"ld_mcs", {P_U, P_V, P_R, P_LOD, P_END}},
    [MT_LD2DMS] = {"ld2dms", {P_SI, P_MCS, P_U, P_V, P_R, P_LOD, P_END}},
    [MT_LD2DSS] = {"ld2dss", {P_SI, P_U, P_V, P_R, P_LOD, P_END}},
};

static inline float u2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

/* Read SAMPLER_STATE entry idx (0..15) of the table at GVA table and its
 * border colour: decoded once per dispatch (sf_state_cache). */
static int decode_sampler(sf_msg *m, uint64_t table, unsigned idx, sf_sampler_state *s);
static int read_sampler(sf_msg *m, uint64_t table, unsigned idx, sf_sampler_state *s)
{
    sf_state_cache *c = sf_state_cache_of(m);
    if (idx >= 16)
        c = NULL;
    if (c && (c->smp_valid >> idx & 1) && c->smp_table[idx] == table) {
        *s = c->smp[idx];
        return GTSIM_OK;
    }
    int st = decode_sampler(m, table, idx, s);
    if (c && st == GTSIM_OK) {
        c->smp[idx] = *s;
        c->smp_table[idx] = table;
        c->smp_valid |= 1u << idx;
    }
    return st;
}

static int decode_sampler(sf_msg *m, uint64_t table, unsigned idx, sf_sampler_state *s)
{
    const gt_dispatch *d = m->t->disp;
    uint32_t dw[4];
    uint64_t va = table + 16ull * idx, fva = 0;
    if (gt_vm_read(d->vm, va, dw, 16, &fva))
        return sf_fail(m, GTSIM_ERR_FAULT, "page fault reading SAMPLER_STATE %u at GVA 0x%llx (GVA 0x%llx)",
                       idx, (unsigned long long)va, (unsigned long long)fva);
    gt_fields_unpack(ss_fields, SS_NFIELDS, dw, 4, s->f);
    /* LOD bias S4.8, min/max LOD U4.8 */
    s->lod_bias = (float)(int64_t)s->f[SS_LOD_BIAS] / 256.0f;
    s->min_lod = (float)s->f[SS_MIN_LOD] / 256.0f;
    s->max_lod = (float)s->f[SS_MAX_LOD] / 256.0f;
    /* SAMPLER_BORDER_COLOR_STATE: four DWords R, G, B, A (floats, or the
     * integer values for UINT/SINT formats), Dynamic State Base relative;
     * read only when an address mode uses it (the driver need not point a
     * sampler without border modes at one: Mesa's iris leaves it 0) */
    memset(&s->border, 0, sizeof(s->border));
    bool uses_border = false;
    for (unsigned k = 0; k < 3; k++) {
        unsigned mode = (unsigned)s->f[SS_TCX + k];
        uses_border |= mode == TCM_CLAMP_BORDER || mode == TCM_HALF_BORDER;
    }
    uint64_t bva = d->dynamic_state_base + s->f[SS_BORDER_PTR];
    if (uses_border && gt_vm_read(d->vm, bva, s->border.u, 16, &fva))
        return sf_fail(m, GTSIM_ERR_FAULT, "page fault reading the border colour of SAMPLER_STATE %u at "
                       "GVA 0x%llx (GVA 0x%llx)", idx, (unsigned long long)bva, (unsigned long long)fva);
    return GTSIM_OK;
}

/* ---- addressing ---- */

/* Apply address mode mode to integer texel index i of a dimension of n
 * texels.  Returns the index, or -1 for the border colour. */
static int64_t wrap_index(int64_t i, int64_t n, unsigned mode)
{
    switch (mode) {
    case TCM_WRAP:
        return ((i % n) + n) % n;
    case TCM_MIRROR: {
        int64_t j = ((i % (2 * n)) + 2 * n) % (2 * n);
        return j < n ? j : 2 * n - 1 - j;
    }
    case TCM_MIRROR_101: {
        if (n == 1)
            return 0;
        int64_t p = 2 * n - 2, j = ((i % p) + p) % p;
        return j < n ? j : p - j;
    }
    case TCM_MIRROR_ONCE:
        if (i < 0)
            i = -1 - i;
        return i < n ? i : n - 1;
    case TCM_CLAMP_BORDER: case TCM_HALF_BORDER:
        return i < 0 || i >= n ? -1 : i;
    default: /* TCM_CLAMP; TCM_CUBE outside cube surfaces (on them fetch()
              * takes the texel from the neighbouring face) */
        return i < 0 ? 0 : i >= n ? n - 1 : i;
    }
}

/* One lane's sampling context. */
typedef struct lane_ctx {
    sf_msg *m;
    const sf_image *im;
    const sf_sampler_state *s;
    unsigned dims;       /* coordinate dimensions: 1, 2, 3 (cube: 2 after face selection) */
    bool is_int;         /* UINT/SINT format */
    int off[3];          /* immediate texel offsets */
    bool cube;           /* a cube surface: slices are faces (6 per cube) */
    uint32_t first;      /* the view's first layer (Minimum Array Element) */
} lane_ctx;

static unsigned cube_face(const float *dir, float *s, float *t);

/* Seamless cube filtering (TCM_CUBE): texel (i, j) outside face `face` of
 * size n is taken from the face its centre's direction points into: the
 * face coordinates sc = 2 s - 1, tc = 2 t - 1 at ma = 1 turned back into a
 * direction (the inverse of cube_sc_tc_ma), the face and texel chosen
 * again (at corners the nearest texel of the face the major axis picks). */
static unsigned cube_neighbour(unsigned face, int64_t i, int64_t j, int64_t n, int64_t *oi, int64_t *oj)
{
    float sc = 2.0f * ((float)i + 0.5f) / (float)n - 1.0f, tc = 2.0f * ((float)j + 0.5f) / (float)n - 1.0f;
    float d[3];
    switch (face) {
    case 0: d[0] = 1; d[1] = -tc; d[2] = -sc; break;
    case 1: d[0] = -1; d[1] = -tc; d[2] = sc; break;
    case 2: d[0] = sc; d[1] = 1; d[2] = tc; break;
    case 3: d[0] = sc; d[1] = -1; d[2] = -tc; break;
    case 4: d[0] = sc; d[1] = -tc; d[2] = 1; break;
    default: d[0] = -sc; d[1] = -tc; d[2] = -1; break;
    }
    float s, t;
    unsigned f = cube_face(d, &s, &t);
    int64_t x = (int64_t)floorf(s * (float)n), y = (int64_t)floorf(t * (float)n);
    *oi = x < 0 ? 0 : x >= n ? n - 1 : x;
    *oj = y < 0 ? 0 : y >= n ? n - 1 : y;
    return f;
}

/* Fetch texel (x, y, z) of level lod, address modes applied; the border
 * colour when it falls outside. */
static int fetch(lane_ctx *c, int64_t x, int64_t y, int64_t z, uint32_t lod, uint32_t slice, sf_texel *out)
{
    const sf_image *im = c->im;
    const unsigned modes[3] = {(unsigned)c->s->f[SS_TCX], (unsigned)c->s->f[SS_TCY], (unsigned)c->s->f[SS_TCZ]};
    int64_t p[3] = {x, y, z};
    /* Cube Surface Control Mode OVERRIDE (1; iris: seamless cube maps)
     * makes every mode TCM_CUBE on cube surfaces (public fact: Mesa genxml
     * SAMPLER_STATE, iris fill_sampler_state) */
    bool seamless = c->s->f[SS_CUBE_CTRL] || (modes[0] == TCM_CUBE && modes[1] == TCM_CUBE);
    if (c->cube && seamless && slice >= c->first) {
        int64_t n = sf_image_dim(im, 0, lod);
        if (x < 0 || x >= n || y < 0 || y >= n) {
            unsigned face = (slice - c->first) % 6;
            unsigned nf = cube_neighbour(face, x, y, n, &p[0], &p[1]);
            slice = slice - face + nf;
        }
    }
    for (unsigned d = 0; d < c->dims; d++) {
        int64_t n = sf_image_dim(im, d, lod);
        p[d] = wrap_index(p[d], n, modes[d]);
        if (p[d] < 0) {
            sf_format_fill(im->fmt, &c->s->border, out);
            return GTSIM_OK;
        }
    }
    for (unsigned d = c->dims; d < 3; d++)
        p[d] = 0;
    uint32_t zz = im->s.type == SF_SURFTYPE_3D ? (uint32_t)p[2] : slice;
    uint8_t el[16];
    int st = sf_image_rw(c->m, im, (uint32_t)p[0], (uint32_t)p[1], zz, lod, el, false);
    if (st)
        return st;
    if (sf_format_unpack(im->fmt, el, (uint32_t)p[0] % im->fmt->bw, (uint32_t)p[1] % im->fmt->bh, out))
        return sf_image_format_fail(c->m, im, "sampling");
    return GTSIM_OK;
}

/* Shadow comparison (Shadow Function, PREFILTEROP_*): the texel value d
 * against the reference ref gives 0 when "d OP ref" holds, else 1 (public
 * fact: Mesa translates GL's LEQUAL to PREFILTEROP_LESS, and so on). */
static float shadow(unsigned func, float ref, float d)
{
    bool r;
    switch (func) {
    case 0: r = true; break;        /* ALWAYS */
    case 1: r = false; break;       /* NEVER */
    case 2: r = d < ref; break;     /* LESS */
    case 3: r = d == ref; break;    /* EQUAL */
    case 4: r = d <= ref; break;    /* LEQUAL */
    case 5: r = d > ref; break;     /* GREATER */
    case 6: r = d != ref; break;    /* NOTEQUAL */
    default: r = d >= ref; break;   /* GEQUAL */
    }
    return r ? 0.0f : 1.0f;
}

static float quantize_weight(float a)
{
    return floorf(a * (1 << SF_WEIGHT_BITS) + 0.5f) / (1 << SF_WEIGHT_BITS);
}

/* Sample level lod at texel-space coordinates t[] (u * size, ...) with
 * filter (MAPFILTER_*; integer formats are not filtered); a non-NULL ref
 * compares (shadow); gather >= 0 returns that channel of the 2x2
 * footprint. */
static int sample_level(lane_ctx *c, const float *t, uint32_t lod, uint32_t slice, unsigned filter,
                        const float *ref, int gather, sf_texel *out)
{
    int64_t i0[3] = {0, 0, 0};
    float a[3] = {0, 0, 0};
    bool linear = gather >= 0 || (filter != MAPFILTER_NEAREST && !c->is_int);
    for (unsigned d = 0; d < c->dims; d++) {
        /* NaN samples texel 0; far coordinates are clamped where every
         * address mode gives the same texel as the exact value would
         * (|t| < 2^40, a multiple of every size beyond) */
        float v = isnan(t[d]) ? 0.0f : fminf(fmaxf(t[d], -0x1p40f), 0x1p40f);
        if (linear) {
            v -= 0.5f;
            float fl = floorf(v);
            i0[d] = (int64_t)fl + c->off[d];
            a[d] = quantize_weight(v - fl);
        } else {
            i0[d] = (int64_t)floorf(v) + c->off[d];
        }
    }
    unsigned func = (unsigned)c->s->f[SS_SHADOW_FUNC];
    if (!linear) {
        int st = fetch(c, i0[0], i0[1], i0[2], lod, slice, out);
        if (!st && ref)
            out->f[0] = shadow(func, *ref, out->f[0]);
        return st;
    }
    /* the 2^dims footprint */
    unsigned n = 1u << c->dims;
    sf_texel tx[8];
    for (unsigned k = 0; k < n; k++) {
        int st = fetch(c, i0[0] + (k & 1), i0[1] + (k >> 1 & 1), i0[2] + (k >> 2 & 1), lod, slice, &tx[k]);
        if (st)
            return st;
        if (ref)
            tx[k].f[0] = shadow(func, *ref, tx[k].f[0]);
    }
    if (gather >= 0) {
        /* (u0, v1), (u1, v1), (u1, v0), (u0, v0) into R, G, B, A */
        static const uint8_t order[4] = {2, 3, 1, 0};
        for (unsigned ch = 0; ch < 4; ch++)
            out->u[ch] = tx[order[ch]].u[ref ? 0 : gather];
        return GTSIM_OK;
    }
    for (unsigned ch = 0; ch < 4; ch++) {
        float acc = 0;
        for (unsigned k = 0; k < n; k++) {
            float w = 1;
            for (unsigned d = 0; d < c->dims; d++)
                w *= (k >> d & 1) ? a[d] : 1 - a[d];
            acc += w * tx[k].f[ch];
        }
        out->f[ch] = acc;
    }
    return GTSIM_OK;
}

/* Sample at coordinates t (normalized, or texels with unnormalized
 * coordinates) with LOD lod (biased and clamped): the map filter (lod > 0:
 * minification) and the mip filter pick one or two levels of the view
 * (base .. last) and blend them. */
static int sample_mip(lane_ctx *c, const float *t, bool norm, uint32_t slice, float lod, unsigned filter,
                      const float *ref, int gather, sf_texel *o)
{
    const sf_image *im = c->im;
    uint32_t base = im->min_lod, last = im->levels ? im->min_lod + im->levels - 1 : 0;
    unsigned mipf = (unsigned)c->s->f[SS_MIP_FILTER];
    uint32_t l0 = base, l1 = base;
    float lw = 0;
    if (mipf != MIPFILTER_NONE && lod > 0) {
        if (mipf == MIPFILTER_NEAREST) {
            l0 = base + (uint32_t)floorf(lod + 0.5f);
        } else {
            l0 = base + (uint32_t)floorf(lod);
            l1 = l0 + 1;
            lw = lod - floorf(lod);
        }
        if (l0 > last) l0 = last;
        if (l1 > last) l1 = last;
    }
    sf_texel r0, r1;
    for (unsigned pass = 0; pass < (l1 != l0 ? 2u : 1u); pass++) {
        uint32_t lv = pass ? l1 : l0;
        float tl[3];
        for (unsigned k = 0; k < c->dims; k++)
            tl[k] = norm ? t[k] * (float)sf_image_dim(im, k, lv) : t[k];
        int st = sample_level(c, tl, lv, slice, filter, ref, gather, pass ? &r1 : &r0);
        if (st)
            return st;
    }
    *o = r0;
    if (l1 != l0 && !c->is_int)
        for (unsigned ch = 0; ch < 4; ch++)
            o->f[ch] = r0.f[ch] + (r1.f[ch] - r0.f[ch]) * lw;
    return GTSIM_OK;
}

/* Cube maps: the major axis of direction (x, y, z) selects the face
 * (+X, -X, +Y, -Y, +Z, -Z = 0..5) and gives face coordinates in [0, 1]
 * (the D3D/OpenGL cube map rules). */
/* sc, tc, ma of direction dir on a given face: linear in dir (the table of
 * the OpenGL cube map rules, ma signed so that it is |dir| on the face). */
static void cube_sc_tc_ma(unsigned face, const float *dir, float *sc, float *tc, float *ma)
{
    switch (face) {
    case 0: *sc = -dir[2]; *tc = -dir[1]; *ma = dir[0]; break;
    case 1: *sc = dir[2]; *tc = -dir[1]; *ma = -dir[0]; break;
    case 2: *sc = dir[0]; *tc = dir[2]; *ma = dir[1]; break;
    case 3: *sc = dir[0]; *tc = -dir[2]; *ma = -dir[1]; break;
    case 4: *sc = dir[0]; *tc = -dir[1]; *ma = dir[2]; break;
    default: *sc = -dir[0]; *tc = -dir[1]; *ma = -dir[2]; break;
    }
}

/* Face coordinates s, t in [0, 1] of direction dir projected on face. */
static void cube_project(unsigned face, const float *dir, float *s, float *t)
{
    float sc, tc, ma;
    cube_sc_tc_ma(face, dir, &sc, &tc, &ma);
    if (ma == 0)
        ma = 1;
    *s = 0.5f * (sc / ma + 1);
    *t = 0.5f * (tc / ma + 1);
}

static unsigned cube_face(const float *dir, float *s, float *t)
{
    float ax = fabsf(dir[0]), ay = fabsf(dir[1]), az = fabsf(dir[2]);
    unsigned face;
    if (ax >= ay && ax >= az)
        face = dir[0] >= 0 ? 0 : 1;
    else if (ay >= az)
        face = dir[1] >= 0 ? 2 : 3;
    else
        face = dir[2] >= 0 ? 4 : 5;
    cube_project(face, dir, s, t);
    return face;
}

/* Derivatives of the face coordinates (s, t) of a cube lookup at direction p
 * on face, for a direction derivative dp: d(sc / ma) / 2 = (dsc ma - sc dma)
 * / (2 ma^2) (the face coordinates' partial derivatives that the OpenGL
 * level-of-detail rule uses for cube maps). */
static void cube_deriv(unsigned face, const float *p, const float *dp, float *ds, float *dt)
{
    float sc, tc, ma, dsc, dtc, dma;
    cube_sc_tc_ma(face, p, &sc, &tc, &ma);
    cube_sc_tc_ma(face, dp, &dsc, &dtc, &dma);
    if (ma == 0) {
        *ds = *dt = 0;
        return;
    }
    *ds = 0.5f * (dsc * ma - sc * dma) / (ma * ma);
    *dt = 0.5f * (dtc * ma - tc * dma) / (ma * ma);
}

/* Array index: round to nearest even, clamp to [0, layers - 1]. */
static uint32_t array_index(float ai, uint32_t layers)
{
    float r = nearbyintf(ai);
    if (!(r >= 0))
        return 0;
    return r >= (float)(layers - 1) ? layers - 1 : (uint32_t)r;
}

/* ---- multisample loads ---- */

/* ---- the message ---- */

int sf_sampler(sf_msg *m)
{
    unsigned type = gt_bits(m->desc, 16, 12);
    unsigned simd = gt_bits(m->desc, 18, 17) | gt_bits(m->desc, 29, 29) << 2;
    bool ret16 = gt_bits(m->desc, 30, 30);
    const struct msg_desc *md = &msgs[type];
    if (type == MT_LD2DSS && simd == 3) {
        /* SIMD32/64 mode with type 1Fh is the sampler cache flush (public
         * fact: IGA's message decoder; IGC sends it between the typed
         * writes and the reads of an OpenCL read_write image).  No sampler
         * cache is modelled: the flush completes at once and its response
         * register (the kernel waits on it) is written with 0. */
        m->name = "sampler cache flush";
        for (unsigned r = 0; m->dst && r < m->rlen; r++)
            memset(m->dst + 32 * r, 0, 32);
        return GTSIM_OK;
    }
    m->name = md->name ? md->name : "sampler message";
    if (!md->name)
        return sf_fail(m, GTSIM_ERR_UNIMPL, "sampler message type 0x%x not implemented", type);
    if (simd != 1 && simd != 2)
        return sf_fail(m, GTSIM_ERR_UNIMPL, "sampler SIMD mode %u not implemented (SIMD8 = 1 and SIMD16 = 2 are)",
                       simd);
    unsigned slots = simd == 2 ? 16 : 8, preg = slots / 8; /* registers per parameter */
    const gt_dispatch *d = m->t->disp;
    if (!d || !d->vm)
        return sf_fail(m, GTSIM_ERR_INVALID, "thread has no dispatch address space");

    /* header */
    unsigned h = m->header, chmask = 0, gather_ch = 0;
    int off[3] = {0, 0, 0};
    uint64_t table = d->sampler_state;
    if (h) {
        uint32_t m2 = sf_pay32(m, 0, 8), m3 = sf_pay32(m, 0, 12);
        off[0] = (int)((int32_t)(m2 << 20) >> 28);
        off[1] = (int)((int32_t)(m2 << 24) >> 28);
        off[2] = (int)((int32_t)(m2 << 28) >> 28);
        chmask = gt_bits(m2, 15, 12);
        gather_ch = gt_bits(m2, 17, 16);
        table = (d->dynamic_state_base + (m3 & ~0x1fu)) & ((1ull << 48) - 1);
    }
    unsigned cregs = ret16 ? (slots * 2 + 31) / 32 : preg; /* response registers per channel */
    if (!h) { /* the first rlen / cregs channels */
        unsigned n = m->rlen / cregs;
        chmask = n >= 4 ? 0 : (0xfu << n) & 0xf;
    }
    unsigned nret = 4 - (unsigned)__builtin_popcount(chmask);
    if (m->dst && m->rlen < nret * cregs)
        return sf_fail(m, GTSIM_ERR_ILLEGAL, "response length %u for %u channels of %u registers", m->rlen,
                       nret, cregs);

    /* parameters */
    unsigned nparams = (m->nregs - h) / preg;
    bool have[P_NPARAMS] = {false};
    uint8_t preg_of[P_NPARAMS];
    for (unsigned k = 0; k < 12 && md->param[k] != P_END; k++) {
        if (k < nparams) {
            have[md->param[k]] = true;
            preg_of[md->param[k]] = (uint8_t)(h + k * preg);
        }
    }
#define PARAM_U(p, i) (have[p] ? sf_pay32(m, preg_of[p] + (i) / 8, ((i) % 8) * 4) : 0u)
#define PARAM_F(p, i) u2f(PARAM_U(p, i))

    sf_image im_own;
    const sf_image *im;
    int st = sf_image_bti(m, gt_bits(m->desc, 7, 0), &im_own, &im);
    if (st)
        return st;
    sf_sampler_state s;
    memset(&s, 0, sizeof(s));
    bool ld = type == MT_LD || type == MT_LD_LZ;
    bool gather_type = type == MT_GATHER4 || type == MT_GATHER4_C || type == MT_GATHER4_PO || type == MT_GATHER4_PO_C;
    bool msld = type == MT_LD2DMS_W || type == MT_LD_MCS || type == MT_LD2DMS || type == MT_LD2DSS;
    if (!ld && !msld && type != MT_RESINFO && type != MT_SAMPLEINFO && (st = read_sampler(m, table, gt_bits(m->desc, 11, 8), &s)))
        return st;

    bool null = im->s.type == SF_SURFTYPE_NULL;
    bool is_int = !null && sf_format_is_int(im->fmt);
    bool cube = im->s.type == SF_SURFTYPE_CUBE;
    unsigned dims = null ? 1 : im->s.type == SF_SURFTYPE_3D ? 3 : im->s.type == SF_SURFTYPE_1D || im->s.type == SF_SURFTYPE_BUFFER ? 1 : 2;
    bool array = !null && im->s.f[RSS_SURFACE_ARRAY];
    uint32_t base = im->min_lod, last = im->levels ? im->min_lod + im->levels - 1 : 0;

    /* the per-lane results, then the response */
    sf_texel res[16];
    memset(res, 0, sizeof(res));
    /* coordinates of all lanes first: implicit derivatives need the quad */
    float coord[16][3];
    for (unsigned i = 0; i < slots; i++) {
        coord[i][0] = PARAM_F(P_U, i);
        coord[i][1] = PARAM_F(P_V, i);
        coord[i][2] = PARAM_F(P_R, i);
    }
    bool norm = !s.f[SS_NON_NORMALIZED];
    unsigned filter_min = (unsigned)s.f[SS_MIN_FILTER], filter_mag = (unsigned)s.f[SS_MAG_FILTER];
    for (unsigned i = 0; i < slots && !null; i++) {
        if (!(m->mask >> i & 1))
            continue;
        m->lane = (int)i;
        sf_texel *o = &res[i];
        if (type == MT_RESINFO) {
            uint64_t lod64 = (uint64_t)PARAM_U(P_LOD, i) + base;
            uint32_t lod = (uint32_t)lod64;
            if (lod64 > last) {
                memset(o, 0, sizeof(*o));
                continue;
            }
            o->u[0] = sf_image_dim(im, 0, lod);
            o->u[1] = im->s.type == SF_SURFTYPE_1D ? (array ? im->layers : 0) : dims >= 2 ? sf_image_dim(im, 1, lod) : 0;
            /* B: the 3D depth or the array size; for a cube array its
             * faces, 6 (Depth + 1): isl programs Depth as cubes - 1 and
             * Mesa divides resinfo's B by 6 for cube map arrays ("fixup
             * #layers for cube map arrays"; facts 3.5) */
            o->u[2] = im->s.type == SF_SURFTYPE_3D ? sf_image_dim(im, 2, lod)
                      : array && im->s.type != SF_SURFTYPE_1D ? im->layers : 0;
            o->u[3] = im->levels;
            continue;
        }
        if (type == MT_SAMPLEINFO) {
            /* R the number of samples, A the Multisample Position Palette
             * Index (IGC vISA INFO.md) */
            o->u[0] = im->samples;
            o->u[3] = (uint32_t)im->s.f[RSS_MS_PALETTE];
            continue;
        }
        lane_ctx c = {m, im, &s, cube ? 2 : dims, is_int, {off[0], off[1], off[2]}, cube,
                      (uint32_t)im->s.f[RSS_MIN_ARRAY_ELEMENT]};
        if (msld) {
            /* u, v: the pixel, r: the array layer (2D arrays; ignored
             * otherwise), lod (a multisampled surface has one level), with
             * the header's offsets; out of range: 0 as ld (ld_mcs: 0) */
            int64_t x = (int64_t)(int32_t)PARAM_U(P_U, i) + off[0], y = (int64_t)(int32_t)PARAM_U(P_V, i) + off[1];
            int64_t z = array && dims == 2 ? (int64_t)(int32_t)PARAM_U(P_R, i) + off[2] : 0;
            uint64_t lod64 = (uint64_t)PARAM_U(P_LOD, i) + base;
            uint32_t lod = lod64 > last ? last : (uint32_t)lod64;
            bool in = dims == 2 && lod64 <= last && x >= 0 && x < sf_image_dim(im, 0, lod) && y >= 0 &&
                      y < sf_image_dim(im, 1, lod) && z >= 0 && z < im->layers;
            z += (int64_t)im->s.f[RSS_MIN_ARRAY_ELEMENT]; /* the view's first layer (image.c) */
            if (type == MT_LD_MCS) {
                /* R: the MCS value (16x: its low DWord, G the high one);
                 * 0 without an MCS surface */
                uint64_t mcs = 0;
                if (in && im->mcs && (st = sf_image_read_mcs(m, im, (uint32_t)x, (uint32_t)y, (uint32_t)z, &mcs)))
                    return st;
                o->u[0] = (uint32_t)mcs;
                o->u[1] = (uint32_t)(mcs >> 32);
                continue;
            }
            if (!in) {
                static const sf_texel zero;
                sf_format_fill(im->fmt, &zero, o);
                continue;
            }
            /* the sample index is clamped to the surface's samples */
            uint32_t si = PARAM_U(P_SI, i), plane;
            if (si >= im->samples)
                si = im->samples - 1;
            plane = si;
            if (type != MT_LD2DSS && im->mcs) {
                /* the MCS value names the plane of each sample */
                uint64_t mcs = (uint64_t)PARAM_U(P_MCSH, i) << 32 | PARAM_U(P_MCS, i);
                if (sf_mcs_is_clear(mcs, im->samples)) {
                    /* a fast-cleared pixel: the surface's clear colour */
                    uint8_t el[16];
                    if ((st = sf_image_clear_element(m, im, el)))
                        return st;
                    if (sf_format_unpack(im->fmt, el, 0, 0, o))
                        return sf_image_format_fail(m, im, md->name);
                    continue;
                }
                plane = sf_mcs_plane(mcs, im->samples, si);
                if (plane >= im->samples)
                    return sf_fail(m, GTSIM_ERR_ILLEGAL, "%s: MCS value 0x%llx puts sample %u in plane %u of a "
                                   "%u-sample surface (BTI %u)", md->name, (unsigned long long)mcs, si, plane,
                                   im->samples, im->bti);
            }
            uint8_t el[16];
            if (im->samples > 1)
                st = sf_image_read_sample(m, im, (uint32_t)x, (uint32_t)y, (uint32_t)z, plane, el);
            else
                st = sf_image_rw(m, im, (uint32_t)x, (uint32_t)y, (uint32_t)z, lod, el, false);
            if (st)
                return st;
            if (sf_format_unpack(im->fmt, el, (uint32_t)x % im->fmt->bw, (uint32_t)y % im->fmt->bh, o))
                return sf_image_format_fail(m, im, md->name);
            continue;
        }
        if (ld) {
            /* integer coordinates, no filtering: outside the level's size,
             * the array or the mip range the result is 0 in the format's
             * channels, the defaults in the others (CL_R: (0, 0, 0, 1), as
             * OpenCL's CLK_ADDRESS_CLAMP border, which IGC reads with ld) */
            int64_t x = (int64_t)(int32_t)PARAM_U(P_U, i) + off[0], y = (int64_t)(int32_t)PARAM_U(P_V, i) + off[1];
            int64_t r = (int64_t)(int32_t)PARAM_U(P_R, i) + off[2];
            uint64_t lod64 = (uint64_t)(type == MT_LD ? PARAM_U(P_LOD, i) : 0) + base;
            int64_t z = im->s.type == SF_SURFTYPE_1D && array ? y : r;
            if (im->s.type == SF_SURFTYPE_1D || im->s.type == SF_SURFTYPE_BUFFER)
                y = 0;
            if (dims < 3 && !array)
                z = 0;
            uint32_t lod = lod64 > last ? last : (uint32_t)lod64;
            /* an array layer counts from Minimum Array Element; Depth
             * (im->layers) is the view's layer count ("the range of this
             * field is reduced by one for each increase from zero of
             * Minimum Array Element", PRM RENDER_SURFACE_STATE Depth) */
            bool in = lod64 <= last && x >= 0 && x < sf_image_dim(im, 0, lod) && y >= 0 &&
                      (dims < 2 || y < sf_image_dim(im, 1, lod)) && z >= 0 &&
                      z < (im->s.type == SF_SURFTYPE_3D ? sf_image_dim(im, 2, lod) : im->layers);
            if (im->s.type != SF_SURFTYPE_3D)
                z += (int64_t)im->s.f[RSS_MIN_ARRAY_ELEMENT]; /* the view's first layer (image.c) */
            if (!in) {
                static const sf_texel zero;
                sf_format_fill(im->fmt, &zero, o);
                continue;
            }
            uint8_t el[16];
            if ((st = sf_image_rw(m, im, (uint32_t)x, (uint32_t)y, (uint32_t)z, lod, el, false)))
                return st;
            if (sf_format_unpack(im->fmt, el, (uint32_t)x % im->fmt->bw, (uint32_t)y % im->fmt->bh, o))
                return sf_image_format_fail(m, im, "ld");
            continue;
        }
        /* coordinates: cube direction to face, array index */
        float t[3] = {coord[i][0], coord[i][1], coord[i][2]};
        uint32_t slice = 0;
        unsigned ai_dim = im->s.type == SF_SURFTYPE_1D ? 1 : 2, face = 0;
        if (cube) {
            face = cube_face(coord[i], &t[0], &t[1]);
            uint32_t layer = array ? array_index(PARAM_F(P_AI, i), im->layers / 6) : 0;
            slice = layer * 6 + face;
        } else if (array) {
            slice = array_index(ai_dim == 1 ? coord[i][1] : coord[i][2], im->layers);
        }
        if (im->s.type != SF_SURFTYPE_3D)
            slice += (uint32_t)im->s.f[RSS_MIN_ARRAY_ELEMENT]; /* the view's first layer (image.c) */

        /* level of detail */
        float lod = 0;
        bool explicit_lod = type == MT_SAMPLE_L || type == MT_SAMPLE_L_C;
        bool zero_lod = type == MT_SAMPLE_LZ || type == MT_SAMPLE_C_LZ || type == MT_GATHER4 ||
                        type == MT_GATHER4_C || type == MT_GATHER4_PO || type == MT_GATHER4_PO_C;
        float dx[3] = {0, 0, 0}, dy[3] = {0, 0, 0}; /* derivatives in texels of the base level */
        bool deriv = !explicit_lod && !zero_lod;
        if (explicit_lod) {
            lod = PARAM_F(P_LOD, i);
        } else if (!zero_lod) {
            /* derivatives in texels: explicit, or across the 2x2 quad */
            unsigned q = i & ~3u;
            if (cube) {
                /* the derivatives of the direction, projected on the face
                 * of this lane's direction */
                float ddx[3], ddy[3];
                for (unsigned k = 0; k < 3; k++) {
                    if (type == MT_SAMPLE_D || type == MT_SAMPLE_D_C) {
                        static const uint8_t px[3] = {P_DUDX, P_DVDX, P_DRDX}, py[3] = {P_DUDY, P_DVDY, P_DRDY};
                        ddx[k] = PARAM_F(px[k], i);
                        ddy[k] = PARAM_F(py[k], i);
                    } else {
                        ddx[k] = coord[q + 1][k] - coord[q][k];
                        ddy[k] = coord[q + 2][k] - coord[q][k];
                    }
                }
                cube_deriv(face, coord[i], ddx, &dx[0], &dx[1]);
                cube_deriv(face, coord[i], ddy, &dy[0], &dy[1]);
            }
            for (unsigned k = 0; k < c.dims; k++) {
                float sz = norm ? (float)sf_image_dim(im, k, base) : 1.0f;
                if (cube) {
                    dx[k] *= (float)sf_image_dim(im, k, base);
                    dy[k] *= (float)sf_image_dim(im, k, base);
                } else if (type == MT_SAMPLE_D || type == MT_SAMPLE_D_C) {
                    static const uint8_t px[3] = {P_DUDX, P_DVDX, P_DRDX}, py[3] = {P_DUDY, P_DVDY, P_DRDY};
                    dx[k] = PARAM_F(px[k], i) * sz;
                    dy[k] = PARAM_F(py[k], i) * sz;
                } else {
                    dx[k] = (coord[q + 1][k] - coord[q][k]) * sz;
                    dy[k] = (coord[q + 2][k] - coord[q][k]) * sz;
                }
            }
            float lx = 0, ly = 0;
            for (unsigned k = 0; k < c.dims; k++) {
                lx += dx[k] * dx[k];
                ly += dy[k] * dy[k];
            }
            float rho = sqrtf(lx > ly ? lx : ly);
            lod = rho > 0 ? log2f(rho) : -INFINITY;
            if (type == MT_SAMPLE_B || type == MT_SAMPLE_B_C)
                lod += PARAM_F(P_BIAS, i);
        }
        if (!zero_lod)
            lod += s.lod_bias;
        float lod_unclamped = lod;
        if (lod < s.min_lod) lod = s.min_lod;
        if (lod > s.max_lod) lod = s.max_lod;
        if (type == MT_LOD) {
            /* X: the level of detail the lookup would use, relative to the
             * base level: clamped to the sampler's range and the view's
             * levels, 0 with the mip filter NONE (one level); Y: after the
             * biases, before clamping (ARB_texture_query_lod; brw returns the
             * message's values as they are) */
            float top = (float)(last - base), x = lod > top ? top : lod;
            o->f[0] = s.f[SS_MIP_FILTER] == MIPFILTER_NONE || !(x > 0) ? 0.0f : x;
            o->f[1] = lod_unclamped;
            continue;
        }
        unsigned filter = lod > 0 ? filter_min : filter_mag;
        float ref = PARAM_F(P_REF, i);
        const float *refp = have[P_REF] ? &ref : NULL;
        int gather = gather_type ? (int)gather_ch : -1;
        if (gather >= 0 && !refp) {
            /* the source channel goes through the view's channel select
             * (Mesa puts the gathered component in the view's swizzle and
             * gathers channel 0); a constant one gathers that constant */
            unsigned sel = im->scs[gather_ch];
            if (sel < SF_SCS_RED) {
                for (unsigned ch = 0; ch < 4; ch++)
                    o->u[ch] = sel == SF_SCS_ONE ? (is_int ? 1u : 0x3f800000u) : 0u;
                continue;
            }
            gather = (int)(sel - SF_SCS_RED);
        }
        if (type == MT_GATHER4_PO || type == MT_GATHER4_PO_C) {
            /* programmable offsets: signed 6-bit texel offsets */
            c.off[0] = (int)((int32_t)(PARAM_U(P_OFFU, i) << 26) >> 26);
            c.off[1] = (int)((int32_t)(PARAM_U(P_OFFV, i) << 26) >> 26);
        }
        if (filter != MAPFILTER_ANISOTROPIC || !deriv || gather >= 0 || is_int) {
            if ((st = sample_mip(&c, t, norm || cube, slice, lod, filter, refp, gather, o)))
                return st;
            continue;
        }
        /* anisotropic: N = min(ceil(Pmax / Pmin), Maximum Anisotropy)
         * linear probes spread along the longer derivative, at LOD
         * log2(Pmax / N) (the EXT_texture_filter_anisotropic reference
         * method; the hardware's footprint is not in the public facts) */
        float px = 0, py = 0;
        for (unsigned k = 0; k < c.dims; k++) {
            px += dx[k] * dx[k];
            py += dy[k] * dy[k];
        }
        px = sqrtf(px);
        py = sqrtf(py);
        float pmax = px > py ? px : py, pmin = px > py ? py : px;
        unsigned maxn = 2 * ((unsigned)s.f[SS_MAX_ANISO] + 1), n = 1;
        if (pmin > 0 && pmax / pmin > 1)
            n = pmax / pmin >= (float)maxn ? maxn : (unsigned)ceilf(pmax / pmin);
        /* lod_unclamped = log2(Pmax) + the message's bias */
        float alod = lod_unclamped - log2f((float)n) + s.lod_bias;
        if (alod < s.min_lod) alod = s.min_lod;
        if (alod > s.max_lod) alod = s.max_lod;
        const float *axis = px > py ? dx : dy;
        sf_texel acc;
        memset(&acc, 0, sizeof(acc));
        for (unsigned p = 0; p < n; p++) {
            float tp[3], off = ((float)p + 0.5f) / (float)n - 0.5f;
            for (unsigned k = 0; k < c.dims; k++) {
                float sz = norm ? (float)sf_image_dim(im, k, base) : 1.0f;
                tp[k] = t[k] + axis[k] / sz * off;
            }
            sf_texel r;
            if ((st = sample_mip(&c, tp, norm || cube, slice, alod, MAPFILTER_LINEAR, refp, -1, &r)))
                return st;
            for (unsigned ch = 0; ch < 4; ch++)
                acc.f[ch] += r.f[ch] / (float)n;
        }
        *o = acc;
    }
    m->lane = -1;
    if (!m->dst)
        return GTSIM_OK;

    /* shader channel selects, then the returned channels */
    /* gather4: the four texels of the footprint, not swizzled (the channel
     * select chose the gathered channel) */
    bool info = type == MT_RESINFO || type == MT_SAMPLEINFO || type == MT_LOD || type == MT_LD_MCS;
    for (unsigned ch = 0, k = 0; ch < 4; ch++) {
        if (chmask >> ch & 1)
            continue;
        for (unsigned i = 0; i < slots; i++) {
            if (!(m->mask >> i & 1))
                continue;
            uint32_t v;
            unsigned sel = info || null || gather_type ? SF_SCS_RED + ch : im->scs[ch];
            if (sel >= SF_SCS_RED)
                v = res[i].u[sel - SF_SCS_RED];
            else if (sel == SF_SCS_ONE)
                v = is_int ? 1u : 0x3f800000u;
            else
                v = 0;
            if (ret16) {
                uint16_t hv = is_int || info ? (uint16_t)v : sf_float_to_half(u2f(v));
                unsigned byte = i * 2;
                if (m->dst && k * cregs + byte / 32 < m->rlen)
                    memcpy(m->dst + (k * cregs) * 32 + byte, &hv, 2);
            } else {
                sf_rsp32(m, k * cregs + i / 8, (i % 8) * 4, v);
            }
        }
        k++;
    }
    return GTSIM_OK;
}
