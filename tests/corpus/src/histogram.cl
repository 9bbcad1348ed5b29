/* histogram: 256 bins with atomic_inc on global memory, plus 16 weighted sums
 * with atomic_add (both order-independent, so the result is deterministic). */
__kernel void histogram(__global const uint *data, __global uint *bins, __global uint *sums)
{
    uint v = data[get_global_id(0)];
    atomic_inc(&bins[v & 255]);
    atomic_add(&sums[(v >> 8) & 15], v >> 12);
}
