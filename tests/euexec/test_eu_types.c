/*
 * Every Gen9 ALU opcode over every operand type combination the ISA allows
 * (tests/euexec/eu_types.tab: the seed 004 "Src Types / Dst Types" tables
 * plus Gen9's DF, Q/UQ and mixed HF/F rows), table driven:
 *
 *  - one IGA template per opcode/arity, instantiated per type tuple and per
 *    region form (all sources registers <8;8,1>, last source scalar
 *    <0;1,0>, last source immediate incl. V/UV/VF and 64-bit immediates),
 *    with and without saturation, sel in its predicated, .ge (max) and .l
 *    (min) forms, cmp/cmpn with rotating conditional modifiers;
 *  - all instances are assembled by one `iga64 -p=9 -a` call (every
 *    instruction {NoCompact}, 16 bytes, so the binary is sliced into
 *    kernels of up to 40 instances that each write their own destination
 *    registers), and each kernel runs over three sets of edge inputs (0,
 *    +-1, type min/max, NaN, +-inf, denormals, -0, rounding ties);
 *  - the expected destination bits (and cmp flags) come from the reference
 *    semantics below, written once per opcode and parameterized by type
 *    from seed 001 §2.3 (float modes: F denorms flushed in arithmetic, not
 *    in moves/conversions; NaN compare and min/max rules), §2.4
 *    (conversions) and the seed 004 instruction pages (pseudocode), with
 *    the host's IEEE arithmetic as the rounding oracle -- never from gtsim.
 *
 * Decisions where the seeds leave a question (see also src/eu/exec.c):
 *  - shr shifts the bits of src0 at src0's own width with zero insertion
 *    (seed 004 shr: "logical right shift with zero insertion of the bits in
 *    src0"); asr sign-extends signed src0 (seed 004 asr pseudocode: floor
 *    division); shl shifts the sign/zero-extended src0 value; the count is
 *    src1's low 5 bits, 6 in QWord mode (src0 or dst Q/UQ, seed 004).
 *  - DF -> F rounds with cr0's rounding mode (RTNE by default) on Gen9:
 *    seed 001 §2.4.5 (round toward zero) is the Gen7 rule; IGC converts
 *    double to float with a plain mov on Gen9 for the round-to-nearest
 *    OpenCL convert_float (public fact), and gtsim keeps RTZ for Gen7 in the
 *    per-generation behaviour table.
 */
#include <fenv.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "harness.h"

#ifndef EU_TYPES_TAB
#error "EU_TYPES_TAB must name tests/euexec/eu_types.tab"
#endif

static harness H;
static int setup(void **st) { (void)st; h_init(&H); return 0; }
static int teardown(void **st) { (void)st; h_fini(&H); return 0; }

/* ---- types ---- */
enum { UB, B, UW, W, UD, D, UQ, Q, HF, F, DF, NT };
static const char *const tname[NT] = {"ub", "b", "uw", "w", "ud", "d", "uq", "q", "hf", "f", "df"};
static const int tsz[NT] = {1, 1, 2, 2, 4, 4, 8, 8, 2, 4, 8};
static const int gt_of[NT] = {GT_TYPE_UB, GT_TYPE_B, GT_TYPE_UW, GT_TYPE_W, GT_TYPE_UD,
                              GT_TYPE_D, GT_TYPE_UQ, GT_TYPE_Q, GT_TYPE_HF, GT_TYPE_F,
                              GT_TYPE_DF};
static int isflt(int t) { return t >= HF; }
static int issigned(int t) { return t == B || t == W || t == D || t == Q; }

/* Immediate forms of an instance's last source (beyond the register types):
 * V, UV, VF vectors. */
enum { IMM_NONE = 0, IMM_SCALAR, IMM_V, IMM_UV, IMM_VF };

/* ---- opcodes ---- */
enum {
    O_MOV, O_SEL, O_ADD, O_MUL, O_AVG, O_CMP, O_CMPN, O_AND, O_OR, O_XOR, O_NOT, O_SHL,
    O_ASR, O_SHR, O_MAD, O_LRP, O_CSEL, O_ADDC, O_SUBB, O_BFE, O_BFI1, O_BFI2, O_BFREV,
    O_CBIT, O_FBL, O_FBH, O_LZD, O_FRC, O_RNDD, O_RNDE, O_RNDU, O_RNDZ, O_INV, O_LOG,
    O_EXP, O_SQRT, O_RSQ, O_SIN, O_COS, O_POW, O_FDIV, O_IQUOT, O_IREM, O_IBOTH, O_SAD2,
    O_SADA2, O_MAC, O_MACH, O_DP2, O_DP3, O_DP4, O_DPH, O_LINE, O_PLN, O_ROR, O_ROL, O_DP4A,
    NOPS
};
static const struct {
    const char *name;  /* eu_types.tab name */
    const char *iga;   /* mnemonic */
    uint8_t sat;       /* takes the saturation modifier (seed 004 page; frc: iga64
                        * -p=9 drops (sat) from frc, so Gen9 frc has none) */
    uint8_t imm;       /* last source may be an immediate */
} ops[NOPS] = {
    [O_MOV] = {"mov", "mov", 1, 1}, [O_SEL] = {"sel", "sel", 1, 1},
    [O_ADD] = {"add", "add", 1, 1}, [O_MUL] = {"mul", "mul", 1, 1},
    [O_AVG] = {"avg", "avg", 1, 1}, [O_CMP] = {"cmp", "cmp", 0, 1},
    [O_CMPN] = {"cmpn", "cmpn", 0, 1}, [O_AND] = {"and", "and", 0, 1},
    [O_OR] = {"or", "or", 0, 1}, [O_XOR] = {"xor", "xor", 0, 1},
    [O_NOT] = {"not", "not", 0, 1}, [O_SHL] = {"shl", "shl", 0, 1},
    [O_ASR] = {"asr", "asr", 0, 1}, [O_SHR] = {"shr", "shr", 0, 1},
    [O_MAD] = {"mad", "mad", 1, 0}, [O_LRP] = {"lrp", "lrp", 1, 0},
    [O_CSEL] = {"csel", "csel", 0, 0}, [O_ADDC] = {"addc", "addc", 0, 0},
    [O_SUBB] = {"subb", "subb", 0, 0}, [O_BFE] = {"bfe", "bfe", 0, 0},
    [O_BFI1] = {"bfi1", "bfi1", 0, 1}, [O_BFI2] = {"bfi2", "bfi2", 0, 0},
    [O_BFREV] = {"bfrev", "bfrev", 0, 0}, [O_CBIT] = {"cbit", "cbit", 0, 0},
    [O_FBL] = {"fbl", "fbl", 0, 0}, [O_FBH] = {"fbh", "fbh", 0, 0},
    [O_LZD] = {"lzd", "lzd", 0, 0}, [O_FRC] = {"frc", "frc", 0, 0},
    [O_RNDD] = {"rndd", "rndd", 1, 0}, [O_RNDE] = {"rnde", "rnde", 1, 0},
    [O_RNDU] = {"rndu", "rndu", 1, 0}, [O_RNDZ] = {"rndz", "rndz", 1, 0},
    [O_INV] = {"math.inv", "math.inv", 1, 0}, [O_LOG] = {"math.log", "math.log", 1, 0},
    [O_EXP] = {"math.exp", "math.exp", 1, 0}, [O_SQRT] = {"math.sqrt", "math.sqt", 1, 0},
    [O_RSQ] = {"math.rsq", "math.rsqt", 1, 0}, [O_SIN] = {"math.sin", "math.sin", 1, 0},
    [O_COS] = {"math.cos", "math.cos", 1, 0}, [O_POW] = {"math.pow", "math.pow", 1, 0},
    [O_FDIV] = {"math.fdiv", "math.fdiv", 1, 0},
    [O_IQUOT] = {"math.idiv_quot", "math.iqot", 0, 0},
    [O_IREM] = {"math.idiv_rem", "math.irem", 0, 0},
    [O_IBOTH] = {"math.idiv_both", "math.idiv", 0, 0},
    [O_SAD2] = {"sad2", "sad2", 0, 0}, [O_SADA2] = {"sada2", "sada2", 0, 0},
    /* mac/mach read the accumulator, which a `mov (8) acc0` before each
     * instance sets to ACC_INIT (acc_init_text); mach: seed 004 "saturation
     * modifier should not be used" */
    [O_MAC] = {"mac", "mac", 1, 1}, [O_MACH] = {"mach", "mach", 0, 1},
    /* channel-group instructions (group_ref): dp* over groups of four
     * channels; line/pln take src0 as a scalar region <0;1,0> whose
     * elements 0, 1 and 3 are the coefficients; pln's src1 is a register
     * pair (no scalar, no immediate) */
    [O_DP2] = {"dp2", "dp2", 1, 1}, [O_DP3] = {"dp3", "dp3", 1, 1},
    [O_DP4] = {"dp4", "dp4", 1, 1}, [O_DPH] = {"dph", "dph", 1, 1},
    [O_LINE] = {"line", "line", 1, 0}, [O_PLN] = {"pln", "pln", 1, 0},
    /* Gen12 (seed 004 ror, rol, dp4a) */
    [O_ROR] = {"ror", "ror", 0, 1}, [O_ROL] = {"rol", "rol", 0, 1},
    [O_DP4A] = {"dp4a", "dp4a", 1, 0},
};

