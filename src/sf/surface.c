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
 * RENDER_SURFACE_STATE is described once per generation as a field table
 * (Gen9: 16 DWords; seed 004 RENDER_SURFACE_STATE is the Gen12 version of
 * the same structure; the Gen9 bit positions below are cross-checked with
 * Mesa genxml gen9.xml, which gives the same positions for these fields.
 * The multisample and auxiliary surface fields -- DW4 5:3 Number of
 * Multisamples, 6 Multisampled Surface Storage Format; DW6 11:3
 * Auxiliary Surface Pitch, 30:16 Auxiliary Surface QPitch; DW10 31:12 and
 * DW11 the Auxiliary Surface Base Address (genxml bits 332..383) -- are
 * at the same positions in gen9.xml and gen12.xml.  The fast-clear colour
 * differs (gt_sf_gen clear_addr): Gen9 holds it in DW12-15 (Red, Green,
 * Blue, Alpha Clear Color, 32 bits each: the float or integer channel
 * values); Gen12 points at it: DW10 bit 10 Clear Value Address Enable,
 * Clear Value Address in DW12 31:6 and DW13 15:0 (gen12.xml bits 390..431;
 * Mesa isl_surface_state.c fills one or the other by generation).
 * Gen7/Gen7.5: 8 DWords, Mesa genxml gen7.xml / gen75.xml).  The platform
 * selects the layout (gt_platform.sf, sf_gen.c).
 */
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "sf/format.h"
#include "sf/sf_int.h"

/* ---- RENDER_SURFACE_STATE layouts (X(ID, "Name", dword, hi, lo, KIND)) ---- */

