/*
 * Blitter engine tests: hand-built contexts, rings and batch buffers on the
 * blitter command streamer (MMIO base 0x22000), one test per
 * XY_* command of seed 004.  Commands are encoded here from the seed 004
 * command pages; every expected destination surface is computed on the CPU
 * by the reference below (its own ROP3 table, tile address functions and
 * monochrome expansion), not by gtsim's blitter code.
 *
 * The device: tgllp (Gen12LP, seed 004), contexts submitted through the
 * blitter's execlist submission queue (EXECLIST_SQ_CONTENTS 0x22510,
 * EXECLIST_CONTROL 0x22550).
 *
 *   GGTT: pages 0..1023 identity mapped
 *   0x10000  logical ring context (LRCA), register state at +0x1000
 *   0x20000  ring buffer
 *   0x100000 PPGTT page tables
 *   PPGTT: BATCH 0x800100000000 -> 0x200000 (16 pages),
 *          DATA  0x7f0000000000 -> 0x400000 (256 pages), page DATA+HOLE unmapped
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gtsim.h"

#define LRCA 0x10000ull
#define RING 0x20000ull
#define PT_BASE 0x100000ull
#define BATCH 0x800100000000ull
#define BATCH_PA 0x200000ull
#define DATA 0x7f0000000000ull
#define DATA_PA 0x400000ull
#define DATA_PAGES 256u
#define HOLE (200u * 4096u) /* DATA + HOLE is not mapped */

#include "engine_env.h"

/* ---- command encodings (seed 004) ---- */
#define XY(op, len) ((2u << 29) | ((uint32_t)(op) << 22) | ((len) - 2u))
#define BCS_SWCTRL 0x22200u

/* ---- the reference model ---- */

/* ROP3 by definition: result bit = bit (P<<2 | S<<1 | D) of the ROP. */
static uint8_t ref_rop(unsigned rop, uint8_t p, uint8_t s, uint8_t d)
{
    uint8_t r = 0;
    for (int b = 0; b < 8; b++) {
        unsigned idx = ((p >> b) & 1) << 2 | ((s >> b) & 1) << 1 | ((d >> b) & 1);
        r |= (uint8_t)(((rop >> idx) & 1) << b);
    }
    return r;
}

enum { LIN, TX, TY };

typedef struct {
    uint64_t gva;
    int tiling;
    uint32_t pitch; /* bytes */
    unsigned cpp;
} surf;

/* X tile: 512 B x 8 rows; Y tile: 128 B x 32 rows of 16-byte columns. */
static uint64_t ref_offset(const surf *s, uint32_t x, uint32_t y)
{
    uint32_t bx = x * s->cpp;
    if (s->tiling == TX) {
        uint32_t tiles_per_row = s->pitch / 512;
        return (uint64_t)((y / 8) * tiles_per_row + bx / 512) * 4096 + (y % 8) * 512 + bx % 512;
    }
    if (s->tiling == TY) {
        uint32_t tiles_per_row = s->pitch / 128;
        uint32_t in = bx % 128;
        return (uint64_t)((y / 32) * tiles_per_row + bx / 128) * 4096 + (in / 16) * (32 * 16) + (y % 32) * 16 +
               in % 16;
    }
    return (uint64_t)y * s->pitch + bx;
}

static void px_get(env *e, const surf *s, int x, int y, uint8_t *out)
{
    gtsim_phys_read(e->dev, pa_of(s->gva + ref_offset(s, (uint32_t)x, (uint32_t)y)), out, s->cpp);
}

static void px_put(env *e, const surf *s, int x, int y, const uint8_t *in)
{
    gtsim_phys_write(e->dev, pa_of(s->gva + ref_offset(s, (uint32_t)x, (uint32_t)y)), in, s->cpp);
}

static int setup_cfg(void **state, int trace, uint64_t max_total)
{
    env *e = calloc(1, sizeof(*e));
    gtsim_config cfg;
    memset(&cfg, 0, sizeof(cfg));
    cfg.trace_commands = trace;
    cfg.max_total_eu_instructions = max_total;
    e->log = open_memstream(&e->logbuf, &e->loglen);
    cfg.log = e->log;
    e->dev = gtsim_create("tgllp", &cfg);
    assert_non_null(e->dev);
    e->next_pt = PT_BASE + 4096;
    engine_context(e, 0x22000); /* the blitter's context image: its ring registers at 0x22000 + ... */
    for (uint64_t i = 0; i < 16; i++)
        map_page(e, BATCH + i * 4096, BATCH_PA + i * 4096);
    for (uint64_t i = 0; i < DATA_PAGES; i++)
        if (i * 4096 != HOLE)
            map_page(e, DATA + i * 4096, DATA_PA + i * 4096);
    *state = e;
    return 0;
}

static int setup(void **state) { return setup_cfg(state, 0, 0); }
static int setup_traced(void **state) { return setup_cfg(state, 1, 0); }
static int setup_bounded(void **state) { return setup_cfg(state, 0, 1000000); }

static int teardown(void **state)
{
    env *e = *state;
    gtsim_destroy(e->dev);
    fclose(e->log);
    free(e->logbuf);
    free(e);
    return 0;
}

/* The batch dw[0..n) at BATCH (MI_BATCH_BUFFER_END appended), started from
 * the blitter's ring, submitted through the blitter's submission queue. */
static int run_blt(env *e, const uint32_t *dw, size_t n)
{
    return engine_run(e, 0x22000, 1, dw, n);
}

static uint32_t lcg_state = 12345;
static uint8_t rnd8(void)
{
    lcg_state = lcg_state * 1103515245u + 12345u;
    return (uint8_t)(lcg_state >> 16);
}

/* Fill w x h pixels of s with pseudo-random bytes. */
static void fill_rand(env *e, const surf *s, int w, int h)
{
    uint8_t px[16];
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            for (unsigned k = 0; k < s->cpp; k++)
                px[k] = rnd8();
            px_put(e, s, x, y, px);
        }
}

/* A host copy of w x h pixels of s (the reference surface). */
static uint8_t *snap(env *e, const surf *s, int w, int h)
{
    uint8_t *m = calloc((size_t)w * h, s->cpp);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            px_get(e, s, x, y, m + ((size_t)y * w + x) * s->cpp);
    return m;
}

