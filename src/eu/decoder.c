/*
 * Per-platform instruction decoder selection.  Each generation's decoder
 * lives in its own file (decode_gen9.c ...); this table maps a platform to
 * it.
 */
#include "eu/eu.h"

static const struct {
    int gen; /* gt_platform.gen */
    gt_decode_fn fn;
} gt_decoders[] = {
    {9, gt_decode_gen9},
};

gt_decode_fn gt_decoder_for(const gt_platform *plat)
{
    if (!plat)
        return NULL;
    for (size_t i = 0; i < sizeof gt_decoders / sizeof gt_decoders[0]; i++)
        if (gt_decoders[i].gen == plat->gen)
            return gt_decoders[i].fn;
    return NULL;
}
