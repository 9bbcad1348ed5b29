/*
 * The fixed-function tessellator (TE): domain points and their
 * connectivity for one patch (see tess.h).
 *
 * Facts (the rules and numbers of the D3D11 tessellator, which Intel's TE
 * and Mesa's software tessellator both implement): factors are clamped per
 * partitioning ([1, 64] integer, [1, 63] odd, [2, 64] even; isoline density
 * [1, 64] and always integer), rounded up for integer partitioning, and
 * converted to unsigned 15.16 fixed point rounding to nearest even.  Each
 * edge is split symmetrically about its middle; the points of a half edge
 * blend the positions of floor(TF/2) and ceil(TF/2) equal segments by the
 * fraction of TF/2, with one split point chosen by the MSB rule.  Rings of
 * points go from the outside in; the outermost ring is joined to the next
 * with the "transition" stitch (an insertion order table), inner rings with
 * a mirrored-diagonal stitch, the quad centre with a strip of quads.
 */
#include <math.h>
#include <string.h>

#include "pipe3d/tess.h"

#define FX_ONE 0x10000u
#define FX_HALF 0x8000u
#define FX_THIRD 0x5555u
#define FX_TWO_THIRDS 0xaaaau
#define FX_INT(x) ((x) & 0x7fff0000u)

typedef struct tf_ctx {
    uint32_t inv_floor, inv_ceil; /* 1/segments for floor(TF/2) and ceil(TF/2), 16.16 */
    uint32_t frac;                /* fraction of TF/2 (odd: of TF/2 + 1/2) */
    int nhalf;                    /* points on a half edge */
    int split;                    /* the point where the floor spacing skips one */
    bool odd;
} tf_ctx;

typedef struct te_state {
    p3_te_result *r;
    unsigned topo;
} te_state;

/* 1/n in 16.16, rounded to nearest (n = 1..64) */
static uint32_t fx_recip(int n)
{
    return (uint32_t)((65536 + n / 2) / n);
}

static uint32_t fx_ceil(uint32_t x)
{
    return (x & 0xffffu) ? FX_INT(x) + FX_ONE : x;
}

static int clear_msb(int v)
{
    for (int b = 30; b >= 0; b--)
        if (v & (1 << b))
            return v & ~(1 << b);
    return 0;
}

/* a float in [0, 64] to 16.16, ties to even (the reference conversion) */
static uint32_t fx_from(float f)
{
    return (uint32_t)nearbyint((double)f * 65536.0);
}

static float clampf(float x, float lo, float hi)
{
    if (isnan(x))
        return lo;
    return x < lo ? lo : x > hi ? hi : x;
}

static void tf_context(uint32_t tf, bool odd, tf_ctx *c)
{
    uint32_t half = (tf + 1) / 2;
    if (odd || half == FX_HALF) /* TF 1 counts as even 2 */
        half += FX_HALF;
    uint32_t fl = FX_INT(half), ce = fx_ceil(half);
    c->odd = odd;
    c->frac = half - fl;
    c->nhalf = (int)(ce >> 16);
    if (ce == fl)
        c->split = c->nhalf + 1; /* never reached */
    else if (odd)
        c->split = fl == FX_ONE ? 0 : (clear_msb((int)(fl >> 16) - 1) << 1) + 1;
    else
        c->split = (clear_msb((int)(fl >> 16)) << 1) + 1;
    int nfl = (int)((fl * 2) >> 16), nce = (int)((ce * 2) >> 16);
    if (odd) {
        nfl--;
        nce--;
    }
    c->inv_floor = nfl > 0 ? fx_recip(nfl) : 0;
    c->inv_ceil = nce > 0 ? fx_recip(nce) : 0;
}

static int tf_points(uint32_t tf, bool odd)
{
    if (odd)
        return (int)((fx_ceil(FX_HALF + (tf + 1) / 2) * 2) >> 16);
    return (int)((fx_ceil((tf + 1) / 2) * 2) >> 16) + 1;
}

/* the position (16.16) of point p of an edge */
static uint32_t tf_place(const tf_ctx *c, int p)
{
    bool flip = false;
    if (p >= c->nhalf) {
        p = 2 * c->nhalf - p - (c->odd ? 1 : 0);
        flip = true;
    }
    if (p == c->nhalf)
        return FX_HALF;
    uint32_t on_ceil = (uint32_t)p, on_floor = (uint32_t)p;
    if (p > c->split)
        on_floor--;
    uint32_t a = on_floor * c->inv_floor, b = on_ceil * c->inv_ceil;
    uint32_t loc = (a * (FX_ONE - c->frac) + b * c->frac + FX_HALF) >> 16;
    return flip ? FX_ONE - loc : loc;
}

