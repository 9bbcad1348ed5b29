/*
 * EU instruction coverage (a test aid): with GTSIM_EU_COVERAGE=FILE in the
 * environment, the executor counts executions per decoded instruction (one
 * increment in the kernel-cache entry per executed instruction, nothing per
 * lane; nothing at all when the variable is unset) and, when a kernel leaves
 * the decoded-kernel cache (flush, device destroy), this file appends to FILE
 * the features of each instruction that ran, weighted by its count:
 *
 *   op:<name>                       opcode (math: math.<function>)
 *   type.<pos>:<type>               type per operand position (dst, src0..2;
 *                                   immediates as imm.<type>)
 *   types:<op>:<dst>:<src0>...      the type combination of the instruction
 *   region.<pos>:<form>             region form per operand position
 *   pred:<form>, cond:<form>        predication (Align1/Align16 names,
 *                                   inverted) and conditional modifier
 *   mod:<name>                      sat, accwr, nomask, negate, abs, align16
 *   exec:<size>, chan:<offset>      ExecSize and QtrCtrl/NibCtrl offset
 *   cf:<op>.<outcome>               branches: all / none / divergent
 *
 * Each line is "<feature>\t<count>".  tests/euexec/cov_report.py merges
 * files and prints the table.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eu/exec_priv.h"

static const char *cov_path(void)
{
    static int init;
    static const char *path;
    if (!__atomic_load_n(&init, __ATOMIC_ACQUIRE)) {
        const char *e = getenv("GTSIM_EU_COVERAGE");
        path = e && *e ? e : NULL;
        __atomic_store_n(&init, 1, __ATOMIC_RELEASE);
    }
    return path;
}

int gt_eu_cov_enabled(void) { return cov_path() != NULL; }

static const char *const cov_op[GT_OP_COUNT] = {
    [GT_OP_DIM] = "dim", [GT_OP_ILLEGAL] = "illegal", [GT_OP_MOV] = "mov", [GT_OP_SEL] = "sel", [GT_OP_MOVI] = "movi",
    [GT_OP_NOT] = "not", [GT_OP_AND] = "and", [GT_OP_OR] = "or", [GT_OP_XOR] = "xor",
    [GT_OP_SHR] = "shr", [GT_OP_SHL] = "shl", [GT_OP_SMOV] = "smov", [GT_OP_ASR] = "asr",
    [GT_OP_CMP] = "cmp", [GT_OP_CMPN] = "cmpn", [GT_OP_CSEL] = "csel",
    [GT_OP_F32TO16] = "f32to16", [GT_OP_F16TO32] = "f16to32", [GT_OP_BFREV] = "bfrev",
    [GT_OP_BFE] = "bfe", [GT_OP_BFI1] = "bfi1", [GT_OP_BFI2] = "bfi2", [GT_OP_JMPI] = "jmpi",
    [GT_OP_BRD] = "brd", [GT_OP_IF] = "if", [GT_OP_BRC] = "brc", [GT_OP_ELSE] = "else",
    [GT_OP_ENDIF] = "endif", [GT_OP_DO] = "do", [GT_OP_WHILE] = "while",
    [GT_OP_BREAK] = "break", [GT_OP_CONT] = "cont", [GT_OP_HALT] = "halt",
    [GT_OP_CALLA] = "calla", [GT_OP_CALL] = "call", [GT_OP_RET] = "ret", [GT_OP_GOTO] = "goto",
    [GT_OP_JOIN] = "join", [GT_OP_WAIT] = "wait", [GT_OP_SEND] = "send",
    [GT_OP_SENDC] = "sendc", [GT_OP_SENDS] = "sends", [GT_OP_SENDSC] = "sendsc",
    [GT_OP_MATH] = "math", [GT_OP_ADD] = "add", [GT_OP_MUL] = "mul", [GT_OP_AVG] = "avg",
    [GT_OP_FRC] = "frc", [GT_OP_RNDU] = "rndu", [GT_OP_RNDD] = "rndd", [GT_OP_RNDE] = "rnde",
    [GT_OP_RNDZ] = "rndz", [GT_OP_MAC] = "mac", [GT_OP_MACH] = "mach", [GT_OP_LZD] = "lzd",
    [GT_OP_FBH] = "fbh", [GT_OP_FBL] = "fbl", [GT_OP_CBIT] = "cbit", [GT_OP_ADDC] = "addc",
    [GT_OP_SUBB] = "subb", [GT_OP_SAD2] = "sad2", [GT_OP_SADA2] = "sada2", [GT_OP_DP4] = "dp4",
    [GT_OP_DPH] = "dph", [GT_OP_DP3] = "dp3", [GT_OP_DP2] = "dp2", [GT_OP_LINE] = "line",
    [GT_OP_PLN] = "pln", [GT_OP_MAD] = "mad", [GT_OP_LRP] = "lrp", [GT_OP_MADM] = "madm",
    [GT_OP_NOP] = "nop", [GT_OP_SYNC] = "sync", [GT_OP_ROR] = "ror", [GT_OP_ROL] = "rol",
    [GT_OP_DP4A] = "dp4a",
};

/* Function names as the issue lists them (seed 004 math FC). */
static const char *const cov_math[16] = {
    [GT_MATH_INV] = "inv", [GT_MATH_LOG] = "log", [GT_MATH_EXP] = "exp",
    [GT_MATH_SQRT] = "sqrt", [GT_MATH_RSQ] = "rsq", [GT_MATH_SIN] = "sin",
    [GT_MATH_COS] = "cos", [GT_MATH_FDIV] = "fdiv", [GT_MATH_POW] = "pow",
    [GT_MATH_IDIV_BOTH] = "idiv_both", [GT_MATH_IDIV_QUOT] = "idiv_quot",
    [GT_MATH_IDIV_REM] = "idiv_rem", [GT_MATH_INVM] = "invm", [GT_MATH_RSQRTM] = "rsqtm",
};

