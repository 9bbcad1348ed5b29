/*
 * Render command streamer, execlist mode (see cs.h).
 *
 * Levels of command buffers (seed 002 "Batch Buffers"): the ring (GGTT,
 * circular, RING_HEAD..RING_TAIL), first-level batch buffers started from
 * the ring, second-level batch buffers started from a first-level one.
 * MI_BATCH_BUFFER_START without the Second Level bit inside a batch chains
 * (replaces the current batch, no return); MI_BATCH_BUFFER_END returns one
 * level up.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "cs/cmds.h"
#include "cs/blt.h"
#include "cs/cs.h"
#include "eu/eu.h"
#include "pipe/media.h"
#include "pipe/media_cmds.h"
#include "pipe/pipe.h"
#include "pipe3d/pipe3d.h"
#include "sf/rtdump.h"
#include "timeline.h"

/* Longest command read whole: LRI and MI_MATH (8-bit DWord Length, 257
 * DWords), the 3D commands (3DSTATE_SO_DECL_LIST: 9-bit DWord Length, 513). */
#define CS_MAX_READ 514u
#define CS_ADDR48 ((1ull << 48) - 1)
#define CS_ADDR32 0xffffffffull
#define CS_IMAGE_REGSTATE 0x1000u           /* register state page offset in the context image */
#define CS_IMAGE_DWORDS 1024u               /* register state parsed: one page */

enum { CS_RING = 0, CS_BATCH1 = 1, CS_BATCH2 = 2 };

struct gt_cs {
    gtsim_device *dev;
    const char *engine;         /* "render", "blitter", "video", "video enhancement" */
    struct gt_blt *blt;         /* blitter engine state (XY_SETUP_BLT ...), blitter only */
    gt_cmd_set *own_set;        /* the command set this engine built (blitter, video), freed with it */
    uint64_t lrca;              /* GGTT address of the logical ring context */
    uint32_t head_img;          /* image byte offset of the RING_HEAD value, 0 = none */
    uint64_t ring_start;        /* GGTT */
    uint32_t ring_size;         /* bytes */
    uint32_t ring_pos, ring_tail; /* byte offsets in the ring */
    int level;                  /* enum: ring, first- or second-level batch */
    uint64_t bb_addr[3];        /* current address per batch level */
    int bb_ggtt[3];             /* batch level uses the GGTT (else PPGTT) */
    /* the command being executed */
    uint64_t cmd_addr;
    int cmd_level, cmd_ggtt;
    uint64_t ncmds;             /* commands parsed in this submission */
    int setp_noop;              /* MI_SET_PREDICATE: NOOP commands until re-evaluated */
    int stop;                   /* the ring is done (MI_BATCH_BUFFER_END at ring level) */
    uint32_t wraps;             /* times the ring head wrapped in this submission */
    int ring_mode;              /* Gen7 ring submission: no context image, no per-process HWSP */
    int ctx_ggtt;               /* the context has no PPGTT: engine accesses (blits) use the GGTT */
    const gt_cmd_set *set;      /* the device's command layouts */
    uint32_t mmio_base;         /* the engine's MMIO base (render 0x2000, blitter 0x22000) */
    /* CS ALU (MI_MATH) */
    uint64_t srca, srcb, accu;
    int zf, cf;
    uint32_t dw[CS_MAX_READ];
};

/* An engine register: its render-engine offset r moved to the engine's base. */
#define ER(cs, r) ((cs)->mmio_base + (uint32_t)(r) - GT_RCS_BASE)

struct gt_cs *gt_cs_create_engine(gtsim_device *dev, const char *engine, uint32_t base, const gt_cmd_set *set)
{
    struct gt_cs *cs = calloc(1, sizeof(*cs));
    if (cs) {
        cs->dev = dev;
        cs->engine = engine;
        cs->mmio_base = base;
        cs->set = set;
    }
    return cs;
}

struct gt_cs *gt_cs_create(gtsim_device *dev)
{
    return gt_cs_create_engine(dev, "render", GT_RCS_BASE,
                               dev->plat && dev->plat->cmds ? dev->plat->cmds : &gt_cmds_gen9);
}

struct gt_cs *gt_cs_create_blitter(gtsim_device *dev)
{
    const gt_cmd_set *render = dev->plat && dev->plat->cmds ? dev->plat->cmds : &gt_cmds_gen9;
    if (!dev->plat || !dev->plat->blt)
        return NULL;
    gt_cmd_set *set = gt_blt_cmds_create(dev->plat->blt, render);
    struct gt_cs *cs = set ? gt_cs_create_engine(dev, "blitter", GT_BCS_BASE, set) : NULL;
    if (!cs)
        gt_blt_cmds_destroy(set);
    else
        cs->own_set = set;
    return cs;
}

struct gt_cs *gt_cs_create_video(gtsim_device *dev, int enhance)
{
    const gt_cmd_set *render = dev->plat && dev->plat->cmds ? dev->plat->cmds : &gt_cmds_gen9;
    const gt_cmd_set *own = !dev->plat ? NULL : enhance ? dev->plat->vecs : dev->plat->vcs;
    if (!own)
        return NULL;
    gt_cmd_set *set = gt_engine_cmds_create(own, render, gt_video_mi, gt_video_nmi);
    uint32_t base = enhance ? dev->plat->vecs_base : dev->plat->vcs_base;
    struct gt_cs *cs = set ? gt_cs_create_engine(dev, enhance ? "video enhancement" : "video", base, set) : NULL;
    if (!cs)
        gt_engine_cmds_destroy(set);
    else
        cs->own_set = set;
    return cs;
}

void gt_cs_destroy(struct gt_cs *cs)
{
    if (cs) {
        gt_blt_destroy(cs->blt);
        gt_engine_cmds_destroy(cs->own_set);
    }
    free(cs);
}

/* ---- registers ---- */

/* The MMIO offset a register command names (seed 004 MI_LOAD_REGISTER_IMM
 * and the other register commands): with "Add CS MMIO Start Offset" the
 * offset is relative to the executing engine's MMIO base; with "MMIO Remap
 * Enable" a render-engine offset (0x2000-0x27ff) is remapped to the
 * executing engine.  Both fields read 0 on generations without them. */
static uint32_t cs_reg_offset(const struct gt_cs *cs, uint64_t reg, uint64_t add_base, uint64_t remap)
{
    uint32_t r = (uint32_t)reg;
    if (add_base)
        return (r + cs->mmio_base) & 0x7ffffcu;
    if (remap && r >= GT_RCS_BASE && r < GT_RCS_BASE + 0x800u)
        return r - GT_RCS_BASE + cs->mmio_base;
    return r;
}

uint32_t gtsim_timestamp_frequency(const gtsim_device *dev)
{
    return dev->plat ? dev->plat->timestamp_hz : 12000000u;
}

/* The engines' clock (gtsim_config.host_clock): simulated work done
 * (commands parsed + EU instructions), or the host's CLOCK_MONOTONIC since
 * the device was created in ticks of the platform's timestamp frequency.
 * 36 bits wide, as TIMESTAMP is (seed 004 PIPE_CONTROL Post-Sync Operation
 * "Write Timestamp": "The upper 28 bits of the TIMESTAMP register are tied
 * to '0'"); it only increases until it wraps. */
static uint64_t cs_timestamp(const gtsim_device *dev)
{
    uint64_t t;
    if (dev->cfg.host_clock) {
        uint64_t ns = gt_now_ns() - dev->clock0_ns, hz = gtsim_timestamp_frequency(dev);
        t = ns / 1000000000ull * hz + ns % 1000000000ull * hz / 1000000000ull;
    } else {
        t = dev->stats.commands + dev->stats.eu_instructions;
    }
    return t & ((1ull << 36) - 1);
}

/* Offset off as register reg (an offset from an engine's MMIO base: the
 * render and blitter engines -- the blitter's clock registers read also on
 * platforms whose blitter commands are not modelled, which
 * gtsim_engine_mmio_base leaves out -- and the platform's video engines):
 * 1 and *reg set, else 0. */
static int engine_reg(const gtsim_device *dev, uint32_t off, uint32_t *reg)
{
    const uint32_t bases[4] = {GT_RCS_BASE, GT_BCS_BASE, dev->plat && dev->plat->vcs ? dev->plat->vcs_base : 0,
                               dev->plat && dev->plat->vecs ? dev->plat->vecs_base : 0};
    for (int e = 0; e < 4; e++) {
        if (bases[e] && off >= bases[e] && off < bases[e] + 0x1000u) {
            *reg = off - bases[e];
            return 1;
        }
    }
    return 0;
}

