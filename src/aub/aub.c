/*
 * AUB memtrace reader (see include/gtsim_aub.h).  Uses only the public API.
 *
 * Record layout (public facts: NEO aub_services.h, Mesa intel_aub.h): DW0 is
 * a header with bits 31:29 type (7), 28:23 opcode (0x2e = memtrace), 22:16
 * sub-opcode, 15:0 DWord count minus one.  Legacy "AUB" records (opcode 1)
 * carry DWord count minus two.  Memory write/compare records hold their data
 * size in bytes in DW4, followed by the data padded to DWords.
 */
#include "gtsim_aub.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

enum memtrace_sub {
    MT_REGISTER_COMPARE = 0x01,
    MT_REGISTER_POLL = 0x02,
    MT_REGISTER_WRITE = 0x03,
    MT_MEMORY_COMPARE = 0x04,
    MT_MEMORY_POLL = 0x05,
    MT_MEMORY_WRITE = 0x06,
    MT_FRAME_BEGIN = 0x07,
    MT_COMMENT = 0x08,
    MT_DELAY = 0x09,
    MT_MEMORY_DUMP = 0x0a,
    MT_MEMORY_WRITE_DISCONTIGUOUS = 0x0b,
    MT_TEST_PHASE_MARKER = 0x0c,
    MT_CONTINUOUS_REGION = 0x0d,
    MT_VERSION = 0x0e,
    MT_PREDICATE = 0x0f,
    MT_DUMP_COMPRESS = 0x10,
    MT_SUB_COUNT
};

/* Address spaces of memory write/compare/poll records (DW3 bits 31:28). */
enum aub_space {
    SPACE_GTT_GFX = 0, SPACE_LOCAL = 1, SPACE_NONLOCAL = 2, SPACE_GTT_PD_ENTRY = 3,
    SPACE_GTT_ENTRY = 4, SPACE_PPGTT_GFX = 5, SPACE_PPGTT_ENTRY = 6,
    SPACE_NONAPERTURE_GTT_GFX = 7, SPACE_PDP_ENTRY = 8, SPACE_PD_ENTRY = 9,
    SPACE_PML4_ENTRY = 10, SPACE_POWER_CONTEXT = 11,
};


static const char *const sub_names[MT_SUB_COUNT] = {
    [MT_REGISTER_COMPARE] = "register compare", [MT_REGISTER_POLL] = "register poll",
    [MT_REGISTER_WRITE] = "register write", [MT_MEMORY_COMPARE] = "memory compare",
    [MT_MEMORY_POLL] = "memory poll", [MT_MEMORY_WRITE] = "memory write",
    [MT_FRAME_BEGIN] = "frame begin", [MT_COMMENT] = "comment", [MT_DELAY] = "delay",
    [MT_MEMORY_DUMP] = "memory dump", [MT_MEMORY_WRITE_DISCONTIGUOUS] = "discontiguous memory write",
    [MT_TEST_PHASE_MARKER] = "test phase marker", [MT_CONTINUOUS_REGION] = "continuous region",
    [MT_VERSION] = "version", [MT_PREDICATE] = "predicate", [MT_DUMP_COMPRESS] = "dump compress",
};

static const char *sub_name(uint32_t sub)
{
    return sub < MT_SUB_COUNT && sub_names[sub] ? sub_names[sub] : "unknown memtrace";
}

/* The version record's device field (public fact: NEO's AubMemDump device
 * enum: Ivb = 7, Hsw = 9, Vlv = 10, Skl = 12; NEO 22.43's captures with
 * ProductFamilyOverride=tgllp write 22, =dg1 30). */
const char *gtsim_aub_platform_name(uint32_t device)
{
    switch (device) {
    case 7: return "ivb";
    case 9: return "hsw";
    case 10: return "vlv";
    case 12: return "skl";
    case 22: return "tgllp";
    case 30: return "dg1";
    default: return NULL;
    }
}

typedef struct reader {
    gzFile gz;
    const char *path;
    uint64_t off; /* offset of the next byte in the decompressed stream */
    uint8_t *buf;
    size_t cap;
} reader;

/* Read exactly n bytes: 0 on success, 1 at a clean end of file before any
 * byte, -1 on a short read. */
static int rd(reader *r, void *out, size_t n)
{
    size_t got = 0;
    while (got < n) {
        unsigned chunk = (n - got) > (1u << 30) ? (1u << 30) : (unsigned)(n - got);
        int k = gzread(r->gz, (uint8_t *)out + got, chunk);
        if (k <= 0)
            break;
        got += (size_t)k;
    }
    r->off += got;
    if (got == n)
        return 0;
    return got == 0 ? 1 : -1;
}

