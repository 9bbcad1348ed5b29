/*
 * gen7_stream: a small library that writes Gen7 command streams as AUB
 * memtrace files (the trace container `gtsim run` replays), the way a
 * driver programs an Ivy Bridge, Bay Trail (VLV) or Haswell GPU:
 *
 *   - version record naming the device (NEO's enum: ivb 7, hsw 9, vlv 10)
 *   - global GTT entries (32-bit Gen7 PTEs, written as GTT-entry records at
 *     byte offset 4 * entry index)
 *   - a per-process GTT: 512 page directory entries in the GGTT entry table,
 *     page tables in physical memory, PP_DIR_DCLV / PP_DIR_BASE written
 *   - the render ring buffer (RING_BUFFER_START/CTL/HEAD over MMIO), batch
 *     buffers, state heaps, kernels and surfaces in memory, and the
 *     RING_BUFFER_TAIL write that makes the ring run
 *
 * Everything is a record in the file; nothing runs while writing.  Replay
 * with `gtsim run TRACE.aub` (the platform comes from the version record)
 * or gtsim_aub_replay().  Layouts: seed 002 (command headers, MI opcodes),
 * seed 000 §1.8 (media state commands, GPGPU_WALKER, interface descriptor),
 * public facts for the MI DWord layouts (Mesa genxml gen7.xml/gen75.xml)
 * and the GTT entry encodings (Linux i915).
 *
 * Addresses: `pa` physical (bytes); GPU addresses are 32-bit graphics
 * addresses in the GGTT or the PPGTT (enum g7s_space).  Sizes are bytes
 * unless a name says DWords.  Errors: allocation failure or an I/O error
 * is remembered and reported by g7s_close(); the builder never aborts.
 *
 * Typical use:
 *     g7s *s = g7s_open("t.aub", "hsw");
 *     g7s_ring_init(s, 1);                  // one-page ring in the GGTT
 *     g7s_ppgtt_enable(s);                  // optional
 *     uint32_t out = g7s_buffer(s, G7S_PPGTT, 4096, NULL);
 *     g7s_cmds b; g7s_cmds_init(&b);
 *     g7s_mi_sdi(&b, G7S_PPGTT, out, 0x600df00d);
 *     g7s_mi_bbe(&b);
 *     g7s_exec_batch(s, G7S_PPGTT, g7s_buffer(s, G7S_PPGTT, 4096, NULL), &b);
 *     g7s_cmds_free(&b);
 *     g7s_close(s);
 */
#ifndef GEN7_STREAM_H
#define GEN7_STREAM_H

#include <stddef.h>
#include <stdint.h>

typedef struct g7s g7s;

/* Where a GPU address lives.  In commands: the Address Space Indicator /
 * Use Global GTT bits. */
enum g7s_space { G7S_GGTT = 0, G7S_PPGTT = 1 };

/* ---- command buffers: the caller emits arbitrary DWords ---- */

typedef struct g7s_cmds {
    uint32_t *dw;      /* the DWords */
    uint32_t n, cap;   /* count and capacity, in DWords */
    int oom;           /* an append failed (out of memory) */
} g7s_cmds;

void g7s_cmds_init(g7s_cmds *c);
void g7s_cmds_free(g7s_cmds *c);
void g7s_emit(g7s_cmds *c, uint32_t dw);
void g7s_emitn(g7s_cmds *c, const uint32_t *dw, uint32_t n);
/* G7S_EMIT(c, dw0, dw1, ...): append a literal command. */
#define G7S_EMIT(c, ...) \
    g7s_emitn((c), (const uint32_t[]){__VA_ARGS__}, \
              (uint32_t)(sizeof((const uint32_t[]){__VA_ARGS__}) / sizeof(uint32_t)))

/* ---- the stream ---- */

/* Create path and write the version record for platform "ivb", "vlv" or
 * "hsw".  NULL on unknown platform or when the file cannot be created. */
g7s *g7s_open(const char *path, const char *platform);
/* Finish the file.  0 on success, -1 if any write or allocation failed. */
int g7s_close(g7s *s);
/* 70 for ivb/vlv, 75 for hsw. */
int g7s_gen(const g7s *s);

/* ---- raw records ---- */

void g7s_comment(g7s *s, const char *text);
void g7s_mmio_write(g7s *s, uint32_t reg, uint32_t value);
void g7s_phys_write(g7s *s, uint64_t pa, const void *data, uint32_t len);
/* Write through the address space (a GGTT / PPGTT memory-write record,
 * resolved by the replayer's page tables: map first). */
