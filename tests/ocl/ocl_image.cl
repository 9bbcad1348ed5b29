/* Kernels of ocl_image.c: image reads with samplers and without
 * (OpenCL 1.2 §6.12.14.2, §6.12.14.3), image writes (§6.12.14.4) and image
 * queries (§6.12.14.5) on the six image types.
 *
 * Each kernel takes one image of every type, all of the same format (or of
 * a stand-in format where the device does not list the format for that
 * type; the host then sends no work-items to it), so one launch covers a
 * format on every type.  A work-item's int4 `ic` says which image (ic.w >>
 * 4) and which sampler / read function (ic.w & 15); its float4 `fc` or
 * ic.xyz is the coordinate.
 *
 * OpenCL C 1.2 (the default -cl-std); built with -DHAVE_3D_WRITES when the
 * device has cl_khr_3d_image_writes, and with -DPOCL_WORKAROUNDS on PoCL,
 * whose 3.1 kernel library lacks functions the specification has (see
 * ocl_image.c): those calls are left out there.
 */
#ifdef HAVE_3D_WRITES
#pragma OPENCL EXTENSION cl_khr_3d_image_writes : enable
#endif

/* Samplers with unnormalized coordinates, declared in the program
 * (§6.12.14.1); the normalized ones are kernel arguments made with
 * clCreateSamplerWithProperties.  A kernel only uses samplers of one kind
 * of coordinates with an image (§6.12.14.1, sampler descriptor). */
constant sampler_t su0 = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST;
constant sampler_t su1 = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
constant sampler_t su2 = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
constant sampler_t su3 = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_LINEAR;
constant sampler_t su4 = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR;
constant sampler_t su5 = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_LINEAR;

/* Unnormalized reads.  Modes: 0-2 float coordinates with su0-su2
 * (nearest), 3-5 float coordinates with su3-su5 (linear; float reads
 * only), 6-8 int coordinates with su0-su2, 9 the sampler-less read with
 * int coordinates.  Images: 0 1D, 1 1D array, 2 2D, 3 2D array, 4 3D, 5 1D
 * buffer (sampler-less only). */
#define ONE_U(IMG, FC, IC, RD, LIN)                                        \
    switch (mode) {                                                        \
    case 0: r = RD(IMG, su0, FC); break;                                   \
    case 1: r = RD(IMG, su1, FC); break;                                   \
    case 2: r = RD(IMG, su2, FC); break;                                   \
    case 3: if (LIN) r = RD(IMG, su3, FC); break;                          \
    case 4: if (LIN) r = RD(IMG, su4, FC); break;                          \
    case 5: if (LIN) r = RD(IMG, su5, FC); break;                          \
    case 6: r = RD(IMG, su0, IC); break;                                   \
    case 7: r = RD(IMG, su1, IC); break;                                   \
    case 8: r = RD(IMG, su2, IC); break;                                   \
    case 9: r = RD(IMG, IC); break;                                        \
    }

#define READ_U(NAME, T, RD, LIN)                                                        \
kernel void NAME(read_only image1d_t i0, read_only image1d_array_t i1,                  \
                 read_only image2d_t i2, read_only image2d_array_t i3,                  \
                 read_only image3d_t i4, read_only image1d_buffer_t i5,                 \
                 global const float4 *fc, global const int4 *ic, global T *out)         \
{                                                                                       \
    size_t i = get_global_id(0);                                                        \
    float4 c = fc[i];                                                                   \
    int4 k = ic[i];                                                                     \
    int img = k.w >> 4, mode = k.w & 15;                                                \
    int4 k3 = (int4)(k.xyz, 0);                                                         \
    T r = (T)(-7);                                                                      \
    switch (img) {                                                                      \
    case 0: ONE_U(i0, c.x, k.x, RD, LIN) break;                                         \
    case 1: ONE_U(i1, c.xy, k.xy, RD, LIN) break;                                       \
    case 2: ONE_U(i2, c.xy, k.xy, RD, LIN) break;                                       \
    case 3: ONE_U(i3, c, k3, RD, LIN) break;                                            \
    case 4: ONE_U(i4, c, k3, RD, LIN) break;                                            \
    case 5: r = RD(i5, k.x); break;                                                     \
    }                                                                                   \
    out[i] = r;                                                                         \
}

