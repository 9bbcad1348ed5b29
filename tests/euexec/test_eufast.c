/*
 * Differential test of the EU executor's specialised handlers (src/eu/exec.c
 * "Specialised execution", issue 12) against its general path: random
 * ALU instructions -- every opcode the handlers take, integer and float
 * types, contiguous / scalar / strided / immediate source regions, strided
 * and null destinations, source modifiers, predication (normal, inverted,
 * any/all forms), NoMask, condition modifiers, saturation, AccWrEn, the
 * 3-source Align16 form, cr0 rounding / denorm / ALT modes and writes of cr0.0, Gen12's
 * rotates, float accumulator operands, flag register moves, raw moves from
 * the accumulator, addc / subb and the
 * mul acc0 / mach multiply macro (Gen9 and Gen12 mach) -- with random
 * operands (special float values included; integer types up to Q/UQ) run through both paths
 * (gt_eu_exec_one) on copies of one thread.  The whole thread state (GRF,
 * accumulators, flags, ...) and the status must be bit-identical.  mad
 * also takes the Gen12 3-source Align1 form, float instructions explicit
 * accumulator operands (IGC's Gen12 `mad (16) acc0.0:f acc0.0<8;1>:f ...`),
 * integer ones too (`(f0.0) sel (16) acc0.0:uw ...`), csel whose choices
 * are its destination's own elements and compares of a register with
 * itself (IGC's Gen12 loops), integer results to strided byte destinations
 * (char and uchar vectors), float results with a condition modifier or
 * saturated, the
 * rounds to an integral value and frc, and moves that convert between F
 * and D / UD / HF.  The
 * test also fails when a handler kind never ran, or an opcode the handlers
 * take never went through one: a planner that stopped choosing them would
 * otherwise pass trivially.
 *
 *   test_eufast [CASES] [SEED]
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eu/exec_priv.h"
#include "gt.h"

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint32_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 16);
}
static int pick(int n) { return (int)(rnd() % (uint32_t)n); }

/* A DWord of operand data: raw bits, small integers, integer and float
 * edge values (NaN, infinities, denormals, signed zeros). */
static uint32_t data_dword(void)
{
    static const uint32_t special[] = {
        0x00000000u, 0x80000000u, 0x7fffffffu, 0xffffffffu, 0x7f800000u, 0xff800000u,
        0x7fc00000u, 0xffc00001u, 0x7f800001u, 0x00000001u, 0x807fffffu, 0x00400000u,
        0x3f800000u, 0xbf800000u, 0x7f7fffffu, 0x00800000u, 31, 32, 33, 0xffff8000u, 0x8000u,
        /* (as a DF's high DWord: infinity or NaN, a quiet NaN, a denormal, 1.0, 0.5) */
        0x7ff00000u, 0xfff00000u, 0x7ff80000u, 0x000fffffu, 0x3ff00000u, 0x3fe00000u,
    };
    switch (pick(6)) {
    case 0: return rnd();
    case 1: return (uint32_t)(pick(17) - 8);
    case 2: return special[pick(sizeof special / sizeof special[0])];
    case 3: { /* a float of moderate magnitude */
        float f = (float)((int32_t)rnd()) / (float)(1u << pick(31));
        uint32_t u;
        memcpy(&u, &f, 4);
        return u;
    }
    case 4: return rnd() & 0x807fffffu;   /* denormal */
    default: return rnd() & 0xffff;
    }
}

/* DF edge values: signed zeros, infinities, NaNs (quiet, signalling, with
 * payloads), denormals, 1.0, 0.5, -1.0, the smallest normal. */
static const uint64_t df_special[] = {
    0, 1ull << 63, 0x7ff0000000000000ull, 0xfff0000000000000ull, 0x7ff8000000000000ull,
    0x7ff0000000000001ull, 0xfff8000000000123ull, 0x000fffffffffffffull, 0x8000000000000001ull,
    0x3ff0000000000000ull, 0x3fe0000000000000ull, 0xbff0000000000000ull, 0x0010000000000000ull,
};
#define N_DF_SPECIAL (int)(sizeof df_special / sizeof df_special[0])

/* Half of the lanes of x's DF register sources set to DF edge values, half
 * of those to NaNs (so that both sources of a lane are NaN often enough:
 * min / max pick one of the two). */
static void seed_df_specials(gt_thread *t, const gt_xinst *x)
{
    for (int s = 0; s < x->in.num_srcs; s++) {
        const gt_xop *p = &x->src[s];
        if (p->space != GT_XS_GRF || p->type != GT_TYPE_DF)
            continue;
        for (int i = 0; i < x->in.exec_size; i++)
            if (pick(2)) {
                uint64_t v = df_special[pick(N_DF_SPECIAL)];
                if (pick(2))   /* a NaN, its payload random */
                    v = 0x7ff0000000000001ull | (uint64_t)pick(2) << 63 | (uint64_t)rnd() << 20;
                memcpy(t->grf + p->off[i], &v, 8);
            }
    }
}

static const int int_types[] = {GT_TYPE_D, GT_TYPE_UD, GT_TYPE_W, GT_TYPE_UW, GT_TYPE_B, GT_TYPE_UB,
                                GT_TYPE_Q, GT_TYPE_UQ};
#define N_INT_TYPES (int)(sizeof int_types / sizeof int_types[0])

static void gen_src(gt_inst *in, int s, int ty, int allow_imm)
{
    gt_operand *o = &in->src[s];
    memset(o, 0, sizeof *o);
    o->type = (uint8_t)ty;
    o->negate = pick(5) == 0;
    o->abs = pick(6) == 0;
    int sz = gt_type_size(ty);
    if (allow_imm && pick(3) == 0) {
        o->file = GT_FILE_IMM;
        o->imm = sz == 8 ? (uint64_t)data_dword() << 32 | data_dword()
                 : sz == 4 ? data_dword() : sz == 2 ? (data_dword() & 0xffff) : data_dword() & 0xff;
        if (ty == GT_TYPE_B || ty == GT_TYPE_UB) {   /* no byte immediates: a word */
            o->type = ty == GT_TYPE_B ? GT_TYPE_W : GT_TYPE_UW;
        }
        o->vstride = 0; o->width = 1; o->hstride = 0;
        return;
    }
    o->file = GT_FILE_GRF;
    o->nr = (uint8_t)(1 + pick(100));
    o->subnr = (uint8_t)(pick(2) ? 0 : (pick(32 / sz) * sz) & ~(sz - 1));
    if (!in->align16 && pick(8) == 0) { /* acc0 / acc1, contiguous or scalar */
        o->file = GT_FILE_ARF;
        o->nr = (uint8_t)(GT_ARF_ACC + pick(2));
        o->subnr = 0;
        if (pick(2)) { o->vstride = 0; o->width = 1; o->hstride = 0; }
        else { o->vstride = 8; o->width = 8; o->hstride = 1; }
        return;
    }
    if (in->align16) {
        o->rep = pick(3) == 0;
        o->subnr = 0;
        for (int c = 0; c < 4; c++)
            o->swizzle[c] = (uint8_t)(pick(4) ? c : pick(4));
        o->vstride = 4; o->width = 4; o->hstride = 1;
        return;
    }
    switch (pick(5)) {
    case 0: o->vstride = 0; o->width = 1; o->hstride = 0; break;   /* scalar */
    case 1: o->vstride = 16; o->width = 8; o->hstride = 2; break;  /* strided */
    case 2: o->vstride = 1; o->width = 1; o->hstride = 0; break;   /* <1;1,0> */
    case 3: o->vstride = 0; o->width = 4; o->hstride = 1; break;   /* row repeated */
    default: o->vstride = 8; o->width = 8; o->hstride = 1; break;  /* contiguous */
    }
}

