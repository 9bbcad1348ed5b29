/*
 * The 3D pipeline (see pipe3d.h): state recording, and a draw's passage
 * through vertex fetch, the vertex shader, clipping and rasterization
 * (raster.c), pixel shader dispatch and the pixel backend (backend.c).
 *
 * A draw runs in chunks of primitives: the vertices one chunk uses are
 * fetched into URB entries of the VS allocation (3DSTATE_URB_VS), shaded by
 * SIMD8 VS threads in place (the VS reads its inputs from, and writes its
 * outputs to, the same entry), and the chunk's primitives are then set up
 * and rasterized from those VUEs.  A chunk holds at most as many vertices
 * as the allocation has entries, as the hardware can have no more VUEs in
 * flight.  Every vertex of the stream is shaded (no post-transform reuse:
 * OpenGL and the statistics registers allow any count from the unique
 * vertices up).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eu/eu.h"
#include "gt3d_gen.h"
#include "mem.h"
#include "pipe/pipe.h"
#include "pipe3d/p3d.h"
#include "pipe3d/pipe3d.h"
#include "pipe3d/so.h"
#include "pipe3d/vf.h"
#include "sf/rtdump.h"
#include "sf/sf.h"

#define P3_URB_BYTES (1u << 20) /* 1 MiB: every URB size the drivers program fits */

struct gt3d_state {
    uint32_t *raw[GT3D_COUNT]; /* the last command of each kind, as it came */
    uint16_t len[GT3D_COUNT];  /* its DWords */
    uint16_t cap[GT3D_COUNT];
    p3_vb vb[P3_MAX_VB];       /* 3DSTATE_VERTEX_BUFFERS: each buffer as last programmed */
    bool inst[P3_MAX_VE];      /* 3DSTATE_VF_INSTANCING, per element */
    uint32_t step[P3_MAX_VE];
    uint32_t so_buf[4][8];     /* 3DSTATE_SO_BUFFER(_INDEX_n), per buffer */
    uint8_t so_buf_len[4];
    uint16_t so_buf_id[4];
    p3_consts consts[P3_STAGES]; /* push constant buffers per stage (3DSTATE_CONSTANT_xS / _ALL) */
};

struct gt_pipe3d {
    uint8_t *urb;
    struct gt_rtdump *rtdump; /* src/sf/rtdump.c */
};

void gt_pipe3d_state_free(struct gt3d_state *s)
{
    if (!s)
        return;
    for (unsigned i = 0; i < GT3D_COUNT; i++)
        free(s->raw[i]);
    free(s);
}

void gt_pipe3d_destroy(gtsim_device *dev)
{
    if (dev->pipe3d) {
        free(dev->pipe3d->urb);
        sf_rtdump_free(dev->pipe3d->rtdump);
        free(dev->pipe3d);
        dev->pipe3d = NULL;
    }
}

struct gt_rtdump **gt_pipe3d_rtdump(gtsim_device *dev)
{
    if (!dev->pipe3d && !(dev->pipe3d = calloc(1, sizeof(*dev->pipe3d))))
        return NULL;
    return &dev->pipe3d->rtdump;
}

uint8_t *gt_pipe3d_urb(gtsim_device *dev, uint32_t *size)
{
    if (!dev->pipe3d) {
        dev->pipe3d = calloc(1, sizeof(*dev->pipe3d));
        if (!dev->pipe3d)
            return NULL;
    }
    if (!dev->pipe3d->urb)
        dev->pipe3d->urb = calloc(1, P3_URB_BYTES);
    *size = P3_URB_BYTES;
    return dev->pipe3d->urb;
}

static struct gt3d_state *state_of(gtsim_device *dev)
{
    gt_pipe_state *ps = gt_pipe_state_of(dev->pipe);
    if (!ps->g3d)
        ps->g3d = calloc(1, sizeof(*ps->g3d));
    return ps->g3d;
}

