/*
 * Data port (HDC) messages, Gen9 encodings.
 *
 * Message types (descriptor bits 18:14) and message-control bits (13:8)
 * follow the Skylake data port: the seed 004 MSD* pages give the Gen12
 * layout of the same messages (MSD0R_OWB, MSD0R_DWS, MSD0R_BS, MSD1R_US,
 * MSD1R_DWAI, MSD1R_A64_*, MSD0R_SB ...); the Gen9 message-type numbers are
 * public facts (Mesa brw_eu_defines.h HSW_DATAPORT_DC_PORT0_*,
 * HSW_DATAPORT_DC_PORT1_*, GEN8/GEN9_DATAPORT_DC_PORT1_A64_*; IGA names).
 *
 * Data cache 0 (SFID 0xA):
 *   0  OWord block read (aligned)  ctrl 10:8 block size; M0.2 offset in OWords
 *   1  unaligned OWord block read  ctrl 10:8 block size; M0.2 offset in bytes (DWord
 *                                  aligned; seed 004/IGA name: "Oword Aligned Block Read")
 *   3  DWord scattered read        ctrl 8 SIMD16, 9 legacy SIMD mode (1)
 *   4  byte scattered read         ctrl 8 SIMD16, 11:10 data size (1, 2, 4 B)
 *   7  memory fence
 *   8  OWord block write           as 0
 *  11  DWord scattered write       as 3
 *  12  byte scattered write        as 4
 *   bit 18 set: scratch block read/write (17 write, 13:12 HWords - 1,
 *      11:0 offset in HWords from the header's M0.5[31:10] scratch pointer)
 * Data cache 1 (SFID 0xC):
 *   0x01 untyped surface read      ctrl 11:8 channel mask (1 = disabled), 13:12 SIMD mode (1 SIMD16, 2 SIMD8)
 *   0x09 untyped surface write     as 0x01
 *   0x02 untyped atomic integer    ctrl 11:8 op, 12 SIMD8, 13 return data
 *   0x1b untyped atomic float      ctrl 9:8 op (FMAX 1, FMIN 2, FCMPWR 3), 12 SIMD8, 13 return data
 *   0x10 A64 scattered read        ctrl 9:8 subtype (byte, DWord, QWord), 11:10 data elements, 12 SIMD16
 *   0x1a A64 scattered write       as 0x10
 *   0x11 A64 untyped surface read  as 0x01 (64-bit addresses)
 *   0x19 A64 untyped surface write as 0x01
 *   0x12 A64 untyped atomic int    ctrl 11:8 op, 12 64-bit data, 13 return data (SIMD8)
 *   0x1d A64 untyped atomic float  ctrl 9:8 op, 13 return data (SIMD8)
 *   0x14 A64 OWord block read      ctrl 10:8 block size, 12:11 subtype (0: 16-byte aligned
 *                                  address, 1: DWord-aligned address; seed 004 and IGA call
 *                                  subtype 1 "Oword Aligned Block", Mesa uses it for
 *                                  unaligned reads); 64-bit byte address in M0.1:0
 *   0x15 A64 OWord block write     as 0x14
 * Read-only data ports (type in 17:14, seed 004 MSD_CC_* / MSD_SC_*):
 *   constant cache (SFID 0x9): 0 OWord block read, 1 unaligned OWord block
 *   read, 3 DWord scattered read; sampler cache (SFID 0x4): 4 unaligned
 *   OWord block read.
 *
 * Payload layout (no header unless desc bit 19; block and scratch messages
 * always have one): per-slot 32-bit values 8 per GRF (SIMD16 uses two
 * registers), 64-bit values 4 per GRF; for several channels/elements all
 * slots of channel 0 come first, then channel 1, ...  Responses use the
 * same layout; disabled slots of a read leave the destination unchanged.
 */
#include <math.h>

#include "sf/sf_int.h"

