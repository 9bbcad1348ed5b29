#include "harness.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

/* The platform of the device and iga64's -p for it (tests/euexec12
 * compiles this harness for tgllp / -p=12p1). */
#ifndef H_PLATFORM
#define H_PLATFORM "skl"
#endif
#ifndef H_IGA_PLATFORM
#define H_IGA_PLATFORM "9"
#endif

void h_init(harness *h)
{
    memset(h, 0, sizeof(*h));
    gtsim_device *dev = calloc(1, sizeof(*dev));
    assert_non_null(dev);
    dev->plat = gt_platform_find(H_PLATFORM);
    assert_non_null(dev->plat);
    dev->mem = gt_mem_create();
    dev->gsm = gt_mem_create();
    dev->cfg.log = fopen("/dev/null", "w");
    /* identity-map the first 16 MiB of the GGTT */
    for (uint64_t pg = 0; pg < 4096; pg++) {
        uint64_t pte = (pg << 12) | 1;
        gt_mem_write(dev->gsm, pg * 8, &pte, 8);
    }
    gt_vm_init(&dev->ggtt, GT_VM_GGTT, dev->mem, dev->gsm, 0);
    h->dev = dev;
    h->disp.vm = &dev->ggtt;
    h->disp.instruction_base = 0;
    h->t = aligned_alloc(64, sizeof(gt_thread));
    assert_non_null(h->t);
}

void h_fini(harness *h)
{
    gt_kcache_destroy(h->dev->kcache);
    gt_mem_destroy(h->dev->mem);
    gt_mem_destroy(h->dev->gsm);
    if (h->dev->cfg.log)
        fclose(h->dev->cfg.log);
    free(h->dev);
    free(h->t);
}

size_t h_assemble(const char *asm_text, uint8_t *code, size_t cap)
{
    char src[] = "/tmp/euexec_XXXXXX";
    int fd = mkstemp(src);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs(asm_text, f);
    fclose(f);
    char bin[64], cmd[256];
    snprintf(bin, sizeof(bin), "%s.bin", src);
    snprintf(cmd, sizeof(cmd), "iga64 -p=" H_IGA_PLATFORM " -a %s -o %s", src, bin);
    int rc = system(cmd);
    if (rc != 0)
        fprintf(stderr, "iga64 failed (rc %d) on:\n%s\n", rc, asm_text);
    assert_int_equal(rc, 0);
    FILE *b = fopen(bin, "rb");
    assert_non_null(b);
    size_t n = fread(code, 1, cap, b);
    fclose(b);
    unlink(src);
    unlink(bin);
    assert_true(n > 0);
    return n;
}

void h_load_raw(harness *h, const uint8_t *code, size_t n)
{
    gt_mem_write(h->dev->mem, KERNEL_GVA, code, n);
    /* new code at the same address: drop decoded instructions */
    gt_kcache_flush(h->dev->kcache);
}

size_t h_load(harness *h, const char *asm_text)
{
    static uint8_t code[65536];
    size_t n = h_assemble(asm_text, code, sizeof code);
    h_load_raw(h, code, n);
    return n;
}

void h_thread(harness *h, uint32_t dmask)
{
    memset(h->t, 0, sizeof(*h->t));
    h->t->dispatch_mask = dmask;
    h->t->exec_mask = dmask;
    h->t->ce = dmask; /* as every dispatcher sets it (the channel enable register) */
    h->t->disp = &h->disp;
    h->t->kernel_gva = KERNEL_GVA;
    h->t->simd = 16;
}

int h_run(harness *h)
{
    return gt_eu_run(h->dev, h->t);
}

void h_run_ok(harness *h)
{
    int st = h_run(h);
    if (st)
        fprintf(stderr, "run error: %s\n", h->dev->err);
    assert_int_equal(st, GTSIM_OK);
    assert_int_equal(h->t->state, GT_THREAD_BLOCKED);
}