/* The device's w x h pixels of s equal the reference ref. */
static void check_surface(env *e, const surf *s, int w, int h, const uint8_t *ref)
{
    uint8_t px[16];
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            px_get(e, s, x, y, px);
            const uint8_t *want = ref + ((size_t)y * w + x) * s->cpp;
            if (memcmp(px, want, s->cpp)) {
                char msg[160];
                snprintf(msg, sizeof(msg), "pixel (%d, %d): got %02x%02x%02x%02x.. want %02x%02x%02x%02x..", x, y,
                         px[0], px[1 % s->cpp], px[2 % s->cpp], px[3 % s->cpp], want[0], want[1 % s->cpp],
                         want[2 % s->cpp], want[3 % s->cpp]);
                fail_msg("%s", msg);
            }
        }
}

/* Reference pixel update: D = ROP(P, S, D) on the bytes of mask. */
static void ref_apply(uint8_t *d, const uint8_t *p, const uint8_t *s, unsigned rop, unsigned cpp, unsigned mask)
{
    for (unsigned k = 0; k < cpp; k++)
        if ((mask >> k) & 1)
            d[k] = ref_rop(rop, p ? p[k] : 0, s ? s[k] : 0, d[k]);
}

static void le_bytes(uint32_t v, unsigned cpp, uint8_t *out)
{
    for (unsigned k = 0; k < cpp; k++)
        out[k] = k < 4 ? (uint8_t)(v >> (8 * k)) : 0;
}

static unsigned depth_code(unsigned cpp) { return cpp == 1 ? 0 : cpp == 2 ? 1 : 3; }

/* Legacy pitch field: bytes (linear) or DWords (tiled). */
static uint32_t legacy_pitch(const surf *s) { return s->tiling == LIN ? s->pitch : s->pitch / 4; }

/* ---- tests ---- */

/* XY_SRC_COPY_BLT: every colour depth and several ROPs, linear. */
static void test_src_copy_depths_rops(void **state)
{
    env *e = *state;
    static const unsigned rops[] = {0xcc, 0x66, 0x88, 0xee, 0x33, 0x55, 0xbb, 0x00, 0xff};
    for (unsigned c = 1; c <= 4; c *= 2)
        for (size_t r = 0; r < sizeof(rops) / sizeof(rops[0]); r++) {
            surf src = {DATA, LIN, 256, c}, dst = {DATA + 0x10000, LIN, 320, c};
            fill_rand(e, &src, 40, 20);
            fill_rand(e, &dst, 40, 20);
            uint8_t *s = snap(e, &src, 40, 20), *ref = snap(e, &dst, 40, 20);
            /* copy src (3,2)..(3+30, 2+12) to dst (5,4) */
            for (int y = 4; y < 16; y++)
                for (int x = 5; x < 35; x++)
                    ref_apply(ref + ((size_t)y * 40 + x) * c, NULL, s + ((size_t)(y - 2) * 40 + (x - 2)) * c,
                              rops[r], c, 0xf);
            uint32_t b[] = {XY(0x53, 10) | (3u << 20), depth_code(c) << 24 | rops[r] << 16 | dst.pitch,
                            4u << 16 | 5, 16u << 16 | 35, LO(dst.gva), HI(dst.gva), 2u << 16 | 3, src.pitch,
                            LO(src.gva), HI(src.gva)};
            assert_int_equal(run_blt(e, b, 10), GTSIM_OK);
            check_surface(e, &dst, 40, 20, ref);
            free(s);
            free(ref);
        }
}

/* XY_SRC_COPY_BLT: 32bpp Byte Mask (alpha only, RGB only). */
static void test_src_copy_byte_mask(void **state)
{
    env *e = *state;
    for (unsigned m = 1; m <= 2; m++) {
        surf src = {DATA, LIN, 64, 4}, dst = {DATA + 0x1000, LIN, 64, 4};
        fill_rand(e, &src, 8, 4);
        fill_rand(e, &dst, 8, 4);
        uint8_t *s = snap(e, &src, 8, 4), *ref = snap(e, &dst, 8, 4);
        unsigned mask = m == 1 ? 0x7 : 0x8;
        for (int i = 0; i < 32; i++)
            ref_apply(ref + 4 * i, NULL, s + 4 * i, 0xcc, 4, mask);
        uint32_t b[] = {XY(0x53, 10) | (m << 20), 3u << 24 | 0xccu << 16 | 64, 0, 4u << 16 | 8,
                        LO(dst.gva), HI(dst.gva), 0, 64, LO(src.gva), HI(src.gva)};
        assert_int_equal(run_blt(e, b, 10), GTSIM_OK);
        check_surface(e, &dst, 8, 4, ref);
        free(s);
        free(ref);
    }
}

/* XY_SRC_COPY_BLT on one surface, overlapping both ways (memmove). */
static void test_src_copy_overlap(void **state)
{
    env *e = *state;
    for (int dir = 0; dir < 2; dir++) {
        surf s = {DATA, LIN, 64, 4};
        fill_rand(e, &s, 16, 16);
        uint8_t *orig = snap(e, &s, 16, 16), *ref = snap(e, &s, 16, 16);
        int sx = dir ? 3 : 1, sy = dir ? 2 : 1, dx = dir ? 1 : 3, dy = dir ? 1 : 2;
        for (int y = 0; y < 10; y++)
            for (int x = 0; x < 10; x++)
                memcpy(ref + ((size_t)(dy + y) * 16 + dx + x) * 4, orig + ((size_t)(sy + y) * 16 + sx + x) * 4, 4);
        uint32_t b[] = {XY(0x53, 10) | (3u << 20), 3u << 24 | 0xccu << 16 | 64, (uint32_t)dy << 16 | (uint32_t)dx,
                        (uint32_t)(dy + 10) << 16 | (uint32_t)(dx + 10), LO(s.gva), HI(s.gva),
                        (uint32_t)sy << 16 | (uint32_t)sx, 64, LO(s.gva), HI(s.gva)};
        assert_int_equal(run_blt(e, b, 10), GTSIM_OK);
        check_surface(e, &s, 16, 16, ref);
        free(orig);
        free(ref);
    }
}

/* XY_SRC_COPY_BLT between tiled surfaces: Y-tiled source (BCS_SWCTRL bit
 * 0 loaded by MI_LOAD_REGISTER_IMM on the blitter), X-tiled destination,
 * and the reverse. */
