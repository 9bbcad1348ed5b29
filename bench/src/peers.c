/* peers: one benchmark workload (bench/src/<name>.cl, the kernels the
 * captures use, same inputs) run through plain OpenCL buffers, for
 * bench/peers.sh to time on gtsim (`gtsim exec`), PoCL and oclgrind.
 *
 *   peers NAME [SRCDIR]     NAME: branchy nbody matmul256 reduce1m i64div
 *
 * Device: the first device of the first platform whose name contains
 * $PEERS_PLATFORM, or else the first GPU device.  Runs the workload once
 * (warm-up: compilation, first-touch), then times one more run: the
 * enqueues and clFinish.  Checks the outputs against the CPU references of
 * the capture programs (bench/src/<name>.c; nbody within 1e-4 relative,
 * since rsqrt's last bits differ between implementations) and prints
 *   TIME <name> <seconds> <platform name>
 * Exit 0 when the outputs match, 1 when not, 2 on setup errors. */
#define CL_TARGET_OPENCL_VERSION 120
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static uint32_t xs(uint32_t *s)
{
    uint32_t x = *s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *s = x;
}

static void die(const char *what, cl_int err)
{
    fprintf(stderr, "peers: %s failed (OpenCL error %d)\n", what, (int)err);
    exit(2);
}
#define CK(e, what) do { cl_int e_ = (e); if (e_ != CL_SUCCESS) die(what, e_); } while (0)

static cl_context ctx;
static cl_command_queue q;
static cl_device_id dev;
static cl_program prog;

static cl_mem buf(size_t size, const void *init)
{
    cl_int err;
    cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE | (init ? CL_MEM_COPY_HOST_PTR : 0), size,
                              (void *)init, &err);
    CK(err, "clCreateBuffer");
    return m;
}

static void rd(cl_mem m, void *out, size_t size)
{
    CK(clEnqueueReadBuffer(q, m, CL_TRUE, 0, size, out, 0, NULL, NULL), "clEnqueueReadBuffer");
}

