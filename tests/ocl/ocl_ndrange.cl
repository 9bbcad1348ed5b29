/* Kernel of ocl_ndrange.c (built with -cl-std=CL2.0): every work-item
 * function, for every work-item, at out[linear global index * 32 + k]. */
kernel void wi(global ulong *out)
{
    size_t gx = get_global_id(0) - get_global_offset(0);
    size_t gy = get_global_id(1) - get_global_offset(1);
    size_t gz = get_global_id(2) - get_global_offset(2);
    size_t idx = (gz * get_global_size(1) + gy) * get_global_size(0) + gx;
    global ulong *o = out + idx * 32;
    o[0] = get_work_dim();
    for (uint d = 0; d < 3; d++) {
        o[1 + d] = get_global_size(d);
        o[4 + d] = get_global_id(d);
        o[7 + d] = get_local_size(d);
        o[10 + d] = get_enqueued_local_size(d);
        o[13 + d] = get_local_id(d);
        o[16 + d] = get_num_groups(d);
        o[19 + d] = get_group_id(d);
        o[22 + d] = get_global_offset(d);
    }
    o[25] = get_global_linear_id();
    o[26] = get_local_linear_id();
    o[27] = 0x600d;   /* written */
}
