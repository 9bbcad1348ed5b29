/* ocl_image: images (OpenCL 1.2 §5.3, §6.12.14, chapter 8).
 *
 * First host commands the runtime may carry out with its own kernels
 * (every image below is filled through them): clEnqueueWriteImage /
 * ReadImage with origins, regions and row / slice pitches (2D, 3D, 2D
 * array, 1D array), clEnqueueCopyImage (2D -> 2D, 3D slice -> 2D, 2D -> 3D
 * slice, 2D array layers -> 2D array), clEnqueueCopyImageToBuffer /
 * CopyBufferToImage, clEnqueueFillImage with float, int and uint colours,
 * clEnqueueMapImage for reading and writing.  Then, for every format of
 * the list below that clGetSupportedImageFormats lists
 * for 2D images (others: "skip" lines; CL_RGBA with CL_UNORM_INT8, CL_FLOAT
 * and CL_UNSIGNED_INT32 must be listed), with random contents (fixed seed)
 * in images of every type (1D 23, 1D buffer 37, 1D array 19 x 3 layers, 2D
 * 19x13, 2D array 11x7 x 3 layers, 3D 7x5x4; a type that does not list the
 * format is skipped and said so):
 * - reads (ocl_image.cl read_u_*, read_n_*): read_imagef / read_imagei /
 *   read_imageui (by the channel data type) through every sampler OpenCL
 *   1.2 allows: unnormalized coordinates with CLK_ADDRESS_NONE,
 *   CLAMP_TO_EDGE, CLAMP (program-scope samplers), normalized with NONE,
 *   CLAMP_TO_EDGE, CLAMP, REPEAT, MIRRORED_REPEAT (sampler arguments from
 *   clCreateSamplerWithProperties), each with CLK_FILTER_NEAREST and, for
 *   read_imagef, CLK_FILTER_LINEAR; float coordinates at texel centres,
 *   near texel edges, at random and out of the image; int coordinates with
 *   the three unnormalized nearest samplers; the sampler-less reads (the
 *   only reads of a 1D buffer image);
 * - writes (write_*): write_imagef / write_imagei / write_imageui of every
 *   pixel but a few (which must keep their contents) of an image of each
 *   type (3D with cl_khr_3d_image_writes only), read back with
 *   clEnqueueReadImage (1D buffer: also the buffer itself);
 * - queries (query): get_image_width / height / depth / array_size / dim /
 *   channel_data_type / channel_order of one image of each type.
 *
 * The expected values come from the CPU model of the section "CPU
 * reference" below, written from the specification (OpenCL 1.2 §8.2
 * addressing and filtering, §8.3 conversions, §8.4 array layers,
 * §6.12.14.1 border colour, §6.12.14.7 channel mapping), not from any
 * implementation.  Tolerances (details at the functions that apply them):
 * - nearest reads: the texel must be the right one; values of normalized
 *   formats within 1.5 ulp (§8.3.1.1; 0 and +-1 exact), half and float
 *   exact (§8.3.2, §8.3.3), integers exact (§8.3.4);
 * - coordinates are never closer to a texel boundary than 1e-3 texel
 *   (unnormalized, whose texel choice §8.2 requires to be exact) or 0.01
 *   texel (normalized, whose precision §8.2 leaves open; the OpenCL-CTS
 *   accepts a neighbour up to 0.1 texel away on GPUs), nor closer than 0.1
 *   to a rounding boundary of an array layer;
 * - linear reads: the absolute error the OpenCL-CTS allows (test_common /
 *   harness imageHelpers.cpp get_max_relative_error and
 *   get_max_absolute_error, kernel_read_write test_iterations.cpp): per
 *   channel max(format quantum, (2^-7 + 2 FLT_EPSILON) * the largest
 *   magnitude among the filtered texels), the format quantum being 1/255
 *   UNORM_INT8, 1/127 SNORM_INT8, 1/65535 UNORM_INT16, 1/32767
 *   SNORM_INT16, FLT_MIN FLOAT, 0 HALF_FLOAT (the specification itself
 *   leaves the precision of filtering undefined, §8.2 note);
 * - writes to normalized formats: within 0.6 of the exact clamp(x) * max
 *   (§8.3.1.2 allows a rounding mode other than round-to-nearest-even
 *   within 0.6; the CTS's filter_rounding_errors checks |got - x * max| <=
 *   0.6); below -1 SNORM accepts -127 (the CTS) and -128 (the
 *   specification's convert_char_sat_rte(x * 127)); half: round to nearest
 *   even or toward zero (§8.3.2); float and integers exact (§8.3.3,
 *   §8.3.4 saturating);
 * - host commands: bytes exact, except clEnqueueFillImage's float colour
 *   into a normalized format (the write rule above).
 *
 * Output: one "ok" line per case (a format on an image type and kind of
 * coordinates, or written; a format's queries; a host command) or the
 * first mismatches (which image, sampler, coordinate, got, expected,
 * tolerance), then PASS / FAIL (oclt.h).  4 kernel launches per format
 * (unnormalized reads ~850 work-items, normalized reads 800, queries 1,
 * writes ~600), about 100 in all, besides the runtime's own copies
 * (uploads and read-backs of the images, the host commands).
 * OCLT_DEVICE_TYPE=cpu runs it on a CPU device (PoCL) to check the program
 * itself.
 */
#include "oclt.h"

#define NC 16                 /* coordinates per image and sampler mode */
#define MARGIN_UNNORM 1e-3    /* texels from a nearest-filter decision, unnormalized coordinates */
#define MARGIN_NORM 1e-2      /* the same with normalized coordinates */
#define MARGIN_LAYER 0.1      /* from a rounding boundary of an array layer coordinate */

/* Running on PoCL (OCLT_DEVICE_TYPE=cpu, to check this program).  PoCL 3.1
 * deviates from the specification in ways this program meets; there, and
 * only there:
 * 1. its kernel library lacks get_image_width / channel_data_type /
 *    channel_order of image1d_buffer_t and links write_imagei of 2D array
 *    and 3D images to a wrongly mangled internal name; either aborts the
 *    program when the kernel is loaded.  Those calls are left out
 *    (-DPOCL_WORKAROUNDS, "skip" lines); OpenCL 1.2 §6.12.14.4 / §6.12.14.5
 *    define them.
 * 2. the border colour of CL_R, CL_RG, CL_RGB, CL_LUMINANCE is (0, 0, 0, 0)
 *    instead of (0, 0, 0, 1) (§6.12.14.1), and read_imagei / ui of CL_R,
 *    CL_RG return alpha 0 instead of 1 (§6.12.14.7); fixed in PoCL's
 *    commit bba4387d6 "Fix read_image alpha channel for formats without
 *    alpha" (in no release up to v7.2-RC1).
 * 3. with normalized coordinates the layer coordinate of a 1D or 2D array
 *    is scaled by the array size like the others: layer = clamp(floor(v *
 *    layers + 0.5), 0, layers - 1) (lib/kernel/read_image.cl, every
 *    addressing mode), where §8.1 / §8.4 say it is always unnormalized.
 *    A read that fails is compared again with the reference under a model
 *    of 2 and 3 (pocl_model) and counted as a PoCL deviation when it
 *    matches, so the rest of those reads is still checked.
 * 4. clEnqueueFillImage converts a float colour to UNORM_INT8 by
 *    truncation (pocl_image_util.c write_float4_pixel, convert_uchar4_sat
 *    without _rte): 0.25 * 255 = 63.75 -> 63, 0.75 off where §8.3.1.2
 *    allows 0.6 (the OpenCL-CTS clFillImage even requires round to
 *    nearest even):
 *    XFAIL on PoCL.
 * 5. clEnqueueWriteImage / ReadImage of a 1D array step from layer to
 *    layer by the row pitch and ignore the slice pitch, which is "the size
 *    in bytes of ... each image of a 1D or 2D image array" (§5.3.3):
 *    XFAIL on PoCL. */
/* Intel's runtime (intel-opencl-icd 22.43) deviates from the spec once:
 * 6. clEnqueueFillImage converts a float colour to UNORM_INT8 on the host
 *    by truncation, as PoCL does (4): its fill kernel receives the
 *    converted colour as a kernel argument (0x3f for 0.25, seen in the
 *    kernel's registers with GTSIM_TRACE_EU=1) and writes it through a
 *    UINT view of the image; no GPU could round it afterwards.
 *    XFAIL on Intel's runtime. */
static int pocl, neo;
static int pocl_model;   /* the reference models deviations 2 and 3 */

static uint64_t rng = 0x6a09e667f3bcc909ull;
static uint32_t rnd(void) { return (uint32_t)(oclt_rand(&rng) >> 32); }
static double rndu(void) { return (double)(oclt_rand(&rng) >> 11) * 0x1p-53; }        /* [0, 1) */
static int rndi(int lo, int hi) { return lo + (int)(rnd() % (uint32_t)(hi - lo + 1)); }  /* [lo, hi] */
static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

/* ---------------------------------------------------------------- */
/* Formats and image types                                           */
/* ---------------------------------------------------------------- */

typedef struct {
    cl_channel_order o;
    cl_channel_type t;
} fmt_t;

static const fmt_t formats[] = {
    { CL_RGBA, CL_UNORM_INT8 }, { CL_RGBA, CL_UNORM_INT16 }, { CL_RGBA, CL_SNORM_INT8 },
    { CL_RGBA, CL_SNORM_INT16 }, { CL_RGBA, CL_SIGNED_INT8 }, { CL_RGBA, CL_SIGNED_INT16 },
    { CL_RGBA, CL_SIGNED_INT32 }, { CL_RGBA, CL_UNSIGNED_INT8 }, { CL_RGBA, CL_UNSIGNED_INT16 },
    { CL_RGBA, CL_UNSIGNED_INT32 }, { CL_RGBA, CL_HALF_FLOAT }, { CL_RGBA, CL_FLOAT },
    { CL_BGRA, CL_UNORM_INT8 },
    { CL_R, CL_FLOAT }, { CL_R, CL_UNORM_INT8 }, { CL_R, CL_UNSIGNED_INT32 },
    { CL_RG, CL_FLOAT }, { CL_RG, CL_UNORM_INT8 }, { CL_RG, CL_UNSIGNED_INT32 },
    { CL_A, CL_UNORM_INT8 }, { CL_A, CL_FLOAT },
    { CL_INTENSITY, CL_UNORM_INT8 }, { CL_INTENSITY, CL_FLOAT },
    { CL_LUMINANCE, CL_UNORM_INT8 }, { CL_LUMINANCE, CL_FLOAT },
};
#define NFORMATS ((int)(sizeof(formats) / sizeof(formats[0])))

/* Host lists matching the kernel's dt_index / order_index. */
static const cl_channel_type dt_list[15] = {
    CL_SNORM_INT8, CL_SNORM_INT16, CL_UNORM_INT8, CL_UNORM_INT16, CL_UNORM_SHORT_565, CL_UNORM_SHORT_555,
    CL_UNORM_INT_101010, CL_SIGNED_INT8, CL_SIGNED_INT16, CL_SIGNED_INT32, CL_UNSIGNED_INT8,
    CL_UNSIGNED_INT16, CL_UNSIGNED_INT32, CL_HALF_FLOAT, CL_FLOAT,
};
static const cl_channel_order ord_list[13] = {
    CL_R, CL_A, CL_RG, CL_RA, CL_RGB, CL_RGBA, CL_BGRA, CL_ARGB, CL_INTENSITY, CL_LUMINANCE, CL_Rx, CL_RGx, CL_RGBx,
};

static const char *dt_name(cl_channel_type t)
{
    static const char *const n[15] = {
        "SNORM_INT8", "SNORM_INT16", "UNORM_INT8", "UNORM_INT16", "UNORM_SHORT_565", "UNORM_SHORT_555",
        "UNORM_INT_101010", "SIGNED_INT8", "SIGNED_INT16", "SIGNED_INT32", "UNSIGNED_INT8",
        "UNSIGNED_INT16", "UNSIGNED_INT32", "HALF_FLOAT", "FLOAT",
    };
    for (int i = 0; i < 15; i++)
        if (dt_list[i] == t)
            return n[i];
    return "?";
}

