/*
 * Vertex fetch (VF) and primitive assembly of the 3D pipeline: the vertex
 * stream of a 3DPRIMITIVE (sequential or indexed through the index buffer,
 * with primitive restart), the vertex elements each vertex is built from
 * (VERTEX_ELEMENT_STATE / VERTEX_BUFFER_STATE / 3DSTATE_VF_INSTANCING /
 * 3DSTATE_VF_SGVS), and the split of a topology (3DSTATE_VF_TOPOLOGY) into
 * points, lines and triangles.
 *
 * Seed 004 3DPRIMITIVE, 3DSTATE_VF, 3DSTATE_INDEX_BUFFER,
 * 3DSTATE_VERTEX_BUFFERS, 3DSTATE_VERTEX_ELEMENTS, 3DSTATE_VF_SGVS,
 * 3DSTATE_VF_INSTANCING, 3DSTATE_VF_TOPOLOGY.  The structure layouts and
 * the 3D_Prim_Topo_Type values the seed references but does not list are
 * public facts (Mesa genxml gen9.xml / gen12.xml).
 */
#ifndef GT_PIPE3D_VF_H
#define GT_PIPE3D_VF_H

#include <stdbool.h>
#include <stdint.h>

#include "gt.h"
#include "sf/format.h"

#define P3_MAX_VB 33 /* vertex buffers 0..32 */
#define P3_MAX_VE 34 /* vertex elements */

/* 3D_Prim_Topo_Type (public facts: genxml "3D_Prim_Topo_Type"). */
enum p3_topo {
    P3_POINTLIST = 0x01, P3_LINELIST = 0x02, P3_LINESTRIP = 0x03, P3_TRILIST = 0x04,
    P3_TRISTRIP = 0x05, P3_TRIFAN = 0x06, P3_QUADLIST = 0x07, P3_QUADSTRIP = 0x08,
    P3_LINELIST_ADJ = 0x09, P3_LINESTRIP_ADJ = 0x0a, P3_TRILIST_ADJ = 0x0b, P3_TRISTRIP_ADJ = 0x0c,
    P3_TRISTRIP_REVERSE = 0x0d, P3_POLYGON = 0x0e, P3_RECTLIST = 0x0f, P3_LINELOOP = 0x10,
    P3_POINTLIST_BF = 0x11, P3_LINESTRIP_CONT = 0x12, P3_LINESTRIP_BF = 0x13,
    P3_LINESTRIP_CONT_BF = 0x14, P3_TRIFAN_NOSTIPPLE = 0x16,
    P3_PATCHLIST_1 = 0x20, P3_PATCHLIST_32 = 0x3f,
};

/* VERTEX_ELEMENT_STATE Component Control values. */
enum p3_vfcomp {
    P3_VFCOMP_NOSTORE = 0, P3_VFCOMP_STORE_SRC = 1, P3_VFCOMP_STORE_0 = 2,
    P3_VFCOMP_STORE_1_FP = 3, P3_VFCOMP_STORE_1_INT = 4, P3_VFCOMP_STORE_PID = 7,
};

/* One vertex buffer (VERTEX_BUFFER_STATE), decoded. */
typedef struct p3_vb {
    bool valid;        /* programmed by a 3DSTATE_VERTEX_BUFFERS */
    bool null;         /* Null Vertex Buffer: reads return 0 */
    uint64_t addr;     /* Buffer Starting Address (GPU virtual) */
    uint32_t pitch;    /* Buffer Pitch, bytes */
    uint32_t size;     /* Buffer Size, bytes: reads past it return 0 */
} p3_vb;

/* One vertex element (VERTEX_ELEMENT_STATE + its 3DSTATE_VF_INSTANCING). */
typedef struct p3_ve {
    bool valid;
    bool edge_flag;            /* Edge Flag Enable */
    uint8_t vb;                /* Vertex Buffer Index */
    uint16_t offset;           /* Source Element Offset, bytes */
    const sf_format_info *fi;  /* Source Element Format (NULL: unknown; storing a component
                                * from it is an error) */
    uint16_t format;           /* the field, for reports */
    uint8_t comp[4];           /* Component 0..3 Control (enum p3_vfcomp) */
    bool instancing;           /* 3DSTATE_VF_INSTANCING Instancing Enable */
    uint32_t step_rate;        /* Instance Data Step Rate */
} p3_ve;

/* The vertex-fetch state of a draw. */
typedef struct p3_vf {
    p3_vb vb[P3_MAX_VB];
    p3_ve ve[P3_MAX_VE];
    uint32_t nve;              /* elements in 3DSTATE_VERTEX_ELEMENTS */
    /* 3DSTATE_INDEX_BUFFER */
    uint64_t ib_addr;
    uint32_t ib_size;          /* bytes */
    uint32_t ib_format;        /* 0 byte, 1 word, 2 dword */
    /* 3DSTATE_VF */
    bool cut_enable;           /* Indexed Draw Cut Index Enable */
    bool seq_cut_enable;       /* Sequential Draw Cut Index Enable (Gen12) */
    uint32_t cut_index;
    bool vid_offset, iid_offset; /* VertexID / InstanceID Offset Enable (Gen12) */
    /* 3DSTATE_VF_SGVS */
    bool vid_enable, iid_enable;
    uint8_t vid_comp, iid_comp;      /* component number 0..3 */
    uint8_t vid_elem, iid_elem;      /* element offset */
    uint32_t topology;               /* 3DSTATE_VF_TOPOLOGY */
} p3_vf;

