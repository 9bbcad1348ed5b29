/* reduce1m: two-pass work-group sums (mod 2^32) with __local trees. */
#define L 256
static uint tree(__local uint *tmp, uint lid, uint v)
{
    tmp[lid] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = L / 2; s > 0; s /= 2) {
        if (lid < s)
            tmp[lid] += tmp[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    return tmp[0];
}

__kernel __attribute__((reqd_work_group_size(L, 1, 1)))
void reduce_pass1(__global const uint *in, __global uint *part)
{
    __local uint tmp[L];
    uint lid = (uint)get_local_id(0);
    uint s = tree(tmp, lid, in[get_global_id(0)]);
    if (lid == 0)
        part[get_group_id(0)] = s;
}

__kernel __attribute__((reqd_work_group_size(L, 1, 1)))
void reduce_pass2(__global const uint *part, __global uint *total, int per)
{
    __local uint tmp[L];
    uint lid = (uint)get_local_id(0), v = 0;
    for (int j = 0; j < per; j++)
        v += part[j * L + lid];
    uint s = tree(tmp, lid, v);
    if (lid == 0)
        *total = s;
}
