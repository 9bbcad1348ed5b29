/*
 * The 3D pipeline (see pipe3d.h).
 */
#include "pipe3d/pipe3d.h"

int gt_pipe3d_command(gtsim_device *dev, const gt_cmd_desc *d, const uint32_t *dw, unsigned n,
                      gt_vm *vm, const char *where)
{
    (void)dev, (void)d, (void)dw, (void)n, (void)vm, (void)where;
    return GTSIM_OK;
}
