/*
 * Internal core header: the device structure shared by the hardware blocks,
 * error reporting, and small helpers.  Each block (mem, cs, pipe, eu, sf)
 * owns its state struct; the device holds them.
 */
#ifndef GT_H
#define GT_H

#include <stdarg.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "gtsim.h"
#include "mem.h"

#define GT_MMIO_SIZE (2u << 20) /* bytes of MMIO register space modelled */
#define GT_MMIO_BLOCK 4096u     /* bytes of register file allocated at a time */

struct gt_cs;      /* command streamer, src/cs/ */
struct gt_pipe;    /* media/GPGPU pipeline, src/pipe/ */
struct gt_kcache;  /* decoded-kernel cache, src/eu/ */
struct gt_media;   /* media pipeline: root/child thread queues, scoreboard, URB (src/pipe/media.c) */
struct gt_cmd_set; /* per-generation command layouts, src/cs/cmds.h */

/* How the driver hands work to the render engine (gt_platform.submit). */
enum gt_submit {
    GT_SUBMIT_EXECLIST = 0, /* Gen8+: ELSP writes of context descriptors (seed 004) */
    GT_SUBMIT_RING = 1,     /* Gen7: RING_BUFFER_TAIL write of an enabled ring (seed 002) */
    GT_SUBMIT_EXECLIST_SQ = 2, /* Gen11+: execlist submission queue + EXECLIST_CONTROL Load */
};

/* Per-generation description (one table per platform, src/platform.c). */
typedef struct gt_platform {
    const char *name;       /* "skl" */
    int gen;                /* 9 for Skylake; x10: 75 = Haswell */
    uint32_t pci_id;
    int eu_count;           /* EUs in the modelled config */
    int threads_per_eu;
    uint32_t max_threads;   /* hardware threads the VFE may dispatch */
    /* Per-generation tables (NULL = the Gen9 ones, for hand-built devices). */
    const struct gt_cmd_set *cmds; /* command layouts and handlers' field tables */
    const gt_gtt_format *gtt;      /* GGTT/PPGTT entry format (mem.h) */
    int submit;                    /* enum gt_submit */
    uint32_t pp_dir_base_reg;      /* Gen7 PPGTT: MMIO offset of PP_DIR_BASE (0 = none) */
    const struct gt_sf_gen *sf;    /* shared-function layouts: data port message numbering,
                                    * RENDER_SURFACE_STATE (src/sf; NULL = Gen9) */
    const struct gt_cmd_set *blt;  /* blitter engine commands (src/cs/cmds_blt.c); NULL = the
                                    * platform has no blitter engine modelled */
    /* The video engine VCS0 and the video enhancement engine VECS0: their
     * own commands (src/cs/cmds_video.c) and MMIO bases (bytes); NULL / 0 =
     * the platform has no such engine modelled. */
    const struct gt_cmd_set *vcs, *vecs;
    uint32_t vcs_base, vecs_base;
    /* Frequency of the command streamer timestamp (TIMESTAMP,
     * CTX_TIMESTAMP) in Hz: i915's I915_PARAM_CS_TIMESTAMP_FREQUENCY (facts:
     * Gen9 12 MHz, Gen12 19.2 MHz, Gen7 12.5 MHz: an 80 ns tick). */
    uint32_t timestamp_hz;
} gt_platform;

const gt_platform *gt_platform_find(const char *name);

/* CLOCK_MONOTONIC in nanoseconds (src/device.c). */
uint64_t gt_now_ns(void);

