/*
 * TBX protocol handling (layout in tools/tbx.h): one message at a time from
 * a client, applied to a device through tbx_ops.  Every size field is
 * checked before it is used; payloads stream through a fixed buffer, so a
 * size field never makes us allocate.  Anything we cannot honour exactly
 * drops the client with a reason instead of guessing.
 *
 * Deferred submission.  NEO's TBX command stream receiver uploads every
 * allocation of a submission from its host copy before each submission,
 * including buffers an earlier, not yet downloaded kernel has written (its
 * writeMemory() clears the "TBX writable" flag only for one-time allocation
 * types).  On a device that runs work the moment ELSP is written, a second
 * kernel's upload would overwrite the first kernel's results with stale host
 * data (seen with the corpus "reduce" and "scan" programs).  The runtime
 * learns about GPU progress only by reading, so we hold ELSP writes back
 * and deliver them, in order, just before the client's next read of
 * anything (memory, MMIO, GTT) or when it disconnects: the work then runs
 * after the uploads, which is the order the runtime assumes.
 */
#include "tbx.h"

#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <stdarg.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

static const char *const msg_names[TBX_NUM_MSG_TYPES] = {
    "MMIO_REQ", "MMIO_RES", "GTT_REQ", "GTT_RES", "WRITE_DATA_REQ", "READ_DATA_REQ",
    "READ_DATA_RES", "MARKER_REQ", "MARKER_RES", "REPORT_REND_END_REQ", "REPORT_REND_END_RES",
    "CONTROL_REQ", "PARAMS_REQ", "PARAMS_RES", "PCICFG_REQ", "PCICFG_RES", "GTT_PARAMS_REQ",
    "EVENT_REQ", "INNER_VAR_REQ", "INNER_VAR_RES", "INNER_VAR_LIST_REQ", "INNER_VAR_LIST_RES",
    "FUNNY_IO_REQ", "FUNNY_IO_RES", "IO_REQ", "IO_RES", "RPC_REQ", "RPC_RES", "CL_FLUSH_REQ",
    "CL_FLUSH_RES", "SYNC_ALL_PAGES_REQ", "SYNC_ALL_PAGES_RES", "GD2_MESSAGE", "SIMTIME_RES",
    "RL_STATUS_RES",
};

const char *tbx_msg_name(uint32_t type)
{
    return type < TBX_NUM_MSG_TYPES ? msg_names[type] : "?";
}

void tbx_conn_init(tbx_conn *c, int in_fd, int out_fd, const tbx_ops *ops, void *ctx)
{
    memset(c, 0, offsetof(tbx_conn, deferred));
    c->in_fd = in_fd;
    c->out_fd = out_fd;
    c->ops = ops;
    c->ctx = ctx;
    c->max_transfer = 256u << 20;
    c->timeout_ms = 30000;
    c->idle_timeout_ms = -1;
    c->defer_submission = 1;
}

static int drop(tbx_conn *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int drop(tbx_conn *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->reason, sizeof(c->reason), fmt, ap);
    va_end(ap);
    return TBX_DROP;
}

static int device_failed(tbx_conn *c, const char *what)
{
    const char *why = c->ops->last_error ? c->ops->last_error(c->ctx) : "";
    return drop(c, "%s failed on the device: %s", what, why && *why ? why : "(no report)");
}

