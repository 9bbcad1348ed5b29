/*
 * Shared functions reached by `send`: data port (HDC: untyped surface,
 * scattered, OWord block, A64 stateless, SLM via BTI 254, atomics), message
 * gateway (barrier), thread spawner (EOT).  SFIDs per seed 004 (SFID field of
 * the send extended descriptor).
 */
#ifndef GT_SF_H
#define GT_SF_H

#include "eu/eu.h"

enum gt_sfid {
    GT_SFID_NULL = 0x0, GT_SFID_SAMPLER = 0x2, GT_SFID_GATEWAY = 0x3,
    GT_SFID_DP_SAMPLER = 0x4, GT_SFID_DP_RC = 0x5, GT_SFID_URB = 0x6,
    GT_SFID_SPAWNER = 0x7, GT_SFID_VME = 0x8, GT_SFID_DP_CC = 0x9,
    GT_SFID_DP_DC0 = 0xA, GT_SFID_PI = 0xB, GT_SFID_DP_DC1 = 0xC,
    GT_SFID_CRE = 0xD,
};

/* State a dispatched thread's messages need: set by the pipeline from
 * STATE_BASE_ADDRESS, the interface descriptor and MEDIA_VFE_STATE.  All
 * addresses are GPU virtual addresses in vm. */
typedef struct gt_dispatch {
    gt_vm *vm;
    uint64_t general_state_base;
    uint64_t surface_state_base;
    uint64_t dynamic_state_base;
    uint64_t indirect_object_base;
    uint64_t instruction_base;
    uint64_t binding_table;        /* GVA of the binding table (surface base + pointer) */
    uint64_t sampler_state;        /* GVA of the SAMPLER_STATE table (dynamic state base + the
                                    * interface descriptor's Sampler State Pointer): what
                                    * sampler messages without a header use */
    uint64_t scratch_base;         /* GVA of scratch space (general state base + VFE pointer) */
    uint32_t scratch_per_thread;   /* bytes of scratch per thread */
    uint32_t slm_size;             /* bytes of SLM per thread group */
    /* Binding table entries already resolved to a buffer (or null) surface
     * during this dispatch (src/sf/surface.c sf_space_bti), or NULL: decode
     * the surface state for every message.  Like the hardware's surface
     * state cache, it assumes binding tables and surface states do not
     * change while the dispatch runs (a driver invalidates the state
     * caches with PIPE_CONTROL before reusing them). */
    struct gt_bti_cache *bti_cache;
    /* Decoded-kernel cache of the thread running this dispatch, or NULL
     * for the device's (an EU worker of gtsim_config.threads has its own:
     * the caches are not shared between host threads). */
    struct gt_kcache *kcache;
} gt_dispatch;

/* Resolved binding table entries of a dispatch (gt_dispatch.bti_cache):
 * valid bit per BTI (0..239); kind is 1 for a buffer surface at base of
 * limit bytes, 0 for a null surface.  state: the images (RENDER_SURFACE_STATE)
 * and samplers (SAMPLER_STATE, border colour) the dispatch's image, sampler
 * and render target messages decoded (src/sf/surface.c), allocated at the
 * first of those messages.  Zero the whole struct once, then
 * gt_bti_cache_reset before each dispatch and gt_bti_cache_fini at the end. */
typedef struct gt_bti_cache {
    uint64_t valid[4];
    struct {
        uint8_t kind;
        uint64_t base, limit;
    } e[240];
    struct sf_state_cache *state;
} gt_bti_cache;

/* Forget every resolved entry (a new dispatch); storage is kept. */
void gt_bti_cache_reset(gt_bti_cache *bc);
/* Free the storage (the cache may be reset and used again). */
void gt_bti_cache_fini(gt_bti_cache *bc);

/* One thread group (GPGPU walker): its threads share SLM and a barrier. */
typedef struct gt_tgroup {
    uint32_t nthreads;             /* threads in the group */
    uint32_t barrier_arrived;      /* threads that sent a barrier message */
    uint32_t done;                 /* threads that sent EOT */
    uint8_t *slm;                  /* slm_size bytes, zeroed per group */
    uint32_t slm_size;
    gt_thread **threads;
    /* 1: the group's runner adds its threads' work to dev->stats when the
     * group ends (gt_eu_flush_stats), not gt_eu_run at every return: the
     * workers of a parallel walker then do not contend for the counters at
     * every barrier and EOT */
    int defer_stats;
    /* GTSIM_CHECK_SLM_RACE (src/check.c): the last accesses of each SLM
     * byte (slm_size entries, or NULL: not checked) and the stamp of the
     * current barrier interval, drawn from *slm_stamps, a counter that only
     * grows (shadow entries of earlier groups and intervals are older) */
    struct gt_slm_shadow *slm_shadow;
    uint32_t slm_stamp;
    uint32_t *slm_stamps;
} gt_tgroup;