static void test_src_copy_tiled(void **state)
{
    env *e = *state;
    for (int k = 0; k < 3; k++) {
        surf src = {DATA, k == 0 ? TY : k == 1 ? TX : LIN, 512, 4};
        surf dst = {DATA + 0x10000, k == 0 ? TX : k == 1 ? TY : TY, 512, 4};
        uint32_t swctrl = (src.tiling == TY ? 1u : 0) | (dst.tiling == TY ? 2u : 0);
        fill_rand(e, &src, 128, 40);
        fill_rand(e, &dst, 128, 40);
        uint8_t *s = snap(e, &src, 128, 40), *ref = snap(e, &dst, 128, 40);
        for (int y = 0; y < 36; y++)
            for (int x = 0; x < 100; x++)
                memcpy(ref + ((size_t)(y + 3) * 128 + x + 20) * 4, s + ((size_t)(y + 1) * 128 + x + 7) * 4, 4);
        uint32_t b[] = {MI_LRI(1), BCS_SWCTRL, swctrl,
                        XY(0x53, 10) | (3u << 20) | (src.tiling != LIN ? 1u << 15 : 0) | (1u << 11),
                        3u << 24 | 0xccu << 16 | legacy_pitch(&dst), 3u << 16 | 20, 39u << 16 | 120, LO(dst.gva),
                        HI(dst.gva), 1u << 16 | 7, legacy_pitch(&src), LO(src.gva), HI(src.gva)};
        assert_int_equal(run_blt(e, b, sizeof(b) / 4), GTSIM_OK);
        check_surface(e, &dst, 128, 40, ref);
        free(s);
        free(ref);
    }
}

/* XY_COLOR_BLT: 16 bpp fill with ROP 0x5A (P xor D), clipped by the
 * ClipRect of XY_SETUP_CLIP_BLT. */
static void test_color_clip(void **state)
{
    env *e = *state;
    surf dst = {DATA, LIN, 128, 2};
    fill_rand(e, &dst, 64, 16);
    uint8_t *ref = snap(e, &dst, 64, 16);
    uint8_t col[2] = {0x34, 0x12};
    for (int y = 3; y < 9; y++)       /* rect (2,1)-(40,12) clipped to (10,3)-(30,9) */
        for (int x = 10; x < 30; x++)
            ref_apply(ref + ((size_t)y * 64 + x) * 2, col, NULL, 0x5a, 2, 0x3);
    uint32_t b[] = {XY(0x03, 3), 3u << 16 | 10, 9u << 16 | 30,
                    XY(0x50, 7), 1u << 30 | 1u << 24 | 0x5au << 16 | 128, 1u << 16 | 2, 12u << 16 | 40,
                    LO(dst.gva), HI(dst.gva), 0xabcd1234};
    assert_int_equal(run_blt(e, b, sizeof(b) / 4), GTSIM_OK);
    check_surface(e, &dst, 64, 16, ref);
    free(ref);
}

/* XY_SRC_COPY_BLT clipped by the ClipRect (Clipping Enabled): the source
 * pixels keep their offset to the unclipped destination rectangle; ROP
 * 0xCC (whole rows) and 0x66 (per pixel). */
static void test_src_copy_clipped(void **state)
{
    env *e = *state;
    for (int k = 0; k < 2; k++) {
        unsigned rop = k ? 0x66 : 0xcc;
        surf src = {DATA, LIN, 256, 4}, dst = {DATA + 0x10000, LIN, 256, 4};
        fill_rand(e, &src, 64, 32);
        fill_rand(e, &dst, 64, 32);
        uint8_t *sp = snap(e, &src, 64, 32), *ref = snap(e, &dst, 64, 32);
        /* rect (4,3)-(50,30) from source (1,2), clipped to (10,7)-(41,20) */
        for (int y = 7; y < 20; y++)
            for (int x = 10; x < 41; x++)
                ref_apply(ref + ((size_t)y * 64 + x) * 4, NULL, sp + ((size_t)(y - 1) * 64 + (x - 3)) * 4, rop, 4,
                          0xf);
        uint32_t b[] = {XY(0x03, 3), 7u << 16 | 10, 20u << 16 | 41,
                        XY(0x53, 10) | 3u << 20, 1u << 30 | 3u << 24 | rop << 16 | 256, 3u << 16 | 4,
                        30u << 16 | 50, LO(dst.gva), HI(dst.gva), 2u << 16 | 1, 256, LO(src.gva), HI(src.gva)};
        assert_int_equal(run_blt(e, b, sizeof(b) / 4), GTSIM_OK);
        check_surface(e, &dst, 64, 32, ref);
        free(sp);
        free(ref);
    }
}

/* XY_FAST_COPY_BLT: linear -> legacy Tile-Y at 32 and 64 bpp; Tile-Y ->
 * linear at 128 bpp. */
static void test_fast_copy(void **state)
{
    env *e = *state;
    static const unsigned cpps[] = {4, 8, 16}, codes[] = {3, 4, 5};
    for (int k = 0; k < 3; k++) {
        unsigned c = cpps[k];
        surf src = {DATA, k == 2 ? TY : LIN, 512, c}, dst = {DATA + 0x20000, k == 2 ? LIN : TY, 512, c};
        int w = (int)(512 / c);
        fill_rand(e, &src, w, 40);
        fill_rand(e, &dst, w, 40);
        uint8_t *s = snap(e, &src, w, 40), *ref = snap(e, &dst, w, 40);
        for (int y = 0; y < 34; y++)
            for (int x = 0; x < w / 2; x++)
                memcpy(ref + ((size_t)(y + 2) * w + x + 4) * c, s + ((size_t)(y + 5) * w + x + 8) * c, c);
        uint32_t st = src.tiling == TY ? 2u : 0, dt = dst.tiling == TY ? 2u : 0;
        uint32_t b[] = {XY(0x42, 10) | st << 20 | dt << 13, codes[k] << 24 | (dt ? 512u / 4 : 512u),
                        2u << 16 | 4, 36u << 16 | (uint32_t)(4 + w / 2), LO(dst.gva), HI(dst.gva),
                        5u << 16 | 8, st ? 512u / 4 : 512u, LO(src.gva), HI(src.gva)};
        assert_int_equal(run_blt(e, b, 10), GTSIM_OK);
        check_surface(e, &dst, w, 40, ref);
        free(s);
        free(ref);
    }
}

/* XY_BLOCK_COPY_BLT: linear source -> YMAJOR destination with an X/Y
 * origin offset, 16 bpp; and 96 bpp linear -> linear. */
