/* ocl_atomic: atomic_add/sub/min/max/and/or/xor/inc/dec/cmpxchg/xchg on
 * global and local int and uint, and atom_add/sub/min/max/xor/cmpxchg/xchg
 * on global long/ulong (cl_khr_int64_base/extended_atomics), 1024 work
 * items (local: groups of 64) updating the same counters.  Final values
 * are checked exactly against the CPU; the values atomic_inc returns must
 * be a permutation of 0..n-1, and the values atomic_xchg returns plus the
 * final value must be the initial value plus all stored values. */
#include "oclt.h"

#define N 1024
#define LWS 64

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

/* Multiset equality of {init} + v[0..n) and ret[0..n) + {final}. */
static int xchg_ok(int64_t init, const int64_t *v, const int64_t *ret, int64_t final, int n)
{
    int64_t *a = malloc(sizeof(int64_t) * (size_t)(n + 1)), *b = malloc(sizeof(int64_t) * (size_t)(n + 1));
    a[0] = init;
    b[0] = final;
    memcpy(a + 1, v, sizeof(int64_t) * (size_t)n);
    memcpy(b + 1, ret, sizeof(int64_t) * (size_t)n);
    qsort(a, (size_t)n + 1, 8, cmp_i64);
    qsort(b, (size_t)n + 1, 8, cmp_i64);
    int ok = !memcmp(a, b, sizeof(int64_t) * (size_t)(n + 1));
    free(a);
    free(b);
    return ok;
}

static void expect_i(oclt_t *t, const char *what, int64_t got, int64_t exp)
{
    oclt_verdict(t, got == exp, "%s: got %" PRId64 " (0x%" PRIx64 ") expected %" PRId64 " (0x%" PRIx64 ")",
                 what, got, (uint64_t)got, exp, (uint64_t)exp);
}

/* Expected 32-bit counters over items [lo, hi). */
static void expect32(const int32_t *v, int lo, int hi, const int32_t *init, const uint32_t *uinit,
                     int32_t *e, uint32_t *eu)
{
    memcpy(e, init, 12 * 4);
    memcpy(eu, uinit, 4 * 4);
    for (int i = lo; i < hi; i++) {
        uint32_t x = (uint32_t)v[i], bit = 1u << (i & 31);
        e[0] = (int32_t)((uint32_t)e[0] + x);
        e[1] = (int32_t)((uint32_t)e[1] - x);
        e[2] = v[i] < e[2] ? v[i] : e[2];
        e[3] = v[i] > e[3] ? v[i] : e[3];
        e[4] &= (int32_t)(x | bit);
        e[5] |= (int32_t)(x & bit);
        e[6] ^= v[i];
        e[7] = (int32_t)((uint32_t)e[7] + 1);
        e[8] = (int32_t)((uint32_t)e[8] - 1);
        e[9] = (int32_t)((uint32_t)e[9] + x);
        eu[0] = x < eu[0] ? x : eu[0];
        eu[1] = x > eu[1] ? x : eu[1];
        eu[2] += x;
    }
}

static const char *const names32[12] = {
    "atomic_add", "atomic_sub", "atomic_min", "atomic_max", "atomic_and", "atomic_or",
    "atomic_xor", "atomic_inc", "atomic_dec", "atomic_cmpxchg loop", "atomic_xchg", "unused",
};
static const char *const namesu[4] = { "atomic_min uint", "atomic_max uint", "atomic_add uint", "unused" };

static void check32(oclt_t *t, const char *space, const int32_t *v, int lo, int hi,
                    const int32_t *init, const uint32_t *uinit, const int32_t *c, const uint32_t *u,
                    const int32_t *ret_inc, const int32_t *ret_xchg)
{
    int32_t e[12];
    uint32_t eu[4];
    char what[96];
    expect32(v, lo, hi, init, uinit, e, eu);
    for (int k = 0; k < 10; k++) {
        snprintf(what, sizeof(what), "%s %s int (items %d..%d)", space, names32[k], lo, hi - 1);
        expect_i(t, what, c[k], e[k]);
    }
    for (int k = 0; k < 3; k++) {
        snprintf(what, sizeof(what), "%s %s (items %d..%d)", space, namesu[k], lo, hi - 1);
        expect_i(t, what, u[k], eu[k]);
    }
    /* atomic_inc returns: a permutation of init..init+n-1 */
    int n = hi - lo, ok = 1;
    char *seen = calloc((size_t)n, 1);
    for (int i = lo; i < hi; i++) {
        int64_t r = (int64_t)ret_inc[i] - init[7];
        if (r < 0 || r >= n || seen[r])
            ok = 0;
        else
            seen[r] = 1;
    }
    free(seen);
    oclt_verdict(t, ok, "%s atomic_inc return values are %d..%d once each", space, init[7], init[7] + n - 1);
    int64_t *vv = malloc(sizeof(int64_t) * (size_t)n), *rr = malloc(sizeof(int64_t) * (size_t)n);
    for (int i = 0; i < n; i++) {
        vv[i] = v[lo + i];
        rr[i] = ret_xchg[lo + i];
    }
    oclt_verdict(t, xchg_ok(init[10], vv, rr, c[10], n), "%s atomic_xchg returns + final value = initial + stored values", space);
    free(vv);
    free(rr);
}