enum {
    DC0_OWORD_BLOCK_READ = 0, DC0_UNALIGNED_OWORD_BLOCK_READ = 1, DC0_OWORD_DUAL_BLOCK_READ = 2,
    DC0_DWORD_SCATTERED_READ = 3, DC0_BYTE_SCATTERED_READ = 4, DC0_MEMORY_FENCE = 7,
    DC0_OWORD_BLOCK_WRITE = 8, DC0_OWORD_DUAL_BLOCK_WRITE = 10, DC0_DWORD_SCATTERED_WRITE = 11,
    DC0_BYTE_SCATTERED_WRITE = 12,
};
enum {
    DC1_UNTYPED_READ = 0x01, DC1_UNTYPED_ATOMIC = 0x02, DC1_UNTYPED_ATOMIC_SIMD4X2 = 0x03,
    DC1_MEDIA_BLOCK_READ = 0x04, DC1_TYPED_READ = 0x05, DC1_TYPED_ATOMIC = 0x06,
    DC1_TYPED_ATOMIC_SIMD4X2 = 0x07, DC1_UNTYPED_WRITE = 0x09, DC1_MEDIA_BLOCK_WRITE = 0x0a,
    DC1_ATOMIC_COUNTER = 0x0b, DC1_ATOMIC_COUNTER_SIMD4X2 = 0x0c, DC1_TYPED_WRITE = 0x0d,
    DC1_A64_SCATTERED_READ = 0x10, DC1_A64_UNTYPED_READ = 0x11, DC1_A64_UNTYPED_ATOMIC = 0x12,
    DC1_A64_OWORD_BLOCK_READ = 0x14, DC1_A64_OWORD_BLOCK_WRITE = 0x15,
    DC1_A64_UNTYPED_WRITE = 0x19, DC1_A64_SCATTERED_WRITE = 0x1a,
    DC1_UNTYPED_ATOMIC_FLOAT = 0x1b, DC1_A64_UNTYPED_ATOMIC_FLOAT = 0x1d,
};

static const char *const dc0_names[16] = {
    [0] = "OWord block read", [1] = "unaligned OWord block read",
    [2] = "OWord dual block read", [3] = "DWord scattered read",
    [4] = "byte scattered read", [7] = "memory fence", [8] = "OWord block write",
    [10] = "OWord dual block write", [11] = "DWord scattered write",
    [12] = "byte scattered write",
};
static const char *const dc1_names[32] = {
    [0x01] = "untyped surface read", [0x02] = "untyped atomic",
    [0x03] = "untyped atomic SIMD4x2", [0x04] = "media block read",
    [0x05] = "typed surface read", [0x06] = "typed atomic", [0x07] = "typed atomic SIMD4x2",
    [0x09] = "untyped surface write", [0x0a] = "media block write",
    [0x0b] = "atomic counter", [0x0c] = "atomic counter SIMD4x2",
    [0x0d] = "typed surface write", [0x10] = "A64 scattered read",
    [0x11] = "A64 untyped surface read", [0x12] = "A64 untyped atomic",
    [0x14] = "A64 OWord block read", [0x15] = "A64 OWord block write",
    [0x19] = "A64 untyped surface write", [0x1a] = "A64 scattered write",
    [0x1b] = "untyped atomic float", [0x1d] = "A64 untyped atomic float",
};

static int unimpl(sf_msg *m, unsigned type)
{
    if (!m->name)
        m->name = "unknown data port message";
    return sf_fail(m, GTSIM_ERR_UNIMPL, "data port message type 0x%x not implemented", type);
}

/* Memory access to a whole block; for a bounded space a block that
 * crosses the limit is checked DWord by DWord (the in-bounds part is
 * accessed). */
static int block_rw(sf_msg *m, const sf_space *s, uint64_t off, uint8_t *buf, unsigned bytes,
                    bool write)
{
    if (!s->bounded || (off <= s->limit && bytes <= s->limit - off))
        return write ? sf_write(m, s, off, buf, bytes) : sf_read(m, s, off, buf, bytes);
    for (unsigned b = 0; b < bytes; b += 4) {
        int st = write ? sf_write(m, s, off + b, buf + b, 4) : sf_read(m, s, off + b, buf + b, 4);
        if (st)
            return st;
    }
    return GTSIM_OK;
}

/* OWord block read/write of block-size code ctrl (MDC_DB_OW: 0 one OWord
 * in the low half of the register, 1 one OWord in the high half, 2, 3, 4:
 * 2, 4, 8 OWords) at byte offset off.  Write data starts at message
 * register data_reg.  Block messages ignore the execution mask. */