static void run(cl_kernel k, cl_uint dims, const size_t *gws, const size_t *lws)
{
    CK(clEnqueueNDRangeKernel(q, k, dims, NULL, gws, lws, 0, NULL, NULL), "clEnqueueNDRangeKernel");
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* One warm-up enqueue of k, then one timed enqueue + clFinish: its seconds. */
static double timed_run(cl_kernel k, cl_uint dims, const size_t *gws, const size_t *lws)
{
    double secs = 0;
    for (int r = 0; r < 2; r++) {
        double t0 = now();
        run(k, dims, gws, lws);
        CK(clFinish(q), "clFinish");
        secs = now() - t0;
    }
    return secs;
}

static uint32_t rotl(uint32_t v, int s) { return (v << s) | (v >> (32 - s)); }

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: peers NAME [SRCDIR]\n");
        return 2;
    }
    const char *name = argv[1], *dir = argc > 2 ? argv[2] : "bench/src";
    /* device */
    cl_platform_id plats[8];
    cl_uint np = 0;
    CK(clGetPlatformIDs(8, plats, &np), "clGetPlatformIDs");
    const char *want = getenv("PEERS_PLATFORM");
    char pname[256] = "";
    int found = 0;
    for (cl_uint i = 0; i < np && i < 8 && !found; i++) {
        char n[256] = "";
        clGetPlatformInfo(plats[i], CL_PLATFORM_NAME, sizeof n, n, NULL);
        if (want && *want && !strstr(n, want))
            continue;
        cl_device_type ty = want && *want ? CL_DEVICE_TYPE_ALL : CL_DEVICE_TYPE_GPU;
        if (clGetDeviceIDs(plats[i], ty, 1, &dev, NULL) == CL_SUCCESS) {
            snprintf(pname, sizeof pname, "%s", n);
            found = 1;
        }
    }
    if (!found)
        die("finding a device", CL_DEVICE_NOT_FOUND);
    cl_int err;
    ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    CK(err, "clCreateContext");
    q = clCreateCommandQueue(ctx, dev, 0, &err);
    CK(err, "clCreateCommandQueue");
    /* program */
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.cl", dir, name);
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return 2;
    }
    static char src[1 << 16];
    size_t len = fread(src, 1, sizeof src - 1, f);
    fclose(f);
    src[len] = 0;
    const char *srcs[1] = {src};
    prog = clCreateProgramWithSource(ctx, 1, srcs, NULL, &err);
    CK(err, "clCreateProgramWithSource");
    if (clBuildProgram(prog, 1, &dev, "", NULL, NULL) != CL_SUCCESS) {
        static char log[1 << 16];
        clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        fprintf(stderr, "peers: build of %s failed:\n%s\n", path, log);
        return 2;
    }

    int ok = 1;
    double secs = 0;
    if (!strcmp(name, "branchy")) {
        enum { N = 65536, CAP = 400 };
        static uint32_t start[N], e[2 * N], got[2 * N];
        uint32_t st = 0x2468ace1;
        for (int i = 0; i < N; i++)
            start[i] = xs(&st) % 100000u + 1u;
        for (int i = 0; i < N; i++) {
            uint32_t v = start[i], h = 0, n = 0;
            while (v != 1 && n < CAP) {
                if (v & 1) {
                    v = 3 * v + 1;
                    h ^= rotl(v, 7);
                } else {
                    v >>= 1;
                    if ((v & 7) == 3) h += v; else h ^= v;
                }
                n++;
            }
            e[2 * i] = n;
            e[2 * i + 1] = h;
        }
        cl_kernel k = clCreateKernel(prog, "branchy", &err);
        CK(err, "clCreateKernel");
        cl_mem din = buf(sizeof start, start), dout = buf(sizeof e, NULL);
        CK(clSetKernelArg(k, 0, sizeof din, &din), "clSetKernelArg");
        CK(clSetKernelArg(k, 1, sizeof dout, &dout), "clSetKernelArg");
        size_t gws = N, lws = 256;
        secs = timed_run(k, 1, &gws, &lws);
        rd(dout, got, sizeof got);
        ok = !memcmp(got, e, sizeof e);
    } else if (!strcmp(name, "nbody")) {
        enum { N = 2048 };
        const float EPS = 0.01f, DT = 0.001f;
        static float pos[4 * N], ea[4 * N], ep[4 * N], ga[4 * N], gp[4 * N];
        uint32_t st = 0x7531abcd;
        for (int i = 0; i < N; i++) {
            for (int c = 0; c < 3; c++)
                pos[4 * i + c] = (float)((int)(xs(&st) % 2001) - 1000) / 64.0f;
            pos[4 * i + 3] = (float)(xs(&st) % 16 + 1) / 16.0f;
        }
        for (int i = 0; i < N; i++) {
            float px = pos[4 * i], py = pos[4 * i + 1], pz = pos[4 * i + 2], ax = 0, ay = 0, az = 0;
            for (int j = 0; j < N; j++) {
                float dx = pos[4 * j] - px, dy = pos[4 * j + 1] - py, dz = pos[4 * j + 2] - pz;
                float r2 = dx * dx + dy * dy;
                r2 = r2 + dz * dz;
                r2 = r2 + EPS;
                float inv = (float)(1.0 / sqrt((double)r2)), inv3 = inv * inv;
                inv3 = inv3 * inv;
                float s = pos[4 * j + 3] * inv3;
                ax = ax + dx * s; ay = ay + dy * s; az = az + dz * s;
            }
            ea[4 * i] = ax; ea[4 * i + 1] = ay; ea[4 * i + 2] = az; ea[4 * i + 3] = 0;
            ep[4 * i] = px + ax * DT; ep[4 * i + 1] = py + ay * DT; ep[4 * i + 2] = pz + az * DT;
            ep[4 * i + 3] = pos[4 * i + 3];
        }
        cl_kernel k = clCreateKernel(prog, "nbody", &err);
        CK(err, "clCreateKernel");
        cl_mem dpos = buf(sizeof pos, pos), dacc = buf(sizeof ea, NULL), dnew = buf(sizeof ep, NULL);
        int32_t n = N;
        CK(clSetKernelArg(k, 0, sizeof dpos, &dpos), "clSetKernelArg");
        CK(clSetKernelArg(k, 1, sizeof dacc, &dacc), "clSetKernelArg");
        CK(clSetKernelArg(k, 2, sizeof dnew, &dnew), "clSetKernelArg");
        CK(clSetKernelArg(k, 3, sizeof n, &n), "clSetKernelArg");
        size_t gws = N, lws = 128;
        secs = timed_run(k, 1, &gws, &lws);
        rd(dacc, ga, sizeof ga);
        rd(dnew, gp, sizeof gp);
        for (int i = 0; i < 4 * N && ok; i++)
            ok = fabsf(ga[i] - ea[i]) <= 1e-4f * fmaxf(1.0f, fabsf(ea[i])) &&
                 fabsf(gp[i] - ep[i]) <= 1e-4f * fmaxf(1.0f, fabsf(ep[i]));
    } else if (!strcmp(name, "matmul256")) {
        enum { M = 256 };
        static float a[M * M], b[M * M], e[M * M], got[M * M];
        uint32_t st = 0x0badf00d;
        for (int i = 0; i < M * M; i++) {
            a[i] = (float)((int)(xs(&st) % 9) - 4);
            b[i] = (float)((int)(xs(&st) % 9) - 4);
        }
        for (int r = 0; r < M; r++)
            for (int c = 0; c < M; c++) {
                float acc = 0;
                for (int kk = 0; kk < M; kk++)
                    acc += a[r * M + kk] * b[kk * M + c];
                e[r * M + c] = acc;
            }
        cl_kernel k = clCreateKernel(prog, "matmul_tiled", &err);
        CK(err, "clCreateKernel");
        cl_mem da = buf(sizeof a, a), db = buf(sizeof b, b), dc = buf(sizeof e, NULL);
        int32_t n = M;
        CK(clSetKernelArg(k, 0, sizeof da, &da), "clSetKernelArg");
        CK(clSetKernelArg(k, 1, sizeof db, &db), "clSetKernelArg");
        CK(clSetKernelArg(k, 2, sizeof dc, &dc), "clSetKernelArg");
        CK(clSetKernelArg(k, 3, sizeof n, &n), "clSetKernelArg");
        size_t gws[2] = {M, M}, lws[2] = {16, 16};
        secs = timed_run(k, 2, gws, lws);
        rd(dc, got, sizeof got);
        ok = !memcmp(got, e, sizeof e);
    } else if (!strcmp(name, "reduce1m")) {
        enum { N = 1 << 20, L = 256 };
        static uint32_t in[N], part[N / L], gpart[N / L];
        uint32_t total = 0, gtotal = 0;
        for (int i = 0; i < N; i++) {
            in[i] = (uint32_t)((i * 2654435761u) >> 24) * 0x01010101u;
            part[i / L] += in[i];
            total += in[i];
        }
        cl_kernel k1 = clCreateKernel(prog, "reduce_pass1", &err);
        CK(err, "clCreateKernel");
        cl_kernel k2 = clCreateKernel(prog, "reduce_pass2", &err);
        CK(err, "clCreateKernel");
        cl_mem din = buf(sizeof in, in), dpart = buf(sizeof part, NULL), dtot = buf(4, NULL);
        int32_t per = N / L / L;
        CK(clSetKernelArg(k1, 0, sizeof din, &din), "clSetKernelArg");
        CK(clSetKernelArg(k1, 1, sizeof dpart, &dpart), "clSetKernelArg");
        CK(clSetKernelArg(k2, 0, sizeof dpart, &dpart), "clSetKernelArg");
        CK(clSetKernelArg(k2, 1, sizeof dtot, &dtot), "clSetKernelArg");
        CK(clSetKernelArg(k2, 2, sizeof per, &per), "clSetKernelArg");
        size_t g1 = N, l1 = L, g2 = L, l2 = L;
        for (int r = 0; r < 2; r++) {
            double t0 = now();
            run(k1, 1, &g1, &l1);
            run(k2, 1, &g2, &l2);
            CK(clFinish(q), "clFinish");
            secs = now() - t0;
        }
        rd(dpart, gpart, sizeof gpart);
        rd(dtot, &gtotal, 4);
        ok = !memcmp(gpart, part, sizeof part) && gtotal == total;
    } else if (!strcmp(name, "i64div")) {
        enum { N = 32768 };
        static int64_t a[N], b[N], e[4 * N], got[4 * N];
        uint32_t st = 0x13579bdf;
        for (int i = 0; i < N; i++) {
            uint64_t hi = xs(&st), lo = xs(&st);
            a[i] = (int64_t)(hi << 32 | lo);
            int bits = (int)(xs(&st) % 64u) + 1;
            hi = xs(&st);
            lo = xs(&st);
            uint64_t d = (hi << 32 | lo) >> (64 - bits);
            if (xs(&st) & 1)
                d = -d;
            if (d == 0 || ((int64_t)d == -1 && a[i] == INT64_MIN))
                d = 7;
            b[i] = (int64_t)d;
            e[4 * i] = a[i] / b[i];
            e[4 * i + 1] = a[i] % b[i];
            e[4 * i + 2] = (int64_t)((uint64_t)a[i] / (uint64_t)b[i]);
            e[4 * i + 3] = (int64_t)((uint64_t)a[i] % (uint64_t)b[i]);
        }
        cl_kernel k = clCreateKernel(prog, "i64div", &err);
        CK(err, "clCreateKernel");
        cl_mem da = buf(sizeof a, a), db = buf(sizeof b, b), dout = buf(sizeof e, NULL);
        CK(clSetKernelArg(k, 0, sizeof da, &da), "clSetKernelArg");
        CK(clSetKernelArg(k, 1, sizeof db, &db), "clSetKernelArg");
        CK(clSetKernelArg(k, 2, sizeof dout, &dout), "clSetKernelArg");
        size_t gws = N, lws = 256;
        secs = timed_run(k, 1, &gws, &lws);
        rd(dout, got, sizeof got);
        ok = !memcmp(got, e, sizeof e);
    } else {
        fprintf(stderr, "peers: unknown workload %s\n", name);
        return 2;
    }
    printf("TIME %s %.6f %s\n", name, secs, pname);
    if (!ok)
        printf("FAIL %s: outputs differ from the CPU reference\n", name);
    return ok ? 0 : 1;
}