/* A draw's parameters (3DPRIMITIVE or the 3DPRIM_* registers). */
typedef struct p3_draw_params {
    bool indexed;              /* Vertex Access Type RANDOM */
    uint32_t vertex_count;     /* per instance */
    uint32_t start_vertex;
    uint32_t instance_count;
    uint32_t start_instance;
    int32_t base_vertex;
} p3_draw_params;

/* One vertex of the stream: the index it fetches with (after base vertex)
 * and its VertexID; cut marks a primitive restart. */
typedef struct p3_svtx {
    uint32_t index;
    uint32_t vertex_id;
    bool cut;
} p3_svtx;

/* Build the vertex stream of one instance: n = vertex_count entries into
 * out (caller-sized).  Indices are read through vm; an index outside the
 * index buffer reads as 0 (seed 004 3DPRIMITIVE Start Vertex Location
 * note).  Returns GTSIM_OK or an error (page fault report in dev->err). */
int p3_vf_stream(gtsim_device *dev, gt_vm *vm, const p3_vf *vf, const p3_draw_params *dp,
                 p3_svtx *out, const char *where);

/* Fetch vertex elements of one vertex: out[e*4 + c] for the first nve
 * elements (DWords; floats or integers as the element's format gives).
 * Returns GTSIM_OK or an error (a page fault; GTSIM_ERR_INVALID for a
 * valid element that stores a component of an unknown format). */
int p3_vf_fetch(gtsim_device *dev, gt_vm *vm, const p3_vf *vf, const p3_svtx *v, uint32_t instance,
                uint32_t start_instance, uint32_t *out, const char *where);

/* The edge flag of a vertex fetched by p3_vf_fetch into out: Component 0
 * of the valid element with Edge Flag Enable (non-zero: the edges starting
 * at the vertex are drawn in wireframe and point fill modes; a float
 * format compares as a float), true without such an element.  Public fact:
 * Mesa iris/i965 put the GL edge flag last as an Edge Flag Enable element
 * whose Component 0 is the flag, passed beside the vertex, not read by the VS. */
bool p3_vf_edge_flag(const p3_vf *vf, const uint32_t *out);

/* Does vf have a valid Edge Flag Enable element? */
bool p3_vf_has_edge_flag(const p3_vf *vf);

/* The basic objects of a topology.  prims receives vertex-stream
 * positions, `per` (*per: 1 point, 2 line, 3 triangle or RECTLIST
 * rectangle, n for PATCHLIST_n patches) per object, in the topology's vertex order: a strip's
 * triangle n is (n, n+1, n+2) and flags bit 0 (P3_PRIM_ODD) marks the odd
 * ones, whose winding is reversed (so provoking-vertex selects 0 and 2 keep
 * GL's first and last vertex); a fan's triangle n is (0, n+1, n+2); a
 * quad (a, b, c, d) is the triangles (a, b, d) and (b, c, d) flagged
 * P3_PRIM_QUAD; polygons are fans.  P3_PRIM_NOEDGE(i) marks edge v[i]->v[i+1]
 * of a triangle as not an edge of the GL primitive (a quad's diagonal, a
 * polygon's inner fan edges): not drawn in wireframe or point fill modes.  Adjacency vertices are dropped (see
 * p3_assemble_mode to keep them).  P3_PRIM_FIRST marks the first object after
 * a (re)start (line stipple restarts there).  A cut entry restarts the
 * topology.  flags may be NULL.  Returns the number of objects (prims NULL:
 * only counts), or UINT32_MAX for a topology gtsim does not assemble
 * (unknown values); patches go to the tessellation stages (tess.h). */
enum { P3_PRIM_ODD = 1, P3_PRIM_QUAD = 2, P3_PRIM_FIRST = 4 };
#define P3_PRIM_NOEDGE(i) (8u << (i)) /* i = 0..2 */
#define P3_PRIM_NOEDGES (7u << 3)
uint32_t p3_assemble(uint32_t topology, const p3_svtx *s, uint32_t n, uint32_t *prims, uint8_t *flags,
                     unsigned *per);

/* The most vertices of one assembled object (TRILIST_ADJ). */
#define P3_MAX_PER 6

/* p3_assemble with a mode: P3_ASM_KEEP_ADJ keeps the adjacent vertices of
 * the adjacency topologies for a geometry shader, in its input order
 * (GL 3.2 section 2.12 / 3DSTATE_GS): LINELIST_ADJ and LINESTRIP_ADJ give
 * 4 (adj, v0, v1, adj), TRILIST_ADJ and TRISTRIP_ADJ give 6 (v0, adj01,
 * v1, adj12, v2, adj20).  Strip triangles come unreordered (2i, 2i+2,
 * 2i+4 with their edges' adjacent vertices) and flagged P3_PRIM_ODD as in
 * p3_assemble; the GS's Reorder Mode reorders them.  Mode 0 is
 * p3_assemble. */
enum { P3_ASM_KEEP_ADJ = 1 };
uint32_t p3_assemble_mode(uint32_t topology, unsigned mode, const p3_svtx *s, uint32_t n, uint32_t *prims,
                          uint8_t *flags, unsigned *per);

/* Name of a 3D_Prim_Topo_Type value ("TRILIST"), "?" if unknown. */
const char *p3_topo_name(uint32_t topology);

#endif
