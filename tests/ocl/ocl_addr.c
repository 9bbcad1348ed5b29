/* ocl_addr: 64-bit addresses of every address space.  Kernels store the
 * addresses of global arguments, local, program-scope constant and private
 * arrays of char ... uchar16 as ulong (and uint), then use the stored
 * values as pointers again.  Checked on the host, independently of the
 * device: every address is a canonical user address (bits 63:47 zero) and
 * aligned to its type's size (OpenCL 1.2 §6.1.5: a 3-vector like a
 * 4-vector); the uint form is the ulong's low half; writes through a global
 * address land in the right buffer; reads through local / constant
 * addresses return the values stored there; program-scope globals
 * (OpenCL 2.0) keep their values and addresses between launches. */
#include "oclt.h"

static const int align_of[6] = { 1, 4, 16, 32, 32, 16 };   /* char, short2, int3, long4, float8, uchar16 */
static const char *const tname6[6] = { "char", "short2", "int3", "long4", "float8", "uchar16" };

static void check_addr(oclt_t *t, const char *space, int k, uint64_t a)
{
    int ok = a != 0 && (a >> 47) == 0 && a % (uint64_t)align_of[k] == 0;
    oclt_verdict(t, ok, "%s %s address 0x%016" PRIx64 ": canonical, %d-byte aligned", space, tname6[k], a,
                 align_of[k]);
}

static void expect(oclt_t *t, const char *what, int64_t got, int64_t exp)
{
    oclt_verdict(t, got == exp, "%s: got %" PRId64 " expected %" PRId64, what, got, exp);
}