static int ensure(reader *r, size_t n)
{
    if (n <= r->cap)
        return 0;
    size_t c = r->cap ? r->cap : 4096;
    while (c < n)
        c *= 2;
    uint8_t *b = realloc(r->buf, c);
    if (!b)
        return -1;
    r->buf = b;
    r->cap = c;
    return 0;
}

static uint32_t dw(const uint8_t *p, int i)
{
    uint32_t v;
    memcpy(&v, p + 4 * i, 4);
    return v;
}

static int corrupt(gtsim_device *dev, const reader *r, uint64_t rec_off, const char *what)
{
    return gtsim_report_error(dev, GTSIM_ERR_INVALID, "%s: corrupt AUB at file offset 0x%" PRIx64 ": %s",
                              r->path, rec_off, what);
}

/* Write len bytes at addr of address space `space`; GTSIM_ERR_INVALID for a
 * space gtsim does not know. */
static int mem_write(gtsim_device *dev, int space, uint64_t addr, const uint8_t *data, size_t len)
{
    switch (space) {
    case SPACE_NONLOCAL: /* system memory; the same as local without local memory */
        return gtsim_phys_write(dev, gtsim_has_local_memory(dev) ? addr | GTSIM_PA_SYSMEM : addr, data, len);
    case SPACE_LOCAL:
    case SPACE_GTT_PD_ENTRY:
    case SPACE_PPGTT_ENTRY:
    case SPACE_PDP_ENTRY:
    case SPACE_PD_ENTRY:
    case SPACE_PML4_ENTRY:
    case SPACE_POWER_CONTEXT:
        return gtsim_phys_write(dev, addr, data, len); /* page tables live in physical memory */
    case SPACE_GTT_ENTRY:
        return gtsim_ggtt_write(dev, addr, data, len);
    case SPACE_GTT_GFX:
    case SPACE_NONAPERTURE_GTT_GFX:
        return gtsim_ggtt_mem_write(dev, addr, data, len);
    case SPACE_PPGTT_GFX:
        return gtsim_gva_write(dev, addr, data, len);
    default:
        return GTSIM_ERR_INVALID;
    }
}

static int mem_read(gtsim_device *dev, int space, uint64_t addr, uint8_t *out, size_t len)
{
    switch (space) {
    case SPACE_GTT_GFX:
    case SPACE_NONAPERTURE_GTT_GFX:
        return gtsim_ggtt_read(dev, addr, out, len);
    case SPACE_PPGTT_GFX:
        return gtsim_gva_read(dev, addr, out, len);
    case SPACE_GTT_ENTRY:
        return GTSIM_ERR_INVALID;
    case SPACE_NONLOCAL:
        return gtsim_phys_read(dev, gtsim_has_local_memory(dev) ? addr | GTSIM_PA_SYSMEM : addr, out, len);
    default:
        return gtsim_phys_read(dev, addr, out, len);
    }
}

int gtsim_aub_probe_device(const char *path)
{
    gzFile gz = gzopen(path, "rb");
    if (!gz)
        return -1;
    uint32_t h[3];
    int k = gzread(gz, h, sizeof(h));
    gzclose(gz);
    if (k != (int)sizeof(h) || (h[0] >> 29) != 7 || ((h[0] >> 23) & 0x3f) != 0x2e ||
        ((h[0] >> 16) & 0x7f) != MT_VERSION)
        return -1;
    return (int)((h[2] >> 8) & 0xff);
}

/* Register write/poll/compare.  p = the whole record of ndw DWords. */
static int do_register(gtsim_device *dev, gtsim_aub_stats *st, uint32_t sub, const uint8_t *p, uint64_t ndw,
                       uint64_t rec_off, const reader *r)
{
    if (ndw < 6)
        return corrupt(dev, r, rec_off, "register record shorter than 6 DWords");
    uint32_t reg = dw(p, 1), flags = dw(p, 2);
    if (flags >> 28) { /* register space other than MMIO */
        gtsim_report_warning(dev, "AUB offset 0x%" PRIx64 ": %s to register space %u skipped", rec_off,
                             sub_name(sub), flags >> 28);
        st->skipped++;
        return GTSIM_OK;
    }
    if (sub == MT_REGISTER_WRITE) {
        st->mmio_writes++;
        int status = gtsim_mmio_write(dev, reg, dw(p, 5));
        if (status == GTSIM_OK && ((flags >> 16) & 0xf) == 3 && ndw >= 7) /* QWord register */
            status = gtsim_mmio_write(dev, reg + 4, dw(p, 6));
        return status;
    }
    /* Work runs synchronously at submission, so a poll is satisfied now or
     * never will be: check it once. */
    uint32_t mask = dw(p, 3), want = dw(p, 5) & mask;
    int not_equal = sub == MT_REGISTER_POLL && (flags & 4);
    uint32_t got = gtsim_mmio_read(dev, reg) & mask;
    st->compares++;
    if ((got == want) == not_equal) {
        st->compare_failures++;
        gtsim_report_warning(dev, "AUB offset 0x%" PRIx64 ": %s of register 0x%x: value 0x%x, expected %s0x%x",
                             rec_off, sub_name(sub), reg, got, not_equal ? "not " : "", want);
    }
    return GTSIM_OK;
}

