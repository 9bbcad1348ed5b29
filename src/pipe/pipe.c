/*
 * Media/GPGPU pipeline: state, CURBE and interface descriptor loads, and
 * GPGPU_WALKER dispatch (see pipe.h).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "cs/cmds.h"
#include "eu/eu.h"
#include "pipe/pipe.h"
#include "pipe3d/pipe3d.h"
#include "timeline.h"
#include "sf/sf.h"

#define PIPE_ADDR48 ((1ull << 48) - 1)

/* What one host thread needs to run thread groups: its hardware threads,
 * SLM and, for a worker of a parallel walker, its own copy of the address
 * space (a private TLB), surface-state cache and decoded-kernel cache. */
typedef struct pipe_worker {
    _Alignas(64) gt_thread *threads; /* nalloc threads (64-byte aligned) */
    gt_thread **tptr;       /* pointers to them (tptr[i] = &threads[i]), for gt_tgroup.threads */
    uint32_t nalloc;
    uint8_t *slm;
    uint32_t slm_alloc;
    struct gt_slm_shadow *slm_shadow; /* GTSIM_CHECK_SLM_RACE: slm_alloc entries, else NULL */
    uint32_t slm_stamps;    /* the stamps of its groups' barrier intervals (gt_tgroup) */
    struct gt_thread_check *tcheck; /* GTSIM_CHECK_SWSB (on a platform with SWSB) or _UNINIT: one per
                                     * thread, else NULL */
    gt_vm vm;
    gt_bti_cache btc;
    gt_dispatch disp;
    struct gt_kcache *kcache;
    uint32_t fftid_base;    /* first FFTID (r0.5) of this worker's threads */
    uint64_t ks_threads, ks_insns, ks_chans; /* the current walker's work on this worker */
} pipe_worker;

#define PIPE_MAX_WORKERS 256

struct worker_arg;
struct gt_pipe;

/* A pool host thread: it runs worker index + 1 of each job that has one. */
typedef struct pool_self {
    struct gt_pipe *p;
    uint32_t index;
    uint64_t seen;          /* the last job it looked at (pipe_pool.gen) */
} pool_self;

/* The host threads that run the workers beyond the first of parallel
 * walkers: started on the first walker that wants them and kept, waiting,
 * until gt_pipe_destroy (starting one costs a walker tens to hundreds of
 * microseconds).  A job is a walker's worker_arg array; pool thread i
 * takes worker i + 1 while the job is open. */
typedef struct pipe_pool {
    pthread_mutex_t lock;
    pthread_cond_t wake;    /* a job was posted, or quit */
    pthread_cond_t idle;    /* busy fell to 0 */
    pthread_t tid[PIPE_MAX_WORKERS];
    pool_self self[PIPE_MAX_WORKERS];
    uint32_t n;             /* threads started */
    pid_t pid;              /* the process that started them (a fork's child has none) */
    uint64_t gen;           /* jobs posted */
    struct worker_arg *job; /* the current job: workers [0, njob) */
    uint32_t njob;
    int open;               /* threads may still join the current job */
    uint32_t busy;          /* pool threads inside the current job */
    int quit;
} pipe_pool;

/* The pipeline state of a logical context that is not running (the
 * hardware saves it in the context image; gtsim keeps it here, by LRCA). */
typedef struct saved_ctx {
    uint64_t lrca;
    gt_pipe_state st;
} saved_ctx;

struct gt_pipe {
    gtsim_device *dev;
    gt_pipe_state st;
    uint64_t cur_lrca;      /* the context st belongs to (valid when has_cur) */
    int has_cur;
    saved_ctx *saved;
    size_t nsaved, capsaved;
    pipe_worker *workers;   /* nworkers; [0] runs on the calling thread */
    uint32_t nworkers;
    uint8_t *payload;       /* indirect data of the current walker */
    uint32_t payload_alloc;
    uint64_t parallel_min_ns; /* the workers beyond the first join a walker whose groups left come
                               * to this much wall time (GTSIM_PARALLEL_MIN_US; walk_worth_posting) */
    pipe_pool pool;
};

#define PIPE_PARALLEL_MIN_US 200

/* A pool without threads, of this process (after a fork, the child's
 * pool starts afresh: the parent's threads and lock state are not its). */
static void pool_init(pipe_pool *pl)
{
    pl->n = 0;
    pl->pid = getpid();
    pthread_mutex_init(&pl->lock, NULL);
    pthread_cond_init(&pl->wake, NULL);
    pthread_cond_init(&pl->idle, NULL);
}

struct gt_pipe *gt_pipe_create(gtsim_device *dev)
{
    struct gt_pipe *p = calloc(1, sizeof(*p));
    if (!p)
        return NULL;
    p->dev = dev;
    /* A walker whose work would end within this time runs on the calling
     * thread alone: its result is the same either way, and waking helpers
     * (and their decoding the kernel again) would cost more than they
     * bring.  The tests set 0 (at once) to run every walker of several
     * groups in parallel. */
    p->parallel_min_ns = PIPE_PARALLEL_MIN_US * 1000ull;
    const char *e = getenv("GTSIM_PARALLEL_MIN_US");
    if (e && *e) {
        char *end;
        unsigned long long us = strtoull(e, &end, 10);
        if (!*end && us <= UINT64_MAX / 1000)
            p->parallel_min_ns = us * 1000;
        else
            gt_warn(dev, "GTSIM_PARALLEL_MIN_US='%s' is not a number of microseconds; using %u", e,
                    PIPE_PARALLEL_MIN_US);
    }
    pool_init(&p->pool);
    return p;
}

/* Stop and join the pool's threads (none in a fork's child). */
static void pool_stop(pipe_pool *pl)
{
    if (!pl->n || pl->pid != getpid())
        return;
    pthread_mutex_lock(&pl->lock);
    pl->quit = 1;
    pthread_cond_broadcast(&pl->wake);
    pthread_mutex_unlock(&pl->lock);
    for (uint32_t i = 0; i < pl->n; i++)
        pthread_join(pl->tid[i], NULL);
    pl->n = 0;
    pl->quit = 0;
}

