/*
 * Rasterization and pixel shader dispatch of a draw (see ps.h).
 *
 * PS thread payload (public facts: Mesa brw_fs.cpp setup_fs_payload_gfx6
 * and brw_compiler.h, the SKL PRM "Windower (WM) Stage" payload tables;
 * /tmp notes of this work are not kept):
 *   R0        header: DWord 0 bit 15 set for a back-facing primitive, bits
 *             4:0 the primitive topology type (3DPRIM_*: brw's gl_FrontFacing
 *             ternaries negate R0.0:W and rely on these bits being non-zero
 *             for triangles, brw_fs_nir.cpp); R0.3
 *             sampler state pointer, R0.4 binding table pointer, R0.5
 *             scratch offset and FFTID (as every 3D stage: draw.c)
 *   R1        DWords 2..5: subspan 0..3 origin, X in bits 15:0, Y in 31:16;
 *             DWord 7 bits 15:0: the pixel mask (lanes with lit pixels)
 *   R2        SIMD32: the same for subspans 4..7 (lanes 16..31)
 *   then, per enabled barycentric mode in the order of 3DSTATE_WM
 *             Barycentric Interpolation Mode bits (perspective pixel,
 *             centroid, sample, non-perspective pixel, centroid, sample)
 *             and per 16 lanes: b1 of lanes 0-7, b2 of lanes 0-7, b1 of
 *             lanes 8-15, b2 of lanes 8-15 (2 registers for SIMD8);
 *             source depth (a register per 8 lanes) when 3DSTATE_PS_EXTRA
 *             Pixel Shader Uses Source Depth; source W likewise;
 *             with 3DSTATE_PS Position XY Offset Select SAMPLE one
 *             register: per lane X (byte 2l) and Y (byte 2l + 1) of its
 *             sample's position, U0.4 pixels; with 3DSTATE_PS_EXTRA Input
 *             Coverage Mask State a register per 8 lanes: the pixel's
 *             rasterized coverage (DEPTH_COVERAGE: after the early tests),
 *             bit per sample;
 *   per-sample dispatch (3DSTATE_PS_EXTRA Pixel Shader Is Per Sample with
 *             several samples): a subspan slot per (quad, covered sample),
 *             R1.0 (R2.0) bits 4k+3:4k the sample of slot k; a lane is lit
 *             when its pixel covers the slot's sample; the _SAMPLE
 *             barycentrics and source depth are the sample's (public
 *             facts: Mesa brw_fs.cpp setup_fs_payload_gfx6,
 *             emit_sampleid_setup, emit_samplepos_setup);
 *   at Dispatch GRF Start Register For Constant/Setup Data n (the kernel n
 *             the SIMD width uses): the push constants (3DSTATE_CONSTANT_PS),
 *             then the attribute setup data: per attribute 2 registers,
 *             per component 4 floats [a1-a0, a2-a0, 0, a0] (what PLN takes
 *             with b1 and b2), components x,y in the first register and z,w
 *             in the second; a flat (Constant Interpolation Enable)
 *             attribute has [0, 0, 0, provoking value].
 * Kernel choice (brw_fs_simd_width_for_ksp's table of 3DSTATE_PS kernel
 * start pointers): SIMD8 is kernel 0 when enabled; SIMD16 is kernel 0 when
 * it is enabled alone, else kernel 2; SIMD32 is kernel 0 alone, else
 * kernel 1.  gtsim dispatches SIMD16 when it is enabled, else SIMD8, else
 * SIMD32 (the hardware's choice per thread is free).
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gt3d_gen.h"
#include "mem.h"
#include "pipe3d/backend.h"
#include "pipe3d/ps.h"
#include "pipe3d/raster.h"

#define ADDR48 ((1ull << 48) - 1)
#define P3_MAX_ATTR 32

/* One SBE output attribute (3DSTATE_SBE / 3DSTATE_SBE_SWIZ). */
typedef struct p3_sbe_attr {
    uint8_t src;          /* source attribute (VUE slot - 2 x read offset) */
    uint8_t swizzle;      /* Attribute Swizzle Select: 0 INPUTATTR, 1 FACING, 2 W, 3 FACING_W */
    uint8_t const_src;    /* Attribute Constant Source: 0 0000, 1 0001_FLOAT, 2 1111_FLOAT, 3 PRIM_ID */
    uint8_t override;     /* Component Override X..W: bits 0..3 */
} p3_sbe_attr;

struct p3_psctx {
    gt_raster_ctx rc;     /* large: its clip storage */
    gt_geom_state gs;
    gt_vue_layout vl;
    gt3d_backend_state bst;
    gt3d_backend be;
    p3_stage stage;
    bool ps_valid;        /* a PS runs (3DSTATE_PS_EXTRA Pixel Shader Valid and a kernel) */
    unsigned simd, ksp;
    uint32_t bary;        /* Barycentric Interpolation Mode bits */
    bool src_depth, src_w;
    /* SBE */
    unsigned nattr, read_off;
    bool swizzle;
    p3_sbe_attr attr[P3_MAX_ATTR];
    uint32_t sprite, flat;
    bool sprite_lower_left;
    /* the thread being gathered: its primitive's setup data and quads */
    const gt_raster_prim *prim;
    float setup[P3_MAX_ATTR][4][4];
    gt_raster_quad q[8];   /* the thread's subspan slots: a quad ... */
    uint16_t cov[8][4];    /* ... its coverage after the early tests ... */
    uint16_t rcov[8][4];   /* ... its rasterized coverage (input coverage mask) ... */
    uint8_t sample[8];     /* ... and, per-sample dispatch, the sample the slot runs */
    unsigned nq;
    bool per_sample;       /* 3DSTATE_PS_EXTRA Pixel Shader Is Per Sample (and several samples) */
    unsigned icms;         /* 3DSTATE_PS_EXTRA Input Coverage Mask State */
    unsigned posoff;       /* 3DSTATE_PS Position XY Offset Select */
    gt_thread *t;
    gt3d_ps_thread pt;
    gt3d_ps_late late;
    uint32_t prim_id;      /* the primitive's PrimitiveID: its object's index in the instance */
    unsigned pid_attr;     /* 3DSTATE_SBE Primitive ID Override Attribute Select */
    uint8_t pid_comps;     /* ... Component X..W (bit per component) */
    unsigned pv_tri, pv_line, pv_fan; /* 3DSTATE_SF provoking vertex selects */
    unsigned early_ds, force_kill;    /* 3DSTATE_WM */
    bool vmask_enable;                /* 3DSTATE_PS Vector Mask Enable */
    float rect[GT_VUE_MAX_SLOTS * 4]; /* RECTLIST: the implied fourth vertex */
};

/* ---- decode ---- */

static float u_fixed(uint64_t v, unsigned frac)
{
    return (float)v / (float)(1u << frac);
}

