/*
 * Gen7 workload harness (see wl.h) and the driver program:
 *
 *   g7wl WORKLOAD PLATFORM OUTDIR SRCDIR
 *
 * WORKLOAD: gpgpu_ids, nv12, box, wavefront, spawn, slm_reduce;
 * PLATFORM: ivb, vlv or hsw; SRCDIR holds the kernel sources (*.asm).
 */
#include "wl.h"

#include <stdlib.h>
#include <string.h>

#ifndef IGA64
#define IGA64 "iga64"
#endif

static void die(const char *msg, const char *arg)
{
    fprintf(stderr, "g7wl: %s%s%s\n", msg, arg ? " " : "", arg ? arg : "");
    exit(1);
}

void wl_open(wl *w, const char *plat, const char *outdir, const char *srcdir)
{
    memset(w, 0, sizeof(*w));
    w->plat = plat;
    w->outdir = outdir;
    w->srcdir = srcdir;
    char path[4096];
    snprintf(path, sizeof(path), "%s/trace.aub", outdir);
    w->s = g7s_open(path, plat);
    if (!w->s)
        die("cannot create a trace for platform", plat);
    w->gen = g7s_gen(w->s);
    g7s_ppgtt_enable(w->s);
    g7s_ring_init(w->s, 1);
    for (int i = 0; i < 5; i++) {
        w->heap_va[i] = g7s_buffer(w->s, G7S_PPGTT, WL_HEAP, NULL);
        w->heap[i] = calloc(1, WL_HEAP);
        if (!w->heap[i])
            die("out of memory", NULL);
        w->used[i] = 64; /* offset 0 stays unused (a zero pointer is "none") */
    }
    snprintf(path, sizeof(path), "%s/expect.txt", outdir);
    w->expect = fopen(path, "w");
    if (!w->expect)
        die("cannot create", path);
}

uint32_t wl_heap_alloc(wl *w, int heap, uint32_t bytes, uint32_t align)
{
    uint32_t off = (w->used[heap] + align - 1) & ~(align - 1);
    if (off + bytes > WL_HEAP)
        die("heap overflow", NULL);
    w->used[heap] = off + bytes;
    return off;
}

uint32_t wl_buffer(wl *w, uint32_t bytes, const void *init)
{
    uint32_t va = g7s_buffer(w->s, G7S_PPGTT, (bytes + 4095) & ~4095u, NULL);
    if (init)
        g7s_write(w->s, G7S_PPGTT, va, init, bytes);
    return va;
}

void wl_expect(wl *w, uint32_t va, const void *data, uint32_t len, const char *name)
{
    char path[4096];
    snprintf(path, sizeof(path), "%s/%s.bin", w->outdir, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, len, f) != len || fclose(f))
        die("cannot write", path);
    fprintf(w->expect, "dump 0x%x %u %s.bin\n", va, len, name);
}

uint64_t wl_ytile(uint32_t pitch, uint32_t x, uint32_t y)
{
    uint64_t tile = (uint64_t)(y / 32) * (pitch / 128) + x / 128;
    return tile * 4096 + (x % 128) / 16 * 512 + (y % 32) * 16 + x % 16;
}

uint32_t wl_kernel(wl *w, const char *file, const char *const *subst)
{
    char src[4096];
    snprintf(src, sizeof(src), "%s/%s", w->srcdir, file);
    FILE *f = fopen(src, "r");
    if (!f)
        die("cannot read kernel", src);
    static char text[1 << 16], res[1 << 17];
    size_t n = fread(text, 1, sizeof(text) - 1, f);
    fclose(f);
    text[n] = 0;
    /* substitute @KEY@ tokens */
    size_t o = 0;
    for (const char *p = text; *p;) {
        if (*p == '@') {
            const char *e = strchr(p + 1, '@');
            int done = 0;
            for (const char *const *s = subst; e && s && *s; s += 2) {
                size_t kl = strlen(s[0]);
                if ((size_t)(e - p - 1) == kl && !strncmp(p + 1, s[0], kl)) {
                    size_t vl = strlen(s[1]);
                    if (o + vl >= sizeof(res))
                        die("kernel too long", file);
                    memcpy(res + o, s[1], vl);
                    o += vl;
                    p = e + 1;
                    done = 1;
                    break;
                }
            }
            if (done)
                continue;
            if (e)
                die("kernel has an unsubstituted token in", file);
        }
        if (o + 1 >= sizeof(res))
            die("kernel too long", file);
        res[o++] = *p++;
    }
    res[o] = 0;
    return wl_kernel_text(w, file, res);
}