void gt_pipe_destroy(struct gt_pipe *p)
{
    if (!p)
        return;
    pool_stop(&p->pool);
    pthread_mutex_destroy(&p->pool.lock);
    pthread_cond_destroy(&p->pool.wake);
    pthread_cond_destroy(&p->pool.idle);
    free(p->st.curbe);
    gt_pipe3d_state_free(p->st.g3d);
    for (size_t i = 0; i < p->nsaved; i++) {
        free(p->saved[i].st.curbe);
        gt_pipe3d_state_free(p->saved[i].st.g3d);
    }
    free(p->saved);
    for (uint32_t i = 0; i < p->nworkers; i++) {
        free(p->workers[i].threads);
        free(p->workers[i].tptr);
        free(p->workers[i].slm);
        free(p->workers[i].slm_shadow);
        free(p->workers[i].tcheck);
        gt_kcache_destroy(p->workers[i].kcache);
        gt_bti_cache_fini(&p->workers[i].btc);
    }
    free(p->workers);
    free(p->payload);
    free(p);
}

/* Take the saved state of lrca out of the table into *st (0), or -1 when
 * none is saved. */
static int saved_take(struct gt_pipe *p, uint64_t lrca, gt_pipe_state *st)
{
    for (size_t i = 0; i < p->nsaved; i++)
        if (p->saved[i].lrca == lrca) {
            *st = p->saved[i].st;
            p->saved[i] = p->saved[--p->nsaved];
            return 0;
        }
    return -1;
}

int gt_pipe_context_switch(struct gt_pipe *p, uint64_t lrca)
{
    if (p->has_cur && p->cur_lrca == lrca)
        return GTSIM_OK;
    if (p->has_cur) {
        if (p->nsaved == p->capsaved) {
            size_t nc = p->capsaved ? p->capsaved * 2 : 8;
            saved_ctx *ns = realloc(p->saved, nc * sizeof(*ns));
            if (!ns)
                return gt_error(p->dev, GTSIM_ERR_NOMEM, "out of host memory saving the pipeline state of the "
                                "context at LRCA 0x%" PRIx64, p->cur_lrca);
            p->saved = ns;
            p->capsaved = nc;
        }
        p->saved[p->nsaved].lrca = p->cur_lrca;
        p->saved[p->nsaved++].st = p->st; /* the CURBE copy goes with it */
    } else {
        free(p->st.curbe);
        gt_pipe3d_state_free(p->st.g3d);
    }
    if (saved_take(p, lrca, &p->st))
        memset(&p->st, 0, sizeof(p->st)); /* a context not seen yet: its image's state */
    p->cur_lrca = lrca;
    p->has_cur = 1;
    return GTSIM_OK;
}

void gt_pipe_context_forget(struct gt_pipe *p, uint64_t lrca)
{
    gt_pipe_state st;
    if (!saved_take(p, lrca, &st)) {
        free(st.curbe);
        gt_pipe3d_state_free(st.g3d);
    }
    if (p->has_cur && p->cur_lrca == lrca) {
        free(p->st.curbe);
        gt_pipe3d_state_free(p->st.g3d);
        memset(&p->st, 0, sizeof(p->st));
    }
}

void gt_pipe_flush_kcaches(struct gt_pipe *p)
{
    for (uint32_t i = 0; i < p->nworkers; i++)
        gt_kcache_flush(p->workers[i].kcache);
}

gt_pipe_state *gt_pipe_state_of(struct gt_pipe *p)
{
    return &p->st;
}

static int pipe_read(gtsim_device *dev, uint64_t gva, void *out, size_t len, const char *what,
                     const char *where)
{
    uint64_t fault = 0;
    gva &= PIPE_ADDR48;
    int r = gt_vm_read(&dev->ppgtt, gva, out, len, &fault);
    if (r) {
        char w[160];
        snprintf(w, sizeof(w), "%s at %s: reading %zu bytes", what, where, len);
        if (gt_vm_host_error(dev, &dev->ppgtt, w, fault))
            return GTSIM_ERR_NOMEM;
    }
    if (r) {
        char why[96];
        gt_vm_fault_why(&dev->ppgtt, fault, why, sizeof(why));
        return gt_error(dev, GTSIM_ERR_FAULT,
                        "%s at %s: GPU page fault reading %zu bytes at PPGTT 0x%" PRIx64
                        " (unmapped page 0x%" PRIx64 ": %s)",
                        what, where, len, gva, fault, why);
    }
    return GTSIM_OK;
}

int gt_pipe_curbe_load(gtsim_device *dev, uint32_t len, uint32_t start, const char *where)
{
    gt_pipe_state *ps = &dev->pipe->st;
    uint8_t *buf = len ? malloc(len) : NULL;
    if (len && !buf)
        return gt_error(dev, GTSIM_ERR_NOMEM, "MEDIA_CURBE_LOAD at %s: out of memory", where);
    if (len) {
        int st = pipe_read(dev, ps->dynamic_state_base + start, buf, len, "MEDIA_CURBE_LOAD", where);
        if (st) {
            free(buf);
            return st;
        }
    }
    free(ps->curbe);
    ps->curbe = buf;
    ps->curbe_len = len;
    return GTSIM_OK;
}

int gt_pipe_idd_load(gtsim_device *dev, uint32_t len, uint32_t start, const char *where)
{
    gt_pipe_state *ps = &dev->pipe->st;
    if (len % 32 || len / 32 > GT_PIPE_MAX_IDD)
        return gt_error(dev, GTSIM_ERR_INVALID,
                        "MEDIA_INTERFACE_DESCRIPTOR_LOAD at %s: total length %u is not a multiple of 32 "
                        "bytes up to %u descriptors",
                        where, len, GT_PIPE_MAX_IDD);
    int st = pipe_read(dev, ps->dynamic_state_base + start, ps->idd, len,
                       "MEDIA_INTERFACE_DESCRIPTOR_LOAD", where);
    if (st)
        return st;
    ps->idd_count = len / 32;
    return GTSIM_OK;
}

