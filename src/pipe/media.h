/*
 * Media pipeline (seed 000 §1.4 VFE, §1.5 thread spawner, §1.7 media
 * messages, §1.8.6-1.8.9 media object commands): root threads from
 * MEDIA_OBJECT, MEDIA_OBJECT_PRT, MEDIA_OBJECT_WALKER and GPGPU_OBJECT,
 * the hardware scoreboard, child threads and synchronized root threads
 * spawned by thread spawner messages, and the URB that carries their
 * payloads.
 *
 * Execution model.  gtsim runs EU threads functionally, so the media unit
 * models what is observable: the dispatch order and the dependencies.
 *  - Root thread requests enter a FIFO root queue in command order; child
 *    spawn and spawn-root messages enter a FIFO child queue.  Child
 *    requests go first (§1.5.1.8); a synchronized root thread (Thread
 *    Synchronization set) leaves the root queue only together with a
 *    spawn-root message at the head of the child queue (§1.5.1.5).
 *  - At most Maximum Number of Threads root threads are in flight
 *    (§1.5.1.6); the head of the root queue is not dispatched while an
 *    in-flight root thread occupies one of its scoreboard dependencies
 *    (stalling scoreboard: (X + deltaX[n], Y + deltaY[n]) for every n set
 *    in both the VFE Scoreboard Mask and the thread's mask, same color;
 *    seed 003 §1.4.3 "TS stalls the dispatch of a root thread if any
 *    scoreboard entry ... is marked as in-flight").  Dispatch is in order:
 *    a stalled head holds back the threads behind it.
 *  - Dispatched threads run on the EU until they end or block (gateway
 *    wait, barrier, sendc on a non-stalling scoreboard dependency, waiting
 *    for children); a thread is in flight from dispatch to its
 *    end-of-thread message.
 *  - When nothing can move (no thread can run, the queue head cannot be
 *    dispatched) the device stops with a report naming the command and
 *    batch address, the thread, its (X, Y, color) and what it waits for.
 * MEDIA_OBJECT / _PRT / _WALKER commands enqueue their root threads and
 * dispatch what may be dispatched, without running anything: root
 * threads of consecutive commands are in flight together (up to Maximum
 * Number of Threads) and the scoreboard decides which may start.  Threads
 * run when the root queue is full and at the flush points where
 * gt_media_drain runs until every thread has ended (MEDIA_STATE_FLUSH,
 * PIPE_CONTROL, MI_FLUSH_DW, media state changes, GPGPU commands, end of
 * a submission).
 */
#ifndef GT_PIPE_MEDIA_H
#define GT_PIPE_MEDIA_H

#include <stdint.h>

#include "eu/eu.h"
#include "gt.h"
#include "pipe/media_walker.h"

struct gt_media;

/* Scoreboard Type (MEDIA_VFE_STATE DW5 bit 30).  Stalling: a root thread
 * is dispatched only when none of its dependencies is in flight.
 * Non-stalling: it is dispatched at once with its in-flight dependencies
 * in tdr0.0-7 (FFTID + valid bit); sendc waits until they have ended
 * (seed 003 §1.4.3, seed 001 §3.3.3.11, seed 004 sendc). */
enum { GT_MEDIA_SB_STALLING = 0, GT_MEDIA_SB_NONSTALLING = 1 };

/* Scoreboard state of MEDIA_VFE_STATE (seed 000 §1.8.1 DW5-7). */
typedef struct gt_media_sb {
    int enable;          /* Scoreboard Enable */
    int type;            /* Scoreboard Type: GT_MEDIA_SB_STALLING / _NONSTALLING */
    uint32_t mask;       /* Scoreboard Mask: dependency n enabled */
    int8_t dx[8], dy[8]; /* Scoreboard n Delta X / Y (S3) */
} gt_media_sb;

/* One root-thread command, unpacked (any generation's layout). */
typedef struct gt_media_obj {
    const char *cmd;          /* "MEDIA_OBJECT", ... (reports) */
    uint64_t batch_addr;      /* where the command was */
    uint32_t idd_offset;      /* Interface Descriptor Offset */
    int children;             /* Children Present */
    int sync;                 /* Thread Synchronization (synchronized root thread) */
    int use_sb;               /* Use Scoreboard */
    uint32_t sb_x, sb_y;      /* Scoreboard X / Y (MEDIA_OBJECT) */
    uint32_t sb_mask;         /* Scoreboard Mask of the command */
    uint32_t sb_color;        /* Scoreboard Color */
    const uint8_t *inline_data;
    uint32_t inline_len;      /* bytes */
    uint32_t indirect_len;    /* Indirect Data Length, bytes (0 = none) */
    uint32_t indirect_start;  /* Indirect Data Start Address (offset from Indirect Object Base) */
    int prt_restart;          /* MEDIA_OBJECT_PRT: R0.2 bit 0 Thread Restart Enable */
} gt_media_obj;

struct gt_media *gt_media_create(gtsim_device *dev);
void gt_media_destroy(struct gt_media *m);
/* The media unit of dev, created on first use (NULL on out of memory). */
struct gt_media *gt_media_of(gtsim_device *dev);

/* MEDIA_VFE_STATE scoreboard fields (a media state change: drains first). */
int gt_media_set_scoreboard(gtsim_device *dev, const gt_media_sb *sb);

/* MEDIA_OBJECT / MEDIA_OBJECT_PRT / GPGPU_OBJECT-style single root thread.
 * Returns GTSIM_OK or an error (report names the command and address). */
