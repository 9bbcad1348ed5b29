/*
 * gtsim public API: the only door into the simulator core.
 *
 * A device is one simulated Intel GT GPU: an MMIO register file, sparse
 * physical memory, the global GTT, and the render command streamer with the
 * media/GPGPU pipeline and EUs behind it.  Frontends (AUB replay, the TBX
 * server, tests) drive it the way a driver drives the hardware: MMIO writes
 * (e.g. ELSP submission), physical memory writes, GGTT entry writes.
 *
 * Units: all addresses are bytes.  "pa" is a physical (GPU bus) address,
 * "gva" a GPU virtual address of a context's PPGTT (48-bit, seed 004
 * PPGTT), "ggtt" an address in the global GTT aperture.
 */
#ifndef GTSIM_H
#define GTSIM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Everything declared in the public headers is exported by libgtsim.so (the
 * core is compiled with -fvisibility=hidden). */
#pragma GCC visibility push(default)

typedef struct gtsim_device gtsim_device;

/* Return codes of the API.  Every error also leaves a human-readable report
 * (what and where) retrievable with gtsim_last_error(). */
enum gtsim_status {
    GTSIM_OK = 0,
    GTSIM_ERR_INVALID = -1,  /* bad argument or malformed input */
    GTSIM_ERR_FAULT = -2,    /* GPU page fault / access to unmapped memory */
    GTSIM_ERR_UNIMPL = -3,   /* command or instruction gtsim does not implement */
    GTSIM_ERR_ILLEGAL = -4,  /* illegal instruction or command encoding */
    GTSIM_ERR_WATCHDOG = -5, /* a watchdog or bound exceeded: max_eu_instructions, max_commands,
                              * max_total_eu_instructions, max_threads, timeout_ms (a hang,
                              * runaway work), or a deadlock */
    GTSIM_ERR_NOMEM = -6,    /* host memory: malloc failed or max_host_memory reached */
    GTSIM_ERR_INTERRUPTED = -7, /* stopped by gtsim_interrupt() */
};

