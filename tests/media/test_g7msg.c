/*
 * Gen7 media messages without the Gen7 EU: payloads built by hand and sent
 * with gt_sf_send on ivb / hsw devices (and one skl check).
 *
 *  - RENDER_SURFACE_STATE in the Gen7 layout (8 DWords, packed here from
 *    the Mesa genxml gen7.xml bit positions: DW0 31:29 type, 26:18 format,
 *    14 tiled, 13 tile walk, 12/11 vertical line stride/offset; DW1 base;
 *    DW2 29:16 height-1, 13:0 width-1; DW3 17:0 pitch-1);
 *  - media block read/write (render cache SFID 5, types 4 / 10) on linear,
 *    X-tiled and Y-tiled surfaces, blocks crossing the edges (reads
 *    replicate the boundary pixel, writes outside are dropped), vertical
 *    line stride override;
 *  - the Gen7 / Gen7.5 data port numbering (IVB data cache type 5 is an
 *    untyped read; Haswell has it on data cache 1 type 1);
 *  - OWord dual block read;
 *  - URB OWord/HWord write and read by handle, and an access outside the
 *    URB allocation;
 *  - the message gateway: open, forward (with notification) and close
 *    between two media root threads, and the bad cases (closed gateway,
 *    nonexistent thread, double close), through the media unit's runner
 *    seam.
 * Expected bytes come from a reference written here: the surface image
 * is a formula of (x, y), tiled addresses follow the public tile layouts
 * (X: 512 B x 8 rows; Y: 128 B x 32 rows of 16-byte columns).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gt.h"
#include "pipe/media.h"
#include "pipe/pipe.h"
#include "sf/sf.h"

#define PML4 0x1000ull
#define SSB 0x100000ull   /* surface state base */
#define BT 0x800u         /* binding table offset */
#define SURF 0x200000ull  /* surface memory */
#define BUF 0x300000ull   /* buffer surface */

typedef struct fx {
    gtsim_device *dev;
    uint64_t next_pa;
    gt_dispatch disp;
    gt_tgroup tg;
    gt_thread *t;
} fx;

static uint64_t rd64(fx *f, uint64_t pa)
{
    uint64_t v = 0;
    gtsim_phys_read(f->dev, pa, &v, 8);
    return v;
}
static void map(fx *f, uint64_t va, uint64_t len)
{
    for (uint64_t a = va & ~0xfffull; a < va + len; a += 4096) {
        uint64_t table = PML4;
        for (int level = 39; level >= 12; level -= 9) {
            uint64_t slot = table + ((a >> level) & 511) * 8;
            uint64_t e = rd64(f, slot);
            if (!(e & 1)) {
                e = f->next_pa | 3;
                f->next_pa += 4096;
                gtsim_phys_write(f->dev, slot, &e, 8);
            }
            table = e & ~0xfffull;
        }
    }
}
static void w32(fx *f, uint64_t va, uint32_t v) { assert_int_equal(gt_vm_write(&f->dev->ppgtt, va, &v, 4, NULL), 0); }
static uint8_t r8(fx *f, uint64_t va)
{
    uint8_t v = 0;
    assert_int_equal(gt_vm_read(&f->dev->ppgtt, va, &v, 1, NULL), 0);
    return v;
}

static fx *make(const char *plat)
{
    fx *f = calloc(1, sizeof(*f));
    gtsim_config cfg;
    memset(&cfg, 0, sizeof(cfg));
    cfg.log = fopen("/dev/null", "w");
    f->dev = gtsim_create(plat, &cfg);
    assert_non_null(f->dev);
    f->next_pa = 0x10000;
    gt_vm_init(&f->dev->ppgtt, GT_VM_PPGTT48, f->dev->mem, NULL, PML4);
    map(f, SSB, 0x1000);
    map(f, SURF, 0x10000);
    map(f, BUF, 0x1000);
    f->disp.vm = &f->dev->ppgtt;
    f->disp.surface_state_base = SSB;
    f->disp.binding_table = SSB + BT;
    f->t = aligned_alloc(64, sizeof(gt_thread));
    memset(f->t, 0, sizeof(gt_thread));
    f->t->disp = &f->disp;
    f->t->tg = &f->tg;
    f->tg.nthreads = 1;
    f->tg.threads = &f->t;
    return f;
}
static void unmake(fx *f)
{
    FILE *log = f->dev->cfg.log;
    gtsim_destroy(f->dev);
    if (log)
        fclose(log);
    free(f->t);
    free(f);
}

