/*
 * The device: gtsim_* public API, MMIO register file and submission.
 * The platform says how work is submitted (gt_platform.submit):
 *
 * Ring buffer (Gen7, seed 002 "Render Engine Command Streamer"): the
 * driver programs RING_BUFFER_START/CTL/HEAD and writes RING_BUFFER_TAIL;
 * a tail write to an enabled ring runs the ring from head to tail at once
 * (gt_cs_ring_submit).  PP_DIR_BASE names the PPGTT page directory.
 *
 * Execlists (Gen8+), two ways of loading them (gt_platform.submit):
 *  - ELSP (Gen8/9): the render engine's ELSP register takes four DWord
 *    writes, element 1 high/low then element 0 high/low; the write of
 *    element 0's low DWord submits element 0 (and element 1 after it, if
 *    valid).
 *  - Submission queue (Gen11+, Gen12LP): the driver writes the context
 *    descriptors into EXECLIST_SQ_CONTENTS (engine base + 0x510, two
 *    QWords, element 0 first, low DWord first) and then sets bit 0 (Load)
 *    of EXECLIST_CONTROL (base + 0x550), which submits the queue (public
 *    facts: Linux i915 RING_EXECLIST_SQ_CONTENTS / RING_EXECLIST_CONTROL,
 *    EL_CTRL_LOAD; NEO's Gen12 AUB captures write 0x2510, 0x2514, then 1
 *    to 0x2550).  Seed 004 does not list these registers.
 * Work runs synchronously at submission.
 *
 * Engines: the render engine (MMIO base 0x2000), on platforms with a
 * blitter command set (gt_platform.blt) the blitter (base 0x22000), and on
 * platforms with video engines the video engine VCS0 and the video
 * enhancement engine VECS0 (gt_platform.vcs / vecs, at vcs_base /
 * vecs_base); every command streamer but render's is created on its first
 * submission, and each engine has the registers above at the same offsets
 * from its base.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cs/cs.h"
#include "eu/eu.h"
#include "gt.h"
#include "pipe/media.h"
#include "pipe3d/pipe3d.h"
#include "pipe/pipe.h"
#include "check.h"
#include "timeline.h"

/* Engine registers, offsets from the engine's MMIO base (cs.h). */
#define ENG_ELSP 0x230u             /* ELSP (render 0x2230) */
#define ENG_EXECLIST_SQ 0x510u      /* EXECLIST_SQ_CONTENTS: 4 DWords */
#define ENG_EXECLIST_CONTROL 0x550u /* bit 0: Load the submission queue */
#define ENG_EXECLIST_STATUS_LO 0x234u
enum {
    ENGINE_RENDER = GTSIM_ENGINE_RENDER,
    ENGINE_BLITTER = GTSIM_ENGINE_BLITTER,
    ENGINE_VIDEO = GTSIM_ENGINE_VIDEO,
    ENGINE_VIDEO_ENHANCE = GTSIM_ENGINE_VIDEO_ENHANCE,
    ENGINES = GTSIM_ENGINE_COUNT
};

uint32_t gtsim_engine_mmio_base(const gtsim_device *dev, int e)
{
    switch (e) {
    case ENGINE_RENDER: return GT_RCS_BASE;
    case ENGINE_BLITTER: return dev->plat->blt ? GT_BCS_BASE : 0;
    case ENGINE_VIDEO: return dev->plat->vcs ? dev->plat->vcs_base : 0;
    case ENGINE_VIDEO_ENHANCE: return dev->plat->vecs ? dev->plat->vecs_base : 0;
    default: return 0;
    }
}
/* RING_EXECLIST_STATUS_LO of the render engine.  Bit 8, and on
 * submission-queue platforms (Gen12LP) bit 15 as well, read as set once the
 * submitted contexts have completed and the engine is idle (public facts:
 * NEO's AUB and TBX modes poll 0x2234 for mask 0x100 on Gen9; its Gen12LP
 * AUB captures poll engine base + 0x234 for mask 0x8000, e.g. the
 * blitter's 0x22234 after a Level Zero copy).  Work runs synchronously, so
 * the engine is idle whenever the driver looks. */
