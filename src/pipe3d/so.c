/*
 * Stream output (see so.h).
 *
 * Per primitive of stream s (seed 004 3DSTATE_SO_BUFFER, 3DSTATE_SO_DECL_LIST,
 * 3DSTATE_STREAMOUT): SO_PRIM_STORAGE_NEEDED[s] counts it; if every buffer
 * in Stream to Buffer Selects [s] is enabled and has room for its vertices
 * (SO_WRITE_OFFSET + vertices x pitch <= 4 x (Surface Size + 1)), each
 * vertex in turn is written: the stream's SO_DECLs in order, each appending
 * its Component Mask's components of VUE slot (2 x Vertex Read Offset +
 * Register Index) to its Output Buffer Slot (a hole only advances), vertex
 * v of the primitive at SO_WRITE_OFFSET + v x pitch; the offsets then
 * advance by vertices x pitch and SO_NUM_PRIMS_WRITTEN[s] counts it.  A
 * selected buffer that is disabled or full is an overflow: nothing is
 * written (seed 004 SO Buffer Enable).  Both counters move only with SO
 * Statistics Enable.  Odd strip triangles are reordered per Reorder Mode
 * (TRAILING: v1, v0, v2; LEADING: v0, v2, v1), so each is written in the
 * API's order (public facts: iris programs TRAILING unless flat shading
 * uses the first vertex, Mesa iris_state.c).
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "gt3d_gen.h"
#include "mem.h"
#include "pipe3d/p3d.h"
#include "pipe3d/ps.h"
#include "pipe3d/so.h"

#define ADDR48 ((1ull << 48) - 1)
#define SO_MAX_DECLS 128

typedef struct so_decl {
    uint8_t mask, reg, buf;
    bool hole;
} so_decl;

struct p3_soctx {
    bool enable;              /* SO Function Enable */
    bool stats;               /* SO Statistics Enable */
    bool render_disable;      /* Rendering Disable */
    bool leading;             /* Reorder Mode LEADING */
    unsigned render_stream;   /* Render Stream Select */
    unsigned first_slot[4], nslots[4]; /* per stream: the VUE slots it reads */
    uint32_t pitch[4];        /* bytes */
    uint8_t select[4];        /* Stream to Buffer Selects */
    unsigned ndecl[4];
    so_decl decl[4][SO_MAX_DECLS];
    bool buf_enable[4], off_addr_enable[4];
    uint64_t base[4], size[4], off_addr[4];
};

int p3_so_buffer_command(gtsim_device *dev, const gt_cmd_desc *d, const uint32_t *dw, unsigned n, gt_vm *vm,
                         const char *where, unsigned *index)
{
    uint64_t v[GT3D_MAX_SLOTS] = {0};
    gt_fields_unpack(d->fields, d->nfields, dw, n, v);
    bool write_en, addr_en;
    uint64_t addr;
    uint32_t off;
    if (d->sub == GT3D_3DSTATE_SO_BUFFER) {
        *index = (unsigned)v[GT3D_3DSTATE_SO_BUFFER__SO_BUFFER_INDEX] & 3;
        write_en = v[GT3D_3DSTATE_SO_BUFFER__STREAM_OFFSET_WRITE_ENABLE] != 0;
        addr_en = v[GT3D_3DSTATE_SO_BUFFER__STREAM_OUTPUT_BUFFER_OFFSET_ADDRESS_ENABLE] != 0;
        addr = v[GT3D_3DSTATE_SO_BUFFER__STREAM_OUTPUT_BUFFER_OFFSET_ADDRESS] & ADDR48;
        off = (uint32_t)v[GT3D_3DSTATE_SO_BUFFER__STREAM_OFFSET];
    } else {
        /* 3DSTATE_SO_BUFFER_INDEX_0..3: one layout, the buffer in the sub-opcode */
        *index = (unsigned)(d->sub - GT3D_3DSTATE_SO_BUFFER_INDEX_0) & 3;
        write_en = v[GT3D_3DSTATE_SO_BUFFER_INDEX_0__STREAM_OFFSET_WRITE_ENABLE] != 0;
        addr_en = v[GT3D_3DSTATE_SO_BUFFER_INDEX_0__STREAM_OUTPUT_BUFFER_OFFSET_ADDRESS_ENABLE] != 0;
        addr = v[GT3D_3DSTATE_SO_BUFFER_INDEX_0__STREAM_OUTPUT_BUFFER_OFFSET_ADDRESS] & ADDR48;
        off = (uint32_t)v[GT3D_3DSTATE_SO_BUFFER_INDEX_0__STREAM_OFFSET];
    }
    if (!write_en)
        return GTSIM_OK;
    if (off == 0xffffffffu) {
        if (!addr_en)
            return gt_error(dev, GTSIM_ERR_INVALID, "%s at %s: Stream Offset 0xFFFFFFFF (load the offset from "
                            "memory) without Stream Output Buffer Offset Address Enable", d->name, where);
        uint64_t fault = 0;
        if (gt_vm_read(vm, addr, &off, 4, &fault) != GTSIM_OK)
            return gt_error(dev, GTSIM_ERR_FAULT, "%s at %s: reading the stream offset at 0x%" PRIx64
                            ": page fault at 0x%" PRIx64, d->name, where, addr, fault);
    }
    return gt_mmio_set(dev, P3_SO_WRITE_OFFSET0 + 4 * *index, off & ~3u);
}

