/*
 * Field access in a native (uncompacted) 128-bit EU instruction held as
 * four little-endian DWords w[0..3] (bit b is bit b%32 of w[b/32]), as the
 * instruction pages of seeds 001/002/004 number them.  Fields are at most
 * 64 bits wide and may cross a DWord boundary.
 */
#ifndef GT_EU_BITS_H
#define GT_EU_BITS_H

#include <stdint.h>

/* Bits hi..lo (inclusive, hi >= lo, hi - lo < 64) of w. */
static inline uint64_t gt_inst_bits(const uint32_t w[4], unsigned hi, unsigned lo)
{
    uint64_t v = 0;
    for (unsigned got = 0, n = hi - lo + 1; got < n;) {
        unsigned sh = lo & 31, take = 32 - sh < n - got ? 32 - sh : n - got;
        v |= (uint64_t)((w[lo >> 5] >> sh) & (uint32_t)((1ull << take) - 1)) << got;
        got += take;
        lo += take;
    }
    return v;
}

/* Store the low hi - lo + 1 bits of v into bits hi..lo of w. */
static inline void gt_inst_set_bits(uint32_t w[4], unsigned hi, unsigned lo, uint64_t v)
{
    for (unsigned done = 0, n = hi - lo + 1; done < n;) {
        unsigned sh = lo & 31, take = 32 - sh < n - done ? 32 - sh : n - done;
        uint32_t mask = (uint32_t)((1ull << take) - 1) << sh;
        w[lo >> 5] = (w[lo >> 5] & ~mask) | ((uint32_t)(v >> done) << sh & mask);
        done += take;
        lo += take;
    }
}

#endif