static int decode_geom(p3_draw *d, struct p3_psctx *x)
{
    gt_geom_state *g = &x->gs;
    uint64_t v[GT3D_MAX_SLOTS];
    memset(g, 0, sizeof(*g));
    p3_unpack(d, GT3D_3DSTATE_CLIP, NULL, 0, v, GT3D_3DSTATE_CLIP__NF);
    g->clip.clip_enable = v[GT3D_3DSTATE_CLIP__CLIP_ENABLE] != 0;
    g->clip.clip_mode = (unsigned)v[GT3D_3DSTATE_CLIP__CLIP_MODE];
    g->clip.api_mode = (unsigned)v[GT3D_3DSTATE_CLIP__API_MODE];
    g->clip.viewport_xy_clip_test_enable = v[GT3D_3DSTATE_CLIP__VIEWPORT_XY_CLIP_TEST_ENABLE] != 0;
    g->clip.guardband_clip_test_enable = v[GT3D_3DSTATE_CLIP__GUARDBAND_CLIP_TEST_ENABLE] != 0;
    g->clip.user_clip_distance_clip_test_enable_bitmask =
        (uint8_t)v[GT3D_3DSTATE_CLIP__USER_CLIP_DISTANCE_CLIP_TEST_ENABLE_BITMASK];
    g->clip.user_clip_distance_cull_test_enable_bitmask =
        (uint8_t)v[GT3D_3DSTATE_CLIP__USER_CLIP_DISTANCE_CULL_TEST_ENABLE_BITMASK];
    g->clip.perspective_divide_disable = v[GT3D_3DSTATE_CLIP__PERSPECTIVE_DIVIDE_DISABLE] != 0;
    g->clip.minimum_point_width = u_fixed(v[GT3D_3DSTATE_CLIP__MINIMUM_POINT_WIDTH], 3);
    g->clip.maximum_point_width = u_fixed(v[GT3D_3DSTATE_CLIP__MAXIMUM_POINT_WIDTH], 3);
    p3_unpack(d, GT3D_3DSTATE_SF, NULL, 0, v, GT3D_3DSTATE_SF__NF);
    g->sf.viewport_transform_enable = v[GT3D_3DSTATE_SF__VIEWPORT_TRANSFORM_ENABLE] != 0;
    g->sf.line_width = u_fixed(v[GT3D_3DSTATE_SF__LINE_WIDTH], 7);
    g->sf.point_width = u_fixed(v[GT3D_3DSTATE_SF__POINT_WIDTH], 3);
    g->sf.point_width_source = (unsigned)v[GT3D_3DSTATE_SF__POINT_WIDTH_SOURCE];
    g->sf.vertex_sub_pixel_precision_select = (unsigned)v[GT3D_3DSTATE_SF__VERTEX_SUB_PIXEL_PRECISION_SELECT];
    g->sf.last_pixel_enable = v[GT3D_3DSTATE_SF__LAST_PIXEL_ENABLE] != 0;
    /* the SF's provoking-vertex selects are the ones setup uses */
    x->pv_tri = (unsigned)v[GT3D_3DSTATE_SF__TRIANGLE_STRIP_LIST_PROVOKING_VERTEX_SELECT];
    x->pv_line = (unsigned)v[GT3D_3DSTATE_SF__LINE_STRIP_LIST_PROVOKING_VERTEX_SELECT];
    x->pv_fan = (unsigned)v[GT3D_3DSTATE_SF__TRIANGLE_FAN_PROVOKING_VERTEX_SELECT];
    p3_unpack(d, GT3D_3DSTATE_RASTER, NULL, 0, v, GT3D_3DSTATE_RASTER__NF);
    g->raster.viewport_z_near_clip_test_enable = v[GT3D_3DSTATE_RASTER__VIEWPORT_Z_NEAR_CLIP_TEST_ENABLE] != 0;
    g->raster.viewport_z_far_clip_test_enable = v[GT3D_3DSTATE_RASTER__VIEWPORT_Z_FAR_CLIP_TEST_ENABLE] != 0;
    g->raster.scissor_rectangle_enable = v[GT3D_3DSTATE_RASTER__SCISSOR_RECTANGLE_ENABLE] != 0;
    g->raster.front_face_fill_mode = (unsigned)v[GT3D_3DSTATE_RASTER__FRONT_FACE_FILL_MODE];
    g->raster.back_face_fill_mode = (unsigned)v[GT3D_3DSTATE_RASTER__BACK_FACE_FILL_MODE];
    g->raster.global_depth_offset_enable_solid = v[GT3D_3DSTATE_RASTER__GLOBAL_DEPTH_OFFSET_ENABLE_SOLID] != 0;
    g->raster.global_depth_offset_enable_wireframe =
        v[GT3D_3DSTATE_RASTER__GLOBAL_DEPTH_OFFSET_ENABLE_WIREFRAME] != 0;
    g->raster.global_depth_offset_enable_point = v[GT3D_3DSTATE_RASTER__GLOBAL_DEPTH_OFFSET_ENABLE_POINT] != 0;
    g->raster.dx_multisample_rasterization_enable =
        v[GT3D_3DSTATE_RASTER__DX_MULTISAMPLE_RASTERIZATION_ENABLE] != 0;
    g->raster.cull_mode = (unsigned)v[GT3D_3DSTATE_RASTER__CULL_MODE];
    g->raster.front_winding = (unsigned)v[GT3D_3DSTATE_RASTER__FRONT_WINDING];
    uint32_t f;
    f = (uint32_t)v[GT3D_3DSTATE_RASTER__GLOBAL_DEPTH_OFFSET_CONSTANT];
    memcpy(&g->raster.global_depth_offset_constant, &f, 4);
    f = (uint32_t)v[GT3D_3DSTATE_RASTER__GLOBAL_DEPTH_OFFSET_SCALE];
    memcpy(&g->raster.global_depth_offset_scale, &f, 4);
    f = (uint32_t)v[GT3D_3DSTATE_RASTER__GLOBAL_DEPTH_OFFSET_CLAMP];
    memcpy(&g->raster.global_depth_offset_clamp, &f, 4);
    /* viewport 0 (SF_CLIP_VIEWPORT; the viewport index of the VUE header is
     * not used yet) */
    p3_unpack(d, GT3D_3DSTATE_VIEWPORT_STATE_POINTERS_SF_CLIP, NULL, 0, v,
              GT3D_3DSTATE_VIEWPORT_STATE_POINTERS_SF_CLIP__NF);
    uint64_t vp = (d->ps->dynamic_state_base + v[GT3D_3DSTATE_VIEWPORT_STATE_POINTERS_SF_CLIP__SF_CLIP_VIEWPORT_POINTER]) &
                  ADDR48;
    int st;
    /* read only when the viewport transform or the clipper uses it (blorp
     * programs none with both off) */
    memset(v, 0, sizeof(v));
    if ((g->sf.viewport_transform_enable || g->clip.clip_enable) &&
        (st = p3_read_struct(d, GT3D_SF_CLIP_VIEWPORT, vp, v, GT3D_SF_CLIP_VIEWPORT__NF, "SF_CLIP_VIEWPORT")))
        return st;
#define FV(slot) (f = (uint32_t)v[slot], memcpy(&fv, &f, 4), fv)
    float fv;
    g->viewport.m00 = FV(GT3D_SF_CLIP_VIEWPORT__VIEWPORT_MATRIX_ELEMENT_M00);
    g->viewport.m11 = FV(GT3D_SF_CLIP_VIEWPORT__VIEWPORT_MATRIX_ELEMENT_M11);
    g->viewport.m22 = FV(GT3D_SF_CLIP_VIEWPORT__VIEWPORT_MATRIX_ELEMENT_M22);
    g->viewport.m30 = FV(GT3D_SF_CLIP_VIEWPORT__VIEWPORT_MATRIX_ELEMENT_M30);
    g->viewport.m31 = FV(GT3D_SF_CLIP_VIEWPORT__VIEWPORT_MATRIX_ELEMENT_M31);
    g->viewport.m32 = FV(GT3D_SF_CLIP_VIEWPORT__VIEWPORT_MATRIX_ELEMENT_M32);
    g->viewport.x_min_clip_guardband = FV(GT3D_SF_CLIP_VIEWPORT__X_MIN_CLIP_GUARDBAND);
    g->viewport.x_max_clip_guardband = FV(GT3D_SF_CLIP_VIEWPORT__X_MAX_CLIP_GUARDBAND);
    g->viewport.y_min_clip_guardband = FV(GT3D_SF_CLIP_VIEWPORT__Y_MIN_CLIP_GUARDBAND);
    g->viewport.y_max_clip_guardband = FV(GT3D_SF_CLIP_VIEWPORT__Y_MAX_CLIP_GUARDBAND);
#undef FV
    if (g->raster.scissor_rectangle_enable) {
        p3_unpack(d, GT3D_3DSTATE_SCISSOR_STATE_POINTERS, NULL, 0, v, GT3D_3DSTATE_SCISSOR_STATE_POINTERS__NF);
        uint64_t sp = (d->ps->dynamic_state_base + v[GT3D_3DSTATE_SCISSOR_STATE_POINTERS__SCISSOR_RECT_POINTER]) &
                      ADDR48;
        if ((st = p3_read_struct(d, GT3D_SCISSOR_RECT, sp, v, GT3D_SCISSOR_RECT__NF, "SCISSOR_RECT")))
            return st;
        g->scissor.x_min = (uint16_t)v[GT3D_SCISSOR_RECT__SCISSOR_RECTANGLE_X_MIN];
        g->scissor.y_min = (uint16_t)v[GT3D_SCISSOR_RECT__SCISSOR_RECTANGLE_Y_MIN];
        g->scissor.x_max = (uint16_t)v[GT3D_SCISSOR_RECT__SCISSOR_RECTANGLE_X_MAX];
        g->scissor.y_max = (uint16_t)v[GT3D_SCISSOR_RECT__SCISSOR_RECTANGLE_Y_MAX];
    }
    p3_unpack(d, GT3D_3DSTATE_DRAWING_RECTANGLE, NULL, 0, v, GT3D_3DSTATE_DRAWING_RECTANGLE__NF);
    g->drawing_rectangle.clipped_x_min = (uint16_t)v[GT3D_3DSTATE_DRAWING_RECTANGLE__CLIPPED_DRAWING_RECTANGLE_X_MIN];
    g->drawing_rectangle.clipped_y_min = (uint16_t)v[GT3D_3DSTATE_DRAWING_RECTANGLE__CLIPPED_DRAWING_RECTANGLE_Y_MIN];
    g->drawing_rectangle.clipped_x_max = (uint16_t)v[GT3D_3DSTATE_DRAWING_RECTANGLE__CLIPPED_DRAWING_RECTANGLE_X_MAX];
    g->drawing_rectangle.clipped_y_max = (uint16_t)v[GT3D_3DSTATE_DRAWING_RECTANGLE__CLIPPED_DRAWING_RECTANGLE_Y_MAX];
    g->drawing_rectangle.origin_x = (int16_t)v[GT3D_3DSTATE_DRAWING_RECTANGLE__DRAWING_RECTANGLE_ORIGIN_X];
    g->drawing_rectangle.origin_y = (int16_t)v[GT3D_3DSTATE_DRAWING_RECTANGLE__DRAWING_RECTANGLE_ORIGIN_Y];
    p3_unpack(d, GT3D_3DSTATE_MULTISAMPLE, NULL, 0, v, GT3D_3DSTATE_MULTISAMPLE__NF);
    g->multisample.number_of_multisamples = (unsigned)v[GT3D_3DSTATE_MULTISAMPLE__NUMBER_OF_MULTISAMPLES];
    g->multisample.pixel_location = (unsigned)v[GT3D_3DSTATE_MULTISAMPLE__PIXEL_LOCATION];
    p3_unpack(d, GT3D_3DSTATE_WM, NULL, 0, v, GT3D_3DSTATE_WM__NF);
    g->wm.line_stipple_enable = v[GT3D_3DSTATE_WM__LINE_STIPPLE_ENABLE] != 0;
    g->wm.polygon_stipple_enable = v[GT3D_3DSTATE_WM__POLYGON_STIPPLE_ENABLE] != 0;
    g->wm.barycentric_interpolation_mode = (unsigned)v[GT3D_3DSTATE_WM__BARYCENTRIC_INTERPOLATION_MODE];
    g->wm.point_rasterization_rule = (unsigned)v[GT3D_3DSTATE_WM__POINT_RASTERIZATION_RULE];
    x->bary = g->wm.barycentric_interpolation_mode;
    x->early_ds = (unsigned)v[GT3D_3DSTATE_WM__EARLY_DEPTH_STENCIL_CONTROL];
    x->force_kill = (unsigned)v[GT3D_3DSTATE_WM__FORCE_KILL_PIXEL_ENABLE];
    return GTSIM_OK;
}

