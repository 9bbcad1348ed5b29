/*
 * Gen7 / Gen7.5 compacted (64-bit) instruction encoding: index tables and
 * expansion to the native 128-bit form.
 *
 * A compacted instruction (CmptCtrl, bit 29, set) keeps the opcode, debug
 * control, AccWrEn, the conditional modifier and the three register numbers
 * verbatim and replaces the rest with five 5-bit indices into the tables
 * below.  The tables and the native bit positions they expand to are
 * hardware facts (cross-checked with the public Mesa brw_eu_compact.c gen7
 * tables and with iga64 -p=7p5 -Xautocompact encodings); Ivy Bridge and
 * Haswell share them.  Compacted jump offsets keep the native units (QWords).
 *
 * Compacted layout: [6:0] opcode, [7] DebugCtrl, [12:8] control index,
 * [17:13] data type index, [22:18] subregister index, [23] AccWrEn,
 * [27:24] CondModifier, [29] CmptCtrl, [34:30] src0 index, [39:35] src1
 * index, [47:40] dst RegNum, [55:48] src0 RegNum, [63:56] src1 RegNum.
 */
#include <stdio.h>
#include <string.h>

#include "eu/bits.h"
#include "eu/gen7.h"

/* Control index -> 19 bits: [18:17] -> native 90:89 (FlagRegNum,
 * FlagSubRegNum), [16] -> 31 (Saturate), [15:0] -> 23:8 (ExecSize,
 * PredInv, PredCtrl, ThreadCtrl, QtrCtrl, NoDDChk, NoDDClr, MaskCtrl,
 * AccessMode). */
static const uint32_t g7_control_table[32] = {
    0x00002, 0x04000, 0x04001, 0x04002, 0x04003, 0x04004, 0x04005, 0x04007,
    0x04008, 0x04009, 0x0400d, 0x06000, 0x06001, 0x06002, 0x06003, 0x06004,
    0x06005, 0x06007, 0x06009, 0x0600d, 0x06010, 0x06100, 0x08000, 0x08002,
    0x08004, 0x08100, 0x16000, 0x16010, 0x18000, 0x18100, 0x28000, 0x28100,
};

/* Data type index -> 18 bits: [17:15] -> 63:61 (Dst.AddrMode,
 * Dst.HorzStride), [14:0] -> 46:32 (Src1 type/file, Src0 type/file, Dst
 * type/file). */
static const uint32_t g7_datatype_table[32] = {
    0x08001, 0x08020, 0x08021, 0x08061, 0x080bd, 0x082fd, 0x083a1, 0x083a5,
    0x083bd, 0x08421, 0x08c20, 0x08c21, 0x094a5, 0x09ca4, 0x09ca5, 0x0f3bd,
    0x0f79d, 0x0f7bc, 0x0f7bd, 0x0ffbc, 0x0020c, 0x0803d, 0x080a5, 0x08420,
    0x094a4, 0x09c84, 0x0a509, 0x0dfbd, 0x0ffbd, 0x0bdac, 0x0a528, 0x0ad28,
};

/* Subregister index -> 15 bits: [14:10] -> 100:96 (Src1.SubRegNum),
 * [9:5] -> 68:64 (Src0.SubRegNum), [4:0] -> 52:48 (Dst.SubRegNum).
 * Entry 10 is 0x0280 (src0 subregister 20) as iga64 -p=7p5 expands it; an
 * older Mesa gen7 table has 0x0500 there. */
static const uint16_t g7_subreg_table[32] = {
    0x0000, 0x0001, 0x0008, 0x000f, 0x0010, 0x0080, 0x0100, 0x0180,
    0x0200, 0x0210, 0x0280, 0x1000, 0x1001, 0x1081, 0x1082, 0x1083,
    0x1084, 0x1087, 0x1088, 0x108e, 0x108f, 0x1180, 0x11e8, 0x2000,
    0x2180, 0x3000, 0x3c87, 0x4000, 0x5000, 0x6000, 0x7000, 0x701c,
};

/* Source index -> 12 bits: src0 -> native 88:77, src1 -> 120:109
 * (VertStride, Width, HorzStride, AddrMode, Negate, Abs). */
static const uint16_t g7_src_table[32] = {
    0x0000, 0x0002, 0x0010, 0x0012, 0x0018, 0x0020, 0x0028, 0x0048,
    0x0050, 0x0070, 0x0078, 0x0300, 0x0302, 0x0308, 0x0310, 0x0312,
    0x0320, 0x0328, 0x0338, 0x0340, 0x0342, 0x0348, 0x0350, 0x0360,
    0x0368, 0x0370, 0x0371, 0x0378, 0x0468, 0x0469, 0x046a, 0x0588,
};

int gt_gen7_is_3src(unsigned op)
{
    return op == 24 || op == 26 || op == 91 || op == 92;
}

static void put(uint32_t w[4], int hi, int lo, uint64_t v)
{
    gt_inst_set_bits(w, (unsigned)hi, (unsigned)lo, v);
}

static uint32_t cbits(uint64_t c, int hi, int lo)
{
    return (uint32_t)((c >> lo) & ((1ull << (hi - lo + 1)) - 1));
}

int gt_gen7_uncompact(const uint8_t code[8], uint32_t w[4], char *why, size_t why_len)
{
    uint64_t c = 0;
    for (int i = 0; i < 8; i++)
        c |= (uint64_t)code[i] << (8 * i);
    memset(w, 0, 4 * sizeof w[0]);
    unsigned op = cbits(c, 6, 0);
    if (gt_gen7_is_3src(op)) {
        if (why)
            snprintf(why, why_len, "compacted 3-source instruction (opcode %u): Gen7 has no such form", op);
        return -1;
    }
    uint32_t ctl = g7_control_table[cbits(c, 12, 8)];
    uint32_t dt = g7_datatype_table[cbits(c, 17, 13)];
    uint32_t sr = g7_subreg_table[cbits(c, 22, 18)];
    put(w, 6, 0, op);
    put(w, 30, 30, cbits(c, 7, 7));          /* DebugCtrl */
    put(w, 90, 89, ctl >> 17);
    put(w, 31, 31, (ctl >> 16) & 1);
    put(w, 23, 8, ctl & 0xffff);
    put(w, 63, 61, dt >> 15);
    put(w, 46, 32, dt & 0x7fff);
    put(w, 100, 96, sr >> 10);
    put(w, 68, 64, (sr >> 5) & 0x1f);
    put(w, 52, 48, sr & 0x1f);
    put(w, 88, 77, g7_src_table[cbits(c, 34, 30)]);
    put(w, 28, 28, cbits(c, 23, 23));        /* AccWrEn */
    put(w, 27, 24, cbits(c, 27, 24));        /* CondModifier */
    put(w, 60, 53, cbits(c, 47, 40));        /* Dst.RegNum */
    put(w, 76, 69, cbits(c, 55, 48));        /* Src0.RegNum */
    unsigned src0_file = (dt >> 5) & 3, src1_file = (dt >> 10) & 3;
    if (src0_file == 3 || src1_file == 3) {
        /* 13-bit immediate: [12:8] from the src1 index, [7:0] from the src1
         * register number; bit 12 replicated through bits 31:13. */
        uint32_t imm = (cbits(c, 39, 35) << 8) | cbits(c, 63, 56);
        if (imm & 0x1000)
            imm |= 0xffffe000u;
        put(w, 127, 96, imm);
    } else {
        put(w, 120, 109, g7_src_table[cbits(c, 39, 35)]);
        put(w, 108, 101, cbits(c, 63, 56));  /* Src1.RegNum */
    }
    return 0;
}