/* Gen7 RENDER_SURFACE_STATE at SSB + 64 * (bti + 1), bound at bti. */
static void bind7(fx *f, unsigned bti, uint32_t type, uint32_t fmt, int tiled, int ymajor, int vls,
                  uint64_t base, uint32_t width, uint32_t height, uint32_t pitch)
{
    uint32_t dw[8] = {0};
    dw[0] = type << 29 | fmt << 18 | (uint32_t)tiled << 14 | (uint32_t)ymajor << 13 | (uint32_t)vls << 12;
    dw[1] = (uint32_t)base;
    dw[2] = (height - 1) << 16 | (width - 1);
    dw[3] = pitch - 1;
    uint32_t off = 64 * (bti + 1);
    for (int i = 0; i < 8; i++)
        w32(f, SSB + off + 4 * i, dw[i]);
    w32(f, SSB + BT + 4 * bti, off);
}
/* Gen9 layout (16 DWords): Tile Mode DW0 13:12, base DW8-9. */
static void bind9(fx *f, unsigned bti, uint32_t fmt, int tile_mode, uint64_t base, uint32_t width,
                  uint32_t height, uint32_t pitch)
{
    uint32_t dw[16] = {0};
    dw[0] = 1u << 29 | fmt << 18 | (uint32_t)tile_mode << 12;
    dw[2] = (height - 1) << 16 | (width - 1);
    dw[3] = pitch - 1;
    dw[8] = (uint32_t)base;
    uint32_t off = 64 * (bti + 1);
    for (int i = 0; i < 16; i++)
        w32(f, SSB + off + 4 * i, dw[i]);
    w32(f, SSB + BT + 4 * bti, off);
}

/* Reference tile layouts. */
enum { LIN, XT, YT };
static uint64_t ref_off(int t, uint32_t pitch, uint32_t x, uint32_t y)
{
    if (t == XT) {
        uint32_t tiles_per_row = pitch / 512;
        return ((uint64_t)(y / 8) * tiles_per_row + x / 512) * 4096 + (y % 8) * 512 + (x % 512);
    }
    if (t == YT) {
        uint32_t tiles_per_row = pitch / 128;
        return ((uint64_t)(y / 32) * tiles_per_row + x / 128) * 4096 + (x % 128 / 16) * 512 + (y % 32) * 16 +
               x % 16;
    }
    return (uint64_t)y * pitch + x;
}
static uint8_t pix(uint32_t x, uint32_t y) { return (uint8_t)(x * 7 + y * 13 + 1); }

static gt_inst mk_send(unsigned sfid, unsigned src0, int dst)
{
    gt_inst in;
    memset(&in, 0, sizeof(in));
    in.op = GT_OP_SEND;
    in.sfid = (uint8_t)sfid;
    in.src[0].file = GT_FILE_GRF;
    in.src[0].nr = (uint8_t)src0;
    in.dst.file = dst >= 0 ? GT_FILE_GRF : GT_FILE_ARF;
    in.dst.nr = dst >= 0 ? (uint8_t)dst : GT_ARF_NULL;
    return in;
}
static int send_t(fx *f, gt_thread *t, unsigned sfid, unsigned src0, int dst, uint32_t desc)
{
    gt_inst in = mk_send(sfid, src0, dst);
    return gt_sf_send(f->dev, t, &in, 0xffff, desc, sfid);
}
#define DESC(mlen, rlen, hdr, type, ctrl, bti) \
    ((uint32_t)(mlen) << 25 | (uint32_t)(rlen) << 20 | (uint32_t)(hdr) << 19 | (uint32_t)(type) << 14 | \
     (uint32_t)(ctrl) << 8 | (uint32_t)(bti))
