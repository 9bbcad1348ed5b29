/*
 * Sparse physical memory and GPU address translation (see mem.h).
 * Physical pages live in an open-addressing hash keyed by page number
 * (linear probing; removal by backward shift).  A slot's page is gtsim's
 * own allocation, or a host page of the caller's (gt_mem_map_host), told
 * apart by bit 0 of the stored pointer (pages are 4 KiB aligned).
 * Thread safety (EU workers, gtsim_config.threads): the table is used under
 * the memory's mutex; a page, once created, stays at its host address until
 * the memory is destroyed (or, for a mapped host page, unmapped), so callers
 * keep and use page pointers (TLBs) without it.  Budgets are updated with atomic operations.
 */
#include "mem.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HOST_TAG ((uintptr_t)1) /* stored page pointer bit 0: the caller's host page */

struct gt_mem {
    uint64_t *keys;     /* page number + 1; 0 = empty slot */
    uint8_t **pages;    /* HOST_TAG set: not ours (not freed, not in the budget) */
    size_t cap;         /* power of two */
    size_t count;       /* slots in use */
    size_t nhost;       /* of them, the caller's host pages */
    gt_mem_budget *budget; /* NULL = none */
    int fail;           /* enum gt_mem_fail of the last refused allocation */
    uint64_t fail_pa;
    pthread_mutex_t lock; /* the table, count and failure record */
};

static void budget_add(gt_mem_budget *b, uint64_t bytes)
{
    __atomic_fetch_add(&b->used, bytes, __ATOMIC_RELAXED);
}

static void budget_sub(gt_mem_budget *b, uint64_t bytes)
{
    __atomic_fetch_sub(&b->used, bytes, __ATOMIC_RELAXED);
}

int gt_budget_take(gt_mem_budget *b, uint64_t bytes)
{
    uint64_t used = __atomic_load_n(&b->used, __ATOMIC_RELAXED);
    do {
        if (used > b->limit || bytes > b->limit - used)
            return -1;
    } while (!__atomic_compare_exchange_n(&b->used, &used, used + bytes, 1, __ATOMIC_RELAXED,
                                          __ATOMIC_RELAXED));
    return 0;
}

void gt_budget_give(gt_mem_budget *b, uint64_t bytes)
{
    budget_sub(b, bytes);
}

#define TABLE_BYTES(cap) ((uint64_t)(cap) * (sizeof(uint64_t) + sizeof(uint8_t *)))

void gt_mem_set_budget(gt_mem *m, gt_mem_budget *b)
{
    pthread_mutex_lock(&m->lock);
    if (m->budget)
        budget_sub(m->budget, TABLE_BYTES(m->cap) + (uint64_t)(m->count - m->nhost) * GT_PAGE_SIZE);
    m->budget = b;
    if (b)
        budget_add(b, TABLE_BYTES(m->cap) + (uint64_t)(m->count - m->nhost) * GT_PAGE_SIZE);
    pthread_mutex_unlock(&m->lock);
}

int gt_mem_failure(const gt_mem *m, uint64_t *pa)
{
    gt_mem *w = (gt_mem *)m;
    pthread_mutex_lock(&w->lock);
    int f = m->fail;
    if (pa)
        *pa = m->fail_pa;
    pthread_mutex_unlock(&w->lock);
    return f;
}

void gt_mem_clear_failure(gt_mem *m)
{
    pthread_mutex_lock(&m->lock);
    m->fail = GT_MEM_FAIL_NONE;
    m->fail_pa = 0;
    pthread_mutex_unlock(&m->lock);
}

/* Take bytes from the budget; 0, or -1 (and the failure recorded) when it
 * would go past the limit. */
static int budget_take(gt_mem *m, uint64_t bytes, uint64_t pa)
{
    if (m->budget && gt_budget_take(m->budget, bytes)) {
        m->fail = GT_MEM_FAIL_LIMIT;
        m->fail_pa = pa;
        return -1;
    }
    return 0;
}

static void budget_give(gt_mem *m, uint64_t bytes)
{
    if (m->budget)
        budget_sub(m->budget, bytes);
}