/* Engine registers that read the clock: TIMESTAMP (base + 358h/35Ch, 64
 * bits) and CTX_TIMESTAMP (base + 3A8h, 32 bits: the context's running
 * time, public facts: Linux i915 RING_CTX_TIMESTAMP, Intel's runtime
 * stores RCS 0x23A8 before and after a profiled walker and takes the
 * difference as the kernel's duration).  gtsim switches contexts only
 * between batches, so CTX_TIMESTAMP reads the low 32 bits of the same
 * clock: differences within a batch are the ones a context would see. */
uint32_t gt_cs_reg_read(gtsim_device *dev, uint32_t off)
{
    off &= (GT_MMIO_SIZE - 1) & ~3u;
    uint32_t reg;
    if (engine_reg(dev, off, &reg)) {
        if (reg == GT_RCS_TIMESTAMP - GT_RCS_BASE || reg == GT_RCS_CTX_TIMESTAMP - GT_RCS_BASE)
            return (uint32_t)cs_timestamp(dev);
        if (reg == GT_RCS_TIMESTAMP + 4 - GT_RCS_BASE)
            return (uint32_t)(cs_timestamp(dev) >> 32);
    }
    return gt_mmio_reg(dev, off);
}

void gt_cs_reg_write(gtsim_device *dev, uint32_t off, uint32_t val)
{
    off &= (GT_MMIO_SIZE - 1) & ~3u;
    gt_mmio_set(dev, off, val);
    /* Gen7: loading PP_DIR_BASE (MI_LOAD_REGISTER_IMM, as drivers switch
     * address spaces in the ring) selects a new page directory. */
    if (dev->plat && dev->plat->pp_dir_base_reg && off == dev->plat->pp_dir_base_reg)
        gt_dev_ppgtt_reload(dev);
}

static uint64_t reg64(gtsim_device *dev, uint32_t off)
{
    return gt_cs_reg_read(dev, off) | ((uint64_t)gt_cs_reg_read(dev, off + 4) << 32);
}

static void reg64_write(gtsim_device *dev, uint32_t off, uint64_t v)
{
    gt_cs_reg_write(dev, off, (uint32_t)v);
    gt_cs_reg_write(dev, off + 4, (uint32_t)(v >> 32));
}

static int predicate_result(gtsim_device *dev)
{
    return gt_cs_reg_read(dev, GT_RCS_PREDICATE_RESULT) & 1;
}

/* ---- where, memory ---- */

/* "ring 0x2008" / "batch 0x7f0001000 (PPGTT, first level)" */
static const char *cs_where(const struct gt_cs *cs, char *buf, size_t len)
{
    /* the render engine is the default; others name themselves */
    const char *eng = cs->mmio_base == GT_RCS_BASE ? "" : cs->engine;
    const char *sp = *eng ? " " : "";
    if (cs->cmd_level == CS_RING)
        snprintf(buf, len, "%s%sring 0x%" PRIx64, eng, sp, cs->cmd_addr);
    else
        snprintf(buf, len, "%s%sbatch 0x%" PRIx64 " (%s, %s level)", eng, sp, cs->cmd_addr,
                 cs->cmd_ggtt ? "GGTT" : "PPGTT", cs->cmd_level == CS_BATCH1 ? "first" : "second");
    return buf;
}
#define WHERE(cs) cs_where((cs), (char[112]){0}, 112)

static gt_vm *cs_vm(gtsim_device *dev, int ggtt)
{
    return ggtt ? &dev->ggtt : &dev->ppgtt;
}

static uint64_t cs_canon(int ggtt, uint64_t a)
{
    return a & (ggtt ? CS_ADDR32 : CS_ADDR48);
}

static int cs_mem(struct gt_cs *cs, const char *name, int write, int ggtt, uint64_t addr, void *buf,
                  size_t len)
{
    gtsim_device *dev = cs->dev;
    uint64_t fault = 0;
    addr = cs_canon(ggtt, addr);
    int r = write ? gt_vm_write(cs_vm(dev, ggtt), addr, buf, len, &fault)
                  : gt_vm_read(cs_vm(dev, ggtt), addr, buf, len, &fault);
    if (r) {
        char what[192];
        snprintf(what, sizeof(what), "%s at %s: %s %zu bytes", name, WHERE(cs), write ? "writing" : "reading",
                 len);
        if (gt_vm_host_error(dev, cs_vm(dev, ggtt), what, fault))
            return GTSIM_ERR_NOMEM;
    }
    if (r) {
        char why[96];
        gt_vm_fault_why(cs_vm(dev, ggtt), fault, why, sizeof(why));
        return gt_error(dev, GTSIM_ERR_FAULT,
                        "%s at %s: GPU page fault %s %zu bytes at %s address 0x%" PRIx64
                        " (unmapped page 0x%" PRIx64 ": %s)",
                        name, WHERE(cs), write ? "writing" : "reading", len, ggtt ? "GGTT" : "PPGTT",
                        addr, fault, why);
    }
    return GTSIM_OK;
}

/* ---- fetching commands ---- */

static uint64_t cs_pos_addr(const struct gt_cs *cs)
{
    return cs->level == CS_RING ? cs->ring_start + cs->ring_pos : cs->bb_addr[cs->level];
}

/* Read n DWords of the current command (from the current position). */
static int cs_fetch(struct gt_cs *cs, uint32_t *out, unsigned first, unsigned n)
{
    gtsim_device *dev = cs->dev;
    for (unsigned i = first; i < first + n; i++) {
        uint64_t a, fault = 0;
        int ggtt;
        if (cs->level == CS_RING) {
            a = cs->ring_start + (cs->ring_pos + 4ull * i) % cs->ring_size;
            ggtt = 1;
        } else {
            a = cs->bb_addr[cs->level] + 4ull * i;
            ggtt = cs->bb_ggtt[cs->level];
        }
        a = cs_canon(ggtt, a);
        if (gt_vm_read(cs_vm(dev, ggtt), a, &out[i], 4, &fault)) {
            char what[160];
            snprintf(what, sizeof(what), "command streamer: fetching a command at %s", WHERE(cs));
            if (gt_vm_host_error(dev, cs_vm(dev, ggtt), what, a))
                return GTSIM_ERR_NOMEM;
        }
        if (gt_vm_read(cs_vm(dev, ggtt), a, &out[i], 4, &fault)) {
            char why[96];
            gt_vm_fault_why(cs_vm(dev, ggtt), a, why, sizeof(why));
            return gt_error(dev, GTSIM_ERR_FAULT,
                            "command streamer: GPU page fault fetching %s at %s address 0x%" PRIx64
                            " (%s; %s %s)",
                            i ? "the body of the command" : "a command", ggtt ? "GGTT" : "PPGTT", a, why,
                            i ? "the command starts at" : "batch runs off mapped memory:", WHERE(cs));
        }
    }
    return GTSIM_OK;
}

/* ---- MI_MATH: the CS ALU (operands: GPRs R0..R15, SRCA, SRCB, ACCU, ZF, CF) ---- */

static int alu_read(struct gt_cs *cs, unsigned operand, uint64_t *v)
{
    if (operand <= 0x0f) {
        *v = reg64(cs->dev, ER(cs, GT_RCS_GPR(operand)));
        return 0;
    }
    switch (operand) {
    case 0x20: *v = cs->srca; return 0;
    case 0x21: *v = cs->srcb; return 0;
    case 0x31: *v = cs->accu; return 0;
    case 0x32: *v = cs->zf ? ~0ull : 0; return 0; /* flags read as all ones when set */
    case 0x33: *v = cs->cf ? ~0ull : 0; return 0;
    }
    return -1;
}

