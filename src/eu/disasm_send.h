/*
 * Send message comments for the disassembler: the text IGA appends after
 * send/sendc/sends/sendsc ("wr:2+0, rd:4; hdc.dc1; untyped surface read
 * with xy"), decoded from the SFID and the message descriptors (seed 004
 * MSD* data-port message descriptors; the descriptions are the ones
 * `iga64 -p=9 -d` / `-p=7p5 -d` print, see disasm_send.c).
 */
#ifndef GT_EU_DISASM_SEND_H
#define GT_EU_DISASM_SEND_H

#include <stddef.h>

#include "eu/eu.h"

/* How IGA describes the messages of one SFID of a platform: the name it
 * prints ("hdc.dc1"; NULL prints "?") and the message-type table class
 * (enum in disasm_send.c) that turns the descriptor into a description. */
typedef struct gt_send_sfid {
    const char *name;
    uint8_t cls;
} gt_send_sfid;

/* Per-platform SFID tables (16 entries, indexed by the SFID field), used
 * through gt_iga_syntax.send_sfids: Gen9 (-p=9) and Gen7.5 (-p=7p5). */
extern const gt_send_sfid gt_send_sfids_gen9[16];
extern const gt_send_sfid gt_send_sfids_gen75[16];
extern const gt_send_sfid gt_send_sfids_gen12[16];

/* Writes the comment text (without the leading "// ") for a send
 * instruction into buf (always NUL-terminated when len > 0), in the
 * syntax of the platform (syn: SFID names and message classes; NULL =
 * Gen9).  Returns the length of the full text (may exceed len - 1). */
int gt_send_comment(const gt_iga_syntax *syn, const gt_inst *in, char *buf, size_t len);

/* The message description part alone ("untyped surface read with xy"),
 * from the SFID and the immediate descriptors; "?" when IGA has none.
 * Same return convention as gt_send_comment. */
int gt_send_describe(const gt_iga_syntax *syn, const gt_inst *in, char *buf, size_t len);

#endif
