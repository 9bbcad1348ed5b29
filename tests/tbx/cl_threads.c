/*
 * OpenCL client stress for the TBX server: several host threads build
 * programs, create queues and buffers and run kernels at the same time,
 * while another thread unloads the platform compiler over and over; an
 * optional mode sleeps on the host between enqueues.  Written for gtsim's
 * tests (OpenCL 1.2 API only); self-checking.
 *
 *   cl_threads threads N SECONDS   N threads, each until SECONDS have passed:
 *                                  build a fresh program (a constant unique to
 *                                  the thread and round), run it on 64 work
 *                                  items, read back, check; plus one thread
 *                                  calling clUnloadPlatformCompiler
 *   cl_threads sleepy N MS         one queue; N rounds of enqueue kernel,
 *                                  sleep MS on the host, blocking read, check
 *   cl_threads hang                enqueue a kernel that never ends, then wait
 *                                  for it (for signal / kill tests; prints
 *                                  "ENQUEUED hang" once it is submitted)
 * Prints "PASS cl_threads <mode>" and exits 0 when every result is right.
 */
#define _POSIX_C_SOURCE 200809L
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define ITEMS 64

static cl_platform_id plat;
static cl_device_id dev;
static cl_context ctx;
static double deadline;
static int failures;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void fail(const char *what, int tid, int round, cl_int err)
{
    pthread_mutex_lock(&lock);
    failures++;
    fprintf(stderr, "cl_threads: thread %d round %d: %s (error %d)\n", tid, round, what, (int)err);
    pthread_mutex_unlock(&lock);
}

/* One round: out[i] = i * a + b with a, b unique to (tid, round), so a
 * stale program binary or another thread's result cannot pass. */
static int run_round(cl_command_queue q, int tid, int round)
{
    char src[512];
    unsigned a = 3u + (unsigned)tid, b = 1000u * (unsigned)tid + (unsigned)round;
    snprintf(src, sizeof(src),
             "__kernel void k(__global uint *out) { uint i = get_global_id(0); out[i] = i * %uu + %uu; }\n", a,
             b);
    const char *s = src;
    cl_int err;
    cl_program p = clCreateProgramWithSource(ctx, 1, &s, NULL, &err);
    if (err)
        return fail("clCreateProgramWithSource", tid, round, err), -1;
    err = clBuildProgram(p, 1, &dev, "", NULL, NULL);
    if (err) {
        clReleaseProgram(p);
        return fail("clBuildProgram", tid, round, err), -1;
    }
    cl_kernel k = clCreateKernel(p, "k", &err);
    cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE, ITEMS * sizeof(cl_uint), NULL, &err);
    int rc = -1;
    if (!k || !m) {
        fail("clCreateKernel / clCreateBuffer", tid, round, err);
        goto out;
    }
    size_t gws = ITEMS;
    cl_uint got[ITEMS];
    memset(got, 0xa5, sizeof(got));
    if ((err = clSetKernelArg(k, 0, sizeof(m), &m)) ||
        (err = clEnqueueNDRangeKernel(q, k, 1, NULL, &gws, NULL, 0, NULL, NULL)) ||
        (err = clEnqueueReadBuffer(q, m, CL_TRUE, 0, sizeof(got), got, 0, NULL, NULL))) {
        fail("enqueue", tid, round, err);
        goto out;
    }
    for (unsigned i = 0; i < ITEMS; i++)
        if (got[i] != i * a + b) {
            pthread_mutex_lock(&lock);
            fprintf(stderr, "cl_threads: thread %d round %d: out[%u] = %u, expected %u\n", tid, round, i, got[i],
                    i * a + b);
            failures++;
            pthread_mutex_unlock(&lock);
            goto out;
        }
    rc = 0;
out:
    if (m)
        clReleaseMemObject(m);
    if (k)
        clReleaseKernel(k);
    clReleaseProgram(p);
    return rc;
}

struct worker {
    int tid, rounds;
    pthread_t th;
};

static void *builder(void *arg)
{
    struct worker *w = arg;
    cl_int err;
    cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &err);
    if (!q) {
        fail("clCreateCommandQueue", w->tid, 0, err);
        return NULL;
    }
    /* At least one round each, however slow the host. */
    do {
        if (run_round(q, w->tid, w->rounds))
            break;
        w->rounds++;
    } while (now() < deadline);
    clReleaseCommandQueue(q);
    return NULL;
}

static void *unloader(void *arg)
{
    int *count = arg;
    while (now() < deadline) {
        cl_int err = clUnloadPlatformCompiler(plat);
        if (err) {
            fail("clUnloadPlatformCompiler", -1, *count, err);
            break;
        }
        ++*count;
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
    }
    return NULL;
}