/* Gen9, 16 DWords. */
#define RSS_GEN9_FIELDS(X) \
    X(RSS_SURFACE_TYPE, "Surface Type", 0, 31, 29, UINT) \
    X(RSS_SURFACE_ARRAY, "Surface Array", 0, 28, 28, BOOL) \
    X(RSS_SURFACE_FORMAT, "Surface Format", 0, 26, 18, HEX) \
    X(RSS_VALIGN, "Surface Vertical Alignment", 0, 17, 16, UINT) \
    X(RSS_HALIGN, "Surface Horizontal Alignment", 0, 15, 14, UINT) \
    X(RSS_TILE_MODE, "Tile Mode", 0, 13, 12, UINT) \
    X(RSS_VLS, "Vertical Line Stride", 0, 11, 11, BOOL) \
    X(RSS_VLSO, "Vertical Line Stride Offset", 0, 10, 10, BOOL) \
    X(RSS_CUBE_FACES, "Cube Face Enables", 0, 5, 0, HEX) \
    X(RSS_MOCS, "MOCS", 1, 30, 24, HEX) \
    X(RSS_BASE_MIP, "Base Mip Level", 1, 23, 19, UINT) \
    X(RSS_QPITCH, "Surface QPitch", 1, 14, 0, UINT) \
    X(RSS_HEIGHT, "Height", 2, 29, 16, UINT) \
    X(RSS_WIDTH, "Width", 2, 13, 0, UINT) \
    X(RSS_DEPTH, "Depth", 3, 31, 21, UINT) \
    X(RSS_PITCH, "Surface Pitch", 3, 17, 0, UINT) \
    X(RSS_MIN_ARRAY_ELEMENT, "Minimum Array Element", 4, 28, 18, UINT) \
    X(RSS_VIEW_EXTENT, "Render Target View Extent", 4, 17, 7, UINT) \
    X(RSS_MSFMT, "Multisampled Surface Storage Format", 4, 6, 6, UINT) \
    X(RSS_NUM_SAMPLES, "Number of Multisamples", 4, 5, 3, UINT) \
    X(RSS_MS_PALETTE, "Multisample Position Palette Index", 4, 2, 0, UINT) \
    X(RSS_X_OFFSET, "X Offset", 5, 31, 25, UINT) \
    X(RSS_Y_OFFSET, "Y Offset", 5, 23, 21, UINT) \
    X(RSS_TR_MODE, "Tiled Resource Mode", 5, 19, 18, UINT) \
    X(RSS_MIP_TAIL_START, "Mip Tail Start LOD", 5, 11, 8, UINT) \
    X(RSS_MIN_LOD, "Surface Min LOD", 5, 7, 4, UINT) \
    X(RSS_MIP_COUNT, "MIP Count / LOD", 5, 3, 0, UINT) \
    X(RSS_AUX_MODE, "Auxiliary Surface Mode", 6, 2, 0, UINT) \
    X(RSS_AUX_PITCH, "Auxiliary Surface Pitch", 6, 11, 3, UINT) \
    X(RSS_AUX_QPITCH, "Auxiliary Surface QPitch", 6, 30, 16, UINT) \
    X(RSS_SCS_R, "Shader Channel Select Red", 7, 27, 25, UINT) \
    X(RSS_SCS_G, "Shader Channel Select Green", 7, 24, 22, UINT) \
    X(RSS_SCS_B, "Shader Channel Select Blue", 7, 21, 19, UINT) \
    X(RSS_SCS_A, "Shader Channel Select Alpha", 7, 18, 16, UINT) \
    X(RSS_RESOURCE_MIN_LOD, "Resource Min LOD", 7, 11, 0, UINT) \
    X(RSS_BASE_LO, "Surface Base Address [31:0]", 8, 31, 0, HEX) \
    X(RSS_BASE_HI, "Surface Base Address [63:32]", 9, 31, 0, HEX) \
    X(RSS_AUX_BASE_LO, "Auxiliary Surface Base Address [31:12]", 10, 31, 12, HEX) \
    X(RSS_AUX_BASE_HI, "Auxiliary Surface Base Address [63:32]", 11, 31, 0, HEX) \
    X(RSS_CLEAR_ADDR_ENABLE, "Clear Value Address Enable (Gen12)", 10, 10, 10, BOOL) \
    X(RSS_CLEAR_0, "Red Clear Color (Gen9) / Clear Value Address [31:6] (Gen12)", 12, 31, 0, HEX) \
    X(RSS_CLEAR_1, "Green Clear Color (Gen9) / Clear Value Address [47:32] (Gen12)", 13, 31, 0, HEX) \
    X(RSS_CLEAR_2, "Blue Clear Color (Gen9)", 14, 31, 0, HEX) \
    X(RSS_CLEAR_3, "Alpha Clear Color (Gen9)", 15, 31, 0, HEX)

/* Gen7 / Gen7.5, 8 DWords (public facts: Mesa genxml gen7.xml / gen75.xml
 * RENDER_SURFACE_STATE; the seeds have no Gen7 surface state page).  Tiling
 * is two bits: Tiled Surface (14) and Tile Walk (13: 0 X-major, 1
 * Y-major); the 32-bit base address is DWord 1. */
#define RSS_GEN7_FIELDS(X) \
    X(RSS_SURFACE_TYPE, "Surface Type", 0, 31, 29, UINT) \
    X(RSS_SURFACE_ARRAY, "Surface Array", 0, 28, 28, BOOL) \
    X(RSS_SURFACE_FORMAT, "Surface Format", 0, 26, 18, HEX) \
    X(RSS_TILED, "Tiled Surface", 0, 14, 14, BOOL) \
    X(RSS_TILE_WALK, "Tile Walk", 0, 13, 13, UINT) \
    X(RSS_VLS, "Vertical Line Stride", 0, 12, 12, BOOL) \
    X(RSS_VLSO, "Vertical Line Stride Offset", 0, 11, 11, BOOL) \
    X(RSS_BOUNDARY_MODE, "Media Boundary Pixel Mode", 0, 7, 6, UINT) \
    X(RSS_BASE_LO, "Surface Base Address", 1, 31, 0, HEX) \
    X(RSS_HEIGHT, "Height", 2, 29, 16, UINT) \
    X(RSS_WIDTH, "Width", 2, 13, 0, UINT) \
    X(RSS_DEPTH, "Depth", 3, 31, 21, UINT) \
    X(RSS_PITCH, "Surface Pitch", 3, 17, 0, UINT) \
    X(RSS_MIN_ARRAY_ELEMENT, "Minimum Array Element", 4, 28, 18, UINT) \
    X(RSS_VIEW_EXTENT, "Render Target View Extent", 4, 17, 7, UINT) \
    X(RSS_X_OFFSET, "X Offset", 5, 31, 25, UINT) \
    X(RSS_Y_OFFSET, "Y Offset", 5, 23, 20, UINT) \
    X(RSS_MOCS, "Surface Object Control State", 5, 19, 16, HEX) \
    X(RSS_MIP_COUNT, "MIP Count / LOD", 5, 3, 0, UINT)

