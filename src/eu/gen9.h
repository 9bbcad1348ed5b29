/*
 * Gen9 (Skylake) instruction encoding internals shared by the native
 * decoder (decode_gen9.c) and the compaction tables (compact_gen9.c).
 */
#ifndef GT_EU_GEN9_H
#define GT_EU_GEN9_H

#include <stddef.h>
#include <stdint.h>

/* Hardware opcodes of the Gen9 3-source (Align16 3-src encoded) instructions. */
int gt_gen9_is_3src(unsigned hw_opcode);

/* Expands the 8-byte compacted instruction at code into its 128-bit native
 * form (out[0] = bits 31:0 ... out[3] = bits 127:96), using the Gen8/Gen9
 * compaction tables (control, data type, subregister, source index; 3-src
 * control and source index).  Returns 0, or -1 with a reason in why. */
int gt_gen9_uncompact(const uint8_t code[8], uint32_t out[4], char *why, size_t why_len);

#endif
