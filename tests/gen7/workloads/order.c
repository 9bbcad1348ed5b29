/*
 * g7wl_order: replay a workload trace with the media threads run in the
 * opposite of their dispatch order (a legal hardware interleaving: among
 * the threads in flight, the newest runs first), then compare the memory
 * with the expected outputs.  A wavefront with the scoreboard is correct
 * under any order of the threads in flight; without the scoreboard,
 * dependents dispatched next to their dependencies read stale data.
 *
 *   g7wl_order TRACE EXPECT.txt PLATFORM match|mismatch
 *
 * Exit 0 when the outcome is the one asked for.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gtsim.h"
#include "gtsim_aub.h"
#include "eu/eu.h"
#include "pipe/media.h"

#define NREC 256

/* dispatch sequence of the thread occupying each slot */
typedef struct lifo {
    const gt_thread *t[NREC];
    uint64_t seq[NREC];
    uint64_t next;
    uint64_t deferred;
} lifo;

static void on_dispatch(void *ctx, const gt_thread *t, int root, uint32_t x, uint32_t y, uint32_t color)
{
    (void)root, (void)x, (void)y, (void)color;
    lifo *l = ctx;
    int free_i = -1;
    for (int i = 0; i < NREC; i++) {
        if (l->t[i] == t) {
            l->seq[i] = l->next++;
            return;
        }
        if (!l->t[i] && free_i < 0)
            free_i = i;
    }
    if (free_i >= 0) {
        l->t[free_i] = t;
        l->seq[free_i] = l->next++;
    }
}

/* Run t only if it is the newest runnable thread in flight. */
static int run_newest(gtsim_device *dev, gt_thread *t, void *ctx)
{
    lifo *l = ctx;
    uint64_t mine = 0, newest = 0;
    int found = 0;
    for (int i = 0; i < NREC; i++) {
        if (!l->t[i] || l->t[i]->state != GT_THREAD_RUNNABLE)
            continue;
        if (l->t[i] == t)
            mine = l->seq[i];
        if (!found || l->seq[i] > newest)
            newest = l->seq[i];
        found = 1;
    }
    if (found && mine != newest) {
        l->deferred++;
        return GTSIM_OK;
    }
    return gt_eu_run(dev, t);
}

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: g7wl_order TRACE EXPECT.txt PLATFORM match|mismatch\n");
        return 2;
    }
    int want_match = !strcmp(argv[4], "match");
    gtsim_config cfg;
    memset(&cfg, 0, sizeof(cfg));
    gtsim_device *dev = gtsim_create(argv[3], &cfg);
    if (!dev)
        return 2;
    static lifo l;
    gt_media_set_trace(dev, on_dispatch, &l);
    gt_media_set_runner(dev, run_newest, &l);
    int st = gtsim_aub_replay(dev, argv[1], NULL);
    if (st != GTSIM_OK) {
        fprintf(stderr, "g7wl_order: replay failed (%d)\n", st);
        gtsim_destroy(dev);
        return 1;
    }
    /* compare with the expected outputs */
    char dir[4096];
    snprintf(dir, sizeof(dir), "%s", argv[2]);
    char *slash = strrchr(dir, '/');
    if (slash)
        slash[1] = 0;
    else
        strcpy(dir, "./");
    FILE *f = fopen(argv[2], "r");
    if (!f)
        return 2;
    char line[4096], name[1024];
    unsigned long long va, size;
    int same = 1;
    while (fgets(line, sizeof(line), f)) {
        if (sscanf(line, "dump %llx %llu %1023s", &va, &size, name) != 3)
            continue;
        char path[8192];
        snprintf(path, sizeof(path), "%s%s", dir, name);
        FILE *e = fopen(path, "rb");
        uint8_t *want = malloc(size), *got = malloc(size);
        if (!e || !want || !got || fread(want, 1, size, e) != size)
            return 2;
        fclose(e);
        if (gtsim_gva_read(dev, va, got, size) != GTSIM_OK)
            return 2;
        size_t diff = 0;
        for (size_t i = 0; i < size; i++)
            diff += want[i] != got[i];
        printf("%s: %zu of %llu bytes differ (%llu thread runs deferred)\n", name, diff, size,
               (unsigned long long)l.deferred);
        same &= diff == 0;
        free(want), free(got);
    }
    fclose(f);
    gtsim_destroy(dev);
    if (l.deferred == 0) {
        fprintf(stderr, "g7wl_order: no thread was ever run out of dispatch order\n");
        return 1;
    }
    return same == want_match ? 0 : 1;
}