#define RSS_ROW(id, name, dw, hi, lo, kind) {name, dw, hi, lo, GT_F_##kind, NULL, id},
static const gt_field rss_gen9_fields[] = {RSS_GEN9_FIELDS(RSS_ROW)};
static const gt_field rss_gen7_fields[] = {RSS_GEN7_FIELDS(RSS_ROW)};
#define NROWS(a) (sizeof(a) / sizeof((a)[0]))

/* Gen9 Tile Mode: 0 linear, 1 W-major (the stencil buffer's layout, which
 * the sampler reads for stencil texturing), 2 X, 3 Y. */
const sf_rss_layout sf_rss_gen9 = {"Gen9 RENDER_SURFACE_STATE", 16, rss_gen9_fields,
                                   NROWS(rss_gen9_fields),
                                   {GT_TILE_LINEAR, GT_TILE_W, GT_TILE_X, GT_TILE_Y},
                                   ~0x3fu /* Surface State Pointer 31:6 */};
/* Gen7: code 2 * Tiled + Walk: untiled (either walk), X-major, Y-major. */
const sf_rss_layout sf_rss_gen7 = {"Gen7 RENDER_SURFACE_STATE", 8, rss_gen7_fields,
                                   NROWS(rss_gen7_fields),
                                   {GT_TILE_LINEAR, GT_TILE_LINEAR, GT_TILE_X, GT_TILE_Y},
                                   /* BINDING_TABLE_STATE Surface State Pointer 31:5: Gen7
                                    * surface states are 32-byte aligned (Mesa genxml gen7.xml) */
                                   ~0x1fu};

#define RSS_MAX_DWORDS 16
#define SURFACE_FORMAT_RAW 0x1FF

static const char *const surftype_names[8] = {
    "1D", "2D", "3D", "CUBE", "BUFFER", "STRBUF", "reserved", "NULL",
};

uint32_t sf_format_bpp(uint32_t format)
{
    /* Element size from the format table (sf/format.c); compressed and
     * unknown formats keep the size class of the SURFACE_FORMAT numbering
     * (public fact of the enumeration, e.g. R32G32B32A32_FLOAT 0x000,
     * R32G32B32_FLOAT 0x040, R16G16B16A16_UNORM 0x080, B8G8R8A8_UNORM
     * 0x0C0, R8G8_UNORM 0x106, R8_UNORM 0x140). */
    const sf_format_info *fi = sf_format_get(format);
    if (fi && fi->bw == 1 && fi->bh == 1)
        return fi->bpb;
    if (format < 0x040) return 16;
    if (format < 0x080) return 12;
    if (format < 0x0C0) return 8;
    if (format < 0x100) return 4;
    if (format < 0x140) return 2;
    return 1;
}

