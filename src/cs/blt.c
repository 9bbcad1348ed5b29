/*
 * The blitter engine: XY_* command semantics (seed 004 XY_* command pages;
 * see blt.h).  All commands are lowered to one blit operation (blt_op):
 *
 *   for every destination pixel (x, y) of [X1, X2) x [Y1, Y2) (X2 and Y2
 *   exclusive, seed 004 XY_FAST_COPY_BLT / XY_BLOCK_COPY_BLT; the legacy
 *   commands use the same convention), inside the ClipRect of the last
 *   XY_SETUP_BLT / XY_SETUP_CLIP_BLT / XY_SETUP_MONO_PATTERN_SL_BLT when
 *   clipping applies (X2/Y2 of the ClipRect also exclusive):
 *     D' = ROP3(P, S, D), bitwise over the pixel's bytes: bit i of the
 *     Raster Operation is the result for (P, S, D) = (i >> 2, i >> 1, i) & 1
 *     (0xCC = source copy, 0xF0 = pattern copy, 0xAA = destination).
 *
 * Colour depths: legacy commands 8, 16 (565 and 1555 store the same way)
 * and 32 bits per pixel; at 32 bpp the 32bpp Byte Mask selects the bytes
 * written (bit 20 "Write RGB Channel": bytes 0-2, bit 21 "Write Alpha
 * Channel": byte 3).  XY_FAST_COPY_BLT adds 64/128 bpp, XY_BLOCK_COPY_BLT
 * and XY_FAST_COLOR_BLT 64/96/128 bpp.
 *
 * Monochrome data (sources, text, patterns): one bit per pixel, the first
 * pixel in the most significant bit of its byte (public fact: X drivers
 * bit-reverse LSB-first bitmaps before handing them to the Intel blitter).
 * A monochrome source's scan lines start at bit Monochrome source data bit
 * position of their first byte and are padded to a 16-bit word (seed 004
 * XY_MONO_SRC_COPY_BLT: "All non-text monochrome sources are word
 * aligned"); text is bit packed (no padding) or byte packed (XY_TEXT_BLT).
 * An 8x8 monochrome pattern is the QWord Pattern Data 1:0, scan line r in
 * byte r; a colour pattern is 8 x 8 pixels, row-major (64 pixels * bytes
 * per pixel), from memory or immediate.  Pattern pixel used at (x, y):
 * ((x + horizontal seed) mod 8, (y + vertical seed) mod 8) (seed 004
 * XY_MONO_PAT_BLT).
 *
 * Surfaces (GPU virtual addresses through the context's PPGTT):
 *  - legacy commands: pitch in bytes (signed) for linear surfaces, in
 *    DWords for tiled ones (seed 004: "For Tiled surfaces this pitch is of
 *    512Byte granularity for Tile-X, 128B granularity for Tile-Y"; the
 *    field's title says "in DWords", while public facts (Linux i915, IGT)
 *    program linear pitches in bytes, as its "double word aligned" reads);
 *    Tile-X or Tile-Y by the BCS_SWCTRL register (MMIO 0x22200, bit 0
 *    source Tile-Y, bit 1 destination Tile-Y; public fact: i915
 *    BCS_SWCTRL), not in the seeds;
 *  - XY_FAST_COPY_BLT: Linear / YMAJOR (legacy Tile-Y) by its tiling
 *    fields, pitch in bytes (linear) or DWords (tiled);
 *  - XY_BLOCK_COPY_BLT / XY_FAST_COLOR_BLT: Linear / YMAJOR, pitch U18-1
 *    in bytes (linear) or DWords (tiled), X/Y offsets of the origin.
 * Not modelled (reported by name): Tile4 and Tile64 (their address
 * layouts are not in the seeds), the chroma-key commands (the seed gives no
 * values of Transparency Range Mode) and XY_MONO_PAT_FIXED_BLT (the seed
 * names the fixed patterns but not their bits).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cs/blt.h"
#include "sf/tiling.h"

#define BCS_SWCTRL 0x22200u /* public fact: i915 BCS_SWCTRL; bit 0 source Tile-Y, bit 1 destination */
#define MAX_CPP 16u

/* The setup registers (seed 004 XY_SETUP_BLT: "All other BLTs use a
 * temporary version of these"). */
struct gt_blt {
    int clip_x1, clip_y1, clip_x2, clip_y2;
    int src_transp, pat_transp, solid_pat;
    unsigned depth, rop, byte_mask;
    int32_t pitch_field;
    uint64_t dst;
    uint32_t bg, fg;
    uint64_t pat_addr;
    uint64_t mono_pat;
    int mono_pat_set; /* the last setup was XY_SETUP_MONO_PATTERN_SL_BLT */
};

void gt_blt_destroy(struct gt_blt *b)
{
    free(b);
}

typedef struct {
    uint64_t base;
    int64_t pitch; /* bytes */
    int tiling;    /* enum gt_tiling */
    int xoff, yoff;
    const char *what; /* "destination", "source" */
} blt_surf;

enum { SRC_NONE, SRC_COLOR, SRC_MONO };
enum { PAT_NONE, PAT_SOLID, PAT_COLOR, PAT_MONO };

