/*
 * libFuzzer target: an arbitrary byte stream as a batch buffer of the
 * blitter command streamer (tgllp): the blitter's command parser (the MI
 * commands it accepts and every XY_* command) and the blit engine on
 * linear and tiled surfaces, with 64 KiB of batch and 256 KiB of mapped
 * surface memory (PPGTT) around an unmapped page.  Any crash, hang,
 * sanitizer report or unbounded allocation is a bug; error returns are fine.
 *
 * Built with FUZZ_VIDEO (fuzz_video): the same on the video engines, the
 * first input byte choosing the video (even) or the video enhancement (odd)
 * command streamer: their MI commands and the decoding of the codec and
 * VEBOX commands.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "fuzz_config.h"
#include "gtsim.h"

#define LRCA 0x10000ull
#define RING 0x20000ull
#define PT_BASE 0x100000ull
#define BATCH 0x800100000000ull
#define BATCH_PA 0x200000ull
#define DATA 0x7f0000000000ull
#define DATA_PA 0x400000ull

static uint64_t next_pt;

static void map_page(gtsim_device *dev, uint64_t gva, uint64_t pa)
{
    uint64_t table = PT_BASE;
    for (int level = 39; level >= 12; level -= 9) {
        uint64_t slot = table + ((gva >> level) & 511) * 8, ent = 0;
        if (level == 12) {
            ent = pa | 3;
            gtsim_phys_write(dev, slot, &ent, 8);
            return;
        }
        gtsim_phys_read(dev, slot, &ent, 8);
        if (!(ent & 1)) {
            ent = next_pt | 3;
            next_pt += 4096;
            gtsim_phys_write(dev, slot, &ent, 8);
        }
        table = ent & ~0xfffull;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *devnull;
    if (!devnull)
        devnull = fopen("/dev/null", "w");
    if (size > 0x10000 - 4)
        return 0;
#ifdef FUZZ_VIDEO
    if (!size)
        return 0;
    uint32_t b = data[0] & 1 ? 0x1c8000 : 0x1c0000; /* VECS0 or VCS0 of tgllp */
    data++;
    size--;
#else
    uint32_t b = 0x22000; /* the blitter */
#endif
    gtsim_config cfg = fuzz_config(devnull);
    gtsim_device *dev = gtsim_create("tgllp", &cfg);
    if (!dev)
        return 0;
    next_pt = PT_BASE + 4096;
    for (uint64_t i = 0; i < 64; i++) {
        uint64_t pte = (i << 12) | 1;
        gtsim_ggtt_write(dev, i * 8, &pte, 8);
    }
    for (uint64_t i = 0; i < 16; i++)
        map_page(dev, BATCH + i * 4096, BATCH_PA + i * 4096);
    for (uint64_t i = 0; i < 64; i++)
        if (i != 40) /* DATA + 40 pages stays unmapped */
            map_page(dev, DATA + i * 4096, DATA_PA + i * 4096);
    uint32_t img[] = {
        0, 0x11001009, b + 0x244, 0x00090009, b + 0x34, 0, b + 0x30, 16, b + 0x38, (uint32_t)RING, b + 0x3c, 1,
        0, 0x11001003, b + 0x274, (uint32_t)(PT_BASE >> 32), b + 0x270, (uint32_t)PT_BASE, 0x0a << 23,
    };
    gtsim_phys_write(dev, LRCA + 0x1000, img, sizeof(img));
    uint32_t ring[] = {(0x31u << 23) | (1u << 8) | 1u, (uint32_t)BATCH, (uint32_t)(BATCH >> 32), 0};
    gtsim_phys_write(dev, RING, ring, sizeof(ring));
    gtsim_phys_write(dev, BATCH_PA, data, size);
    uint32_t end = 0x0a << 23; /* MI_BATCH_BUFFER_END after the input */
    gtsim_phys_write(dev, BATCH_PA + ((size + 3) & ~(size_t)3), &end, 4);
    uint64_t desc = LRCA | (3u << 3) | 1;
    gtsim_mmio_write(dev, b + 0x510, (uint32_t)desc);
    gtsim_mmio_write(dev, b + 0x514, (uint32_t)(desc >> 32));
    gtsim_mmio_write(dev, b + 0x550, 1);
    gtsim_destroy(dev);
    return 0;
}
