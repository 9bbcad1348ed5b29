/*
 * Sparse physical memory and GPU virtual address spaces (GGTT, 4-level PPGTT).
 *
 * Physical memory is a hash of 4 KiB host pages allocated on first write;
 * a trace that touches a few MB uses a few MB of host memory.  Reads of
 * never-written memory return zeros.
 *
 * Address spaces (seed 004: PPGTT / GGTT page-table entries, Gen8+ format):
 *  - GGTT: one level, 64-bit PTEs, entry i maps ggtt [i*4K, i*4K+4K).
 *  - PPGTT 48-bit: PML4 -> PDP -> PD -> PT, 512 64-bit entries per level,
 *    bit 0 present, bits 47:12 address; PS (bit 7) in PDP/PD gives 1G/2M pages.
 */
#ifndef GT_MEM_H
#define GT_MEM_H

#include <stddef.h>
#include <stdint.h>

#define GT_PAGE_SIZE 4096u
#define GT_PAGE_MASK 4095u

typedef struct gt_mem gt_mem;

/* A host-memory budget shared by the memories of one device
 * (gtsim_config.max_host_memory): pages and hash tables are counted in
 * `used`; an allocation that would take it past `limit` is refused. */
typedef struct gt_mem_budget {
    uint64_t limit;  /* bytes; UINT64_MAX = none */
    uint64_t used;   /* bytes allocated by the memories using the budget */
} gt_mem_budget;

/* Take bytes from b: 0, or -1 when that would pass its limit; give them
 * back.  Atomic: memories and caches of several threads share a budget. */
int gt_budget_take(gt_mem_budget *b, uint64_t bytes);
void gt_budget_give(gt_mem_budget *b, uint64_t bytes);

/* Why gt_mem_page(create) last returned NULL (gt_mem_failure). */
enum gt_mem_fail { GT_MEM_FAIL_NONE, GT_MEM_FAIL_LIMIT, GT_MEM_FAIL_HOST };

gt_mem *gt_mem_create(void);
void gt_mem_destroy(gt_mem *m);
/* Count m's allocations against b (NULL = none; set before the first
 * write: what was allocated before is counted then). */
void gt_mem_set_budget(gt_mem *m, gt_mem_budget *b);
/* The last refused allocation: enum gt_mem_fail, and the address whose page
 * it was for (*pa, may be NULL).  Cleared by gt_mem_clear_failure. */
int gt_mem_failure(const gt_mem *m, uint64_t *pa);
void gt_mem_clear_failure(gt_mem *m);
/* Host pointer to the 4 KiB page containing pa.  When the page was never
 * written: create != 0 allocates a zeroed page, create == 0 returns NULL. */
uint8_t *gt_mem_page(gt_mem *m, uint64_t pa, int create);
/* Byte-granular copies; never fail except on host out-of-memory or the
 * budget (-1; gt_mem_failure says which). */
int gt_mem_read(gt_mem *m, uint64_t pa, void *out, size_t len);
int gt_mem_write(gt_mem *m, uint64_t pa, const void *data, size_t len);
/* Make the 4 KiB page at pa (page aligned) be the caller's host page
 * `host` (4 KiB aligned): reads and writes of pa then go to that memory in
 * place, as a device sharing the CPU's memory does.  A page gtsim held at
 * pa is dropped.  The page is not counted in the budget and never freed by
 * gtsim; the caller keeps it accessible until gt_mem_unmap_host or
 * gt_mem_destroy.  0, or -1 (out of host memory or the budget, for the
 * table). */
int gt_mem_map_host(gt_mem *m, uint64_t pa, uint8_t *host);
/* Undo gt_mem_map_host for pa: the page reads as zeros again.  Pages gtsim
 * allocated itself are left as they are. */
void gt_mem_unmap_host(gt_mem *m, uint64_t pa);
/* Number of pages held (allocated or mapped host pages; statistics). */
size_t gt_mem_page_count(const gt_mem *m);

enum gt_vm_mode {
    GT_VM_NONE, GT_VM_GGTT, GT_VM_PPGTT48,
    GT_VM_PPGTT_GEN7, /* Gen7 2-level PPGTT: 512 PDEs in the GGTT entry table, 4 KiB
                       * page tables of 1024 32-bit PTEs; 2 GiB of virtual space */
};