static int cs_mi_math(struct gt_cs *cs, const gt_cmd_desc *d, unsigned len)
{
    for (unsigned i = 1; i < len; i++) {
        uint32_t ins = cs->dw[i];
        uint64_t f[GT_NF_MI_MATH_ALU];
        gt_fields_unpack(d->group, d->ngroup, &cs->dw[i], 1, f);
        unsigned op = (unsigned)f[ALU_OPCODE], a = (unsigned)f[ALU_OP1], b = (unsigned)f[ALU_OP2];
        uint64_t v;
        switch (op) {
        case 0x000: /* NOOP */
            break;
        case 0x080: /* LOAD */
        case 0x480: /* LOADINV */
        case 0x081: /* LOAD0 */
        case 0x481: /* LOAD1 */
            if (op == 0x081)
                v = 0;
            else if (op == 0x481)
                v = 1;
            else if (alu_read(cs, b, &v))
                goto bad;
            if (op == 0x480)
                v = ~v;
            if (a == 0x20)
                cs->srca = v;
            else if (a == 0x21)
                cs->srcb = v;
            else
                goto bad;
            break;
        case 0x100: /* ADD */
            cs->accu = cs->srca + cs->srcb;
            cs->cf = cs->accu < cs->srca;
            cs->zf = cs->accu == 0;
            break;
        case 0x101: /* SUB */
            cs->accu = cs->srca - cs->srcb;
            cs->cf = cs->srca < cs->srcb; /* borrow */
            cs->zf = cs->accu == 0;
            break;
        case 0x102: /* AND */
        case 0x103: /* OR */
        case 0x104: /* XOR */
            cs->accu = op == 0x102 ? cs->srca & cs->srcb
                     : op == 0x103 ? cs->srca | cs->srcb : cs->srca ^ cs->srcb;
            cs->cf = 0;
            cs->zf = cs->accu == 0;
            break;
        case 0x180: /* STORE */
        case 0x580: /* STOREINV */
            if (a > 0x0f || alu_read(cs, b, &v))
                goto bad;
            reg64_write(cs->dev, ER(cs, GT_RCS_GPR(a)), op == 0x580 ? ~v : v);
            break;
        default:
            goto bad;
        }
        continue;
    bad:;
        char text[256];
        gt_fields_format(d->group, d->ngroup, &ins, 1, text, sizeof(text), 0);
        return gt_error(cs->dev, GTSIM_ERR_ILLEGAL,
                        "MI_MATH at %s: ALU instruction %u (0x%08x:%s) has a reserved opcode or an "
                        "operand its opcode does not allow",
                        WHERE(cs), i - 1, ins, text);
    }
    return GTSIM_OK;
}

/* ---- MI_ATOMIC ---- */

static int cs_mi_atomic(struct gt_cs *cs, const uint64_t *f, unsigned len)
{
    gtsim_device *dev = cs->dev;
    unsigned op = (unsigned)f[ATOM_OPCODE];
    unsigned size = (unsigned)f[ATOM_SIZE];
    int ggtt = (int)f[ATOM_GGTT];
    unsigned bytes = size == 0 ? 4 : size == 1 ? 8 : 16;
    /* Opcodes: 0x01..0x0f DWord, 0x21..0x2f QWord (same operation + 0x20),
     * 0x4e CMP_WR16B (octword). */
    unsigned base = op & 0x1f;
    int ok_size = (op >= 0x01 && op <= 0x0f && size == 0) || (op >= 0x21 && op <= 0x2f && size == 1);
    if (op == 0x4e || size == 2)
        return gt_error(dev, GTSIM_ERR_UNIMPL, "MI_ATOMIC at %s: octword (CMP_WR16B) atomics are not "
                        "implemented", WHERE(cs));
    if (!ok_size)
        return gt_error(dev, GTSIM_ERR_ILLEGAL,
                        "MI_ATOMIC at %s: opcode 0x%02x does not match Data Size %u", WHERE(cs), op, size);
    int needs_operand = !(base == 0x05 || base == 0x06 || base == 0x0f);
    uint64_t op1 = 0, op2 = 0;
    if (needs_operand) {
        if (!f[ATOM_INLINE])
            return gt_error(dev, GTSIM_ERR_UNIMPL, "MI_ATOMIC at %s: operands from registers (Inline "
                            "Data clear) are not implemented", WHERE(cs));
        if (len < (bytes == 8 ? 7u : 5u))
            return gt_error(dev, GTSIM_ERR_ILLEGAL, "MI_ATOMIC at %s: Inline Data set but the command "
                            "has only %u DWords", WHERE(cs), len);
        op1 = f[ATOM_OP1_0];
        op2 = f[ATOM_OP2_0];
        if (bytes == 8) {
            op1 |= f[ATOM_OP1_1] << 32;
            op2 |= f[ATOM_OP2_1] << 32;
        }
    }
    uint64_t addr = f[ATOM_ADDR];
    uint64_t old = 0, nw;
    int st = cs_mem(cs, "MI_ATOMIC", 0, ggtt, addr, &old, bytes);
    if (st)
        return st;
    uint64_t mask = bytes == 8 ? ~0ull : 0xffffffffull;
    int sh = bytes == 8 ? 0 : 32; /* sign-extension shift for IMAX/IMIN */
    int64_t so = (int64_t)(old << sh) >> sh, s1 = (int64_t)(op1 << sh) >> sh;
    uint64_t ret = old;
    switch (base) {
    case 0x01: nw = old & op1; break;
    case 0x02: nw = old | op1; break;
    case 0x03: nw = old ^ op1; break;
    case 0x04: nw = op1; break;
    case 0x05: nw = old + 1; break;
    case 0x06: nw = old - 1; break;
    case 0x07: nw = old + op1; break;
    case 0x08: nw = old - op1; break;
    case 0x09: nw = op1 - old; break;
    case 0x0a: nw = so > s1 ? old : op1; break;
    case 0x0b: nw = so < s1 ? old : op1; break;
    case 0x0c: nw = (old & mask) > (op1 & mask) ? old : op1; break;
    case 0x0d: nw = (old & mask) < (op1 & mask) ? old : op1; break;
    case 0x0e: nw = (old & mask) == (op1 & mask) ? op2 : old; break; /* compare with op1, write op2 */
    case 0x0f: nw = old - 1; ret = nw; break;                     /* PREDEC returns the new value */
    default:
        return gt_error(dev, GTSIM_ERR_ILLEGAL, "MI_ATOMIC at %s: reserved opcode 0x%02x", WHERE(cs), op);
    }
    nw &= mask;
    st = cs_mem(cs, "MI_ATOMIC", 1, ggtt, addr, &nw, bytes);
    if (st)
        return st;
    /* Return Data Control: the returned value goes to CS_GPR R0 */
    if (f[ATOM_RETURN])
        reg64_write(dev, ER(cs, GT_RCS_GPR(0)), ret & mask);
    return GTSIM_OK;
}

/* ---- batch buffers ---- */

static int cs_bb_start(struct gt_cs *cs, const uint64_t *f)
{
    if (f[BBS_PREDICATE] && !predicate_result(cs->dev))
        return GTSIM_OK;
    if (f[BBS_ADD_OFFSET])
        return gt_error(cs->dev, GTSIM_ERR_UNIMPL,
                        "MI_BATCH_BUFFER_START at %s: Add Offset Enable is not implemented", WHERE(cs));
    int ggtt = !f[BBS_PPGTT];
    int level;
    if (cs->level == CS_RING)
        level = CS_BATCH1;               /* from the ring: first level */
    else if (f[BBS_SECOND])
        level = CS_BATCH2;               /* call from first level, chain within second level */
    else
        level = CS_BATCH1;               /* chain the first-level batch */
    cs->level = level;
    cs->bb_addr[level] = cs_canon(ggtt, f[BBS_ADDR]);
    cs->bb_ggtt[level] = ggtt;
    if (cs->dev->timeline)
        gt_timeline_batch_begin(cs->dev->timeline, cs->dev, level, cs->bb_addr[level]);
    return GTSIM_OK;
}

static void cs_bb_end(struct gt_cs *cs)
{
    if (cs->dev->timeline && cs->level != CS_RING)
        gt_timeline_batch_end(cs->dev->timeline, cs->dev, cs->level);
    if (cs->level == CS_RING)
        cs->stop = 1; /* MI_BATCH_BUFFER_END in the ring: nothing to return to */
    else
        cs->level--;
    /* the end of a first-level batch: --dump-surfaces writes the render
     * targets its draws wrote (a failure is a warning: the work is done) */
    if (cs->level == CS_RING && cs->dev->cfg.dump_surfaces && sf_rtdump_batch_end(cs->dev) != GTSIM_OK)
        gt_warn(cs->dev, "%s", cs->dev->err);
}

/* ---- PIPE_CONTROL / MI_FLUSH_DW post-sync writes ---- */

/* Store Data Index: the address is an offset in the hardware status page:
 * the per-process one (first page of the context, GGTT) for PPGTT
 * destinations, the global one (HWS_PGA) for GGTT destinations. */
static uint64_t cs_store_index_addr(struct gt_cs *cs, int global, uint64_t off)
{
    /* ring mode (Gen7) has only the global hardware status page */
    uint64_t page = global || cs->ring_mode ? (gt_cs_reg_read(cs->dev, ER(cs, GT_RCS_HWS_PGA)) & 0xfffff000u)
                                            : cs->lrca;
    return page + (off & 0xffc);
}