static void point(te_state *s, uint32_t u, uint32_t v)
{
    p3_te_result *r = s->r;
    if (r->npoints >= P3_TE_MAX_POINTS)
        return;
    r->u[r->npoints] = (float)u / 65536.0f;
    r->v[r->npoints] = (float)v / 65536.0f;
    r->npoints++;
}

static void index1(te_state *s, uint32_t i)
{
    if (s->r->nidx < P3_TE_MAX_INDICES)
        s->r->idx[s->r->nidx++] = i;
}

/* a triangle given clockwise; reversed for TRI_CCW */
static void tri(te_state *s, uint32_t a, uint32_t b, uint32_t c)
{
    index1(s, a);
    if (s->topo == P3_TE_TRI_CCW) {
        index1(s, c);
        index1(s, b);
    } else {
        index1(s, b);
        index1(s, c);
    }
}

/* ---- stitching two rows of points: in[] (inner) and out[] (outer) ---- */

enum { DIAG_IN_TO_OUT, DIAG_IN_TO_OUT_EXCEPT_MIDDLE, DIAG_MIRRORED };

static void stitch_regular(te_state *s, bool trapezoid, int diag, int n_in, const uint32_t *in, const uint32_t *out)
{
    int i = 0, o = 0, p;
    if (trapezoid) {
        tri(s, out[o], out[o + 1], in[i]);
        o++;
    }
    switch (diag) {
    case DIAG_IN_TO_OUT:
        for (p = 0; p < n_in - 1; p++, i++, o++) {
            tri(s, in[i], out[o], out[o + 1]);
            tri(s, in[i], out[o + 1], in[i + 1]);
        }
        break;
    case DIAG_IN_TO_OUT_EXCEPT_MIDDLE: /* odd counts */
        for (p = 0; p < n_in / 2 - 1; p++, i++, o++) {
            tri(s, out[o], out[o + 1], in[i]);
            tri(s, in[i], out[o + 1], in[i + 1]);
        }
        tri(s, out[o], in[i + 1], in[i]);
        tri(s, out[o], out[o + 1], in[i + 1]);
        i++, o++, p += 2;
        for (; p < n_in; p++, i++, o++) {
            tri(s, out[o], out[o + 1], in[i]);
            tri(s, in[i], out[o + 1], in[i + 1]);
        }
        break;
    default: /* mirrored about the middle */
        for (p = 0; p < n_in / 2; p++, i++, o++) {
            tri(s, out[o], in[i + 1], in[i]);
            tri(s, out[o], out[o + 1], in[i + 1]);
        }
        for (; p < n_in - 1; p++, i++, o++) {
            tri(s, in[i], out[o], out[o + 1]);
            tri(s, in[i], out[o + 1], in[i + 1]);
        }
        break;
    }
    if (trapezoid)
        tri(s, out[o], out[o + 1], in[i]);
}

/* The order in which the points of a half edge are inserted going from
 * TF/2 = 0 to 32 points (a fact of the D3D11 tessellator: position 0 first,
 * then the bisection order), and the range of that table a given half
 * edge size can touch. */
static const int insert_order[33] = {0,  32, 16, 8,  17, 4,  18, 9,  19, 2,  20, 10, 21, 5,  22, 11, 23,
                                     1,  24, 12, 25, 6,  26, 13, 27, 3,  28, 14, 29, 7,  30, 15, 31};
static const int insert_first[33] = {1, 1, 17, 9, 9, 5, 5, 5, 5, 3, 3, 3, 3, 3, 3, 3, 3,
                                     2, 2, 2,  2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2};
static const int insert_last[33] = {0,  0,  17, 17, 25, 25, 25, 25, 29, 29, 29, 29, 29, 29, 29, 29, 31,
                                    31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 32};