/* ---- walker iteration (seed 000 §1.4.2.4) ---- */

uint32_t gt_walker_group_threads(const gt_walker *w)
{
    return (w->wmax + 1) * (w->hmax + 1) * (w->dmax + 1);
}

uint32_t gt_walker_thread_mask(const gt_walker *w, uint32_t t)
{
    uint32_t width = w->wmax + 1, height = w->hmax + 1;
    uint32_t wc = t % width, hc = (t / width) % height;
    uint32_t mask = w->simd >= 32 ? 0xffffffffu : (1u << w->simd) - 1;
    if (wc == w->wmax)
        mask &= w->right_mask;
    if (hc == w->hmax)
        mask &= w->bottom_mask;
    return mask;
}

/* ---- dispatch ---- */

static int worker_reserve(pipe_worker *wk, uint32_t nthreads, uint32_t slm, int race, int tcheck)
{
    if (nthreads > wk->nalloc || (tcheck && !wk->tcheck)) {
        free(wk->threads);
        free(wk->tptr);
        free(wk->tcheck);
        size_t bytes = (size_t)nthreads * sizeof(gt_thread);
        wk->threads = aligned_alloc(64, (bytes + 63) & ~(size_t)63);
        wk->tptr = calloc(nthreads, sizeof(*wk->tptr));
        wk->tcheck = tcheck ? calloc(nthreads, sizeof(*wk->tcheck)) : NULL;
        wk->nalloc = wk->threads && wk->tptr && (!tcheck || wk->tcheck) ? nthreads : 0;
        if (!wk->nalloc)
            return -1;
        memset(wk->threads, 0, (size_t)nthreads * sizeof(gt_thread)); /* nothing to count yet */
        for (uint32_t t = 0; t < nthreads; t++)
            wk->tptr[t] = &wk->threads[t];
    }
    if (slm > wk->slm_alloc || (race && slm && !wk->slm_shadow)) {
        free(wk->slm);
        free(wk->slm_shadow);
        wk->slm = malloc(slm);
        wk->slm_shadow = race ? calloc(slm, sizeof(*wk->slm_shadow)) : NULL;
        wk->slm_stamps = 0;
        wk->slm_alloc = wk->slm && (!race || wk->slm_shadow) ? slm : 0;
        if (!wk->slm_alloc)
            return -1;
    }
    return 0;
}

/* Worker wk with room for nthreads threads and slm bytes, and the
 * buffers of the device's kernel checks. */
static int worker_ready(struct gt_pipe *p, pipe_worker *wk, uint32_t nthreads, uint32_t slm)
{
    return worker_reserve(wk, nthreads, slm, gt_check_on(p->dev, GTSIM_CHECK_SLM_RACE),
                          gt_check_on(p->dev, GTSIM_CHECK_UNINIT) ||
                              (gt_check_on(p->dev, GTSIM_CHECK_SWSB) && gt_eu_behaviour_for(p->dev->plat)->swsb_depth));
}

/* n workers, the first ready for nthreads threads and slm bytes (the
 * others are made ready when they join: walk_post), and the walker's
 * payload buffer. */
static int pipe_reserve(struct gt_pipe *p, uint32_t n, uint32_t nthreads, uint32_t slm, uint32_t payload)
{
    if (n > p->nworkers) { /* cache-line aligned: no line is written by two host threads */
        pipe_worker *w = aligned_alloc(_Alignof(pipe_worker), n * sizeof(*w));
        if (!w)
            return -1;
        if (p->nworkers)
            memcpy(w, p->workers, p->nworkers * sizeof(*w));
        memset(w + p->nworkers, 0, (n - p->nworkers) * sizeof(*w));
        free(p->workers);
        p->workers = w;
        p->nworkers = n;
    }
    if (worker_ready(p, &p->workers[0], nthreads, slm))
        return -1;
    if (payload > p->payload_alloc) {
        free(p->payload);
        p->payload = malloc(payload);
        p->payload_alloc = p->payload ? payload : 0;
        if (!p->payload)
            return -1;
    }
    return 0;
}

/* Error context appended to a report from the EU or the shared functions. */
static int walker_fail(gtsim_device *dev, int st, const gt_walker *w, const uint32_t g[3], uint32_t t,
                       uint32_t n, const char *what)
{
    char prev[sizeof(dev->err)], thr[48] = "";
    snprintf(prev, sizeof(prev), "%s", what ? what : dev->err);
    if (t != UINT32_MAX)
        snprintf(thr, sizeof(thr), ", thread %u of %u", t, n);
    else
        snprintf(thr, sizeof(thr), " (%u threads)", n);
    return gt_error(dev, st, "%s\n  in GPGPU_WALKER at batch 0x%" PRIx64 ", thread group (%u, %u, %u)%s",
                    prev, w->batch_addr, g[0], g[1], g[2], thr);
}

/* Decimal text of a 128-bit count (buf: 48 bytes). */
static const char *u128_str(unsigned __int128 v, char *buf)
{
    char tmp[48];
    int n = 0;
    do {
        tmp[n++] = (char)('0' + (int)(v % 10));
        v /= 10;
    } while (v);
    for (int i = 0; i < n; i++)
        buf[i] = tmp[n - 1 - i];
    buf[n] = 0;
    return buf;
}

/* A walker being dispatched: what its workers share (read-only but for
 * the group counter and the stop flag). */