gt_mem *gt_mem_create(void)
{
    gt_mem *m = calloc(1, sizeof(*m));
    if (!m)
        return NULL;
    pthread_mutex_init(&m->lock, NULL);
    m->cap = 64; /* grows by doubling at half load */
    m->keys = calloc(m->cap, sizeof(*m->keys));
    m->pages = calloc(m->cap, sizeof(*m->pages));
    if (!m->keys || !m->pages) {
        gt_mem_destroy(m);
        return NULL;
    }
    return m;
}

void gt_mem_destroy(gt_mem *m)
{
    if (!m)
        return;
    gt_mem_set_budget(m, NULL);
    if (m->pages)
        for (size_t i = 0; i < m->cap; i++)
            if (!((uintptr_t)m->pages[i] & HOST_TAG))
                free(m->pages[i]);
    free(m->keys);
    free(m->pages);
    pthread_mutex_destroy(&m->lock);
    free(m);
}

static inline size_t slot_hash(uint64_t key, size_t cap)
{
    key *= 0x9E3779B97F4A7C15ull;
    return (size_t)(key >> 32) & (cap - 1);
}

static int grow(gt_mem *m, uint64_t pa)
{
    size_t ncap = m->cap * 2;
    if (budget_take(m, TABLE_BYTES(ncap), pa))
        return -1;
    uint64_t *nk = calloc(ncap, sizeof(*nk));
    uint8_t **np = calloc(ncap, sizeof(*np));
    if (!nk || !np) {
        free(nk);
        free(np);
        budget_give(m, TABLE_BYTES(ncap));
        m->fail = GT_MEM_FAIL_HOST;
        m->fail_pa = pa;
        return -1;
    }
    budget_give(m, TABLE_BYTES(m->cap));
    for (size_t i = 0; i < m->cap; i++) {
        if (!m->keys[i])
            continue;
        size_t s = slot_hash(m->keys[i], ncap);
        while (nk[s])
            s = (s + 1) & (ncap - 1);
        nk[s] = m->keys[i];
        np[s] = m->pages[i];
    }
    free(m->keys);
    free(m->pages);
    m->keys = nk;
    m->pages = np;
    m->cap = ncap;
    return 0;
}

static inline uint8_t *untag(uint8_t *p)
{
    return (uint8_t *)((uintptr_t)p & ~HOST_TAG);
}

/* The slot of pa's page, or the empty slot where it would go. */
static size_t slot_of(const gt_mem *m, uint64_t pa)
{
    uint64_t key = (pa >> 12) + 1;
    size_t s = slot_hash(key, m->cap);
    while (m->keys[s] && m->keys[s] != key)
        s = (s + 1) & (m->cap - 1);
    return s;
}

/* Room for one more slot (the table grows at half load): 0 or -1. */
static int reserve_slot(gt_mem *m, uint64_t pa)
{
    return (m->count + 1) * 2 > m->cap ? grow(m, pa) : 0;
}

static uint8_t *page_locked(gt_mem *m, uint64_t pa, int create)
{
    size_t s = slot_of(m, pa);
    if (m->keys[s])
        return untag(m->pages[s]);
    if (!create)
        return NULL;
    if (reserve_slot(m, pa))
        return NULL;
    s = slot_of(m, pa);
    if (budget_take(m, GT_PAGE_SIZE, pa))
        return NULL;
    uint8_t *p = calloc(1, GT_PAGE_SIZE);
    if (!p) {
        budget_give(m, GT_PAGE_SIZE);
        m->fail = GT_MEM_FAIL_HOST;
        m->fail_pa = pa;
        return NULL;
    }
    m->keys[s] = (pa >> 12) + 1;
    m->pages[s] = p;
    m->count++;
    return p;
}

int gt_mem_map_host(gt_mem *m, uint64_t pa, uint8_t *host)
{
    pthread_mutex_lock(&m->lock);
    int r = reserve_slot(m, pa);
    if (!r) {
        size_t s = slot_of(m, pa);
        if (!m->keys[s]) {
            m->keys[s] = (pa >> 12) + 1;
            m->count++;
            m->nhost++;
        } else if (!((uintptr_t)m->pages[s] & HOST_TAG)) {
            free(m->pages[s]);
            budget_give(m, GT_PAGE_SIZE);
            m->nhost++;
        }
        m->pages[s] = (uint8_t *)((uintptr_t)host | HOST_TAG);
    }
    pthread_mutex_unlock(&m->lock);
    return r;
}