int p3_so_begin(p3_draw *d)
{
    uint64_t v[GT3D_MAX_SLOTS];
    p3_unpack(d, GT3D_3DSTATE_STREAMOUT, NULL, 0, v, GT3D_3DSTATE_STREAMOUT__NF);
    bool enable = v[GT3D_3DSTATE_STREAMOUT__SO_FUNCTION_ENABLE] != 0;
    bool rdis = v[GT3D_3DSTATE_STREAMOUT__RENDERING_DISABLE] != 0;
    d->sox = NULL;
    if (!enable && !rdis)
        return GTSIM_OK;
    struct p3_soctx *x = calloc(1, sizeof(*x));
    if (!x)
        return gt_error(d->dev, GTSIM_ERR_NOMEM, "out of host memory for the stream output state");
    d->sox = x;
    x->enable = enable;
    x->render_disable = rdis;
    x->stats = v[GT3D_3DSTATE_STREAMOUT__SO_STATISTICS_ENABLE] != 0;
    x->leading = v[GT3D_3DSTATE_STREAMOUT__REORDER_MODE] == 0;
    x->render_stream = (unsigned)v[GT3D_3DSTATE_STREAMOUT__RENDER_STREAM_SELECT] & 3;
    static const unsigned roff[4] = {
        GT3D_3DSTATE_STREAMOUT__STREAM_0_VERTEX_READ_OFFSET, GT3D_3DSTATE_STREAMOUT__STREAM_1_VERTEX_READ_OFFSET,
        GT3D_3DSTATE_STREAMOUT__STREAM_2_VERTEX_READ_OFFSET, GT3D_3DSTATE_STREAMOUT__STREAM_3_VERTEX_READ_OFFSET};
    static const unsigned rlen[4] = {
        GT3D_3DSTATE_STREAMOUT__STREAM_0_VERTEX_READ_LENGTH, GT3D_3DSTATE_STREAMOUT__STREAM_1_VERTEX_READ_LENGTH,
        GT3D_3DSTATE_STREAMOUT__STREAM_2_VERTEX_READ_LENGTH, GT3D_3DSTATE_STREAMOUT__STREAM_3_VERTEX_READ_LENGTH};
    static const unsigned pitch[4] = {
        GT3D_3DSTATE_STREAMOUT__BUFFER_0_SURFACE_PITCH, GT3D_3DSTATE_STREAMOUT__BUFFER_1_SURFACE_PITCH,
        GT3D_3DSTATE_STREAMOUT__BUFFER_2_SURFACE_PITCH, GT3D_3DSTATE_STREAMOUT__BUFFER_3_SURFACE_PITCH};
    for (unsigned s = 0; s < 4; s++) {
        /* read offset and length count 256-bit units (two slots), the
         * length minus one */
        x->first_slot[s] = 2 * (unsigned)v[roff[s]];
        x->nslots[s] = 2 * ((unsigned)v[rlen[s]] + 1);
        x->pitch[s] = (uint32_t)v[pitch[s]];
    }
    if (!enable)
        return GTSIM_OK;
    /* SO_DECL list: one SO_DECL_ENTRY (a decl per stream) per DWord pair */
    p3_unpack(d, GT3D_3DSTATE_SO_DECL_LIST, NULL, 0, v, GT3D_3DSTATE_SO_DECL_LIST__NF);
    static const unsigned sel[4] = {
        GT3D_3DSTATE_SO_DECL_LIST__STREAM_TO_BUFFER_SELECTS_0, GT3D_3DSTATE_SO_DECL_LIST__STREAM_TO_BUFFER_SELECTS_1,
        GT3D_3DSTATE_SO_DECL_LIST__STREAM_TO_BUFFER_SELECTS_2, GT3D_3DSTATE_SO_DECL_LIST__STREAM_TO_BUFFER_SELECTS_3};
    static const unsigned num[4] = {
        GT3D_3DSTATE_SO_DECL_LIST__NUM_ENTRIES_0, GT3D_3DSTATE_SO_DECL_LIST__NUM_ENTRIES_1,
        GT3D_3DSTATE_SO_DECL_LIST__NUM_ENTRIES_2, GT3D_3DSTATE_SO_DECL_LIST__NUM_ENTRIES_3};
    unsigned n;
    const uint32_t *raw = p3_raw(d, GT3D_3DSTATE_SO_DECL_LIST, &n);
    const gt_cmd_desc *ld = gt3d_desc(d->dev->plat->cmds, GT3D_3DSTATE_SO_DECL_LIST);
    unsigned gdw = ld && ld->group_size ? ld->group_dw : 3, gsz = ld && ld->group_size ? ld->group_size : 2;
    static const unsigned fm[4] = {GT3D_SO_DECL_ENTRY__STREAM_0_DECL_COMPONENT_MASK,
                                   GT3D_SO_DECL_ENTRY__STREAM_1_DECL_COMPONENT_MASK,
                                   GT3D_SO_DECL_ENTRY__STREAM_2_DECL_COMPONENT_MASK,
                                   GT3D_SO_DECL_ENTRY__STREAM_3_DECL_COMPONENT_MASK};
    static const unsigned fr[4] = {GT3D_SO_DECL_ENTRY__STREAM_0_DECL_REGISTER_INDEX,
                                   GT3D_SO_DECL_ENTRY__STREAM_1_DECL_REGISTER_INDEX,
                                   GT3D_SO_DECL_ENTRY__STREAM_2_DECL_REGISTER_INDEX,
                                   GT3D_SO_DECL_ENTRY__STREAM_3_DECL_REGISTER_INDEX};
    static const unsigned fh[4] = {GT3D_SO_DECL_ENTRY__STREAM_0_DECL_HOLE_FLAG, GT3D_SO_DECL_ENTRY__STREAM_1_DECL_HOLE_FLAG,
                                   GT3D_SO_DECL_ENTRY__STREAM_2_DECL_HOLE_FLAG, GT3D_SO_DECL_ENTRY__STREAM_3_DECL_HOLE_FLAG};
    static const unsigned fb[4] = {GT3D_SO_DECL_ENTRY__STREAM_0_DECL_OUTPUT_BUFFER_SLOT,
                                   GT3D_SO_DECL_ENTRY__STREAM_1_DECL_OUTPUT_BUFFER_SLOT,
                                   GT3D_SO_DECL_ENTRY__STREAM_2_DECL_OUTPUT_BUFFER_SLOT,
                                   GT3D_SO_DECL_ENTRY__STREAM_3_DECL_OUTPUT_BUFFER_SLOT};
    unsigned nent = raw && n > gdw ? (n - gdw) / gsz : 0;
    for (unsigned s = 0; s < 4; s++) {
        x->select[s] = (uint8_t)(v[sel[s]] & 0xf);
        x->ndecl[s] = (unsigned)v[num[s]];
        if (x->ndecl[s] > nent || x->ndecl[s] > SO_MAX_DECLS)
            return gt_error(d->dev, GTSIM_ERR_INVALID, "3DPRIMITIVE at %s: 3DSTATE_SO_DECL_LIST gives stream %u "
                            "%u SO_DECLs but holds %u entries", d->where, s, x->ndecl[s], nent);
    }
    for (unsigned e = 0; e < nent && e < SO_MAX_DECLS; e++) {
        uint64_t f[GT3D_SO_DECL_ENTRY__NF];
        p3_unpack(d, GT3D_SO_DECL_ENTRY, raw + gdw + e * gsz, gsz, f, GT3D_SO_DECL_ENTRY__NF);
        for (unsigned s = 0; s < 4; s++) {
            so_decl *c = &x->decl[s][e];
            c->mask = (uint8_t)f[fm[s]];
            c->reg = (uint8_t)f[fr[s]];
            c->hole = f[fh[s]] != 0;
            c->buf = (uint8_t)f[fb[s]] & 3;
        }
    }
    /* the SO buffers */
    for (unsigned b = 0; b < 4; b++) {
        unsigned id = 0;
        const uint32_t *bw = p3_so_buffer_raw(d, b, &n, &id);
        if (!bw)
            continue;
        uint64_t f[GT3D_MAX_SLOTS];
        p3_unpack(d, id, bw, n, f, GT3D_MAX_SLOTS);
        if (id == GT3D_3DSTATE_SO_BUFFER) {
            x->buf_enable[b] = f[GT3D_3DSTATE_SO_BUFFER__SO_BUFFER_ENABLE] != 0;
            x->off_addr_enable[b] = f[GT3D_3DSTATE_SO_BUFFER__STREAM_OUTPUT_BUFFER_OFFSET_ADDRESS_ENABLE] != 0;
            x->base[b] = f[GT3D_3DSTATE_SO_BUFFER__SURFACE_BASE_ADDRESS] & ADDR48;
            x->size[b] = 4 * (f[GT3D_3DSTATE_SO_BUFFER__SURFACE_SIZE] + 1);
            x->off_addr[b] = f[GT3D_3DSTATE_SO_BUFFER__STREAM_OUTPUT_BUFFER_OFFSET_ADDRESS] & ADDR48;
        } else {
            x->buf_enable[b] = f[GT3D_3DSTATE_SO_BUFFER_INDEX_0__SO_BUFFER_ENABLE] != 0;
            x->off_addr_enable[b] = f[GT3D_3DSTATE_SO_BUFFER_INDEX_0__STREAM_OUTPUT_BUFFER_OFFSET_ADDRESS_ENABLE] != 0;
            x->base[b] = f[GT3D_3DSTATE_SO_BUFFER_INDEX_0__SURFACE_BASE_ADDRESS] & ADDR48;
            x->size[b] = 4 * (f[GT3D_3DSTATE_SO_BUFFER_INDEX_0__SURFACE_SIZE] + 1);
            x->off_addr[b] = f[GT3D_3DSTATE_SO_BUFFER_INDEX_0__STREAM_OUTPUT_BUFFER_OFFSET_ADDRESS] & ADDR48;
        }
    }
    return GTSIM_OK;
}