typedef struct walk {
    gtsim_device *dev;
    gt_pipe_state *ps;
    const gt_walker *w;
    const gt_cmd_set *set;
    const uint64_t *f;          /* INTERFACE_DESCRIPTOR_DATA fields */
    uint32_t nthreads, per, cross, slm;
    const uint8_t *src;         /* payload: cross-thread data, then per-thread */
    uint64_t kernel;
    uint32_t cr0;
    uint64_t ngroups;           /* groups to run */
    uint64_t *timeline_insns;      /* timeline (dev->timeline): instructions per thread, by
                                 * group index x nthreads + thread, for the first timeline_n */
    uint64_t timeline_n;
    uint64_t next;              /* next group index to claim (atomic) */
    int stop;                   /* a worker failed (atomic) */
    int status;                 /* the first failure's status */
    uint32_t nworkers;          /* workers that may run groups */
    uint64_t min_ns;            /* gt_pipe.parallel_min_ns */
    int posted;                 /* workers 1 .. nworkers - 1 were posted (walk_post) */
    /* worker 0 before the post (walk_exec_ns): its start, decoding time
     * then (gt_kcache_decode_ns), groups run and their execution time */
    uint64_t t0_ns, decode0_ns, w0_groups, w0_groups_ns;
} walk;

/* Thread groups from the starting IDs to the end of the walk, X fastest
 * (gt_cmd_set.walker_roll_to_start says where X and Y start again);
 * UINT64_MAX when they do not fit 64 bits. */
static uint64_t walk_groups(const gt_cmd_set *set, const gt_walker *w)
{
    unsigned __int128 dx = w->dim[0], dy = w->dim[1], dz = w->dim[2], n;
    if (set->walker_roll_to_start)
        n = (dx - w->start[0]) * (dy - w->start[1]) * (dz - w->start[2]);
    else
        n = dx * dy * dz - ((unsigned __int128)w->start[2] * dy * dx + (unsigned __int128)w->start[1] * dx +
                            w->start[0]);
    return n > UINT64_MAX ? UINT64_MAX : (uint64_t)n;
}

/* The IDs of the idx-th thread group of the walk. */
static void walk_group_ids(const walk *wl, uint64_t idx, uint32_t g[3])
{
    const gt_walker *w = wl->w;
    if (wl->set->walker_roll_to_start) {
        uint64_t nx = w->dim[0] - w->start[0], ny = w->dim[1] - w->start[1];
        g[0] = w->start[0] + (uint32_t)(idx % nx);
        g[1] = w->start[1] + (uint32_t)(idx / nx % ny);
        g[2] = w->start[2] + (uint32_t)(idx / nx / ny);
    } else {
        unsigned __int128 dx = w->dim[0], dy = w->dim[1];
        unsigned __int128 l = (unsigned __int128)w->start[2] * dy * dx + (unsigned __int128)w->start[1] * dx +
                              w->start[0] + idx;
        g[0] = (uint32_t)(l % dx);
        g[1] = (uint32_t)(l / dx % dy);
        g[2] = (uint32_t)(l / dx / dy);
    }
}

static void timeline_group_ids(const void *ctx, uint64_t idx, uint32_t g[3])
{
    walk_group_ids(ctx, idx, g);
}

