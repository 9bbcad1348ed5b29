/* scan: inclusive prefix sum of uint.
 * scan_groups: each work-group scans its slice in __local memory
 *   (Hillis-Steele, two barriers per step) and writes its total to sums[group].
 * add_offsets: adds the scanned total of all previous groups. */
__kernel void scan_groups(__global const uint *in, __global uint *out,
                          __global uint *sums, __local uint *tmp)
{
    size_t lid = get_local_id(0), n = get_local_size(0);
    tmp[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t off = 1; off < n; off *= 2) {
        uint v = tmp[lid];
        if (lid >= off)
            v += tmp[lid - off];
        barrier(CLK_LOCAL_MEM_FENCE);
        tmp[lid] = v;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = tmp[lid];
    if (lid == n - 1)
        sums[get_group_id(0)] = tmp[lid];
}

__kernel void add_offsets(__global uint *out, __global const uint *scanned_sums)
{
    size_t g = get_group_id(0);
    if (g > 0)
        out[get_global_id(0)] += scanned_sums[g - 1];
}
