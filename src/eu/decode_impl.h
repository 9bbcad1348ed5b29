/*
 * The EU instruction decoder and compaction expander, as inline functions
 * of an encoding description (src/eu/encoding.h): native 128-bit and
 * compacted 64-bit encodings -> gt_inst for every generation.  Each
 * encoding file instantiates the decoder for its own constant description
 * (gt_decode_gen9 ...), so the compiler folds the field positions as if
 * they were written in the code; decode.c compiles the expander once for
 * any description (gt_eu_uncompact).  Nothing here depends on the
 * generation but through the description.
 */
#ifndef GT_EU_DECODE_IMPL_H
#define GT_EU_DECODE_IMPL_H

#include <stdio.h>
#include <string.h>

#include "eu/encoding.h"
#include "eu/eu.h"

#define GT_INLINE static inline __attribute__((always_inline))

/* ---- compaction: a compacted instruction keeps some fields verbatim and
 * replaces the rest with indices into tables whose entries expand into
 * native fields ---- */

/* Applies the moves of m whose src1_reg is src1_reg (2: all). */
GT_INLINE void gtd_apply(uint32_t w[4], uint64_t src, const gt_move *m, int max, int src1_reg)
{
    for (int i = 0; i < max && m[i].n; i++)
        if (src1_reg == 2 || m[i].src1_reg == src1_reg)
            gt_inst_set_bits(w, m[i].to + m[i].n - 1u, m[i].to,
                             (src >> m[i].from) & ((1ull << m[i].n) - 1));
}

GT_INLINE void gtd_expand_index(uint32_t w[4], const uint32_t c[4], const gt_cmpt_index *x,
                                int src1_reg)
{
    gtd_apply(w, x->table[gt_field_get(c, &x->index)], x->moves, GT_CMPT_MOVES, src1_reg);
}

GT_INLINE int gt_uncompact_inline(const gt_eu_encoding *E, const uint8_t code[8], uint32_t w[4],
                                  char *why, size_t why_len)
{
    uint32_t c[4] = {0, 0, 0, 0};
    for (int i = 0; i < 8; i++)
        c[i >> 2] |= (uint32_t)code[i] << (8 * (i & 3));
    uint64_t c64 = (uint64_t)c[1] << 32 | c[0];
    memset(w, 0, 4 * sizeof w[0]);
    unsigned op = (unsigned)gt_field_get(c, &E->cmpt.opcode);
    const gt_enc_opcode *oc = &E->opcodes[op & 127];
    int three = oc->form == GT_FORM_3SRC && (oc->gens & E->gen);
    if ((oc->gens & E->gen) && (E->cmpt.no_form >> oc->form & 1)) {
        if (why)
            snprintf(why, why_len, "opcode %u has no compacted form on %s", op, E->name);
        return -1;
    }
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
    gtd_apply(w, c64, f->direct, GT_CMPT_MOVES, 0);
    for (int i = 0; i < GT_CMPT_INDICES && gt_field_present(&f->index[i].index); i++)
        gtd_expand_index(w, c, &f->index[i], 0);
    if (!gt_field_present(&f->imm_if[0]))
        return 0;
    int k = gt_field_get(w, &f->imm_if[0]) == f->imm_file ? 0
            : gt_field_get(w, &f->imm_if[1]) == f->imm_file ? 1 : -1;
    if (k >= 0) {
        /* The immediate, expanded from imm_bits as its type says. */
        uint64_t imm = gt_field_get(c, &f->imm), m = 1ull << (f->imm_bits - 1);
        unsigned how = f->imm_expand ? f->imm_expand[gt_field_get(w, &f->imm_type[k]) & 15]
                                     : GT_CIMM_SEXT;
        uint64_t sx = ((imm ^ m) - m) & 0xffffffffu;
        switch (how) {
        case GT_CIMM_ZEXT: break;
        case GT_CIMM_TOP: imm <<= 32 - f->imm_bits; break;
        case GT_CIMM_REP16: imm |= imm << 16; break;
        case GT_CIMM_SEXT_REP16: imm = (sx & 0xffff) | (sx & 0xffff) << 16; break;
        default: imm = sx; break;
        }
        unsigned lo = f->imm_to.p[0].lo, n = f->imm_to.p[0].n;
        gt_inst_set_bits(w, lo + n - 1, lo, imm);
    } else {
        for (int i = 0; i < GT_CMPT_INDICES && gt_field_present(&f->index[i].index); i++)
            gtd_expand_index(w, c, &f->index[i], 1);
        gtd_expand_index(w, c, &f->reg, 2);
        gtd_apply(w, c64, f->reg_direct, 2, 2);
    }
    return 0;
}

/* ---- native forms ---- */

/* Reports an illegal encoding: reason in why, returns -1. */
#define GTD_FAIL(...)                                               \
    do {                                                            \
        if (why)                                                    \
            snprintf(why, why_len, __VA_ARGS__);                    \
        return -1;                                                  \
    } while (0)

GT_INLINE unsigned gtd_get(const uint32_t *w, const gt_field *f)
{
    return (unsigned)gt_field_get(w, f);
}

GT_INLINE int gtd_sext10(unsigned v)
{
    return (v & 0x200) ? (int)v - 0x400 : (int)v;
}

