/* oclt.h - shared helper of the OpenCL built-in tests (tests/ocl/).
 *
 * Each test program runs OpenCL C kernels compiled by the device's own
 * compiler (Intel's IGC through the runtime) on the first GPU device, reads
 * the results back and compares them with results computed on the CPU:
 * bit-exact where OpenCL requires an exact result, within the ULP bound of
 * the OpenCL C specification ("Relative Error as ULPs" tables, OpenCL 1.2
 * §7.4 single, §9.3.9 double) elsewhere.
 *
 * Expression tests (oclt_case): a case is an OpenCL C expression over the
 * scalars a, b, c (each of a scalar type) and a CPU reference.  Cases with
 * the same argument types share one generated kernel (up to OCLT_GROUP
 * cases, each writing its own slice of one output buffer), so a program with
 * hundreds of cases builds one program and launches a few dozen kernels.
 * Inputs come from per-type pools: special values first (every pair of
 * specials for two-argument cases, a spread for three), then pseudo-random
 * values.
 *
 * Other tests (atomics, vectors) build their own kernels from a .cl file
 * in the source directory and use oclt_buf / oclt_read / oclt_run and the
 * oclt_fail reporting.
 *
 * Output: one line per case ("ok   sin(a) float<-float: 1024 inputs, max
 * 0.52 ulp"), the first mismatches of a failing case (inputs, got,
 * expected, ulp error), then "PASS <name> (N cases)" (exit 0) or
 * "FAIL <name> (M of N cases failed)" (exit 1).  Setup errors exit 2.
 * OCLT_SOURCE=<file> writes the generated OpenCL C source there (to look at
 * it with `ocloc compile -file <file> -device skl`).  OCLT_DEVICE_TYPE=cpu
 * runs on the first CPU device instead (PoCL), to check a test program
 * itself.
 *
 * Header-only (static functions): each program is one `cc x.c -lOpenCL -lm`.
 */
#ifndef GTSIM_OCLT_H
#define GTSIM_OCLT_H

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Scalar types; order matters for the tables below. */
typedef enum {
    OT_NONE = 0,
    OT_I8, OT_U8, OT_I16, OT_U16, OT_I32, OT_U32, OT_I64, OT_U64,
    OT_F16, OT_F32, OT_F64,
    OT_NTYPES
} oclt_type;

static const char *const oclt_tname[OT_NTYPES] = {
    "int", "char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "half", "float", "double",
};
static const int oclt_tsize[OT_NTYPES] = { 4, 1, 1, 2, 2, 4, 4, 8, 8, 2, 4, 8 };

static inline int oclt_is_float(oclt_type t) { return t >= OT_F16; }
static inline int oclt_is_signed(oclt_type t) { return t == OT_I8 || t == OT_I16 || t == OT_I32 || t == OT_I64; }

/* One scalar on the host: integers sign- or zero-extended to 64 bits (i/u),
 * floating-point values as long double (exact for half, float and double;
 * a reference may put a more precise value there). */
typedef struct {
    int64_t i;
    uint64_t u;
    long double f;
} oclt_v;

/* Reference: given the case (types, op), fills out[0] (and out[1], out[2] for results OpenCL leaves a
 * choice between) from in[0..2]; returns how many results are acceptable,
 * 0 when the result is undefined by OpenCL for these inputs (not checked). */
typedef struct oclt_case oclt_case;
typedef int (*oclt_ref_fn)(const oclt_case *c, const oclt_v *in, oclt_v *out);

/* Case flags. */
#define OCLT_ANYZERO 1u   /* +0 and -0 are both acceptable for a zero result */
#define OCLT_XFAIL 2u     /* known failure (reason next to the case): mismatches
                           * are printed, the case reports XFAIL and does not
                           * fail the program */

/* One expression case.  ulp == 0: exact (bits; any NaN matches a NaN
 * result); ulp > 0: the result may be within `ulp` units in the last place
 * of the reference (OpenCL's definition: ulp of the reference, at least the
 * smallest denormal's), NaN must give NaN, an infinite reference needs the
 * same infinity. */
struct oclt_case {
    const char *expr;
    oclt_type r, a, b, c;
    oclt_ref_fn ref;
    double ulp;
    unsigned flags;
    int op;          /* free for the reference (which operation) */
};

#define OCLT_N 1024       /* inputs per case */
#define OCLT_GROUP 12     /* cases per generated kernel */
#define OCLT_SHOW 4       /* mismatches printed per case */

typedef struct {
    const char *name;
    cl_platform_id plat;
    cl_device_id dev;
    cl_context ctx;
    cl_command_queue q;
    char srcdir[4096];
    int fp64, fp16;
    int cases, failed, xfailed;
    int xfail_mode;   /* while set, failing verdicts count as known failures */
    int fail_lines;
    /* per-type input pools (OCLT_N values) and their special-value counts */
    oclt_v pool[OT_NTYPES][OCLT_N];
    int nspecial[OT_NTYPES];
} oclt_t;