static int count64(p3_draw *d, uint32_t reg)
{
    uint64_t c = gt_mmio_reg(d->dev, reg) | (uint64_t)gt_mmio_reg(d->dev, reg + 4) << 32;
    c++;
    int st = gt_mmio_set(d->dev, reg, (uint32_t)c);
    return st ? st : gt_mmio_set(d->dev, reg + 4, (uint32_t)(c >> 32));
}

/* Write one primitive's vertices v[0..per) of stream s. */
static int so_write(p3_draw *d, struct p3_soctx *x, unsigned s, unsigned per, const uint8_t *const v[])
{
    int st;
    if (x->stats && (st = count64(d, P3_SO_PRIM_STORAGE_NEEDED0 + 8 * s)) != GTSIM_OK)
        return st;
    uint32_t off[4];
    for (unsigned b = 0; b < 4; b++) {
        off[b] = gt_mmio_reg(d->dev, P3_SO_WRITE_OFFSET0 + 4 * b) & ~3u;
        if (!(x->select[s] >> b & 1))
            continue;
        if (!x->buf_enable[b] || (uint64_t)off[b] + (uint64_t)per * x->pitch[b] > x->size[b])
            return GTSIM_OK; /* overflow: nothing written */
    }
    for (unsigned k = 0; k < per; k++) {
        uint32_t cur[4];
        for (unsigned b = 0; b < 4; b++)
            cur[b] = off[b] + k * x->pitch[b];
        for (unsigned i = 0; i < x->ndecl[s]; i++) {
            const so_decl *c = &x->decl[s][i];
            unsigned b = c->buf;
            if (!(x->select[s] >> b & 1))
                continue; /* a buffer the stream does not write */
            unsigned slot = x->first_slot[s] + c->reg;
            if (!c->hole && c->reg >= x->nslots[s])
                return gt_error(d->dev, GTSIM_ERR_INVALID, "3DPRIMITIVE at %s: SO_DECL %u of stream %u reads "
                                "register %u past the stream's Vertex Read Length (%u slots)", d->where, i, s,
                                c->reg, x->nslots[s]);
            for (unsigned comp = 0; comp < 4; comp++) {
                if (!(c->mask >> comp & 1))
                    continue;
                if (!c->hole) {
                    uint32_t val;
                    memcpy(&val, v[k] + 16 * slot + 4 * comp, 4);
                    uint64_t fault = 0, a = (x->base[b] + cur[b]) & ADDR48;
                    if (gt_vm_write(d->vm, a, &val, 4, &fault) != GTSIM_OK)
                        return gt_error(d->dev, GTSIM_ERR_FAULT, "3DPRIMITIVE at %s: stream output to SO buffer "
                                        "%u at 0x%" PRIx64 ": page fault at 0x%" PRIx64, d->where, b, a, fault);
                }
                cur[b] += 4;
            }
        }
    }
    for (unsigned b = 0; b < 4; b++)
        if (x->select[s] >> b & 1) {
            if ((st = gt_mmio_set(d->dev, P3_SO_WRITE_OFFSET0 + 4 * b, off[b] + per * x->pitch[b])) != GTSIM_OK)
                return st;
        }
    return x->stats ? count64(d, P3_SO_NUM_PRIMS_WRITTEN0 + 8 * s) : GTSIM_OK;
}

