/* branchy: bounded Collatz walk per work-item, data-dependent branches
 * (see branchy.c for the CPU reference). */
#define CAP 400
__kernel void branchy(__global const uint *start, __global uint *out)
{
    size_t i = get_global_id(0);
    uint v = start[i], h = 0, n = 0;
    while (v != 1 && n < CAP) {
        if (v & 1) {
            v = 3 * v + 1;
            h ^= rotate(v, 7u);
        } else {
            v >>= 1;
            if ((v & 7) == 3)
                h += v;
            else
                h ^= v;
        }
        n++;
    }
    out[2 * i] = n;
    out[2 * i + 1] = h;
}
