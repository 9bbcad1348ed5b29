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

/* The 3D statistics and draw-parameter registers (render engine MMIO
 * offsets, the same on Gen7 through Gen12; public facts: Mesa genxml
 * gen9.xml / gen12.xml registers, intel_perf_regs.h PS_DEPTH_COUNT, iris
 * iris_state.c _3DPRIM_*).  The statistics are 64-bit counters (low DWord
 * at the offset): draws add to them, MI_STORE_REGISTER_MEM and
 * MI_LOAD_REGISTER_* read and write them as any register, PIPE_CONTROL
 * "Write PS Depth Count" stores PS_DEPTH_COUNT. */
#define GT3D_REG_CS_INVOCATION_COUNT 0x2290
#define GT3D_REG_HS_INVOCATION_COUNT 0x2300
#define GT3D_REG_DS_INVOCATION_COUNT 0x2308
#define GT3D_REG_IA_VERTICES_COUNT 0x2310
#define GT3D_REG_IA_PRIMITIVES_COUNT 0x2318
#define GT3D_REG_VS_INVOCATION_COUNT 0x2320
#define GT3D_REG_GS_INVOCATION_COUNT 0x2328
#define GT3D_REG_GS_PRIMITIVES_COUNT 0x2330
#define GT3D_REG_CL_INVOCATION_COUNT 0x2338
#define GT3D_REG_CL_PRIMITIVES_COUNT 0x2340
#define GT3D_REG_PS_INVOCATION_COUNT 0x2348
#define GT3D_REG_PS_DEPTH_COUNT 0x2350
/* 3DPRIMITIVE Indirect Parameter Enable takes its parameters from these
 * 32-bit registers (drivers load them with MI_LOAD_REGISTER_MEM). */
#define GT3D_REG_3DPRIM_END_OFFSET 0x2420
#define GT3D_REG_3DPRIM_START_VERTEX 0x2430
#define GT3D_REG_3DPRIM_VERTEX_COUNT 0x2434
#define GT3D_REG_3DPRIM_INSTANCE_COUNT 0x2438
#define GT3D_REG_3DPRIM_START_INSTANCE 0x243c
#define GT3D_REG_3DPRIM_BASE_VERTEX 0x2440

/* Add v to the 64-bit register at MMIO offset off (a statistics counter). */
void gt_pipe3d_count(gtsim_device *dev, uint32_t off, uint64_t v);

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

/* The device's render-target dump list (src/sf/rtdump.c; freed with the
 * device); NULL when out of host memory. */
struct gt_rtdump;
struct gt_rtdump **gt_pipe3d_rtdump(gtsim_device *dev);

/* The recorded 3D state of one logical context (owned by its
 * gt_pipe_state, moved with it at context switches). */
struct gt3d_state;
void gt_pipe3d_state_free(struct gt3d_state *s);

/* The address of the binding table at binding table pointer `pointer` as a
 * command or interface descriptor gives it, in every pipeline (3D stages
 * and GPGPU interface descriptors): shifted left 3 when GT_MODE selects
 * BTP_18_8 (bits 18:8 valid in the same field: iris on Gen11-12 shifts its
 * pointers right 3, IRIS_BT_OFFSET_SHIFT), from the Binding Table Pool Base
 * Address of the context's last 3DSTATE_BINDING_TABLE_POOL_ALLOC when it
 * enabled the pool (seed 004; iris programs it for its compute batches
 * too, Wa_1607854226), else from Surface State Base Address. */
struct gt_pipe_state;
uint64_t gt_pipe3d_binding_table(gtsim_device *dev, const struct gt_pipe_state *ps, uint32_t pointer);

/* Device-level 3D objects (the URB); freed with the device. */
void gt_pipe3d_destroy(gtsim_device *dev);

#endif