static const char *ord_name(cl_channel_order o)
{
    static const char *const n[13] = {
        "R", "A", "RG", "RA", "RGB", "RGBA", "BGRA", "ARGB", "INTENSITY", "LUMINANCE", "Rx", "RGx", "RGBx",
    };
    for (int i = 0; i < 13; i++)
        if (ord_list[i] == o)
            return n[i];
    return "?";
}

static const char *fmt_name(fmt_t f)
{
    static char buf[4][48];
    static int k;
    char *b = buf[k++ & 3];
    snprintf(b, 48, "%s/%s", ord_name(f.o), dt_name(f.t));
    return b;
}

enum { K_F, K_I, K_U };   /* read_imagef / write_imagef, ..i, ..ui */

static int dt_kind(cl_channel_type t)
{
    switch (t) {
    case CL_SIGNED_INT8: case CL_SIGNED_INT16: case CL_SIGNED_INT32: return K_I;
    case CL_UNSIGNED_INT8: case CL_UNSIGNED_INT16: case CL_UNSIGNED_INT32: return K_U;
    default: return K_F;
    }
}

static int dt_size(cl_channel_type t)
{
    switch (t) {
    case CL_SNORM_INT8: case CL_UNORM_INT8: case CL_SIGNED_INT8: case CL_UNSIGNED_INT8: return 1;
    case CL_SNORM_INT16: case CL_UNORM_INT16: case CL_SIGNED_INT16: case CL_UNSIGNED_INT16: case CL_HALF_FLOAT: return 2;
    default: return 4;
    }
}

static int is_norm(cl_channel_type t)
{
    return t == CL_UNORM_INT8 || t == CL_UNORM_INT16 || t == CL_SNORM_INT8 || t == CL_SNORM_INT16;
}

static int nchan(cl_channel_order o)
{
    return o == CL_RGBA || o == CL_BGRA ? 4 : o == CL_RG ? 2 : 1;
}

static size_t psize(fmt_t f) { return (size_t)nchan(f.o) * (size_t)dt_size(f.t); }

enum { IT_1D, IT_1DA, IT_2D, IT_2DA, IT_3D, IT_1DB, IT_N };
static const cl_mem_object_type it_cl[IT_N] = {
    CL_MEM_OBJECT_IMAGE1D, CL_MEM_OBJECT_IMAGE1D_ARRAY, CL_MEM_OBJECT_IMAGE2D,
    CL_MEM_OBJECT_IMAGE2D_ARRAY, CL_MEM_OBJECT_IMAGE3D, CL_MEM_OBJECT_IMAGE1D_BUFFER,
};
static const char *const it_name[IT_N] = { "1D", "1D array", "2D", "2D array", "3D", "1D buffer" };
/* w, h (1D array: layers), d (2D array: layers) */
static const int it_size[IT_N][3] = { { 23, 1, 1 }, { 19, 3, 1 }, { 19, 13, 1 }, { 11, 7, 3 }, { 7, 5, 4 }, { 37, 1, 1 } };

/* ---------------------------------------------------------------- */
/* CPU reference (OpenCL 1.2 specification)                          */
/* ---------------------------------------------------------------- */

/* The colour of a pixel as the read functions return it. */
typedef struct {
    double f[4];    /* read_imagef */
    int64_t i[4];   /* read_imagei / read_imageui */
} color_t;

/* Component (0 r, 1 g, 2 b, 3 a) of the colour that stored channel j holds
 * (§6.12.14.7 table; CL_BGRA stores b, g, r, a; a write to CL_INTENSITY or
 * CL_LUMINANCE stores the x component, as the OpenCL-CTS does). */
static int chan_comp(cl_channel_order o, int j)
{
    static const int bgra[4] = { 2, 1, 0, 3 };
    switch (o) {
    case CL_BGRA: return bgra[j];
    case CL_A: return 3;
    case CL_RGBA: case CL_RG: return j;
    default: return 0;   /* R, INTENSITY, LUMINANCE */
    }
}

/* §8.3.1.1 normalized integer -> float (exact value; the device may be
 * 1.5 ulp off), §8.3.2 half -> float (lossless), §8.3.3 float. */
static double chan_f(cl_channel_type t, const uint8_t *p)
{
    switch (t) {
    case CL_UNORM_INT8: return p[0] / 255.0;
    case CL_UNORM_INT16: { uint16_t v; memcpy(&v, p, 2); return v / 65535.0; }
    case CL_SNORM_INT8: return fmax(-1.0, (int8_t)p[0] / 127.0);
    case CL_SNORM_INT16: { int16_t v; memcpy(&v, p, 2); return fmax(-1.0, v / 32767.0); }
    case CL_HALF_FLOAT: { _Float16 h; memcpy(&h, p, 2); return (double)h; }
    case CL_FLOAT: { float v; memcpy(&v, p, 4); return v; }
    default: return NAN;
    }
}

/* §8.3.4: sign extension of signed, zero extension of unsigned channels. */
static int64_t chan_i(cl_channel_type t, const uint8_t *p)
{
    switch (t) {
    case CL_SIGNED_INT8: return (int8_t)p[0];
    case CL_SIGNED_INT16: { int16_t v; memcpy(&v, p, 2); return v; }
    case CL_SIGNED_INT32: { int32_t v; memcpy(&v, p, 4); return v; }
    case CL_UNSIGNED_INT8: return p[0];
    case CL_UNSIGNED_INT16: { uint16_t v; memcpy(&v, p, 2); return v; }
    case CL_UNSIGNED_INT32: { uint32_t v; memcpy(&v, p, 4); return v; }
    default: return 0;
    }
}

/* A stored pixel as read: the channels mapped to (r, g, b, a), missing
 * colour channels 0 and missing alpha 1 (§6.12.14.7). */
static color_t decode(fmt_t f, const uint8_t *p)
{
    color_t c = { { 0, 0, 0, 1 }, { 0, 0, 0, pocl_model ? 0 : 1 } };
    int n = nchan(f.o), sz = dt_size(f.t), k = dt_kind(f.t);
    for (int j = 0; j < n; j++) {
        int comp = chan_comp(f.o, j);
        if (k == K_F)
            c.f[comp] = chan_f(f.t, p + j * sz);
        else
            c.i[comp] = chan_i(f.t, p + j * sz);
    }
    if (f.o == CL_INTENSITY || f.o == CL_LUMINANCE)
        for (int j = 1; j < (f.o == CL_INTENSITY ? 4 : 3); j++) {
            c.f[j] = c.f[0];
            c.i[j] = c.i[0];
        }
    return c;
}

/* The border colour of CLK_ADDRESS_CLAMP (§6.12.14.1, sampler descriptor
 * table): (0, 0, 0, 0) for CL_A, CL_INTENSITY, CL_RA, CL_ARGB, CL_BGRA,
 * CL_RGBA; (0, 0, 0, 1) for CL_R, CL_RG, CL_RGB, CL_LUMINANCE. */
static color_t border(fmt_t f)
{
    int a = !pocl_model && (f.o == CL_R || f.o == CL_RG || f.o == CL_RGB || f.o == CL_LUMINANCE);
    color_t c = { { 0, 0, 0, a }, { 0, 0, 0, a } };
    return c;
}

/* Host copy of an image: pixel (x, y, z) at ((z * h + y) * w + x) * psize
 * (1D array: y is the layer; 2D array: z is the layer), the layout of
 * clEnqueueReadImage / WriteImage with pitches 0. */
typedef struct {
    int it;
    fmt_t f;
    int w, h, d;
    size_t ps;
    uint8_t *px;
    cl_mem mem, buf;   /* the image; a 1D buffer image's buffer */
    int real;          /* the format under test (not a stand-in) */
} himg_t;

static uint8_t *pix(const himg_t *im, int x, int y, int z)
{
    return im->px + (((size_t)z * (size_t)im->h + (size_t)y) * (size_t)im->w + (size_t)x) * im->ps;
}

static color_t texel(const himg_t *im, int x, int y, int z)
{
    if (x < 0 || x >= im->w || y < 0 || y >= im->h || z < 0 || z >= im->d)
        return border(im->f);
    return decode(im->f, pix(im, x, y, z));
}

typedef struct {
    int norm;
    cl_addressing_mode addr;
    cl_filter_mode filt;
} samp_t;

static const char *addr_name(cl_addressing_mode a)
{
    switch (a) {
    case CL_ADDRESS_NONE: return "NONE";
    case CL_ADDRESS_CLAMP_TO_EDGE: return "CLAMP_TO_EDGE";
    case CL_ADDRESS_CLAMP: return "CLAMP";
    case CL_ADDRESS_REPEAT: return "REPEAT";
    default: return "MIRRORED_REPEAT";
    }
}

/* address_mode(coord) for CLAMP_TO_EDGE, CLAMP and NONE (§8.2, table
 * "Addressing modes to generate texel location"); a result outside the
 * image selects the border colour. */
static int addr_fn(cl_addressing_mode a, int i, int size)
{
    if (a == CL_ADDRESS_CLAMP_TO_EDGE)
        return clampi(i, 0, size - 1);
    if (a == CL_ADDRESS_CLAMP)
        return clampi(i, -1, size);
    return i;
}

/* CLK_FILTER_NEAREST along one axis of `size` texels (§8.1, §8.2): the
 * texel index of coordinate c.  Returns 0 (coordinate not to be used) when
 * the unnormalized coordinate u lies within `margin` texels of an integer,
 * where the choice of texel changes, or (NONE) outside the image. */
static int axis_nearest(samp_t s, float c, int size, double margin, int *idx)
{
    double u;
    int i;
    if (s.addr == CL_ADDRESS_REPEAT) {
        u = ((double)c - floor(c)) * size;
        i = (int)floor(u);
        if (i > size - 1)
            i -= size;
    } else if (s.addr == CL_ADDRESS_MIRRORED_REPEAT) {
        double sp = fabs((double)c - 2.0 * rint(0.5 * (double)c));
        u = sp * size;
        i = (int)floor(u);
        if (i > size - 1)
            i = size - 1;
    } else {
        u = s.norm ? (double)c * size : (double)c;
        i = addr_fn(s.addr, (int)floor(u), size);
        if (s.addr == CL_ADDRESS_NONE && (i < 0 || i >= size))
            return 0;
    }
    if (fabs(u - rint(u)) < margin)
        return 0;
    *idx = i;
    return 1;
}

/* CLK_FILTER_LINEAR along one axis (§8.2): the two texels i0, i1 and the
 * weight a of i1. */
static void axis_linear(samp_t s, float c, int size, int *i0, int *i1, double *a)
{
    double u;
    if (s.addr == CL_ADDRESS_REPEAT) {
        u = ((double)c - floor(c)) * size;
        *i0 = (int)floor(u - 0.5);
        *i1 = *i0 + 1;
        if (*i0 < 0)
            *i0 += size;
        if (*i1 > size - 1)
            *i1 -= size;
    } else if (s.addr == CL_ADDRESS_MIRRORED_REPEAT) {
        double sp = fabs((double)c - 2.0 * rint(0.5 * (double)c));
        u = sp * size;
        *i0 = (int)floor(u - 0.5);
        *i1 = *i0 + 1;
        if (*i0 < 0)
            *i0 = 0;
        if (*i1 > size - 1)
            *i1 = size - 1;
    } else {
        u = s.norm ? (double)c * size : (double)c;
        int f0 = (int)floor(u - 0.5);
        *i0 = addr_fn(s.addr, f0, size);
        *i1 = addr_fn(s.addr, f0 + 1, size);
    }
    *a = (u - 0.5) - floor(u - 0.5);
}

/* ulp of a float of value v (normal range). */
static double ulpf(double v)
{
    return v == 0 ? (double)FLT_TRUE_MIN : ldexp(1.0, ilogb(v) - 23);
}

/* Allowed error of a nearest read of value v: §8.3.1.1, normalized
 * integer -> float within 1.5 ulp, but 0, 1 (and -1 for SNORM) exact;
 * missing channels, the border colour, half and float exact. */
static double near_tol(cl_channel_type t, double v)
{
    if (is_norm(t) && v != 0 && fabs(v) != 1)
        return 1.5 * ulpf(v);
    return 0;
}

