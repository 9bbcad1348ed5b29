/*
 * The geometry shader (see gs.h for the payload and the output entry).
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "gt3d_gen.h"
#include "mem.h"
#include "pipe3d/gs.h"
#include "pipe3d/p3d.h"
#include "pipe3d/ps.h"
#include "pipe3d/so.h"

#define GS_DISPATCH_SIMD8 3 /* 3DSTATE_GS Dispatch Mode */

struct p3_gsctx {
    p3_stage st;
    p3_urb urb;
    uint32_t grf_start;       /* Dispatch GRF Start Register For URB Data (6 bits) */
    uint32_t read_len, read_off; /* Vertex URB Entry Read Length/Offset, 256-bit units */
    uint32_t expected;        /* Expected Vertex Count */
    uint32_t out_topo;        /* Output Topology */
    uint32_t vsize;           /* output vertex, bytes ((Output Vertex Size + 1) x 16) */
    uint32_t hdr_bytes;       /* control data header (Control Data Header Size x 32) */
    uint32_t instances;       /* Instance Control + 1 */
    uint32_t static_count;    /* Static Output Vertex Count */
    uint32_t default_sid;     /* Default Stream Id */
    bool static_out, sid, incl_pid, incl_handles, leading;
    /* objects queued for the next thread */
    unsigned nq, per, cap;
    uint32_t icp[8][P3_MAX_PER];
    uint32_t pid[8];
    gt_thread *t;
    uint64_t threads;
    /* output assembly scratch */
    p3_svtx *sv;
    uint32_t *prims;
    uint8_t *pfl;
    uint32_t scap;
};

