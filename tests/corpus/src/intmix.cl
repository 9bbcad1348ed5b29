/* intmix: 32 integer operations per (a, b) pair, int and uint, including
 * wrap-around (done in uint so it is defined), saturation, shifts by masked
 * counts, signed/unsigned min/max/clamp, mul_hi, division and remainder. */
#define NOPS 32

__kernel void intmix(__global const int *ain, __global const int *bin, __global int *out)
{
    size_t i = get_global_id(0);
    int a = ain[i], b = bin[i];
    uint ua = (uint)a, ub = (uint)b;
    __global int *o = out + i * NOPS;
    int lo = min(b, 17), hi = max(b, 17);
    uint ulo = min(ub, 1000u), uhi = max(ub, 1000u);

    o[0] = (int)(ua + ub);
    o[1] = (int)(ua - ub);
    o[2] = (int)(ua * ub);
    o[3] = a >> (b & 31);
    o[4] = (int)(ua >> (ub & 31));
    o[5] = (int)(ua << (ub & 31));
    o[6] = a & b;
    o[7] = a | b;
    o[8] = a ^ b;
    o[9] = min(a, b);
    o[10] = max(a, b);
    o[11] = (int)min(ua, ub);
    o[12] = (int)max(ua, ub);
    o[13] = clamp(a, lo, hi);
    o[14] = (int)clamp(ua, ulo, uhi);
    o[15] = mul_hi(a, b);
    o[16] = (int)mul_hi(ua, ub);
    o[17] = add_sat(a, b);
    o[18] = sub_sat(a, b);
    o[19] = (b != 0 && !(a == INT_MIN && b == -1)) ? a / b : 0;
    o[20] = (b != 0 && !(a == INT_MIN && b == -1)) ? a % b : 0;
    o[21] = ub ? (int)(ua / ub) : 0;
    o[22] = ub ? (int)(ua % ub) : 0;
    o[23] = (a < b) | ((ua < ub) << 1) | ((a == b) << 2) | ((a >= 0) << 3);
    o[24] = (int)abs(a);
    o[25] = (int)abs_diff(a, b);
    o[26] = (int)rotate(ua, ub);
    o[27] = popcount(a);
    o[28] = clz(a);
    o[29] = (int)(short)a * (int)(char)b;
    o[30] = hadd(a, b);
    o[31] = rhadd(a, b);
}