/* The OpenCL-CTS's minimum absolute error of a filtered read
 * (get_max_absolute_error: one unit of the format, FLT_MIN for float). */
static double fmt_abs_err(cl_channel_type t)
{
    switch (t) {
    case CL_UNORM_INT8: return 1.0 / 255;
    case CL_SNORM_INT8: return 1.0 / 127;
    case CL_UNORM_INT16: return 1.0 / 65535;
    case CL_SNORM_INT16: return 1.0 / 32767;
    case CL_FLOAT: return FLT_MIN;
    default: return 0;
    }
}

enum { CK_FLOAT, CK_INT, CK_NOSAMPLER };   /* coordinates: float, int with a sampler, sampler-less */

typedef struct {
    double v[4], tol[4];   /* read_imagef: value and allowed absolute error */
    int64_t iv[4];         /* read_imagei / ui */
} expect_t;

/* The result of a read of image im (sampler s, coordinates of kind ck:
 * fc or ic; the layer of an array in fc[1] / fc[2] or ic[1] / ic[2]).
 * Returns 0 when the coordinate is too near a decision boundary to be
 * used (see axis_nearest).  Layers (§8.4): with a sampler clamp(rint(v),
 * 0, layers - 1), the array coordinate always unnormalized and clamped to
 * the edge (§6.12.14.1); without one the int coordinate itself. */
static int ref_read(const himg_t *im, samp_t s, int ck, const float *fc, const int *ic, expect_t *e)
{
    int it = im->it;
    int ns = it == IT_3D ? 3 : (it == IT_2D || it == IT_2DA) ? 2 : 1;   /* filtered axes */
    int lay = it == IT_1DA ? 1 : it == IT_2DA ? 2 : -1;               /* the layer axis */
    int size[3] = { im->w, im->h, im->d };
    int xyz[3] = { 0, 0, 0 };
    if (lay >= 0) {
        int nl = size[lay];
        if (ck == CK_FLOAT) {
            double v = fc[lay];
            if (pocl_model && s.norm)   /* PoCL's deviation 3 */
                v *= nl;
            double fr = v - floor(v);
            if (fabs(fr - 0.5) < (pocl_model ? 1e-4 : MARGIN_LAYER))
                return 0;
            xyz[lay] = clampi((int)rint(v), 0, nl - 1);
        } else if (ck == CK_INT) {
            xyz[lay] = clampi(ic[lay], 0, nl - 1);
        } else {
            xyz[lay] = ic[lay];
        }
    }
    int lin = ck == CK_FLOAT && s.filt == CL_FILTER_LINEAR;
    if (!lin) {
        for (int k = 0; k < ns; k++) {
            if (ck == CK_NOSAMPLER)
                xyz[k] = ic[k];
            else if (ck == CK_INT)
                xyz[k] = addr_fn(s.addr, ic[k], size[k]);
            else if (!axis_nearest(s, fc[k], size[k], s.norm ? MARGIN_NORM : MARGIN_UNNORM, &xyz[k]))
                return 0;
        }
        color_t c = texel(im, xyz[0], xyz[1], xyz[2]);
        for (int j = 0; j < 4; j++) {
            e->v[j] = c.f[j];
            e->iv[j] = c.i[j];
            e->tol[j] = near_tol(im->f.t, c.f[j]);
        }
        return 1;
    }
    /* T = sum over the 2^ns corners of the products of (1 - a) or a per
     * axis times the texel (§8.2). */
    int i0[3] = { 0, 0, 0 }, i1[3] = { 0, 0, 0 };
    double a[3] = { 0, 0, 0 }, maxabs[4] = { 0, 0, 0, 0 };
    for (int k = 0; k < ns; k++) {
        axis_linear(s, fc[k], size[k], &i0[k], &i1[k], &a[k]);
        /* NONE: the programmer guarantees texels inside the image */
        if (s.addr == CL_ADDRESS_NONE && (i0[k] < 0 || i1[k] >= size[k]))
            return 0;
    }
    for (int j = 0; j < 4; j++)
        e->v[j] = 0;
    for (int corner = 0; corner < (1 << ns); corner++) {
        double wgt = 1;
        for (int k = 0; k < ns; k++) {
            int hi = (corner >> k) & 1;
            xyz[k] = hi ? i1[k] : i0[k];
            wgt *= hi ? a[k] : 1 - a[k];
        }
        color_t c = texel(im, xyz[0], xyz[1], xyz[2]);
        for (int j = 0; j < 4; j++) {
            e->v[j] += wgt * c.f[j];
            maxabs[j] = fmax(maxabs[j], fabs(c.f[j]));
        }
    }
    /* The OpenCL-CTS bound (get_max_relative_error, linear: 2^-7 + 2
     * FLT_EPSILON relative to the largest filtered texel; below the
     * format's absolute error always accepted). */
    for (int j = 0; j < 4; j++) {
        e->iv[j] = 0;
        e->tol[j] = fmax(fmax(fmt_abs_err(im->f.t), (0x1p-7 + 2 * FLT_EPSILON) * maxabs[j]), FLT_MIN);
    }
    return 1;
}

/* §8.3.1.2, §8.3.2, §8.3.3, §8.3.4: whether stored channel bytes `got`
 * are an acceptable result of writing component value fv (write_imagef)
 * or iv (write_imagei / ui) to channel type t; *exp gets the preferred
 * result for messages. */
static int write_ok(cl_channel_type t, float fv, int32_t iv, const uint8_t *got, double *exp)
{
    switch (t) {
    case CL_UNORM_INT8:
    case CL_UNORM_INT16: {
        double mx = t == CL_UNORM_INT8 ? 255 : 65535;
        double x = fmin(fmax((double)fv, 0.0), 1.0) * mx;
        double g = t == CL_UNORM_INT8 ? got[0] : (double)chan_i(CL_UNSIGNED_INT16, got);
        *exp = rint(x);
        return fabs(g - x) <= 0.6;
    }
    case CL_SNORM_INT8:
    case CL_SNORM_INT16: {
        double mx = t == CL_SNORM_INT8 ? 127 : 32767;
        double g = (double)chan_i(t == CL_SNORM_INT8 ? CL_SIGNED_INT8 : CL_SIGNED_INT16, got);
        if (fv < -1.0f) {   /* -127 (CTS) or -128 (convert_char_sat_rte(x * 127)) */
            *exp = -mx;
            return g == -mx || g == -mx - 1;
        }
        double x = fmin((double)fv, 1.0) * mx;
        *exp = rint(x);
        return fabs(g - x) <= 0.6;
    }
    case CL_HALF_FLOAT: {
        uint16_t g;
        memcpy(&g, got, 2);
        long double rte = oclt_round(OT_F16, fv, OCLT_RTE), rtz = oclt_round(OT_F16, fv, OCLT_RTZ);
        *exp = (double)rte;
        return g == oclt_h2bits((_Float16)rte) || g == oclt_h2bits((_Float16)rtz);
    }
    case CL_FLOAT: {
        uint32_t g, x;
        memcpy(&g, got, 4);
        memcpy(&x, &fv, 4);
        *exp = fv;
        return g == x;
    }
    default: {   /* integers: saturating conversions */
        int64_t lo, hi, v = iv, g = chan_i(t, got);
        switch (t) {
        case CL_SIGNED_INT8: lo = INT8_MIN; hi = INT8_MAX; break;
        case CL_SIGNED_INT16: lo = INT16_MIN; hi = INT16_MAX; break;
        case CL_SIGNED_INT32: lo = INT32_MIN; hi = INT32_MAX; break;
        case CL_UNSIGNED_INT8: lo = 0; hi = UINT8_MAX; v = (uint32_t)iv; break;
        case CL_UNSIGNED_INT16: lo = 0; hi = UINT16_MAX; v = (uint32_t)iv; break;
        default: lo = 0; hi = UINT32_MAX; v = (uint32_t)iv; break;
        }
        v = v < lo ? lo : v > hi ? hi : v;
        *exp = (double)v;
        return g == v;
    }
    }
}

/* ---------------------------------------------------------------- */
/* Random contents and inputs                                        */
/* ---------------------------------------------------------------- */

/* A random channel value: any bits for integer and normalized types;
 * half and float normal values of magnitude 2^-6 .. 8 or zero (no NaN,
 * infinity or denormal, whose reads and filtering the specification
 * leaves open). */
static void rand_chan(cl_channel_type t, uint8_t *p)
{
    if (t == CL_HALF_FLOAT) {
        uint16_t h = rnd() % 16 == 0 ? 0 : (uint16_t)(((rnd() & 1) << 15) | ((unsigned)(15 + rndi(-6, 2)) << 10) | (rnd() & 0x3ff));
        memcpy(p, &h, 2);
    } else if (t == CL_FLOAT) {
        uint32_t f = rnd() % 16 == 0 ? 0 : ((rnd() & 1) << 31) | ((unsigned)(127 + rndi(-6, 2)) << 23) | (rnd() & 0x7fffff);
        memcpy(p, &f, 4);
    } else {
        for (int i = 0; i < dt_size(t); i++)
            p[i] = (uint8_t)rnd();
    }
}

static void rand_pixels(himg_t *im)
{
    size_t n = (size_t)im->w * (size_t)im->h * (size_t)im->d * (size_t)nchan(im->f.o);
    int sz = dt_size(im->f.t);
    for (size_t i = 0; i < n; i++)
        rand_chan(im->f.t, im->px + i * (size_t)sz);
}

/* One component of a colour to write: special values (range ends, values
 * just inside and outside, ties of the rounding to the format) and random
 * ones around the range. */
static void rand_wcomp(cl_channel_type t, float *fv, int32_t *iv)
{
    int special = rnd() % 4 == 0;
    *fv = 0;
    *iv = 0;
    switch (t) {
    case CL_UNORM_INT8:
    case CL_UNORM_INT16: {
        float mx = t == CL_UNORM_INT8 ? 255.0f : 65535.0f;
        const float sp[] = { 0.0f, 1.0f, 0.5f, -0.25f, 1.5f, 2.0f, -0.0f, 4.0f / mx, 4.3f / mx, 4.5f / mx,
                             4.7f / mx, 5.5f / mx, 1.0f / mx, (mx - 1) / mx, 1e-10f, 0.999f };
        *fv = special ? sp[rnd() % (sizeof(sp) / sizeof(sp[0]))] : (float)(rndu() * 1.2 - 0.1);
        return;
    }
    case CL_SNORM_INT8:
    case CL_SNORM_INT16: {
        float mx = t == CL_SNORM_INT8 ? 127.0f : 32767.0f;
        const float sp[] = { 0.0f, 1.0f, -1.0f, -1.5f, 1.5f, 0.5f, -0.5f, 4.3f / mx, -4.5f / mx, 5.5f / mx,
                             -4.7f / mx, -1.001f, -0.999f, -0.0f };
        *fv = special ? sp[rnd() % (sizeof(sp) / sizeof(sp[0]))] : (float)(rndu() * 2.2 - 1.1);
        return;
    }
    case CL_HALF_FLOAT: {
        const float sp[] = { 0.0f, 1.0f, -1.0f, 0.1f, 65504.0f, -2.5f, 1.0f / 3, 1.00048828125f, 2049.0f, -0.0f };
        *fv = special ? sp[rnd() % (sizeof(sp) / sizeof(sp[0]))]
                      : (float)ldexp((rnd() & 1 ? -1 : 1) * (1 + rndu()), rndi(-10, 10));
        return;
    }
    case CL_FLOAT:
        *fv = special ? (float)rndi(-3, 3) : (float)ldexp((rnd() & 1 ? -1 : 1) * (1 + rndu()), rndi(-20, 20));
        return;
    case CL_SIGNED_INT32:
    case CL_UNSIGNED_INT32: {
        const int32_t sp[] = { 0, 1, -1, INT32_MAX, INT32_MIN, 255, 256, 65536 };
        *iv = special ? sp[rnd() % 8] : (int32_t)rnd();
        return;
    }
    default: {
        int64_t lo, hi;
        switch (t) {
        case CL_SIGNED_INT8: lo = INT8_MIN; hi = INT8_MAX; break;
        case CL_SIGNED_INT16: lo = INT16_MIN; hi = INT16_MAX; break;
        case CL_UNSIGNED_INT8: lo = 0; hi = UINT8_MAX; break;
        default: lo = 0; hi = UINT16_MAX; break;
        }
        if (special) {
            const int64_t sp[] = { 0, 1, lo, hi, lo - 1, hi + 1, INT32_MIN, INT32_MAX, -1, (int64_t)UINT32_MAX };
            int64_t v = sp[rnd() % 10];
            *iv = (int32_t)(uint32_t)v;
        } else {
            *iv = (int32_t)(lo == 0 ? rndi(0, (int)(2 * hi + 1)) : rndi((int)(2 * lo), (int)(2 * hi + 1)));
        }
        return;
    }
    }
}

