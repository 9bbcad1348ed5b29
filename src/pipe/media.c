/*
 * Media pipeline: root thread queue, hardware scoreboard, thread spawner
 * (child threads, synchronized root threads, URB handles) and the
 * scheduler that runs media threads (see media.h).
 */
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cs/cmds.h"
#include "pipe/media.h"
#include "pipe/pipe.h"
#include "sf/sf.h"

#define MEDIA_MAX_SLOTS 256      /* thread slots modelled */
#define MEDIA_ROOTQ 64           /* root thread queue entries */
#define MEDIA_CHILDQ 4096        /* child queue entries (spawn bursts) */
#define MEDIA_URB_ROWS 4096      /* 128 KiB URB, in 32-byte rows */
#define MEDIA_URB_FIRST 32       /* the first 32 rows hold interface descriptors (§1.4.2.4.5) */
#define ADDR48 ((1ull << 48) - 1)
#define GT_MEDIA_GO_MAX 64       /* GPGPU_OBJECT threads in one thread group */

/* A thread request waiting in a queue. */
typedef struct media_req {
    int root, sync, use_sb, children, prt_restart;
    uint32_t idd_offset, x, y, color, sb_mask;
    uint64_t batch_addr;
    const char *cmd;
    uint32_t nregs;                 /* payload GRFs after R0 (root) */
    uint8_t payload[GT_GRF_REGS * 32];
    /* child / spawn-root message */
    uint32_t urb_handle, urb_offset, urb_len;
    uint32_t parent_slot;
} media_req;

typedef struct media_slot {
    gt_thread *t;
    int used, root, use_sb, children, urb_held;
    uint32_t x, y, color, urb_handle, fftid;
    uint64_t batch_addr;
    const char *cmd;
    uint64_t seq;                   /* dispatch sequence number */
    int gw_open;                    /* message gateway window (open gateway) */
    uint32_t gw_base, gw_regs, gw_key;
    gt_dispatch disp;
    gt_tgroup tg;
    gt_thread *tgp[1];
} media_slot;

struct gt_media {
    gtsim_device *dev;
    gt_media_sb sb;
    media_slot slot[MEDIA_MAX_SLOTS];
    media_req *rootq;              /* ring of MEDIA_ROOTQ */
    uint32_t rq_head, rq_count;
    media_req *childq;             /* ring of MEDIA_CHILDQ (no payload copy needed) */
    uint32_t cq_head, cq_count;
    uint8_t *urb;
    uint8_t *handle_busy;          /* per VFE URB entry */
    uint32_t nhandles, handle_rows, handle_next;
    uint64_t seq;
    uint32_t roots_in_flight, in_flight;
    gt_media_trace_fn trace;
    void *trace_ctx;
    gt_media_run_fn runner;
    void *runner_ctx;
    /* GPGPU_OBJECT thread group being collected */
    gt_thread *go_thr[GT_MEDIA_GO_MAX];
    gt_thread *go_ptr[GT_MEDIA_GO_MAX];
    uint32_t go_n;
    uint64_t go_batch[GT_MEDIA_GO_MAX];
    uint32_t go_ido;
    gt_dispatch go_disp;
    gt_tgroup go_tg;
    uint8_t *go_slm;
};

struct gt_media *gt_media_create(gtsim_device *dev)
{
    struct gt_media *m = calloc(1, sizeof(*m));
    if (!m)
        return NULL;
    m->dev = dev;
    m->rootq = calloc(MEDIA_ROOTQ, sizeof(media_req));
    m->childq = calloc(MEDIA_CHILDQ, sizeof(media_req) - sizeof(((media_req *)0)->payload));
    m->urb = calloc(MEDIA_URB_ROWS, 32);
    m->handle_busy = calloc(MEDIA_URB_ROWS, 1);
    if (!m->rootq || !m->childq || !m->urb || !m->handle_busy) {
        gt_media_destroy(m);
        return NULL;
    }
    return m;
}

void gt_media_destroy(struct gt_media *m)
{
    if (!m)
        return;
    for (int i = 0; i < MEDIA_MAX_SLOTS; i++)
        free(m->slot[i].t);
    for (int i = 0; i < GT_MEDIA_GO_MAX; i++)
        free(m->go_thr[i]);
    free(m->go_slm);
    free(m->rootq);
    free(m->childq);
    free(m->urb);
    free(m->handle_busy);
    free(m);
}

struct gt_media *gt_media_of(gtsim_device *dev)
{
    if (!dev->media)
        dev->media = gt_media_create(dev);
    return dev->media;
}

/* The child queue stores requests without their payload array. */
#define CQ_STRIDE (sizeof(media_req) - sizeof(((media_req *)0)->payload))
static media_req *cq_at(struct gt_media *m, uint32_t i)
{
    return (media_req *)((uint8_t *)m->childq + CQ_STRIDE * ((m->cq_head + i) % MEDIA_CHILDQ));
}
static media_req *rq_at(struct gt_media *m, uint32_t i)
{
    return &m->rootq[(m->rq_head + i) % MEDIA_ROOTQ];
}

uint8_t *gt_media_urb(gtsim_device *dev, uint32_t *size)
{
    struct gt_media *m = gt_media_of(dev);
    if (!m)
        return NULL;
    *size = MEDIA_URB_ROWS * 32;
    return m->urb;
}

void gt_media_set_trace(gtsim_device *dev, gt_media_trace_fn fn, void *ctx)
{
    struct gt_media *m = gt_media_of(dev);
    if (m) {
        m->trace = fn;
        m->trace_ctx = ctx;
    }
}

void gt_media_set_runner(gtsim_device *dev, gt_media_run_fn fn, void *ctx)
{
    struct gt_media *m = gt_media_of(dev);
    if (m) {
        m->runner = fn;
        m->runner_ctx = ctx;
    }
}

void gt_media_counts(gtsim_device *dev, uint32_t *in_flight, uint32_t *queued)
{
    struct gt_media *m = gt_media_of(dev);
    *in_flight = m ? m->in_flight : 0;
    *queued = m ? m->rq_count + m->cq_count : 0;
}

/* ---- URB handles (§1.4.1.4: a circular buffer referenced in order) ---- */

static void handles_setup(struct gt_media *m)
{
    gt_pipe_state *ps = gt_pipe_state_of(m->dev->pipe);
    uint32_t rows = ps->urb_entry_size ? ps->urb_entry_size : 1;
    uint32_t n = ps->urb_entries ? ps->urb_entries : 1;
    uint32_t first = MEDIA_URB_FIRST + ps->curbe_size;
    if (first >= MEDIA_URB_ROWS)
        first = MEDIA_URB_FIRST;
    if ((uint64_t)n * rows > MEDIA_URB_ROWS - first)
        n = (MEDIA_URB_ROWS - first) / rows ? (MEDIA_URB_ROWS - first) / rows : 1;
    m->nhandles = n;
    m->handle_rows = rows;
    (void)first;
}
static uint32_t handle_row(struct gt_media *m, uint32_t i)
{
    gt_pipe_state *ps = gt_pipe_state_of(m->dev->pipe);
    uint32_t first = MEDIA_URB_FIRST + ps->curbe_size;
    if (first >= MEDIA_URB_ROWS)
        first = MEDIA_URB_FIRST;
    return first + i * m->handle_rows;
}