/* Which Kernel Start Pointer / GRF start slot serves SIMD width simd, given
 * the enables (brw_fs_simd_width_for_ksp's table, see the top comment). */
static unsigned ksp_for(unsigned simd, bool e8, bool e16, bool e32)
{
    if (simd == 8)
        return 0;
    if (simd == 16)
        return e8 || e32 ? 2 : 0;
    return e8 || e16 ? 1 : 0;
}

static int decode_ps(p3_draw *d, struct p3_psctx *x)
{
    uint64_t v[GT3D_MAX_SLOTS], b[GT3D_MAX_SLOTS];
    p3_unpack(d, GT3D_3DSTATE_PS, NULL, 0, v, GT3D_3DSTATE_PS__NF);
    p3_stage *s = &x->stage;
    memset(s, 0, sizeof(*s));
    bool e8 = v[GT3D_3DSTATE_PS__8_PIXEL_DISPATCH_ENABLE] != 0;
    bool e16 = v[GT3D_3DSTATE_PS__16_PIXEL_DISPATCH_ENABLE] != 0;
    bool e32 = v[GT3D_3DSTATE_PS__32_PIXEL_DISPATCH_ENABLE] != 0;
    x->simd = e16 ? 16 : e8 ? 8 : e32 ? 32 : 0;
    x->vmask_enable = v[GT3D_3DSTATE_PS__VECTOR_MASK_ENABLE] != 0;
    x->ksp = x->simd ? ksp_for(x->simd, e8, e16, e32) : 0;
    uint64_t ksp[3] = {v[GT3D_3DSTATE_PS__KERNEL_START_POINTER_0], v[GT3D_3DSTATE_PS__KERNEL_START_POINTER_1],
                       v[GT3D_3DSTATE_PS__KERNEL_START_POINTER_2]};
    p3_unpack(d, GT3D_3DSTATE_BINDING_TABLE_POINTERS_PS, NULL, 0, b, 8);
    uint32_t bt = (uint32_t)b[GT3D_3DSTATE_BINDING_TABLE_POINTERS_PS__POINTER_TO_PS_BINDING_TABLE];
    p3_unpack(d, GT3D_3DSTATE_SAMPLER_STATE_POINTERS_PS, NULL, 0, b, 8);
    uint32_t samp = (uint32_t)b[GT3D_3DSTATE_SAMPLER_STATE_POINTERS_PS__POINTER_TO_PS_SAMPLER_STATE];
    p3_stage_bases(d, s, ksp, (uint32_t)v[GT3D_3DSTATE_PS__PER_THREAD_SCRATCH_SPACE],
                   v[GT3D_3DSTATE_PS__SCRATCH_SPACE_BASE_POINTER], bt, samp,
                   (uint32_t)v[GT3D_3DSTATE_PS__FLOATING_POINT_MODE]);
    s->cr0 |= (uint32_t)v[GT3D_3DSTATE_PS__SINGLE_PROGRAM_FLOW] << 2 | (uint32_t)v[GT3D_3DSTATE_PS__ROUNDING_MODE] << 4;
    x->bst.rt_fast_clear = v[GT3D_3DSTATE_PS__RENDER_TARGET_FAST_CLEAR_ENABLE] != 0;
    x->bst.rt_resolve_type = (uint8_t)v[GT3D_3DSTATE_PS__RENDER_TARGET_RESOLVE_TYPE];
    x->posoff = (unsigned)v[GT3D_3DSTATE_PS__POSITION_XY_OFFSET_SELECT];
    s->grf_start[0] = (uint32_t)v[GT3D_3DSTATE_PS__DISPATCH_GRF_START_REGISTER_FOR_CONSTANT_SETUP_DATA_0];
    s->grf_start[1] = (uint32_t)v[GT3D_3DSTATE_PS__DISPATCH_GRF_START_REGISTER_FOR_CONSTANT_SETUP_DATA_1];
    s->grf_start[2] = (uint32_t)v[GT3D_3DSTATE_PS__DISPATCH_GRF_START_REGISTER_FOR_CONSTANT_SETUP_DATA_2];
    if (v[GT3D_3DSTATE_PS__PUSH_CONSTANT_ENABLE])
        p3_decode_constants(d, GT3D_3DSTATE_CONSTANT_PS, s);
    p3_unpack(d, GT3D_3DSTATE_PS_EXTRA, NULL, 0, v, GT3D_3DSTATE_PS_EXTRA__NF);
    x->ps_valid = v[GT3D_3DSTATE_PS_EXTRA__PIXEL_SHADER_VALID] != 0 && x->simd != 0;
    x->src_depth = v[GT3D_3DSTATE_PS_EXTRA__PIXEL_SHADER_USES_SOURCE_DEPTH] != 0;
    x->src_w = v[GT3D_3DSTATE_PS_EXTRA__PIXEL_SHADER_USES_SOURCE_W] != 0;
    gt3d_backend_state *bs = &x->bst;
    bs->computed_depth_mode = (uint8_t)v[GT3D_3DSTATE_PS_EXTRA__PIXEL_SHADER_COMPUTED_DEPTH_MODE];
    bs->kills_pixel = v[GT3D_3DSTATE_PS_EXTRA__PIXEL_SHADER_KILLS_PIXEL] != 0 || x->force_kill == 3;
    bs->omask_present = v[GT3D_3DSTATE_PS_EXTRA__OMASK_PRESENT_TO_RENDER_TARGET] != 0;
    bs->computes_stencil = v[GT3D_3DSTATE_PS_EXTRA__PIXEL_SHADER_COMPUTES_STENCIL] != 0;
    bs->per_sample = v[GT3D_3DSTATE_PS_EXTRA__PIXEL_SHADER_IS_PER_SAMPLE] != 0;
    bs->has_uav = v[GT3D_3DSTATE_PS_EXTRA__PIXEL_SHADER_HAS_UAV] != 0;
    bs->early_ds_control = (uint8_t)x->early_ds;
    x->icms = (unsigned)v[GT3D_3DSTATE_PS_EXTRA__INPUT_COVERAGE_MASK_STATE];
    x->per_sample = bs->per_sample && x->gs.multisample.number_of_multisamples > 0;
    if (x->icms == 2 && x->ps_valid) /* ICMS_INNER_CONSERVATIVE */
        return gt_error(d->dev, GTSIM_ERR_UNIMPL, "3DPRIMITIVE at %s: the inner conservative input coverage mask "
                        "is not modelled", d->where);
    if (x->posoff == 2 && x->ps_valid) /* POSOFFSET_CENTROID */
        return gt_error(d->dev, GTSIM_ERR_UNIMPL, "3DPRIMITIVE at %s: Position XY Offset Select CENTROID is not "
                        "modelled", d->where);
    /* SBE */
    p3_unpack(d, GT3D_3DSTATE_SBE, NULL, 0, v, GT3D_3DSTATE_SBE__NF);
    x->nattr = (unsigned)v[GT3D_3DSTATE_SBE__NUMBER_OF_SF_OUTPUT_ATTRIBUTES];
    if (x->nattr > P3_MAX_ATTR)
        x->nattr = P3_MAX_ATTR;
    x->read_off = (unsigned)v[GT3D_3DSTATE_SBE__VERTEX_URB_ENTRY_READ_OFFSET];
    x->swizzle = v[GT3D_3DSTATE_SBE__ATTRIBUTE_SWIZZLE_ENABLE] != 0;
    x->sprite = (uint32_t)v[GT3D_3DSTATE_SBE__POINT_SPRITE_TEXTURE_COORDINATE_ENABLE];
    x->flat = (uint32_t)v[GT3D_3DSTATE_SBE__CONSTANT_INTERPOLATION_ENABLE];
    x->sprite_lower_left = v[GT3D_3DSTATE_SBE__POINT_SPRITE_TEXTURE_COORDINATE_ORIGIN] != 0;
    x->pid_attr = (unsigned)v[GT3D_3DSTATE_SBE__PRIMITIVE_ID_OVERRIDE_ATTRIBUTE_SELECT];
    x->pid_comps = 0;
    for (unsigned c = 0; c < 4; c++)
        x->pid_comps |= (uint8_t)((v[GT3D_3DSTATE_SBE__PRIMITIVE_ID_OVERRIDE_COMPONENT_X + c] != 0) << c);
    for (unsigned a = 0; a < P3_MAX_ATTR; a++)
        x->attr[a] = (p3_sbe_attr){.src = (uint8_t)a};
    if (x->swizzle) {
        p3_unpack(d, GT3D_3DSTATE_SBE_SWIZ, NULL, 0, v, GT3D_3DSTATE_SBE_SWIZ__NF);
        /* 16 SF_OUTPUT_ATTRIBUTE_DETAIL entries, 8 slots each in order */
        for (unsigned a = 0; a < 16; a++) {
            const uint64_t *e = v + GT3D_3DSTATE_SBE_SWIZ__ATTRIBUTE_SOURCE_ATTRIBUTE_0 +
                                a * (GT3D_3DSTATE_SBE_SWIZ__ATTRIBUTE_SOURCE_ATTRIBUTE_1 -
                                     GT3D_3DSTATE_SBE_SWIZ__ATTRIBUTE_SOURCE_ATTRIBUTE_0);
            p3_sbe_attr *at = &x->attr[a];
            at->src = (uint8_t)e[0];
            at->swizzle = (uint8_t)e[GT3D_3DSTATE_SBE_SWIZ__ATTRIBUTE_SWIZZLE_SELECT_0 -
                                    GT3D_3DSTATE_SBE_SWIZ__ATTRIBUTE_SOURCE_ATTRIBUTE_0];
            at->const_src = (uint8_t)e[GT3D_3DSTATE_SBE_SWIZ__ATTRIBUTE_CONSTANT_SOURCE_0 -
                                      GT3D_3DSTATE_SBE_SWIZ__ATTRIBUTE_SOURCE_ATTRIBUTE_0];
            for (unsigned c = 0; c < 4; c++)
                at->override |= (uint8_t)((e[GT3D_3DSTATE_SBE_SWIZ__ATTRIBUTE_COMPONENT_OVERRIDE_X_0 + c -
                                            GT3D_3DSTATE_SBE_SWIZ__ATTRIBUTE_SOURCE_ATTRIBUTE_0] != 0) << c);
        }
    }
    return GTSIM_OK;
}

