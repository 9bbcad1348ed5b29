/*
 * Surfaces as the data port sees them: binding table lookup, the Gen9
 * RENDER_SURFACE_STATE (described once as a table of fields), special
 * binding table indices (SLM, stateless), and the memory accessors every
 * data-port message uses.
 *
 * Binding table (seed 004 BINDING_TABLE_STATE): an array of 32-bit entries
 * at dispatch->binding_table; entry bits 31:6 are the surface state offset
 * from Surface State Base Address (64-byte aligned).
 *
 * RENDER_SURFACE_STATE, Gen9 layout (16 DWords; seed 004 RENDER_SURFACE_STATE
 * is the Gen12 version of the same structure; the Gen9 bit positions below
 * are cross-checked with Mesa genxml gen9.xml, which gives the same
 * positions for these fields).
 */
#include <stdio.h>

#include "sf/sf_int.h"

/* One field of a state structure: DWord index and bit range. */
typedef struct sf_field {
    const char *name;
    uint8_t dw, hi, lo;
} sf_field;

enum rss_field {
    RSS_SURFACE_TYPE, RSS_SURFACE_ARRAY, RSS_SURFACE_FORMAT, RSS_TILE_MODE,
    RSS_MOCS, RSS_QPITCH, RSS_HEIGHT, RSS_WIDTH, RSS_DEPTH, RSS_PITCH,
    RSS_MIN_ARRAY_ELEMENT, RSS_VIEW_EXTENT, RSS_MIP_COUNT, RSS_AUX_MODE,
    RSS_BASE_LO, RSS_BASE_HI, RSS_NFIELDS
};

static const sf_field rss_fields[RSS_NFIELDS] = {
    [RSS_SURFACE_TYPE]      = {"Surface Type", 0, 31, 29},
    [RSS_SURFACE_ARRAY]     = {"Surface Array", 0, 28, 28},
    [RSS_SURFACE_FORMAT]    = {"Surface Format", 0, 26, 18},
    [RSS_TILE_MODE]         = {"Tile Mode", 0, 13, 12},
    [RSS_MOCS]              = {"MOCS", 1, 30, 24},
    [RSS_QPITCH]            = {"Surface QPitch", 1, 14, 0},
    [RSS_HEIGHT]            = {"Height", 2, 29, 16},
    [RSS_WIDTH]             = {"Width", 2, 13, 0},
    [RSS_DEPTH]             = {"Depth", 3, 31, 21},
    [RSS_PITCH]             = {"Surface Pitch", 3, 17, 0},
    [RSS_MIN_ARRAY_ELEMENT] = {"Minimum Array Element", 4, 28, 18},
    [RSS_VIEW_EXTENT]       = {"Render Target View Extent", 4, 17, 7},
    [RSS_MIP_COUNT]         = {"MIP Count / LOD", 5, 3, 0},
    [RSS_AUX_MODE]          = {"Auxiliary Surface Mode", 6, 2, 0},
    [RSS_BASE_LO]           = {"Surface Base Address [31:0]", 8, 31, 0},
    [RSS_BASE_HI]           = {"Surface Base Address [63:32]", 9, 31, 0},
};

#define RSS_DWORDS 16
#define SURFTYPE_BUFFER 4
#define SURFTYPE_NULL 7
#define SURFACE_FORMAT_RAW 0x1FF

static const char *const surftype_names[8] = {
    "1D", "2D", "3D", "CUBE", "BUFFER", "STRBUF", "reserved", "NULL",
};

static inline uint32_t rss_get(const uint32_t *dw, int f)
{
    const sf_field *d = &rss_fields[f];
    return gt_bits(dw[d->dw], d->hi, d->lo);
}

/* Human-readable dump of a surface state (for error reports). */
static void rss_print(const uint32_t *dw, char *buf, size_t len)
{
    size_t n = 0;
    buf[0] = 0;
    for (int f = 0; f < RSS_NFIELDS && n < len; f++) {
        int w = snprintf(buf + n, len - n, "%s%s=0x%x", f ? " " : "", rss_fields[f].name,
                         rss_get(dw, f));
        if (w < 0)
            break;
        n += (size_t)w;
    }
}

