/*
 * Shared functions: message decode common to all SFIDs, dispatch to the
 * data port handlers (dataport.c), the message gateway (barrier) and the
 * thread spawner (end of thread).
 *
 * Division of work with the executor (src/eu/exec.c) for EOT and barriers:
 *  - The executor resolves the descriptors (immediate or a0), computes the
 *    enabled slots and calls gt_sf_send() once per send/sends/sendc.
 *  - gt_sf_send() performs the message.  When the send carries EOT
 *    (in->eot or exdesc bit 5) and the message succeeded, it counts the
 *    thread as done in its thread group (tg->done++).  The executor then
 *    sets t->state = GT_THREAD_DONE and stops running the thread.
 *  - Barrier: gt_sf_send() counts the arrival in tg->barrier_arrived.  The
 *    last arriving thread completes the barrier: n0.0 of every thread of
 *    the group is set (and GT_THREAD_BLOCKED threads of the group are made
 *    GT_THREAD_RUNNABLE) and the count is reset.  The thread continues
 *    after the send; it is the executor's `wait n0.0` that blocks while
 *    n0.0 is clear (GT_THREAD_BLOCKED, ip on the wait) and clears n0.0
 *    when it proceeds.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "pipe/media.h"
#include "sf/sf_int.h"

static const char *sfid_name(unsigned sfid)
{
    static const char *const names[16] = {
        [GT_SFID_NULL] = "null", [GT_SFID_SAMPLER] = "sampler", [GT_SFID_GATEWAY] = "gateway",
        [GT_SFID_DP_SAMPLER] = "dp sampler cache", [GT_SFID_DP_RC] = "dp render cache",
        [GT_SFID_URB] = "urb", [GT_SFID_SPAWNER] = "thread spawner", [GT_SFID_VME] = "vme",
        [GT_SFID_DP_CC] = "dp constant cache", [GT_SFID_DP_DC0] = "hdc.dc0",
        [GT_SFID_PI] = "pixel interpolator", [GT_SFID_DP_DC1] = "hdc.dc1", [GT_SFID_CRE] = "cre",
    };
    return sfid < 16 && names[sfid] ? names[sfid] : "reserved";
}

int sf_fail(sf_msg *m, int status, const char *fmt, ...)
{
    char what[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof(what), fmt, ap);
    va_end(ap);
    const gt_thread *t = m->t;
    return gt_error(m->dev, status,
                    "send: %s: %s (SFID 0x%x %s, desc 0x%08x, exdesc 0x%08x, mlen %u, exlen %u, "
                    "rlen %u) at EU IP 0x%x of kernel GVA 0x%llx",
                    m->name ? m->name : "message", what, m->sfid, sfid_name(m->sfid), m->desc,
                    m->exdesc, m->mlen, m->exlen, m->rlen, t->ip,
                    (unsigned long long)t->kernel_gva);
}

int sf_check_len(sf_msg *m, unsigned need)
{
    if (m->nregs >= need)
        return GTSIM_OK;
    return sf_fail(m, GTSIM_ERR_ILLEGAL, "payload needs %u GRF registers, message has %u", need,
                   m->nregs);
}

/* ---- message gateway (SFID 3), seed 004 MSD_BARRIER, seed 000 §1.5 ----
 *
 * Descriptor bits 2:0 select the subfunction (0 open gateway, 1 close
 * gateway, 2 forward message, 3 get timestamp, 4 barrier, 5 update gateway
 * state, 6 MMIO read/write).  Open, close and forward (the legacy
 * protocol of MEDIA_VFE_STATE Bypass Gateway Control = 0, seed 000
 * §1.8.1) are kept by the media unit, which knows the threads: see
 * gt_media_gateway() in src/pipe/media.h for their payloads. */

#define GW_OPEN 0
#define GW_CLOSE 1
#define GW_FORWARD 2
#define GW_BARRIER 4

/* GTSIM_CHECK_BARRIER: thread m->t does `what` while threads of its group
 * wait at a barrier. */
