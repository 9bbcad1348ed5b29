/*
 * Shared functions reached by send (src/sf/): data port messages, the
 * message gateway barrier and end of thread.
 *
 * Setup: physical memory with a hand-built 4-level PPGTT (Gen8+ PTE format:
 * bit 0 present, bits 47:12 address), a binding table and Gen9
 * RENDER_SURFACE_STATEs written from the spec field positions (DW0 31:29
 * Surface Type, 26:18 Surface Format; DW2 29:16 Height, 13:0 Width; DW3
 * 31:21 Depth, 17:0 Pitch; DW8-9 base), a thread whose GRF holds a message
 * payload written by hand, and a decoded send with a descriptor built from
 * the descriptor fields (28:25 mlen, 24:20 rlen, 19 header, 18:14 type,
 * 13:8 control, 7:0 BTI).  Each descriptor's IGA decoding
 * (`iga64 -p=9 -d`) is quoted next to it.  Expected values are literals
 * worked out from the message definitions, not from gtsim.
 */
#include <math.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gt.h"
#include "sf/sf.h"
#include "sf/sf_int.h"

#define DESC(mlen, rlen, hdr, type, ctrl, bti)                                              \
    ((uint32_t)(mlen) << 25 | (uint32_t)(rlen) << 20 | (uint32_t)(hdr) << 19 |               \
     (uint32_t)(type) << 14 | (uint32_t)(ctrl) << 8 | (uint32_t)(bti))

#define SSB 0x20000ull       /* surface state base (GVA) */
#define BT_OFF 0x800u        /* binding table offset from SSB */
#define BUF 0x40000ull       /* buffer surface (BTI 0) GVA */
#define BUF_SIZE 256u        /* bytes */
#define GSB 0x100000ull      /* general state base for A32 stateless */
#define A64_VA 0x7f1234560000ull /* a high A64 page */
#define UNMAPPED 0x300000ull

typedef struct fx {
    gtsim_device dev;
    gt_mem *mem;
    gt_vm vm;
    gt_dispatch disp;
    gt_tgroup tg;
    gt_thread *t;
    uint64_t next_pa;
    uint8_t slm[1024];
} fx;

static void put64(fx *f, uint64_t pa, uint64_t v) { gt_mem_write(f->mem, pa, &v, 8); }
static uint64_t get64(fx *f, uint64_t pa)
{
    uint64_t v = 0;
    gt_mem_read(f->mem, pa, &v, 8);
    return v;
}

/* Map the 4 KiB page at va to a fresh physical page (tables on demand). */
static void map_page(fx *f, uint64_t va)
{
    uint64_t table = 0x1000; /* PML4 */
    for (int level = 3; level > 0; level--) {
        uint64_t ea = table + ((va >> (12 + 9 * level)) & 511) * 8;
        uint64_t e = get64(f, ea);
        if (!(e & 1)) {
            e = f->next_pa | 3;
            f->next_pa += 0x1000;
            put64(f, ea, e);
        }
        table = e & 0x0000FFFFFFFFF000ull;
    }
    put64(f, table + ((va >> 12) & 511) * 8, f->next_pa | 3);
    f->next_pa += 0x1000;
}

static void w32(fx *f, uint64_t va, uint32_t v) { assert_int_equal(gt_vm_write(&f->vm, va, &v, 4, NULL), 0); }
static uint32_t r32(fx *f, uint64_t va)
{
    uint32_t v = 0;
    assert_int_equal(gt_vm_read(&f->vm, va, &v, 4, NULL), 0);
    return v;
}
static uint64_t r64(fx *f, uint64_t va)
{
    uint64_t v = 0;
    assert_int_equal(gt_vm_read(&f->vm, va, &v, 8, NULL), 0);
    return v;
}

/* RENDER_SURFACE_STATE for a buffer of `entries` entries (RAW format:
 * 1-byte entries) at base, at SSB + ss_off, bound at bti. */
static void bind_buffer(fx *f, unsigned bti, uint32_t ss_off, uint32_t type, uint64_t base,
                        uint32_t entries)
{
    uint32_t dw[16] = {0};
    uint32_t n = entries - 1;
    dw[0] = type << 29 | 0x1FFu << 18;
    dw[2] = ((n >> 7) & 0x3fff) << 16 | (n & 0x7f);
    dw[3] = ((n >> 21) & 0x7ff) << 21;
    dw[8] = (uint32_t)base;
    dw[9] = (uint32_t)(base >> 32);
    for (int i = 0; i < 16; i++)
        w32(f, SSB + ss_off + 4 * i, dw[i]);
    w32(f, SSB + BT_OFF + 4 * bti, ss_off);
}

static int setup(void **state)
{
    fx *f = calloc(1, sizeof(*f));
    f->mem = gt_mem_create();
    f->dev.mem = f->mem;
    f->dev.cfg.log = fopen("/dev/null", "w");
    f->next_pa = 0x100000;
    gt_vm_init(&f->vm, GT_VM_PPGTT48, f->mem, NULL, 0x1000);
    for (uint64_t va = SSB; va < SSB + 0x1000; va += 0x1000)
        map_page(f, va);
    map_page(f, BUF);
    map_page(f, GSB + 0x3000);
    map_page(f, GSB + 0x4000);
    map_page(f, A64_VA);
    map_page(f, A64_VA + 0x1000);
    gt_vm_flush(&f->vm);
    f->disp.vm = &f->vm;
    f->disp.general_state_base = GSB;
    f->disp.surface_state_base = SSB;
    f->disp.binding_table = SSB + BT_OFF;
    bind_buffer(f, 0, 0x40, 4 /* BUFFER */, BUF, BUF_SIZE);
    bind_buffer(f, 1, 0x80, 7 /* NULL */, 0, 1);
    for (unsigned i = 0; i < 1024; i++) /* buffer page: DWord i = 0x1000 + i */
        w32(f, BUF + 4 * i, 0x1000 + i);
    f->t = aligned_alloc(64, sizeof(gt_thread));
    memset(f->t, 0, sizeof(gt_thread));
    f->t->disp = &f->disp;
    f->t->tg = &f->tg;
    f->tg.nthreads = 1;
    f->tg.threads = &f->t;
    f->tg.slm = f->slm;
    f->tg.slm_size = sizeof(f->slm);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fx *f = *state;
    fclose(f->dev.cfg.log);
    gt_mem_destroy(f->mem);
    free(f->t);
    free(f);
    return 0;
}

/* GRF access */
static uint32_t *grf32(fx *f, unsigned reg) { return (uint32_t *)(f->t->grf + reg * 32); }
static uint64_t *grf64(fx *f, unsigned reg) { return (uint64_t *)(f->t->grf + reg * 32); }

/* The SLM DWord at byte offset off. */
static uint32_t slm32(fx *f, unsigned off)
{
    uint32_t v;
    memcpy(&v, f->slm + off, 4);
    return v;
}

static gt_inst mk_send(unsigned sfid, unsigned src0, int dst, int src1)
{
    gt_inst in;
    memset(&in, 0, sizeof(in));
    in.op = src1 >= 0 ? GT_OP_SENDS : GT_OP_SEND;
    in.sfid = (uint8_t)sfid;
    in.src[0].file = GT_FILE_GRF;
    in.src[0].nr = (uint8_t)src0;
    if (src1 >= 0) {
        in.src[1].file = GT_FILE_GRF;
        in.src[1].nr = (uint8_t)src1;
    }
    if (dst >= 0) {
        in.dst.file = GT_FILE_GRF;
        in.dst.nr = (uint8_t)dst;
    } else {
        in.dst.file = GT_FILE_ARF;
        in.dst.nr = GT_ARF_NULL;
    }
    return in;
}

static int send(fx *f, unsigned sfid, unsigned src0, int dst, uint32_t mask, uint32_t desc)
{
    gt_inst in = mk_send(sfid, src0, dst, -1);
    return gt_sf_send(&f->dev, f->t, &in, mask, desc, sfid);
}
static int sends(fx *f, unsigned sfid, unsigned src0, unsigned src1, unsigned exlen, int dst,
                 uint32_t mask, uint32_t desc)
{
    gt_inst in = mk_send(sfid, src0, dst, (int)src1);
    return gt_sf_send(&f->dev, f->t, &in, mask, desc, sfid | exlen << 6);
}

static void fill(fx *f, unsigned reg, unsigned n, uint32_t v)
{
    for (unsigned i = 0; i < n * 8; i++)
        grf32(f, reg)[i] = v;
}

/* ---- untyped surface read/write ---- */

static void untyped_read_simd8_xy(void **state)
{
    fx *f = *state;
    static const uint32_t offs[8] = {0, 4, 8, 40, 100, 200, 248, 252};
    for (int i = 0; i < 8; i++)
        grf32(f, 2)[i] = offs[i];
    fill(f, 10, 2, 0xdeadbeef);
    /* iga: "wr:1+0, rd:2; hdc.dc1; untyped surface read with xy" */
    uint32_t desc = DESC(1, 2, 0, 0x01, 0x2C, 0);
    assert_int_equal(desc, 0x02206C00);
    assert_int_equal(send(f, 0xC, 2, 10, 0xDF, desc), GTSIM_OK);
    for (int i = 0; i < 8; i++) {
        if (i == 5) { /* disabled lane: unchanged */
            assert_int_equal(grf32(f, 10)[i], 0xdeadbeef);
            assert_int_equal(grf32(f, 11)[i], 0xdeadbeef);
            continue;
        }
        assert_int_equal(grf32(f, 10)[i], 0x1000 + offs[i] / 4);
        /* Y of the last lane (offset 256) is past the 256-byte buffer: 0 */
        assert_int_equal(grf32(f, 11)[i], offs[i] + 4 < BUF_SIZE ? 0x1000 + offs[i] / 4 + 1 : 0);
    }
}

static void untyped_read_simd16_xzw(void **state)
{
    fx *f = *state;
    for (int i = 0; i < 16; i++)
        grf32(f, 2)[i] = 16 * i; /* two registers of offsets */
    fill(f, 10, 6, 0xdeadbeef);
    /* channel mask 0x2 (G disabled): x, z, w; SIMD16 (mode 1):
     * iga: "wr:2+0, rd:6; hdc.dc1; untyped surface read with xzw" */
    uint32_t desc = DESC(2, 6, 0, 0x01, 0x12, 0);
    assert_int_equal(send(f, 0xC, 2, 10, 0xFFFF, desc), GTSIM_OK);
    for (int i = 0; i < 16; i++) {
        uint32_t base = 0x1000 + 4 * i;
        assert_int_equal(grf32(f, 10)[i], base + 0);
        assert_int_equal(grf32(f, 12)[i], base + 2);
        assert_int_equal(grf32(f, 14)[i], base + 3);
    }
}

static void untyped_write_sends(void **state)
{
    fx *f = *state;
    for (int i = 0; i < 8; i++) {
        grf32(f, 2)[i] = 32 * i; /* lane 7 at 224: y at 228 */
        grf32(f, 4)[i] = 0xA0 + i; /* x */
        grf32(f, 5)[i] = 0xB0 + i; /* y */
    }
    grf32(f, 2)[6] = 252; /* x in bounds, y at 256 out of bounds: dropped */
    /* iga: "wr:1+2, rd:0; hdc.dc1; untyped surface write with xy" */
    uint32_t desc = DESC(1, 0, 0, 0x09, 0x2C, 0);
    assert_int_equal(desc, 0x02026C00);
    assert_int_equal(sends(f, 0xC, 2, 4, 2, -1, 0x7E, desc), GTSIM_OK);
    assert_int_equal(r32(f, BUF + 0), 0x1000);         /* lane 0 disabled */
    assert_int_equal(r32(f, BUF + 4), 0x1001);
    for (int i = 1; i < 6; i++) {
        assert_int_equal(r32(f, BUF + 32 * i), 0xA0 + i);
        assert_int_equal(r32(f, BUF + 32 * i + 4), 0xB0 + i);
    }
    assert_int_equal(r32(f, BUF + 252), 0xA6);
    assert_int_equal(r32(f, BUF + 256), 0x1000 + 64); /* OOB write dropped */
    assert_int_equal(r32(f, BUF + 224), 0x1000 + 56); /* lane 7 disabled */
}

static void null_surface(void **state)
{
    fx *f = *state;
    for (int i = 0; i < 8; i++)
        grf32(f, 2)[i] = 4 * i;
    fill(f, 10, 1, 0xdeadbeef);
    assert_int_equal(send(f, 0xC, 2, 10, 0xFF, DESC(1, 1, 0, 0x01, 0x2E, 1)), GTSIM_OK);
    for (int i = 0; i < 8; i++)
        assert_int_equal(grf32(f, 10)[i], 0);
}

/* ---- atomics ---- */

typedef struct aop_case {
    unsigned op;
    uint32_t old, s0, s1, nv, ret;
} aop_case;

/* Seed/PRM atomic semantics; values worked out by hand. */
static const aop_case aop_cases[] = {
    {1, 0xF0F0, 0xFF00, 0, 0xF000, 0xF0F0},              /* AND */
    {2, 0xF0F0, 0x0F00, 0, 0xFFF0, 0xF0F0},              /* OR */
    {3, 0xF0F0, 0xFF00, 0, 0x0FF0, 0xF0F0},              /* XOR */
    {4, 5, 77, 0, 77, 5},                                /* MOV */
    {5, 0xFFFFFFFF, 0, 0, 0, 0xFFFFFFFF},                /* INC wraps */
    {6, 0, 0, 0, 0xFFFFFFFF, 0},                         /* DEC */
    {7, 10, 0xFFFFFFFE, 0, 8, 10},                       /* ADD */
    {8, 10, 3, 0, 7, 10},                                /* SUB */
    {9, 10, 3, 0, 0xFFFFFFF9, 10},                       /* REVSUB: 3 - 10 */
    {10, 0xFFFFFFFF, 1, 0, 1, 0xFFFFFFFF},               /* IMAX(-1, 1) */
    {11, 0xFFFFFFFF, 1, 0, 0xFFFFFFFF, 0xFFFFFFFF},      /* IMIN(-1, 1) */
    {12, 0xFFFFFFFF, 1, 0, 0xFFFFFFFF, 0xFFFFFFFF},      /* UMAX */
    {13, 0xFFFFFFFF, 1, 0, 1, 0xFFFFFFFF},               /* UMIN */
    {14, 42, 42, 99, 99, 42},                            /* CMPWR equal */
    {14, 42, 41, 99, 42, 42},                            /* CMPWR not equal */
    {15, 7, 0, 0, 6, 6},                                 /* PREDEC returns new */
};

static void atomics_int_simd8(void **state)
{
    fx *f = *state;
    /* one op per call, lanes 0..3 on distinct DWords, lanes 4..7 disabled */
    for (size_t c = 0; c < sizeof(aop_cases) / sizeof(aop_cases[0]); c++) {
        const aop_case *a = &aop_cases[c];
        for (int i = 0; i < 8; i++) {
            grf32(f, 2)[i] = 64 + 4 * i;
            grf32(f, 3)[i] = a->s0;
            grf32(f, 4)[i] = a->s1;
        }
        for (int i = 0; i < 8; i++)
            w32(f, BUF + 64 + 4 * i, a->old);
        fill(f, 10, 1, 0xdeadbeef);
        unsigned nsrc = a->op == 5 || a->op == 6 || a->op == 15 ? 0 : a->op == 14 ? 2 : 1;
        /* ctrl: 13 return data, 12 SIMD8, 11:8 op; e.g. ADD:
         * iga: "wr:2+0, rd:1; hdc.dc1; dword untyped atomic add; simd8" */
        uint32_t desc = DESC(1 + nsrc, 1, 0, 0x02, 0x30 | a->op, 0);
        assert_int_equal(send(f, 0xC, 2, 10, 0x0F, desc), GTSIM_OK);
        for (int i = 0; i < 8; i++) {
            if (i < 4) {
                assert_int_equal(r32(f, BUF + 64 + 4 * i), a->nv);
                assert_int_equal(grf32(f, 10)[i], a->ret);
            } else {
                assert_int_equal(r32(f, BUF + 64 + 4 * i), a->old);
                assert_int_equal(grf32(f, 10)[i], 0xdeadbeef);
            }
        }
    }
}

static void atomic_add_simd16_same_address(void **state)
{
    fx *f = *state;
    w32(f, BUF + 8, 100);
    for (int i = 0; i < 16; i++) {
        grf32(f, 2)[i] = 8;
        grf32(f, 4)[i] = 1;
    }
    fill(f, 10, 2, 0);
    /* SIMD16 (bit 12 clear), return data, ADD; header-less, mlen 4 */
    assert_int_equal(send(f, 0xC, 2, 10, 0xFFFF, DESC(4, 2, 0, 0x02, 0x27, 0)), GTSIM_OK);
    assert_int_equal(r32(f, BUF + 8), 116);
    for (int i = 0; i < 16; i++)
        assert_int_equal(grf32(f, 10)[i], 100 + i); /* slots in order */
    /* no return data (bit 13 clear): destination untouched */
    fill(f, 10, 2, 0x5a5a5a5a);
    assert_int_equal(send(f, 0xC, 2, 10, 0xFFFF, DESC(4, 0, 0, 0x02, 0x07, 0)), GTSIM_OK);
    assert_int_equal(r32(f, BUF + 8), 132);
    assert_int_equal(grf32(f, 10)[0], 0x5a5a5a5a);
}

static void atomic_sends_header_oob(void **state)
{
    fx *f = *state;
    /* header present (skipped), addresses in src0, ADD operand in src1 via
     * sends; lane 1 out of bounds: no write, returns 0 */
    fill(f, 1, 1, 0);
    for (int i = 0; i < 8; i++) {
        grf32(f, 2)[i] = 32 + 4 * i;
        grf32(f, 6)[i] = 0x100;
    }
    grf32(f, 2)[1] = BUF_SIZE;
    fill(f, 10, 1, 0xdeadbeef);
    assert_int_equal(sends(f, 0xC, 1, 6, 1, 10, 0x3, DESC(2, 1, 1, 0x02, 0x37, 0)), GTSIM_OK);
    assert_int_equal(r32(f, BUF + 32), 0x1000 + 8 + 0x100);
    assert_int_equal(grf32(f, 10)[0], 0x1000 + 8);
    assert_int_equal(grf32(f, 10)[1], 0);
    assert_int_equal(r32(f, BUF + BUF_SIZE), 0x1000 + 64);
    assert_int_equal(grf32(f, 10)[2], 0xdeadbeef);
}

static uint32_t fbits(float x) { uint32_t u; memcpy(&u, &x, 4); return u; }

static void atomics_float(void **state)
{
    fx *f = *state;
    struct { unsigned op; float old, s0, s1, nv; } c[] = {
        {1, 1.5f, 2.5f, 0, 2.5f}, /* FMAX */
        {1, 3.0f, -2.0f, 0, 3.0f},
        {2, 1.5f, -2.5f, 0, -2.5f}, /* FMIN */
        {3, 4.0f, 4.0f, 9.0f, 9.0f}, /* FCMPWR equal */
        {3, 4.0f, 5.0f, 9.0f, 4.0f},
    };
    for (size_t k = 0; k < sizeof(c) / sizeof(c[0]); k++) {
        w32(f, BUF + 16, fbits(c[k].old));
        grf32(f, 2)[0] = 16;
        grf32(f, 3)[0] = fbits(c[k].s0);
        grf32(f, 4)[0] = fbits(c[k].s1);
        unsigned nsrc = c[k].op == 3 ? 2 : 1;
        /* type 0x1b, ctrl 13 return, 12 SIMD8, 9:8 op */
        assert_int_equal(send(f, 0xC, 2, 10, 0x1, DESC(1 + nsrc, 1, 0, 0x1b, 0x30 | c[k].op, 0)),
                         GTSIM_OK);
        assert_int_equal(r32(f, BUF + 16), fbits(c[k].nv));
        assert_int_equal(grf32(f, 10)[0], fbits(c[k].old));
    }
}

/* ---- scattered ---- */

