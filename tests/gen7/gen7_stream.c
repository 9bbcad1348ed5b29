/* gen7_stream: Gen7 AUB memtrace writer (see gen7_stream.h). */
#include "gen7_stream.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* AUB memtrace records (public facts: Mesa intel_aub.h, NEO aub_services.h):
 * header type 7, opcode 0x2e, sub-opcode, DWord count - 1. */
#define AUB_HDR(sub, ndw) (0xe0000000u | (0x2eu << 23) | ((uint32_t)(sub) << 16) | (((ndw) - 1) & 0xffffu))
enum { SUB_REG_WRITE = 0x03, SUB_MEM_WRITE = 0x06, SUB_COMMENT = 0x08, SUB_VERSION = 0x0e };
enum { SPACE_GTT_GFX = 0, SPACE_PHYS = 2, SPACE_GTT_ENTRY = 4, SPACE_PPGTT_GFX = 5 };

/* Render engine registers (seed 002 RINGBUF, HWS_PGA; PPGTT registers:
 * public facts, Linux i915). */
#define REG_RING_TAIL 0x2030u
#define REG_RING_HEAD 0x2034u
#define REG_RING_START 0x2038u
#define REG_RING_CTL 0x203cu
#define REG_HWS_PGA 0x2080u
#define REG_PP_DIR_DCLV 0x2220u
#define REG_PP_DIR_BASE 0x2228u
#define REG_GFX_MODE 0x229cu

#define PD_FIRST_ENTRY 0x7fe00u /* GGTT entry index of the page directory */

struct g7s {
    FILE *f;
    int err;
    int gen;             /* 70 or 75 */
    uint64_t phys_next;
    uint32_t addr_next[2];
    int ppgtt;           /* enabled */
    uint64_t pt_pa[512]; /* page table of each PDE, 0 = none */
    uint32_t ring, ring_size, tail, hws;
};

/* ---- command buffers ---- */

void g7s_cmds_init(g7s_cmds *c)
{
    memset(c, 0, sizeof(*c));
}

void g7s_cmds_free(g7s_cmds *c)
{
    free(c->dw);
    memset(c, 0, sizeof(*c));
}

void g7s_emitn(g7s_cmds *c, const uint32_t *dw, uint32_t n)
{
    if (!n)
        return;
    if (c->n + n > c->cap) {
        uint32_t cap = c->cap ? c->cap : 64;
        while (cap < c->n + n)
            cap *= 2;
        uint32_t *p = realloc(c->dw, cap * sizeof(uint32_t));
        if (!p) {
            c->oom = 1;
            return;
        }
        c->dw = p;
        c->cap = cap;
    }
    memcpy(c->dw + c->n, dw, n * sizeof(uint32_t));
    c->n += n;
}

void g7s_emit(g7s_cmds *c, uint32_t dw)
{
    g7s_emitn(c, &dw, 1);
}

/* ---- file ---- */

static void put(g7s *s, const void *p, size_t n)
{
    if (s->f && fwrite(p, 1, n, s->f) != n)
        s->err = 1;
}

static void put32(g7s *s, uint32_t v)
{
    put(s, &v, 4);
}

g7s *g7s_open(const char *path, const char *platform)
{
    /* NEO's AUB device enum: Ivb = 7, Hsw = 9, Vlv = 10 */
    uint32_t device;
    int gen;
    if (!strcmp(platform, "ivb"))
        device = 7, gen = 70;
    else if (!strcmp(platform, "vlv"))
        device = 10, gen = 70;
    else if (!strcmp(platform, "hsw"))
        device = 9, gen = 75;
    else
        return NULL;
    g7s *s = calloc(1, sizeof(*s));
    if (!s)
        return NULL;
    s->f = fopen(path, "wb");
    if (!s->f) {
        free(s);
        return NULL;
    }
    s->gen = gen;
    s->phys_next = 16u << 20;
    s->addr_next[0] = s->addr_next[1] = 0x10000;
    put32(s, AUB_HDR(SUB_VERSION, 6));
    put32(s, 0);
    put32(s, device << 8);
    put32(s, 0);
    put32(s, 0);
    put32(s, 0x37673767u); /* "g7g7": the writer */
    g7s_comment(s, "gtsim gen7_stream");
    return s;
}

int g7s_close(g7s *s)
{
    if (!s)
        return -1;
    int err = s->err;
    if (fclose(s->f))
        err = 1;
    free(s);
    return err ? -1 : 0;
}

int g7s_gen(const g7s *s)
{
    return s->gen;
}