void gt_mem_unmap_host(gt_mem *m, uint64_t pa)
{
    pthread_mutex_lock(&m->lock);
    size_t s = slot_of(m, pa);
    if (m->keys[s] && ((uintptr_t)m->pages[s] & HOST_TAG)) {
        /* backward-shift deletion: pull later entries of the probe run
         * into the hole when their home slot does not lie after it */
        size_t hole = s, mask = m->cap - 1;
        for (size_t j = (s + 1) & mask; m->keys[j]; j = (j + 1) & mask) {
            size_t home = slot_hash(m->keys[j], m->cap);
            if (((j - home) & mask) >= ((j - hole) & mask)) {
                m->keys[hole] = m->keys[j];
                m->pages[hole] = m->pages[j];
                hole = j;
            }
        }
        m->keys[hole] = 0;
        m->pages[hole] = NULL;
        m->count--;
        m->nhost--;
    }
    pthread_mutex_unlock(&m->lock);
}

uint8_t *gt_mem_page(gt_mem *m, uint64_t pa, int create)
{
    pthread_mutex_lock(&m->lock);
    uint8_t *p = page_locked(m, pa, create);
    pthread_mutex_unlock(&m->lock);
    return p;
}

int gt_mem_read(gt_mem *m, uint64_t pa, void *out, size_t len)
{
    uint8_t *o = out;
    while (len) {
        size_t off = pa & GT_PAGE_MASK, n = GT_PAGE_SIZE - off;
        if (n > len)
            n = len;
        const uint8_t *p = gt_mem_page(m, pa, 0);
        if (p)
            memcpy(o, p + off, n);
        else
            memset(o, 0, n);
        o += n;
        pa += n;
        len -= n;
    }
    return 0;
}

int gt_mem_write(gt_mem *m, uint64_t pa, const void *data, size_t len)
{
    const uint8_t *d = data;
    while (len) {
        size_t off = pa & GT_PAGE_MASK, n = GT_PAGE_SIZE - off;
        if (n > len)
            n = len;
        uint8_t *p = gt_mem_page(m, pa, 1);
        if (!p)
            return -1;
        memcpy(p + off, d, n);
        d += n;
        pa += n;
        len -= n;
    }
    return 0;
}

size_t gt_mem_page_count(const gt_mem *m)
{
    gt_mem *w = (gt_mem *)m;
    pthread_mutex_lock(&w->lock);
    size_t n = m->count;
    pthread_mutex_unlock(&w->lock);
    return n;
}

void gt_vm_init(gt_vm *vm, int mode, gt_mem *mem, gt_mem *gsm, uint64_t pml4)
{
    memset(vm, 0, sizeof(*vm));
    vm->mode = mode;
    vm->mem = mem;
    vm->gsm = gsm;
    /* a Gen7 page directory is 64-byte aligned in the GGTT entry table */
    vm->pml4 = pml4 & (mode == GT_VM_PPGTT_GEN7 ? ~63ull : 0x0000FFFFFFFFF000ull);
}

const gt_gtt_format gt_gtt_gen8 = {.pte_bytes = 8, .addr_mask = 0x0000FFFFFFFFF000ull};

void gt_vm_flush(gt_vm *vm)
{
    memset(vm->tlb, 0, sizeof(vm->tlb));
}

static uint64_t read_pte(gt_mem *m, uint64_t pa)
{
    uint64_t e = 0;
    const uint8_t *p = gt_mem_page(m, pa, 0);
    if (p)
        memcpy(&e, p + (pa & GT_PAGE_MASK), 8);
    return e;
}


static uint32_t read_pte32(gt_mem *m, uint64_t pa)
{
    uint32_t e = 0;
    const uint8_t *p = gt_mem_page(m, pa, 0);
    if (p)
        memcpy(&e, p + (pa & GT_PAGE_MASK), 4);
    return e;
}

/* Physical page address held by a (valid) entry, ext_bits of the format. */
static inline uint64_t entry_addr(const gt_gtt_format *f, uint64_t e, unsigned ext_bits)
{
    uint64_t a = e & f->addr_mask;
    if (ext_bits)
        a |= ((e >> f->ext_lo) & ((1ull << ext_bits) - 1)) << 32;
    return a;
}

