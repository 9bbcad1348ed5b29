/*
 * Compacted (64-bit) EU instructions -> their native 128-bit form, for
 * every generation, driven by the generation's compaction description
 * (gt_eu_encoding.cmpt, src/eu/encoding.h): a compacted instruction keeps
 * some fields verbatim and replaces the rest with indices into tables whose
 * entries expand into native fields.
 */
#include <stdio.h>
#include <string.h>

#include "eu/encoding.h"

static void apply(uint32_t w[4], uint64_t src, const gt_move *m, int max)
{
    for (int i = 0; i < max && m[i].n; i++)
        gt_inst_set_bits(w, m[i].to + m[i].n - 1u, m[i].to,
                         (src >> m[i].from) & ((1ull << m[i].n) - 1));
}

static void expand_index(uint32_t w[4], const uint32_t c[4], const gt_cmpt_index *x)
{
    apply(w, x->table[gt_field_get(c, &x->index)], x->moves, GT_CMPT_MOVES);
}

int gt_eu_uncompact(const gt_eu_encoding *E, const uint8_t code[8], uint32_t w[4], char *why,
                    size_t why_len)
{
    uint32_t c[4] = {0, 0, 0, 0};
    for (int i = 0; i < 8; i++)
        c[i >> 2] |= (uint32_t)code[i] << (8 * (i & 3));
    uint64_t c64 = (uint64_t)c[1] << 32 | c[0];
    memset(w, 0, 4 * sizeof w[0]);
    unsigned op = (unsigned)gt_field_get(c, &E->cmpt.opcode);
    const gt_enc_opcode *oc = &E->opcodes[op & 127];
    int three = oc->form == GT_FORM_3SRC && (oc->gens & E->gen);
    const gt_cmpt_form *f = &E->cmpt.form[three];
    if (!f->present) {
        if (why)
            snprintf(why, why_len, "compacted %s instruction (opcode %u): %s",
                     three ? "3-source" : "2-source", op, f->absent_why);
        return -1;
    }
    if (gt_field_get(c, &f->reserved)) {
        if (why)
            snprintf(why, why_len, "reserved bit %u set in compacted %s instruction",
                     f->reserved.p[0].lo, three ? "3-src" : "2-src");
        return -1;
    }
    apply(w, c64, f->direct, GT_CMPT_MOVES);
    for (int i = 0; i < GT_CMPT_INDICES && gt_field_present(&f->index[i].index); i++)
        expand_index(w, c, &f->index[i]);
    if (!gt_field_present(&f->imm_if[0]))
        return 0;
    if (gt_field_get(w, &f->imm_if[0]) == f->imm_file ||
        gt_field_get(w, &f->imm_if[1]) == f->imm_file) {
        /* The immediate, sign-extended from imm_bits. */
        uint64_t imm = gt_field_get(c, &f->imm), m = 1ull << (f->imm_bits - 1);
        imm = (imm ^ m) - m;
        unsigned lo = f->imm_to.p[0].lo, n = f->imm_to.p[0].n;
        gt_inst_set_bits(w, lo + n - 1, lo, imm);
    } else {
        expand_index(w, c, &f->reg);
        apply(w, c64, f->reg_direct, 2);
    }
    return 0;
}
