/*
 * Kernel checks (gtsim_config.checks, `gtsim run|exec|serve --check=LIST`).
 *
 * What each check looks at, and where it is hooked:
 *  - bounds (src/sf/surface.c sf_read / sf_write, src/sf/dataport.c): every
 *    data-port access of a buffer surface past its size (the binding
 *    table entry's SURFTYPE_BUFFER extent, which the hardware bounds-checks
 *    too: reads return 0, writes are dropped), of SLM past the group's
 *    allocation, of scratch past the thread's Per Thread Scratch Space, and
 *    A64 / A32 stateless accesses to unmapped memory (a page fault, which
 *    also ends the work with its report: the drivers map exactly their
 *    allocations, page by page).  With the check on the data port's per-page fast
 *    paths are bypassed, so every access goes through those two places.
 *  - barrier (src/sf/sf.c): a barrier message sent while channels of the
 *    thread are disabled by control flow (a barrier in divergent code), a
 *    barrier the group's threads complete at different instructions, and a
 *    thread ending while others of its group wait at a barrier.
 *  - slm-race (src/sf/surface.c sf_read / sf_write; SLM then never takes
 *    the data port's direct paths): a shadow of the group's SLM keeps, per
 *    byte, the last write and the last read (or "several readers") with
 *    the work-item (thread index x SIMD width + lane: its local linear ID
 *    in a GPGPU_WALKER group), EU IP and barrier interval
 *    (a stamp that grows at each completed barrier and each new group).  A
 *    read of bytes another work-item wrote in the same interval, a write
 *    of bytes another wrote or read in it, is a race.  Atomics are not
 *    tracked; nor are block messages (OWord block to SLM), which belong to
 *    no one work-item; GPGPU_WALKER groups only.
 *
 * A finding names the kernel by its GVA and a hash (FNV-1a, 32 bits) of
 * its first GT_CHECK_HASH_BYTES bytes (the drivers do not give the
 * simulator kernel names), then the EU IP, raw bytes and disassembly of
 * the instruction and the check's detail.  The first `per_kernel`
 * findings of each kernel and check are reported, the rest counted.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sf/sf.h"

#define GT_CHECK_HASH_BYTES 256
#define NCHECKS 3

static const char *const check_names[NCHECKS] = {"bounds", "barrier", "slm-race"};

typedef struct chk_kernel {
    uint64_t gva;
    uint32_t hash;
    uint64_t found[NCHECKS];
} chk_kernel;

struct gt_checker {
    unsigned mask, per_kernel;
    pthread_mutex_t lock;
    chk_kernel *k;
    size_t nk, capk;
};

int gtsim_check_parse(const char *list, unsigned *mask, char *err, size_t errlen)
{
    unsigned m = 0;
    const char *p = list ? list : "";
    if (!*p) {
        snprintf(err, errlen, "empty check list (names: bounds, barrier, slm-race, all)");
        return GTSIM_ERR_INVALID;
    }
    while (*p) {
        size_t n = strcspn(p, ",");
        int found = 0;
        if (n == 3 && !strncmp(p, "all", 3)) {
            m |= GTSIM_CHECK_ALL;
            found = 1;
        }
        for (unsigned i = 0; i < NCHECKS && !found; i++)
            if (strlen(check_names[i]) == n && !strncmp(p, check_names[i], n)) {
                m |= 1u << i;
                found = 1;
            }
        if (!found) {
            snprintf(err, errlen, "unknown check '%.*s' (names: bounds, barrier, slm-race, all)", (int)n, p);
            return GTSIM_ERR_INVALID;
        }
        p += n;
        if (*p == ',')
            p++;
    }
    *mask = m;
    return GTSIM_OK;
}

gt_checker *gt_check_create(unsigned mask, unsigned per_kernel)
{
    gt_checker *c = calloc(1, sizeof(*c));
    if (!c)
        return NULL;
    c->mask = mask;
    c->per_kernel = per_kernel ? per_kernel : 10;
    pthread_mutex_init(&c->lock, NULL);
    return c;
}

void gt_check_destroy(gt_checker *c)
{
    if (!c)
        return;
    free(c->k);
    pthread_mutex_destroy(&c->lock);
    free(c);
}

/* FNV-1a of the kernel's first bytes that are mapped. */
static uint32_t kernel_hash(const gt_thread *t)
{
    uint32_t h = 2166136261u;
    if (!t->disp || !t->disp->vm)
        return h;
    for (unsigned o = 0; o < GT_CHECK_HASH_BYTES;) {
        uint64_t va = t->kernel_gva + o;
        const uint8_t *p = gt_vm_ptr_ro(t->disp->vm, va);
        if (!p)
            break;
        unsigned n = GT_PAGE_SIZE - (unsigned)(va & GT_PAGE_MASK);
        if (n > GT_CHECK_HASH_BYTES - o)
            n = GT_CHECK_HASH_BYTES - o;
        for (unsigned i = 0; i < n; i++)
            h = (h ^ p[i]) * 16777619u;
        o += n;
    }
    return h;
}