void gt_media_urb_alloc(gtsim_device *dev, uint32_t *first, uint32_t *rows)
{
    struct gt_media *m = gt_media_of(dev);
    *first = *rows = 0;
    if (!m)
        return;
    if (!m->nhandles)
        handles_setup(m);
    *first = handle_row(m, 0);
    *rows = m->nhandles * m->handle_rows;
}

/* ---- error context ---- */

static int media_fail(struct gt_media *m, int st, const media_slot *s, const char *what)
{
    gtsim_device *dev = m->dev;
    char prev[sizeof(dev->err)];
    snprintf(prev, sizeof(prev), "%s", what ? what : dev->err);
    if (!s)
        return gt_error(dev, st, "%s", prev);
    return gt_error(dev, st, "%s\n  in %s thread %" PRIu64 " (%s at batch 0x%" PRIx64 ", X=%u Y=%u color %u)",
                    prev, s->root ? "root" : "child", s->seq, s->cmd, s->batch_addr, s->x, s->y, s->color);
}

/* ---- dispatch ---- */

/* Interface descriptor fields in the device generation's layout
 * (dev->plat->cmds->idd), into f[GT_NS_IDD]. */
static void idd_unpack(struct gt_media *m, const uint32_t *idd, uint64_t *f)
{
    const gt_cmd_set *set = m->dev->plat && m->dev->plat->cmds ? m->dev->plat->cmds : &gt_cmds_gen9;
    memset(f, 0, sizeof(uint64_t) * GT_NS_IDD);
    gt_fields_unpack(set->idd, set->nidd, idd, 8, f);
}

static const uint32_t *idd_of(struct gt_media *m, uint32_t ido, const char *cmd, uint64_t addr, int *st)
{
    gt_pipe_state *ps = gt_pipe_state_of(m->dev->pipe);
    if (ido >= ps->idd_count) {
        *st = gt_error(m->dev, GTSIM_ERR_INVALID,
                       "%s at batch 0x%" PRIx64 ": Interface Descriptor Offset %u but only %u descriptors "
                       "were loaded by MEDIA_INTERFACE_DESCRIPTOR_LOAD",
                       cmd, addr, ido, ps->idd_count);
        return NULL;
    }
    return ps->idd[ido];
}

static int free_slot(struct gt_media *m)
{
    uint32_t max = m->dev->plat->max_threads;
    if (max > MEDIA_MAX_SLOTS)
        max = MEDIA_MAX_SLOTS;
    if (m->in_flight >= max)
        return -1;
    for (int i = 0; i < MEDIA_MAX_SLOTS; i++)
        if (!m->slot[i].used)
            return i;
    return -1;
}

/* The in-flight root thread that dependency n of request r names: the
 * scoreboard entry (X + deltaX[n], Y + deltaY[n]) of the same color, for n
 * set in both the VFE Scoreboard Mask and the command's mask (seed 000
 * §1.4.2 / seed 003 §1.4.3).  Slot index, or -1 when none is in flight. */
static int sb_dep(const struct gt_media *m, const media_req *r, int n)
{
    if (!m->sb.enable || !r->use_sb || !((m->sb.mask & r->sb_mask) >> n & 1))
        return -1;
    uint32_t tx = (r->x + (uint32_t)(int32_t)m->sb.dx[n]) & 0x1ff;
    uint32_t ty = (r->y + (uint32_t)(int32_t)m->sb.dy[n]) & 0x1ff;
    for (int i = 0; i < MEDIA_MAX_SLOTS; i++) {
        const media_slot *s = &m->slot[i];
        if (s->used && s->root && s->use_sb && (s->x & 0x1ff) == tx && (s->y & 0x1ff) == ty &&
            s->color == r->color)
            return i;
    }
    return -1;
}

/* Is (x, y, color) with dependency mask blocked by an in-flight root?
 * Only the stalling scoreboard (Scoreboard Type 0) holds dispatch back; the
 * non-stalling one dispatches and records the dependencies in the
 * thread's TDR instead (see tdr_fill). */
static int sb_blocked(struct gt_media *m, const media_req *r, uint32_t *dep)
{
    if (m->sb.type == GT_MEDIA_SB_NONSTALLING)
        return 0;
    for (int n = 0; n < 8; n++) {
        int i = sb_dep(m, r, n);
        if (i >= 0) {
            *dep = (uint32_t)i;
            return 1;
        }
    }
    return 0;
}

/* Non-stalling scoreboard (MEDIA_VFE_STATE Scoreboard Type 1, seed 000
 * §1.8.1 DW5; seed 003 §1.4.3 "a thread is dispatched with the dependent
 * threads marked.  The thread dependency affects the issuing of a SENDC
 * instruction"): thread dependency register n (tdr0.n, seed 001
 * §3.3.3.11) holds the FFTID of the in-flight root thread dependency n
 * names in bits 7:0 and the valid bit 15; entries without an in-flight
 * dependency are not valid.  sendc waits until no entry is valid; the end
 * of the named thread clears the valid bit (tdr_retire). */
static void tdr_fill(const struct gt_media *m, const media_req *r, gt_thread *t)
{
    for (int n = 0; n < 8; n++) {
        int i = m->sb.type == GT_MEDIA_SB_NONSTALLING ? sb_dep(m, r, n) : -1;
        t->tdr[n] = i >= 0 ? (uint16_t)(0x8000u | (m->slot[i].fftid & 0xff)) : 0;
    }
}

/* End of thread fftid: clear the valid bits naming it in every in-flight
 * thread's TDR and let threads waiting in sendc look again (the EOT
 * broadcast of seed 001 §3.3.3.11). */
static void tdr_retire(struct gt_media *m, uint32_t fftid)
{
    for (int i = 0; i < MEDIA_MAX_SLOTS; i++) {
        media_slot *s = &m->slot[i];
        if (!s->used)
            continue;
        int hit = 0;
        for (int n = 0; n < 8; n++)
            if ((s->t->tdr[n] & 0x8000u) && (s->t->tdr[n] & 0xffu) == (fftid & 0xffu)) {
                s->t->tdr[n] &= 0x7fff;
                hit = 1;
            }
        if (hit && s->t->state == GT_THREAD_BLOCKED)
            s->t->state = GT_THREAD_RUNNABLE; /* sendc checks again (a wait n0 blocks again) */
    }
}

