/*
 * Vertex fetch and primitive assembly (see vf.h).
 */
#include <string.h>

#include "mem.h"
#include "pipe3d/vf.h"

int p3_vf_stream(gtsim_device *dev, gt_vm *vm, const p3_vf *vf, const p3_draw_params *dp,
                 p3_svtx *out, const char *where)
{
    static const unsigned isz[4] = {1, 2, 4, 4};
    unsigned sz = isz[vf->ib_format & 3];
    uint32_t cut = vf->ib_format == 0 ? 0xffu : vf->ib_format == 1 ? 0xffffu : 0xffffffffu;
    /* Cut Index (seed 004 3DSTATE_VF): compared against the index as read,
     * masked to the index size */
    uint32_t cut_value = vf->cut_index & cut;
    uint64_t fault = 0;
    for (uint32_t i = 0; i < dp->vertex_count; i++) {
        p3_svtx *v = &out[i];
        uint32_t pos = dp->start_vertex + i;
        v->cut = false;
        /* VertexID is 0-based unless VertexID Offset Enable (seed 004
         * 3DSTATE_VF; Gen9 has no such field: 0-based, as brw adds
         * FirstVertex/BaseVertex itself) */
        if (!dp->indexed) {
            v->index = pos;
            v->vertex_id = vf->vid_offset ? pos : i;
            continue;
        }
        uint32_t idx = 0;
        uint64_t off = (uint64_t)pos * sz;
        if (off + sz <= vf->ib_size) {
            uint8_t b[4] = {0};
            if (gt_vm_read(vm, vf->ib_addr + off, b, sz, &fault) != GTSIM_OK)
                return gt_error(dev, GTSIM_ERR_FAULT,
                                "3DPRIMITIVE at %s: index %u of the index buffer at 0x%llx: page fault at "
                                "0x%llx", where, pos, (unsigned long long)vf->ib_addr,
                                (unsigned long long)fault);
            idx = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
        }
        if (vf->cut_enable && idx == cut_value) {
            v->cut = true;
            v->index = v->vertex_id = 0;
            continue;
        }
        v->index = idx + (uint32_t)dp->base_vertex;
        v->vertex_id = vf->vid_offset ? v->index : idx;
    }
    return GTSIM_OK;
}

int p3_vf_fetch(gtsim_device *dev, gt_vm *vm, const p3_vf *vf, const p3_svtx *v, uint32_t instance,
                uint32_t start_instance, uint32_t *out, const char *where)
{
    for (uint32_t e = 0; e < vf->nve; e++) {
        const p3_ve *ve = &vf->ve[e];
        uint32_t *o = out + 4 * e;
        sf_texel t;
        memset(&t, 0, sizeof(t));
        bool isint = ve->fi && sf_format_is_int(ve->fi);
        if (!isint)
            t.f[3] = 1.0f;
        else
            t.u[3] = 1;
        if (ve->valid && !ve->fi)
            for (unsigned c = 0; c < 4; c++)
                if (ve->comp[c] == P3_VFCOMP_STORE_SRC)
                    return gt_error(dev, GTSIM_ERR_INVALID, "3DPRIMITIVE at %s: vertex element %u stores "
                                    "components of Source Element Format 0x%x, not a vertex format", where, e,
                                    ve->format);
        const p3_vb *vb = ve->vb < P3_MAX_VB ? &vf->vb[ve->vb] : NULL;
        if (ve->valid && ve->fi && vb && vb->valid && !vb->null) {
            /* the structure index: the vertex index, or for an instanced
             * element the instance number divided by the step rate
             * (step rate 0: every instance reads element 0) */
            uint64_t sidx = v->index;
            if (ve->instancing)
                sidx = ve->step_rate ? start_instance + instance / ve->step_rate : start_instance;
            uint64_t off = sidx * vb->pitch + ve->offset;
            uint8_t raw[32] = {0};
            unsigned bpb = ve->fi->bpb;
            /* data outside the buffer's size reads 0 (seed 004 3DPRIMITIVE
             * Start Vertex Location programming note) */
            if (bpb <= sizeof(raw) && off + bpb <= vb->size) {
                uint64_t fault = 0;
                if (gt_vm_read(vm, vb->addr + off, raw, bpb, &fault) != GTSIM_OK)
                    return gt_error(dev, GTSIM_ERR_FAULT,
                                    "3DPRIMITIVE at %s: vertex element %u (vertex buffer %u at 0x%llx, "
                                    "index %llu): page fault at 0x%llx", where, e, ve->vb,
                                    (unsigned long long)vb->addr, (unsigned long long)sidx,
                                    (unsigned long long)fault);
                if (sf_format_unpack(ve->fi, raw, 0, 0, &t) != 0) {
                    memset(&t, 0, sizeof(t));
                    if (!isint)
                        t.f[3] = 1.0f;
                }
            } else {
                memset(&t, 0, sizeof(t));
            }
        }
        for (unsigned c = 0; c < 4; c++) {
            switch (ve->comp[c]) {
            case P3_VFCOMP_STORE_SRC: o[c] = t.u[c]; break;
            case P3_VFCOMP_STORE_1_FP: o[c] = 0x3f800000u; break;
            case P3_VFCOMP_STORE_1_INT: o[c] = 1; break;
            case P3_VFCOMP_STORE_PID: o[c] = instance; break; /* the primitive ID is not known at fetch */
            default: o[c] = 0; break;
            }
        }
    }
    /* System-generated values (seed 004 3DSTATE_VF_SGVS): VertexID and
     * InstanceID replace a component of an element */
    if (vf->vid_enable && vf->vid_elem < P3_MAX_VE)
        out[4 * vf->vid_elem + (vf->vid_comp & 3)] = v->vertex_id;
    if (vf->iid_enable && vf->iid_elem < P3_MAX_VE)
        out[4 * vf->iid_elem + (vf->iid_comp & 3)] = instance + (vf->iid_offset ? start_instance : 0);
    return GTSIM_OK;
}

