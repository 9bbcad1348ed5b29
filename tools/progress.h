/*
 * Progress line and run monitor for long simulations (gtsim run; usable by
 * gtsim exec / serve): a thread that redraws one status line on a terminal
 * from gtsim_get_stats (safe while work runs) and enforces a wall-clock
 * deadline by calling gtsim_interrupt.
 */
#ifndef GTSIM_PROGRESS_H
#define GTSIM_PROGRESS_H

#include <stddef.h>
#include <stdio.h>

#include "gtsim.h"

/* One line of progress figures (no newline): walkers, threads dispatched,
 * EU instructions, elapsed seconds, e.g.
 * "gtsim: 3 walkers, 1.2M threads, 45.6M EU instructions, 12.3 s". */
void gtsim_progress_format(const gtsim_stats *s, double elapsed_s, char *buf, size_t len);

typedef struct gtsim_monitor gtsim_monitor;

/* Start a thread watching dev.  progress != 0: redraw a single progress
 * line on f (meant for a terminal; "\r" + erase) at most 4 times per
 * second, from the first half second on.  deadline_s > 0: after that many
 * seconds call gtsim_interrupt(dev) (gtsim_monitor_timed_out then says so).
 * NULL when there is nothing to do or the thread cannot start. */
gtsim_monitor *gtsim_monitor_start(gtsim_device *dev, FILE *f, int progress, double deadline_s);
/* Nonzero once the deadline interrupted the device. */
int gtsim_monitor_timed_out(const gtsim_monitor *m);
/* Stop the thread (at once) and erase the progress line; m may be NULL. */
void gtsim_monitor_stop(gtsim_monitor *m);

#endif