uint32_t wl_kernel_text(wl *w, const char *name, const char *text)
{
    char out[4096], bin[4096], cmd[16384];
    snprintf(out, sizeof(out), "%s/%s", w->outdir, name);
    snprintf(bin, sizeof(bin), "%s/%s.bin", w->outdir, name);
    FILE *f = fopen(out, "w");
    if (!f || fputs(text, f) < 0 || fclose(f))
        die("cannot write", out);
    snprintf(cmd, sizeof(cmd), "%s -p=7p5 -a '%s' -o '%s'", IGA64, out, bin);
    if (system(cmd) != 0)
        die("iga64 failed (is libigc-tools installed?):", cmd);
    uint8_t *code;
    size_t len;
    if (g7s_kernel_load(bin, &code, &len) || !len)
        die("cannot load", bin);
    uint32_t off = wl_heap_alloc(w, WL_INST, (uint32_t)len + 64, 64);
    memcpy(w->heap[WL_INST] + off, code, len);
    free(code);
    return off;
}

uint32_t wl_binding_table(wl *w, uint32_t n)
{
    return wl_heap_alloc(w, WL_SURF, 4 * n, 32);
}

static void put_surface(wl *w, uint32_t bt, uint32_t i, const uint32_t ss[8])
{
    uint32_t off = wl_heap_alloc(w, WL_SURF, 32, 32);
    memcpy(w->heap[WL_SURF] + off, ss, 32);
    memcpy(w->heap[WL_SURF] + bt + 4 * i, &off, 4);
}

void wl_surface_2d(wl *w, uint32_t bt, uint32_t i, uint32_t base, uint32_t format, uint32_t width,
                   uint32_t height, uint32_t pitch, int tiling)
{
    uint32_t ss[8] = {0};
    /* DW0: Surface Type 31:29 (1 = 2D), Surface Format 26:18, Tiled
     * Surface 14, Tile Walk 13 (1 = Y-major) */
    ss[0] = 1u << 29 | (format & 0x1ff) << 18 | (tiling ? 1u << 14 : 0) | (tiling == 2 ? 1u << 13 : 0);
    ss[1] = base;
    ss[2] = (height - 1) << 16 | (width - 1);
    ss[3] = pitch - 1;
    put_surface(w, bt, i, ss);
}

void wl_surface_buffer(wl *w, uint32_t bt, uint32_t i, uint32_t base, uint32_t bytes)
{
    uint32_t n = bytes - 1, ss[8] = {0};
    ss[0] = 4u << 29 | 0x1ffu << 18; /* SURFTYPE_BUFFER, RAW */
    ss[1] = base;
    ss[2] = ((n >> 7) & 0x3fff) << 16 | (n & 0x7f);
    ss[3] = ((n >> 21) & 0x3f) << 21;
    put_surface(w, bt, i, ss);
}

void wl_idd(wl *w, uint32_t table_off, uint32_t idx, const g7s_idd *d)
{
    uint32_t dw[8];
    g7s_idd_pack(d, dw);
    memcpy(w->heap[WL_DYN] + table_off + 32 * idx, dw, 32);
}

void wl_prologue(wl *w, g7s_cmds *b, int pipeline, const g7s_vfe *vfe)
{
    g7s_pipeline_select(b, pipeline);
    g7s_sba sba = {.general = w->heap_va[WL_GEN], .surface = w->heap_va[WL_SURF],
                   .dynamic = w->heap_va[WL_DYN], .indirect = w->heap_va[WL_IND],
                   .instruction = w->heap_va[WL_INST]};
    g7s_state_base_address(b, &sba);
    g7s_vfe_state(b, vfe);
}