uint64_t gt_pipe3d_binding_table(gtsim_device *dev, const gt_pipe_state *ps, uint32_t pointer)
{
    const gt_cmd_set *set = dev->plat->cmds;
    uint64_t bt = pointer;
    if (set->gt_mode_reg && (gt_mmio_reg(dev, set->gt_mode_reg) & 0x04000400u) == 0x04000400u)
        bt <<= 3;
    uint64_t base = ps->surface_state_base;
    const struct gt3d_state *s = ps->g3d;
    const gt_cmd_desc *desc = gt3d_desc(set, GT3D_3DSTATE_BINDING_TABLE_POOL_ALLOC);
    if (s && desc && s->raw[GT3D_3DSTATE_BINDING_TABLE_POOL_ALLOC]) {
        uint64_t v[GT3D_MAX_SLOTS] = {0};
        gt_fields_unpack(desc->fields, desc->nfields, s->raw[GT3D_3DSTATE_BINDING_TABLE_POOL_ALLOC],
                         s->len[GT3D_3DSTATE_BINDING_TABLE_POOL_ALLOC], v);
        if (v[GT3D_3DSTATE_BINDING_TABLE_POOL_ALLOC__BINDING_TABLE_POOL_ENABLE])
            base = v[GT3D_3DSTATE_BINDING_TABLE_POOL_ALLOC__BINDING_TABLE_POOL_BASE_ADDRESS];
    }
    return (base + bt) & ((1ull << 48) - 1);
}

void gt_pipe3d_count(gtsim_device *dev, uint32_t off, uint64_t v)
{
    uint64_t r = ((uint64_t)gt_mmio_reg(dev, off + 4) << 32 | gt_mmio_reg(dev, off)) + v;
    gt_mmio_set(dev, off, (uint32_t)r);
    gt_mmio_set(dev, off + 4, (uint32_t)(r >> 32));
}

/* ---- decoding recorded state ---- */

/* Unpack the recorded command (or a structure in memory) `id` into v
 * (nv slots, zeroed first).  A command never programmed reads as zeros. */
void p3_unpack(const p3_draw *d, unsigned id, const uint32_t *dw, unsigned ndw, uint64_t *v, unsigned nv)
{
    memset(v, 0, nv * sizeof(*v));
    const gt_cmd_desc *desc = gt3d_desc(d->dev->plat->cmds, (enum gt3d_id)id);
    if (!desc)
        return;
    if (!dw) {
        dw = d->st->raw[id];
        ndw = d->st->len[id];
    }
    if (dw)
        gt_fields_unpack(desc->fields, desc->nfields, dw, ndw, v);
}

int p3_read_struct(p3_draw *d, unsigned id, uint64_t gva, uint64_t *v, unsigned nv, const char *what)
{
    const gt_cmd_desc *desc = gt3d_desc(d->dev->plat->cmds, (enum gt3d_id)id);
    uint32_t dw[64];
    unsigned ndw = desc && desc->min_len && desc->min_len <= 64 ? desc->min_len : 0;
    memset(v, 0, nv * sizeof(*v));
    if (!desc || !ndw)
        return gt_error(d->dev, GTSIM_ERR_UNIMPL, "3DPRIMITIVE at %s: no layout of %s for this generation",
                        d->where, what);
    uint64_t fault = 0;
    if (gt_vm_read(d->vm, gva, dw, 4u * ndw, &fault) != GTSIM_OK)
        return gt_error(d->dev, GTSIM_ERR_FAULT, "3DPRIMITIVE at %s: %s at 0x%" PRIx64 ": page fault at 0x%" PRIx64,
                        d->where, what, gva, fault);
    gt_fields_unpack(desc->fields, desc->nfields, dw, ndw, v);
    return GTSIM_OK;
}

/* ---- recording ---- */

