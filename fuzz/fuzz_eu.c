/*
 * libFuzzer target: arbitrary bytes as Gen9 EU machine code through the
 * public disassembler (decoder for native and compacted forms, then IGA-
 * syntax printing).  Illegal encodings must be reported, never crash.
 */
#include <stdint.h>
#include <stdio.h>

#include "gtsim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *devnull;
    if (!devnull)
        devnull = fopen("/dev/null", "w");
    gtsim_disasm("skl", data, size, devnull);
    return 0;
}