/* Built for Gen12LP (tests/euexec12: EU_GEN12, the tgllp harness, the
 * eu_types12.tab table) or for Gen9. */
#ifdef EU_GEN12
#define GEN12_OR(a, b) (a)
#define EU_END "sync.bar null {NoCompact}\n"
#define EU_DECODE gt_decode_gen12
#else
#define GEN12_OR(a, b) (b)
#define EU_END "wait n0.0:ud {NoCompact}\n"
#define EU_DECODE gt_decode_gen9
#endif

/* ---- the allowed-type table ---- */
typedef struct { uint8_t op, ns, dst, src[3]; } combo;
static combo *combos;
static int ncombos;

static uint32_t parse_class(const char *s)
{
    uint32_t m = 0;
    char buf[64];
    snprintf(buf, sizeof buf, "%s", s);
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
        if (!strcmp(tok, "*B")) m |= 1u << UB | 1u << B;
        else if (!strcmp(tok, "*W")) m |= 1u << UW | 1u << W;
        else if (!strcmp(tok, "*D")) m |= 1u << UD | 1u << D;
        else if (!strcmp(tok, "*Q")) m |= 1u << UQ | 1u << Q;
        else {
            int f = -1;
            for (int t = 0; t < NT; t++)
                if (!strcasecmp(tok, tname[t])) f = t;
            if (f < 0) fail_msg("eu_types.tab: unknown type %s", tok);
            m |= 1u << f;
        }
    }
    return m;
}

static void add_combo(int op, int ns, int d, const int *s)
{
    for (int i = 0; i < ncombos; i++)
        if (combos[i].op == op && combos[i].dst == d && !memcmp(combos[i].src, (uint8_t[3]){
                (uint8_t)s[0], (uint8_t)s[1], (uint8_t)s[2]}, 3))
            return;
    combos = realloc(combos, sizeof(combo) * (size_t)(ncombos + 1));
    combos[ncombos++] = (combo){(uint8_t)op, (uint8_t)ns, (uint8_t)d,
                                {(uint8_t)s[0], (uint8_t)s[1], (uint8_t)s[2]}};
}

static void load_table(void)
{
    FILE *f = fopen(EU_TYPES_TAB, "r");
    assert_non_null(f);
    char line[256];
    while (fgets(line, sizeof line, f)) {
        char opn[32], sc[64], dc[64], org[32];
        int ns;
        if (line[0] == '#' || sscanf(line, "%31s %d %63s %63s %31s", opn, &ns, sc, dc, org) != 5)
            continue;
        /* rows other tests execute (eu_types12.tab "patched": encodings
         * iga64 does not assemble) */
        if (!strcmp(org, "patched"))
            continue;
        int op = -1;
        for (int o = 0; o < NOPS; o++)
            if (!strcmp(ops[o].name, opn)) op = o;
        if (op < 0)
            fail_msg("eu_types.tab: opcode %s has no template here", opn);
        uint32_t sm = parse_class(sc);
        int same = !strcmp(dc, "same");
        uint32_t dm = same ? sm : parse_class(dc);
        for (int d = 0; d < NT; d++) {
            if (!((dm >> d) & 1))
                continue;
            int s[3] = {0, 0, 0};
            int n0 = ns > 0 ? NT : 1, n1 = ns > 1 ? NT : 1, n2 = ns > 2 ? NT : 1;
            for (s[0] = 0; s[0] < n0; s[0]++)
                for (s[1] = 0; s[1] < n1; s[1]++)
                    for (s[2] = 0; s[2] < n2; s[2]++) {
                        int ok = 1;
                        for (int k = 0; k < ns; k++) {
                            if (!((sm >> s[k]) & 1)) ok = 0;
                            if (same && s[k] != d) ok = 0;
                        }
                        /* 3-source integer operands share one type (the
                         * Gen9 3-src encoding has one source type field) */
#ifndef EU_GEN12
                        if (ns == 3 && !isflt(s[0]) && (s[1] != s[0] || s[2] != s[0])) ok = 0;
#endif
                        /* float 3-source types: SrcType is src0's, the
                         * Src1Type / Src2Type bits make src1 / src2 HF or
                         * F on their own (iga64 -p=9), so any HF/F mix */
                        int t[3] = {ns > 0 ? s[0] : 0, ns > 1 ? s[1] : 0, ns > 2 ? s[2] : 0};
                        if (ok) add_combo(op, ns, d, t);
                    }
        }
    }
    fclose(f);
}

/* ---- inputs: 16 edge values per type ---- */
#define NV 16
static const uint64_t edge[NT][NV] = {
    [UB] = {0, 1, 2, 0x7f, 0x80, 0xfe, 0xff, 3, 5, 0x40, 0x81, 0x1f, 0x20, 0xc0, 7, 100},
    [B] = {0, 1, 0xff, 0x7f, 0x80, 0xfe, 2, 3, 0x81, 0x40, 0xc0, 0x1f, 0x20, 0xfb, 7, 100},
    [UW] = {0, 1, 2, 0x7fff, 0x8000, 0xfffe, 0xffff, 0xff, 0x100, 31, 32, 0x8001, 1000, 33, 7, 0x1234},
    [W] = {0, 1, 0xffff, 0x7fff, 0x8000, 0xfffe, 2, 0xff, 0x100, 31, 32, 0x8001, 0xfc18, 33, 7, 0x1234},
    [UD] = {0, 1, 2, 0x7fffffff, 0x80000000u, 0xfffffffeu, 0xffffffffu, 31, 32, 33, 0x10000,
            16777217, 255, 0x80000001u, 100, 63},
    [D] = {0, 1, 0xffffffffu, 0x7fffffff, 0x80000000u, 0xfffffffeu, 2, 31, 32, 33, 0xffff0000u,
           16777219, 0xfffffed4u, 0x80000001u, 100, 63},
    [UQ] = {0, 1, 2, ~0ull, 0x8000000000000000ull, 0x7fffffffffffffffull, 63, 64, 0x100000000ull,
            0xffffffffull, (1ull << 53) + 1, ~1ull, 0x80000000ull, 100, 0xfffffffe00000000ull, 33},
    [Q] = {0, 1, ~0ull, 0x8000000000000000ull, 0x7fffffffffffffffull, 2, 63, 64, 0x100000000ull,
           0xffffffffull, (uint64_t)-((1ll << 53) + 1), ~1ull, 0xffffffff80000000ull, 100,
           0xfffffffe00000000ull, 33},
    [HF] = {0x0000, 0x8000, 0x3c00, 0xbc00, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0x0001, 0x8200,
            0x0400, 0x3800, 0x4200, 0xc580, 0x3555},
    [F] = {0, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x7f7fffffu, 0xff7fffffu, 0x7f800000u,
           0xff800000u, 0x7fc00000u, 0x00000001u, 0x80400000u, 0x00800000u, 0x3f000000u,
           0xc0b00000u /* -5.5 */, 0x4f32d05eu /* 3e9 */, 0x477ff000u /* 65520 */},
    [DF] = {0, 0x8000000000000000ull, 0x3ff0000000000000ull, 0xbff0000000000000ull,
            0x7fefffffffffffffull, 0xffefffffffffffffull, 0x7ff0000000000000ull,
            0xfff0000000000000ull, 0x7ff8000000000000ull, 0x0000000000000001ull,
            0x8008000000000000ull, 0x0010000000000000ull, 0x3fe0000000000000ull,
            0xc060300000000000ull /* -129.5 */, 0x7e37e43c8800759cull /* 1e300 */,
            0x3ff0000010000000ull /* 1 + 2^-24: a float tie */},
};
/* Value index of lane i, input set s, source position p. */
static int vidx(int s, int i, int p)
{
    static const int mul[3] = {1, 3, 7}, add[3] = {0, 5, 11};
    return (s * 8 + i * mul[p] + add[p] + s * p * 3) % NV;
}
#define NSETS 3