static uint32_t *grf32(fx *f, unsigned r) { return (uint32_t *)(f->t->grf + 32 * r); }

/* Surface: 200 bytes x 40 rows image, tiling t, pitch p, format fmt. */
static void fill_surface(fx *f, int t, uint32_t p)
{
    for (uint32_t y = 0; y < 40; y++)
        for (uint32_t x = 0; x < 200; x++) {
            uint8_t v = pix(x, y);
            assert_int_equal(gt_vm_write(&f->dev->ppgtt, SURF + ref_off(t, p, x, y), &v, 1, NULL), 0);
        }
}

static void media_header(fx *f, int32_t x, int32_t y, uint32_t w, uint32_t h)
{
    memset(grf32(f, 2), 0, 32);
    grf32(f, 2)[0] = (uint32_t)x;
    grf32(f, 2)[1] = (uint32_t)y;
    grf32(f, 2)[2] = (h - 1) << 16 | (w - 1);
}

/* Expected byte of a read at (x, y): clamped to the 200 x 40 image, in
 * whole pixels of bpp bytes. */
static uint8_t expect_read(int64_t x, int64_t y, uint32_t bpp, int vls)
{
    int64_t wb = 200, h = vls ? 20 : 40;
    int64_t yc = y < 0 ? 0 : y >= h ? h - 1 : y;
    int64_t xc = x;
    if (x < 0)
        xc = ((x % bpp) + bpp) % bpp;
    else if (x >= wb)
        xc = wb - bpp + x % bpp;
    return pix((uint32_t)xc, (uint32_t)(vls ? 2 * yc : yc));
}

static void check_read(fx *f, int32_t x, int32_t y, uint32_t w, uint32_t h, uint32_t bpp, int vls, uint32_t ctrl)
{
    uint32_t rp = w <= 4 ? 4 : w <= 8 ? 8 : w <= 16 ? 16 : 32, regs = (rp * h + 31) / 32;
    media_header(f, x, y, w, h);
    memset(f->t->grf + 32 * 10, 0xee, 32 * 8);
    int st = send_t(f, f->t, 5, 2, 10, DESC(1, regs, 1, 4, ctrl, 0));
    if (st)
        fprintf(stderr, "%s\n", gtsim_last_error(f->dev));
    assert_int_equal(st, GTSIM_OK);
    for (uint32_t r = 0; r < h; r++)
        for (uint32_t c = 0; c < w; c++)
            assert_int_equal(f->t->grf[32 * 10 + r * rp + c], expect_read((int64_t)x + c, (int64_t)y + r, bpp, vls));
}

static void media_block_read_tilings(void **s)
{
    (void)s;
    static const struct { int t; int tiled, ymajor; uint32_t pitch; } lay[] = {
        {LIN, 0, 0, 256}, {XT, 1, 0, 512}, {YT, 1, 1, 256}};
    for (int plat = 0; plat < 2; plat++)
        for (unsigned i = 0; i < 3; i++) {
            fx *f = make(plat ? "hsw" : "ivb");
            fill_surface(f, lay[i].t, lay[i].pitch);
            /* R8_UNORM (0x140): 200 x 40 pixels */
            bind7(f, 0, 1, 0x140, lay[i].tiled, lay[i].ymajor, 0, SURF, 200, 40, lay[i].pitch);
            check_read(f, 0, 0, 32, 8, 1, 0, 0);       /* whole registers */
            check_read(f, 120, 28, 16, 8, 1, 0, 0);    /* crosses an X/Y tile boundary (x 128, y 32) */
            check_read(f, 5, 3, 13, 5, 1, 0, 0);       /* 13 bytes -> OWord rows */
            check_read(f, 190, 35, 20, 8, 1, 0, 0);    /* past the right and bottom edges */
            check_read(f, -6, -3, 8, 4, 1, 0, 0);      /* before the left and top edges */
            check_read(f, 300, 100, 3, 2, 1, 0, 0);    /* wholly outside: the corner pixel */
            /* B8G8R8A8_UNORM (0x0C0): 50 x 40 pixels of 4 bytes: the edge
             * pixel is replicated whole */
            bind7(f, 0, 1, 0x0C0, lay[i].tiled, lay[i].ymajor, 0, SURF, 50, 40, lay[i].pitch);
            check_read(f, -6, 0, 16, 2, 4, 0, 0);
            check_read(f, 190, 39, 20, 2, 4, 0, 0);
            /* vertical line stride from the surface state (rows 0, 2, 4 ...)
             * and from the descriptor override (bits 10:8 = 110b) */
            bind7(f, 0, 1, 0x140, lay[i].tiled, lay[i].ymajor, 1, SURF, 200, 20, lay[i].pitch);
            check_read(f, 10, 2, 8, 4, 1, 1, 0);
            bind7(f, 0, 1, 0x140, lay[i].tiled, lay[i].ymajor, 0, SURF, 200, 20, lay[i].pitch);
            check_read(f, 10, 17, 8, 4, 1, 1, 6);
            unmake(f);
        }
}

