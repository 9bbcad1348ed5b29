/*
 * Setup and rasterization (SF and WM rasterizer): viewport transform,
 * snapping, culling, polygon fill modes, depth offset, and scan conversion
 * of triangles, lines and points into 2x2 quads with coverage, barycentrics
 * and depth for pixel shader dispatch.  See raster.h for the interface.
 *
 * Rules and their sources:
 * - Viewport transform: xw = m00*x/w + m30, yw = m11*y/w + m31,
 *   zw = m22*z/w + m32 (SF_CLIP_VIEWPORT element names, Mesa genxml); then
 *   the Drawing Rectangle Origin is added (seed 004 3DSTATE_DRAWING_RECTANGLE).
 * - Snapping: 3DSTATE_SF Vertex Sub Pixel Precision Select, 8 or 4
 *   fractional bits (Mesa genxml "8 Bit" = 0, "4 Bit" = 1); round to nearest.
 * - Fill rule: top-left on the snapped coordinates, y down (the D3D10/11
 *   rasterization rules; Mesa llvmpipe lp_setup_tri.c uses the same rule with
 *   its pixel-centre convention); a sample exactly on a top or left edge is
 *   inside, on any other edge outside.
 * - Pixel position: 3DSTATE_MULTISAMPLE Pixel Location CENTER = (x+0.5,
 *   y+0.5), UL_CORNER = (x, y); sample offsets (3DSTATE_SAMPLE_PATTERN, U0.4)
 *   are from the pixel's upper-left corner (seed 004 3DSTATE_SAMPLE_PATTERN),
 *   shifted by -0.5 under UL_CORNER.  Standard patterns: Mesa
 *   src/intel/common/gen_sample_positions.h.
 * - Multisample rasterization when 3DSTATE_RASTER DX Multisample
 *   Rasterization Enable and more than one sample; otherwise coverage is
 *   tested at the pixel position and replicated to every sample.
 * - Centroid: the pixel position when every sample is covered, else the
 *   covered sample of lowest index: seed 004 3DSTATE_SAMPLE_PATTERN requires
 *   samples ordered by increasing distance from the pixel centre "to get the
 *   correct centroid computation".
 * - Culling: 3DSTATE_RASTER Cull Mode / Front Winding, winding as seen on the
 *   screen (y down); zero-area triangles are discarded.
 * - Depth offset (3DSTATE_RASTER Global Depth Offset *): offset =
 *   Constant * r + Scale * max(|dz/dx|, |dz/dy|), clamped toward 0 by
 *   Clamp; r = 2^-bits for UNORM depth, 2^(e-23) for float depth with e the
 *   exponent of the largest |z| of the primitive (D3D11 functional spec,
 *   "Depth Bias").  Applied to triangles by fill mode; not to lines/points.
 * - Lines: a parallelogram of Line Width with edges along the minor axis (the
 *   OpenGL non-antialiased wide-line rule) when single-sample, a rectangle
 *   when multisample rasterizing (OpenGL multisample line rule); width 0 is
 *   drawn 1 pixel wide.  The start cap is inclusive, the end cap inclusive
 *   only with 3DSTATE_SF Last Pixel Enable.
 * - Points: squares of Point Width (3DSTATE_SF Point Width Source: state or
 *   VUE header DW3, then clamped to 3DSTATE_CLIP Min/Max Point Width);
 *   3DSTATE_WM Point Rasterization Rule picks the inclusive edges (upper+left
 *   or upper+right).
 * - Line stipple: the pattern bit (bit 0 first) of the current index, each
 *   bit repeated Line Stipple Repeat Count pixels along the major axis
 *   (OpenGL line stipple; seed 004 3DSTATE_LINE_STIPPLE: repeat counter
 *   starts at 1, index at 0).
 * - Polygon stipple: row (y + Y Offset) & 31, bit 31 - ((x + X Offset) & 31)
 *   of that Pattern Row, in window coordinates (consistent with how Mesa's
 *   i965 programs OpenGL stipples: rows flipped for window-system buffers and
 *   Y Offset (32 - height) & 31).
 */
#include <math.h>
#include <string.h>

#include "gt.h"
#include "pipe3d/raster.h"

#define COORD_LIMIT 1048576.0 /* |screen coordinate| clamp, pixels: 2^20 */

unsigned gt_standard_sample_pattern(unsigned log2n, uint8_t x[GT_MAX_SAMPLES], uint8_t y[GT_MAX_SAMPLES])
{
    /* sixteenths of a pixel, from Mesa gen_sample_positions.h */
    static const uint8_t p1[] = {8, 8};
    static const uint8_t p2[] = {12, 12, 4, 4};
    static const uint8_t p4[] = {6, 2, 14, 6, 2, 10, 10, 14};
    static const uint8_t p8[] = {9, 5, 7, 11, 13, 9, 5, 3, 3, 13, 1, 7, 11, 15, 15, 1};
    static const uint8_t p16[] = {9, 9, 7, 5, 5, 10, 12, 7, 3, 6, 10, 13, 13, 11, 11, 3,
                                  6, 14, 8, 1, 4, 2, 2, 12, 0, 8, 15, 4, 14, 15, 1, 0};
    static const uint8_t *const tab[] = {p1, p2, p4, p8, p16};
    if (log2n > 4)
        return 0;
    unsigned n = 1u << log2n;
    for (unsigned k = 0; k < n; k++) {
        x[k] = tab[log2n][2 * k];
        y[k] = tab[log2n][2 * k + 1];
    }
    return n;
}

