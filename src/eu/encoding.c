/*
 * Encoding data shared by the Gen7, Gen7.5 and Gen9 descriptions
 * (encoding_gen7.c, encoding_gen9.c): the Gen4-Gen11 opcode numbering with
 * each opcode's availability, the register-file, type and region
 * encodings, and the compaction tables these generations have in common.
 * Hardware facts from seed 001 (Gen7 regions §3.3.5, types §2, register
 * files §3.3) and the seed 004 instruction pages, cross-checked with the
 * public Mesa brw_inst.h / brw_eu_compact.c tables and iga64 encodings.
 */
#include "eu/encoding.h"
#include "eu/eu.h"

enum { IVB = GT_ENC_IVB, HSW = GT_ENC_HSW, SKL = GT_ENC_SKL, G7 = IVB | HSW, ALL = G7 | SKL };

/* By opcode field: operation, form, sources, UIP, availability.  Opcode 10
 * is smov on Gen9; Haswell's dim is an alternative in encoding_gen7.c. */
const gt_enc_opcode gt_enc_opcodes[128] = {
    [0] = {GT_OP_ILLEGAL, GT_FORM_ILLEGAL, 0, 0, ALL},
    [1] = {GT_OP_MOV, GT_FORM_ALU, 1, 0, ALL}, [2] = {GT_OP_SEL, GT_FORM_ALU, 2, 0, ALL},
    [3] = {GT_OP_MOVI, GT_FORM_ALU, 1, 0, HSW | SKL}, [4] = {GT_OP_NOT, GT_FORM_ALU, 1, 0, ALL},
    [5] = {GT_OP_AND, GT_FORM_ALU, 2, 0, ALL}, [6] = {GT_OP_OR, GT_FORM_ALU, 2, 0, ALL},
    [7] = {GT_OP_XOR, GT_FORM_ALU, 2, 0, ALL}, [8] = {GT_OP_SHR, GT_FORM_ALU, 2, 0, ALL},
    [9] = {GT_OP_SHL, GT_FORM_ALU, 2, 0, ALL}, [10] = {GT_OP_SMOV, GT_FORM_ALU, 2, 0, SKL},
    [12] = {GT_OP_ASR, GT_FORM_ALU, 2, 0, ALL},
    [16] = {GT_OP_CMP, GT_FORM_ALU, 2, 0, ALL}, [17] = {GT_OP_CMPN, GT_FORM_ALU, 2, 0, ALL},
    [18] = {GT_OP_CSEL, GT_FORM_3SRC, 3, 0, SKL},
    [19] = {GT_OP_F32TO16, GT_FORM_ALU, 1, 0, G7}, [20] = {GT_OP_F16TO32, GT_FORM_ALU, 1, 0, G7},
    [23] = {GT_OP_BFREV, GT_FORM_ALU, 1, 0, ALL}, [24] = {GT_OP_BFE, GT_FORM_3SRC, 3, 0, ALL},
    [25] = {GT_OP_BFI1, GT_FORM_ALU, 2, 0, ALL}, [26] = {GT_OP_BFI2, GT_FORM_3SRC, 3, 0, ALL},
    [32] = {GT_OP_JMPI, GT_FORM_JMPI, 0, 0, ALL}, [33] = {GT_OP_BRD, GT_FORM_BRANCH, 0, 0, ALL},
    [34] = {GT_OP_IF, GT_FORM_BRANCH, 0, 1, ALL}, [35] = {GT_OP_BRC, GT_FORM_BRANCH, 0, 1, ALL},
    [36] = {GT_OP_ELSE, GT_FORM_BRANCH, 0, 1, ALL}, [37] = {GT_OP_ENDIF, GT_FORM_BRANCH, 0, 0, ALL},
    [39] = {GT_OP_WHILE, GT_FORM_BRANCH, 0, 0, ALL}, [40] = {GT_OP_BREAK, GT_FORM_BRANCH, 0, 1, ALL},
    [41] = {GT_OP_CONT, GT_FORM_BRANCH, 0, 1, ALL}, [42] = {GT_OP_HALT, GT_FORM_BRANCH, 0, 1, ALL},
    [43] = {GT_OP_CALLA, GT_FORM_CALLA, 0, 0, HSW | SKL},
    [44] = {GT_OP_CALL, GT_FORM_CALL, 0, 0, ALL}, [45] = {GT_OP_RET, GT_FORM_RET, 1, 0, ALL},
    [46] = {GT_OP_GOTO, GT_FORM_BRANCH, 0, 1, SKL}, [47] = {GT_OP_JOIN, GT_FORM_BRANCH, 0, 0, SKL},
    [48] = {GT_OP_WAIT, GT_FORM_WAIT, 1, 0, ALL},
    [49] = {GT_OP_SEND, GT_FORM_SEND, 1, 0, ALL}, [50] = {GT_OP_SENDC, GT_FORM_SEND, 1, 0, ALL},
    [51] = {GT_OP_SENDS, GT_FORM_SENDS, 2, 0, SKL}, [52] = {GT_OP_SENDSC, GT_FORM_SENDS, 2, 0, SKL},
    [56] = {GT_OP_MATH, GT_FORM_MATH, 2, 0, ALL},
    [64] = {GT_OP_ADD, GT_FORM_ALU, 2, 0, ALL}, [65] = {GT_OP_MUL, GT_FORM_ALU, 2, 0, ALL},
    [66] = {GT_OP_AVG, GT_FORM_ALU, 2, 0, ALL}, [67] = {GT_OP_FRC, GT_FORM_ALU, 1, 0, ALL},
    [68] = {GT_OP_RNDU, GT_FORM_ALU, 1, 0, ALL}, [69] = {GT_OP_RNDD, GT_FORM_ALU, 1, 0, ALL},
    [70] = {GT_OP_RNDE, GT_FORM_ALU, 1, 0, ALL}, [71] = {GT_OP_RNDZ, GT_FORM_ALU, 1, 0, ALL},
    [72] = {GT_OP_MAC, GT_FORM_ALU, 2, 0, ALL}, [73] = {GT_OP_MACH, GT_FORM_ALU, 2, 0, ALL},
    [74] = {GT_OP_LZD, GT_FORM_ALU, 1, 0, ALL}, [75] = {GT_OP_FBH, GT_FORM_ALU, 1, 0, ALL},
    [76] = {GT_OP_FBL, GT_FORM_ALU, 1, 0, ALL}, [77] = {GT_OP_CBIT, GT_FORM_ALU, 1, 0, ALL},
    [78] = {GT_OP_ADDC, GT_FORM_ALU, 2, 0, ALL}, [79] = {GT_OP_SUBB, GT_FORM_ALU, 2, 0, ALL},
    [80] = {GT_OP_SAD2, GT_FORM_ALU, 2, 0, ALL}, [81] = {GT_OP_SADA2, GT_FORM_ALU, 2, 0, ALL},
    [84] = {GT_OP_DP4, GT_FORM_ALU, 2, 0, ALL}, [85] = {GT_OP_DPH, GT_FORM_ALU, 2, 0, ALL},
    [86] = {GT_OP_DP3, GT_FORM_ALU, 2, 0, ALL}, [87] = {GT_OP_DP2, GT_FORM_ALU, 2, 0, ALL},
    [89] = {GT_OP_LINE, GT_FORM_ALU, 2, 0, ALL}, [90] = {GT_OP_PLN, GT_FORM_ALU, 2, 0, ALL},
    [91] = {GT_OP_MAD, GT_FORM_3SRC, 3, 0, ALL}, [92] = {GT_OP_LRP, GT_FORM_3SRC, 3, 0, ALL},
    [93] = {GT_OP_MADM, GT_FORM_3SRC, 3, 0, SKL}, [126] = {GT_OP_NOP, GT_FORM_NOP, 0, 0, ALL},
};

