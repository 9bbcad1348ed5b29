/*
 * Stream output (SOL) of the 3D pipeline: after the last geometry stage
 * (the GS, or the VS without one) and before clipping, the vertices of
 * each primitive of a stream are written to the SO buffers that stream
 * selects, as its SO_DECL list describes, and the counters the driver reads
 * for transform feedback queries advance.  Only the primitives of the
 * render stream go on to rasterization.
 *
 * Seed 004 3DSTATE_STREAMOUT, 3DSTATE_SO_DECL_LIST (SO_DECL_ENTRY, SO_DECL),
 * 3DSTATE_SO_BUFFER (Gen12 also 3DSTATE_SO_BUFFER_INDEX_0..3).  Registers
 * (public facts: Mesa genxml gen9.xml / gen12.xml, the same on both):
 * SO_NUM_PRIMS_WRITTEN0..3 at 0x5200 + 8n and SO_PRIM_STORAGE_NEEDED0..3 at
 * 0x5240 + 8n (64 bits each), SO_WRITE_OFFSET0..3 at 0x5280 + 4n (bytes,
 * bits 31:2).
 */
#ifndef GT_PIPE3D_SO_H
#define GT_PIPE3D_SO_H

#include <stdint.h>

#include "cs/cmds.h"
#include "gt.h"

struct p3_draw;

enum {
    P3_SO_NUM_PRIMS_WRITTEN0 = 0x5200,   /* + 8 * stream, 64-bit */
    P3_SO_PRIM_STORAGE_NEEDED0 = 0x5240, /* + 8 * stream, 64-bit */
    P3_SO_WRITE_OFFSET0 = 0x5280,        /* + 4 * buffer */
};

/* 3DSTATE_SO_BUFFER / 3DSTATE_SO_BUFFER_INDEX_n as it executes: *index
 * receives the buffer it programs; with Stream Offset Write Enable,
 * SO_WRITE_OFFSET[index] is loaded with Stream Offset, or, when that is
 * 0xFFFFFFFF, with the DWord at Stream Output Buffer Offset Address (read
 * through vm).  Returns GTSIM_OK or an error (a page fault) reported with
 * where. */
int p3_so_buffer_command(gtsim_device *dev, const gt_cmd_desc *d, const uint32_t *dw, unsigned n, gt_vm *vm,
                         const char *where, unsigned *index);

/* Decode the stream-output state of a draw (d->sox; NULL when SO Function
 * Enable is clear and rendering is not disabled).  GTSIM_OK or an error. */
int p3_so_begin(struct p3_draw *d);

/* One primitive of `per` (1..3) VUEs (pointers to each vertex's slot 0)
 * on stream `stream`, in its topology's order with flags as p3_assemble
 * gives them: written to the SO buffers when SO is on and every buffer of
 * the stream has room (the counters advance), then rasterized
 * (p3_ps_primitive) if it belongs to the render stream and rendering is
 * not disabled. */
int p3_so_primitive(struct p3_draw *d, unsigned stream, unsigned per, const uint8_t *const vue[], uint8_t flags);

/* End of a draw: write each buffer's offset to its Stream Output Buffer
 * Offset Address (when enabled).  GTSIM_OK or a page-fault error. */
int p3_so_end(struct p3_draw *d);
void p3_so_free(struct p3_draw *d);

#endif
