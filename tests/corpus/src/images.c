/* images: OpenCL images through the sampler and the typed surface messages.
 *  - read_imagef with samplers passed as arguments: a 13x7 RGBA UNORM_INT8
 *    2D image, nearest filtering, every addressing mode OpenCL allows,
 *    normalized and unnormalized coordinates, float and int coordinates;
 *    an 8x4 RGBA FLOAT 2D image with linear filtering (and an inline
 *    CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR sampler); read_imageui on
 *    RGBA UNSIGNED_INT16; samplerless read_imagei on RGBA SIGNED_INT8;
 *  - 3D (RGBA UNORM_INT16), 2D array (RGBA UNORM_INT8), 1D array and 1D
 *    (RGBA FLOAT) images, a 1D buffer image (RGBA UNSIGNED_INT8);
 *  - write_imagef into RGBA UNORM_INT8 (rounding, clamping) and
 *    write_imageui into a 2D array of RGBA UNSIGNED_INT16 (saturation),
 *    read back by samplerless kernels;
 *  - get_image_* queries;
 *  - clEnqueueFillImage and clEnqueueCopyImage (the runtime's own kernels).
 * Expected outputs: the OpenCL 1.2 sampling rules (§8.2 addressing and
 * filtering, §8.3 conversions) computed here.  Coordinates keep clear of
 * nearest-filter rounding boundaries, and the linear cases use texels with
 * small integer values at quarter-texel positions on power-of-two sizes,
 * so that every result is exact whatever the order of the filter's
 * operations. */
#include "corpus.h"

#include <math.h>

#define NCO 64 /* coordinates per sampling launch */

enum { A_NONE, A_CLAMP_TO_EDGE, A_CLAMP, A_REPEAT, A_MIRRORED };
static const cl_addressing_mode cl_addr[] = {CL_ADDRESS_NONE, CL_ADDRESS_CLAMP_TO_EDGE, CL_ADDRESS_CLAMP,
                                             CL_ADDRESS_REPEAT, CL_ADDRESS_MIRRORED_REPEAT};

/* A host image as floats (4 channels per texel), w x h x d (layers). */
typedef struct {
    int w, h, d;
    const float *v;
} himg;

/* One dimension of OpenCL's addressing (OpenCL 1.2 §8.2): texel indices
 * i0 (nearest) or i0, i1 and the weight a (linear); -1 = border. */
static void address(float s, int n, int norm, int addr, int linear, int *i0, int *i1, float *a)
{
    float t;
    if (addr == A_REPEAT) {
        t = (s - floorf(s)) * (float)n;
    } else if (addr == A_MIRRORED) {
        float sp = 2.0f * rintf(0.5f * s);
        t = fabsf(s - sp) * (float)n;
    } else {
        t = norm ? s * (float)n : s;
    }
    if (!linear) {
        int i = (int)floorf(t);
        if (addr == A_REPEAT && i > n - 1) i -= n;
        if (addr == A_MIRRORED && i > n - 1) i = n - 1;
        if (addr == A_CLAMP_TO_EDGE) i = i < 0 ? 0 : i > n - 1 ? n - 1 : i;
        if ((addr == A_CLAMP || addr == A_NONE) && (i < 0 || i > n - 1)) i = -1;
        *i0 = i;
        return;
    }
    int j0 = (int)floorf(t - 0.5f), j1 = j0 + 1;
    *a = (t - 0.5f) - floorf(t - 0.5f);
    if (addr == A_REPEAT) {
        if (j0 < 0) j0 += n;
        if (j1 > n - 1) j1 -= n;
    } else if (addr == A_MIRRORED) {
        if (j0 < 0) j0 = 0;
        if (j1 > n - 1) j1 = n - 1;
    } else if (addr == A_CLAMP_TO_EDGE) {
        j0 = j0 < 0 ? 0 : j0 > n - 1 ? n - 1 : j0;
        j1 = j1 < 0 ? 0 : j1 > n - 1 ? n - 1 : j1;
    } else {
        if (j0 < 0 || j0 > n - 1) j0 = -1;
        if (j1 < 0 || j1 > n - 1) j1 = -1;
    }
    *i0 = j0;
    *i1 = j1;
}

