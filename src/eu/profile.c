/*
 * Per-instruction execution profile (gtsim_config.profile, `gtsim run
 * --profile`).  The run loop counts, on each decoded instruction, how many
 * times it executed and how many channels were enabled each time (the
 * execution mask ANDed with the instruction's channel range, NoMask
 * included, before predication: the channels the instruction was issued
 * for; `--stats` lane-ops count the channels that were written, after
 * predication, so the two differ where predicates disable channels).  When a decoded
 * kernel leaves a kernel cache (the cache is emptied at every submission
 * and walker, and at the end), its counters are merged here, under a mutex
 * (each host thread has its own cache).  Kernels are told apart by GVA and
 * by their bytes: a GVA whose instruction bytes changed starts a new record.
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "eu/exec_priv.h"

typedef struct prof_inst {
    uint32_t ip;
    uint32_t raw[4];
    gt_inst in;           /* for the listing */
    const char *path;     /* how it runs (path_of) */
    uint64_t count, lanes;
} prof_inst;

typedef struct prof_kernel {
    uint64_t gva;
    prof_inst *inst;      /* sorted by ip */
    size_t n, cap;
} prof_kernel;

struct gt_profile {
    pthread_mutex_t lock;
    prof_kernel *k;       /* in order of first execution */
    size_t n, cap;
};

gt_profile *gt_profile_create(void)
{
    gt_profile *p = calloc(1, sizeof(*p));
    if (p)
        pthread_mutex_init(&p->lock, NULL);
    return p;
}

void gt_profile_destroy(gt_profile *p)
{
    if (!p)
        return;
    for (size_t i = 0; i < p->n; i++)
        free(p->k[i].inst);
    free(p->k);
    pthread_mutex_destroy(&p->lock);
    free(p);
}

/* The entry of ip in pk (binary search); NULL when absent, *at = where it goes. */
static prof_inst *find_ip(prof_kernel *pk, uint32_t ip, size_t *at)
{
    size_t lo = 0, hi = pk->n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (pk->inst[mid].ip < ip)
            lo = mid + 1;
        else
            hi = mid;
    }
    *at = lo;
    return lo < pk->n && pk->inst[lo].ip == ip ? &pk->inst[lo] : NULL;
}

/* 1 when every executed instruction of k that pk holds has the same bytes. */
static int same_kernel(prof_kernel *pk, const gt_kkernel *k)
{
    for (uint32_t i = 0; i < k->nslot; i++) {
        const gt_xinst *x = k->slot[i];
        size_t at;
        const prof_inst *pi = x && x->cov_count ? find_ip(pk, x->ip, &at) : NULL;
        if (pi && memcmp(pi->raw, x->in.raw, sizeof(pi->raw)))
            return 0;
    }
    return 1;
}

/* The listing's path column: "fast", a specialised handler (exec.c
 * gt_exec_plan; it may still hand a run to the general executor, e.g. in
 * ALT mode); "flow", control flow the run loop runs itself; "ctrl", a
 * message, sync or other control instruction through exec_ctrl; "general",
 * an ALU instruction through the general executor (exec_alu_masked): the
 * slow one. */
static const char *path_of(const gt_xinst *x)
{
    return x->fast ? "fast" : x->ctrl >= CTRL_STRUCT ? "flow" : x->ctrl ? "ctrl" : "general";
}

static int add_inst(prof_kernel *pk, const gt_xinst *x)
{
    size_t at;
    prof_inst *pi = find_ip(pk, x->ip, &at);
    if (!pi) {
        if (pk->n == pk->cap) {
            size_t nc = pk->cap ? pk->cap * 2 : 64;
            prof_inst *ni = realloc(pk->inst, nc * sizeof(*ni));
            if (!ni)
                return -1;
            pk->inst = ni;
            pk->cap = nc;
        }
        memmove(pk->inst + at + 1, pk->inst + at, (pk->n - at) * sizeof(*pk->inst));
        pk->n++;
        pi = &pk->inst[at];
        memset(pi, 0, sizeof(*pi));
        pi->ip = x->ip;
        memcpy(pi->raw, x->in.raw, sizeof(pi->raw));
        pi->in = x->in;
        pi->path = path_of(x);
    }
    pi->count += x->cov_count;
    pi->lanes += x->prof_lanes;
    return 0;
}

void gt_profile_add(gt_profile *p, const gt_kkernel *k)
{
    int any = 0;
    for (uint32_t i = 0; i < k->nslot && !any; i++)
        any = k->slot[i] && k->slot[i]->cov_count;
    if (!any)
        return;
    pthread_mutex_lock(&p->lock);
    prof_kernel *pk = NULL;
    for (size_t i = p->n; i-- > 0 && !pk;) /* the newest record of this GVA */
        if (p->k[i].gva == k->gva)
            pk = &p->k[i];
    if (pk && !same_kernel(pk, k))
        pk = NULL;
    if (!pk) {
        if (p->n == p->cap) {
            size_t nc = p->cap ? p->cap * 2 : 16;
            prof_kernel *nk = realloc(p->k, nc * sizeof(*nk));
            if (!nk) {
                pthread_mutex_unlock(&p->lock);
                return; /* out of host memory: this kernel's counts are lost */
            }
            p->k = nk;
            p->cap = nc;
        }
        pk = &p->k[p->n++];
        memset(pk, 0, sizeof(*pk));
        pk->gva = k->gva;
    }
    for (uint32_t i = 0; i < k->nslot; i++)
        if (k->slot[i] && add_inst(pk, k->slot[i]))
            break;
    pthread_mutex_unlock(&p->lock);
}

int gt_profile_write(gt_profile *p, const gt_platform *plat, FILE *f)
{
    pthread_mutex_lock(&p->lock);
    uint64_t total = 0;
    for (size_t i = 0; i < p->n; i++)
        for (size_t j = 0; j < p->k[i].n; j++)
            total += p->k[i].inst[j].count;
    fprintf(f, "gtsim profile: %zu kernel%s, %" PRIu64 " EU instructions executed\n", p->n, p->n == 1 ? "" : "s",
            total);
    for (size_t i = 0; i < p->n; i++) {
        const prof_kernel *pk = &p->k[i];
        uint64_t n = 0, lanes = 0;
        for (size_t j = 0; j < pk->n; j++) {
            n += pk->inst[j].count;
            lanes += pk->inst[j].lanes;
        }
        fprintf(f,
                "\nkernel %zu at GVA 0x%" PRIx64 ": %zu instructions decoded, %" PRIu64 " executed (%.1f%% of all), "
                "%" PRIu64 " channels enabled\n",
                i + 1, pk->gva, pk->n, n, total ? 100.0 * (double)n / (double)total : 0.0, lanes);
        fprintf(f, "%14s %6s %16s %6s  %-6s  %-7s  %s\n", "executions", "%", "channels", "/exec", "ip", "path",
                "instruction");
        for (size_t j = 0; j < pk->n; j++) {
            const prof_inst *pi = &pk->inst[j];
            char dis[256] = "?";
            gt_disasm_inst(plat, &pi->in, dis, sizeof(dis));
            fprintf(f, "%14" PRIu64 " %6.2f %16" PRIu64 " %6.2f  0x%04x  %-7s  %s\n", pi->count,
                    n ? 100.0 * (double)pi->count / (double)n : 0.0, pi->lanes,
                    pi->count ? (double)pi->lanes / (double)pi->count : 0.0, pi->ip, pi->path, dis);
        }
    }
    pthread_mutex_unlock(&p->lock);
    return ferror(f) ? -1 : 0;
}