bool p3_vf_has_edge_flag(const p3_vf *vf)
{
    for (uint32_t e = 0; e < vf->nve; e++)
        if (vf->ve[e].valid && vf->ve[e].edge_flag)
            return true;
    return false;
}

bool p3_vf_edge_flag(const p3_vf *vf, const uint32_t *out)
{
    for (uint32_t e = 0; e < vf->nve; e++) {
        const p3_ve *ve = &vf->ve[e];
        if (!ve->valid || !ve->edge_flag)
            continue;
        if (ve->fi && !sf_format_is_int(ve->fi) && ve->comp[0] == P3_VFCOMP_STORE_SRC)
            return (out[4 * e] & 0x7fffffffu) != 0; /* -0.0 is false */
        return out[4 * e] != 0;
    }
    return true;
}

/* Emit one object of `per` stream positions. */
#define EMIT(...)                                                                                   \
    do {                                                                                            \
        const uint32_t e_[] = {__VA_ARGS__};                                                        \
        if (prims)                                                                                  \
            memcpy(prims + (size_t)np * per, e_, sizeof(e_));                                       \
        if (flags && prims)                                                                         \
            flags[np] = fl | (first ? P3_PRIM_FIRST : 0);                                           \
        first = false;                                                                              \
        np++;                                                                                       \
    } while (0)

uint32_t p3_assemble(uint32_t topology, const p3_svtx *s, uint32_t n, uint32_t *prims, uint8_t *flags,
                     unsigned *per_out)
{
    return p3_assemble_mode(topology, 0, s, n, prims, flags, per_out);
}

