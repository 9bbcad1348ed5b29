/*
 * The pixel backend of the 3D pipeline: the depth, stencil and depth bounds
 * tests and writes, alpha test, alpha to coverage / one, blending, logic
 * ops and the colour write masks, run either before the pixel shader
 * (early depth/stencil, gt3d_backend_early) or by the render-target write
 * message the PS thread sends (src/sf/rt.c, SFID 5 GT_SFID_DP_RC).
 *
 * The pipeline (src/pipe3d/pipe3d.c) decodes the state commands into a
 * gt3d_backend_state -- plain values named after the command fields they
 * come from -- and calls gt3d_backend_prepare once per draw, which checks it
 * and precomputes what the per-pixel code needs (gt3d_backend).  Every PS
 * thread it dispatches carries a gt3d_ps_thread (gt_thread.ps3d) naming
 * the draw and the thread's pixels.
 *
 * Sources.  Seed 004 gives the commands' headers (3DSTATE_WM_DEPTH_STENCIL
 * and its Modify Disable bits, 3DSTATE_DEPTH_BUFFER, 3DSTATE_STENCIL_BUFFER,
 * 3DSTATE_PS_BLEND, 3DSTATE_PS_EXTRA, 3DSTATE_MULTISAMPLE,
 * 3DSTATE_SAMPLE_MASK, 3DSTATE_DEPTH_BOUNDS) and the render-target message
 * descriptors MSD_RTW_SIMD8 / MSD_RTW_SIMD16 / MSD_RTR_SIMD8 / _SIMD16; the
 * bodies and structures (BLEND_STATE, BLEND_STATE_ENTRY, COLOR_CALC_STATE,
 * CC_VIEWPORT) and the enumerations are public facts: Mesa genxml
 * gen9.xml / gen12.xml and brw_defines.h (BRW_COMPAREFUNCTION_*,
 * BRW_STENCILOP_*, BRW_BLENDFACTOR_*, BRW_BLENDFUNCTION_*,
 * BRW_LOGICOPFUNCTION_*, BRW_RENDERTARGET_CLAMPRANGE_*, BRW_DEPTHFORMAT_*),
 * and the OpenGL 4.6 specification chapter 17 (per-fragment operations:
 * the order alpha-to-coverage, sample mask, alpha test, stencil, depth;
 * the blend equations; the stencil operations; logic ops).
 */
#ifndef GT_PIPE3D_BACKEND_H
#define GT_PIPE3D_BACKEND_H

#include <stdbool.h>
#include <stdint.h>

#include "gt.h"

#define GT3D_MAX_RT 8       /* BLEND_STATE_ENTRY count, render target index 0..7 */
#define GT3D_MAX_SAMPLES 16 /* 3DSTATE_MULTISAMPLE Number of Multisamples up to 16x */
#define GT3D_MAX_VIEWPORTS 16

