/*
 * Gen9 (Skylake) EU instruction encoding, as data for the shared decoder
 * and compaction expander (decode_impl.h, instantiated at the end of this
 * file).
 *
 * Field layout: the Gen8/Gen9 native instruction format (EU ISA, seed 001
 * terms; bit positions cross-checked with public Mesa brw_eu_inst.h / IGA,
 * since the seeds document Gen7 and Gen12 only).  Against Gen7: 4-bit
 * types with Q, UQ, HF and 64-bit immediates; flag register and MaskCtrl
 * in bits 33:32 / 34; the indirect address immediate's bit 9 apart from
 * bits 8:0; send carries ExDesc[31:16] in src1's region bits and its
 * payload is a bare register; sends/sendsc (split send); 32-bit byte
 * JIP/UIP and BranchCtrl; 3-source types with HF and per-source float
 * types (mixed mode); Align16 ChanEn / swizzles double as math macro
 * registers (madm, invm, rsqtm); a compacted 3-source form.
 *
 * Compacted 2-source layout as Gen7's, data type index entries wider.
 * Compacted 3-source layout: [6:0] opcode, [7] reserved, [9:8] control
 * index, [11:10] source index, [18:12] Dst.RegNum, [28] Src0.RepCtrl,
 * [30] DebugCtrl, [31] Saturate, [32] Src1.RepCtrl, [33] Src2.RepCtrl,
 * [36:34] / [39:37] / [42:40] Src0/1/2.SubRegNum (DWords), [49:43] /
 * [56:50] / [63:57] Src0/1/2.RegNum (Gen8 tables of the public Mesa
 * brw_eu_compact.c, cross-checked with IGA).
 */
#include "eu/decode_impl.h"

/* Data type index -> 21 bits: [20:18] Dst.AddrMode, Dst.HorzStride
 * (native 63:61), [17:12] src1 type and file (94:89), [11:0] src0 and dst
 * type and file (46:35). */
static const uint64_t g9_cmpt_datatype[32] = {
    0x040001, 0x040040, 0x040041, 0x0400c1, 0x04015d, 0x0405dd, 0x040741, 0x040745,
    0x04075d, 0x041041, 0x043040, 0x043041, 0x045145, 0x047144, 0x047145, 0x05c75d,
    0x05d71d, 0x05d75c, 0x05d75d, 0x05f75c, 0x00040c, 0x04005d, 0x040145, 0x041040,
    0x045144, 0x047104, 0x049209, 0x05775d, 0x05f75d, 0x04f34c, 0x049248, 0x04b248,
};

/* 3-source control index -> 26 bits (Skylake layout): [25:24] Src1Type /
 * Src2Type (native 36:35), [23:21] MaskCtrl, FlagRegNum, FlagSubRegNum
 * (34:32), [20:0] bits 28:8. */
static const uint64_t g9_cmpt_3src_control[4] = {
    0x0806001, 0x0006001, 0x0008001, 0x0008021,
};

/* 3-source source index -> 49 bits: [48:47] native 126:125, [46:45]
 * 105:104, [44] 84, [43] 83, [42:35] Src2.Swizzle, [34:27] Src1.Swizzle,
 * [26:19] Src0.Swizzle, [18:0] bits 55:37 (types, modifiers, ChanEn, dst
 * subregister). */
static const uint64_t g9_cmpt_3src_source[4] = {
    0x007272720f000ull, 0x007272720f002ull, 0x007272720f008ull, 0x007272720f020ull,
};