/* Execute the message of a send/sends/sendc instruction for thread t.
 * desc/exdesc are the resolved descriptors; exec_mask the enabled channels.
 * Writes the response to the destination GRFs.  Returns GTSIM_OK or an
 * error status (report in dev->err, naming the message and the address).
 * exec_mask bit i enables message slot i (slot 0 = the first channel of
 * the instruction, i.e. the mask is already shifted by chan_off).  Block
 * messages (OWord block, scratch) ignore it.  On EOT (in->eot or exdesc
 * bit 5) the thread is counted in t->tg->done; the caller sets
 * GT_THREAD_DONE.  A barrier completes by setting n0.0 of every thread of
 * the group (see src/sf/sf.c for the division of work). */
/* Per-generation shared-function descriptions (data port message numbering
 * and RENDER_SURFACE_STATE layout), for gt_platform.sf (src/sf/sf_gen.c). */
struct gt_sf_gen;
extern const struct gt_sf_gen gt_sf_gen9, gt_sf_gen7, gt_sf_gen75, gt_sf_gen12;

/* 1 when a send of sfid with descriptor desc is a data port memory fence
 * (the generation's port table: SF_OP_FENCE), whose response comes after
 * the thread's earlier memory messages are done. */
int gt_sf_is_fence(const gtsim_device *dev, unsigned sfid, uint32_t desc);

int gt_sf_send(gtsim_device *dev, gt_thread *t, const gt_inst *in,
               uint32_t exec_mask, uint32_t desc, uint32_t exdesc);

/* A send decoded once, when its kernel is (gt_sf_plan_send): an untyped
 * surface read or write (seed 004 untyped surface read / write, A32
 * through a binding table index or A64), SIMD8 or SIMD16, a byte or DWord
 * scattered read or write (seed 004 MSD0R_BS / MSD0W_BS, MSD0R_DWS /
 * MSD0W_DWS; A32) or A64 scattered read or write (MSD1R_A64_SB ...), an
 * untyped atomic (integer or float, A32 or A64: MSD1R_DWAI,
 * MSD1R_A64_DWAI ...), an OWord block read, aligned or unaligned, with its
 * header, through a binding table index other than SLM's or A64 (seed 004
 * OWord block read; IGC's loads of a value every channel shares), or the
 * message gateway's barrier with N0.0 notification (seed 004 MSD_BARRIER;
 * not under GTSIM_CHECK_BARRIER), or a data port memory fence (seed 004
 * memory fence: memory is always coherent here); send or sends (not sendc), no EOT, with
 * immediate descriptors and payload / response registers that gt_sf_send
 * accepts.  op 0: not planned. */
typedef struct gt_sf_plan {
    uint8_t op;            /* enum sf_dp_op (src/sf/sf_int.h); 0 none; SF_OP_BARRIER the gateway's
                            * barrier (the fields below but active_only unused); SF_OP_FENCE a
                            * data port memory fence (no field used: nothing to do) */
    uint8_t active_only;   /* barrier: Active Threads Only (desc bit 11) */
    uint8_t rlen;          /* GRF registers of the response */
    uint8_t src0;          /* first payload register (the header, if any, then the addresses) */
    int16_t data;          /* first data register of a write, -1: a read */
    int16_t dst;           /* first response register, -1: not a GRF (no response) */
    uint8_t checked;       /* GTSIM_CHECK_BOUNDS was on for the device */
    /* from the descriptor: binding table index, A64 (no BTI), a write, a
     * header register, slots (8 or 16), channel mask (bit c: channel c off);
     * an OWord block read's block-size code (desc 10:8) */
    uint8_t bti, a64, write, header, slots, cmask, block;
    /* scattered and atomic messages: bytes per access (1, 2, 4, 8), accesses
     * per slot (A64 scattered DWord / QWord elements: consecutive), bytes
     * per offset unit (DWord scattered: 4, else 1); an atomic's operation
     * (integer desc 11:8 AOP_*, float 9:8), float, its return data (desc
     * 13) and source operands */
    uint8_t size, nacc, unit, aop, flt, ret, nsrc;
    /* atomics: the device's lock of data port atomics (gtsim_device.atomic_lock) */
    pthread_mutex_t *atomic_lock;
    /* the route that runs op (gt_sf_send_planned's contract), chosen with
     * it: SLM or memory untyped, scattered, atomic, OWord block, barrier, fence */
    int (*run)(gt_thread *t, const struct gt_sf_plan *p, uint32_t mask);
} gt_sf_plan;

/* Plan the send in (p->op 0 when it does not qualify). */
void gt_sf_plan_send(const gtsim_device *dev, const gt_inst *in, gt_sf_plan *p);

/* Run the planned send p for thread t, mask the enabled slots (bit i =
 * slot i), when none of its accesses needs a report or a surface state
 * decode: 1 done (memory and response registers exactly as gt_sf_send
 * leaves them), 0 with nothing changed, and gt_sf_send must run it (an
 * access out of bounds or on an unmapped page, a binding table entry not
 * yet resolved in this dispatch, SLM under the race check ...). */
static inline int gt_sf_send_planned(gt_thread *t, const gt_sf_plan *p, uint32_t mask)
{
    return p->op ? p->run(t, p, mask) : 0;
}

#endif