/* The physical page a leaf entry maps: system memory when the format has
 * local memory and the entry's LM bit (lm_bit) is clear. */
static inline uint64_t leaf_addr(const gt_gtt_format *f, uint64_t e, unsigned ext_bits, unsigned lm_bit)
{
    uint64_t a = entry_addr(f, e, ext_bits);
    return lm_bit && !((e >> lm_bit) & 1) ? a | GT_PA_SYSMEM : a;
}

int gt_vm_translate(gt_vm *vm, uint64_t va, uint64_t *pa)
{
    switch (vm->mode) {
    case GT_VM_GGTT: {
        /* seed 004 GGTT PTE: bit 0 present, bits 38:12 physical page;
         * Gen7: 32-bit entries (gt_gtt_format). */
        const gt_gtt_format *f = vm->fmt ? vm->fmt : &gt_gtt_gen8;
        uint64_t pte = f->pte_bytes == 4 ? read_pte32(vm->gsm, (va >> 12) * 4)
                                         : read_pte(vm->gsm, (va >> 12) * 8);
        if (!(pte & 1))
            return -1;
        *pa = leaf_addr(f, pte, f->ext_bits, f->ggtt_lm_bit) | (va & GT_PAGE_MASK);
        return 0;
    }
    case GT_VM_PPGTT_GEN7: {
        /* Gen7 PPGTT: va[30:22] indexes the 512 page directory entries held
         * in the GGTT entry table at byte offset vm->pml4; va[21:12] the
         * 1024 32-bit PTEs of the 4 KiB page table the PDE names. */
        const gt_gtt_format *f = vm->fmt ? vm->fmt : &gt_gtt_gen8;
        if (va >> 31)
            return -1;
        uint32_t pde = read_pte32(vm->gsm, vm->pml4 + ((va >> 22) & 511) * 4);
        if (!(pde & 1))
            return -1;
        uint64_t pt = entry_addr(f, pde, f->pde_ext_bits);
        uint32_t pte = read_pte32(vm->mem, pt + ((va >> 12) & 1023) * 4);
        if (!(pte & 1))
            return -1;
        *pa = entry_addr(f, pte, f->ext_bits) | (va & GT_PAGE_MASK);
        return 0;
    }
    case GT_VM_PPGTT48: {
        /* 4-level walk: PML4[47:39] PDP[38:30] PD[29:21] PT[20:12]. */
        const gt_gtt_format *f = vm->fmt ? vm->fmt : &gt_gtt_gen8;
        uint64_t table = vm->pml4;
        for (int level = 3; level >= 0; level--) {
            int shift = 12 + 9 * level;
            uint64_t e = read_pte(vm->mem, table + ((va >> shift) & 511) * 8);
            if (!(e & 1))
                return -1;
            if (level > 0 && level < 3 && (e & 0x80)) { /* PS: 1G or 2M page */
                uint64_t mask = (1ull << shift) - 1;
                *pa = (leaf_addr(f, e, 0, f->ppgtt_lm_bit) & ~mask) | (va & mask);
                return 0;
            }
            if (level == 0) {
                *pa = leaf_addr(f, e, 0, f->ppgtt_lm_bit) | (va & GT_PAGE_MASK);
                return 0;
            }
            table = entry_addr(f, e, 0);
        }
        return -1;
    }
    default:
        return -1;
    }
}