#define RCS_EXECLIST_STATUS_LO 0x2234u
#define EXECLIST_STATUS_IDLE(dev) ((dev)->plat->submit == GT_SUBMIT_EXECLIST_SQ ? 1u << 15 | 1u << 8 : 1u << 8)

struct gt_elsp {
    uint32_t dw[4];
    int n;
};

#define GT_DEFAULT_MAX_TOTAL_EU_INSTRUCTIONS 100000000000ull /* 1e11 */
/* 2^32: a walker of a legitimate program's size (the OpenCL-CTS fills a
 * 2 GiB constant buffer with 2^29 one-thread groups) runs; a walker of
 * garbage dimensions is still refused before it dispatches, and the
 * instruction bound above ends any other runaway. */
#define GT_DEFAULT_MAX_THREADS (1ull << 32)

/* Default max_host_memory: half of the machine's physical memory. */
static uint64_t default_host_memory(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), psize = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || psize <= 0)
        return 4ull << 30;
    return (uint64_t)pages * (uint64_t)psize / 2;
}

uint64_t gt_now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec;
}

gtsim_device *gtsim_create(const char *platform, const gtsim_config *cfg)
{
    const gt_platform *plat = gt_platform_find(platform);
    if (!plat)
        return NULL;
    gtsim_device *dev = calloc(1, sizeof(*dev));
    if (!dev)
        return NULL;
    dev->plat = plat;
    if (cfg)
        dev->cfg = *cfg;
    if (!dev->cfg.max_eu_instructions)
        dev->cfg.max_eu_instructions = 1000000000ull;
    if (!dev->cfg.max_commands)
        dev->cfg.max_commands = 100000000ull;
    if (!dev->cfg.max_total_eu_instructions)
        dev->cfg.max_total_eu_instructions = GT_DEFAULT_MAX_TOTAL_EU_INSTRUCTIONS;
    if (!dev->cfg.max_threads)
        dev->cfg.max_threads = GT_DEFAULT_MAX_THREADS;
    if (!dev->cfg.max_host_memory)
        dev->cfg.max_host_memory = default_host_memory();
    atomic_init(&dev->interrupt, 0);
    dev->clock0_ns = gt_now_ns();
    pthread_mutex_init(&dev->report_lock, NULL);
    pthread_mutex_init(&dev->atomic_lock, NULL);
    pthread_mutex_init(&dev->kstats_lock, NULL);
    dev->hostmem.limit = dev->cfg.max_host_memory;
    dev->mem = gt_mem_create();
    dev->gsm = gt_mem_create();
    dev->elsp = calloc(ENGINES, sizeof(struct gt_elsp));
    if (!dev->mem || !dev->gsm || !dev->elsp || gt_mmio_set(dev, RCS_EXECLIST_STATUS_LO, EXECLIST_STATUS_IDLE(dev)) ||
        gt_mmio_set(dev, GT_BCS_BASE + ENG_EXECLIST_STATUS_LO, EXECLIST_STATUS_IDLE(dev)))
        goto fail;
    for (int e = ENGINE_VIDEO; e < ENGINES; e++)
        if (gtsim_engine_mmio_base(dev, e) &&
            gt_mmio_set(dev, gtsim_engine_mmio_base(dev, e) + ENG_EXECLIST_STATUS_LO, EXECLIST_STATUS_IDLE(dev)))
            goto fail;
    gt_mem_set_budget(dev->mem, &dev->hostmem);
    gt_mem_set_budget(dev->gsm, &dev->hostmem);
    gt_vm_init(&dev->ggtt, GT_VM_GGTT, dev->mem, dev->gsm, 0);
    gt_vm_init(&dev->ppgtt, GT_VM_NONE, dev->mem, NULL, 0);
    dev->ggtt.fmt = dev->ppgtt.fmt = plat->gtt;
    if (dev->cfg.profile && !(dev->profile = gt_profile_create()))
        goto fail;
    if (dev->cfg.timeline_json && !(dev->timeline = gt_timeline_open(dev->cfg.timeline_json, plat)))
        goto fail;
    dev->cfg.checks &= GTSIM_CHECK_ALL;
    if (dev->cfg.checks && !(dev->checker = gt_check_create(dev->cfg.checks, dev->cfg.check_reports)))
        goto fail;
    dev->kcache = gt_kcache_create(dev->profile);
    dev->cs = gt_cs_create(dev);
    dev->pipe = gt_pipe_create(dev);
    if (!dev->kcache || !dev->cs || !dev->pipe)
        goto fail;
    return dev;
fail:
    gtsim_destroy(dev);
    return NULL;
}

