/*
 * libFuzzer target: arbitrary bytes as EU machine code through the public
 * disassembler (the table-driven decoder for native and compacted forms,
 * then printing).  The first byte picks the encoding: 0 skl (Gen9), 1 hsw
 * (Gen7.5), 2 ivb (Gen7), 3 tgllp (Gen12LP); the rest is the code.  Illegal
 * encodings must be reported, never crash.
 */
#include <stdint.h>
#include <stdio.h>

#include "gtsim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const platform[4] = {"skl", "hsw", "ivb", "tgllp"};
    static FILE *devnull;
    if (!devnull)
        devnull = fopen("/dev/null", "w");
    if (size < 1)
        return 0;
    gtsim_disasm(platform[data[0] & 3], data + 1, size - 1, devnull);
    return 0;
}
