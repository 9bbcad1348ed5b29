/*
 * AUB replay frontend: feeds an AUB "memtrace" file (as written by Intel's
 * NEO runtime with SetCommandStreamReceiver=1, plain or gzip-compressed)
 * into a gtsim device through the public API only.
 */
#ifndef GTSIM_AUB_H
#define GTSIM_AUB_H

#include "gtsim.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

typedef struct gtsim_aub_stats {
    uint64_t records;          /* records read */
    uint64_t mmio_writes;
    uint64_t mem_writes;       /* memory-write records (all address spaces) */
    uint64_t mem_bytes;        /* bytes they carried */
    uint64_t compares;         /* memory/register compare records checked */
    uint64_t compare_failures;
    uint64_t skipped;          /* unknown or ignored records (each warned) */
    uint32_t device;           /* device field of the version record (see gtsim_aub_platform_name) */
} gtsim_aub_stats;

/* Replay the trace at path into dev.  Offsets in reports are byte offsets in
 * the (decompressed) AUB stream.  Unknown record types are skipped with a
 * warning naming the record and its offset.  Returns GTSIM_OK, or the first
 * error: GTSIM_ERR_INVALID for a truncated/corrupt file, or what the device
 * returned (page fault, illegal instruction, watchdog...).  stats may be NULL. */
int gtsim_aub_replay(gtsim_device *dev, const char *path, gtsim_aub_stats *stats);

/* Platform name for the version record's device field ("ivb" 7, "hsw" 9,
 * "vlv" 10, "skl" 12), or NULL when gtsim does not model it. */
const char *gtsim_aub_platform_name(uint32_t device);

/* Read only the version record of an AUB file and return its device field
 * (see gtsim_aub_platform_name), or -1 if the file cannot be read. */
int gtsim_aub_probe_device(const char *path);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