READ_U(read_u_f, float4, read_imagef, 1)
READ_U(read_u_i, int4, read_imagei, 0)
READ_U(read_u_ui, uint4, read_imageui, 0)

/* Normalized reads through the sampler arguments s0-s9 (the host's
 * order: nearest with NONE, CLAMP_TO_EDGE, CLAMP, REPEAT,
 * MIRRORED_REPEAT, then linear with the same); mode = sampler. */
#define ONE_N(IMG, FC, RD)                                                 \
    switch (mode) {                                                        \
    case 0: r = RD(IMG, s0, FC); break;                                    \
    case 1: r = RD(IMG, s1, FC); break;                                    \
    case 2: r = RD(IMG, s2, FC); break;                                    \
    case 3: r = RD(IMG, s3, FC); break;                                    \
    case 4: r = RD(IMG, s4, FC); break;                                    \
    case 5: r = RD(IMG, s5, FC); break;                                    \
    case 6: r = RD(IMG, s6, FC); break;                                    \
    case 7: r = RD(IMG, s7, FC); break;                                    \
    case 8: r = RD(IMG, s8, FC); break;                                    \
    case 9: r = RD(IMG, s9, FC); break;                                    \
    }

#define READ_N(NAME, T, RD)                                                             \
kernel void NAME(read_only image1d_t i0, read_only image1d_array_t i1,                  \
                 read_only image2d_t i2, read_only image2d_array_t i3,                  \
                 read_only image3d_t i4,                                                \
                 global const float4 *fc, global const int4 *ic, global T *out,         \
                 sampler_t s0, sampler_t s1, sampler_t s2, sampler_t s3, sampler_t s4,  \
                 sampler_t s5, sampler_t s6, sampler_t s7, sampler_t s8, sampler_t s9)  \
{                                                                                       \
    size_t i = get_global_id(0);                                                        \
    float4 c = fc[i];                                                                   \
    int4 k = ic[i];                                                                     \
    int img = k.w >> 4, mode = k.w & 15;                                                \
    T r = (T)(-7);                                                                      \
    switch (img) {                                                                      \
    case 0: ONE_N(i0, c.x, RD) break;                                                   \
    case 1: ONE_N(i1, c.xy, RD) break;                                                  \
    case 2: ONE_N(i2, c.xy, RD) break;                                                  \
    case 3: ONE_N(i3, c, RD) break;                                                     \
    case 4: ONE_N(i4, c, RD) break;                                                     \
    }                                                                                   \
    out[i] = r;                                                                         \
}

READ_N(read_n_f, float4, read_imagef)
READ_N(read_n_i, int4, read_imagei)
READ_N(read_n_ui, uint4, read_imageui)

/* Writes: the work-item writes v[i] at ic.xyz of image ic.w (0 1D, 1 1D
 * array, 2 2D, 3 2D array, 4 3D, 5 1D buffer).  Without
 * cl_khr_3d_image_writes the kernels have no 3D image. */
#ifdef HAVE_3D_WRITES
#define W3D_ARG , write_only image3d_t i4
#define W3D(WR) case 4: WR(i4, k3, v[i]); break;
#else
#define W3D_ARG
#define W3D(WR)
#endif

/* PoCL 3.1: write_imagei of image2d_array_t and image3d_t calls an
 * internal function under a wrongly mangled name (S_ for S0_), an
 * unresolved symbol when the kernel is loaded. */
#ifdef POCL_WORKAROUNDS
#define write_imagei_arr(IMG, C, V) ((void)0)
#else
#define write_imagei_arr(IMG, C, V) write_imagei(IMG, C, V)
#endif

#define WRITE(NAME, T, WR, WRA)                                                         \
kernel void NAME(global const int4 *ic, global const T *v,                              \
                 write_only image1d_t i0, write_only image1d_array_t i1,                \
                 write_only image2d_t i2, write_only image2d_array_t i3,                \
                 write_only image1d_buffer_t i5 W3D_ARG)                                \
{                                                                                       \
    size_t i = get_global_id(0);                                                        \
    int4 k = ic[i];                                                                     \
    int4 k3 = (int4)(k.xyz, 0);                                                         \
    switch (k.w) {                                                                      \
    case 0: WR(i0, k.x, v[i]); break;                                                   \
    case 1: WR(i1, k.xy, v[i]); break;                                                  \
    case 2: WR(i2, k.xy, v[i]); break;                                                  \
    case 3: WRA(i3, k3, v[i]); break;                                                   \
    W3D(WRA)                                                                            \
    case 5: WR(i5, k.x, v[i]); break;                                                   \
    }                                                                                   \
}

