/* defects: OpenCL kernels with one defect each, for the kernel checks
 * (`gtsim exec --check=...`, src/check.c).  Each case runs one kernel in
 * one work-group of 16 work-items (32 for slm-race and barrier-exit), compiled SIMD16
 * (intel_reqd_sub_group_size), so that the defect lands on known lanes:
 *   clean            a local-memory reduction with barriers (no finding)
 *   oob-global       out[gid + 60] = gid into a 64-uint buffer: lanes 4..15
 *                    write at byte offsets 0x100..0x12c of a 256-byte buffer
 *   oob-local        tile[lid + off] = gid with off = 4096 (a kernel
 *                    argument): SLM offsets 0x4000.. past a 64-byte tile
 *   oob-stateless    built with -cl-intel-greater-than-4GB-buffer-required
 *                    (A64 stateless buffers): out[gid + off] = gid with
 *                    off = 2^28, 1 GiB past the buffer, in no mapped memory
 *                    (a page fault: the GPU hangs)
 *   slm-race         32 work-items (two threads) write tile[lid] and read
 *                    tile[lid ^ 16] with no barrier: each thread reads what
 *                    the other writes
 *   barrier-divergent  a barrier only the odd work-items reach (channels
 *                    0x5555 disabled)
 *   barrier-exit     work-items 16..31 (the second thread) return before a
 *                    barrier the first 16 wait at
 * The program itself checks what it can (clean's sums); the findings are
 * checked by tests/check/check.sh.  usage: defects CASE */
#include "../ocl/oclt.h"

static const char *src =
    "#define SIMD16 __attribute__((intel_reqd_sub_group_size(16)))\n"
    "SIMD16 __kernel void clean(__global uint *out, __global const uint *in) {\n"
    "    __local uint tile[16];\n"
    "    uint lid = get_local_id(0);\n"
    "    tile[lid] = in[get_global_id(0)];\n"
    "    for (uint s = 8; s > 0; s >>= 1) {\n"
    "        barrier(CLK_LOCAL_MEM_FENCE);\n"
    "        if (lid < s) tile[lid] += tile[lid + s];\n"
    "    }\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    out[get_global_id(0)] = tile[0] + lid;\n"
    "}\n"
    "SIMD16 __kernel void oob_global(__global uint *out, __global const uint *in) {\n"
    "    uint gid = get_global_id(0);\n"
    "    out[gid + 60] = gid;\n"
    "}\n"
    "SIMD16 __kernel void oob_stateless(__global uint *out, uint off) {\n"
    "    uint gid = get_global_id(0);\n"
    "    out[gid + off] = gid;\n"
    "}\n"
    "SIMD16 __kernel void oob_local(__global uint *out, uint off) {\n"
    "    __local uint tile[16];\n"
    "    uint lid = get_local_id(0);\n"
    "    tile[lid] = lid;\n"
    "    tile[lid + off] = get_global_id(0);\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    out[get_global_id(0)] = tile[lid ^ 1];\n"
    "}\n"
    "SIMD16 __kernel void slm_race(__global uint *out, __global const uint *in) {\n"
    "    __local uint tile[32];\n"
    "    uint lid = get_local_id(0);\n"
    "    tile[lid] = in[lid];\n"
    "    out[get_global_id(0)] = tile[lid ^ 16];\n"
    "}\n"
    "SIMD16 __kernel void barrier_divergent(__global uint *out, __global const uint *in) {\n"
    "    uint lid = get_local_id(0);\n"
    "    if (in[lid] & 1)\n"
    "        barrier(CLK_GLOBAL_MEM_FENCE);\n"
    "    out[get_global_id(0)] = lid;\n"
    "}\n"
    "SIMD16 __kernel void barrier_exit(__global uint *out, __global const uint *in) {\n"
    "    uint lid = get_local_id(0);\n"
    "    if (in[lid] >= 16)\n"
    "        return;\n"
    "    barrier(CLK_GLOBAL_MEM_FENCE);\n"
    "    out[get_global_id(0)] = lid;\n"
    "}\n";

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: defects clean|oob-global|oob-local|oob-stateless|slm-race|barrier-divergent|barrier-exit\n");
        return 2;
    }
    const char *c = argv[1];
    oclt_t t;
    char *fake[] = {argv[0]};
    oclt_init(&t, "defects", 1, fake);
    cl_program p = oclt_build_src(&t, src, strcmp(c, "oob-stateless") ? "" : "-cl-intel-greater-than-4GB-buffer-required");
    char kname[64];
    snprintf(kname, sizeof(kname), "%s", c);
    for (char *q = kname; *q; q++)
        if (*q == '-')
            *q = '_';
    cl_kernel k = oclt_kernel(&t, p, kname);
    size_t n = strcmp(c, "barrier-exit") && strcmp(c, "slm-race") ? 16 : 32;
    cl_uint in[32], out[64];
    for (cl_uint i = 0; i < 32; i++)
        in[i] = i;
    memset(out, 0, sizeof(out));
    cl_int err;
    cl_mem bo = clCreateBuffer(t.ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof(out), out, &err);
    OCLT_CHECK(&t, err, "clCreateBuffer out");
    cl_mem bi = clCreateBuffer(t.ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(in), in, &err);
    OCLT_CHECK(&t, err, "clCreateBuffer in");
    OCLT_CHECK(&t, clSetKernelArg(k, 0, sizeof(bo), &bo), "clSetKernelArg 0");
    if (!strcmp(c, "oob-local") || !strcmp(c, "oob-stateless")) {
        cl_uint off = strcmp(c, "oob-local") ? 1u << 28 : 4096;
        OCLT_CHECK(&t, clSetKernelArg(k, 1, sizeof(off), &off), "clSetKernelArg 1");
    } else {
        OCLT_CHECK(&t, clSetKernelArg(k, 1, sizeof(bi), &bi), "clSetKernelArg 1");
    }
    OCLT_CHECK(&t, clEnqueueNDRangeKernel(t.q, k, 1, NULL, &n, &n, 0, NULL, NULL), "clEnqueueNDRangeKernel");
    err = clEnqueueReadBuffer(t.q, bo, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL);
    if (err != CL_SUCCESS) { /* barrier-exit and oob-stateless hang the GPU */
        printf("ran %s: clEnqueueReadBuffer: %d\n", c, err);
        return 0;
    }
    if (!strcmp(c, "clean")) {
        for (cl_uint i = 0; i < 16; i++)
            if (out[i] != 120 + i) {
                printf("FAIL defects clean: out[%u] = %u, expected %u\n", i, out[i], 120 + i);
                return 1;
            }
    }
    printf("ran %s\n", c);
    return 0;
}