/* Run thread group g (the idx-th of the walk) on worker wk to its end. */
static int group_threads(walk *wl, pipe_worker *wk, const uint32_t g[3], uint64_t idx)
{
    gtsim_device *dev = wl->dev;
    const gt_walker *w = wl->w;
    const uint64_t *f = wl->f;
    gt_pipe_state *ps = wl->ps;
    uint32_t nthreads = wl->nthreads, per = wl->per, cross = wl->cross, slm = wl->slm;
    /* one thread group: poll (interrupt, timeout, submission bounds)
     * and count its threads against max_threads per submission */
    int pst = gt_poll(dev);
    if (pst == GTSIM_OK)
        pst = gt_threads_dispatch(dev, nthreads);
    if (pst != GTSIM_OK)
        return walker_fail(dev, pst, w, g, UINT32_MAX, nthreads, NULL);
    gt_tgroup tg;
    memset(&tg, 0, sizeof(tg));
    tg.nthreads = nthreads;
    tg.slm = slm ? wk->slm : NULL;
    tg.slm_size = slm;
    tg.threads = wk->tptr;
    tg.defer_stats = 1;
    if (slm)
        memset(wk->slm, 0, slm);
    if (slm && wk->slm_shadow) { /* GTSIM_CHECK_SLM_RACE: a new interval */
        if (wk->slm_stamps > UINT32_MAX - (1u << 24)) { /* stamps would wrap: start afresh */
            memset(wk->slm_shadow, 0, (size_t)wk->slm_alloc * sizeof(*wk->slm_shadow));
            wk->slm_stamps = 0;
        }
        tg.slm_shadow = wk->slm_shadow;
        tg.slm_stamps = &wk->slm_stamps;
        tg.slm_stamp = ++wk->slm_stamps;
    }
    const unsigned depth = gt_eu_behaviour_for(dev->plat)->swsb_depth;
    for (uint32_t t = 0; t < nthreads; t++) {
        gt_thread *th = &wk->threads[t];
        memset(th, 0, sizeof(*th));
        uint32_t fftid = wk->fftid_base + t;
        /* R0 header (seed 000 §1.7.1.5, Gen9 positions) */
        uint32_t r0[8] = {0};
        r0[1] = g[0];
        r0[2] = (uint32_t)(idx & 0xf) << 24;                      /* barrier ID */
        r0[3] = ((uint32_t)f[IDD_SAMPLER_PTR] & ~0x1fu) | ps->per_thread_scratch_code;
        r0[4] = (uint32_t)f[IDD_BT_PTR] & ~0x1fu;
        r0[5] = (((uint32_t)ps->scratch_offset + fftid * ps->per_thread_scratch) & ~0x3ffu) | (fftid & 0x3ff);
        r0[6] = g[1];
        r0[7] = g[2];
        memcpy(th->grf, r0, sizeof(r0));
        /* r1..: this thread's per-thread data, then the cross-thread
         * data (Gen9/NEO), or the other way round (seed 000, Gen7) */
        uint32_t per_grf = wl->set->payload_cross_first ? 1 + cross : 1;
        uint32_t cross_grf = wl->set->payload_cross_first ? 1 : 1 + per;
        if (per)
            memcpy(th->grf + 32u * per_grf, wl->src + 32u * (cross + t * per), 32u * per);
        if (cross)
            memcpy(th->grf + 32u * cross_grf, wl->src, 32u * cross);
        th->dispatch_mask = th->exec_mask = th->ce = gt_walker_thread_mask(w, t);
        th->cr0[0] = wl->cr0;
        th->state = GT_THREAD_RUNNABLE;
        th->kernel_gva = wl->kernel;
        th->disp = &wk->disp;
        th->tg = &tg;
        th->tid = t;
        th->simd = w->simd;
        if (wk->tcheck && depth && gt_check_on(dev, GTSIM_CHECK_SWSB)) { /* nothing in flight at dispatch */
            th->swsb = &wk->tcheck[t].swsb;
            gt_swsb_reset(th->swsb, depth);
        }
        if (wk->tcheck && gt_check_on(dev, GTSIM_CHECK_UNINIT)) { /* the payload is written */
            th->written = wk->tcheck[t].written;
            memset(th->written, 0, sizeof(wk->tcheck[t].written));
            unsigned regs = 1 + per + cross;
            memset(th->written, 0xff, (regs < GT_GRF_REGS ? regs : GT_GRF_REGS) * 32u / 8);
        }
    }

    /* Run round-robin until every thread has ended. */
    uint32_t passes = 0;
    for (;;) {
        gt_eu_pass pass;
        int st = gt_eu_run_pass(dev, wk->tptr, nthreads, &pass);
        if (pass.failed != UINT32_MAX)
            return walker_fail(dev, st ? st : GTSIM_ERR_ILLEGAL, w, g, pass.failed, nthreads, NULL);
        if (!pass.live) {
            wk->ks_threads += nthreads;
            for (uint32_t t = 0; t < nthreads; t++) {
                wk->ks_insns += wk->threads[t].instructions;
                wk->ks_chans += wk->threads[t].channels;
            }
            if (wl->timeline_insns && idx < wl->timeline_n / nthreads)
                for (uint32_t t = 0; t < nthreads; t++)
                    wl->timeline_insns[idx * nthreads + t] = wk->threads[t].instructions;
            return GTSIM_OK;
        }
        /* many passes of threads that each run briefly (barriers): poll
         * every 64th (the group's dispatch polled already) */
        if (!(++passes & 63)) {
            int pst2 = gt_poll(dev);
            if (pst2 != GTSIM_OK)
                return walker_fail(dev, pst2, w, g, UINT32_MAX, nthreads, NULL);
        }
        if (!pass.progress) {
            char what[1024];
            size_t n = (size_t)snprintf(what, sizeof(what),
                                        "barrier deadlock: %u of %u threads are waiting and none can "
                                        "run (%u barrier arrivals counted); thread states:",
                                        pass.live, nthreads, tg.barrier_arrived);
            for (uint32_t t = 0; t < nthreads && n < sizeof(what); t++) {
                const gt_thread *th = &wk->threads[t];
                static const char *const sn[] = {"runnable", "blocked", "done", "faulted"};
                n += (size_t)snprintf(what + n, sizeof(what) - n, " %u:%s@ip 0x%x", t,
                                      th->state >= 0 && th->state < 4 ? sn[th->state] : "?", th->ip);
            }
            return walker_fail(dev, GTSIM_ERR_WATCHDOG, w, g, 0, nthreads, what);
        }
    }
}

/* group_threads, then its threads' work into dev->stats (deferred, see
 * gt_tgroup.defer_stats), however the group ended. */
static int run_group(walk *wl, pipe_worker *wk, const uint32_t g[3], uint64_t idx)
{
    int st = group_threads(wl, wk, g, idx);
    gt_eu_flush_stats(wl->dev, wk->tptr, wl->nthreads);
    return st;
}

typedef struct worker_arg {
    walk *wl;
    pipe_worker *wk;
} worker_arg;

/* Worker 0's time since the walk started, less its decoding then, in *dec
 * (ns). */
static uint64_t walk_exec_ns(const walk *wl, uint64_t *dec)
{
    uint64_t t = gt_now_ns() - wl->t0_ns;
    *dec = gt_kcache_decode_ns() - wl->decode0_ns;
    return t > *dec ? t - *dec : 0;
}

/* Whether worker 0, alone so far, should post the other workers: when the
 * groups not yet claimed, each taken as long as worker 0's groups took on
 * average (or its current group so far, if longer), come to at least
 * min_ns, and the share of them the others would take is longer than the
 * decoding each of them repeats. */
static int walk_worth_posting(const walk *wl)
{
    uint64_t next = __atomic_load_n(&wl->next, __ATOMIC_RELAXED), dec;
    if (next >= wl->ngroups)
        return 0;
    uint64_t exec = walk_exec_ns(wl, &dec), cur = exec > wl->w0_groups_ns ? exec - wl->w0_groups_ns : 0;
    uint64_t per = wl->w0_groups ? wl->w0_groups_ns / wl->w0_groups : 0;
    unsigned __int128 left = (unsigned __int128)(per > cur ? per : cur) * (wl->ngroups - next);
    return left >= wl->min_ns && left * (wl->nworkers - 1) / wl->nworkers > dec;
}

static void walk_post(worker_arg *a);

/* gt_poll's action (gtsim_device.poll_due) while worker 0 runs alone: it
 * may post the others in the middle of a group, so that a walk of a few
 * long groups shares them from its first. */
static void walk_poll(void *arg)
{
    worker_arg *a = arg;
    if (walk_worth_posting(a->wl))
        walk_post(a);
}

/* Run groups claimed in order (wl->next) on worker a->wk until the walk is
 * done or has failed; the first failure stops every worker at its next
 * group.  With post set (worker 0, the calling thread, of a walk with
 * other workers), it also posts their job (walk_post): before its first
 * group when min_ns is 0, otherwise once walk_worth_posting says so at a
 * poll (walk_poll: each group's dispatch polls, and each of its threads
 * every GT_POLL_INSNS instructions). */
