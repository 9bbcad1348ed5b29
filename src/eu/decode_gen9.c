/*
 * Gen9 (Skylake) EU instruction decoder: native 128-bit encoding (and, via
 * compact_gen9.c, the 64-bit compacted encoding) -> gt_inst.
 *
 * Field layout: the Gen8/Gen9 native instruction format (EU ISA, seed 001
 * terms; bit positions cross-checked with public Mesa brw_eu_inst.h / IGA,
 * since the seeds document Gen7 and Gen12 only).  Every field is described
 * once in the tables below; decoding reads the tables.
 */
#include <stdio.h>
#include <string.h>

#include "eu/bits.h"
#include "eu/eu.h"
#include "eu/gen9.h"

/* ---- field access ---- */

typedef struct {
    uint8_t hi, lo;
} g9_field;

static uint64_t g9_get(const uint32_t w[4], g9_field f)
{
    return gt_inst_bits(w, f.hi, f.lo);
}
#define GET(w, hi, lo) g9_get((w), (g9_field){(hi), (lo)})

/* Instruction header fields common to all native forms. */
enum {
    H_OPCODE, H_ACCESS, H_NODDCLR, H_NODDCHK, H_NIBCTRL, H_QTRCTRL, H_THREADCTRL,
    H_PREDCTRL, H_PREDINV, H_EXECSIZE, H_CONDMOD, H_ACCWREN, H_CMPTCTRL, H_DEBUG,
    H_SATURATE, H_FLAGSUB, H_FLAGREG, H_MASKCTRL, H_RESERVED7, H_COUNT
};
static const g9_field g9_hdr[H_COUNT] = {
    [H_OPCODE] = {6, 0},      [H_RESERVED7] = {7, 7},   [H_ACCESS] = {8, 8},
    [H_NODDCLR] = {9, 9},     [H_NODDCHK] = {10, 10},   [H_NIBCTRL] = {11, 11},
    [H_QTRCTRL] = {13, 12},   [H_THREADCTRL] = {15, 14}, [H_PREDCTRL] = {19, 16},
    [H_PREDINV] = {20, 20},   [H_EXECSIZE] = {23, 21},  [H_CONDMOD] = {27, 24},
    [H_ACCWREN] = {28, 28},   [H_CMPTCTRL] = {29, 29},  [H_DEBUG] = {30, 30},
    [H_SATURATE] = {31, 31},  [H_FLAGSUB] = {32, 32},   [H_FLAGREG] = {33, 33},
    [H_MASKCTRL] = {34, 34},
};

/* Operand fields of the 1/2-source forms: destination, src0, src1. */
typedef struct {
    g9_field file, type;
    g9_field reg, subreg, subreg16;    /* direct: RegNum, SubRegNum (Align1 bytes / Align16 16-byte bit) */
    g9_field ia_sub, ia_imm, ia_imm9;  /* indirect: a0 subregister, AddrImm[8:0], AddrImm[9] */
    g9_field addr_mode;
    g9_field hstride, width, vstride;  /* dst has only hstride */
    g9_field negate, abs;
    g9_field swz_x, swz_y, swz_z, swz_w; /* Align16 source swizzle */
    g9_field writemask;                /* Align16 destination ChanEn */
    uint8_t is_dst;
} g9_opnd_layout;

static const g9_opnd_layout g9_dst = {
    .file = {36, 35}, .type = {40, 37}, .reg = {60, 53}, .subreg = {52, 48},
    .subreg16 = {52, 52}, .ia_sub = {60, 57}, .ia_imm = {56, 48}, .ia_imm9 = {47, 47},
    .addr_mode = {63, 63}, .hstride = {62, 61}, .writemask = {51, 48}, .is_dst = 1,
};
static const g9_opnd_layout g9_src0 = {
    .file = {42, 41}, .type = {46, 43}, .reg = {76, 69}, .subreg = {68, 64},
    .subreg16 = {68, 68}, .ia_sub = {76, 73}, .ia_imm = {72, 64}, .ia_imm9 = {95, 95},
    .addr_mode = {79, 79}, .hstride = {81, 80}, .width = {84, 82}, .vstride = {88, 85},
    .negate = {78, 78}, .abs = {77, 77},
    .swz_x = {65, 64}, .swz_y = {67, 66}, .swz_z = {81, 80}, .swz_w = {83, 82},
};
static const g9_opnd_layout g9_src1 = {
    .file = {90, 89}, .type = {94, 91}, .reg = {108, 101}, .subreg = {100, 96},
    .subreg16 = {100, 100}, .ia_sub = {108, 105}, .ia_imm = {104, 96}, .ia_imm9 = {121, 121},
    .addr_mode = {111, 111}, .hstride = {113, 112}, .width = {116, 114}, .vstride = {120, 117},
    .negate = {110, 110}, .abs = {109, 109},
    .swz_x = {97, 96}, .swz_y = {99, 98}, .swz_z = {113, 112}, .swz_w = {115, 114},
};