static inline void oclt_die(const oclt_t *t, const char *what, cl_int err)
{
    fprintf(stderr, "%s: %s failed (OpenCL error %d)\n", t->name, what, (int)err);
    exit(2);
}
#define OCLT_CHECK(t, err, what) \
    do { if ((err) != CL_SUCCESS) oclt_die((t), (what), (err)); } while (0)

/* Deterministic pseudo-random values (xorshift64). */
static inline uint64_t oclt_rand(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *s = x;
}

/* ---------------------------------------------------------------- */
/* Values: bits <-> host, rounding to a type                         */
/* ---------------------------------------------------------------- */

static inline uint16_t oclt_h2bits(_Float16 h) { uint16_t u; memcpy(&u, &h, 2); return u; }
static inline _Float16 oclt_bits2h(uint16_t u) { _Float16 h; memcpy(&h, &u, 2); return h; }

/* Host value of type ty from its bytes p. */
static inline oclt_v oclt_load(oclt_type ty, const void *p)
{
    oclt_v v = { 0, 0, 0 };
    switch (ty) {
    case OT_I8: { int8_t x; memcpy(&x, p, 1); v.i = x; break; }
    case OT_U8: { uint8_t x; memcpy(&x, p, 1); v.i = x; break; }
    case OT_I16: { int16_t x; memcpy(&x, p, 2); v.i = x; break; }
    case OT_U16: { uint16_t x; memcpy(&x, p, 2); v.i = x; break; }
    case OT_NONE:
    case OT_I32: { int32_t x; memcpy(&x, p, 4); v.i = x; break; }
    case OT_U32: { uint32_t x; memcpy(&x, p, 4); v.i = x; break; }
    case OT_I64: case OT_U64: { int64_t x; memcpy(&x, p, 8); v.i = x; break; }
    case OT_F16: { _Float16 x; memcpy(&x, p, 2); v.f = x; break; }
    case OT_F32: { float x; memcpy(&x, p, 4); v.f = x; break; }
    case OT_F64: { double x; memcpy(&x, p, 8); v.f = x; break; }
    default: break;
    }
    v.u = (uint64_t)v.i;
    return v;
}

/* Bytes of v as type ty (integers: the low bits; floats: v.f rounded to
 * nearest even). */
static inline void oclt_store(oclt_type ty, void *p, oclt_v v)
{
    int64_t i = v.i ? v.i : (int64_t)v.u;
    switch (ty) {
    case OT_F16: { _Float16 x = (_Float16)v.f; memcpy(p, &x, 2); return; }
    case OT_F32: { float x = (float)v.f; memcpy(p, &x, 4); return; }
    case OT_F64: { double x = (double)v.f; memcpy(p, &x, 8); return; }
    default: memcpy(p, &i, (size_t)oclt_tsize[ty]); return;   /* little endian */
    }
}

static inline oclt_v oclt_vi(int64_t i) { oclt_v v = { i, (uint64_t)i, 0 }; return v; }
static inline oclt_v oclt_vu(uint64_t u) { oclt_v v = { (int64_t)u, u, 0 }; return v; }
static inline oclt_v oclt_vf(long double f) { oclt_v v = { 0, 0, f }; return v; }

/* Integer range of a type. */
static inline int64_t oclt_imin(oclt_type ty)
{
    switch (ty) {
    case OT_I8: return INT8_MIN; case OT_I16: return INT16_MIN;
    case OT_I32: return INT32_MIN; case OT_I64: return INT64_MIN;
    default: return 0;
    }
}
static inline uint64_t oclt_umax(oclt_type ty)
{
    switch (ty) {
    case OT_I8: return INT8_MAX; case OT_U8: return UINT8_MAX;
    case OT_I16: return INT16_MAX; case OT_U16: return UINT16_MAX;
    case OT_I32: return INT32_MAX; case OT_U32: return UINT32_MAX;
    case OT_I64: return INT64_MAX; default: return UINT64_MAX;
    }
}

/* Floating-point format of a type: precision p (bits incl. the implicit
 * one), minimum normal exponent emin, maximum exponent emax. */
static inline void oclt_fmt(oclt_type ty, int *p, int *emin, int *emax)
{
    switch (ty) {
    case OT_F16: *p = 11; *emin = -14; *emax = 15; return;
    case OT_F32: *p = 24; *emin = -126; *emax = 127; return;
    default: *p = 53; *emin = -1022; *emax = 1023; return;
    }
}

/* Next representable value of type ty after x (finite, exactly
 * representable) toward +inf (dir > 0) or -inf. */
