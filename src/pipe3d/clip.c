/*
 * The clipper (CLIP stage): trivial accept/reject and clipping of points,
 * lines and triangles in homogeneous clip space against the view volume or
 * guard band, the near/far planes, the user clip distances and w > 0.
 *
 * Rules and their sources:
 * - Planes: x,y in -w..w (viewport), z in -w..w (3DSTATE_CLIP API Mode OGL)
 *   or 0..w (D3D), each z plane when 3DSTATE_RASTER Viewport Z Near/Far Clip
 *   Test Enable; user clip distance i >= 0 when bit i of User Clip Distance
 *   Clip Test Enable Bitmask (Mesa genxml gen9.xml field names; GL and D3D
 *   clip rules).
 * - Guard band (SF_CLIP_VIEWPORT X/Y Min/Max Clip Guardband, NDC units as
 *   Mesa's intel_calculate_guardband_size computes them): a primitive wholly
 *   outside one viewport plane is rejected; one that crosses the viewport is
 *   only clipped against the guard-band planes, the rasterizer's scissoring
 *   does the rest.
 * - User Clip Distance Cull Test Enable Bitmask: a primitive whose vertices
 *   all have distance < 0 for an enabled plane is discarded.
 * - Clip Mode REJECT_ALL discards, ACCEPT_ALL passes everything unclipped;
 *   Clip Enable 0 passes everything (setup then drops w <= 0 vertices).
 * - w > 0: a plane w >= GT_CLIP_W_EPS is always applied when clipping, so
 *   vertices behind the eye never reach the perspective divide (the view
 *   volume planes imply it; this covers the all-tests-disabled case).
 * - New vertices interpolate every VUE slot linearly in clip space, always
 *   from the vertex inside the plane, so an edge shared by two triangles
 *   yields bit-identical new vertices.
 * - Wireframe edges: an edge along a view-volume/guard-band plane is not an
 *   edge (not drawn); one along a user clip plane is.  This is what Mesa's
 *   gallium draw clipper (draw_pipe_clip.c) does for OpenGL.
 * - Points are kept or dropped by their position only.
 */
#include <math.h>
#include <string.h>

#include "gt.h"
#include "pipe3d/raster.h"

#define GT_CLIP_W_EPS 1e-20f

enum { PL_VIEW = 0, PL_GUARD = 4, PL_ZNEAR = 8, PL_ZFAR, PL_USER, PL_W = PL_USER + 8, PL_COUNT };

/* Signed distance of vertex v to plane p (>= 0 inside). */
static float plane_dist(const gt_raster_ctx *c, gt_vue v, unsigned p)
{
    const gt_geom_state *st = c->st;
    const float *pos = v[c->vl->position_slot];
    float x = pos[0], y = pos[1], z = pos[2], w = pos[3];
    switch (p) {
    case PL_VIEW + 0: return x + w;
    case PL_VIEW + 1: return w - x;
    case PL_VIEW + 2: return y + w;
    case PL_VIEW + 3: return w - y;
    case PL_GUARD + 0: return x - st->viewport.x_min_clip_guardband * w;
    case PL_GUARD + 1: return st->viewport.x_max_clip_guardband * w - x;
    case PL_GUARD + 2: return y - st->viewport.y_min_clip_guardband * w;
    case PL_GUARD + 3: return st->viewport.y_max_clip_guardband * w - y;
    case PL_ZNEAR: return st->clip.api_mode == GT_APIMODE_D3D ? z : z + w;
    case PL_ZFAR: return w - z;
    case PL_W: return w - GT_CLIP_W_EPS;
    default: {
        unsigned i = p - PL_USER;
        int s = c->vl->clip_distance_slot[i >> 2];
        return s < 0 ? 0.0f : v[s][i & 3];
    }
    }
}

/* d >= 0, NaN counting as outside. */
static inline bool inside(float d)
{
    return d >= 0.0f;
}

/* A new vertex on the segment from a (inside, distance da) to b (outside, db). */
static gt_vue interp(gt_raster_ctx *c, gt_vue a, float da, gt_vue b, float db, unsigned p)
{
    if (c->clip_used >= GT_CLIP_MAX_NEW)
        return NULL;
    float (*o)[4] = c->clip_store[c->clip_used++];
    float t = da / (da - db);
    if (!(t >= 0.0f))
        t = 0.0f;
    if (t > 1.0f)
        t = 1.0f;
    unsigned n = c->vl->slot_count;
    for (unsigned s = 0; s < n; s++)
        for (unsigned k = 0; k < 4; k++)
            o[s][k] = a[s][k] + t * (b[s][k] - a[s][k]);
    /* on the w plane, rounding must not leave w at or below 0 */
    float *w = &o[c->vl->position_slot][3];
    if (p == PL_W && !(*w >= GT_CLIP_W_EPS))
        *w = GT_CLIP_W_EPS;
    return (gt_vue)o;
}

/* Planes the primitive must be clipped against (mask) and those that only
 * reject (reject_mask), from the state. */