static void media_block_write(void **s)
{
    (void)s;
    static const struct { int t; int tiled, ymajor; uint32_t pitch; } lay[] = {
        {LIN, 0, 0, 256}, {XT, 1, 0, 512}, {YT, 1, 1, 256}};
    for (unsigned i = 0; i < 3; i++) {
        fx *f = make("ivb");
        fill_surface(f, lay[i].t, lay[i].pitch);
        bind7(f, 0, 1, 0x140, lay[i].tiled, lay[i].ymajor, 0, SURF, 200, 40, lay[i].pitch);
        /* a 12 x 6 block at (194, 37): 6 x 3 bytes land, the rest is dropped */
        media_header(f, 194, 37, 12, 6);
        for (unsigned b = 0; b < 96; b++)
            f->t->grf[32 * 3 + b] = (uint8_t)(0x80 + b);
        assert_int_equal(send_t(f, f->t, 5, 2, -1, DESC(4, 0, 1, 10, 0, 0)), GTSIM_OK);
        for (uint32_t y = 30; y < 40; y++)
            for (uint32_t x = 180; x < 200; x++) {
                uint8_t want = pix(x, y);
                if (x >= 194 && y >= 37)
                    want = (uint8_t)(0x80 + (y - 37) * 16 + (x - 194));
                assert_int_equal(r8(f, SURF + ref_off(lay[i].t, lay[i].pitch, x, y)), want);
            }
        /* bytes past the 200-byte width in the pitch padding are untouched */
        assert_int_equal(r8(f, SURF + ref_off(lay[i].t, lay[i].pitch, 200, 37)), 0);
        unmake(f);
    }
}

static void media_block_gen9_and_errors(void **s)
{
    (void)s;
    fx *f = make("skl");
    fill_surface(f, YT, 256);
    bind9(f, 0, 0x140, 3, SURF, 200, 40, 256);
    media_header(f, 100, 20, 16, 4);
    assert_int_equal(send_t(f, f->t, 0xC, 2, 10, DESC(1, 2, 1, 4, 0, 0)), GTSIM_OK);
    for (uint32_t r = 0; r < 4; r++)
        for (uint32_t c = 0; c < 16; c++)
            assert_int_equal(f->t->grf[32 * 10 + 16 * r + c], pix(100 + c, 20 + r));
    /* Gen9 render cache type 4 is not a media block read in gtsim's Gen9 table */
    assert_int_equal(send_t(f, f->t, 5, 2, 10, DESC(1, 2, 1, 4, 0, 0)), GTSIM_ERR_UNIMPL);
    unmake(f);

    f = make("ivb");
    bind7(f, 0, 1, 0x140, 1, 1, 0, SURF, 200, 40, 256);
    media_header(f, 0, 0, 33, 1); /* 33 bytes wide */
    assert_int_equal(send_t(f, f->t, 5, 2, 10, DESC(1, 2, 1, 4, 0, 0)), GTSIM_ERR_ILLEGAL);
    assert_non_null(strstr(gtsim_last_error(f->dev), "exceeds 32"));
    media_header(f, 0, 0, 32, 8); /* needs 8 registers, rlen 4 */
    assert_int_equal(send_t(f, f->t, 5, 2, 10, DESC(1, 4, 1, 4, 0, 0)), GTSIM_ERR_ILLEGAL);
    assert_non_null(strstr(gtsim_last_error(f->dev), "media block read"));
    /* a buffer surface */
    bind7(f, 1, 4, 0x1FF, 0, 0, 0, BUF, 128, 1, 1);
    assert_int_equal(send_t(f, f->t, 5, 2, 10, DESC(1, 8, 1, 4, 0, 1)), GTSIM_ERR_ILLEGAL);
    assert_non_null(strstr(gtsim_last_error(f->dev), "Gen7 RENDER_SURFACE_STATE"));
    unmake(f);
}

