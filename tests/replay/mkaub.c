/*
 * mkaub: writes small synthetic AUB memtrace files for tests, the way NEO
 * lays out a submission on Gen9: GGTT entries, a logical ring context
 * (PPHWSP page, then the register state as MI_LOAD_REGISTER_IMM), a ring
 * buffer with MI_BATCH_BUFFER_START into a PPGTT batch buffer, a 4-level
 * PPGTT, and the ELSP writes that submit it.
 *
 *   mkaub [--platform skl|tgllp|dg1] SCENARIO OUT.aub [KERNEL.bin]
 *
 * Platforms: skl (the default); tgllp: the Gen12LP version record (device
 * 22), submission through the execlist submission queue (EXECLIST_SQ_CONTENTS
 * + EXECLIST_CONTROL Load), the 22-DWord STATE_BASE_ADDRESS; dg1 (device
 * 30): as tgllp, with every page in local memory (AUB space 1, GGTT entries
 * with LM bit 1, PPGTT leaf entries with LM bit 11).
 *
 * Scenarios:
 *   store           MI_STORE_DATA_IMM of 0x600df00d to OUT_GVA (a valid run)
 *   unknown-record  "store", preceded by a memtrace record of an unknown type
 *   kernel          GPGPU_WALKER of one SIMD8 thread running KERNEL.bin
 *   walker          mkaub walker OUT.aub KERNEL.bin X Y Z: GPGPU_WALKER of X x Y x Z
 *                   thread groups (Thread Group ID Dimensions) of one SIMD8 thread
 *   kernel-1g       "kernel", with a 1 GiB page mapped at GVA 0x4000000000
 *   page-storm      mkaub page-storm OUT.aub N: N one-DWord physical memory writes,
 *                   one to each of N distinct 4 KiB pages (a host-memory storm)
 *   batch-loop      a batch that jumps to itself forever
 *   batch-unmapped  a ring that jumps to an unmapped batch address
 *   unknown-cmd     a batch holding a command header no engine defines
 *   oversized       a memory-write record claiming 3 GiB of data
 *   compare-ok      "store", then a memory compare record expecting 0x600df00d
 *   compare-bad     "store", then a memory compare record expecting 0x12345678
 *   blt-copy        (tgllp, dg1) on the blitter engine: XY_SRC_COPY_BLT of 4 32-bpp
 *                   pixels (0x11111111, 0x22222222, 0x33333333, 0x44444444) from
 *                   OUT_GVA + 0x100 to OUT_GVA
 *   blt-past-surface  XY_COLOR_BLT of 2 rows of 4096 bytes whose second row is
 *                   past the mapped PPGTT (GVA 0x100060000)
 *   blt-unknown-cmd   a blitter batch holding XY opcode 7Fh (no such command)
 *
 * The blt-* scenarios submit on the blitter engine: its registers at the
 * render ones + 0x20000 (MMIO base 0x22000).
 *
 * Layouts: seed 004 (MI_BATCH_BUFFER_START, MI_STORE_DATA_IMM, XY_*,
 * PIPELINE_SELECT, STATE_BASE_ADDRESS, MEDIA_VFE_STATE,
 * MEDIA_INTERFACE_DESCRIPTOR_LOAD, INTERFACE_DESCRIPTOR_DATA, GPGPU_WALKER),
 * Gen9 lengths per Mesa genxml gen9.xml.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OUT_GVA 0x100050000ull
#define BATCH_GVA 0x100000000ull
#define INSTR_BASE 0x100010000ull
#define DYN_BASE 0x100020000ull
#define SURF_BASE 0x100030000ull
#define IOH_BASE 0x100040000ull
#define PPGTT_PAGES 0x60 /* GVA 0x100000000.. mapped to physical 0x300000.. */

#define LRCA 0x10000u     /* GGTT address of the logical ring context */
#define RING 0x20000u     /* GGTT address of the ring buffer */
#define PML4 0x200000ull  /* physical */

static FILE *out;
static uint32_t eng; /* engine registers: render + eng (0, or 0x20000 for the blitter) */

