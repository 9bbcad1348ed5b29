/* Kernels of ocl_addr.c built with -cl-std=CL2.0: program-scope global
 * variables (initialised and not) written in one launch and read in the
 * next, and a program-scope pointer to one of them. */
global int gv[5] = { 1, 2, 3, 4, 5 };
global long4 gl;
global int *gp = &gv[3];
global ulong ga;

kernel void gset(global ulong *r, long base)
{
    size_t i = get_global_id(0);
    gv[i] += 10 * (int)i;
    if (i == 0) {
        r[0] = (ulong)gv;
        r[1] = (ulong)&gl;
        r[2] = (ulong)gp;
        gl = (long4)(base, base + 1, base + 2, base + 3);
        ga = (ulong)&gv[4];
    }
}

kernel void gget(global long *out)
{
    for (int j = 0; j < 5; j++)
        out[j] = gv[j];
    out[5] = gl.x; out[6] = gl.y; out[7] = gl.z; out[8] = gl.w;
    out[9] = *gp;
    out[10] = *(global int *)ga;
    out[11] = (long)ga;
}
