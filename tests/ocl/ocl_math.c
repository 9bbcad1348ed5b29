/* ocl_math: float and double arithmetic, math, common and relational
 * built-ins against the CPU, with inputs covering ±0, ±inf, NaN, denormals
 * and large arguments.  Bounds: OpenCL 1.2 §7.4 (single) and §9.3.9
 * (double) "Relative Error as ULPs": exact where the table says 0 or
 * "correctly rounded", otherwise its ULP bound, measured against the
 * long double result of the host's libm.  The single-precision divide and
 * sqrt are checked twice: at 2.5 / 3 ulp by default and correctly rounded
 * with -cl-fp32-correctly-rounded-divide-sqrt.  mad() may be either the
 * fused or the twice-rounded a * b + c (OpenCL allows any, these are the
 * two the hardware has).  fmin/fmax of a NaN and a number give the number;
 * the sign of a zero from fmin/fmax(-0, +0) is not specified. */
#include "oclt.h"

typedef long double ld;

enum {
    M_ADD, M_SUB, M_MUL, M_DIV, M_NEG, M_FABS, M_SQRT, M_RSQRT, M_FMA, M_MAD, M_FMIN, M_FMAX,
    M_FLOOR, M_CEIL, M_RINT, M_ROUND, M_TRUNC, M_COPYSIGN, M_FDIM, M_FMOD, M_LDEXP,
    M_SIN, M_COS, M_TAN, M_EXP, M_EXP2, M_EXP10, M_LOG, M_LOG2, M_LOG10, M_POW, M_ATAN, M_ATAN2,
    M_ASIN, M_ACOS, M_SINH, M_COSH, M_TANH, M_CBRT, M_HYPOT, M_EXPM1, M_LOG1P,
    M_ISNAN, M_ISINF, M_ISFINITE, M_SIGNBIT, M_CMP, M_SELECT, M_BITSELECT, M_NOPS
};

