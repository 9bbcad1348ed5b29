/*
 * The tessellation stages of a draw: hull shader threads (3DSTATE_HS)
 * per patch, the tessellator (te.c, 3DSTATE_TE) on the tessellation
 * factors the HS wrote into the patch header, and domain shader threads
 * (3DSTATE_DS) whose output VUEs go on as the primitives' vertices.
 *
 * Facts (public: Mesa brw_fs.cpp run_tcs/run_tes and brw_fs_nir.cpp, the
 * payloads iris's shaders read; brw_nir.c remap_tess_levels for the patch
 * header; iris_state.c iris_store_tcs_state/iris_store_tes_state):
 *  - HS SINGLE_PATCH (Gen9 iris): one patch per thread, 8 output control
 *    points per instance (3DSTATE_HS Instance Count + 1 threads).  R0.0 =
 *    the patch URB handle, R0.1 = the primitive ID, R0.2 = the instance
 *    number (bits 23:17 Gen9, 22:16 Gen11+); R1..R4 = the input control
 *    point URB handles, one DWord per vertex; push constants from the
 *    Dispatch GRF Start Register.
 *  - HS 8_PATCH (Gen12 iris): up to 8 patches per thread, one per lane, and
 *    one thread per output control point (the instance number in R0.2 =
 *    gl_InvocationID).  R1 = the patch URB handles per lane, R2 = the
 *    primitive IDs when Include Primitive ID, then one register per input
 *    control point (lane k = the handle of patch k's vertex).  gtsim
 *    dispatches each patch on its own (lane 0), as the hardware does when a
 *    draw's patches come one at a time (Patch Count Threshold).
 *  - The patch URB entry starts with a 32-byte header: quads DW7..4 =
 *    outer[0..3] (edges U=0, V=0, U=1, V=1), DW3, DW2 = inner[0], inner[1];
 *    triangles DW7..5 = outer[0..2], DW4 = inner; isolines DW6 = density
 *    (GL outer[0]), DW7 = detail (GL outer[1]).
 *  - DS SIMD8 (SINGLE_PATCH): R0.0 = the patch handle, R0.1 = the primitive
 *    ID; R1, R2, R3 = u, v, w per lane (w = 1 - u - v with Compute W
 *    Coordinate Enable, else 0); R4 = the output VUE handles per lane; from
 *    the Dispatch GRF Start Register the push constants, then Patch URB
 *    Entry Read Length 256-bit units of the patch entry from Read Offset,
 *    two 128-bit slots per register, the same for every lane.
 *  - Triangle winding: brw programs TRI_CW for GL's ccw (the hardware's
 *    domain winding is the reverse of GL's); the TE emits them as given.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gt3d_gen.h"
#include "pipe3d/p3d.h"
#include "pipe3d/ps.h"
#include "pipe3d/tess.h"

enum { HS_SINGLE_PATCH = 0, HS_DUAL_PATCH = 1, HS_8_PATCH = 2 };

struct p3_tess {
    p3_stage hs, ds;
    uint32_t hs_instances, hs_mode, hs_grf_start, hs_read_len, hs_read_off;
    bool hs_prim_id;
    uint32_t te_domain, te_part, te_topo;
    float te_max_odd, te_max_even;
    uint32_t ds_grf_start, ds_read_len, ds_read_off, ds_mode;
    bool ds_w;
    p3_urb urb_hs, urb_ds;
    p3_te_result te;
    uint32_t *slot_of, *stamp, gen; /* per domain point: its DS entry in the current chunk */
    uint32_t *pts;                  /* the chunk's points */
};

static void decode_urb(p3_draw *d, unsigned id, unsigned nf, unsigned f_start, unsigned f_entries,
                       unsigned f_size, p3_urb *u)
{
    uint64_t v[GT3D_MAX_SLOTS];
    p3_unpack(d, id, NULL, 0, v, nf);
    u->first = (uint32_t)v[f_start] * (8192u / 64u);
    u->entries = (uint32_t)v[f_entries];
    u->entry_units = (uint32_t)v[f_size] + 1;
}

static float f32(uint64_t bits)
{
    uint32_t b = (uint32_t)bits;
    float f;
    memcpy(&f, &b, 4);
    return f;
}

