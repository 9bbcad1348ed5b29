/*
 * Test harness: disassemble a raw kernel binary with gtsim_disasm(), the
 * same entry point `gtsim disasm` uses.  Usage: gtdis [--platform P] [--syntax iga|gen4] FILE
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gtsim.h"

int main(int argc, char **argv)
{
    const char *plat = "skl", *file = NULL, *syntax = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--platform") && i + 1 < argc)
            plat = argv[++i];
        else if (!strcmp(argv[i], "--syntax") && i + 1 < argc)
            syntax = argv[++i];
        else
            file = argv[i];
    }
    if (!file) {
        fprintf(stderr, "usage: gtdis [--platform P] [--syntax iga|gen4] FILE\n");
        return 2;
    }
    FILE *f = fopen(file, "rb");
    if (!f) {
        perror(file);
        return 2;
    }
    size_t cap = 1 << 16, len = 0;
    unsigned char *buf = malloc(cap);
    size_t n;
    while (buf && (n = fread(buf + len, 1, cap - len, f)) > 0) {
        len += n;
        if (len == cap) {
            unsigned char *nb = realloc(buf, cap *= 2);
            if (!nb) {
                free(buf);
                buf = NULL;
            }
            buf = nb;
        }
    }
    fclose(f);
    if (!buf)
        return 2;
    int st = gtsim_disasm_syntax(plat, syntax, buf, len, stdout);
    free(buf);
    return st == GTSIM_OK ? 0 : 1;
}
