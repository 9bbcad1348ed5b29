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
 *  - swsb (Gen12LP; src/eu/exec.c calls gt_check_swsb before each
 *    instruction): the thread's software scoreboard as the hardware keeps
 *    none.  Out-of-order instructions (send, sendc, sends, math) take the
 *    SBID they set ($n): their destination registers are in flight until
 *    an instruction waits for $n.dst (or $n with RegDist, or sync.allwr),
 *    their source registers until $n.src / $n.dst (sync.allrd); setting a
 *    busy SBID again waits for it.  In-order instructions (everything else
 *    but sync) count in order; RegDist @k on the instruction at in-order
 *    position jp waits for the one at jp - k and so for all before it, and
 *    results more than gt_eu_behaviour.swsb_depth (10) in-order
 *    instructions back are written anyway.  A finding: reading a register
 *    in flight from an SBID or from an in-order instruction not known
 *    complete, or writing a register an SBID still writes or reads; the
 *    report names the producer's IP and the missing annotation.  As IGC
 *    assumes: a send's payload is read before a later send to the same
 *    shared function (and SLM-ness) writes its response, and a read on
 *    channels disjoint from a send's (the other side of a divergent
 *    if/else) does not wait for its response.  GRF
 *    registers only (flags, accumulators and a0 are kept coherent by the
 *    hardware or not tracked), direct operands only; followed along the
 *    path the thread takes, so it sees what ran, not every path.
 *  - uninit (gt_check_uninit, on the same debug branch): a bit per GRF
 *    byte, set by the dispatch payload (r0, per-thread and cross-thread
 *    data), by the enabled channels of every destination (before
 *    predication) and by send responses; a lane enabled by control flow,
 *    predicate and dispatch mask reading a byte still clear is a finding
 *    (one per source operand, naming the lanes; once per byte and thread;
 *    not for flag fills, mov f0/f1 from a GRF slot IGC may fill before
 *    saving it); of NoMask instructions only scalar
 *    sources count (their vector reads go over other lanes' leftovers by
 *    design).
 *    Send payloads are not checked (a message's disabled slots carry
 *    whatever was there), nor flags and accumulators.
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
#define NCHECKS 5

static const char *const check_names[NCHECKS] = {"bounds", "barrier", "slm-race", "swsb", "uninit"};

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
        snprintf(err, errlen, "empty check list (names: bounds, barrier, slm-race, swsb, uninit, all)");
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
            snprintf(err, errlen, "unknown check '%.*s' (names: bounds, barrier, slm-race, swsb, uninit, all)", (int)n, p);
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

/* ---- software scoreboard (GTSIM_CHECK_SWSB) ---- */

void gt_swsb_reset(gt_swsb_state *s, unsigned depth)
{
    /* in-order writers of earlier threads are older than the pipeline
     * depth from the new jp on: complete, without clearing w_jp */
    if (s->jp > UINT32_MAX / 2) {
        memset(s->w_jp, 0, sizeof(s->w_jp));
        s->jp = 0;
    }
    s->jp += depth + 1;
    s->done = s->jp;
    s->next_ip = 0;
    memset(s->pend_w, -1, sizeof(s->pend_w));
    memset(s->pend_r, -1, sizeof(s->pend_r));
    for (unsigned n = 0; n < 16; n++)
        s->tok[n].nrd = s->tok[n].nwr = s->tok[n].fence = 0;
}

/* The GRF bytes one direct GRF region operand covers: per channel c of
 * exec_size, the element at byte off[c] of ts bytes.  Returns the channel
 * count, 0 when the operand is no such region (null, ARF, immediate,
 * indirect). */
static unsigned region_bytes(const gt_operand *o, unsigned exec_size, int dst, uint32_t off[32], unsigned *ts)
{
    if (o->file != GT_FILE_GRF || o->indirect)
        return 0;
    *ts = (unsigned)gt_type_size(o->type);
    if (!*ts)
        *ts = 4;
    unsigned n = exec_size < 32 ? exec_size : 32, base = o->nr * 32u + o->subnr;
    unsigned w = dst ? n : (o->width ? o->width : 1);
    for (unsigned c = 0; c < n; c++) {
        unsigned e = dst ? c * (o->hstride ? o->hstride : 1) : (c / w) * o->vstride + (c % w) * o->hstride;
        off[c] = base + e * *ts;
    }
    return n;
}