int p3_tess_begin(p3_draw *d, struct p3_tess **out)
{
    *out = NULL;
    uint64_t h[GT3D_MAX_SLOTS], te[GT3D_MAX_SLOTS], ds[GT3D_MAX_SLOTS], b[GT3D_MAX_SLOTS];
    p3_unpack(d, GT3D_3DSTATE_HS, NULL, 0, h, GT3D_3DSTATE_HS__NF);
    p3_unpack(d, GT3D_3DSTATE_TE, NULL, 0, te, GT3D_3DSTATE_TE__NF);
    p3_unpack(d, GT3D_3DSTATE_DS, NULL, 0, ds, GT3D_3DSTATE_DS__NF);
    bool hs_on = h[GT3D_3DSTATE_HS__ENABLE] != 0, te_on = te[GT3D_3DSTATE_TE__TE_ENABLE] != 0;
    bool ds_on = ds[GT3D_3DSTATE_DS__ENABLE] != 0;
    if (!hs_on && !te_on && !ds_on)
        return GTSIM_OK;
    if (!hs_on || !te_on || !ds_on)
        return gt_error(d->dev, GTSIM_ERR_UNIMPL, "3DPRIMITIVE at %s: tessellation with HS %s, TE %s, DS %s "
                        "(only all three on or all off is modelled)", d->where, hs_on ? "on" : "off",
                        te_on ? "on" : "off", ds_on ? "on" : "off");
    struct p3_tess *t = calloc(1, sizeof(*t));
    if (!t)
        return gt_error(d->dev, GTSIM_ERR_NOMEM, "out of host memory for tessellation state");
    /* HS */
    uint64_t ksp[3] = {h[GT3D_3DSTATE_HS__KERNEL_START_POINTER], 0, 0};
    p3_unpack(d, GT3D_3DSTATE_BINDING_TABLE_POINTERS_HS, NULL, 0, b, GT3D_3DSTATE_BINDING_TABLE_POINTERS_HS__NF);
    uint32_t bt = (uint32_t)b[GT3D_3DSTATE_BINDING_TABLE_POINTERS_HS__POINTER_TO_HS_BINDING_TABLE];
    p3_unpack(d, GT3D_3DSTATE_SAMPLER_STATE_POINTERS_HS, NULL, 0, b, GT3D_3DSTATE_SAMPLER_STATE_POINTERS_HS__NF);
    uint32_t samp = (uint32_t)b[GT3D_3DSTATE_SAMPLER_STATE_POINTERS_HS__POINTER_TO_HS_SAMPLER_STATE];
    t->hs.enable = true;
    p3_stage_bases(d, &t->hs, ksp, (uint32_t)h[GT3D_3DSTATE_HS__PER_THREAD_SCRATCH_SPACE],
                   h[GT3D_3DSTATE_HS__SCRATCH_SPACE_BASE_POINTER], bt, samp,
                   (uint32_t)h[GT3D_3DSTATE_HS__FLOATING_POINT_MODE]);
    p3_decode_constants(d, GT3D_3DSTATE_CONSTANT_HS, &t->hs);
    t->hs_instances = (uint32_t)h[GT3D_3DSTATE_HS__INSTANCE_COUNT] + 1;
    t->hs_mode = (uint32_t)h[GT3D_3DSTATE_HS__DISPATCH_MODE];
    t->hs_grf_start = (uint32_t)h[GT3D_3DSTATE_HS__DISPATCH_GRF_START_REGISTER_FOR_URB_DATA] |
                      (uint32_t)h[GT3D_3DSTATE_HS__DISPATCH_GRF_START_REGISTER_FOR_URB_DATA_5] << 5;
    t->hs_read_len = (uint32_t)h[GT3D_3DSTATE_HS__VERTEX_URB_ENTRY_READ_LENGTH];
    t->hs_read_off = (uint32_t)h[GT3D_3DSTATE_HS__VERTEX_URB_ENTRY_READ_OFFSET];
    t->hs_prim_id = h[GT3D_3DSTATE_HS__INCLUDE_PRIMITIVE_ID] != 0;
    /* TE */
    t->te_domain = (uint32_t)te[GT3D_3DSTATE_TE__TE_DOMAIN];
    t->te_part = (uint32_t)te[GT3D_3DSTATE_TE__PARTITIONING];
    t->te_topo = (uint32_t)te[GT3D_3DSTATE_TE__OUTPUT_TOPOLOGY];
    t->te_max_odd = f32(te[GT3D_3DSTATE_TE__MAXIMUM_TESSELLATION_FACTOR_ODD]);
    t->te_max_even = f32(te[GT3D_3DSTATE_TE__MAXIMUM_TESSELLATION_FACTOR_NOT_ODD]);
    /* DS */
    ksp[0] = ds[GT3D_3DSTATE_DS__KERNEL_START_POINTER];
    p3_unpack(d, GT3D_3DSTATE_BINDING_TABLE_POINTERS_DS, NULL, 0, b, GT3D_3DSTATE_BINDING_TABLE_POINTERS_DS__NF);
    bt = (uint32_t)b[GT3D_3DSTATE_BINDING_TABLE_POINTERS_DS__POINTER_TO_DS_BINDING_TABLE];
    p3_unpack(d, GT3D_3DSTATE_SAMPLER_STATE_POINTERS_DS, NULL, 0, b, GT3D_3DSTATE_SAMPLER_STATE_POINTERS_DS__NF);
    samp = (uint32_t)b[GT3D_3DSTATE_SAMPLER_STATE_POINTERS_DS__POINTER_TO_DS_SAMPLER_STATE];
    t->ds.enable = true;
    p3_stage_bases(d, &t->ds, ksp, (uint32_t)ds[GT3D_3DSTATE_DS__PER_THREAD_SCRATCH_SPACE],
                   ds[GT3D_3DSTATE_DS__SCRATCH_SPACE_BASE_POINTER], bt, samp,
                   (uint32_t)ds[GT3D_3DSTATE_DS__FLOATING_POINT_MODE]);
    p3_decode_constants(d, GT3D_3DSTATE_CONSTANT_DS, &t->ds);
    t->ds_grf_start = (uint32_t)ds[GT3D_3DSTATE_DS__DISPATCH_GRF_START_REGISTER_FOR_URB_DATA];
    t->ds_read_len = (uint32_t)ds[GT3D_3DSTATE_DS__PATCH_URB_ENTRY_READ_LENGTH];
    t->ds_read_off = (uint32_t)ds[GT3D_3DSTATE_DS__PATCH_URB_ENTRY_READ_OFFSET];
    t->ds_mode = (uint32_t)ds[GT3D_3DSTATE_DS__DISPATCH_MODE];
    t->ds_w = ds[GT3D_3DSTATE_DS__COMPUTE_W_COORDINATE_ENABLE] != 0;
    decode_urb(d, GT3D_3DSTATE_URB_HS, GT3D_3DSTATE_URB_HS__NF, GT3D_3DSTATE_URB_HS__HS_URB_STARTING_ADDRESS,
               GT3D_3DSTATE_URB_HS__HS_NUMBER_OF_URB_ENTRIES, GT3D_3DSTATE_URB_HS__HS_URB_ENTRY_ALLOCATION_SIZE,
               &t->urb_hs);
    decode_urb(d, GT3D_3DSTATE_URB_DS, GT3D_3DSTATE_URB_DS__NF, GT3D_3DSTATE_URB_DS__DS_URB_STARTING_ADDRESS,
               GT3D_3DSTATE_URB_DS__DS_NUMBER_OF_URB_ENTRIES, GT3D_3DSTATE_URB_DS__DS_URB_ENTRY_ALLOCATION_SIZE,
               &t->urb_ds);
    *out = t;
    const char *bad = NULL;
    if (t->hs_mode != HS_SINGLE_PATCH && t->hs_mode != HS_8_PATCH)
        bad = "an HS Dispatch Mode other than SINGLE_PATCH and 8_PATCH";
    else if (t->hs_read_len)
        bad = "an HS Vertex URB Entry Read Length other than 0 (pushed control points)";
    else if (t->ds_mode != 1 && t->ds_mode != 2)
        bad = "a DS Dispatch Mode other than SIMD8 single patch";
    else if (t->te_domain > P3_TE_ISOLINE || t->te_part > P3_TE_EVEN_FRACTIONAL)
        bad = "a reserved TE Domain or Partitioning";
    else if (t->te_domain == P3_TE_ISOLINE && t->te_topo >= P3_TE_TRI_CW)
        bad = "isolines with a triangle Output Topology";
    if (bad)
        return gt_error(d->dev, GTSIM_ERR_UNIMPL, "3DPRIMITIVE at %s: %s is not modelled", d->where, bad);
    uint64_t urb_end_hs = 64ull * (t->urb_hs.first + (uint64_t)t->urb_hs.entries * t->urb_hs.entry_units);
    uint64_t urb_end_ds = 64ull * (t->urb_ds.first + (uint64_t)t->urb_ds.entries * t->urb_ds.entry_units);
    if (!t->urb_hs.entries || urb_end_hs > d->urb_size || t->urb_ds.entries < 8 || urb_end_ds > d->urb_size)
        return gt_error(d->dev, GTSIM_ERR_INVALID, "3DPRIMITIVE at %s: the HS URB allocation (%u entries) or the DS "
                        "allocation (%u entries, at least 8 needed) is empty or outside the URB", d->where,
                        t->urb_hs.entries, t->urb_ds.entries);
    t->slot_of = calloc(P3_TE_MAX_POINTS, sizeof(uint32_t));
    t->stamp = calloc(P3_TE_MAX_POINTS, sizeof(uint32_t));
    t->pts = calloc(P3_TE_MAX_POINTS, sizeof(uint32_t));
    if (!t->slot_of || !t->stamp || !t->pts)
        return gt_error(d->dev, GTSIM_ERR_NOMEM, "out of host memory for tessellation state");
    return GTSIM_OK;
}

