/*
 * Gen7 EU instruction decoder: Ivy Bridge / Bay Trail (Gen7) and Haswell
 * (Gen7.5) native 128-bit and compacted 64-bit encodings -> gt_inst.
 *
 * Field layout: the Gen7 native instruction format (seed 001 terms: regions
 * §3.3.5, register files §3.3; bit positions cross-checked with the public
 * Mesa brw_inst.h gen7 columns and with iga64 -p=7p5 encodings).  Each
 * field is described once in the tables below.  What Gen7 does differently
 * from Gen8/9 and how it lands in gt_inst:
 *  - 3-bit register types (no Q/UQ/HF; DF is type 6) and no 64-bit
 *    immediates; the flag register number and subregister are bits 90/89;
 *    NibCtrl is bit 47 (chan_off = QtrCtrl*8 + NibCtrl*4).
 *  - no MRF (seed 001 §1.3 / §3.3.1: register file 2 is reserved): send's
 *    payload is a GRF; the SFID is in the conditional-modifier field
 *    (bits 27:24), the descriptor in the src1 immediate (bits 124:96) and
 *    EOT in bit 127.  gt_inst.exdesc = SFID | EOT << 5 as on Gen9.
 *  - branch offsets (JIP bits 111:96, UIP 127:112, signed) count QWords
 *    (8 bytes) from the branch instruction; gt_inst.jip/uip are bytes.
 *    jmpi, call and calla carry 32-bit byte offsets in the src1 immediate
 *    (iga64 -p=7p5: jmpi counts from the next instruction, call from
 *    itself, calla from the kernel start), as on Gen9.
 *  - 3-source instructions (Align16 only): 2-bit source/destination types
 *    (F, D, UD, DF), flag at bits 34/33, source modifiers at 41:36.
 *  - Ivy Bridge / Bay Trail only (seed 001 §1.3 "Ivy Bridge ... specific"):
 *    a DF operand counts 4-byte elements, ExecSize, Width, HorzStride and
 *    VertStride being twice their true-element values, and each DF element
 *    occupies a pair of channels.  The decoder stores true-element values
 *    (exec_size and DF regions halved) and sets gt_inst.chan_pairs;
 *    Haswell encodes DF in true elements (iga64 -p=7p5).
 *  - dim (opcode 10, Haswell only) moves a DF immediate: the src0 type
 *    field says F but the immediate is the 64 bits 127:64 (public Mesa
 *    brw_DIM / brw_inst_set_imm_df facts; iga64 -p=7p5 -d names it dim);
 *    gt_inst: src[0] = DF immediate.
 *  - movi is Haswell only; f32to16/f16to32 (opcodes 19/20) exist on Gen7
 *    only; there is no goto/join, csel, madm, sends or HF.
 */
#include <stdio.h>
#include <string.h>

#include "eu/bits.h"
#include "eu/eu.h"
#include "eu/gen7.h"

/* ---- field access ---- */

typedef struct {
    uint8_t hi, lo;
} g7_field;

static uint64_t g7_get(const uint32_t w[4], g7_field f)
{
    return gt_inst_bits(w, f.hi, f.lo);
}
#define GET(w, hi, lo) g7_get((w), (g7_field){(hi), (lo)})

/* Instruction header (all native forms). */
enum {
    H_OPCODE, H_ACCESS, H_MASKCTRL, H_NODDCLR, H_NODDCHK, H_QTRCTRL,
    H_THREADCTRL, H_PREDCTRL, H_PREDINV, H_EXECSIZE, H_CONDMOD, H_ACCWREN, H_CMPTCTRL,
    H_DEBUG, H_SATURATE, H_NIBCTRL, H_FLAGSUB, H_FLAGREG, H_COUNT
};
static const g7_field g7_hdr[H_COUNT] = {
    [H_OPCODE] = {6, 0},       [H_ACCESS] = {8, 8},
    [H_MASKCTRL] = {9, 9},     [H_NODDCLR] = {10, 10},   [H_NODDCHK] = {11, 11},
    [H_QTRCTRL] = {13, 12},    [H_THREADCTRL] = {15, 14}, [H_PREDCTRL] = {19, 16},
    [H_PREDINV] = {20, 20},    [H_EXECSIZE] = {23, 21},  [H_CONDMOD] = {27, 24},
    [H_ACCWREN] = {28, 28},    [H_CMPTCTRL] = {29, 29},  [H_DEBUG] = {30, 30},
    [H_SATURATE] = {31, 31},   [H_NIBCTRL] = {47, 47},   [H_FLAGSUB] = {89, 89},
    [H_FLAGREG] = {90, 90},
};