int main(int argc, char **argv)
{
    oclt_t *t = malloc(sizeof(*t));
    oclt_init(t, "ocl_atomic", argc, argv);
    cl_program p = oclt_build_file(t, "ocl_atomic.cl", "");
    static int32_t v[N], ret[2 * N];
    static int64_t v64[N], ret64[N];
    for (int i = 0; i < N; i++) {
        v[i] = (int32_t)t->pool[OT_I32][i].i;
        v64[i] = t->pool[OT_I64][i].i;
    }
    const int32_t init[16] = { 0, 0, INT32_MAX, INT32_MIN, -1, 0, 0, 0, 0, 0, 12345, 0, (int32_t)UINT32_MAX, 0, 0, 0 };
    const uint32_t uinit[4] = { UINT32_MAX, 0, 0, 0 };

    /* global */
    cl_kernel k = oclt_kernel(t, p, "glob");
    cl_mem C = oclt_buf(t, 12 * 4, init), U = oclt_buf(t, 4 * 4, uinit), V = oclt_buf(t, sizeof(v), v),
           R = oclt_buf(t, sizeof(ret), NULL);
    oclt_arg_mem(t, k, 0, C);
    oclt_arg_mem(t, k, 1, U);
    oclt_arg_mem(t, k, 2, V);
    oclt_arg_mem(t, k, 3, R);
    oclt_run(t, k, N, LWS);
    int32_t c[12];
    uint32_t u[4];
    oclt_read(t, C, sizeof(c), c);
    oclt_read(t, U, sizeof(u), u);
    oclt_read(t, R, sizeof(ret), ret);
    check32(t, "global", v, 0, N, init, uinit, c, u, ret, ret + N);

    /* local: per group */
    cl_kernel kl = oclt_kernel(t, p, "loc");
    static int32_t cl[N / LWS * 12];
    static uint32_t ul[N / LWS * 4];
    cl_mem CL = oclt_buf(t, sizeof(cl), NULL), UL = oclt_buf(t, sizeof(ul), NULL), I = oclt_buf(t, sizeof(init), init);
    oclt_arg_mem(t, kl, 0, CL);
    oclt_arg_mem(t, kl, 1, UL);
    oclt_arg_mem(t, kl, 2, V);
    oclt_arg_mem(t, kl, 3, R);
    oclt_arg_mem(t, kl, 4, I);
    oclt_run(t, kl, N, LWS);
    oclt_read(t, CL, sizeof(cl), cl);
    oclt_read(t, UL, sizeof(ul), ul);
    oclt_read(t, R, sizeof(ret), ret);
    for (int g = 0; g < N / LWS; g++)
        check32(t, "local", v, g * LWS, (g + 1) * LWS, init, uinit, cl + g * 12, ul + g * 4, ret, ret + N);

    /* 64-bit global */
    cl_kernel k6 = oclt_kernel(t, p, "glob64");
    const int64_t qinit[9] = { 0, 0, INT64_MAX, INT64_MIN, 0, -1, 0, 0, 777 };
    int64_t q[9];
    cl_mem Q = oclt_buf(t, sizeof(qinit), qinit), V6 = oclt_buf(t, sizeof(v64), v64), R6 = oclt_buf(t, sizeof(ret64), NULL);
    oclt_arg_mem(t, k6, 0, Q);
    oclt_arg_mem(t, k6, 1, V6);
    oclt_arg_mem(t, k6, 2, R6);
    oclt_run(t, k6, N, LWS);
    oclt_read(t, Q, sizeof(q), q);
    oclt_read(t, R6, sizeof(ret64), ret64);
    int64_t e[9];
    memcpy(e, qinit, sizeof(e));
    for (int i = 0; i < N; i++) {
        uint64_t x = (uint64_t)v64[i];
        e[0] = (int64_t)((uint64_t)e[0] + x);
        e[1] = (int64_t)((uint64_t)e[1] - x);
        e[2] = v64[i] < e[2] ? v64[i] : e[2];
        e[3] = v64[i] > e[3] ? v64[i] : e[3];
        e[4] ^= v64[i];
        e[5] = (int64_t)(x < (uint64_t)e[5] ? x : (uint64_t)e[5]);
        e[6] = (int64_t)(x > (uint64_t)e[6] ? x : (uint64_t)e[6]);
        e[7] = (int64_t)((uint64_t)e[7] + x);
    }
    static const char *const n64[8] = { "atom_add long", "atom_sub long", "atom_min long", "atom_max long",
                                        "atom_xor long", "atom_min ulong", "atom_max ulong", "atom_cmpxchg long loop" };
    for (int j = 0; j < 8; j++)
        expect_i(t, n64[j], q[j], e[j]);
    oclt_verdict(t, xchg_ok(qinit[8], v64, ret64, q[8], N), "atom_xchg long returns + final value = initial + stored values");
    return oclt_finish(t);
}