/* 3-source (Align16) operand fields. */
typedef struct {
    g9_field reg, subreg, subreg_half, swizzle, rep, negate, abs, type1;
} g9_3src_layout;
static const g9_3src_layout g9_3src[3] = {
    {{83, 76}, {75, 73}, {84, 84}, {72, 65}, {64, 64}, {38, 38}, {37, 37}, {0, 0}},
    {{104, 97}, {96, 94}, {105, 105}, {93, 86}, {85, 85}, {40, 40}, {39, 39}, {36, 36}},
    {{125, 118}, {117, 115}, {126, 126}, {114, 107}, {106, 106}, {42, 42}, {41, 41}, {35, 35}},
};
static const g9_field g9_3src_dst_reg = {63, 56}, g9_3src_dst_sub = {55, 53},
                      g9_3src_dst_wm = {52, 49}, g9_3src_dst_type = {48, 46},
                      g9_3src_src_type = {45, 43};

/* send / sendc / sends / sendsc specific fields. */
static const g9_field g9_sfid = {27, 24}, g9_eot = {127, 127}, g9_desc = {126, 96},
                      g9_sends_src1_reg = {51, 44}, g9_sends_src1_file = {36, 36},
                      g9_sends_dst_file = {35, 35}, g9_sends_desc_reg = {77, 77},
                      g9_sends_exdesc_reg = {61, 61}, g9_sends_exdesc_sub = {82, 80},
                      g9_sends_exdesc_hi = {95, 80}, g9_sends_exdesc_mlen = {67, 64},
                      g9_send_exdesc_31_28 = {94, 91}, g9_send_exdesc_27_24 = {88, 85},
                      g9_send_exdesc_23_20 = {83, 80}, g9_send_exdesc_19_16 = {67, 64},
                      g9_jip = {127, 96}, g9_uip = {95, 64};

/* ---- opcode table ---- */

enum g9_kind {
    K_NONE = 0, /* reserved opcode */
    K_ALU,      /* 1 or 2 sources, Align1 or Align16 */
    K_3SRC,
    K_MATH,
    K_SEND, K_SENDS,
    K_BRANCH,   /* jip (and uip when has_uip) */
    K_JMPI, K_CALL, K_CALLA, K_RET, K_WAIT, K_NOP, K_ILLEGAL,
};