void g7s_comment(g7s *s, const char *text)
{
    uint32_t n = (uint32_t)strlen(text) + 1, ndw = 2 + (n + 3) / 4;
    put32(s, AUB_HDR(SUB_COMMENT, ndw));
    put32(s, 0);
    put(s, text, n);
    static const uint8_t zero[4];
    put(s, zero, (4 - n % 4) % 4);
}

void g7s_mmio_write(g7s *s, uint32_t reg, uint32_t value)
{
    put32(s, AUB_HDR(SUB_REG_WRITE, 6));
    put32(s, reg);
    put32(s, 2u << 16); /* DWord register in MMIO space */
    put32(s, 0xffffffffu);
    put32(s, 0);
    put32(s, value);
}

static void mem_record(g7s *s, uint64_t addr, int space, const void *data, uint32_t len)
{
    put32(s, AUB_HDR(SUB_MEM_WRITE, 5 + (len + 3) / 4));
    put32(s, (uint32_t)addr);
    put32(s, (uint32_t)(addr >> 32));
    put32(s, (uint32_t)space << 28);
    put32(s, len);
    put(s, data, len);
    static const uint8_t zero[4];
    put(s, zero, (4 - len % 4) % 4);
}

void g7s_phys_write(g7s *s, uint64_t pa, const void *data, uint32_t len)
{
    mem_record(s, pa, SPACE_PHYS, data, len);
}

void g7s_write(g7s *s, enum g7s_space sp, uint32_t addr, const void *data, uint32_t len)
{
    mem_record(s, addr, sp == G7S_GGTT ? SPACE_GTT_GFX : SPACE_PPGTT_GFX, data, len);
}

void g7s_write32(g7s *s, enum g7s_space sp, uint32_t addr, uint32_t v)
{
    g7s_write(s, sp, addr, &v, 4);
}

void g7s_gtt_entries(g7s *s, uint32_t first, const uint32_t *pte, uint32_t n)
{
    mem_record(s, 4ull * first, SPACE_GTT_ENTRY, pte, 4 * n);
}

/* ---- memory ---- */

uint32_t g7s_pte(const g7s *s, uint64_t pa, int pde)
{
    /* i915 GEN6_GTT_ADDR_ENCODE / HSW_GTT_ADDR_ENCODE: (pa >> 28) lands
     * physical bit 32 on entry bit 4 */
    uint32_t ext = (s->gen == 75 && !pde) ? 0x7f0u : 0xff0u;
    return ((uint32_t)pa & 0xfffff000u) | ((uint32_t)(pa >> 28) & ext) | 1u;
}

uint64_t g7s_phys_alloc(g7s *s, uint32_t bytes)
{
    uint64_t pa = s->phys_next;
    s->phys_next += ((uint64_t)bytes + 4095) & ~4095ull;
    return pa;
}

uint32_t g7s_addr_alloc(g7s *s, enum g7s_space sp, uint32_t bytes)
{
    uint32_t a = s->addr_next[sp];
    s->addr_next[sp] += (bytes + 4095) & ~4095u;
    return a;
}

uint32_t g7s_pd_offset(const g7s *s)
{
    (void)s;
    return PD_FIRST_ENTRY * 4;
}

void g7s_ppgtt_enable(g7s *s)
{
    s->ppgtt = 1;
    /* PP_DIR_BASE bits 31:16: directory offset in the GGTT entry table in
     * 64-byte units (i915 get_pd_offset); DCLV all valid (2 GiB). */
    g7s_mmio_write(s, REG_PP_DIR_DCLV, 0xffffffffu);
    g7s_mmio_write(s, REG_PP_DIR_BASE, (g7s_pd_offset(s) / 64) << 16);
    g7s_mmio_write(s, REG_GFX_MODE, (1u << 9) << 16 | (1u << 9)); /* masked: PPGTT enable */
}