/* COMPAREFUNCTION (depth, stencil, alpha test). */
enum gt3d_compare {
    GT3D_CMP_ALWAYS = 0, GT3D_CMP_NEVER = 1, GT3D_CMP_LESS = 2, GT3D_CMP_EQUAL = 3, GT3D_CMP_LEQUAL = 4,
    GT3D_CMP_GREATER = 5, GT3D_CMP_NOTEQUAL = 6, GT3D_CMP_GEQUAL = 7,
};
/* STENCILOP.  INCR / DECR wrap; INCRSAT / DECRSAT saturate at 0 and 255. */
enum gt3d_stencil_op {
    GT3D_SOP_KEEP = 0, GT3D_SOP_ZERO = 1, GT3D_SOP_REPLACE = 2, GT3D_SOP_INCRSAT = 3, GT3D_SOP_DECRSAT = 4,
    GT3D_SOP_INCR = 5, GT3D_SOP_DECR = 6, GT3D_SOP_INVERT = 7,
};
/* BLENDFACTOR. */
enum gt3d_blend_factor {
    GT3D_BF_ONE = 0x1, GT3D_BF_SRC_COLOR = 0x2, GT3D_BF_SRC_ALPHA = 0x3, GT3D_BF_DST_ALPHA = 0x4,
    GT3D_BF_DST_COLOR = 0x5, GT3D_BF_SRC_ALPHA_SATURATE = 0x6, GT3D_BF_CONST_COLOR = 0x7,
    GT3D_BF_CONST_ALPHA = 0x8, GT3D_BF_SRC1_COLOR = 0x9, GT3D_BF_SRC1_ALPHA = 0xA, GT3D_BF_ZERO = 0x11,
    GT3D_BF_INV_SRC_COLOR = 0x12, GT3D_BF_INV_SRC_ALPHA = 0x13, GT3D_BF_INV_DST_ALPHA = 0x14,
    GT3D_BF_INV_DST_COLOR = 0x15, GT3D_BF_INV_CONST_COLOR = 0x17, GT3D_BF_INV_CONST_ALPHA = 0x18,
    GT3D_BF_INV_SRC1_COLOR = 0x19, GT3D_BF_INV_SRC1_ALPHA = 0x1A,
};
/* BLENDFUNCTION.  MIN and MAX ignore the factors (GL 4.6 table 17.1). */
enum gt3d_blend_func {
    GT3D_BLEND_ADD = 0, GT3D_BLEND_SUBTRACT = 1, GT3D_BLEND_REVERSE_SUBTRACT = 2, GT3D_BLEND_MIN = 3,
    GT3D_BLEND_MAX = 4,
};
/* LOGICOPFUNCTION: the 4-bit truth table of (src, dst) with the GL
 * numbering (CLEAR 0, NOR 1, AND_INVERTED 2, COPY_INVERTED 3, AND_REVERSE
 * 4, INVERT 5, XOR 6, NAND 7, AND 8, EQUIV 9, NOOP 10, OR_INVERTED 11, COPY
 * 12, OR_REVERSE 13, OR 14, SET 15). */
/* Color Clamp Range (BLEND_STATE_ENTRY). */
enum gt3d_clamp_range { GT3D_CLAMP_UNORM = 0, GT3D_CLAMP_SNORM = 1, GT3D_CLAMP_RTFORMAT = 2 };
/* 3DSTATE_DEPTH_BUFFER Surface Format (DEPTHFORMAT). */
enum gt3d_depth_format {
    GT3D_D32_FLOAT_S8X24_UINT = 0, GT3D_D32_FLOAT = 1, GT3D_D24_UNORM_S8_UINT = 2, GT3D_D24_UNORM_X8_UINT = 3,
    GT3D_D16_UNORM = 5,
};
/* 3DSTATE_WM Early Depth/Stencil Control. */
enum gt3d_edsc { GT3D_EDSC_NORMAL = 0, GT3D_EDSC_PSEXEC = 1, GT3D_EDSC_PREPS = 2 };
/* 3DSTATE_PS_EXTRA Pixel Shader Computed Depth Mode. */
enum gt3d_pscdepth { GT3D_PSCDEPTH_OFF = 0, GT3D_PSCDEPTH_ON = 1, GT3D_PSCDEPTH_ON_GE = 2, GT3D_PSCDEPTH_ON_LE = 3 };
/* SURFACE_TYPE values used by the depth and stencil buffers. */
#define GT3D_SURFTYPE_NULL 7

/* A depth or stencil buffer as 3DSTATE_DEPTH_BUFFER / 3DSTATE_STENCIL_BUFFER
 * describe it.  Sizes in pixels (the fields + 1), pitch in bytes, qpitch in
 * rows between array slices (Surface QPitch converted to rows by the
 * caller), base a GVA.  halign / valign: the mip alignment in pixels, not in
 * the commands but fixed by the generation's layout rules (public fact,
 * Mesa isl_gfx8/isl_gfx12 choose_image_alignment: depth 8x4, stencil 8x8
 * on Gen9; the caller supplies them).  Depth buffers are Tile Y and the
 * stencil buffer is Tile W (seed 004 3DSTATE_STENCIL_BUFFER: S8_UINT).
 * Multisampled buffers (samples > 1, one level) use the interleaved
 * MSFMT_DEPTH_STENCIL layout (Mesa isl_gfx8_choose_msaa_layout: depth and
 * stencil are always interleaved). */