/* The platform's differences (see the header comment). */
static struct {
    uint32_t device;  /* AUB version record device */
    int sq;           /* execlist submission queue instead of ELSP */
    uint32_t sba_len; /* STATE_BASE_ADDRESS DWords */
    int local;        /* pages in local memory */
} plat = {12, 0, 19, 0};

static void put(const void *p, size_t n)
{
    if (fwrite(p, 1, n, out) != n) {
        perror("mkaub: write");
        exit(1);
    }
}

static void dw(uint32_t v)
{
    put(&v, 4);
}

/* Memtrace memory write (sub-opcode 6) of len bytes to addr in space. */
static void mem_write(uint64_t addr, int space, const void *data, uint32_t len)
{
    uint32_t ndw = 5 + (len + 3) / 4;
    dw(0xe0000000u | (0x2eu << 23) | (0x06u << 16) | ((ndw - 1) & 0xffff));
    dw((uint32_t)addr);
    dw((uint32_t)(addr >> 32));
    dw((uint32_t)space << 28);
    dw(len);
    put(data, len);
    static const uint8_t zero[4];
    put(zero, (4 - len % 4) % 4);
}

static void phys_write(uint64_t pa, const void *data, uint32_t len)
{
    mem_write(pa, plat.local ? 1 : 2, data, len);
}

static void mmio_write(uint32_t reg, uint32_t value)
{
    dw(0xe0000000u | (0x2eu << 23) | (0x03u << 16) | 5);
    dw(reg);
    dw(2u << 16); /* DWord register, MMIO space */
    dw(0xffffffffu);
    dw(0);
    dw(value);
}

static void comment(const char *s)
{
    uint32_t n = (uint32_t)strlen(s) + 1, ndw = 2 + (n + 3) / 4;
    dw(0xe0000000u | (0x2eu << 23) | (0x08u << 16) | (ndw - 1));
    dw(0);
    char buf[256] = {0};
    memcpy(buf, s, n);
    put(buf, (n + 3) & ~3u);
}

/* GGTT: identity-map graphics addresses [0, 1 MiB). */
static void setup_ggtt(void)
{
    uint64_t pte[256];
    for (int i = 0; i < 256; i++)
        pte[i] = ((uint64_t)i << 12) | (plat.local ? 3 : 1);
    mem_write(0, 4, pte, sizeof(pte));
}

/* PPGTT: GVA BATCH_GVA + i*4K -> physical 0x300000 + i*4K. */
static void setup_ppgtt(void)
{
    const uint64_t pdp = PML4 + 0x1000, pd = PML4 + 0x2000, pt = PML4 + 0x3000;
    uint64_t e;
    e = pdp | 3;
    phys_write(PML4 + ((BATCH_GVA >> 39) & 511) * 8, &e, 8);
    e = pd | 3;
    phys_write(pdp + ((BATCH_GVA >> 30) & 511) * 8, &e, 8);
    e = pt | 3;
    phys_write(pd + ((BATCH_GVA >> 21) & 511) * 8, &e, 8);
    uint64_t ptes[PPGTT_PAGES];
    for (int i = 0; i < PPGTT_PAGES; i++)
        ptes[i] = (0x300000ull + (uint64_t)i * 0x1000) | 3 | (plat.local ? 0x800 : 0);
    phys_write(pt + ((BATCH_GVA >> 12) & 511) * 8, ptes, sizeof(ptes));
}

static void gva_write(uint64_t gva, const void *data, uint32_t len)
{
    phys_write(0x300000ull + (gva - BATCH_GVA), data, len);
}

/* Context image, ring with MI_BATCH_BUFFER_START (PPGTT) to batch_gva,
 * then the ELSP submission. */