static void test_block_copy(void **state)
{
    env *e = *state;
    {
        surf src = {DATA, LIN, 300, 2}, dst = {DATA + 0x20000, TY, 256, 2};
        fill_rand(e, &src, 128, 48);
        fill_rand(e, &dst, 128, 48);
        uint8_t *s = snap(e, &src, 128, 48), *ref = snap(e, &dst, 128, 48);
        /* dst rect (1,2)-(50,20) + offset (6,5) */
        for (int y = 2; y < 20; y++)
            for (int x = 1; x < 50; x++)
                memcpy(ref + ((size_t)(y + 5) * 128 + x + 6) * 2, s + ((size_t)(y + 1) * 128 + x + 2) * 2, 2);
        uint32_t b[] = {XY(0x41, 12) | 1u << 19, 1u << 30 | (256u / 4 - 1), 2u << 16 | 1, 20u << 16 | 50,
                        LO(dst.gva), HI(dst.gva), 5u << 16 | 6, 3u << 16 | 3, 300u - 1, LO(src.gva), HI(src.gva),
                        0};
        assert_int_equal(run_blt(e, b, 12), GTSIM_OK);
        check_surface(e, &dst, 128, 48, ref);
        free(s);
        free(ref);
    }
    {
        surf src = {DATA, LIN, 480, 12}, dst = {DATA + 0x20000, LIN, 600, 12};
        fill_rand(e, &src, 40, 8);
        fill_rand(e, &dst, 40, 8);
        uint8_t *s = snap(e, &src, 40, 8), *ref = snap(e, &dst, 40, 8);
        for (int y = 0; y < 8; y++)
            for (int x = 0; x < 40; x++)
                memcpy(ref + ((size_t)y * 40 + x) * 12, s + ((size_t)y * 40 + x) * 12, 12);
        uint32_t b[] = {XY(0x41, 12) | 4u << 19, 600u - 1, 0, 8u << 16 | 40, LO(dst.gva), HI(dst.gva), 0, 0,
                        480u - 1, LO(src.gva), HI(src.gva), 0};
        assert_int_equal(run_blt(e, b, 12), GTSIM_OK);
        check_surface(e, &dst, 40, 8, ref);
        free(s);
        free(ref);
    }
}

/* XY_FAST_COLOR_BLT: 128-bit fill colour on YMAJOR, 8-bit on linear. */
static void test_fast_color(void **state)
{
    env *e = *state;
    for (int k = 0; k < 2; k++) {
        unsigned c = k ? 1 : 16;
        surf dst = {DATA, k ? LIN : TY, 256, c};
        int w = (int)(256 / c);
        fill_rand(e, &dst, w, 40);
        uint8_t *ref = snap(e, &dst, w, 40);
        uint32_t fillc[4] = {0x11223344, 0x55667788, 0x99aabbcc, 0xddeeff00};
        for (int y = 3; y < 37; y++)
            for (int x = 1; x < w - 1; x++)
                memcpy(ref + ((size_t)y * w + x) * c, fillc, c);
        uint32_t b[] = {XY(0x44, 11) | (k ? 0u : 5u) << 19, (k ? 0u : 1u << 30) | (k ? 255u : 256u / 4 - 1),
                        3u << 16 | 1, 37u << 16 | (uint32_t)(w - 1), LO(dst.gva), HI(dst.gva), 0,
                        fillc[0], fillc[1], fillc[2], fillc[3]};
        assert_int_equal(run_blt(e, b, 11), GTSIM_OK);
        check_surface(e, &dst, w, 40, ref);
        free(ref);
    }
}

/* Reference colour pattern pixel with seeds. */
static const uint8_t *pat_px(const uint8_t *pat, unsigned cpp, int x, int y, unsigned hs, unsigned vs)
{
    return pat + ((((unsigned)y + vs) & 7) * 8 + (((unsigned)x + hs) & 7)) * cpp;
}

/* XY_PAT_BLT (pattern in memory) and XY_PAT_BLT_IMMEDIATE, with seeds
 * and ROP 0xF0 / 0x5A. */
static void test_pat(void **state)
{
    env *e = *state;
    for (int imm = 0; imm < 2; imm++) {
        unsigned c = imm ? 2 : 4, rop = imm ? 0x5a : 0xf0, hs = 3, vs = 5;
        surf dst = {DATA, LIN, 128, c};
        uint8_t pat[256];
        for (int i = 0; i < 256; i++)
            pat[i] = rnd8();
        gtsim_phys_write(e->dev, pa_of(DATA + 0x8000), pat, 64 * c);
        fill_rand(e, &dst, 32, 20);
        uint8_t *ref = snap(e, &dst, 32, 20);
        for (int y = 2; y < 18; y++)
            for (int x = 1; x < 30; x++)
                ref_apply(ref + ((size_t)y * 32 + x) * c, pat_px(pat, c, x, y, hs, vs), NULL, rop, c, 0xf);
        uint32_t b[8 + 64];
        unsigned n = 0;
        b[n++] = (imm ? XY(0x72, 6 + 16 * c) : XY(0x51, 8)) | 3u << 20 | hs << 12 | vs << 8;
        b[n++] = depth_code(c) << 24 | rop << 16 | 128;
        b[n++] = 2u << 16 | 1;
        b[n++] = 18u << 16 | 30;
        b[n++] = LO(dst.gva);
        b[n++] = HI(dst.gva);
        if (imm) {
            memcpy(&b[n], pat, 64 * c);
            n += 16 * c;
        } else {
            b[n++] = LO(DATA + 0x8000);
            b[n++] = HI(DATA + 0x8000);
        }
        assert_int_equal(run_blt(e, b, n), GTSIM_OK);
        check_surface(e, &dst, 32, 20, ref);
        free(ref);
    }
}

/* Mono pattern bit of (x, y): byte r of the QWord is scan line r, the
 * first pixel in its most significant bit. */
static int mono_pat_bit(uint64_t bits, int x, int y, unsigned hs, unsigned vs)
{
    unsigned px = ((unsigned)x + hs) & 7, py = ((unsigned)y + vs) & 7;
    return (int)((bits >> (py * 8)) >> (7 - px)) & 1;
}

/* XY_MONO_PAT_BLT: background used and transparent. */
static void test_mono_pat(void **state)
{
    env *e = *state;
    for (int transp = 0; transp < 2; transp++) {
        surf dst = {DATA, LIN, 64, 4};
        uint64_t bits = 0x1122c3a455e6f718ull ^ (transp ? 0xff00ull : 0);
        uint32_t bg = 0x00aa00aa, fg = 0xff0000ff;
        unsigned hs = 1, vs = 6;
        fill_rand(e, &dst, 16, 16);
        uint8_t *ref = snap(e, &dst, 16, 16);
        for (int y = 0; y < 16; y++)
            for (int x = 0; x < 16; x++) {
                int bit = mono_pat_bit(bits, x, y, hs, vs);
                if (!bit && transp)
                    continue;
                uint8_t p[4];
                le_bytes(bit ? fg : bg, 4, p);
                ref_apply(ref + ((size_t)y * 16 + x) * 4, p, NULL, 0xf0, 4, 0xf);
            }
        uint32_t b[] = {XY(0x52, 10) | 3u << 20 | hs << 12 | vs << 8,
                        (uint32_t)transp << 28 | 3u << 24 | 0xf0u << 16 | 64, 0, 16u << 16 | 16, LO(dst.gva),
                        HI(dst.gva), bg, fg, (uint32_t)bits, (uint32_t)(bits >> 32)};
        assert_int_equal(run_blt(e, b, 10), GTSIM_OK);
        check_surface(e, &dst, 16, 16, ref);
        free(ref);
    }
}

