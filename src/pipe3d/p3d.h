/*
 * Internal to src/pipe3d: one draw's decoded state and the stages' entry
 * points.
 */
#ifndef GT_PIPE3D_P3D_H
#define GT_PIPE3D_P3D_H

#include <stdbool.h>
#include <stdint.h>

#include "eu/eu.h"
#include "pipe/pipe.h"
#include "pipe3d/vf.h"
#include "sf/sf.h"

struct gt3d_state;

/* A shader stage's dispatch state (3DSTATE_VS/HS/DS/GS/PS with its
 * binding table, sampler state and push constant commands), decoded. */
typedef struct p3_stage {
    bool enable;
    uint64_t ksp[3];          /* kernel GVAs (instruction base + Kernel Start Pointer) */
    uint32_t cr0;             /* cr0.0 at dispatch: floating-point mode, rounding */
    uint32_t grf_start[3];    /* Dispatch GRF Start Register (URB data / constant-setup data) */
    uint32_t scratch_code;    /* Per-Thread Scratch Space field */
    uint32_t scratch_bytes;   /* bytes per thread */
    uint32_t scratch_off;     /* Scratch Space Base Pointer: bytes from General State Base */
    uint64_t scratch_base;    /* GVA (general state base + Scratch Space Base Pointer) */
    uint64_t binding_table;   /* GVA (surface state base + binding table pointer) */
    uint32_t bt_pointer;      /* the pointer as programmed (R0.4) */
    uint64_t sampler_state;   /* GVA (dynamic state base + sampler state pointer) */
    uint32_t sampler_pointer; /* as programmed (R0.3) */
    /* push constants (3DSTATE_CONSTANT_*): up to 4 buffers */
    uint64_t const_addr[4];
    uint32_t const_regs[4];   /* read lengths, GRF registers */
    uint32_t const_total;
} p3_stage;

/* The stages in the bit order of 3DSTATE_CONSTANT_ALL Shader Mask. */
enum { P3_STAGE_VS, P3_STAGE_HS, P3_STAGE_DS, P3_STAGE_GS, P3_STAGE_PS, P3_STAGES };

/* A stage's push constant buffers as the last 3DSTATE_CONSTANT_xS or
 * 3DSTATE_CONSTANT_ALL that updated them left them. */
typedef struct p3_consts {
    uint64_t addr[4];         /* GVAs */
    uint32_t regs[4];         /* read lengths, GRF registers */
} p3_consts;

/* Pipeline statistics one draw adds to the registers (pipe3d.h
 * GT3D_REG_*) at its end, each under its stage's Statistics Enable. */
typedef struct p3_stats {
    uint64_t ia_vertices, ia_primitives;   /* vertices fetched, objects assembled */
    uint64_t vs_invocations;               /* vertices shaded */
    uint64_t hs_invocations, ds_invocations;
    uint64_t gs_invocations, gs_primitives;
    uint64_t cl_invocations, cl_primitives; /* objects into / out of the clipper */
    uint64_t ps_invocations;               /* lit pixels dispatched to the PS */
    uint64_t ps_depth_count;               /* samples that passed depth/stencil (PS_DEPTH_COUNT) */
} p3_stats;

/* The URB allocation of a stage (3DSTATE_URB_*). */
typedef struct p3_urb {
    uint32_t first;           /* first handle (64-byte units) */
    uint32_t entries;
    uint32_t entry_units;     /* 64-byte units per entry */
} p3_urb;

/* One draw. */
typedef struct p3_draw {
    gtsim_device *dev;
    struct gt3d_state *st;
    gt_vm *vm;
    const char *where;
    gt_pipe_state *ps;        /* STATE_BASE_ADDRESS ... */
    p3_vf vf;
    p3_draw_params dp;
    p3_stage vs, ps_stage;
    p3_urb urb_vs;
    uint32_t vs_read_len, vs_read_off; /* Vertex URB Entry Read Length/Offset (256-bit units) */
    uint8_t *urb;
    uint32_t urb_size;
    gt_dispatch disp;         /* per stage, refilled before its threads run */
    gt_bti_cache btc;
    uint64_t vs_threads, ps_threads;
    p3_stats stats;           /* added to the statistics registers at the end (p3_stats_commit) */
    struct p3_psctx *psx;     /* ps.c */
    /* the geometry shader and stream output (gs.c, so.c): gsx is NULL
     * without a GS; asm_mode is the p3_assemble_mode the GS asks for;
     * instance and prim_index locate the object p3_geometry gets (its
     * instance and its index among the instance's assembled objects, the
     * GS's PrimitiveID) */
    struct p3_gsctx *gsx;
    struct p3_soctx *sox;
    unsigned asm_mode;
    uint32_t instance, prim_index;
    struct p3_tess *tess;     /* tess.c: HS, TE, DS; NULL when off */
} p3_draw;