/* Device configuration; zero-initialise and set what you need. */
typedef struct gtsim_config {
    /* Watchdog: maximum EU instructions per thread dispatch (0 = default
     * 1e9) and maximum commands parsed per submission (0 = default 1e8). */
    uint64_t max_eu_instructions;
    uint64_t max_commands;
    /* Where warnings and error reports go (NULL = stderr). */
    FILE *log;
    /* Log every command the command streamer parses. */
    int trace_commands;
    /* Bounds on the work of one submission (an ELSP submission, a Gen7 ring
     * tail write).  Exceeding one ends the submission with
     * GTSIM_ERR_WATCHDOG and a report naming the bound and where execution
     * was (batch address, walker, thread group, EU IP).  0 = the default;
     * UINT64_MAX = no bound.
     *  max_total_eu_instructions: EU instructions over all threads
     *      (default 1e11, an hour or more of simulation); the same bound
     *      applies to the pixels the blitter processes (XY_* commands).
     *  max_threads: hardware threads dispatched, per walker and per
     *      submission (default 2^32 = 4,294,967,296).  A walker whose thread
     *      groups x threads exceed it is refused before dispatch.
     *  timeout_ms: wall-clock milliseconds (default 0 = none: the work
     *      bounds above already end every submission, and results then do
     *      not depend on the host's speed). */
    uint64_t max_total_eu_instructions;
    uint64_t max_threads;
    uint64_t timeout_ms;
    /* Bytes of host memory that may hold simulated memory: physical pages,
     * GGTT entries, and their page tables (0 = default: half of the
     * machine's physical memory; UINT64_MAX = no limit).  An allocation past
     * it fails with GTSIM_ERR_NOMEM and a "host memory limit" report naming
     * the address and the figures. */
    uint64_t max_host_memory;
    /* Host threads that run a walker's thread groups in parallel, each
     * group on one of them (0 or 1 = the calling thread only).  Results
     * are those of the serial order except where the kernel's own outcome
     * depends on the order of groups (races between groups, the values
     * returned by atomics), as on the hardware.  The calling thread
     * starts each walker alone; the others join it when its groups left
     * come to 200 us of wall time (environment GTSIM_PARALLEL_MIN_US). */
    unsigned threads;
    /* Count, per EU instruction, executions and enabled channels for
     * gtsim_profile_write (costs a few percent of EU speed; 0 = off, free). */
    int profile;
    /* Write a timeline of the device's work to this stream (NULL = off):
     * Chrome trace event JSON for ui.perfetto.dev / chrome://tracing, a
     * track per engine (submissions, batch buffers, walkers) and per EU thread slot (a
     * slice per hardware thread, an arrow from its walker); the timebase
     * is simulated work (src/timeline.c).  Finished by gtsim_timeline_finish or
     * gtsim_destroy; the stream is not closed. */
    FILE *timeline_json;
    /* Kernel checks (src/check.c), a mask of the GTSIM_CHECK_* bits (0 = none:
     * they cost nothing then).  Each finding is reported on the log as it
     * happens ("gtsim check NAME: ..." with the kernel, EU IP, instruction,
     * lane and address), the first check_reports per kernel and check
     * (0 = 10), the rest only counted; gtsim_check_summary gives the
     * totals.  A finding does not stop the work. */
    unsigned checks;
    unsigned check_reports;
    /* Render-target dumps (NULL = off): at the end of every first-level
     * batch buffer, each render target its draws wrote is written to this
     * directory as a PNG file, batchNNNNNN_rtB_WxH.png (batch number,
     * binding table index, size), converted to 8-bit RGBA (src/sf/rtdump.c).
     * The string must outlive the device. */
    const char *dump_surfaces;
    /* The engines' TIMESTAMP and CTX_TIMESTAMP registers: 0 (default) count
     * simulated work (commands parsed + EU instructions), so a replay writes
     * the same values every time; 1 follow the host's monotonic clock at
     * the platform's timestamp frequency (skl 12 MHz, tgllp 19.2 MHz),
     * which a live driver needs: it maps GPU timestamps onto its CPU clock
     * (OpenCL event profiling: queued <= submit <= start <= end).  The
     * i915 device and the TBX server set it. */
    int host_clock;
} gtsim_config;

/* The kernel checks of gtsim_config.checks. */
enum gtsim_check {
    /* data-port accesses outside their surface: a buffer surface's size
     * (binding table), SLM past the thread group's allocation, scratch
     * past the thread's space; A64 and A32 stateless accesses to unmapped
     * memory (also page faults, which end the work) */
    GTSIM_CHECK_BOUNDS = 1u << 0,
    /* barriers: reached with channels of the thread disabled (divergent
     * control flow), completed by the threads of a group at different
     * instructions, or waited on while a thread of the group ends */
    GTSIM_CHECK_BARRIER = 1u << 1,
    /* shared local memory: two work-items of a thread group accessing the
     * same SLM bytes, at least one writing, with no barrier between them
     * (atomics excluded) */
    GTSIM_CHECK_SLM_RACE = 1u << 2,
    /* Gen12LP software scoreboard: an instruction reading or overwriting a
     * GRF register an out-of-order instruction (send, math) writes or
     * still reads without waiting on its SBID, or reading the result of an
     * in-order instruction closer than its RegDist waits allow */
    GTSIM_CHECK_SWSB = 1u << 3,
    /* a lane of an instruction reading a GRF byte nothing wrote since the
     * thread's dispatch (its payload counts as written) */
    GTSIM_CHECK_UNINIT = 1u << 4,
    GTSIM_CHECK_ALL = (1u << 5) - 1,
};
/* Parse a check list ("bounds,barrier,slm-race,swsb,uninit", "all": the names of
 * GTSIM_CHECK_*, lower case, '-' for '_') into *mask.  GTSIM_ERR_INVALID naming the
 * unknown name in err (errlen bytes) otherwise. */
