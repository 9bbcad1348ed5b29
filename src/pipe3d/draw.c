/*
 * 3DPRIMITIVE: a draw from vertex fetch to the VUEs of its primitives, then
 * through the rasterizer and the pixel shader (ps.c).  See pipe3d.c for the
 * chunking.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cs/cs.h"
#include "gt3d_gen.h"
#include "mem.h"
#include "pipe3d/gs.h"
#include "pipe3d/p3d.h"
#include "pipe3d/pipe3d.h"
#include "pipe3d/ps.h"
#include "pipe3d/tess.h"

#define ADDR48 ((1ull << 48) - 1)

/* ---- state decode ---- */

static void decode_vf(p3_draw *d)
{
    p3_vf *vf = &d->vf;
    memset(vf, 0, sizeof(*vf));
    memcpy(vf->vb, p3_vbs(d), sizeof(vf->vb));
    unsigned n;
    const uint32_t *ve = p3_raw(d, GT3D_3DSTATE_VERTEX_ELEMENTS, &n);
    const gt_cmd_desc *ved = gt3d_desc(d->dev->plat->cmds, GT3D_3DSTATE_VERTEX_ELEMENTS);
    if (ve && ved && ved->group_size) {
        for (unsigned o = ved->group_dw; o + ved->group_size <= n && vf->nve < P3_MAX_VE; o += ved->group_size) {
            uint64_t v[GT3D_VERTEX_ELEMENT_STATE__NF];
            p3_unpack(d, GT3D_VERTEX_ELEMENT_STATE, ve + o, ved->group_size, v, GT3D_VERTEX_ELEMENT_STATE__NF);
            p3_ve *e = &vf->ve[vf->nve];
            e->valid = v[GT3D_VERTEX_ELEMENT_STATE__VALID] != 0;
            e->edge_flag = v[GT3D_VERTEX_ELEMENT_STATE__EDGE_FLAG_ENABLE] != 0;
            e->vb = (uint8_t)v[GT3D_VERTEX_ELEMENT_STATE__VERTEX_BUFFER_INDEX];
            e->offset = (uint16_t)v[GT3D_VERTEX_ELEMENT_STATE__SOURCE_ELEMENT_OFFSET];
            e->format = (uint16_t)v[GT3D_VERTEX_ELEMENT_STATE__SOURCE_ELEMENT_FORMAT];
            e->fi = sf_format_get(e->format);
            e->comp[0] = (uint8_t)v[GT3D_VERTEX_ELEMENT_STATE__COMPONENT_0_CONTROL];
            e->comp[1] = (uint8_t)v[GT3D_VERTEX_ELEMENT_STATE__COMPONENT_1_CONTROL];
            e->comp[2] = (uint8_t)v[GT3D_VERTEX_ELEMENT_STATE__COMPONENT_2_CONTROL];
            e->comp[3] = (uint8_t)v[GT3D_VERTEX_ELEMENT_STATE__COMPONENT_3_CONTROL];
            p3_instancing(d, vf->nve, &e->instancing, &e->step_rate);
            vf->nve++;
        }
    }
    uint64_t v[GT3D_MAX_SLOTS];
    p3_unpack(d, GT3D_3DSTATE_INDEX_BUFFER, NULL, 0, v, GT3D_3DSTATE_INDEX_BUFFER__NF);
    vf->ib_addr = v[GT3D_3DSTATE_INDEX_BUFFER__BUFFER_STARTING_ADDRESS] & ADDR48;
    vf->ib_size = (uint32_t)v[GT3D_3DSTATE_INDEX_BUFFER__BUFFER_SIZE];
    vf->ib_format = (uint32_t)v[GT3D_3DSTATE_INDEX_BUFFER__INDEX_FORMAT];
    p3_unpack(d, GT3D_3DSTATE_VF, NULL, 0, v, GT3D_3DSTATE_VF__NF);
    vf->cut_enable = v[GT3D_3DSTATE_VF__INDEXED_DRAW_CUT_INDEX_ENABLE] != 0;
    vf->seq_cut_enable = v[GT3D_3DSTATE_VF__SEQUENTIAL_DRAW_CUT_INDEX_ENABLE] != 0;
    vf->cut_index = (uint32_t)v[GT3D_3DSTATE_VF__CUT_INDEX];
    vf->vid_offset = v[GT3D_3DSTATE_VF__VERTEXID_OFFSET_ENABLE] != 0;
    vf->iid_offset = v[GT3D_3DSTATE_VF__INSTANCEID_OFFSET_ENABLE] != 0;
    p3_unpack(d, GT3D_3DSTATE_VF_SGVS, NULL, 0, v, GT3D_3DSTATE_VF_SGVS__NF);
    vf->vid_enable = v[GT3D_3DSTATE_VF_SGVS__VERTEXID_ENABLE] != 0;
    vf->vid_comp = (uint8_t)v[GT3D_3DSTATE_VF_SGVS__VERTEXID_COMPONENT_NUMBER];
    vf->vid_elem = (uint8_t)v[GT3D_3DSTATE_VF_SGVS__VERTEXID_ELEMENT_OFFSET];
    vf->iid_enable = v[GT3D_3DSTATE_VF_SGVS__INSTANCEID_ENABLE] != 0;
    vf->iid_comp = (uint8_t)v[GT3D_3DSTATE_VF_SGVS__INSTANCEID_COMPONENT_NUMBER];
    vf->iid_elem = (uint8_t)v[GT3D_3DSTATE_VF_SGVS__INSTANCEID_ELEMENT_OFFSET];
    p3_unpack(d, GT3D_3DSTATE_VF_TOPOLOGY, NULL, 0, v, GT3D_3DSTATE_VF_TOPOLOGY__NF);
    vf->topology = (uint32_t)v[GT3D_3DSTATE_VF_TOPOLOGY__PRIMITIVE_TOPOLOGY_TYPE];
}

