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
