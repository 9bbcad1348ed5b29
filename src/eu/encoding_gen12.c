/*
 * Gen12LP (Tiger Lake, DG1) EU instruction encoding, as data for the shared
 * decoder (decode_impl.h, instantiated at the end of this file).
 *
 * Native 1/2-source layout, seed 004 instruction pages (e.g. "add -
 * Addition", DWord/Bit table): [6:0] opcode, [15:8] SWSB header, [18:16]
 * ExecSize, [21:19] ChanOff, [22] FlagSubRegNum, [23] FlagRegNum[0],
 * [27:24] PredCtrl, [28] PredInv, [29] CmptCtrl, [30] debug (reserved on
 * the pages; iga64 reads it as Breakpoint), [31] MaskCtrl, [32] AtomicCtrl,
 * [33] AccWrCtrl, [34] Saturate, [35] Dst.AddrMode, [39:36] Dst.DataType,
 * [43:40] Src0.DataType, [45:44] Src0.Mod, [46] Src0.IsImm, [47]
 * Src1.IsImm, [49:48] Dst.HorzStride, [63:50] Dst.Operand, [65:64]
 * Src0.HorzStride, [79:66] Src0.Operand, [80] Src0.AddrMode, [83:81]
 * Src0.Width, [87:84] Src0.VertStride, [91:88] Src1.DataType, [95:92]
 * CondCtrl (math: FC, sync: SyncFC), [97:96] Src1.HorzStride, [111:98]
 * Src1.Operand, [112] Src1.AddrMode, [115:113] Src1.Width, [119:116]
 * Src1.VertStride, [121:120] Src1.Mod, [127:96] Src1.ImmValue.
 * The 14-bit operand formats (DirectOperand / IndirectOperand, not spelled
 * out in the seed; bit order as iga64 -p=12p1 assembles them): direct
 * [0] RegFile (0 ARF, 1 GRF), [5:1] SubRegNum (bytes), [13:6] RegNum;
 * indirect [9:0] AddrImm (bytes, signed), [13:10] AddrSubRegNum, GRF.
 * A 64-bit immediate is ImmValue[31:0] in bits 127:96 and [63:32] in bits
 * 95:64 (iga64 -p=12p1 -a of a :q immediate).
 *
 * Types (RegDataType / ImmDataType): [3:2] 0 unsigned, 1 signed, 2 float;
 * [1:0] log2 of the size in bytes; immediates V, UV, VF in the byte
 * encodings (public Mesa brw_reg_type.c gfx12 tables, iga64).
 *
 * Opcodes: Gen12's own numbering (seed 004 instruction pages' Opcode
 * fields; iga64 -p=12p1 accepts exactly these).  Forms not described yet
 * (madm) are decode errors naming the form, and there is no compacted form yet.
 */
#include "eu/decode_impl.h"

enum { T = GT_ENC_TGL };

#define ALU(o, n) {o, GT_FORM_ALU, n, 0, T, NULL}
#define UNDESC(o, n, w) {o, GT_FORM_UNDESCRIBED, n, 0, T, w}

static const char g12_madm[] = "madm (math macro operands)";

