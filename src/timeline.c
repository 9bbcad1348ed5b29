/*
 * Timeline trace of the simulated GPU (gtsim_config.timeline_json, `gtsim run
 * --trace-out FILE`): Chrome trace event JSON, loadable in ui.perfetto.dev
 * and chrome://tracing.
 *
 * Tracks: process 1 "command streamer", one track per engine (render,
 * blitter, video, video enhancement) holding a slice per submission and, nested in it, a slice per
 * batch buffer (first level, second level nested in it) and per
 * GPGPU_WALKER; process 2 "EU thread slots", one track per hardware thread
 * slot of the platform (EU e thread t: eu_count x threads_per_eu slots)
 * holding a slice per dispatched hardware thread, with a flow arrow from its
 * walker.
 *
 * Timebase (the "us" of the format are ticks): simulated work, not host
 * time.  Every command the command streamers parse takes one tick.  A
 * walker's threads are laid on the slots in dispatch order (group by
 * group, thread by thread), each on the slot that becomes free first, and a
 * thread holds its slot for as many ticks as it executed EU instructions
 * (a slot runs one instruction per tick); the walker lasts until its last
 * thread ends, and the next command starts then.  Threads of one group
 * are not kept together and barriers do not stall, so the picture shows
 * how work spreads over the machine, not cycle timing.  At most
 * GT_TIMELINE_MAX_THREADS threads of a walker are traced (the walker's slice
 * says how many were).
 */
#include "timeline.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

struct gt_timeline {
    FILE *f;
    const gt_platform *plat;
    uint64_t walker_ticks;     /* ticks walkers took beyond their command's */
    uint64_t sub_ts;           /* open submission: start, engine */
    int sub_engine, sub_open;
    uint64_t bb_ts[3], bb_addr[3]; /* open batch buffers by level (1 first, 2 second): start, GVA */
    int bb_open[3];
    uint64_t flow_id;
    uint8_t *slot_named;       /* per slot: its track name was written */
    uint64_t *heap;            /* laying out a walker: (free tick << 16 | slot), a min-heap */
    uint32_t nslots;
    int any;                   /* an event was written (comma before the next) */
    int closed;
};

static const char *const engine_names[] = {"render", "blitter", "video", "video enhancement"};

static void event_start(gt_timeline *t)
{
    fputs(t->any ? ",\n" : "\n", t->f);
    t->any = 1;
}

gt_timeline *gt_timeline_open(FILE *f, const gt_platform *plat)
{
    gt_timeline *t = calloc(1, sizeof(*t));
    if (!t)
        return NULL;
    t->f = f;
    t->plat = plat;
    t->nslots = plat->eu_count * plat->threads_per_eu;
    if (!t->nslots)
        t->nslots = plat->max_threads ? plat->max_threads : 1;
    t->slot_named = calloc(t->nslots, 1);
    t->heap = calloc(t->nslots, sizeof(*t->heap));
    if (t->nslots > 0xffff || !t->slot_named || !t->heap) {
        free(t->slot_named);
        free(t->heap);
        free(t);
        return NULL;
    }
    fprintf(f, "{\"displayTimeUnit\": \"ns\", \"otherData\": {\"platform\": \"%s\", \"timebase\": "
            "\"ticks: one per command parsed, one per EU instruction on each thread slot\"},\n\"traceEvents\": [",
            plat->name);
    event_start(t);
    fputs("{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 1, \"tid\": 0, \"args\": {\"name\": \"command "
          "streamer\"}}", f);
    for (int e = 0; e < (int)(sizeof(engine_names) / sizeof(engine_names[0])); e++) {
        event_start(t);
        fprintf(f, "{\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": 1, \"tid\": %d, \"args\": {\"name\": \"%s\"}}",
                e, engine_names[e]);
    }
    event_start(t);
    fputs("{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 2, \"tid\": 0, \"args\": {\"name\": \"EU thread "
          "slots\"}}", f);
    return t;
}

int gt_timeline_close(gt_timeline *t)
{
    if (!t)
        return 0;
    int err = 0;
    if (!t->closed) {
        fputs("\n]}\n", t->f);
        err = fflush(t->f) || ferror(t->f);
        t->closed = 1;
    }
    free(t->slot_named);
    free(t->heap);
    free(t);
    return err ? -1 : 0;
}

uint64_t gt_timeline_now(const gt_timeline *t, const gtsim_device *dev)
{
    return __atomic_load_n(&dev->stats.commands, __ATOMIC_RELAXED) + t->walker_ticks;
}

void gt_timeline_submission_begin(gt_timeline *t, const gtsim_device *dev, int engine)
{
    t->sub_ts = gt_timeline_now(t, dev);
    t->sub_engine = engine;
    t->sub_open = 1;
}

void gt_timeline_batch_end(gt_timeline *t, const gtsim_device *dev, int level)
{
    for (int l = 2; l >= level && l >= 1; l--) {
        if (!t->bb_open[l])
            continue;
        t->bb_open[l] = 0;
        uint64_t now = gt_timeline_now(t, dev);
        event_start(t);
        fprintf(t->f,
                "{\"ph\": \"X\", \"name\": \"batch\", \"pid\": 1, \"tid\": %d, \"ts\": %" PRIu64
                ", \"dur\": %" PRIu64 ", \"args\": {\"address\": \"0x%" PRIx64 "\", \"level\": %d}}",
                t->sub_open ? t->sub_engine : 0, t->bb_ts[l], now - t->bb_ts[l], t->bb_addr[l], l);
    }
}