int gt_raster_begin(gt_raster_ctx *c)
{
    const gt_geom_state *st = c->st;
    const gt_vue_layout *vl = c->vl;
    if (!st || !vl || vl->slot_count == 0 || vl->slot_count > GT_VUE_MAX_SLOTS ||
        vl->position_slot >= vl->slot_count || vl->clip_distance_slot[0] >= (int)vl->slot_count ||
        vl->clip_distance_slot[1] >= (int)vl->slot_count || vl->point_width_slot >= (int)vl->slot_count)
        return GTSIM_ERR_INVALID;
    unsigned log2n = st->multisample.number_of_multisamples;
    if (log2n > 4)
        return GTSIM_ERR_INVALID;
    unsigned n = 1u << log2n;
    uint8_t sx[GT_MAX_SAMPLES], sy[GT_MAX_SAMPLES];
    bool zero = true;
    for (unsigned k = 0; k < n; k++)
        zero &= st->multisample.sample_x_offset[k] == 0 && st->multisample.sample_y_offset[k] == 0;
    if (zero) {
        gt_standard_sample_pattern(log2n, sx, sy);
    } else {
        for (unsigned k = 0; k < n; k++) {
            sx[k] = st->multisample.sample_x_offset[k] & 15;
            sy[k] = st->multisample.sample_y_offset[k] & 15;
        }
    }
    int shift = st->multisample.pixel_location == GT_PIXLOC_UL_CORNER ? GT_SUBPIX / 2 : 0;
    for (unsigned k = 0; k < n; k++) {
        c->sample_x[k] = sx[k] * (GT_SUBPIX / 16) - shift;
        c->sample_y[k] = sy[k] * (GT_SUBPIX / 16) - shift;
    }
    c->num_samples = n;
    c->ms_raster = st->raster.dx_multisample_rasterization_enable && n > 1;
    gt_raster_reset_line_stipple(c);
    return GTSIM_OK;
}

void gt_raster_reset_line_stipple(gt_raster_ctx *c)
{
    c->stipple_index = 0;
    c->stipple_counter = 1;
}

/* A vertex after the viewport transform. */
typedef struct wvert {
    gt_vue vue;
    int64_t X, Y;    /* snapped screen position, GT_SUBPIX units */
    double x, y, z;  /* snapped screen position in pixels; window z */
    double inv_w;
} wvert;

/* An edge of the convex region being rasterized: inside when
 * dx*(py-ay) - dy*(px-ax) + bias >= 0 (bias 0 inclusive, -1 exclusive). */
typedef struct edge {
    int64_t ax, ay, dx, dy, bias;
} edge;

/* Everything fixed for one setup primitive. */
typedef struct setup {
    gt_raster_prim prim;
    edge e[4];
    unsigned ne;
    int px0, py0, px1, py1;     /* pixel bounds (inclusive, screen) */
    /* linear barycentrics: b1 = a1*(x-x0)+c1*(y-y0), b2 = a2*(x-x0)+c2*(y-y0) */
    double x0, y0, a1, c1, a2, c2;
    bool poly_stipple, line_stipple, is_point;
    /* line stipple: major axis, start coordinate, direction */
    bool x_major;
    double stip_start;
    int stip_dir;
    unsigned stip_index, stip_counter;
    double pt_x0, pt_y0, pt_w;  /* point square upper-left and width */
} setup;

/* Viewport transform and snapping of a clip-space vertex; false when unusable. */
static bool transform(const gt_raster_ctx *c, gt_vue v, wvert *o)
{
    const gt_geom_state *st = c->st;
    const float *pos = v[c->vl->position_slot];
    double x = pos[0], y = pos[1], z = pos[2], w = pos[3];
    if (!isfinite(x) || !isfinite(y) || !isfinite(z) || !isfinite(w))
        return false;
    double iw = 1.0;
    if (!st->clip.perspective_divide_disable) {
        if (!(w > 0.0))
            return false;
        iw = 1.0 / w;
    }
    x *= iw, y *= iw, z *= iw;
    if (st->sf.viewport_transform_enable) {
        x = st->viewport.m00 * x + st->viewport.m30;
        y = st->viewport.m11 * y + st->viewport.m31;
        z = st->viewport.m22 * z + st->viewport.m32;
    }
    x += st->drawing_rectangle.origin_x;
    y += st->drawing_rectangle.origin_y;
    if (!isfinite(x) || !isfinite(y) || !isfinite(z) || !isfinite(iw))
        return false;
    x = fmax(-COORD_LIMIT, fmin(COORD_LIMIT, x));
    y = fmax(-COORD_LIMIT, fmin(COORD_LIMIT, y));
    int64_t X, Y;
    if (st->sf.vertex_sub_pixel_precision_select) {
        X = (int64_t)llrint(x * 16.0) * (GT_SUBPIX / 16);
        Y = (int64_t)llrint(y * 16.0) * (GT_SUBPIX / 16);
    } else {
        X = (int64_t)llrint(x * GT_SUBPIX);
        Y = (int64_t)llrint(y * GT_SUBPIX);
    }
    o->vue = v;
    o->X = X, o->Y = Y;
    o->x = (double)X / GT_SUBPIX, o->y = (double)Y / GT_SUBPIX;
    o->z = z;
    o->inv_w = iw;
    return true;
}

