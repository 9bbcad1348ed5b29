/*
 * EU disassembler: gt_inst -> IGA syntax text, as `iga64 -p=9 -d` prints it
 * (the oracle the tests compare against), and gtsim_disasm() for a whole
 * kernel buffer with IGA's label lines and send descriptor comments.
 *
 * Terms follow seed 001 (regions, types, predication, conditional
 * modifiers) and the instruction pages of seed 004.
 */
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eu/eu.h"
#include "eu/disasm_send.h"

/* ---- bounded text buffer ---- */

typedef struct {
    char *p;
    size_t len, pos;
    const gt_iga_syntax *syn; /* the platform's spelling (NULL: Gen9) */
} gt_txt;

static void tx(gt_txt *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void tx(gt_txt *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = t->pos < t->len ? t->len - t->pos : 0;
    int n = vsnprintf(room ? t->p + t->pos : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0)
        t->pos += (size_t)n;
}

/* ---- names ---- */

static const struct {
    const char *name;
} gt_op_names[GT_OP_COUNT] = {
    [GT_OP_ILLEGAL] = {"illegal"}, [GT_OP_MOV] = {"mov"}, [GT_OP_SEL] = {"sel"},
    [GT_OP_MOVI] = {"movi"}, [GT_OP_NOT] = {"not"}, [GT_OP_AND] = {"and"}, [GT_OP_OR] = {"or"},
    [GT_OP_XOR] = {"xor"}, [GT_OP_SHR] = {"shr"}, [GT_OP_SHL] = {"shl"}, [GT_OP_SMOV] = {"smov"},
    [GT_OP_ASR] = {"asr"}, [GT_OP_CMP] = {"cmp"}, [GT_OP_CMPN] = {"cmpn"}, [GT_OP_CSEL] = {"csel"},
    [GT_OP_F32TO16] = {"f32to16"}, [GT_OP_F16TO32] = {"f16to32"}, [GT_OP_BFREV] = {"bfrev"},
    [GT_OP_BFE] = {"bfe"}, [GT_OP_BFI1] = {"bfi1"}, [GT_OP_BFI2] = {"bfi2"},
    [GT_OP_JMPI] = {"jmpi"}, [GT_OP_BRD] = {"brd"}, [GT_OP_IF] = {"if"}, [GT_OP_BRC] = {"brc"},
    [GT_OP_ELSE] = {"else"}, [GT_OP_ENDIF] = {"endif"}, [GT_OP_DO] = {"do"},
    [GT_OP_WHILE] = {"while"}, [GT_OP_BREAK] = {"break"}, [GT_OP_CONT] = {"cont"},
    [GT_OP_HALT] = {"halt"}, [GT_OP_CALLA] = {"calla"}, [GT_OP_CALL] = {"call"},
    [GT_OP_RET] = {"ret"}, [GT_OP_GOTO] = {"goto"}, [GT_OP_JOIN] = {"join"},
    [GT_OP_WAIT] = {"wait"}, [GT_OP_SEND] = {"send"}, [GT_OP_SENDC] = {"sendc"},
    [GT_OP_SENDS] = {"sends"}, [GT_OP_SENDSC] = {"sendsc"}, [GT_OP_MATH] = {"math"},
    [GT_OP_ADD] = {"add"}, [GT_OP_MUL] = {"mul"}, [GT_OP_AVG] = {"avg"}, [GT_OP_FRC] = {"frc"},
    [GT_OP_RNDU] = {"rndu"}, [GT_OP_RNDD] = {"rndd"}, [GT_OP_RNDE] = {"rnde"},
    [GT_OP_RNDZ] = {"rndz"}, [GT_OP_MAC] = {"mac"}, [GT_OP_MACH] = {"mach"}, [GT_OP_LZD] = {"lzd"},
    [GT_OP_FBH] = {"fbh"}, [GT_OP_FBL] = {"fbl"}, [GT_OP_CBIT] = {"cbit"}, [GT_OP_ADDC] = {"addc"},
    [GT_OP_SUBB] = {"subb"}, [GT_OP_SAD2] = {"sad2"}, [GT_OP_SADA2] = {"sada2"},
    [GT_OP_DP4] = {"dp4"}, [GT_OP_DPH] = {"dph"}, [GT_OP_DP3] = {"dp3"}, [GT_OP_DP2] = {"dp2"},
    [GT_OP_LINE] = {"line"}, [GT_OP_PLN] = {"pln"}, [GT_OP_MAD] = {"mad"}, [GT_OP_LRP] = {"lrp"},
    [GT_OP_MADM] = {"madm"}, [GT_OP_NOP] = {"nop"}, [GT_OP_DIM] = {"dim"},
    [GT_OP_SYNC] = {"sync"}, [GT_OP_ROR] = {"ror"}, [GT_OP_ROL] = {"rol"}, [GT_OP_DP4A] = {"dp4a"},
};

/* sync function controls (seed 004 sync, SyncFC). */
static const char *const gt_sync_names[16] = {
    [0] = "nop", [2] = "allrd", [3] = "allwr", [13] = "fence", [14] = "bar", [15] = "host",
};

static const char *const gt_math_names[16] = {
    [GT_MATH_INV] = "inv", [GT_MATH_LOG] = "log", [GT_MATH_EXP] = "exp",
    [GT_MATH_SQRT] = "sqt", [GT_MATH_RSQ] = "rsqt", [GT_MATH_SIN] = "sin",
    [GT_MATH_COS] = "cos", [GT_MATH_FDIV] = "fdiv", [GT_MATH_POW] = "pow",
    [GT_MATH_IDIV_BOTH] = "idiv", [GT_MATH_IDIV_QUOT] = "iqot", [GT_MATH_IDIV_REM] = "irem",
    [GT_MATH_INVM] = "invm", [GT_MATH_RSQRTM] = "rsqtm",
};

static const char *const gt_cond_names[16] = {
    [GT_COND_Z] = "eq", [GT_COND_NZ] = "ne", [GT_COND_G] = "gt", [GT_COND_GE] = "ge",
    [GT_COND_L] = "lt", [GT_COND_LE] = "le", [GT_COND_O] = "ov", [GT_COND_U] = "un",
};

static const char *const gt_pred_names_a1[16] = {
    "", "", ".anyv", ".allv", ".any2h", ".all2h", ".any4h", ".all4h",
    ".any8h", ".all8h", ".any16h", ".all16h", ".any32h", ".all32h", ".?", ".?",
};
static const char *const gt_pred_names_a16[16] = {
    "", "", ".x", ".y", ".z", ".w", ".any4h", ".all4h",
    ".?", ".?", ".?", ".?", ".?", ".?", ".?", ".?",
};

/* ---- operand pieces ---- */

static int op_is_logic(int op)
{
    return op == GT_OP_AND || op == GT_OP_OR || op == GT_OP_XOR || op == GT_OP_NOT;
}

static int op_is_3src(int op)
{
    return op == GT_OP_MAD || op == GT_OP_LRP || op == GT_OP_BFE || op == GT_OP_BFI2 ||
           op == GT_OP_CSEL || op == GT_OP_MADM || op == GT_OP_DP4A;
}

/* Register name; *has_sub set when IGA prints a subregister for it. */
static void reg_name(gt_txt *t, int file, int nr, int *has_sub)
{
    *has_sub = 1;
    if (file == GT_FILE_GRF) {
        tx(t, "r%d", nr);
        return;
    }
    int n = nr & 0xf;
    switch (nr & 0xf0) {
    case GT_ARF_NULL: tx(t, "null"); *has_sub = 0; break;
    case GT_ARF_A0: tx(t, "a%d", n); break;
    case GT_ARF_ACC:
    {
        /* acc2..acc9 are the math macro extended accumulators mme0..mme7
         * (Gen8/9); -p=12p1: acc8..acc15 (acc2..acc7 are accumulators) */
        int base = t->syn && t->syn->acc_mme_base ? t->syn->acc_mme_base : 2;
        if (n >= base && n <= base + 7)
            tx(t, "mme%d", n - base);
        else
            tx(t, "acc%d", n);
        break;
    }
    case GT_ARF_F: tx(t, "f%d", n); break;
    case GT_ARF_CE: tx(t, "ce"); *has_sub = 0; break;
    case GT_ARF_MSG: tx(t, "msg%d", n); break;
    case GT_ARF_SP: tx(t, "sp"); break;
    case GT_ARF_SR: tx(t, "sr%d", n); break;
    case GT_ARF_CR: tx(t, "cr%d", n); break;
    case GT_ARF_N: tx(t, "n%d", n); break;
    case GT_ARF_IP: tx(t, "ip"); *has_sub = 0; break;
    case GT_ARF_TDR: tx(t, "tdr%d", n); break;
    case GT_ARF_TM: tx(t, "tm%d", n); break;
    case GT_ARF_FC: tx(t, "fc%d", n); break;
    case GT_ARF_DBG: tx(t, "dbg%d", n); break;
    default: tx(t, "arf0x%02x", nr); break;
    }
}

static void reg_with_sub(gt_txt *t, const gt_operand *o)
{
    int has_sub;
    reg_name(t, o->file, o->nr, &has_sub);
    int sz = gt_type_size(o->type);
    /* msg, fc and ip subregisters print as raw byte numbers (IGA). */
    int cls = o->file == GT_FILE_ARF ? (o->nr & 0xf0) : -1;
    if (cls == GT_ARF_MSG || cls == GT_ARF_FC || cls == GT_ARF_IP)
        sz = 1;
    if ((cls == GT_ARF_IP || cls == GT_ARF_CE) && o->subnr) {
        has_sub = 1; /* ip, ce print a non-zero subregister, in bytes */
        sz = 1;
    }
    if (cls == GT_ARF_NULL && sz && o->subnr / sz)
        has_sub = 1; /* null prints a non-zero subregister element */
    if (has_sub)
        tx(t, ".%d", sz ? o->subnr / sz : o->subnr);
}

static void indirect(gt_txt *t, const gt_operand *o)
{
    if (o->ind_off)
        tx(t, "r[a0.%d,%d]", o->ind_subnr, o->ind_off);
    else
        tx(t, "r[a0.%d]", o->ind_subnr);
}

/* A brd / brc / ret register operand: direct or indirect, without region
 * or type (IGA's implicit form). */
static void jump_register(gt_txt *t, const gt_operand *o)
{
    if (o->indirect)
        indirect(t, o);
    else
        reg_with_sub(t, o);
}

/* Floating-point immediates: the shortest of %g that reads back exactly,
 * else %.6e that reads back exactly, else the raw bits in hex (IGA's
 * formatting).  NaNs print their payload, infinities as inf. */
static void fmt_float(gt_txt *t, double v, uint64_t bits, int kind /* 0 f, 1 df, 2 hf */)
{
    char b[64];
    if (isnan(v)) {
        uint64_t payload, quiet;
        if (kind == 0) {
            payload = bits & 0x3fffff; quiet = (bits >> 22) & 1;
        } else if (kind == 1) {
            payload = bits & 0x7ffffffffffffull; quiet = (bits >> 51) & 1;
        } else {
            payload = bits & 0x1ff; quiet = (bits >> 9) & 1;
        }
        int neg = kind == 0 ? (int)(bits >> 31) & 1 : kind == 1 ? (int)(bits >> 63) : (int)(bits >> 15) & 1;
        tx(t, "%s%s(0x%" PRIX64 ")", neg ? "-" : "", quiet ? "qnan" : "snan", payload);
        return;
    }
    if (isinf(v)) {
        tx(t, "%sinf", v < 0 ? "-" : "");
        return;
    }
    for (int pass = 0; pass < 2; pass++) {
        snprintf(b, sizeof b, pass ? "%.6e" : "%g", v);
        double back = strtod(b, NULL);
        int same = kind == 1 ? back == v : (float)back == (float)v;
        if (same) {
            if (!strpbrk(b, ".e"))
                strcat(b, ".0");
            tx(t, "%s", b);
            return;
        }
    }
    tx(t, "0x%" PRIX64, bits);
}

static double half_to_double(uint16_t h)
{
    int s = h >> 15, e = (h >> 10) & 0x1f, m = h & 0x3ff;
    double v;
    if (e == 0)
        v = ldexp(m, -24);
    else if (e == 31)
        v = m ? NAN : INFINITY;
    else
        v = ldexp(m | 0x400, e - 25);
    return s ? -v : v;
}

static void immediate(gt_txt *t, const gt_operand *o)
{
    uint64_t v = o->imm;
    switch (o->type) {
    case GT_TYPE_UD: tx(t, "0x%" PRIX32, (uint32_t)v); break;
    case GT_TYPE_UW: tx(t, "0x%" PRIX32, (uint32_t)(v & 0xffff)); break;
    case GT_TYPE_UB: tx(t, "0x%" PRIX32, (uint32_t)(v & 0xff)); break;
    case GT_TYPE_UQ: tx(t, "0x%" PRIX64, v); break;
    case GT_TYPE_D: tx(t, "%" PRId32, (int32_t)(uint32_t)v); break;
    case GT_TYPE_W: tx(t, "%d", (int16_t)(uint16_t)v); break;
    case GT_TYPE_B: tx(t, "%d", (int8_t)(uint8_t)v); break;
    case GT_TYPE_Q: tx(t, "%" PRId64, (int64_t)v); break;
    case GT_TYPE_V:
    case GT_TYPE_UV:
    case GT_TYPE_VF: tx(t, "0x%" PRIX32, (uint32_t)v); break;
    case GT_TYPE_F: {
        uint32_t u = (uint32_t)v;
        float f;
        memcpy(&f, &u, 4);
        fmt_float(t, f, u, 0);
        break;
    }
    case GT_TYPE_DF: {
        double d;
        memcpy(&d, &v, 8);
        fmt_float(t, d, v, 1);
        break;
    }
    case GT_TYPE_HF: fmt_float(t, half_to_double((uint16_t)v), v & 0xffff, 2); break;
    default: tx(t, "0x%" PRIX64, v); break;
    }
    tx(t, ":%s", gt_type_name(o->type));
}

static void src_mods(gt_txt *t, const gt_inst *in, const gt_operand *o)
{
    if (o->negate)
        tx(t, op_is_logic(in->op) && !o->abs ? "~" : "-");
    if (o->abs)
        tx(t, "(abs)");
}

static int is_macro_math(const gt_inst *in)
{
    return (in->op == GT_OP_MATH && (in->math_fc == GT_MATH_INVM || in->math_fc == GT_MATH_RSQRTM)) ||
           in->op == GT_OP_MADM;
}

static void mme_name(gt_txt *t, int m)
{
    if (m < 8)
        tx(t, ".mme%d", m);
    else
        tx(t, ".nomme");
}

static void dst_operand(gt_txt *t, const gt_inst *in)
{
    const gt_operand *d = &in->dst;
    if (in->saturate)
        tx(t, "(sat)");
    if (is_macro_math(in)) {
        tx(t, "r%d", d->nr);
        mme_name(t, d->mme);
        tx(t, ":%s", gt_type_name(d->type));
        return;
    }
    if (d->indirect)
        indirect(t, d);
    else
        reg_with_sub(t, d);
    tx(t, "<%d>:%s", d->hstride, gt_type_name(d->type));
}

static void src_operand(gt_txt *t, const gt_inst *in, int i)
{
    const gt_operand *o = &in->src[i];
    if (o->file == GT_FILE_IMM && in->op == GT_OP_DIM) {
        /* iga64 -p=7p5 shows dim's 64-bit immediate as an F: its low DWord */
        gt_operand f = *o;
        f.type = GT_TYPE_F;
        f.imm &= 0xffffffffu;
        immediate(t, &f);
        return;
    }
    if (o->file == GT_FILE_IMM) {
        immediate(t, o);
        return;
    }
    src_mods(t, in, o);
    if (is_macro_math(in)) {
        tx(t, "r%d", o->nr);
        mme_name(t, o->mme);
        tx(t, ":%s", gt_type_name(o->type));
        return;
    }
    if (op_is_3src(in->op) && !in->align16 && !is_macro_math(in)) {
        /* 3-source Align1 (Gen12): src0 / src1 <V;H>, src2 <H> */
        reg_with_sub(t, o);
        if (i == 2)
            tx(t, "<%d>", o->hstride);
        else
            tx(t, "<%d;%d>", o->vstride, o->hstride);
        tx(t, ":%s", gt_type_name(o->type));
        return;
    }
    if (op_is_3src(in->op)) {
        reg_with_sub(t, o);
        if (i == 2)
            tx(t, o->rep ? "<0>" : "<1>");
        else
            tx(t, o->rep ? "<0;0>" : "<2;1>");
        tx(t, ":%s", gt_type_name(o->type));
        return;
    }
    if (o->indirect) {
        indirect(t, o);
        if (o->vxh)
            tx(t, "<%d,%d>", o->width, o->hstride);
        else
            tx(t, "<%d;%d,%d>", o->vstride, o->width, o->hstride);
    } else {
        reg_with_sub(t, o);
        tx(t, "<%d;%d,%d>", o->vstride, o->width, o->hstride);
    }
    tx(t, ":%s", gt_type_name(o->type));
}

static void label(gt_txt *t, int64_t target)
{
    tx(t, "L%" PRId64, target);
}

/* Instruction options in braces: alphabetical, as IGA prints them. */
static void options(gt_txt *t, const gt_inst *in)
{
    const char *opt[12];
    int n = 0;
    int is_branch_acc = in->op == GT_OP_IF || in->op == GT_OP_ELSE || in->op == GT_OP_ENDIF ||
                        in->op == GT_OP_WHILE || in->op == GT_OP_BREAK || in->op == GT_OP_CONT ||
                        in->op == GT_OP_HALT || in->op == GT_OP_GOTO || in->op == GT_OP_JOIN ||
                        in->op == GT_OP_BRD || in->op == GT_OP_BRC;
    int is_send = in->op == GT_OP_SEND || in->op == GT_OP_SENDC || in->op == GT_OP_SENDS ||
                  in->op == GT_OP_SENDSC;
    if (in->op == GT_OP_ILLEGAL)
        return;
    if (in->op == GT_OP_NOP) {
        /* nop: no channels, no operands; only a breakpoint (and the Gen12
         * scoreboard) applies */
        gt_inst o = {.debug_ctrl = in->debug_ctrl, .op = GT_OP_MOV, .swsb_dist = in->swsb_dist,
                     .swsb_mode = in->swsb_mode, .swsb_sbid = in->swsb_sbid,
                     .swsb_both = in->swsb_both};
        options(t, &o);
        return;
    }
    if (in->acc_wr && !is_branch_acc && !is_send)
        opt[n++] = "AccWrEn";
    if (in->thread_ctrl == 1)
        opt[n++] = "Atomic";
    if (in->debug_ctrl)
        opt[n++] = "Breakpoint";
    if (in->compacted)
        opt[n++] = "Compacted";
    if (in->eot)
        opt[n++] = "EOT";
    if (in->dep_ctrl & 2)
        opt[n++] = "NoDDChk";
    if (in->dep_ctrl & 1)
        opt[n++] = "NoDDClr";
    if (in->acc_wr && is_send)
        opt[n++] = "NoSrcDepSet";
    if (in->serialize)
        opt[n++] = "Serialize";
    if (in->thread_ctrl == 2)
        opt[n++] = "Switch";
    /* Gen12 software scoreboard, after the options: RegDist "@d", then
     * the SBID "$s" (allocated), "$s.dst", "$s.src" (iga64 -p=12p1). */
    char dist[8], sbid[16];
    if (in->swsb_dist || in->swsb_both) {
        snprintf(dist, sizeof dist, "@%d", in->swsb_dist);
        opt[n++] = dist;
    }
    if (in->swsb_mode) {
        snprintf(sbid, sizeof sbid, "$%d%s", in->swsb_sbid,
                 in->swsb_mode == GT_SWSB_DST ? ".dst" : in->swsb_mode == GT_SWSB_SRC ? ".src" : "");
        opt[n++] = sbid;
    }
    if (!n)
        return;
    tx(t, " {");
    for (int i = 0; i < n; i++)
        tx(t, "%s%s", i ? "," : "", opt[i]);
    tx(t, "}");
}

static void pred_prefix(gt_txt *t, const gt_inst *in)
{
    if (!in->pred) {
        if (in->nomask)
            tx(t, "(W) ");
        return;
    }
    const char *const *names = in->align16 ? gt_pred_names_a16 : gt_pred_names_a1;
    tx(t, "(%s%sf%d.%d%s) ", in->nomask ? "W&" : "", in->pred_inv ? "~" : "", in->flag_nr,
       in->flag_subnr, names[in->pred & 15]);
}

static void exec_size(gt_txt *t, const gt_inst *in)
{
    tx(t, " (%d|M%d)", in->exec_size, in->chan_off);
}

int gt_disasm_inst(const gt_platform *plat, const gt_inst *in, char *buf, size_t len)
{
    return gt_disasm_syntax_for(plat)->inst(plat, in, 0, buf, len);
}

/* As gt_disasm_inst, with branch targets printed as labels L<ip + offset>. */
int gt_disasm_inst_at(const gt_platform *plat, const gt_inst *in, int64_t ip, char *buf, size_t len)
{
    const gt_iga_syntax *syn = gt_iga_syntax_for(plat);
    gt_txt t = {buf, len, 0, syn};
    if (len)
        buf[0] = 0;
    const char *name = in->op < GT_OP_COUNT && gt_op_names[in->op].name ? gt_op_names[in->op].name : "???";
    if (in->op != GT_OP_NOP && in->op != GT_OP_ILLEGAL) /* no channels to mask */
        pred_prefix(&t, in);
    switch (in->op) {
    case GT_OP_ILLEGAL:
    case GT_OP_NOP:
        tx(&t, "%s", name);
        break;
    case GT_OP_JMPI:
        tx(&t, "%s ", name);
        if (in->jip_reg && syn->jump_target_bare)
            jump_register(&t, &in->src[1]);
        else if (in->jip_reg)
            src_operand(&t, in, 1);
        else
            label(&t, ip + in->jip);
        break;
    case GT_OP_WAIT:
        tx(&t, "%s ", name);
        src_operand(&t, in, 0);
        break;
    case GT_OP_SYNC: {
        /* sync.<fc> src0: null, or an immediate SBID mask printed as the
         * SBIDs it names, "($0,$2)" (iga64 -p=12p1); no ExecSize. */
        const char *fc = gt_sync_names[in->sync_fc & 15];
        tx(&t, "%s.%s ", name, fc ? fc : "?");
        const gt_operand *o = &in->src[0];
        if (o->file == GT_FILE_IMM) {
            tx(&t, "(");
            int first = 1;
            for (int b = 0; b < 32; b++)
                if ((uint32_t)o->imm >> b & 1) {
                    tx(&t, "%s$%d", first ? "" : ",", b);
                    first = 0;
                }
            tx(&t, ")");
        } else {
            reg_with_sub(&t, o);
        }
        break;
    }
    case GT_OP_IF: case GT_OP_ELSE: case GT_OP_ENDIF: case GT_OP_WHILE: case GT_OP_BREAK:
    case GT_OP_CONT: case GT_OP_HALT: case GT_OP_GOTO: case GT_OP_JOIN: case GT_OP_BRD:
    case GT_OP_BRC: {
        tx(&t, "%s%s", name,
           in->branch_ctrl && (in->op == GT_OP_IF || in->op == GT_OP_ELSE || in->op == GT_OP_GOTO || in->op == GT_OP_JOIN) ? ".b" : "");
        exec_size(&t, in);
        tx(&t, " ");
        if (in->jip_reg) {
            /* brd / brc offsets in a register: IGA prints the register only */
            jump_register(&t, &in->src[0]);
            break;
        }
        label(&t, ip + in->jip);
        int has_uip = in->op == GT_OP_IF || in->op == GT_OP_ELSE || in->op == GT_OP_BREAK ||
                      in->op == GT_OP_CONT || in->op == GT_OP_HALT || in->op == GT_OP_GOTO ||
                      in->op == GT_OP_BRC;
        if (in->op == GT_OP_ELSE && syn->else_no_uip)
            has_uip = 0;
        if (in->op == GT_OP_BRD && syn->brd_w_suffix)
            tx(&t, ":%s", gt_type_name(in->src[1].type));
        if (has_uip) {
            tx(&t, " ");
            label(&t, ip + in->uip);
        }
        break;
    }
    case GT_OP_CALL:
    case GT_OP_CALLA:
        tx(&t, "%s", name);
        exec_size(&t, in);
        tx(&t, " ");
        reg_with_sub(&t, &in->dst);
        tx(&t, " ");
        if (in->jip_reg && syn->jump_target_bare)
            jump_register(&t, &in->src[1]);
        else if (in->jip_reg)
            src_operand(&t, in, 1);
        else
            label(&t, in->op == GT_OP_CALLA ? in->jip : ip + in->jip);
        break;
    case GT_OP_RET:
        tx(&t, "%s", name);
        exec_size(&t, in);
        tx(&t, " ");
        jump_register(&t, &in->src[0]);
        break;
    case GT_OP_SEND: case GT_OP_SENDC: case GT_OP_SENDS: case GT_OP_SENDSC:
        if (syn->send_sfid_suffix) {
            /* -p=12p1: send.<sfid> (n|Mm) dst src0 src1 exdesc desc */
            const char *sf = syn->send_sfids[in->sfid & 15].name;
            tx(&t, "%s.%s", name, sf ? sf : "?");
            exec_size(&t, in);
            for (int i = 0; i < 3; i++) {
                const gt_operand *o = i ? &in->src[i - 1] : &in->dst;
                int hs;
                tx(&t, " ");
                reg_name(&t, o->file, o->nr, &hs);
            }
            if (in->exdesc_reg)
                tx(&t, " a0.%d", in->exdesc_subnr);
            else
                tx(&t, " 0x%" PRIX32, in->exdesc & ~0x2fu); /* without SFID and EOT */
            if (in->desc_reg)
                tx(&t, " a0.0");
            else
                tx(&t, " 0x%08" PRIX32, in->desc);
            options(&t, in);
            char c12[256];
            gt_send_comment(syn, in, c12, sizeof c12);
            tx(&t, " // %s", c12);
            return (int)(t.pos < len ? t.pos : (len ? len - 1 : 0));
        }
        {
        int split = in->op == GT_OP_SENDS || in->op == GT_OP_SENDSC;
        tx(&t, "%s", name);
        exec_size(&t, in);
        tx(&t, " ");
        const gt_operand *d = &in->dst;
        if (d->indirect)
            indirect(&t, d);
        else if (d->file == GT_FILE_ARF && d->nr == GT_ARF_NULL)
            tx(&t, "null");
        else {
            int hs;
            reg_name(&t, d->file, d->nr, &hs);
        }
        if (split || d->type != GT_TYPE_UD || syn->send_dst_type)
            tx(&t, ":%s", gt_type_name(d->type));
        tx(&t, " ");
        if (in->src[0].indirect)
            indirect(&t, &in->src[0]);
        else
            tx(&t, "r%d", in->src[0].nr);
        if (!split && in->src[0].type != GT_TYPE_UD)
            tx(&t, ":%s", gt_type_name(in->src[0].type));
        if (split) {
            if (in->src[1].file == GT_FILE_ARF) {
                int hs;
                tx(&t, " ");
                reg_name(&t, GT_FILE_ARF, in->src[1].nr, &hs); /* null, or the ARF named */
            } else {
                tx(&t, " r%d", in->src[1].nr);
            }
        }
        if (in->exdesc_reg)
            tx(&t, " a0.%d", in->exdesc_subnr);
        else
            tx(&t, " 0x%" PRIX32, in->exdesc);
        if (in->desc_reg)
            tx(&t, " a0.0");
        else
            tx(&t, " 0x%08" PRIX32, in->desc);
        if (syn->send_no_ctrl) {
            gt_inst o = *in;
            o.acc_wr = 0;
            o.thread_ctrl = 0;
            o.dep_ctrl = 0;
            options(&t, &o);
        } else {
            options(&t, in);
        }
        char c[256];
        gt_send_comment(syn, in, c, sizeof c);
        tx(&t, " // %s", c);
        return (int)(t.pos < len ? t.pos : (len ? len - 1 : 0));
    }
    default: {
        tx(&t, "%s", name);
        if (in->op == GT_OP_MATH)
            tx(&t, ".%s", gt_math_names[in->math_fc & 15] ? gt_math_names[in->math_fc & 15] : "?");
        exec_size(&t, in);
        if (in->op == GT_OP_MATH && (in->math_fc == GT_MATH_INVM || in->math_fc == GT_MATH_RSQRTM))
            tx(&t, " (eo)f%d.%d", in->flag_nr, in->flag_subnr);
        else if (in->cond && in->op != GT_OP_MATH)
            tx(&t, " (%s)f%d.%d", gt_cond_names[in->cond & 15] ? gt_cond_names[in->cond & 15] : "?",
               in->flag_nr, in->flag_subnr);
        tx(&t, " ");
        dst_operand(&t, in);
        for (int i = 0; i < in->num_srcs; i++) {
            tx(&t, " ");
            src_operand(&t, in, i);
        }
        break;
    }
    }
    options(&t, in);
    return (int)(t.pos < len ? t.pos : (len ? len - 1 : 0));
}

/* ---- whole kernels ---- */

static int ends_block(const gt_inst *in)
{
    switch (in->op) {
    case GT_OP_JMPI: case GT_OP_BRD: case GT_OP_IF: case GT_OP_BRC: case GT_OP_ELSE:
    case GT_OP_ENDIF: case GT_OP_WHILE: case GT_OP_BREAK: case GT_OP_CONT: case GT_OP_HALT:
    case GT_OP_CALLA: case GT_OP_CALL: case GT_OP_RET: case GT_OP_GOTO: case GT_OP_JOIN:
        return 1;
    case GT_OP_SEND: case GT_OP_SENDC: case GT_OP_SENDS: case GT_OP_SENDSC:
        return in->eot;
    default:
        return 0;
    }
}

static void add_target(const gt_inst *in, int64_t ip, size_t len, uint8_t *mark)
{
    int64_t tg[2];
    int n = 0;
    switch (in->op) {
    case GT_OP_IF: case GT_OP_ELSE: case GT_OP_BREAK: case GT_OP_CONT: case GT_OP_HALT:
    case GT_OP_GOTO: case GT_OP_BRC:
        tg[n++] = ip + in->jip;
        tg[n++] = ip + in->uip;
        break;
    case GT_OP_ENDIF: case GT_OP_WHILE: case GT_OP_JOIN: case GT_OP_BRD:
        tg[n++] = ip + in->jip;
        break;
    case GT_OP_JMPI: case GT_OP_CALL:
        if (!in->jip_reg)
            tg[n++] = ip + in->jip;
        break;
    case GT_OP_CALLA:
        if (!in->jip_reg)
            tg[n++] = in->jip;
        break;
    default:
        break;
    }
    for (int i = 0; i < n; i++)
        if (tg[i] >= 0 && (uint64_t)tg[i] <= len) /* the kernel's end is a label too */
            mark[tg[i]] = 1;
}

int gtsim_disasm(const char *platform, const void *code, size_t len, FILE *out)
{
    return gtsim_disasm_syntax(platform, NULL, code, len, out);
}

int gtsim_disasm_syntax(const char *platform, const char *syntax, const void *code, size_t len,
                        FILE *out)
{
    const gt_platform *plat = gt_platform_find(platform ? platform : "skl");
    const gt_disasm_syntax *syn = syntax ? gt_disasm_syntax_find(syntax) : gt_disasm_syntax_for(plat);
    if (!plat || !syn)
        return GTSIM_ERR_INVALID;
    gt_decode_fn dec = gt_decoder_for(plat);
    if (!dec)
        return GTSIM_ERR_UNIMPL;
    const uint8_t *p = code;
    uint8_t *mark = calloc(len + 1, 1);
    if (!mark)
        return GTSIM_ERR_NOMEM;
    /* Pass 1: labels (kernel start, branch targets, instructions after a
     * block-ending instruction). */
    mark[0] = 1;
    size_t off = 0;
    gt_inst in;
    char why[160];
    while (off < len) {
        int n = dec(p + off, len - off, &in, why, sizeof why);
        if (n < 0) {
            off += (off + 3 < len && (p[off + 3] >> 5) & 1) ? 8 : 16;
            continue;
        }
        add_target(&in, (int64_t)off, len, mark);
        if (ends_block(&in) && off + (size_t)n <= len)
            mark[off + (size_t)n] = 1;
        off += (size_t)n;
    }
    int status = GTSIM_OK;
    char line[1024];
    off = 0;
    while (off < len) {
        if (mark[off] && syn->labels)
            fprintf(out, "L%zu:\n", off);
        int n = dec(p + off, len - off, &in, why, sizeof why);
        if (n < 0) {
            fprintf(out, "// offset 0x%zx: cannot decode (%s):", off, why);
            for (size_t i = 0; i < 16 && off + i < len; i++)
                fprintf(out, " %02x", p[off + i]);
            fprintf(out, "\n");
            status = GTSIM_ERR_ILLEGAL;
            /* Go on with the next instruction (CmptCtrl gives the length). */
            off += (off + 3 < len && (p[off + 3] >> 5) & 1) ? 8 : 16;
            continue;
        }
        syn->inst(plat, &in, (int64_t)off, line, sizeof line);
        fprintf(out, syn->labels ? "        %s\n" : "%s\n", line);
        off += (size_t)n;
    }
    if (off == len && mark[len] && syn->labels)
        fprintf(out, "L%zu:\n", len);
    free(mark);
    return status;
}