/* Gen7 vs Gen7.5 data port numbering, OWord dual block read. */
static void gen7_numbering(void **s)
{
    (void)s;
    for (int plat = 0; plat < 2; plat++) {
        fx *f = make(plat ? "hsw" : "ivb");
        for (unsigned i = 0; i < 64; i++)
            w32(f, BUF + 4 * i, 0x1000 + i);
        /* RAW buffer of 256 bytes: entries - 1 = 255 = Width 127 (bits 6:0) + Height 1 (bits 13:7) */
        bind7(f, 1, 4, 0x1FF, 0, 0, 0, BUF, 128, 2, 1);
        /* untyped read SIMD8 of channel R: offsets 4 * (3 i) */
        for (unsigned i = 0; i < 8; i++)
            grf32(f, 2)[i] = 12 * i;
        uint32_t ivb = DESC(1, 1, 0, 5, 0x2E, 1), hsw = DESC(1, 1, 0, 1, 0x2E, 1);
        assert_int_equal(send_t(f, f->t, 0xA, 2, 10, ivb), plat ? GTSIM_ERR_UNIMPL : GTSIM_OK);
        if (plat)
            assert_int_equal(send_t(f, f->t, 0xC, 2, 10, hsw), GTSIM_OK);
        for (unsigned i = 0; i < 8; i++)
            assert_int_equal(grf32(f, 10)[i], 0x1000 + 3 * i);
        /* OWord dual block read, 4 OWords per block (ctrl 2), blocks at
         * OWords 1 and 9 plus the global offset 2 (M0.2) */
        memset(grf32(f, 2), 0, 64);
        grf32(f, 2)[2] = 2;
        grf32(f, 3)[0] = 1;
        grf32(f, 3)[4] = 9;
        assert_int_equal(send_t(f, f->t, 0xA, 2, 10, DESC(2, 4, 1, 2, 2, 1)), GTSIM_OK);
        for (unsigned r = 0; r < 4; r++)
            for (unsigned d = 0; d < 8; d++) {
                unsigned blk = d / 4, ow = (blk ? 11 : 3) + r;
                assert_int_equal(grf32(f, 10 + r)[d], 0x1000 + 4 * ow + d % 4);
            }
        unmake(f);
    }
}

