/* corpus.h - shared helper for the gtsim capture-corpus OpenCL host programs.
 *
 * Each test program (tests/corpus/src/<name>.c) sets up the first GPU device,
 * builds its kernels from tests/corpus/src/<name>.cl (read at run time), puts
 * every input and output in coarse-grained SVM (clSVMAlloc: the GPU virtual
 * address equals the host pointer value), runs the kernels, computes the
 * expected outputs on the CPU and compares.
 *
 * Where the .cl file is found: argv[1] if given (a directory), otherwise the
 * the directory holding the executable (/proc/self/exe).
 *
 * The device is the first GPU device of any platform (GTSIM_CORPUS_DEVICE=cpu:
 * the first CPU device instead).
 *
 * Output: "PASS <name>" (exit 0) or "FAIL <name> (...)" (exit 1); setup errors
 * exit 2.  When GTSIM_CORPUS_OUT=<dir> is set (AUB capture: nothing runs, so
 * read-back is meaningless) the program also writes
 *   <dir>/expect.txt  one line per output buffer: dump 0x<gva-hex> <bytes> <file>
 *   <dir>/<file>      the expected bytes of that buffer (out0.bin, out1.bin, ...)
 *   <dir>/build.txt   one line per clBuildProgram: <file.cl> <build options>
 * and prints "CAPTURED <name>" (exit 0) instead of comparing.
 *
 * Header-only (static functions) so each test is a single `gcc x.c -lOpenCL`.
 */
#ifndef GTSIM_CORPUS_H
#define GTSIM_CORPUS_H

#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* readlink() under -std=c11 */
#endif
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CORPUS_MAX_OUT 40

typedef struct {
    void *gva;            /* SVM pointer == GPU virtual address */
    const void *expect;   /* CPU-computed expected bytes */
    size_t size;          /* bytes */
    char label[32];
} corpus_out_t;

typedef struct {
    const char *name;
    cl_platform_id plat;
    cl_device_id dev;
    cl_context ctx;
    cl_command_queue q;
    const char *outdir;   /* GTSIM_CORPUS_OUT, or NULL */
    char srcdir[4096];
    int fp64;             /* CL_DEVICE_DOUBLE_FP_CONFIG != 0 */
    int launches;
    int n_out;
    corpus_out_t out[CORPUS_MAX_OUT];
} corpus_t;

/* Deterministic pseudo-random 32-bit values (xorshift32; state must be != 0). */
static inline uint32_t corpus_rand(uint32_t *state)
{
    uint32_t x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *state = x;
}

static inline void corpus_die(const corpus_t *c, const char *what, cl_int err)
{
    fprintf(stderr, "%s: %s failed (OpenCL error %d)\n", c->name, what, (int)err);
    exit(2);
}

#define CORPUS_CHECK(c, err, what) \
    do { if ((err) != CL_SUCCESS) corpus_die((c), (what), (err)); } while (0)

static inline void corpus_init(corpus_t *c, const char *name, int argc, char **argv)
{
    memset(c, 0, sizeof(*c));
    c->name = name;
    c->outdir = getenv("GTSIM_CORPUS_OUT");
    if (c->outdir && !*c->outdir)
        c->outdir = NULL;

    if (argc > 1) {
        snprintf(c->srcdir, sizeof(c->srcdir), "%s", argv[1]);
    } else {
        ssize_t n = readlink("/proc/self/exe", c->srcdir, sizeof(c->srcdir) - 1);
        if (n > 0) {
            c->srcdir[n] = 0;
            char *slash = strrchr(c->srcdir, '/');
            if (slash)
                *slash = 0;
        } else {
            snprintf(c->srcdir, sizeof(c->srcdir), ".");
        }
    }

    cl_int err;
    cl_uint np = 0;
    cl_platform_id plats[8];
    err = clGetPlatformIDs(8, plats, &np);
    CORPUS_CHECK(c, err, "clGetPlatformIDs");
    /* GTSIM_CORPUS_DEVICE=cpu picks a CPU device instead (e.g. pocl, to check
     * the programs and their CPU references without any GPU). */
    const char *dt = getenv("GTSIM_CORPUS_DEVICE");
    cl_device_type want = (dt && !strcmp(dt, "cpu")) ? CL_DEVICE_TYPE_CPU : CL_DEVICE_TYPE_GPU;
    int found = 0;
    for (cl_uint i = 0; i < np && i < 8 && !found; i++) {
        if (clGetDeviceIDs(plats[i], want, 1, &c->dev, NULL) == CL_SUCCESS) {
            c->plat = plats[i];
            found = 1;
        }
    }
    if (!found)
        corpus_die(c, "finding a GPU device (clGetDeviceIDs)", CL_DEVICE_NOT_FOUND);

    cl_device_fp_config dcfg = 0;
    if (clGetDeviceInfo(c->dev, CL_DEVICE_DOUBLE_FP_CONFIG, sizeof(dcfg), &dcfg, NULL) == CL_SUCCESS)
        c->fp64 = dcfg != 0;

    c->ctx = clCreateContext(NULL, 1, &c->dev, NULL, NULL, &err);
    CORPUS_CHECK(c, err, "clCreateContext");
    c->q = clCreateCommandQueueWithProperties(c->ctx, c->dev, NULL, &err);
    CORPUS_CHECK(c, err, "clCreateCommandQueueWithProperties");

    if (c->outdir) {
        char path[4200];
        snprintf(path, sizeof(path), "%s/build.txt", c->outdir);
        FILE *f = fopen(path, "w");   /* truncate: one capture per run */
        if (!f) {
            perror(path);
            exit(2);
        }
        fclose(f);
    }
}