static const struct {
    uint8_t op, kind, nsrc, has_uip;
} g9_ops[128] = {
    [0] = {GT_OP_ILLEGAL, K_ILLEGAL, 0, 0},
    [1] = {GT_OP_MOV, K_ALU, 1, 0},      [2] = {GT_OP_SEL, K_ALU, 2, 0},
    [3] = {GT_OP_MOVI, K_ALU, 1, 0},     [4] = {GT_OP_NOT, K_ALU, 1, 0},
    [5] = {GT_OP_AND, K_ALU, 2, 0},      [6] = {GT_OP_OR, K_ALU, 2, 0},
    [7] = {GT_OP_XOR, K_ALU, 2, 0},      [8] = {GT_OP_SHR, K_ALU, 2, 0},
    [9] = {GT_OP_SHL, K_ALU, 2, 0},      [10] = {GT_OP_SMOV, K_ALU, 2, 0},
    [12] = {GT_OP_ASR, K_ALU, 2, 0},     [16] = {GT_OP_CMP, K_ALU, 2, 0},
    [17] = {GT_OP_CMPN, K_ALU, 2, 0},    [18] = {GT_OP_CSEL, K_3SRC, 3, 0},
    [23] = {GT_OP_BFREV, K_ALU, 1, 0},   [24] = {GT_OP_BFE, K_3SRC, 3, 0},
    [25] = {GT_OP_BFI1, K_ALU, 2, 0},    [26] = {GT_OP_BFI2, K_3SRC, 3, 0},
    [32] = {GT_OP_JMPI, K_JMPI, 0, 0},   [33] = {GT_OP_BRD, K_BRANCH, 0, 0},
    [34] = {GT_OP_IF, K_BRANCH, 0, 1},   [35] = {GT_OP_BRC, K_BRANCH, 0, 1},
    [36] = {GT_OP_ELSE, K_BRANCH, 0, 1}, [37] = {GT_OP_ENDIF, K_BRANCH, 0, 0},
    [39] = {GT_OP_WHILE, K_BRANCH, 0, 0}, [40] = {GT_OP_BREAK, K_BRANCH, 0, 1},
    [41] = {GT_OP_CONT, K_BRANCH, 0, 1}, [42] = {GT_OP_HALT, K_BRANCH, 0, 1},
    [43] = {GT_OP_CALLA, K_CALLA, 0, 0}, [44] = {GT_OP_CALL, K_CALL, 0, 0},
    [45] = {GT_OP_RET, K_RET, 1, 0},     [46] = {GT_OP_GOTO, K_BRANCH, 0, 1},
    [47] = {GT_OP_JOIN, K_BRANCH, 0, 0}, [48] = {GT_OP_WAIT, K_WAIT, 1, 0},
    [49] = {GT_OP_SEND, K_SEND, 1, 0},   [50] = {GT_OP_SENDC, K_SEND, 1, 0},
    [51] = {GT_OP_SENDS, K_SENDS, 2, 0}, [52] = {GT_OP_SENDSC, K_SENDS, 2, 0},
    [56] = {GT_OP_MATH, K_MATH, 2, 0},
    [64] = {GT_OP_ADD, K_ALU, 2, 0},     [65] = {GT_OP_MUL, K_ALU, 2, 0},
    [66] = {GT_OP_AVG, K_ALU, 2, 0},     [67] = {GT_OP_FRC, K_ALU, 1, 0},
    [68] = {GT_OP_RNDU, K_ALU, 1, 0},    [69] = {GT_OP_RNDD, K_ALU, 1, 0},
    [70] = {GT_OP_RNDE, K_ALU, 1, 0},    [71] = {GT_OP_RNDZ, K_ALU, 1, 0},
    [72] = {GT_OP_MAC, K_ALU, 2, 0},     [73] = {GT_OP_MACH, K_ALU, 2, 0},
    [74] = {GT_OP_LZD, K_ALU, 1, 0},     [75] = {GT_OP_FBH, K_ALU, 1, 0},
    [76] = {GT_OP_FBL, K_ALU, 1, 0},     [77] = {GT_OP_CBIT, K_ALU, 1, 0},
    [78] = {GT_OP_ADDC, K_ALU, 2, 0},    [79] = {GT_OP_SUBB, K_ALU, 2, 0},
    [80] = {GT_OP_SAD2, K_ALU, 2, 0},    [81] = {GT_OP_SADA2, K_ALU, 2, 0},
    [84] = {GT_OP_DP4, K_ALU, 2, 0},     [85] = {GT_OP_DPH, K_ALU, 2, 0},
    [86] = {GT_OP_DP3, K_ALU, 2, 0},     [87] = {GT_OP_DP2, K_ALU, 2, 0},
    [89] = {GT_OP_LINE, K_ALU, 2, 0},    [90] = {GT_OP_PLN, K_ALU, 2, 0},
    [91] = {GT_OP_MAD, K_3SRC, 3, 0},    [92] = {GT_OP_LRP, K_3SRC, 3, 0},
    [93] = {GT_OP_MADM, K_3SRC, 3, 0},   [126] = {GT_OP_NOP, K_NOP, 0, 0},
};

/* Register (non-immediate) type encodings, Gen8+. */
static const int8_t g9_reg_type[16] = {
    GT_TYPE_UD, GT_TYPE_D, GT_TYPE_UW, GT_TYPE_W, GT_TYPE_UB, GT_TYPE_B, GT_TYPE_DF,
    GT_TYPE_F, GT_TYPE_UQ, GT_TYPE_Q, GT_TYPE_HF, -1, -1, -1, -1, -1,
};
/* Immediate type encodings, Gen8+. */
static const int8_t g9_imm_type[16] = {
    GT_TYPE_UD, GT_TYPE_D, GT_TYPE_UW, GT_TYPE_W, GT_TYPE_UV, GT_TYPE_VF, GT_TYPE_V,
    GT_TYPE_F, GT_TYPE_UQ, GT_TYPE_Q, GT_TYPE_DF, GT_TYPE_HF, -1, -1, -1, -1,
};
/* 3-source type encodings (Gen8/Gen9 Align16). */
static const int8_t g9_3src_type[8] = {
    GT_TYPE_F, GT_TYPE_D, GT_TYPE_UD, GT_TYPE_DF, GT_TYPE_HF, -1, -1, -1,
};

static const uint8_t g9_vstride[16] = {0, 1, 2, 4, 8, 16, 32, 255, 255, 255, 255, 255, 255, 255, 255, 255};
static const uint8_t g9_width[8] = {1, 2, 4, 8, 16, 255, 255, 255};
static const uint8_t g9_hstride[4] = {0, 1, 2, 4};

