/*
 * Gen9 compacted (64-bit) instruction encoding: index tables and expansion
 * to the native 128-bit form.
 *
 * The table contents and the bit positions they expand to are hardware
 * facts shared by Broadwell/Skylake (Gen8 tables; cross-checked against the
 * public Mesa brw_eu_compact.c gen8 tables and IGA).  A compacted instruction
 * carries indices into these tables plus a few verbatim fields.
 */
#include <stdio.h>
#include <string.h>

#include "eu/bits.h"
#include "eu/gen9.h"

/* Control index -> 19 bits: [18:16] -> native 33:31 (FlagRegNum,
 * FlagSubRegNum, Saturate), [15:4] -> 23:12 (ExecSize, PredInv, PredCtrl,
 * ThreadCtrl, QtrCtrl), [3:2] -> 10:9 (DepCtrl), [1] -> 34 (MaskCtrl),
 * [0] -> 8 (AccessMode). */
static const uint32_t g9_control_table[32] = {
    0x00002, 0x04000, 0x04001, 0x04002, 0x04003, 0x04004, 0x04005, 0x04007,
    0x04008, 0x04009, 0x0400d, 0x06000, 0x06001, 0x06002, 0x06003, 0x06004,
    0x06005, 0x06007, 0x06009, 0x0600d, 0x06010, 0x06100, 0x08000, 0x08002,
    0x08004, 0x08100, 0x16000, 0x16010, 0x18000, 0x18100, 0x28000, 0x28100,
};

/* Data type index -> 21 bits: [20:18] -> 63:61 (Dst.AddrMode, Dst.HorzStride),
 * [17:12] -> 94:89 (Src1 type and file), [11:0] -> 46:35 (Src0 type and
 * file, Dst type and file). */
static const uint32_t g9_datatype_table[32] = {
    0x040001, 0x040040, 0x040041, 0x0400c1, 0x04015d, 0x0405dd, 0x040741, 0x040745,
    0x04075d, 0x041041, 0x043040, 0x043041, 0x045145, 0x047144, 0x047145, 0x05c75d,
    0x05d71d, 0x05d75c, 0x05d75d, 0x05f75c, 0x00040c, 0x04005d, 0x040145, 0x041040,
    0x045144, 0x047104, 0x049209, 0x05775d, 0x05f75d, 0x04f34c, 0x049248, 0x04b248,
};

/* Subregister index -> 15 bits: [14:10] -> 100:96 (Src1.SubRegNum),
 * [9:5] -> 68:64 (Src0.SubRegNum), [4:0] -> 52:48 (Dst.SubRegNum). */
static const uint16_t g9_subreg_table[32] = {
    0x0000, 0x0001, 0x0008, 0x000f, 0x0010, 0x0080, 0x0100, 0x0180,
    0x0200, 0x0210, 0x0280, 0x1000, 0x1001, 0x1081, 0x1082, 0x1083,
    0x1084, 0x1087, 0x1088, 0x108e, 0x108f, 0x1180, 0x11e8, 0x2000,
    0x2180, 0x3000, 0x3c87, 0x4000, 0x5000, 0x6000, 0x7000, 0x701c,
};

/* Source index -> 12 bits: Src0 -> native 88:77, Src1 -> 120:109
 * (VertStride, Width, HorzStride, AddrMode, Negate, Abs). */
static const uint16_t g9_src_table[32] = {
    0x000, 0x002, 0x010, 0x012, 0x018, 0x020, 0x028, 0x048,
    0x050, 0x070, 0x078, 0x300, 0x302, 0x308, 0x310, 0x312,
    0x320, 0x328, 0x338, 0x340, 0x342, 0x348, 0x350, 0x360,
    0x368, 0x370, 0x371, 0x378, 0x468, 0x469, 0x46a, 0x588,
};

/* 3-src control index -> 26 bits (Skylake layout): [25:24] -> 36:35
 * (Src1Type/Src2Type), [23:21] -> 34:32 (MaskCtrl, FlagRegNum,
 * FlagSubRegNum), [20:0] -> 28:8. */
static const uint32_t g9_3src_control_table[4] = {
    0x0806001, 0x0006001, 0x0008001, 0x0008021,
};

/* 3-src source index -> 49 bits: [48:47] -> 126:125, [46:45] -> 105:104,
 * [44] -> 84, [43] -> 83, [42:35] -> 114:107 (Src2.Swizzle),
 * [34:27] -> 93:86 (Src1.Swizzle), [26:19] -> 72:65 (Src0.Swizzle),
 * [18:0] -> 55:37 (types, modifiers, writemask, dst subregister). */
static const uint64_t g9_3src_source_table[4] = {
    0x007272720f000ull, 0x007272720f002ull, 0x007272720f008ull, 0x007272720f020ull,
};

int gt_gen9_is_3src(unsigned op)
{
    /* csel, bfe, bfi2, mad, lrp, madm */
    return op == 18 || op == 24 || op == 26 || op == 91 || op == 92 || op == 93;
}