static void slot_start(struct gt_media *m, int si, const media_req *r, const uint32_t *idd)
{
    gt_pipe_state *ps = gt_pipe_state_of(m->dev->pipe);
    media_slot *s = &m->slot[si];
    uint64_t f[GT_NS_IDD];
    idd_unpack(m, idd, f);
    gt_thread *t = s->t;
    memset(t, 0, sizeof(*t));
    s->used = 1;
    s->root = r->root;
    s->use_sb = r->use_sb && m->sb.enable;
    s->children = r->children;
    s->x = r->x;
    s->y = r->y;
    s->color = r->color;
    s->cmd = r->cmd;
    s->batch_addr = r->batch_addr;
    s->seq = m->seq++;
    s->fftid = (uint32_t)si;
    s->gw_open = 0;
    memset(&s->disp, 0, sizeof(s->disp));
    s->disp.vm = &m->dev->ppgtt;
    s->disp.general_state_base = ps->general_state_base;
    s->disp.surface_state_base = ps->surface_state_base;
    s->disp.dynamic_state_base = ps->dynamic_state_base;
    s->disp.indirect_object_base = ps->indirect_object_base;
    s->disp.instruction_base = ps->instruction_base;
    s->disp.binding_table = (ps->surface_state_base + f[IDD_BT_PTR]) & ADDR48;
    s->disp.sampler_state = (ps->dynamic_state_base + (f[IDD_SAMPLER_PTR] & ~0x1full)) & ADDR48;
    s->disp.scratch_base = (ps->general_state_base + ps->scratch_offset) & ADDR48;
    s->disp.scratch_per_thread = ps->per_thread_scratch;
    memset(&s->tg, 0, sizeof(s->tg));
    s->tg.nthreads = 1;
    s->tgp[0] = t;
    s->tg.threads = s->tgp;
    t->disp = &s->disp;
    t->tg = &s->tg;
    t->tid = (uint32_t)si;
    t->simd = 16; /* media kernels are dispatched with all 16 channels (Gen7 media: SIMD16/SIMD8 by kernel) */
    t->dispatch_mask = t->exec_mask = t->ce = 0xffff;
    t->kernel_gva = (ps->instruction_base + f[IDD_KSP]) & ADDR48;
    t->cr0[0] = (uint32_t)f[IDD_FP_MODE] | (uint32_t)f[IDD_SPF] << 2 | (uint32_t)f[IDD_ROUNDING] << 4;
    t->state = GT_THREAD_RUNNABLE;
    m->in_flight++;
    if (s->root)
        m->roots_in_flight++;
}

/* R0 of a generic-mode root thread (seed 000 §1.7.1.1). */
static void root_r0(struct gt_media *m, media_slot *s, const media_req *r, const uint32_t *idd)
{
    gt_pipe_state *ps = gt_pipe_state_of(m->dev->pipe);
    uint64_t f[GT_NS_IDD];
    idd_unpack(m, idd, f);
    uint32_t r0[8] = {0};
    r0[0] = (r->sb_mask & 0xff) << 24 | (s->urb_handle & 0xffff);
    r0[1] = (r->y & 0x1ff) << 16 | (r->x & 0x1ff);
    r0[2] = (r->idd_offset & 0x3f) << 4 | (r->color & 0xf);
    if (r->prt_restart)
        r0[2] = (r0[2] & ~1u) | 1u;
    r0[3] = ((uint32_t)f[IDD_SAMPLER_PTR] & ~0x1fu) | ps->per_thread_scratch_code;
    r0[4] = (uint32_t)f[IDD_BT_PTR] & ~0x1fu;
    r0[5] = (((uint32_t)ps->scratch_offset + s->fftid * ps->per_thread_scratch) & ~0x3ffu) | (s->fftid & 0xff);
    memcpy(s->t->grf, r0, 32);
}

/* CURBE constants of the interface descriptor into GRF dst.. (returns
 * registers written, or -1 if the CURBE is too short). */
static int put_curbe(struct gt_media *m, gt_thread *t, uint32_t dst, const uint32_t *idd)
{
    gt_pipe_state *ps = gt_pipe_state_of(m->dev->pipe);
    uint64_t f[GT_NS_IDD];
    idd_unpack(m, idd, f);
    uint32_t n = (uint32_t)f[IDD_CURBE_LEN], off = 32u * (uint32_t)f[IDD_CURBE_OFFSET];
    if (!n)
        return 0;
    if (dst + n > GT_GRF_REGS || off > ps->curbe_len || 32u * n > ps->curbe_len - off)
        return -1;
    memcpy(t->grf + 32u * dst, ps->curbe + off, 32u * n);
    return (int)n;
}

static int urb_rows_ok(uint32_t first, uint32_t n) { return first < MEDIA_URB_ROWS && n <= MEDIA_URB_ROWS - first; }

/* Dispatch one request from the queues if possible: 1 dispatched, 0
 * nothing can be dispatched now, <0 error. */
/* Before a thread is dispatched: poll (interrupt, timeout, submission
 * bounds) and count it against max_threads. */
static int dispatch_allowed(struct gt_media *m, const media_req *r)
{
    gtsim_device *dev = m->dev;
    int st = gt_poll(dev);
    if (st == GTSIM_OK)
        st = gt_threads_dispatch(dev, 1);
    if (st == GTSIM_OK)
        return GTSIM_OK;
    char prev[sizeof(dev->err)];
    snprintf(prev, sizeof(prev), "%s", dev->err);
    return gt_error(dev, st, "%s\n  dispatching a %s thread of %s at batch 0x%" PRIx64, prev,
                    r->root ? "root" : "child", r->cmd ? r->cmd : "media object", r->batch_addr);
}