int main(int argc, char **argv)
{
    oclt_t t;
    oclt_init(&t, "ocl_addr", argc, argv);
    cl_program p = oclt_build_file(&t, "ocl_addr.cl", "");
    uint64_t r[8];
    uint32_t r32[8];
    char what[96];

    /* global arguments */
    {
        cl_kernel k = oclt_kernel(&t, p, "gptrs");
        static const size_t sizes[6] = { 64, 64, 64, 64, 64, 64 };
        cl_mem rb = oclt_buf(&t, sizeof(r), NULL), rb32 = oclt_buf(&t, sizeof(r32), NULL), m[6];
        oclt_arg_mem(&t, k, 0, rb);
        oclt_arg_mem(&t, k, 1, rb32);
        for (int j = 0; j < 6; j++) {
            m[j] = oclt_buf(&t, sizes[j], NULL);
            oclt_arg_mem(&t, k, (cl_uint)(2 + j), m[j]);
        }
        oclt_run(&t, k, 1, 1);
        oclt_read(&t, rb, sizeof(r), r);
        oclt_read(&t, rb32, sizeof(r32), r32);
        for (int j = 0; j < 6; j++) {
            check_addr(&t, "global", j, r[j]);
            snprintf(what, sizeof what, "global %s address as uint", tname6[j]);
            expect(&t, what, r32[j], (uint32_t)r[j]);
        }
        /* f is an uchar16 pointer: &f[1] = f + 16 */
        cl_kernel kp = oclt_kernel(&t, p, "poke");
        cl_uint marker = 0x5a5a0000u;
        oclt_arg_mem(&t, kp, 0, rb);
        oclt_arg(&t, kp, 1, sizeof(marker), &marker);
        for (int j = 0; j < 6; j++)
            oclt_arg_mem(&t, kp, (cl_uint)(2 + j), m[j]);
        oclt_run(&t, kp, 6, 1);
        for (int j = 0; j < 6; j++) {
            uint32_t v[16];
            oclt_read(&t, m[j], 64, v);
            int at = j == 5 ? 4 : 0;
            snprintf(what, sizeof what, "store through the global %s address", tname6[j]);
            expect(&t, what, v[at], marker + (uint32_t)j);
            clReleaseMemObject(m[j]);
        }
        clReleaseMemObject(rb);
        clReleaseMemObject(rb32);
        clReleaseKernel(k);
        clReleaseKernel(kp);
    }

    /* local, constant, private */
    static const char *const kn[3] = { "lptrs", "cptrs", "pptrs" };
    static const char *const space[3] = { "local", "constant", "private" };
    for (int s = 0; s < 3; s++) {
        cl_kernel k = oclt_kernel(&t, p, kn[s]);
        cl_mem rb = oclt_buf(&t, sizeof(r), NULL), ob = oclt_buf(&t, 8 * 4, NULL);
        oclt_arg_mem(&t, k, 0, rb);
        oclt_arg_mem(&t, k, 1, ob);
        cl_int kk = 41;
        if (s == 2)
            oclt_arg(&t, k, 2, sizeof(kk), &kk);
        oclt_run(&t, k, s == 0 ? 16 : 1, s == 0 ? 16 : 1);
        int32_t out[8];
        oclt_read(&t, rb, sizeof(r), r);
        oclt_read(&t, ob, sizeof(out), out);
        for (int j = 0; j < 6; j++) {
            if (s == 0) {
                /* local addresses are SLM offsets; only their alignment is defined */
                oclt_verdict(&t, r[j] % (uint64_t)align_of[j] == 0 && (r[j] >> 32) == 0,
                             "local %s address 0x%016" PRIx64 ": %d-byte aligned, below 4 GiB",
                             tname6[j], r[j], align_of[j]);
            } else {
                check_addr(&t, space[s], j, r[j]);
            }
        }
        /* the values read back through the stored addresses */
        static const int lexp[6] = { 7, 11, 13, 17, 19, 23 };
        static const int cexp[6] = { 3, 9, 18, 30, 33, 36 };
        for (int j = 0; j < 6; j++) {
            int e = s == 0 ? lexp[j] : s == 1 ? cexp[j] : 41 + 2 - (41 & 1);
            snprintf(what, sizeof what, "%s %s element read back", space[s], tname6[j]);
            expect(&t, what, out[j], e);
        }
        clReleaseMemObject(rb);
        clReleaseMemObject(ob);
        clReleaseKernel(k);
    }
    clReleaseProgram(p);

    /* program-scope globals (OpenCL 2.0) */
    cl_program p2 = oclt_build_file(&t, "ocl_addr20.cl", "-cl-std=CL2.0");
    {
        cl_kernel ks = oclt_kernel(&t, p2, "gset"), kg = oclt_kernel(&t, p2, "gget");
        cl_mem rb = oclt_buf(&t, sizeof(r), NULL), ob = oclt_buf(&t, 16 * 8, NULL);
        cl_long base = 0x123456789abcll;
        oclt_arg_mem(&t, ks, 0, rb);
        oclt_arg(&t, ks, 1, sizeof(base), &base);
        oclt_run(&t, ks, 5, 5);
        oclt_arg_mem(&t, kg, 0, ob);
        oclt_run(&t, kg, 1, 1);
        int64_t out[16];
        oclt_read(&t, rb, sizeof(r), r);
        oclt_read(&t, ob, sizeof(out), out);
        oclt_verdict(&t, r[0] && (r[0] >> 47) == 0 && r[0] % 4 == 0, "program-scope int gv[5] at 0x%016" PRIx64, r[0]);
        oclt_verdict(&t, r[1] && (r[1] >> 47) == 0 && r[1] % 32 == 0, "program-scope long4 gl at 0x%016" PRIx64, r[1]);
        expect(&t, "program-scope pointer gp = &gv[3]", (int64_t)r[2], (int64_t)(r[0] + 12));
        for (int j = 0; j < 5; j++) {
            snprintf(what, sizeof what, "gv[%d] after gset", j);
            expect(&t, what, out[j], (j + 1) + 10 * j);
        }
        for (int j = 0; j < 4; j++) {
            snprintf(what, sizeof what, "gl.s%d", j);
            expect(&t, what, out[5 + j], base + j);
        }
        expect(&t, "*gp", out[9], 4 + 30);
        expect(&t, "*(int *)ga (ga = &gv[4], stored by gset)", out[10], 5 + 40);
        expect(&t, "ga", out[11], (int64_t)(r[0] + 16));
        clReleaseMemObject(rb);
        clReleaseMemObject(ob);
        clReleaseKernel(ks);
        clReleaseKernel(kg);
    }
    clReleaseProgram(p2);
    return oclt_finish(&t);
}