/* URB block messages by handle. */
static void urb_messages(void **s)
{
    (void)s;
    fx *f = make("ivb");
    gt_pipe_state *ps = gt_pipe_state_of(f->dev->pipe);
    ps->urb_entries = 4;
    ps->urb_entry_size = 2; /* rows 32 .. 39 (after the 32 interface descriptor rows) */
    ps->curbe_size = 0;
    memset(grf32(f, 2), 0, 32);
    grf32(f, 2)[0] = 34; /* handle: row 34 */
    for (unsigned i = 0; i < 16; i++)
        grf32(f, 3)[i] = 0xa0 + i;
    /* write OWord, global offset 2 OWords: bytes 34 * 32 + 32 .. + 64 */
    assert_int_equal(send_t(f, f->t, 6, 2, -1, 3u << 25 | 2u << 4 | 1u), GTSIM_OK);
    uint32_t size;
    uint8_t *urb = gt_media_urb(f->dev, &size);
    uint32_t v;
    memcpy(&v, urb + 35 * 32 + 4 * 9, 4);
    assert_int_equal(v, 0xa9);
    /* read HWord, handle 35 + global offset 0: the same bytes */
    grf32(f, 2)[0] = 35;
    assert_int_equal(send_t(f, f->t, 6, 2, 10, 1u << 25 | 2u << 20 | 2u), GTSIM_OK);
    for (unsigned i = 0; i < 16; i++)
        assert_int_equal(grf32(f, 10)[i], 0xa0 + i);
    /* outside the allocation: handle 39, 2 rows */
    grf32(f, 2)[0] = 39;
    assert_int_equal(send_t(f, f->t, 6, 2, 10, 1u << 25 | 2u << 20 | 2u), GTSIM_ERR_INVALID);
    assert_non_null(strstr(gtsim_last_error(f->dev), "outside the URB entries"));
    assert_non_null(strstr(gtsim_last_error(f->dev), "URB read HWord"));
    assert_non_null(strstr(gtsim_last_error(f->dev), "EU IP"));
    unmake(f);
}

/* ---- gateway through media root threads (runner seam) ----
 * Inline data DWord 0 selects the script, DWord 1 its argument. */
typedef struct gw_ctx {
    fx *f;
    int calls[256];
    uint8_t got[8];
    uint32_t n0;
    int bad;            /* which bad case the sender runs */
} gw_ctx;

static int gw_runner(gtsim_device *dev, gt_thread *t, void *ctx)
{
    gw_ctx *g = ctx;
    (void)dev;
    uint32_t fftid = ((uint32_t *)t->grf)[5] & 0xff;
    uint32_t role = ((uint32_t *)t->grf)[8], arg = ((uint32_t *)t->grf)[9];
    int call = g->calls[fftid]++;
    uint32_t *m = (uint32_t *)(t->grf + 32 * 100);
    memset(m, 0, 32);
    gt_inst in = mk_send(3, 100, 101);
    int st;
    if (role == 0) { /* receiver */
        if (call == 0) {
            m[4] = 0x1212;                     /* key */
            m[5] = 20u << 21 | 1u << 8;        /* RegBase r20, 2 registers */
            if ((st = gt_sf_send(dev, t, &in, 0xff, 1u << 25 | 1u << 20 | 1u << 14 | 0, 3)))
                return st;
            t->state = GT_THREAD_BLOCKED;      /* waits for the notification */
            return GTSIM_OK;
        }
        memcpy(g->got, t->grf + 32 * 20 + 40, 8);
        g->n0 = t->n0[0];
        m[0] = 0;
        if ((st = gt_sf_send(dev, t, &in, 0xff, 1u << 25 | 1, 3))) /* close */
            return st;
        if (arg == 1 && (st = gt_sf_send(dev, t, &in, 0xff, 1u << 25 | 1, 3))) /* close again */
            return st;
        t->state = GT_THREAD_DONE;
        return GTSIM_OK;
    }
    /* sender: forward 8 bytes to gateway ID arg at offset 40, notify */
    m[0] = 0x44332211;
    m[1] = 0x88776655;
    m[4] = arg << 16 | (g->bad == 2 ? 0x1313u : 0x1212u);
    m[5] = 40u << 16 | 3u << 8;
    st = gt_sf_send(dev, t, &in, 0xff, 1u << 25 | 1u << 15 | 2, 3);
    if (st)
        return st;
    t->state = GT_THREAD_DONE;
    return GTSIM_OK;
}

static int gw_run(gw_ctx *g, const char *plat, int bad, uint32_t recv_arg, uint32_t target)
{
    fx *f = make(plat);
    g->f = f;
    g->bad = bad;
    gt_pipe_state *ps = gt_pipe_state_of(f->dev->pipe);
    ps->max_threads = 8;
    ps->urb_entries = 4;
    ps->urb_entry_size = 1;
    ps->idd_count = 1;
    gt_media_set_runner(f->dev, gw_runner, g);
    uint32_t inl[2] = {0, recv_arg};
    gt_media_obj o;
    memset(&o, 0, sizeof(o));
    o.cmd = "MEDIA_OBJECT";
    o.batch_addr = 0x1000;
    o.inline_data = (const uint8_t *)inl;
    o.inline_len = 8;
    int st = gt_media_object(f->dev, &o);
    if (!st) {
        uint32_t inl2[2] = {1, target};
        o.inline_data = (const uint8_t *)inl2;
        o.batch_addr = 0x1040;
        st = gt_media_object(f->dev, &o);
    }
    if (!st)
        st = gt_media_drain(f->dev);
    return st;
}