/* ---- backend state ---- */

static float f32(uint64_t v)
{
    uint32_t u = (uint32_t)v;
    float f;
    memcpy(&f, &u, 4);
    return f;
}

void p3_decode_ds_buffers(p3_draw *d, gt3d_backend_state *b)
{
    uint64_t v[GT3D_MAX_SLOTS];
    /* depth and stencil buffers (halign x valign 8x4 and 8x8: the Gen9 /
     * Gen12 layout rules of depth and W-tiled stencil surfaces, public
     * fact: Mesa isl's image alignment choices) */
    p3_unpack(d, GT3D_3DSTATE_DEPTH_BUFFER, NULL, 0, v, GT3D_3DSTATE_DEPTH_BUFFER__NF);
    b->depth.surface_type = p3_raw(d, GT3D_3DSTATE_DEPTH_BUFFER, &(unsigned){0}) ?
                                (uint32_t)v[GT3D_3DSTATE_DEPTH_BUFFER__SURFACE_TYPE] : GT3D_SURFTYPE_NULL;
    b->depth.write_enable = v[GT3D_3DSTATE_DEPTH_BUFFER__DEPTH_WRITE_ENABLE] != 0;
    b->depth.format = (uint32_t)v[GT3D_3DSTATE_DEPTH_BUFFER__SURFACE_FORMAT];
    b->depth.base = v[GT3D_3DSTATE_DEPTH_BUFFER__SURFACE_BASE_ADDRESS] & ADDR48;
    b->depth.pitch = (uint32_t)v[GT3D_3DSTATE_DEPTH_BUFFER__SURFACE_PITCH] + 1;
    b->depth.width = (uint32_t)v[GT3D_3DSTATE_DEPTH_BUFFER__WIDTH] + 1;
    b->depth.height = (uint32_t)v[GT3D_3DSTATE_DEPTH_BUFFER__HEIGHT] + 1;
    b->depth.depth = (uint32_t)v[GT3D_3DSTATE_DEPTH_BUFFER__DEPTH] + 1;
    b->depth.lod = (uint32_t)v[GT3D_3DSTATE_DEPTH_BUFFER__LOD];
    b->depth.min_array_element = (uint32_t)v[GT3D_3DSTATE_DEPTH_BUFFER__MINIMUM_ARRAY_ELEMENT];
    b->depth.view_extent = (uint32_t)v[GT3D_3DSTATE_DEPTH_BUFFER__RENDER_TARGET_VIEW_EXTENT];
    b->depth.qpitch = (uint32_t)v[GT3D_3DSTATE_DEPTH_BUFFER__SURFACE_QPITCH] << 2;
    b->depth.halign = 8;
    b->depth.valign = 4;
    if (b->depth.format == GT3D_D16_UNORM && d->dev->plat->cmds->d16_valign)
        b->depth.valign = d->dev->plat->cmds->d16_valign;
    b->hiz_enable = v[GT3D_3DSTATE_DEPTH_BUFFER__HIERARCHICAL_DEPTH_BUFFER_ENABLE] != 0;
    p3_unpack(d, GT3D_3DSTATE_STENCIL_BUFFER, NULL, 0, v, GT3D_3DSTATE_STENCIL_BUFFER__NF);
    b->stencil.write_enable = v[GT3D_3DSTATE_STENCIL_BUFFER__STENCIL_BUFFER_ENABLE] != 0;
    b->stencil.surface_type = b->stencil.write_enable ? b->depth.surface_type : GT3D_SURFTYPE_NULL;
    b->stencil.base = v[GT3D_3DSTATE_STENCIL_BUFFER__SURFACE_BASE_ADDRESS] & ADDR48;
    b->stencil.pitch = (uint32_t)v[GT3D_3DSTATE_STENCIL_BUFFER__SURFACE_PITCH] + 1;
    b->stencil.qpitch = (uint32_t)v[GT3D_3DSTATE_STENCIL_BUFFER__SURFACE_QPITCH] << 2;
    b->stencil.width = b->depth.width;
    b->stencil.height = b->depth.height;
    b->stencil.depth = b->depth.depth;
    b->stencil.lod = b->depth.lod;
    b->stencil.min_array_element = b->depth.min_array_element;
    b->stencil.view_extent = b->depth.view_extent;
    b->stencil.halign = 8;
    b->stencil.valign = 8;
}