int sf_space_a64(sf_msg *m, sf_space *s)
{
    const gt_dispatch *d = m->t->disp;
    if (!d || !d->vm)
        return sf_fail(m, GTSIM_ERR_INVALID, "thread has no dispatch address space");
    memset(s, 0, sizeof(*s));
    s->kind = SF_SPACE_VM;
    s->vm = d->vm;
    s->bti = 253;
    return GTSIM_OK;
}

int sf_space_bti(sf_msg *m, uint32_t bti, sf_space *s)
{
    const gt_dispatch *d = m->t->disp;
    memset(s, 0, sizeof(*s));
    s->bti = bti;

    if (bti == 254) { /* SLM (seed 000 GPGPU mode: shared local memory) */
        gt_tgroup *tg = m->t->tg;
        if (!tg || !tg->slm)
            return sf_fail(m, GTSIM_ERR_INVALID,
                           "SLM access (BTI 254) but the thread group has no SLM allocated");
        s->kind = SF_SPACE_SLM;
        s->slm = tg->slm;
        s->bounded = true;
        s->limit = tg->slm_size;
        return GTSIM_OK;
    }
    if (!d || !d->vm)
        return sf_fail(m, GTSIM_ERR_INVALID, "thread has no dispatch address space");
    if (bti == 255 || bti == 253) {
        /* A32 stateless: General State Base Address + 32-bit offset
         * (255 IA-coherent, 253 non-coherent; both plain memory here). */
        s->kind = SF_SPACE_VM;
        s->vm = d->vm;
        s->base = d->general_state_base;
        s->a32 = true;
        return GTSIM_OK;
    }
    if (bti >= 240)
        return sf_fail(m, GTSIM_ERR_ILLEGAL, "reserved binding table index %u", bti);

    uint64_t bt_va = d->binding_table + 4ull * bti, fva = 0;
    uint32_t entry;
    if (gt_vm_read(d->vm, bt_va, &entry, 4, &fva) != 0)
        return sf_fail(m, GTSIM_ERR_FAULT, "page fault reading binding table entry %u at GVA 0x%llx",
                       bti, (unsigned long long)fva);
    uint64_t ss_va = d->surface_state_base + (entry & ~0x3fu);
    uint32_t dw[RSS_DWORDS];
    if (gt_vm_read(d->vm, ss_va, dw, sizeof(dw), &fva) != 0)
        return sf_fail(m, GTSIM_ERR_FAULT,
                       "page fault reading RENDER_SURFACE_STATE of BTI %u at GVA 0x%llx", bti,
                       (unsigned long long)fva);

    uint32_t type = rss_get(dw, RSS_SURFACE_TYPE);
    if (type == SURFTYPE_NULL) {
        s->kind = SF_SPACE_NULL;
        return GTSIM_OK;
    }
    if (type != SURFTYPE_BUFFER) {
        char buf[512];
        rss_print(dw, buf, sizeof(buf));
        return sf_fail(m, GTSIM_ERR_UNIMPL,
                       "untyped access to a SURFTYPE_%s surface (BTI %u, state at GVA 0x%llx: %s); "
                       "only buffer surfaces are implemented",
                       surftype_names[type], bti, (unsigned long long)ss_va, buf);
    }
    /* SURFTYPE_BUFFER: the number of entries minus one is split over
     * Width[6:0], Height[13:0] (bits 20:7) and Depth (bits 31:21 of the
     * count); an entry is Surface Pitch + 1 bytes, except for the RAW
     * format whose entries are bytes. */
    uint64_t entries = ((uint64_t)rss_get(dw, RSS_DEPTH) << 21 |
                        (uint64_t)rss_get(dw, RSS_HEIGHT) << 7 |
                        (rss_get(dw, RSS_WIDTH) & 0x7f)) + 1;
    uint64_t esize = rss_get(dw, RSS_SURFACE_FORMAT) == SURFACE_FORMAT_RAW
                         ? 1 : (uint64_t)rss_get(dw, RSS_PITCH) + 1;
    s->kind = SF_SPACE_VM;
    s->vm = d->vm;
    s->base = (uint64_t)rss_get(dw, RSS_BASE_HI) << 32 | rss_get(dw, RSS_BASE_LO);
    s->bounded = true;
    s->limit = entries * esize;
    return GTSIM_OK;
}

