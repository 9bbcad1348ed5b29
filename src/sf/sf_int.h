/*
 * Shared-function internals: the decoded message context that the data
 * port, gateway and spawner handlers share, payload/response register
 * accessors, and the address spaces (surface, SLM, stateless, A64) that
 * data-port messages read and write.
 *
 * Message layout (seed 004 send/sends; message descriptors MSD*):
 *   desc  28:25 message length (GRF registers of src0, header included)
 *         24:20 response length (GRF registers written at dst)
 *         19    header present
 *         18:14 message type (data port) / 18:8 control / 7:0 BTI
 *   exdesc 3:0 SFID, 5 EOT, 10:6 extended message length (sends: GRF
 *         registers of src1, the data payload).
 * A message is a sequence of mlen registers from src0 followed (sends) by
 * exlen registers from src1; register k of the message is m->reg[k].
 */
#ifndef GT_SF_INT_H
#define GT_SF_INT_H

#include <stdbool.h>
#include <string.h>

#include "sf/sf.h"

#define SF_MAX_MSG_REGS (15 + 31) /* mlen (U4) + extended mlen (U5) */

/* One message being executed. */
typedef struct sf_msg {
    gtsim_device *dev;
    gt_thread *t;
    const gt_inst *in;
    uint32_t desc, exdesc;
    uint32_t mask;         /* enabled slots: bit i = message slot i */
    unsigned sfid;
    unsigned mlen, exlen;  /* GRF registers of src0 / src1 */
    unsigned nregs;        /* mlen + exlen */
    unsigned rlen;         /* response GRF registers */
    bool header;           /* desc bit 19 */
    const uint8_t *reg[SF_MAX_MSG_REGS];
    uint8_t *dst;          /* first response register, NULL for a null dst */
    const char *name;      /* message name for reports (set by the handler) */
} sf_msg;

static inline uint32_t sf_ld32(const void *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}
static inline uint64_t sf_ld64(const void *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

/* Payload DWord at message register reg, byte offset byte (0..28). */
static inline uint32_t sf_pay32(const sf_msg *m, unsigned reg, unsigned byte)
{
    return sf_ld32(m->reg[reg] + byte);
}
static inline uint64_t sf_pay64(const sf_msg *m, unsigned reg, unsigned byte)
{
    return sf_ld64(m->reg[reg] + byte);
}
/* Response writes: registers at or beyond the response length are not
 * written (the hardware returns exactly rlen registers). */
static inline void sf_rsp32(sf_msg *m, unsigned reg, unsigned byte, uint32_t v)
{
    if (m->dst && reg < m->rlen)
        memcpy(m->dst + reg * 32 + byte, &v, 4);
}
static inline void sf_rsp64(sf_msg *m, unsigned reg, unsigned byte, uint64_t v)
{
    if (m->dst && reg < m->rlen)
        memcpy(m->dst + reg * 32 + byte, &v, 8);
}

/* ---- address spaces ---- */

enum sf_space_kind {
    SF_SPACE_NULL,   /* SURFTYPE_NULL: reads return 0, writes are dropped */
    SF_SPACE_VM,     /* GPU virtual memory (surface, A32 stateless, A64) */
    SF_SPACE_SLM,    /* the thread group's shared local memory */
};

/* Where a message's offsets/addresses go.  Offsets are bytes from base.
 * bounded: accesses with off + len > limit are out of bounds (reads 0,
 * writes dropped: buffer surface bounds checking, SLM size). */
typedef struct sf_space {
    int kind;
    bool bounded;
    bool a32;        /* offsets are 32-bit (wrap at 4 GiB) */
    uint32_t bti;
    gt_vm *vm;
    uint64_t base;   /* GVA of offset 0 (VM) */
    uint64_t limit;  /* bytes (bounded spaces) */
    uint8_t *slm;
} sf_space;

/* Resolve a binding table index (surface, 254 SLM, 255/253 stateless A32)
 * into a space.  Returns GTSIM_OK or an error (reported). */
int sf_space_bti(sf_msg *m, uint32_t bti, sf_space *s);
/* The A64 flat space (stateless, 64-bit addresses). */
int sf_space_a64(sf_msg *m, sf_space *s);

/* Read/write len (1..128) bytes at offset off.  Out-of-bounds reads give
 * zeros and out-of-bounds writes are dropped (both return GTSIM_OK); an
 * unmapped page is a GTSIM_ERR_FAULT reported with the GVA. */
int sf_read(sf_msg *m, const sf_space *s, uint64_t off, void *out, unsigned len);
int sf_write(sf_msg *m, const sf_space *s, uint64_t off, const void *in, unsigned len);

/* Report helpers: they prefix the message (SFID, type name, descriptors)
 * and the EU IP, and return status. */
int sf_fail(sf_msg *m, int status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Message too short for its payload. */
int sf_check_len(sf_msg *m, unsigned need_regs);

/* Handlers. */
int sf_dp_dc0(sf_msg *m);
int sf_dp_dc1(sf_msg *m);
int sf_dp_ro(sf_msg *m);   /* read-only ports: sampler cache (0x4), constant cache (0x9) */

#endif