/* Push constants of a stage: the four buffers the last 3DSTATE_CONSTANT_xS
 * (id) or, on Gen12, 3DSTATE_CONSTANT_ALL left (pipe3d.c); addresses are
 * graphics addresses, read lengths in registers. */
void p3_decode_constants(p3_draw *d, unsigned id, p3_stage *s)
{
    unsigned stage = id == GT3D_3DSTATE_CONSTANT_HS   ? P3_STAGE_HS
                     : id == GT3D_3DSTATE_CONSTANT_DS ? P3_STAGE_DS
                     : id == GT3D_3DSTATE_CONSTANT_GS ? P3_STAGE_GS
                     : id == GT3D_3DSTATE_CONSTANT_PS ? P3_STAGE_PS
                                                      : P3_STAGE_VS;
    const p3_consts *c = p3_stage_consts(d, stage);
    s->const_total = 0;
    for (unsigned b = 0; b < 4; b++) {
        s->const_regs[b] = c->regs[b];
        s->const_addr[b] = c->addr[b] & ADDR48;
        s->const_total += s->const_regs[b];
    }
}

void p3_stage_bases(p3_draw *d, p3_stage *s, uint64_t ksp_off[3], uint32_t scratch_code,
                    uint64_t scratch_ptr, uint32_t bt, uint32_t samp, uint32_t fp_mode)
{
    const gt_pipe_state *ps = d->ps;
    for (unsigned i = 0; i < 3; i++)
        s->ksp[i] = (ps->instruction_base + (ksp_off[i] & ~0x3full)) & ADDR48;
    s->cr0 = fp_mode & 1;
    s->scratch_code = scratch_code;
    s->scratch_bytes = scratch_code <= 11 ? 1024u << scratch_code : 0;
    s->scratch_off = (uint32_t)scratch_ptr & ~0x3ffu;
    s->scratch_base = (ps->general_state_base + s->scratch_off) & ADDR48;
    /* BTP_18_8 (GT_MODE Binding Table Alignment; a masked register: its
     * mask bit 26 set with it by the write that chose the mode) */
    const gt_cmd_set *set = d->dev->plat->cmds;
    if (set->gt_mode_reg && (gt_mmio_reg(d->dev, set->gt_mode_reg) & 0x04000400u) == 0x04000400u)
        bt <<= 3;
    s->bt_pointer = bt;
    /* seed 004 3DSTATE_BINDING_TABLE_POOL_ALLOC: with the pool enabled the
     * binding table pointer is an offset in the pool, else from Surface
     * State Base Address */
    uint64_t v[GT3D_MAX_SLOTS];
    p3_unpack(d, GT3D_3DSTATE_BINDING_TABLE_POOL_ALLOC, NULL, 0, v, GT3D_3DSTATE_BINDING_TABLE_POOL_ALLOC__NF);
    uint64_t btbase = v[GT3D_3DSTATE_BINDING_TABLE_POOL_ALLOC__BINDING_TABLE_POOL_ENABLE]
                          ? v[GT3D_3DSTATE_BINDING_TABLE_POOL_ALLOC__BINDING_TABLE_POOL_BASE_ADDRESS]
                          : ps->surface_state_base;
    s->binding_table = (btbase + bt) & ADDR48;
    s->sampler_pointer = samp;
    s->sampler_state = (ps->dynamic_state_base + samp) & ADDR48;
}