struct gtsim_device {
    const gt_platform *plat;
    gtsim_config cfg;
    gt_mem *mem;          /* physical memory */
    gt_mem *gsm;          /* GGTT page-table entries, indexed by entry byte offset */
    gt_vm ggtt;           /* the global GTT address space */
    gt_vm ppgtt;          /* PPGTT of the current/last context */
    /* The register file, GT_MMIO_SIZE bytes in GT_MMIO_BLOCK-byte blocks
     * allocated on first write (a register never written reads 0): a
     * device touches a few dozen blocks, so creating one stays cheap. */
    uint32_t *mmio[GT_MMIO_SIZE / GT_MMIO_BLOCK];
    struct gt_cs *cs;     /* render command streamer */
    struct gt_cs *bcs;    /* blitter command streamer (created on its first submission) */
    struct gt_cs *vcs, *vecs; /* video and video enhancement command streamers (likewise) */
    struct gt_pipe *pipe; /* media/GPGPU pipeline */
    struct gt_kcache *kcache;
    struct gt_timeline *timeline; /* cfg.timeline_json: the timeline (src/timeline.c), else NULL */
    struct gt_profile *profile; /* cfg.profile: execution counts (src/eu/profile.c), else NULL */
    struct gt_checker *checker; /* cfg.checks: kernel check findings (src/check.c), else NULL */
    gtsim_kernel_stats *kstats; /* per-kernel work (gt_kstats_add), nkstats of capkstats, under kstats_lock */
    size_t nkstats, capkstats;
    pthread_mutex_t kstats_lock;
    struct gt_media *media; /* created on first media command (gt_media_of) */
    struct gt_pipe3d *pipe3d; /* the 3D pipeline's device-level objects (src/pipe3d), created on first use */
    struct gt_elsp *elsp; /* ELSP submission latches (render, blitter), src/device.c */
    gtsim_stats stats;    /* updated with GT_STAT_ADD (read by gtsim_get_stats on any thread) */
    atomic_int interrupt; /* gtsim_interrupt request (sticky until gtsim_interrupt_clear) */
    /* Bounds of the current submission (gt_work_begin, gt_poll). */
    uint64_t sub_eu0;     /* stats.eu_instructions at the submission's start */
    uint64_t sub_threads0;/* stats.threads_dispatched at the submission's start */
    uint64_t sub_blt_pixels; /* pixels the blitter processed in the submission (bounded by
                              * max_total_eu_instructions, as EU instructions are) */
    uint64_t sub_t0_ns;   /* CLOCK_MONOTONIC at the submission's start */
    uint64_t clock0_ns;   /* CLOCK_MONOTONIC at creation: cfg.host_clock's timestamp 0 */
    uint64_t deadline_ns; /* CLOCK_MONOTONIC deadline of the submission, 0 = none */
    unsigned poll_count;  /* polls since the clock was last read */
    /* An action due at the polls of the submitting thread: from
     * poll_due_ns (CLOCK_MONOTONIC) on, gt_poll calls poll_due(poll_due_arg)
     * (a walk's first worker deciding, mid-group, to post the others:
     * pipe.c walk_poll).  Set and cleared by the submitting thread while it
     * runs alone; NULL: none. */
    void (*poll_due)(void *arg);
    void *poll_due_arg;
    uint64_t poll_due_ns;
    gt_mem_budget hostmem;/* host memory of dev->mem and dev->gsm (cfg.max_host_memory) */
    int status;           /* first error status, GTSIM_OK if none */
    char err[2048];       /* report of the last error */
    /* Reports from EU worker threads (gtsim_config.threads): err, status
     * and the log are written under report_lock; while err_first_only is
     * set (a walker's workers run), only the thread that wrote the first
     * report may replace it (adding context), so the first failure is the
     * one reported. */
    pthread_mutex_t report_lock;
    int err_first_only, err_owned;
    pthread_t err_owner;
    pthread_mutex_t atomic_lock; /* data-port atomics of concurrent workers */
};

/* Add work of the kernel at gva to its gtsim_kernel_stats (thread-safe). */
void gt_kstats_add(gtsim_device *dev, uint64_t gva, uint64_t walkers, uint64_t threads, uint64_t insns,
                   uint64_t chans);

