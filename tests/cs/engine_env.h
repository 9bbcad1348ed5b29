/*
 * What the tests of the engines other than render share (test_blt.c,
 * test_video.c): a device whose GGTT maps its first 1024 pages
 * identically, a logical ring context at LRCA for the engine at MMIO base
 * `base` (its ring registers and PDP0 = PT_BASE), a ring at RING that
 * starts the batch at BATCH, and submission through the engine's
 * submission queue (Gen12) or ELSP (Gen9).  The includer defines LRCA,
 * RING, PT_BASE, BATCH, BATCH_PA and includes cs_env.h first.
 */
#ifndef GT_TESTS_ENGINE_ENV_H
#define GT_TESTS_ENGINE_ENV_H

#include <stdint.h>

#include "cs_env.h"

#define LO(a) (uint32_t)(a)
#define HI(a) (uint32_t)((uint64_t)(a) >> 32)

/* MI commands (seed 004 command pages) */
#define MI_NOOP 0u
#define MI_BBE (0x0au << 23)
#define MI_BBS_PPGTT ((0x31u << 23) | (1u << 8) | 1u)
#define MI_LRI(n) ((0x22u << 23) | (2u * (n) - 1))
#define MI_SDI ((0x20u << 23) | 2u)
#define MI_SRM ((0x24u << 23) | 2u)
#define MI_FLUSH_DW_IMM ((0x26u << 23) | (1u << 14) | 2u)

/* GGTT identity map of pages 0..1023 and the context image of the engine
 * at base (register state page at LRCA + 0x1000). */
static inline void engine_context(env *e, uint32_t base)
{
    for (uint64_t i = 0; i < 1024; i++) {
        uint64_t pte = (i << 12) | 1;
        gtsim_ggtt_write(e->dev, i * 8, &pte, 8);
    }
    uint32_t b = base;
    uint32_t img[] = {
        MI_NOOP, 0x11001009,
        b + 0x244, 0x00090009, b + 0x34, 0, b + 0x30, 0, b + 0x38, (uint32_t)RING, b + 0x3c, 0x00000001,
        MI_NOOP, 0x11001003,
        b + 0x274, HI(PT_BASE), b + 0x270, LO(PT_BASE),
        MI_BBE,
    };
    gtsim_phys_write(e->dev, LRCA + 0x1000, img, sizeof(img));
}

/* The batch dw[0..n) at BATCH (MI_BATCH_BUFFER_END appended), started from
 * the ring of the engine at base, submitted through its submission queue
 * (sq) or its ELSP.  Returns the submission's status. */
static inline int engine_run(env *e, uint32_t base, int sq, const uint32_t *dw, size_t n)
{
    gtsim_phys_write(e->dev, BATCH_PA, dw, 4 * n);
    uint32_t end = MI_BBE;
    gtsim_phys_write(e->dev, BATCH_PA + 4 * n, &end, 4);
    uint32_t ring[] = {MI_BBS_PPGTT, LO(BATCH), HI(BATCH), MI_NOOP};
    gtsim_phys_write(e->dev, RING, ring, sizeof(ring));
    uint32_t head = 0, tail = sizeof(ring);
    gtsim_phys_write(e->dev, LRCA + 0x1000 + 4 * 5, &head, 4);
    gtsim_phys_write(e->dev, LRCA + 0x1000 + 4 * 7, &tail, 4);
    uint64_t desc = LRCA | (3u << 3) | 1;
    if (sq) {
        gtsim_mmio_write(e->dev, base + 0x510, LO(desc));
        gtsim_mmio_write(e->dev, base + 0x514, HI(desc));
        gtsim_mmio_write(e->dev, base + 0x518, 0);
        gtsim_mmio_write(e->dev, base + 0x51c, 0);
        return gtsim_mmio_write(e->dev, base + 0x550, 1);
    }
    gtsim_mmio_write(e->dev, base + 0x230, 0); /* element 1 (invalid) */
    gtsim_mmio_write(e->dev, base + 0x230, 0);
    gtsim_mmio_write(e->dev, base + 0x230, HI(desc));
    return gtsim_mmio_write(e->dev, base + 0x230, LO(desc));
}

#endif