static int try_dispatch(struct gt_media *m)
{
    gtsim_device *dev = m->dev;
    int si = free_slot(m);
    if (si < 0)
        return 0;
    if (!m->slot[si].t) {
        m->slot[si].t = aligned_alloc(64, (sizeof(gt_thread) + 63) & ~(size_t)63);
        if (!m->slot[si].t)
            return gt_error(dev, GTSIM_ERR_NOMEM, "media: out of memory for a thread");
    }
    int st = GTSIM_OK;
    /* child queue first (§1.5.1.8) */
    if (m->cq_count) {
        media_req *c = cq_at(m, 0);
        if (!c->root) {
            const uint32_t *idd = idd_of(m, c->idd_offset, "thread spawn message", c->batch_addr, &st);
            if (!idd)
                return st;
            if (!urb_rows_ok(c->urb_handle + c->urb_offset, c->urb_len + 1))
                return gt_error(dev, GTSIM_ERR_INVALID,
                                "thread spawn message: child payload at URB row %u + %u, %u rows, runs past the "
                                "URB (%u rows)",
                                c->urb_handle, c->urb_offset, c->urb_len + 1, MEDIA_URB_ROWS);
            if ((st = dispatch_allowed(m, c)) != GTSIM_OK)
                return st;
            media_req copy = *c; /* without payload */
            m->cq_head = (m->cq_head + 1) % MEDIA_CHILDQ;
            m->cq_count--;
            slot_start(m, si, &copy, idd);
            media_slot *s = &m->slot[si];
            const uint8_t *src = m->urb + 32u * (copy.urb_handle + copy.urb_offset);
            memcpy(s->t->grf, src, 32); /* R0 from the URB (§1.7.1.4) */
            int n = put_curbe(m, s->t, 1, idd);
            if (n < 0)
                return media_fail(m, GTSIM_ERR_INVALID, s, "child thread: CURBE read beyond MEDIA_CURBE_LOAD data");
            if (1 + (uint32_t)n + copy.urb_len > GT_GRF_REGS)
                return media_fail(m, GTSIM_ERR_INVALID, s, "child thread payload exceeds the GRF");
            memcpy(s->t->grf + 32u * (1 + (uint32_t)n), src + 32, 32u * copy.urb_len);
            s->urb_handle = copy.urb_handle;
            if (m->trace)
                m->trace(m->trace_ctx, s->t, 0, s->x, s->y, s->color);
            return 1;
        }
        /* spawn-root message: waits for a synchronized root at the head */
        if (!m->rq_count || !rq_at(m, 0)->sync)
            return 0;
    }
    if (!m->rq_count)
        return 0;
    media_req *r = rq_at(m, 0);
    if (r->sync && (!m->cq_count || !cq_at(m, 0)->root))
        return 0; /* a synchronized root waits for a spawn-root message (§1.5.1.5) */
    gt_pipe_state *ps = gt_pipe_state_of(dev->pipe);
    uint32_t max_roots = ps->max_threads ? ps->max_threads : dev->plat->max_threads;
    if (m->roots_in_flight >= max_roots)
        return 0;
    uint32_t dep;
    if (sb_blocked(m, r, &dep))
        return 0;
    /* a URB handle from the ring (in order) */
    if (!m->nhandles)
        handles_setup(m);
    uint32_t h = m->handle_next % m->nhandles;
    if (m->handle_busy[h])
        return 0;
    const uint32_t *idd = idd_of(m, r->idd_offset, r->cmd, r->batch_addr, &st);
    if (!idd)
        return st;
    if ((st = dispatch_allowed(m, r)) != GTSIM_OK)
        return st;
    slot_start(m, si, r, idd);
    media_slot *s = &m->slot[si];
    s->urb_handle = handle_row(m, h);
    m->handle_next++;
    if (r->children) { /* the handle is the root's return URB until it dereferences it */
        m->handle_busy[h] = 1;
        s->urb_held = 1;
    }
    root_r0(m, s, r, idd);
    tdr_fill(m, r, s->t);
    int n = put_curbe(m, s->t, 1, idd);
    if (n < 0)
        return media_fail(m, GTSIM_ERR_INVALID, s, "root thread: CURBE read beyond MEDIA_CURBE_LOAD data");
    uint32_t at = 1 + (uint32_t)n;
    if (r->sync) { /* the spawning thread's message comes after the constants (§1.7.1) */
        media_req *c = cq_at(m, 0);
        if (!urb_rows_ok(c->urb_handle + c->urb_offset, c->urb_len) || at + c->urb_len > GT_GRF_REGS)
            return media_fail(m, GTSIM_ERR_INVALID, s, "spawn-root message: URB data out of range");
        memcpy(s->t->grf + 32u * at, m->urb + 32u * (c->urb_handle + c->urb_offset), 32u * c->urb_len);
        at += c->urb_len;
        m->cq_head = (m->cq_head + 1) % MEDIA_CHILDQ;
        m->cq_count--;
    }
    if (at + r->nregs > GT_GRF_REGS)
        return media_fail(m, GTSIM_ERR_INVALID, s, "root thread payload exceeds the 128 GRF registers");
    memcpy(s->t->grf + 32u * at, r->payload, 32u * r->nregs);
    m->rq_head = (m->rq_head + 1) % MEDIA_ROOTQ;
    m->rq_count--;
    if (m->trace)
        m->trace(m->trace_ctx, s->t, 1, s->x, s->y, s->color);
    return 1;
}

static void retire(struct gt_media *m, media_slot *s)
{
    s->used = 0;
    s->gw_open = 0; /* a gateway closes with its thread */
    m->in_flight--;
    if (s->root)
        m->roots_in_flight--;
    tdr_retire(m, s->fftid);
}

/* What a stuck head request waits for (for the deadlock report). */
static void describe_stall(struct gt_media *m, char *buf, size_t len)
{
    size_t n = 0;
    buf[0] = 0;
    if (m->rq_count) {
        media_req *r = rq_at(m, 0);
        uint32_t dep;
        n += (size_t)snprintf(buf + n, len - n, "root queue head: %s at batch 0x%" PRIx64 " X=%u Y=%u color %u", r->cmd,
                              r->batch_addr, r->x, r->y, r->color);
        if (n < len && r->sync && (!m->cq_count || !cq_at(m, 0)->root))
            n += (size_t)snprintf(buf + n, len - n, " is a synchronized root thread and no spawn-root message is queued");
        else if (n < len && sb_blocked(m, r, &dep))
            n += (size_t)snprintf(buf + n, len - n, " depends on in-flight thread %" PRIu64 " at X=%u Y=%u",
                                  m->slot[dep].seq, m->slot[dep].x, m->slot[dep].y);
        else if (n < len && m->nhandles && m->handle_busy[m->handle_next % m->nhandles])
            n += (size_t)snprintf(buf + n, len - n, " waits for URB handle %u, held by a root thread with Children "
                                  "Present that has not dereferenced it", m->handle_next % m->nhandles);
        if (n < len)
            n += (size_t)snprintf(buf + n, len - n, "; ");
    }
    if (n < len && m->cq_count && cq_at(m, 0)->root)
        n += (size_t)snprintf(buf + n, len - n, "a spawn-root message waits for a synchronized root thread; ");
    if (n < len)
        n += (size_t)snprintf(buf + n, len - n, "%u threads in flight:", m->in_flight);
    for (int i = 0; i < MEDIA_MAX_SLOTS && n < len; i++) {
        const media_slot *s = &m->slot[i];
        if (s->used)
            n += (size_t)snprintf(buf + n, len - n, " %" PRIu64 "(%s X=%u Y=%u)@ip 0x%x%s", s->seq, s->root ? "root" : "child",
                                  s->x, s->y, s->t->ip, s->t->state == GT_THREAD_BLOCKED ? " blocked" : "");
    }
}