#define FAIL(...)                                                   \
    do {                                                            \
        if (why)                                                    \
            snprintf(why, why_len, __VA_ARGS__);                    \
        return -1;                                                  \
    } while (0)

/* Decodes one 1/2-source operand.  Returns 0 or -1 (reason in why). */
static int g9_operand(const uint32_t *w, const g9_opnd_layout *L, int align16, gt_operand *o,
                      const char *name, char *why, size_t why_len)
{
    memset(o, 0, sizeof *o);
    unsigned file = (unsigned)g9_get(w, L->file);
    unsigned tenc = (unsigned)g9_get(w, L->type);
    if (file == 2)
        FAIL("%s: reserved register file (MRF) encoding", name);
    if (file == 3) {
        if (L->is_dst)
            FAIL("%s: immediate destination", name);
        int t = g9_imm_type[tenc];
        if (t < 0)
            FAIL("%s: invalid immediate type encoding %u", name, tenc);
        o->file = GT_FILE_IMM;
        o->type = (uint8_t)t;
        if (gt_type_size(t) == 8)
            o->imm = GET(w, 127, 96) << 32 | GET(w, 95, 64);
        else
            o->imm = GET(w, 127, 96);
        return 0;
    }
    int t = g9_reg_type[tenc];
    if (t < 0)
        FAIL("%s: invalid type encoding %u", name, tenc);
    o->file = file == 1 ? GT_FILE_GRF : GT_FILE_ARF;
    o->type = (uint8_t)t;
    o->indirect = (uint8_t)g9_get(w, L->addr_mode);
    if (o->indirect) {
        o->ind_subnr = (uint8_t)g9_get(w, L->ia_sub);
        unsigned off = (unsigned)(g9_get(w, L->ia_imm) | g9_get(w, L->ia_imm9) << 9);
        if (align16)
            off &= ~0xfu;
        o->ind_off = (int16_t)((off & 0x200) ? (int)off - 0x400 : (int)off);
    } else {
        o->nr = (uint8_t)g9_get(w, L->reg);
        o->subnr = align16 ? (uint8_t)(g9_get(w, L->subreg16) * 16) : (uint8_t)g9_get(w, L->subreg);
    }
    if (L->is_dst) {
        unsigned hs = (unsigned)g9_get(w, L->hstride);
        o->hstride = g9_hstride[hs];
        if (align16) {
            o->writemask = (uint8_t)g9_get(w, L->writemask);
            o->mme = o->writemask;
            o->hstride = 1;
        }
        return 0;
    }
    o->negate = (uint8_t)g9_get(w, L->negate);
    o->abs = (uint8_t)g9_get(w, L->abs);
    unsigned vs = (unsigned)g9_get(w, L->vstride);
    if (align16) {
        o->swizzle[0] = (uint8_t)g9_get(w, L->swz_x);
        o->swizzle[1] = (uint8_t)g9_get(w, L->swz_y);
        o->swizzle[2] = (uint8_t)g9_get(w, L->swz_z);
        o->swizzle[3] = (uint8_t)g9_get(w, L->swz_w);
        o->mme = (uint8_t)(o->swizzle[0] | o->swizzle[1] << 2);
        if (vs != 0 && vs != 2 && vs != 3 && vs != 0xf)
            FAIL("%s: invalid Align16 vertical stride encoding %u", name, vs);
        o->vstride = vs == 0xf ? 0 : g9_vstride[vs];
        o->width = 4;
        o->hstride = 1;
        if (vs == 0xf)
            o->vxh = 1;
        return 0;
    }
    unsigned wi = (unsigned)g9_get(w, L->width);
    if (wi > 4)
        FAIL("%s: invalid width encoding %u", name, wi);
    o->width = g9_width[wi];
    o->hstride = g9_hstride[g9_get(w, L->hstride)];
    if (vs == 0xf) {
        if (!o->indirect)
            FAIL("%s: VxH vertical stride with direct addressing", name);
        o->vxh = 1;
        o->vstride = 0;
    } else if (vs > 6) {
        FAIL("%s: invalid vertical stride encoding %u", name, vs);
    } else {
        o->vstride = g9_vstride[vs];
    }
    return 0;
}