/* Operand fields of the 1/2-source forms: destination, src0, src1. */
typedef struct {
    g7_field file, type;
    g7_field reg, subreg, subreg16;    /* direct: RegNum, SubRegNum (Align1 bytes / Align16 16-byte bit) */
    g7_field ia_sub, ia_imm;           /* indirect: a0 subregister, AddrImm[9:0] (signed) */
    g7_field addr_mode;
    g7_field hstride, width, vstride;  /* dst has only hstride */
    g7_field negate, abs;
    g7_field swz_x, swz_y, swz_z, swz_w; /* Align16 source swizzle */
    g7_field writemask;                /* Align16 destination ChanEn */
    uint8_t is_dst;
} g7_opnd_layout;

static const g7_opnd_layout g7_dst = {
    .file = {33, 32}, .type = {36, 34}, .reg = {60, 53}, .subreg = {52, 48},
    .subreg16 = {52, 52}, .ia_sub = {60, 58}, .ia_imm = {57, 48},
    .addr_mode = {63, 63}, .hstride = {62, 61}, .writemask = {51, 48}, .is_dst = 1,
};
static const g7_opnd_layout g7_src0 = {
    .file = {38, 37}, .type = {41, 39}, .reg = {76, 69}, .subreg = {68, 64},
    .subreg16 = {68, 68}, .ia_sub = {76, 74}, .ia_imm = {73, 64},
    .addr_mode = {79, 79}, .hstride = {81, 80}, .width = {84, 82}, .vstride = {88, 85},
    .negate = {78, 78}, .abs = {77, 77},
    .swz_x = {65, 64}, .swz_y = {67, 66}, .swz_z = {81, 80}, .swz_w = {83, 82},
};
static const g7_opnd_layout g7_src1 = {
    .file = {43, 42}, .type = {46, 44}, .reg = {108, 101}, .subreg = {100, 96},
    .subreg16 = {100, 100}, .ia_sub = {108, 106}, .ia_imm = {105, 96},
    .addr_mode = {111, 111}, .hstride = {113, 112}, .width = {116, 114}, .vstride = {120, 117},
    .negate = {110, 110}, .abs = {109, 109},
    .swz_x = {97, 96}, .swz_y = {99, 98}, .swz_z = {113, 112}, .swz_w = {115, 114},
};

/* 3-source (Align16) fields. */
typedef struct {
    g7_field reg, subreg, swizzle, rep, negate, abs;
} g7_3src_layout;
static const g7_3src_layout g7_3src[3] = {
    {{83, 76}, {75, 73}, {72, 65}, {64, 64}, {37, 37}, {36, 36}},
    {{104, 97}, {96, 94}, {93, 86}, {85, 85}, {39, 39}, {38, 38}},
    {{125, 118}, {117, 115}, {114, 107}, {106, 106}, {41, 41}, {40, 40}},
};
static const g7_field g7_3src_dst_reg = {63, 56}, g7_3src_dst_sub = {55, 53},
                      g7_3src_dst_wm = {52, 49}, g7_3src_dst_type = {45, 44},
                      g7_3src_src_type = {43, 42}, g7_3src_flagsub = {33, 33},
                      g7_3src_flagreg = {34, 34};

/* send / sendc, branches. */
static const g7_field g7_sfid = {27, 24}, g7_eot = {127, 127}, g7_desc = {124, 96},
                      g7_jip = {111, 96}, g7_uip = {127, 112}, g7_imm32 = {127, 96};

/* ---- opcode table ---- */

enum g7_kind {
    K_NONE = 0, /* reserved opcode */
    K_ALU,      /* 1 or 2 sources, Align1 or Align16 */
    K_3SRC, K_MATH, K_SEND,
    K_BRANCH,   /* JIP (and UIP when has_uip), QWord units */
    K_JMPI, K_CALL, K_CALLA, K_RET, K_WAIT, K_NOP, K_ILLEGAL,
    K_DIM,      /* Haswell dim: DF destination, 64-bit immediate in bits 127:64 */
};

