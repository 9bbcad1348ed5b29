/* reduce: work-group sum of uint (mod 2^32) with __local memory and barrier();
 * work-item 0 of each group writes the group's sum to out[group]. */
__kernel void reduce(__global const uint *in, __global uint *out, __local uint *tmp)
{
    size_t lid = get_local_id(0), n = get_local_size(0);
    tmp[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t s = n / 2; s > 0; s /= 2) {
        if (lid < s)
            tmp[lid] += tmp[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        out[get_group_id(0)] = tmp[0];
}