static const gt_enc_opcode g12_opcodes[128] = {
    [0x00] = {GT_OP_ILLEGAL, GT_FORM_ILLEGAL, 0, 0, T, NULL},
    [0x01] = {GT_OP_SYNC, GT_FORM_SYNC, 1, 0, T, NULL},
    [0x20] = {GT_OP_JMPI, GT_FORM_JMPI, 0, 0, T, NULL}, [0x21] = {GT_OP_BRD, GT_FORM_BRANCH, 0, 0, T, NULL},
    [0x22] = {GT_OP_IF, GT_FORM_BRANCH, 0, 1, T, NULL},   [0x23] = {GT_OP_BRC, GT_FORM_BRANCH, 0, 1, T, NULL},
    [0x24] = {GT_OP_ELSE, GT_FORM_BRANCH, 0, 1, T, NULL}, [0x25] = {GT_OP_ENDIF, GT_FORM_BRANCH, 0, 0, T, NULL},
    [0x27] = {GT_OP_WHILE, GT_FORM_BRANCH, 0, 0, T, NULL}, [0x28] = {GT_OP_BREAK, GT_FORM_BRANCH, 0, 1, T, NULL},
    [0x29] = {GT_OP_CONT, GT_FORM_BRANCH, 0, 1, T, NULL}, [0x2a] = {GT_OP_HALT, GT_FORM_BRANCH, 0, 1, T, NULL},
    [0x2b] = {GT_OP_CALLA, GT_FORM_CALLA, 0, 0, T, NULL}, [0x2c] = {GT_OP_CALL, GT_FORM_CALL, 0, 0, T, NULL},
    [0x2d] = {GT_OP_RET, GT_FORM_RET, 1, 0, T, NULL},  [0x2e] = {GT_OP_GOTO, GT_FORM_BRANCH, 0, 1, T, NULL},
    [0x2f] = {GT_OP_JOIN, GT_FORM_BRANCH, 0, 0, T, NULL},
    [0x31] = {GT_OP_SEND, GT_FORM_SENDS, 2, 0, T, NULL},
    [0x32] = {GT_OP_SENDC, GT_FORM_SENDS, 2, 0, T, NULL},
    [0x38] = {GT_OP_MATH, GT_FORM_MATH, 2, 0, T, NULL},
    [0x40] = ALU(GT_OP_ADD, 2),  [0x41] = ALU(GT_OP_MUL, 2),  [0x42] = ALU(GT_OP_AVG, 2),
    [0x43] = ALU(GT_OP_FRC, 1),  [0x44] = ALU(GT_OP_RNDU, 1), [0x45] = ALU(GT_OP_RNDD, 1),
    [0x46] = ALU(GT_OP_RNDE, 1), [0x47] = ALU(GT_OP_RNDZ, 1), [0x48] = ALU(GT_OP_MAC, 2),
    [0x49] = ALU(GT_OP_MACH, 2), [0x4a] = ALU(GT_OP_LZD, 1),  [0x4b] = ALU(GT_OP_FBH, 1),
    [0x4c] = ALU(GT_OP_FBL, 1),  [0x4d] = ALU(GT_OP_CBIT, 1), [0x4e] = ALU(GT_OP_ADDC, 2),
    [0x4f] = ALU(GT_OP_SUBB, 2),
    [0x58] = {GT_OP_DP4A, GT_FORM_3SRC, 3, 0, T, NULL},   [0x5b] = {GT_OP_MAD, GT_FORM_3SRC, 3, 0, T, NULL},
    /* 0x5c: lrp is removed (seed 004 mad: "Plane and Linear Interpolation
     * instructions are removed"); iga64 -p=12p1 rejects it */
    [0x5d] = UNDESC(GT_OP_MADM, 3, g12_madm),
    [0x60] = {GT_OP_NOP, GT_FORM_NOP, 0, 0, T, NULL},
    [0x61] = ALU(GT_OP_MOV, 1),  [0x62] = ALU(GT_OP_SEL, 2),  [0x63] = ALU(GT_OP_MOVI, 1),
    [0x64] = ALU(GT_OP_NOT, 1),  [0x65] = ALU(GT_OP_AND, 2),  [0x66] = ALU(GT_OP_OR, 2),
    [0x67] = ALU(GT_OP_XOR, 2),  [0x68] = ALU(GT_OP_SHR, 2),  [0x69] = ALU(GT_OP_SHL, 2),
    [0x6c] = ALU(GT_OP_ASR, 2),  [0x6e] = ALU(GT_OP_ROR, 2),  [0x6f] = ALU(GT_OP_ROL, 2),
    [0x70] = ALU(GT_OP_CMP, 2),  [0x71] = ALU(GT_OP_CMPN, 2),
    [0x72] = {GT_OP_CSEL, GT_FORM_3SRC, 3, 0, T, NULL},
    [0x77] = ALU(GT_OP_BFREV, 1), [0x78] = {GT_OP_BFE, GT_FORM_3SRC, 3, 0, T, NULL},
    [0x79] = ALU(GT_OP_BFI1, 2), [0x7a] = {GT_OP_BFI2, GT_FORM_3SRC, 3, 0, T, NULL},
};

/* RegFile: one bit, 0 ARF, 1 GRF (immediates by SrcN.IsImm). */
static const uint8_t g12_files[2] = {GT_FILE_ARF, GT_FILE_GRF};