static void stitch_transition(te_state *s, const uint32_t *in, int in_half, bool in_odd, const uint32_t *out,
                              int out_half, bool out_odd)
{
    if (in_odd)
        in_half--;
    if (out_odd)
        out_half--;
    if (in_half < 0 || out_half < 0 || in_half > 32 || out_half > 32)
        return;
    int i = 0, o = 0;
    int k0 = insert_first[in_half] < insert_first[out_half] ? insert_first[in_half] : insert_first[out_half];
    int k1 = insert_last[in_half] > insert_last[out_half] ? insert_last[in_half] : insert_last[out_half];
    if (insert_order[0] < out_half) {
        tri(s, out[o], out[o + 1], in[i]);
        o++;
    }
    for (int k = k0; k <= k1; k++) {
        if (insert_order[k] < in_half) {
            tri(s, in[i], out[o], in[i + 1]);
            i++;
        }
        if (insert_order[k] < out_half) {
            tri(s, out[o], out[o + 1], in[i]);
            o++;
        }
    }
    /* the middle */
    if (in_odd != out_odd || in_odd) {
        if (in_odd == out_odd) {
            tri(s, in[i], out[o], in[i + 1]);
            tri(s, in[i + 1], out[o], out[o + 1]);
            i++, o++;
        } else if (!in_odd) {
            tri(s, in[i], out[o], out[o + 1]);
            o++;
        } else {
            tri(s, in[i], out[o], in[i + 1]);
            i++;
        }
    }
    for (int k = k1; k >= k0; k--) {
        if (insert_order[k] < out_half) {
            tri(s, out[o], out[o + 1], in[i]);
            o++;
        }
        if (insert_order[k] < in_half) {
            tri(s, in[i], out[o], in[i + 1]);
            i++;
        }
    }
    if (insert_order[0] < out_half)
        tri(s, out[o], out[o + 1], in[i]);
}

/* ---- factor processing ---- */

typedef struct edge_tf {
    uint32_t fx;
    bool odd;
    tf_ctx ctx;
    int npoints;
} edge_tf;

static void edge_setup(edge_tf *e, float f, bool odd)
{
    e->fx = fx_from(f);
    e->odd = odd;
    tf_context(e->fx, odd, &e->ctx);
    e->npoints = tf_points(e->fx, odd);
}

static bool is_even_int(float f)
{
    return ((int)f & 1) == 0;
}

/* clamp, round and find the parity of one factor */
static void factor(float *f, unsigned part, bool inside, float lo, float hi, bool *odd)
{
    *f = clampf(*f, lo, hi);
    if (part == P3_TE_INTEGER) {
        *f = ceilf(*f);
        *odd = !(is_even_int(*f) || (inside && *f == 1.0f));
    } else {
        *odd = part == P3_TE_ODD_FRACTIONAL;
    }
}

static void bounds(unsigned part, float *lo, float *hi)
{
    *lo = part == P3_TE_EVEN_FRACTIONAL ? 2.0f : 1.0f;
    *hi = part == P3_TE_ODD_FRACTIONAL ? 63.0f : 64.0f;
}

/* ODD: if any factor is above 1 after fixed-point conversion, the inside
 * factors are kept above 1 (a ring around the centre) */
static float odd_inside_lo(const float *f, unsigned n, float lo)
{
    const float eps = 1.0f / 65536.0f;
    for (unsigned i = 0; i < n; i++)
        if (f[i] > 1.0f + eps / 2)
            return 1.0f + eps;
    return lo;
}

static void all_points(te_state *s)
{
    s->r->per = 1;
    for (uint32_t p = 0; p < s->r->npoints; p++)
        index1(s, p);
}

static void all_points_as_lines(te_state *s)
{
    s->r->per = 2;
    for (uint32_t p = 1; p < s->r->npoints; p++) {
        index1(s, p - 1);
        index1(s, p);
    }
}

/* ---- quads ---- */