void gtsim_destroy(gtsim_device *dev)
{
    if (!dev)
        return;
    if (dev->pipe)
        gt_pipe_destroy(dev->pipe);
    gt_media_destroy(dev->media);
    gt_pipe3d_destroy(dev);
    if (dev->cs)
        gt_cs_destroy(dev->cs);
    if (dev->bcs)
        gt_cs_destroy(dev->bcs);
    gt_cs_destroy(dev->vcs);
    gt_cs_destroy(dev->vecs);
    if (dev->kcache)
        gt_kcache_destroy(dev->kcache);
    gt_profile_destroy(dev->profile);
    gt_check_destroy(dev->checker);
    free(dev->kstats);
    pthread_mutex_destroy(&dev->kstats_lock);
    gt_timeline_close(dev->timeline);
    gt_mem_destroy(dev->mem);
    gt_mem_destroy(dev->gsm);
    for (size_t i = 0; i < sizeof(dev->mmio) / sizeof(dev->mmio[0]); i++)
        free(dev->mmio[i]);
    free(dev->elsp);
    pthread_mutex_destroy(&dev->report_lock);
    pthread_mutex_destroy(&dev->atomic_lock);
    free(dev);
}

int gt_mmio_set(gtsim_device *dev, uint32_t off, uint32_t val)
{
    off &= (GT_MMIO_SIZE - 1) & ~3u;
    uint32_t **blk = &dev->mmio[off / GT_MMIO_BLOCK];
    if (!*blk) {
        if (!val)
            return GTSIM_OK; /* an absent block reads 0 already */
        if (!(*blk = calloc(1, GT_MMIO_BLOCK)))
            return gt_error(dev, GTSIM_ERR_NOMEM, "host memory: cannot allocate the MMIO register block at 0x%x",
                            off & ~(GT_MMIO_BLOCK - 1));
    }
    (*blk)[(off % GT_MMIO_BLOCK) >> 2] = val;
    return GTSIM_OK;
}

void gt_dev_ppgtt_reload(gtsim_device *dev)
{
    /* PP_DIR_BASE bits 31:16: the page directory's byte offset in the GGTT
     * entry table in 64-byte units (public fact: Linux i915 get_pd_offset) */
    uint32_t base = gt_mmio_reg(dev, dev->plat->pp_dir_base_reg);
    gt_vm_init(&dev->ppgtt, GT_VM_PPGTT_GEN7, dev->mem, dev->gsm, (uint64_t)(base >> 16) * 64);
    dev->ppgtt.fmt = dev->plat->gtt;
}

/* Run submitted work: st = fn(dev) with statistics and the caches flushed
 * (the driver may have rewritten kernels and page tables). */
static void work_begin(gtsim_device *dev, struct timespec *t0)
{
    gt_kcache_flush(dev->kcache);
    gt_vm_flush(&dev->ggtt);
    gt_vm_flush(&dev->ppgtt);
    clock_gettime(CLOCK_MONOTONIC, &t0[0]);
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0[1]);
}

static uint64_t ns_since(clockid_t clk, const struct timespec *t0)
{
    struct timespec t1;
    clock_gettime(clk, &t1);
    return (uint64_t)((t1.tv_sec - t0->tv_sec) * 1000000000ll + (t1.tv_nsec - t0->tv_nsec));
}

