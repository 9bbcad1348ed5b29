/*
 * Render command streamer (execlist mode, Gen9): context restore from the
 * logical ring context image, ring buffer and batch buffer parsing, the MI
 * commands (seed 002 MI semantics, seed 004 command pages), and the
 * GFXPIPE state/dispatch commands handed to the GPGPU pipeline (src/pipe/).
 *
 * Engine registers live in the device's MMIO file (dev->mmio) at their
 * render-engine offsets: RING_TAIL 0x2030, RING_HEAD 0x2034, RING_START
 * 0x2038, RING_CTL 0x203c, MI_PREDICATE_SRC0/SRC1/DATA/RESULT 0x2400/
 * 0x2408/0x2410/0x2418, MI_PREDICATE_RESULT_2 0x23bc, CS_GPR R0..R15
 * 0x2600 + 8*n (64-bit, low DWord first), TIMESTAMP 0x2358, PDPs
 * 0x2270..0x228c.  MI_LOAD_REGISTER_* and MI_STORE_REGISTER_MEM read and
 * write that file.
 */
#ifndef GT_CS_H
#define GT_CS_H

#include <stdint.h>

#include "gt.h"

/* Engine MMIO bases (bytes; public fact: Linux i915 RENDER_RING_BASE,
 * BLT_RING_BASE).  Each engine has the render engine's register layout at
 * its own base: RING_TAIL = base + 0x30, ..., HWS_PGA base + 0x80, ELSP base
 * + 0x230, TIMESTAMP base + 0x358, CS_GPR base + 0x600 (seed 002 BCS_RINGBUF
 * names the blitter's ring registers). */
#define GT_BCS_BASE 0x22000u
/* Video (VCS0) and video enhancement (VECS0) engine MMIO bases (bytes;
 * public facts: Linux i915 BSD_RING_BASE / VEBOX_RING_BASE through Gen10,
 * GEN11_BSD_RING_BASE / GEN11_VEBOX_RING_BASE from Gen11 on). */
#define GT_VCS_BASE_GEN9 0x12000u
#define GT_VECS_BASE_GEN9 0x1a000u
#define GT_VCS_BASE_GEN11 0x1c0000u
#define GT_VECS_BASE_GEN11 0x1c8000u

/* Render engine MMIO offsets (bytes). */
#define GT_RCS_BASE 0x2000u /* the render engine's MMIO base */
#define GT_RCS_RING_TAIL 0x2030u
#define GT_RCS_RING_HEAD 0x2034u
#define GT_RCS_RING_START 0x2038u
#define GT_RCS_RING_CTL 0x203cu
#define GT_RCS_SYNC_MBOX0 0x2040u /* Gen7 semaphore mailboxes RVSYNC, RBSYNC, RVESYNC */
#define GT_RCS_HWS_PGA 0x2080u
#define GT_RCS_NOPID 0x2094u
#define GT_RCS_CCID 0x2180u
#define GT_RCS_PP_DIR_DCLV 0x2220u /* Gen7 PPGTT directory cacheline valid */
#define GT_RCS_PP_DIR_BASE 0x2228u /* Gen7 PPGTT page directory: bits 31:16 = its byte
                                    * offset in the GGTT entry table / 64 */
#define GT_RCS_CTX_CTRL 0x2244u
#define GT_RCS_PDP0_LDW 0x2270u
#define GT_RCS_PDP0_UDW 0x2274u
#define GT_RCS_TIMESTAMP 0x2358u
#define GT_RCS_CTX_TIMESTAMP 0x23a8u /* CTX_TIMESTAMP (Linux i915 RING_CTX_TIMESTAMP, fact) */
#define GT_RCS_PREDICATE_RESULT_2 0x23bcu
#define GT_RCS_PREDICATE_SRC0 0x2400u
#define GT_RCS_PREDICATE_SRC1 0x2408u
#define GT_RCS_PREDICATE_DATA 0x2410u
#define GT_RCS_PREDICATE_RESULT 0x2418u
#define GT_RCS_GPGPU_DISPATCHDIMX 0x2500u
#define GT_RCS_GPGPU_DISPATCHDIMY 0x2504u
#define GT_RCS_GPGPU_DISPATCHDIMZ 0x2508u
#define GT_RCS_GPR(n) (0x2600u + 8u * (n))

struct gt_cs;

/* Create/destroy the render command streamer of dev (NULL on out of
 * memory). */
struct gt_cs *gt_cs_create(gtsim_device *dev);
/* Create a command streamer for the engine named engine ("blitter") whose
 * registers sit at MMIO base (GT_BCS_BASE), parsing the commands of set
 * (NULL on out of memory). */
struct gt_cs *gt_cs_create_engine(gtsim_device *dev, const char *engine, uint32_t base,
                                  const struct gt_cmd_set *set);
/* The blitter command streamer of dev (MMIO base GT_BCS_BASE): the XY_*
 * commands of dev->plat->blt and the MI commands of the platform's render
 * set that the blitter accepts (src/cs/blt.h).  NULL when the platform has
 * no blitter or on out of memory. */
struct gt_cs *gt_cs_create_blitter(gtsim_device *dev);
/* The video (enhance = 0: VCS0, MMIO base gt_platform.vcs_base) or video
 * enhancement (enhance = 1: VECS0, vecs_base) command streamer of dev: the
 * MI commands of gt_video_mi and the engine's own commands
 * (gt_platform.vcs / vecs).
 * NULL when the platform has no such engine or on out of memory. */
struct gt_cs *gt_cs_create_video(gtsim_device *dev, int enhance);
void gt_cs_destroy(struct gt_cs *cs);

/* Run an execlist context to completion: desc = 64-bit context descriptor
 * (bits 31:12 = LRCA, the GGTT address of the logical ring context; bits 4:3
 * addressing mode; bit 0 valid).  Restores the ring registers and PPGTT from
 * the context image (every MI_LOAD_REGISTER_IMM of the register state page
 * at LRCA + 0x1000 is applied), executes the ring from RING_HEAD to
 * RING_TAIL, then saves RING_HEAD back into the image.  Returns GTSIM_OK or
 * an error status (report in dev->err naming the command and its ring or
 * batch address). */
int gt_cs_submit(gtsim_device *dev, uint64_t desc);
/* The same on the engine cs (its registers at its base; its context image
 * loads them at their engine offsets). */
int gt_cs_submit_engine(struct gt_cs *cs, uint64_t desc);

/* Ring buffer submission (Gen7, seed 002 "Render Engine Command Streamer"):
 * when RING_BUFFER_CTL has Ring Buffer Enable set, execute the ring from
 * RING_BUFFER_HEAD to RING_BUFFER_TAIL (GGTT addresses from
 * RING_BUFFER_START), synchronously, then update the head offset in
 * RING_BUFFER_HEAD (its wrap count bits 31:21 are kept).  A disabled ring
 * does nothing.  Returns GTSIM_OK or an error (report names the command and
 * its ring or batch address). */
int gt_cs_ring_submit(gtsim_device *dev);

/* Read/write a register of the MMIO file as the command streamer sees it
 * (offset in bytes, masked to the modelled register space). */
uint32_t gt_cs_reg_read(gtsim_device *dev, uint32_t off);
void gt_cs_reg_write(gtsim_device *dev, uint32_t off, uint32_t val);

#endif
