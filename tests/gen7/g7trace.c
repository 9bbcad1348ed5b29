/*
 * g7trace: writes a small Gen7 trace with gen7_stream, and the expected
 * output `gtsim run --expect` compares it with.
 *
 *   g7trace PLATFORM OUTDIR     (PLATFORM: ivb, vlv or hsw)
 *
 * OUTDIR/trace.aub: a PPGTT batch (started from the ring) storing 16
 * DWords 0x600df00d + i with MI_STORE_DATA_IMM and a QWord with a
 * PIPE_CONTROL post-sync write into a PPGTT buffer at 0x10000;
 * OUTDIR/out.bin: those 72 bytes; OUTDIR/expect.txt: "dump 0x10000 72 out.bin".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen7_stream.h"

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: g7trace PLATFORM OUTDIR\n");
        return 2;
    }
    char path[4096];
    snprintf(path, sizeof(path), "%s/trace.aub", argv[2]);
    g7s *s = g7s_open(path, argv[1]);
    if (!s) {
        fprintf(stderr, "g7trace: cannot write %s for platform %s\n", path, argv[1]);
        return 2;
    }
    g7s_ppgtt_enable(s);
    uint32_t out = g7s_buffer(s, G7S_PPGTT, 4096, NULL); /* the first PPGTT range: 0x10000 */
    g7s_ring_init(s, 1);
    uint32_t batch = g7s_buffer(s, G7S_PPGTT, 4096, NULL);
    uint32_t want[18];
    g7s_cmds b;
    g7s_cmds_init(&b);
    g7s_pipeline_select(&b, G7S_PIPE_GPGPU);
    for (uint32_t i = 0; i < 16; i++) {
        want[i] = 0x600df00du + i;
        g7s_mi_sdi(&b, G7S_PPGTT, out + 4 * i, want[i]);
    }
    want[16] = 0x89abcdefu;
    want[17] = 0x01234567u;
    g7s_pipe_control(&b, G7S_PC_CS_STALL | G7S_PC_WRITE_IMM, G7S_PPGTT, out + 64, 0x0123456789abcdefull);
    g7s_mi_bbe(&b);
    g7s_exec_batch(s, G7S_PPGTT, batch, &b);
    g7s_cmds_free(&b);
    if (g7s_close(s)) {
        fprintf(stderr, "g7trace: writing %s failed\n", path);
        return 1;
    }
    snprintf(path, sizeof(path), "%s/out.bin", argv[2]);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(want, 1, sizeof(want), f) != sizeof(want) || fclose(f))
        return 1;
    snprintf(path, sizeof(path), "%s/expect.txt", argv[2]);
    f = fopen(path, "w");
    if (!f)
        return 1;
    fprintf(f, "dump 0x%x %zu out.bin\n", out, sizeof(want));
    return fclose(f) ? 1 : 0;
}