static inline long double oclt_step(oclt_type ty, long double x, int dir)
{
    switch (ty) {
    case OT_F16: {
        uint16_t u = oclt_h2bits((_Float16)x);
        if ((u & 0x7fff) == 0)
            u = dir > 0 ? 0x0001 : 0x8001;
        else if (((u >> 15) == 0) == (dir > 0))
            u++;
        else
            u--;
        return oclt_bits2h(u);
    }
    case OT_F32: return nextafterf((float)x, dir > 0 ? INFINITY : -INFINITY);
    default: return nextafter((double)x, dir > 0 ? INFINITY : -INFINITY);
    }
}

/* Rounding modes of the OpenCL conversions. */
enum { OCLT_RTE, OCLT_RTZ, OCLT_RTP, OCLT_RTN };

/* x (exact, long double) rounded to floating type ty with mode rm.  The
 * nearest-even rounding is the host's conversion; the directed modes step
 * from it when it lies on the wrong side of x. */
static inline long double oclt_round(oclt_type ty, long double x, int rm)
{
    if (isnan(x) || isinf(x))
        return x;
    long double r;
    switch (ty) {
    case OT_F16: r = (_Float16)x; break;
    case OT_F32: r = (float)x; break;
    default: r = (double)x; break;
    }
    /* r may be infinite (x beyond the largest finite value); the steps
     * move between the largest finite value and infinity */
    switch (rm) {
    case OCLT_RTZ:
        if (fabsl(r) > fabsl(x))
            r = oclt_step(ty, r, x > 0 ? -1 : 1);
        break;
    case OCLT_RTP:
        if (r < x)
            r = oclt_step(ty, r, 1);
        break;
    case OCLT_RTN:
        if (r > x)
            r = oclt_step(ty, r, -1);
        break;
    default:
        break;
    }
    if (r == 0)
        r = copysignl(0.0L, x);
    return r;
}

/* ---------------------------------------------------------------- */
/* Printing                                                          */
/* ---------------------------------------------------------------- */

static inline void oclt_fmtv(char *buf, size_t n, oclt_type ty, oclt_v v)
{
    switch (ty) {
    case OT_F16: snprintf(buf, n, "%a (0x%04x)", (double)v.f, oclt_h2bits((_Float16)v.f)); break;
    case OT_F32: {
        float f = (float)v.f;
        uint32_t u;
        memcpy(&u, &f, 4);
        snprintf(buf, n, "%.9g (0x%08x)", (double)f, u);
        break;
    }
    case OT_F64: {
        double d = (double)v.f;
        uint64_t u;
        memcpy(&u, &d, 8);
        snprintf(buf, n, "%.17g (0x%016" PRIx64 ")", d, u);
        break;
    }
    case OT_U64: snprintf(buf, n, "%" PRIu64 " (0x%" PRIx64 ")", v.u, v.u); break;
    case OT_U8: case OT_U16: case OT_U32:
        snprintf(buf, n, "%" PRIu64 " (0x%" PRIx64 ")", v.u & oclt_umax(ty), v.u & oclt_umax(ty));
        break;
    default:
        snprintf(buf, n, "%" PRId64 " (0x%" PRIx64 ")", v.i,
                 ty == OT_I64 ? v.u : v.u & oclt_umax(ty == OT_NONE ? OT_U32 : (oclt_type)(ty + 1)));
        break;
    }
}

/* Counts a failing check; prints at most OCLT_SHOW lines per caller's
 * counter *shown. */
static inline void oclt_fail(oclt_t *t, int *shown, const char *fmt, ...)
{
    static int lim = -1;
    if (lim < 0)
        lim = getenv("OCLT_SHOW") ? atoi(getenv("OCLT_SHOW")) : OCLT_SHOW;
    if (*shown >= lim || t->fail_lines >= 200 + lim)
        return;
    (*shown)++;
    t->fail_lines++;
    va_list ap;
    va_start(ap, fmt);
    printf("       ");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
}

/* Records one case's verdict (ok: 1 pass, 0 fail, -1 known failure) and
 * prints its summary line. */
static inline void oclt_verdict(oclt_t *t, int ok, const char *fmt, ...)
{
    t->cases++;
    if (ok == 0 && t->xfail_mode)
        ok = -1;
    if (ok == 0)
        t->failed++;
    if (ok < 0)
        t->xfailed++;
    va_list ap;
    va_start(ap, fmt);
    printf("%s ", ok > 0 ? "ok  " : ok < 0 ? "XFAIL" : "FAIL");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
}

/* ---------------------------------------------------------------- */
/* Comparing                                                         */
/* ---------------------------------------------------------------- */