/* Input registers: per source position 14 registers (1 per <=4-byte type,
 * 2 per 8-byte type). */
static int in_reg(int p, int t)
{
    static const int off[NT] = {0, 1, 2, 3, 4, 5, 8, 10, 6, 7, 12};
    return 2 + 14 * p + off[t];
}
#define DST0 44
#define SLOTS 40       /* dst register pairs r44..r123 */
#define FLAGREG 126    /* cmp flag dumps, one word per cmp */
#define MAXFLAGS 16

/* ---- one instance ---- */
typedef struct {
    uint8_t op, ns, dst, src[3];
    uint8_t form;      /* 0 registers, 1 last source scalar, 2 last source immediate */
    uint8_t immk;      /* IMM_* */
    uint8_t sat, cond; /* cond: enum gt_cond (sel min/max, cmp) */
    uint8_t plain_sel; /* predicated sel */
    uint8_t dstride;
    uint64_t imm;      /* raw immediate bits (scalar) / packed vector */
    int slot, flagw;
} inst_t;

static int exec_size_of(const inst_t *x)
{
    /* execution type size (bytes): byte operands execute as words */
    int anyf = 0, anydf = 0, m = 0;
    for (int k = 0; k < x->ns; k++) {
        int t = x->src[k];
        if (x->form == 2 && k == x->ns - 1 && (x->immk == IMM_V || x->immk == IMM_UV)) t = W;
        if (x->form == 2 && k == x->ns - 1 && x->immk == IMM_VF) t = F;
        if (t == DF) anydf = 1;
        else if (isflt(t)) anyf = 1;
        int s = tsz[t] < 2 ? 2 : tsz[t];
        if (s > m) m = s;
    }
    if (anydf) return 8;
    if (anyf) return m;   /* mixed HF/F: F */
    return m;
}

/* Destination stride: the execution type size over the destination type
 * size (packed byte destinations only for raw moves, seed 004 mov). */
static int dst_stride(const inst_t *x)
{
    int e = exec_size_of(x), s = tsz[x->dst];
    if (x->op == O_MOV && x->src[0] == x->dst && x->form != 2 && !x->sat)
        return 1;
    if ((x->op >= O_INV && x->op <= O_SADA2) || x->ns == 3)
        return 1;   /* math; 3-source (Align16) destinations are packed */
    int r = e > s ? e / s : 1;
    return r > 4 ? 4 : r;
}

static const char *cond_name(int c)
{
    switch (c) {
    case GT_COND_Z: return "eq";
    case GT_COND_NZ: return "ne";
    case GT_COND_G: return "gt";
    case GT_COND_GE: return "ge";
    case GT_COND_L: return "lt";
    default: return "le";
    }
}

/* Region text of source k of an instance. */
static void src_text(const inst_t *x, int k, char *buf, size_t len)
{
    int t = x->src[k];
    int last = k == x->ns - 1;
    if (last && x->form == 2) {
        switch (x->immk) {
        case IMM_V: snprintf(buf, len, "0x%08llx:v", (unsigned long long)x->imm); return;
        case IMM_UV: snprintf(buf, len, "0x%08llx:uv", (unsigned long long)x->imm); return;
        case IMM_VF: snprintf(buf, len, "0x%08llx:vf", (unsigned long long)x->imm); return;
        default: break;
        }
        /* hex immediates are raw bits for every type (iga64) */
        snprintf(buf, len, "0x%llx:%s", (unsigned long long)x->imm, tname[t]);
        return;
    }
    int r = in_reg(k, t);
    if (k == 0 && (x->op == O_LINE || x->op == O_PLN)) {
        snprintf(buf, len, "r%d.0<0;1,0>:%s", r, tname[t]);
        return;
    }
    if (last && x->form == 1) {
        snprintf(buf, len, x->ns == 3 ? "r%d.0<0>:%s" : "r%d.0<0;1,0>:%s", r, tname[t]);
        return;
    }
    if (x->ns == 3) {
        /* Gen12 TernaryVertStride: 0, 1, 4, 8 */
        snprintf(buf, len, k == 2 ? "r%d.0<1>:%s" : GEN12_OR("r%d.0<8;1>:%s", "r%d.0<2;1>:%s"), r,
                 tname[t]);
        return;
    }
    snprintf(buf, len, tsz[t] == 8 ? "r%d.0<4;4,1>:%s" : "r%d.0<8;8,1>:%s", r, tname[t]);
}

static int inst_text(const inst_t *x, char *buf, size_t len)
{
    char s[3][64] = {"", "", ""};
    for (int k = 0; k < x->ns; k++)
        src_text(x, k, s[k], sizeof s[k]);
    int dreg = DST0 + 2 * x->slot;
    char dst[48];
    snprintf(dst, sizeof dst, "r%d.0<%d>:%s", dreg, x->dstride, tname[x->dst]);
    char cm[24] = "";
    if (x->op == O_CMP || x->op == O_CMPN)
        snprintf(cm, sizeof cm, "(%s)f1.0 ", cond_name(x->cond));
    else if ((x->op == O_SEL && !x->plain_sel) || x->op == O_CSEL)
        snprintf(cm, sizeof cm, "(%s)f1.1 ", cond_name(x->cond));
    int o = snprintf(buf, len, "%s%s%s (8|M0) %s%s ", x->plain_sel ? "(f0.0) " : "",
                     ops[x->op].iga, "", cm, x->sat ? "(sat)" : "");
    o += snprintf(buf + o, len - (size_t)o, "%s", dst);
    for (int k = 0; k < x->ns; k++)
        o += snprintf(buf + o, len - (size_t)o, " %s", s[k]);
    /* mach writes the high DWord to dst only with AccWrEn (seed 004 mach
     * pseudocode; the multiply macro always sets it) */
    o += snprintf(buf + o, len - (size_t)o, x->op == O_MACH ? " {AccWrEn, NoCompact}\n"
                                                            : " {NoCompact}\n");
    return o;
}

/* The accumulator value mac/mach instances add: 100, written by a mov of
 * the destination type (seed 004 mac: "the implied datatype for the
 * accumulator operand is always the destination datatype"; byte
 * destinations through the word type, the accumulator has no byte
 * channels; seed 001 §3.3.3.5: integer accumulator channels are wider than
 * 32 bits, so mach's 64-bit sum starts from the DWord value 100). */
#define ACC_INIT 100
static int acc_init_text(const inst_t *x, char *buf, size_t len)
{
    int t = x->dst == B ? W : x->dst == UB ? UW : x->dst;
    uint64_t bits = t == F ? 0x42c80000u : t == HF ? 0x5640u : ACC_INIT;
    return snprintf(buf, len, "mov (8|M0) acc0.0<1>:%s 0x%llx:%s {NoCompact}\n", tname[t],
                    (unsigned long long)bits, tname[t]);
}

/* ---- reference semantics ---- */
typedef struct { int isf; double f; __int128 i; } val;

