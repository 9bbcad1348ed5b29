/*
 * Tessellation (internal to src/pipe3d): the fixed-function tessellator
 * (te.c) and the hull/domain shader stages around it (tess.c).
 */
#ifndef GT_PIPE3D_TESS_H
#define GT_PIPE3D_TESS_H

#include <stdbool.h>
#include <stdint.h>

/* 3DSTATE_TE field values (seed 004 / Mesa genxml 3DSTATE_TE). */
enum { P3_TE_QUAD = 0, P3_TE_TRI = 1, P3_TE_ISOLINE = 2 };
enum { P3_TE_INTEGER = 0, P3_TE_ODD_FRACTIONAL = 1, P3_TE_EVEN_FRACTIONAL = 2 };
enum { P3_TE_POINT = 0, P3_TE_LINE = 1, P3_TE_TRI_CW = 2, P3_TE_TRI_CCW = 3 };

#define P3_TE_MAX_POINTS (65 * 65)
#define P3_TE_MAX_INDICES (64 * 64 * 2 * 3)

/* One patch's tessellation: domain points (u, v; for the tri domain
 * w = 1 - u - v) and the primitives connecting them (per = 1, 2 or 3
 * point indices each, nidx = per * primitives). */
typedef struct p3_te_result {
    uint32_t npoints, nidx;
    unsigned per;
    float u[P3_TE_MAX_POINTS], v[P3_TE_MAX_POINTS];
    uint32_t idx[P3_TE_MAX_INDICES];
} p3_te_result;

/* Tessellate one patch of domain (P3_TE_QUAD/TRI/ISOLINE) with
 * partitioning P3_TE_INTEGER/ODD_FRACTIONAL/EVEN_FRACTIONAL into topology
 * P3_TE_POINT/LINE/TRI_CW/TRI_CCW, as the D3D11 tessellator does (16.16
 * fixed-point placement, the same points and triangles; the rules follow
 * the D3D11 functional specification's reference tessellator).  Factors
 * by edge: quad outer[0..3] = the U=0, V=0, U=1, V=1 edges, inner[0..1] =
 * inside U, V; tri outer[0..2] = the U=0, V=0, W=0 edges, inner[0];
 * isoline outer[0] = line density, outer[1] = line detail.  A patch with
 * an edge factor <= 0 or NaN is culled (npoints = 0).  Returns 0, or -1
 * for a bad domain/partitioning/topology. */
int p3_tessellate(unsigned domain, unsigned partitioning, unsigned topology, const float outer[4],
                  const float inner[2], p3_te_result *r);

struct p3_draw;
/* The tessellation stages of a draw (tess.c), NULL when 3DSTATE_HS/TE/DS
 * leave them off. */
struct p3_tess;
/* Decode 3DSTATE_HS, TE, DS, URB_HS/DS and the HS/DS binding table,
 * sampler and push constant state; *out = NULL when tessellation is off.
 * GTSIM_OK or an error report. */
int p3_tess_begin(struct p3_draw *d, struct p3_tess **out);
void p3_tess_free(struct p3_tess *t);
/* One patch of per control points (their VS output VUEs): HS threads,
 * the TE, DS threads, then the primitives on to the rest of the
 * pipeline (p3_ps_primitive).  The patch's primitive ID counts the
 * draw's patches from 0. */
int p3_tess_patch(struct p3_draw *d, unsigned per, const uint8_t *const vue[]);

#endif