static void submit(uint64_t batch_gva)
{
    uint32_t ring[4] = {0x18800101u, (uint32_t)batch_gva, (uint32_t)(batch_gva >> 32), 0};
    phys_write(RING, ring, sizeof(ring));
    uint32_t img[32], n = 0;
    img[n++] = 0; /* MI_NOOP */
    img[n++] = 0x11001000u | (2 * 5 - 1); /* MI_LOAD_REGISTER_IMM, 5 pairs */
    img[n++] = eng + 0x2244; img[n++] = 0x00090009; /* CTX_CTRL */
    img[n++] = eng + 0x2034; img[n++] = 0;          /* RING_HEAD */
    img[n++] = eng + 0x2030; img[n++] = sizeof(ring); /* RING_TAIL */
    img[n++] = eng + 0x2038; img[n++] = RING;       /* RING_START */
    img[n++] = eng + 0x203c; img[n++] = 0x1;        /* RING_CTL: 1 page, enabled */
    img[n++] = 0x11001000u | (2 * 2 - 1);     /* PDP0 = PML4 */
    img[n++] = eng + 0x2274; img[n++] = (uint32_t)(PML4 >> 32);
    img[n++] = eng + 0x2270; img[n++] = (uint32_t)PML4;
    img[n++] = 0x05000000u;                   /* MI_BATCH_BUFFER_END */
    phys_write(LRCA + 0x1000, img, n * 4);
    /* Element 0: LRCA, 48-bit PPGTT (mode 3), valid. */
    uint32_t desc = LRCA | (3u << 3) | (1u << 8) | 1u;
    if (plat.sq) { /* EXECLIST_SQ_CONTENTS element 0 (element 1 none), Load */
        mmio_write(eng + 0x2510, desc);
        mmio_write(eng + 0x2514, 0);
        mmio_write(eng + 0x2518, 0);
        mmio_write(eng + 0x251c, 0);
        mmio_write(eng + 0x2550, 1);
        return;
    }
    /* ELSP: element 1 (none), then element 0 */
    mmio_write(eng + 0x2230, 0);
    mmio_write(eng + 0x2230, 0);
    mmio_write(eng + 0x2230, 0);
    mmio_write(eng + 0x2230, desc);
}

static void header(void)
{
    dw(0xe0000000u | (0x2eu << 23) | (0x0eu << 16) | 5); /* version */
    dw(0);
    dw(plat.device << 8);
    dw(0);
    dw(0);
    dw(0x6b6d); /* "mk" */
    comment("gtsim mkaub synthetic trace");
    setup_ggtt();
    setup_ppgtt();
}

static void batch(const uint32_t *cmds, uint32_t n)
{
    gva_write(BATCH_GVA, cmds, n * 4);
}

static void store_scenario(void)
{
    uint32_t b[] = {0x10000002u, (uint32_t)OUT_GVA, (uint32_t)(OUT_GVA >> 32), 0x600df00du, 0x05000000u, 0};
    batch(b, 6);
    submit(BATCH_GVA);
}