static void waiting_finding(sf_msg *m, const char *what)
{
    gt_tgroup *tg = m->t->tg;
    char at[64] = "";
    for (uint32_t i = 0; tg->threads && i < tg->nthreads && !at[0]; i++) {
        const gt_thread *o = tg->threads[i];
        if (o && o != m->t && o->state == GT_THREAD_BLOCKED && !(o->n0[0] & 1))
            snprintf(at, sizeof(at), " (one at EU IP 0x%04x)", o->barrier_ip);
    }
    gt_check_finding(m->dev, GTSIM_CHECK_BARRIER, m->t, m->in,
                     "%s while %u of the %u threads of its group wait at a barrier%s: they wait forever, "
                     "or the barrier completes without it",
                     what, tg->barrier_arrived, tg->nthreads, at);
}

/* GTSIM_CHECK_BARRIER at a barrier message of m->t: channels disabled by
 * control flow, threads of the group that already ended; when it
 * completes the barrier (last), threads that arrived at other
 * instructions. */
static void barrier_checks(sf_msg *m, bool last)
{
    gt_thread *t = m->t;
    gt_tgroup *tg = t->tg;
    t->barrier_ip = t->ip;
    uint32_t off = t->dispatch_mask & ~t->exec_mask;
    if (off)
        gt_check_finding(m->dev, GTSIM_CHECK_BARRIER, t, m->in,
                         "barrier in divergent control flow: channels 0x%x of the thread's 0x%x are disabled "
                         "(their work-items skip the barrier the others wait at)",
                         off, t->dispatch_mask);
    if (tg->done)
        gt_check_finding(m->dev, GTSIM_CHECK_BARRIER, t, m->in,
                         "barrier reached after %u of the %u threads of its group ended: it waits for threads "
                         "that never come, or completes without them",
                         tg->done, tg->nthreads);
    for (uint32_t i = 0; last && tg->threads && i < tg->nthreads; i++) {
        const gt_thread *o = tg->threads[i];
        if (o && o != t && o->state != GT_THREAD_DONE && o->barrier_ip != t->ip) {
            gt_check_finding(m->dev, GTSIM_CHECK_BARRIER, t, m->in,
                             "the threads of one group meet at different barriers: this one at EU IP 0x%04x, "
                             "another at 0x%04x",
                             t->ip, o->barrier_ip);
            break;
        }
    }
}

/* The arrivals that complete a barrier of thread group tg.  Desc bit 11
 * Active Threads Only (active_only): threads that sent EOT do not count.
 * The barrier ID and count in the payload (M0.2, copied from r0.2) are
 * not needed: each thread group has its own barrier of nthreads. */
static uint32_t barrier_need(const gt_tgroup *tg, bool active_only)
{
    if (!active_only)
        return tg->nthreads;
    return tg->nthreads > tg->done ? tg->nthreads - tg->done : 0;
}

/* Thread t (of a thread group) arrives at its group's barrier: the last
 * arrival completes it, setting n0.0 of every thread of the group and
 * making the GT_THREAD_BLOCKED ones runnable. */
static void barrier_arrive(gt_thread *t, bool active_only)
{
    gt_tgroup *tg = t->tg;
    if (++tg->barrier_arrived < barrier_need(tg, active_only))
        return;
    tg->barrier_arrived = 0;
    if (tg->slm_shadow) /* a new barrier interval (GTSIM_CHECK_SLM_RACE) */
        tg->slm_stamp = ++*tg->slm_stamps;
    for (uint32_t i = 0; tg->threads && i < tg->nthreads; i++) {
        gt_thread *o = tg->threads[i];
        if (!o)
            continue;
        o->n0[0] |= 1;
        if (o->state == GT_THREAD_BLOCKED)
            o->state = GT_THREAD_RUNNABLE;
    }
    if (!tg->threads)
        t->n0[0] |= 1;
}

