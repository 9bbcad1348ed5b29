/* vadd: c[i] = a[i] + b[i], float; 1024 work-items, local size 64. */
__kernel void vadd(__global const float *a, __global const float *b, __global float *c)
{
    size_t i = get_global_id(0);
    c[i] = a[i] + b[i];
}