static void byte_scattered(void **state)
{
    fx *f = *state;
    /* write bytes 0x11.. at offsets 3, 5, 6 (1 byte), then read back with
     * 1, 2 and 4 byte sizes */
    for (int i = 0; i < 8; i++) {
        grf32(f, 2)[i] = 3 + 2 * i;
        grf32(f, 3)[i] = 0xFFFFFF00u | (0x11u * (i + 1));
    }
    /* iga: "wr:2+0, rd:0; hdc.dc0; byte scattering write 8b" */
    assert_int_equal(send(f, 0xA, 2, -1, 0x07, DESC(2, 0, 0, 12, 0x00, 0)), GTSIM_OK);
    /* DWord 0 = 0x1000 with byte 3 = 0x11; DWord 1 = 0x1001 with byte 1 = 0x22, byte 3 = 0x33 */
    assert_int_equal(r32(f, BUF + 0), 0x11001000);
    assert_int_equal(r32(f, BUF + 4), 0x33002201);
    assert_int_equal(r32(f, BUF + 8), 0x1002);
    for (int i = 0; i < 8; i++)
        grf32(f, 2)[i] = 3;
    fill(f, 10, 1, 0xdeadbeef);
    /* iga: "wr:1+0, rd:1; hdc.dc0; byte gathering read 16b" */
    assert_int_equal(send(f, 0xA, 2, 10, 0x01, DESC(1, 1, 0, 4, 0x04, 0)), GTSIM_OK);
    assert_int_equal(grf32(f, 10)[0], 0x0111); /* bytes 3, 4: 0x11, 0x01 */
}

static void dword_scattered(void **state)
{
    fx *f = *state;
    for (int i = 0; i < 16; i++) {
        grf32(f, 2)[i] = 15 - i; /* DWord offsets (vISA SCATTER: in element units) */
        grf32(f, 4)[i] = 0xC0 + i;
    }
    grf32(f, 3)[7] = 1000; /* slot 15 out of bounds */
    /* SIMD16 DWord scattered write: ctrl bit 9 legacy, bit 8 SIMD16; offsets in DWords */
    assert_int_equal(send(f, 0xA, 2, -1, 0xFFFF, DESC(4, 0, 0, 11, 0x03, 0)), GTSIM_OK);
    for (int i = 0; i < 15; i++)
        assert_int_equal(r32(f, BUF + 4 * (15 - i)), 0xC0 + i);
    fill(f, 10, 2, 0xdeadbeef);
    /* SIMD8 read with header: M0.2 global offset 2 DWords (8 bytes).
     * iga: "wr:1h+1, rd:1; hdc.dc0; dword gathering read" */
    fill(f, 1, 1, 0);
    grf32(f, 1)[2] = 2;
    for (int i = 0; i < 8; i++)
        grf32(f, 2)[i] = i;
    assert_int_equal(send(f, 0xA, 1, 10, 0xFF, DESC(2, 1, 1, 3, 0x02, 0)), GTSIM_OK);
    for (int i = 0; i < 8; i++)
        assert_int_equal(grf32(f, 10)[i], 0xC0 + 15 - (i + 2));
}

/* ---- OWord block ---- */

static void oword_block(void **state)
{
    fx *f = *state;
    fill(f, 1, 1, 0);
    grf32(f, 1)[2] = 2; /* aligned: OWord 2 = byte 32 */
    fill(f, 10, 2, 0xdeadbeef);
    /* 2 OWords (ctrl 2), type 0, header: iga "hdc.dc0; oword block read x2" */
    assert_int_equal(send(f, 0xA, 1, 10, 0x1, DESC(1, 1, 1, 0, 0x02, 0)), GTSIM_OK);
    for (int i = 0; i < 8; i++)
        assert_int_equal(grf32(f, 10)[i], 0x1000 + 8 + i);
    /* 1 OWord high half (ctrl 1): low half untouched */
    fill(f, 10, 1, 0xdeadbeef);
    assert_int_equal(send(f, 0xA, 1, 10, 0x1, DESC(1, 1, 1, 0, 0x01, 0)), GTSIM_OK);
    for (int i = 0; i < 4; i++) {
        assert_int_equal(grf32(f, 10)[i], 0xdeadbeef);
        assert_int_equal(grf32(f, 10)[4 + i], 0x1000 + 8 + i);
    }
    /* unaligned (type 1): byte offset 236, 2 OWords: the last 3 DWords are
     * past the 256-byte buffer and read as 0 */
    grf32(f, 1)[2] = 236;
    fill(f, 10, 1, 0xdeadbeef);
    assert_int_equal(send(f, 0xA, 1, 10, 0x1, DESC(1, 1, 1, 1, 0x02, 0)), GTSIM_OK);
    for (int i = 0; i < 8; i++)
        assert_int_equal(grf32(f, 10)[i], i < 5 ? 0x1000 + 59 + i : 0);
    /* write 8 OWords (4 registers of data) at OWord 4 */
    grf32(f, 1)[2] = 4;
    for (int i = 0; i < 32; i++)
        grf32(f, 2)[i] = 0xE000 + i;
    assert_int_equal(send(f, 0xA, 1, -1, 0, DESC(5, 0, 1, 8, 0x04, 0)), GTSIM_OK);
    for (int i = 0; i < 32; i++)
        assert_int_equal(r32(f, BUF + 64 + 4 * i), 0xE000 + i);
    assert_int_equal(r32(f, BUF + 60), 0x1000 + 15);
    assert_int_equal(r32(f, BUF + 192), 0x1000 + 48);
}

static void read_only_ports(void **state)
{
    fx *f = *state;
    fill(f, 1, 1, 0);
    grf32(f, 1)[2] = 1; /* OWord 1 = byte 16 */
    fill(f, 10, 1, 0xdeadbeef);
    /* constant cache (SFID 9) OWord block read, 2 OWords */
    assert_int_equal(send(f, 0x9, 1, 10, 0, DESC(1, 1, 1, 0, 0x02, 0)), GTSIM_OK);
    for (int i = 0; i < 8; i++)
        assert_int_equal(grf32(f, 10)[i], 0x1000 + 4 + i);
    /* sampler cache (SFID 4) unaligned OWord block read (type 4), byte 8 */
    grf32(f, 1)[2] = 8;
    assert_int_equal(send(f, 0x4, 1, 10, 0, DESC(1, 1, 1, 4, 0x02, 0)), GTSIM_OK);
    for (int i = 0; i < 8; i++)
        assert_int_equal(grf32(f, 10)[i], 0x1000 + 2 + i);
    /* constant cache DWord scattered read, SIMD8: DWord offsets 2i = bytes 8i */
    for (int i = 0; i < 8; i++)
        grf32(f, 2)[i] = 2 * i;
    assert_int_equal(send(f, 0x9, 2, 10, 0xFF, DESC(1, 1, 0, 3, 0x02, 0)), GTSIM_OK);
    for (int i = 0; i < 8; i++)
        assert_int_equal(grf32(f, 10)[i], 0x1000 + 2 * i);
    /* sampler cache media block read: not implemented */
    assert_int_equal(send(f, 0x4, 1, 10, 0, DESC(2, 1, 1, 5, 0, 0)), GTSIM_ERR_UNIMPL);
}

/* ---- response overlapping the payload ----
 * The payload is sent before the response comes back: a destination that
 * overlaps the payload registers (IGC: `send (16|M0) r39:w r40 ... untyped
 * surface read with xyzw`, the addresses in r40-r41 inside the returned
 * r39-r46) must not change the addresses or data the message uses.  Before
 * the fix slot 0's y result overwrote slot 8's address (OpenCL-CTS
 * integer_ops integer_mul_hi long8 read zeros). */
static void response_overlaps_payload(void **state)
{
    fx *f = *state;
    /* SIMD16 untyped surface read, RGBA: slot i at byte 16*i of the buffer;
     * addresses in r10 (slots 0-7) and r11 (8-15), response r9..r16 */
    for (int i = 0; i < 16; i++)
        grf32(f, 10 + i / 8)[i % 8] = 16u * (uint32_t)i;
    assert_int_equal(send(f, 0xC, 10, 9, 0xFFFF, DESC(2, 8, 0, 0x01, 0x10, 0)), GTSIM_OK);
    for (int c = 0; c < 4; c++)
        for (int i = 0; i < 16; i++)
            assert_int_equal(grf32(f, 9 + 2 * c + i / 8)[i % 8], 0x1000u + 4u * (uint32_t)i + (uint32_t)c);
    /* sends: SIMD8 untyped atomic add with return (op 7, bit 13 return,
     * bit 12 SIMD8), addresses r20, data r21, result written over the data
     * register: every slot adds the value it was given */
    for (int i = 0; i < 8; i++) {
        grf32(f, 20)[i] = 4u * (uint32_t)i;
        grf32(f, 21)[i] = 0x100u * (uint32_t)(i + 1);
    }
    assert_int_equal(sends(f, 0xC, 20, 21, 1, 21, 0xFF, DESC(1, 1, 0, 0x02, 0x37, 0)), GTSIM_OK);
    for (int i = 0; i < 8; i++) {
        assert_int_equal(grf32(f, 21)[i], 0x1000u + (uint32_t)i); /* old value */
        assert_int_equal(r32(f, BUF + 4u * (uint32_t)i), 0x1000u + (uint32_t)i + 0x100u * (uint32_t)(i + 1));
    }
}

/* Untyped read/write over a page boundary (stateless A32, GSB + 0x3000 and
 * + 0x4000 mapped to unrelated physical pages): slots alternate between the
 * two pages, one DWord straddles them, and a slot past them faults.  The
 * data port translates each page once per message (src/sf/sf_int.h
 * sf_dword_ptr); results must be those of DWord-by-DWord access. */
static void untyped_page_boundary(void **state)
{
    fx *f = *state;
    for (unsigned i = 0; i < 2048; i++)
        w32(f, GSB + 0x3000 + 4 * i, 0x30000000u + i);
    static const uint32_t offs[8] = {0x3ffc, 0x4000, 0x3000, 0x4ffc, 0x3ffe, 0x3004, 0x4004, 0x3ff8};
    for (int i = 0; i < 8; i++)
        grf32(f, 2)[i] = offs[i];
    fill(f, 10, 1, 0xdeadbeef);
    /* iga: "wr:1+0, rd:1; hdc.dc1; untyped surface read with x", BTI 255 */
    uint32_t desc = DESC(1, 1, 0, 0x01, 0x2E, 255);
    assert_int_equal(send(f, 0xC, 2, 10, 0xFF, desc), GTSIM_OK);
    for (int i = 0; i < 8; i++) {
        uint32_t want = offs[i] == 0x3ffe ? (0x30000000u + 0x3ff) >> 16 | (0x30000000u + 0x400) << 16
                                          : 0x30000000u + (offs[i] - 0x3000) / 4;
        assert_int_equal(grf32(f, 10)[i], want);
    }
    /* xyzw: a slot's 16 bytes within one page, ending at its end, or
     * straddling the two pages after 1, 2 or 3 DWords (sf_span_ptr: one
     * pointer per slot, or DWord by DWord) */
    static const uint32_t offs4[8] = {0x3ff0, 0x3ff4, 0x3ff8, 0x3ffc, 0x4000, 0x3000, 0x4ff0, 0x3ff0};
    for (int i = 0; i < 8; i++)
        grf32(f, 2)[i] = offs4[i];
    fill(f, 10, 4, 0xdeadbeef);
    /* iga: "wr:1+0, rd:4; hdc.dc1; untyped surface read with xyzw" */
    assert_int_equal(send(f, 0xC, 2, 10, 0x7F, DESC(1, 4, 0, 0x01, 0x20, 255)), GTSIM_OK);
    for (int i = 0; i < 8; i++)
        for (int c = 0; c < 4; c++)
            assert_int_equal(grf32(f, 10 + c)[i], i == 7 ? 0xdeadbeef : 0x30000000u + (offs4[i] + 4 * c - 0x3000) / 4);
    /* write the same slots xyzw (0xA0 + 16 lane + channel), lane 7 off; read back DWord by DWord */
    for (int i = 0; i < 8; i++)
        for (int c = 0; c < 4; c++)
            grf32(f, 3 + c)[i] = 0xA0u + 16u * (uint32_t)i + (uint32_t)c;
    /* lanes 2 (straddling), 5 and 6 (within a page); the others overlap them */
    assert_int_equal(sends(f, 0xC, 2, 3, 4, -1, 0x64, DESC(1, 0, 0, 0x09, 0x20, 255)), GTSIM_OK);
    for (int i = 2; i < 7; i += i == 2 ? 3 : 1)
        for (int c = 0; c < 4; c++)
            assert_int_equal(r32(f, GSB + offs4[i] + 4 * c), 0xA0u + 16u * (uint32_t)i + (uint32_t)c);
    for (unsigned i = 0; i < 2048; i++)
        w32(f, GSB + 0x3000 + 4 * i, 0x30000000u + i);
    for (int i = 0; i < 8; i++)
        grf32(f, 2)[i] = offs[i];
    /* write the same slots (x = 0xC0 + lane), read back DWord by DWord */
    for (int i = 0; i < 8; i++)
        grf32(f, 3)[i] = 0xC0u + (uint32_t)i;
    /* iga: "wr:1+1, rd:0; hdc.dc1; untyped surface write with x" */
    desc = DESC(1, 0, 0, 0x09, 0x2E, 255);
    assert_int_equal(sends(f, 0xC, 2, 3, 1, -1, 0xEF, desc), GTSIM_OK);   /* lane 4 (0x3ffe) off */
    for (int i = 0; i < 8; i++)
        if (i != 4)
            assert_int_equal(r32(f, GSB + offs[i]), 0xC0u + (uint32_t)i);
    assert_int_equal(r32(f, GSB + 0x3ffc), 0xC0u);
    grf32(f, 2)[4] = 0x3ffe;
    assert_int_equal(sends(f, 0xC, 2, 3, 1, -1, 0x10, desc), GTSIM_OK);   /* straddling write */
    assert_int_equal(r32(f, GSB + 0x3ffc), 0x00C40000u | 0xC0u);
    assert_int_equal(r32(f, GSB + 0x4000), 0xC1u & 0xffff0000u);
    /* a slot on an unmapped page faults, naming its address */
    grf32(f, 2)[1] = 0x5000;
    assert_int_equal(send(f, 0xC, 2, 10, 0xFF, DESC(1, 1, 0, 0x01, 0x2E, 255)), GTSIM_ERR_FAULT);
    assert_non_null(strstr(f->dev.err, "page fault at GVA 0x000000105000"));
}

/* A32 stateless offsets wrap at 4 GiB inside a slot: xyzw at 0xfffffff8
 * reads base + 0xfffffff8, + 0xfffffffc, then base + 0 and + 4 (the slot's
 * bytes are not one run of memory: sf_span_ptr gives no pointer). */
/* One SIMD8 slot (lane 0) reading xyzw at A32 offset 0xfffffff8, with
 * the header M0.5 scratch offset `scratch` (0: no header): x and y come
 * from GVA hi, z and w from GVA lo, which hold v, v + 1, v + 2, v + 3. */
static void a32_wrap_read(fx *f, uint64_t hi, uint64_t lo, uint32_t scratch, uint32_t v)
{
    w32(f, hi, v);
    w32(f, hi + 4, v + 1);
    w32(f, lo, v + 2);
    w32(f, lo + 4, v + 3);
    unsigned h = scratch != 0;
    fill(f, 2, 1, 0);
    grf32(f, 2)[5] = scratch;
    for (int i = 0; i < 8; i++)
        grf32(f, 2 + h)[i] = 0xfffffff8u;
    fill(f, 10, 4, 0xdeadbeef);
    /* iga: "wr:1+0, rd:4; hdc.dc1; untyped surface read with xyzw", BTI 255 */
    assert_int_equal(send(f, 0xC, 2, 10, 0x01, DESC(1 + h, 4, h, 0x01, 0x20, 255)), GTSIM_OK);
    for (unsigned c = 0; c < 4; c++)
        assert_int_equal(grf32(f, 10 + c)[0], v + c);
}

static void untyped_a32_wrap(void **state)
{
    fx *f = *state;
    map_page(f, GSB + 0xfffff000ull);
    map_page(f, GSB);
    map_page(f, GSB + 0x100000000ull);
    gt_vm_flush(&f->vm);
    a32_wrap_read(f, GSB + 0xfffffff8ull, GSB, 0, 0x11);
    for (int c = 0; c < 4; c++)
        grf32(f, 3 + c)[0] = 0x50u + (uint32_t)c;
    assert_int_equal(sends(f, 0xC, 2, 3, 4, -1, 0x01, DESC(1, 0, 0, 0x09, 0x20, 255)), GTSIM_OK);
    assert_int_equal(r32(f, GSB + 0xfffffff8ull), 0x50);
    assert_int_equal(r32(f, GSB + 0xfffffffcull), 0x51);
    assert_int_equal(r32(f, GSB), 0x52);
    assert_int_equal(r32(f, GSB + 4), 0x53);
    /* with a header whose M0.5[31:10] (scratch offset) is 0x400 the slot's
     * bytes are GSB + 0x1000003f8 .. and GSB + 0x400 .., both inside pages */
    a32_wrap_read(f, GSB + 0x1000003f8ull, GSB + 0x400, 0x400, 0x66);
}

/* Surface states are resolved once per dispatch when the dispatch has a
 * gt_bti_cache (the walker's): a binding table entry rebound while the
 * dispatch runs is not seen (like the hardware's surface state cache, which
 * a driver invalidates between dispatches); a fresh cache sees it. */
static void bti_cache_per_dispatch(void **state)
{
    fx *f = *state;
    gt_bti_cache bc;
    memset(&bc, 0, sizeof bc);
    f->disp.bti_cache = &bc;
    for (int i = 0; i < 8; i++)
        grf32(f, 2)[i] = 4u * (uint32_t)i;
    /* iga: "wr:1+0, rd:1; hdc.dc1; untyped surface read with x", BTI 0 */
    uint32_t desc = DESC(1, 1, 0, 0x01, 0x2E, 0);
    fill(f, 10, 1, 0xdeadbeef);
    assert_int_equal(send(f, 0xC, 2, 10, 0xFF, desc), GTSIM_OK);
    assert_int_equal(grf32(f, 10)[3], 0x1003);
    assert_true(bc.valid[0] & 1);
    w32(f, SSB + BT_OFF, 0x80);   /* BTI 0 -> the null surface's state */
    fill(f, 10, 1, 0xdeadbeef);
    assert_int_equal(send(f, 0xC, 2, 10, 0xFF, desc), GTSIM_OK);
    assert_int_equal(grf32(f, 10)[3], 0x1003);   /* still the buffer */
    gt_bti_cache_reset(&bc);                       /* next dispatch */
    assert_int_equal(send(f, 0xC, 2, 10, 0xFF, desc), GTSIM_OK);
    assert_int_equal(grf32(f, 10)[3], 0);          /* null surface: zeros */
    assert_true(bc.valid[0] & 1);
    assert_int_equal(bc.e[0].kind, 0);
    /* failures are not cached: a reserved BTI fails every time */
    assert_int_equal(send(f, 0xC, 2, 10, 0xFF, DESC(1, 1, 0, 0x01, 0x2E, 245)), GTSIM_ERR_ILLEGAL);
    assert_int_equal(send(f, 0xC, 2, 10, 0xFF, DESC(1, 1, 0, 0x01, 0x2E, 245)), GTSIM_ERR_ILLEGAL);
    f->disp.bti_cache = NULL;
    gt_bti_cache_fini(&bc);
}

/* ---- SLM and stateless ---- */

static void slm(void **state)
{
    fx *f = *state;
    for (int i = 0; i < 8; i++) {
        grf32(f, 2)[i] = 1020 - 4 * i; /* lane 0 at the last DWord */
        grf32(f, 4)[i] = 0x5100 + i;
    }
    grf32(f, 2)[7] = 1024; /* out of the 1 KiB SLM: dropped / 0 */
    assert_int_equal(sends(f, 0xC, 2, 4, 1, -1, 0xFF, DESC(1, 0, 0, 0x09, 0x2E, 254)), GTSIM_OK);
    assert_int_equal(slm32(f, 1020), 0x5100);
    assert_int_equal(slm32(f, 1000), 0x5105);
    fill(f, 10, 1, 0xdeadbeef);
    assert_int_equal(send(f, 0xC, 2, 10, 0xFF, DESC(1, 1, 0, 0x01, 0x2E, 254)), GTSIM_OK);
    for (int i = 0; i < 7; i++)
        assert_int_equal(grf32(f, 10)[i], 0x5100 + i);
    assert_int_equal(grf32(f, 10)[7], 0);
    /* Only offset bits 15:0 address the 64 KiB SLM: IGC tags static
     * __local variables with bit 28, so 0x10000000 + 1020 is offset 1020. */
    for (int i = 0; i < 8; i++)
        grf32(f, 2)[i] = 0x10000000u + 1020 - 4 * i;
    fill(f, 10, 1, 0xdeadbeef);
    assert_int_equal(send(f, 0xC, 2, 10, 0xFF, DESC(1, 1, 0, 0x01, 0x2E, 254)), GTSIM_OK);
    for (int i = 0; i < 8; i++)
        assert_int_equal(grf32(f, 10)[i], i < 7 ? 0x5100u + i : 0u);
}