/* RegFile: 0 ARF, 1 GRF, 2 MRF (none on Gen7+, seed 001 §3.3.1), 3 IMM. */
const uint8_t gt_enc_files[4] = {GT_FILE_ARF, GT_FILE_GRF, GT_ENC_FILE_RSVD, GT_FILE_IMM};

/* Register / immediate type encodings: Gen7's 3-bit fields are the first
 * eight entries (no Q, UQ, HF; no 64-bit immediates), Gen8+ 4-bit fields. */
const int8_t gt_enc_reg_types[16] = {
    GT_TYPE_UD, GT_TYPE_D, GT_TYPE_UW, GT_TYPE_W, GT_TYPE_UB, GT_TYPE_B, GT_TYPE_DF,
    GT_TYPE_F, GT_TYPE_UQ, GT_TYPE_Q, GT_TYPE_HF, -1, -1, -1, -1, -1,
};
const int8_t gt_enc_imm_types[16] = {
    GT_TYPE_UD, GT_TYPE_D, GT_TYPE_UW, GT_TYPE_W, GT_TYPE_UV, GT_TYPE_VF, GT_TYPE_V,
    GT_TYPE_F, GT_TYPE_UQ, GT_TYPE_Q, GT_TYPE_DF, GT_TYPE_HF, -1, -1, -1, -1,
};
/* 3-source (Align16) types: Gen7 2 bits (F, D, UD, DF), Gen8/9 3 bits (+HF). */
const int8_t gt_enc_3src_types[8] = {
    GT_TYPE_F, GT_TYPE_D, GT_TYPE_UD, GT_TYPE_DF, GT_TYPE_HF, -1, -1, -1,
};

