/*
 * The blitter engine (BCS): the 2D commands of client 2 (XY_*_BLT, seed
 * 004 "XY_..." command pages; the blitter command streamer itself is the
 * command streamer of cs.c at MMIO base GT_BCS_BASE, seed 002 "Blitter
 * Engine Command Interface").
 *
 * Every XY_* command is described once as a field table (cmds_blt.c); the
 * unpacked fields go to one blit model (blt.c): a destination rectangle
 * written with a raster operation (ROP3) of a pattern P (solid colour,
 * 8x8 colour pattern, 8x8 monochrome pattern), a source S (colour surface,
 * monochrome bitmap expanded with background/foreground colours, text) and
 * the destination D, clipped to the ClipRect of the last XY_SETUP_* when
 * clipping is on, on linear, X-tiled and Y-tiled surfaces.
 */
#ifndef GT_CS_BLT_H
#define GT_CS_BLT_H

#include <stdint.h>

#include "cs/cmds.h"
#include "gt.h"

/* Field slots of the blitter commands (one meaning per slot, shared by
 * every XY_* layout that has the field). */
enum {
    BLT_BYTE_MASK, BLT_SRC_TILED, BLT_DST_TILED, BLT_PAT_HSEED, BLT_PAT_VSEED, BLT_MONO_BITPOS,
    BLT_FIXED_PAT, BLT_CHROMA_MODE, BLT_BYTE_PACKED, BLT_SRC_TILING, BLT_DST_TILING,
    BLT_SRC_TILE4, BLT_DST_TILE4, BLT_DEPTH, BLT_SOLID_PAT, BLT_CLIP, BLT_SRC_TRANSP,
    BLT_PAT_TRANSP, BLT_ROP, BLT_DST_PITCH, BLT_DST_MOCS, BLT_SRC_PITCH, BLT_SRC_MOCS,
    BLT_DST_X1, BLT_DST_Y1, BLT_DST_X2, BLT_DST_Y2, BLT_DST_ADDR, BLT_DST_XOFF, BLT_DST_YOFF,
    BLT_SRC_X1, BLT_SRC_Y1, BLT_SRC_ADDR, BLT_SRC_XOFF, BLT_SRC_YOFF, BLT_PAT_ADDR,
    BLT_SRC_BG, BLT_SRC_FG, BLT_PAT_BG, BLT_PAT_FG, BLT_PAT_DATA0, BLT_PAT_DATA1,
    BLT_CHROMA_LO, BLT_CHROMA_HI, BLT_CLIP_X1, BLT_CLIP_Y1, BLT_CLIP_X2, BLT_CLIP_Y2,
    BLT_FILL0, BLT_FILL1, BLT_FILL2, BLT_FILL3, BLT_CLEAR_ADDR_HI, BLT_IMM,
    GT_NF_BLT
};

/* What a blitter command does (gt_cmd_desc.id is GT_CMD_BLT for all;
 * gt_blt_kind tells them apart by their field table). */
enum gt_blt_kind {
    GT_BLT_SRC_COPY, GT_BLT_SRC_COPY_CHROMA, GT_BLT_FAST_COPY, GT_BLT_BLOCK_COPY, GT_BLT_COLOR,
    GT_BLT_FAST_COLOR, GT_BLT_PAT, GT_BLT_PAT_IMM, GT_BLT_PAT_CHROMA, GT_BLT_PAT_CHROMA_IMM,
    GT_BLT_MONO_PAT, GT_BLT_MONO_PAT_FIXED, GT_BLT_MONO_SRC_COPY, GT_BLT_MONO_SRC_COPY_IMM,
    GT_BLT_FULL, GT_BLT_FULL_IMM_PAT, GT_BLT_FULL_MONO_PAT, GT_BLT_FULL_MONO_PAT_MONO_SRC,
    GT_BLT_FULL_MONO_SRC, GT_BLT_FULL_MONO_SRC_IMM_PAT, GT_BLT_SETUP, GT_BLT_SETUP_CLIP,
    GT_BLT_SETUP_MONO_PAT_SL, GT_BLT_PIXEL, GT_BLT_SCANLINES, GT_BLT_TEXT, GT_BLT_TEXT_IMM,
};

/* The XY_* commands of Gen12LP (seed 004), for gt_platform.blt. */
extern const gt_cmd_set gt_cmds_blt_gen12;

/* The blitter command streamer's command set: the MI commands of render
 * (the platform's render command set) that seed 004 lists for the
 * BlitterCS, then the XY_* commands of xy.  NULL on out of memory; free
 * with gt_blt_cmds_destroy. */
gt_cmd_set *gt_blt_cmds_create(const gt_cmd_set *xy, const gt_cmd_set *render);
void gt_blt_cmds_destroy(gt_cmd_set *s);

/* The blit kind of a blitter command description (enum gt_blt_kind), -1
 * if d is not an XY_* command. */
int gt_blt_kind(const gt_cmd_desc *d);

struct gt_blt; /* the blitter's persistent state (XY_SETUP_* registers) */

void gt_blt_destroy(struct gt_blt *b);

/* Execute the XY_* command d whose n DWords are dw on the device dev:
 * surfaces are read and written at GPU virtual addresses in vm (the
 * context's PPGTT, or the GGTT for a context without one); *state holds
 * the setup registers across commands (allocated on first use).  where
 * names the command's ring or batch address for reports.  Returns
 * GTSIM_OK, or an error with a report naming the command, where, and what
 * (page fault with its address, reserved field value, unmodelled form). */
int gt_blt_exec(gtsim_device *dev, struct gt_blt **state, const gt_cmd_desc *d, const uint32_t *dw,
                unsigned n, gt_vm *vm, const char *where);

#endif