/* t0: the two clocks work_begin read (wall, thread CPU). */
static void work_end(gtsim_device *dev, const struct timespec *t0)
{
    GT_STAT_ADD(dev, exec_ns, ns_since(CLOCK_MONOTONIC, &t0[0]));
    GT_STAT_ADD(dev, exec_cpu_ns, ns_since(CLOCK_THREAD_CPUTIME_ID, &t0[1]));
}

/* Run the execlist elements elem0 then elem1 (each skipped unless valid)
 * on engine e. */
static int execlist_submit(gtsim_device *dev, int e, uint64_t elem0, uint64_t elem1)
{
    if (!(elem0 & 1))
        return GTSIM_OK;
    uint32_t status = gtsim_engine_mmio_base(dev, e) + ENG_EXECLIST_STATUS_LO;
    struct gt_cs *cs = dev->cs;
    if (e == ENGINE_BLITTER) {
        if (!dev->bcs && !(dev->bcs = gt_cs_create_blitter(dev)))
            return gt_error(dev, GTSIM_ERR_NOMEM, "out of host memory creating the blitter command streamer");
        cs = dev->bcs;
    } else if (e == ENGINE_VIDEO || e == ENGINE_VIDEO_ENHANCE) {
        struct gt_cs **p = e == ENGINE_VIDEO ? &dev->vcs : &dev->vecs;
        if (!*p && !(*p = gt_cs_create_video(dev, e == ENGINE_VIDEO_ENHANCE)))
            return gt_error(dev, GTSIM_ERR_NOMEM, "out of host memory creating the video command streamer");
        cs = *p;
    }
    if (!cs)
        return gt_error(dev, GTSIM_ERR_INVALID, "no command streamer");
    /* New work: the driver may have rewritten kernels and page tables. */
    gt_kcache_flush(dev->kcache);
    gt_vm_flush(&dev->ggtt);
    gt_mmio_set(dev, status, gt_mmio_reg(dev, status) & ~EXECLIST_STATUS_IDLE(dev));
    struct timespec t0[2];
    clock_gettime(CLOCK_MONOTONIC, &t0[0]);
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0[1]);
    if (dev->timeline)
        gt_timeline_submission_begin(dev->timeline, dev, e);
    int st = gt_work_begin(dev);
    if (st == GTSIM_OK)
        st = gt_cs_submit_engine(cs, elem0);
    if (st == GTSIM_OK && (elem1 & 1))
        st = gt_cs_submit_engine(cs, elem1);
    if (dev->timeline)
        gt_timeline_submission_end(dev->timeline, dev, st);
    work_end(dev, t0);
    gt_mmio_set(dev, status, gt_mmio_reg(dev, status) | EXECLIST_STATUS_IDLE(dev));
    return st;
}

static int elsp_write(gtsim_device *dev, int e, uint32_t value)
{
    struct gt_elsp *p = &dev->elsp[e];
    p->dw[p->n++] = value;
    if (p->n < 4)
        return GTSIM_OK;
    p->n = 0;
    return execlist_submit(dev, e, ((uint64_t)p->dw[2] << 32) | p->dw[3], ((uint64_t)p->dw[0] << 32) | p->dw[1]);
}

/* EXECLIST_CONTROL write: Load (bit 0) submits the queue's two elements. */
static int execlist_control_write(gtsim_device *dev, int e, uint32_t value)
{
    if (!(value & 1))
        return GTSIM_OK;
    uint32_t q[4];
    for (int i = 0; i < 4; i++)
        q[i] = gt_mmio_reg(dev, gtsim_engine_mmio_base(dev, e) + ENG_EXECLIST_SQ + 4u * (uint32_t)i);
    return execlist_submit(dev, e, ((uint64_t)q[1] << 32) | q[0], ((uint64_t)q[3] << 32) | q[2]);
}