static void set_edge(edge *e, int64_t ax, int64_t ay, int64_t bx, int64_t by, bool inclusive)
{
    e->ax = ax, e->ay = ay, e->dx = bx - ax, e->dy = by - ay;
    e->bias = inclusive ? 0 : -1;
}

/* Top-left rule for an edge of a region with positive orientation
 * (dx*(py-ay) - dy*(px-ax) > 0 inside, y down): top edges run in +x with
 * dy == 0, left edges have dy < 0. */
static bool top_left(int64_t dx, int64_t dy)
{
    return dy < 0 || (dy == 0 && dx > 0);
}

/* The pixel bounds: the region's box intersected with scissor and drawing
 * rectangle.  False when empty. */
static bool bounds(const gt_raster_ctx *c, setup *s, int64_t minx, int64_t miny, int64_t maxx, int64_t maxy)
{
    const gt_geom_state *st = c->st;
    int64_t x0 = (minx >> GT_SUBPIX_BITS) - 1, y0 = (miny >> GT_SUBPIX_BITS) - 1;
    int64_t x1 = (maxx >> GT_SUBPIX_BITS) + 1, y1 = (maxy >> GT_SUBPIX_BITS) + 1;
    int64_t cx0 = st->drawing_rectangle.clipped_x_min, cy0 = st->drawing_rectangle.clipped_y_min;
    int64_t cx1 = st->drawing_rectangle.clipped_x_max, cy1 = st->drawing_rectangle.clipped_y_max;
    if (st->raster.scissor_rectangle_enable) {
        int64_t ox = st->drawing_rectangle.origin_x, oy = st->drawing_rectangle.origin_y;
        cx0 = cx0 > st->scissor.x_min + ox ? cx0 : st->scissor.x_min + ox;
        cy0 = cy0 > st->scissor.y_min + oy ? cy0 : st->scissor.y_min + oy;
        cx1 = cx1 < st->scissor.x_max + ox ? cx1 : st->scissor.x_max + ox;
        cy1 = cy1 < st->scissor.y_max + oy ? cy1 : st->scissor.y_max + oy;
    }
    x0 = x0 > cx0 ? x0 : cx0, y0 = y0 > cy0 ? y0 : cy0;
    x1 = x1 < cx1 ? x1 : cx1, y1 = y1 < cy1 ? y1 : cy1;
    if (x0 > x1 || y0 > y1)
        return false;
    s->px0 = (int)x0, s->py0 = (int)y0, s->px1 = (int)x1, s->py1 = (int)y1;
    return true;
}

static inline int64_t edge_at(const edge *e, int64_t px, int64_t py)
{
    return e->dx * (py - e->ay) - e->dy * (px - e->ax) + e->bias;
}

/* Is the box [x0,x1]x[y0,y1] (GT_SUBPIX units) wholly outside an edge? */
static bool box_out(const setup *s, int64_t x0, int64_t y0, int64_t x1, int64_t y1)
{
    for (unsigned i = 0; i < s->ne; i++) {
        const edge *e = &s->e[i];
        /* the corner maximising dx*py - dy*px */
        int64_t px = e->dy < 0 ? x1 : x0, py = e->dx > 0 ? y1 : y0;
        if (edge_at(e, px, py) < 0)
            return true;
    }
    return false;
}

/* Barycentrics (linear l, perspective p), 1/w at (fx, fy). */
static inline void bary_at(const setup *s, double fx, double fy, double l[2], double p[2], double *inv_w)
{
    const gt_raster_prim *pr = &s->prim;
    double ex = fx - s->x0, ey = fy - s->y0;
    l[0] = s->a1 * ex + s->c1 * ey;
    l[1] = s->a2 * ex + s->c2 * ey;
    double q0 = (1.0 - l[0] - l[1]) * pr->inv_w[0], q1 = l[0] * pr->inv_w[1], q2 = l[1] * pr->inv_w[2];
    double sum = q0 + q1 + q2;
    *inv_w = sum;
    if (sum != 0.0 && isfinite(sum)) {
        p[0] = q1 / sum, p[1] = q2 / sum;
    } else {
        p[0] = l[0], p[1] = l[1];
    }
}

