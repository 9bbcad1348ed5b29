/* Kernel of ze_vscale.c: out[i] = a[i] * k + i (32-bit wrapping). */
kernel void vscale(global const uint *a, global uint *out, uint k)
{
    size_t i = get_global_id(0);
    out[i] = a[i] * k + (uint)i;
}
