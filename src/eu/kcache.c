/*
 * Decoded-kernel cache.  Kernels are keyed by (address space, kernel start
 * GVA); the kernel start GVA is Instruction Base Address + Kernel Start
 * Pointer (seed 000 INTERFACE_DESCRIPTOR_DATA), i.e. gt_thread.kernel_gva.
 * Inside a kernel, instructions are indexed by their byte offset from the
 * kernel start (the thread's ip) in 8-byte units (compacted instructions are
 * 8 bytes, native ones 16).  Each instruction is read through the dispatch
 * address space, decoded with the platform's decoder and planned once, on
 * its first execution; the hot path is an array index.
 */
#include <inttypes.h>
#include <stdlib.h>

#include "eu/encoding.h"
#include "eu/exec_priv.h"

struct gt_kcache {
    gt_kkernel **tab;   /* open addressing, power-of-two size */
    uint32_t cap, count;
    gt_kkernel *last;   /* the kernel found last (a thread group's threads ask for it again
                         * at every return from a barrier wait), NULL after a flush */
    gt_profile *prof;   /* NULL = no profile */
};

struct gt_kcache *gt_kcache_create(gt_profile *prof)
{
    struct gt_kcache *kc = calloc(1, sizeof(*kc));
    if (!kc)
        return NULL;
    kc->prof = prof;
    kc->cap = 64;
    kc->tab = calloc(kc->cap, sizeof(*kc->tab));
    if (!kc->tab) {
        free(kc);
        return NULL;
    }
    return kc;
}

static void free_kernel(gt_kkernel *k, gt_profile *prof)
{
    if (gt_eu_cov_enabled())
        gt_eu_cov_dump(k);
    if (prof)
        gt_profile_add(prof, k);
    for (uint32_t i = 0; i < k->nslot; i++)
        free(k->slot[i]);
    free(k->slot);
    if (k->budget)
        gt_budget_give(k->budget, k->charged);
    free(k);
}

void gt_kcache_flush(struct gt_kcache *kc)
{
    if (!kc)
        return;
    for (uint32_t i = 0; i < kc->cap; i++) {
        if (kc->tab[i])
            free_kernel(kc->tab[i], kc->prof);
        kc->tab[i] = NULL;
    }
    kc->count = 0;
    kc->last = NULL;
}

void gt_kcache_destroy(struct gt_kcache *kc)
{
    if (!kc)
        return;
    gt_kcache_flush(kc);
    free(kc->tab);
    free(kc);
}

static uint32_t khash(const gt_vm *vm, uint64_t gva)
{
    uint64_t h = gva ^ ((uint64_t)(uintptr_t)vm * 0x9E3779B97F4A7C15ull);
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 32;
    return (uint32_t)h;
}

static int kc_grow(struct gt_kcache *kc)
{
    uint32_t ncap = kc->cap * 2;
    gt_kkernel **nt = calloc(ncap, sizeof(*nt));
    if (!nt)
        return -1;
    for (uint32_t i = 0; i < kc->cap; i++) {
        gt_kkernel *k = kc->tab[i];
        if (!k)
            continue;
        uint32_t h = khash(k->vm, k->gva) & (ncap - 1);
        while (nt[h])
            h = (h + 1) & (ncap - 1);
        nt[h] = k;
    }
    free(kc->tab);
    kc->tab = nt;
    kc->cap = ncap;
    return 0;
}

/* gt_kcache_kernel past its check of the kernel found last. */
static __attribute__((noinline)) gt_kkernel *kc_find(struct gt_kcache *kc, const gt_vm *vm, uint64_t gva)
{
    uint32_t h = khash(vm, gva) & (kc->cap - 1);
    while (kc->tab[h]) {
        gt_kkernel *k = kc->tab[h];
        if (k->gva == gva && k->vm == vm)
            return kc->last = k;
        h = (h + 1) & (kc->cap - 1);
    }
    if ((kc->count + 1) * 2 > kc->cap) {
        if (kc_grow(kc))
            return NULL;
        return kc_find(kc, vm, gva);
    }
    gt_kkernel *k = calloc(1, sizeof(*k));
    if (!k)
        return NULL;
    k->gva = gva;
    k->vm = vm;
    kc->tab[h] = k;
    kc->count++;
    return kc->last = k;
}

