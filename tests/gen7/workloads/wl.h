/*
 * Gen7 workload harness: each workload builds a complete Gen7 command
 * stream the way a media driver would (gen7_stream: PPGTT, ring, batch,
 * STATE_BASE_ADDRESS heaps, MEDIA_VFE_STATE, CURBE, interface descriptors,
 * binding tables and surface states, kernels assembled at run time by
 * `iga64 -p=7p5 -a`), computes the expected memory on the CPU, and writes
 * OUTDIR/trace.aub, OUTDIR/<name>.bin and OUTDIR/expect.txt for
 * `gtsim run TRACE --expect expect.txt` (a byte-for-byte comparison).
 *
 * Heaps (all PPGTT): instruction, surface state (binding tables and
 * RENDER_SURFACE_STATE), dynamic state (interface descriptors, CURBE),
 * indirect object and general state (scratch), each 64 KiB, built in host
 * memory and written to the trace just before the batch runs.
 */
#ifndef G7_WORKLOAD_H
#define G7_WORKLOAD_H

#include <stdint.h>
#include <stdio.h>

#include "gen7_stream.h"

#define WL_HEAP 65536u

/* Workload variants (suffixes of the workload name). */
enum {
    WL_V_NOSB = 1,      /* _nosb: scoreboard disabled in MEDIA_VFE_STATE */
    WL_V_MO = 2,        /* _mo: MEDIA_OBJECTs instead of a walker */
    WL_V_NONSTALL = 4,  /* _ns: non-stalling scoreboard, the kernel reads with sendc */
    WL_V_SEND = 8,      /* _send: with _ns, the kernel reads with send (no wait) */
    WL_V_DUAL = 16,     /* _dual: walker Dual Mode */
};

typedef struct wl {
    g7s *s;
    const char *plat, *outdir, *srcdir;
    int gen;                         /* 70 ivb/vlv, 75 hsw */
    uint32_t heap_va[5];             /* instruction, surface, dynamic, indirect, general */
    uint8_t *heap[5];
    uint32_t used[5];
    FILE *expect;
    int failed;
    int variant;                     /* workload variant: WL_V_* bits */
} wl;

enum { WL_INST, WL_SURF, WL_DYN, WL_IND, WL_GEN };

/* Open OUTDIR/trace.aub for plat, enable the PPGTT, set up the ring and
 * the heaps.  Exits with a message on failure. */
void wl_open(wl *w, const char *plat, const char *outdir, const char *srcdir);
/* Write the heaps, run the batch (ends it with MI_BATCH_BUFFER_END) and
 * close the trace and expect.txt.  Returns 0 or 1. */
int wl_finish(wl *w, g7s_cmds *batch);

/* Bump-allocate bytes (aligned) in a heap; returns the offset from its base. */
uint32_t wl_heap_alloc(wl *w, int heap, uint32_t bytes, uint32_t align);

/* Assemble SRCDIR/<file> with iga64 -p=7p5 after replacing each "@KEY@"
 * with its value (subst: "KEY", "VALUE", ..., NULL), put it in the
 * instruction heap and return its Kernel Start Pointer (offset).  A missing
 * iga64 or an assembly error exits with status 1 (the test fails). */
uint32_t wl_kernel(wl *w, const char *file, const char *const *subst);

/* Assemble kernel text (saved as OUTDIR/<name>) like wl_kernel. */
uint32_t wl_kernel_text(wl *w, const char *name, const char *text);

/* A binding table of n entries in the surface heap; returns its offset. */
uint32_t wl_binding_table(wl *w, uint32_t n);
/* Gen7 RENDER_SURFACE_STATE (8 DWords, Mesa genxml gen7.xml positions) for
 * a 2D surface (width in pixels of format, height rows, pitch bytes,
 * tiling 0 linear, 1 X, 2 Y) or a RAW buffer of bytes; stored in binding
 * table bt entry i. */
void wl_surface_2d(wl *w, uint32_t bt, uint32_t i, uint32_t base, uint32_t format, uint32_t width,
                   uint32_t height, uint32_t pitch, int tiling);
void wl_surface_buffer(wl *w, uint32_t bt, uint32_t i, uint32_t base, uint32_t bytes);

/* An interface descriptor in the dynamic heap (64-byte aligned slot idx of
 * a table starting at table_off). */
void wl_idd(wl *w, uint32_t table_off, uint32_t idx, const g7s_idd *d);

/* Common batch prologue: PIPELINE_SELECT, STATE_BASE_ADDRESS (the heaps),
 * MEDIA_VFE_STATE. */
void wl_prologue(wl *w, g7s_cmds *b, int pipeline, const g7s_vfe *vfe);

/* MEDIA_OBJECT_WALKER (seed 000 §1.8.8; DWord positions as
 * src/pipe/media_cmds.h documents them) and MEDIA_OBJECT (§1.8.6), with
 * n_inl DWords of inline data. */
#define GT_MW_HDR 0x71030000u
#define GT_MO_HDR 0x71000000u
typedef struct wl_xy {
    int32_t x, y;
} wl_xy;
typedef struct wl_walk {
    wl_xy block_res, local_start, local_end, local_outer, local_inner;
    wl_xy global_res, global_start, global_outer, global_inner;
    uint32_t local_exec, global_exec, colors;
    int dual;                        /* Dual Mode (DW6 bit 31) */
} wl_walk;
void wl_media_walker(g7s_cmds *b, uint32_t ido, int use_sb, uint32_t sb_mask, const wl_walk *p,
                     const uint32_t *inl, uint32_t n_inl);
/* A raster walk (rows top to bottom, each left to right) over w x h units. */
void wl_walk_raster(wl_walk *p, int32_t w, int32_t h);
void wl_media_object(g7s_cmds *b, uint32_t ido, int children, int use_sb, uint32_t sb_x, uint32_t sb_y,
                     uint32_t sb_mask, const uint32_t *inl, uint32_t n_inl);

/* A PPGTT buffer of bytes (init may be NULL: zero). */
uint32_t wl_buffer(wl *w, uint32_t bytes, const void *init);
/* Expect bytes at va after the run: writes OUTDIR/<name>.bin and the
 * expect.txt line. */
void wl_expect(wl *w, uint32_t va, const void *data, uint32_t len, const char *name);

/* Byte offset of (x bytes, y rows) in a Y-major tiled surface of pitch
 * bytes (4 KiB tiles of 128 bytes x 32 rows made of 16-byte columns;
 * public fact of the Intel tiled memory layout). */
uint64_t wl_ytile(uint32_t pitch, uint32_t x, uint32_t y);

/* Workloads: 0 on success. */
int wl_gpgpu_ids(wl *w);
int wl_nv12(wl *w);
int wl_box(wl *w);
int wl_wavefront(wl *w);
int wl_spawn(wl *w);
int wl_walk_colors(wl *w);
int wl_slm_reduce(wl *w);
int wl_gateway(wl *w);

#endif
