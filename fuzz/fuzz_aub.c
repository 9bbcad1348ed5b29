/*
 * libFuzzer target: an arbitrary byte stream as an AUB trace.  Exercises the
 * AUB reader and, through ELSP writes in the stream, the command streamer,
 * pipeline, EU decoder/executor and shared functions.  Any crash, hang,
 * sanitizer report or unbounded allocation is a bug; error returns are fine.
 */
#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

#include "gtsim.h"
#include "gtsim_aub.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *devnull;
    if (!devnull)
        devnull = fopen("/dev/null", "w");
    int fd = memfd_create("fuzz.aub", 0);
    if (fd < 0)
        return 0;
    if (write(fd, data, size) != (ssize_t)size) {
        close(fd);
        return 0;
    }
    char path[64];
    snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
    /* small bounds, so no input runs long or takes much memory (a
     * walker of 2^96 groups, a page storm): no wall-clock timeout, results
     * stay deterministic */
    gtsim_config cfg = {.max_eu_instructions = 20000, .max_commands = 20000, .max_total_eu_instructions = 200000,
                        .max_threads = 4096, .max_host_memory = 8u << 20, .log = devnull};
    gtsim_device *dev = gtsim_create("skl", &cfg);
    if (dev) {
        gtsim_aub_replay(dev, path, NULL);
        gtsim_destroy(dev);
    }
    close(fd);
    return 0;
}