WRITE(write_f, float4, write_imagef, write_imagef)
WRITE(write_i, int4, write_imagei, write_imagei_arr)
WRITE(write_ui, uint4, write_imageui, write_imageui)

/* Queries: the channel data type and order as indices into the host's
 * lists (the CLK_* values need not be the host's CL_* values). */
static int dt_index(int t)
{
    return t == CLK_SNORM_INT8 ? 0 : t == CLK_SNORM_INT16 ? 1 : t == CLK_UNORM_INT8 ? 2 :
           t == CLK_UNORM_INT16 ? 3 : t == CLK_UNORM_SHORT_565 ? 4 : t == CLK_UNORM_SHORT_555 ? 5 :
           t == CLK_UNORM_INT_101010 ? 6 : t == CLK_SIGNED_INT8 ? 7 : t == CLK_SIGNED_INT16 ? 8 :
           t == CLK_SIGNED_INT32 ? 9 : t == CLK_UNSIGNED_INT8 ? 10 : t == CLK_UNSIGNED_INT16 ? 11 :
           t == CLK_UNSIGNED_INT32 ? 12 : t == CLK_HALF_FLOAT ? 13 : t == CLK_FLOAT ? 14 : -1000 - t;
}

static int order_index(int o)
{
    return o == CLK_R ? 0 : o == CLK_A ? 1 : o == CLK_RG ? 2 : o == CLK_RA ? 3 : o == CLK_RGB ? 4 :
           o == CLK_RGBA ? 5 : o == CLK_BGRA ? 6 : o == CLK_ARGB ? 7 : o == CLK_INTENSITY ? 8 :
           o == CLK_LUMINANCE ? 9 : o == CLK_Rx ? 10 : o == CLK_RGx ? 11 : o == CLK_RGBx ? 12 : -1000 - o;
}

/* out: 10 ints per image (0 1D, 1 1D buffer, 2 1D array, 3 2D, 4 2D
 * array, 5 3D): width, height, depth, array size, dim.x, dim.y, dim.z,
 * dim.w, data type index, order index; -1 where the type has no such
 * query. */
kernel void query(read_only image1d_t a, read_only image1d_buffer_t b, read_only image1d_array_t c,
                  read_only image2d_t d, read_only image2d_array_t e, read_only image3d_t f,
                  global int *out)
{
    for (int j = 0; j < 60; j++)
        out[j] = -1;
    out[0] = get_image_width(a);
    out[8] = dt_index(get_image_channel_data_type(a));
    out[9] = order_index(get_image_channel_order(a));

#ifndef POCL_WORKAROUNDS   /* PoCL 3.1 has no get_image_* of image1d_buffer_t */
    out[10] = get_image_width(b);
    out[18] = dt_index(get_image_channel_data_type(b));
    out[19] = order_index(get_image_channel_order(b));
#endif

    out[20] = get_image_width(c);
    out[23] = (int)get_image_array_size(c);
    out[28] = dt_index(get_image_channel_data_type(c));
    out[29] = order_index(get_image_channel_order(c));

    out[30] = get_image_width(d);
    out[31] = get_image_height(d);
    int2 dd = get_image_dim(d);
    out[34] = dd.x;
    out[35] = dd.y;
    out[38] = dt_index(get_image_channel_data_type(d));
    out[39] = order_index(get_image_channel_order(d));

    out[40] = get_image_width(e);
    out[41] = get_image_height(e);
    out[43] = (int)get_image_array_size(e);
    int2 de = get_image_dim(e);
    out[44] = de.x;
    out[45] = de.y;
    out[48] = dt_index(get_image_channel_data_type(e));
    out[49] = order_index(get_image_channel_order(e));

    out[50] = get_image_width(f);
    out[51] = get_image_height(f);
    out[52] = get_image_depth(f);
    int4 df = get_image_dim(f);
    out[54] = df.x;
    out[55] = df.y;
    out[56] = df.z;
    out[57] = df.w;
    out[58] = dt_index(get_image_channel_data_type(f));
    out[59] = order_index(get_image_channel_order(f));
}