int gtsim_check_parse(const char *list, unsigned *mask, char *err, size_t errlen);

/* Statistics since device creation.  gtsim_get_stats may be called from
 * another thread while work runs (e.g. for a progress line): each counter
 * is read atomically and is at most a few thousand EU instructions behind,
 * but the counters are not one consistent snapshot. */
typedef struct gtsim_stats {
    uint64_t eu_instructions;   /* EU instructions executed (per thread) */
    uint64_t eu_channels;       /* sum of enabled channels over them (lane-ops) */
    uint64_t threads_dispatched;
    uint64_t commands;          /* command streamer commands parsed */
    uint64_t walkers;           /* GPGPU_WALKER commands executed */
    uint64_t exec_ns;           /* host nanoseconds spent executing submitted work */
    uint64_t exec_cpu_ns;       /* of which CPU time of the executing thread
                                 * (CLOCK_THREAD_CPUTIME_ID): what a loaded
                                 * host does not inflate; benchmarks use it */
} gtsim_stats;

/* The work of one kernel (by the GVA of its first instruction) since
 * device creation: walkers that ran it (GPGPU_WALKER; 0 for Gen7 media
 * objects), hardware threads, EU instructions, lane-ops (enabled channels
 * summed over them, as gtsim_stats.eu_channels). */
typedef struct gtsim_kernel_stats {
    uint64_t kernel_gva;
    uint64_t walkers;
    uint64_t threads;
    uint64_t eu_instructions;
    uint64_t eu_channels;
} gtsim_kernel_stats;

/* The library's version: "MAJOR.MINOR.PATCH" (pkg-config --modversion
 * gtsim), followed by " (git DESCRIBE)" when built from a git checkout. */
const char *gtsim_version(void);

/* Create a device for a platform name ("skl"; Gen7: "ivb", "vlv", "hsw");
 * NULL on unknown platform or out of memory.  cfg may be NULL for defaults. */
gtsim_device *gtsim_create(const char *platform, const gtsim_config *cfg);
void gtsim_destroy(gtsim_device *dev);

/* MMIO register access, offset in bytes from the MMIO base.  A write to an
 * engine's ELSP (Gen8+), or to RING_BUFFER_TAIL of an enabled ring (Gen7),
 * submits work; it runs at once (execution is synchronous) and the write
 * returns its status. */
int gtsim_mmio_write(gtsim_device *dev, uint32_t offset, uint32_t value);
uint32_t gtsim_mmio_read(gtsim_device *dev, uint32_t offset);

/* The engines a device may have, each a command streamer whose registers
 * sit at its MMIO base (seed 002 / seed 004 command streamers). */
enum gtsim_engine {
    GTSIM_ENGINE_RENDER,         /* RCS: 3D, GPGPU and media pipelines */
    GTSIM_ENGINE_BLITTER,        /* BCS: the XY_* 2D commands */
    GTSIM_ENGINE_VIDEO,          /* VCS0: video codec commands (MFX, HCP, AVP, VDENC) */
    GTSIM_ENGINE_VIDEO_ENHANCE,  /* VECS0: VEBOX / SFC commands */
    GTSIM_ENGINE_COUNT
};
/* MMIO base (bytes) of engine e (enum gtsim_engine) on dev's platform:
 * render 0x2000, blitter 0x22000, video 0x12000 (Gen9) or 0x1c0000
 * (Gen11+), video enhancement 0x1a000 or 0x1c8000; work is submitted by
 * writing that engine's ELSP (base + 0x230) or EXECLIST_SQ_CONTENTS /
 * EXECLIST_CONTROL (base + 0x510 / 0x550).  0 when the platform has no
 * such engine modelled or e is out of range.  The video engines run their
 * MI commands; their codec and enhancement commands are decoded and
 * reported as not modelled (GTSIM_ERR_UNIMPL). */