int gtsim_mmio_write(gtsim_device *dev, uint32_t offset, uint32_t value)
{
    if (offset >= GT_MMIO_SIZE || (offset & 3))
        return gt_error(dev, GTSIM_ERR_INVALID, "MMIO write 0x%08x to offset 0x%x outside the register file",
                        value, offset);
    for (int e = 0; e < ENGINES; e++) {
        uint32_t base = gtsim_engine_mmio_base(dev, e);
        if (!base)
            continue;
        if (dev->plat->submit == GT_SUBMIT_EXECLIST && offset == base + ENG_ELSP)
            return elsp_write(dev, e, value);
        if (dev->plat->submit == GT_SUBMIT_EXECLIST_SQ && offset == base + ENG_EXECLIST_CONTROL)
            return execlist_control_write(dev, e, value);
    }
    if (gt_mmio_set(dev, offset, value))
        return GTSIM_ERR_NOMEM;
    if (dev->plat->pp_dir_base_reg && offset == dev->plat->pp_dir_base_reg)
        gt_dev_ppgtt_reload(dev);
    if (dev->plat->submit == GT_SUBMIT_RING && offset == GT_RCS_RING_TAIL) {
        struct timespec t0[2];
        work_begin(dev, t0);
        if (dev->timeline)
            gt_timeline_submission_begin(dev->timeline, dev, 0);
        int st = gt_work_begin(dev);
        if (st == GTSIM_OK)
            st = gt_cs_ring_submit(dev);
        if (dev->timeline)
            gt_timeline_submission_end(dev->timeline, dev, st);
        work_end(dev, t0);
        return st;
    }
    return GTSIM_OK;
}

uint32_t gtsim_mmio_read(gtsim_device *dev, uint32_t offset)
{
    if (offset >= GT_MMIO_SIZE || (offset & 3))
        return 0;
    return gt_cs_reg_read(dev, offset); /* the register file, and the running TIMESTAMP */
}

/* The report of a refused host page of m (gt_mem_failure): what, at
 * address addr of the named space. */
static int host_mem_error(gtsim_device *dev, gt_mem *m, const char *what, const char *space, uint64_t addr)
{
    uint64_t pa = 0;
    int why = gt_mem_failure(m, &pa);
    gt_mem_clear_failure(m);
    if (why == GT_MEM_FAIL_LIMIT)
        return gt_error(dev, GTSIM_ERR_NOMEM,
                        "host memory limit: %s at %s 0x%" PRIx64 " needs a new 4 KiB host page (for page 0x%" PRIx64
                        "), but simulated memory already holds %" PRIu64 " of the %" PRIu64 " bytes allowed "
                        "(max_host_memory; gtsim run --max-host-memory)",
                        what, space, addr, pa & ~(uint64_t)GT_PAGE_MASK, dev->hostmem.used, dev->hostmem.limit);
    return gt_error(dev, GTSIM_ERR_NOMEM,
                    "out of host memory: %s at %s 0x%" PRIx64 ": allocating the host page for page 0x%" PRIx64
                    " failed (%" PRIu64 " bytes of simulated memory held)",
                    what, space, addr, pa & ~(uint64_t)GT_PAGE_MASK, dev->hostmem.used);
}

int gt_vm_host_error(gtsim_device *dev, const gt_vm *vm, const char *what, uint64_t addr)
{
    if (!vm->host_fail || !gt_mem_failure(vm->mem, NULL))
        return GTSIM_OK;
    char space[64];
    snprintf(space, sizeof(space), "%s address", vm->mode == GT_VM_GGTT ? "GGTT" : "PPGTT");
    return host_mem_error(dev, vm->mem, what, space, addr);
}

int gtsim_phys_write(gtsim_device *dev, uint64_t pa, const void *data, size_t len)
{
    if (gt_mem_write(dev->mem, pa, data, len)) {
        char what[64];
        snprintf(what, sizeof(what), "writing 0x%zx bytes", len);
        return host_mem_error(dev, dev->mem, what, "physical address", pa);
    }
    gt_vm_flush(&dev->ppgtt); /* the write may have changed page tables */
    return GTSIM_OK;
}