/* ---------------------------------------------------------------- */
/* Device side helpers                                               */
/* ---------------------------------------------------------------- */

typedef struct {
    cl_uint n;
    cl_image_format *f;
} flist_t;

enum { L_READ, L_WRITE, L_RW, L_N };
static const cl_mem_flags list_flags[L_N] = { CL_MEM_READ_ONLY, CL_MEM_WRITE_ONLY, CL_MEM_READ_WRITE };
static flist_t supported[L_N][IT_N];

static void query_formats(oclt_t *t)
{
    for (int l = 0; l < L_N; l++)
        for (int it = 0; it < IT_N; it++) {
            flist_t *fl = &supported[l][it];
            cl_int err = clGetSupportedImageFormats(t->ctx, list_flags[l], it_cl[it], 0, NULL, &fl->n);
            OCLT_CHECK(t, err, "clGetSupportedImageFormats");
            fl->f = calloc(fl->n + 1, sizeof(cl_image_format));
            err = clGetSupportedImageFormats(t->ctx, list_flags[l], it_cl[it], fl->n, fl->f, NULL);
            OCLT_CHECK(t, err, "clGetSupportedImageFormats");
        }
}

static int listed(int l, int it, fmt_t f)
{
    const flist_t *fl = &supported[l][it];
    for (cl_uint i = 0; i < fl->n; i++)
        if (fl->f[i].image_channel_order == f.o && fl->f[i].image_channel_data_type == f.t)
            return 1;
    return 0;
}

/* Makes im->mem (and for a 1D buffer image its buffer) with flags and
 * uploads im->px.  Returns the OpenCL error. */
static cl_int img_create(oclt_t *t, himg_t *im, cl_mem_flags flags)
{
    cl_int err;
    cl_image_format cf = { im->f.o, im->f.t };
    cl_image_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.image_type = it_cl[im->it];
    desc.image_width = (size_t)im->w;
    if (im->it == IT_2D || im->it == IT_2DA || im->it == IT_3D)
        desc.image_height = (size_t)im->h;
    if (im->it == IT_3D)
        desc.image_depth = (size_t)im->d;
    if (im->it == IT_1DA)
        desc.image_array_size = (size_t)im->h;
    if (im->it == IT_2DA)
        desc.image_array_size = (size_t)im->d;
    im->buf = NULL;
    size_t bytes = (size_t)im->w * (size_t)im->h * (size_t)im->d * im->ps;
    if (im->it == IT_1DB) {
        im->buf = clCreateBuffer(t->ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes, im->px, &err);
        if (err != CL_SUCCESS)
            return err;
        desc.buffer = im->buf;
    }
    im->mem = clCreateImage(t->ctx, flags, &cf, &desc, NULL, &err);
    if (err != CL_SUCCESS)
        return err;
    if (im->it != IT_1DB) {
        size_t org[3] = { 0, 0, 0 }, reg[3] = { (size_t)im->w, (size_t)im->h, (size_t)im->d };
        err = clEnqueueWriteImage(t->q, im->mem, CL_TRUE, org, reg, 0, 0, im->px, 0, NULL, NULL);
    }
    return err;
}

static void img_init(himg_t *im, int it, fmt_t f)
{
    memset(im, 0, sizeof(*im));
    im->it = it;
    im->f = f;
    im->w = it_size[it][0];
    im->h = it_size[it][1];
    im->d = it_size[it][2];
    im->ps = psize(f);
    im->px = malloc((size_t)im->w * (size_t)im->h * (size_t)im->d * im->ps);
    rand_pixels(im);
}

static void img_free(himg_t *im)
{
    if (im->mem)
        clReleaseMemObject(im->mem);
    if (im->buf)
        clReleaseMemObject(im->buf);
    free(im->px);
    im->mem = im->buf = NULL;
    im->px = NULL;
}

/* A stand-in format of the same read/write function for a type that does
 * not list the format under test. */
static fmt_t standin(int kind)
{
    fmt_t f = { CL_RGBA, kind == K_F ? CL_UNORM_INT8 : kind == K_I ? CL_SIGNED_INT16 : CL_UNSIGNED_INT32 };
    return f;
}

/* The six images (IT_* order) of format f for list l: the format where
 * listed, else a stand-in (real = 0); 0 if an image cannot be made. */
static int make_set(oclt_t *t, himg_t *im, fmt_t f, int l, const char *what)
{
    for (int it = 0; it < IT_N; it++) {
        int real = listed(l, it, f);
        img_init(&im[it], it, real ? f : standin(dt_kind(f.t)));
        im[it].real = real;
        if (!real && it != IT_2D)
            printf("skip %s %s %s: not listed by clGetSupportedImageFormats\n", what, fmt_name(f), it_name[it]);
        cl_int err = img_create(t, &im[it], list_flags[l]);
        if (err != CL_SUCCESS) {
            oclt_verdict(t, 0, "%s %s: creating the %s image (%s) failed with error %d", what, fmt_name(f),
                         it_name[it], fmt_name(im[it].f), err);
            for (int j = 0; j <= it; j++)
                img_free(&im[j]);
            return 0;
        }
    }
    return 1;
}

static cl_sampler make_sampler(oclt_t *t, samp_t s)
{
    cl_sampler_properties p[] = {
        CL_SAMPLER_NORMALIZED_COORDS, (cl_sampler_properties)(s.norm ? CL_TRUE : CL_FALSE),
        CL_SAMPLER_ADDRESSING_MODE, (cl_sampler_properties)s.addr,
        CL_SAMPLER_FILTER_MODE, (cl_sampler_properties)s.filt, 0,
    };
    cl_int err;
    cl_sampler r = clCreateSamplerWithProperties(t->ctx, p, &err);
    OCLT_CHECK(t, err, "clCreateSamplerWithProperties");
    return r;
}

/* ---------------------------------------------------------------- */
/* Reads                                                             */
/* ---------------------------------------------------------------- */

/* Modes of read_u_* (ocl_image.cl): sampler, coordinate kind. */
static const samp_t umode_s[10] = {
    { 0, CL_ADDRESS_NONE, CL_FILTER_NEAREST }, { 0, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_NEAREST },
    { 0, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST }, { 0, CL_ADDRESS_NONE, CL_FILTER_LINEAR },
    { 0, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_LINEAR }, { 0, CL_ADDRESS_CLAMP, CL_FILTER_LINEAR },
    { 0, CL_ADDRESS_NONE, CL_FILTER_NEAREST }, { 0, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_NEAREST },
    { 0, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST }, { 0, CL_ADDRESS_NONE, CL_FILTER_NEAREST },
};
static const int umode_ck[10] = { CK_FLOAT, CK_FLOAT, CK_FLOAT, CK_FLOAT, CK_FLOAT, CK_FLOAT,
                                  CK_INT, CK_INT, CK_INT, CK_NOSAMPLER };
/* Samplers of read_n_* (arguments s0-s9). */
static const samp_t nmode_s[10] = {
    { 1, CL_ADDRESS_NONE, CL_FILTER_NEAREST }, { 1, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_NEAREST },
    { 1, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST }, { 1, CL_ADDRESS_REPEAT, CL_FILTER_NEAREST },
    { 1, CL_ADDRESS_MIRRORED_REPEAT, CL_FILTER_NEAREST }, { 1, CL_ADDRESS_NONE, CL_FILTER_LINEAR },
    { 1, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_LINEAR }, { 1, CL_ADDRESS_CLAMP, CL_FILTER_LINEAR },
    { 1, CL_ADDRESS_REPEAT, CL_FILTER_LINEAR }, { 1, CL_ADDRESS_MIRRORED_REPEAT, CL_FILTER_LINEAR },
};
static cl_sampler nsamplers[10];

static const char *mode_desc(int normk, int mode)
{
    static char b[4][64];
    static int k;
    char *s = b[k++ & 3];
    if (normk) {
        snprintf(s, 64, "normalized %s %s", addr_name(nmode_s[mode].addr),
                 nmode_s[mode].filt == CL_FILTER_LINEAR ? "LINEAR" : "NEAREST");
    } else if (umode_ck[mode] == CK_FLOAT) {
        snprintf(s, 64, "unnormalized %s %s", addr_name(umode_s[mode].addr),
                 umode_s[mode].filt == CL_FILTER_LINEAR ? "LINEAR" : "NEAREST");
    } else if (umode_ck[mode] == CK_INT) {
        snprintf(s, 64, "int coordinates, unnormalized %s NEAREST", addr_name(umode_s[mode].addr));
    } else {
        snprintf(s, 64, "sampler-less");
    }
    return s;
}

typedef struct {
    float fc[4];
    int ic[4];     /* ic[3]: image << 4 | mode */
    expect_t e;
} ritem_t;

/* A texel-space position along an axis of `size` texels in the range
 * sampler s may read: texel centres, near texel edges, random, near and
 * beyond the image's edges. */
static double gen_pos(samp_t s, int size)
{
    double lo, hi;
    if (s.addr == CL_ADDRESS_NONE) {
        lo = s.filt == CL_FILTER_LINEAR ? 0.6 : 0;
        hi = s.filt == CL_FILTER_LINEAR ? size - 0.6 : size;
    } else if (s.addr == CL_ADDRESS_REPEAT || s.addr == CL_ADDRESS_MIRRORED_REPEAT) {
        lo = -2.0 * size;
        hi = 3.0 * size;
    } else {
        lo = -2.5;
        hi = size + 2.5;
    }
    double u;
    static const double deltas[] = { 0.002, 0.02, 0.1, 0.3 };
    switch (rnd() % 5) {
    case 0:   /* centre */
        u = floor(lo + rndu() * (hi - lo)) + 0.5;
        break;
    case 1:   /* near an edge of a texel */
        u = floor(lo + rndu() * (hi - lo) + 0.5) + (rnd() & 1 ? 1 : -1) * deltas[rnd() % 4];
        break;
    case 2:   /* near the image's edges */
        u = (rnd() & 1 ? 0 : size) + (rnd() & 1 ? 1 : -1) * deltas[rnd() % 4] * (rnd() % 3 + 1);
        break;
    default:
        u = lo + rndu() * (hi - lo);
        break;
    }
    return u < lo ? lo : u > hi ? hi : u;
}

/* Fills item r for image im, sampler s, coordinate kind ck; retries
 * coordinates ref_read rejects. */
static void gen_item(const himg_t *im, samp_t s, int ck, int tag, ritem_t *r)
{
    int ns = im->it == IT_3D ? 3 : (im->it == IT_2D || im->it == IT_2DA) ? 2 : 1;
    int lay = im->it == IT_1DA ? 1 : im->it == IT_2DA ? 2 : -1;
    int size[3] = { im->w, im->h, im->d };
    for (int tries = 0; tries < 1000; tries++) {
        memset(r, 0, sizeof(*r));
        r->ic[3] = tag;
        for (int k = 0; k < ns; k++) {
            if (ck == CK_FLOAT) {
                double u = gen_pos(s, size[k]);
                r->fc[k] = (float)(s.norm ? u / size[k] : u);
            } else if (ck == CK_NOSAMPLER || s.addr == CL_ADDRESS_NONE) {
                r->ic[k] = rndi(0, size[k] - 1);
            } else {
                r->ic[k] = rndi(-3, size[k] + 2);
            }
        }
        if (lay >= 0) {
            int nl = size[lay];
            if (ck == CK_NOSAMPLER)
                r->ic[lay] = rndi(0, nl - 1);
            else
                r->ic[lay] = rndi(-1, nl);
            r->fc[lay] = (float)(r->ic[lay] + (rndu() * 0.8 - 0.4));
        }
        if (ref_read(im, s, ck, r->fc, r->ic, &r->e))
            return;
    }
    fprintf(stderr, "ocl_image: no usable coordinate for %s\n", it_name[im->it]);
    exit(2);
}