int p3_gs_begin(p3_draw *d)
{
    d->gsx = NULL;
    d->asm_mode = 0;
    int st = p3_so_begin(d);
    if (st != GTSIM_OK)
        return st;
    uint64_t v[GT3D_MAX_SLOTS], b[GT3D_MAX_SLOTS];
    p3_unpack(d, GT3D_3DSTATE_GS, NULL, 0, v, GT3D_3DSTATE_GS__NF);
    if (!v[GT3D_3DSTATE_GS__ENABLE])
        return GTSIM_OK;
    if (v[GT3D_3DSTATE_GS__DISPATCH_MODE] != GS_DISPATCH_SIMD8)
        return gt_error(d->dev, GTSIM_ERR_UNIMPL, "3DPRIMITIVE at %s: 3DSTATE_GS Dispatch Mode %u (only SIMD8, "
                        "the mode brw uses, is modelled)", d->where, (unsigned)v[GT3D_3DSTATE_GS__DISPATCH_MODE]);
    struct p3_gsctx *g = calloc(1, sizeof(*g));
    if (!g)
        return gt_error(d->dev, GTSIM_ERR_NOMEM, "out of host memory for the GS state");
    d->gsx = g;
    g->t = aligned_alloc(64, sizeof(*g->t));
    if (!g->t)
        return gt_error(d->dev, GTSIM_ERR_NOMEM, "out of host memory for a GS thread");
    p3_stage *s = &g->st;
    s->enable = true;
    uint64_t ksp[3] = {v[GT3D_3DSTATE_GS__KERNEL_START_POINTER], 0, 0};
    p3_unpack(d, GT3D_3DSTATE_BINDING_TABLE_POINTERS_GS, NULL, 0, b, GT3D_3DSTATE_BINDING_TABLE_POINTERS_GS__NF);
    uint32_t bt = (uint32_t)b[GT3D_3DSTATE_BINDING_TABLE_POINTERS_GS__POINTER_TO_GS_BINDING_TABLE];
    p3_unpack(d, GT3D_3DSTATE_SAMPLER_STATE_POINTERS_GS, NULL, 0, b, GT3D_3DSTATE_SAMPLER_STATE_POINTERS_GS__NF);
    uint32_t samp = (uint32_t)b[GT3D_3DSTATE_SAMPLER_STATE_POINTERS_GS__POINTER_TO_GS_SAMPLER_STATE];
    p3_stage_bases(d, s, ksp, (uint32_t)v[GT3D_3DSTATE_GS__PER_THREAD_SCRATCH_SPACE],
                   v[GT3D_3DSTATE_GS__SCRATCH_SPACE_BASE_POINTER], bt, samp,
                   (uint32_t)v[GT3D_3DSTATE_GS__FLOATING_POINT_MODE]);
    p3_decode_constants(d, GT3D_3DSTATE_CONSTANT_GS, s);
    g->grf_start = (uint32_t)(v[GT3D_3DSTATE_GS__DISPATCH_GRF_START_REGISTER_FOR_URB_DATA] |
                              v[GT3D_3DSTATE_GS__DISPATCH_GRF_START_REGISTER_FOR_URB_DATA_5_4] << 4);
    g->read_len = (uint32_t)v[GT3D_3DSTATE_GS__VERTEX_URB_ENTRY_READ_LENGTH];
    g->read_off = (uint32_t)v[GT3D_3DSTATE_GS__VERTEX_URB_ENTRY_READ_OFFSET];
    g->expected = (uint32_t)v[GT3D_3DSTATE_GS__EXPECTED_VERTEX_COUNT];
    g->out_topo = (uint32_t)v[GT3D_3DSTATE_GS__OUTPUT_TOPOLOGY];
    g->vsize = 16 * ((uint32_t)v[GT3D_3DSTATE_GS__OUTPUT_VERTEX_SIZE] + 1);
    g->hdr_bytes = 32 * (uint32_t)v[GT3D_3DSTATE_GS__CONTROL_DATA_HEADER_SIZE];
    g->instances = (uint32_t)v[GT3D_3DSTATE_GS__INSTANCE_CONTROL] + 1;
    g->static_out = v[GT3D_3DSTATE_GS__STATIC_OUTPUT] != 0;
    g->static_count = (uint32_t)v[GT3D_3DSTATE_GS__STATIC_OUTPUT_VERTEX_COUNT];
    g->sid = v[GT3D_3DSTATE_GS__CONTROL_DATA_FORMAT] != 0;
    g->default_sid = (uint32_t)v[GT3D_3DSTATE_GS__DEFAULT_STREAM_ID];
    g->incl_pid = v[GT3D_3DSTATE_GS__INCLUDE_PRIMITIVE_ID] != 0;
    g->incl_handles = v[GT3D_3DSTATE_GS__INCLUDE_VERTEX_HANDLES] != 0;
    g->leading = v[GT3D_3DSTATE_GS__REORDER_MODE] == 0;
    if (!v[GT3D_3DSTATE_GS__DISCARD_ADJACENCY])
        d->asm_mode = P3_ASM_KEEP_ADJ;
    p3_unpack(d, GT3D_3DSTATE_URB_GS, NULL, 0, b, GT3D_3DSTATE_URB_GS__NF);
    g->urb.first = (uint32_t)b[GT3D_3DSTATE_URB_GS__GS_URB_STARTING_ADDRESS] * (8192u / 64u);
    g->urb.entries = (uint32_t)b[GT3D_3DSTATE_URB_GS__GS_NUMBER_OF_URB_ENTRIES];
    g->urb.entry_units = (uint32_t)b[GT3D_3DSTATE_URB_GS__GS_URB_ENTRY_ALLOCATION_SIZE] + 1;
    if (g->urb.entries == 0 ||
        64ull * (g->urb.first + (uint64_t)g->urb.entries * g->urb.entry_units) > d->urb_size)
        return gt_error(d->dev, GTSIM_ERR_INVALID, "3DPRIMITIVE at %s: the GS URB allocation (%u entries of %u "
                        "bytes at 0x%x) is empty or outside the URB", d->where, g->urb.entries,
                        64 * g->urb.entry_units, 64 * g->urb.first);
    g->cap = g->urb.entries < 8 ? g->urb.entries : 8;
    return GTSIM_OK;
}

/* Grow the output assembly scratch to n stream positions. */
static int scratch(p3_draw *d, struct p3_gsctx *g, uint32_t n)
{
    if (n <= g->scap)
        return GTSIM_OK;
    free(g->sv);
    free(g->prims);
    free(g->pfl);
    g->scap = 0;
    g->sv = malloc(sizeof(*g->sv) * n);
    g->prims = malloc(sizeof(*g->prims) * 3 * n);
    g->pfl = malloc(n);
    if (!g->sv || !g->prims || !g->pfl)
        return gt_error(d->dev, GTSIM_ERR_NOMEM, "out of host memory for GS output");
    g->scap = n;
    return GTSIM_OK;
}

/* Assemble the output of the URB entry at handle and pass its primitives
 * on. */