typedef struct gt3d_ds_surface {
    uint32_t surface_type;      /* Surface Type; GT3D_SURFTYPE_NULL = no buffer */
    bool write_enable;          /* 3DSTATE_DEPTH_BUFFER Depth Write Enable / Stencil Write Enable
                                 * (Gen9 DW1 28/27); 3DSTATE_STENCIL_BUFFER: Stencil Buffer Enable */
    uint32_t format;            /* depth: Surface Format (enum gt3d_depth_format); stencil: ignored */
    uint64_t base;              /* Surface Base Address (GVA) */
    uint32_t pitch;             /* Surface Pitch + 1, bytes */
    uint32_t width, height;     /* Width + 1, Height + 1, pixels of level 0 */
    uint32_t depth;             /* Depth + 1: array layers (cube: 6 per cube) */
    uint32_t lod;               /* LOD: the level written */
    uint32_t min_array_element; /* Minimum Array Element */
    uint32_t view_extent;       /* Render Target View Extent (layers - 1 of the view) */
    uint32_t qpitch;            /* rows between array slices */
    uint32_t halign, valign;    /* mip alignment, pixels (0 = 4) */
} gt3d_ds_surface;

/* One face's stencil state (3DSTATE_WM_DEPTH_STENCIL: Stencil Test
 * Function, Stencil Fail Op, Stencil Pass Depth Fail Op, Stencil Pass Depth
 * Pass Op, Stencil Test Mask, Stencil Write Mask, and the Backface*
 * fields; reference value: COLOR_CALC_STATE Stencil Reference Value /
 * BackFace Stencil Reference Value on Gen9, 3DSTATE_WM_DEPTH_STENCIL on
 * Gen12 (its Stencil Reference Value Modify Disable bit, seed 004)). */
typedef struct gt3d_stencil_face {
    uint8_t func, fail_op, zfail_op, zpass_op;  /* enum gt3d_compare / gt3d_stencil_op */
    uint8_t test_mask, write_mask, ref;
} gt3d_stencil_face;

/* BLEND_STATE_ENTRY (one per render target). */
typedef struct gt3d_blend_entry {
    bool color_blend_enable;             /* Color Buffer Blend Enable */
    uint8_t src_color, dst_color;        /* Source / Destination Blend Factor (enum gt3d_blend_factor) */
    uint8_t color_func;                  /* Color Blend Function */
    uint8_t src_alpha, dst_alpha;        /* Source / Destination Alpha Blend Factor */
    uint8_t alpha_func;                  /* Alpha Blend Function */
    bool logic_op_enable;                /* Logic Op Enable */
    uint8_t logic_op;                    /* Logic Op Function */
    bool pre_blend_clamp;                /* Pre-Blend Color Clamp Enable */
    bool pre_blend_src_only_clamp;       /* Pre-Blend Source Only Clamp Enable */
    bool post_blend_clamp;               /* Post-Blend Color Clamp Enable */
    uint8_t clamp_range;                 /* Color Clamp Range (enum gt3d_clamp_range) */
    uint8_t write_disable;               /* Write Disable Red/Green/Blue/Alpha: bits 0..3 */
} gt3d_blend_entry;