static void put(uint32_t w[4], int hi, int lo, uint64_t v)
{
    gt_inst_set_bits(w, (unsigned)hi, (unsigned)lo, v);
}

static uint32_t cget(uint64_t c, int hi, int lo)
{
    return (uint32_t)((c >> lo) & ((1ull << (hi - lo + 1)) - 1));
}

int gt_gen9_uncompact(const uint8_t code[8], uint32_t w[4], char *why, size_t why_len)
{
    uint64_t c = 0;
    for (int i = 0; i < 8; i++)
        c |= (uint64_t)code[i] << (8 * i);
    memset(w, 0, 4 * sizeof w[0]);
    unsigned op = cget(c, 6, 0);
    if (cget(c, 7, 7) && gt_gen9_is_3src(op)) {
        if (why)
            snprintf(why, why_len, "reserved bit 7 set in compacted 3-src instruction");
        return -1;
    }
    put(w, 6, 0, op);
    if (gt_gen9_is_3src(op)) {
        uint32_t ctl = g9_3src_control_table[cget(c, 9, 8)];
        uint64_t src = g9_3src_source_table[cget(c, 11, 10)];
        put(w, 36, 35, (ctl >> 24) & 3);
        put(w, 34, 32, (ctl >> 21) & 7);
        put(w, 28, 8, ctl & 0x1fffff);
        put(w, 126, 125, (src >> 47) & 3);
        put(w, 105, 104, (src >> 45) & 3);
        put(w, 84, 84, (src >> 44) & 1);
        put(w, 83, 83, (src >> 43) & 1);
        put(w, 114, 107, (src >> 35) & 0xff);
        put(w, 93, 86, (src >> 27) & 0xff);
        put(w, 72, 65, (src >> 19) & 0xff);
        put(w, 55, 37, src & 0x7ffff);
        put(w, 63, 56, cget(c, 18, 12));    /* Dst.RegNum */
        put(w, 64, 64, cget(c, 28, 28));    /* Src0.RepCtrl */
        put(w, 30, 30, cget(c, 30, 30));    /* DebugCtrl */
        put(w, 31, 31, cget(c, 31, 31));    /* Saturate */
        put(w, 85, 85, cget(c, 32, 32));    /* Src1.RepCtrl */
        put(w, 106, 106, cget(c, 33, 33));  /* Src2.RepCtrl */
        put(w, 83, 76, cget(c, 49, 43));    /* Src0.RegNum */
        put(w, 104, 97, cget(c, 56, 50));   /* Src1.RegNum */
        put(w, 125, 118, cget(c, 63, 57));  /* Src2.RegNum */
        put(w, 75, 73, cget(c, 36, 34));    /* Src0.SubRegNum (DWords) */
        put(w, 96, 94, cget(c, 39, 37));    /* Src1.SubRegNum */
        put(w, 117, 115, cget(c, 42, 40));  /* Src2.SubRegNum */
        return 0;
    }
    uint32_t ctl = g9_control_table[cget(c, 12, 8)];
    uint32_t dt = g9_datatype_table[cget(c, 17, 13)];
    uint32_t sr = g9_subreg_table[cget(c, 22, 18)];
    put(w, 30, 30, cget(c, 7, 7));          /* DebugCtrl */
    put(w, 33, 31, ctl >> 16);
    put(w, 23, 12, (ctl >> 4) & 0xfff);
    put(w, 10, 9, (ctl >> 2) & 3);
    put(w, 34, 34, (ctl >> 1) & 1);
    put(w, 8, 8, ctl & 1);
    put(w, 63, 61, dt >> 18);
    put(w, 94, 89, (dt >> 12) & 0x3f);
    put(w, 46, 35, dt & 0xfff);
    put(w, 100, 96, sr >> 10);
    put(w, 68, 64, (sr >> 5) & 0x1f);
    put(w, 52, 48, sr & 0x1f);
    put(w, 88, 77, g9_src_table[cget(c, 34, 30)]);
    put(w, 28, 28, cget(c, 23, 23));        /* AccWrEn */
    put(w, 27, 24, cget(c, 27, 24));        /* CondModifier */
    put(w, 60, 53, cget(c, 47, 40));        /* Dst.RegNum */
    put(w, 76, 69, cget(c, 55, 48));        /* Src0.RegNum */
    unsigned src0_file = (dt >> 6) & 3, src1_file = (dt >> 12) & 3;
    if (src0_file == 3 || src1_file == 3) {
        /* 13-bit immediate: [12:8] from the Src1 index, [7:0] from the Src1
         * register number; bit 12 is replicated through bits 31:13. */
        uint32_t imm = (cget(c, 39, 35) << 8) | cget(c, 63, 56);
        if (imm & 0x1000)
            imm |= 0xffffe000u;
        put(w, 127, 96, imm);
    } else {
        put(w, 120, 109, g9_src_table[cget(c, 39, 35)]);
        put(w, 108, 101, cget(c, 63, 56));  /* Src1.RegNum */
    }
    return 0;
}
