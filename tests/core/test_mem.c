/* Sparse physical memory and GGTT / 4-level PPGTT translation (src/mem.c).
 * Page tables are built by hand from the Gen8+ PTE format (bit 0 present,
 * bits 47:12 address, bit 7 PS for 2M/1G pages). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "mem.h"

static void put64(gt_mem *m, uint64_t pa, uint64_t v)
{
    assert_int_equal(gt_mem_write(m, pa, &v, 8), 0);
}

static void sparse_memory(void **state)
{
    (void)state;
    gt_mem *m = gt_mem_create();
    uint8_t buf[8192];
    /* Unwritten memory reads as zero and allocates nothing. */
    memset(buf, 0xaa, sizeof(buf));
    gt_mem_read(m, 0x123456789000ull, buf, sizeof(buf));
    for (size_t i = 0; i < sizeof(buf); i++)
        assert_int_equal(buf[i], 0);
    assert_int_equal(gt_mem_page_count(m), 0);
    /* A write that straddles a page boundary touches two pages. */
    for (size_t i = 0; i < 100; i++)
        buf[i] = (uint8_t)i;
    gt_mem_write(m, 0x7fffffffffc0ull, buf, 100);
    assert_int_equal(gt_mem_page_count(m), 2);
    uint8_t back[100];
    gt_mem_read(m, 0x7fffffffffc0ull, back, 100);
    assert_memory_equal(back, buf, 100);
    /* Many pages: the hash grows and keeps every page. */
    for (uint64_t i = 0; i < 5000; i++)
        put64(m, i * 0x10000000ull, i * 3 + 1);
    for (uint64_t i = 0; i < 5000; i++) {
        uint64_t v;
        gt_mem_read(m, i * 0x10000000ull, &v, 8);
        assert_int_equal(v, i * 3 + 1);
    }
    gt_mem_destroy(m);
}

static void ppgtt_walk(void **state)
{
    (void)state;
    gt_mem *m = gt_mem_create();
    const uint64_t pml4 = 0x100000, pdp = 0x101000, pd = 0x102000, pt = 0x103000;
    const uint64_t va = 0x00007f1234567000ull; /* PML4 254, PDP 72, PD 418, PT 359 */
    assert_int_equal((va >> 39) & 511, 254);
    put64(m, pml4 + 254 * 8, pdp | 3);
    put64(m, pdp + ((va >> 30) & 511) * 8, pd | 3);
    put64(m, pd + ((va >> 21) & 511) * 8, pt | 3);
    put64(m, pt + ((va >> 12) & 511) * 8, 0x5555000ull | 3);
    /* A 2 MiB page through PD entry 0 of the same PDP (PS bit 7). */
    const uint64_t va2m = (va & ~((1ull << 30) - 1)) | (0ull << 21);
    put64(m, pd + 0 * 8, 0x40000000ull | 0x83);
    gt_vm vm;
    gt_vm_init(&vm, GT_VM_PPGTT48, m, NULL, pml4);
    uint64_t pa;
    assert_int_equal(gt_vm_translate(&vm, va + 0x123, &pa), 0);
    assert_int_equal(pa, 0x5555123ull);
    assert_int_equal(gt_vm_translate(&vm, va2m + 0x1abcde, &pa), 0);
    assert_int_equal(pa, 0x40000000ull + 0x1abcde);
    /* Unmapped: next page, and another PML4 slot; the fault report names
     * the entry the walk stopped at and its physical address. */
    assert_int_equal(gt_vm_translate(&vm, va + 0x1000, &pa), -1);
    assert_int_equal(gt_vm_translate(&vm, 0x1000, &pa), -1);
    char why[96], want[96];
    gt_vm_fault_why(&vm, va + 0x1000, why, sizeof(why));
    snprintf(want, sizeof(want), "PTE 0x0 at PA 0x%llx not present",
             (unsigned long long)(pt + (((va + 0x1000) >> 12) & 511) * 8));
    assert_string_equal(why, want);
    gt_vm_fault_why(&vm, 0x1000, why, sizeof(why));
    snprintf(want, sizeof(want), "PML4E 0x0 at PA 0x%llx not present", (unsigned long long)pml4);
    assert_string_equal(why, want);
    gt_vm_fault_why(&vm, (va & ~((1ull << 30) - 1)) | (5ull << 21), why, sizeof(why));
    snprintf(want, sizeof(want), "PDE 0x0 at PA 0x%llx not present", (unsigned long long)(pd + 5 * 8));
    assert_string_equal(why, want);
    /* Writes through the vm land at the physical page; a write crossing
     * into an unmapped page reports the faulting page. */
    uint32_t v = 0xdeadbeef, r = 0;
    assert_int_equal(gt_vm_write(&vm, va + 0x10, &v, 4, NULL), 0);
    gt_mem_read(m, 0x5555010, &r, 4);
    assert_int_equal(r, 0xdeadbeef);
    uint8_t big[64] = {0};
    uint64_t fault = 0;
    assert_int_equal(gt_vm_write(&vm, va + 0xfe0, big, sizeof(big), &fault), -1);
    assert_int_equal(fault, va + 0x1000);
    /* After changing a PTE, a flush makes the TLB see it. */
    assert_non_null(gt_vm_ptr(&vm, va));
    put64(m, pt + ((va >> 12) & 511) * 8, 0);
    gt_vm_flush(&vm);
    assert_null(gt_vm_ptr(&vm, va));
    gt_mem_destroy(m);
}

