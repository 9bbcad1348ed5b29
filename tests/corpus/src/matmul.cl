/* matmul: C = A * B, n x n float, one work-item per element of C.
 * The host uses small integer values, so every product and partial sum is
 * exact and the summation order (or mad fusion) cannot change the result. */
__kernel void matmul(__global const float *a, __global const float *b, __global float *c, int n)
{
    int col = (int)get_global_id(0), row = (int)get_global_id(1);
    float acc = 0.0f;
    for (int k = 0; k < n; k++)
        acc += a[row * n + k] * b[k * n + col];
    c[row * n + col] = acc;
}
