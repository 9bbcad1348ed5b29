/*
 * The back half of a draw (ps.c): clipping, setup and rasterization of its
 * primitives (raster.c), the early depth/stencil test (backend.c), and
 * pixel shader dispatch (3DSTATE_WM, 3DSTATE_PS, 3DSTATE_PS_EXTRA,
 * 3DSTATE_SBE / SBE_SWIZ, 3DSTATE_CONSTANT_PS) with the thread payload the
 * hardware gives: R0/R1 with the subspan origins and pixel mask, the
 * barycentric coordinates, source depth and W, push constants and the
 * attribute setup data.
 */
#ifndef GT_PIPE3D_PS_H
#define GT_PIPE3D_PS_H

#include "pipe3d/backend.h"
#include "pipe3d/p3d.h"

/* Decode the draw's rasterization, SBE, PS and backend state (once per
 * draw).  GTSIM_OK or an error in dev->err. */
int p3_ps_begin(p3_draw *d);
/* One assembled object: per = 1, 2 or 3 VUEs (URB entry addresses), flags
 * as p3_assemble gives them. */
int p3_ps_primitive(p3_draw *d, unsigned per, const uint8_t *const vue[], uint8_t flags);
/* Dispatch what is still queued; counts (PS_DEPTH_COUNT). */
int p3_ps_end(p3_draw *d);
void p3_ps_free(p3_draw *d);
/* The depth and stencil buffers of b (3DSTATE_DEPTH_BUFFER,
 * 3DSTATE_STENCIL_BUFFER as recorded); the other members are left. */
void p3_decode_ds_buffers(p3_draw *d, gt3d_backend_state *b);

#endif