/* Texel (x, y, z) of im, the border colour (0, 0, 0, 0) for index -1. */
static void fetch(const himg *im, int x, int y, int z, float *o)
{
    if (x < 0 || y < 0 || z < 0) {
        o[0] = o[1] = o[2] = o[3] = 0;
        return;
    }
    memcpy(o, im->v + 4 * (((size_t)z * im->h + y) * im->w + x), 16);
}

/* read_imagef(im, sampler, c) for a dims-dimensional image (layer: the
 * array coordinate index in c, or -1). */
static void sample(const himg *im, int dims, int layer, int norm, int addr, int linear, const float *c, float *o)
{
    const int size[3] = {im->w, im->h, im->d};
    int i0[3] = {0, 0, 0}, i1[3] = {0, 0, 0};
    float a[3] = {0, 0, 0};
    for (int k = 0; k < dims; k++)
        address(c[k], size[k], norm, addr, linear, &i0[k], &i1[k], &a[k]);
    if (layer >= 0) { /* array index: rint, clamped (§8.2); arrays keep layers in z */
        float r = rintf(c[layer]);
        int l = r < 0 ? 0 : r > (float)(im->d - 1) ? im->d - 1 : (int)r;
        i0[2] = i1[2] = l;
    }
    if (!linear) {
        if (i0[0] < 0 || i0[1] < 0 || i0[2] < 0)
            fetch(im, -1, 0, 0, o);
        else
            fetch(im, i0[0], i0[1], i0[2], o);
        return;
    }
    for (int ch = 0; ch < 4; ch++)
        o[ch] = 0;
    for (int k = 0; k < (1 << dims); k++) {
        int x = k & 1 ? i1[0] : i0[0], y = k & 2 ? i1[1] : i0[1], z = k & 4 ? i1[2] : i0[2];
        float w = 1, t[4];
        for (int d = 0; d < dims; d++)
            w *= (k >> d & 1) ? a[d] : 1 - a[d];
        fetch(im, x, y, z, t);
        for (int ch = 0; ch < 4; ch++)
            o[ch] += w * t[ch];
    }
}

/* Texel-space coordinate k + f with f clear of rounding boundaries,
 * spanning [-n, 2n), as a normalized or unnormalized coordinate. */
static float coord(uint32_t *rs, int n, int norm, int inrange)
{
    static const float frac[4] = {0.25f, 0.5f, 0.75f, 0.375f};
    int k = inrange ? (int)(corpus_rand(rs) % (uint32_t)n) : (int)(corpus_rand(rs) % (uint32_t)(3 * n)) - n;
    float t = (float)k + frac[corpus_rand(rs) & 3];
    return norm ? t / (float)n : t;
}

/* Linear-filter coordinate: quarter-texel positions (n a power of two). */
static float lcoord(uint32_t *rs, int n, int norm)
{
    int k = (int)(corpus_rand(rs) % (uint32_t)(3 * n)) - n;
    float t = (float)k + 0.25f * (float)(corpus_rand(rs) & 3);
    return norm ? t / (float)n : t;
}

static cl_mem image(corpus_t *c, cl_mem_object_type type, cl_channel_type ct, size_t w, size_t h, size_t d,
                    const void *data, cl_mem buffer)
{
    cl_image_format f = {CL_RGBA, ct};
    cl_image_desc desc;
    memset(&desc, 0, sizeof(desc));
    desc.image_type = type;
    desc.image_width = w;
    desc.image_height = h;
    desc.image_depth = type == CL_MEM_OBJECT_IMAGE3D ? d : 0;
    desc.image_array_size = type == CL_MEM_OBJECT_IMAGE2D_ARRAY || type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? d : 0;
    desc.buffer = buffer;
    cl_int err;
    cl_mem m = clCreateImage(c->ctx, data ? CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR : CL_MEM_READ_WRITE, &f,
                             &desc, buffer ? NULL : (void *)data, &err);
    CORPUS_CHECK(c, err, "clCreateImage");
    return m;
}