/* 1 when two fields share an instruction bit (constant for a constant
 * description). */
GT_INLINE int gtd_fields_overlap(const gt_field *a, const gt_field *b)
{
    for (int i = 0; i < GT_FIELD_PIECES && a->p[i].n; i++)
        for (int j = 0; j < GT_FIELD_PIECES && b->p[j].n; j++)
            if (a->p[i].lo < b->p[j].lo + b->p[j].n && b->p[j].lo < a->p[i].lo + a->p[i].n)
                return 1;
    return 0;
}

/* 1 when the operand L carries an immediate: its IsImm bit (Gen12) or
 * the immediate RegFile encoding. */
GT_INLINE int gtd_is_imm(const gt_eu_encoding *E, const uint32_t *w, const gt_enc_opnd *L)
{
    if (gt_field_present(&L->is_imm))
        return gtd_get(w, &L->is_imm) != 0;
    return E->files[gtd_get(w, &L->file)] == GT_FILE_IMM;
}

/* Decodes one 1/2-source operand.  Returns 0 or -1 (reason in why). */
GT_INLINE int gtd_operand(const gt_eu_encoding *E, const uint32_t *w, const gt_enc_opnd *L,
                       int align16, gt_operand *o, const char *name, char *why, size_t why_len)
{
    memset(o, 0, sizeof *o);
    unsigned file;
    if (gt_field_present(&L->is_imm) && gtd_get(w, &L->is_imm))
        file = GT_FILE_IMM; /* Gen12 SrcN.IsImm */
    else if (L->ind_grf && gtd_get(w, &L->addr_mode))
        file = GT_FILE_GRF; /* Gen12 IndirectOperand: no RegFile */
    else
        file = E->files[gtd_get(w, &L->file)];
    unsigned tenc = gtd_get(w, &L->type);
    if (file == GT_ENC_FILE_RSVD)
        GTD_FAIL("%s: %s", name, E->rsvd_file_what);
    if (file == GT_FILE_IMM) {
        if (L->is_dst)
            GTD_FAIL("%s: immediate destination", name);
        int t = E->imm_types[tenc];
        if (t < 0)
            GTD_FAIL("%s: invalid immediate type encoding %u", name, tenc);
        o->file = GT_FILE_IMM;
        o->type = (uint8_t)t;
        o->imm = gt_field_get(w, gt_type_size(t) == 8 ? &E->imm64 : &E->imm32);
        return 0;
    }
    int t = E->reg_types[tenc];
    if (t < 0)
        GTD_FAIL("%s: invalid type encoding %u", name, tenc);
    o->file = (uint8_t)file;
    o->type = (uint8_t)t;
    o->indirect = (uint8_t)gtd_get(w, &L->addr_mode);
    if (o->indirect) {
        o->ind_subnr = (uint8_t)gtd_get(w, &L->ia_sub);
        unsigned off = gtd_get(w, &L->ia_imm);
        if (align16)
            off &= ~0xfu;
        o->ind_off = (int16_t)gtd_sext10(off);
    } else {
        o->nr = (uint8_t)gtd_get(w, &L->reg);
        o->subnr = align16 ? (uint8_t)(gtd_get(w, &L->subreg16) * 16) : (uint8_t)gtd_get(w, &L->subreg);
    }
    if (L->is_dst) {
        o->hstride = gt_enc_hstride[gtd_get(w, &L->hstride)];
        if (align16) {
            o->writemask = (uint8_t)gtd_get(w, &L->writemask);
            if (E->mme)
                o->mme = o->writemask;
            o->hstride = 1;
        }
        return 0;
    }
    o->negate = (uint8_t)gtd_get(w, &L->negate);
    o->abs = (uint8_t)gtd_get(w, &L->abs);
    unsigned vs = gtd_get(w, &L->vstride);
    if (align16) {
        for (int c = 0; c < 4; c++)
            o->swizzle[c] = (uint8_t)gtd_get(w, &L->swz[c]);
        if (E->mme)
            o->mme = (uint8_t)(o->swizzle[0] | o->swizzle[1] << 2);
        if (vs != 0 && vs != 2 && vs != 3 && vs != 0xf)
            GTD_FAIL("%s: invalid Align16 vertical stride encoding %u", name, vs);
        o->vstride = vs == 0xf ? 0 : gt_enc_vstride[vs];
        o->width = 4;
        o->hstride = 1;
        if (vs == 0xf)
            o->vxh = 1;
        return 0;
    }
    unsigned wi = gtd_get(w, &L->width);
    if (wi > 4)
        GTD_FAIL("%s: invalid width encoding %u", name, wi);
    o->width = gt_enc_width[wi];
    o->hstride = gt_enc_hstride[gtd_get(w, &L->hstride)];
    if (vs == 0xf) {
        if (!o->indirect)
            GTD_FAIL("%s: VxH vertical stride with direct addressing", name);
        o->vxh = 1;
        o->vstride = 0;
    } else if (vs > 6) {
        GTD_FAIL("%s: invalid vertical stride encoding %u", name, vs);
    } else {
        o->vstride = gt_enc_vstride[vs];
    }
    return 0;
}