static int g9_3src_operands(const uint32_t *w, gt_inst *in, char *why, size_t why_len)
{
    int dt = g9_3src_type[g9_get(w, g9_3src_dst_type)];
    int st = g9_3src_type[g9_get(w, g9_3src_src_type)];
    if (dt < 0)
        FAIL("dst: invalid 3-src type encoding %u", (unsigned)g9_get(w, g9_3src_dst_type));
    if (st < 0)
        FAIL("src: invalid 3-src type encoding %u", (unsigned)g9_get(w, g9_3src_src_type));
    gt_operand *d = &in->dst;
    memset(d, 0, sizeof *d);
    d->file = GT_FILE_GRF;
    d->type = (uint8_t)dt;
    d->nr = (uint8_t)g9_get(w, g9_3src_dst_reg);
    d->subnr = (uint8_t)(g9_get(w, g9_3src_dst_sub) * 4);
    d->hstride = 1;
    d->writemask = (uint8_t)g9_get(w, g9_3src_dst_wm);
    d->mme = d->writemask;
    /* DF in Align16: ChanEn xy / zw writes the first / second DF of each
     * 16-byte group only; as an Align1 region that is half the channels. */
    int madm = in->op == GT_OP_MADM; /* writemask/swizzle name mme registers */
    if (!madm && dt != GT_TYPE_DF && in->exec_size == 4 &&
        (d->writemask == 1 || d->writemask == 2 || d->writemask == 4 || d->writemask == 8)) {
        /* One channel of the 4-wide group: a single channel. */
        in->exec_size = 1;
        d->subnr = (uint8_t)(d->subnr + gt_type_size(dt) * (d->writemask == 2 ? 1 : d->writemask == 4 ? 2 : d->writemask == 8 ? 3 : 0));
    }
    /* A DF element is two 32-bit Align16 channels: a ChanEn of one channel
     * alone (x, y, z or w) writes half a DF; the PRM gives it no meaning
     * (iga64 prints it as a one-channel DF at subregister 0-3). */
    if (!madm && dt == GT_TYPE_DF &&
        (d->writemask == 1 || d->writemask == 2 || d->writemask == 4 || d->writemask == 8))
        FAIL("dst: DF destination ChanEn enables half a DF (one 32-bit channel)");
    if (!madm && dt == GT_TYPE_DF && (d->writemask == 0x3 || d->writemask == 0xc) && in->exec_size > 1) {
        in->exec_size /= 2;
        if (d->writemask == 0xc)
            d->subnr = (uint8_t)(d->subnr + 8);
    }
    for (int i = 0; i < 3; i++) {
        const g9_3src_layout *L = &g9_3src[i];
        gt_operand *o = &in->src[i];
        memset(o, 0, sizeof *o);
        o->file = GT_FILE_GRF;
        o->type = (uint8_t)st;
        /* Gen8/Gen9 mixed float mode: SrcType (bits 45:43) is the type of
         * src0; with a float SrcType, Src1Type (bit 36) / Src2Type (bit 35)
         * give src1 / src2 on their own: 1 = HF, 0 = F, whatever src0 is.
         * Integer and DF SrcTypes apply to all three sources.  (Public
         * facts: Mesa brw_inst.h 3src_a16_src1/src2_type at bits 36/35,
         * set by brw_alu3 for an HF source; iga64 -p=9 -d prints
         * "r2:f" for SrcType HF with bit 36 clear.) */
        if (i > 0 && (st == GT_TYPE_F || st == GT_TYPE_HF))
            o->type = g9_get(w, L->type1) ? GT_TYPE_HF : GT_TYPE_F;
        o->nr = (uint8_t)g9_get(w, L->reg);
        o->subnr = (uint8_t)(g9_get(w, L->subreg) * 4 + g9_get(w, L->subreg_half) * 2);
        o->negate = (uint8_t)g9_get(w, L->negate);
        o->abs = (uint8_t)g9_get(w, L->abs);
        unsigned swz = (unsigned)g9_get(w, L->swizzle);
        for (int c = 0; c < 4; c++)
            o->swizzle[c] = (uint8_t)((swz >> (2 * c)) & 3);
        o->mme = (uint8_t)(swz & 0xf);
        o->rep = (uint8_t)g9_get(w, L->rep);
        /* madm: the swizzle field's low 4 bits are the MathMacroExt (mme0-7,
         * 8 = nomme; 9-15 invalid, as GED reports); the operand is a whole
         * register, so RepCtrl has no meaning (iga64 prints any RepCtrl'd
         * madm source as mme4). */
        if (madm && o->mme > 8)
            FAIL("src%d: reserved math macro extension %u", i, o->mme);
        if (madm && o->rep)
            FAIL("src%d: RepCtrl on a math macro operand", i);
        /* DF in Align16: a swizzle pair selects one DF; xyxy / zwzw
         * replicate the first / second DF of the 16-byte group. */
        if (!madm && o->type == GT_TYPE_DF && !o->rep && (swz == 0x44 || swz == 0xee)) {
            o->rep = 1;
            if (swz == 0xee)
                o->subnr = (uint8_t)(o->subnr + 8);
        }
        if (o->rep) {
            o->vstride = 0; o->width = 1; o->hstride = 0;
        } else {
            o->vstride = 8; o->width = 8; o->hstride = 1;
        }
    }
    return 0;
}

