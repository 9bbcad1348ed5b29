/*
 * Send message comments for the disassembler: the text IGA appends after
 * send/sendc/sends/sendsc ("wr:2+0, rd:4; hdc.dc1; untyped surface read
 * with xy"), decoded from the SFID and the message descriptors (seed 004
 * MSD* data-port message descriptors; Gen9 layouts cross-checked with IGA).
 */
#ifndef GT_EU_DISASM_SEND_H
#define GT_EU_DISASM_SEND_H

#include <stddef.h>

#include "eu/eu.h"

/* Writes the comment text (without the leading "// ") for a send
 * instruction into buf.  Returns the length written. */
int gt_send_comment(const gt_inst *in, char *buf, size_t len);

#endif