static const int ops_int[] = {GT_OP_MOV, GT_OP_ADD, GT_OP_MUL, GT_OP_AND, GT_OP_OR, GT_OP_XOR,
                              GT_OP_NOT, GT_OP_SHL, GT_OP_SHR, GT_OP_ASR, GT_OP_CMP, GT_OP_CMPN,
                              GT_OP_SEL, GT_OP_ROR, GT_OP_ROL, GT_OP_CSEL, GT_OP_LZD, GT_OP_CBIT,
                              GT_OP_FBH, GT_OP_FBL, GT_OP_BFREV, GT_OP_MAD};
static const int ops_flt[] = {GT_OP_MOV, GT_OP_ADD, GT_OP_MUL, GT_OP_MAD, GT_OP_SEL, GT_OP_CMP,
                              GT_OP_CMPN, GT_OP_MATH, GT_OP_CSEL, GT_OP_RNDD, GT_OP_RNDU,
                              GT_OP_RNDE, GT_OP_RNDZ, GT_OP_FRC};
static const int math_fcs[] = {GT_MATH_INV, GT_MATH_LOG, GT_MATH_EXP, GT_MATH_SQRT, GT_MATH_RSQ,
                               GT_MATH_SIN, GT_MATH_COS, GT_MATH_FDIV, GT_MATH_POW};

/* The integer opcodes with one source. */
static int int_one_src(int op)
{
    return op == GT_OP_MOV || op == GT_OP_NOT || op == GT_OP_LZD || op == GT_OP_CBIT || op == GT_OP_FBH ||
           op == GT_OP_FBL || op == GT_OP_BFREV;
}

/* The bit operations: FK_I32 only. */
static int int_bit_op(int op)
{
    return op == GT_OP_LZD || op == GT_OP_CBIT || op == GT_OP_FBH || op == GT_OP_FBL || op == GT_OP_BFREV;
}

static int nsrc_of(int op, int fc)
{
    if (int_one_src(op) || (op >= GT_OP_RNDU && op <= GT_OP_RNDZ) || op == GT_OP_FRC)
        return 1;
    if (op == GT_OP_MAD || op == GT_OP_CSEL)
        return 3;
    if (op == GT_OP_MATH)
        return fc == GT_MATH_FDIV || fc == GT_MATH_POW ? 2 : 1;
    return 2;
}

/* (W) mov (1) between a flag register (or the notification register n0)
 * and a GRF element or an immediate (the flag-move handler), UW or UD. */
static void gen_flag_mov(gt_inst *in)
{
    memset(in, 0, sizeof *in);
    in->op = GT_OP_MOV;
    in->exec_size = 1;
    in->length = 16;
    in->num_srcs = 1;
    in->nomask = 1;
    int ty = pick(2) ? GT_TYPE_UW : GT_TYPE_UD, sz = ty == GT_TYPE_UW ? 2 : 4;
    gt_operand *f = pick(2) ? &in->dst : &in->src[0], *o = f == &in->dst ? &in->src[0] : &in->dst;
    f->file = GT_FILE_ARF;
    if (pick(3) == 0) {   /* n0.0 / n0.1 (8 bytes) */
        f->nr = GT_ARF_N;
        f->subnr = (uint8_t)(sz * pick(8 / sz));
    } else {
        f->nr = (uint8_t)(GT_ARF_F + pick(2));
        f->subnr = (uint8_t)(sz == 2 ? 2 * pick(2) : 0);
    }
    f->hstride = 1;
    if (o == &in->src[0] && pick(3) == 0) {
        o->file = GT_FILE_IMM;
        o->imm = data_dword() & (sz == 2 ? 0xffffu : ~0u);
    } else {
        o->file = GT_FILE_GRF;
        o->nr = (uint8_t)(1 + pick(100));
        o->subnr = (uint8_t)(pick(32 / sz) * sz);
        o->hstride = 1;
    }
    in->dst.type = in->src[0].type = (uint8_t)ty;
    int pr = pick(4);
    in->pred = (uint8_t)(pr < 2 ? GT_PRED_NONE : pr == 2 ? GT_PRED_NORMAL : GT_PRED_ANYV + pick(12));
    in->pred_inv = pick(3) == 0;
    in->flag_nr = (uint8_t)pick(2);
    in->flag_subnr = (uint8_t)pick(2);
}

/* A write of cr0.0 (FK_CR): mov (1) cr0.0 imm, or / and (1) cr0.0 cr0.0
 * imm, the immediate a UD, D or UW (IGC's kernels begin with `(W) or (1)
 * cr0.0:ud cr0.0<0;1,0>:ud 0x4C0:uw`); any predication; some in forms the
 * handler declines (another subregister, a W immediate, two channels), which
 * both paths must run alike too.  The immediate keeps to the mode bits
 * (rounding, denorms, ALT) that fill_thread varies. */
static void gen_cr0_write(gt_inst *in)
{
    memset(in, 0, sizeof *in);
    static const int ops[] = {GT_OP_MOV, GT_OP_OR, GT_OP_AND};
    in->op = (uint16_t)ops[pick(3)];
    in->exec_size = pick(8) ? 1 : 2;
    in->length = 16;
    in->num_srcs = in->op == GT_OP_MOV ? 1 : 2;
    in->nomask = pick(4) != 0;
    gt_operand *d = &in->dst, *s0 = &in->src[0], *imm = &in->src[in->num_srcs - 1];
    d->file = GT_FILE_ARF;
    d->nr = GT_ARF_CR;
    d->subnr = pick(8) ? 0 : 4;
    d->type = pick(2) ? GT_TYPE_UD : GT_TYPE_D;
    d->hstride = 1;
    if (in->op != GT_OP_MOV) {
        s0->file = GT_FILE_ARF;
        s0->nr = GT_ARF_CR;
        s0->type = GT_TYPE_UD;
        s0->width = 1; /* <0;1,0> */
    }
    static const int itys[] = {GT_TYPE_UD, GT_TYPE_D, GT_TYPE_UW, GT_TYPE_UW, GT_TYPE_W};
    imm->file = GT_FILE_IMM;
    imm->type = (uint8_t)itys[pick(5)];
    uint32_t v = (uint32_t)(pick(4) << 4) | (pick(2) ? 0x80u : 0) | (pick(2) ? 0x40u : 0) | (pick(6) == 0 ? 1u : 0);
    imm->imm = in->op == GT_OP_AND ? ~v & (imm->type == GT_TYPE_UW || imm->type == GT_TYPE_W ? 0xffffu : ~0u) : v;
    int pr = pick(4);
    in->pred = (uint8_t)(pr < 3 ? GT_PRED_NONE : GT_PRED_NORMAL);
    in->pred_inv = pick(3) == 0;
    in->flag_nr = (uint8_t)pick(2);
    in->flag_subnr = (uint8_t)pick(2);
}