static inline double depth_at(const setup *s, const double l[2])
{
    const gt_raster_prim *pr = &s->prim;
    return pr->z[0] + l[0] * ((double)pr->z[1] - pr->z[0]) + l[1] * ((double)pr->z[2] - pr->z[0]) +
           pr->depth_offset;
}

/* Scan the setup primitive: quads in raster order. */
static int scan(gt_raster_ctx *c, setup *s)
{
    const gt_geom_state *st = c->st;
    const unsigned ns = c->num_samples;
    const bool ms = c->ms_raster;
    const unsigned full = (1u << ns) - 1;
    const unsigned bim = st->wm.barycentric_interpolation_mode;
    const bool want_sample_bary = bim & (1u << GT_BIM_PERSPECTIVE_SAMPLE | 1u << GT_BIM_LINEAR_SAMPLE);
    const int pixoff = st->multisample.pixel_location == GT_PIXLOC_UL_CORNER ? 0 : GT_SUBPIX / 2;
    const double fpix = (double)pixoff / GT_SUBPIX;
    const int ox = st->drawing_rectangle.origin_x, oy = st->drawing_rectangle.origin_y;
    gt_raster_quad q;
    memset(&q, 0, sizeof(q));
    q.num_samples = ns;
    /* the positions tested for coverage, relative to the pixel's UL corner */
    int tx[GT_MAX_SAMPLES], ty[GT_MAX_SAMPLES];
    unsigned nt = ms ? ns : 1;
    for (unsigned k = 0; k < nt; k++) {
        tx[k] = ms ? c->sample_x[k] : pixoff;
        ty[k] = ms ? c->sample_y[k] : pixoff;
    }
    int qy0 = s->py0 & ~1, qx0 = s->px0 & ~1;
    for (int qy = qy0; qy <= s->py1; qy += 2) {
        for (int span = qx0; span <= s->px1; span += 8) {
            /* reject 8x2-pixel spans wholly outside an edge */
            int64_t bx0 = (int64_t)span * GT_SUBPIX - GT_SUBPIX, by0 = (int64_t)qy * GT_SUBPIX - GT_SUBPIX;
            if (box_out(s, bx0, by0, bx0 + 10 * GT_SUBPIX, by0 + 4 * GT_SUBPIX))
                continue;
            int spanend = span + 8 <= s->px1 + 1 ? span + 8 : s->px1 + 1;
            for (int qx = span; qx < spanend; qx += 2) {
                unsigned mask = 0;
                for (unsigned i = 0; i < 4; i++) {
                    int px = qx + (int)(i & 1), py = qy + (int)(i >> 1);
                    q.coverage[i] = 0;
                    if (px < s->px0 || px > s->px1 || py < s->py0 || py > s->py1)
                        continue;
                    unsigned cov = 0;
                    int64_t X = (int64_t)px * GT_SUBPIX, Y = (int64_t)py * GT_SUBPIX;
                    for (unsigned k = 0; k < nt; k++) {
                        bool in = true;
                        for (unsigned e = 0; e < s->ne; e++)
                            in &= edge_at(&s->e[e], X + tx[k], Y + ty[k]) >= 0;
                        cov |= (unsigned)in << k;
                    }
                    if (!ms && cov)
                        cov = full;
                    if (cov && s->poly_stipple) {
                        unsigned row = (unsigned)(py - oy + (int)st->poly_stipple.y_offset) & 31;
                        unsigned col = (unsigned)(px - ox + (int)st->poly_stipple.x_offset) & 31;
                        if (!(st->poly_stipple.pattern_row[row] >> (31 - col) & 1))
                            cov = 0;
                    }
                    if (cov && s->line_stipple) {
                        double ctr = s->x_major ? px + 0.5 : py + 0.5;
                        double d = (ctr - s->stip_start) * s->stip_dir;
                        int64_t step = (int64_t)floor(d);
                        if (step < 0)
                            step = 0;
                        unsigned rep = st->line_stipple.line_stipple_repeat_count ? st->line_stipple.line_stipple_repeat_count : 1;
                        uint64_t total = (uint64_t)step + s->stip_counter - 1;
                        unsigned idx = (unsigned)((s->stip_index + total / rep) & 15);
                        if (!(st->line_stipple.line_stipple_pattern >> idx & 1))
                            cov = 0;
                    }
                    q.coverage[i] = (uint16_t)cov;
                    mask |= (cov != 0) << i;
                }
                if (!mask)
                    continue;
                q.x = qx, q.y = qy;
                q.pixel_mask = mask;
                for (unsigned i = 0; i < 4; i++) {
                    int px = qx + (int)(i & 1), py = qy + (int)(i >> 1);
                    double fx = px + fpix, fy = py + fpix;
                    double l[2], p[2], iw;
                    bary_at(s, fx, fy, l, p, &iw);
                    q.z[i] = (float)depth_at(s, l);
                    q.inv_w[i] = (float)iw;
                    q.w[i] = (float)(1.0 / iw);
                    if (bim & 1u << GT_BIM_PERSPECTIVE_PIXEL)
                        q.bary[GT_BIM_PERSPECTIVE_PIXEL][i][0] = (float)p[0],
                        q.bary[GT_BIM_PERSPECTIVE_PIXEL][i][1] = (float)p[1];
                    if (bim & 1u << GT_BIM_LINEAR_PIXEL)
                        q.bary[GT_BIM_LINEAR_PIXEL][i][0] = (float)l[0],
                        q.bary[GT_BIM_LINEAR_PIXEL][i][1] = (float)l[1];
                    if (s->is_point) {
                        q.point_coord[i][0] = (float)((fx - s->pt_x0) / s->pt_w);
                        q.point_coord[i][1] = (float)((fy - s->pt_y0) / s->pt_w);
                    }
                    unsigned cov = q.coverage[i];
                    /* centroid: pixel position if fully covered, else lowest covered sample */
                    if (bim & (1u << GT_BIM_PERSPECTIVE_CENTROID | 1u << GT_BIM_LINEAR_CENTROID)) {
                        double cl[2] = {l[0], l[1]}, cp[2] = {p[0], p[1]}, ciw;
                        if (ms && cov && cov != full) {
                            unsigned k = (unsigned)__builtin_ctz(cov);
                            bary_at(s, px + (double)c->sample_x[k] / GT_SUBPIX, py + (double)c->sample_y[k] / GT_SUBPIX,
                                    cl, cp, &ciw);
                        }
                        q.bary[GT_BIM_PERSPECTIVE_CENTROID][i][0] = (float)cp[0];
                        q.bary[GT_BIM_PERSPECTIVE_CENTROID][i][1] = (float)cp[1];
                        q.bary[GT_BIM_LINEAR_CENTROID][i][0] = (float)cl[0];
                        q.bary[GT_BIM_LINEAR_CENTROID][i][1] = (float)cl[1];
                    }
                    if (ns > 1 || want_sample_bary) {
                        unsigned first = cov ? (unsigned)__builtin_ctz(cov) : 0;
                        for (unsigned k = 0; k < ns; k++) {
                            double sl[2], sp[2], siw;
                            if (ms || want_sample_bary)
                                bary_at(s, px + (double)c->sample_x[k] / GT_SUBPIX,
                                        py + (double)c->sample_y[k] / GT_SUBPIX, sl, sp, &siw);
                            else
                                sl[0] = l[0], sl[1] = l[1], sp[0] = p[0], sp[1] = p[1];
                            q.sample_z[i][k] = (float)depth_at(s, ms ? sl : l);
                            if (want_sample_bary) {
                                q.sample_bary[0][i][k][0] = (float)sp[0];
                                q.sample_bary[0][i][k][1] = (float)sp[1];
                                q.sample_bary[1][i][k][0] = (float)sl[0];
                                q.sample_bary[1][i][k][1] = (float)sl[1];
                            }
                        }
                        if (want_sample_bary) {
                            q.bary[GT_BIM_PERSPECTIVE_SAMPLE][i][0] = q.sample_bary[0][i][first][0];
                            q.bary[GT_BIM_PERSPECTIVE_SAMPLE][i][1] = q.sample_bary[0][i][first][1];
                            q.bary[GT_BIM_LINEAR_SAMPLE][i][0] = q.sample_bary[1][i][first][0];
                            q.bary[GT_BIM_LINEAR_SAMPLE][i][1] = q.sample_bary[1][i][first][1];
                        }
                    }
                }
                c->stats.quads++;
                if (c->quad_fn) {
                    int r = c->quad_fn(c->user, &s->prim, &q);
                    if (r)
                        return r;
                }
            }
        }
    }
    return GTSIM_OK;
}

