/*
 * libFuzzer target: an arbitrary byte stream as what a TBX client sends to
 * `gtsim serve` (tools/tbx.c), applied to a real device through the same
 * bindings the server uses (tools/tbx_device.c).  Exercises header and size
 * checks, payload streaming, and through MMIO/ELSP writes the device behind
 * it.  Any crash, hang, sanitizer report or unbounded allocation is a bug;
 * dropped connections are fine.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

#include "gtsim.h"
#include "fuzz_config.h"
#include "tbx.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *devnull_log;
    static int devnull = -1;
    static tbx_conn conn; /* 70 KiB of buffers: keep it off the stack */
    if (!devnull_log)
        devnull_log = fopen("/dev/null", "w");
    if (devnull < 0)
        devnull = open("/dev/null", O_WRONLY | O_CLOEXEC);
    int fd = memfd_create("fuzz.tbx", MFD_CLOEXEC);
    if (fd < 0)
        return 0;
    if (write(fd, data, size) != (ssize_t)size || lseek(fd, 0, SEEK_SET) != 0) {
        close(fd);
        return 0;
    }
    gtsim_config cfg = fuzz_config(devnull_log);
    tbx_device dev;
    if (tbx_device_open(&dev, "skl", &cfg) == 0) {
        tbx_conn_init(&conn, fd, devnull, &tbx_device_ops, &dev);
        conn.max_transfer = 1u << 20;
        conn.timeout_ms = 1000;
        while (tbx_step(&conn) == TBX_CONTINUE)
            ;
        tbx_device_close(&dev);
    }
    close(fd);
    return 0;
}