static const int8_t g12_reg_types[16] = {
    GT_TYPE_UB, GT_TYPE_UW, GT_TYPE_UD, GT_TYPE_UQ, GT_TYPE_B, GT_TYPE_W, GT_TYPE_D, GT_TYPE_Q,
    -1, GT_TYPE_HF, GT_TYPE_F, GT_TYPE_DF, -1, -1, -1, -1,
};
static const int8_t g12_imm_types[16] = {
    GT_TYPE_UV, GT_TYPE_UW, GT_TYPE_UD, GT_TYPE_UQ, GT_TYPE_V, GT_TYPE_W, GT_TYPE_D, GT_TYPE_Q,
    GT_TYPE_VF, GT_TYPE_HF, GT_TYPE_F, GT_TYPE_DF, -1, -1, -1, -1,
};

/* TernaryVertStride (0, 1, 4, 8 elements) and the 3-source Dst.HorzStride
 * (1 or 2 elements), seed 004 mad; iga64 -p=12p1 prints <1;0> for 1. */
static const uint8_t g12_3src_vstride[4] = {0, 1, 4, 8};
static const uint8_t g12_3src_dst_hstride[2] = {1, 2};

const gt_eu_encoding gt_enc_gen12 = {
    .name = "Gen12",
    .gen = GT_ENC_TGL,
    .opcode_where = " on Gen12",
    .opcodes = g12_opcodes,
    .hdr = {
        [GT_H_OPCODE] = GT_F(6, 0),       [GT_H_OPCODE_RSVD] = GT_F(7, 7),
        [GT_H_SWSB] = GT_F(15, 8),
        [GT_H_EXECSIZE] = GT_F(18, 16),   [GT_H_NIBCTRL] = GT_F(19, 19),
        [GT_H_QTRCTRL] = GT_F(21, 20),    [GT_H_FLAGSUB] = GT_F(22, 22),
        [GT_H_FLAGREG] = GT_F(23, 23),    [GT_H_PREDCTRL] = GT_F(27, 24),
        [GT_H_PREDINV] = GT_F(28, 28),    [GT_H_CMPTCTRL] = GT_F(29, 29),
        [GT_H_DEBUG] = GT_F(30, 30),      [GT_H_MASKCTRL] = GT_F(31, 31),
        [GT_H_THREADCTRL] = GT_F(32, 32), /* AtomicCtrl: 1 = Atomic */
        [GT_H_ACCWREN] = GT_F(33, 33),    [GT_H_SATURATE] = GT_F(34, 34),
        [GT_H_CONDMOD] = GT_F(95, 92),
    },
    .dst = {
        .file = GT_F(50, 50), .type = GT_F(39, 36), .reg = GT_F(63, 56), .subreg = GT_F(55, 51),
        .ia_sub = GT_F(63, 60), .ia_imm = GT_F(59, 50), .addr_mode = GT_F(35, 35),
        .hstride = GT_F(49, 48), .is_dst = 1, .ind_grf = 1,
    },
    .src0 = {
        .file = GT_F(66, 66), .type = GT_F(43, 40), .reg = GT_F(79, 72), .subreg = GT_F(71, 67),
        .ia_sub = GT_F(79, 76), .ia_imm = GT_F(75, 66), .addr_mode = GT_F(80, 80),
        .hstride = GT_F(65, 64), .width = GT_F(83, 81), .vstride = GT_F(87, 84),
        .negate = GT_F(45, 45), .abs = GT_F(44, 44), .is_imm = GT_F(46, 46), .ind_grf = 1,
    },
    .src1 = {
        .file = GT_F(98, 98), .type = GT_F(91, 88), .reg = GT_F(111, 104),
        .subreg = GT_F(103, 99), .ia_sub = GT_F(111, 108), .ia_imm = GT_F(107, 98),
        .addr_mode = GT_F(112, 112), .hstride = GT_F(97, 96), .width = GT_F(115, 113),
        .vstride = GT_F(119, 116), .negate = GT_F(121, 121), .abs = GT_F(120, 120),
        .is_imm = GT_F(47, 47), .ind_grf = 1,
    },
    .imm32 = GT_F(127, 96),
    .imm64 = {{GT_P(127, 96, 0), GT_P(95, 64, 32)}},
    .files = g12_files,
    .rsvd_file_what = "reserved register file encoding",
    .reg_types = g12_reg_types,
    .imm_types = g12_imm_types,
    /* send / sendc (seed 004 send): always with src1 (the split form of
     * Gen9's sends); Desc and ExDesc in pieces among the operand bits. */
    .send = {
        .sfid = GT_F(95, 92), .eot = GT_F(34, 34),
        .desc = {{GT_P(91, 81, 0), GT_P(121, 113, 11), GT_P(55, 51, 20), GT_P(70, 67, 25),
                  GT_P(71, 71, 29), GT_P(123, 122, 30)}},
    },
    .sends = {
        .dst_file = GT_F(50, 50), .src0_file = GT_F(66, 66), .src1_file = GT_F(98, 98),
        .src1_reg = GT_F(111, 104), .desc_reg = GT_F(48, 48), .exdesc_reg = GT_F(49, 49),
        .exdesc_subnr = GT_F(42, 40),
        .exdesc = {{GT_P(103, 99, 6), GT_P(47, 35, 11), GT_P(65, 64, 24), GT_P(97, 96, 26),
                    GT_P(127, 124, 28)}},
        .direct_untyped = 1,
    },
    /* Branches (seed 004 if: JIP 127:96, UIP 95:64 with both sources
     * immediate, BranchCtrl 33; byte offsets). */
    .branch = {
        .jip = GT_F(127, 96), .uip = GT_F(95, 64), .ip_bits = 32, .ip_scale = 1,
        .imm32 = GT_F(127, 96), .branch_ctrl = GT_F(33, 33), .reg_offsets = 1,
        .target_src0 = 1, /* seed 004 jmpi, call: Src0 is the target */
        .jmpi_from_ip = 1, /* iga64 -p=12p1: jmpi L = IP + offset */
    },
    .src3 = {.align1_what = ""},
    /* 3-source Align1 (seed 004 mad): [35] Src0.VertStride[0], [38:36]
     * Dst.DataType, [39] ExecDataType, [42:40] Src0.DataType, [43]
     * Src0.VertStride[1], [45:44] Src0.Mod, [46] Src0.IsImm, [47]
     * Src2.IsImm, [48] Dst.HorzStride, [63:50] Dst.Operand, [65:64]
     * Src0.HorzStride, [79:66] Src0.Operand ([79:64] its immediate),
     * [82:80] Src2.DataType, [83] Src1.VertStride[0], [85:84] Src2.Mod,
     * [87:86] Src1.Mod, [90:88] Src1.DataType, [91] Src1.VertStride[1],
     * [95:92] CondCtrl, [97:96] Src1.HorzStride, [111:98] Src1.Operand,
     * [113:112] Src2.HorzStride, [127:114] Src2.Operand ([127:112] its
     * immediate). */
    .src3a1 = {
        .dst_file = GT_F(50, 50), .dst_subreg = GT_F(55, 51), .dst_reg = GT_F(63, 56),
        .dst_hstride = GT_F(48, 48), .dst_type = GT_F(38, 36), .exec_type = GT_F(39, 39),
        .src = {
            {.file = GT_F(66, 66), .subreg = GT_F(71, 67), .reg = GT_F(79, 72),
             .hstride = GT_F(65, 64), .vstride = {{GT_P(35, 35, 0), GT_P(43, 43, 1)}},
             .type = GT_F(42, 40), .negate = GT_F(45, 45), .abs = GT_F(44, 44),
             .is_imm = GT_F(46, 46), .imm = GT_F(79, 64)},
            {.file = GT_F(98, 98), .subreg = GT_F(103, 99), .reg = GT_F(111, 104),
             .hstride = GT_F(97, 96), .vstride = {{GT_P(83, 83, 0), GT_P(91, 91, 1)}},
             .type = GT_F(90, 88), .negate = GT_F(87, 87), .abs = GT_F(86, 86)},
            {.file = GT_F(114, 114), .subreg = GT_F(119, 115), .reg = GT_F(127, 120),
             .hstride = GT_F(113, 112), .type = GT_F(82, 80), .negate = GT_F(85, 85),
             .abs = GT_F(84, 84), .is_imm = GT_F(47, 47), .imm = GT_F(127, 112)},
        },
        .vstrides = g12_3src_vstride,
        .dst_hstrides = g12_3src_dst_hstride,
    },
    .math_fcs = 0x3efe, /* 1-7, 9-13 (seed 004 math) */
    .sync_fcs = 0xe00d, /* nop, allrd, allwr, fence, bar, host (seed 004 sync) */
    .cmpt = {
        .opcode = GT_F(6, 0),
        .form = {
            {.absent_why = "Gen12 compaction tables not described yet"},
            {.absent_why = "Gen12 compaction tables not described yet"},
        },
    },
};

int gt_decode_gen12(const uint8_t *code, size_t avail, gt_inst *out, char *why, size_t why_len)
{
    return gt_decode_inline(&gt_enc_gen12, code, avail, out, why, why_len);
}
