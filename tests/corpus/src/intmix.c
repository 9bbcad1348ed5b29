/* intmix: integer ALU coverage (int and uint; mixed signs; overflow, INT_MIN,
 * shifts by >= 32 masked, division). 256 pairs x 32 results; local size 32.
 * One launch. */
#include "corpus.h"
#include <limits.h>

#define N 256
#define NOPS 32

static int32_t ref_op(int op, int32_t a, int32_t b)
{
    uint32_t ua = (uint32_t)a, ub = (uint32_t)b;
    int32_t lo = b < 17 ? b : 17, hi = b > 17 ? b : 17;
    uint32_t ulo = ub < 1000u ? ub : 1000u, uhi = ub > 1000u ? ub : 1000u;
    int64_t s;
    switch (op) {
    case 0: return (int32_t)(ua + ub);
    case 1: return (int32_t)(ua - ub);
    case 2: return (int32_t)(ua * ub);
    case 3: return a >> (b & 31);          /* arithmetic shift (gcc, OpenCL) */
    case 4: return (int32_t)(ua >> (ub & 31));
    case 5: return (int32_t)(ua << (ub & 31));
    case 6: return a & b;
    case 7: return a | b;
    case 8: return a ^ b;
    case 9: return a < b ? a : b;
    case 10: return a > b ? a : b;
    case 11: return (int32_t)(ua < ub ? ua : ub);
    case 12: return (int32_t)(ua > ub ? ua : ub);
    case 13: return a < lo ? lo : a > hi ? hi : a;
    case 14: return (int32_t)(ua < ulo ? ulo : ua > uhi ? uhi : ua);
    case 15: return (int32_t)(((int64_t)a * b) >> 32);
    case 16: return (int32_t)(uint32_t)(((uint64_t)ua * ub) >> 32);
    case 17: s = (int64_t)a + b; return s > INT_MAX ? INT_MAX : s < INT_MIN ? INT_MIN : (int32_t)s;
    case 18: s = (int64_t)a - b; return s > INT_MAX ? INT_MAX : s < INT_MIN ? INT_MIN : (int32_t)s;
    case 19: return (b != 0 && !(a == INT_MIN && b == -1)) ? a / b : 0;
    case 20: return (b != 0 && !(a == INT_MIN && b == -1)) ? a % b : 0;
    case 21: return ub ? (int32_t)(ua / ub) : 0;
    case 22: return ub ? (int32_t)(ua % ub) : 0;
    case 23: return (a < b) | ((ua < ub) << 1) | ((a == b) << 2) | ((a >= 0) << 3);
    case 24: return (int32_t)(a < 0 ? 0u - ua : ua);
    case 25: s = (int64_t)a - b; return (int32_t)(uint32_t)(s < 0 ? -s : s);
    case 26: { unsigned r = ub & 31; return (int32_t)(r ? (ua << r) | (ua >> (32 - r)) : ua); }
    case 27: return __builtin_popcount(ua);
    case 28: return ua ? __builtin_clz(ua) : 32;
    case 29: return (int32_t)(int16_t)a * (int32_t)(int8_t)b;
    case 30: return (int32_t)(((int64_t)a + b) >> 1);
    case 31: return (int32_t)(((int64_t)a + b + 1) >> 1);
    }
    return 0;
}

int main(int argc, char **argv)
{
    corpus_t c;
    corpus_init(&c, "intmix", argc, argv);
    static const int32_t special[] = {
        0, 1, -1, 2, -2, 31, 32, 33, -31, -32, 63, 0x7fff, -0x8000, 0x10000, -65536,
        123456789, -987654321, INT_MAX, INT_MIN, INT_MAX - 1, INT_MIN + 1, 1000, 17, 16,
    };
    const int ns = (int)(sizeof(special) / sizeof(special[0]));
    static int32_t a[N], b[N], e[N * NOPS];
    uint32_t st = 0x12345678;
    for (int i = 0; i < N; i++) {
        /* first ns*ns/... pairs: specials against specials; then random mixes */
        if (i < ns * 8) {
            a[i] = special[i % ns];
            b[i] = special[(i / ns + i) % ns];
        } else {
            uint32_t r = corpus_rand(&st);
            a[i] = (int32_t)corpus_rand(&st) >> (r & 15);
            b[i] = (int32_t)corpus_rand(&st) >> ((r >> 4) & 31);
        }
        for (int op = 0; op < NOPS; op++)
            e[i * NOPS + op] = ref_op(op, a[i], b[i]);
    }
    cl_program p = corpus_build(&c, "intmix.cl", "");
    cl_kernel k = corpus_kernel(&c, p, "intmix");
    int32_t *da = corpus_svm(&c, sizeof(a), a, 0);
    int32_t *db = corpus_svm(&c, sizeof(b), b, 0);
    int32_t *dout = corpus_svm(&c, sizeof(e), NULL, 0xdeadbeef);
    corpus_arg_svm(&c, k, 0, da);
    corpus_arg_svm(&c, k, 1, db);
    corpus_arg_svm(&c, k, 2, dout);
    corpus_run1(&c, k, N, 32);
    corpus_expect(&c, "out", dout, e, sizeof(e));
    return corpus_finish(&c);
}
