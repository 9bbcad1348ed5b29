/* ocl_ndrange: the work-item functions (OpenCL 2.0 §6.13.1) for every
 * work-item of 1-, 2- and 3-dimensional NDRanges with and without a global
 * offset, uniform and non-uniform work-groups (global size not a multiple
 * of the local size: partial groups in x, y, z and several at once; the
 * program is built with -cl-std=CL2.0).  The expected values are computed
 * on the host from the definitions: enqueued local size = the local size
 * given; a group's local size is the remainder in the last group of a
 * dimension; group id = (global id - offset) / enqueued local size; local
 * id = (global id - offset) % enqueued local size; linear ids as the
 * specification's formulas. */
#include "oclt.h"

typedef struct {
    cl_uint dim;
    size_t g[3], l[3], off[3];
} range;

static void run_range(oclt_t *t, cl_kernel k, const range *r)
{
    size_t n = 1;
    size_t g[3], l[3], off[3];
    for (int d = 0; d < 3; d++) {
        g[d] = d < (int)r->dim ? r->g[d] : 1;
        l[d] = d < (int)r->dim ? r->l[d] : 1;
        off[d] = d < (int)r->dim ? r->off[d] : 0;
        n *= g[d];
    }
    size_t bytes = n * 32 * 8;
    uint64_t *host = malloc(bytes);
    memset(host, 0xcd, bytes);
    cl_mem m = oclt_buf(t, bytes, host);
    oclt_arg_mem(t, k, 0, m);
    cl_int err = clEnqueueNDRangeKernel(t->q, k, r->dim, r->off[0] || r->off[1] || r->off[2] ? r->off : NULL,
                                        r->g, r->l, 0, NULL, NULL);
    char desc[160];
    snprintf(desc, sizeof desc, "dim %u global %zux%zux%zu local %zux%zux%zu offset %zu,%zu,%zu", r->dim, g[0], g[1],
             g[2], l[0], l[1], l[2], off[0], off[1], off[2]);
    if (err != CL_SUCCESS) {
        oclt_verdict(t, 0, "%s: clEnqueueNDRangeKernel error %d", desc, err);
        free(host);
        clReleaseMemObject(m);
        return;
    }
    oclt_read(t, m, bytes, host);
    static const char *const fn[] = {
        "work_dim", "global_size", "global_size", "global_size", "global_id", "global_id", "global_id",
        "local_size", "local_size", "local_size", "enqueued_local_size", "enqueued_local_size",
        "enqueued_local_size", "local_id", "local_id", "local_id", "num_groups", "num_groups", "num_groups",
        "group_id", "group_id", "group_id", "global_offset", "global_offset", "global_offset",
        "global_linear_id", "local_linear_id", "written",
    };
    int bad = 0, shown = 0;
    for (size_t z = 0; z < g[2]; z++)
        for (size_t y = 0; y < g[1]; y++)
            for (size_t x = 0; x < g[0]; x++) {
                size_t p[3] = { x, y, z }, idx = (z * g[1] + y) * g[0] + x;
                uint64_t e[28];
                e[0] = r->dim;
                size_t lid[3], gid[3], lsz[3];
                for (int d = 0; d < 3; d++) {
                    size_t ng = (g[d] + l[d] - 1) / l[d];
                    gid[d] = p[d] / l[d];
                    lid[d] = p[d] % l[d];
                    lsz[d] = gid[d] == ng - 1 && g[d] % l[d] ? g[d] % l[d] : l[d];
                    e[1 + d] = g[d];
                    e[4 + d] = p[d] + off[d];
                    e[7 + d] = lsz[d];
                    e[10 + d] = l[d];
                    e[13 + d] = lid[d];
                    e[16 + d] = ng;
                    e[19 + d] = gid[d];
                    e[22 + d] = off[d];
                }
                e[25] = (z * g[1] + y) * g[0] + x;
                e[26] = (lid[2] * lsz[1] + lid[1]) * lsz[0] + lid[0];
                e[27] = 0x600d;
                const uint64_t *o = host + idx * 32;
                for (int j = 0; j < 28; j++)
                    if (o[j] != e[j]) {
                        bad++;
                        oclt_fail(t, &shown, "item (%zu,%zu,%zu) group (%zu,%zu,%zu): get_%s(%d) = %" PRIu64
                                  " (0x%" PRIx64 "), expected %" PRIu64, x + off[0], y + off[1], z + off[2],
                                  gid[0], gid[1], gid[2], fn[j], j >= 1 && j <= 24 ? (j - 1) % 3 : 0, o[j],
                                  o[j], e[j]);
                        break;
                    }
            }
    oclt_verdict(t, bad == 0, "%s: %zu work-items, %d wrong", desc, n, bad);
    free(host);
    clReleaseMemObject(m);
}

int main(int argc, char **argv)
{
    oclt_t t;
    oclt_init(&t, "ocl_ndrange", argc, argv);
    cl_program p = oclt_build_file(&t, "ocl_ndrange.cl", "-cl-std=CL2.0");
    cl_kernel k = oclt_kernel(&t, p, "wi");
    static const range ranges[] = {
        { 1, { 40 }, { 8 }, { 0 } },
        { 1, { 37 }, { 8 }, { 0 } },
        { 1, { 37 }, { 16 }, { 5 } },
        { 1, { 70 }, { 32 }, { 3 } },
        { 2, { 16, 6 }, { 8, 3 }, { 0, 0 } },
        { 2, { 13, 6 }, { 4, 3 }, { 0, 0 } },
        { 2, { 12, 7 }, { 4, 3 }, { 2, 1 } },
        { 2, { 13, 7 }, { 4, 3 }, { 1, 9 } },
        { 3, { 8, 4, 4 }, { 4, 2, 2 }, { 0, 0, 0 } },
        { 3, { 8, 4, 4 }, { 4, 2, 2 }, { 3, 5, 7 } },
        { 3, { 9, 4, 4 }, { 4, 2, 2 }, { 0, 0, 0 } },   /* partial in x */
        { 3, { 8, 5, 4 }, { 4, 2, 2 }, { 0, 0, 0 } },   /* partial in y */
        { 3, { 8, 4, 5 }, { 4, 2, 2 }, { 0, 0, 0 } },   /* partial in z */
        { 3, { 9, 5, 4 }, { 4, 2, 2 }, { 1, 2, 3 } },   /* x and y */
        { 3, { 9, 4, 5 }, { 4, 2, 2 }, { 0, 0, 0 } },   /* x and z */
        { 3, { 8, 5, 5 }, { 4, 2, 2 }, { 4, 0, 1 } },   /* y and z */
        { 3, { 9, 5, 5 }, { 4, 2, 2 }, { 0, 0, 0 } },   /* all three */
        { 3, { 9, 5, 5 }, { 4, 2, 2 }, { 7, 3, 11 } },  /* all three, offset */
        { 3, { 11, 7, 3 }, { 4, 3, 2 }, { 2, 2, 2 } },
        { 3, { 5, 3, 3 }, { 8, 4, 4 }, { 1, 1, 1 } },   /* only a partial group */
        { 3, { 33, 2, 2 }, { 16, 1, 2 }, { 0, 0, 0 } },
    };
    const char *only = getenv("OCLT_RANGE");   /* run one range (debugging) */
    for (size_t i = 0; i < sizeof(ranges) / sizeof(ranges[0]); i++)
        if (!only || atoi(only) == (int)i)
            run_range(&t, k, &ranges[i]);
    clReleaseKernel(k);
    clReleaseProgram(p);
    return oclt_finish(&t);
}