static int oword_block(sf_msg *m, const sf_space *s, uint64_t off, unsigned ctrl, bool write,
                       unsigned data_reg)
{
    static const uint8_t bytes_of[8] = {16, 16, 32, 64, 128, 0, 0, 0};
    unsigned bytes = bytes_of[ctrl & 7];
    if (!bytes)
        return sf_fail(m, GTSIM_ERR_UNIMPL, "OWord block size code %u not implemented", ctrl);
    unsigned half = ctrl == 1 ? 16 : 0; /* byte offset inside the register */
    unsigned regs = (bytes + 31) / 32;
    uint8_t buf[128];
    int st;
    if (write) {
        if ((st = sf_check_len(m, data_reg + regs)))
            return st;
        for (unsigned r = 0; r < regs; r++)
            memcpy(buf + r * 32, m->reg[data_reg + r] + half, bytes < 32 ? bytes : 32);
        return block_rw(m, s, off, buf, bytes, true);
    }
    if ((st = block_rw(m, s, off, buf, bytes, false)))
        return st;
    for (unsigned r = 0; r < regs && m->dst && r < m->rlen; r++)
        memcpy(m->dst + r * 32 + half, buf + r * 32, bytes < 32 ? bytes : 32);
    return GTSIM_OK;
}

/* Slots of a message with a SIMD16 flag. */
static inline unsigned slots16(bool simd16) { return simd16 ? 16 : 8; }

/* A32 per-slot offsets: DWord scattered and byte scattered messages.
 * size: bytes per slot (1, 2, 4); the data is one DWord per slot. */
static int scattered(sf_msg *m, const sf_space *s, unsigned slots, unsigned size, bool write)
{
    unsigned h = m->header, areg = slots / 8;
    int st = sf_check_len(m, h + areg * (write ? 2 : 1));
    if (st)
        return st;
    /* The header's M0.2 is a global byte offset added to every slot. */
    uint32_t goff = h ? sf_pay32(m, 0, 8) : 0;
    for (unsigned i = 0; i < slots; i++) {
        if (!(m->mask >> i & 1))
            continue;
        uint32_t off = sf_pay32(m, h + i / 8, (i % 8) * 4) + goff;
        uint32_t v = 0;
        if (write) {
            v = sf_pay32(m, h + areg + i / 8, (i % 8) * 4);
            if ((st = sf_write(m, s, off, &v, size)))
                return st;
        } else {
            if ((st = sf_read(m, s, off, &v, size)))
                return st;
            sf_rsp32(m, i / 8, (i % 8) * 4, v);
        }
    }
    return GTSIM_OK;
}

/* Untyped surface read/write (A32 offsets or A64 addresses).  cmask bit c
 * set = channel c (R, G, B, A) disabled. */
static int untyped_rw(sf_msg *m, const sf_space *s, bool a64, bool write)
{
    unsigned cmask = gt_bits(m->desc, 11, 8), mode = gt_bits(m->desc, 13, 12);
    if (mode != 1 && mode != 2)
        return sf_fail(m, GTSIM_ERR_UNIMPL, "SIMD mode %u (%s) not implemented", mode,
                       mode == 0 ? "SIMD4x2" : "reserved");
    unsigned slots = mode == 1 ? 16 : 8;
    unsigned h = m->header, areg = a64 ? slots / 4 : slots / 8, creg = slots / 8;
    unsigned nch = 4 - (unsigned)__builtin_popcount(cmask);
    if (nch == 0)
        return sf_fail(m, GTSIM_ERR_ILLEGAL, "all channels disabled in the channel mask");
    int st = sf_check_len(m, h + areg + (write ? nch * creg : 0));
    if (st)
        return st;
    unsigned dbase = h + areg;
    for (unsigned i = 0; i < slots; i++) {
        if (!(m->mask >> i & 1))
            continue;
        uint64_t addr = a64 ? sf_pay64(m, h + i / 4, (i % 4) * 8)
                            : sf_pay32(m, h + i / 8, (i % 8) * 4);
        unsigned k = 0;
        for (unsigned c = 0; c < 4; c++) {
            if (cmask >> c & 1)
                continue;
            uint64_t off = a64 ? addr + 4 * c : (uint32_t)(addr + 4 * c);
            uint32_t v;
            if (write) {
                v = sf_pay32(m, dbase + k * creg + i / 8, (i % 8) * 4);
                if ((st = sf_write(m, s, off, &v, 4)))
                    return st;
            } else {
                if ((st = sf_read(m, s, off, &v, 4)))
                    return st;
                sf_rsp32(m, k * creg + i / 8, (i % 8) * 4, v);
            }
            k++;
        }
    }
    return GTSIM_OK;
}