/* The stage (P3_STAGE_*) a 3DSTATE_CONSTANT_xS programs; P3_STAGES if none. */
static unsigned const_stage(unsigned id)
{
    switch (id) {
    case GT3D_3DSTATE_CONSTANT_VS: return P3_STAGE_VS;
    case GT3D_3DSTATE_CONSTANT_HS: return P3_STAGE_HS;
    case GT3D_3DSTATE_CONSTANT_DS: return P3_STAGE_DS;
    case GT3D_3DSTATE_CONSTANT_GS: return P3_STAGE_GS;
    case GT3D_3DSTATE_CONSTANT_PS: return P3_STAGE_PS;
    default: return P3_STAGES;
    }
}

/* 3DSTATE_CONSTANT_xS: all four buffers of its stage, from its body
 * (DWords 1-10, the 3DSTATE_CONSTANT_BODY layout every stage's command
 * shares; the commands' own field lists differ: the Gen12 PS one has an
 * extra header bit). */
static void record_constants(gtsim_device *dev, struct gt3d_state *s, unsigned stage, const uint32_t *dw,
                             unsigned n)
{
    const gt_cmd_desc *bd = gt3d_desc(dev->plat->cmds, GT3D_3DSTATE_CONSTANT_BODY);
    uint64_t v[GT3D_3DSTATE_CONSTANT_BODY__NF] = {0};
    if (bd && n > 1)
        gt_fields_unpack(bd->fields, bd->nfields, dw + 1, n - 1, v);
    for (unsigned b = 0; b < 4; b++) {
        s->consts[stage].regs[b] = (uint32_t)v[GT3D_3DSTATE_CONSTANT_BODY__READ_LENGTH_0 + b];
        s->consts[stage].addr[b] = v[GT3D_3DSTATE_CONSTANT_BODY__BUFFER_0 + b] & ((1ull << 48) - 1);
    }
}

/* seed 004 3DSTATE_CONSTANT_ALL (Gen12): the stages of Shader Mask get the
 * buffers of Pointer Buffer Mask, one 3DSTATE_CONSTANT_ALL_DATA each in
 * ascending buffer order; the other buffers are cleared (zero address and
 * size) unless Update Mode says to retain them. */
static int record_constant_all(gtsim_device *dev, struct gt3d_state *s, const gt_cmd_desc *d, const uint32_t *dw,
                               unsigned n, const char *where)
{
    uint64_t v[GT3D_MAX_SLOTS] = {0};
    gt_fields_unpack(d->fields, d->nfields, dw, n, v);
    unsigned stages = (unsigned)v[GT3D_3DSTATE_CONSTANT_ALL__SHADER_MASK] & 0x1f;
    unsigned pbm = (unsigned)v[GT3D_3DSTATE_CONSTANT_ALL__POINTER_BUFFER_MASK] & 0xf;
    bool retain = v[GT3D_3DSTATE_CONSTANT_ALL__UPDATE_MODE] != 0;
    const gt_cmd_desc *dd = gt3d_desc(dev->plat->cmds, GT3D_3DSTATE_CONSTANT_ALL_DATA);
    unsigned first = d->group_dw ? d->group_dw : 2, size = d->group_size ? d->group_size : 2;
    unsigned need = first + size * (unsigned)__builtin_popcount(pbm);
    if (!dd || n < need)
        return gt_error(dev, GTSIM_ERR_INVALID, "3DSTATE_CONSTANT_ALL at %s: Pointer Buffer Mask 0x%x needs %u "
                        "DWords, the command has %u", where, pbm, need, n);
    p3_consts c;
    memset(&c, 0, sizeof(c));
    for (unsigned b = 0, o = first; b < 4; b++) {
        if (!(pbm >> b & 1))
            continue;
        uint64_t e[GT3D_3DSTATE_CONSTANT_ALL_DATA__NF] = {0};
        gt_fields_unpack(dd->fields, dd->nfields, dw + o, size, e);
        c.regs[b] = (uint32_t)e[GT3D_3DSTATE_CONSTANT_ALL_DATA__CONSTANT_BUFFER_READ_LENGTH];
        c.addr[b] = e[GT3D_3DSTATE_CONSTANT_ALL_DATA__POINTER_TO_CONSTANT_BUFFER] & ((1ull << 48) - 1);
        o += size;
    }
    for (unsigned st = 0; st < P3_STAGES; st++) {
        if (!(stages >> st & 1))
            continue;
        for (unsigned b = 0; b < 4; b++) {
            if ((pbm >> b & 1) || !retain) {
                s->consts[st].regs[b] = c.regs[b];
                s->consts[st].addr[b] = c.addr[b];
            }
        }
    }
    return GTSIM_OK;
}

