/* ocl_hostmem: host memory the GPU shares with the program.  Buffers made
 * on the program's own memory (CL_MEM_USE_HOST_PTR) and reads into it put
 * the GPU's writes into pages that also hold the program's other data:
 * - two USE_HOST_PTR buffers sharing a page, written by one kernel, with
 *   CPU words around and between them: every GPU DWord lands and every CPU
 *   word is kept (on an integrated GPU both views are the same memory);
 * - reads of two buffers into adjacent ranges of one allocation (6 KiB and
 *   1 MiB, the ranges sharing a page, both orders);
 * - reads into malloc'd memory between malloc and free churn, 200 times
 *   (malloc's chunk headers share the destination's pages).
 * The i915 device once copied bound pages in and out around each batch and
 * corrupted the heap of the OpenCL-CTS test_select (two userptr objects of
 * the runtime overlapping in a page); that mechanism is tested
 * deterministically by i915_uapi (test_shared_memory), this program checks
 * the same sharing as a program sees it, through TBX and i915.
 * Expected values are computed on the host from the indices. */
#include "oclt.h"

static const char *src =
    "__kernel void fill2(__global uint *a, __global uint *b, uint n) {\n"
    "    uint i = get_global_id(0);\n"
    "    if (i < n) { a[i] = 0xa0000000u + i; b[i] = 0xb0000000u + i; }\n"
    "}\n";

#define CPU_WORD(i) (0x5eed0000u + (uint32_t)(i))

/* Wrong words of w[0..nw): A's n words at a0 (0xa0000000 + index), B's at
 * b0 (0xb0000000 + index), CPU_WORD elsewhere; the first 4 are printed. */
static int check_words(const uint32_t *w, uint32_t nw, uint32_t a0, uint32_t b0, uint32_t n)
{
    int bad = 0;
    for (uint32_t i = 0; i < nw; i++) {
        uint32_t want = i >= a0 && i < a0 + n   ? 0xa0000000u + (i - a0)
                        : i >= b0 && i < b0 + n ? 0xb0000000u + (i - b0)
                                                : CPU_WORD(i);
        if (w[i] != want && bad++ < 4)
            printf("  word %u (page %u): 0x%08x, expected 0x%08x\n", i, i / 1024, w[i], want);
    }
    return bad;
}