static const struct {
    const char *expr;
    int nargs;
    double ulp_f, ulp_d;   /* 0: exact */
    int rint;              /* result int (relational) */
} mops[M_NOPS] = {
    [M_ADD] = { "a + b", 2, 0, 0, 0 },
    [M_SUB] = { "a - b", 2, 0, 0, 0 },
    [M_MUL] = { "a * b", 2, 0, 0, 0 },
    [M_DIV] = { "a / b", 2, 2.5, 0, 0 },
    [M_NEG] = { "-a", 1, 0, 0, 0 },
    [M_FABS] = { "fabs(a)", 1, 0, 0, 0 },
    [M_SQRT] = { "sqrt(a)", 1, 3, 0, 0 },
    [M_RSQRT] = { "rsqrt(a)", 1, 2, 2, 0 },
    [M_FMA] = { "fma(a, b, c)", 3, 0, 0, 0 },
    [M_MAD] = { "mad(a, b, c)", 3, 0, 0, 0 },
    [M_FMIN] = { "fmin(a, b)", 2, 0, 0, 0 },
    [M_FMAX] = { "fmax(a, b)", 2, 0, 0, 0 },
    [M_FLOOR] = { "floor(a)", 1, 0, 0, 0 },
    [M_CEIL] = { "ceil(a)", 1, 0, 0, 0 },
    [M_RINT] = { "rint(a)", 1, 0, 0, 0 },
    [M_ROUND] = { "round(a)", 1, 0, 0, 0 },
    [M_TRUNC] = { "trunc(a)", 1, 0, 0, 0 },
    [M_COPYSIGN] = { "copysign(a, b)", 2, 0, 0, 0 },
    [M_FDIM] = { "fdim(a, b)", 2, 0, 0, 0 },
    [M_FMOD] = { "fmod(a, b)", 2, 0, 0, 0 },
    [M_LDEXP] = { "ldexp(a, b)", 2, 0, 0, 0 },
    [M_SIN] = { "sin(a)", 1, 4, 4, 0 },
    [M_COS] = { "cos(a)", 1, 4, 4, 0 },
    [M_TAN] = { "tan(a)", 1, 5, 5, 0 },
    [M_EXP] = { "exp(a)", 1, 3, 3, 0 },
    [M_EXP2] = { "exp2(a)", 1, 3, 3, 0 },
    [M_EXP10] = { "exp10(a)", 1, 3, 3, 0 },
    [M_LOG] = { "log(a)", 1, 3, 3, 0 },
    [M_LOG2] = { "log2(a)", 1, 3, 3, 0 },
    [M_LOG10] = { "log10(a)", 1, 3, 3, 0 },
    [M_POW] = { "pow(a, b)", 2, 16, 16, 0 },
    [M_ATAN] = { "atan(a)", 1, 5, 5, 0 },
    [M_ATAN2] = { "atan2(a, b)", 2, 6, 6, 0 },
    [M_ASIN] = { "asin(a)", 1, 4, 4, 0 },
    [M_ACOS] = { "acos(a)", 1, 4, 4, 0 },
    [M_SINH] = { "sinh(a)", 1, 4, 4, 0 },
    [M_COSH] = { "cosh(a)", 1, 4, 4, 0 },
    [M_TANH] = { "tanh(a)", 1, 5, 5, 0 },
    [M_CBRT] = { "cbrt(a)", 1, 2, 2, 0 },
    [M_HYPOT] = { "hypot(a, b)", 2, 4, 4, 0 },
    [M_EXPM1] = { "expm1(a)", 1, 3, 3, 0 },
    [M_LOG1P] = { "log1p(a)", 1, 2, 2, 0 },
    [M_ISNAN] = { "isnan(a)", 1, 0, 0, 1 },
    [M_ISINF] = { "isinf(a)", 1, 0, 0, 1 },
    [M_ISFINITE] = { "isfinite(a)", 1, 0, 0, 1 },
    [M_SIGNBIT] = { "signbit(a)", 1, 0, 0, 1 },
    [M_CMP] = { "isequal(a, b) | (isnotequal(a, b) << 1) | (isless(a, b) << 2) | (islessequal(a, b) << 3)"
                " | (isgreater(a, b) << 4) | (isgreaterequal(a, b) << 5) | (isunordered(a, b) << 6)"
                " | (isordered(a, b) << 7) | (islessgreater(a, b) << 8) | ((a < b) << 9) | ((a == b) << 10)"
                " | ((a != b) << 11)", 2, 0, 0, 1 },
    [M_SELECT] = { "select(a, b, c)", 3, 0, 0, 0 },
    [M_BITSELECT] = { "bitselect(a, b, c)", 3, 0, 0, 0 },
};

/* a, b, c of the case's type: as exact long doubles. */
static ld round_to(oclt_type t, ld x) { return oclt_round(t, x, OCLT_RTE); }

static uint64_t bits_of(oclt_type t, ld x)
{
    uint8_t b[8] = { 0 };
    oclt_store(t, b, oclt_vf(x));
    uint64_t u = 0;
    memcpy(&u, b, (size_t)oclt_tsize[t]);
    return u;
}