static int media_run(struct gt_media *m, int drain)
{
    gtsim_device *dev = m->dev;
    for (;;) {
        int progress = 0, pst = gt_poll(dev);
        if (pst != GTSIM_OK)
            return media_fail(m, pst, NULL, NULL);
        for (;;) {
            int d = try_dispatch(m);
            if (d < 0)
                return d;
            if (!d)
                break;
            progress = 1;
        }
        for (int i = 0; i < MEDIA_MAX_SLOTS; i++) {
            media_slot *s = &m->slot[i];
            if (!s->used || s->t->state != GT_THREAD_RUNNABLE)
                continue;
            uint64_t before = s->t->instructions;
            uint32_t ip = s->t->ip;
            int st = m->runner ? m->runner(dev, s->t, m->runner_ctx) : gt_eu_run(dev, s->t);
            if (st != GTSIM_OK || s->t->state == GT_THREAD_FAULTED)
                return media_fail(m, st ? st : GTSIM_ERR_ILLEGAL, s, NULL);
            if (s->t->state == GT_THREAD_DONE) {
                gt_kstats_add(dev, s->t->kernel_gva, 0, 1, s->t->instructions, s->t->channels);
                retire(m, s);
                progress = 1;
            } else if (s->t->instructions != before || s->t->ip != ip || s->t->state != GT_THREAD_RUNNABLE) {
                progress = 1;   /* (a thread woken that blocks again has used its wake) */
            }
        }
        if (!m->in_flight && !m->rq_count && !m->cq_count)
            return GTSIM_OK;
        if (progress)
            continue;
        /* Nothing moved.  Before a flush point the command streamer may
         * still bring the work that unblocks it (a synchronized root for a
         * queued spawn-root message, ...), unless the root queue is full. */
        if (!drain && m->rq_count < MEDIA_ROOTQ)
            return GTSIM_OK;
        char what[1536];
        describe_stall(m, what, sizeof(what));
        return gt_error(dev, GTSIM_ERR_WATCHDOG, "media pipeline deadlock: no thread can run and no queued thread "
                        "can be dispatched: %s", what);
    }
}

static int go_run_group(struct gt_media *m);

int gt_media_drain(gtsim_device *dev)
{
    if (!dev->media)
        return GTSIM_OK;
    if (dev->media->go_n) {
        gt_warn(dev, "GPGPU_OBJECT at batch 0x%" PRIx64 ": thread group without End of Thread Group runs at a "
                "flush point", dev->media->go_batch[dev->media->go_n - 1]);
        int st = go_run_group(dev->media);
        if (st)
            return st;
    }
    return media_run(dev->media, 1);
}

int gt_media_set_scoreboard(gtsim_device *dev, const gt_media_sb *sb)
{
    struct gt_media *m = gt_media_of(dev);
    if (!m)
        return gt_error(dev, GTSIM_ERR_NOMEM, "media: out of memory");
    int st = media_run(m, 1);
    if (st)
        return st;
    m->sb = *sb;
    m->nhandles = 0; /* VFE state change: URB handles are allocated again */
    memset(m->handle_busy, 0, MEDIA_URB_ROWS);
    m->handle_next = 0;
    return GTSIM_OK;
}

/* Build a root request from a command (payload: inline data, then
 * indirect data, each rounded up to whole GRFs; seed 003 AVC-IT / VC1-IT
 * layouts: R(m+1) in-line data block, then the indirect data). */
static int make_req(struct gt_media *m, const gt_media_obj *o, media_req *r)
{
    gtsim_device *dev = m->dev;
    gt_pipe_state *ps = gt_pipe_state_of(dev->pipe);
    memset(r, 0, offsetof(media_req, payload));
    r->root = 1;
    r->sync = o->sync;
    r->use_sb = o->use_sb;
    r->children = o->children;
    r->prt_restart = o->prt_restart;
    r->idd_offset = o->idd_offset;
    r->x = o->sb_x & 0x1ff;
    r->y = o->sb_y & 0x1ff;
    r->color = o->sb_color & 0xf;
    r->sb_mask = o->sb_mask & 0xff;
    r->batch_addr = o->batch_addr;
    r->cmd = o->cmd;
    uint32_t inl = (o->inline_len + 31) / 32, ind = (o->indirect_len + 31) / 32;
    if (inl + ind > GT_GRF_REGS - 1)
        return gt_error(dev, GTSIM_ERR_INVALID,
                        "%s at batch 0x%" PRIx64 ": %u bytes of inline and %u bytes of indirect data exceed the "
                        "GRF",
                        o->cmd, o->batch_addr, o->inline_len, o->indirect_len);
    memset(r->payload, 0, 32u * (inl + ind));
    if (o->inline_len)
        memcpy(r->payload, o->inline_data, o->inline_len);
    if (o->indirect_len) {
        uint64_t va = (ps->indirect_object_base + o->indirect_start) & ADDR48, fault = 0;
        if (gt_vm_read(&dev->ppgtt, va, r->payload + 32u * inl, o->indirect_len, &fault)) {
            char what[128];
            snprintf(what, sizeof(what), "%s at batch 0x%" PRIx64 ": reading indirect data", o->cmd, o->batch_addr);
            if (gt_vm_host_error(dev, &dev->ppgtt, what, fault))
                return GTSIM_ERR_NOMEM;
            char why[96];
            gt_vm_fault_why(&dev->ppgtt, fault, why, sizeof(why));
            return gt_error(dev, GTSIM_ERR_FAULT,
                            "%s at batch 0x%" PRIx64 ": GPU page fault reading %u bytes of indirect data at PPGTT "
                            "0x%" PRIx64 " (unmapped page 0x%" PRIx64 ": %s)",
                            o->cmd, o->batch_addr, o->indirect_len, va, fault, why);
        }
    }
    r->nregs = inl + ind;
    return GTSIM_OK;
}

/* Queue a request, running the pipeline while the queue is full. */
static int enqueue(struct gt_media *m, const gt_media_obj *o, uint32_t x, uint32_t y, uint32_t color, int walker)
{
    while (m->rq_count >= MEDIA_ROOTQ) {
        int st = media_run(m, 0);
        if (st)
            return st;
        if (m->rq_count >= MEDIA_ROOTQ) {
            char what[1536];
            describe_stall(m, what, sizeof(what));
            return gt_error(m->dev, GTSIM_ERR_WATCHDOG,
                            "media pipeline deadlock at %s (batch 0x%" PRIx64 "): the root thread queue is full "
                            "and nothing can move: %s",
                            o->cmd, o->batch_addr, what);
        }
    }
    media_req *r = rq_at(m, m->rq_count);
    int st = make_req(m, o, r);
    if (st)
        return st;
    if (walker) {
        r->x = x & 0x1ff;
        r->y = y & 0x1ff;
        r->color = color & 0xf;
    }
    m->rq_count++;
    return GTSIM_OK;
}