/* The 3-source (Align16) form: destination and three sources. */
GT_INLINE int gtd_3src(const gt_eu_encoding *E, const uint32_t *w, gt_inst *in, char *why,
                    size_t why_len)
{
    const gt_enc_3src *T = &E->src3;
    int dt = T->types[gtd_get(w, &T->dst_type)];
    int st = T->types[gtd_get(w, &T->src_type)];
    if (dt < 0)
        GTD_FAIL("dst: invalid 3-src type encoding %u", gtd_get(w, &T->dst_type));
    if (st < 0)
        GTD_FAIL("src: invalid 3-src type encoding %u", gtd_get(w, &T->src_type));
    gt_operand *d = &in->dst;
    memset(d, 0, sizeof *d);
    d->file = GT_FILE_GRF;
    d->type = (uint8_t)dt;
    d->nr = (uint8_t)gtd_get(w, &T->dst_reg);
    d->subnr = (uint8_t)(gtd_get(w, &T->dst_subreg) * 4);
    d->hstride = 1;
    d->writemask = (uint8_t)gtd_get(w, &T->dst_writemask);
    d->mme = E->mme ? d->writemask : 8;
    /* As iga64 shows them: one enabled channel of a 4-wide group is a
     * single channel at that element; DF ChanEn xy / zw is the first /
     * second DF of each 16-byte group (half the channels).  Same writes.
     * madm's writemask / swizzles name mme registers instead. */
    int madm = in->op == GT_OP_MADM;
    unsigned wm = d->writemask;
    int one = wm == 1 || wm == 2 || wm == 4 || wm == 8;
    if (!madm && dt != GT_TYPE_DF && in->exec_size == 4 && one) {
        in->exec_size = 1;
        d->subnr = (uint8_t)(d->subnr + gt_type_size(dt) * (wm == 2 ? 1 : wm == 4 ? 2 : wm == 8 ? 3 : 0));
    }
    /* A DF element is two 32-bit Align16 channels: a ChanEn of one channel
     * alone writes half a DF; the PRM gives it no meaning (iga64 prints it
     * as a one-channel DF at subregister 0-3). */
    if (E->df_half_chanen_illegal && !madm && dt == GT_TYPE_DF && one)
        GTD_FAIL("dst: DF destination ChanEn enables half a DF (one 32-bit channel)");
    if (!madm && dt == GT_TYPE_DF && (wm == 0x3 || wm == 0xc) && in->exec_size > 1) {
        in->exec_size /= 2;
        if (wm == 0xc)
            d->subnr = (uint8_t)(d->subnr + 8);
    }
    for (int i = 0; i < 3; i++) {
        const gt_enc_3src_src *L = &T->src[i];
        gt_operand *o = &in->src[i];
        memset(o, 0, sizeof *o);
        o->file = GT_FILE_GRF;
        o->type = (uint8_t)st;
        /* Gen8/Gen9 mixed float mode: SrcType is the type of src0; with a
         * float SrcType, Src1Type / Src2Type give src1 / src2 on their own:
         * 1 = HF, 0 = F.  Integer and DF SrcTypes gtd_apply to all three.
         * (Public facts: Mesa brw_inst.h 3src_a16_src1/src2_type, set by
         * brw_alu3 for an HF source; iga64 -p=9 -d prints "r2:f" for
         * SrcType HF with the bit clear.) */
        if (gt_field_present(&L->type) && (st == GT_TYPE_F || st == GT_TYPE_HF))
            o->type = gtd_get(w, &L->type) ? GT_TYPE_HF : GT_TYPE_F;
        o->nr = (uint8_t)gtd_get(w, &L->reg);
        o->subnr = (uint8_t)(gtd_get(w, &L->subreg) * 4 + gtd_get(w, &L->subreg_half) * 2);
        o->negate = (uint8_t)gtd_get(w, &L->negate);
        o->abs = (uint8_t)gtd_get(w, &L->abs);
        unsigned swz = gtd_get(w, &L->swizzle);
        for (int c = 0; c < 4; c++)
            o->swizzle[c] = (uint8_t)((swz >> (2 * c)) & 3);
        o->mme = E->mme ? (uint8_t)(swz & 0xf) : 8;
        o->rep = (uint8_t)gtd_get(w, &L->rep);
        /* madm: the swizzle field's low 4 bits are the MathMacroExt (mme0-7,
         * 8 = nomme; 9-15 invalid, as GED reports); the operand is a whole
         * register, so RepCtrl has no meaning (iga64 prints any RepCtrl'd
         * madm source as mme4). */
        if (madm && o->mme > 8)
            GTD_FAIL("src%d: reserved math macro extension %u", i, o->mme);
        if (madm && o->rep)
            GTD_FAIL("src%d: RepCtrl on a math macro operand", i);
        /* DF in Align16: a swizzle pair selects one DF; xyxy / zwzw
         * replicate the first / second DF of the 16-byte group. */
        if (!madm && o->type == GT_TYPE_DF && !o->rep && (swz == 0x44 || swz == 0xee)) {
            o->rep = 1;
            if (swz == 0xee)
                o->subnr = (uint8_t)(o->subnr + 8);
        }
        if (o->rep) {
            o->vstride = 0; o->width = 1; o->hstride = 0;
        } else {
            o->vstride = 8; o->width = 8; o->hstride = 1;
        }
    }
    return 0;
}