/* Record an error: formats the report into dev->err (replacing the previous
 * one; a caller adding context may pass the old report as an argument) and
 * returns status, so callers can `return gt_error(dev, ...)`.  Nothing is
 * printed: the frontend shows gtsim_last_error() once. */
int gt_error(gtsim_device *dev, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Print a warning (not an error) to the log. */
void gt_warn(gtsim_device *dev, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Print an informational line when cfg.trace_commands is set. */
void gt_trace(gtsim_device *dev, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Statistics counters: written by the threads running work (EU workers add
 * their counts in batches), read on any thread (gtsim_get_stats). */
#define GT_STAT_ADD(dev, field, n) __atomic_fetch_add(&(dev)->stats.field, (n), __ATOMIC_RELAXED)

/* ---- bounds and interruption (src/device.c) ---- */

/* EU instructions a thread runs between two polls (exec.c): a few tens of
 * microseconds of simulation, so an interrupt is seen within milliseconds. */
#define GT_POLL_INSNS 8192u

/* Start of a submission: per-submission counters and the deadline
 * (cfg.timeout_ms).  Returns GTSIM_ERR_INTERRUPTED (with a report) if an
 * interrupt is pending. */
int gt_work_begin(gtsim_device *dev);
/* Poll between units of work (each command, each thread group or media
 * thread dispatch, every GT_POLL_INSNS EU instructions).  GTSIM_OK, or
 * records a report of why the work must stop (interrupt, timeout,
 * max_total_eu_instructions) and returns its status; the caller adds where
 * execution was. */
int gt_poll(gtsim_device *dev);
/* Count n hardware threads about to be dispatched against max_threads per
 * submission: GTSIM_OK (the threads are counted in the statistics) or
 * GTSIM_ERR_WATCHDOG with a report (nothing counted); the caller adds
 * where. */
int gt_threads_dispatch(gtsim_device *dev, uint64_t n);
/* The threads bound (cfg.max_threads or its default). */
uint64_t gt_max_threads(const gtsim_device *dev);

/* When vm's last failed access (gt_vm_ptr/read/write returning NULL/-1)
 * failed for host memory rather than an unmapped page, record a "host
 * memory limit" (or host out-of-memory) report for the access `what` at GPU
 * address addr and return GTSIM_ERR_NOMEM; otherwise return GTSIM_OK (a
 * real page fault: the caller reports it). */
int gt_vm_host_error(gtsim_device *dev, const gt_vm *vm, const char *what, uint64_t addr);

/* Gen7 PPGTT: re-read PP_DIR_BASE (plat->pp_dir_base_reg) and point
 * dev->ppgtt at the page directory it names (src/device.c).  Called when
 * the register is written over MMIO or by the command streamer. */
void gt_dev_ppgtt_reload(gtsim_device *dev);

static inline uint32_t gt_bits(uint32_t v, int hi, int lo)
{
    return (v >> lo) & (uint32_t)((hi - lo == 31) ? 0xffffffffu : ((1u << (hi - lo + 1)) - 1));
}
static inline uint64_t gt_bits64(uint64_t v, int hi, int lo)
{
    return (v >> lo) & ((hi - lo == 63) ? ~0ull : ((1ull << (hi - lo + 1)) - 1));
}
/* The register at byte offset off (wrapped into GT_MMIO_SIZE, DWord aligned). */
static inline uint32_t gt_mmio_reg(const gtsim_device *dev, uint32_t off)
{
    off &= (GT_MMIO_SIZE - 1) & ~3u;
    const uint32_t *blk = dev->mmio[off / GT_MMIO_BLOCK];
    return blk ? blk[(off % GT_MMIO_BLOCK) >> 2] : 0;
}

/* Store val in the register at byte offset off (wrapped, DWord aligned).
 * Returns GTSIM_OK, or GTSIM_ERR_NOMEM (reported) when the block cannot
 * be allocated (src/device.c). */
int gt_mmio_set(gtsim_device *dev, uint32_t off, uint32_t val);

#endif