typedef struct {
    gtsim_device *dev;
    gt_vm *vm;
    const char *name, *where;
    unsigned cpp;
    uint8_t wmask[MAX_CPP]; /* bytes written (0xff) or kept (0) */
    unsigned rop;
    blt_surf dst;
    int x1, y1, x2, y2;
    int clip, cx1, cy1, cx2, cy2;
    int src;
    blt_surf s;
    int sx1, sy1;
    uint8_t *mono;          /* monochrome source bits: all of them (immediate), or the
                             * bytes of scan line mono_row (memory) */
    uint64_t mono_bits;     /* bits available (immediate) */
    int mono_mem;           /* the source is in memory (else immediate) */
    uint64_t mono_va;       /* memory source: address of its first byte */
    const char *mono_what;  /* "monochrome source", "text source" */
    int64_t mono_row;       /* scan line held in mono (memory), -1 = none */
    uint64_t mono_byte0;    /* source byte held in mono[0] (memory) */
    uint64_t mono_stride;   /* bits per scan line */
    unsigned mono_first;    /* bit of the first pixel of each line */
    uint32_t src_bg, src_fg;
    int src_transp;
    int pat;
    uint8_t pat_px[64 * MAX_CPP];
    uint64_t pat_bits;
    uint32_t pat_bg, pat_fg;
    int pat_transp;
    unsigned hseed, vseed;
    uint8_t fill[MAX_CPP];  /* PAT_SOLID colour bytes */
} blt_op;

/* ---- reports ---- */

static int blt_fault(blt_op *o, int write, const char *what, int x, int y, uint64_t va, uint64_t fault)
{
    char w[192];
    snprintf(w, sizeof(w), "%s at %s: %s the %s pixel (%d, %d)", o->name, o->where, write ? "writing" : "reading",
             what, x, y);
    if (gt_vm_host_error(o->dev, o->vm, w, fault))
        return GTSIM_ERR_NOMEM;
    char why[96];
    gt_vm_fault_why(o->vm, fault, why, sizeof(why));
    return gt_error(o->dev, GTSIM_ERR_FAULT,
                    "%s: GPU page fault %s %u bytes at %s address 0x%" PRIx64 " (unmapped page 0x%" PRIx64
                    ": %s)",
                    w, write ? "writing" : "reading", o->cpp, o->vm->mode == GT_VM_GGTT ? "GGTT" : "PPGTT", va,
                    fault, why);
}