/* Reference monochrome source bit: scan lines of stride bits, the first
 * pixel of each at bit `first`, most significant bit first. */
static int mono_bit(const uint8_t *m, unsigned stride, unsigned first, int x, int y)
{
    unsigned b = (unsigned)y * stride + first + (unsigned)x;
    return (m[b / 8] >> (7 - b % 8)) & 1;
}

/* XY_MONO_SRC_COPY_BLT (from memory) and XY_MONO_SRC_COPY_IMMEDIATE_BLT:
 * word-aligned scan lines, a first-pixel bit position, transparency. */
static void test_mono_src(void **state)
{
    env *e = *state;
    for (int k = 0; k < 4; k++) {
        int imm = k & 1, transp = k >> 1;
        unsigned first = 3, w = 21, h = 6, c = 1;
        unsigned stride = (first + w + 15) / 16 * 16; /* bits: word aligned */
        uint8_t m[64];
        for (int i = 0; i < 64; i++)
            m[i] = rnd8();
        gtsim_phys_write(e->dev, pa_of(DATA + 0x9000), m, sizeof(m));
        surf dst = {DATA, LIN, 64, c};
        fill_rand(e, &dst, 40, 10);
        uint8_t *ref = snap(e, &dst, 40, 10);
        uint32_t bg = 0x5c, fg = 0xa3;
        for (unsigned y = 0; y < h; y++)
            for (unsigned x = 0; x < w; x++) {
                int bit = mono_bit(m, stride, first, (int)x, (int)y);
                if (!bit && transp)
                    continue;
                uint8_t s = (uint8_t)(bit ? fg : bg);
                ref_apply(ref + (size_t)(y + 2) * 40 + x + 4, NULL, &s, 0xcc, 1, 1);
            }
        uint32_t b[8 + 16];
        unsigned n = 0;
        b[n++] = (imm ? XY(0x71, 8 + 6) : XY(0x54, 10)) | first << 17;
        b[n++] = (uint32_t)transp << 29 | 0u << 24 | 0xccu << 16 | 64;
        b[n++] = 2u << 16 | 4;
        b[n++] = (2u + h) << 16 | (4u + w);
        b[n++] = LO(dst.gva);
        b[n++] = HI(dst.gva);
        if (imm) {
            b[n++] = bg;
            b[n++] = fg;
            memcpy(&b[n], m, 24); /* 6 lines of 4 bytes */
            n += 6;
        } else {
            b[n++] = LO(DATA + 0x9000);
            b[n++] = HI(DATA + 0x9000);
            b[n++] = bg;
            b[n++] = fg;
        }
        assert_int_equal(run_blt(e, b, n), GTSIM_OK);
        check_surface(e, &dst, 40, 10, ref);
        free(ref);
    }
}

/* The XY_FULL_* commands: pattern x source x destination ROP 0x96
 * (P xor S xor D) and 0xE2, colour or monochrome source, colour (memory or
 * immediate) or monochrome pattern. */
static void test_full(void **state)
{
    env *e = *state;
    enum { FULL, FULL_IMM, FULL_MONO_PAT, FULL_MONO_PAT_MONO_SRC, FULL_MONO_SRC, FULL_MONO_SRC_IMM };
    for (int k = 0; k < 6; k++) {
        unsigned c = 4, rop = k & 1 ? 0xe2 : 0x96, hs = 2, vs = 7, first = 5;
        int w = 19, h = 9;
        int mono_src = k >= FULL_MONO_PAT_MONO_SRC, mono_pat = k == FULL_MONO_PAT || k == FULL_MONO_PAT_MONO_SRC;
        surf src = {DATA, LIN, 128, c}, dst = {DATA + 0x4000, LIN, 128, c};
        uint8_t pat[256], m[64];
        for (int i = 0; i < 256; i++)
            pat[i] = rnd8();
        for (int i = 0; i < 64; i++)
            m[i] = rnd8();
        uint64_t pbits = 0x0123456789abcdefull;
        uint32_t sbg = 0x01020304, sfg = 0xf0e0d0c0, pbg = 0x11111111, pfg = 0xeeeeeeee;
        gtsim_phys_write(e->dev, pa_of(DATA + 0x8000), pat, sizeof(pat));
        gtsim_phys_write(e->dev, pa_of(DATA + 0x9000), m, sizeof(m));
        fill_rand(e, &src, 32, 16);
        fill_rand(e, &dst, 32, 16);
        uint8_t *s = snap(e, &src, 32, 16), *ref = snap(e, &dst, 32, 16);
        unsigned stride = (first + (unsigned)w + 15) / 16 * 16;
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                int dx = x + 3, dy = y + 4;
                uint8_t sp[4], pp[4];
                if (mono_src)
                    le_bytes(mono_bit(m, stride, first, x, y) ? sfg : sbg, 4, sp);
                else
                    memcpy(sp, s + ((size_t)(y + 1) * 32 + x + 2) * 4, 4);
                if (mono_pat)
                    le_bytes(mono_pat_bit(pbits, dx, dy, hs, vs) ? pfg : pbg, 4, pp);
                else
                    memcpy(pp, pat_px(pat, 4, dx, dy, hs, vs), 4);
                ref_apply(ref + ((size_t)dy * 32 + dx) * 4, pp, sp, rop, 4, 0xf);
            }
        static const uint32_t op[] = {0x55, 0x74, 0x57, 0x58, 0x56, 0x75};
        uint32_t b[10 + 64];
        unsigned n = 0;
        b[n++] = 0; /* header below */
        b[n++] = 3u << 24 | rop << 16 | 128;
        b[n++] = 4u << 16 | 3;
        b[n++] = (4u + (uint32_t)h) << 16 | (3u + (uint32_t)w);
        b[n++] = LO(dst.gva);
        b[n++] = HI(dst.gva);
        if (!mono_src) {
            b[n++] = 128;
            b[n++] = 1u << 16 | 2;
            b[n++] = LO(src.gva);
            b[n++] = HI(src.gva);
        } else {
            b[n++] = LO(DATA + 0x9000);
            b[n++] = HI(DATA + 0x9000);
            b[n++] = sbg;
            b[n++] = sfg;
        }
        if (mono_pat) {
            b[n++] = pbg;
            b[n++] = pfg;
            b[n++] = (uint32_t)pbits;
            b[n++] = (uint32_t)(pbits >> 32);
        } else if (k == FULL_IMM || k == FULL_MONO_SRC_IMM) {
            memcpy(&b[n], pat, 256);
            n += 64;
        } else {
            b[n++] = LO(DATA + 0x8000);
            b[n++] = HI(DATA + 0x8000);
        }
        b[0] = XY(op[k], n) | 3u << 20 | hs << 12 | vs << 8 | (mono_src ? first << 17 : 0);
        assert_int_equal(run_blt(e, b, n), GTSIM_OK);
        check_surface(e, &dst, 32, 16, ref);
        free(s);
        free(ref);
    }
}