int p3_so_primitive(p3_draw *d, unsigned stream, unsigned per, const uint8_t *const vue[], uint8_t flags)
{
    struct p3_soctx *x = d->sox;
    if (!x)
        return p3_ps_primitive(d, per, vue, flags);
    if (x->enable) {
        const uint8_t *v[3] = {vue[0], per > 1 ? vue[1] : NULL, per > 2 ? vue[2] : NULL};
        if (per == 3 && (flags & P3_PRIM_ODD)) {
            if (x->leading) {
                v[1] = vue[2];
                v[2] = vue[1];
            } else {
                v[0] = vue[1];
                v[1] = vue[0];
            }
        }
        int st = so_write(d, x, stream & 3, per, v);
        if (st != GTSIM_OK)
            return st;
    }
    /* rasterization: the render stream only (with SO off every stream
     * goes on: brw_fs_nir.cpp emit_gs_vertex's note on Render Stream
     * Select), unless Rendering Disable */
    if (x->render_disable || (x->enable && stream != x->render_stream))
        return GTSIM_OK;
    return p3_ps_primitive(d, per, vue, flags);
}

int p3_so_end(p3_draw *d)
{
    struct p3_soctx *x = d->sox;
    if (!x || !x->enable)
        return GTSIM_OK;
    for (unsigned b = 0; b < 4; b++) {
        if (!x->off_addr_enable[b] || !x->buf_enable[b])
            continue;
        uint32_t off = gt_mmio_reg(d->dev, P3_SO_WRITE_OFFSET0 + 4 * b);
        uint64_t fault = 0;
        if (gt_vm_write(d->vm, x->off_addr[b], &off, 4, &fault) != GTSIM_OK)
            return gt_error(d->dev, GTSIM_ERR_FAULT, "3DPRIMITIVE at %s: storing SO buffer %u's offset at 0x%" PRIx64
                            ": page fault at 0x%" PRIx64, d->where, b, x->off_addr[b], fault);
    }
    return GTSIM_OK;
}

void p3_so_free(p3_draw *d)
{
    free(d->sox);
    d->sox = NULL;
}