/* Error of got against the reference ref in ulps of type ty (OpenCL's
 * definition); 0 for equal values, INFINITY when a NaN or an infinity does
 * not match.  An infinite result against a finite reference counts as the
 * first value past the largest finite one (2^(emax+1)). */
static inline double oclt_ulp_err(oclt_type ty, long double got, long double ref)
{
    if (isnan(ref))
        return isnan(got) ? 0 : INFINITY;
    if (isnan(got))
        return INFINITY;
    int p, emin, emax;
    oclt_fmt(ty, &p, &emin, &emax);
    if (isinf(ref))
        return got == ref ? 0 : INFINITY;
    if (isinf(got)) {
        /* a reference beyond the largest finite value rounds to infinity */
        if (oclt_round(ty, ref, OCLT_RTE) == got)
            return 0;
        got = copysignl(ldexpl(1.0L, emax + 1), got);
    }
    if (got == ref)
        return 0;
    int e = ref == 0 ? emin : ilogbl(ref);
    if (e < emin)
        e = emin;
    if (e > emax)
        e = emax;
    return (double)(fabsl(got - ref) / ldexpl(1.0L, e - (p - 1)));
}

/* Whether got (bytes of type ty as a host value) matches one acceptable
 * result exp: exact bits, or NaN for NaN, or within ulp. */
static inline int oclt_match(oclt_type ty, oclt_v got, oclt_v exp, double ulp, unsigned flags, double *err)
{
    *err = 0;
    if (!oclt_is_float(ty)) {
        uint64_t m = oclt_tsize[ty] == 8 ? ~0ull : ((1ull << (8 * oclt_tsize[ty])) - 1);
        return ((got.u ^ exp.u) & m) == 0;
    }
    if (ulp == 0) {
        long double e = oclt_round(ty, exp.f, OCLT_RTE);
        if (isnan(e))
            return isnan(got.f);
        if (got.f != e)
            return (*err = oclt_ulp_err(ty, got.f, exp.f), 0);
        if (got.f == 0 && !(flags & OCLT_ANYZERO) && signbit(got.f) != signbit(e))
            return (*err = 0, 0);
        return 1;
    }
    *err = oclt_ulp_err(ty, got.f, exp.f);
    return *err <= ulp;
}

/* ---------------------------------------------------------------- */
/* Setup, buffers, launches                                          */
/* ---------------------------------------------------------------- */

static inline void oclt_pools(oclt_t *t);

/* Opens the first GPU device (the first CPU device when the environment
 * variable OCLT_DEVICE_TYPE is "cpu": to check a test program itself on
 * another implementation such as PoCL); the source directory (for .cl
 * files) is argv[1] if given, else the executable's directory. */
static inline void oclt_init(oclt_t *t, const char *name, int argc, char **argv)
{
    memset(t, 0, sizeof(*t));
    t->name = name;
    if (argc > 1) {
        snprintf(t->srcdir, sizeof(t->srcdir), "%s", argv[1]);
    } else {
        ssize_t n = readlink("/proc/self/exe", t->srcdir, sizeof(t->srcdir) - 1);
        char *slash = n > 0 ? (t->srcdir[n] = 0, strrchr(t->srcdir, '/')) : NULL;
        if (slash)
            *slash = 0;
        else
            snprintf(t->srcdir, sizeof(t->srcdir), ".");
    }
    cl_uint np = 0;
    cl_platform_id plats[8];
    OCLT_CHECK(t, clGetPlatformIDs(8, plats, &np), "clGetPlatformIDs");
    int found = 0;
    const char *dt = getenv("OCLT_DEVICE_TYPE");
    int cpu = dt && !strcmp(dt, "cpu");
    for (cl_uint i = 0; i < np && i < 8 && !found; i++)
        if (clGetDeviceIDs(plats[i], cpu ? CL_DEVICE_TYPE_CPU : CL_DEVICE_TYPE_GPU, 1, &t->dev, NULL) == CL_SUCCESS) {
            t->plat = plats[i];
            found = 1;
        }
    if (!found)
        oclt_die(t, cpu ? "finding a CPU device (clGetDeviceIDs, OCLT_DEVICE_TYPE=cpu)"
                        : "finding a GPU device (clGetDeviceIDs)", CL_DEVICE_NOT_FOUND);
    cl_device_fp_config cfg = 0;
    if (clGetDeviceInfo(t->dev, CL_DEVICE_DOUBLE_FP_CONFIG, sizeof(cfg), &cfg, NULL) == CL_SUCCESS)
        t->fp64 = cfg != 0;
    char ext[8192] = "";
    clGetDeviceInfo(t->dev, CL_DEVICE_EXTENSIONS, sizeof(ext) - 1, ext, NULL);
    t->fp16 = strstr(ext, "cl_khr_fp16") != NULL;
    cl_int err;
    t->ctx = clCreateContext(NULL, 1, &t->dev, NULL, NULL, &err);
    OCLT_CHECK(t, err, "clCreateContext");
    t->q = clCreateCommandQueueWithProperties(t->ctx, t->dev, NULL, &err);
    OCLT_CHECK(t, err, "clCreateCommandQueueWithProperties");
    oclt_pools(t);
}