/* GVA of offset off in space s (VM spaces). */
static inline uint64_t space_va(const sf_space *s, uint64_t off)
{
    if (s->a32)
        off = (uint32_t)off;
    return (s->base + off) & ((1ull << 48) - 1);
}

static inline bool oob(const sf_space *s, uint64_t off, unsigned len)
{
    return s->bounded && (off > s->limit || len > s->limit - off);
}

static int fault(sf_msg *m, uint64_t va)
{
    return sf_fail(m, GTSIM_ERR_FAULT, "GPU page fault at GVA 0x%012llx (unmapped page)",
                   (unsigned long long)va);
}

/* SLM offsets: the SLM is a 64 KiB block (seed 000 §1.5.1.10.2), so only
 * offset bits 15:0 address it; IGC relies on this, tagging statically
 * allocated __local variables with bit 28 (0x10000000 + offset). */
#define SLM_OFFSET_MASK 0xffffu

int sf_read(sf_msg *m, const sf_space *s, uint64_t off, void *out, unsigned len)
{
    if (s->kind == SF_SPACE_SLM)
        off &= SLM_OFFSET_MASK;
    if (s->kind == SF_SPACE_NULL || oob(s, off, len)) {
        memset(out, 0, len);
        return GTSIM_OK;
    }
    if (s->kind == SF_SPACE_SLM) {
        memcpy(out, s->slm + off, len);
        return GTSIM_OK;
    }
    uint64_t va = space_va(s, off);
    const uint8_t *p = gt_vm_ptr(s->vm, va);
    if (!p)
        return fault(m, va);
    unsigned in_page = GT_PAGE_SIZE - (unsigned)(va & GT_PAGE_MASK);
    if (len <= in_page) {
        memcpy(out, p, len);
        return GTSIM_OK;
    }
    memcpy(out, p, in_page);
    uint64_t va2 = (va + in_page) & ((1ull << 48) - 1);
    p = gt_vm_ptr(s->vm, va2);
    if (!p)
        return fault(m, va2);
    memcpy((uint8_t *)out + in_page, p, len - in_page);
    return GTSIM_OK;
}

int sf_write(sf_msg *m, const sf_space *s, uint64_t off, const void *in, unsigned len)
{
    if (s->kind == SF_SPACE_SLM)
        off &= SLM_OFFSET_MASK;
    if (s->kind == SF_SPACE_NULL || oob(s, off, len))
        return GTSIM_OK;
    if (s->kind == SF_SPACE_SLM) {
        memcpy(s->slm + off, in, len);
        return GTSIM_OK;
    }
    uint64_t va = space_va(s, off);
    uint8_t *p = gt_vm_ptr(s->vm, va);
    if (!p)
        return fault(m, va);
    unsigned in_page = GT_PAGE_SIZE - (unsigned)(va & GT_PAGE_MASK);
    if (len <= in_page) {
        memcpy(p, in, len);
        return GTSIM_OK;
    }
    uint64_t va2 = (va + in_page) & ((1ull << 48) - 1);
    uint8_t *p2 = gt_vm_ptr(s->vm, va2);
    if (!p2)
        return fault(m, va2); /* nothing written: the access faults as a whole */
    memcpy(p, in, in_page);
    memcpy(p2, (const uint8_t *)in + in_page, len - in_page);
    return GTSIM_OK;
}