static int record(gtsim_device *dev, struct gt3d_state *s, unsigned id, const uint32_t *dw, unsigned n)
{
    if (n > s->cap[id]) {
        uint32_t *r = realloc(s->raw[id], 4u * n);
        if (!r)
            return gt_error(dev, GTSIM_ERR_NOMEM, "out of host memory recording 3D state");
        s->raw[id] = r;
        s->cap[id] = (uint16_t)n;
    }
    memcpy(s->raw[id], dw, 4u * n);
    s->len[id] = (uint16_t)n;
    return GTSIM_OK;
}

/* 3DSTATE_VERTEX_BUFFERS programs the buffers it lists, leaving the others. */
static void record_vertex_buffers(gtsim_device *dev, struct gt3d_state *s, const gt_cmd_desc *d,
                                  const uint32_t *dw, unsigned n)
{
    const gt_cmd_desc *vbs = gt3d_desc(dev->plat->cmds, GT3D_VERTEX_BUFFER_STATE);
    if (!vbs || !d->group_size)
        return;
    for (unsigned o = d->group_dw; o + d->group_size <= n; o += d->group_size) {
        uint64_t v[GT3D_VERTEX_BUFFER_STATE__NF] = {0};
        gt_fields_unpack(vbs->fields, vbs->nfields, dw + o, d->group_size, v);
        unsigned i = (unsigned)v[GT3D_VERTEX_BUFFER_STATE__VERTEX_BUFFER_INDEX];
        if (i >= P3_MAX_VB)
            continue;
        p3_vb *b = &s->vb[i];
        b->valid = true;
        b->null = v[GT3D_VERTEX_BUFFER_STATE__NULL_VERTEX_BUFFER] != 0;
        b->addr = v[GT3D_VERTEX_BUFFER_STATE__BUFFER_STARTING_ADDRESS] & ((1ull << 48) - 1);
        b->pitch = (uint32_t)v[GT3D_VERTEX_BUFFER_STATE__BUFFER_PITCH];
        b->size = (uint32_t)v[GT3D_VERTEX_BUFFER_STATE__BUFFER_SIZE];
    }
}

/* 3DSTATE_WM_DEPTH_STENCIL's Modify Disable bits (seed 004, Gen12): each
 * keeps a group of fields at the values the state had; the command is
 * recorded with those values merged in and the bits cleared. */