/* Builds a program from source text; prints the build log and exits on
 * failure. */
static inline cl_program oclt_build_src(oclt_t *t, const char *src, const char *options)
{
    cl_int err;
    cl_program p = clCreateProgramWithSource(t->ctx, 1, &src, NULL, &err);
    OCLT_CHECK(t, err, "clCreateProgramWithSource");
    err = clBuildProgram(p, 1, &t->dev, options, NULL, NULL);
    if (err != CL_SUCCESS) {
        size_t n = 0;
        clGetProgramBuildInfo(p, t->dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &n);
        char *log = malloc(n + 1);
        if (log && clGetProgramBuildInfo(p, t->dev, CL_PROGRAM_BUILD_LOG, n, log, NULL) == CL_SUCCESS) {
            log[n] = 0;
            fprintf(stderr, "%s: build log (%s):\n%s\n", t->name, options, log);
        }
        free(log);
        oclt_die(t, "clBuildProgram", err);
    }
    return p;
}

/* Builds <srcdir>/<file>. */
static inline cl_program oclt_build_file(oclt_t *t, const char *file, const char *options)
{
    char path[4200];
    snprintf(path, sizeof(path), "%s/%s", t->srcdir, file);
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "%s: cannot open kernel source %s (pass its directory as argv[1])\n", t->name, path);
        exit(2);
    }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    if (!s || fread(s, 1, (size_t)n, f) != (size_t)n) {
        fprintf(stderr, "%s: cannot read %s\n", t->name, path);
        exit(2);
    }
    s[n] = 0;
    fclose(f);
    cl_program p = oclt_build_src(t, s, options);
    free(s);
    return p;
}

static inline cl_kernel oclt_kernel(oclt_t *t, cl_program p, const char *name)
{
    cl_int err;
    cl_kernel k = clCreateKernel(p, name, &err);
    OCLT_CHECK(t, err, name);
    return k;
}

/* A buffer of `size` bytes, initialised from init (or zero). */
static inline cl_mem oclt_buf(oclt_t *t, size_t size, const void *init)
{
    cl_int err;
    cl_mem m = clCreateBuffer(t->ctx, CL_MEM_READ_WRITE, size, NULL, &err);
    OCLT_CHECK(t, err, "clCreateBuffer");
    if (init) {
        OCLT_CHECK(t, clEnqueueWriteBuffer(t->q, m, CL_TRUE, 0, size, init, 0, NULL, NULL), "clEnqueueWriteBuffer");
    } else {
        uint8_t zero = 0;
        OCLT_CHECK(t, clEnqueueFillBuffer(t->q, m, &zero, 1, 0, size, 0, NULL, NULL), "clEnqueueFillBuffer");
    }
    return m;
}

static inline void oclt_read(oclt_t *t, cl_mem m, size_t size, void *dst)
{
    OCLT_CHECK(t, clEnqueueReadBuffer(t->q, m, CL_TRUE, 0, size, dst, 0, NULL, NULL), "clEnqueueReadBuffer");
}

static inline void oclt_arg_mem(oclt_t *t, cl_kernel k, cl_uint i, cl_mem m)
{
    OCLT_CHECK(t, clSetKernelArg(k, i, sizeof(m), &m), "clSetKernelArg");
}
static inline void oclt_arg(oclt_t *t, cl_kernel k, cl_uint i, size_t size, const void *v)
{
    OCLT_CHECK(t, clSetKernelArg(k, i, size, v), "clSetKernelArg");
}

/* 1-D launch (lws 0: the runtime's choice). */
static inline void oclt_run(oclt_t *t, cl_kernel k, size_t gws, size_t lws)
{
    OCLT_CHECK(t, clEnqueueNDRangeKernel(t->q, k, 1, NULL, &gws, lws ? &lws : NULL, 0, NULL, NULL),
               "clEnqueueNDRangeKernel");
}

/* ---------------------------------------------------------------- */
/* Input pools                                                        */
/* ---------------------------------------------------------------- */