static int emit(gt_raster_ctx *c, setup *s)
{
    c->stats.setup_prims++;
    if (c->prim_fn) {
        int r = c->prim_fn(c->user, &s->prim);
        if (r)
            return r;
    }
    return scan(c, s);
}

static void prim_vertex(gt_raster_prim *p, unsigned i, const wvert *v)
{
    p->vue[i] = v->vue;
    p->x[i] = (float)v->x, p->y[i] = (float)v->y, p->z[i] = (float)v->z;
    p->inv_w[i] = (float)v->inv_w;
}

/* The depth offset of a triangle (fill mode decides whether it applies). */
static double depth_offset(const gt_raster_ctx *c, const wvert *a, const wvert *b, const wvert *d)
{
    const gt_geom_state *st = c->st;
    double e1x = b->x - a->x, e1y = b->y - a->y, e2x = d->x - a->x, e2y = d->y - a->y;
    double det = e1x * e2y - e2x * e1y;
    double dzdx = 0, dzdy = 0;
    if (det != 0) {
        double z1 = b->z - a->z, z2 = d->z - a->z;
        dzdx = (z1 * e2y - z2 * e1y) / det;
        dzdy = (z2 * e1x - z1 * e2x) / det;
    }
    double slope = fmax(fabs(dzdx), fabs(dzdy));
    double r;
    if (st->depth_unorm_bits) {
        r = ldexp(1.0, -(int)st->depth_unorm_bits);
    } else {
        double zmax = fmax(fabs(a->z), fmax(fabs(b->z), fabs(d->z)));
        int e = 0;
        frexp(zmax, &e); /* zmax = m * 2^e, m in [0.5, 1): exponent e-1 */
        r = zmax > 0 ? ldexp(1.0, e - 1 - 23) : ldexp(1.0, -149);
    }
    double off = st->raster.global_depth_offset_constant * r + st->raster.global_depth_offset_scale * slope;
    double clamp = st->raster.global_depth_offset_clamp;
    if (clamp > 0 && off > clamp)
        off = clamp;
    else if (clamp < 0 && off < clamp)
        off = clamp;
    return isfinite(off) ? off : 0.0;
}