/* SLM DWord j = 0x7000 + j, all 1 KiB of it. */
static void slm_pattern(fx *f)
{
    for (unsigned j = 0; j < 256; j++) {
        uint32_t v = 0x7000 + j;
        memcpy(f->slm + 4 * j, &v, 4);
    }
}

/* SLM untyped SIMD16 read of x, z, w (G disabled) into registers that
 * overlap the address payload, a disabled slot, a slot whose DWords run past
 * the 1 KiB SLM (0), then the same layout written back (the SLM path of
 * untyped_rw, channel by channel). */
static void slm_simd16_channels(void **state)
{
    fx *f = *state;
    slm_pattern(f);
    for (int i = 0; i < 16; i++)
        grf32(f, 2)[i] = 16u * (uint32_t)i;
    grf32(f, 2)[15] = 1016;   /* x in bounds (1016..1019), z/w past 1024 */
    fill(f, 4, 4, 0xdeadbeef);
    /* iga: "wr:2+0, rd:6; hdc.dc1; untyped surface read with xzw", BTI 254, dst r2 */
    uint32_t desc = DESC(2, 6, 0, 0x01, 0x12, 254);
    assert_int_equal(send(f, 0xC, 2, 2, 0xFFF7, desc), GTSIM_OK);
    for (int i = 0; i < 16; i++) {
        if (i == 3) {   /* disabled: the payload / fill stays */
            assert_int_equal(grf32(f, 2)[i], 48);
            assert_int_equal(grf32(f, 4)[i], 0xdeadbeef);
            assert_int_equal(grf32(f, 6)[i], 0xdeadbeef);
            continue;
        }
        uint32_t base = i == 15 ? 254 : 4u * (uint32_t)i;
        assert_int_equal(grf32(f, 2)[i], 0x7000 + base);
        assert_int_equal(grf32(f, 4)[i], i == 15 ? 0 : 0x7000 + base + 2);
        assert_int_equal(grf32(f, 6)[i], i == 15 ? 0 : 0x7000 + base + 3);
    }
    /* every slot on (the whole-response path): slot 3 too */
    for (int i = 0; i < 16; i++)
        grf32(f, 2)[i] = 16u * (uint32_t)i;
    grf32(f, 2)[15] = 1016;
    assert_int_equal(send(f, 0xC, 2, 2, 0xFFFF, desc), GTSIM_OK);
    for (int i = 0; i < 16; i++) {
        uint32_t base = i == 15 ? 254 : 4u * (uint32_t)i;
        assert_int_equal(grf32(f, 2)[i], 0x7000 + base);
        assert_int_equal(grf32(f, 4)[i], i == 15 ? 0 : 0x7000 + base + 2);
        assert_int_equal(grf32(f, 6)[i], i == 15 ? 0 : 0x7000 + base + 3);
    }
    /* write x, z, w = 0xA000 + 16 * i + channel to slots at 64 * i (x only in
     * bounds for slot 15 at 1020); slot 0 disabled */
    for (int i = 0; i < 16; i++) {
        grf32(f, 8)[i] = 64u * (uint32_t)i;
        grf32(f, 10)[i] = 0xA000u + 16 * (uint32_t)i;
        grf32(f, 12)[i] = 0xA000u + 16 * (uint32_t)i + 2;
        grf32(f, 14)[i] = 0xA000u + 16 * (uint32_t)i + 3;
    }
    grf32(f, 8)[15] = 1020;
    /* iga: "wr:2+6, rd:0; hdc.dc1; untyped surface write with xzw" */
    assert_int_equal(sends(f, 0xC, 8, 10, 6, -1, 0xFFFE, DESC(2, 0, 0, 0x09, 0x12, 254)), GTSIM_OK);
    uint32_t v;
    memcpy(&v, f->slm, 4);
    assert_int_equal(v, 0x7000);   /* slot 0 disabled */
    for (int i = 1; i < 15; i++) {
        assert_int_equal(slm32(f, 64 * i), 0xA000u + 16 * (uint32_t)i);
        assert_int_equal(slm32(f, 64 * i + 4), 0x7000u + 16 * (uint32_t)i + 1);   /* G disabled: unchanged */
        assert_int_equal(slm32(f, 64 * i + 8), 0xA000u + 16 * (uint32_t)i + 2);
    }
    assert_int_equal(slm32(f, 1020), 0xA000u + 16 * 15);
}

/* Untyped x-only messages with every slot on and consecutive DWords (one
 * copy per register when they lie in one page and in bounds; otherwise DWord
 * by DWord): in a buffer, running past its end, across a page (stateless),
 * and written back. */
static void untyped_dense(void **state)
{
    fx *f = *state;
    /* SIMD16 read of buffer DWords 8..23 (BTI 0, 256 bytes) */
    for (int i = 0; i < 16; i++)
        grf32(f, 2)[i] = 32u + 4u * (uint32_t)i;
    fill(f, 10, 2, 0xdeadbeef);
    /* iga: "wr:2+0, rd:2; hdc.dc1; untyped surface read with x" */
    uint32_t rd = DESC(2, 2, 0, 0x01, 0x1E, 0);
    assert_int_equal(send(f, 0xC, 2, 10, 0xFFFF, rd), GTSIM_OK);
    for (int i = 0; i < 16; i++)
        assert_int_equal(grf32(f, 10 + i / 8)[i % 8], 0x1000u + 8 + (uint32_t)i);
    /* the last five slots past the 256-byte buffer read 0 */
    for (int i = 0; i < 16; i++)
        grf32(f, 2)[i] = 196u + 4u * (uint32_t)i;
    assert_int_equal(send(f, 0xC, 2, 10, 0xFFFF, rd), GTSIM_OK);
    for (int i = 0; i < 16; i++)
        assert_int_equal(grf32(f, 10 + i / 8)[i % 8], i < 15 ? 0x1000u + 49 + (uint32_t)i : 0u);
    /* stateless across GSB + 0x4000: slots 0..7 in one page, 8..15 in the next */
    for (unsigned j = 0; j < 16; j++)
        w32(f, GSB + 0x3fe0 + 4 * j, 0xE000 + j);
    for (int i = 0; i < 16; i++)
        grf32(f, 2)[i] = 0x3fe0u + 4u * (uint32_t)i;
    assert_int_equal(send(f, 0xC, 2, 10, 0xFFFF, DESC(2, 2, 0, 0x01, 0x1E, 255)), GTSIM_OK);
    for (int i = 0; i < 16; i++)
        assert_int_equal(grf32(f, 10 + i / 8)[i % 8], 0xE000u + (uint32_t)i);
    /* dense write of x = 0xF000 + i at 0x3000.. (one page), then read back */
    w32(f, GSB + 0x3040, 0x12345678);
    for (int i = 0; i < 16; i++) {
        grf32(f, 2)[i] = 0x3000u + 4u * (uint32_t)i;
        grf32(f, 4 + i / 8)[i % 8] = 0xF000u + (uint32_t)i;
    }
    /* iga: "wr:2+2, rd:0; hdc.dc1; untyped surface write with x" */
    assert_int_equal(sends(f, 0xC, 2, 4, 2, -1, 0xFFFF, DESC(2, 0, 0, 0x09, 0x1E, 255)), GTSIM_OK);
    for (int i = 0; i < 16; i++)
        assert_int_equal(r32(f, GSB + 0x3000 + 4 * (uint64_t)i), 0xF000u + (uint32_t)i);
    assert_int_equal(r32(f, GSB + 0x3040), 0x12345678);   /* untouched neighbour */
}

/* Untyped messages with every slot on and one address for all slots (a
 * broadcast) or consecutive DWords, several channels: in SLM and in a
 * buffer.  Slot i, channel c is the DWord at address_i + 4c; a write goes
 * channel by channel, slot by slot, so where two slots or channels meet
 * the same DWord the later one in that order stays. */
static void untyped_broadcast_and_overlap(void **state)
{
    fx *f = *state;
    slm_pattern(f);
    /* SLM SIMD16 read xyzw, every slot at 40: 0x7000 + 10..13 in every lane */
    for (int i = 0; i < 16; i++)
        grf32(f, 2)[i] = 40;
    fill(f, 10, 8, 0xdeadbeef);
    /* iga: "wr:2+0, rd:8; hdc.dc1; untyped surface read with xyzw", BTI 254 */
    assert_int_equal(send(f, 0xC, 2, 10, 0xFFFF, DESC(2, 8, 0, 0x01, 0x10, 254)), GTSIM_OK);
    for (int c = 0; c < 4; c++)
        for (int i = 0; i < 16; i++)
            assert_int_equal(grf32(f, 10 + 2 * c + i / 8)[i % 8], 0x7000u + 10 + (uint32_t)c);
    /* SLM SIMD8 read xy at 100 + 4i: x = 0x7000 + 25 + i, y = x + 1 */
    for (int i = 0; i < 8; i++)
        grf32(f, 2)[i] = 100 + 4u * (uint32_t)i;
    /* iga: "wr:1+0, rd:2; hdc.dc1; untyped surface read with xy", BTI 254 */
    assert_int_equal(send(f, 0xC, 2, 10, 0xFF, DESC(1, 2, 0, 0x01, 0x2C, 254)), GTSIM_OK);
    for (int i = 0; i < 8; i++) {
        assert_int_equal(grf32(f, 10)[i], 0x7000u + 25 + (uint32_t)i);
        assert_int_equal(grf32(f, 11)[i], 0x7000u + 26 + (uint32_t)i);
    }
    /* SLM SIMD8 write xy, every slot at 200: x and y of slot 7 stay */
    for (int i = 0; i < 8; i++) {
        grf32(f, 2)[i] = 200;
        grf32(f, 4)[i] = 0xA0u + (uint32_t)i;
        grf32(f, 5)[i] = 0xB0u + (uint32_t)i;
    }
    /* iga: "wr:1+2, rd:0; hdc.dc1; untyped surface write with xy", BTI 254 */
    assert_int_equal(sends(f, 0xC, 2, 4, 2, -1, 0xFF, DESC(1, 0, 0, 0x09, 0x2C, 254)), GTSIM_OK);
    assert_int_equal(slm32(f, 200), 0xA7);
    assert_int_equal(slm32(f, 204), 0xB7);
    assert_int_equal(slm32(f, 208), 0x7000u + 52);   /* untouched */
    /* SLM SIMD8 write xy at 400 + 4i: slot i's y and slot i+1's x meet at
     * 404 + 4i; channel y goes after channel x, so y stays */
    for (int i = 0; i < 8; i++)
        grf32(f, 2)[i] = 400 + 4u * (uint32_t)i;
    assert_int_equal(sends(f, 0xC, 2, 4, 2, -1, 0xFF, DESC(1, 0, 0, 0x09, 0x2C, 254)), GTSIM_OK);
    assert_int_equal(slm32(f, 400), 0xA0);
    for (int i = 0; i < 8; i++) {
        assert_int_equal(slm32(f, 404 + 4 * i), 0xB0u + (uint32_t)i);
    }
    /* the same with the data beginning in src0 and going on in src1: x in
     * r3 (after the addresses), y in src1 r6 (not r4, the row after r3) */
    for (int i = 0; i < 8; i++) {
        grf32(f, 2)[i] = 600 + 4u * (uint32_t)i;
        grf32(f, 3)[i] = 0xC0u + (uint32_t)i;
        grf32(f, 6)[i] = 0xD0u + (uint32_t)i;
    }
    assert_int_equal(sends(f, 0xC, 2, 6, 1, -1, 0xFF, DESC(2, 0, 0, 0x09, 0x2C, 254)), GTSIM_OK);
    assert_int_equal(slm32(f, 600), 0xC0);
    for (int i = 0; i < 8; i++)
        assert_int_equal(slm32(f, 604 + 4 * i), 0xD0u + (uint32_t)i);
    /* buffer (BTI 0) SIMD16 read xz, every slot at 48: DWords 12 and 14 */
    for (int i = 0; i < 16; i++)
        grf32(f, 2)[i] = 48;
    /* iga: "wr:2+0, rd:4; hdc.dc1; untyped surface read with xz" (mask 0xA) */
    assert_int_equal(send(f, 0xC, 2, 10, 0xFFFF, DESC(2, 4, 0, 0x01, 0x1A, 0)), GTSIM_OK);
    for (int i = 0; i < 16; i++) {
        assert_int_equal(grf32(f, 10 + i / 8)[i % 8], 0x1000u + 12);
        assert_int_equal(grf32(f, 12 + i / 8)[i % 8], 0x1000u + 14);
    }
    /* the same slots at 248: z at 256 is past the 256-byte buffer (0) */
    for (int i = 0; i < 16; i++)
        grf32(f, 2)[i] = 248;
    assert_int_equal(send(f, 0xC, 2, 10, 0xFFFF, DESC(2, 4, 0, 0x01, 0x1A, 0)), GTSIM_OK);
    for (int i = 0; i < 16; i++) {
        assert_int_equal(grf32(f, 10 + i / 8)[i % 8], 0x1000u + 62);
        assert_int_equal(grf32(f, 12 + i / 8)[i % 8], 0u);
    }
    /* buffer SIMD16 read xy at 4i: x = DWord i, y = DWord i + 1 */
    for (int i = 0; i < 16; i++)
        grf32(f, 2)[i] = 4u * (uint32_t)i;
    assert_int_equal(send(f, 0xC, 2, 10, 0xFFFF, DESC(2, 4, 0, 0x01, 0x1C, 0)), GTSIM_OK);
    for (int i = 0; i < 16; i++) {
        assert_int_equal(grf32(f, 10 + i / 8)[i % 8], 0x1000u + (uint32_t)i);
        assert_int_equal(grf32(f, 12 + i / 8)[i % 8], 0x1000u + 1 + (uint32_t)i);
    }
    /* buffer SIMD8 write x, every slot at 8: slot 7's x stays */
    for (int i = 0; i < 8; i++)
        grf32(f, 2)[i] = 8;
    /* iga: "wr:1+1, rd:0; hdc.dc1; untyped surface write with x" */
    assert_int_equal(sends(f, 0xC, 2, 4, 1, -1, 0xFF, DESC(1, 0, 0, 0x09, 0x2E, 0)), GTSIM_OK);
    assert_int_equal(r32(f, BUF + 8), 0xA7);
    assert_int_equal(r32(f, BUF + 12), 0x1003);
    /* buffer SIMD8 write xy, slots 0..6 at 4i and slot 7 at 100 (not
     * consecutive: slot by slot through host pointers): slot i's y and slot
     * i+1's x meet at 4i + 4, and y stays (channel then slot, as above) */
    for (int i = 0; i < 8; i++) {
        grf32(f, 2)[i] = i < 7 ? 4u * (uint32_t)i : 100;
        grf32(f, 4)[i] = 0xA0u + (uint32_t)i;
        grf32(f, 5)[i] = 0xB0u + (uint32_t)i;
    }
    assert_int_equal(sends(f, 0xC, 2, 4, 2, -1, 0xFF, DESC(1, 0, 0, 0x09, 0x2C, 0)), GTSIM_OK);
    assert_int_equal(r32(f, BUF + 0), 0xA0);
    for (int j = 1; j <= 7; j++)
        assert_int_equal(r32(f, BUF + 4 * (uint32_t)j), 0xB0u + (uint32_t)j - 1);
    assert_int_equal(r32(f, BUF + 100), 0xA7);
    assert_int_equal(r32(f, BUF + 104), 0xB7);
}

/* A send as the EU runs it: planned once (gt_sf_plan_send), then
 * gt_sf_send_planned, and gt_sf_send when that declines.  1 when the
 * planned path did the message. */
static int send_as_eu(fx *f, gt_inst *in, uint32_t mask, int *st)
{
    gt_sf_plan p;
    gt_sf_plan_send(&f->dev, in, &p);
    if (p.op && gt_sf_send_planned(f->t, &p, mask)) {
        *st = GTSIM_OK;
        return 1;
    }
    *st = gt_sf_send(&f->dev, f->t, in, mask, in->desc, in->exdesc);
    return 0;
}

static uint32_t rnd_state = 12345;
static uint32_t rnd(void)
{
    rnd_state = rnd_state * 1103515245u + 12345u;
    return rnd_state >> 8;
}

/* The differential tests' fixtures: *state's (f1, messages through
 * gt_sf_send) and a second one (f2, messages as the EU runs them), each
 * with a binding table cache. */
typedef struct {
    fx *f1, *f2;
    void *s2;
    gt_bti_cache *bc1, *bc2;
} fx_pair;

static fx_pair pair_open(void **state)
{
    fx_pair p = {*state, NULL, NULL, calloc(1, sizeof(gt_bti_cache)), calloc(1, sizeof(gt_bti_cache))};
    setup(&p.s2);
    p.f2 = p.s2;
    p.f1->disp.bti_cache = p.bc1;
    p.f2->disp.bti_cache = p.bc2;
    return p;
}

static void pair_close(fx_pair *p)
{
    p->f1->disp.bti_cache = NULL;
    free(p->bc1);
    free(p->bc2);
    teardown(&p->s2);
}

/* Message in through gt_sf_send in fp->f1 and as the EU runs it in fp->f2,
 * mask the enabled slots: the same status and GRF; counts which way f2
 * took it. */
static void pair_send(fx_pair *fp, gt_inst *in, uint32_t mask, int *planned, int *declined)
{
    int st1 = gt_sf_send(&fp->f1->dev, fp->f1->t, in, mask, in->desc, in->exdesc), st2;
    if (send_as_eu(fp->f2, in, mask, &st2))
        ++*planned;
    else
        ++*declined;
    assert_int_equal(st1, st2);
    assert_memory_equal(fp->f1->t->grf, fp->f2->t->grf, sizeof(fp->f1->t->grf));
}

/* The planned path against gt_sf_send: two identical fixtures run the same
 * random untyped messages (SLM, a buffer, a null surface, stateless with and
 * without a header, A64; SIMD8 / SIMD16; every channel mask; slot masks;
 * broadcast, consecutive, scattered, out-of-bounds, page-crossing and
 * unmapped addresses; responses overlapping the payload), one through
 * gt_sf_send, the other as the EU runs it.  Status, GRF, SLM and memory
 * must be the same; the planned path must take most of them and decline
 * some. */