static void trace(tbx_conn *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void trace(tbx_conn *c, const char *fmt, ...)
{
    if (!c->trace)
        return;
    va_list ap;
    va_start(ap, fmt);
    vfprintf(c->trace, fmt, ap);
    va_end(ap);
    fputc('\n', c->trace);
}

int tbx_flush_submissions(tbx_conn *c)
{
    uint32_t n = c->deferred_n;
    c->deferred_n = 0;
    for (uint32_t i = 0; i < n; i++) {
        trace(c, "MMIO write 0x%05x = 0x%08x (deferred submission)", c->deferred[i][0], c->deferred[i][1]);
        if (c->ops->mmio_write(c->ctx, c->deferred[i][0], c->deferred[i][1]))
            return device_failed(c, "submitted work");
    }
    return TBX_CONTINUE;
}

/* A register of execlist submission, held back with the write that
 * submits: ELSP at offset 0x230 of each engine's register block (render
 * 0x2000, seed 004 execlists), or the Gen11+ submission queue
 * EXECLIST_SQ_CONTENTS (0x510-0x51c) and EXECLIST_CONTROL (0x550), whose
 * contents must stay with their Load when several submissions wait. */
static int is_elsp(uint32_t offset)
{
    uint32_t o = offset & 0xfffu;
    return o == 0x230u || (o >= 0x510u && o <= 0x51cu) || o == 0x550u;
}

/* The device physical address of a TBX memory access: memory type (flags
 * bits 7:6) 0 is system memory, 1 local memory; -1 for a type the device
 * does not have. */
static int tbx_phys(const tbx_conn *c, uint32_t flags, uint64_t *pa)
{
    unsigned type = (flags >> 6) & 3;
    int local = c->ops->has_local_memory && c->ops->has_local_memory(c->ctx);
    if (type == 0) {
        if (local)
            *pa |= GTSIM_PA_SYSMEM;
        return 0;
    }
    return type == 1 && local ? 0 : -1;
}

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

/* Wait until fd is ready for events (POLLIN/POLLOUT) or the timeout ends.
 * 0 when ready, -1 on timeout or error. */
static int wait_fd(int fd, short events, int timeout_ms)
{
    struct pollfd p = {.fd = fd, .events = events};
    for (;;) {
        int n = poll(&p, 1, timeout_ms);
        if (n > 0)
            return 0;
        if (n == 0)
            return -1;
        if (errno != EINTR)
            return -1;
    }
}

/* Read exactly len bytes, first from the input buffer, then from in_fd
 * (refilling the buffer for small reads, directly for large ones).
 * Returns len, or the count read before end of stream, or -1 on error or
 * timeout (c->reason set). */
static long read_full(tbx_conn *c, void *buf, size_t len, const char *what)
{
    uint8_t *dst = buf;
    size_t got = 0;
    while (got < len) {
        if (c->in_pos < c->in_len) {
            size_t n = c->in_len - c->in_pos;
            if (n > len - got)
                n = len - got;
            memcpy(dst + got, c->in_buf + c->in_pos, n);
            c->in_pos += (uint32_t)n;
            got += n;
            continue;
        }
        if (wait_fd(c->in_fd, POLLIN, c->timeout_ms)) {
            drop(c, "timed out after %d ms waiting for %s (%zu of %zu bytes received)", c->timeout_ms, what,
                 got, len);
            return -1;
        }
        int direct = len - got >= sizeof(c->in_buf);
        ssize_t n = direct ? read(c->in_fd, dst + got, len - got) : read(c->in_fd, c->in_buf, sizeof(c->in_buf));
        if (n == 0)
            return (long)got;
        if (n < 0) {
            if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK)
                continue;
            drop(c, "read error in %s: %s", what, strerror(errno));
            return -1;
        }
        if (direct) {
            got += (size_t)n;
        } else {
            c->in_pos = 0;
            c->in_len = (uint32_t)n;
        }
    }
    return (long)got;
}

/* Read exactly len bytes of a message that has begun: end of stream is an
 * error ("disconnected mid-message"). */
static int read_rest(tbx_conn *c, void *buf, size_t len, const char *what)
{
    long n = read_full(c, buf, len, what);
    if (n < 0)
        return -1;
    if ((size_t)n < len) {
        drop(c, "client disconnected in the middle of %s (%ld of %zu bytes received)", what, n, len);
        return -1;
    }
    return 0;
}

/* Bytes the client has sent that we have not handled yet. */
static unsigned long unread_input(tbx_conn *c)
{
    int n = 0;
    if (ioctl(c->in_fd, FIONREAD, &n) || n < 0)
        n = 0;
    return tbx_pending(c) + (unsigned long)n;
}

static int write_full(tbx_conn *c, const void *buf, size_t len)
{
    size_t put = 0;
    while (put < len) {
        if (wait_fd(c->out_fd, POLLOUT, c->timeout_ms)) {
            /* A runtime waits for each answer before it sends anything else
             * on the connection; requests sent meanwhile mean several client
             * threads share the connection and read each other's answers
             * (NEO's TBX command stream receiver polls its tag allocation
             * outside its lock: the runtime then prints "Out of sequence
             * read data packet?"). */
            unsigned long more = unread_input(c);
            if (more)
                drop(c,
                     "timed out after %d ms: the client does not take its answer, and sent %lu more bytes of "
                     "requests without reading it: several client threads use this connection at once and "
                     "have read each other's answers (the client's protocol stream is out of step)",
                     c->timeout_ms, more);
            else
                drop(c, "timed out after %d ms: the client does not take its answer", c->timeout_ms);
            return -1;
        }
        ssize_t n = write(c->out_fd, (const uint8_t *)buf + put, len - put);
        if (n < 0) {
            if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK)
                continue;
            drop(c, "write error sending an answer: %s", strerror(errno));
            return -1;
        }
        put += (size_t)n;
    }
    return 0;
}