void sf_surface_print(const sf_msg *m, const sf_surface *s, char *buf, size_t len)
{
    const sf_rss_layout *l = sf_gen_of(m->dev)->rss;
    buf[0] = 0;
    size_t n = (size_t)snprintf(buf, len, "%s:", l->name);
    for (unsigned i = 0; i < l->nfields && n < len; i++) {
        int w = snprintf(buf + n, len - n, " %s=0x%llx", l->fields[i].name,
                         (unsigned long long)s->f[l->fields[i].id]);
        if (w < 0)
            break;
        n += (size_t)w;
    }
}

static int fault(sf_msg *m, uint64_t va);

int sf_surface_bti(sf_msg *m, uint32_t bti, sf_surface *s)
{
    const gt_dispatch *d = m->t->disp;
    const sf_rss_layout *l = sf_gen_of(m->dev)->rss;
    memset(s, 0, sizeof(*s));
    if (!d || !d->vm)
        return sf_fail(m, GTSIM_ERR_INVALID, "thread has no dispatch address space");
    uint64_t bt_va = d->binding_table + 4ull * bti, fva = 0;
    uint32_t entry;
    int r = gt_vm_read(d->vm, bt_va, &entry, 4, &fva);
    if (r && d->vm->host_fail)
        return fault(m, fva); /* host memory, not a page fault */
    char why[96];
    if (r) {
        gt_vm_fault_why(d->vm, fva, why, sizeof(why));
        return sf_fail(m, GTSIM_ERR_FAULT, "page fault reading binding table entry %u at GVA 0x%llx (%s)",
                       bti, (unsigned long long)fva, why);
    }
    s->ss_va = d->surface_state_base + (entry & l->bt_ptr_mask);
    uint32_t dw[RSS_MAX_DWORDS];
    r = gt_vm_read(d->vm, s->ss_va, dw, 4u * l->dwords, &fva);
    if (r && d->vm->host_fail)
        return fault(m, fva);
    if (r) {
        gt_vm_fault_why(d->vm, fva, why, sizeof(why));
        return sf_fail(m, GTSIM_ERR_FAULT, "page fault reading %s of BTI %u at GVA 0x%llx (%s)", l->name,
                       bti, (unsigned long long)fva, why);
    }
    gt_fields_unpack(l->fields, l->nfields, dw, l->dwords, s->f);
    s->type = (uint32_t)s->f[RSS_SURFACE_TYPE];
    s->format = (uint32_t)s->f[RSS_SURFACE_FORMAT];
    s->base = s->f[RSS_BASE_HI] << 32 | s->f[RSS_BASE_LO];
    s->width = (uint32_t)s->f[RSS_WIDTH] + 1;
    s->height = (uint32_t)s->f[RSS_HEIGHT] + 1;
    s->depth = (uint32_t)s->f[RSS_DEPTH] + 1;
    s->pitch = (uint32_t)s->f[RSS_PITCH] + 1;
    s->bpp = sf_format_bpp(s->format);
    s->vls = (int)s->f[RSS_VLS];
    s->vlso = (int)s->f[RSS_VLSO];
    unsigned code = (unsigned)(s->f[RSS_TILE_MODE] + 2 * s->f[RSS_TILED] + s->f[RSS_TILE_WALK]) & 3;
    if (s->type != SF_SURFTYPE_BUFFER && s->type != SF_SURFTYPE_NULL &&
        l->tiling[code] == SF_TILE_UNSUPPORTED) {
        char buf[768];
        sf_surface_print(m, s, buf, sizeof(buf));
        return sf_fail(m, GTSIM_ERR_UNIMPL, "surface BTI %u at GVA 0x%llx has tile code %u (W-major) "
                       "which is not modelled (%s)", bti, (unsigned long long)s->ss_va, code, buf);
    }
    s->tiling = l->tiling[code] == SF_TILE_UNSUPPORTED ? GT_TILE_LINEAR : l->tiling[code];
    return GTSIM_OK;
}

void gt_bti_cache_reset(gt_bti_cache *bc)
{
    memset(bc->valid, 0, sizeof bc->valid);
    if (bc->state)
        bc->state->img_valid = bc->state->smp_valid = 0;
}

