/*
 * EU executor: runs decoded instructions (gt_inst, via the decoded-kernel
 * cache) on one EU thread (gt_thread).
 *
 * Data path per ALU instruction (seed 001 §3.3.5 regions, §2.4 conversion):
 *   1. enabled channels: the thread's execution mask (or all channels with
 *      NoMask) over channels chan_off..chan_off+ExecSize-1, ANDed with the
 *      predicate (flag bits, normal or any/all group forms, inverted);
 *   2. each source is read through its region (per-lane byte offsets
 *      precomputed in the plan, or a0 based for indirect operands) and
 *      converted to the instruction's computation domain: 64-bit integer,
 *      float or double, with source modifiers applied;
 *   3. the operation runs over all lanes in that domain;
 *   4. each enabled lane's result is converted to the destination type
 *      (saturation, rounding mode of cr0.0[5:4], float->int rules of seed
 *      001 §2.4.1) and written through the destination region; the
 *      conditional modifier sets flag bits of enabled channels from the value
 *      written (or, for a null destination, from the execution-type value);
 *      AccWrEn also writes the accumulator.
 *
 * Control flow (Gen8+, seed 004 instruction pages if/else/endif/while/
 * break/cont/goto/join/halt/call/ret/brc/brd): every channel has a PcIP.
 * Active channels are t->exec_mask; channels that branched away wait in
 * t->wait_mask, and the join table (t->jt_ip / jt_mask) holds each such
 * PcIP, the byte offset where they rejoin, with the channels waiting there;
 * they rejoin when execution arrives at that offset.  JIP/UIP are byte offsets
 * relative to the branch instruction (jmpi: relative to the next one on
 * Gen9, verified with iga64: `jmpi` to the next-next instruction encodes 16).
 * A break parks its channels after the loop's while (UIP names the while;
 * the break must not re-enter the loop whatever the while's predicate says).
 *
 * Implicit accumulator (seed 001 §3.3.3.5): for DWord integer operations
 * (mul to acc0 + mach/mac, addc/subb carries, AccWrEn) it is acc0 with at
 * most 8 channels, indexed by the instruction's lane, not its absolute
 * channel: QtrCtrl selects acc1 only for data types acc1 supports (F), so
 * IGC's `(W) mul (8|M0) acc0 ...` feeds the following `mach (8|M8)`.  The
 * wide (beyond 32-bit) integer values live in gt_thread.acc_wide[lane].
 *
 * Debug aid: GTSIM_TRACE_EU=1 prints every executed instruction (see
 * trace_inst).
 */
#include <fenv.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#ifdef __SSE2__
#include <emmintrin.h>
#include <immintrin.h>
#endif

#include "check.h"
#include "eu/exec_cvt.h"
#include "eu/exec_priv.h"
#include "sf/sf.h"

enum { DOM_I = 0, DOM_F = 1, DOM_D = 2 };

#define CR0_RMODE_SHIFT 4
#define CR0_DF_DENORM (1u << 6)  /* seed 001 §3.3.3.8: 1 = keep DF denorms */
#define CR0_F_DENORM (1u << 7)   /* Gen8+ (Mesa BRW_CR0_FP32_DENORM_PRESERVE fact) */
#define CR0_ACC_DISABLE (1u << 1)
#define CR0_ALT_MODE (1u << 0)   /* seed 001 §3.3.3.8 single precision float mode */

#define ARF_IMG_SIZE 64

typedef union lanes {
    int64_t i[32];
    uint64_t u[32];
    float f[32];
    double d[32];
} lanes;

typedef struct xctx {
    gtsim_device *dev;
    gt_thread *t;
    gt_kkernel *k;
    gt_vm *vm;
    int rm;         /* rounding mode */
    int ftz_f;      /* flush F denorms */
    int ftz_d;      /* flush DF denorms */
    int alt;        /* cr0.0 bit 0: ALT float mode (seed 001 §2.3.2) */
    int df_f_rtz;   /* gt_eu_behaviour.df_to_f_rtz */
    int goto_pred_waits; /* gt_eu_behaviour.goto_pred_waits */
    int reference;  /* general path only (GTSIM_EU_REFERENCE, gt_eu_exec_one) */
    int host_round; /* the host's rounding mode as last read or set (fenv.h) */
    unsigned fmode; /* gt_fast_fn fmode: ftz_f | alt << 1 | (rm != RTNE) << 2 | ftz_d << 3 */
    uint32_t hw_ip_base; /* kernel start as an IP value (offset from instruction base) */
} xctx;

static int is_float_type(int ty) { return ty == GT_TYPE_F || ty == GT_TYPE_DF || ty == GT_TYPE_HF || ty == GT_TYPE_VF; }
static int is_signed_int(int ty) { return ty == GT_TYPE_D || ty == GT_TYPE_W || ty == GT_TYPE_B || ty == GT_TYPE_Q || ty == GT_TYPE_V; }
static int is_q(int ty) { return ty == GT_TYPE_Q || ty == GT_TYPE_UQ; }
static int tsize(int ty)
{
    switch (ty) {
    case GT_TYPE_UB: case GT_TYPE_B: return 1;
    case GT_TYPE_UW: case GT_TYPE_W: case GT_TYPE_HF: case GT_TYPE_V: case GT_TYPE_UV: return 2;
    case GT_TYPE_DF: case GT_TYPE_Q: case GT_TYPE_UQ: return 8;
    default: return 4;
    }
}

/* Enabled channels (bit count), without a libgcc call on hosts built
 * without -mpopcnt. */
static inline unsigned popc32(uint32_t v)
{
    v = v - ((v >> 1) & 0x55555555u);
    v = (v & 0x33333333u) + ((v >> 2) & 0x33333333u);
    v = (v + (v >> 4)) & 0x0f0f0f0fu;
    return (v * 0x01010101u) >> 24;
}

/* Raw bits of a typed element as a sign/zero extended 64-bit integer. */
static inline int64_t int_of(uint64_t raw, int ty)
{
    switch (ty) {
    case GT_TYPE_UD: return (int64_t)(uint32_t)raw;
    case GT_TYPE_D: return (int64_t)(int32_t)(uint32_t)raw;
    case GT_TYPE_UW: return (int64_t)(uint16_t)raw;
    case GT_TYPE_W: return (int64_t)(int16_t)(uint16_t)raw;
    case GT_TYPE_UB: return (int64_t)(uint8_t)raw;
    case GT_TYPE_B: return (int64_t)(int8_t)(uint8_t)raw;
    default: return (int64_t)raw;
    }
}

static inline unsigned popc64(uint64_t v)
{
    return popc32((uint32_t)v) + popc32((uint32_t)(v >> 32));
}

/* ------------------------------------------------------------------ */
/* Plan building                                                        */
/* ------------------------------------------------------------------ */

static void plan_fail(gt_xinst *x, int status, const char *why)
{
    if (x->plan_err)
        return;
    x->plan_err = 1;
    x->plan_status = status;
    snprintf(x->plan_why, sizeof(x->plan_why), "%s", why);
}

static int is_branch(int op)
{
    switch (op) {
    case GT_OP_JMPI: case GT_OP_BRD: case GT_OP_IF: case GT_OP_BRC: case GT_OP_ELSE:
    case GT_OP_ENDIF: case GT_OP_DO: case GT_OP_WHILE: case GT_OP_BREAK: case GT_OP_CONT:
    case GT_OP_HALT: case GT_OP_CALLA: case GT_OP_CALL: case GT_OP_RET: case GT_OP_GOTO:
    case GT_OP_JOIN: case GT_OP_WAIT: case GT_OP_SEND: case GT_OP_SENDC: case GT_OP_SENDS:
    case GT_OP_SENDSC: case GT_OP_NOP: case GT_OP_ILLEGAL: case GT_OP_SYNC:
        return 1;
    default:
        return 0;
    }
}

/* Byte offset of an ARF register inside the staging image, or -1 when the
 * register is not modelled. */
static int arf_img_base(int nr)
{
    switch (nr & 0xf0) {
    case GT_ARF_NULL: return -2;
    case GT_ARF_A0: return (nr & 0xf) ? -1 : 0;
    case GT_ARF_F: return (nr & 0xf) <= 1 ? (nr & 0xf) * 4 : -1;
    case GT_ARF_CE: case GT_ARF_SR: case GT_ARF_CR: case GT_ARF_N: case GT_ARF_IP:
    case GT_ARF_TDR: case GT_ARF_TM:
        return (nr & 0xf) ? -1 : 0;
    default: return -1;
    }
}

/* IEEE macro instructions (math.invm, math.rsqtm, madm): Align16 encodings
 * whose destination ChanEn and source swizzle fields carry the mme
 * (extra-precision accumulator) numbers instead (gt_operand.mme; IGA prints
 * r112.mme0:df, r40.nomme:df with no region).  Their operands are whole
 * registers read and written contiguously, one element per channel (for DF
 * with ExecSize 4: four 8-byte channels per register), all channels enabled
 * -- there is no swizzle or writemask to apply.  (Facts: IGA's disassembly of
 * the IGC-emitted x/y and sqrt sequences; register use of those sequences.) */
static int is_mme_macro(const gt_inst *in)
{
    return in->op == GT_OP_MADM ||
           (in->op == GT_OP_MATH &&
            (in->math_fc == GT_MATH_INVM || in->math_fc == GT_MATH_RSQRTM));
}

static void plan_operand(gt_xinst *x, const gt_operand *o, gt_xop *p, int is_dst)
{
    const gt_inst *in = &x->in;
    int n = in->exec_size ? in->exec_size : 1;
    p->type = o->type;
    p->mods = (o->negate ? 1 : 0) | (o->abs ? 2 : 0);
    if (o->type == GT_TYPE_INVALID) {
        plan_fail(x, GTSIM_ERR_ILLEGAL, "invalid operand type");
        return;
    }
    if (o->file == GT_FILE_IMM) {
        p->space = GT_XS_IMM;
        for (int i = 0; i < 32; i++)
            p->off[i] = (uint16_t)((i & 7) * 8);
        p->scalar = 1;
        switch (o->type) {
        case GT_TYPE_V: case GT_TYPE_UV: {
            /* seed 001 §2.2.3/2.2.4: eight 4-bit integers, element k in
             * bits 4k+3:4k, expanded to a 16-byte vector of eight words.
             * Channel i reads the word at its destination's byte offset in
             * those 16 bytes: element i for a destination strided by a word
             * (the only legal form on Gen7, seed 001 §3.3.4), element 2i
             * for a DWord stride, 4i for a QWord stride (Gen9: IGC encodes
             * the DWord offsets 0, 4, 8, 12 of `add (4) r9.0<1>:ud
             * r3.12<0;1,0>:uw 0xC080400:uv` that way).  Align16 operands
             * keep element i. */
            int sb = in->align16 ? 0 : in->dst.hstride * gt_type_size(in->dst.type);
            int step = sb > 2 ? sb / 2 : 1;
            for (int j = 0; j < 8; j++) {
                int k = (j * step) & 7;
                uint32_t e = (uint32_t)(o->imm >> (4 * k)) & 0xf;
                if (o->type == GT_TYPE_V && (e & 8))
                    e |= 0xfff0;
                p->imm_lane[j] = e;
            }
            p->type = o->type == GT_TYPE_V ? GT_TYPE_W : GT_TYPE_UW;
            p->scalar = 0;
            break;
        }
        case GT_TYPE_VF: {
            /* seed 001 §2.2.5: four 8-bit restricted floats (sign, 3-bit exponent
             * with bias 3, 4-bit mantissa), expanded to four DWords in 16
             * bytes; as for V/UV, channel i reads the element at its
             * destination's byte offset (element i for a DWord stride, 2i
             * for a QWord stride). */
            int sb = in->align16 ? 0 : in->dst.hstride * gt_type_size(in->dst.type);
            int step = sb > 4 ? sb / 4 : 1;
            for (int j = 0; j < 8; j++) {
                uint32_t e = (uint32_t)(o->imm >> (8 * ((j * step) & 3))) & 0xff;
                uint32_t s = (e >> 7) & 1, ex = (e >> 4) & 7, m = e & 0xf;
                uint32_t f;
                if (ex == 0 && m == 0)
                    f = s << 31;
                else
                    f = (s << 31) | ((ex + 124) << 23) | (m << 19);
                p->imm_lane[j] = f;
            }
            p->type = GT_TYPE_F;
            p->scalar = 0;
            break;
        }
        default:
            for (int j = 0; j < 8; j++)
                p->imm_lane[j] = o->imm;
            break;
        }
        p->size = (uint8_t)tsize(p->type);
        return;
    }
    p->size = (uint8_t)tsize(o->type);
    int sz = p->size;
    int base, limit;
    if (o->file == GT_FILE_GRF) {
        p->space = o->indirect ? GT_XS_IND : GT_XS_GRF;
        base = o->indirect ? 0 : o->nr * 32 + o->subnr;
        limit = GT_GRF_REGS * 32;
    } else if (o->file == GT_FILE_ARF && (o->nr & 0xf0) == GT_ARF_ACC) {
        p->space = GT_XS_ACC;
        base = (o->nr & 0xf) * 32 + o->subnr;
        limit = 4 * 32;
    } else if (o->file == GT_FILE_ARF) {
        int b = arf_img_base(o->nr);
        if (b == -2) {
            p->space = GT_XS_NULL;
            return;
        }
        if (b < 0) {
            char why[64];
            snprintf(why, sizeof(why), "unsupported ARF register 0x%02x", o->nr);
            plan_fail(x, GTSIM_ERR_UNIMPL, why);
            return;
        }
        if (o->indirect) {
            plan_fail(x, GTSIM_ERR_ILLEGAL, "indirect ARF operand");
            return;
        }
        p->space = GT_XS_ARF;
        base = b + o->subnr;
        limit = ARF_IMG_SIZE;
    } else {
        plan_fail(x, GTSIM_ERR_ILLEGAL, "bad register file");
        return;
    }

    if (n > 32)
        n = 32;
    int lane_off[32];   /* bytes from the operand's start, per lane */
    int contig = 1, scalar = 1, hi = 0;   /* the region's shape, its highest lane offset */
    int w = 32, vs = 0, hs = (o->hstride ? o->hstride : 1) * sz;   /* Align1 destination */
    if (!in->align16 && !is_dst) {
        /* lane li: row li / width, column li % width; with a VxH indirect
         * region the row part comes from a0.(sub+row) */
        w = o->width ? o->width : 1;
        vs = o->indirect && o->vxh ? 0 : o->vstride * sz;
        hs = o->hstride * sz;
    }
    if (!in->align16 && !(w & (w - 1))) {   /* (the encodable widths: powers of two) */
        int lw = __builtin_ctz((unsigned)w), cols = n < w ? n : w, rows = (n + w - 1) >> lw;
        hi = (rows - 1) * vs + (cols - 1) * hs;
        contig = (cols == 1 || hs == sz) && (rows == 1 || vs == w * sz);
        scalar = (cols == 1 || hs == 0) && (rows == 1 || vs == 0);
        if (o->indirect || base + hi + sz <= limit) {   /* (else the check below reports it) */
            int ob = o->indirect ? 0 : base;
            uint16_t last = (uint16_t)(ob + ((n - 1) >> lw) * vs + ((n - 1) & (w - 1)) * hs);
            for (int i = 0; i < 32; i++)   /* lanes past the execution size: the last lane's */
                p->off[i] = last;
            for (int li = 0; li < n - 1; li++)
                p->off[li] = (uint16_t)(ob + (li >> lw) * vs + (li & (w - 1)) * hs);
            p->contig = (uint8_t)(contig && !o->indirect);
            p->scalar = (uint8_t)(scalar && !o->indirect);
            return;
        }
        for (int li = 0; li < n; li++)
            lane_off[li] = (li >> lw) * vs + (li & (w - 1)) * hs;
    } else {
        for (int li = 0; li < n; li++) {
            int g = li / 4, c = li % 4;
            if (!in->align16)
                lane_off[li] = li / w * vs + li % w * hs;
            else if (is_mme_macro(in))
                lane_off[li] = li * sz;   /* see is_mme_macro */
            /* Align16 (seed 001 §3.3.5): channels in groups of 4 (of 32-bit
             * elements); the swizzle picks the component within the group. */
            else if (is_dst)
                lane_off[li] = (g * 4 + c) * sz;
            else if (o->rep)
                lane_off[li] = 0;  /* 3-source RepCtrl: scalar replicate */
            else   /* 3-source operands are the contiguous region with a swizzle;
                    * 2-source ones step by their vertical stride per group */
                lane_off[li] = (g * (in->num_srcs == 3 ? 4 : o->vstride) + o->swizzle[c]) * sz;
            contig &= lane_off[li] == li * sz;
            scalar &= lane_off[li] == 0;
            hi = lane_off[li] > hi ? lane_off[li] : hi;
        }
    }
    if (!o->indirect && base + hi + sz > limit) {
        for (int li = 0; li < n; li++) {
            if (base + lane_off[li] + sz > limit) {
                char why[96];
                snprintf(why, sizeof(why),
                         "operand region runs past the end of its register file "
                         "(byte %d of %d)", base + lane_off[li] + sz, limit);
                plan_fail(x, GTSIM_ERR_ILLEGAL, why);
                lane_off[li] = 0;   /* (p->off: base) */
            }
        }
    }
    int ob = o->indirect ? 0 : base;
    for (int li = 0; li < n; li++)
        p->off[li] = (uint16_t)(ob + lane_off[li]);
    for (int i = n; i < 32; i++) /* lanes past the execution size: the last lane's */
        p->off[i] = p->off[n - 1];
    p->contig = (uint8_t)(contig && !o->indirect);
    p->scalar = (uint8_t)(scalar && !o->indirect);
}

static inline int op_nsrc(int op)
{
    switch (op) {
    case GT_OP_MOV: case GT_OP_NOT: case GT_OP_BFREV: case GT_OP_FRC: case GT_OP_RNDU:
    case GT_OP_RNDD: case GT_OP_RNDE: case GT_OP_RNDZ: case GT_OP_LZD: case GT_OP_FBH:
    case GT_OP_FBL: case GT_OP_CBIT: case GT_OP_F32TO16: case GT_OP_F16TO32: case GT_OP_MOVI:
    case GT_OP_DIM:
        return 1;
    case GT_OP_MAD: case GT_OP_LRP: case GT_OP_CSEL: case GT_OP_BFE: case GT_OP_BFI2:
    case GT_OP_MADM: case GT_OP_DP4A:
        return 3;
    default:
        return 2;
    }
}

/* Sources of a math function: two for fdiv, pow, integer divide and invm. */
static int math_nsrc(int fc)
{
    return (fc == GT_MATH_FDIV || fc == GT_MATH_POW || fc == GT_MATH_INVM ||
            (fc >= GT_MATH_IDIV_BOTH && fc <= GT_MATH_IDIV_REM)) ? 2 : 1;
}

/* IEEE macros (math.invm / math.rsqtm + madm; seed 004 math FC Eh/Fh and the
 * madm/math MacroOperand fields).  The hardware computes a/b and sqrt(a) with
 * a compiler-emitted Newton-Raphson sequence: invm/rsqtm give a first
 * approximation of 1/b or 1/sqrt(a) and an early-out flag, then about ten
 * madm (fused src0 + src1*src2) refine it.  Operands marked .mme0-.mme7
 * also carry extra bits kept in the math macro accumulators (IGA: mme0..7 =
 * acc2..acc9, "2 bits of exponent each").  Those bits are what make the
 * sequence IEEE correct over the whole range: run on plain doubles, the
 * residuals a - b*q underflow when a is near the bottom of the exponent
 * range and the result can be off by one ulp (a host simulation of IGC's
 * sequence: about 0.3% of random pairs with exponents in [-1022,-900]).  The
 * format of those bits is not documented, so gtsim models the macro by the
 * result it exists for (OpenCL requires correctly rounded double division
 * and sqrt, and IGC emits this sequence for them):
 *  - invm/rsqtm: for operands in the normal range, dst = the correctly
 *    rounded 1/b or 1/sqrt(a), eo flag clear, and the channel's macro state
 *    (gt_thread.mme_op/mme_src, standing in for the mme accumulators)
 *    records the operation and its operands; otherwise (a zero, infinite,
 *    NaN or denormal operand, a quotient or reciprocal that would over/
 *    underflow) the eo flag is set and dst holds the final IEEE result,
 *    which the compiler's code keeps (it skips the madm sequence with
 *    `(~eo) if`).
 *  - madm: the fused multiply-add; the madm whose destination is .nomme
 *    ends the sequence: in channels with a recorded operation its result is
 *    the IEEE result of that operation on the recorded operands (current
 *    rounding mode), and the state is cleared.  Intermediate madm results
 *    are the plain fused values. */
static int invm_early_out(double a, double b, double *res)
{
    double q = a / b;
    /* a = 0 is an early out too: the sequence's first step 0 + a*y0 would
     * lose the sign of a -0 dividend */
    if (!isnormal(b) || !isnormal(a) || !isnormal(1.0 / b) || !isnormal(q)) {
        *res = q;
        return 1;
    }
    *res = 1.0 / b;
    return 0;
}

static int rsqtm_early_out(double a, double *res)
{
    if (!isnormal(a) || a < 0) {
        *res = sqrt(a);
        return 1;
    }
    *res = 1.0 / sqrt(a);
    return 0;
}

/* Record (op 1: a/b, 2: sqrt(a); 0: none) the macro of channel ch. */
static inline void mme_record(gt_thread *t, int ch, int op, double a, double b)
{
    t->mme_op[ch] = (uint8_t)op;
    t->mme_src[ch][0] = a;
    t->mme_src[ch][1] = b;
}

/* The madm ending a macro sequence: enabled lanes with a recorded operation
 * get its IEEE result (see the note above). */
static void mme_finish(gt_thread *t, lanes *r, int dom, int co, int n, uint32_t lmask)
{
    for (int i = 0; i < n; i++) {
        int ch = co + i, op = t->mme_op[ch];
        if (!((lmask >> i) & 1) || !op)
            continue;
        double a = t->mme_src[ch][0], b = t->mme_src[ch][1];
        if (dom == DOM_F)
            r->f[i] = op == 1 ? (float)a / (float)b : sqrtf((float)a);
        else
            r->d[i] = op == 1 ? a / b : sqrt(a);
        t->mme_op[ch] = 0;
    }
}

/* Operand types an opcode accepts (seed 004 instruction pages, type and
 * restriction tables; seed 001 §2.2).  Checked over the destination (unless
 * null; dst_types when set, else types) and every source; a violation
 * makes the instruction raise an illegal-instruction report naming the
 * rule. */
#define TM(t) (1u << GT_TYPE_##t)
#define T_INT (TM(UB) | TM(B) | TM(UW) | TM(W) | TM(UD) | TM(D) | TM(UQ) | TM(Q) | TM(V) | TM(UV))
#define T_FLT (TM(HF) | TM(F) | TM(DF) | TM(VF))
static const struct {
    uint32_t types;
    const char *rule;
    uint32_t dst_types;
} type_rules[GT_OP_COUNT] = {   /* by opcode; rule NULL: none */
    [GT_OP_AND] = {T_INT, "logic instructions take integer types only", 0},
    [GT_OP_OR] = {T_INT, "logic instructions take integer types only", 0},
    [GT_OP_XOR] = {T_INT, "logic instructions take integer types only", 0},
    [GT_OP_NOT] = {T_INT, "logic instructions take integer types only", 0},
    [GT_OP_SHL] = {T_INT, "shifts take integer types only", 0},
    [GT_OP_SHR] = {T_INT, "shifts take integer types only", 0},
    [GT_OP_ASR] = {T_INT, "shifts take integer types only", 0},
    [GT_OP_ROR] = {T_INT, "rotates take integer types only (seed 004 ror)", 0},
    [GT_OP_ROL] = {T_INT, "rotates take integer types only (seed 004 rol)", 0},
    [GT_OP_DP4A] = {TM(UD) | TM(D), "dp4a takes D/UD types only (seed 004 dp4a)", 0},
    [GT_OP_BFREV] = {TM(UD) | TM(D), "bfrev takes D/UD types only", 0},
    [GT_OP_BFE] = {TM(UD) | TM(D), "bfe takes D/UD types only", 0},
    [GT_OP_BFI1] = {TM(UD) | TM(D), "bfi1 takes D/UD types only", 0},
    [GT_OP_BFI2] = {TM(UD) | TM(D), "bfi2 takes D/UD types only", 0},
    [GT_OP_CBIT] = {T_INT, "cbit takes integer types only", 0},
    [GT_OP_LZD] = {T_INT, "lzd takes integer types only", 0},
    [GT_OP_FBH] = {T_INT, "fbh takes integer types only", 0},
    [GT_OP_FBL] = {T_INT, "fbl takes integer types only", 0},
    /* UD (seed 004 addc, subb "Src Types UD"), sources of any other
     * integer type converted to it: IGC's Gen12 64-bit address arithmetic
     * adds a :w offset with addc (tests/ocl ocl_addr) */
    [GT_OP_ADDC] = {TM(UB) | TM(B) | TM(UW) | TM(W) | TM(UD) | TM(D) | TM(V) | TM(UV),
     "addc takes a UD destination and integer sources", TM(UD)},
    [GT_OP_SUBB] = {TM(UB) | TM(B) | TM(UW) | TM(W) | TM(UD) | TM(D) | TM(V) | TM(UV),
     "subb takes a UD destination and integer sources", TM(UD)},
    [GT_OP_AVG] = {T_INT, "avg takes integer types only", 0},
    [GT_OP_SAD2] = {TM(UB) | TM(B) | TM(UW) | TM(W), "sad2 takes byte sources, word dst", 0},
    [GT_OP_SADA2] = {TM(UB) | TM(B) | TM(UW) | TM(W), "sada2 takes byte sources, word dst", 0},
    [GT_OP_FRC] = {T_FLT, "frc takes float types only", 0},
    [GT_OP_RNDU] = {T_FLT, "rndu takes float types only", 0},
    [GT_OP_RNDD] = {T_FLT, "rndd takes float types only", 0},
    [GT_OP_RNDE] = {T_FLT, "rnde takes float types only", 0},
    [GT_OP_RNDZ] = {T_FLT, "rndz takes float types only", 0},
    [GT_OP_LRP] = {TM(F) | TM(HF), "lrp takes F/HF types only", 0},
    [GT_OP_DP2] = {TM(F) | TM(VF), "dp2 takes F types only", 0},
    [GT_OP_DP3] = {TM(F) | TM(VF), "dp3 takes F types only", 0},
    [GT_OP_DP4] = {TM(F) | TM(VF), "dp4 takes F types only", 0},
    [GT_OP_DPH] = {TM(F) | TM(VF), "dph takes F types only", 0},
    [GT_OP_LINE] = {TM(F) | TM(VF), "line takes F types only", 0},
    [GT_OP_PLN] = {TM(F) | TM(VF), "pln takes F types only", 0},
};

/* The type rule an instruction breaks, or NULL. */
static const char *type_rule_broken(const gt_inst *in, int ns)
{
    uint32_t allowed = 0, dst_allowed = 0;
    const char *rule = NULL;
    if (in->op == GT_OP_MATH) {
        int idiv = in->math_fc >= GT_MATH_IDIV_BOTH && in->math_fc <= GT_MATH_IDIV_REM;
        allowed = idiv ? TM(UD) | TM(D) | TM(UW) | TM(W) : TM(F) | TM(HF) | TM(DF);
        rule = idiv ? "math integer divide takes D/UD/W/UW types only"
                    : "math functions take float types only";
    } else if (in->op < GT_OP_COUNT) {
        allowed = type_rules[in->op].types;
        rule = type_rules[in->op].rule;
        dst_allowed = type_rules[in->op].dst_types;
    }
    if (!rule)
        return NULL;
    if (!dst_allowed)
        dst_allowed = allowed;
    const gt_operand *d = &in->dst;
    int dnull = d->file == GT_FILE_ARF && (d->nr & 0xf0) == GT_ARF_NULL;
    if (!dnull && !((dst_allowed >> d->type) & 1) &&
        !((in->op == GT_OP_SAD2 || in->op == GT_OP_SADA2) && (d->type == GT_TYPE_UW || d->type == GT_TYPE_W)))
        return rule;
    for (int s = 0; s < ns; s++) {
        /* a 3-source immediate is 16 bits (seed 004 mad, bfe, dp4a
         * syntax "imm16"): W/UW stands for the integer types */
        int imm16 = ns == 3 && in->src[s].file == GT_FILE_IMM &&
                    (in->src[s].type == GT_TYPE_W || in->src[s].type == GT_TYPE_UW) &&
                    (allowed & (TM(D) | TM(UD)));
        if (!((allowed >> in->src[s].type) & 1) && !imm16)
            return rule;
    }
    return NULL;
}

static int opnd_is_acc(const gt_operand *o)
{
    return o->file == GT_FILE_ARF && (o->nr & 0xf0) == GT_ARF_ACC;
}

/* The rule of a generation's instruction pages (gt_eu_behaviour
 * no_64bit_types, math_rules, alu_rules: Gen12LP, seed 004) that in breaks,
 * or NULL. */
static const char *gen_rule_broken(const gt_eu_behaviour *beh, const gt_inst *in, int ns)
{
    const gt_operand *d = &in->dst;
    int op = in->op;
    int dnull = d->file == GT_FILE_ARF && (d->nr & 0xf0) == GT_ARF_NULL;
    if (beh->no_64bit_types) {
        int t64 = !dnull && (d->type == GT_TYPE_DF || is_q(d->type));
        for (int s = 0; s < ns; s++)
            t64 |= in->src[s].type == GT_TYPE_DF || is_q(in->src[s].type);
        if (t64)
            return "no DF, Q or UQ operands on Gen12LP (seed 004 Src/Dst Types)";
    }
    if (beh->math_rules && op == GT_OP_MATH) {
        int fc = in->math_fc;
        int idiv = fc >= GT_MATH_IDIV_BOTH && fc <= GT_MATH_IDIV_REM;
        if (idiv && in->exec_size > 8)
            return "math INT DIV does not support SIMD16 (seed 004 math)";
        if (fc == GT_MATH_IDIV_BOTH)
            return "math INT DIV cannot write two registers (seed 004 math)";
        int hf = d->type == GT_TYPE_HF, f = d->type == GT_TYPE_F;
        for (int s = 0; s < ns; s++) {
            const gt_operand *o = &in->src[s];
            if (idiv && (o->negate || o->abs))
                return "math INT DIV does not support source modifiers (seed 004 math)";
            if (o->file != GT_FILE_IMM && o->indirect)
                return "math does not support indirect addressing (seed 004 math)";
            hf |= o->type == GT_TYPE_HF;
            f |= o->type == GT_TYPE_F;
        }
        if (d->indirect)
            return "math does not support indirect addressing (seed 004 math)";
        if (d->file != GT_FILE_GRF)
            return "math must use GRF as destination (seed 004 math)";
        if (hf && in->exec_size > 8)
            return "math with half floats: ExecSize at most 8 (seed 004 math)";
        int dstride = d->hstride * gt_type_size(d->type);
        if (hf && f && d->type == GT_TYPE_HF && d->hstride != 2)
            return "math mixing HF and F: the HF operand must be interleaved (seed 004 math)";
        for (int s = 0; s < ns; s++) {
            const gt_operand *o = &in->src[s];
            if (o->file == GT_FILE_IMM || (o->vstride == 0 && o->width == 1 && o->hstride == 0))
                continue; /* immediate, scalar */
            if (hf && f && o->type == GT_TYPE_HF && o->hstride != 2)
                return "math mixing HF and F: the HF operand must be interleaved (seed 004 math)";
            if (o->vstride != o->width * o->hstride)
                return "math: Src.Vstride must be Src.Width * Src.Hstride (seed 004 math)";
            if (o->hstride * gt_type_size(o->type) != dstride)
                return "math: source and destination strides must match (seed 004 math)";
        }
    }
    if (!beh->alu_rules)
        return NULL;
    int acc_src = 0;
    for (int s = 0; s < ns; s++)
        acc_src |= opnd_is_acc(&in->src[s]) << s;
    switch (op) {
    case GT_OP_CSEL: {
        static const uint32_t ok = TM(F) | TM(HF) | TM(D) | TM(W);
        int bad = !((ok >> d->type) & 1);
        for (int s = 0; s < ns; s++)
            bad |= !((ok >> in->src[s].type) & 1);
        if (bad)
            return "csel takes F, HF, D or W types only (seed 004 csel)";
        break;
    }
    case GT_OP_ROR: case GT_OP_ROL:
        /* Src Types / Dst Types UW, UD; "src0 and dst must be of same
         * datatype precision"; src1 is "treated as [an] unsigned number"
         * (IGC's intmix kernel rotates by a :d count) */
        if ((d->type != GT_TYPE_UW && d->type != GT_TYPE_UD) || in->src[0].type != d->type)
            return "ror/rol: dst and src0 UW or UD, of one type (seed 004 ror, rol)";
        break;
    case GT_OP_CMPN:
        if (in->cond != GT_COND_L && in->cond != GT_COND_GE)
            return "cmpn supports only the .l and .ge conditions (seed 004 cmpn)";
        break;
    case GT_OP_MAD:
        if (!is_float_type(in->src[1].type) && (acc_src & 6))
            return "mad: integer src1/src2 cannot be accumulators (seed 004 mad)";
        if (!is_float_type(in->src[1].type) &&
            (gt_type_size(in->src[1].type) == 4 || gt_type_size(in->src[2].type) == 4) &&
            (in->cond || in->saturate))
            return "mad: no condition or saturation with DWord src1/src2 (seed 004 mad)";
        break;
    case GT_OP_DP4A:
        if ((acc_src & 3) == 3 || (acc_src & 4))
            return "dp4a: only one of src0 or src1 may be an accumulator (seed 004 dp4a)";
        break;
    case GT_OP_BFE: case GT_OP_BFI1: case GT_OP_BFI2: case GT_OP_CBIT: case GT_OP_FBH:
    case GT_OP_FBL:
        if (acc_src || opnd_is_acc(d) || in->acc_wr)
            return "no accumulator access, implicit or explicit (seed 004 bfe/bfi/cbit/fbh/fbl)";
        break;
    case GT_OP_AND: case GT_OP_OR: case GT_OP_XOR: case GT_OP_NOT:
        for (int s = 0; s < ns; s++)
            if ((acc_src >> s & 1) && (in->src[s].negate || in->src[s].abs))
                return "no source modifier on an accumulator source (seed 004 and)";
        break;
    case GT_OP_MOV:
        if (acc_src && opnd_is_acc(d))
            return "an accumulator can be a source or destination, not both (seed 004 mov)";
        break;
    default:
        break;
    }
    return NULL;
}

/* The send rule of a generation's send page (gt_eu_behaviour.send_rules:
 * Gen12LP, seed 004 send) that in breaks, or NULL. */
static const char *send_rule_broken(const gt_eu_behaviour *beh, const gt_inst *in)
{
    if (!beh->send_rules)
        return NULL;
    const gt_operand *s1 = &in->src[1];
    int s1null = s1->file == GT_FILE_ARF && (s1->nr & 0xf0) == GT_ARF_NULL;
    if (in->eot) {
        if (!(in->dst.file == GT_FILE_ARF && (in->dst.nr & 0xf0) == GT_ARF_NULL))
            return "send with EOT: the destination must be null (seed 004 send)";
        if (in->src[0].nr < 112 || (!s1null && s1->nr < 112))
            return "an EOT send must use r112-r127 for sources (seed 004 send)";
    }
    if (!in->desc_reg && !in->exdesc_reg) {
        unsigned mlen = (in->desc >> 25) & 0xf, exlen = (in->exdesc >> 6) & 0x1f;
        if (mlen + exlen > 15)
            return "send: Message Length + Extended Message Length > 15 (seed 004 send)";
        if (s1null && exlen)
            return "send: null src1 with an Extended Message Length (seed 004 send)";
    }
    return NULL;
}

/* No direct conversion between B/UB and DF or Q/UQ, nor between HF and DF
 * or Q/UQ (seed 004 mov programming notes: "use two instructions"): a
 * source of one group with a destination of the other.  The B/UB <-> Q/UQ
 * rule is mov's only: IGC's Gen9 clamp of convert_ulong_sat(char) is
 * `sel (ge) r:q r:b 0:w` (CTS test_conversions).  NULL if fine. */
static const char *conversion_rule_broken(const gt_inst *in, int ns)
{
    const gt_operand *d = &in->dst;
    if (d->file == GT_FILE_ARF && (d->nr & 0xf0) == GT_ARF_NULL)
        return NULL;
    int dt = d->type;
    int mov = in->op == GT_OP_MOV;
    int d64 = dt == GT_TYPE_DF || (mov && is_q(dt)), dbyte = dt == GT_TYPE_B || dt == GT_TYPE_UB;
    for (int s = 0; s < ns; s++) {
        int st = in->src[s].type;
        int s64 = st == GT_TYPE_DF || (mov && is_q(st)), sbyte = st == GT_TYPE_B || st == GT_TYPE_UB;
        if ((sbyte && d64) || (s64 && dbyte))
            return "no direct conversion between B/UB and DF or Q/UQ (seed 004 mov)";
        if ((st == GT_TYPE_HF && d64) || (s64 && dt == GT_TYPE_HF))
            return "no direct conversion between HF and DF or Q/UQ (seed 004 mov)";
    }
    return NULL;
}

/* A direct GRF operand whose region (first to last element byte) covers
 * more than two registers (seed 001 §3.3.5: "an operand ... can span at
 * most two registers"). */
static int spans_too_many(const gt_xop *p, int n)
{
    if (p->space != GT_XS_GRF || p->scalar)
        return 0;
    int lo = p->off[0], hi = p->off[0];
    for (int i = 1; i < n; i++) {
        if (p->off[i] < lo) lo = p->off[i];
        if (p->off[i] > hi) hi = p->off[i];
    }
    return (hi + p->size - 1) / 32 - lo / 32 + 1 > 2;
}

/* ------------------------------------------------------------------ */
/* Specialised execution: plan (issue 12)                               */
/* ------------------------------------------------------------------ */

/* Handler kinds (gt_xinst.fast).  Each covers a class of instructions whose
 * result the general path (exec_alu_masked) computes with no per-generation
 * or per-execution special case, and computes the same bits with lane loops
 * over typed arrays: FK_INT integer operations on QWords or narrower types
 * in 64-bit lanes (sources widened once per operand with a type-specialised
 * loop, not per lane through a switch; IGC's 64-bit division loops are
 * QWord shifts, logic, adds and compares), FK_FLT single-precision float
 * operations, FK_DF double-precision ones (fast_df_n), FK_RAW moves of
 * 4-byte elements that copy bits.  FK_SEND is an untyped read or
 * write planned by the shared functions (gt_sf_plan_send), run without
 * exec_ctrl and gt_sf_send when it needs no report (gt_sf_send_planned).
 * FK_SYNC: nop, sync.nop / allrd / allwr, and sync.bar or wait when the
 * notification they wait for has come (sync_plan); exec_ctrl runs them
 * otherwise (blocking the thread) and under the debug aids.
 * The differential test
 * tests/euexec/test_eufast.c runs every class against the general path.
 * FK_I32 is FK_INT in 32-bit lanes, for D/UD registers and immediates whose
 * values need no more: the low 32 bits of the 64-bit computation are the
 * 32-bit computation's, and compares take one signedness that holds every
 * source value (gt_xinst.fast_arith then says which: 1 signed); it also
 * takes the rotates and the bit operations (lzd, cbit, fbh, fbl, bfrev) of
 * a D/UD source. */
enum { FK_NONE = 0, FK_INT, FK_FLT, FK_RAW, FK_I32, FK_FLAG, FK_MACC, FK_CSEL, FK_SEND, FK_SYNC, FK_CR, FK_CVT,
       FK_DF };

/* Operand shapes of the integer handlers (gt_xinst.fast_shape), chosen
 * when the kernel is decoded: any (the handler tests each operand's form),
 * or src0 a contiguous register region of the handler's lane size (4 bytes
 * for FK_I32, 8 for FK_INT: Q/UQ) or one element of it for every lane, and
 * src1, when the opcode has one, another such region (SH_VV), an immediate (SH_VI: its
 * lane value in fast_imm) or one register element for every lane (SH_VS:
 * a <0;1,0> region; a DWord for FK_I32, any integer type for FK_INT).
 * FK_I32's shapes have no source modifiers (but SH_MODS); FK_INT's apply them.
 * SH_MODS, or'ed to an FK_I32 SH_PLAIN shape of mov, add or mul: source
 * modifiers (IGC's subtraction is an add of a negated source), applied
 * to the loaded lanes.
 * SH_PLAIN, or'ed to an FK_I32 shape: no condition modifier, a contiguous
 * D/UD register destination, SIMD8 or SIMD16 (the handler then has no
 * condition or destination-form branch).  SH_COND, or'ed to an FK_I32
 * shape instead: SIMD8 or SIMD16 with a condition modifier (not sel's), a
 * null or contiguous D/UD register destination, src0 contiguous (D/UD or
 * W/UW) or one D/UD element for every lane.  SH_S1, or'ed to an FK_I32
 * shape: SIMD1, src0 one D/UD element (src1 of SH_VV: none), a null or
 * D/UD register destination, any condition (i32_shape).  FK_INT's
 * SH_PLAIN: SIMD8 or SIMD16, a contiguous Q/UQ register destination (or
 * null for cmp), a condition only on cmp and sel (fast_q_n).  FK_FLT's
 * only shape is SH_PLAIN (flt_shape); FK_RAW's are SH_PLAIN with SH_VV or
 * SH_VS (raw_shape).  SH_NOP, FK_CSEL's: an instruction that leaves every
 * register as it was (csel_shape).  SH_SELF, FK_INT's and FK_I32's: a
 * compare of a register region with itself (self_cmp_shape). */
enum { SH_ANY = 0, SH_VV, SH_VI, SH_VS, SH_PLAIN = 4, SH_COND = 8, SH_S1 = 16, SH_NOP = 32, SH_SELF = 64,
       SH_MODS = 128 };
/* A handler's shape argument (not gt_xinst.fast_shape) may also fix the
 * condition modifier (GT_COND_Z..GT_COND_LE) and, for compares, the
 * signedness (1 signed), so that the compare compiles to one vector
 * operation: SH_CC, or'ed to an SH_COND shape (fast_fn_for picks it). */
#define SH_CC_SHIFT 8
#define SH_CC(cond, sgn) (((cond) | (sgn) << 3) << SH_CC_SHIFT)

static int int_shape_of(gt_xinst *x, int ns);

/* FK_FLT's SH_PLAIN: add, mul or mad at SIMD8 or SIMD16 without a
 * condition modifier, every source and the destination a contiguous GRF
 * region (F) without modifiers.  (A float mov with such operands is a raw
 * move, FK_RAW.) */
static int flt_shape(const gt_xinst *x, int ns)
{
    const gt_inst *in = &x->in;
    int op = in->op;
    if ((op != GT_OP_ADD && op != GT_OP_MUL && op != GT_OP_MAD) ||
        in->cond != GT_COND_NONE || (in->exec_size != 8 && in->exec_size != 16) ||
        x->dst.space != GT_XS_GRF || !x->dst.contig)
        return SH_ANY;
    for (int s = 0; s < ns; s++) {
        const gt_xop *p = &x->src[s];
        if (p->space != GT_XS_GRF || !p->contig || p->scalar || p->mods)
            return SH_ANY;
    }
    return SH_PLAIN;
}

/* FK_RAW's shapes: SH_S1, SIMD1 with an element of any size (the other
 * shapes' are DWords); SH_PLAIN, at SIMD8 or SIMD16 with a contiguous
 * destination: a contiguous source (SH_VV) or one element or immediate for
 * every lane (SH_VS; fast_imm its bits). */
static int raw_shape(gt_xinst *x)
{
    const gt_xop *p = &x->src[0];
    if (x->in.exec_size == 1)
        return SH_S1;
    if ((x->in.exec_size != 8 && x->in.exec_size != 16) || !x->dst.contig)
        return SH_ANY;
    if (p->space == GT_XS_IMM) {
        x->fast_imm = (uint32_t)p->imm_lane[0];
        return SH_VS | SH_PLAIN;
    }
    if (p->space != GT_XS_GRF || p->size != 4)
        return SH_ANY;
    return p->scalar ? SH_VS | SH_PLAIN : p->contig ? SH_VV | SH_PLAIN : SH_ANY;
}

/* FK_I32's SH_COND and SH_S1 shapes (SH_ANY: neither). */
static int i32_shape(gt_xinst *x, int ns)
{
    const gt_inst *in = &x->in;
    const gt_xop *p0 = &x->src[0], *p1 = &x->src[1], *pd = &x->dst;
    const int s1 = in->exec_size == 1;
    if (x->fast != FK_I32 ||
        (!s1 && ((in->exec_size != 8 && in->exec_size != 16) || in->cond == GT_COND_NONE || in->op == GT_OP_SEL)))
        return SH_ANY;
    if (pd->space != GT_XS_NULL && (pd->space != GT_XS_GRF || pd->size != 4 || (!s1 && !pd->contig)))
        return SH_ANY;
    /* src0: one D/UD element; or contiguous D/UD, or W/UW for SH_COND
     * (the compares of local IDs) */
    if (p0->space != GT_XS_GRF || p0->mods ||
        !(p0->size == 4 ? s1 || p0->contig || p0->scalar : !s1 && p0->size == 2 && p0->contig && !p0->scalar))
        return SH_ANY;
    int sh = SH_VV;
    if (ns == 2) {
        if (p1->mods)
            return SH_ANY;
        if (p1->space == GT_XS_IMM && p1->scalar) {
            x->fast_imm = (uint64_t)int_of(p1->imm_lane[0], p1->type);
            sh = SH_VI;
        } else if (p1->space == GT_XS_GRF && p1->size == 4 && (s1 || p1->scalar || p1->contig)) {
            sh = s1 || p1->scalar ? SH_VS : SH_VV;
        } else {
            return SH_ANY;
        }
    }
    return sh | (s1 ? SH_S1 : SH_COND);
}

/* FK_CSEL's SH_NOP: an integer csel whose two choices are the same
 * elements of the same type in every lane, written back to those elements
 * (IGC's Gen12 loops: `(W) csel (4) (eq)f0.0 r0.0:w r0.0<4;1>:w r0.0<4;1>:w
 * r0.0:w`).  Whatever the condition, each enabled lane writes the bytes it
 * holds, and csel writes no flag (seed 004 csel): nothing changes.  (F
 * stays on fcsel: its loads flush denormals.) */
static int csel_shape(const gt_xinst *x)
{
    const gt_xop *pd = &x->dst, *p0 = &x->src[0], *p1 = &x->src[1];
    if (pd->type == GT_TYPE_F || p0->type != pd->type || p1->type != pd->type)
        return SH_ANY;
    for (int i = 0; i < x->in.exec_size; i++)
        if (p0->off[i] != pd->off[i] || p1->off[i] != pd->off[i])
            return SH_ANY;
    return SH_NOP;
}

/* FK_INT's and FK_I32's SH_SELF: cmp or cmpn into the null register whose
 * sources are the same integer elements, unmodified, in every lane (IGC's
 * Gen12 loops set a flag so: `cmp (16) (eq)f0.0 null:uw r2.0<0;1,0>:uw
 * r2.0<0;1,0>:uw`).  Each enabled lane compares a value with itself: its
 * flag bit is whether the condition holds for equal values (fast_imm). */
static int self_cmp_shape(gt_xinst *x)
{
    const gt_inst *in = &x->in;
    const gt_xop *p0 = &x->src[0], *p1 = &x->src[1];
    if ((in->op != GT_OP_CMP && in->op != GT_OP_CMPN) || x->dst.space != GT_XS_NULL ||
        p0->space != GT_XS_GRF || p1->space != GT_XS_GRF || p0->type != p1->type || p0->mods || p1->mods)
        return SH_ANY;
    for (int i = 0; i < in->exec_size; i++)
        if (p0->off[i] != p1->off[i])
            return SH_ANY;
    switch (in->cond) {
    case GT_COND_Z: case GT_COND_GE: case GT_COND_LE: x->fast_imm = 1; return SH_SELF;
    case GT_COND_NZ: case GT_COND_G: case GT_COND_L: x->fast_imm = 0; return SH_SELF;
    default: return SH_ANY;
    }
}

static int flag_mov_shape(gt_xinst *x);

static int plan_shape(gt_xinst *x, int ns)
{
    if (x->fast == FK_FLAG)
        return flag_mov_shape(x);
    if (x->fast == FK_CSEL)
        return csel_shape(x);
    if ((x->fast == FK_INT || x->fast == FK_I32) && self_cmp_shape(x) == SH_SELF)
        return SH_SELF;
    if (x->fast == FK_FLT)
        return flt_shape(x, ns);
    if (x->fast == FK_RAW)
        return raw_shape(x);
    int sh = i32_shape(x, ns);
    if (sh != SH_ANY)
        return sh;
    sh = int_shape_of(x, ns);
    const gt_inst *in = &x->in;
    const int cmp = in->op == GT_OP_CMP || in->op == GT_OP_CMPN;
    if (sh != SH_ANY && x->fast == FK_INT && (in->exec_size == 8 || in->exec_size == 16) &&
        (in->cond == GT_COND_NONE || cmp || in->op == GT_OP_SEL) &&
        ((x->dst.space == GT_XS_GRF && x->dst.contig && x->dst.size == 8) || (x->dst.space == GT_XS_NULL && cmp)))
        return sh | SH_PLAIN;
    if (sh != SH_ANY && x->fast == FK_I32) {
        int mods = x->src[0].mods || (ns > 1 && x->src[1].mods);
        if (in->cond == GT_COND_NONE && x->dst.space == GT_XS_GRF && x->dst.contig && x->dst.size == 4 &&
            (in->exec_size == 8 || in->exec_size == 16))
            sh |= SH_PLAIN | (mods ? SH_MODS : 0);
        else if (mods)
            return SH_ANY;
    }
    return sh;
}

static int int_shape_of(gt_xinst *x, int ns)
{
    if (x->fast != FK_I32 && x->fast != FK_INT)
        return SH_ANY;
    /* FK_INT applies source modifiers after the load (int_mods), FK_I32
     * those of mov, add and mul (SH_MODS, plan_shape) */
    const int op = x->in.op;
    int lane = x->fast == FK_I32 ? 4 : 8,
        mods_ok = x->fast == FK_INT || op == GT_OP_MOV || op == GT_OP_ADD || op == GT_OP_MUL;
    const gt_xop *p0 = &x->src[0], *p1 = &x->src[1];
    if (ns > 2 || p0->space != GT_XS_GRF || p0->size != lane || (p0->mods && !mods_ok) ||
        !(p0->contig || p0->scalar))
        return SH_ANY;   /* (mad: the general shape) */
    if (ns < 2)
        return SH_VV;
    if (p1->mods && !mods_ok)
        return SH_ANY;
    if (p1->space == GT_XS_IMM && p1->scalar) {
        x->fast_imm = (uint64_t)int_of(p1->imm_lane[0], p1->type);
        return SH_VI;
    }
    if (p1->space != GT_XS_GRF)
        return SH_ANY;
    if (p1->scalar)
        return lane == 8 || p1->size == 4 ? SH_VS : SH_ANY;
    return p1->contig && p1->size == lane ? SH_VV : SH_ANY;
}

static int fast_int_type(int ty)
{
    return ty == GT_TYPE_Q || ty == GT_TYPE_UQ || ty == GT_TYPE_D || ty == GT_TYPE_UD ||
           ty == GT_TYPE_W || ty == GT_TYPE_UW || ty == GT_TYPE_B || ty == GT_TYPE_UB;
}

/* An instruction with the plan flag wide_int (a UQ source) whose exact
 * result FK_INT's 64-bit lanes still give: mov, add, mul and sel truncate
 * to an integer destination without saturation (the low 64 bits of the
 * exact value); a compare (cmp, cmpn, sel's min/max) needs every source
 * unsigned (UQ, UD, UW, UB registers, immediates >= 0), so that one
 * unsigned 64-bit compare orders the exact values. */
static int wide_int_fast_ok(const gt_xinst *x, int ns)
{
    const gt_inst *in = &x->in;
    int op = in->op;
    if (in->saturate || (op != GT_OP_MOV && op != GT_OP_ADD && op != GT_OP_MUL && op != GT_OP_SEL &&
                         op != GT_OP_CMP && op != GT_OP_CMPN))
        return 0;
    if (x->dst.space == GT_XS_GRF && !fast_int_type(x->dst.type))
        return 0;
    if (op == GT_OP_CMP || op == GT_OP_CMPN || (op == GT_OP_SEL && in->cond))
        for (int s = 0; s < ns; s++) {
            const gt_xop *p = &x->src[s];
            if (p->mods)
                return 0;
            if (p->space == GT_XS_IMM ? int_of(p->imm_lane[0], p->type) < 0 && p->type != GT_TYPE_UQ
                                      : is_signed_int(p->type))
                return 0;
        }
    return 1;
}

/* A source operand the handlers read: a direct GRF region, or a scalar
 * (non-vector) immediate. */
static int fast_src_ok(const gt_xop *p)
{
    return p->space == GT_XS_GRF || (p->space == GT_XS_IMM && p->scalar);
}

static gt_fast_fn fast_fn_for(const gt_xinst *x);
static void plan_fast_kind(gt_xinst *x, int ns);

/* FK_MACC, the integer macros that carry a value in the accumulator:
 * `mul (N) acc0:d|ud src0:d|ud src1:w|uw` (the low-16-bit product into the
 * wide accumulator), `mach (N) dst:d|ud src0:d|ud src1:d|ud` with or
 * without AccWrEn, and `addc` / `subb (N) dst:d|ud src0:d|ud src1:d|ud`
 * (the carry / borrow into the accumulator: IGC's 64-bit arithmetic on
 * Gen12), with direct GRF or scalar immediate sources and nothing else (no
 * predicate-free restriction: the handler masks by wren; no condition,
 * saturation or source modifier). */
static int mul_mach_ok(const gt_xinst *x, int ns)
{
    const gt_inst *in = &x->in;
    if (ns != 2 || x->plan_err || x->chan_pairs || x->mul_src1_lo16 || in->cond || in->saturate ||
        x->src[0].mods || x->src[1].mods || in->exec_size == 0 || in->align16)
        return 0;
    for (int s = 0; s < 2; s++)
        if (x->src[s].space != GT_XS_GRF && !(x->src[s].space == GT_XS_IMM && x->src[s].scalar))
            return 0;
    int t0 = x->src[0].type, t1 = x->src[1].type, td = x->dst.type;
    if ((t0 != GT_TYPE_D && t0 != GT_TYPE_UD) || (td != GT_TYPE_D && td != GT_TYPE_UD))
        return 0;
    if (in->op == GT_OP_MUL)
        return !in->acc_wr && x->dst.space == GT_XS_ACC && in->dst.nr == GT_ARF_ACC && x->dst.contig &&
               (t1 == GT_TYPE_W || t1 == GT_TYPE_UW);
    if (in->op == GT_OP_MACH || in->op == GT_OP_ADDC || in->op == GT_OP_SUBB)
        return x->dst.space == GT_XS_GRF && (t1 == GT_TYPE_D || t1 == GT_TYPE_UD);
    return 0;
}

/* FK_CSEL: csel (seed 004: src2 compared with zero under the condition
 * selects src0 or src1; no flag written) whose operands are all D/UD/W/UW,
 * or all F, in direct GRF regions, without saturation or source modifiers. */
static int csel_ok(const gt_xinst *x, int ns)
{
    const gt_inst *in = &x->in;
    if (in->op != GT_OP_CSEL || ns != 3 || x->plan_err || in->saturate || in->acc_wr || in->exec_size == 0 ||
        x->dst.space != GT_XS_GRF || in->cond == GT_COND_NONE || in->cond == GT_COND_O || in->cond == GT_COND_U)
        return 0;
    int flt = x->dst.type == GT_TYPE_F;
    for (int s = -1; s < 3; s++) {
        const gt_xop *p = s < 0 ? &x->dst : &x->src[s];
        if (s >= 0 && (p->space != GT_XS_GRF || p->mods))
            return 0;
        if (flt ? p->type != GT_TYPE_F
                : p->type != GT_TYPE_D && p->type != GT_TYPE_UD && p->type != GT_TYPE_W && p->type != GT_TYPE_UW)
            return 0;
    }
    return 1;
}

/* FK_CVT: mov between F and D/UD (OpenCL's convert_int(float), (float)i)
 * or HF (vload_half, vstore_half), GRF regions or an immediate source,
 * without condition modifier or source modifier (saturation:
 * plan_fast_kind's test before this one). */
static int cvt_mov_ok(const gt_xinst *x)
{
    const gt_inst *in = &x->in;
    const gt_xop *ps = &x->src[0], *pd = &x->dst;
    if (in->op != GT_OP_MOV || in->cond || in->saturate || ps->mods || pd->space != GT_XS_GRF ||
        (ps->space != GT_XS_GRF && !(ps->space == GT_XS_IMM && ps->scalar)))
        return 0;
    int si = ps->type == GT_TYPE_D || ps->type == GT_TYPE_UD || ps->type == GT_TYPE_HF;
    int di = pd->type == GT_TYPE_D || pd->type == GT_TYPE_UD || pd->type == GT_TYPE_HF;
    return (ps->type == GT_TYPE_F && di) || (si && pd->type == GT_TYPE_F);
}

/* A saturating float operation (seed 001 saturation: an F or DF result
 * clamped to [0.0, 1.0], NaN to 0, cvt_out's rule) that FK_FLT or FK_DF
 * may run: their lane arrays do (fast_flt_n, fast_df_n), not FK_FLT's
 * eight-lane vectors; not the compares, whose destination is a mask. */
static int sat_flt_ok(const gt_xinst *x)
{
    return ((x->dom == DOM_F && x->dst.type == GT_TYPE_F) || (x->dom == DOM_D && x->dst.type == GT_TYPE_DF)) &&
           x->in.op != GT_OP_CMP && x->in.op != GT_OP_CMPN;
}

static int is_flag_opnd(const gt_operand *o)
{
    return o->file == GT_FILE_ARF && (o->nr & 0xf0) == GT_ARF_F && (o->nr & 0xf) <= 1 && !o->indirect;
}

/* Bytes of a direct flag (f0, f1: 4 each) or notification register (n0:
 * n0.0 and n0.1, 8) operand: plain registers that a mov writes and reads
 * as bytes (arf_write / arf_read do nothing more for them); 0 for any
 * other operand. */
static unsigned small_arf_bytes(const gt_operand *o)
{
    if (is_flag_opnd(o))
        return 4;
    return o->file == GT_FILE_ARF && o->nr == GT_ARF_N && !o->indirect ? 8 : 0;
}

/* Where a small_arf_bytes operand's element lies in gt_thread, in bytes. */
static size_t small_arf_offset(const gt_operand *o)
{
    return ((o->nr & 0xf0) == GT_ARF_F ? offsetof(gt_thread, flag) + (o->nr & 1) * 4u : offsetof(gt_thread, n0)) +
           o->subnr;
}

/* (W) mov (1) between a flag or notification register and a direct GRF
 * element or an immediate, of one UW or UD type, predicated or not (IGC's
 * Gen12 loops: (W&f0.0.any16h) mov (1) f0.0:uw 0xFFFF:uw; every barrier's
 * (W) mov (1) n0.0:ud 0x0:ud before its wait), with no condition,
 * saturation or source modifier: FK_FLAG. */
static int flag_mov_ok(const gt_inst *in)
{
    if (in->op != GT_OP_MOV || in->exec_size != 1 || !in->nomask || in->cond || in->saturate ||
        in->acc_wr || in->src[0].negate || in->src[0].abs || in->dst.type != in->src[0].type ||
        (in->dst.type != GT_TYPE_UW && in->dst.type != GT_TYPE_UD))
        return 0;
    unsigned sz = in->dst.type == GT_TYPE_UD ? 4 : 2;
    const gt_operand *d = &in->dst, *s = &in->src[0];
    unsigned db = small_arf_bytes(d), sb = small_arf_bytes(s);
    if (db)
        return d->subnr % sz == 0 && d->subnr + sz <= db &&
               ((s->file == GT_FILE_GRF && !s->indirect && s->subnr % sz == 0) || s->file == GT_FILE_IMM);
    if (sb)
        return s->subnr % sz == 0 && s->subnr + sz <= sb && d->file == GT_FILE_GRF && !d->indirect &&
               d->subnr % sz == 0;
    return 0;
}

/* FK_FLAG's bytes as byte offsets within gt_thread, packed in fast_imm:
 * bits 32-47 the destination's, bits 48-63 the source's (FLAG_MOV_IMM: the
 * immediate, in bits 0-31); the size (2 or 4) is dst.size.  fflag_mov
 * copies them without looking at the operands again. */
#define FLAG_MOV_IMM 0xffffu
_Static_assert(offsetof(gt_thread, n0) + 8 < FLAG_MOV_IMM && offsetof(gt_thread, flag) + 8 < FLAG_MOV_IMM &&
                   offsetof(gt_thread, grf) + sizeof(((gt_thread *)0)->grf) < FLAG_MOV_IMM,
               "FK_FLAG's offsets fit 16 bits");

static int flag_mov_shape(gt_xinst *x)
{
    const gt_operand *d = &x->in.dst, *s = &x->in.src[0];
    uint64_t doff = d->file == GT_FILE_ARF ? small_arf_offset(d) : offsetof(gt_thread, grf) + d->nr * 32u + d->subnr;
    uint64_t soff = s->file == GT_FILE_IMM   ? FLAG_MOV_IMM
                    : s->file == GT_FILE_ARF ? small_arf_offset(s)
                                             : offsetof(gt_thread, grf) + s->nr * 32u + s->subnr;
    x->fast_imm = (s->file == GT_FILE_IMM ? (uint32_t)x->src[0].imm_lane[0] : 0) | doff << 32 | soff << 48;
    return SH_ANY;
}

/* FK_CR: cr0.0 (the float modes) set from an immediate, or or'ed / and'ed
 * with one, as DWords (IGC's kernels begin with `(W) or (1) cr0.0:ud
 * cr0.0<0;1,0>:ud 0x4C0:uw`); fast_imm the immediate's DWord.  Its
 * gt_xinst.fenv makes the run loop apply the new modes. */
static int cr0_write_ok(gt_xinst *x, int ns)
{
    const gt_inst *in = &x->in;
    const gt_operand *d = &in->dst, *s0 = &in->src[0], *s1 = &in->src[ns - 1];
    int op = in->op;
    if ((op != GT_OP_MOV && op != GT_OP_OR && op != GT_OP_AND) || ns != (op == GT_OP_MOV ? 1 : 2) ||
        in->exec_size != 1 || in->cond || in->saturate || in->acc_wr || in->align16)
        return 0;
    int dword = d->type == GT_TYPE_UD || d->type == GT_TYPE_D;
    if (d->file != GT_FILE_ARF || d->nr != GT_ARF_CR || d->indirect || d->subnr || !dword)
        return 0;
    if (op != GT_OP_MOV && (s0->file != GT_FILE_ARF || s0->nr != GT_ARF_CR || s0->indirect || s0->subnr ||
                            s0->negate || s0->abs || (s0->type != GT_TYPE_UD && s0->type != GT_TYPE_D)))
        return 0;
    /* the immediate: a DWord, or a UW (zero-extended) */
    if (s1->file != GT_FILE_IMM || s1->negate || s1->abs ||
        (s1->type != GT_TYPE_UD && s1->type != GT_TYPE_D && s1->type != GT_TYPE_UW))
        return 0;
    x->fast_imm = (uint32_t)s1->imm & (s1->type == GT_TYPE_UW ? 0xffffu : 0xffffffffu);
    return 1;
}

static void plan_fast(gt_xinst *x, int ns)
{
    plan_fast_kind(x, ns);
    x->fast_shape = (uint8_t)plan_shape(x, ns);
    x->fast_selnp = x->in.op == GT_OP_SEL && x->in.cond == GT_COND_NONE;
    x->fast_fn = x->fast ? fast_fn_for(x) : NULL;
    if (!x->fast_fn)
        x->fast = FK_NONE;
}

static void plan_fast_kind(gt_xinst *x, int ns)
{
    const gt_inst *in = &x->in;
    int op = in->op;
    x->fast = FK_NONE;
    if (ns != (op == GT_OP_MATH ? math_nsrc(in->math_fc) : op_nsrc(op)))
        return;
    /* the 32x32-bit multiply macro: mul acc0:d src0:d src1:uw, then mach
     * (every generation's IGC; Gen12LP has no other DWord multiply) */
    if (mul_mach_ok(x, ns)) {
        x->fast = FK_MACC;
        return;
    }
    /* csel with D/UD/W/UW or F operands in direct GRF regions (IGC's Gen12
     * loops carry a `(W) csel (4) (eq)f0.0 r0.0:w ...`) */
    if (csel_ok(x, ns)) {
        x->fast = FK_CSEL;
        return;
    }
    if (x->plan_err || x->chan_pairs || (x->wide_int && !wide_int_fast_ok(x, ns)) ||
        x->mul_src1_lo16 || in->acc_wr || (in->saturate && !sat_flt_ok(x)) || in->exec_size == 0 ||
        is_mme_macro(in))
        return;
    /* a flag register saved to or restored from a GRF word or DWord, or set
     * from an immediate: (W) mov (1) f0.0:uw r3.4:uw and back (IGC's Gen12
     * loops do it every iteration) */
    if (flag_mov_ok(in)) {
        x->fast = FK_FLAG;
        return;
    }
    if (cr0_write_ok(x, ns)) {
        x->fast = FK_CR;
        x->fenv = 1;
        return;
    }
    if (cvt_mov_ok(x)) {
        x->fast = FK_CVT;
        return;
    }
    /* explicit accumulator operands: F handlers only (fast_load_f) */
    int acc = x->dst.space == GT_XS_ACC;
    for (int s = 0; s < ns; s++)
        acc |= x->src[s].space == GT_XS_ACC;
    if (x->dst.space != GT_XS_GRF && x->dst.space != GT_XS_NULL && x->dst.space != GT_XS_ACC)
        return;
    /* Align16: only the 3-source form with every channel written (IGC's mad) */
    if (in->align16 && (ns != 3 || (in->dst.writemask && in->dst.writemask != 0xf)))
        return;
    for (int s = 0; s < ns; s++)
        if (!fast_src_ok(&x->src[s]) && x->src[s].space != GT_XS_ACC)
            return;
    int selnp = op == GT_OP_SEL && in->cond == GT_COND_NONE;
    x->fast_arith = op != GT_OP_MOV && !(selnp && !x->src[0].mods && !x->src[1].mods);
    x->fast_flush = op != GT_OP_MOV && !(selnp && !x->src[0].mods && !x->src[1].mods);

    /* (a raw move may read the accumulator: IGC's Gen12 64-bit arithmetic
     * moves addc's carries out of acc0) */
    if (x->raw_mov && (x->dst.size == 4 || in->exec_size == 1 || x->src[0].space != GT_XS_ACC) &&
        in->cond == GT_COND_NONE &&
        !x->src[0].mods && x->dst.space == GT_XS_GRF) {
        x->fast = FK_RAW;
        return;
    }
    /* explicit accumulator operands: FK_FLT's, and FK_INT's general shape
     * (the sources' bytes in acc; an integer result written as to a GRF,
     * its 64-bit value kept in acc_wide as exec_alu_masked does: IGC's Gen12
     * `(f0.0) sel (16) acc0.0:uw ...` then `or (16) (ne)f0.0 null:uw
     * acc0.0:uw ...`) */
    if (acc && x->dom != DOM_F && x->dom != DOM_I)
        return;
    if (x->dom == DOM_I) {
        switch (op) {
        case GT_OP_MOV: case GT_OP_ADD: case GT_OP_MUL: case GT_OP_AND: case GT_OP_OR:
        case GT_OP_XOR: case GT_OP_NOT: case GT_OP_SHL: case GT_OP_SHR: case GT_OP_ASR:
        case GT_OP_CMP: case GT_OP_CMPN: case GT_OP_SEL:
            break;
        case GT_OP_ROR: case GT_OP_ROL:
            /* Gen12 rotates (UD or UW dst and src0 of one type, no source
             * modifier): the 32-bit form FK_I32's, the 16-bit one FK_INT's */
            if (x->dst.space != GT_XS_GRF || x->dst.size != x->src[0].size || x->src[0].mods ||
                x->src[1].mods || is_q(x->src[1].type))
                return;
            break;
        case GT_OP_MAD:
            /* integer mad (IGC's Gen12 short and char arithmetic: `mad (16)
             * r:w r:w r:w r:w`, src0 from acc0): FK_INT's lanes */
            break;
        case GT_OP_LZD: case GT_OP_CBIT: case GT_OP_FBH: case GT_OP_FBL: case GT_OP_BFREV:
            /* the bit operations (v8_bits_op): FK_I32's, a D/UD src0
             * without modifier and a D/UD or null destination */
            if ((x->dst.space != GT_XS_GRF && x->dst.space != GT_XS_NULL) ||
                (x->dst.space == GT_XS_GRF && x->dst.size != 4) || x->src[0].size != 4 || x->src[0].mods)
                return;
            break;
        default:
            return;
        }
        if ((x->dst.space == GT_XS_GRF || x->dst.space == GT_XS_ACC) &&
            (!fast_int_type(x->dst.type) || (x->dst.size == 1 && x->dst.space != GT_XS_GRF)))
            return;
        if (x->raw_mov && x->dst.space == GT_XS_ACC)
            return;   /* (exec_alu_masked keeps a raw move's bits, not its value, in acc_wide) */
        if (x->dst.space == GT_XS_NULL && is_float_type(x->flag_type))
            return;
        int q = is_q(x->dst.type) || (x->dst.space == GT_XS_NULL && is_q(x->flag_type));
        for (int s = 0; s < ns; s++) {
            if (!fast_int_type(x->src[s].type))
                return;
            q |= is_q(x->src[s].type);
        }
        /* overflow / unordered condition modifiers stay on the general path */
        if (in->cond == GT_COND_O || in->cond == GT_COND_U)
            return;
        x->fast = FK_INT;
        /* FK_INT's compares: unsigned when a source is UQ (wide_int_fast_ok) */
        x->fast_arith = x->wide_int;
        /* 32-bit lanes: every source a D/UD register or an immediate, the
         * destination D/UD or null, no QWord or accumulator operand, not
         * mad (FK_I32 has two sources) */
        if ((x->dst.space == GT_XS_GRF && x->dst.size != 4) || q || acc || op == GT_OP_MAD)
            return;
        int can_s = 1, can_u = 1, mods = 0;
        for (int s = 0; s < ns; s++) {
            const gt_xop *p = &x->src[s];
            mods |= p->mods;
            if (p->space == GT_XS_IMM) {
                int64_t v = int_of(p->imm_lane[0], p->type);
                can_s &= v >= INT32_MIN && v <= INT32_MAX;
                can_u &= v >= 0 && v <= (int64_t)UINT32_MAX;
            } else if (p->size == 4) {
                can_s &= p->type == GT_TYPE_D;
                can_u &= p->type == GT_TYPE_UD;
            } else {
                /* W/B: signed values; UW/UB: values both signednesses hold */
                can_u &= !is_signed_int(p->type);
            }
        }
        int compares = op == GT_OP_CMP || op == GT_OP_CMPN || (op == GT_OP_SEL && in->cond);
        /* the 64-bit value of a negated or absolute source is not its 32-bit
         * one: compares and asr (which shifts the upper bits in) see it */
        if (mods && (compares || op == GT_OP_ASR))
            return;
        if (compares && !can_s && !can_u)
            return;
        x->fast_arith = (uint8_t)can_s;
        x->fast = FK_I32;
        return;
    }
    if (x->dom == DOM_F) {
        switch (op) {
        case GT_OP_MOV: case GT_OP_ADD: case GT_OP_MUL: case GT_OP_MAD: case GT_OP_SEL:
        case GT_OP_CMP: case GT_OP_CMPN: case GT_OP_FRC: case GT_OP_RNDU: case GT_OP_RNDD:
        case GT_OP_RNDE: case GT_OP_RNDZ:
            break;
        case GT_OP_MATH:
            switch (in->math_fc) {
            case GT_MATH_INV: case GT_MATH_LOG: case GT_MATH_EXP: case GT_MATH_SQRT:
            case GT_MATH_RSQ: case GT_MATH_SIN: case GT_MATH_COS: case GT_MATH_FDIV:
            case GT_MATH_POW:
                break;
            default:
                return;
            }
            break;
        default:
            return;
        }
        if ((x->dst.space == GT_XS_GRF || x->dst.space == GT_XS_ACC) && x->dst.type != GT_TYPE_F)
            return;
        if (x->dst.space == GT_XS_NULL && x->flag_type != GT_TYPE_F)
            return;
        for (int s = 0; s < ns; s++)
            if (x->src[s].type != GT_TYPE_F)
                return;
        /* condition modifiers: cmp's compare, sel's min/max; elsewhere the
         * result's test (fast_flt_n, on the lane arrays) */
        x->fast = FK_FLT;
    }
    if (x->dom == DOM_D) {   /* FK_DF: every operand DF, a flag-only destination for compares */
        int cmp = op == GT_OP_CMP || op == GT_OP_CMPN;
        if (op != GT_OP_MOV && op != GT_OP_ADD && op != GT_OP_MUL && op != GT_OP_MAD && op != GT_OP_SEL && !cmp)
            return;
        if (x->dst.space == GT_XS_GRF ? x->dst.type != GT_TYPE_DF : !(x->dst.space == GT_XS_NULL && cmp))
            return;
        if (in->exec_size > 16)
            return;
        for (int s = 0; s < ns; s++)
            if (x->src[s].type != GT_TYPE_DF)
                return;
        x->fast = FK_DF;
    }
}

static void plan_exec(const gtsim_device *dev, gt_xinst *x);

/* FK_SYNC (exec_ctrl's nop, sync and wait without their waits): nop and
 * sync.nop / allrd / allwr (nothing to do in this in-order model);
 * sync.bar with an immediate or null barrier id (fast_imm: its bit in
 * n0.0); wait n0.x (fast_imm: x).  1 when x is one of them. */
/* sync.bar's barrier id (seed 004 sync): Src0.ImmValue[4:0], 0 without
 * an immediate or ARF source; -1 when Src0 is an ARF (read at run time). */
static int sync_bar_id(const gt_operand *o)
{
    if (o->file == GT_FILE_IMM)
        return (int)(o->imm & 31);
    return o->file == GT_FILE_ARF && (o->nr & 0xf0) != GT_ARF_NULL ? -1 : 0;
}

/* The notification register of `wait n0.x`: x, from the source's subregister. */
static int wait_n0_sub(const gt_inst *in)
{
    return (in->src[0].subnr / 4) & 1;
}

static int sync_plan(gt_xinst *x)
{
    const gt_inst *in = &x->in;
    const gt_operand *o = &in->src[0];
    if (in->op == GT_OP_NOP || (in->op == GT_OP_SYNC && (in->sync_fc == 0 || in->sync_fc == 2 ||
                                                        in->sync_fc == 3)))
        return 1;
    if (in->op == GT_OP_SYNC && in->sync_fc == 14) {
        int id = sync_bar_id(o);
        if (id < 0)
            return 0;   /* an id read from an ARF: exec_ctrl */
        x->fast_imm = 1ull << id;
        return 1;
    }
    if (in->op == GT_OP_WAIT) {
        x->fast_imm = (uint64_t)wait_n0_sub(in);
        return 1;
    }
    return 0;
}

void gt_exec_plan(const gtsim_device *dev, gt_xinst *x)
{
    const gt_inst *in = &x->in;
    int n = in->exec_size ? in->exec_size : 1;
    x->rmask = (uint32_t)((n >= 32 ? 0xffffffffull : ((1ull << n) - 1)) << (in->chan_off & 31));
    x->nomask = in->nomask;
    x->pm_kind = in->pred == GT_PRED_NONE                       ? PM_NONE
                 : in->pred == GT_PRED_NORMAL && !in->align16 ? PM_FLAG
                                                              : PM_GENERAL;
    x->pm_inv = in->pred_inv;
    x->pm_shift = (uint8_t)((in->flag_nr & 1) * 32 + (in->flag_subnr ? 16 : 0)); /* as flag_bits */
    /* a horizontal any / all form (any2h .. all32h) whose channels lie in
     * one aligned group: that group's flag bits decide every channel
     * (pred_mask_general's rule) */
    int gs = in->pred >= GT_PRED_ANY2H && in->pred <= GT_PRED_ALL32H ? 2 << ((in->pred - GT_PRED_ANY2H) / 2) : 0;
    int g0 = in->chan_off & ~(gs - 1);
    if (gs && !in->align16 && in->chan_off + n <= g0 + gs && g0 + gs <= 32) {
        x->pm_kind = in->pred & 1 ? PM_HALL : PM_HANY;   /* (the all forms are odd) */
        x->pm_group = (uint32_t)((gs >= 32 ? 0xffffffffull : (1ull << gs) - 1) << g0);
    }
    x->mask_plain = !x->nomask && x->pm_kind == PM_NONE;
    x->ctrl = !is_branch(in->op) ? CTRL_NONE
              : in->op == GT_OP_IF || in->op == GT_OP_ELSE || in->op == GT_OP_ENDIF || in->op == GT_OP_DO ||
                        in->op == GT_OP_WHILE
                  ? CTRL_STRUCT
              : in->op == GT_OP_JMPI && !in->jip_reg ? CTRL_JMPI
              : in->op == GT_OP_CONT                 ? CTRL_PARK
                                                     : CTRL_EXEC;
    x->park_ip = in->op == GT_OP_CONT ? x->ip + (uint32_t)in->uip : 0;
    x->len = (uint8_t)(in->length ? in->length : (in->compacted ? 8 : 16));
    plan_exec(dev, x);
    if (x->plan_err || x->ctrl) {   /* the run loop's one test: a handler, nothing else to do */
        x->fast = FK_NONE;
        x->fast_fn = NULL;
    }
    if (x->plan_err && x->ctrl)   /* reported by the general path */
        x->ctrl = CTRL_EXEC;
    if (!x->plan_err && sync_plan(x)) {
        x->fast = FK_SYNC;
        x->fast_fn = fast_fn_for(x);
    }
    /* a send the shared functions can run without exec_ctrl (its handler
     * declines, and exec_ctrl runs it, whenever it needs more) */
    if (!x->plan_err && (in->op == GT_OP_SEND || in->op == GT_OP_SENDS)) {
        gt_sf_plan_send(dev, in, &x->sfp);
        if (x->sfp.op) {
            x->fast = FK_SEND;
            x->fast_fn = fast_fn_for(x);
        }
    }
}

static void plan_exec(const gtsim_device *dev, gt_xinst *x)
{
    (void)dev;
    gt_inst *in = &x->in;
    int op = in->op;
    if (in->exec_size == 0 || in->exec_size > 32 || in->chan_off + in->exec_size > 32) {
        if (op != GT_OP_ILLEGAL && op != GT_OP_NOP) {
            plan_fail(x, GTSIM_ERR_ILLEGAL, "execution size / channel offset out of range");
            return;
        }
    }
    if (op == GT_OP_SEND || op == GT_OP_SENDC) {
        const char *rule = send_rule_broken(gt_eu_behaviour_for(dev ? dev->plat : NULL), in);
        if (rule)
            plan_fail(x, GTSIM_ERR_ILLEGAL, rule);
    }
    if (is_branch(op))
        return;
    int ns = op_nsrc(op);
    if (op == GT_OP_MATH) {
        ns = math_nsrc(in->math_fc);
    }
    if (op == GT_OP_SMOV)
        plan_fail(x, GTSIM_ERR_UNIMPL, "instruction not implemented by the executor");
    if (op == GT_OP_MOVI && (in->src[0].file != GT_FILE_GRF || !in->src[0].indirect ||
                             (in->src[0].ind_subnr != 0 && in->src[0].ind_subnr != 8) ||
                             in->src[0].type != in->dst.type))
        plan_fail(x, GTSIM_ERR_ILLEGAL, "movi: src must be indirect GRF via a0.0/a0.8 of the "
                                        "dst type (seed 004 movi)");
    if (in->num_srcs && in->num_srcs < ns && op != GT_OP_MATH)
        ns = in->num_srcs;
    {
        const char *rule = type_rule_broken(in, ns);
        if (rule) {
            char why[96];
            snprintf(why, sizeof why, "invalid type combination: %s", rule);
            plan_fail(x, GTSIM_ERR_ILLEGAL, why);
        }
    }
    {
        const char *rule = gen_rule_broken(gt_eu_behaviour_for(dev ? dev->plat : NULL), in, ns);
        if (rule) {
            char why[96];
            snprintf(why, sizeof why, "%s", rule);
            plan_fail(x, GTSIM_ERR_ILLEGAL, why);
        }
    }
    if (op != GT_OP_MOVI && op != GT_OP_F16TO32 && op != GT_OP_F32TO16 && !is_mme_macro(in)) {
        const char *rule = conversion_rule_broken(in, ns);
        if (rule) {
            char why[96];
            snprintf(why, sizeof why, "invalid type combination: %s", rule);
            plan_fail(x, GTSIM_ERR_ILLEGAL, why);
        }
    }
    /* Packed byte destination (B/UB, HorzStride 1, ExecSize > 1): raw mov
     * only (seed 004 mov, seed 001 §2.2.1). */
    if ((in->dst.type == GT_TYPE_B || in->dst.type == GT_TYPE_UB) && !in->align16 &&
        in->dst.hstride == 1 && in->exec_size > 1 && in->dst.file != GT_FILE_IMM &&
        !(in->dst.file == GT_FILE_ARF && (in->dst.nr & 0xf0) == GT_ARF_NULL) &&
        !(op == GT_OP_MOV && in->src[0].type == in->dst.type && !in->src[0].negate &&
          !in->src[0].abs && !in->saturate))
        plan_fail(x, GTSIM_ERR_ILLEGAL, "packed byte destination (B/UB with HorzStride 1) "
                                        "is only allowed for a raw mov (seed 004 mov)");
    /* Vector immediates (seed 001 §3.3.4, Gen7: gt_eu_behaviour
     * vec_imm_dst_rule): the destination is 16-byte aligned and strided by
     * a word (V/UV) or a DWord (VF). */
    const gt_eu_behaviour *beh0 = gt_eu_behaviour_for(dev ? dev->plat : NULL);
    for (int s = 0; s < ns && beh0->vec_imm_dst_rule && !in->align16 && in->exec_size > 1; s++) {
        int vt = in->src[s].file == GT_FILE_IMM ? in->src[s].type : GT_TYPE_INVALID;
        if (vt != GT_TYPE_V && vt != GT_TYPE_UV && vt != GT_TYPE_VF)
            continue;
        const gt_operand *d = &in->dst;
        if (d->file == GT_FILE_ARF && (d->nr & 0xf0) == GT_ARF_NULL)
            break;
        int stride = d->hstride * gt_type_size(d->type);
        if (stride != (vt == GT_TYPE_VF ? 4 : 2) || (!d->indirect && d->subnr % 16))
            plan_fail(x, GTSIM_ERR_ILLEGAL, vt == GT_TYPE_VF
                          ? "vector immediate VF needs a 16-byte aligned destination strided "
                            "by a DWord (seed 001 §3.3.4)"
                          : "vector immediate V/UV needs a 16-byte aligned destination strided "
                            "by a word (seed 001 §3.3.4)");
    }
    plan_operand(x, &in->dst, &x->dst, 1);
    for (int s = 0; s < ns; s++)
        plan_operand(x, &in->src[s], &x->src[s], 0);
    if (!is_mme_macro(in) && op != GT_OP_PLN && op != GT_OP_MOVI) {
        int nn = in->exec_size ? in->exec_size : 1;
        int bad = spans_too_many(&x->dst, nn);
        for (int s = 0; s < ns; s++)
            bad |= spans_too_many(&x->src[s], nn);
        if (bad)
            plan_fail(x, GTSIM_ERR_ILLEGAL, "ExecSize too large for the type: a region "
                                            "spans over 2 GRFs (seed 001: 1 or 2 registers)");
    }
    if (op == GT_OP_F16TO32 && x->src[0].space != GT_XS_NULL) {
        x->src[0].type = GT_TYPE_HF;
        x->src[0].size = 2;
    }

    /* Computation domain from the source types (seed 001 §2.4).  Mixed
     * HF/F sources ("mixed mode", Gen9 Align1/Align16) compute in F and
     * round once to a HF destination (RTNE or cr0's mode); HF-only
     * arithmetic does the same, which equals rounding the exact result to
     * HF for add/mul (F carries 24 >= 2 * 11 + 2 bits). */
    int anydf = 0, anyf = 0;
    for (int s = 0; s < ns; s++) {
        int ty = x->src[s].type;
        if (x->src[s].space == GT_XS_NULL)
            continue;
        if (ty == GT_TYPE_DF)
            anydf = 1;
        else if (is_float_type(ty))
            anyf = 1;
    }
    int dom = anydf ? DOM_D : anyf ? DOM_F : DOM_I;
    switch (op) {
    case GT_OP_NOT: case GT_OP_AND: case GT_OP_OR: case GT_OP_XOR: case GT_OP_SHR:
    case GT_OP_SHL: case GT_OP_ASR: case GT_OP_BFREV: case GT_OP_BFE: case GT_OP_BFI1:
    case GT_OP_BFI2: case GT_OP_LZD: case GT_OP_FBH: case GT_OP_FBL: case GT_OP_CBIT:
    case GT_OP_ADDC: case GT_OP_SUBB: case GT_OP_AVG: case GT_OP_SAD2: case GT_OP_SADA2:
    case GT_OP_MACH: case GT_OP_ROR: case GT_OP_ROL: case GT_OP_DP4A:
        dom = DOM_I;
        break;
    case GT_OP_FRC: case GT_OP_RNDU: case GT_OP_RNDD: case GT_OP_RNDE: case GT_OP_RNDZ:
    case GT_OP_LINE: case GT_OP_PLN: case GT_OP_LRP: case GT_OP_DP2: case GT_OP_DP3:
    case GT_OP_DP4: case GT_OP_DPH: case GT_OP_F32TO16: case GT_OP_F16TO32:
        if (dom == DOM_I)
            dom = DOM_F;
        break;
    case GT_OP_MATH:
        if (in->math_fc >= GT_MATH_IDIV_BOTH && in->math_fc <= GT_MATH_IDIV_REM)
            dom = DOM_I;
        else if (dom == DOM_I)
            dom = DOM_F;
        break;
    default:
        break;
    }
    x->dom = (uint8_t)dom;

    /* Per-generation behaviours of the same decoded instruction (seed 001
     * §1.3; table in src/eu/decoder.c). */
    const gt_eu_behaviour *beh = gt_eu_behaviour_for(dev ? dev->plat : NULL);
    if (op == GT_OP_SEL && beh->sel_max_exec_size && in->exec_size > beh->sel_max_exec_size)
        plan_fail(x, GTSIM_ERR_ILLEGAL, "sel ExecSize not supported on this generation (seed 001 §1.3)");
    if (op == GT_OP_MUL && beh->mul_dword_src1_lo16 && dom == DOM_I &&
        (x->src[0].size == 4 || x->src[1].size == 4))
        x->mul_src1_lo16 = 1;
    x->mach_lo = (uint8_t)(op == GT_OP_MACH && beh->mach_low_dword && !in->acc_wr);
    x->chan_pairs = (uint8_t)(in->chan_pairs && beh->df_channel_pairs);
    if (x->chan_pairs && in->chan_off + 2 * in->exec_size > 32)
        plan_fail(x, GTSIM_ERR_ILLEGAL, "execution size / channel offset out of range (DF channel pairs)");
    if (dom == DOM_I) {
        /* Values a 64-bit lane cannot hold exactly (seed 001 §2.4.2-2.4.3:
         * conversions and saturation work on the source values): a UQ
         * source next to a signed one, or a saturated result that can
         * exceed 64 bits (64-bit sources, DWord multiplies). */
        int uq = 0, q64 = is_q(x->dst.type);
        for (int s = 0; s < ns; s++) {
            uq |= x->src[s].type == GT_TYPE_UQ;
            q64 |= is_q(x->src[s].type);
        }
        switch (op) {
        case GT_OP_MOV: case GT_OP_SEL: case GT_OP_ADD: case GT_OP_MUL: case GT_OP_AVG:
        case GT_OP_MAD: case GT_OP_CMP: case GT_OP_CMPN:
            x->wide_int = (uint8_t)(uq || (in->saturate && (q64 || op == GT_OP_MUL ||
                                                            op == GT_OP_MAD)));
            break;
        default:
            break;
        }
    }
    if (beh->acc_dword_max_exec_size && in->exec_size > beh->acc_dword_max_exec_size) {
        int acc_dw = x->dst.space == GT_XS_ACC && x->dst.size == 4 && !is_float_type(x->dst.type);
        for (int s = 0; s < ns; s++)
            if (x->src[s].space == GT_XS_ACC && x->src[s].size == 4 && !is_float_type(x->src[s].type))
                acc_dw = 1;
        if (acc_dw)
            plan_fail(x, GTSIM_ERR_ILLEGAL, "DWord accumulator operand with this ExecSize is not "
                                            "allowed on this generation (seed 001 §1.3)");
    }

    /* Type the conditional modifier tests: the destination's (the flags reflect the result
     * after format conversion); for a null destination the execution type, unless the
     * null's type is of the other class (integer vs float): then the converted value's
     * (brw's `mov.l.f0 null:D x:F` tests int(x) < 0, brw_fs_cmod_propagation.cpp). */
    if (x->dst.space != GT_XS_NULL ||
        is_float_type(x->dst.type) != (dom == DOM_F || dom == DOM_D)) {
        x->flag_type = x->dst.type;
    } else if (dom == DOM_D) {
        x->flag_type = GT_TYPE_DF;
    } else if (dom == DOM_F) {
        x->flag_type = GT_TYPE_F;
    } else {
        int ty = GT_TYPE_D, unsig = 1, q = 0;
        for (int s = 0; s < ns; s++) {
            int t2 = x->src[s].type;
            if (is_q(t2))
                q = 1;
            if (is_signed_int(t2))
                unsig = 0;
        }
        ty = q ? (unsig ? GT_TYPE_UQ : GT_TYPE_Q) : (unsig ? GT_TYPE_UD : GT_TYPE_D);
        x->flag_type = (uint8_t)ty;
    }
    x->raw_mov = (op == GT_OP_MOV || op == GT_OP_DIM) && x->src[0].type == x->dst.type && !x->src[0].mods &&
                 !in->saturate && x->src[0].space != GT_XS_NULL;
    plan_fast(x, ns);
}

/* ------------------------------------------------------------------ */
/* Register access                                                      */
/* ------------------------------------------------------------------ */

/* Build the image of an ARF register (layouts from seed 001 §3.3.3). */
static void arf_read(const xctx *c, int nr, uint8_t *img)
{
    gt_thread *t = c->t;
    memset(img, 0, ARF_IMG_SIZE);
    switch (nr & 0xf0) {
    case GT_ARF_A0: memcpy(img, t->a0, sizeof(t->a0)); break;
    case GT_ARF_F: memcpy(img, t->flag, sizeof(t->flag)); break;
    case GT_ARF_SR: memcpy(img, t->sr0, sizeof(t->sr0)); break;
    case GT_ARF_CR: memcpy(img, t->cr0, sizeof(t->cr0)); break;
    case GT_ARF_N: memcpy(img, t->n0, sizeof(t->n0)); break;
    case GT_ARF_CE: {
        /* ce0 reads the channels enabled now: the dispatch mask and the control flow's
         * active channels (brw's FIND_LIVE_CHANNEL: fbl of ce0 inside loops and ifs, also
         * from a NoMask instruction, brw_eu_emit.c brw_find_live_channel) */
        uint32_t ce = t->ce & t->exec_mask;
        memcpy(img, &ce, 4);
        break;
    }
    case GT_ARF_TDR: memcpy(img, t->tdr, sizeof(t->tdr)); break;
    case GT_ARF_IP: {
        uint32_t ip = c->hw_ip_base + t->ip;
        memcpy(img, &ip, 4);
        break;
    }
    case GT_ARF_TM: {
        /* tm0: a timestamp; the thread's instruction count stands in for time */
        uint64_t ts = t->instructions;
        memcpy(img, &ts, 8);
        break;
    }
    default: break;
    }
}

static void apply_fenv(xctx *c);
static void round_nearest(xctx *c);

static void arf_write(xctx *c, int nr, const uint8_t *img)
{
    gt_thread *t = c->t;
    switch (nr & 0xf0) {
    case GT_ARF_A0: memcpy(t->a0, img, sizeof(t->a0)); break;
    case GT_ARF_F: memcpy(t->flag, img, sizeof(t->flag)); break;
    case GT_ARF_SR: memcpy(t->sr0, img, sizeof(t->sr0)); break;
    case GT_ARF_CR:
        memcpy(t->cr0, img, sizeof(t->cr0));
        apply_fenv(c);
        break;
    case GT_ARF_N: memcpy(t->n0, img, sizeof(t->n0)); break;
    case GT_ARF_CE: memcpy(&t->ce, img, 4); break;
    case GT_ARF_TDR:
        /* the FFTIDs are read only; a write clears the valid bit of each
         * entry it changes (seed 001 §3.3.3.11) */
        for (int i = 0; i < 8; i++) {
            uint16_t v;
            memcpy(&v, img + 2 * i, 2);
            if (v != t->tdr[i])
                t->tdr[i] &= 0x7fff;
        }
        break;
    default: break;
    }
}

/* Resolve the byte offsets of an operand for this execution; returns the
 * base pointer of its space, or NULL after reporting an out-of-range
 * indirect access. */
static const uint64_t zero_page[8];

static uint8_t *operand_base(xctx *c, const gt_xinst *x, const gt_operand *o, const gt_xop *p,
                             uint16_t *offbuf, const uint16_t **offs, uint8_t *img, int n,
                             int *status)
{
    gt_thread *t = c->t;
    *offs = p->off;
    switch (p->space) {
    case GT_XS_GRF: return t->grf;
    case GT_XS_ACC: return t->acc;
    case GT_XS_IMM: return (uint8_t *)p->imm_lane;
    case GT_XS_ARF:
        arf_read(c, o->nr, img);
        return img;
    case GT_XS_IND: {
        int w = o->width ? o->width : 1;
        for (int i = 0; i < n; i++) {
            int sub = o->ind_subnr + ((o->vxh && o != &x->in.dst) ? i / w : 0);
            int32_t a = (sub < 16 ? t->a0[sub] : 0) + o->ind_off + p->off[i];
            if (a < 0 || a + p->size > GT_GRF_REGS * 32 || sub >= 16) {
                *status = gt_error(c->dev, GTSIM_ERR_ILLEGAL,
                                   "EU: indirect register access at GRF byte %d (a0.%d=0x%x, "
                                   "offset %d) is outside r0..r%d; kernel GVA 0x%" PRIx64
                                   " ip 0x%x", a, sub, sub < 16 ? t->a0[sub] : 0, o->ind_off,
                                   GT_GRF_REGS - 1, c->k->gva, x->ip);
                return NULL;
            }
            offbuf[i] = (uint16_t)a;
        }
        *offs = offbuf;
        return t->grf;
    }
    default:
        *offs = p->off;
        return (uint8_t *)zero_page;
    }
}

static inline uint64_t rd_raw(const uint8_t *p, int size)
{
    switch (size) {
    case 1: return *p;
    case 2: { uint16_t v; memcpy(&v, p, 2); return v; }
    case 4: { uint32_t v; memcpy(&v, p, 4); return v; }
    default: { uint64_t v; memcpy(&v, p, 8); return v; }
    }
}
static inline void wr_raw(uint8_t *p, int size, uint64_t v)
{
    switch (size) {
    case 1: *p = (uint8_t)v; break;
    case 2: { uint16_t w = (uint16_t)v; memcpy(p, &w, 2); break; }
    case 4: { uint32_t w = (uint32_t)v; memcpy(p, &w, 4); break; }
    default: memcpy(p, &v, 8); break;
    }
}

/* Element value as double (any type). */
static inline double dbl_of(uint64_t raw, int ty)
{
    switch (ty) {
    case GT_TYPE_F: return gt_u2f((uint32_t)raw);
    case GT_TYPE_DF: return gt_u2d(raw);
    case GT_TYPE_HF: return gt_half_to_float((uint16_t)raw);
    case GT_TYPE_UQ: return (double)raw;
    default: return (double)int_of(raw, ty);
    }
}

/* Load a source into the computation domain. */
/* ftz: bit 0 flush F denorm inputs, bit 1 DF ones (arithmetic only: moves
 * and conversions keep denorms, seed 001 §2.3.1.2). */
static int load_src(xctx *c, const gt_xinst *x, int s, int dom, lanes *out, int n, int logic,
                    int ftz)
{
    const int ftz_f = ftz & 1;
    const gt_xop *p = &x->src[s];
    const gt_operand *o = &x->in.src[s];
    uint16_t offbuf[32];
    const uint16_t *off;
    uint8_t img[ARF_IMG_SIZE];
    int st = GTSIM_OK;
    const uint8_t *b = operand_base(c, x, o, p, offbuf, &off, img, n, &st);
    if (!b)
        return st;
    int ty = p->type, sz = p->size;
    int neg = p->mods & 1, ab = p->mods & 2;
    if (dom == DOM_F) {
        if (ty == GT_TYPE_F) {
            if (p->contig) {
                memcpy(out->f, b + off[0], (size_t)n * 4);
            } else if (p->scalar) {
                float v;
                memcpy(&v, b + off[0], 4);
                for (int i = 0; i < n; i++)
                    out->f[i] = v;
            } else {
                for (int i = 0; i < n; i++)
                    memcpy(&out->f[i], b + off[i], 4);
            }
            if (ftz_f)
                for (int i = 0; i < n; i++)
                    out->f[i] = gt_ftz(out->f[i]);
        } else if (ty == GT_TYPE_HF) {
            for (int i = 0; i < n; i++)
                out->f[i] = gt_half_to_float((uint16_t)rd_raw(b + off[i], 2));
        } else if (ty == GT_TYPE_DF) {
            for (int i = 0; i < n; i++)
                out->f[i] = (float)gt_u2d(rd_raw(b + off[i], 8));
        } else {
            for (int i = 0; i < n; i++)
                out->f[i] = (float)dbl_of(rd_raw(b + off[i], sz), ty);
            if (ty == GT_TYPE_UQ || ty == GT_TYPE_Q)
                for (int i = 0; i < n; i++) {
                    uint64_t r = rd_raw(b + off[i], 8);
                    out->f[i] = ty == GT_TYPE_UQ ? (float)r : (float)(int64_t)r;
                }
        }
        if (ab)
            for (int i = 0; i < n; i++)
                out->f[i] = fabsf(out->f[i]);
        if (neg)
            for (int i = 0; i < n; i++)
                out->f[i] = -out->f[i];
    } else if (dom == DOM_D) {
        for (int i = 0; i < n; i++) {
            uint64_t r = rd_raw(b + off[i], sz);
            double v;
            if (ty == GT_TYPE_DF)
                v = (ftz & 2) ? gt_dftz(gt_u2d(r)) : gt_u2d(r);
            else if (ty == GT_TYPE_F)
                v = ftz_f ? gt_ftz(gt_u2f((uint32_t)r)) : gt_u2f((uint32_t)r);
            else if (ty == GT_TYPE_Q)
                v = (double)(int64_t)r;
            else
                v = dbl_of(r, ty);
            if (ab)
                v = fabs(v);
            out->d[i] = neg ? -v : v;
        }
    } else {
        if (is_float_type(ty)) {
            for (int i = 0; i < n; i++) {
                double v = dbl_of(rd_raw(b + off[i], sz), ty);
                out->i[i] = gt_fp_to_int(v, -9.2e18, 9.2e18);
            }
        } else if (ty == GT_TYPE_D && p->contig) {
            for (int i = 0; i < n; i++) {
                int32_t v;
                memcpy(&v, b + off[0] + 4 * i, 4);
                out->i[i] = v;
            }
        } else if (ty == GT_TYPE_D || ty == GT_TYPE_UD) {
            for (int i = 0; i < n; i++) {
                uint32_t v;
                memcpy(&v, b + off[i], 4);
                out->i[i] = ty == GT_TYPE_D ? (int64_t)(int32_t)v : (int64_t)v;
            }
        } else {
            for (int i = 0; i < n; i++)
                out->i[i] = int_of(rd_raw(b + off[i], sz), ty);
        }
        if (logic) {
            if (neg)
                for (int i = 0; i < n; i++)
                    out->i[i] = ~out->i[i];
        } else {
            if (ab)
                for (int i = 0; i < n; i++)
                    out->i[i] = out->i[i] < 0 ? (int64_t)(0 - (uint64_t)out->i[i]) : out->i[i];
            if (neg)
                for (int i = 0; i < n; i++)
                    out->i[i] = (int64_t)(0 - (uint64_t)out->i[i]);
        }
    }
    return GTSIM_OK;
}

/* ------------------------------------------------------------------ */
/* Result conversion and conditional flags                              */
/* ------------------------------------------------------------------ */

static const double int_lo[GT_TYPE_COUNT] = {
    [GT_TYPE_UD] = 0, [GT_TYPE_D] = -2147483648.0, [GT_TYPE_UW] = 0, [GT_TYPE_W] = -32768.0,
    [GT_TYPE_UB] = 0, [GT_TYPE_B] = -128.0,
};
static const double int_hi[GT_TYPE_COUNT] = {
    [GT_TYPE_UD] = 4294967295.0, [GT_TYPE_D] = 2147483647.0, [GT_TYPE_UW] = 65535.0,
    [GT_TYPE_W] = 32767.0, [GT_TYPE_UB] = 255.0, [GT_TYPE_B] = 127.0,
};

/* Float value to integer type bits (seed 001 §2.4.1; always clamps). */
static inline uint64_t fp_to_int_bits(double v, int ty)
{
    if (ty == GT_TYPE_Q) {
        if (isnan(v)) return 0;
        if (v >= 9223372036854775807.0) return 0x7fffffffffffffffull;
        if (v <= -9223372036854775808.0) return 0x8000000000000000ull;
        return (uint64_t)(int64_t)trunc(v);
    }
    if (ty == GT_TYPE_UQ) {
        if (isnan(v) || v <= 0) return 0;
        if (v >= 18446744073709551615.0) return ~0ull;
        return (uint64_t)trunc(v);
    }
    return (uint64_t)gt_fp_to_int(v, int_lo[ty], int_hi[ty]);
}

/* Integer value to integer type bits: truncation, or clamping with sat
 * (seed 001 §2.4.2/2.4.3). */
static inline uint64_t int_to_int_bits(int64_t v, int ty, int sat, int src_uq)
{
    if (!sat)
        return (uint64_t)v;
    switch (ty) {
    case GT_TYPE_Q:
        if (src_uq && (uint64_t)v > 0x7fffffffffffffffull) return 0x7fffffffffffffffull;
        return (uint64_t)v;
    case GT_TYPE_UQ:
        if (!src_uq && v < 0) return 0;
        return (uint64_t)v;
    default: {
        int64_t lo = (int64_t)int_lo[ty], hi = (int64_t)int_hi[ty];
        if (src_uq && (uint64_t)v > (uint64_t)hi) return (uint64_t)hi;
        return (uint64_t)(v < lo ? lo : v > hi ? hi : v);
    }
    }
}

/* DF -> F rounding toward zero (seed 001 §2.4.5): the float nearest to v
 * stepped one ulp toward zero when it is farther from zero than v; finite
 * values beyond the float range give +-fmax. */
static float df_to_f_rtz(double v)
{
    float f = (float)v;
    if (isnan(v) || isinf(v))
        return f;
    if (fabs((double)f) > fabs(v))
        f = nextafterf(f, 0.0f);
    return f;
}

/* frc (seed 004 frc): src - floor(src), "in the range [0.0, 1.0]
 * irrespective of the rounding mode": +0 when the source is integral (x - x
 * is -0 when rounding down); F results stay below 1 (a tiny negative
 * source's difference rounds up to 1), DF ones are the difference. */
static inline float frc_f(float v)
{
    float f = v - floorf(v);
    return f >= 1.0f ? 0x1.fffffep-1f : f == 0 ? 0.0f : f;
}
static inline double frc_d(double v)
{
    double f = v - floor(v);
    return f == 0 ? 0.0 : f;
}

/* A float saturated (seed 001: to [0.0, 1.0]; NaN to 0, -0 kept). */
static inline float sat_f(float v)
{
    return isnan(v) ? 0.0f : v < 0.0f ? 0.0f : v > 1.0f ? 1.0f : v;
}

/* Domain value of lane i -> destination type bits. */
static inline uint64_t cvt_out(const xctx *c, int dom, const lanes *r, int i, int ty, int sat,
                               int src_uq, int math)
{
    switch (dom) {
    case DOM_F: {
        float v = r->f[i];
        if (sat && is_float_type(ty))
            v = sat_f(v);
        switch (ty) {
        case GT_TYPE_F:
            if (math && c->ftz_f)
                v = gt_ftz(v);
            /* ALT mode: an infinite result of an arithmetic instruction
             * becomes +-fmax (seed 001 §2.3.2; moves are not affected) */
            if (math && c->alt && isinf(v))
                v = copysignf(0x1.fffffep127f, v);
            return gt_f2u(v);
        case GT_TYPE_DF: return gt_d2u((double)v);
        case GT_TYPE_HF: return gt_double_to_half(v, c->rm);
        default: return fp_to_int_bits(v, ty);
        }
    }
    case DOM_D: {
        double v = r->d[i];
        if (sat && is_float_type(ty))
            v = isnan(v) ? 0.0 : v < 0.0 ? 0.0 : v > 1.0 ? 1.0 : v;
        switch (ty) {
        case GT_TYPE_DF:
            if (math && c->ftz_d)
                v = gt_dftz(v);
            return gt_d2u(v);
        case GT_TYPE_F: return gt_f2u(c->df_f_rtz ? df_to_f_rtz(v) : (float)v);
        case GT_TYPE_HF: return gt_double_to_half(v, c->rm);
        default: return fp_to_int_bits(v, ty);
        }
    }
    default: {
        int64_t v = r->i[i];
        switch (ty) {
        case GT_TYPE_F: {
            float f = src_uq ? (float)(uint64_t)v : (float)v;
            if (sat)
                f = f < 0.0f ? 0.0f : f > 1.0f ? 1.0f : f;
            return gt_f2u(f);
        }
        case GT_TYPE_DF: {
            double d = src_uq ? (double)(uint64_t)v : (double)v;
            if (sat)
                d = d < 0.0 ? 0.0 : d > 1.0 ? 1.0 : d;
            return gt_d2u(d);
        }
        case GT_TYPE_HF: {
            /* seed 001 §2.4.4, then sat clamps to [0, 1] like F and DF */
            uint16_t h = gt_double_to_half(src_uq ? (double)(uint64_t)v : (double)v, c->rm);
            if (sat)
                h = (h & 0x8000) ? 0 : h > 0x3c00 ? 0x3c00 : h;
            return h;
        }
        default: return int_to_int_bits(v, ty, sat, src_uq);
        }
    }
    }
}

/* Conditional modifier on a typed value (seed 001 §2.3.1.3 for NaN). */
static inline int cond_eval(int cond, uint64_t bits, int ty)
{
    if (is_float_type(ty)) {
        double v = dbl_of(bits, ty);
        if (isnan(v))
            return cond == GT_COND_NZ || cond == GT_COND_U;
        switch (cond) {
        case GT_COND_Z: return v == 0;
        case GT_COND_NZ: return v != 0;
        case GT_COND_G: return v > 0;
        case GT_COND_GE: return v >= 0;
        case GT_COND_L: return v < 0;
        case GT_COND_LE: return v <= 0;
        case GT_COND_O: return isinf(v);
        default: return 0;
        }
    }
    int64_t v = int_of(bits, ty);
    if (ty == GT_TYPE_UQ) {
        uint64_t u = bits;
        switch (cond) {
        case GT_COND_Z: return u == 0;
        case GT_COND_NZ: return u != 0;
        case GT_COND_G: return u > 0;
        case GT_COND_GE: return 1;
        case GT_COND_L: return 0;
        case GT_COND_LE: return u == 0;
        default: return 0;
        }
    }
    switch (cond) {
    case GT_COND_Z: return v == 0;
    case GT_COND_NZ: return v != 0;
    case GT_COND_G: return v > 0;
    case GT_COND_GE: return v >= 0;
    case GT_COND_L: return v < 0;
    case GT_COND_LE: return v <= 0;
    default: return 0;
    }
}

/* NaN results of float arithmetic.  Seed 001 (floating-point behaviours,
 * "Other information"): a NaN input always gives a NaN output, but its bit
 * pattern need not stay the same.  gtsim fixes the pattern so that every
 * path gives the same bits (the general executor, and the fast handlers
 * however the compiler orders a commutative operation's operands): a NaN
 * result becomes the first NaN source in source order (src0, src1, src2,
 * after source modifiers), quieted; with no NaN source (inf - inf, 0 * inf,
 * sqrt(-1) ...) the x86 default NaN, so results match CPU-computed
 * references.  r, s0..s2: n lanes; ns = the operation's source count. */
#define GT_DEFAULT_NAN_F 0xffc00000u
#define GT_DEFAULT_NAN_DF 0xfff8000000000000ull
static inline __attribute__((always_inline)) void nan_rule_f(float *r, const float *s0,
                                                             const float *s1, const float *s2,
                                                             int ns, int n)
{
    int any = 0;
    for (int i = 0; i < n; i++)
        any |= r[i] != r[i];
    if (__builtin_expect(!any, 1))
        return;
    for (int i = 0; i < n; i++) {
        if (r[i] == r[i])
            continue;
        uint32_t u = GT_DEFAULT_NAN_F;
        if (s0[i] != s0[i]) u = gt_f2u(s0[i]);
        else if (ns > 1 && s1[i] != s1[i]) u = gt_f2u(s1[i]);
        else if (ns > 2 && s2[i] != s2[i]) u = gt_f2u(s2[i]);
        r[i] = gt_u2f(u | 0x00400000u);
    }
}

/* The operations nan_rule_f / nan_rule_df apply to: arithmetic whose result
 * the fast handlers also compute (selection, compares and moves pass NaNs
 * through as they are; the IEEE macros have their own rules). */
static inline int nan_rule_op(int op, int fc)
{
    if (op == GT_OP_ADD || op == GT_OP_MUL || op == GT_OP_MAD)
        return 1;
    return op == GT_OP_MATH && fc >= GT_MATH_INV && fc <= GT_MATH_POW;
}

/* nan_rule_f for DF lanes. */
static void nan_rule_df(double *r, const double *s0, const double *s1, const double *s2, int ns,
                        int n)
{
    for (int i = 0; i < n; i++) {
        if (r[i] == r[i])
            continue;
        uint64_t u = GT_DEFAULT_NAN_DF;
        if (s0[i] != s0[i]) memcpy(&u, &s0[i], 8);
        else if (ns > 1 && s1[i] != s1[i]) memcpy(&u, &s1[i], 8);
        else if (ns > 2 && s2[i] != s2[i]) memcpy(&u, &s2[i], 8);
        u |= 1ull << 51;
        memcpy(&r[i], &u, 8);
    }
}

/* Compare for cmp (cmpn = 0) / cmpn (cmpn = 1), seed 001 §2.3.1.1. */
static inline int cmp_f(int cond, double a, double b, int cmpn)
{
    if (isnan(a) || isnan(b)) {
        if (!cmpn)
            return cond == GT_COND_NZ || cond == GT_COND_U;
        if (cond == GT_COND_U)
            return 1;
        if (isnan(b))
            return cond != GT_COND_NZ;
        return cond == GT_COND_NZ;
    }
    switch (cond) {
    case GT_COND_Z: return a == b;
    case GT_COND_NZ: return a != b;
    case GT_COND_G: return a > b;
    case GT_COND_GE: return a >= b;
    case GT_COND_L: return a < b;
    case GT_COND_LE: return a <= b;
    default: return 0;
    }
}
static inline int cmp_i(int cond, int64_t a, int64_t b, int uq)
{
    if (uq) {
        uint64_t x = (uint64_t)a, y = (uint64_t)b;
        switch (cond) {
        case GT_COND_Z: return x == y;
        case GT_COND_NZ: return x != y;
        case GT_COND_G: return x > y;
        case GT_COND_GE: return x >= y;
        case GT_COND_L: return x < y;
        case GT_COND_LE: return x <= y;
        default: return 0;
        }
    }
    switch (cond) {
    case GT_COND_Z: return a == b;
    case GT_COND_NZ: return a != b;
    case GT_COND_G: return a > b;
    case GT_COND_GE: return a >= b;
    case GT_COND_L: return a < b;
    case GT_COND_LE: return a <= b;
    default: return 0;
    }
}

static inline int cmp_i128(int cond, __int128 a, __int128 b)
{
    switch (cond) {
    case GT_COND_Z: return a == b;
    case GT_COND_NZ: return a != b;
    case GT_COND_G: return a > b;
    case GT_COND_GE: return a >= b;
    case GT_COND_L: return a < b;
    case GT_COND_LE: return a <= b;
    default: return 0;
    }
}

/* ------------------------------------------------------------------ */
/* Masks                                                               */
/* ------------------------------------------------------------------ */

static inline uint64_t flag_bits(const gt_thread *t, const gt_inst *in)
{
    uint64_t f = t->flag[in->flag_nr & 1];
    if ((in->flag_nr & 1) == 0)
        f |= (uint64_t)t->flag[1] << 32;
    return f >> (in->flag_subnr ? 16 : 0);
}

/* pred_mask for the Align16 and horizontal forms. */
static uint32_t pred_mask_general(const gt_thread *t, const gt_inst *in)
{
    uint64_t fb = flag_bits(t, in);
    uint32_t f = (uint32_t)fb;
    uint32_t m = 0;
    int lo = in->chan_off, n = in->exec_size ? in->exec_size : 1;
    /* channels past 31 do not exist: an instruction whose range runs past
     * them is refused (gt_exec_plan, or illegal), but its mask may still be
     * formed first */
    int hi = lo + n < 32 ? lo + n : 32;
    if (in->align16) {
        /* Align16: 2..5 replicate x/y/z/w of each group of 4, 6 any4h, 7 all4h */
        for (int ch = lo; ch < hi; ch++) {
            int g = ch & ~3, v;
            uint32_t grp = (f >> g) & 0xf;
            switch (in->pred) {
            case 1: v = (f >> ch) & 1; break;
            case 2: case 3: case 4: case 5: v = (grp >> (in->pred - 2)) & 1; break;
            case 6: v = grp != 0; break;
            case 7: v = grp == 0xf; break;
            default: v = (f >> ch) & 1; break;
            }
            m |= (uint32_t)v << ch;
        }
    } else if (in->pred == GT_PRED_NORMAL) {
        m = f;
    } else {
        int gs;
        switch (in->pred) {
        case GT_PRED_ANYV: case GT_PRED_ALLV: gs = n; break;
        case GT_PRED_ANY2H: case GT_PRED_ALL2H: gs = 2; break;
        case GT_PRED_ANY4H: case GT_PRED_ALL4H: gs = 4; break;
        case GT_PRED_ANY8H: case GT_PRED_ALL8H: gs = 8; break;
        case GT_PRED_ANY16H: case GT_PRED_ALL16H: gs = 16; break;
        default: gs = 32; break;
        }
        int all = (in->pred & 1);  /* ALL forms are odd values */
        /* the horizontal forms (any2h ... all32h) test the flag bits of
         * aligned groups of 2..32 channels whatever the ExecSize: IGC's
         * `(W&f0.0.any16h) add (1|M0)` asks whether any of the 16 channels
         * of f0.0 is set (its Gen12 branchy loop count); anyv / allv test
         * the instruction's own channels */
        int vform = in->pred == GT_PRED_ANYV || in->pred == GT_PRED_ALLV;
        for (int g0 = vform ? lo : lo & ~(gs - 1); g0 < hi; g0 += gs) {
            int gl = vform && gs > n ? n : gs;
            uint32_t gm = (gl >= 32 ? ~0u : ((1u << gl) - 1)) << g0;
            if (g0 + gl > 32)
                gm = ~0u << g0;
            int v = all ? ((f & gm) == gm) : ((f & gm) != 0);
            if (v)
                m |= gm;
        }
    }
    return in->pred_inv ? ~m : m;
}

/* Predicate mask over absolute channels (bit c = channel c); the common
 * forms (none, Align1 normal) inline. */
static inline uint32_t pred_mask(const gt_thread *t, const gt_inst *in)
{
    if (in->pred == GT_PRED_NONE)
        return ~0u;
    if (in->pred == GT_PRED_NORMAL && !in->align16) {
        uint32_t m = (uint32_t)flag_bits(t, in);
        return in->pred_inv ? ~m : m;
    }
    return pred_mask_general(t, in);
}

/* pred_mask from x's precomputed fields (gt_xinst.pm_*). */
static inline uint32_t x_pred_mask(const gt_thread *t, const gt_xinst *x)
{
    if (x->pm_kind == PM_NONE)
        return ~0u;
    uint64_t f;
    memcpy(&f, t->flag, sizeof(f));
    uint32_t fs = (uint32_t)(f >> x->pm_shift);
    if (__builtin_expect(x->pm_kind != PM_FLAG, 0)) {
        if (x->pm_kind == PM_GENERAL)
            return pred_mask_general(t, &x->in);
        uint32_t g = fs & x->pm_group;
        int on = x->pm_kind == PM_HALL ? g == x->pm_group : g != 0;
        return (x->pm_group & -(uint32_t)on) ^ -(uint32_t)x->pm_inv;
    }
    return fs ^ -(uint32_t)x->pm_inv;
}

/* The channels x runs on when exec_mask is em (gt_xinst.nomask, rmask). */
static inline uint32_t x_exec_mask(uint32_t em, const gt_xinst *x)
{
    return (em | -(uint32_t)x->nomask) & x->rmask;
}

static inline uint32_t range_mask(const gt_inst *in)
{
    int n = in->exec_size ? in->exec_size : 1;
    uint64_t m = (n >= 32 ? 0xffffffffull : ((1ull << n) - 1)) << in->chan_off;
    return (uint32_t)m;
}

/* Write flag bits for the channels in mask `en` (absolute). */
static inline void flag_write(gt_thread *t, const gt_inst *in, uint32_t en, uint32_t val)
{
    int nr = in->flag_nr & 1, sh = in->flag_subnr ? 16 : 0;
    uint64_t f = t->flag[nr] | (nr == 0 ? (uint64_t)t->flag[1] << 32 : 0);
    uint64_t m = (uint64_t)en << sh, v = (uint64_t)val << sh;
    f = (f & ~m) | (v & m);
    t->flag[nr] = (uint32_t)f;
    if (nr == 0)
        t->flag[1] = (uint32_t)(f >> 32);
}

/* flag_write at x's flag register (gt_xinst.pm_shift: its bit position in
 * f0 and f1 as one 64-bit word, the condition modifier's flag being the
 * predicate's). */
static inline void x_flag_write(gt_thread *t, const gt_xinst *x, uint32_t en, uint32_t val)
{
    uint64_t f, m = (uint64_t)en << x->pm_shift, v = (uint64_t)val << x->pm_shift;
    memcpy(&f, t->flag, sizeof(f));
    f = (f & ~m) | (v & m);
    memcpy(t->flag, &f, sizeof(f));
}

/* ------------------------------------------------------------------ */
/* Errors                                                               */
/* ------------------------------------------------------------------ */

static int report(xctx *c, const gt_xinst *x, int status, const char *what)
{
    char dis[256] = "?";
    gt_disasm_inst(c->dev->plat, &x->in, dis, sizeof(dis));
    char hex[64] = "";
    const uint8_t *rb = (const uint8_t *)x->in.raw;
    int len = x->in.length ? x->in.length : 16;
    size_t o = 0;
    for (int i = 0; i < len && o + 4 < sizeof(hex); i++)
        o += (size_t)snprintf(hex + o, sizeof(hex) - o, "%s%02x", i ? " " : "", rb[i]);
    c->t->state = GT_THREAD_FAULTED;
    return gt_error(c->dev, status, "EU: %s at kernel GVA 0x%" PRIx64 " ip 0x%x: `%s` [raw %s]",
                    what, c->k->gva, x->ip, dis, hex);
}

/* ------------------------------------------------------------------ */
/* ALU                                                                  */
/* ------------------------------------------------------------------ */

static inline uint32_t bitrev32(uint32_t v)
{
    v = ((v >> 1) & 0x55555555u) | ((v & 0x55555555u) << 1);
    v = ((v >> 2) & 0x33333333u) | ((v & 0x33333333u) << 2);
    v = ((v >> 4) & 0x0f0f0f0fu) | ((v & 0x0f0f0f0fu) << 4);
    v = ((v >> 8) & 0x00ff00ffu) | ((v & 0x00ff00ffu) << 8);
    return (v >> 16) | (v << 16);
}

static int is_logic(int op)
{
    return op == GT_OP_NOT || op == GT_OP_AND || op == GT_OP_OR || op == GT_OP_XOR;
}

/* Implicit accumulator element of channel ch, of type ty (F, or HF: seed
 * 004 mac "the implied datatype for the accumulator operand is always the
 * destination datatype"; HF channels are 2 bytes apart like any HF
 * register region). */
static inline double acc_f(const gt_thread *t, int ch, int ty)
{
    if (ty == GT_TYPE_HF) {
        uint16_t h;
        memcpy(&h, t->acc + ch * 2, 2);
        return gt_half_to_float(h);
    }
    float f;
    memcpy(&f, t->acc + ch * 4, 4);
    return f;
}

/* movi (seed 004 movi, "HW Implementation Details"): one source register,
 * a0.<s>[11:5] + the address immediate's register part, for all channels;
 * channel n takes the element at byte (a0.<s+n> + immediate)[4:0] of it,
 * aligned down to the element size.  Bits are moved unchanged. */
static int exec_movi(xctx *c, const gt_xinst *x, uint32_t lmask)
{
    gt_thread *t = c->t;
    const gt_inst *in = &x->in;
    const gt_operand *o = &in->src[0];
    int n = in->exec_size, sz = x->dst.size;
    int sub = o->ind_subnr;
    int reg = ((t->a0[sub] + o->ind_off) >> 5) & 0x7f;
    uint16_t doffbuf[32];
    const uint16_t *doff;
    uint8_t dimg[ARF_IMG_SIZE];
    int st = GTSIM_OK;
    uint8_t *db = NULL;
    if (x->dst.space != GT_XS_NULL) {
        db = operand_base(c, x, &in->dst, &x->dst, doffbuf, &doff, dimg, n, &st);
        if (!db)
            return report(c, x, st, "indirect destination out of range");
    }
    for (int i = 0; i < n; i++) {
        if (!((lmask >> i) & 1) || !db)
            continue;
        if (sub + i >= 16)
            return report(c, x, GTSIM_ERR_ILLEGAL, "movi: channel past a0.15 (seed 004 movi)");
        int boff = ((t->a0[sub + i] + o->ind_off) & 31) & ~(sz - 1);
        wr_raw(db + doff[i], sz, rd_raw(t->grf + reg * 32 + boff, sz));
    }
    if (x->dst.space == GT_XS_ARF && db)
        arf_write(c, in->dst.nr, dimg);
    return GTSIM_OK;
}

/* Exact integer results (plan flag wide_int): the sources' values (UQ
 * zero-extended, the others sign/zero-extended by load_src) in 128 bits,
 * the operation, then the destination bits: truncation, or with sat a clamp
 * of the exact value to the destination range (seed 001 §2.4.2/§2.4.3); a
 * float destination rounds the exact value once (§2.4.4).  cmp/cmpn and
 * sel's conditional modifier compare the exact values.  Writes the
 * destination bits to r->u[] and returns the cmp/cmpn flag bits (lanes). */
typedef __int128 i128;
static uint32_t exact_int(const xctx *c, const gt_xinst *x, const lanes *a, const lanes *b,
                          const lanes *cc, uint32_t pm, lanes *r)
{
    const gt_inst *in = &x->in;
    int n = in->exec_size, op = in->op, dty = x->dst.type;
    int uq0 = x->src[0].type == GT_TYPE_UQ, uq1 = x->src[1].type == GT_TYPE_UQ;
    int uq2 = x->src[2].type == GT_TYPE_UQ;
    uint32_t flags = 0;
    for (int i = 0; i < n; i++) {
        i128 p = uq0 ? (i128)(uint64_t)a->i[i] : (i128)a->i[i];
        i128 q = uq1 ? (i128)(uint64_t)b->i[i] : (i128)b->i[i];
        i128 s2 = uq2 ? (i128)(uint64_t)cc->i[i] : (i128)cc->i[i];
        i128 v;
        switch (op) {
        case GT_OP_SEL:
            v = (in->cond == GT_COND_NONE ? (pm >> (in->chan_off + i)) & 1
                                           : (uint32_t)cmp_i128(in->cond, p, q)) ? p : q;
            break;
        case GT_OP_ADD: v = p + q; break;
        case GT_OP_MUL: v = (i128)((unsigned __int128)p * (unsigned __int128)q); break;
        case GT_OP_AVG: v = (p + q + 1) >> 1; break;
        case GT_OP_MAD: v = p + (i128)((unsigned __int128)q * (unsigned __int128)s2); break;
        case GT_OP_CMP: case GT_OP_CMPN: {
            int t = cmp_i128(in->cond, p, q);
            flags |= (uint32_t)t << i;
            r->u[i] = t ? ~0ull : 0;
            continue;
        }
        default: v = p; break;   /* mov */
        }
        uint64_t bits;
        if (dty == GT_TYPE_F) bits = gt_f2u((float)v);
        else if (dty == GT_TYPE_DF) bits = gt_d2u((double)v);
        else if (dty == GT_TYPE_HF) bits = gt_double_to_half((double)v, c->rm);
        else {
            if (in->saturate) {
                i128 lo, hi;
                if (dty == GT_TYPE_Q) { lo = -((i128)1 << 63); hi = ((i128)1 << 63) - 1; }
                else if (dty == GT_TYPE_UQ) { lo = 0; hi = ((i128)1 << 64) - 1; }
                else { lo = (i128)int_lo[dty]; hi = (i128)int_hi[dty]; }
                v = v < lo ? lo : v > hi ? hi : v;
            }
            bits = (uint64_t)v;
        }
        if (in->saturate && dty == GT_TYPE_HF)
            bits = (bits & 0x8000) ? 0 : bits > 0x3c00 ? 0x3c00 : bits;
        else if (in->saturate && is_float_type(dty)) {
            double d = dty == GT_TYPE_F ? gt_u2f((uint32_t)bits) : gt_u2d(bits);
            d = d < 0 ? 0 : d > 1 ? 1 : d;
            bits = dty == GT_TYPE_F ? gt_f2u((float)d) : gt_d2u(d);
        }
        r->u[i] = bits;
    }
    return flags;
}

/* Runs an ALU instruction with execution mask emask and predicate mask pm
 * (both over channels chan_off + lane). */
static int exec_alu_masked(xctx *c, const gt_xinst *x, uint32_t emask, uint32_t pm,
                           uint64_t *nchan)
{
    gt_thread *t = c->t;
    const gt_inst *in = &x->in;
    int op = in->op;
    int n = in->exec_size;
    int co = in->chan_off;

    uint32_t wren = (op == GT_OP_SEL && in->cond == GT_COND_NONE) ? emask : (emask & pm);
    uint32_t lmask = wren >> co;   /* lane mask */
    if (op == GT_OP_SAD2 || op == GT_OP_SADA2)
        lmask &= 0x55555555u;      /* results in the even channels only */
    *nchan += popc32(wren);

    int dom = x->dom;
    int ns = op_nsrc(op);
    if (op == GT_OP_MATH)
        ns = math_nsrc(in->math_fc);
    lanes a, b, cc, r;
    lanes r2;  /* idiv remainder */
    int st;
    int logic = is_logic(op);
    /* Inputs are flushed (F denorm mode) for arithmetic, not for moves,
     * conversions or a plain sel (seed 001 §2.3.1.2, seed 004 sel). */
    int in_arith = op != GT_OP_MOV && op != GT_OP_DIM && op != GT_OP_F16TO32 &&
                   !(op == GT_OP_SEL && in->cond == GT_COND_NONE && !x->src[0].mods &&
                     !x->src[1].mods);
    int in_ftz = in_arith ? (c->ftz_f ? 1 : 0) | (c->ftz_d ? 2 : 0) : 0;

    if (op == GT_OP_MOVI)
        return exec_movi(c, x, lmask);

    /* Raw mov: copy bits (no conversion, denorms and NaNs preserved). */
    if (x->raw_mov && in->cond == GT_COND_NONE && !in->acc_wr) {
        const gt_xop *ps = &x->src[0], *pd = &x->dst;
        if (pd->space == GT_XS_NULL)
            return GTSIM_OK;
        if (ps->space == GT_XS_GRF && pd->space == GT_XS_GRF && ps->contig && pd->contig &&
            lmask == (n >= 32 ? ~0u : (1u << n) - 1)) {
            memmove(t->grf + pd->off[0], t->grf + ps->off[0], (size_t)n * ps->size);
            return GTSIM_OK;
        }
    }

    const int need_int_load = (dom == DOM_I);
    if (x->raw_mov) {
        /* load raw bits as integers */
        uint16_t offbuf[32];
        const uint16_t *off;
        uint8_t img[ARF_IMG_SIZE];
        st = GTSIM_OK;
        const uint8_t *bp = operand_base(c, x, &in->src[0], &x->src[0], offbuf, &off, img, n, &st);
        if (!bp)
            return report(c, x, st, "indirect operand out of range");
        for (int i = 0; i < n; i++)
            r.u[i] = rd_raw(bp + off[i], x->src[0].size);
    } else {
        (void)need_int_load;
        for (int s = 0; s < ns; s++) {
            lanes *dstl = s == 0 ? &a : s == 1 ? &b : &cc;
            int sdom = dom;
            /* shift counts, bfe/bfi widths are integers even in... (int dom) */
            st = load_src(c, x, s, sdom, dstl, n, logic, in_ftz);
            if (st)
                return report(c, x, st, "indirect operand out of range");
        }
    }

    int src_uq = 0;
    for (int s = 0; s < ns; s++)
        if (x->src[s].type == GT_TYPE_UQ)
            src_uq = 1;
    int math_flush = 1;
    uint32_t cmpres = 0;   /* cmp/cmpn flag results (lane bits) */
    int prebits = 0;       /* r.u holds the destination bits already */
    if (x->wide_int && !x->raw_mov) {
        cmpres = exact_int(c, x, &a, &b, &cc, pm, &r);
        prebits = 1;
    }
    int qmode = is_q(x->src[0].type) || is_q(x->dst.type);

    if (!x->raw_mov && !prebits) {
    switch (op) {
    case GT_OP_MOV:
    case GT_OP_DIM: /* Haswell: DF immediate move */
        r = a;
        math_flush = 0;
        break;
    case GT_OP_SEL:
        math_flush = in->cond != GT_COND_NONE || x->src[0].mods || x->src[1].mods;
        for (int i = 0; i < n; i++) {
            int ch = co + i, take0;
            if (in->cond == GT_COND_NONE) {
                take0 = (pm >> ch) & 1;
            } else if (dom == DOM_I) {
                take0 = cmp_i(in->cond, a.i[i], b.i[i], src_uq);
            } else {
                double va = dom == DOM_F ? a.f[i] : a.d[i], vb = dom == DOM_F ? b.f[i] : b.d[i];
                if (in->cond == GT_COND_GE || in->cond == GT_COND_L) {
                    /* min/max: a NaN operand loses (seed 001 §2.3.1.4) */
                    if (isnan(va) && !isnan(vb)) take0 = 0;
                    else if (isnan(vb)) take0 = 1;
                    else take0 = cmp_f(in->cond, va, vb, 0);
                } else {
                    take0 = cmp_f(in->cond, va, vb, 0);
                }
            }
            if (dom == DOM_F) r.f[i] = take0 ? a.f[i] : b.f[i];
            else if (dom == DOM_D) r.d[i] = take0 ? a.d[i] : b.d[i];
            else r.i[i] = take0 ? a.i[i] : b.i[i];
        }
        break;
    case GT_OP_CSEL:
        for (int i = 0; i < n; i++) {
            int take0;
            if (dom == DOM_I) take0 = cmp_i(in->cond, cc.i[i], 0, 0);
            else if (dom == DOM_F) take0 = cmp_f(in->cond, cc.f[i], 0.0, 0);
            else take0 = cmp_f(in->cond, cc.d[i], 0.0, 0);
            if (dom == DOM_F) r.f[i] = take0 ? a.f[i] : b.f[i];
            else if (dom == DOM_D) r.d[i] = take0 ? a.d[i] : b.d[i];
            else r.i[i] = take0 ? a.i[i] : b.i[i];
        }
        break;
    case GT_OP_NOT: for (int i = 0; i < n; i++) r.i[i] = ~a.i[i]; break;
    case GT_OP_AND: for (int i = 0; i < n; i++) r.i[i] = a.i[i] & b.i[i]; break;
    case GT_OP_OR: for (int i = 0; i < n; i++) r.i[i] = a.i[i] | b.i[i]; break;
    case GT_OP_XOR: for (int i = 0; i < n; i++) r.i[i] = a.i[i] ^ b.i[i]; break;
    case GT_OP_SHR: {
        /* seed 004 shr: a logical shift "with zero insertion of the bits in
         * src0": the bits of src0 at its own width (a sub-DWord signed src0
         * is not sign-extended first); count = src1[4:0], [5:0] in QWord
         * mode (src0 or dst Q/UQ) */
        int sz = x->src[0].size;
        uint64_t m = sz >= 8 ? ~0ull : ((1ull << (8 * sz)) - 1);
        for (int i = 0; i < n; i++) {
            int sh = (int)(b.i[i] & (qmode ? 63 : 31));
            r.u[i] = ((uint64_t)a.i[i] & m) >> sh;
        }
        break;
    }
    case GT_OP_ASR: {
        /* seed 004 asr: sign bits are inserted only for a signed src0;
         * an unsigned src0 (UQ included) shifts like shr */
        int sgn = is_signed_int(x->src[0].type);
        for (int i = 0; i < n; i++) {
            int sh = (int)(b.i[i] & (qmode ? 63 : 31));
            r.i[i] = sgn ? a.i[i] >> sh : (int64_t)((uint64_t)a.i[i] >> sh);
        }
        break;
    }
    case GT_OP_SHL:
        for (int i = 0; i < n; i++) {
            int sh = (int)(b.i[i] & (qmode ? 63 : 31));
            r.u[i] = (uint64_t)a.i[i] << sh;
        }
        break;
    case GT_OP_ROR:
    case GT_OP_ROL: {
        /* seed 004 ror / rol: src0 and src1 unsigned, only the bits of
         * src0's type take part; RotateMask = sizeof(src0) * 8 - 1 */
        int bits = 8 * x->src[0].size;
        uint64_t m = bits >= 64 ? ~0ull : ((1ull << bits) - 1);
        for (int i = 0; i < n; i++) {
            uint64_t v = (uint64_t)a.i[i] & m;
            unsigned sh = (unsigned)((uint64_t)b.i[i] & (unsigned)(bits - 1));
            if (op == GT_OP_ROL)
                sh = (bits - sh) & (unsigned)(bits - 1);
            r.u[i] = sh ? ((v >> sh) | (v << (bits - sh))) & m : v;
        }
        break;
    }
    case GT_OP_DP4A: {
        /* seed 004 dp4a: src0 + the dot product of the four bytes of src1
         * and src2, each byte signed when its source type is (D: the
         * signed form, UD: unsigned), in 64 bits; saturation then clamps
         * to the destination type (cvt_out) */
        int s1 = is_signed_int(x->src[1].type), s2 = is_signed_int(x->src[2].type);
        for (int i = 0; i < n; i++) {
            int64_t acc = a.i[i];
            for (int k = 0; k < 4; k++) {
                uint32_t p = (uint32_t)b.i[i] >> (8 * k) & 0xff, q = (uint32_t)cc.i[i] >> (8 * k) & 0xff;
                int64_t pv = s1 ? (int64_t)(int8_t)p : (int64_t)p;
                int64_t qv = s2 ? (int64_t)(int8_t)q : (int64_t)q;
                acc += pv * qv;
            }
            r.i[i] = acc;
        }
        break;
    }
    case GT_OP_CMP:
    case GT_OP_CMPN:
        for (int i = 0; i < n; i++) {
            int v;
            if (dom == DOM_I) v = cmp_i(in->cond, a.i[i], b.i[i], src_uq);
            else if (dom == DOM_F) v = cmp_f(in->cond, a.f[i], b.f[i], op == GT_OP_CMPN);
            else v = cmp_f(in->cond, a.d[i], b.d[i], op == GT_OP_CMPN);
            cmpres |= (uint32_t)v << i;
            /* the destination's bits (all ones or zero), which AccWrEn also
             * writes to the accumulator (as exact_int does) */
            r.u[i] = v ? ~0ull : 0;
        }
        break;
    case GT_OP_BFREV: for (int i = 0; i < n; i++) r.u[i] = bitrev32((uint32_t)a.i[i]); break;
    case GT_OP_BFE:
        /* bfe: src0 width, src1 offset, src2 value (seed: Gen7+ bfe page) */
        for (int i = 0; i < n; i++) {
            uint32_t w = (uint32_t)a.i[i] & 31, o = (uint32_t)b.i[i] & 31;
            uint32_t v = (uint32_t)cc.i[i];
            int sgn = is_signed_int(x->src[2].type);
            if (w == 0) r.i[i] = 0;
            else if (w + o < 32) {
                uint32_t sh = v << (32 - w - o);
                r.i[i] = sgn ? (int64_t)((int32_t)sh >> (32 - w)) : (int64_t)(sh >> (32 - w));
            } else {
                r.i[i] = sgn ? (int64_t)((int32_t)v >> o) : (int64_t)(v >> o);
            }
        }
        break;
    case GT_OP_BFI1:
        for (int i = 0; i < n; i++) {
            uint32_t w = (uint32_t)a.i[i] & 31, o = (uint32_t)b.i[i] & 31;
            r.u[i] = (uint32_t)(((1ull << w) - 1) << o);
        }
        break;
    case GT_OP_BFI2:
        /* seed 004 bfi2: dst = ((src1 << offset) & src0) | (src2 & ~src0),
         * offset = "the number of LSB zero bits below the bit mask" src0
         * (so that bfi1's mask and bfi2 insert the low bits of src1 at the
         * offset; public fact: NIR's bfi, which Mesa emits as BFI2 on
         * Gen7+, shifts the insert value the same way) */
        for (int i = 0; i < n; i++) {
            uint32_t m = (uint32_t)a.i[i];
            unsigned off = m ? (unsigned)__builtin_ctz(m) : 0;
            r.u[i] = (uint32_t)((((uint32_t)b.i[i] << off) & m) | ((uint32_t)cc.i[i] & ~m));
        }
        break;
    case GT_OP_LZD:
        for (int i = 0; i < n; i++) {
            uint32_t v = (uint32_t)a.i[i];
            r.i[i] = v ? __builtin_clz(v) : 32;
        }
        break;
    case GT_OP_FBH:
        for (int i = 0; i < n; i++) {
            uint32_t v = (uint32_t)a.i[i];
            if (is_signed_int(x->src[0].type) && (int32_t)v < 0)
                v = ~v;
            r.i[i] = (v == 0) ? 0xffffffffll : __builtin_clz(v);
        }
        break;
    case GT_OP_FBL:
        for (int i = 0; i < n; i++) {
            uint32_t v = (uint32_t)a.i[i];
            r.i[i] = v ? __builtin_ctz(v) : 0xffffffffll;
        }
        break;
    case GT_OP_CBIT: {
        int sz = x->src[0].size;
        uint64_t m = sz >= 8 ? ~0ull : ((1ull << (8 * sz)) - 1);
        for (int i = 0; i < n; i++)
            r.i[i] = popc64((uint64_t)a.i[i] & m);
        break;
    }
    case GT_OP_ADD:
        if (dom == DOM_F) for (int i = 0; i < n; i++) r.f[i] = a.f[i] + b.f[i];
        else if (dom == DOM_D) for (int i = 0; i < n; i++) r.d[i] = a.d[i] + b.d[i];
        else for (int i = 0; i < n; i++) r.u[i] = (uint64_t)a.i[i] + (uint64_t)b.i[i];
        break;
    case GT_OP_ADDC:
    case GT_OP_SUBB:
        for (int i = 0; i < n; i++) {
            uint32_t x0 = (uint32_t)a.i[i], x1 = (uint32_t)b.i[i];
            if (op == GT_OP_ADDC) {
                r.u[i] = (uint32_t)(x0 + x1);
                r2.u[i] = ((uint64_t)x0 + x1) >> 32;
            } else {
                r.u[i] = (uint32_t)(x0 - x1);
                r2.u[i] = x0 < x1;
            }
        }
        break;
    case GT_OP_MUL:
        if (dom == DOM_F) for (int i = 0; i < n; i++) r.f[i] = a.f[i] * b.f[i];
        else if (dom == DOM_D) for (int i = 0; i < n; i++) r.d[i] = a.d[i] * b.d[i];
        else if (x->mul_src1_lo16) {
            /* Gen7: only src1 bits 15:0 take part (seed 001 §1.3) */
            int sg = is_signed_int(x->src[1].type);
            for (int i = 0; i < n; i++)
                r.u[i] = (uint64_t)a.i[i] * (uint64_t)(sg ? (int64_t)(int16_t)b.i[i]
                                                          : (int64_t)(uint16_t)b.i[i]);
        } else for (int i = 0; i < n; i++) r.u[i] = (uint64_t)a.i[i] * (uint64_t)b.i[i];
        break;
    case GT_OP_MACH:
        /* mach: completes the 32x32 multiply macro (mul acc0 src0 src1:uw; mach):
         * acc holds src0 * low16(src1); add src0 * high16(src1) << 16 and
         * return the high 32 bits; acc keeps the 64-bit product. */
        for (int i = 0; i < n; i++) {
            int64_t hi16 = is_signed_int(x->src[1].type) ? (int64_t)((int32_t)b.i[i] >> 16)
                                                         : (int64_t)(((uint32_t)b.i[i]) >> 16);
            uint64_t full = t->acc_wide[i] + (((uint64_t)a.i[i] * (uint64_t)hi16) << 16);   /* (wraps) */
            r2.u[i] = full;
            int unsig = !is_signed_int(x->src[0].type) && !is_signed_int(x->src[1].type);
            if (x->mach_lo)   /* gt_eu_behaviour.mach_low_dword */
                r.i[i] = unsig ? (int64_t)(uint32_t)full : (int64_t)(int32_t)(uint32_t)full;
            else
                r.i[i] = unsig ? (int64_t)(full >> 32) : ((int64_t)full >> 32);
        }
        break;
    case GT_OP_MAC:
        for (int i = 0; i < n; i++) {
            int ch = co + i;
            if (dom == DOM_F) r.f[i] = (float)acc_f(t, ch, x->dst.type) + a.f[i] * b.f[i];
            else if (dom == DOM_D) { double ad; memcpy(&ad, t->acc + (ch & 15) * 8, 8); r.d[i] = ad + a.d[i] * b.d[i]; }
            else r.u[i] = t->acc_wide[i] + (uint64_t)a.i[i] * (uint64_t)b.i[i];
        }
        break;
    case GT_OP_MAD:
    case GT_OP_MADM: /* see the IEEE macro note at invm_early_out */
        /* mad: src0 + src1 * src2, fused */
        if (dom == DOM_F) for (int i = 0; i < n; i++) r.f[i] = fmaf(b.f[i], cc.f[i], a.f[i]);
        else if (dom == DOM_D) for (int i = 0; i < n; i++) r.d[i] = fma(b.d[i], cc.d[i], a.d[i]);
        else for (int i = 0; i < n; i++) r.u[i] = (uint64_t)a.i[i] + (uint64_t)b.i[i] * (uint64_t)cc.i[i];
        if (op == GT_OP_MADM && in->dst.mme >= 8 && dom != DOM_I)
            mme_finish(t, &r, dom, co, n, lmask);
        break;
    case GT_OP_LRP:
        /* lrp: src0 * src1 + (1 - src0) * src2 */
        if (dom == DOM_D) for (int i = 0; i < n; i++) r.d[i] = a.d[i] * b.d[i] + (1.0 - a.d[i]) * cc.d[i];
        else for (int i = 0; i < n; i++) r.f[i] = a.f[i] * b.f[i] + (1.0f - a.f[i]) * cc.f[i];
        break;
    case GT_OP_AVG:
        for (int i = 0; i < n; i++) {
            int64_t s = a.i[i] + b.i[i] + 1;
            r.i[i] = s >> 1;
        }
        break;
    case GT_OP_FRC:
        /* (frc_f / frc_d: an integral source gives +0 in every rounding mode) */
        if (dom == DOM_D) for (int i = 0; i < n; i++) r.d[i] = frc_d(a.d[i]);
        else for (int i = 0; i < n; i++) r.f[i] = frc_f(a.f[i]);
        break;
    case GT_OP_RNDU: case GT_OP_RNDD: case GT_OP_RNDE: case GT_OP_RNDZ:
        for (int i = 0; i < n; i++) {
            double v = dom == DOM_D ? a.d[i] : a.f[i], q;
            switch (op) {
            case GT_OP_RNDU: q = ceil(v); break;
            case GT_OP_RNDD: q = floor(v); break;
            case GT_OP_RNDZ: q = trunc(v); break;
            default: q = isfinite(v) ? copysign(gt_round_mag(fabs(v), 0, v < 0), v) : v; break;
            }
            if (dom == DOM_D) r.d[i] = q; else r.f[i] = (float)q;
        }
        break;
    case GT_OP_DP2: case GT_OP_DP3: case GT_OP_DP4: case GT_OP_DPH:
        for (int g = 0; g < n; g += 4) {
            float s = 0;
            int nc = op == GT_OP_DP2 ? 2 : op == GT_OP_DP4 ? 4 : 3;
            for (int k = 0; k < nc && g + k < n; k++)
                s += a.f[g + k] * b.f[g + k];
            if (op == GT_OP_DPH && g + 3 < n)
                s += b.f[g + 3];
            for (int k = 0; k < 4 && g + k < n; k++)
                r.f[g + k] = s;
        }
        break;
    case GT_OP_LINE: case GT_OP_PLN: {
        /* line: src0.0 * src1 + src0.3; pln: src0.0 * u + src0.1 * v + src0.3,
         * where src1 is a register pair per 8 channels: channel i takes u
         * from DWord i%8 of register src1 + 2*(i/8) and v from the register
         * after it (the PRM's pln page (public): SIMD16 reads four
         * registers u0-7, v0-7, u8-15, v8-15, the layout of the Windower's
         * barycentric payload; Mesa's brw generate_linterp feeds it so) */
        const gt_operand *o0 = &in->src[0];
        float p0, p1, p3;
        if (o0->file == GT_FILE_GRF && !o0->indirect && o0->nr * 32 + o0->subnr + 16 <= GT_GRF_REGS * 32) {
            const uint8_t *pp = t->grf + o0->nr * 32 + o0->subnr;
            memcpy(&p0, pp, 4); memcpy(&p1, pp + 4, 4); memcpy(&p3, pp + 12, 4);
        } else {
            return report(c, x, GTSIM_ERR_UNIMPL, "line/pln src0 must be a direct GRF");
        }
        if (op == GT_OP_LINE) {
            for (int i = 0; i < n; i++) r.f[i] = p0 * b.f[i] + p3;
        } else {
            const gt_xop *p1o = &x->src[1];
            uint32_t base = p1o->off[0];
            if (p1o->space != GT_XS_GRF || base + (uint32_t)((n + 7) / 8) * 64 > GT_GRF_REGS * 32)
                return report(c, x, GTSIM_ERR_ILLEGAL, "pln src1 out of range");
            for (int i = 0; i < n; i++) {
                float u, v;
                uint32_t o = base + (uint32_t)(i / 8) * 64 + (uint32_t)(i % 8) * 4;
                memcpy(&u, t->grf + o, 4);
                memcpy(&v, t->grf + o + 32, 4);
                r.f[i] = p0 * u + p1 * v + p3;
            }
        }
        break;
    }
    case GT_OP_SAD2: case GT_OP_SADA2:
        /* Two-wide sums of absolute differences over channel pairs (seed
         * 001 §3.3.5: sad2/sada2 are the reductions whose destination area
         * is smaller than the source area): even channel n gets
         * |src0[n] - src1[n]| + |src0[n+1] - src1[n+1]| of the byte values
         * (signed for B), sada2 adds the accumulator's channel n; odd
         * channels are not written (lane mask above).  No seed 004 page:
         * Gen12 dropped the instructions; the pair reading follows the
         * Gen7/Gen9 PRM sad2 pseudocode (public). */
        for (int i = 0; i < n; i += 2) {
            int64_t s = llabs(a.i[i] - b.i[i]);
            if (i + 1 < n)
                s += llabs(a.i[i + 1] - b.i[i + 1]);
            if (op == GT_OP_SADA2)
                s += (int64_t)(uint16_t)t->acc_wide[i];
            r.i[i] = s;
            if (i + 1 < n)
                r.i[i + 1] = 0;
        }
        break;
    case GT_OP_F32TO16:
        for (int i = 0; i < n; i++)
            r2.u[i] = gt_double_to_half(a.f[i], c->rm);
        for (int i = 0; i < n; i++)
            r.u[i] = r2.u[i];
        dom = DOM_I;
        break;
    case GT_OP_F16TO32:
        r = a;
        math_flush = 0;
        break;
    case GT_OP_MATH: {
        int fc = in->math_fc;
        if (dom == DOM_I) {
            int unsig = !is_signed_int(x->src[0].type);
            for (int i = 0; i < n; i++) {
                int64_t p = a.i[i], q = b.i[i], qo, ro;
                if (unsig) {
                    uint32_t up = (uint32_t)p, uqv = (uint32_t)q;
                    if (uqv == 0) { qo = 0xffffffffll; ro = up; }
                    else { qo = up / uqv; ro = up % uqv; }
                } else {
                    int32_t sp = (int32_t)p, sq = (int32_t)q;
                    if (sq == 0) { qo = sp < 0 ? (int64_t)INT32_MIN : INT32_MAX; ro = sp; }
                    else if (sp == INT32_MIN && sq == -1) { qo = INT32_MIN; ro = 0; }
                    else { qo = sp / sq; ro = sp % sq; }
                }
                r.i[i] = fc == GT_MATH_IDIV_REM ? ro : qo;
                r2.i[i] = ro;
            }
        } else if (dom == DOM_F) {
            for (int i = 0; i < n; i++) {
                float v = a.f[i], w = b.f[i], o;
                /* ALT mode: log, rsq and sqrt take |src| (seed 001 §2.3.2) */
                if (c->alt && (fc == GT_MATH_LOG || fc == GT_MATH_RSQ || fc == GT_MATH_SQRT))
                    v = fabsf(v);
                switch (fc) {
                case GT_MATH_INV: o = 1.0f / v; break;
                case GT_MATH_LOG: o = log2f(v); break;
                case GT_MATH_EXP: o = exp2f(v); break;
                case GT_MATH_SQRT: o = sqrtf(v); break;
                case GT_MATH_RSQ: o = (float)(1.0 / sqrt((double)v)); break;
                case GT_MATH_SIN: o = sinf(v); break;
                case GT_MATH_COS: o = cosf(v); break;
                case GT_MATH_FDIV: o = v / w; break;
                case GT_MATH_POW: o = powf(v, w); break;
                case GT_MATH_INVM: case GT_MATH_RSQRTM: {
                    double m;
                    int eo = fc == GT_MATH_INVM ? invm_early_out(v, w, &m) : rsqtm_early_out(v, &m);
                    o = eo && fc == GT_MATH_INVM ? v / w : eo ? sqrtf(v) : (float)m;
                    cmpres |= (uint32_t)eo << i;
                    if ((lmask >> i) & 1)
                        mme_record(t, co + i, eo ? 0 : fc == GT_MATH_INVM ? 1 : 2, v, w);
                    break;
                }
                default: return report(c, x, GTSIM_ERR_UNIMPL, "math function not implemented");
                }
                r.f[i] = o;
            }
        } else {
            for (int i = 0; i < n; i++) {
                double v = a.d[i], w = b.d[i], o;
                switch (fc) {
                case GT_MATH_INV: o = 1.0 / v; break;
                case GT_MATH_LOG: o = log2(v); break;
                case GT_MATH_EXP: o = exp2(v); break;
                case GT_MATH_SQRT: o = sqrt(v); break;
                case GT_MATH_RSQ: o = 1.0 / sqrt(v); break;
                case GT_MATH_SIN: o = sin(v); break;
                case GT_MATH_COS: o = cos(v); break;
                case GT_MATH_FDIV: o = v / w; break;
                case GT_MATH_POW: o = pow(v, w); break;
                case GT_MATH_INVM: case GT_MATH_RSQRTM: {
                    int eo = fc == GT_MATH_INVM ? invm_early_out(v, w, &o) : rsqtm_early_out(v, &o);
                    cmpres |= (uint32_t)eo << i;
                    if ((lmask >> i) & 1)
                        mme_record(t, co + i, eo ? 0 : fc == GT_MATH_INVM ? 1 : 2, v, w);
                    break;
                }
                default: return report(c, x, GTSIM_ERR_UNIMPL, "math function not implemented");
                }
                r.d[i] = o;
            }
        }
        break;
    }
    default:
        return report(c, x, GTSIM_ERR_UNIMPL, "instruction not implemented by the executor");
    }
    if (dom != DOM_I && nan_rule_op(op, in->math_fc)) {
        if (dom == DOM_F) nan_rule_f(r.f, a.f, b.f, cc.f, ns, n);
        else nan_rule_df(r.d, a.d, b.d, cc.d, ns, n);
    }
    }

    /* ---- write back ---- */
    const gt_xop *pd = &x->dst;
    uint16_t doffbuf[32];
    const uint16_t *doff;
    uint8_t dimg[ARF_IMG_SIZE];
    st = GTSIM_OK;
    uint8_t *db = NULL;
    if (pd->space != GT_XS_NULL) {
        db = operand_base(c, x, &in->dst, pd, doffbuf, &doff, dimg, n, &st);
        if (!db)
            return report(c, x, st, "indirect destination out of range");
    }
    int dty = pd->type, dsz = pd->size, sat = in->saturate;
    uint32_t flags = 0;
    uint8_t wm = in->align16 && !is_mme_macro(in)
                     ? (in->dst.writemask ? in->dst.writemask : 0xf) : 0xf;

    if (op == GT_OP_CMP || op == GT_OP_CMPN) {
        if (db) {
            uint64_t ones = dsz >= 8 ? ~0ull : ((1ull << (8 * dsz)) - 1);
            for (int i = 0; i < n; i++)
                if ((lmask >> i) & 1 && ((wm >> (i & 3)) & 1))
                    wr_raw(db + doff[i], dsz, ((cmpres >> i) & 1) ? ones : 0);
        }
        flags = cmpres;
    } else if (x->raw_mov) {
        for (int i = 0; i < n; i++) {
            if (!((lmask >> i) & 1))
                continue;
            if (db)
                wr_raw(db + doff[i], dsz, r.u[i]);
            if (in->cond)
                flags |= (uint32_t)cond_eval(in->cond, r.u[i], dty) << i;
        }
    } else if (db && dom == DOM_F && dty == GT_TYPE_F && !sat && pd->contig && !in->cond &&
               lmask == (n >= 32 ? ~0u : (1u << n) - 1) && !in->align16 && !c->alt) {
        /* fast path: contiguous float result, all lanes */
        if (math_flush && c->ftz_f)
            for (int i = 0; i < n; i++)
                r.f[i] = gt_ftz(r.f[i]);
        memcpy(db + doff[0], r.f, (size_t)n * 4);
    } else if (db && dom == DOM_I && (dty == GT_TYPE_D || dty == GT_TYPE_UD) && !sat &&
               pd->contig && !in->cond && lmask == (n >= 32 ? ~0u : (1u << n) - 1) &&
               !in->align16) {
        uint8_t *dp = db + doff[0];
        for (int i = 0; i < n; i++) {
            uint32_t v = (uint32_t)r.u[i];
            memcpy(dp + 4 * i, &v, 4);
        }
    } else {
        int fty = x->flag_type;
        for (int i = 0; i < n; i++) {
            if (!((lmask >> i) & 1))
                continue;
            if (!((wm >> (i & 3)) & 1))
                continue;
            uint64_t bits = prebits ? r.u[i] : cvt_out(c, dom, &r, i, dty, sat, src_uq, math_flush);
            if (db)
                wr_raw(db + doff[i], dsz, bits);
            if (in->cond) {
                uint64_t fb = db || prebits ? bits : cvt_out(c, dom, &r, i, fty, sat, src_uq, math_flush);
                int v;
                if (in->cond == GT_COND_O && dom == DOM_I && !is_float_type(fty))
                    v = int_of(int_to_int_bits(r.i[i], fty, 0, 0), fty) != r.i[i];
                else
                    v = cond_eval(in->cond, fb, db ? dty : fty);
                flags |= (uint32_t)v << i;
            }
        }
    }
    /* math idiv both: the remainder goes to the register(s) after the
     * quotient's (whichever write path the quotient took) */
    if (op == GT_OP_MATH && in->math_fc == GT_MATH_IDIV_BOTH && db && pd->space == GT_XS_GRF) {
        for (int i = 0; i < n; i++) {
            if (!((lmask >> i) & 1))
                continue;
            int o2 = doff[i] + 32 * ((n * dsz + 31) / 32);
            if (o2 + dsz > GT_GRF_REGS * 32)
                return report(c, x, GTSIM_ERR_ILLEGAL, "idiv remainder past r127");
            wr_raw(db + o2, dsz, int_to_int_bits(r2.i[i], dty, sat, 0));
        }
    }
    if (pd->space == GT_XS_ARF && db)
        arf_write(c, in->dst.nr, dimg);

    /* explicit acc destination with integer results keeps the wide value */
    if (pd->space == GT_XS_ACC && dom == DOM_I)
        for (int i = 0; i < n; i++)
            if ((lmask >> i) & 1)
                t->acc_wide[i] = r.u[i];

    /* Implicit accumulator writes (AccWrEn; addc/subb carry/borrow; mach) */
    if ((in->acc_wr || op == GT_OP_ADDC || op == GT_OP_SUBB) && !(t->cr0[0] & CR0_ACC_DISABLE)) {
        for (int i = 0; i < n; i++) {
            if (!((lmask >> i) & 1))
                continue;
            int ch = co + i;
            if (op == GT_OP_ADDC || op == GT_OP_SUBB || op == GT_OP_MACH) {
                uint64_t v = r2.u[i];
                t->acc_wide[i] = v;
                uint32_t lo = (uint32_t)v;
                memcpy(t->acc + i * 4, &lo, 4);
            } else if (dom == DOM_I) {
                t->acc_wide[i] = r.u[i];
                uint32_t lo = (uint32_t)r.u[i];
                memcpy(t->acc + i * 4, &lo, 4);
            } else if (dom == DOM_F) {
                memcpy(t->acc + ch * 4, &r.f[i], 4);
            } else if (ch < 16) {
                memcpy(t->acc + ch * 8, &r.d[i], 8);
            }
        }
    }

    /* Conditional modifier: flag bits of the enabled channels (sel and csel
     * do not update flags).  invm/rsqtm always write their early-out flag. */
    if (op == GT_OP_MATH && (in->math_fc == GT_MATH_INVM || in->math_fc == GT_MATH_RSQRTM))
        flag_write(t, in, wren, cmpres << co);
    else if (in->cond && op != GT_OP_SEL && op != GT_OP_CSEL)
        flag_write(t, in, wren, flags << co);
    return GTSIM_OK;
}

/* Lane i of a channel-pair mask (bits co + 2i, co + 2i + 1) from the
 * channel mask m: the even (hi = 0) or odd (hi = 1) channel of each pair. */
static uint32_t pair_lanes(uint32_t m, int co, int n, int hi)
{
    uint32_t r = 0;
    for (int i = 0; i < n; i++)
        r |= ((m >> (co + 2 * i + hi)) & 1u) << i;
    return r;
}

/* Ivy Bridge DF (seed 001 §1.3: "Each DF operand uses a pair of channels
 * and all masking and swizzling should be adjusted appropriately"): the
 * encoded ExecSize counts channels, two per DF element.  Lane i (element i
 * of the true-element regions) is channels co + 2i and co + 2i + 1:
 *  - the execution mask, the predicate (incl. its any/all groups, formed
 *    over the channels) and NoMask are evaluated per channel;
 *  - a DF destination element's low DWord is written when channel co + 2i
 *    is enabled, its high DWord when channel co + 2i + 1 is (a partial pair
 *    writes half of the element); a narrower destination (e.g. DF -> F,
 *    whose results sit in the low DWord of each QWord, seed 001 §2.4.5) is
 *    written when the pair's first channel is;
 *  - the conditional modifier writes the lane's result to the flag bits of
 *    both channels (those enabled).
 * The lane computation itself is the shared one (exec_alu_masked).  A
 * predicated sel without condition takes src0 when either channel's
 * predicate bit is set.  Half writes apply to direct GRF destinations. */
static int exec_alu_pairs(xctx *c, const gt_xinst *x, uint64_t *nchan)
{
    gt_thread *t = c->t;
    const gt_inst *in = &x->in;
    int n = in->exec_size, co = in->chan_off;
    int nch = 2 * n;
    uint32_t range = (uint32_t)((nch >= 32 ? 0xffffffffull : ((1ull << nch) - 1)) << co);
    uint32_t em = (in->nomask ? ~0u : t->exec_mask) & range;
    gt_inst wide = *in;
    wide.exec_size = (uint8_t)nch;
    uint32_t pm = pred_mask(t, &wide);
    int selp = in->op == GT_OP_SEL && in->cond == GT_COND_NONE;
    uint32_t wren = selp ? em : (em & pm);
    *nchan += popc32(wren);

    uint32_t lo = pair_lanes(wren, co, n, 0), hi = pair_lanes(wren, co, n, 1);
    const gt_xop *pd = &x->dst;
    int df_dst = pd->size == 8;
    /* save what the lane-level run may write beyond the enabled channels */
    uint8_t keep[32][8];
    int halves = pd->space == GT_XS_GRF;
    if (halves)
        for (int i = 0; i < n; i++)
            memcpy(keep[i], t->grf + pd->off[i], pd->size);
    uint32_t fl_saved[2] = {t->flag[0], t->flag[1]};

    /* lanes with any channel enabled run; the writes are trimmed below */
    uint32_t lane_em = (lo | hi) << co, lane_pm = ~0u;
    if (selp)
        lane_pm = (pair_lanes(pm, co, n, 0) | pair_lanes(pm, co, n, 1)) << co;
    uint64_t lane_chan = 0;
    int st = exec_alu_masked(c, x, lane_em, lane_pm, &lane_chan);
    if (st)
        return st;

    if (halves)
        for (int i = 0; i < n; i++) {
            uint8_t *d = t->grf + pd->off[i];
            if (df_dst) {
                if (!((lo >> i) & 1))
                    memcpy(d, keep[i], 4);
                if (!((hi >> i) & 1))
                    memcpy(d + 4, keep[i] + 4, 4);
            } else if (!((lo >> i) & 1)) {
                memcpy(d, keep[i], pd->size);
            }
        }
    if (in->cond && in->op != GT_OP_SEL) {
        /* lane results the run left at flag bits co + i -> both channels */
        uint64_t f = (uint64_t)t->flag[in->flag_nr & 1] |
                     ((in->flag_nr & 1) == 0 ? (uint64_t)t->flag[1] << 32 : 0);
        uint32_t got = (uint32_t)(f >> (in->flag_subnr ? 16 : 0)) >> co;
        t->flag[0] = fl_saved[0];
        t->flag[1] = fl_saved[1];
        uint32_t val = 0;
        for (int i = 0; i < n; i++)
            if ((got >> i) & 1)
                val |= 3u << (co + 2 * i);
        flag_write(t, in, wren, val);
    }
    return GTSIM_OK;
}

/* ------------------------------------------------------------------ */
/* Specialised execution: handlers (issue 12)                           */
/* ------------------------------------------------------------------ */

/* A source widened to 64 bits as load_src does (sign/zero extension by
 * type), one loop per type and region shape. */
#define FAST_LOAD_INT(CT)                                                                      \
    do {                                                                                       \
        if (p->contig) {                                                                       \
            const uint8_t *b = g + p->off[0];                                                  \
            for (int i = 0; i < n; i++) {                                                      \
                CT v;                                                                          \
                memcpy(&v, b + i * (int)sizeof(CT), sizeof(CT));                               \
                o[i] = v;                                                                      \
            }                                                                                  \
        } else {                                                                               \
            for (int i = 0; i < n; i++) {                                                      \
                CT v;                                                                          \
                memcpy(&v, g + p->off[i], sizeof(CT));                                         \
                o[i] = v;                                                                      \
            }                                                                                  \
        }                                                                                      \
    } while (0)

/* Source modifiers (gt_xop.mods) on widened values: a logic operation's
 * negate is a bitwise not, an arithmetic one's negation after abs. */
static inline __attribute__((always_inline)) void int_mods(int64_t *o, int mods, int logic, int n)
{
    if (logic) {
        if (mods & 1)
            for (int i = 0; i < n; i++)
                o[i] = ~o[i];
        return;
    }
    if (mods & 2)
        for (int i = 0; i < n; i++)
            o[i] = o[i] < 0 ? (int64_t)(0 - (uint64_t)o[i]) : o[i];
    if (mods & 1)
        for (int i = 0; i < n; i++)
            o[i] = (int64_t)(0 - (uint64_t)o[i]);
}

static inline __attribute__((always_inline)) void fast_load_int(const gt_thread *t, const gt_xop *p, int64_t *o, int n, int logic)
{
    const uint8_t *g = p->space == GT_XS_ACC ? t->acc : t->grf;
    if (p->space == GT_XS_IMM || p->scalar) {
        int64_t v = p->space == GT_XS_IMM ? int_of(p->imm_lane[0], p->type)
                                          : int_of(rd_raw(g + p->off[0], p->size), p->type);
        for (int i = 0; i < n; i++)
            o[i] = v;
    } else {
        switch (p->type) {
        case GT_TYPE_Q: case GT_TYPE_UQ: FAST_LOAD_INT(int64_t); break;
        case GT_TYPE_D: FAST_LOAD_INT(int32_t); break;
        case GT_TYPE_UD: FAST_LOAD_INT(uint32_t); break;
        case GT_TYPE_W: FAST_LOAD_INT(int16_t); break;
        case GT_TYPE_UW: FAST_LOAD_INT(uint16_t); break;
        case GT_TYPE_B: FAST_LOAD_INT(int8_t); break;
        default: FAST_LOAD_INT(uint8_t); break;
        }
    }
    if (p->mods)
        int_mods(o, p->mods, logic, n);
}

/* The sign bits of 64-bit lane masks m[0..n) (n <= 32). */
static inline uint32_t bits_of_lanes64(const int64_t *m, int n)
{
    uint32_t r = 0;
    int i = 0;
    if (n > 32)
        n = 32;
#ifdef __SSE2__
    for (; i + 2 <= n; i += 2)
        r |= (uint32_t)_mm_movemask_pd(_mm_castsi128_pd(_mm_loadu_si128((const __m128i *)(m + i)))) << i;
#endif
    for (; i < n; i++)
        r |= (uint32_t)((uint64_t)m[i] >> 63) << i;
    return r;
}

/* d[i] = r[i] for the lanes of lmask, i < n (n <= 32): a blend of two lanes
 * at a time, no per-lane branch. */
static inline __attribute__((always_inline)) void blend64(int64_t *d, const int64_t *r, uint32_t lmask, int n)
{
    static const int64_t pair[4][2] = {{0, 0}, {-1, 0}, {0, -1}, {-1, -1}};
    if (n > 32)
        n = 32;
    int i = 0;
    for (; i + 2 <= n; i += 2) {
        const int64_t *m = pair[(lmask >> i) & 3];
        d[i] = (r[i] & m[0]) | (d[i] & ~m[0]);
        d[i + 1] = (r[i + 1] & m[1]) | (d[i + 1] & ~m[1]);
    }
    if (i < n && ((lmask >> i) & 1))
        d[i] = r[i];
}

/* Integer result bits to the destination; condition-modifier flags of the
 * lanes in lmask (cmp: cmpres instead). */
static inline __attribute__((always_inline)) uint32_t fast_store_int(gt_thread *t, const gt_xinst *x,
                                                                      const int64_t *r, int n,
                                                                      uint32_t lmask, uint32_t full)
{
    const gt_xop *pd = &x->dst;
    int cond = x->in.cond;
    if (pd->space == GT_XS_GRF || pd->space == GT_XS_ACC) {
        uint8_t *g = pd->space == GT_XS_ACC ? t->acc : t->grf;
        if (pd->size == 4 && pd->contig && lmask == full) {
            uint8_t *d = g + pd->off[0];
            for (int i = 0; i < n; i++) {
                uint32_t v = (uint32_t)r[i];
                memcpy(d + 4 * i, &v, 4);
            }
        } else if (pd->size == 4) {
            /* enabled lanes only: divergent code has few */
            for (uint32_t m = lmask; m; m &= m - 1) {
                int i = __builtin_ctz(m);
                uint32_t v = (uint32_t)r[i];
                memcpy(g + pd->off[i], &v, 4);
            }
        } else if (pd->size == 8) {
            const size_t bytes = 8 * (size_t)(n < 32 ? n : 32);
            if (pd->contig && lmask == full) {
                memcpy(g + pd->off[0], r, bytes);
            } else if (pd->contig && n >= 4) {
                /* blend into the old contents: vector code, no per-lane branch */
                int64_t old[32];
                memcpy(old, g + pd->off[0], bytes);
                blend64(old, r, lmask, n);
                memcpy(g + pd->off[0], old, bytes);
            } else
                for (uint32_t m = lmask; m; m &= m - 1) {
                    int i = __builtin_ctz(m);
                    memcpy(g + pd->off[i], &r[i], 8);
                }
        } else if (pd->size == 2) {
            for (uint32_t m = lmask; m; m &= m - 1) {
                int i = __builtin_ctz(m);
                uint16_t v = (uint16_t)r[i];
                memcpy(g + pd->off[i], &v, 2);
            }
        } else {   /* bytes (a GRF destination strided by 2 or 4: char and uchar vectors) */
            for (uint32_t m = lmask; m; m &= m - 1)
                g[pd->off[__builtin_ctz(m)]] = (uint8_t)r[__builtin_ctz(m)];
        }
        if (pd->space == GT_XS_ACC)   /* the integer accumulator's wide values */
            for (uint32_t m = lmask; m; m &= m - 1) {
                int i = __builtin_ctz(m);
                t->acc_wide[i] = (uint64_t)r[i];
            }
    }
    if (!cond || x->in.op == GT_OP_SEL)
        return 0;
    int fty = pd->space == GT_XS_GRF ? pd->type : x->flag_type;
    uint32_t flags = 0;
    for (uint32_t m = lmask; m; m &= m - 1) {
        int i = __builtin_ctz(m);
        flags |= (uint32_t)cmp_i(cond, int_of((uint64_t)r[i], fty), 0, fty == GT_TYPE_UQ) << i;
    }
    return flags;
}

/* out[i] = all ones (lane type MT) where cond(a[i], b[i]) holds, compared
 * as type CT: cmp_i with the condition's switch outside the lane loop. */
#define FAST_CMP_LANES(CT, MT, out)                                                             \
    do {                                                                                        \
        switch (cond) {                                                                         \
        case GT_COND_Z: for (int i = 0; i < n; i++) out[i] = (MT)0 - ((CT)a[i] == (CT)b[i]); break; \
        case GT_COND_NZ: for (int i = 0; i < n; i++) out[i] = (MT)0 - ((CT)a[i] != (CT)b[i]); break; \
        case GT_COND_G: for (int i = 0; i < n; i++) out[i] = (MT)0 - ((CT)a[i] > (CT)b[i]); break; \
        case GT_COND_GE: for (int i = 0; i < n; i++) out[i] = (MT)0 - ((CT)a[i] >= (CT)b[i]); break; \
        case GT_COND_L: for (int i = 0; i < n; i++) out[i] = (MT)0 - ((CT)a[i] < (CT)b[i]); break; \
        case GT_COND_LE: for (int i = 0; i < n; i++) out[i] = (MT)0 - ((CT)a[i] <= (CT)b[i]); break; \
        default: for (int i = 0; i < n; i++) out[i] = 0; break;                                 \
        }                                                                                       \
    } while (0)

/* NAME(cond, sgn, a, b, out, n): FAST_CMP_LANES over lanes of type LT,
 * compared signed (ST) when sgn, else unsigned (UT). */
#define FAST_CMP_FN(NAME, LT, ST, UT)                                                           \
    static inline __attribute__((always_inline)) void NAME(int cond, int sgn, const LT *a,     \
                                                           const LT *b, LT *out, int n)        \
    {                                                                                           \
        if (sgn)                                                                                \
            FAST_CMP_LANES(ST, LT, out);                                                        \
        else                                                                                    \
            FAST_CMP_LANES(UT, LT, out);                                                        \
    }
FAST_CMP_FN(fast_cmp64, int64_t, int64_t, uint64_t)

/* Integer operations in 64-bit lanes (FK_INT); shape: gt_xinst.fast_shape
 * (SH_*: then src0, and src1 unless broadcast, are Q/UQ registers read as
 * they are). */
static inline __attribute__((always_inline)) int fast_int_n(gt_thread *t, const gt_xinst *x,
                                                            uint32_t wren, uint32_t pm, int op,
                                                            int shape, int n)
{
    const gt_inst *in = &x->in;
    int co = in->chan_off, cond = in->cond;
    uint32_t lmask = wren >> co, full = n >= 32 ? ~0u : (1u << n) - 1;
    int64_t a[32], b[32], r[32];
    int logic = is_logic(op), uq = x->fast_arith;
    /* shift counts: src1[4:0], [5:0] in QWord mode (as exec_alu_masked) */
    int cm = is_q(x->src[0].type) || is_q(x->dst.type) ? 63 : 31;
    const int two = op_nsrc(op) != 1;
    const size_t bytes = 8 * (size_t)(n < 32 ? n : 32);
    /* src1 one value for every lane (SH_VI, SH_VS): shift counts are uniform */
    const int uni = shape == SH_VI || shape == SH_VS;
    int64_t bv = 0;
    if (shape != SH_ANY) {
        const uint8_t *g = t->grf;
        const gt_xop *p0 = &x->src[0], *p1 = &x->src[1];
        if (p0->scalar) {   /* one element for every lane */
            int64_t v;
            memcpy(&v, g + p0->off[0], 8);
            for (int i = 0; i < n; i++)
                a[i] = v;
        } else {
            memcpy(a, g + p0->off[0], bytes);
        }
        if (p0->mods)
            int_mods(a, p0->mods, logic, n);
        if (two && shape == SH_VV) {
            memcpy(b, g + p1->off[0], bytes);
            if (p1->mods)
                int_mods(b, p1->mods, logic, n);
        } else if (two) {
            bv = shape == SH_VI ? (int64_t)x->fast_imm : int_of(rd_raw(g + p1->off[0], p1->size), p1->type);
            if (p1->mods)
                int_mods(&bv, p1->mods, logic, 1);
            for (int i = 0; i < n; i++)
                b[i] = bv;
        }
    } else {
        fast_load_int(t, &x->src[0], a, n, logic);
        if (two)
            fast_load_int(t, &x->src[1], b, n, logic);
    }
    int64_t c[32];   /* mad's src2 (only SH_ANY: int_shape_of) */
    if (op == GT_OP_MAD)
        fast_load_int(t, &x->src[2], c, n, logic);
    uint32_t cmpres = 0;
    switch (op) {
    case GT_OP_MOV: for (int i = 0; i < n; i++) r[i] = a[i]; break;
    case GT_OP_NOT: for (int i = 0; i < n; i++) r[i] = ~a[i]; break;
    case GT_OP_AND: for (int i = 0; i < n; i++) r[i] = a[i] & b[i]; break;
    case GT_OP_OR: for (int i = 0; i < n; i++) r[i] = a[i] | b[i]; break;
    case GT_OP_XOR: for (int i = 0; i < n; i++) r[i] = a[i] ^ b[i]; break;
    case GT_OP_ADD:
        for (int i = 0; i < n; i++)
            r[i] = (int64_t)((uint64_t)a[i] + (uint64_t)b[i]);
        break;
    case GT_OP_MUL:
        for (int i = 0; i < n; i++)
            r[i] = (int64_t)((uint64_t)a[i] * (uint64_t)b[i]);
        break;
    /* shifts: a uniform count (one vector shift by a scalar) or per lane */
    case GT_OP_SHL:
        if (uni)
            for (int i = 0; i < n; i++)
                r[i] = (int64_t)((uint64_t)a[i] << (bv & cm));
        else
            for (int i = 0; i < n; i++)
                r[i] = (int64_t)((uint64_t)a[i] << (b[i] & cm));
        break;
    case GT_OP_SHR: {
        /* see exec_alu_masked: src0's bits at its own width */
        int sz = x->src[0].size;
        uint64_t m = sz >= 8 ? ~0ull : ((1ull << (8 * sz)) - 1);
        if (uni)
            for (int i = 0; i < n; i++)
                r[i] = (int64_t)(((uint64_t)a[i] & m) >> (bv & cm));
        else
            for (int i = 0; i < n; i++)
                r[i] = (int64_t)(((uint64_t)a[i] & m) >> (b[i] & cm));
        break;
    }
    case GT_OP_ASR:
        if (is_signed_int(x->src[0].type))
            for (int i = 0; i < n; i++)
                r[i] = a[i] >> ((uni ? bv : b[i]) & cm);
        else
            for (int i = 0; i < n; i++)
                r[i] = (int64_t)((uint64_t)a[i] >> ((uni ? bv : b[i]) & cm));
        break;
    case GT_OP_MAD:   /* src0 + src1 * src2 (exec_alu_masked: 64-bit, then the destination's bits) */
        for (int i = 0; i < n; i++)
            r[i] = (int64_t)((uint64_t)a[i] + (uint64_t)b[i] * (uint64_t)c[i]);
        break;
    case GT_OP_ROR:
    case GT_OP_ROL: {
        /* seed 004 ror / rol: the bits of src0's type rotate (RotateMask =
         * its bits - 1), src1 unsigned */
        const unsigned bits = 8u * x->src[0].size;
        const uint64_t m = bits >= 64 ? ~0ull : (1ull << bits) - 1;
        for (int i = 0; i < n; i++) {
            uint64_t v = (uint64_t)a[i] & m;
            unsigned sh = (unsigned)b[i] & (bits - 1);
            if (op == GT_OP_ROL)
                sh = (bits - sh) & (bits - 1);
            r[i] = (int64_t)(sh ? ((v >> sh) | (v << (bits - sh))) & m : v);
        }
        break;
    }
    case GT_OP_CMP: case GT_OP_CMPN:
        fast_cmp64(cond, !uq, a, b, r, n);   /* -1 where true: the destination's value */
        cmpres = bits_of_lanes64(r, n);
        break;
    default: /* GT_OP_SEL */
        if (cond == GT_COND_NONE) {
            uint32_t p = pm >> co;
            for (int i = 0; i < n; i++)
                r[i] = ((p >> i) & 1) ? a[i] : b[i];
        } else {
            int64_t take[32];
            fast_cmp64(cond, !uq, a, b, take, n);
            for (int i = 0; i < n; i++)
                r[i] = (a[i] & take[i]) | (b[i] & ~take[i]);
        }
        break;
    }
    uint32_t flags = fast_store_int(t, x, r, n, lmask, full);
    if (op == GT_OP_CMP || op == GT_OP_CMPN)
        flags = cmpres;
    if (cond && op != GT_OP_SEL)
        x_flag_write(t, x, wren, flags << co);
    return 1;
}

/* Return fn(args..., n) with n the instruction's execution size, a
 * constant for SIMD8 and SIMD16 (the lane loops compile for those). */
#define BY_EXEC_SIZE(x, fn, ...)                                                            \
    switch ((x)->in.exec_size) {                                                            \
    case 8: return fn(__VA_ARGS__, 8);                                                      \
    case 16: return fn(__VA_ARGS__, 16);                                                    \
    default: return fn(__VA_ARGS__, (x)->in.exec_size);                                     \
    }
/* BY_EXEC_SIZE with SIMD1 a constant too (the scalar instructions of
 * address and loop arithmetic: DWord and raw moves) */
#define BY_EXEC_SIZE1(x, fn, ...)                                                           \
    if ((x)->in.exec_size == 1)                                                             \
        return fn(__VA_ARGS__, 1);                                                          \
    BY_EXEC_SIZE(x, fn, __VA_ARGS__)
/* For the SH_PLAIN shapes, which are SIMD8 or SIMD16 (plan_shape): only
 * those two bodies, so that the handler is small */
#define BY_PLAIN_SIZE(x, fn, ...) return (x)->in.exec_size == 16 ? fn(__VA_ARGS__, 16) : fn(__VA_ARGS__, 8)

/* fast_int_n with the execution size a constant for SIMD8 and SIMD16. */
static inline __attribute__((always_inline)) int fast_int(gt_thread *t, const gt_xinst *x,
                                                          uint32_t wren, uint32_t pm, int op, int shape)
{
    BY_EXEC_SIZE(x, fast_int_n, t, x, wren, pm, op, shape);
}

/* Copy n 4-byte lanes: fixed sizes for the ExecSizes, which the compiler
 * turns into vector moves (a variable-size copy becomes rep movs, slow to
 * start for 32-128 bytes). */
static inline __attribute__((always_inline)) void copy4(void *d, const void *s, int n)
{
    switch (n) {
    case 16: memcpy(d, s, 64); break;
    case 8: memcpy(d, s, 32); break;
    case 32: memcpy(d, s, 128); break;
    case 4: memcpy(d, s, 16); break;
    case 1: memcpy(d, s, 4); break;
    default: memcpy(d, s, (size_t)(n < 32 ? n : 32) * 4); break;   /* ExecSize <= 32 */
    }
}

/* 32-bit lanes (FK_I32). */
static inline __attribute__((always_inline)) void fast_load_u32(const gt_thread *t, const gt_xop *p,
                                                                uint32_t *o, int n)
{
    const uint8_t *g = t->grf;
    if (p->space == GT_XS_IMM || p->scalar) {
        uint32_t v = p->space == GT_XS_IMM ? (uint32_t)int_of(p->imm_lane[0], p->type)
                                           : (uint32_t)int_of(rd_raw(g + p->off[0], p->size), p->type);
        for (int i = 0; i < n; i++)
            o[i] = v;
    } else if (p->size == 4) {
        if (p->contig)
            copy4(o, g + p->off[0], n);
        else
            for (int i = 0; i < n; i++)
                memcpy(&o[i], g + p->off[i], 4);
    } else {
        /* W/UW/B/UB registers, sign- or zero-extended */
        switch (p->type) {
        case GT_TYPE_W: FAST_LOAD_INT(int16_t); break;
        case GT_TYPE_UW: FAST_LOAD_INT(uint16_t); break;
        case GT_TYPE_B: FAST_LOAD_INT(int8_t); break;
        default: FAST_LOAD_INT(uint8_t); break;
        }
    }
    if (p->mods & 2) {   /* abs: of the sign-extended value, signed types only */
        if (is_signed_int(p->type))
            for (int i = 0; i < n; i++)
                o[i] = (int32_t)o[i] < 0 ? 0u - o[i] : o[i];
    }
    if (p->mods & 1)
        for (int i = 0; i < n; i++)
            o[i] = 0u - o[i];
}

/* Eight DWord lanes as one value (GCC vector extension): one register in
 * the AVX2 versions of the handlers, two in the SSE2 baseline.  The
 * handlers below work on a region eight channels at a time, in registers:
 * no copies through lane arrays on the stack. */
typedef uint32_t v8u32 __attribute__((vector_size(32)));
typedef int32_t v8i32 __attribute__((vector_size(32)));

static inline __attribute__((always_inline)) v8u32 v8_load(const void *p)
{
    v8u32 v;
    memcpy(&v, p, sizeof(v));
    return v;
}

static inline __attribute__((always_inline)) void v8_store(void *p, v8u32 v)
{
    memcpy(p, &v, sizeof(v));
}

/* (GCC: a shuffle of lane 0, for GCC 12 builds the eight-element
 * initializer with four inserts where a broadcast does; clang has no
 * __builtin_shuffle and broadcasts the initializer) */
static inline __attribute__((always_inline)) v8u32 v8_dup(uint32_t s)
{
#if defined(__clang__)
    return (v8u32){s, s, s, s, s, s, s, s};
#else
    return __builtin_shuffle((v8u32){s}, (v8u32){0});
#endif
}

/* Eight W (sgn) or UW lanes at p, extended to DWords. */
static inline __attribute__((always_inline)) v8u32 v8_w16(const uint8_t *p, int sgn)
{
    typedef uint16_t v8u16 __attribute__((vector_size(16)));
    typedef int16_t v8i16 __attribute__((vector_size(16)));
    v8u16 u;
    memcpy(&u, p, sizeof(u));
    return sgn ? (v8u32)__builtin_convertvector((v8i16)u, v8i32) : __builtin_convertvector(u, v8u32);
}

/* v8_lanes's table: entry b all ones in the lanes whose bit of b is set
 * (8 KB: one load instead of a broadcast, an and and a compare). */
#define LANES1(b)                                                                               \
    {0u - ((b) & 1), 0u - ((b) >> 1 & 1), 0u - ((b) >> 2 & 1), 0u - ((b) >> 3 & 1),               \
     0u - ((b) >> 4 & 1), 0u - ((b) >> 5 & 1), 0u - ((b) >> 6 & 1), 0u - ((b) >> 7 & 1)}
#define LANES4(b) LANES1(b), LANES1((b) + 1), LANES1((b) + 2), LANES1((b) + 3)
#define LANES16(b) LANES4(b), LANES4((b) + 4), LANES4((b) + 8), LANES4((b) + 12)
#define LANES64(b) LANES16(b), LANES16((b) + 16), LANES16((b) + 32), LANES16((b) + 48)
static const v8u32 v8_lane_masks[256] = {LANES64(0), LANES64(64), LANES64(128), LANES64(192)};
#undef LANES1
#undef LANES4
#undef LANES16
#undef LANES64

/* All ones in the lanes whose bit (0..7) of bits is set (higher bits are
 * ignored). */
static inline __attribute__((always_inline)) v8u32 v8_lanes(uint32_t bits)
{
    return v8_lane_masks[bits & 0xff];
}

/* The lanes' sign bits as bits 0..7. */
static inline __attribute__((always_inline)) uint32_t v8_bits(v8u32 m)
{
#ifdef __SSE2__
    __m128 lo, hi;
    memcpy(&lo, &m, 16);
    memcpy(&hi, (const char *)&m + 16, 16);
    return (uint32_t)_mm_movemask_ps(lo) | (uint32_t)_mm_movemask_ps(hi) << 4;
#else
    uint32_t r = 0;
    for (int i = 0; i < 8; i++)
        r |= (m[i] >> 31) << i;
    return r;
#endif
}

/* The switch cases of the lane-vector integer handlers (fast_i32_n,
 * fast_q_n) whose operation is the same C operator on any lane width. */
#define VEC_INT_CASES(r, va, vb)                                                                \
    case GT_OP_MOV: r = va; break;                                                              \
    case GT_OP_NOT: r = ~va; break;                                                             \
    case GT_OP_AND: r = va & vb; break;                                                         \
    case GT_OP_OR: r = va | vb; break;                                                          \
    case GT_OP_XOR: r = va ^ vb; break;                                                         \
    case GT_OP_ADD: r = va + vb; break;                                                         \
    case GT_OP_MUL: r = va * vb; break;

/* The compare of v8_cmp and v4_cmp on lane vectors a, b of type VU (VS
 * the signed type of the same lanes), in a function with cond and sgn. */
#define VEC_CMP_BODY(VU, VS, zero)                                                              \
    do {                                                                                        \
        VS sa = (VS)a, sb = (VS)b;                                                              \
        switch (cond) {                                                                         \
        case GT_COND_Z: return (VU)(a == b);                                                    \
        case GT_COND_NZ: return (VU)(a != b);                                                   \
        case GT_COND_G: return sgn ? (VU)(sa > sb) : (VU)(a > b);                               \
        case GT_COND_GE: return sgn ? (VU)(sa >= sb) : (VU)(a >= b);                            \
        case GT_COND_L: return sgn ? (VU)(sa < sb) : (VU)(a < b);                               \
        case GT_COND_LE: return sgn ? (VU)(sa <= sb) : (VU)(a <= b);                            \
        default: return zero;                                                                   \
        }                                                                                       \
    } while (0)

/* All ones where cond(a, b) holds, a and b compared as signed (sgn) or
 * unsigned DWords (cmp_i's conditions; others give no lane). */
static inline __attribute__((always_inline)) v8u32 v8_cmp(int cond, int sgn, v8u32 a, v8u32 b)
{
    VEC_CMP_BODY(v8u32, v8i32, v8_dup(0));
}

typedef float v8f32 __attribute__((vector_size(32)));

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__FMA__)
/* r = b * c + a, fused, for eight lanes in one vector instruction
 * (fast_flt_v8's mad in fflt_mad_pf, into which it inlines; GCC does not
 * vectorise a loop of fmaf under -frounding-math).  Arrays, not vectors,
 * cross the call: the callers without AVX never reach it. */
__attribute__((target("avx2,fma"))) static inline void v8f_fma(float *r, const float *b, const float *c,
                                                              const float *a)
{
    _mm256_storeu_ps(r, _mm256_fmadd_ps(_mm256_loadu_ps(b), _mm256_loadu_ps(c), _mm256_loadu_ps(a)));
}
#endif

/* Denormal (and zero) lanes of float bits u flushed to zero of their sign. */
static inline __attribute__((always_inline)) v8u32 v8f_flush(v8u32 u)
{
    return u & ~((v8u32)((u & 0x7f800000u) == 0) & 0x007fffffu);
}

/* Lanes c..c+7 of a DWord source region p (direct GRF or immediate, 4-byte
 * elements): one load when contiguous. */
static inline __attribute__((always_inline)) v8u32 v8_src(const uint8_t *g, const gt_xop *p, int c)
{
    if (p->space == GT_XS_IMM || p->scalar)
        return v8_dup(p->space == GT_XS_IMM ? (uint32_t)p->imm_lane[0] : (uint32_t)rd_raw(g + p->off[0], 4));
    if (p->contig)
        return v8_load(g + p->off[0] + 4 * c);
    uint32_t v[8];
    for (int i = 0; i < 8; i++)
        memcpy(&v[i], g + p->off[c + i], 4);
    return v8_load(v);
}

/* Write the lanes of lm (bits 0..7) of r to the eight DWords at d. */
static inline __attribute__((always_inline)) void v8_put(uint8_t *d, v8u32 r, uint32_t lm)
{
    if (lm == 0xff) {
        v8_store(d, r);
    } else if (lm) {
        v8u32 m = v8_lanes(lm);
        v8_store(d, (r & m) | (v8_load(d) & ~m));
    }
}

/* Write the lanes of lmask (bits 0..n-1) of rv (n / 8 vectors; n 8, 16
 * or 32) to the n DWords at d.  One test for the whole instruction: all
 * lanes stored, or every chunk blended without a branch (the lanes of a
 * divergent kernel's masks make a per-chunk test a poor bet for the host's
 * branch predictor). */
static inline __attribute__((always_inline)) void v8_put_n(uint8_t *d, const v8u32 *rv,
                                                           uint32_t lmask, int n)
{
    const uint32_t full = n >= 32 ? ~0u : (1u << n) - 1;
    if ((lmask & full) == full) {
#pragma GCC unroll 4
        for (int c = 0; c < n; c += 8)
            v8_store(d + 4 * c, rv[c / 8]);
    } else {
#pragma GCC unroll 4
        for (int c = 0; c < n; c += 8) {
            v8u32 m = v8_lanes((lmask >> c) & 0xff);
            v8_store(d + 4 * c, (rv[c / 8] & m) | (v8_load(d + 4 * c) & ~m));
        }
    }
}

/* Write lanes c..c+7 of r to the 4-byte destination region pd in g, in
 * the lanes of lm (bits 0..7); n: ExecSize (below 8 only lanes < n are
 * written, one by one). */
static inline __attribute__((always_inline)) void v8_dst(uint8_t *g, const gt_xop *pd, int c, v8u32 r,
                                                         uint32_t lm, int n)
{
    if (pd->contig && n >= 8) {
        v8_put(g + pd->off[0] + 4 * c, r, lm);
    } else if (lm) {
        uint32_t v[8];
        v8_store(v, r);
        for (uint32_t w = lm; w; w &= w - 1) {
            int i = __builtin_ctz(w);
            memcpy(g + pd->off[c + i], &v[i], 4);
        }
    }
}

#if defined(__GNUC__) && !defined(__clang__)
/* GCC cannot see that one-source operations never read src1's lanes */
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
/* Set bits per DWord lane (cbit), without the host's popcnt. */
static inline __attribute__((always_inline)) v8u32 v8_popc(v8u32 v)
{
    v = v - ((v >> 1) & 0x55555555u);
    v = (v & 0x33333333u) + ((v >> 2) & 0x33333333u);
    v = (v + (v >> 4)) & 0x0f0f0f0fu;
    return (v * 0x01010101u) >> 24;
}

/* Leading zeros per DWord lane, 32 for 0 (lzd): the bits below the
 * highest set one filled in, then counted. */
static inline __attribute__((always_inline)) v8u32 v8_lzd(v8u32 v)
{
    v |= v >> 1;
    v |= v >> 2;
    v |= v >> 4;
    v |= v >> 8;
    v |= v >> 16;
    return 32 - v8_popc(v);
}

/* The bit operations on DWord lanes (seed 004 lzd, cbit, fbh, fbl,
 * bfrev), as exec_alu_masked computes them: fbh counts from the MSB to the
 * first bit that differs from the sign of a D source (the first set bit of
 * a UD one), fbl from the LSB to the first set bit, both 0xffffffff when
 * there is none. */
static inline __attribute__((always_inline)) v8u32 v8_bits_op(int op, v8u32 v, int sgn)
{
    switch (op) {
    case GT_OP_LZD: return v8_lzd(v);
    case GT_OP_CBIT: return v8_popc(v);
    case GT_OP_FBH: {
        if (sgn)
            v ^= (v8u32)((v8i32)v >> 31);
        v8u32 n = v8_lzd(v);
        return n | (v8u32)(n == 32);
    }
    case GT_OP_FBL: {
        v8u32 n = v8_popc((v & -v) - 1);   /* the zeros below the lowest set bit; 32 for 0 */
        return n | (v8u32)(n == 32);
    }
    default: /* GT_OP_BFREV */
        v = ((v >> 1) & 0x55555555u) | ((v & 0x55555555u) << 1);
        v = ((v >> 2) & 0x33333333u) | ((v & 0x33333333u) << 2);
        v = ((v >> 4) & 0x0f0f0f0fu) | ((v & 0x0f0f0f0fu) << 4);
        v = ((v >> 8) & 0x00ff00ffu) | ((v & 0x00ff00ffu) << 8);
        return (v >> 16) | (v << 16);
    }
}

/* Source modifiers on eight DWord lanes, as fast_load_u32 applies them:
 * abs (signed types only), then negate. */
static inline __attribute__((always_inline)) v8u32 v8_int_mods(v8u32 v, int mods, int sgn)
{
    if ((mods & 2) && sgn) {
        v8u32 m = (v8u32)((v8i32)v >> 31);
        v = (v ^ m) - m;
    }
    return mods & 1 ? 0u - v : v;
}

/* FK_I32: 32-bit lanes, eight at a time.  Sources of a shape (SH_VV,
 * SH_VI, SH_VS) are read in place (SH_MODS: then modified); others are
 * loaded (extended, with their modifiers) into lane arrays first. */
static inline __attribute__((always_inline)) int fast_i32_n(gt_thread *t, const gt_xinst *x,
                                                            uint32_t wren, uint32_t pm, int op,
                                                            int shape, int n)
{
    const gt_inst *in = &x->in;
    const int plain = shape & SH_PLAIN, cplain = shape & SH_COND, s1 = shape & SH_S1, mods = shape & SH_MODS;
    const int cc = shape >> SH_CC_SHIFT;   /* a condition fixed by the handler (SH_CC) */
    shape &= ~(SH_PLAIN | SH_COND | SH_S1 | SH_MODS) & ((1 << SH_CC_SHIFT) - 1);
    int co = in->chan_off, cond = cc ? cc & 7 : plain ? GT_COND_NONE : in->cond;
    if (n > 32)   /* ExecSize */
        n = 32;
    uint32_t lmask = wren >> co;
    const gt_xop *p0 = &x->src[0], *p1 = &x->src[1], *pd = &x->dst;
    const int two = op_nsrc(op) != 1;   /* one-source operations read no b */
    uint8_t *g = t->grf;
    /* in place: both sources' lanes at off[0] (src1 maybe one value, bs;
     * src0 one value a0 for SH_S1 and a one-element src0; a W/UW src0 of
     * SH_COND extended, w0) */
    const int direct = shape != SH_ANY && (n % 8 == 0 || s1);
    const int uniform = direct && two && (shape == SH_VI || shape == SH_VS);
    const int scalar0 = s1 || (direct && p0->scalar);
    const uint32_t a0 = scalar0 ? (uint32_t)rd_raw(g + p0->off[0], 4) : 0;
    const int w0 = cplain && p0->size == 2;   /* W/UW src0, extended by its type */
    uint32_t bs = !two ? 0 : shape == SH_VI ? (uint32_t)x->fast_imm
                  : shape == SH_VS ? (uint32_t)rd_raw(g + p1->off[0], 4) : 0;
    uint32_t a[32], b[32];
    if (!direct) {
        if (is_logic(op) && (p0->mods || (two && p1->mods)))
            return 0;   /* logic negate is a bitwise not: the general path */
        if (n < 8) {    /* one partial chunk: lanes n..7 defined, never written */
            v8_store(a, v8_dup(0));
            v8_store(b, v8_dup(0));
        }
        fast_load_u32(t, p0, a, n);
        if (two)
            fast_load_u32(t, p1, b, n);
    }
    /* src0's bits at its own width for shr (see exec_alu_masked) */
    const uint32_t shr_m = p0->size >= 4 ? ~0u : (1u << (8 * p0->size)) - 1;
    const int sgn0 = is_signed_int(p0->type), sgn = cc ? cc >> 3 : x->fast_arith;
    /* a condition on the result (not cmp's, not sel's): tested signed for D */
    const int rcond = cond && op != GT_OP_SEL && op != GT_OP_CMP && op != GT_OP_CMPN;
    const int fsgn = rcond && (pd->space == GT_XS_GRF ? pd->type : x->flag_type) == GT_TYPE_D;
    uint32_t cmpbits = 0, flagbits = 0;
    v8u32 rv[4];   /* every source lane is read before any is written */
#pragma GCC unroll 4
    for (int c = 0; c < n; c += 8) {
        v8u32 va = scalar0 ? v8_dup(a0)
                   : w0    ? v8_w16(g + p0->off[0] + 2 * c, p0->type == GT_TYPE_W)
                   : direct ? v8_load(g + p0->off[0] + 4 * c)
                            : v8_load(a + c);
        v8u32 vb = !two ? va : uniform ? v8_dup(bs) : direct ? v8_load(g + p1->off[0] + 4 * c) : v8_load(b + c);
        if (mods) {
            va = v8_int_mods(va, p0->mods, sgn0);
            if (two)
                vb = v8_int_mods(vb, p1->mods, is_signed_int(p1->type));
        }
        v8u32 r, cnt = vb & 31;
        const uint32_t sc = bs & 31;   /* a uniform count: one vector shift */
        switch (op) {
        VEC_INT_CASES(r, va, vb)
        case GT_OP_SHL: r = uniform ? va << sc : va << cnt; break;
        case GT_OP_ROL: /* seed 004 rol: RotateMask 31 for a DWord src0 */
            r = (va << cnt) | (va >> ((32 - cnt) & 31));
            break;
        case GT_OP_ROR: r = (va >> cnt) | (va << ((32 - cnt) & 31)); break;
        case GT_OP_LZD: case GT_OP_CBIT: case GT_OP_FBH: case GT_OP_FBL: case GT_OP_BFREV:
            r = v8_bits_op(op, va, sgn0);
            break;
        case GT_OP_SHR: r = uniform ? (va & shr_m) >> sc : (va & shr_m) >> cnt; break;
        case GT_OP_ASR:
            if (sgn0)
                r = uniform ? (v8u32)((v8i32)va >> (int)sc) : (v8u32)((v8i32)va >> (v8i32)cnt);
            else
                r = uniform ? va >> sc : va >> cnt;
            break;
        case GT_OP_CMP: case GT_OP_CMPN:
            r = v8_cmp(cond, sgn, va, vb);   /* -1 where true: the destination's value */
            cmpbits |= v8_bits(r) << c;
            break;
        default: { /* GT_OP_SEL */
            v8u32 take = cond == GT_COND_NONE ? v8_lanes((pm >> co) >> c) : v8_cmp(cond, sgn, va, vb);
            r = (va & take) | (vb & ~take);
            break;
        }
        }
        rv[c / 8] = r;
        if (rcond)
            flagbits |= v8_bits(v8_cmp(cond, fsgn, r, v8_dup(0))) << c;
    }
    if (plain || (cplain && pd->space == GT_XS_GRF))
        v8_put_n(g + pd->off[0], rv, lmask, n);
    else if (s1 && pd->space == GT_XS_GRF && (lmask & 1))
        memcpy(g + pd->off[0], &rv[0], 4);
    else if (!cplain && !s1 && pd->space == GT_XS_GRF)
#pragma GCC unroll 4
        for (int c = 0; c < n; c += 8)
            v8_dst(g, pd, c, rv[c / 8], (lmask >> c) & 0xff, n);
    if (!cond || op == GT_OP_SEL)
        return 1;
    uint32_t flags = op == GT_OP_CMP || op == GT_OP_CMPN ? cmpbits : flagbits & lmask;
    x_flag_write(t, x, wren, flags << co);
    return 1;
}

/* fast_i32_n with the execution size a constant for SIMD8 and SIMD16 (the
 * lane loops then compile to straight vector code). */
static inline __attribute__((always_inline)) int fast_i32(gt_thread *t, const gt_xinst *x,
                                                          uint32_t wren, uint32_t pm, int op, int shape)
{
    if (shape & SH_S1)
        return fast_i32_n(t, x, wren, pm, op, shape, 1);
    if (shape & (SH_PLAIN | SH_COND))
        BY_PLAIN_SIZE(x, fast_i32_n, t, x, wren, pm, op, shape);
    BY_EXEC_SIZE1(x, fast_i32_n, t, x, wren, pm, op, shape);
}

static inline void fast_load_f(const gt_thread *t, const gt_xop *p, float *o, int n, int ftz)
{
    /* F handlers also take explicit accumulator operands (IGC's Gen12
     * `mad (16) acc0.0:f acc0.0<8;1>:f ...` chains) */
    const uint8_t *g = p->space == GT_XS_ACC ? t->acc : t->grf;
    if (p->space == GT_XS_IMM || p->scalar) {
        float v = gt_u2f(p->space == GT_XS_IMM ? (uint32_t)p->imm_lane[0]
                                               : (uint32_t)rd_raw(g + p->off[0], 4));
        for (int i = 0; i < n; i++)
            o[i] = v;
    } else if (p->contig) {
        copy4(o, g + p->off[0], n);
    } else {
        for (int i = 0; i < n; i++)
            memcpy(&o[i], g + p->off[i], 4);
    }
    if (ftz)
        for (int i = 0; i < n; i++) {
            uint32_t u = gt_f2u(o[i]);
            if ((u & 0x7f800000u) == 0)
                o[i] = gt_u2f(u & 0x80000000u);   /* denorm (or zero) -> signed zero */
        }
    if (p->mods & 2)
        for (int i = 0; i < n; i++)
            o[i] = fabsf(o[i]);
    if (p->mods & 1)
        for (int i = 0; i < n; i++)
            o[i] = -o[i];
}

/* r = fma(b, c, a) per lane: with the host's FMA instructions when it has
 * them (one fused, correctly rounded operation either way, so the bits are
 * those of libm's fmaf). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__FMA__)
__attribute__((target("fma"))) static void fma_lanes_hw(float *r, const float *a, const float *b,
                                                        const float *c, int n)
{
    for (int i = 0; i < n; i++)
        r[i] = __builtin_fmaf(b[i], c[i], a[i]);
}
static int host_has_fma(void)
{
    static int has = -1; /* EU workers may race to set it, and agree */
    int v = __atomic_load_n(&has, __ATOMIC_RELAXED);
    if (v < 0) {
        __builtin_cpu_init();
        v = __builtin_cpu_supports("fma") ? 1 : 0;
        __atomic_store_n(&has, v, __ATOMIC_RELAXED);
    }
    return v;
}
#endif
static void fma_lanes(float *r, const float *a, const float *b, const float *c, int n)
{
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__FMA__)
    if (host_has_fma()) {
        fma_lanes_hw(r, a, b, c, n);
        return;
    }
#endif
    for (int i = 0; i < n; i++)
        r[i] = fmaf(b[i], c[i], a[i]);
}

/* The n lanes (8 or 16) of a float source as fast_load_f gives them,
 * eight per vector: denormals flushed to signed zero with ftz, then abs and
 * negate (sign-bit operations, as fabsf and unary minus are).  The
 * operand's form is tested once, not per chunk; plain (SH_PLAIN): a
 * contiguous GRF region without modifiers, nothing to test. */
static inline __attribute__((always_inline)) void v8f_load(const gt_thread *t, const gt_xop *p,
                                                           v8u32 *o, int n, int ftz, int plain)
{
    const uint8_t *g = plain || p->space != GT_XS_ACC ? t->grf : t->acc;
    if (plain) {
#pragma GCC unroll 4
        for (int c = 0; c < n; c += 8)
            o[c / 8] = v8_load(g + p->off[0] + 4 * c);
    } else if (p->space == GT_XS_IMM || p->scalar) {
        v8u32 v = v8_src(g, p, 0);
#pragma GCC unroll 4
        for (int c = 0; c < n; c += 8)
            o[c / 8] = v;
    } else if (p->contig) {
#pragma GCC unroll 4
        for (int c = 0; c < n; c += 8)
            o[c / 8] = v8_load(g + p->off[0] + 4 * c);
    } else {
#pragma GCC unroll 4
        for (int c = 0; c < n; c += 8)
            o[c / 8] = v8_src(g, p, c);
    }
    if (ftz)
#pragma GCC unroll 4
        for (int c = 0; c < n; c += 8)
            o[c / 8] = v8f_flush(o[c / 8]);
    if (!plain && p->mods) {
        uint32_t am = p->mods & 2 ? 0x7fffffffu : ~0u, xm = p->mods & 1 ? 0x80000000u : 0;
#pragma GCC unroll 4
        for (int c = 0; c < n; c += 8)
            o[c / 8] = (o[c / 8] & am) ^ xm;
    }
}

/* fast_flt_n's mov, add, mul and mad for SIMD8 and SIMD16, in registers:
 * every source lane read before any is written, NaN results by
 * nan_rule_f, the same bits.  plain: bit 0 the SH_PLAIN operands, bit 1
 * mad by the host's FMA instructions (a caller built for them). */
static inline __attribute__((always_inline)) int fast_flt_v8(gt_thread *t, const gt_xinst *x,
                                                             uint32_t wren, int ftz, int op, int n,
                                                             int plain)
{
    const gt_inst *in = &x->in;
    uint32_t lmask = wren >> in->chan_off;
    if (n != 8 && n != 16)   /* fast_flt_n's promise */
        __builtin_unreachable();
    int fin = ftz && x->fast_arith, ns = op == GT_OP_MOV ? 1 : op == GT_OP_MAD ? 3 : 2;
    v8u32 rv[4], va[4], vb[4], vc[4];
    v8f_load(t, &x->src[0], va, n, fin, plain & 1);
    if (ns > 1)
        v8f_load(t, &x->src[1], vb, n, fin, plain & 1);
    if (ns > 2)
        v8f_load(t, &x->src[2], vc, n, fin, plain & 1);
    v8u32 vm[4];   /* mad: one fma_lanes call for every lane */
    if (op == GT_OP_MAD && (plain & 2)) {
        /* (fflt_mad_pf: the host's FMA instructions) */
        for (int c = 0; c < n; c += 8) {
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__FMA__)
            float fa[8], fb[8], fc[8], fr[8];
            v8_store(fa, va[c / 8]);
            v8_store(fb, vb[c / 8]);
            v8_store(fc, vc[c / 8]);
            v8f_fma(fr, fb, fc, fa);
            vm[c / 8] = v8_load(fr);
#else
            v8f32 fa = (v8f32)va[c / 8], fb = (v8f32)vb[c / 8], fc = (v8f32)vc[c / 8], fr;
            for (int i = 0; i < 8; i++)
                fr[i] = __builtin_fmaf(fb[i], fc[i], fa[i]);
            vm[c / 8] = (v8u32)fr;
#endif
        }
    } else if (op == GT_OP_MAD) {
        float fa[16], fb[16], fc[16], fr[16];
        for (int c = 0; c < n; c += 8) {
            v8_store(fa + c, va[c / 8]);
            v8_store(fb + c, vb[c / 8]);
            v8_store(fc + c, vc[c / 8]);
        }
        fma_lanes(fr, fa, fb, fc, n);
        for (int c = 0; c < n; c += 8)
            vm[c / 8] = v8_load(fr + c);
    }
#pragma GCC unroll 4
    for (int c = 0; c < n; c += 8) {
        v8u32 a = va[c / 8], b = ns > 1 ? vb[c / 8] : a, cc = ns > 2 ? vc[c / 8] : a, r;
        switch (op) {
        case GT_OP_ADD: r = (v8u32)((v8f32)a + (v8f32)b); break;
        case GT_OP_MUL: r = (v8u32)((v8f32)a * (v8f32)b); break;
        case GT_OP_MAD: r = vm[c / 8]; break;
        default: r = a; break;   /* GT_OP_MOV */
        }
        if (op != GT_OP_MOV && __builtin_expect(v8_bits((v8u32)((v8f32)r != (v8f32)r)) != 0, 0)) {
            float fa[8], fb[8], fc[8], fr[8];
            v8_store(fa, a);
            v8_store(fb, b);
            v8_store(fc, cc);
            v8_store(fr, r);
            nan_rule_f(fr, fa, fb, fc, ns, 8);
            r = v8_load(fr);
        }
        if (ftz && x->fast_flush)
            r = v8f_flush(r);
        rv[c / 8] = r;
    }
    const gt_xop *pd = &x->dst;
    if (plain & 1) {
        v8_put_n(t->grf + pd->off[0], rv, lmask, n);
    } else if (pd->space == GT_XS_GRF || pd->space == GT_XS_ACC) {
        uint8_t *g = pd->space == GT_XS_ACC ? t->acc : t->grf;
#pragma GCC unroll 4
        for (int c = 0; c < n; c += 8)
            v8_dst(g, pd, c, rv[c / 8], (lmask >> c) & 0xff, n);
    }
    return 1;
}

/* Single-precision float operations, mov, add, mul and mad in eight-lane
 * vectors with vec (fast_flt_v8), in lane arrays otherwise.  Returns 0
 * (nothing done) in ALT mode, which the general path handles. */
static inline __attribute__((always_inline)) int fast_flt_n(gt_thread *t, const gt_xinst *x,
                                                            uint32_t wren, uint32_t pm,
                                                            unsigned fmode, int op, int vec, int n)
{
    const gt_inst *in = &x->in;
    if ((fmode & 2) || (op == GT_OP_MATH && (fmode & 4)))   /* ALT mode; math under cr0's rounding */
        return 0;
    if (vec && (op == GT_OP_MOV || op == GT_OP_ADD || op == GT_OP_MUL || op == GT_OP_MAD) &&
        (n == 8 || n == 16))
        return fast_flt_v8(t, x, wren, fmode & 1, op, n, 0);
    int co = in->chan_off, ftz = fmode & 1;
    uint32_t lmask = wren >> co, full = n >= 32 ? ~0u : (1u << n) - 1;
    float a[32], b[32], cc[32], r[32];
    int fin = ftz && x->fast_arith;
    fast_load_f(t, &x->src[0], a, n, fin);
    int ns = op == GT_OP_MATH ? math_nsrc(in->math_fc) : op_nsrc(op);
    if (ns > 1)
        fast_load_f(t, &x->src[1], b, n, fin);
    if (ns > 2)
        fast_load_f(t, &x->src[2], cc, n, fin);
    uint32_t cmpres = 0;
    int cmp = op == GT_OP_CMP || op == GT_OP_CMPN;
    switch (op) {
    case GT_OP_MOV: for (int i = 0; i < n; i++) r[i] = a[i]; break;
    case GT_OP_ADD: for (int i = 0; i < n; i++) r[i] = a[i] + b[i]; break;
    case GT_OP_MUL: for (int i = 0; i < n; i++) r[i] = a[i] * b[i]; break;
    case GT_OP_MAD: fma_lanes(r, a, b, cc, n); break;
    /* the rounds to an integral value (seed 004 rndd, rndu, rnde, rndz;
     * exact, so the host's rounding mode plays no part) and frc */
    case GT_OP_RNDD: for (int i = 0; i < n; i++) r[i] = floorf(a[i]); break;
    case GT_OP_RNDU: for (int i = 0; i < n; i++) r[i] = ceilf(a[i]); break;
    case GT_OP_RNDZ: for (int i = 0; i < n; i++) r[i] = truncf(a[i]); break;
    case GT_OP_RNDE: for (int i = 0; i < n; i++) r[i] = roundevenf(a[i]); break;
    case GT_OP_FRC: for (int i = 0; i < n; i++) r[i] = frc_f(a[i]); break;
    case GT_OP_CMP: case GT_OP_CMPN:
        for (int i = 0; i < n; i++)
            cmpres |= (uint32_t)cmp_f(in->cond, a[i], b[i], op == GT_OP_CMPN) << i;
        break;
    case GT_OP_SEL:
        if (in->cond == GT_COND_NONE) {
            uint32_t p = pm >> co;
            for (int i = 0; i < n; i++)
                r[i] = ((p >> i) & 1) ? a[i] : b[i];
        } else {
            for (int i = 0; i < n; i++) {
                double va = a[i], vb = b[i];
                int take0;
                if (in->cond == GT_COND_GE || in->cond == GT_COND_L) {
                    /* min/max: a NaN operand loses (seed 001 §2.3.1.4) */
                    if (isnan(va) && !isnan(vb)) take0 = 0;
                    else if (isnan(vb)) take0 = 1;
                    else take0 = cmp_f(in->cond, va, vb, 0);
                } else {
                    take0 = cmp_f(in->cond, va, vb, 0);
                }
                r[i] = take0 ? a[i] : b[i];
            }
        }
        break;
    default: /* GT_OP_MATH, functions plan_fast admits */
        switch (in->math_fc) {
        case GT_MATH_INV: for (int i = 0; i < n; i++) r[i] = 1.0f / a[i]; break;
        case GT_MATH_LOG: for (int i = 0; i < n; i++) r[i] = log2f(a[i]); break;
        case GT_MATH_EXP: for (int i = 0; i < n; i++) r[i] = exp2f(a[i]); break;
        case GT_MATH_SQRT: for (int i = 0; i < n; i++) r[i] = sqrtf(a[i]); break;
        case GT_MATH_RSQ:
            for (int i = 0; i < n; i++)
                r[i] = (float)(1.0 / sqrt((double)a[i]));
            break;
        case GT_MATH_SIN: for (int i = 0; i < n; i++) r[i] = sinf(a[i]); break;
        case GT_MATH_COS: for (int i = 0; i < n; i++) r[i] = cosf(a[i]); break;
        case GT_MATH_FDIV: for (int i = 0; i < n; i++) r[i] = a[i] / b[i]; break;
        default: for (int i = 0; i < n; i++) r[i] = powf(a[i], b[i]); break;
        }
        break;
    }
    if (nan_rule_op(op, in->math_fc))
        nan_rule_f(r, a, b, cc, ns, n);
    if (in->saturate)   /* (sat_flt_ok: not a compare) */
        for (int i = 0; i < n; i++)
            r[i] = sat_f(r[i]);
    if (!cmp && ftz && x->fast_flush)
        for (int i = 0; i < n; i++) {
            uint32_t u = gt_f2u(r[i]);
            if ((u & 0x7f800000u) == 0)
                r[i] = gt_u2f(u & 0x80000000u);
        }
    /* another operation's condition modifier tests its result as written
     * (the general path's cond_eval on the destination's bits) */
    if (in->cond && !cmp && op != GT_OP_SEL) {
        for (uint32_t m = lmask; m; m &= m - 1) {
            int i = __builtin_ctz(m);
            cmpres |= (uint32_t)cond_eval(in->cond, gt_f2u(r[i]), GT_TYPE_F) << i;
        }
    }
    const gt_xop *pd = &x->dst;
    if (pd->space == GT_XS_GRF || pd->space == GT_XS_ACC) {
        uint8_t *g = pd->space == GT_XS_ACC ? t->acc : t->grf;
        if (cmp) {
            for (uint32_t m = lmask; m; m &= m - 1) {
                int i = __builtin_ctz(m);
                uint32_t v = ((cmpres >> i) & 1) ? ~0u : 0;
                memcpy(g + pd->off[i], &v, 4);
            }
        } else {
            if (pd->contig && lmask == full)
                copy4(g + pd->off[0], r, n);
            else
                for (uint32_t m = lmask; m; m &= m - 1) {
                    int i = __builtin_ctz(m);
                    memcpy(g + pd->off[i], &r[i], 4);
                }
        }
    }
    if (cmp || (in->cond && op != GT_OP_SEL))
        x_flag_write(t, x, wren, cmpres << co);
    return 1;
}

/* fast_flt_n with the execution size a constant for SIMD8 and SIMD16 (the
 * compiler vectorises the lane loops; nan_rule_f keeps NaN results the same
 * whichever way it orders the operands). */
static inline __attribute__((always_inline)) int fast_flt(gt_thread *t, const gt_xinst *x,
                                                          uint32_t wren, uint32_t pm,
                                                          unsigned fmode, int op, int vec)
{
    BY_EXEC_SIZE(x, fast_flt_n, t, x, wren, pm, fmode, op, vec);
}

/* Bit copy of 4-byte elements (a raw mov without condition modifier),
 * eight lanes at a time. */
static inline __attribute__((always_inline)) int fast_raw_n(gt_thread *t, const gt_xinst *x, uint32_t wren,
                                                            int shape, int n)
{
    if (n > 32)   /* ExecSize */
        n = 32;
    uint32_t lmask = wren >> x->in.chan_off;
    uint8_t *g = t->grf;
    const uint8_t *gs = x->src[0].space == GT_XS_ACC ? t->acc : g;   /* the source's file */
    if (shape & SH_PLAIN) {   /* raw_shape: SIMD8/16, contiguous destination */
        const gt_xop *ps = &x->src[0];
        v8u32 v[2];   /* every source lane is read before any is written */
        for (int c = 0; c < n; c += 8)
            v[c / 8] = shape == (SH_VV | SH_PLAIN) ? v8_load(g + ps->off[0] + 4 * c)
                       : ps->space == GT_XS_IMM    ? v8_dup((uint32_t)x->fast_imm)
                                                   : v8_dup((uint32_t)rd_raw(g + ps->off[0], 4));
        v8_put_n(g + x->dst.off[0], v, lmask, n);
        return 1;
    }
    if (n < 8) {   /* no whole chunk: lane by lane, every lane read before any is written */
        const gt_xop *ps = &x->src[0];
        uint32_t v[8];
        for (int i = 0; i < n; i++)
            v[i] = ps->space == GT_XS_IMM ? (uint32_t)ps->imm_lane[0] : (uint32_t)rd_raw(gs + ps->off[i], 4);
        for (uint32_t m = lmask; m; m &= m - 1) {
            int i = __builtin_ctz(m);
            memcpy(g + x->dst.off[i], &v[i], 4);
        }
        return 1;
    }
    v8u32 v[4];   /* every source lane is read before any is written */
#pragma GCC unroll 4
    for (int c = 0; c < n; c += 8)
        v[c / 8] = v8_src(gs, &x->src[0], c);
#pragma GCC unroll 4
    for (int c = 0; c < n; c += 8)
        v8_dst(g, &x->dst, c, v[c / 8], (lmask >> c) & 0xff, n);
    return 1;
}

static inline __attribute__((always_inline)) int fast_raw(gt_thread *t, const gt_xinst *x, uint32_t wren,
                                                          int shape)
{
    if (shape & SH_PLAIN)
        BY_PLAIN_SIZE(x, fast_raw_n, t, x, wren, shape);
    BY_EXEC_SIZE1(x, fast_raw_n, t, x, wren, shape);
}

/* GTSIM_EU_REFERENCE=1: every instruction takes the general path (for
 * comparing the two on whole programs).  Read once per process. */
/* An on/off environment variable (set, non-empty, not "0"), read once
 * into *cache (-1 = not read yet; EU workers may race to read it, and
 * agree). */
static int env_flag(int *cache, const char *name)
{
    int v = __atomic_load_n(cache, __ATOMIC_RELAXED);
    if (v < 0) {
        const char *e = getenv(name);
        v = e && *e && *e != '0';
        __atomic_store_n(cache, v, __ATOMIC_RELAXED);
    }
    return v;
}

static int eu_reference_only(void)
{
    static int ref = -1;
    return env_flag(&ref, "GTSIM_EU_REFERENCE");
}

/* Four QWord lanes as one value (GCC vector extension), for FK_INT's
 * SH_PLAIN handlers (fast_q_n): as v8u32, one register with AVX2. */
typedef uint64_t v4u64 __attribute__((vector_size(32)));
typedef int64_t v4i64 __attribute__((vector_size(32)));

static inline __attribute__((always_inline)) v4u64 v4_load(const void *p)
{
    v4u64 v;
    memcpy(&v, p, sizeof(v));
    return v;
}

static inline __attribute__((always_inline)) v4u64 v4_dup(uint64_t s)
{
    return (v4u64){s, s, s, s};
}

/* All ones in the lanes whose bit (0..3) of bits is set. */
static inline __attribute__((always_inline)) v4u64 v4_lanes(uint32_t bits)
{
    const v4u64 lb = {1, 2, 4, 8};
    return (v4u64)((v4_dup(bits) & lb) == lb);
}

/* The lanes' sign bits as bits 0..3. */
static inline __attribute__((always_inline)) uint32_t v4_bits(v4u64 m)
{
    return (uint32_t)(m[0] >> 63) | (uint32_t)(m[1] >> 63) << 1 | (uint32_t)(m[2] >> 63) << 2 |
           (uint32_t)(m[3] >> 63) << 3;
}

/* Write the lanes of lmask (bits 0..n-1) of rv (n / 4 vectors; n 8 or
 * 16) to the n QWords at d, as v8_put_n does. */
static inline __attribute__((always_inline)) void v4_put_n(uint8_t *d, const v4u64 *rv,
                                                           uint32_t lmask, int n)
{
    const uint32_t full = (1u << n) - 1;
    if ((lmask & full) == full) {
#pragma GCC unroll 4
        for (int c = 0; c < n; c += 4)
            memcpy(d + 8 * c, &rv[c / 4], sizeof(v4u64));
    } else {
#pragma GCC unroll 4
        for (int c = 0; c < n; c += 4) {
            v4u64 m = v4_lanes((lmask >> c) & 0xf);
            v4u64 r = (rv[c / 4] & m) | (v4_load(d + 8 * c) & ~m);
            memcpy(d + 8 * c, &r, sizeof(r));
        }
    }
}

/* A source's modifiers on four lanes, as int_mods. */
static inline __attribute__((always_inline)) v4u64 v4_mods(v4u64 v, int mods, int logic)
{
    if (logic)
        return mods & 1 ? ~v : v;
    if (mods & 2) {
        v4u64 neg = (v4u64)((v4i64)v < 0);
        v = (-v & neg) | (v & ~neg);
    }
    return mods & 1 ? -v : v;
}

/* All ones where cond(a, b) holds, a and b compared as signed (sgn) or
 * unsigned QWords (FAST_CMP_LANES' conditions; others give no lane). */
static inline __attribute__((always_inline)) v4u64 v4_cmp(int cond, int sgn, v4u64 a, v4u64 b)
{
    VEC_CMP_BODY(v4u64, v4i64, v4_dup(0));
}

/* FK_INT's SH_PLAIN (plan_shape): SIMD8 or SIMD16 on Q/UQ registers, four
 * lanes at a time in place, with fast_int_n's results.  src0, and src1 of
 * SH_VV, contiguous Q/UQ registers with their modifiers; src1 of SH_VI or
 * SH_VS one value; the destination contiguous Q/UQ registers, or null for
 * cmp; a condition only on cmp (the flag) and sel (min/max). */
static inline __attribute__((always_inline)) int fast_q_n(gt_thread *t, const gt_xinst *x, uint32_t wren,
                                                          uint32_t pm, int op, int shape, int n)
{
    const gt_inst *in = &x->in;
    const gt_xop *p0 = &x->src[0], *p1 = &x->src[1], *pd = &x->dst;
    const int co = in->chan_off, cond = in->cond, logic = is_logic(op), sgn = !x->fast_arith;
    const int two = op_nsrc(op) != 1;
    const uint32_t lmask = wren >> co;
    uint8_t *g = t->grf;
    shape &= ~SH_PLAIN;
    const int uni = shape != SH_VV;   /* src1 one value bv */
    int64_t bv = 0;
    if (two && uni) {
        bv = shape == SH_VI ? (int64_t)x->fast_imm : int_of(rd_raw(g + p1->off[0], p1->size), p1->type);
        if (p1->mods)
            int_mods(&bv, p1->mods, logic, 1);
    }
    const unsigned sc = (unsigned)bv & 63;   /* shift counts: [5:0] in QWord mode */
    const v4u64 a0 = v4_dup(p0->scalar ? rd_raw(g + p0->off[0], 8) : 0);   /* src0 one element */
    v4u64 rv[4];
    uint32_t cmpbits = 0;
#pragma GCC unroll 4
    for (int c = 0; c < n; c += 4) {
        v4u64 va = p0->scalar ? a0 : v4_load(g + p0->off[0] + 8 * c), vb = va;
        if (p0->mods)
            va = v4_mods(va, p0->mods, logic);
        if (two && !uni) {
            vb = v4_load(g + p1->off[0] + 8 * c);
            if (p1->mods)
                vb = v4_mods(vb, p1->mods, logic);
        } else if (two) {
            vb = v4_dup((uint64_t)bv);
        }
        v4u64 r, cnt = vb & 63;
        switch (op) {
        VEC_INT_CASES(r, va, vb)
        case GT_OP_SHL: r = uni ? va << sc : va << cnt; break;
        case GT_OP_SHR: r = uni ? va >> sc : va >> cnt; break;
        case GT_OP_ASR:
            if (is_signed_int(p0->type))
                r = uni ? (v4u64)((v4i64)va >> (int)sc) : (v4u64)((v4i64)va >> (v4i64)cnt);
            else
                r = uni ? va >> sc : va >> cnt;
            break;
        case GT_OP_CMP: case GT_OP_CMPN:
            r = v4_cmp(cond, sgn, va, vb);   /* -1 where true: the destination's value */
            cmpbits |= v4_bits(r) << c;
            break;
        default: { /* GT_OP_SEL */
            v4u64 take = cond == GT_COND_NONE ? v4_lanes(((pm >> co) >> c) & 0xf) : v4_cmp(cond, sgn, va, vb);
            r = (va & take) | (vb & ~take);
            break;
        }
        }
        rv[c / 4] = r;
    }
    if (pd->space == GT_XS_GRF)
        v4_put_n(g + pd->off[0], rv, lmask, n);
    if (op == GT_OP_CMP || op == GT_OP_CMPN)
        x_flag_write(t, x, wren, cmpbits << co);
    return 1;
}

/* fast_q_n for SIMD8 and SIMD16. */
static inline __attribute__((always_inline)) int fast_q(gt_thread *t, const gt_xinst *x, uint32_t wren,
                                                        uint32_t pm, int op, int shape)
{
    BY_PLAIN_SIZE(x, fast_q_n, t, x, wren, pm, op, shape);
}

/* Host-ISA versions.  x86-64's baseline has SSE2 only: 16-byte vectors
 * and no POPCNT instruction (__builtin_popcount is then a libgcc call).
 * There GCC builds the run loop twice (with POPCNT and without) and the
 * DWord integer, raw-move and float handlers three times (x86-64-v4, whose
 * AVX-512VL gives the 32-byte vectors a one-instruction bit select,
 * vpternlogd, for the partial-lane writes: branchy +5%, the others within
 * noise; AVX2, whose 32-byte vectors hold their eight-lane values, v8u32;
 * and the baseline), and the dynamic loader picks the best version the
 * host can run (function multi-versioning; no multiply-add is contracted
 * in any: -ffp-contract=off, CMakeLists.txt).  The QWord handlers on lane
 * arrays stay single: their AVX2 versions were slower on the development
 * host (bench/i64div 545-554 against 619-652 M lane-ops per CPU second);
 * the plain QWord handlers (fast_q_n, four-lane vectors) have all three.  Not with clang 14, whose
 * resolver symbols would be exported from libgtsim.so, nor when
 * GTSIM_HOST_ISA_VERSIONS=0 (the sanitizer build of tests/run.sh: it runs
 * the suite on the baseline versions, the optimised build on the host's). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && defined(__ELF__) && \
    GTSIM_HOST_ISA_VERSIONS
#ifndef __POPCNT__
#define EU_RUN_VERSIONS __attribute__((target_clones("popcnt", "default")))
#define run_popc(v) ((unsigned)__builtin_popcount(v))
#endif
#ifndef __AVX2__
#define FAST_VERSIONS __attribute__((target_clones("arch=x86-64-v4", "avx2", "default")))
#define FAST_VERSIONS_AVX2 1
#endif
#endif
#ifndef EU_RUN_VERSIONS
#define EU_RUN_VERSIONS
#define run_popc(v) popc32(v)
#endif
#ifndef FAST_VERSIONS
#define FAST_VERSIONS
#endif

/* 1 when the eight-lane vector code runs with AVX2 here: built for it, or
 * its AVX2 version is the one the loader picks.  Without AVX2, GCC's SSE2
 * code for 32-byte vectors is slower than lane-array loops, so float
 * handlers then take the lane-array form. */
static int host_v8(void)
{
#if defined(__AVX2__)
    return 1;
#elif defined(FAST_VERSIONS_AVX2)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") != 0;
#else
    return 0;
#endif
}

/* One handler per kind and opcode, so that the opcode switch folds away
 * and the run loop makes one indirect call per instruction.  The integer
 * opcodes FK_I32 and FK_INT both take (FK_I32 also takes the rotates and
 * the bit operations, FAST_I32_BIT_OPS); integer cmpn is cmp. */
#define FAST_INT_OPS(X)                                                                         \
    X(mov, GT_OP_MOV) X(not, GT_OP_NOT) X(and, GT_OP_AND) X(or, GT_OP_OR) X(xor, GT_OP_XOR)     \
    X(add, GT_OP_ADD) X(mul, GT_OP_MUL) X(shl, GT_OP_SHL) X(shr, GT_OP_SHR) X(asr, GT_OP_ASR)   \
    X(cmp, GT_OP_CMP) X(sel, GT_OP_SEL)
/* The handlers of one integer opcode, one per operand shape (SH_*), over
 * FN (fast_i32 or fast_int), named PFX_NAME, PFXvv_NAME, PFXvi_NAME and
 * PFXvs_NAME (BY_SHAPE picks one); ATTR: FAST_VERSIONS or nothing. */
#define FAST_SHAPE_FN(FN, NAME, OP, SHAPE, ATTR)                                                 \
    static ATTR int NAME(gt_thread *t, const gt_xinst *x, uint32_t wren, uint32_t pm, unsigned fm) \
    {                                                                                           \
        (void)fm;                                                                               \
        return FN(t, x, wren, pm, OP, SHAPE);                                                   \
    }
#define FAST_SHAPES(FN, PFX, NAME, OP, ATTR)                                                    \
    FAST_SHAPE_FN(FN, PFX##_##NAME, OP, SH_ANY, ATTR)                                           \
    FAST_SHAPE_FN(FN, PFX##vv_##NAME, OP, SH_VV, ATTR)                                          \
    FAST_SHAPE_FN(FN, PFX##vi_##NAME, OP, SH_VI, ATTR)                                          \
    FAST_SHAPE_FN(FN, PFX##vs_##NAME, OP, SH_VS, ATTR)
#define FAST_I32(NAME, OP)                                                                      \
    FAST_SHAPES(fast_i32, fi32, NAME, OP, FAST_VERSIONS)                                        \
    FAST_SHAPE_FN(fast_i32, fi32pvv_##NAME, OP, SH_VV | SH_PLAIN, FAST_VERSIONS)                \
    FAST_SHAPE_FN(fast_i32, fi32pvi_##NAME, OP, SH_VI | SH_PLAIN, FAST_VERSIONS)                \
    FAST_SHAPE_FN(fast_i32, fi32pvs_##NAME, OP, SH_VS | SH_PLAIN, FAST_VERSIONS)                \
    FAST_SHAPE_FN(fast_i32, fi32cvv_##NAME, OP, SH_VV | SH_COND, FAST_VERSIONS)                 \
    FAST_SHAPE_FN(fast_i32, fi32cvi_##NAME, OP, SH_VI | SH_COND, FAST_VERSIONS)                 \
    FAST_SHAPE_FN(fast_i32, fi32cvs_##NAME, OP, SH_VS | SH_COND, FAST_VERSIONS)                 \
    FAST_SHAPE_FN(fast_i32, fi32svv_##NAME, OP, SH_VV | SH_S1, FAST_VERSIONS)                   \
    FAST_SHAPE_FN(fast_i32, fi32svi_##NAME, OP, SH_VI | SH_S1, FAST_VERSIONS)                   \
    FAST_SHAPE_FN(fast_i32, fi32svs_##NAME, OP, SH_VS | SH_S1, FAST_VERSIONS)
#define FAST_INT(NAME, OP)                                                                      \
    FAST_SHAPES(fast_int, fint, NAME, OP, )                                                     \
    FAST_SHAPE_FN(fast_q, fintpvv_##NAME, OP, SH_VV | SH_PLAIN, FAST_VERSIONS)                  \
    FAST_SHAPE_FN(fast_q, fintpvi_##NAME, OP, SH_VI | SH_PLAIN, FAST_VERSIONS)                  \
    FAST_SHAPE_FN(fast_q, fintpvs_##NAME, OP, SH_VS | SH_PLAIN, FAST_VERSIONS)
FAST_INT_OPS(FAST_I32)
/* SH_MODS's handlers: mov, add and mul with source modifiers (mov, of one
 * source, is always SH_VV) */
#define FAST_I32_MODS(NAME, OP)                                                                 \
    FAST_SHAPE_FN(fast_i32, fi32mvv_##NAME, OP, SH_VV | SH_PLAIN | SH_MODS, FAST_VERSIONS)      \
    FAST_SHAPE_FN(fast_i32, fi32mvi_##NAME, OP, SH_VI | SH_PLAIN | SH_MODS, FAST_VERSIONS)      \
    FAST_SHAPE_FN(fast_i32, fi32mvs_##NAME, OP, SH_VS | SH_PLAIN | SH_MODS, FAST_VERSIONS)
FAST_SHAPE_FN(fast_i32, fi32mvv_mov, GT_OP_MOV, SH_VV | SH_PLAIN | SH_MODS, FAST_VERSIONS)
FAST_I32_MODS(add, GT_OP_ADD)
FAST_I32_MODS(mul, GT_OP_MUL)
/* SH_COND handlers with the condition fixed (SH_CC): cmp with each
 * condition and signedness, and (the bit tests) with z and nz; tables by
 * src1 shape (SH_VV, SH_VI, SH_VS), then condition and signedness. */
#define FAST_CC_FN(OP, NAME, S1, COND, SGN)                                                      \
    FAST_SHAPE_FN(fast_i32, fi32cc_##NAME##_##S1##_##COND##_##SGN, OP,                          \
                  SH_##S1 | SH_COND | SH_CC(GT_COND_##COND, SGN), FAST_VERSIONS)
#define FAST_CC_CONDS(X, OP, NAME, S1, SGN)                                                      \
    X(OP, NAME, S1, Z, SGN) X(OP, NAME, S1, NZ, SGN) X(OP, NAME, S1, G, SGN)                      \
    X(OP, NAME, S1, GE, SGN) X(OP, NAME, S1, L, SGN) X(OP, NAME, S1, LE, SGN)
#define FAST_CC_CMP(X, S1) FAST_CC_CONDS(X, GT_OP_CMP, cmp, S1, 0) FAST_CC_CONDS(X, GT_OP_CMP, cmp, S1, 1)
#define FAST_CC_AND(X, S1) X(GT_OP_AND, and, S1, Z, 0) X(GT_OP_AND, and, S1, NZ, 0)
FAST_CC_CMP(FAST_CC_FN, VV)
FAST_CC_CMP(FAST_CC_FN, VI)
FAST_CC_CMP(FAST_CC_FN, VS)
FAST_CC_AND(FAST_CC_FN, VV)
FAST_CC_AND(FAST_CC_FN, VI)
FAST_CC_AND(FAST_CC_FN, VS)
#define FAST_CC_REF(OP, NAME, S1, COND, SGN) fi32cc_##NAME##_##S1##_##COND##_##SGN,
#define FAST_CC_CMP_ROW(S1)                                                                     \
    {{FAST_CC_CONDS(FAST_CC_REF, GT_OP_CMP, cmp, S1, 0)}, {FAST_CC_CONDS(FAST_CC_REF, GT_OP_CMP, cmp, S1, 1)}}
static const gt_fast_fn fast_cc_cmp[3][2][6] = {FAST_CC_CMP_ROW(VV), FAST_CC_CMP_ROW(VI), FAST_CC_CMP_ROW(VS)};
static const gt_fast_fn fast_cc_and[3][2] = {
    {FAST_CC_AND(FAST_CC_REF, VV)}, {FAST_CC_AND(FAST_CC_REF, VI)}, {FAST_CC_AND(FAST_CC_REF, VS)},
};
FAST_I32(rol, GT_OP_ROL)
FAST_I32(ror, GT_OP_ROR)
/* FK_I32's bit operations (v8_bits_op): one source, so plan_shape gives
 * them SH_ANY or SH_VV (alone or with SH_PLAIN, SH_COND or SH_S1), never
 * SH_VI or SH_VS */
#define FAST_I32_BIT_OPS(X)                                                                     \
    X(lzd, GT_OP_LZD) X(cbit, GT_OP_CBIT) X(fbh, GT_OP_FBH) X(fbl, GT_OP_FBL) X(bfrev, GT_OP_BFREV)
#define FAST_I32_1(NAME, OP)                                                                    \
    FAST_SHAPE_FN(fast_i32, fi32_##NAME, OP, SH_ANY, FAST_VERSIONS)                             \
    FAST_SHAPE_FN(fast_i32, fi32vv_##NAME, OP, SH_VV, FAST_VERSIONS)                            \
    FAST_SHAPE_FN(fast_i32, fi32pvv_##NAME, OP, SH_VV | SH_PLAIN, FAST_VERSIONS)                \
    FAST_SHAPE_FN(fast_i32, fi32cvv_##NAME, OP, SH_VV | SH_COND, FAST_VERSIONS)                 \
    FAST_SHAPE_FN(fast_i32, fi32svv_##NAME, OP, SH_VV | SH_S1, FAST_VERSIONS)
FAST_I32_BIT_OPS(FAST_I32_1)
FAST_INT_OPS(FAST_INT)
/* FK_INT's mad and 16-bit rotates: the general shape only (int_shape_of) */
FAST_SHAPE_FN(fast_int, fint_mad, GT_OP_MAD, SH_ANY, )
FAST_SHAPE_FN(fast_int, fint_rol, GT_OP_ROL, SH_ANY, )
FAST_SHAPE_FN(fast_int, fint_ror, GT_OP_ROR, SH_ANY, )
/* FK_FLT handlers.  add, mul and mad in three forms: NAME on eight-lane
 * vectors and NAME##_p for SH_PLAIN operands (both for hosts with AVX2:
 * fast_fn_for asks host_v8), NAME##_lanes on lane arrays; mov in the
 * first and the last (FAST_FLT_VEC); the other operations on lane arrays
 * only (FAST_FLT_LANES). */
#define FAST_FLT_VEC(NAME, OP)                                                                     \
    static FAST_VERSIONS int NAME(gt_thread *t, const gt_xinst *x, uint32_t wren, uint32_t pm,  \
                                  unsigned fm)                                                  \
    {                                                                                           \
        return fast_flt(t, x, wren, pm, fm, OP, 1);                                             \
    }                                                                                           \
    static int NAME##_lanes(gt_thread *t, const gt_xinst *x, uint32_t wren, uint32_t pm,         \
                            unsigned fm)                                                        \
    {                                                                                           \
        return fast_flt(t, x, wren, pm, fm, OP, 0);                                             \
    }
#define FAST_FLT(NAME, OP)                                                                      \
    FAST_FLT_VEC(NAME, OP)                                                                         \
    static FAST_VERSIONS int NAME##_p(gt_thread *t, const gt_xinst *x, uint32_t wren, uint32_t pm, \
                                      unsigned fm)                                              \
    {                                                                                           \
        (void)pm;                                                                               \
        if (fm & 2)   /* ALT mode: the general path */                                          \
            return 0;                                                                           \
        return x->in.exec_size == 8 ? fast_flt_v8(t, x, wren, fm & 1, OP, 8, 1)                 \
                                    : fast_flt_v8(t, x, wren, fm & 1, OP, 16, 1);               \
    }
#define FAST_FLT_LANES(NAME, OP)                                                                \
    static FAST_VERSIONS int NAME(gt_thread *t, const gt_xinst *x, uint32_t wren, uint32_t pm,  \
                                  unsigned fm)                                                  \
    {                                                                                           \
        return fast_flt(t, x, wren, pm, fm, OP, 0);                                             \
    }
FAST_FLT_VEC(fflt_mov, GT_OP_MOV)
FAST_FLT(fflt_add, GT_OP_ADD)
FAST_FLT(fflt_mul, GT_OP_MUL)
FAST_FLT(fflt_mad, GT_OP_MAD)
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__FMA__)
/* fflt_mad_p on hosts with AVX2 and FMA (fast_fn_for): the fused
 * multiply-adds in vector registers, not through fma_lanes' arrays. */
__attribute__((target("avx2,fma"))) static int fflt_mad_pf(gt_thread *t, const gt_xinst *x, uint32_t wren,
                                                          uint32_t pm, unsigned fm)
{
    (void)pm;
    if (fm & 2)   /* ALT mode: the general path */
        return 0;
    return x->in.exec_size == 8 ? fast_flt_v8(t, x, wren, fm & 1, GT_OP_MAD, 8, 3)
                                : fast_flt_v8(t, x, wren, fm & 1, GT_OP_MAD, 16, 3);
}

/* fflt_mad on hosts with AVX2 and FMA for the other operand forms at
 * SIMD8 and SIMD16 (accumulator operands: IGC's Gen12 `mad (16) acc0.0:f
 * acc0.0<8;1>:f r:f r:f` chains; scalars, strides, modifiers). */
__attribute__((target("avx2,fma"))) static int fflt_mad_f(gt_thread *t, const gt_xinst *x, uint32_t wren,
                                                         uint32_t pm, unsigned fm)
{
    if (fm & 2)   /* ALT mode: the general path */
        return 0;
    switch (x->in.exec_size) {
    case 8: return fast_flt_v8(t, x, wren, fm & 1, GT_OP_MAD, 8, 2);
    case 16: return fast_flt_v8(t, x, wren, fm & 1, GT_OP_MAD, 16, 2);
    default: return fflt_mad(t, x, wren, pm, fm);
    }
}

static int host_fma_v8(void)
{
    __builtin_cpu_init();
    return host_has_fma() && __builtin_cpu_supports("avx2");
}
#endif
FAST_FLT_LANES(fflt_sel, GT_OP_SEL)
FAST_FLT_LANES(fflt_cmp, GT_OP_CMP)
FAST_FLT_LANES(fflt_cmpn, GT_OP_CMPN)
FAST_FLT_LANES(fflt_math, GT_OP_MATH)
FAST_FLT_LANES(fflt_rndd, GT_OP_RNDD)
FAST_FLT_LANES(fflt_rndu, GT_OP_RNDU)
FAST_FLT_LANES(fflt_rnde, GT_OP_RNDE)
FAST_FLT_LANES(fflt_rndz, GT_OP_RNDZ)
FAST_FLT_LANES(fflt_frc, GT_OP_FRC)

/* FK_DF: double-precision mov, add, mul, mad, sel and cmp / cmpn with
 * every operand DF (IGC's fp64 code on Gen9), in lanes of doubles:
 * exec_alu_masked's DOM_D path with the same bits.  Sources: denormals
 * flushed to signed zero for arithmetic when cr0 flushes DF denormals
 * (fmode bit 3), then abs and negate; NaN results by nan_rule_df; the
 * result saturated to [0.0, 1.0] (NaN to 0), then flushed; a condition
 * modifier tests the result as written (cmp: the compare). */
static inline __attribute__((always_inline)) void fast_load_df(const gt_thread *t, const gt_xop *p,
                                                               double *o, int n, int ftz)
{
    const uint8_t *g = t->grf;
    if (p->space == GT_XS_IMM || p->scalar) {
        double v = gt_u2d(p->space == GT_XS_IMM ? p->imm_lane[0] : rd_raw(g + p->off[0], 8));
        for (int i = 0; i < n; i++)
            o[i] = v;
    } else if (p->contig) {
        memcpy(o, g + p->off[0], (size_t)n * 8);
    } else {
        for (int i = 0; i < n; i++)
            memcpy(&o[i], g + p->off[i], 8);
    }
    if (ftz)
        for (int i = 0; i < n; i++)
            o[i] = gt_dftz(o[i]);
    if (p->mods & 2)
        for (int i = 0; i < n; i++)
            o[i] = fabs(o[i]);
    if (p->mods & 1)
        for (int i = 0; i < n; i++)
            o[i] = -o[i];
}

static inline __attribute__((always_inline)) int fast_df_n(gt_thread *t, const gt_xinst *x, uint32_t wren,
                                                           uint32_t pm, unsigned fmode, int op, int n)
{
    const gt_inst *in = &x->in;
    if (n > 16)   /* (a DF region of ExecSize 32 spans eight registers: plan_fast_kind) */
        n = 16;
    const int co = in->chan_off, ftz = (fmode >> 3) & 1, ns = op_nsrc(op);
    const int cmp = op == GT_OP_CMP || op == GT_OP_CMPN;
    uint32_t lmask = wren >> co, flags = 0;
    double a[16], b[16], cc[16], r[16];
    int fin = ftz && x->fast_arith;
    fast_load_df(t, &x->src[0], a, n, fin);
    if (ns > 1)
        fast_load_df(t, &x->src[1], b, n, fin);
    if (ns > 2)
        fast_load_df(t, &x->src[2], cc, n, fin);
    switch (op) {
    case GT_OP_ADD: for (int i = 0; i < n; i++) r[i] = a[i] + b[i]; break;
    case GT_OP_MUL: for (int i = 0; i < n; i++) r[i] = a[i] * b[i]; break;
    case GT_OP_MAD: for (int i = 0; i < n; i++) r[i] = fma(b[i], cc[i], a[i]); break;
    case GT_OP_CMP: case GT_OP_CMPN:
        for (int i = 0; i < n; i++)
            flags |= (uint32_t)cmp_f(in->cond, a[i], b[i], op == GT_OP_CMPN) << i;
        break;
    case GT_OP_SEL:
        for (int i = 0; i < n; i++) {
            int take0;
            if (in->cond == GT_COND_NONE)
                take0 = (pm >> (co + i)) & 1;
            else if ((in->cond == GT_COND_GE || in->cond == GT_COND_L) && (isnan(a[i]) || isnan(b[i])))
                take0 = isnan(b[i]) != 0;   /* min/max: a NaN operand loses (seed 001 §2.3.1.4) */
            else
                take0 = cmp_f(in->cond, a[i], b[i], 0);
            r[i] = take0 ? a[i] : b[i];
        }
        break;
    default: for (int i = 0; i < n; i++) r[i] = a[i]; break;   /* GT_OP_MOV */
    }
    const gt_xop *pd = &x->dst;
    if (cmp) {
        if (pd->space == GT_XS_GRF)
            for (uint32_t m = lmask; m; m &= m - 1) {
                int i = __builtin_ctz(m);
                uint64_t v = (flags >> i) & 1 ? ~0ull : 0;
                memcpy(t->grf + pd->off[i], &v, 8);
            }
        x_flag_write(t, x, wren, flags << co);
        return 1;
    }
    if (op == GT_OP_ADD || op == GT_OP_MUL || op == GT_OP_MAD)
        nan_rule_df(r, a, b, cc, ns, n);
    if (in->saturate)
        for (int i = 0; i < n; i++)
            r[i] = isnan(r[i]) ? 0.0 : r[i] < 0.0 ? 0.0 : r[i] > 1.0 ? 1.0 : r[i];
    if (ftz && x->fast_flush)
        for (int i = 0; i < n; i++)
            r[i] = gt_dftz(r[i]);
    for (uint32_t m = lmask; m; m &= m - 1) {
        int i = __builtin_ctz(m);
        memcpy(t->grf + pd->off[i], &r[i], 8);
        if (in->cond && op != GT_OP_SEL)
            flags |= (uint32_t)cond_eval(in->cond, gt_d2u(r[i]), GT_TYPE_DF) << i;
    }
    if (in->cond && op != GT_OP_SEL)
        x_flag_write(t, x, wren, flags << co);
    return 1;
}

#define FAST_DF(NAME, OP)                                                                       \
    static FAST_VERSIONS int NAME(gt_thread *t, const gt_xinst *x, uint32_t wren, uint32_t pm,  \
                                  unsigned fm)                                                  \
    {                                                                                           \
        BY_EXEC_SIZE1(x, fast_df_n, t, x, wren, pm, fm, OP);                                    \
    }
FAST_DF(fdf_mov, GT_OP_MOV)
FAST_DF(fdf_add, GT_OP_ADD)
FAST_DF(fdf_mul, GT_OP_MUL)
FAST_DF(fdf_mad, GT_OP_MAD)
FAST_DF(fdf_sel, GT_OP_SEL)
FAST_DF(fdf_cmp, GT_OP_CMP)
FAST_DF(fdf_cmpn, GT_OP_CMPN)

/* FK_CVT's conversions (cvt_mov_ok), as cvt_out makes them: F to D / UD
 * by fp_to_int_bits (toward zero, NaN 0, out-of-range values clamped; seed
 * 001 §2.4.1); D / UD to F in cr0's rounding mode (the host's,
 * apply_fenv); F to HF to nearest even (another cr0 mode: the general
 * path, fmode bit 2); HF to F exactly.  Every source lane is read before
 * any is written. */
static inline __attribute__((always_inline)) int fast_cvt_n(gt_thread *t, const gt_xinst *x, uint32_t wren,
                                                            unsigned fm, int n)
{
    const gt_xop *ps = &x->src[0], *pd = &x->dst;
    if (pd->type == GT_TYPE_HF && (fm & 4))
        return 0;
    uint32_t lmask = wren >> x->in.chan_off, full = n >= 32 ? ~0u : (1u << n) - 1, u[32], r[32];
    if (ps->space == GT_XS_IMM || ps->scalar) {
        uint32_t v = ps->space == GT_XS_IMM ? (uint32_t)ps->imm_lane[0]
                                            : (uint32_t)rd_raw(t->grf + ps->off[0], ps->size);
        for (int i = 0; i < n; i++)
            u[i] = v;
    } else if (ps->contig && ps->size == 4) {
        copy4(u, t->grf + ps->off[0], n);
    } else {
        for (int i = 0; i < n; i++)
            u[i] = (uint32_t)rd_raw(t->grf + ps->off[i], ps->size);
    }
    switch (pd->type == GT_TYPE_F ? ps->type : pd->type) {
    case GT_TYPE_HF:
        if (pd->type != GT_TYPE_F) {   /* F -> HF */
            for (int i = 0; i < n; i++)
                r[i] = gt_double_to_half(gt_u2f(u[i]), 0);
        } else {
            for (int i = 0; i < n; i++)
                r[i] = gt_f2u(gt_half_to_float((uint16_t)u[i]));
        }
        break;
    case GT_TYPE_D:   /* F -> D */
        if (pd->type != GT_TYPE_F) {
            for (int i = 0; i < n; i++)
                r[i] = (uint32_t)fp_to_int_bits(gt_u2f(u[i]), GT_TYPE_D);
        } else {   /* D -> F */
            for (int i = 0; i < n; i++)
                r[i] = gt_f2u((float)(int32_t)u[i]);
        }
        break;
    default:   /* UD */
        if (pd->type != GT_TYPE_F) {
            for (int i = 0; i < n; i++)
                r[i] = (uint32_t)fp_to_int_bits(gt_u2f(u[i]), GT_TYPE_UD);
        } else {
            for (int i = 0; i < n; i++)
                r[i] = gt_f2u((float)u[i]);
        }
        break;
    }
    if (pd->contig && pd->size == 4 && lmask == full) {
        copy4(t->grf + pd->off[0], r, n);
    } else {
        for (uint32_t m = lmask; m; m &= m - 1) {
            int i = __builtin_ctz(m);
            wr_raw(t->grf + pd->off[i], pd->size, r[i]);
        }
    }
    return 1;
}

static FAST_VERSIONS int fcvt_mov(gt_thread *t, const gt_xinst *x, uint32_t wren, uint32_t pm, unsigned fm)
{
    (void)pm;
    BY_EXEC_SIZE(x, fast_cvt_n, t, x, wren, fm);
}

/* FK_SEND handler: the planned message, when it needs no report (else
 * exec_ctrl sends it through gt_sf_send). */
static int fsend(gt_thread *t, const gt_xinst *x, uint32_t wren, uint32_t pm, unsigned fm)
{
    (void)pm;
    (void)fm;
    return x->sfp.run(t, &x->sfp, wren >> x->in.chan_off);
}

/* FK_CR (cr0_write_ok): cr0.0 = imm, cr0.0 | imm or cr0.0 & imm. */
static int fcr0(gt_thread *t, const gt_xinst *x, uint32_t wren, uint32_t pm, unsigned fm)
{
    (void)pm, (void)fm;
    if (!wren)
        return 1;
    uint32_t v = (uint32_t)x->fast_imm, c = t->cr0[0];
    t->cr0[0] = x->in.op == GT_OP_MOV ? v : x->in.op == GT_OP_OR ? c | v : c & v;
    return 1;
}

/* Nothing to do: FK_CSEL's SH_NOP (csel_shape), FK_SYNC's nop and
 * sync.nop / allrd / allwr (sync_plan). */
static int fnop(gt_thread *t, const gt_xinst *x, uint32_t wren, uint32_t pm, unsigned fm)
{
    (void)t, (void)x, (void)wren, (void)pm, (void)fm;
    return 1;
}

/* sync.bar: the barrier's bit in n0.0 set (then cleared), else declined */
static int fsync_bar(gt_thread *t, const gt_xinst *x, uint32_t wren, uint32_t pm, unsigned fm)
{
    (void)wren, (void)pm, (void)fm;
    uint32_t bit = (uint32_t)x->fast_imm;
    if (!(t->n0[0] & bit))
        return 0;
    t->n0[0] &= ~bit;
    return 1;
}

/* wait n0.x: the register nonzero (then cleared), else declined */
static int fwait(gt_thread *t, const gt_xinst *x, uint32_t wren, uint32_t pm, unsigned fm)
{
    (void)wren, (void)pm, (void)fm;
    uint32_t *n = &t->n0[x->fast_imm];
    if (!*n)
        return 0;
    *n = 0;
    return 1;
}

/* FK_MACC handlers, the general path's arithmetic (exec_alu_masked mul
 * and mach) for these forms: the integer accumulator keeps each lane's
 * 64-bit value in acc_wide[lane] and its low DWord in acc. */
static int fmul_acc(gt_thread *t, const gt_xinst *x, uint32_t wren, uint32_t pm, unsigned fm)
{
    (void)pm;
    (void)fm;
    const gt_inst *in = &x->in;
    int n = in->exec_size;
    uint32_t lmask = wren >> in->chan_off, a[32], b[32];
    fast_load_u32(t, &x->src[0], a, n);
    fast_load_u32(t, &x->src[1], b, n);
    int s0 = is_signed_int(x->src[0].type);
    for (uint32_t m = lmask; m; m &= m - 1) {
        int i = __builtin_ctz(m);
        int64_t av = s0 ? (int64_t)(int32_t)a[i] : (int64_t)a[i];
        int64_t bv = (int64_t)(int32_t)b[i]; /* W sign-, UW zero-extended by the load */
        uint64_t r = (uint64_t)(av * bv);
        uint32_t lo = (uint32_t)r;
        memcpy(t->acc + x->dst.off[i], &lo, 4);
        t->acc_wide[i] = r;
    }
    return 1;
}

static int fmach(gt_thread *t, const gt_xinst *x, uint32_t wren, uint32_t pm, unsigned fm)
{
    (void)pm;
    (void)fm;
    const gt_inst *in = &x->in;
    int n = in->exec_size;
    uint32_t lmask = wren >> in->chan_off, a[32], b[32];
    fast_load_u32(t, &x->src[0], a, n);
    fast_load_u32(t, &x->src[1], b, n);
    int s0 = is_signed_int(x->src[0].type), s1 = is_signed_int(x->src[1].type);
    int accw = in->acc_wr && !(t->cr0[0] & CR0_ACC_DISABLE);
    for (uint32_t m = lmask; m; m &= m - 1) {
        int i = __builtin_ctz(m);
        int64_t av = s0 ? (int64_t)(int32_t)a[i] : (int64_t)a[i];
        int64_t hi16 = s1 ? (int64_t)((int32_t)b[i] >> 16) : (int64_t)(b[i] >> 16);
        uint64_t full = t->acc_wide[i] + ((uint64_t)(av * hi16) << 16);
        uint32_t r = x->mach_lo ? (uint32_t)full : (uint32_t)(full >> 32);
        memcpy(t->grf + x->dst.off[i], &r, 4);
        if (accw) {
            t->acc_wide[i] = full;
            uint32_t lo = (uint32_t)full;
            memcpy(t->acc + i * 4, &lo, 4);
        }
    }
    return 1;
}

/* FK_MACC's addc and subb: exec_alu_masked's 32-bit sum or difference,
 * and the carry or borrow into lane i's accumulator (unless cr0 disables
 * accumulator writes). */
static int faddc_subb(gt_thread *t, const gt_xinst *x, uint32_t wren, uint32_t pm, unsigned fm)
{
    (void)pm;
    (void)fm;
    const gt_inst *in = &x->in;
    int n = in->exec_size;
    uint32_t lmask = wren >> in->chan_off, a[32], b[32];
    fast_load_u32(t, &x->src[0], a, n);
    fast_load_u32(t, &x->src[1], b, n);
    const int sub = in->op == GT_OP_SUBB, accw = !(t->cr0[0] & CR0_ACC_DISABLE);
    for (uint32_t m = lmask; m; m &= m - 1) {
        int i = __builtin_ctz(m);
        uint32_t r = sub ? a[i] - b[i] : a[i] + b[i];
        uint32_t carry = sub ? a[i] < b[i] : r < a[i];
        memcpy(t->grf + x->dst.off[i], &r, 4);
        if (accw) {
            t->acc_wide[i] = carry;
            memcpy(t->acc + i * 4, &carry, 4);
        }
    }
    return 1;
}

/* FK_MACC on eight-lane vectors (fmacc_handler), for ExecSize 8 and 16
 * with a contiguous destination: the lane loops above compute the same
 * values.  Lanes 4h..4h+3 of v as QWords, sign- (sgn) or zero-extended. */
typedef uint32_t v4u32 __attribute__((vector_size(16)));
typedef int32_t v4i32 __attribute__((vector_size(16)));
static inline __attribute__((always_inline)) v4u64 v8_half_q(v8u32 v, int h, int sgn)
{
    v4u32 u;
    memcpy(&u, (const char *)&v + 16 * h, 16);
    return sgn ? (v4u64)__builtin_convertvector((v4i32)u, v4i64) : __builtin_convertvector(u, v4u64);
}

/* The low (high = 0) or high DWords of QWord lanes q[0] (lanes 0..3) and
 * q[1] (4..7) as eight DWord lanes. */
static inline __attribute__((always_inline)) v8u32 v8_of_q(const v4u64 *q, int high)
{
    v4u32 a = __builtin_convertvector(high ? q[0] >> 32 : q[0], v4u32);
    v4u32 b = __builtin_convertvector(high ? q[1] >> 32 : q[1], v4u32);
    v8u32 r;
    memcpy(&r, &a, 16);
    memcpy((char *)&r + 16, &b, 16);
    return r;
}

/* Lanes c..c+7 of an integer source region p (direct GRF or scalar
 * immediate; D/UD, or W/UW extended by its type), as fast_load_u32
 * loads them without modifiers. */
static inline __attribute__((always_inline)) v8u32 v8_src_int(const uint8_t *g, const gt_xop *p, int c)
{
    if (p->size == 4)
        return v8_src(g, p, c);
    if (p->space == GT_XS_IMM || p->scalar)
        return v8_dup((uint32_t)int_of(p->space == GT_XS_IMM ? p->imm_lane[0] : rd_raw(g + p->off[0], p->size),
                                       p->type));
    if (p->contig)
        return v8_w16(g + p->off[0] + 2 * c, p->type == GT_TYPE_W);
    uint32_t v[8];
    for (int i = 0; i < 8; i++)
        v[i] = (uint32_t)int_of(rd_raw(g + p->off[c + i], 2), p->type);
    return v8_load(v);
}

/* fmul_acc, fmach and faddc_subb for n (8 or 16) lanes: every source
 * lane read, then the enabled lanes' destination and accumulator
 * (acc_wide by lane, its low DWord in acc) written. */
static inline __attribute__((always_inline)) int fast_macc_n(gt_thread *t, const gt_xinst *x, uint32_t wren,
                                                             int op, int n)
{
    const uint8_t *g = t->grf;
    const uint32_t lmask = wren >> x->in.chan_off;
    const int s0 = is_signed_int(x->src[0].type), s1 = is_signed_int(x->src[1].type);
    /* mul's accumulator is its destination; the others' an implicit write */
    const int accw = op == GT_OP_MUL || ((op != GT_OP_MACH || x->in.acc_wr) && !(t->cr0[0] & CR0_ACC_DISABLE));
    v8u32 r[2], lo[2];
    v4u64 wide[4];
#pragma GCC unroll 2
    for (int c = 0; c < n; c += 8) {
        v8u32 a = v8_src(g, &x->src[0], c);
        v8u32 b = op == GT_OP_MUL ? v8_src_int(g, &x->src[1], c)   /* (W/UW: mul's only) */
                                  : v8_src(g, &x->src[1], c);
        v4u64 *w = wide + c / 4;
        if (op == GT_OP_MUL || op == GT_OP_MACH) {
            v8u32 m = op == GT_OP_MUL ? b : s1 ? (v8u32)((v8i32)b >> 16) : b >> 16;
            for (int h = 0; h < 2; h++) {
                v4u64 p = (v4u64)((v4i64)v8_half_q(a, h, s0) * (v4i64)v8_half_q(m, h, op == GT_OP_MUL || s1));
                w[h] = op == GT_OP_MUL ? p : v4_load(t->acc_wide + c + 4 * h) + (p << 16);
            }
            lo[c / 8] = v8_of_q(w, 0);
            r[c / 8] = x->mach_lo ? lo[c / 8] : v8_of_q(w, 1);
        } else {
            r[c / 8] = op == GT_OP_SUBB ? a - b : a + b;
            lo[c / 8] = (op == GT_OP_SUBB ? v8_cmp(GT_COND_L, 0, a, b) : v8_cmp(GT_COND_L, 0, r[c / 8], a)) & 1;
            w[0] = v8_half_q(lo[c / 8], 0, 0);
            w[1] = v8_half_q(lo[c / 8], 1, 0);
        }
    }
    if (op != GT_OP_MUL)
        v8_put_n(t->grf + x->dst.off[0], r, lmask, n);
    if (accw) {
        v8_put_n(t->acc + (op == GT_OP_MUL ? x->dst.off[0] : 0), lo, lmask, n);
        v4_put_n((uint8_t *)t->acc_wide, wide, lmask, n);
    }
    return 1;
}

#define FAST_MACC_V(NAME, OP)                                                                   \
    static FAST_VERSIONS int NAME(gt_thread *t, const gt_xinst *x, uint32_t wren, uint32_t pm,  \
                                  unsigned fm)                                                  \
    {                                                                                           \
        (void)pm, (void)fm;                                                                     \
        return x->in.exec_size == 8 ? fast_macc_n(t, x, wren, OP, 8)                            \
                                    : fast_macc_n(t, x, wren, OP, 16);                          \
    }
FAST_MACC_V(fmul_acc_v, GT_OP_MUL)
FAST_MACC_V(fmach_v, GT_OP_MACH)
FAST_MACC_V(faddc_v, GT_OP_ADDC)
FAST_MACC_V(fsubb_v, GT_OP_SUBB)

/* FK_MACC's handler: the vector ones for ExecSize 8 and 16 with a
 * contiguous destination, the lane loops otherwise. */
static gt_fast_fn fmacc_handler(const gt_xinst *x)
{
    int op = x->in.op, v = (x->in.exec_size == 8 || x->in.exec_size == 16) && x->dst.contig;
    if (op == GT_OP_MUL)
        return v ? fmul_acc_v : fmul_acc;
    if (op == GT_OP_MACH)
        return v ? fmach_v : fmach;
    return !v ? faddc_subb : op == GT_OP_ADDC ? faddc_v : fsubb_v;
}

/* FK_CSEL's integer csel with n (ExecSize) a constant: every lane's choice
 * computed, then the enabled lanes stored. */
static inline __attribute__((always_inline)) int fcsel_int_n(gt_thread *t, const gt_xinst *x,
                                                             uint32_t lmask, int n)
{
    if (n > 32)   /* ExecSize */
        n = 32;
    uint32_t a[32], b[32], c[32], r[32];
    fast_load_u32(t, &x->src[0], a, n);
    fast_load_u32(t, &x->src[1], b, n);
    fast_load_u32(t, &x->src[2], c, n);
    const int sc = is_signed_int(x->src[2].type);
    /* cmp_i(cond, src2, 0) as the relations the condition accepts (bit 0
     * less, 1 equal, 2 greater), tested per lane without a switch */
    static const uint8_t rel_of[16] = {[GT_COND_Z] = 2, [GT_COND_NZ] = 5, [GT_COND_G] = 4,
                                       [GT_COND_GE] = 6, [GT_COND_L] = 1, [GT_COND_LE] = 3};
    const unsigned rel = rel_of[x->in.cond & 15];
    for (int i = 0; i < n; i++) {
        int64_t cv = sc ? (int64_t)(int32_t)c[i] : (int64_t)c[i];
        unsigned k = (unsigned)(cv < 0) | (unsigned)(cv == 0) << 1 | (unsigned)(cv > 0) << 2;
        r[i] = rel & k ? a[i] : b[i];
    }
    const gt_xop *pd = &x->dst;
    for (uint32_t m = lmask; m; m &= m - 1) {
        int i = __builtin_ctz(m);
        if (pd->size == 4) {
            memcpy(t->grf + pd->off[i], &r[i], 4);
        } else {   /* W/UW: the low word */
            uint16_t h = (uint16_t)r[i];
            memcpy(t->grf + pd->off[i], &h, 2);
        }
    }
    return 1;
}

/* FK_CSEL handler: the general path's csel for these types (integers
 * compared as their signed or unsigned values, F as floats). */
static int fcsel(gt_thread *t, const gt_xinst *x, uint32_t wren, uint32_t pm, unsigned fm)
{
    (void)pm;
    const gt_inst *in = &x->in;
    int n = in->exec_size;
    uint32_t lmask = wren >> in->chan_off;
    const gt_xop *pd = &x->dst;
    if (pd->type != GT_TYPE_F) {
        if (n == 4)   /* IGC's Gen12 loops: (W) csel (4) (eq)f0.0 r0.0:w ... */
            return fcsel_int_n(t, x, lmask, 4);
        BY_EXEC_SIZE1(x, fcsel_int_n, t, x, lmask);
    }
    if (fm & 2)
        return 0; /* ALT mode: the general path */
    float a[32], b[32], c[32];
    int ftz = !(fm & 1) ? 0 : 1;
    fast_load_f(t, &x->src[0], a, n, ftz);
    fast_load_f(t, &x->src[1], b, n, ftz);
    fast_load_f(t, &x->src[2], c, n, ftz);
    for (uint32_t m = lmask; m; m &= m - 1) {
        int i = __builtin_ctz(m);
        float r = cmp_f(in->cond, c[i], 0.0, 0) ? a[i] : b[i];
        memcpy(t->grf + pd->off[i], &r, 4);
    }
    return 1;
}

/* SH_SELF (self_cmp_shape): the enabled lanes' flag bits, all the same. */
static int fcmp_self(gt_thread *t, const gt_xinst *x, uint32_t wren, uint32_t pm, unsigned fm)
{
    (void)pm, (void)fm;
    x_flag_write(t, x, wren, wren & -(uint32_t)x->fast_imm);
    return 1;
}

/* FK_FLAG: a flag or notification register's bytes copied to or from a
 * GRF element, or set from the immediate (flag_mov_shape's offsets). */
static int fflag_mov(gt_thread *t, const gt_xinst *x, uint32_t wren, uint32_t pm, unsigned fm)
{
    (void)pm;
    (void)fm;
    if (!wren)
        return 1;
    uint64_t k = x->fast_imm;
    uint8_t *d = (uint8_t *)t + (uint16_t)(k >> 32);
    const uint8_t *s = k >> 48 == FLAG_MOV_IMM ? (const uint8_t *)&x->fast_imm : (const uint8_t *)t + (k >> 48);
    if (x->dst.size == 4)
        memcpy(d, s, 4);
    else
        memcpy(d, s, 2);
    return 1;
}

/* FK_RAW: any region (fraw_any), raw_shape's contiguous (fraw_pvv) and
 * broadcast (fraw_pvs) sources */
#define FAST_RAW(NAME, SHAPE)                                                                   \
    static FAST_VERSIONS int NAME(gt_thread *t, const gt_xinst *x, uint32_t wren, uint32_t pm,  \
                                  unsigned fm)                                                  \
    {                                                                                           \
        (void)pm;                                                                               \
        (void)fm;                                                                               \
        return fast_raw(t, x, wren, SHAPE);                                                     \
    }
FAST_RAW(fraw_any, SH_ANY)

/* FK_RAW's SH_S1: one element's bytes, of any size (IGC's Gen12 loops:
 * `(W&f0.0.any32h) mov (1) r3.0:hf 0x1:hf`). */
static int fraw_s1(gt_thread *t, const gt_xinst *x, uint32_t wren, uint32_t pm, unsigned fm)
{
    (void)pm;
    (void)fm;
    if (!((wren >> x->in.chan_off) & 1))
        return 1;
    const gt_xop *ps = &x->src[0];
    const uint8_t *s = ps->space == GT_XS_IMM ? (const uint8_t *)&ps->imm_lane[0]
                       : (ps->space == GT_XS_ACC ? t->acc : t->grf) + ps->off[0];
    memmove(t->grf + x->dst.off[0], s, x->dst.size);
    return 1;
}
FAST_RAW(fraw_pvv, SH_VV | SH_PLAIN)
FAST_RAW(fraw_pvs, SH_VS | SH_PLAIN)

/* FK_RAW of B/UB, W/UW/HF or QWord/DF elements at ExecSize 2 and up
 * (strided HF and byte moves, DF copies): a GRF region or an immediate,
 * every source lane read before any enabled lane is written. */
static int fraw_lanes(gt_thread *t, const gt_xinst *x, uint32_t wren, uint32_t pm, unsigned fm)
{
    (void)pm;
    (void)fm;
    const gt_xop *ps = &x->src[0];
    const int n = x->in.exec_size > 32 ? 32 : x->in.exec_size, sz = x->dst.size;
    uint64_t v[32];
    for (int i = 0; i < n; i++)
        v[i] = ps->space == GT_XS_IMM ? ps->imm_lane[0] : rd_raw(t->grf + ps->off[i], sz);
    for (uint32_t m = wren >> x->in.chan_off; m; m &= m - 1) {
        int i = __builtin_ctz(m);
        wr_raw(t->grf + x->dst.off[i], sz, v[i]);
    }
    return 1;
}

static gt_fast_fn fast_fn_for(const gt_xinst *x)
{
    int op = x->in.op;
    switch (x->fast) {
    /* the handler of the instruction's operand shape (SH_*) */
#define BY_SHAPE(PFX, NAME)                                                                     \
    (x->fast_shape == SH_VV   ? PFX##vv_##NAME                                                  \
     : x->fast_shape == SH_VI ? PFX##vi_##NAME                                                  \
     : x->fast_shape == SH_VS ? PFX##vs_##NAME                                                  \
                              : PFX##_##NAME)
#define BY_SRC1(PFX, NAME, MOD)                                                                 \
    (x->fast_shape == (SH_VV | MOD)   ? PFX##vv_##NAME                                          \
     : x->fast_shape == (SH_VI | MOD) ? PFX##vi_##NAME                                          \
                                      : PFX##vs_##NAME)
#define CASE_I32(NAME, OP)                                                                      \
    case OP:                                                                                    \
        if (x->fast_shape & SH_PLAIN)                                                           \
            return BY_SRC1(fi32p, NAME, SH_PLAIN);                                              \
        if (x->fast_shape & SH_COND)                                                            \
            return BY_SRC1(fi32c, NAME, SH_COND);                                               \
        if (x->fast_shape & SH_S1)                                                              \
            return BY_SRC1(fi32s, NAME, SH_S1);                                                 \
        return BY_SHAPE(fi32, NAME);
#define CASE_INT(NAME, OP)                                                                      \
    case OP:                                                                                    \
        return x->fast_shape & SH_PLAIN ? BY_SRC1(fintp, NAME, SH_PLAIN) : BY_SHAPE(fint, NAME);
    case FK_I32:
        if (x->fast_shape == SH_SELF)
            return fcmp_self;
        if ((x->fast_shape & SH_COND) && (x->fast_shape & 3) && x->in.cond >= GT_COND_Z &&
            x->in.cond <= GT_COND_LE) {
            int s1 = (x->fast_shape & 3) - SH_VV, c = x->in.cond - GT_COND_Z;
            if (op == GT_OP_CMP || op == GT_OP_CMPN)
                return fast_cc_cmp[s1][x->fast_arith != 0][c];
            if (op == GT_OP_AND && c < 2)
                return fast_cc_and[s1][c];
        }
        if (x->fast_shape & SH_MODS)
            switch (op) {
            case GT_OP_MOV: return fi32mvv_mov;
            case GT_OP_ADD: return BY_SRC1(fi32m, add, SH_PLAIN | SH_MODS);
            default: return BY_SRC1(fi32m, mul, SH_PLAIN | SH_MODS);
            }
        switch (op) {
        FAST_INT_OPS(CASE_I32)
        CASE_I32(cmp, GT_OP_CMPN)
        CASE_I32(rol, GT_OP_ROL)
        CASE_I32(ror, GT_OP_ROR)
#define CASE_I32_1(NAME, OP)                                                                    \
    case OP:                                                                                    \
        return x->fast_shape == (SH_VV | SH_PLAIN) ? fi32pvv_##NAME                             \
               : x->fast_shape == (SH_VV | SH_COND) ? fi32cvv_##NAME                            \
               : x->fast_shape == (SH_VV | SH_S1)   ? fi32svv_##NAME                            \
               : x->fast_shape == SH_VV             ? fi32vv_##NAME                             \
                                                    : fi32_##NAME;
        FAST_I32_BIT_OPS(CASE_I32_1)
        default: return NULL;
        }
    case FK_FLT: {
        int v8 = host_v8(), plain = x->fast_shape == SH_PLAIN;
        /* (a condition or saturation: the lane arrays) */
        v8 &= !x->in.cond && !x->in.saturate;
#define CASE_FLT(NAME, OP) case OP: return !v8 ? NAME##_lanes : plain ? NAME##_p : NAME;
        switch (op) {
        case GT_OP_MOV: return v8 ? fflt_mov : fflt_mov_lanes;
        CASE_FLT(fflt_add, GT_OP_ADD)
        CASE_FLT(fflt_mul, GT_OP_MUL)
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__FMA__)
        case GT_OP_MAD:
            if (v8 && host_fma_v8())
                return plain ? fflt_mad_pf : fflt_mad_f;
            return !v8 ? fflt_mad_lanes : plain ? fflt_mad_p : fflt_mad;
#else
        CASE_FLT(fflt_mad, GT_OP_MAD)
#endif
        case GT_OP_SEL: return fflt_sel;
        case GT_OP_CMP: return fflt_cmp;
        case GT_OP_CMPN: return fflt_cmpn;
        case GT_OP_MATH: return fflt_math;
        case GT_OP_RNDD: return fflt_rndd;
        case GT_OP_RNDU: return fflt_rndu;
        case GT_OP_RNDE: return fflt_rnde;
        case GT_OP_RNDZ: return fflt_rndz;
        case GT_OP_FRC: return fflt_frc;
        default: return NULL;
        }
#undef CASE_FLT
    }
    case FK_INT:
        if (x->fast_shape == SH_SELF)
            return fcmp_self;
        switch (op) {
        FAST_INT_OPS(CASE_INT)
        CASE_INT(cmp, GT_OP_CMPN)
        case GT_OP_MAD: return x->fast_shape == SH_ANY ? fint_mad : NULL;
        case GT_OP_ROL: return x->fast_shape == SH_ANY ? fint_rol : NULL;
        case GT_OP_ROR: return x->fast_shape == SH_ANY ? fint_ror : NULL;
        default: return NULL;
        }
    case FK_RAW:
        return x->fast_shape == SH_S1                ? fraw_s1
               : x->dst.size != 4                    ? fraw_lanes
               : x->fast_shape == (SH_VV | SH_PLAIN) ? fraw_pvv
               : x->fast_shape == (SH_VS | SH_PLAIN) ? fraw_pvs
                                                     : fraw_any;
    case FK_FLAG: return fflag_mov;
    case FK_MACC:
        return fmacc_handler(x);
    case FK_CSEL: return x->fast_shape == SH_NOP ? fnop : fcsel;
    case FK_SEND: return fsend;
    case FK_CR: return fcr0;
    case FK_CVT: return fcvt_mov;
    case FK_DF:
        switch (op) {
        case GT_OP_MOV: return fdf_mov;
        case GT_OP_ADD: return fdf_add;
        case GT_OP_MUL: return fdf_mul;
        case GT_OP_MAD: return fdf_mad;
        case GT_OP_SEL: return fdf_sel;
        case GT_OP_CMP: return fdf_cmp;
        case GT_OP_CMPN: return fdf_cmpn;
        default: return NULL;
        }
    case FK_SYNC: return op == GT_OP_WAIT ? fwait : op == GT_OP_SYNC && x->in.sync_fc == 14 ? fsync_bar : fnop;
    default: return NULL;
    }
}

/* Run x through its specialised handler; 0 when the general path must. */
static inline int exec_fast(xctx *c, const gt_xinst *x, uint32_t wren, uint32_t pm)
{
    return x->fast_fn(c->t, x, wren, pm, c->fmode);
}

/* An ALU instruction on the general path (ran_fast non-NULL: its handler
 * first, for callers that have not run it, with *ran_fast set to 1 when it
 * did not decline; the run loop has run it). */
static int exec_alu(xctx *c, const gt_xinst *x, uint32_t emask, uint64_t *nchan, int *ran_fast)
{
    if (__builtin_expect(x->chan_pairs, 0))
        return exec_alu_pairs(c, x, nchan);
    const gt_inst *in = &x->in;
    if (ran_fast && x->fast && !c->reference) {
        /* the masks as the run loop's block forms them (gt_xinst.nomask,
         * pm_*): the differential tests compare them with pred_mask's */
        uint32_t fpm = x_pred_mask(c->t, x);
        uint32_t wren = emask & (fpm | -(uint32_t)x->fast_selnp);
        if (exec_fast(c, x, wren, fpm)) {
            *ran_fast = 1;
            *nchan += popc32(wren);
            if (x->fenv)
                apply_fenv(c);
            return GTSIM_OK;
        }
    }
    uint32_t pm = in->pred == GT_PRED_NONE ? ~0u : pred_mask(c->t, in);
    if (__builtin_expect(in->op == GT_OP_MATH && c->rm, 0)) {
        round_nearest(c);
        int st = exec_alu_masked(c, x, emask, pm, nchan);
        apply_fenv(c);
        return st;
    }
    return exec_alu_masked(c, x, emask, pm, nchan);
}

/* ------------------------------------------------------------------ */
/* Control flow                                                         */
/* ------------------------------------------------------------------ */

/* The filter of the join table's entries. */
static uint64_t jt_bloom_of(const gt_thread *t)
{
    uint64_t b = 0;
    for (uint32_t e = 0; e < t->jt_n; e++)
        b |= jt_bit(t->jt_ip[e]);
    return b;
}

/* Add channels m waiting at ip to the join table. */
static inline void jt_add(gt_thread *t, uint32_t ip, uint32_t m)
{
    for (uint32_t e = 0; e < t->jt_n; e++)
        if (t->jt_ip[e] == ip) {
            t->jt_mask[e] |= m;
            return;
        }
    if (t->jt_n < 32) {   /* entries hold disjoint, non-empty channel sets */
        t->jt_ip[t->jt_n] = ip;
        t->jt_mask[t->jt_n++] = m;
        t->jt_bloom |= jt_bit(ip);
    }
}

/* Remove channels m from the join table (dropping emptied entries). */
static void jt_remove(gt_thread *t, uint32_t m)
{
    for (uint32_t e = 0; e < t->jt_n;) {
        t->jt_mask[e] &= ~m;
        if (!t->jt_mask[e]) {
            t->jt_ip[e] = t->jt_ip[t->jt_n - 1];
            t->jt_mask[e] = t->jt_mask[--t->jt_n];
        } else {
            e++;
        }
    }
    t->jt_bloom = jt_bloom_of(t);
}

/* Channels m (absolute) stop and wait at byte offset tip. */
static inline void cf_park(gt_thread *t, uint32_t m, uint32_t tip)
{
    if (!m)
        return;
    if (m & t->wait_mask)   /* channels already waiting (NoMask) wait elsewhere now */
        jt_remove(t, m & t->wait_mask);
    t->exec_mask &= ~m;
    t->wait_mask |= m;
    jt_add(t, tip, m);
}

/* The join-table entry of ip, or -1.  Searched from the newest entry:
 * structured code joins in the reverse order of its parks. */
static inline int cf_entry(const gt_thread *t, uint32_t ip)
{
    for (int e = (int)t->jt_n - 1; e >= 0; e--)
        if (t->jt_ip[e] == ip)
            return e;
    return -1;
}

/* Channels waiting at ip rejoin. */
static inline void cf_arrive(gt_thread *t, uint32_t ip)
{
    int e = cf_entry(t, ip);
    if (e < 0)
        return;
    uint32_t got = t->jt_mask[e];
    t->jt_ip[e] = t->jt_ip[t->jt_n - 1];
    t->jt_mask[e] = t->jt_mask[--t->jt_n];
    t->exec_mask |= got;
    t->wait_mask &= ~got;
    t->jt_bloom = jt_bloom_of(t);
}

/* Whether x may be a join point: cf_arrive's test, without its table scan
 * for the instructions the filter rules out (jt_bloom covers the table). */
static inline int cf_may_join(const gt_thread *t, const gt_xinst *x)
{
    return (t->jt_bloom & x->jt_bit) != 0;
}

static inline int cf_waiting_at(const gt_thread *t, uint32_t ip)
{
    return cf_entry(t, ip) >= 0;
}

/* Read DWord `idx` of a scalar source (register or immediate). */
static int src_dword(xctx *c, const gt_xinst *x, int s, int idx, uint32_t *out)
{
    const gt_operand *o = &x->in.src[s];
    if (o->file == GT_FILE_IMM) {
        *out = (uint32_t)o->imm;
        return 0;
    }
    int base;
    if (o->file == GT_FILE_GRF && !o->indirect) {
        base = o->nr * 32 + o->subnr + idx * 4;
    } else if (o->file == GT_FILE_GRF) {
        base = c->t->a0[o->ind_subnr] + o->ind_off + idx * 4;
    } else {
        return -1;
    }
    if (base < 0 || base + 4 > GT_GRF_REGS * 32)
        return -1;
    memcpy(out, c->t->grf + base, 4);
    return 0;
}

/* seed 004 if / else / endif / do / while (structured control flow; x->ctrl
 * CTRL_STRUCT): channels park in the join table, JIP a byte offset from x.
 * emask: the enabled channels, wren: those whose predicate holds.  Returns
 * the next IP (bytes from kernel start).  Nothing to report: the run loop's
 * lean path and exec_ctrl both run these here. */
static inline __attribute__((always_inline)) uint32_t cf_structured(gt_thread *t, const gt_xinst *x,
                                                                     uint32_t emask, uint32_t wren)
{
    uint32_t nxt = x->ip + x->len, jip = x->ip + (uint32_t)x->in.jip;
    switch (x->in.op) {
    case GT_OP_IF:
        cf_park(t, emask & ~wren, jip);
        return !t->exec_mask && !cf_waiting_at(t, nxt) ? jip : nxt;
    case GT_OP_ELSE:
        cf_park(t, emask, jip);
        return !t->exec_mask && !cf_waiting_at(t, nxt) ? jip : nxt;
    case GT_OP_ENDIF:
        return emask ? nxt : jip;
    case GT_OP_WHILE:
        if (!wren)
            return nxt;
        cf_park(t, emask & ~wren, nxt);
        /* the channels that loop wait at jip and rejoin there at once,
         * with any already waiting there: with none, they stay enabled */
        if ((t->jt_bloom & jt_bit(jip)) || (wren & t->wait_mask))
            cf_park(t, wren, jip);
        return jip;
    default: /* GT_OP_DO */
        return nxt;
    }
}

/* seed 004 break / cont (x->ctrl CTRL_PARK): the channels whose predicate
 * holds (wren) wait at x->park_ip (break: they leave the loop; cont: they
 * skip to its while); with no channel left enabled and none waiting at the
 * next instruction, the thread jumps to JIP.  Returns the next IP. */
static inline __attribute__((always_inline)) uint32_t cf_leave(gt_thread *t, const gt_xinst *x, uint32_t wren)
{
    uint32_t nxt = x->ip + x->len;
    cf_park(t, wren, x->park_ip);
    return !t->exec_mask && !cf_waiting_at(t, nxt) ? x->ip + (uint32_t)x->in.jip : nxt;
}

/* x must wait (wait or sync.bar before its notification, sendc before its
 * dependencies): the thread blocks at x and runs it again when resumed.  x
 * is counted (instructions, channels, profile) once, when it completes:
 * *stop = 2 tells the run loop so, and the channels exec_ctrl counted on
 * entry are taken back. */
static int block_at(gt_thread *t, const gt_xinst *x, uint32_t wren, uint32_t *next_ip, int *stop,
                    uint64_t *nchan)
{
    t->state = GT_THREAD_BLOCKED;
    *next_ip = x->ip;
    *stop = 2;
    *nchan -= popc32(wren);
    return GTSIM_OK;
}

/* Execute a branch / control instruction.  Sets *next_ip.  Returns a status;
 * *stop set when the thread must return (done, or blocked after x ran), 2
 * when it blocked at x before x could run (block_at). */
static int exec_ctrl(xctx *c, const gt_xinst *x, uint32_t emask, uint32_t *next_ip, int *stop,
                     uint64_t *nchan)
{
    gt_thread *t = c->t;
    const gt_inst *in = &x->in;
    uint32_t ip = x->ip;
    uint32_t len = in->length ? in->length : (in->compacted ? 8 : 16);
    uint32_t nxt = ip + len;
    uint32_t pm = pred_mask(t, in);
    uint32_t wren = emask & pm;
    *next_ip = nxt;
    *nchan += popc32(wren);
    uint32_t jip = ip + (uint32_t)in->jip, uip = ip + (uint32_t)in->uip;
    if (in->jip_reg && (in->op == GT_OP_BRD || in->op == GT_OP_BRC)) {
        /* seed 004 brd / brc: register offsets, bytes from this IP; brd a
         * scalar DWord, brc the DWord pair (JIP, UIP) read as <2;2,1> */
        uint32_t dj, du = 0;
        if (src_dword(c, x, 0, 0, &dj) ||
            (in->op == GT_OP_BRC && src_dword(c, x, 0, 1, &du)))
            return report(c, x, GTSIM_ERR_ILLEGAL, "bad branch offset register operand");
        jip = ip + dj;
        uip = ip + du;
    }

    switch (in->op) {
    case GT_OP_NOP:
        break;
    case GT_OP_ILLEGAL:
        return report(c, x, GTSIM_ERR_ILLEGAL, "illegal instruction");
    case GT_OP_JMPI: {
        /* scalar: the first channel's predicate decides (Gen9: relative to the next IP) */
        int take = in->pred == GT_PRED_NONE ? 1 : (int)((pm >> in->chan_off) & 1);
        if (take) {
            if (in->jip_reg) {
                uint32_t d;
                if (src_dword(c, x, 1, 0, &d))
                    return report(c, x, GTSIM_ERR_ILLEGAL, "bad jmpi index operand");
                *next_ip = nxt + d;
            } else {
                *next_ip = jip;  /* decoder: jip counts from this instruction */
            }
        }
        break;
    }
    case GT_OP_IF:
    case GT_OP_ELSE:
    case GT_OP_ENDIF:
    case GT_OP_DO:
    case GT_OP_WHILE:
        *next_ip = cf_structured(t, x, emask, wren);
        break;
    case GT_OP_BREAK:
        if (!x->park_ip) {   /* after the while at UIP, looked up once: then the lean path runs x */
            int st = GTSIM_OK;
            const gt_xinst *w = gt_kcache_inst(c->dev, c->k, c->vm, uip, &st);
            if (!w)
                return st;
            ((gt_xinst *)x)->park_ip = uip + (w->in.length ? w->in.length : 16);
            ((gt_xinst *)x)->ctrl = CTRL_PARK;
        }
        /* fall through */
    case GT_OP_CONT:
        *next_ip = cf_leave(t, x, wren);
        break;
    case GT_OP_GOTO:
        /* seed 004 goto: with BranchCtrl clear, the channels that wait at the
         * join IP IP+UIP are the predicated ones (Gen12, the seed's
         * pseudocode) or the non-predicated ones (Gen8/9: IGC flips a forward
         * goto's predicate on BDW/SKL, "the false channels are the ones that
         * take the jump"), gt_eu_behaviour.goto_pred_waits; the others go on
         * at IP+1.  With BranchCtrl set (IGC's backward gotos) the predicated
         * channels take IP+UIP and the others wait at IP+1.  No active
         * channel left: IP+JIP. */
        if (in->branch_ctrl) {
            if (wren) {
                cf_park(t, emask & ~wren, nxt);
                cf_park(t, wren, uip);
                *next_ip = uip;
            } else if (!t->exec_mask && !cf_waiting_at(t, nxt)) {
                *next_ip = jip;
            }
        } else {
            cf_park(t, c->goto_pred_waits ? wren : emask & ~wren, uip);
            if (!t->exec_mask && !cf_waiting_at(t, nxt))
                *next_ip = jip;
        }
        break;
    case GT_OP_HALT:
    case GT_OP_BRC:
        cf_park(t, wren, uip);
        if (!t->exec_mask && !cf_waiting_at(t, nxt))
            *next_ip = jip;
        break;
    case GT_OP_JOIN:
        if (!t->exec_mask && !cf_waiting_at(t, nxt))
            *next_ip = jip;
        break;
    case GT_OP_BRD:
        if (wren) {
            cf_park(t, emask & ~wren, nxt);
            cf_park(t, wren, jip);
            *next_ip = jip;
        }
        break;
    case GT_OP_CALL:
    case GT_OP_CALLA: {
        if (!wren)
            break;
        uint32_t target;
        if (in->jip_reg) {
            uint32_t d;
            if (src_dword(c, x, 1, 0, &d))
                return report(c, x, GTSIM_ERR_ILLEGAL, "bad call target operand");
            target = in->op == GT_OP_CALLA ? d - c->hw_ip_base : ip + d;
        } else {
            target = in->op == GT_OP_CALLA ? (uint32_t)in->jip - c->hw_ip_base : jip;
        }
        const gt_operand *d = &in->dst;
        if (d->file != GT_FILE_GRF || d->indirect || d->nr * 32 + d->subnr + 8 > GT_GRF_REGS * 32)
            return report(c, x, GTSIM_ERR_ILLEGAL, "call destination must be a direct GRF");
        uint32_t rv[2] = {c->hw_ip_base + nxt, wren >> in->chan_off};
        memcpy(t->grf + d->nr * 32 + d->subnr, rv, 8);
        cf_park(t, emask & ~wren, nxt);
        cf_park(t, wren, target);
        *next_ip = target;
        break;
    }
    case GT_OP_RET: {
        uint32_t rip;
        if (src_dword(c, x, 0, 0, &rip))
            return report(c, x, GTSIM_ERR_ILLEGAL, "bad ret operand");
        rip -= c->hw_ip_base;
        cf_park(t, wren, rip);
        if (!t->exec_mask)
            *next_ip = rip;
        break;
    }
    case GT_OP_WAIT: {
        /* wait n0.x: block while the notification register is zero */
        int sub = wait_n0_sub(in);
        if (t->n0[sub] == 0)
            return block_at(t, x, wren, next_ip, stop, nchan);
        t->n0[sub] = 0;
        break;
    }
    case GT_OP_SYNC:
        /* seed 004 sync.  nop, allrd, allwr wait for software-scoreboard
         * dependencies (out-of-order sources read / destinations written):
         * in this functional, in-order model every send and math has
         * completed (read its sources, written its destination) before the
         * next instruction runs, so they order nothing more; the SWSB
         * fields of every instruction (gt_inst.swsb_*) are decoded and need
         * no effect either.  bar: "blocks until the bit corresponding to
         * the barrier id is set [in n0], and clears it": the id is
         * Src0.ImmValue[4:0], Src0[4:0] of an ARF source, else 0; the
         * gateway's barrier message sets the bit for every thread of the
         * group (src/sf/sf.c). */
        switch (in->sync_fc) {
        case 0: case 2: case 3:
            break;
        case 14: {
            const gt_operand *o = &in->src[0];
            int sid = sync_bar_id(o);
            uint32_t id = sid < 0 ? 0 : (uint32_t)sid;
            if (sid < 0) {
                uint8_t img[ARF_IMG_SIZE];
                if (arf_img_base(o->nr) < 0 || o->subnr + 4 > ARF_IMG_SIZE)
                    return report(c, x, GTSIM_ERR_UNIMPL, "sync.bar: unsupported ARF barrier id source");
                arf_read(c, o->nr, img);
                id = img[arf_img_base(o->nr) + o->subnr] & 31u;
            }
            uint32_t bit = 1u << id;
            if (!(t->n0[0] & bit))
                return block_at(t, x, wren, next_ip, stop, nchan);
            t->n0[0] &= ~bit;
            break;
        }
        default:
            /* fence (n2 set by a gateway fence response) and host (n1 set
             * by the host) wait for notifications nothing here sends */
            return report(c, x, GTSIM_ERR_UNIMPL, in->sync_fc == 13
                              ? "sync.fence: gateway fence notification (n2) not modelled"
                              : "sync.host: host notification (n1) not modelled");
        }
        break;
    case GT_OP_SEND: case GT_OP_SENDC: case GT_OP_SENDS: case GT_OP_SENDSC: {
        if (in->op == GT_OP_SENDC || in->op == GT_OP_SENDSC) {
            /* sendc waits until every dependency valid in tdr0 has ended
             * (seed 004 sendc; the media unit clears the valid bits) */
            uint16_t pend = 0;
            for (int i = 0; i < 8; i++)
                pend |= t->tdr[i] & 0x8000u;
            if (pend)
                return block_at(t, x, wren, next_ip, stop, nchan);
        }
        uint32_t desc = in->desc, exdesc = in->exdesc;
        if (in->desc_reg)
            desc = (uint32_t)t->a0[0] | ((uint32_t)t->a0[1] << 16);
        if (in->exdesc_reg) {
            int s = (in->exdesc_subnr * 2) & 15;
            exdesc = (uint32_t)t->a0[s] | ((uint32_t)t->a0[s + 1] << 16);
        }
        int rne = c->rm != 0;   /* the shared functions round as they do (round_nearest) */
        if (rne)
            round_nearest(c);
        int st = gt_sf_send(c->dev, t, in, wren >> in->chan_off, desc, exdesc);
        if (rne)
            apply_fenv(c);
        if (st != GTSIM_OK) { /* add the instruction's bytes and disassembly */
            char what[sizeof(c->dev->err)];
            snprintf(what, sizeof(what), "%s", c->dev->err);
            return report(c, x, st, what);
        }
        if (in->eot || ((exdesc >> 5) & 1)) {
            t->state = GT_THREAD_DONE;
            *stop = 1;
            return GTSIM_OK;
        }
        if (t->state == GT_THREAD_BLOCKED) {
            *stop = 1;
            return GTSIM_OK;
        }
        break;
    }
    default:
        return report(c, x, GTSIM_ERR_UNIMPL, "control instruction not implemented");
    }
    return GTSIM_OK;
}

/* ------------------------------------------------------------------ */
/* Instruction trace (debug aid)                                        */
/* ------------------------------------------------------------------ */

/* GTSIM_TRACE_EU=1 in the environment: after each executed instruction,
 * print to stderr the thread, IP, execution mask, IGA disassembly, and the
 * destination GRF registers it touched (DWords, r<n> = ...) or the flag
 * registers.  Read once per process; the run loop pays one predictable
 * branch per instruction when it is off. */
static int trace_eu_enabled(void)
{
    static int enabled = -1;
    return env_flag(&enabled, "GTSIM_TRACE_EU");
}

int gt_eu_debug_enabled(void)
{
    return trace_eu_enabled() || gt_eu_cov_enabled();
}

static void trace_inst(const xctx *c, const gt_xinst *x, uint32_t emask)
{
    const gt_thread *t = c->t;
    const gt_inst *in = &x->in;
    char dis[256] = "?";
    gt_disasm_inst(c->dev->plat, in, dis, sizeof(dis));
    fprintf(stderr, "eu t%u ip 0x%04x em %08x: %s\n", t->tid, x->ip, emask, dis);
    const gt_operand *d = &in->dst;
    if (in->op == GT_OP_SEND || in->op == GT_OP_SENDC || in->op == GT_OP_SENDS ||
        in->op == GT_OP_SENDSC || is_branch(in->op) || d->file != GT_FILE_GRF || d->indirect) {
        if (in->cond || (in->op == GT_OP_MATH && (in->math_fc == GT_MATH_INVM ||
                                                  in->math_fc == GT_MATH_RSQRTM)))
            fprintf(stderr, "    f0=%08x f1=%08x\n", t->flag[0], t->flag[1]);
        return;
    }
    const gt_xop *p = &x->dst;
    int n = in->exec_size ? in->exec_size : 1;
    int lo = p->off[0] / 32, hi = lo;
    for (int i = 0; i < n; i++) {
        int r = (p->off[i] + p->size - 1) / 32;
        if (p->off[i] / 32 < lo) lo = p->off[i] / 32;
        if (r > hi) hi = r;
    }
    for (int r = lo; r <= hi && r < GT_GRF_REGS; r++) {
        uint32_t v[8];
        memcpy(v, t->grf + r * 32, 32);
        fprintf(stderr, "    r%-3d = %08x %08x %08x %08x %08x %08x %08x %08x\n", r, v[0], v[1],
                v[2], v[3], v[4], v[5], v[6], v[7]);
    }
    if (in->cond)
        fprintf(stderr, "    f0=%08x f1=%08x\n", t->flag[0], t->flag[1]);
}

/* Coverage outcome of a branch (see gt_xinst.cov_outcomes): which of the
 * enabled channels passed its predicate; divergent also when only part of
 * the instruction's channels were enabled (e.g. an else inside a divergent
 * if). */
static void cov_branch(const gt_thread *t, const gt_xinst *x, uint32_t emask)
{
    uint32_t wren = emask & pred_mask(t, &x->in), rm = range_mask(&x->in);
    int b = (wren != emask && wren) || (emask && emask != rm) ? 2 : wren == emask ? 0 : 1;
    ((gt_xinst *)x)->cov_outcomes |= (uint8_t)(1u << b);
}

/* ------------------------------------------------------------------ */
/* Run loop                                                             */
/* ------------------------------------------------------------------ */

/* The host's rounding mode, as fegetround gives it.  On x86-64 it is read
 * from MXCSR, which the SSE arithmetic follows: fegetround reads the x87
 * control word, a slow instruction, at every gt_eu_run (fesetround sets
 * both). */
static inline int host_round(void)
{
#if defined(__x86_64__) && defined(__SSE2__)
    _Static_assert(FE_DOWNWARD == 0x400 && FE_UPWARD == 0x800 && FE_TOWARDZERO == 0xc00,
                   "x86 FE_* are MXCSR.RC << 10");
    return (int)((_mm_getcsr() >> 3) & 0xc00);
#else
    return fegetround();
#endif
}

/* Round to nearest even on the host for an instruction that does so
 * whatever cr0.0 says: math ("The only supported rounding mode for math
 * instruction is Round to Nearest Even", seed 004 math) and send (the
 * shared functions are units outside the EU; their float conversions and
 * filtering do not see its control register).  apply_fenv restores cr0's
 * mode after it. */
static void round_nearest(xctx *c)
{
    c->rm = 0;
    c->fmode &= ~4u;
    if (c->host_round != FE_TONEAREST) {
        fesetround(FE_TONEAREST);
        c->host_round = FE_TONEAREST;
    }
}

static void apply_fenv(xctx *c)
{
    uint32_t cr = c->t->cr0[0];
    c->rm = (int)((cr >> CR0_RMODE_SHIFT) & 3);
    c->ftz_f = !(cr & CR0_F_DENORM);
    c->ftz_d = !(cr & CR0_DF_DENORM);
    c->alt = (cr & CR0_ALT_MODE) != 0;
    c->fmode = (unsigned)c->ftz_f | (unsigned)c->alt << 1 | (unsigned)(c->rm != 0) << 2 |
               (unsigned)c->ftz_d << 3;
    static const int modes[4] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
    if (c->host_round != modes[c->rm]) {   /* setting it is not cheap */
        fesetround(modes[c->rm]);
        c->host_round = modes[c->rm];
    }
}

/* The thread was stopped by gt_poll (its report is in dev->err): add the
 * instruction it was about to execute. */
static int eu_stopped(xctx *c, uint32_t ip, int status)
{
    char why[sizeof(c->dev->err)];
    snprintf(why, sizeof(why), "%s", c->dev->err);
    uint32_t idx = ip >> 3;
    const gt_xinst *x = idx < c->k->nslot && !(ip & 7) ? c->k->slot[idx] : NULL;
    if (x)
        return report(c, x, status, why);
    c->t->state = GT_THREAD_FAULTED;
    return gt_error(c->dev, status, "EU: %s at kernel GVA 0x%" PRIx64 " ip 0x%x", why, c->k->gva, ip);
}

/* The block that starts at x (gt_xinst.blk_n, blk_bloom): x and the
 * handler instructions that follow it in the kernel's slots, at most
 * GT_BLOCK_MAX.  Built at x's second run, when the instructions after it
 * have been decoded (by then a first run went through them). */
#define GT_BLOCK_MAX 256
static void block_plan(const gt_kkernel *k, gt_xinst *x)
{
    if (x->blk_state++ == 0)
        return;
    uint32_t n = 1, ip = x->ip + x->len;
    uint64_t bloom = 0;
    for (gt_xinst *p = x; n < GT_BLOCK_MAX && !x->fenv; n++) {
        gt_xinst *y = ip >> 3 < k->nslot ? k->slot[ip >> 3] : NULL;
        if (!y || !y->fast || y->fenv)
            break;
        p->next = y;
        bloom |= y->jt_bit;
        ip += y->len;
        p = y;
    }
    x->blk_n = (uint16_t)n;
    x->blk_bloom = bloom;
    const gt_xinst *cf = !(ip & 7) && ip >> 3 < k->nslot ? k->slot[ip >> 3] : NULL;
    x->blk_cf = cf && cf->ctrl >= CTRL_STRUCT ? cf : NULL;
}

/* The lean path's control flow instruction x (CTRL_STRUCT, CTRL_JMPI, CTRL_PARK):
 * its masks as the run loop forms them, its enabled channels added to
 * *nchan; returns the next IP.  jmpi as exec_ctrl runs it: a scalar
 * branch that the first channel's predicate decides, JIP counted from x. */
static inline __attribute__((always_inline)) uint32_t cf_lean(gt_thread *t, const gt_xinst *x,
                                                              uint64_t *nchan)
{
    uint32_t emask = x_exec_mask(t->exec_mask, x), pm = x_pred_mask(t, x);
    uint32_t wren = emask & pm;
    *nchan += run_popc(wren);   /* (inlined: the caller's version's popcount) */
    if (x->ctrl == CTRL_JMPI)
        return x->in.pred == GT_PRED_NONE || ((pm >> x->in.chan_off) & 1) ? x->ip + (uint32_t)x->in.jip
                                                                            : x->ip + x->len;
    if (x->ctrl == CTRL_PARK)
        return cf_leave(t, x, wren);
    return cf_structured(t, x, emask, wren);
}

/* What every thread of an eu_run call shares: the device's settings and
 * the debug aids asked for in the environment. */
typedef struct eu_run_env {
    const gt_eu_behaviour *beh;
    uint64_t limit;   /* the watchdog: instructions per thread */
    int trace, cov, prof;
} eu_run_env;

/* Run thread t (gt_eu_run), with *c0's device fields and host rounding
 * mode (c0->host_round, updated). */
static inline __attribute__((always_inline)) int eu_run_thread(xctx *c0, const eu_run_env *env, gt_thread *t)
{
    gtsim_device *dev = c0->dev;
    if (t->state == GT_THREAD_DONE || t->state == GT_THREAD_FAULTED)
        return t->state == GT_THREAD_FAULTED ? dev->status : GTSIM_OK;
    if (!t->disp || !t->disp->vm)
        return gt_error(dev, GTSIM_ERR_INVALID, "EU: thread %u has no dispatch address space", t->tid);
    if (!t->disp->kcache && !dev->kcache) {
        dev->kcache = gt_kcache_create(dev->profile);
        if (!dev->kcache)
            return gt_error(dev, GTSIM_ERR_NOMEM, "EU: out of memory (kernel cache)");
    }
    xctx c = *c0;
    c.t = t;
    c.vm = t->disp->vm;
    c.k = gt_kcache_kernel(t->disp->kcache ? t->disp->kcache : dev->kcache, c.vm, t->kernel_gva);
    if (!c.k)
        return gt_error(dev, GTSIM_ERR_NOMEM, "EU: out of memory (kernel cache)");
    c.hw_ip_base = (uint32_t)(t->kernel_gva - t->disp->instruction_base);
    apply_fenv(&c);
    if (t->instructions == 0 && t->exec_mask == 0 && t->wait_mask == 0)
        t->exec_mask = t->dispatch_mask;
    t->state = GT_THREAD_RUNNABLE;

    const uint64_t limit = env->limit;
    uint64_t ninst = 0, nchan = 0;
    int status = GTSIM_OK;
    uint32_t ip = t->ip;
    /* debug aids (trace, coverage, profile, the SWSB and uninit checks)
     * share one predictable branch per instruction */
    const int trace = env->trace, cov = env->cov, prof = env->prof;
    const unsigned swsb = t->swsb ? env->beh->swsb_depth : 0;
    const int uninit = t->written != NULL;
    const int dbg = trace | cov | prof | (swsb != 0) | uninit;
    /* lean: an instruction with a handler needs nothing else (no debug
     * aid, no GTSIM_EU_REFERENCE) */
    const int lean = !dbg && !c.reference;
    /* stop_at: the next poll (interrupt, timeout, submission bounds) or
     * the thread's watchdog, whichever comes first; one compare per
     * instruction covers both. */
    uint64_t stop_at = t->instructions < limit && limit - t->instructions > GT_POLL_INSNS
                           ? t->instructions + GT_POLL_INSNS : limit;
    /* the loop's reads in locals (stores through t would make the compiler
     * reload them): instructions left before stop_at, the kernel's slots */
    uint64_t stop_n = stop_at - t->instructions;
    gt_xinst *const *slot = c.k->slot;
    uint32_t nslot = c.k->nslot;
    for (;;) {
        if (__builtin_expect(ninst >= stop_n, 0)) {
            if (t->instructions + ninst >= limit) {
                status = gt_error(dev, GTSIM_ERR_WATCHDOG,
                                  "EU: watchdog: thread %u executed %" PRIu64 " instructions "
                                  "without ending (kernel GVA 0x%" PRIx64 ", ip 0x%x)",
                                  t->tid, t->instructions + ninst, t->kernel_gva, ip);
                t->state = GT_THREAD_FAULTED;
                break;
            }
            /* account what ran so far (progress readers see it), then poll */
            t->instructions += ninst;
            t->channels += nchan;
            t->stat_insns += ninst;
            t->stat_chans += nchan;
            gt_eu_flush_stats(dev, &t, 1);
            ninst = nchan = 0;
            stop_at = limit - t->instructions > GT_POLL_INSNS ? t->instructions + GT_POLL_INSNS : limit;
            stop_n = stop_at - t->instructions;
            t->ip = ip;
            if ((status = gt_poll(dev)) != GTSIM_OK) {
                status = eu_stopped(&c, ip, status);
                break;
            }
        }
        const gt_xinst *x;
        /* ip / 8, with a misaligned ip's low bits rotated to the top: out
         * of range, so one compare covers both */
        uint32_t idx = (ip >> 3) | (ip << 29);
        if (idx < nslot && slot[idx]) {
            x = slot[idx];
        } else {
            x = gt_kcache_inst(dev, c.k, c.vm, ip, &status);
            if (!x) {
                t->state = GT_THREAD_FAULTED;
                break;
            }
            slot = c.k->slot;   /* the slot array may have grown */
            nslot = c.k->nslot;
        }
        if (cf_may_join(t, x))
            cf_arrive(t, ip);
        if (lean && x->fast) {   /* x->fast: no plan error, no control flow (FK_SYNC: none that
                                  * changes a mask) */
            if (__builtin_expect(x->blk_state < 2, 0))
                block_plan(c.k, slot[idx]);
            /* x's block when no join point is in it and it ends before the
             * next poll; x alone otherwise.  Nothing in a block changes the
             * join table or the execution mask. */
            uint32_t n = x->blk_n > 1 && !(t->jt_bloom & x->blk_bloom) && stop_n - ninst >= x->blk_n
                             ? x->blk_n : 1;
            uint32_t k = 0, em = t->exec_mask;
            const gt_xinst *y = x;
            for (;;) {
                uint32_t pm, wren;
                if (__builtin_expect(y->mask_plain, 1)) {
                    pm = ~0u;
                    wren = em & y->rmask;
                } else {
                    pm = x_pred_mask(t, y);
                    wren = x_exec_mask(em, y) & (pm | -(uint32_t)y->fast_selnp);
                }
                if (!y->fast_fn(t, y, wren, pm, c.fmode)) {
                    ip = y->ip;
                    break;
                }
                nchan += run_popc(wren);
                if (++k == n) {
                    ip = y->ip + y->len;
                    break;
                }
                y = y->next;
            }
            ninst += k;
            if (__builtin_expect(x->fenv, 0) && k)   /* (x alone: block_plan) */
                apply_fenv(&c);
            if (k == x->blk_n && x->blk_cf && ninst < stop_n) {
                /* the whole block ran: the if / else / endif / while after
                 * it, without looking it up */
                if (cf_may_join(t, x->blk_cf))
                    cf_arrive(t, ip);
                ip = cf_lean(t, x->blk_cf, &nchan);
                ninst++;
                continue;
            }
            if (k == n || ninst >= stop_n)   /* (a poll first, then the decliner again) */
                continue;
            /* x, or y after it, declined: the general path runs it (a block
             * member is no join point: the block was taken) */
            x = y;
            if (x->fast == FK_SYNC) {
                /* wait or sync.bar whose notification has not come (the
                 * only decline of fwait and fsync_bar): the thread blocks
                 * at x, not counted until x completes (block_at) */
                t->state = GT_THREAD_BLOCKED;
                break;
            }
        } else if (lean && x->ctrl >= CTRL_STRUCT) {   /* (no plan error: gt_exec_plan) */
            ip = cf_lean(t, x, &nchan);
            ninst++;
            continue;
        }
        t->ip = ip;
        if (__builtin_expect(x->plan_err, 0)) {
            /* an instruction refused at decode/plan time: reported before
             * any of its fields (channel range, predicate) is used */
            status = report(&c, x, x->plan_status, x->plan_why);
            t->state = GT_THREAD_FAULTED;
            break;
        }
        const gt_inst *in = &x->in;
        uint32_t rm = x->rmask;
        uint32_t emask = in->nomask ? rm : (t->exec_mask & rm);
        ninst++;
        if (__builtin_expect(dbg, 0)) {
            if (cov | prof) {
                ((gt_xinst *)x)->cov_count++;
                ((gt_xinst *)x)->prof_lanes += popc32(emask);
            }
            if (swsb)
                gt_check_swsb(dev, t, in, emask, swsb);
            if (uninit) /* the lanes whose sources matter: enabled, predicated (but for sel's selector) */
                gt_check_uninit(dev, t, in, emask, in->op == GT_OP_SEL ? emask : emask & pred_mask(t, in));
        }
        if (x->ctrl) {
            int stop = 0;
            uint32_t nip;
            status = exec_ctrl(&c, x, emask, &nip, &stop, &nchan);
            if (status != GTSIM_OK) {
                t->state = GT_THREAD_FAULTED;
                break;
            }
            if (stop == 2) {   /* blocked at x: counted when it completes (block_at) */
                ninst--;
                if (cov | prof) {
                    ((gt_xinst *)x)->cov_count--;
                    ((gt_xinst *)x)->prof_lanes -= popc32(emask);
                }
            }
            if (__builtin_expect(dbg, 0)) {
                if (cov)
                    cov_branch(t, x, emask);
                if (trace)
                    trace_inst(&c, x, emask);
            }
            ip = nip;
            t->ip = ip;
            if (stop)
                break;
            slot = c.k->slot;   /* exec_ctrl may decode an instruction (growing the slot array) */
            nslot = c.k->nslot;
        } else {
            if (x->fast && !lean && !c.reference) {   /* (lean: it declined) */
                uint32_t pm = in->pred == GT_PRED_NONE ? ~0u : pred_mask(t, in);
                uint32_t wren = x->fast_selnp ? emask : emask & pm;
                if (x->fast_fn(t, x, wren, pm, c.fmode)) {
                    nchan += run_popc(wren);
                    if (x->fenv)
                        apply_fenv(&c);
                    if (__builtin_expect(dbg, 0) && trace)
                        trace_inst(&c, x, emask);
                    ip += x->len;
                    continue;
                }
            }
            status = exec_alu(&c, x, emask, &nchan, NULL);   /* (its handler declined above) */
            if (status != GTSIM_OK) {
                t->state = GT_THREAD_FAULTED;
                break;
            }
            if (__builtin_expect(dbg, 0) && trace)
                trace_inst(&c, x, emask);
            ip += x->len;
        }
    }
    t->ip = ip;   /* where the thread resumes or stopped (the lean path leaves t->ip behind) */
    t->instructions += ninst;
    t->channels += nchan;
    t->stat_insns += ninst;
    t->stat_chans += nchan;
    if (!(t->tg && t->tg->defer_stats) || t->stat_insns >= GT_POLL_INSNS)
        gt_eu_flush_stats(dev, &t, 1);
    c0->host_round = c.host_round;
    return status;
}

/* gt_eu_run (pass NULL: t[0] alone) and gt_eu_run_pass; static, so that
 * its versions and their resolver stay out of libgtsim.so's exports. */
static EU_RUN_VERSIONS int eu_run(gtsim_device *dev, gt_thread *const *t, uint32_t n, gt_eu_pass *pass)
{
    eu_run_env env;
    env.beh = gt_eu_behaviour_for(dev->plat);
    env.limit = dev->cfg.max_eu_instructions ? dev->cfg.max_eu_instructions : 1000000000ull;
    env.trace = trace_eu_enabled();
    env.cov = gt_eu_cov_enabled();
    env.prof = dev->profile != NULL;
    xctx c;
    memset(&c, 0, sizeof c);
    c.dev = dev;
    c.df_f_rtz = env.beh->df_to_f_rtz;
    c.goto_pred_waits = env.beh->goto_pred_waits;
    c.reference = eu_reference_only();
    const int saved_round = host_round();
    c.host_round = saved_round;
    int status = GTSIM_OK;
    if (!pass) {
        status = eu_run_thread(&c, &env, t[0]);
    } else {
        pass->live = pass->progress = 0;
        pass->failed = UINT32_MAX;
        for (uint32_t i = 0; i < n; i++) {
            gt_thread *th = t[i];
            if (th->state == GT_THREAD_DONE)
                continue;
            pass->live++;
            if (th->state != GT_THREAD_RUNNABLE)
                continue;
            uint64_t before = th->instructions;
            uint32_t ip = th->ip;
            status = eu_run_thread(&c, &env, th);
            if (status != GTSIM_OK || th->state == GT_THREAD_FAULTED) {
                pass->failed = i;
                break;
            }
            if (th->instructions != before || th->ip != ip || th->state != GT_THREAD_RUNNABLE)
                pass->progress++;
        }
    }
    if (c.host_round != saved_round)
        fesetround(saved_round);
    return status;
}

void gt_eu_flush_stats(gtsim_device *dev, gt_thread *const *t, uint32_t n)
{
    uint64_t insns = 0, chans = 0;
    for (uint32_t i = 0; i < n; i++) {
        insns += t[i]->stat_insns;
        chans += t[i]->stat_chans;
        t[i]->stat_insns = t[i]->stat_chans = 0;
    }
    if (insns)
        GT_STAT_ADD(dev, eu_instructions, insns);
    if (chans)
        GT_STAT_ADD(dev, eu_channels, chans);
}

int gt_eu_run(gtsim_device *dev, gt_thread *t)
{
    return eu_run(dev, &t, 1, NULL);
}

int gt_eu_run_pass(gtsim_device *dev, gt_thread *const *t, uint32_t n, gt_eu_pass *pass)
{
    return eu_run(dev, t, n, pass);
}

int gt_eu_exec_one(gtsim_device *dev, gt_thread *t, const gt_xinst *x, int reference, int *fast)
{
    gt_kkernel k;
    memset(&k, 0, sizeof k);
    xctx c;
    memset(&c, 0, sizeof c);
    c.dev = dev;
    c.t = t;
    c.k = &k;
    const gt_eu_behaviour *beh = gt_eu_behaviour_for(dev->plat);
    c.df_f_rtz = beh->df_to_f_rtz;
    c.goto_pred_waits = beh->goto_pred_waits;
    c.reference = reference;
    int saved_round = host_round();
    c.host_round = saved_round;
    apply_fenv(&c);
    if (x->plan_err) {
        fesetround(saved_round);
        return report(&c, x, x->plan_status, x->plan_why);
    }
    const gt_inst *in = &x->in;
    uint32_t rm = range_mask(in);
    /* (a handler's: as the run loop forms it) */
    uint32_t emask = reference || !x->fast ? (in->nomask ? rm : (t->exec_mask & rm))
                                           : x_exec_mask(t->exec_mask, x);
    uint64_t nchan = 0;
    int ran_fast = 0;
    int st = is_branch(in->op) ? gt_error(dev, GTSIM_ERR_INVALID, "gt_eu_exec_one: not an ALU instruction")
                               : exec_alu(&c, x, emask, &nchan, &ran_fast);
    if (fast)
        *fast = ran_fast;
    GT_STAT_ADD(dev, eu_channels, nchan);
    fesetround(saved_round);
    return st;
}