void p3_tess_free(struct p3_tess *t)
{
    if (!t)
        return;
    free(t->slot_of);
    free(t->stamp);
    free(t->pts);
    free(t);
}

static gt_thread *new_thread(p3_draw *d)
{
    gt_thread *t = aligned_alloc(64, sizeof(*t));
    if (!t)
        gt_error(d->dev, GTSIM_ERR_NOMEM, "out of host memory for a tessellation thread");
    return t;
}

static void set_reg_dw(gt_thread *t, uint32_t reg, uint32_t dw, uint32_t val)
{
    memcpy(t->grf + 32u * reg + 4u * dw, &val, 4);
}

/* Run the n HS instance threads of one patch as one thread group: they
 * share a barrier (the TCS barrier(): an instance reads the outputs the
 * others wrote before it), round-robin until all have ended.  *failed: the
 * instance whose error is returned. */
static int run_hs_group(p3_draw *d, gt_thread **ts, uint32_t n, uint32_t *failed)
{
    gtsim_device *dev = d->dev;
    int st = gt_poll(dev);
    if (st == GTSIM_OK)
        st = gt_threads_dispatch(dev, n);
    if (st != GTSIM_OK)
        return st;
    gt_tgroup tg;
    memset(&tg, 0, sizeof(tg));
    tg.nthreads = n;
    tg.threads = ts;
    for (uint32_t i = 0; i < n; i++) {
        ts[i]->tg = &tg;
        ts[i]->state = GT_THREAD_RUNNABLE;
    }
    for (unsigned idle = 0;;) {
        gt_eu_pass pass;
        st = gt_eu_run_pass(dev, ts, n, &pass);
        if (pass.failed != UINT32_MAX) {
            *failed = pass.failed;
            if (st == GTSIM_OK)
                st = GTSIM_ERR_ILLEGAL;
            break;
        }
        if (!pass.live)
            break;
        idle = pass.progress ? 0 : idle + 1;
        if (idle > 1000) {
            *failed = 0;
            st = gt_error(dev, GTSIM_ERR_WATCHDOG, "%u of %u HS threads wait for a barrier that cannot complete "
                          "(%u arrivals)", pass.live, n, tg.barrier_arrived);
            break;
        }
    }
    for (uint32_t i = 0; i < n; i++)
        ts[i]->tg = NULL;
    return st;
}