/* XY_SETUP_BLT then XY_PIXEL_BLT (foreground pixel, ROP from the setup,
 * inside and outside the ClipRect) and XY_SCANLINES_BLT (the setup's
 * colour pattern); XY_SETUP_MONO_PATTERN_SL_BLT then XY_SCANLINES_BLT with
 * its monochrome pattern. */
static void test_setup_pixel_scanlines(void **state)
{
    env *e = *state;
    surf dst = {DATA, LIN, 64, 2};
    uint8_t pat[128];
    for (int i = 0; i < 128; i++)
        pat[i] = rnd8();
    gtsim_phys_write(e->dev, pa_of(DATA + 0x8000), pat, sizeof(pat));
    fill_rand(e, &dst, 32, 16);
    uint8_t *ref = snap(e, &dst, 32, 16);
    uint32_t fg = 0xbeef, bg = 0x1357;
    uint8_t fgb[2] = {0xef, 0xbe};
    ref_apply(ref + ((size_t)5 * 32 + 7) * 2, fgb, NULL, 0xf0, 2, 3);  /* pixel inside the clip */
    /* pixel (1, 1) lies outside the ClipRect (2,2)-(30,14): untouched */
    for (int y = 9; y < 11; y++)                                           /* scanlines, clipped at x 30 */
        for (int x = 20; x < 30; x++)
            ref_apply(ref + ((size_t)y * 32 + x) * 2, pat_px(pat, 2, x, y, 1, 2), NULL, 0xf0, 2, 3);
    uint64_t mp = 0xf0f0f0f00f0f0f0full;
    for (int y = 12; y < 14; y++)                                          /* mono pattern scanlines */
        for (int x = 2; x < 12; x++) {
            uint8_t p[2];
            le_bytes(mono_pat_bit(mp, x, y, 0, 0) ? fg : bg, 2, p);
            ref_apply(ref + ((size_t)y * 32 + x) * 2, p, NULL, 0x5a, 2, 3);
        }
    uint32_t b[] = {
        XY(0x01, 10), 1u << 24 | 0xf0u << 16 | 64, 2u << 16 | 2, 14u << 16 | 30, LO(dst.gva), HI(dst.gva),
        bg, fg, LO(DATA + 0x8000), HI(DATA + 0x8000),
        XY(0x24, 2), 5u << 16 | 7,
        XY(0x24, 2), 1u << 16 | 1,
        XY(0x25, 3) | 1u << 12 | 2u << 8, 9u << 16 | 20, 11u << 16 | 40,
        XY(0x11, 10), 1u << 24 | 0x5au << 16 | 64, 2u << 16 | 2, 14u << 16 | 30, LO(dst.gva), HI(dst.gva),
        bg, fg, (uint32_t)mp, (uint32_t)(mp >> 32),
        XY(0x25, 3), 12u << 16 | 2, 14u << 16 | 12,
    };
    assert_int_equal(run_blt(e, b, sizeof(b) / 4), GTSIM_OK);
    check_surface(e, &dst, 32, 16, ref);
    free(ref);
}

/* XY_TEXT_BLT (bit packed, from memory) and XY_TEXT_IMMEDIATE_BLT (byte
 * packed): the setup's colours, transparency and ROP, clipped. */
static void test_text(void **state)
{
    env *e = *state;
    for (int k = 0; k < 2; k++) {
        int imm = k, byte_packed = k;
        unsigned w = 11, h = 7;
        unsigned stride = byte_packed ? (w + 7) / 8 * 8 : w;
        uint8_t m[32];
        for (int i = 0; i < 32; i++)
            m[i] = rnd8();
        gtsim_phys_write(e->dev, pa_of(DATA + 0x9000), m, sizeof(m));
        surf dst = {DATA, LIN, 128, 4};
        fill_rand(e, &dst, 32, 16);
        uint8_t *ref = snap(e, &dst, 32, 16);
        uint32_t fg = 0x80ff8000, bg = 0x12345678;
        for (unsigned y = 0; y < h; y++)
            for (unsigned x = 0; x < w; x++) {
                int bit = mono_bit(m, stride, 0, (int)x, (int)y);
                int dx = (int)x + 5, dy = (int)y + 3;
                if (!bit || dx >= 14) /* transparent background; ClipRect x2 = 14 */
                    continue;
                uint8_t s[4];
                le_bytes(fg, 4, s);
                ref_apply(ref + ((size_t)dy * 32 + dx) * 4, NULL, s, 0xcc, 4, 0xf);
            }
        uint32_t b[20];
        unsigned n = 0;
        uint32_t setup[] = {XY(0x01, 10) | 3u << 20, 1u << 30 | 1u << 29 | 3u << 24 | 0xccu << 16 | 128,
                            0, 16u << 16 | 14, LO(dst.gva), HI(dst.gva), bg, fg, 0, 0};
        memcpy(b, setup, sizeof(setup));
        n = 10;
        if (imm) {
            unsigned bytes = (stride * h + 7) / 8, dws = (bytes + 7) / 8 * 2; /* whole QWords */
            b[n++] = XY(0x31, 3 + dws) | (uint32_t)byte_packed << 16;
            b[n++] = 3u << 16 | 5;
            b[n++] = (3u + h) << 16 | (5u + w);
            memcpy(&b[n], m, 4 * dws);
            n += dws;
        } else {
            b[n++] = XY(0x26, 5) | (uint32_t)byte_packed << 16;
            b[n++] = 3u << 16 | 5;
            b[n++] = (3u + h) << 16 | (5u + w);
            b[n++] = LO(DATA + 0x9000);
            b[n++] = HI(DATA + 0x9000);
        }
        assert_int_equal(run_blt(e, b, n), GTSIM_OK);
        check_surface(e, &dst, 32, 16, ref);
        free(ref);
    }
}

