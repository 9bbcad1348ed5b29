/*
 * What gtsim run, exec and serve share (tools/stats.c): the --stats report
 * and the byte-count syntax of options such as --max-host-memory.
 */
#ifndef GTSIM_STATS_H
#define GTSIM_STATS_H

#include <stdint.h>
#include <stdio.h>

#include "gtsim.h"

/* Print the device counters of s as `gtsim run --stats` does: commands and
 * walkers, threads dispatched, EU instructions, active channels (lane-ops),
 * host time (host_secs: wall-clock seconds of the whole run; s->exec_ns:
 * time spent executing; s->exec_cpu_ns: CPU time of that), host_threads
 * (gtsim_config.threads; 0: no such line), and, when peak_memory is set,
 * the process's peak resident memory.  Every line starts with prefix (may
 * be ""). */
void gtsim_print_stats(FILE *f, const char *prefix, const gtsim_stats *s, double host_secs, unsigned host_threads,
                       int peak_memory);

/* The per-kernel lines of --stats: for each of the n kernels of k (as
 * gtsim_kernel_stats_get gives them) its GVA, walkers, threads, EU
 * instructions and lane-ops with its share of all; prefix as above. */
void gtsim_print_kernel_stats(FILE *f, const char *prefix, const gtsim_kernel_stats *k, size_t n);
/* Those of a device (nothing when it ran no kernel). */
void gtsim_print_device_kernel_stats(FILE *f, const char *prefix, gtsim_device *dev);

/* Add the counters of b to a. */
void gtsim_stats_add(gtsim_stats *a, const gtsim_stats *b);

/* A byte count: an integer with an optional binary suffix K, M, G or T
 * (KiB, MiB, ...; "B" or "iB" may follow), e.g. 512M.  0, or -1 when s is
 * not one or it overflows 64 bits. */
int gtsim_parse_size(const char *s, uint64_t *out);

/* The default of --host-threads: the processors this process may run on
 * (its affinity mask: taskset, cpusets), else the host's online ones;
 * 1..256. */
unsigned gtsim_default_host_threads(void);
/* Parse --host-threads N (1..256): 0, or -1 when s is not such a number. */
int gtsim_parse_host_threads(const char *s, unsigned *out);

#endif