/* Wait for SBID n: its sources read, and with dst its destination written
 * (a fence's: every earlier out-of-order instruction done too). */
static void swsb_wait(gt_swsb_state *s, unsigned n, int dst)
{
    if (dst && s->tok[n].fence) {
        s->tok[n].fence = 0;
        for (unsigned m = 0; m < 16; m++)
            if (m != n && s->tok[m].seq < s->tok[n].seq)
                swsb_wait(s, m, 1);
    }
    for (unsigned i = 0; i < s->tok[n].nrd; i++)
        for (unsigned b = s->tok[n].rng[i][0]; b < s->tok[n].rng[i][1]; b++)
            if (s->pend_r[b] == (int8_t)n)
                s->pend_r[b] = -1;
    if (dst && s->tok[n].nwr) {
        unsigned i = s->tok[n].nrd;
        for (unsigned b = s->tok[n].rng[i][0]; b < s->tok[n].rng[i][1]; b++)
            if (s->pend_w[b] == (int8_t)n)
                s->pend_w[b] = -1;
    }
}

/* What one instruction reads and writes: byte ranges [lo, hi) of the GRF
 * (a region's channels each give one, of their element's size). */
typedef struct swsb_access {
    uint16_t rd[3 * 32 + 2][2], wr[32][2];
    unsigned nrd, nwr;
} swsb_access;

static void add_range(uint16_t (*r)[2], unsigned *n, unsigned lo, unsigned hi)
{
    if (lo >= GT_SWSB_BYTES)
        return;
    r[*n][0] = (uint16_t)lo;
    r[*n][1] = (uint16_t)(hi < GT_SWSB_BYTES ? hi : GT_SWSB_BYTES);
    (*n)++;
}

static void add_region(uint16_t (*r)[2], unsigned *n, const gt_operand *o, unsigned exec_size, int dst)
{
    uint32_t off[32];
    unsigned ts, nc = region_bytes(o, exec_size, dst, off, &ts);
    for (unsigned c = 0; c < nc; c++)
        add_range(r, n, off[c], off[c] + ts);
}

static int is_send(const gt_inst *in)
{
    return in->op == GT_OP_SEND || in->op == GT_OP_SENDC || in->op == GT_OP_SENDS || in->op == GT_OP_SENDSC;
}

/* 0 for the instructions whose operands are not data (branches: IPs;
 * nop, wait, sync). */
static int data_operands(const gt_inst *in)
{
    switch (in->op) {
    case GT_OP_JMPI: case GT_OP_IF: case GT_OP_ELSE: case GT_OP_ENDIF: case GT_OP_WHILE: case GT_OP_BREAK:
    case GT_OP_CONT: case GT_OP_HALT: case GT_OP_GOTO: case GT_OP_JOIN: case GT_OP_BRD: case GT_OP_BRC:
    case GT_OP_CALL: case GT_OP_CALLA: case GT_OP_RET: case GT_OP_NOP: case GT_OP_WAIT: case GT_OP_SYNC:
        return 0;
    default:
        return 1;
    }
}

/* A send's descriptors: the immediates, or a0.0 / a0.<exdesc_subnr> (as
 * the executor resolves them). */
static void send_desc(const gt_thread *t, const gt_inst *in, uint32_t *desc, uint32_t *exdesc)
{
    *desc = in->desc_reg ? (uint32_t)t->a0[0] | ((uint32_t)t->a0[1] << 16) : in->desc;
    *exdesc = in->exdesc;
    if (in->exdesc_reg) {
        unsigned k = (in->exdesc_subnr * 2u) & 15;
        *exdesc = (uint32_t)t->a0[k] | ((uint32_t)t->a0[k + 1] << 16);
    }
}

/* A data port send to SLM (BTI 254). */
static int send_is_slm(const gt_thread *t, const gt_inst *in)
{
    uint32_t desc, exdesc;
    if (!is_send(in))
        return 0;
    send_desc(t, in, &desc, &exdesc);
    return (desc & 0xff) == 0xfe;
}