/* Reads <srcdir>/<file>; returns a malloc'd NUL-terminated string. */
static inline char *corpus_read_source(const corpus_t *c, const char *file)
{
    char path[4200];
    snprintf(path, sizeof(path), "%s/%s", c->srcdir, file);
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "%s: cannot open kernel source %s (pass its directory as argv[1])\n",
                c->name, path);
        exit(2);
    }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    if (!s || fread(s, 1, (size_t)n, f) != (size_t)n) {
        fprintf(stderr, "%s: cannot read %s\n", c->name, path);
        exit(2);
    }
    s[n] = 0;
    fclose(f);
    return s;
}

/* Builds <file> (a .cl in the source directory) with `options` (may be "");
 * prints the build log and exits on failure; records the build in build.txt. */
static inline cl_program corpus_build(corpus_t *c, const char *file, const char *options)
{
    cl_int err;
    char *src = corpus_read_source(c, file);
    const char *srcs[1] = { src };
    cl_program p = clCreateProgramWithSource(c->ctx, 1, srcs, NULL, &err);
    CORPUS_CHECK(c, err, "clCreateProgramWithSource");
    err = clBuildProgram(p, 1, &c->dev, options, NULL, NULL);
    if (err != CL_SUCCESS) {
        size_t n = 0;
        clGetProgramBuildInfo(p, c->dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &n);
        char *log = malloc(n + 1);
        if (log && clGetProgramBuildInfo(p, c->dev, CL_PROGRAM_BUILD_LOG, n, log, NULL) == CL_SUCCESS) {
            log[n] = 0;
            fprintf(stderr, "%s: build log for %s (%s):\n%s\n", c->name, file, options, log);
        }
        free(log);
        corpus_die(c, "clBuildProgram", err);
    }
    free(src);
    if (c->outdir) {
        char path[4200];
        snprintf(path, sizeof(path), "%s/build.txt", c->outdir);
        FILE *f = fopen(path, "a");
        if (!f) {
            perror(path);
            exit(2);
        }
        fprintf(f, "%s %s\n", file, options);
        fclose(f);
    }
    return p;
}

static inline cl_kernel corpus_kernel(corpus_t *c, cl_program p, const char *kname)
{
    cl_int err;
    cl_kernel k = clCreateKernel(p, kname, &err);
    CORPUS_CHECK(c, err, kname);
    return k;
}

/* Allocates `size` bytes of coarse-grained SVM and fills it on the host
 * (mapped for writing): with `init` if non-NULL, else with the 32-bit
 * pattern `fill` repeated.  Returns the pointer, which is also the GPU VA. */
static inline void *corpus_svm(corpus_t *c, size_t size, const void *init, uint32_t fill)
{
    cl_int err;
    void *p = clSVMAlloc(c->ctx, CL_MEM_READ_WRITE, size, 0);
    if (!p)
        corpus_die(c, "clSVMAlloc", CL_OUT_OF_RESOURCES);
    err = clEnqueueSVMMap(c->q, CL_TRUE, CL_MAP_WRITE_INVALIDATE_REGION, p, size, 0, NULL, NULL);
    CORPUS_CHECK(c, err, "clEnqueueSVMMap(write)");
    if (init) {
        memcpy(p, init, size);
    } else {
        uint8_t *b = p;
        for (size_t i = 0; i < size; i++)
            b[i] = (uint8_t)(fill >> (8 * (i & 3)));
    }
    err = clEnqueueSVMUnmap(c->q, p, 0, NULL, NULL);
    CORPUS_CHECK(c, err, "clEnqueueSVMUnmap");
    return p;
}

static inline void corpus_arg_svm(corpus_t *c, cl_kernel k, cl_uint idx, const void *p)
{
    CORPUS_CHECK(c, clSetKernelArgSVMPointer(k, idx, p), "clSetKernelArgSVMPointer");
}