void gt_bti_cache_fini(gt_bti_cache *bc)
{
    free(bc->state);
    bc->state = NULL;
}

sf_state_cache *sf_state_cache_of(sf_msg *m)
{
    gt_bti_cache *bc = m->t->disp ? m->t->disp->bti_cache : NULL;
    if (bc && !bc->state && (bc->state = malloc(sizeof(*bc->state))))
        bc->state->img_valid = bc->state->smp_valid = 0;
    return bc ? bc->state : NULL;
}

bool sf_space_known(const gt_thread *t, unsigned bti, bool a64, const uint8_t *header, bool checked,
                    sf_space *s)
{
    const gt_dispatch *d = t->disp;
    memset(s, 0, sizeof(*s));
    s->bti = a64 ? 253 : bti;
    s->checked = checked;
    if (!a64 && bti == 254) { /* SLM (seed 000 GPGPU mode: shared local memory) */
        gt_tgroup *tg = t->tg;
        if (!tg || !tg->slm)
            return false;
        s->kind = SF_SPACE_SLM;
        s->slm = tg->slm;
        s->bounded = true;
        s->limit = tg->slm_size;
        s->race = tg->slm_shadow != NULL;
        return true;
    }
    if (!d || !d->vm)
        return false;
    if (!a64 && (bti == 255 || bti == 253)) {
        /* A32 stateless: General State Base Address + 32-bit offset
         * (255 IA-coherent, 253 non-coherent; both plain memory here); a
         * message with a header adds its M0.5[31:10], the scratch space
         * offset (public facts: Mesa brw's SHADER_OPCODE_SCRATCH_HEADER
         * copies R0.5[31:10] there for the stateless scratch accesses of
         * 3D and compute shaders, relying on this) */
        uint32_t m05 = 0;
        if (header)
            memcpy(&m05, header + 20, 4);
        s->base = d->general_state_base + (m05 & ~0x3ffu);
        s->a32 = true;
    } else if (!a64) {   /* a buffer entry this dispatch resolved (or a null one) */
        gt_bti_cache *bc = d->bti_cache;
        if (bti >= 240 || !bc || !(bc->valid[bti >> 6] >> (bti & 63) & 1))
            return false;
        if (!bc->e[bti].kind) {
            s->kind = SF_SPACE_NULL;
            return true;
        }
        s->base = bc->e[bti].base;
        s->bounded = true;
        s->limit = bc->e[bti].limit;
    }
    s->kind = SF_SPACE_VM;   /* A64: the flat 64-bit space */
    s->vm = d->vm;
    return true;
}

int sf_space_a64(sf_msg *m, sf_space *s)
{
    if (!sf_space_known(m->t, 253, true, NULL, gt_check_on(m->dev, GTSIM_CHECK_BOUNDS), s))
        return sf_fail(m, GTSIM_ERR_INVALID, "thread has no dispatch address space");
    return GTSIM_OK;
}