/* The 3-source Align1 form (Gen12, seed 004 mad): direct GRF/ARF operands
 * with their own regions and types, src0 / src2 16-bit immediates. */
GT_INLINE int gtd_3src_a1(const gt_eu_encoding *E, const uint32_t *w, gt_inst *in, char *why,
                          size_t why_len)
{
    const gt_enc_3src_a1 *T = &E->src3a1;
    unsigned ex = gtd_get(w, &T->exec_type) << 3;
    gt_operand *d = &in->dst;
    memset(d, 0, sizeof *d);
    unsigned tenc = ex | gtd_get(w, &T->dst_type);
    int t = E->reg_types[tenc];
    if (t < 0)
        GTD_FAIL("dst: invalid 3-src type encoding %u", tenc);
    d->type = (uint8_t)t;
    d->file = E->files[gtd_get(w, &T->dst_file)];
    d->nr = (uint8_t)gtd_get(w, &T->dst_reg);
    d->subnr = (uint8_t)gtd_get(w, &T->dst_subreg);
    if (T->dst_align && d->subnr % T->dst_align)
        GTD_FAIL("dst: 3-source destination SubRegNum %u not %u-byte aligned", d->subnr,
                 T->dst_align);
    d->hstride = T->dst_hstrides[gtd_get(w, &T->dst_hstride)];
    for (int i = 0; i < 3; i++) {
        const gt_enc_3a1_src *L = &T->src[i];
        gt_operand *o = &in->src[i];
        memset(o, 0, sizeof *o);
        tenc = ex | gtd_get(w, &L->type);
        if (gt_field_present(&L->is_imm) && gtd_get(w, &L->is_imm)) {
            t = E->imm_types[tenc];
            /* a 16-bit immediate: W, UW or HF (V / UV pack eight values in 32 bits) */
            if (t < 0 || gt_type_size(t) != 2 || t == GT_TYPE_V || t == GT_TYPE_UV)
                GTD_FAIL("src%d: invalid 3-src immediate type encoding %u", i, tenc);
            o->file = GT_FILE_IMM;
            o->type = (uint8_t)t;
            o->imm = gt_field_get(w, &L->imm);
            continue;
        }
        t = E->reg_types[tenc];
        if (t < 0)
            GTD_FAIL("src%d: invalid 3-src type encoding %u", i, tenc);
        o->type = (uint8_t)t;
        o->file = E->files[gtd_get(w, &L->file)];
        o->nr = (uint8_t)gtd_get(w, &L->reg);
        o->subnr = (uint8_t)gtd_get(w, &L->subreg);
        o->negate = (uint8_t)gtd_get(w, &L->negate);
        o->abs = (uint8_t)gtd_get(w, &L->abs);
        o->hstride = gt_enc_hstride[gtd_get(w, &L->hstride)];
        /* src0 / src1 <V;H> (rows of V/H elements), src2 <H>: one row */
        if (gt_field_present(&L->vstride)) {
            o->vstride = T->vstrides[gtd_get(w, &L->vstride)];
            o->width = o->hstride && o->vstride >= o->hstride ? (uint8_t)(o->vstride / o->hstride) : 1;
        } else {
            o->vstride = o->hstride;
            o->width = 1;
        }
    }
    return 0;
}

/* send / sendc. */
GT_INLINE int gtd_send(const gt_eu_encoding *E, const uint32_t *w, gt_inst *in, char *why,
                    size_t why_len)
{
    const gt_enc_send *S = &E->send;
    if (gtd_operand(E, w, &E->dst, 0, &in->dst, "dst", why, why_len) < 0)
        return -1;
    if (S->src0_payload) {
        /* The message payload is whole registers: src0 region fields are
         * not used. */
        gt_operand *s0 = &in->src[0];
        s0->file = E->files[gtd_get(w, &E->src0.file)] == GT_FILE_GRF ? GT_FILE_GRF : GT_FILE_ARF;
        int st = E->reg_types[gtd_get(w, &E->src0.type)];
        s0->type = (uint8_t)(st < 0 ? GT_TYPE_UD : st);
        s0->indirect = (uint8_t)gtd_get(w, &E->src0.addr_mode);
        s0->nr = (uint8_t)gtd_get(w, &E->src0.reg);
        s0->ind_subnr = (uint8_t)gtd_get(w, &E->src0.ia_sub);
    } else if (gtd_operand(E, w, &E->src0, 0, &in->src[0], "src0", why, why_len) < 0) {
        return -1;
    }
    if (gtd_is_imm(E, w, &E->src1))
        in->desc = (uint32_t)gt_field_get(w, &S->desc);
    else
        in->desc_reg = 1;
    in->exdesc = (uint32_t)gt_field_get(w, &S->exdesc);
    return 0;
}

/* sends / sendsc: dst/src0 direct or indirect GRF/ARF, src1 a GRF (or
 * null), descriptors immediate or from a0. */
/* A split-send dst / src0 register: direct (RegNum and the 16-byte
 * SubRegNum bit) or indirect (a0 subregister and a byte offset). */
