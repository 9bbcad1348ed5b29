/* The parameterized media walker as a generator (see media_walker.h). */
#include <stdio.h>

#include "pipe/media_walker.h"

static int64_t floor_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    if ((a % b) && ((a < 0) != (b < 0)))
        q--;
    return q;
}
static int64_t ceil_div(int64_t a, int64_t b) { return -floor_div(-a, b); }

/* Range of k >= 0 for which s + k*u lies in [0, n) on one axis; false if
 * empty.  A zero step keeps the whole range when s is inside. */
static int axis_range(int64_t s, int64_t u, int64_t n, int64_t *lo, int64_t *hi)
{
    if (u == 0) {
        if (s < 0 || s >= n)
            return 0;
        *lo = 0;
        *hi = INT64_MAX;
        return 1;
    }
    int64_t a, b;
    if (u > 0) {
        a = ceil_div(-s, u);
        b = floor_div(n - 1 - s, u);
    } else {
        a = ceil_div(n - 1 - s, u);
        b = floor_div(-s, u);
    }
    if (a < 0)
        a = 0;
    if (a > b)
        return 0;
    *lo = a;
    *hi = b;
    return 1;
}

int gt_mw_check(const gt_mw_params *p, char *why, size_t why_len)
{
    const char *r = NULL;
    if (p->global_res.x <= 0 || p->global_res.y <= 0)
        r = "Global Resolution is zero";
    else if (p->block_res.x <= 0 || p->block_res.y <= 0)
        r = "Block Resolution is zero";
    else if (p->global_inner_unit.x == 0 && p->global_inner_unit.y == 0)
        r = "Global Inner Loop Unit is (0, 0): the global inner loop never leaves the image";
    else if (p->dual && p->repel)
        r = "Repel combined with Dual Mode (seed 000 MEDIA_OBJECT_WALKER: Repel should not be combined "
            "with Dual Mode)";
    else if (p->color_count == 0 || p->color_count > 16)
        r = "Color Count out of 1..16";
    if (!r)
        return 0;
    if (why && why_len)
        snprintf(why, why_len, "%s", r);
    return -1;
}

/* Does the block [g, g + b) overlap [0, n) on both axes? */
static int global_in_bounds(gt_mw_xy g, gt_mw_xy b, gt_mw_xy n)
{
    return (int64_t)g.x + b.x > 0 && g.x < n.x && (int64_t)g.y + b.y > 0 && g.y < n.y;
}

static int32_t clamp_to(int32_t v, int32_t n)
{
    return v >= n ? n - 1 : v;
}

typedef struct walk_ctx {
    const gt_mw_params *p;
    gt_mw_emit_fn emit;
    int (*poll)(void *ctx);
    void *ctx;
    gt_mw_xy g;      /* current global position */
    gt_mw_xy blk;    /* adjusted local block */
} walk_ctx;

static int emit_point(walk_ctx *w, int64_t lx, int64_t ly, uint32_t color)
{
    int64_t x = w->g.x + lx, y = w->g.y + ly;
    if (x < 0 || y < 0 || x >= w->p->global_res.x || y >= w->p->global_res.y)
        return 0;
    return w->emit(w->ctx, (int32_t)x, (int32_t)y, color);
}

/* One local inner loop starting at s (all colors). */
static int inner_loop(walk_ctx *w, gt_mw_xy s)
{
    const gt_mw_params *p = w->p;
    gt_mw_xy u = p->local_inner_unit;
    int64_t lx, hx, ly, hy;
    if (!axis_range(s.x, u.x, w->blk.x, &lx, &hx) || !axis_range(s.y, u.y, w->blk.y, &ly, &hy))
        return 0;
    int64_t k0 = lx > ly ? lx : ly, k1 = hx < hy ? hx : hy;
    if (k0 > k1)
        return 0;
    if (u.x == 0 && u.y == 0)
        k1 = k0; /* the distance never shrinks: one point */
    for (uint32_t c = 0; c < p->color_count; c++) {
        int st;
        if (p->dual) {
            int64_t a = k0, b = k1;
            for (;;) {
                if ((st = emit_point(w, s.x + a * u.x, s.y + a * u.y, c)))
                    return st;
                if (a == b)
                    break;
                if ((st = emit_point(w, s.x + b * u.x, s.y + b * u.y, c)))
                    return st;
                a++, b--;
                if (a > b)
                    break;
            }
        } else if (p->repel) {
            for (int64_t k = k1; k >= k0; k--)
                if ((st = emit_point(w, s.x + k * u.x, s.y + k * u.y, c)))
                    return st;
        } else {
            for (int64_t k = k0; k <= k1; k++)
                if ((st = emit_point(w, s.x + k * u.x, s.y + k * u.y, c)))
                    return st;
        }
    }
    return 0;
}

static int local_loops(walk_ctx *w)
{
    const gt_mw_params *p = w->p;
    /* Local block boundary adjustment */
    w->blk = p->block_res;
    if ((int64_t)p->global_res.x - w->g.x < w->blk.x)
        w->blk.x = p->global_res.x - w->g.x;
    if ((int64_t)p->global_res.y - w->g.y < w->blk.y)
        w->blk.y = p->global_res.y - w->g.y;
    if (w->blk.x <= 0 || w->blk.y <= 0)
        return 0;
    gt_mw_xy start = {clamp_to(p->local_start.x, w->blk.x), clamp_to(p->local_start.y, w->blk.y)};
    for (uint32_t n = 0; n <= p->local_exec_count; n++) {
        gt_mw_xy ms = start;
        for (uint32_t m = 0; m <= p->mid_extra_steps; m++) {
            int st = inner_loop(w, ms);
            if (st)
                return st;
            ms.x += p->mid_unit.x;
            ms.y += p->mid_unit.y;
        }
        start.x += p->local_outer_stride.x;
        start.y += p->local_outer_stride.y;
    }
    return 0;
}

int gt_mw_walk(const gt_mw_params *p, gt_mw_emit_fn emit, void *ctx)
{
    return gt_mw_walk_poll(p, emit, NULL, ctx);
}

int gt_mw_walk_poll(const gt_mw_params *p, gt_mw_emit_fn emit, int (*poll)(void *ctx), void *ctx)
{
    if (gt_mw_check(p, NULL, 0))
        return -1;
    walk_ctx w = {.p = p, .emit = emit, .poll = poll, .ctx = ctx};
    gt_mw_xy outer = p->global_start;
    for (uint32_t n = 0; n <= p->global_exec_count; n++) {
        if (!global_in_bounds(outer, p->block_res, p->global_res))
            break;
        gt_mw_xy inner = outer;
        while (global_in_bounds(inner, p->block_res, p->global_res)) {
            w.g = inner;
            int st = poll ? poll(ctx) : 0;
            if (!st)
                st = local_loops(&w);
            if (st)
                return st;
            inner.x += p->global_inner_unit.x;
            inner.y += p->global_inner_unit.y;
        }
        outer.x += p->global_outer_stride.x;
        outer.y += p->global_outer_stride.y;
    }
    return 0;
}
