/* ocl_int: integer arithmetic and the OpenCL integer built-ins (OpenCL 1.2
 * §6.3 operators, §6.12.3 integer functions) on every integer scalar type
 * (char ... ulong), exact against the CPU.
 *
 * Operators follow OpenCL C's C99 rules: char and short operands are
 * promoted to int (so shifts of them use the low 5 bits of the count, and
 * char/short division cannot overflow); int and long shifts use the low
 * log2(bits) bits of the count; INT_MIN / -1 and division by zero are
 * undefined (not checked).  Built-ins work on the element type (rotate of a
 * char rotates 8 bits); mul24/mad24 are defined only for 24-bit operands. */
#include "oclt.h"

enum {
    I_ADD, I_SUB, I_MUL, I_DIV, I_REM, I_AND, I_OR, I_XOR, I_NOT, I_NEG, I_SHL, I_SHR,
    I_CMP, I_LOGIC, I_TERN, I_ABS, I_ABSDIFF, I_ADDSAT, I_SUBSAT, I_HADD, I_RHADD, I_MULHI,
    I_MADHI, I_MADSAT, I_ROTATE, I_CLZ, I_POPCNT, I_MAX, I_MIN, I_CLAMP, I_MUL24, I_MAD24,
    I_UPSAMPLE, I_NOPS
};

static const struct {
    const char *expr;
    int nargs;
    int rkind;   /* 0: the type, 1: int, 2: its unsigned type, 3: the twice wider type */
} iops[I_NOPS] = {
    [I_ADD] = { "a + b", 2, 0 },
    [I_SUB] = { "a - b", 2, 0 },
    [I_MUL] = { "a * b", 2, 0 },
    [I_DIV] = { "a / b", 2, 0 },
    [I_REM] = { "a % b", 2, 0 },
    [I_AND] = { "a & b", 2, 0 },
    [I_OR] = { "a | b", 2, 0 },
    [I_XOR] = { "a ^ b", 2, 0 },
    [I_NOT] = { "~a", 1, 0 },
    [I_NEG] = { "-a", 1, 0 },
    [I_SHL] = { "a << b", 2, 0 },
    [I_SHR] = { "a >> b", 2, 0 },
    [I_CMP] = { "(a < b) | ((a == b) << 1) | ((a > b) << 2) | ((a != b) << 3) | ((a <= b) << 4) | ((a >= b) << 5)", 2, 1 },
    [I_LOGIC] = { "(a && b) | ((a || b) << 1) | (!a << 2)", 2, 1 },
    [I_TERN] = { "a > b ? a : c", 3, 0 },
    [I_ABS] = { "abs(a)", 1, 2 },
    [I_ABSDIFF] = { "abs_diff(a, b)", 2, 2 },
    [I_ADDSAT] = { "add_sat(a, b)", 2, 0 },
    [I_SUBSAT] = { "sub_sat(a, b)", 2, 0 },
    [I_HADD] = { "hadd(a, b)", 2, 0 },
    [I_RHADD] = { "rhadd(a, b)", 2, 0 },
    [I_MULHI] = { "mul_hi(a, b)", 2, 0 },
    [I_MADHI] = { "mad_hi(a, b, c)", 3, 0 },
    [I_MADSAT] = { "mad_sat(a, b, c)", 3, 0 },
    [I_ROTATE] = { "rotate(a, b)", 2, 0 },
    [I_CLZ] = { "clz(a)", 1, 0 },
    [I_POPCNT] = { "popcount(a)", 1, 0 },
    [I_MAX] = { "max(a, b)", 2, 0 },
    [I_MIN] = { "min(a, b)", 2, 0 },
    [I_CLAMP] = { "clamp(a, b, c)", 3, 0 },
    [I_MUL24] = { "mul24(a, b)", 2, 0 },
    [I_MAD24] = { "mad24(a, b, c)", 3, 0 },
    [I_UPSAMPLE] = { "upsample(a, b)", 2, 3 },
};

typedef __int128 i128;
typedef unsigned __int128 u128;