uint32_t gtsim_engine_mmio_base(const gtsim_device *dev, int e);
/* Frequency in Hz of the engines' TIMESTAMP and CTX_TIMESTAMP registers on
 * dev's platform (skl 12,000,000; tgllp and dg1 19,200,000; hsw, ivb, vlv
 * 12,500,000): i915's I915_PARAM_CS_TIMESTAMP_FREQUENCY.  Whether they
 * count work or follow the host's clock: gtsim_config.host_clock. */
uint32_t gtsim_timestamp_frequency(const gtsim_device *dev);

/* Physical memory.  Unwritten memory reads as zero; only touched 4 KiB
 * pages use host memory.  On a device with local memory (dg1;
 * gtsim_has_local_memory), pa is a device physical address of local
 * memory, and GTSIM_PA_SYSMEM | pa the system-memory page pa. */
#define GTSIM_PA_SYSMEM (1ull << 52)
int gtsim_phys_write(gtsim_device *dev, uint64_t pa, const void *data, size_t len);
int gtsim_phys_read(gtsim_device *dev, uint64_t pa, void *out, size_t len);
/* Shared memory: the len bytes of physical memory at pa become the host
 * memory at `host`, which the GPU then reads and writes in place, as a GPU
 * sharing the CPU's memory through the LLC does (an in-process driver's
 * buffer objects: CPU and GPU see each other's writes byte for byte, pages
 * mapped at several physical addresses alias).  pa, host and len are 4 KiB
 * aligned; what gtsim held at those pages is dropped.  The caller keeps the
 * memory readable and writable until gtsim_phys_unmap_host (or
 * gtsim_destroy) and does not change mappings while work runs.
 * GTSIM_ERR_INVALID for unaligned arguments, GTSIM_ERR_NOMEM. */
int gtsim_phys_map_host(gtsim_device *dev, uint64_t pa, void *host, size_t len);
/* Undo gtsim_phys_map_host for [pa, pa + len): those pages read as zeros
 * again (pages not mapped from the host are left as they are). */
void gtsim_phys_unmap_host(gtsim_device *dev, uint64_t pa, size_t len);
/* With gtsim_config.profile: write the execution profile of everything
 * the device ran so far to f: per kernel (GVA), a disassembly listing of
 * its executed instructions with executions, share of the kernel's
 * executions, enabled channels summed and per execution.  0, or
 * GTSIM_ERR_INVALID when profiling is off or on a write error.
 * Not while work runs. */
int gtsim_profile_write(gtsim_device *dev, FILE *f);
/* End the timeline trace (cfg.timeline_json) now: its JSON is complete and
 * flushed; later work is not traced.  GTSIM_ERR_INVALID on a write error. */
int gtsim_timeline_finish(gtsim_device *dev);
/* The driver wrote a new logical context image at GGTT address lrca (Gen8+:
 * the context descriptor's LRCA): the render pipeline state gtsim saved for
 * a context there (STATE_BASE_ADDRESS and the rest, which the hardware
 * keeps in the image) is dropped, and the next submission of lrca starts
 * from fresh state.  For in-process drivers that reuse context memory. */
void gtsim_context_reset(gtsim_device *dev, uint64_t lrca);
/* Write one line per enabled check to f: "gtsim check NAME: N findings in
 * K kernels" (f may be NULL).  Returns the findings of all checks. */
uint64_t gtsim_check_summary(gtsim_device *dev, FILE *f);
/* 1 when the device has local (device) memory besides system memory. */
int gtsim_has_local_memory(const gtsim_device *dev);

/* Write len bytes of GGTT page-table entries starting at byte offset
 * entry_offset of the GTT (entry i is at offset 8*i with Gen8+ 64-bit PTEs,
 * 4*i with Gen7 32-bit PTEs; Gen7 PPGTT page directory entries live in
 * this table too, at the offset PP_DIR_BASE names). */
