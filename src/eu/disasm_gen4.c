/*
 * EU disassembler, Gen4-style syntax: gt_inst -> the text `intel-gen4disasm
 * -g 7` (intel-gpu-tools) prints for Ivy Bridge / Bay Trail code, the
 * syntax of the Gen7 era (registers g<n>, regions <v,w,h>, upper-case type
 * suffixes, options in braces, send message descriptions on a second line).
 *
 * Output layout (so the text lines up with that tool's): the instruction
 * head ([pred] opcode[.sat][.breakpoint][.cond.flag](ExecSize)), then the
 * destination from column 16, sources from columns 32 / 48 / 64, and the
 * options from column 64, at least one space apart; each line ends in ';'.
 *
 * The tool shows the encoding, so where the Gen7 decoder canonicalised a
 * field (Ivy Bridge DF ExecSize and regions in 4-byte units, one-channel
 * 3-source destinations) the encoded values are printed
 * (gt_eu_enc_values() with the Gen7 encoding, the one the tool reads).
 * Where that tool cannot print a form (opcodes it does not know such as
 * movi, bfe, f32to16, lrp, calla; DF; VF/UV immediates; Atomic;
 * register-indirect Align16), this printer uses the same syntax
 * with the obvious spelling; tests/eudisasm7/difftest7.py lists those forms
 * and leaves them out of the comparison.
 *
 * Terms: seed 001 (regions §3.3.5, register files §3.3, types §2.2).
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "eu/eu.h"
#include "eu/encoding.h"

typedef struct {
    char *p;
    size_t len, pos;
    int col; /* column of the current line */
} g4_txt;