static void kernel_scenario(const char *kernel_path, const uint32_t dim[3])
{
    FILE *k = fopen(kernel_path, "rb");
    if (!k) {
        perror(kernel_path);
        exit(2);
    }
    uint8_t code[4096] = {0};
    size_t len = fread(code, 1, sizeof(code), k);
    fclose(k);
    gva_write(INSTR_BASE, code, (uint32_t)len);
    /* INTERFACE_DESCRIPTOR_DATA at DYN_BASE: kernel at offset 0 of the
     * instruction base, one thread per group, no CURBE. */
    uint32_t idd[8] = {0, 0, 0, 0, 0, 0, 1, 0};
    gva_write(DYN_BASE, idd, sizeof(idd));
    uint32_t b[64], n = 0;
    b[n++] = 0x69040302u; /* PIPELINE_SELECT: GPGPU */
    b[n++] = 0x61010000u | (plat.sba_len - 2); /* STATE_BASE_ADDRESS */
    b[n++] = 1; b[n++] = 0;                                       /* general state base 0 */
    b[n++] = 0;                                                   /* stateless MOCS */
    b[n++] = (uint32_t)SURF_BASE | 1; b[n++] = (uint32_t)(SURF_BASE >> 32);
    b[n++] = (uint32_t)DYN_BASE | 1; b[n++] = (uint32_t)(DYN_BASE >> 32);
    b[n++] = (uint32_t)IOH_BASE | 1; b[n++] = (uint32_t)(IOH_BASE >> 32);
    b[n++] = (uint32_t)INSTR_BASE | 1; b[n++] = (uint32_t)(INSTR_BASE >> 32);
    b[n++] = 0xfffff001u; b[n++] = 0xfffff001u; b[n++] = 0xfffff001u; b[n++] = 0xfffff001u; /* sizes */
    while (n < 1 + plat.sba_len)
        b[n++] = 0;                                               /* bindless states */
    b[n++] = 0x70000000u | (9 - 2); /* MEDIA_VFE_STATE */
    b[n++] = 0; b[n++] = 0;
    b[n++] = (16u << 16) | (2u << 8); /* max threads 16, 2 URB entries */
    b[n++] = 0;
    b[n++] = (2u << 16) | 0;          /* URB entry size, no CURBE */
    b[n++] = 0; b[n++] = 0; b[n++] = 0;
    b[n++] = 0x70020000u | (4 - 2); /* MEDIA_INTERFACE_DESCRIPTOR_LOAD */
    b[n++] = 0; b[n++] = 32; b[n++] = 0;
    b[n++] = 0x71050000u | (15 - 2); /* GPGPU_WALKER: 1 group of 1 SIMD8 thread */
    b[n++] = 0; b[n++] = 0; b[n++] = 0;
    b[n++] = 0u << 30; /* SIMD8, width/height/depth counter max 0 */
    b[n++] = 0; b[n++] = 0; b[n++] = dim[0]; /* X start, reserved, X dim */
    b[n++] = 0; b[n++] = 0; b[n++] = dim[1]; /* Y */
    b[n++] = 0; b[n++] = dim[2];             /* Z */
    b[n++] = 0xff; b[n++] = 0xffffffffu; /* right / bottom execution masks */
    b[n++] = 0x70040000u; b[n++] = 0;   /* MEDIA_STATE_FLUSH */
    b[n++] = 0x05000000u; b[n++] = 0;   /* MI_BATCH_BUFFER_END */
    batch(b, n);
    submit(BATCH_GVA);
}