GT_INLINE void gtd_sends_reg(const uint32_t *w, const gt_enc_opnd *L, const gt_field *ind_off,
                             gt_operand *o)
{
    o->indirect = (uint8_t)gtd_get(w, &L->addr_mode);
    if (o->indirect) {
        o->ind_subnr = (uint8_t)gtd_get(w, &L->ia_sub);
        o->ind_off = (int16_t)gtd_sext10(gtd_get(w, ind_off));
    } else {
        o->nr = (uint8_t)gtd_get(w, &L->reg);
        o->subnr = (uint8_t)(gtd_get(w, &L->subreg16) * 16);
    }
}

GT_INLINE int gtd_sends(const gt_eu_encoding *E, const uint32_t *w, gt_inst *in, char *why,
                     size_t why_len)
{
    const gt_enc_sends *S = &E->sends;
    gt_operand *d = &in->dst, *s0 = &in->src[0], *s1 = &in->src[1];
    if (S->direct_untyped) {
        /* Saturate's and AccWrEn's bits are EOT and FusionCtrl here */
        in->saturate = 0;
        in->acc_wr = 0;
        in->serialize = (uint8_t)gtd_get(w, &S->fusion_ctrl);
        d->type = GT_TYPE_UD;
        d->nr = (uint8_t)gtd_get(w, &E->dst.reg);
        s0->nr = (uint8_t)gtd_get(w, &E->src0.reg);
    } else {
        unsigned tenc = gtd_get(w, &E->dst.type);
        int t = E->reg_types[tenc];
        if (t < 0)
            GTD_FAIL("dst: invalid type encoding %u", tenc);
        d->type = (uint8_t)t;
        gtd_sends_reg(w, &E->dst, &S->dst_ind_off, d);
        gtd_sends_reg(w, &E->src0, &S->src0_ind_off, s0);
    }
    d->file = gtd_get(w, &S->dst_file) ? GT_FILE_GRF : GT_FILE_ARF;
    d->hstride = 1;
    s0->file = !gt_field_present(&S->src0_file) || gtd_get(w, &S->src0_file) ? GT_FILE_GRF
                                                                              : GT_FILE_ARF;
    s0->type = d->type;
    s1->file = gtd_get(w, &S->src1_file) ? GT_FILE_GRF : GT_FILE_ARF;
    s1->type = d->type;
    s1->nr = (uint8_t)gtd_get(w, &S->src1_reg);
    in->desc_reg = (uint8_t)gtd_get(w, &S->desc_reg);
    if (!in->desc_reg)
        in->desc = (uint32_t)gt_field_get(w, &E->send.desc);
    in->exdesc_reg = (uint8_t)gtd_get(w, &S->exdesc_reg);
    if (in->exdesc_reg)
        in->exdesc_subnr = (uint8_t)gtd_get(w, &S->exdesc_subnr);
    else
        in->exdesc = (uint32_t)gt_field_get(w, &S->exdesc);
    return 0;
}

/* A JIP/UIP value in bytes. */
GT_INLINE int32_t gtd_branch_offset(const gt_enc_branch *B, const uint32_t *w, const gt_field *f)
{
    uint64_t v = gt_field_get(w, f), m = 1ull << (B->ip_bits - 1);
    return (int32_t)((int64_t)((v ^ m) - m) * B->ip_scale);
}

/* Ivy Bridge DF (seed 001 §1.3): halve ExecSize and the DF operands'
 * regions from the encoded 4-byte-element values to true elements. */
GT_INLINE void gtd_df_true_elements(gt_inst *in)
{
    int any = in->dst.type == GT_TYPE_DF && in->dst.file != GT_FILE_IMM;
    for (int i = 0; i < in->num_srcs && i < 3; i++)
        if (in->src[i].type == GT_TYPE_DF && in->src[i].file != GT_FILE_IMM)
            any = 1;
    if (!any)
        return;
    in->chan_pairs = 1;
    if (in->exec_size > 1)
        in->exec_size /= 2;
    if (in->dst.type == GT_TYPE_DF && !in->align16 && in->dst.hstride > 1)
        in->dst.hstride /= 2;
    for (int i = 0; i < in->num_srcs && i < 3; i++) {
        gt_operand *o = &in->src[i];
        if (o->type != GT_TYPE_DF || o->file == GT_FILE_IMM || in->align16)
            continue;
        o->vstride /= 2;
        if (o->width > 1)
            o->width /= 2;
        o->hstride /= 2;
    }
}

GT_INLINE uint32_t gtd_le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The opcode table entry of hw in E, or NULL for a reserved opcode. */
GT_INLINE const gt_enc_opcode *gtd_opcode_of(const gt_eu_encoding *E, unsigned hw)
{
    const gt_enc_opcode *o = &E->opcodes[hw & 127];
    if (o->form != GT_FORM_NONE && (o->gens & E->gen))
        return o;
    for (const gt_enc_opcode_alt *a = E->opcode_alts; a && a->o.form; a++)
        if (a->hw == hw && (a->o.gens & E->gen))
            return &a->o;
    return NULL;
}