static const char *const cov_cond[16] = {
    [GT_COND_Z] = "z", [GT_COND_NZ] = "nz", [GT_COND_G] = "g", [GT_COND_GE] = "ge",
    [GT_COND_L] = "l", [GT_COND_LE] = "le", [GT_COND_O] = "o", [GT_COND_U] = "u",
};

static const char *const cov_pred_a1[16] = {
    "none", "normal", "anyv", "allv", "any2h", "all2h", "any4h", "all4h",
    "any8h", "all8h", "any16h", "all16h", "any32h", "all32h", "?", "?",
};
static const char *const cov_pred_a16[8] = {
    "none", "normal", "a16.x", "a16.y", "a16.z", "a16.w", "a16.any4h", "a16.all4h",
};

static const char *cov_name(const char *const *tab, size_t n, unsigned i)
{
    return i < n && tab[i] ? tab[i] : "?";
}

static int is_ctrl(int op)
{
    switch (op) {
    case GT_OP_JMPI: case GT_OP_BRD: case GT_OP_IF: case GT_OP_BRC: case GT_OP_ELSE:
    case GT_OP_ENDIF: case GT_OP_WHILE: case GT_OP_BREAK: case GT_OP_CONT: case GT_OP_HALT:
    case GT_OP_CALLA: case GT_OP_CALL: case GT_OP_RET: case GT_OP_GOTO: case GT_OP_JOIN:
        return 1;
    default:
        return 0;
    }
}

static int has_operands(const gt_inst *in)
{
    return !is_ctrl(in->op) && in->op != GT_OP_NOP && in->op != GT_OP_ILLEGAL &&
           in->op != GT_OP_WAIT && in->op != GT_OP_SEND && in->op != GT_OP_SENDC &&
           in->op != GT_OP_SENDS && in->op != GT_OP_SENDSC;
}

/* Region form of an operand (seed 001 §3.3.5 region description). */
static void region_form(const gt_inst *in, const gt_operand *o, int is_dst, int three_src,
                        char *buf, size_t len)
{
    if (o->file == GT_FILE_IMM) {
        snprintf(buf, len, "imm");
        return;
    }
    if (o->file == GT_FILE_ARF) {
        int cls = o->nr & 0xf0;
        snprintf(buf, len, "%s", cls == GT_ARF_NULL ? "null" : cls == GT_ARF_ACC ? "acc"
                                 : cls == GT_ARF_F ? "arf.flag" : cls == GT_ARF_A0 ? "arf.a0"
                                 : cls == GT_ARF_CR ? "arf.cr0" : cls == GT_ARF_SR ? "arf.sr0"
                                 : "arf.other");
        return;
    }
    if (o->indirect) {
        snprintf(buf, len, "indirect.%s", is_dst ? "dst" : o->vxh ? "vxh" : "vx1");
        return;
    }
    if (three_src) {
        if (is_dst)
            snprintf(buf, len, "a16.3src.wm%s", o->writemask == 0xf ? "full" : "partial");
        else if (o->rep)
            snprintf(buf, len, "a16.3src.rep");
        else
            snprintf(buf, len, "a16.3src.%s",
                     o->swizzle[0] == 0 && o->swizzle[1] == 1 && o->swizzle[2] == 2 &&
                             o->swizzle[3] == 3 ? "xyzw" : "swizzle");
        return;
    }
    if (in->align16) {
        if (is_dst)
            snprintf(buf, len, "a16.wm%s", o->writemask == 0xf || !o->writemask ? "full" : "partial");
        else
            snprintf(buf, len, "a16.vs%d.%s", o->vstride,
                     o->swizzle[0] == 0 && o->swizzle[1] == 1 && o->swizzle[2] == 2 &&
                             o->swizzle[3] == 3 ? "xyzw" : "swizzle");
        return;
    }
    if (is_dst) {
        snprintf(buf, len, "a1.dst<%d>", o->hstride);
        return;
    }
    const char *shape = "strided";
    if (o->vstride == 0 && o->hstride == 0)
        shape = "scalar";
    else if (o->hstride == 1 && (o->vstride == o->width || in->exec_size <= o->width))
        shape = "contiguous";
    else if (o->hstride == 0)
        shape = "row-replicate";
    snprintf(buf, len, "a1.%s", shape);
}