/* Availability: bit 0 Gen7 (Ivy Bridge / Bay Trail), bit 1 Gen7.5 (Haswell). */
enum { IVB = 1, HSW = 2, G7 = IVB | HSW };

static const struct {
    uint8_t op, kind, nsrc, has_uip, gens;
} g7_ops[128] = {
    [0] = {GT_OP_ILLEGAL, K_ILLEGAL, 0, 0, G7},
    [1] = {GT_OP_MOV, K_ALU, 1, 0, G7},      [2] = {GT_OP_SEL, K_ALU, 2, 0, G7},
    [3] = {GT_OP_MOVI, K_ALU, 1, 0, HSW},    [4] = {GT_OP_NOT, K_ALU, 1, 0, G7},
    [5] = {GT_OP_AND, K_ALU, 2, 0, G7},      [6] = {GT_OP_OR, K_ALU, 2, 0, G7},
    [7] = {GT_OP_XOR, K_ALU, 2, 0, G7},      [8] = {GT_OP_SHR, K_ALU, 2, 0, G7},
    [9] = {GT_OP_SHL, K_ALU, 2, 0, G7},      [10] = {GT_OP_DIM, K_DIM, 1, 0, HSW},
    [12] = {GT_OP_ASR, K_ALU, 2, 0, G7},
    [16] = {GT_OP_CMP, K_ALU, 2, 0, G7},     [17] = {GT_OP_CMPN, K_ALU, 2, 0, G7},
    [19] = {GT_OP_F32TO16, K_ALU, 1, 0, G7}, [20] = {GT_OP_F16TO32, K_ALU, 1, 0, G7},
    [23] = {GT_OP_BFREV, K_ALU, 1, 0, G7},   [24] = {GT_OP_BFE, K_3SRC, 3, 0, G7},
    [25] = {GT_OP_BFI1, K_ALU, 2, 0, G7},    [26] = {GT_OP_BFI2, K_3SRC, 3, 0, G7},
    [32] = {GT_OP_JMPI, K_JMPI, 0, 0, G7},   [33] = {GT_OP_BRD, K_BRANCH, 0, 0, G7},
    [34] = {GT_OP_IF, K_BRANCH, 0, 1, G7},   [35] = {GT_OP_BRC, K_BRANCH, 0, 1, G7},
    [36] = {GT_OP_ELSE, K_BRANCH, 0, 0, G7}, [37] = {GT_OP_ENDIF, K_BRANCH, 0, 0, G7},
    [39] = {GT_OP_WHILE, K_BRANCH, 0, 0, G7}, [40] = {GT_OP_BREAK, K_BRANCH, 0, 1, G7},
    [41] = {GT_OP_CONT, K_BRANCH, 0, 1, G7}, [42] = {GT_OP_HALT, K_BRANCH, 0, 1, G7},
    [43] = {GT_OP_CALLA, K_CALLA, 0, 0, HSW}, [44] = {GT_OP_CALL, K_CALL, 0, 0, G7},
    [45] = {GT_OP_RET, K_RET, 1, 0, G7},     [48] = {GT_OP_WAIT, K_WAIT, 1, 0, G7},
    [49] = {GT_OP_SEND, K_SEND, 1, 0, G7},   [50] = {GT_OP_SENDC, K_SEND, 1, 0, G7},
    [56] = {GT_OP_MATH, K_MATH, 2, 0, G7},
    [64] = {GT_OP_ADD, K_ALU, 2, 0, G7},     [65] = {GT_OP_MUL, K_ALU, 2, 0, G7},
    [66] = {GT_OP_AVG, K_ALU, 2, 0, G7},     [67] = {GT_OP_FRC, K_ALU, 1, 0, G7},
    [68] = {GT_OP_RNDU, K_ALU, 1, 0, G7},    [69] = {GT_OP_RNDD, K_ALU, 1, 0, G7},
    [70] = {GT_OP_RNDE, K_ALU, 1, 0, G7},    [71] = {GT_OP_RNDZ, K_ALU, 1, 0, G7},
    [72] = {GT_OP_MAC, K_ALU, 2, 0, G7},     [73] = {GT_OP_MACH, K_ALU, 2, 0, G7},
    [74] = {GT_OP_LZD, K_ALU, 1, 0, G7},     [75] = {GT_OP_FBH, K_ALU, 1, 0, G7},
    [76] = {GT_OP_FBL, K_ALU, 1, 0, G7},     [77] = {GT_OP_CBIT, K_ALU, 1, 0, G7},
    [78] = {GT_OP_ADDC, K_ALU, 2, 0, G7},    [79] = {GT_OP_SUBB, K_ALU, 2, 0, G7},
    [80] = {GT_OP_SAD2, K_ALU, 2, 0, G7},    [81] = {GT_OP_SADA2, K_ALU, 2, 0, G7},
    [84] = {GT_OP_DP4, K_ALU, 2, 0, G7},     [85] = {GT_OP_DPH, K_ALU, 2, 0, G7},
    [86] = {GT_OP_DP3, K_ALU, 2, 0, G7},     [87] = {GT_OP_DP2, K_ALU, 2, 0, G7},
    [89] = {GT_OP_LINE, K_ALU, 2, 0, G7},    [90] = {GT_OP_PLN, K_ALU, 2, 0, G7},
    [91] = {GT_OP_MAD, K_3SRC, 3, 0, G7},    [92] = {GT_OP_LRP, K_3SRC, 3, 0, G7},
    [126] = {GT_OP_NOP, K_NOP, 0, 0, G7},
};