static inline void corpus_arg(corpus_t *c, cl_kernel k, cl_uint idx, size_t size, const void *v)
{
    CORPUS_CHECK(c, clSetKernelArg(k, idx, size, v), "clSetKernelArg");
}

/* Enqueues a 1-D launch (lws may be 0: driver's choice). */
static inline void corpus_run1(corpus_t *c, cl_kernel k, size_t gws, size_t lws)
{
    cl_int err = clEnqueueNDRangeKernel(c->q, k, 1, NULL, &gws, lws ? &lws : NULL, 0, NULL, NULL);
    CORPUS_CHECK(c, err, "clEnqueueNDRangeKernel");
    c->launches++;
}

/* Enqueues a 2-D launch. */
static inline void corpus_run2(corpus_t *c, cl_kernel k, const size_t gws[2], const size_t lws[2])
{
    cl_int err = clEnqueueNDRangeKernel(c->q, k, 2, NULL, gws, lws, 0, NULL, NULL);
    CORPUS_CHECK(c, err, "clEnqueueNDRangeKernel");
    c->launches++;
}

/* Registers an output buffer (SVM pointer) and its expected bytes. */
static inline void corpus_expect(corpus_t *c, const char *label, void *gva, const void *expect, size_t size)
{
    if (c->n_out >= CORPUS_MAX_OUT) {
        fprintf(stderr, "%s: too many outputs\n", c->name);
        exit(2);
    }
    corpus_out_t *o = &c->out[c->n_out++];
    o->gva = gva;
    o->expect = expect;
    o->size = size;
    snprintf(o->label, sizeof(o->label), "%s", label);
}

static inline void corpus_write_file(const corpus_t *c, const char *file, const void *data, size_t size)
{
    char path[4200];
    snprintf(path, sizeof(path), "%s/%s", c->outdir, file);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0) {
        perror(path);
        exit(2);
    }
}

/* Waits for the queue, reads every output back, compares it with its
 * expected bytes, writes the capture files if GTSIM_CORPUS_OUT is set, and
 * prints the verdict.  Returns the process exit code. */
static inline int corpus_finish(corpus_t *c)
{
    CORPUS_CHECK(c, clFinish(c->q), "clFinish");
    FILE *ex = NULL;
    if (c->outdir) {
        char path[4200];
        snprintf(path, sizeof(path), "%s/expect.txt", c->outdir);
        ex = fopen(path, "w");
        if (!ex) {
            perror(path);
            exit(2);
        }
    }
    char why[256] = "";
    for (int i = 0; i < c->n_out; i++) {
        corpus_out_t *o = &c->out[i];
        cl_int err = clEnqueueSVMMap(c->q, CL_TRUE, CL_MAP_READ, o->gva, o->size, 0, NULL, NULL);
        CORPUS_CHECK(c, err, "clEnqueueSVMMap(read)");
        if (!why[0] && memcmp(o->gva, o->expect, o->size) != 0) {
            const uint8_t *g = o->gva, *e = o->expect;
            size_t at = 0;
            while (at < o->size && g[at] == e[at])
                at++;
            size_t w = at & ~(size_t)3;
            uint32_t gw = 0, ew = 0;
            memcpy(&gw, g + w, o->size - w >= 4 ? 4 : o->size - w);
            memcpy(&ew, e + w, o->size - w >= 4 ? 4 : o->size - w);
            snprintf(why, sizeof(why),
                     "%s first mismatch at byte 0x%zx: dword got 0x%08x expected 0x%08x",
                     o->label, at, gw, ew);
        }
        err = clEnqueueSVMUnmap(c->q, o->gva, 0, NULL, NULL);
        CORPUS_CHECK(c, err, "clEnqueueSVMUnmap");
        if (ex) {
            char file[64];
            snprintf(file, sizeof(file), "out%d.bin", i);
            fprintf(ex, "dump 0x%llx %zu %s\n", (unsigned long long)(uintptr_t)o->gva, o->size, file);
            corpus_write_file(c, file, o->expect, o->size);
        }
    }
    CORPUS_CHECK(c, clFinish(c->q), "clFinish");
    if (ex && fclose(ex) != 0) {
        perror("expect.txt");
        exit(2);
    }
    if (c->outdir) {
        printf("CAPTURED %s (%d launches, %d outputs)\n", c->name, c->launches, c->n_out);
        return 0;
    }
    if (why[0]) {
        printf("FAIL %s (%s)\n", c->name, why);
        return 1;
    }
    printf("PASS %s\n", c->name);
    return 0;
}

#endif /* GTSIM_CORPUS_H */
