/*
 * Data port (HDC) messages.  Which message a (SFID, message type) is
 * comes from the generation's port table (sf_gen.c); the handlers here
 * are shared.  The Gen9 encodings, for reference:
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
 *   3  DWord scattered read        ctrl 8 SIMD16, 9 legacy SIMD mode (1); offsets (per slot
 *                                  and M0.2) in DWords
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
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "check.h"
#include "sf/sf_int.h"

/* Names of the generation-independent operations (enum sf_dp_op); the
 * per-generation (SFID, message type) -> operation tables are in sf_gen.c. */
static const char *const op_names[SF_OP_COUNT] = {
    [SF_OP_OWB_READ] = "OWord block read", [SF_OP_OWB_UNALIGNED_READ] = "unaligned OWord block read",
    [SF_OP_OWDB_READ] = "OWord dual block read", [SF_OP_DWS_READ] = "DWord scattered read",
    [SF_OP_BS_READ] = "byte scattered read", [SF_OP_FENCE] = "memory fence",
    [SF_OP_OWB_WRITE] = "OWord block write", [SF_OP_OWDB_WRITE] = "OWord dual block write",
    [SF_OP_DWS_WRITE] = "DWord scattered write", [SF_OP_BS_WRITE] = "byte scattered write",
    [SF_OP_UNTYPED_READ] = "untyped surface read", [SF_OP_UNTYPED_WRITE] = "untyped surface write",
    [SF_OP_UNTYPED_ATOMIC] = "untyped atomic", [SF_OP_UNTYPED_ATOMIC_FLOAT] = "untyped atomic float",
    [SF_OP_A64_SCATTERED_READ] = "A64 scattered read", [SF_OP_A64_SCATTERED_WRITE] = "A64 scattered write",
    [SF_OP_A64_UNTYPED_READ] = "A64 untyped surface read",
    [SF_OP_A64_UNTYPED_WRITE] = "A64 untyped surface write",
    [SF_OP_A64_UNTYPED_ATOMIC] = "A64 untyped atomic",
    [SF_OP_A64_UNTYPED_ATOMIC_FLOAT] = "A64 untyped atomic float",
    [SF_OP_A64_OWB_READ] = "A64 OWord block read", [SF_OP_A64_OWB_WRITE] = "A64 OWord block write",
    [SF_OP_MEDIA_BLOCK_READ] = "media block read", [SF_OP_MEDIA_BLOCK_WRITE] = "media block write",
    [SF_OP_UNTYPED_ATOMIC_SIMD4X2] = "untyped atomic SIMD4x2", [SF_OP_TYPED_READ] = "typed surface read",
    [SF_OP_TYPED_WRITE] = "typed surface write", [SF_OP_TYPED_ATOMIC] = "typed atomic",
    [SF_OP_TYPED_ATOMIC_SIMD4X2] = "typed atomic SIMD4x2", [SF_OP_ATOMIC_COUNTER] = "atomic counter",
    [SF_OP_ATOMIC_COUNTER_SIMD4X2] = "atomic counter SIMD4x2",
    [SF_OP_RT_WRITE] = "render target write",
    [SF_OP_WORD_UNTYPED_ATOMIC] = "word untyped atomic integer",
    [SF_OP_WORD_TYPED_ATOMIC] = "word typed atomic integer",
    [SF_OP_WORD_ATOMIC_COUNTER] = "word atomic counter",
    [SF_OP_A64_WORD_UNTYPED_ATOMIC] = "A64 word untyped atomic integer",
    [SF_OP_WORD_UNTYPED_ATOMIC_FLOAT] = "word untyped atomic float",
    [SF_OP_A64_WORD_UNTYPED_ATOMIC_FLOAT] = "A64 word untyped atomic float",
    [SF_OP_BARRIER] = "barrier",
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
unsigned sf_owb_bytes(unsigned block)
{
    static const uint8_t bytes_of[8] = {16, 16, 32, 64, 128, 0, 0, 0};
    return bytes_of[block & 7];
}

static int oword_block(sf_msg *m, const sf_space *s, uint64_t off, unsigned ctrl, bool write,
                       unsigned data_reg)
{
    unsigned bytes = sf_owb_bytes(ctrl);
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
 * size: bytes per slot (1, 2, 4); the data is one DWord per slot.  unit: bytes per offset
 * unit: the DWord scattered messages count their offsets (M0.2 and per slot) in DWords, the
 * byte scattered ones in bytes (public facts: Mesa brw_fs_nir.cpp "The offset for a DWORD
 * scattered message is in dwords" for its scratch accesses; IGC vISA GATHER/SCATTER: offsets
 * "in the unit of element size"). */
static int scattered(sf_msg *m, const sf_space *s, unsigned slots, unsigned size, unsigned unit,
                     bool write)
{
    unsigned h = m->header, areg = slots / 8;
    int st = sf_check_len(m, h + areg * (write ? 2 : 1));
    if (st)
        return st;
    /* The header's M0.2 is a global offset added to every slot. */
    uint32_t goff = h ? sf_pay32(m, 0, 8) : 0;
    for (unsigned i = 0; i < slots; i++) {
        if (!(m->mask >> i & 1))
            continue;
        uint32_t off = (sf_pay32(m, h + i / 8, (i % 8) * 4) + goff) * unit;
        uint32_t v = 0;
        m->lane = (int)i;
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

/* The registers of an untyped message, each a run of GRF rows (32 bytes):
 * the slot offsets or addresses (slots / 8 rows for A32, slots / 4 for
 * A64), a write's data (one run of slots / 8 rows per enabled channel),
 * the response of a read (NULL: none; rows at or beyond rlen are not
 * written), and the enabled slots. */
typedef struct {
    const uint8_t *addr, *data;
    uint8_t *dst;
    unsigned rlen;
    uint32_t mask;
} ut_regs;

typedef uint32_t ut_v8u32 __attribute__((vector_size(32)));   /* eight slots' DWords */

/* An untyped message with every slot on whose slot addresses are one
 * address (a broadcast: `tile[row][k]` read by a whole row) or consecutive
 * DWords (`tile[k][lid]`, `buf[gid]`), with p the host bytes of the first
 * slot's address and everything the slots reach behind it: one load or
 * copy per channel instead of one per slot and channel.  Same bytes as the
 * slot loops (slot i, channel c at addr[i] + 4c; writes in
 * channel-then-slot order, so where slots or channels overlap the last one
 * in that order stays). */
static inline __attribute__((always_inline)) void
untyped_block(const ut_regs *rg, uint8_t *p, bool uni, unsigned slots, unsigned cmask, bool write)
{
    unsigned k = 0, creg = slots / 8;
    for (unsigned c = 0; c < 4; c++) {
        if (cmask >> c & 1)
            continue;
        uint8_t *d = rg->dst + 32 * k * creg;
        if (write && uni) {   /* the last slot's DWord is the one that stays */
            memcpy(p + 4 * c, rg->data + 32 * (k * creg + creg - 1) + 28, 4);
        } else if (write) {
            for (unsigned r = 0; r < creg; r++)
                memcpy(p + 4 * c + 32 * r, rg->data + 32 * (k * creg + r), 32);
        } else if (uni) {
            uint32_t w;
            memcpy(&w, p + 4 * c, 4);
            ut_v8u32 v = {0};
            v += w;
            for (unsigned i = 0; i < slots; i += 8)
                memcpy(d + 4 * i, &v, sizeof(v));
        } else {
            memcpy(d, p + 4 * c, 4 * slots);
        }
        k++;
    }
}

/* SLM untyped access without a report (not checked, no race shadow):
 * channel by channel over the enabled slots, same results as sf_read /
 * sf_write (offset bits 15:0; out of bounds reads 0, writes are dropped). */
static inline __attribute__((always_inline)) void slm_slots(const ut_regs *rg, const sf_space *s,
                                                            const uint32_t *addr, unsigned slots,
                                                            unsigned cmask, uint32_t lanes_on, bool write)
{
    unsigned creg = slots / 8, nch = sf_channels(cmask);
    if (!write && lanes_on == (1u << slots) - 1 && rg->dst && nch * creg <= rg->rlen && s->limit >= 4) {
        /* every slot on, whole response: branch-free lane loops, a
         * register row at a time */
        uint64_t lim = s->limit - 4;   /* in bounds: off + 4 <= limit */
        unsigned k = 0;
        for (unsigned c = 0; c < 4; c++) {
            if (cmask >> c & 1)
                continue;
            uint32_t v[16];
            for (unsigned i = 0; i < slots; i++) {
                uint32_t off = (addr[i] + 4 * c) & SF_SLM_OFFSET_MASK;
                uint32_t ok = (uint64_t)off <= lim, w;
                memcpy(&w, s->slm + (ok ? off : 0), 4);
                v[i] = ok ? w : 0;
            }
            memcpy(rg->dst + 32 * k * creg, v, 4 * slots);
            k++;
        }
        return;
    }
    unsigned k = 0;
    for (unsigned c = 0; c < 4; c++) {
        if (cmask >> c & 1)
            continue;
        for (uint32_t l = lanes_on; l; l &= l - 1) {
            unsigned i = (unsigned)__builtin_ctz(l);
            uint32_t off = (addr[i] + 4 * c) & SF_SLM_OFFSET_MASK;
            bool in = !sf_oob(s, off, 4);
            unsigned r = k * creg + i / 8, b = (i % 8) * 4;
            if (write) {
                if (in)
                    memcpy(s->slm + off, rg->data + 32 * r + b, 4);
            } else if (rg->dst && r < rg->rlen) {
                uint32_t v = 0;
                if (in)
                    memcpy(&v, s->slm + off, 4);
                memcpy(rg->dst + 32 * r + b, &v, 4);
            }
        }
        k++;
    }
}

/* Whether A32 slot offsets a[0..slots-1] (slots a multiple of 4) are one
 * offset (uni) or consecutive DWords (dense; without a 32-bit wrap, as the
 * 64-bit sums of the slot loops): or-reduced differences, four slots at a
 * time in a vector (the compiler left the scalar loop scalar). */
typedef uint32_t ut_v4u32 __attribute__((vector_size(16)));
static inline __attribute__((always_inline)) void a32_shape(const uint32_t *a, unsigned slots, bool *uni,
                                                            bool *dense)
{
    const ut_v4u32 a0 = {a[0], a[0], a[0], a[0]}, step = {0, 4, 8, 12};
    ut_v4u32 du = {0, 0, 0, 0}, dd = {0, 0, 0, 0};
    for (unsigned i = 0; i < slots; i += 4) {
        ut_v4u32 v;
        memcpy(&v, a + i, sizeof(v));
        du |= v ^ a0;
        dd |= v ^ (a0 + step + 4 * i);
    }
    uint64_t qu[2], qd[2];   /* (the reductions as two 64-bit halves) */
    memcpy(qu, &du, sizeof(qu));
    memcpy(qd, &dd, sizeof(qd));
    *uni = (qu[0] | qu[1]) == 0;
    *dense = (qd[0] | qd[1]) == 0 && a[0] <= UINT32_MAX - 4 * (slots - 1);
}

/* untyped_quick_n for SLM (A32 offsets): every slot on and one address
 * or consecutive DWords in bounds, one copy per channel; else, unless the
 * bounds check or the race shadow wants the accesses reported (false),
 * slm_slots. */
static inline __attribute__((always_inline)) int slm_quick_n(const ut_regs *rg, const sf_space *s, bool write,
                                                             unsigned slots, unsigned cmask)
{
    const uint32_t full = (1u << slots) - 1, lanes_on = rg->mask & full;
    uint32_t a[16];   /* every slot offset read before anything is written */
    memcpy(a, rg->addr, 4 * slots);
    if (lanes_on == full && (write || (rg->dst && sf_channels(cmask) * (slots / 8) <= rg->rlen))) {
        bool uni, dense;
        a32_shape(a, slots, &uni, &dense);
        if (uni || dense) {
            unsigned span = 4 * (32 - (unsigned)__builtin_clz(~cmask & 0xfu));
            sf_pcache pc = {0, NULL};   /* (SLM: unused) */
            uint8_t *p = sf_span_ptr(s, a[0], uni ? span : 4 * (slots - 1) + span, &pc, write);
            if (p) {
                untyped_block(rg, p, uni, slots, cmask, write);
                return 1;
            }
        }
    }
    if (s->race || s->checked)
        return 0;
    slm_slots(rg, s, a, slots, cmask, lanes_on, write);
    return 1;
}

/* Host pointers sp[i] of the len bytes at addr[i] of every slot i in lanes
 * when all of them lie in one span that sf_span_ptr reaches (one page, in
 * bounds; IGC's permuted and masked accesses of neighbouring elements):
 * one check and translation instead of one per slot.  false: nothing set
 * (the slots may still be reachable one by one). */
static inline __attribute__((always_inline)) bool span_ptrs(const sf_space *s, const uint64_t *addr,
                                                            uint32_t lanes, unsigned len, sf_pcache *pc,
                                                            bool write, uint8_t **sp)
{
    uint64_t lo = UINT64_MAX, hi = 0;
    for (uint32_t l = lanes; l; l &= l - 1) {
        unsigned i = (unsigned)__builtin_ctz(l);
        lo = addr[i] < lo ? addr[i] : lo;
        hi = addr[i] > hi ? addr[i] : hi;
    }
    if (!lanes || hi - lo > GT_PAGE_SIZE - len)
        return false;
    uint8_t *p = sf_span_ptr(s, lo, (unsigned)(hi - lo) + len, pc, write);
    if (!p)
        return false;
    for (uint32_t l = lanes; l; l &= l - 1) {
        unsigned i = (unsigned)__builtin_ctz(l);
        sp[i] = p + (addr[i] - lo);
    }
    return true;
}

/* An untyped read or write (A32 offsets or A64 addresses; slots 8 or 16,
 * cmask bit c set = channel c disabled) whose accesses need no report:
 * SLM without the bounds check or race shadow, or buffer / stateless
 * memory where every enabled slot's channels lie in bounds within one
 * mapped page.  Returns true when done, false with nothing written when
 * the caller's slot loop must run it (sf_read / sf_write report what it
 * finds).  Every slot address is read before anything is written, so a
 * response overlapping the payload reads the payload as sent. */
static inline __attribute__((always_inline)) bool
untyped_quick_n(const ut_regs *rg, const sf_space *s, bool a64, bool write, unsigned slots, unsigned cmask)
{
    if (s->kind == SF_SPACE_SLM && !a64)
        return slm_quick_n(rg, s, write, slots, cmask);
    if (s->kind != SF_SPACE_VM)
        return false;
    uint32_t lanes_on = rg->mask & ((1u << slots) - 1), full = (1u << slots) - 1;
    unsigned nch = sf_channels(cmask);
    /* the bytes a slot spans: up to the last enabled channel */
    unsigned span = 4 * (32 - (unsigned)__builtin_clz(~cmask & 0xfu));
    bool whole = write || (rg->dst && nch * (slots / 8) <= rg->rlen);   /* every response register kept */
    uint64_t addr[16];
    uint32_t a32[16];   /* A32 offsets: the payload rows as they are */
    if (a64)
        memcpy(addr, rg->addr, 8 * slots);
    else
        memcpy(a32, rg->addr, 4 * slots);
    sf_pcache pc = {0, NULL};   /* one translation per page, not per DWord */
    if (lanes_on == full && whole) {
        /* or-reduced differences from a broadcast and from consecutive
         * DWords: vector code (32-bit lanes for A32) */
        bool uni, dense;
        if (a64) {
            uint64_t du = 0, dd = 0;
            for (unsigned i = 0; i < slots; i++) {
                du |= addr[i] ^ addr[0];
                dd |= addr[i] ^ (addr[0] + 4 * i);
            }
            uni = du == 0, dense = dd == 0;
        } else {
            a32_shape(a32, slots, &uni, &dense);
            addr[0] = a32[0];
        }
        uint8_t *p = (uni || dense) ? sf_span_ptr(s, addr[0], uni ? span : 4 * (slots - 1) + span, &pc, write)
                                 : NULL;
        if (p) {
            untyped_block(rg, p, uni, slots, cmask, write);
            return true;
        }
    }
    if (!a64)
        for (unsigned i = 0; i < slots; i++)
            addr[i] = a32[i];
    /* every enabled slot's channels in bounds within one page: their host
     * bytes first, then the copies */
    uint8_t *sp[16];
    unsigned pi = 32;   /* the enabled slot before, 32: none yet */
    for (uint32_t l = span_ptrs(s, addr, lanes_on, span, &pc, write, sp) ? 0 : lanes_on; l; l &= l - 1) {
        unsigned i = (unsigned)__builtin_ctz(l);
        if (pi < 32 && addr[i] == addr[pi])   /* the address of the slot before (a broadcast) */
            sp[i] = sp[pi];
        else if (!(sp[i] = sf_span_ptr(s, addr[i], span, &pc, write)))
            return false;
        pi = i;
    }
    unsigned creg = slots / 8, k = 0;
    for (unsigned c = 0; c < 4; c++) {   /* channel then slot, as every untyped path */
        if (cmask >> c & 1)
            continue;
        for (uint32_t l = lanes_on; l; l &= l - 1) {
            unsigned i = (unsigned)__builtin_ctz(l);
            unsigned r = k * creg + i / 8, b = (i % 8) * 4;
            if (write)
                memcpy(sp[i] + 4 * c, rg->data + 32 * r + b, 4);
            else if (rg->dst && r < rg->rlen)
                memcpy(rg->dst + 32 * r + b, sp[i] + 4 * c, 4);
        }
        k++;
    }
    return true;
}

/* untyped_quick_n with the slot count (8 or 16) a constant: straight
 * vector compares and fixed-size copies. */
static bool untyped_quick(const ut_regs *rg, const sf_space *s, bool a64, bool write, unsigned slots,
                          unsigned cmask)
{
    return slots == 16 ? untyped_quick_n(rg, s, a64, write, 16, cmask)
                       : untyped_quick_n(rg, s, a64, write, 8, cmask);
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
    /* enabled channels: 4 minus the bits of the 4-bit mask (a nibble table,
     * not a libgcc popcount call per message) */
    unsigned nch = sf_channels(cmask);
    if (nch == 0)
        return sf_fail(m, GTSIM_ERR_ILLEGAL, "all channels disabled in the channel mask");
    int st = sf_check_len(m, h + areg + (write ? nch * creg : 0));
    if (st)
        return st;
    unsigned dbase = h + areg;
    /* the quick path reads the data as one run of registers: not a write
     * whose data begins in src0 and goes on in src1 */
    ut_regs rg = {m->reg[h], write ? m->reg[dbase] : NULL, m->dst, m->rlen, m->mask};
    if ((!write || dbase >= m->mlen || dbase + nch * creg <= m->mlen) &&
        untyped_quick(&rg, s, a64, write, slots, cmask))
        return GTSIM_OK;
    /* channel by channel, slot by slot: sf_read / sf_write report what the
     * quick path declined (out of bounds with the check on, unmapped
     * pages, page crossings, null surfaces) */
    uint32_t lanes_on = m->mask & ((1u << slots) - 1);
    sf_pcache pc = {0, NULL};
    unsigned k = 0;
    for (unsigned c = 0; c < 4; c++) {   /* channel then slot (where writes meet, the last stays) */
        if (cmask >> c & 1)
            continue;
        for (uint32_t lanes = lanes_on; lanes; lanes &= lanes - 1) {
            unsigned i = (unsigned)__builtin_ctz(lanes);
            uint64_t addr = a64 ? sf_pay64(m, h + i / 4, (i % 4) * 8)
                                : sf_pay32(m, h + i / 8, (i % 8) * 4);
            m->lane = (int)i;
            uint64_t off = a64 ? addr + 4 * c : (uint32_t)(addr + 4 * c);
            uint8_t *p = sf_dword_ptr(s, off, &pc, write);
            uint32_t v;
            if (write) {
                v = sf_pay32(m, dbase + k * creg + i / 8, (i % 8) * 4);
                if (p)
                    memcpy(p, &v, 4);
                else if ((st = sf_write(m, s, off, &v, 4)))
                    return st;
            } else {
                if (p)
                    memcpy(&v, p, 4);
                else if ((st = sf_read(m, s, off, &v, 4)))
                    return st;
                sf_rsp32(m, k * creg + i / 8, (i % 8) * 4, v);
            }
        }
        k++;
    }
    return GTSIM_OK;
}

/* ---- atomics ---- */

enum {
    AOP_AND = 1, AOP_OR, AOP_XOR, AOP_MOV, AOP_INC, AOP_DEC, AOP_ADD, AOP_SUB, AOP_REVSUB,
    AOP_IMAX, AOP_IMIN, AOP_UMAX, AOP_UMIN, AOP_CMPWR, AOP_PREDEC,
};
enum { FAOP_FMAX = 1, FAOP_FMIN = 2, FAOP_FCMPWR = 3 };

const char *const sf_aop_names[16] = {
    "reserved", "and", "or", "xor", "mov", "inc", "dec", "add", "sub", "revsub",
    "imax", "imin", "umax", "umin", "cmpwr", "predec",
};

unsigned sf_aop_srcs(unsigned op, bool flt)
{
    if (flt)
        return op == FAOP_FCMPWR ? 2 : 1;
    switch (op) {
    case AOP_INC: case AOP_DEC: case AOP_PREDEC: return 0;
    case AOP_CMPWR: return 2;
    default: return 1;
    }
}

static inline uint64_t aop_int(unsigned op, int bits, uint64_t old, uint64_t s0, uint64_t s1, uint64_t *ret)
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

uint64_t sf_aop_int(unsigned op, int bits, uint64_t old, uint64_t s0, uint64_t s1, uint64_t *ret)
{
    return aop_int(op, bits, old, s0, s1, ret);
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
static int atomic_lanes(sf_msg *m, const sf_space *s, bool a64, bool flt)
{
    unsigned op = flt ? gt_bits(m->desc, 9, 8) : gt_bits(m->desc, 11, 8);
    bool ret = gt_bits(m->desc, 13, 13);
    bool q = a64 && !flt && gt_bits(m->desc, 12, 12); /* A64: bit 12 = 64-bit data */
    unsigned slots = a64 ? 8 : (gt_bits(m->desc, 12, 12) ? 8 : 16);
    if (op == 0 || (flt && op > FAOP_FCMPWR))
        return sf_fail(m, GTSIM_ERR_UNIMPL, "atomic %s operation %u (%s) not implemented",
                       flt ? "float" : "integer", op, flt ? "float op" : sf_aop_names[op]);
    unsigned nsrc = sf_aop_srcs(op, flt);
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
        m->lane = (int)i;
        m->rmw = true;
        st = sf_read(m, s, off, &old, bytes);
        m->rmw = st == GTSIM_OK; /* stays set for the write */
        if (st)
            return st;
        if (flt) {
            nv = aop_float(op, (uint32_t)old, (uint32_t)a, (uint32_t)b);
            rv = old;
        } else {
            nv = aop_int(op, q ? 64 : 32, old, a, b, &rv);
        }
        st = nv != old ? sf_write(m, s, off, &nv, bytes) : GTSIM_OK;
        m->rmw = false;
        if (st)
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

/* Each lane's read-modify-write is atomic also against the EU workers of
 * other thread groups (gtsim_config.threads): the message runs under the
 * device's atomic lock. */
static int atomic(sf_msg *m, const sf_space *s, bool a64, bool flt)
{
    pthread_mutex_lock(&m->dev->atomic_lock);
    int st = atomic_lanes(m, s, a64, flt);
    pthread_mutex_unlock(&m->dev->atomic_lock);
    return st;
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
        m->lane = (int)i;
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
    uint32_t end = 32u * (gt_bits(m->desc, 11, 0) + regs), space = m->t->disp->scratch_per_thread;
    if (end > space && gt_check_on(m->dev, GTSIM_CHECK_BOUNDS))
        gt_check_finding(m->dev, GTSIM_CHECK_BOUNDS, m->t, m->in,
                         "%s of %u bytes at scratch offset 0x%x, past the thread's %u bytes of scratch "
                         "(Per Thread Scratch Space)",
                         m->name, 32 * regs, 32 * gt_bits(m->desc, 11, 0), space);
    s.checked = false; /* the scratch space is checked here, as a whole */
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

int sf_owb_planned(gt_thread *t, const gt_sf_plan *p, uint32_t mask)
{
    (void)mask;
    const uint8_t *h = t->grf + 32 * p->src0;
    sf_space s;
    if (!sf_space_known(t, p->bti, p->a64, h, p->checked, &s) || s.kind != SF_SPACE_VM)
        return 0;
    /* the offset: A64 the header's M0.1:0 (a GVA), else its M0.2 (aligned: in OWords) */
    uint64_t off = p->a64 ? sf_ld64(h) : p->op == SF_OP_OWB_READ ? (uint64_t)sf_ld32(h + 8) * 16 : sf_ld32(h + 8);
    unsigned bytes = sf_owb_bytes(p->block), half = p->block == 1 ? 16 : 0;
    sf_pcache pc = {0, NULL};
    const uint8_t *src = sf_span_ptr(&s, off, bytes, &pc, false);
    if (!src)
        return 0;
    for (unsigned r = 0; p->dst >= 0 && r < (bytes + 31) / 32 && r < p->rlen; r++)
        memcpy(t->grf + 32 * (p->dst + r) + half, src + 32 * r, bytes < 32 ? bytes : 32);
    return 1;
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
    return scattered(m, &s, slots16(gt_bits(m->desc, 8, 8)), size, dword ? 4 : 1, write);
}

/* OWord dual block read/write (SIMD4x2): two blocks of 1 or 4 OWords at
 * the OWord offsets M1.0 and M1.4 (plus the header's global offset M0.2,
 * also in OWords); register i of the data holds OWord i of block 0 in its
 * low half and OWord i of block 1 in its high half.  Block size: desc
 * bits 9:8, 0 = 1 OWord, 2 = 4 OWords (public facts: Mesa
 * BRW_DATAPORT_OWORD_DUAL_BLOCK_1OWORD / _4OWORDS). */
static int oword_dual_block(sf_msg *m, bool write)
{
    unsigned bs = gt_bits(m->desc, 9, 8);
    if (bs != 0 && bs != 2)
        return sf_fail(m, GTSIM_ERR_ILLEGAL, "reserved OWord dual block size %u", bs);
    unsigned ow = bs ? 4 : 1;
    if (!m->header)
        return sf_fail(m, GTSIM_ERR_ILLEGAL, "OWord dual block message requires a header");
    int st = sf_check_len(m, 2 + (write ? ow : 0));
    if (st)
        return st;
    sf_space s;
    if ((st = sf_space_bti(m, gt_bits(m->desc, 7, 0), &s)))
        return st;
    uint64_t g = sf_pay32(m, 0, 8);
    for (unsigned b = 0; b < 2; b++) {
        uint64_t off = 16 * ((uint64_t)sf_pay32(m, 1, 16 * b) + g);
        for (unsigned i = 0; i < ow; i++) {
            uint8_t buf[16];
            if (write) {
                memcpy(buf, m->reg[2 + i] + 16 * b, 16);
                if ((st = block_rw(m, &s, off + 16 * i, buf, 16, true)))
                    return st;
            } else {
                if ((st = block_rw(m, &s, off + 16 * i, buf, 16, false)))
                    return st;
                if (m->dst && i < m->rlen)
                    memcpy(m->dst + 32 * i + 16 * b, buf, 16);
            }
        }
    }
    return GTSIM_OK;
}

/* ---- media block read/write ----
 *
 * Message (seed 004 MSD1R_MB / MSD1W_MB descriptor: type, bits 10:8
 * Vertical Line Stride Override, BTI; header always present; the header
 * and data layout are public facts of the Gen7 data port "Media Block
 * Read/Write" message):
 *   M0.0  X offset, signed, in bytes from the left of the surface
 *   M0.1  Y offset, signed, in rows
 *   M0.2  bits 9:0 block width - 1 (bytes, at most 32), bits 21:16 block
 *         height - 1 (rows, at most 64)
 *   write data from M1: the block row-major, each row padded in the GRF to
 *   the next power of two of the width (at least 4 bytes: 1-4 bytes ->
 *   DWord, 5-8 -> QWord, 9-16 -> OWord, 17-32 -> a whole register); the
 *   read response has the same layout.
 * Descriptor bits 10:8: 0xx no override; 1ab Vertical Line Stride a,
 * Vertical Line Stride Offset b (instead of the surface state's).  With a
 * vertical line stride of 1, block row y is surface row 2y + offset.
 * Out of bounds: the seeds are silent; per the public Gen7 data port
 * description, reads outside the surface return the nearest boundary
 * pixel (the edge pixel is replicated, horizontally in whole pixels of the
 * surface format and vertically in whole rows), and writes outside the
 * surface are dropped. */
static int media_block(sf_msg *m, bool write)
{
    if (!m->header)
        return sf_fail(m, GTSIM_ERR_ILLEGAL, "media block message requires a header");
    int st = sf_check_len(m, 1);
    if (st)
        return st;
    int32_t x0 = (int32_t)sf_pay32(m, 0, 0), y0 = (int32_t)sf_pay32(m, 0, 4);
    uint32_t m2 = sf_pay32(m, 0, 8);
    uint32_t w = gt_bits(m2, 9, 0) + 1, h = gt_bits(m2, 21, 16) + 1;
    if (w > 32)
        return sf_fail(m, GTSIM_ERR_ILLEGAL, "block width %u bytes (M0.2 = 0x%08x) exceeds 32", w, m2);
    uint32_t rp = 4;
    while (rp < w)
        rp *= 2;
    uint32_t regs = (rp * h + 31) / 32;
    if (regs > 8)
        return sf_fail(m, GTSIM_ERR_ILLEGAL, "block of %u x %u bytes (%u GRF registers) exceeds 8 registers",
                       w, h, regs);
    if (write) {
        if ((st = sf_check_len(m, 1 + regs)))
            return st;
    } else if (m->rlen < regs) {
        return sf_fail(m, GTSIM_ERR_ILLEGAL, "response length %u but the %u x %u block needs %u registers",
                       m->rlen, w, h, regs);
    }
    uint32_t bti = gt_bits(m->desc, 7, 0);
    if (bti >= 240)
        return sf_fail(m, GTSIM_ERR_ILLEGAL, "media block message to reserved binding table index %u", bti);
    sf_surface su;
    if ((st = sf_surface_bti(m, bti, &su)))
        return st;
    if (su.type == SF_SURFTYPE_NULL) {
        for (uint32_t r = 0; !write && m->dst && r < regs; r++)
            memset(m->dst + 32 * r, 0, 32);
        return GTSIM_OK;
    }
    if (su.type != SF_SURFTYPE_2D && su.type != SF_SURFTYPE_1D) {
        char buf[768];
        sf_surface_print(m, &su, buf, sizeof(buf));
        return sf_fail(m, GTSIM_ERR_ILLEGAL, "media block message on a surface of type %u (BTI %u, state "
                       "at GVA 0x%llx: %s); it needs a 1D or 2D surface", su.type, bti,
                       (unsigned long long)su.ss_va, buf);
    }
    int vls = su.vls, vlso = su.vlso;
    if (gt_bits(m->desc, 10, 10)) {
        vls = (int)gt_bits(m->desc, 9, 9);
        vlso = (int)gt_bits(m->desc, 8, 8);
    }
    int64_t wbytes = (int64_t)su.width * su.bpp;
    sf_space sp;
    memset(&sp, 0, sizeof(sp));
    sp.kind = SF_SPACE_VM;
    sp.vm = m->t->disp->vm;
    sp.base = su.base;
    sp.bti = bti;
    uint8_t buf[256];
    if (write)
        for (uint32_t r = 0; r < regs; r++)
            memcpy(buf + 32 * r, m->reg[1 + r], 32);
    else
        memset(buf, 0, sizeof(buf));
    for (uint32_t r = 0; r < h; r++) {
        int64_t y = (int64_t)y0 + r;
        if (write && (y < 0 || y >= su.height))
            continue;
        int64_t yc = y < 0 ? 0 : y >= su.height ? su.height - 1 : y;
        uint32_t row = (uint32_t)yc * (vls ? 2u : 1u) + (uint32_t)(vls ? vlso : 0);
        for (uint32_t c = 0; c < w;) {
            int64_t x = (int64_t)x0 + c;
            uint8_t *p = buf + r * rp + c;
            if (x >= 0 && x < wbytes) {
                /* an in-bounds run: up to the end of the block, the row
                 * and the tile layout's contiguous span */
                uint32_t run = gt_tile_run(su.tiling, su.pitch, (uint32_t)x);
                uint32_t n = w - c;
                if (n > run) n = run;
                if ((int64_t)n > wbytes - x) n = (uint32_t)(wbytes - x);
                uint64_t off = gt_tile_offset(su.tiling, su.pitch, (uint32_t)x, row);
                st = write ? sf_write(m, &sp, off, p, n) : sf_read(m, &sp, off, p, n);
                if (st)
                    return st;
                c += n;
                continue;
            }
            if (!write) { /* replicate the boundary pixel's byte */
                int64_t px = x < 0 ? 0 : wbytes / su.bpp - 1;
                int64_t b = ((x % su.bpp) + su.bpp) % su.bpp;
                uint64_t off = gt_tile_offset(su.tiling, su.pitch, (uint32_t)(px * su.bpp + b), row);
                if ((st = sf_read(m, &sp, off, p, 1)))
                    return st;
            }
            c++;
        }
    }
    if (!write && m->dst)
        memcpy(m->dst, buf, 32u * regs);
    return GTSIM_OK;
}

/* The registers of planned untyped message p in thread t's GRF. */
static inline ut_regs plan_regs(gt_thread *t, const gt_sf_plan *p, uint32_t mask)
{
    ut_regs rg = {t->grf + 32 * (p->src0 + p->header), p->data >= 0 ? t->grf + 32 * p->data : NULL,
                  p->dst >= 0 ? t->grf + 32 * p->dst : NULL, p->rlen, mask};
    return rg;
}

static inline __attribute__((always_inline)) int slm_quick(const ut_regs *rg, const sf_space *s, bool write,
                                                           unsigned slots, unsigned cmask)
{
    return cmask == 0xe ? slm_quick_n(rg, s, write, slots, 0xe) : slm_quick_n(rg, s, write, slots, cmask);
}

/* A planned untyped read or write of the thread group's SLM (BTI 254).
 * Declines (0) where the general route must run it: no SLM, the race
 * check's shadow; the bounds check goes the way of the other spaces. */
int sf_slm_untyped_planned(gt_thread *t, const gt_sf_plan *p, uint32_t mask)
{
    const gt_tgroup *tg = t->tg;
    if (!tg || !tg->slm || tg->slm_shadow)
        return 0;
    sf_space s = {.kind = SF_SPACE_SLM, .bounded = true, .checked = p->checked, .bti = 254,
                  .limit = tg->slm_size, .slm = tg->slm};
    ut_regs rg = plan_regs(t, p, mask);
    if (p->write)
        return p->slots == 16 ? slm_quick(&rg, &s, true, 16, p->cmask) : slm_quick(&rg, &s, true, 8, p->cmask);
    return p->slots == 16 ? slm_quick(&rg, &s, false, 16, p->cmask) : slm_quick(&rg, &s, false, 8, p->cmask);
}

/* Whether any of the 32-bit lanes of v is nonzero (SSE2: the halves
 * or-ed, compared with zero, their sign bits). */
static inline __attribute__((always_inline)) bool slm_any(const ut_v8u32 *v)
{
#ifdef __SSE2__
    __m128i lo, hi;
    memcpy(&lo, v, 16);
    memcpy(&hi, (const char *)v + 16, 16);
    return _mm_movemask_epi8(_mm_cmpeq_epi32(_mm_or_si128(lo, hi), _mm_setzero_si128())) != 0xffff;
#else
    uint64_t q[4];
    memcpy(q, v, sizeof(q));
    return (q[0] | q[1] | q[2] | q[3]) != 0;
#endif
}

/* sf_slm_untyped_planned with slots (8 or 16) and the channel mask
 * constants and, for a read, the whole response in the GRF (the plan says
 * so): with every slot on and the offsets one DWord (a broadcast,
 * `tile[row][k]`) or consecutive DWords (`tile[k][lid]`) whose span lies
 * in the SLM and in bounds, untyped_block straight from the payload row
 * (the shape test in 8-slot vectors: one AVX2 register each in the avx2
 * versions); anything else goes to sf_slm_untyped_planned.  The same
 * bytes as slm_quick_n: offset bits 15:0, the span within 64 KiB (which
 * also rules out a 32-bit wrap of consecutive offsets) and within the
 * group's slm_size. */
static inline __attribute__((always_inline)) int slm_fast_n(gt_thread *t, const gt_sf_plan *p, uint32_t mask,
                                                            bool write, unsigned slots, unsigned cmask)
{
    const gt_tgroup *tg = t->tg;
    const uint32_t full = (1u << slots) - 1;
    if (!tg || !tg->slm || tg->slm_shadow || (mask & full) != full)
        return sf_slm_untyped_planned(t, p, mask);
    const uint8_t *ar = t->grf + 32 * (p->src0 + p->header);
    uint32_t a0;
    memcpy(&a0, ar, 4);
    const ut_v8u32 step = {0, 4, 8, 12, 16, 20, 24, 28};
    ut_v8u32 du = {0}, dd = {0};
    for (unsigned i = 0; i < slots; i += 8) {
        ut_v8u32 v;
        memcpy(&v, ar + 4 * i, sizeof(v));
        du |= v ^ a0;
        dd |= v ^ (a0 + 4 * i + step);
    }
    bool uni = !slm_any(&du);
    unsigned span = 4 * (32 - (unsigned)__builtin_clz(~cmask & 0xfu));   /* a slot's bytes */
    uint32_t off = a0 & SF_SLM_OFFSET_MASK, len = uni ? span : 4 * (slots - 1) + span;
    if ((!uni && slm_any(&dd)) || off + len > SF_SLM_OFFSET_MASK + 1u || off + len > tg->slm_size)
        return sf_slm_untyped_planned(t, p, mask);
    ut_regs rg = {NULL, write ? t->grf + 32 * p->data : NULL, write ? NULL : t->grf + 32 * p->dst, p->rlen, mask};
    untyped_block(&rg, tg->slm + off, uni, slots, cmask, write);
    return 1;
}

/* The versions of slm_fast_n: read / write, 8 / 16 slots, channel x
 * (cmask 0xe) / xyzw (0); each also for AVX2 where the host-ISA versions
 * are built (src/eu/exec.c "Host-ISA versions"), chosen when the host
 * has it. */
#if defined(__x86_64__) && defined(__GNUC__) && GTSIM_HOST_ISA_VERSIONS
#define SLM_AVX2 1
#define SLM_FAST_AVX2(name, write, slots, cmask) \
    __attribute__((target("avx2"))) static int name##_avx2(gt_thread *t, const gt_sf_plan *p, uint32_t mask) \
    { return slm_fast_n(t, p, mask, write, slots, cmask); }
#else
#define SLM_AVX2 0
#define SLM_FAST_AVX2(name, write, slots, cmask)
#endif
#define SLM_FAST(name, write, slots, cmask) \
    SLM_FAST_AVX2(name, write, slots, cmask) \
    static int name(gt_thread *t, const gt_sf_plan *p, uint32_t mask) \
    { return slm_fast_n(t, p, mask, write, slots, cmask); }
SLM_FAST(slm_rd8_x, false, 8, 0xe)
SLM_FAST(slm_rd16_x, false, 16, 0xe)
SLM_FAST(slm_wr8_x, true, 8, 0xe)
SLM_FAST(slm_wr16_x, true, 16, 0xe)
SLM_FAST(slm_rd8_xyzw, false, 8, 0)
SLM_FAST(slm_rd16_xyzw, false, 16, 0)
SLM_FAST(slm_wr8_xyzw, true, 8, 0)
SLM_FAST(slm_wr16_xyzw, true, 16, 0)
#undef SLM_FAST
#undef SLM_FAST_AVX2

sf_planned_fn sf_slm_untyped_route(const gt_sf_plan *p)
{
    if ((p->cmask != 0xe && p->cmask != 0) ||
        (!p->write && (p->dst < 0 || p->rlen < sf_channels(p->cmask) * p->slots / 8)))
        return sf_slm_untyped_planned;
    static const sf_planned_fn fn[2][2][2] = {   /* [xyzw][write][16 slots] */
        {{slm_rd8_x, slm_rd16_x}, {slm_wr8_x, slm_wr16_x}},
        {{slm_rd8_xyzw, slm_rd16_xyzw}, {slm_wr8_xyzw, slm_wr16_xyzw}}};
#if SLM_AVX2
    static const sf_planned_fn fn_avx2[2][2][2] = {
        {{slm_rd8_x_avx2, slm_rd16_x_avx2}, {slm_wr8_x_avx2, slm_wr16_x_avx2}},
        {{slm_rd8_xyzw_avx2, slm_rd16_xyzw_avx2}, {slm_wr8_xyzw_avx2, slm_wr16_xyzw_avx2}}};
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2"))
        return fn_avx2[p->cmask == 0][p->write != 0][p->slots == 16];
#endif
    return fn[p->cmask == 0][p->write != 0][p->slots == 16];
}

/* A planned untyped read or write of memory (a buffer, stateless A32, A64). */
int sf_mem_untyped_planned(gt_thread *t, const gt_sf_plan *p, uint32_t mask)
{
    const uint8_t *r0 = t->grf + 32 * p->src0;
    sf_space s;
    if (!sf_space_known(t, p->bti, p->a64, p->header ? r0 : NULL, p->checked, &s))
        return 0;
    ut_regs rg = plan_regs(t, p, mask);
    return untyped_quick(&rg, &s, p->a64, p->write, p->slots, p->cmask);
}

/* The host bytes of every access of planned per-slot message p (slot i's
 * access j at hp[16 * j + i]: A32 (offset + the header's M0.2) * unit, A64
 * address + j * size) for the enabled slots in lanes; false when one needs
 * a report or lies where a host pointer does not reach (out of bounds,
 * unmapped, across a page, a null surface, SLM under the race check):
 * then gt_sf_send runs the message. */
static bool slot_ptrs(const gt_thread *t, const gt_sf_plan *p, const sf_space *s, uint32_t lanes, bool write,
                      uint8_t **hp)
{
    const uint8_t *r0 = t->grf + 32 * p->src0, *ar = r0 + 32 * p->header;
    const unsigned len = p->nacc * p->size;   /* a slot's bytes: its consecutive accesses */
    uint64_t addr[16];
    if (p->a64) {
        memcpy(addr, ar, 8 * p->slots);
    } else {
        /* the header's M0.2: a global offset (scattered messages; atomics have none) */
        uint32_t goff = p->header && p->unit ? sf_ld32(r0 + 8) : 0, unit = p->unit ? p->unit : 1;
        for (unsigned i = 0; i < p->slots; i++)
            addr[i] = (uint32_t)((sf_ld32(ar + 4 * i) + goff) * unit);
    }
    sf_pcache pc = {0, NULL};
    if (!span_ptrs(s, addr, lanes, len, &pc, write, hp))
        for (uint32_t l = lanes; l; l &= l - 1) {
            unsigned i = (unsigned)__builtin_ctz(l);
            if (!(hp[i] = sf_span_ptr(s, addr[i], len, &pc, write)))
                return false;
        }
    for (unsigned j = 1; j < p->nacc; j++)
        for (uint32_t l = lanes; l; l &= l - 1) {
            unsigned i = (unsigned)__builtin_ctz(l);
            hp[16 * j + i] = hp[i] + j * p->size;
        }
    return true;
}

/* The size (1, 2, 4, 8) bytes at p, zero-extended; and stored from v's low
 * bytes (loads and stores of that width: a byte copied into a wider
 * variable on the stack and read back whole stalls store forwarding). */
static inline __attribute__((always_inline)) uint64_t ld_n(const uint8_t *p, unsigned size)
{
    uint8_t b;
    uint16_t h;
    uint32_t w;
    uint64_t q;
    switch (size) {
    case 1: memcpy(&b, p, 1); return b;
    case 2: memcpy(&h, p, 2); return h;
    case 4: memcpy(&w, p, 4); return w;
    default: memcpy(&q, p, 8); return q;
    }
}
static inline __attribute__((always_inline)) void st_n(uint8_t *p, uint64_t v, unsigned size)
{
    uint8_t b = (uint8_t)v;
    uint16_t h = (uint16_t)v;
    uint32_t w = (uint32_t)v;
    switch (size) {
    case 1: memcpy(p, &b, 1); break;
    case 2: memcpy(p, &h, 2); break;
    case 4: memcpy(p, &w, 4); break;
    default: memcpy(p, &v, 8); break;
    }
}

/* sf_scattered_planned's accesses with size and nacc constants. */
static inline __attribute__((always_inline)) void scattered_copy(const gt_sf_plan *p, uint8_t *const *hp,
                                                                 uint32_t lanes, const uint8_t *data,
                                                                 uint8_t *dst, unsigned rows, unsigned size,
                                                                 unsigned nacc)
{
    const unsigned stride = size <= 4 ? 4 : 8;
    for (uint32_t l = lanes; l; l &= l - 1) {
        unsigned i = (unsigned)__builtin_ctz(l);
        for (unsigned j = 0; j < nacc; j++) {
            unsigned pb = (j * p->slots + i) * stride;   /* payload / response byte */
            if (data)
                st_n(hp[16 * j + i], ld_n(data + pb, stride), size);
            else if (pb / 32 < rows)
                st_n(dst + pb, ld_n(hp[16 * j + i], size), stride);
        }
    }
}

/* gt_sf_send_planned for A32 byte / DWord scattered and A64 scattered
 * reads and writes: the same bytes as scattered / a64_scattered (accesses
 * in slot, then element order; a read's DWord or QWord zero-extended, rows
 * at or past rlen not written).  Every address is read before anything is
 * written. */
int sf_scattered_planned(gt_thread *t, const gt_sf_plan *p, uint32_t mask)
{
    sf_space s;
    if (!sf_space_known(t, p->bti, p->a64, p->header ? t->grf + 32 * p->src0 : NULL, p->checked, &s))
        return 0;
    const uint32_t lanes = mask & ((1u << p->slots) - 1);
    uint8_t *hp[16 * 8];
    if (!slot_ptrs(t, p, &s, lanes, p->write, hp))
        return 0;
    const unsigned rows = p->dst < 0 ? 0 : p->rlen;
    const uint8_t *data = p->write ? t->grf + 32 * p->data : NULL;
    uint8_t *dst = p->dst < 0 ? NULL : t->grf + 32 * p->dst;
    if (p->nacc != 1)
        scattered_copy(p, hp, lanes, data, dst, rows, p->size, p->nacc);
    else if (p->size == 1)
        scattered_copy(p, hp, lanes, data, dst, rows, 1, 1);
    else if (p->size == 2)
        scattered_copy(p, hp, lanes, data, dst, rows, 2, 1);
    else if (p->size == 4)
        scattered_copy(p, hp, lanes, data, dst, rows, 4, 1);
    else
        scattered_copy(p, hp, lanes, data, dst, rows, 8, 1);
    return 1;
}

/* gt_sf_send_planned for untyped atomics: the same results as
 * atomic_lanes, slot after slot under the device's atomic lock (a
 * location two slots update gets both, in slot order); the sources are
 * read before the response is written. */
int sf_atomic_planned(gt_thread *t, const gt_sf_plan *p, uint32_t mask)
{
    sf_space s;
    if (!sf_space_known(t, p->bti, p->a64, p->header ? t->grf + 32 * p->src0 : NULL, p->checked, &s))
        return 0;
    const uint32_t lanes = mask & ((1u << p->slots) - 1);
    uint8_t *hp[16];
    if (!slot_ptrs(t, p, &s, lanes, true, hp))
        return 0;
    const unsigned bytes = p->size, bits = 8 * bytes, dreg = p->slots * bytes / 32;
    const uint8_t *s0 = p->nsrc ? t->grf + 32 * p->data : NULL, *s1 = s0 ? s0 + 32 * dreg : NULL;
    uint64_t a[16], b[16], rv[16];
    for (uint32_t l = lanes; l; l &= l - 1) {
        unsigned i = (unsigned)__builtin_ctz(l);
        a[i] = p->nsrc > 0 ? ld_n(s0 + bytes * i, bytes) : 0;
        b[i] = p->nsrc > 1 ? ld_n(s1 + bytes * i, bytes) : 0;
    }
    pthread_mutex_lock(p->atomic_lock);
    for (uint32_t l = lanes; l; l &= l - 1) {
        unsigned i = (unsigned)__builtin_ctz(l);
        uint64_t old = ld_n(hp[i], bytes), nv;
        if (p->flt)
            nv = aop_float(p->aop, (uint32_t)old, (uint32_t)a[i], (uint32_t)b[i]), rv[i] = old;
        else
            nv = aop_int(p->aop, (int)bits, old, a[i], b[i], &rv[i]);
        st_n(hp[i], nv, bytes);
    }
    pthread_mutex_unlock(p->atomic_lock);
    if (!p->ret || p->dst < 0)
        return 1;
    uint8_t *dst = t->grf + 32 * p->dst;
    for (uint32_t l = lanes; l; l &= l - 1) {
        unsigned i = (unsigned)__builtin_ctz(l);
        if (bytes * i / 32 < p->rlen)
            st_n(dst + bytes * i, rv[i], bytes);
    }
    return 1;
}


int gt_sf_is_fence(const gtsim_device *dev, unsigned sfid, uint32_t desc)
{
    const sf_port *p = sf_gen_of(dev)->port[sfid & 15];
    if (!p || (p->scratch && gt_bits(desc, 18, 18)))
        return 0;
    unsigned type = gt_bits(desc, p->type_hi, 14);
    return type < 32 && p->op[type] == SF_OP_FENCE;
}

/* Every data port: the port's table gives the operation of the message. */
int sf_dataport(sf_msg *m, const sf_port *p)
{
    if (p->scratch && gt_bits(m->desc, 18, 18))
        return scratch_block(m);
    unsigned type = gt_bits(m->desc, p->type_hi, 14);
    unsigned op = type < 32 ? p->op[type] : SF_OP_NONE;
    m->name = op_names[op];
    sf_space s;
    int st;
    switch (op) {
    case SF_OP_OWB_READ: return bti_oword_block(m, true, false);
    case SF_OP_OWB_UNALIGNED_READ: return bti_oword_block(m, false, false);
    case SF_OP_OWB_WRITE: return bti_oword_block(m, true, true);
    case SF_OP_OWDB_READ: return oword_dual_block(m, false);
    case SF_OP_OWDB_WRITE: return oword_dual_block(m, true);
    case SF_OP_DWS_READ: return bti_scattered(m, true, false);
    case SF_OP_DWS_WRITE: return bti_scattered(m, true, true);
    case SF_OP_BS_READ: return bti_scattered(m, false, false);
    case SF_OP_BS_WRITE: return bti_scattered(m, false, true);
    case SF_OP_FENCE:
        /* Memory is always coherent here; the optional response register
         * carries no data and is left unchanged. */
        return GTSIM_OK;
    case SF_OP_MEDIA_BLOCK_READ: return media_block(m, false);
    case SF_OP_MEDIA_BLOCK_WRITE: return media_block(m, true);
    case SF_OP_TYPED_READ: case SF_OP_TYPED_WRITE: case SF_OP_TYPED_ATOMIC: return sf_typed(m, op);
    default: break;
    }
    if (op < SF_OP_UNTYPED_READ || op > SF_OP_A64_OWB_WRITE)
        return unimpl(m, type);
    bool a64 = op >= SF_OP_A64_SCATTERED_READ && op <= SF_OP_A64_OWB_WRITE;
    st = a64 ? sf_space_a64(m, &s) : sf_space_bti(m, gt_bits(m->desc, 7, 0), &s);
    if (st)
        return st;
    switch (op) {
    case SF_OP_UNTYPED_READ: return untyped_rw(m, &s, false, false);
    case SF_OP_UNTYPED_WRITE: return untyped_rw(m, &s, false, true);
    case SF_OP_A64_UNTYPED_READ: return untyped_rw(m, &s, true, false);
    case SF_OP_A64_UNTYPED_WRITE: return untyped_rw(m, &s, true, true);
    case SF_OP_UNTYPED_ATOMIC: return atomic(m, &s, false, false);
    case SF_OP_UNTYPED_ATOMIC_FLOAT: return atomic(m, &s, false, true);
    case SF_OP_A64_UNTYPED_ATOMIC: return atomic(m, &s, true, false);
    case SF_OP_A64_UNTYPED_ATOMIC_FLOAT: return atomic(m, &s, true, true);
    case SF_OP_A64_SCATTERED_READ: return a64_scattered(m, &s, false);
    case SF_OP_A64_SCATTERED_WRITE: return a64_scattered(m, &s, true);
    default: { /* A64 OWord block */
        bool write = op == SF_OP_A64_OWB_WRITE;
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