static void decode_vs(p3_draw *d)
{
    uint64_t v[GT3D_MAX_SLOTS], b[GT3D_MAX_SLOTS];
    p3_unpack(d, GT3D_3DSTATE_VS, NULL, 0, v, GT3D_3DSTATE_VS__NF);
    p3_stage *s = &d->vs;
    memset(s, 0, sizeof(*s));
    s->enable = v[GT3D_3DSTATE_VS__ENABLE] != 0;
    uint64_t ksp[3] = {v[GT3D_3DSTATE_VS__KERNEL_START_POINTER], 0, 0};
    p3_unpack(d, GT3D_3DSTATE_BINDING_TABLE_POINTERS_VS, NULL, 0, b, 8);
    uint32_t bt = (uint32_t)b[GT3D_3DSTATE_BINDING_TABLE_POINTERS_VS__POINTER_TO_VS_BINDING_TABLE];
    p3_unpack(d, GT3D_3DSTATE_SAMPLER_STATE_POINTERS_VS, NULL, 0, b, 8);
    uint32_t samp = (uint32_t)b[GT3D_3DSTATE_SAMPLER_STATE_POINTERS_VS__POINTER_TO_VS_SAMPLER_STATE];
    p3_stage_bases(d, s, ksp, (uint32_t)v[GT3D_3DSTATE_VS__PER_THREAD_SCRATCH_SPACE],
                v[GT3D_3DSTATE_VS__SCRATCH_SPACE_BASE_POINTER], bt, samp,
                (uint32_t)v[GT3D_3DSTATE_VS__FLOATING_POINT_MODE]);
    s->grf_start[0] = (uint32_t)v[GT3D_3DSTATE_VS__DISPATCH_GRF_START_REGISTER_FOR_URB_DATA];
    d->vs_read_len = (uint32_t)v[GT3D_3DSTATE_VS__VERTEX_URB_ENTRY_READ_LENGTH];
    d->vs_read_off = (uint32_t)v[GT3D_3DSTATE_VS__VERTEX_URB_ENTRY_READ_OFFSET];
    p3_decode_constants(d, GT3D_3DSTATE_CONSTANT_VS, s);
    p3_unpack(d, GT3D_3DSTATE_URB_VS, NULL, 0, b, GT3D_3DSTATE_URB_VS__NF);
    d->urb_vs.first = (uint32_t)b[GT3D_3DSTATE_URB_VS__VS_URB_STARTING_ADDRESS] * (8192u / 64u);
    d->urb_vs.entries = (uint32_t)b[GT3D_3DSTATE_URB_VS__VS_NUMBER_OF_URB_ENTRIES];
    d->urb_vs.entry_units = (uint32_t)b[GT3D_3DSTATE_URB_VS__VS_URB_ENTRY_ALLOCATION_SIZE] + 1;
}

/* ---- threads ---- */

int p3_context(p3_draw *d, int st, const char *fmt, ...)
{
    char what[512], first[sizeof(d->dev->err)];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof(what), fmt, ap);
    va_end(ap);
    snprintf(first, sizeof(first), "%s", d->dev->err);
    return gt_error(d->dev, st, "%s\n  %s", first, what);
}

int p3_run_thread(p3_draw *d, gt_thread *t)
{
    gtsim_device *dev = d->dev;
    int st = gt_poll(dev);
    if (st == GTSIM_OK)
        st = gt_threads_dispatch(dev, 1);
    if (st != GTSIM_OK)
        return st;
    gt_tgroup tg;
    memset(&tg, 0, sizeof(tg));
    tg.nthreads = 1;
    gt_thread *tp = t;
    tg.threads = &tp;
    t->tg = &tg;
    t->state = GT_THREAD_RUNNABLE;
    for (unsigned spins = 0; t->state != GT_THREAD_DONE; spins++) {
        uint64_t before = t->instructions;
        st = gt_eu_run(dev, t);
        if (st != GTSIM_OK || t->state == GT_THREAD_FAULTED) {
            t->tg = NULL;
            return st ? st : GTSIM_ERR_ILLEGAL;
        }
        if (t->state == GT_THREAD_BLOCKED && t->instructions == before && spins > 1000) {
            t->tg = NULL;
            return gt_error(dev, GTSIM_ERR_WATCHDOG, "a 3D shader thread at IP 0x%x waits for nothing "
                            "that can arrive (a barrier or a wait outside a compute thread group)", t->ip);
        }
        if (t->state == GT_THREAD_BLOCKED)
            t->state = GT_THREAD_RUNNABLE;
    }
    t->tg = NULL;
    return GTSIM_OK;
}

