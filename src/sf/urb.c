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
 *
 * The SIMD8 messages of the 3D pipeline's shaders (seed 004 MSDUW_DWS,
 * MSDUW_MDWS, MSDUR_DWS: opcode 7 URB_SIMD8_WRITE, 8 URB_SIMD8_READ; bit
 * 17 Per Slot Offset Present, bit 15 Channel Mask Present, bits 14:4
 * Global Offset in OWords) address the 3D URB (src/pipe3d: entries of
 * 3DSTATE_URB_*).  Message phases in order (public facts: Mesa
 * brw_fs.cpp's URB write lowering, the SKL PRM URB messages): the header,
 * whose DWords 0..7 hold slot 0..7's URB handle (64-byte units of the URB);
 * the per-slot offsets (a register, DWord per slot, OWords) when present;
 * the channel masks (a register, bits 23:16 of each slot's DWord enable
 * its DWords 0..7) when present; then the data: register i holds DWord i
 * of the 8 slots.  A read returns rlen registers the same way.
 */
#include "pipe/media.h"
#include "pipe3d/pipe3d.h"
#include "sf/sf_int.h"

enum {
    URB_WRITE_HWORD = 0, URB_WRITE_OWORD = 1, URB_READ_HWORD = 2, URB_READ_OWORD = 3,
    URB_SIMD8_WRITE = 7, URB_SIMD8_READ = 8,
};

/* URB_SIMD8_WRITE / URB_SIMD8_READ on the 3D URB. */
static int urb_simd8(sf_msg *m, bool write)
{
    bool per_slot = gt_bits(m->desc, 17, 17), masked = gt_bits(m->desc, 15, 15);
    uint32_t goff = gt_bits(m->desc, 14, 4);
    unsigned phase = 1 + per_slot + masked;
    unsigned ndw = write ? (m->nregs > phase ? m->nregs - phase : 0) : m->rlen;
    int st = sf_check_len(m, phase);
    if (st)
        return st;
    if (!m->header)
        return sf_fail(m, GTSIM_ERR_INVALID, "URB SIMD8 message without its header (descriptor bit 19)");
    if (ndw > 8)
        return sf_fail(m, GTSIM_ERR_INVALID, "URB SIMD8 message of %u DWords per slot (at most 8)", ndw);
    uint32_t size;
    uint8_t *urb = gt_pipe3d_urb(m->dev, &size);
    if (!urb)
        return sf_fail(m, GTSIM_ERR_NOMEM, "no URB (out of memory)");
    for (unsigned s = 0; s < 8; s++) {
        if (!(m->mask >> s & 1))
            continue;
        m->lane = (int)s;
        uint32_t handle = sf_pay32(m, 0, 4 * s) & 0xffff;
        uint32_t off = goff + (per_slot ? sf_pay32(m, 1, 4 * s) : 0);
        uint32_t cmask = masked ? sf_pay32(m, 1 + per_slot, 4 * s) >> 16 & 0xff : 0xff;
        uint64_t start = 64ull * handle + 16ull * off;
        if (start + 4ull * ndw > size)
            return sf_fail(m, GTSIM_ERR_INVALID,
                           "URB access of %u DWords at byte 0x%llx (slot %u: handle 0x%x, offset %u OWords) "
                           "outside the URB (%u bytes)", ndw, (unsigned long long)start, s, handle, off, size);
        for (unsigned d = 0; d < ndw; d++) {
            if (write) {
                if (cmask >> d & 1)
                    memcpy(urb + start + 4 * d, m->reg[phase + d] + 4 * s, 4);
            } else if (m->dst) {
                memcpy(m->dst + 32 * d + 4 * s, urb + start + 4 * d, 4);
            }
        }
    }
    m->lane = -1;
    return GTSIM_OK;
}

int sf_urb(sf_msg *m)
{
    static const char *const names[16] = {"URB write HWord", "URB write OWord", "URB read HWord",
                                          "URB read OWord", "URB atomic mov", "URB atomic inc",
                                          "URB atomic add", "URB SIMD8 write", "URB SIMD8 read",
                                          "URB message", "URB message", "URB message", "URB message",
                                          "URB message", "URB message", "URB message"};
    unsigned op = gt_bits(m->desc, 3, 0);
    m->name = names[op];
    if (op == URB_SIMD8_WRITE || op == URB_SIMD8_READ)
        return urb_simd8(m, op == URB_SIMD8_WRITE);
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
