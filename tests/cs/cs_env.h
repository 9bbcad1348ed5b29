/*
 * What the command streamer tests share (test_cs.c, test_blt.c, test_video.c): a test
 * device with its log, and hand-built 4-level page tables.  The includer
 * defines PT_BASE (physical address of the PML4; tables are allocated
 * upward from it) and BATCH / BATCH_PA, DATA / DATA_PA (two GPU virtual
 * windows and their physical pages) before including this header.
 */
#ifndef GT_TESTS_CS_ENV_H
#define GT_TESTS_CS_ENV_H

#include <stdint.h>
#include <stdio.h>

#include "gtsim.h"

typedef struct {
    gtsim_device *dev;
    uint64_t next_pt;   /* next free page-table page */
    FILE *log;
    char *logbuf;
    size_t loglen;
    int sq;             /* Gen12: submit through the execlist submission queue */
} env;

static inline uint32_t r32(env *e, uint64_t pa)
{
    uint32_t v = 0;
    gtsim_phys_read(e->dev, pa, &v, 4);
    return v;
}

static inline uint64_t rd64(env *e, uint64_t pa)
{
    uint64_t v = 0;
    gtsim_phys_read(e->dev, pa, &v, 8);
    return v;
}

/* 4-level page walk from PT_BASE; allocate tables as needed; map one
 * 4 KiB page (present, writable). */
static inline void map_page(env *e, uint64_t gva, uint64_t pa)
{
    uint64_t table = PT_BASE;
    for (int level = 39; level >= 12; level -= 9) {
        uint64_t slot = table + ((gva >> level) & 511) * 8;
        if (level == 12) {
            uint64_t pte = pa | 3;
            gtsim_phys_write(e->dev, slot, &pte, 8);
            return;
        }
        uint64_t ent = rd64(e, slot);
        if (!(ent & 1)) {
            ent = e->next_pt | 3;
            e->next_pt += 4096;
            gtsim_phys_write(e->dev, slot, &ent, 8);
        }
        table = ent & ~0xfffull;
    }
}

/* Physical address of a gva in the BATCH (16 pages) or DATA windows. */
static inline uint64_t pa_of(uint64_t gva)
{
    if (gva >= BATCH && gva < BATCH + 0x10000)
        return BATCH_PA + (gva - BATCH);
    return DATA_PA + (gva - DATA);
}

#endif
