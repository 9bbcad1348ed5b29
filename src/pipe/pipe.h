/*
 * Media/GPGPU pipeline (seed 000): VFE state, CURBE, interface descriptors,
 * GPGPU walker, thread dispatch to the EUs.
 */
#ifndef GT_PIPE_H
#define GT_PIPE_H

#include "gt.h"

struct gt_pipe *gt_pipe_create(gtsim_device *dev);
void gt_pipe_destroy(struct gt_pipe *pipe);

#endif
