/* i64dbl: int64 arithmetic (64 pairs x 18 results) and, if the device
 * reports CL_DEVICE_DOUBLE_FP_CONFIG != 0, double arithmetic (64 pairs x 8
 * results; build option -DHAVE_FP64).  Two launches (one without fp64),
 * local size 16. */
#include "corpus.h"
#include <math.h>

#define N 64
#define NL 18
#define ND 8

static int64_t ref_i64(int op, int64_t a, int64_t b)
{
    uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
    int ok = b != 0 && !(a == INT64_MIN && b == -1);
    switch (op) {
    case 0: return (int64_t)(ua + ub);
    case 1: return (int64_t)(ua * ub);
    case 2: return (int64_t)(ua << (ub & 63));
    case 3: return a >> (b & 63);
    case 4: return (int64_t)(ua >> (ub & 63));
    case 5: return ok ? a / b : 0;
    case 6: return ok ? a % b : 0;
    case 7: return ub ? (int64_t)(ua / ub) : 0;
    case 8: return ub ? (int64_t)(ua % ub) : 0;
    case 9: return (int64_t)(((__int128)a * b) >> 64);
    case 10: return (int64_t)(uint64_t)(((unsigned __int128)ua * ub) >> 64);
    case 11: return a < b ? a : b;
    case 12: return (int64_t)(ua > ub ? ua : ub);
    case 13: return (int64_t)(int32_t)a * (int64_t)(int32_t)b;
    case 14: return (int64_t)(ua - ub);
    case 15: return (a < b) | ((ua < ub) << 1) | ((a == b) << 2);
    case 16: return __builtin_popcountll(ua);
    case 17: return ua ? __builtin_clzll(ua) : 64;
    }
    return 0;
}

static double ref_dbl(int op, double x, double y, int64_t a)
{
    switch (op) {
    case 0: return x + y;
    case 1: return x * y;
    case 2: return x / y;
    case 3: return sqrt(fabs(x));
    case 4: return (double)a;
    case 5: return (double)(float)x;
    case 6: return x - y;
    case 7: return fmin(x, y);
    }
    return 0;
}

int main(int argc, char **argv)
{
    corpus_t c;
    corpus_init(&c, "i64dbl", argc, argv);
    static const int64_t special[] = {
        0, 1, -1, 63, 64, 65, -64, INT64_MAX, INT64_MIN, 0x100000000LL, -0x100000000LL,
        0x7fffffffLL, 0x80000000LL, 1234567890123456789LL, -987654321987654LL, 3,
    };
    const int ns = (int)(sizeof(special) / sizeof(special[0]));
    static int64_t a[N], b[N], el[N * NL];
    static double x[N], y[N], ed[N * ND];
    uint32_t st = 0x2468ace1;
    for (int i = 0; i < N; i++) {
        if (i < 2 * ns) {
            a[i] = special[i % ns];
            b[i] = special[(i / ns * 5 + i * 3) % ns];
        } else {
            uint64_t r1 = ((uint64_t)corpus_rand(&st) << 32) | corpus_rand(&st);
            uint64_t r2 = ((uint64_t)corpus_rand(&st) << 32) | corpus_rand(&st);
            a[i] = (int64_t)r1 >> (r2 & 31);
            b[i] = (int64_t)r2 >> ((r1 >> 8) & 63);
        }
        for (int op = 0; op < NL; op++)
            el[i * NL + op] = ref_i64(op, a[i], b[i]);
        int32_t n1 = (int32_t)(corpus_rand(&st) % 2000001u) - 1000000;
        int32_t d1 = (int32_t)(corpus_rand(&st) % 999u) + 1;
        int32_t n2 = (int32_t)(corpus_rand(&st) % 20001u) - 10000;
        int32_t d2 = (int32_t)(corpus_rand(&st) % 97u) + 1;
        x[i] = (double)n1 / (double)d1 * (i & 1 ? 1e-3 : 1e5);
        y[i] = (double)(n2 ? n2 : 7) / (double)d2;
        for (int op = 0; op < ND; op++)
            ed[i * ND + op] = ref_dbl(op, x[i], y[i], a[i]);
    }
    cl_program p = corpus_build(&c, "i64dbl.cl", c.fp64 ? "-DHAVE_FP64" : "");
    cl_kernel kl = corpus_kernel(&c, p, "i64ops");
    int64_t *da = corpus_svm(&c, sizeof(a), a, 0);
    int64_t *db = corpus_svm(&c, sizeof(b), b, 0);
    int64_t *dl = corpus_svm(&c, sizeof(el), NULL, 0xdeadbeef);
    corpus_arg_svm(&c, kl, 0, da);
    corpus_arg_svm(&c, kl, 1, db);
    corpus_arg_svm(&c, kl, 2, dl);
    corpus_run1(&c, kl, N, 16);
    corpus_expect(&c, "i64", dl, el, sizeof(el));
    if (c.fp64) {
        cl_kernel kd = corpus_kernel(&c, p, "dblops");
        double *dx = corpus_svm(&c, sizeof(x), x, 0);
        double *dy = corpus_svm(&c, sizeof(y), y, 0);
        double *dd = corpus_svm(&c, sizeof(ed), NULL, 0xdeadbeef);
        corpus_arg_svm(&c, kd, 0, dx);
        corpus_arg_svm(&c, kd, 1, dy);
        corpus_arg_svm(&c, kd, 2, da);
        corpus_arg_svm(&c, kd, 3, dd);
        corpus_run1(&c, kd, N, 16);
        corpus_expect(&c, "dbl", dd, ed, sizeof(ed));
    } else {
        printf("i64dbl: device reports no fp64; double part skipped\n");
    }
    return corpus_finish(&c);
}