void g7s_write(g7s *s, enum g7s_space sp, uint32_t addr, const void *data, uint32_t len);
void g7s_write32(g7s *s, enum g7s_space sp, uint32_t addr, uint32_t v);
/* Write n GGTT entries starting at entry index first (GTT-entry record at
 * byte offset 4 * first). */
void g7s_gtt_entries(g7s *s, uint32_t first, const uint32_t *pte, uint32_t n);

/* ---- memory and translation ---- */

/* Valid 32-bit PTE (or PDE when pde != 0) for physical page pa in the
 * platform's encoding: bits 31:12 in place; ivb/vlv: pa bits 39:32 in
 * bits 11:4; hsw PTE: bits 38:32 in 10:4 (PDEs: 39:32 on all). */
uint32_t g7s_pte(const g7s *s, uint64_t pa, int pde);
/* Page-aligned physical allocation (bump allocator from 16 MiB; memory is
 * zero until written). */
uint64_t g7s_phys_alloc(g7s *s, uint32_t bytes);
/* Reserve a page-aligned GGTT / PPGTT address range (bump allocators from
 * 64 KiB).  The PPGTT range is 2 GiB. */
uint32_t g7s_addr_alloc(g7s *s, enum g7s_space sp, uint32_t bytes);
/* Map [addr, addr+bytes) to physical pa (both page aligned). */
void g7s_map(g7s *s, enum g7s_space sp, uint32_t addr, uint64_t pa, uint32_t bytes);
/* Allocate physical pages and an address range, map them, write init
 * (bytes long) if not NULL.  Returns the GPU address. */
uint32_t g7s_buffer(g7s *s, enum g7s_space sp, uint32_t bytes, const void *init);
/* Enable the per-process GTT: put its page directory in the GGTT entry
 * table (entries 0x7fe00.., the last 2 MiB of a 2 GiB GGTT, which stay
 * unmapped) and write PP_DIR_DCLV, PP_DIR_BASE and GFX_MODE's PPGTT enable.
 * Call before any G7S_PPGTT mapping. */
void g7s_ppgtt_enable(g7s *s);
/* Byte offset of the page directory in the GGTT entry table and the
 * PP_DIR_BASE value written. */
uint32_t g7s_pd_offset(const g7s *s);

/* ---- the render ring ---- */

/* Allocate a ring of `pages` 4 KiB pages in the GGTT and program it:
 * RING_BUFFER_CTL 0, HEAD 0, TAIL 0, START, then CTL = length | enable.
 * Also sets up a hardware status page (HWS_PGA). */
void g7s_ring_init(g7s *s, uint32_t pages);
uint32_t g7s_ring_addr(const g7s *s);   /* GGTT address of the ring */
uint32_t g7s_hws_addr(const g7s *s);    /* GGTT address of the status page */
/* Software tail (byte offset in the ring) after what was emitted so far. */
uint32_t g7s_ring_tail(const g7s *s);
/* Copy commands into the ring at the software tail (wrapping at its end),
 * padded with MI_NOOP to a QWord; does not start it. */
void g7s_ring_emit(g7s *s, const g7s_cmds *c);
/* Write RING_BUFFER_TAIL = the software tail: the ring runs on replay. */
void g7s_ring_kick(g7s *s);
/* Write the batch at addr, then put MI_BATCH_BUFFER_START(sp, addr) in the
 * ring and kick it. */
void g7s_exec_batch(g7s *s, enum g7s_space sp, uint32_t addr, const g7s_cmds *batch);

/* ---- MI commands (seed 002 opcodes; Gen7 DWord layouts) ---- */

void g7s_mi_noop(g7s_cmds *c);
void g7s_mi_bbe(g7s_cmds *c);                       /* MI_BATCH_BUFFER_END */
/* MI_BATCH_BUFFER_START; second_level: Haswell only (bit 22). */
void g7s_mi_bbs(g7s_cmds *c, enum g7s_space sp, uint32_t addr, int second_level);
void g7s_mi_sdi(g7s_cmds *c, enum g7s_space sp, uint32_t addr, uint32_t v);
void g7s_mi_sdi64(g7s_cmds *c, enum g7s_space sp, uint32_t addr, uint64_t v);
void g7s_mi_sdx(g7s_cmds *c, uint32_t hws_offset, uint32_t v); /* MI_STORE_DATA_INDEX */
void g7s_mi_lri(g7s_cmds *c, uint32_t reg, uint32_t v);
void g7s_mi_srm(g7s_cmds *c, enum g7s_space sp, uint32_t reg, uint32_t addr);
void g7s_mi_lrm(g7s_cmds *c, enum g7s_space sp, uint32_t reg, uint32_t addr);
void g7s_mi_lrr(g7s_cmds *c, uint32_t src_reg, uint32_t dst_reg); /* Haswell */
void g7s_mi_flush_dw(g7s_cmds *c, enum g7s_space sp, uint32_t addr, uint64_t v);
void g7s_mi_cbbe(g7s_cmds *c, enum g7s_space sp, uint32_t addr, uint32_t data);
void g7s_mi_semaphore_mbox(g7s_cmds *c, uint32_t reg_select, uint32_t data);