static cl_sampler sampler(corpus_t *c, int norm, int addr, int linear)
{
    cl_sampler_properties p[] = {CL_SAMPLER_NORMALIZED_COORDS, (cl_sampler_properties)norm,
                                 CL_SAMPLER_ADDRESSING_MODE, cl_addr[addr], CL_SAMPLER_FILTER_MODE,
                                 linear ? CL_FILTER_LINEAR : CL_FILTER_NEAREST, 0};
    cl_int err;
    cl_sampler s = clCreateSamplerWithProperties(c->ctx, p, &err);
    CORPUS_CHECK(c, err, "clCreateSamplerWithProperties");
    return s;
}

/* Launch kernel k(img, [sampler], co, out) over NCO coordinates. */
static void *launch(corpus_t *c, cl_kernel k, cl_mem img, cl_sampler s, const void *co, size_t cosize, size_t osize)
{
    cl_uint a = 0;
    CORPUS_CHECK(c, clSetKernelArg(k, a++, sizeof(img), &img), "clSetKernelArg(image)");
    if (s)
        CORPUS_CHECK(c, clSetKernelArg(k, a++, sizeof(s), &s), "clSetKernelArg(sampler)");
    void *dco = corpus_svm(c, cosize * NCO, co, 0);
    void *dout = corpus_svm(c, osize * NCO, NULL, 0xdeadbeef);
    corpus_arg_svm(c, k, a++, dco);
    corpus_arg_svm(c, k, a, dout);
    corpus_run1(c, k, NCO, 0);
    return dout;
}