static int decode_backend(p3_draw *d, struct p3_psctx *x)
{
    gt3d_backend_state *b = &x->bst;
    uint64_t v[GT3D_MAX_SLOTS];
    int st;
    uint64_t dyn = d->ps->dynamic_state_base;
    p3_decode_ds_buffers(d, b);
    /* 3DSTATE_WM_DEPTH_STENCIL */
    p3_unpack(d, GT3D_3DSTATE_WM_DEPTH_STENCIL, NULL, 0, v, GT3D_3DSTATE_WM_DEPTH_STENCIL__NF);
    b->depth_test_enable = v[GT3D_3DSTATE_WM_DEPTH_STENCIL__DEPTH_TEST_ENABLE] != 0;
    b->depth_write_enable = v[GT3D_3DSTATE_WM_DEPTH_STENCIL__DEPTH_BUFFER_WRITE_ENABLE] != 0;
    b->depth_func = (uint8_t)v[GT3D_3DSTATE_WM_DEPTH_STENCIL__DEPTH_TEST_FUNCTION];
    b->stencil_test_enable = v[GT3D_3DSTATE_WM_DEPTH_STENCIL__STENCIL_TEST_ENABLE] != 0;
    b->stencil_write_enable = v[GT3D_3DSTATE_WM_DEPTH_STENCIL__STENCIL_BUFFER_WRITE_ENABLE] != 0;
    b->double_sided_stencil = v[GT3D_3DSTATE_WM_DEPTH_STENCIL__DOUBLE_SIDED_STENCIL_ENABLE] != 0;
    b->front = (gt3d_stencil_face){
        .func = (uint8_t)v[GT3D_3DSTATE_WM_DEPTH_STENCIL__STENCIL_TEST_FUNCTION],
        .fail_op = (uint8_t)v[GT3D_3DSTATE_WM_DEPTH_STENCIL__STENCIL_FAIL_OP],
        .zfail_op = (uint8_t)v[GT3D_3DSTATE_WM_DEPTH_STENCIL__STENCIL_PASS_DEPTH_FAIL_OP],
        .zpass_op = (uint8_t)v[GT3D_3DSTATE_WM_DEPTH_STENCIL__STENCIL_PASS_DEPTH_PASS_OP],
        .test_mask = (uint8_t)v[GT3D_3DSTATE_WM_DEPTH_STENCIL__STENCIL_TEST_MASK],
        .write_mask = (uint8_t)v[GT3D_3DSTATE_WM_DEPTH_STENCIL__STENCIL_WRITE_MASK],
        .ref = (uint8_t)v[GT3D_3DSTATE_WM_DEPTH_STENCIL__STENCIL_REFERENCE_VALUE]};
    b->back = (gt3d_stencil_face){
        .func = (uint8_t)v[GT3D_3DSTATE_WM_DEPTH_STENCIL__BACKFACE_STENCIL_TEST_FUNCTION],
        .fail_op = (uint8_t)v[GT3D_3DSTATE_WM_DEPTH_STENCIL__BACKFACE_STENCIL_FAIL_OP],
        .zfail_op = (uint8_t)v[GT3D_3DSTATE_WM_DEPTH_STENCIL__BACKFACE_STENCIL_PASS_DEPTH_FAIL_OP],
        .zpass_op = (uint8_t)v[GT3D_3DSTATE_WM_DEPTH_STENCIL__BACKFACE_STENCIL_PASS_DEPTH_PASS_OP],
        .test_mask = (uint8_t)v[GT3D_3DSTATE_WM_DEPTH_STENCIL__BACKFACE_STENCIL_TEST_MASK],
        .write_mask = (uint8_t)v[GT3D_3DSTATE_WM_DEPTH_STENCIL__BACKFACE_STENCIL_WRITE_MASK],
        .ref = (uint8_t)v[GT3D_3DSTATE_WM_DEPTH_STENCIL__BACKFACE_STENCIL_REFERENCE_VALUE]};
    /* CC_VIEWPORT 0's depth range for every viewport (one viewport) */
    p3_unpack(d, GT3D_3DSTATE_VIEWPORT_STATE_POINTERS_CC, NULL, 0, v, GT3D_3DSTATE_VIEWPORT_STATE_POINTERS_CC__NF);
    uint64_t ccv = (dyn + v[GT3D_3DSTATE_VIEWPORT_STATE_POINTERS_CC__CC_VIEWPORT_POINTER]) & ADDR48;
    unsigned nraw;
    memset(v, 0, sizeof(v));
    v[GT3D_CC_VIEWPORT__MAXIMUM_DEPTH] = 0x3f800000u; /* no CC_VIEWPORT: depth range 0..1 */
    if (p3_raw(d, GT3D_3DSTATE_VIEWPORT_STATE_POINTERS_CC, &nraw) && b->depth.surface_type != GT3D_SURFTYPE_NULL &&
        (st = p3_read_struct(d, GT3D_CC_VIEWPORT, ccv, v, GT3D_CC_VIEWPORT__NF, "CC_VIEWPORT")))
        return st;
    for (unsigned i = 0; i < GT3D_MAX_VIEWPORTS; i++) {
        b->vp_min_depth[i] = f32(v[GT3D_CC_VIEWPORT__MINIMUM_DEPTH]);
        b->vp_max_depth[i] = f32(v[GT3D_CC_VIEWPORT__MAXIMUM_DEPTH]);
    }
    /* BLEND_STATE and COLOR_CALC_STATE serve the render target writes:
     * read when a PS runs */
    if (!x->ps_valid)
        goto ms;
    /* BLEND_STATE: the header DWord, then an entry of 2 DWords per RT */
    p3_unpack(d, GT3D_3DSTATE_BLEND_STATE_POINTERS, NULL, 0, v, GT3D_3DSTATE_BLEND_STATE_POINTERS__NF);
    uint64_t bsp = (dyn + v[GT3D_3DSTATE_BLEND_STATE_POINTERS__BLEND_STATE_POINTER]) & ADDR48;
    if ((st = p3_read_struct(d, GT3D_BLEND_STATE, bsp, v, GT3D_BLEND_STATE__NF, "BLEND_STATE")))
        return st;
    b->alpha_to_coverage = v[GT3D_BLEND_STATE__ALPHA_TO_COVERAGE_ENABLE] != 0;
    b->alpha_to_one = v[GT3D_BLEND_STATE__ALPHA_TO_ONE_ENABLE] != 0;
    b->alpha_test_enable = v[GT3D_BLEND_STATE__ALPHA_TEST_ENABLE] != 0;
    b->alpha_test_func = (uint8_t)v[GT3D_BLEND_STATE__ALPHA_TEST_FUNCTION];
    b->independent_alpha_blend = v[GT3D_BLEND_STATE__INDEPENDENT_ALPHA_BLEND_ENABLE] != 0;
    for (unsigned r = 0; r < GT3D_MAX_RT; r++) {
        if ((st = p3_read_struct(d, GT3D_BLEND_STATE_ENTRY, bsp + 4 + 8 * r, v, GT3D_BLEND_STATE_ENTRY__NF,
                                 "BLEND_STATE_ENTRY")))
            return st;
        gt3d_blend_entry *e = &b->rt[r];
        e->color_blend_enable = v[GT3D_BLEND_STATE_ENTRY__COLOR_BUFFER_BLEND_ENABLE] != 0;
        e->src_color = (uint8_t)v[GT3D_BLEND_STATE_ENTRY__SOURCE_BLEND_FACTOR];
        e->dst_color = (uint8_t)v[GT3D_BLEND_STATE_ENTRY__DESTINATION_BLEND_FACTOR];
        e->color_func = (uint8_t)v[GT3D_BLEND_STATE_ENTRY__COLOR_BLEND_FUNCTION];
        e->src_alpha = (uint8_t)v[GT3D_BLEND_STATE_ENTRY__SOURCE_ALPHA_BLEND_FACTOR];
        e->dst_alpha = (uint8_t)v[GT3D_BLEND_STATE_ENTRY__DESTINATION_ALPHA_BLEND_FACTOR];
        e->alpha_func = (uint8_t)v[GT3D_BLEND_STATE_ENTRY__ALPHA_BLEND_FUNCTION];
        e->logic_op_enable = v[GT3D_BLEND_STATE_ENTRY__LOGIC_OP_ENABLE] != 0;
        e->logic_op = (uint8_t)v[GT3D_BLEND_STATE_ENTRY__LOGIC_OP_FUNCTION];
        e->pre_blend_clamp = v[GT3D_BLEND_STATE_ENTRY__PRE_BLEND_COLOR_CLAMP_ENABLE] != 0;
        e->pre_blend_src_only_clamp = v[GT3D_BLEND_STATE_ENTRY__PRE_BLEND_SOURCE_ONLY_CLAMP_ENABLE] != 0;
        e->post_blend_clamp = v[GT3D_BLEND_STATE_ENTRY__POST_BLEND_COLOR_CLAMP_ENABLE] != 0;
        e->clamp_range = (uint8_t)v[GT3D_BLEND_STATE_ENTRY__COLOR_CLAMP_RANGE];
        e->write_disable = (uint8_t)((v[GT3D_BLEND_STATE_ENTRY__WRITE_DISABLE_RED] != 0) |
                                     (v[GT3D_BLEND_STATE_ENTRY__WRITE_DISABLE_GREEN] != 0) << 1 |
                                     (v[GT3D_BLEND_STATE_ENTRY__WRITE_DISABLE_BLUE] != 0) << 2 |
                                     (v[GT3D_BLEND_STATE_ENTRY__WRITE_DISABLE_ALPHA] != 0) << 3);
    }
    /* COLOR_CALC_STATE */
    p3_unpack(d, GT3D_3DSTATE_CC_STATE_POINTERS, NULL, 0, v, GT3D_3DSTATE_CC_STATE_POINTERS__NF);
    uint64_t ccp = (dyn + v[GT3D_3DSTATE_CC_STATE_POINTERS__COLOR_CALC_STATE_POINTER]) & ADDR48;
    if ((st = p3_read_struct(d, GT3D_COLOR_CALC_STATE, ccp, v, GT3D_COLOR_CALC_STATE__NF, "COLOR_CALC_STATE")))
        return st;
    b->blend_constant[0] = f32(v[GT3D_COLOR_CALC_STATE__BLEND_CONSTANT_COLOR_RED]);
    b->blend_constant[1] = f32(v[GT3D_COLOR_CALC_STATE__BLEND_CONSTANT_COLOR_GREEN]);
    b->blend_constant[2] = f32(v[GT3D_COLOR_CALC_STATE__BLEND_CONSTANT_COLOR_BLUE]);
    b->blend_constant[3] = f32(v[GT3D_COLOR_CALC_STATE__BLEND_CONSTANT_COLOR_ALPHA]);
    b->alpha_test_float = v[GT3D_COLOR_CALC_STATE__ALPHA_TEST_FORMAT] != 0;
    b->alpha_ref = b->alpha_test_float ? f32(v[GT3D_COLOR_CALC_STATE__ALPHA_REFERENCE_VALUE_AS_FLOAT32])
                                       : (float)(v[GT3D_COLOR_CALC_STATE__ALPHA_REFERENCE_VALUE_AS_UNORM8] & 0xff) /
                                             255.0f;
ms:
    p3_unpack(d, GT3D_3DSTATE_MULTISAMPLE, NULL, 0, v, GT3D_3DSTATE_MULTISAMPLE__NF);
    b->samples = 1u << (v[GT3D_3DSTATE_MULTISAMPLE__NUMBER_OF_MULTISAMPLES] & 7);
    unsigned nsm;
    p3_unpack(d, GT3D_3DSTATE_SAMPLE_MASK, NULL, 0, v, GT3D_3DSTATE_SAMPLE_MASK__NF);
    b->sample_mask = p3_raw(d, GT3D_3DSTATE_SAMPLE_MASK, &nsm) ? (uint32_t)v[GT3D_3DSTATE_SAMPLE_MASK__SAMPLE_MASK]
                                                                 : 0xffffu;
    return gt3d_backend_prepare(d->dev, &x->be, b);
}