/* ---- atomics ---- */

enum {
    AOP_AND = 1, AOP_OR, AOP_XOR, AOP_MOV, AOP_INC, AOP_DEC, AOP_ADD, AOP_SUB, AOP_REVSUB,
    AOP_IMAX, AOP_IMIN, AOP_UMAX, AOP_UMIN, AOP_CMPWR, AOP_PREDEC,
};
enum { FAOP_FMAX = 1, FAOP_FMIN = 2, FAOP_FCMPWR = 3 };

static const char *const aop_names[16] = {
    "reserved", "and", "or", "xor", "mov", "inc", "dec", "add", "sub", "revsub",
    "imax", "imin", "umax", "umin", "cmpwr", "predec",
};

/* Number of source operands of an integer / float atomic op. */
static unsigned aop_srcs(unsigned op, bool flt)
{
    if (flt)
        return op == FAOP_FCMPWR ? 2 : 1;
    switch (op) {
    case AOP_INC: case AOP_DEC: case AOP_PREDEC: return 0;
    case AOP_CMPWR: return 2;
    default: return 1;
    }
}

/* Integer atomic on a value of `bits` (32 or 64).  Returns the new value;
 * *ret gets the value returned to the thread (the old value, except PREDEC
 * which returns the new one). */
static uint64_t aop_int(unsigned op, int bits, uint64_t old, uint64_t s0, uint64_t s1,
                        uint64_t *ret)
{
    uint64_t mask = bits == 64 ? ~0ull : 0xffffffffull, nv;
    int64_t so = bits == 64 ? (int64_t)old : (int32_t)(uint32_t)old;
    int64_t ss = bits == 64 ? (int64_t)s0 : (int32_t)(uint32_t)s0;
    switch (op) {
    case AOP_AND: nv = old & s0; break;
    case AOP_OR: nv = old | s0; break;
    case AOP_XOR: nv = old ^ s0; break;
    case AOP_MOV: nv = s0; break;
    case AOP_INC: nv = old + 1; break;
    case AOP_DEC: case AOP_PREDEC: nv = old - 1; break;
    case AOP_ADD: nv = old + s0; break;
    case AOP_SUB: nv = old - s0; break;
    case AOP_REVSUB: nv = s0 - old; break;
    case AOP_IMAX: nv = so >= ss ? old : s0; break;
    case AOP_IMIN: nv = so <= ss ? old : s0; break;
    case AOP_UMAX: nv = old >= s0 ? old : s0; break;
    case AOP_UMIN: nv = old <= s0 ? old : s0; break;
    case AOP_CMPWR: nv = old == s0 ? s1 : old; break;
    default: nv = old; break;
    }
    nv &= mask;
    *ret = op == AOP_PREDEC ? nv : old;
    return nv;
}

static inline float u2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

/* Float atomic (32-bit): FMAX/FMIN return the non-NaN operand when one is
 * NaN and order -0 below +0; FCMPWR compares as floats. */
static uint32_t aop_float(unsigned op, uint32_t old, uint32_t s0, uint32_t s1)
{
    float a = u2f(old), b = u2f(s0);
    switch (op) {
    case FAOP_FMAX:
    case FAOP_FMIN: {
        if (isnan(a)) return s0;
        if (isnan(b)) return old;
        if (a == b) { /* +0/-0: max prefers +0, min prefers -0 */
            bool a_neg = old >> 31;
            return (op == FAOP_FMAX) == a_neg ? s0 : old;
        }
        return (op == FAOP_FMAX) == (a > b) ? old : s0;
    }
    case FAOP_FCMPWR: return a == b ? s1 : old;
    default: return old;
    }
}