typedef struct {
    int n, bad, shown, pocl_dev;
    double maxlin;   /* largest linear error / tolerance */
} tally_t;

static void fmt_coord(char *b, size_t n, const himg_t *im, const ritem_t *r, int ck)
{
    int nc = im->it == IT_1D || im->it == IT_1DB ? 1 : im->it == IT_1DA || im->it == IT_2D ? 2 : 3;
    if (ck == CK_FLOAT) {
        if (nc == 1)
            snprintf(b, n, "(%.9g)", r->fc[0]);
        else if (nc == 2)
            snprintf(b, n, "(%.9g, %.9g)", r->fc[0], r->fc[1]);
        else
            snprintf(b, n, "(%.9g, %.9g, %.9g)", r->fc[0], r->fc[1], r->fc[2]);
    } else {
        if (nc == 1)
            snprintf(b, n, "(%d)", r->ic[0]);
        else if (nc == 2)
            snprintf(b, n, "(%d, %d)", r->ic[0], r->ic[1]);
        else
            snprintf(b, n, "(%d, %d, %d)", r->ic[0], r->ic[1], r->ic[2]);
    }
}

/* Whether result `got` (float4, int4 or uint4) matches e; *worst gets the
 * largest error / tolerance of a float result. */
static int read_matches(int kind, const expect_t *e, const void *got, double *worst)
{
    int ok = 1;
    *worst = 0;
    if (kind == K_F) {
        const float *g = got;
        for (int j = 0; j < 4; j++) {
            double err = fabs((double)g[j] - e->v[j]);
            if (!(err <= e->tol[j]))
                ok = 0;
            else if (e->tol[j] > 0 && err / e->tol[j] > *worst)
                *worst = err / e->tol[j];
        }
    } else {
        const int32_t *g = got;
        for (int j = 0; j < 4; j++)
            if ((kind == K_I ? (int64_t)g[j] : (int64_t)(uint32_t)g[j]) != e->iv[j])
                ok = 0;
    }
    return ok;
}

/* Checks result `got` (float4, int4 or uint4) of item r. */
static void check_read(oclt_t *t, const himg_t *im, int normk, const ritem_t *r, const void *got, tally_t *ty)
{
    int mode = r->ic[3] & 15;
    int ck = normk ? CK_FLOAT : umode_ck[mode];
    samp_t s = normk ? nmode_s[mode] : umode_s[mode];
    int lin = ck == CK_FLOAT && s.filt == CL_FILTER_LINEAR;
    int kind = dt_kind(im->f.t);
    double worst;
    char gs[160], es[160], cs[96];
    ty->n++;
    int ok = read_matches(kind, &r->e, got, &worst);
    if (!ok && pocl) {   /* PoCL's deviations 2 and 3 (see `pocl`) */
        expect_t e2;
        pocl_model = 1;
        int usable = ref_read(im, s, ck, r->fc, r->ic, &e2);
        pocl_model = 0;
        if (usable && read_matches(kind, &e2, got, &worst)) {
            ok = 1;
            ty->pocl_dev++;
        }
    }
    if (ok && lin && worst > ty->maxlin)
        ty->maxlin = worst;
    if (kind == K_F) {
        const float *g = got;
        snprintf(gs, sizeof gs, "(%.9g, %.9g, %.9g, %.9g)", g[0], g[1], g[2], g[3]);
        snprintf(es, sizeof es, "(%.9g, %.9g, %.9g, %.9g) +- (%.2g, %.2g, %.2g, %.2g)", r->e.v[0], r->e.v[1],
                 r->e.v[2], r->e.v[3], r->e.tol[0], r->e.tol[1], r->e.tol[2], r->e.tol[3]);
    } else {
        const int32_t *g = got;
        if (kind == K_I) {
            snprintf(gs, sizeof gs, "(%d, %d, %d, %d)", g[0], g[1], g[2], g[3]);
        } else {
            snprintf(gs, sizeof gs, "(%u, %u, %u, %u)", (uint32_t)g[0], (uint32_t)g[1], (uint32_t)g[2],
                     (uint32_t)g[3]);
        }
        snprintf(es, sizeof es, "(%" PRId64 ", %" PRId64 ", %" PRId64 ", %" PRId64 ")", r->e.iv[0], r->e.iv[1],
                 r->e.iv[2], r->e.iv[3]);
    }
    if (!ok) {
        ty->bad++;
        fmt_coord(cs, sizeof cs, im, r, ck);
        oclt_fail(t, &ty->shown, "%s %s at %s: got %s expected %s", it_name[im->it], mode_desc(normk, mode), cs,
                  gs, es);
    }
}

/* Runs one read kernel over the items, checks them into tallies[it]. */
static void run_reads(oclt_t *t, cl_program p, const char *kname, himg_t *im, int normk, ritem_t *items, int n,
                      tally_t *tallies)
{
    cl_kernel k = oclt_kernel(t, p, kname);
    float *fc = malloc(sizeof(float) * 4 * (size_t)n);
    int *ic = malloc(sizeof(int) * 4 * (size_t)n);
    for (int i = 0; i < n; i++) {
        memcpy(fc + 4 * i, items[i].fc, sizeof(float) * 4);
        memcpy(ic + 4 * i, items[i].ic, sizeof(int) * 4);
    }
    cl_mem fcb = oclt_buf(t, sizeof(float) * 4 * (size_t)n, fc), icb = oclt_buf(t, sizeof(int) * 4 * (size_t)n, ic);
    uint32_t *out = malloc(16 * (size_t)n);
    memset(out, 0xcd, 16 * (size_t)n);   /* poisoned: unwritten results show */
    cl_mem ob = oclt_buf(t, 16 * (size_t)n, out);
    cl_uint a = 0;
    for (int it = 0; it < (normk ? IT_1DB : IT_N); it++)
        oclt_arg_mem(t, k, a++, im[it].mem);
    oclt_arg_mem(t, k, a++, fcb);
    oclt_arg_mem(t, k, a++, icb);
    oclt_arg_mem(t, k, a++, ob);
    if (normk)
        for (int s = 0; s < 10; s++)
            oclt_arg(t, k, a++, sizeof(cl_sampler), &nsamplers[s]);
    oclt_run(t, k, (size_t)n, 0);
    oclt_read(t, ob, 16 * (size_t)n, out);
    for (int i = 0; i < n; i++) {
        int img = items[i].ic[3] >> 4;
        check_read(t, &im[img], normk, &items[i], out + 4 * i, &tallies[img]);
    }
    clReleaseMemObject(fcb);
    clReleaseMemObject(icb);
    clReleaseMemObject(ob);
    clReleaseKernel(k);
    free(fc);
    free(ic);
    free(out);
}

/* Queries of the six images (kernel `query`). */
static void check_queries(oclt_t *t, cl_program p, const himg_t *im, fmt_t f)
{
    static const int qorder[6] = { IT_1D, IT_1DB, IT_1DA, IT_2D, IT_2DA, IT_3D };
    cl_kernel k = oclt_kernel(t, p, "query");
    for (int j = 0; j < 6; j++)
        oclt_arg_mem(t, k, (cl_uint)j, im[qorder[j]].mem);
    int32_t out[60];
    cl_mem ob = oclt_buf(t, sizeof out, NULL);
    oclt_arg_mem(t, k, 6, ob);
    oclt_run(t, k, 1, 1);
    oclt_read(t, ob, sizeof out, out);
    int bad = 0, shown = 0;
    static const char *const qn[10] = { "width", "height", "depth", "array_size", "dim.x", "dim.y", "dim.z",
                                        "dim.w", "channel_data_type", "channel_order" };
    for (int j = 0; j < 6; j++) {
        const himg_t *m = &im[qorder[j]];
        int e[10];
        for (int q = 0; q < 10; q++)
            e[q] = -1;
        int it = m->it;
        e[0] = m->w;
        if (it == IT_2D || it == IT_2DA || it == IT_3D) {
            e[1] = m->h;
            e[4] = m->w;
            e[5] = m->h;
        }
        if (it == IT_3D) {
            e[2] = m->d;
            e[6] = m->d;
            e[7] = 0;
        }
        if (it == IT_1DA)
            e[3] = m->h;
        if (it == IT_2DA)
            e[3] = m->d;
        for (int q = 0; q < 15; q++)
            if (dt_list[q] == m->f.t)
                e[8] = q;
        for (int q = 0; q < 13; q++)
            if (ord_list[q] == m->f.o)
                e[9] = q;
        if (pocl && it == IT_1DB)
            e[0] = e[8] = e[9] = -1;
        for (int q = 0; q < 10; q++)
            if (out[j * 10 + q] != e[q]) {
                bad++;
                oclt_fail(t, &shown, "%s %s: get_image_%s gave %d, expected %d (%s)", it_name[it], fmt_name(m->f),
                          qn[q], out[j * 10 + q], e[q],
                          q == 8 ? "index in the channel data type list" : q == 9 ? "index in the order list" : "");
            }
    }
    oclt_verdict(t, bad == 0, "query %s: get_image_* of the six image types, %d wrong", fmt_name(f), bad);
    clReleaseMemObject(ob);
    clReleaseKernel(k);
}

static void test_read(oclt_t *t, cl_program p, fmt_t f)
{
    himg_t im[IT_N];
    if (!make_set(t, im, f, L_READ, "read"))
        return;
    int kind = dt_kind(f.t);
    const char *suf = kind == K_F ? "f" : kind == K_I ? "i" : "ui";
    tally_t tal[2][IT_N];   /* unnormalized kernel, normalized kernel */
    memset(tal, 0, sizeof tal);
    ritem_t *items = malloc(sizeof(ritem_t) * (IT_N * 10 * NC + 4 * NC));
    char kname[32];

    /* unnormalized samplers, int coordinates, sampler-less */
    int n = 0;
    for (int it = 0; it < IT_N; it++) {
        if (!im[it].real)
            continue;
        for (int mode = 0; mode < 10; mode++) {
            if (it == IT_1DB && mode != 9)
                continue;
            if (kind != K_F && mode >= 3 && mode <= 5)
                continue;
            int cnt = it == IT_1DB ? 3 * NC : NC;
            for (int c = 0; c < cnt; c++)
                gen_item(&im[it], umode_s[mode], umode_ck[mode], it << 4 | mode, &items[n++]);
        }
    }
    snprintf(kname, sizeof kname, "read_u_%s", suf);
    run_reads(t, p, kname, im, 0, items, n, tal[0]);

    /* normalized samplers */
    n = 0;
    for (int it = 0; it < IT_1DB; it++) {
        if (!im[it].real)
            continue;
        for (int mode = 0; mode < 10; mode++) {
            if (kind != K_F && nmode_s[mode].filt == CL_FILTER_LINEAR)
                continue;
            for (int c = 0; c < NC; c++)
                gen_item(&im[it], nmode_s[mode], CK_FLOAT, it << 4 | mode, &items[n++]);
        }
    }
    snprintf(kname, sizeof kname, "read_n_%s", suf);
    run_reads(t, p, kname, im, 1, items, n, tal[1]);

    for (int it = 0; it < IT_N; it++)
        for (int nk = 0; nk < 2; nk++) {
            const tally_t *ty = &tal[nk][it];
            if (!im[it].real || (nk && it == IT_1DB))
                continue;
            const char *what = it == IT_1DB ? "sampler-less"
                               : nk ? (kind == K_F ? "normalized coordinates, 5 addressing modes x nearest, linear"
                                                   : "normalized coordinates, 5 addressing modes x nearest")
                               : (kind == K_F ? "unnormalized, 3 addressing modes x nearest, linear; int coordinates; sampler-less"
                                              : "unnormalized, 3 addressing modes x nearest; int coordinates; sampler-less");
            char extra[96] = "";
            if (kind == K_F && ty->maxlin > 0)
                snprintf(extra, sizeof extra, ", linear error up to %.3g of the tolerance", ty->maxlin);
            if (ty->pocl_dev)
                snprintf(extra + strlen(extra), sizeof extra - strlen(extra), ", %d as PoCL's known deviations",
                         ty->pocl_dev);
            oclt_verdict(t, ty->bad == 0, "read_image%s %s %s (%s): %d reads, %d wrong%s", suf, fmt_name(f),
                         it_name[it], what, ty->n, ty->bad, extra);
        }
    check_queries(t, p, im, f);
    free(items);
    for (int it = 0; it < IT_N; it++)
        img_free(&im[it]);
}