/* the HS threads of one patch into HS entry 0 */
static int run_hs(p3_draw *d, struct p3_tess *ts, unsigned per, const uint8_t *const vue[], uint32_t patch_handle,
                  uint32_t prim_id)
{
    const gt_cmd_set *set = d->dev->plat->cmds;
    unsigned shift = set->hs_instance_shift ? set->hs_instance_shift : 17;
    uint32_t n = ts->hs_instances;
    gt_thread **th = calloc(n, sizeof(*th));
    if (!th)
        return gt_error(d->dev, GTSIM_ERR_NOMEM, "out of host memory for the HS threads");
    p3_stage_dispatch(d, &ts->hs);
    int st = GTSIM_OK;
    for (uint32_t inst = 0; inst < n && st == GTSIM_OK; inst++) {
        gt_thread *t = th[inst] = new_thread(d);
        if (!t) {
            st = GTSIM_ERR_NOMEM;
            break;
        }
        memset(t, 0, sizeof(*t));
        p3_thread_r0(&ts->hs, t, 0);
        set_reg_dw(t, 0, 2, inst << shift);
        uint32_t reg;
        if (ts->hs_mode == HS_SINGLE_PATCH) {
            set_reg_dw(t, 0, 0, patch_handle);
            set_reg_dw(t, 0, 1, prim_id);
            for (unsigned k = 0; k < per; k++)
                set_reg_dw(t, 1 + k / 8, k % 8, (uint32_t)((vue[k] - d->urb) / 64));
            t->dispatch_mask = t->exec_mask = t->ce = 0xff;
            reg = 5;
        } else {
            set_reg_dw(t, 1, 0, patch_handle);
            reg = 2;
            if (ts->hs_prim_id)
                set_reg_dw(t, reg++, 0, prim_id);
            if (reg + per > GT_GRF_REGS) {
                st = gt_error(d->dev, GTSIM_ERR_INVALID, "3DPRIMITIVE at %s: %u control point handles pass r127",
                              d->where, per);
                break;
            }
            for (unsigned k = 0; k < per; k++)
                set_reg_dw(t, reg + k, 0, (uint32_t)((vue[k] - d->urb) / 64));
            reg += per;
            t->dispatch_mask = t->exec_mask = t->ce = 1;
        }
        (void)reg; /* the payload's end; push constants go where the HS state says */
        if ((st = p3_push_constants(d, &ts->hs, t, ts->hs_grf_start)) != GTSIM_OK)
            break;
        t->cr0[0] = ts->hs.cr0;
        t->kernel_gva = ts->hs.ksp[0];
        t->disp = &d->disp;
        t->simd = 8;
        t->tid = inst;
    }
    uint32_t failed = 0;
    if (st == GTSIM_OK && (st = run_hs_group(d, th, n, &failed)) != GTSIM_OK)
        p3_context(d, st, "in an HS thread (patch %u, instance %u) of 3DPRIMITIVE at %s", prim_id, failed,
                   d->where);
    for (uint32_t i = 0; i < n; i++)
        free(th[i]);
    free(th);
    return st;
}