static void quad(te_state *s, unsigned part, const float outer_in[4], const float inner_in[2])
{
    for (int e = 0; e < 4; e++)
        if (!(outer_in[e] > 0))
            return; /* culled */
    float lo, hi;
    bounds(part, &lo, &hi);
    float outer[4], inner[2];
    bool oodd[4], iodd[2];
    for (int e = 0; e < 4; e++) {
        outer[e] = outer_in[e];
        factor(&outer[e], part, false, lo, hi, &oodd[e]);
    }
    float ilo = lo;
    if (part == P3_TE_ODD_FRACTIONAL) {
        float all[6] = {outer[0], outer[1], outer[2], outer[3], inner_in[0], inner_in[1]};
        ilo = odd_inside_lo(all, 6, lo);
    }
    for (int a = 0; a < 2; a++) {
        inner[a] = inner_in[a];
        factor(&inner[a], part, true, ilo, hi, &iodd[a]);
    }
    edge_tf oe[4], ie[2];
    for (int e = 0; e < 4; e++)
        edge_setup(&oe[e], outer[e], oodd[e]);
    for (int a = 0; a < 2; a++)
        edge_setup(&ie[a], inner[a], iodd[a]);
    if (part != P3_TE_EVEN_FRACTIONAL && ie[0].fx == FX_ONE && ie[1].fx == FX_ONE && oe[0].fx == FX_ONE &&
        oe[1].fx == FX_ONE && oe[2].fx == FX_ONE && oe[3].fx == FX_ONE) {
        point(s, 0, 0);
        point(s, FX_ONE, 0);
        point(s, FX_ONE, FX_ONE);
        point(s, 0, FX_ONE);
        if (s->topo == P3_TE_POINT)
            all_points(s);
        else if (s->topo == P3_TE_LINE)
            all_points_as_lines(s);
        else {
            tri(s, 0, 1, 3);
            tri(s, 1, 2, 3);
        }
        return;
    }
    int nin[2];
    for (int a = 0; a < 2; a++) {
        nin[a] = ie[a].npoints;
        int min = ie[a].odd ? 4 : 3;
        if (nin[a] < min)
            nin[a] = min;
    }
    /* the outer ring: U=0 (V 1 -> 0), V=0 (U 0 -> 1), U=1 (V 0 -> 1),
     * V=1 (U 1 -> 0), each without its last point */
    for (int e = 0; e < 4; e++) {
        int end = oe[e].npoints - 1;
        for (int p = 0; p < end; p++) {
            uint32_t t = tf_place(&oe[e].ctx, (e == 1 || e == 2) ? p : end - p);
            if (e & 1)
                point(s, t, e == 3 ? FX_ONE : 0);
            else
                point(s, e == 2 ? FX_ONE : 0, t);
        }
    }
    uint32_t inner_base = s->r->npoints;
    int nrings = (nin[0] < nin[1] ? nin[0] : nin[1]) >> 1;
    for (int ring = 1; ring < nrings; ring++) {
        int end[2] = {nin[0] - 1 - ring, nin[1] - 1 - ring};
        for (int e = 0; e < 4; e++) {
            int perp_axis = e & 1, along = (e + 1) & 1;
            uint32_t perp = tf_place(&ie[perp_axis].ctx, e < 2 ? ring : end[perp_axis]);
            for (int p = ring; p < end[along]; p++) {
                uint32_t t = tf_place(&ie[along].ctx, (e == 1 || e == 2) ? p : end[along] - (p - ring));
                if (along)
                    point(s, perp, t);
                else
                    point(s, t, perp);
            }
        }
    }
    /* an even inside factor leaves a degenerate middle row of points */
    if (nin[0] > nin[1] && !ie[1].odd) {
        for (int p = nrings; p <= nin[0] - 1 - nrings; p++)
            point(s, tf_place(&ie[0].ctx, p), FX_HALF);
    } else if (nin[1] >= nin[0] && !ie[0].odd) {
        for (int p = nin[1] - 1 - nrings; p >= nrings; p--)
            point(s, FX_HALF, tf_place(&ie[1].ctx, p));
    }
    if (s->topo == P3_TE_POINT) {
        all_points(s);
        return;
    }
    if (s->topo == P3_TE_LINE) {
        all_points_as_lines(s);
        return;
    }
    /* connectivity, ring by ring, edge by edge */
    int rows[2] = {(nin[0] + 1) >> 1, (nin[1] + 1) >> 1};
    int crings = rows[0] < rows[1] ? rows[0] : rows[1];
    int degenerate[2] = {!ie[1].odd ? rows[1] - 1 : -1, !ie[0].odd ? rows[0] - 1 : -1};
    int nout[4] = {oe[0].npoints, oe[1].npoints, oe[2].npoints, oe[3].npoints};
    int ib = (int)inner_base, ob = 0;
    uint32_t in[2 * 66], out[2 * 66];
    for (int ring = 1; ring < crings; ring++) {
        int nine[2] = {nin[0] - 2 * ring, nin[1] - 2 * ring};
        int ib0 = ib, ob0 = ob;
        for (int e = 0; e < 4; e++) {
            int par = (e + 1) & 1, ni = nine[par], no = nout[e];
            bool degen = ring == degenerate[par];
            for (int k = 0; k < no; k++)
                out[k] = (uint32_t)(ob + k);
            if (e == 3)
                out[no - 1] = (uint32_t)ob0;
            for (int j = 0; j < ni; j++)
                in[j] = (uint32_t)((degen && e >= 2) ? ib - j : ib + j);
            if (e == 3 && !degen)
                in[ni - 1] = (uint32_t)ib0;
            if (ring == 1)
                stitch_transition(s, in, ie[par].ctx.nhalf, ie[par].odd, out, oe[e].ctx.nhalf, oe[e].odd);
            else
                stitch_regular(s, true, DIAG_MIRRORED, ni, in, out);
            ob += no - 1;
            ib += (e == 2 && degen) ? -(ni - 1) : ni - 1;
            nout[e] = ni;
        }
    }
    /* the centre: a strip of quads when the shorter axis is odd */
    if (nin[0] > nin[1] && ie[1].odd) {
        int sq = (((nin[0] >> 1) - (nin[1] >> 1)) << 1) + (!ie[0].odd ? 2 : 1);
        int b = ob + sq + 2;
        for (int j = 0; j <= sq; j++) {
            in[j] = j == 0 ? (uint32_t)ob : (uint32_t)(b + sq - j);
            out[j] = (uint32_t)(ob + 1 + j);
        }
        stitch_regular(s, false, DIAG_IN_TO_OUT, sq + 1, in, out);
    } else if (nin[1] >= nin[0] && ie[0].odd) {
        int sq = (((nin[1] >> 1) - (nin[0] >> 1)) << 1) + (!ie[1].odd ? 2 : 1);
        int b = ob + sq + 1;
        for (int j = 0; j <= sq; j++) {
            in[j] = (uint32_t)(b + sq - j);
            out[j] = (uint32_t)(ob + j);
        }
        stitch_regular(s, false, !ie[1].odd ? DIAG_IN_TO_OUT : DIAG_IN_TO_OUT_EXCEPT_MIDDLE, sq + 1, in, out);
    }
}