static void untyped_planned_matches(void **state)
{
    fx_pair fp = pair_open(state);
    fx *f1 = fp.f1, *f2 = fp.f2;
    static const uint8_t btis[] = {254, 0, 1, 255, 253, 0};
    static const uint64_t pages[] = {BUF, GSB + 0x3000, GSB + 0x4000, A64_VA, A64_VA + 0x1000, SSB};
    int planned = 0, declined = 0, slm_routes = 0;   /* slm_routes: sf_slm_untyped_route's own */
    for (int iter = 0; iter < 4000; iter++) {
        bool a64 = rnd() % 6 == 0, write = rnd() & 1, simd16 = rnd() & 1, header = !a64 && rnd() % 5 == 0;
        unsigned bti = a64 ? 253 : btis[rnd() % 6], slots = simd16 ? 16 : 8;
        /* (x and xyzw, IGC's usual masks, more often) */
        unsigned cmask = rnd() % 3 == 0 ? (rnd() & 1 ? 0xe : 0) : rnd() % 15;
        unsigned nch = 4 - (unsigned)__builtin_popcount(cmask);
        unsigned areg = a64 ? slots / 4 : slots / 8, mlen = header + areg, dlen = nch * slots / 8;
        uint32_t mask = rnd() % 3 ? (1u << slots) - 1 : rnd() & ((1u << slots) - 1);
        /* base of the addresses: near a boundary of the space */
        uint64_t base;
        switch (rnd() % 4) {
        case 0: base = 0; break;
        case 1: base = bti == 254 ? 1024 - 64 : bti == 0 ? 256 - 64 : 0x3fc0; break;
        case 2: base = (bti == 254 || bti == 0) ? rnd() % 1100 : 0x3000 + rnd() % 0x1100; break;
        default:   /* unmapped; SLM offsets with bits above 15 (the port uses bits 15:0) */
            base = bti == 255 || bti == 253 ? 0x200000
                   : bti != 254           ? rnd() % 64
                   : rnd() & 1            ? 0xfffe0000u + rnd() % 64
                                          : 0xffffffc0u + rnd() % 64;
            break;
        }
        if (a64)
            base += A64_VA + (rnd() & 1 ? 0xfc0 : 0);
        unsigned pat = rnd() % 4;
        uint64_t addr[16];
        for (unsigned i = 0; i < slots; i++)
            addr[i] = pat == 0 ? base : pat == 1 ? base + 4 * i : pat == 2 ? base + 16 * i
                                                                          : base + 4 * (rnd() % 64);
        unsigned src0 = 2 + rnd() % 8, src1 = 40 + rnd() % 8;
        /* a write's data: after the addresses in src0, in src1 (split), or
         * one row in src0 and the rest in src1 (straddle) */
        int split = write && rnd() % 2, dst = write ? -1 : (int)(rnd() % 3 ? 60 : src0 + header);
        unsigned straddle = split && dlen > 1 && rnd() % 3 == 0;
        uint32_t desc = DESC(split ? mlen + straddle : mlen + (write ? dlen : 0), write ? 0 : dlen, header,
                             a64 ? (write ? 0x19 : 0x11) : (write ? 0x09 : 0x01),
                             (simd16 ? 0x10 : 0x20) | cmask, bti);
        for (int k = 0; k < 2; k++) {
            fx *f = k ? f2 : f1;
            for (unsigned j = 0; j < 128 * 8; j++)
                ((uint32_t *)f->t->grf)[j] = 0x55000000u + j;
            if (header)
                grf32(f, src0)[5] = 0x1000;   /* scratch offset: +4 KiB from GSB */
            for (unsigned i = 0; i < slots; i++) {
                if (a64)
                    grf64(f, src0 + header + i / 4)[i % 4] = addr[i];
                else
                    grf32(f, src0 + header + i / 8)[i % 8] = (uint32_t)addr[i];
            }
        }
        gt_inst in = mk_send(0xC, src0, dst, split ? (int)src1 : -1);
        in.desc = desc;
        in.exdesc = 0xC | (split ? (dlen - straddle) << 6 : 0);
        if (split)
            in.src[1].nr = (uint8_t)src1;
        pair_send(&fp, &in, mask, &planned, &declined);
        gt_sf_plan p;
        gt_sf_plan_send(&f2->dev, &in, &p);
        slm_routes += p.op && p.run != sf_slm_untyped_planned && p.run != sf_mem_untyped_planned;
        assert_memory_equal(f1->slm, f2->slm, sizeof(f1->slm));
        for (unsigned pg = 0; pg < sizeof(pages) / sizeof(pages[0]); pg++)
            for (unsigned j = 0; j < 4096; j += 4)
                if (r32(f1, pages[pg] + j) != r32(f2, pages[pg] + j))
                    fail_msg("iteration %d: memory at 0x%llx differs", iter,
                             (unsigned long long)(pages[pg] + j));
    }
    print_message("planned %d, declined %d, SLM x / xyzw routes %d\n", planned, declined, slm_routes);
    assert_true(planned > 1500 && declined > 200 && slm_routes > 150);
    pair_close(&fp);
}

/* Random payload values for the per-slot differential test: memory's own
 * values (0x1000 + i, so that compare-and-write and min/max meet equal
 * operands), small ones, float edge values (NaN, -0, +0, infinities) and
 * any bits. */
static uint64_t rnd_value(void)
{
    static const uint32_t fedge[] = {0x7fc00000u, 0xffc00001u, 0x80000000u, 0, 0x7f800000u, 0xff800000u,
                                     0x3f800000u, 0xbf800000u};
    switch (rnd() % 5) {
    case 0: return 0x1000u + rnd() % 64;
    case 1: return rnd() % 4;
    case 2: return fedge[rnd() % 8];
    case 3: return (uint64_t)rnd() << 40 | (uint64_t)rnd() << 16 | (rnd() & 0xffff);
    default: return rnd() | (uint64_t)(rnd() & 1) << 63;
    }
}

/* Byte and DWord scattered (A32), A64 scattered, untyped atomics (integer
 * and float, A32 SIMD8 / SIMD16 and A64 32- and 64-bit, with and without
 * return data, every operation code) and A64 OWord block reads, planned
 * against gt_sf_send as above: SLM, a buffer, a null surface, stateless
 * with and without a header (M0.2 global offset, M0.5 scratch offset), A64;
 * slot masks; one address for every slot (atomics on one location),
 * consecutive, strided and random addresses, out of bounds, across a page
 * and unmapped; data after the addresses or in src1; responses shorter
 * than the message's or over the payload; reserved data sizes and
 * subtypes.  Status, GRF, SLM and memory must be the same; the planned
 * path must take most of each kind and decline some. */
static void scattered_atomic_planned_matches(void **state)
{
    fx_pair fp = pair_open(state);
    fx *f1 = fp.f1, *f2 = fp.f2;
    static const uint8_t btis[] = {254, 0, 1, 255, 253, 0};
    static const uint64_t pages[] = {BUF, GSB + 0x3000, GSB + 0x4000, A64_VA, A64_VA + 0x1000, SSB};
    enum { BS, DWS, A64S, ATOMIC, A64OWB, KINDS };
    int planned[KINDS] = {0}, declined[KINDS] = {0};
    for (int iter = 0; iter < 12000; iter++) {
        unsigned kind = rnd() % KINDS;
        bool a64 = kind == A64S || kind == A64OWB || (kind == ATOMIC && rnd() % 2);
        bool flt = kind == ATOMIC && rnd() % 3 == 0, write = kind != A64OWB && kind != ATOMIC && rnd() % 2;
        bool header = !a64 && rnd() % 4 == 0;
        unsigned bti = a64 ? 253 : btis[rnd() % 6], sfid = 0xC, type, ctrl;
        unsigned slots, size = 4, nacc = 1, nsrc = 0, rows_ret = 0;
        switch (kind) {
        case BS:
        case DWS: {
            unsigned ds = rnd() % 13 == 0 ? 3 : rnd() % 3;   /* (3: reserved for BS) */
            slots = rnd() % 2 ? 16 : 8;
            size = kind == DWS ? 4 : 1u << ds;
            sfid = 0xA;
            type = kind == BS ? (write ? 12 : 4) : (write ? 11 : 3);
            ctrl = (slots == 16) | ds << 2;
            rows_ret = slots / 8;
            break;
        }
        case A64S: {
            unsigned sub = rnd() % 9 == 0 ? 3 : rnd() % 3, nl = rnd() % 4;
            slots = rnd() % 3 ? 8 : 16;
            size = sub == 0 ? 1u << nl : sub == 1 ? 4 : 8;
            nacc = sub == 0 ? 1 : 1u << nl;
            type = write ? 0x1a : 0x10;
            ctrl = sub | nl << 2 | (slots == 16) << 4;
            rows_ret = nacc * slots * (size <= 4 ? 4 : 8) / 32;
            break;
        }
        case ATOMIC: {
            unsigned op = flt ? rnd() % 5 : rnd() % 16;   /* (float 0 and 4: invalid) */
            bool q = a64 && !flt && rnd() % 2, ret = rnd() % 4 != 0;
            slots = a64 ? 8 : rnd() % 2 ? 16 : 8;
            size = q ? 8 : 4;
            nsrc = op == 0 || (flt && op > 3) ? 0 : sf_aop_srcs(op, flt);
            type = a64 ? (flt ? 0x1d : 0x12) : (flt ? 0x1b : 0x02);
            ctrl = op | (a64 ? q : slots == 8) << 4 | ret << 5;
            rows_ret = ret ? slots * size / 32 : 0;
            write = true;
            break;
        }
        default:   /* A64 OWord block read: subtype 11:10 of ctrl, block 10:8 */
            slots = 8;
            type = 0x14;
            ctrl = (rnd() % 7 == 0 ? 2u : rnd() % 2) << 3 | (rnd() % 9 == 0 ? 5 : rnd() % 5);
            header = true;
            rows_ret = 4;
            break;
        }
        unsigned stride = size <= 4 ? 4 : 8, areg = kind == A64OWB ? 0 : slots / (a64 ? 4 : 8);
        unsigned mlen = header + areg;
        unsigned dlen = kind == ATOMIC ? nsrc * slots * size / 32 : write ? nacc * slots * stride / 32 : 0;
        uint32_t mask = rnd() % 3 ? (1u << slots) - 1 : rnd() & ((1u << slots) - 1);
        uint64_t base;
        switch (rnd() % 4) {
        case 0: base = 0; break;
        case 1: base = bti == 254 ? 1024 - 32 : bti == 0 ? BUF_SIZE - 32 : 0x3fe0; break;
        case 2: base = (bti == 254 || bti == 0) ? rnd() % 1100 : 0x3000 + rnd() % 0x1100; break;
        default:
            base = bti == 255 || bti == 253 ? 0x200000 : bti != 254 ? rnd() % 64 : 0xfffe0000u + rnd() % 64;
            break;
        }
        if (a64)   /* two mapped pages: their start, across them, near their end, after them */
            base = A64_VA + (base == 0 ? 0 : base == 0x3fe0 ? 0xfe0 : base < 0x200000 ? rnd() % 0x1fc0 : 0x2000);
        unsigned pat = rnd() % 5, unit = kind == DWS ? 4 : 1;
        uint64_t addr[16];
        for (unsigned i = 0; i < slots; i++) {
            uint64_t off = pat == 0 ? 0 : pat == 1 ? size * i : pat == 2 ? 16 * i : pat == 3 ? 4 * (rnd() % 8)
                                                                                      : rnd() % 64;
            addr[i] = a64 ? base + off : base / unit + off / unit;   /* (DWS: offsets in DWords) */
        }
        unsigned src0 = 2 + rnd() % 8, src1 = 40 + rnd() % 8;
        /* message register r is src0 + r below cut, else src1 + r - cut:
         * the data in src1 (split), or the addresses going on in src1
         * (not planned), or all in src0 */
        unsigned total = mlen + dlen, cut = total;
        if (dlen && rnd() % 2)
            cut = mlen;
        else if (areg >= 2 && rnd() % 8 == 0)
            cut = header + 1;
        bool split = cut < total;
        int dst = !rows_ret ? -1 : (int)(rnd() % 3 ? 60 : src0 + header);
        unsigned rlen = !rows_ret ? 0 : rnd() % 4 ? rows_ret : rnd() % (rows_ret + 1);
        if (rlen > 15 || cut > 15 || total - cut > 15)
            continue;   /* (too long for the descriptors) */
        uint32_t desc = DESC(cut, dst < 0 ? 0 : rlen, header, type, ctrl, bti);
        uint64_t data[64];
        for (unsigned j = 0; j < 64; j++)
            data[j] = rnd_value();
        uint32_t m02 = rnd() % 3 == 0 ? rnd() % 64 : 0;
        for (int k = 0; k < 2; k++) {
            fx *f = k ? f2 : f1;
            for (unsigned j = 0; j < 128 * 8; j++)
                ((uint32_t *)f->t->grf)[j] = 0x55000000u + j;
            if (kind == A64OWB) {
                grf64(f, src0)[0] = base + 16 * (rnd() % 2);
            } else if (header) {
                grf32(f, src0)[2] = m02;      /* global offset (scattered) */
                grf32(f, src0)[5] = 0x1000;   /* scratch offset: +4 KiB from GSB */
            }
#define MREG(r) ((r) < cut ? src0 + (r) : src1 + (r) - cut)
            for (unsigned i = 0; i < slots && areg; i++) {
                if (a64)
                    grf64(f, MREG(header + i / 4))[i % 4] = addr[i];
                else
                    grf32(f, MREG(header + i / 8))[i % 8] = (uint32_t)addr[i];
            }
            for (unsigned j = 0; j < dlen * 4; j++)
                grf64(f, MREG(mlen + j / 4))[j % 4] = data[j];
#undef MREG
        }
        if (kind == A64OWB)   /* (the same address in both) */
            grf64(f2, src0)[0] = grf64(f1, src0)[0];
        gt_inst in = mk_send(sfid, src0, dst, split ? (int)src1 : -1);
        in.desc = desc;
        in.exdesc = sfid | (total - cut) << 6;
        pair_send(&fp, &in, mask, &planned[kind], &declined[kind]);
        assert_memory_equal(f1->slm, f2->slm, sizeof(f1->slm));
        for (unsigned pg = 0; pg < sizeof(pages) / sizeof(pages[0]); pg++)
            for (unsigned j = 0; j < 4096; j += 4)
                if (r32(f1, pages[pg] + j) != r32(f2, pages[pg] + j))
                    fail_msg("iteration %d (kind %u): memory at 0x%llx differs", iter, kind,
                             (unsigned long long)(pages[pg] + j));
    }
    for (int k = 0; k < KINDS; k++) {
        print_message("kind %d: planned %d, declined %d\n", k, planned[k], declined[k]);
        assert_true(planned[k] > 600 && declined[k] > 150);
    }
    pair_close(&fp);
}

/* OWord block reads, planned against gt_sf_send as above: random ports
 * (data cache 0 aligned and unaligned, constant cache, sampler cache),
 * binding table entries (a buffer, a null surface, stateless with the
 * header's scratch offset, SLM), every block size code (and an invalid
 * one), offsets at the start, inside, across the end of the buffer and of a
 * page, and unmapped; responses of 0-4 registers, over the header or not.
 * Status and GRF must be the same; the planned path must take many and
 * decline some. */
static void oword_block_planned_matches(void **state)
{
    fx_pair fp = pair_open(state);
    fx *f1 = fp.f1, *f2 = fp.f2;
    /* SFID, message type (desc 18:14), aligned (offsets in OWords) */
    static const struct { unsigned sfid, type, aligned; } ports[] = {
        {0xA, 0, 1}, {0xA, 1, 0}, {0x9, 0, 1}, {0x4, 4, 0},
    };
    static const uint8_t btis[] = {0, 1, 255, 253, 254, 0};
    int planned = 0, declined = 0;
    for (int iter = 0; iter < 3000; iter++) {
        unsigned pi = rnd() % 4, bti = btis[rnd() % 6], block = rnd() % 9 == 0 ? 5 : rnd() % 5;
        unsigned bytes = block == 5 ? 16 : block < 2 ? 16 : 16u << (block - 1);
        uint32_t off;   /* bytes */
        switch (rnd() % 5) {
        case 0: off = 0; break;
        case 1: off = (bti == 0 ? BUF_SIZE : bti == 254 ? 1024 : 0x4000) - bytes + 16 * (rnd() % 3); break;
        case 2: off = 16 * (rnd() % 16); break;
        case 3: off = 0x3000 + 0x1000 - 16 * (rnd() % 4); break;   /* a page boundary (stateless) */
        default: off = bti == 255 || bti == 253 ? 0x200000 : rnd() % 300; break;   /* unmapped */
        }
        if (!ports[pi].aligned)
            off += 4 * (rnd() % 4);
        unsigned src0 = 2 + rnd() % 8, rlen = rnd() % 5;
        int dst = rnd() % 4 ? 60 : (int)src0;
        for (int k = 0; k < 2; k++) {
            fx *f = k ? f2 : f1;
            for (unsigned j = 0; j < 128 * 8; j++)
                ((uint32_t *)f->t->grf)[j] = 0x55000000u + j;
            grf32(f, src0)[2] = ports[pi].aligned ? off / 16 : off;
            grf32(f, src0)[5] = 0x1000;   /* scratch offset: +4 KiB from GSB */
        }
        gt_inst in = mk_send(ports[pi].sfid, src0, dst, -1);
        in.desc = DESC(1, rlen, 1, ports[pi].type, block, bti);
        in.exdesc = ports[pi].sfid;
        uint32_t mask = rnd() % 2 ? 0x1 : 0xFF;
        pair_send(&fp, &in, mask, &planned, &declined);
    }
    print_message("planned %d, declined %d\n", planned, declined);
    assert_true(planned > 400 && declined > 300);
    pair_close(&fp);
}

static void stateless_and_fault(void **state)
{
    fx *f = *state;
    w32(f, GSB + 0x3010, 0xCAFE);
    for (int i = 0; i < 8; i++)
        grf32(f, 2)[i] = 0x3010;
    grf32(f, 2)[1] = 0x4ffc;
    w32(f, GSB + 0x4ffc, 0xBEEF);
    fill(f, 10, 1, 0);
    assert_int_equal(send(f, 0xC, 2, 10, 0x3, DESC(1, 1, 0, 0x01, 0x2E, 255)), GTSIM_OK);
    assert_int_equal(grf32(f, 10)[0], 0xCAFE);
    assert_int_equal(grf32(f, 10)[1], 0xBEEF);
    /* BTI 253 (non-coherent) reaches the same memory */
    assert_int_equal(send(f, 0xC, 2, 10, 0x1, DESC(1, 1, 0, 0x01, 0x2E, 253)), GTSIM_OK);
    assert_int_equal(grf32(f, 10)[0], 0xCAFE);
    /* unmapped page: fault naming the GVA and the message */
    grf32(f, 2)[2] = 0x200000; /* GSB + 2 MiB is not mapped */
    f->t->ip = 0x1230;
    assert_int_equal(send(f, 0xC, 2, 10, 0x7, DESC(1, 1, 0, 0x01, 0x2E, 255)), GTSIM_ERR_FAULT);
    assert_non_null(strstr(f->dev.err, "0x000000300000"));
    assert_non_null(strstr(f->dev.err, "untyped surface read"));
    assert_non_null(strstr(f->dev.err, "IP 0x1230"));
}

/* ---- A64 ---- */

static void a64_untyped_and_scattered(void **state)
{
    fx *f = *state;
    for (int i = 0; i < 8; i++) {
        grf64(f, 2)[i] = A64_VA + 0xff8 + 16 * i; /* lane 0 straddles nothing; page 2 for i>0 */
        grf32(f, 4)[i] = 0x600 + i;
        grf32(f, 5)[i] = 0x700 + i;
    }
    /* A64 untyped write xy (type 0x19, SIMD8): iga "a64 untyped surface write with xy" */
    assert_int_equal(sends(f, 0xC, 2, 4, 2, -1, 0xFF, DESC(2, 0, 0, 0x19, 0x2C, 253)), GTSIM_OK);
    for (int i = 0; i < 8; i++) {
        assert_int_equal(r32(f, A64_VA + 0xff8 + 16 * i), 0x600 + i);
        assert_int_equal(r32(f, A64_VA + 0xffc + 16 * i), 0x700 + i);
    }
    fill(f, 10, 2, 0);
    /* iga: "wr:2+0, rd:2; hdc.dc1; a64 untyped surface read with xy" */
    assert_int_equal(send(f, 0xC, 2, 10, 0xFF, DESC(2, 2, 0, 0x11, 0x2C, 253)), GTSIM_OK);
    for (int i = 0; i < 8; i++) {
        assert_int_equal(grf32(f, 10)[i], 0x600 + i);
        assert_int_equal(grf32(f, 11)[i], 0x700 + i);
    }
    /* A64 DWord scattered read, 2 elements per slot (ctrl 9:8 = 1 DWord,
     * 11:10 = 1 two elements): element-major response */
    fill(f, 10, 2, 0);
    assert_int_equal(send(f, 0xC, 2, 10, 0xFF, DESC(2, 2, 0, 0x10, 0x05, 253)), GTSIM_OK);
    for (int i = 0; i < 8; i++) {
        assert_int_equal(grf32(f, 10)[i], 0x600 + i);
        assert_int_equal(grf32(f, 11)[i], 0x700 + i);
    }
    /* A64 QWord scattered read, 1 element: QWord per slot, 4 per register */
    assert_int_equal(send(f, 0xC, 2, 10, 0xFF, DESC(2, 2, 0, 0x10, 0x02, 253)), GTSIM_OK);
    for (int i = 0; i < 8; i++)
        assert_true(grf64(f, 10)[i] == ((uint64_t)(0x700 + i) << 32 | (0x600 + i)));
    /* A64 byte scattered write of 2 bytes (11:10 = 1), then read 1 byte */
    for (int i = 0; i < 8; i++)
        grf32(f, 4)[i] = 0xAB00 + i;
    assert_int_equal(sends(f, 0xC, 2, 4, 1, -1, 0x03, DESC(2, 0, 0, 0x1a, 0x04, 253)), GTSIM_OK);
    assert_int_equal(r32(f, A64_VA + 0xff8), 0xAB00);
    assert_int_equal(r32(f, A64_VA + 0x1008), 0xAB01);
    fill(f, 10, 1, 0xdeadbeef);
    for (int i = 0; i < 8; i++)
        grf64(f, 2)[i] = A64_VA + 0xff9;
    assert_int_equal(send(f, 0xC, 2, 10, 0x01, DESC(2, 1, 0, 0x10, 0x00, 253)), GTSIM_OK);
    assert_int_equal(grf32(f, 10)[0], 0xAB);
    assert_int_equal(grf32(f, 10)[1], 0xdeadbeef);
    /* A64 fault */
    grf64(f, 2)[0] = 0x123400000000ull;
    assert_int_equal(send(f, 0xC, 2, 10, 0x01, DESC(2, 1, 0, 0x10, 0x00, 253)), GTSIM_ERR_FAULT);
    assert_non_null(strstr(f->dev.err, "0x123400000000"));
}