/* The dispatch state of a stage's threads. */
void p3_stage_dispatch(p3_draw *d, const p3_stage *s)
{
    gt_dispatch *g = &d->disp;
    memset(g, 0, sizeof(*g));
    g->vm = d->vm;
    g->general_state_base = d->ps->general_state_base;
    g->surface_state_base = d->ps->surface_state_base;
    g->dynamic_state_base = d->ps->dynamic_state_base;
    g->indirect_object_base = d->ps->indirect_object_base;
    g->instruction_base = d->ps->instruction_base;
    g->binding_table = s->binding_table;
    g->sampler_state = s->sampler_state;
    g->scratch_base = s->scratch_base;
    g->scratch_per_thread = s->scratch_bytes;
    gt_bti_cache_reset(&d->btc);
    g->bti_cache = &d->btc;
}

/* R0 of a 3D-stage thread: the sampler state and binding table pointers
 * (R0.3, R0.4) and the scratch offset with the FFTID (R0.5), as the
 * media/GPGPU threads have them (src/pipe/pipe.c). */
void p3_thread_r0(const p3_stage *s, gt_thread *t, uint32_t fftid)
{
    uint32_t r0[8] = {0};
    r0[3] = (s->sampler_pointer & ~0x1fu) | (s->scratch_code & 0xf);
    r0[4] = s->bt_pointer & ~0x1fu;
    /* R0.5[31:10]: the thread's scratch space, General State Base relative:
     * the stage's Scratch Space Base Pointer plus its slot (scratch block
     * messages and brw's stateless scratch addressing both start there) */
    r0[5] = ((s->scratch_off + fftid * s->scratch_bytes) & ~0x3ffu) | (fftid & 0x3ff);
    memcpy(t->grf, r0, sizeof(r0));
}

/* Copy a stage's push constants into GRF registers from reg on. */
int p3_push_constants(p3_draw *d, const p3_stage *s, gt_thread *t, uint32_t reg)
{
    for (unsigned b = 0; b < 4; b++) {
        uint32_t n = s->const_regs[b];
        if (!n)
            continue;
        if (reg + n > GT_GRF_REGS)
            return gt_error(d->dev, GTSIM_ERR_INVALID, "3DPRIMITIVE at %s: push constants past r127", d->where);
        uint64_t fault = 0;
        if (gt_vm_read(d->vm, s->const_addr[b], t->grf + 32u * reg, 32u * n, &fault) != GTSIM_OK)
            return gt_error(d->dev, GTSIM_ERR_FAULT,
                            "3DPRIMITIVE at %s: push constant buffer %u at 0x%" PRIx64 ": page fault at 0x%" PRIx64,
                            d->where, b, s->const_addr[b], fault);
        reg += n;
    }
    return GTSIM_OK;
}

/* ---- vertex shading ---- */

/* Fetch and shade the vertices of stream positions pos[0..n) into URB
 * entries 0..n-1 of the VS allocation; edge (NULL: none) receives each
 * vertex's edge flag at its stream position. */
static int shade_vertices(p3_draw *d, const p3_svtx *stream, const uint32_t *pos, uint32_t n, uint32_t instance,
                          uint8_t *edge)
{
    uint32_t entry_bytes = 64u * d->urb_vs.entry_units;
    uint32_t in_dw = 4 * d->vf.nve;
    if (in_dw * 4 > entry_bytes && d->vf.nve)
        return gt_error(d->dev, GTSIM_ERR_INVALID, "3DPRIMITIVE at %s: %u vertex elements do not fit the VS URB "
                        "entries of %u bytes (3DSTATE_URB_VS)", d->where, d->vf.nve, entry_bytes);
    for (uint32_t i = 0; i < n; i++) {
        uint8_t *e = d->urb + 64ull * (d->urb_vs.first + i * d->urb_vs.entry_units);
        uint32_t out[4 * P3_MAX_VE];
        int st = p3_vf_fetch(d->dev, d->vm, &d->vf, &stream[pos[i]], instance, d->dp.start_instance, out,
                             d->where);
        if (st)
            return st;
        if (edge)
            edge[pos[i]] = p3_vf_edge_flag(&d->vf, out);
        memcpy(e, out, 4u * in_dw);
    }
    if (!d->vs.enable)
        return GTSIM_OK; /* the VF output is the VUE */
    p3_stage_dispatch(d, &d->vs);
    gt_thread *t = aligned_alloc(64, sizeof(*t));
    if (!t)
        return gt_error(d->dev, GTSIM_ERR_NOMEM, "out of host memory for a VS thread");
    int st = GTSIM_OK;
    for (uint32_t base = 0; base < n && st == GTSIM_OK; base += 8) {
        uint32_t cnt = n - base < 8 ? n - base : 8;
        memset(t, 0, sizeof(*t));
        p3_thread_r0(&d->vs, t, 0);
        /* R1: the URB handles of the thread's vertices */
        uint32_t *r1 = (uint32_t *)(t->grf + 32);
        for (uint32_t k = 0; k < cnt; k++)
            r1[k] = d->urb_vs.first + (base + k) * d->urb_vs.entry_units;
        uint32_t reg = d->vs.grf_start[0];
        if ((st = p3_push_constants(d, &d->vs, t, reg)) != GTSIM_OK)
            break;
        reg += d->vs.const_total;
        /* vertex data: Read Length pairs of 128-bit elements from Read
         * Offset (256-bit units); SIMD8: a register per component of each
         * element, vertex k in DWord k */
        uint32_t nel = 2 * d->vs_read_len;
        if (reg + 4 * nel > GT_GRF_REGS) {
            st = gt_error(d->dev, GTSIM_ERR_INVALID, "3DPRIMITIVE at %s: the VS payload (%u elements from r%u) "
                          "passes r127", d->where, nel, reg);
            break;
        }
        for (uint32_t el = 0; el < nel; el++)
            for (uint32_t c = 0; c < 4; c++)
                for (uint32_t k = 0; k < cnt; k++) {
                    uint64_t off = 64ull * r1[k] + 16ull * (2 * d->vs_read_off + el) + 4 * c;
                    uint32_t val = 0;
                    if (off + 4 <= d->urb_size)
                        memcpy(&val, d->urb + off, 4);
                    memcpy(t->grf + 32u * (reg + 4 * el + c) + 4 * k, &val, 4);
                }
        t->dispatch_mask = t->exec_mask = t->ce = (1u << cnt) - 1;
        t->cr0[0] = d->vs.cr0;
        t->kernel_gva = d->vs.ksp[0];
        t->disp = &d->disp;
        t->simd = 8;
        st = p3_run_thread(d, t);
        d->vs_threads++;
        if (st != GTSIM_OK)
            p3_context(d, st, "in a VS thread (vertices %u..%u of a chunk) of 3DPRIMITIVE at %s", base,
                       base + cnt - 1, d->where);
    }
    free(t);
    return st;
}

