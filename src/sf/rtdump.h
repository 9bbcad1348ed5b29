/*
 * Render-target dumps as PNG (gtsim_config.dump_surfaces; see rtdump.c).
 */
#ifndef GT_SF_RTDUMP_H
#define GT_SF_RTDUMP_H

#include <stdint.h>

#include "gt.h"

struct sf_msg;
struct sf_image;
struct gt_rtdump;

/* A render target write message (rt.c) wrote level lod, layer `layer` of
 * image im: remember it for the batch's dump (nothing when dumping is off;
 * the same surface once per batch). */
void sf_rtdump_note(struct sf_msg *m, const struct sf_image *im, uint32_t lod, uint32_t layer);

/* The end of a first-level batch buffer: write the remembered targets as
 * DIR/batchNNNNNN_rtB_WxH.png and forget them.  GTSIM_OK, or an error
 * report (a file that cannot be written, a page fault reading a target). */
int sf_rtdump_batch_end(gtsim_device *dev);

void sf_rtdump_free(struct gt_rtdump *r);

#endif
