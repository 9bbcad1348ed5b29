/* saxpy: out[i] = a * x[i] + y[i] with a scalar kernel argument.
 * The inputs are small dyadic values, so a*x and a*x+y are exact: a fused
 * (mad) or unfused evaluation gives the same bits. */
__kernel void saxpy(float a, __global const float *x, __global const float *y,
                    __global float *out)
{
    size_t i = get_global_id(0);
    out[i] = a * x[i] + y[i];
}