gt_kkernel *gt_kcache_kernel(struct gt_kcache *kc, const gt_vm *vm, uint64_t gva)
{
    gt_kkernel *k = kc->last;
    return k && k->gva == gva && k->vm == vm ? k : kc_find(kc, vm, gva);
}

/* Hex dump of n raw bytes into buf. */
static void hexbytes(const uint8_t *b, int n, char *buf, size_t len)
{
    size_t o = 0;
    buf[0] = 0;
    for (int i = 0; i < n && o + 4 < len; i++)
        o += (size_t)snprintf(buf + o, len - o, "%s%02x", i ? " " : "", b[i]);
}

/* Host nanoseconds this host thread has spent in kc_decode while a walk
 * weighed posting its other workers (gtsim_device.poll_due). */
static _Thread_local uint64_t decode_ns;

uint64_t gt_kcache_decode_ns(void)
{
    return decode_ns;
}

/* gt_kcache_inst's miss: the instruction at ip (aligned) of k, decoded,
 * planned and entered in k's slots. */
static const gt_xinst *kc_decode(gtsim_device *dev, gt_kkernel *k, gt_vm *vm, uint32_t ip, int *status)
{
    uint32_t idx = ip >> 3;
    uint64_t gva = k->gva + ip;
    uint8_t code[16] = {0};
    size_t avail = 16;
    uint64_t fva = 0;
    if (gt_vm_read(vm, gva, code, 16, &fva)) {
        /* The instruction may be a compacted one at the end of a mapping. */
        avail = 8;
        if (gt_vm_read(vm, gva, code, 8, &fva)) {
            char what[96];
            snprintf(what, sizeof(what), "EU: instruction fetch (kernel GVA 0x%" PRIx64 ", ip 0x%x)", k->gva, ip);
            if ((*status = gt_vm_host_error(dev, vm, what, fva)) != GTSIM_OK)
                return NULL;
            char why[96];
            gt_vm_fault_why(vm, fva, why, sizeof(why));
            *status = gt_error(dev, GTSIM_ERR_FAULT,
                               "EU: instruction fetch page fault at GVA 0x%" PRIx64
                               " (kernel GVA 0x%" PRIx64 ", ip 0x%x; %s)", fva, k->gva, ip, why);
            return NULL;
        }
    }
    gt_decode_fn dec = gt_decoder_for(dev->plat);
    if (!dec) {
        *status = gt_error(dev, GTSIM_ERR_UNIMPL, "EU: no instruction decoder for platform %s",
                           dev->plat ? dev->plat->name : "(none)");
        return NULL;
    }
    gt_xinst *x = calloc(1, sizeof(*x));
    if (!x) {
        *status = gt_error(dev, GTSIM_ERR_NOMEM, "EU: out of memory decoding kernel");
        return NULL;
    }
    char why[160] = "";
    int len = dec(code, avail, &x->in, why, sizeof(why));
    if (len < 0) {
        char hex[64];
        hexbytes(code, (int)avail, hex, sizeof(hex));
        /* A native instruction whose only fault is its software-scoreboard
         * byte (Gen12, encoding.h GT_H_SWSB) is shown as it decodes with
         * that field cleared. */
        char dis[200] = "";
        const gt_eu_encoding *E = gt_eu_encoding_for(dev->plat);
        if (E && gt_field_present(&E->hdr[GT_H_SWSB]) && avail >= 16) {
            uint32_t w[4];
            uint8_t c2[16];
            for (int i = 0; i < 4; i++)
                w[i] = (uint32_t)code[4 * i] | (uint32_t)code[4 * i + 1] << 8 |
                       (uint32_t)code[4 * i + 2] << 16 | (uint32_t)code[4 * i + 3] << 24;
            const gt_field *sf = &E->hdr[GT_H_SWSB];
            int native = !gt_field_get(w, &E->hdr[GT_H_CMPTCTRL]);
            gt_inst_set_bits(w, sf->p[0].lo + sf->p[0].n - 1u, sf->p[0].lo, 0);
            for (int i = 0; i < 16; i++)
                c2[i] = (uint8_t)(w[i / 4] >> (8 * (i % 4)));
            gt_inst tmp;
            if (native && memcmp(c2, code, 16) && dec(c2, 16, &tmp, NULL, 0) > 0) {
                char d[160];
                gt_disasm_inst(dev->plat, &tmp, d, sizeof d);
                snprintf(dis, sizeof dis, " (with its SWSB field cleared: `%s`)", d);
            }
        }
        *status = gt_error(dev, GTSIM_ERR_ILLEGAL,
                           "EU: illegal instruction at kernel GVA 0x%" PRIx64 " ip 0x%x: %s%s"
                           " [raw %s]", k->gva, ip, why[0] ? why : "undecodable", dis, hex);
        free(x);
        return NULL;
    }
    x->ip = ip;
    x->jt_bit = jt_bit(ip);
    gt_exec_plan(dev, x);

    /* The slot table grows with the highest IP reached (a jump far ahead
     * asks for up to 4 GiB): it and the records count against the
     * device's host-memory budget. */
    if (!k->budget && dev->hostmem.limit)
        k->budget = &dev->hostmem;
    uint32_t n = k->nslot ? k->nslot : 64;
    while (n <= idx)
        n *= 2;
    uint64_t need = sizeof(*x) + (idx >= k->nslot ? (uint64_t)(n - k->nslot) * sizeof(*k->slot) : 0);
    gt_mem_budget *b = k->budget;
    if (b && gt_budget_take(b, need)) {
        free(x);
        *status = gt_error(dev, GTSIM_ERR_NOMEM,
                           "host memory limit: decoding the instruction at kernel GVA 0x%" PRIx64 " ip 0x%x needs "
                           "%" PRIu64 " bytes of host memory for the decoded-kernel table, but simulated memory "
                           "already holds %" PRIu64 " of the %" PRIu64 " bytes allowed (max_host_memory; gtsim "
                           "run --max-host-memory)",
                           k->gva, ip, need, b->used, b->limit);
        return NULL;
    }
    if (idx >= k->nslot) {
        gt_xinst **ns = realloc(k->slot, n * sizeof(*ns));
        if (!ns) {
            free(x);
            if (b)
                gt_budget_give(b, need);
            *status = gt_error(dev, GTSIM_ERR_NOMEM, "EU: out of memory decoding kernel");
            return NULL;
        }
        for (uint32_t i = k->nslot; i < n; i++)
            ns[i] = NULL;
        k->slot = ns;
        k->nslot = n;
    }
    k->slot[idx] = x;
    if (b)
        k->charged += need;
    return x;
}

const gt_xinst *gt_kcache_inst(gtsim_device *dev, gt_kkernel *k, gt_vm *vm, uint32_t ip,
                               int *status)
{
    uint32_t idx = ip >> 3;
    if (ip & 7) {   /* before the slot lookup: ip / 8 names an aligned neighbour */
        *status = gt_error(dev, GTSIM_ERR_ILLEGAL,
                           "EU: misaligned instruction pointer ip=0x%x (kernel GVA 0x%" PRIx64
                           ", instruction GVA 0x%" PRIx64 ")", ip, k->gva, k->gva + ip);
        return NULL;
    }
    if (idx < k->nslot && k->slot[idx])
        return k->slot[idx];
    if (!dev->poll_due)
        return kc_decode(dev, k, vm, ip, status);
    uint64_t t0 = gt_now_ns();
    const gt_xinst *x = kc_decode(dev, k, vm, ip, status);
    decode_ns += gt_now_ns() - t0;
    return x;
}