/* Untyped atomic: A32 (SIMD8/16) or A64 (SIMD8), integer or float. */
static int atomic(sf_msg *m, const sf_space *s, bool a64, bool flt)
{
    unsigned op = flt ? gt_bits(m->desc, 9, 8) : gt_bits(m->desc, 11, 8);
    bool ret = gt_bits(m->desc, 13, 13);
    bool q = a64 && !flt && gt_bits(m->desc, 12, 12); /* A64: bit 12 = 64-bit data */
    unsigned slots = a64 ? 8 : (gt_bits(m->desc, 12, 12) ? 8 : 16);
    if (op == 0 || (flt && op > FAOP_FCMPWR))
        return sf_fail(m, GTSIM_ERR_UNIMPL, "atomic %s operation %u (%s) not implemented",
                       flt ? "float" : "integer", op, flt ? "float op" : aop_names[op]);
    unsigned nsrc = aop_srcs(op, flt);
    unsigned h = m->header, areg = a64 ? slots / 4 : slots / 8;
    unsigned dreg = q ? slots / 4 : slots / 8; /* registers per data operand */
    int st = sf_check_len(m, h + areg + nsrc * dreg);
    if (st)
        return st;
    unsigned s0r = h + areg, s1r = s0r + dreg, bytes = q ? 8 : 4;
    for (unsigned i = 0; i < slots; i++) {
        if (!(m->mask >> i & 1))
            continue;
        uint64_t off = a64 ? sf_pay64(m, h + i / 4, (i % 4) * 8) : sf_pay32(m, h + i / 8, (i % 8) * 4);
        uint64_t a = 0, b = 0, old = 0, nv, rv;
        if (q) {
            if (nsrc > 0) a = sf_pay64(m, s0r + i / 4, (i % 4) * 8);
            if (nsrc > 1) b = sf_pay64(m, s1r + i / 4, (i % 4) * 8);
        } else {
            if (nsrc > 0) a = sf_pay32(m, s0r + i / 8, (i % 8) * 4);
            if (nsrc > 1) b = sf_pay32(m, s1r + i / 8, (i % 8) * 4);
        }
        if ((st = sf_read(m, s, off, &old, bytes)))
            return st;
        if (flt) {
            nv = aop_float(op, (uint32_t)old, (uint32_t)a, (uint32_t)b);
            rv = old;
        } else {
            nv = aop_int(op, q ? 64 : 32, old, a, b, &rv);
        }
        if (nv != old && (st = sf_write(m, s, off, &nv, bytes)))
            return st;
        if (!ret)
            continue;
        if (q)
            sf_rsp64(m, i / 4, (i % 4) * 8, rv);
        else
            sf_rsp32(m, i / 8, (i % 8) * 4, (uint32_t)rv);
    }
    return GTSIM_OK;
}

/* A64 scattered read/write: subtype byte (n = 1, 2, 4, 8 bytes per slot,
 * one DWord or, for 8, one QWord of the payload per slot), DWord or QWord
 * (n elements per slot at consecutive addresses, element-major). */
static int a64_scattered(sf_msg *m, const sf_space *s, bool write)
{
    unsigned sub = gt_bits(m->desc, 9, 8), n = 1u << gt_bits(m->desc, 11, 10);
    unsigned slots = slots16(gt_bits(m->desc, 12, 12));
    if (sub == 3)
        return sf_fail(m, GTSIM_ERR_UNIMPL, "A64 scattered subtype 3 (HWord) not implemented");
    unsigned h = m->header, areg = slots / 4;
    unsigned esize = sub == 0 ? n : (sub == 1 ? 4 : 8);  /* bytes per access */
    unsigned nacc = sub == 0 ? 1 : n;                    /* accesses per slot */
    unsigned stride = esize <= 4 ? 4 : 8;                /* payload bytes per slot */
    unsigned dregs = nacc * slots * stride / 32;
    int st = sf_check_len(m, h + areg + (write ? dregs : 0));
    if (st)
        return st;
    unsigned dbase = h + areg;
    for (unsigned i = 0; i < slots; i++) {
        if (!(m->mask >> i & 1))
            continue;
        uint64_t addr = sf_pay64(m, h + i / 4, (i % 4) * 8);
        for (unsigned j = 0; j < nacc; j++) {
            unsigned pb = (j * slots + i) * stride; /* payload byte offset */
            uint64_t v = 0;
            if (write) {
                v = stride == 8 ? sf_pay64(m, dbase + pb / 32, pb % 32)
                                : sf_pay32(m, dbase + pb / 32, pb % 32);
                if ((st = sf_write(m, s, addr + (uint64_t)j * esize, &v, esize)))
                    return st;
            } else {
                if ((st = sf_read(m, s, addr + (uint64_t)j * esize, &v, esize)))
                    return st;
                if (stride == 8)
                    sf_rsp64(m, pb / 32, pb % 32, v);
                else
                    sf_rsp32(m, pb / 32, pb % 32, (uint32_t)v);
            }
        }
    }
    return GTSIM_OK;
}

