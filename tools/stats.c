/*
 * The --stats report shared by gtsim run, exec and serve.
 */
#include "stats.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <sched.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

void gtsim_print_stats(FILE *f, const char *prefix, const gtsim_stats *s, double host_secs, unsigned host_threads,
                       int peak_memory)
{
    fprintf(f, "%scommands           %" PRIu64 " (%" PRIu64 " walkers)\n", prefix, s->commands, s->walkers);
    fprintf(f, "%sthreads dispatched %" PRIu64 "\n", prefix, s->threads_dispatched);
    fprintf(f, "%sEU instructions    %" PRIu64 "\n", prefix, s->eu_instructions);
    fprintf(f, "%sactive channels    %" PRIu64 " (lane-ops)\n", prefix, s->eu_channels);
    double esecs = s->exec_ns / 1e9;
    fprintf(f, "%shost time          %.3f s total, %.3f s executing (%.1f M lane-ops/s)\n", prefix, host_secs,
            esecs, esecs > 0 ? s->eu_channels / esecs / 1e6 : 0.0);
    double csecs = s->exec_cpu_ns / 1e9;
    fprintf(f, "%shost CPU executing %.3f s (%.1f M lane-ops per CPU second)\n", prefix, csecs,
            csecs > 0 ? s->eu_channels / csecs / 1e6 : 0.0);
    if (host_threads)
        fprintf(f, "%shost threads       %u (--host-threads)\n", prefix, host_threads);
    if (peak_memory) {
        struct rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        fprintf(f, "%speak host memory   %ld KiB\n", prefix, ru.ru_maxrss);
    }
}

void gtsim_print_kernel_stats(FILE *f, const char *prefix, const gtsim_kernel_stats *k, size_t n)
{
    uint64_t all = 0;
    for (size_t i = 0; i < n; i++)
        all += k[i].eu_channels;
    for (size_t i = 0; i < n; i++)
        fprintf(f,
                "%skernel 0x%012" PRIx64 "  %" PRIu64 " walkers, %" PRIu64 " threads, %" PRIu64
                " EU instructions, %" PRIu64 " lane-ops (%.1f%%)\n",
                prefix, k[i].kernel_gva, k[i].walkers, k[i].threads, k[i].eu_instructions, k[i].eu_channels,
                all ? 100.0 * (double)k[i].eu_channels / (double)all : 0.0);
}

void gtsim_print_device_kernel_stats(FILE *f, const char *prefix, gtsim_device *dev)
{
    size_t n = gtsim_kernel_stats_get(dev, NULL, 0);
    gtsim_kernel_stats *k = n ? calloc(n, sizeof(*k)) : NULL;
    if (!k)
        return;
    n = gtsim_kernel_stats_get(dev, k, n);
    gtsim_print_kernel_stats(f, prefix, k, n);
    free(k);
}

void gtsim_stats_add(gtsim_stats *a, const gtsim_stats *b)
{
    a->eu_instructions += b->eu_instructions;
    a->eu_channels += b->eu_channels;
    a->threads_dispatched += b->threads_dispatched;
    a->commands += b->commands;
    a->walkers += b->walkers;
    a->exec_ns += b->exec_ns;
    a->exec_cpu_ns += b->exec_cpu_ns;
}

/* A byte count: an integer with an optional binary suffix K, M, G or T
 * (KiB, MiB, ... ; "B" or "iB" may follow), e.g. 512M. */
int gtsim_parse_size(const char *s, uint64_t *out)
{
    char *end;
    if (!s || !isdigit((unsigned char)s[0]))
        return -1;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || end == s)
        return -1;
    unsigned shift = 0;
    switch (toupper((unsigned char)*end)) {
    case 'K': shift = 10; break;
    case 'M': shift = 20; break;
    case 'G': shift = 30; break;
    case 'T': shift = 40; break;
    default: break;
    }
    if (shift) {
        end++;
        if (*end == 'i')
            end++;
        if (*end == 'B')
            end++;
    } else if (*end == 'B') {
        end++;
    }
    if (*end || (shift && v > (UINT64_MAX >> shift)))
        return -1;
    *out = (uint64_t)v << shift;
    return 0;
}

unsigned gtsim_default_host_threads(void)
{
    long n = 0;
#ifdef CPU_COUNT
    cpu_set_t set;
    if (!sched_getaffinity(0, sizeof(set), &set))
        n = CPU_COUNT(&set); /* taskset, cgroup cpusets: the processors this process may run on */
#endif
    if (n < 1)
        n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 256 ? 256 : (unsigned)n;
}

int gtsim_parse_host_threads(const char *s, unsigned *out)
{
    char *end;
    if (!s || !isdigit((unsigned char)s[0]))
        return -1;
    errno = 0;
    unsigned long v = strtoul(s, &end, 10);
    if (errno || *end || v < 1 || v > 256)
        return -1;
    *out = (unsigned)v;
    return 0;
}