void wl_media_walker(g7s_cmds *b, uint32_t ido, int use_sb, uint32_t sb_mask, const wl_walk *p,
                     const uint32_t *inl, uint32_t n_inl)
{
#define XY(v) (((uint32_t)(v).y & 0x3ffu) << 16 | ((uint32_t)(v).x & 0x3ffu))
    uint32_t dw[17] = {
        GT_MW_HDR | (17 + n_inl - 2), ido & 63, use_sb ? 1u << 21 : 0, 0, 0, sb_mask & 0xff,
        (p->dual ? 1u << 31 : 0) | ((p->colors ? p->colors - 1 : 0) & 15u) << 24,
        (p->global_exec & 0x3ffu) << 16 | (p->local_exec & 0x3ffu), XY(p->block_res), XY(p->local_start),
        XY(p->local_end), XY(p->local_outer), XY(p->local_inner), XY(p->global_res), XY(p->global_start),
        XY(p->global_outer), XY(p->global_inner),
    };
#undef XY
    g7s_emitn(b, dw, 17);
    if (n_inl)
        g7s_emitn(b, inl, n_inl);
}

void wl_walk_raster(wl_walk *p, int32_t w, int32_t h)
{
    memset(p, 0, sizeof(*p));
    p->block_res = p->global_res = (wl_xy){w, h};
    p->global_outer = (wl_xy){w, 0};
    p->global_inner = (wl_xy){0, h};
    p->global_exec = 1;
    p->local_outer = (wl_xy){0, 1};
    p->local_inner = (wl_xy){1, 0};
    p->local_end = (wl_xy){w - 1, 0};
    p->local_exec = (uint32_t)h - 1;
    p->colors = 1;
}

void wl_media_object(g7s_cmds *b, uint32_t ido, int children, int use_sb, uint32_t sb_x, uint32_t sb_y,
                     uint32_t sb_mask, const uint32_t *inl, uint32_t n_inl)
{
    uint32_t dw[6] = {
        GT_MO_HDR | (6 + n_inl - 2), ido & 63, (children ? 1u << 31 : 0) | (use_sb ? 1u << 21 : 0), 0,
        (sb_y & 0x1ff) << 16 | (sb_x & 0x1ff), sb_mask & 0xff,
    };
    g7s_emitn(b, dw, 6);
    if (n_inl)
        g7s_emitn(b, inl, n_inl);
}

int wl_finish(wl *w, g7s_cmds *b)
{
    g7s_pipe_control(b, G7S_PC_CS_STALL, G7S_PPGTT, 0, 0);
    g7s_mi_bbe(b);
    for (int i = 0; i < 5; i++)
        g7s_write(w->s, G7S_PPGTT, w->heap_va[i], w->heap[i], WL_HEAP);
    uint32_t batch = g7s_buffer(w->s, G7S_PPGTT, (4 * b->n + 4095) & ~4095u, NULL);
    g7s_exec_batch(w->s, G7S_PPGTT, batch, b);
    int bad = b->oom;
    g7s_cmds_free(b);
    bad |= g7s_close(w->s) != 0;
    bad |= fclose(w->expect) != 0;
    for (int i = 0; i < 5; i++)
        free(w->heap[i]);
    return bad || w->failed;
}

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: g7wl WORKLOAD PLATFORM OUTDIR SRCDIR\n");
        return 2;
    }
    static const struct {
        const char *name;
        int (*fn)(wl *);
    } tab[] = {
        {"gpgpu_ids", wl_gpgpu_ids}, {"nv12", wl_nv12}, {"box", wl_box},
        {"wavefront", wl_wavefront}, {"wavefront_nosb", wl_wavefront},
        {"wavefront_mo", wl_wavefront}, {"wavefront_mo_nosb", wl_wavefront},
        {"wavefront_ns", wl_wavefront}, {"wavefront_ns_send", wl_wavefront},
        {"spawn", wl_spawn}, {"slm_reduce", wl_slm_reduce},
        {"walk_colors", wl_walk_colors}, {"walk_colors_dual", wl_walk_colors},
        {"gateway", wl_gateway},
    };
    for (size_t i = 0; i < sizeof(tab) / sizeof(tab[0]); i++) {
        if (strcmp(argv[1], tab[i].name))
            continue;
        wl w;
        wl_open(&w, argv[2], argv[3], argv[4]);
        w.variant = (strstr(argv[1], "_nosb") ? WL_V_NOSB : 0) | (strstr(argv[1], "_mo") ? WL_V_MO : 0) |
                    (strstr(argv[1], "_ns") ? WL_V_NONSTALL : 0) | (strstr(argv[1], "_send") ? WL_V_SEND : 0) |
                    (strstr(argv[1], "_dual") ? WL_V_DUAL : 0);
        return tab[i].fn(&w);
    }
    fprintf(stderr, "g7wl: unknown workload %s\n", argv[1]);
    return 2;
}
