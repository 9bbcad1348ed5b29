/*
 * Test fixture of the pixel backend tests: physical memory with a
 * hand-built 4-level PPGTT (Gen8+ PTE: bit 0 present, bits 47:12 the
 * address), the way tests/sf/test_sf.c builds it, a surface state heap and
 * binding table, and one EU thread.
 */
#ifndef P3D_FX_H
#define P3D_FX_H

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gt.h"
#include "pipe3d/backend.h"
#include "sf/sf.h"

#define SSB 0x20000ull  /* surface state base (GVA) */
#define BT_OFF 0x800u   /* binding table offset from SSB */
#define RT0 0x40000ull  /* render target memory: 4 pages */
#define ZBUF 0x50000ull /* depth buffer: 4 pages */
#define SBUF 0x60000ull /* stencil buffer: 4 pages */

typedef struct fx {
    gtsim_device dev;
    gt_mem *mem;
    gt_vm vm;
    gt_dispatch disp;
    gt_thread *t;
    uint64_t next_pa;
} fx;

static inline void put64(fx *f, uint64_t pa, uint64_t v) { gt_mem_write(f->mem, pa, &v, 8); }
static inline uint64_t get64(fx *f, uint64_t pa)
{
    uint64_t v = 0;
    gt_mem_read(f->mem, pa, &v, 8);
    return v;
}
static inline void map_page(fx *f, uint64_t va)
{
    uint64_t table = 0x1000; /* PML4 */
    for (int level = 3; level > 0; level--) {
        uint64_t ea = table + ((va >> (12 + 9 * level)) & 511) * 8;
        uint64_t e = get64(f, ea);
        if (!(e & 1)) {
            e = f->next_pa | 3;
            f->next_pa += 0x1000;
            put64(f, ea, e);
        }
        table = e & 0x0000FFFFFFFFF000ull;
    }
    put64(f, table + ((va >> 12) & 511) * 8, f->next_pa | 3);
    f->next_pa += 0x1000;
}
static inline void wmem(fx *f, uint64_t va, const void *p, size_t n) { assert_int_equal(gt_vm_write(&f->vm, va, p, n, NULL), 0); }
static inline void rmem(fx *f, uint64_t va, void *p, size_t n) { assert_int_equal(gt_vm_read(&f->vm, va, p, n, NULL), 0); }
static inline void w32(fx *f, uint64_t va, uint32_t v) { wmem(f, va, &v, 4); }
static inline uint32_t r32(fx *f, uint64_t va)
{
    uint32_t v;
    rmem(f, va, &v, 4);
    return v;
}

static int fx_setup(void **state)
{
    fx *f = calloc(1, sizeof(*f));
    f->mem = gt_mem_create();
    f->dev.mem = f->mem;
    f->dev.cfg.log = fopen("/dev/null", "w");
    f->next_pa = 0x100000;
    gt_vm_init(&f->vm, GT_VM_PPGTT48, f->mem, NULL, 0x1000);
    map_page(f, SSB);
    for (unsigned i = 0; i < 4; i++) {
        map_page(f, RT0 + 0x1000 * i);
        map_page(f, ZBUF + 0x1000 * i);
        map_page(f, SBUF + 0x1000 * i);
    }
    gt_vm_flush(&f->vm);
    f->disp.vm = &f->vm;
    f->disp.surface_state_base = SSB;
    f->disp.binding_table = SSB + BT_OFF;
    f->t = aligned_alloc(64, sizeof(gt_thread));
    memset(f->t, 0, sizeof(gt_thread));
    f->t->disp = &f->disp;
    *state = f;
    return 0;
}

static int fx_teardown(void **state)
{
    fx *f = *state;
    fclose(f->dev.cfg.log);
    gt_mem_destroy(f->mem);
    free(f->t);
    free(f);
    return 0;
}

static inline float u2f(uint32_t u)
{
    float v;
    memcpy(&v, &u, 4);
    return v;
}
static inline uint32_t f2u(float v)
{
    uint32_t u;
    memcpy(&u, &v, 4);
    return u;
}

/* A backend state with nothing enabled: no depth/stencil buffers, blending
 * off, 1 sample, viewport depth range [0, 1]. */
static inline void state_init(gt3d_backend_state *s)
{
    memset(s, 0, sizeof(*s));
    s->depth.surface_type = GT3D_SURFTYPE_NULL;
    s->stencil.surface_type = GT3D_SURFTYPE_NULL;
    s->samples = 1;
    s->sample_mask = 0xffff;
    for (int i = 0; i < GT3D_MAX_VIEWPORTS; i++)
        s->vp_max_depth[i] = 1.0f;
    for (int i = 0; i < GT3D_MAX_RT; i++) {
        s->rt[i].src_color = s->rt[i].src_alpha = GT3D_BF_ONE;
        s->rt[i].dst_color = s->rt[i].dst_alpha = GT3D_BF_ZERO;
    }
}

#endif