void g7s_map(g7s *s, enum g7s_space sp, uint32_t addr, uint64_t pa, uint32_t bytes)
{
    uint32_t pages = (bytes + 4095) / 4096;
    if (sp == G7S_GGTT) {
        uint32_t *pte = malloc(4u * pages);
        if (!pte) {
            s->err = 1;
            return;
        }
        for (uint32_t i = 0; i < pages; i++)
            pte[i] = g7s_pte(s, pa + 4096ull * i, 0);
        g7s_gtt_entries(s, addr >> 12, pte, pages);
        free(pte);
        return;
    }
    for (uint32_t i = 0; i < pages; i++) {
        uint32_t va = addr + 4096u * i;
        uint32_t pdi = (va >> 22) & 511;
        if (!s->pt_pa[pdi]) {
            s->pt_pa[pdi] = g7s_phys_alloc(s, 4096);
            uint32_t pde = g7s_pte(s, s->pt_pa[pdi], 1);
            g7s_gtt_entries(s, PD_FIRST_ENTRY + pdi, &pde, 1);
        }
        uint32_t pte = g7s_pte(s, pa + 4096ull * i, 0);
        g7s_phys_write(s, s->pt_pa[pdi] + ((va >> 12) & 1023) * 4, &pte, 4);
    }
}

uint32_t g7s_buffer(g7s *s, enum g7s_space sp, uint32_t bytes, const void *init)
{
    uint64_t pa = g7s_phys_alloc(s, bytes);
    uint32_t a = g7s_addr_alloc(s, sp, bytes);
    g7s_map(s, sp, a, pa, bytes);
    if (init)
        g7s_phys_write(s, pa, init, bytes);
    return a;
}

/* ---- ring ---- */

void g7s_ring_init(g7s *s, uint32_t pages)
{
    s->ring_size = pages * 4096u;
    s->ring = g7s_buffer(s, G7S_GGTT, s->ring_size, NULL);
    s->hws = g7s_buffer(s, G7S_GGTT, 4096, NULL);
    s->tail = 0;
    g7s_mmio_write(s, REG_HWS_PGA, s->hws);
    g7s_mmio_write(s, REG_RING_CTL, 0);
    g7s_mmio_write(s, REG_RING_HEAD, 0);
    g7s_mmio_write(s, REG_RING_TAIL, 0);
    g7s_mmio_write(s, REG_RING_START, s->ring);
    g7s_mmio_write(s, REG_RING_CTL, ((pages - 1) << 12) | 1u);
}

uint32_t g7s_ring_addr(const g7s *s)
{
    return s->ring;
}

uint32_t g7s_hws_addr(const g7s *s)
{
    return s->hws;
}

uint32_t g7s_ring_tail(const g7s *s)
{
    return s->tail;
}

void g7s_ring_emit(g7s *s, const g7s_cmds *c)
{
    if (c->oom || !s->ring_size) {
        s->err = 1;
        return;
    }
    uint32_t n = c->n + (c->n & 1); /* QWord padding with MI_NOOP (0) */
    uint32_t *dw = calloc(n ? n : 1, 4);
    if (!dw) {
        s->err = 1;
        return;
    }
    if (c->n)
        memcpy(dw, c->dw, 4u * c->n);
    /* at most two pieces: up to the end of the ring, then from its start */
    for (uint32_t done = 0; done < n;) {
        uint32_t room = (s->ring_size - s->tail) / 4, k = n - done < room ? n - done : room;
        g7s_write(s, G7S_GGTT, s->ring + s->tail, dw + done, 4 * k);
        s->tail = (s->tail + 4 * k) % s->ring_size;
        done += k;
    }
    free(dw);
}

void g7s_ring_kick(g7s *s)
{
    g7s_mmio_write(s, REG_RING_TAIL, s->tail);
}

void g7s_exec_batch(g7s *s, enum g7s_space sp, uint32_t addr, const g7s_cmds *batch)
{
    if (batch->oom) {
        s->err = 1;
        return;
    }
    g7s_write(s, sp, addr, batch->dw, 4 * batch->n);
    g7s_cmds r;
    g7s_cmds_init(&r);
    g7s_mi_bbs(&r, sp, addr, 0);
    g7s_ring_emit(s, &r);
    g7s_cmds_free(&r);
    g7s_ring_kick(s);
}

/* ---- MI commands ---- */

#define MI(op) ((uint32_t)(op) << 23)

void g7s_mi_noop(g7s_cmds *c) { g7s_emit(c, 0); }
void g7s_mi_bbe(g7s_cmds *c) { g7s_emit(c, MI(0x0a)); }

void g7s_mi_bbs(g7s_cmds *c, enum g7s_space sp, uint32_t addr, int second_level)
{
    G7S_EMIT(c, MI(0x31) | (second_level ? 1u << 22 : 0) | ((uint32_t)sp << 8), addr & ~3u);
}

void g7s_mi_sdi(g7s_cmds *c, enum g7s_space sp, uint32_t addr, uint32_t v)
{
    G7S_EMIT(c, MI(0x20) | (sp == G7S_GGTT ? 1u << 22 : 0) | 2u, 0, addr & ~3u, v);
}