static int ref_math(const oclt_case *c, const oclt_v *in, oclt_v *out)
{
    oclt_type t = c->a;
    ld a = in[0].f, b = in[1].f, x = in[2].f;
    switch (c->op) {
    /* correctly rounded: the exact value rounded once (long double holds
     * the exact sum/product of two floats; for double operands the host
     * computes in double, which is correctly rounded) */
    case M_ADD: *out = oclt_vf(t == OT_F64 ? (ld)((double)a + (double)b) : round_to(t, a + b)); return 1;
    case M_SUB: *out = oclt_vf(t == OT_F64 ? (ld)((double)a - (double)b) : round_to(t, a - b)); return 1;
    case M_MUL: *out = oclt_vf(t == OT_F64 ? (ld)((double)a * (double)b) : round_to(t, a * b)); return 1;
    case M_DIV:
        if (t == OT_F64 || c->ulp == 0)
            *out = oclt_vf(t == OT_F64 ? (ld)((double)a / (double)b) : (ld)((float)a / (float)b));
        else
            *out = oclt_vf(a / b);
        return 1;
    case M_NEG: *out = oclt_vf(-a); return 1;
    case M_FABS: *out = oclt_vf(fabsl(a)); return 1;
    case M_SQRT:
        *out = oclt_vf(t == OT_F64 ? (ld)sqrt((double)a) : c->ulp == 0 ? (ld)sqrtf((float)a) : sqrtl(a));
        return 1;
    case M_RSQRT: *out = oclt_vf(1.0L / sqrtl(a)); return 1;
    case M_FMA: *out = oclt_vf(t == OT_F64 ? (ld)fma((double)a, (double)b, (double)x) : (ld)fmaf((float)a, (float)b, (float)x)); return 1;
    case M_MAD:
        if (t == OT_F64) {
            out[0] = oclt_vf(fma((double)a, (double)b, (double)x));
            volatile double p = (double)a * (double)b;
            out[1] = oclt_vf(p + (double)x);
        } else {
            out[0] = oclt_vf(fmaf((float)a, (float)b, (float)x));
            volatile float p = (float)a * (float)b;
            out[1] = oclt_vf(p + (float)x);
        }
        return 2;
    case M_FMIN:
    case M_FMAX:
        *out = oclt_vf(c->op == M_FMIN ? fminl(a, b) : fmaxl(a, b));
        return 1;
    case M_FLOOR: *out = oclt_vf(floorl(a)); return 1;
    case M_CEIL: *out = oclt_vf(ceill(a)); return 1;
    case M_RINT: *out = oclt_vf(rintl(a)); return 1;
    case M_ROUND: *out = oclt_vf(roundl(a)); return 1;
    case M_TRUNC: *out = oclt_vf(truncl(a)); return 1;
    case M_COPYSIGN: *out = oclt_vf(copysignl(a, b)); return 1;
    case M_FDIM: *out = oclt_vf(round_to(t, fdiml(a, b))); return 1;
    case M_FMOD: *out = oclt_vf(fmodl(a, b)); return 1;   /* exact */
    case M_LDEXP: *out = oclt_vf(round_to(t, ldexpl(a, (int)in[1].i))); return 1;
    case M_SIN: *out = oclt_vf(sinl(a)); return 1;
    case M_COS: *out = oclt_vf(cosl(a)); return 1;
    case M_TAN: *out = oclt_vf(tanl(a)); return 1;
    case M_EXP: *out = oclt_vf(expl(a)); return 1;
    case M_EXP2: *out = oclt_vf(exp2l(a)); return 1;
    case M_EXP10: *out = oclt_vf(exp10l(a)); return 1;
    case M_LOG: *out = oclt_vf(logl(a)); return 1;
    case M_LOG2: *out = oclt_vf(log2l(a)); return 1;
    case M_LOG10: *out = oclt_vf(log10l(a)); return 1;
    case M_POW:
        /* special operands by the double pow (exact there; the x87 powl
         * gets pow(-inf, -2^63) wrong) */
        if (!isfinite(a) || !isfinite(b) || a == 0)
            *out = oclt_vf(pow((double)a, (double)b));
        else
            *out = oclt_vf(powl(a, b));
        return 1;
    case M_ATAN: *out = oclt_vf(atanl(a)); return 1;
    case M_ATAN2: *out = oclt_vf(atan2l(a, b)); return 1;
    case M_ASIN: *out = oclt_vf(asinl(a)); return 1;
    case M_ACOS: *out = oclt_vf(acosl(a)); return 1;
    case M_SINH: *out = oclt_vf(sinhl(a)); return 1;
    case M_COSH: *out = oclt_vf(coshl(a)); return 1;
    case M_TANH: *out = oclt_vf(tanhl(a)); return 1;
    case M_CBRT: *out = oclt_vf(cbrtl(a)); return 1;
    case M_HYPOT: *out = oclt_vf(hypotl(a, b)); return 1;
    case M_EXPM1: *out = oclt_vf(expm1l(a)); return 1;
    case M_LOG1P: *out = oclt_vf(log1pl(a)); return 1;
    /* scalar relational functions return 1 / 0 (OpenCL 1.2 §6.12.6) */
    case M_ISNAN: *out = oclt_vi(isnan(a) != 0); return 1;
    case M_ISINF: *out = oclt_vi(isinf(a) != 0); return 1;
    case M_ISFINITE: *out = oclt_vi(isfinite(a) != 0); return 1;
    case M_SIGNBIT: *out = oclt_vi(signbit(a) != 0); return 1;
    case M_CMP: {
        int un = isnan(a) || isnan(b);
        int r = (a == b) | ((a != b) << 1) | ((a < b) << 2) | ((a <= b) << 3) | ((a > b) << 4) |
                ((a >= b) << 5) | (un << 6) | (!un << 7) | ((a < b || a > b) << 8) | ((a < b) << 9) |
                ((a == b) << 10) | ((a != b) << 11);
        *out = oclt_vi(r);
        return 1;
    }
    case M_SELECT: {
        /* scalar select: c ? b : a, c an integer of the same size (MSB is
         * not used for scalars) */
        *out = in[2].i ? in[1] : in[0];
        return 1;
    }
    case M_BITSELECT: {
        uint64_t ua = bits_of(t, a), ub = bits_of(t, b), uc = bits_of(t, x);
        uint64_t r = (ua & ~uc) | (ub & uc);
        uint8_t buf[8];
        memcpy(buf, &r, 8);
        *out = oclt_load(t, buf);
        return 1;
    }
    }
    return 0;
}