/* Format of a GTT page-table entry (a per-generation table hung off the
 * platform).  Entry e maps physical address
 *   (e & addr_mask) | ((e >> ext_lo) & ((1 << ext_bits) - 1)) << 32,
 * valid when bit 0 is set.  Gen8+: 64-bit entries, bits 47:12 in place.
 * Gen7 (public facts, Linux i915 GEN6/HSW_GTT_ADDR_ENCODE): 32-bit entries,
 * bits 31:12 in place and physical bits 39:32 in entry bits 11:4 (IVB, VLV;
 * HSW: 38:32 in 10:4, bit 11 and 3:1 being cacheability control); Gen7
 * page directory entries always use the 8-bit (39:32) encoding.
 *
 * Devices with local memory (DG1) have two physical spaces.  gtsim keeps
 * local memory at its device physical addresses and system memory at
 * GT_PA_SYSMEM | address.  The page walk reads its tables from local
 * memory; a leaf entry names local memory when its LM bit is set
 * (ggtt_lm_bit / ppgtt_lm_bit, 0 = the format has no local memory, every
 * address is plain) and system memory otherwise (public facts: Linux i915
 * GEN12_GGTT_PTE_LM bit 1, GEN12_PPGTT_PTE_LM bit 11). */
#define GT_PA_SYSMEM (1ull << 52) /* = GTSIM_PA_SYSMEM of gtsim.h */
typedef struct gt_gtt_format {
    uint8_t pte_bytes;     /* 4 or 8 */
    uint8_t ext_lo;        /* first entry bit of the physical bits above 31 */
    uint8_t ext_bits;      /* how many (0 = none) */
    uint8_t pde_ext_bits;  /* same for Gen7 page directory entries */
    uint64_t addr_mask;    /* entry bits that are the address in place */
    uint8_t ggtt_lm_bit, ppgtt_lm_bit; /* local-memory select bit of leaf entries (0 = none) */
} gt_gtt_format;

extern const gt_gtt_format gt_gtt_gen8; /* the default (fmt == NULL) */

#define GT_TLB_SIZE 256
typedef struct gt_tlb_entry {
    uint64_t vpn;      /* virtual page number + 1 (0 = empty) */
    uint8_t *host;     /* host page pointer */
} gt_tlb_entry;

/* A GPU virtual address space.  Translation results are cached in a small
 * direct-mapped TLB; call gt_vm_flush() when page tables may have changed
 * (context switch, PIPE_CONTROL TLB invalidate, new trace writes). */
typedef struct gt_vm {
    int mode;          /* enum gt_vm_mode */
    gt_mem *mem;       /* physical memory */
    gt_mem *gsm;       /* GGTT entries (GGTT mode) */
    uint64_t pml4;     /* physical address of the PML4 (PPGTT48 mode); byte offset
                        * of the page directory in the GGTT entry table (gsm)
                        * in PPGTT_GEN7 mode */
    const gt_gtt_format *fmt; /* entry format; NULL = gt_gtt_gen8 */
    int host_fail;     /* the last failed gt_vm_ptr: 1 = the address is mapped but
                        * its page could not be allocated (gt_mem_failure), 0 =
                        * not mapped */
    uint64_t fail_pa;  /* physical address of that page */
    gt_tlb_entry tlb[GT_TLB_SIZE];
} gt_vm;

void gt_vm_init(gt_vm *vm, int mode, gt_mem *mem, gt_mem *gsm, uint64_t pml4);
void gt_vm_flush(gt_vm *vm);
/* Translate a virtual address to physical; 0 on success, -1 if unmapped
 * (non-present entry at any level). */
int gt_vm_translate(gt_vm *vm, uint64_t va, uint64_t *pa);
/* Why va does not translate: the page-table entry the walk stopped at,
 * e.g. "PDE 0x0 at PA 0x80001ff8 not present", written to buf (always
 * NUL-terminated).  Reads only; for fault reports. */
void gt_vm_fault_why(gt_vm *vm, uint64_t va, char *buf, size_t len);
/* Host pointer to va (valid up to the end of its 4 KiB page), NULL when
 * unmapped.  Pages that are mapped but never written are allocated. */
uint8_t *gt_vm_ptr(gt_vm *vm, uint64_t va);
/* For reading: as gt_vm_ptr, but a mapped page that was never written is
 * not allocated: the result then points into a shared page of zeros. */
const uint8_t *gt_vm_ptr_ro(gt_vm *vm, uint64_t va);
/* Copies across pages; -1 on the first unmapped page (*fault_va set if
 * fault_va != NULL).  gt_vm_read allocates no page (gt_vm_ptr_ro). */
int gt_vm_read(gt_vm *vm, uint64_t va, void *out, size_t len, uint64_t *fault_va);
int gt_vm_write(gt_vm *vm, uint64_t va, const void *data, size_t len, uint64_t *fault_va);

#endif