int main(int argc, char **argv)
{
    if (argc > 2 && !strcmp(argv[1], "--platform")) {
        if (!strcmp(argv[2], "tgllp") || !strcmp(argv[2], "dg1")) {
            plat.device = argv[2][0] == 't' ? 22 : 30;
            plat.sq = 1;
            plat.sba_len = 22;
            plat.local = argv[2][0] == 'd';
        } else if (strcmp(argv[2], "skl")) {
            fprintf(stderr, "mkaub: unknown platform %s\n", argv[2]);
            return 2;
        }
        argv += 2;
        argc -= 2;
    }
    if (argc < 3) {
        fprintf(stderr, "usage: mkaub [--platform skl|tgllp|dg1] SCENARIO OUT.aub [KERNEL.bin]\n");
        return 2;
    }
    const char *sc = argv[1];
    out = fopen(argv[2], "wb");
    if (!out) {
        perror(argv[2]);
        return 2;
    }
    header();
    if (!strcmp(sc, "store")) {
        store_scenario();
    } else if (!strcmp(sc, "unknown-record")) {
        dw(0xe0000000u | (0x2eu << 23) | (0x3fu << 16) | 2); /* sub-opcode 0x3f: no such record */
        dw(1);
        dw(2);
        store_scenario();
    } else if (!strcmp(sc, "kernel") && argc > 3) {
        static const uint32_t one[3] = {1, 1, 1};
        kernel_scenario(argv[3], one);
    } else if (!strcmp(sc, "walker") && argc > 6) {
        uint32_t dim[3];
        for (int i = 0; i < 3; i++)
            dim[i] = (uint32_t)strtoul(argv[4 + i], NULL, 0);
        kernel_scenario(argv[3], dim);
    } else if (!strcmp(sc, "kernel-1g") && argc > 3) {
        /* a 1 GiB page (PDP entry with PS, seed 004 PPGTT) at GVA 0x4000000000
         * -> physical 0x40000000, for kernels that touch many pages */
        uint64_t e = 0x40000000ull | 0x83;
        phys_write(PML4 + 0x1000 + ((0x4000000000ull >> 30) & 511) * 8, &e, 8);
        static const uint32_t one[3] = {1, 1, 1};
        kernel_scenario(argv[3], one);
    } else if (!strcmp(sc, "page-storm") && argc > 3) {
        unsigned long n = strtoul(argv[3], NULL, 0);
        for (unsigned long i = 0; i < n; i++) {
            uint32_t v = (uint32_t)i;
            phys_write(0x100000000ull + (uint64_t)i * 4096, &v, 4);
        }
    } else if (!strcmp(sc, "batch-loop")) {
        uint32_t b[] = {0, 0x18800101u, (uint32_t)BATCH_GVA, (uint32_t)(BATCH_GVA >> 32)};
        batch(b, 4);
        submit(BATCH_GVA);
    } else if (!strcmp(sc, "batch-unmapped")) {
        submit(0x7000000000ull);
    } else if (!strcmp(sc, "unknown-cmd")) {
        uint32_t b[] = {0, 0x1f800000u /* MI opcode 0x3f */, 0x05000000u, 0};
        batch(b, 4);
        submit(BATCH_GVA);
    } else if (!strcmp(sc, "compare-ok") || !strcmp(sc, "compare-bad")) {
        store_scenario();
        uint32_t want = !strcmp(sc, "compare-ok") ? 0x600df00du : 0x12345678u;
        dw(0xe0000000u | (0x2eu << 23) | (0x04u << 16) | 5); /* memory compare, PPGTT space */
        dw((uint32_t)OUT_GVA);
        dw((uint32_t)(OUT_GVA >> 32));
        dw(5u << 28);
        dw(4);
        dw(want);
    } else if (!strncmp(sc, "blt-", 4)) {
        eng = 0x20000;
        uint32_t b[16], n = 0;
        if (!strcmp(sc, "blt-copy")) {
            uint32_t px[4] = {0x11111111, 0x22222222, 0x33333333, 0x44444444};
            gva_write(OUT_GVA + 0x100, px, sizeof(px));
            uint64_t src = OUT_GVA + 0x100;
            uint32_t c[] = {(2u << 29) | (0x53u << 22) | (3u << 20) | 8, (3u << 24) | (0xccu << 16) | 16, 0,
                            (1u << 16) | 4, (uint32_t)OUT_GVA, (uint32_t)(OUT_GVA >> 32), 0, 16, (uint32_t)src,
                            (uint32_t)(src >> 32)};
            memcpy(b, c, sizeof(c));
            n = 10;
        } else if (!strcmp(sc, "blt-past-surface")) {
            uint64_t dst = BATCH_GVA + (PPGTT_PAGES - 1) * 0x1000ull;
            uint32_t c[] = {(2u << 29) | (0x50u << 22) | (3u << 20) | 5, (3u << 24) | (0xf0u << 16) | 4096, 0,
                            (2u << 16) | 1024, (uint32_t)dst, (uint32_t)(dst >> 32), 0x5a5a5a5a};
            memcpy(b, c, sizeof(c));
            n = 7;
        } else if (!strcmp(sc, "blt-unknown-cmd")) {
            b[n++] = 0;
            b[n++] = (2u << 29) | (0x7fu << 22) | 1;
            b[n++] = 0;
            b[n++] = 0;
        } else {
            fprintf(stderr, "mkaub: unknown scenario %s\n", sc);
            return 2;
        }
        b[n++] = 0x05000000u; /* MI_BATCH_BUFFER_END */
        b[n++] = 0;
        batch(b, n);
        submit(BATCH_GVA);
    } else if (!strcmp(sc, "oversized")) {
        dw(0xe0000000u | (0x2eu << 23) | (0x06u << 16) | 4);
        dw(0x1000);
        dw(0);
        dw(2u << 28);
        dw(0xc0000000u);
        dw(0);
    } else {
        fprintf(stderr, "mkaub: unknown scenario %s\n", sc);
        return 2;
    }
    if (fclose(out)) {
        perror("mkaub: close");
        return 1;
    }
    return 0;
}
