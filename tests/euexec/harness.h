/* Test harness for the EU executor: a minimal device with a flat GGTT
 * (identity mapped), kernels assembled with iga64 -p=9 -a, threads created
 * directly. */
#ifndef EUEXEC_HARNESS_H
#define EUEXEC_HARNESS_H
#include <stdint.h>
#include "eu/eu.h"
#include "sf/sf.h"

#define KERNEL_GVA 0x100000ull

typedef struct harness {
    gtsim_device *dev;
    gt_dispatch disp;
    gt_thread *t;
} harness;

/* Create the device (aborts the test on failure). */
void h_init(harness *h);
void h_fini(harness *h);
/* Assemble IGA text with iga64 and load it at KERNEL_GVA; returns the size
 * in bytes (fails the test when iga64 fails). */
size_t h_load(harness *h, const char *asm_text);
/* Assemble IGA text with iga64 -p=H_IGA_PLATFORM (9 unless compiled otherwise) into code[0..cap); returns the size. */
size_t h_assemble(const char *asm_text, uint8_t *code, size_t cap);
/* Load machine code (e.g. assembled, then mutated) at KERNEL_GVA. */
void h_load_raw(harness *h, const uint8_t *code, size_t n);
/* Fresh thread: GRF zeroed, dispatch mask = exec mask = dmask. */
void h_thread(harness *h, uint32_t dmask);
/* Run; returns the gt_eu_run status. */
int h_run(harness *h);
/* Run and assert the thread ran to its final wait without error (prints
 * the device's report otherwise). */
void h_run_ok(harness *h);

static inline float *h_f(harness *h, int reg) { return (float *)(h->t->grf + reg * 32); }
static inline int32_t *h_d(harness *h, int reg) { return (int32_t *)(h->t->grf + reg * 32); }
static inline uint32_t *h_ud(harness *h, int reg) { return (uint32_t *)(h->t->grf + reg * 32); }
static inline uint16_t *h_uw(harness *h, int reg) { return (uint16_t *)(h->t->grf + reg * 32); }
static inline uint8_t *h_ub(harness *h, int reg) { return (uint8_t *)(h->t->grf + reg * 32); }
static inline double *h_df(harness *h, int reg) { return (double *)(h->t->grf + reg * 32); }
#endif
