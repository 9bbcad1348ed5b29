/*
 * Hand-built 3D command streams on a device without a driver, shared by the
 * robustness tests (test_robust.c), the end-to-end draw (test_e2e.c) and
 * the 3D fuzz target (fuzz/fuzz_3d.c).
 *
 * Memory of every device:
 *   GGTT: pages 0..1023 identity mapped (GGTT address == physical address)
 *   0x10000   logical ring context (LRCA): PPHWSP page, register state at +0x1000
 *   0x20000   ring buffer
 *   0x100000  PPGTT page tables (PML4, then the other levels upward)
 *   PPGTT: gva B3D_BATCH (16 pages, 64 KiB) -> pa 0x200000; the page after it
 *          is unmapped (commands truncated at the batch end fault there);
 *          gva B3D_DATA (256 pages, 1 MiB) -> pa 0x400000; the page after it
 *          is unmapped.
 * STATE_BASE_ADDRESS (b3d_base_address) sets the general, surface, dynamic,
 * indirect-object and instruction bases to B3D_DATA, so every pointer in a
 * 3D command is an offset in the DATA window.
 *
 * Commands are packed from the generated layouts (src/gen via gt3d_desc and
 * gt_fields_pack): the header from the layout's match bits and DWord
 * Length (total - 2), the fields by slot.  The command set is that of the
 * device's platform.  Pointer (address) fields take byte values in place.
 */
#ifndef GT_TESTS_B3D_H
#define GT_TESTS_B3D_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cs/cmds.h"
#include "cs/fields.h"
#include "gt.h"
#include "gt3d_gen.h"
#include "gtsim.h"

#define B3D_LRCA 0x10000ull
#define B3D_RING 0x20000ull
#define B3D_PT 0x100000ull
#define B3D_BATCH 0x800100000000ull
#define B3D_BATCH_PA 0x200000ull
#define B3D_BATCH_BYTES 0x10000u
#define B3D_DATA 0x10000000ull
#define B3D_DATA_PA 0x400000ull
#define B3D_DATA_BYTES 0x100000u
#define B3D_MAX_DW (B3D_BATCH_BYTES / 4)

#define B3D_MI_BBE (0x0au << 23)

typedef struct b3d {
    gtsim_device *dev;
    const gt_cmd_set *set;
    FILE *log;
    char *logbuf;
    size_t loglen;
    uint64_t next_pt;
    int sq;                  /* Gen12: the execlist submission queue */
    uint32_t bb[B3D_MAX_DW]; /* the batch being built */
    unsigned n;
    int overflow;            /* a command did not fit bb or could not be packed */
} b3d;

/* A field slot and its value for b3d_cmd. */
typedef struct b3d_f {
    unsigned slot;
    uint64_t v;
} b3d_f;

static inline void b3d_map(b3d *b, uint64_t gva, uint64_t pa)
{
    uint64_t table = B3D_PT;
    for (int level = 39; level >= 12; level -= 9) {
        uint64_t slot = table + ((gva >> level) & 511) * 8, ent = 0;
        if (level == 12) {
            ent = pa | 3;
            gtsim_phys_write(b->dev, slot, &ent, 8);
            return;
        }
        gtsim_phys_read(b->dev, slot, &ent, 8);
        if (!(ent & 1)) {
            ent = b->next_pt | 3;
            b->next_pt += 4096;
            gtsim_phys_write(b->dev, slot, &ent, 8);
        }
        table = ent & ~0xfffull;
    }
}

/* Create the device (platform "skl" or "tgllp") with cfg (its log is
 * replaced by a memory stream b->logbuf unless cfg->log is set) and the
 * memory above.  Returns 0, or -1 when the device cannot be created. */
