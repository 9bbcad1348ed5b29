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
#include "fuzz_config.h"

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
    gtsim_config cfg = fuzz_config(devnull);
    gtsim_device *dev = gtsim_create("skl", &cfg);
    if (dev) {
        gtsim_aub_replay(dev, path, NULL);
        gtsim_destroy(dev);
    }
    close(fd);
    return 0;
}