static int do_memory_poll(gtsim_device *dev, gtsim_aub_stats *st, const uint8_t *p, uint64_t ndw,
                          uint64_t rec_off, const reader *r)
{
    if (ndw < 7)
        return corrupt(dev, r, rec_off, "memory poll shorter than 7 DWords");
    uint64_t addr = dw(p, 1) | ((uint64_t)dw(p, 2) << 32);
    int space = dw(p, 3) >> 28, not_equal = dw(p, 3) & 1;
    uint32_t mask = dw(p, 4), want = dw(p, 6) & mask, got = 0;
    st->compares++;
    mem_read(dev, space, addr, (uint8_t *)&got, 4);
    got &= mask;
    if ((got == want) == not_equal) {
        st->compare_failures++;
        gtsim_report_warning(dev, "AUB offset 0x%" PRIx64 ": memory poll at 0x%" PRIx64
                             " (space %d): value 0x%x, waiting for %s0x%x",
                             rec_off, addr, space, got, not_equal ? "not " : "", want);
    }
    return GTSIM_OK;
}

/* Memory write or compare: the fixed part (5 DWords) is in r->buf.  The
 * data behind it is streamed in chunks, so a record's size field never
 * makes the reader allocate more than AUB_CHUNK bytes. */
#define AUB_CHUNK (1u << 16)
static int do_memory(gtsim_device *dev, gtsim_aub_stats *st, uint32_t sub, reader *r, uint64_t rec_off)
{
    uint64_t addr = dw(r->buf, 1) | ((uint64_t)dw(r->buf, 2) << 32);
    uint32_t flags = dw(r->buf, 3);
    int space = flags >> 28;
    uint64_t len = dw(r->buf, 4), padded = (len + 3) & ~3ull;
    char msg[256];
    if (ensure(r, 2 * AUB_CHUNK))
        return gtsim_report_error(dev, GTSIM_ERR_NOMEM, "out of host memory reading the AUB");
    uint8_t *data = r->buf, *got = r->buf + AUB_CHUNK;
    int status = GTSIM_OK, differs = 0, skip = 0;
    uint64_t first_diff = 0;
    if (sub == MT_MEMORY_WRITE) {
        st->mem_writes++;
        st->mem_bytes += len;
    } else {
        st->compares++;
        skip = flags & 1; /* no read expect */
    }
    for (uint64_t off = 0; off < padded; off += AUB_CHUNK) {
        size_t n = padded - off < AUB_CHUNK ? (size_t)(padded - off) : AUB_CHUNK;
        if (rd(r, data, n)) {
            snprintf(msg, sizeof(msg), "%s of 0x%" PRIx64 " bytes at 0x%" PRIx64 " is truncated", sub_name(sub),
                     len, addr);
            return corrupt(dev, r, rec_off, msg);
        }
        size_t valid = off + n > len ? (size_t)(len - off) : n; /* drop the DWord padding */
        if (status != GTSIM_OK || skip || !valid)
            continue;
        if (sub == MT_MEMORY_WRITE) {
            status = mem_write(dev, space, addr + off, data, valid);
            if (status == GTSIM_ERR_INVALID) {
                gtsim_report_warning(dev, "AUB offset 0x%" PRIx64 ": memory write to unknown address space %d "
                                     "skipped", rec_off, space);
                st->skipped++;
                status = GTSIM_OK;
                skip = 1;
            }
        } else if (!differs) {
            /* Memory compare: the trace states what the hardware would have left there. */
            if (mem_read(dev, space, addr + off, got, valid) != GTSIM_OK) {
                differs = 1;
                first_diff = off;
            } else if (memcmp(got, data, valid)) {
                size_t i = 0;
                while (got[i] == data[i])
                    i++;
                differs = 1;
                first_diff = off + i;
            }
        }
    }
    if (differs) {
        st->compare_failures++;
        gtsim_report_warning(dev, "AUB offset 0x%" PRIx64 ": memory compare at 0x%" PRIx64
                             " (space %d, 0x%" PRIx64 " bytes) differs at byte 0x%" PRIx64,
                             rec_off, addr, space, len, first_diff);
    }
    return status;
}