static int cs_pipe_control(struct gt_cs *cs, const uint64_t *f)
{
    gtsim_device *dev = cs->dev;
    if (f[PC_TLB_INV]) {
        gt_vm_flush(&dev->ppgtt);
        gt_vm_flush(&dev->ggtt);
    }
    if (f[PC_INST_INV] && dev->kcache)
        gt_kcache_flush(dev->kcache);
    if (f[PC_LRI_POSTSYNC]) {
        gt_cs_reg_write(dev, (uint32_t)(f[PC_ADDR] & 0x7ffffc), (uint32_t)f[PC_DATA]);
        return GTSIM_OK;
    }
    uint64_t v;
    switch (f[PC_POSTSYNC]) {
    case 0:
        return GTSIM_OK;
    case 1: v = f[PC_DATA]; break;         /* QWord of Immediate Data */
    case 2: v = reg64(dev, GT3D_REG_PS_DEPTH_COUNT); break; /* the samples draws passed (pipe3d) */
    default: v = cs_timestamp(dev); break; /* TIMESTAMP */
    }
    int ggtt = (int)f[PC_GGTT];
    uint64_t addr = f[PC_ADDR];
    if (f[PC_STORE_INDEX]) {
        addr = cs_store_index_addr(cs, ggtt, addr);
        ggtt = 1;
    }
    return cs_mem(cs, "PIPE_CONTROL post-sync write", 1, ggtt, addr, &v, 8);
}

static int cs_flush_dw(struct gt_cs *cs, const gt_cmd_desc *d, const uint64_t *f, unsigned len)
{
    gtsim_device *dev = cs->dev;
    if (f[FDW_TLB_INV]) {
        gt_vm_flush(&dev->ppgtt);
        gt_vm_flush(&dev->ggtt);
    }
    /* Immediate data: the DWords after the address (Gen9: one in a
     * 4-DWord command, two in a 5-DWord one; Gen7: two in its 4 DWords). */
    const gt_field *fd = gt_cmd_field(d, FDW_DATA);
    unsigned bytes = fd && len > fd->dw ? 4u * (len - fd->dw) : 4u;
    uint64_t v;
    switch (f[FDW_POSTSYNC]) {
    case 0:
        return GTSIM_OK;
    case 1: v = f[FDW_DATA]; break;
    case 3: v = cs_timestamp(dev); bytes = 8; break;
    default:
        return gt_error(dev, GTSIM_ERR_ILLEGAL, "MI_FLUSH_DW at %s: reserved Post-Sync Operation 2", WHERE(cs));
    }
    int ggtt = (int)f[FDW_GGTT];
    uint64_t addr = f[FDW_ADDR];
    if (f[FDW_STORE_INDEX]) {
        addr = cs_store_index_addr(cs, ggtt, addr);
        ggtt = 1;
    }
    return cs_mem(cs, "MI_FLUSH_DW post-sync write", 1, ggtt, addr, &v, bytes > 8 ? 8 : bytes);
}

/* ---- MI_SEMAPHORE_WAIT / MI_CONDITIONAL_BATCH_BUFFER_END ---- */

static int sem_compare(unsigned op, uint32_t sad, uint32_t sdd)
{
    switch (op) {
    case 0: return sad > sdd;
    case 1: return sad >= sdd;
    case 2: return sad < sdd;
    case 3: return sad <= sdd;
    case 4: return sad == sdd;
    case 5: return sad != sdd;
    }
    return -1;
}

static const char *const sem_op_name[7] = {">", ">=", "<", "<=", "==", "!=", "?"};

static int cs_semaphore_wait(struct gt_cs *cs, const uint64_t *f)
{
    gtsim_device *dev = cs->dev;
    uint32_t sad;
    if (f[SEMW_REG_POLL]) {
        sad = gt_cs_reg_read(dev, (uint32_t)(f[SEMW_ADDR] & 0x7ffffc));
    } else {
        int st = cs_mem(cs, "MI_SEMAPHORE_WAIT", 0, (int)f[SEMW_GGTT], f[SEMW_ADDR], &sad, 4);
        if (st)
            return st;
    }
    int c = sem_compare((unsigned)f[SEMW_COMPARE], sad, (uint32_t)f[SEMW_DATA]);
    if (c < 0)
        return gt_error(dev, GTSIM_ERR_ILLEGAL, "MI_SEMAPHORE_WAIT at %s: reserved Compare Operation %u",
                        WHERE(cs), (unsigned)f[SEMW_COMPARE]);
    if (c)
        return GTSIM_OK;
    /* Execution is synchronous and nothing else runs: the value can never
     * change, so the wait would never end. */
    return gt_error(dev, GTSIM_ERR_WATCHDOG,
                    "MI_SEMAPHORE_WAIT at %s never completes: %s 0x%" PRIx64 " holds 0x%08x, waiting for "
                    "SAD %s 0x%08x, and no other engine or agent runs to change it",
                    WHERE(cs), f[SEMW_REG_POLL] ? "register" : "semaphore at", f[SEMW_ADDR], sad,
                    sem_op_name[f[SEMW_COMPARE] < 6 ? f[SEMW_COMPARE] : 6],
                    (uint32_t)f[SEMW_DATA]);
}

/* MI_SEMAPHORE_MBOX (Gen7): continue when the selected mailbox register
 * holds a value greater than the semaphore data (public fact: i915 waits
 * for seqno - 1 for this reason); otherwise wait, which on a single
 * synchronous engine never ends. */
static int cs_semaphore_mbox(struct gt_cs *cs, const uint64_t *f)
{
    if (f[SEMM_REG] > 2)
        return gt_error(cs->dev, GTSIM_ERR_ILLEGAL, "MI_SEMAPHORE_MBOX at %s: reserved Register Select 3",
                        WHERE(cs));
    uint32_t reg = GT_RCS_SYNC_MBOX0 + 4u * (uint32_t)f[SEMM_REG];
    uint32_t v = gt_cs_reg_read(cs->dev, reg);
    if (v > (uint32_t)f[SEMM_DATA])
        return GTSIM_OK;
    return gt_error(cs->dev, GTSIM_ERR_WATCHDOG,
                    "MI_SEMAPHORE_MBOX at %s never completes: mailbox register 0x%x holds 0x%08x, waiting "
                    "for a value above 0x%08x, and no other engine runs to signal it",
                    WHERE(cs), reg, v, (uint32_t)f[SEMM_DATA]);
}

static int cs_cond_bb_end(struct gt_cs *cs, const uint64_t *f)
{
    if (!f[CBBE_SEMAPHORE])
        return GTSIM_OK; /* Compare Semaphore clear: a NOOP */
    uint32_t m[2] = {0, 0};
    int st = cs_mem(cs, "MI_CONDITIONAL_BATCH_BUFFER_END", 0, (int)f[CBBE_GGTT], f[CBBE_ADDR], m,
                    f[CBBE_MASK_MODE] ? 8 : 4);
    if (st)
        return st;
    uint32_t mad = f[CBBE_MASK_MODE] ? (m[0] & m[1]) : m[0];
    /* Execution continues while "MAD <Compare Operation> IDD" holds (seed
     * 004; Gen9 has only operation 0, MAD > IDD); otherwise the current
     * batch level ends (End Current Batch Buffer Level 1) or every level,
     * execution returning to the ring (0, and Gen9). */
    int c = sem_compare((unsigned)f[CBBE_COMPARE], mad, (uint32_t)f[CBBE_DATA]);
    if (c < 0)
        return gt_error(cs->dev, GTSIM_ERR_ILLEGAL,
                        "MI_CONDITIONAL_BATCH_BUFFER_END at %s: reserved Compare Operation %u", WHERE(cs),
                        (unsigned)f[CBBE_COMPARE]);
    if (c)
        return GTSIM_OK;
    if (f[CBBE_END_LEVEL])
        cs_bb_end(cs);
    else
        cs->level = CS_RING;
    return GTSIM_OK;
}

/* ---- GFXPIPE state and dispatch ---- */