/* Dispatch what the queues, the free thread slots, Maximum Number of
 * Threads and the scoreboard allow, without running any thread: the
 * dispatched threads stay in flight until a flush point (gt_media_drain)
 * or a full root queue runs them. */
static int dispatch_ready(struct gt_media *m)
{
    for (;;) {
        int d = try_dispatch(m);
        if (d <= 0)
            return d;
    }
}

int gt_media_object(gtsim_device *dev, const gt_media_obj *o)
{
    struct gt_media *m = gt_media_of(dev);
    if (!m)
        return gt_error(dev, GTSIM_ERR_NOMEM, "media: out of memory");
    int st = enqueue(m, o, 0, 0, 0, 0);
    if (st)
        return st;
    return dispatch_ready(m);
}

typedef struct walk_emit {
    struct gt_media *m;
    const gt_media_obj *o;
} walk_emit;

static int walker_emit(void *ctx, int32_t x, int32_t y, uint32_t color)
{
    walk_emit *w = ctx;
    int st = enqueue(w->m, w->o, (uint32_t)x, (uint32_t)y, color, 1);
    return st ? st : 0;
}

/* Between global positions of the walk: interrupt, timeout, bounds. */
static int walker_poll(void *ctx)
{
    walk_emit *w = ctx;
    gtsim_device *dev = w->m->dev;
    int st = gt_poll(dev);
    if (st == GTSIM_OK)
        return 0;
    char prev[sizeof(dev->err)];
    snprintf(prev, sizeof(prev), "%s", dev->err);
    return gt_error(dev, st, "%s\n  in %s at batch 0x%" PRIx64 " (walking)", prev, w->o->cmd, w->o->batch_addr);
}

int gt_media_walker(gtsim_device *dev, const gt_media_obj *o, const gt_mw_params *p)
{
    struct gt_media *m = gt_media_of(dev);
    if (!m)
        return gt_error(dev, GTSIM_ERR_NOMEM, "media: out of memory");
    char why[256];
    if (gt_mw_check(p, why, sizeof(why)))
        return gt_error(dev, GTSIM_ERR_INVALID, "%s at batch 0x%" PRIx64 ": %s", o->cmd, o->batch_addr, why);
    walk_emit w = {m, o};
    int st = gt_mw_walk_poll(p, walker_emit, walker_poll, &w);
    if (st)
        return st;
    return dispatch_ready(m);
}

/* ---- thread spawner messages (seed 000 §1.7.2) ---- */

static media_slot *slot_of(struct gt_media *m, const gt_thread *t)
{
    for (int i = 0; i < MEDIA_MAX_SLOTS; i++)
        if (m->slot[i].used && m->slot[i].t == t)
            return &m->slot[i];
    return NULL;
}

int gt_media_ts_message(gtsim_device *dev, gt_thread *t, uint32_t desc, const uint8_t *m0, int eot, char *why,
                        size_t why_len)
{
    struct gt_media *m = dev->media;
    media_slot *s = m ? slot_of(m, t) : NULL;
    unsigned opcode = desc & 1, requester_child = desc >> 1 & 1, resource = desc >> 4 & 1;
    uint32_t dw[8];
    memcpy(dw, m0, 32);
    if (opcode == 0) { /* dereference resource (also end of thread) */
        if (s && s->root && !requester_child && resource == 0) {
            if (!s->urb_held) {
                snprintf(why, why_len, "dereference of URB handle 0x%x: the root thread %s", s->urb_handle,
                         s->children ? "already dereferenced it (one dereference per handle)"
                                     : "has no return URB handle (Children Present clear)");
                return GTSIM_ERR_INVALID;
            }
            for (uint32_t h = 0; h < m->nhandles; h++)
                if (handle_row(m, h) == s->urb_handle)
                    m->handle_busy[h] = 0;
            s->urb_held = 0;
        }
        return GTSIM_OK;
    }
    if (eot) {
        snprintf(why, why_len, "a thread cannot terminate with a spawn message (Opcode 1 with EOT)");
        return GTSIM_ERR_ILLEGAL;
    }
    if (!s) {
        snprintf(why, why_len, "spawn message from a thread that is not a media thread (no root thread tree: "
                 "GPGPU walker threads cannot spawn)");
        return GTSIM_ERR_INVALID;
    }
    media_slot *root = s;
    if (!root->root) {
        /* a child may spawn: its tree has a root somewhere in flight */
        int any = 0;
        for (int i = 0; i < MEDIA_MAX_SLOTS; i++)
            any |= m->slot[i].used && m->slot[i].root;
        if (!any) {
            snprintf(why, why_len, "child spawn without a root thread in flight");
            return GTSIM_ERR_INVALID;
        }
    } else if (!root->children && resource == 0) {
        snprintf(why, why_len, "child spawn from a root thread whose command has Children Present clear");
        return GTSIM_ERR_INVALID;
    }
    if (m->cq_count >= MEDIA_CHILDQ) {
        snprintf(why, why_len, "thread spawner child queue overflow (%u requests)", MEDIA_CHILDQ);
        return GTSIM_ERR_WATCHDOG;
    }
    media_req *c = (media_req *)((uint8_t *)m->childq + CQ_STRIDE * ((m->cq_head + m->cq_count) % MEDIA_CHILDQ));
    memset(c, 0, CQ_STRIDE);
    c->root = (int)resource;   /* 1: spawn-root message for a synchronized root thread */
    c->urb_handle = dw[0] & 0xffff;
    c->idd_offset = gt_bits(dw[2], 9, 4);
    c->urb_len = gt_bits(dw[4], 15, 10);
    c->urb_offset = gt_bits(dw[4], 9, 0);
    c->x = s->x;
    c->y = s->y;
    c->color = s->color;
    c->cmd = resource ? "spawn-root message" : "child thread";
    c->batch_addr = s->batch_addr;
    m->cq_count++;
    return GTSIM_OK;
}

/* ---- message gateway: open / close / forward (see media.h) ---- */