/* A setup loads only the registers of its layout: XY_SETUP_BLT's Mono
 * Source Transparency survives XY_SETUP_MONO_PATTERN_SL_BLT (which has no
 * such field), whose colours and ROP then apply to XY_TEXT_BLT. */
static void test_setup_keeps_registers(void **state)
{
    env *e = *state;
    unsigned w = 9, h = 5;
    uint8_t m[16];
    for (int i = 0; i < 16; i++)
        m[i] = rnd8();
    gtsim_phys_write(e->dev, pa_of(DATA + 0x9000), m, sizeof(m));
    surf dst = {DATA, LIN, 64, 2};
    fill_rand(e, &dst, 32, 8);
    uint8_t *ref = snap(e, &dst, 32, 8);
    uint32_t fg = 0x4321;
    for (unsigned y = 0; y < h; y++)
        for (unsigned x = 0; x < w; x++) {
            if (!mono_bit(m, w, 0, (int)x, (int)y))
                continue; /* transparent: kept from XY_SETUP_BLT */
            uint8_t sp[2];
            le_bytes(fg, 2, sp);
            ref_apply(ref + ((size_t)(y + 1) * 32 + x + 2) * 2, NULL, sp, 0x66, 2, 3);
        }
    uint32_t b[] = {
        XY(0x01, 10), 1u << 29 | 1u << 24 | 0xccu << 16 | 64, 0, 8u << 16 | 32, LO(dst.gva), HI(dst.gva),
        0x1111, 0x2222, 0, 0,
        XY(0x11, 10), 1u << 24 | 0x66u << 16 | 64, 0, 8u << 16 | 32, LO(dst.gva), HI(dst.gva), 0x9999, fg, 0, 0,
        XY(0x26, 5), 1u << 16 | 2, (1u + h) << 16 | (2u + w), LO(DATA + 0x9000), HI(DATA + 0x9000),
    };
    assert_int_equal(run_blt(e, b, sizeof(b) / 4), GTSIM_OK);
    check_surface(e, &dst, 32, 8, ref);
    free(ref);
}

/* MI commands on the blitter: MI_LOAD_REGISTER_IMM / MI_STORE_REGISTER_MEM
 * at the blitter's registers, MI_STORE_DATA_IMM, MI_FLUSH_DW post-sync
 * write; RING_HEAD saved at the blitter's offset; the blitter's
 * EXECLIST_STATUS reads idle. */
static void test_mi_on_blitter(void **state)
{
    env *e = *state;
    uint32_t b[] = {
        MI_LRI(1), 0x22600, 0xcafef00d,                 /* blitter CS_GPR R0 */
        MI_SRM, 0x22600, LO(DATA + 0x100), HI(DATA + 0x100),
        MI_SDI, LO(DATA + 0x104), HI(DATA + 0x104), 0x600d600d,
        MI_FLUSH_DW_IMM, LO(DATA + 0x108), HI(DATA + 0x108), 0x12345678,
        MI_LRI(1) | 1u << 19, 0x608, 0x0badcafe,        /* Add CS MMIO Start Offset: R1 of the blitter */
        MI_LRI(1) | 1u << 17, 0x2610, 0x0d15ea5e,       /* MMIO Remap Enable: render offset -> R2 of the blitter */
    };
    assert_int_equal(run_blt(e, b, sizeof(b) / 4), GTSIM_OK);
    assert_int_equal(r32(e, DATA_PA + 0x100), 0xcafef00d);
    assert_int_equal(r32(e, DATA_PA + 0x104), 0x600d600d);
    assert_int_equal(r32(e, DATA_PA + 0x108), 0x12345678);
    assert_int_equal(gtsim_mmio_read(e->dev, 0x2600), 0);        /* the render GPRs are untouched */
    assert_int_equal(gtsim_mmio_read(e->dev, 0x2610), 0);
    assert_int_equal(gtsim_mmio_read(e->dev, 0x22608), 0x0badcafe);
    assert_int_equal(gtsim_mmio_read(e->dev, 0x22610), 0x0d15ea5e);
    assert_int_equal(gtsim_mmio_read(e->dev, 0x22034) & 0x1ffffc, 16); /* blitter RING_HEAD at the tail */
    assert_int_equal(gtsim_mmio_read(e->dev, 0x22234) & 0x8100, 0x8100); /* idle: the bits NEO polls */
}

/* --trace-commands names the XY_* commands and their fields. */
static void test_trace(void **state)
{
    env *e = *state;
    surf dst = {DATA, LIN, 64, 4};
    uint32_t b[] = {XY(0x50, 7) | 3u << 20, 3u << 24 | 0xf0u << 16 | 64, 0, 1u << 16 | 1, LO(dst.gva),
                    HI(dst.gva), 0x11223344};
    assert_int_equal(run_blt(e, b, 7), GTSIM_OK);
    fflush(e->log);
    assert_non_null(strstr(e->logbuf, "blitter batch 0x800100000000 (PPGTT, first level): XY_COLOR_BLT"));
    assert_non_null(strstr(e->logbuf, "Raster Operation=0xf0"));
    assert_non_null(strstr(e->logbuf, "Solid Pattern Color=0x11223344"));
    assert_non_null(strstr(e->logbuf, "Color Depth=32 Bit Color"));
}

/* ---- bad input ---- */

static void expect_error(env *e, const uint32_t *b, size_t n, int status, const char *const *parts)
{
    assert_int_equal(run_blt(e, b, n), status);
    const char *err = gtsim_last_error(e->dev);
    for (; *parts; parts++)
        if (!strstr(err, *parts))
            fail_msg("report \"%s\" lacks \"%s\"", err, *parts);
}

/* A copy running past the mapped surface into an unmapped page. */
static void test_bad_copy_past_surface(void **state)
{
    env *e = *state;
    uint64_t near = DATA + HOLE - 64 * 4; /* the last rows before the hole */
    uint32_t b[] = {XY(0x53, 10) | 3u << 20, 3u << 24 | 0xccu << 16 | 64, 0, 8u << 16 | 16, LO(near), HI(near),
                    0, 64, LO(DATA), HI(DATA)};
    const char *parts[] = {"XY_SRC_COPY_BLT at blitter batch 0x800100000000", "writing the destination pixel",
                           "GPU page fault", "PPGTT address 0x7f00000c8000", NULL};
    expect_error(e, b, 10, GTSIM_ERR_FAULT, parts);
    /* and reading: a source in the hole */
    uint32_t c[] = {XY(0x42, 10), 3u << 24 | 64, 0, 1u << 16 | 4, LO(DATA), HI(DATA), 0, 64,
                    LO(DATA + HOLE), HI(DATA + HOLE)};
    const char *parts2[] = {"XY_FAST_COPY_BLT at blitter batch", "reading the source pixel (0, 0)", NULL};
    expect_error(e, c, 10, GTSIM_ERR_FAULT, parts2);
}