/* Send an answer: header {type, trans, 4*n} and n body DWords. */
static int answer(tbx_conn *c, uint32_t type, uint32_t trans, const uint32_t *body, unsigned n)
{
    uint8_t m[TBX_HDR_BYTES + 4 * 4];
    put32(m, type);
    put32(m + 4, trans);
    put32(m + 8, 4 * n);
    for (unsigned i = 0; i < n; i++)
        put32(m + TBX_HDR_BYTES + 4 * i, body[i]);
    return write_full(c, m, TBX_HDR_BYTES + 4 * n);
}

/* MMIO request: body {flags, offset, data} (+ {source id} in the 16-byte
 * extended form, which changes nothing here). */
static int do_mmio(tbx_conn *c, uint32_t trans, const uint8_t *b, uint32_t size)
{
    if (size != 12 && size != 16)
        return drop(c, "MMIO_REQ with a %u-byte body (expected 12 or 16)", size);
    uint32_t flags = get32(b), offset = get32(b + 4), data = get32(b + 8);
    uint32_t write = flags & 1, access = (flags >> 1) & 7, dev_idx = (flags >> 4) & 3, space = (flags >> 6) & 7;
    if (space != 0)
        return drop(c, "MMIO_REQ for %s space (only MMIO is modelled)",
                    space == 1 ? "I/O port" : space == 2 ? "funny I/O" : "an unknown");
    if (access != 4)
        return drop(c, "MMIO_REQ with access size %u at offset 0x%x (only 4-byte accesses are supported)",
                    access, offset);
    if (dev_idx != 0)
        return drop(c, "MMIO_REQ for device index %u (one device is modelled)", dev_idx);
    if (write) {
        if (c->defer_submission && is_elsp(offset)) {
            if (c->deferred_n == TBX_MAX_DEFERRED && tbx_flush_submissions(c))
                return TBX_DROP;
            trace(c, "MMIO write 0x%05x = 0x%08x (held back until the next read)", offset, data);
            c->deferred[c->deferred_n][0] = offset;
            c->deferred[c->deferred_n++][1] = data;
            return TBX_CONTINUE;
        }
        trace(c, "MMIO write 0x%05x = 0x%08x", offset, data);
        if (c->ops->mmio_write(c->ctx, offset, data))
            return device_failed(c, "MMIO write");
        return TBX_CONTINUE;
    }
    uint32_t value;
    if (c->ops->mmio_read(c->ctx, offset, &value))
        return device_failed(c, "MMIO read");
    trace(c, "MMIO read  0x%05x -> 0x%08x", offset, value);
    return answer(c, TBX_MMIO_RES, trans, &value, 1) ? TBX_DROP : TBX_CONTINUE;
}

/* GTT entry request: body {flags, entry index, low, high}.  NEO sends the
 * entry index, not the byte offset (its writeGTT divides by 8). */
static int do_gtt(tbx_conn *c, uint32_t trans, const uint8_t *b, uint32_t size)
{
    if (size == 12)
        return drop(c, "GTT_REQ with a 32-bit entry (pre-Gen8 GTT format; Gen8+ entries are 64-bit)");
    if (size != 16)
        return drop(c, "GTT_REQ with a %u-byte body (expected 16)", size);
    uint32_t flags = get32(b), index = get32(b + 4);
    uint64_t off = (uint64_t)index * 8;
    if (flags & 1) {
        uint64_t entry = (uint64_t)get32(b + 12) << 32 | get32(b + 8);
        trace(c, "GTT write [%u] = 0x%016" PRIx64, index, entry);
        if (c->ops->gtt_write(c->ctx, off, entry))
            return device_failed(c, "GTT entry write");
        return TBX_CONTINUE;
    }
    uint64_t entry;
    if (c->ops->gtt_read(c->ctx, off, &entry))
        return device_failed(c, "GTT entry read");
    trace(c, "GTT read  [%u] -> 0x%016" PRIx64, index, entry);
    uint32_t res[2] = {(uint32_t)entry, (uint32_t)(entry >> 32)};
    return answer(c, TBX_GTT_RES, trans, res, 2) ? TBX_DROP : TBX_CONTINUE;
}