/* ---- after the VS ---- */

int p3_geometry(p3_draw *d, unsigned per, const uint8_t *const vue[], uint8_t flags)
{
    if (d->tess)
        return p3_tess_patch(d, per, vue);
    return p3_geometry_post(d, per, vue, flags);
}

int p3_geometry_post(p3_draw *d, unsigned per, const uint8_t *const vue[], uint8_t flags)
{
    if (d->gsx)
        return p3_gs_object(d, per, vue, flags);
    return p3_so_primitive(d, 0, per, vue, flags);
}

/* ---- statistics ---- */

/* Add the draw's counts to the statistics registers, each under the
 * Statistics Enable of its unit (3DSTATE_VF_STATISTICS for IA_*, the
 * 3DSTATE_VS/HS/DS/GS, 3DSTATE_CLIP and 3DSTATE_WM ones); PS_DEPTH_COUNT
 * too counts under 3DSTATE_WM Statistics Enable (public facts: Mesa
 * iris_query.c reads these registers with MI_STORE_REGISTER_MEM and
 * PS_DEPTH_COUNT with PIPE_CONTROL around the queried draws and sets the
 * enables as above; Mesa i965 enables WM statistics "for occlusion
 * queries", and blorp leaves them off so a glClear inside an occlusion
 * query counts no samples). */