int gtsim_phys_map_host(gtsim_device *dev, uint64_t pa, void *host, size_t len)
{
    if ((pa | (uintptr_t)host | len) & GT_PAGE_MASK)
        return gt_error(dev, GTSIM_ERR_INVALID,
                        "gtsim_phys_map_host: physical address 0x%" PRIx64 ", host %p and length 0x%zx must be 4 KiB "
                        "aligned", pa, host, len);
    for (size_t o = 0; o < len; o += GT_PAGE_SIZE)
        if (gt_mem_map_host(dev->mem, pa + o, (uint8_t *)host + o))
            return host_mem_error(dev, dev->mem, "mapping a host page", "physical address", pa + o);
    gt_vm_flush(&dev->ggtt);
    gt_vm_flush(&dev->ppgtt);
    return GTSIM_OK;
}

void gtsim_phys_unmap_host(gtsim_device *dev, uint64_t pa, size_t len)
{
    for (size_t o = 0; o < len; o += GT_PAGE_SIZE)
        gt_mem_unmap_host(dev->mem, (pa & ~(uint64_t)GT_PAGE_MASK) + o);
    gt_vm_flush(&dev->ggtt);
    gt_vm_flush(&dev->ppgtt);
}

void gt_kstats_add(gtsim_device *dev, uint64_t gva, uint64_t walkers, uint64_t threads, uint64_t insns,
                   uint64_t chans)
{
    pthread_mutex_lock(&dev->kstats_lock);
    gtsim_kernel_stats *k = NULL;
    for (size_t i = dev->nkstats; i-- > 0 && !k;) /* the latest kernels are the likely ones */
        if (dev->kstats[i].kernel_gva == gva)
            k = &dev->kstats[i];
    if (!k && dev->nkstats == dev->capkstats) {
        size_t nc = dev->capkstats ? 2 * dev->capkstats : 16;
        gtsim_kernel_stats *n = realloc(dev->kstats, nc * sizeof(*n));
        if (n) {
            dev->kstats = n;
            dev->capkstats = nc;
        }
    }
    if (!k && dev->nkstats < dev->capkstats) { /* (out of host memory: not counted) */
        k = &dev->kstats[dev->nkstats++];
        memset(k, 0, sizeof(*k));
        k->kernel_gva = gva;
    }
    if (k) {
        k->walkers += walkers;
        k->threads += threads;
        k->eu_instructions += insns;
        k->eu_channels += chans;
    }
    pthread_mutex_unlock(&dev->kstats_lock);
}

size_t gtsim_kernel_stats_get(gtsim_device *dev, gtsim_kernel_stats *out, size_t max)
{
    pthread_mutex_lock(&dev->kstats_lock);
    size_t n = dev->nkstats;
    if (out)
        memcpy(out, dev->kstats, (n < max ? n : max) * sizeof(*out));
    pthread_mutex_unlock(&dev->kstats_lock);
    return n;
}

int gtsim_profile_write(gtsim_device *dev, FILE *f)
{
    if (!dev->profile)
        return gt_error(dev, GTSIM_ERR_INVALID, "gtsim_profile_write: the device was created without profile");
    gt_kcache_flush(dev->kcache);
    gt_pipe_flush_kcaches(dev->pipe);
    if (gt_profile_write(dev->profile, dev->plat, f))
        return gt_error(dev, GTSIM_ERR_INVALID, "gtsim_profile_write: write error");
    return GTSIM_OK;
}

int gtsim_timeline_finish(gtsim_device *dev)
{
    if (!dev->timeline)
        return GTSIM_OK;
    int r = gt_timeline_close(dev->timeline);
    dev->timeline = NULL;
    return r ? gt_error(dev, GTSIM_ERR_INVALID, "timeline trace: write error") : GTSIM_OK;
}

void gtsim_context_reset(gtsim_device *dev, uint64_t lrca)
{
    gt_pipe_context_forget(dev->pipe, lrca & ~(uint64_t)GT_PAGE_MASK);
}

int gtsim_has_local_memory(const gtsim_device *dev)
{
    return dev->plat->gtt && dev->plat->gtt->ppgtt_lm_bit != 0;
}

int gtsim_phys_read(gtsim_device *dev, uint64_t pa, void *out, size_t len)
{
    gt_mem_read(dev->mem, pa, out, len);
    return GTSIM_OK;
}

