/*
 * The parameterized media walker (seed 000 §1.4.3, seed 003 §1.4.3.3-7):
 * the (X, Y, color) sequence of threads that MEDIA_OBJECT_WALKER generates,
 * as a generator independent of the rest of the pipeline so that the walk
 * order can be tested alone.
 *
 * All coordinates are in the walker's unit-normalized space (a unit is
 * whatever block the kernel processes: a macroblock, a 4x4 ...).  The seed
 * gives the algorithm as five nested loops (global outer, global inner,
 * local outer, local middle, local inner) whose flowcharts are missing from
 * the text extraction; gtsim reads it as follows (every rule below cites
 * the sentence it comes from):
 *
 *  Global loop.  gpos starts at Global Start.  The outer loop runs while
 *  gpos lies in the global bounds and at most Global Loop Exec Count + 1
 *  times; for each outer position the inner loop starts at that position
 *  and steps by Global Inner Loop Unit while in bounds; the outer position
 *  then steps by Global Outer Loop Stride ("check a bound condition,
 *  initialize the next level loop, execute it, calculate the next position
 *  for the current level and repeat").  A global position is in bounds
 *  when the local block placed at it, [gpos, gpos + Block Resolution),
 *  overlaps [0, Global Resolution) (slack is handled on the right/bottom
 *  or on the left/top depending on the start, §1.4.3.5).
 *
 *  Local block boundary adjustment.  The local block is Block Resolution,
 *  shrunk to Global Resolution - gpos where the image edge is closer; Local
 *  Start and Local End are clamped to the adjusted block ("the local
 *  starting positions might be modified here as well if the defined
 *  starting position is larger than the new local block size").
 *
 *  Local outer loop.  Runs Local Loop Exec Count + 1 times.  The starting
 *  point begins at Local Start and steps by Local Outer Loop Stride
 *  (Calculate_Next_Local_Outer_X_Y).  The ending point of each inner walk
 *  (Calculate_Next_Local_Inverse_Outer_X_Y) is where the inner line leaves
 *  the block; drivers program Local End as exactly that point for the
 *  first walk (raster: (W-1, 0)) or leave it 0, so gtsim derives the end
 *  from the line and the block and Local End does not change the walk.
 *
 *  Local middle loop.  Runs Middle Loop Extra Steps + 1 times; each pass
 *  shifts the inner walk by the Mid-Loop Unit (the MbAff-like case: "a
 *  third loop is necessary to repeat the inner loop, only shifted down a
 *  unit before restarting", §1.4.3.4).
 *
 *  Local inner loop.  The walk is the line start + k * Local Inner Loop
 *  Unit, k >= 0; the points of it inside the local block are a contiguous
 *  range k0..k1 (the block is a rectangle, the line straight), and the walk
 *  ends when the walker has passed the last of them (the distance between
 *  the walking point and the end of the range stops shrinking).  Points
 *  outside the block are not dispatched (a 45-degree wavefront whose
 *  outer loop has run past the right edge still enters the block).
 *   - normal: k0, k0+1, ..., k1 (moving away from the outer loop);
 *   - Dual Mode: the walk is bisected into two half-walks directed inward,
 *     alternating: k0, k1, k0+1, k1-1, ... until they meet (§1.4.3.3:
 *     "every-other output would go to the same slice");
 *   - Repel: the walk runs from the far end back towards the outer loop,
 *     k1, k1-1, ..., k0 (gtsim's reading of the missing figure; Repel is
 *     not combined with Dual Mode).
 *  Color Count Minus One + 1 repeats of the inner loop, the n-th repeat
 *  with color n ("the number of repeat of the inner most loop ... each
 *  repeat position is assigned with an incremental Color number").
 *
 *  The output (X, Y) is global position + local position; it is
 *  dispatched only if inside [0, Global Resolution).
 */
#ifndef GT_PIPE_MEDIA_WALKER_H
#define GT_PIPE_MEDIA_WALKER_H

#include <stddef.h>
#include <stdint.h>

/* A 2D vector in walker units (signed: strides and starts may be
 * negative). */
typedef struct gt_mw_xy {
    int32_t x, y;
} gt_mw_xy;

/* Walker parameters as MEDIA_OBJECT_WALKER programs them (seed 000
 * §1.8.8), already sign-extended. */
typedef struct gt_mw_params {
    gt_mw_xy block_res;          /* Block Resolution (local loop bounds) */
    gt_mw_xy local_start, local_end;
    gt_mw_xy local_outer_stride; /* Local Outer Loop Stride */
    gt_mw_xy local_inner_unit;   /* Local Inner Loop Unit */
    gt_mw_xy mid_unit;           /* Mid-Loop Unit X / Local Mid-Loop Unit Y */
    uint32_t mid_extra_steps;    /* Middle Loop Extra Steps */
    uint32_t local_exec_count;   /* Local Loop Exec Count (outer iterations - 1) */
    gt_mw_xy global_res;         /* Global Resolution */
    gt_mw_xy global_start;
    gt_mw_xy global_outer_stride;
    gt_mw_xy global_inner_unit;
    uint32_t global_exec_count;  /* Global Loop Exec Count (outer iterations - 1) */
    uint32_t color_count;        /* Color Count Minus One + 1 */
    int dual, repel;             /* Dual Mode, Repel */
} gt_mw_params;

/* Called for every thread the walker generates, in dispatch order; a
 * non-zero return stops the walk and is returned by gt_mw_walk. */
typedef int (*gt_mw_emit_fn)(void *ctx, int32_t x, int32_t y, uint32_t color);

/* Check that a walk terminates and is well formed.  Returns 0, or -1 with a
 * reason in why (a zero Global Inner Loop Unit with a non-empty image loops
 * forever in the global inner loop; zero resolutions; Repel with Dual
 * Mode). */
int gt_mw_check(const gt_mw_params *p, char *why, size_t why_len);

/* Run the walk, calling emit for each generated thread.  Returns 0, the
 * first non-zero value returned by emit, or -1 if gt_mw_check fails. */
int gt_mw_walk(const gt_mw_params *p, gt_mw_emit_fn emit, void *ctx);
/* As gt_mw_walk, calling poll(ctx) (may be NULL) before the local loops of
 * each global position: the walk can run ~2^47 loop steps (seed 000
 * MEDIA_OBJECT_WALKER field widths), many of which generate no thread; a
 * non-zero return stops the walk and is returned. */
int gt_mw_walk_poll(const gt_mw_params *p, gt_mw_emit_fn emit, int (*poll)(void *ctx), void *ctx);

#endif