void gt_check_finding(gtsim_device *dev, unsigned check, const gt_thread *t, const gt_inst *in,
                      const char *fmt, ...)
{
    gt_checker *c = dev->checker;
    if (!c)
        return;
    unsigned ci = (unsigned)__builtin_ctz(check);
    uint32_t hash = kernel_hash(t); /* outside the lock: reads memory */
    pthread_mutex_lock(&c->lock);
    chk_kernel *k = NULL;
    for (size_t i = 0; i < c->nk && !k; i++)
        if (c->k[i].gva == t->kernel_gva && c->k[i].hash == hash)
            k = &c->k[i];
    if (!k) {
        if (c->nk == c->capk) {
            size_t nc = c->capk ? 2 * c->capk : 16;
            chk_kernel *nk = realloc(c->k, nc * sizeof(*nk));
            if (!nk) {
                pthread_mutex_unlock(&c->lock);
                return;
            }
            c->k = nk;
            c->capk = nc;
        }
        k = &c->k[c->nk++];
        memset(k, 0, sizeof(*k));
        k->gva = t->kernel_gva;
        k->hash = hash;
    }
    uint64_t n = ++k->found[ci];
    pthread_mutex_unlock(&c->lock);
    if (n > c->per_kernel)
        return;

    char detail[768], where[512] = "";
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(detail, sizeof(detail), fmt, ap);
    va_end(ap);
    if (in) {
        char dis[256] = "?";
        gt_disasm_inst(dev->plat, in, dis, sizeof(dis));
        if (in->compacted)
            snprintf(where, sizeof(where), ", EU IP 0x%04x [%08x %08x] %s", t->ip, in->raw[0], in->raw[1], dis);
        else
            snprintf(where, sizeof(where), ", EU IP 0x%04x [%08x %08x %08x %08x] %s", t->ip, in->raw[0],
                     in->raw[1], in->raw[2], in->raw[3], dis);
    }
    FILE *f = dev->cfg.log ? dev->cfg.log : stderr;
    pthread_mutex_lock(&dev->report_lock);
    fprintf(f, "gtsim check %s: kernel at GVA 0x%" PRIx64 " (hash %08x)%s: %s\n", check_names[ci],
            t->kernel_gva, hash, where, detail);
    if (n == c->per_kernel)
        fprintf(f, "gtsim check %s: %u findings reported in this kernel; further ones are only counted\n",
                check_names[ci], c->per_kernel);
    pthread_mutex_unlock(&dev->report_lock);
}

uint64_t gtsim_check_summary(gtsim_device *dev, FILE *f)
{
    gt_checker *c = dev ? dev->checker : NULL;
    if (!c)
        return 0;
    uint64_t all = 0;
    pthread_mutex_lock(&c->lock);
    for (unsigned ci = 0; ci < NCHECKS; ci++) {
        if (!(c->mask >> ci & 1))
            continue;
        uint64_t n = 0, kernels = 0;
        for (size_t i = 0; i < c->nk; i++) {
            n += c->k[i].found[ci];
            kernels += c->k[i].found[ci] != 0;
        }
        all += n;
        if (f)
            fprintf(f, "gtsim check %s: %" PRIu64 " finding%s in %" PRIu64 " kernel%s\n", check_names[ci], n,
                    n == 1 ? "" : "s", kernels, kernels == 1 ? "" : "s");
    }
    pthread_mutex_unlock(&c->lock);
    return all;
}

void gt_check_slm_access(gtsim_device *dev, gt_thread *t, const gt_inst *in, const char *msg, int lane,
                         uint32_t off, unsigned len, int write)
{
    gt_tgroup *tg = t->tg;
    uint32_t stamp = tg->slm_stamp;
    uint16_t wi = (uint16_t)(t->tid * t->simd + (unsigned)lane);
    int reported = 0;
    for (unsigned b = 0; b < len && off + b < tg->slm_size; b++) {
        gt_slm_shadow *e = &tg->slm_shadow[off + b];
        const char *other = NULL; /* what the other work-item did */
        uint32_t oip = 0;
        unsigned owi = 0;
        if (e->w_stamp == stamp && e->w_wi != wi) {
            other = "wrote";
            oip = e->w_ip;
            owi = e->w_wi;
        } else if (write && e->r_stamp == stamp && e->r_wi != wi) {
            other = "read";
            oip = e->r_ip;
            owi = e->r_wi;
        }
        if (other && !reported) {
            reported = 1;
            char who[80];
            if (owi == GT_SLM_READERS)
                snprintf(who, sizeof(who), "several work-items (the last at EU IP 0x%04x)", oip);
            else
                snprintf(who, sizeof(who), "lane %u of thread %u (work-item %u) at EU IP 0x%04x", owi % t->simd, owi / t->simd,
                         owi, oip);
            gt_check_finding(dev, GTSIM_CHECK_SLM_RACE, t, in,
                             "lane %d of thread %u (work-item %u) %s SLM bytes 0x%x..0x%x (%s), which %s %s, with no "
                             "barrier between",
                             lane, t->tid, wi, write ? "writes" : "reads", off, off + len - 1, msg, who, other);
        }
        if (write) {
            e->w_stamp = stamp;
            e->w_wi = wi;
            e->w_ip = t->ip;
        } else if (e->r_stamp == stamp && e->r_wi != wi) {
            e->r_wi = GT_SLM_READERS;
            e->r_ip = t->ip;
        } else {
            e->r_stamp = stamp;
            e->r_wi = wi;
            e->r_ip = t->ip;
        }
    }
}