/* Scratch block read/write (DC0, desc bit 18): seed 004 MSD0R_SB/MSD0W_SB. */
static int scratch_block(sf_msg *m)
{
    bool write = gt_bits(m->desc, 17, 17);
    m->name = write ? "scratch block write" : "scratch block read";
    static const uint8_t regs_of[4] = {1, 2, 0, 4};
    unsigned regs = regs_of[gt_bits(m->desc, 13, 12)];
    if (!regs)
        return sf_fail(m, GTSIM_ERR_ILLEGAL, "reserved scratch block size code 2");
    int st = sf_check_len(m, 1 + (write ? regs : 0));
    if (st)
        return st;
    sf_space s;
    if ((st = sf_space_a64(m, &s)))
        return st;
    /* Address: General State Base + the per-thread scratch pointer in
     * M0.5[31:10] + the HWord offset of the descriptor. */
    s.base = m->t->disp->general_state_base;
    uint64_t off = (sf_pay32(m, 0, 20) & ~0x3ffu) + 32ull * gt_bits(m->desc, 11, 0);
    uint8_t buf[32];
    for (unsigned r = 0; r < regs; r++) {
        if (write) {
            memcpy(buf, m->reg[1 + r], 32);
            if ((st = sf_write(m, &s, off + 32 * r, buf, 32)))
                return st;
        } else {
            if ((st = sf_read(m, &s, off + 32 * r, buf, 32)))
                return st;
            if (m->dst && r < m->rlen)
                memcpy(m->dst + r * 32, buf, 32);
        }
    }
    return GTSIM_OK;
}

/* OWord block through a binding table index, offset from header M0.2. */
static int bti_oword_block(sf_msg *m, bool aligned, bool write)
{
    int st = sf_check_len(m, 1);
    if (st)
        return st;
    if (!m->header)
        return sf_fail(m, GTSIM_ERR_ILLEGAL, "OWord block message requires a header");
    sf_space s;
    if ((st = sf_space_bti(m, gt_bits(m->desc, 7, 0), &s)))
        return st;
    uint64_t off = sf_pay32(m, 0, 8);
    if (aligned)
        off *= 16; /* aligned messages address OWords */
    return oword_block(m, &s, off, gt_bits(m->desc, 10, 8), write, 1);
}

static int bti_scattered(sf_msg *m, bool dword, bool write)
{
    sf_space s;
    int st = sf_space_bti(m, gt_bits(m->desc, 7, 0), &s);
    if (st)
        return st;
    unsigned size = 4;
    if (!dword) {
        unsigned ds = gt_bits(m->desc, 11, 10);
        if (ds == 3)
            return sf_fail(m, GTSIM_ERR_ILLEGAL, "reserved byte scattered data size 3");
        size = 1u << ds;
    }
    return scattered(m, &s, slots16(gt_bits(m->desc, 8, 8)), size, write);
}

int sf_dp_dc0(sf_msg *m)
{
    if (gt_bits(m->desc, 18, 18))
        return scratch_block(m);
    unsigned type = gt_bits(m->desc, 17, 14);
    m->name = dc0_names[type];
    switch (type) {
    case DC0_OWORD_BLOCK_READ: return bti_oword_block(m, true, false);
    case DC0_UNALIGNED_OWORD_BLOCK_READ: return bti_oword_block(m, false, false);
    case DC0_OWORD_BLOCK_WRITE: return bti_oword_block(m, true, true);
    case DC0_DWORD_SCATTERED_READ: return bti_scattered(m, true, false);
    case DC0_DWORD_SCATTERED_WRITE: return bti_scattered(m, true, true);
    case DC0_BYTE_SCATTERED_READ: return bti_scattered(m, false, false);
    case DC0_BYTE_SCATTERED_WRITE: return bti_scattered(m, false, true);
    case DC0_MEMORY_FENCE:
        /* Memory is always coherent here; the optional response register
         * carries no data and is left unchanged. */
        return GTSIM_OK;
    default: return unimpl(m, type);
    }
}