static void a64_atomics_and_block(void **state)
{
    fx *f = *state;
    /* 64-bit CMPWR (A64 atomic, bit 12 = 64-bit): lanes 0, 1 */
    uint64_t v0 = 0x1122334455667788ull;
    assert_int_equal(gt_vm_write(&f->vm, A64_VA + 0x100, &v0, 8, NULL), 0);
    assert_int_equal(gt_vm_write(&f->vm, A64_VA + 0x108, &v0, 8, NULL), 0);
    for (int i = 0; i < 8; i++) {
        grf64(f, 2)[i] = A64_VA + 0x100 + 8 * i;
        grf64(f, 4)[i] = i == 0 ? v0 : 5;   /* compare */
        grf64(f, 6)[i] = 0xAAAABBBBCCCCDDDDull; /* new */
    }
    fill(f, 10, 2, 0);
    assert_int_equal(send(f, 0xC, 2, 10, 0x3, DESC(6, 2, 0, 0x12, 0x3E, 253)), GTSIM_OK);
    assert_true(r64(f, A64_VA + 0x100) == 0xAAAABBBBCCCCDDDDull);
    assert_true(r64(f, A64_VA + 0x108) == v0);
    assert_true(grf64(f, 10)[0] == v0);
    assert_true(grf64(f, 10)[1] == v0);
    /* 32-bit A64 INC, no return */
    w32(f, A64_VA + 0x200, 41);
    grf64(f, 2)[0] = A64_VA + 0x200;
    assert_int_equal(send(f, 0xC, 2, -1, 0x1, DESC(2, 0, 0, 0x12, 0x05, 253)), GTSIM_OK);
    assert_int_equal(r32(f, A64_VA + 0x200), 42);
    /* A64 OWord block write 4 OWords (ctrl 3; iga "a64 unaligned oword block
     * write x4") then a DWord-aligned read (subtype 1; iga "a64 aligned oword
     * block read x2") */
    fill(f, 1, 1, 0);
    grf64(f, 1)[0] = A64_VA + 0x400;
    for (int i = 0; i < 16; i++)
        grf32(f, 2)[i] = 0x9000 + i;
    assert_int_equal(send(f, 0xC, 1, -1, 0, DESC(3, 0, 1, 0x15, 0x03, 253)), GTSIM_OK);
    for (int i = 0; i < 16; i++)
        assert_int_equal(r32(f, A64_VA + 0x400 + 4 * i), 0x9000 + i);
    grf64(f, 1)[0] = A64_VA + 0x404;
    fill(f, 10, 1, 0);
    assert_int_equal(send(f, 0xC, 1, 10, 0, DESC(1, 1, 1, 0x14, 0x0A, 253)), GTSIM_OK);
    for (int i = 0; i < 8; i++)
        assert_int_equal(grf32(f, 10)[i], 0x9001 + i);
}

/* ---- scratch ---- */

static void scratch_block(void **state)
{
    fx *f = *state;
    fill(f, 1, 1, 0);
    grf32(f, 1)[5] = 0x3400 | 0x3ff; /* low 10 bits are not part of the pointer */
    for (int i = 0; i < 16; i++)
        grf32(f, 2)[i] = 0x7700 + i;
    /* write 2 HWords (13:12 = 1) at HWord offset 2: GSB + 0x3400 + 64 */
    assert_int_equal(send(f, 0xA, 1, -1, 0, DESC(3, 0, 1, 0, 0, 0) | 1u << 18 | 1u << 17 | 1u << 12 | 2),
                     GTSIM_OK);
    for (int i = 0; i < 16; i++)
        assert_int_equal(r32(f, GSB + 0x3440 + 4 * i), 0x7700 + i);
    fill(f, 10, 1, 0);
    /* iga: "hdc.dc0; hword scratch block read x1" with offset 3 */
    assert_int_equal(send(f, 0xA, 1, 10, 0, DESC(1, 1, 1, 0, 0, 0) | 1u << 18 | 3), GTSIM_OK);
    for (int i = 0; i < 8; i++)
        assert_int_equal(grf32(f, 10)[i], 0x7708 + i);
}

/* ---- images: typed surface messages and the sampler ----
 *
 * Surfaces are written from the Gen9 RENDER_SURFACE_STATE field positions
 * (DW0 31:29 type, 28 array, 26:18 format, 17:16 VALIGN, 15:14 HALIGN,
 * 13:12 tile mode; DW1 14:0 QPitch / 4; DW2 29:16 height - 1, 13:0 width
 * - 1; DW3 31:21 depth - 1, 17:0 pitch - 1; DW5 3:0 MIP count, 7:4 min
 * LOD), SAMPLER_STATE from the Gen9 positions (DW0 21:20 mip filter,
 * 19:17 mag filter, 16:14 min filter; DW1 31:20 min LOD, 19:8 max LOD
 * (U4.8); DW2 23:6 border colour pointer; DW3 10 non-normalized, 8:6 /
 * 5:3 / 2:0 TCX / TCY / TCZ).  Surface formats: R8G8B8A8_UNORM 0x0C7,
 * R32_UINT 0x0D7, R32_FLOAT 0x0D8, R8_UNORM 0x140 (SURFACE_FORMAT
 * numbers, Mesa genxml).  Sampler descriptor: 7:0 BTI, 11:8 sampler,
 * 16:12 type (sample_l 2, resinfo 0xA, sample_lz 0x18, ld_lz 0x1A, ld 7),
 * 18:17 SIMD mode (1 SIMD8, 2 SIMD16).  Expected values are worked out
 * by hand from those definitions and the OpenCL/D3D sampling rules. */

#define IMG 0x80000ull       /* image memory (4 pages) */
#define DSB 0x200000ull      /* dynamic state base: samplers at +0x100, border colour at +0x200 */
#define SDESC(mlen, rlen, hdr, type, simd, bti) \
    ((uint32_t)(mlen) << 25 | (uint32_t)(rlen) << 20 | (uint32_t)(hdr) << 19 | \
     (uint32_t)(simd) << 17 | (uint32_t)(type) << 12 | (uint32_t)(bti))

static float g2f(fx *f, unsigned reg, unsigned i)
{
    float v;
    memcpy(&v, &grf32(f, reg)[i], 4);
    return v;
}
/* UNORM results: the conversion may be a division or a multiplication */
static bool near(float a, float b) { return fabsf(a - b) <= 1e-6f; }
static uint32_t f2u(float v)
{
    uint32_t u;
    memcpy(&u, &v, 4);
    return u;
}

typedef struct img_desc {
    unsigned type, format, w, h, d, pitch, tile, array, qpitch, mips, halign, valign;
} img_desc;

static void bind_image(fx *f, unsigned bti, uint32_t ss_off, const img_desc *im)
{
    uint32_t dw[16] = {0};
    dw[0] = im->type << 29 | im->array << 28 | im->format << 18 | im->valign << 16 | im->halign << 14 |
            im->tile << 12;
    dw[1] = im->qpitch / 4;
    dw[2] = (im->h - 1) << 16 | (im->w - 1);
    dw[3] = (im->d - 1) << 21 | (im->pitch - 1);
    dw[5] = im->mips - 1;
    dw[8] = (uint32_t)IMG;
    for (int i = 0; i < 16; i++)
        w32(f, SSB + ss_off + 4 * i, dw[i]);
    w32(f, SSB + BT_OFF + 4 * bti, ss_off);
}

static void img_setup(fx *f)
{
    for (uint64_t va = IMG; va < IMG + 0x4000; va += 0x1000)
        map_page(f, va);
    map_page(f, DSB);
    gt_vm_flush(&f->vm);
    for (uint64_t va = IMG; va < IMG + 0x4000; va += 4)
        w32(f, va, 0);
    f->disp.dynamic_state_base = DSB;
    f->disp.sampler_state = DSB + 0x100;
    /* border colour (7, 8, 9, 0.5) */
    w32(f, DSB + 0x200, f2u(7.0f));
    w32(f, DSB + 0x204, f2u(8.0f));
    w32(f, DSB + 0x208, f2u(9.0f));
    w32(f, DSB + 0x20c, f2u(0.5f));
}

/* SAMPLER_STATE entry idx of the dispatch's table: filters (0 nearest, 1 linear), mip filter,
 * address mode for all three coordinates, normalized or not, max LOD. */
static void set_sampler(fx *f, unsigned idx, unsigned filter, unsigned mipf, unsigned tcm, int nonorm,
                        unsigned max_lod)
{
    uint64_t va = f->disp.sampler_state + 16 * idx; /* the dispatch's table */
    w32(f, va, mipf << 20 | filter << 17 | filter << 14);
    w32(f, va + 4, (max_lod * 256) << 8);
    w32(f, va + 8, 0x200);
    w32(f, va + 12, (uint32_t)nonorm << 10 | tcm << 6 | tcm << 3 | tcm);
}

static void typed_2d_tiley(void **state)
{
    fx *f = *state;
    img_setup(f);
    /* 5x3 R8G8B8A8_UNORM, Y-tiled, pitch 128 */
    img_desc d = {1, 0x0C7, 5, 3, 1, 128, 3, 0, 0, 1, 1, 1};
    bind_image(f, 2, 0x100, &d);
    static const uint32_t xs[8] = {0, 1, 4, 0, 3, 4, 5, 0}, ys[8] = {0, 0, 0, 1, 2, 2, 0, 3};
    for (unsigned i = 0; i < 8; i++) {
        grf32(f, 20)[i] = xs[i];
        grf32(f, 21)[i] = ys[i];
        grf32(f, 22)[i] = f2u((float)i / 7.0f); /* R */
        grf32(f, 23)[i] = f2u(1.0f);            /* G */
        grf32(f, 24)[i] = f2u(-3.0f);           /* B: clamps to 0 */
        grf32(f, 25)[i] = f2u(0.2f);            /* A: 51.0 -> 51 */
    }
    /* typed surface write, slot group low, all channels: U V | R G B A */
    assert_int_equal(sends(f, 0xC, 20, 21, 5, -1, 0xFF, DESC(1, 0, 0, 0x0D, 0x10, 2)), GTSIM_OK);
    /* Y tile: byte x of row y at (x / 16) * 512 + y * 16 + x % 16; R = round(i * 255 / 7) */
    static const uint32_t off[6] = {0, 4, 512, 16, 44, 544};
    static const uint8_t r8[6] = {0, 36, 73, 109, 146, 182};
    for (unsigned i = 0; i < 6; i++)
        assert_int_equal(r32(f, IMG + off[i]), (uint32_t)r8[i] | 0xFFu << 8 | 0u << 16 | 51u << 24);
    /* nothing else written (slot 6 and 7 are out of range) */
    assert_int_equal(r32(f, IMG + 8), 0);
    assert_int_equal(r32(f, IMG + 48 + 0), 0);
    /* typed read back, channels R and A (mask 0110: G, B disabled) */
    fill(f, 30, 2, 0xdeadbeef);
    assert_int_equal(send(f, 0xC, 20, 30, 0xFF, DESC(2, 2, 0, 0x05, 0x16, 2)), GTSIM_OK);
    for (unsigned i = 0; i < 6; i++) {
        assert_true(near(g2f(f, 30, i), (float)r8[i] / 255.0f));
        assert_true(near(g2f(f, 31, i), 51.0f / 255.0f));
    }
    /* out of range: (0, 0, 0, 1) */
    assert_true(g2f(f, 30, 6) == 0.0f && g2f(f, 31, 6) == 1.0f);
    assert_true(g2f(f, 30, 7) == 0.0f && g2f(f, 31, 7) == 1.0f);
}

static void typed_array_qpitch_atomic(void **state)
{
    fx *f = *state;
    img_setup(f);
    /* 3x2 R32_UINT 2D array of 3 layers, QPitch 4 rows, pitch 16, linear */
    img_desc d = {1, 0x0D7, 3, 2, 3, 16, 0, 1, 4, 1, 1, 1};
    bind_image(f, 3, 0x140, &d);
    w32(f, IMG + 2 * 4 * 16 + 16 + 4, 0x1234); /* layer 2, (1, 1) */
    for (unsigned i = 0; i < 8; i++) {
        grf32(f, 20)[i] = 1;
        grf32(f, 21)[i] = 1;
        grf32(f, 22)[i] = i; /* layer */
    }
    fill(f, 30, 4, 0xdeadbeef);
    assert_int_equal(send(f, 0xC, 20, 30, 0x0F, DESC(3, 4, 0, 0x05, 0x10, 3)), GTSIM_OK);
    assert_int_equal(grf32(f, 30)[2], 0x1234);
    assert_int_equal(grf32(f, 30)[0], 0);
    assert_int_equal(grf32(f, 33)[2], 1);  /* integer format: alpha 1 */
    assert_int_equal(grf32(f, 30)[3], 0);  /* layer 3: out of range */
    assert_int_equal(grf32(f, 33)[3], 1);
    assert_int_equal(grf32(f, 30)[4], 0xdeadbeef); /* disabled slot */
    /* typed atomic add with return (op 7, return bit 13) on layers 0..2 */
    for (unsigned i = 0; i < 8; i++)
        grf32(f, 23)[i] = 0x10 + i;
    assert_int_equal(send(f, 0xC, 20, 40, 0x07, DESC(4, 1, 0, 0x06, 0x27, 3)), GTSIM_OK);
    assert_int_equal(grf32(f, 40)[2], 0x1234);
    assert_int_equal(r32(f, IMG + 2 * 64 + 20), 0x1234 + 0x12);
    assert_int_equal(r32(f, IMG + 64 + 20), 0x11);
    assert_int_equal(r32(f, IMG + 20), 0x10);
}

static void sampler_ld(void **state)
{
    fx *f = *state;
    img_setup(f);
    /* 4x4 R32_UINT, linear, pitch 16: texel (x, y) = 100 y + x */
    img_desc d = {1, 0x0D7, 4, 4, 1, 16, 0, 0, 0, 1, 1, 1};
    bind_image(f, 4, 0x180, &d);
    for (unsigned y = 0; y < 4; y++)
        for (unsigned x = 0; x < 4; x++)
            w32(f, IMG + y * 16 + x * 4, 100 * y + x);
    static const int32_t xs[8] = {0, 3, 1, 3, 4, -1, 2, 0}, ys[8] = {0, 0, 2, 3, 0, 0, 1, 3};
    for (unsigned i = 0; i < 8; i++) {
        grf32(f, 21)[i] = (uint32_t)xs[i];
        grf32(f, 22)[i] = (uint32_t)ys[i];
    }
    /* ld_lz SIMD8, no header, rlen 1: only R returned */
    fill(f, 30, 2, 0xdeadbeef);
    assert_int_equal(send(f, 0x2, 21, 30, 0xFF, SDESC(2, 1, 0, 0x1A, 1, 4)), GTSIM_OK);
    static const uint32_t want[8] = {0, 3, 201, 303, 0, 0, 102, 300};
    for (unsigned i = 0; i < 8; i++)
        assert_int_equal(grf32(f, 30)[i], want[i]);
    assert_int_equal(grf32(f, 31)[0], 0xdeadbeef);
    /* with a header: offsets U +1, V -1 (M0.2 11:8 = 1, 7:4 = 0xF), G and
     * B not returned (15:12 = 0110): R then A */
    fill(f, 20, 1, 0);
    grf32(f, 20)[2] = 1u << 8 | 0xFu << 4 | 0x6u << 12;
    grf32(f, 20)[3] = 0x100; /* the sampler state pointer (not used by ld) */
    assert_int_equal(send(f, 0x2, 20, 30, 0xFF, SDESC(3, 2, 1, 0x1A, 1, 4)), GTSIM_OK);
    /* (x + 1, y - 1): (1,-1) out, (4,-1) out, (2,1) 102, (4,2) out, (5,-1) out, (0,-1) out, (3,0) 3, (1,2) 201 */
    static const uint32_t want2[8] = {0, 0, 102, 0, 0, 0, 3, 201};
    /* A: 1 everywhere, out of range too (R32_UINT has no alpha: an
     * out-of-range ld gives 0 in R, the default 1 in A) */
    for (unsigned i = 0; i < 8; i++) {
        assert_int_equal(grf32(f, 30)[i], want2[i]);
        assert_int_equal(grf32(f, 31)[i], 1);
    }
}

/* sample_lz SIMD8 on a 1D R32_FLOAT image {10, 20, 30, 40} through
 * sampler 0 (filter, mode), coordinates u[8]; the R channel expected. */
static void sample_1d(fx *f, unsigned filter, unsigned tcm, int nonorm, const float *u, const float *want)
{
    set_sampler(f, 0, filter, 0, tcm, nonorm, 0);
    for (unsigned i = 0; i < 8; i++)
        grf32(f, 21)[i] = f2u(u[i]);
    fill(f, 30, 4, 0xdeadbeef);
    assert_int_equal(send(f, 0x2, 21, 30, 0xFF, SDESC(1, 4, 0, 0x18, 1, 5)), GTSIM_OK);
    for (unsigned i = 0; i < 8; i++) {
        if (g2f(f, 30, i) != want[i])
            fail_msg("filter %u mode %u: u = %g gives %.9g, want %.9g", filter, tcm, u[i], g2f(f, 30, i), want[i]);
        /* G: 0, also for the border: R32_FLOAT has no green, so the
         * border colour (7, 8, 9, 0.5) is (7, 0, 0, 1) in it */
        assert_true(g2f(f, 31, i) == 0.0f);
        assert_true(g2f(f, 33, i) == 1.0f);
    }
}

static void sampler_filter_modes(void **state)
{
    fx *f = *state;
    img_setup(f);
    img_desc d = {0, 0x0D8, 4, 1, 1, 16, 0, 0, 0, 1, 1, 1};
    bind_image(f, 5, 0x1c0, &d);
    for (unsigned x = 0; x < 4; x++)
        w32(f, IMG + 4 * x, f2u(10.0f * (float)(x + 1)));
    /* nearest: texel floor(u * 4) */
    const float u[8] = {0.1f, 0.3f, 0.99f, 1.1f, -0.1f, 0.5f, 0.6f, -0.6f};
    const float wrap[8] = {10, 20, 40, 10, 40, 30, 30, 20};   /* -0.6*4 = -2.4 -> -3 -> 1 */
    const float clamp[8] = {10, 20, 40, 40, 10, 30, 30, 10};
    const float mirror[8] = {10, 20, 40, 40, 10, 30, 30, 30}; /* -3 -> 5 -> 8-1-5 = 2 */
    const float border[8] = {10, 20, 40, 7, 7, 30, 30, 7};
    const float once[8] = {10, 20, 40, 40, 10, 30, 30, 30};   /* -3 -> 2 */
    sample_1d(f, 0, 0, 0, u, wrap);
    sample_1d(f, 0, 2, 0, u, clamp);
    sample_1d(f, 0, 1, 0, u, mirror);
    sample_1d(f, 0, 4, 0, u, border);
    sample_1d(f, 0, 5, 0, u, once);
    /* linear: t = u * 4 - 0.5, weights of 8 fractional bits */
    const float ul[8] = {0.5f, 0.125f, 0.0f, 0.3f, 1.0f, 0.875f, 0.25f, 0.75f};
    const float lwrap[8] = {25, 10, 25, 10 + 10 * (179.0f / 256), 25, 40, 15, 35};
    const float lclamp[8] = {25, 10, 10, 10 + 10 * (179.0f / 256), 40, 40, 15, 35};
    sample_1d(f, 1, 0, 0, ul, lwrap);
    sample_1d(f, 1, 2, 0, ul, lclamp);
    /* linear with the border colour (7, 8, 9, 0.5) */
    set_sampler(f, 0, 1, 0, 4, 0, 0);
    for (unsigned i = 0; i < 8; i++)
        grf32(f, 21)[i] = f2u(ul[i]);
    assert_int_equal(send(f, 0x2, 21, 30, 0xFF, SDESC(1, 4, 0, 0x18, 1, 5)), GTSIM_OK);
    assert_true(g2f(f, 30, 2) == 0.5f * 7 + 0.5f * 10);  /* (border, texel 0) */
    assert_true(g2f(f, 33, 2) == 1.0f); /* alpha: the format's 1 for border and texel */
    assert_true(g2f(f, 30, 4) == 0.5f * 40 + 0.5f * 7);
    /* a format with all four channels returns the whole border colour:
     * 2x1 R8G8B8A8_UNORM, nearest, clamp-to-border, u = 1.5 and -0.25 */
    img_desc d4 = {0, 0x0C7, 2, 1, 1, 16, 0, 0, 0, 1, 1, 1};
    bind_image(f, 7, 0x240, &d4);
    w32(f, IMG, 0xff000000u);
    set_sampler(f, 0, 0, 0, 4, 0, 0);
    for (unsigned i = 0; i < 8; i++)
        grf32(f, 21)[i] = f2u(i & 1 ? -0.25f : 0.25f);
    assert_int_equal(send(f, 0x2, 21, 30, 0xFF, SDESC(1, 4, 0, 0x18, 1, 7)), GTSIM_OK);
    for (unsigned i = 0; i < 8; i++) {
        static const float bc[4] = {7, 8, 9, 0.5f}, t0[4] = {0, 0, 0, 1};
        for (unsigned c = 0; c < 4; c++)
            assert_true(g2f(f, 30 + c, i) == (i & 1 ? bc[c] : t0[c]));
    }
    w32(f, IMG, f2u(10.0f)); /* the R32_FLOAT image's texel 0 again (same memory) */
    /* unnormalized coordinates: texel floor(u) */
    const float un[8] = {0.0f, 0.99f, 1.0f, 2.5f, 3.9f, 4.0f, -0.5f, 1.5f};
    const float unw[8] = {10, 10, 20, 30, 40, 40, 10, 20};
    sample_1d(f, 0, 2, 1, un, unw);
}

