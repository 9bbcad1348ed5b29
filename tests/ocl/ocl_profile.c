/* ocl_profile: OpenCL event profiling (clGetEventProfilingInfo) on a queue
 * made with CL_QUEUE_PROFILING_ENABLE.  The runtime takes QUEUED and SUBMIT
 * from its CPU clock and START and END from GPU timestamps the command
 * stream writes (PIPE_CONTROL "Write Timestamp" and MI_STORE_REGISTER_MEM of
 * TIMESTAMP and CTX_TIMESTAMP), mapped onto the CPU clock through a
 * TIMESTAMP read (i915 REG_READ) at enqueue time.  So the simulated clock
 * must run at the platform's timestamp frequency in host time, and
 * CTX_TIMESTAMP must advance while a kernel runs.  Checked for a write, a
 * kernel of measurable length and a read, five times:
 * - QUEUED <= SUBMIT <= START <= END (OpenCL 3.0 clGetEventProfilingInfo:
 *   the four mark successive moments of the command's life);
 * - the kernel's END - START is more than zero and at most the host's wall
 *   time from before the enqueue to after clFinish (plus 1 ms for the
 *   clock conversions);
 * - every command's END - QUEUED is at most that wall time plus 1 ms.
 * (The OpenCL-CTS test_profiling found START = END and START < SUBMIT when
 * TIMESTAMP counted simulated work and CTX_TIMESTAMP was not modelled.) */
#include "oclt.h"

#include <time.h>

static const char *src =
    "__kernel void spin(__global uint *o, uint n) {\n"
    "    uint x = get_global_id(0);\n"
    "    for (uint i = 0; i < n; i++)\n"
    "        x = x * 1664525u + 1013904223u;\n"
    "    o[get_global_id(0)] = x;\n"
    "}\n";

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* The four profiling values of e; 0 when the runtime refused one. */
static int times_of(oclt_t *t, cl_event e, cl_ulong v[4])
{
    static const cl_profiling_info what[4] = {CL_PROFILING_COMMAND_QUEUED, CL_PROFILING_COMMAND_SUBMIT,
                                              CL_PROFILING_COMMAND_START, CL_PROFILING_COMMAND_END};
    for (int i = 0; i < 4; i++)
        OCLT_CHECK(t, clGetEventProfilingInfo(e, what[i], sizeof(cl_ulong), &v[i], NULL),
                   "clGetEventProfilingInfo");
    return 1;
}

int main(int argc, char **argv)
{
    oclt_t t;
    oclt_init(&t, "ocl_profile", argc, argv);
    cl_int err;
    cl_queue_properties props[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
    cl_command_queue q = clCreateCommandQueueWithProperties(t.ctx, t.dev, props, &err);
    OCLT_CHECK(&t, err, "clCreateCommandQueueWithProperties(PROFILING_ENABLE)");
    cl_program p = oclt_build_src(&t, src, "");
    cl_kernel k = oclt_kernel(&t, p, "spin");
    enum { N = 4096 };
    uint32_t n = 2000, *host = calloc(N, 4), *back = calloc(N, 4);
    if (!host || !back)
        return 2;
    cl_mem o = oclt_buf(&t, N * 4, NULL);
    oclt_arg_mem(&t, k, 0, o);
    oclt_arg(&t, k, 1, sizeof(n), &n);
    static const char *const names[3] = {"write", "kernel", "read"};
    int bad[3] = {0}, shown[3] = {0};
    for (int it = 0; it < 5; it++) {
        cl_event ev[3];
        size_t gws = N, lws = 64;
        uint64_t t0 = now_ns();
        OCLT_CHECK(&t, clEnqueueWriteBuffer(q, o, CL_FALSE, 0, N * 4, host, 0, NULL, &ev[0]), "write");
        OCLT_CHECK(&t, clEnqueueNDRangeKernel(q, k, 1, NULL, &gws, &lws, 0, NULL, &ev[1]), "kernel");
        OCLT_CHECK(&t, clEnqueueReadBuffer(q, o, CL_FALSE, 0, N * 4, back, 0, NULL, &ev[2]), "read");
        OCLT_CHECK(&t, clFinish(q), "clFinish");
        uint64_t wall = now_ns() - t0;
        for (int c = 0; c < 3; c++) {
            cl_ulong v[4];
            times_of(&t, ev[c], v);
            int ok = v[0] <= v[1] && v[1] <= v[2] && v[2] <= v[3] && v[3] - v[0] <= wall + 1000000;
            if (c == 1)
                ok = ok && v[3] > v[2] && v[3] - v[2] <= wall + 1000000;
            if (!ok) {
                bad[c]++;
                oclt_fail(&t, &shown[c],
                          "%s %d: queued %llu, submit +%lld ns, start +%lld ns, end +%lld ns (host wall time of "
                          "the three commands %llu ns)",
                          names[c], it, (unsigned long long)v[0], (long long)(v[1] - v[0]),
                          (long long)(v[2] - v[0]), (long long)(v[3] - v[0]), (unsigned long long)wall);
            }
            clReleaseEvent(ev[c]);
        }
    }
    /* the kernel's result: x_{i+1} = 1664525 x_i + 1013904223 from x_0 = id */
    int wrong = 0;
    for (uint32_t i = 0; i < N; i++) {
        uint32_t x = i;
        for (uint32_t j = 0; j < n; j++)
            x = x * 1664525u + 1013904223u;
        wrong += back[i] != x;
    }
    oclt_verdict(&t, !wrong, "spin kernel results: %d of %d wrong", wrong, N);
    for (int c = 0; c < 3; c++)
        oclt_verdict(&t, !bad[c],
                     "%s: queued <= submit <= start <= end within the host's wall time%s, 5 runs: %d wrong",
                     names[c], c == 1 ? ", end > start" : "", bad[c]);
    clReleaseMemObject(o);
    clReleaseCommandQueue(q);
    free(host);
    free(back);
    return oclt_finish(&t);
}