void g7s_mi_sdi64(g7s_cmds *c, enum g7s_space sp, uint32_t addr, uint64_t v)
{
    G7S_EMIT(c, MI(0x20) | (sp == G7S_GGTT ? 1u << 22 : 0) | 3u, 0, addr & ~3u, (uint32_t)v,
             (uint32_t)(v >> 32));
}

void g7s_mi_sdx(g7s_cmds *c, uint32_t hws_offset, uint32_t v)
{
    G7S_EMIT(c, MI(0x21) | 1u, hws_offset & 0xffcu, v);
}

void g7s_mi_lri(g7s_cmds *c, uint32_t reg, uint32_t v)
{
    G7S_EMIT(c, MI(0x22) | 1u, reg & 0x7ffffcu, v);
}

void g7s_mi_srm(g7s_cmds *c, enum g7s_space sp, uint32_t reg, uint32_t addr)
{
    G7S_EMIT(c, MI(0x24) | (sp == G7S_GGTT ? 1u << 22 : 0) | 1u, reg & 0x7ffffcu, addr & ~3u);
}

void g7s_mi_lrm(g7s_cmds *c, enum g7s_space sp, uint32_t reg, uint32_t addr)
{
    G7S_EMIT(c, MI(0x29) | (sp == G7S_GGTT ? 1u << 22 : 0) | 1u, reg & 0x7ffffcu, addr & ~3u);
}

void g7s_mi_lrr(g7s_cmds *c, uint32_t src_reg, uint32_t dst_reg)
{
    G7S_EMIT(c, MI(0x2a) | 1u, src_reg & 0x7ffffcu, dst_reg & 0x7ffffcu);
}

void g7s_mi_flush_dw(g7s_cmds *c, enum g7s_space sp, uint32_t addr, uint64_t v)
{
    /* Post-Sync Operation 1 (write immediate data), address type bit 2 */
    G7S_EMIT(c, MI(0x26) | (1u << 14) | 2u, (addr & ~7u) | (sp == G7S_GGTT ? 4u : 0), (uint32_t)v,
             (uint32_t)(v >> 32));
}

void g7s_mi_cbbe(g7s_cmds *c, enum g7s_space sp, uint32_t addr, uint32_t data)
{
    G7S_EMIT(c, MI(0x36) | (sp == G7S_GGTT ? 1u << 22 : 0) | (1u << 21) | 1u, data, addr & ~7u);
}

void g7s_mi_semaphore_mbox(g7s_cmds *c, uint32_t reg_select, uint32_t data)
{
    G7S_EMIT(c, MI(0x16) | ((reg_select & 3u) << 16) | 1u, data, 0);
}

/* ---- GFXPIPE ---- */

#define GFX(subtype, opcode, subop) \
    (0x60000000u | ((uint32_t)(subtype) << 27) | ((uint32_t)(opcode) << 24) | ((uint32_t)(subop) << 16))

void g7s_pipe_control(g7s_cmds *c, uint32_t flags, enum g7s_space sp, uint32_t addr, uint64_t data)
{
    G7S_EMIT(c, GFX(3, 2, 0) | 3u, flags | (sp == G7S_GGTT ? 1u << 24 : 0), addr & ~3u, (uint32_t)data,
             (uint32_t)(data >> 32));
}

void g7s_pipeline_select(g7s_cmds *c, int pipeline)
{
    g7s_emit(c, GFX(1, 1, 4) | ((uint32_t)pipeline & 3u));
}

void g7s_state_base_address(g7s_cmds *c, const g7s_sba *b)
{
    G7S_EMIT(c, GFX(0, 1, 1) | 8u, (b->general & ~0xfffu) | 1u, (b->surface & ~0xfffu) | 1u,
             (b->dynamic & ~0xfffu) | 1u, (b->indirect & ~0xfffu) | 1u, (b->instruction & ~0xfffu) | 1u,
             0xfffff001u, 0xfffff001u, 0xfffff001u, 0xfffff001u);
}