static void ggtt(void **state)
{
    (void)state;
    gt_mem *m = gt_mem_create(), *gsm = gt_mem_create();
    /* GGTT entry 6 maps graphics address 0x6000 to physical 0x9000. */
    put64(gsm, 6 * 8, 0x9000 | 1);
    gt_vm vm;
    gt_vm_init(&vm, GT_VM_GGTT, m, gsm, 0);
    uint64_t pa;
    assert_int_equal(gt_vm_translate(&vm, 0x6010, &pa), 0);
    assert_int_equal(pa, 0x9010);
    assert_int_equal(gt_vm_translate(&vm, 0x7000, &pa), -1);
    gt_mem_destroy(m);
    gt_mem_destroy(gsm);
}

/* Local memory (DG1 format): page tables are read from local memory; a
 * leaf entry with its LM bit (GGTT bit 1, PPGTT bit 11) names local memory
 * (plain physical address), without it system memory (GT_PA_SYSMEM);
 * 2 MiB pages too.  Without LM bits (Gen8 format) the bit means nothing. */
static void local_memory(void **state)
{
    (void)state;
    static const gt_gtt_format dg1 = {.pte_bytes = 8, .addr_mask = 0x0000FFFFFFFFF000ull,
                                      .ggtt_lm_bit = 1, .ppgtt_lm_bit = 11};
    gt_mem *m = gt_mem_create(), *gsm = gt_mem_create();
    const uint64_t pml4 = 0x100000, pdp = 0x101000, pd = 0x102000, pt = 0x103000;
    const uint64_t va = 0x0000555555554000ull;
    put64(m, pml4 + ((va >> 39) & 511) * 8, pdp | 3);
    put64(m, pdp + ((va >> 30) & 511) * 8, pd | 3);
    put64(m, pd + ((va >> 21) & 511) * 8, pt | 3);
    put64(m, pt + ((va >> 12) & 511) * 8, 0x6000 | 0x800 | 3);         /* local */
    put64(m, pt + (((va >> 12) + 1) & 511) * 8, 0x6000 | 3);           /* system */
    put64(m, pd + (((va >> 21) + 1) & 511) * 8, 0x40000000ull | 0x83); /* 2 MiB, system */
    put64(gsm, 6 * 8, 0x9000 | 3); /* GGTT local */
    put64(gsm, 7 * 8, 0x9000 | 1); /* GGTT system */
    gt_vm vm, g;
    gt_vm_init(&vm, GT_VM_PPGTT48, m, NULL, pml4);
    gt_vm_init(&g, GT_VM_GGTT, m, gsm, 0);
    vm.fmt = g.fmt = &dg1;
    uint64_t pa;
    assert_int_equal(gt_vm_translate(&vm, va + 0x10, &pa), 0);
    assert_int_equal(pa, 0x6010);
    assert_int_equal(gt_vm_translate(&vm, va + 0x1010, &pa), 0);
    assert_int_equal(pa, GT_PA_SYSMEM | 0x6010);
    const uint64_t va2m = ((va >> 21) + 1) << 21;
    assert_int_equal(gt_vm_translate(&vm, va2m + 0x12345, &pa), 0);
    assert_int_equal(pa, GT_PA_SYSMEM | 0x40012345ull);
    assert_int_equal(gt_vm_translate(&g, 0x6004, &pa), 0);
    assert_int_equal(pa, 0x9004);
    assert_int_equal(gt_vm_translate(&g, 0x7004, &pa), 0);
    assert_int_equal(pa, GT_PA_SYSMEM | 0x9004);
    /* the two spaces hold different bytes at the same address */
    uint32_t a = 0x1111, b = 0x2222, r = 0;
    assert_int_equal(gt_vm_write(&vm, va, &a, 4, NULL), 0);
    assert_int_equal(gt_vm_write(&vm, va + 0x1000, &b, 4, NULL), 0);
    gt_mem_read(m, 0x6000, &r, 4);
    assert_int_equal(r, 0x1111);
    gt_mem_read(m, GT_PA_SYSMEM | 0x6000, &r, 4);
    assert_int_equal(r, 0x2222);
    /* the Gen8 format: bit 11 and GGTT bit 1 are not address bits */
    vm.fmt = g.fmt = &gt_gtt_gen8;
    gt_vm_flush(&vm);
    gt_vm_flush(&g);
    assert_int_equal(gt_vm_translate(&vm, va + 0x1010, &pa), 0);
    assert_int_equal(pa, 0x6010);
    assert_int_equal(gt_vm_translate(&vm, va + 0x10, &pa), 0);
    assert_int_equal(pa, 0x6010);
    assert_int_equal(gt_vm_translate(&g, 0x7004, &pa), 0);
    assert_int_equal(pa, 0x9004);
    gt_mem_destroy(m);
    gt_mem_destroy(gsm);
}