static void inst_access(const gt_thread *t, const gt_inst *in, swsb_access *a)
{
    a->nrd = a->nwr = 0;
    if (is_send(in)) {
        uint32_t desc, exdesc;
        send_desc(t, in, &desc, &exdesc);
        unsigned mlen = desc >> 25 & 15, rlen = desc >> 20 & 31, exlen = exdesc >> 6 & 31;
        if (mlen && in->src[0].file == GT_FILE_GRF && !in->src[0].indirect)
            add_range(a->rd, &a->nrd, in->src[0].nr * 32u, (in->src[0].nr + mlen) * 32u);
        if (exlen && in->src[1].file == GT_FILE_GRF && !in->src[1].indirect)
            add_range(a->rd, &a->nrd, in->src[1].nr * 32u, (in->src[1].nr + exlen) * 32u);
        if (rlen && in->dst.file == GT_FILE_GRF && !in->dst.indirect)
            add_range(a->wr, &a->nwr, in->dst.nr * 32u, (in->dst.nr + rlen) * 32u);
        return;
    }
    if (!data_operands(in))
        return;
    for (unsigned i = 0; i < in->num_srcs && i < 3; i++)
        add_region(a->rd, &a->nrd, &in->src[i], in->exec_size, 0);
    add_region(a->wr, &a->nwr, &in->dst, in->exec_size, 1);
}

/* Every source of in is its destination's register and subregister: what
 * it writes is what was there (a dependency on it orders nothing). */
static int same_bytes(const gt_inst *in)
{
    if (in->dst.file != GT_FILE_GRF || in->dst.indirect || !in->num_srcs)
        return 0;
    for (unsigned i = 0; i < in->num_srcs && i < 3; i++)
        if (in->src[i].file != GT_FILE_GRF || in->src[i].indirect || in->src[i].nr != in->dst.nr ||
            in->src[i].subnr != in->dst.subnr || in->src[i].type != in->dst.type)
            return 0;
    return 1;
}