int gtsim_ggtt_write(gtsim_device *dev, uint64_t entry_offset, const void *data, size_t len)
{
    if (gt_mem_write(dev->gsm, entry_offset, data, len)) {
        char what[64];
        snprintf(what, sizeof(what), "writing 0x%zx bytes of GGTT entries", len);
        return host_mem_error(dev, dev->gsm, what, "GGTT entry offset", entry_offset);
    }
    gt_vm_flush(&dev->ggtt);
    gt_vm_flush(&dev->ppgtt); /* Gen7 page directory entries live there too */
    return GTSIM_OK;
}

int gtsim_ggtt_entries_read(gtsim_device *dev, uint64_t entry_offset, void *out, size_t len)
{
    gt_mem_read(dev->gsm, entry_offset, out, len);
    return GTSIM_OK;
}

int gtsim_run(gtsim_device *dev)
{
    return dev->status;
}

/* Copy through an address space; a fault becomes a report naming it. */
static int vm_copy(gtsim_device *dev, gt_vm *vm, const char *space, int write, uint64_t addr, void *buf,
                   size_t len)
{
    uint64_t fault;
    int e = write ? gt_vm_write(vm, addr, buf, len, &fault) : gt_vm_read(vm, addr, buf, len, &fault);
    if (e && gt_vm_host_error(dev, vm, write ? "write" : "read", fault))
        return GTSIM_ERR_NOMEM;
    if (e)
        return gt_error(dev, GTSIM_ERR_FAULT, "%s of %s address 0x%llx: page 0x%llx is not mapped",
                        write ? "write" : "read", space, (unsigned long long)addr, (unsigned long long)fault);
    return GTSIM_OK;
}

int gtsim_gva_read(gtsim_device *dev, uint64_t gva, void *out, size_t len)
{
    return vm_copy(dev, &dev->ppgtt, "PPGTT", 0, gva, out, len);
}

int gtsim_gva_write(gtsim_device *dev, uint64_t gva, const void *data, size_t len)
{
    return vm_copy(dev, &dev->ppgtt, "PPGTT", 1, gva, (void *)data, len);
}

int gtsim_ggtt_read(gtsim_device *dev, uint64_t ggtt, void *out, size_t len)
{
    return vm_copy(dev, &dev->ggtt, "GGTT", 0, ggtt, out, len);
}

int gtsim_ggtt_mem_write(gtsim_device *dev, uint64_t ggtt, const void *data, size_t len)
{
    return vm_copy(dev, &dev->ggtt, "GGTT", 1, ggtt, (void *)data, len);
}

void gtsim_get_stats(const gtsim_device *dev, gtsim_stats *out)
{
    gtsim_stats *s = (gtsim_stats *)&dev->stats;
    out->eu_instructions = __atomic_load_n(&s->eu_instructions, __ATOMIC_RELAXED);
    out->eu_channels = __atomic_load_n(&s->eu_channels, __ATOMIC_RELAXED);
    out->threads_dispatched = __atomic_load_n(&s->threads_dispatched, __ATOMIC_RELAXED);
    out->commands = __atomic_load_n(&s->commands, __ATOMIC_RELAXED);
    out->walkers = __atomic_load_n(&s->walkers, __ATOMIC_RELAXED);
    out->exec_ns = __atomic_load_n(&s->exec_ns, __ATOMIC_RELAXED);
    out->exec_cpu_ns = __atomic_load_n(&s->exec_cpu_ns, __ATOMIC_RELAXED);
}

/* ---- bounds and interruption ---- */

void gtsim_interrupt(gtsim_device *dev)
{
    if (dev)
        atomic_store_explicit(&dev->interrupt, 1, memory_order_relaxed);
}

void gtsim_interrupt_clear(gtsim_device *dev)
{
    if (dev)
        atomic_store_explicit(&dev->interrupt, 0, memory_order_relaxed);
}

int gtsim_interrupted(const gtsim_device *dev)
{
    return dev && atomic_load_explicit(&((gtsim_device *)dev)->interrupt, memory_order_relaxed);
}


static int interrupted_error(gtsim_device *dev)
{
    return gt_error(dev, GTSIM_ERR_INTERRUPTED, "interrupted (gtsim_interrupt: the frontend or a signal asked "
                    "the simulation to stop)");
}

