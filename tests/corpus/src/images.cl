/* images: read_image* through samplers (argument and inline), samplerless
 * reads, write_image*, get_image_* queries; see images.c. */

__kernel void rd2f(read_only image2d_t img, sampler_t s, __global const float2 *co, __global float4 *out)
{
    int i = get_global_id(0);
    out[i] = read_imagef(img, s, co[i]);
}

__kernel void rd2fi(read_only image2d_t img, sampler_t s, __global const int2 *co, __global float4 *out)
{
    int i = get_global_id(0);
    out[i] = read_imagef(img, s, co[i]);
}

__kernel void rd2ui(read_only image2d_t img, sampler_t s, __global const float2 *co, __global uint4 *out)
{
    int i = get_global_id(0);
    out[i] = read_imageui(img, s, co[i]);
}

__constant sampler_t lin_repeat = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR;

__kernel void rd2lin(read_only image2d_t img, __global const float2 *co, __global float4 *out)
{
    int i = get_global_id(0);
    out[i] = read_imagef(img, lin_repeat, co[i]);
}

__kernel void ld2i(read_only image2d_t img, __global const int2 *co, __global int4 *out)
{
    int i = get_global_id(0);
    out[i] = read_imagei(img, co[i]);
}

__kernel void rd3f(read_only image3d_t img, sampler_t s, __global const float4 *co, __global float4 *out)
{
    int i = get_global_id(0);
    out[i] = read_imagef(img, s, co[i]);
}

__kernel void rd2af(read_only image2d_array_t img, sampler_t s, __global const float4 *co, __global float4 *out)
{
    int i = get_global_id(0);
    out[i] = read_imagef(img, s, co[i]);
}

__kernel void rd1af(read_only image1d_array_t img, sampler_t s, __global const float2 *co, __global float4 *out)
{
    int i = get_global_id(0);
    out[i] = read_imagef(img, s, co[i]);
}

__kernel void rd1f(read_only image1d_t img, sampler_t s, __global const float *co, __global float4 *out)
{
    int i = get_global_id(0);
    out[i] = read_imagef(img, s, co[i]);
}

__kernel void ld1b(read_only image1d_buffer_t img, __global const int *co, __global uint4 *out)
{
    int i = get_global_id(0);
    out[i] = read_imageui(img, co[i]);
}

__kernel void wr2f(write_only image2d_t img, __global const float4 *v)
{
    int x = get_global_id(0), y = get_global_id(1);
    write_imagef(img, (int2)(x, y), v[y * get_global_size(0) + x]);
}

__kernel void wr2aui(write_only image2d_array_t img, __global const uint4 *v)
{
    int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    write_imageui(img, (int4)(x, y, z, 0), v[(z * get_global_size(1) + y) * get_global_size(0) + x]);
}

__kernel void ld2f(read_only image2d_t img, __global float4 *out)
{
    int x = get_global_id(0), y = get_global_id(1);
    out[y * get_global_size(0) + x] = read_imagef(img, (int2)(x, y));
}

__kernel void ld2aui(read_only image2d_array_t img, __global uint4 *out)
{
    int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    out[(z * get_global_size(1) + y) * get_global_size(0) + x] = read_imageui(img, (int4)(x, y, z, 0));
}

__kernel void info(read_only image2d_t a, read_only image3d_t b, read_only image2d_array_t c,
                   read_only image1d_buffer_t d, __global int *out)
{
    out[0] = get_image_width(a);
    out[1] = get_image_height(a);
    out[2] = get_image_channel_data_type(a);
    out[3] = get_image_channel_order(a);
    out[4] = get_image_width(b);
    out[5] = get_image_height(b);
    out[6] = get_image_depth(b);
    out[7] = get_image_channel_data_type(b);
    out[8] = get_image_width(c);
    out[9] = get_image_height(c);
    out[10] = (int)get_image_array_size(c);
    out[11] = get_image_channel_order(c);
    out[12] = get_image_width(d);
    out[13] = get_image_channel_data_type(d);
    out[14] = get_image_dim(a).x;
    out[15] = get_image_dim(b).z;
}