static int emit_output(p3_draw *d, struct p3_gsctx *g, uint32_t handle)
{
    const uint8_t *e = d->urb + 64ull * handle;
    uint32_t ebytes = 64 * g->urb.entry_units;
    uint32_t count = g->static_count, vtx0 = g->hdr_bytes;
    const uint8_t *ctl = e;
    if (!g->static_out) {
        memcpy(&count, e, 4); /* the vertex count row */
        ctl += 32;
        vtx0 += 32;
    }
    if (count == 0)
        return GTSIM_OK;
    if (vtx0 > ebytes || count > (ebytes - vtx0) / g->vsize)
        return gt_error(d->dev, GTSIM_ERR_INVALID, "3DPRIMITIVE at %s: a GS thread output %u vertices of %u bytes "
                        "(after %u bytes of header), more than its URB entry of %u bytes holds", d->where,
                        count, g->vsize, vtx0, ebytes);
    int st = scratch(d, g, 2 * count + 1);
    if (st != GTSIM_OK)
        return st;
    uint32_t hdr_bits = 8 * g->hdr_bytes, n = 0;
    for (uint32_t i = 0; i < count; i++) {
        g->sv[n++] = (p3_svtx){.index = i, .vertex_id = i, .cut = false};
        uint32_t bits = 0;
        if (!g->sid && i < hdr_bits) {
            memcpy(&bits, ctl + 4 * (i / 32), 4);
            if (bits >> (i % 32) & 1)
                g->sv[n++] = (p3_svtx){.index = i, .vertex_id = i, .cut = true};
        }
    }
    unsigned per = 0;
    uint32_t np = p3_assemble(g->out_topo, g->sv, n, g->prims, g->pfl, &per);
    if (np == UINT32_MAX || per > 3)
        return gt_error(d->dev, GTSIM_ERR_INVALID, "3DPRIMITIVE at %s: 3DSTATE_GS Output Topology %s (0x%x) is "
                        "not a GS output topology", d->where, p3_topo_name(g->out_topo), g->out_topo);
    /* the primitives reach the clipper with the GS's topology */
    uint32_t topo = d->vf.topology;
    d->vf.topology = g->out_topo;
    for (uint32_t p = 0; p < np && st == GTSIM_OK; p++) {
        const uint8_t *vue[3];
        uint32_t first = g->sv[g->prims[(size_t)p * per]].index;
        for (unsigned k = 0; k < per; k++)
            vue[k] = e + vtx0 + (size_t)g->vsize * g->sv[g->prims[(size_t)p * per + k]].index;
        unsigned stream = g->default_sid;
        if (g->sid && 2 * first < hdr_bits) {
            uint32_t bits;
            memcpy(&bits, ctl + 4 * (2 * first / 32), 4);
            stream = bits >> (2 * first % 32) & 3;
        }
        st = p3_so_primitive(d, stream, per, vue, g->pfl[p]);
    }
    d->vf.topology = topo;
    return st;
}

/* Run one GS thread on lanes 0..lanes-1: objects 0..lanes-1 of the queue,
 * or (instanced) instances i0.. of queued object 0. */
static int run_thread(p3_draw *d, struct p3_gsctx *g, unsigned lanes, bool instanced, uint32_t i0)
{
    gt_thread *t = g->t;
    memset(t, 0, sizeof(*t));
    p3_thread_r0(&g->st, t, 0);
    uint32_t out[8];
    uint32_t *r1 = (uint32_t *)(t->grf + 32);
    for (unsigned k = 0; k < lanes; k++) {
        out[k] = g->urb.first + k * g->urb.entry_units;
        r1[k] = out[k] | (instanced ? (i0 + k) << 27 : 0);
        memset(d->urb + 64ull * out[k], 0, 32); /* a thread that emits nothing leaves count 0 */
    }
    unsigned reg = 2;
    if (g->incl_pid) {
        for (unsigned k = 0; k < lanes; k++)
            ((uint32_t *)(t->grf + 32 * reg))[k] = g->pid[instanced ? 0 : k];
        reg++;
    }
    unsigned per = g->per;
    if (g->incl_handles) {
        if (instanced) {
            for (unsigned v = 0; v < per; v++)
                ((uint32_t *)(t->grf + 32 * reg))[v] = g->icp[0][v];
            reg += (per + 7) / 8;
        } else {
            for (unsigned v = 0; v < per; v++)
                for (unsigned k = 0; k < lanes; k++)
                    ((uint32_t *)(t->grf + 32 * (reg + v)))[k] = g->icp[k][v];
            reg += per;
        }
    }
    if (g->grf_start < reg)
        return gt_error(d->dev, GTSIM_ERR_INVALID, "3DPRIMITIVE at %s: 3DSTATE_GS Dispatch GRF Start Register For "
                        "URB Data r%u is inside the GS payload header (r0..r%u)", d->where, g->grf_start, reg - 1);
    int st = p3_push_constants(d, &g->st, t, g->grf_start);
    if (st != GTSIM_OK)
        return st;
    reg = g->grf_start + g->st.const_total;
    uint32_t nel = 2 * g->read_len;
    if (reg + 4ull * nel * per > GT_GRF_REGS)
        return gt_error(d->dev, GTSIM_ERR_INVALID, "3DPRIMITIVE at %s: the GS payload (%u vertices of %u elements "
                        "from r%u) passes r127", d->where, per, nel, reg);
    for (unsigned v = 0; v < per; v++)
        for (uint32_t el = 0; el < nel; el++)
            for (uint32_t c = 0; c < 4; c++)
                for (unsigned k = 0; k < lanes; k++) {
                    uint32_t h = g->icp[instanced ? 0 : k][v], val = 0;
                    uint64_t off = 64ull * h + 16ull * (2 * g->read_off + el) + 4 * c;
                    if (off + 4 <= d->urb_size)
                        memcpy(&val, d->urb + off, 4);
                    memcpy(t->grf + 32u * (reg + 8 * g->read_len * v + 4 * el + c) + 4 * k, &val, 4);
                }
    p3_stage_dispatch(d, &g->st);
    t->dispatch_mask = t->exec_mask = t->ce = (1u << lanes) - 1;
    t->cr0[0] = g->st.cr0;
    t->kernel_gva = g->st.ksp[0];
    t->disp = &d->disp;
    t->simd = 8;
    st = p3_run_thread(d, t);
    g->threads++;
    if (st != GTSIM_OK)
        return p3_context(d, st, "in a GS thread (%u %s) of 3DPRIMITIVE at %s", lanes,
                          instanced ? "instances" : "objects", d->where);
    for (unsigned k = 0; k < lanes && st == GTSIM_OK; k++)
        st = emit_output(d, g, out[k]);
    return st;
}