/* Every value the backend reads, decoded by the pipeline. */
typedef struct gt3d_backend_state {
    /* 3DSTATE_DEPTH_BUFFER, 3DSTATE_STENCIL_BUFFER */
    gt3d_ds_surface depth, stencil;
    bool hiz_enable;          /* Hierarchical Depth Buffer Enable: HiZ is an acceleration the
                               * model does not keep; depth values always live in the depth
                               * buffer (3DSTATE_HIER_DEPTH_BUFFER is not read) */
    /* 3DSTATE_WM_DEPTH_STENCIL (after its Modify Disable bits) */
    bool depth_test_enable;   /* Depth Test Enable */
    bool depth_write_enable;  /* Depth Buffer Write Enable */
    uint8_t depth_func;       /* Depth Test Function */
    bool stencil_test_enable; /* Stencil Test Enable */
    bool stencil_write_enable; /* Stencil Buffer Write Enable */
    bool double_sided_stencil; /* Double Sided Stencil Enable */
    gt3d_stencil_face front, back;
    /* 3DSTATE_DEPTH_BOUNDS (Gen12): Depth Bounds Test Enable, Min/Max Value */
    bool depth_bounds_enable;
    float depth_bounds_min, depth_bounds_max;
    /* CC_VIEWPORT[i] Minimum Depth / Maximum Depth: the source depth is
     * clamped to the range of the pixel's viewport (public fact: Mesa iris
     * programs 0 / 1 there unless depth clamp is enabled, so the clamp is
     * always applied) */
    float vp_min_depth[GT3D_MAX_VIEWPORTS], vp_max_depth[GT3D_MAX_VIEWPORTS];
    /* BLEND_STATE header: Alpha To Coverage Enable, Alpha To One Enable,
     * Alpha Test Enable, Alpha Test Function, Independent Alpha Blend
     * Enable (0: the alpha channel uses the colour factors and function);
     * Alpha To Coverage Dither Enable and Color Dither Enable are ignored
     * (dithering is an implementation choice no API result depends on). */
    bool alpha_to_coverage, alpha_to_one, alpha_test_enable, independent_alpha_blend;
    uint8_t alpha_test_func;
    gt3d_blend_entry rt[GT3D_MAX_RT];
    /* COLOR_CALC_STATE: Blend Constant Color Red/Green/Blue/Alpha, Alpha
     * Test Format (0 UNORM8, 1 FLOAT32), Alpha Reference Value (UNORM8: the
     * value / 255) */
    float blend_constant[4];
    bool alpha_test_float;
    float alpha_ref;
    /* 3DSTATE_PS_EXTRA */
    uint8_t computed_depth_mode;  /* Pixel Shader Computed Depth Mode (enum gt3d_pscdepth) */
    bool kills_pixel;             /* Pixel Shader Kills Pixel (or 3DSTATE_WM Force Kill Pixel) */
    bool omask_present;           /* oMask Present to RenderTarget */
    bool computes_stencil;        /* Pixel Shader Computes Stencil */
    bool per_sample;              /* Pixel Shader Is Per Sample */
    bool has_uav;                 /* Pixel Shader Has UAV: side effects keep the PS running */
    /* 3DSTATE_PS Render Target Fast Clear Enable (the render target
     * writes set the MCS of the pixels they scale up to "cleared", see
     * src/sf/rt.c) and Render Target Resolve Type (not modelled) */
    bool rt_fast_clear;
    uint8_t rt_resolve_type;
    /* 3DSTATE_WM Early Depth/Stencil Control (enum gt3d_edsc) */
    uint8_t early_ds_control;
    /* 3DSTATE_MULTISAMPLE Number of Multisamples (as a count 1..16),
     * 3DSTATE_SAMPLE_MASK Sample Mask */
    uint32_t samples;
    uint32_t sample_mask;
} gt3d_backend_state;

/* A draw's backend, decoded once (gt3d_backend_prepare). */
typedef struct gt3d_backend {
    gt3d_backend_state st;
    bool early;             /* depth/stencil run before the PS (gt3d_backend_early) */
    bool depth_on;          /* a depth buffer is present and tested or written */
    bool stencil_on;        /* a stencil buffer is present and the stencil test enabled */
    uint32_t depth_bpp;     /* bytes per depth element (2 or 4) */
    uint32_t depth_layers, stencil_layers;
    /* samples that passed the depth and stencil tests (PS_DEPTH_COUNT, for
     * occlusion queries); updated atomically by concurrent threads */
    uint64_t ps_depth_count;
} gt3d_backend;