static int triangle(gt_raster_ctx *c, const wvert *v0, const wvert *v1, const wvert *v2, gt_vue prov,
                    bool front)
{
    const gt_geom_state *st = c->st;
    int64_t area = (v1->X - v0->X) * (v2->Y - v0->Y) - (v2->X - v0->X) * (v1->Y - v0->Y);
    if (area == 0)
        return GTSIM_OK;
    setup s;
    memset(&s, 0, sizeof(s));
    s.prim.kind = s.prim.source_kind = GT_PRIM_TRIANGLE;
    s.prim.front_facing = front;
    s.prim.provoking = prov;
    prim_vertex(&s.prim, 0, v0);
    prim_vertex(&s.prim, 1, v1);
    prim_vertex(&s.prim, 2, v2);
    if (st->raster.global_depth_offset_enable_solid)
        s.prim.depth_offset = (float)depth_offset(c, v0, v1, v2);
    const wvert *w[3] = {v0, v1, v2};
    if (area < 0) {
        w[1] = v2;
        w[2] = v1;
    }
    for (unsigned i = 0; i < 3; i++) {
        const wvert *a = w[i], *b = w[(i + 1) % 3];
        set_edge(&s.e[i], a->X, a->Y, b->X, b->Y, top_left(b->X - a->X, b->Y - a->Y));
    }
    s.ne = 3;
    int64_t minx = v0->X, maxx = v0->X, miny = v0->Y, maxy = v0->Y;
    for (unsigned i = 1; i < 3; i++) {
        minx = w[i]->X < minx ? w[i]->X : minx, maxx = w[i]->X > maxx ? w[i]->X : maxx;
        miny = w[i]->Y < miny ? w[i]->Y : miny, maxy = w[i]->Y > maxy ? w[i]->Y : maxy;
    }
    double D = (double)area / ((double)GT_SUBPIX * GT_SUBPIX);
    s.x0 = v0->x, s.y0 = v0->y;
    s.a1 = (v2->y - v0->y) / D, s.c1 = -(v2->x - v0->x) / D;
    s.a2 = -(v1->y - v0->y) / D, s.c2 = (v1->x - v0->x) / D;
    s.poly_stipple = st->wm.polygon_stipple_enable;
    if (!bounds(c, &s, minx, miny, maxx, maxy)) {
        c->stats.setup_prims++;
        return c->prim_fn ? c->prim_fn(c->user, &s.prim) : GTSIM_OK;
    }
    return emit(c, &s);
}

/* Snap a float screen position to GT_SUBPIX units (already clamped range). */
static int64_t snapd(double v)
{
    v = fmax(-COORD_LIMIT * 2, fmin(COORD_LIMIT * 2, v));
    return (int64_t)llrint(v * GT_SUBPIX);
}