int main(int argc, char **argv)
{
    corpus_t c;
    corpus_init(&c, "images", argc, argv);
    cl_bool images = CL_FALSE;
    clGetDeviceInfo(c.dev, CL_DEVICE_IMAGE_SUPPORT, sizeof(images), &images, NULL);
    if (!images) {
        printf("FAIL images (the device reports no image support)\n");
        return 1;
    }
    cl_program p = corpus_build(&c, "images.cl", "-cl-std=CL1.2");
    uint32_t rs = 0x1234567u;

    /* ---- 2D RGBA UNORM_INT8 13x7, nearest ---- */
    enum { AW = 13, AH = 7 };
    static uint8_t a8[AH][AW][4];
    static float af[AH][AW][4];
    for (int y = 0; y < AH; y++)
        for (int x = 0; x < AW; x++)
            for (int ch = 0; ch < 4; ch++) {
                a8[y][x][ch] = (uint8_t)corpus_rand(&rs);
                af[y][x][ch] = (float)a8[y][x][ch] / 255.0f;
            }
    himg ha = {AW, AH, 1, &af[0][0][0]};
    cl_mem ia = image(&c, CL_MEM_OBJECT_IMAGE2D, CL_UNORM_INT8, AW, AH, 1, a8, NULL);
    cl_kernel k_rd2f = corpus_kernel(&c, p, "rd2f"), k_rd2fi = corpus_kernel(&c, p, "rd2fi");
    static const struct { int norm, addr; } nearest[] = {
        {1, A_CLAMP_TO_EDGE}, {1, A_CLAMP}, {1, A_REPEAT}, {1, A_MIRRORED},
        {0, A_NONE}, {0, A_CLAMP_TO_EDGE}, {0, A_CLAMP},
    };
    static float e_near[7][NCO][4], e_int[2][NCO][4];
    for (int t = 0; t < 7; t++) {
        float co[NCO][2];
        for (int i = 0; i < NCO; i++) {
            co[i][0] = coord(&rs, AW, nearest[t].norm, nearest[t].addr == A_NONE);
            co[i][1] = coord(&rs, AH, nearest[t].norm, nearest[t].addr == A_NONE);
            sample(&ha, 2, -1, nearest[t].norm, nearest[t].addr, 0, co[i], e_near[t][i]);
        }
        void *o = launch(&c, k_rd2f, ia, sampler(&c, nearest[t].norm, nearest[t].addr, 0), co, 8, 16);
        corpus_expect(&c, "nearest", o, e_near[t], sizeof(e_near[t]));
    }
    /* int coordinates: unnormalized nearest, CLAMP_TO_EDGE and CLAMP */
    for (int t = 0; t < 2; t++) {
        int co[NCO][2];
        for (int i = 0; i < NCO; i++) {
            co[i][0] = (int)(corpus_rand(&rs) % (3 * AW)) - AW;
            co[i][1] = (int)(corpus_rand(&rs) % (3 * AH)) - AH;
            float cf[2] = {(float)co[i][0] + 0.5f, (float)co[i][1] + 0.5f};
            sample(&ha, 2, -1, 0, t ? A_CLAMP : A_CLAMP_TO_EDGE, 0, cf, e_int[t][i]);
        }
        void *o = launch(&c, k_rd2fi, ia, sampler(&c, 0, t ? A_CLAMP : A_CLAMP_TO_EDGE, 0), co, 8, 16);
        corpus_expect(&c, "intcoord", o, e_int[t], sizeof(e_int[t]));
    }

    /* ---- 2D RGBA FLOAT 8x4, linear ---- */
    enum { FW = 8, FH = 4 };
    static float ff[FH][FW][4];
    for (int y = 0; y < FH; y++)
        for (int x = 0; x < FW; x++)
            for (int ch = 0; ch < 4; ch++)
                ff[y][x][ch] = (float)(corpus_rand(&rs) % 16);
    himg hf = {FW, FH, 1, &ff[0][0][0]};
    cl_mem ifl = image(&c, CL_MEM_OBJECT_IMAGE2D, CL_FLOAT, FW, FH, 1, ff, NULL);
    static const struct { int norm, addr; } linear[] = {
        {1, A_REPEAT}, {1, A_MIRRORED}, {1, A_CLAMP}, {1, A_CLAMP_TO_EDGE}, {0, A_CLAMP_TO_EDGE}, {0, A_CLAMP},
    };
    static float e_lin[7][NCO][4];
    for (int t = 0; t < 7; t++) {
        int norm = t < 6 ? linear[t].norm : 1, addr = t < 6 ? linear[t].addr : A_REPEAT;
        float co[NCO][2];
        for (int i = 0; i < NCO; i++) {
            co[i][0] = lcoord(&rs, FW, norm);
            co[i][1] = lcoord(&rs, FH, norm);
            sample(&hf, 2, -1, norm, addr, 1, co[i], e_lin[t][i]);
        }
        void *o = t < 6 ? launch(&c, k_rd2f, ifl, sampler(&c, norm, addr, 1), co, 8, 16)
                        : launch(&c, corpus_kernel(&c, p, "rd2lin"), ifl, NULL, co, 8, 16);
        corpus_expect(&c, "linear", o, e_lin[t], sizeof(e_lin[t]));
    }

    /* ---- read_imageui on RGBA UNSIGNED_INT16 6x5, nearest, normalized CLAMP ---- */
    enum { UW = 6, UH = 5 };
    static uint16_t u16[UH][UW][4];
    for (int y = 0; y < UH; y++)
        for (int x = 0; x < UW; x++)
            for (int ch = 0; ch < 4; ch++)
                u16[y][x][ch] = (uint16_t)corpus_rand(&rs);
    cl_mem iu = image(&c, CL_MEM_OBJECT_IMAGE2D, CL_UNSIGNED_INT16, UW, UH, 1, u16, NULL);
    static uint32_t e_ui[NCO][4];
    {
        float co[NCO][2];
        for (int i = 0; i < NCO; i++) {
            co[i][0] = coord(&rs, UW, 1, 0);
            co[i][1] = coord(&rs, UH, 1, 0);
            int x, y, d1;
            float d2;
            address(co[i][0], UW, 1, A_CLAMP, 0, &x, &d1, &d2);
            address(co[i][1], UH, 1, A_CLAMP, 0, &y, &d1, &d2);
            for (int ch = 0; ch < 4; ch++)
                e_ui[i][ch] = x < 0 || y < 0 ? 0 : u16[y][x][ch];
        }
        void *o = launch(&c, corpus_kernel(&c, p, "rd2ui"), iu, sampler(&c, 1, A_CLAMP, 0), co, 8, 16);
        corpus_expect(&c, "uint16", o, e_ui, sizeof(e_ui));
    }

    /* ---- samplerless read_imagei on RGBA SIGNED_INT8 5x3 ---- */
    enum { IW = 5, IH = 3 };
    static int8_t s8[IH][IW][4];
    for (int y = 0; y < IH; y++)
        for (int x = 0; x < IW; x++)
            for (int ch = 0; ch < 4; ch++)
                s8[y][x][ch] = (int8_t)corpus_rand(&rs);
    cl_mem is = image(&c, CL_MEM_OBJECT_IMAGE2D, CL_SIGNED_INT8, IW, IH, 1, s8, NULL);
    static int32_t e_si[NCO][4];
    {
        int co[NCO][2];
        for (int i = 0; i < NCO; i++) {
            co[i][0] = (int)(corpus_rand(&rs) % IW);
            co[i][1] = (int)(corpus_rand(&rs) % IH);
            for (int ch = 0; ch < 4; ch++)
                e_si[i][ch] = s8[co[i][1]][co[i][0]][ch];
        }
        void *o = launch(&c, corpus_kernel(&c, p, "ld2i"), is, NULL, co, 8, 16);
        corpus_expect(&c, "sint8", o, e_si, sizeof(e_si));
    }

    /* ---- 3D RGBA UNORM_INT16 5x4x3, nearest, normalized CLAMP_TO_EDGE ---- */
    enum { VW = 5, VH = 4, VD = 3 };
    static uint16_t v16[VD][VH][VW][4];
    static float vf[VD][VH][VW][4];
    for (int z = 0; z < VD; z++)
        for (int y = 0; y < VH; y++)
            for (int x = 0; x < VW; x++)
                for (int ch = 0; ch < 4; ch++) {
                    v16[z][y][x][ch] = (uint16_t)corpus_rand(&rs);
                    vf[z][y][x][ch] = (float)v16[z][y][x][ch] / 65535.0f;
                }
    himg hv = {VW, VH, VD, &vf[0][0][0][0]};
    cl_mem iv = image(&c, CL_MEM_OBJECT_IMAGE3D, CL_UNORM_INT16, VW, VH, VD, v16, NULL);
    static float e_3d[NCO][4];
    {
        float co[NCO][4];
        for (int i = 0; i < NCO; i++) {
            co[i][0] = coord(&rs, VW, 1, 0);
            co[i][1] = coord(&rs, VH, 1, 0);
            co[i][2] = coord(&rs, VD, 1, 0);
            co[i][3] = 0;
            sample(&hv, 3, -1, 1, A_CLAMP_TO_EDGE, 0, co[i], e_3d[i]);
        }
        void *o = launch(&c, corpus_kernel(&c, p, "rd3f"), iv, sampler(&c, 1, A_CLAMP_TO_EDGE, 0), co, 16, 16);
        corpus_expect(&c, "3d", o, e_3d, sizeof(e_3d));
    }

    /* ---- 2D array RGBA UNORM_INT8 6x4, 3 layers, nearest, unnormalized CLAMP ---- */
    enum { RW = 6, RH = 4, RL = 3 };
    static uint8_t r8[RL][RH][RW][4];
    static float rf[RL][RH][RW][4];
    for (int z = 0; z < RL; z++)
        for (int y = 0; y < RH; y++)
            for (int x = 0; x < RW; x++)
                for (int ch = 0; ch < 4; ch++) {
                    r8[z][y][x][ch] = (uint8_t)corpus_rand(&rs);
                    rf[z][y][x][ch] = (float)r8[z][y][x][ch] / 255.0f;
                }
    himg hr = {RW, RH, RL, &rf[0][0][0][0]};
    cl_mem ir = image(&c, CL_MEM_OBJECT_IMAGE2D_ARRAY, CL_UNORM_INT8, RW, RH, RL, r8, NULL);
    static float e_2da[NCO][4];
    {
        static const float layers[8] = {0.0f, 1.25f, 1.75f, 2.0f, -0.75f, 5.0f, 0.375f, 2.625f};
        float co[NCO][4];
        for (int i = 0; i < NCO; i++) {
            co[i][0] = coord(&rs, RW, 0, 0);
            co[i][1] = coord(&rs, RH, 0, 0);
            co[i][2] = layers[i % 8];
            co[i][3] = 0;
            sample(&hr, 2, 2, 0, A_CLAMP, 0, co[i], e_2da[i]);
        }
        void *o = launch(&c, corpus_kernel(&c, p, "rd2af"), ir, sampler(&c, 0, A_CLAMP, 0), co, 16, 16);
        corpus_expect(&c, "2darray", o, e_2da, sizeof(e_2da));
    }

    /* ---- 1D array RGBA FLOAT 8 x 3 layers, linear, normalized REPEAT;
     *      1D RGBA FLOAT 8, linear, normalized MIRRORED ---- */
    enum { LW = 8, LL = 3 };
    static float l1[LL][LW][4];
    for (int z = 0; z < LL; z++)
        for (int x = 0; x < LW; x++)
            for (int ch = 0; ch < 4; ch++)
                l1[z][x][ch] = (float)(corpus_rand(&rs) % 32);
    himg hl = {LW, 1, LL, &l1[0][0][0]};
    cl_mem il = image(&c, CL_MEM_OBJECT_IMAGE1D_ARRAY, CL_FLOAT, LW, 1, LL, l1, NULL);
    cl_mem i1 = image(&c, CL_MEM_OBJECT_IMAGE1D, CL_FLOAT, LW, 1, 1, l1[1], NULL);
    himg h1 = {LW, 1, 1, &l1[1][0][0]};
    static float e_1da[NCO][4], e_1d[NCO][4];
    {
        float co[NCO][2], c1[NCO];
        for (int i = 0; i < NCO; i++) {
            co[i][0] = lcoord(&rs, LW, 1);
            co[i][1] = (float)(i % 5) - 1.0f; /* layers -1 .. 3: clamped */
            sample(&hl, 1, 1, 1, A_REPEAT, 1, co[i], e_1da[i]);
            c1[i] = lcoord(&rs, LW, 1);
            sample(&h1, 1, -1, 1, A_MIRRORED, 1, &c1[i], e_1d[i]);
        }
        void *o = launch(&c, corpus_kernel(&c, p, "rd1af"), il, sampler(&c, 1, A_REPEAT, 1), co, 8, 16);
        corpus_expect(&c, "1darray", o, e_1da, sizeof(e_1da));
        o = launch(&c, corpus_kernel(&c, p, "rd1f"), i1, sampler(&c, 1, A_MIRRORED, 1), c1, 4, 16);
        corpus_expect(&c, "1d", o, e_1d, sizeof(e_1d));
    }

    /* ---- 1D buffer RGBA UNSIGNED_INT8, 40 texels ---- */
    enum { BN = 40 };
    static uint8_t b8[BN][4];
    for (int x = 0; x < BN; x++)
        for (int ch = 0; ch < 4; ch++)
            b8[x][ch] = (uint8_t)corpus_rand(&rs);
    cl_int err;
    cl_mem buf = clCreateBuffer(c.ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof(b8), b8, &err);
    CORPUS_CHECK(&c, err, "clCreateBuffer");
    cl_mem ib = image(&c, CL_MEM_OBJECT_IMAGE1D_BUFFER, CL_UNSIGNED_INT8, BN, 1, 1, NULL, buf);
    static uint32_t e_1b[NCO][4];
    {
        int co[NCO];
        for (int i = 0; i < NCO; i++) {
            co[i] = (int)(corpus_rand(&rs) % BN);
            for (int ch = 0; ch < 4; ch++)
                e_1b[i][ch] = b8[co[i]][ch];
        }
        void *o = launch(&c, corpus_kernel(&c, p, "ld1b"), ib, NULL, co, 4, 16);
        corpus_expect(&c, "1dbuffer", o, e_1b, sizeof(e_1b));
    }

    /* ---- write_imagef into RGBA UNORM_INT8 6x3, read back ---- */
    enum { WW = 6, WH = 3 };
    static float wv[WH][WW][4], e_w[WH][WW][4];
    for (int y = 0; y < WH; y++)
        for (int x = 0; x < WW; x++)
            for (int ch = 0; ch < 4; ch++) {
                /* (k + 0.3) / 255 and out-of-range values: round to nearest, clamp (§8.3.1.1) */
                int k = (int)(corpus_rand(&rs) % 300) - 20;
                wv[y][x][ch] = ((float)k + 0.3f) / 255.0f;
                int b = k < 0 ? 0 : k > 255 ? 255 : k;
                e_w[y][x][ch] = (float)b / 255.0f;
            }
    cl_mem iw = image(&c, CL_MEM_OBJECT_IMAGE2D, CL_UNORM_INT8, WW, WH, 1, NULL, NULL);
    {
        cl_kernel k = corpus_kernel(&c, p, "wr2f");
        void *dv = corpus_svm(&c, sizeof(wv), wv, 0);
        CORPUS_CHECK(&c, clSetKernelArg(k, 0, sizeof(iw), &iw), "clSetKernelArg");
        corpus_arg_svm(&c, k, 1, dv);
        const size_t g[2] = {WW, WH};
        corpus_run2(&c, k, g, NULL);
        k = corpus_kernel(&c, p, "ld2f");
        void *o = corpus_svm(&c, sizeof(e_w), NULL, 0xdeadbeef);
        CORPUS_CHECK(&c, clSetKernelArg(k, 0, sizeof(iw), &iw), "clSetKernelArg");
        corpus_arg_svm(&c, k, 1, o);
        corpus_run2(&c, k, g, NULL);
        corpus_expect(&c, "writef", o, e_w, sizeof(e_w));
    }

    /* ---- write_imageui into a 2D array of RGBA UNSIGNED_INT16 4x2x2 (saturating), read back ---- */
    enum { XW = 4, XH = 2, XL = 2 };
    static uint32_t xv[XL][XH][XW][4], e_x[XL][XH][XW][4];
    for (int z = 0; z < XL; z++)
        for (int y = 0; y < XH; y++)
            for (int x = 0; x < XW; x++)
                for (int ch = 0; ch < 4; ch++) {
                    uint32_t v = corpus_rand(&rs) >> (corpus_rand(&rs) % 24);
                    xv[z][y][x][ch] = v;
                    e_x[z][y][x][ch] = v > 65535 ? 65535 : v; /* convert_ushort_sat */
                }
    cl_mem ix = image(&c, CL_MEM_OBJECT_IMAGE2D_ARRAY, CL_UNSIGNED_INT16, XW, XH, XL, NULL, NULL);
    {
        cl_kernel k = corpus_kernel(&c, p, "wr2aui");
        void *dv = corpus_svm(&c, sizeof(xv), xv, 0);
        CORPUS_CHECK(&c, clSetKernelArg(k, 0, sizeof(ix), &ix), "clSetKernelArg");
        corpus_arg_svm(&c, k, 1, dv);
        const size_t g[3] = {XW, XH, XL};
        CORPUS_CHECK(&c, clEnqueueNDRangeKernel(c.q, k, 3, NULL, g, NULL, 0, NULL, NULL), "clEnqueueNDRangeKernel");
        c.launches++;
        k = corpus_kernel(&c, p, "ld2aui");
        void *o = corpus_svm(&c, sizeof(e_x), NULL, 0xdeadbeef);
        CORPUS_CHECK(&c, clSetKernelArg(k, 0, sizeof(ix), &ix), "clSetKernelArg");
        corpus_arg_svm(&c, k, 1, o);
        CORPUS_CHECK(&c, clEnqueueNDRangeKernel(c.q, k, 3, NULL, g, NULL, 0, NULL, NULL), "clEnqueueNDRangeKernel");
        c.launches++;
        corpus_expect(&c, "writeui", o, e_x, sizeof(e_x));
    }

    /* ---- get_image_* ---- */
    static const int32_t e_info[16] = {AW, AH, CL_UNORM_INT8, CL_RGBA, VW, VH, VD, CL_UNORM_INT16,
                                       RW, RH, RL, CL_RGBA, BN, CL_UNSIGNED_INT8, AW, VD};
    {
        cl_kernel k = corpus_kernel(&c, p, "info");
        cl_mem args[4] = {ia, iv, ir, ib};
        for (cl_uint i = 0; i < 4; i++)
            CORPUS_CHECK(&c, clSetKernelArg(k, i, sizeof(cl_mem), &args[i]), "clSetKernelArg");
        void *o = corpus_svm(&c, sizeof(e_info), NULL, 0xdeadbeef);
        corpus_arg_svm(&c, k, 4, o);
        corpus_run1(&c, k, 1, 1);
        corpus_expect(&c, "info", o, e_info, sizeof(e_info));
    }

    /* ---- clEnqueueFillImage + clEnqueueCopyImage into an 8x8 RGBA UNORM_INT8, read back ---- */
    enum { DW = 8, DH = 8 };
    static float e_d[DH][DW][4];
    cl_mem id = image(&c, CL_MEM_OBJECT_IMAGE2D, CL_UNORM_INT8, DW, DH, 1, NULL, NULL);
    {
        const float zero[4] = {0, 0, 0, 0}, fillc[4] = {0.2f, 0.4f, 0.6f, 1.0f};
        const size_t o0[3] = {0, 0, 0}, all[3] = {DW, DH, 1};
        CORPUS_CHECK(&c, clEnqueueFillImage(c.q, id, zero, o0, all, 0, NULL, NULL), "clEnqueueFillImage");
        const size_t so[3] = {2, 1, 0}, dorg[3] = {1, 2, 0}, reg[3] = {5, 4, 1};
        CORPUS_CHECK(&c, clEnqueueCopyImage(c.q, ia, id, so, dorg, reg, 0, NULL, NULL), "clEnqueueCopyImage");
        const size_t fo[3] = {0, 7, 0}, freg[3] = {DW, 1, 1};
        CORPUS_CHECK(&c, clEnqueueFillImage(c.q, id, fillc, fo, freg, 0, NULL, NULL), "clEnqueueFillImage");
        for (int y = 0; y < DH; y++)
            for (int x = 0; x < DW; x++)
                for (int ch = 0; ch < 4; ch++) {
                    float v = 0;
                    if (y == 7)
                        v = (float)(int)(fillc[ch] * 255.0f + 0.5f) / 255.0f;
                    else if (x >= 1 && x < 6 && y >= 2 && y < 6)
                        v = af[y - 2 + 1][x - 1 + 2][ch];
                    e_d[y][x][ch] = v;
                }
        cl_kernel k = corpus_kernel(&c, p, "ld2f");
        void *o = corpus_svm(&c, sizeof(e_d), NULL, 0xdeadbeef);
        CORPUS_CHECK(&c, clSetKernelArg(k, 0, sizeof(id), &id), "clSetKernelArg");
        corpus_arg_svm(&c, k, 1, o);
        const size_t g[2] = {DW, DH};
        corpus_run2(&c, k, g, NULL);
        corpus_expect(&c, "copyfill", o, e_d, sizeof(e_d));
    }
    return corpus_finish(&c);
}