int sf_space_bti(sf_msg *m, uint32_t bti, sf_space *s)
{
    const gt_dispatch *d = m->t->disp;
    if (sf_space_known(m->t, bti, false, m->header && m->nregs ? m->reg[0] : NULL,
                       gt_check_on(m->dev, GTSIM_CHECK_BOUNDS), s))
        return GTSIM_OK;
    if (bti == 254)
        return sf_fail(m, GTSIM_ERR_INVALID,
                       "SLM access (BTI 254) but the thread group has no SLM allocated");
    if (!d || !d->vm)
        return sf_fail(m, GTSIM_ERR_INVALID, "thread has no dispatch address space");
    if (bti >= 240)
        return sf_fail(m, GTSIM_ERR_ILLEGAL, "reserved binding table index %u", bti);

    gt_bti_cache *bc = d->bti_cache;
    sf_surface su;
    int st = sf_surface_bti(m, bti, &su);
    if (st)
        return st;
    if (su.type == SF_SURFTYPE_NULL) {
        s->kind = SF_SPACE_NULL;
        if (bc) {
            bc->e[bti].kind = 0;
            bc->valid[bti >> 6] |= 1ull << (bti & 63);
        }
        return GTSIM_OK;
    }
    if (su.type != SF_SURFTYPE_BUFFER) {
        char buf[768];
        sf_surface_print(m, &su, buf, sizeof(buf));
        return sf_fail(m, GTSIM_ERR_UNIMPL,
                       "untyped access to a SURFTYPE_%s surface (BTI %u, state at GVA 0x%llx: %s); "
                       "only buffer surfaces are implemented",
                       surftype_names[su.type & 7], bti, (unsigned long long)su.ss_va, buf);
    }
    /* SURFTYPE_BUFFER: the number of entries minus one is split over
     * Width[6:0], Height[13:0] (bits 20:7) and Depth (bits 31:21 of the
     * count); an entry is Surface Pitch + 1 bytes, except for the RAW
     * format whose entries are bytes (the same on Gen7 and Gen9). */
    uint64_t entries = (su.f[RSS_DEPTH] << 21 | su.f[RSS_HEIGHT] << 7 | (su.f[RSS_WIDTH] & 0x7f)) + 1;
    uint64_t esize = su.format == SURFACE_FORMAT_RAW ? 1 : (uint64_t)su.pitch;
    s->kind = SF_SPACE_VM;
    s->vm = d->vm;
    s->base = su.base;
    s->bounded = true;
    s->limit = entries * esize;
    if (bc) {
        bc->e[bti].kind = 1;
        bc->e[bti].base = s->base;
        bc->e[bti].limit = s->limit;
        bc->valid[bti >> 6] |= 1ull << (bti & 63);
    }
    return GTSIM_OK;
}

/* GVA of offset off in space s (VM spaces). */
#define space_va sf_space_va
#define oob sf_oob

static int fault(sf_msg *m, uint64_t va)
{
    const gt_vm *vm = m->t && m->t->disp ? m->t->disp->vm : NULL;
    if (vm && gt_vm_host_error(m->dev, vm, "data port access", va)) {
        char why[sizeof(m->dev->err)];
        snprintf(why, sizeof(why), "%s", m->dev->err);
        return sf_fail(m, GTSIM_ERR_NOMEM, "%s", why);
    }
    char why[96] = "no address space";
    if (vm)
        gt_vm_fault_why((gt_vm *)vm, va, why, sizeof(why));
    return sf_fail(m, GTSIM_ERR_FAULT, "GPU page fault at GVA 0x%012llx (unmapped page: %s)",
                   (unsigned long long)va, why);
}

/* SLM offsets: the SLM is a 64 KiB block (seed 000 §1.5.1.10.2), so only
 * offset bits 15:0 address it; IGC relies on this, tagging statically
 * allocated __local variables with bit 28 (0x10000000 + offset). */
#define SLM_OFFSET_MASK SF_SLM_OFFSET_MASK

/* GTSIM_CHECK_BOUNDS: the access of len bytes at off of the checked space
 * s is outside its surface, the SLM, or mapped memory. */