static void claim_groups(worker_arg *a, int post)
{
    walk *wl = a->wl;
    gtsim_device *dev = wl->dev;
    if (post && !wl->min_ns) {
        walk_post(a);
        post = 0;
    }
    if (post) {
        wl->t0_ns = gt_now_ns();
        wl->decode0_ns = gt_kcache_decode_ns();
        dev->poll_due_arg = a;
        dev->poll_due_ns = wl->t0_ns + wl->min_ns;
        dev->poll_due = walk_poll;
    }
    while (!__atomic_load_n(&wl->stop, __ATOMIC_RELAXED)) {
        uint64_t idx = __atomic_fetch_add(&wl->next, 1, __ATOMIC_RELAXED);
        if (idx >= wl->ngroups)
            break;
        uint32_t g[3];
        walk_group_ids(wl, idx, g);
        int st = run_group(wl, a->wk, g, idx);
        if (st) {
            int expected = 0;
            if (__atomic_compare_exchange_n(&wl->stop, &expected, 1, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
                wl->status = st;
            break;
        }
        if (post && !wl->posted) {
            uint64_t dec;
            wl->w0_groups++;
            wl->w0_groups_ns = walk_exec_ns(wl, &dec);
        }
    }
    if (post && !wl->posted) /* (walk_post cleared it, before the others started) */
        dev->poll_due = NULL;
}

/* A worker on a pool thread also counts its CPU time
 * (gtsim_stats.exec_cpu_ns; the calling thread's is counted by the
 * submission). */
static void worker_run(worker_arg *a)
{
    struct timespec t0, t1;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);
    claim_groups(a, 0);
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t1);
    GT_STAT_ADD(a->wl->dev, exec_cpu_ns,
                (uint64_t)((t1.tv_sec - t0.tv_sec) * 1000000000ll + (t1.tv_nsec - t0.tv_nsec)));
}

static void *pool_thread(void *arg)
{
    pool_self *self = arg;
    pipe_pool *pl = &self->p->pool;
    pthread_mutex_lock(&pl->lock);
    for (;;) {
        while (!pl->quit && pl->gen == self->seen)
            pthread_cond_wait(&pl->wake, &pl->lock);
        if (pl->quit)
            break;
        self->seen = pl->gen;
        if (!pl->open || self->index + 1 >= pl->njob)
            continue; /* too late for this job, or not one of its workers */
        worker_arg *a = &pl->job[self->index + 1];
        pl->busy++;
        pthread_mutex_unlock(&pl->lock);
        worker_run(a);
        pthread_mutex_lock(&pl->lock);
        if (!--pl->busy)
            pthread_cond_signal(&pl->idle);
    }
    pthread_mutex_unlock(&pl->lock);
    return NULL;
}

/* Workers 1 .. njob - 1 of the walk whose worker 0 is a: each with its own
 * copy of the address space (a private TLB) and decoded-kernel cache, on
 * the pool's threads (started here as needed).  Reports from then on are
 * first-failure-only (dev->err_first_only). */
static void walk_post(worker_arg *a)
{
    walk *wl = a->wl;
    gtsim_device *dev = wl->dev;
    struct gt_pipe *p = dev->pipe;
    pipe_pool *pl = &p->pool;
    dev->poll_due = NULL; /* (its one chance: a walk posts at most once) */
    if (pl->pid != getpid()) /* a fork's child: the parent's threads are not here */
        pool_init(pl);
    uint32_t nw = wl->nworkers;
    for (uint32_t i = 1; i < nw; i++)
        if (worker_ready(p, a[i].wk, wl->nthreads, wl->slm) ||
            (!a[i].wk->kcache && !(a[i].wk->kcache = gt_kcache_create(dev->profile)))) {
            nw = i; /* out of host memory: fewer workers */
            break;
        }
    while (pl->n + 1 < nw) {
        pl->self[pl->n] = (pool_self){p, pl->n, pl->gen};
        if (pthread_create(&pl->tid[pl->n], NULL, pool_thread, &pl->self[pl->n]))
            break; /* fewer workers: the ones started share the groups */
        pl->n++;
    }
    if (nw > pl->n + 1)
        nw = pl->n + 1;
    if (nw < 2)
        return;
    for (uint32_t i = 1; i < nw; i++) {
        pipe_worker *wk = a[i].wk;
        wk->vm = dev->ppgtt;
        gt_vm_flush(&wk->vm);
        wk->disp.vm = &wk->vm;
        gt_kcache_flush(wk->kcache); /* kernels may have changed since its last walker */
        wk->disp.kcache = wk->kcache;
    }
    pthread_mutex_lock(&dev->report_lock);
    dev->err_first_only = 1;
    dev->err_owned = 0;
    pthread_mutex_unlock(&dev->report_lock);
    pthread_mutex_lock(&pl->lock);
    pl->job = a;
    pl->njob = nw;
    pl->open = 1;
    pl->gen++;
    pthread_cond_broadcast(&pl->wake);
    pthread_mutex_unlock(&pl->lock);
    wl->posted = 1;
}

/* The walk: worker 0 on the calling thread with the device's address
 * space and kernel cache, joined by workers 1 .. nw - 1 when the walk
 * lasts (walk_post); returns once every worker that joined has
 * stopped. */
static int walk_run(walk *wl, pipe_worker *wks, uint32_t nw)
{
    gtsim_device *dev = wl->dev;
    pipe_pool *pl = &dev->pipe->pool;
    worker_arg args[PIPE_MAX_WORKERS];
    for (uint32_t i = 0; i < nw; i++)
        args[i] = (worker_arg){wl, &wks[i]};
    wl->nworkers = nw;
    claim_groups(&args[0], nw > 1);
    if (!wl->posted)
        return wl->status;
    pthread_mutex_lock(&pl->lock);
    pl->open = 0;
    while (pl->busy)
        pthread_cond_wait(&pl->idle, &pl->lock);
    pthread_mutex_unlock(&pl->lock);
    pthread_mutex_lock(&dev->report_lock);
    dev->err_first_only = 0;
    pthread_mutex_unlock(&dev->report_lock);
    return wl->status;
}