static int cs_state_base_address(struct gt_cs *cs, const uint64_t *f)
{
    gt_pipe_state *ps = gt_pipe_state_of(cs->dev->pipe);
    if (f[SBA_GS_EN]) ps->general_state_base = f[SBA_GS] & CS_ADDR48;
    if (f[SBA_SS_EN]) ps->surface_state_base = f[SBA_SS] & CS_ADDR48;
    if (f[SBA_DS_EN]) ps->dynamic_state_base = f[SBA_DS] & CS_ADDR48;
    if (f[SBA_IO_EN]) ps->indirect_object_base = f[SBA_IO] & CS_ADDR48;
    if (f[SBA_IB_EN]) ps->instruction_base = f[SBA_IB] & CS_ADDR48;
    if (f[SBA_BSS_EN]) {
        ps->bindless_surface_state_base = f[SBA_BSS] & CS_ADDR48;
        ps->bindless_surface_state_size = f[SBA_BSS_SIZE] << 12;
    }
    if (f[SBA_GS_SIZE_EN]) ps->general_state_size = f[SBA_GS_SIZE] << 12;
    if (f[SBA_DS_SIZE_EN]) ps->dynamic_state_size = f[SBA_DS_SIZE] << 12;
    if (f[SBA_IO_SIZE_EN]) ps->indirect_object_size = f[SBA_IO_SIZE] << 12;
    if (f[SBA_IB_SIZE_EN]) ps->instruction_size = f[SBA_IB_SIZE] << 12;
    /* Gen7: access upper bounds (absolute addresses) give the sizes */
#define UB(en, ub, base, size) \
    if (f[en]) ps->size = f[ub] > ps->base ? f[ub] - ps->base : 0;
    UB(SBA_GS_UB_EN, SBA_GS_UB, general_state_base, general_state_size)
    UB(SBA_DS_UB_EN, SBA_DS_UB, dynamic_state_base, dynamic_state_size)
    UB(SBA_IO_UB_EN, SBA_IO_UB, indirect_object_base, indirect_object_size)
    UB(SBA_IB_UB_EN, SBA_IB_UB, instruction_base, instruction_size)
#undef UB
    return GTSIM_OK;
}

static int cs_vfe_state(struct gt_cs *cs, const gt_cmd_desc *d, const uint64_t *f)
{
    gt_pipe_state *ps = gt_pipe_state_of(cs->dev->pipe);
    uint32_t scratch = cs->set->scratch_bytes((uint32_t)f[VFE_SCRATCH_SIZE]);
    if (!scratch)
        return gt_error(cs->dev, GTSIM_ERR_ILLEGAL,
                        "MEDIA_VFE_STATE at %s: Per Thread Scratch Space %u is reserved on %s",
                        WHERE(cs), (unsigned)f[VFE_SCRATCH_SIZE], cs->set->name);
    ps->scratch_offset = f[VFE_SCRATCH_PTR];
    ps->per_thread_scratch_code = (uint32_t)f[VFE_SCRATCH_SIZE];
    ps->per_thread_scratch = scratch;
    ps->stack_size = (uint32_t)f[VFE_STACK_SIZE];
    ps->max_threads = (uint32_t)f[VFE_MAX_THREADS] + 1;
    ps->urb_entries = (uint32_t)f[VFE_URB_ENTRIES];
    ps->urb_entry_size = (uint32_t)f[VFE_URB_ENTRY_SIZE];
    ps->curbe_size = (uint32_t)f[VFE_CURBE_SIZE];
    ps->vfe_valid = 1;
    ps->sb_enable = (int)f[VFE_SB_ENABLE];
    ps->sb_type = (uint32_t)f[VFE_SB_TYPE];
    ps->sb_mask = (uint32_t)f[VFE_SB_MASK];
    for (int i = 0; i < 8; i++) {
        ps->sb_delta[i][0] = (int8_t)f[VFE_SB0_DX + 2 * i];
        ps->sb_delta[i][1] = (int8_t)f[VFE_SB0_DY + 2 * i];
    }
    ps->bypass_gateway = (int)f[VFE_BYPASS_GW];
    ps->gpgpu_mode = (int)f[VFE_GPGPU_MODE];
    if (gt_cmd_field(d, VFE_SB0_DX)) { /* Gen7 layout: the media unit's scoreboard deltas */
        gt_media_sb sb;
        memset(&sb, 0, sizeof(sb));
        sb.enable = ps->sb_enable;
        sb.type = (int)ps->sb_type;
        sb.mask = ps->sb_mask;
        for (int i = 0; i < 8; i++) {
            sb.dx[i] = ps->sb_delta[i][0];
            sb.dy[i] = ps->sb_delta[i][1];
        }
        int st = gt_media_set_scoreboard(cs->dev, &sb);
        if (st)
            return st;
    }
    /* the scoreboard orders media objects (seed 000 §1.4.3); only GPGPU
     * walkers ignore it */
    if (f[VFE_SB_ENABLE] && ps->pipeline != 1)
        gt_warn(cs->dev, "MEDIA_VFE_STATE at %s: scoreboard enabled; GPGPU walkers ignore it", WHERE(cs));
    return GTSIM_OK;
}

static int cs_gpgpu_walker(struct gt_cs *cs, const uint64_t *f)
{
    gtsim_device *dev = cs->dev;
    if (f[GW_PREDICATE] && !predicate_result(dev))
        return GTSIM_OK;
    gt_walker w;
    memset(&w, 0, sizeof(w));
    w.batch_addr = cs->cmd_addr;
    w.idd_offset = (uint32_t)f[GW_IDO];
    w.indirect_len = (uint32_t)f[GW_IND_LEN];
    w.indirect_start = (uint32_t)f[GW_IND_START];
    if (f[GW_SIMD] > 2)
        return gt_error(dev, GTSIM_ERR_ILLEGAL, "GPGPU_WALKER at %s: reserved SIMD Size 3", WHERE(cs));
    w.simd = 8u << f[GW_SIMD];
    w.wmax = (uint32_t)f[GW_WMAX];
    w.hmax = (uint32_t)f[GW_HMAX];
    w.dmax = (uint32_t)f[GW_DMAX];
    w.start[0] = (uint32_t)f[GW_START_X];
    w.start[1] = (uint32_t)f[GW_START_Y];
    w.start[2] = (uint32_t)f[GW_START_Z];
    w.dim[0] = (uint32_t)f[GW_DIM_X];
    w.dim[1] = (uint32_t)f[GW_DIM_Y];
    w.dim[2] = (uint32_t)f[GW_DIM_Z];
    if (f[GW_INDIRECT]) {
        /* Indirect Parameter Enable: the dimensions come from the
         * GPGPU_DISPATCHDIM registers (seed 000 §1.3.4). */
        w.dim[0] = gt_cs_reg_read(dev, GT_RCS_GPGPU_DISPATCHDIMX);
        w.dim[1] = gt_cs_reg_read(dev, GT_RCS_GPGPU_DISPATCHDIMY);
        w.dim[2] = gt_cs_reg_read(dev, GT_RCS_GPGPU_DISPATCHDIMZ);
    }
    w.right_mask = (uint32_t)f[GW_RIGHT_MASK];
    w.bottom_mask = (uint32_t)f[GW_BOTTOM_MASK];
    GT_STAT_ADD(dev, walkers, 1);
    return gt_pipe_walker(dev, &w);
}

/* ---- one command ---- */

