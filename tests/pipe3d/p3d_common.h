/*
 * Shared helpers of the p3d_raster / p3d_clip tests: a default state (a
 * 64x64 target, viewport mapping NDC -1..1 to 0..64 with y down), VUEs of 4
 * slots (0 header, 1 position, 2 attribute, 3 clip distances 0-3) and a
 * coverage image the quad callback fills.
 */
#ifndef P3D_COMMON_H
#define P3D_COMMON_H

#include <string.h>

#include "pipe3d/raster.h"

#define FB 64

typedef struct vtx {
    float s[4][4];
} vtx;

typedef struct fbuf {
    int count[FB][FB];          /* times each pixel was lit */
    uint16_t cov[FB][FB];       /* last coverage */
    gt_raster_quad last[FB][FB]; /* not used for all tests: large */
    int nprims, nquads;
    gt_raster_prim prims[64];
} fbuf;

static fbuf *g_fb;

static int on_prim(void *user, const gt_raster_prim *p)
{
    fbuf *f = user;
    if (f->nprims < 64)
        f->prims[f->nprims] = *p;
    f->nprims++;
    return 0;
}

static int on_quad(void *user, const gt_raster_prim *p, const gt_raster_quad *q)
{
    (void)p;
    fbuf *f = user;
    f->nquads++;
    for (unsigned i = 0; i < 4; i++) {
        if (!(q->pixel_mask >> i & 1))
            continue;
        int x = q->x + (int)(i & 1), y = q->y + (int)(i >> 1);
        if (x < 0 || y < 0 || x >= FB || y >= FB)
            continue;
        f->count[y][x]++;
        f->cov[y][x] = q->coverage[i];
        f->last[y][x] = *q;
    }
    return 0;
}

static void default_state(gt_geom_state *st, gt_vue_layout *vl)
{
    memset(st, 0, sizeof(*st));
    st->clip.clip_enable = true;
    st->clip.viewport_xy_clip_test_enable = true;
    st->clip.api_mode = GT_APIMODE_OGL;
    st->raster.viewport_z_near_clip_test_enable = true;
    st->raster.viewport_z_far_clip_test_enable = true;
    st->raster.cull_mode = GT_CULLMODE_NONE;
    st->sf.viewport_transform_enable = true;
    st->sf.line_width = 1.0f;
    st->sf.point_width = 1.0f;
    st->sf.point_width_source = 1;
    st->viewport.m00 = FB / 2, st->viewport.m30 = FB / 2;
    st->viewport.m11 = FB / 2, st->viewport.m31 = FB / 2;
    st->viewport.m22 = 0.5f, st->viewport.m32 = 0.5f;
    st->viewport.x_min_clip_guardband = st->viewport.y_min_clip_guardband = -1;
    st->viewport.x_max_clip_guardband = st->viewport.y_max_clip_guardband = 1;
    st->drawing_rectangle.clipped_x_max = FB - 1;
    st->drawing_rectangle.clipped_y_max = FB - 1;
    st->wm.barycentric_interpolation_mode = 0x3f;
    st->depth_unorm_bits = 24;
    memset(vl, 0, sizeof(*vl));
    vl->slot_count = 4;
    vl->position_slot = 1;
    vl->clip_distance_slot[0] = 3;
    vl->clip_distance_slot[1] = -1;
    vl->point_width_slot = 0;
}

/* A vertex at window position (x, y) pixels (w = 1), depth z (NDC), attribute a. */
static inline void vwin(vtx *v, double x, double y, double z, float a)
{
    memset(v, 0, sizeof(*v));
    v->s[1][0] = (float)((x - FB / 2) / (FB / 2));
    v->s[1][1] = (float)((y - FB / 2) / (FB / 2));
    v->s[1][2] = (float)z;
    v->s[1][3] = 1;
    v->s[2][0] = a;
}

static void ctx_init(gt_raster_ctx *c, const gt_geom_state *st, const gt_vue_layout *vl, fbuf *f)
{
    memset(c, 0, sizeof(*c));
    c->st = st;
    c->vl = vl;
    c->prim_fn = on_prim;
    c->quad_fn = on_quad;
    c->user = f;
    memset(f, 0, sizeof(*f));
    (void)g_fb;
}

static inline int draw(gt_raster_ctx *c, unsigned kind, vtx *a, vtx *b, vtx *d)
{
    gt_vue v[3] = {(gt_vue)a->s, b ? (gt_vue)b->s : NULL, d ? (gt_vue)d->s : NULL};
    return gt_raster_draw(c, kind, v, 0, 7);
}

#endif
