/*
 * Shared-function internals: the decoded message context that the data
 * port, gateway and spawner handlers share, payload/response register
 * accessors, and the address spaces (surface, SLM, stateless, A64) that
 * data-port messages read and write.
 *
 * Message layout (seed 004 send/sends; message descriptors MSD*):
 *   desc  28:25 message length (GRF registers of src0, header included)
 *         24:20 response length (GRF registers written at dst)
 *         19    header present
 *         18:14 message type (data port) / 18:8 control / 7:0 BTI
 *   exdesc 3:0 SFID, 5 EOT, 10:6 extended message length (sends: GRF
 *         registers of src1, the data payload).
 * A message is a sequence of mlen registers from src0 followed (sends) by
 * exlen registers from src1; register k of the message is m->reg[k].
 */
#ifndef GT_SF_INT_H
#define GT_SF_INT_H

#include <stdbool.h>
#include <string.h>

#include "cs/fields.h"
#include "sf/format.h"
#include "sf/sf.h"
#include "sf/tiling.h"

#define SF_MAX_MSG_REGS (15 + 31) /* mlen (U4) + extended mlen (U5) */

/* One message being executed. */
typedef struct sf_msg {
    gtsim_device *dev;
    gt_thread *t;
    const gt_inst *in;
    uint32_t desc, exdesc;
    uint32_t mask;         /* enabled slots: bit i = message slot i */
    unsigned sfid;
    unsigned mlen, exlen;  /* GRF registers of src0 / src1 */
    unsigned nregs;        /* mlen + exlen */
    unsigned rlen;         /* response GRF registers */
    bool header;           /* desc bit 19 */
    const uint8_t *reg[SF_MAX_MSG_REGS];
    uint8_t *dst;          /* first response register, NULL for a null dst */
    const char *name;      /* message name for reports (set by the handler) */
    int lane;              /* slot of the access in progress (check reports), -1 = the message */
    bool rmw;              /* an atomic read-modify-write in progress (checked once, at its read) */
} sf_msg;