/* ---------------------------------------------------------------- */
/* Writes                                                            */
/* ---------------------------------------------------------------- */

static int is_hole(int x, int y, int z) { return (x * 7 + y * 13 + z * 5) % 6 == 1; }

static void test_write(oclt_t *t, cl_program p, fmt_t f, int have3dw)
{
    himg_t im[IT_N];
    if (!make_set(t, im, f, L_WRITE, "write"))
        return;
    if (!have3dw && im[IT_3D].real) {
        printf("skip write %s 3D: no cl_khr_3d_image_writes\n", fmt_name(f));
        im[IT_3D].real = 0;
    }
    int kind = dt_kind(f.t);
    if (pocl && kind == K_I)
        for (int it = IT_2DA; it <= IT_3D; it++)
            if (im[it].real) {
                printf("skip write %s %s: PoCL's write_imagei of this image type does not link\n", fmt_name(f),
                       it_name[it]);
                im[it].real = 0;
            }
    size_t cap = 0;
    for (int it = 0; it < IT_N; it++)
        cap += (size_t)im[it].w * (size_t)im[it].h * (size_t)im[it].d;
    int *ic = malloc(sizeof(int) * 4 * cap);
    float *fv = malloc(sizeof(float) * 4 * cap);
    int32_t *iv = malloc(sizeof(int32_t) * 4 * cap);
    int n = 0;
    for (int it = 0; it < IT_N; it++) {
        if (!im[it].real)
            continue;
        for (int z = 0; z < im[it].d; z++)
            for (int y = 0; y < im[it].h; y++)
                for (int x = 0; x < im[it].w; x++) {
                    if (is_hole(x, y, z))
                        continue;
                    ic[4 * n] = x;
                    ic[4 * n + 1] = y;
                    ic[4 * n + 2] = z;
                    ic[4 * n + 3] = it;
                    for (int j = 0; j < 4; j++)
                        rand_wcomp(f.t, &fv[4 * n + j], &iv[4 * n + j]);
                    n++;
                }
    }
    const char *suf = kind == K_F ? "f" : kind == K_I ? "i" : "ui";
    char kname[32];
    snprintf(kname, sizeof kname, "write_%s", suf);
    cl_kernel k = oclt_kernel(t, p, kname);
    cl_mem icb = oclt_buf(t, sizeof(int) * 4 * (size_t)n, ic);
    cl_mem vb = oclt_buf(t, 16 * (size_t)n, kind == K_F ? (void *)fv : (void *)iv);
    oclt_arg_mem(t, k, 0, icb);
    oclt_arg_mem(t, k, 1, vb);
    oclt_arg_mem(t, k, 2, im[IT_1D].mem);
    oclt_arg_mem(t, k, 3, im[IT_1DA].mem);
    oclt_arg_mem(t, k, 4, im[IT_2D].mem);
    oclt_arg_mem(t, k, 5, im[IT_2DA].mem);
    oclt_arg_mem(t, k, 6, im[IT_1DB].mem);
    if (have3dw)
        oclt_arg_mem(t, k, 7, im[IT_3D].mem);
    oclt_run(t, k, (size_t)n, 0);

    int item = 0;
    for (int it = 0; it < IT_N; it++) {
        himg_t *m = &im[it];
        if (!m->real)
            continue;
        size_t bytes = (size_t)m->w * (size_t)m->h * (size_t)m->d * m->ps;
        uint8_t *got = malloc(bytes), *gotb = NULL;
        size_t org[3] = { 0, 0, 0 }, reg[3] = { (size_t)m->w, (size_t)m->h, (size_t)m->d };
        OCLT_CHECK(t, clEnqueueReadImage(t->q, m->mem, CL_TRUE, org, reg, 0, 0, got, 0, NULL, NULL),
                   "clEnqueueReadImage");
        if (it == IT_1DB) {
            gotb = malloc(bytes);
            oclt_read(t, m->buf, bytes, gotb);
        }
        int bad = 0, badkept = 0, shown = 0, written = 0, sz = dt_size(f.t);
        for (int z = 0; z < m->d; z++)
            for (int y = 0; y < m->h; y++)
                for (int x = 0; x < m->w; x++) {
                    const uint8_t *g = got + (pix(m, x, y, z) - m->px);
                    if (gotb && memcmp(g, gotb + (pix(m, x, y, z) - m->px), m->ps)) {
                        bad++;
                        oclt_fail(t, &shown, "%s (%d): clEnqueueReadImage and the buffer differ", it_name[it], x);
                    }
                    if (is_hole(x, y, z)) {
                        if (memcmp(g, pix(m, x, y, z), m->ps)) {
                            badkept++;
                            oclt_fail(t, &shown, "%s (%d, %d, %d): not written, but its contents changed",
                                      it_name[it], x, y, z);
                        }
                        continue;
                    }
                    written++;
                    for (int j = 0; j < nchan(f.o); j++) {
                        int comp = chan_comp(f.o, j);
                        double exp;
                        if (!write_ok(f.t, fv[4 * item + comp], iv[4 * item + comp], g + j * sz, &exp)) {
                            bad++;
                            double gv = f.t == CL_HALF_FLOAT || f.t == CL_FLOAT ? chan_f(f.t, g + j * sz)
                                        : (double)chan_i(is_norm(f.t) ? (f.t == CL_UNORM_INT8 ? CL_UNSIGNED_INT8
                                                                         : f.t == CL_UNORM_INT16 ? CL_UNSIGNED_INT16
                                                                         : f.t == CL_SNORM_INT8 ? CL_SIGNED_INT8
                                                                                                : CL_SIGNED_INT16)
                                                                      : f.t, g + j * sz);
                            if (kind == K_F)
                                oclt_fail(t, &shown, "%s (%d, %d, %d) channel %d: wrote %.9g, stored %.9g, expected %.9g",
                                          it_name[it], x, y, z, j, fv[4 * item + comp], gv, exp);
                            else
                                oclt_fail(t, &shown, "%s (%d, %d, %d) channel %d: wrote %d (0x%08x), stored %.0f, expected %.0f",
                                          it_name[it], x, y, z, j, iv[4 * item + comp], (uint32_t)iv[4 * item + comp],
                                          gv, exp);
                        }
                    }
                    item++;
                }
        oclt_verdict(t, bad == 0 && badkept == 0,
                     "write_image%s %s %s: %d pixels written (%d wrong channels), %d kept (%d changed)%s", suf,
                     fmt_name(f), it_name[it], written, bad, (int)(m->w * m->h * m->d) - written, badkept,
                     it == IT_1DB ? ", buffer = image" : "");
        free(got);
        free(gotb);
    }
    clReleaseMemObject(icb);
    clReleaseMemObject(vb);
    clReleaseKernel(k);
    free(ic);
    free(fv);
    free(iv);
    for (int it = 0; it < IT_N; it++)
        img_free(&im[it]);
}

/* ---------------------------------------------------------------- */
/* Host commands                                                     */
/* ---------------------------------------------------------------- */

static const fmt_t F_RGBA8 = { CL_RGBA, CL_UNORM_INT8 }, F_RGBAF = { CL_RGBA, CL_FLOAT },
                   F_RGBA16I = { CL_RGBA, CL_SIGNED_INT16 }, F_RGBA32U = { CL_RGBA, CL_UNSIGNED_INT32 },
                   F_RGBA16U = { CL_RGBA, CL_UNSIGNED_INT16 }, F_BGRA8 = { CL_BGRA, CL_UNORM_INT8 };

/* A host-command image (CL_MEM_READ_WRITE) of w x h x d with random
 * contents; 0 (and a skip line) when the format is not listed. */
static int ho_image(oclt_t *t, himg_t *im, int it, fmt_t f, int w, int h, int d, const char *what)
{
    if (!listed(L_RW, it, f)) {
        printf("skip %s: %s %s not listed for CL_MEM_READ_WRITE\n", what, fmt_name(f), it_name[it]);
        memset(im, 0, sizeof(*im));
        return 0;
    }
    img_init(im, it, f);
    im->w = w;
    im->h = h;
    im->d = d;
    free(im->px);
    im->px = malloc((size_t)w * (size_t)h * (size_t)d * im->ps);
    rand_pixels(im);
    cl_int err = img_create(t, im, CL_MEM_READ_WRITE);
    if (err != CL_SUCCESS) {
        oclt_verdict(t, 0, "%s: creating the %s %s image failed with error %d", what, fmt_name(f), it_name[it], err);
        img_free(im);
        return 0;
    }
    return 1;
}

/* Stride of the second region coordinate in a host buffer: the row pitch,
 * but the slice pitch for a 1D array, whose region's second coordinate is
 * the layer (clEnqueueReadImage: slice_pitch is the size of each image of
 * a 1D array). */
static size_t stride1(const himg_t *im, size_t rp, size_t sp) { return im->it == IT_1DA ? sp : rp; }

/* Copies region reg at org of the model into the host buffer b (pitches
 * rp, sp) or back (dir 1). */
static void model_xfer(himg_t *im, const size_t *org, const size_t *reg, uint8_t *b, size_t rp, size_t sp, int dir)
{
    for (size_t z = 0; z < reg[2]; z++)
        for (size_t y = 0; y < reg[1]; y++) {
            uint8_t *h = b + z * sp + y * stride1(im, rp, sp);
            uint8_t *m = pix(im, (int)org[0], (int)(org[1] + y), (int)(org[2] + z));
            if (dir)
                memcpy(m, h, reg[0] * im->ps);
            else
                memcpy(h, m, reg[0] * im->ps);
        }
}

/* Compares the device image with the model, whole; prints the first wrong
 * pixels.  Returns the number of wrong pixels. */
static int cmp_image(oclt_t *t, const himg_t *im, int *shown)
{
    size_t bytes = (size_t)im->w * (size_t)im->h * (size_t)im->d * im->ps;
    uint8_t *got = malloc(bytes);
    size_t org[3] = { 0, 0, 0 }, reg[3] = { (size_t)im->w, (size_t)im->h, (size_t)im->d };
    OCLT_CHECK(t, clEnqueueReadImage(t->q, im->mem, CL_TRUE, org, reg, 0, 0, got, 0, NULL, NULL),
               "clEnqueueReadImage");
    int bad = 0;
    for (int z = 0; z < im->d; z++)
        for (int y = 0; y < im->h; y++)
            for (int x = 0; x < im->w; x++) {
                size_t off = (size_t)(pix(im, x, y, z) - im->px);
                if (memcmp(got + off, im->px + off, im->ps)) {
                    bad++;
                    char gs[80] = "", es[80] = "";
                    for (size_t b = 0; b < im->ps && b < 16; b++) {
                        snprintf(gs + strlen(gs), sizeof gs - strlen(gs), "%02x", got[off + b]);
                        snprintf(es + strlen(es), sizeof es - strlen(es), "%02x", im->px[off + b]);
                    }
                    oclt_fail(t, shown, "pixel (%d, %d, %d): got %s expected %s", x, y, z, gs, es);
                }
            }
    free(got);
    return bad;
}

/* clEnqueueWriteImage of region reg at org from a pitched host buffer, then
 * the whole image read back and the region reg2 at org2 read into a pitched
 * buffer whose padding must stay untouched. */