static int do_write_data(tbx_conn *c, const uint8_t *b, uint32_t size)
{
    if (size != 12)
        return drop(c, "WRITE_DATA_REQ with a %u-byte body (expected 12)", size);
    uint32_t flags = get32(b), len = get32(b + 8);
    uint64_t pa = (uint64_t)(flags >> 24) << 32 | get32(b + 4);
    if (flags & 1)
        return drop(c, "WRITE_DATA_REQ with a graphics (non-physical) address type at 0x%" PRIx64
                    " (only physical addresses are supported)", pa);
    if (flags & 2)
        return drop(c, "WRITE_DATA_REQ with a byte mask at 0x%" PRIx64 " (masked writes are not supported)", pa);
    uint64_t where = pa;
    if (tbx_phys(c, flags, &pa))
        return drop(c, "WRITE_DATA_REQ to memory type %u at 0x%" PRIx64 " (the device has no such memory)",
                    (flags >> 6) & 3, where);
    if (len > c->max_transfer)
        return drop(c, "WRITE_DATA_REQ of %u bytes at 0x%" PRIx64 " exceeds the %u-byte limit", len, pa,
                    c->max_transfer);
    trace(c, "write 0x%010" PRIx64 " +%u", pa, len);
    for (uint32_t done = 0; done < len;) {
        uint32_t n = len - done < TBX_CHUNK ? len - done : TBX_CHUNK;
        if (read_rest(c, c->buf, n, "a memory write payload"))
            return TBX_DROP;
        if (c->ops->mem_write(c->ctx, pa + done, c->buf, n))
            return device_failed(c, "memory write");
        done += n;
    }
    c->stats.bytes_written += len;
    return TBX_CONTINUE;
}

/* Memory read: the answer is READ_DATA_RES {flags, address, size} and then
 * size bytes.  Physical memory never written reads as zeros. */
static int do_read_data(tbx_conn *c, uint32_t trans, const uint8_t *b, uint32_t size)
{
    if (size != 12)
        return drop(c, "READ_DATA_REQ with a %u-byte body (expected 12)", size);
    uint32_t flags = get32(b), lo = get32(b + 4), len = get32(b + 8);
    uint64_t pa = (uint64_t)(flags >> 24) << 32 | lo;
    if (flags & 1)
        return drop(c, "READ_DATA_REQ with a graphics (non-physical) address type at 0x%" PRIx64
                    " (only physical addresses are supported)", pa);
    uint64_t where = pa;
    if (tbx_phys(c, flags, &pa))
        return drop(c, "READ_DATA_REQ from memory type %u at 0x%" PRIx64 " (the device has no such memory)",
                    (flags >> 6) & 3, where);
    if (len > c->max_transfer)
        return drop(c, "READ_DATA_REQ of %u bytes at 0x%" PRIx64 " exceeds the %u-byte limit", len, pa,
                    c->max_transfer);
    trace(c, "read  0x%010" PRIx64 " +%u", pa, len);
    uint32_t res[3] = {flags & 0xff000000u, lo, len};
    if (answer(c, TBX_READ_DATA_RES, trans, res, 3))
        return TBX_DROP;
    for (uint32_t done = 0; done < len;) {
        uint32_t n = len - done < TBX_CHUNK ? len - done : TBX_CHUNK;
        if (c->ops->mem_read(c->ctx, pa + done, c->buf, n))
            return device_failed(c, "memory read");
        if (write_full(c, c->buf, n))
            return TBX_DROP;
        done += n;
    }
    c->stats.bytes_read += len;
    return TBX_CONTINUE;
}

/* Control: bits 15:0 values, bits 31:16 which of them are being set.  A
 * functional simulator has no time, ownership or caching to control; reset
 * gives a fresh device and quit ends the connection. */