static inline uint32_t sf_ld32(const void *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}
static inline uint64_t sf_ld64(const void *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

/* Payload DWord at message register reg, byte offset byte (0..28). */
/* The channels an untyped message's channel mask (bit c set: channel c
 * off; seed 004 untyped surface read) leaves on: 4 minus its bits, from a
 * nibble table (not a libgcc popcount call per message). */
static inline unsigned sf_channels(unsigned cmask)
{
    return 4 - (unsigned)((0x4332322132212110ull >> (4 * (cmask & 15))) & 0xf);
}
static inline uint32_t sf_pay32(const sf_msg *m, unsigned reg, unsigned byte)
{
    return sf_ld32(m->reg[reg] + byte);
}
static inline uint64_t sf_pay64(const sf_msg *m, unsigned reg, unsigned byte)
{
    return sf_ld64(m->reg[reg] + byte);
}
/* Response writes: registers at or beyond the response length are not
 * written (the hardware returns exactly rlen registers). */
static inline void sf_rsp32(sf_msg *m, unsigned reg, unsigned byte, uint32_t v)
{
    if (m->dst && reg < m->rlen)
        memcpy(m->dst + reg * 32 + byte, &v, 4);
}
static inline void sf_rsp64(sf_msg *m, unsigned reg, unsigned byte, uint64_t v)
{
    if (m->dst && reg < m->rlen)
        memcpy(m->dst + reg * 32 + byte, &v, 8);
}

/* ---- address spaces ---- */

enum sf_space_kind {
    SF_SPACE_NULL,   /* SURFTYPE_NULL: reads return 0, writes are dropped */
    SF_SPACE_VM,     /* GPU virtual memory (surface, A32 stateless, A64) */
    SF_SPACE_SLM,    /* the thread group's shared local memory */
};

/* Where a message's offsets/addresses go.  Offsets are bytes from base.
 * bounded: accesses with off + len > limit are out of bounds (reads 0,
 * writes dropped: buffer surface bounds checking, SLM size). */
typedef struct sf_space {
    int kind;
    bool bounded;
    bool a32;        /* offsets are 32-bit (wrap at 4 GiB) */
    bool race;       /* SLM under GTSIM_CHECK_SLM_RACE: every access goes to sf_read /
                      * sf_write (sf_dword_ptr gives no pointer) */
    bool checked;    /* GTSIM_CHECK_BOUNDS: sf_read / sf_write check their accesses (every
                      * out-of-bounds or unmapped one goes there: sf_dword_ptr gives no
                      * pointer for those, and untyped_rw's SLM lane loops are not used) */
    uint32_t bti;
    gt_vm *vm;
    uint64_t base;   /* GVA of offset 0 (VM) */
    uint64_t limit;  /* bytes (bounded spaces) */
    uint8_t *slm;
} sf_space;

/* GVA of offset off in a VM space (A32 offsets wrap at 4 GiB). */
static inline uint64_t sf_space_va(const sf_space *s, uint64_t off)
{
    if (s->a32)
        off = (uint32_t)off;
    return (s->base + off) & ((1ull << 48) - 1);
}

/* Out of bounds: off + len beyond a bounded space's limit. */
static inline bool sf_oob(const sf_space *s, uint64_t off, unsigned len)
{
    return s->bounded && (off > s->limit || len > s->limit - off);
}

/* SLM offsets use their low 16 bits (64 KiB). */
#define SF_SLM_OFFSET_MASK 0xffffu

/* The page one message's accesses last went to (the data port fast
 * paths translate a page once, not once per slot and DWord). */
typedef struct sf_pcache {
    uint64_t page;   /* GVA of the page */
    uint8_t *host;   /* its host bytes; NULL = nothing cached */
} sf_pcache;

/* Host address of the len (4 up to a page) bytes at offset off of s when they can
 * be accessed directly: SLM within its size (offset bits 15:0, not
 * wrapping), or within one VM page (translated on a miss, for writing with
 * write, and kept in pc; A32 offsets not wrapping at 4 GiB).  NULL: access
 * them a DWord at a time (sf_dword_ptr). */
static inline uint8_t *sf_span_ptr(const sf_space *s, uint64_t off, unsigned len, sf_pcache *pc, bool write)
{
    if (s->kind == SF_SPACE_SLM) {
        if ((off & SF_SLM_OFFSET_MASK) + len > SF_SLM_OFFSET_MASK + 1u)
            return NULL;
        off &= SF_SLM_OFFSET_MASK;
        return sf_oob(s, off, len) || s->race ? NULL : s->slm + off;
    }
    if (s->kind != SF_SPACE_VM || sf_oob(s, off, len) || (s->a32 && (uint32_t)off + (uint64_t)len > 1ull << 32))
        return NULL;
    uint64_t va = sf_space_va(s, off);
    if ((va & GT_PAGE_MASK) > GT_PAGE_SIZE - len)
        return NULL;
    uint64_t page = va & ~(uint64_t)GT_PAGE_MASK;
    if (!pc->host || pc->page != page) {
        uint8_t *h = write ? gt_vm_ptr(s->vm, page) : (uint8_t *)gt_vm_ptr_ro(s->vm, page);
        if (!h)
            return NULL;
        pc->page = page;
        pc->host = h;
    }
    return pc->host + (va & GT_PAGE_MASK);
}

/* The 4 bytes at offset off (sf_span_ptr); NULL: use sf_read / sf_write,
 * which handle (and report) everything else -- out of bounds, null
 * surfaces, page crossings, faults -- with the same results. */
static inline uint8_t *sf_dword_ptr(const sf_space *s, uint64_t off, sf_pcache *pc, bool write)
{
    return sf_span_ptr(s, off, 4, pc, write);
}

/* Resolve a binding table index (surface, 254 SLM, 255/253 stateless A32)
 * into a space.  Returns GTSIM_OK or an error (reported). */
int sf_space_bti(sf_msg *m, uint32_t bti, sf_space *s);
/* The A64 flat space (stateless, 64-bit addresses). */
int sf_space_a64(sf_msg *m, sf_space *s);
/* The space of binding table index bti (or, with a64, the flat space) for
 * thread t when it takes no report and no surface state decode: the
 * thread group's SLM (254), stateless A32 (255, 253: General State Base
 * plus, with the message header register header, its M0.5[31:10] scratch
 * offset), A64, or a buffer (or null) entry this dispatch already
 * resolved (gt_bti_cache).  header: NULL for a message without one.
 * checked: GTSIM_CHECK_BOUNDS is on.  false: sf_space_bti decides and
 * reports. */
bool sf_space_known(const gt_thread *t, unsigned bti, bool a64, const uint8_t *header, bool checked,
                    sf_space *s);

/* Read/write len (1..128) bytes at offset off.  Out-of-bounds reads give
 * zeros and out-of-bounds writes are dropped (both return GTSIM_OK); an
 * unmapped page is a GTSIM_ERR_FAULT reported with the GVA.  In a checked
 * space an access outside the surface, SLM or mapped memory is also a
 * bounds finding (src/check.c) naming m->lane. */
int sf_read(sf_msg *m, const sf_space *s, uint64_t off, void *out, unsigned len);
int sf_write(sf_msg *m, const sf_space *s, uint64_t off, const void *in, unsigned len);

/* Report helpers: they prefix the message (SFID, type name, descriptors)
 * and the EU IP, and return status. */
int sf_fail(sf_msg *m, int status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Message too short for its payload. */
int sf_check_len(sf_msg *m, unsigned need_regs);

/* ---- surfaces ---- */

enum sf_surftype {
    SF_SURFTYPE_1D = 0, SF_SURFTYPE_2D = 1, SF_SURFTYPE_3D = 2, SF_SURFTYPE_CUBE = 3,
    SF_SURFTYPE_BUFFER = 4, SF_SURFTYPE_STRBUF = 5, SF_SURFTYPE_NULL = 7,
};

/* Slots of the unpacked RENDER_SURFACE_STATE fields (every generation's
 * layout names the fields it has with these ids; absent fields read 0). */
enum sf_rss_id {
    RSS_SURFACE_TYPE, RSS_SURFACE_ARRAY, RSS_SURFACE_FORMAT, RSS_TILE_MODE, RSS_TILED,
    RSS_TILE_WALK, RSS_VLS, RSS_VLSO, RSS_BOUNDARY_MODE, RSS_MOCS, RSS_QPITCH, RSS_HEIGHT,
    RSS_WIDTH, RSS_DEPTH, RSS_PITCH, RSS_MIN_ARRAY_ELEMENT, RSS_VIEW_EXTENT, RSS_X_OFFSET,
    RSS_Y_OFFSET, RSS_MIP_COUNT, RSS_AUX_MODE, RSS_BASE_LO, RSS_BASE_HI, RSS_VALIGN, RSS_HALIGN,
    RSS_CUBE_FACES, RSS_BASE_MIP, RSS_TR_MODE, RSS_MIP_TAIL_START, RSS_MIN_LOD, RSS_SCS_R,
    RSS_SCS_G, RSS_SCS_B, RSS_SCS_A, RSS_RESOURCE_MIN_LOD, RSS_NUM_SAMPLES, RSS_MSFMT, RSS_MS_PALETTE,
    RSS_AUX_PITCH, RSS_AUX_QPITCH, RSS_AUX_BASE_LO, RSS_AUX_BASE_HI, RSS_CLEAR_ADDR_ENABLE, RSS_CLEAR_0,
    RSS_CLEAR_1, RSS_CLEAR_2, RSS_CLEAR_3, RSS_NSLOTS
};

/* One generation's RENDER_SURFACE_STATE: its field table (cs/fields.h
 * rows, ids from enum sf_rss_id), its size, and how the tiling fields map
 * to a layout: tile code = Tile Mode + 2 * Tiled Surface + Tile Walk
 * (a generation has either Tile Mode or the Tiled/Walk pair), tiling[code]
 * is an enum gt_tiling or SF_TILE_UNSUPPORTED. */
#define SF_TILE_UNSUPPORTED 0xff
typedef struct sf_rss_layout {
    const char *name;
    unsigned dwords;
    const gt_field *fields;
    unsigned nfields;
    uint8_t tiling[4];
    uint32_t bt_ptr_mask;   /* binding table entry bits holding the surface state offset */
} sf_rss_layout;

/* A surface as a binding table entry describes it (any generation).
 * Sizes: width in pixels, height in rows, pitch in bytes; bpp is bytes per
 * pixel of the format (1 if unknown).  base is a GVA. */
typedef struct sf_surface {
    uint32_t type;       /* enum sf_surftype */
    uint32_t format;
    uint64_t base;
    uint32_t width, height, depth;
    uint32_t pitch;
    uint32_t bpp;
    int tiling;          /* enum gt_tiling */
    int vls, vlso;       /* Vertical Line Stride / Offset */
    uint64_t ss_va;      /* where the surface state was read (reports) */
    uint64_t f[RSS_NSLOTS]; /* all unpacked fields */
} sf_surface;

/* Read and unpack the surface state of binding table index bti (< 240)
 * with the device generation's layout.  Errors (page faults, an
 * unsupported tile mode) are reported.  */
int sf_surface_bti(sf_msg *m, uint32_t bti, sf_surface *s);
/* "Field=value ..." text of a surface state, for reports. */
void sf_surface_print(const sf_msg *m, const sf_surface *s, char *buf, size_t len);
/* Bytes per pixel of a SURFACE_FORMAT value: the element size of the
 * format table (sf/format.h; YCrCb 4:2:2 2 bytes); compressed and unknown
 * formats by the size class of their value (128, 96, 64, 32, 16 bits
 * below 0x180, else 1). */
uint32_t sf_format_bpp(uint32_t format);

/* ---- images: formatted surfaces (image.c) ---- */

struct sf_format_info;

/* A surface resolved for texel access by the typed surface messages and
 * the sampler.  Sizes are in pixels of level 0 (buffers: width = the
 * number of entries, height = depth = 1); layers is the array size (Depth
 * + 1 of an arrayed or cube surface, 1 otherwise) and depth the 3D depth
 * (1 for other types).  halign/valign are the level alignments in
 * elements, qpitch the distance between array slices (and 3D depth
 * slices) in rows of elements (2D, 3D, cube) or in elements (1D), levels
 * the mip levels the state allows (MIP Count / LOD + 1), and scs the
 * Shader Channel Selects (SCS_*).
 * Multisampled surfaces (2D, one level): samples (1, 2, 4, 8 or 16) from
 * Number of Multisamples; width, height and layers are logical (pixels,
 * array layers); interleaved: MSFMT_DEPTH_STENCIL (samples interleaved in
 * pixel blocks), else MSFMT_MSS (every sample plane an array slice, qpitch
 * apart).  mcs: an MCS auxiliary surface -- mcs_bpe bytes per pixel at
 * GVA mcs_base, Y-tiled, mcs_pitch bytes per row, mcs_qpitch rows per
 * array layer. */
typedef struct sf_image {
    sf_surface s;
    const struct sf_format_info *fmt;
    uint32_t bti;
    uint32_t width, height, depth, layers;
    uint32_t levels, min_lod;
    uint32_t halign, valign, qpitch;
    uint8_t scs[4];
    uint32_t samples;
    bool interleaved, mcs;
    uint32_t mcs_bpe, mcs_pitch, mcs_qpitch;
    uint64_t mcs_base;
} sf_image;

/* Shader Channel Select values (RENDER_SURFACE_STATE DWord 7). */
enum sf_scs { SF_SCS_ZERO = 0, SF_SCS_ONE = 1, SF_SCS_RED = 4, SF_SCS_GREEN = 5, SF_SCS_BLUE = 6,
              SF_SCS_ALPHA = 7 };

/* Resolve binding table index bti (< 240) to an image: a 1D, 2D, 3D, cube
 * or buffer surface with a surface format gtsim decodes.  Other surfaces
 * and formats are reported (GTSIM_ERR_UNIMPL) naming the surface state;
 * a null surface gives an image of type SF_SURFTYPE_NULL.  Decoded once
 * per dispatch: *im points into the dispatch's state cache
 * (sf_state_cache), or to scratch, filled, when there is none. */
int sf_image_bti(sf_msg *m, uint32_t bti, sf_image *scratch, const sf_image **im);

/* SAMPLER_STATE fields (Gen9 and Gen12LP, 4 DWords; field table in
 * sampler.c). */
enum {
    SS_DISABLE, SS_BORDER_MODE, SS_LOD_PRECLAMP, SS_MIP_FILTER, SS_MAG_FILTER, SS_MIN_FILTER,
    SS_LOD_BIAS, SS_MIN_LOD, SS_MAX_LOD, SS_SHADOW_FUNC, SS_CUBE_CTRL, SS_BORDER_PTR,
    SS_MAX_ANISO, SS_NON_NORMALIZED, SS_TCX, SS_TCY, SS_TCZ, SS_NSLOTS
};

/* A decoded SAMPLER_STATE entry: its fields, the LOD bias and clamps in
 * LODs, and the SAMPLER_BORDER_COLOR_STATE (R, G, B, A; zero when no
 * address mode uses the border). */
typedef struct sf_sampler_state {
    uint64_t f[SS_NSLOTS];
    float lod_bias, min_lod, max_lod;
    sf_texel border;
} sf_sampler_state;

/* The images and samplers one dispatch's messages decoded
 * (gt_bti_cache.state).  Image slot bti % SF_CACHED_IMAGES holds the image
 * of img_bti[slot] when its bit in img_valid is set; sampler slot idx (the
 * descriptor's sampler index, 0..15) holds entry idx of the SAMPLER_STATE
 * table at GVA smp_table[idx] when set in smp_valid.  Like the hardware's
 * state caches, it assumes binding tables, surface and sampler states do
 * not change while a dispatch runs.  Failed decodes are not kept (each
 * message reports them). */
#define SF_CACHED_IMAGES 8
typedef struct sf_state_cache {
    uint32_t img_valid, smp_valid;
    uint8_t img_bti[SF_CACHED_IMAGES];
    sf_image img[SF_CACHED_IMAGES];
    uint64_t smp_table[16];
    sf_sampler_state smp[16];
} sf_state_cache;

/* The state cache of m's dispatch, allocated on first use; NULL when the
 * dispatch has no gt_bti_cache or the allocation failed (the caller decodes
 * the state itself). */
sf_state_cache *sf_state_cache_of(sf_msg *m);
/* Report (GTSIM_ERR_UNIMPL) that `what` ("ld", "sampling", "typed
 * access", "typed write") of the image's surface format is not
 * implemented (format.c knows only the size of YUV, palette, PASSTHRU, RAW
 * and FXT1 elements, and packs no compressed format), naming the BTI and
 * the surface state fields. */
int sf_image_format_fail(sf_msg *m, const sf_image *im, const char *what);
/* Size in pixels of dimension dim (0 x, 1 y, 2 z: 3D depth) at level lod
 * (at least 1). */
uint32_t sf_image_dim(const sf_image *im, unsigned dim, uint32_t lod);
/* Read or write the element (one pixel, or one compressed block) holding
 * pixel (x, y) of slice z (3D depth slice or array layer) of level lod,
 * in range (the caller checks).  bytes = fmt->bpb.  Page faults are
 * reported.  A multisampled surface reads sample 0 (writes are reported
 * as not implemented). */
int sf_image_rw(sf_msg *m, const sf_image *im, uint32_t x, uint32_t y, uint32_t z, uint32_t lod,
                uint8_t *bytes, bool write);
/* Read the element of sample plane `plane` (< samples) of pixel (x, y) of
 * array layer `layer` (in range) of a multisampled image: MSS physical
 * slice layer * samples + plane, or the interleaved (MSFMT_DEPTH_STENCIL)
 * position of sample `plane`.  bytes = fmt->bpb. */
int sf_image_read_sample(sf_msg *m, const sf_image *im, uint32_t x, uint32_t y, uint32_t layer,
                         uint32_t plane, uint8_t *bytes);
/* Read the MCS value of pixel (x, y) of layer `layer` (in range) of an
 * image with an MCS surface (im->mcs): 8, 8, 32 or 64 bits for 2, 4, 8,
 * 16 samples, zero-extended into *mcs. */
int sf_image_read_mcs(sf_msg *m, const sf_image *im, uint32_t x, uint32_t y, uint32_t layer,
                      uint64_t *mcs);
/* Write the MCS value of pixel (x, y) of layer `layer` (the low 8, 8, 32
 * or 64 bits of mcs for 2, 4, 8, 16 samples). */
int sf_image_write_mcs(sf_msg *m, const sf_image *im, uint32_t x, uint32_t y, uint32_t layer, uint64_t mcs);
/* Write the element of sample plane `plane` of pixel (x, y) of layer
 * `layer` of a multisampled image (the place sf_image_read_sample reads). */
int sf_image_write_sample(sf_msg *m, const sf_image *im, uint32_t x, uint32_t y, uint32_t layer,
                          uint32_t plane, const uint8_t *bytes);

/* The MCS value of a pixel of an n-sample (2, 4, 8, 16) MSS surface maps
 * each sample to the plane (array slice) holding its colour: sample s's
 * plane is bits [s*b + b-1 : s*b] with b = sf_mcs_bits(n) = 1, 2, 4, 4
 * (elements of 8, 8, 32, 64 bits: Mesa isl_format_layout.csv MCS_2X ..
 * MCS_16X; 0 = every sample in plane 0, Mesa blorp_blit.c quoting the Ivy
 * Bridge PRM "Multisample Control Surface").  The value with every used
 * bit set -- sf_mcs_clear_value: 2x 0x3 (the sampler masks 2 bits, Mesa
 * blorp_nir_mcs_is_clear_color), 4x 0xff, 8x 0xffffffff, 16x all 64 bits
 * -- means "fast-cleared": every sample has the surface's clear colour
 * (iris fills new MCS surfaces with 0xff bytes: iris_resource.c
 * "The clear value for MCS buffers is all 1's"). */
unsigned sf_mcs_bits(uint32_t n);
uint64_t sf_mcs_clear_value(uint32_t n);
bool sf_mcs_is_clear(uint64_t mcs, uint32_t n);
/* The plane of sample s under mcs (may be >= n for a bad value). */
unsigned sf_mcs_plane(uint64_t mcs, uint32_t n, uint32_t s);
/* The "expanded" value: sample s in plane s (2x 0x2, 4x 0xe4, 8x
 * 0x76543210, 16x 0xfedcba9876543210). */
uint64_t sf_mcs_identity(uint32_t n);
/* The MCS write rule gtsim's render target writes follow (the hardware
 * keeps the data and its MCS consistent; this is the simplest consistent
 * scheme): writing the samples in cov (bit per sample) of a pixel whose
 * MCS is mcs, with `uniform` = cov is every sample and all get the same
 * element, gives 0 (plane 0 holds the pixel: *expand false); any other
 * write gives the identity map (*expand: the samples not written must
 * first be copied to their own planes, read through the old value,
 * unless mcs already is the identity). */
uint64_t sf_mcs_after_write(uint64_t mcs, uint32_t n, uint32_t cov, bool uniform, bool *expand);
/* The image's fast-clear colour as an element of its format (bytes =
 * fmt->bpb): the 32-bit R, G, B, A clear values (floats, or integers for
 * integer formats) of RENDER_SURFACE_STATE DW12-15 (Gen9) or at its Clear
 * Value Address (Gen12; 0 when Clear Value Address Enable is off),
 * saturated and packed. */
int sf_image_clear_element(sf_msg *m, const sf_image *im, uint8_t *bytes);
/* Read sample s of pixel (x, y) of layer `layer` of a multisampled image
 * as the sampler's ld2dms does: through the MCS when there is one (the
 * clear colour for a fast-cleared pixel; a plane >= samples is reported,
 * GTSIM_ERR_ILLEGAL), else plane s. */
int sf_image_ms_read(sf_msg *m, const sf_image *im, uint32_t x, uint32_t y, uint32_t layer, uint32_t s,
                     uint8_t *bytes);
/* Write the samples in cov of pixel (x, y) of layer `layer` of a
 * multisampled image, sample s getting el[s] (fmt->bpb bytes): plane s
 * without an MCS, else by sf_mcs_after_write (expanding the pixel and
 * updating its MCS). */
int sf_image_ms_write(sf_msg *m, const sf_image *im, uint32_t x, uint32_t y, uint32_t layer, uint32_t cov,
                      const uint8_t el[][16]);
/* Data port atomic operations (desc 11:8, AOP_*: 1 AND ... 15 PREDEC) and
 * their names.  sf_aop_srcs: source operands of integer (flt 0) or float
 * op.  sf_aop_int: the new value of a `bits` (32 or 64) wide location
 * holding old; *ret gets the value returned to the thread (the old value,
 * except PREDEC which returns the new one). */
extern const char *const sf_aop_names[16];
unsigned sf_aop_srcs(unsigned op, bool flt);
uint64_t sf_aop_int(unsigned op, int bits, uint64_t old, uint64_t s0, uint64_t s1, uint64_t *ret);
/* Planned untyped reads and writes (gt_sf_send_planned's contract): of
 * the thread group's SLM (A32, BTI 254), and of memory (a buffer,
 * stateless A32, A64). */
int sf_slm_untyped_planned(gt_thread *t, const gt_sf_plan *p, uint32_t mask);
int sf_mem_untyped_planned(gt_thread *t, const gt_sf_plan *p, uint32_t mask);
/* The route for planned SLM untyped message p: for channel x or xyzw
 * (slots 8 or 16, a read's whole response in the GRF) a version of
 * sf_slm_untyped_planned specialised for it (AVX2 where the host has it),
 * else sf_slm_untyped_planned itself. */
typedef int (*sf_planned_fn)(gt_thread *t, const gt_sf_plan *p, uint32_t mask);
sf_planned_fn sf_slm_untyped_route(const gt_sf_plan *p);
/* The bytes of OWord block-size code block (desc 10:8: 0, 1 one OWord in
 * the low / high half of the register, 2, 3, 4: 2, 4, 8 OWords); 0: not
 * a valid code. */
unsigned sf_owb_bytes(unsigned block);
/* gt_sf_send_planned for an OWord block read (p->op SF_OP_OWB_READ,
 * SF_OP_OWB_UNALIGNED_READ or SF_OP_A64_OWB_READ): 1 done, 0 nothing
 * changed (a space that takes a report or a surface state decode, bytes
 * out of bounds, across a page, unmapped). */
int sf_owb_planned(gt_thread *t, const gt_sf_plan *p, uint32_t mask);
/* gt_sf_send_planned for A32 byte / DWord scattered and A64 scattered reads
 * and writes (p->op SF_OP_BS_*, SF_OP_DWS_*, SF_OP_A64_SCATTERED_*) and
 * for untyped atomics (SF_OP_*UNTYPED_ATOMIC*): 1 done, 0 nothing changed
 * (an access that takes a report, lies out of bounds, across a page or
 * unmapped, a binding table entry not yet resolved). */
int sf_scattered_planned(gt_thread *t, const gt_sf_plan *p, uint32_t mask);
int sf_atomic_planned(gt_thread *t, const gt_sf_plan *p, uint32_t mask);
/* Typed surface read / write / atomic messages (data port). */
int sf_typed(sf_msg *m, unsigned op);
/* Sampler messages (SFID 2; sampler.c). */
int sf_sampler(sf_msg *m);

/* ---- per-generation data port numbering ---- */

/* Data port operations, generation independent; each generation's port
 * tables map (SFID, message type) to these. */
enum sf_dp_op {
    SF_OP_NONE = 0,
    SF_OP_OWB_READ,            /* OWord block read, offset in OWords */
    SF_OP_OWB_UNALIGNED_READ,  /* unaligned OWord block read, offset in bytes */
    SF_OP_OWDB_READ,           /* OWord dual block read */
    SF_OP_DWS_READ,            /* DWord scattered read */
    SF_OP_BS_READ,             /* byte scattered read */
    SF_OP_FENCE,               /* memory fence */
    SF_OP_OWB_WRITE, SF_OP_OWDB_WRITE, SF_OP_DWS_WRITE, SF_OP_BS_WRITE,
    SF_OP_UNTYPED_READ, SF_OP_UNTYPED_WRITE, SF_OP_UNTYPED_ATOMIC, SF_OP_UNTYPED_ATOMIC_FLOAT,
    SF_OP_A64_SCATTERED_READ, SF_OP_A64_SCATTERED_WRITE, SF_OP_A64_UNTYPED_READ,
    SF_OP_A64_UNTYPED_WRITE, SF_OP_A64_UNTYPED_ATOMIC, SF_OP_A64_UNTYPED_ATOMIC_FLOAT,
    SF_OP_A64_OWB_READ, SF_OP_A64_OWB_WRITE,
    SF_OP_MEDIA_BLOCK_READ, SF_OP_MEDIA_BLOCK_WRITE,
    /* known messages gtsim does not implement (reported by name) */
    SF_OP_UNTYPED_ATOMIC_SIMD4X2, SF_OP_TYPED_READ, SF_OP_TYPED_WRITE, SF_OP_TYPED_ATOMIC,
    SF_OP_TYPED_ATOMIC_SIMD4X2, SF_OP_ATOMIC_COUNTER, SF_OP_ATOMIC_COUNTER_SIMD4X2,
    SF_OP_RT_WRITE,
    /* Gen12 word (16-bit) atomics (seed 004 MSD1R_WAI, MSD1R_WTAI,
     * MSD1R_WAC, MSD1R_A64_WAI, MSD1R_WAF, MSD1R_A64_WAF) */
    SF_OP_WORD_UNTYPED_ATOMIC, SF_OP_WORD_TYPED_ATOMIC, SF_OP_WORD_ATOMIC_COUNTER,
    SF_OP_A64_WORD_UNTYPED_ATOMIC, SF_OP_WORD_UNTYPED_ATOMIC_FLOAT,
    SF_OP_A64_WORD_UNTYPED_ATOMIC_FLOAT,
    /* not a data port's: the message gateway's barrier, as gt_sf_plan_send
     * plans it (gt_sf_plan.op) */
    SF_OP_BARRIER,
    SF_OP_COUNT
};

/* One data port (an SFID): message type = desc bits type_hi:14; when
 * scratch is set, desc bit 18 selects the scratch block messages. */
typedef struct sf_port {
    uint8_t type_hi;
    uint8_t scratch;
    uint8_t op[32];      /* message type -> enum sf_dp_op (SF_OP_NONE: not a message of this port) */
} sf_port;

/* Shared-function description of a generation (gt_platform.sf; NULL = Gen9). */
typedef struct gt_sf_gen {
    const char *name;
    const sf_port *port[16];     /* by SFID; NULL = not a data port */
    const sf_rss_layout *rss;
    /* every send is the split form: src1 carries ExDesc[10:6] registers
     * (Gen12, seed 004 send: one send/sendc opcode with <src1> and
     * <ex_desc>); 0: only sends/sendsc are */
    uint8_t send_split;
    /* RENDER_SURFACE_STATE Auxiliary Surface Mode values of a multisampled
     * surface's MCS (0: none): aux_mcs an MCS alone, aux_mcs_lce an MCS
     * with lossless compression of the surface itself (not modelled) */
    uint8_t aux_mcs, aux_mcs_lce;
    /* render target messages take Render Target Index (14:12), Source0
     * Alpha Present (15) and Null Render Target (20) from the extended
     * descriptor (Gen11+; public fact: Mesa lower_fb_write_logical_send);
     * 0: from the header (M0.2, M0.0 bit 11) */
    uint8_t rt_exdesc;
    /* the fast-clear colour of a surface is at its Clear Value Address
     * (Gen12: 4 DWords, the raw R, G, B, A; public fact: Mesa genxml
     * gen12.xml CLEAR_COLOR, isl_surface_state.c); 0: in RENDER_SURFACE_STATE
     * DW12-15 (Gen9) */
    uint8_t clear_addr;
} gt_sf_gen;

extern const sf_rss_layout sf_rss_gen9, sf_rss_gen7;
extern const sf_port sf_port_gen9_dc0, sf_port_gen9_dc1, sf_port_gen9_cc, sf_port_gen9_sc,
    sf_port_gen7_dc, sf_port_gen7_rc, sf_port_gen75_dc0, sf_port_gen75_dc1, sf_port_gen12_dc1;

/* The shared-function description of the device's generation. */
const gt_sf_gen *sf_gen_of(const gtsim_device *dev);

/* Handlers. */
int sf_dataport(sf_msg *m, const sf_port *p); /* any data port SFID */
int sf_urb(sf_msg *m);                        /* SFID 6 (urb.c) */
int sf_rt(sf_msg *m);                         /* SFID 5 render target messages, Gen9+ (rt.c) */

#endif
