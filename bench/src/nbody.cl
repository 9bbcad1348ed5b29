/* nbody: accelerations by direct summation with rsqrt (see nbody.c). */
#pragma OPENCL FP_CONTRACT OFF
#define EPS 0.01f
#define DT 0.001f
__kernel void nbody(__global const float4 *pos, __global float4 *acc, __global float4 *npos, int n)
{
    int i = (int)get_global_id(0);
    float4 p = pos[i];
    float ax = 0.0f, ay = 0.0f, az = 0.0f;
    for (int j = 0; j < n; j++) {
        float4 q = pos[j];
        float dx = q.x - p.x, dy = q.y - p.y, dz = q.z - p.z;
        float r2 = dx * dx + dy * dy;
        r2 = r2 + dz * dz;
        r2 = r2 + EPS;
        float inv = rsqrt(r2);
        float inv3 = inv * inv;
        inv3 = inv3 * inv;
        float s = q.w * inv3;
        ax = ax + dx * s;
        ay = ay + dy * s;
        az = az + dz * s;
    }
    acc[i] = (float4)(ax, ay, az, 0.0f);
    npos[i] = (float4)(p.x + ax * DT, p.y + ay * DT, p.z + az * DT, p.w);
}