#define WMDS(f) GT3D_3DSTATE_WM_DEPTH_STENCIL__##f
static const struct {
    unsigned disable;
    unsigned fields[12];
} wmds_groups[] = {
    {WMDS(DEPTH_STATE_MODIFY_DISABLE), {WMDS(DEPTH_TEST_FUNCTION), WMDS(DEPTH_TEST_ENABLE),
                                        WMDS(DEPTH_BUFFER_WRITE_ENABLE)}},
    {WMDS(STENCIL_STATE_MODIFY_DISABLE),
     {WMDS(STENCIL_FAIL_OP), WMDS(STENCIL_PASS_DEPTH_FAIL_OP), WMDS(STENCIL_PASS_DEPTH_PASS_OP),
      WMDS(BACKFACE_STENCIL_TEST_FUNCTION), WMDS(BACKFACE_STENCIL_FAIL_OP),
      WMDS(BACKFACE_STENCIL_PASS_DEPTH_FAIL_OP), WMDS(BACKFACE_STENCIL_PASS_DEPTH_PASS_OP),
      WMDS(STENCIL_TEST_FUNCTION), WMDS(DOUBLE_SIDED_STENCIL_ENABLE), WMDS(STENCIL_TEST_ENABLE),
      WMDS(STENCIL_BUFFER_WRITE_ENABLE)}},
    {WMDS(STENCIL_WRITE_MASK_MODIFY_DISABLE), {WMDS(STENCIL_WRITE_MASK), WMDS(BACKFACE_STENCIL_WRITE_MASK)}},
    {WMDS(STENCIL_TEST_MASK_MODIFY_DISABLE), {WMDS(STENCIL_TEST_MASK), WMDS(BACKFACE_STENCIL_TEST_MASK)}},
    {WMDS(STENCIL_REFERENCE_VALUE_MODIFY_DISABLE),
     {WMDS(STENCIL_REFERENCE_VALUE), WMDS(BACKFACE_STENCIL_REFERENCE_VALUE)}},
};

static int record_wm_depth_stencil(gtsim_device *dev, struct gt3d_state *s, const gt_cmd_desc *d,
                                   const uint32_t *dw, unsigned n)
{
    uint64_t nv[GT3D_3DSTATE_WM_DEPTH_STENCIL__NF] = {0}, ov[GT3D_3DSTATE_WM_DEPTH_STENCIL__NF] = {0};
    uint32_t merged[8] = {0};
    if (n > 8)
        n = 8;
    gt_fields_unpack(d->fields, d->nfields, dw, n, nv);
    if (s->raw[GT3D_3DSTATE_WM_DEPTH_STENCIL])
        gt_fields_unpack(d->fields, d->nfields, s->raw[GT3D_3DSTATE_WM_DEPTH_STENCIL],
                         s->len[GT3D_3DSTATE_WM_DEPTH_STENCIL], ov);
    for (unsigned g = 0; g < sizeof(wmds_groups) / sizeof(wmds_groups[0]); g++) {
        if (!nv[wmds_groups[g].disable])
            continue;
        for (unsigned k = 0; k < 12 && (k == 0 || wmds_groups[g].fields[k]); k++)
            nv[wmds_groups[g].fields[k]] = ov[wmds_groups[g].fields[k]];
        nv[wmds_groups[g].disable] = 0;
    }
    memcpy(merged, dw, 4u * n);
    if (gt_fields_pack(d->fields, d->nfields, nv, merged, n) != 0)
        return gt_error(dev, GTSIM_ERR_INVALID, "3DSTATE_WM_DEPTH_STENCIL: %u DWords cannot hold its fields", n);
    return record(dev, s, GT3D_3DSTATE_WM_DEPTH_STENCIL, merged, n);
}
#undef WMDS