int gt_decode_gen9(const uint8_t *code, size_t avail, gt_inst *in, char *why, size_t why_len)
{
    uint32_t w[4];
    if (why && why_len)
        why[0] = 0;
    if (!code || avail < 8)
        FAIL("truncated instruction (%zu bytes available)", avail);
    memset(in, 0, sizeof *in);
    int compacted = (code[3] >> 5) & 1; /* CmptCtrl, bit 29 */
    if (compacted) {
        if (gt_gen9_uncompact(code, w, why, why_len) < 0)
            return -1;
        in->raw[0] = (uint32_t)code[0] | (uint32_t)code[1] << 8 | (uint32_t)code[2] << 16 |
                     (uint32_t)code[3] << 24;
        in->raw[1] = (uint32_t)code[4] | (uint32_t)code[5] << 8 | (uint32_t)code[6] << 16 |
                     (uint32_t)code[7] << 24;
        in->length = 8;
        in->compacted = 1;
    } else {
        if (avail < 16)
            FAIL("truncated instruction (%zu bytes available, 16 needed)", avail);
        for (int i = 0; i < 4; i++)
            w[i] = (uint32_t)code[4 * i] | (uint32_t)code[4 * i + 1] << 8 |
                   (uint32_t)code[4 * i + 2] << 16 | (uint32_t)code[4 * i + 3] << 24;
        memcpy(in->raw, w, sizeof w);
        in->length = 16;
    }
    unsigned hw = (unsigned)g9_get(w, g9_hdr[H_OPCODE]);
    in->hw_opcode = (uint8_t)hw;
    if (g9_get(w, g9_hdr[H_RESERVED7]))
        FAIL("reserved opcode bit 7 set (opcode field 0x%02x)", (unsigned)GET(w, 7, 0));
    unsigned kind = g9_ops[hw].kind;
    if (kind == K_NONE)
        FAIL("reserved opcode %u", hw);
    in->op = g9_ops[hw].op;
    in->align16 = (uint8_t)g9_get(w, g9_hdr[H_ACCESS]);
    in->dep_ctrl = (uint8_t)(g9_get(w, g9_hdr[H_NODDCLR]) | g9_get(w, g9_hdr[H_NODDCHK]) << 1);
    in->chan_off = (uint8_t)(g9_get(w, g9_hdr[H_QTRCTRL]) * 8 + g9_get(w, g9_hdr[H_NIBCTRL]) * 4);
    in->thread_ctrl = (uint8_t)g9_get(w, g9_hdr[H_THREADCTRL]);
    if (in->thread_ctrl == 3)
        FAIL("reserved thread control encoding 3");
    in->pred = (uint8_t)g9_get(w, g9_hdr[H_PREDCTRL]);
    if (in->align16 ? in->pred > 7 : in->pred > 13)
        FAIL("reserved predicate control encoding %u", in->pred);
    in->pred_inv = (uint8_t)g9_get(w, g9_hdr[H_PREDINV]);
    unsigned es = (unsigned)g9_get(w, g9_hdr[H_EXECSIZE]);
    if (es > 5)
        FAIL("reserved execution size encoding %u", es);
    in->exec_size = (uint8_t)(1u << es);
    in->acc_wr = (uint8_t)g9_get(w, g9_hdr[H_ACCWREN]);
    in->debug_ctrl = (uint8_t)g9_get(w, g9_hdr[H_DEBUG]);
    in->saturate = (uint8_t)g9_get(w, g9_hdr[H_SATURATE]);
    in->flag_subnr = (uint8_t)g9_get(w, g9_hdr[H_FLAGSUB]);
    in->flag_nr = (uint8_t)g9_get(w, g9_hdr[H_FLAGREG]);
    in->nomask = (uint8_t)g9_get(w, g9_hdr[H_MASKCTRL]);
    unsigned cm = (unsigned)g9_get(w, g9_hdr[H_CONDMOD]);
    in->num_srcs = g9_ops[hw].nsrc;

    switch (kind) {
    case K_ILLEGAL:
    case K_NOP:
        in->num_srcs = 0;
        break;
    case K_MATH:
        in->math_fc = (uint8_t)cm;
        if (cm == 0 || cm == 8 || cm > 15)
            FAIL("reserved math function %u", cm);
        in->num_srcs = (cm == GT_MATH_FDIV || cm == GT_MATH_POW || cm == GT_MATH_IDIV_BOTH ||
                        cm == GT_MATH_IDIV_QUOT || cm == GT_MATH_IDIV_REM || cm == GT_MATH_INVM)
                           ? 2 : 1;
        if (cm == GT_MATH_INVM || cm == GT_MATH_RSQRTM) {
            /* IEEE macros: operands are whole registers named by number
             * with a MathMacroExt in the ChanEn / swizzle bits; GED rejects
             * indirect addressing on dst and src0 (DstAddrMode /
             * Src0AddrMode invalid) and the mme field shares bits with the
             * Align16 indirect immediate, so no operand may be indirect. */
            if (GET(w, 63, 63) || GET(w, 79, 79) || (in->num_srcs == 2 && GET(w, 111, 111)))
                FAIL("indirect addressing on a math macro operand");
        }
        goto alu_operands;
    case K_ALU:
        if (cm == 7 || cm > 9)
            FAIL("reserved conditional modifier %u", cm);
        in->cond = (uint8_t)cm;
    alu_operands:
        if (g9_operand(w, &g9_dst, in->align16, &in->dst, "dst", why, why_len) < 0)
            return -1;
        if (g9_operand(w, &g9_src0, in->align16, &in->src[0], "src0", why, why_len) < 0)
            return -1;
        if (in->num_srcs >= 2 || (in->src[0].file != GT_FILE_IMM && hw == 10)) {
            if (in->src[0].file == GT_FILE_IMM)
                FAIL("src0: immediate in a two-source instruction");
            if (g9_operand(w, &g9_src1, in->align16, &in->src[1], "src1", why, why_len) < 0)
                return -1;
            if (in->src[1].file == GT_FILE_IMM && gt_type_size(in->src[1].type) == 8)
                FAIL("src1: 64-bit immediate in src1");
        }
        break;
    case K_3SRC:
        if (!in->align16)
            FAIL("3-source instruction with Align1 access mode (Gen10+ form)");
        if (cm == 7 || cm > 9)
            FAIL("reserved conditional modifier %u", cm);
        in->cond = (uint8_t)cm;
        in->flag_subnr = (uint8_t)GET(w, 32, 32);
        in->flag_nr = (uint8_t)GET(w, 33, 33);
        if (g9_3src_operands(w, in, why, why_len) < 0)
            return -1;
        break;
    case K_SEND:
    case K_SENDS:
        in->sfid = (uint8_t)g9_get(w, g9_sfid);
        in->eot = (uint8_t)g9_get(w, g9_eot);
        if (kind == K_SEND) {
            if (g9_operand(w, &g9_dst, 0, &in->dst, "dst", why, why_len) < 0)
                return -1;
            /* The message payload is whole registers: src0 region fields
             * are not used. */
            in->src[0].file = GET(w, 42, 41) == 1 ? GT_FILE_GRF : GT_FILE_ARF;
            {
                int st = g9_reg_type[g9_get(w, g9_src0.type)];
                in->src[0].type = (uint8_t)(st < 0 ? GT_TYPE_UD : st);
            }
            in->src[0].indirect = (uint8_t)g9_get(w, g9_src0.addr_mode);
            in->src[0].nr = (uint8_t)g9_get(w, g9_src0.reg);
            in->src[0].ind_subnr = (uint8_t)g9_get(w, g9_src0.ia_sub);
            unsigned f1 = (unsigned)g9_get(w, g9_src1.file);
            if (f1 == 3) {
                in->desc = (uint32_t)g9_get(w, g9_desc);
            } else {
                in->desc_reg = 1;
            }
            in->exdesc = (uint32_t)(g9_get(w, g9_send_exdesc_31_28) << 28 |
                                    g9_get(w, g9_send_exdesc_27_24) << 24 |
                                    g9_get(w, g9_send_exdesc_23_20) << 20 |
                                    g9_get(w, g9_send_exdesc_19_16) << 16);
        } else {
            /* Split send: dst/src0 direct or indirect GRF/ARF, src1 a GRF
             * (or null), descriptors immediate or from a0. */
            gt_operand *d = &in->dst, *s0 = &in->src[0], *s1 = &in->src[1];
            int t = g9_reg_type[g9_get(w, g9_dst.type)];
            if (t < 0)
                FAIL("dst: invalid type encoding %u", (unsigned)g9_get(w, g9_dst.type));
            d->type = (uint8_t)t;
            d->file = g9_get(w, g9_sends_dst_file) ? GT_FILE_GRF : GT_FILE_ARF;
            d->indirect = (uint8_t)g9_get(w, g9_dst.addr_mode);
            if (d->indirect) {
                d->ind_subnr = (uint8_t)g9_get(w, g9_dst.ia_sub);
                unsigned off = (unsigned)(GET(w, 56, 52) << 4 | GET(w, 62, 62) << 9);
                d->ind_off = (int16_t)((off & 0x200) ? (int)off - 0x400 : (int)off);
            } else {
                d->nr = (uint8_t)g9_get(w, g9_dst.reg);
                d->subnr = (uint8_t)(GET(w, 52, 52) * 16);
            }
            d->hstride = 1;
            s0->file = GT_FILE_GRF;
            s0->type = d->type;
            s0->indirect = (uint8_t)g9_get(w, g9_src0.addr_mode);
            if (s0->indirect) {
                s0->ind_subnr = (uint8_t)g9_get(w, g9_src0.ia_sub);
                unsigned off = (unsigned)(GET(w, 72, 68) << 4 | GET(w, 78, 78) << 9);
                s0->ind_off = (int16_t)((off & 0x200) ? (int)off - 0x400 : (int)off);
            } else {
                s0->nr = (uint8_t)g9_get(w, g9_src0.reg);
                s0->subnr = (uint8_t)(GET(w, 68, 68) * 16);
            }
            s1->file = g9_get(w, g9_sends_src1_file) ? GT_FILE_GRF : GT_FILE_ARF;
            s1->type = d->type;
            s1->nr = (uint8_t)g9_get(w, g9_sends_src1_reg);
            in->desc_reg = (uint8_t)g9_get(w, g9_sends_desc_reg);
            if (!in->desc_reg)
                in->desc = (uint32_t)g9_get(w, g9_desc);
            in->exdesc_reg = (uint8_t)g9_get(w, g9_sends_exdesc_reg);
            if (in->exdesc_reg) {
                in->exdesc_subnr = (uint8_t)g9_get(w, g9_sends_exdesc_sub);
                in->exdesc = 0;
            } else {
                in->exdesc = (uint32_t)(g9_get(w, g9_sends_exdesc_hi) << 16 |
                                        g9_get(w, g9_sends_exdesc_mlen) << 6);
            }
        }
        in->exdesc |= (uint32_t)in->sfid | (uint32_t)in->eot << 5;
        break;
    case K_BRANCH:
        if ((hw == 33 || hw == 35) && g9_get(w, g9_src0.file) != 3) {
            /* brd / brc with the offsets in a register (seed 004 brd, brc):
             * brd's JIP is a scalar DWord at src0, brc's JIP and UIP a DWord
             * pair at src0 read as <2;2,1>; bytes relative to this IP. */
            in->jip_reg = 1;
            if (g9_operand(w, &g9_src0, 0, &in->src[0], "src0", why, why_len) < 0)
                return -1;
        } else {
            in->jip = (int32_t)(uint32_t)g9_get(w, g9_jip);
            if (g9_ops[hw].has_uip)
                in->uip = (int32_t)(uint32_t)g9_get(w, g9_uip);
        }
        in->branch_ctrl = (uint8_t)g9_get(w, g9_hdr[H_ACCWREN]);
        in->acc_wr = 0;
        break;
    case K_JMPI:
        /* JIP is relative to the instruction after jmpi. */
        if (GET(w, 90, 89) == 3)
            in->jip = (int32_t)((uint32_t)g9_get(w, g9_jip) + 16u); /* wraps like the hardware IP */
        else {
            in->jip_reg = 1;
            if (g9_operand(w, &g9_src1, 0, &in->src[1], "src1", why, why_len) < 0)
                return -1;
        }
        break;
    case K_CALL:
    case K_CALLA:
        if (g9_operand(w, &g9_dst, 0, &in->dst, "dst", why, why_len) < 0)
            return -1;
        if (GET(w, 90, 89) == 3)
            in->jip = (int32_t)(uint32_t)g9_get(w, g9_jip);
        else {
            in->jip_reg = 1;
            if (g9_operand(w, &g9_src1, 0, &in->src[1], "src1", why, why_len) < 0)
                return -1;
        }
        break;
    case K_RET:
    case K_WAIT:
        if (kind == K_WAIT && g9_operand(w, &g9_dst, 0, &in->dst, "dst", why, why_len) < 0)
            return -1;
        if (g9_operand(w, &g9_src0, 0, &in->src[0], "src0", why, why_len) < 0)
            return -1;
        break;
    }
    return in->length;
}
