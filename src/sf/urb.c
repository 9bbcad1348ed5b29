/*
 * URB messages (SFID 6): block reads and writes of URB entries by handle,
 * the way a media root thread fills the payload of the child threads it
 * spawns (seed 000 §1.5.1.2 URB handles, §1.7.2 thread spawn message: a
 * child's payload is read from its URB handle).
 *
 * Descriptor (public facts: Mesa brw_eu_defines.h BRW_URB_OPCODE_*, the
 * Gen7 URB message descriptor):
 *   bits 3:0   opcode: 0 write HWord, 1 write OWord, 2 read HWord,
 *              3 read OWord (4 atomic mov, 5 atomic inc: not modelled)
 *   bits 14:4  global offset, in HWords (32 bytes) or OWords (16 bytes)
 *   bit 16     per-slot offset (not modelled)
 * Header (M0, always present): M0.0 bits 15:0 the URB handle, in 32-byte
 * URB rows (the unit of the handles R0.0 and the thread spawner use).
 * Write data: the registers after the header, whole registers, stored at
 * consecutive addresses; reads return rlen registers the same way.
 * Accesses must lie inside the URB entries MEDIA_VFE_STATE allocated
 * (gt_media_urb_alloc); anything else is reported with the handle, the
 * offset and the allocation.
 */
#include "pipe/media.h"
#include "sf/sf_int.h"

enum { URB_WRITE_HWORD = 0, URB_WRITE_OWORD = 1, URB_READ_HWORD = 2, URB_READ_OWORD = 3 };

int sf_urb(sf_msg *m)
{
    static const char *const names[8] = {"URB write HWord", "URB write OWord", "URB read HWord",
                                         "URB read OWord", "URB atomic mov", "URB atomic inc",
                                         "URB message", "URB message"};
    unsigned op = gt_bits(m->desc, 3, 0);
    m->name = names[op & 7];
    if (op > URB_READ_OWORD)
        return sf_fail(m, GTSIM_ERR_UNIMPL, "URB opcode %u not implemented", op);
    if (gt_bits(m->desc, 16, 16))
        return sf_fail(m, GTSIM_ERR_UNIMPL, "URB per-slot offsets (descriptor bit 16) not implemented");
    int st = sf_check_len(m, 1);
    if (st)
        return st;
    bool write = op == URB_WRITE_HWORD || op == URB_WRITE_OWORD;
    bool hword = op == URB_WRITE_HWORD || op == URB_READ_HWORD;
    uint32_t handle = sf_pay32(m, 0, 0) & 0xffff;
    uint32_t goff = gt_bits(m->desc, 14, 4);
    uint64_t start = 32ull * handle + (uint64_t)goff * (hword ? 32 : 16);
    uint32_t regs = write ? m->mlen - 1 : m->rlen;
    uint64_t len = 32ull * regs;
    uint32_t first, rows, size;
    uint8_t *urb = gt_media_urb(m->dev, &size);
    if (!urb)
        return sf_fail(m, GTSIM_ERR_NOMEM, "no URB (out of memory)");
    gt_media_urb_alloc(m->dev, &first, &rows);
    uint64_t lo = 32ull * first, hi = 32ull * (first + rows);
    if (start < lo || start + len > hi || start + len > size)
        return sf_fail(m, GTSIM_ERR_INVALID,
                       "URB access of %llu bytes at byte 0x%llx (handle 0x%x = row %u, global offset %u %s) "
                       "outside the URB entries allocated by MEDIA_VFE_STATE (rows %u..%u)",
                       (unsigned long long)len, (unsigned long long)start, handle, handle, goff,
                       hword ? "HWords" : "OWords", first, first + rows);
    if (write) {
        for (uint32_t r = 0; r < regs; r++)
            memcpy(urb + start + 32 * r, m->reg[1 + r], 32);
    } else if (m->dst) {
        memcpy(m->dst, urb + start, len);
    }
    return GTSIM_OK;
}