void gt_vm_fault_why(gt_vm *vm, uint64_t va, char *buf, size_t len)
{
    const gt_gtt_format *f = vm->fmt ? vm->fmt : &gt_gtt_gen8;
    switch (vm->mode) {
    case GT_VM_GGTT: {
        uint64_t at = (va >> 12) * f->pte_bytes;
        uint64_t pte = f->pte_bytes == 4 ? read_pte32(vm->gsm, at) : read_pte(vm->gsm, at);
        snprintf(buf, len, "GGTT PTE 0x%" PRIx64 " at entry offset 0x%" PRIx64 " not present", pte, at);
        return;
    }
    case GT_VM_PPGTT_GEN7: {
        if (va >> 31) {
            snprintf(buf, len, "beyond the 2 GiB Gen7 PPGTT");
            return;
        }
        uint64_t at = vm->pml4 + ((va >> 22) & 511) * 4;
        uint32_t pde = read_pte32(vm->gsm, at);
        if (!(pde & 1)) {
            snprintf(buf, len, "PDE 0x%x at GGTT entry offset 0x%" PRIx64 " not present", pde, at);
            return;
        }
        at = entry_addr(f, pde, f->pde_ext_bits) + ((va >> 12) & 1023) * 4;
        snprintf(buf, len, "PTE 0x%x at PA 0x%" PRIx64 " not present", read_pte32(vm->mem, at), at);
        return;
    }
    case GT_VM_PPGTT48: {
        static const char *const name[4] = {"PTE", "PDE", "PDPE", "PML4E"};
        uint64_t table = vm->pml4;
        for (int level = 3; level >= 0; level--) {
            uint64_t at = table + ((va >> (12 + 9 * level)) & 511) * 8, e = read_pte(vm->mem, at);
            if (!(e & 1)) {
                snprintf(buf, len, "%s 0x%" PRIx64 " at PA 0x%" PRIx64 " not present", name[level], e, at);
                return;
            }
            if (level > 0 && level < 3 && (e & 0x80))
                break;
            table = entry_addr(f, e, 0);
        }
        snprintf(buf, len, "mapped");
        return;
    }
    default:
        snprintf(buf, len, "no address space (PPGTT not enabled)");
    }
}

uint8_t *gt_vm_ptr(gt_vm *vm, uint64_t va)
{
    uint64_t vpn = (va >> 12) + 1;
    gt_tlb_entry *te = &vm->tlb[(va >> 12) & (GT_TLB_SIZE - 1)];
    if (te->vpn == vpn)
        return te->host + (va & GT_PAGE_MASK);
    uint64_t pa;
    if (gt_vm_translate(vm, va, &pa)) {
        vm->host_fail = 0;
        return NULL;
    }
    uint8_t *page = gt_mem_page(vm->mem, pa, 1);
    if (!page) {
        vm->host_fail = 1;
        vm->fail_pa = pa;
        return NULL;
    }
    te->vpn = vpn;
    te->host = page;
    return page + (va & GT_PAGE_MASK);
}

static const uint8_t zero_page[GT_PAGE_SIZE];

const uint8_t *gt_vm_ptr_ro(gt_vm *vm, uint64_t va)
{
    uint64_t vpn = (va >> 12) + 1;
    gt_tlb_entry *te = &vm->tlb[(va >> 12) & (GT_TLB_SIZE - 1)];
    if (te->vpn == vpn)
        return te->host + (va & GT_PAGE_MASK);
    uint64_t pa;
    if (gt_vm_translate(vm, va, &pa)) {
        vm->host_fail = 0;
        return NULL;
    }
    uint8_t *page = gt_mem_page(vm->mem, pa, 0);
    if (!page)
        return zero_page + (va & GT_PAGE_MASK); /* not cached: a write allocates it */
    te->vpn = vpn;
    te->host = page;
    return page + (va & GT_PAGE_MASK);
}

int gt_vm_read(gt_vm *vm, uint64_t va, void *out, size_t len, uint64_t *fault_va)
{
    uint8_t *o = out;
    while (len) {
        size_t n = GT_PAGE_SIZE - (va & GT_PAGE_MASK);
        if (n > len)
            n = len;
        const uint8_t *p = gt_vm_ptr_ro(vm, va);
        if (!p) {
            if (fault_va)
                *fault_va = va;
            return -1;
        }
        memcpy(o, p, n);
        o += n;
        va += n;
        len -= n;
    }
    return 0;
}

int gt_vm_write(gt_vm *vm, uint64_t va, const void *data, size_t len, uint64_t *fault_va)
{
    const uint8_t *d = data;
    while (len) {
        size_t n = GT_PAGE_SIZE - (va & GT_PAGE_MASK);
        if (n > len)
            n = len;
        uint8_t *p = gt_vm_ptr(vm, va);
        if (!p) {
            if (fault_va)
                *fault_va = va;
            return -1;
        }
        memcpy(p, d, n);
        d += n;
        va += n;
        len -= n;
    }
    return 0;
}