uint32_t p3_assemble_mode(uint32_t topology, unsigned mode, const p3_svtx *s, uint32_t n, uint32_t *prims,
                          uint8_t *flags, unsigned *per_out)
{
    unsigned per;
    bool adj = (mode & P3_ASM_KEEP_ADJ) != 0;
    switch (topology) {
    case P3_POINTLIST: case P3_POINTLIST_BF: per = 1; break;
    case P3_LINELIST: case P3_LINESTRIP: case P3_LINELIST_ADJ: case P3_LINESTRIP_ADJ: case P3_LINELOOP:
    case P3_LINESTRIP_CONT: case P3_LINESTRIP_BF: case P3_LINESTRIP_CONT_BF: per = 2; break;
    case P3_TRILIST: case P3_TRISTRIP: case P3_TRIFAN: case P3_QUADLIST: case P3_QUADSTRIP:
    case P3_TRILIST_ADJ: case P3_TRISTRIP_ADJ: case P3_TRISTRIP_REVERSE: case P3_POLYGON:
    case P3_RECTLIST: case P3_TRIFAN_NOSTIPPLE: per = 3; break;
    default:
        if (topology < P3_PATCHLIST_1 || topology > P3_PATCHLIST_32)
            return UINT32_MAX;
        per = topology - P3_PATCHLIST_1 + 1; /* PATCHLIST_n: patches of n control points */
        break;
    }
    if (adj && (topology == P3_LINELIST_ADJ || topology == P3_LINESTRIP_ADJ))
        per = 4;
    if (adj && (topology == P3_TRILIST_ADJ || topology == P3_TRISTRIP_ADJ))
        per = 6;
    *per_out = per;
    uint32_t np = 0;
    uint32_t a = 0; /* first position of the current run (after a cut) */
    while (a < n) {
        uint32_t b = a;
        while (b < n && !s[b].cut)
            b++;
        uint32_t k = b - a; /* vertices in this run: a .. b-1 */
        bool first = true;
        uint8_t fl = 0;
        switch (topology) {
        case P3_POINTLIST: case P3_POINTLIST_BF:
            for (uint32_t i = 0; i < k; i++)
                EMIT(a + i);
            break;
        case P3_LINELIST:
            for (uint32_t i = 0; i + 1 < k; i += 2)
                EMIT(a + i, a + i + 1);
            break;
        case P3_LINESTRIP: case P3_LINESTRIP_CONT: case P3_LINESTRIP_BF: case P3_LINESTRIP_CONT_BF:
            for (uint32_t i = 0; i + 1 < k; i++)
                EMIT(a + i, a + i + 1);
            break;
        case P3_LINELOOP:
            for (uint32_t i = 0; i + 1 < k; i++)
                EMIT(a + i, a + i + 1);
            if (k > 2)
                EMIT(a + k - 1, a);
            break;
        case P3_LINELIST_ADJ: /* (adj, v0, v1, adj) */
            for (uint32_t i = 0; i + 3 < k; i += 4) {
                if (adj)
                    EMIT(a + i, a + i + 1, a + i + 2, a + i + 3);
                else
                    EMIT(a + i + 1, a + i + 2);
            }
            break;
        case P3_LINESTRIP_ADJ: /* adj, v0 .. vn, adj */
            for (uint32_t i = 1; i + 2 < k; i++) {
                if (adj)
                    EMIT(a + i - 1, a + i, a + i + 1, a + i + 2);
                else
                    EMIT(a + i, a + i + 1);
            }
            break;
        case P3_TRILIST: case P3_RECTLIST:
            for (uint32_t i = 0; i + 2 < k; i += 3)
                EMIT(a + i, a + i + 1, a + i + 2);
            break;
        case P3_TRISTRIP: case P3_TRISTRIP_REVERSE:
            for (uint32_t i = 0; i + 2 < k; i++) {
                /* TRISTRIP_REVERSE starts with the odd winding */
                fl = ((i & 1) ^ (topology == P3_TRISTRIP_REVERSE)) ? P3_PRIM_ODD : 0;
                EMIT(a + i, a + i + 1, a + i + 2);
            }
            break;
        case P3_TRIFAN: case P3_TRIFAN_NOSTIPPLE:
            for (uint32_t i = 1; i + 1 < k; i++)
                EMIT(a, a + i, a + i + 1);
            break;
        case P3_POLYGON: /* a fan whose inner edges are not the polygon's */
            for (uint32_t i = 1; i + 1 < k; i++) {
                fl = (i > 1 ? P3_PRIM_NOEDGE(0) : 0) | (i + 2 < k ? P3_PRIM_NOEDGE(2) : 0);
                EMIT(a, a + i, a + i + 1);
            }
            break;
        case P3_QUADLIST: /* the diagonal (b, d) is no edge */
            for (uint32_t i = 0; i + 3 < k; i += 4) {
                fl = P3_PRIM_QUAD | P3_PRIM_NOEDGE(1);
                EMIT(a + i, a + i + 1, a + i + 3);
                fl = P3_PRIM_QUAD | P3_PRIM_NOEDGE(2);
                EMIT(a + i + 1, a + i + 2, a + i + 3);
            }
            break;
        case P3_QUADSTRIP: /* quad i: (2i, 2i+1, 2i+3, 2i+2), diagonal (2i+1, 2i+2) */
            for (uint32_t i = 0; i + 3 < k; i += 2) {
                fl = P3_PRIM_QUAD | P3_PRIM_NOEDGE(1);
                EMIT(a + i, a + i + 1, a + i + 2);
                fl = P3_PRIM_QUAD | P3_PRIM_NOEDGE(2);
                EMIT(a + i + 1, a + i + 3, a + i + 2);
            }
            break;
        case P3_TRILIST_ADJ: /* v0 adj v1 adj v2 adj */
            for (uint32_t i = 0; i + 5 < k; i += 6) {
                if (adj)
                    EMIT(a + i, a + i + 1, a + i + 2, a + i + 3, a + i + 4, a + i + 5);
                else
                    EMIT(a + i, a + i + 2, a + i + 4);
            }
            break;
        default: /* PATCHLIST_n: n consecutive control points each */
            for (uint32_t i = 0; i + per <= k; i += per) {
                if (prims)
                    for (unsigned c = 0; c < per; c++)
                        prims[(size_t)np * per + c] = a + i + c;
                if (flags && prims)
                    flags[np] = first ? P3_PRIM_FIRST : 0;
                first = false;
                np++;
            }
            break;
        case P3_TRISTRIP_ADJ: /* triangle j: 2j, 2j+2, 2j+4 (odd ones reversed) */
            for (uint32_t j = 0; 2 * j + 5 < k; j++) {
                fl = (j & 1) ? P3_PRIM_ODD : 0;
                if (adj) {
                    /* the edge (2j, 2j+2) borders the previous triangle's
                     * first vertex (2j-2), or 1 for the first; (2j+2, 2j+4)
                     * the next one's last (2j+6), or 2j+5 for the last;
                     * (2j+4, 2j) has 2j+3 (GL 3.2 table 2.4) */
                    uint32_t ab = j ? 2 * j - 2 : 1, bc = 2 * j + 7 < k ? 2 * j + 6 : 2 * j + 5;
                    EMIT(a + 2 * j, a + ab, a + 2 * j + 2, a + bc, a + 2 * j + 4, a + 2 * j + 3);
                } else {
                    EMIT(a + 2 * j, a + 2 * j + 2, a + 2 * j + 4);
                }
            }
            break;
        }
        a = b + 1; /* past the cut */
    }
    return np;
}