static inline void oclt_pools(oclt_t *t)
{
    uint64_t s = 0x9e3779b97f4a7c15ull;
    for (int ty = OT_I8; ty <= OT_U64; ty++) {
        int64_t mn = oclt_imin((oclt_type)ty);
        uint64_t mx = oclt_umax((oclt_type)ty);
        const int64_t sp[] = {
            0, 1, 2, 3, 7, 8, 15, 16, 31, 32, 33, 63, 64, -1, -2, -3, -8, -33,
            mn, (int64_t)mx, mn + 1, (int64_t)mx - 1, (int64_t)(mx / 2), (int64_t)(mx / 2 + 1),
            (int64_t)0x5555555555555555ull, (int64_t)0xaaaaaaaaaaaaaaaaull, 100, -100, 0x7f, 0x80,
        };
        int n = (int)(sizeof(sp) / sizeof(sp[0]));
        for (int i = 0; i < OCLT_N; i++) {
            uint64_t r;
            if (i < n) {
                r = (uint64_t)sp[i];
            } else {
                r = oclt_rand(&s);
                switch (i % 4) {
                case 0: break;
                case 1: r = (uint64_t)((int64_t)r >> (oclt_rand(&s) % 64)); break;
                case 2: r = oclt_rand(&s) % 200 - 100; break;
                default: r >>= oclt_rand(&s) % 64; break;
                }
            }
            /* the low bits, then extended as the type */
            uint8_t b[8];
            memcpy(b, &r, 8);
            t->pool[ty][i] = oclt_load((oclt_type)ty, b);
        }
        t->nspecial[ty] = n;
    }
    for (int ty = OT_F16; ty <= OT_F64; ty++) {
        int p, emin, emax;
        oclt_fmt((oclt_type)ty, &p, &emin, &emax);
        const long double maxf = ldexpl(2.0L - ldexpl(1.0L, 1 - p), emax);
        const long double minn = ldexpl(1.0L, emin), mind = ldexpl(1.0L, emin - p + 1);
        const long double sp[] = {
            0.0L, -0.0L, 1.0L, -1.0L, 0.5L, -0.5L, 1.5L, -2.5L, INFINITY, -INFINITY, NAN, -NAN,
            maxf, -maxf, minn, -minn, mind, -mind, minn - mind, -(minn - mind), 3.14159265358979L,
            -1.5707963267948966L, 255.5L, -128.5L, 65535.5L, 2147483648.0L, -2147483904.0L,
            4294967296.0L, 9223372036854775808.0L, -9223372036854775808.0L, 18446744073709551616.0L,
            1e10L, -0.3L, 100.25L,
        };
        int n = (int)(sizeof(sp) / sizeof(sp[0]));
        for (int i = 0; i < OCLT_N; i++) {
            long double v;
            if (i < n) {
                v = sp[i];
            } else {
                uint64_t r = oclt_rand(&s);
                double u = (double)(r >> 11) * 0x1p-53 * 2.0 - 1.0;   /* [-1, 1) */
                switch (i % 5) {
                case 0: { /* random bits */
                    uint8_t b[8];
                    uint64_t q = oclt_rand(&s);
                    memcpy(b, &q, 8);
                    v = oclt_load((oclt_type)ty, b).f;
                    if (isnan(v))
                        v = u;
                    break;
                }
                case 1: v = u * 8; break;
                case 2: v = u * 200; break;
                case 3: v = ldexpl(u, (int)(oclt_rand(&s) % 80) - 40); break;
                default: v = rintl(u * 4096) / 4; break;   /* quarters, incl. ties */
                }
                v = oclt_round((oclt_type)ty, v, OCLT_RTE);
            }
            t->pool[ty][i] = oclt_vf(oclt_round((oclt_type)ty, v, OCLT_RTE));
            if (isnan(v))   /* keep the sign of a NaN */
                t->pool[ty][i].f = v;
        }
        t->nspecial[ty] = n;
    }
}

/* Input k (0..2) of item i for a case with argument types ty[0..2]. */
static inline oclt_v oclt_input(const oclt_t *t, const oclt_type *ty, int nargs, int k, int i)
{
    oclt_type a = ty[k] == OT_NONE ? OT_I32 : ty[k];
    int n0 = t->nspecial[ty[0] == OT_NONE ? OT_I32 : ty[0]];
    int n1 = nargs > 1 ? t->nspecial[ty[1]] : 1;
    int idx;
    if (nargs == 1) {
        idx = i;
    } else if (i < n0 * n1) {
        int nk = t->nspecial[a];
        idx = k == 0 ? i % n0 : k == 1 ? i / n0 : (i * 5 + i / n0) % nk;
    } else {
        idx = k == 0 ? i : k == 1 ? (i * 7 + 3) % OCLT_N : (i * 13 + 5) % OCLT_N;
    }
    return t->pool[a][idx];
}

/* ---------------------------------------------------------------- */
/* Expression cases                                                   */
/* ---------------------------------------------------------------- */

static inline int oclt_nargs(const oclt_case *c)
{
    return c->c ? 3 : c->b ? 2 : 1;
}

static inline int oclt_needs(const oclt_case *c, oclt_type ty)
{
    return c->r == ty || c->a == ty || c->b == ty || c->c == ty;
}

