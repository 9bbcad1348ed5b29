/*
 * Render command streamer (seed 002 command stream programming; seed 004
 * MI_* command pages): execlist contexts, ring buffer, batch buffers, MI
 * commands, and hand-off of pipeline commands to src/pipe/.
 */
#ifndef GT_CS_H
#define GT_CS_H

#include "gt.h"

struct gt_cs *gt_cs_create(gtsim_device *dev);
void gt_cs_destroy(struct gt_cs *cs);

/* Run an execlist context to completion: desc = 64-bit context descriptor
 * (bits 31:12 = LRCA, the GGTT address of the logical ring context; bits 4:3
 * addressing mode; bit 0 valid).  Restores the ring registers and PPGTT from
 * the context image, executes the ring from RING_HEAD to RING_TAIL, then
 * saves RING_HEAD back into the image.  Returns GTSIM_OK or an error status
 * (report in dev->err). */
int gt_cs_submit(gtsim_device *dev, uint64_t desc);

#endif