/* R of an ld_lz (SIMD8, no header) of texels (x, 0), x = 0..7, from bti. */
static void ld_row(fx *f, unsigned bti, uint32_t *out)
{
    for (unsigned i = 0; i < 8; i++) {
        grf32(f, 21)[i] = i;
        grf32(f, 22)[i] = 0;
    }
    fill(f, 30, 1, 0xdeadbeef);
    assert_int_equal(send(f, 0x2, 21, 30, 0xFF, SDESC(2, 1, 0, 0x1A, 1, bti)), GTSIM_OK);
    memcpy(out, grf32(f, 30), 32);
}

/* R of a nearest sample_lz (SIMD8) of u = 2.5 through sampler 3, from the
 * dispatch's table (table 0) or through a header naming DSB + table. */
static float sample_u25(fx *f, unsigned bti, uint32_t table)
{
    fill(f, 20, 1, 0);
    grf32(f, 20)[2] = 0xEu << 12; /* only R returned */
    grf32(f, 20)[3] = table;
    for (unsigned i = 0; i < 8; i++)
        grf32(f, 21)[i] = f2u(2.5f);
    fill(f, 30, 1, 0xdeadbeef);
    uint32_t desc = table ? SDESC(2, 1, 1, 0x18, 1, bti) : SDESC(1, 1, 0, 0x18, 1, bti);
    assert_int_equal(send(f, 0x2, table ? 20 : 21, 30, 0xFF, desc | 3u << 8), GTSIM_OK);
    return g2f(f, 30, 0);
}

/* Image and sampler states are decoded once per dispatch when the
 * dispatch has a gt_bti_cache (sf_state_cache): states rewritten while the
 * dispatch runs are not seen, a reset cache sees them; binding table
 * indices sharing a cache slot (1 and 9) and the same sampler index in two
 * tables are told apart; typed messages share the images. */
static void image_state_per_dispatch(void **state)
{
    fx *f = *state;
    img_setup(f);
    gt_bti_cache bc;
    memset(&bc, 0, sizeof bc);
    f->disp.bti_cache = &bc;
    /* 8x1 R32_UINT images: BTI 1 at IMG (texel x = x), BTI 9 at IMG +
     * 0x1000 (texel x = 100 + x), IMG + 0x2000 holds 200 + x */
    img_desc d = {1, 0x0D7, 8, 1, 1, 32, 0, 0, 0, 1, 1, 1};
    bind_image(f, 1, 0x100, &d);
    bind_image(f, 9, 0x140, &d);
    w32(f, SSB + 0x140 + 32, (uint32_t)IMG + 0x1000);   /* DW8: Surface Base Address */
    for (unsigned x = 0; x < 8; x++) {
        w32(f, IMG + 4 * x, x);
        w32(f, IMG + 0x1000 + 4 * x, 100 + x);
        w32(f, IMG + 0x2000 + 4 * x, 200 + x);
    }
    uint32_t r[8];
    for (int pass = 0; pass < 2; pass++) {
        ld_row(f, 1, r);
        for (unsigned x = 0; x < 8; x++)
            assert_int_equal(r[x], x);
        ld_row(f, 9, r);
        for (unsigned x = 0; x < 8; x++)
            assert_int_equal(r[x], 100 + x);
    }
    assert_true(bc.state != NULL);
    /* BTI 1 (decoded again: its slot held BTI 9) moved to IMG + 0x2000
     * during the dispatch: not seen */
    ld_row(f, 1, r);
    w32(f, SSB + 0x100 + 32, (uint32_t)IMG + 0x2000);
    ld_row(f, 1, r);
    assert_int_equal(r[5], 5);
    /* a typed read (R, SIMD8 slots 0-7) of BTI 1 uses the same image */
    for (unsigned i = 0; i < 8; i++)
        grf32(f, 20)[i] = i;
    fill(f, 30, 1, 0xdeadbeef);
    assert_int_equal(send(f, 0xC, 20, 30, 0xFF, DESC(1, 1, 0, 0x05, 0x1E, 1)), GTSIM_OK);
    assert_int_equal(grf32(f, 30)[6], 6);
    gt_bti_cache_reset(&bc);                       /* next dispatch */
    ld_row(f, 1, r);
    for (unsigned x = 0; x < 8; x++)
        assert_int_equal(r[x], 200 + x);
    assert_int_equal(send(f, 0xC, 20, 30, 0xFF, DESC(1, 1, 0, 0x05, 0x1E, 1)), GTSIM_OK);
    assert_int_equal(grf32(f, 30)[6], 206);

    /* samplers: 8x1 R32_FLOAT at BTI 2 (texel x = 10 (x + 1)); sampler 3 of
     * the dispatch's table unnormalized (u = 2.5: texel 2, 30), sampler 3 of
     * the table at DSB + 0x300 normalized clamp (u = 2.5: texel 7, 80) */
    img_desc df = {0, 0x0D8, 8, 1, 1, 32, 0, 0, 0, 1, 1, 1};
    bind_image(f, 2, 0x180, &df);
    w32(f, SSB + 0x180 + 32, (uint32_t)IMG + 0x3000);
    for (unsigned x = 0; x < 8; x++)
        w32(f, IMG + 0x3000 + 4 * x, f2u(10.0f * (float)(x + 1)));
    set_sampler(f, 3, 0, 0, 2, 1, 0);
    f->disp.sampler_state = DSB + 0x300;
    set_sampler(f, 3, 0, 0, 2, 0, 0);
    f->disp.sampler_state = DSB + 0x100;
    for (int pass = 0; pass < 2; pass++) {
        assert_true(sample_u25(f, 2, 0) == 30.0f);
        assert_true(sample_u25(f, 2, 0x300) == 80.0f);
    }
    /* the dispatch's sampler 3 (decoded again: its slot held the other
     * table's) made normalized during the dispatch: not seen */
    assert_true(sample_u25(f, 2, 0) == 30.0f);
    set_sampler(f, 3, 0, 0, 2, 0, 0);
    assert_true(sample_u25(f, 2, 0) == 30.0f);
    gt_bti_cache_reset(&bc);
    assert_true(sample_u25(f, 2, 0) == 80.0f);
    /* without a cache every message decodes the states */
    f->disp.bti_cache = NULL;
    set_sampler(f, 3, 0, 0, 2, 1, 0);
    assert_true(sample_u25(f, 2, 0) == 30.0f);
    gt_bti_cache_fini(&bc);
    assert_null(bc.state);
}

static void sampler_mips_resinfo(void **state)
{
    fx *f = *state;
    img_setup(f);
    /* 8x8 R8_UNORM, 4 levels, HALIGN 4, VALIGN 4, pitch 64, linear:
     * level 1 at (0, 8), level 2 at (4, 8), level 3 at (4, 12) */
    img_desc d = {1, 0x140, 8, 8, 1, 64, 0, 0, 0, 4, 1, 1};
    bind_image(f, 6, 0x200, &d);
    uint8_t b;
    b = 0xCC; gt_vm_write(&f->vm, IMG + 8 * 64 + 4 + 1, &b, 1, NULL);  /* level 2, (1, 0) */
    b = 0x33; gt_vm_write(&f->vm, IMG + (8 + 3) * 64 + 3, &b, 1, NULL); /* level 1, (3, 3) */
    b = 0x77; gt_vm_write(&f->vm, IMG + 12 * 64 + 4, &b, 1, NULL);    /* level 3, (0, 0) */
    /* resinfo SIMD8: lod 0, 2, 3, 4 (out of range: 0) */
    static const uint32_t lods[4] = {0, 2, 3, 4};
    for (unsigned i = 0; i < 8; i++)
        grf32(f, 21)[i] = lods[i % 4];
    assert_int_equal(send(f, 0x2, 21, 30, 0xFF, SDESC(1, 4, 0, 0x0A, 1, 6)), GTSIM_OK);
    static const uint32_t rw[4] = {8, 2, 1, 0};
    for (unsigned i = 0; i < 8; i++) {
        assert_int_equal(grf32(f, 30)[i], rw[i % 4]);
        assert_int_equal(grf32(f, 31)[i], rw[i % 4]);
        assert_int_equal(grf32(f, 32)[i], 0);
        assert_int_equal(grf32(f, 33)[i], i % 4 == 3 ? 0 : 4);
    }
    /* ld SIMD8 (u, v, lod): (3, 3) of level 1, (1, 0) of level 2 */
    for (unsigned i = 0; i < 8; i++) {
        grf32(f, 21)[i] = i & 1 ? 1 : 3;
        grf32(f, 22)[i] = i & 1 ? 0 : 3;
        grf32(f, 23)[i] = i & 1 ? 2 : 1;
    }
    assert_int_equal(send(f, 0x2, 21, 30, 0xFF, SDESC(3, 1, 0, 0x07, 1, 6)), GTSIM_OK);
    for (unsigned i = 0; i < 8; i++)
        assert_true(near(g2f(f, 30, i), (i & 1 ? 0xCC : 0x33) / 255.0f));
    /* sample_l SIMD16 (lod, u, v), nearest, mip nearest, max LOD 3:
     * lod 2.0 at (0.6, 0.1) -> level 2 texel (1, 0); lod 2.6 -> level 3 */
    set_sampler(f, 1, 0, 1, 2, 0, 3);
    for (unsigned i = 0; i < 16; i++) {
        grf32(f, 21 + i / 8)[i % 8] = f2u(i < 8 ? 2.0f : 2.6f);
        grf32(f, 23 + i / 8)[i % 8] = f2u(0.6f);
        grf32(f, 25 + i / 8)[i % 8] = f2u(0.1f);
    }
    assert_int_equal(send(f, 0x2, 21, 30, 0xFFFF, SDESC(6, 2, 0, 0x02, 2, 6) | 1u << 8), GTSIM_OK);
    for (unsigned i = 0; i < 16; i++)
        assert_true(near(g2f(f, 30 + i / 8, i % 8), (i < 8 ? 0xCC : 0x77) / 255.0f));
}

/* Cube maps, 16-bit returns, views (Surface Min LOD, Minimum Array
 * Element, Shader Channel Selects) and the header's sampler state pointer. */
static void sampler_cube_views(void **state)
{
    fx *f = *state;
    img_setup(f);
    /* 2x2 cube, R32_FLOAT, faces QPitch 4 rows apart (pitch 16): texel
     * (x, y) of face n = 10 n + x + 2 y */
    img_desc d = {3, 0x0D8, 2, 2, 1, 16, 0, 0, 4, 1, 1, 1};
    bind_image(f, 8, 0x280, &d);
    for (unsigned n = 0; n < 6; n++)
        for (unsigned y = 0; y < 2; y++)
            for (unsigned x = 0; x < 2; x++)
                w32(f, IMG + (4 * n + y) * 16 + 4 * x, f2u((float)(10 * n + x + 2 * y)));
    set_sampler(f, 0, 0, 0, 2, 0, 0);
    /* direction -> face, s, t (the OpenGL cube map table: +X: sc = -z,
     * tc = -y; -Y: sc = x, tc = -z; -Z: sc = -x, tc = -y; s = (sc / |ma| +
     * 1) / 2): (1, 0.2, -0.3) +X (0.65, 0.4) texel (1, 0) = 1;
     * (-0.1, -1, 0.4) -Y (0.45, 0.3) (0, 0) = 30; (0.3, 0.1, -2) -Z
     * (0.425, 0.475) (0, 0) = 50; (0.2, 0.9, 0.5) +Y: sc = x, tc = z:
     * (0.611, 0.778) (1, 1) = 23 */
    static const float dir[4][3] = {{1, 0.2f, -0.3f}, {-0.1f, -1, 0.4f}, {0.3f, 0.1f, -2}, {0.2f, 0.9f, 0.5f}};
    static const float want[4] = {1, 30, 50, 23};
    for (unsigned i = 0; i < 8; i++)
        for (unsigned k = 0; k < 3; k++)
            grf32(f, 21 + k)[i] = f2u(dir[i % 4][k]);
    assert_int_equal(send(f, 0x2, 21, 30, 0xFF, SDESC(3, 1, 0, 0x18, 1, 8)), GTSIM_OK);
    for (unsigned i = 0; i < 8; i++)
        assert_true(g2f(f, 30, i) == want[i % 4]);

    /* 16-bit return (desc bit 30), SIMD16: a channel per register, halves.
     * The 1D R32_FLOAT image {10, 20, 30, 40}; half 10 = 0x4900, 20 =
     * 0x4D00, 30 = 0x4F80, 40 = 0x5100; alpha 1.0 = 0x3C00 */
    img_desc d1 = {0, 0x0D8, 4, 1, 1, 16, 0, 0, 0, 1, 1, 1};
    bind_image(f, 5, 0x1c0, &d1);
    for (unsigned x = 0; x < 4; x++)
        w32(f, IMG + 4 * x, f2u(10.0f * (float)(x + 1)));
    for (unsigned i = 0; i < 16; i++)
        grf32(f, 21 + i / 8)[i % 8] = f2u(0.125f + 0.25f * (float)(i % 4));
    fill(f, 30, 4, 0xdeadbeef);
    assert_int_equal(send(f, 0x2, 21, 30, 0xFFFF, SDESC(2, 4, 0, 0x18, 2, 5) | 1u << 30), GTSIM_OK);
    static const uint16_t h[4] = {0x4900, 0x4D00, 0x4F80, 0x5100};
    for (unsigned i = 0; i < 16; i++) {
        uint16_t r, a;
        memcpy(&r, f->t->grf + 30 * 32 + 2 * i, 2);
        memcpy(&a, f->t->grf + 33 * 32 + 2 * i, 2);
        assert_int_equal(r, h[i % 4]);
        assert_int_equal(a, 0x3C00);
    }

    /* the header's M0.3 table (DSB + 0x300), sampler 1 there: clamp, where
     * the dispatch's sampler 1 wraps; u = 1.25 -> 40 (clamp) or 20 (wrap) */
    set_sampler(f, 1, 0, 0, 0, 0, 0);
    f->disp.sampler_state = DSB + 0x300;
    set_sampler(f, 1, 0, 0, 2, 0, 0);
    f->disp.sampler_state = DSB + 0x100;
    fill(f, 20, 1, 0);
    grf32(f, 20)[2] = 0xEu << 12; /* G, B, A not returned */
    grf32(f, 20)[3] = 0x300;
    for (unsigned i = 0; i < 8; i++)
        grf32(f, 21)[i] = f2u(1.25f);
    assert_int_equal(send(f, 0x2, 20, 30, 0xFF, SDESC(2, 1, 1, 0x18, 1, 5) | 1u << 8), GTSIM_OK);
    assert_true(g2f(f, 30, 0) == 40.0f);
    assert_int_equal(send(f, 0x2, 21, 30, 0xFF, SDESC(1, 1, 0, 0x18, 1, 5) | 1u << 8), GTSIM_OK);
    assert_true(g2f(f, 30, 0) == 20.0f);

    /* views: a 2x2 R8G8B8A8_UNORM 2D array of 3 layers (QPitch 4, pitch 16)
     * with Minimum Array Element 1 (DW4 28:18), and a 4x4 two-level image
     * with Surface Min LOD 1 (DW5 7:4); channel selects (DW7) R = ALPHA,
     * G = ONE, B = ZERO, A = RED */
    img_desc da = {1, 0x0C7, 2, 2, 3, 16, 0, 1, 4, 1, 1, 1};
    bind_image(f, 9, 0x2c0, &da);
    w32(f, SSB + 0x2c0 + 16, 1u << 18);
    w32(f, SSB + 0x2c0 + 28, 7u << 25 | 1u << 22 | 0u << 19 | 4u << 16);
    w32(f, IMG + 4 * 16 + 16 + 4, 0x40302010u); /* layer 1, (1, 1) */
    for (unsigned i = 0; i < 8; i++) {
        grf32(f, 21)[i] = 1;
        grf32(f, 22)[i] = 1;
        grf32(f, 23)[i] = 0; /* array index 0 of the view = layer 1 */
    }
    assert_int_equal(send(f, 0x2, 21, 30, 0xFF, SDESC(3, 4, 0, 0x1A, 1, 9)), GTSIM_OK);
    assert_true(near(g2f(f, 30, 0), 0x40 / 255.0f) && g2f(f, 31, 0) == 1.0f && g2f(f, 32, 0) == 0.0f &&
                near(g2f(f, 33, 0), 0x10 / 255.0f));
    /* 4x4 R8_UNORM, levels at rows 0 and 4 (VALIGN 4), pitch 16, Min LOD 1, MIP count 0 */
    img_desc dm = {1, 0x140, 4, 4, 1, 16, 0, 0, 0, 1, 1, 1};
    bind_image(f, 10, 0x300, &dm);
    w32(f, SSB + 0x300 + 20, 1u << 4);
    uint8_t b = 0x99;
    gt_vm_write(&f->vm, IMG + 4 * 16 + 1, &b, 1, NULL); /* level 1, (1, 0) */
    for (unsigned i = 0; i < 8; i++) {
        grf32(f, 21)[i] = i & 1;     /* u: 0 or 1 */
        grf32(f, 22)[i] = 0;         /* v */
        grf32(f, 23)[i] = i & 2 ? 1 : 0; /* lod 1 is past the view's one level: 0 */
    }
    assert_int_equal(send(f, 0x2, 21, 30, 0xFF, SDESC(3, 1, 0, 0x07, 1, 10)), GTSIM_OK);
    for (unsigned i = 0; i < 8; i++)
        assert_true(near(g2f(f, 30, i), (i & 2) ? 0.0f : (i & 1) ? 0x99 / 255.0f : 0.0f));
}

/* Anisotropic filtering (Min/Mag Mode Filter 2): sample_d SIMD8 on an 8x8
 * R32_FLOAT image whose texel (x, y) holds x * x, derivatives of 4 texels
 * along u and 1 along v: N = min(ceil(4 / 1), 2 (Maximum Anisotropy + 1))
 * linear probes spread along u over the 4-texel footprint, LOD log2(4 / N)
 * (mip filter NONE: the base level).  At u = 0.5625 (texel 4.5), v = 0.5:
 * N = 4 probes at texels 3, 4, 5, 6 give x * x interpolated at 2.5, 3.5,
 * 4.5, 5.5: 6.5, 12.5, 20.5, 30.5, mean 17.5; N = 2 (Maximum Anisotropy
 * field 0) probes at 3.5 and 5.5: 9, 25, mean 17; a linear filter would
 * give 16. */
