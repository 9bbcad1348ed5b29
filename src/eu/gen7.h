/*
 * Gen7 (Ivy Bridge, Bay Trail) and Gen7.5 (Haswell) instruction encoding
 * internals shared by the native decoder (decode_gen7.c) and the compaction
 * tables (compact_gen7.c).
 */
#ifndef GT_EU_GEN7_H
#define GT_EU_GEN7_H

#include <stddef.h>
#include <stdint.h>

/* Expands the 8-byte compacted instruction at code into its 128-bit native
 * Gen7 form (out[0] = bits 31:0 ... out[3] = bits 127:96) with the Gen7
 * compaction tables (control, data type, subregister, source index; the
 * same tables serve Ivy Bridge and Haswell).  Gen7 has no compacted
 * 3-source form.  Returns 0, or -1 with a reason in why. */
int gt_gen7_uncompact(const uint8_t code[8], uint32_t out[4], char *why, size_t why_len);

/* Hardware opcodes of the Gen7 3-source (Align16) instructions: bfe, bfi2,
 * mad, lrp. */
int gt_gen7_is_3src(unsigned hw_opcode);

/* Encoded values of the fields the Gen7 decoder canonicalises (for
 * printers that show the encoding, e.g. intel-gen4disasm syntax): ExecSize
 * (Ivy Bridge DF and one-channel 3-source forms are rewritten in gt_inst),
 * the DF region fields (Ivy Bridge: 4-byte units), and the 3-source
 * destination SubRegNum (DWords) and ChanEn.  Region values are in
 * elements as printed (VertStride 0..32, 255 = VxH; Width 1..16;
 * HorzStride 0..4). */
typedef struct {
    uint8_t exec_size;
    uint8_t dst_hstride;
    uint8_t vstride[2], width[2], hstride[2]; /* src0, src1 */
    uint8_t dst3_subreg, dst3_writemask;
} gt_gen7_enc;

/* Fills *e from in->raw (native, or compacted and expanded).  Returns 0, or
 * -1 when the bytes do not expand. */
struct gt_inst;
int gt_gen7_encoded(const struct gt_inst *in, gt_gen7_enc *e);

#endif