void gt_check_swsb(gtsim_device *dev, gt_thread *t, const gt_inst *in, uint32_t emask, unsigned depth)
{
    gt_swsb_state *s = t->swsb;
    int ooo = is_send(in) || in->op == GT_OP_MATH;
    uint32_t jp = s->jp;
    /* a jump taken (to other than the fall-through IP) drains the in-order
     * pipeline: IGC counts RegDist along the code's layout, which is only
     * safe so (i64dbl: a uniform if's `else` jumps over the else block to
     * an `and {@4}` whose producer is 3 in-order instructions back on that
     * path) */
    if (t->ip != s->next_ip)
        s->done = jp;
    s->next_ip = t->ip + in->length;
    /* the instruction's waits */
    if (in->swsb_dist && jp - in->swsb_dist + 1 > s->done)
        s->done = jp - in->swsb_dist + 1;
    if (jp - depth > s->done)
        s->done = jp - depth;
    if (in->swsb_mode == GT_SWSB_DST || in->swsb_mode == GT_SWSB_SET) /* SET: a busy SBID is waited for */
        swsb_wait(s, in->swsb_sbid, 1);
    else if (in->swsb_mode == GT_SWSB_SRC)
        swsb_wait(s, in->swsb_sbid, 0);
    if (in->op == GT_OP_SYNC) {
        /* sync.allrd / allwr: the SBIDs of the immediate's mask, or all (seed 004 sync) */
        uint32_t mask = in->src[0].file == GT_FILE_IMM ? (uint32_t)in->src[0].imm : 0xffffu;
        if (in->sync_fc == 2 || in->sync_fc == 3)
            for (unsigned n = 0; n < 16; n++)
                if (mask >> n & 1)
                    swsb_wait(s, n, in->sync_fc == 3);
        return; /* not an in-order instruction */
    }
    swsb_access a;
    inst_access(t, in, &a);
    if (a.nwr == 1 && same_bytes(in)) /* IGC's `csel r0 = r0 ? r0 : r0` (EU fusion workaround): no data moves */
        a.nrd = a.nwr = 0;
    for (unsigned i = 0; i < a.nrd; i++)
        for (unsigned b = a.rd[i][0]; b < a.rd[i][1]; b++) {
            if (s->pend_w[b] >= 0) {
                unsigned n = (unsigned)s->pend_w[b];
                /* the other side of a divergent if/else reads other
                 * channels' data: the response writes only its own */
                if (!(emask & s->tok[n].chmask) && !in->nomask)
                    continue;
                gt_check_finding(dev, GTSIM_CHECK_SWSB, t, in,
                                 "reads r%u.%u (byte), which the out-of-order instruction at EU IP 0x%04x writes "
                                 "($%u), without waiting for it: $%u.dst missing",
                                 b / 32, b % 32, s->tok[n].ip, n, n);
                swsb_wait(s, n, 1); /* one finding per missing wait */
            } else if (s->w_jp[b] > s->done) {
                uint32_t p = s->w_jp[b] - 1, d = jp - p;
                gt_check_finding(dev, GTSIM_CHECK_SWSB, t, in,
                                 "reads r%u.%u (byte), which the in-order instruction at EU IP 0x%04x writes %u "
                                 "in-order instruction%s back, without waiting for it: RegDist @%u missing",
                                 b / 32, b % 32, s->ip_of[p & 15], d, d == 1 ? "" : "s", d < 7 ? d : 7);
                s->done = p + 1;
            }
        }
    for (unsigned i = 0; i < a.nwr; i++)
        for (unsigned b = a.wr[i][0]; b < a.wr[i][1]; b++) {
            if (s->pend_w[b] >= 0 || s->pend_r[b] >= 0) {
                int w = s->pend_w[b] >= 0;
                unsigned n = (unsigned)(w ? s->pend_w[b] : s->pend_r[b]);
                /* a shared function takes its messages in order: a send's
                 * response comes after an earlier send to the same function
                 * (and the same SLM-ness) has read its payload (IGC's SWSB
                 * pass relies on it, hasSameFunctionID) */
                if (!w && is_send(in) && s->tok[n].sfid == in->sfid && s->tok[n].slm == send_is_slm(t, in))
                    continue;
                gt_check_finding(dev, GTSIM_CHECK_SWSB, t, in,
                                 "overwrites r%u.%u (byte), which the out-of-order instruction at EU IP 0x%04x ($%u) "
                                 "still %s, without waiting for it: $%u.%s missing",
                                 b / 32, b % 32, s->tok[n].ip, n, w ? "writes" : "reads", n, w ? "dst" : "src");
                swsb_wait(s, n, w);
            }
        }
    if (ooo) {
        if (in->swsb_mode != GT_SWSB_SET)
            return; /* no SBID to follow it by */
        unsigned n = in->swsb_sbid, k = 0;
        s->tok[n].ip = t->ip;
        s->tok[n].seq = ++s->seq;
        uint32_t desc = 0, exdesc;
        if (is_send(in))
            send_desc(t, in, &desc, &exdesc);
        s->tok[n].fence = is_send(in) && gt_sf_is_fence(dev, in->sfid, desc);
        s->tok[n].sfid = is_send(in) ? in->sfid : 0xff;
        s->tok[n].chmask = emask;
        s->tok[n].slm = (uint8_t)send_is_slm(t, in);
        /* its reads and write, merged into at most 4 + 1 ranges (a math
         * region's channels are adjacent or the span covers them) */
        for (unsigned i = 0; i < a.nrd; i++) {
            if (k && a.rd[i][0] <= s->tok[n].rng[k - 1][1] + 32u && a.rd[i][0] >= s->tok[n].rng[k - 1][0]) {
                if (a.rd[i][1] > s->tok[n].rng[k - 1][1])
                    s->tok[n].rng[k - 1][1] = a.rd[i][1];
            } else if (k < 4) {
                s->tok[n].rng[k][0] = a.rd[i][0];
                s->tok[n].rng[k++][1] = a.rd[i][1];
            } else {
                if (a.rd[i][0] < s->tok[n].rng[3][0])
                    s->tok[n].rng[3][0] = a.rd[i][0];
                if (a.rd[i][1] > s->tok[n].rng[3][1])
                    s->tok[n].rng[3][1] = a.rd[i][1];
            }
            for (unsigned b = a.rd[i][0]; b < a.rd[i][1]; b++)
                s->pend_r[b] = (int8_t)n;
        }
        s->tok[n].nrd = (uint8_t)k;
        s->tok[n].nwr = a.nwr != 0;
        if (a.nwr) {
            unsigned lo = a.wr[0][0], hi = a.wr[0][1];
            for (unsigned i = 0; i < a.nwr; i++) {
                lo = a.wr[i][0] < lo ? a.wr[i][0] : lo;
                hi = a.wr[i][1] > hi ? a.wr[i][1] : hi;
                for (unsigned b = a.wr[i][0]; b < a.wr[i][1]; b++) {
                    s->pend_w[b] = (int8_t)n;
                    s->w_jp[b] = 0;
                }
            }
            s->tok[n].rng[k][0] = (uint16_t)lo;
            s->tok[n].rng[k][1] = (uint16_t)hi;
        }
        return;
    }
    s->ip_of[jp & 15] = t->ip;
    for (unsigned i = 0; i < a.nwr; i++)
        for (unsigned b = a.wr[i][0]; b < a.wr[i][1]; b++)
            s->w_jp[b] = jp + 1;
    s->jp = jp + 1;
}