int gt_pipe3d_command(gtsim_device *dev, const gt_cmd_desc *d, const uint32_t *dw, unsigned n,
                      gt_vm *vm, const char *where)
{
    struct gt3d_state *s = state_of(dev);
    if (!s)
        return gt_error(dev, GTSIM_ERR_NOMEM, "out of host memory for the 3D state");
    unsigned id = d->sub;
    if (id >= GT3D_COUNT)
        return gt_error(dev, GTSIM_ERR_UNIMPL, "%s at %s: not a 3D command", d->name, where);
    switch (id) {
    case GT3D_3DPRIMITIVE:
        return p3_draw_primitive(dev, s, d, dw, n, vm, where);
    case GT3D_3DSTATE_VERTEX_BUFFERS:
        record_vertex_buffers(dev, s, d, dw, n);
        return GTSIM_OK;
    case GT3D_3DSTATE_CONSTANT_ALL:
        return record_constant_all(dev, s, d, dw, n, where);
    case GT3D_3DSTATE_WM_DEPTH_STENCIL:
        return record_wm_depth_stencil(dev, s, d, dw, n);
    case GT3D_3DSTATE_SO_BUFFER: case GT3D_3DSTATE_SO_BUFFER_INDEX_0: case GT3D_3DSTATE_SO_BUFFER_INDEX_1:
    case GT3D_3DSTATE_SO_BUFFER_INDEX_2: case GT3D_3DSTATE_SO_BUFFER_INDEX_3: {
        unsigned i = 0;
        int st = p3_so_buffer_command(dev, d, dw, n, vm, where, &i);
        if (st != GTSIM_OK)
            return st;
        unsigned k = n < 8 ? n : 8;
        memcpy(s->so_buf[i], dw, 4u * k);
        s->so_buf_len[i] = (uint8_t)k;
        s->so_buf_id[i] = (uint16_t)id;
        return GTSIM_OK;
    }
    case GT3D_3DSTATE_CC_STATE_POINTERS:
    case GT3D_3DSTATE_BLEND_STATE_POINTERS: {
        /* the pointer changes only with its Valid bit set (Color Calc /
         * Blend State Pointer Valid, public facts: genxml; iris clears it
         * in the state it restores at the start of a batch) */
        uint64_t v[GT3D_MAX_SLOTS] = {0};
        gt_fields_unpack(d->fields, d->nfields, dw, n, v);
        unsigned valid = id == GT3D_3DSTATE_CC_STATE_POINTERS
                             ? GT3D_3DSTATE_CC_STATE_POINTERS__COLOR_CALC_STATE_POINTER_VALID
                             : GT3D_3DSTATE_BLEND_STATE_POINTERS__BLEND_STATE_POINTER_VALID;
        return v[valid] ? record(dev, s, id, dw, n) : GTSIM_OK;
    }
    case GT3D_3DSTATE_WM_HZ_OP: {
        int st = record(dev, s, id, dw, n);
        return st ? st : p3_hz_op(dev, s, d, dw, n, vm, where);
    }
    case GT3D_3DSTATE_VF_INSTANCING: {
        uint64_t v[GT3D_3DSTATE_VF_INSTANCING__NF] = {0};
        gt_fields_unpack(d->fields, d->nfields, dw, n, v);
        unsigned e = (unsigned)v[GT3D_3DSTATE_VF_INSTANCING__VERTEX_ELEMENT_INDEX];
        if (e < P3_MAX_VE) {
            s->inst[e] = v[GT3D_3DSTATE_VF_INSTANCING__INSTANCING_ENABLE] != 0;
            s->step[e] = (uint32_t)v[GT3D_3DSTATE_VF_INSTANCING__INSTANCE_DATA_STEP_RATE];
        }
        return GTSIM_OK;
    }
    default:
        if (const_stage(id) < P3_STAGES)
            record_constants(dev, s, const_stage(id), dw, n);
        return record(dev, s, id, dw, n);
    }
}

/* The recorded raw DWords of a command (NULL if never programmed). */
const uint32_t *p3_raw(const p3_draw *d, unsigned id, unsigned *n)
{
    *n = d->st->len[id];
    return d->st->raw[id];
}

const p3_vb *p3_vbs(const p3_draw *d)
{
    return d->st->vb;
}

const uint32_t *p3_so_buffer_raw(const p3_draw *d, unsigned i, unsigned *n, unsigned *id)
{
    *n = d->st->so_buf_len[i];
    *id = d->st->so_buf_id[i];
    return *n ? d->st->so_buf[i] : NULL;
}

const p3_consts *p3_stage_consts(const p3_draw *d, unsigned stage)
{
    return &d->st->consts[stage < P3_STAGES ? stage : 0];
}

void p3_instancing(const p3_draw *d, unsigned e, bool *enable, uint32_t *step)
{
    *enable = d->st->inst[e];
    *step = d->st->step[e];
}