/* Checks one case's results (bytes `got`, OCLT_N values of type c->r). */
static inline void oclt_check_case(oclt_t *t, const oclt_case *c, const uint8_t *got)
{
    oclt_type ty[3] = { c->a, c->b, c->c };
    int nargs = oclt_nargs(c), bad = 0, shown = 0, checked = 0;
    double maxerr = 0;
    for (int i = 0; i < OCLT_N; i++) {
        oclt_v in[3], exp[3];
        for (int k = 0; k < 3; k++)
            in[k] = k < nargs ? oclt_input(t, ty, nargs, k, i) : oclt_vi(0);
        int nexp = c->ref(c, in, exp);
        if (nexp <= 0)
            continue;
        checked++;
        oclt_v g = oclt_load(c->r, got + (size_t)i * oclt_tsize[c->r]);
        double err = 0, best = INFINITY;
        int ok = 0;
        for (int e = 0; e < nexp && !ok; e++) {
            ok = oclt_match(c->r, g, exp[e], c->ulp, c->flags, &err);
            if (err < best)
                best = err;
        }
        if (ok && oclt_is_float(c->r) && c->ulp > 0 && best > maxerr)
            maxerr = best;
        if (!ok) {
            bad++;
            char sa[3][64], sg[64], se[64];
            for (int k = 0; k < 3; k++)
                oclt_fmtv(sa[k], sizeof(sa[k]), ty[k], in[k]);
            oclt_fmtv(sg, sizeof(sg), c->r, g);
            oclt_fmtv(se, sizeof(se), c->r, oclt_is_float(c->r) && c->ulp == 0
                      ? oclt_vf(oclt_round(c->r, exp[0].f, OCLT_RTE)) : exp[0]);
            char ue[48] = "";
            if (oclt_is_float(c->r))
                snprintf(ue, sizeof(ue), ", %.3g ulp", best);
            if (nargs == 1)
                oclt_fail(t, &shown, "a=%s: got %s expected %s%s", sa[0], sg, se, ue);
            else if (nargs == 2)
                oclt_fail(t, &shown, "a=%s b=%s: got %s expected %s%s", sa[0], sa[1], sg, se, ue);
            else
                oclt_fail(t, &shown, "a=%s b=%s c=%s: got %s expected %s%s", sa[0], sa[1], sa[2], sg, se, ue);
        }
    }
    char types[64];
    snprintf(types, sizeof(types), "%s<-%s%s%s%s%s", oclt_tname[c->r], oclt_tname[c->a],
             nargs > 1 ? "," : "", nargs > 1 ? oclt_tname[c->b] : "",
             nargs > 2 ? "," : "", nargs > 2 ? oclt_tname[c->c] : "");
    int ok = bad == 0 ? 1 : (c->flags & OCLT_XFAIL) ? -1 : 0;
    if (oclt_is_float(c->r) && c->ulp > 0)
        oclt_verdict(t, ok, "%s %s: %d inputs, %d mismatches, max %.2f ulp (bound %g)",
                     c->expr, types, checked, bad, maxerr, c->ulp);
    else
        oclt_verdict(t, ok, "%s %s: %d inputs, %d mismatches", c->expr, types, checked, bad);
}

/* Generates, builds and runs the cases (build options `options`), and
 * checks each.  A kernel holds consecutive cases of the same argument and
 * result types (IGC merges e.g. convert_char(a) and convert_uchar(a) of
 * one half into one `mov :b`, whose hardware clamping to [-128, 127], seed
 * 001 §2.4.1, then shows in the uchar result).  Cases needing double or
 * half on a device without them are reported as not applicable and left
 * out; the others run.
 */