static void emit(FILE *f, uint64_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void emit(FILE *f, uint64_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(f, fmt, ap);
    va_end(ap);
    fprintf(f, "\t%llu\n", (unsigned long long)n);
}

static void cov_inst(FILE *f, const gt_xinst *x)
{
    const gt_inst *in = &x->in;
    uint64_t n = x->cov_count;
    const char *opn = cov_name(cov_op, GT_OP_COUNT, in->op);
    char opname[32];
    if (in->op == GT_OP_MATH)
        snprintf(opname, sizeof opname, "math.%s", cov_name(cov_math, 16, in->math_fc));
    else
        snprintf(opname, sizeof opname, "%s", opn);
    emit(f, n, "op:%s", opname);
    if (in->op == GT_OP_SYNC) { /* seed 004 sync function controls */
        static const char *const sfc[16] = {[0] = "nop", [2] = "allrd", [3] = "allwr",
                                            [13] = "fence", [14] = "bar", [15] = "host"};
        emit(f, n, "sync:%s", cov_name(sfc, 16, in->sync_fc));
    }
    emit(f, n, "exec:%d", in->exec_size);
    emit(f, n, "chan:M%d", in->chan_off);
    if (in->nomask)
        emit(f, n, "mod:nomask");
    unsigned pi = in->pred;
    emit(f, n, "pred:%s%s", in->align16 ? cov_name(cov_pred_a16, 8, pi) : cov_name(cov_pred_a1, 16, pi),
         in->pred && in->pred_inv ? ".inv" : "");
    if (in->pred)
        emit(f, n, "flag:f%d.%d", in->flag_nr, in->flag_subnr);
    if (is_ctrl(in->op)) {
        static const char *const oc[3] = {"all", "none", "divergent"};
        for (int b = 0; b < 3; b++)
            if ((x->cov_outcomes >> b) & 1)
                emit(f, n, "cf:%s.%s", opn, oc[b]);
        if (in->op == GT_OP_GOTO || in->op == GT_OP_ELSE)
            emit(f, n, "cf:%s.branchctrl%d", opn, in->branch_ctrl);
        if (in->jip_reg)
            emit(f, n, "cf:%s.register", opn);
        return;
    }
    if (!has_operands(in))
        return;
    if (in->cond)
        emit(f, n, "cond:%s", cov_name(cov_cond, 16, in->cond));
    if (in->saturate)
        emit(f, n, "mod:sat");
    if (in->acc_wr)
        emit(f, n, "mod:accwr");
    if (in->align16)
        emit(f, n, "mod:align16");
    int three = in->num_srcs == 3 && in->align16;
    int ns = in->num_srcs;
    char combo[96], reg[48];
    int co = snprintf(combo, sizeof combo, "types:%s:%s", opname,
                      in->dst.file == GT_FILE_ARF && (in->dst.nr & 0xf0) == GT_ARF_NULL
                          ? "null" : gt_type_name(in->dst.type));
    emit(f, n, "type.dst:%s", gt_type_name(in->dst.type));
    region_form(in, &in->dst, 1, three, reg, sizeof reg);
    emit(f, n, "region.dst:%s", reg);
    for (int s = 0; s < ns && s < 3; s++) {
        const gt_operand *o = &in->src[s];
        int imm = o->file == GT_FILE_IMM;
        emit(f, n, "type.src%d:%s%s", s, imm ? "imm." : "", gt_type_name(o->type));
        region_form(in, o, 0, three, reg, sizeof reg);
        emit(f, n, "region.src%d:%s", s, reg);
        if (o->negate)
            emit(f, n, "mod:negate");
        if (o->abs)
            emit(f, n, "mod:abs");
        if (co < (int)sizeof combo)
            co += snprintf(combo + co, sizeof combo - (size_t)co, ":%s%s", imm ? "imm." : "",
                           gt_type_name(o->type));
    }
    emit(f, n, "%s", combo);
}

void gt_eu_cov_dump(const gt_kkernel *k)
{
    const char *path = cov_path();
    if (!path || !k)
        return;
    FILE *f = NULL;
    for (uint32_t i = 0; i < k->nslot; i++) {
        const gt_xinst *x = k->slot[i];
        if (!x || !x->cov_count)
            continue;
        if (!f) {
            f = fopen(path, "a");
            if (!f)
                return;
        }
        cov_inst(f, x);
    }
    if (f)
        fclose(f);
}
