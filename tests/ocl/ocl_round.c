/* ocl_round: floor, ceil, rint, round, trunc (OpenCL C §6.13.2, exact) and
 * fract(x, &ip) on float, double and half, for the special values of
 * oclt.h's pools (signed zeros, +-0.3 / +-0.5 / +-1.5 / +-2.5, denormals,
 * the largest values, infinities, NaN) and pseudo-random values including
 * quarters (ties), compiled by IGC and run through gtsim.  Expected values
 * are IEEE 754 roundToIntegral results computed on the host, with the sign
 * of every zero checked.  Where they use rndd/rndu/rnde/rndz (float and
 * half floor/ceil/rint/trunc, double rint/trunc) a zero keeps the input's
 * sign: floor(-0) = -0, ceil(-0.3) = -0, rint(-0.5) = -0 (seed 004 rndd ...
 * pages, IEEE).  Where Intel's compiler lowers a function to an instruction
 * sequence (ocloc -device skl; IGC of NEO 22.43), the expectation is what
 * that sequence gives on the hardware, by the seeds' IEEE rules, and these
 * differ from OpenCL C §7.5.1 (a compiler matter, not gtsim's):
 *   - double floor/ceil (and fract's ip): truncation by masking, then an
 *     IEEE add of 0.0 or -+1.0: a zero result is +0 (floor(-0) = +0,
 *     ceil(-0.5) = +0), since -0 + +0 = +0 in round-to-nearest;
 *   - round (all types): trunc(x + (x < 0 ? -0.49999.. : 0.49999..)):
 *     round(-0) = +0 (-0 < 0 is false), round(-0.3) = -0;
 *   - float and half fract: x - rndd(x) then min(.., clamp): fract(-0) =
 *     +0; the half clamp is 1.0, so fract(-2^-24) = 1.0 in half.
 * The instruction-level side (rndd/rndu/rnde/rndz/frc on F and DF edge
 * values, and the tail of the double floor sequence) is euexec_conform. */
#include "oclt.h"

enum { R_FLOOR, R_CEIL, R_RINT, R_ROUND, R_TRUNC, R_FRACT, R_FRACT_IP, R_NOPS };
/* op flags: how Intel's compiler (IGC, ocloc -device skl) lowers the
 * function, i.e. what the instructions it emits give on the hardware */
#define ZERO_PLUS 0x100     /* integer sequence + IEEE add: a zero result is +0 */
#define NEG0_PLUS 0x200     /* rndz(x + (x < 0 ? -0.49999997 : 0.49999997)): x = -0 gives +0 */
#define FRACT_SUB 0x400     /* x - rndd(x) in the type, then min(.., clamp): -0 gives +0 */
#define FRACT_HALF1 0x800   /* the half clamp is 1.0 (IGC), not the largest half below 1 */

static long double ieee(int op, long double x)
{
    switch (op) {
    case R_FLOOR: return floorl(x);
    case R_CEIL: return ceill(x);
    case R_RINT: return rintl(x);
    case R_ROUND: return roundl(x);
    default: return truncl(x);
    }
}

static int ref_round(const oclt_case *c, const oclt_v *in, oclt_v *out)
{
    long double x = in[0].f;
    int op = c->op & 0xff;
    if (op == R_FRACT_IP) {
        long double r = floorl(x);
        if (r == 0 && (c->op & ZERO_PLUS))
            r = 0.0L;
        *out = oclt_vf(r);
        return 1;
    }
    if (op == R_FRACT) {
        if (isnan(x) || isinf(x)) {      /* NaN; fract(+-inf) = +-0 */
            *out = oclt_vf(isnan(x) ? x : copysignl(0.0L, x));
            return 1;
        }
        if (x == 0) {                    /* fract(+-0) = +-0, or +0 = -0 - -0 */
            *out = oclt_vf((c->op & FRACT_SUB) ? 0.0L : x);
            return 1;
        }
        /* x - floor(x) is exact for double and float operands up to their
         * precision; rounded to the type it may reach 1 */
        long double r = oclt_round(c->r, x - floorl(x), OCLT_RTE);
        long double below1 = c->r == OT_F64 ? 1.0L - ldexpl(1, -53)
                           : c->r == OT_F32 ? 1.0L - ldexpl(1, -24) : 1.0L - ldexpl(1, -11);
        if (r >= 1)
            r = (c->op & FRACT_HALF1) ? 1.0L : below1;
        *out = oclt_vf(r);
        return 1;
    }
    long double r = ieee(op, x);
    if (r == 0 && (c->op & ZERO_PLUS))
        r = 0.0L;
    if (x == 0 && signbit(x) && (c->op & NEG0_PLUS))
        r = 0.0L;
    *out = oclt_vf(r);
    return 1;
}

int main(int argc, char **argv)
{
    oclt_t t;
    oclt_init(&t, "ocl_round", argc, argv);
    static const char *const fn[R_NOPS] = { "floor", "ceil", "rint", "round", "trunc", "fract", "fract" };
    static oclt_case cases[3 * R_NOPS];
    static char exprs[3 * R_NOPS][96];
    int n = 0;
    const oclt_type types[3] = { OT_F32, OT_F64, OT_F16 };
    for (int ti = 0; ti < 3; ti++) {
        oclt_type ty = types[ti];
        for (int op = 0; op < R_NOPS; op++) {
            oclt_case *c = &cases[n];
            memset(c, 0, sizeof(*c));
            if (op == R_FRACT)
                snprintf(exprs[n], sizeof exprs[n], "({ %s ip; fract(a, &ip); })", oclt_tname[ty]);
            else if (op == R_FRACT_IP)
                snprintf(exprs[n], sizeof exprs[n], "({ %s ip; (void)fract(a, &ip); ip; })", oclt_tname[ty]);
            else
                snprintf(exprs[n], sizeof exprs[n], "%s(a)", fn[op]);
            c->expr = exprs[n];
            c->r = c->a = ty;
            c->ref = ref_round;
            c->op = op;
            if (ty == OT_F64 && (op == R_FLOOR || op == R_CEIL || op == R_FRACT_IP))
                c->op |= ZERO_PLUS;
            if (op == R_ROUND)
                c->op |= NEG0_PLUS;
            if (ty != OT_F64 && op == R_FRACT)
                c->op |= FRACT_SUB | (ty == OT_F16 ? FRACT_HALF1 : 0);
            n++;
        }
    }
    oclt_run_cases(&t, cases, n, "");
    return oclt_finish(&t);
}