static void ho_write_read(oclt_t *t, int it, fmt_t f, int w, int h, int d, const size_t *org, const size_t *reg,
                          size_t rpad, size_t spad, const size_t *org2, const size_t *reg2)
{
    char what[200];
    snprintf(what, sizeof what,
             "clEnqueueWriteImage %s %s origin (%zu,%zu,%zu) region %zux%zux%zu + ReadImage origin (%zu,%zu,%zu) region %zux%zux%zu, pitches padded",
             it_name[it], fmt_name(f), org[0], org[1], org[2], reg[0], reg[1], reg[2], org2[0], org2[1], org2[2],
             reg2[0], reg2[1], reg2[2]);
    himg_t im;
    if (!ho_image(t, &im, it, f, w, h, d, what))
        return;
    int shown = 0, bad = 0;
    /* write: pitched source with random contents */
    size_t rp = reg[0] * im.ps + rpad;
    size_t sp = (it == IT_1DA ? rp : rp * reg[1]) + spad;
    size_t hb = sp * reg[2] + (it == IT_1DA ? sp * reg[1] : 0);
    uint8_t *src = malloc(hb);
    for (size_t i = 0; i < hb; i++)
        src[i] = (uint8_t)rnd();
    int has_slices = it == IT_3D || it == IT_2DA || it == IT_1DA;
    OCLT_CHECK(t, clEnqueueWriteImage(t->q, im.mem, CL_TRUE, org, reg, rp, has_slices ? sp : 0, src, 0, NULL, NULL),
               "clEnqueueWriteImage");
    model_xfer(&im, org, reg, src, rp, sp, 1);
    bad += cmp_image(t, &im, &shown);
    /* read: pitched destination, padding poisoned */
    size_t rp2 = reg2[0] * im.ps + rpad + 4;
    size_t sp2 = (it == IT_1DA ? rp2 : rp2 * reg2[1]) + spad + 8;
    size_t hb2 = sp2 * reg2[2] + (it == IT_1DA ? sp2 * reg2[1] : 0);
    uint8_t *dst = malloc(hb2), *exp = malloc(hb2);
    memset(dst, 0xcd, hb2);
    memset(exp, 0xcd, hb2);
    model_xfer(&im, org2, reg2, exp, rp2, sp2, 0);
    OCLT_CHECK(t, clEnqueueReadImage(t->q, im.mem, CL_TRUE, org2, reg2, rp2, has_slices ? sp2 : 0, dst, 0, NULL, NULL),
               "clEnqueueReadImage");
    for (size_t i = 0; i < hb2; i++)
        if (dst[i] != exp[i]) {
            bad++;
            oclt_fail(t, &shown, "pitched read: byte %zu (row pitch %zu, slice pitch %zu) got 0x%02x expected 0x%02x", i,
                      rp2, sp2, dst[i], exp[i]);
        }
    /* PoCL deviation 5: 1D array layers at the row pitch */
    t->xfail_mode = pocl && it == IT_1DA;
    oclt_verdict(t, bad == 0, "%s: %d wrong%s", what, bad, t->xfail_mode && bad ? " [PoCL ignores the slice pitch]" : "");
    t->xfail_mode = 0;
    free(src);
    free(dst);
    free(exp);
    img_free(&im);
}

/* clEnqueueCopyImage from a (random) to b (random), then b read back. */
static void ho_copy(oclt_t *t, int ita, int wa, int ha, int da, int itb, int wb, int hb, int db, fmt_t f,
                    const size_t *so, const size_t *dor, const size_t *reg)
{
    char what[200];
    snprintf(what, sizeof what, "clEnqueueCopyImage %s %s origin (%zu,%zu,%zu) -> %s origin (%zu,%zu,%zu), region %zux%zux%zu",
             fmt_name(f), it_name[ita], so[0], so[1], so[2], it_name[itb], dor[0], dor[1], dor[2], reg[0], reg[1],
             reg[2]);
    himg_t a, b;
    if (!ho_image(t, &a, ita, f, wa, ha, da, what))
        return;
    if (!ho_image(t, &b, itb, f, wb, hb, db, what)) {
        img_free(&a);
        return;
    }
    OCLT_CHECK(t, clEnqueueCopyImage(t->q, a.mem, b.mem, so, dor, reg, 0, NULL, NULL), "clEnqueueCopyImage");
    /* the model: a 2D region of depth 1 from or to a 3D slice or array
     * layer is the same host loop */
    for (size_t z = 0; z < reg[2]; z++)
        for (size_t y = 0; y < reg[1]; y++)
            memcpy(pix(&b, (int)dor[0], (int)(dor[1] + y), (int)(dor[2] + z)),
                   pix(&a, (int)so[0], (int)(so[1] + y), (int)(so[2] + z)), reg[0] * a.ps);
    int shown = 0, bad = cmp_image(t, &b, &shown);
    oclt_verdict(t, bad == 0, "%s: %d wrong pixels", what, bad);
    img_free(&a);
    img_free(&b);
}

static void ho_image_to_buffer(oclt_t *t, int it, fmt_t f, int w, int h, int d, const size_t *so, const size_t *reg,
                               size_t off)
{
    char what[200];
    snprintf(what, sizeof what, "clEnqueueCopyImageToBuffer %s %s origin (%zu,%zu,%zu) region %zux%zux%zu -> offset %zu",
             fmt_name(f), it_name[it], so[0], so[1], so[2], reg[0], reg[1], reg[2], off);
    himg_t im;
    if (!ho_image(t, &im, it, f, w, h, d, what))
        return;
    size_t n = reg[0] * reg[1] * reg[2] * im.ps, total = off + n + 64;
    uint8_t *host = malloc(total), *exp = malloc(total);
    memset(host, 0xcd, total);
    memset(exp, 0xcd, total);
    cl_mem buf = oclt_buf(t, total, host);
    OCLT_CHECK(t, clEnqueueCopyImageToBuffer(t->q, im.mem, buf, so, reg, off, 0, NULL, NULL),
               "clEnqueueCopyImageToBuffer");
    oclt_read(t, buf, total, host);
    model_xfer(&im, so, reg, exp + off, reg[0] * im.ps, reg[0] * im.ps * reg[1], 0);
    int bad = 0, shown = 0;
    for (size_t i = 0; i < total; i++)
        if (host[i] != exp[i]) {
            bad++;
            oclt_fail(t, &shown, "buffer byte %zu: got 0x%02x expected 0x%02x", i, host[i], exp[i]);
        }
    oclt_verdict(t, bad == 0, "%s: %d wrong bytes", what, bad);
    clReleaseMemObject(buf);
    free(host);
    free(exp);
    img_free(&im);
}

static void ho_buffer_to_image(oclt_t *t, int it, fmt_t f, int w, int h, int d, size_t off, const size_t *dor,
                               const size_t *reg)
{
    char what[200];
    snprintf(what, sizeof what, "clEnqueueCopyBufferToImage %s %s offset %zu -> origin (%zu,%zu,%zu) region %zux%zux%zu",
             fmt_name(f), it_name[it], off, dor[0], dor[1], dor[2], reg[0], reg[1], reg[2]);
    himg_t im;
    if (!ho_image(t, &im, it, f, w, h, d, what))
        return;
    size_t n = reg[0] * reg[1] * reg[2] * im.ps, total = off + n + 16;
    uint8_t *host = malloc(total);
    for (size_t i = 0; i < total; i++)
        host[i] = (uint8_t)rnd();
    cl_mem buf = oclt_buf(t, total, host);
    OCLT_CHECK(t, clEnqueueCopyBufferToImage(t->q, buf, im.mem, off, dor, reg, 0, NULL, NULL),
               "clEnqueueCopyBufferToImage");
    model_xfer(&im, dor, reg, host + off, reg[0] * im.ps, reg[0] * im.ps * reg[1], 1);
    int shown = 0, bad = cmp_image(t, &im, &shown);
    oclt_verdict(t, bad == 0, "%s: %d wrong pixels", what, bad);
    clReleaseMemObject(buf);
    free(host);
    img_free(&im);
}

/* clEnqueueFillImage with colour col (float[4], int[4] or uint[4] by the
 * format's kind); filled channels must be what write_image* of the colour
 * stores (the write rules above), the rest unchanged. */
static void ho_fill(oclt_t *t, int it, fmt_t f, int w, int h, int d, const void *col, const size_t *org,
                    const size_t *reg)
{
    char what[240], cs[96];
    int kind = dt_kind(f.t);
    const float *cf = col;
    const int32_t *ci = col;
    if (kind == K_F)
        snprintf(cs, sizeof cs, "(%g, %g, %g, %g)", cf[0], cf[1], cf[2], cf[3]);
    else if (kind == K_I)
        snprintf(cs, sizeof cs, "(%d, %d, %d, %d)", ci[0], ci[1], ci[2], ci[3]);
    else
        snprintf(cs, sizeof cs, "(%u, %u, %u, %u)", (uint32_t)ci[0], (uint32_t)ci[1], (uint32_t)ci[2], (uint32_t)ci[3]);
    snprintf(what, sizeof what, "clEnqueueFillImage %s %s %s origin (%zu,%zu,%zu) region %zux%zux%zu", fmt_name(f),
             it_name[it], cs, org[0], org[1], org[2], reg[0], reg[1], reg[2]);
    himg_t im;
    if (!ho_image(t, &im, it, f, w, h, d, what))
        return;
    OCLT_CHECK(t, clEnqueueFillImage(t->q, im.mem, col, org, reg, 0, NULL, NULL), "clEnqueueFillImage");
    size_t bytes = (size_t)w * (size_t)h * (size_t)d * im.ps;
    uint8_t *got = malloc(bytes);
    size_t o0[3] = { 0, 0, 0 }, r0[3] = { (size_t)w, (size_t)h, (size_t)d };
    OCLT_CHECK(t, clEnqueueReadImage(t->q, im.mem, CL_TRUE, o0, r0, 0, 0, got, 0, NULL, NULL), "clEnqueueReadImage");
    int bad = 0, shown = 0, sz = dt_size(f.t);
    for (int z = 0; z < d; z++)
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                size_t off = (size_t)(pix(&im, x, y, z) - im.px);
                int in = x >= (int)org[0] && x < (int)(org[0] + reg[0]) && y >= (int)org[1] &&
                         y < (int)(org[1] + reg[1]) && z >= (int)org[2] && z < (int)(org[2] + reg[2]);
                if (!in) {
                    if (memcmp(got + off, im.px + off, im.ps)) {
                        bad++;
                        oclt_fail(t, &shown, "pixel (%d, %d, %d) outside the region changed", x, y, z);
                    }
                    continue;
                }
                for (int j = 0; j < nchan(f.o); j++) {
                    int comp = chan_comp(f.o, j);
                    double exp;
                    if (!write_ok(f.t, kind == K_F ? cf[comp] : 0, kind == K_F ? 0 : ci[comp], got + off + j * sz, &exp)) {
                        bad++;
                        char gs[24] = "";
                        for (int b = 0; b < sz; b++)
                            snprintf(gs + strlen(gs), sizeof gs - strlen(gs), "%02x", got[off + j * sz + sz - 1 - b]);
                        oclt_fail(t, &shown, "pixel (%d, %d, %d) channel %d: got 0x%s expected %.9g", x, y, z, j, gs, exp);
                    }
                }
            }
    /* PoCL deviation 4, Intel runtime deviation 6: truncating float -> UNORM_INT8 */
    t->xfail_mode = (pocl || neo) && f.t == CL_UNORM_INT8 && kind == K_F;
    oclt_verdict(t, bad == 0, "%s: %d wrong%s", what, bad,
                 t->xfail_mode && bad ? (pocl ? " [PoCL truncates]" : " [Intel's runtime truncates]") : "");
    t->xfail_mode = 0;
    free(got);
    img_free(&im);
}

/* clEnqueueMapImage of region reg at org for reading (contents at the
 * returned pitches), then for writing (new contents, unmapped, read back). */