static int gateway(sf_msg *m)
{
    unsigned sub = gt_bits(m->desc, 2, 0);
    static const char *const names[8] = {"open gateway", "close gateway", "forward message",
                                         "get timestamp", "barrier", "update gateway state",
                                         "MMIO read/write", "reserved"};
    m->name = names[sub];
    if (sub == GW_OPEN || sub == GW_CLOSE || sub == GW_FORWARD) {
        int st = sf_check_len(m, 1);
        if (st)
            return st;
        char why[512];
        uint8_t rsp[32];
        st = gt_media_gateway(m->dev, m->t, m->desc, m->reg[0], rsp, why, sizeof(why));
        if (st)
            return sf_fail(m, st, "%s", why);
        if (m->dst && m->rlen) /* acknowledgement (AckReq) */
            memcpy(m->dst, rsp, 32);
        return GTSIM_OK;
    }
    if (sub != GW_BARRIER)
        return sf_fail(m, GTSIM_ERR_UNIMPL, "gateway subfunction %u not implemented", sub);
    m->name = "barrier";
    gt_tgroup *tg = m->t->tg;
    if (!tg)
        return sf_fail(m, GTSIM_ERR_INVALID, "barrier from a thread without a thread group");
    if (m->rlen != 0)
        return sf_fail(m, GTSIM_ERR_UNIMPL,
                       "barrier with register notification (response length %u); only the "
                       "N0.0 notification is implemented", m->rlen);
    int st = sf_check_len(m, 1);
    if (st)
        return st;
    bool active_only = gt_bits(m->desc, 11, 11);
    if (gt_check_on(m->dev, GTSIM_CHECK_BARRIER))
        barrier_checks(m, tg->barrier_arrived + 1 >= barrier_need(tg, active_only));
    barrier_arrive(m->t, active_only);
    return GTSIM_OK;
}

/* ---- thread spawner (SFID 7) ---- */

static int spawner(sf_msg *m, bool eot)
{
    m->name = eot ? "end of thread" : (m->desc & 1) ? "spawn thread" : "dereference resource";
    if (m->mlen == 0 && eot)
        return GTSIM_OK;
    int st = sf_check_len(m, 1);
    if (st)
        return st;
    /* seed 000 §1.7.2: spawn / dereference messages go to the media unit
     * (child threads, synchronized roots, URB handles); EOT itself is
     * handled by gt_sf_send(). */
    char why[512];
    st = gt_media_ts_message(m->dev, m->t, m->desc, m->reg[0], eot, why, sizeof(why));
    return st ? sf_fail(m, st, "%s", why) : GTSIM_OK;
}

/* A send's lengths from its descriptors (seed 004 message descriptor:
 * Message Length 28:25, Response Length 24:20, Header Present 19;
 * extended descriptor: Extended Message Length 10:6 of the split forms). */
static void send_lens(const gtsim_device *dev, const gt_inst *in, uint32_t desc, uint32_t exdesc,
                      sf_msg *m)
{
    m->mlen = gt_bits(desc, 28, 25);
    m->rlen = gt_bits(desc, 24, 20);
    m->header = gt_bits(desc, 19, 19);
    bool split = in->op == GT_OP_SENDS || in->op == GT_OP_SENDSC || sf_gen_of(dev)->send_split;
    m->exlen = split ? gt_bits(exdesc, 10, 6) : 0;
    m->nregs = m->mlen + m->exlen;
}

/* The registers of a send: the payload (m->mlen from src0, m->exlen from
 * src1) and the response (m->rlen from a GRF dst) direct GRF ranges inside
 * the file.  GTSIM_OK, or the error, reported on m when report is set. */