/* The accumulator macros (FK_MACC): the 32x32-bit multiply's halves, mul
 * (N) acc0:d|ud src0:d|ud src1:w|uw or mach (N) dst:d|ud src0 src1:d|ud
 * with or without AccWrEn, and addc / subb (N) dst:d|ud src0 src1:d|ud
 * (carry / borrow into the accumulator); any predication. */
static void gen_mul_mach(gt_inst *in)
{
    memset(in, 0, sizeof *in);
    static const int ops[] = {GT_OP_MUL, GT_OP_MACH, GT_OP_ADDC, GT_OP_SUBB};
    in->op = (uint16_t)ops[pick(4)];
    int mach = in->op != GT_OP_MUL;   /* a GRF destination, D/UD sources */
    static const int sizes[] = {1, 8, 8, 16};
    in->exec_size = (uint8_t)sizes[pick(4)];
    in->chan_off = (uint8_t)(in->exec_size == 8 && pick(2) ? 8 : 0);
    in->length = 16;
    in->num_srcs = 2;
    in->nomask = pick(4) == 0;
    in->pred = (uint8_t)(pick(2) ? GT_PRED_NONE : GT_PRED_NORMAL);
    in->pred_inv = pick(3) == 0;
    in->flag_nr = (uint8_t)pick(2);
    in->acc_wr = in->op == GT_OP_MACH ? pick(2) : in->op != GT_OP_MUL;
    int t0 = pick(2) ? GT_TYPE_D : GT_TYPE_UD;
    gen_src(in, 0, t0, 0);
    gen_src(in, 1, mach ? (pick(2) ? GT_TYPE_D : GT_TYPE_UD) : (pick(2) ? GT_TYPE_W : GT_TYPE_UW), 1);
    for (int s = 0; s < 2; s++) {
        in->src[s].negate = in->src[s].abs = 0;
        if (in->src[s].file == GT_FILE_ARF) { /* no accumulator sources here */
            in->src[s].file = GT_FILE_GRF;
            in->src[s].nr = (uint8_t)(1 + pick(100));
        }
    }
    gt_operand *d = &in->dst;
    d->type = (uint8_t)(pick(2) ? GT_TYPE_D : GT_TYPE_UD);
    d->hstride = 1;
    if (mach) {
        d->file = GT_FILE_GRF;
        d->nr = (uint8_t)(1 + pick(100));
    } else {
        d->file = GT_FILE_ARF;
        d->nr = GT_ARF_ACC;
    }
    if (in->op != GT_OP_MUL && pick(3) == 0) {
        /* the carries read back: mov (N) dst:d|ud acc0<8;8,1>:d|ud (or <0;1,0>) */
        in->op = GT_OP_MOV;
        in->num_srcs = 1;
        in->acc_wr = 0;
        gt_operand *o = &in->src[0];
        o->file = GT_FILE_ARF;
        o->nr = (uint8_t)(GT_ARF_ACC + pick(2));
        o->subnr = 0;
        o->type = d->type;
        if (pick(4) == 0) { o->vstride = 0; o->width = 1; o->hstride = 0; }
        else { o->vstride = 8; o->width = 8; o->hstride = 1; }
        memset(&in->src[1], 0, sizeof in->src[1]);
    }
}