/* The host-memory budget: pages and hash tables counted (4 KiB per page,
 * 16 bytes per table slot: the table starts at 64 slots and doubles at
 * half load), an allocation past the limit refused and reported with its
 * address, what was held given back on destroy; a translation that fails
 * for host memory is told apart from an unmapped page. */
static void host_budget(void **state)
{
    (void)state;
    gt_mem_budget b = {.limit = UINT64_MAX};
    gt_mem *m = gt_mem_create();
    gt_mem_set_budget(m, &b);
    assert_int_equal(b.used, 64 * 16);
    for (uint64_t i = 0; i < 600; i++)
        put64(m, i << 12, i);
    /* 600 pages; the table grew to 2048 slots at the 512th */
    assert_int_equal(b.used, 600 * 4096 + 2048 * 16);
    b.limit = b.used + 4096;          /* room for exactly one more page */
    put64(m, 1000ull << 12, 1);
    assert_int_equal(gt_mem_failure(m, NULL), GT_MEM_FAIL_NONE);
    uint64_t v = 7, pa = 0;
    assert_int_equal(gt_mem_write(m, 1001ull << 12 | 8, &v, 8), -1);
    assert_int_equal(gt_mem_failure(m, &pa), GT_MEM_FAIL_LIMIT);
    assert_int_equal(pa, 1001ull << 12 | 8);
    assert_int_equal(b.used, b.limit);
    gt_mem_clear_failure(m);
    assert_int_equal(gt_mem_failure(m, NULL), GT_MEM_FAIL_NONE);
    /* existing pages stay writable at the limit */
    put64(m, 5ull << 12, 9);

    /* GGTT maps ggtt page 0x10 to the unwritten physical page 0x2000 (no
     * room for it) and nothing at 0x11 */
    gt_mem_budget gb = {.limit = UINT64_MAX};
    gt_mem *gsm = gt_mem_create();
    gt_mem_set_budget(gsm, &gb);
    put64(gsm, 0x10 * 8, 0x2000000ull | 1);
    gt_vm vm;
    gt_vm_init(&vm, GT_VM_GGTT, m, gsm, 0);
    uint64_t fault = 0, used = b.used;
    uint32_t d = 5;
    /* reading never-written memory allocates nothing: zeros */
    assert_int_equal(gt_vm_read(&vm, 0x10004, &d, 4, &fault), 0);
    assert_int_equal(d, 0);
    assert_int_equal(b.used, used);
    assert_int_equal(gt_vm_write(&vm, 0x10004, &d, 4, &fault), -1);
    assert_int_equal(vm.host_fail, 1);
    assert_int_equal(vm.fail_pa, 0x2000004);
    assert_int_equal(fault, 0x10004);
    assert_int_equal(gt_vm_write(&vm, 0x11000, &d, 4, &fault), -1);
    assert_int_equal(vm.host_fail, 0);
    assert_int_equal(gt_vm_read(&vm, 0x11000, &d, 4, &fault), -1);
    gt_mem_destroy(m);
    assert_int_equal(b.used, 0);
    gt_mem_destroy(gsm);
    assert_int_equal(gb.used, 0);
}

/* gt_mem_map_host: pages that are the caller's memory, read and written
 * in place, outside the budget, never freed; unmapping (backward-shift
 * deletion) keeps every other page reachable. */
