/*
 * Timeline trace of the simulated GPU: Chrome trace event JSON (src/timeline.c
 * documents tracks and timebase).
 */
#ifndef GT_TIMELINE_H
#define GT_TIMELINE_H

#include <stdio.h>

#include "gt.h"

/* Threads of one walker traced at most (their instruction counts are kept
 * until the walker ends: 8 bytes each). */
#define GT_TIMELINE_MAX_THREADS (1u << 20)

typedef struct gt_timeline gt_timeline;

/* Start a trace on f for a device of platform plat; NULL when out of
 * memory.  gt_timeline_close ends the JSON (f stays open); -1 on a write
 * error. */
gt_timeline *gt_timeline_open(FILE *f, const gt_platform *plat);
int gt_timeline_close(gt_timeline *t);

/* A batch buffer of level 1 (first) or 2 (second) starts at GVA addr
 * (MI_BATCH_BUFFER_START; one of the same level still open, which it
 * chains from, ends), or the batches of level and above end
 * (MI_BATCH_BUFFER_END; the end of the submission ends them all): a
 * "batch" slice on the engine's track. */
void gt_timeline_batch_begin(gt_timeline *t, const gtsim_device *dev, int level, uint64_t addr);
void gt_timeline_batch_end(gt_timeline *t, const gtsim_device *dev, int level);

/* The current tick: commands parsed so far plus the ticks walkers took. */
uint64_t gt_timeline_now(const gt_timeline *t, const gtsim_device *dev);

/* A submission on engine 0 (render), 1 (blitter), 2 (video) or 3 (video
 * enhancement) starts / ended with
 * status (GTSIM_OK or an error). */
void gt_timeline_submission_begin(gt_timeline *t, const gtsim_device *dev, int engine);
void gt_timeline_submission_end(gt_timeline *t, const gtsim_device *dev, int status);

/* A walker that ran: insns[r] = EU instructions thread r executed
 * (r = group index x threads_per_group + thread; UINT64_MAX: not
 * dispatched), for the first `recorded` threads in dispatch order. */
typedef struct gt_timeline_walk {
    uint64_t batch, kernel;     /* GPU virtual addresses */
    uint64_t groups;            /* thread groups of the walk */
    uint32_t threads_per_group, simd;
    int status;
    const uint64_t *insns;
    uint64_t recorded;
    void (*group_ids)(const void *ctx, uint64_t idx, uint32_t g[3]);
    const void *ctx;
} gt_timeline_walk;
void gt_timeline_walker(gt_timeline *t, const gtsim_device *dev, const gt_timeline_walk *w);

#endif