static int cs_exec(struct gt_cs *cs, const gt_cmd_desc *d, unsigned len)
{
    gtsim_device *dev = cs->dev;
    uint64_t f[GT_CMD_MAX_SLOTS];
    unsigned n = len < CS_MAX_READ ? len : CS_MAX_READ;
    if (d->id == GT_CMD_3D) {
        /* the 3D pipeline gets the whole command and unpacks it with its
         * own (generated, larger) slot sets */
        if (len > CS_MAX_READ)
            return gt_error(dev, GTSIM_ERR_ILLEGAL, "%s at %s: %u DWords, longer than any 3D command (%u)",
                            d->name, WHERE(cs), len, CS_MAX_READ);
        return gt_pipe3d_command(dev, d, cs->dw, len, cs->ctx_ggtt ? &dev->ggtt : &dev->ppgtt, WHERE(cs));
    }
    if (d->id == GT_CMD_VIDEO)
        return gt_error(dev, GTSIM_ERR_UNIMPL,
                        "%s (header 0x%08x, %u DWords) at %s: the %s engine runs its MI commands, but its "
                        "codec and enhancement pipelines (MFX, HCP, AVP, VDENC, VEBOX, SFC) are not modelled",
                        d->name, cs->dw[0], len, WHERE(cs), cs->engine);
    memset(f, 0, sizeof(f));
    gt_fields_unpack(d->fields, d->nfields, cs->dw, n, f);
    gt_pipe_state *ps;
    uint32_t v;
    int st;

    /* Media threads still queued or running (Gen7 media unit) finish before
     * a flush, a state change or a GPGPU dispatch goes on. */
    switch ((enum gt_cmd_id)d->id) {
    case GT_CMD_MEDIA_STATE_FLUSH:
    case GT_CMD_PIPE_CONTROL:
    case GT_CMD_MI_FLUSH_DW:
    case GT_CMD_MEDIA_VFE_STATE:
    case GT_CMD_MEDIA_CURBE_LOAD:
    case GT_CMD_MEDIA_INTERFACE_DESCRIPTOR_LOAD:
    case GT_CMD_STATE_BASE_ADDRESS:
    case GT_CMD_GPGPU_WALKER:
        if (dev->media && (st = gt_media_drain(dev)) != GTSIM_OK)
            return st;
        break;
    default:
        break;
    }

    switch ((enum gt_cmd_id)d->id) {
    case GT_CMD_SKIP:
    case GT_CMD_MI_ARB_CHECK:
    case GT_CMD_MI_ARB_ON_OFF:
    case GT_CMD_MI_USER_INTERRUPT:
    case GT_CMD_MEDIA_STATE_FLUSH: /* execution is synchronous: everything is flushed */
    case GT_CMD_MI_REPORT_PERF_COUNT: /* no OA unit is modelled: no report is written */
        return GTSIM_OK;
    case GT_CMD_3D:    /* executed above */
    case GT_CMD_VIDEO: /* reported above */
        return GTSIM_OK;
    case GT_CMD_UNIMPL:
        return gt_error(dev, GTSIM_ERR_UNIMPL, "%s (header 0x%08x) at %s is not implemented", d->name,
                        cs->dw[0], WHERE(cs));
    case GT_CMD_DRAW_UNMODELLED:
        /* a draw predicated off (MI_PREDICATE) or of no vertices has no
         * effect; any other would need the 3D pipeline */
        if ((f[PRIM_PREDICATE] && !predicate_result(dev)) || (!f[PRIM_INDIRECT] && !f[PRIM_VERTICES]))
            return GTSIM_OK;
        return gt_error(dev, GTSIM_ERR_UNIMPL,
                        "%s (header 0x%08x) at %s: a draw of %s%" PRIu64 " vertices x %" PRIu64 " instances; the "
                        "Gen%u 3D pipeline is not modelled (%s)", d->name, cs->dw[0], WHERE(cs),
                        f[PRIM_INDIRECT] ? "indirect parameters, " : "", f[PRIM_VERTICES], f[PRIM_INSTANCES],
                        (unsigned)(dev->plat->gen >= 70 ? dev->plat->gen / 10 : dev->plat->gen), dev->plat->name);
    case GT_CMD_MI_NOOP:
        if (f[NOOP_ID_WRITE])
            gt_cs_reg_write(dev, ER(cs, GT_RCS_NOPID), (uint32_t)f[NOOP_ID]);
        return GTSIM_OK;
    case GT_CMD_MI_SET_PREDICATE: {
        unsigned m = (unsigned)f[SETP_ENABLE];
        int r = predicate_result(dev), r2 = gt_cs_reg_read(dev, GT_RCS_PREDICATE_RESULT_2) & 1;
        switch (m) {
        case 0: cs->setp_noop = 0; break;
        case 1: cs->setp_noop = !r2; break;
        case 2: cs->setp_noop = r2; break;
        case 3: cs->setp_noop = !r; break;
        case 4: cs->setp_noop = r; break;
        case 5: cs->setp_noop = 0; break; /* the model has one slice */
        case 6: case 7: cs->setp_noop = 1; break;
        case 15: cs->setp_noop = 1; break;
        default:
            return gt_error(dev, GTSIM_ERR_ILLEGAL, "MI_SET_PREDICATE at %s: reserved Predicate Enable %u",
                            WHERE(cs), m);
        }
        return GTSIM_OK;
    }
    case GT_CMD_MI_BATCH_BUFFER_END:
        cs_bb_end(cs);
        return GTSIM_OK;
    case GT_CMD_MI_PREDICATE: {
        /* seed 004 MI_PREDICATE: compare, combine with the predicate, load */
        uint64_t s0 = reg64(dev, GT_RCS_PREDICATE_SRC0), s1 = reg64(dev, GT_RCS_PREDICATE_SRC1);
        int c = 0;
        switch (f[PRED_COMPARE]) {
        case 0: c = 1; break;
        case 1: c = 0; break;
        case 2: c = s0 == s1; reg64_write(dev, GT_RCS_PREDICATE_DATA, s0 - s1); break;
        case 3: c = (s0 - s1) == reg64(dev, GT_RCS_PREDICATE_DATA); break;
        }
        int p = predicate_result(dev);
        switch (f[PRED_COMBINE]) {
        case 1: c = c && p; break;
        case 2: c = c || p; break;
        case 3: c = c != p; break;
        }
        if (f[PRED_LOAD] == 1)
            return gt_error(dev, GTSIM_ERR_ILLEGAL, "MI_PREDICATE at %s: reserved Load Operation 1", WHERE(cs));
        if (f[PRED_LOAD] >= 2)
            gt_cs_reg_write(dev, GT_RCS_PREDICATE_RESULT, f[PRED_LOAD] == 3 ? !c : c);
        return GTSIM_OK;
    }
    case GT_CMD_MI_MATH:
        return cs_mi_math(cs, d, n);
    case GT_CMD_MI_SEMAPHORE_WAIT:
        return cs_semaphore_wait(cs, f);
    case GT_CMD_MI_STORE_DATA_IMM:
        /* the DWords after the address (one, or two for a QWord) */
        return cs_mem(cs, d->name, 1, (int)f[SDI_GGTT], f[SDI_ADDR], &cs->dw[3], 4u * (n - 3));
    case GT_CMD_MI_STORE_DATA_INDEX: {
        uint64_t a = cs_store_index_addr(cs, !f[SDX_PPHWSP], f[SDX_OFFSET]);
        return cs_mem(cs, d->name, 1, 1, a, &cs->dw[2], 4u * (n - 2));
    }
    case GT_CMD_MI_LOAD_REGISTER_IMM: {
        uint32_t keep = 0;
        for (int b = 0; b < 4; b++)
            if ((f[LRI_BYTE_DISABLE] >> b) & 1)
                keep |= 0xffu << (8 * b);
        if ((n - 1) % 2)
            return gt_error(dev, GTSIM_ERR_ILLEGAL,
                            "MI_LOAD_REGISTER_IMM at %s: %u DWords after the header, not (register, "
                            "value) pairs", WHERE(cs), n - 1);
        for (unsigned i = 1; i + 1 < n; i += 2) {
            uint64_t g[GT_NF_MI_LRI_PAIR];
            gt_fields_unpack(d->group, d->ngroup, &cs->dw[i], 2, g);
            uint32_t reg = cs_reg_offset(cs, g[LRI_REG], f[LRI_ADD_BASE], f[LRI_REMAP]);
            uint32_t old = gt_cs_reg_read(dev, reg);
            gt_cs_reg_write(dev, reg, (old & keep) | ((uint32_t)g[LRI_DATA] & ~keep));
        }
        return GTSIM_OK;
    }
    case GT_CMD_MI_STORE_REGISTER_MEM:
        if (f[SRM_PREDICATE] && !predicate_result(dev))
            return GTSIM_OK;
        v = gt_cs_reg_read(dev, cs_reg_offset(cs, f[SRM_REG], f[SRM_ADD_BASE], f[SRM_REMAP]));
        return cs_mem(cs, d->name, 1, (int)f[SRM_GGTT], f[SRM_ADDR], &v, 4);
    case GT_CMD_MI_LOAD_REGISTER_MEM:
        st = cs_mem(cs, d->name, 0, (int)f[LRM_GGTT], f[LRM_ADDR], &v, 4);
        if (st)
            return st;
        gt_cs_reg_write(dev, cs_reg_offset(cs, f[LRM_REG], f[LRM_ADD_BASE], f[LRM_REMAP]), v);
        return GTSIM_OK;
    case GT_CMD_MI_LOAD_REGISTER_REG:
        gt_cs_reg_write(dev, cs_reg_offset(cs, f[LRR_DST], f[LRR_ADD_BASE_DST], f[LRR_REMAP_DST]),
                        gt_cs_reg_read(dev, cs_reg_offset(cs, f[LRR_SRC], f[LRR_ADD_BASE_SRC], f[LRR_REMAP_SRC])));
        return GTSIM_OK;
    case GT_CMD_MI_COPY_MEM_MEM:
        st = cs_mem(cs, d->name, 0, (int)f[CMM_SRC_GGTT], f[CMM_SRC], &v, 4);
        if (st)
            return st;
        return cs_mem(cs, d->name, 1, (int)f[CMM_DST_GGTT], f[CMM_DST], &v, 4);
    case GT_CMD_MI_FLUSH_DW:
        return cs_flush_dw(cs, d, f, n);
    case GT_CMD_MI_ATOMIC:
        return cs_mi_atomic(cs, f, n);
    case GT_CMD_MI_BATCH_BUFFER_START:
        return cs_bb_start(cs, f);
    case GT_CMD_MI_CONDITIONAL_BATCH_BUFFER_END:
        return cs_cond_bb_end(cs, f);
    case GT_CMD_PIPE_CONTROL:
        return cs_pipe_control(cs, f);
    case GT_CMD_PIPELINE_SELECT:
        /* Gen9: Mask Bits enable the writes of bits 7:0; bits 1:0 select.
         * Gen7 has no mask bits: the selection always applies. */
        if (!gt_cmd_field(d, PS_MASK) || (f[PS_MASK] & 3))
            gt_pipe_state_of(dev->pipe)->pipeline = (int)f[PS_SELECT];
        return GTSIM_OK;
    case GT_CMD_STATE_BASE_ADDRESS:
        return cs_state_base_address(cs, f);
    case GT_CMD_STATE_SIP:
        gt_pipe_state_of(dev->pipe)->sip = f[SIP_ADDR] & CS_ADDR48;
        return GTSIM_OK;
    case GT_CMD_MEDIA_VFE_STATE:
        return cs_vfe_state(cs, d, f);
    case GT_CMD_MEDIA_CURBE_LOAD:
        return gt_pipe_curbe_load(dev, (uint32_t)f[CURBE_LEN], (uint32_t)f[CURBE_START], WHERE(cs));
    case GT_CMD_MEDIA_INTERFACE_DESCRIPTOR_LOAD:
        return gt_pipe_idd_load(dev, (uint32_t)f[MIDL_LEN], (uint32_t)f[MIDL_START], WHERE(cs));
    case GT_CMD_MI_SEMAPHORE_MBOX:
        return cs_semaphore_mbox(cs, f);
    case GT_CMD_MI_REPORT_HEAD: {
        /* the ring head (RING_BUFFER_HEAD format) into DWord 4 of the
         * hardware status page (public fact: the HWSP layout's "ring head
         * pointer storage") */
        uint32_t head = (gt_cs_reg_read(dev, ER(cs, GT_RCS_RING_HEAD)) & ~0x1ffffcu) | cs->ring_pos;
        uint64_t a = (gt_cs_reg_read(dev, ER(cs, GT_RCS_HWS_PGA)) & 0xfffff000u) + 0x10;
        return cs_mem(cs, d->name, 1, 1, a, &head, 4);
    }
    case GT_CMD_MI_SET_CONTEXT:
        /* The engine's state lives in the device and is kept across the
         * switch: context images are neither saved nor restored.  CCID
         * records the current context (seed 002 Render Logical Context
         * Support). */
        gt_cs_reg_write(dev, ER(cs, GT_RCS_CCID), cs->dw[1]);
        if (!f[SETC_RESTORE_INHIBIT])
            gt_warn(dev, "MI_SET_CONTEXT at %s: context 0x%08" PRIx64 " would be restored from its image; "
                    "gtsim keeps the current engine state instead", WHERE(cs), f[SETC_ADDR]);
        return GTSIM_OK;
    case GT_CMD_MEDIA_OBJECT:
    case GT_CMD_MEDIA_OBJECT_PRT:
    case GT_CMD_MEDIA_OBJECT_WALKER: {
        if (len > CS_MAX_READ)
            return gt_error(dev, GTSIM_ERR_UNIMPL, "%s at %s: %u DWords of inline data (at most %u are read)",
                            d->name, WHERE(cs), len, CS_MAX_READ);
        gt_media_obj o;
        gt_mw_params mw;
        char why[192] = "";
        st = d->id == GT_CMD_MEDIA_OBJECT ? gt_g7_media_object_unpack(cs->dw, n, &o, why, sizeof(why))
           : d->id == GT_CMD_MEDIA_OBJECT_PRT ? gt_g7_media_object_prt_unpack(cs->dw, n, &o, why, sizeof(why))
           : gt_g7_media_object_walker_unpack(cs->dw, n, &o, &mw, why, sizeof(why));
        if (st)
            return gt_error(dev, st, "%s at %s: %s", d->name, WHERE(cs), why);
        o.batch_addr = cs->cmd_addr;
        return d->id == GT_CMD_MEDIA_OBJECT_WALKER ? gt_media_walker(dev, &o, &mw) : gt_media_object(dev, &o);
    }
    case GT_CMD_GPGPU_OBJECT: {
        /* seed 000 §1.8.9; the thread group runs in the media unit */
        gt_gpgpu_obj go;
        char why[192] = "";
        if ((st = gt_g7_gpgpu_object_unpack(cs->dw, n, &go, why, sizeof(why))))
            return gt_error(dev, st, "%s at %s: %s", d->name, WHERE(cs), why);
        if (gt_bits(cs->dw[0], 8, 8) && !predicate_result(dev))
            return GTSIM_OK;
        go.batch_addr = cs->cmd_addr;
        return gt_media_gpgpu_object(dev, &go);
    }
    case GT_CMD_BLT:
        return gt_blt_exec(dev, &cs->blt, d, cs->dw, n, cs->ctx_ggtt ? &dev->ggtt : &dev->ppgtt, WHERE(cs));
    case GT_CMD_GPGPU_WALKER:
        ps = gt_pipe_state_of(dev->pipe);
        if (ps->pipeline != 2)
            gt_warn(dev, "GPGPU_WALKER at %s while PIPELINE_SELECT selects the %s pipeline", WHERE(cs),
                    ps->pipeline == 0 ? "3D" : "media");
        return cs_gpgpu_walker(cs, f);
    }
    return gt_error(dev, GTSIM_ERR_UNIMPL, "%s at %s has no handler", d->name, WHERE(cs));
}