const gt_eu_encoding gt_enc_gen9 = {
    .name = "Gen9",
    .gen = GT_ENC_SKL,
    .opcode_where = "",
    .opcodes = gt_enc_opcodes,
    .hdr = {
        [GT_H_OPCODE] = GT_F(6, 0),       [GT_H_OPCODE_RSVD] = GT_F(7, 7),
        [GT_H_ACCESS] = GT_F(8, 8),       [GT_H_NODDCLR] = GT_F(9, 9),
        [GT_H_NODDCHK] = GT_F(10, 10),    [GT_H_NIBCTRL] = GT_F(11, 11),
        [GT_H_QTRCTRL] = GT_F(13, 12),    [GT_H_THREADCTRL] = GT_F(15, 14),
        [GT_H_PREDCTRL] = GT_F(19, 16),   [GT_H_PREDINV] = GT_F(20, 20),
        [GT_H_EXECSIZE] = GT_F(23, 21),   [GT_H_CONDMOD] = GT_F(27, 24),
        [GT_H_ACCWREN] = GT_F(28, 28),    [GT_H_CMPTCTRL] = GT_F(29, 29),
        [GT_H_DEBUG] = GT_F(30, 30),      [GT_H_SATURATE] = GT_F(31, 31),
        [GT_H_FLAGSUB] = GT_F(32, 32),    [GT_H_FLAGREG] = GT_F(33, 33),
        [GT_H_MASKCTRL] = GT_F(34, 34),
    },
    .dst = {
        .file = GT_F(36, 35), .type = GT_F(40, 37), .reg = GT_F(60, 53), .subreg = GT_F(52, 48),
        .subreg16 = GT_F(52, 52), .ia_sub = GT_F(60, 57),
        .ia_imm = {{GT_P(56, 48, 0), GT_P(47, 47, 9)}},
        .addr_mode = GT_F(63, 63), .hstride = GT_F(62, 61), .writemask = GT_F(51, 48),
        .is_dst = 1,
    },
    .src0 = {
        .file = GT_F(42, 41), .type = GT_F(46, 43), .reg = GT_F(76, 69), .subreg = GT_F(68, 64),
        .subreg16 = GT_F(68, 68), .ia_sub = GT_F(76, 73),
        .ia_imm = {{GT_P(72, 64, 0), GT_P(95, 95, 9)}},
        .addr_mode = GT_F(79, 79), .hstride = GT_F(81, 80), .width = GT_F(84, 82),
        .vstride = GT_F(88, 85), .negate = GT_F(78, 78), .abs = GT_F(77, 77),
        .swz = {GT_F(65, 64), GT_F(67, 66), GT_F(81, 80), GT_F(83, 82)},
    },
    .src1 = {
        .file = GT_F(90, 89), .type = GT_F(94, 91), .reg = GT_F(108, 101),
        .subreg = GT_F(100, 96), .subreg16 = GT_F(100, 100), .ia_sub = GT_F(108, 105),
        .ia_imm = {{GT_P(104, 96, 0), GT_P(121, 121, 9)}},
        .addr_mode = GT_F(111, 111), .hstride = GT_F(113, 112), .width = GT_F(116, 114),
        .vstride = GT_F(120, 117), .negate = GT_F(110, 110), .abs = GT_F(109, 109),
        .swz = {GT_F(97, 96), GT_F(99, 98), GT_F(113, 112), GT_F(115, 114)},
    },
    .imm32 = GT_F(127, 96),
    .imm64 = GT_F(127, 64),
    .files = gt_enc_files,
    .rsvd_file_what = "reserved register file (MRF) encoding",
    .reg_types = gt_enc_reg_types,
    .imm_types = gt_enc_imm_types,
    .src3 = {
        .dst_reg = GT_F(63, 56), .dst_subreg = GT_F(55, 53), .dst_writemask = GT_F(52, 49),
        .dst_type = GT_F(48, 46), .src_type = GT_F(45, 43),
        .flag_sub = GT_F(32, 32), .flag_reg = GT_F(33, 33),
        .src = {
            {.reg = GT_F(83, 76), .subreg = GT_F(75, 73), .subreg_half = GT_F(84, 84),
             .swizzle = GT_F(72, 65), .rep = GT_F(64, 64), .negate = GT_F(38, 38),
             .abs = GT_F(37, 37)},
            {.reg = GT_F(104, 97), .subreg = GT_F(96, 94), .subreg_half = GT_F(105, 105),
             .swizzle = GT_F(93, 86), .rep = GT_F(85, 85), .negate = GT_F(40, 40),
             .abs = GT_F(39, 39), .type = GT_F(36, 36)},
            {.reg = GT_F(125, 118), .subreg = GT_F(117, 115), .subreg_half = GT_F(126, 126),
             .swizzle = GT_F(114, 107), .rep = GT_F(106, 106), .negate = GT_F(42, 42),
             .abs = GT_F(41, 41), .type = GT_F(35, 35)},
        },
        .types = gt_enc_3src_types,
        .align1_what = " (Gen10+ form)",
    },
    .send = {
        .sfid = GT_F(27, 24), .eot = GT_F(127, 127), .desc = GT_F(126, 96),
        .exdesc = {{GT_P(67, 64, 16), GT_P(83, 80, 20), GT_P(88, 85, 24), GT_P(94, 91, 28)}},
        .src0_payload = 1,
    },
    .sends = {
        .dst_file = GT_F(35, 35), .src1_file = GT_F(36, 36), .src1_reg = GT_F(51, 44),
        .dst_ind_off = {{GT_P(56, 52, 4), GT_P(62, 62, 9)}},
        .src0_ind_off = {{GT_P(72, 68, 4), GT_P(78, 78, 9)}},
        .desc_reg = GT_F(77, 77), .exdesc_reg = GT_F(61, 61), .exdesc_subnr = GT_F(82, 80),
        .exdesc = {{GT_P(67, 64, 6), GT_P(95, 80, 16)}},
    },
    .branch = {
        .jip = GT_F(127, 96), .uip = GT_F(95, 64), .ip_bits = 32, .ip_scale = 1,
        .imm32 = GT_F(127, 96), .branch_ctrl = GT_F(28, 28), .reg_offsets = 1,
    },
    .math_fcs = 0xfefe, /* 1-7, 9-15 */
    .mme = 1,
    .df_half_chanen_illegal = 1,
    .cmpt = {
        .opcode = GT_F(6, 0),
        .form = {
            {
                .present = 1,
                .direct = {GT_M(0, 7, 0), GT_M(7, 1, 30), GT_M(23, 1, 28), GT_M(24, 4, 24),
                           GT_M(40, 8, 53), GT_M(48, 8, 69)},
                .index = {
                    {GT_F(12, 8), gt_cmpt_control,
                     {GT_M(16, 3, 31), GT_M(4, 12, 12), GT_M(2, 2, 9), GT_M(1, 1, 34),
                      GT_M(0, 1, 8)}},
                    {GT_F(17, 13), g9_cmpt_datatype,
                     {GT_M(18, 3, 61), GT_M(12, 6, 89), GT_M(0, 12, 35)}},
                    {GT_F(22, 18), gt_cmpt_subreg,
                     {GT_M1(10, 5, 96), GT_M(5, 5, 64), GT_M(0, 5, 48)}},
                    {GT_F(34, 30), gt_cmpt_src, {GT_M(0, 12, 77)}},
                },
                .imm_if = {GT_F(42, 41), GT_F(90, 89)},
                .imm_file = 3,
                .imm = {{GT_P(63, 56, 0), GT_P(39, 35, 8)}},
                .imm_bits = 13,
                .imm_to = GT_F(127, 96),
                .reg = {GT_F(39, 35), gt_cmpt_src, {GT_M(0, 12, 109)}},
                .reg_direct = {GT_M(56, 8, 101)},
            },
            {
                .present = 1,
                .reserved = GT_F(7, 7),
                .direct = {GT_M(0, 7, 0), GT_M(12, 7, 56), GT_M(28, 1, 64), GT_M(30, 1, 30),
                           GT_M(31, 1, 31), GT_M(32, 1, 85), GT_M(33, 1, 106), GT_M(43, 7, 76),
                           GT_M(50, 7, 97), GT_M(57, 7, 118), GT_M(34, 3, 73), GT_M(37, 3, 94),
                           GT_M(40, 3, 115)},
                .index = {
                    {GT_F(9, 8), g9_cmpt_3src_control,
                     {GT_M(24, 2, 35), GT_M(21, 3, 32), GT_M(0, 21, 8)}},
                    {GT_F(11, 10), g9_cmpt_3src_source,
                     {GT_M(47, 2, 125), GT_M(45, 2, 104), GT_M(44, 1, 84), GT_M(43, 1, 83),
                      GT_M(35, 8, 107), GT_M(27, 8, 86), GT_M(19, 8, 65), GT_M(0, 19, 37)}},
                },
            },
        },
    },
};

int gt_decode_gen9(const uint8_t *code, size_t avail, gt_inst *out, char *why, size_t why_len)
{
    return gt_decode_inline(&gt_enc_gen9, code, avail, out, why, why_len);
}