static int mode_threads(int n, double secs)
{
    struct worker w[32];
    if (n < 1 || n > 32)
        return fprintf(stderr, "cl_threads: 1 to 32 threads\n"), 2;
    deadline = now() + secs;
    int unloads = 0;
    pthread_t ut;
    pthread_create(&ut, NULL, unloader, &unloads);
    for (int i = 0; i < n; i++) {
        w[i] = (struct worker){.tid = i};
        pthread_create(&w[i].th, NULL, builder, &w[i]);
    }
    int rounds = 0;
    for (int i = 0; i < n; i++) {
        pthread_join(w[i].th, NULL);
        rounds += w[i].rounds;
    }
    pthread_join(ut, NULL);
    printf("cl_threads: %d threads, %d rounds, %d compiler unloads\n", n, rounds, unloads);
    return failures == 0 && rounds >= n ? 0 : 1;
}

static int mode_sleepy(int n, long ms)
{
    cl_int err;
    cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &err);
    if (!q)
        return fail("clCreateCommandQueue", 0, 0, err), 1;
    for (int r = 0; r < n; r++) {
        /* Enqueue, then leave the runtime alone on the host for a while
         * (a host computation), then take the result. */
        const char *s = "__kernel void k(__global uint *out, uint a) { uint i = get_global_id(0); out[i] = i ^ a; }";
        cl_program p = clCreateProgramWithSource(ctx, 1, &s, NULL, &err);
        if (err || (err = clBuildProgram(p, 1, &dev, "", NULL, NULL)))
            return fail("build", 0, r, err), 1;
        cl_kernel k = clCreateKernel(p, "k", &err);
        cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE, ITEMS * sizeof(cl_uint), NULL, &err);
        cl_uint a = 0x5a5a0000u + (cl_uint)r, got[ITEMS];
        size_t gws = ITEMS;
        if ((err = clSetKernelArg(k, 0, sizeof(m), &m)) || (err = clSetKernelArg(k, 1, sizeof(a), &a)) ||
            (err = clEnqueueNDRangeKernel(q, k, 1, NULL, &gws, NULL, 0, NULL, NULL)) || (err = clFlush(q)))
            return fail("enqueue", 0, r, err), 1;
        struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
        nanosleep(&ts, NULL);
        if ((err = clEnqueueReadBuffer(q, m, CL_TRUE, 0, sizeof(got), got, 0, NULL, NULL)))
            return fail("read", 0, r, err), 1;
        for (unsigned i = 0; i < ITEMS; i++)
            if (got[i] != (i ^ a)) {
                fprintf(stderr, "cl_threads: round %d: out[%u] = 0x%x, expected 0x%x\n", r, i, got[i], i ^ a);
                return 1;
            }
        clReleaseMemObject(m);
        clReleaseKernel(k);
        clReleaseProgram(p);
        nanosleep(&ts, NULL); /* idle between rounds too */
    }
    clReleaseCommandQueue(q);
    return 0;
}

static int mode_hang(void)
{
    cl_int err;
    cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &err);
    /* The loop bound comes from memory the host set to 0: the compiler
     * cannot prove the loop ends. */
    const char *s = "__kernel void k(__global volatile uint *flag) {\n"
                    "  uint n = 0;\n"
                    "  while (flag[0] == 0) n++;\n"
                    "  flag[1] = n;\n"
                    "}\n";
    cl_program p = clCreateProgramWithSource(ctx, 1, &s, NULL, &err);
    if (err || (err = clBuildProgram(p, 1, &dev, "", NULL, NULL)))
        return fail("build", 0, 0, err), 1;
    cl_kernel k = clCreateKernel(p, "k", &err);
    cl_uint zero[2] = {0, 0};
    cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof(zero), zero, &err);
    size_t gws = 1;
    if ((err = clSetKernelArg(k, 0, sizeof(m), &m)) ||
        (err = clEnqueueNDRangeKernel(q, k, 1, NULL, &gws, NULL, 0, NULL, NULL)) || (err = clFlush(q)))
        return fail("enqueue", 0, 0, err), 1;
    printf("ENQUEUED hang\n");
    fflush(stdout);
    clFinish(q);
    printf("cl_threads: the endless kernel ended\n");
    return 1;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return fprintf(stderr, "usage: cl_threads threads N SECONDS | sleepy N MS | hang\n"), 2;
    cl_uint np = 0;
    cl_platform_id ps[16];
    clGetPlatformIDs(16, ps, &np);
    for (cl_uint i = 0; i < np && !dev; i++)
        if (clGetDeviceIDs(ps[i], CL_DEVICE_TYPE_GPU, 1, &dev, NULL) == CL_SUCCESS)
            plat = ps[i];
    if (!dev)
        return fprintf(stderr, "cl_threads: no OpenCL GPU device\n"), 2;
    cl_int err;
    ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    if (!ctx)
        return fprintf(stderr, "cl_threads: clCreateContext: %d\n", (int)err), 2;
    int rc;
    if (!strcmp(argv[1], "threads") && argc == 4)
        rc = mode_threads(atoi(argv[2]), atof(argv[3]));
    else if (!strcmp(argv[1], "sleepy") && argc == 4)
        rc = mode_sleepy(atoi(argv[2]), atol(argv[3]));
    else if (!strcmp(argv[1], "hang"))
        rc = mode_hang();
    else
        return fprintf(stderr, "cl_threads: bad arguments\n"), 2;
    clReleaseContext(ctx);
    if (rc == 0)
        printf("PASS cl_threads %s\n", argv[1]);
    return rc;
}