static void sampler_anisotropic(void **state)
{
    fx *f = *state;
    img_setup(f);
    img_desc d = {1, 0x0D8, 8, 8, 1, 32, 0, 0, 0, 1, 1, 1};
    bind_image(f, 12, 0x380, &d);
    for (unsigned y = 0; y < 8; y++)
        for (unsigned x = 0; x < 8; x++)
            w32(f, IMG + y * 32 + 4 * x, f2u((float)(x * x)));
    static const float pay[6] = {0.5625f, 0.5f, 0.0f, 0.5f, 0.0f, 0.125f}; /* u, dudx, dudy, v, dvdx, dvdy */
    static const unsigned field[3] = {1, 0, 7};
    static const float want[3] = {17.5f, 17.0f, 17.5f};
    for (unsigned t = 0; t < 3; t++) {
        set_sampler(f, 0, 2, 0, 2, 0, 0);
        w32(f, f->disp.sampler_state + 12, r32(f, f->disp.sampler_state + 12) | field[t] << 19);
        for (unsigned i = 0; i < 8; i++)
            for (unsigned k = 0; k < 6; k++)
                grf32(f, 21 + k)[i] = f2u(pay[k]);
        assert_int_equal(send(f, 0x2, 21, 30, 0xFF, SDESC(6, 1, 0, 0x04, 1, 12)), GTSIM_OK);
        for (unsigned i = 0; i < 8; i++)
            assert_true(g2f(f, 30, i) == want[t]);
    }
    /* the same footprint with a linear filter: 16 */
    set_sampler(f, 0, 1, 0, 2, 0, 0);
    assert_int_equal(send(f, 0x2, 21, 30, 0xFF, SDESC(6, 1, 0, 0x04, 1, 12)), GTSIM_OK);
    assert_true(g2f(f, 30, 0) == 16.0f);
}

/* An array view: Minimum Array Element 3 with Depth 1 (one layer, as Mesa
 * ISL programs a single-layer view: Depth = layer count - 1) of a 2x2
 * R32_UINT 2D array (QPitch 4 rows, pitch 16: layer k at 64 k bytes).
 * Array index 0 of the view is layer 3 (ld, typed read); index 1 is past
 * the view's one layer: 0 (PRM RENDER_SURFACE_STATE Depth: "the range of
 * this field is reduced by one for each increase from zero of Minimum
 * Array Element"). */
static void sampler_array_view(void **state)
{
    fx *f = *state;
    img_setup(f);
    img_desc d = {1, 0x0D7, 2, 2, 1, 16, 0, 1, 4, 1, 1, 1};
    bind_image(f, 12, 0x380, &d);
    w32(f, SSB + 0x380 + 16, 3u << 18); /* Minimum Array Element 3 */
    w32(f, IMG + 3 * 64 + 16 + 4, 0xC5C5u); /* layer 3, texel (1, 1) */
    w32(f, IMG + 4 * 64 + 16 + 4, 0xD6D6u); /* layer 4, outside the view */
    set_sampler(f, 0, 0, 0, 0, 0, 0);
    /* ld: u, v, lod, r */
    for (unsigned i = 0; i < 8; i++) {
        grf32(f, 21)[i] = 1;
        grf32(f, 22)[i] = 1;
        grf32(f, 23)[i] = 0;
        grf32(f, 24)[i] = i & 1; /* odd lanes: array index 1 */
    }
    assert_int_equal(send(f, 0x2, 21, 30, 0xFF, SDESC(4, 4, 0, 0x07, 1, 12)), GTSIM_OK);
    for (unsigned i = 0; i < 8; i++)
        assert_int_equal(grf32(f, 30)[i], i & 1 ? 0 : 0xC5C5u);
    /* typed read (R): u, v, r */
    for (unsigned i = 0; i < 8; i++) {
        grf32(f, 21)[i] = 1;
        grf32(f, 22)[i] = 1;
        grf32(f, 23)[i] = i & 1;
    }
    assert_int_equal(send(f, 0xC, 21, 30, 0xFF, DESC(3, 1, 0, 0x05, 0x1E, 12)), GTSIM_OK);
    for (unsigned i = 0; i < 8; i++)
        assert_int_equal(grf32(f, 30)[i], i & 1 ? 0 : 0xC5C5u);
}

/* Hostile payloads (no undefined behaviour under UBSan, no wrap into
 * range): coordinates of +-1e38, infinities and NaN, ld at INT32_MAX with
 * a +7 texel offset, LOD 0xffffffff above a Surface Min LOD of 1, typed
 * addresses of 0xffffffff above a Minimum Array Element of 1. */
static void sampler_hostile_payloads(void **state)
{
    fx *f = *state;
    img_setup(f);
    img_desc d = {1, 0x0D7, 4, 4, 2, 16, 0, 1, 4, 2, 1, 1};
    bind_image(f, 11, 0x340, &d);
    w32(f, SSB + 0x340 + 16, 1u << 18); /* Minimum Array Element 1 */
    w32(f, SSB + 0x340 + 20, 1u << 4 | 1u); /* Surface Min LOD 1, MIP count 1 */
    static const float hostile[8] = {1e38f, -1e38f, INFINITY, -INFINITY, NAN, 3e9f, -3e9f, 0.5f};
    for (unsigned mode = 0; mode < 8; mode++) {
        for (unsigned filt = 0; filt < 2; filt++) {
            set_sampler(f, 0, filt, 3, mode, mode & 1, 4);
            for (unsigned i = 0; i < 8; i++) {
                grf32(f, 21)[i] = f2u(hostile[i]);            /* lod */
                grf32(f, 22)[i] = f2u(hostile[(i + 3) % 8]);  /* u */
                grf32(f, 23)[i] = f2u(hostile[(i + 5) % 8]);  /* v */
                grf32(f, 24)[i] = f2u(hostile[(i + 1) % 8]);  /* array index */
            }
            assert_int_equal(send(f, 0x2, 21, 30, 0xFF, SDESC(4, 4, 0, 0x02, 1, 11)), GTSIM_OK);
        }
    }
    /* ld at x = INT32_MAX + 7 (header offset +7), lod 0xffffffff: out of range, 0 */
    fill(f, 20, 1, 0);
    grf32(f, 20)[2] = 7u << 8 | 0xEu << 12;
    for (unsigned i = 0; i < 8; i++) {
        grf32(f, 21)[i] = i & 1 ? 0x7fffffffu : 0;
        grf32(f, 22)[i] = 0;
        grf32(f, 23)[i] = i & 2 ? 0xffffffffu : 0;
        grf32(f, 24)[i] = 0xffffffffu;
    }
    w32(f, IMG + 4 * 16, 0x5a5a); /* layer 1, texel (0, 0): not what the ld may return */
    assert_int_equal(send(f, 0x2, 20, 30, 0xFF, SDESC(5, 1, 1, 0x07, 1, 11)), GTSIM_OK);
    for (unsigned i = 0; i < 8; i++)
        assert_int_equal(grf32(f, 30)[i], 0);
    /* typed read: layer 0xffffffff + Minimum Array Element 1 must not wrap to layer 0 */
    for (unsigned i = 0; i < 8; i++) {
        grf32(f, 21)[i] = 0;
        grf32(f, 22)[i] = 0;
        grf32(f, 23)[i] = 0xffffffffu;
    }
    w32(f, IMG, 0x77);
    assert_int_equal(send(f, 0xC, 21, 30, 0xFF, DESC(3, 1, 0, 0x05, 0x1E, 11)), GTSIM_OK);
    for (unsigned i = 0; i < 8; i++)
        assert_int_equal(grf32(f, 30)[i], 0);
}

/* ---- multisample loads: ld2dss (0x1F), ld2dms (0x1E), ld2dms_w (0x1C),
 * ld_mcs (0x1D) ----
 *
 * A 4x multisampled 2D array of 2 layers, 3x2 pixels, R32_UINT, linear,
 * pitch 16, QPitch 4 rows, MSFMT_MSS (RENDER_SURFACE_STATE DW4 5:3 Number
 * of Multisamples = 2, 6 storage format = 0): sample plane p of layer l is
 * the physical array slice l * 4 + p (Mesa isl), so pixel (x, y) of plane
 * p of layer l is at IMG + ((4 l + p) * 4 + y) * 16 + 4 x, holding
 * 1000 l + 100 p + 10 y + x.  Payloads (Mesa / IGC vISA 3D_LOAD): ld2dss
 * si, u, v, r, lod; ld2dms si, mcs, u, v, r, lod; ld2dms_w si, mcs_lo,
 * mcs_hi, u, v, r, lod; ld_mcs u, v, r, lod.  The sample index is clamped
 * to the surface's samples (vISA 3D_LOAD.md).  With an MCS (Auxiliary
 * Surface Mode 1 on Gen9, 5 on Gen12; DW6 11:3 pitch in 128-byte tiles -
 * 1, 30:16 QPitch / 4; DW10-11 base) the 4x MCS value has 2 bits per
 * sample naming the plane that holds it; 0 puts every sample in plane 0
 * (blorp_blit.c, quoting the Ivy Bridge PRM), 0xff is the fast-clear
 * value.  Without an MCS the MCS payload is ignored (Mesa passes 0 and
 * reads uncompressed surfaces with ld2dms) and ld_mcs returns 0. */
#define MS_SS 0x380u  /* surface state offsets */
#define MCS_VA (IMG + 0x1000) /* MCS surface: Tile Y, 128-byte rows, 4 rows per layer */

static void ms_bind(fx *f, unsigned bti, uint32_t ss_off, unsigned aux)
{
    img_desc d = {1, 0x0D7, 3, 2, 2, 16, 0, 1, 4, 1, 1, 1};
    bind_image(f, bti, ss_off, &d);
    w32(f, SSB + ss_off + 16, 2u << 3);                     /* 4 samples, MSFMT_MSS */
    w32(f, SSB + ss_off + 24, aux | 0u << 3 | 1u << 16);    /* aux mode, 1 tile, QPitch 4 rows */
    w32(f, SSB + ss_off + 40, aux ? (uint32_t)MCS_VA : 0);  /* DW10 31:12 */
}

static void ms_fill(fx *f)
{
    for (unsigned l = 0; l < 2; l++)
        for (unsigned p = 0; p < 4; p++)
            for (unsigned y = 0; y < 2; y++)
                for (unsigned x = 0; x < 3; x++)
                    w32(f, IMG + ((4 * l + p) * 4 + y) * 16 + 4 * x, 1000 * l + 100 * p + 10 * y + x);
    /* MCS byte of (x, y, l): Tile Y row y + 4 l, byte x: offset (y + 4 l) * 16 + x */
    for (unsigned l = 0; l < 2; l++)
        for (unsigned y = 0; y < 2; y++)
            for (unsigned x = 0; x < 3; x++) {
                uint8_t b = (uint8_t)(0x10 * l + 4 * y + x + 1);
                gt_vm_write(&f->vm, MCS_VA + (y + 4 * l) * 16 + x, &b, 1, NULL);
            }
}

/* SIMD8 lanes: sample index, x, y, layer */
static const uint32_t ms_si[8] = {0, 1, 2, 3, 5, 1, 2, 0}, ms_x[8] = {0, 1, 2, 0, 1, 3, 0, 2},
                      ms_y[8] = {0, 0, 1, 1, 1, 0, 0, 1}, ms_l[8] = {0, 0, 0, 1, 1, 0, 2, 1};

/* The MCS encoding and gtsim's write rule (src/sf/image.c), by hand: 2x
 * one bit per sample, 4x two, 8x and 16x four; all used bits set = fast
 * cleared; identity = sample s in plane s. */
static void mcs_rules(void **state)
{
    (void)state;
    assert_int_equal(sf_mcs_bits(2), 1);
    assert_int_equal(sf_mcs_bits(4), 2);
    assert_int_equal(sf_mcs_bits(8), 4);
    assert_int_equal(sf_mcs_bits(16), 4);
    /* clear values (Mesa blorp_nir_mcs_is_clear_color): 2x masks 2 bits */
    assert_true(sf_mcs_is_clear(0xff, 2) && sf_mcs_is_clear(0x03, 2) && !sf_mcs_is_clear(0x02, 2));
    assert_true(sf_mcs_is_clear(0xff, 4) && !sf_mcs_is_clear(0x7f, 4));
    assert_true(sf_mcs_is_clear(0xffffffffull, 8) && !sf_mcs_is_clear(0xfffffffeull, 8));
    assert_true(sf_mcs_is_clear(~0ull, 16) && !sf_mcs_is_clear(0xffffffffull, 16));
    /* identities: 2x 0b10, 4x 11 10 01 00, 8x nibbles 7..0, 16x nibbles f..0 */
    assert_int_equal(sf_mcs_identity(2), 0x2);
    assert_int_equal(sf_mcs_identity(4), 0xe4);
    assert_int_equal(sf_mcs_identity(8), 0x76543210ull);
    assert_true(sf_mcs_identity(16) == 0xfedcba9876543210ull);
    /* planes: 4x 0x1B = 00 01 10 11 -> samples 0..3 in planes 3, 2, 1, 0;
     * 8x 0x00000a30: sample 0 plane 0, 1 plane 3, 2 plane 10 (bad: >= 8) */
    assert_int_equal(sf_mcs_plane(0x1B, 4, 0), 3);
    assert_int_equal(sf_mcs_plane(0x1B, 4, 3), 0);
    assert_int_equal(sf_mcs_plane(0xa30, 8, 1), 3);
    assert_int_equal(sf_mcs_plane(0xa30, 8, 2), 10);
    assert_int_equal(sf_mcs_plane(0x2, 2, 1), 1);
    assert_int_equal(sf_mcs_plane(0xfedcba9876543210ull, 16, 13), 13);
    /* writes: the whole pixel with one value -> 0 (plane 0); anything else
     * -> identity, expanding unless already expanded */
    bool ex;
    assert_true(sf_mcs_after_write(0xff, 4, 0xf, true, &ex) == 0 && !ex);
    assert_true(sf_mcs_after_write(0xe4, 4, 0xf, true, &ex) == 0 && !ex);
    assert_true(sf_mcs_after_write(0xff, 4, 0x5, true, &ex) == 0xe4 && ex);
    assert_true(sf_mcs_after_write(0x00, 4, 0xf, false, &ex) == 0xe4 && ex);
    assert_true(sf_mcs_after_write(0xe4, 4, 0x2, false, &ex) == 0xe4 && !ex);
    assert_true(sf_mcs_after_write(0x0, 2, 0x1, true, &ex) == 0x2 && ex);
    assert_true(sf_mcs_after_write(0x76543210ull, 8, 0xff, true, &ex) == 0 && !ex);
    assert_true(sf_mcs_after_write(~0ull, 16, 0x8000, true, &ex) == 0xfedcba9876543210ull && ex);
}