/* The DS threads for points pts[0..n) into DS entries 0..n-1. */
static int run_ds(p3_draw *d, struct p3_tess *ts, const uint32_t *pts, uint32_t n, uint32_t patch_handle,
                  uint32_t prim_id)
{
    gt_thread *t = new_thread(d);
    if (!t)
        return GTSIM_ERR_NOMEM;
    p3_stage_dispatch(d, &ts->ds);
    int st = GTSIM_OK;
    const p3_te_result *r = &ts->te;
    for (uint32_t base = 0; base < n && st == GTSIM_OK; base += 8) {
        uint32_t cnt = n - base < 8 ? n - base : 8;
        memset(t, 0, sizeof(*t));
        p3_thread_r0(&ts->ds, t, 0);
        set_reg_dw(t, 0, 0, patch_handle);
        set_reg_dw(t, 0, 1, prim_id);
        for (uint32_t k = 0; k < cnt; k++) {
            float u = r->u[pts[base + k]], v = r->v[pts[base + k]], w = ts->ds_w ? 1.0f - u - v : 0.0f;
            memcpy(t->grf + 32 * 1 + 4 * k, &u, 4);
            memcpy(t->grf + 32 * 2 + 4 * k, &v, 4);
            memcpy(t->grf + 32 * 3 + 4 * k, &w, 4);
            set_reg_dw(t, 4, k, ts->urb_ds.first + (base + k) * ts->urb_ds.entry_units);
        }
        uint32_t reg = ts->ds_grf_start;
        if ((st = p3_push_constants(d, &ts->ds, t, reg)) != GTSIM_OK)
            break;
        reg += ts->ds.const_total;
        if (reg + ts->ds_read_len > GT_GRF_REGS) {
            st = gt_error(d->dev, GTSIM_ERR_INVALID, "3DPRIMITIVE at %s: the DS payload (%u registers of patch "
                          "data from r%u) passes r127", d->where, ts->ds_read_len, reg);
            break;
        }
        uint64_t off = 64ull * patch_handle + 32ull * ts->ds_read_off;
        for (uint32_t i = 0; i < ts->ds_read_len; i++, off += 32)
            if (off + 32 <= d->urb_size)
                memcpy(t->grf + 32u * (reg + i), d->urb + off, 32);
        t->dispatch_mask = t->exec_mask = t->ce = (1u << cnt) - 1;
        t->cr0[0] = ts->ds.cr0;
        t->kernel_gva = ts->ds.ksp[0];
        t->disp = &d->disp;
        t->simd = 8;
        st = p3_run_thread(d, t);
        if (st != GTSIM_OK)
            p3_context(d, st, "in a DS thread (patch %u, domain points %u..%u) of 3DPRIMITIVE at %s", prim_id,
                       base, base + cnt - 1, d->where);
    }
    free(t);
    return st;
}