static void gen_inst(gt_inst *in)
{
    if (pick(30) == 0) {
        gen_flag_mov(in);
        return;
    }
    if (pick(25) == 0) {
        gen_mul_mach(in);
        return;
    }
    if (pick(40) == 0) {
        gen_cr0_write(in);
        return;
    }
    memset(in, 0, sizeof *in);
    int flt = pick(2);
    in->op = (uint16_t)(flt ? ops_flt[pick(sizeof ops_flt / sizeof ops_flt[0])]
                            : ops_int[pick(sizeof ops_int / sizeof ops_int[0])]);
    if (int_bit_op(in->op) && pick(2))   /* half as often: the rarer forms of mov keep their share */
        in->op = GT_OP_MOV;
    if (in->op == GT_OP_MATH)
        in->math_fc = (uint8_t)math_fcs[pick(sizeof math_fcs / sizeof math_fcs[0])];
    static const int sizes[] = {1, 2, 4, 8, 8, 16, 16, 16};
    in->exec_size = (uint8_t)sizes[pick(8)];
    in->chan_off = (uint8_t)(pick(3) == 0 ? 8 * pick(4) : 0);
    if (in->chan_off + in->exec_size > 32)
        in->chan_off = 0;
    in->length = 16;
    /* mad: Gen9's Align16 form, or the Align1 3-source form (Gen12) */
    in->align16 = in->op == GT_OP_MAD && pick(2);
    int ns = nsrc_of(in->op, in->math_fc);
    in->num_srcs = (uint8_t)ns;
    in->nomask = pick(4) == 0;
    int pr = pick(10);
    in->pred = (uint8_t)(pr < 5 ? GT_PRED_NONE : pr < 9 ? GT_PRED_NORMAL : GT_PRED_ANYV + pick(12));
    if (in->align16 && in->pred > GT_PRED_NORMAL)
        in->pred = GT_PRED_NORMAL;
    in->pred_inv = pick(3) == 0;
    in->flag_nr = (uint8_t)pick(2);
    in->flag_subnr = (uint8_t)pick(2);
    static const int conds[] = {GT_COND_Z, GT_COND_NZ, GT_COND_G, GT_COND_GE, GT_COND_L, GT_COND_LE,
                                GT_COND_O, GT_COND_U};
    if (in->op == GT_OP_CMP || in->op == GT_OP_CMPN || in->op == GT_OP_CSEL)
        in->cond = (uint8_t)conds[pick(8)];
    else
        in->cond = (uint8_t)(pick(3) == 0 ? conds[pick(8)] : GT_COND_NONE);
    in->saturate = pick(10) == 0;
    in->acc_wr = pick(20) == 0;
    int sty = flt ? (pick(12) == 0 ? GT_TYPE_HF : GT_TYPE_F) : int_types[pick(N_INT_TYPES)];
    for (int s = 0; s < ns; s++) {
        int ty = flt ? (pick(10) ? sty : GT_TYPE_D) : (pick(3) ? sty : int_types[pick(N_INT_TYPES)]);
        gen_src(in, s, ty, s == ns - 1 && !in->align16);
    }
    gt_operand *d = &in->dst;
    d->file = GT_FILE_GRF;
    if ((in->cond || pick(8) == 0) && pick(2)) {
        d->file = GT_FILE_ARF;
        d->nr = GT_ARF_NULL;
    } else if (!in->align16 && pick(8) == 0) {
        d->file = GT_FILE_ARF;          /* acc0 / acc1, written contiguously */
        d->nr = (uint8_t)(GT_ARF_ACC + pick(2));
    } else {
        d->nr = (uint8_t)(1 + pick(100));
    }
    static const int dint[] = {GT_TYPE_D, GT_TYPE_UD, GT_TYPE_W, GT_TYPE_UW, GT_TYPE_D, GT_TYPE_UD, GT_TYPE_Q, GT_TYPE_UQ,
                               GT_TYPE_B, GT_TYPE_UB};
    d->type = (uint8_t)(flt ? (pick(10) ? GT_TYPE_F : GT_TYPE_D) : dint[pick(10)]);
    d->hstride = (uint8_t)(pick(4) == 0 && d->file == GT_FILE_GRF ? 2 : 1);
    if ((d->type == GT_TYPE_B || d->type == GT_TYPE_UB) && pick(8))   /* (packed bytes: mov only) */
        d->hstride = (uint8_t)(2 << pick(2));
    d->writemask = in->align16 ? (uint8_t)(pick(6) ? 0xf : 1 + pick(15)) : 0;
    if (in->align16)
        d->hstride = 1;
    /* a quarter of the integer instructions in the compiler's common forms
     * (the integer handlers' operand shapes): D/UD (or, for a third of
     * them, Q/UQ, some with modifiers) sources in contiguous registers, the
     * last maybe an immediate or one register element for every lane (of
     * any integer type beside QWords), src0 of a two-source operation
     * sometimes one element for every lane too (the int32 handler's
     * condition shape takes it) */
    if (!flt && in->op != GT_OP_CSEL && pick(4) == 0) {
        int q = pick(3) == 0;
        if (q && in->exec_size > 8)   /* a QWord region spans at most two registers */
            in->exec_size = 8;
        for (int s = 0; s < ns; s++) {
            gt_operand *o = &in->src[s];
            int ty = q ? (pick(2) ? GT_TYPE_Q : GT_TYPE_UQ) : (pick(2) ? GT_TYPE_D : GT_TYPE_UD);
            int last = s == ns - 1 && ns > 1;   /* form: 0 vector, 1 immediate, 2 scalar */
            int form = last ? pick(3) : ns > 1 && pick(5) == 0 ? 2 : 0;
            if (form == 2 && q)
                ty = int_types[pick(N_INT_TYPES)];
            gen_src(in, s, ty, form == 1);
            if (!q || pick(3))   /* the QWord handler's shapes take source modifiers */
                o->negate = o->abs = 0;
            if (form == 1 && o->file != GT_FILE_IMM) {
                o->file = GT_FILE_IMM;
                o->imm = q ? (uint64_t)data_dword() << 32 | data_dword() : data_dword();
                o->vstride = 0; o->width = 1; o->hstride = 0;
            } else if (form == 2) {
                o->file = GT_FILE_GRF;
                o->nr = (uint8_t)(1 + pick(100));
                o->vstride = 0; o->width = 1; o->hstride = 0;
            } else if (form == 0) {
                o->file = GT_FILE_GRF;
                o->nr = (uint8_t)(1 + pick(100));
                o->subnr = 0;
                if (q) { o->vstride = 4; o->width = 4; o->hstride = 1; }
                else { o->vstride = 8; o->width = 8; o->hstride = 1; }
            }
        }
        if (d->file == GT_FILE_GRF) {
            d->type = (uint8_t)(q ? (pick(2) ? GT_TYPE_Q : GT_TYPE_UQ) : (pick(2) ? GT_TYPE_D : GT_TYPE_UD));
            d->hstride = (uint8_t)(q || pick(4) ? 1 : 2);   /* (strided: the unmodified shapes' writes) */
            if (q)
                d->subnr = 0;
        }
    }
    /* a quarter of the float add, mul and mad in the compiler's common
     * form (the float handlers' plain operands): F sources in contiguous
     * registers without modifiers, a contiguous F register destination,
     * no condition modifier, SIMD8 or SIMD16 */
    if (flt && (in->op == GT_OP_ADD || in->op == GT_OP_MUL || in->op == GT_OP_MAD) && pick(4) == 0) {
        in->cond = GT_COND_NONE;
        if (in->exec_size < 8)
            in->exec_size = (uint8_t)(8 << pick(2));
        if (in->chan_off + in->exec_size > 32)
            in->chan_off = 0;
        for (int s = 0; s < ns; s++) {
            gt_operand *o = &in->src[s];
            gen_src(in, s, GT_TYPE_F, 0);
            o->file = GT_FILE_GRF;
            o->nr = (uint8_t)(1 + pick(100));
            o->subnr = 0;
            o->negate = o->abs = 0;
            o->rep = 0;
            for (int c = 0; c < 4; c++)
                o->swizzle[c] = (uint8_t)c;
            if (!in->align16) {
                o->vstride = 8; o->width = 8; o->hstride = 1;
            }
        }
        d->file = GT_FILE_GRF;
        d->nr = (uint8_t)(1 + pick(100));
        d->subnr = 0;
        d->type = GT_TYPE_F;
        d->hstride = 1;
        if (in->align16)
            d->writemask = 0xf;
    }
    /* a third of the float moves convert between F and D / UD / HF
     * (OpenCL's convert_int(float), (float)i, vstore_half, vload_half): no
     * modifiers, condition or saturation (the conversion handler's form) */
    if (flt && in->op == GT_OP_MOV && pick(3) == 0) {
        static const int ity_of[3] = {GT_TYPE_D, GT_TYPE_UD, GT_TYPE_HF};
        int to_int = pick(2), ity = ity_of[pick(3)];
        in->src[0].type = (uint8_t)(to_int ? GT_TYPE_F : ity);
        in->src[0].negate = in->src[0].abs = 0;
        d->type = (uint8_t)(to_int ? ity : GT_TYPE_F);
        if (d->file != GT_FILE_GRF) {
            d->file = GT_FILE_GRF;
            d->nr = (uint8_t)(1 + pick(100));
        }
        in->cond = GT_COND_NONE;
        in->saturate = in->acc_wr = 0;
    }
    /* a sixth of the float mov, add, mul, mad, sel and compares in double
     * precision (IGC's fp64 code on Gen9): every operand DF, SIMD1 to
     * SIMD8, immediates sometimes DF edge values */
    if (flt && pick(6) == 0 &&
        (in->op == GT_OP_MOV || in->op == GT_OP_ADD || in->op == GT_OP_MUL || in->op == GT_OP_MAD ||
         in->op == GT_OP_SEL || in->op == GT_OP_CMP || in->op == GT_OP_CMPN)) {
        if (in->exec_size > 8)   /* (a DF region spans at most two registers) */
            in->exec_size = 8;
        for (int s = 0; s < ns; s++) {
            gen_src(in, s, GT_TYPE_DF, s == ns - 1 && !in->align16);
            gt_operand *o = &in->src[s];
            if (o->file == GT_FILE_IMM && pick(2))
                o->imm = df_special[pick(N_DF_SPECIAL)];
            if (o->file == GT_FILE_GRF && !in->align16 && o->vstride == 8 && pick(2)) {
                o->vstride = 4; o->width = 4; o->hstride = 1;   /* IGC's <4;4,1>:df */
            }
        }
        d->type = GT_TYPE_DF;
        if (d->file != GT_FILE_GRF && !(d->nr == GT_ARF_NULL && (in->op == GT_OP_CMP || in->op == GT_OP_CMPN))) {
            d->file = GT_FILE_GRF;
            d->nr = (uint8_t)(1 + pick(100));
        }
        d->subnr = (uint8_t)(pick(2) ? 0 : 8 * pick(4));
    }
    /* a destination overlapping src0's region one register or one element
     * on (`add (16) r11 r10 ...`, `mov (4) r10.1 r10.0<1;1,0>`): the
     * handlers must read every source lane before writing any */
    if (pick(8) == 0 && d->file == GT_FILE_GRF && in->src[0].file == GT_FILE_GRF && !in->align16) {
        int sz = gt_type_size(d->type);
        d->nr = in->src[0].nr;
        d->subnr = (uint8_t)(in->src[0].subnr & ~(sz - 1));
        if (pick(2))
            d->nr = (uint8_t)(d->nr + (pick(2) ? 1 : -1));
        else if (d->subnr + sz < 32)
            d->subnr = (uint8_t)(d->subnr + sz);
    }
    /* IGC's Gen12 flag idiom: an integer compare of a register region with
     * itself into the null register (`cmp (16) (eq)f0.0 null:uw
     * r2.0<0;1,0>:uw r2.0<0;1,0>:uw`) */
    if ((in->op == GT_OP_CMP || in->op == GT_OP_CMPN) && !flt && pick(6) == 0 &&
        in->src[0].file == GT_FILE_GRF) {
        in->src[0].negate = in->src[0].abs = 0;
        in->src[1] = in->src[0];
        d->file = GT_FILE_ARF;
        d->nr = GT_ARF_NULL;
    }
    /* IGC's Gen12 loop csel: both choices the same elements, written back
     * to them (`(W) csel (4) (eq)f0.0 r0.0:w r0.0<4;1>:w r0.0<4;1>:w r0.0:w`) */
    if (in->op == GT_OP_CSEL && !flt && pick(4) == 0) {
        static const int t4[] = {GT_TYPE_D, GT_TYPE_UD, GT_TYPE_W, GT_TYPE_UW};
        int ty = t4[pick(4)], w = in->exec_size < 8 ? in->exec_size : 8;
        gt_operand *s0 = &in->src[0];
        memset(s0, 0, sizeof *s0);
        s0->file = GT_FILE_GRF;
        s0->type = (uint8_t)ty;
        s0->nr = (uint8_t)(1 + pick(100));
        s0->subnr = (uint8_t)(pick(2) ? 0 : gt_type_size(ty) * pick(4));
        s0->vstride = (uint8_t)w; s0->width = (uint8_t)w; s0->hstride = 1;
        in->src[1] = *s0;
        if (pick(4) == 0)   /* or src1 elsewhere: a real csel into src0's elements */
            in->src[1].nr = (uint8_t)(s0->nr + 1);
        gt_operand *s2 = &in->src[2];
        s2->type = (uint8_t)t4[pick(4)];
        s2->negate = s2->abs = 0;
        if (s2->file != GT_FILE_GRF) {
            s2->file = GT_FILE_GRF;
            s2->nr = (uint8_t)(1 + pick(100));
            s2->subnr = 0;
            s2->vstride = 0; s2->width = 1; s2->hstride = 0;
        }
        in->cond = (uint8_t)conds[pick(6)];   /* (not o / u) */
        in->saturate = in->acc_wr = 0;
        d->file = GT_FILE_GRF;
        d->type = (uint8_t)ty;
        d->nr = s0->nr;
        d->subnr = s0->subnr;
        d->hstride = 1;
    }
    /* explicit accumulator operands (acc0/acc1; IGC's Gen12 mad chains) */
    if (flt && !in->align16 && pick(6) == 0 && d->file == GT_FILE_GRF) {
        d->file = GT_FILE_ARF;
        d->nr = (uint8_t)(GT_ARF_ACC | pick(2));
    }
    if (flt && !in->align16 && pick(6) == 0 && in->src[0].file == GT_FILE_GRF) {
        in->src[0].file = GT_FILE_ARF;
        in->src[0].nr = (uint8_t)(GT_ARF_ACC | pick(2));
        in->src[0].subnr = 0;
    }
}