/* Unpack recorded command id (dw NULL) or the DWords dw[0..ndw) laid out
 * as id, into v[0..nv) (zeroed first). */
void p3_unpack(const p3_draw *d, unsigned id, const uint32_t *dw, unsigned ndw, uint64_t *v, unsigned nv);
/* Read structure id (its layout's length) from GVA gva and unpack it. */
int p3_read_struct(p3_draw *d, unsigned id, uint64_t gva, uint64_t *v, unsigned nv, const char *what);
const uint32_t *p3_raw(const p3_draw *d, unsigned id, unsigned *n);
const p3_vb *p3_vbs(const p3_draw *d);
/* The recorded DWords of SO buffer i's last 3DSTATE_SO_BUFFER (or
 * 3DSTATE_SO_BUFFER_INDEX_i on Gen12), NULL if never programmed; *id the
 * command's layout (pipe3d.c). */
const uint32_t *p3_so_buffer_raw(const p3_draw *d, unsigned i, unsigned *n, unsigned *id);
void p3_instancing(const p3_draw *d, unsigned e, bool *enable, uint32_t *step);
/* The push constant buffers of stage P3_STAGE_*. */
const p3_consts *p3_stage_consts(const p3_draw *d, unsigned stage);

/* 3DSTATE_WM_HZ_OP (hzop.c): depth / stencil clears of its rectangle with
 * the recorded depth and stencil buffers; resolves are no-ops. */
int p3_hz_op(gtsim_device *dev, struct gt3d_state *s, const gt_cmd_desc *d, const uint32_t *dw, unsigned n,
             gt_vm *vm, const char *where);

/* The stages after the VS for one assembled object (draw.c): vue[0..per)
 * its VUEs (URB entry addresses), per and flags as p3_assemble gives them.
 * Tessellation (HS, TE, DS), the geometry shader and stream output slot in
 * here, ahead of clipping and rasterization (p3_ps_primitive). */
int p3_geometry(p3_draw *d, unsigned per, const uint8_t *const vue[], uint8_t flags);
/* The stages after the last vertex-producing one (VS or DS): the geometry
 * shader when enabled, else stream output, then clipping and rasterization. */
int p3_geometry_post(p3_draw *d, unsigned per, const uint8_t *const vue[], uint8_t flags);

/* 3DPRIMITIVE (draw.c). */
int p3_draw_primitive(gtsim_device *dev, struct gt3d_state *s, const gt_cmd_desc *d, const uint32_t *dw,
                      unsigned n, gt_vm *vm, const char *where);

/* Stage helpers (draw.c): push-constant buffers of 3DSTATE_CONSTANT_*
 * command id; the GVAs of a stage's kernels, scratch, binding table and
 * sampler state from their fields; a stage's gt_dispatch (d->disp); R0
 * of its threads; its push constants into the GRF from register reg. */
void p3_decode_constants(p3_draw *d, unsigned id, p3_stage *s);
void p3_stage_bases(p3_draw *d, p3_stage *s, uint64_t ksp_off[3], uint32_t scratch_code, uint64_t scratch_ptr,
                    uint32_t bt, uint32_t samp, uint32_t fp_mode);
void p3_stage_dispatch(p3_draw *d, const p3_stage *s);
void p3_thread_r0(const p3_stage *s, gt_thread *t, uint32_t fftid);
int p3_push_constants(p3_draw *d, const p3_stage *s, gt_thread *t, uint32_t reg);

/* Add a line of context (printf-style) to the report in dev->err;
 * returns st. */
int p3_context(p3_draw *d, int st, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Run one 3D-stage thread to its EOT; GTSIM_OK or an error with the
 * report in dev->err (the caller adds the stage and draw). */
int p3_run_thread(p3_draw *d, gt_thread *t);

#endif
