/*
 * TBX protocol: the messages Intel's compute runtime (NEO) sends to a
 * simulator when SetCommandStreamReceiver=2 (TBX mode).  gtsim answers them
 * on top of the device API (include/gtsim.h).
 *
 * Wire format (facts from NEO's public tbx_proto.h and tbx_sockets_imp.cpp;
 * our own code): every message is a 12-byte header of three little-endian
 * DWords {type, transaction id, body size in bytes}, then the body.  A
 * memory write (type 4) is followed by its payload, whose length is in the
 * body, not in the header.  Requests the runtime waits on (MMIO read, GTT
 * read, memory read, render-end report) are answered with a message carrying
 * the request's transaction id.  All other requests have no answer.
 *
 *   type  request           body (DWords)                       answer
 *   0     MMIO              {flags, offset, data}[, {source}]   1: {data} (reads)
 *   2     GTT entry         {flags, entry index, lo, hi}        3: {lo, hi} (reads)
 *   4     write memory      {flags+addr[39:32], addr[31:0], size} + size bytes
 *   5     read memory       {flags+addr[39:32], addr[31:0], size}
 *                                                               6: {flags, addr, size} + size bytes
 *   9     report render end {timeout}                           10: {timed out = 0}
 *   11    control           {bits 15:0 values, bits 31:16 masks}
 *
 * MMIO flags: bit 0 write, bits 3:1 access size (bytes), bits 5:4 device
 * index, bits 8:6 space (0 MMIO, 1 I/O port, 2 "funny" I/O), bits 31:16
 * delay.  GTT flags: bit 0 write; a 12-byte body carries a 32-bit entry
 * (pre-Gen8), a 16-byte body a 64-bit entry.  Memory flags (write): bit 0
 * address type (0 physical), bit 1 mask follows, bits 7:6 memory type
 * (0 system, 1 local), bits 31:24 address bits 39:32; (read): bit 0 address
 * type, bits 31:24 address bits 39:32.  Control bits: 0 reset, 1 HAS,
 * 2 read on demand, 3 write mask, 4 time advance, 5 asynchronous messages,
 * 6 quit, ... 12 flush; bit n+16 says whether bit n is being set.
 */
#ifndef GTSIM_TBX_H
#define GTSIM_TBX_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gtsim.h"

enum tbx_msg_type {
    TBX_MMIO_REQ = 0,
    TBX_MMIO_RES = 1,
    TBX_GTT_REQ = 2,
    TBX_GTT_RES = 3,
    TBX_WRITE_DATA_REQ = 4,
    TBX_READ_DATA_REQ = 5,
    TBX_READ_DATA_RES = 6,
    TBX_REPORT_REND_END_REQ = 9,
    TBX_REPORT_REND_END_RES = 10,
    TBX_CONTROL_REQ = 11,
    TBX_NUM_MSG_TYPES = 35, /* types 0..34 are defined by the protocol */
};

#define TBX_HDR_BYTES 12u
#define TBX_MAX_BODY 16u /* the largest request body gtsim accepts */

/* Name of a protocol message type ("MMIO_REQ"), "?" if unknown. */
const char *tbx_msg_name(uint32_t type);

/* What the protocol needs from a device.  The server binds these to the
 * gtsim_* API (tools/tbx_device.c); tests bind them to fakes.  Functions
 * return 0 (GTSIM_OK) or a negative gtsim status; last_error then says why.
 * Addresses are physical bytes; GTT offsets are byte offsets of 64-bit
 * entries (entry i at 8*i). */
typedef struct tbx_ops {
    int (*mmio_write)(void *ctx, uint32_t offset, uint32_t value);
    int (*mmio_read)(void *ctx, uint32_t offset, uint32_t *value);
    int (*mem_write)(void *ctx, uint64_t pa, const void *data, size_t len);
    int (*mem_read)(void *ctx, uint64_t pa, void *out, size_t len);
    int (*gtt_write)(void *ctx, uint64_t entry_offset, uint64_t entry);
    int (*gtt_read)(void *ctx, uint64_t entry_offset, uint64_t *entry);
    /* Control message with the reset bit: start over with a fresh device. */
    int (*reset)(void *ctx);
    const char *(*last_error)(void *ctx);
    /* 1 when the device has local memory (memory type 1; system memory is
     * then GTSIM_PA_SYSMEM | address), 0 or NULL when it has none. */
    int (*has_local_memory)(void *ctx);
} tbx_ops;

/* Per-connection counters. */
typedef struct tbx_stats {
    uint64_t messages;
    uint64_t by_type[TBX_NUM_MSG_TYPES];
    uint64_t bytes_written;  /* memory payload bytes written to the device */
    uint64_t bytes_read;     /* memory bytes sent back to the client */
} tbx_stats;

