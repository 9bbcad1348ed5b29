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

#endif