static void sampler_msaa_loads(void **state)
{
    fx *f = *state;
    img_setup(f);
    ms_fill(f);
    ms_bind(f, 12, MS_SS, 0);
    /* ld2dss SIMD8: si, u, v, r; all four channels */
    for (unsigned i = 0; i < 8; i++) {
        grf32(f, 21)[i] = ms_si[i];
        grf32(f, 22)[i] = ms_x[i];
        grf32(f, 23)[i] = ms_y[i];
        grf32(f, 24)[i] = ms_l[i];
    }
    fill(f, 30, 4, 0xdeadbeef);
    assert_int_equal(send(f, 0x2, 21, 30, 0xFF, SDESC(4, 4, 0, 0x1F, 1, 12)), GTSIM_OK);
    /* lane 4: sample 5 clamps to 3; lane 5 x = 3, lane 6 layer 2: out of range (0, 0, 0, 1) */
    static const uint32_t want_ss[8] = {0, 101, 212, 1310, 1311, 0, 0, 1012};
    for (unsigned i = 0; i < 8; i++) {
        assert_int_equal(grf32(f, 30)[i], want_ss[i]);
        assert_int_equal(grf32(f, 31)[i], 0);
        assert_int_equal(grf32(f, 32)[i], 0);
        assert_int_equal(grf32(f, 33)[i], 1);
    }
    /* ld2dms without an MCS surface: the MCS payload (0x1B) is ignored */
    for (unsigned i = 0; i < 8; i++) {
        grf32(f, 21)[i] = ms_si[i];
        grf32(f, 22)[i] = 0x1B;
        grf32(f, 23)[i] = ms_x[i];
        grf32(f, 24)[i] = ms_y[i];
        grf32(f, 25)[i] = ms_l[i];
    }
    fill(f, 30, 1, 0xdeadbeef);
    assert_int_equal(send(f, 0x2, 21, 30, 0xFF, SDESC(5, 1, 0, 0x1E, 1, 12)), GTSIM_OK);
    for (unsigned i = 0; i < 8; i++)
        assert_int_equal(grf32(f, 30)[i], want_ss[i]);
    /* ld_mcs without an MCS surface: 0 */
    fill(f, 30, 2, 0xdeadbeef);
    assert_int_equal(send(f, 0x2, 23, 30, 0xFF, SDESC(3, 2, 0, 0x1D, 1, 12)), GTSIM_OK);
    for (unsigned i = 0; i < 8; i++)
        assert_true(grf32(f, 30)[i] == 0 && grf32(f, 31)[i] == 0);
    /* sampleinfo (header only): R = 4 samples */
    fill(f, 20, 1, 0);
    fill(f, 30, 4, 0xdeadbeef);
    assert_int_equal(send(f, 0x2, 20, 30, 0xFF, SDESC(1, 4, 1, 0x0B, 1, 12)), GTSIM_OK);
    assert_int_equal(grf32(f, 30)[0], 4);

    /* with an MCS (Gen9 Auxiliary Surface Mode 1) */
    ms_bind(f, 12, MS_SS, 1);
    for (unsigned i = 0; i < 8; i++)
        grf32(f, 22)[i] = 0;
    assert_int_equal(send(f, 0x2, 21, 30, 0xFF, SDESC(5, 1, 0, 0x1E, 1, 12)), GTSIM_OK);
    /* MCS 0: every sample in plane 0 */
    static const uint32_t want_m0[8] = {0, 1, 12, 1010, 1011, 0, 0, 1012};
    for (unsigned i = 0; i < 8; i++)
        assert_int_equal(grf32(f, 30)[i], want_m0[i]);
    /* MCS 0x1B = 00 01 10 11: samples 0..3 in planes 3, 2, 1, 0; lanes 1 and 7
     * 0x44 = 01 00 01 00: samples 0..3 in planes 0, 1, 0, 1 */
    for (unsigned i = 0; i < 8; i++)
        grf32(f, 22)[i] = i == 1 || i == 7 ? 0x44 : 0x1B;
    assert_int_equal(send(f, 0x2, 21, 30, 0xFF, SDESC(5, 1, 0, 0x1E, 1, 12)), GTSIM_OK);
    static const uint32_t want_mr[8] = {300, 101, 112, 1010, 1011, 0, 0, 1012};
    for (unsigned i = 0; i < 8; i++)
        assert_int_equal(grf32(f, 30)[i], want_mr[i]);
    /* ld2dss ignores the MCS: the sample slice itself */
    for (unsigned i = 0; i < 8; i++) {
        grf32(f, 21)[i] = ms_si[i];
        grf32(f, 22)[i] = ms_x[i];
        grf32(f, 23)[i] = ms_y[i];
        grf32(f, 24)[i] = ms_l[i];
    }
    assert_int_equal(send(f, 0x2, 21, 30, 0xFF, SDESC(4, 1, 0, 0x1F, 1, 12)), GTSIM_OK);
    for (unsigned i = 0; i < 8; i++)
        assert_int_equal(grf32(f, 30)[i], want_ss[i]);
    /* ld_mcs SIMD8, R and G: the MCS byte 0x10 l + 4 y + x + 1, 0 out of range */
    static const uint32_t mu[8] = {0, 2, 1, 2, 3, 0, 0, 1}, mv[8] = {0, 1, 0, 1, 0, 2, 0, 1},
                          mr[8] = {0, 0, 1, 1, 0, 0, 2, 1}, want_mcs[8] = {1, 7, 0x12, 0x17, 0, 0, 0, 0x16};
    for (unsigned i = 0; i < 8; i++) {
        grf32(f, 21)[i] = mu[i];
        grf32(f, 22)[i] = mv[i];
        grf32(f, 23)[i] = mr[i];
    }
    fill(f, 30, 2, 0xdeadbeef);
    assert_int_equal(send(f, 0x2, 21, 30, 0xFF, SDESC(3, 2, 0, 0x1D, 1, 12)), GTSIM_OK);
    for (unsigned i = 0; i < 8; i++) {
        assert_int_equal(grf32(f, 30)[i], want_mcs[i]);
        assert_int_equal(grf32(f, 31)[i], 0);
    }

    /* ld2dms_w SIMD16: si, mcs_lo, mcs_hi, u, v, r (two registers each);
     * lane i: x = i % 3, y = i / 3 % 2, layer i / 6 (lanes 12-15: layer 2,
     * out of range), sample i % 4, MCS 0x1B (the high DWord is not used
     * by 4x) */
    for (unsigned i = 0; i < 16; i++) {
        grf32(f, 40)[i] = i % 4;
        grf32(f, 42)[i] = 0x1B;
        grf32(f, 44)[i] = 0xdeadbeef;
        grf32(f, 46)[i] = i % 3;
        grf32(f, 48)[i] = i / 3 % 2;
        grf32(f, 50)[i] = i / 6;
    }
    fill(f, 30, 2, 0xdeadbeef);
    assert_int_equal(send(f, 0x2, 40, 30, 0xFFFF, SDESC(12, 2, 0, 0x1C, 2, 12)), GTSIM_OK);
    for (unsigned i = 0; i < 16; i++) {
        uint32_t want = i < 12 ? 1000 * (i / 6) + 100 * (3 - i % 4) + 10 * (i / 3 % 2) + i % 3 : 0;
        assert_int_equal(grf32(f, 30)[i], want);
    }
    /* the fast-clear MCS value (0xff for 4x): the surface's clear colour,
     * on Gen9 RENDER_SURFACE_STATE DW12 (Red Clear Color; R32_UINT: the
     * integer) */
    w32(f, SSB + MS_SS + 48, 4242);
    grf32(f, 42)[5] = 0xff;
    assert_int_equal(send(f, 0x2, 40, 30, 0xFFFF, SDESC(12, 2, 0, 0x1C, 2, 12)), GTSIM_OK);
    assert_int_equal(grf32(f, 30)[5], 4242);
    assert_int_equal(grf32(f, 30)[4], 1000 * 0 + 100 * (3 - 0) + 10 * 1 + 1);
    /* 0xfe is not the clear value: sample 1 (bits 3:2 = 11) in plane 3 */
    grf32(f, 42)[5] = 0xfe;
    assert_int_equal(send(f, 0x2, 40, 30, 0xFFFF, SDESC(12, 2, 0, 0x1C, 2, 12)), GTSIM_OK);
    assert_int_equal(grf32(f, 30)[5], 300 + 10 * 1 + 2);

    /* a single-sampled 3x2 R32_UINT surface (plane 0 of layer 0 above):
     * the sample index clamps to 0, the MCS payload is ignored, ld_mcs
     * returns 0 */
    img_desc d1 = {1, 0x0D7, 3, 2, 1, 16, 0, 0, 0, 1, 1, 1};
    bind_image(f, 13, 0x3c0, &d1);
    for (unsigned i = 0; i < 8; i++) {
        grf32(f, 21)[i] = 3;
        grf32(f, 22)[i] = 0x1B;
        grf32(f, 23)[i] = i % 4;  /* x = 3: out of range */
        grf32(f, 24)[i] = i / 4;
    }
    assert_int_equal(send(f, 0x2, 21, 30, 0xFF, SDESC(4, 1, 0, 0x1E, 1, 13)), GTSIM_OK);
    for (unsigned i = 0; i < 8; i++)
        assert_int_equal(grf32(f, 30)[i], i % 4 == 3 ? 0 : 10 * (i / 4) + i % 4);
    fill(f, 30, 1, 0xdeadbeef);
    assert_int_equal(send(f, 0x2, 23, 30, 0xFF, SDESC(2, 1, 0, 0x1D, 1, 13)), GTSIM_OK);
    for (unsigned i = 0; i < 8; i++)
        assert_int_equal(grf32(f, 30)[i], 0);

    /* Gen12LP: the MCS is Auxiliary Surface Mode 5; mode 1 (CCS_D) on a
     * multisampled surface is reported */
    f->dev.plat = gt_platform_find("tgllp");
    assert_non_null(f->dev.plat);
    ms_bind(f, 12, MS_SS, 5);
    for (unsigned i = 0; i < 8; i++) {
        grf32(f, 21)[i] = ms_si[i];
        grf32(f, 22)[i] = i == 1 || i == 7 ? 0x44 : 0x1B;
        grf32(f, 23)[i] = ms_x[i];
        grf32(f, 24)[i] = ms_y[i];
        grf32(f, 25)[i] = ms_l[i];
    }
    assert_int_equal(send(f, 0x2, 21, 30, 0xFF, SDESC(5, 1, 0, 0x1E, 1, 12)), GTSIM_OK);
    for (unsigned i = 0; i < 8; i++)
        assert_int_equal(grf32(f, 30)[i], want_mr[i]);
    assert_int_equal(send(f, 0x2, 23, 30, 0xFF, SDESC(3, 2, 0, 0x1D, 1, 12)), GTSIM_OK);
    assert_int_equal(grf32(f, 30)[0], 0x01); /* (0, 0, 0) */
    assert_int_equal(grf32(f, 30)[3], 0x15); /* (0, 1, 1) */
    assert_int_equal(grf32(f, 30)[7], 0x17); /* (2, 1, 1) */
    assert_int_equal(grf32(f, 30)[5], 0);    /* (3, 0, 0): out of range */
    ms_bind(f, 12, MS_SS, 1);
    assert_int_equal(send(f, 0x2, 21, 30, 0xFF, SDESC(5, 1, 0, 0x1E, 1, 12)), GTSIM_ERR_UNIMPL);
    assert_non_null(strstr(f->dev.err, "Auxiliary Surface Mode"));
    f->dev.plat = NULL;
    /* Gen9: mode 5 (CCS_E) on a multisampled surface is reported too */
    ms_bind(f, 12, MS_SS, 5);
    assert_int_equal(send(f, 0x2, 21, 30, 0xFF, SDESC(5, 1, 0, 0x1E, 1, 12)), GTSIM_ERR_UNIMPL);
    /* a single-sample message (ld_lz) reads sample 0: (2, 1) of layer 1 = 1012;
     * a typed write to the surface is reported */
    ms_bind(f, 12, MS_SS, 0);
    for (unsigned i = 0; i < 8; i++) {
        grf32(f, 21)[i] = 2;
        grf32(f, 22)[i] = 1;
        grf32(f, 23)[i] = 1;
        grf32(f, 24)[i] = 5;
    }
    assert_int_equal(send(f, 0x2, 21, 30, 0xFF, SDESC(3, 1, 0, 0x1A, 1, 12)), GTSIM_OK);
    for (unsigned i = 0; i < 8; i++)
        assert_int_equal(grf32(f, 30)[i], 1012);
    assert_int_equal(send(f, 0xC, 21, -1, 0xFF, DESC(4, 0, 0, 0x0D, 0x1E, 12)), GTSIM_ERR_UNIMPL);
    assert_non_null(strstr(f->dev.err, "multisampled surface"));
}

/* The interleaved layout (MSFMT_DEPTH_STENCIL, DW4 6 = 1): a 4x 2x2
 * R32_UINT surface is a 4x4 grid of samples; sample s of pixel (x, y) is
 * element (x', y') with x' = (x & ~1) << 1 | (s & 1) << 1 | (x & 1),
 * y' = (y & ~1) << 1 | (s & 2) | (y & 1) (Mesa blorp_blit.c encode_msaa).
 * Element (x', y') at IMG + 16 y' + 4 x' holds 0x5000 + 0x100 y' + x'. */
static void sampler_msaa_interleaved(void **state)
{
    fx *f = *state;
    img_setup(f);
    img_desc d = {1, 0x0D7, 2, 2, 1, 16, 0, 0, 0, 1, 1, 1};
    bind_image(f, 14, 0x400, &d);
    w32(f, SSB + 0x400 + 16, 2u << 3 | 1u << 6);
    for (unsigned y = 0; y < 4; y++)
        for (unsigned x = 0; x < 4; x++)
            w32(f, IMG + 16 * y + 4 * x, 0x5000 + 0x100 * y + x);
    /* (s, x, y) -> (x', y'): (3,1,1) (3,3); (1,0,1) (2,1); (2,1,0) (1,2); (0,0,0) (0,0);
     * (1,1,0) (3,0); (2,0,1) (0,3); (3,0,0) (2,2); (0,2,0) out of range */
    static const uint32_t s[8] = {3, 1, 2, 0, 1, 2, 3, 0}, x[8] = {1, 0, 1, 0, 1, 0, 0, 2},
                          y[8] = {1, 1, 0, 0, 0, 1, 0, 0},
                          want[8] = {0x5303, 0x5102, 0x5201, 0x5000, 0x5003, 0x5300, 0x5202, 0};
    for (unsigned i = 0; i < 8; i++) {
        grf32(f, 21)[i] = s[i];
        grf32(f, 22)[i] = x[i];
        grf32(f, 23)[i] = y[i];
    }
    fill(f, 30, 1, 0xdeadbeef);
    assert_int_equal(send(f, 0x2, 21, 30, 0xFF, SDESC(3, 1, 0, 0x1F, 1, 14)), GTSIM_OK);
    for (unsigned i = 0; i < 8; i++)
        assert_int_equal(grf32(f, 30)[i], want[i]);
    /* ld2dms: no MCS on an interleaved surface, the MCS payload is ignored */
    for (unsigned i = 0; i < 8; i++) {
        grf32(f, 22)[i] = 0x1B;
        grf32(f, 23)[i] = x[i];
        grf32(f, 24)[i] = y[i];
    }
    assert_int_equal(send(f, 0x2, 21, 30, 0xFF, SDESC(4, 1, 0, 0x1E, 1, 14)), GTSIM_OK);
    for (unsigned i = 0; i < 8; i++)
        assert_int_equal(grf32(f, 30)[i], want[i]);
}

/* ---- gateway, spawner, errors ---- */

/* A gateway message of thread t with descriptor desc, through gt_sf_send,
 * or (planned) as the EU runs it, which must plan it as a barrier and take
 * it without gt_sf_send. */
static int gw_send(fx *f, gt_thread *t, gt_inst *in, uint32_t desc, int planned)
{
    in->desc = desc;
    in->exdesc = 3;
    if (!planned)
        return gt_sf_send(&f->dev, t, in, 0xFF, desc, 3);
    gt_sf_plan p;
    gt_sf_plan_send(&f->dev, in, &p);
    assert_int_equal(p.op, SF_OP_BARRIER);
    assert_int_equal(gt_sf_send_planned(t, &p, 0xFF), 1);
    return GTSIM_OK;
}

/* The gateway's barrier, through gt_sf_send and planned. */
static void barrier(void **state)
{
    fx *f = *state;
    gt_thread *th[3];
    for (int i = 0; i < 3; i++) {
        th[i] = aligned_alloc(64, sizeof(gt_thread));
        memset(th[i], 0, sizeof(gt_thread));
        th[i]->tg = &f->tg;
        th[i]->disp = &f->disp;
    }
    f->tg.nthreads = 3;
    f->tg.threads = th;
    /* iga: "wr:1+0, rd:0; gateway; signal barrier" */
    uint32_t desc = 0x02000004;
    gt_inst in = mk_send(3, 0, -1, -1);
    for (int planned = 0; planned < 2; planned++) {
        for (int round = 0; round < 2; round++) {
            th[0]->state = th[1]->state = GT_THREAD_BLOCKED;
            assert_int_equal(gw_send(f, th[0], &in, desc, planned), GTSIM_OK);
            assert_int_equal(gw_send(f, th[1], &in, desc, planned), GTSIM_OK);
            assert_int_equal(f->tg.barrier_arrived, 2);
            for (int i = 0; i < 3; i++)
                assert_int_equal(th[i]->n0[0], 0);
            assert_int_equal(gw_send(f, th[2], &in, desc, planned), GTSIM_OK);
            assert_int_equal(f->tg.barrier_arrived, 0);
            for (int i = 0; i < 3; i++) {
                assert_int_equal(th[i]->n0[0] & 1, 1);
                assert_int_equal(th[i]->state, GT_THREAD_RUNNABLE);
                th[i]->n0[0] = 0; /* what `wait n0.0` does */
            }
        }
        /* Active Threads Only (desc bit 11): a thread that ended is not waited for */
        f->tg.done = 1;
        assert_int_equal(gw_send(f, th[0], &in, desc | 1u << 11, planned), GTSIM_OK);
        assert_int_equal(th[0]->n0[0], 0);
        assert_int_equal(gw_send(f, th[1], &in, desc | 1u << 11, planned), GTSIM_OK);
        assert_int_equal(th[0]->n0[0], 1);
        f->tg.done = 0;
        for (int i = 0; i < 3; i++)
            th[i]->n0[0] = 0;
    }
    /* not planned: a barrier with a response register, other gateway
     * messages */
    gt_sf_plan p;
    in.desc = desc | 1u << 20;
    gt_sf_plan_send(&f->dev, &in, &p);
    assert_int_equal(p.op, 0);
    in.desc = 0x02000003;   /* get timestamp */
    gt_sf_plan_send(&f->dev, &in, &p);
    assert_int_equal(p.op, 0);
    for (int i = 0; i < 3; i++)
        free(th[i]);
    f->tg.nthreads = 1;
    f->tg.threads = &f->t;
}

/* A data port memory fence (seed 004 memory fence: "synchronized SLM
 * fence" of IGC's barriers on Gen9 and Gen12LP), planned: nothing to do,
 * the response register left as gt_sf_send leaves it; with EOT not
 * planned. */
static void fence_planned(void **state)
{
    fx *f = *state;
    const char *plats[2] = {NULL, "tgllp"};
    for (int i = 0; i < 2; i++) {
        f->dev.plat = plats[i] ? gt_platform_find(plats[i]) : NULL;
        /* iga -p=12p1: "send.dc0 (8|M0) r14 r16 null 0x0 0x0219E0FE // wr:1h+0, rd:1; synchronized SLM fence" */
        gt_inst in = mk_send(0xA, 16, 14, -1);
        in.desc = 0x0219E0FE;
        in.exdesc = 0xA;
        fill(f, 14, 1, 0x5a5a5a5a);
        static uint8_t before[sizeof f->t->grf];
        memcpy(before, f->t->grf, sizeof before);
        gt_sf_plan p;
        gt_sf_plan_send(&f->dev, &in, &p);
        assert_int_equal(p.op, SF_OP_FENCE);
        assert_int_equal(gt_sf_send_planned(f->t, &p, 0xFF), 1);
        assert_memory_equal(f->t->grf, before, sizeof before);
        assert_int_equal(gt_sf_send(&f->dev, f->t, &in, 0xFF, in.desc, in.exdesc), GTSIM_OK);
        assert_memory_equal(f->t->grf, before, sizeof before);
        in.eot = 1;
        gt_sf_plan_send(&f->dev, &in, &p);
        assert_int_equal(p.op, 0);
    }
    f->dev.plat = NULL;
}

static void end_of_thread(void **state)
{
    fx *f = *state;
    /* iga: "send (8|M0) null r127 0x27 0x02000010 {EOT} // spawner; end of thread" */
    gt_inst in = mk_send(7, 127, -1, -1);
    in.eot = 1;
    assert_int_equal(gt_sf_send(&f->dev, f->t, &in, 0xFF, 0x02000010, 0x27), GTSIM_OK);
    assert_int_equal(f->tg.done, 1);
    /* seed 000 §1.7.2: a dereference message (Opcode 0) without EOT is a
     * valid message; a spawn message (Opcode 1) from a thread that is not
     * a media root/child thread has no tree to spawn into */
    in.eot = 0;
    assert_int_equal(gt_sf_send(&f->dev, f->t, &in, 0xFF, 0x02000010, 0x7), GTSIM_OK);
    assert_int_equal(gt_sf_send(&f->dev, f->t, &in, 0xFF, 0x02000001, 0x7), GTSIM_ERR_INVALID);
    assert_non_null(strstr(f->dev.err, "spawn"));
    assert_int_equal(f->tg.done, 1);
}

static void unknown_messages(void **state)
{
    fx *f = *state;
    /* typed surface read (DC1 type 5) with only a header: no address payload */
    assert_int_equal(send(f, 0xC, 2, 10, 0xFF, 0x02195200), GTSIM_ERR_ILLEGAL);
    assert_non_null(strstr(f->dev.err, "typed surface read"));
    assert_non_null(strstr(f->dev.err, "0x02195200"));
    assert_non_null(strstr(f->dev.err, "address payload"));
    /* typed surface read (U, V; R) of a RAW buffer: no pixel format */
    assert_int_equal(send(f, 0xC, 2, 10, 0xFF, DESC(2, 1, 0, 5, 0x1E, 0)), GTSIM_ERR_UNIMPL);
    assert_non_null(strstr(f->dev.err, "format RAW not implemented"));
    assert_non_null(strstr(f->dev.err, "SFID 0xc"));
    /* typed surface read with Packed Address Payload (desc bit 29, seed 004 MSD1R_TS) */
    assert_int_equal(send(f, 0xC, 2, 10, 0xFF, DESC(2, 1, 0, 5, 0x1E, 0) | 1u << 29), GTSIM_ERR_UNIMPL);
    assert_non_null(strstr(f->dev.err, "packed address payload"));
    /* the sampler cache flush (type 0x1F in SIMD mode 3, header only, one
     * response register, as IGC sends it for read_write images): completes,
     * its response register is written with 0 */
    fill(f, 10, 1, 0xdeadbeef);
    assert_int_equal(send(f, 0x2, 2, 10, 0xFF, 0x021FF000), GTSIM_OK);
    assert_int_equal(grf32(f, 10)[0], 0);
    assert_int_equal(grf32(f, 10)[7], 0);
    /* sampler: sample_killpix (type 0xC, pixel shaders only) */
    assert_int_equal(send(f, 0x2, 2, 10, 0xFF, 0x0442C001), GTSIM_ERR_UNIMPL);
    assert_non_null(strstr(f->dev.err, "sampler message type 0xc"));
    /* DC1 typed atomic (type 6) */
    assert_int_equal(send(f, 0xC, 2, 10, 0xFF, DESC(2, 1, 1, 6, 0, 0)), GTSIM_ERR_UNIMPL);
    assert_non_null(strstr(f->dev.err, "typed atomic"));
    /* gateway: get timestamp */
    assert_int_equal(send(f, 0x3, 2, 10, 0xFF, DESC(1, 1, 0, 0, 0, 3)), GTSIM_ERR_UNIMPL);
    /* payload too short: SIMD16 untyped read with mlen 1 */
    assert_int_equal(send(f, 0xC, 2, 10, 0xFF, DESC(1, 2, 0, 0x01, 0x1E, 0)), GTSIM_ERR_ILLEGAL);
    /* response past r127 */
    assert_int_equal(send(f, 0xC, 2, 127, 0xFF, DESC(1, 2, 0, 0x01, 0x2C, 0)), GTSIM_ERR_ILLEGAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
#define T(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)
        T(untyped_read_simd8_xy),
        T(typed_2d_tiley),
        T(typed_array_qpitch_atomic),
        T(sampler_ld),
        T(sampler_filter_modes),
        T(sampler_mips_resinfo),
        T(sampler_cube_views),
        T(sampler_array_view),
        T(sampler_hostile_payloads),
        T(sampler_anisotropic),
        T(sampler_msaa_loads),
        cmocka_unit_test(mcs_rules),
        T(sampler_msaa_interleaved),
        T(untyped_read_simd16_xzw),
        T(untyped_write_sends),
        T(null_surface),
        T(atomics_int_simd8),
        T(atomic_add_simd16_same_address),
        T(atomic_sends_header_oob),
        T(atomics_float),
        T(byte_scattered),
        T(dword_scattered),
        T(oword_block),
        T(read_only_ports),
        T(response_overlaps_payload),
        T(untyped_page_boundary),
        T(untyped_a32_wrap),
        T(bti_cache_per_dispatch),
        T(image_state_per_dispatch),
        T(slm),
        T(slm_simd16_channels),
        T(untyped_dense),
        T(untyped_broadcast_and_overlap),
        T(untyped_planned_matches),
        T(oword_block_planned_matches),
        T(scattered_atomic_planned_matches),
        T(stateless_and_fault),
        T(a64_untyped_and_scattered),
        T(a64_atomics_and_block),
        T(scratch_block),
        T(barrier),
        T(fence_planned),
        T(end_of_thread),
        T(unknown_messages),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