/* The mutable per-thread part: the result of the late tests of each lane,
 * kept for the thread's further render target writes (multiple render
 * targets see the coverage the first write decided). */
typedef struct gt3d_ps_late {
    uint32_t done;                 /* lanes whose coverage is final */
    uint16_t cov[32];              /* their final coverage (bit per sample) */
} gt3d_ps_late;

/* What the pipeline tells the render target messages about the PS thread it
 * dispatched (gt_thread.ps3d).  Lanes are the thread's channels 0..simd-1:
 * lane 4k..4k+3 is subspan k, pixels (x, y), (x+1, y), (x, y+1), (x+1, y+1)
 * (the PS payload R1.2.. subspan origins; public fact, Mesa
 * brw_fs emit_interpolation_setup: pixel X/Y from g1.4<2,4,0>UW + 0,1,0,1
 * / g1.5 + 0,0,1,1).  cov is the coverage after the early tests (bit s =
 * sample s; 1 for single-sampled rendering); a per-sample dispatch has one
 * sample per lane (sample[i]).  z: the interpolated source depth of each
 * lane's samples (z[i][0] alone for single sampling), used by the late
 * depth test when the PS does not compute depth. */
typedef struct gt3d_ps_thread {
    gt3d_backend *be;
    unsigned simd;                 /* 8, 16 or 32 */
    uint16_t x[32], y[32];         /* pixel position of each lane */
    uint8_t sample[32];            /* per-sample dispatch: the lane's sample index */
    uint16_t cov[32];              /* coverage after the early tests */
    float z[32][GT3D_MAX_SAMPLES]; /* interpolated depth, per lane and sample */
    uint32_t rtai;                 /* Render Target Array Index of the primitive */
    uint32_t viewport;             /* viewport index (CC_VIEWPORT depth range) */
    bool front;                    /* front facing (double-sided stencil) */
    gt3d_ps_late *late;            /* the thread's late-test record (zeroed at dispatch) */
} gt3d_ps_thread;

/* Check a draw's backend state and precompute be (be->ps_depth_count
 * starts at 0).  An unsupported depth format or a bad state value is
 * reported in dev->err (GTSIM_ERR_UNIMPL / GTSIM_ERR_ILLEGAL). */
int gt3d_backend_prepare(gtsim_device *dev, gt3d_backend *be, const gt3d_backend_state *st);

/* One 2x2 quad before pixel shader dispatch. */
typedef struct gt3d_quad {
    uint32_t x, y;                 /* upper-left pixel (pixels (x+i%2, y+i/2), i = 0..3) */
    uint32_t rtai, viewport;
    bool front;
    uint16_t cov[4];               /* rasterized coverage (bit per sample) */
    float z[4][GT3D_MAX_SAMPLES];  /* interpolated depth per pixel and sample */
} gt3d_quad;

/* Early depth/stencil test of quad q when be->early: tests, updates the
 * depth and stencil buffers (GVA space vm), counts passing samples, and
 * writes the surviving coverage to cov[4] (the PS is dispatched for pixels
 * with cov != 0).  When !be->early nothing is tested or written.  Page faults
 * are reported (GTSIM_ERR_FAULT).  cov[] is always masked by the Sample
 * Mask (3DSTATE_SAMPLE_MASK). */
int gt3d_backend_early(gtsim_device *dev, gt3d_backend *be, gt_vm *vm, const gt3d_quad *q, uint16_t cov[4]);

/* The depth / stencil / depth-bounds tests and writes of one pixel (x, y)
 * of layer rtai (before the Minimum Array Element offset) for the samples
 * in *cov: z[s] the source depth of sample s (already clamped to the
 * viewport range), sref the stencil reference (the face's, or the PS's
 * computed stencil).  *cov keeps the samples that pass; passing samples are
 * counted in be->ps_depth_count.  What the early and late paths share. */
int gt3d_backend_ds_pixel(gtsim_device *dev, gt3d_backend *be, gt_vm *vm, uint32_t x, uint32_t y, uint32_t rtai,
                          const float *z, bool front, int sref, uint16_t *cov);