static float bf(uint64_t b) { uint32_t u = (uint32_t)b; float f; memcpy(&f, &u, 4); return f; }
static double bd(uint64_t b) { double d; memcpy(&d, &b, 8); return d; }
static uint64_t fb(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static uint64_t db(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
static double bh(uint64_t b) { uint16_t u = (uint16_t)b; _Float16 h; memcpy(&h, &u, 2); return (double)h; }
static uint64_t hb_d(double v) { _Float16 h = (_Float16)v; uint16_t u; memcpy(&u, &h, 2); return u; }

static val value_of(int t, uint64_t raw)
{
    val v = {0, 0, 0};
    switch (t) {
    case UB: v.i = (uint8_t)raw; break;
    case B: v.i = (int8_t)raw; break;
    case UW: v.i = (uint16_t)raw; break;
    case W: v.i = (int16_t)raw; break;
    case UD: v.i = (uint32_t)raw; break;
    case D: v.i = (int32_t)raw; break;
    case UQ: v.i = (__int128)(uint64_t)raw; break;
    case Q: v.i = (int64_t)raw; break;
    case HF: v.isf = 1; v.f = bh(raw); break;
    case F: v.isf = 1; v.f = bf(raw); break;
    default: v.isf = 1; v.f = bd(raw); break;
    }
    return v;
}

static double ftz_f(double v)  /* F denorm -> signed zero */
{
    if (v != 0 && fabs(v) < 0x1p-126) return copysign(0.0, v);
    return v;
}
static double ftz_d(double v)
{
    if (v != 0 && fabs(v) < 0x1p-1022) return copysign(0.0, v);
    return v;
}

static const double ilo[NT] = {0, -128, 0, -32768, 0, -2147483648.0, 0, -9223372036854775808.0};
static const double ihi[NT] = {255, 127, 65535, 32767, 4294967295.0, 2147483647,
                               18446744073709551615.0, 9223372036854775807.0};

static uint64_t mask_of(int t) { return tsz[t] == 8 ? ~0ull : (1ull << (8 * tsz[t])) - 1; }

/* Result value -> destination bits (seed 001 §2.4; sat: floats to [0,1]
 * with NaN -> 0, integers to the type's range).  dom: 0 integer, 1 F, 2 DF.
 * flush: float results of arithmetic are F/DF-denorm flushed. */
static uint64_t to_dst(val r, int dom, int t, int sat, int flush)
{
    if (isflt(t)) {
        double x;
        if (r.isf) {
            x = r.f;
        } else {
            /* integer to float: one rounding of the exact integer (§2.4.4) */
            if (t == HF) {
                /* exact below 2^53; anything larger overflows half anyway */
                x = (r.i < ((__int128)1 << 53) && r.i > -((__int128)1 << 53)) ? (double)r.i
                    : r.i > 0 ? INFINITY : -INFINITY;
            } else if (t == F) {
                x = (float)r.i;
            } else {
                x = (double)r.i;
            }
        }
        if (sat) x = isnan(x) ? 0.0 : x < 0 ? 0.0 : x > 1 ? 1.0 : x;
        if (t == HF) return hb_d(x);
        if (t == F) {
            float f = (float)x;
            if (flush && dom == 1) f = (float)ftz_f(f);
            return fb(f);
        }
        if (flush && dom == 2) x = ftz_d(x);
        return db(x);
    }
    if (r.isf) {
        /* float to integer: toward zero, NaN 0, clamped (§2.4.1) */
        double x = r.f;
        if (isnan(x)) return 0;
        if (x <= ilo[t]) return (uint64_t)(int64_t)ilo[t] & mask_of(t);
        if (x >= ihi[t]) return t == UQ ? ~0ull : t == Q ? 0x7fffffffffffffffull
                                                  : (uint64_t)(int64_t)ihi[t] & mask_of(t);
        return (uint64_t)(int64_t)trunc(x) & mask_of(t);
    }
    __int128 v = r.i;
    if (sat) {
        __int128 lo = t == Q ? -(((__int128)1) << 63) : (__int128)(int64_t)ilo[t];
        __int128 hi = t == Q ? ((((__int128)1) << 63) - 1) : t == UQ ? ((((__int128)1) << 64) - 1)
                             : (__int128)(int64_t)ihi[t];
        v = v < lo ? lo : v > hi ? hi : v;
    }
    return (uint64_t)v & mask_of(t);
}

/* Float compare for cmp (n = 0) and cmpn (n = 1): seed 001 §2.3.1.1 / the
 * compare-NaN tables of §2.3.1.4 (cmpn: a NaN src1 makes every relation but
 * ne true, a NaN src0 only ne). */
static int fcmp(int cond, double a, double b, int n)
{
    if (isnan(a) || isnan(b)) {
        if (!n) return cond == GT_COND_NZ;
        if (isnan(b)) return cond != GT_COND_NZ;
        return cond == GT_COND_NZ;
    }
    switch (cond) {
    case GT_COND_Z: return a == b;
    case GT_COND_NZ: return a != b;
    case GT_COND_G: return a > b;
    case GT_COND_GE: return a >= b;
    case GT_COND_L: return a < b;
    default: return a <= b;
    }
}
static int icmp(int cond, __int128 a, __int128 b)
{
    switch (cond) {
    case GT_COND_Z: return a == b;
    case GT_COND_NZ: return a != b;
    case GT_COND_G: return a > b;
    case GT_COND_GE: return a >= b;
    case GT_COND_L: return a < b;
    default: return a <= b;
    }
}

static int clz32(uint32_t v) { return v ? __builtin_clz(v) : 32; }

/* Expected destination bits of lane `lane`; *flag = cmp flag bit; returns 0
 * when the lane's result is not defined by the seeds (skip it), 2 when it
 * is a transcendental (compare with tolerance). */
static int reference(const inst_t *x, const uint64_t *raw, int lane, uint64_t *out, int *flag)
{
    int op = x->op, ns = x->ns;
    val a[3];
    int stype[3];
    int dom = 0;
    for (int k = 0; k < ns; k++) {
        int t = x->src[k];
        if (x->form == 2 && k == ns - 1 && (x->immk == IMM_V)) t = W;
        if (x->form == 2 && k == ns - 1 && (x->immk == IMM_UV)) t = UW;
        if (x->form == 2 && k == ns - 1 && (x->immk == IMM_VF)) t = F;
        stype[k] = t;
        a[k] = value_of(t, raw[k]);
        if (t == DF) dom = 2;
        else if (isflt(t) && dom == 0) dom = 1;
    }
    int arith = !(op == O_MOV || (op == O_SEL && x->plain_sel));
    /* input flushing (seed 001 §2.3.1.2): F denorms always in arithmetic,
     * DF with cr0 DF denorm mode 0 (the reset value) */
    if (arith)
        for (int k = 0; k < ns; k++) {
            if (stype[k] == F) a[k].f = ftz_f(a[k].f);
            if (stype[k] == DF) a[k].f = ftz_d(a[k].f);
        }
    val r = {dom != 0, 0, 0};
    int sat = x->sat, d = x->dst, rc = 1;
#define FOP(expr) do { if (dom == 1) { float A = (float)a[0].f, B2 = (float)(ns > 1 ? a[1].f : 0), C = (float)(ns > 2 ? a[2].f : 0); (void)A; (void)B2; (void)C; r.f = (float)(expr); } else { double A = a[0].f, B2 = ns > 1 ? a[1].f : 0, C = ns > 2 ? a[2].f : 0; (void)A; (void)B2; (void)C; r.f = (expr); } } while (0)
    int qmode = stype[0] == Q || stype[0] == UQ || d == Q || d == UQ;
    switch (op) {
    case O_MOV:
        r = a[0];
        break;
    case O_SEL: {
        int take0;
        if (x->plain_sel) take0 = (0x5a >> lane) & 1;
        else if (dom) {
            double p = a[0].f, q = a[1].f;
            /* min/max: a NaN operand loses; two NaNs give src1 (§2.3.1.4) */
            if (isnan(p) && !isnan(q)) take0 = 0;
            else if (isnan(q)) take0 = !isnan(p);
            else take0 = x->cond == GT_COND_GE ? p >= q : p < q;
        } else take0 = icmp(x->cond, a[0].i, a[1].i);
        r = take0 ? a[0] : a[1];
        if (dom == 1 && !x->plain_sel) r.f = (float)r.f;
        break;
    }
    case O_ADD:
        if (dom) FOP(A + B2); else r.i = a[0].i + a[1].i;
        break;
    case O_MUL:
        if (dom) FOP(A * B2); else r.i = a[0].i * a[1].i;
        break;
    case O_MAC:
        /* seed 004 mac: src0 * src1 + acc0 (product rounded, then the sum;
         * the accumulator holds ACC_INIT) */
        if (dom) FOP(A * B2 + ACC_INIT); else r.i = a[0].i * a[1].i + ACC_INIT;
        break;
    case O_MACH: {
        /* seed 004 mach pseudocode: temp[63:0] = (src1[31:16] * src0[31:0])
         * << 16 + acc[63:0]; with AccWrEn dst = temp[63:32] (acc keeps
         * temp).  D: signed high word and product; UD: unsigned. */
        __int128 hi16 = issigned(stype[1]) ? (__int128)((int32_t)(uint32_t)a[1].i >> 16)
                                           : (__int128)((uint32_t)a[1].i >> 16);
        __int128 temp = hi16 * a[0].i * 65536 + ACC_INIT;
        int64_t t64 = (int64_t)(uint64_t)(unsigned __int128)temp;
        r.i = issigned(d) ? (__int128)(t64 >> 32) : (__int128)((uint64_t)t64 >> 32);
        break;
    }
    case O_MAD:
        if (dom == 1) r.f = fmaf((float)a[1].f, (float)a[2].f, (float)a[0].f);
        else if (dom == 2) r.f = fma(a[1].f, a[2].f, a[0].f);
        else r.i = a[0].i + a[1].i * a[2].i;
        break;
    case O_LRP:
        FOP(A * B2 + (1.0f - A) * C);
        break;
    case O_AVG:
        r.i = (a[0].i + a[1].i + 1) >> 1;
        break;
    case O_CMP: case O_CMPN: {
        int v = dom ? fcmp(x->cond, a[0].f, a[1].f, op == O_CMPN) : icmp(x->cond, a[0].i, a[1].i);
        *flag = v;
        *out = v ? mask_of(d) : 0;
        return 1;
    }
    case O_AND: r.i = a[0].i & a[1].i; break;
    case O_OR: r.i = a[0].i | a[1].i; break;
    case O_XOR: r.i = a[0].i ^ a[1].i; break;
    case O_NOT: r.i = ~a[0].i; break;
    case O_SHL: case O_SHR: case O_ASR: {
        int cnt = (int)((uint64_t)a[1].i & (qmode ? 63 : 31));
        if (op == O_SHL) r.i = (__int128)((unsigned __int128)a[0].i << cnt);
        else if (op == O_SHR) r.i = (__int128)(((uint64_t)a[0].i & mask_of(stype[0])) >> cnt);
        else r.i = a[0].i >> cnt;
        break;
    }
    case O_CSEL: {
        int take0 = dom ? fcmp(x->cond, a[2].f, 0.0, 0) : icmp(x->cond, a[2].i, 0);
        r = take0 ? a[0] : a[1];
        if (dom == 1) r.f = (float)r.f;
        break;
    }
    case O_ADDC: r.i = (uint32_t)(a[0].i + a[1].i); break;
    case O_ROR: case O_ROL: {
        /* seed 004 ror/rol: the bits of src0's type, count & (bits - 1) */
        int bits = 8 * tsz[stype[0]];
        uint64_t m = mask_of(stype[0]), v = (uint64_t)a[0].i & m;
        unsigned c = (unsigned)((uint64_t)a[1].i & (uint64_t)(bits - 1));
        if (op == O_ROL) c = (unsigned)(bits - (int)c) & (unsigned)(bits - 1);
        r.i = c ? (__int128)(((v >> c) | (v << (bits - (int)c))) & m) : (__int128)v;
        break;
    }
    case O_DP4A: {
        /* seed 004 dp4a: src0 + sum of the byte products of src1, src2
         * (bytes signed for D sources), 32-bit result (saturated with sat) */
        __int128 acc = a[0].i;
        for (int k = 0; k < 4; k++) {
            uint32_t p = (uint32_t)a[1].i >> (8 * k) & 0xff, q = (uint32_t)a[2].i >> (8 * k) & 0xff;
            acc += (issigned(stype[1]) ? (int8_t)p : (int)p) * (__int128)(issigned(stype[2]) ? (int8_t)q : (int)q);
        }
        r.i = acc;
        break;
    }
    case O_SUBB: r.i = (uint32_t)(a[0].i - a[1].i); break;
    case O_BFE: {
        /* seed 004 bfe: width src0[4:0], offset src1[4:0], value src2;
         * signed (D) extracts sign-extend */
        uint32_t w = (uint32_t)a[0].i & 31, o = (uint32_t)a[1].i & 31, v = (uint32_t)a[2].i;
        if (w == 0) r.i = 0;
        else if (w + o < 32) {
            uint32_t sh = v << (32 - w - o);
            r.i = issigned(stype[2]) ? (__int128)((int32_t)sh >> (32 - w)) : (__int128)(sh >> (32 - w));
        } else r.i = issigned(stype[2]) ? (__int128)((int32_t)v >> o) : (__int128)(v >> o);
        break;
    }
    case O_BFI1: {
        uint32_t w = (uint32_t)a[0].i & 31, o = (uint32_t)a[1].i & 31;
        r.i = (uint32_t)(((1ull << w) - 1) << o);
        break;
    }
    case O_BFI2: { /* seed 004 bfi2: src1 shifted to src0's lowest set bit */
        uint32_t m = (uint32_t)a[0].i;
        unsigned off = m ? (unsigned)__builtin_ctz(m) : 0;
        r.i = (int64_t)(uint32_t)((((uint32_t)a[1].i << off) & m) | ((uint32_t)a[2].i & ~m));
        break;
    }
    case O_BFREV: {
        uint32_t v = (uint32_t)a[0].i, o = 0;
        for (int b = 0; b < 32; b++) o |= ((v >> b) & 1u) << (31 - b);
        r.i = o;
        break;
    }
    case O_CBIT: r.i = __builtin_popcountll((uint64_t)a[0].i & mask_of(stype[0])); break;
    case O_FBL: { uint32_t v = (uint32_t)a[0].i; r.i = v ? __builtin_ctz(v) : 0xffffffffll; break; }
    case O_FBH: {
        uint32_t v = (uint32_t)a[0].i;
        if (issigned(stype[0]) && (int32_t)v < 0) v = ~v;
        r.i = v ? clz32(v) : 0xffffffffll;
        break;
    }
    case O_LZD: r.i = clz32((uint32_t)a[0].i); break;
    case O_FRC:
        if (dom == 1) { float f = (float)a[0].f - floorf((float)a[0].f); r.f = f >= 1.0f ? 0x1.fffffep-1f : f; }
        else r.f = a[0].f - floor(a[0].f);
        break;
    case O_RNDD: r.f = floor(a[0].f); break;
    case O_RNDU: r.f = ceil(a[0].f); break;
    case O_RNDZ: r.f = trunc(a[0].f); break;
    case O_RNDE: r.f = nearbyint(a[0].f); break;
    case O_INV: FOP(1.0f / A); break;
    case O_SQRT: FOP(sqrtf(A)); break;
    case O_FDIV: FOP(A / B2); break;
    case O_RSQ: r.f = (float)(1.0 / sqrt(a[0].f)); rc = 2; break;
    case O_LOG: r.f = log2f((float)a[0].f); rc = 2; break;
    case O_EXP: r.f = exp2f((float)a[0].f); rc = 2; break;
    case O_SIN: r.f = sinf((float)a[0].f); rc = 2; if (fabs(a[0].f) > 1e4) return 0; break;
    case O_COS: r.f = cosf((float)a[0].f); rc = 2; if (fabs(a[0].f) > 1e4) return 0; break;
    case O_POW: r.f = powf((float)a[0].f, (float)a[1].f); rc = 2; break;
    case O_IQUOT: case O_IREM: case O_IBOTH: {
        /* seed 004 math integer divide: quotient toward zero, remainder
         * with the dividend's sign; divide by zero undefined */
        __int128 p = a[0].i, q = a[1].i;
        if (q == 0 || (d == D && p == INT32_MIN && q == -1)) return 0;
        r.i = op == O_IREM ? p % q : p / q;
        break;
    }
    default:
        return 0;
    }
    if (op >= O_INV && op <= O_POW && x->dst == HF)
        dom = 1;
    *out = to_dst(r, r.isf ? (dom ? dom : 1) : 0, d, sat, arith);
    return rc;
}

/* ---- instance generation ---- */
static inst_t *insts;
static int ninsts;
static void push(inst_t x) { insts = realloc(insts, sizeof(inst_t) * (size_t)(ninsts + 1)); insts[ninsts++] = x; }

static int imm_ok(int op, int ns, int t)
{
    if (!ops[op].imm || t == UB || t == B) return 0;
    if (tsz[t] == 8 && ns != 1) return 0;   /* 64-bit immediates: 1-source forms only */
    return 1;
}

static void gen_instances(void)
{
    static const int conds[6] = {GT_COND_Z, GT_COND_NZ, GT_COND_G, GT_COND_GE, GT_COND_L, GT_COND_LE};
    int rot = 0;
    for (int c = 0; c < ncombos; c++) {
        const combo *cb = &combos[c];
        inst_t base = {cb->op, cb->ns, cb->dst, {cb->src[0], cb->src[1], cb->src[2]}, 0, 0, 0, 0, 0,
                       0, 0, 0, -1};
        int last = cb->src[cb->ns - 1];
        int nforms = cb->ns == 3 ? 2 : 3;
        for (int form = 0; form < nforms; form++) {
            if (cb->op == O_PLN && form == 1)
                continue;   /* pln src1 is a register pair */
            inst_t x = base;
            x.form = (uint8_t)form;
            if (form == 2) {
                if (!imm_ok(cb->op, cb->ns, last)) continue;
                x.immk = IMM_SCALAR;
                x.imm = edge[last][(rot++ * 5 + 3) % NV];
            }
            int nvar = cb->op == O_SEL ? 3 : 1;
            for (int v = 0; v < nvar; v++) {
                inst_t y = x;
                if (cb->op == O_SEL) {
                    y.plain_sel = v == 0;
                    y.cond = (uint8_t)(v == 1 ? GT_COND_GE : v == 2 ? GT_COND_L : 0);
                } else if (cb->op == O_CMP || (cb->op == O_CMPN && !GEN12_OR(1, 0))) {
                    y.cond = (uint8_t)conds[rot++ % 6];
                } else if (cb->op == O_CMPN) {
                    /* Gen12: cmpn supports .l and .ge only (seed 004 cmpn) */
                    y.cond = (uint8_t)(rot++ % 2 ? GT_COND_L : GT_COND_GE);
                } else if (cb->op == O_CSEL) {
                    y.cond = (uint8_t)conds[rot++ % 6];
                }
                y.dstride = (uint8_t)dst_stride(&y);
                push(y);
                /* Gen12 mad: no saturation with DWord src1/src2 (seed 004 mad) */
                int mad_dw = GEN12_OR(1, 0) && cb->op == O_MAD && !isflt(cb->src[1]) &&
                             (tsz[cb->src[1]] == 4 || tsz[cb->src[2]] == 4);
                if (ops[cb->op].sat && form == 0 && !mad_dw) {
                    y.sat = 1;
                    y.dstride = (uint8_t)dst_stride(&y);
                    push(y);
                }
            }
        }
        /* immediate vectors where the last source class has W/UW/F */
        if (cb->ns <= 2 && ops[cb->op].imm && cb->op != O_SHL && cb->op != O_SHR && cb->op != O_ASR) {
            int k = -1;
            if (last == W) k = IMM_V;
            else if (last == UW) k = IMM_UV;
            else if (last == F) k = IMM_VF;
            if (k >= 0) {
                inst_t y = base;
                y.form = 2;
                y.immk = (uint8_t)k;
                y.imm = k == IMM_VF ? 0x38b0a040u /* 0.0? see vf_lane */ : 0x7f81e35cu;
                if (cb->op == O_SEL) y.plain_sel = 1;
                if (cb->op == O_CMP) y.cond = (uint8_t)conds[rot++ % 6];
                if (cb->op == O_CMPN)
                    y.cond = GEN12_OR(0, 1) ? (uint8_t)conds[rot++ % 6]
                                             : (uint8_t)(rot++ % 2 ? GT_COND_L : GT_COND_GE);
                y.dstride = (uint8_t)dst_stride(&y);
                /* seed 001 §3.3.4: a vector immediate needs a destination
                 * stride of a word (v/uv) or a DWord (vf) */
                if (y.dstride * tsz[y.dst] == (k == IMM_VF ? 4 : 2))
                    push(y);
            }
        }
    }
}

/* Element j of a V/UV/VF immediate as raw bits of W/UW/F (seed 001 §2.2.3-5). */
static uint64_t vec_lane(int k, uint64_t imm, int j)
{
    if (k == IMM_VF) {
        uint32_t e = (uint32_t)(imm >> (8 * (j & 3))) & 0xff;
        uint32_t s = e >> 7, ex = (e >> 4) & 7, m = e & 15;
        float v = (ex == 0 && m == 0) ? 0.0f : ldexpf(1.0f + (float)m / 16.0f, (int)ex - 3);
        return fb(s ? -v : v);
    }
    uint32_t e = (uint32_t)(imm >> (4 * j)) & 15;
    if (k == IMM_V && (e & 8)) e |= 0xfff0;
    return e;
}

/* ---- channel-group instructions ---- */
/* The input registers as the test wrote them (not read back from gtsim). */
static uint8_t inimg[DST0 * 32];

/* Source k's F value in lane j, denorms flushed (arithmetic, seed 001
 * §2.3.1.2). */
static float gsrc(const inst_t *x, int s, int k, int j)
{
    uint64_t raw;
    if (k == x->ns - 1 && x->form == 2)
        raw = x->immk >= IMM_V ? vec_lane(x->immk, x->imm, j) : x->imm;
    else
        raw = edge[F][vidx(s, (k == x->ns - 1 && x->form == 1) ? 0 : j, k)];
    return (float)ftz_f(bf(raw));
}

/* Expected F bits of lane l of dp2/dp3/dp4/dph/line/pln.  No seed 004
 * page (Gen12 dropped these opcodes); the Gen9 PRM pages (public):
 *   dp4: every channel of a group of four gets src0.x*src1.x + src0.y*src1.y
 *        + src0.z*src1.z + src0.w*src1.w; dp3 the first three terms, dp2
 *        the first two, dph dp3 + src1.w;
 *   line: src0.0 * src1 + src0.3;  pln: src0.0 * src1 + src0.1 * src1' +
 *        src0.3, src1' the next register (SIMD8).
 * The seeds do not define the intermediate precision (seed 001 §2.3: fused
 * operations "such as mac, dp4, dp3" may keep intermediates out of F
 * range), so the reference sums term by term in F (each product and sum
 * rounded, in the pseudocode's order) and skips lanes where that differs
 * from the exactly evaluated sum rounded once (cancellation, overflowing
 * or denormal intermediates). */
static int group_ref(const inst_t *x, int s, int l, uint64_t *out)
{
    float seq = 0, p[4], q[4];
    double ex = 0;
    int nt = 0;
    if (x->op == O_LINE || x->op == O_PLN) {
        p[0] = gsrc(x, s, 0, 0);
        q[0] = gsrc(x, s, 1, l);
        nt = 1;
        if (x->op == O_PLN) {
            uint32_t y;
            memcpy(&y, inimg + (in_reg(1, F) + 1) * 32 + 4 * l, 4);
            p[1] = gsrc(x, s, 0, 1);
            q[1] = (float)ftz_f(bf(y));
            nt = 2;
        }
        p[nt] = gsrc(x, s, 0, 3);
        q[nt] = 1.0f;
        nt++;
    } else {
        int g = l & ~3, nc = x->op == O_DP2 ? 2 : x->op == O_DP4 ? 4 : 3;
        for (int k = 0; k < nc; k++) {
            p[k] = gsrc(x, s, 0, g + k);
            q[k] = gsrc(x, s, 1, g + k);
        }
        nt = nc;
        if (x->op == O_DPH) {
            p[nt] = 1.0f;
            q[nt] = gsrc(x, s, 1, g + 3);
            nt++;
        }
    }
    for (int k = 0; k < nt; k++) {
        float m = p[k] * q[k];
        seq = k ? seq + m : m;
        ex += (double)p[k] * (double)q[k];
    }
    float once = (float)ex;
    if (!(isnan(once) && isnan(seq)) && fb(once) != fb(seq))
        return 0;
    val r = {1, seq, 0};
    *out = to_dst(r, 1, F, x->sat, 1);
    return 1;
}

/* ---- running ---- */
static int ulp_close(int t, uint64_t got, uint64_t exp)
{
    double g = t == F ? bf(got) : t == HF ? bh(got) : bd(got);
    double e = t == F ? bf(exp) : t == HF ? bh(exp) : bd(exp);
    if (isnan(e)) return isnan(g);
    if (isinf(e) || e == 0) return g == e || fabs(g - e) <= 1e-30;
    return fabs(g - e) <= fabs(e) * (t == HF ? 2e-3 : 1e-6);
}

static int same(int t, uint64_t got, uint64_t exp)
{
    if (t == HF && isnan(bh(exp))) return isnan(bh(got));
    if (t == F && isnan(bf(exp))) return isnan(bf(got));
    if (t == DF && isnan(bd(exp))) return isnan(bd(got));
    return got == exp;
}

static void test_every_type_combination(void **st)
{
    (void)st;
    load_table();
    gen_instances();
    assert_true(ncombos > 0);
    /* batches: prologue, up to SLOTS instances (+ flag dumps), end */
    size_t cap = (size_t)ninsts * 240 + 65536;
    char *text = malloc(cap);
    int *bstart = calloc((size_t)ninsts + 1, sizeof(int)), *bfirst = calloc((size_t)ninsts + 1, sizeof(int));
    int *blines = calloc((size_t)ninsts + 1, sizeof(int));
    int *iline = calloc((size_t)ninsts, sizeof(int));
    int nb = 0, line = 0;
    size_t o = 0;
    for (int i = 0; i < ninsts;) {
        bstart[nb] = line;
        bfirst[nb] = i;
        o += (size_t)snprintf(text + o, cap - o, "(W) mov (1|M0) f0.0<1>:uw 0x5a:uw {NoCompact}\n");
        line++;
        int slot = 0, fl = 0;
        while (i < ninsts && slot < SLOTS) {
            inst_t *x = &insts[i];
            int is_cmp = x->op == O_CMP || x->op == O_CMPN;
            if (is_cmp && fl >= MAXFLAGS) break;
            x->slot = slot++;
            if (x->op == O_SADA2) {
                /* sada2 adds the accumulator: 100 in every channel */
                o += (size_t)snprintf(text + o, cap - o,
                                      "mov (8|M0) acc0.0<1>:uw 0x64:uw {NoCompact}\n");
                line++;
            }
            if (x->op == O_MAC || x->op == O_MACH) {
                o += (size_t)acc_init_text(x, text + o, cap - o);
                line++;
            }
            iline[i] = line;
            o += (size_t)inst_text(x, text + o, cap - o);
            line++;
            if (is_cmp) {
                x->flagw = fl;
                o += (size_t)snprintf(text + o, cap - o,
                                      "(W) mov (1|M0) r%d.%d<1>:uw f1.0<0;1,0>:uw {NoCompact}\n",
                                      FLAGREG, fl++);
                line++;
            }
            i++;
        }
        o += (size_t)snprintf(text + o, cap - o, EU_END);
        line++;
        blines[nb] = line - bstart[nb];
        nb++;
    }
    bfirst[nb] = ninsts;
    size_t codecap = (size_t)line * 16 + 64;
    uint8_t *code = malloc(codecap);
    size_t n = h_assemble(text, code, codecap);
    assert_int_equal(n, (size_t)line * 16);

    /* the assembled types must be the requested ones (a test bug otherwise) */
    for (int i = 0; i < ninsts; i++) {
        gt_inst in;
        char why[128];
        assert_int_equal(EU_DECODE(code + 16 * iline[i], 16, &in, why, sizeof why), 16);
        const inst_t *x = &insts[i];
        int okt = in.dst.type == gt_of[x->dst] && in.saturate == x->sat;
        for (int k = 0; k < x->ns; k++) {
            int want = gt_of[x->src[k]];
            if (x->form == 2 && k == x->ns - 1 && x->immk >= IMM_V)
                want = x->immk == IMM_V ? GT_TYPE_V : x->immk == IMM_UV ? GT_TYPE_UV : GT_TYPE_VF;
            okt &= in.src[k].type == want;
        }
        if (!okt) {
            char t[256];
            inst_text(x, t, sizeof t);
            fail_msg("iga64 changed the types of: %s", t);
        }
    }

    long checked = 0, bad = 0;
    for (int b = 0; b < nb; b++) {
        h_load_raw(&H, code + 16 * bstart[b], (size_t)blines[b] * 16);
        for (int s = 0; s < NSETS; s++) {
            h_thread(&H, 0xff);
            for (int p = 0; p < 3; p++)
                for (int t = 0; t < NT; t++)
                    for (int i = 0; i < 8; i++)
                    {
                        memcpy(H.t->grf + in_reg(p, t) * 32 + tsz[t] * i, &edge[t][vidx(s, i, p)],
                               (size_t)tsz[t]);
                        memcpy(inimg + in_reg(p, t) * 32 + tsz[t] * i, &edge[t][vidx(s, i, p)],
                               (size_t)tsz[t]);
                    }
            int st2 = h_run(&H);
            if (st2 || H.t->state != GT_THREAD_BLOCKED) {
                fprintf(stderr, "batch %d set %d: status %d: %s\n", b, s, st2, H.dev->err);
                bad++;
                continue;
            }
            for (int i = bfirst[b]; i < bfirst[b + 1]; i++) {
                const inst_t *x = &insts[i];
                int dreg = DST0 + 2 * x->slot;
                uint16_t fw;
                memcpy(&fw, H.t->grf + FLAGREG * 32 + 2 * x->flagw, 2);
                for (int l = 0; l < 8; l++) {
                    uint64_t raw[3] = {0, 0, 0};
                    for (int k = 0; k < x->ns; k++) {
                        int t = x->src[k];
                        if (x->form == 2 && k == x->ns - 1)
                            raw[k] = x->immk >= IMM_V ? vec_lane(x->immk, x->imm, l) : x->imm;
                        else
                            raw[k] = edge[t][vidx(s, (x->form == 1 && k == x->ns - 1) ? 0 : l, k)];
                    }
                    uint64_t exp = 0;
                    int flag = 0;
                    int rc;
                    if (x->op == O_SAD2 || x->op == O_SADA2) {
                        /* two-wide SAD over channel pairs, results in the
                         * even channels (see src/eu/exec.c sad2) */
                        if (l & 1) continue;
                        int64_t sum = x->op == O_SADA2 ? 100 : 0;
                        for (int q = 0; q < 2; q++)
                            sum += llabs((int64_t)value_of(x->src[0], edge[x->src[0]][vidx(s, l + q, 0)]).i -
                                         (int64_t)value_of(x->src[1], edge[x->src[1]][vidx(s, (x->form == 1 ? 0 : l + q), 1)]).i);
                        exp = (uint64_t)sum & mask_of(x->dst);
                        rc = 1;
                    } else if (x->op >= O_DP2 && x->op <= O_PLN)
                        rc = group_ref(x, s, l, &exp);
                    else
                        rc = reference(x, raw, l, &exp, &flag);
                    if (!rc)
                        continue;
                    uint64_t got = 0;
                    memcpy(&got, H.t->grf + dreg * 32 + tsz[x->dst] * x->dstride * l,
                           (size_t)tsz[x->dst]);
                    int ok = rc == 2 ? ulp_close(x->dst, got, exp) : same(x->dst, got, exp);
                    if ((x->op == O_CMP || x->op == O_CMPN) && ((fw >> l) & 1) != flag)
                        ok = 0;
                    checked++;
                    if (!ok) {
                        if (bad < 100000) {
                            char t[256];
                            inst_text(x, t, sizeof t);
                            t[strlen(t) - 13] = 0;
                            fprintf(stderr, "%s  lane %d src 0x%llx 0x%llx 0x%llx: got 0x%llx expected 0x%llx%s\n",
                                    t, l, (unsigned long long)raw[0], (unsigned long long)raw[1],
                                    (unsigned long long)raw[2], (unsigned long long)got,
                                    (unsigned long long)exp,
                                    (x->op == O_CMP || x->op == O_CMPN)
                                        ? ((fw >> l) & 1) != flag ? " (flag)" : "" : "");
                        }
                        bad++;
                    }
                }
            }
        }
    }
    printf("eu_types: %d type combinations, %d instances in %d kernels, %ld lane results "
           "checked, %ld wrong\n", ncombos, ninsts, nb, checked, bad);
    free(text); free(code); free(bstart); free(bfirst); free(blines); free(iline);
    assert_int_equal(bad, 0);
}

#ifndef EU_GEN12 /* Gen9 / Gen7 rules and rounding */
/* Assemble IGA text for skl (plat 0, iga64 -p=9) or hsw (plat 1, -p=7p5). */
static size_t assemble_for(int plat, const char *text, uint8_t *code, size_t cap)
{
    if (plat == 0)
        return h_assemble(text, code, cap);
    char src[] = "/tmp/eutypes7_XXXXXX", cmd[256];
    int fd = mkstemp(src);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs(text, f);
    fclose(f);
    snprintf(cmd, sizeof cmd, "iga64 -p=7p5 -a %s -o %s.bin", src, src);
    assert_int_equal(system(cmd), 0);
    snprintf(cmd, sizeof cmd, "%s.bin", src);
    FILE *b = fopen(cmd, "rb");
    assert_non_null(b);
    size_t n = fread(code, 1, cap, b);
    fclose(b);
    unlink(cmd);
    unlink(src);
    return n;
}

/* Region and conversion rules: the instruction stops the thread with an
 * illegal-instruction report naming the rule (rule NULL: runs). */
static void test_region_rules(void **st)
{
    (void)st;
    static const struct { int plat; const char *text, *rule; } cases[] = {
        /* packed byte destination: raw mov only (seed 004 mov, seed 001 §2.2.1) */
        {0, "add (8|M0) r10.0<1>:b r2.0<8;8,1>:b r3.0<8;8,1>:b", "packed byte destination"},
        {0, "mov (8|M0) r10.0<1>:ub r2.0<8;8,1>:uw", "packed byte destination"},
        {0, "mov (8|M0) (sat)r10.0<1>:ub r2.0<8;8,1>:ub", "packed byte destination"},
        {0, "add (8|M0) r10.0<2>:b r2.0<8;8,1>:b r3.0<8;8,1>:b", NULL},
        {0, "mov (8|M0) r10.0<1>:ub r2.0<8;8,1>:ub", NULL},
        {1, "mov (8|M0) r10.0<1>:ub r2.0<8;8,1>:d", "packed byte destination"},
        /* no direct conversion B/UB, HF <-> DF, Q/UQ (seed 004 mov) */
        {0, "mov (8|M0) r10.0<1>:df r2.0<8;8,1>:b", "no direct conversion between B/UB"},
        {0, "mov (8|M0) r10.0<1>:q r2.0<8;8,1>:hf", "no direct conversion between HF"},
        {0, "add (4|M0) r10.0<1>:hf r2.0<4;4,1>:df r4.0<4;4,1>:df", "no direct conversion between HF"},
        {0, "mov (8|M0) r10.0<1>:q r2.0<8;8,1>:b", "no direct conversion between B/UB"},
        /* the B/UB <-> Q/UQ rule is mov's: IGC's clamp of convert_ulong_sat(char) */
        {0, "sel (8|M0) (ge)f0.0 r10.0<1>:q r2.0<8;8,1>:b 0:w", NULL},
        /* vector immediates (seed 001 §3.3.4: Gen7 only) */
        {1, "mov (8|M0) r10.0<1>:d 0x76543210:v", "vector immediate V/UV"},
        {1, "add (4|M0) r10.0<2>:f r2.0<4;4,1>:f 0x38303028:vf", "vector immediate VF"},
        {1, "mov (8|M0) r10.1<1>:w 0x76543210:v", "vector immediate V/UV"},
        {1, "mov (8|M0) r10.0<1>:w 0x76543210:v", NULL},
        {0, "mov (8|M0) r10.0<1>:d 0x76543210:v", NULL},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char text[256];
        uint8_t code[128];
        snprintf(text, sizeof text, "%s\nwait n0.0:ud\n", cases[k].text);
        size_t n = assemble_for(cases[k].plat, text, code, sizeof code);
        H.dev->plat = gt_platform_find(cases[k].plat ? "hsw" : "skl");
        h_load_raw(&H, code, n);
        h_thread(&H, 0xff);
        H.dev->err[0] = 0;
        int st2 = h_run(&H);
        int ok = cases[k].rule ? st2 == GTSIM_ERR_ILLEGAL && strstr(H.dev->err, cases[k].rule) &&
                                     strstr(H.dev->err, "ip 0x0")
                               : st2 == GTSIM_OK && H.t->state == GT_THREAD_BLOCKED;
        if (!ok)
            fprintf(stderr, "%s (%s): status %d, report: %s\n", cases[k].text,
                    cases[k].plat ? "hsw" : "skl", st2, H.dev->err);
        assert_true(ok);
    }
    H.dev->plat = gt_platform_find("skl");
}

/* DF -> F rounding: cr0's mode on Gen9 (default round to nearest even, and
 * RTZ / RU / RD when cr0 says so), always toward zero on Gen7.5 (seed 001
 * §2.4.5).  Expected values: the host's conversion under the same mode. */
static void test_df_to_f_rounding(void **st)
{
    (void)st;
    static const double in[4] = {1.0 + 0x1.8p-24 /* above a tie */, -(1.0 + 0x1.8p-24), 1e300,
                                 0.1};
    static const int hostrm[4] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
    for (int plat = 0; plat < 2; plat++)
        for (int rm = 0; rm < 4; rm++) {
            char text[256];
            snprintf(text, sizeof text,
                     "(W) mov (1|M0) cr0.0<1>:ud 0x%x:ud {Switch}\n"
                     "mov (4|M0) r10.0<1>:f r2.0<4;4,1>:df\n"
                     "wait n0.0:ud\n", rm << 4);
            uint8_t code[256];
            size_t n = assemble_for(plat, text, code, sizeof code);
            H.dev->plat = gt_platform_find(plat ? "hsw" : "skl");
            h_load_raw(&H, code, n);
            h_thread(&H, 0xff);
            memcpy(H.t->grf + 2 * 32, in, sizeof in);
            int st2 = h_run(&H);
            if (st2) fprintf(stderr, "%s\n", H.dev->err);
            assert_int_equal(st2, GTSIM_OK);
            int saved = fegetround();
            fesetround(plat ? FE_TOWARDZERO : hostrm[rm]);
            for (int i = 0; i < 4; i++) {
                volatile double d = in[i];
                volatile float e = (float)d;
                float exp = e;
                /* RTZ overflow: the largest finite float */
                if (plat && isinf(exp)) exp = copysignf(0x1.fffffep127f, exp);
                uint32_t got;
                memcpy(&got, H.t->grf + 10 * 32 + 4 * i, 4);
                if (got != (uint32_t)fb(exp))
                    fprintf(stderr, "%s rm %d: DF %a -> F got 0x%08x expected 0x%08x\n",
                            plat ? "hsw" : "skl", rm, in[i], got, (uint32_t)fb(exp));
                assert_int_equal(got, (uint32_t)fb(exp));
            }
            fesetround(saved);
        }
    H.dev->plat = gt_platform_find("skl");
}

#endif

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_type_combination),
#ifndef EU_GEN12
        cmocka_unit_test(test_df_to_f_rounding),
        cmocka_unit_test(test_region_rules),
#endif
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