/* ---- uninitialised GRF reads (GTSIM_CHECK_UNINIT) ---- */

static int byte_written(const uint8_t *w, unsigned b)
{
    return w[b >> 3] >> (b & 7) & 1;
}

static void mark_written(uint8_t *w, unsigned lo, unsigned hi)
{
    for (unsigned b = lo; b < hi && b < GT_SWSB_BYTES; b++)
        w[b >> 3] |= (uint8_t)(1u << (b & 7));
}

void gt_check_uninit(gtsim_device *dev, gt_thread *t, const gt_inst *in, uint32_t emask, uint32_t rmask)
{
    uint8_t *w = t->written;
    if (is_send(in)) {
        uint32_t desc, exdesc;
        send_desc(t, in, &desc, &exdesc);
        unsigned rlen = desc >> 20 & 31;
        if (rlen && in->dst.file == GT_FILE_GRF && !in->dst.indirect)
            mark_written(w, in->dst.nr * 32u, (in->dst.nr + rlen) * 32u);
        return;
    }
    if (!data_operands(in))
        return;
    /* a flag filled from the GRF (IGC keeps flags in GRF slots and may
     * fill one before any save on the path taken: its value then goes
     * unused) is not a use of the data */
    int flag_fill = in->dst.file == GT_FILE_ARF && (in->dst.nr & 0xf0) == GT_ARF_F;
    uint32_t lanes = rmask & t->exec_mask & t->dispatch_mask, off[32];
    unsigned ts;
    for (unsigned i = 0; i < in->num_srcs && i < 3 && !flag_fill; i++) {
        /* a NoMask vector read is IGC going over every lane's leftovers
         * (64-bit multiply halves of another quarter's data, packing):
         * only its scalar sources are values it uses as such */
        const gt_operand *o = &in->src[i];
        if (in->nomask && in->exec_size > 1 && (o->vstride || o->hstride))
            continue;
        unsigned nc = region_bytes(o, in->exec_size, 0, off, &ts);
        uint32_t bad = 0;
        unsigned first_lane = 0, first_byte = 0;
        for (unsigned c = 0; c < nc; c++) {
            unsigned lane = in->chan_off + c;
            if (lane >= 32 || !(lanes >> lane & 1))
                continue;
            for (unsigned b = off[c]; b < off[c] + ts && b < GT_SWSB_BYTES; b++)
                if (!byte_written(w, b)) {
                    if (!bad) {
                        first_lane = lane;
                        first_byte = b;
                    }
                    bad |= 1u << lane;
                    break;
                }
        }
        if (!bad)
            continue;
        gt_check_finding(dev, GTSIM_CHECK_UNINIT, t, in,
                         "lane %u (of lanes 0x%x) reads r%u.%u (byte) of src%u, which nothing wrote since the "
                         "thread's dispatch",
                         first_lane, bad, first_byte / 32, first_byte % 32, i);
        for (unsigned c = 0; c < nc; c++) /* reported once: now taken as written */
            if (in->chan_off + c < 32 && bad >> (in->chan_off + c) & 1)
                mark_written(w, off[c], off[c] + ts);
    }
    uint32_t doff[32];
    unsigned dts, nc = region_bytes(&in->dst, in->exec_size, 1, doff, &dts);
    for (unsigned c = 0; c < nc; c++)
        if (in->chan_off + c < 32 && emask >> (in->chan_off + c) & 1)
            mark_written(w, doff[c], doff[c] + dts);
}