/* ---- GFXPIPE commands ---- */

/* PIPE_CONTROL: flags = DWord 1 bits (the Post Sync Operation in 15:14
 * included; bit 24 is set from sp == G7S_GGTT); address, QWord data. */
void g7s_pipe_control(g7s_cmds *c, uint32_t flags, enum g7s_space sp, uint32_t addr, uint64_t data);
#define G7S_PC_CS_STALL (1u << 20)
#define G7S_PC_WRITE_IMM (1u << 14)
#define G7S_PC_WRITE_TIMESTAMP (3u << 14)
#define G7S_PC_STORE_INDEX (1u << 21)
#define G7S_PC_TLB_INV (1u << 18)

enum { G7S_PIPE_3D = 0, G7S_PIPE_MEDIA = 1, G7S_PIPE_GPGPU = 2 };
void g7s_pipeline_select(g7s_cmds *c, int pipeline);

/* STATE_BASE_ADDRESS (10 DWords): every base modified, upper bounds
 * 0xfffff000 (all addressable). */
typedef struct g7s_sba {
    uint32_t general, surface, dynamic, indirect, instruction;
} g7s_sba;
void g7s_state_base_address(g7s_cmds *c, const g7s_sba *b);

/* MEDIA_VFE_STATE (8 DWords, seed 000 §1.8.1).  Fields as the command
 * encodes them (max_threads is the count; the command holds count - 1). */
typedef struct g7s_vfe {
    uint32_t scratch_base;      /* offset from general state base, 1 KiB aligned */
    uint32_t scratch_size;      /* Per Thread Scratch Space field */
    uint32_t max_threads;
    uint32_t urb_entries, urb_entry_size; /* size in 256-bit units */
    uint32_t curbe_size;        /* 256-bit units */
    int gpgpu_mode, bypass_gateway;
    int sb_enable, sb_type;
    uint32_t sb_mask;
    int8_t sb_delta[8][2];      /* scoreboard n: (X, Y), each -8..7 */
} g7s_vfe;
void g7s_vfe_state(g7s_cmds *c, const g7s_vfe *v);
void g7s_curbe_load(g7s_cmds *c, uint32_t bytes, uint32_t dyn_offset);
void g7s_idd_load(g7s_cmds *c, uint32_t bytes, uint32_t dyn_offset);
void g7s_media_state_flush(g7s_cmds *c, uint32_t idd_offset);

/* INTERFACE_DESCRIPTOR_DATA (8 DWords, seed 000 §1.8.4; cross_len Haswell). */
typedef struct g7s_idd {
    uint32_t ksp;               /* offset from instruction base, 64-byte aligned */
    int spf, fp_alt;
    uint32_t sampler_ptr, sampler_count;
    uint32_t bt_ptr, bt_count;
    uint32_t curbe_len, curbe_offset; /* 256-bit registers */
    uint32_t threads;           /* Number of Threads in GPGPU Thread Group */
    uint32_t slm_size;          /* field: 0, 1 (4K), 2, 4, 8, 16 (64K) */
    int barrier;
    uint32_t rounding;
    uint32_t cross_len;         /* Haswell: cross-thread constant data registers */
} g7s_idd;
void g7s_idd_pack(const g7s_idd *d, uint32_t out[8]);

/* GPGPU_WALKER (11 DWords, seed 000 §1.8.10). */
typedef struct g7s_walker {
    uint32_t idd_offset;
    uint32_t simd;              /* 8, 16 or 32 */
    uint32_t wmax, hmax, dmax;  /* thread counter maxima */
    uint32_t start[3], dim[3];  /* thread group ID start and dimension X, Y, Z */
    uint32_t right_mask, bottom_mask;
    int indirect, predicate;
} g7s_walker;
void g7s_gpgpu_walker(g7s_cmds *c, const g7s_walker *w);

/* ---- kernels ---- */

/* Read a kernel file: raw binary (iga64 -a -o), or intel-gen4asm output
 * (`-o`: lines "{ 0xDW0, 0xDW1, 0xDW2, 0xDW3 }," of little-endian DWords,
 * or `-b`: a C array of bytes).  *code is malloc'ed.  0 or -1. */
int g7s_kernel_load(const char *path, uint8_t **code, size_t *len);

#endif