/* ---- per-pixel operations (exposed for the render target write and the tests) ---- */

/* a func b: the comparison of a depth, stencil or alpha test. */
static inline bool gt3d_compare_f(unsigned func, float a, float b)
{
    switch (func & 7) {
    case GT3D_CMP_ALWAYS: return true;
    case GT3D_CMP_NEVER: return false;
    case GT3D_CMP_LESS: return a < b;
    case GT3D_CMP_EQUAL: return a == b;
    case GT3D_CMP_LEQUAL: return a <= b;
    case GT3D_CMP_GREATER: return a > b;
    case GT3D_CMP_NOTEQUAL: return a != b;
    default: return a >= b;
    }
}
static inline bool gt3d_compare_u(unsigned func, uint32_t a, uint32_t b)
{
    switch (func & 7) {
    case GT3D_CMP_ALWAYS: return true;
    case GT3D_CMP_NEVER: return false;
    case GT3D_CMP_LESS: return a < b;
    case GT3D_CMP_EQUAL: return a == b;
    case GT3D_CMP_LEQUAL: return a <= b;
    case GT3D_CMP_GREATER: return a > b;
    case GT3D_CMP_NOTEQUAL: return a != b;
    default: return a >= b;
    }
}
/* The new stencil value of op on the 8-bit value s with reference ref. */
uint8_t gt3d_stencil_op(unsigned op, uint8_t s, uint8_t ref);

/* Blend one RT's colour: src, src1 (dual source; may equal src), dst
 * (unpacked destination) and the draw's constant colour, with entry e (and
 * independent alpha blend ind: 0 = alpha uses the colour factors and
 * function); the clamps of e at the range lo..hi.  out = the blended RGBA
 * (before the post-blend clamp's output conversion by the format). */
void gt3d_blend(const gt3d_blend_entry *e, bool ind, const float src[4], const float src1[4], const float dst[4],
                const float konst[4], float lo, float hi, float out[4]);
/* Logic op on 32-bit words (the truth table of the LOGICOPFUNCTION). */
static inline uint32_t gt3d_logic_op(unsigned op, uint32_t s, uint32_t d)
{
    /* bit 3: s&d, bit 2: s&~d, bit 1: ~s&d, bit 0: ~s&~d (GL numbering) */
    return ((op & 8) ? (s & d) : 0) | ((op & 4) ? (s & ~d) : 0) | ((op & 2) ? (~s & d) : 0) |
           ((op & 1) ? (~s & ~d) : 0);
}
/* Alpha to coverage: the samples of an n-sample pixel that alpha a covers
 * (round(a * n) samples, the lowest ones; no dither). */
static inline uint32_t gt3d_alpha_to_coverage(float a, unsigned n)
{
    if (!(a > 0.0f))
        return 0;
    if (a >= 1.0f)
        return n >= 32 ? 0xffffffffu : (1u << n) - 1;
    unsigned k = (unsigned)(a * (float)n + 0.5f);
    return k >= 32 ? 0xffffffffu : (1u << k) - 1;
}

/* Interleaved (MSFMT_DEPTH_STENCIL) position of sample s of pixel (*x, *y)
 * in an n-sample surface (public fact: Mesa blorp_blit.c encode_msaa; the
 * mapping src/sf/image.c reads). */
static inline void gt3d_ims_pos(uint32_t n, uint32_t s, uint32_t *x, uint32_t *y)
{
    uint32_t X = *x, Y = *y;
    if (n >= 2)
        X = n >= 8 ? (X & ~1u) << 2 | (s & 4) | (s & 1) << 1 | (X & 1) : (X & ~1u) << 1 | (s & 1) << 1 | (X & 1);
    if (n == 4 || n == 8)
        Y = (Y & ~1u) << 1 | (s & 2) | (Y & 1);
    else if (n == 16)
        Y = (Y & ~1u) << 2 | (s & 8) >> 1 | (s & 2) | (Y & 1);
    *x = X;
    *y = Y;
}

#endif
