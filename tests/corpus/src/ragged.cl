/* ragged: global size 1000 with local size 64 (a non-uniform last work-group
 * of 40 items; needs -cl-std=CL2.0 or later).  Every work-item writes without
 * a bounds check, so items past 999 must not exist: the host pre-fills the
 * 1024-word output with a sentinel and checks that the tail keeps it.
 * get_local_size(0) is 40 in the last group, get_enqueued_local_size(0) 64. */
__kernel void ragged(__global uint *out)
{
    uint gid = (uint)get_global_id(0);
    uint lid = (uint)get_local_id(0);
    uint grp = (uint)get_group_id(0);
    uint lsz = (uint)get_local_size(0);
    uint esz = (uint)get_enqueued_local_size(0);
    out[gid] = gid * 2654435761u + ((lid << 24) ^ (grp << 16) ^ (lsz << 8) ^ esz);
}