/* ---- triangles ---- */

static void triangle(te_state *s, unsigned part, const float outer_in[3], float inner_f)
{
    for (int e = 0; e < 3; e++)
        if (!(outer_in[e] > 0))
            return;
    float lo, hi;
    bounds(part, &lo, &hi);
    float outer[3];
    bool oodd[3], iodd;
    for (int e = 0; e < 3; e++) {
        outer[e] = outer_in[e];
        factor(&outer[e], part, false, lo, hi, &oodd[e]);
    }
    float ilo = part == P3_TE_ODD_FRACTIONAL ? odd_inside_lo(outer, 3, lo) : lo;
    factor(&inner_f, part, true, ilo, hi, &iodd);
    edge_tf oe[3], ie;
    for (int e = 0; e < 3; e++)
        edge_setup(&oe[e], outer[e], oodd[e]);
    edge_setup(&ie, inner_f, iodd);
    if (part != P3_TE_EVEN_FRACTIONAL && ie.fx == FX_ONE && oe[0].fx == FX_ONE && oe[1].fx == FX_ONE &&
        oe[2].fx == FX_ONE) {
        point(s, 0, FX_ONE);
        point(s, 0, 0);
        point(s, FX_ONE, 0);
        if (s->topo == P3_TE_POINT)
            all_points(s);
        else if (s->topo == P3_TE_LINE)
            all_points_as_lines(s);
        else
            tri(s, 0, 1, 2);
        return;
    }
    int nin = ie.npoints;
    if (nin < (iodd ? 4 : 3))
        nin = iodd ? 4 : 3;
    /* outer ring: U=0 (V 1 -> 0), V=0 (U 0 -> 1), W=0 (U 1 -> 0) */
    for (int e = 0; e < 3; e++) {
        int end = oe[e].npoints - 1;
        for (int p = 0; p < end; p++) {
            uint32_t t = tf_place(&oe[e].ctx, (e & 1) ? p : end - p);
            if (e == 0)
                point(s, 0, t);
            else
                point(s, t, e == 2 ? FX_ONE - t : 0);
        }
    }
    uint32_t inner_base = s->r->npoints;
    int nrings = nin >> 1;
    for (int ring = 1; ring < nrings; ring++) {
        int end = nin - 1 - ring;
        for (int e = 0; e < 3; e++) {
            /* the ring's distance in barycentric units: 2/3 of the 1D place */
            uint32_t perp = (tf_place(&ie.ctx, ring) * FX_TWO_THIRDS + FX_HALF) >> 16;
            uint32_t d = (perp + 1) / 2;
            for (int p = ring; p < end; p++) {
                uint32_t t = tf_place(&ie.ctx, (e & 1) ? p : end - (p - ring));
                if (e == 0)
                    point(s, perp, t - d);
                else if (e == 1)
                    point(s, t - d, perp);
                else
                    point(s, t - d, FX_ONE - (t - d) - perp);
            }
        }
    }
    if (!iodd)
        point(s, FX_THIRD, FX_THIRD);
    if (s->topo == P3_TE_POINT) {
        all_points(s);
        return;
    }
    if (s->topo == P3_TE_LINE) {
        all_points_as_lines(s);
        return;
    }
    int crings = (nin + 1) >> 1;
    int nout[3] = {oe[0].npoints, oe[1].npoints, oe[2].npoints};
    int ib = (int)inner_base, ob = 0;
    uint32_t in[2 * 66], out[2 * 66];
    for (int ring = 1; ring < crings; ring++) {
        int ni = nin - 2 * ring;
        int ib0 = ib, ob0 = ob;
        for (int e = 0; e < 3; e++) {
            int no = nout[e];
            for (int k = 0; k < no; k++)
                out[k] = (uint32_t)(ob + k);
            for (int j = 0; j < ni; j++)
                in[j] = (uint32_t)(ib + j);
            if (e == 2) {
                out[no - 1] = (uint32_t)ob0;
                in[ni - 1] = (uint32_t)ib0;
            }
            if (ring == 1)
                stitch_transition(s, in, ie.ctx.nhalf, iodd, out, oe[e].ctx.nhalf, oe[e].odd);
            else
                stitch_regular(s, true, DIAG_MIRRORED, ni, in, out);
            ob += no - 1;
            ib += ni - 1;
            nout[e] = ni;
        }
    }
    if (iodd)
        tri(s, (uint32_t)ob, (uint32_t)ob + 1, (uint32_t)ob + 2);
}