int sf_dp_dc1(sf_msg *m)
{
    unsigned type = gt_bits(m->desc, 18, 14);
    m->name = dc1_names[type];
    sf_space s;
    int st;
    bool a64 = type == DC1_A64_SCATTERED_READ || type == DC1_A64_SCATTERED_WRITE ||
               type == DC1_A64_UNTYPED_READ || type == DC1_A64_UNTYPED_WRITE ||
               type == DC1_A64_UNTYPED_ATOMIC || type == DC1_A64_UNTYPED_ATOMIC_FLOAT ||
               type == DC1_A64_OWORD_BLOCK_READ || type == DC1_A64_OWORD_BLOCK_WRITE;
    switch (type) {
    case DC1_UNTYPED_READ: case DC1_UNTYPED_WRITE:
    case DC1_UNTYPED_ATOMIC: case DC1_UNTYPED_ATOMIC_FLOAT:
    case DC1_A64_SCATTERED_READ: case DC1_A64_SCATTERED_WRITE:
    case DC1_A64_UNTYPED_READ: case DC1_A64_UNTYPED_WRITE:
    case DC1_A64_UNTYPED_ATOMIC: case DC1_A64_UNTYPED_ATOMIC_FLOAT:
    case DC1_A64_OWORD_BLOCK_READ: case DC1_A64_OWORD_BLOCK_WRITE:
        st = a64 ? sf_space_a64(m, &s) : sf_space_bti(m, gt_bits(m->desc, 7, 0), &s);
        if (st)
            return st;
        break;
    default:
        return unimpl(m, type);
    }
    switch (type) {
    case DC1_UNTYPED_READ: return untyped_rw(m, &s, false, false);
    case DC1_UNTYPED_WRITE: return untyped_rw(m, &s, false, true);
    case DC1_A64_UNTYPED_READ: return untyped_rw(m, &s, true, false);
    case DC1_A64_UNTYPED_WRITE: return untyped_rw(m, &s, true, true);
    case DC1_UNTYPED_ATOMIC: return atomic(m, &s, false, false);
    case DC1_UNTYPED_ATOMIC_FLOAT: return atomic(m, &s, false, true);
    case DC1_A64_UNTYPED_ATOMIC: return atomic(m, &s, true, false);
    case DC1_A64_UNTYPED_ATOMIC_FLOAT: return atomic(m, &s, true, true);
    case DC1_A64_SCATTERED_READ: return a64_scattered(m, &s, false);
    case DC1_A64_SCATTERED_WRITE: return a64_scattered(m, &s, true);
    default: { /* A64 OWord block */
        bool write = type == DC1_A64_OWORD_BLOCK_WRITE;
        unsigned sub = gt_bits(m->desc, 12, 11);
        if (sub > 1)
            return sf_fail(m, GTSIM_ERR_UNIMPL, "A64 block subtype %u not implemented", sub);
        if ((st = sf_check_len(m, 1)))
            return st;
        if (!m->header)
            return sf_fail(m, GTSIM_ERR_ILLEGAL, "A64 OWord block message requires a header");
        uint64_t addr = sf_pay64(m, 0, 0);
        return oword_block(m, &s, addr, gt_bits(m->desc, 10, 8), write, 1);
    }
    }
}

int sf_dp_ro(sf_msg *m)
{
    unsigned type = gt_bits(m->desc, 17, 14);
    bool cc = m->sfid == GT_SFID_DP_CC;
    /* seed 004: constant cache MSD_CC_OWB 0, MSD_CC_OWAB 1, MSD_CC_DWS 3;
     * sampler cache MSD_SC_OWAB 4 (MSD_SC_MB 5, media block, is not
     * implemented). */
    if (cc && type == 0) {
        m->name = "constant cache OWord block read";
        return bti_oword_block(m, true, false);
    }
    if ((cc && type == 1) || (!cc && type == 4)) {
        m->name = cc ? "constant cache unaligned OWord block read"
                     : "sampler cache unaligned OWord block read";
        return bti_oword_block(m, false, false);
    }
    if (cc && type == 3) {
        m->name = "constant cache DWord scattered read";
        return bti_scattered(m, true, false);
    }
    m->name = cc ? "constant cache message" : "sampler cache message";
    return unimpl(m, type);
}