static void gateway_forward(void **s)
{
    (void)s;
    gw_ctx *g = calloc(1, sizeof(*g));
    assert_int_equal(gw_run(g, "ivb", 0, 0, 0), GTSIM_OK);
    static const uint8_t want[8] = {0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88};
    assert_memory_equal(g->got, want, 8);
    assert_int_equal(g->n0, 1);
    unmake(g->f);

    /* forward to a thread that does not exist */
    memset(g, 0, sizeof(*g));
    assert_int_equal(gw_run(g, "hsw", 1, 0, 77), GTSIM_ERR_INVALID);
    const char *e = gtsim_last_error(g->f->dev);
    assert_non_null(strstr(e, "gateway ID 77"));
    assert_non_null(strstr(e, "no such thread"));
    assert_non_null(strstr(e, "EU IP"));
    assert_non_null(strstr(e, "MEDIA_OBJECT at batch 0x1040"));
    unmake(g->f);

    /* wrong key */
    memset(g, 0, sizeof(*g));
    assert_int_equal(gw_run(g, "ivb", 2, 0, 0), GTSIM_ERR_INVALID);
    assert_non_null(strstr(gtsim_last_error(g->f->dev), "key 0x1313"));
    unmake(g->f);

    /* closing twice */
    memset(g, 0, sizeof(*g));
    assert_int_equal(gw_run(g, "ivb", 0, 1, 0), GTSIM_ERR_INVALID);
    assert_non_null(strstr(gtsim_last_error(g->f->dev), "is not open"));
    assert_non_null(strstr(gtsim_last_error(g->f->dev), "close gateway"));
    unmake(g->f);
    free(g);
}

/* A forward to a thread whose gateway was never opened (it is running). */
static int closed_runner(gtsim_device *dev, gt_thread *t, void *ctx)
{
    (void)ctx;
    uint32_t role = ((uint32_t *)t->grf)[8];
    if (role == 0) {
        t->state = GT_THREAD_BLOCKED; /* a thread without a gateway */
        return GTSIM_OK;
    }
    uint32_t *m = (uint32_t *)(t->grf + 32 * 100);
    memset(m, 0, 32);
    m[4] = 0u << 16 | 0x1212u;
    gt_inst in = mk_send(3, 100, -1);
    int st = gt_sf_send(dev, t, &in, 0xff, 1u << 25 | 2, 3);
    if (!st)
        t->state = GT_THREAD_DONE;
    return st;
}

static void gateway_closed(void **s)
{
    (void)s;
    fx *f = make("ivb");
    gt_pipe_state *ps = gt_pipe_state_of(f->dev->pipe);
    ps->max_threads = 8;
    ps->urb_entries = 4;
    ps->urb_entry_size = 1;
    ps->idd_count = 1;
    gt_media_set_runner(f->dev, closed_runner, NULL);
    uint32_t a[2] = {0, 0}, b[2] = {1, 0};
    gt_media_obj o;
    memset(&o, 0, sizeof(o));
    o.cmd = "MEDIA_OBJECT";
    o.inline_data = (const uint8_t *)a;
    o.inline_len = 8;
    assert_int_equal(gt_media_object(f->dev, &o), GTSIM_OK);
    o.inline_data = (const uint8_t *)b;
    /* both threads stay in flight until the flush point runs them */
    assert_int_equal(gt_media_object(f->dev, &o), GTSIM_OK);
    assert_int_equal(gt_media_drain(f->dev), GTSIM_ERR_INVALID);
    assert_non_null(strstr(gtsim_last_error(f->dev), "its gateway is closed"));
    unmake(f);
}