/* Region encodings (seed 001 §3.3.5), in elements; 255 reserved. */
const uint8_t gt_enc_vstride[16] = {0, 1, 2, 4, 8, 16, 32, 255, 255, 255, 255, 255, 255, 255, 255, 255};
const uint8_t gt_enc_width[8] = {1, 2, 4, 8, 16, 255, 255, 255};
const uint8_t gt_enc_hstride[4] = {0, 1, 2, 4};

/* Compaction tables Gen7, Gen7.5 and Gen8/9 share (the native fields each
 * entry expands into are per generation).  Control index -> 19 bits. */
const uint64_t gt_cmpt_control[32] = {
    0x00002, 0x04000, 0x04001, 0x04002, 0x04003, 0x04004, 0x04005, 0x04007,
    0x04008, 0x04009, 0x0400d, 0x06000, 0x06001, 0x06002, 0x06003, 0x06004,
    0x06005, 0x06007, 0x06009, 0x0600d, 0x06010, 0x06100, 0x08000, 0x08002,
    0x08004, 0x08100, 0x16000, 0x16010, 0x18000, 0x18100, 0x28000, 0x28100,
};

/* Subregister index -> 15 bits: [14:10] Src1.SubRegNum, [9:5]
 * Src0.SubRegNum, [4:0] Dst.SubRegNum.  Entry 10 is 0x0280 (src0
 * subregister 20) as iga64 -p=7p5 and -p=9 expand it; an older Mesa gen7
 * table has 0x0500 there. */
const uint64_t gt_cmpt_subreg[32] = {
    0x0000, 0x0001, 0x0008, 0x000f, 0x0010, 0x0080, 0x0100, 0x0180,
    0x0200, 0x0210, 0x0280, 0x1000, 0x1001, 0x1081, 0x1082, 0x1083,
    0x1084, 0x1087, 0x1088, 0x108e, 0x108f, 0x1180, 0x11e8, 0x2000,
    0x2180, 0x3000, 0x3c87, 0x4000, 0x5000, 0x6000, 0x7000, 0x701c,
};

/* Source index -> 12 bits (VertStride, Width, HorzStride, AddrMode, Negate,
 * Abs as in the native source operand). */
const uint64_t gt_cmpt_src[32] = {
    0x000, 0x002, 0x010, 0x012, 0x018, 0x020, 0x028, 0x048,
    0x050, 0x070, 0x078, 0x300, 0x302, 0x308, 0x310, 0x312,
    0x320, 0x328, 0x338, 0x340, 0x342, 0x348, 0x350, 0x360,
    0x368, 0x370, 0x371, 0x378, 0x468, 0x469, 0x46a, 0x588,
};
