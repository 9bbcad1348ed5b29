/*
 * Field access in a native (uncompacted) 128-bit EU instruction held as
 * four little-endian DWords w[0..3] (bit b is bit b%32 of w[b/32]), as the
 * instruction pages of seeds 001/002/004 number them.  Fields are at most
 * 64 bits wide and may cross a DWord boundary.
 */
#ifndef GT_EU_BITS_H
#define GT_EU_BITS_H

#include <stdint.h>

/* Bits hi..lo (inclusive, hi >= lo, hi - lo < 64) of w: a 64-bit window
 * from the DWord holding bit lo, plus the next DWord when the field
 * reaches past the window. */
static inline uint64_t gt_inst_bits(const uint32_t w[4], unsigned hi, unsigned lo)
{
    unsigned q = lo >> 5, sh = lo & 31, n = hi - lo + 1;
    uint64_t v = w[q];
    if (q < 3)
        v |= (uint64_t)w[q + 1] << 32;
    v >>= sh;
    if (n > 64 - sh)
        v |= (uint64_t)w[q + 2] << (64 - sh);
    return n >= 64 ? v : v & ((1ull << n) - 1);
}

/* Store the low hi - lo + 1 bits of v into bits hi..lo of w (the same
 * window as gt_inst_bits). */
static inline void gt_inst_set_bits(uint32_t w[4], unsigned hi, unsigned lo, uint64_t v)
{
    unsigned q = lo >> 5, sh = lo & 31, n = hi - lo + 1;
    uint64_t m = n >= 64 ? ~0ull : (1ull << n) - 1;
    v &= m;
    uint64_t win = w[q];
    if (q < 3)
        win |= (uint64_t)w[q + 1] << 32;
    win = (win & ~(m << sh)) | v << sh;
    w[q] = (uint32_t)win;
    if (q < 3)
        w[q + 1] = (uint32_t)(win >> 32);
    if (n > 64 - sh) {
        uint32_t m2 = (uint32_t)(m >> (64 - sh));
        w[q + 2] = (w[q + 2] & ~m2) | ((uint32_t)(v >> (64 - sh)) & m2);
    }
}

#endif