int gtsim_ggtt_write(gtsim_device *dev, uint64_t entry_offset, const void *data, size_t len);
/* Read len bytes of GGTT page-table entries starting at byte offset
 * entry_offset (the inverse of gtsim_ggtt_write; entries never written read
 * as zero). */
int gtsim_ggtt_entries_read(gtsim_device *dev, uint64_t entry_offset, void *out, size_t len);

/* Ask the work running on dev (inside gtsim_mmio_write / gtsim_run,
 * typically on another thread or from a signal handler) to stop: it returns
 * GTSIM_ERR_INTERRUPTED within milliseconds, with a report of where
 * execution was (batch address, walker, thread group, EU IP and
 * instruction).  Async-signal-safe and thread-safe: it only sets an atomic
 * flag; dev == NULL is ignored.  The request is sticky: every later
 * submission (and AUB replay) also stops at once with
 * GTSIM_ERR_INTERRUPTED until gtsim_interrupt_clear(dev).  The device stays
 * valid: memory and registers can be read, it can be destroyed, and after
 * gtsim_interrupt_clear new submissions run (the interrupted one is not
 * resumed; gtsim_run keeps returning the first error). */
void gtsim_interrupt(gtsim_device *dev);
void gtsim_interrupt_clear(gtsim_device *dev);
/* Nonzero while an interrupt request is pending (async-signal-safe). */
int gtsim_interrupted(const gtsim_device *dev);

/* Per-kernel statistics: up to max entries into out, in the order the
 * kernels first ran; returns how many kernels there are (may exceed max).
 * Not while work runs. */
size_t gtsim_kernel_stats_get(gtsim_device *dev, gtsim_kernel_stats *out, size_t max);

/* Run all submitted work until the engines are idle.  Returns GTSIM_OK or
 * the first error (the report is in gtsim_last_error()). */
int gtsim_run(gtsim_device *dev);

/* Read/write through the PPGTT of the most recently executed context
 * (gva = GPU virtual address).  GTSIM_ERR_FAULT if a page is unmapped. */
int gtsim_gva_read(gtsim_device *dev, uint64_t gva, void *out, size_t len);
int gtsim_gva_write(gtsim_device *dev, uint64_t gva, const void *data, size_t len);

/* Read/write memory through the global GTT (ggtt = graphics address in the
 * GGTT aperture).  GTSIM_ERR_FAULT if a page has no valid GGTT entry. */
int gtsim_ggtt_read(gtsim_device *dev, uint64_t ggtt, void *out, size_t len);
int gtsim_ggtt_mem_write(gtsim_device *dev, uint64_t ggtt, const void *data, size_t len);

void gtsim_get_stats(const gtsim_device *dev, gtsim_stats *out);

/* The report of the last error ("" if none). */
const char *gtsim_last_error(const gtsim_device *dev);

/* For frontends: record an error report on the device (returns status; not
 * printed, see gtsim_last_error) or print a warning to the device's log. */
int gtsim_report_error(gtsim_device *dev, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void gtsim_report_warning(gtsim_device *dev, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Disassemble Gen EU code in the platform's syntax (IGA; ivb/vlv:
 * intel-gen4disasm's), one instruction per line, to out.
 * Returns GTSIM_OK, or an error when an instruction cannot be decoded (the
 * line for it says why and shows its raw bytes). */
int gtsim_disasm(const char *platform, const void *code, size_t len, FILE *out);
/* As gtsim_disasm, in a named syntax: "iga" (iga64), "gen4"
 * (intel-gen4disasm, Gen7 encodings); NULL = the platform's default (IGA
 * for skl and hsw, gen4 for ivb and vlv).  GTSIM_ERR_INVALID for an unknown
 * platform or syntax. */
int gtsim_disasm_syntax(const char *platform, const char *syntax, const void *code, size_t len,
                        FILE *out);

#pragma GCC visibility pop

#ifdef __cplusplus
}
#endif
#endif