/* A Gen12LP instruction from random bits (tgllp cases): a native
 * encoding of an ALU, math or 3-source opcode with random fields, through
 * the Gen12 decoder; 0 when it does not decode. */
static int gen_inst_gen12(gt_inst *in)
{
    static const uint8_t opc[] = {0x40, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49,
                                  0x4a, 0x4b, 0x4c, 0x4d, 0x4e, 0x4f, 0x58, 0x5b, 0x61, 0x62,
                                  0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6c, 0x6e, 0x6f, 0x70,
                                  0x71, 0x72, 0x77, 0x78, 0x79, 0x7a, 0x38};
    uint8_t code[16];
    for (int i = 0; i < 16; i++)
        code[i] = (uint8_t)rnd();
    code[0] = opc[pick(sizeof opc)];
    code[1] = 0;                            /* SWSB: none */
    code[2] = (uint8_t)(code[2] & 0x03);    /* ExecSize <= 8, M0 */
    code[3] &= (uint8_t)~0x20;              /* CmptCtrl: native */
    if (pick(2))
        code[3] &= 0xf0;                    /* often unpredicated */
    char why[128];
    return gt_decode_gen12(code, 16, in, why, sizeof why) == 16;
}

static gt_thread *new_thread(void)
{
    gt_thread *t = aligned_alloc(64, sizeof(gt_thread));
    if (!t) {
        perror("aligned_alloc");
        exit(2);
    }
    memset(t, 0, sizeof *t);
    return t;
}

static void fill_thread(gt_thread *t)
{
    for (int i = 0; i < GT_GRF_REGS * 8; i++) {
        uint32_t v = data_dword();
        memcpy(t->grf + 4 * i, &v, 4);
    }
    for (int i = 0; i < 32; i++) {
        uint32_t v = data_dword();
        memcpy(t->acc + 4 * i, &v, 4);
        t->acc_wide[i] = ((uint64_t)rnd() << 32) | rnd();
    }
    t->flag[0] = rnd();
    t->flag[1] = rnd();
    t->n0[0] = rnd();
    t->n0[1] = rnd();
    t->exec_mask = pick(3) ? ~0u : rnd();
    t->dispatch_mask = ~0u;
    t->instructions = 1;
    /* cr0.0: rounding mode [5:4], F / DF denorm keep [7]/[6], ALT [0] */
    t->cr0[0] = (uint32_t)(pick(4) << 4) | (pick(2) ? 0x80u : 0) | (pick(2) ? 0x40u : 0) |
                (pick(10) == 0 ? 1u : 0);
}

/* The NaN rule (src/eu/exec.c nan_rule_f): a NaN result of add, mul, mad
 * and math is the first NaN source in source order, quieted, or 0xffc00000
 * when no source is a NaN -- on both paths, whichever order the fast
 * handler's vectorised loop takes the operands in.  One SIMD16 instruction
 * per row, a case per lane (sources r20, r30, r40 contiguous); the expected
 * bits are worked out by hand from the rule.  Returns the failures. */