int gtsim_aub_replay(gtsim_device *dev, const char *path, gtsim_aub_stats *stats)
{
    gtsim_aub_stats st;
    memset(&st, 0, sizeof(st));
    reader r = {.path = path};
    r.gz = gzopen(path, "rb");
    if (!r.gz)
        return gtsim_report_error(dev, GTSIM_ERR_INVALID, "%s: cannot open: %s", path, strerror(errno));
    gzbuffer(r.gz, 1 << 17);
    int status = GTSIM_OK;
    char msg[256];
    while (status == GTSIM_OK) {
        uint64_t rec_off = r.off;
        if (gtsim_interrupted(dev)) {
            status = gtsim_report_error(dev, GTSIM_ERR_INTERRUPTED, "interrupted (gtsim_interrupt) before the "
                                        "AUB record at file offset 0x%" PRIx64, rec_off);
            break;
        }
        uint32_t hdr;
        int e = rd(&r, &hdr, 4);
        if (e == 1)
            break;
        if (e < 0) {
            status = corrupt(dev, &r, rec_off, "truncated record header");
            break;
        }
        uint32_t type = hdr >> 29, opcode = (hdr >> 23) & 0x3f, sub = (hdr >> 16) & 0x7f;
        uint64_t ndw = (hdr & 0xffff) + (opcode == 0x2e ? 1 : 2);
        if (type != 7) {
            snprintf(msg, sizeof(msg), "record header 0x%08x is not an AUB command (type %u)", hdr, type);
            status = corrupt(dev, &r, rec_off, msg);
            break;
        }
        st.records++;
        int is_mem = opcode == 0x2e && (sub == MT_MEMORY_WRITE || sub == MT_MEMORY_COMPARE);
        size_t fixed = is_mem ? 20 : (size_t)ndw * 4;
        if (ensure(&r, fixed)) {
            status = gtsim_report_error(dev, GTSIM_ERR_NOMEM, "out of host memory reading the AUB");
            break;
        }
        memcpy(r.buf, &hdr, 4);
        if (rd(&r, r.buf + 4, fixed - 4)) {
            snprintf(msg, sizeof(msg), "%s record (header 0x%08x, %zu bytes) is truncated", sub_name(sub), hdr,
                     fixed);
            status = corrupt(dev, &r, rec_off, msg);
            break;
        }
        if (opcode == 0x01 && sub == 0x14 && ndw == 11) {
            /* Legacy "PPGTT context create" (public fact, NEO aub_header.h
             * AubPpgttContextCreate: handle, 64-bit flag, four page
             * directory pointers), written by NEO's Gen12 captures: the
             * context's page tables come from its image at submission, so
             * the record changes nothing. */
            continue;
        }
        if (opcode != 0x2e) {
            gtsim_report_warning(dev, "AUB offset 0x%" PRIx64 ": skipping legacy AUB record 0x%08x (%" PRIu64
                                 " DWords)", rec_off, hdr, ndw);
            st.skipped++;
            continue;
        }
        switch (sub) {
        case MT_VERSION:
            if (ndw >= 3)
                st.device = (dw(r.buf, 2) >> 8) & 0xff;
            break;
        case MT_COMMENT:
        case MT_FRAME_BEGIN:
        case MT_DELAY:
        case MT_TEST_PHASE_MARKER:
        case MT_CONTINUOUS_REGION:
            break; /* no effect on the device */
        case MT_REGISTER_WRITE:
        case MT_REGISTER_POLL:
        case MT_REGISTER_COMPARE:
            status = do_register(dev, &st, sub, r.buf, ndw, rec_off, &r);
            break;
        case MT_MEMORY_WRITE:
        case MT_MEMORY_COMPARE:
            status = do_memory(dev, &st, sub, &r, rec_off);
            if (status == GTSIM_ERR_NOMEM) { /* say which record (host memory limit) */
                char why[1024];
                snprintf(why, sizeof(why), "%s", gtsim_last_error(dev));
                status = gtsim_report_error(dev, status, "%s (AUB record at file offset 0x%" PRIx64 ")", why,
                                            rec_off);
            }
            break;
        case MT_MEMORY_POLL:
            status = do_memory_poll(dev, &st, r.buf, ndw, rec_off, &r);
            break;
        default:
            gtsim_report_warning(dev, "AUB offset 0x%" PRIx64 ": skipping %s record (sub-opcode 0x%x, %" PRIu64
                                 " DWords)", rec_off, sub_name(sub), sub, ndw);
            st.skipped++;
            break;
        }
    }
    gzclose(r.gz);
    free(r.buf);
    if (stats)
        *stats = st;
    return status;
}