int gt_pipe_walker(gtsim_device *dev, const gt_walker *w)
{
    struct gt_pipe *p = dev->pipe;
    gt_pipe_state *ps = &p->st;
    char where[64];
    snprintf(where, sizeof(where), "batch 0x%" PRIx64, w->batch_addr);

    if (w->idd_offset >= ps->idd_count)
        return gt_error(dev, GTSIM_ERR_INVALID,
                        "GPGPU_WALKER at %s: Interface Descriptor Offset %u but only %u descriptors were "
                        "loaded by MEDIA_INTERFACE_DESCRIPTOR_LOAD",
                        where, w->idd_offset, ps->idd_count);
    const uint32_t *idd = ps->idd[w->idd_offset];
    /* the interface descriptor layout of the device's generation */
    const gt_cmd_set *set = dev->plat && dev->plat->cmds ? dev->plat->cmds : &gt_cmds_gen9;
    uint64_t f[GT_NS_IDD];
    memset(f, 0, sizeof(f));
    gt_fields_unpack(set->idd, set->nidd, idd, 8, f);

    uint32_t nthreads = gt_walker_group_threads(w);
    uint32_t per = (uint32_t)f[IDD_CURBE_LEN], cross = (uint32_t)f[IDD_CROSS_LEN];
    if (1 + per + cross > GT_GRF_REGS)
        return gt_error(dev, GTSIM_ERR_INVALID,
                        "GPGPU_WALKER at %s: payload of 1 + %u per-thread + %u cross-thread GRFs exceeds "
                        "the %u registers",
                        where, per, cross, GT_GRF_REGS);
    uint32_t slm = set->slm_bytes((uint32_t)f[IDD_SLM_SIZE]);
    if (slm == UINT32_MAX)
        return gt_error(dev, GTSIM_ERR_ILLEGAL,
                        "GPGPU_WALKER at %s: interface descriptor %u has reserved Shared Local Memory Size %u",
                        where, w->idd_offset, (unsigned)f[IDD_SLM_SIZE]);
    if (f[IDD_THREADS] != nthreads)
        gt_warn(dev, "GPGPU_WALKER at %s: %u threads per group from the thread counters, the interface "
                "descriptor says %u; dispatching %u",
                where, nthreads, (unsigned)f[IDD_THREADS], nthreads);
    for (int i = 0; i < 3; i++)
        if (w->dim[i] && w->start[i] >= w->dim[i])
            return gt_error(dev, GTSIM_ERR_INVALID,
                            "GPGPU_WALKER at %s: Thread Group ID Starting %c = %u is not below the dimension %u",
                            where, 'X' + i, w->start[i], w->dim[i]);
    if (!w->dim[0] || !w->dim[1] || !w->dim[2])
        return GTSIM_OK; /* no thread groups */
    /* Threads per group: seed 000 §1.8 GPGPU_WALKER (Gen7) bounds the
     * product of the thread counters to 64 for SIMD8/SIMD16 and 32 for
     * SIMD32; seed 004 GPGPU_WALKER ties it to the interface descriptor's
     * thread count, which no generation lets exceed 64 (Gen9: 56 threads
     * per subslice).  The 6-bit counters alone would allow 262,144. */
    uint32_t max_group = w->simd == 32 ? 32 : 64;
    if (nthreads > max_group)
        return gt_error(dev, GTSIM_ERR_ILLEGAL,
                        "GPGPU_WALKER at %s: %u x %u x %u = %u threads per thread group (Thread Width/Height/"
                        "Depth Counter Maximum %u/%u/%u); at most %u SIMD%u threads form a group",
                        where, w->wmax + 1, w->hmax + 1, w->dmax + 1, nthreads, w->wmax, w->hmax, w->dmax,
                        max_group, w->simd);
    /* Total work, checked before anything runs: groups from the starting
     * IDs to the end, X fastest (the same walk as below), times threads. */
    {
        unsigned __int128 dx = w->dim[0], dy = w->dim[1], dz = w->dim[2], groups;
        if (set->walker_roll_to_start)
            groups = (dx - w->start[0]) * (dy - w->start[1]) * (dz - w->start[2]);
        else
            groups = dx * dy * dz - ((unsigned __int128)w->start[2] * dy * dx +
                                     (unsigned __int128)w->start[1] * dx + w->start[0]);
        unsigned __int128 total = groups * nthreads;
        uint64_t max = gt_max_threads(dev);
        if (total > max) {
            char g[48], tt[48];
            return gt_error(dev, GTSIM_ERR_WATCHDOG,
                            "GPGPU_WALKER at %s: %s thread groups (Thread Group ID X/Y/Z Dimension %u x %u x %u, "
                            "starting at (%u, %u, %u)) of %u threads = %s hardware threads, more than "
                            "max_threads = %" PRIu64 " per walker (gtsim run --max-threads); nothing dispatched",
                            where, u128_str(groups, g), w->dim[0], w->dim[1], w->dim[2], w->start[0], w->start[1],
                            w->start[2], nthreads, u128_str(total, tt), max);
        }
    }

    /* Workers: thread groups run in parallel on up to cfg.threads host
     * threads, at most one per group, each worker's threads with
     * their own FFTIDs (and so scratch slots) below the VFE's Maximum
     * Number of Threads; one worker (the calling thread) otherwise, or when
     * EU tracing or coverage, which are not thread-safe, is on.  The
     * workers beyond the first join when the rest of the walk is worth
     * it (walk_worth_posting). */
    uint64_t ngroups = walk_groups(set, w);
    uint32_t nw = dev->cfg.threads ? dev->cfg.threads : 1;
    if (nw > PIPE_MAX_WORKERS)
        nw = PIPE_MAX_WORKERS;
    if (ps->max_threads && nw > ps->max_threads / nthreads)
        nw = ps->max_threads / nthreads;
    if ((uint64_t)nw > ngroups)
        nw = (uint32_t)ngroups;
    if (nw < 2 || gt_eu_debug_enabled())
        nw = 1;

    /* The payload source: indirect data, or the CURBE. */
    uint32_t need = 32u * (cross + nthreads * per);
    if (pipe_reserve(p, nw, nthreads, slm, need ? need : 1))
        return gt_error(dev, GTSIM_ERR_NOMEM, "GPGPU_WALKER at %s: out of memory for %u threads", where,
                        nthreads);
    const uint8_t *src;
    if (w->indirect_len) {
        if (need > w->indirect_len)
            gt_warn(dev, "GPGPU_WALKER at %s: the payload needs %u bytes of indirect data, the command "
                    "gives %u", where, need, w->indirect_len);
        int st = pipe_read(dev, ps->indirect_object_base + w->indirect_start, p->payload, need,
                           "GPGPU_WALKER indirect data", where);
        if (st)
            return st;
        src = p->payload;
    } else {
        uint32_t off = 32u * (uint32_t)f[IDD_CURBE_OFFSET];
        if (need && (off > ps->curbe_len || need > ps->curbe_len - off))
            return gt_error(dev, GTSIM_ERR_INVALID,
                            "GPGPU_WALKER at %s: the payload needs %u bytes of CURBE from offset %u, "
                            "MEDIA_CURBE_LOAD loaded %u",
                            where, need, off, ps->curbe_len);
        src = ps->curbe ? ps->curbe + off : p->payload;
    }

    gt_dispatch disp;
    memset(&disp, 0, sizeof(disp));
    disp.vm = &dev->ppgtt;
    disp.general_state_base = ps->general_state_base;
    disp.surface_state_base = ps->surface_state_base;
    disp.dynamic_state_base = ps->dynamic_state_base;
    disp.indirect_object_base = ps->indirect_object_base;
    disp.instruction_base = ps->instruction_base;
    disp.binding_table = gt_pipe3d_binding_table(dev, ps, (uint32_t)f[IDD_BT_PTR]);
    disp.sampler_state = (ps->dynamic_state_base + (f[IDD_SAMPLER_PTR] & ~0x1full)) & PIPE_ADDR48;
    disp.scratch_base = (ps->general_state_base + ps->scratch_offset) & PIPE_ADDR48;
    disp.scratch_per_thread = ps->per_thread_scratch;
    disp.slm_size = slm;
    uint64_t kernel = (ps->instruction_base + f[IDD_KSP]) & PIPE_ADDR48;
    uint32_t cr0 = (uint32_t)f[IDD_FP_MODE] | (uint32_t)f[IDD_SPF] << 2 | (uint32_t)f[IDD_ROUNDING] << 4;

    if (dev->cfg.trace_commands) {
        char text[1024];
        size_t n = gt_fields_format(set->idd, set->nidd, idd, 8, text, sizeof(text), 0);
        (void)n;
        gt_trace(dev, "pipe: walker at %s: kernel 0x%" PRIx64 ", groups (%u,%u,%u)..(%u,%u,%u), %u SIMD%u "
                 "threads/group; INTERFACE_DESCRIPTOR_DATA[%u]:%s",
                 where, kernel, w->start[0], w->start[1], w->start[2], w->dim[0], w->dim[1], w->dim[2],
                 nthreads, w->simd, w->idd_offset, text);
    }

    walk wl = {.dev = dev, .ps = ps, .w = w, .set = set, .f = f, .nthreads = nthreads, .per = per,
               .cross = cross, .slm = slm, .src = src, .kernel = kernel, .cr0 = cr0, .ngroups = ngroups,
               .min_ns = p->parallel_min_ns};
    for (uint32_t i = 0; i < nw; i++) {
        pipe_worker *wk = &p->workers[i];
        wk->disp = disp;
        wk->disp.bti_cache = &wk->btc;   /* surface states decoded once per dispatch */
        gt_bti_cache_reset(&wk->btc);
        wk->fftid_base = i * nthreads;
        wk->ks_threads = wk->ks_insns = wk->ks_chans = 0;
        wk->disp.kcache = NULL;          /* worker 0: the device's kernel cache (walk_post sets the others') */
    }
    if (dev->timeline) {
        /* whole groups, at most GT_TIMELINE_MAX_THREADS threads; unset = not run */
        uint64_t groups = ngroups < GT_TIMELINE_MAX_THREADS / nthreads ? ngroups : GT_TIMELINE_MAX_THREADS / nthreads;
        wl.timeline_n = groups * nthreads;
        wl.timeline_insns = malloc((wl.timeline_n ? wl.timeline_n : 1) * sizeof(uint64_t));
        if (!wl.timeline_insns)
            return gt_error(dev, GTSIM_ERR_NOMEM, "GPGPU_WALKER at %s: out of memory for the timeline", where);
        memset(wl.timeline_insns, 0xff, wl.timeline_n * sizeof(uint64_t));
    }
    int st = walk_run(&wl, p->workers, nw);
    uint64_t kt = 0, ki = 0, kc = 0; /* gtsim_kernel_stats: the groups that ended */
    for (uint32_t i = 0; i < nw; i++) {
        kt += p->workers[i].ks_threads;
        ki += p->workers[i].ks_insns;
        kc += p->workers[i].ks_chans;
    }
    gt_kstats_add(dev, kernel, 1, kt, ki, kc);
    if (dev->timeline) {
        gt_timeline_walk tw = {.batch = w->batch_addr, .kernel = kernel, .groups = ngroups,
                            .threads_per_group = nthreads, .simd = w->simd, .status = st,
                            .insns = wl.timeline_insns, .recorded = wl.timeline_n, .group_ids = timeline_group_ids,
                            .ctx = &wl};
        gt_timeline_walker(dev->timeline, dev, &tw);
        free(wl.timeline_insns);
    }
    return st;
}
