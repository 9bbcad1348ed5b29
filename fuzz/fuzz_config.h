/*
 * The device bounds every fuzz target sets: small, so that no input runs
 * long or takes much memory (a walker of 2^96 groups, a batch that jumps
 * to itself, a page storm) and each input costs well under a millisecond.
 * No wall-clock timeout, so results stay deterministic.  The seeds
 * (make_seeds.sh) run to completion within them.
 */
#ifndef FUZZ_CONFIG_H
#define FUZZ_CONFIG_H

#include "gtsim.h"

static inline gtsim_config fuzz_config(FILE *log)
{
    return (gtsim_config){.max_eu_instructions = 4000, .max_commands = 2000, .max_total_eu_instructions = 40000,
                          .max_threads = 512, .max_host_memory = 4u << 20, .log = log};
}

#endif
