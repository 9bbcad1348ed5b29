/*
 * Media/GPGPU pipeline (Gen9): the state the command streamer programs
 * (STATE_BASE_ADDRESS, STATE_SIP, MEDIA_VFE_STATE, MEDIA_CURBE_LOAD,
 * MEDIA_INTERFACE_DESCRIPTOR_LOAD) and GPGPU_WALKER thread-group dispatch
 * to the EUs (seed 000 §1.4.2.4 GPGPU mode: automatic thread generation,
 * thread payload, execution masks; §1.7.1.5 GPGPU thread R0 header).
 *
 * Thread payload on Gen9 (GRF registers of 32 bytes):
 *   r0                       R0 header (see gt_pipe_fill_r0)
 *   r1 .. rP                 per-thread constant data of this thread
 *                            (P = Constant URB Entry Read Length; NEO puts
 *                            the local IDs here)
 *   rP+1 .. rP+C             cross-thread constant data (C = Cross-Thread
 *                            Constant Data Read Length), common to all threads
 * Source of the data: when the walker has indirect data (Indirect Data
 * Length > 0) it is Indirect Object Base + Indirect Data Start Address,
 * laid out as [cross-thread C GRFs][thread 0 P GRFs][thread 1 P GRFs]...;
 * otherwise the CURBE loaded by MEDIA_CURBE_LOAD in the same layout.
 * (Seed 000, Gen7, puts the cross-thread CURBE first in the GRF; Gen9 with
 * NEO places the per-thread data first: a NEO 22.43 skl kernel reads its
 * local IDs from r1/r2 and its global offset from the register after them.)
 */
#ifndef GT_PIPE_H
#define GT_PIPE_H

#include <stdint.h>

#include "gt.h"

struct gt_pipe;

#define GT_PIPE_MAX_IDD 64

/* Pipeline state, as programmed by the command streamer.  Addresses are GPU
 * virtual addresses (PPGTT), sizes in bytes. */
typedef struct gt_pipe_state {
    int pipeline;                  /* PIPELINE_SELECT: 0 3D, 1 media, 2 GPGPU */
    /* STATE_BASE_ADDRESS */
    uint64_t general_state_base, surface_state_base, dynamic_state_base;
    uint64_t indirect_object_base, instruction_base, bindless_surface_state_base;
    uint64_t general_state_size, dynamic_state_size, indirect_object_size, instruction_size;
    uint64_t bindless_surface_state_size;
    uint64_t sip;                  /* STATE_SIP: system routine address */
    /* MEDIA_VFE_STATE */
    uint64_t scratch_offset;       /* scratch space, offset from general state base */
    uint32_t per_thread_scratch;   /* bytes (1 KiB << field) */
    uint32_t per_thread_scratch_code; /* the field (0..11) as programmed */
    uint32_t stack_size;
    uint32_t max_threads;          /* Maximum Number of Threads (field + 1) */
    uint32_t urb_entries, urb_entry_size, curbe_size;
    int vfe_valid;
    int sb_enable;                 /* scoreboard enable; type 0 stalling, 1 non-stalling */
    uint32_t sb_type, sb_mask;
    int8_t sb_delta[8][2];         /* scoreboard n (X, Y) deltas (Gen7 layout) */
    int bypass_gateway;            /* Gen7: Bypass Gateway Control */
    int gpgpu_mode;                /* Gen7: GPGPU Mode */
    /* MEDIA_CURBE_LOAD: a copy of the data taken when the command ran */
    uint8_t *curbe;
    uint32_t curbe_len;
    /* MEDIA_INTERFACE_DESCRIPTOR_LOAD: copies of the descriptors (8 DWords each) */
    uint32_t idd[GT_PIPE_MAX_IDD][8];
    uint32_t idd_count;
    /* The 3D pipeline's recorded state (src/pipe3d), owned; NULL until the
     * context's first 3D command */
    struct gt3d_state *g3d;
} gt_pipe_state;

/* One GPGPU_WALKER command, unpacked. */
typedef struct gt_walker {
    uint64_t batch_addr;           /* where the command was (for reports) */
    uint32_t idd_offset;           /* Interface Descriptor Offset */
    uint32_t indirect_len;         /* Indirect Data Length, bytes */
    uint32_t indirect_start;       /* Indirect Data Start Address, offset from indirect object base */
    uint32_t simd;                 /* 8, 16 or 32 */
    uint32_t wmax, hmax, dmax;     /* thread width/height/depth counter maxima */
    uint32_t start[3];             /* Thread Group ID Starting X, Y, Z */
    uint32_t dim[3];               /* Thread Group ID X, Y, Z Dimension (end, exclusive) */
    uint32_t right_mask, bottom_mask;
} gt_walker;

struct gt_pipe *gt_pipe_create(gtsim_device *dev);
void gt_pipe_destroy(struct gt_pipe *p);
/* Logical contexts (Gen8+ execlists): the render engine's pipeline state
 * (STATE_BASE_ADDRESS, PIPELINE_SELECT, MEDIA_VFE_STATE, STATE_SIP, CURBE,
 * interface descriptors, ...) belongs to the context and is saved and
 * restored with it, as the hardware does in the context image.
 * gt_pipe_context_switch makes the context at LRCA lrca current (a context
 * not seen before starts from zeroed state); gt_pipe_context_forget drops
 * what is saved for lrca (the driver initialised a new image there). */
int gt_pipe_context_switch(struct gt_pipe *p, uint64_t lrca);
void gt_pipe_context_forget(struct gt_pipe *p, uint64_t lrca);
/* Empty the host workers' decoded-kernel caches (their counts go to the
 * profile). */
void gt_pipe_flush_kcaches(struct gt_pipe *p);
gt_pipe_state *gt_pipe_state_of(struct gt_pipe *p);

/* MEDIA_CURBE_LOAD / MEDIA_INTERFACE_DESCRIPTOR_LOAD: copy len bytes from
 * dynamic state base + start.  Errors: GTSIM_ERR_FAULT on unmapped memory,
 * GTSIM_ERR_INVALID on a bad length.  where names the command for reports. */
int gt_pipe_curbe_load(gtsim_device *dev, uint32_t len, uint32_t start, const char *where);
int gt_pipe_idd_load(gtsim_device *dev, uint32_t len, uint32_t start, const char *where);

/* Execute a GPGPU walker: every thread group from start to dim in X
 * (fastest), Y, Z; each group's threads run to completion on the EUs before
 * the next group starts.  Returns GTSIM_OK or the first error, whose report
 * names the walker (batch address), the group and the thread. */
int gt_pipe_walker(gtsim_device *dev, const gt_walker *w);

/* Threads per thread group: (wmax+1) * (hmax+1) * (dmax+1). */
uint32_t gt_walker_group_threads(const gt_walker *w);
/* Execution mask of thread t (0-based dispatch order in the group): all
 * SIMD channels, ANDed with the right mask when the width counter is at
 * its maximum and with the bottom mask when the height counter is at its
 * maximum (seed 000 §1.4.2.4.3). */
uint32_t gt_walker_thread_mask(const gt_walker *w, uint32_t t);

#endif
