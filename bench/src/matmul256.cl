/* matmul256: C = A * B (n x n, n a multiple of 16) with 16x16 tiles of A and
 * B staged in local memory, two barriers per tile. */
#define T 16
__kernel void matmul_tiled(__global const float *a, __global const float *b, __global float *c, int n)
{
    __local float ta[T][T], tb[T][T];
    int lx = (int)get_local_id(0), ly = (int)get_local_id(1);
    int col = (int)get_global_id(0), row = (int)get_global_id(1);
    float acc = 0.0f;
    for (int t = 0; t < n; t += T) {
        ta[ly][lx] = a[row * n + t + lx];
        tb[ly][lx] = b[(t + ly) * n + col];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < T; k++)
            acc += ta[ly][k] * tb[k][lx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    c[row * n + col] = acc;
}