static int send_regs_check(sf_msg *m, const gt_inst *in, bool report)
{
    const gt_operand *s0 = &in->src[0], *s1 = &in->src[1], *d = &in->dst;
    if (m->mlen && (s0->file != GT_FILE_GRF || s0->indirect))
        return !report ? GTSIM_ERR_UNIMPL
                       : sf_fail(m, GTSIM_ERR_UNIMPL, "message payload (src0) is not a direct GRF");
    if (m->exlen && (s1->file != GT_FILE_GRF || s1->indirect))
        return !report ? GTSIM_ERR_UNIMPL
                       : sf_fail(m, GTSIM_ERR_UNIMPL, "data payload (src1) is not a direct GRF");
    if (s0->nr + m->mlen > GT_GRF_REGS || (m->exlen && s1->nr + m->exlen > GT_GRF_REGS))
        return !report ? GTSIM_ERR_ILLEGAL
                       : sf_fail(m, GTSIM_ERR_ILLEGAL, "payload r%u+%u / r%u+%u runs past r%u", s0->nr,
                                 m->mlen, s1->nr, m->exlen, GT_GRF_REGS - 1);
    if (d->file == GT_FILE_GRF && d->indirect)
        return !report ? GTSIM_ERR_UNIMPL : sf_fail(m, GTSIM_ERR_UNIMPL, "indirect response destination");
    if (d->file == GT_FILE_GRF && d->nr + m->rlen > GT_GRF_REGS)
        return !report ? GTSIM_ERR_ILLEGAL
                       : sf_fail(m, GTSIM_ERR_ILLEGAL, "response r%u+%u runs past r%u", d->nr, m->rlen,
                                 GT_GRF_REGS - 1);
    return GTSIM_OK;
}

/* gt_sf_plan.run of a barrier (SF_OP_BARRIER) and of a data port fence
 * (SF_OP_FENCE: nothing to do, memory is always coherent here). */
static int barrier_planned(gt_thread *t, const gt_sf_plan *p, uint32_t mask)
{
    (void)mask;
    if (!t->tg)   /* (gateway() reports it) */
        return 0;
    barrier_arrive(t, p->active_only);
    return 1;
}

static int fence_planned(gt_thread *t, const gt_sf_plan *p, uint32_t mask)
{
    (void)t, (void)p, (void)mask;
    return 1;
}

/* The fields every planned data port message has: its operation, response
 * length, first payload register, response register (-1: not a GRF), the
 * bounds check and the binding table index. */
static void plan_message(const gtsim_device *dev, const gt_inst *in, const sf_msg *m, unsigned op,
                         gt_sf_plan *p)
{
    p->op = (uint8_t)op;
    p->rlen = (uint8_t)m->rlen;
    p->src0 = (uint8_t)in->src[0].nr;
    p->dst = in->dst.file == GT_FILE_GRF ? (int16_t)in->dst.nr : -1;
    p->checked = (uint8_t)gt_check_on(dev, GTSIM_CHECK_BOUNDS);
    p->bti = (uint8_t)gt_bits(in->desc, 7, 0);
}

/* The payload of a planned per-slot message: the header and dbase - header
 * address rows in src0 (one run of registers), then dlen data rows (a
 * write's data, an atomic's sources) in one run, after them in src0 or
 * in src1; p->data gets the data's first register (-1: none).  false:
 * the payload is too short or split otherwise (gt_sf_send runs it). */
static bool plan_payload(const gt_inst *in, const sf_msg *m, unsigned dbase, unsigned dlen, gt_sf_plan *p)
{
    if (m->mlen < dbase || m->nregs < dbase + dlen || (dbase < m->mlen && dbase + dlen > m->mlen))
        return false;
    p->data = !dlen ? -1
              : dbase < m->mlen ? (int16_t)(in->src[0].nr + dbase) : (int16_t)(in->src[1].nr + dbase - m->mlen);
    return true;
}

/* A32 byte / DWord scattered and A64 scattered reads and writes: what
 * bti_scattered / scattered and a64_scattered check (data sizes, the
 * payload's length). */
