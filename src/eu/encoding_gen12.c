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
 * fields; iga64 -p=12p1 accepts exactly these).  Compacted forms: below.
 */
#include "eu/decode_impl.h"

enum { T = GT_ENC_TGL };

#define ALU(o, n) {o, GT_FORM_ALU, n, 0, T}

/* movi has two sources on Gen12 (seed 004 movi: "movi (exec_size) dst src0
 * src1"; iga64 -p=12p1 assembles no one-source movi and prints src1). */
static const gt_enc_opcode g12_opcodes[128] = {
    [0x00] = {GT_OP_ILLEGAL, GT_FORM_ILLEGAL, 0, 0, T},
    [0x01] = {GT_OP_SYNC, GT_FORM_SYNC, 1, 0, T},
    [0x20] = {GT_OP_JMPI, GT_FORM_JMPI, 0, 0, T}, [0x21] = {GT_OP_BRD, GT_FORM_BRANCH, 0, 0, T},
    [0x22] = {GT_OP_IF, GT_FORM_BRANCH, 0, 1, T},   [0x23] = {GT_OP_BRC, GT_FORM_BRANCH, 0, 1, T},
    [0x24] = {GT_OP_ELSE, GT_FORM_BRANCH, 0, 1, T}, [0x25] = {GT_OP_ENDIF, GT_FORM_BRANCH, 0, 0, T},
    [0x27] = {GT_OP_WHILE, GT_FORM_BRANCH, 0, 0, T}, [0x28] = {GT_OP_BREAK, GT_FORM_BRANCH, 0, 1, T},
    [0x29] = {GT_OP_CONT, GT_FORM_BRANCH, 0, 1, T}, [0x2a] = {GT_OP_HALT, GT_FORM_BRANCH, 0, 1, T},
    [0x2b] = {GT_OP_CALLA, GT_FORM_CALLA, 0, 0, T}, [0x2c] = {GT_OP_CALL, GT_FORM_CALL, 0, 0, T},
    [0x2d] = {GT_OP_RET, GT_FORM_RET, 1, 0, T},  [0x2e] = {GT_OP_GOTO, GT_FORM_BRANCH, 0, 1, T},
    [0x2f] = {GT_OP_JOIN, GT_FORM_BRANCH, 0, 0, T},
    [0x31] = {GT_OP_SEND, GT_FORM_SENDS, 2, 0, T},
    [0x32] = {GT_OP_SENDC, GT_FORM_SENDS, 2, 0, T},
    [0x38] = {GT_OP_MATH, GT_FORM_MATH, 2, 0, T},
    [0x40] = ALU(GT_OP_ADD, 2),  [0x41] = ALU(GT_OP_MUL, 2),  [0x42] = ALU(GT_OP_AVG, 2),
    [0x43] = ALU(GT_OP_FRC, 1),  [0x44] = ALU(GT_OP_RNDU, 1), [0x45] = ALU(GT_OP_RNDD, 1),
    [0x46] = ALU(GT_OP_RNDE, 1), [0x47] = ALU(GT_OP_RNDZ, 1), [0x48] = ALU(GT_OP_MAC, 2),
    [0x49] = ALU(GT_OP_MACH, 2), [0x4a] = ALU(GT_OP_LZD, 1),  [0x4b] = ALU(GT_OP_FBH, 1),
    [0x4c] = ALU(GT_OP_FBL, 1),  [0x4d] = ALU(GT_OP_CBIT, 1), [0x4e] = ALU(GT_OP_ADDC, 2),
    [0x4f] = ALU(GT_OP_SUBB, 2),
    [0x58] = {GT_OP_DP4A, GT_FORM_3SRC, 3, 0, T},   [0x5b] = {GT_OP_MAD, GT_FORM_3SRC, 3, 0, T},
    /* 0x5c: lrp is removed (seed 004 mad: "Plane and Linear Interpolation
     * instructions are removed"); iga64 -p=12p1 rejects it */
    /* 0x5d: madm is not a Gen12LP instruction: seed 004 has no madm page
     * (its 3-source layout only notes MacroOperand fields "if Opcode ==
     * madm", a format it does not give), Gen12LP has no DF, iga64 -p=12p1
     * lists no madm (-Xlist-ops) and refuses opcode 0x5d ("error decoding
     * instruction"); later Gen12 variants (iga64 -p=xehp) have it. */
    [0x60] = {GT_OP_NOP, GT_FORM_NOP, 0, 0, T},
    [0x61] = ALU(GT_OP_MOV, 1),  [0x62] = ALU(GT_OP_SEL, 2),  [0x63] = ALU(GT_OP_MOVI, 2),
    [0x64] = ALU(GT_OP_NOT, 1),  [0x65] = ALU(GT_OP_AND, 2),  [0x66] = ALU(GT_OP_OR, 2),
    [0x67] = ALU(GT_OP_XOR, 2),  [0x68] = ALU(GT_OP_SHR, 2),  [0x69] = ALU(GT_OP_SHL, 2),
    [0x6c] = ALU(GT_OP_ASR, 2),  [0x6e] = ALU(GT_OP_ROR, 2),  [0x6f] = ALU(GT_OP_ROL, 2),
    [0x70] = ALU(GT_OP_CMP, 2),  [0x71] = ALU(GT_OP_CMPN, 2),
    [0x72] = {GT_OP_CSEL, GT_FORM_3SRC, 3, 0, T},
    [0x77] = ALU(GT_OP_BFREV, 1), [0x78] = {GT_OP_BFE, GT_FORM_3SRC, 3, 0, T},
    [0x79] = ALU(GT_OP_BFI1, 2), [0x7a] = {GT_OP_BFI2, GT_FORM_3SRC, 3, 0, T},
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

/* ---- compaction (seed 004 names the compact format, "See EU Compact
 * Instruction Format", but its pages do not give the tables) ----
 *
 * Every table below is derived from iga64 alone and re-derived by
 * tests/eudisasm/cmpt12probe.py (ctest eudisasm12_cmpt_tables), which
 * fails on any difference: for each entry, an 8-byte compacted
 * instruction selecting it (other indices fixed) is disassembled with
 * iga64 -p=12p1 -d, the printed line is assembled again as a native
 * instruction (iga64 -a -Xforce-no-compact), and the entry is read back
 * from the native bits the moves below give.  The comment of each entry
 * is that listing.  The compacted field positions and the immediate
 * expansion (g12_cmpt_imm) are checked by the same script (each register
 * number field, the SWSB byte, DebugCtrl and every immediate type read
 * back from iga64's listing) and by difftest12.py's random compacted
 * encodings.
 * Cross-check: the public Mesa brw_eu_compact.c gfx12 tables and
 * brw_inst.h compact field positions hold the same values.
 *
 * Compacted 1/2-source layout: [6:0] opcode, [7] DebugCtrl (native 30),
 * [15:8] SWSB, [23:16] Dst.RegNum, [28:24] control index, [29] CmptCtrl,
 * [34:30] data type index, [39:35] subregister index, [47:40]
 * Src0.RegNum, [51:48] src0 index, [55:52] src1 index, [63:56]
 * Src1.RegNum; with an immediate operand (Src0/Src1.IsImm from the data
 * type entry) bits 63:52 are a 12-bit immediate instead, expanded by its
 * type (g12_cmpt_imm).
 * Compacted 3-source layout: [6:0] opcode, [7] DebugCtrl, [15:8] SWSB,
 * [23:16] Dst.RegNum, [28:24] control index, [29] CmptCtrl, [34:30]
 * source index, [39:35] subregister index, [47:40] Src0.RegNum, [55:48]
 * Src2.RegNum, [63:56] Src1.RegNum.
 */

/* Control index -> 21 bits: [20:17] CondCtrl (95:92), [16:13] Saturate,
 * AccWrCtrl, AtomicCtrl, MaskCtrl (34:31), [12:8] PredInv, PredCtrl
 * (28:24), [7:0] FlagRegNum[0], FlagSubRegNum, ChanOff, ExecSize (23:16). */
static const uint64_t g12_cmpt_control[32] = {
    0x000004, /* add (16|M0) r32.0<1>:d r33.0<8;8,1>:d r34.0<8;8,1>:d */
    0x000003, /* add (8|M0) r32.0<1>:d r33.0<8;8,1>:d r34.0<8;8,1>:d */
    0x002000, /* (W) add (1|M0) r32.0<1>:d r33.0<8;8,1>:d r34.0<8;8,1>:d */
    0x002004, /* (W) add (16|M0) r32.0<1>:d r33.0<8;8,1>:d r34.0<8;8,1>:d */
    0x002003, /* (W) add (8|M0) r32.0<1>:d r33.0<8;8,1>:d r34.0<8;8,1>:d */
    0x080004, /* add (16|M0) (ge)f0.0 r32.0<1>:d r33.0<8;8,1>:d r34.0<8;8,1>:d */
    0x000024, /* add (16|M16) r32.0<1>:d r33.0<8;8,1>:d r34.0<8;8,1>:d */
    0x0a0004, /* add (16|M0) (lt)f0.0 r32.0<1>:d r33.0<8;8,1>:d r34.0<8;8,1>:d */
    0x000000, /* add (1|M0) r32.0<1>:d r33.0<8;8,1>:d r34.0<8;8,1>:d */
    0x010004, /* add (16|M0) (sat)r32.0<1>:d r33.0<8;8,1>:d r34.0<8;8,1>:d */
    0x000013, /* add (8|M8) r32.0<1>:d r33.0<8;8,1>:d r34.0<8;8,1>:d */
    0x060004, /* add (16|M0) (gt)f0.0 r32.0<1>:d r33.0<8;8,1>:d r34.0<8;8,1>:d */
    0x020004, /* add (16|M0) (eq)f0.0 r32.0<1>:d r33.0<8;8,1>:d r34.0<8;8,1>:d */
    0x022004, /* (W) add (16|M0) (eq)f0.0 r32.0<1>:d r33.0<8;8,1>:d r34.0<8;8,1>:d */
    0x040004, /* add (16|M0) (ne)f0.0 r32.0<1>:d r33.0<8;8,1>:d r34.0<8;8,1>:d */
    0x000104, /* (f0.0) add (16|M0) r32.0<1>:d r33.0<8;8,1>:d r34.0<8;8,1>:d */
    0x0a0003, /* add (8|M0) (lt)f0.0 r32.0<1>:d r33.0<8;8,1>:d r34.0<8;8,1>:d */
    0x000184, /* (f1.0) add (16|M0) r32.0<1>:d r33.0<8;8,1>:d r34.0<8;8,1>:d */
    0x002001, /* (W) add (2|M0) r32.0<1>:d r33.0<8;8,1>:d r34.0<8;8,1>:d */
    0x000144, /* (f0.1) add (16|M0) r32.0<1>:d r33.0<8;8,1>:d r34.0<8;8,1>:d */
    0x0001c4, /* (f1.1) add (16|M0) r32.0<1>:d r33.0<8;8,1>:d r34.0<8;8,1>:d */
    0x082004, /* (W) add (16|M0) (ge)f0.0 r32.0<1>:d r33.0<8;8,1>:d r34.0<8;8,1>:d */
    0x000023, /* add (8|M16) r32.0<1>:d r33.0<8;8,1>:d r34.0<8;8,1>:d */
    0x000033, /* add (8|M24) r32.0<1>:d r33.0<8;8,1>:d r34.0<8;8,1>:d */
    0x0a2004, /* (W) add (16|M0) (lt)f0.0 r32.0<1>:d r33.0<8;8,1>:d r34.0<8;8,1>:d */
    0x080003, /* add (8|M0) (ge)f0.0 r32.0<1>:d r33.0<8;8,1>:d r34.0<8;8,1>:d */
    0x022000, /* (W) add (1|M0) (eq)f0.0 r32.0<1>:d r33.0<8;8,1>:d r34.0<8;8,1>:d */
    0x010003, /* add (8|M0) (sat)r32.0<1>:d r33.0<8;8,1>:d r34.0<8;8,1>:d */
    0x0a0084, /* add (16|M0) (lt)f1.0 r32.0<1>:d r33.0<8;8,1>:d r34.0<8;8,1>:d */
    0x020003, /* add (8|M0) (eq)f0.0 r32.0<1>:d r33.0<8;8,1>:d r34.0<8;8,1>:d */
    0x008003, /* add (8|M0) r32.0<1>:d r33.0<8;8,1>:d r34.0<8;8,1>:d */
    0x002024, /* (W) add (16|M16) r32.0<1>:d r33.0<8;8,1>:d r34.0<8;8,1>:d */
};
/* Data type index -> 20 bits: [19] Src1.RegFile (98; not with an
 * immediate), [18:15] Src1.DataType (91:88), [14] Src0.RegFile (66), [13]
 * Dst.RegFile (50), [12:9] Dst.HorzStride, Src1.IsImm, Src0.IsImm
 * (49:46), [8:0] Src0.DataType, Dst.DataType, Dst.AddrMode (43:35). */
static const uint64_t g12_cmpt_datatype[32] = {
    0xd6954, /* add (8|M0) r32.0<1>:f r33.0<8;8,1>:f r34.0<8;8,1>:f */
    0x06954, /* add (8|M0) r32.0<1>:f r33.0<8;8,1>:f acc2.0<8;8,1>:ub */
    0x02b54, /* mov (8|M0) r32.0<1>:f 0x22000000:f */
    0x56d54, /* add (8|M0) r32.0<1>:f r33.0<8;8,1>:f 0x22000000:f */
    0xd4954, /* add (8|M0) acc0.0<1>:f r33.0<8;8,1>:f r34.0<8;8,1>:f */
    0xd2954, /* add (8|M0) r32.0<1>:f acc1.0<8;8,1>:f r34.0<8;8,1>:f */
    0x54d54, /* add (8|M0) acc0.0<1>:f r33.0<8;8,1>:f 0x22000000:f */
    0x00800, /* add (8|M0) acc0.0<1>:ub acc1.0<8;8,1>:ub acc2.0<8;8,1>:ub */
    0xd0954, /* add (8|M0) acc0.0<1>:f acc1.0<8;8,1>:f r34.0<8;8,1>:f */
    0x2eccc, /* add (8|M0) r32.0<1>:d r33.0<8;8,1>:d 544:w */
    0xb68cc, /* add (8|M0) r32.0<1>:d r33.0<8;8,1>:d r34.0<8;8,1>:d */
    0x52d54, /* add (8|M0) r32.0<1>:f acc1.0<8;8,1>:f 0x22000000:f */
    0x96844, /* add (8|M0) r32.0<1>:ud r33.0<8;8,1>:ud r34.0<8;8,1>:ud */
    0x50d54, /* add (8|M0) acc0.0<1>:f acc1.0<8;8,1>:f 0x22000000:f */
    0x36ccc, /* add (8|M0) r32.0<1>:d r33.0<8;8,1>:d 544:d */
    0x16c44, /* add (8|M0) r32.0<1>:ud r33.0<8;8,1>:ud 0x220:ud */
    0x07154, /* add (8|M0) r32.0<2>:f r33.0<8;8,1>:f acc2.0<8;8,1>:ub */
    0x2cccc, /* add (8|M0) acc0.0<1>:d r33.0<8;8,1>:d 544:w */
    0x00822, /* add (8|M0) acc0.0<1>:uw acc1.0<8;8,1>:uw acc2.0<8;8,1>:ub */
    0x02844, /* add (8|M0) r32.0<1>:ud acc1.0<8;8,1>:ud acc2.0<8;8,1>:ub */
    0x26c2a, /* add (8|M0) r32.0<1>:w r33.0<8;8,1>:uw 0x220:v */
    0x0ec22, /* add (8|M0) r32.0<1>:uw r33.0<8;8,1>:uw 0x220:uw */
    0x97044, /* add (8|M0) r32.0<2>:ud r33.0<8;8,1>:ud r34.0<8;8,1>:ud */
    0x0694c, /* add (8|M0) r32.0<1>:d r33.0<8;8,1>:f acc2.0<8;8,1>:ub */
    0x8c8cc, /* add (8|M0) acc0.0<1>:d r33.0<8;8,1>:d r34.0<8;8,1>:uw */
    0x06854, /* add (8|M0) r32.0<1>:f r33.0<8;8,1>:ud acc2.0<8;8,1>:ub */
    0x2ec4c, /* add (8|M0) r32.0<1>:d r33.0<8;8,1>:ud 544:w */
    0x02822, /* add (8|M0) r32.0<1>:uw acc1.0<8;8,1>:uw acc2.0<8;8,1>:ub */
    0x06834, /* add (8|M0) r32.0<1>:f r33.0<8;8,1>:uw acc2.0<8;8,1>:ub */
    0x06814, /* add (8|M0) r32.0<1>:f r33.0<8;8,1>:ub acc2.0<8;8,1>:ub */
    0x068d4, /* add (8|M0) r32.0<1>:f r33.0<8;8,1>:d acc2.0<8;8,1>:ub */
    0x02954, /* add (8|M0) r32.0<1>:f acc1.0<8;8,1>:f acc2.0<8;8,1>:ub */
};
/* Subregister index -> 15 bits: [14:10] Src1.SubRegNum (103:99; not with
 * an immediate), [9:5] Src0.SubRegNum (71:67), [4:0] Dst.SubRegNum
 * (55:51); bytes.  (Listed with :ub accumulators, which show every byte.) */
static const uint64_t g12_cmpt_subreg[32] = {
    0x0000, /* add (8|M0) acc0.0<1>:ub acc1.0<8;8,1>:ub acc2.0<8;8,1>:ub */
    0x4000, /* add (8|M0) acc0.0<1>:ub acc1.0<8;8,1>:ub acc2.16<8;8,1>:ub */
    0x1000, /* add (8|M0) acc0.0<1>:ub acc1.0<8;8,1>:ub acc2.4<8;8,1>:ub */
    0x3000, /* add (8|M0) acc0.0<1>:ub acc1.0<8;8,1>:ub acc2.12<8;8,1>:ub */
    0x0080, /* add (8|M0) acc0.0<1>:ub acc1.4<8;8,1>:ub acc2.0<8;8,1>:ub */
    0x2000, /* add (8|M0) acc0.0<1>:ub acc1.0<8;8,1>:ub acc2.8<8;8,1>:ub */
    0x5000, /* add (8|M0) acc0.0<1>:ub acc1.0<8;8,1>:ub acc2.20<8;8,1>:ub */
    0x0008, /* add (8|M0) acc0.8<1>:ub acc1.0<8;8,1>:ub acc2.0<8;8,1>:ub */
    0x0100, /* add (8|M0) acc0.0<1>:ub acc1.8<8;8,1>:ub acc2.0<8;8,1>:ub */
    0x6000, /* add (8|M0) acc0.0<1>:ub acc1.0<8;8,1>:ub acc2.24<8;8,1>:ub */
    0x7000, /* add (8|M0) acc0.0<1>:ub acc1.0<8;8,1>:ub acc2.28<8;8,1>:ub */
    0x0200, /* add (8|M0) acc0.0<1>:ub acc1.16<8;8,1>:ub acc2.0<8;8,1>:ub */
    0x0004, /* add (8|M0) acc0.4<1>:ub acc1.0<8;8,1>:ub acc2.0<8;8,1>:ub */
    0x0300, /* add (8|M0) acc0.0<1>:ub acc1.24<8;8,1>:ub acc2.0<8;8,1>:ub */
    0x0280, /* add (8|M0) acc0.0<1>:ub acc1.20<8;8,1>:ub acc2.0<8;8,1>:ub */
    0x0180, /* add (8|M0) acc0.0<1>:ub acc1.12<8;8,1>:ub acc2.0<8;8,1>:ub */
    0x0380, /* add (8|M0) acc0.0<1>:ub acc1.28<8;8,1>:ub acc2.0<8;8,1>:ub */
    0x001c, /* add (8|M0) acc0.28<1>:ub acc1.0<8;8,1>:ub acc2.0<8;8,1>:ub */
    0x0010, /* add (8|M0) acc0.16<1>:ub acc1.0<8;8,1>:ub acc2.0<8;8,1>:ub */
    0x000c, /* add (8|M0) acc0.12<1>:ub acc1.0<8;8,1>:ub acc2.0<8;8,1>:ub */
    0x0018, /* add (8|M0) acc0.24<1>:ub acc1.0<8;8,1>:ub acc2.0<8;8,1>:ub */
    0x0014, /* add (8|M0) acc0.20<1>:ub acc1.0<8;8,1>:ub acc2.0<8;8,1>:ub */
    0x0002, /* add (8|M0) acc0.2<1>:ub acc1.0<8;8,1>:ub acc2.0<8;8,1>:ub */
    0x0140, /* add (8|M0) acc0.0<1>:ub acc1.10<8;8,1>:ub acc2.0<8;8,1>:ub */
    0x0040, /* add (8|M0) acc0.0<1>:ub acc1.2<8;8,1>:ub acc2.0<8;8,1>:ub */
    0x0084, /* add (8|M0) acc0.4<1>:ub acc1.4<8;8,1>:ub acc2.0<8;8,1>:ub */
    0x005c, /* add (8|M0) acc0.28<1>:ub acc1.2<8;8,1>:ub acc2.0<8;8,1>:ub */
    0x0042, /* add (8|M0) acc0.2<1>:ub acc1.2<8;8,1>:ub acc2.0<8;8,1>:ub */
    0x018c, /* add (8|M0) acc0.12<1>:ub acc1.12<8;8,1>:ub acc2.0<8;8,1>:ub */
    0x0020, /* add (8|M0) acc0.0<1>:ub acc1.1<8;8,1>:ub acc2.0<8;8,1>:ub */
    0x0060, /* add (8|M0) acc0.0<1>:ub acc1.3<8;8,1>:ub acc2.0<8;8,1>:ub */
    0x6300, /* add (8|M0) acc0.0<1>:ub acc1.24<8;8,1>:ub acc2.24<8;8,1>:ub */
};
/* Src0 index -> 12 bits: [11:4] Src0.VertStride, Width, AddrMode (87:80),
 * [3:2] Src0.HorzStride (65:64), [1:0] Src0.Mod (45:44). */
static const uint64_t g12_cmpt_src0[16] = {
    0x464, /* add (8|M0) r32.0<1>:d r33.0<8;8,1>:d r34.0<8;8,1>:d */
    0x000, /* add (8|M0) r32.0<1>:d r33.0<0;1,0>:d r34.0<8;8,1>:d */
    0x466, /* add (8|M0) r32.0<1>:d -r33.0<8;8,1>:d r34.0<8;8,1>:d */
    0x465, /* add (8|M0) r32.0<1>:d (abs)r33.0<8;8,1>:d r34.0<8;8,1>:d */
    0x002, /* add (8|M0) r32.0<1>:d -r33.0<0;1,0>:d r34.0<8;8,1>:d */
    0x200, /* add (8|M0) r32.0<1>:d r33.0<2;1,0>:d r34.0<8;8,1>:d */
    0x240, /* add (8|M0) r32.0<1>:d r33.0<2;4,0>:d r34.0<8;8,1>:d */
    0x340, /* add (8|M0) r32.0<1>:d r33.0<4;4,0>:d r34.0<8;8,1>:d */
    0x224, /* add (8|M0) r32.0<1>:d r33.0<2;2,1>:d r34.0<8;8,1>:d */
    0x300, /* add (8|M0) r32.0<1>:d r33.0<4;1,0>:d r34.0<8;8,1>:d */
    0x226, /* add (8|M0) r32.0<1>:d -r33.0<2;2,1>:d r34.0<8;8,1>:d */
    0x344, /* add (8|M0) r32.0<1>:d r33.0<4;4,1>:d r34.0<8;8,1>:d */
    0x467, /* add (8|M0) r32.0<1>:d -(abs)r33.0<8;8,1>:d r34.0<8;8,1>:d */
    0x100, /* add (8|M0) r32.0<1>:d r33.0<1;1,0>:d r34.0<8;8,1>:d */
    0x001, /* add (8|M0) r32.0<1>:d (abs)r33.0<0;1,0>:d r34.0<8;8,1>:d */
    0xf10, /* add (8|M0) r32.0<1>:d r[a0.2,65]<1,0>:d r34.0<8;8,1>:d */
};
/* Src1 index -> 12 bits: [11:2] Src1.Mod, VertStride, Width, AddrMode
 * (121:112), [1:0] Src1.HorzStride (97:96). */
static const uint64_t g12_cmpt_src1[16] = {
    0x119, /* add (8|M0) r32.0<1>:d r33.0<8;8,1>:d r34.0<8;8,1>:d */
    0x000, /* add (8|M0) r32.0<1>:d r33.0<8;8,1>:d r34.0<0;1,0>:d */
    0x919, /* add (8|M0) r32.0<1>:d r33.0<8;8,1>:d -r34.0<8;8,1>:d */
    0x800, /* add (8|M0) r32.0<1>:d r33.0<8;8,1>:d -r34.0<0;1,0>:d */
    0x519, /* add (8|M0) r32.0<1>:d r33.0<8;8,1>:d (abs)r34.0<8;8,1>:d */
    0x8d0, /* add (8|M0) r32.0<1>:d r33.0<8;8,1>:d -r34.0<4;4,0>:d */
    0x080, /* add (8|M0) r32.0<1>:d r33.0<8;8,1>:d r34.0<2;1,0>:d */
    0x089, /* add (8|M0) r32.0<1>:d r33.0<8;8,1>:d r34.0<2;2,1>:d */
    0x889, /* add (8|M0) r32.0<1>:d r33.0<8;8,1>:d -r34.0<2;2,1>:d */
    0x0d0, /* add (8|M0) r32.0<1>:d r33.0<8;8,1>:d r34.0<4;4,0>:d */
    0x0d1, /* add (8|M0) r32.0<1>:d r33.0<8;8,1>:d r34.0<4;4,1>:d */
    0x0c0, /* add (8|M0) r32.0<1>:d r33.0<8;8,1>:d r34.0<4;1,0>:d */
    0xd19, /* add (8|M0) r32.0<1>:d r33.0<8;8,1>:d -(abs)r34.0<8;8,1>:d */
    0x400, /* add (8|M0) r32.0<1>:d r33.0<8;8,1>:d (abs)r34.0<0;1,0>:d */
    0xc00, /* add (8|M0) r32.0<1>:d r33.0<8;8,1>:d -(abs)r34.0<0;1,0>:d */
    0x8d1, /* add (8|M0) r32.0<1>:d r33.0<8;8,1>:d -r34.0<4;4,1>:d */
};
/* 3-source control index -> 36 bits: [35:32] CondCtrl (95:92), [31:29]
 * Src1.DataType (90:88), [28:26] Src2.DataType (82:80), [25] Dst.RegFile
 * (50), [24] Dst.HorzStride (48), [23:17] Src0.DataType, ExecDataType,
 * Dst.DataType (42:36), [16:13] Saturate, AccWrCtrl, AtomicCtrl, MaskCtrl
 * (34:31), [12:8] PredInv, PredCtrl (28:24), [7:0] flag, ChanOff, ExecSize
 * (23:16). */
static const uint64_t g12_cmpt_3src_control[32] = {
    0x04a540004, /* mad (16|M0) r32.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0x04a540003, /* mad (8|M0) r32.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0x048540003, /* mad (8|M0) acc0.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0x04a542003, /* (W) mad (8|M0) r32.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0x048542003, /* (W) mad (8|M0) acc0.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0x048540013, /* mad (8|M8) acc0.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0x04a540013, /* mad (8|M8) r32.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0x048542013, /* (W) mad (8|M8) acc0.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0x04a542013, /* (W) mad (8|M8) r32.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0x04a542004, /* (W) mad (16|M0) r32.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0x048540004, /* mad (16|M0) acc0.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0x04a550004, /* mad (16|M0) (sat)r32.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0x04a540024, /* mad (16|M16) r32.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0x048542004, /* (W) mad (16|M0) acc0.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0x04a542000, /* (W) mad (1|M0) r32.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0x04a550003, /* mad (8|M0) (sat)r32.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0x048542033, /* (W) mad (8|M24) acc0.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0x048542023, /* (W) mad (8|M16) acc0.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0x04a542033, /* (W) mad (8|M24) r32.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0x04a542023, /* (W) mad (8|M16) r32.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0x048540023, /* mad (8|M16) acc0.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0x048540033, /* mad (8|M24) acc0.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0x04a540023, /* mad (8|M16) r32.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0x04a540033, /* mad (8|M24) r32.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0x048550004, /* mad (16|M0) (sat)acc0.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0x04a552004, /* (W) mad (16|M0) (sat)r32.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0x04a542024, /* (W) mad (16|M16) r32.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0x04a442000, /* (W) mad (1|M0) r32.0<1>:ud r33.0<8;1>:ud r34.0<8;1>:ud r35.0<1>:ud */
    0x048540024, /* mad (16|M16) acc0.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0x04a550024, /* mad (16|M16) (sat)r32.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0x04a542002, /* (W) mad (4|M0) r32.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0x048550003, /* mad (8|M0) (sat)acc0.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.0<1>:f */
};
/* 3-source source index -> 21 bits: [20:18] Src2.RegFile,
 * Src2.HorzStride (114:112), [17] Src1.RegFile (98), [16:15]
 * Src1.HorzStride (97:96), [14] Src1.VertStride[1] (91), [13:9] Src1.Mod,
 * Src2.Mod, Src1.VertStride[0] (87:83), [8] Src0.RegFile (66), [7:6]
 * Src0.HorzStride (65:64), [5:2] Src2.IsImm, Src0.IsImm, Src0.Mod (47:44),
 * [1] Src0.VertStride[1] (43), [0] Src0.VertStride[0] (35). */
static const uint64_t g12_cmpt_3src_source[32] = {
    0x12c300, /* mad (8|M0) r32.0<1>:f r33.0<0;0>:f r34.0<8;1>:f r35.0<0>:f */
    0x12c242, /* mad (8|M0) r32.0<1>:f acc1.0<4;1>:f r34.0<8;1>:f r35.0<0>:f */
    0x16c343, /* mad (8|M0) r32.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0x12c343, /* mad (8|M0) r32.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.0<0>:f */
    0x160143, /* mad (8|M0) r32.0<1>:f r33.0<8;1>:f r34.0<0;0>:f r35.0<1>:f */
    0x16c34b, /* mad (8|M0) r32.0<1>:f -r33.0<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0x14c343, /* mad (8|M0) r32.0<1>:f r33.0<8;1>:f acc2.0<8;1>:f r35.0<1>:f */
    0x10c300, /* mad (8|M0) r32.0<1>:f r33.0<0;0>:f acc2.0<8;1>:f r35.0<0>:f */
    0x16c300, /* mad (8|M0) r32.0<1>:f r33.0<0;0>:f r34.0<8;1>:f r35.0<1>:f */
    0x16cb43, /* mad (8|M0) r32.0<1>:f r33.0<8;1>:f r34.0<8;1>:f -r35.0<1>:f */
    0x16e343, /* mad (8|M0) r32.0<1>:f r33.0<8;1>:f -r34.0<8;1>:f r35.0<1>:f */
    0x160100, /* mad (8|M0) r32.0<1>:f r33.0<0;0>:f r34.0<0;0>:f r35.0<1>:f */
    0x10c343, /* mad (8|M0) r32.0<1>:f r33.0<8;1>:f acc2.0<8;1>:f r35.0<0>:f */
    0x12e300, /* mad (8|M0) r32.0<1>:f r33.0<0;0>:f -r34.0<8;1>:f r35.0<0>:f */
    0x12e343, /* mad (8|M0) r32.0<1>:f r33.0<8;1>:f -r34.0<8;1>:f r35.0<0>:f */
    0x12c34b, /* mad (8|M0) r32.0<1>:f -r33.0<8;1>:f r34.0<8;1>:f r35.0<0>:f */
    0x120143, /* mad (8|M0) r32.0<1>:f r33.0<8;1>:f r34.0<0;0>:f r35.0<0>:f */
    0x12c308, /* mad (8|M0) r32.0<1>:f -r33.0<0;0>:f r34.0<8;1>:f r35.0<0>:f */
    0x120100, /* mad (8|M0) r32.0<1>:f r33.0<0;0>:f r34.0<0;0>:f r35.0<0>:f */
    0x16e300, /* mad (8|M0) r32.0<1>:f r33.0<0;0>:f -r34.0<8;1>:f r35.0<1>:f */
    0x12cb00, /* mad (8|M0) r32.0<1>:f r33.0<0;0>:f r34.0<8;1>:f -r35.0<0>:f */
    0x14c300, /* mad (8|M0) r32.0<1>:f r33.0<0;0>:f acc2.0<8;1>:f r35.0<1>:f */
    0x12cb43, /* mad (8|M0) r32.0<1>:f r33.0<8;1>:f r34.0<8;1>:f -r35.0<0>:f */
    0x16cb4b, /* mad (8|M0) r32.0<1>:f -r33.0<8;1>:f r34.0<8;1>:f -r35.0<1>:f */
    0x14c34b, /* mad (8|M0) r32.0<1>:f -r33.0<8;1>:f acc2.0<8;1>:f r35.0<1>:f */
    0x16e34b, /* mad (8|M0) r32.0<1>:f -r33.0<8;1>:f -r34.0<8;1>:f r35.0<1>:f */
    0x162143, /* mad (8|M0) r32.0<1>:f r33.0<8;1>:f -r34.0<0;0>:f r35.0<1>:f */
    0x160943, /* mad (8|M0) r32.0<1>:f r33.0<8;1>:f r34.0<0;0>:f -r35.0<1>:f */
    0x16c308, /* mad (8|M0) r32.0<1>:f -r33.0<0;0>:f r34.0<8;1>:f r35.0<1>:f */
    0x16cb00, /* mad (8|M0) r32.0<1>:f r33.0<0;0>:f r34.0<8;1>:f -r35.0<1>:f */
    0x120943, /* mad (8|M0) r32.0<1>:f r33.0<8;1>:f r34.0<0;0>:f -r35.0<0>:f */
    0x14cb43, /* mad (8|M0) r32.0<1>:f r33.0<8;1>:f acc2.0<8;1>:f -r35.0<1>:f */
};
/* 3-source subregister index -> 20 bits: Src2, Src1, Src0, Dst
 * SubRegNum (119:115, 103:99, 71:67, 55:51), bytes. */
static const uint64_t g12_cmpt_3src_subreg[32] = {
    0x00000, /* mad (8|M0) r32.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0x20000, /* mad (8|M0) r32.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.1<1>:f */
    0x00180, /* mad (8|M0) r32.0<1>:f r33.3<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0xa0000, /* mad (8|M0) r32.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.5<1>:f */
    0x80380, /* mad (8|M0) r32.0<1>:f r33.7<8;1>:f r34.0<8;1>:f r35.4<1>:f */
    0x60000, /* mad (8|M0) r32.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.3<1>:f */
    0x40000, /* mad (8|M0) r32.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.2<1>:f */
    0x02000, /* mad (8|M0) r32.0<1>:f r33.0<8;1>:f r34.2<8;1>:f r35.0<1>:f */
    0x01000, /* mad (8|M0) r32.0<1>:f r33.0<8;1>:f r34.1<8;1>:f r35.0<1>:f */
    0xc0000, /* mad (8|M0) r32.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.6<1>:f */
    0x80000, /* mad (8|M0) r32.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.4<1>:f */
    0xe0000, /* mad (8|M0) r32.0<1>:f r33.0<8;1>:f r34.0<8;1>:f r35.7<1>:f */
    0x06000, /* mad (8|M0) r32.0<1>:f r33.0<8;1>:f r34.6<8;1>:f r35.0<1>:f */
    0x00080, /* mad (8|M0) r32.0<1>:f r33.1<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0x04000, /* mad (8|M0) r32.0<1>:f r33.0<8;1>:f r34.4<8;1>:f r35.0<1>:f */
    0x03000, /* mad (8|M0) r32.0<1>:f r33.0<8;1>:f r34.3<8;1>:f r35.0<1>:f */
    0x05000, /* mad (8|M0) r32.0<1>:f r33.0<8;1>:f r34.5<8;1>:f r35.0<1>:f */
    0x07000, /* mad (8|M0) r32.0<1>:f r33.0<8;1>:f r34.7<8;1>:f r35.0<1>:f */
    0x00100, /* mad (8|M0) r32.0<1>:f r33.2<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0x00200, /* mad (8|M0) r32.0<1>:f r33.4<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0x00300, /* mad (8|M0) r32.0<1>:f r33.6<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0x00280, /* mad (8|M0) r32.0<1>:f r33.5<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0x00380, /* mad (8|M0) r32.0<1>:f r33.7<8;1>:f r34.0<8;1>:f r35.0<1>:f */
    0xc0380, /* mad (8|M0) r32.0<1>:f r33.7<8;1>:f r34.0<8;1>:f r35.6<1>:f */
    0x20100, /* mad (8|M0) r32.0<1>:f r33.2<8;1>:f r34.0<8;1>:f r35.1<1>:f */
    0x20180, /* mad (8|M0) r32.0<1>:f r33.3<8;1>:f r34.0<8;1>:f r35.1<1>:f */
    0x40180, /* mad (8|M0) r32.0<1>:f r33.3<8;1>:f r34.0<8;1>:f r35.2<1>:f */
    0x80300, /* mad (8|M0) r32.0<1>:f r33.6<8;1>:f r34.0<8;1>:f r35.4<1>:f */
    0x80280, /* mad (8|M0) r32.0<1>:f r33.5<8;1>:f r34.0<8;1>:f r35.4<1>:f */
    0x60080, /* mad (8|M0) r32.0<1>:f r33.1<8;1>:f r34.0<8;1>:f r35.3<1>:f */
    0xa0380, /* mad (8|M0) r32.0<1>:f r33.7<8;1>:f r34.0<8;1>:f r35.5<1>:f */
    0x40080, /* mad (8|M0) r32.0<1>:f r33.1<8;1>:f r34.0<8;1>:f r35.2<1>:f */
};

/* A compacted immediate (12 bits) by its type, as iga64 -p=12p1 expands
 * it (difftest12.py's compacted immediates): F keeps the top 12 bits
 * (sign, exponent, 3 mantissa bits), D sign-extends, UD / V / UV / VF
 * zero-extend, W / UW fill both 16-bit halves.  The data type table gives
 * only F, D, UD, W, UW and V immediates; the other types cannot occur. */
static const uint8_t g12_cmpt_imm[16] = {
    [0x0] = GT_CIMM_ZEXT, [0x1] = GT_CIMM_REP16, [0x2] = GT_CIMM_ZEXT, [0x4] = GT_CIMM_ZEXT,
    [0x5] = GT_CIMM_SEXT_REP16, [0x6] = GT_CIMM_SEXT, [0x8] = GT_CIMM_ZEXT, [0xa] = GT_CIMM_TOP,
};

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
        .exdesc_subnr = GT_F(42, 40), .fusion_ctrl = GT_F(33, 33),
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
        /* seed 004 call, calla, jmpi, ret, brd, brc: bits 45:34 (types,
         * source modifiers) reserved; iga64 -p=12p1 prints "r20.1" for a
         * target at byte 4 */
        .untyped_operands = 1,
        /* seed 004 branch pages: JIP in 127:96 "Exists If Src0.IsImm",
         * Src0.Operand "Exists If !Src0.IsImm" on every one */
        .is_imm_selects = 1,
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
        /* seed 004 mad (and every 3-source page): "The Dst.Operand must be
         * 64 bit aligned. i.e. Dst.Operand.SubRegNum[2:0] must be zero"
         * (iga64 -p=12p1 assembles no other) */
        .dst_align = 8,
    },
    .math_fcs = 0x3efe, /* 1-7, 9-13 (seed 004 math) */
    .math_src1_direct = 1,
    .sync_fcs = 0xe00d, /* nop, allrd, allwr, fence, bar, host (seed 004 sync) */
    .cmpt = {
        .opcode = GT_F(6, 0),
        /* iga64 -p=12p1 refuses a compacted illegal, nop, branch, send,
         * sendc or math ("error decoding instruction"; it compacts none of
         * them either); sync and the 1/2/3-source ALU forms compact. */
        .no_form = 1u << GT_FORM_ILLEGAL | 1u << GT_FORM_NOP | 1u << GT_FORM_BRANCH |
                   1u << GT_FORM_JMPI | 1u << GT_FORM_CALL | 1u << GT_FORM_CALLA |
                   1u << GT_FORM_RET | 1u << GT_FORM_SENDS | 1u << GT_FORM_MATH,
        .form = {
            {
                .present = 1,
                .direct = {GT_M(0, 7, 0), GT_M(7, 1, 30), GT_M(8, 8, 8), GT_M(16, 8, 56),
                           GT_M(40, 8, 72)},
                .index = {
                    {GT_F(28, 24), g12_cmpt_control,
                     {GT_M(17, 4, 92), GT_M(13, 4, 31), GT_M(8, 5, 24), GT_M(0, 8, 16)}},
                    {GT_F(34, 30), g12_cmpt_datatype,
                     {GT_M1(19, 1, 98), GT_M(15, 4, 88), GT_M(14, 1, 66), GT_M(9, 5, 46),
                      GT_M(0, 9, 35)}},
                    {GT_F(39, 35), g12_cmpt_subreg,
                     {GT_M1(10, 5, 99), GT_M(5, 5, 67), GT_M(0, 5, 51)}},
                    {GT_F(51, 48), g12_cmpt_src0,
                     {GT_M(4, 8, 80), GT_M(2, 2, 64), GT_M(0, 2, 44)}},
                },
                .imm_if = {GT_F(46, 46), GT_F(47, 47)},
                .imm_file = 1,
                .imm = GT_F(63, 52),
                .imm_bits = 12,
                .imm_to = GT_F(127, 96),
                .imm_type = {GT_F(43, 40), GT_F(91, 88)},
                .imm_expand = g12_cmpt_imm,
                .reg = {GT_F(55, 52), g12_cmpt_src1,
                        {GT_M(2, 10, 112), GT_M(0, 2, 96)}},
                .reg_direct = {GT_M(56, 8, 104)},
            },
            {
                .present = 1,
                .direct = {GT_M(0, 7, 0), GT_M(7, 1, 30), GT_M(8, 8, 8), GT_M(16, 8, 56),
                           GT_M(40, 8, 72), GT_M(48, 8, 120), GT_M(56, 8, 104)},
                .index = {
                    {GT_F(28, 24), g12_cmpt_3src_control,
                     {GT_M(32, 4, 92), GT_M(29, 3, 88), GT_M(26, 3, 80), GT_M(25, 1, 50),
                      GT_M(24, 1, 48), GT_M(17, 7, 36), GT_M(13, 4, 31), GT_M(8, 5, 24),
                      GT_M(0, 8, 16)}},
                    {GT_F(34, 30), g12_cmpt_3src_source,
                     {GT_M(18, 3, 112), GT_M(17, 1, 98), GT_M(15, 2, 96), GT_M(14, 1, 91),
                      GT_M(9, 5, 83), GT_M(8, 1, 66), GT_M(6, 2, 64), GT_M(2, 4, 44),
                      GT_M(1, 1, 43), GT_M(0, 1, 35)}},
                    {GT_F(39, 35), g12_cmpt_3src_subreg,
                     {GT_M(15, 5, 115), GT_M(10, 5, 99), GT_M(5, 5, 67), GT_M(0, 5, 51)}},
                },
            },
        },
    },
};

int gt_decode_gen12(const uint8_t *code, size_t avail, gt_inst *out, char *why, size_t why_len)
{
    return gt_decode_inline(&gt_enc_gen12, code, avail, out, why, why_len);
}
