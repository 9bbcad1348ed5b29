/*
 * The i915 uAPI answered by a gtsim device in the program's own process.
 *
 * Model (documented in README "The i915 device"):
 * - One gtsim device per process (the one GPU); per file (one open of the
 *   render node, shared by its dup'ed fds): GEM handles, contexts, VMs,
 *   syncobjs.  One mutex guards everything; an execbuffer runs to
 *   completion inside the ioctl, holding it.
 * - A GEM buffer object lives in the file's memfd (the device fd itself) at
 *   its mmap offset; the library maps the whole memfd once (reserved
 *   address range) to reach every BO.  A userptr BO is the program's own
 *   pages (ioctls that copy to or from it use process_vm_readv/writev: a
 *   bad pointer is EFAULT, never a crash).
 * - GPU memory is the program's memory, as on an integrated GPU sharing
 *   the CPU's memory through the LLC: a BO bound in a VM gets simulated
 *   physical pages that are its host pages (gtsim_phys_map_host) and 4 KiB
 *   PPGTT entries (4-level, seed 004 "PPGTT for Full 48-bit Virtual
 *   Address").  The GPU reads and writes them in place: CPU and GPU see
 *   each other's writes byte for byte, also while a batch runs, and pages
 *   two BOs share (userptr ranges overlapping in a page) alias.  At each
 *   execbuffer the userptr BOs bound in the context's VM must be readable
 *   and writable program memory (/proc/self/maps), else EFAULT as
 *   i915's get_user_pages gives; a program that unmaps one while a batch
 *   runs on it is not protected.
 * - Submission as a driver does it: each context has a logical ring
 *   context image (register state page: LRIs of the ring registers and the
 *   PML4 in PDP0, the format NEO's AUB captures use) and a ring in GGTT
 *   memory; the ring holds MI_BATCH_BUFFER_START (PPGTT) of the batch; the
 *   context descriptor goes to the render ELSP (seed 004 "Execlists").
 * - Gen7 (hsw, ivb; platform_vms): as the Gen7 i915 kernel, no execlists:
 *   each VM is a 2 GiB two-level PPGTT whose page directory lives in the
 *   GGTT entry table; an execbuffer points the render ring buffer
 *   registers at the context's ring page, which loads PP_DIR_BASE of the
 *   context's VM and starts the batch.  Relocations write 4 bytes.
 */
#include "i915.h"

#include "gtsim.h"
#include "stats.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#include <drm.h>
#include <i915_drm.h>

#define PAGE 4096ull
/* the GPU read/write domains (i915: GPU_DOMAINS) */
#define GPU_DOMAINS (I915_GEM_DOMAIN_RENDER | I915_GEM_DOMAIN_SAMPLER | I915_GEM_DOMAIN_COMMAND | \
                     I915_GEM_DOMAIN_INSTRUCTION | I915_GEM_DOMAIN_VERTEX)

/* ---- device identity ---- */

/* PCI ids: SKL GT2 0x1912, TGL GT2 0x9a49, HSW GT2 desktop 0x0412, IVB GT2
 * desktop 0x0162, DG1 0x4905 (public PCI id lists; src/platform.c).  The
 * tables below have a row per identity, in this order. */
static const struct i915_identity identities[] = {
    {"skl", 0x1912, 0x06},
    {"tgllp", 0x9a49, 0x01},
    {"hsw", 0x0412, 0x06},
    {"ivb", 0x0162, 0x09},
    {"dg1", 0x4905, 0x01},
};

/* The engines gtsim models per platform and how work is submitted to them
 * (seed 004 "Execlists": Gen9 ELSP writes, Gen12 the submission queue and
 * EXECLIST_CONTROL Load). */
enum {
    ENG_RENDER = GTSIM_ENGINE_RENDER,
    ENG_COPY = GTSIM_ENGINE_BLITTER,
    ENG_VIDEO = GTSIM_ENGINE_VIDEO,
    ENG_VIDEO_ENHANCE = GTSIM_ENGINE_VIDEO_ENHANCE,
    NENG = GTSIM_ENGINE_COUNT
};
/* The i915 engine class of each engine (one instance of each), and the
 * capabilities QUERY ENGINE_INFO reports for it (public facts: Linux i915
 * __setup_engine_capabilities: instance 0 of the video class has HEVC and
 * SFC on Gen9 and later (Gen11+: through vdbox_sfc_access, which has VCS0),
 * the video enhancement class SFC; iHD picks its engines by them). */
static const uint16_t engine_class[NENG] = {I915_ENGINE_CLASS_RENDER, I915_ENGINE_CLASS_COPY,
                                            I915_ENGINE_CLASS_VIDEO, I915_ENGINE_CLASS_VIDEO_ENHANCE};
static const uint64_t engine_caps[NENG] = {
    0, 0, I915_VIDEO_CLASS_CAPABILITY_HEVC | I915_VIDEO_AND_ENHANCE_CLASS_CAPABILITY_SFC,
    I915_VIDEO_AND_ENHANCE_CLASS_CAPABILITY_SFC};
struct platform_engines {
    int submit_sq; /* submission queue (Gen12) instead of ELSP */
};
static const struct platform_engines platform_engines[] = {
    {0}, /* skl */
    {1}, /* tgllp */
    {0}, /* hsw (ring submission: platform_vms) */
    {0}, /* ivb */
    {1}, /* dg1 */
};

/* How the kernel gives a context its address space and runs its batches,
 * per platform.  Gen8+: a 4-level 48-bit PPGTT per VM (seed 004) and
 * execlists (platform_engines).  Gen7 (public facts, Linux i915 gen6_ppgtt
 * and ring submission): a 2 GiB PPGTT per VM whose page directory (512
 * 32-bit PDEs, each naming a page table of 1024 32-bit PTEs) lives in the
 * GGTT entry table, selected by PP_DIR_BASE; the batch runs from a ring
 * buffer (RING_BUFFER_START/HEAD/TAIL/CTL) that loads PP_DIR_BASE and
 * starts the batch; relocations are 4-byte addresses. */
struct platform_vm {
    int ring;              /* Gen7: the layout above */
    unsigned va_bits;      /* PPGTT size 2^va_bits bytes: 48, 47 (DG1, Linux i915 Wa_16011227922,
                            * fact), or 31 (Gen7: 2 GiB) */
    unsigned reloc_bytes;  /* a relocated address: 8 bytes, or 4 (Gen7) */
    unsigned pte_ext_bits; /* Gen7 PTE: physical address bits 32.. in entry bits 4.. (HSW 7, IVB 8) */
};
static const struct platform_vm platform_vms[] = {
    {0, 48, 8, 0}, /* skl */
    {0, 48, 8, 0}, /* tgllp */
    {1, 31, 4, 7}, /* hsw (HSW_GTT_ADDR_ENCODE) */
    {1, 31, 4, 8}, /* ivb (GEN6_GTT_ADDR_ENCODE) */
    {0, 47, 8, 0}, /* dg1 */
};
/* Gen7: the GGTT below GEN7_GGTT_PD_AREA holds context rings; the page
 * directories (GEN7_PD_BYTES of entries each, 64-byte aligned as
 * PP_DIR_BASE bits 31:16 need) take the GGTT entries of the next
 * GEN7_MAX_VMS * 512 pages, as i915 steals GGTT entries for them. */
#define GEN7_GGTT_PD_AREA (1ull << 30)
#define GEN7_PD_BYTES 2048u
#define GEN7_MAX_VMS 512u