static void plan_scattered(const gtsim_device *dev, const gt_inst *in, const sf_msg *m, unsigned op,
                           gt_sf_plan *p)
{
    bool a64 = op == SF_OP_A64_SCATTERED_READ || op == SF_OP_A64_SCATTERED_WRITE;
    bool write = op == SF_OP_BS_WRITE || op == SF_OP_DWS_WRITE || op == SF_OP_A64_SCATTERED_WRITE;
    unsigned slots, size, nacc = 1;
    if (a64) {   /* subtype 9:8 byte (n bytes), DWord, QWord (n elements); 11:10 log2 n */
        unsigned sub = gt_bits(in->desc, 9, 8), n = 1u << gt_bits(in->desc, 11, 10);
        if (sub == 3)
            return;
        slots = gt_bits(in->desc, 12, 12) ? 16 : 8;
        size = sub == 0 ? n : sub == 1 ? 4 : 8;
        nacc = sub == 0 ? 1 : n;
    } else {
        unsigned ds = gt_bits(in->desc, 11, 10);
        if (op != SF_OP_DWS_READ && op != SF_OP_DWS_WRITE && ds == 3)
            return;
        slots = gt_bits(in->desc, 8, 8) ? 16 : 8;
        size = op == SF_OP_DWS_READ || op == SF_OP_DWS_WRITE ? 4 : 1u << ds;
    }
    unsigned stride = size <= 4 ? 4 : 8;   /* payload bytes per access */
    if (!plan_payload(in, m, m->header + slots / (a64 ? 4 : 8), write ? nacc * slots * stride / 32 : 0, p))
        return;
    plan_message(dev, in, m, op, p);
    p->a64 = a64;
    p->write = write;
    p->header = (uint8_t)m->header;
    p->slots = (uint8_t)slots;
    p->size = (uint8_t)size;
    p->nacc = (uint8_t)nacc;
    p->unit = op == SF_OP_DWS_READ || op == SF_OP_DWS_WRITE ? 4 : 1;
    p->run = sf_scattered_planned;
}

/* Untyped atomics, integer or float, A32 or A64: what atomic_lanes checks
 * (a valid operation, the payload's length). */
static void plan_atomic(const gtsim_device *dev, const gt_inst *in, const sf_msg *m, unsigned op,
                        gt_sf_plan *p)
{
    bool a64 = op == SF_OP_A64_UNTYPED_ATOMIC || op == SF_OP_A64_UNTYPED_ATOMIC_FLOAT;
    bool flt = op == SF_OP_UNTYPED_ATOMIC_FLOAT || op == SF_OP_A64_UNTYPED_ATOMIC_FLOAT;
    unsigned aop = flt ? gt_bits(in->desc, 9, 8) : gt_bits(in->desc, 11, 8);
    bool q = a64 && !flt && gt_bits(in->desc, 12, 12);   /* A64: bit 12 = 64-bit data */
    unsigned slots = a64 ? 8 : (gt_bits(in->desc, 12, 12) ? 8 : 16);
    if (aop == 0 || (flt && aop > 3))
        return;
    unsigned nsrc = sf_aop_srcs(aop, flt), dreg = q ? slots / 4 : slots / 8;
    if (!plan_payload(in, m, m->header + slots / (a64 ? 4 : 8), nsrc * dreg, p))
        return;
    plan_message(dev, in, m, op, p);
    p->a64 = a64;
    p->write = 1;
    p->header = (uint8_t)m->header;
    p->slots = (uint8_t)slots;
    p->size = q ? 8 : 4;
    p->nacc = 1;
    p->aop = (uint8_t)aop;
    p->flt = flt;
    p->ret = (uint8_t)gt_bits(in->desc, 13, 13);
    p->nsrc = (uint8_t)nsrc;
    p->atomic_lock = (pthread_mutex_t *)&dev->atomic_lock;
    p->run = sf_atomic_planned;
}