/* An unknown blitter command (client 2, opcode 7Fh), a render command on
 * the blitter, and the forms gtsim does not model: each reported by name
 * and batch address. */
static void test_bad_commands(void **state)
{
    env *e = *state;
    uint32_t u[] = {XY(0x7f, 3), 0, 0};
    const char *p1[] = {"unknown command header 0x5fc00001", "blitter batch 0x800100000000", NULL};
    expect_error(e, u, 3, GTSIM_ERR_UNIMPL, p1);
    uint32_t g[] = {0x7a000004u, 0, 0, 0, 0, 0}; /* PIPE_CONTROL */
    const char *p2[] = {"unknown command header 0x7a000004", "blitter batch", NULL};
    expect_error(e, g, 6, GTSIM_ERR_UNIMPL, p2);
    uint32_t ch[] = {XY(0x73, 12), 3u << 24 | 0xccu << 16 | 64, 0, 1u << 16 | 1, LO(DATA), HI(DATA), 0, 64,
                     LO(DATA), HI(DATA), 0, 0};
    const char *p3[] = {"XY_SRC_COPY_CHROMA_BLT at blitter batch", "Transparency Range Mode", NULL};
    expect_error(e, ch, 12, GTSIM_ERR_UNIMPL, p3);
    uint32_t t4[] = {XY(0x42, 10) | 2u << 13, 1u << 30 | 3u << 24 | 16, 0, 1u << 16 | 1, LO(DATA), HI(DATA), 0,
                     64, LO(DATA), HI(DATA)};
    const char *p4[] = {"XY_FAST_COPY_BLT at blitter batch", "Tile4 is not modelled", NULL};
    expect_error(e, t4, 10, GTSIM_ERR_UNIMPL, p4);
    uint32_t len[] = {XY(0x53, 9), 0, 0, 0, 0, 0, 0, 0, 0};
    const char *p5[] = {"XY_SRC_COPY_BLT at blitter batch", "length 9 DWords", NULL};
    expect_error(e, len, 9, GTSIM_ERR_ILLEGAL, p5);
    uint32_t dep[] = {XY(0x41, 12) | 7u << 19, 63, 0, 1u << 16 | 1, LO(DATA), HI(DATA), 0, 0, 63, LO(DATA),
                      HI(DATA), 0};
    const char *p6[] = {"XY_BLOCK_COPY_BLT at blitter batch", "reserved Color Depth 7", NULL};
    expect_error(e, dep, 12, GTSIM_ERR_ILLEGAL, p6);
    uint32_t imm[] = {XY(0x71, 8 + 2) | 0u, 0xccu << 16 | 64, 0, 8u << 16 | 32, LO(DATA), HI(DATA), 0, 1, 0, 0};
    const char *p7[] = {"XY_MONO_SRC_COPY_IMMEDIATE_BLT at blitter batch", "immediate monochrome data", NULL};
    expect_error(e, imm, 10, GTSIM_ERR_ILLEGAL, p7);
}

/* A runaway blit (32767 x 32767 pixels on a pitch-0 surface that never
 * faults) ends at the submission's work bound with a report. */
static void test_bad_runaway_blit(void **state)
{
    env *e = *state;
    uint32_t b[] = {XY(0x50, 7), 0xf0u << 16 | 0, 0, 0x7fffu << 16 | 0x7fff, LO(DATA), HI(DATA), 0x5a};
    const char *parts[] = {"watchdog: the blitter processed", "max_total_eu_instructions = 1000000",
                           "in XY_COLOR_BLT at blitter batch 0x800100000000", NULL};
    expect_error(e, b, 7, GTSIM_ERR_WATCHDOG, parts);
    /* a 32767 x 32767 monochrome source (134 MB) is read a scan line at a
     * time: the bound ends the blit long before the source would */
    uint32_t m[] = {XY(0x54, 10), 0xccu << 16 | 0, 0, 0x7fffu << 16 | 0x7fff, LO(DATA), HI(DATA), LO(DATA),
                    HI(DATA), 1, 2};
    const char *parts2[] = {"watchdog: the blitter processed", "in XY_MONO_SRC_COPY_BLT at blitter batch", NULL};
    expect_error(e, m, 10, GTSIM_ERR_WATCHDOG, parts2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_src_copy_depths_rops, setup, teardown),
        cmocka_unit_test_setup_teardown(test_src_copy_byte_mask, setup, teardown),
        cmocka_unit_test_setup_teardown(test_src_copy_overlap, setup, teardown),
        cmocka_unit_test_setup_teardown(test_src_copy_tiled, setup, teardown),
        cmocka_unit_test_setup_teardown(test_color_clip, setup, teardown),
        cmocka_unit_test_setup_teardown(test_src_copy_clipped, setup, teardown),
        cmocka_unit_test_setup_teardown(test_fast_copy, setup, teardown),
        cmocka_unit_test_setup_teardown(test_block_copy, setup, teardown),
        cmocka_unit_test_setup_teardown(test_fast_color, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pat, setup, teardown),
        cmocka_unit_test_setup_teardown(test_mono_pat, setup, teardown),
        cmocka_unit_test_setup_teardown(test_mono_src, setup, teardown),
        cmocka_unit_test_setup_teardown(test_full, setup, teardown),
        cmocka_unit_test_setup_teardown(test_setup_pixel_scanlines, setup, teardown),
        cmocka_unit_test_setup_teardown(test_text, setup, teardown),
        cmocka_unit_test_setup_teardown(test_setup_keeps_registers, setup, teardown),
        cmocka_unit_test_setup_teardown(test_mi_on_blitter, setup, teardown),
        cmocka_unit_test_setup_teardown(test_trace, setup_traced, teardown),
        cmocka_unit_test_setup_teardown(test_bad_copy_past_surface, setup, teardown),
        cmocka_unit_test_setup_teardown(test_bad_commands, setup, teardown),
        cmocka_unit_test_setup_teardown(test_bad_runaway_blit, setup_bounded, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
