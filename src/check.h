/*
 * Kernel checks (gtsim_config.checks; src/check.c): findings are counted
 * per kernel and check and reported with where they happened.  The
 * shared functions call in only when a check is on (dev->checker != NULL).
 */
#ifndef GT_CHECK_H
#define GT_CHECK_H

#include "eu/eu.h"
#include "gt.h"

typedef struct gt_checker gt_checker;

/* NULL when out of host memory.  mask: enum gtsim_check; per_kernel:
 * findings reported per kernel and check (the rest are counted). */
gt_checker *gt_check_create(unsigned mask, unsigned per_kernel);
void gt_check_destroy(gt_checker *c);

/* 1 when check (an enum gtsim_check bit) is on for dev. */
static inline int gt_check_on(const gtsim_device *dev, unsigned check)
{
    return (dev->cfg.checks & check) != 0;
}

/* A finding of check by thread t at instruction in (the one at t->ip; NULL
 * for none, e.g. at the end of a thread): counted, and reported on the
 * device log with the kernel (GVA and a hash of its first bytes), EU IP,
 * raw bytes and disassembly, followed by the printf-style detail (lane,
 * address, surface and its extent ...).  Thread-safe. */
void gt_check_finding(gtsim_device *dev, unsigned check, const gt_thread *t, const gt_inst *in,
                      const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* The last write and reads of one SLM byte (GTSIM_CHECK_SLM_RACE): the
 * stamp of the barrier interval they happened in (gt_tgroup.slm_stamp),
 * the work-item (thread index x SIMD width + lane) and EU IP; r_wi
 * GT_SLM_READERS: several work-items read it. */
typedef struct gt_slm_shadow {
    uint32_t w_stamp, r_stamp;
    uint32_t w_ip, r_ip;
    uint16_t w_wi, r_wi;
} gt_slm_shadow;
#define GT_SLM_READERS 0xffffu

/* GTSIM_CHECK_SLM_RACE: lane `lane` of thread t (at instruction in) reads
 * or writes len bytes at SLM offset off of its group: a finding when
 * another work-item of the group wrote those bytes, or (for a write) read
 * them, since the group's last barrier.  Needs t->tg->slm_shadow. */
void gt_check_slm_access(gtsim_device *dev, gt_thread *t, const gt_inst *in, const char *msg, int lane,
                         uint32_t off, unsigned len, int write);

/* The software scoreboard of one Gen12 EU thread (GTSIM_CHECK_SWSB), at
 * byte granularity (IGC's annotations are exact to the byte): in-order
 * instructions issued (jp, counting on across the threads of the slot) and
 * known complete (below done), the IP of the last 16 in-order ones (by jp
 * mod 16), the fall-through IP of the last instruction, per GRF byte its in-order writer (jp + 1) and the SBIDs of the
 * out-of-order instructions writing / reading it (-1 none), per SBID the
 * IP and byte ranges of its instruction. */
#define GT_SWSB_BYTES (GT_GRF_REGS * 32)
typedef struct gt_swsb_state {
    uint32_t jp, done;
    uint32_t next_ip;   /* where the last instruction falls through to */
    uint32_t ip_of[16];
    uint32_t w_jp[GT_SWSB_BYTES];
    int8_t pend_w[GT_SWSB_BYTES], pend_r[GT_SWSB_BYTES];
    uint32_t seq;       /* out-of-order instructions issued */
    struct {
        uint32_t ip, seq;
        uint16_t rng[5][2]; /* byte ranges [lo, hi): reads, then the write */
        uint8_t nrd, nwr;
        uint8_t fence;      /* a memory fence: done, the earlier messages are */
        uint8_t sfid, slm;  /* a send's shared function and SLM binding (BTI 254) */
        uint32_t chmask;    /* the channels it ran for */
    } tok[16];
} gt_swsb_state;

/* What the checks keep per hardware thread slot (a worker's thread i). */
typedef struct gt_thread_check {
    gt_swsb_state swsb;
    uint8_t written[GT_SWSB_BYTES / 8];
} gt_thread_check;

/* GTSIM_CHECK_UNINIT: thread t (t->written) issues instruction in with
 * the channels emask enabled, of which rmask read sources that matter
 * (predicated on): a finding for the first byte a lane of rmask reads that
 * nothing wrote since dispatch, then the bytes of emask's lanes of its
 * destination are marked.  Only lanes enabled by control flow and the
 * dispatch mask are checked (NoMask instructions read the others'
 * leftovers by design); send payloads are not checked, send responses are
 * writes. */
void gt_check_uninit(gtsim_device *dev, gt_thread *t, const gt_inst *in, uint32_t emask, uint32_t rmask);

/* A thread starts on the slot with nothing in flight (s: zeroed before
 * its first use); depth: gt_eu_behaviour.swsb_depth. */
void gt_swsb_reset(gt_swsb_state *s, unsigned depth);

/* GTSIM_CHECK_SWSB: thread t issues instruction in (at t->ip) with the
 * channels emask enabled: its SWSB waits are applied, its register reads and writes checked against what
 * is in flight, then its own results enter the scoreboard.  depth: the
 * platform's gt_eu_behaviour.swsb_depth.  Needs t->swsb. */
void gt_check_swsb(gtsim_device *dev, gt_thread *t, const gt_inst *in, uint32_t emask, unsigned depth);

#endif