int p3_tess_patch(p3_draw *d, unsigned per, const uint8_t *const vue[])
{
    struct p3_tess *ts = d->tess;
    uint32_t prim_id = d->prim_index; /* PrimitiveID: the patch's index in its instance */
    uint32_t patch_handle = ts->urb_hs.first;
    uint8_t *patch = d->urb + 64ull * patch_handle;
    memset(patch, 0, 64ull * ts->urb_hs.entry_units);
    int st = run_hs(d, ts, per, vue, patch_handle, prim_id);
    if (st != GTSIM_OK)
        return st;
    /* the tessellation factors from the patch header */
    float hdr[8], outer[4] = {0, 0, 0, 0}, inner[2] = {0, 0};
    memcpy(hdr, patch, sizeof(hdr));
    switch (ts->te_domain) {
    case P3_TE_QUAD:
        for (int i = 0; i < 4; i++)
            outer[i] = hdr[7 - i];
        inner[0] = hdr[3];
        inner[1] = hdr[2];
        break;
    case P3_TE_TRI:
        for (int i = 0; i < 3; i++)
            outer[i] = hdr[7 - i];
        inner[0] = hdr[4];
        break;
    default:
        outer[0] = hdr[6];
        outer[1] = hdr[7];
        break;
    }
    /* 3DSTATE_TE Maximum Tessellation Factor (odd partitioning / other) */
    float max = ts->te_part == P3_TE_ODD_FRACTIONAL ? ts->te_max_odd : ts->te_max_even;
    if (max > 0) {
        for (int i = 0; i < 4; i++)
            outer[i] = outer[i] > max ? max : outer[i];
        for (int i = 0; i < 2; i++)
            inner[i] = inner[i] > max ? max : inner[i];
    }
    p3_tessellate(ts->te_domain, ts->te_part, ts->te_topo, outer, inner, &ts->te);
    const p3_te_result *r = &ts->te;
    unsigned pper = r->per;
    uint32_t nprim = r->nidx / pper;
    /* chunks of primitives whose distinct points fit the DS entries */
    uint32_t cap = ts->urb_ds.entries;
    uint32_t p0 = 0;
    while (p0 < nprim && st == GTSIM_OK) {
        if (++ts->gen == 0) {
            memset(ts->stamp, 0, P3_TE_MAX_POINTS * sizeof(uint32_t));
            ts->gen = 1;
        }
        uint32_t n = 0, p1 = p0;
        for (; p1 < nprim; p1++) {
            unsigned need = 0;
            for (unsigned k = 0; k < pper; k++)
                need += ts->stamp[r->idx[p1 * pper + k]] != ts->gen;
            if (n + need > cap)
                break;
            for (unsigned k = 0; k < pper; k++) {
                uint32_t pt = r->idx[p1 * pper + k];
                if (ts->stamp[pt] != ts->gen) {
                    ts->stamp[pt] = ts->gen;
                    ts->slot_of[pt] = n;
                    ts->pts[n++] = pt;
                }
            }
        }
        if ((st = run_ds(d, ts, ts->pts, n, patch_handle, prim_id)) != GTSIM_OK)
            break;
        for (uint32_t p = p0; p < p1 && st == GTSIM_OK; p++) {
            const uint8_t *v[3];
            for (unsigned k = 0; k < pper; k++)
                v[k] = d->urb + 64ull * (ts->urb_ds.first + ts->slot_of[r->idx[p * pper + k]] * ts->urb_ds.entry_units);
            st = p3_geometry_post(d, pper, v, p == 0 ? P3_PRIM_FIRST : 0);
        }
        p0 = p1;
    }
    return st;
}
