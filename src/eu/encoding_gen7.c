/*
 * Gen7 (Ivy Bridge, Bay Trail) and Gen7.5 (Haswell) EU instruction
 * encoding, as data for the shared decoder and compaction expander
 * (decode_impl.h, instantiated at the end of this file).
 *
 * Field layout: the Gen7 native instruction format (seed 001 terms: regions
 * §3.3.5, register files §3.3; bit positions cross-checked with the public
 * Mesa brw_inst.h gen7 columns and with iga64 -p=7p5 encodings).  What Gen7
 * does differently from Gen8/9 and how the data says it:
 *  - 3-bit register types (no Q/UQ/HF; DF is type 6) and no 64-bit
 *    immediates; the flag register number and subregister are bits 90/89;
 *    NibCtrl is bit 47; MaskCtrl bit 9; opcode bit 7 is ignored (iga64
 *    -p=7p5 does).
 *  - no MRF (seed 001 §1.3 / §3.3.1: register file 2 is reserved): send's
 *    payload is a full src0 operand; the SFID is in the conditional-
 *    modifier field (bits 27:24), the descriptor in the src1 immediate
 *    (bits 124:96) and EOT in bit 127.  gt_inst.exdesc = SFID | EOT << 5.
 *  - branch offsets (JIP bits 111:96, UIP 127:112, signed) count QWords
 *    from the branch instruction; else has JIP only.  jmpi, call and calla
 *    carry 32-bit byte offsets in the src1 immediate (iga64 -p=7p5: jmpi
 *    counts from the next instruction, call from itself, calla from the
 *    kernel start), as on Gen9.
 *  - 3-source instructions (Align16 only): 2-bit source/destination types
 *    (F, D, UD, DF), flag at bits 34/33, source modifiers at 41:36; no
 *    compacted 3-source form.
 *  - Ivy Bridge / Bay Trail only (seed 001 §1.3 "Ivy Bridge ... specific"):
 *    a DF operand counts 4-byte elements (df_4byte_elements); Haswell
 *    encodes DF in true elements (iga64 -p=7p5).
 *  - dim (opcode 10, Haswell only) moves a DF immediate: the src0 type
 *    field says F but the immediate is the 64 bits 127:64 (public Mesa
 *    brw_DIM / brw_inst_set_imm_df facts; iga64 -p=7p5 -d names it dim).
 *  - movi and calla are Haswell only; f32to16/f16to32 (opcodes 19/20)
 *    exist on Gen7 only; there is no goto/join, csel, madm, sends or HF.
 *
 * Compacted layout (CmptCtrl, bit 29): [6:0] opcode, [7] DebugCtrl, [12:8]
 * control index, [17:13] data type index, [22:18] subregister index, [23]
 * AccWrEn, [27:24] CondModifier, [34:30] src0 index, [39:35] src1 index,
 * [47:40] dst RegNum, [55:48] src0 RegNum, [63:56] src1 RegNum (Mesa
 * brw_eu_compact.c gen7 tables, iga64 -p=7p5 -Xautocompact encodings; Ivy
 * Bridge and Haswell share them).  Compacted jump offsets keep the native
 * units (QWords).
 */
#include "eu/decode_impl.h"

/* Data type index -> 18 bits: [17:15] Dst.AddrMode, Dst.HorzStride
 * (native 63:61), [14:0] src1, src0, dst type and file (46:32). */
static const uint64_t g7_cmpt_datatype[32] = {
    0x08001, 0x08020, 0x08021, 0x08061, 0x080bd, 0x082fd, 0x083a1, 0x083a5,
    0x083bd, 0x08421, 0x08c20, 0x08c21, 0x094a5, 0x09ca4, 0x09ca5, 0x0f3bd,
    0x0f79d, 0x0f7bc, 0x0f7bd, 0x0ffbc, 0x0020c, 0x0803d, 0x080a5, 0x08420,
    0x094a4, 0x09c84, 0x0a509, 0x0dfbd, 0x0ffbd, 0x0bdac, 0x0a528, 0x0ad28,
};