const char *p3_topo_name(uint32_t t)
{
    static const char *const names[] = {
        [P3_POINTLIST] = "POINTLIST", [P3_LINELIST] = "LINELIST", [P3_LINESTRIP] = "LINESTRIP",
        [P3_TRILIST] = "TRILIST", [P3_TRISTRIP] = "TRISTRIP", [P3_TRIFAN] = "TRIFAN",
        [P3_QUADLIST] = "QUADLIST", [P3_QUADSTRIP] = "QUADSTRIP", [P3_LINELIST_ADJ] = "LINELIST_ADJ",
        [P3_LINESTRIP_ADJ] = "LINESTRIP_ADJ", [P3_TRILIST_ADJ] = "TRILIST_ADJ",
        [P3_TRISTRIP_ADJ] = "TRISTRIP_ADJ", [P3_TRISTRIP_REVERSE] = "TRISTRIP_REVERSE",
        [P3_POLYGON] = "POLYGON", [P3_RECTLIST] = "RECTLIST", [P3_LINELOOP] = "LINELOOP",
        [P3_POINTLIST_BF] = "POINTLIST_BF", [P3_LINESTRIP_CONT] = "LINESTRIP_CONT",
        [P3_LINESTRIP_BF] = "LINESTRIP_BF", [P3_LINESTRIP_CONT_BF] = "LINESTRIP_CONT_BF",
        [P3_TRIFAN_NOSTIPPLE] = "TRIFAN_NOSTIPPLE",
    };
    if (t >= P3_PATCHLIST_1 && t <= P3_PATCHLIST_32)
        return "PATCHLIST";
    return t < sizeof(names) / sizeof(names[0]) && names[t] ? names[t] : "?";
}
