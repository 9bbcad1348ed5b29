/*
 * The compaction expander for any encoding description (the code is in
 * decode_impl.h; each encoding file instantiates the decoder for its
 * generation), and the encoded-field views printers use.
 */
#include "eu/decode_impl.h"

int gt_eu_uncompact(const gt_eu_encoding *E, const uint8_t code[8], uint32_t w[4], char *why,
                    size_t why_len)
{
    return gt_uncompact_inline(E, code, w, why, why_len);
}

int gt_eu_native(const gt_eu_encoding *E, const gt_inst *in, uint32_t w[4])
{
    if (in->compacted) {
        uint8_t c[8];
        for (int i = 0; i < 8; i++)
            c[i] = (uint8_t)(in->raw[i >> 2] >> (8 * (i & 3)));
        return gt_eu_uncompact(E, c, w, NULL, 0);
    }
    memcpy(w, in->raw, 4 * sizeof w[0]);
    return 0;
}

int gt_eu_enc_values(const gt_eu_encoding *E, const gt_inst *in, gt_enc_values *e)
{
    uint32_t w[4];
    memset(e, 0, sizeof *e);
    if (gt_eu_native(E, in, w) < 0)
        return -1;
    e->exec_size = (uint8_t)(1u << (gtd_get(w, &E->hdr[GT_H_EXECSIZE]) & 7));
    e->dst_hstride = gt_enc_hstride[gtd_get(w, &E->dst.hstride)];
    const gt_enc_opnd *L[2] = {&E->src0, &E->src1};
    for (int i = 0; i < 2; i++) {
        e->vstride[i] = gt_enc_vstride[gtd_get(w, &L[i]->vstride)];
        e->width[i] = gt_enc_width[gtd_get(w, &L[i]->width)];
        e->hstride[i] = gt_enc_hstride[gtd_get(w, &L[i]->hstride)];
    }
    e->dst3_subreg = (uint8_t)gtd_get(w, &E->src3.dst_subreg);
    e->dst3_writemask = (uint8_t)gtd_get(w, &E->src3.dst_writemask);
    return 0;
}