#define TBX_CHUNK (64u * 1024u) /* memory payloads move in pieces of this size */
#define TBX_MAX_DEFERRED 256u   /* ELSP DWord writes held back at most (64 submissions) */

/* One client connection.  Messages are read from in_fd and answers written
 * to out_fd (the same socket in the server; a file and /dev/null in the
 * fuzz target). */
typedef struct tbx_conn {
    int in_fd, out_fd;
    const tbx_ops *ops;
    void *ctx;
    uint32_t max_transfer;  /* largest memory read/write payload accepted (bytes) */
    int timeout_ms;         /* longest wait for the rest of a started message, for
                               the client to take an answer, or for the first
                               message of a new connection (< 0: forever) */
    int idle_timeout_ms;    /* longest wait between two messages (< 0: forever,
                               the default: a live runtime may compute on the host
                               for hours between messages) */
    FILE *trace;            /* when non-NULL, one line per message */
    /* Hold back execlist submit port (ELSP) writes until the client next
     * reads something (default on; see tools/tbx.c "Deferred submission"). */
    int defer_submission;
    uint32_t deferred_n;    /* queued ELSP writes */
    tbx_stats stats;
    char reason[512];       /* why tbx_step returned TBX_DROP / TBX_CLOSED */
    uint32_t in_pos, in_len; /* unread input is in_buf[in_pos, in_len) */
    uint32_t deferred[TBX_MAX_DEFERRED][2]; /* held-back ELSP writes {MMIO offset, value} */
    uint8_t in_buf[8192];
    uint8_t buf[TBX_CHUNK];
} tbx_conn;

/* Result of tbx_step. */
enum tbx_step_result {
    TBX_CONTINUE = 0, /* one message handled */
    TBX_CLOSED = 1,   /* client closed between messages, or asked to quit */
    TBX_DROP = -1,    /* malformed/unsupported message, I/O error or timeout,
                         or the device failed: conn->reason says which */
};

/* Initialise a connection with the default limits: max_transfer 256 MiB,
 * timeout_ms 30000, idle_timeout_ms -1, no trace, deferred submission.  Does
 * not take ownership of the fds. */
void tbx_conn_init(tbx_conn *c, int in_fd, int out_fd, const tbx_ops *ops, void *ctx);

/* Read one message from in_fd, apply it to the device and send its answer.
 * Waits for the message's first byte at most timeout_ms on a connection
 * that has sent nothing yet, idle_timeout_ms after that; then never waits
 * longer than timeout_ms for any piece.  Never allocates: payloads stream
 * through conn->buf. */
int tbx_step(tbx_conn *c);

/* Deliver held-back ELSP writes to the device now (the work runs).
 * TBX_CONTINUE, or TBX_DROP with the device's report in c->reason. */
int tbx_flush_submissions(tbx_conn *c);

/* Bytes of input already read from in_fd but not yet handled: when
 * non-zero, call tbx_step without waiting for in_fd to poll readable. */
static inline uint32_t tbx_pending(const tbx_conn *c)
{
    return c->in_len - c->in_pos;
}

/* The device side of a connection through the public API (tools/tbx_device.c):
 * ctx of tbx_device_ops is a tbx_device.  Thread-safe: every operation
 * holds op_lock, so several connections (threads) may share one device
 * (gtsim serve --keep-state); tbx_device_interrupt may be called from any
 * thread while an operation runs. */
typedef struct tbx_device {
    gtsim_device *dev;
    const char *platform;
    gtsim_config cfg;
    pthread_mutex_t op_lock;  /* held by each operation */
    pthread_mutex_t dev_lock; /* guards the dev pointer (reset, close) against interrupts */
    int stopped;              /* tbx_device_interrupt was called (under dev_lock) */
} tbx_device;

extern const tbx_ops tbx_device_ops;

/* Create the device (platform name as for gtsim_create).  0, or -1 when the
 * platform is unknown or memory is short. */
int tbx_device_open(tbx_device *d, const char *platform, const gtsim_config *cfg);
/* Destroy the device (waits for the operation in progress).  Interrupts and
 * stats stay safe to call on d afterwards (they find no device). */
void tbx_device_close(tbx_device *d);
/* Stop the work running on the device now (gtsim_interrupt): the operation
 * in progress returns GTSIM_ERR_INTERRUPTED with a report of where execution
 * was, and so does every later one (also after a reset).  Thread-safe (not
 * async-signal-safe: it takes dev_lock). */
void tbx_device_interrupt(tbx_device *d);
/* The device's counters (zero once closed); thread-safe. */
void tbx_device_stats(tbx_device *d, gtsim_stats *out);

#endif