static int add_cases(oclt_case *cases, int n, oclt_type t, int cr_divsqrt)
{
    for (int op = 0; op < M_NOPS; op++) {
        if (cr_divsqrt && op != M_DIV && op != M_SQRT)
            continue;
        oclt_case *c = &cases[n++];
        memset(c, 0, sizeof(*c));
        c->expr = mops[op].expr;
        c->op = op;
        c->ref = ref_math;
        c->a = t;
        c->b = mops[op].nargs > 1 ? t : OT_NONE;
        c->c = mops[op].nargs > 2 ? t : OT_NONE;
        c->r = mops[op].rint ? OT_I32 : t;
        c->ulp = t == OT_F64 ? mops[op].ulp_d : cr_divsqrt ? 0 : mops[op].ulp_f;
        if (op == M_FMIN || op == M_FMAX || op == M_MAD)
            c->flags |= OCLT_ANYZERO;
        /* IGC's float round() is rndz(x + copysign(0.49999997, x)) with the
         * sign from x < 0, so round(-0) = -0 + 0.49999997 -> +0; its double
         * floor/ceil/round are integer sequences ending in an IEEE add that
         * turns a -0 result into +0 (ceil(-0.5) = +0).  The sign of these
         * zeros is a compiler property; the values are checked exactly. */
        if ((op == M_ROUND && t == OT_F32) ||
            (t == OT_F64 && (op == M_FLOOR || op == M_CEIL || op == M_ROUND)))
            c->flags |= OCLT_ANYZERO;
        if (op == M_LDEXP)
            c->b = OT_I32;
        if (op == M_SELECT)
            c->c = t == OT_F64 ? OT_I64 : OT_I32;
    }
    return n;
}

int main(int argc, char **argv)
{
    oclt_t t;
    oclt_init(&t, "ocl_math", argc, argv);
    static oclt_case cases[3 * M_NOPS];
    int n = add_cases(cases, 0, OT_F32, 0);
    n = add_cases(cases, n, OT_F64, 0);
    /* group by argument types */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0; j--) {
            oclt_case *p = &cases[j - 1], *q = &cases[j];
            int kp = p->a * 4096 + p->b * 256 + p->c * 16 + p->r, kq = q->a * 4096 + q->b * 256 + q->c * 16 + q->r;
            if (kp <= kq)
                break;
            oclt_case tmp = *p;
            *p = *q;
            *q = tmp;
        }
    oclt_run_cases(&t, cases, n, "");
    printf("-- with -cl-fp32-correctly-rounded-divide-sqrt\n");
    int m = add_cases(cases, 0, OT_F32, 1);
    oclt_run_cases(&t, cases, m, "-cl-fp32-correctly-rounded-divide-sqrt");
    return oclt_finish(&t);
}
