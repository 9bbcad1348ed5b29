/*
 * 3DSTATE_WM_HZ_OP (seed 004 3DSTATE_WM_HZ_OP header; the fields are Mesa
 * genxml gen9.xml / gen12.xml facts): the depth and stencil operations the
 * hardware runs without a draw.
 *
 * The model keeps every depth value resolved in the depth buffer (HiZ is an
 * acceleration it does not keep, see backend.h hiz_enable), so:
 *  - Depth Buffer Clear Enable writes 3DSTATE_CLEAR_PARAMS Depth Clear Value
 *    into the clear rectangle of the depth buffer (converted to the buffer's
 *    format as a depth write is), and Stencil Buffer Clear Enable writes
 *    Stencil Clear Value into the stencil buffer, for the samples of the
 *    Sample Mask among Number of Multisamples;
 *  - Depth Buffer Resolve, Hierarchical Depth Buffer Resolve and Stencil
 *    Buffer Resolve have nothing to do: the depth buffer already holds the
 *    resolved values.
 * The rectangle: Clear Rectangle X/Y Min inclusive, X/Y Max exclusive (Mesa
 * blorp_genX_exec.h blorp_emit_gfx8_hiz_op: "Contrary to the HW docs"
 * both mins are inclusive and both maxes exclusive), or the whole level
 * with Full Surface Depth and Stencil Clear.  The layer is the depth
 * buffer's Minimum Array Element (the driver programs one op per layer).
 * A command with none of the enables (the one that ends an op) does nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "gt3d_gen.h"
#include "pipe3d/backend.h"
#include "pipe3d/p3d.h"
#include "pipe3d/pipe3d.h"
#include "pipe3d/ps.h"

int p3_hz_op(gtsim_device *dev, struct gt3d_state *s, const gt_cmd_desc *desc, const uint32_t *dw, unsigned n,
             gt_vm *vm, const char *where)
{
    uint64_t v[GT3D_MAX_SLOTS] = {0};
    gt_fields_unpack(desc->fields, desc->nfields, dw, n, v);
    bool zclear = v[GT3D_3DSTATE_WM_HZ_OP__DEPTH_BUFFER_CLEAR_ENABLE] != 0;
    bool sclear = v[GT3D_3DSTATE_WM_HZ_OP__STENCIL_BUFFER_CLEAR_ENABLE] != 0;
    if (!zclear && !sclear)
        return GTSIM_OK; /* resolves, or the closing command */
    p3_draw *d = calloc(1, sizeof(*d));
    if (!d)
        return gt_error(dev, GTSIM_ERR_NOMEM, "out of host memory for 3DSTATE_WM_HZ_OP");
    d->dev = dev;
    d->st = s;
    d->vm = vm;
    d->where = where;
    d->ps = gt_pipe_state_of(dev->pipe);
    /* the backend with the clears as its state: depth test off and depth
     * written; stencil test ALWAYS replacing with the clear value, all bits */
    gt3d_backend_state b;
    memset(&b, 0, sizeof(b));
    p3_decode_ds_buffers(d, &b);
    uint64_t cp[GT3D_MAX_SLOTS];
    p3_unpack(d, GT3D_3DSTATE_CLEAR_PARAMS, NULL, 0, cp, GT3D_MAX_SLOTS);
    uint32_t zbits = (uint32_t)cp[GT3D_3DSTATE_CLEAR_PARAMS__DEPTH_CLEAR_VALUE];
    float z;
    memcpy(&z, &zbits, 4);
    unsigned log2s = (unsigned)v[GT3D_3DSTATE_WM_HZ_OP__NUMBER_OF_MULTISAMPLES];
    int st = GTSIM_OK;
    if (log2s > 4) {
        st = gt_error(dev, GTSIM_ERR_ILLEGAL, "3DSTATE_WM_HZ_OP at %s: reserved Number of Multisamples %u", where,
                      log2s);
        goto out;
    }
    b.samples = 1u << log2s;
    b.sample_mask = 0xffffu;
    if (zclear) {
        if (b.depth.surface_type == GT3D_SURFTYPE_NULL) {
            st = gt_error(dev, GTSIM_ERR_INVALID, "3DSTATE_WM_HZ_OP at %s: a depth clear with no depth buffer "
                          "(3DSTATE_DEPTH_BUFFER)", where);
            goto out;
        }
        b.depth.write_enable = true;
        b.depth_write_enable = true;
    } else {
        b.depth.surface_type = GT3D_SURFTYPE_NULL;
    }
    if (sclear) {
        if (b.stencil.surface_type == GT3D_SURFTYPE_NULL) {
            st = gt_error(dev, GTSIM_ERR_INVALID, "3DSTATE_WM_HZ_OP at %s: a stencil clear with no stencil buffer "
                          "(3DSTATE_STENCIL_BUFFER)", where);
            goto out;
        }
        b.stencil_test_enable = true;
        b.stencil_write_enable = true;
        b.front.func = GT3D_CMP_ALWAYS;
        b.front.zpass_op = GT3D_SOP_REPLACE;
        b.front.test_mask = b.front.write_mask = 0xff;
        b.front.ref = (uint8_t)v[GT3D_3DSTATE_WM_HZ_OP__STENCIL_CLEAR_VALUE];
    } else {
        b.stencil.surface_type = GT3D_SURFTYPE_NULL;
    }
    gt3d_backend be;
    if ((st = gt3d_backend_prepare(dev, &be, &b)) != GTSIM_OK) {
        st = p3_context(d, st, "in 3DSTATE_WM_HZ_OP at %s", where);
        goto out;
    }
    uint32_t lw = b.depth.width >> b.depth.lod, lh = b.depth.height >> b.depth.lod;
    if (!zclear) {
        lw = b.stencil.width >> b.stencil.lod;
        lh = b.stencil.height >> b.stencil.lod;
    }
    lw = lw ? lw : 1;
    lh = lh ? lh : 1;
    uint32_t x0 = 0, y0 = 0, x1 = lw, y1 = lh;
    if (!v[GT3D_3DSTATE_WM_HZ_OP__FULL_SURFACE_DEPTH_AND_STENCIL_CLEAR]) {
        x0 = (uint32_t)v[GT3D_3DSTATE_WM_HZ_OP__CLEAR_RECTANGLE_X_MIN];
        y0 = (uint32_t)v[GT3D_3DSTATE_WM_HZ_OP__CLEAR_RECTANGLE_Y_MIN];
        x1 = (uint32_t)v[GT3D_3DSTATE_WM_HZ_OP__CLEAR_RECTANGLE_X_MAX];
        y1 = (uint32_t)v[GT3D_3DSTATE_WM_HZ_OP__CLEAR_RECTANGLE_Y_MAX];
        x1 = x1 < lw ? x1 : lw;
        y1 = y1 < lh ? y1 : lh;
    }
    uint16_t mask = (uint16_t)(v[GT3D_3DSTATE_WM_HZ_OP__SAMPLE_MASK] & ((1u << b.samples) - 1));
    float zs[GT3D_MAX_SAMPLES];
    for (unsigned k = 0; k < GT3D_MAX_SAMPLES; k++)
        zs[k] = z;
    for (uint32_t y = y0; y < y1 && st == GTSIM_OK; y++)
        for (uint32_t x = x0; x < x1 && st == GTSIM_OK; x++) {
            uint16_t cov = mask;
            st = gt3d_backend_ds_pixel(dev, &be, vm, x, y, 0, zs, true, -1, &cov);
        }
    if (st != GTSIM_OK)
        st = p3_context(d, st, "in 3DSTATE_WM_HZ_OP at %s", where);
out:
    free(d);
    return st;
}