#define BAD(o, st, ...) blt_bad((o)->dev, (o)->name, (o)->where, st, __VA_ARGS__)
static int blt_bad(gtsim_device *dev, const char *name, const char *where, int st, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static int blt_bad(gtsim_device *dev, const char *name, const char *where, int st, const char *fmt, ...)
{
    char why[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof(why), fmt, ap);
    va_end(ap);
    return gt_error(dev, st, "%s at %s: %s", name, where, why);
}

/* ---- surfaces ---- */

/* GPU address of pixel (x, y) of s, or a report (a tiled surface has no
 * pixels at negative coordinates). */
static int surf_addr(blt_op *o, const blt_surf *s, int x, int y, uint64_t *va)
{
    int64_t bx = ((int64_t)x + s->xoff) * o->cpp, by = (int64_t)y + s->yoff;
    if (s->tiling == GT_TILE_LINEAR) {
        *va = s->base + (uint64_t)(by * s->pitch + bx);
        return GTSIM_OK;
    }
    if (bx < 0 || by < 0 || s->pitch <= 0 || bx >= s->pitch)
        return BAD(o, GTSIM_ERR_ILLEGAL, "%s pixel (%d, %d) lies outside its %s-tiled surface (pitch %" PRId64
                   " bytes)", s->what, x, y, s->tiling == GT_TILE_X ? "X" : "Y", s->pitch);
    *va = s->base + gt_tile_offset(s->tiling, (uint32_t)s->pitch, (uint32_t)bx, (uint32_t)by);
    return GTSIM_OK;
}

static int px_read(blt_op *o, const blt_surf *s, int x, int y, uint8_t *px)
{
    uint64_t va, fault = 0;
    int st = surf_addr(o, s, x, y, &va);
    if (st)
        return st;
    if (gt_vm_read(o->vm, va, px, o->cpp, &fault))
        return blt_fault(o, 0, s->what, x, y, va, fault);
    return GTSIM_OK;
}

static int px_write(blt_op *o, const blt_surf *s, int x, int y, const uint8_t *px)
{
    uint64_t va, fault = 0;
    int st = surf_addr(o, s, x, y, &va);
    if (st)
        return st;
    if (gt_vm_write(o->vm, va, px, o->cpp, &fault))
        return blt_fault(o, 1, s->what, x, y, va, fault);
    return GTSIM_OK;
}

/* ---- the blit ---- */

static uint8_t rop3(unsigned rop, uint8_t p, uint8_t s, uint8_t d)
{
    switch (rop) {
    case 0xcc: return s;
    case 0xf0: return p;
    case 0xaa: return d;
    case 0x00: return 0;
    case 0xff: return 0xff;
    }
    uint8_t r = 0;
    for (unsigned i = 0; i < 8; i++)
        if ((rop >> i) & 1)
            r |= (uint8_t)((i & 4 ? p : ~p) & (i & 2 ? s : ~s) & (i & 1 ? d : ~d));
    return r;
}

static int rop_uses(unsigned rop, int which) /* which: 4 = P, 2 = S, 1 = D */
{
    for (unsigned i = 0; i < 8; i++)
        if (((rop >> i) & 1) != ((rop >> (i ^ (unsigned)which)) & 1))
            return 1;
    return 0;
}

static void color_bytes(uint64_t c, unsigned cpp, uint8_t *out)
{
    for (unsigned i = 0; i < cpp; i++)
        out[i] = i < 8 ? (uint8_t)(c >> (8 * i)) : 0;
}

static int load_bytes(blt_op *o, const char *what, uint64_t va, size_t len, uint8_t *out);

static int mono_bit(blt_op *o, int dx, int dy, int *bit)
{
    uint64_t b = (uint64_t)dy * o->mono_stride + o->mono_first + (uint64_t)dx;
    if (o->mono_mem) { /* from memory: read the scan line's bytes when first needed */
        if (o->mono_row != dy) {
            uint64_t first = (uint64_t)dy * o->mono_stride + o->mono_first;
            uint64_t end = first + (uint64_t)(o->x2 - o->x1);
            o->mono_byte0 = first / 8;
            int st = load_bytes(o, o->mono_what, o->mono_va + o->mono_byte0, (end + 7) / 8 - o->mono_byte0,
                                o->mono);
            if (st)
                return st;
            o->mono_row = dy;
        }
        *bit = (o->mono[b / 8 - o->mono_byte0] >> (7 - b % 8)) & 1;
        return GTSIM_OK;
    }
    if (b >= o->mono_bits)
        return BAD(o, GTSIM_ERR_ILLEGAL, "the monochrome source holds %" PRIu64 " bits; pixel (%d, %d) of "
                   "the blit needs bit %" PRIu64, o->mono_bits, dx, dy, b);
    *bit = (o->mono[b / 8] >> (7 - b % 8)) & 1;
    return GTSIM_OK;
}

/* The fast path of whole-row copies and fills: linear destination (and
 * source), every byte written, ROP source copy (0xCC) or pattern copy
 * (0xF0) of a solid colour.  A row is read whole before it is written, so
 * overlapping rows copy as memmove does; rows go in the order blt_run
 * chose.  Same results and reports as the pixel path. */
static int blt_rows(blt_op *o, int x1, int x2, int y, int sy, uint8_t *row)
{
    uint64_t w = (uint64_t)(x2 - x1) * o->cpp, va, fault = 0;
    int st;
    if (o->src == SRC_COLOR) {
        if ((st = surf_addr(o, &o->s, o->sx1 + (x1 - o->x1), sy, &va)))
            return st;
        if (gt_vm_read(o->vm, va, row, w, &fault))
            return blt_fault(o, 0, o->s.what, o->sx1 + (x1 - o->x1) + (int)((fault - va) / o->cpp), sy, fault,
                             fault);
    }
    if ((st = surf_addr(o, &o->dst, x1, y, &va)))
        return st;
    if (gt_vm_write(o->vm, va, row, w, &fault))
        return blt_fault(o, 1, o->dst.what, x1 + (int)((fault - va) / o->cpp), y, fault, fault);
    return GTSIM_OK;
}

static int blt_run(blt_op *o)
{
    int x1 = o->x1, y1 = o->y1, x2 = o->x2, y2 = o->y2;
    if (o->clip) {
        if (o->cx1 > x1) x1 = o->cx1;
        if (o->cy1 > y1) y1 = o->cy1;
        if (o->cx2 < x2) x2 = o->cx2;
        if (o->cy2 < y2) y2 = o->cy2;
    }
    if (x2 <= x1 || y2 <= y1)
        return GTSIM_OK;
    int need_d = rop_uses(o->rop, 1);
    for (unsigned i = 0; i < o->cpp; i++)
        if (!o->wmask[i])
            need_d = 1;
    int need_s = o->src != SRC_NONE && (rop_uses(o->rop, 2) || o->src == SRC_MONO);
    int need_p = o->pat != PAT_NONE && (rop_uses(o->rop, 4) || o->pat == PAT_MONO);
    /* overlapping colour copies on one surface: walk away from the
     * overlap (seed 004 XY_SRC_COPY_BLT: X backwards when Source X1 <
     * Destination X1, Y backwards when Source Y1 < Destination Y1) */
    int xback = 0, yback = 0;
    if (o->src == SRC_COLOR && o->s.base == o->dst.base) {
        xback = o->sx1 < o->x1;
        yback = o->sy1 < o->y1;
    }
    int rows = !need_d && o->dst.tiling == GT_TILE_LINEAR &&
               ((o->rop == 0xcc && o->src == SRC_COLOR && o->s.tiling == GT_TILE_LINEAR) ||
                (o->rop == 0xf0 && o->pat == PAT_SOLID && o->src == SRC_NONE));
    uint8_t *row = NULL;
    if (rows) {
        size_t w = (size_t)(x2 - x1) * o->cpp;
        if (!(row = malloc(w)))
            return gt_error(o->dev, GTSIM_ERR_NOMEM, "%s at %s: out of host memory for a %zu-byte scan line",
                            o->name, o->where, w);
        if (o->src == SRC_NONE)
            for (size_t k = 0; k < w; k += o->cpp)
                memcpy(row + k, o->fill, o->cpp);
    }
    uint8_t p[MAX_CPP] = {0}, s[MAX_CPP] = {0}, d[MAX_CPP] = {0}, r[MAX_CPP];
    for (int j = 0; j < y2 - y1; j++) {
        int y = yback ? y2 - 1 - j : y1 + j;
        o->dev->sub_blt_pixels += (uint64_t)(x2 - x1);
        int st = gt_poll(o->dev);
        if (st) {
            char why[sizeof(o->dev->err)];
            snprintf(why, sizeof(why), "%s", o->dev->err);
            free(row);
            return gt_error(o->dev, st, "%s\n  in %s at %s, scan line %d", why, o->name, o->where, y);
        }
        if (rows) {
            if ((st = blt_rows(o, x1, x2, y, o->sy1 + (y - o->y1), row))) {
                free(row);
                return st;
            }
            continue;
        }
        for (int i = 0; i < x2 - x1; i++) {
            int x = xback ? x2 - 1 - i : x1 + i;
            int write = 1;
            if (need_s) {
                if (o->src == SRC_COLOR) {
                    if ((st = px_read(o, &o->s, o->sx1 + (x - o->x1), o->sy1 + (y - o->y1), s)))
                        return st;
                } else {
                    int bit = 0;
                    if ((st = mono_bit(o, x - o->x1, y - o->y1, &bit)))
                        return st;
                    if (!bit && o->src_transp)
                        write = 0;
                    color_bytes(bit ? o->src_fg : o->src_bg, o->cpp, s);
                }
            }
            if (need_p) {
                unsigned px = ((unsigned)x + o->hseed) & 7, py = ((unsigned)y + o->vseed) & 7;
                if (o->pat == PAT_SOLID)
                    memcpy(p, o->fill, o->cpp);
                else if (o->pat == PAT_COLOR)
                    memcpy(p, o->pat_px + (py * 8 + px) * o->cpp, o->cpp);
                else {
                    int bit = (int)((o->pat_bits >> (py * 8 + (7 - px))) & 1);
                    if (!bit && o->pat_transp)
                        write = 0;
                    color_bytes(bit ? o->pat_fg : o->pat_bg, o->cpp, p);
                }
            }
            if (!write)
                continue;
            if (need_d && (st = px_read(o, &o->dst, x, y, d)))
                return st;
            for (unsigned k = 0; k < o->cpp; k++)
                r[k] = o->wmask[k] ? rop3(o->rop, p[k], s[k], d[k]) : d[k];
            if ((st = px_write(o, &o->dst, x, y, r)))
                return st;
        }
    }
    free(row);
    return GTSIM_OK;
}

/* ---- loading sources and patterns ---- */

static int load_bytes(blt_op *o, const char *what, uint64_t va, size_t len, uint8_t *out)
{
    uint64_t fault = 0;
    if (!gt_vm_read(o->vm, va, out, len, &fault))
        return GTSIM_OK;
    char w[160];
    snprintf(w, sizeof(w), "%s at %s: reading the %s (%zu bytes)", o->name, o->where, what, len);
    if (gt_vm_host_error(o->dev, o->vm, w, fault))
        return GTSIM_ERR_NOMEM;
    char why[96];
    gt_vm_fault_why(o->vm, fault, why, sizeof(why));
    return gt_error(o->dev, GTSIM_ERR_FAULT, "%s: GPU page fault at %s address 0x%" PRIx64
                    " (unmapped page 0x%" PRIx64 ": %s)", w, o->vm->mode == GT_VM_GGTT ? "GGTT" : "PPGTT",
                    va, fault, why);
}

/* The 8x8 colour pattern from memory. */
static int load_color_pattern(blt_op *o, uint64_t va)
{
    o->pat = PAT_COLOR;
    return load_bytes(o, "colour pattern", va, 64u * o->cpp, o->pat_px);
}

/* The 8x8 colour pattern from the immediate DWords dw[0..n). */
static int imm_color_pattern(blt_op *o, const uint32_t *dw, unsigned n)
{
    unsigned need = 64u * o->cpp / 4;
    if (n < need)
        return BAD(o, GTSIM_ERR_ILLEGAL, "%u DWords of immediate pattern data; a %u-bpp 8x8 pattern needs %u",
                   n, 8 * o->cpp, need);
    o->pat = PAT_COLOR;
    memcpy(o->pat_px, dw, 4u * need);
    return GTSIM_OK;
}

/* A monochrome source of the blit's rectangle: word-aligned scan lines
 * (text: bit- or byte-packed, first_bit 0), from memory (va; read a scan
 * line at a time as the blit needs it) or from the immediate DWords (imm,
 * nimm). */
static int load_mono(blt_op *o, int text, int byte_packed, uint64_t va, const uint32_t *imm, unsigned nimm)
{
    uint64_t w = (uint64_t)(o->x2 - o->x1), h = (uint64_t)(o->y2 - o->y1);
    if (o->x2 <= o->x1 || o->y2 <= o->y1)
        return GTSIM_OK;
    if (text)
        o->mono_stride = byte_packed ? (w + 7) / 8 * 8 : w;
    else
        o->mono_stride = (o->mono_first + w + 15) / 16 * 16;
    o->src = SRC_MONO;
    o->mono_what = text ? "text source" : "monochrome source";
    if (!imm) { /* a scan line's bytes at a time, whatever its bit alignment */
        uint64_t bytes = (w + 7) / 8 + 1;
        if (!(o->mono = malloc(bytes)))
            return gt_error(o->dev, GTSIM_ERR_NOMEM, "%s at %s: out of host memory for %" PRIu64
                            " bytes of monochrome source", o->name, o->where, bytes);
        o->mono_mem = 1;
        o->mono_va = va;
        o->mono_row = -1;
        return GTSIM_OK;
    }
    uint64_t bytes = (o->mono_stride * h + 7) / 8;
    if ((uint64_t)nimm * 4 < bytes)
        return BAD(o, GTSIM_ERR_ILLEGAL, "%u DWords of immediate monochrome data; the %" PRIu64 "x%" PRIu64
                   " blit needs %" PRIu64 " bytes", nimm, w, h, bytes);
    bytes = (uint64_t)nimm * 4;
    if (!(o->mono = malloc(bytes ? bytes : 1)))
        return gt_error(o->dev, GTSIM_ERR_NOMEM, "%s at %s: out of host memory for %" PRIu64
                        " bytes of monochrome source", o->name, o->where, bytes);
    memcpy(o->mono, imm, bytes);
    o->mono_bits = bytes * 8;
    return GTSIM_OK;
}

/* ---- command lowering ---- */

static unsigned legacy_cpp(unsigned depth)
{
    return depth == 0 ? 1 : depth == 3 ? 4 : 2;
}

static void legacy_mask(blt_op *o, unsigned byte_mask)
{
    memset(o->wmask, 0xff, sizeof(o->wmask));
    if (o->cpp == 4) {
        o->wmask[0] = o->wmask[1] = o->wmask[2] = (byte_mask & 1) ? 0xff : 0;
        o->wmask[3] = (byte_mask & 2) ? 0xff : 0;
    }
}

/* A legacy surface: linear pitch in bytes (signed), tiled in DWords. */
static void legacy_surf(blt_surf *s, const char *what, uint64_t base, int64_t pitch, int tiled, int tile_y)
{
    memset(s, 0, sizeof(*s));
    s->what = what;
    s->base = base;
    s->tiling = !tiled ? GT_TILE_LINEAR : tile_y ? GT_TILE_Y : GT_TILE_X;
    s->pitch = tiled ? pitch * 4 : pitch;
}

static void clip_from(blt_op *o, const struct gt_blt *b, int enable)
{
    o->clip = enable;
    o->cx1 = b->clip_x1;
    o->cy1 = b->clip_y1;
    o->cx2 = b->clip_x2;
    o->cy2 = b->clip_y2;
}

static void rect_from(blt_op *o, const uint64_t *f)
{
    o->x1 = (int)(int64_t)f[BLT_DST_X1];
    o->y1 = (int)(int64_t)f[BLT_DST_Y1];
    o->x2 = (int)(int64_t)f[BLT_DST_X2];
    o->y2 = (int)(int64_t)f[BLT_DST_Y2];
}

/* XY_FAST_COPY_BLT tiling (seed 004): 00 linear, 10 YMAJOR (DWord 1
 * selects legacy Tile-Y or Tile4), 11 Tile64. */
static int fast_tiling(blt_op *o, const char *what, unsigned method, unsigned tile4, int *tiling)
{
    if (method == 0) {
        *tiling = GT_TILE_LINEAR;
        return GTSIM_OK;
    }
    if (method == 2 && !tile4) {
        *tiling = GT_TILE_Y;
        return GTSIM_OK;
    }
    if (method == 1)
        return BAD(o, GTSIM_ERR_ILLEGAL, "reserved %s Tiling Method 01b", what);
    return BAD(o, GTSIM_ERR_UNIMPL, "%s tiling %s is not modelled (its address layout is not in the seeds)",
               what, method == 3 ? "Tile64" : "Tile4");
}

static int block_surf(blt_op *o, blt_surf *s, const char *what, unsigned tiling, uint64_t pitch_field,
                      uint64_t base, uint64_t xoff, uint64_t yoff)
{
    memset(s, 0, sizeof(*s));
    s->what = what;
    s->base = base;
    if (tiling > 1)
        return BAD(o, GTSIM_ERR_ILLEGAL, "reserved %s Tiling %u", what, tiling);
    s->tiling = tiling ? GT_TILE_Y : GT_TILE_LINEAR;
    s->pitch = (int64_t)(pitch_field + 1) * (tiling ? 4 : 1);
    s->xoff = (int)xoff;
    s->yoff = (int)yoff;
    if (tiling && o->cpp == 12)
        return BAD(o, GTSIM_ERR_ILLEGAL, "96 bit color needs linear surfaces; the %s is tiled", what);
    return GTSIM_OK;
}

int gt_blt_exec(gtsim_device *dev, struct gt_blt **state, const gt_cmd_desc *d, const uint32_t *dw,
                unsigned n, gt_vm *vm, const char *where)
{
    int kind = gt_blt_kind(d);
    if (kind < 0)
        return gt_error(dev, GTSIM_ERR_INVALID, "%s at %s is not a blitter command", d->name, where);
    if (!*state && !(*state = calloc(1, sizeof(struct gt_blt))))
        return gt_error(dev, GTSIM_ERR_NOMEM, "%s at %s: out of host memory", d->name, where);
    struct gt_blt *b = *state;
    uint64_t f[GT_NF_BLT];
    memset(f, 0, sizeof(f));
    gt_fields_unpack(d->fields, d->nfields, dw, n, f);
    blt_op *o = calloc(1, sizeof(*o));
    if (!o)
        return gt_error(dev, GTSIM_ERR_NOMEM, "%s at %s: out of host memory", d->name, where);
    o->dev = dev;
    o->vm = vm;
    o->name = d->name;
    o->where = where;
    o->rop = (unsigned)f[BLT_ROP];
    uint32_t swctrl = gt_mmio_reg(dev, BCS_SWCTRL);
    int src_y = swctrl & 1, dst_y = (swctrl >> 1) & 1;
    const uint32_t *imm = d->group ? dw + d->group_dw : NULL;
    unsigned nimm = d->group && n > d->group_dw ? n - d->group_dw : 0;
    int st = GTSIM_OK;

    /* the fields every legacy drawing command has */
    int legacy = kind != GT_BLT_FAST_COPY && kind != GT_BLT_BLOCK_COPY && kind != GT_BLT_FAST_COLOR &&
                 kind != GT_BLT_SETUP && kind != GT_BLT_SETUP_CLIP && kind != GT_BLT_SETUP_MONO_PAT_SL &&
                 kind != GT_BLT_PIXEL && kind != GT_BLT_SCANLINES && kind != GT_BLT_TEXT &&
                 kind != GT_BLT_TEXT_IMM;
    if (legacy) {
        o->cpp = legacy_cpp((unsigned)f[BLT_DEPTH]);
        legacy_mask(o, (unsigned)f[BLT_BYTE_MASK]);
        legacy_surf(&o->dst, "destination", f[BLT_DST_ADDR], (int64_t)f[BLT_DST_PITCH], (int)f[BLT_DST_TILED],
                    dst_y);
        rect_from(o, f);
        clip_from(o, b, (int)f[BLT_CLIP]);
        o->hseed = (unsigned)f[BLT_PAT_HSEED];
        o->vseed = (unsigned)f[BLT_PAT_VSEED];
    }
    switch ((enum gt_blt_kind)kind) {
    case GT_BLT_SRC_COPY:
    case GT_BLT_FULL:
    case GT_BLT_FULL_IMM_PAT:
    case GT_BLT_FULL_MONO_PAT:
        o->src = SRC_COLOR;
        legacy_surf(&o->s, "source", f[BLT_SRC_ADDR], (int64_t)f[BLT_SRC_PITCH], (int)f[BLT_SRC_TILED], src_y);
        o->sx1 = (int)(int64_t)f[BLT_SRC_X1];
        o->sy1 = (int)(int64_t)f[BLT_SRC_Y1];
        if (kind == GT_BLT_FULL)
            st = load_color_pattern(o, f[BLT_PAT_ADDR]);
        else if (kind == GT_BLT_FULL_IMM_PAT)
            st = imm_color_pattern(o, imm, nimm);
        else if (kind == GT_BLT_FULL_MONO_PAT) {
            o->pat = PAT_MONO;
            o->pat_bg = (uint32_t)f[BLT_PAT_BG];
            o->pat_fg = (uint32_t)f[BLT_PAT_FG];
            o->pat_bits = f[BLT_PAT_DATA0] | f[BLT_PAT_DATA1] << 32;
            o->pat_transp = (int)f[BLT_PAT_TRANSP] != 0;
            if (f[BLT_SOLID_PAT]) { /* the solid colour is the pattern background (XY_COLOR_BLT) */
                o->pat = PAT_SOLID;
                color_bytes(o->pat_bg, o->cpp, o->fill);
            }
        }
        break;
    case GT_BLT_COLOR:
        o->pat = PAT_SOLID;
        color_bytes(f[BLT_PAT_BG], o->cpp, o->fill);
        break;
    case GT_BLT_PAT:
        st = load_color_pattern(o, f[BLT_PAT_ADDR]);
        break;
    case GT_BLT_PAT_IMM:
        st = imm_color_pattern(o, imm, nimm);
        break;
    case GT_BLT_MONO_PAT:
        o->pat = PAT_MONO;
        o->pat_bg = (uint32_t)f[BLT_PAT_BG];
        o->pat_fg = (uint32_t)f[BLT_PAT_FG];
        o->pat_bits = f[BLT_PAT_DATA0] | f[BLT_PAT_DATA1] << 32;
        o->pat_transp = (int)f[BLT_PAT_TRANSP];
        break;
    case GT_BLT_MONO_SRC_COPY:
    case GT_BLT_MONO_SRC_COPY_IMM:
    case GT_BLT_FULL_MONO_SRC:
    case GT_BLT_FULL_MONO_SRC_IMM_PAT:
    case GT_BLT_FULL_MONO_PAT_MONO_SRC:
        o->src_bg = (uint32_t)f[BLT_SRC_BG];
        o->src_fg = (uint32_t)f[BLT_SRC_FG];
        o->src_transp = (int)f[BLT_SRC_TRANSP];
        o->mono_first = (unsigned)f[BLT_MONO_BITPOS];
        if (kind == GT_BLT_MONO_SRC_COPY_IMM)
            st = load_mono(o, 0, 0, 0, imm, nimm);
        else
            st = load_mono(o, 0, 0, f[BLT_SRC_ADDR], NULL, 0);
        if (st)
            break;
        if (kind == GT_BLT_FULL_MONO_SRC)
            st = load_color_pattern(o, f[BLT_PAT_ADDR]);
        else if (kind == GT_BLT_FULL_MONO_SRC_IMM_PAT)
            st = imm_color_pattern(o, imm ? imm : dw + 10, imm ? nimm : (n > 10 ? n - 10 : 0));
        else if (kind == GT_BLT_FULL_MONO_PAT_MONO_SRC) {
            o->pat = f[BLT_SOLID_PAT] ? PAT_SOLID : PAT_MONO;
            o->pat_bg = (uint32_t)f[BLT_PAT_BG];
            o->pat_fg = (uint32_t)f[BLT_PAT_FG];
            o->pat_bits = f[BLT_PAT_DATA0] | f[BLT_PAT_DATA1] << 32;
            o->pat_transp = (int)f[BLT_PAT_TRANSP];
            color_bytes(o->pat_bg, o->cpp, o->fill);
        }
        break;
    case GT_BLT_SRC_COPY_CHROMA:
    case GT_BLT_PAT_CHROMA:
    case GT_BLT_PAT_CHROMA_IMM:
        st = BAD(o, GTSIM_ERR_UNIMPL, "chroma-key blits are not modelled: seed 004 gives no values of "
                 "Transparency Range Mode (%u)", (unsigned)f[BLT_CHROMA_MODE]);
        break;
    case GT_BLT_MONO_PAT_FIXED:
        st = BAD(o, GTSIM_ERR_UNIMPL, "the fixed patterns are not modelled: seed 004 names Fixed Pattern %u "
                 "but not its bits", (unsigned)f[BLT_FIXED_PAT]);
        break;
    case GT_BLT_FAST_COPY: {
        static const uint8_t cpp_of[8] = {1, 2, 0, 4, 8, 16, 0, 0};
        o->cpp = cpp_of[f[BLT_DEPTH] & 7];
        if (!o->cpp) {
            st = BAD(o, GTSIM_ERR_ILLEGAL, "reserved Color Depth %u", (unsigned)f[BLT_DEPTH]);
            break;
        }
        memset(o->wmask, 0xff, sizeof(o->wmask));
        o->rop = 0xcc;
        o->src = SRC_COLOR;
        rect_from(o, f);
        int dt = 0, sti = 0;
        if ((st = fast_tiling(o, "Destination", (unsigned)f[BLT_DST_TILING], (unsigned)f[BLT_DST_TILE4], &dt)) ||
            (st = fast_tiling(o, "Source", (unsigned)f[BLT_SRC_TILING], (unsigned)f[BLT_SRC_TILE4], &sti)))
            break;
        o->dst = (blt_surf){f[BLT_DST_ADDR], (int64_t)f[BLT_DST_PITCH] * (dt ? 4 : 1), dt, 0, 0, "destination"};
        o->s = (blt_surf){f[BLT_SRC_ADDR], (int64_t)f[BLT_SRC_PITCH] * (sti ? 4 : 1), sti, 0, 0, "source"};
        o->sx1 = (int)(int64_t)f[BLT_SRC_X1];
        o->sy1 = (int)(int64_t)f[BLT_SRC_Y1];
        break;
    }
    case GT_BLT_BLOCK_COPY:
    case GT_BLT_FAST_COLOR: {
        static const uint8_t cpp_of[8] = {1, 2, 4, 8, 12, 16, 0, 0};
        o->cpp = cpp_of[f[BLT_DEPTH] & 7];
        if (!o->cpp) {
            st = BAD(o, GTSIM_ERR_ILLEGAL, "reserved Color Depth %u", (unsigned)f[BLT_DEPTH]);
            break;
        }
        memset(o->wmask, 0xff, sizeof(o->wmask));
        rect_from(o, f);
        if ((st = block_surf(o, &o->dst, "destination", (unsigned)f[BLT_DST_TILING], f[BLT_DST_PITCH],
                             f[BLT_DST_ADDR], f[BLT_DST_XOFF], f[BLT_DST_YOFF])))
            break;
        if (kind == GT_BLT_BLOCK_COPY) {
            o->rop = 0xcc;
            o->src = SRC_COLOR;
            o->sx1 = (int)(int64_t)f[BLT_SRC_X1];
            o->sy1 = (int)(int64_t)f[BLT_SRC_Y1];
            st = block_surf(o, &o->s, "source", (unsigned)f[BLT_SRC_TILING], f[BLT_SRC_PITCH], f[BLT_SRC_ADDR],
                            f[BLT_SRC_XOFF], f[BLT_SRC_YOFF]);
        } else {
            /* Fill Color: packed little endian from DWord 7 */
            uint32_t c[4] = {(uint32_t)f[BLT_FILL0], (uint32_t)f[BLT_FILL1], (uint32_t)f[BLT_FILL2],
                             (uint32_t)f[BLT_FILL3]};
            o->rop = 0xf0;
            o->pat = PAT_SOLID;
            memcpy(o->fill, c, o->cpp);
        }
        break;
    }
    case GT_BLT_SETUP:
    case GT_BLT_SETUP_MONO_PAT_SL:
        /* each setup loads the registers its layout has and keeps the
         * others (XY_SETUP_BLT has no monochrome pattern,
         * XY_SETUP_MONO_PATTERN_SL_BLT no colour pattern address) */
#define SETUP(reg, id, expr) \
    if (gt_cmd_field(d, id)) \
        b->reg = (expr);
        SETUP(src_transp, BLT_SRC_TRANSP, (int)f[BLT_SRC_TRANSP])
        SETUP(pat_transp, BLT_PAT_TRANSP, (int)f[BLT_PAT_TRANSP])
        SETUP(solid_pat, BLT_SOLID_PAT, (int)f[BLT_SOLID_PAT])
        SETUP(depth, BLT_DEPTH, (unsigned)f[BLT_DEPTH])
        SETUP(rop, BLT_ROP, (unsigned)f[BLT_ROP])
        SETUP(byte_mask, BLT_BYTE_MASK, (unsigned)f[BLT_BYTE_MASK])
        SETUP(pitch_field, BLT_DST_PITCH, (int32_t)(int64_t)f[BLT_DST_PITCH])
        SETUP(dst, BLT_DST_ADDR, f[BLT_DST_ADDR])
        SETUP(bg, BLT_SRC_BG, (uint32_t)f[BLT_SRC_BG])
        SETUP(fg, BLT_SRC_FG, (uint32_t)f[BLT_SRC_FG])
        SETUP(pat_addr, BLT_PAT_ADDR, f[BLT_PAT_ADDR])
        SETUP(mono_pat, BLT_PAT_DATA0, f[BLT_PAT_DATA0] | f[BLT_PAT_DATA1] << 32)
#undef SETUP
        /* XY_SCANLINES_BLT draws the pattern of the last setup */
        b->mono_pat_set = kind == GT_BLT_SETUP_MONO_PAT_SL;
        __attribute__((fallthrough)); /* both load the ClipRect */
    case GT_BLT_SETUP_CLIP:
        b->clip_x1 = (int)(int64_t)f[BLT_CLIP_X1];
        b->clip_y1 = (int)(int64_t)f[BLT_CLIP_Y1];
        b->clip_x2 = (int)(int64_t)f[BLT_CLIP_X2];
        b->clip_y2 = (int)(int64_t)f[BLT_CLIP_Y2];
        free(o);
        return GTSIM_OK;
    case GT_BLT_PIXEL:
    case GT_BLT_SCANLINES:
    case GT_BLT_TEXT:
    case GT_BLT_TEXT_IMM:
        /* the destination, colours and ROP of the last setup; always
         * clipped to its ClipRect (seed 004 XY_PIXEL_BLT, XY_SCANLINES_BLT,
         * XY_TEXT_BLT) */
        o->cpp = legacy_cpp(b->depth);
        legacy_mask(o, b->byte_mask);
        legacy_surf(&o->dst, "destination", b->dst, b->pitch_field, (int)f[BLT_DST_TILED], dst_y);
        o->rop = b->rop;
        clip_from(o, b, 1);
        rect_from(o, f);
        if (kind == GT_BLT_PIXEL) {
            o->x2 = o->x1 + 1;
            o->y2 = o->y1 + 1;
            o->pat = PAT_SOLID; /* the pixel supplied in XY_SETUP_BLT: its foreground colour */
            color_bytes(b->fg, o->cpp, o->fill);
        } else if (kind == GT_BLT_SCANLINES) {
            o->hseed = (unsigned)f[BLT_PAT_HSEED];
            o->vseed = (unsigned)f[BLT_PAT_VSEED];
            if (b->mono_pat_set) {
                o->pat = b->solid_pat ? PAT_SOLID : PAT_MONO;
                o->pat_bg = b->bg;
                o->pat_fg = b->fg;
                o->pat_bits = b->mono_pat;
                o->pat_transp = b->pat_transp;
                color_bytes(b->bg, o->cpp, o->fill);
            } else
                st = load_color_pattern(o, b->pat_addr);
        } else {
            o->src_bg = b->bg;
            o->src_fg = b->fg;
            o->src_transp = b->src_transp;
            st = load_mono(o, 1, (int)f[BLT_BYTE_PACKED], f[BLT_SRC_ADDR], kind == GT_BLT_TEXT_IMM ? imm : NULL,
                           nimm);
        }
        break;
    }
    if (st == GTSIM_OK)
        st = blt_run(o);
    free(o->mono);
    free(o);
    return st;
}
