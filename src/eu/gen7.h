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

#endif