static void plane_masks(const gt_geom_state *st, unsigned *clip_mask, unsigned *reject_mask)
{
    unsigned m = 1u << PL_W, r = 0;
    if (st->clip.viewport_xy_clip_test_enable) {
        if (st->clip.guardband_clip_test_enable) {
            m |= 0xfu << PL_GUARD;
            r |= 0xfu << PL_VIEW;
        } else {
            m |= 0xfu << PL_VIEW;
        }
    }
    if (st->raster.viewport_z_near_clip_test_enable)
        m |= 1u << PL_ZNEAR;
    if (st->raster.viewport_z_far_clip_test_enable)
        m |= 1u << PL_ZFAR;
    m |= (unsigned)st->clip.user_clip_distance_clip_test_enable_bitmask << PL_USER;
    *clip_mask = m;
    *reject_mask = r;
}

int gt_clip_polygon(gt_raster_ctx *c, const gt_vue in[], unsigned n, unsigned in_edge, gt_vue out[],
                    unsigned *out_edge)
{
    const gt_geom_state *st = c->st;
    if (n < 1 || n > 3)
        return GTSIM_ERR_INVALID;
    c->stats.clip_invocations++;
    *out_edge = in_edge;
    if (st->clip.clip_enable && st->clip.clip_mode == GT_CLIPMODE_REJECT_ALL)
        return 0;
    unsigned clip_mask, reject_mask;
    plane_masks(st, &clip_mask, &reject_mask);
    bool clipping = st->clip.clip_enable && st->clip.clip_mode != GT_CLIPMODE_ACCEPT_ALL;

    /* user clip distance cull test (applies unless clipping is off) */
    unsigned cull = st->clip.user_clip_distance_cull_test_enable_bitmask;
    if (clipping && cull) {
        for (unsigned i = 0; i < 8; i++) {
            if (!(cull >> i & 1))
                continue;
            unsigned all_out = 1;
            for (unsigned k = 0; k < n; k++)
                all_out &= !inside(plane_dist(c, in[k], PL_USER + i));
            if (all_out)
                return 0;
        }
    }

    /* outcodes: trivial reject / accept */
    unsigned or_code = 0, and_code = ~0u;
    for (unsigned k = 0; k < n; k++) {
        unsigned code = 0;
        if (clipping) {
            for (unsigned p = 0; p < PL_COUNT; p++)
                if (((clip_mask | reject_mask) >> p & 1) && !inside(plane_dist(c, in[k], p)))
                    code |= 1u << p;
        }
        or_code |= code;
        and_code &= code;
    }
    if (and_code)
        return 0;
    for (unsigned k = 0; k < n; k++)
        out[k] = in[k];
    unsigned m = or_code & clip_mask;
    if (!m) {
        c->stats.clip_primitives++;
        return (int)n;
    }
    if (n == 1)
        return 0; /* a point outside a clip plane (only reachable via w) */

    gt_vue buf[2][GT_CLIP_MAX_POLY];
    unsigned ebuf[2];
    gt_vue *cur = buf[0];
    unsigned cn = n, cedge = in_edge;
    memcpy(cur, in, n * sizeof(gt_vue));
    int which = 0;
    for (unsigned p = 0; p < PL_COUNT && cn; p++) {
        if (!(m >> p & 1))
            continue;
        gt_vue *nxt = buf[which ^ 1];
        unsigned nn = 0, nedge = 0;
        bool plane_edge = p >= PL_USER && p < PL_W;
        float d[GT_CLIP_MAX_POLY];
        for (unsigned k = 0; k < cn; k++)
            d[k] = plane_dist(c, cur[k], p);
        unsigned edges = cn == 2 ? 1 : cn; /* a line has one edge, no closing one */
        if (cn == 2) {
            /* line: keep the inside part */
            bool i0 = inside(d[0]), i1 = inside(d[1]);
            if (!i0 && !i1) {
                cn = 0;
                break;
            }
            nxt[0] = i0 ? cur[0] : interp(c, cur[1], d[1], cur[0], d[0], p);
            nxt[1] = i1 ? cur[1] : interp(c, cur[0], d[0], cur[1], d[1], p);
            if (!nxt[0] || !nxt[1])
                return GTSIM_ERR_INVALID;
            nn = 2;
            nedge = cedge;
        } else {
            for (unsigned k = 0; k < edges; k++) {
                unsigned k1 = (k + 1) % cn;
                bool ik = inside(d[k]), ik1 = inside(d[k1]);
                unsigned f = cedge >> k & 1;
                if (nn + 2 > GT_CLIP_MAX_POLY)
                    return GTSIM_ERR_INVALID;
                if (ik) {
                    nedge |= f << nn;
                    nxt[nn++] = cur[k];
                    if (!ik1) {
                        gt_vue v = interp(c, cur[k], d[k], cur[k1], d[k1], p);
                        if (!v)
                            return GTSIM_ERR_INVALID;
                        nedge |= (unsigned)plane_edge << nn;
                        nxt[nn++] = v;
                    }
                } else if (ik1) {
                    gt_vue v = interp(c, cur[k1], d[k1], cur[k], d[k], p);
                    if (!v)
                        return GTSIM_ERR_INVALID;
                    nedge |= f << nn;
                    nxt[nn++] = v;
                }
            }
            if (nn < 3)
                nn = 0;
        }
        ebuf[which ^ 1] = nedge;
        which ^= 1;
        cur = nxt;
        cn = nn;
        cedge = ebuf[which];
    }
    for (unsigned k = 0; k < cn; k++)
        out[k] = cur[k];
    *out_edge = cedge;
    if (cn)
        c->stats.clip_primitives++;
    return (int)cn;
}