int gt_media_gateway(gtsim_device *dev, gt_thread *t, uint32_t desc, const uint8_t *m0, uint8_t rsp[32],
                     char *why, size_t why_len)
{
    struct gt_media *m = dev->media;
    media_slot *s = m ? slot_of(m, t) : NULL;
    unsigned sub = desc & 7;
    uint32_t dw[8];
    memcpy(dw, m0, 32);
    memset(rsp, 0, 32);
    if (!s) {
        snprintf(why, why_len, "gateway %s message from a thread that is not a media thread (GPGPU walker "
                 "threads have no gateway ID)", sub == 0 ? "open" : sub == 1 ? "close" : "forward");
        return GTSIM_ERR_INVALID;
    }
    if (sub == 0) { /* open gateway */
        uint32_t base = gt_bits(dw[5], 28, 21), regs = 1u << gt_bits(dw[5], 10, 8);
        if (base + regs > GT_GRF_REGS) {
            snprintf(why, why_len, "open gateway: window r%u + %u registers (M0.5 = 0x%08x) runs past r%u", base,
                     regs, dw[5], GT_GRF_REGS - 1);
            return GTSIM_ERR_ILLEGAL;
        }
        s->gw_open = 1;
        s->gw_base = base;
        s->gw_regs = regs;
        s->gw_key = dw[4] & 0xffff;
        rsp[0] = (uint8_t)s->fftid; /* acknowledgement: the gateway ID */
        return GTSIM_OK;
    }
    if (sub == 1) { /* close gateway */
        if (!s->gw_open) {
            snprintf(why, why_len, "close gateway: the gateway of thread %u (FFTID) is not open", s->fftid);
            return GTSIM_ERR_INVALID;
        }
        s->gw_open = 0;
        rsp[0] = (uint8_t)s->fftid;
        return GTSIM_OK;
    }
    /* forward message */
    uint32_t id = dw[4] >> 16, key = dw[4] & 0xffff;
    uint32_t off = gt_bits(dw[5], 28, 16), code = gt_bits(dw[5], 10, 8);
    if (code > 4) {
        snprintf(why, why_len, "forward message: reserved data size code %u (M0.5 = 0x%08x)", code, dw[5]);
        return GTSIM_ERR_ILLEGAL;
    }
    uint32_t len = 1u << code;
    media_slot *r = id < MEDIA_MAX_SLOTS && m->slot[id].used ? &m->slot[id] : NULL;
    if (!r) {
        snprintf(why, why_len, "forward message to gateway ID %u (M0.4 = 0x%08x): no such thread is running", id,
                 dw[4]);
        return GTSIM_ERR_INVALID;
    }
    if (!r->gw_open) {
        snprintf(why, why_len, "forward message to thread %u (%s at batch 0x%" PRIx64 "): its gateway is closed", id,
                 r->cmd, r->batch_addr);
        return GTSIM_ERR_INVALID;
    }
    if (key != r->gw_key) {
        snprintf(why, why_len, "forward message to thread %u: key 0x%04x does not match the gateway's key 0x%04x",
                 id, key, r->gw_key);
        return GTSIM_ERR_INVALID;
    }
    if (off % len || off + len > 32u * r->gw_regs) {
        snprintf(why, why_len, "forward message to thread %u: %u bytes at offset %u %s the %u-register gateway "
                 "window", id, len, off, off % len ? "are misaligned in" : "run past", r->gw_regs);
        return GTSIM_ERR_INVALID;
    }
    memcpy(r->t->grf + 32u * r->gw_base + off, m0, len);
    if (desc >> 15 & 1) {
        r->t->n0[0] = (r->t->n0[0] + 1) & 0xffff;
        if (r->t->state == GT_THREAD_BLOCKED)
            r->t->state = GT_THREAD_RUNNABLE;
    }
    return GTSIM_OK;
}

/* ---- GPGPU_OBJECT (seed 000 §1.8.9, see media.h) ---- */

/* Run the collected thread group to its end. */
static int go_run_group(struct gt_media *m)
{
    gtsim_device *dev = m->dev;
    uint32_t n = m->go_n;
    m->go_n = 0;
    m->go_tg.nthreads = n;
    m->go_tg.threads = m->go_ptr;
    m->go_tg.barrier_arrived = 0;
    m->go_tg.done = 0;
    int pst = gt_poll(dev);
    if (pst == GTSIM_OK)
        pst = gt_threads_dispatch(dev, n);
    if (pst != GTSIM_OK) {
        char prev[sizeof(dev->err)];
        snprintf(prev, sizeof(prev), "%s", dev->err);
        return gt_error(dev, pst, "%s\n  dispatching the GPGPU_OBJECT thread group ending at batch 0x%" PRIx64
                        " (%u threads)", prev, m->go_batch[n - 1], n);
    }
    for (;;) {
        uint32_t live = 0, progress = 0;
        for (uint32_t i = 0; i < n; i++) {
            gt_thread *t = m->go_thr[i];
            if (t->state == GT_THREAD_DONE)
                continue;
            live++;
            if (t->state != GT_THREAD_RUNNABLE)
                continue;
            uint64_t before = t->instructions;
            uint32_t ip = t->ip;
            int st = m->runner ? m->runner(dev, t, m->runner_ctx) : gt_eu_run(dev, t);
            if (st != GTSIM_OK || t->state == GT_THREAD_FAULTED) {
                char prev[sizeof(dev->err)];
                snprintf(prev, sizeof(prev), "%s", dev->err);
                return gt_error(dev, st ? st : GTSIM_ERR_ILLEGAL,
                                "%s\n  in GPGPU_OBJECT thread %u of %u (batch 0x%" PRIx64 "), thread group "
                                "(%u, %u, %u)", prev, i, n, m->go_batch[i], ((uint32_t *)t->grf)[1],
                                ((uint32_t *)t->grf)[6], ((uint32_t *)t->grf)[7]);
            }
            if (t->instructions != before || t->ip != ip || t->state != GT_THREAD_RUNNABLE)
                progress++;
        }
        if (!live) {
            for (uint32_t i = 0; i < n; i++)
                gt_kstats_add(dev, m->go_thr[i]->kernel_gva, 0, 1, m->go_thr[i]->instructions,
                              m->go_thr[i]->channels);
            return GTSIM_OK;
        }
        if (!progress)
            return gt_error(dev, GTSIM_ERR_WATCHDOG,
                            "GPGPU_OBJECT thread group ending at batch 0x%" PRIx64 ": barrier deadlock, %u of %u "
                            "threads wait and none can run (%u barrier arrivals)",
                            m->go_batch[n - 1], live, n, m->go_tg.barrier_arrived);
    }
}

