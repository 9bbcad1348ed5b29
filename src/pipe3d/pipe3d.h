/*
 * The 3D pipeline of the render engine (seed 004 3DSTATE_* and 3DPRIMITIVE):
 * vertex fetch, the shader stages dispatched to the EU, clipping, setup and
 * rasterization, pixel shader dispatch and the pixel backend.
 *
 * The command streamer hands every 3D command here; its layout is the
 * generated description of the device's generation (src/gen).
 */
#ifndef GT_PIPE3D_H
#define GT_PIPE3D_H

#include <stdint.h>

#include "cs/cmds.h"
#include "gt.h"

/* Execute one 3D pipeline command of the render engine.  d is its
 * description (generated from src/gen), dw its n DWords (the whole
 * command), vm the address space of its graphics addresses, where the
 * location string for reports ("batch 0x... +0x..").  State commands only
 * record state; 3DPRIMITIVE draws.  Returns GTSIM_OK or an error status
 * with the report in dev->err. */
int gt_pipe3d_command(gtsim_device *dev, const gt_cmd_desc *d, const uint32_t *dw, unsigned n,
                      gt_vm *vm, const char *where);

#endif