void g7s_vfe_state(g7s_cmds *c, const g7s_vfe *v)
{
    uint32_t d6 = 0, d7 = 0;
    for (int i = 0; i < 4; i++) {
        d6 |= (((uint32_t)v->sb_delta[i][0] & 15u) | ((uint32_t)v->sb_delta[i][1] & 15u) << 4) << (8 * i);
        d7 |= (((uint32_t)v->sb_delta[i + 4][0] & 15u) | ((uint32_t)v->sb_delta[i + 4][1] & 15u) << 4) << (8 * i);
    }
    G7S_EMIT(c, GFX(2, 0, 0) | 6u, (v->scratch_base & ~0x3ffu) | (v->scratch_size & 15u),
             ((v->max_threads - 1) << 16) | ((v->urb_entries & 0xffu) << 8) | (v->bypass_gateway ? 1u << 6 : 0) |
                 (v->gpgpu_mode ? 1u << 2 : 0),
             0, (v->urb_entry_size << 16) | (v->curbe_size & 0xffffu),
             (v->sb_enable ? 1u << 31 : 0) | ((uint32_t)v->sb_type << 30) | (v->sb_mask & 0xffu), d6, d7);
}

void g7s_curbe_load(g7s_cmds *c, uint32_t bytes, uint32_t dyn_offset)
{
    G7S_EMIT(c, GFX(2, 0, 1) | 2u, 0, bytes & 0x1ffffu, dyn_offset);
}

void g7s_idd_load(g7s_cmds *c, uint32_t bytes, uint32_t dyn_offset)
{
    G7S_EMIT(c, GFX(2, 0, 2) | 2u, 0, bytes & 0x1ffffu, dyn_offset);
}

void g7s_media_state_flush(g7s_cmds *c, uint32_t idd_offset)
{
    G7S_EMIT(c, GFX(2, 0, 4), idd_offset & 63u);
}

void g7s_idd_pack(const g7s_idd *d, uint32_t out[8])
{
    out[0] = d->ksp & ~63u;
    out[1] = (d->spf ? 1u << 18 : 0) | (d->fp_alt ? 1u << 16 : 0);
    out[2] = (d->sampler_ptr & ~31u) | ((d->sampler_count & 7u) << 2);
    out[3] = (d->bt_ptr & 0xffe0u) | (d->bt_count & 31u);
    out[4] = (d->curbe_len << 16) | (d->curbe_offset & 0xffffu);
    out[5] = ((d->rounding & 3u) << 22) | (d->barrier ? 1u << 21 : 0) | ((d->slm_size & 31u) << 16) |
             (d->threads & 0xffu);
    out[6] = d->cross_len & 0xffu;
    out[7] = 0;
}

void g7s_gpgpu_walker(g7s_cmds *c, const g7s_walker *w)
{
    uint32_t simd = w->simd == 32 ? 2u : w->simd == 16 ? 1u : 0u;
    G7S_EMIT(c, GFX(2, 1, 5) | (w->indirect ? 1u << 10 : 0) | (w->predicate ? 1u << 8 : 0) | 9u,
             w->idd_offset & 31u,
             (simd << 30) | ((w->dmax & 63u) << 16) | ((w->hmax & 63u) << 8) | (w->wmax & 63u),
             w->start[0], w->dim[0], w->start[1], w->dim[1], w->start[2], w->dim[2], w->right_mask,
             w->bottom_mask);
}

/* ---- kernels ---- */

int g7s_kernel_load(const char *path, uint8_t **code, size_t *len)
{
    *code = NULL;
    *len = 0;
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap + 1);
    size_t k;
    while (buf && (k = fread(buf + n, 1, cap - n, f)) > 0) {
        n += k;
        if (n == cap) {
            uint8_t *p = realloc(buf, 2 * cap + 1);
            if (!p) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = p;
            cap *= 2;
        }
    }
    fclose(f);
    if (!buf)
        return -1;
    int text = n > 0;
    for (size_t i = 0; i < n; i++)
        if (buf[i] == 0 || buf[i] > 0x7e)
            text = 0;
    if (!text) {
        *code = buf;
        *len = n;
        return 0;
    }
    /* intel-gen4asm text: every 0x... number is a DWord (-o) or a byte (-b) */
    buf[n] = 0;
    int bytes = strstr((char *)buf, "char") != NULL;
    uint8_t *out = malloc(n); /* the text is longer than what it encodes */
    size_t m = 0;
    if (!out) {
        free(buf);
        return -1;
    }
    for (char *p = (char *)buf; (p = strstr(p, "0x")) != NULL;) {
        char *end;
        unsigned long v = strtoul(p, &end, 16);
        p = end;
        if (bytes) {
            out[m++] = (uint8_t)v;
        } else {
            uint32_t d = (uint32_t)v;
            memcpy(out + m, &d, 4);
            m += 4;
        }
    }
    free(buf);
    *code = out;
    *len = m;
    return m ? 0 : -1;
}