static inline void oclt_run_cases(oclt_t *t, const oclt_case *cases, int n, const char *options)
{
    /* group: consecutive runs of cases with identical argument types */
    int *gstart = malloc(sizeof(int) * (size_t)(n + 1));
    int ng = 0;
    for (int i = 0; i < n; i++) {
        if (i == 0 || cases[i].a != cases[i - 1].a || cases[i].b != cases[i - 1].b ||
            cases[i].c != cases[i - 1].c || cases[i].r != cases[i - 1].r ||
            i - gstart[ng - 1] >= OCLT_GROUP)
            gstart[ng++] = i;
    }
    gstart[ng] = n;
    size_t cap = 4096 + (size_t)n * 512;
    char *src = malloc(cap);
    size_t len = 0;
    len += (size_t)snprintf(src + len, cap - len,
                            "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
                            "#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n");
    for (int g = 0; g < ng; g++) {
        const oclt_case *c0 = &cases[gstart[g]];
        len += (size_t)snprintf(src + len, cap - len,
                                "kernel void g%d(global const %s *A, global const %s *B, global const %s *C, global uchar *R)\n"
                                "{\n  size_t i = get_global_id(0);\n  %s a = A[i]; %s b = B[i]; %s c = C[i];\n"
                                "  (void)a; (void)b; (void)c;\n",
                                g, oclt_tname[c0->a], oclt_tname[c0->b], oclt_tname[c0->c],
                                oclt_tname[c0->a], oclt_tname[c0->b], oclt_tname[c0->c]);
        for (int j = gstart[g]; j < gstart[g + 1]; j++)
            len += (size_t)snprintf(src + len, cap - len, "  ((global %s *)(R + %d))[i] = (%s);\n",
                                    oclt_tname[cases[j].r], (j - gstart[g]) * OCLT_N * 8, cases[j].expr);
        len += (size_t)snprintf(src + len, cap - len, "}\n");
    }
    const char *dump = getenv("OCLT_SOURCE");
    if (dump && *dump) {
        FILE *f = fopen(dump, "w");
        if (f) {
            fputs(src, f);
            fclose(f);
        }
    }
    int need64 = 0, need16 = 0;
    for (int i = 0; i < n; i++) {
        need64 |= oclt_needs(&cases[i], OT_F64);
        need16 |= oclt_needs(&cases[i], OT_F16);
    }
    if ((need64 && !t->fp64) || (need16 && !t->fp16)) {
        /* A device without double (Tiger Lake) or half: those cases do not
         * apply (OpenCL C forbids the types there); every other case runs. */
        free(src);
        free(gstart);
        oclt_case *keep = malloc(sizeof(*keep) * (size_t)n);
        int m = 0;
        for (int i = 0; i < n; i++)
            if (!((oclt_needs(&cases[i], OT_F64) && !t->fp64) || (oclt_needs(&cases[i], OT_F16) && !t->fp16)))
                keep[m++] = cases[i];
        printf("note: %d of %d cases need %s, which the device lacks: not applicable\n", n - m, n,
               !t->fp64 && !t->fp16 ? "cl_khr_fp64 or cl_khr_fp16" : !t->fp64 ? "cl_khr_fp64" : "cl_khr_fp16");
        if (m)
            oclt_run_cases(t, keep, m, options);
        free(keep);
        return;
    }
    cl_program prog = oclt_build_src(t, src, options);
    free(src);

    uint8_t *host = malloc((size_t)OCLT_N * 8 * OCLT_GROUP);
    for (int g = 0; g < ng; g++) {
        const oclt_case *c0 = &cases[gstart[g]];
        oclt_type ty[3] = { c0->a, c0->b, c0->c };
        int nargs = oclt_nargs(c0);
        char kname[16];
        snprintf(kname, sizeof(kname), "g%d", g);
        cl_kernel k = oclt_kernel(t, prog, kname);
        cl_mem in[3];
        for (int a = 0; a < 3; a++) {
            oclt_type at = ty[a] == OT_NONE ? OT_I32 : ty[a];
            for (int i = 0; i < OCLT_N; i++)
                oclt_store(at, host + (size_t)i * oclt_tsize[at],
                           a < nargs ? oclt_input(t, ty, nargs, a, i) : oclt_vi(0));
            in[a] = oclt_buf(t, (size_t)OCLT_N * oclt_tsize[at], host);
            oclt_arg_mem(t, k, (cl_uint)a, in[a]);
        }
        size_t rsize = (size_t)OCLT_N * 8 * (size_t)(gstart[g + 1] - gstart[g]);
        memset(host, 0xcd, rsize);
        cl_mem r = oclt_buf(t, rsize, host);   /* poisoned: unwritten results show */
        oclt_arg_mem(t, k, 3, r);
        oclt_run(t, k, OCLT_N, 0);
        oclt_read(t, r, rsize, host);
        for (int j = gstart[g]; j < gstart[g + 1]; j++)
            oclt_check_case(t, &cases[j], host + (size_t)(j - gstart[g]) * OCLT_N * 8);
        for (int a = 0; a < 3; a++)
            clReleaseMemObject(in[a]);
        clReleaseMemObject(r);
        clReleaseKernel(k);
    }
    free(host);
    free(gstart);
    clReleaseProgram(prog);
}

/* Prints the verdict; returns the exit status. */
static inline int oclt_finish(oclt_t *t)
{
    OCLT_CHECK(t, clFinish(t->q), "clFinish");
    if (t->failed) {
        printf("FAIL %s (%d of %d cases failed)\n", t->name, t->failed, t->cases);
        return 1;
    }
    if (t->xfailed)
        printf("PASS %s (%d cases, %d known failures)\n", t->name, t->cases, t->xfailed);
    else
        printf("PASS %s (%d cases)\n", t->name, t->cases);
    return 0;
}

#endif /* GTSIM_OCLT_H */