static void host_pages(void **state)
{
    (void)state;
    enum { NOWN = 300, NHOST = 400 };
    gt_mem_budget b = {.limit = UINT64_MAX};
    gt_mem *m = gt_mem_create();
    gt_mem_set_budget(m, &b);
    for (uint64_t i = 0; i < NOWN; i++)
        put64(m, i << 12, 0x1000 + i);
    uint64_t owned = b.used;
    uint8_t *host = aligned_alloc(4096, (size_t)NHOST * 4096);
    assert_non_null(host);
    memset(host, 0, (size_t)NHOST * 4096);
    /* host page k at pa (1000 + k) for k < 350; the last 50 over owned pages 250..299 */
    for (uint64_t k = 0; k < NHOST; k++) {
        uint64_t pa = (k < 350 ? 1000 + k : 250 + (k - 350)) << 12;
        *(uint64_t *)(host + k * 4096 + 8) = 0x40057000 + k;
        assert_int_equal(gt_mem_map_host(m, pa, host + k * 4096), 0);
    }
    assert_int_equal(gt_mem_page_count(m), NOWN + 350);
    /* the 50 owned pages replaced went back to the budget; the table grew once (1024 -> 2048) */
    assert_int_equal(b.used, owned - 50 * 4096 + 1024 * 16);
    uint64_t v;
    gt_mem_read(m, (1000ull + 7) << 12 | 8, &v, 8);
    assert_int_equal(v, 0x40057000 + 7);
    gt_mem_read(m, 260ull << 12 | 8, &v, 8);
    assert_int_equal(v, 0x40057000 + 360);
    v = 0xfeed;
    assert_int_equal(gt_mem_write(m, (1000ull + 9) << 12 | 16, &v, 8), 0); /* in place */
    assert_int_equal(*(uint64_t *)(host + 9 * 4096 + 16), 0xfeed);
    gt_vm vm;
    gt_mem *gsm = gt_mem_create();
    put64(gsm, 0x20 * 8, (1000ull + 11) << 12 | 1);
    gt_vm_init(&vm, GT_VM_GGTT, m, gsm, 0);
    assert_ptr_equal(gt_vm_ptr(&vm, 0x20010), host + 11 * 4096 + 0x10);
    /* unmap every other host page (and an owned page: left alone) */
    for (uint64_t k = 0; k < 350; k += 2)
        gt_mem_unmap_host(m, (1000 + k) << 12);
    gt_mem_unmap_host(m, 3ull << 12);
    assert_int_equal(gt_mem_page_count(m), NOWN + 175);
    for (uint64_t k = 0; k < 350; k++) {
        gt_mem_read(m, (1000 + k) << 12 | 8, &v, 8);
        assert_int_equal(v, k & 1 ? 0x40057000 + k : 0);
    }
    for (uint64_t i = 0; i < NOWN; i++) {
        gt_mem_read(m, i << 12, &v, 8);
        assert_int_equal(v, i < 250 ? 0x1000 + i : 0);
        gt_mem_read(m, i << 12 | 8, &v, 8);
        assert_int_equal(v, i < 250 ? 0 : 0x40057000 + 350 + (i - 250));
    }
    /* a written page after unmapping is gtsim's own again */
    v = 0x600d;
    assert_int_equal(gt_mem_write(m, 1000ull << 12, &v, 8), 0);
    assert_int_equal(*(uint64_t *)host, 0);
    /* random page numbers (long probe runs at the table's half load):
     * 1500 of them mapped onto the 16 first host pages (pages alias), every
     * third unmapped, each other one still found */
    uint64_t pn[1500], x = 0x9e3779b97f4a7c15ull;
    for (int i = 0; i < 1500; i++) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        pn[i] = 0x100000 + (x >> 40); /* above every page used so far */
        for (int j = 0; j < i; j++)
            if (pn[j] == pn[i])
                pn[i] = 0; /* a repeat: not used */
        if (pn[i])
            assert_int_equal(gt_mem_map_host(m, pn[i] << 12, host + (i % 16) * 4096), 0);
    }
    for (int i = 0; i < 1500; i += 3)
        if (pn[i])
            gt_mem_unmap_host(m, pn[i] << 12);
    for (int i = 0; i < 1500; i++)
        if (pn[i]) {
            gt_mem_read(m, pn[i] << 12 | 8, &v, 8);
            assert_int_equal(v, i % 3 == 0 ? 0 : 0x40057000 + (uint64_t)(i % 16));
        }
    gt_mem_destroy(m); /* frees none of the host pages (ASan: no bad free) */
    assert_int_equal(b.used, 0);
    assert_int_equal(*(uint64_t *)(host + 360 * 4096 + 8), 0x40057000 + 360);
    free(host);
    gt_mem_destroy(gsm);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sparse_memory),
        cmocka_unit_test(ppgtt_walk),
        cmocka_unit_test(ggtt),
        cmocka_unit_test(local_memory),
        cmocka_unit_test(host_budget),
        cmocka_unit_test(host_pages),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