void gt_sf_plan_send(const gtsim_device *dev, const gt_inst *in, gt_sf_plan *p)
{
    memset(p, 0, sizeof(*p));
    if ((in->op != GT_OP_SEND && in->op != GT_OP_SENDS) || in->desc_reg || in->exdesc_reg ||
        in->eot || gt_bits(in->exdesc, 5, 5))
        return;
    sf_msg m;
    send_lens(dev, in, in->desc, in->exdesc, &m);
    if (send_regs_check(&m, in, false))
        return;
    if (in->sfid == GT_SFID_GATEWAY) {   /* gateway(): a barrier with N0.0 notification */
        if (gt_bits(in->desc, 2, 0) == GW_BARRIER && m.rlen == 0 && m.nregs >= 1 &&
            !gt_check_on(dev, GTSIM_CHECK_BARRIER)) {
            p->op = SF_OP_BARRIER;
            p->run = barrier_planned;
            p->active_only = (uint8_t)gt_bits(in->desc, 11, 11);
        }
        return;
    }
    const sf_port *port = sf_gen_of(dev)->port[in->sfid & 15];
    if (!port || (port->scratch && gt_bits(in->desc, 18, 18)))
        return;
    unsigned type = gt_bits(in->desc, port->type_hi, 14);
    unsigned op = type < 32 ? port->op[type] : SF_OP_NONE;
    if (op == SF_OP_FENCE) {   /* sf_dataport: nothing to do, the response left unchanged */
        p->op = SF_OP_FENCE;
        p->run = fence_planned;
        return;
    }
    if (op == SF_OP_OWB_READ || op == SF_OP_OWB_UNALIGNED_READ) {
        /* what bti_oword_block and oword_block check: a header, a valid
         * block size; SLM's OWord blocks stay with sf_read */
        unsigned bti = gt_bits(in->desc, 7, 0), block = gt_bits(in->desc, 10, 8);
        if (!m.header || m.nregs < 1 || bti == 254 || !sf_owb_bytes(block))
            return;
        plan_message(dev, in, &m, op, p);
        p->data = -1;
        p->header = 1;
        p->block = (uint8_t)block;
        p->run = sf_owb_planned;
        return;
    }
    if (op == SF_OP_A64_OWB_READ) {   /* what sf_dataport checks: subtype 0 or 1, a header */
        unsigned block = gt_bits(in->desc, 10, 8);
        if (gt_bits(in->desc, 12, 11) > 1 || !m.header || m.nregs < 1 || !sf_owb_bytes(block))
            return;
        plan_message(dev, in, &m, op, p);
        p->data = -1;
        p->a64 = 1;
        p->header = 1;
        p->block = (uint8_t)block;
        p->run = sf_owb_planned;
        return;
    }
    if (op == SF_OP_BS_READ || op == SF_OP_BS_WRITE || op == SF_OP_DWS_READ || op == SF_OP_DWS_WRITE ||
        op == SF_OP_A64_SCATTERED_READ || op == SF_OP_A64_SCATTERED_WRITE) {
        plan_scattered(dev, in, &m, op, p);
        return;
    }
    if (op == SF_OP_UNTYPED_ATOMIC || op == SF_OP_UNTYPED_ATOMIC_FLOAT || op == SF_OP_A64_UNTYPED_ATOMIC ||
        op == SF_OP_A64_UNTYPED_ATOMIC_FLOAT) {
        plan_atomic(dev, in, &m, op, p);
        return;
    }
    if (op != SF_OP_UNTYPED_READ && op != SF_OP_UNTYPED_WRITE && op != SF_OP_A64_UNTYPED_READ &&
        op != SF_OP_A64_UNTYPED_WRITE)
        return;
    /* what untyped_rw checks first: SIMD16 / SIMD8, a channel on, the
     * payload long enough */
    unsigned mode = gt_bits(in->desc, 13, 12), cmask = gt_bits(in->desc, 11, 8);
    bool a64 = op == SF_OP_A64_UNTYPED_READ || op == SF_OP_A64_UNTYPED_WRITE;
    bool write = op == SF_OP_UNTYPED_WRITE || op == SF_OP_A64_UNTYPED_WRITE;
    unsigned slots = mode == 1 ? 16 : 8, nch = sf_channels(cmask);
    if ((mode != 1 && mode != 2) || nch == 0 ||
        !plan_payload(in, &m, m.header + slots / (a64 ? 4 : 8), write ? nch * slots / 8 : 0, p))
        return;
    plan_message(dev, in, &m, op, p);
    p->a64 = a64;
    p->write = write;
    p->header = (uint8_t)m.header;
    p->slots = (uint8_t)slots;
    p->cmask = (uint8_t)cmask;
    p->run = !a64 && p->bti == 254 ? sf_slm_untyped_route(p) : sf_mem_untyped_planned;
}