int gt_work_begin(gtsim_device *dev)
{
    dev->sub_eu0 = __atomic_load_n(&dev->stats.eu_instructions, __ATOMIC_RELAXED);
    dev->sub_threads0 = __atomic_load_n(&dev->stats.threads_dispatched, __ATOMIC_RELAXED);
    dev->sub_blt_pixels = 0;
    dev->sub_t0_ns = gt_now_ns();
    uint64_t ms = dev->cfg.timeout_ms;
    dev->deadline_ns = ms && ms < UINT64_MAX / 1000000ull - dev->sub_t0_ns / 1000000ull
                           ? dev->sub_t0_ns + ms * 1000000ull : 0;
    dev->poll_count = 0;
    gt_mem_clear_failure(dev->mem);
    gt_mem_clear_failure(dev->gsm);
    if (atomic_load_explicit(&dev->interrupt, memory_order_relaxed))
        return interrupted_error(dev);
    return GTSIM_OK;
}

int gt_poll(gtsim_device *dev)
{
    if (atomic_load_explicit(&dev->interrupt, memory_order_relaxed))
        return interrupted_error(dev);
    uint64_t insns = __atomic_load_n(&dev->stats.eu_instructions, __ATOMIC_RELAXED) - dev->sub_eu0;
    uint64_t max = dev->cfg.max_total_eu_instructions ? dev->cfg.max_total_eu_instructions
                                                      : GT_DEFAULT_MAX_TOTAL_EU_INSTRUCTIONS;
    if (dev->sub_blt_pixels > max)
        return gt_error(dev, GTSIM_ERR_WATCHDOG,
                        "watchdog: the blitter processed %" PRIu64 " pixels in one submission, more than "
                        "max_total_eu_instructions = %" PRIu64 " (the bound of a submission's work; gtsim run "
                        "--max-total-eu-instructions)",
                        dev->sub_blt_pixels, max);
    if (insns > max)
        return gt_error(dev, GTSIM_ERR_WATCHDOG,
                        "watchdog: %" PRIu64 " EU instructions executed in one submission, more than "
                        "max_total_eu_instructions = %" PRIu64 " (gtsim run --max-total-eu-instructions)",
                        insns, max);
    /* the clock is read every 16th poll: at most ~1 ms apart */
    if (dev->deadline_ns && !(__atomic_add_fetch(&dev->poll_count, 1, __ATOMIC_RELAXED) & 15)) {
        uint64_t t = gt_now_ns();
        if (t >= dev->deadline_ns)
            return gt_error(dev, GTSIM_ERR_WATCHDOG,
                            "timeout: the submission ran for %" PRIu64 " ms, more than timeout_ms = %" PRIu64
                            " (gtsim run --timeout)",
                            (t - dev->sub_t0_ns) / 1000000u, (uint64_t)dev->cfg.timeout_ms);
    }
    if (dev->poll_due && gt_now_ns() >= dev->poll_due_ns)
        dev->poll_due(dev->poll_due_arg);
    return GTSIM_OK;
}

uint64_t gt_max_threads(const gtsim_device *dev)
{
    return dev->cfg.max_threads ? dev->cfg.max_threads : GT_DEFAULT_MAX_THREADS;
}

int gt_threads_dispatch(gtsim_device *dev, uint64_t n)
{
    /* counted first, checked after: workers dispatch concurrently */
    uint64_t done = GT_STAT_ADD(dev, threads_dispatched, n) - dev->sub_threads0, max = gt_max_threads(dev);
    if (n > max || done > max - n)
        return gt_error(dev, GTSIM_ERR_WATCHDOG,
                        "watchdog: %" PRIu64 " more hardware threads would make %" PRIu64 " dispatched in one "
                        "submission, more than max_threads = %" PRIu64 " (gtsim run --max-threads)",
                        n, done + n < done ? UINT64_MAX : done + n, max);
    return GTSIM_OK;
}

const char *gtsim_last_error(const gtsim_device *dev)
{
    return dev->err;
}