static inline int b3d_open(b3d *b, const char *platform, const gtsim_config *cfg)
{
    memset(b, 0, sizeof(*b));
    gtsim_config c = cfg ? *cfg : (gtsim_config){0};
    if (!c.log) {
        b->log = open_memstream(&b->logbuf, &b->loglen);
        c.log = b->log;
    }
    b->dev = gtsim_create(platform, &c);
    const gt_platform *p = gt_platform_find(platform);
    if (!b->dev || !p)
        return -1;
    b->set = p->cmds;
    b->sq = p->submit == GT_SUBMIT_EXECLIST_SQ;
    b->next_pt = B3D_PT + 4096;
    for (uint64_t i = 0; i < 1024; i++) {
        uint64_t pte = (i << 12) | 1;
        gtsim_ggtt_write(b->dev, i * 8, &pte, 8);
    }
    for (uint64_t i = 0; i < B3D_BATCH_BYTES / 4096; i++)
        b3d_map(b, B3D_BATCH + i * 4096, B3D_BATCH_PA + i * 4096);
    for (uint64_t i = 0; i < B3D_DATA_BYTES / 4096; i++)
        b3d_map(b, B3D_DATA + i * 4096, B3D_DATA_PA + i * 4096);
    /* context image: the ring registers and the PPGTT PML4 (the layout of
     * tests/cs/test_cs.c) */
    uint32_t img[] = {
        0, 0x1100101b,
        0x2244, 0x00090009, 0x2034, 0, 0x2030, 0, 0x2038, (uint32_t)B3D_RING, 0x203c, 0x00000001,
        0x2244, 0, 0x2244, 0, 0x2244, 0, 0x2244, 0, 0x2244, 0, 0x2244, 0, 0x2244, 0, 0x2244, 0,
        0x2244, 0,
        0, 0, 0, 0x11001011,
        0x20d8, 0, 0x228c, 0, 0x2288, 0, 0x2284, 0, 0x2280, 0, 0x227c, 0, 0x2278, 0,
        0x2274, (uint32_t)(B3D_PT >> 32), 0x2270, (uint32_t)B3D_PT,
        B3D_MI_BBE,
    };
    gtsim_phys_write(b->dev, B3D_LRCA + 0x1000, img, sizeof(img));
    return 0;
}

static inline void b3d_close(b3d *b)
{
    if (b->dev)
        gtsim_destroy(b->dev);
    if (b->log)
        fclose(b->log);
    free(b->logbuf);
    b->dev = NULL;
    b->log = NULL;
    b->logbuf = NULL;
}

/* Memory of the DATA window (offsets from B3D_DATA). */
static inline void b3d_wdata(b3d *b, uint64_t off, const void *p, size_t len)
{
    gtsim_phys_write(b->dev, B3D_DATA_PA + off, p, len);
}
static inline void b3d_rdata(b3d *b, uint64_t off, void *p, size_t len)
{
    gtsim_phys_read(b->dev, B3D_DATA_PA + off, p, len);
}
static inline void b3d_w32(b3d *b, uint64_t off, uint32_t v) { b3d_wdata(b, off, &v, 4); }

