/*
 * EU executor internals shared by src/eu/exec.c and src/eu/kcache.c: the
 * decoded-kernel cache entry (a gt_inst plus its precomputed execution plan)
 * and the cache lookup API.
 */
#ifndef GT_EU_EXEC_PRIV_H
#define GT_EU_EXEC_PRIV_H

#include "eu/eu.h"
#include "sf/sf.h"

/* Register space an operand lives in (after plan building). */
enum gt_xspace {
    GT_XS_NULL = 0, /* null register: reads 0, writes dropped */
    GT_XS_GRF,      /* thread GRF, 4096 bytes */
    GT_XS_ACC,      /* acc0..acc3, 128 bytes */
    GT_XS_ARF,      /* other ARF: staged through a 64-byte image (see exec.c) */
    GT_XS_IMM,      /* immediate: per-lane values in imm_lane[] */
    GT_XS_IND,      /* indirect GRF (a0 based): offsets computed per execution */
};

/* Plan of one operand: per-lane byte offsets within its space (direct
 * regions), or the immediate expanded per lane (V/UV/VF vectors repeat every
 * 8/8/4 lanes). */
typedef struct gt_xop {
    uint8_t space;     /* enum gt_xspace */
    uint8_t type;      /* enum gt_type (V/UV -> W/UW, VF -> F once expanded) */
    uint8_t size;      /* element bytes */
    uint8_t contig;    /* off[i] == off[0] + i*size for all lanes */
    uint8_t scalar;    /* off[i] == off[0] for all lanes */
    uint8_t mods;      /* bit0 negate, bit1 abs */
    uint16_t off[32];
    uint64_t imm_lane[8]; /* GT_XS_IMM: raw bits for lane i at [i % 8] */
} gt_xop;

/* The join table's filter bit of instruction offset ip (gt_thread.jt_bloom;
 * gt_xinst.jt_bit). */
static inline uint64_t jt_bit(uint32_t ip)
{
    return 1ull << ((ip >> 3) & 63);
}

struct gt_xinst;

/* gt_xinst.pm_kind */
enum { PM_NONE = 0, PM_FLAG, PM_GENERAL, PM_HANY, PM_HALL };
/* gt_xinst.ctrl; the run loop's lean path runs CTRL_STRUCT, CTRL_JMPI and
 * CTRL_PARK (exec.c cf_lean) */
enum { CTRL_NONE = 0, CTRL_EXEC, CTRL_STRUCT, CTRL_JMPI, CTRL_PARK };
/* A specialised instruction handler (exec.c): runs x on t with the enabled
 * channels wren and predicate mask pm (fmode: bit 0 F denorms flushed,
 * bit 1 ALT mode, bit 2 a cr0.0 rounding mode other than round to nearest
 * even, bit 3 DF denorms flushed).  Returns 1 when done, 0 when the general path must run
 * it instead (nothing changed then). */
typedef int (*gt_fast_fn)(gt_thread *t, const struct gt_xinst *x, uint32_t wren, uint32_t pm,
                          unsigned fmode);