static void stats_commit(p3_draw *d)
{
    static const struct {
        unsigned cmd, field;
        uint32_t reg;
        size_t off;
    } tab[] = {
        {GT3D_3DSTATE_VF_STATISTICS, GT3D_3DSTATE_VF_STATISTICS__STATISTICS_ENABLE, GT3D_REG_IA_VERTICES_COUNT,
         offsetof(p3_stats, ia_vertices)},
        {GT3D_3DSTATE_VF_STATISTICS, GT3D_3DSTATE_VF_STATISTICS__STATISTICS_ENABLE, GT3D_REG_IA_PRIMITIVES_COUNT,
         offsetof(p3_stats, ia_primitives)},
        {GT3D_3DSTATE_VS, GT3D_3DSTATE_VS__STATISTICS_ENABLE, GT3D_REG_VS_INVOCATION_COUNT,
         offsetof(p3_stats, vs_invocations)},
        {GT3D_3DSTATE_HS, GT3D_3DSTATE_HS__STATISTICS_ENABLE, GT3D_REG_HS_INVOCATION_COUNT,
         offsetof(p3_stats, hs_invocations)},
        {GT3D_3DSTATE_DS, GT3D_3DSTATE_DS__STATISTICS_ENABLE, GT3D_REG_DS_INVOCATION_COUNT,
         offsetof(p3_stats, ds_invocations)},
        {GT3D_3DSTATE_GS, GT3D_3DSTATE_GS__STATISTICS_ENABLE, GT3D_REG_GS_INVOCATION_COUNT,
         offsetof(p3_stats, gs_invocations)},
        {GT3D_3DSTATE_GS, GT3D_3DSTATE_GS__STATISTICS_ENABLE, GT3D_REG_GS_PRIMITIVES_COUNT,
         offsetof(p3_stats, gs_primitives)},
        {GT3D_3DSTATE_CLIP, GT3D_3DSTATE_CLIP__STATISTICS_ENABLE, GT3D_REG_CL_INVOCATION_COUNT,
         offsetof(p3_stats, cl_invocations)},
        {GT3D_3DSTATE_CLIP, GT3D_3DSTATE_CLIP__STATISTICS_ENABLE, GT3D_REG_CL_PRIMITIVES_COUNT,
         offsetof(p3_stats, cl_primitives)},
        {GT3D_3DSTATE_WM, GT3D_3DSTATE_WM__STATISTICS_ENABLE, GT3D_REG_PS_INVOCATION_COUNT,
         offsetof(p3_stats, ps_invocations)},
        {GT3D_3DSTATE_WM, GT3D_3DSTATE_WM__STATISTICS_ENABLE, GT3D_REG_PS_DEPTH_COUNT,
         offsetof(p3_stats, ps_depth_count)},
    };
    uint64_t v[GT3D_MAX_SLOTS];
    for (size_t i = 0; i < sizeof(tab) / sizeof(tab[0]); i++) {
        uint64_t c;
        memcpy(&c, (const char *)&d->stats + tab[i].off, sizeof(c));
        if (!c)
            continue;
        p3_unpack(d, tab[i].cmd, NULL, 0, v, GT3D_MAX_SLOTS);
        if (v[tab[i].field])
            gt_pipe3d_count(d->dev, tab[i].reg, c);
    }
}

/* ---- the draw ---- */

/* The chunk entry already holding stream position sp: among the last 8
 * and the first (UINT32_MAX: none). */
static uint32_t chunk_find(const uint32_t *pos, uint32_t nu, uint32_t sp)
{
    for (uint32_t u = nu > 8 ? nu - 8 : 0; u < nu; u++)
        if (pos[u] == sp)
            return u;
    return nu && pos[0] == sp ? 0 : UINT32_MAX;
}