/* Register type encodings (3 bits). */
static const int8_t g7_reg_type[8] = {
    GT_TYPE_UD, GT_TYPE_D, GT_TYPE_UW, GT_TYPE_W, GT_TYPE_UB, GT_TYPE_B, GT_TYPE_DF, GT_TYPE_F,
};
/* Immediate type encodings (3 bits). */
static const int8_t g7_imm_type[8] = {
    GT_TYPE_UD, GT_TYPE_D, GT_TYPE_UW, GT_TYPE_W, GT_TYPE_UV, GT_TYPE_VF, GT_TYPE_V, GT_TYPE_F,
};
/* 3-source type encodings (2 bits). */
static const int8_t g7_3src_type[4] = {GT_TYPE_F, GT_TYPE_D, GT_TYPE_UD, GT_TYPE_DF};

static const uint8_t g7_vstride[16] = {0, 1, 2, 4, 8, 16, 32, 255, 255, 255, 255, 255, 255, 255, 255, 255};
static const uint8_t g7_width[8] = {1, 2, 4, 8, 16, 255, 255, 255};
static const uint8_t g7_hstride[4] = {0, 1, 2, 4};

/* Math functions valid on Gen7 (seed 004 math FC values; invm/rsqtm are
 * Gen8+). */
static int g7_math_ok(unsigned fc)
{
    return (fc >= 1 && fc <= 7) || (fc >= 9 && fc <= 13);
}

#define FAIL(...)                                                   \
    do {                                                            \
        if (why)                                                    \
            snprintf(why, why_len, __VA_ARGS__);                    \
        return -1;                                                  \
    } while (0)

static int sext10(unsigned v)
{
    return (v & 0x200) ? (int)v - 0x400 : (int)v;
}