static inline uint32_t b3d_f2u(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* Raw DWords into the batch. */
static inline void b3d_dw(b3d *b, const uint32_t *dw, unsigned n)
{
    if (b->n + n > B3D_MAX_DW) {
        b->overflow = 1;
        return;
    }
    memcpy(b->bb + b->n, dw, 4u * n);
    b->n += n;
}

/* The total DWords of 3D command id when it is not variable (0 if it is or
 * the generation lacks it). */
static inline unsigned b3d_len(const b3d *b, unsigned id)
{
    const gt_cmd_desc *d = gt3d_desc(b->set, (enum gt3d_id)id);
    return d ? d->min_len : 0;
}

/* Pack 3D structure or command id with fields f[0..nf) into dw[0..ndw)
 * (zeroed first); commands get their header (DWord Length = ndw - 2).
 * Returns 0 or -1 (no layout, or a value that does not fit). */
static inline int b3d_pack(const b3d *b, unsigned id, const b3d_f *f, unsigned nf, uint32_t *dw, unsigned ndw,
                           int header)
{
    const gt_cmd_desc *d = gt3d_desc(b->set, (enum gt3d_id)id);
    if (!d || !ndw)
        return -1;
    memset(dw, 0, 4u * ndw);
    if (header)
        dw[0] = d->match | (d->len_bits ? (uint32_t)(ndw - 2) : 0);
    uint64_t v[GT3D_MAX_SLOTS];
    for (unsigned i = 0; i < nf; i++) {
        memset(v, 0, sizeof(v));
        if (f[i].slot >= GT3D_MAX_SLOTS)
            return -1;
        v[f[i].slot] = f[i].v;
        const gt_field *fd = NULL;
        for (unsigned k = 0; k < d->nfields; k++)
            if (d->fields[k].id == f[i].slot)
                fd = &d->fields[k];
        if (!fd || gt_fields_pack(fd, 1, v, dw, ndw) != 0)
            return -1;
    }
    return 0;
}

/* Append 3D command id (its fixed length) with fields f. */
static inline void b3d_cmd(b3d *b, unsigned id, const b3d_f *f, unsigned nf)
{
    uint32_t dw[64];
    unsigned n = b3d_len(b, id);
    if (!n || n > 64 || b3d_pack(b, id, f, nf, dw, n, 1)) {
        fprintf(stderr, "b3d: %s: cannot pack\n", gt3d_name((enum gt3d_id)id));
        b->overflow = 1;
        return;
    }
    b3d_dw(b, dw, n);
}
#define B3D_CMD(b, id, ...)                                                                                   \
    do {                                                                                                      \
        const b3d_f f_[] = {{0, 0}, __VA_ARGS__};                                                             \
        b3d_cmd(b, id, f_ + 1, sizeof(f_) / sizeof(f_[0]) - 1);                                               \
    } while (0)

/* STATE_BASE_ADDRESS: every base = B3D_DATA, every size the largest. */
static inline void b3d_base_address(b3d *b)
{
    const gt_cmd_desc *d = gt_cmd_lookup(b->set, 0x61010000u);
    unsigned n = d ? d->min_len : 19;
    uint32_t dw[32] = {0};
    dw[0] = 0x61010000u | (n - 2);
    for (unsigned i = 1; i <= 10; i += i == 1 ? 3 : 2) { /* DW1, 4, 6, 8, 10: general .. instruction */
        dw[i] = (uint32_t)B3D_DATA | 1;
        dw[i + 1] = (uint32_t)(B3D_DATA >> 32);
    }
    for (unsigned i = 12; i <= 15; i++)
        dw[i] = 0xfffff001u;
    b3d_dw(b, dw, n);
}

/* 3DSTATE_VERTEX_BUFFERS with one buffer. */
static inline void b3d_vertex_buffer(b3d *b, unsigned index, uint64_t gva, uint32_t pitch, uint32_t size)
{
    const gt_cmd_desc *d = gt3d_desc(b->set, GT3D_3DSTATE_VERTEX_BUFFERS);
    uint32_t dw[8] = {0};
    unsigned n = d->group_dw + d->group_size;
    dw[0] = d->match | (n - 2);
    const b3d_f f[] = {{GT3D_VERTEX_BUFFER_STATE__VERTEX_BUFFER_INDEX, index},
                       {GT3D_VERTEX_BUFFER_STATE__ADDRESS_MODIFY_ENABLE, 1},
                       {GT3D_VERTEX_BUFFER_STATE__BUFFER_PITCH, pitch},
                       {GT3D_VERTEX_BUFFER_STATE__BUFFER_STARTING_ADDRESS, gva},
                       {GT3D_VERTEX_BUFFER_STATE__BUFFER_SIZE, size}};
    if (b3d_pack(b, GT3D_VERTEX_BUFFER_STATE, f, 5, dw + d->group_dw, d->group_size, 0))
        b->overflow = 1;
    b3d_dw(b, dw, n);
}

/* 3DSTATE_VERTEX_ELEMENTS: n elements, element i from vertex buffer vb[i]
 * at offset off[i], format fmt[i], components stored from the source. */
static inline void b3d_vertex_elements(b3d *b, unsigned n, const unsigned *vb, const unsigned *off,
                                       const unsigned *fmt)
{
    const gt_cmd_desc *d = gt3d_desc(b->set, GT3D_3DSTATE_VERTEX_ELEMENTS);
    uint32_t dw[1 + 2 * 34] = {0};
    if (n > 34)
        n = 34;
    unsigned len = d->group_dw + n * d->group_size;
    dw[0] = d->match | (len - 2);
    for (unsigned i = 0; i < n; i++) {
        const b3d_f f[] = {{GT3D_VERTEX_ELEMENT_STATE__VERTEX_BUFFER_INDEX, vb[i]},
                           {GT3D_VERTEX_ELEMENT_STATE__VALID, 1},
                           {GT3D_VERTEX_ELEMENT_STATE__SOURCE_ELEMENT_FORMAT, fmt[i]},
                           {GT3D_VERTEX_ELEMENT_STATE__SOURCE_ELEMENT_OFFSET, off[i]},
                           {GT3D_VERTEX_ELEMENT_STATE__COMPONENT_0_CONTROL, 1},
                           {GT3D_VERTEX_ELEMENT_STATE__COMPONENT_1_CONTROL, 1},
                           {GT3D_VERTEX_ELEMENT_STATE__COMPONENT_2_CONTROL, 1},
                           {GT3D_VERTEX_ELEMENT_STATE__COMPONENT_3_CONTROL, 1}};
        if (b3d_pack(b, GT3D_VERTEX_ELEMENT_STATE, f, 8, dw + d->group_dw + i * d->group_size, d->group_size, 0))
            b->overflow = 1;
    }
    b3d_dw(b, dw, len);
}

/* A structure packed into the DATA window at off. */
static inline void b3d_struct(b3d *b, unsigned id, uint64_t off, const b3d_f *f, unsigned nf, unsigned ndw)
{
    uint32_t dw[64];
    if (ndw > 64 || b3d_pack(b, id, f, nf, dw, ndw, 0)) {
        fprintf(stderr, "b3d: %s: cannot pack\n", gt3d_name((enum gt3d_id)id));
        b->overflow = 1;
        return;
    }
    b3d_wdata(b, off, dw, 4u * ndw);
}

/* A 2D RENDER_SURFACE_STATE (linear, format, w x h, pitch bytes, base gva)
 * at DATA + ss_off, bound at binding table entry 0 of the table at DATA +
 * bt_off.  Positions: genxml gen9/gen12 RENDER_SURFACE_STATE (DW0 31:29
 * Surface Type, 27:18 Surface Format; DW2 29:16 Height - 1, 13:0 Width - 1;
 * DW3 17:0 Pitch - 1; DW8-9 Surface Base Address). */
static inline void b3d_render_target(b3d *b, uint64_t ss_off, uint64_t bt_off, unsigned format, unsigned w,
                                     unsigned h, unsigned pitch, uint64_t base)
{
    uint32_t dw[16] = {0};
    dw[0] = 1u << 29 | format << 18 | 1u << 16 | 1u << 14;
    dw[2] = (h - 1) << 16 | (w - 1);
    dw[3] = pitch - 1;
    dw[8] = (uint32_t)base;
    dw[9] = (uint32_t)(base >> 32);
    b3d_wdata(b, ss_off, dw, sizeof(dw));
    b3d_w32(b, bt_off, (uint32_t)ss_off);
}

/* Submit the batch (MI_BATCH_BUFFER_END appended) through the ring and run
 * it; returns gtsim's status. */
static inline int b3d_run_at(b3d *b, uint64_t gva_off)
{
    uint32_t end = B3D_MI_BBE;
    if (b->n < B3D_MAX_DW)
        b->bb[b->n] = end;
    gtsim_phys_write(b->dev, B3D_BATCH_PA + gva_off, b->bb, 4u * (b->n < B3D_MAX_DW ? b->n + 1 : b->n));
    uint64_t gva = B3D_BATCH + gva_off;
    uint32_t ring[4] = {(0x31u << 23) | (1u << 8) | 1u, (uint32_t)gva, (uint32_t)(gva >> 32), 0};
    gtsim_phys_write(b->dev, B3D_RING, ring, sizeof(ring));
    uint32_t head = 0, tail = sizeof(ring);
    gtsim_phys_write(b->dev, B3D_LRCA + 0x1000 + 4 * 5, &head, 4);
    gtsim_phys_write(b->dev, B3D_LRCA + 0x1000 + 4 * 7, &tail, 4);
    uint64_t desc = B3D_LRCA | (3u << 3) | 1;
    if (b->sq) {
        gtsim_mmio_write(b->dev, 0x2510, (uint32_t)desc);
        gtsim_mmio_write(b->dev, 0x2514, (uint32_t)(desc >> 32));
        gtsim_mmio_write(b->dev, 0x2518, 0);
        gtsim_mmio_write(b->dev, 0x251c, 0);
        return gtsim_mmio_write(b->dev, 0x2550, 1);
    }
    gtsim_mmio_write(b->dev, 0x2230, 0);
    gtsim_mmio_write(b->dev, 0x2230, 0);
    gtsim_mmio_write(b->dev, 0x2230, (uint32_t)(desc >> 32));
    return gtsim_mmio_write(b->dev, 0x2230, (uint32_t)desc);
}
static inline int b3d_run(b3d *b) { return b3d_run_at(b, 0); }

/* ---- a complete, valid draw setup ---- */

/* DATA window layout of b3d_scene */
#define B3D_VS_KERNEL 0x0000u
#define B3D_PS_KERNEL 0x1000u
#define B3D_SS 0x8000u        /* render surface state */
#define B3D_BT 0x8400u        /* PS binding table */
#define B3D_SFCLIP 0x20000u   /* SF_CLIP_VIEWPORT */
#define B3D_CCVP 0x20100u     /* CC_VIEWPORT */
#define B3D_BLEND 0x20200u    /* BLEND_STATE */
#define B3D_CC 0x20300u       /* COLOR_CALC_STATE */
#define B3D_VB 0x30000u       /* vertex buffer */
#define B3D_IB 0x38000u       /* index buffer */
#define B3D_RT 0x40000u       /* render target */
#define B3D_Z 0x60000u        /* depth buffer (D32_FLOAT) */

/* Surface and vertex formats (genxml SURFACE_FORMAT). */
#define B3D_R32G32B32A32_FLOAT 0x000u
#define B3D_R8G8B8A8_UNORM 0x0C7u

/* What b3d_scene programs. */
typedef struct b3d_scene_opts {
    unsigned w, h;            /* render target size (pixels) */
    int vs;                   /* a VS at B3D_VS_KERNEL (else the VF output is the VUE) */
    int ps;                   /* a SIMD8 PS at B3D_PS_KERNEL, one attribute (VUE slot 2) */
    int depth;                /* D32_FLOAT depth buffer, test LESS, writes on */
    int blend;                /* SRC_ALPHA, INV_SRC_ALPHA, ADD */
    unsigned urb_entries;     /* VS URB entries (0: 64) */
    unsigned urb_units;       /* 64-byte units per entry (0: 1) */
} b3d_scene_opts;

/* Program the state of a scene: vertex buffer 0 at B3D_VB (pitch 32:
 * position xyzw then colour rgba, R32G32B32A32_FLOAT each), TRILIST, the
 * viewport mapping NDC x, y -1..1 to 0..w, 0..h (y down) and z -1..1 to
 * 0..1, no clipping, no culling, RGBA8 render target at B3D_RT (pitch 4w). */
static inline void b3d_scene(b3d *b, const b3d_scene_opts *o, uint32_t vb_size)
{
    b3d_base_address(b);
    unsigned units = o->urb_units ? o->urb_units : 1, entries = o->urb_entries ? o->urb_entries : 64;
    B3D_CMD(b, GT3D_3DSTATE_URB_VS, {GT3D_3DSTATE_URB_VS__VS_NUMBER_OF_URB_ENTRIES, entries},
            {GT3D_3DSTATE_URB_VS__VS_URB_ENTRY_ALLOCATION_SIZE, units - 1},
            {GT3D_3DSTATE_URB_VS__VS_URB_STARTING_ADDRESS, 1});
    b3d_vertex_buffer(b, 0, B3D_DATA + B3D_VB, 32, vb_size);
    static const unsigned vb[2] = {0, 0}, off[2] = {0, 16},
                          fmt[2] = {B3D_R32G32B32A32_FLOAT, B3D_R32G32B32A32_FLOAT};
    b3d_vertex_elements(b, 2, vb, off, fmt);
    B3D_CMD(b, GT3D_3DSTATE_VF_TOPOLOGY, {GT3D_3DSTATE_VF_TOPOLOGY__PRIMITIVE_TOPOLOGY_TYPE, 4});
    if (o->vs)
        B3D_CMD(b, GT3D_3DSTATE_VS, {GT3D_3DSTATE_VS__KERNEL_START_POINTER, B3D_VS_KERNEL},
                {GT3D_3DSTATE_VS__DISPATCH_GRF_START_REGISTER_FOR_URB_DATA, 2},
                {GT3D_3DSTATE_VS__VERTEX_URB_ENTRY_READ_LENGTH, 1}, {GT3D_3DSTATE_VS__ENABLE, 1},
                {GT3D_3DSTATE_VS__SIMD8_DISPATCH_ENABLE, 1}, {GT3D_3DSTATE_VS__MAXIMUM_NUMBER_OF_THREADS, 7});
    B3D_CMD(b, GT3D_3DSTATE_CLIP, {GT3D_3DSTATE_CLIP__CLIP_ENABLE, 0});
    B3D_CMD(b, GT3D_3DSTATE_SF, {GT3D_3DSTATE_SF__VIEWPORT_TRANSFORM_ENABLE, 1}, {GT3D_3DSTATE_SF__LINE_WIDTH, 128},
            {GT3D_3DSTATE_SF__POINT_WIDTH, 8});
    B3D_CMD(b, GT3D_3DSTATE_RASTER, {GT3D_3DSTATE_RASTER__CULL_MODE, 1 /* CULLMODE_NONE */});
    const b3d_f vp[] = {
        {GT3D_SF_CLIP_VIEWPORT__VIEWPORT_MATRIX_ELEMENT_M00, b3d_f2u((float)o->w / 2)},
        {GT3D_SF_CLIP_VIEWPORT__VIEWPORT_MATRIX_ELEMENT_M11, b3d_f2u((float)o->h / 2)},
        {GT3D_SF_CLIP_VIEWPORT__VIEWPORT_MATRIX_ELEMENT_M22, b3d_f2u(0.5f)},
        {GT3D_SF_CLIP_VIEWPORT__VIEWPORT_MATRIX_ELEMENT_M30, b3d_f2u((float)o->w / 2)},
        {GT3D_SF_CLIP_VIEWPORT__VIEWPORT_MATRIX_ELEMENT_M31, b3d_f2u((float)o->h / 2)},
        {GT3D_SF_CLIP_VIEWPORT__VIEWPORT_MATRIX_ELEMENT_M32, b3d_f2u(0.5f)},
        {GT3D_SF_CLIP_VIEWPORT__X_MIN_CLIP_GUARDBAND, b3d_f2u(-1)},
        {GT3D_SF_CLIP_VIEWPORT__X_MAX_CLIP_GUARDBAND, b3d_f2u(1)},
        {GT3D_SF_CLIP_VIEWPORT__Y_MIN_CLIP_GUARDBAND, b3d_f2u(-1)},
        {GT3D_SF_CLIP_VIEWPORT__Y_MAX_CLIP_GUARDBAND, b3d_f2u(1)}};
    b3d_struct(b, GT3D_SF_CLIP_VIEWPORT, B3D_SFCLIP, vp, sizeof(vp) / sizeof(vp[0]),
               gt3d_desc(b->set, GT3D_SF_CLIP_VIEWPORT)->min_len);
    B3D_CMD(b, GT3D_3DSTATE_VIEWPORT_STATE_POINTERS_SF_CLIP,
            {GT3D_3DSTATE_VIEWPORT_STATE_POINTERS_SF_CLIP__SF_CLIP_VIEWPORT_POINTER, B3D_SFCLIP});
    B3D_CMD(b, GT3D_3DSTATE_DRAWING_RECTANGLE,
            {GT3D_3DSTATE_DRAWING_RECTANGLE__CLIPPED_DRAWING_RECTANGLE_X_MAX, o->w - 1},
            {GT3D_3DSTATE_DRAWING_RECTANGLE__CLIPPED_DRAWING_RECTANGLE_Y_MAX, o->h - 1});
    B3D_CMD(b, GT3D_3DSTATE_WM, {GT3D_3DSTATE_WM__BARYCENTRIC_INTERPOLATION_MODE, 1 /* perspective pixel */});
    b3d_render_target(b, B3D_SS, B3D_BT, B3D_R8G8B8A8_UNORM, o->w, o->h, 4 * o->w, B3D_DATA + B3D_RT);
    B3D_CMD(b, GT3D_3DSTATE_BINDING_TABLE_POINTERS_PS,
            {GT3D_3DSTATE_BINDING_TABLE_POINTERS_PS__POINTER_TO_PS_BINDING_TABLE, B3D_BT});
    if (o->ps) {
        B3D_CMD(b, GT3D_3DSTATE_PS, {GT3D_3DSTATE_PS__KERNEL_START_POINTER_0, B3D_PS_KERNEL},
                {GT3D_3DSTATE_PS__8_PIXEL_DISPATCH_ENABLE, 1},
                {GT3D_3DSTATE_PS__DISPATCH_GRF_START_REGISTER_FOR_CONSTANT_SETUP_DATA_0, 4},
                {GT3D_3DSTATE_PS__MAXIMUM_NUMBER_OF_THREADS_PER_PSD, 7});
        B3D_CMD(b, GT3D_3DSTATE_PS_EXTRA, {GT3D_3DSTATE_PS_EXTRA__PIXEL_SHADER_VALID, 1},
                {GT3D_3DSTATE_PS_EXTRA__ATTRIBUTE_ENABLE, 1});
        /* one attribute: VUE slot 2 (read offset 1 = slots 2-3) */
        B3D_CMD(b, GT3D_3DSTATE_SBE, {GT3D_3DSTATE_SBE__NUMBER_OF_SF_OUTPUT_ATTRIBUTES, 1},
                {GT3D_3DSTATE_SBE__VERTEX_URB_ENTRY_READ_OFFSET, 1},
                {GT3D_3DSTATE_SBE__VERTEX_URB_ENTRY_READ_LENGTH, 1},
                {GT3D_3DSTATE_SBE__FORCE_VERTEX_URB_ENTRY_READ_OFFSET, 1},
                {GT3D_3DSTATE_SBE__FORCE_VERTEX_URB_ENTRY_READ_LENGTH, 1},
                {GT3D_3DSTATE_SBE__ATTRIBUTE_ACTIVE_COMPONENT_FORMAT_0, 3});
    }
    const gt_cmd_desc *bsd = gt3d_desc(b->set, GT3D_BLEND_STATE);
    const gt_cmd_desc *bed = gt3d_desc(b->set, GT3D_BLEND_STATE_ENTRY);
    b3d_struct(b, GT3D_BLEND_STATE, B3D_BLEND, NULL, 0, bsd->min_len);
    const b3d_f be[] = {{GT3D_BLEND_STATE_ENTRY__COLOR_BUFFER_BLEND_ENABLE, o->blend != 0},
                        {GT3D_BLEND_STATE_ENTRY__SOURCE_BLEND_FACTOR, 0x3},
                        {GT3D_BLEND_STATE_ENTRY__DESTINATION_BLEND_FACTOR, 0x13},
                        {GT3D_BLEND_STATE_ENTRY__SOURCE_ALPHA_BLEND_FACTOR, 0x3},
                        {GT3D_BLEND_STATE_ENTRY__DESTINATION_ALPHA_BLEND_FACTOR, 0x13}};
    b3d_struct(b, GT3D_BLEND_STATE_ENTRY, B3D_BLEND + 4, be, 5, bed->min_len);
    B3D_CMD(b, GT3D_3DSTATE_BLEND_STATE_POINTERS, {GT3D_3DSTATE_BLEND_STATE_POINTERS__BLEND_STATE_POINTER, B3D_BLEND},
            {GT3D_3DSTATE_BLEND_STATE_POINTERS__BLEND_STATE_POINTER_VALID, 1});
    B3D_CMD(b, GT3D_3DSTATE_CC_STATE_POINTERS, {GT3D_3DSTATE_CC_STATE_POINTERS__COLOR_CALC_STATE_POINTER, B3D_CC},
            {GT3D_3DSTATE_CC_STATE_POINTERS__COLOR_CALC_STATE_POINTER_VALID, 1});
    if (o->depth) {
        B3D_CMD(b, GT3D_3DSTATE_DEPTH_BUFFER, {GT3D_3DSTATE_DEPTH_BUFFER__SURFACE_TYPE, 1},
                {GT3D_3DSTATE_DEPTH_BUFFER__DEPTH_WRITE_ENABLE, 1}, {GT3D_3DSTATE_DEPTH_BUFFER__SURFACE_FORMAT, 1},
                {GT3D_3DSTATE_DEPTH_BUFFER__SURFACE_PITCH, 4 * 32 - 1},
                {GT3D_3DSTATE_DEPTH_BUFFER__SURFACE_BASE_ADDRESS, B3D_DATA + B3D_Z},
                {GT3D_3DSTATE_DEPTH_BUFFER__WIDTH, o->w - 1}, {GT3D_3DSTATE_DEPTH_BUFFER__HEIGHT, o->h - 1});
        B3D_CMD(b, GT3D_3DSTATE_WM_DEPTH_STENCIL, {GT3D_3DSTATE_WM_DEPTH_STENCIL__DEPTH_TEST_ENABLE, 1},
                {GT3D_3DSTATE_WM_DEPTH_STENCIL__DEPTH_BUFFER_WRITE_ENABLE, 1},
                {GT3D_3DSTATE_WM_DEPTH_STENCIL__DEPTH_TEST_FUNCTION, 2 /* LESS */});
    }
}

/* 3DPRIMITIVE (sequential, or indexed when indexed != 0). */
static inline void b3d_draw(b3d *b, uint32_t count, uint32_t start, uint32_t instances, int indexed)
{
    B3D_CMD(b, GT3D_3DPRIMITIVE, {GT3D_3DPRIMITIVE__VERTEX_ACCESS_TYPE, indexed != 0},
            {GT3D_3DPRIMITIVE__VERTEX_COUNT_PER_INSTANCE, count}, {GT3D_3DPRIMITIVE__START_VERTEX_LOCATION, start},
            {GT3D_3DPRIMITIVE__INSTANCE_COUNT, instances});
}

#endif