/* ---- the parser loop ---- */

static int cs_run(struct gt_cs *cs)
{
    gtsim_device *dev = cs->dev;
    uint64_t max = dev->cfg.max_commands ? dev->cfg.max_commands : 100000000ull;
    cs->stop = 0;
    cs->level = CS_RING;
    for (;;) {
        if (cs->stop || (cs->level == CS_RING && cs->ring_pos == cs->ring_tail))
            return GTSIM_OK;
        cs->cmd_addr = cs_pos_addr(cs);
        cs->cmd_level = cs->level;
        cs->cmd_ggtt = cs->level == CS_RING ? 1 : cs->bb_ggtt[cs->level];
        if (++cs->ncmds > max)
            return gt_error(dev, GTSIM_ERR_WATCHDOG,
                            "command streamer watchdog: more than %" PRIu64 " commands parsed in one "
                            "submission (a batch loop?); next command at %s",
                            max, WHERE(cs));
        int st = gt_poll(dev);
        if (st) {
            char why[sizeof(dev->err)];
            snprintf(why, sizeof(why), "%s", dev->err);
            return gt_error(dev, st, "%s\n  in the command streamer before the command at %s", why, WHERE(cs));
        }
        st = cs_fetch(cs, cs->dw, 0, 1);
        if (st)
            return st;
        uint32_t header = cs->dw[0];
        const gt_cmd_desc *d = gt_cmd_lookup(cs->set, header);
        unsigned len = d ? gt_cmd_length(d, header) : gt_cmd_generic_length(header);
        if (!d) {
            if (dev->cfg.trace_commands)
                gt_trace(dev, "cs: %s: unknown command 0x%08x", WHERE(cs), header);
            return gt_error(dev, GTSIM_ERR_UNIMPL,
                            "unknown command header 0x%08x (type %u, opcode bits 0x%03x) at %s", header,
                            header >> 29, gt_bits(header, 28, 16), WHERE(cs));
        }
        if (len < d->min_len || (d->max_len && len > d->max_len))
            return gt_error(dev, GTSIM_ERR_ILLEGAL, "%s at %s: length %u DWords (header 0x%08x); "
                            "valid %u..%u", d->name, WHERE(cs), len, header, d->min_len,
                            d->max_len ? d->max_len : 65537u);
        if (cs->level == CS_RING) {
            uint32_t left = (cs->ring_tail - cs->ring_pos + cs->ring_size) % cs->ring_size;
            if (4ull * len > left)
                return gt_error(dev, GTSIM_ERR_ILLEGAL,
                                "%s at %s: the command (%u DWords) runs past RING_TAIL (%u bytes left)",
                                d->name, WHERE(cs), len, left);
        }
        /* read the body of commands we execute or print */
        unsigned nread = len <= CS_MAX_READ ? len : 1;
        if (nread > 1 && (st = cs_fetch(cs, cs->dw, 1, nread - 1))) {
            char why[sizeof(dev->err)];
            snprintf(why, sizeof(why), "%s", dev->err);
            return gt_error(dev, st, "%s\n  the command: %s (header 0x%08x, %u DWords)", why, d->name, header, len);
        }
        GT_STAT_ADD(dev, commands, 1);
        if (dev->cfg.trace_commands) {
            char text[4096];
            gt_cmd_format(d, cs->dw, nread, text, sizeof(text));
            gt_trace(dev, "cs: %s: %s%s", WHERE(cs), text, cs->setp_noop && d->id != GT_CMD_MI_SET_PREDICATE
                     ? " (NOOP: MI_SET_PREDICATE)" : "");
        }
        /* advance before executing: MI_BATCH_BUFFER_START may replace it */
        if (cs->level == CS_RING) {
            uint32_t next = (uint32_t)((cs->ring_pos + 4ull * len) % cs->ring_size);
            cs->wraps += next < cs->ring_pos;
            cs->ring_pos = next;
        } else
            cs->bb_addr[cs->level] += 4ull * len;
        if (cs->setp_noop && d->id != GT_CMD_MI_SET_PREDICATE)
            continue;
        st = cs_exec(cs, d, len);
        if (st)
            return st;
    }
}