static void ho_map(oclt_t *t, int it, fmt_t f, int w, int h, int d, const size_t *org, const size_t *reg)
{
    char what[200];
    snprintf(what, sizeof what, "clEnqueueMapImage %s %s origin (%zu,%zu,%zu) region %zux%zux%zu, read then write",
             fmt_name(f), it_name[it], org[0], org[1], org[2], reg[0], reg[1], reg[2]);
    himg_t im;
    if (!ho_image(t, &im, it, f, w, h, d, what))
        return;
    int bad = 0, shown = 0;
    size_t rp = 0, sp = 0;
    cl_int err;
    uint8_t *m = clEnqueueMapImage(t->q, im.mem, CL_TRUE, CL_MAP_READ, org, reg, &rp, &sp, 0, NULL, NULL, &err);
    OCLT_CHECK(t, err, "clEnqueueMapImage");
    size_t row = reg[0] * im.ps;
    if (rp < row || ((it == IT_3D || it == IT_2DA) && sp < rp * reg[1]) || (it == IT_1DA && sp < rp)) {
        bad++;
        oclt_fail(t, &shown, "row pitch %zu, slice pitch %zu too small for region rows of %zu bytes", rp, sp, row);
    } else {
        uint8_t *exp = malloc(row);
        for (size_t z = 0; z < reg[2]; z++)
            for (size_t y = 0; y < reg[1]; y++) {
                const uint8_t *g = m + z * sp + y * stride1(&im, rp, sp);
                memcpy(exp, pix(&im, (int)org[0], (int)(org[1] + y), (int)(org[2] + z)), row);
                if (memcmp(g, exp, row)) {
                    bad++;
                    oclt_fail(t, &shown, "mapped for reading: row y=%zu z=%zu differs", y, z);
                }
            }
        free(exp);
    }
    OCLT_CHECK(t, clEnqueueUnmapMemObject(t->q, im.mem, m, 0, NULL, NULL), "clEnqueueUnmapMemObject");
    OCLT_CHECK(t, clFinish(t->q), "clFinish");
    m = clEnqueueMapImage(t->q, im.mem, CL_TRUE, CL_MAP_WRITE, org, reg, &rp, &sp, 0, NULL, NULL, &err);
    OCLT_CHECK(t, err, "clEnqueueMapImage");
    for (size_t z = 0; z < reg[2]; z++)
        for (size_t y = 0; y < reg[1]; y++) {
            uint8_t *g = m + z * sp + y * stride1(&im, rp, sp);
            uint8_t *mp = pix(&im, (int)org[0], (int)(org[1] + y), (int)(org[2] + z));
            for (size_t b = 0; b < row; b++)
                mp[b] = (uint8_t)rnd();
            if (f.t == CL_FLOAT || f.t == CL_HALF_FLOAT)   /* keep them numbers */
                for (size_t b = 0; b < row; b += (size_t)dt_size(f.t))
                    rand_chan(f.t, mp + b);
            memcpy(g, mp, row);
        }
    OCLT_CHECK(t, clEnqueueUnmapMemObject(t->q, im.mem, m, 0, NULL, NULL), "clEnqueueUnmapMemObject");
    bad += cmp_image(t, &im, &shown);
    oclt_verdict(t, bad == 0, "%s: row pitch %zu slice pitch %zu, %d wrong", what, rp, sp, bad);
    img_free(&im);
}

static void host_commands(oclt_t *t)
{
    /* clEnqueueWriteImage / ReadImage with origins, regions, pitches */
    {
        size_t o[3] = { 3, 2, 0 }, r[3] = { 11, 7, 1 }, o2[3] = { 5, 4, 0 }, r2[3] = { 9, 6, 1 };
        ho_write_read(t, IT_2D, F_RGBA8, 19, 13, 1, o, r, 12, 0, o2, r2);
    }
    {
        size_t o[3] = { 1, 1, 1 }, r[3] = { 5, 3, 2 }, o2[3] = { 2, 0, 1 }, r2[3] = { 4, 5, 3 };
        ho_write_read(t, IT_3D, F_RGBAF, 7, 5, 4, o, r, 16, 32, o2, r2);
    }
    {
        size_t o[3] = { 2, 1, 1 }, r[3] = { 6, 5, 2 }, o2[3] = { 1, 0, 2 }, r2[3] = { 9, 7, 1 };
        ho_write_read(t, IT_2DA, F_RGBA8, 11, 7, 3, o, r, 8, 24, o2, r2);
    }
    {
        size_t o[3] = { 4, 1, 0 }, r[3] = { 10, 2, 1 }, o2[3] = { 2, 0, 0 }, r2[3] = { 15, 3, 1 };
        ho_write_read(t, IT_1DA, F_RGBA16U, 19, 3, 1, o, r, 0, 16, o2, r2);
    }
    /* clEnqueueCopyImage */
    {
        size_t so[3] = { 2, 3, 0 }, dor[3] = { 5, 1, 0 }, r[3] = { 9, 8, 1 };
        ho_copy(t, IT_2D, 19, 13, 1, IT_2D, 17, 11, 1, F_RGBA8, so, dor, r);
        ho_copy(t, IT_2D, 19, 13, 1, IT_2D, 17, 11, 1, F_RGBA32U, so, dor, r);
    }
    {
        size_t so[3] = { 1, 0, 2 }, dor[3] = { 4, 6, 0 }, r[3] = { 5, 4, 1 };
        ho_copy(t, IT_3D, 7, 5, 4, IT_2D, 19, 13, 1, F_RGBA8, so, dor, r);
    }
    {
        size_t so[3] = { 3, 2, 0 }, dor[3] = { 1, 0, 3 }, r[3] = { 6, 5, 1 };
        ho_copy(t, IT_2D, 19, 13, 1, IT_3D, 7, 5, 4, F_RGBAF, so, dor, r);
    }
    {
        size_t so[3] = { 0, 2, 0 }, dor[3] = { 2, 1, 1 }, r[3] = { 9, 5, 2 };
        ho_copy(t, IT_2DA, 11, 7, 3, IT_2DA, 11, 7, 3, F_RGBA8, so, dor, r);
    }
    /* image <-> buffer */
    {
        size_t so[3] = { 4, 3, 0 }, r[3] = { 8, 6, 1 };
        ho_image_to_buffer(t, IT_2D, F_RGBA8, 19, 13, 1, so, r, 20);
    }
    {
        size_t so[3] = { 1, 1, 1 }, r[3] = { 5, 3, 3 };
        ho_image_to_buffer(t, IT_3D, F_RGBA16I, 7, 5, 4, so, r, 0);
    }
    {
        size_t dor[3] = { 1, 2, 1 }, r[3] = { 7, 4, 2 };
        ho_buffer_to_image(t, IT_2DA, F_RGBA8, 11, 7, 3, 8, dor, r);
    }
    {
        size_t dor[3] = { 3, 5, 0 }, r[3] = { 12, 6, 1 };
        ho_buffer_to_image(t, IT_2D, F_RGBAF, 19, 13, 1, 48, dor, r);
    }
    /* clEnqueueFillImage */
    {
        const float c1[4] = { 0.25f, 0.5f, 0.8f, 1.0f };
        size_t o[3] = { 2, 3, 0 }, r[3] = { 10, 6, 1 };
        ho_fill(t, IT_2D, F_RGBA8, 19, 13, 1, c1, o, r);
        const float c2[4] = { 0.1f, 0.2f, 0.3f, 0.4f };
        ho_fill(t, IT_2D, F_BGRA8, 19, 13, 1, c2, o, r);
    }
    {
        const float c[4] = { 1.5f, -2.25f, 0.125f, 3e5f };
        size_t o[3] = { 1, 1, 1 }, r[3] = { 5, 3, 2 };
        ho_fill(t, IT_3D, F_RGBAF, 7, 5, 4, c, o, r);
    }
    {
        const int32_t c[4] = { -3, 1000, -32768, 32767 };
        size_t o[3] = { 0, 4, 0 }, r[3] = { 19, 5, 1 };
        ho_fill(t, IT_2D, F_RGBA16I, 19, 13, 1, c, o, r);
    }
    {
        const uint32_t c[4] = { 1, 0xdeadbeefu, 0, 4000000000u };
        size_t o[3] = { 1, 1, 1 }, r[3] = { 8, 5, 2 };
        ho_fill(t, IT_2DA, F_RGBA32U, 11, 7, 3, c, o, r);
    }
    {
        const float c[4] = { 0.75f, 0.0f, 1.0f, 0.5f };
        size_t o[3] = { 5, 0, 0 }, r[3] = { 12, 1, 1 };
        ho_fill(t, IT_1D, F_RGBA8, 23, 1, 1, c, o, r);
    }
    /* clEnqueueMapImage */
    {
        size_t o[3] = { 2, 3, 0 }, r[3] = { 10, 6, 1 };
        ho_map(t, IT_2D, F_RGBA8, 19, 13, 1, o, r);
    }
    {
        size_t o[3] = { 1, 0, 1 }, r[3] = { 5, 4, 2 };
        ho_map(t, IT_3D, F_RGBAF, 7, 5, 4, o, r);
    }
    {
        size_t o[3] = { 0, 1, 1 }, r[3] = { 11, 5, 2 };
        ho_map(t, IT_2DA, F_RGBA16I, 11, 7, 3, o, r);
    }
}

/* ---------------------------------------------------------------- */

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0);   /* keep the lines printed before a crash */
    oclt_t *t = malloc(sizeof(*t));
    oclt_init(t, "ocl_image", argc, argv);
    cl_bool images = CL_FALSE;
    clGetDeviceInfo(t->dev, CL_DEVICE_IMAGE_SUPPORT, sizeof images, &images, NULL);
    if (!images) {
        oclt_verdict(t, 0, "CL_DEVICE_IMAGE_SUPPORT is false");
        return oclt_finish(t);
    }
    char ext[8192] = "";
    clGetDeviceInfo(t->dev, CL_DEVICE_EXTENSIONS, sizeof(ext) - 1, ext, NULL);
    int have3dw = strstr(ext, "cl_khr_3d_image_writes") != NULL;
    if (!have3dw)
        printf("note: no cl_khr_3d_image_writes: 3D images are not written by kernels\n");
    char pname[256] = "";
    clGetPlatformInfo(t->plat, CL_PLATFORM_NAME, sizeof(pname) - 1, pname, NULL);
    pocl = strstr(pname, "Portable Computing Language") != NULL;
    neo = strstr(pname, "Intel(R) OpenCL") != NULL;
    if (pocl)
        printf("note: PoCL: its known deviations are modelled or known failures (ocl_image.c, `pocl`); no get_image_* "
               "queries of 1D buffer images, no write_imagei to 2D array and 3D images (missing from its kernel library)\n");
    char opts[64];
    snprintf(opts, sizeof opts, "%s%s", have3dw ? "-DHAVE_3D_WRITES " : "", pocl ? "-DPOCL_WORKAROUNDS" : "");
    cl_program p = oclt_build_file(t, "ocl_image.cl", opts);
    query_formats(t);

    /* OpenCL 1.2 §5.3.2.1 minimum list: these three must be there */
    {
        static const fmt_t req[3] = { { CL_RGBA, CL_UNORM_INT8 }, { CL_RGBA, CL_FLOAT }, { CL_RGBA, CL_UNSIGNED_INT32 } };
        int miss = 0, shown = 0;
        for (int i = 0; i < 3; i++)
            for (int l = 0; l < L_N; l++)
                if (!listed(l, IT_2D, req[i])) {
                    miss++;
                    oclt_fail(t, &shown, "%s 2D not listed for %s", fmt_name(req[i]),
                              l == L_READ ? "CL_MEM_READ_ONLY" : l == L_WRITE ? "CL_MEM_WRITE_ONLY" : "CL_MEM_READ_WRITE");
                }
        oclt_verdict(t, miss == 0, "clGetSupportedImageFormats lists RGBA UNORM_INT8, FLOAT, UNSIGNED_INT32 for 2D images (%u read-only, %u write-only, %u read-write 2D formats)",
                     supported[L_READ][IT_2D].n, supported[L_WRITE][IT_2D].n, supported[L_RW][IT_2D].n);
    }

    /* first the host commands: every image below is filled through
     * clEnqueueWriteImage, often the runtime's own copy kernels */
    host_commands(t);

    for (int s = 0; s < 10; s++)
        nsamplers[s] = make_sampler(t, nmode_s[s]);

    for (int i = 0; i < NFORMATS; i++) {
        fmt_t f = formats[i];
        if (listed(L_READ, IT_2D, f))
            test_read(t, p, f);
        else
            printf("skip read %s: not listed by clGetSupportedImageFormats for 2D images\n", fmt_name(f));
        if (listed(L_WRITE, IT_2D, f))
            test_write(t, p, f, have3dw);
        else
            printf("skip write %s: not listed by clGetSupportedImageFormats for 2D images\n", fmt_name(f));
    }

    for (int s = 0; s < 10; s++)
        clReleaseSampler(nsamplers[s]);
    clReleaseProgram(p);
    return oclt_finish(t);
}