/* ---- isolines ---- */

static void isoline(te_state *s, unsigned part, float density, float detail)
{
    if (!(density > 0) || !(detail > 0))
        return;
    float lo, hi;
    bounds(part, &lo, &hi);
    bool detail_odd, density_odd;
    factor(&detail, part, false, lo, hi, &detail_odd);
    density = ceilf(clampf(density, 1.0f, 64.0f)); /* always integer */
    density_odd = !is_even_int(density);
    edge_tf de, dn;
    edge_setup(&de, detail, detail_odd);
    edge_setup(&dn, density, density_odd);
    int per_line = de.npoints, lines = dn.npoints - 1; /* no line at V = 1 */
    for (int l = 0; l < lines; l++)
        for (int p = 0; p < per_line; p++)
            point(s, tf_place(&de.ctx, p), tf_place(&dn.ctx, l));
    if (s->topo == P3_TE_POINT) {
        all_points(s);
        return;
    }
    s->r->per = 2;
    for (int l = 0; l < lines; l++)
        for (int p = 1; p < per_line; p++) {
            index1(s, (uint32_t)(l * per_line + p - 1));
            index1(s, (uint32_t)(l * per_line + p));
        }
}

int p3_tessellate(unsigned domain, unsigned partitioning, unsigned topology, const float outer[4],
                  const float inner[2], p3_te_result *r)
{
    r->npoints = r->nidx = 0;
    r->per = topology == P3_TE_POINT ? 1 : topology == P3_TE_LINE ? 2 : 3;
    if (domain > P3_TE_ISOLINE || partitioning > P3_TE_EVEN_FRACTIONAL || topology > P3_TE_TRI_CCW)
        return -1;
    if (domain == P3_TE_ISOLINE && topology >= P3_TE_TRI_CW)
        return -1;
    te_state s = {r, topology};
    switch (domain) {
    case P3_TE_QUAD: quad(&s, partitioning, outer, inner); break;
    case P3_TE_TRI: triangle(&s, partitioning, outer, inner[0]); break;
    default: isoline(&s, partitioning, outer[0], outer[1]); break;
    }
    return 0;
}