/* ---- context restore and save ---- */

static int cs_restore(struct gt_cs *cs, uint64_t desc)
{
    gtsim_device *dev = cs->dev;
    uint64_t base = cs->lrca + CS_IMAGE_REGSTATE;
    uint32_t img[CS_IMAGE_DWORDS];
    uint64_t fault = 0;
    if (gt_vm_read(&dev->ggtt, base, img, sizeof(img), &fault))
        return gt_error(dev, GTSIM_ERR_FAULT,
                        "context restore (descriptor 0x%016" PRIx64 "): the register state page at GGTT "
                        "0x%" PRIx64 " is not mapped (fault at 0x%" PRIx64 ")",
                        desc, base, fault);
    cs->head_img = 0;
    /* Generic restore: apply every MI_LOAD_REGISTER_IMM of the image; stop
     * at the first other command (MI_BATCH_BUFFER_END ends the list). */
    for (unsigned i = 0; i < CS_IMAGE_DWORDS;) {
        uint32_t h = img[i];
        if ((h >> 23) == 0) { /* MI_NOOP (bits 22:0 may carry an identification number) */
            i++;
            continue;
        }
        if ((h >> 23) != 0x22)
            break;
        unsigned n = gt_bits(h, 7, 0) + 2;
        for (unsigned k = i + 1; k + 1 < i + n && k + 1 < CS_IMAGE_DWORDS; k += 2) {
            uint32_t reg = img[k] & 0x7ffffc;
            gt_cs_reg_write(dev, reg, img[k + 1]);
            if (reg == ER(cs, GT_RCS_RING_HEAD))
                cs->head_img = CS_IMAGE_REGSTATE + 4 * (k + 1);
        }
        i += n;
    }
    /* PPGTT: descriptor bits 4:3 = 3 is 48-bit (4-level) addressing with the
     * PML4 in PDP0 (seed 004 context descriptor). */
    unsigned mode = (unsigned)gt_bits64(desc, 4, 3);
    cs->ctx_ggtt = mode != 3;
    if (mode == 3) {
        uint64_t pml4 = (((uint64_t)gt_cs_reg_read(dev, ER(cs, GT_RCS_PDP0_UDW)) << 32) |
                         gt_cs_reg_read(dev, ER(cs, GT_RCS_PDP0_LDW))) & 0xfffffffff000ull;
        gt_vm_init(&dev->ppgtt, GT_VM_PPGTT48, dev->mem, NULL, pml4);
    } else {
        gt_vm_init(&dev->ppgtt, GT_VM_NONE, dev->mem, NULL, 0);
        gt_warn(dev, "context descriptor 0x%016" PRIx64 ": addressing mode %u (not 48-bit PPGTT) is "
                "not modelled; PPGTT accesses will fault", desc, mode);
    }
    dev->ppgtt.fmt = dev->plat ? dev->plat->gtt : NULL; /* the platform's entry format (DG1: local-memory bit) */
    gt_vm_flush(&dev->ppgtt);
    uint32_t ctl = gt_cs_reg_read(dev, ER(cs, GT_RCS_RING_CTL));
    if (!(ctl & 1))
        return gt_error(dev, GTSIM_ERR_INVALID,
                        "context at LRCA 0x%" PRIx64 ": RING_CTL 0x%08x has Ring Buffer Enable clear",
                        cs->lrca, ctl);
    cs->ring_start = gt_cs_reg_read(dev, ER(cs, GT_RCS_RING_START)) & 0xfffff000u;
    cs->ring_size = (gt_bits(ctl, 20, 12) + 1) * 4096u;
    cs->ring_pos = (gt_cs_reg_read(dev, ER(cs, GT_RCS_RING_HEAD)) & 0x1ffffc) % cs->ring_size;
    cs->ring_tail = (gt_cs_reg_read(dev, ER(cs, GT_RCS_RING_TAIL)) & 0x1ffff8) % cs->ring_size;
    return GTSIM_OK;
}

int gt_cs_submit(gtsim_device *dev, uint64_t desc)
{
    if (!dev->cs)
        return gt_error(dev, GTSIM_ERR_INVALID, "no command streamer");
    return gt_cs_submit_engine(dev->cs, desc);
}

int gt_cs_submit_engine(struct gt_cs *cs, uint64_t desc)
{
    gtsim_device *dev = cs->dev;
    if (!(desc & 1))
        return GTSIM_OK;
    cs->lrca = desc & 0xfffff000u;
    cs->ring_mode = 0;
    cs->ncmds = 0;
    cs->setp_noop = 0;
    int st = cs_restore(cs, desc);
    if (st == GTSIM_OK && cs == dev->cs) /* the render engine's pipeline state is the context's */
        st = gt_pipe_context_switch(dev->pipe, cs->lrca);
    if (st)
        return st;
    gt_trace(dev, "cs: context LRCA 0x%" PRIx64 " ring 0x%" PRIx64 " (%u bytes) head 0x%x tail 0x%x",
             cs->lrca, cs->ring_start, cs->ring_size, cs->ring_pos, cs->ring_tail);
    st = cs_run(cs);
    /* save: RING_HEAD register and its slot in the image */
    uint32_t head = (gt_cs_reg_read(dev, ER(cs, GT_RCS_RING_HEAD)) & ~0x1ffffcu) | cs->ring_pos;
    gt_cs_reg_write(dev, ER(cs, GT_RCS_RING_HEAD), head);
    if (cs->head_img) {
        uint64_t fault;
        if (gt_vm_write(&dev->ggtt, cs->lrca + cs->head_img, &head, 4, &fault) && st == GTSIM_OK)
            st = gt_error(dev, GTSIM_ERR_FAULT, "context save: RING_HEAD slot at GGTT 0x%" PRIx64
                          " is not mapped", cs->lrca + cs->head_img);
    }
    return st;
}

/* ---- ring buffer submission (Gen7) ---- */

int gt_cs_ring_submit(gtsim_device *dev)
{
    struct gt_cs *cs = dev->cs;
    if (!cs)
        return gt_error(dev, GTSIM_ERR_INVALID, "no command streamer");
    uint32_t ctl = gt_cs_reg_read(dev, ER(cs, GT_RCS_RING_CTL));
    if (!(ctl & 1))
        return GTSIM_OK; /* Ring Buffer Enable clear: the tail is only recorded */
    uint32_t head_reg = gt_cs_reg_read(dev, ER(cs, GT_RCS_RING_HEAD));
    cs->ring_mode = 1;
    cs->lrca = 0;
    cs->head_img = 0;
    cs->ncmds = 0;
    cs->setp_noop = 0;
    cs->wraps = 0;
    /* RING_BUFFER_START bits 31:12 (GGTT), RING_BUFFER_CTL bits 20:12 =
     * length in pages - 1, HEAD offset bits 20:2, TAIL offset bits 20:3. */
    cs->ring_start = gt_cs_reg_read(dev, ER(cs, GT_RCS_RING_START)) & 0xfffff000u;
    cs->ring_size = (gt_bits(ctl, 20, 12) + 1) * 4096u;
    cs->ring_pos = (head_reg & 0x1ffffc) % cs->ring_size;
    cs->ring_tail = (gt_cs_reg_read(dev, ER(cs, GT_RCS_RING_TAIL)) & 0x1ffff8) % cs->ring_size;
    gt_trace(dev, "cs: ring 0x%" PRIx64 " (%u bytes) head 0x%x tail 0x%x", cs->ring_start, cs->ring_size,
             cs->ring_pos, cs->ring_tail);
    int st = cs_run(cs);
    if (st == GTSIM_OK && dev->media)
        st = gt_media_drain(dev); /* the submission ends when its threads have */
    /* the head where execution stopped; bits 31:21 count wraps */
    uint32_t wrap = (gt_bits(head_reg, 31, 21) + cs->wraps) & 0x7ff;
    gt_cs_reg_write(dev, ER(cs, GT_RCS_RING_HEAD), (wrap << 21) | (head_reg & 3u) | cs->ring_pos);
    return st;
}