int p3_gs_flush(p3_draw *d)
{
    struct p3_gsctx *g = d->gsx;
    if (!g || !g->nq)
        return GTSIM_OK;
    int st = GTSIM_OK;
    if (g->instances > 1) {
        for (uint32_t i0 = 0; i0 < g->instances && st == GTSIM_OK; i0 += g->cap) {
            unsigned lanes = g->instances - i0 < g->cap ? g->instances - i0 : g->cap;
            st = run_thread(d, g, lanes, true, i0);
        }
    } else {
        st = run_thread(d, g, g->nq, false, 0);
    }
    g->nq = 0;
    return st;
}

int p3_gs_object(p3_draw *d, unsigned per, const uint8_t *const vue[], uint8_t flags)
{
    struct p3_gsctx *g = d->gsx;
    if (g->expected && per != g->expected)
        return gt_error(d->dev, GTSIM_ERR_INVALID, "3DPRIMITIVE at %s: topology %s gives the GS objects of %u "
                        "vertices; 3DSTATE_GS Expected Vertex Count is %u", d->where,
                        p3_topo_name(d->vf.topology), per, g->expected);
    if (g->nq && per != g->per) {
        int st = p3_gs_flush(d);
        if (st != GTSIM_OK)
            return st;
    }
    /* Reorder Mode for odd strip triangles: TRAILING keeps the last vertex
     * last (v1, v0, v2), LEADING the first first (v0, v2, v1); with
     * adjacency the adjacent vertices follow their edges */
    static const uint8_t id[6] = {0, 1, 2, 3, 4, 5};
    static const uint8_t tr3[3] = {1, 0, 2}, ld3[3] = {0, 2, 1};
    static const uint8_t tr6[6] = {2, 1, 0, 5, 4, 3}, ld6[6] = {0, 5, 4, 3, 2, 1};
    const uint8_t *order = id;
    if (flags & P3_PRIM_ODD) {
        if (per == 3)
            order = g->leading ? ld3 : tr3;
        else if (per == 6)
            order = g->leading ? ld6 : tr6;
    }
    unsigned q = g->nq++;
    g->per = per;
    for (unsigned k = 0; k < per; k++)
        g->icp[q][k] = (uint32_t)((vue[order[k]] - d->urb) / 64);
    g->pid[q] = d->prim_index;
    if (g->instances > 1 || g->nq == g->cap)
        return p3_gs_flush(d);
    return GTSIM_OK;
}

int p3_gs_end(p3_draw *d)
{
    int st = p3_gs_flush(d);
    return st != GTSIM_OK ? st : p3_so_end(d);
}

void p3_gs_free(p3_draw *d)
{
    struct p3_gsctx *g = d->gsx;
    if (g) {
        free(g->t);
        free(g->sv);
        free(g->prims);
        free(g->pfl);
        free(g);
        d->gsx = NULL;
    }
    p3_so_free(d);
}