static void check_access(sf_msg *m, const sf_space *s, uint64_t off, unsigned len, bool write)
{
    if (write && m->rmw)
        return; /* reported at its read */
    uint64_t va = 0;
    if (s->kind == SF_SPACE_SLM || (s->kind == SF_SPACE_VM && s->bounded)) {
        if (!oob(s, off, len))
            return;
    } else if (s->kind == SF_SPACE_VM) {
        va = space_va(s, off);
        if (gt_vm_ptr_ro(s->vm, va) && gt_vm_ptr_ro(s->vm, (va + len - 1) & ((1ull << 48) - 1)))
            return;
    } else {
        return;
    }
    const char *msg = m->name ? m->name : "data port message";
    char lane[24] = "";
    if (m->lane >= 0)
        snprintf(lane, sizeof(lane), "lane %d: ", m->lane);
    if (s->kind == SF_SPACE_SLM)
        gt_check_finding(m->dev, GTSIM_CHECK_BOUNDS, m->t, m->in,
                         "%s%s of %u bytes at SLM offset 0x%llx, past the thread group's %llu bytes of SLM", lane,
                         msg, len, (unsigned long long)off, (unsigned long long)s->limit);
    else if (s->bounded)
        gt_check_finding(m->dev, GTSIM_CHECK_BOUNDS, m->t, m->in,
                         "%s%s of %u bytes at offset 0x%llx (GVA 0x%llx) of BTI %u, a buffer surface of "
                         "%llu bytes at GVA 0x%llx",
                         lane, msg, len, (unsigned long long)off, (unsigned long long)space_va(s, off), s->bti,
                         (unsigned long long)s->limit, (unsigned long long)s->base);
    else
        gt_check_finding(m->dev, GTSIM_CHECK_BOUNDS, m->t, m->in,
                         "%s%s of %u bytes at GVA 0x%llx (%s), in no mapped allocation: a GPU page fault", lane,
                         msg, len, (unsigned long long)va, s->a32 ? "A32 stateless" : "A64");
}

/* GTSIM_CHECK_SLM_RACE: the work-item an SLM access belongs to.  A
 * NoMask message's slots are not work-items (IGC stores a scalar through
 * several slots of a (W) send): it is the first channel control flow
 * enables, the one the scalar code runs for. */
static int race_lane(const sf_msg *m)
{
    if (!m->in->nomask)
        return m->lane;
    uint32_t em = m->t->exec_mask & m->t->dispatch_mask;
    return em ? __builtin_ctz(em) : 0;
}

int sf_read(sf_msg *m, const sf_space *s, uint64_t off, void *out, unsigned len)
{
    if (s->kind == SF_SPACE_SLM)
        off &= SLM_OFFSET_MASK;
    if (s->checked)
        check_access(m, s, off, len, false);
    if (s->kind == SF_SPACE_NULL || oob(s, off, len)) {
        memset(out, 0, len);
        return GTSIM_OK;
    }
    if (s->kind == SF_SPACE_SLM) {
        memcpy(out, s->slm + off, len);
        if (s->race && m->lane >= 0 && !m->rmw)
            gt_check_slm_access(m->dev, m->t, m->in, m->name, race_lane(m), (uint32_t)off, len, 0);
        return GTSIM_OK;
    }
    uint64_t va = space_va(s, off);
    const uint8_t *p = gt_vm_ptr_ro(s->vm, va);
    if (!p)
        return fault(m, va);
    unsigned in_page = GT_PAGE_SIZE - (unsigned)(va & GT_PAGE_MASK);
    if (len <= in_page) {
        memcpy(out, p, len);
        return GTSIM_OK;
    }
    memcpy(out, p, in_page);
    uint64_t va2 = (va + in_page) & ((1ull << 48) - 1);
    p = gt_vm_ptr_ro(s->vm, va2);
    if (!p)
        return fault(m, va2);
    memcpy((uint8_t *)out + in_page, p, len - in_page);
    return GTSIM_OK;
}

int sf_write(sf_msg *m, const sf_space *s, uint64_t off, const void *in, unsigned len)
{
    if (s->kind == SF_SPACE_SLM)
        off &= SLM_OFFSET_MASK;
    if (s->checked)
        check_access(m, s, off, len, true);
    if (s->kind == SF_SPACE_NULL || oob(s, off, len))
        return GTSIM_OK;
    if (s->kind == SF_SPACE_SLM) {
        memcpy(s->slm + off, in, len);
        if (s->race && m->lane >= 0 && !m->rmw)
            gt_check_slm_access(m->dev, m->t, m->in, m->name, race_lane(m), (uint32_t)off, len, 1);
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
