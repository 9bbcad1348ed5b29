/*
 * The --stats report shared by gtsim run, exec and serve.
 */
#include "stats.h"

#include <inttypes.h>
#include <sys/resource.h>

void gtsim_print_stats(FILE *f, const char *prefix, const gtsim_stats *s, double host_secs, int peak_memory)
{
    fprintf(f, "%scommands           %" PRIu64 " (%" PRIu64 " walkers)\n", prefix, s->commands, s->walkers);
    fprintf(f, "%sthreads dispatched %" PRIu64 "\n", prefix, s->threads_dispatched);
    fprintf(f, "%sEU instructions    %" PRIu64 "\n", prefix, s->eu_instructions);
    fprintf(f, "%sactive channels    %" PRIu64 " (lane-ops)\n", prefix, s->eu_channels);
    double esecs = s->exec_ns / 1e9;
    fprintf(f, "%shost time          %.3f s total, %.3f s executing (%.1f M lane-ops/s)\n", prefix, host_secs,
            esecs, esecs > 0 ? s->eu_channels / esecs / 1e6 : 0.0);
    if (peak_memory) {
        struct rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        fprintf(f, "%speak host memory   %ld KiB\n", prefix, ru.ru_maxrss);
    }
}

void gtsim_stats_add(gtsim_stats *a, const gtsim_stats *b)
{
    a->eu_instructions += b->eu_instructions;
    a->eu_channels += b->eu_channels;
    a->threads_dispatched += b->threads_dispatched;
    a->commands += b->commands;
    a->walkers += b->walkers;
    a->exec_ns += b->exec_ns;
}
