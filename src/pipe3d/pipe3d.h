/*
 * The 3D pipeline of the render engine (seed 004 3DSTATE_* and 3DPRIMITIVE):
 * vertex fetch, the shader stages dispatched to the EU, clipping, setup and
 * rasterization, pixel shader dispatch and the pixel backend.
 *
 * The command streamer hands every 3D command here; its layout is the
 * generated description of the device's generation (src/gen).  State
 * commands are recorded as they came (the last of each kind, and the
 * per-index ones merged: vertex buffers, per-element instancing) and
 * decoded when a 3DPRIMITIVE draws.
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

/* The 3D URB: *size bytes; URB handles count 64-byte units from its start
 * (3DSTATE_URB_* starting addresses count 8 KiB).  NULL when out of host
 * memory. */
uint8_t *gt_pipe3d_urb(gtsim_device *dev, uint32_t *size);

/* The recorded 3D state of one logical context (owned by its
 * gt_pipe_state, moved with it at context switches). */
struct gt3d_state;
void gt_pipe3d_state_free(struct gt3d_state *s);

/* Device-level 3D objects (the URB); freed with the device. */
void gt_pipe3d_destroy(gtsim_device *dev);

#endif