/* One cached instruction: decoded form plus plan. */
typedef struct gt_xinst {
    /* What the run loop reads for every instruction comes first (one cache
     * line with the start of in). */
    gt_fast_fn fast_fn;   /* the handler of kind fast, for its opcode */
    uint64_t jt_bit;      /* this instruction's bit in gt_thread.jt_bloom */
    /* Run-loop facts precomputed by gt_exec_plan: the channels chan_off ..
     * chan_off + ExecSize - 1 as a mask, the encoded length in bytes, a
     * branch / control instruction (CTRL_EXEC: exec_ctrl; CTRL_STRUCT:
     * if/else/endif/do/while, CTRL_JMPI: jmpi to an immediate offset,
     * CTRL_PARK: cont, and break once exec_ctrl has run it (park_ip),
     * which the run loop's lean path also runs). */
    uint32_t rmask;
    uint8_t len, ctrl;
    uint8_t plan_err;     /* nonzero: executing this instruction reports plan_status */
    /* A block (exec.c block_plan): this handler instruction and the
     * blk_n - 1 after it, all with handlers, run by the lean path without
     * looking each up; blk_bloom: the join-table filter bits of those after
     * it (a possible join point among them runs the instructions one by
     * one).  blk_state: 0 not run yet, 1 run once, 2 blk_n is set. */
    uint8_t blk_state;
    uint16_t blk_n;
    /* The masks as the run loop forms them (gt_exec_plan), in the bytes
     * before blk_bloom: enabled channels (exec_mask | -nomask) & rmask;
     * predicate mask by pm_kind: PM_NONE ~0, PM_FLAG (flags >> pm_shift) ^
     * -pm_inv (the flags being f0 and f1 as one 64-bit word); PM_HANY /
     * PM_HALL an Align1 horizontal any / all form whose channels lie in one
     * of its aligned groups, pm_group those channels' bits (within the
     * flags >> pm_shift): pm_group when any / all of them are set, else 0,
     * inverted by pm_inv; PM_GENERAL the Align16 forms and the other
     * horizontal ones, computed from in. */
    uint8_t nomask, pm_kind, pm_shift, pm_inv;
    uint8_t fast_selnp;   /* sel without condition: writes all enabled channels */
    uint8_t fenv;         /* a handler that changes cr0.0: the run loop applies the float modes
                           * after it (it is a block of its own) */
    uint8_t mask_plain;   /* neither nomask nor a predicate: the run loop's enabled channels are
                           * exec_mask & rmask, its predicate mask ~0 */
    uint32_t park_ip;     /* CTRL_PARK: where the channels wait, cont: the while at its UIP;
                           * break: the IP after that while (exec_ctrl looks it up at the
                           * break's first run; 0 before) */
    uint64_t blk_bloom;
    const struct gt_xinst *next; /* the instruction after this one, set for the members of a block
                                  * but its last */
    const struct gt_xinst *blk_cf; /* the first instruction of a block: the structured control
                                    * flow instruction (ctrl CTRL_STRUCT or above) right after its last, which
                                    * the lean path runs with the block; NULL: none */
    /* Specialised execution chosen at plan time (exec.c, "Specialised
     * execution"): 0 = the general path only; otherwise a handler kind
     * (enum in exec.c) that computes bit-identical results for this
     * instruction's opcode, types, regions and masking.  fast_arith: inputs
     * are flushed like arithmetic (F denorm mode); fast_flush: results are. */
    uint8_t fast, fast_arith, fast_flush;
    /* integer handlers' operand shape (exec.c SH_*): sources contiguous
     * D/UD (FK_I32) or Q/UQ (FK_INT) registers without modifiers, src1
     * maybe an immediate (fast_imm, its lane value) or one register element
     * for all lanes; the handler then has no per-operand branches */
    uint8_t fast_shape;
    uint32_t pm_group;    /* PM_HANY / PM_HALL: see the masks above */
    uint64_t fast_imm;
    gt_sf_plan sfp;       /* FK_SEND: the message, planned (src/sf/sf.h) */
    gt_inst in;
    uint32_t ip;          /* byte offset from kernel start */
    uint8_t dom;          /* computation domain (exec.c enum) */
    uint8_t flag_type;    /* type whose value the conditional modifier tests */
    uint8_t raw_mov;      /* mov without conversion/modifiers: copy bits */
    uint8_t mul_src1_lo16; /* gt_eu_behaviour.mul_dword_src1_lo16 applies (Gen7 mul) */
    uint8_t mach_lo;       /* gt_eu_behaviour.mach_low_dword applies (Gen12 mach without AccWrEn) */
    uint8_t chan_pairs;   /* gt_eu_behaviour.df_channel_pairs applies (Ivy Bridge DF) */
    uint8_t wide_int;     /* integer result needs more than 64 bits (see exec.c exact_int) */
    gt_xop dst;
    gt_xop src[3];
    int plan_status;
    char plan_why[96];
    /* Coverage (GTSIM_EU_COVERAGE, src/eu/coverage.c): times executed, and
     * for branches the outcomes seen (bit 0 all enabled channels took the
     * branch condition, bit 1 none, bit 2 some: divergent).  Untouched when
     * coverage is off. */
    uint64_t cov_count;
    uint8_t cov_outcomes;
    /* Profile (gtsim_config.profile): channels enabled, summed over the
     * executions cov_count counts (which the profile also keeps). */
    uint64_t prof_lanes;
} gt_xinst;

/* A kernel in the cache: instructions indexed by ip / 8. */
typedef struct gt_kkernel {
    uint64_t gva;         /* kernel start, GPU virtual address */
    const gt_vm *vm;
    gt_xinst **slot;      /* nslot entries, NULL = not decoded yet */
    uint32_t nslot;
    gt_mem_budget *budget;/* the device's host-memory budget (NULL = none) */
    uint64_t charged;     /* bytes of it this kernel's records hold */
} gt_kkernel;

/* Find (or create) the cache record of the kernel starting at gva in vm.
 * NULL only on host out-of-memory. */
gt_kkernel *gt_kcache_kernel(struct gt_kcache *kc, const gt_vm *vm, uint64_t gva);

/* The decoded instruction at byte offset ip of kernel k (decoding and
 * planning it on first use).  On failure returns NULL with *status set and
 * the report (GVA, IP, raw bytes, reason) in dev->err. */
const gt_xinst *gt_kcache_inst(gtsim_device *dev, gt_kkernel *k, gt_vm *vm, uint32_t ip,
                               int *status);

/* Merge the execution counts of k into p (thread-safe). */
void gt_profile_add(gt_profile *p, const gt_kkernel *k);

/* Coverage of executed instructions (src/eu/coverage.c).  Enabled when the
 * environment variable GTSIM_EU_COVERAGE names a file (read once per
 * process).  gt_eu_cov_dump appends, for every instruction of k executed at
 * least once, one line per feature: "<feature>\t<count>" (features: opcode,
 * operand types per position, type combination, region forms, predication,
 * conditional modifier, ExecSize, QtrCtrl/NibCtrl, NoMask, control-flow
 * outcome); tests/euexec/cov_report.py merges and prints them. */
int gt_eu_cov_enabled(void);
void gt_eu_cov_dump(const gt_kkernel *k);

/* Build the execution plan of a freshly decoded instruction (exec.c). */
void gt_exec_plan(const gtsim_device *dev, gt_xinst *x);

/* Execute one planned ALU instruction x (not a branch or send) on thread t
 * as gt_eu_run would at t->ip, through the general executor (reference = 1)
 * or through the specialised handler the plan chose (reference = 0; the
 * general path when there is none).  For the differential tests
 * (tests/euexec/test_eufast.c).  Returns a gtsim status; *fast (may be NULL)
 * is set to 1 when a specialised handler ran. */
int gt_eu_exec_one(gtsim_device *dev, gt_thread *t, const gt_xinst *x, int reference, int *fast);

#endif