int gt_sf_send(gtsim_device *dev, gt_thread *t, const gt_inst *in, uint32_t exec_mask,
               uint32_t desc, uint32_t exdesc)
{
    sf_msg m;
    m.dev = dev;
    m.t = t;
    m.in = in;
    m.desc = desc;
    m.exdesc = exdesc;
    m.mask = exec_mask;
    m.sfid = in->sfid;
    m.name = NULL;
    m.lane = -1;
    m.rmw = false;
    send_lens(dev, in, desc, exdesc, &m);
    m.dst = NULL;
    bool eot = in->eot || gt_bits(exdesc, 5, 5);

    const gt_operand *s0 = &in->src[0], *s1 = &in->src[1];
    int st = send_regs_check(&m, in, true);
    if (st)
        return st;
    /* The payload registers are sent to the shared function (a copy), and
     * the response is written back afterwards (seed 004 send: src0/src1
     * are the message payload, dst receives rlen response registers), so a
     * response overlapping the payload (IGC: `send (16) r39 r40 ...`, its
     * address registers inside the returned data) must not change the
     * payload the message still reads. */
    uint8_t payload[SF_MAX_MSG_REGS][32];
    /* the copy is needed only when the response overlaps the payload */
    bool overlap = false;
    if (in->dst.file == GT_FILE_GRF && m.rlen) {
        unsigned d0 = in->dst.nr, d1 = in->dst.nr + m.rlen;
        overlap = (m.mlen && d0 < s0->nr + m.mlen && s0->nr < d1) ||
                  (m.exlen && d0 < s1->nr + m.exlen && s1->nr < d1);
    }
    for (unsigned k = 0; k < m.mlen; k++) {
        m.reg[k] = t->grf + (s0->nr + k) * 32;
        if (overlap) {
            memcpy(payload[k], m.reg[k], 32);
            m.reg[k] = payload[k];
        }
    }
    for (unsigned k = 0; k < m.exlen; k++) {
        m.reg[m.mlen + k] = t->grf + (s1->nr + k) * 32;
        if (overlap) {
            memcpy(payload[m.mlen + k], m.reg[m.mlen + k], 32);
            m.reg[m.mlen + k] = payload[m.mlen + k];
        }
    }
    if (in->dst.file == GT_FILE_GRF)
        m.dst = t->grf + in->dst.nr * 32;

    const sf_port *port = sf_gen_of(dev)->port[m.sfid & 15];
    switch (port ? 0x10u : m.sfid) {
    case 0x10: /* a data port of this generation */
        st = sf_dataport(&m, port);
        break;
    case GT_SFID_NULL:
        st = GTSIM_OK;
        break;
    case GT_SFID_URB:
        st = sf_urb(&m);
        break;
    case GT_SFID_DP_RC: /* Gen9+: render target write / read (rt.c) */
        st = sf_rt(&m);
        break;
    case GT_SFID_SAMPLER:
        st = sf_sampler(&m);
        break;
    case GT_SFID_GATEWAY:
        st = gateway(&m);
        break;
    case GT_SFID_SPAWNER:
        st = spawner(&m, eot);
        break;
    default:
        st = sf_fail(&m, GTSIM_ERR_UNIMPL, "shared function %s not implemented",
                     sfid_name(m.sfid));
        break;
    }
    if (st == GTSIM_OK && eot && t->tg) {
        if (t->tg->barrier_arrived && gt_check_on(dev, GTSIM_CHECK_BARRIER))
            waiting_finding(&m, "thread ends (EOT)");
        t->tg->done++;
    }
    return st;
}