/* Decodes one 1/2-source operand.  Returns 0 or -1 (reason in why). */
static int g7_operand(const uint32_t *w, const g7_opnd_layout *L, int align16, gt_operand *o,
                      const char *name, char *why, size_t why_len)
{
    memset(o, 0, sizeof *o);
    unsigned file = (unsigned)g7_get(w, L->file);
    unsigned tenc = (unsigned)g7_get(w, L->type);
    if (file == 2)
        FAIL("%s: MRF register file (Gen7 has no MRF, seed 001 §3.3.1)", name);
    if (file == 3) {
        if (L->is_dst)
            FAIL("%s: immediate destination", name);
        o->file = GT_FILE_IMM;
        o->type = (uint8_t)g7_imm_type[tenc];
        o->imm = GET(w, 127, 96);
        return 0;
    }
    o->file = file == 1 ? GT_FILE_GRF : GT_FILE_ARF;
    o->type = (uint8_t)g7_reg_type[tenc];
    o->indirect = (uint8_t)g7_get(w, L->addr_mode);
    if (o->indirect) {
        o->ind_subnr = (uint8_t)g7_get(w, L->ia_sub);
        unsigned off = (unsigned)g7_get(w, L->ia_imm);
        if (align16)
            off &= ~0xfu;
        o->ind_off = (int16_t)sext10(off);
    } else {
        o->nr = (uint8_t)g7_get(w, L->reg);
        o->subnr = align16 ? (uint8_t)(g7_get(w, L->subreg16) * 16) : (uint8_t)g7_get(w, L->subreg);
    }
    if (L->is_dst) {
        o->hstride = g7_hstride[g7_get(w, L->hstride)];
        if (align16) {
            o->writemask = (uint8_t)g7_get(w, L->writemask);
            o->hstride = 1;
        }
        return 0;
    }
    o->negate = (uint8_t)g7_get(w, L->negate);
    o->abs = (uint8_t)g7_get(w, L->abs);
    unsigned vs = (unsigned)g7_get(w, L->vstride);
    if (align16) {
        o->swizzle[0] = (uint8_t)g7_get(w, L->swz_x);
        o->swizzle[1] = (uint8_t)g7_get(w, L->swz_y);
        o->swizzle[2] = (uint8_t)g7_get(w, L->swz_z);
        o->swizzle[3] = (uint8_t)g7_get(w, L->swz_w);
        if (vs != 0 && vs != 2 && vs != 3 && vs != 0xf)
            FAIL("%s: invalid Align16 vertical stride encoding %u", name, vs);
        o->vstride = vs == 0xf ? 0 : g7_vstride[vs];
        o->width = 4;
        o->hstride = 1;
        if (vs == 0xf)
            o->vxh = 1;
        return 0;
    }
    unsigned wi = (unsigned)g7_get(w, L->width);
    if (wi > 4)
        FAIL("%s: invalid width encoding %u", name, wi);
    o->width = g7_width[wi];
    o->hstride = g7_hstride[g7_get(w, L->hstride)];
    if (vs == 0xf) {
        if (!o->indirect)
            FAIL("%s: VxH vertical stride with direct addressing", name);
        o->vxh = 1;
        o->vstride = 0;
    } else if (vs > 6) {
        FAIL("%s: invalid vertical stride encoding %u", name, vs);
    } else {
        o->vstride = g7_vstride[vs];
    }
    return 0;
}