GT_INLINE int gt_decode_inline(const gt_eu_encoding *E, const uint8_t *code, size_t avail,
                               gt_inst *in, char *why, size_t why_len)
{
    uint32_t w[4];
    const gt_field *H = E->hdr;
    if (why && why_len)
        why[0] = 0;
    if (!code || avail < 8)
        GTD_FAIL("truncated instruction (%zu bytes available)", avail);
    memset(in, 0, sizeof *in);
    w[0] = gtd_le32(code);
    w[1] = gtd_le32(code + 4);
    w[2] = w[3] = 0;
    if (gtd_get(w, &H[GT_H_CMPTCTRL])) {
        if (gt_uncompact_inline(E, code, w, why, why_len) < 0)
            return -1;
        in->raw[0] = gtd_le32(code);
        in->raw[1] = gtd_le32(code + 4);
        in->length = 8;
        in->compacted = 1;
    } else {
        if (avail < 16)
            GTD_FAIL("truncated instruction (%zu bytes available, 16 needed)", avail);
        w[2] = gtd_le32(code + 8);
        w[3] = gtd_le32(code + 12);
        memcpy(in->raw, w, sizeof w);
        in->length = 16;
    }
    unsigned hw = gtd_get(w, &H[GT_H_OPCODE]);
    in->hw_opcode = (uint8_t)hw;
    if (gtd_get(w, &H[GT_H_OPCODE_RSVD]))
        GTD_FAIL("reserved opcode bit %u set (opcode field 0x%02x)", H[GT_H_OPCODE_RSVD].p[0].lo,
             (unsigned)gt_inst_bits(w, H[GT_H_OPCODE_RSVD].p[0].lo, 0));
    const gt_enc_opcode *oc = gtd_opcode_of(E, hw);
    if (!oc)
        GTD_FAIL("reserved opcode %u%s", hw, E->opcode_where);
    unsigned form = oc->form;
    in->op = oc->op;
    in->align16 = (uint8_t)gtd_get(w, &H[GT_H_ACCESS]);
    in->nomask = (uint8_t)gtd_get(w, &H[GT_H_MASKCTRL]);
    in->dep_ctrl = (uint8_t)(gtd_get(w, &H[GT_H_NODDCLR]) | gtd_get(w, &H[GT_H_NODDCHK]) << 1);
    in->chan_off = (uint8_t)(gtd_get(w, &H[GT_H_QTRCTRL]) * 8 + gtd_get(w, &H[GT_H_NIBCTRL]) * 4);
    in->thread_ctrl = (uint8_t)gtd_get(w, &H[GT_H_THREADCTRL]);
    if (in->thread_ctrl == 3)
        GTD_FAIL("reserved thread control encoding 3");
    in->pred = (uint8_t)gtd_get(w, &H[GT_H_PREDCTRL]);
    if (in->align16 ? in->pred > 7 : in->pred > 13)
        GTD_FAIL("reserved predicate control encoding %u", in->pred);
    in->pred_inv = (uint8_t)gtd_get(w, &H[GT_H_PREDINV]);
    unsigned es = gtd_get(w, &H[GT_H_EXECSIZE]);
    if (es > 5)
        GTD_FAIL("reserved execution size encoding %u", es);
    in->exec_size = (uint8_t)(1u << es);
    in->acc_wr = (uint8_t)gtd_get(w, &H[GT_H_ACCWREN]);
    in->debug_ctrl = (uint8_t)gtd_get(w, &H[GT_H_DEBUG]);
    in->saturate = (uint8_t)gtd_get(w, &H[GT_H_SATURATE]);
    in->flag_subnr = (uint8_t)gtd_get(w, &H[GT_H_FLAGSUB]);
    in->flag_nr = (uint8_t)gtd_get(w, &H[GT_H_FLAGREG]);
    unsigned cm = gtd_get(w, &H[GT_H_CONDMOD]);
    int alu_cond = 0; /* GT_FORM_ALU: CondCtrl is a conditional modifier */
    in->num_srcs = oc->nsrc;
    if (gt_field_present(&H[GT_H_SWSB])) {
        /* Gen12 software scoreboard byte, as iga64 -p=12p1 reads it:
         * 0000dddd RegDist d (0 none); 0010ssss wait for SBID s's
         * destination, 0011ssss its sources, 0100ssss allocate SBID s;
         * 1dddssss RegDist d and SBID s, allocated by an out-of-order
         * instruction (send, sendc, math), else waited for (.dst);
         * 0001xxxx and 0101xxxx-0111xxxx are reserved. */
        unsigned sw = gtd_get(w, &H[GT_H_SWSB]);
        int ooo = form == GT_FORM_SEND || form == GT_FORM_SENDS || form == GT_FORM_MATH;
        if (sw & 0x80) {
            in->swsb_dist = (uint8_t)(sw >> 4 & 7);
            in->swsb_sbid = (uint8_t)(sw & 15);
            in->swsb_mode = ooo ? GT_SWSB_SET : GT_SWSB_DST;
            in->swsb_both = 1;
        } else if ((sw >> 4) == 0) {
            in->swsb_dist = (uint8_t)sw;
        } else if ((sw >> 4) >= 2 && (sw >> 4) <= 4) {
            in->swsb_sbid = (uint8_t)(sw & 15);
            in->swsb_mode = (sw >> 4) == 2 ? GT_SWSB_DST : (sw >> 4) == 3 ? GT_SWSB_SRC : GT_SWSB_SET;
        } else {
            GTD_FAIL("reserved software scoreboard (SWSB) encoding 0x%02x", sw);
        }
    }

    switch (form) {
    case GT_FORM_SYNC:
        /* sync: function control in the CondCtrl bits, src0 null or an
         * immediate SBID mask (seed 004 sync). */
        if (cm > 15 || !(E->sync_fcs >> cm & 1))
            GTD_FAIL("reserved sync function control %u", cm);
        in->sync_fc = (uint8_t)cm;
        if (gtd_operand(E, w, &E->src0, 0, &in->src[0], "src0", why, why_len) < 0)
            return -1;
        break;
    case GT_FORM_ILLEGAL:
    case GT_FORM_NOP:
        in->num_srcs = 0;
        break;
    case GT_FORM_MATH:
        if (cm > 15 || !(E->math_fcs >> cm & 1))
            GTD_FAIL("reserved math function %u", cm);
        in->math_fc = (uint8_t)cm;
        in->num_srcs = (cm == GT_MATH_FDIV || cm == GT_MATH_POW || cm == GT_MATH_IDIV_BOTH ||
                        cm == GT_MATH_IDIV_QUOT || cm == GT_MATH_IDIV_REM || cm == GT_MATH_INVM)
                           ? 2 : 1;
        if (cm == GT_MATH_INVM || cm == GT_MATH_RSQRTM) {
            /* IEEE macros: operands are whole registers named by number
             * with a MathMacroExt in the ChanEn / swizzle bits; GED rejects
             * indirect addressing on dst and src0 (DstAddrMode /
             * Src0AddrMode invalid) and the mme field shares bits with the
             * Align16 indirect immediate, so no operand may be indirect. */
            if (gtd_get(w, &E->dst.addr_mode) || gtd_get(w, &E->src0.addr_mode) ||
                (in->num_srcs == 2 && gtd_get(w, &E->src1.addr_mode)))
                GTD_FAIL("indirect addressing on a math macro operand");
        }
        goto alu_operands;
    case GT_FORM_ALU:
        alu_cond = 1;
    alu_operands:
        if (gtd_operand(E, w, &E->dst, in->align16, &in->dst, "dst", why, why_len) < 0)
            return -1;
        if (gtd_operand(E, w, &E->src0, in->align16, &in->src[0], "src0", why, why_len) < 0)
            return -1;
        if (in->num_srcs >= 2) {
            if (in->src[0].file == GT_FILE_IMM)
                GTD_FAIL("src0: immediate in a two-source instruction");
            if (gtd_operand(E, w, &E->src1, in->align16, &in->src[1], "src1", why, why_len) < 0)
                return -1;
            if (form == GT_FORM_MATH && E->math_src1_direct && in->src[1].indirect)
                GTD_FAIL("src1: indirect math source 1 (a direct operand only)");
            if (in->src[1].file == GT_FILE_IMM && gt_type_size(in->src[1].type) == 8)
                GTD_FAIL("src1: 64-bit immediate in src1");
        } else if (form == GT_FORM_MATH && E->math_1src_src1 && in->src[0].file != GT_FILE_IMM &&
                   gtd_operand(E, w, &E->src1, in->align16, &in->src[1], "src1", NULL, 0) < 0) {
            /* One-source math: src1 is unused (normally null); kept for
             * printers that show the encoding, zero when malformed. */
            memset(&in->src[1], 0, sizeof in->src[1]);
        }
        /* A 64-bit immediate whose bits include CondCtrl's (Gen12: bits
         * 95:64) leaves no conditional modifier. */
        if (alu_cond && !(in->src[0].file == GT_FILE_IMM && gt_type_size(in->src[0].type) == 8 &&
                          gtd_fields_overlap(&E->imm64, &H[GT_H_CONDMOD]))) {
            if (cm == 7 || cm > 9)
                GTD_FAIL("reserved conditional modifier %u", cm);
            in->cond = (uint8_t)cm;
        }
        break;
    case GT_FORM_3SRC:
        if (gt_field_present(&E->src3a1.dst_reg)) {
            if (cm == 7 || cm > 9)
                GTD_FAIL("reserved conditional modifier %u", cm);
            in->cond = (uint8_t)cm;
            if (gtd_3src_a1(E, w, in, why, why_len) < 0)
                return -1;
            break;
        }
        if (!in->align16)
            GTD_FAIL("3-source instruction with Align1 access mode%s", E->src3.align1_what);
        if (cm == 7 || cm > 9)
            GTD_FAIL("reserved conditional modifier %u", cm);
        in->cond = (uint8_t)cm;
        in->flag_subnr = (uint8_t)gtd_get(w, &E->src3.flag_sub);
        in->flag_nr = (uint8_t)gtd_get(w, &E->src3.flag_reg);
        if (gtd_3src(E, w, in, why, why_len) < 0)
            return -1;
        break;
    case GT_FORM_DIM:
        if (cm == 7 || cm > 9)
            GTD_FAIL("reserved conditional modifier %u", cm);
        in->cond = (uint8_t)cm;
        if (gtd_operand(E, w, &E->dst, in->align16, &in->dst, "dst", why, why_len) < 0)
            return -1;
        if (in->dst.type != GT_TYPE_DF)
            GTD_FAIL("dim: destination type %s, not DF", gt_type_name(in->dst.type));
        if (!gtd_is_imm(E, w, &E->src0))
            GTD_FAIL("dim: src0 is not an immediate");
        memset(&in->src[0], 0, sizeof in->src[0]);
        in->src[0].file = GT_FILE_IMM;
        in->src[0].type = GT_TYPE_DF;
        in->src[0].imm = gt_field_get(w, &E->dim_imm);
        break;
    case GT_FORM_SEND:
    case GT_FORM_SENDS:
        in->sfid = (uint8_t)gtd_get(w, &E->send.sfid);
        in->eot = (uint8_t)gtd_get(w, &E->send.eot);
        if ((form == GT_FORM_SEND ? gtd_send : gtd_sends)(E, w, in, why, why_len) < 0)
            return -1;
        in->exdesc |= (uint32_t)in->sfid | (uint32_t)in->eot << 5;
        break;
    case GT_FORM_BRANCH: {
        const gt_enc_branch *B = &E->branch;
        if (B->reg_offsets && (in->op == GT_OP_BRD || in->op == GT_OP_BRC) &&
            !gtd_is_imm(E, w, &E->src0)) {
            /* brd / brc with the offsets in a register (seed 004 brd, brc):
             * brd's JIP is a scalar DWord at src0, brc's JIP and UIP a DWord
             * pair at src0 read as <2;2,1>; bytes relative to this IP. */
            in->jip_reg = 1;
            if (gtd_operand(E, w, &E->src0, 0, &in->src[0], "src0", why, why_len) < 0)
                return -1;
        } else {
            if (B->is_imm_selects && !gtd_is_imm(E, w, &E->src0))
                GTD_FAIL("branch offsets in a src0 register (Src0.IsImm clear): not modelled "
                         "for this instruction");
            in->jip = gtd_branch_offset(B, w, &B->jip);
            if (oc->has_uip)
                in->uip = gtd_branch_offset(B, w, &B->uip);
        }
        if (B->else_jip_only && in->op == GT_OP_ELSE) {
            /* else with JIP only (the channels that ran the if part jump
             * to it); it is not predicated (iga64 -p=7p5 ignores PredCtrl). */
            in->uip = in->jip;
            in->pred = 0;
            in->pred_inv = 0;
        }
        if (B->src0_type_kept)
            in->src[1].type = (uint8_t)E->imm_types[gtd_get(w, &E->src0.type)];
        if (gt_field_present(&B->branch_ctrl)) {
            in->branch_ctrl = (uint8_t)gtd_get(w, &B->branch_ctrl);
            in->acc_wr = 0;
        }
        break;
    }
    case GT_FORM_JMPI:
    case GT_FORM_CALL:
    case GT_FORM_CALLA:
        /* The target: a src1 immediate (jmpi: relative to the next
         * instruction, wrapping like the hardware IP) or register. */
        if (form != GT_FORM_JMPI && gtd_operand(E, w, &E->dst, 0, &in->dst, "dst", why, why_len) < 0)
            return -1;
        if (gtd_is_imm(E, w, E->branch.target_src0 ? &E->src0 : &E->src1))
            in->jip = (int32_t)((uint32_t)gt_field_get(w, &E->branch.imm32) +
                                (form == GT_FORM_JMPI && !E->branch.jmpi_from_ip ? 16u : 0u));
        else {
            in->jip_reg = 1;
            if (gtd_operand(E, w, E->branch.target_src0 ? &E->src0 : &E->src1, 0, &in->src[1],
                            E->branch.target_src0 ? "src0" : "src1", why, why_len) < 0)
                return -1;
        }
        break;
    case GT_FORM_RET:
    case GT_FORM_WAIT:
        if (form == GT_FORM_WAIT && gtd_operand(E, w, &E->dst, 0, &in->dst, "dst", why, why_len) < 0)
            return -1;
        if (form == GT_FORM_RET && E->branch.is_imm_selects && gtd_is_imm(E, w, &E->src0))
            GTD_FAIL("ret with an immediate JIP (Src0.IsImm set): not modelled");
        if (gtd_operand(E, w, &E->src0, 0, &in->src[0], "src0", why, why_len) < 0)
            return -1;
        break;
    }
    if (E->df_4byte_elements && (form == GT_FORM_ALU || form == GT_FORM_MATH || form == GT_FORM_3SRC))
        gtd_df_true_elements(in);
    if (E->branch.untyped_operands &&
        (form == GT_FORM_BRANCH || form == GT_FORM_JMPI || form == GT_FORM_CALL ||
         form == GT_FORM_CALLA || form == GT_FORM_RET)) {
        /* DWord offsets and return addresses (the type fields are reserved) */
        if (in->dst.indirect || in->src[0].indirect || in->src[1].indirect)
            GTD_FAIL("indirect branch operand (a direct operand only)");
        if (in->dst.file != GT_FILE_IMM)
            in->dst.type = GT_TYPE_D;
        for (int i = 0; i < 2; i++)
            if (in->src[i].file != GT_FILE_IMM)
                in->src[i].type = GT_TYPE_D;
    }
    return in->length;
}

#endif