/* ---- setup data and threads ---- */

static int flush_thread(p3_draw *d, struct p3_psctx *x);

/* The Render Target Array Index of a primitive: VUE header DWord 1 of its
 * provoking vertex (an integer, 11 bits: R0.0 / R1.1 bits 26:16 carry it to
 * the PS); facts: Mesa brw VUE header "dw1 RTAI, dw2 Viewport Index"
 * (blorp_genX_exec.h, brw_fs_visitor.cpp) and brw_fs_nir.cpp's gl_Layer. */
static uint32_t prim_rtai(const gt_raster_prim *p)
{
    uint32_t v = 0;
    if (p->provoking)
        memcpy(&v, &p->provoking[0][1], 4);
    return v & 0x7ff;
}

static int on_prim(void *user, const gt_raster_prim *p)
{
    p3_draw *d = user;
    struct p3_psctx *x = d->psx;
    int st = flush_thread(d, x);
    if (st)
        return st;
    x->prim = p;
    bool back = !p->front_facing;
    for (unsigned a = 0; a < x->nattr; a++) {
        const p3_sbe_attr *at = &x->attr[a];
        unsigned slot = 2 * x->read_off + (x->swizzle && a < 16 ? at->src : a);
        if (x->swizzle && a < 16 && (at->swizzle == 1 || at->swizzle == 3) && back)
            slot++; /* INPUTATTR_FACING: the back-face attribute follows */
        bool flat = x->flat >> a & 1;
        for (unsigned c = 0; c < 4; c++) {
            float *o = x->setup[a][c];
            float v0 = 0, v1 = 0, v2 = 0, pv = 0;
            if (slot < x->vl.slot_count) {
                v0 = p->vue[0][slot][c];
                v1 = p->vue[1][slot][c];
                v2 = p->vue[2][slot][c];
                pv = p->provoking[slot][c];
            }
            if (a == x->pid_attr && (x->pid_comps >> c & 1)) {
                /* 3DSTATE_SBE Primitive ID Override: a constant, the PrimitiveID's bits */
                o[0] = o[1] = o[2] = 0;
                memcpy(&o[3], &x->prim_id, 4);
            } else if (x->swizzle && a < 16 && (at->override >> c & 1)) {
                static const float k[3][4] = {{0, 0, 0, 0}, {0, 0, 0, 1}, {1, 1, 1, 1}};
                float kv = at->const_src < 3 ? k[at->const_src][c] : (float)x->prim_id;
                if (at->const_src == 3) {
                    uint32_t id = x->prim_id;
                    memcpy(&kv, &id, 4);
                }
                o[0] = o[1] = o[2] = 0;
                o[3] = kv;
            } else if ((x->sprite >> a & 1) && p->source_kind == GT_PRIM_POINT) {
                /* point sprite coordinate (s, t, 0, 1): s and t ride on the
                 * barycentrics the thread gets for a point (on_quad) */
                o[0] = c == 0;
                o[1] = c == 1;
                o[2] = 0;
                o[3] = c == 3;
            } else if (flat) {
                o[0] = o[1] = o[2] = 0;
                o[3] = pv;
            } else {
                o[0] = v1 - v0;
                o[1] = v2 - v0;
                o[2] = 0;
                o[3] = v0;
            }
        }
    }
    return GTSIM_OK;
}

static int push_slot(p3_draw *d, struct p3_psctx *x, const gt_raster_prim *p, const gt_raster_quad *q,
                     const uint16_t cov[4], uint8_t s);