#define NA 0x7f800123u /* signalling NaN, payload 0x123 */
#define NB 0xffc00456u /* quiet negative NaN, payload 0x456 */
#define QA 0x7fc00123u
#define INF 0x7f800000u
#define NINF 0xff800000u
#define ONE 0x3f800000u
#define DNAN 0xffc00000u
static const struct nan_row {
    int op, fc, ns;
    uint32_t s[3][6], want[6];
} nan_rows[] = {
    {GT_OP_ADD, 0, 2, {{NA, NB, ONE, NB, INF, ONE}, {NB, NA, NA, ONE, NINF, 0x40000000u}},
     {QA, NB, QA, NB, DNAN, 0x40400000u}},
    {GT_OP_MUL, 0, 2, {{NA, 0, INF, 0x40000000u, NB, ONE}, {NB, INF, 0, NB, NA, ONE}},
     {QA, DNAN, DNAN, NB, NB, ONE}},
    /* mad: src0 + src1 * src2 */
    {GT_OP_MAD, 0, 3,
     {{ONE, NB, NINF, ONE, ONE, ONE}, {NA, NA, INF, 0, ONE, ONE}, {NB, ONE, ONE, INF, 0x7fa00000u, ONE}},
     {QA, NB, DNAN, DNAN, 0x7fe00000u, 0x40000000u}},
    {GT_OP_MATH, GT_MATH_FDIV, 2, {{0, NA, ONE, INF, NB, ONE}, {0, NB, NB, INF, 0, 0x40000000u}},
     {DNAN, QA, NB, DNAN, NB, 0x3f000000u}},
    {GT_OP_MATH, GT_MATH_SQRT, 1, {{0xbf800000u, NA, NB, NINF, ONE, 0x40800000u}},
     {DNAN, QA, NB, DNAN, ONE, 0x40000000u}},
};

static int check_nan_rule(gtsim_device *dev, gt_xinst *x, gt_thread *t)
{
    int bad = 0;
    dev->plat = gt_platform_find("skl");
    for (size_t r = 0; r < sizeof nan_rows / sizeof nan_rows[0]; r++) {
        const struct nan_row *row = &nan_rows[r];
        for (int path = 0; path < 2; path++) {
            memset(x, 0, sizeof *x);
            gt_inst *in = &x->in;
            in->op = (uint16_t)row->op;
            in->math_fc = (uint8_t)row->fc;
            in->exec_size = 16;
            in->length = 16;
            in->num_srcs = (uint8_t)row->ns;
            for (int k = 0; k < row->ns; k++) {
                gt_operand *o = &in->src[k];
                o->file = GT_FILE_GRF;
                o->nr = (uint8_t)(20 + 10 * k);
                o->type = GT_TYPE_F;
                o->vstride = 8; o->width = 8; o->hstride = 1;
            }
            in->dst.file = GT_FILE_GRF;
            in->dst.nr = 10;
            in->dst.type = GT_TYPE_F;
            in->dst.hstride = 1;
            gt_exec_plan(dev, x);
            memset(t, 0, sizeof *t);
            t->exec_mask = t->dispatch_mask = ~0u;
            t->cr0[0] = 0x80; /* keep F denorms */
            for (int k = 0; k < row->ns; k++)
                for (int i = 0; i < 16; i++)
                    memcpy(t->grf + 32 * (20 + 10 * k) + 4 * i, &row->s[k][i % 6], 4);
            int fast = 0;
            int st = gt_eu_exec_one(dev, t, x, path == 0, path ? &fast : NULL);
            if (x->plan_err || st != GTSIM_OK || (path && !fast)) {
                fprintf(stderr, "nan rule row %zu (%s path): plan %d status %d fast %d\n", r,
                        path ? "fast" : "general", x->plan_err, st, fast);
                bad++;
                continue;
            }
            for (int i = 0; i < 16; i++) {
                uint32_t got;
                memcpy(&got, t->grf + 32 * 10 + 4 * i, 4);
                if (got != row->want[i % 6]) {
                    fprintf(stderr, "nan rule row %zu lane %d (%s path): 0x%08x, want 0x%08x\n", r,
                            i, path ? "fast" : "general", got, row->want[i % 6]);
                    bad++;
                }
            }
        }
    }
    return bad;
}

