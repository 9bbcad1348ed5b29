/*
 * GPGPU_WALKER workloads (seed 000 §1.8.10, §1.7.1.5):
 *  gpgpu_ids   every thread of a 5x3x2 grid of 2-thread groups writes its
 *              group IDs from R0 and its CURBE thread index through an
 *              OWord block write;
 *  slm_reduce  (below) a work-group reduction through shared local memory
 *              with a barrier.
 */
#include <string.h>

#include "wl.h"

int wl_gpgpu_ids(wl *w)
{
    enum { DX = 5, DY = 3, DZ = 2, T = 2 };
    const uint32_t bytes = DX * DY * DZ * T * 32;
    uint32_t out = wl_buffer(w, bytes, NULL);
    uint32_t ksp = wl_kernel(w, "gpgpu_ids.asm", NULL);
    uint32_t bt = wl_binding_table(w, 1);
    wl_surface_buffer(w, bt, 0, out, bytes);
    /* CURBE: one register per thread (Constant URB Entry Read Length 1) */
    uint32_t curbe[T][8];
    memset(curbe, 0, sizeof(curbe));
    for (uint32_t t = 0; t < T; t++) {
        curbe[t][0] = t;
        curbe[t][1] = T;
        curbe[t][2] = DX;
        curbe[t][3] = DY;
    }
    uint32_t curbe_off = wl_heap_alloc(w, WL_DYN, sizeof(curbe), 64);
    memcpy(w->heap[WL_DYN] + curbe_off, curbe, sizeof(curbe));
    uint32_t idd_off = wl_heap_alloc(w, WL_DYN, 32, 64);
    g7s_idd d = {.ksp = ksp, .bt_ptr = bt, .bt_count = 1, .curbe_len = 1, .threads = T};
    wl_idd(w, idd_off, 0, &d);

    g7s_cmds b;
    g7s_cmds_init(&b);
    g7s_vfe vfe = {.max_threads = 64, .urb_entries = 2, .urb_entry_size = 2, .curbe_size = T, .gpgpu_mode = 1};
    wl_prologue(w, &b, G7S_PIPE_GPGPU, &vfe);
    g7s_curbe_load(&b, sizeof(curbe), curbe_off);
    g7s_idd_load(&b, 32, idd_off);
    g7s_walker wk = {.simd = 8, .wmax = T - 1, .dim = {DX, DY, DZ}, .right_mask = 0xff, .bottom_mask = 0xff};
    g7s_gpgpu_walker(&b, &wk);
    g7s_media_state_flush(&b, 0);

    /* expected: one 32-byte record per thread */
    uint32_t want[DX * DY * DZ * T][8];
    for (uint32_t z = 0; z < DZ; z++)
        for (uint32_t y = 0; y < DY; y++)
            for (uint32_t x = 0; x < DX; x++)
                for (uint32_t t = 0; t < T; t++) {
                    uint32_t *r = want[((z * DY + y) * DX + x) * T + t];
                    r[0] = x, r[1] = y, r[2] = z, r[3] = t;
                    r[4] = r[5] = r[6] = r[7] = 0x600df00d;
                }
    wl_expect(w, out, want, bytes, "ids");
    return wl_finish(w, &b);
}

int wl_slm_reduce(wl *w)
{
    enum { G = 6, T = 8 };
    uint32_t in[G * T * 8];
    uint32_t s = 777;
    for (uint32_t i = 0; i < G * T * 8; i++) {
        s = s * 1664525u + 1013904223u;
        in[i] = s;
    }
    uint32_t ia = wl_buffer(w, sizeof(in), in);
    uint32_t want[G * T][4];
    uint32_t oa = wl_buffer(w, sizeof(want), NULL);
    /* untyped surface messages to SLM (BTI 254), SIMD8, red channel only
     * (channel mask 0xE, SIMD mode 2): Ivy Bridge data cache (0xA) types
     * 13 write / 5 read; Haswell data cache 1 (0xC) types 9 / 1 (Mesa
     * brw_eu_defines.h GEN7_DATAPORT_DC_UNTYPED_SURFACE_*,
     * HSW_DATAPORT_DC_PORT1_UNTYPED_SURFACE_*) */
    uint32_t wtype = w->gen == 75 ? 9 : 13, rtype = w->gen == 75 ? 1 : 5;
    char sfid[8], slmw[16], slmr[16];
    snprintf(sfid, sizeof(sfid), "0x%X", w->gen == 75 ? 0xC : 0xA);
    snprintf(slmw, sizeof(slmw), "0x%08X", 2u << 25 | wtype << 14 | 2u << 12 | 0xEu << 8 | 254u);
    snprintf(slmr, sizeof(slmr), "0x%08X", 1u << 25 | 1u << 20 | rtype << 14 | 2u << 12 | 0xEu << 8 | 254u);
    const char *const subst[] = {"SLM_SFID", sfid, "SLMW", slmw, "SLMR", slmr, NULL};
    uint32_t ksp = wl_kernel(w, "slm_reduce.asm", subst);
    uint32_t bt = wl_binding_table(w, 2);
    wl_surface_buffer(w, bt, 0, ia, sizeof(in));
    wl_surface_buffer(w, bt, 1, oa, sizeof(want));
    uint32_t curbe[T][8];
    memset(curbe, 0, sizeof(curbe));
    for (uint32_t t = 0; t < T; t++) {
        curbe[t][0] = t;
        curbe[t][1] = T;
    }
    uint32_t curbe_off = wl_heap_alloc(w, WL_DYN, sizeof(curbe), 64);
    memcpy(w->heap[WL_DYN] + curbe_off, curbe, sizeof(curbe));
    uint32_t idd_off = wl_heap_alloc(w, WL_DYN, 32, 64);
    g7s_idd d = {.ksp = ksp, .bt_ptr = bt, .bt_count = 2, .curbe_len = 1, .threads = T,
                 .slm_size = 1 /* 4 KiB */, .barrier = 1};
    wl_idd(w, idd_off, 0, &d);

    g7s_cmds b;
    g7s_cmds_init(&b);
    g7s_vfe vfe = {.max_threads = 64, .urb_entries = 2, .urb_entry_size = 2, .curbe_size = T, .gpgpu_mode = 1};
    wl_prologue(w, &b, G7S_PIPE_GPGPU, &vfe);
    g7s_curbe_load(&b, sizeof(curbe), curbe_off);
    g7s_idd_load(&b, 32, idd_off);
    g7s_walker wk = {.simd = 8, .wmax = T - 1, .dim = {G, 1, 1}, .right_mask = 0xff, .bottom_mask = 0xff};
    g7s_gpgpu_walker(&b, &wk);
    g7s_media_state_flush(&b, 0);

    for (uint32_t g = 0; g < G; g++) {
        uint32_t part[T], total = 0;
        for (uint32_t t = 0; t < T; t++) {
            part[t] = 0;
            for (uint32_t i = 0; i < 8; i++)
                part[t] += in[(g * T + t) * 8 + i];
            total += part[t];
        }
        for (uint32_t t = 0; t < T; t++) {
            want[g * T + t][0] = g;
            want[g * T + t][1] = t;
            want[g * T + t][2] = part[t];
            want[g * T + t][3] = total;
        }
    }
    wl_expect(w, oa, want, sizeof(want), "reduce");
    return wl_finish(w, &b);
}