static int line(gt_raster_ctx *c, const wvert *a, const wvert *b, gt_vue prov, bool front, unsigned source_kind,
                double zoff)
{
    const gt_geom_state *st = c->st;
    setup s;
    memset(&s, 0, sizeof(s));
    s.prim.kind = GT_PRIM_LINE;
    s.prim.source_kind = source_kind;
    s.prim.front_facing = front;
    s.prim.provoking = prov;
    s.prim.depth_offset = (float)zoff;
    prim_vertex(&s.prim, 0, a);
    prim_vertex(&s.prim, 1, b);
    prim_vertex(&s.prim, 2, a);
    double dx = b->x - a->x, dy = b->y - a->y, len2 = dx * dx + dy * dy;
    bool stip = st->wm.line_stipple_enable;
    if (len2 == 0) {
        c->stats.setup_prims++;
        return c->prim_fn ? c->prim_fn(c->user, &s.prim) : GTSIM_OK;
    }
    double hw = (st->sf.line_width > 0 ? st->sf.line_width : 1.0) / 2;
    bool xmaj = fabs(dx) >= fabs(dy);
    double nx, ny; /* half-width offset from the line */
    if (c->ms_raster) {
        double len = sqrt(len2);
        nx = -dy / len * hw, ny = dx / len * hw;
    } else if (xmaj) {
        nx = 0, ny = hw;
    } else {
        nx = hw, ny = 0;
    }
    /* corners: a+n, b+n, b-n, a-n */
    int64_t cx[4] = {snapd(a->x + nx), snapd(b->x + nx), snapd(b->x - nx), snapd(a->x - nx)};
    int64_t cy[4] = {snapd(a->y + ny), snapd(b->y + ny), snapd(b->y - ny), snapd(a->y - ny)};
    int64_t area = (cx[1] - cx[0]) * (cy[2] - cy[0]) - (cx[2] - cx[0]) * (cy[1] - cy[0]);
    if (area == 0) {
        c->stats.setup_prims++;
        return c->prim_fn ? c->prim_fn(c->user, &s.prim) : GTSIM_OK;
    }
    int ord[4] = {0, 1, 2, 3};
    if (area < 0)
        ord[1] = 3, ord[3] = 1;
    /* edge i runs from corner ord[i] to ord[i+1]; the caps are the edges b+n..b-n and a-n..a+n */
    for (unsigned i = 0; i < 4; i++) {
        int p = ord[i], q = ord[(i + 1) & 3];
        bool incl;
        if ((p == 1 && q == 2) || (p == 2 && q == 1))
            incl = st->sf.last_pixel_enable; /* end cap */
        else if ((p == 3 && q == 0) || (p == 0 && q == 3))
            incl = true; /* start cap */
        else
            incl = top_left(cx[q] - cx[p], cy[q] - cy[p]);
        set_edge(&s.e[i], cx[p], cy[p], cx[q], cy[q], incl);
    }
    s.ne = 4;
    int64_t minx = cx[0], maxx = cx[0], miny = cy[0], maxy = cy[0];
    for (unsigned i = 1; i < 4; i++) {
        minx = cx[i] < minx ? cx[i] : minx, maxx = cx[i] > maxx ? cx[i] : maxx;
        miny = cy[i] < miny ? cy[i] : miny, maxy = cy[i] > maxy ? cy[i] : maxy;
    }
    s.x0 = a->x, s.y0 = a->y;
    s.a1 = dx / len2, s.c1 = dy / len2;
    s.a2 = 0, s.c2 = 0;
    s.line_stipple = stip;
    s.x_major = xmaj;
    s.stip_start = xmaj ? a->x : a->y;
    s.stip_dir = (xmaj ? dx : dy) >= 0 ? 1 : -1;
    s.stip_index = c->stipple_index;
    s.stip_counter = c->stipple_counter;
    int r = GTSIM_OK;
    if (bounds(c, &s, minx, miny, maxx, maxy))
        r = emit(c, &s);
    else {
        c->stats.setup_prims++;
        if (c->prim_fn)
            r = c->prim_fn(c->user, &s.prim);
    }
    if (stip) {
        /* advance the stipple position by the pixels along the major axis */
        unsigned rep = st->line_stipple.line_stipple_repeat_count ? st->line_stipple.line_stipple_repeat_count : 1;
        double n = fabs(xmaj ? dx : dy);
        uint64_t steps = (uint64_t)llrint(fmin(n, 1e12));
        uint64_t total = steps + c->stipple_counter - 1;
        c->stipple_index = (unsigned)((c->stipple_index + total / rep) & 15);
        c->stipple_counter = (unsigned)(total % rep) + 1;
    }
    return r;
}

static int point(gt_raster_ctx *c, const wvert *v, gt_vue prov, bool front, unsigned source_kind, double zoff)
{
    const gt_geom_state *st = c->st;
    double width = st->sf.point_width;
    if (st->sf.point_width_source == 0 && c->vl->point_width_slot >= 0) {
        width = v->vue[c->vl->point_width_slot][3];
        if (st->clip.maximum_point_width > 0 && width > st->clip.maximum_point_width)
            width = st->clip.maximum_point_width;
        if (width < st->clip.minimum_point_width)
            width = st->clip.minimum_point_width;
    }
    if (!(width > 0) || !isfinite(width))
        width = 0;
    width = fmin(width, 4096.0);
    setup s;
    memset(&s, 0, sizeof(s));
    s.prim.kind = GT_PRIM_POINT;
    s.prim.source_kind = source_kind;
    s.prim.front_facing = front;
    s.prim.provoking = prov; /* a polygon's points: the polygon's provoking vertex (flat attributes) */
    s.prim.depth_offset = (float)zoff;
    s.prim.point_width = (float)width;
    for (unsigned i = 0; i < 3; i++)
        prim_vertex(&s.prim, i, v);
    c->stats.setup_prims++;
    if (c->prim_fn) {
        int r = c->prim_fn(c->user, &s.prim);
        if (r)
            return r;
    }
    if (width == 0)
        return GTSIM_OK;
    double h = width / 2;
    int64_t x0 = snapd(v->x - h), x1 = snapd(v->x + h), y0 = snapd(v->y - h), y1 = snapd(v->y + h);
    bool ur = st->wm.point_rasterization_rule == GT_RASTRULE_UPPER_RIGHT;
    /* clockwise on screen (positive orientation): top, right, bottom, left */
    set_edge(&s.e[0], x0, y0, x1, y0, true);
    set_edge(&s.e[1], x1, y0, x1, y1, ur);
    set_edge(&s.e[2], x1, y1, x0, y1, false);
    set_edge(&s.e[3], x0, y1, x0, y0, !ur);
    s.ne = 4;
    s.is_point = true;
    s.pt_x0 = v->x - h, s.pt_y0 = v->y - h, s.pt_w = width;
    s.x0 = v->x, s.y0 = v->y;
    if (!bounds(c, &s, x0, y0, x1, y1))
        return GTSIM_OK;
    return scan(c, &s);
}

