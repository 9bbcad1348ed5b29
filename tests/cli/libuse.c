/*
 * A program of a gtsim user, compiled against the installed library
 * (tests/cli/install_test.sh: pkg-config --cflags --libs gtsim): creates a
 * device, writes and reads physical memory, disassembles two instructions.
 * Usage: libuse VERSION (pkg-config --modversion gtsim).
 */
#define _GNU_SOURCE
#include <gtsim.h>
#include <gtsim_aub.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;
#define CHECK(cond, ...)                                                                                    \
    do {                                                                                                    \
        if (!(cond)) {                                                                                      \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                                     \
            printf(__VA_ARGS__);                                                                            \
            printf("\n");                                                                                   \
            failures++;                                                                                     \
        }                                                                                                   \
    } while (0)

int main(int argc, char **argv)
{
    if (argc != 2)
        return fprintf(stderr, "usage: libuse VERSION\n"), 2;
    const char *v = gtsim_version();
    size_t vl = strlen(argv[1]);
    CHECK(!strncmp(v, argv[1], vl) && (v[vl] == 0 || v[vl] == ' '), "gtsim_version() '%s', pkg-config says %s", v,
          argv[1]);
    CHECK(!strcmp(gtsim_aub_platform_name(12), "skl"), "AUB device 12 is skl");

    gtsim_device *dev = gtsim_create("skl", NULL);
    CHECK(dev != NULL, "gtsim_create(skl)");
    CHECK(gtsim_create("no-such-gpu", NULL) == NULL, "unknown platform refused");
    if (!dev)
        return 1;
    /* 10000 bytes across three 4 KiB pages above 4 GiB; the pattern is a
     * 32-bit LCG (Numerical Recipes constants), top byte. */
    enum { N = 10000 };
    const uint64_t pa = 0x123456f00ull;
    static uint8_t want[N], got[N + 64];
    uint32_t x = 12345;
    for (int i = 0; i < N; i++) {
        x = x * 1664525u + 1013904223u;
        want[i] = (uint8_t)(x >> 24);
    }
    CHECK(gtsim_phys_write(dev, pa, want, N) == GTSIM_OK, "phys write: %s", gtsim_last_error(dev));
    memset(got, 0xAA, sizeof(got));
    CHECK(gtsim_phys_read(dev, pa - 32, got, N + 64) == GTSIM_OK, "phys read: %s", gtsim_last_error(dev));
    CHECK(!memcmp(got + 32, want, N), "read back what was written");
    int zero = 1;
    for (int i = 0; i < 32; i++)
        zero &= got[i] == 0 && got[32 + N + i] == 0;
    CHECK(zero, "unwritten memory reads as zero");
    gtsim_stats st;
    gtsim_get_stats(dev, &st);
    CHECK(st.eu_instructions == 0 && st.commands == 0, "no work run yet");
    gtsim_destroy(dev);

    /* Gen9 native encodings written by `iga64 -p=9 -a` from the IGA text
     * checked below. */
    static const uint8_t code[32] = {
        0x7e, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x01, 0x00, 0x60, 0x00, 0x08, 0x06, 0x40, 0x20, 0x00, 0x00, 0x00, 0x00, 0x78, 0x56, 0x34, 0x12,
    };
    char *text = NULL;
    size_t tl = 0;
    FILE *out = open_memstream(&text, &tl);
    CHECK(out && gtsim_disasm("skl", code, sizeof(code), out) == GTSIM_OK, "gtsim_disasm");
    if (out)
        fclose(out);
    CHECK(text && strstr(text, "nop\n"), "disassembly has nop: %s", text ? text : "");
    CHECK(text && strstr(text, "mov (8|M0) r2.0<1>:ud 0x12345678:ud\n"), "disassembly has the mov: %s",
          text ? text : "");
    free(text);
    out = open_memstream(&text, &tl);
    CHECK(out && gtsim_disasm("skl", code, 8, out) != GTSIM_OK, "half an instruction is an error");
    if (out)
        fclose(out);
    free(text);

    printf("%s: %s\n", argv[0], failures ? "FAILED" : "all checks passed");
    return failures ? 1 : 0;
}