static int bits_of(oclt_type t) { return 8 * oclt_tsize[t]; }
static i128 val(const oclt_v *v, oclt_type t) { return oclt_is_signed(t) ? (i128)v->i : (i128)v->u; }
static oclt_v wrap(i128 x) { return oclt_vu((uint64_t)(u128)x); }
static i128 sat(i128 x, oclt_type t)
{
    i128 lo = oclt_imin(t), hi = (i128)oclt_umax(t);
    return x < lo ? lo : x > hi ? hi : x;
}
/* floor(x / 2^s) for a 128-bit value (arithmetic shift). */
static i128 asr(i128 x, int s) { return x >= 0 ? x >> s : -((-x - 1) >> s) - 1; }

static int ref_int(const oclt_case *c, const oclt_v *in, oclt_v *out)
{
    oclt_type t = c->a;
    int n = bits_of(t), sg = oclt_is_signed(t);
    i128 a = val(&in[0], t), b = val(&in[1], t), x = val(&in[2], t);
    int pn = n < 32 ? 32 : n;   /* width after integer promotion */
    switch (c->op) {
    case I_ADD: *out = wrap(a + b); return 1;
    case I_SUB: *out = wrap(a - b); return 1;
    case I_MUL: *out = wrap((i128)((u128)a * (u128)b)); return 1;
    case I_DIV:
    case I_REM:
        if (b == 0 || (sg && n >= 32 && a == oclt_imin(t) && b == -1))
            return 0;
        *out = wrap(c->op == I_DIV ? a / b : a % b);
        return 1;
    case I_AND: *out = wrap(a & b); return 1;
    case I_OR: *out = wrap(a | b); return 1;
    case I_XOR: *out = wrap(a ^ b); return 1;
    case I_NOT: *out = wrap(~a); return 1;
    case I_NEG: *out = wrap(-a); return 1;
    case I_SHL: *out = wrap((i128)((u128)a << (int)(b & (pn - 1)))); return 1;
    case I_SHR: *out = wrap(asr(a, (int)(b & (pn - 1)))); return 1;
    case I_CMP:
        *out = oclt_vi((a < b) | ((a == b) << 1) | ((a > b) << 2) | ((a != b) << 3) | ((a <= b) << 4) | ((a >= b) << 5));
        return 1;
    case I_LOGIC: *out = oclt_vi((a && b) | ((a || b) << 1) | (!a << 2)); return 1;
    case I_TERN: *out = wrap(a > b ? a : x); return 1;
    case I_ABS: *out = wrap(a < 0 ? -a : a); return 1;
    case I_ABSDIFF: *out = wrap(a > b ? a - b : b - a); return 1;
    case I_ADDSAT:
        *out = wrap(sat(a + b, t));
        /* IGC's long add_sat takes the wrapped sum's sign (add.gt) to pick
         * the saturation value, and LONG_MIN + LONG_MIN wraps to 0: its
         * sequence yields LONG_MAX there (a compiler property, accepted). */
        if (t == OT_I64 && a == INT64_MIN && b == INT64_MIN)
            return out[1] = oclt_vi(INT64_MAX), 2;
        return 1;
    case I_SUBSAT: *out = wrap(sat(a - b, t)); return 1;
    case I_HADD: *out = wrap(asr(a + b, 1)); return 1;
    case I_RHADD:
        *out = wrap(asr(a + b + 1, 1));
        /* IGC's ulong rhadd detects the carry of a + b + 1 as "sum < a or
         * sum < b", which misses ULONG_MAX + ULONG_MAX + 1 (sum == a): its
         * sequence yields ULONG_MAX >> 1 there (accepted). */
        if (t == OT_U64 && (uint64_t)a == UINT64_MAX && (uint64_t)b == UINT64_MAX)
            return out[1] = oclt_vu(UINT64_MAX >> 1), 2;
        return 1;
    case I_MULHI:
    case I_MADHI: {
        i128 hi;
        if (t == OT_U64)
            hi = (i128)(((u128)a * (u128)b) >> 64);
        else
            hi = asr(a * b, n);
        *out = wrap(c->op == I_MADHI ? hi + x : hi);
        return 1;
    }
    case I_MADSAT:
        if (t == OT_U64) {
            u128 p = (u128)a * (u128)b + (u128)x;
            *out = oclt_vu(p > UINT64_MAX ? UINT64_MAX : (uint64_t)p);
        } else {
            *out = wrap(sat(a * b + x, t));
        }
        return 1;
    case I_ROTATE: {
        int s = (int)(b & (n - 1));
        u128 m = n == 64 ? (u128)UINT64_MAX : (((u128)1 << n) - 1);
        u128 ua = (u128)a & m;
        if (s == 0)
            *out = wrap((i128)ua);
        else
            *out = wrap((i128)(((ua << s) | (ua >> (n - s))) & m));
        return 1;
    }
    case I_CLZ: {
        uint64_t u = (uint64_t)(u128)a & (n == 64 ? UINT64_MAX : ((1ull << n) - 1));
        int z = 0;
        for (int k = n - 1; k >= 0 && !((u >> k) & 1); k--)
            z++;
        *out = oclt_vi(z);
        return 1;
    }
    case I_POPCNT: {
        uint64_t u = (uint64_t)(u128)a & (n == 64 ? UINT64_MAX : ((1ull << n) - 1));
        *out = oclt_vi(__builtin_popcountll(u));
        return 1;
    }
    case I_MAX: *out = wrap(a > b ? a : b); return 1;
    case I_MIN: *out = wrap(a < b ? a : b); return 1;
    case I_CLAMP:
        if (b > x)
            return 0;
        *out = wrap(a < b ? b : a > x ? x : a);
        return 1;
    case I_MUL24:
    case I_MAD24: {
        i128 lo = sg ? -(1 << 23) : 0, hi = sg ? (1 << 23) - 1 : (1 << 24) - 1;
        if (a < lo || a > hi || b < lo || b > hi)
            return 0;
        *out = wrap(a * b + (c->op == I_MAD24 ? x : 0));
        return 1;
    }
    case I_UPSAMPLE: *out = wrap((i128)((u128)a << n) | (i128)((u128)b & (((u128)1 << n) - 1))); return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    oclt_t t;
    oclt_init(&t, "ocl_int", argc, argv);
    static oclt_case cases[8 * I_NOPS];
    int n = 0;
    for (int ty = OT_I8; ty <= OT_U64; ty++) {
        oclt_type T = (oclt_type)ty, U = oclt_is_signed(T) ? (oclt_type)(ty + 1) : T;
        for (int op = 0; op < I_NOPS; op++) {
            if ((op == I_MUL24 || op == I_MAD24) && T != OT_I32 && T != OT_U32)
                continue;
            if (op == I_UPSAMPLE && bits_of(T) == 64)
                continue;
            oclt_case *c = &cases[n++];
            memset(c, 0, sizeof(*c));
            c->expr = iops[op].expr;
            c->op = op;
            c->ref = ref_int;
            c->a = T;
            c->b = iops[op].nargs > 1 ? T : OT_NONE;
            c->c = iops[op].nargs > 2 ? T : OT_NONE;
            if (op == I_UPSAMPLE)
                c->b = U;   /* upsample(hi, unsigned lo) */
            /* IGC's long mad_sat checks overflow only for products outside
             * the long range: a product in range plus c wraps (7 * 1 +
             * (LONG_MAX - 1) gives a negative value), and a zero product of
             * operands of different signs is taken as negative (mad_sat(-1,
             * 0, 8) gives LONG_MIN).  Traced instruction by instruction
             * under seed 004's goto rule; a compiler property. */
            if (op == I_MADSAT && T == OT_I64)
                c->flags |= OCLT_XFAIL;
            switch (iops[op].rkind) {
            case 1: c->r = OT_I32; break;
            case 2: c->r = U; break;
            case 3: c->r = (oclt_type)(ty + 2); break;
            default: c->r = T; break;
            }
        }
    }
    /* group by argument types: stable order by (a, b, c) */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0; j--) {
            oclt_case *p = &cases[j - 1], *q = &cases[j];
            int kp = p->a * 256 + p->b * 16 + p->c, kq = q->a * 256 + q->b * 16 + q->c;
            if (kp <= kq)
                break;
            oclt_case tmp = *p;
            *p = *q;
            *q = tmp;
        }
    oclt_run_cases(&t, cases, n, "");
    return oclt_finish(&t);
}