/* Facing, culling and fill mode of a clipped polygon p[0..n-1]. */
static int polygon(gt_raster_ctx *c, const wvert *p, unsigned n, unsigned edges, gt_vue prov)
{
    const gt_geom_state *st = c->st;
    double farea = 0; /* twice the signed area (shoelace), GT_SUBPIX^2 units */
    for (unsigned i = 0; i < n; i++) {
        const wvert *a = &p[i], *b = &p[(i + 1) % n];
        farea += (double)a->X * (double)b->Y - (double)b->X * (double)a->Y;
    }
    if (farea == 0) {
        /* zero area: discarded */
        c->stats.culled++;
        return GTSIM_OK;
    }
    bool cw = farea > 0; /* y down: positive orientation is clockwise on screen */
    bool front = cw == (st->raster.front_winding == GT_WINDING_CW);
    switch (st->raster.cull_mode) {
    case GT_CULLMODE_BOTH: c->stats.culled++; return GTSIM_OK;
    case GT_CULLMODE_FRONT:
        if (front) {
            c->stats.culled++;
            return GTSIM_OK;
        }
        break;
    case GT_CULLMODE_BACK:
        if (!front) {
            c->stats.culled++;
            return GTSIM_OK;
        }
        break;
    default: break;
    }
    unsigned fill = front ? st->raster.front_face_fill_mode : st->raster.back_face_fill_mode;
    if (fill == GT_FILL_MODE_SOLID || fill > GT_FILL_MODE_POINT) {
        for (unsigned i = 1; i + 1 < n; i++) {
            int r = triangle(c, &p[0], &p[i], &p[i + 1], prov, front);
            if (r)
                return r;
        }
        return GTSIM_OK;
    }
    double zoff = 0;
    if ((fill == GT_FILL_MODE_WIREFRAME && st->raster.global_depth_offset_enable_wireframe) ||
        (fill == GT_FILL_MODE_POINT && st->raster.global_depth_offset_enable_point))
        zoff = depth_offset(c, &p[0], &p[1], &p[2]);
    for (unsigned i = 0; i < n; i++) {
        if (!(edges >> i & 1))
            continue;
        int r = fill == GT_FILL_MODE_WIREFRAME ? line(c, &p[i], &p[(i + 1) % n], prov, front, GT_PRIM_TRIANGLE, zoff)
                                               : point(c, &p[i], prov, front, GT_PRIM_TRIANGLE, zoff);
        if (r)
            return r;
    }
    return GTSIM_OK;
}

int gt_raster_draw(gt_raster_ctx *c, unsigned kind, const gt_vue v[], unsigned provoking, unsigned edge_flags)
{
    if (!c || !c->st || !c->vl || kind < GT_PRIM_POINT || kind > GT_PRIM_TRIANGLE || provoking >= kind)
        return GTSIM_ERR_INVALID;
    for (unsigned i = 0; i < kind; i++)
        if (!v[i])
            return GTSIM_ERR_INVALID;
    c->clip_used = 0;
    gt_vue poly[GT_CLIP_MAX_POLY];
    unsigned edges;
    int n = gt_clip_polygon(c, v, kind, kind == GT_PRIM_TRIANGLE ? (edge_flags & 7) : 1, poly, &edges);
    if (n <= 0)
        return n;
    wvert w[GT_CLIP_MAX_POLY];
    for (int i = 0; i < n; i++) {
        if (!transform(c, poly[i], &w[i])) {
            c->stats.dropped_bad++;
            return GTSIM_OK;
        }
    }
    gt_vue prov = v[provoking];
    switch (kind) {
    case GT_PRIM_POINT: return point(c, &w[0], w[0].vue, true, GT_PRIM_POINT, 0);
    case GT_PRIM_LINE: return line(c, &w[0], &w[1], prov, true, GT_PRIM_LINE, 0);
    default: return polygon(c, w, (unsigned)n, edges, prov);
    }
}