void gt_timeline_batch_begin(gt_timeline *t, const gtsim_device *dev, int level, uint64_t addr)
{
    if (level < 1 || level > 2)
        return;
    gt_timeline_batch_end(t, dev, level); /* a chained batch ends the one it replaces */
    t->bb_open[level] = 1;
    t->bb_ts[level] = gt_timeline_now(t, dev);
    t->bb_addr[level] = addr;
}

void gt_timeline_submission_end(gt_timeline *t, const gtsim_device *dev, int status)
{
    if (!t->sub_open)
        return;
    gt_timeline_batch_end(t, dev, 1);
    t->sub_open = 0;
    uint64_t now = gt_timeline_now(t, dev);
    event_start(t);
    fprintf(t->f,
            "{\"ph\": \"X\", \"name\": \"submission\", \"pid\": 1, \"tid\": %d, \"ts\": %" PRIu64 ", \"dur\": %" PRIu64
            ", \"args\": {\"status\": %d}}",
            t->sub_engine, t->sub_ts, now - t->sub_ts, status);
}

/* Restore the heap order below position i (its key grew). */
static void heap_down(uint64_t *h, uint32_t n, uint32_t i)
{
    for (;;) {
        uint32_t l = 2 * i + 1, r = l + 1, m = i;
        if (l < n && h[l] < h[m])
            m = l;
        if (r < n && h[r] < h[m])
            m = r;
        if (m == i)
            return;
        uint64_t x = h[i];
        h[i] = h[m];
        h[m] = x;
        i = m;
    }
}

void gt_timeline_walker(gt_timeline *t, const gtsim_device *dev, const gt_timeline_walk *w)
{
    uint64_t start = gt_timeline_now(t, dev), end = start;
    /* every slot free at the walker's start; ticks relative to it, so a
     * key (ticks << 16 | slot) orders by time, then slot */
    for (uint32_t s = 0; s < t->nslots; s++)
        t->heap[s] = s;
    uint64_t first_flow = t->flow_id;
    for (uint64_t r = 0; r < w->recorded; r++) {
        uint64_t n = w->insns[r];
        if (n == UINT64_MAX)
            continue; /* not dispatched (the walker stopped before it) */
        uint32_t best = (uint32_t)(t->heap[0] & 0xffff); /* the slot free first (lowest on ties) */
        uint64_t ts = start + (t->heap[0] >> 16), done = ts + (n ? n : 1);
        t->heap[0] = (done - start) << 16 | best;
        heap_down(t->heap, t->nslots, 0);
        if (done > end)
            end = done;
        if (!t->slot_named[best]) {
            t->slot_named[best] = 1;
            event_start(t);
            fprintf(t->f,
                    "{\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": 2, \"tid\": %u, \"args\": {\"name\": "
                    "\"EU %u thread %u\"}}",
                    best, best / t->plat->threads_per_eu, best % t->plat->threads_per_eu);
            event_start(t);
            fprintf(t->f, "{\"ph\": \"M\", \"name\": \"thread_sort_index\", \"pid\": 2, \"tid\": %u, \"args\": "
                    "{\"sort_index\": %u}}", best, best);
        }
        uint32_t g[3];
        w->group_ids(w->ctx, r / w->threads_per_group, g);
        uint64_t id = ++t->flow_id;
        event_start(t);
        fprintf(t->f,
                "{\"ph\": \"X\", \"name\": \"kernel 0x%" PRIx64 "\", \"pid\": 2, \"tid\": %u, \"ts\": %" PRIu64
                ", \"dur\": %" PRIu64 ", \"args\": {\"group\": [%u, %u, %u], \"thread\": %" PRIu64
                ", \"simd\": %u, \"instructions\": %" PRIu64 "}}",
                w->kernel, best, ts, n ? n : 1, g[0], g[1], g[2], r % w->threads_per_group, w->simd, n);
        event_start(t);
        fprintf(t->f,
                "{\"ph\": \"f\", \"bp\": \"e\", \"name\": \"dispatch\", \"cat\": \"dispatch\", \"id\": %" PRIu64
                ", \"pid\": 2, \"tid\": %u, \"ts\": %" PRIu64 "}",
                id, best, ts);
    }
    event_start(t);
    fprintf(t->f,
            "{\"ph\": \"X\", \"name\": \"GPGPU_WALKER\", \"pid\": 1, \"tid\": %d, \"ts\": %" PRIu64 ", \"dur\": %" PRIu64
            ", \"args\": {\"batch\": \"0x%" PRIx64 "\", \"kernel\": \"0x%" PRIx64 "\", \"groups\": %" PRIu64
            ", \"threads per group\": %u, \"simd\": %u, \"threads traced\": %" PRIu64 ", \"status\": %d}}",
            t->sub_open ? t->sub_engine : 0, start, end - start, w->batch, w->kernel, w->groups,
            w->threads_per_group, w->simd, w->recorded, w->status);
    for (uint64_t id = first_flow + 1; id <= t->flow_id; id++) {
        event_start(t);
        fprintf(t->f,
                "{\"ph\": \"s\", \"name\": \"dispatch\", \"cat\": \"dispatch\", \"id\": %" PRIu64
                ", \"pid\": 1, \"tid\": %d, \"ts\": %" PRIu64 "}",
                id, t->sub_open ? t->sub_engine : 0, start);
    }
    t->walker_ticks += end - start;
}
