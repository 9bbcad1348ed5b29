/* Kernels of ocl_addr.c: pointer values (64-bit addresses) of every
 * address space stored as ulong / uint and used again as pointers. */

/* Global arguments of several vector types: their addresses, as ulong and
 * as uint (the low half). */
kernel void gptrs(global ulong *r, global uint *r32, global char *a, global short2 *b,
                  global int3 *c, global long4 *d, global float8 *e, global uchar16 *f)
{
    r[0] = (ulong)a; r[1] = (ulong)b; r[2] = (ulong)c;
    r[3] = (ulong)d; r[4] = (ulong)e; r[5] = (ulong)&f[1];
    r32[0] = (uint)a; r32[1] = (uint)b; r32[2] = (uint)c;
    r32[3] = (uint)d; r32[4] = (uint)e; r32[5] = (uint)&f[1];
}

/* Writes through the addresses gptrs stored: item k stores marker + k at
 * r[k] (as a uint pointer).  The buffers are passed again (unused) so that
 * they are the kernel's: a store through an address of a buffer the kernel
 * does not take is undefined in OpenCL 1.2. */
kernel void poke(global const ulong *r, uint marker, global char *a, global short2 *b,
                 global int3 *c, global long4 *d, global float8 *e, global uchar16 *f)
{
    size_t k = get_global_id(0);
    *(global uint *)r[k] = marker + (uint)k;
}

/* Local arrays: their addresses, then values written through them read
 * back through the stored addresses. */
kernel void lptrs(global ulong *r, global int *out)
{
    local char l0[3];
    local short2 l1[3];
    local int3 l2[3];
    local long4 l3[3];
    local float8 l4[3];
    local uchar16 l5[3];
    size_t i = get_local_id(0);
    if (i == 0) {
        r[0] = (ulong)l0; r[1] = (ulong)l1; r[2] = (ulong)l2;
        r[3] = (ulong)l3; r[4] = (ulong)l4; r[5] = (ulong)l5;
        l0[2] = 7; l1[2].y = 11; l2[2].z = 13; l3[2].w = 17; l4[2].s7 = 19.0f; l5[2].sf = 23;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (i == 1) {
        out[0] = ((local char *)(uintptr_t)r[0])[2];
        out[1] = ((local short *)(uintptr_t)r[1])[5];
        out[2] = ((local int *)(uintptr_t)r[2])[10];
        out[3] = (int)((local long *)(uintptr_t)r[3])[11];
        out[4] = (int)((local float *)(uintptr_t)r[4])[23];
        out[5] = ((local uchar *)(uintptr_t)r[5])[47];
    }
}

/* Program-scope constant arrays. */
constant char c0[3] = { 1, 2, 3 };
constant short2 c1[3] = { (short2)(4, 5), (short2)(6, 7), (short2)(8, 9) };
constant int3 c2[3] = { (int3)(10, 11, 12), (int3)(13, 14, 15), (int3)(16, 17, 18) };
constant long4 c3[3] = { (long4)(19, 20, 21, 22), (long4)(23, 24, 25, 26), (long4)(27, 28, 29, 30) };
constant float8 c4[3] = { (float8)(31.0f), (float8)(32.0f), (float8)(33.0f) };
constant uchar16 c5[3] = { (uchar16)(34), (uchar16)(35), (uchar16)(36) };

kernel void cptrs(global ulong *r, global int *out)
{
    r[0] = (ulong)c0; r[1] = (ulong)c1; r[2] = (ulong)c2;
    r[3] = (ulong)c3; r[4] = (ulong)c4; r[5] = (ulong)c5;
    out[0] = ((constant char *)(uintptr_t)r[0])[2];
    out[1] = ((constant short *)(uintptr_t)r[1])[5];
    out[2] = ((constant int *)(uintptr_t)r[2])[10];
    out[3] = (int)((constant long *)(uintptr_t)r[3])[11];
    out[4] = (int)((constant float *)(uintptr_t)r[4])[23];
    out[5] = ((constant uchar *)(uintptr_t)r[5])[47];
}

/* Private arrays: addresses (alignment) and a value read back through one. */
kernel void pptrs(global ulong *r, global int *out, int k)
{
    char p0[3];
    short2 p1[3];
    int3 p2[3];
    long4 p3[3];
    float8 p4[3];
    uchar16 p5[3];
    for (int j = 0; j < 3; j++) {
        p0[j] = (char)(k + j); p1[j] = (short2)(k + j); p2[j] = (int3)(k + j);
        p3[j] = (long4)(k + j); p4[j] = (float8)(k + j); p5[j] = (uchar16)(k + j);
    }
    r[0] = (ulong)p0; r[1] = (ulong)p1; r[2] = (ulong)p2;
    r[3] = (ulong)p3; r[4] = (ulong)p4; r[5] = (ulong)p5;
    int s = k & 1;   /* a run-time index */
    out[0] = p0[2 - s]; out[1] = p1[2 - s].y; out[2] = p2[2 - s].z;
    out[3] = (int)p3[2 - s].w; out[4] = (int)p4[2 - s].s7; out[5] = p5[2 - s].sf;
}