int gt_media_object(gtsim_device *dev, const gt_media_obj *o);
/* MEDIA_OBJECT_WALKER: one root thread per (X, Y, color) of the walk; the
 * inline data is repeated for every thread; Use Scoreboard makes the walk
 * coordinates the scoreboard coordinates. */
int gt_media_walker(gtsim_device *dev, const gt_media_obj *o, const gt_mw_params *p);

/* One GPGPU_OBJECT command, unpacked (seed 000 §1.8.9). */
typedef struct gt_gpgpu_obj {
    uint64_t batch_addr;
    uint32_t idd_offset;
    int end_of_group;         /* End of Thread Group */
    int slm_fixed;            /* Shared Local Memory Fixed Offset */
    uint32_t slm_offset;      /* Shared Local Memory Offset (4 KiB units) */
    uint32_t indirect_len;    /* bytes, 32-byte aligned (0 = none) */
    uint32_t indirect_start;  /* offset from Indirect Object Base */
    uint32_t tg[3];           /* Thread Group ID X, Y, Z */
    uint32_t exec_mask;       /* Execution Mask (SIMD32 channel bits) */
} gt_gpgpu_obj;

/* GPGPU_OBJECT: one thread of the current thread group.  Threads collect
 * until a command with End of Thread Group; then the group runs to the end
 * with its shared local memory (Interface Descriptor SLM size) and its
 * barrier (seed 000 §1.5.1.10).  Thread payload (§1.7.1.5): R0 GPGPU
 * header (R0.1 group X, R0.6 Y, R0.7 Z, R0.2 IDO and barrier ID, R0.3
 * sampler pointer / scratch size, R0.4 binding table, R0.5 scratch pointer
 * / FFTID), then the CURBE constants of the interface descriptor, then the
 * command's indirect data.  A group left open at a flush point runs there
 * (with a warning).  Errors name the command and its batch address. */
int gt_media_gpgpu_object(gtsim_device *dev, const gt_gpgpu_obj *o);
/* Run until every media thread has ended (GTSIM_OK) or nothing can move
 * (GTSIM_ERR_WATCHDOG with a report). */
int gt_media_drain(gtsim_device *dev);

/* Thread spawner message (SFID 7, seed 000 §1.7.2) from thread t: desc is
 * the message descriptor, m0 the 8-DWord payload.  eot: the send ends the
 * thread.  Errors are returned with a reason in why (the caller adds the
 * message and the EU IP). */
int gt_media_ts_message(gtsim_device *dev, gt_thread *t, uint32_t desc, const uint8_t *m0, int eot,
                        char *why, size_t why_len);

/* The URB: size in bytes; URB handles and offsets count 32-byte rows. */
uint8_t *gt_media_urb(gtsim_device *dev, uint32_t *size);
/* The rows MEDIA_VFE_STATE allocated to URB entries (Number of URB Entries
 * x URB Entry Allocation Size, after the interface descriptors and the
 * CURBE): [*first, *first + *rows).  URB messages must stay inside. */
void gt_media_urb_alloc(gtsim_device *dev, uint32_t *first, uint32_t *rows);

/* Message gateway open / close / forward (SFID 3 subfunctions 0, 1, 2;
 * the legacy protocol of MEDIA_VFE_STATE Bypass Gateway Control = 0, seed
 * 000 §1.8.1; payload layout: public facts of the Gen7 message gateway, as
 * the open-source media kernels of intel/libva use it).  m0 is the
 * 8-DWord payload, desc the descriptor:
 *   desc bits 2:0 subfunction; bit 14 AckReq (open/close: acknowledge);
 *        bit 15 Notify (forward: notify the recipient)
 *   open     M0.4 15:0 Key; M0.5 28:21 RegBase (first GRF register of the
 *            gateway window), 10:8 Gateway Size (2^n registers).  The
 *            window belongs to the requester, whose gateway ID is its
 *            FFTID (R0.5 7:0 of a media root or child thread).
 *   close    closes the requester's gateway.
 *   forward  M0.4 31:16 recipient gateway ID (FFTID), 15:0 Key; M0.5
 *            28:16 byte offset in the recipient's window, 10:8 data size
 *            (2^n bytes, n = 0..4); the data is in M0.0.. (byte 0 on).  It
 *            lands in the recipient's GRF at RegBase * 32 + offset; with
 *            Notify the recipient's thread-to-thread notification count
 *            (n0.0, seed 001 §3.3.39) is incremented.
 * rsp (32 bytes) is the acknowledgement register.  Errors with a reason in
 * why: a forward to a thread that does not exist or whose gateway is
 * closed, a wrong key, a window or offset outside the GRF, closing a
 * closed gateway. */
int gt_media_gateway(gtsim_device *dev, gt_thread *t, uint32_t desc, const uint8_t *m0, uint8_t rsp[32],
                     char *why, size_t why_len);

/* Dispatch record for tests and traces: called for every thread the
 * media unit dispatches, in dispatch order (NULL = none). */
typedef void (*gt_media_trace_fn)(void *ctx, const gt_thread *t, int root, uint32_t x, uint32_t y,
                                  uint32_t color);
void gt_media_set_trace(gtsim_device *dev, gt_media_trace_fn fn, void *ctx);
/* Test seam: replace gt_eu_run for media threads (NULL restores it). */
typedef int (*gt_media_run_fn)(gtsim_device *dev, gt_thread *t, void *ctx);
void gt_media_set_runner(gtsim_device *dev, gt_media_run_fn fn, void *ctx);
/* Threads in flight and queued (tests). */
void gt_media_counts(gtsim_device *dev, uint32_t *in_flight, uint32_t *queued);

#endif