static void g7_3src_operands(const uint32_t *w, gt_inst *in)
{
    gt_operand *d = &in->dst;
    memset(d, 0, sizeof *d);
    d->file = GT_FILE_GRF;
    d->type = (uint8_t)g7_3src_type[g7_get(w, g7_3src_dst_type)];
    d->nr = (uint8_t)g7_get(w, g7_3src_dst_reg);
    d->subnr = (uint8_t)(g7_get(w, g7_3src_dst_sub) * 4);
    d->hstride = 1;
    d->writemask = (uint8_t)g7_get(w, g7_3src_dst_wm);
    d->mme = 8;
    /* As iga64 shows them: one enabled channel of a 4-wide group is a
     * single channel at that element; DF ChanEn xy / zw is the first /
     * second DF of each 16-byte group (half the channels).  Same writes. */
    unsigned wm = d->writemask;
    if (d->type != GT_TYPE_DF && in->exec_size == 4 && (wm == 1 || wm == 2 || wm == 4 || wm == 8)) {
        in->exec_size = 1;
        d->subnr = (uint8_t)(d->subnr + 4 * (wm == 2 ? 1 : wm == 4 ? 2 : wm == 8 ? 3 : 0));
    }
    if (d->type == GT_TYPE_DF && (wm == 0x3 || wm == 0xc) && in->exec_size > 1) {
        in->exec_size /= 2;
        if (wm == 0xc)
            d->subnr = (uint8_t)(d->subnr + 8);
    }
    int st = g7_3src_type[g7_get(w, g7_3src_src_type)];
    for (int i = 0; i < 3; i++) {
        const g7_3src_layout *L = &g7_3src[i];
        gt_operand *o = &in->src[i];
        memset(o, 0, sizeof *o);
        o->file = GT_FILE_GRF;
        o->type = (uint8_t)st;
        o->nr = (uint8_t)g7_get(w, L->reg);
        o->subnr = (uint8_t)(g7_get(w, L->subreg) * 4);
        o->negate = (uint8_t)g7_get(w, L->negate);
        o->abs = (uint8_t)g7_get(w, L->abs);
        unsigned swz = (unsigned)g7_get(w, L->swizzle);
        for (int c = 0; c < 4; c++)
            o->swizzle[c] = (uint8_t)((swz >> (2 * c)) & 3);
        o->mme = 8;
        o->rep = (uint8_t)g7_get(w, L->rep);
        /* DF: swizzle xyxy / zwzw replicates the first / second DF of the
         * 16-byte group. */
        if (o->type == GT_TYPE_DF && !o->rep && (swz == 0x44 || swz == 0xee)) {
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
}

/* Ivy Bridge DF (seed 001 §1.3): halve ExecSize and the DF operands'
 * regions from the encoded 4-byte-element values to true elements. */
static void g7_df_true_elements(gt_inst *in)
{
    int any = in->dst.type == GT_TYPE_DF && in->dst.file != GT_FILE_IMM;
    for (int i = 0; i < in->num_srcs && i < 3; i++)
        if (in->src[i].type == GT_TYPE_DF && in->src[i].file != GT_FILE_IMM)
            any = 1;
    if (!any)
        return;
    in->chan_pairs = 1;
    if (in->exec_size > 1)
        in->exec_size /= 2;
    if (in->dst.type == GT_TYPE_DF && !in->align16 && in->dst.hstride > 1)
        in->dst.hstride /= 2;
    for (int i = 0; i < in->num_srcs && i < 3; i++) {
        gt_operand *o = &in->src[i];
        if (o->type != GT_TYPE_DF || o->file == GT_FILE_IMM || in->align16)
            continue;
        o->vstride /= 2;
        if (o->width > 1)
            o->width /= 2;
        o->hstride /= 2;
    }
}

static int g7_decode(const uint8_t *code, size_t avail, gt_inst *in, char *why, size_t why_len,
                     unsigned gen_bit)
{
    uint32_t w[4];
    if (why && why_len)
        why[0] = 0;
    if (!code || avail < 8)
        FAIL("truncated instruction (%zu bytes available)", avail);
    memset(in, 0, sizeof *in);
    if ((code[3] >> 5) & 1) { /* CmptCtrl, bit 29 */
        if (gt_gen7_uncompact(code, w, why, why_len) < 0)
            return -1;
        for (int i = 0; i < 2; i++)
            in->raw[i] = (uint32_t)code[4 * i] | (uint32_t)code[4 * i + 1] << 8 |
                         (uint32_t)code[4 * i + 2] << 16 | (uint32_t)code[4 * i + 3] << 24;
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
    unsigned hw = (unsigned)g7_get(w, g7_hdr[H_OPCODE]);
    in->hw_opcode = (uint8_t)hw;
    /* Bit 7 is reserved (opcode expansion); Gen7 ignores it (as iga64
     * -p=7p5 does). */
    unsigned kind = g7_ops[hw].kind;
    if (kind == K_NONE || !(g7_ops[hw].gens & gen_bit))
        FAIL("reserved opcode %u on %s", hw, gen_bit == HSW ? "Gen7.5" : "Gen7");
    in->op = g7_ops[hw].op;
    in->align16 = (uint8_t)g7_get(w, g7_hdr[H_ACCESS]);
    in->nomask = (uint8_t)g7_get(w, g7_hdr[H_MASKCTRL]);
    in->dep_ctrl = (uint8_t)(g7_get(w, g7_hdr[H_NODDCLR]) | g7_get(w, g7_hdr[H_NODDCHK]) << 1);
    in->chan_off = (uint8_t)(g7_get(w, g7_hdr[H_QTRCTRL]) * 8 + g7_get(w, g7_hdr[H_NIBCTRL]) * 4);
    in->thread_ctrl = (uint8_t)g7_get(w, g7_hdr[H_THREADCTRL]);
    if (in->thread_ctrl == 3)
        FAIL("reserved thread control encoding 3");
    in->pred = (uint8_t)g7_get(w, g7_hdr[H_PREDCTRL]);
    if (in->align16 ? in->pred > 7 : in->pred > 13)
        FAIL("reserved predicate control encoding %u", in->pred);
    in->pred_inv = (uint8_t)g7_get(w, g7_hdr[H_PREDINV]);
    unsigned es = (unsigned)g7_get(w, g7_hdr[H_EXECSIZE]);
    if (es > 5)
        FAIL("reserved execution size encoding %u", es);
    in->exec_size = (uint8_t)(1u << es);
    in->acc_wr = (uint8_t)g7_get(w, g7_hdr[H_ACCWREN]);
    in->debug_ctrl = (uint8_t)g7_get(w, g7_hdr[H_DEBUG]);
    in->saturate = (uint8_t)g7_get(w, g7_hdr[H_SATURATE]);
    in->flag_subnr = (uint8_t)g7_get(w, g7_hdr[H_FLAGSUB]);
    in->flag_nr = (uint8_t)g7_get(w, g7_hdr[H_FLAGREG]);
    unsigned cm = (unsigned)g7_get(w, g7_hdr[H_CONDMOD]);
    in->num_srcs = g7_ops[hw].nsrc;

    switch (kind) {
    case K_ILLEGAL:
    case K_NOP:
        in->num_srcs = 0;
        break;
    case K_MATH:
        if (!g7_math_ok(cm))
            FAIL("reserved math function %u", cm);
        in->math_fc = (uint8_t)cm;
        in->num_srcs = (cm == GT_MATH_FDIV || cm == GT_MATH_POW || cm == GT_MATH_IDIV_BOTH ||
                        cm == GT_MATH_IDIV_QUOT || cm == GT_MATH_IDIV_REM) ? 2 : 1;
        goto alu_operands;
    case K_ALU:
        if (cm == 7 || cm > 9)
            FAIL("reserved conditional modifier %u", cm);
        in->cond = (uint8_t)cm;
    alu_operands:
        if (g7_operand(w, &g7_dst, in->align16, &in->dst, "dst", why, why_len) < 0)
            return -1;
        if (g7_operand(w, &g7_src0, in->align16, &in->src[0], "src0", why, why_len) < 0)
            return -1;
        if (in->num_srcs >= 2) {
            if (in->src[0].file == GT_FILE_IMM)
                FAIL("src0: immediate in a two-source instruction");
            if (g7_operand(w, &g7_src1, in->align16, &in->src[1], "src1", why, why_len) < 0)
                return -1;
        } else if (kind == K_MATH && in->src[0].file != GT_FILE_IMM &&
                   g7_operand(w, &g7_src1, in->align16, &in->src[1], "src1", NULL, 0) < 0) {
            /* One-source math: src1 is unused (normally null); kept for
             * printers that show the encoding, zero when malformed. */
            memset(&in->src[1], 0, sizeof in->src[1]);
        }
        break;
    case K_3SRC:
        if (!in->align16)
            FAIL("3-source instruction with Align1 access mode");
        if (cm == 7 || cm > 9)
            FAIL("reserved conditional modifier %u", cm);
        in->cond = (uint8_t)cm;
        in->flag_subnr = (uint8_t)g7_get(w, g7_3src_flagsub);
        in->flag_nr = (uint8_t)g7_get(w, g7_3src_flagreg);
        g7_3src_operands(w, in);
        break;
    case K_DIM:
        if (cm == 7 || cm > 9)
            FAIL("reserved conditional modifier %u", cm);
        in->cond = (uint8_t)cm;
        if (g7_operand(w, &g7_dst, in->align16, &in->dst, "dst", why, why_len) < 0)
            return -1;
        if (in->dst.type != GT_TYPE_DF)
            FAIL("dim: destination type %s, not DF", gt_type_name(in->dst.type));
        if (GET(w, 38, 37) != 3)
            FAIL("dim: src0 is not an immediate");
        memset(&in->src[0], 0, sizeof in->src[0]);
        in->src[0].file = GT_FILE_IMM;
        in->src[0].type = GT_TYPE_DF;
        in->src[0].imm = GET(w, 127, 64);
        break;
    case K_SEND:
        in->sfid = (uint8_t)g7_get(w, g7_sfid);
        in->eot = (uint8_t)g7_get(w, g7_eot);
        if (g7_operand(w, &g7_dst, 0, &in->dst, "dst", why, why_len) < 0)
            return -1;
        if (g7_operand(w, &g7_src0, 0, &in->src[0], "src0", why, why_len) < 0)
            return -1;
        if (GET(w, 43, 42) == 3)
            in->desc = (uint32_t)g7_get(w, g7_desc);
        else
            in->desc_reg = 1;
        in->exdesc = (uint32_t)in->sfid | (uint32_t)in->eot << 5;
        break;
    case K_BRANCH:
        in->jip = (int16_t)g7_get(w, g7_jip) * 8;
        if (g7_ops[hw].has_uip)
            in->uip = (int16_t)g7_get(w, g7_uip) * 8;
        if (in->op == GT_OP_ELSE) {
            /* Gen7 else: JIP only (the channels that ran the if part jump
             * to it); it is not predicated (iga64 -p=7p5 ignores PredCtrl). */
            in->uip = in->jip;
            in->pred = 0;
            in->pred_inv = 0;
        }
        /* brd: iga64 prints the src0 immediate type after the label
         * (iga64 prints it after the label). */
        in->src[1].type = (uint8_t)g7_imm_type[GET(w, 41, 39)];
        break;
    case K_JMPI:
        if (GET(w, 43, 42) == 3)
            in->jip = (int32_t)((uint32_t)g7_get(w, g7_imm32) + 16u); /* wraps like the hardware IP */
        else {
            in->jip_reg = 1;
            if (g7_operand(w, &g7_src1, 0, &in->src[1], "src1", why, why_len) < 0)
                return -1;
        }
        break;
    case K_CALL:
    case K_CALLA:
        if (g7_operand(w, &g7_dst, 0, &in->dst, "dst", why, why_len) < 0)
            return -1;
        if (GET(w, 43, 42) == 3)
            in->jip = (int32_t)(uint32_t)g7_get(w, g7_imm32);
        else {
            in->jip_reg = 1;
            if (g7_operand(w, &g7_src1, 0, &in->src[1], "src1", why, why_len) < 0)
                return -1;
        }
        break;
    case K_RET:
    case K_WAIT:
        if (kind == K_WAIT && g7_operand(w, &g7_dst, 0, &in->dst, "dst", why, why_len) < 0)
            return -1;
        if (g7_operand(w, &g7_src0, 0, &in->src[0], "src0", why, why_len) < 0)
            return -1;
        break;
    }
    if (gen_bit == IVB && (kind == K_ALU || kind == K_MATH || kind == K_3SRC))
        g7_df_true_elements(in);
    return in->length;
}

int gt_decode_gen7(const uint8_t *code, size_t avail, gt_inst *out, char *why, size_t why_len)
{
    return g7_decode(code, avail, out, why, why_len, IVB);
}

int gt_decode_gen75(const uint8_t *code, size_t avail, gt_inst *out, char *why, size_t why_len)
{
    return g7_decode(code, avail, out, why, why_len, HSW);
}

int gt_gen7_encoded(const gt_inst *in, gt_gen7_enc *e)
{
    uint32_t w[4];
    memset(e, 0, sizeof *e);
    if (in->compacted) {
        uint8_t c[8];
        for (int i = 0; i < 8; i++)
            c[i] = (uint8_t)(in->raw[i >> 2] >> (8 * (i & 3)));
        if (gt_gen7_uncompact(c, w, NULL, 0) < 0)
            return -1;
    } else {
        memcpy(w, in->raw, sizeof w);
    }
    e->exec_size = (uint8_t)(1u << (g7_get(w, g7_hdr[H_EXECSIZE]) & 7));
    e->dst_hstride = g7_hstride[g7_get(w, g7_dst.hstride)];
    const g7_opnd_layout *L[2] = {&g7_src0, &g7_src1};
    for (int i = 0; i < 2; i++) {
        e->vstride[i] = g7_vstride[g7_get(w, L[i]->vstride)];
        e->width[i] = g7_width[g7_get(w, L[i]->width)];
        e->hstride[i] = g7_hstride[g7_get(w, L[i]->hstride)];
    }
    e->dst3_subreg = (uint8_t)g7_get(w, g7_3src_dst_sub);
    e->dst3_writemask = (uint8_t)g7_get(w, g7_3src_dst_wm);
    return 0;
}