/* Per-platform GETPARAM/QUERY figures (i915-uapi facts, section 2). */
struct platform_info {
    int eu_total, subslice_total, slice_mask, subslice_mask;
    /* topology query blob */
    uint16_t max_slices, max_subslices, max_eus, ss_stride, eu_stride;
    uint8_t topo[32];
    unsigned topo_len;
    /* Device local memory (discrete GPUs; 0 = none, every page is system
     * memory): its size in bytes, and the bit of a leaf GGTT / PPGTT entry
     * that selects it (Linux i915 GEN12_GGTT_PTE_LM bit 1,
     * GEN12_PPGTT_PTE_LM bit 11, fact; gtsim's gtt_dg1 format). */
    uint64_t lmem_size;
    uint64_t ggtt_pte_lm, ppgtt_pte_lm;
    int has_llc;        /* GETPARAM HAS_LLC (discrete GPUs: 0) */
};
static const struct platform_info platform_infos[] = {
    {24, 3, 1, 0x7, 3, 4, 8, 1, 1,
     {0x01, 0x07, 0, 0, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0, 0, 0, 0, 0}, 16, 0, 0, 0, 1},
    {96, 6, 1, 0x3f, 1, 6, 16, 1, 2,
     {0x01, 0x3f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, 14, 0, 0, 0, 1},
    /* HSW GT2: 1 slice, 2 subslices x 10 EUs (Linux i915 hsw_sseu_info_init) */
    {20, 2, 1, 0x3, 1, 2, 10, 1, 2, {0x01, 0x03, 0xff, 0x03, 0xff, 0x03}, 6, 0, 0, 0, 1},
    /* IVB: i915 has no SSEU description for Ivy Bridge: the EU/slice
     * GETPARAMs and the topology query answer ENODEV (zeros here) */
    {0, 0, 0, 0, 0, 0, 0, 0, 0, {0}, 0, 0, 0, 0, 1},
    /* dg1: the GT of TGL GT2 (1 slice, 6 dual-subslices x 16 EUs, Linux
     * i915 DG1 = Gen12LP sseu, fact), 4 GiB of local memory (DG1 cards);
     * Linux i915_pci.c dg1_info (fact): no LLC (and a 47-bit PPGTT:
     * platform_vms) */
    {96, 6, 1, 0x3f, 1, 6, 16, 1, 2,
     {0x01, 0x3f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, 14, 4ull << 30, 1ull << 1,
     1ull << 11, 0},
};

static int ident_index = -1;
static int ident_bad; /* GTSIM_PLATFORM names no platform with an i915 identity */

/* GTSIM_I915_DEBUG=1: every failing ioctl is named on stderr; 2: every
 * ioctl, with its result. */
static int debug_level(void)
{
    static int v = -1;
    if (v < 0) {
        const char *e = getenv("GTSIM_I915_DEBUG");
        v = !e || !*e || !strcmp(e, "0") ? 0 : atoi(e) >= 2 ? 2 : 1;
    }
    return v;
}

static int ident_pick(void)
{
    if (ident_index >= 0)
        return ident_index;
    const char *p = getenv("GTSIM_PLATFORM");
    ident_index = 0;
    if (p && *p) {
        unsigned i;
        for (i = 0; i < sizeof(identities) / sizeof(identities[0]); i++)
            if (!strcmp(p, identities[i].platform))
                ident_index = (int)i;
        for (i = 0; i < sizeof(identities) / sizeof(identities[0]); i++)
            if (!strcmp(p, identities[i].platform))
                break;
        if (i == sizeof(identities) / sizeof(identities[0]))
            ident_bad = 1;
    }
    return ident_index;
}

const struct i915_identity *i915_identity(void)
{
    return &identities[ident_pick()];
}

/* ---- user memory ---- */

int i915_copy_from_user(void *dst, uint64_t src, size_t len)
{
    if (!len)
        return 0;
    struct iovec l = {dst, len}, r = {(void *)(uintptr_t)src, len};
    ssize_t n = process_vm_readv(getpid(), &l, 1, &r, 1, 0);
    return n == (ssize_t)len ? 0 : -EFAULT;
}

int i915_copy_to_user(uint64_t dst, const void *src, size_t len)
{
    if (!len)
        return 0;
    struct iovec l = {(void *)src, len}, r = {(void *)(uintptr_t)dst, len};
    ssize_t n = process_vm_writev(getpid(), &l, 1, &r, 1, 0);
    return n == (ssize_t)len ? 0 : -EFAULT;
}

/* ---- state ---- */

struct file;

struct bo {
    struct file *file;
    uint32_t handle;
    uint64_t size;
    int userptr;
    uint64_t uptr;      /* userptr: the program's address */
    uint64_t off;       /* GEM: offset in the memfd (= mmap offset) */
    uint64_t *pa;       /* simulated physical page of each 4 KiB page (0 = none yet) */
    uint32_t tiling, stride;
    uint32_t caching;   /* I915_CACHING_*: LLC platforms default to CACHED, others to NONE */
    int dmabuf;         /* PRIME: its own memfd once exported or imported (-1: in the file's memfd) */
    ino_t dmabuf_ino;
    int maps;           /* live mappings of it by the program */
    int closed;
    int lmem;           /* placed in device local memory (its first placement, GEM_CREATE_EXT) */
};

struct binding {
    struct bo *bo;
    uint64_t va;        /* 48-bit, not canonical */
    int pinned;
};

struct pt {             /* host mirror of a page-table page (levels 4..2) */
    uint64_t pa;
    struct pt *child[512];
};

struct vm {
    uint32_t id;        /* 0 = a context's own (default) VM */
    int refs;           /* handle + contexts using it */
    struct pt *pml4;
    struct binding *b;
    size_t nb, cap;
    uint64_t next_va;   /* placement of unpinned objects */
    unsigned pd_slot;   /* Gen7: its page directory's slot in the GGTT entry table (pml4 holds the
                         * page tables as children; its own page is unused) */
    uint64_t *pt_pages; /* every table page (returned at destroy) */
    size_t npt, ptcap;
};

struct engine_slot {
    uint16_t cls, inst; /* the engine work runs on (I915_ENGINE_CLASS_INVALID: none) */
    int virt;           /* a load-balanced (virtual) engine over siblings of class cls */
};

struct ctx {
    uint32_t id;
    struct vm *vm;
    uint64_t lrca;      /* GGTT, per engine e at lrca + e * 0x4000: +0 PPHWSP, +0x1000
                         * register state, +0x2000 ring */
    int recoverable, bannable, banned, persistence;
    int priority;
    uint32_t batch_active, batch_pending;
    uint64_t hang_ns[2];  /* CLOCK_MONOTONIC times of the last two hangs */
    struct engine_slot *engines;
    unsigned nengines;  /* 0 = legacy ring selection */
    uint64_t *slot_lrca; /* per engine-map slot >= 1: its own images (0: not yet made; slot 0
                          * uses lrca): each slot is a logical context of its own */
    int has_engines;
    int finalized;      /* used: VM and engines can no longer change (a proto-context until then) */
};

struct syncobj {
    int refs;           /* handles (in any file) and fd exports referring to it */
    int has_fence;      /* a fence is attached (always signalled: work completes in the ioctl) */
    uint64_t point;     /* timeline: the highest signalled point (0 = none) */
};

struct file {
    ino_t ino;          /* identity of the memfd */
    dev_t devno;
    int memfd;          /* the library's own fd of the memfd (the program may close any of its fds) */
    int nfds;
    uint8_t *base;      /* the library's view of the memfd */
    uint64_t memfd_size, next_off;
    struct bo **bos;    /* by handle */
    uint32_t nbos;
    struct ctx **ctxs;
    uint32_t nctxs;
    struct vm **vms;
    uint32_t nvms;
    struct syncobj **syncs;
    uint32_t nsyncs;
    struct { uint64_t off, size; } *freeoff;
    size_t nfree, freecap;
};

#define FILE_VA_SPAN (1ull << 38) /* memfd bytes a file can address (256 GiB) */

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static gtsim_device *dev;
static int dev_profile; /* GTSIM_I915_PROFILE: the device counts executions */
static unsigned dev_checks; /* GTSIM_I915_CHECK: the kernel checks (enum gtsim_check) */
static FILE *dev_timeline; /* GTSIM_I915_TIMELINE: the timeline's file */
static struct file **fdmap; /* by fd */
static int nfdmap;

/* simulated physical pages: GGTT-visible ones below 4 GiB for contexts,
 * the rest from 4 GiB up.  With local memory (platform_info.lmem_size):
 * system pages are GTSIM_PA_SYSMEM | address (gtsim.h), and context
 * images, page tables and lmem BOs take local pages from LMEM_BASE up. */
static uint64_t next_ctx_pa = 0x100000, next_pa = 1ull << 32;
static uint64_t *freepa;
static size_t nfreepa, freepacap;
#define LMEM_BASE 0x100000ull /* the first MiB of local memory stays unused */
static uint64_t next_lm_pa = LMEM_BASE;
static uint64_t *freelm;
static size_t nfreelm, freelmcap;
static uint64_t *freectx;
static size_t nfreectx, freectxcap;

static int push_u64(uint64_t **a, size_t *n, size_t *cap, uint64_t v)
{
    if (*n == *cap) {
        size_t nc = *cap ? *cap * 2 : 64;
        uint64_t *p = realloc(*a, nc * sizeof(**a));
        if (!p)
            return -ENOMEM;
        *a = p;
        *cap = nc;
    }
    (*a)[(*n)++] = v;
    return 0;
}

/* Bytes of device local memory (0: an integrated GPU). */
static uint64_t lmem_size(void)
{
    return platform_infos[ident_pick()].lmem_size;
}

/* A free simulated physical page (0 when none is left): of device local
 * memory when `local` and the device has it, else of system memory. */
static uint64_t pa_alloc(int local)
{
    if (local && lmem_size()) {
        if (nfreelm)
            return freelm[--nfreelm];
        if (next_lm_pa + PAGE > lmem_size())
            return 0;
        next_lm_pa += PAGE;
        return next_lm_pa - PAGE;
    }
    if (nfreepa)
        return freepa[--nfreepa];
    if (next_pa >= (1ull << 39))
        return 0;
    uint64_t p = next_pa;
    next_pa += PAGE;
    return lmem_size() ? p | GTSIM_PA_SYSMEM : p;
}

static void pa_free(uint64_t pa)
{
    if (!pa)
        return;
    if (lmem_size() && !(pa & GTSIM_PA_SYSMEM)) /* on failure the page is not reused */
        (void)push_u64(&freelm, &nfreelm, &freelmcap, pa);
    else
        (void)push_u64(&freepa, &nfreepa, &freepacap, pa);
}

/* Bytes of a PPGTT (i915's vm->total: GTT_SIZE, the end of softpinned and
 * placed objects). */
static uint64_t ppgtt_size(void)
{
    return 1ull << platform_vms[ident_pick()].va_bits;
}

/* Bytes of local memory not handed out (the MEMORY_REGIONS query). */
static uint64_t lmem_unallocated(void)
{
    return lmem_size() - (next_lm_pa - nfreelm * PAGE);
}

/* The address bits of a leaf GTT entry for simulated page pa: a system
 * page's own address, a local page's with the format's LM bit (lm_bit of
 * platform_info). */
static uint64_t pte_address(uint64_t pa, uint64_t lm_bit)
{
    if (!lmem_size())
        return pa;
    return pa & GTSIM_PA_SYSMEM ? pa & ~GTSIM_PA_SYSMEM : pa | lm_bit;
}

static void note_once(const char *what)
{
    static char seen[64][80];
    static int n;
    for (int i = 0; i < n; i++)
        if (!strcmp(seen[i], what))
            return;
    if (n < 64)
        snprintf(seen[n++], sizeof(seen[0]), "%s", what);
    fprintf(stderr, "gtsim-i915: note: %s\n", what);
}

static uint64_t n_execbuffers; /* GTSIM_I915_STATS */

/* At exit: GTSIM_I915_STATS=1 (gtsim exec --via i915 --stats) the device's
 * work on stderr, GTSIM_I915_PROFILE=1 (--profile) its execution profile,
 * GTSIM_I915_TIMELINE=FILE (--trace-out FILE) the end of its timeline,
 * GTSIM_I915_CHECK=MASK (--check) the checks' summary, and their findings
 * count into the file GTSIM_I915_CHECK_OUT (for gtsim exec's status). */
static void print_stats(void)
{
    if (!dev)
        return;
    const char *want = getenv("GTSIM_I915_STATS");
    if (dev_timeline && (gtsim_timeline_finish(dev) != GTSIM_OK || fclose(dev_timeline)))
        fprintf(stderr, "gtsim-i915: the timeline (GTSIM_I915_TIMELINE): write error\n");
    dev_timeline = NULL;
    if (dev_profile) {
        fprintf(stderr, "gtsim-i915: ");
        gtsim_profile_write(dev, stderr);
    }
    if (dev_checks) { /* the summary, and the count for gtsim exec's exit status */
        uint64_t n = gtsim_check_summary(dev, stderr);
        const char *out = getenv("GTSIM_I915_CHECK_OUT");
        FILE *f = out && *out ? fopen(out, "w") : NULL;
        if (f) {
            fprintf(f, "%" PRIu64 "\n", n);
            fclose(f);
        }
    }
    if (!want || !*want || !strcmp(want, "0"))
        return;
    gtsim_stats st;
    gtsim_get_stats(dev, &st);
    fprintf(stderr,
            "gtsim-i915: device ran %" PRIu64 " commands, %" PRIu64 " walkers, %" PRIu64 " threads, %" PRIu64
            " EU instructions, %" PRIu64 " lane-ops in %.3f s\n",
            st.commands, st.walkers, st.threads_dispatched, st.eu_instructions, st.eu_channels, st.exec_ns / 1e9);
    fprintf(stderr, "gtsim-i915: %" PRIu64 " execbuffers\n", n_execbuffers);
    gtsim_print_device_kernel_stats(stderr, "gtsim-i915: ", dev);
}

/* fork(): the child gets a copy of the state (and of the simulated
 * device) with the lock free, whatever another thread was doing. */
static void fork_prepare(void)
{
    pthread_mutex_lock(&lock);
}

static void fork_release(void)
{
    pthread_mutex_unlock(&lock);
}

__attribute__((constructor)) static void i915_init(void)
{
    pthread_atfork(fork_prepare, fork_release, fork_release);
}

/* The device models engine e (its MMIO base, gtsim_engine_mmio_base: the
 * engines gtsim models on the platform; skl has no blitter). */
static int dev_get(void);
static int has_engine(int e)
{
    return dev_get() == 0 && gtsim_engine_mmio_base(dev, e) != 0;
}

static int dev_get(void)
{
    if (dev)
        return 0;
    gtsim_config cfg;
    memset(&cfg, 0, sizeof(cfg));
    cfg.log = stderr;
    cfg.host_clock = 1; /* the runtime maps GPU timestamps onto its CPU clock */
    ident_pick();
    if (ident_bad) {
        fprintf(stderr, "gtsim-i915: GTSIM_PLATFORM=%s: no i915 device identity for it (skl, tgllp, hsw, ivb, dg1)\n",
                getenv("GTSIM_PLATFORM"));
        return -ENODEV;
    }
    /* GTSIM_I915_CONFIG (gtsim exec --via i915): the device bounds, as
     * "max_eu_instructions,max_commands,max_total_eu_instructions,
     * max_threads,timeout_ms,max_host_memory,trace_commands,host_threads"
     * (0 = default) */
    const char *c = getenv("GTSIM_I915_CONFIG");
    if (c && *c) {
        unsigned long long v[8] = {0};
        int n = sscanf(c, "%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6],
                       &v[7]);
        if (n != 8 || v[7] > 256) {
            fprintf(stderr, "gtsim-i915: GTSIM_I915_CONFIG='%s': expected 8 comma-separated numbers\n", c);
            return -ENODEV;
        }
        cfg.max_eu_instructions = v[0];
        cfg.max_commands = v[1];
        cfg.max_total_eu_instructions = v[2];
        cfg.max_threads = v[3];
        cfg.timeout_ms = v[4];
        cfg.max_host_memory = v[5];
        cfg.trace_commands = v[6] != 0;
        cfg.threads = (unsigned)v[7];
    }
    const char *pr = getenv("GTSIM_I915_PROFILE");
    cfg.profile = pr && *pr && strcmp(pr, "0");
    dev_profile = cfg.profile;
    const char *ck = getenv("GTSIM_I915_CHECK");
    cfg.checks = dev_checks = ck && *ck ? (unsigned)strtoul(ck, NULL, 0) & GTSIM_CHECK_ALL : 0;
    /* GTSIM_DUMP_SURFACES=DIR (gtsim exec --dump-surfaces): render targets
     * as PNG at the end of every batch buffer */
    const char *ds = getenv("GTSIM_DUMP_SURFACES");
    cfg.dump_surfaces = ds && *ds ? ds : NULL;
    const char *tl = getenv("GTSIM_I915_TIMELINE");
    if (tl && *tl && !(cfg.timeline_json = fopen(tl, "w")))
        fprintf(stderr, "gtsim-i915: GTSIM_I915_TIMELINE=%s: %s (no timeline)\n", tl, strerror(errno));
    dev = gtsim_create(i915_identity()->platform, &cfg);
    dev_timeline = cfg.timeline_json;
    const char *st = getenv("GTSIM_I915_STATS");
    if (dev && ((st && *st && strcmp(st, "0")) || cfg.profile || cfg.timeline_json || cfg.checks))
        atexit(print_stats);
    if (!dev) {
        fprintf(stderr, "gtsim-i915: cannot create a '%s' device\n", i915_identity()->platform);
        return -ENODEV;
    }
    return 0;
}

/* ---- fds and files ---- */

/* The file of a render-node fd.  An fd closed behind the library's back
 * (close_range, a raw syscall) and reused for something else is seen by
 * its identity (the memfd's inode) and forgotten. */
static void fd_drop(int fd);
static struct file *file_of(int fd)
{
    struct file *f = fd >= 0 && fd < nfdmap ? fdmap[fd] : NULL;
    if (f) {
        struct stat st;
        if (syscall(SYS_fstat, fd, &st) || st.st_ino != f->ino || st.st_dev != f->devno) {
            fd_drop(fd);
            return NULL;
        }
    }
    return f;
}

static int fd_set_file(int fd, struct file *f)
{
    if (fd < 0)
        return -EBADF;
    if (fd >= nfdmap) {
        int n = fd + 64;
        struct file **p = realloc(fdmap, n * sizeof(*p));
        if (!p)
            return -ENOMEM;
        memset(p + nfdmap, 0, (n - nfdmap) * sizeof(*p));
        fdmap = p;
        nfdmap = n;
    }
    fdmap[fd] = f;
    return 0;
}

static void vm_put(struct vm *vm);
static void sync_put(struct syncobj *s);
static void bo_release(struct bo *bo, int file_going);
static void ctx_free(struct ctx *c);

static void file_destroy(struct file *f)
{
    /* objects first, unbound with the VMs going away; mappings outlive
     * the file (the memfd keeps their pages) */
    for (uint32_t i = 0; i < f->nbos; i++)
        if (f->bos[i]) {
            struct bo *bo = f->bos[i];
            bo->closed = 1;
            bo_release(bo, 1); /* a mapped one stays until its munmap */
        }
    for (uint32_t i = 0; i < f->nctxs; i++)
        if (f->ctxs[i])
            ctx_free(f->ctxs[i]);
    for (uint32_t i = 0; i < f->nvms; i++)
        if (f->vms[i])
            vm_put(f->vms[i]);
    for (uint32_t i = 0; i < f->nsyncs; i++)
        if (f->syncs[i])
            sync_put(f->syncs[i]);
    if (f->base)
        i915_real_munmap(f->base, FILE_VA_SPAN);
    if (f->memfd >= 0)
        i915_real_close(f->memfd);
    free(f->bos);
    free(f->ctxs);
    free(f->vms);
    free(f->syncs);
    free(f->freeoff);
    free(f);
}

static struct ctx *ctx_new(struct file *f, struct vm *vm, int *err);

int i915_open(int flags)
{
    int mfl = MFD_ALLOW_SEALING * 0 | ((flags & O_CLOEXEC) ? MFD_CLOEXEC : 0);
    int fd = memfd_create("gtsim-i915-renderD128", mfl);
    if (fd < 0)
        return -1;
    pthread_mutex_lock(&lock);
    int err = dev_get();
    struct file *f = err ? NULL : calloc(1, sizeof(*f));
    if (!err && !f)
        err = -ENOMEM;
    if (f) {
        f->memfd = i915_real_dup_cloexec(fd);
        f->nfds = 1;
        struct stat st;
        if (f->memfd < 0)
            err = -errno;
        else if (syscall(SYS_fstat, fd, &st))
            err = -errno;
        else {
            f->ino = st.st_ino;
            f->devno = st.st_dev;
        }
        f->next_off = PAGE; /* offset 0 is never a BO */
        void *b = i915_real_mmap(NULL, FILE_VA_SPAN, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1,
                                 0);
        if (b == MAP_FAILED)
            err = -ENOMEM;
        else
            f->base = b;
        /* the default context (id 0) with its own VM */
        if (!err) {
            f->ctxs = calloc(1, sizeof(*f->ctxs));
            f->nctxs = f->ctxs ? 1 : 0;
            if (!f->ctxs)
                err = -ENOMEM;
        }
        if (!err) {
            struct ctx *c = ctx_new(f, NULL, &err);
            if (c)
                f->ctxs[0] = c;
        }
        if (!err)
            err = fd_set_file(fd, f);
    }
    if (err) {
        if (f)
            file_destroy(f);
        pthread_mutex_unlock(&lock);
        i915_real_close(fd);
        errno = -err;
        return -1;
    }
    pthread_mutex_unlock(&lock);
    return fd;
}

int i915_is_fd(int fd)
{
    pthread_mutex_lock(&lock);
    int r = file_of(fd) != NULL;
    pthread_mutex_unlock(&lock);
    return r;
}

void i915_fd_dup(int oldfd, int newfd)
{
    pthread_mutex_lock(&lock);
    struct file *f = file_of(oldfd);
    if (f && newfd != oldfd && !fd_set_file(newfd, f))
        f->nfds++;
    pthread_mutex_unlock(&lock);
}

static void fd_drop(int fd)
{
    struct file *f = fdmap[fd];
    fdmap[fd] = NULL;
    if (--f->nfds == 0)
        file_destroy(f);
}

void i915_fd_forget(int fd)
{
    pthread_mutex_lock(&lock);
    if (file_of(fd))
        fd_drop(fd);
    pthread_mutex_unlock(&lock);
}

void i915_fd_forget_range(unsigned first, unsigned last)
{
    pthread_mutex_lock(&lock);
    for (int fd = (int)first; fd < nfdmap && (unsigned)fd <= last; fd++)
        if (fdmap[fd])
            fd_drop(fd);
    pthread_mutex_unlock(&lock);
}

/* ---- handle tables ---- */

#define TABLE_ADD(arr, n, item, out_id)                                                                      \
    do {                                                                                                     \
        uint32_t i_;                                                                                         \
        for (i_ = 1; i_ < (n); i_++)                                                                         \
            if (!(arr)[i_])                                                                                  \
                break;                                                                                       \
        if (i_ >= (n)) {                                                                                     \
            uint32_t nn_ = (n) < 16 ? 16 : (n) * 2;                                                          \
            void *p_ = realloc((arr), nn_ * sizeof(*(arr)));                                                 \
            if (!p_) {                                                                                       \
                out_id = 0;                                                                                  \
                break;                                                                                       \
            }                                                                                                \
            (arr) = p_;                                                                                      \
            memset((arr) + (n), 0, (nn_ - (n)) * sizeof(*(arr)));                                            \
            i_ = (n) ? (n) : 1;                                                                              \
            (n) = nn_;                                                                                       \
        }                                                                                                    \
        (arr)[i_] = (item);                                                                                  \
        out_id = i_;                                                                                         \
    } while (0)

static struct bo *bo_get(struct file *f, uint32_t h)
{
    return h && h < f->nbos ? f->bos[h] : NULL;
}

static struct ctx *ctx_get(struct file *f, uint32_t id)
{
    return id < f->nctxs ? f->ctxs[id] : NULL;
}

static struct vm *vm_get(struct file *f, uint32_t id)
{
    return id && id < f->nvms ? f->vms[id] : NULL;
}

/* ---- GPU page tables ---- */

static const uint8_t zero_page[PAGE];

static struct pt *pt_new(struct vm *vm)
{
    struct pt *t = calloc(1, sizeof(*t));
    if (!t)
        return NULL;
    t->pa = pa_alloc(1); /* tables: local memory where there is (mem.h: the walk reads them there) */
    if (!t->pa || push_u64(&vm->pt_pages, &vm->npt, &vm->ptcap, t->pa) ||
        gtsim_phys_write(dev, t->pa, zero_page, PAGE)) {
        pa_free(t->pa);
        free(t);
        return NULL;
    }
    return t;
}

static void pt_free(struct pt *t, int level)
{
    if (!t)
        return;
    if (level > 2)
        for (int i = 0; i < 512; i++)
            pt_free(t->child[i], level - 1);
    else
        for (int i = 0; i < 512; i++)
            free(t->child[i]);
    free(t);
}

static const struct platform_vm *pvm(void)
{
    return &platform_vms[ident_pick()];
}

/* A Gen7 PTE or PDE of physical page pa (0: not present): bit 0 valid,
 * address bits 31:12 in place, bits 32.. in entry bits 4.. (ext_bits of
 * them; PDEs use the Gen6 encoding, 8 bits, on every Gen7 part). */
static uint32_t gen7_entry(uint64_t pa, unsigned ext_bits)
{
    if (!pa)
        return 0;
    return (uint32_t)(pa & 0xfffff000u) | (uint32_t)(((pa >> 32) & ((1u << ext_bits) - 1)) << 4) | 1u;
}

/* Gen7: the GGTT entry-table byte offset of the VM's page directory. */
static uint64_t gen7_pd_offset(const struct vm *vm)
{
    return GEN7_GGTT_PD_AREA / PAGE * 4 + (uint64_t)vm->pd_slot * GEN7_PD_BYTES;
}

static uint8_t gen7_pd_used[GEN7_MAX_VMS];

/* Gen7: the PTE of gva in the VM's 2-level PPGTT (the PDE is written when
 * its page table is made). */
static int pte_write_gen7(struct vm *vm, uint64_t gva, uint64_t pa)
{
    struct pt *root = vm->pml4;
    unsigned idx = (unsigned)(gva >> 22) & 511;
    if (!root->child[idx]) {
        if (!pa)
            return 0;
        struct pt *c = pt_new(vm);
        if (!c)
            return -ENOMEM;
        uint32_t pde = gen7_entry(c->pa, 8);
        if (gtsim_ggtt_write(dev, gen7_pd_offset(vm) + idx * 4, &pde, 4)) {
            free(c);
            return -ENOMEM;
        }
        root->child[idx] = c;
    }
    uint32_t ent = gen7_entry(pa, pvm()->pte_ext_bits);
    return gtsim_phys_write(dev, root->child[idx]->pa + ((gva >> 12) & 1023) * 4, &ent, 4) ? -ENOMEM : 0;
}

/* Write the PTE of gva for simulated page pa (0 = unmap).  Entries: bit 0
 * present, bit 1 R/W, bits 47:12 address (seed 004 PML4E/PDPE/PDE/PTE);
 * a leaf naming local memory has the LM bit (pte_address). */
static int pte_write(struct vm *vm, uint64_t gva, uint64_t pa)
{
    if (pvm()->ring)
        return pte_write_gen7(vm, gva, pa);
    struct pt *t = vm->pml4;
    for (int level = 4; level >= 2; level--) {
        unsigned idx = (unsigned)(gva >> (12 + 9 * (level - 1))) & 511;
        if (!t->child[idx]) {
            if (!pa)
                return 0;
            struct pt *c = pt_new(vm);
            if (!c)
                return -ENOMEM;
            uint64_t ent = c->pa | 3;
            if (gtsim_phys_write(dev, t->pa + idx * 8, &ent, 8)) {
                free(c);
                return -ENOMEM;
            }
            t->child[idx] = c;
        }
        t = t->child[idx];
    }
    unsigned idx = (unsigned)(gva >> 12) & 511;
    uint64_t ent = pa ? pte_address(pa, platform_infos[ident_pick()].ppgtt_pte_lm) | 3 : 0;
    return gtsim_phys_write(dev, t->pa + idx * 8, &ent, 8) ? -ENOMEM : 0;
}

/* The PTE of gva as the page walk reads it from simulated memory (0 when
 * a level is missing); for debug reports. */
static uint64_t pte_read(const struct vm *vm, uint64_t gva)
{
    const struct pt *t = vm->pml4;
    for (int level = 4; level >= 2 && t; level--)
        t = t->child[(gva >> (12 + 9 * (level - 1))) & 511];
    uint64_t ent = 0;
    if (t)
        gtsim_phys_read(dev, t->pa + ((gva >> 12) & 511) * 8, &ent, 8);
    return ent;
}

static struct vm *vm_new(void)
{
    struct vm *vm = calloc(1, sizeof(*vm));
    if (!vm)
        return NULL;
    vm->refs = 1;
    vm->next_va = 1ull << 20;
    if (pvm()->ring) {
        /* a free page directory slot, its entries cleared */
        static const uint8_t zero_pd[GEN7_PD_BYTES];
        while (vm->pd_slot < GEN7_MAX_VMS && gen7_pd_used[vm->pd_slot])
            vm->pd_slot++;
        if (vm->pd_slot == GEN7_MAX_VMS || gtsim_ggtt_write(dev, gen7_pd_offset(vm), zero_pd, GEN7_PD_BYTES)) {
            free(vm);
            return NULL;
        }
    }
    vm->pml4 = pt_new(vm);
    if (!vm->pml4) {
        free(vm);
        return NULL;
    }
    if (pvm()->ring)
        gen7_pd_used[vm->pd_slot] = 1;
    return vm;
}

static void vm_unbind_at(struct vm *vm, size_t i)
{
    struct binding *b = &vm->b[i];
    for (uint64_t o = 0; o < b->bo->size; o += PAGE)
        pte_write(vm, b->va + o, 0);
    vm->b[i] = vm->b[--vm->nb];
}

static void vm_put(struct vm *vm)
{
    if (--vm->refs > 0)
        return;
    pt_free(vm->pml4, pvm()->ring ? 2 : 4);
    if (pvm()->ring)
        gen7_pd_used[vm->pd_slot] = 0;
    for (size_t i = 0; i < vm->npt; i++)
        pa_free(vm->pt_pages[i]);
    free(vm->pt_pages);
    free(vm->b);
    free(vm);
}

static struct binding *vm_find(struct vm *vm, struct bo *bo)
{
    for (size_t i = 0; i < vm->nb; i++)
        if (vm->b[i].bo == bo)
            return &vm->b[i];
    return NULL;
}

/* The program's (and the library's) host address of the BO's page i. */
static uint8_t *bo_page(const struct bo *bo, uint64_t i)
{
    return bo->userptr ? (uint8_t *)(uintptr_t)bo->uptr + i * PAGE : bo->file->base + bo->off + i * PAGE;
}

/* Bind bo at va in vm (its simulated pages, its host pages, made on first use). */
static int vm_bind(struct vm *vm, struct bo *bo, uint64_t va, int pinned)
{
    if (!bo->pa) {
        bo->pa = calloc(bo->size / PAGE, sizeof(uint64_t));
        if (!bo->pa)
            return -ENOMEM;
    }
    if (vm->nb == vm->cap) {
        size_t nc = vm->cap ? vm->cap * 2 : 64;
        struct binding *p = realloc(vm->b, nc * sizeof(*p));
        if (!p)
            return -ENOMEM;
        vm->b = p;
        vm->cap = nc;
    }
    int e = 0;
    uint64_t o = 0;
    for (uint64_t i = 0; o < bo->size && !e; o += PAGE, i++) {
        if (!bo->pa[i]) {
            if (!(bo->pa[i] = pa_alloc(bo->lmem))) {
                e = -ENOSPC; /* local (or simulated system) memory is full */
                break;
            }
            if (gtsim_phys_map_host(dev, bo->pa[i], bo_page(bo, i), PAGE)) {
                pa_free(bo->pa[i]);
                bo->pa[i] = 0;
                e = -ENOMEM;
                break;
            }
        }
        e = pte_write(vm, va + o, bo->pa[i]);
    }
    if (e) { /* no half binding: the entries written so far go (the pages stay the BO's) */
        for (uint64_t k = 0; k < o; k += PAGE)
            pte_write(vm, va + k, 0);
        return e;
    }
    vm->b[vm->nb++] = (struct binding){bo, va, pinned};
    if (debug_level() >= 2) {
        uint64_t pte = pte_read(vm, va);
        fprintf(stderr, "gtsim-i915: bind handle %u (%s memory) at GVA 0x%llx: PTE 0x%llx\n", bo->handle,
                bo->lmem ? "local" : "system", (unsigned long long)va, (unsigned long long)pte);
    }
    return 0;
}

/* ---- buffer objects ---- */

static void off_free(struct file *f, uint64_t off, uint64_t size)
{
    if (f->nfree == f->freecap) {
        size_t nc = f->freecap ? f->freecap * 2 : 64;
        void *p = realloc(f->freeoff, nc * sizeof(*f->freeoff));
        if (!p)
            return;
        f->freeoff = p;
        f->freecap = nc;
    }
    f->freeoff[f->nfree].off = off;
    f->freeoff[f->nfree++].size = size;
}

static int off_alloc(struct file *f, uint64_t size, uint64_t *off)
{
    for (size_t i = 0; i < f->nfree; i++)
        if (f->freeoff[i].size >= size) {
            *off = f->freeoff[i].off;
            f->freeoff[i].off += size;
            f->freeoff[i].size -= size;
            if (!f->freeoff[i].size)
                f->freeoff[i] = f->freeoff[--f->nfree];
            return 0;
        }
    if (size > FILE_VA_SPAN - f->next_off)
        return -ENOMEM;
    *off = f->next_off;
    f->next_off += size;
    if (f->next_off > f->memfd_size) {
        if (ftruncate(f->memfd, (off_t)f->next_off))
            return -ENOMEM;
        f->memfd_size = f->next_off;
    }
    return 0;
}

/* The end of a closed BO no longer mapped: its memfd range goes back to
 * the system and the allocator. */
static void bo_free(struct bo *bo)
{
    struct file *f = bo->file;
    if (bo->dmabuf >= 0) {
        if (f) {
            void *p = i915_real_mmap(f->base + bo->off, bo->size, PROT_NONE,
                                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
            (void)p;
            off_free(f, bo->off, bo->size);
        }
        i915_real_close(bo->dmabuf);
    } else if (f && !bo->userptr) {
        void *p = i915_real_mmap(f->base + bo->off, bo->size, PROT_NONE,
                                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
        (void)p;
        fallocate(f->memfd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, (off_t)bo->off, (off_t)bo->size);
        off_free(f, bo->off, bo->size);
    }
    free(bo);
}

/* Drop a closed BO: unbind it everywhere and free its simulated pages;
 * the rest goes when the program no longer maps it (a mapping keeps a
 * closed object's memory, as on the kernel).  file_going: its file is
 * being destroyed (nothing of the file is touched later). */
static void bo_release(struct bo *bo, int file_going)
{
    struct file *f = bo->file;
    if (f && !file_going) {
        for (uint32_t i = 0; i < f->nvms; i++) {
            struct vm *vm = f->vms[i];
            struct binding *b = vm ? vm_find(vm, bo) : NULL;
            if (b)
                vm_unbind_at(vm, (size_t)(b - vm->b));
        }
        for (uint32_t i = 0; i < f->nctxs; i++) {
            struct ctx *c = f->ctxs[i];
            if (c) { /* its VM may have no handle (own VM, or destroyed handle) */
                struct binding *b = vm_find(c->vm, bo);
                if (b)
                    vm_unbind_at(c->vm, (size_t)(b - c->vm->b));
            }
        }
    }
    if (bo->pa) {
        for (uint64_t i = 0; i < bo->size / PAGE; i++)
            if (bo->pa[i]) {
                gtsim_phys_unmap_host(dev, bo->pa[i], PAGE);
                pa_free(bo->pa[i]);
            }
        free(bo->pa);
        bo->pa = NULL;
    }
    if (file_going)
        bo->file = NULL;
    if (bo->maps == 0)
        bo_free(bo);
}

/* The program's mappings of BOs (mmap of a render-node fd, GEM_MMAP). */
struct mapping {
    uintptr_t addr;
    size_t len;
    struct bo *bo;
    int prot, flags;
};
static struct mapping *maps;
static size_t nmaps, mapscap;

static int map_track(struct bo *bo, void *addr, size_t len, int prot, int flags)
{
    if (nmaps == mapscap) {
        size_t nc = mapscap ? mapscap * 2 : 64;
        struct mapping *p = realloc(maps, nc * sizeof(*p));
        if (!p)
            return -ENOMEM;
        maps = p;
        mapscap = nc;
    }
    maps[nmaps++] = (struct mapping){(uintptr_t)addr, len, bo, prot, flags};
    bo->maps++;
    return 0;
}

void i915_munmap_done(void *addr, size_t len)
{
    uintptr_t a = (uintptr_t)addr;
    pthread_mutex_lock(&lock);
    for (size_t i = 0; i < nmaps;) {
        /* a mapping wholly inside the unmapped range ends */
        if (maps[i].addr >= a && maps[i].addr + maps[i].len <= a + len) {
            struct bo *bo = maps[i].bo;
            maps[i] = maps[--nmaps];
            if (--bo->maps == 0 && bo->closed)
                bo_free(bo);
            continue;
        }
        i++;
    }
    pthread_mutex_unlock(&lock);
}

static int bo_new(struct file *f, uint64_t size, struct bo **out)
{
    if (!size)
        return -EINVAL;
    if (size > (1ull << 36))
        return -E2BIG;
    size = (size + PAGE - 1) & ~(PAGE - 1);
    struct bo *bo = calloc(1, sizeof(*bo));
    if (!bo)
        return -ENOMEM;
    bo->file = f;
    bo->size = size;
    bo->caching = platform_infos[ident_pick()].has_llc ? I915_CACHING_CACHED : I915_CACHING_NONE;
    bo->dmabuf = -1;
    int e = off_alloc(f, size, &bo->off);
    if (!e) {
        void *p = i915_real_mmap(f->base + bo->off, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, f->memfd,
                                 (off_t)bo->off);
        if (p == MAP_FAILED) {
            off_free(f, bo->off, size);
            e = -ENOMEM;
        }
    }
    uint32_t h = 0;
    if (!e) {
        TABLE_ADD(f->bos, f->nbos, bo, h);
        if (!h)
            e = -ENOMEM;
    }
    if (e) {
        free(bo);
        return e;
    }
    bo->handle = h;
    *out = bo;
    return 0;
}

/* Read/write the BO's bytes [off, off+len) from/to a host buffer. */
static int bo_rw(struct bo *bo, uint64_t off, void *buf, size_t len, int write)
{
    if (bo->userptr)
        return write ? i915_copy_to_user(bo->uptr + off, buf, len) : i915_copy_from_user(buf, bo->uptr + off, len);
    uint8_t *h = bo->file->base + bo->off + off;
    if (write)
        memcpy(h, buf, len);
    else
        memcpy(buf, h, len);
    return 0;
}

/* ---- contexts ---- */

#define CTX_PAGES (4 * NENG) /* per engine: PPHWSP, register state, ring, spare */

/* Build the context images (each starts with fresh pipeline state,
 * gtsim_context_reset): for each engine, the register state page at
 * lrca + e * 0x4000 + 0x1000 (LRIs of CTX_CTRL, RING_HEAD/TAIL/START/CTL,
 * the batch buffer state registers and PDP0 = the PML4, each at the
 * engine's MMIO base: the format NEO's AUB captures use; seed 004
 * "Register State Context"), the ring (one page) at + 0x2000. */
static int ctx_write_image_at(struct ctx *c, uint64_t lrca)
{
    if (pvm()->ring)
        return 0; /* Gen7: no logical ring context; run_batch writes the ring page */
    uint64_t pml4 = c->vm->pml4->pa;
    for (int e = 0; e < NENG; e++) {
        if (!has_engine(e))
            continue;
        uint32_t b = gtsim_engine_mmio_base(dev, e);
        uint64_t img_pa = lrca + (uint64_t)e * 0x4000;
        uint64_t ring = img_pa + 0x2000;
        uint32_t img[] = {
            0, 0x1100101b, /* MI_NOOP, MI_LOAD_REGISTER_IMM(14) */
            b + 0x244, 0x00090009, b + 0x34, 0, b + 0x30, 0, b + 0x38, (uint32_t)ring, b + 0x3c, 0x00000001,
            b + 0x168, 0, b + 0x140, 0, b + 0x110, 0, b + 0x11c, 0, b + 0x114, 0, b + 0x118, 0, b + 0x1c0, 0,
            b + 0x1c4, 0, b + 0x1c8, 0,
            0, 0, 0, 0x11001011, /* MI_LOAD_REGISTER_IMM(9) */
            b + 0x3a8, 0, b + 0x28c, 0, b + 0x288, 0, b + 0x284, 0, b + 0x280, 0, b + 0x27c, 0, b + 0x278, 0,
            b + 0x274, (uint32_t)(pml4 >> 32), b + 0x270, (uint32_t)pml4,
            0x05000000, /* MI_BATCH_BUFFER_END ends the list */
        };
        if (gtsim_phys_write(dev, img_pa + 0x1000, img, sizeof(img)))
            return -ENOMEM;
        gtsim_context_reset(dev, img_pa); /* a new context: fresh pipeline state */
    }
    return 0;
}

static int ctx_write_image(struct ctx *c)
{
    return ctx_write_image_at(c, c->lrca);
}

/* CTX_PAGES pages for a context's images (a freed block or new ones,
 * identity mapped in the GGTT) at *pa; -ENOSPC past 4 GiB.  With local
 * memory they are local pages, as i915 places context state in lmem on
 * discrete GPUs. */
static int ctx_block_alloc(uint64_t *pa)
{
    if (nfreectx) {
        *pa = freectx[--nfreectx];
        return 0;
    }
    /* discrete GPUs: in local memory; Gen7: below the page directories */
    uint64_t *next = lmem_size() ? &next_lm_pa : &next_ctx_pa;
    uint64_t end = lmem_size() && lmem_size() < (1ull << 32) ? lmem_size()
                   : pvm()->ring                              ? GEN7_GGTT_PD_AREA
                                                              : 1ull << 32;
    if (*next + CTX_PAGES * PAGE > end)
        return -ENOSPC;
    *pa = *next;
    *next += CTX_PAGES * PAGE;
    /* GGTT identity mapping of the image and ring pages (valid bit 0;
     * Gen7 entries are 4 bytes) */
    for (int i = 0; i < CTX_PAGES; i++) {
        uint64_t pte = pte_address(*pa + i * PAGE, platform_infos[ident_pick()].ggtt_pte_lm) | 1;
        unsigned w = pvm()->ring ? 4 : 8;
        gtsim_ggtt_write(dev, (*pa + i * PAGE) / PAGE * w, &pte, w);
    }
    return 0;
}

/* Return the engine-map slots' own images to the free list. */
static void ctx_free_slots(struct ctx *c)
{
    if (c->slot_lrca)
        for (unsigned i = 1; i < c->nengines; i++)
            if (c->slot_lrca[i])
                (void)push_u64(&freectx, &nfreectx, &freectxcap, c->slot_lrca[i]);
    free(c->slot_lrca);
    c->slot_lrca = NULL;
}

/* The images of engine-map slot `slot` (i915: every slot of an engine map
 * is a logical context of its own, with its own register and pipeline
 * state, even two slots of the same engine): slot 0 (and legacy ring
 * selection) uses c->lrca, later slots get theirs at first use. */
static int ctx_slot_lrca(struct ctx *c, unsigned slot, uint64_t *lrca)
{
    if (!c->has_engines || slot == 0) {
        *lrca = c->lrca;
        return 0;
    }
    if (!c->slot_lrca && !(c->slot_lrca = calloc(c->nengines, sizeof(*c->slot_lrca))))
        return -ENOMEM;
    if (!c->slot_lrca[slot]) {
        uint64_t pa;
        int e = ctx_block_alloc(&pa);
        if (!e)
            e = ctx_write_image_at(c, pa);
        if (e)
            return e; /* a block that failed to initialise is not reused (as ctx_free) */
        c->slot_lrca[slot] = pa;
    }
    *lrca = c->slot_lrca[slot];
    return 0;
}

static struct ctx *ctx_new(struct file *f, struct vm *vm, int *err)
{
    (void)f;
    struct ctx *c = calloc(1, sizeof(*c));
    if (!c) {
        *err = -ENOMEM;
        return NULL;
    }
    c->recoverable = 1;
    c->bannable = 1;
    c->persistence = 1;
    if (vm) {
        vm->refs++;
        c->vm = vm;
    } else if (!(c->vm = vm_new())) {
        free(c);
        *err = -ENOMEM;
        return NULL;
    }
    if ((*err = ctx_block_alloc(&c->lrca)) != 0) {
        vm_put(c->vm);
        free(c);
        return NULL;
    }
    *err = ctx_write_image(c);
    if (*err) {
        ctx_free(c);
        return NULL;
    }
    return c;
}

static void ctx_free(struct ctx *c)
{
    (void)push_u64(&freectx, &nfreectx, &freectxcap, c->lrca); /* on failure the slot is not reused */
    ctx_free_slots(c);
    vm_put(c->vm);
    free(c->engines);
    free(c);
}

/* ---- ioctls ---- */

static int copy_str(uint64_t ptr, uint64_t cap, const char *s)
{
    size_t n = strlen(s);
    if (ptr && cap)
        return i915_copy_to_user(ptr, s, n < cap ? n : cap);
    return 0;
}

static int io_version(struct drm_version *v)
{
    const char *name = "i915", *date = "20201103", *desc = "Intel Graphics";
    int e = copy_str((uint64_t)(uintptr_t)v->name, v->name_len, name);
    if (!e)
        e = copy_str((uint64_t)(uintptr_t)v->date, v->date_len, date);
    if (!e)
        e = copy_str((uint64_t)(uintptr_t)v->desc, v->desc_len, desc);
    v->version_major = 1;
    v->version_minor = 6;
    v->version_patchlevel = 0;
    v->name_len = strlen(name);
    v->date_len = strlen(date);
    v->desc_len = strlen(desc);
    return e;
}

static int io_get_cap(struct drm_get_cap *c)
{
    switch (c->capability) {
    case DRM_CAP_TIMESTAMP_MONOTONIC: c->value = 1; return 0;
    case DRM_CAP_PRIME: c->value = DRM_PRIME_CAP_IMPORT | DRM_PRIME_CAP_EXPORT; return 0;
    case DRM_CAP_SYNCOBJ: c->value = 1; return 0;
    case DRM_CAP_SYNCOBJ_TIMELINE: c->value = 1; return 0;
    }
    /* the other capabilities are display (KMS) ones: a device without
     * display answers as a driver without DRIVER_MODESET */
    return c->capability <= 0x15 ? -EOPNOTSUPP : -EINVAL;
}

static int io_getparam(drm_i915_getparam_t *g)
{
    const struct platform_info *pi = &platform_infos[ident_pick()];
    int v;
    switch (g->param) {
    case I915_PARAM_CHIPSET_ID: v = i915_identity()->device; break;
    case I915_PARAM_REVISION: v = i915_identity()->revision; break;
    case I915_PARAM_HAS_GEM:
    case I915_PARAM_HAS_EXECBUF2:
    case I915_PARAM_HAS_RELAXED_FENCING:
    case I915_PARAM_HAS_COHERENT_RINGS:
    case I915_PARAM_HAS_RELAXED_DELTA:
    case I915_PARAM_HAS_WAIT_TIMEOUT:
    case I915_PARAM_HAS_PRIME_VMAP_FLUSH:
    case I915_PARAM_HAS_PINNED_BATCHES:
    case I915_PARAM_HAS_EXEC_NO_RELOC:
    case I915_PARAM_HAS_EXEC_HANDLE_LUT:
    case I915_PARAM_HAS_COHERENT_PHYS_GTT:
    case I915_PARAM_MMAP_VERSION:
    case I915_PARAM_HAS_EXEC_SOFTPIN:
    case I915_PARAM_HAS_EXEC_ASYNC:
    case I915_PARAM_HAS_EXEC_CAPTURE:
    case I915_PARAM_HAS_EXEC_BATCH_FIRST:
    case I915_PARAM_HAS_EXEC_FENCE_ARRAY:
    case I915_PARAM_MMAP_GTT_COHERENT:
    case I915_PARAM_HAS_USERPTR_PROBE:
    case I915_PARAM_HAS_EXEC_TIMELINE_FENCES:
    case I915_PARAM_HAS_EXEC_FENCE:
    case I915_PARAM_HAS_EXEC_SUBMIT_FENCE:
        v = 1;
        break;
    case I915_PARAM_HAS_BLT: v = has_engine(ENG_COPY); break;
    case I915_PARAM_HAS_LLC: v = pi->has_llc; break;
    case I915_PARAM_HAS_BSD: v = has_engine(ENG_VIDEO); break;
    case I915_PARAM_HAS_VEBOX: v = has_engine(ENG_VIDEO_ENHANCE); break;
    case I915_PARAM_HAS_BSD2: /* one video engine (VCS0) */
    case I915_PARAM_HAS_EXEC_CONSTANTS:
    case I915_PARAM_HAS_GEN7_SOL_RESET:
    case I915_PARAM_HAS_SECURE_BATCHES:
    case I915_PARAM_HAS_RESOURCE_STREAMER:
    case I915_PARAM_HAS_POOLED_EU:
    case I915_PARAM_MIN_EU_IN_POOL:
    case I915_PARAM_HAS_WT:
    case I915_PARAM_HAS_SEMAPHORES:
        v = 0;
        break;
    case I915_PARAM_NUM_FENCES_AVAIL: v = lmem_size() ? 0 : 32; break; /* discrete: no aperture, no fences */
    case I915_PARAM_HAS_ALIASING_PPGTT: v = 2; break; /* I915_GEM_PPGTT_FULL */
    case I915_PARAM_CMD_PARSER_VERSION: v = 10; break;
    case I915_PARAM_MMAP_GTT_VERSION: v = 4; break;
    case I915_PARAM_HAS_GPU_RESET: v = 2; break;
    case I915_PARAM_EU_TOTAL: v = pi->eu_total; break;
    case I915_PARAM_SUBSLICE_TOTAL: v = pi->subslice_total; break;
    case I915_PARAM_SLICE_MASK: v = pi->slice_mask; break;
    case I915_PARAM_SUBSLICE_MASK: v = pi->subslice_mask; break;
    case I915_PARAM_CS_TIMESTAMP_FREQUENCY:
        if (dev_get())
            return -ENODEV;
        v = (int)gtsim_timestamp_frequency(dev);
        break;
    case I915_PARAM_HAS_SCHEDULER: v = I915_SCHEDULER_CAP_ENABLED | I915_SCHEDULER_CAP_PRIORITY; break;
    case I915_PARAM_HAS_CONTEXT_ISOLATION: /* the classes of the engines (every one isolates) */
        v = 0;
        for (int e = 0; e < NENG; e++)
            if (has_engine(e))
                v |= 1 << engine_class[e];
        break;
    case I915_PARAM_HUC_STATUS: return -ENODEV;
    default: return -EINVAL;
    }
    /* i915: a platform without an SSEU description answers ENODEV */
    if (!v && (g->param == I915_PARAM_EU_TOTAL || g->param == I915_PARAM_SUBSLICE_TOTAL ||
               g->param == I915_PARAM_SLICE_MASK || g->param == I915_PARAM_SUBSLICE_MASK))
        return -ENODEV;
    return i915_copy_to_user((uint64_t)(uintptr_t)g->value, &v, sizeof(v));
}

static int query_item(struct drm_i915_query_item *it)
{
    const struct platform_info *pi = &platform_infos[ident_pick()];
    uint8_t buf[512];
    size_t len = 0;
    memset(buf, 0, sizeof(buf));
    switch (it->query_id) {
    case DRM_I915_QUERY_TOPOLOGY_INFO: {
        if (it->flags)
            return -EINVAL;
        if (!pi->max_slices)
            return -ENODEV; /* no SSEU description (i915 query_topology_info) */
        struct drm_i915_query_topology_info t;
        memset(&t, 0, sizeof(t));
        t.max_slices = pi->max_slices;
        t.max_subslices = pi->max_subslices;
        t.max_eus_per_subslice = pi->max_eus;
        t.subslice_offset = (uint16_t)((pi->max_slices + 7) / 8);
        t.subslice_stride = pi->ss_stride;
        t.eu_offset = (uint16_t)(t.subslice_offset + pi->max_slices * pi->ss_stride);
        t.eu_stride = pi->eu_stride;
        memcpy(buf, &t, sizeof(t));
        memcpy(buf + sizeof(t), pi->topo, pi->topo_len);
        len = sizeof(t) + pi->topo_len;
        break;
    }
    case DRM_I915_QUERY_ENGINE_INFO: {
        if (it->flags)
            return -EINVAL;
        struct drm_i915_query_engine_info q;
        memset(&q, 0, sizeof(q));
        len = sizeof(q);
        for (int e = 0; e < NENG; e++) {
            if (!has_engine(e))
                continue;
            struct drm_i915_engine_info ei;
            memset(&ei, 0, sizeof(ei));
            ei.engine.engine_class = engine_class[e];
            ei.engine.engine_instance = 0;
            ei.capabilities = engine_caps[e];
            ei.flags = I915_ENGINE_INFO_HAS_LOGICAL_INSTANCE;
            ei.logical_instance = 0;
            memcpy(buf + len, &ei, sizeof(ei));
            len += sizeof(ei);
            q.num_engines++;
        }
        memcpy(buf, &q, sizeof(q));
        break;
    }
    case DRM_I915_QUERY_MEMORY_REGIONS: {
        if (it->flags)
            return -EINVAL;
        /* system memory, then the device's local memory (class DEVICE,
         * instance 0) where it has some; i915 reports unallocated_size of
         * local memory (to CAP_PERFMON, else probed_size) and the CPU-visible
         * sizes equal to the sizes on a full BAR (Linux i915_drm.h, fact) */
        struct drm_i915_query_memory_regions q;
        memset(&q, 0, sizeof(q));
        q.num_regions = lmem_size() ? 2 : 1;
        struct drm_i915_memory_region_info r[2];
        memset(r, 0, sizeof(r));
        r[0].region.memory_class = I915_MEMORY_CLASS_SYSTEM;
        long pages = sysconf(_SC_PHYS_PAGES), avail = sysconf(_SC_AVPHYS_PAGES);
        r[0].probed_size = (uint64_t)(pages > 0 ? pages : 0) * PAGE;
        r[0].unallocated_size = (uint64_t)(avail > 0 ? avail : 0) * PAGE;
        r[1].region.memory_class = I915_MEMORY_CLASS_DEVICE;
        r[1].probed_size = r[1].probed_cpu_visible_size = lmem_size();
        r[1].unallocated_size = r[1].unallocated_cpu_visible_size = lmem_unallocated();
        memcpy(buf, &q, sizeof(q));
        memcpy(buf + sizeof(q), r, q.num_regions * sizeof(r[0]));
        len = sizeof(q) + q.num_regions * sizeof(r[0]);
        break;
    }
    case DRM_I915_QUERY_PERF_CONFIG:
        return -ENODEV; /* no OA unit modelled: i915 without perf support */
    case DRM_I915_QUERY_HWCONFIG_BLOB:
        return -ENODEV; /* GuC platforms only */
    case DRM_I915_QUERY_GEOMETRY_SUBSLICES:
        return -ENODEV; /* render-only (pre-Xe-HP) devices */
    default:
        return -EINVAL;
    }
    if (it->length == 0) {
        it->length = (int32_t)len;
        return 0;
    }
    if (it->length < (int32_t)len)
        return -EINVAL;
    if (i915_copy_to_user(it->data_ptr, buf, len))
        return -EFAULT;
    it->length = (int32_t)len;
    return 0;
}

static int io_query(struct drm_i915_query *q)
{
    if (q->flags)
        return -EINVAL;
    for (uint32_t i = 0; i < q->num_items; i++) {
        struct drm_i915_query_item it;
        uint64_t p = q->items_ptr + (uint64_t)i * sizeof(it);
        if (i915_copy_from_user(&it, p, sizeof(it)))
            return -EFAULT;
        int r = query_item(&it);
        if (r)
            it.length = r;
        if (i915_copy_to_user(p, &it, sizeof(it)))
            return -EFAULT;
    }
    return 0;
}

/* The i915_user_extension header at p, checked as i915_user_extensions
 * does (flags and every reserved word zero): 0, -EFAULT or -EINVAL. */
static int user_ext_header(uint64_t p, struct i915_user_extension *ext)
{
    if (i915_copy_from_user(ext, p, sizeof(*ext)))
        return -EFAULT;
    if (ext->flags || ext->rsvd[0] || ext->rsvd[1] || ext->rsvd[2] || ext->rsvd[3])
        return -EINVAL;
    return 0;
}

/* The memory regions of GEM_CREATE_EXT's MEMORY_REGIONS extension, checked
 * as i915's set_placements does (Linux i915_gem_create.c, fact): pad zero,
 * 1..INTEL_REGION_UNKNOWN (7) regions, each one the device has (system
 * class 0 instance 0; local class 1 instance 0 with local memory), none
 * twice, and the extension given once; else -EINVAL (-EFAULT for a bad
 * pointer).  *mask gets bit 0 for system, bit 1 for local memory and
 * *first_local whether the first placement is local memory. */
static int set_placements(uint64_t p, uint32_t *mask, int *first_local)
{
    struct drm_i915_gem_create_ext_memory_regions mr;
    if (i915_copy_from_user(&mr, p, sizeof(mr)))
        return -EFAULT;
    if (mr.pad || !mr.num_regions || mr.num_regions > 7)
        return -EINVAL;
    uint32_t m = 0;
    for (uint32_t i = 0; i < mr.num_regions; i++) {
        struct drm_i915_gem_memory_class_instance ci;
        if (i915_copy_from_user(&ci, mr.regions + i * sizeof(ci), sizeof(ci)))
            return -EFAULT;
        int bit = -1;
        if (ci.memory_instance == 0 && ci.memory_class == I915_MEMORY_CLASS_SYSTEM)
            bit = 0;
        else if (ci.memory_instance == 0 && ci.memory_class == I915_MEMORY_CLASS_DEVICE && lmem_size())
            bit = 1;
        if (bit < 0 || (m & (1u << bit)))
            return -EINVAL; /* a region the device lacks, or a duplicate */
        if (i == 0)
            *first_local = bit == 1;
        m |= 1u << bit;
    }
    if (*mask)
        return -EINVAL; /* placements already set by an earlier extension */
    *mask = m;
    return 0;
}

static int create_ext(struct file *f, struct drm_i915_gem_create_ext *c)
{
    if (c->flags & ~I915_GEM_CREATE_EXT_FLAG_NEEDS_CPU_ACCESS)
        return -EINVAL;
    /* extensions: MEMORY_REGIONS, PROTECTED_CONTENT (refused) */
    uint32_t placements = 0;
    int local = 0;
    uint64_t p = c->extensions;
    for (int n = 0; p; n++) {
        struct i915_user_extension ext;
        if (n > 512)
            return -E2BIG;
        int e = user_ext_header(p, &ext);
        if (e)
            return e;
        if (ext.name == I915_GEM_CREATE_EXT_MEMORY_REGIONS) {
            e = set_placements(p, &placements, &local);
            if (e)
                return e;
        } else if (ext.name == I915_GEM_CREATE_EXT_PROTECTED_CONTENT) {
            return -ENODEV;
        } else {
            return -EINVAL;
        }
        p = ext.next_extension;
    }
    /* NEEDS_CPU_ACCESS: several placements, one of them system memory */
    if ((c->flags & I915_GEM_CREATE_EXT_FLAG_NEEDS_CPU_ACCESS) &&
        ((placements & (placements - 1)) == 0 || !(placements & 1)))
        return -EINVAL;
    struct bo *bo;
    int e = bo_new(f, c->size, &bo);
    if (e)
        return e;
    bo->lmem = local;
    if (debug_level() >= 2)
        fprintf(stderr, "gtsim-i915: GEM_CREATE_EXT handle %u, %llu bytes, placements 0x%x (1 system, 2 local), in %s "
                "memory\n", bo->handle, (unsigned long long)bo->size, placements ? placements : 1u,
                local ? "local" : "system");
    c->size = bo->size;
    c->handle = bo->handle;
    return 0;
}

static int io_userptr(struct file *f, struct drm_i915_gem_userptr *u)
{
    if (u->flags & ~(I915_USERPTR_READ_ONLY | I915_USERPTR_PROBE | I915_USERPTR_UNSYNCHRONIZED))
        return -EINVAL;
    if ((u->user_ptr | u->user_size) & (PAGE - 1) || !u->user_size)
        return -EINVAL;
    if (u->user_ptr + u->user_size < u->user_ptr)
        return -EINVAL;
    if (u->flags & I915_USERPTR_UNSYNCHRONIZED)
        return -ENODEV;
    if (u->flags & I915_USERPTR_READ_ONLY)
        return -ENODEV; /* Gen9 PPGTT has no read-only pages */
    if (u->flags & I915_USERPTR_PROBE) {
        uint8_t b;
        for (uint64_t o = 0; o < u->user_size; o += PAGE)
            if (i915_copy_from_user(&b, u->user_ptr + o, 1))
                return -EFAULT;
    }
    struct bo *bo = calloc(1, sizeof(*bo));
    if (!bo)
        return -ENOMEM;
    bo->file = f;
    bo->size = u->user_size;
    bo->caching = I915_CACHING_CACHED;
    bo->dmabuf = -1;
    bo->userptr = 1;
    bo->uptr = u->user_ptr;
    uint32_t h;
    TABLE_ADD(f->bos, f->nbos, bo, h);
    if (!h) {
        free(bo);
        return -ENOMEM;
    }
    bo->handle = h;
    u->handle = h;
    return 0;
}

static int io_gem_close(struct file *f, struct drm_gem_close *c)
{
    if (c->pad)
        return -EINVAL;
    struct bo *bo = bo_get(f, c->handle);
    if (!bo)
        return -EINVAL;
    f->bos[c->handle] = NULL;
    bo->closed = 1;
    bo_release(bo, 0);
    return 0;
}

static int io_mmap_offset(struct file *f, struct drm_i915_gem_mmap_offset *m)
{
    if (m->extensions)
        return -EINVAL;
    if (m->flags > I915_MMAP_OFFSET_FIXED)
        return -EINVAL;
    if (m->flags == I915_MMAP_OFFSET_GTT && lmem_size())
        return -ENODEV; /* discrete: no mappable aperture */
    struct bo *bo = bo_get(f, m->handle);
    if (!bo)
        return -ENOENT;
    if (bo->userptr)
        return -ENODEV;
    /* discrete GPUs' objects (i915's TTM objects) take FIXED only, other
     * objects anything but FIXED (Linux i915_gem_mman.c
     * __assign_mmap_offset, fact) */
    if ((m->flags == I915_MMAP_OFFSET_FIXED) != (lmem_size() != 0))
        return -ENODEV;
    m->offset = bo->off;
    return 0;
}

static int io_gem_mmap(struct file *f, int fd, struct drm_i915_gem_mmap *m)
{
    if (lmem_size())
        return -EOPNOTSUPP; /* not on discrete GPUs (Linux i915_gem_mman.c, fact) */
    if (m->flags & ~(uint64_t)I915_MMAP_WC)
        return -EINVAL;
    struct bo *bo = bo_get(f, m->handle);
    if (!bo)
        return -ENOENT;
    if (bo->userptr)
        return -ENXIO;
    if (m->offset > bo->size || m->size > bo->size - m->offset)
        return -EINVAL;
    /* the kernel maps the whole object and returns its address + offset */
    void *p = bo->dmabuf >= 0 ? i915_real_mmap(NULL, bo->size, PROT_READ | PROT_WRITE, MAP_SHARED, bo->dmabuf, 0)
                              : i915_real_mmap(NULL, bo->size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)bo->off);
    if (p == MAP_FAILED)
        return -ENOMEM;
    if (map_track(bo, p, bo->size, PROT_READ | PROT_WRITE, MAP_SHARED)) {
        i915_real_munmap(p, bo->size);
        return -ENOMEM;
    }
    m->addr_ptr = (uint64_t)(uintptr_t)p + m->offset;
    return 0;
}

static int io_prw(struct file *f, struct drm_i915_gem_pwrite *p, int write)
{
    struct bo *bo = bo_get(f, p->handle);
    if (!bo)
        return -ENOENT;
    if (p->offset > bo->size || p->size > bo->size - p->offset)
        return -EINVAL;
    if (!p->size)
        return 0;
    if (bo->userptr)
        return -EINVAL;
    uint8_t *h = f->base + bo->off + p->offset;
    return write ? i915_copy_from_user(h, p->data_ptr, p->size) : i915_copy_to_user(p->data_ptr, h, p->size);
}

static int io_set_domain(struct file *f, struct drm_i915_gem_set_domain *d)
{
    if (lmem_size())
        return -ENODEV; /* discrete GPUs (Linux i915_gem_domain.c, fact) */
    if (d->write_domain & GPU_DOMAINS || d->read_domains & GPU_DOMAINS)
        return -EINVAL;
    if (d->write_domain && d->read_domains != d->write_domain)
        return -EINVAL;
    return bo_get(f, d->handle) ? 0 : -ENOENT;
}

static int io_set_tiling(struct file *f, struct drm_i915_gem_set_tiling *t)
{
    if (lmem_size())
        return -EOPNOTSUPP; /* no mappable aperture, no fences (Linux i915_gem_tiling.c, fact) */
    struct bo *bo = bo_get(f, t->handle);
    if (!bo)
        return -ENOENT;
    if (t->tiling_mode > I915_TILING_Y)
        return -EINVAL;
    if (t->tiling_mode != I915_TILING_NONE) {
        /* i915_tiling_ok: stride a multiple of the tile width, at most 256 KiB */
        unsigned tile = t->tiling_mode == I915_TILING_Y ? 128 : 512;
        if (!t->stride || t->stride % tile || t->stride > 256 * 1024)
            return -EINVAL;
        if (bo->userptr)
            return -EINVAL;
    } else {
        t->stride = 0;
    }
    bo->tiling = t->tiling_mode;
    bo->stride = t->stride;
    t->swizzle_mode = I915_BIT_6_SWIZZLE_NONE;
    return 0;
}

static int io_get_tiling(struct file *f, struct drm_i915_gem_get_tiling *t)
{
    if (lmem_size())
        return -EOPNOTSUPP; /* as SET_TILING */
    struct bo *bo = bo_get(f, t->handle);
    if (!bo)
        return -ENOENT;
    t->tiling_mode = bo->tiling;
    t->swizzle_mode = I915_BIT_6_SWIZZLE_NONE;
    t->phys_swizzle_mode = I915_BIT_6_SWIZZLE_NONE;
    return 0;
}

static int io_madvise(struct file *f, struct drm_i915_gem_madvise *m)
{
    if (m->madv != I915_MADV_DONTNEED && m->madv != I915_MADV_WILLNEED)
        return -EINVAL;
    if (!bo_get(f, m->handle))
        return -ENOENT;
    m->retained = 1; /* never purged */
    return 0;
}

static int io_busy(struct file *f, struct drm_i915_gem_busy *b)
{
    if (!bo_get(f, b->handle))
        return -ENOENT;
    b->busy = 0; /* work completes inside the execbuffer */
    return 0;
}

static int io_wait(struct file *f, struct drm_i915_gem_wait *w)
{
    if (w->flags)
        return -EINVAL;
    return bo_get(f, w->bo_handle) ? 0 : -ENOENT;
}

/* An engine of the device's (class, instance), as QUERY ENGINE_INFO lists. */
static int engine_exists(struct i915_engine_class_instance ci)
{
    for (int e = 0; e < NENG; e++)
        if (has_engine(e) && ci.engine_class == engine_class[e] && ci.engine_instance == 0)
            return 1;
    return 0;
}

static int slot_is_invalid(const struct engine_slot *s)
{
    return s->cls == (uint16_t)I915_ENGINE_CLASS_INVALID && !s->virt;
}

/* The extensions of an engine map (i915 set_proto_ctx_engines):
 * LOAD_BALANCE fills an invalid slot with a virtual engine over its
 * siblings (one sibling: that engine; none: the slot stays invalid), BOND
 * is validated (execution is synchronous, so a bond changes nothing), and
 * PARALLEL_SUBMIT needs GuC submission (ENODEV with execlists). */
static int engines_extensions(struct engine_slot *s, unsigned n, uint64_t p)
{
    for (int k = 0; p; k++) {
        struct i915_user_extension ext;
        if (k > 512)
            return -E2BIG;
        int e = user_ext_header(p, &ext);
        if (e)
            return e;
        if (ext.name == I915_CONTEXT_ENGINES_EXT_LOAD_BALANCE) {
            struct i915_context_engines_load_balance lb;
            if (i915_copy_from_user(&lb, p, sizeof(lb)))
                return -EFAULT;
            if (lb.engine_index >= n)
                return -EINVAL;
            if (!slot_is_invalid(&s[lb.engine_index]))
                return -EEXIST;
            if (lb.flags || lb.mbz64)
                return -EINVAL;
            struct i915_engine_class_instance first = {0, 0};
            for (unsigned i = 0; i < lb.num_siblings; i++) {
                struct i915_engine_class_instance ci;
                if (i915_copy_from_user(&ci, p + sizeof(lb) + i * sizeof(ci), sizeof(ci)))
                    return -EFAULT;
                if (!engine_exists(ci))
                    return -EINVAL;
                if (!i)
                    first = ci;
            }
            if (lb.num_siblings) {
                s[lb.engine_index].cls = first.engine_class;
                s[lb.engine_index].inst = first.engine_instance;
                s[lb.engine_index].virt = lb.num_siblings > 1;
            }
        } else if (ext.name == I915_CONTEXT_ENGINES_EXT_BOND) {
            struct i915_context_engines_bond b;
            if (i915_copy_from_user(&b, p, sizeof(b)))
                return -EFAULT;
            if (b.virtual_index >= n || slot_is_invalid(&s[b.virtual_index]) || s[b.virtual_index].virt)
                return -EINVAL;
            if (b.flags || b.mbz64[0] || b.mbz64[1] || b.mbz64[2] || b.mbz64[3])
                return -EINVAL;
            if (!engine_exists(b.master))
                return -EINVAL;
            for (unsigned i = 0; i < b.num_bonds; i++) {
                struct i915_engine_class_instance ci;
                if (i915_copy_from_user(&ci, p + sizeof(b) + i * sizeof(ci), sizeof(ci)))
                    return -EFAULT;
                if (!engine_exists(ci))
                    return -EINVAL;
            }
        } else if (ext.name == I915_CONTEXT_ENGINES_EXT_PARALLEL_SUBMIT) {
            return -ENODEV;
        } else {
            return -EINVAL;
        }
        p = ext.next_extension;
    }
    return 0;
}

static int ctx_param(struct file *f, struct ctx *c, struct drm_i915_gem_context_param *p, int set, int creating)
{
    switch (p->param) {
    case I915_CONTEXT_PARAM_GTT_SIZE:
        if (set)
            return -EINVAL;
        p->value = ppgtt_size();
        break;
    case I915_CONTEXT_PARAM_NO_ERROR_CAPTURE:
    case I915_CONTEXT_PARAM_BANNABLE:
    case I915_CONTEXT_PARAM_RECOVERABLE:
    case I915_CONTEXT_PARAM_PERSISTENCE: {
        int *fld = p->param == I915_CONTEXT_PARAM_BANNABLE      ? &c->bannable
                   : p->param == I915_CONTEXT_PARAM_RECOVERABLE ? &c->recoverable
                   : p->param == I915_CONTEXT_PARAM_PERSISTENCE ? &c->persistence
                                                                : NULL;
        static int no_capture;
        if (!fld)
            fld = &no_capture;
        if (set) {
            if (p->size)
                return -EINVAL;
            if (p->param == I915_CONTEXT_PARAM_BANNABLE && !p->value && geteuid() != 0)
                return -EPERM;
            *fld = p->value != 0;
        } else {
            p->size = 0;
            p->value = (uint64_t)*fld;
        }
        break;
    }
    case I915_CONTEXT_PARAM_PRIORITY:
        if (set) {
            if (p->size)
                return -EINVAL;
            int64_t v = (int64_t)p->value;
            if (v > I915_CONTEXT_MAX_USER_PRIORITY || v < I915_CONTEXT_MIN_USER_PRIORITY)
                return -EINVAL;
            if (v > I915_CONTEXT_DEFAULT_PRIORITY && geteuid() != 0)
                return -EPERM;
            c->priority = (int)v;
        } else {
            p->size = 0;
            p->value = (uint64_t)(int64_t)c->priority;
        }
        break;
    case I915_CONTEXT_PARAM_VM:
        if (set) {
            if (p->size)
                return -EINVAL;
            if (!creating)
                return -EINVAL; /* the VM is chosen at creation (kernel 5.19+) */
            struct vm *vm = vm_get(f, (uint32_t)p->value);
            if (!vm || p->value >> 32)
                return -ENOENT;
            vm->refs++;
            vm_put(c->vm);
            c->vm = vm;
            int e = ctx_write_image(c);
            if (e)
                return e;
        } else {
            /* a new handle to the context's VM */
            struct vm *vm = c->vm;
            uint32_t id = vm->id;
            if (!id) {
                TABLE_ADD(f->vms, f->nvms, vm, id);
                if (!id)
                    return -ENOMEM;
                vm->id = id;
                vm->refs++;
            } else {
                vm->refs++; /* one reference per handle returned */
                uint32_t id2;
                TABLE_ADD(f->vms, f->nvms, vm, id2);
                if (!id2) {
                    vm->refs--;
                    return -ENOMEM;
                }
                id = id2;
            }
            p->size = 0;
            p->value = id;
        }
        break;
    case I915_CONTEXT_PARAM_ENGINES:
        if (set) {
            if (!creating)
                return -EINVAL;
            ctx_free_slots(c);
            if (!p->size) {
                free(c->engines);
                c->engines = NULL;
                c->nengines = 0;
                c->has_engines = 0;
                break;
            }
            if (p->size < sizeof(struct i915_context_param_engines) ||
                (p->size - sizeof(struct i915_context_param_engines)) % sizeof(struct i915_engine_class_instance))
                return -EINVAL;
            unsigned n = (p->size - sizeof(struct i915_context_param_engines)) /
                         sizeof(struct i915_engine_class_instance);
            if (n > 64)
                return -EINVAL;
            struct i915_context_param_engines hdr;
            if (i915_copy_from_user(&hdr, p->value, sizeof(hdr)))
                return -EFAULT;
            struct engine_slot *s = calloc(n ? n : 1, sizeof(*s));
            if (!s)
                return -ENOMEM;
            for (unsigned i = 0; i < n; i++) {
                struct i915_engine_class_instance ci;
                if (i915_copy_from_user(&ci, p->value + sizeof(hdr) + i * sizeof(ci), sizeof(ci))) {
                    free(s);
                    return -EFAULT;
                }
                int invalid = ci.engine_class == (uint16_t)I915_ENGINE_CLASS_INVALID &&
                              ci.engine_instance == (uint16_t)I915_ENGINE_CLASS_INVALID_NONE;
                if (!invalid && !engine_exists(ci)) {
                    free(s);
                    return -ENOENT;
                }
                s[i].cls = ci.engine_class;
                s[i].inst = ci.engine_instance;
            }
            int e = engines_extensions(s, n, hdr.extensions);
            if (e) {
                free(s);
                return e;
            }
            free(c->engines);
            c->engines = s;
            c->nengines = n;
            c->has_engines = 1;
        } else {
            size_t need = sizeof(struct i915_context_param_engines) +
                          c->nengines * sizeof(struct i915_engine_class_instance);
            if (!c->has_engines) {
                p->size = 0;
                break;
            }
            if (!p->size) {
                p->size = (uint32_t)need;
                break;
            }
            if (p->size < need)
                return -EINVAL;
            struct i915_context_param_engines hdr = {0};
            if (i915_copy_to_user(p->value, &hdr, sizeof(hdr)))
                return -EFAULT;
            for (unsigned i = 0; i < c->nengines; i++) {
                struct i915_engine_class_instance ci = {c->engines[i].cls, c->engines[i].inst};
                if (c->engines[i].virt) /* i915 get_engines: a virtual engine */
                    ci = (struct i915_engine_class_instance){(uint16_t)I915_ENGINE_CLASS_INVALID,
                                                             (uint16_t)I915_ENGINE_CLASS_INVALID_VIRTUAL};
                if (i915_copy_to_user(p->value + sizeof(hdr) + i * sizeof(ci), &ci, sizeof(ci)))
                    return -EFAULT;
            }
            p->size = (uint32_t)need;
        }
        break;
    case I915_CONTEXT_PARAM_RINGSIZE:
        if (set) {
            if (p->size)
                return -EINVAL;
            if (p->value < PAGE || p->value > 512 * PAGE || p->value % PAGE)
                return -EINVAL;
        } else {
            p->size = 0;
            p->value = PAGE;
        }
        break;
    case I915_CONTEXT_PARAM_SSEU:
        return -ENODEV; /* Gen11 render only */
    case I915_CONTEXT_PARAM_PROTECTED_CONTENT:
        if (set)
            return p->value ? -ENODEV : 0;
        p->size = 0;
        p->value = 0;
        break;
    default:
        return -EINVAL;
    }
    return 0;
}

static int io_context_create(struct file *f, void *arg, int ext)
{
    struct drm_i915_gem_context_create_ext *c = arg;
    if (!ext) {
        struct drm_i915_gem_context_create *cc = arg;
        if (cc->pad)
            return -EINVAL;
    } else if (c->flags & ~(I915_CONTEXT_CREATE_FLAGS_USE_EXTENSIONS | I915_CONTEXT_CREATE_FLAGS_SINGLE_TIMELINE)) {
        return -EINVAL;
    }
    int err = 0;
    struct ctx *nc = ctx_new(f, NULL, &err);
    if (!nc)
        return err;
    if (ext && (c->flags & I915_CONTEXT_CREATE_FLAGS_USE_EXTENSIONS)) {
        uint64_t p = c->extensions;
        for (int n = 0; p && !err; n++) {
            struct drm_i915_gem_context_create_ext_setparam sp;
            if (n > 512) {
                err = -E2BIG;
                break;
            }
            if ((err = user_ext_header(p, &sp.base)))
                break;
            if (sp.base.name != I915_CONTEXT_CREATE_EXT_SETPARAM) {
                err = -EINVAL;
                break;
            }
            if (i915_copy_from_user(&sp, p, sizeof(sp))) {
                err = -EFAULT;
                break;
            }
            if (sp.param.ctx_id) {
                err = -EINVAL;
                break;
            }
            err = ctx_param(f, nc, &sp.param, 1, 1);
            if ((err && debug_level()) || debug_level() >= 2)
                fprintf(stderr, "gtsim-i915: context create: SETPARAM param 0x%llx (size %u, value 0x%llx): %s\n",
                        (unsigned long long)sp.param.param, sp.param.size, (unsigned long long)sp.param.value,
                        err ? strerror(-err) : "ok");
            p = sp.base.next_extension;
        }
    }
    uint32_t id = 0;
    if (!err) {
        TABLE_ADD(f->ctxs, f->nctxs, nc, id);
        if (!id)
            err = -ENOMEM;
    }
    if (err) {
        ctx_free(nc);
        return err;
    }
    nc->id = id;
    c->ctx_id = id;
    return 0;
}

static int io_context_destroy(struct file *f, struct drm_i915_gem_context_destroy *d)
{
    if (d->pad)
        return -EINVAL;
    if (!d->ctx_id)
        return -ENOENT;
    struct ctx *c = ctx_get(f, d->ctx_id);
    if (!c)
        return -ENOENT;
    f->ctxs[d->ctx_id] = NULL;
    ctx_free(c);
    return 0;
}

static int io_ctx_param(struct file *f, struct drm_i915_gem_context_param *p, int set)
{
    struct ctx *c = ctx_get(f, p->ctx_id);
    if (!c)
        return -ENOENT;
    /* Gen12 and older: a context stays a proto-context (VM and engines
     * settable) until its first use */
    int r = ctx_param(f, c, p, set, set && !c->finalized && c->id);
    if ((r && debug_level()) || debug_level() >= 2)
        fprintf(stderr, "gtsim-i915: context %u %s param 0x%llx (size %u, value 0x%llx): %s\n", p->ctx_id,
                set ? "SETPARAM" : "GETPARAM", (unsigned long long)p->param, p->size,
                (unsigned long long)p->value, r ? strerror(-r) : "ok");
    if (!set)
        c->finalized = 1;
    return r;
}

static int io_vm_create(struct file *f, struct drm_i915_gem_vm_control *v)
{
    if (v->flags || v->extensions)
        return -EINVAL;
    struct vm *vm = vm_new();
    if (!vm)
        return -ENOMEM;
    uint32_t id;
    TABLE_ADD(f->vms, f->nvms, vm, id);
    if (!id) {
        vm_put(vm);
        return -ENOMEM;
    }
    vm->id = id;
    v->vm_id = id;
    return 0;
}

static int io_vm_destroy(struct file *f, struct drm_i915_gem_vm_control *v)
{
    if (v->flags || v->extensions)
        return -EINVAL;
    struct vm *vm = vm_get(f, v->vm_id);
    if (!vm)
        return -ENOENT;
    f->vms[v->vm_id] = NULL;
    vm_put(vm);
    return 0;
}

static int io_reset_stats(struct file *f, struct drm_i915_reset_stats *r)
{
    if (r->flags || r->pad)
        return -EINVAL;
    struct ctx *c = ctx_get(f, r->ctx_id);
    if (!c)
        return -ENOENT;
    r->reset_count = 0; /* reported to CAP_SYS_ADMIN only */
    r->batch_active = c->batch_active;
    r->batch_pending = c->batch_pending;
    return 0;
}

static int io_reg_read(struct drm_i915_reg_read *r)
{
    /* the only whitelisted register: RING_TIMESTAMP of the render engine,
     * 8 bytes (flag bit 0: I915_REG_READ_8B_WA, read as two DWords) */
    if ((r->offset & ~1ull) != 0x2358)
        return -EINVAL;
    uint32_t lo = gtsim_mmio_read(dev, 0x2358), hi = gtsim_mmio_read(dev, 0x235c);
    r->val = ((uint64_t)hi << 32) | lo;
    return 0;
}

static int io_get_aperture(struct drm_i915_gem_get_aperture *a)
{
    a->aper_size = 1ull << 32;
    a->aper_available_size = (1ull << 32) - next_ctx_pa;
    return 0;
}

/* ---- syncobjs ---- */

static struct syncobj *sync_get(struct file *f, uint32_t h)
{
    return h && h < f->nsyncs ? f->syncs[h] : NULL;
}

static int io_syncobj_create(struct file *f, struct drm_syncobj_create *c)
{
    if (c->flags & ~DRM_SYNCOBJ_CREATE_SIGNALED)
        return -EINVAL;
    struct syncobj *s = calloc(1, sizeof(*s));
    if (!s)
        return -ENOMEM;
    s->has_fence = (c->flags & DRM_SYNCOBJ_CREATE_SIGNALED) != 0;
    s->refs = 1;
    uint32_t h;
    TABLE_ADD(f->syncs, f->nsyncs, s, h);
    if (!h) {
        free(s);
        return -ENOMEM;
    }
    c->handle = h;
    return 0;
}

static void sync_put(struct syncobj *s)
{
    if (--s->refs == 0)
        free(s);
}

/* Syncobjs exported as fds (HANDLE_TO_FD): a memfd each, known again by
 * its inode; an export holds its reference for the process's life. */
struct sync_export {
    ino_t ino;
    dev_t devno;
    struct syncobj *s;
};
static struct sync_export *exports;
static size_t nexports, exportscap;

/* An fd that is a sync_file as far as the program can tell: an eventfd
 * holding 1, readable (poll POLLIN) at once, as a signalled fence is. */
static int sync_file_new(void)
{
    int fd = eventfd(1, EFD_CLOEXEC);
    return fd < 0 ? -errno : fd;
}

static int io_syncobj_handle_to_fd(struct file *f, struct drm_syncobj_handle *a)
{
    if (a->pad || (a->flags & ~DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE))
        return -EINVAL;
    struct syncobj *s = sync_get(f, a->handle);
    if (!s)
        return -ENOENT;
    if (a->flags & DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE) {
        if (!s->has_fence)
            return -EINVAL; /* no fence to export */
        int fd = sync_file_new();
        if (fd < 0)
            return fd;
        a->fd = fd;
        return 0;
    }
    if (nexports == exportscap) {
        size_t nc = exportscap ? 2 * exportscap : 16;
        struct sync_export *p = realloc(exports, nc * sizeof(*p));
        if (!p)
            return -ENOMEM;
        exports = p;
        exportscap = nc;
    }
    int fd = memfd_create("gtsim-i915-syncobj", MFD_CLOEXEC);
    if (fd < 0)
        return -errno;
    struct stat st;
    if (syscall(SYS_fstat, fd, &st)) {
        int e = -errno;
        i915_real_close(fd);
        return e;
    }
    s->refs++;
    exports[nexports++] = (struct sync_export){st.st_ino, st.st_dev, s};
    a->fd = fd;
    return 0;
}

static int io_syncobj_fd_to_handle(struct file *f, struct drm_syncobj_handle *a)
{
    if (a->pad || (a->flags & ~DRM_SYNCOBJ_FD_TO_HANDLE_FLAGS_IMPORT_SYNC_FILE))
        return -EINVAL;
    if (a->flags & DRM_SYNCOBJ_FD_TO_HANDLE_FLAGS_IMPORT_SYNC_FILE) {
        /* attach the sync_file's fence to an existing syncobj; every fence
         * of this device is signalled when its ioctl returns */
        struct syncobj *s = sync_get(f, a->handle);
        if (!s)
            return -ENOENT;
        struct pollfd pfd = {a->fd, POLLIN, 0};
        if (a->fd < 0 || poll(&pfd, 1, 0) < 0 || (pfd.revents & POLLNVAL))
            return -EINVAL;
        if (!(pfd.revents & POLLIN))
            note_once("an unsignalled sync_file was imported: treated as signalled");
        s->has_fence = 1;
        return 0;
    }
    struct stat st;
    if (a->fd < 0 || syscall(SYS_fstat, a->fd, &st))
        return -EINVAL;
    for (size_t i = 0; i < nexports; i++)
        if (exports[i].ino == st.st_ino && exports[i].devno == st.st_dev) {
            uint32_t h;
            TABLE_ADD(f->syncs, f->nsyncs, exports[i].s, h);
            if (!h)
                return -ENOMEM;
            exports[i].s->refs++;
            a->handle = h;
            return 0;
        }
    return -EINVAL; /* not a syncobj fd */
}

static int io_syncobj_destroy(struct file *f, struct drm_syncobj_destroy *d)
{
    if (d->pad)
        return -EINVAL;
    struct syncobj *s = sync_get(f, d->handle);
    if (!s)
        return -EINVAL;
    f->syncs[d->handle] = NULL;
    sync_put(s);
    return 0;
}

static int syncobj_array(struct file *f, uint64_t ptr, uint32_t n, struct syncobj ***out)
{
    if (!n)
        return -EINVAL;
    if (n > 65536)
        return -EINVAL;
    uint32_t *h = malloc(n * sizeof(*h));
    struct syncobj **s = malloc(n * sizeof(*s));
    if (!h || !s) {
        free(h);
        free(s);
        return -ENOMEM;
    }
    int e = i915_copy_from_user(h, ptr, n * sizeof(*h));
    for (uint32_t i = 0; !e && i < n; i++)
        if (!(s[i] = sync_get(f, h[i])))
            e = -ENOENT;
    free(h);
    if (e) {
        free(s);
        return e;
    }
    *out = s;
    return 0;
}

/* Signalled at point (0: the binary fence)?  Work completes inside the
 * ioctls, so every attached fence is signalled. */
static int sync_signalled(const struct syncobj *s, uint64_t point)
{
    return point ? s->point >= point : s->has_fence;
}

static void sync_signal(struct syncobj *s, uint64_t point)
{
    s->has_fence = 1;
    if (point > s->point)
        s->point = point;
}

/* Wait for handles[i] at points[i] (NULL: binary): 0 with *first, or
 * -EINVAL (a point with no fence and no WAIT_FOR_SUBMIT), -ETIME at the
 * absolute CLOCK_MONOTONIC deadline. */
static int sync_wait(struct file *f, uint64_t handles, const uint64_t *points, uint32_t n, uint32_t flags,
                     int64_t deadline, uint32_t *first)
{
    if (flags & ~(DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL | DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT |
                  DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE))
        return -EINVAL;
    struct syncobj **s;
    int e = syncobj_array(f, handles, n, &s);
    if (e)
        return e;
    int all = (flags & DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL) != 0;
    int fst = -1, missing = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (sync_signalled(s[i], points ? points[i] : 0)) {
            if (fst < 0)
                fst = (int)i;
        } else {
            missing = 1;
        }
    }
    free(s);
    if (!missing || (!all && fst >= 0)) {
        *first = fst < 0 ? 0 : (uint32_t)fst;
        return 0;
    }
    if (!(flags & DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT))
        return -EINVAL; /* no fence to wait on */
    /* Nothing else can signal while the lock is held; another thread's
     * execbuffer could: sleep toward the deadline (at most 100 ms per
     * call, the caller retries on ETIME only past its deadline). */
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    int64_t t = (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
    if (deadline > t) {
        int64_t d = deadline - t;
        if (d > 100000000)
            d = 100000000;
        struct timespec ts = {d / 1000000000, d % 1000000000};
        pthread_mutex_unlock(&lock);
        nanosleep(&ts, NULL);
        pthread_mutex_lock(&lock);
    }
    return -ETIME;
}

static int copy_points(uint64_t ptr, uint32_t n, uint64_t **out)
{
    if (!n || n > 65536)
        return -EINVAL;
    uint64_t *p = malloc(n * sizeof(*p));
    if (!p)
        return -ENOMEM;
    if (i915_copy_from_user(p, ptr, n * sizeof(*p))) {
        free(p);
        return -EFAULT;
    }
    *out = p;
    return 0;
}

static int io_syncobj_timeline_wait(struct file *f, struct drm_syncobj_timeline_wait *w)
{
    uint64_t *pts;
    int e = copy_points(w->points, w->count_handles, &pts);
    if (e)
        return e;
    e = sync_wait(f, w->handles, pts, w->count_handles, w->flags, w->timeout_nsec, &w->first_signaled);
    free(pts);
    return e;
}

static int io_syncobj_timeline(struct file *f, struct drm_syncobj_timeline_array *a, int signal)
{
    if (signal ? a->flags != 0 : (a->flags & ~DRM_SYNCOBJ_QUERY_FLAGS_LAST_SUBMITTED) != 0)
        return -EINVAL;
    struct syncobj **s;
    int e = syncobj_array(f, a->handles, a->count_handles, &s);
    if (e)
        return e;
    uint64_t *pts = NULL;
    if (signal)
        e = copy_points(a->points, a->count_handles, &pts);
    else if (!(pts = calloc(a->count_handles, sizeof(*pts))))
        e = -ENOMEM;
    for (uint32_t i = 0; !e && i < a->count_handles; i++) {
        if (signal)
            sync_signal(s[i], pts[i]);
        else
            pts[i] = s[i]->point;
    }
    if (!e && !signal && i915_copy_to_user(a->points, pts, a->count_handles * sizeof(*pts)))
        e = -EFAULT;
    free(pts);
    free(s);
    return e;
}

static int io_syncobj_transfer(struct file *f, struct drm_syncobj_transfer *t)
{
    if (t->pad || (t->flags & ~DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT))
        return -EINVAL;
    struct syncobj *src = sync_get(f, t->src_handle), *dst = sync_get(f, t->dst_handle);
    if (!src || !dst)
        return -ENOENT;
    if (!sync_signalled(src, t->src_point))
        return -EINVAL; /* no fence at that point */
    if (t->dst_point)
        sync_signal(dst, t->dst_point);
    else
        dst->has_fence = 1;
    return 0;
}

static int io_syncobj_wait(struct file *f, struct drm_syncobj_wait *w)
{
    return sync_wait(f, w->handles, NULL, w->count_handles, w->flags, w->timeout_nsec, &w->first_signaled);
}

static int io_syncobj_array_op(struct file *f, struct drm_syncobj_array *a, int signal)
{
    if (a->pad)
        return -EINVAL;
    struct syncobj **s;
    int e = syncobj_array(f, a->handles, a->count_handles, &s);
    if (e)
        return e;
    for (uint32_t i = 0; i < a->count_handles; i++) {
        s[i]->has_fence = signal;
        if (!signal)
            s[i]->point = 0;
    }
    free(s);
    return 0;
}

/* ---- execbuffer ---- */

static uint64_t canonical(uint64_t a)
{
    return (uint64_t)((int64_t)(a << 16) >> 16);
}

static uint64_t now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* The VMAs of the program (/proc/self/maps): [lo, hi) and whether readable
 * and writable, in address order.  0, or -EFAULT when it cannot be read. */
struct vma {
    uint64_t lo, hi;
    int rw;
};

static int read_vmas(struct vma **out, size_t *n)
{
    int fd = (int)syscall(SYS_openat, AT_FDCWD, "/proc/self/maps", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -EFAULT;
    size_t len = 0, cap = 1 << 16;
    char *buf = malloc(cap + 1);
    for (ssize_t r; buf; len += (size_t)r) {
        if (len == cap) {
            char *nb = realloc(buf, 2 * cap + 1);
            if (!nb) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
            cap *= 2;
        }
        r = read(fd, buf + len, cap - len);
        if (r <= 0)
            break;
    }
    i915_real_close(fd);
    if (!buf)
        return -ENOMEM;
    buf[len] = 0;
    struct vma *v = NULL;
    size_t nv = 0, vcap = 0;
    for (char *line = buf; *line;) {
        char *nl = strchr(line, '\n');
        unsigned long long lo, hi;
        char perms[8];
        if (sscanf(line, "%llx-%llx %7s", &lo, &hi, perms) == 3) {
            if (nv == vcap) {
                vcap = vcap ? vcap * 2 : 256;
                struct vma *nvp = realloc(v, vcap * sizeof(*v));
                if (!nvp) {
                    free(v);
                    free(buf);
                    return -ENOMEM;
                }
                v = nvp;
            }
            v[nv++] = (struct vma){lo, hi, perms[0] == 'r' && perms[1] == 'w'};
        }
        if (!nl)
            break;
        line = nl + 1;
    }
    free(buf);
    *out = v;
    *n = nv;
    return 0;
}

/* 0 when [lo, hi) is covered by readable and writable VMAs. */
static int range_rw(const struct vma *v, size_t n, uint64_t lo, uint64_t hi)
{
    for (size_t i = 0; i < n && lo < hi; i++) {
        if (v[i].hi <= lo)
            continue;
        if (v[i].lo > lo || !v[i].rw)
            return -EFAULT;
        lo = v[i].hi;
    }
    return lo < hi ? -EFAULT : 0;
}

/* Every userptr BO bound in vm must be the program's readable and writable
 * memory before the GPU reaches it in place (i915 pins a userptr's pages
 * with get_user_pages, FOLL_WRITE unless read-only: EFAULT otherwise). */
static int userptr_check(const struct vm *vm)
{
    struct vma *v = NULL;
    size_t nv = 0;
    int e = 0, read = 0;
    for (size_t i = 0; i < vm->nb && !e; i++) {
        const struct bo *bo = vm->b[i].bo;
        if (!bo->userptr)
            continue;
        if (!read && (e = read_vmas(&v, &nv)))
            break;
        read = 1;
        e = range_rw(v, nv, bo->uptr, bo->uptr + bo->size);
    }
    free(v);
    return e;
}

/* SIGINT/SIGTERM while a batch runs (unless the program ignores them): the
 * simulation stops within milliseconds (gtsim_interrupt is
 * async-signal-safe) and its report names where work was, as `gtsim exec`
 * does through TBX; then the signal goes to the program's own disposition
 * (default: it ends).  The interrupted batch counts as a hang. */
static volatile sig_atomic_t stop_signal;

static void on_stop_signal(int sig)
{
    stop_signal = sig;
    gtsim_interrupt(dev);
}

struct stop_handlers {
    struct sigaction old[2];
    int set[2];
};
static const int stop_signals[2] = {SIGINT, SIGTERM};

static void stop_handlers_install(struct stop_handlers *h)
{
    stop_signal = 0;
    for (int i = 0; i < 2; i++) {
        h->set[i] = 0;
        if (sigaction(stop_signals[i], NULL, &h->old[i]) || h->old[i].sa_handler == SIG_IGN)
            continue;
        struct sigaction sa;
        memset(&sa, 0, sizeof(sa));
        sa.sa_handler = on_stop_signal;
        sigemptyset(&sa.sa_mask);
        h->set[i] = !sigaction(stop_signals[i], &sa, NULL);
    }
}

static void stop_handlers_remove(struct stop_handlers *h)
{
    for (int i = 0; i < 2; i++)
        if (h->set[i])
            sigaction(stop_signals[i], &h->old[i], NULL);
}

/* Gen7 (i915 ring submission): the ring loads the VM's page directory
 * (MI_LOAD_REGISTER_IMM of PP_DIR_DCLV, all valid, and PP_DIR_BASE: bits
 * 31:16 its GGTT entry offset in 64-byte units) and starts the batch
 * (MI_BATCH_BUFFER_START, Address Space Indicator PPGTT, 32-bit address);
 * the ring registers point at the context's ring page and the
 * RING_BUFFER_TAIL write runs it (seed 002).  The GTSIM_* status. */
static int submit_ring(struct ctx *c, uint32_t b, uint64_t ring_pa, uint64_t batch_va)
{
    uint32_t ring[8] = {0x11000003u, b + 0x220, 0xffffffffu, b + 0x228,
                        (uint32_t)(gen7_pd_offset(c->vm) / 64) << 16, (0x31u << 23) | (1u << 8),
                        (uint32_t)batch_va, 0};
    gtsim_phys_write(dev, ring_pa, ring, sizeof(ring));
    gtsim_mmio_write(dev, b + 0x3c, 0);                        /* RING_BUFFER_CTL: disabled */
    gtsim_mmio_write(dev, b + 0x38, (uint32_t)ring_pa);        /* RING_BUFFER_START (GGTT) */
    gtsim_mmio_write(dev, b + 0x34, 0);                        /* RING_BUFFER_HEAD */
    gtsim_mmio_write(dev, b + 0x3c, 1);                        /* one page, Ring Buffer Enable */
    return gtsim_mmio_write(dev, b + 0x30, (uint32_t)sizeof(ring)); /* RING_BUFFER_TAIL */
}

/* Gen8+: the context image's ring holds MI_BATCH_BUFFER_START (first
 * level, PPGTT, 48-bit address); the context descriptor goes to the ELSP
 * or the submission queue.  The GTSIM_* status. */
static int submit_execlist(uint32_t b, uint64_t img, uint64_t batch_va)
{
    uint32_t ring[4] = {(0x31u << 23) | (1u << 8) | 1u, (uint32_t)batch_va, (uint32_t)(batch_va >> 32), 0};
    uint32_t head = 0, tail = sizeof(ring);
    gtsim_phys_write(dev, img + 0x2000, ring, sizeof(ring));
    gtsim_phys_write(dev, img + 0x1000 + 4 * 5, &head, 4);
    gtsim_phys_write(dev, img + 0x1000 + 4 * 7, &tail, 4);
    /* context descriptor: LRCA, 48-bit PPGTT (bits 4:3 = 3), valid */
    uint64_t desc = img | (3u << 3) | 1u;
    if (platform_engines[ident_pick()].submit_sq) {
        /* EXECLIST_SQ_CONTENTS element 0, then EXECLIST_CONTROL Load */
        gtsim_mmio_write(dev, b + 0x510, (uint32_t)desc);
        gtsim_mmio_write(dev, b + 0x514, (uint32_t)(desc >> 32));
        gtsim_mmio_write(dev, b + 0x518, 0);
        gtsim_mmio_write(dev, b + 0x51c, 0);
        return gtsim_mmio_write(dev, b + 0x550, 1);
    }
    /* ELSP: element 1 then element 0, each high DWord first */
    gtsim_mmio_write(dev, b + 0x230, 0);
    gtsim_mmio_write(dev, b + 0x230, 0);
    gtsim_mmio_write(dev, b + 0x230, (uint32_t)(desc >> 32));
    return gtsim_mmio_write(dev, b + 0x230, (uint32_t)desc);
}

static int run_batch(struct ctx *c, int engine, uint64_t lrca, uint64_t batch_va)
{
    n_execbuffers++;
    int e = userptr_check(c->vm);
    if (e)
        return e;
    uint64_t img = lrca + (uint64_t)engine * 0x4000;
    uint32_t b = gtsim_engine_mmio_base(dev, engine);
    struct stop_handlers sh;
    stop_handlers_install(&sh);
    int st = pvm()->ring ? submit_ring(c, b, img + 0x2000, batch_va) : submit_execlist(b, img, batch_va);
    stop_handlers_remove(&sh);
    if (stop_signal) {
        int sig = stop_signal;
        fprintf(stderr, "gtsim-i915: %s: the simulation of context %u stopped: %s\n", strsignal(sig), c->id,
                gtsim_last_error(dev));
        pthread_mutex_unlock(&lock); /* the process may end: leave nothing locked */
        raise(sig);
        pthread_mutex_lock(&lock); /* the program handled it: the batch was a hang */
    }
    if (st != GTSIM_OK) {
        /* a hang or a page fault: i915 resets the engine and the context
         * is guilty (GET_RESET_STATS batch_active); a bannable one is
         * banned (later execbuffers: EIO) when it is not recoverable, or
         * when this is its third hang within 120 s (i915 mark_guilty,
         * CONTEXT_FAST_HANG_JIFFIES) */
        fprintf(stderr, "gtsim-i915: GPU hang on context %u (batch 0x%" PRIx64 "): %s\n", c->id, batch_va,
                gtsim_last_error(dev));
        c->batch_active++;
        uint64_t t = now_ns();
        if (c->bannable) {
            int fast = c->hang_ns[0] && t - c->hang_ns[0] < 120000000000ull;
            if (!c->recoverable || fast)
                c->banned = 1;
        }
        c->hang_ns[0] = c->hang_ns[1];
        c->hang_ns[1] = t;
        gtsim_interrupt_clear(dev);
    }
    return 0;
}

/* An execbuffer error, named on stderr with GTSIM_I915_DEBUG (its line). */
#define WHY(e) why_(e, __LINE__)
static int why_(int e, int line)
{
    if (debug_level())
        fprintf(stderr, "gtsim-i915: execbuffer: %s (i915.c:%d)\n", strerror(-e), line);
    return e;
}

/* The end of the addresses an object with exec_object2 flags may take:
 * the PPGTT's size, and 4 GiB without SUPPORTS_48B_ADDRESS. */
static uint64_t vm_limit(uint64_t flags)
{
    uint64_t end = ppgtt_size();
    return (flags & EXEC_OBJECT_SUPPORTS_48B_ADDRESS) || end < (1ull << 32) ? end : 1ull << 32;
}

struct eobj {
    struct drm_i915_gem_exec_object2 e;
    struct bo *bo;
    struct binding *b;
};

static int io_execbuffer(struct file *f, struct drm_i915_gem_execbuffer2 *x, int out_fence)
{
    if (x->flags & __I915_EXEC_UNKNOWN_FLAGS)
        return WHY(-EINVAL);
    if (x->flags & (I915_EXEC_SECURE))
        return WHY(-EPERM);
    if (x->flags & (I915_EXEC_RESOURCE_STREAMER | I915_EXEC_GEN7_SOL_RESET | I915_EXEC_CONSTANTS_MASK))
        return WHY(-EINVAL);
    if ((x->flags & I915_EXEC_FENCE_IN) && (x->flags & I915_EXEC_FENCE_SUBMIT))
        return WHY(-EINVAL);
    if (x->flags & (I915_EXEC_FENCE_IN | I915_EXEC_FENCE_SUBMIT)) {
        /* the in-fence (a sync_file, rsvd2 bits 31:0): every fence of this
         * device is signalled, so only its validity matters */
        int infd = (int)(uint32_t)x->rsvd2;
        struct pollfd pfd = {infd, POLLIN, 0};
        if (infd < 0 || poll(&pfd, 1, 0) < 0 || (pfd.revents & POLLNVAL))
            return WHY(-EINVAL);
    }
    if ((x->flags & I915_EXEC_FENCE_OUT) && !out_fence)
        return WHY(-EINVAL); /* the out-fence needs EXECBUFFER2_WR */
    if ((x->flags & I915_EXEC_USE_EXTENSIONS) && ((x->flags & I915_EXEC_FENCE_ARRAY) || x->num_cliprects))
        return WHY(-EINVAL);
    if (!x->buffer_count || x->buffer_count > 65536)
        return WHY(-EINVAL);
    if ((x->batch_start_offset | x->batch_len) & 7)
        return WHY(-EINVAL);
    if (!(x->flags & (I915_EXEC_FENCE_ARRAY | I915_EXEC_USE_EXTENSIONS)) && (x->num_cliprects || x->cliprects_ptr))
        return WHY(-EINVAL);
    if (x->rsvd1 >> 32)
        return WHY(-ENOENT);
    struct ctx *c = ctx_get(f, (uint32_t)x->rsvd1);
    if (!c)
        return WHY(-ENOENT);
    if (c->banned)
        return WHY(-EIO);
    c->finalized = 1;
    unsigned ring = (unsigned)(x->flags & I915_EXEC_RING_MASK);
    int engine;
    if (c->has_engines) {
        if (ring >= c->nengines)
            return WHY(-EINVAL);
        for (engine = 0; engine < NENG && engine_class[engine] != c->engines[ring].cls; engine++)
            ;
        if (engine == NENG || !has_engine(engine))
            return WHY(-EINVAL); /* an invalid slot */
    } else {
        /* legacy ring selection (i915 eb_select_legacy_ring): BSD ring
         * selection bits only with I915_EXEC_BSD; with one video engine
         * they are ignored */
        if (ring != I915_EXEC_BSD && (x->flags & I915_EXEC_BSD_MASK))
            return WHY(-EINVAL);
        engine = ring == I915_EXEC_DEFAULT || ring == I915_EXEC_RENDER ? ENG_RENDER
                 : ring == I915_EXEC_BLT                               ? ENG_COPY
                 : ring == I915_EXEC_BSD                               ? ENG_VIDEO
                 : ring == I915_EXEC_VEBOX                             ? ENG_VIDEO_ENHANCE
                                                                       : NENG;
        if (engine == NENG || !has_engine(engine))
            return WHY(-EINVAL); /* an engine the platform does not have */
    }
    int err = 0;
    /* syncobjs to wait on and signal: FENCE_ARRAY (cliprects_ptr, binary)
     * or the TIMELINE_FENCES extension (handles and points) */
    struct xfence {
        struct syncobj *s;
        uint32_t flags;
        uint64_t point;
    } *fences = NULL;
    uint32_t nfences = 0;
    uint64_t fptr = 0, vptr = 0;
    if (x->flags & I915_EXEC_FENCE_ARRAY) {
        nfences = x->num_cliprects;
        fptr = x->cliprects_ptr;
    } else if (x->flags & I915_EXEC_USE_EXTENSIONS) {
        uint64_t p = x->cliprects_ptr;
        for (int n = 0; p; n++) {
            struct drm_i915_gem_execbuffer_ext_timeline_fences tf;
            if (n > 16)
                return WHY(-E2BIG);
            int e = user_ext_header(p, &tf.base);
            if (e)
                return WHY(e);
            if (i915_copy_from_user(&tf, p, sizeof(tf)))
                return WHY(-EFAULT);
            if (tf.base.name != DRM_I915_GEM_EXECBUFFER_EXT_TIMELINE_FENCES || fptr)
                return WHY(-EINVAL);
            if (tf.fence_count > 65536)
                return WHY(-EINVAL);
            nfences = (uint32_t)tf.fence_count;
            fptr = tf.handles_ptr;
            vptr = tf.values_ptr;
            if (!fptr)
                fptr = 1; /* seen, even when empty */
            p = tf.base.next_extension;
        }
    }
    if (nfences > 65536)
        return WHY(-EINVAL);
    if (nfences) {
        fences = calloc(nfences, sizeof(*fences));
        if (!fences)
            return WHY(-ENOMEM);
        for (uint32_t i = 0; i < nfences && !err; i++) {
            struct drm_i915_gem_exec_fence ef;
            if (i915_copy_from_user(&ef, fptr + (uint64_t)i * sizeof(ef), sizeof(ef)) ||
                (vptr && i915_copy_from_user(&fences[i].point, vptr + (uint64_t)i * 8, 8))) {
                err = WHY(-EFAULT);
                break;
            }
            fences[i].s = sync_get(f, ef.handle);
            fences[i].flags = ef.flags;
            if (!fences[i].s)
                err = WHY(-ENOENT);
            else if (ef.flags & ~(I915_EXEC_FENCE_WAIT | I915_EXEC_FENCE_SIGNAL))
                err = WHY(-EINVAL);
            else if ((ef.flags & I915_EXEC_FENCE_WAIT) && !sync_signalled(fences[i].s, fences[i].point))
                err = WHY(-EINVAL); /* waits on a fence never submitted */
        }
        if (err) {
            free(fences);
            return err;
        }
    }
    struct eobj *o = calloc(x->buffer_count, sizeof(*o));
    if (!o) {
        free(fences);
        return WHY(-ENOMEM);
    }
    for (uint32_t i = 0; i < x->buffer_count && !err; i++) {
        if (i915_copy_from_user(&o[i].e, x->buffers_ptr + (uint64_t)i * sizeof(o[i].e), sizeof(o[i].e))) {
            err = WHY(-EFAULT);
            break;
        }
        struct drm_i915_gem_exec_object2 *e = &o[i].e;
        /* rsvd1 is pad_to_size, read only with EXEC_OBJECT_PAD_TO_SIZE:
         * the object then takes at least that much address space */
        if (e->flags & __EXEC_OBJECT_UNKNOWN_FLAGS)
            err = WHY(-EINVAL);
        else if ((e->flags & EXEC_OBJECT_PAD_TO_SIZE) && (e->rsvd1 & (PAGE - 1)))
            err = WHY(-EINVAL);
        else if (e->alignment && (e->alignment & (e->alignment - 1)))
            err = WHY(-EINVAL);
        else if (!(o[i].bo = bo_get(f, e->handle)))
            err = WHY(-ENOENT);
        else if (e->flags & EXEC_OBJECT_PINNED) {
            if (e->offset != canonical(e->offset & ~(PAGE - 1)))
                err = WHY(-EINVAL);
            else if (e->alignment && (e->offset & (e->alignment - 1)))
                err = WHY(-EINVAL);
            else {
                uint64_t va = e->offset & ((1ull << 48) - 1);
                uint64_t end = vm_limit(e->flags);
                if (va + o[i].bo->size > end || va + o[i].bo->size < va)
                    err = WHY(-EINVAL);
            }
        }
        for (uint32_t k = 0; k < i && !err; k++)
            if (o[k].bo == o[i].bo)
                err = WHY(-EINVAL);
    }
    uint32_t bi = (x->flags & I915_EXEC_BATCH_FIRST) ? 0 : x->buffer_count - 1;
    if (!err) {
        uint64_t bsize = o[bi].bo->size;
        uint64_t blen = x->batch_len ? x->batch_len : bsize - x->batch_start_offset;
        if (x->batch_start_offset > bsize || blen > bsize - x->batch_start_offset || !blen)
            err = WHY(-EINVAL);
    }
    /* overlapping softpinned objects of this execbuffer (evict_for_node: EINVAL) */
    for (uint32_t i = 0; i < x->buffer_count && !err; i++) {
        if (!(o[i].e.flags & EXEC_OBJECT_PINNED))
            continue;
        uint64_t a = o[i].e.offset & ((1ull << 48) - 1);
        for (uint32_t k = i + 1; k < x->buffer_count && !err; k++) {
            if (!(o[k].e.flags & EXEC_OBJECT_PINNED))
                continue;
            uint64_t b = o[k].e.offset & ((1ull << 48) - 1);
            if (a < b + o[k].bo->size && b < a + o[i].bo->size)
                err = WHY(-EINVAL);
        }
    }
    struct vm *vm = c->vm;
    /* place: pinned objects at their offsets (evicting what overlaps and is
     * not in this execbuffer), then unpinned ones where they are or at a
     * free address */
    for (int pass = 0; pass < 2 && !err; pass++) {
        for (uint32_t i = 0; i < x->buffer_count && !err; i++) {
            struct drm_i915_gem_exec_object2 *e = &o[i].e;
            int pinned = (e->flags & EXEC_OBJECT_PINNED) != 0;
            if (pinned != (pass == 0))
                continue;
            struct bo *bo = o[i].bo;
            struct binding *b = vm_find(vm, bo);
            uint64_t want;
            if (pinned) {
                want = e->offset & ((1ull << 48) - 1);
            } else {
                uint64_t align = e->alignment > PAGE ? e->alignment : PAGE;
                uint64_t lim = vm_limit(e->flags);
                int ok = b && !(b->va & (align - 1)) && b->va + bo->size <= lim;
                for (size_t k = 0; ok && k < vm->nb; k++) /* keep it unless a pinned one now needs the range */
                    if (vm->b[k].bo != bo && vm->b[k].va < b->va + bo->size && b->va < vm->b[k].va + vm->b[k].bo->size)
                        ok = 0;
                if (ok)
                    continue;
                /* first free address at or above next_va under lim */
                want = (vm->next_va + align - 1) & ~(align - 1);
                for (int tries = 0;; tries++) {
                    size_t k;
                    for (k = 0; k < vm->nb; k++)
                        if (vm->b[k].bo != bo && vm->b[k].va < want + bo->size && want < vm->b[k].va + vm->b[k].bo->size)
                            break;
                    if (k == vm->nb && want + bo->size <= lim)
                        break;
                    if (k < vm->nb)
                        want = (vm->b[k].va + vm->b[k].bo->size + align - 1) & ~(align - 1);
                    if (want + bo->size > lim || tries > 100000) {
                        want = (PAGE * 256 + align - 1) & ~(align - 1);
                        if (tries > 100000) {
                            err = WHY(-ENOSPC);
                            break;
                        }
                    }
                }
                if (err)
                    break;
                vm->next_va = want + bo->size;
            }
            if (b && b->va == want)
                continue;
            if (b)
                vm_unbind_at(vm, (size_t)(b - vm->b));
            /* evict bindings overlapping [want, want+size) that are not in this execbuffer */
            for (size_t k = 0; k < vm->nb;) {
                struct binding *ob = &vm->b[k];
                if (ob->va < want + bo->size && want < ob->va + ob->bo->size) {
                    int in_exec = 0;
                    for (uint32_t j = 0; j < x->buffer_count; j++)
                        if (o[j].bo == ob->bo && (o[j].e.flags & EXEC_OBJECT_PINNED))
                            in_exec = 1;
                    if (in_exec) {
                        err = WHY(-EINVAL);
                        break;
                    }
                    if (debug_level() >= 2)
                        fprintf(stderr, "gtsim-i915: execbuffer: context %u: handle %u at 0x%" PRIx64 " (0x%" PRIx64
                                " bytes) evicted by handle %u at 0x%" PRIx64 " (0x%" PRIx64 " bytes)\n",
                                c->id, ob->bo->handle, ob->va, ob->bo->size, bo->handle, want, bo->size);
                    vm_unbind_at(vm, k);
                    continue;
                }
                k++;
            }
            if (!err)
                err = vm_bind(vm, bo, want, pinned);
        }
    }
    for (uint32_t i = 0; i < x->buffer_count && !err; i++)
        o[i].b = vm_find(vm, o[i].bo);
    /* relocations: target address + delta written at the offset (8 bytes
     * Gen8+, 4 bytes Gen7: platform_vm.reloc_bytes), presumed_offset updated */
    unsigned rbytes = pvm()->reloc_bytes;
    for (uint32_t i = 0; i < x->buffer_count && !err; i++) {
        struct drm_i915_gem_exec_object2 *e = &o[i].e;
        if (e->relocation_count > 65536) {
            err = WHY(-EINVAL);
            break;
        }
        for (uint32_t r = 0; r < e->relocation_count && !err; r++) {
            struct drm_i915_gem_relocation_entry re;
            uint64_t rp = e->relocs_ptr + (uint64_t)r * sizeof(re);
            if (i915_copy_from_user(&re, rp, sizeof(re))) {
                err = WHY(-EFAULT);
                break;
            }
            struct eobj *t = NULL;
            if (x->flags & I915_EXEC_HANDLE_LUT) {
                if (re.target_handle < x->buffer_count)
                    t = &o[re.target_handle];
            } else {
                for (uint32_t k = 0; k < x->buffer_count; k++)
                    if (o[k].e.handle == re.target_handle)
                        t = &o[k];
            }
            if (!t) {
                err = WHY(-ENOENT);
                break;
            }
            if (re.write_domain & (re.write_domain - 1) || (re.offset & 3) || re.offset > o[i].bo->size - rbytes) {
                err = WHY(-EINVAL);
                break;
            }
            uint64_t v = canonical(t->b->va + (uint64_t)(int64_t)(int32_t)re.delta);
            uint64_t tgt = canonical(t->b->va);
            if (re.presumed_offset == tgt && (x->flags & I915_EXEC_NO_RELOC))
                continue;
            if ((err = bo_rw(o[i].bo, re.offset, &v, rbytes, 1))) /* little-endian: the low bytes */
                break;
            re.presumed_offset = tgt;
            if (i915_copy_to_user(rp + offsetof(struct drm_i915_gem_relocation_entry, presumed_offset),
                                  &re.presumed_offset, 8))
                err = WHY(-EFAULT);
        }
    }
    if (!err) {
        /* offsets written back (canonical) */
        for (uint32_t i = 0; i < x->buffer_count && !err; i++) {
            uint64_t off = canonical(o[i].b->va);
            if (off != o[i].e.offset &&
                i915_copy_to_user(x->buffers_ptr + (uint64_t)i * sizeof(o[i].e) +
                                      offsetof(struct drm_i915_gem_exec_object2, offset),
                                  &off, 8))
                err = WHY(-EFAULT);
        }
    }
    if (debug_level() >= 2)
        fprintf(stderr, "gtsim-i915: execbuffer: context %u (VM %p), engine %d, %u objects, batch 0x%" PRIx64 "%s\n",
                c->id, (void *)c->vm, engine, x->buffer_count, err ? 0 : o[bi].b->va + x->batch_start_offset,
                err ? " (refused)" : "");
    uint64_t lrca = 0;
    if (!err)
        err = ctx_slot_lrca(c, ring, &lrca);
    if (!err)
        err = run_batch(c, engine, lrca, o[bi].b->va + x->batch_start_offset);
    for (uint32_t i = 0; !err && i < nfences; i++)
        if (fences[i].flags & I915_EXEC_FENCE_SIGNAL)
            sync_signal(fences[i].s, fences[i].point);
    if (!err && (x->flags & I915_EXEC_FENCE_OUT)) {
        /* the out-fence: a sync_file fd in rsvd2 bits 63:32 */
        int fd = sync_file_new();
        if (fd < 0)
            err = fd;
        else
            x->rsvd2 = (x->rsvd2 & 0xffffffffull) | ((uint64_t)(uint32_t)fd << 32);
    }
    free(o);
    free(fences);
    return err;
}

/* ---- PRIME ---- */

/* A BO's pages move to a memfd of their own when it is first exported (the
 * dma-buf fd is that memfd: lseek(SEEK_END) gives the size, mmap maps the
 * pages): its contents are copied, and the library's view and every
 * mapping the program holds of it are replaced in place by the new pages. */
static int bo_own_storage(struct bo *bo)
{
    if (bo->dmabuf >= 0)
        return 0;
    struct file *f = bo->file;
    int fd = memfd_create("gtsim-i915-dmabuf", MFD_CLOEXEC);
    if (fd < 0)
        return -errno;
    struct stat st;
    if (ftruncate(fd, (off_t)bo->size) || syscall(SYS_fstat, fd, &st)) {
        i915_real_close(fd);
        return -ENOMEM;
    }
    void *tmp = i915_real_mmap(NULL, bo->size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (tmp == MAP_FAILED) {
        i915_real_close(fd);
        return -ENOMEM;
    }
    memcpy(tmp, f->base + bo->off, bo->size);
    i915_real_munmap(tmp, bo->size);
    if (i915_real_mmap(f->base + bo->off, bo->size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd, 0) ==
        MAP_FAILED) {
        i915_real_close(fd);
        return -ENOMEM;
    }
    for (size_t i = 0; i < nmaps; i++)
        if (maps[i].bo == bo)
            (void)i915_real_mmap((void *)maps[i].addr, maps[i].len, maps[i].prot, maps[i].flags | MAP_FIXED, fd, 0);
    fallocate(f->memfd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, (off_t)bo->off, (off_t)bo->size);
    bo->dmabuf = fd;
    bo->dmabuf_ino = st.st_ino;
    return 0;
}

static int io_prime_handle_to_fd(struct file *f, struct drm_prime_handle *a)
{
    if (a->flags & ~(uint32_t)(DRM_CLOEXEC | DRM_RDWR))
        return -EINVAL;
    struct bo *bo = bo_get(f, a->handle);
    if (!bo)
        return -ENOENT;
    if (bo->userptr)
        return -EINVAL; /* userptr objects are not exported */
    int e = bo_own_storage(bo);
    if (e)
        return e;
    int fd = i915_real_dupfd(bo->dmabuf, (a->flags & DRM_CLOEXEC) != 0);
    if (fd < 0)
        return -errno;
    a->fd = fd;
    return 0;
}

static int io_prime_fd_to_handle(struct file *f, struct drm_prime_handle *a)
{
    struct stat st;
    if (a->fd < 0 || syscall(SYS_fstat, a->fd, &st))
        return -EBADF;
    /* one of this process's exported objects (same file: the same handle) */
    struct bo *src = NULL;
    for (int fd = 0; fd < nfdmap && !src; fd++) {
        struct file *g = fdmap[fd];
        for (uint32_t i = 1; g && i < g->nbos && !src; i++)
            if (g->bos[i] && g->bos[i]->dmabuf >= 0 && g->bos[i]->dmabuf_ino == st.st_ino)
                src = g->bos[i];
    }
    if (!src)
        return -EINVAL; /* not a dma-buf of this device */
    if (src->file == f) {
        a->handle = src->handle;
        return 0;
    }
    struct bo *bo = calloc(1, sizeof(*bo));
    if (!bo)
        return -ENOMEM;
    bo->file = f;
    bo->size = src->size;
    bo->caching = src->caching;
    bo->dmabuf = i915_real_dup_cloexec(src->dmabuf);
    bo->dmabuf_ino = src->dmabuf_ino;
    int e = bo->dmabuf < 0 ? -errno : off_alloc(f, bo->size, &bo->off);
    if (!e && i915_real_mmap(f->base + bo->off, bo->size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED,
                             bo->dmabuf, 0) == MAP_FAILED)
        e = -ENOMEM;
    uint32_t h = 0;
    if (!e) {
        TABLE_ADD(f->bos, f->nbos, bo, h);
        if (!h)
            e = -ENOMEM;
    }
    if (e) {
        if (bo->dmabuf >= 0)
            i915_real_close(bo->dmabuf);
        free(bo);
        return e;
    }
    bo->handle = h;
    a->handle = h;
    return 0;
}

/* ---- dispatch ---- */

void *i915_mmap(void *addr, size_t len, int prot, int flags, int fd, uint64_t offset)
{
    pthread_mutex_lock(&lock);
    struct file *f = file_of(fd);
    struct bo *bo = NULL;
    int r = -EACCES;
    if (f) {
        r = -EINVAL;
        for (uint32_t i = 1; i < f->nbos; i++) {
            struct bo *b = f->bos[i];
            if (b && !b->userptr && offset == b->off && len && len <= b->size) {
                bo = b;
                r = 0;
                break;
            }
        }
    }
    void *p = MAP_FAILED;
    if (bo) {
        if (bo->dmabuf >= 0)
            p = i915_real_mmap(addr, len, prot, flags, bo->dmabuf, 0);
        else
            p = i915_real_mmap(addr, len, prot, flags, fd, (off_t)offset);
        if (p == MAP_FAILED)
            r = -errno;
        else if ((r = map_track(bo, p, len, prot, flags))) {
            i915_real_munmap(p, len);
            p = MAP_FAILED;
        }
    }
    pthread_mutex_unlock(&lock);
    if (p == MAP_FAILED)
        errno = -r;
    return p;
}

int i915_ioctl(int fd, unsigned long req, void *arg)
{
    unsigned size = _IOC_SIZE(req), dir = _IOC_DIR(req);
    uint8_t buf[256];
    if (_IOC_TYPE(req) != DRM_IOCTL_BASE)
        return -ENOTTY;
    if (size > sizeof(buf))
        return -EINVAL;
    memset(buf, 0, sizeof(buf));
    if ((dir & _IOC_WRITE) && i915_copy_from_user(buf, (uint64_t)(uintptr_t)arg, size))
        return -EFAULT;
    pthread_mutex_lock(&lock);
    struct file *f = file_of(fd);
    int r;
    if (!f) {
        pthread_mutex_unlock(&lock);
        return -EBADF;
    }
    switch (req) {
    case DRM_IOCTL_VERSION: r = io_version((void *)buf); break;
    case DRM_IOCTL_GET_CAP: r = io_get_cap((void *)buf); break;
    case DRM_IOCTL_SET_CLIENT_CAP: {
        struct drm_set_client_cap *c = (void *)buf;
        r = c->capability >= 1 && c->capability <= 5 ? -EOPNOTSUPP : -EINVAL;
        break;
    }
    case DRM_IOCTL_GET_UNIQUE:
    case DRM_IOCTL_GEM_FLINK:
    case DRM_IOCTL_GEM_OPEN:
    case DRM_IOCTL_GET_MAGIC:
    case DRM_IOCTL_AUTH_MAGIC:
    case DRM_IOCTL_SET_MASTER:
    case DRM_IOCTL_DROP_MASTER:
        r = -EACCES; /* not allowed on a render node */
        break;
    case DRM_IOCTL_GEM_CLOSE: r = io_gem_close(f, (void *)buf); break;
    case DRM_IOCTL_PRIME_HANDLE_TO_FD: r = io_prime_handle_to_fd(f, (void *)buf); break;
    case DRM_IOCTL_PRIME_FD_TO_HANDLE: r = io_prime_fd_to_handle(f, (void *)buf); break;
    case DRM_IOCTL_I915_GETPARAM: r = io_getparam((void *)buf); break;
    case DRM_IOCTL_I915_QUERY: r = io_query((void *)buf); break;
    case DRM_IOCTL_I915_GEM_CREATE: {
        struct drm_i915_gem_create_ext c = {0};
        memcpy(&c, buf, sizeof(struct drm_i915_gem_create));
        r = create_ext(f, &c);
        memcpy(buf, &c, sizeof(struct drm_i915_gem_create));
        break;
    }
    case DRM_IOCTL_I915_GEM_CREATE_EXT: r = create_ext(f, (void *)buf); break;
    case DRM_IOCTL_I915_GEM_USERPTR: r = io_userptr(f, (void *)buf); break;
    case DRM_IOCTL_I915_GEM_MMAP_OFFSET: r = io_mmap_offset(f, (void *)buf); break;
    case DRM_IOCTL_I915_GEM_MMAP: r = io_gem_mmap(f, fd, (void *)buf); break;
    case DRM_IOCTL_I915_GEM_MMAP_GTT: {
        /* the GTT mapping: the same pages (an aperture view of linear memory) */
        struct drm_i915_gem_mmap_gtt *g = (void *)buf;
        struct bo *bo = bo_get(f, g->handle);
        r = !bo ? -ENOENT : bo->userptr ? -ENODEV : 0;
        if (!r)
            g->offset = bo->off;
        break;
    }
    case DRM_IOCTL_I915_GEM_SET_CACHING: {
        struct drm_i915_gem_caching *cg = (void *)buf;
        struct bo *bo = bo_get(f, cg->handle);
        if (lmem_size())
            r = -ENODEV; /* discrete GPUs: SET/GET_CACHING (Linux i915_gem_domain.c, fact) */
        else if (cg->caching > I915_CACHING_DISPLAY)
            r = -EINVAL;
        else if (!bo)
            r = -ENOENT;
        else if (bo->userptr && cg->caching != I915_CACHING_CACHED)
            r = -ENXIO;
        else {
            bo->caching = cg->caching;
            r = 0;
        }
        break;
    }
    case DRM_IOCTL_I915_GEM_GET_CACHING: {
        struct drm_i915_gem_caching *cg = (void *)buf;
        struct bo *bo = bo_get(f, cg->handle);
        r = lmem_size() ? -ENODEV : bo ? 0 : -ENOENT;
        if (!r)
            cg->caching = bo->caching;
        break;
    }
    case DRM_IOCTL_I915_GEM_PREAD: r = io_prw(f, (void *)buf, 0); break;
    case DRM_IOCTL_I915_GEM_PWRITE: r = io_prw(f, (void *)buf, 1); break;
    case DRM_IOCTL_I915_GEM_SET_DOMAIN: r = io_set_domain(f, (void *)buf); break;
    case DRM_IOCTL_I915_GEM_SW_FINISH: {
        struct drm_i915_gem_sw_finish *s = (void *)buf;
        r = bo_get(f, s->handle) ? 0 : -ENOENT;
        break;
    }
    case DRM_IOCTL_I915_GEM_SET_TILING: r = io_set_tiling(f, (void *)buf); break;
    case DRM_IOCTL_I915_GEM_GET_TILING: r = io_get_tiling(f, (void *)buf); break;
    case DRM_IOCTL_I915_GEM_MADVISE: r = io_madvise(f, (void *)buf); break;
    case DRM_IOCTL_I915_GEM_BUSY: r = io_busy(f, (void *)buf); break;
    case DRM_IOCTL_I915_GEM_WAIT: r = io_wait(f, (void *)buf); break;
    case DRM_IOCTL_I915_GEM_THROTTLE: r = 0; break;
    case DRM_IOCTL_I915_GEM_CONTEXT_CREATE: r = io_context_create(f, buf, 0); break;
    case DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT: r = io_context_create(f, buf, 1); break;
    case DRM_IOCTL_I915_GEM_CONTEXT_DESTROY: r = io_context_destroy(f, (void *)buf); break;
    case DRM_IOCTL_I915_GEM_CONTEXT_GETPARAM: r = io_ctx_param(f, (void *)buf, 0); break;
    case DRM_IOCTL_I915_GEM_CONTEXT_SETPARAM: r = io_ctx_param(f, (void *)buf, 1); break;
    case DRM_IOCTL_I915_GEM_VM_CREATE: r = io_vm_create(f, (void *)buf); break;
    case DRM_IOCTL_I915_GEM_VM_DESTROY: r = io_vm_destroy(f, (void *)buf); break;
    case DRM_IOCTL_I915_GET_RESET_STATS: r = io_reset_stats(f, (void *)buf); break;
    case DRM_IOCTL_I915_REG_READ: r = io_reg_read((void *)buf); break;
    case DRM_IOCTL_I915_GEM_GET_APERTURE: r = io_get_aperture((void *)buf); break;
    case DRM_IOCTL_I915_GEM_EXECBUFFER2: r = io_execbuffer(f, (void *)buf, 0); break;
    case DRM_IOCTL_I915_GEM_EXECBUFFER2_WR: r = io_execbuffer(f, (void *)buf, 1); break;
    case DRM_IOCTL_SYNCOBJ_CREATE: r = io_syncobj_create(f, (void *)buf); break;
    case DRM_IOCTL_SYNCOBJ_DESTROY: r = io_syncobj_destroy(f, (void *)buf); break;
    case DRM_IOCTL_SYNCOBJ_WAIT: r = io_syncobj_wait(f, (void *)buf); break;
    case DRM_IOCTL_SYNCOBJ_RESET: r = io_syncobj_array_op(f, (void *)buf, 0); break;
    case DRM_IOCTL_SYNCOBJ_SIGNAL: r = io_syncobj_array_op(f, (void *)buf, 1); break;
    case DRM_IOCTL_SYNCOBJ_TIMELINE_WAIT: r = io_syncobj_timeline_wait(f, (void *)buf); break;
    case DRM_IOCTL_SYNCOBJ_QUERY: r = io_syncobj_timeline(f, (void *)buf, 0); break;
    case DRM_IOCTL_SYNCOBJ_TIMELINE_SIGNAL: r = io_syncobj_timeline(f, (void *)buf, 1); break;
    case DRM_IOCTL_SYNCOBJ_TRANSFER: r = io_syncobj_transfer(f, (void *)buf); break;
    case DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD: r = io_syncobj_handle_to_fd(f, (void *)buf); break;
    case DRM_IOCTL_SYNCOBJ_FD_TO_HANDLE: r = io_syncobj_fd_to_handle(f, (void *)buf); break;
    default: {
        char what[80];
        snprintf(what, sizeof(what), "ioctl 0x%08lx (nr 0x%02x) not implemented", req, (unsigned)_IOC_NR(req));
        note_once(what);
        /* the kernel: numbers past the driver's table, and sizes it does
         * not know, are EINVAL */
        r = -EINVAL;
        break;
    }
    }
    pthread_mutex_unlock(&lock);
    if ((r && debug_level()) || debug_level() >= 2)
        fprintf(stderr, "gtsim-i915: ioctl 0x%08lx (nr 0x%02x): %s\n", req, (unsigned)_IOC_NR(req),
                r ? strerror(-r) : "ok");
    if (!r && (dir & _IOC_READ) && i915_copy_to_user((uint64_t)(uintptr_t)arg, buf, size))
        r = -EFAULT;
    return r;
}