int p3_draw_primitive(gtsim_device *dev, struct gt3d_state *s, const gt_cmd_desc *desc, const uint32_t *dw,
                      unsigned n, gt_vm *vm, const char *where)
{
    uint64_t v[GT3D_3DPRIMITIVE__NF];
    memset(v, 0, sizeof(v));
    gt_fields_unpack(desc->fields, desc->nfields, dw, n, v);
    /* Predicate Enable: the draw happens only when MI_PREDICATE_RESULT
     * (bit 0) is set (seed 004 3DPRIMITIVE; iris's conditional rendering
     * and indirect draw counts) */
    if (v[GT3D_3DPRIMITIVE__PREDICATE_ENABLE] && !(gt_cs_reg_read(dev, GT_RCS_PREDICATE_RESULT) & 1))
        return GTSIM_OK;
    p3_draw *d = calloc(1, sizeof(*d));
    if (!d)
        return gt_error(dev, GTSIM_ERR_NOMEM, "out of host memory for a draw");
    d->dev = dev;
    d->st = s;
    d->vm = vm;
    d->where = where;
    d->ps = gt_pipe_state_of(dev->pipe);
    d->dp.indexed = v[GT3D_3DPRIMITIVE__VERTEX_ACCESS_TYPE] != 0;
    d->dp.vertex_count = (uint32_t)v[GT3D_3DPRIMITIVE__VERTEX_COUNT_PER_INSTANCE];
    d->dp.start_vertex = (uint32_t)v[GT3D_3DPRIMITIVE__START_VERTEX_LOCATION];
    d->dp.instance_count = (uint32_t)v[GT3D_3DPRIMITIVE__INSTANCE_COUNT];
    d->dp.start_instance = (uint32_t)v[GT3D_3DPRIMITIVE__START_INSTANCE_LOCATION];
    d->dp.base_vertex = (int32_t)(uint32_t)(n > 6 ? dw[6] : 0); /* DW6 Base Vertex Location (S32) */
    if (v[GT3D_3DPRIMITIVE__INDIRECT_PARAMETER_ENABLE]) {
        /* Indirect Parameter Enable: the 3DPRIM_* registers replace the
         * command's Vertex Count Per Instance, Start Vertex Location,
         * Instance Count, Start Instance Location and Base Vertex Location */
        d->dp.vertex_count = gt_cs_reg_read(dev, GT3D_REG_3DPRIM_VERTEX_COUNT);
        d->dp.start_vertex = gt_cs_reg_read(dev, GT3D_REG_3DPRIM_START_VERTEX);
        d->dp.instance_count = gt_cs_reg_read(dev, GT3D_REG_3DPRIM_INSTANCE_COUNT);
        d->dp.start_instance = gt_cs_reg_read(dev, GT3D_REG_3DPRIM_START_INSTANCE);
        d->dp.base_vertex = (int32_t)gt_cs_reg_read(dev, GT3D_REG_3DPRIM_BASE_VERTEX);
    }
    /* Bounds (gtsim_config): a draw's vertices (count x instances) are work
     * that counts against max_total_eu_instructions, as the blitter's
     * pixels do, and its per-instance arrays (the vertex stream, at most 3
     * positions per vertex in primitives and in the chunk map) against
     * max_host_memory; refused before anything runs.  An instance counts
     * at least one unit, so empty instances are bounded too. */
    uint64_t work = (uint64_t)(d->dp.vertex_count ? d->dp.vertex_count : 1) * d->dp.instance_count;
    uint64_t host = (uint64_t)d->dp.vertex_count * (sizeof(p3_svtx) + 2 * 3 * sizeof(uint32_t) + 1);
    int refused = GTSIM_OK;
    if (work > dev->cfg.max_total_eu_instructions)
        refused = gt_error(dev, GTSIM_ERR_WATCHDOG, "watchdog: 3DPRIMITIVE at %s: %u vertices x %u instances, more "
                           "than max_total_eu_instructions = %" PRIu64 " (the bound of a submission's work; gtsim "
                           "run --max-total-eu-instructions)", where, (unsigned)d->dp.vertex_count,
                           (unsigned)d->dp.instance_count, dev->cfg.max_total_eu_instructions);
    else if (host > dev->cfg.max_host_memory)
        refused = gt_error(dev, GTSIM_ERR_NOMEM, "host memory limit: 3DPRIMITIVE at %s: %u vertices need %" PRIu64
                           " bytes of host memory, more than max_host_memory = %" PRIu64 " (gtsim run "
                           "--max-host-memory)", where, (unsigned)d->dp.vertex_count, host,
                           dev->cfg.max_host_memory);
    if (refused != GTSIM_OK) {
        free(d);
        return refused;
    }
    int st = GTSIM_OK;
    p3_svtx *stream = NULL;
    uint32_t *prims = NULL, *pos = NULL, *map = NULL;
    uint8_t *edge = NULL; /* per stream position: the vertex's edge flag */
    uint8_t *flags = NULL;
    d->urb = gt_pipe3d_urb(dev, &d->urb_size);
    if (!d->urb) {
        st = gt_error(dev, GTSIM_ERR_NOMEM, "out of host memory for the URB");
        goto out;
    }
    decode_vf(d);
    decode_vs(d);
    if ((st = p3_ps_begin(d)) != GTSIM_OK || (st = p3_gs_begin(d)) != GTSIM_OK ||
        (st = p3_tess_begin(d, &d->tess)) != GTSIM_OK)
        goto out;
    if (d->urb_vs.entries == 0 || 64ull * (d->urb_vs.first + (uint64_t)d->urb_vs.entries * d->urb_vs.entry_units) >
                                      d->urb_size) {
        st = gt_error(dev, GTSIM_ERR_INVALID, "3DPRIMITIVE at %s: the VS URB allocation (%u entries of %u bytes "
                      "at 0x%x) is empty or outside the URB", where, d->urb_vs.entries,
                      64 * d->urb_vs.entry_units, 64 * d->urb_vs.first);
        goto out;
    }
    uint32_t nv = d->dp.vertex_count;
    unsigned per = 0;
    stream = malloc(sizeof(*stream) * (nv ? nv : 1));
    /* edge flags (VERTEX_ELEMENT_STATE Edge Flag Enable) mark the edges of
     * separate triangles, quads and polygons (GL 1.x "Edge Flags") */
    uint32_t topo = d->vf.topology;
    bool want_edge = p3_vf_has_edge_flag(&d->vf) && !d->tess && !d->gsx &&
                     (topo == P3_TRILIST || topo == P3_QUADLIST || topo == P3_POLYGON);
    if (want_edge)
        edge = malloc(nv ? nv : 1);
    if (!stream || (want_edge && !edge)) {
        st = gt_error(dev, GTSIM_ERR_NOMEM, "3DPRIMITIVE at %s: out of host memory for %u vertices", where, nv);
        goto out;
    }
    for (uint32_t inst = 0; inst < d->dp.instance_count && st == GTSIM_OK; inst++) {
        if ((st = gt_poll(dev)) != GTSIM_OK) { /* an interrupt or the timeout */
            p3_context(d, st, "in instance %u of 3DPRIMITIVE at %s", inst, where);
            break;
        }
        if ((st = p3_vf_stream(dev, vm, &d->vf, &d->dp, stream, where)) != GTSIM_OK)
            break;
        uint32_t np = p3_assemble_mode(d->vf.topology, d->asm_mode, stream, nv, NULL, NULL, &per);
        if (np != UINT32_MAX && (d->vf.topology >= P3_PATCHLIST_1) != (d->tess != NULL)) {
            st = gt_error(dev, GTSIM_ERR_INVALID, "3DPRIMITIVE at %s: topology %s with tessellation %s (patches "
                          "go to the HS only, and it takes only patches)", where, p3_topo_name(d->vf.topology),
                          d->tess ? "on" : "off");
            break;
        }
        if (np == UINT32_MAX) {
            st = gt_error(dev, GTSIM_ERR_UNIMPL, "3DPRIMITIVE at %s: topology %s (0x%x) is not modelled",
                          where, p3_topo_name(d->vf.topology), d->vf.topology);
            break;
        }
        d->stats.ia_vertices += nv;
        d->stats.ia_primitives += np;
        free(prims);
        free(flags);
        prims = malloc(sizeof(*prims) * ((size_t)np * per + 1));
        flags = malloc(np + 1);
        if (!prims || !flags) {
            st = gt_error(dev, GTSIM_ERR_NOMEM, "out of host memory for %u primitives", np);
            break;
        }
        p3_assemble_mode(d->vf.topology, d->asm_mode, stream, nv, prims, flags, &per);
        /* chunks: as many primitives as their distinct vertices fit the
         * VS entries (a vertex is shared with the last 8 of the chunk and
         * its first, which covers strips and fans) */
        uint32_t cap = d->urb_vs.entries;
        free(map);
        pos = pos ? pos : malloc(sizeof(*pos) * cap);
        map = malloc(sizeof(*map) * ((size_t)np * per + 1));
        if (!pos || !map) {
            st = gt_error(dev, GTSIM_ERR_NOMEM, "out of host memory");
            break;
        }
        uint32_t p0 = 0;
        while (p0 < np && st == GTSIM_OK) {
            uint32_t nu = 0, p1 = p0;
            while (p1 < np) {
                uint32_t save = nu;
                for (unsigned k = 0; k < per; k++) {
                    uint32_t sp = prims[(size_t)p1 * per + k], u = chunk_find(pos, nu, sp);
                    if (u == UINT32_MAX) {
                        if (nu == cap)
                            break;
                        u = nu;
                        pos[nu++] = sp;
                    }
                    map[(size_t)p1 * per + k] = u;
                    if (k + 1 == per)
                        save = UINT32_MAX;
                }
                if (save != UINT32_MAX) { /* did not fit: the chunk ends before it */
                    nu = save;
                    break;
                }
                p1++;
            }
            if (p1 == p0) {
                st = gt_error(dev, GTSIM_ERR_INVALID, "3DPRIMITIVE at %s: a primitive needs more VS URB entries "
                              "than 3DSTATE_URB_VS allocates (%u)", where, cap);
                break;
            }
            if ((st = shade_vertices(d, stream, pos, nu, inst, edge)) != GTSIM_OK)
                break;
            d->instance = inst;
            if (d->vs.enable)
                d->stats.vs_invocations += nu;
            for (uint32_t p = p0; p < p1 && st == GTSIM_OK; p++) {
                const uint8_t *vue[32]; /* a patch has up to 32 control points */
                for (unsigned k = 0; k < per; k++)
                    vue[k] = d->urb + 64ull * (d->urb_vs.first + map[(size_t)p * per + k] * d->urb_vs.entry_units);
                d->prim_index = p;
                uint8_t fl = flags[p];
                if (edge) /* a vertex's edge flag governs the edge starting at it */
                    for (unsigned k = 0; k < 3; k++)
                        if (!edge[prims[(size_t)p * per + k]])
                            fl |= P3_PRIM_NOEDGE(k);
                st = p3_geometry(d, per, vue, fl);
            }
            if (st == GTSIM_OK) /* the chunk's VUEs are overwritten next */
                st = p3_gs_flush(d);
            p0 = p1;
        }
    }
    if (st == GTSIM_OK)
        st = p3_gs_end(d);
    if (st == GTSIM_OK)
        st = p3_ps_end(d);
    if (st == GTSIM_OK)
        stats_commit(d);
out:
    p3_gs_free(d);
    p3_tess_free(d->tess);
    p3_ps_free(d);
    gt_bti_cache_fini(&d->btc);
    free(stream);
    free(prims);
    free(flags);
    free(pos);
    free(map);
    free(edge);
    free(d);
    return st;
}