static int on_quad(void *user, const gt_raster_prim *p, const gt_raster_quad *q)
{
    p3_draw *d = user;
    struct p3_psctx *x = d->psx;
    gt3d_quad bq;
    memset(&bq, 0, sizeof(bq));
    bq.x = (uint32_t)q->x;
    bq.y = (uint32_t)q->y;
    bq.front = p->front_facing;
    bq.rtai = prim_rtai(p);
    unsigned ns = q->num_samples ? q->num_samples : 1;
    for (unsigned i = 0; i < 4; i++) {
        bq.cov[i] = (q->pixel_mask >> i & 1) ? q->coverage[i] : 0;
        for (unsigned s = 0; s < ns && s < GT3D_MAX_SAMPLES; s++)
            bq.z[i][s] = ns > 1 ? q->sample_z[i][s] : q->z[i];
    }
    uint16_t cov[4];
    int st = gt3d_backend_early(d->dev, &x->be, d->vm, &bq, cov);
    if (st)
        return p3_context(d, st, "in the depth/stencil test (pixels from %d,%d) of 3DPRIMITIVE at %s", q->x, q->y,
                          d->where);
    if (!x->ps_valid || !(cov[0] | cov[1] | cov[2] | cov[3]))
        return GTSIM_OK; /* no PS: the depth/stencil work is all */
    unsigned nslot = x->per_sample && q->num_samples > 1 ? q->num_samples : 1;
    for (unsigned s = 0; s < nslot; s++) {
        /* per-sample dispatch: a slot per sample some pixel covers */
        if (nslot > 1 && !((cov[0] | cov[1] | cov[2] | cov[3]) >> s & 1))
            continue;
        if ((st = push_slot(d, x, p, q, cov, (uint8_t)s)))
            return st;
    }
    return GTSIM_OK;
}

/* Queue subspan slot (quad q, sample s) of the thread being gathered; a
 * full thread is dispatched. */
static int push_slot(p3_draw *d, struct p3_psctx *x, const gt_raster_prim *p, const gt_raster_quad *q,
                     const uint16_t cov[4], uint8_t s)
{
    x->q[x->nq] = *q;
    x->sample[x->nq] = s;
    for (unsigned i = 0; i < 4; i++)
        x->rcov[x->nq][i] = (q->pixel_mask >> i & 1) ? q->coverage[i] : 0;
    if (p->source_kind == GT_PRIM_POINT && x->sprite) {
        /* point sprites: the barycentrics carry (s, t) */
        for (unsigned m = 0; m < GT_BIM_COUNT; m++)
            for (unsigned i = 0; i < 4; i++) {
                x->q[x->nq].bary[m][i][0] = q->point_coord[i][0];
                x->q[x->nq].bary[m][i][1] = x->sprite_lower_left ? 1.0f - q->point_coord[i][1] : q->point_coord[i][1];
            }
    }
    memcpy(x->cov[x->nq], cov, sizeof(x->cov[0]));
    if (++x->nq == x->simd / 4)
        return flush_thread(d, x);
    return GTSIM_OK;
}

static void put_f(gt_thread *t, unsigned reg, unsigned lane, float f)
{
    memcpy(t->grf + 32u * reg + 4u * lane, &f, 4);
}

static int flush_thread(p3_draw *d, struct p3_psctx *x)
{
    if (!x->nq)
        return GTSIM_OK;
    unsigned nq = x->nq;
    x->nq = 0;
    gt_thread *t = x->t;
    const gt_raster_prim *p = x->prim;
    memset(t, 0, sizeof(*t));
    gt3d_ps_thread *pt = &x->pt;
    memset(pt, 0, sizeof(*pt));
    memset(&x->late, 0, sizeof(x->late));
    pt->be = &x->be;
    pt->simd = x->simd;
    pt->front = p->front_facing;
    pt->rtai = prim_rtai(p);
    pt->late = &x->late;
    p3_thread_r0(&x->stage, t, 0);
    uint32_t *g = (uint32_t *)t->grf;
    /* R0.0 bits 4:0: the topology type of the object (as a list: 3DPRIM_POINTLIST 1,
     * LINELIST 2, TRILIST 4) */
    static const uint8_t prim_topo[4] = {0, 1, 2, 4};
    g[0] = (g[0] & ~0x1fu) | prim_topo[p->source_kind & 3];
    /* the facing bit: R0.0 bit 15 (Gen9) or R1.1 bit 15 (Gen12); the
     * Render Target Array Index in bits 26:16 of the same DWord */
    if (!p->front_facing)
        g[d->dev->plat->cmds->ps_facing_dw] |= 1u << 15;
    /* the Render Target Array Index: bits 26:16 of the same DWord (facts 4.3) */
    g[d->dev->plat->cmds->ps_facing_dw] |= (pt->rtai & 0x7ffu) << 16;
    uint32_t pixmask = 0, vmask = 0;
    for (unsigned k = 0; k < nq; k++) {
        const gt_raster_quad *q = &x->q[k];
        unsigned half = k / 4, sub = k % 4;
        g[8 * (1 + half) + 2 + sub] = (uint32_t)(q->x & 0xffff) | (uint32_t)(q->y & 0xffff) << 16;
        if (x->per_sample) /* R1.0 (R2.0): the sample index of each subspan slot, 4 bits each */
            g[8 * (1 + half)] |= (uint32_t)x->sample[k] << (4 * sub);
        for (unsigned i = 0; i < 4; i++) {
            unsigned lane = 4 * k + i;
            pt->x[lane] = (uint16_t)(q->x + (i & 1));
            pt->y[lane] = (uint16_t)(q->y + (i >> 1));
            pt->cov[lane] = x->cov[k][i];
            pt->sample[lane] = x->sample[k];
            unsigned ns = q->num_samples > 1 ? q->num_samples : 1;
            for (unsigned s = 0; s < ns && s < GT3D_MAX_SAMPLES; s++)
                pt->z[lane][s] = ns > 1 ? q->sample_z[i][s] : q->z[i];
            if (x->per_sample ? x->cov[k][i] >> x->sample[k] & 1 : x->cov[k][i] != 0)
                pixmask |= 1u << lane;
        }
        vmask |= 0xfu << (4 * k);
    }
    g[8 + 7] = pixmask & 0xffff;
    if (x->simd == 32)
        g[16 + 7] = pixmask >> 16;
    unsigned reg = x->simd == 32 ? 3 : 2;
    unsigned halves = x->simd == 32 ? 2 : 1, width = x->simd == 32 ? 16 : x->simd;
    for (unsigned h = 0; h < halves; h++) {
        for (unsigned m = 0; m < GT_BIM_COUNT; m++) {
            if (!(x->bary >> m & 1))
                continue;
            for (unsigned l = 0; l < width; l++) {
                unsigned lane = 16 * h + l, k = lane / 4, i = lane % 4;
                if (k >= nq)
                    continue;
                unsigned r = reg + (l / 8) * 2;
                const float *b = x->q[k].bary[m][i];
                if (x->per_sample && (m == GT_BIM_PERSPECTIVE_SAMPLE || m == GT_BIM_LINEAR_SAMPLE))
                    b = x->q[k].sample_bary[m == GT_BIM_LINEAR_SAMPLE][i][x->sample[k]];
                put_f(t, r, l % 8, b[0]);
                put_f(t, r + 1, l % 8, b[1]);
            }
            reg += width / 4;
        }
        if (x->src_depth) {
            for (unsigned l = 0; l < width; l++) {
                unsigned lane = 16 * h + l;
                const gt_raster_quad *q = &x->q[lane / 4];
                if (lane / 4 < nq)
                    put_f(t, reg + l / 8, l % 8, x->per_sample && q->num_samples > 1
                                                     ? q->sample_z[lane % 4][x->sample[lane / 4]]
                                                     : q->z[lane % 4]);
            }
            reg += width / 8;
        }
        if (x->src_w) {
            for (unsigned l = 0; l < width; l++) {
                unsigned lane = 16 * h + l;
                if (lane / 4 < nq)
                    put_f(t, reg + l / 8, l % 8, x->q[lane / 4].w[lane % 4]);
            }
            reg += width / 8;
        }
        if (x->posoff == 3) {
            /* POSOFFSET_SAMPLE: per lane X (byte 2l) and Y (byte 2l + 1)
             * of its sample's position in the pixel, U0.4 pixels (the
             * slot's sample; sample 0 without per-sample dispatch) */
            for (unsigned l = 0; l < width; l++) {
                unsigned lane = 16 * h + l;
                if (lane / 4 >= nq)
                    continue;
                unsigned s = x->sample[lane / 4];
                t->grf[32u * reg + 2 * l] = (uint8_t)(x->rc.sample_x[s] * 16 / GT_SUBPIX);
                t->grf[32u * reg + 2 * l + 1] = (uint8_t)(x->rc.sample_y[s] * 16 / GT_SUBPIX);
            }
            reg++;
        }
        if (x->icms) {
            /* the input coverage mask: a DWord per lane, bit s = sample s
             * (ICMS_NORMAL: as rasterized; ICMS_DEPTH_COVERAGE: after the
             * early depth/stencil test) */
            for (unsigned l = 0; l < width; l++) {
                unsigned lane = 16 * h + l;
                if (lane / 4 < nq)
                    g[8 * (reg + l / 8) + l % 8] = x->icms == 3 ? x->cov[lane / 4][lane % 4]
                                                                : x->rcov[lane / 4][lane % 4];
            }
            reg += width / 8;
        }
    }
    unsigned start = x->stage.grf_start[x->ksp];
    if (start < reg || start + x->stage.const_total + 2 * x->nattr > GT_GRF_REGS)
        return gt_error(d->dev, GTSIM_ERR_INVALID, "3DPRIMITIVE at %s: the PS payload (%u registers before its "
                        "constants) does not fit Dispatch GRF Start Register For Constant/Setup Data %u = %u with "
                        "%u constant registers and %u attributes", d->where, reg, x->ksp, start,
                        x->stage.const_total, x->nattr);
    int st = p3_push_constants(d, &x->stage, t, start);
    if (st)
        return st;
    memcpy(t->grf + 32u * (start + x->stage.const_total), x->setup, 32u * 2 * x->nattr);
    t->dispatch_mask = t->exec_mask = t->ce = x->vmask_enable ? vmask : pixmask;
    t->cr0[0] = x->stage.cr0;
    t->kernel_gva = x->stage.ksp[x->ksp];
    t->disp = &d->disp;
    t->simd = x->simd;
    t->ps3d = pt;
    d->stats.ps_invocations += (unsigned)__builtin_popcount(pixmask);
    st = p3_run_thread(d, t);
    t->ps3d = NULL;
    d->ps_threads++;
    if (st != GTSIM_OK)
        return p3_context(d, st, "in a SIMD%u PS thread (pixels from %d,%d) of 3DPRIMITIVE at %s", x->simd,
                          x->q[0].x, x->q[0].y, d->where);
    return GTSIM_OK;
}