static int do_control(tbx_conn *c, const uint8_t *b, uint32_t size)
{
    if (size != 4)
        return drop(c, "CONTROL_REQ with a %u-byte body (expected 4)", size);
    uint32_t v = get32(b), set = v >> 16, val = v & set;
    trace(c, "control 0x%08x", v);
    if ((set & 1) && (val & 1)) {
        c->deferred_n = 0; /* work not yet run dies with the old device */
        if (!c->ops->reset || c->ops->reset(c->ctx))
            return device_failed(c, "reset");
    }
    if ((set & (1u << 6)) && (val & (1u << 6))) {
        if (tbx_flush_submissions(c))
            return TBX_DROP;
        snprintf(c->reason, sizeof(c->reason), "client sent quit");
        return TBX_CLOSED;
    }
    return TBX_CONTINUE;
}

int tbx_step(tbx_conn *c)
{
    uint8_t hdr[TBX_HDR_BYTES], body[TBX_MAX_BODY];
    c->reason[0] = 0;
    /* Between messages a live client may stay idle as long as it likes
     * (idle_timeout_ms, default forever); a new connection must start its
     * first message within timeout_ms (a runtime sends one at once). */
    if (!tbx_pending(c)) {
        int first = c->stats.messages == 0;
        int t = first ? c->timeout_ms : c->idle_timeout_ms;
        struct pollfd p = {.fd = c->in_fd, .events = POLLIN};
        int n;
        while ((n = poll(&p, 1, t)) < 0 && errno == EINTR)
            ;
        if (n < 0)
            return drop(c, "poll error waiting for a message: %s", strerror(errno));
        if (n == 0)
            return drop(c, first ? "sent nothing within %d ms of connecting" : "idle for %d ms (--idle-timeout)",
                        t);
    }
    long n = read_full(c, hdr, sizeof(hdr), "a message header");
    if (n < 0)
        return TBX_DROP;
    if (n == 0) {
        if (tbx_flush_submissions(c))
            return TBX_DROP;
        snprintf(c->reason, sizeof(c->reason), "client closed the connection");
        return TBX_CLOSED;
    }
    if ((size_t)n < sizeof(hdr))
        return drop(c, "client disconnected in the middle of a message header (%ld of 12 bytes)", n);
    uint32_t type = get32(hdr), trans = get32(hdr + 4), size = get32(hdr + 8);
    if (type >= TBX_NUM_MSG_TYPES)
        return drop(c, "unknown message type %u (transaction %u, body %u bytes)", type, trans, size);
    int known = type == TBX_MMIO_REQ || type == TBX_GTT_REQ || type == TBX_WRITE_DATA_REQ ||
                type == TBX_READ_DATA_REQ || type == TBX_REPORT_REND_END_REQ || type == TBX_CONTROL_REQ;
    if (!known)
        return drop(c, "message type %u (%s) is not supported (transaction %u, body %u bytes)", type,
                    tbx_msg_name(type), trans, size);
    if (size > TBX_MAX_BODY)
        return drop(c, "%s with an oversized %u-byte body (at most %u)", tbx_msg_name(type), size, TBX_MAX_BODY);
    if (read_rest(c, body, size, "a message body"))
        return TBX_DROP;
    c->stats.messages++;
    c->stats.by_type[type]++;
    /* Requests the client waits on see all work submitted before them. */
    int is_read = type == TBX_READ_DATA_REQ || type == TBX_REPORT_REND_END_REQ ||
                  ((type == TBX_MMIO_REQ || type == TBX_GTT_REQ) && size >= 4 && !(body[0] & 1));
    if (is_read && c->deferred_n && tbx_flush_submissions(c))
        return TBX_DROP;
    switch (type) {
    case TBX_MMIO_REQ:
        return do_mmio(c, trans, body, size);
    case TBX_GTT_REQ:
        return do_gtt(c, trans, body, size);
    case TBX_WRITE_DATA_REQ:
        return do_write_data(c, body, size);
    case TBX_READ_DATA_REQ:
        return do_read_data(c, trans, body, size);
    case TBX_REPORT_REND_END_REQ: {
        /* Work runs to completion when it is submitted, so rendering has
         * always ended: the answer's "timed out" bit is 0. */
        if (size != 4)
            return drop(c, "REPORT_REND_END_REQ with a %u-byte body (expected 4)", size);
        uint32_t res = 0;
        return answer(c, TBX_REPORT_REND_END_RES, trans, &res, 1) ? TBX_DROP : TBX_CONTINUE;
    }
    default:
        return do_control(c, body, size);
    }
}