int main(int argc, char **argv)
{
    oclt_t t;
    oclt_init(&t, "ocl_hostmem", argc, argv);
    cl_program p = oclt_build_src(&t, src, "");
    cl_kernel k = oclt_kernel(&t, p, "fill2");
    cl_int err;

    /* 1: USE_HOST_PTR buffers sharing page 1 of a 4-page block:
     * words [16, 1536) = A, [1552, 3072) = B, the rest CPU words */
    enum { BLOCK = 4096, A0 = 16, B0 = 1552, N = 1520 };
    uint32_t *blk = aligned_alloc(4096, BLOCK * 4);
    if (!blk)
        return 2;
    for (uint32_t i = 0; i < BLOCK; i++)
        blk[i] = CPU_WORD(i);
    cl_mem a = clCreateBuffer(t.ctx, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, N * 4, blk + A0, &err);
    OCLT_CHECK(&t, err, "clCreateBuffer USE_HOST_PTR A");
    cl_mem b = clCreateBuffer(t.ctx, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, N * 4, blk + B0, &err);
    OCLT_CHECK(&t, err, "clCreateBuffer USE_HOST_PTR B");
    cl_uint n = N;
    oclt_arg_mem(&t, k, 0, a);
    oclt_arg_mem(&t, k, 1, b);
    oclt_arg(&t, k, 2, sizeof(n), &n);
    oclt_run(&t, k, 1536, 64);
    void *ma = clEnqueueMapBuffer(t.q, a, CL_TRUE, CL_MAP_READ, 0, N * 4, 0, NULL, NULL, &err);
    OCLT_CHECK(&t, err, "clEnqueueMapBuffer A");
    void *mb = clEnqueueMapBuffer(t.q, b, CL_TRUE, CL_MAP_READ, 0, N * 4, 0, NULL, NULL, &err);
    OCLT_CHECK(&t, err, "clEnqueueMapBuffer B");
    /* OpenCL 1.2 5.4.2: a USE_HOST_PTR buffer maps at host_ptr + offset */
    oclt_verdict(&t, ma == blk + A0 && mb == blk + B0, "USE_HOST_PTR maps at the host pointers");
    int bad = check_words(blk, BLOCK, A0, B0, N);
    oclt_verdict(&t, !bad, "USE_HOST_PTR buffers sharing a page, CPU words around: %d wrong words", bad);
    OCLT_CHECK(&t, clEnqueueUnmapMemObject(t.q, a, ma, 0, NULL, NULL), "unmap A");
    OCLT_CHECK(&t, clEnqueueUnmapMemObject(t.q, b, mb, 0, NULL, NULL), "unmap B");
    OCLT_CHECK(&t, clFinish(t.q), "clFinish");
    clReleaseMemObject(a);
    clReleaseMemObject(b);

    /* 2: device buffers read into adjacent ranges of one allocation */
    cl_mem da = oclt_buf(&t, N * 4, NULL), db = oclt_buf(&t, N * 4, NULL);
    oclt_arg_mem(&t, k, 0, da);
    oclt_arg_mem(&t, k, 1, db);
    oclt_run(&t, k, 1536, 64);
    for (uint32_t i = 0; i < BLOCK; i++)
        blk[i] = CPU_WORD(i);
    OCLT_CHECK(&t, clEnqueueReadBuffer(t.q, da, CL_FALSE, 0, N * 4, blk + A0, 0, NULL, NULL), "read A");
    OCLT_CHECK(&t, clEnqueueReadBuffer(t.q, db, CL_FALSE, 0, N * 4, blk + B0, 0, NULL, NULL), "read B");
    OCLT_CHECK(&t, clFinish(t.q), "clFinish");
    bad = check_words(blk, BLOCK, A0, B0, N);
    oclt_verdict(&t, !bad, "reads into adjacent ranges of one allocation: %d wrong words", bad);

    /* 2b: the same with 1 MiB reads (the runtime reads into the program's
     * pages in place) into [16 B, 1 MiB + 16 B) and right after it, the
     * two ranges sharing a page; both orders */
    {
        enum { BW = 1 << 18 };
        cl_uint nb = BW;
        cl_mem ba = oclt_buf(&t, BW * 4, NULL), bb = oclt_buf(&t, BW * 4, NULL);
        oclt_arg_mem(&t, k, 0, ba);
        oclt_arg_mem(&t, k, 1, bb);
        oclt_arg(&t, k, 2, sizeof(nb), &nb);
        oclt_run(&t, k, BW, 256);
        uint32_t *big = aligned_alloc(4096, (2 * BW + 2048) * 4);
        if (!big)
            return 2;
        for (int order = 0; order < 2; order++) {
            for (uint32_t i = 0; i < 2 * BW + 2048; i++)
                big[i] = CPU_WORD(i);
            cl_mem first = order ? bb : ba, second = order ? ba : bb;
            uint32_t *d1 = order ? big + 4 + BW : big + 4, *d2 = order ? big + 4 : big + 4 + BW;
            OCLT_CHECK(&t, clEnqueueReadBuffer(t.q, first, CL_FALSE, 0, BW * 4, d1, 0, NULL, NULL), "read 1 MiB");
            OCLT_CHECK(&t, clEnqueueReadBuffer(t.q, second, CL_FALSE, 0, BW * 4, d2, 0, NULL, NULL), "read 1 MiB");
            OCLT_CHECK(&t, clFinish(t.q), "clFinish");
            bad = check_words(big, 2 * BW + 2048, 4, 4 + BW, BW);
            oclt_verdict(&t, !bad, "1 MiB reads into two ranges sharing a page (order %d): %d wrong words", order, bad);
        }
        free(big);
        clReleaseMemObject(ba);
        clReleaseMemObject(bb);
        oclt_arg(&t, k, 2, sizeof(n), &n);
    }

    /* 3: reads into malloc'd memory between mallocs and frees */
    uint64_t seed = 12345;
    void *keep[16] = {0};
    int bad3 = 0;
    for (int it = 0; it < 200; it++) {
        size_t words = 1 + oclt_rand(&seed) % N;
        uint32_t *dst = malloc(words * 4);
        free(keep[it % 16]);
        keep[it % 16] = malloc(16 + oclt_rand(&seed) % 20000); /* neighbours in the heap */
        if (!dst || !keep[it % 16])
            return 2;
        memset(keep[it % 16], 0x3c, 16);
        OCLT_CHECK(&t, clEnqueueReadBuffer(t.q, it & 1 ? db : da, CL_TRUE, 0, words * 4, dst, 0, NULL, NULL),
                   "read into malloc'd memory");
        for (size_t i = 0; i < words; i++)
            bad3 += dst[i] != (it & 1 ? 0xb0000000u : 0xa0000000u) + (uint32_t)i;
        free(dst);
    }
    for (int i = 0; i < 16; i++)
        free(keep[i]);
    oclt_verdict(&t, !bad3, "200 reads into malloc'd memory among mallocs and frees: %d wrong words", bad3);
    clReleaseMemObject(da);
    clReleaseMemObject(db);
    free(blk);
    return oclt_finish(&t);
}