int main(int argc, char **argv)
{
    long cases = argc > 1 ? atol(argv[1]) : 300000;
    if (argc > 2)
        rng = strtoull(argv[2], NULL, 0) | 1;
    gtsim_device *dev = calloc(1, sizeof *dev);
    if (!dev)
        return 2;
    dev->cfg.log = fopen("/dev/null", "w");
    /* skl and hsw run the generated instructions, tgllp mostly random Gen12
     * encodings */
    static const char *plats[] = {"skl", "hsw", "tgllp"};
    long g12_decoded = 0;
    gt_thread *t0 = new_thread(), *ta = new_thread(), *tb = new_thread();
    gt_xinst *x = malloc(sizeof(gt_xinst));
    if (!x)
        return 2;
    long planned = 0, fast_runs = 0, fails = check_nan_rule(dev, x, t0);
    long kind_runs[16] = {0}, op_fast[GT_OP_COUNT] = {0}, df_op[GT_OP_COUNT] = {0}, acc_fast = 0, q_fast = 0;
    /* integer handler runs by kind (FK_INT, FK_I32), operand shape and opcode */
    /* [int32][shape: src1 form | SH_PLAIN 4, SH_COND 8, SH_S1 16][op] */
    long shape_op[2][32][GT_OP_COUNT] = {{{0}}};
    long flt_plain_op[GT_OP_COUNT] = {0};         /* float add/mul/mad with plain operands */
    long raw_plain[2] = {0};                      /* raw moves, plain: contiguous, broadcast source */
    long i32_src0[2] = {0};                       /* int32 shapes: src0 one element (SIMD8/16), W/UW */
    long q_src0[2] = {0};                         /* QWord shapes, src0 one element: not plain, plain */
    long carry_op[2] = {0}, raw_acc = 0;          /* addc, subb; raw moves from the accumulator */
    long pm_h = 0, csel_nop = 0;                  /* one-group horizontal predicates; csel without effect */
    long int_acc = 0;                             /* integer handler with an accumulator operand */
    long raw_s1 = 0;                              /* SIMD1 raw moves of other than DWords */
    long raw_lanes = 0;                           /* raw moves of other than DWords at SIMD2 and up */
    long cmp_self = 0;                            /* compares of a register region with itself */
    long byte_dst = 0;                            /* integer handler with a B/UB destination */
    long flt_cond = 0;                            /* float handler, condition on a result (not cmp, sel) */
    long flt_sat[2] = {0};                        /* float handler, saturated: mov; the others */
    long cvt[2][3] = {{0}};                       /* conversion moves [to D/UD/HF][D 0, UD 1, HF 2] */
    char err_a[sizeof dev->err];
    for (long n = 0; n < cases; n++) {
        dev->plat = gt_platform_find(plats[n % 3]);
        if (!dev->plat) {
            fprintf(stderr, "no platform %s\n", plats[n % 3]);
            return 2;
        }
        memset(x, 0, sizeof *x);
        if (n % 3 == 2 && pick(4)) {
            if (!gen_inst_gen12(&x->in))
                continue;
            g12_decoded++;
        } else { /* a quarter of the tgllp cases: the generated forms (Gen12 mach, rules) */
            gen_inst(&x->in);
        }
        gt_exec_plan(dev, x);
        if (x->plan_err)
            continue;
        planned++;
        fill_thread(t0);
        seed_df_specials(t0, x);
        memcpy(ta, t0, sizeof *ta);
        memcpy(tb, t0, sizeof *tb);
        uint64_t c0 = dev->stats.eu_channels;
        int sa = gt_eu_exec_one(dev, ta, x, 1, NULL);
        uint64_t ca = dev->stats.eu_channels - c0;
        snprintf(err_a, sizeof err_a, "%s", dev->err);
        c0 = dev->stats.eu_channels;
        int fast = 0;
        int sb = gt_eu_exec_one(dev, tb, x, 0, &fast);
        uint64_t cb = dev->stats.eu_channels - c0;
        if (fast) {
            fast_runs++;
            kind_runs[x->fast & 15]++;   /* FK_NONE .. FK_DF (src/eu/exec.c) */
            op_fast[x->in.op]++;
            if ((x->fast == 1 || x->fast == 4) && x->fast_shape < 32)   /* FK_INT, FK_I32 */
                shape_op[x->fast == 4][x->fast_shape][x->in.op]++;
            if (x->fast == 4 && x->fast_shape && x->in.exec_size >= 8) {
                i32_src0[0] += x->src[0].scalar;
                i32_src0[1] += x->src[0].size == 2;
            }
            if (x->fast == 1 && x->fast_shape && x->src[0].scalar && x->in.exec_size >= 8)
                q_src0[(x->fast_shape & 4) != 0]++;
            if (x->in.op == GT_OP_ADDC || x->in.op == GT_OP_SUBB)
                carry_op[x->in.op == GT_OP_SUBB]++;
            raw_acc += x->fast == 3 && x->src[0].space == GT_XS_ACC;   /* FK_RAW */
            pm_h += x->pm_kind == PM_HANY || x->pm_kind == PM_HALL;
            raw_s1 += x->fast == 3 && x->fast_shape == 16 && x->dst.size != 4;   /* FK_RAW, SH_S1 */
            raw_lanes += x->fast == 3 && x->fast_shape != 16 && x->dst.size != 4;   /* FK_RAW, fraw_lanes */
            cmp_self += (x->fast == 1 || x->fast == 4) && x->fast_shape == 64;   /* SH_SELF */
            int_acc += x->fast == 1 && (x->dst.space == GT_XS_ACC || x->src[0].space == GT_XS_ACC ||
                                        x->src[1].space == GT_XS_ACC);   /* FK_INT */
            csel_nop += x->fast == 7 && x->fast_shape == 32;   /* FK_CSEL, SH_NOP */
            byte_dst += x->fast == 1 && x->dst.space == GT_XS_GRF && x->dst.size == 1;   /* FK_INT */
            flt_cond += x->fast == 2 && x->in.cond && x->in.op != GT_OP_CMP && x->in.op != GT_OP_CMPN &&
                        x->in.op != GT_OP_SEL;   /* FK_FLT */
            if (x->fast == 2 && x->in.saturate)   /* FK_FLT */
                flt_sat[x->in.op != GT_OP_MOV]++;
            if (x->fast == 11) {   /* FK_CVT */
                int to_int = x->dst.type != GT_TYPE_F;
                int ty = to_int ? x->dst.type : x->src[0].type;
                cvt[to_int][ty == GT_TYPE_UD ? 1 : ty == GT_TYPE_HF ? 2 : 0]++;
            }
            if (x->fast == 12)   /* FK_DF */
                df_op[x->in.op]++;
            if (x->fast == 2 && x->fast_shape == 4)   /* FK_FLT, SH_PLAIN */
                flt_plain_op[x->in.op]++;
            if (x->fast == 3 && (x->fast_shape & 4))   /* FK_RAW, SH_PLAIN | SH_VV / SH_VS */
                raw_plain[(x->fast_shape & 3) == 3]++;
            acc_fast += x->dst.space == GT_XS_ACC || x->src[0].space == GT_XS_ACC;
            int q = x->dst.type == GT_TYPE_Q || x->dst.type == GT_TYPE_UQ;
            for (int s = 0; s < x->in.num_srcs; s++)
                q |= x->src[s].type == GT_TYPE_Q || x->src[s].type == GT_TYPE_UQ;
            q_fast += q;
        }
        const char *what = NULL;
        if (sa != sb)
            what = "status";
        else if (sa != GTSIM_OK && strcmp(err_a, dev->err))
            what = "error report";
        else if (memcmp(ta->grf, tb->grf, sizeof ta->grf))
            what = "GRF";
        else if (memcmp(ta->flag, tb->flag, sizeof ta->flag))
            what = "flags";
        else if (memcmp(ta->acc, tb->acc, sizeof ta->acc) ||
                 memcmp(ta->acc_wide, tb->acc_wide, sizeof ta->acc_wide))
            what = "accumulator";
        else if (memcmp(ta, tb, sizeof *ta))
            what = "thread state";
        else if (ca != cb)
            what = "lane-op count";
        if (what) {
            char dis[256];
            gt_disasm_inst(dev->plat, &x->in, dis, sizeof dis);
            fprintf(stderr, "case %ld (%s): %s differs (handler %d, cr0 0x%x, exec_mask 0x%08x, "
                    "f0 0x%08x f1 0x%08x): %s\n", n, dev->plat->name, what, x->fast, t0->cr0[0],
                    t0->exec_mask, t0->flag[0], t0->flag[1], dis);
            for (int r = 0; r < GT_GRF_REGS && what[0] == 'G'; r++)
                if (memcmp(ta->grf + 32 * r, tb->grf + 32 * r, 32)) {
                    uint32_t va[8], vb[8];
                    memcpy(va, ta->grf + 32 * r, 32);
                    memcpy(vb, tb->grf + 32 * r, 32);
                    fprintf(stderr, "  r%d general:", r);
                    for (int i = 0; i < 8; i++) fprintf(stderr, " %08x", va[i]);
                    fprintf(stderr, "\n  r%d fast:   ", r);
                    for (int i = 0; i < 8; i++) fprintf(stderr, " %08x", vb[i]);
                    fprintf(stderr, "\n");
                }
            if (++fails >= 10)
                break;
        }
    }
    printf("eufast: %ld cases (%ld decoded random Gen12 encodings), %ld planned, %ld through a "
           "specialised handler (int %ld, float %ld, raw %ld, int32 %ld, flag %ld, acc macros %ld, csel %ld, "
           "send %ld, sync %ld, cr0 %ld, F <-> D/UD/HF moves %ld, DF %ld; "
           "%ld with an accumulator operand, %ld with a QWord operand), %ld mismatches\n",
           cases, g12_decoded, planned, fast_runs, kind_runs[1], kind_runs[2], kind_runs[3],
           kind_runs[4], kind_runs[5], kind_runs[6], kind_runs[7], kind_runs[8], kind_runs[9], kind_runs[10],
           kind_runs[11], kind_runs[12],
           acc_fast, q_fast, fails);
    /* every handler kind and every opcode the handlers take must have run */
    int missing = 0;
    if (cases >= 20000 && acc_fast < 50) {
        fprintf(stderr, "accumulator operands went through a handler only %ld times\n", acc_fast);
        missing = 1;
    }
    if (cases >= 20000 && q_fast < 50) {
        fprintf(stderr, "QWord operands went through a handler only %ld times\n", q_fast);
        missing = 1;
    }
    /* (FK_SEND 8 and FK_SYNC 9 are no ALU instructions: ctest sf_messages
     * and the kernels run them) */
    for (int k = 1; k <= 12; k++)
        if (k != 8 && k != 9 && cases >= 20000 && kind_runs[k] < 50) {
            fprintf(stderr, "handler kind %d ran only %ld times\n", k, kind_runs[k]);
            missing = 1;
        }
    /* the integer handlers' operand shapes (any; contiguous sources; src1
     * an immediate; src1 one register element), their plain forms of the
     * last three, and the int32 handler's condition and SIMD1 forms: each
     * opcode through each (mov, not and the bit operations have no src1;
     * the QWord handler has no bit operations, and its 16-bit rotates and
     * mad (which int32 has not) only the any shape; int32 plain
     * has no condition, so no compare; the condition form has no sel;
     * SIMD1's src1 register is one element, so its contiguous form is the
     * one-source operations') */
    static const char *const src_name[4] = {"any", "contiguous", "src1 immediate", "src1 scalar"};
    static const int forms[4] = {0, 4, 8, 16};
    static const char *const form_name[4] = {"", "plain ", "condition ", "SIMD1 "};
    static const char *const kind_name[2] = {"QWord", "int32"};
    for (int k = 0; k < 2; k++)
        for (int f = 0; f < 4; f++)
            for (int s1 = 0; s1 < 4; s1++)
                for (size_t i = 0; i < sizeof ops_int / sizeof ops_int[0]; i++) {
                    int op = ops_int[i], sh = forms[f] | s1;
                    int cmp = op == GT_OP_CMP || op == GT_OP_CMPN;
                    /* (mad and the QWord handler's 16-bit rotates: the any shape only) */
                    int any_only = op == GT_OP_MAD || (k == 0 && (op == GT_OP_ROR || op == GT_OP_ROL));
                    if (op == GT_OP_CSEL || (s1 >= 2 && int_one_src(op)) || (any_only && (k || f || s1)) ||
                        (k == 0 && int_bit_op(op)) || (op == GT_OP_MAD && k) || (f && s1 == 0) ||
                        (k == 0 && forms[f] > 4) || (k == 1 && forms[f] == 4 && cmp) ||
                        (forms[f] == 8 && op == GT_OP_SEL) || (forms[f] == 16 && s1 == 1 && !int_one_src(op)))
                        continue;
                    if (cases >= 20000 && shape_op[k][sh][op] < 5) {
                        fprintf(stderr, "opcode %d with %s%s operands went through the %s handler only %ld times\n",
                                op, form_name[f], src_name[s1], kind_name[k], shape_op[k][sh][op]);
                        missing = 1;
                    }
                }
    /* the float handlers' plain form (fast_fn_for picks it where AVX2 runs
     * the vector handlers) */
    static const int flt_plain_ops[] = {GT_OP_ADD, GT_OP_MUL, GT_OP_MAD};
    for (size_t i = 0; i < sizeof flt_plain_ops / sizeof flt_plain_ops[0]; i++)
        if (cases >= 20000 && flt_plain_op[flt_plain_ops[i]] < 5) {
            fprintf(stderr, "float opcode %d with plain operands went through a handler only %ld times\n",
                    flt_plain_ops[i], flt_plain_op[flt_plain_ops[i]]);
            missing = 1;
        }
    /* the DF handlers' opcodes */
    static const int df_ops[] = {GT_OP_MOV, GT_OP_ADD, GT_OP_MUL, GT_OP_MAD, GT_OP_SEL, GT_OP_CMP, GT_OP_CMPN};
    for (size_t i = 0; i < sizeof df_ops / sizeof df_ops[0]; i++)
        if (cases >= 20000 && df_op[df_ops[i]] < 5) {
            fprintf(stderr, "DF opcode %d went through a handler only %ld times\n", df_ops[i], df_op[df_ops[i]]);
            missing = 1;
        }
    for (int k = 0; k < 2; k++)
        if (cases >= 20000 && i32_src0[k] < 20) {
            fprintf(stderr, "int32 shapes with %s src0 went through a handler only %ld times\n",
                    k ? "a W/UW" : "a one-element", i32_src0[k]);
            missing = 1;
        }
    for (int k = 0; k < 2; k++)
        if (cases >= 20000 && q_src0[k] < 20) {
            fprintf(stderr, "QWord %s shapes with a one-element src0 went through a handler only %ld times\n",
                    k ? "plain" : "other", q_src0[k]);
            missing = 1;
        }
    for (int k = 0; k < 2; k++)
        if (cases >= 20000 && carry_op[k] < 20) {
            fprintf(stderr, "%s went through a handler only %ld times\n", k ? "subb" : "addc", carry_op[k]);
            missing = 1;
        }
    /* forms that must have gone through their handler at least 20 times */
    const struct { long runs; const char *what; } forms20[] = {
        {pm_h, "one-group horizontal predicates"},
        {raw_s1, "SIMD1 raw moves of other than DWords"},
        {raw_lanes, "raw moves of other than DWords at SIMD2 and up"},
        {int_acc, "integer accumulator operands"},
        {csel_nop, "csel without effect"},
        {cmp_self, "compares of a register region with itself"},
        {raw_acc, "raw moves from the accumulator"},
        {byte_dst, "integer results to a B/UB destination"},
        {flt_cond, "float results with a condition modifier"},
        {flt_sat[0], "saturated float moves"},
        {flt_sat[1], "saturated float operations"},
        {cvt[0][0], "D -> F moves"},
        {cvt[0][1], "UD -> F moves"},
        {cvt[1][0], "F -> D moves"},
        {cvt[1][1], "F -> UD moves"},
        {cvt[0][2], "HF -> F moves"},
        {cvt[1][2], "F -> HF moves"},
    };
    for (size_t i = 0; i < sizeof forms20 / sizeof forms20[0]; i++)
        if (cases >= 20000 && forms20[i].runs < 20) {
            fprintf(stderr, "%s went through a handler only %ld times\n", forms20[i].what, forms20[i].runs);
            missing = 1;
        }
    for (int k = 0; k < 2; k++)
        if (cases >= 20000 && raw_plain[k] < 5) {
            fprintf(stderr, "raw moves with a plain %s source went through a handler only %ld times\n",
                    k ? "broadcast" : "contiguous", raw_plain[k]);
            missing = 1;
        }
    const int *lists[2] = {ops_int, ops_flt};
    const size_t lens[2] = {sizeof ops_int / sizeof ops_int[0], sizeof ops_flt / sizeof ops_flt[0]};
    for (int l = 0; l < 2; l++)
        for (size_t i = 0; i < lens[l]; i++)
            if (cases >= 20000 && op_fast[lists[l][i]] < 20) {
                fprintf(stderr, "opcode %d went through a specialised handler only %ld times\n",
                        lists[l][i], op_fast[lists[l][i]]);
                missing = 1;
            }
    fclose(dev->cfg.log);
    gt_kcache_destroy(dev->kcache);
    free(dev);
    free(t0); free(ta); free(tb); free(x);
    return fails || missing ? 1 : 0;
}