static void put(g4_txt *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(g4_txt *t, const char *fmt, ...)
{
    char b[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(b, sizeof b, fmt, ap);
    va_end(ap);
    if (n <= 0)
        return;
    for (int i = 0; i < n && b[i]; i++) {
        if (t->pos + 1 < t->len) {
            t->p[t->pos] = b[i];
            t->p[t->pos + 1] = 0;
        }
        t->pos++;
        t->col = b[i] == '\n' ? 0 : t->col + 1;
    }
}

/* At least one space, then up to column c. */
static void pad(g4_txt *t, int c)
{
    do
        put(t, " ");
    while (t->col < c);
}

static const char *const g4_op_names[GT_OP_COUNT] = {
    [GT_OP_ILLEGAL] = "illegal", [GT_OP_MOV] = "mov", [GT_OP_SEL] = "sel", [GT_OP_MOVI] = "movi",
    [GT_OP_NOT] = "not", [GT_OP_AND] = "and", [GT_OP_OR] = "or", [GT_OP_XOR] = "xor",
    [GT_OP_SHR] = "shr", [GT_OP_SHL] = "shl", [GT_OP_ASR] = "asr", [GT_OP_CMP] = "cmp",
    [GT_OP_CMPN] = "cmpn", [GT_OP_F32TO16] = "f32to16", [GT_OP_F16TO32] = "f16to32",
    [GT_OP_BFREV] = "bfrev", [GT_OP_BFE] = "bfe", [GT_OP_BFI1] = "bfi1", [GT_OP_BFI2] = "bfi2",
    [GT_OP_JMPI] = "jmpi", [GT_OP_BRD] = "brd", [GT_OP_IF] = "if", [GT_OP_BRC] = "brc",
    [GT_OP_ELSE] = "else", [GT_OP_ENDIF] = "endif", [GT_OP_DO] = "do", [GT_OP_WHILE] = "while",
    [GT_OP_BREAK] = "break", [GT_OP_CONT] = "cont", [GT_OP_HALT] = "halt",
    [GT_OP_CALLA] = "calla", [GT_OP_CALL] = "call", [GT_OP_RET] = "ret", [GT_OP_WAIT] = "wait",
    [GT_OP_SEND] = "send", [GT_OP_SENDC] = "sendc", [GT_OP_MATH] = "math", [GT_OP_ADD] = "add",
    [GT_OP_MUL] = "mul", [GT_OP_AVG] = "avg", [GT_OP_FRC] = "frc", [GT_OP_RNDU] = "rndu",
    [GT_OP_RNDD] = "rndd", [GT_OP_RNDE] = "rnde", [GT_OP_RNDZ] = "rndz", [GT_OP_MAC] = "mac",
    [GT_OP_MACH] = "mach", [GT_OP_LZD] = "lzd", [GT_OP_FBH] = "fbh", [GT_OP_FBL] = "fbl",
    [GT_OP_CBIT] = "cbit", [GT_OP_ADDC] = "addc", [GT_OP_SUBB] = "subb", [GT_OP_SAD2] = "sad2",
    [GT_OP_SADA2] = "sada2", [GT_OP_DP4] = "dp4", [GT_OP_DPH] = "dph", [GT_OP_DP3] = "dp3",
    [GT_OP_DP2] = "dp2", [GT_OP_LINE] = "line", [GT_OP_PLN] = "pln", [GT_OP_MAD] = "mad",
    [GT_OP_LRP] = "lrp", [GT_OP_NOP] = "nop", [GT_OP_DIM] = "dim",
};

/* Math function names of that era (fdiv was Gen4's tan). */
static const char *const g4_math[16] = {
    [GT_MATH_INV] = "inv", [GT_MATH_LOG] = "log", [GT_MATH_EXP] = "exp",
    [GT_MATH_SQRT] = "sqrt", [GT_MATH_RSQ] = "rsq", [GT_MATH_SIN] = "sin", [GT_MATH_COS] = "cos",
    [GT_MATH_FDIV] = "fdiv", [GT_MATH_POW] = "pow", [GT_MATH_IDIV_BOTH] = "intdivmod",
    [GT_MATH_IDIV_QUOT] = "intdiv", [GT_MATH_IDIV_REM] = "intmod",
};

static const char *const g4_cond[16] = {
    [GT_COND_Z] = ".e", [GT_COND_NZ] = ".ne", [GT_COND_G] = ".g", [GT_COND_GE] = ".ge",
    [GT_COND_L] = ".l", [GT_COND_LE] = ".le", [GT_COND_O] = ".o", [GT_COND_U] = ".u",
};

static const char *const g4_pred_a1[16] = {
    "", "", ".anyv", ".allv", ".any2h", ".all2h", ".any4h", ".all4h",
    ".any8h", ".all8h", ".any16h", ".all16h", ".any32h", ".all32h", ".?", ".?",
};
static const char *const g4_pred_a16[16] = {
    "", "", ".x", ".y", ".z", ".w", ".any4h", ".all4h",
    ".?", ".?", ".?", ".?", ".?", ".?", ".?", ".?",
};

static const char *const g4_types[GT_TYPE_COUNT] = {
    [GT_TYPE_UD] = "UD", [GT_TYPE_D] = "D", [GT_TYPE_UW] = "UW", [GT_TYPE_W] = "W",
    [GT_TYPE_UB] = "UB", [GT_TYPE_B] = "B", [GT_TYPE_DF] = "DF", [GT_TYPE_F] = "F",
    [GT_TYPE_UQ] = "UQ", [GT_TYPE_Q] = "Q", [GT_TYPE_HF] = "HF", [GT_TYPE_V] = "V",
    [GT_TYPE_UV] = "UV", [GT_TYPE_VF] = "VF", [GT_TYPE_INVALID] = "?",
};

static const char *const g4_wmask[16] = {
    ".", ".x", ".y", ".xy", ".z", ".xz", ".yz", ".xyz",
    ".w", ".xw", ".yw", ".xyw", ".zw", ".xzw", ".yzw", "",
};

/* Shared function names (Gen7 SFIDs, seed 001 send). */
static const char *const g4_sfid[16] = {
    [0] = "null", [2] = "sampler", [3] = "gateway", [4] = "sampler", [5] = "render",
    [6] = "urb", [7] = "thread_spawner", [8] = "vme", [9] = "const", [10] = "data",
    [11] = "pixel_interp", [12] = "data1",
};

/* Render cache message types (descriptor bits 17:14). */
static const char *const g4_rc_msg[16] = {
    [0] = "OWORD block read", [1] = "RT UNORM read", [2] = "OWORD dual block read",
    [4] = "media block read", [5] = "OWORD unaligned block read",
    [6] = "DWORD scattered read", [7] = "DWORD atomic write", [8] = "OWORD block write",
    [9] = "OWORD dual block write", [10] = "media block write",
    [11] = "DWORD scattered write", [12] = "RT write", [13] = "streamed VB write",
    [14] = "RT UNORMc write",
};

static const char *tname(int type)
{
    return type >= 0 && type < GT_TYPE_COUNT && g4_types[type] ? g4_types[type] : "?";
}

/* Register name; returns 0 when nothing follows it (null, ip). */
static int g4_reg(g4_txt *t, int file, int nr)
{
    if (file == GT_FILE_GRF) {
        put(t, "g%d", nr);
        return 1;
    }
    int n = nr & 0xf;
    switch (nr & 0xf0) {
    case GT_ARF_NULL: put(t, "null"); return 0;
    case GT_ARF_A0: put(t, "a%d", n); break;
    case GT_ARF_ACC: put(t, "acc%d", n); break;
    case GT_ARF_F: put(t, "f%d", n); break;
    case GT_ARF_CE: put(t, "mask%d", n); break;
    case GT_ARF_MSG: put(t, "msd%d", n); break;
    case GT_ARF_SR: put(t, "sr%d", n); break;
    case GT_ARF_CR: put(t, "cr%d", n); break;
    case GT_ARF_N: put(t, "n%d", n); break;
    case GT_ARF_IP: put(t, "ip"); return 0;
    default: put(t, "ARF%d", nr); break;
    }
    return 1;
}

static void vstride_txt(g4_txt *t, unsigned v)
{
    if (v == 255)
        put(t, "VxH");
    else
        put(t, "%u", v);
}

static void swizzle(g4_txt *t, const gt_operand *o)
{
    static const char ch[4] = {'x', 'y', 'z', 'w'};
    const uint8_t *s = o->swizzle;
    if (s[0] == 0 && s[1] == 1 && s[2] == 2 && s[3] == 3)
        return;
    if (s[0] == s[1] && s[0] == s[2] && s[0] == s[3])
        put(t, ".%c", ch[s[0] & 3]);
    else
        put(t, ".%c%c%c%c", ch[s[0] & 3], ch[s[1] & 3], ch[s[2] & 3], ch[s[3] & 3]);
}

static void imm(g4_txt *t, const gt_operand *o)
{
    uint32_t v = (uint32_t)o->imm;
    switch (o->type) {
    case GT_TYPE_UD: put(t, "0x%08" PRIx32 "UD", v); break;
    case GT_TYPE_D: put(t, "%" PRId32 "D", (int32_t)v); break;
    case GT_TYPE_UW: put(t, "0x%04" PRIx32 "UW", v & 0xffff); break;
    case GT_TYPE_W: put(t, "%dW", (int16_t)(uint16_t)v); break;
    case GT_TYPE_F: {
        float f;
        memcpy(&f, &v, 4);
        put(t, "%gF", (double)f);
        break;
    }
    case GT_TYPE_DF: { /* dim */
        double d;
        memcpy(&d, &o->imm, 8);
        put(t, "%gDF", d);
        break;
    }
    default: put(t, "0x%08" PRIx32 "%s", v, tname(o->type)); break; /* V, UV, VF */
    }
}

/* Source i of a 1/2-source instruction; enc: encoded region values. */
static void src(g4_txt *t, const gt_inst *in, int i, const gt_enc_values *enc)
{
    const gt_operand *o = &in->src[i];
    if (o->file == GT_FILE_IMM) {
        imm(t, o);
        return;
    }
    if (o->negate)
        put(t, "-");
    if (o->abs)
        put(t, "(abs)");
    int sz = gt_type_size(o->type);
    int df = in->chan_pairs && o->type == GT_TYPE_DF; /* Ivy Bridge DF: 4-byte units */
    if (in->align16) {
        if (o->indirect) {
            put(t, "g[a0.%d %d]", o->ind_subnr, o->ind_off);
        } else {
            if (!g4_reg(t, o->file, o->nr))
                return;
            if (o->subnr)
                put(t, ".%d", sz ? o->subnr / sz : o->subnr);
        }
        put(t, "<");
        vstride_txt(t, o->vxh ? 255 : o->vstride);
        put(t, ",4,1>");
        swizzle(t, o);
        put(t, "%s", tname(o->type));
        return;
    }
    if (o->indirect) {
        put(t, "g[a0");
        if (o->ind_subnr)
            put(t, ".%d", o->ind_subnr);
        if (o->ind_off)
            put(t, " %d", o->ind_off);
        put(t, "]");
    } else {
        if (!g4_reg(t, o->file, o->nr))
            return;
        if (o->subnr)
            put(t, ".%d", sz ? o->subnr / sz : o->subnr);
    }
    put(t, "<");
    vstride_txt(t, o->vxh ? 255 : df && i < 2 ? enc->vstride[i] : o->vstride);
    put(t, ",%d,%d>%s", df && i < 2 ? enc->width[i] : o->width, df && i < 2 ? enc->hstride[i] : o->hstride,
        tname(o->type));
}

static void dst(g4_txt *t, const gt_inst *in, const gt_enc_values *enc)
{
    const gt_operand *d = &in->dst;
    int sz = gt_type_size(d->type);
    if (d->indirect) {
        put(t, "g[a0");
        if (d->ind_subnr)
            put(t, ".%d", d->ind_subnr);
        if (d->ind_off)
            put(t, " %d", d->ind_off);
        put(t, "]");
    } else {
        if (!g4_reg(t, d->file, d->nr))
            return;
        if (d->subnr)
            put(t, ".%d", sz ? d->subnr / sz : d->subnr);
    }
    if (in->align16)
        put(t, "<1>%s", g4_wmask[d->writemask & 15]);
    else
        put(t, "<%d>", in->chan_pairs && d->type == GT_TYPE_DF ? enc->dst_hstride : d->hstride);
    put(t, "%s", tname(d->type));
}

/* 3-source (Align16) operands: registers with DWord subregisters, <4,1,1>,
 * the type before the swizzle; a replicated scalar (RepCtrl) is <0,1,0>. */
static void src3(g4_txt *t, const gt_operand *o)
{
    if (o->negate)
        put(t, "-");
    if (o->abs)
        put(t, "(abs)");
    put(t, "g%d", o->nr);
    if (o->subnr / 4)
        put(t, ".%d", o->subnr / 4);
    if (o->rep) {
        put(t, "<0,1,0>%s", tname(o->type));
        return;
    }
    put(t, "<4,1,1>%s", tname(o->type));
    swizzle(t, o);
}

static int is_branch(int op)
{
    return op == GT_OP_IF || op == GT_OP_ELSE || op == GT_OP_ENDIF || op == GT_OP_WHILE ||
           op == GT_OP_BREAK || op == GT_OP_CONT || op == GT_OP_HALT || op == GT_OP_BRD ||
           op == GT_OP_BRC;
}

static void send_desc(g4_txt *t, const gt_inst *in)
{
    uint32_t d = in->desc;
    unsigned sfid = in->sfid & 15;
    put(t, "\n");
    pad(t, 16);
    if (g4_sfid[sfid])
        put(t, "%s", g4_sfid[sfid]);
    else
        put(t, "sfid%u", sfid);
    if (in->desc_reg) {
        put(t, " a0.0");
        return;
    }
    switch (sfid) {
    case 2: /* sampler: BTI, sampler, message type, SIMD mode */
        put(t, " (%u, %u, %u, %u)", d & 0xff, (d >> 8) & 0xf, (d >> 12) & 0x1f, (d >> 17) & 3);
        break;
    case 4: /* sampler cache: BTI, message control, type, commit */
        put(t, " (%u, %u, %u, %u)", d & 0xff, (d >> 8) & 0x1f, (d >> 13) & 0xf, (d >> 17) & 1);
        break;
    case 5: { /* render cache */
        const char *m = g4_rc_msg[(d >> 14) & 0xf];
        put(t, " ( %s, %u, %u, %u)", m ? m : "?", d & 0xff, (d >> 8) & 0x3f, (d >> 14) & 0xf);
        break;
    }
    case 6: /* URB: global offset, opcode */
        put(t, " %u opcode %u", (d >> 4) & 0x7ff, d & 7);
        break;
    case 9: case 10: case 12: /* data port: BTI, message control, type */
        put(t, " (%u, %u, %u)", d & 0xff, (d >> 8) & 0x3f, (d >> 14) & 0xf);
        break;
    default:
        break;
    }
    put(t, " mlen %u rlen %u", (d >> 25) & 0xf, (d >> 20) & 0x1f);
}

int gt_disasm_gen4_inst(const gt_platform *plat, const gt_inst *in, int64_t ip, char *buf,
                        size_t len)
{
    (void)plat;
    (void)ip;
    g4_txt t = {buf, len, 0, 0};
    if (len)
        buf[0] = 0;
    gt_enc_values enc;
    if (gt_eu_enc_values(&gt_enc_gen7, in, &enc) < 0) {
        memset(&enc, 0, sizeof enc);
        enc.exec_size = in->exec_size;
    }
    int op = in->op < GT_OP_COUNT ? in->op : GT_OP_ILLEGAL;
    int three = op == GT_OP_MAD || op == GT_OP_LRP || op == GT_OP_BFE || op == GT_OP_BFI2;
    int exec = three || in->chan_pairs ? enc.exec_size : in->exec_size;
    if (in->pred) {
        put(&t, "(%sf%d", in->pred_inv ? "-" : "+", in->flag_nr);
        if (in->flag_subnr)
            put(&t, ".%d", in->flag_subnr);
        put(&t, "%s) ", (in->align16 ? g4_pred_a16 : g4_pred_a1)[in->pred & 15]);
    }
    put(&t, "%s", g4_op_names[op] ? g4_op_names[op] : "?");
    if (in->saturate)
        put(&t, ".sat");
    if (in->debug_ctrl)
        put(&t, ".breakpoint");
    if (op == GT_OP_MATH) {
        const char *f = g4_math[in->math_fc & 15];
        put(&t, " %s", f ? f : "?");
    } else if (in->cond && op != GT_OP_SEND && op != GT_OP_SENDC) {
        put(&t, "%s", g4_cond[in->cond & 15] ? g4_cond[in->cond & 15] : ".?");
        /* sel's condition is not written to a flag (Gen6+) */
        if (op != GT_OP_SEL && op != GT_OP_IF && op != GT_OP_WHILE) {
            put(&t, ".f%d", in->flag_nr);
            if (in->flag_subnr)
                put(&t, ".%d", in->flag_subnr);
        }
    }
    if (op != GT_OP_NOP)
        put(&t, "(%d)", exec);

    if (three) {
        pad(&t, 16);
        put(&t, "g%d", in->dst.nr);
        if (enc.dst3_subreg)
            put(&t, ".%d", enc.dst3_subreg);
        put(&t, "<1>%s%s", g4_wmask[enc.dst3_writemask & 15], tname(in->dst.type));
        for (int i = 0; i < 3; i++) {
            pad(&t, 32 + 16 * i);
            src3(&t, &in->src[i]);
        }
    } else if (is_branch(op)) {
        /* Gen7 JIP / UIP in QWords (the encoded counts); the operand fields
         * of these instructions hold no operands. */
        if (op == GT_OP_ELSE || op == GT_OP_ENDIF || op == GT_OP_WHILE || op == GT_OP_BRD)
            put(&t, " %d", in->jip / 8);
        else
            put(&t, " %d %d", in->uip / 8, in->jip / 8);
    } else if (op == GT_OP_JMPI) {
        if (in->jip_reg) {
            pad(&t, 32);
            src(&t, in, 1, &enc);
        } else {
            put(&t, " %lld", (long long)in->jip - 16); /* bytes from the next instruction */
        }
    } else if (op == GT_OP_CALL || op == GT_OP_CALLA) {
        pad(&t, 16);
        dst(&t, in, &enc);
        pad(&t, 32);
        if (in->jip_reg)
            src(&t, in, 1, &enc);
        else
            put(&t, "%d", in->jip);
    } else if (op == GT_OP_WAIT || op == GT_OP_RET) {
        pad(&t, 32);
        src(&t, in, 0, &enc);
    } else if (op != GT_OP_NOP && op != GT_OP_ILLEGAL) {
        pad(&t, 16);
        dst(&t, in, &enc);
        pad(&t, 32);
        src(&t, in, 0, &enc);
        /* math always shows its src1 field (null for one-source functions) */
        if (in->num_srcs >= 2 || op == GT_OP_MATH) {
            pad(&t, 48);
            src(&t, in, 1, &enc);
        }
    }
    if (op == GT_OP_SEND || op == GT_OP_SENDC)
        send_desc(&t, in);
    pad(&t, 64);
    if (op != GT_OP_NOP) {
        put(&t, "{ %s %s", in->align16 ? "align16" : "align1", in->nomask ? "WE_all" : "WE_normal");
        static const char *const dep[4] = {"", " NoDDClr", " NoDDChk", " NoDDClr,NoDDChk"};
        put(&t, "%s", dep[in->dep_ctrl & 3]);
        int qtr = in->chan_off / 8;
        if (exec == 8)
            put(&t, " %dQ", qtr + 1);
        else if (exec == 16)
            put(&t, " %dH", qtr < 2 ? 1 : 2);
        if (in->thread_ctrl == 1)
            put(&t, " atomic");
        else if (in->thread_ctrl == 2)
            put(&t, " switch");
        if (in->acc_wr)
            put(&t, " AccWrEnable");
        if ((op == GT_OP_SEND || op == GT_OP_SENDC) && in->eot)
            put(&t, " EOT");
        put(&t, " }");
    }
    put(&t, ";");
    return (int)(t.pos < len ? t.pos : (len ? len - 1 : 0));
}