/* ---- the draw's entry points ---- */

int p3_ps_begin(p3_draw *d)
{
    struct p3_psctx *x = calloc(1, sizeof(*x));
    if (!x)
        return gt_error(d->dev, GTSIM_ERR_NOMEM, "out of host memory for the rasterizer");
    d->psx = x;
    x->t = aligned_alloc(64, sizeof(*x->t));
    if (!x->t)
        return gt_error(d->dev, GTSIM_ERR_NOMEM, "out of host memory for a PS thread");
    int st = decode_geom(d, x);
    if (!st)
        st = decode_ps(d, x);
    if (!st)
        st = decode_backend(d, x);
    if (st)
        return st;
    /* the VUE: the VS allocation's entries; position in slot 1, clip
     * distances in slots 2 and 3 when the clip test uses them, point width
     * in the header (slot 0 .w) */
    x->vl.slot_count = 4 * d->urb_vs.entry_units;
    if (x->vl.slot_count > GT_VUE_MAX_SLOTS)
        x->vl.slot_count = GT_VUE_MAX_SLOTS;
    x->vl.position_slot = 1;
    x->vl.clip_distance_slot[0] = x->gs.clip.user_clip_distance_clip_test_enable_bitmask & 0x0f ? 2 : -1;
    x->vl.clip_distance_slot[1] = x->gs.clip.user_clip_distance_clip_test_enable_bitmask & 0xf0 ? 3 : -1;
    x->vl.point_width_slot = 0;
    x->rc.st = &x->gs;
    x->rc.vl = &x->vl;
    x->rc.prim_fn = on_prim;
    x->rc.quad_fn = on_quad;
    x->rc.user = d;
    if ((st = gt_raster_begin(&x->rc)) != GTSIM_OK)
        return gt_error(d->dev, st, "3DPRIMITIVE at %s: rasterizer state not usable (VUE of %u slots, %u samples)",
                        d->where, x->vl.slot_count, 1u << x->gs.multisample.number_of_multisamples);
    p3_stage_dispatch(d, &x->stage);
    return GTSIM_OK;
}

int p3_ps_primitive(p3_draw *d, unsigned per, const uint8_t *const vue[], uint8_t flags)
{
    struct p3_psctx *x = d->psx;
    gt_vue v[4];
    for (unsigned k = 0; k < per; k++)
        v[k] = (gt_vue)(const void *)vue[k];
    /* the object's index in its instance (the patch's with tessellation; a quad's two
     * triangles are one object) */
    x->prim_id = flags & P3_PRIM_QUAD ? d->prim_index / 2 : d->prim_index;
    if (flags & P3_PRIM_FIRST)
        gt_raster_reset_line_stipple(&x->rc);
    /* the stage dispatch state is the PS's while primitives rasterize (the
     * VS refills it for its threads) */
    p3_stage_dispatch(d, &x->stage);
    int st;
    if (per == 1) {
        st = gt_raster_draw(&x->rc, GT_PRIM_POINT, v, 0, 7);
    } else if (per == 2) {
        st = gt_raster_draw(&x->rc, GT_PRIM_LINE, v, x->pv_line ? 1 : 0, 7);
    } else if (d->vf.topology == P3_RECTLIST) {
        /* RECTLIST: v0, v1, v2 and the implied v3 = v0 + v2 - v1 (every VUE
         * value extrapolated alike), filled as the triangles (v0, v1, v2)
         * and (v0, v2, v3) */
        unsigned nf = 4 * x->vl.slot_count;
        for (unsigned i = 0; i < nf; i++)
            x->rect[i] = v[0][i / 4][i % 4] + v[2][i / 4][i % 4] - v[1][i / 4][i % 4];
        gt_vue t2[3] = {v[0], v[2], (gt_vue)(const void *)x->rect};
        st = gt_raster_draw(&x->rc, GT_PRIM_TRIANGLE, v, 0, 7);
        if (!st)
            st = gt_raster_draw(&x->rc, GT_PRIM_TRIANGLE, t2, 0, 7);
    } else {
        unsigned pv = d->vf.topology == P3_TRIFAN || d->vf.topology == P3_POLYGON ? x->pv_fan : x->pv_tri;
        if (pv > 2)
            pv = 2;
        /* the edges drawn in wireframe/point fill modes (edge flags, quad
         * diagonals, polygon inner edges) */
        unsigned edges = 7u & ~(unsigned)(flags >> 3);
        if (flags & P3_PRIM_ODD) { /* reversed winding: swap v1 and v2, keep the provoking vertex */
            gt_vue s[3] = {v[0], v[2], v[1]};
            /* s0->s1 is edge 2, s1->s2 edge 1, s2->s0 edge 0 */
            unsigned se = (edges >> 2 & 1) | (edges & 2) | (edges & 1) << 2;
            st = gt_raster_draw(&x->rc, GT_PRIM_TRIANGLE, s, pv == 1 ? 2 : pv == 2 ? 1 : 0, se);
        } else {
            st = gt_raster_draw(&x->rc, GT_PRIM_TRIANGLE, v, pv, edges);
        }
    }
    if (st == GTSIM_OK)
        st = flush_thread(d, x); /* a thread holds one primitive */
    return st;
}

int p3_ps_end(p3_draw *d)
{
    if (!d->psx)
        return GTSIM_OK;
    int st = flush_thread(d, d->psx);
    d->stats.ps_depth_count = d->psx->be.ps_depth_count;
    d->stats.cl_invocations = d->psx->rc.stats.clip_invocations;
    d->stats.cl_primitives = d->psx->rc.stats.clip_primitives;
    return st;
}

void p3_ps_free(p3_draw *d)
{
    if (!d->psx)
        return;
    free(d->psx->t);
    free(d->psx);
    d->psx = NULL;
}