/* ---- GPGPU_OBJECT: three threads of one group, SLM and a barrier ---- */
typedef struct go_ctx {
    int calls[8];
    uint32_t tgx[8], mask[8], ind[8], n0[8], slm_seen[8];
} go_ctx;

static int go_runner(gtsim_device *dev, gt_thread *t, void *ctx)
{
    go_ctx *g = ctx;
    uint32_t id = t->tid;
    t->instructions++; /* the runner stands for instructions executed */
    if (g->calls[id]++ == 0) {
        g->tgx[id] = ((uint32_t *)t->grf)[1];
        g->mask[id] = t->dispatch_mask;
        g->ind[id] = ((uint32_t *)t->grf)[8]; /* indirect data in r1 (no CURBE) */
        t->tg->slm[id] = (uint8_t)(0x10 + id);
        memcpy(t->grf + 32 * 100, t->grf, 32);
        gt_inst in = mk_send(3, 100, -1);
        return gt_sf_send(dev, t, &in, 0xffff, 1u << 25 | 4, 3); /* barrier */
    }
    g->n0[id] = t->n0[0];
    g->slm_seen[id] = (uint32_t)t->tg->slm[0] | (uint32_t)t->tg->slm[1] << 8 | (uint32_t)t->tg->slm[2] << 16;
    t->state = GT_THREAD_DONE;
    return GTSIM_OK;
}

static void gpgpu_object(void **s)
{
    (void)s;
    fx *f = make("ivb");
    go_ctx *g = calloc(1, sizeof(*g));
    gt_pipe_state *ps = gt_pipe_state_of(f->dev->pipe);
    ps->indirect_object_base = BUF;
    ps->idd_count = 1;
    memset(ps->idd, 0, sizeof(ps->idd));
    ps->idd[0][5] = 1u << 21 | 1u << 16 | 3; /* Gen7 DW5: barrier, SLM 4 KiB, 3 threads */
    for (unsigned i = 0; i < 3; i++)
        w32(f, BUF + 32 * i, 0xd0 + i);
    gt_media_set_runner(f->dev, go_runner, g);
    for (unsigned i = 0; i < 3; i++) {
        gt_gpgpu_obj o;
        memset(&o, 0, sizeof(o));
        o.batch_addr = 0x2000 + 32 * i;
        o.indirect_len = 32;
        o.indirect_start = 32 * i;
        o.tg[0] = 7;
        o.exec_mask = i == 2 ? 0x00ffu : 0xffffu;
        o.end_of_group = i == 2;
        assert_int_equal(gt_media_gpgpu_object(f->dev, &o), GTSIM_OK);
        assert_int_equal(g->calls[0], i == 2 ? 2 : 0); /* nothing runs before the end of the group */
    }
    for (unsigned i = 0; i < 3; i++) {
        assert_int_equal(g->calls[i], 2);
        assert_int_equal(g->tgx[i], 7);
        assert_int_equal(g->ind[i], 0xd0 + i);
        assert_int_equal(g->n0[i] & 1, 1);
        assert_int_equal(g->slm_seen[i], 0x121110); /* every thread wrote before the barrier released */
    }
    assert_int_equal(g->mask[2], 0xff);
    /* bad input: interface descriptor 5 of 1 */
    gt_gpgpu_obj o;
    memset(&o, 0, sizeof(o));
    o.batch_addr = 0x3000;
    o.idd_offset = 5;
    assert_int_equal(gt_media_gpgpu_object(f->dev, &o), GTSIM_ERR_INVALID);
    assert_non_null(strstr(gtsim_last_error(f->dev), "GPGPU_OBJECT at batch 0x3000"));
    free(g);
    unmake(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(media_block_read_tilings), cmocka_unit_test(media_block_write),
        cmocka_unit_test(media_block_gen9_and_errors), cmocka_unit_test(gen7_numbering),
        cmocka_unit_test(urb_messages), cmocka_unit_test(gateway_forward),
        cmocka_unit_test(gateway_closed), cmocka_unit_test(gpgpu_object),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