static const gt_enc_opcode_alt g7_opcode_alts[] = {
    {10, {GT_OP_DIM, GT_FORM_DIM, 1, 0, GT_ENC_HSW}},
    {0, {0, 0, 0, 0, 0}},
};

#define G7_ENCODING                                                                         \
    .opcodes = gt_enc_opcodes, .opcode_alts = g7_opcode_alts,                               \
    .hdr = {                                                                                \
        [GT_H_OPCODE] = GT_F(6, 0),      [GT_H_ACCESS] = GT_F(8, 8),                        \
        [GT_H_MASKCTRL] = GT_F(9, 9),    [GT_H_NODDCLR] = GT_F(10, 10),                     \
        [GT_H_NODDCHK] = GT_F(11, 11),   [GT_H_QTRCTRL] = GT_F(13, 12),                     \
        [GT_H_THREADCTRL] = GT_F(15, 14), [GT_H_PREDCTRL] = GT_F(19, 16),                   \
        [GT_H_PREDINV] = GT_F(20, 20),   [GT_H_EXECSIZE] = GT_F(23, 21),                    \
        [GT_H_CONDMOD] = GT_F(27, 24),   [GT_H_ACCWREN] = GT_F(28, 28),                     \
        [GT_H_CMPTCTRL] = GT_F(29, 29),  [GT_H_DEBUG] = GT_F(30, 30),                       \
        [GT_H_SATURATE] = GT_F(31, 31),  [GT_H_NIBCTRL] = GT_F(47, 47),                     \
        [GT_H_FLAGSUB] = GT_F(89, 89),   [GT_H_FLAGREG] = GT_F(90, 90),                     \
    },                                                                                      \
    .dst = {.file = GT_F(33, 32), .type = GT_F(36, 34), .reg = GT_F(60, 53),                \
            .subreg = GT_F(52, 48), .subreg16 = GT_F(52, 52), .ia_sub = GT_F(60, 58),       \
            .ia_imm = GT_F(57, 48), .addr_mode = GT_F(63, 63), .hstride = GT_F(62, 61),     \
            .writemask = GT_F(51, 48), .is_dst = 1},                                        \
    .src0 = {.file = GT_F(38, 37), .type = GT_F(41, 39), .reg = GT_F(76, 69),               \
             .subreg = GT_F(68, 64), .subreg16 = GT_F(68, 68), .ia_sub = GT_F(76, 74),      \
             .ia_imm = GT_F(73, 64), .addr_mode = GT_F(79, 79), .hstride = GT_F(81, 80),    \
             .width = GT_F(84, 82), .vstride = GT_F(88, 85), .negate = GT_F(78, 78),        \
             .abs = GT_F(77, 77),                                                           \
             .swz = {GT_F(65, 64), GT_F(67, 66), GT_F(81, 80), GT_F(83, 82)}},              \
    .src1 = {.file = GT_F(43, 42), .type = GT_F(46, 44), .reg = GT_F(108, 101),             \
             .subreg = GT_F(100, 96), .subreg16 = GT_F(100, 100), .ia_sub = GT_F(108, 106), \
             .ia_imm = GT_F(105, 96), .addr_mode = GT_F(111, 111),                          \
             .hstride = GT_F(113, 112), .width = GT_F(116, 114), .vstride = GT_F(120, 117), \
             .negate = GT_F(110, 110), .abs = GT_F(109, 109),                               \
             .swz = {GT_F(97, 96), GT_F(99, 98), GT_F(113, 112), GT_F(115, 114)}},          \
    .imm32 = GT_F(127, 96), /* no 64-bit immediates */                                      \
    .files = gt_enc_files,                                                                  \
    .rsvd_file_what = "MRF register file (Gen7 has no MRF, seed 001 §3.3.1)",               \
    .reg_types = gt_enc_reg_types, .imm_types = gt_enc_imm_types,                           \
    .src3 = {                                                                               \
        .dst_reg = GT_F(63, 56), .dst_subreg = GT_F(55, 53), .dst_writemask = GT_F(52, 49), \
        .dst_type = GT_F(45, 44), .src_type = GT_F(43, 42),                                 \
        .flag_sub = GT_F(33, 33), .flag_reg = GT_F(34, 34),                                 \
        .src = {                                                                            \
            {.reg = GT_F(83, 76), .subreg = GT_F(75, 73), .swizzle = GT_F(72, 65),          \
             .rep = GT_F(64, 64), .negate = GT_F(37, 37), .abs = GT_F(36, 36)},             \
            {.reg = GT_F(104, 97), .subreg = GT_F(96, 94), .swizzle = GT_F(93, 86),         \
             .rep = GT_F(85, 85), .negate = GT_F(39, 39), .abs = GT_F(38, 38)},             \
            {.reg = GT_F(125, 118), .subreg = GT_F(117, 115), .swizzle = GT_F(114, 107),    \
             .rep = GT_F(106, 106), .negate = GT_F(41, 41), .abs = GT_F(40, 40)},           \
        },                                                                                  \
        .types = gt_enc_3src_types, .align1_what = "",                                      \
    },                                                                                      \
    .send = {.sfid = GT_F(27, 24), .eot = GT_F(127, 127), .desc = GT_F(124, 96)},           \
    .branch = {.jip = GT_F(111, 96), .uip = GT_F(127, 112), .ip_bits = 16, .ip_scale = 8,   \
               .imm32 = GT_F(127, 96), .else_jip_only = 1, .src0_type_kept = 1},            \
    .dim_imm = GT_F(127, 64),                                                               \
    .math_fcs = 0x3efe, /* 1-7, 9-13 (invm/rsqtm are Gen8+) */                              \
    .math_1src_src1 = 1,                                                                    \
    .cmpt = {                                                                               \
        .opcode = GT_F(6, 0),                                                               \
        .form = {                                                                           \
            {.present = 1,                                                                  \
             .direct = {GT_M(0, 7, 0), GT_M(7, 1, 30), GT_M(23, 1, 28), GT_M(24, 4, 24),    \
                        GT_M(40, 8, 53), GT_M(48, 8, 69)},                                  \
             .index = {                                                                     \
                 {GT_F(12, 8), gt_cmpt_control,                                             \
                  {GT_M(17, 2, 89), GT_M(16, 1, 31), GT_M(0, 16, 8)}},                      \
                 {GT_F(17, 13), g7_cmpt_datatype, {GT_M(15, 3, 61), GT_M(0, 15, 32)}},      \
                 {GT_F(22, 18), gt_cmpt_subreg,                                             \
                  {GT_M1(10, 5, 96), GT_M(5, 5, 64), GT_M(0, 5, 48)}},                      \
                 {GT_F(34, 30), gt_cmpt_src, {GT_M(0, 12, 77)}},                            \
             },                                                                             \
             .imm_if = {GT_F(38, 37), GT_F(43, 42)}, .imm_file = 3,                         \
             .imm = {{GT_P(63, 56, 0), GT_P(39, 35, 8)}}, .imm_bits = 13,                   \
             .imm_to = GT_F(127, 96),                                                       \
             .reg = {GT_F(39, 35), gt_cmpt_src, {GT_M(0, 12, 109)}},                        \
             .reg_direct = {GT_M(56, 8, 101)}},                                             \
            {.present = 0, .absent_why = "Gen7 has no such form"},                          \
        },                                                                                  \
    }

const gt_eu_encoding gt_enc_gen7 = {
    .name = "Gen7", .gen = GT_ENC_IVB, .opcode_where = " on Gen7",
    .df_4byte_elements = 1,
    G7_ENCODING,
};

const gt_eu_encoding gt_enc_gen75 = {
    .name = "Gen7.5", .gen = GT_ENC_HSW, .opcode_where = " on Gen7.5",
    G7_ENCODING,
};

int gt_decode_gen7(const uint8_t *code, size_t avail, gt_inst *out, char *why, size_t why_len)
{
    return gt_decode_inline(&gt_enc_gen7, code, avail, out, why, why_len);
}

int gt_decode_gen75(const uint8_t *code, size_t avail, gt_inst *out, char *why, size_t why_len)
{
    return gt_decode_inline(&gt_enc_gen75, code, avail, out, why, why_len);
}
