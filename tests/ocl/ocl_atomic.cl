/* Kernels of ocl_atomic.c: OpenCL 1.2 §6.12.11 atomics on global and local
 * int/uint, cl_khr_int64_*_atomics on global long/ulong. */
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable

/* c: 12 int counters, u: 4 uint counters, ret: per item return values of
 * atomic_inc (ret[i]) and atomic_xchg (ret[N + i]). */
kernel void glob(global int *c, global uint *u, global const int *v, global int *ret)
{
    size_t i = get_global_id(0), n = get_global_size(0);
    int x = v[i];
    atomic_add(&c[0], x);
    atomic_sub(&c[1], x);
    atomic_min(&c[2], x);
    atomic_max(&c[3], x);
    atomic_and(&c[4], x | (int)(1u << (i & 31)));
    atomic_or(&c[5], x & (int)(1u << (i & 31)));
    atomic_xor(&c[6], x);
    ret[i] = atomic_inc(&c[7]);
    atomic_dec(&c[8]);
    int old = c[9], prev;
    while ((prev = atomic_cmpxchg(&c[9], old, old + x)) != old)
        old = prev;
    ret[n + i] = atomic_xchg(&c[10], x);
    atomic_min(&u[0], (uint)x);
    atomic_max(&u[1], (uint)x);
    atomic_add(&u[2], (uint)x);
}

/* The same on local memory: per group, results to c[g * 12 + k],
 * u[g * 4 + k]; ret as above. */
kernel void loc(global int *c, global uint *u, global const int *v, global int *ret,
                global const int *init)
{
    local int lc[12];
    local uint lu[4];
    size_t i = get_global_id(0), n = get_global_size(0), l = get_local_id(0), g = get_group_id(0);
    if (l < 12)
        lc[l] = init[l];
    if (l < 4)
        lu[l] = (uint)init[12 + l];
    barrier(CLK_LOCAL_MEM_FENCE);
    int x = v[i];
    atomic_add(&lc[0], x);
    atomic_sub(&lc[1], x);
    atomic_min(&lc[2], x);
    atomic_max(&lc[3], x);
    atomic_and(&lc[4], x | (int)(1u << (i & 31)));
    atomic_or(&lc[5], x & (int)(1u << (i & 31)));
    atomic_xor(&lc[6], x);
    ret[i] = atomic_inc(&lc[7]);
    atomic_dec(&lc[8]);
    int old = lc[9], prev;
    while ((prev = atomic_cmpxchg(&lc[9], old, old + x)) != old)
        old = prev;
    ret[n + i] = atomic_xchg(&lc[10], x);
    atomic_min(&lu[0], (uint)x);
    atomic_max(&lu[1], (uint)x);
    atomic_add(&lu[2], (uint)x);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < 12)
        c[g * 12 + l] = lc[l];
    if (l < 4)
        u[g * 4 + l] = lu[l];
}

/* 64-bit: q: 8 long counters, ret: per item atom_xchg returns. */
kernel void glob64(global long *q, global const long *v, global long *ret)
{
    size_t i = get_global_id(0);
    long x = v[i];
    atom_add(&q[0], x);
    atom_sub(&q[1], x);
    atom_min(&q[2], x);
    atom_max(&q[3], x);
    atom_xor(&q[4], x);
    atom_min((global ulong *)&q[5], (ulong)x);
    atom_max((global ulong *)&q[6], (ulong)x);
    long old = q[7], prev;
    while ((prev = atom_cmpxchg(&q[7], old, old + x)) != old)
        old = prev;
    ret[i] = atom_xchg(&q[8], x);
}