int gt_media_gpgpu_object(gtsim_device *dev, const gt_gpgpu_obj *o)
{
    struct gt_media *m = gt_media_of(dev);
    if (!m)
        return gt_error(dev, GTSIM_ERR_NOMEM, "media: out of memory");
    /* root media threads finish first: the GPGPU group runs on its own */
    int st = media_run(m, 1);
    if (st)
        return st;
    gt_pipe_state *ps = gt_pipe_state_of(dev->pipe);
    const gt_cmd_set *set = dev->plat && dev->plat->cmds ? dev->plat->cmds : &gt_cmds_gen9;
    const uint32_t *idd = idd_of(m, o->idd_offset, "GPGPU_OBJECT", o->batch_addr, &st);
    if (!idd)
        return st;
    if (m->go_n && o->idd_offset != m->go_ido)
        return gt_error(dev, GTSIM_ERR_INVALID,
                        "GPGPU_OBJECT at batch 0x%" PRIx64 ": Interface Descriptor Offset %u differs from %u of "
                        "the thread group it continues", o->batch_addr, o->idd_offset, m->go_ido);
    if (m->go_n >= GT_MEDIA_GO_MAX)
        return gt_error(dev, GTSIM_ERR_UNIMPL,
                        "GPGPU_OBJECT at batch 0x%" PRIx64 ": more than %u threads in one thread group",
                        o->batch_addr, GT_MEDIA_GO_MAX);
    if (o->indirect_len % 32)
        return gt_error(dev, GTSIM_ERR_INVALID, "GPGPU_OBJECT at batch 0x%" PRIx64 ": Indirect Data Length %u is "
                        "not 32-byte aligned", o->batch_addr, o->indirect_len);
    uint64_t f[GT_NS_IDD];
    idd_unpack(m, idd, f);
    uint32_t slm = set->slm_bytes((uint32_t)f[IDD_SLM_SIZE]);
    if (slm == UINT32_MAX)
        return gt_error(dev, GTSIM_ERR_ILLEGAL, "GPGPU_OBJECT at batch 0x%" PRIx64 ": interface descriptor %u has "
                        "reserved Shared Local Memory Size %u", o->batch_addr, o->idd_offset,
                        (unsigned)f[IDD_SLM_SIZE]);
    uint32_t i = m->go_n;
    if (!m->go_thr[i]) {
        m->go_thr[i] = aligned_alloc(64, (sizeof(gt_thread) + 63) & ~(size_t)63);
        if (!m->go_thr[i])
            return gt_error(dev, GTSIM_ERR_NOMEM, "GPGPU_OBJECT: out of memory for a thread");
    }
    if (i == 0) { /* a new thread group: its dispatch state and SLM */
        m->go_ido = o->idd_offset;
        memset(&m->go_disp, 0, sizeof(m->go_disp));
        m->go_disp.vm = &dev->ppgtt;
        m->go_disp.general_state_base = ps->general_state_base;
        m->go_disp.surface_state_base = ps->surface_state_base;
        m->go_disp.dynamic_state_base = ps->dynamic_state_base;
        m->go_disp.indirect_object_base = ps->indirect_object_base;
        m->go_disp.instruction_base = ps->instruction_base;
        m->go_disp.binding_table = (ps->surface_state_base + f[IDD_BT_PTR]) & ADDR48;
        m->go_disp.sampler_state = (ps->dynamic_state_base + (f[IDD_SAMPLER_PTR] & ~0x1full)) & ADDR48;
        m->go_disp.scratch_base = (ps->general_state_base + ps->scratch_offset) & ADDR48;
        m->go_disp.scratch_per_thread = ps->per_thread_scratch;
        m->go_disp.slm_size = slm;
        memset(&m->go_tg, 0, sizeof(m->go_tg));
        free(m->go_slm);
        m->go_slm = slm ? calloc(1, slm) : NULL;
        if (slm && !m->go_slm)
            return gt_error(dev, GTSIM_ERR_NOMEM, "GPGPU_OBJECT: out of memory for %u bytes of SLM", slm);
        m->go_tg.slm = m->go_slm;
        m->go_tg.slm_size = slm;
    }
    gt_thread *t = m->go_thr[i];
    memset(t, 0, sizeof(*t));
    uint32_t r0[8] = {0};
    r0[1] = o->tg[0];
    r0[2] = (uint32_t)f[IDD_BARRIER] << 29 | (slm ? 1u : 0) << 28 | (o->idd_offset & 0x3f) << 4;
    r0[3] = ((uint32_t)f[IDD_SAMPLER_PTR] & ~0x1fu) | ps->per_thread_scratch_code;
    r0[4] = (uint32_t)f[IDD_BT_PTR] & ~0x1fu;
    r0[5] = (((uint32_t)ps->scratch_offset + i * ps->per_thread_scratch) & ~0x3ffu) | (i & 0xff);
    r0[6] = o->tg[1];
    r0[7] = o->tg[2];
    memcpy(t->grf, r0, 32);
    int nc = put_curbe(m, t, 1, idd);
    if (nc < 0)
        return gt_error(dev, GTSIM_ERR_INVALID, "GPGPU_OBJECT at batch 0x%" PRIx64 ": the interface descriptor "
                        "reads CURBE beyond the MEDIA_CURBE_LOAD data", o->batch_addr);
    uint32_t at = 1 + (uint32_t)nc, ind = o->indirect_len / 32;
    if (at + ind > GT_GRF_REGS)
        return gt_error(dev, GTSIM_ERR_INVALID, "GPGPU_OBJECT at batch 0x%" PRIx64 ": payload of %u + %u registers "
                        "exceeds the GRF", o->batch_addr, at, ind);
    if (ind) {
        uint64_t va = (ps->indirect_object_base + o->indirect_start) & ADDR48, fault = 0;
        if (gt_vm_read(&dev->ppgtt, va, t->grf + 32u * at, o->indirect_len, &fault)) {
            char what[128];
            snprintf(what, sizeof(what), "GPGPU_OBJECT at batch 0x%" PRIx64 ": reading indirect data", o->batch_addr);
            if (gt_vm_host_error(dev, &dev->ppgtt, what, fault))
                return GTSIM_ERR_NOMEM;
            char why[96];
            gt_vm_fault_why(&dev->ppgtt, fault, why, sizeof(why));
            return gt_error(dev, GTSIM_ERR_FAULT, "GPGPU_OBJECT at batch 0x%" PRIx64 ": GPU page fault reading %u "
                            "bytes of indirect data at PPGTT 0x%" PRIx64 " (unmapped page 0x%" PRIx64 ": %s)",
                            o->batch_addr, o->indirect_len, va, fault, why);
        }
    }
    t->disp = &m->go_disp;
    t->tg = &m->go_tg;
    t->tid = i;
    t->simd = o->exec_mask >> 16 ? 32 : 16;
    t->dispatch_mask = t->exec_mask = t->ce = o->exec_mask;
    t->kernel_gva = (ps->instruction_base + f[IDD_KSP]) & ADDR48;
    t->cr0[0] = (uint32_t)f[IDD_FP_MODE] | (uint32_t)f[IDD_SPF] << 2 | (uint32_t)f[IDD_ROUNDING] << 4;
    t->state = GT_THREAD_RUNNABLE;
    m->go_ptr[i] = t;
    m->go_batch[i] = o->batch_addr;
    m->go_n++;
    return o->end_of_group ? go_run_group(m) : GTSIM_OK;
}
