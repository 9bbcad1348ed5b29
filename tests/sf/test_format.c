/*
 * Surface formats (src/sf/format.c): the table against the Gen9/Gen12
 * SURFACE_FORMAT enumerations, element decode and encode of the
 * uncompressed formats, and the block decoders.
 *
 * Expected values are literals or derived here from the format
 * definitions (UNORM v / (2^n - 1), the sRGB curve, IEEE half bit
 * patterns, the block formats' own formulas), never from gtsim.  Values
 * and names: Intel media-driver mhw_state_heap_hwcmd_g12_X.h (Gen12
 * SURFACE_FORMAT; Gen9's is the same less 0x0D5 and 0x1A6).  The
 * "pillow" vectors were decoded by an independent decoder, Pillow 9.4's
 * BcnDecode (python3-pil, Image.frombytes(..., "bcn", n)), from
 * pseudo-random blocks; its 8-bit results are compared within 1/255
 * (BC1-BC5: it interpolates in 8-bit integers, gtsim in float; BC6H: it
 * truncates the half result to 8 bits) and exactly for BC7.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "sf/format.h"
#include "sf/sf_int.h"

/* The format with value v, checking its name. */
static const sf_format_info *fmt(unsigned v, const char *name)
{
    const sf_format_info *fi = sf_format_get(v);
    assert_non_null(fi);
    assert_string_equal(fi->name, name);
    assert_int_equal(fi->format, v);
    return fi;
}

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* Exact float comparison (bit patterns, so -0 and NaN are checked too). */
#define EXPECT_F(got, want)                                                                          \
    do {                                                                                             \
        float g_ = (got), w_ = (want);                                                               \
        if (fbits(g_) != fbits(w_))                                                                  \
            fail_msg("%s = %.9g (0x%08x), expected %.9g (0x%08x)", #got, (double)g_, fbits(g_),       \
                     (double)w_, fbits(w_));                                                         \
    } while (0)
#define EXPECT_NEAR(got, want, tol)                                                                  \
    do {                                                                                             \
        double g_ = (got), w_ = (want);                                                              \
        if (!(fabs(g_ - w_) <= (tol)))                                                               \
            fail_msg("%s = %.9g, expected %.9g +- %g", #got, g_, w_, (double)(tol));                 \
    } while (0)

static sf_texel unpack(const sf_format_info *fi, const void *bytes)
{
    sf_texel t;
    assert_int_equal(sf_format_unpack(fi, bytes, 0, 0, &t), 0);
    return t;
}

static sf_texel tf(float r, float g, float b, float a)
{
    sf_texel t = {.f = {r, g, b, a}};
    return t;
}

/* ---- the table ---- */

/* Every value of the Gen12 SURFACE_FORMAT enumeration (media-driver
 * mhw_state_heap_hwcmd_g12_X.h), as [first, last] ranges. */
static const uint16_t gen12_values[][2] = {
    {0x000, 0x008}, {0x020, 0x021}, {0x040, 0x046}, {0x050, 0x050}, {0x080, 0x096}, {0x0A0, 0x0A1},
    {0x0C0, 0x0C5}, {0x0C7, 0x0D3}, {0x0D5, 0x0DA}, {0x0DD, 0x0EE}, {0x0F0, 0x0F9}, {0x100, 0x11F},
    {0x122, 0x127}, {0x140, 0x150}, {0x152, 0x155}, {0x180, 0x19F}, {0x1A1, 0x1A6}, {0x1A8, 0x1BD},
    {0x1C0, 0x1C3}, {0x1C8, 0x1C9}, {0x1FF, 0x1FF},
};
/* Enumerated but with no per-pixel element: R1_UNORM, P2_UNORM_PALETTE0/1,
 * MONO8 (1-2 bits), PLANAR_420_8/16. */
static int no_element(unsigned v)
{
    return v == 0x181 || v == 0x184 || v == 0x185 || v == 0x18E || v == 0x1A5 || v == 0x1A6;
}

static int enumerated(unsigned v)
{
    for (size_t i = 0; i < sizeof(gen12_values) / sizeof(gen12_values[0]); i++)
        if (v >= gen12_values[i][0] && v <= gen12_values[i][1])
            return 1;
    return 0;
}

static void test_table_covers_enumeration(void **state)
{
    (void)state;
    unsigned n = 0;
    for (unsigned v = 0; v < 512; v++) {
        const sf_format_info *fi = sf_format_get(v);
        if (enumerated(v) && !no_element(v)) {
            if (!fi)
                fail_msg("SURFACE_FORMAT 0x%03x is not described", v);
        } else if (fi) {
            fail_msg("0x%03x (%s) is not in the enumeration", v, fi->name);
        }
        if (!fi)
            continue;
        n++;
        assert_int_equal(fi->format, v);
        assert_ptr_equal(sf_format_by_name(fi->name), fi);
    }
    assert_int_equal(n, 217);
    assert_null(sf_format_get(512));
    assert_null(sf_format_get(0x0C6));
    assert_null(sf_format_by_name("R8G8B8A8_UNORM_BOGUS"));
    /* names at values taken from the enumeration */
    fmt(0x000, "R32G32B32A32_FLOAT");
    fmt(0x0C7, "R8G8B8A8_UNORM");
    fmt(0x0C0, "B8G8R8A8_UNORM");
    fmt(0x0D3, "R11G11B10_FLOAT");
    fmt(0x0D5, "R10G10B10_FLOAT_A2_UNORM");
    fmt(0x0ED, "R9G9B9E5_SHAREDEXP");
    fmt(0x100, "B5G6R5_UNORM");
    fmt(0x144, "A8_UNORM");
    fmt(0x145, "I8_UNORM");
    fmt(0x146, "L8_UNORM");
    fmt(0x186, "BC1_UNORM");
    fmt(0x1A2, "BC7_UNORM");
    fmt(0x1A4, "BC6H_UF16");
    fmt(0x1AB, "EAC_R11");
    fmt(0x1C3, "ETC2_EAC_SRGB8_A8");
    fmt(0x1C9, "R8G8B8_SINT");
    fmt(0x1FF, "RAW");
}

/* Channel bit ranges lie inside the element and do not overlap. */
static void test_table_channel_ranges(void **state)
{
    (void)state;
    for (unsigned v = 0; v < 512; v++) {
        const sf_format_info *fi = sf_format_get(v);
        if (!fi)
            continue;
        if (fi->kind == SF_LK_COMPRESSED) {
            assert_true(fi->bpb == 8 || fi->bpb == 16);
            assert_int_equal(fi->bh, 4);
            assert_int_equal(fi->bw, v == 0x192 ? 8 : 4); /* FXT1 8x4 */
            continue;
        }
        assert_int_equal(fi->bw, 1);
        assert_int_equal(fi->bh, 1);
        assert_true(fi->bpb >= 1 && fi->bpb <= 32);
        uint8_t used[256] = {0};
        unsigned total = 0;
        for (unsigned c = 0; c < 4; c++) {
            unsigned n = fi->ch[c].bits, sh = fi->ch[c].shift;
            if (!n)
                continue;
            if (sh + n > 8u * fi->bpb)
                fail_msg("%s channel %u bits %u..%u beyond %u bytes", fi->name, c, sh, sh + n - 1, fi->bpb);
            for (unsigned b = sh; b < sh + n; b++) {
                if (used[b])
                    fail_msg("%s channel %u overlaps at bit %u", fi->name, c, b);
                used[b] = 1;
            }
            total += n;
        }
        if (fi->kind == SF_LK_OTHER || fi->kind == SF_LK_YUV)
            assert_int_equal(total, 0);
        else if (v == 0x0ED)
            assert_int_equal(total, 27); /* + the 5-bit shared exponent */
        else
            assert_int_equal(total, 8u * fi->bpb); /* every bit is a channel or X */
    }
}

static void test_bpp_and_int(void **state)
{
    (void)state;
    /* bytes per pixel of isl_format_layout.csv (bpb / 8) */
    static const struct { uint16_t v; uint8_t bpp; } t[] = {
        {0x000, 16}, {0x005, 16}, {0x040, 12}, {0x080, 8}, {0x088, 8}, {0x0C7, 4}, {0x0D3, 4},
        {0x100, 2}, {0x114, 2}, {0x140, 1}, {0x182, 2}, {0x18F, 2}, {0x193, 3}, {0x197, 32},
        {0x198, 24}, {0x19B, 6}, {0x1C8, 3}, {0x1FF, 1},
    };
    for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
        assert_int_equal(sf_format_get(t[i].v)->bpb, t[i].bpp);
        assert_int_equal(sf_format_bpp(t[i].v), t[i].bpp);
    }
    /* compressed and unknown values: the size class of the value */
    assert_int_equal(sf_format_bpp(0x186), 1); /* BC1_UNORM */
    assert_int_equal(sf_format_bpp(0x184), 1); /* P2_UNORM_PALETTE0 */
    assert_int_equal(sf_format_bpp(0x0C6), 4);
    assert_int_equal(sf_format_bpp(0x09F), 8);
    assert_int_equal(sf_format_bpp(0x1A0), 1);
    assert_true(sf_format_is_int(fmt(0x0CB, "R8G8B8A8_UINT")));
    assert_true(sf_format_is_int(fmt(0x0D6, "R32_SINT")));
    assert_true(sf_format_is_int(fmt(0x089, "X32_TYPELESS_G8X24_UINT")));
    assert_true(sf_format_is_int(fmt(0x154, "I8_UINT")));
    assert_false(sf_format_is_int(fmt(0x0C7, "R8G8B8A8_UNORM")));
    assert_false(sf_format_is_int(fmt(0x0F5, "R8G8B8A8_USCALED")));
    assert_false(sf_format_is_int(fmt(0x186, "BC1_UNORM")));
}

/* ---- uncompressed decode ---- */

static void test_unorm_snorm(void **state)
{
    (void)state;
    const uint8_t rgba[4] = {0, 128, 255, 64};
    sf_texel t = unpack(fmt(0x0C7, "R8G8B8A8_UNORM"), rgba);
    EXPECT_F(t.f[0], 0.0f);
    EXPECT_F(t.f[1], 128.0f / 255.0f);
    EXPECT_F(t.f[2], 1.0f);
    EXPECT_F(t.f[3], 64.0f / 255.0f);
    /* B8G8R8A8: B is byte 0 */
    const uint8_t bgra[4] = {10, 20, 30, 40};
    t = unpack(fmt(0x0C0, "B8G8R8A8_UNORM"), bgra);
    EXPECT_F(t.f[0], 30.0f / 255.0f);
    EXPECT_F(t.f[1], 20.0f / 255.0f);
    EXPECT_F(t.f[2], 10.0f / 255.0f);
    EXPECT_F(t.f[3], 40.0f / 255.0f);
    /* SNORM: max(-1, v / 127): -128 and -127 are both -1 */
    const uint8_t sn[4] = {0x80, 0x81, 0x7f, 0xc0};
    t = unpack(fmt(0x0C9, "R8G8B8A8_SNORM"), sn);
    EXPECT_F(t.f[0], -1.0f);
    EXPECT_F(t.f[1], -1.0f);
    EXPECT_F(t.f[2], 1.0f);
    EXPECT_F(t.f[3], -64.0f / 127.0f);
    const uint8_t s16[2] = {0x00, 0xc0}; /* -16384 */
    t = unpack(fmt(0x10B, "R16_SNORM"), s16);
    EXPECT_F(t.f[0], -16384.0f / 32767.0f);
    EXPECT_F(t.f[1], 0.0f);
    EXPECT_F(t.f[2], 0.0f);
    EXPECT_F(t.f[3], 1.0f);
    /* 16-bit UNORM, little-endian */
    const uint8_t u16[8] = {0xff, 0xff, 0x00, 0x80, 0x01, 0x00, 0x00, 0x00};
    t = unpack(fmt(0x080, "R16G16B16A16_UNORM"), u16);
    EXPECT_F(t.f[0], 1.0f);
    EXPECT_F(t.f[1], 32768.0f / 65535.0f);
    EXPECT_F(t.f[2], 1.0f / 65535.0f);
    EXPECT_F(t.f[3], 0.0f);
    /* 32-bit UNORM: v / (2^32 - 1), rounded once */
    const uint8_t u32[4] = {0x00, 0x00, 0x00, 0x80};
    t = unpack(fmt(0x0F1, "R32_UNORM"), u32);
    EXPECT_F(t.f[0], (float)(2147483648.0 / 4294967295.0));
    /* packed: B5G6R5 little-endian 16 bits, B in 4:0 */
    const uint8_t b565[2] = {0x1f, 0xf8}; /* 0xF81F: R 31, G 0, B 31 */
    t = unpack(fmt(0x100, "B5G6R5_UNORM"), b565);
    EXPECT_F(t.f[0], 1.0f);
    EXPECT_F(t.f[1], 0.0f);
    EXPECT_F(t.f[2], 1.0f);
    EXPECT_F(t.f[3], 1.0f);
    const uint8_t g565[2] = {0x20, 0x00}; /* G = 1 */
    t = unpack(fmt(0x100, "B5G6R5_UNORM"), g565);
    EXPECT_F(t.f[1], 1.0f / 63.0f);
    /* R10G10B10A2: R 9:0, G 19:10, B 29:20, A 31:30 */
    uint32_t w = 1023u | 512u << 10 | 3u << 20 | 2u << 30;
    t = unpack(fmt(0x0C2, "R10G10B10A2_UNORM"), &w);
    EXPECT_F(t.f[0], 1.0f);
    EXPECT_F(t.f[1], 512.0f / 1023.0f);
    EXPECT_F(t.f[2], 3.0f / 1023.0f);
    EXPECT_F(t.f[3], 2.0f / 3.0f);
    /* B10G10R10A2: B 9:0, R 29:20 */
    t = unpack(fmt(0x0D1, "B10G10R10A2_UNORM"), &w);
    EXPECT_F(t.f[0], 3.0f / 1023.0f);
    EXPECT_F(t.f[2], 1.0f);
    /* A1B5G5R5: A bit 0, B 5:1, G 10:6, R 15:11 */
    uint16_t h = 1u | 31u << 11;
    t = unpack(fmt(0x124, "A1B5G5R5_UNORM"), &h);
    EXPECT_F(t.f[0], 1.0f);
    EXPECT_F(t.f[1], 0.0f);
    EXPECT_F(t.f[2], 0.0f);
    EXPECT_F(t.f[3], 1.0f);
    /* R8G8B8: 3 bytes, memory order */
    const uint8_t rgb[3] = {255, 0, 51};
    t = unpack(fmt(0x193, "R8G8B8_UNORM"), rgb);
    EXPECT_F(t.f[0], 1.0f);
    EXPECT_F(t.f[2], 51.0f / 255.0f);
    EXPECT_F(t.f[3], 1.0f);
    /* the mixed D3D9 bump formats: X8B8_UNORM_G8R8_SNORM: X 7:0, B 15:8, G, R */
    const uint8_t bump[4] = {0x55, 0xff, 0x81, 0x7f};
    t = unpack(fmt(0x0E6, "X8B8_UNORM_G8R8_SNORM"), bump);
    EXPECT_F(t.f[0], 1.0f);
    EXPECT_F(t.f[1], -1.0f);
    EXPECT_F(t.f[2], 1.0f);
    EXPECT_F(t.f[3], 1.0f);
}

static void test_integer_formats(void **state)
{
    (void)state;
    uint32_t w = 1023u | 512u << 10 | 3u << 20 | 2u << 30;
    sf_texel t = unpack(fmt(0x0C4, "R10G10B10A2_UINT"), &w);
    assert_int_equal(t.u[0], 1023);
    assert_int_equal(t.u[1], 512);
    assert_int_equal(t.u[2], 3);
    assert_int_equal(t.u[3], 2);
    t = unpack(fmt(0x1B6, "R10G10B10A2_SINT"), &w);
    assert_int_equal(t.i[0], -1);
    assert_int_equal(t.i[1], -512);
    assert_int_equal(t.i[2], 3);
    assert_int_equal(t.i[3], -2);
    /* missing channels: R,G,B 0, A integer 1 */
    uint32_t r = 0xdeadbeef;
    t = unpack(fmt(0x0D7, "R32_UINT"), &r);
    assert_int_equal(t.u[0], 0xdeadbeef);
    assert_int_equal(t.u[1], 0);
    assert_int_equal(t.u[2], 0);
    assert_int_equal(t.u[3], 1);
    const uint8_t s8[2] = {0x80, 0x7f};
    t = unpack(fmt(0x108, "R8G8_SINT"), s8);
    assert_int_equal(t.i[0], -128);
    assert_int_equal(t.i[1], 127);
    assert_int_equal(t.i[3], 1);
    /* X32_TYPELESS_G8X24_UINT: G is byte 4 (the stencil of D32_S8) */
    const uint8_t xg[8] = {1, 2, 3, 4, 0xab, 5, 6, 7};
    t = unpack(fmt(0x089, "X32_TYPELESS_G8X24_UINT"), xg);
    assert_int_equal(t.u[0], 0);
    assert_int_equal(t.u[1], 0xab);
    assert_int_equal(t.u[2], 0);
    assert_int_equal(t.u[3], 1);
    /* scaled vertex formats return the integer as a float */
    const uint8_t sc[4] = {200, 0xff, 0, 0};
    t = unpack(fmt(0x0F5, "R8G8B8A8_USCALED"), sc);
    EXPECT_F(t.f[0], 200.0f);
    EXPECT_F(t.f[1], 255.0f);
    t = unpack(fmt(0x0F4, "R8G8B8A8_SSCALED"), sc);
    EXPECT_F(t.f[0], -56.0f);
    EXPECT_F(t.f[1], -1.0f);
    int32_t fx = -0x18000; /* 16.16: -1.5 */
    t = unpack(fmt(0x1B2, "R32_SFIXED"), &fx);
    EXPECT_F(t.f[0], -1.5f);
}

static void test_float_formats(void **state)
{
    (void)state;
    /* halves: 1.0, -2.0, 65504 (largest), 2^-24 (smallest denormal) */
    const uint16_t hv[4] = {0x3c00, 0xc000, 0x7bff, 0x0001};
    sf_texel t = unpack(fmt(0x084, "R16G16B16A16_FLOAT"), hv);
    EXPECT_F(t.f[0], 1.0f);
    EXPECT_F(t.f[1], -2.0f);
    EXPECT_F(t.f[2], 65504.0f);
    EXPECT_F(t.f[3], ldexpf(1.0f, -24));
    const uint16_t hs[4] = {0x7c00, 0x8000, 0x3555, 0x03ff};
    t = unpack(fmt(0x084, "R16G16B16A16_FLOAT"), hs);
    EXPECT_F(t.f[0], INFINITY);
    EXPECT_F(t.f[1], -0.0f);
    EXPECT_F(t.f[2], ldexpf(1024.0f + 0x155, -12)); /* 0x3555: 2^-2 * (1 + 341/1024) */
    EXPECT_F(t.f[3], ldexpf(1023.0f, -24));          /* largest denormal */
    uint16_t nan = 0x7e01;
    t = unpack(fmt(0x10E, "R16_FLOAT"), &nan);
    assert_true(isnan(t.f[0]));
    EXPECT_F(t.f[3], 1.0f);
    float f32[2] = {3.5f, -0.0f};
    t = unpack(fmt(0x085, "R32G32_FLOAT"), f32);
    EXPECT_F(t.f[0], 3.5f);
    EXPECT_F(t.f[1], -0.0f);
    EXPECT_F(t.f[2], 0.0f);
    EXPECT_F(t.f[3], 1.0f);
    double f64[2] = {0.1, -1e300};
    t = unpack(fmt(0x005, "R64G64_FLOAT"), f64);
    EXPECT_F(t.f[0], 0.1f);
    EXPECT_F(t.f[1], -INFINITY);
    /* R11G11B10_FLOAT: 5-bit exponent (bias 15), 6/6/5-bit mantissas, no
     * sign; R 10:0, G 21:11, B 31:22.  R = 1.0 (e 15, m 0) = 0x3C0,
     * G = 0.5 + 0.5/64 (e 14, m 1) = 0x381, B = +inf (e 31, m 0) = 0x3E0 */
    uint32_t w = 0x3c0u | 0x381u << 11 | 0x3e0u << 22;
    t = unpack(fmt(0x0D3, "R11G11B10_FLOAT"), &w);
    EXPECT_F(t.f[0], 1.0f);
    EXPECT_F(t.f[1], 0.5f + 0.5f / 64);
    EXPECT_F(t.f[2], INFINITY);
    EXPECT_F(t.f[3], 1.0f);
    /* denormals: R m 1 = 2^-14 / 64, B m 31 = 31 * 2^-14 / 32; G the
     * largest 11-bit value (e 30, m 63) = 2^15 * (1 + 63/64) = 65024 */
    w = 0x001u | 0x7bfu << 11 | 0x01fu << 22;
    t = unpack(fmt(0x0D3, "R11G11B10_FLOAT"), &w);
    EXPECT_F(t.f[0], ldexpf(1.0f, -20));
    EXPECT_F(t.f[1], 65024.0f);
    EXPECT_F(t.f[2], ldexpf(31.0f, -19));
    /* R9G9B9E5: mantissas 8:0, 17:9, 26:18, exponent 31:27 (bias 15, no
     * implied one): value = m * 2^(e - 24) */
    w = 256u | 0u << 9 | 511u << 18 | 15u << 27;
    t = unpack(fmt(0x0ED, "R9G9B9E5_SHAREDEXP"), &w);
    EXPECT_F(t.f[0], 0.5f);
    EXPECT_F(t.f[1], 0.0f);
    EXPECT_F(t.f[2], 511.0f / 512.0f);
    EXPECT_F(t.f[3], 1.0f);
}

/* sRGB -> linear: c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055)^2.4,
 * of the code v / (2^n - 1) (uncompressed formats decode the code in
 * double) or of a decoded float (compressed formats decode the block to
 * UNORM floats first). */
static float srgb_d(double c)
{
    return (float)(c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4));
}
static float srgb_ref(unsigned v, unsigned n)
{
    return srgb_d(v / (double)((1u << n) - 1));
}

static void test_srgb(void **state)
{
    (void)state;
    const uint8_t px[4] = {0x80, 0xff, 0x0a, 0x80};
    sf_texel t = unpack(fmt(0x0C8, "R8G8B8A8_UNORM_SRGB"), px);
    EXPECT_NEAR(t.f[0], 0.21586050, 1e-8);
    EXPECT_F(t.f[0], srgb_ref(0x80, 8));
    EXPECT_F(t.f[1], 1.0f);
    EXPECT_F(t.f[2], srgb_ref(0x0a, 8)); /* linear segment: 10/255/12.92 */
    EXPECT_F(t.f[3], 128.0f / 255.0f);   /* alpha stays linear */
    /* every 8-bit code encodes back to itself */
    const sf_format_info *fi = fmt(0x0C8, "R8G8B8A8_UNORM_SRGB");
    for (unsigned v = 0; v < 256; v++) {
        uint8_t in[4] = {(uint8_t)v, (uint8_t)(255 - v), 0, (uint8_t)v}, out[4];
        t = unpack(fi, in);
        assert_int_equal(sf_format_pack(fi, &t, out), 0);
        assert_memory_equal(in, out, 4);
    }
    /* linear 0.5 -> 1.055 * 0.5^(1/2.4) - 0.055 = 0.735357 -> 187.516 -> 188 */
    uint8_t out[4];
    t = tf(0.5f, 0.0f, 1.0f, 0.5f);
    assert_int_equal(sf_format_pack(fi, &t, out), 0);
    assert_int_equal(out[0], 188);
    assert_int_equal(out[1], 0);
    assert_int_equal(out[2], 255);
    assert_int_equal(out[3], 128); /* alpha: 127.5 -> 128 (even) */
    /* L8_UNORM_SRGB: the luminance is a colour */
    uint8_t l = 0x80;
    t = unpack(fmt(0x14C, "L8_UNORM_SRGB"), &l);
    EXPECT_F(t.f[0], srgb_ref(0x80, 8));
    EXPECT_F(t.f[2], srgb_ref(0x80, 8));
    EXPECT_F(t.f[3], 1.0f);
    uint16_t w = 0x1f; /* B5G6R5_UNORM_SRGB: B = 31 */
    t = unpack(fmt(0x101, "B5G6R5_UNORM_SRGB"), &w);
    EXPECT_F(t.f[2], 1.0f);
    EXPECT_F(t.f[0], 0.0f);
}

static void test_luminance_intensity_alpha(void **state)
{
    (void)state;
    const float q = 64.0f / 255.0f;
    uint8_t b = 64;
    sf_texel t = unpack(fmt(0x146, "L8_UNORM"), &b);
    EXPECT_F(t.f[0], q);
    EXPECT_F(t.f[1], q);
    EXPECT_F(t.f[2], q);
    EXPECT_F(t.f[3], 1.0f);
    t = unpack(fmt(0x145, "I8_UNORM"), &b);
    for (unsigned c = 0; c < 4; c++)
        EXPECT_F(t.f[c], q);
    t = unpack(fmt(0x144, "A8_UNORM"), &b);
    EXPECT_F(t.f[0], 0.0f);
    EXPECT_F(t.f[1], 0.0f);
    EXPECT_F(t.f[2], 0.0f);
    EXPECT_F(t.f[3], q);
    const uint8_t la[2] = {0x10, 0x20}; /* L byte 0, A byte 1 */
    t = unpack(fmt(0x114, "L8A8_UNORM"), la);
    EXPECT_F(t.f[0], 16.0f / 255.0f);
    EXPECT_F(t.f[2], 16.0f / 255.0f);
    EXPECT_F(t.f[3], 32.0f / 255.0f);
    const uint16_t la16[2] = {0xffff, 0x8000};
    t = unpack(fmt(0x0DF, "L16A16_UNORM"), la16);
    EXPECT_F(t.f[1], 1.0f);
    EXPECT_F(t.f[3], 32768.0f / 65535.0f);
    uint16_t i16 = 0x3800; /* half 0.5 */
    t = unpack(fmt(0x115, "I16_FLOAT"), &i16);
    for (unsigned c = 0; c < 4; c++)
        EXPECT_F(t.f[c], 0.5f);
    const float ax[2] = {0.25f, 99.0f}; /* A32X32: A low DWord, X ignored */
    t = unpack(fmt(0x090, "A32X32_FLOAT"), ax);
    EXPECT_F(t.f[0], 0.0f);
    EXPECT_F(t.f[3], 0.25f);
    t = unpack(fmt(0x091, "L32X32_FLOAT"), ax);
    EXPECT_F(t.f[0], 0.25f);
    EXPECT_F(t.f[3], 1.0f);
    t = unpack(fmt(0x092, "I32X32_FLOAT"), ax);
    EXPECT_F(t.f[3], 0.25f);
    uint32_t a24 = 0x00800000u | 0xff000000u; /* A24X8: A 23:0 */
    t = unpack(fmt(0x0E2, "A24X8_UNORM"), &a24);
    EXPECT_F(t.f[3], (float)(8388608.0 / 16777215.0));
    EXPECT_F(t.f[0], 0.0f);
    uint8_t iu = 200;
    t = unpack(fmt(0x154, "I8_UINT"), &iu);
    for (unsigned c = 0; c < 4; c++)
        assert_int_equal(t.u[c], 200);
    t = unpack(fmt(0x152, "L8_UINT"), &iu);
    assert_int_equal(t.u[2], 200);
    assert_int_equal(t.u[3], 1);
    const uint8_t las[2] = {0xff, 0x80};
    t = unpack(fmt(0x127, "L8A8_SINT"), las);
    assert_int_equal(t.i[0], -1);
    assert_int_equal(t.i[1], -1);
    assert_int_equal(t.i[3], -128);
    /* the luminance channel is written from R */
    uint8_t out[2];
    t = tf(1.0f, 0.0f, 0.0f, 0.5f);
    assert_int_equal(sf_format_pack(fmt(0x114, "L8A8_UNORM"), &t, out), 0);
    assert_int_equal(out[0], 255);
    assert_int_equal(out[1], 128);
}

static void test_typeless_x(void **state)
{
    (void)state;
    uint32_t w = 0x00800000u | 0xab000000u; /* R24 = 2^23, X8 = 0xab */
    const sf_format_info *fi = fmt(0x0D9, "R24_UNORM_X8_TYPELESS");
    sf_texel t = unpack(fi, &w);
    EXPECT_F(t.f[0], (float)(8388608.0 / 16777215.0));
    EXPECT_F(t.f[1], 0.0f);
    EXPECT_F(t.f[3], 1.0f);
    uint32_t out = 0xffffffffu;
    assert_int_equal(sf_format_pack(fi, &t, (uint8_t *)&out), 0);
    assert_int_equal(out, 0x00800000u); /* X written 0 */
    const uint32_t d32s8[2] = {fbits(0.75f), 0xffffffffu};
    t = unpack(fmt(0x088, "R32_FLOAT_X8X24_TYPELESS"), d32s8);
    EXPECT_F(t.f[0], 0.75f);
    EXPECT_F(t.f[1], 0.0f);
    EXPECT_F(t.f[2], 0.0f);
    EXPECT_F(t.f[3], 1.0f);
    const uint8_t bx[4] = {1, 2, 3, 4};
    t = unpack(fmt(0x0E9, "B8G8R8X8_UNORM"), bx);
    EXPECT_F(t.f[3], 1.0f);
    EXPECT_F(t.f[0], 3.0f / 255.0f);
    uint8_t o4[4];
    assert_int_equal(sf_format_pack(fmt(0x0E9, "B8G8R8X8_UNORM"), &t, o4), 0);
    assert_int_equal(o4[3], 0);
    assert_int_equal(o4[2], 3);
}

static void test_undecodable(void **state)
{
    (void)state;
    uint8_t b[16] = {0};
    sf_texel t;
    sf_texel in = tf(1, 1, 1, 1);
    assert_int_equal(sf_format_unpack(fmt(0x14B, "P8_UNORM_PALETTE0"), b, 0, 0, &t), -1);
    assert_int_equal(sf_format_unpack(fmt(0x182, "YCRCB_NORMAL"), b, 0, 0, &t), -1);
    assert_int_equal(sf_format_unpack(fmt(0x192, "FXT1"), b, 7, 3, &t), -1);
    assert_int_equal(sf_format_unpack(fmt(0x1FF, "RAW"), b, 0, 0, &t), -1);
    assert_int_equal(sf_format_pack(fmt(0x186, "BC1_UNORM"), &in, b), -1);
    assert_int_equal(sf_format_pack(fmt(0x021, "R64G64_PASSTHRU"), &in, b), -1);
    sf_texel blk[16];
    assert_int_equal(sf_format_unpack_block(fmt(0x0C7, "R8G8B8A8_UNORM"), b, blk), -1);
}

/* ---- encode ---- */

static void test_pack_rounding(void **state)
{
    (void)state;
    uint8_t o[8];
    const sf_format_info *u8 = fmt(0x0C7, "R8G8B8A8_UNORM");
    /* 0.5 * 255 = 127.5: a tie, to the even 128; 0.3f = 0x3E99999A =
     * 10066330 * 2^-25, * 255 = 76.50000304 exactly (a float multiply
     * would round it to the tie 76.5 and give 76): 77; NaN and negatives
     * 0; above 1: 255 */
    sf_texel t = tf(0.5f, 0.3f, NAN, 2.0f);
    assert_int_equal(sf_format_pack(u8, &t, o), 0);
    assert_int_equal(o[0], 128);
    assert_int_equal(o[1], 77);
    assert_int_equal(o[2], 0);
    assert_int_equal(o[3], 255);
    /* the float quotients k.5f / 255.0f are not ties once scaled back:
     * 0.5f/255.0f * 255 = 0.50000003, 1.5f/255.0f * 255 = 1.50000003,
     * 254.5f/255.0f * 255 = 254.49999243 */
    t = tf(-0.1f, 0.5f / 255.0f, 1.5f / 255.0f, 254.5f / 255.0f);
    assert_int_equal(sf_format_pack(u8, &t, o), 0);
    assert_int_equal(o[0], 0);
    assert_int_equal(o[1], 1);
    assert_int_equal(o[2], 2);
    assert_int_equal(o[3], 254);
    /* 16-bit: 0.5 * 65535 = 32767.5 -> 32768 */
    t = tf(0.5f, 1.0f, 0.0f, 0.25f);
    assert_int_equal(sf_format_pack(fmt(0x080, "R16G16B16A16_UNORM"), &t, o), 0);
    assert_int_equal(o[0] | o[1] << 8, 32768);
    assert_int_equal(o[6] | o[7] << 8, 16384); /* 16383.75 */
    /* SNORM: clamp to [-1, 1], * 127, round; NaN 0 */
    t = tf(-1.5f, 0.5f, NAN, -0.5f);
    assert_int_equal(sf_format_pack(fmt(0x0C9, "R8G8B8A8_SNORM"), &t, o), 0);
    assert_int_equal(o[0], 0x81); /* -127 */
    assert_int_equal(o[1], 64);   /* 63.5 -> 64 */
    assert_int_equal(o[2], 0);
    assert_int_equal(o[3], 0xc0); /* -63.5 -> -64 */
    /* 2-bit alpha: 0.5 * 3 = 1.5 -> 2; 1/3 -> 1 */
    t = tf(0.0f, 0.0f, 0.0f, 0.5f);
    uint32_t w;
    assert_int_equal(sf_format_pack(fmt(0x0C2, "R10G10B10A2_UNORM"), &t, (uint8_t *)&w), 0);
    assert_int_equal(w, 2u << 30);
    /* 32-bit UNORM: 0.75 * (2^32 - 1) = 3221225471.25 -> 3221225471 */
    t = tf(0.75f, 0, 0, 0);
    assert_int_equal(sf_format_pack(fmt(0x0F1, "R32_UNORM"), &t, (uint8_t *)&w), 0);
    assert_int_equal(w, 3221225471u);
}

static void test_pack_half(void **state)
{
    (void)state;
    /* IEEE round to nearest even: 1 + 2^-11 is halfway between 1 and
     * 1 + 2^-10: 1.0 (0x3C00); 1 + 3 * 2^-11: up to 1 + 2^-9 (0x3C02);
     * 2^-25 is half the smallest denormal: 0; 3 * 2^-26: 0x0001;
     * 65519 -> 65504; finite 65520 and 1e9 -> 65504 (never infinity);
     * inf -> 0x7C00; NaN stays NaN */
    static const struct { float f; uint16_t h; } t[] = {
        {1.0f + 0x1p-11f, 0x3c00}, {1.0f + 0x3p-11f, 0x3c02}, {0x1p-25f, 0x0000}, {0x3p-26f, 0x0001},
        {-0x1p-24f, 0x8001}, {65519.0f, 0x7bff}, {65520.0f, 0x7bff}, {1e9f, 0x7bff}, {-1e9f, 0xfbff},
        {INFINITY, 0x7c00}, {-INFINITY, 0xfc00}, {-0.0f, 0x8000}, {0x1p-14f, 0x0400},
        {0x1p-14f - 0x1p-25f, 0x0400}, /* 1023.5 denormal units: tie to even 1024 = min normal */
        {0.1f, 0x2e66}, {2048.0f + 1.0f, 0x6800}, {2048.0f + 3.0f, 0x6802},
    };
    const sf_format_info *fi = fmt(0x10E, "R16_FLOAT");
    for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
        sf_texel in = tf(t[i].f, 0, 0, 0);
        uint16_t h = 0x5555;
        assert_int_equal(sf_format_pack(fi, &in, (uint8_t *)&h), 0);
        if (h != t[i].h)
            fail_msg("%.9g -> half 0x%04x, expected 0x%04x", (double)t[i].f, h, t[i].h);
    }
    sf_texel in = tf(NAN, 0, 0, 0);
    uint16_t h;
    assert_int_equal(sf_format_pack(fi, &in, (uint8_t *)&h), 0);
    assert_true((h & 0x7c00) == 0x7c00 && (h & 0x3ff));
}

static void test_pack_small_floats(void **state)
{
    (void)state;
    const sf_format_info *fi = fmt(0x0D3, "R11G11B10_FLOAT");
    uint32_t w;
    /* R 1.0 = 0x3C0, G 0.5 = 0x380, B 2.0 = 0x200 (10-bit: e 16 << 5) */
    sf_texel t = tf(1.0f, 0.5f, 2.0f, 0.0f);
    assert_int_equal(sf_format_pack(fi, &t, (uint8_t *)&w), 0);
    assert_int_equal(w, 0x3c0u | 0x380u << 11 | 0x200u << 22);
    /* negative -> 0; too large -> largest finite (11-bit 0x7BF = 65024,
     * 10-bit 0x3DF = 64512); inf -> inf */
    t = tf(-1.0f, 1e6f, INFINITY, 0.0f);
    assert_int_equal(sf_format_pack(fi, &t, (uint8_t *)&w), 0);
    assert_int_equal(w, 0u | 0x7bfu << 11 | 0x3e0u << 22);
    t = tf(0.0f, 0.0f, 1e6f, 0.0f);
    assert_int_equal(sf_format_pack(fi, &t, (uint8_t *)&w), 0);
    assert_int_equal(w, 0x3dfu << 22);
    /* rounding: 1 + 2^-7 is halfway between 1 and 1 + 2^-6 (11-bit): even
     * 1.0; 1 + 3 * 2^-7 -> 1 + 2^-5 (m 2) */
    t = tf(1.0f + 0x1p-7f, 1.0f + 0x3p-7f, 0.0f, 0.0f);
    assert_int_equal(sf_format_pack(fi, &t, (uint8_t *)&w), 0);
    assert_int_equal(w, 0x3c0u | 0x3c2u << 11);
    /* R9G9B9E5 (EXT_texture_shared_exponent): max 1.0: exponent
     * floor(log2 1) + 1 + 15 = 16, unit 2^(16 - 24): mantissas 256, 128, 64 */
    fi = fmt(0x0ED, "R9G9B9E5_SHAREDEXP");
    t = tf(1.0f, 0.5f, 0.25f, 0.0f);
    assert_int_equal(sf_format_pack(fi, &t, (uint8_t *)&w), 0);
    assert_int_equal(w, 256u | 128u << 9 | 64u << 18 | 16u << 27);
    /* 511.9/512 rounds up to 512 at exponent 15: bumped to exponent 16 */
    t = tf(0.9998f, 0.0f, -3.0f, 0.0f);
    assert_int_equal(sf_format_pack(fi, &t, (uint8_t *)&w), 0);
    assert_int_equal(w, 256u | 16u << 27);
    t = tf(0.0f, 0.0f, 0.0f, 0.0f);
    assert_int_equal(sf_format_pack(fi, &t, (uint8_t *)&w), 0);
    assert_int_equal(w, 0);
}

static void test_pack_integers(void **state)
{
    (void)state;
    const sf_format_info *fi = fmt(0x0CB, "R8G8B8A8_UINT");
    uint8_t o[4];
    sf_texel t = {.u = {300, 255, 0xffffffffu, 7}};
    /* sf_format_pack keeps the low bits; sf_format_pack_sat saturates */
    assert_int_equal(sf_format_pack(fi, &t, o), 0);
    assert_int_equal(o[0], 300 & 255);
    assert_int_equal(o[1], 255);
    assert_int_equal(o[2], 255);
    assert_int_equal(o[3], 7);
    assert_int_equal(sf_format_pack_sat(fi, &t, o), 0);
    assert_int_equal(o[0], 255);
    assert_int_equal(o[2], 255);
    assert_int_equal(o[3], 7);
    fi = fmt(0x0CA, "R8G8B8A8_SINT");
    t = (sf_texel){.i = {-200, 200, -128, 127}};
    assert_int_equal(sf_format_pack(fi, &t, o), 0);
    assert_int_equal(o[0], (uint8_t)(-200 & 255));
    assert_int_equal(o[1], 200);
    assert_int_equal(sf_format_pack_sat(fi, &t, o), 0);
    assert_int_equal(o[0], 0x80);
    assert_int_equal(o[1], 0x7f);
    assert_int_equal(o[2], 0x80);
    assert_int_equal(o[3], 0x7f);
    fi = fmt(0x0C4, "R10G10B10A2_UINT");
    t = (sf_texel){.u = {2000, 5, 1023, 9}};
    uint32_t w;
    assert_int_equal(sf_format_pack(fi, &t, (uint8_t *)&w), 0);
    assert_int_equal(w, (2000u & 1023) | 5u << 10 | 1023u << 20 | (9u & 3) << 30);
    assert_int_equal(sf_format_pack_sat(fi, &t, (uint8_t *)&w), 0);
    assert_int_equal(w, 1023u | 5u << 10 | 1023u << 20 | 3u << 30);
    fi = fmt(0x0D6, "R32_SINT");
    t = (sf_texel){.i = {INT32_MIN, 0, 0, 0}};
    assert_int_equal(sf_format_pack_sat(fi, &t, (uint8_t *)&w), 0);
    assert_int_equal(w, 0x80000000u);
    /* USCALED: float to integer, rounded and clamped */
    t = tf(2.5f, 300.0f, -4.0f, 3.49f);
    assert_int_equal(sf_format_pack(fmt(0x0F5, "R8G8B8A8_USCALED"), &t, o), 0);
    assert_int_equal(o[0], 2);
    assert_int_equal(o[1], 255);
    assert_int_equal(o[2], 0);
    assert_int_equal(o[3], 3);
}

/* pack(unpack(x)) == x for random elements of every uncompressed format
 * whose conversions are exact: UNORM/SNORM/SCALED of up to 24 bits (a
 * float holds them), FLOAT 16/32, UFLOAT 10/11, UINT/SINT.  Skipped: NaN
 * patterns (payloads need not survive), the SNORM minimum (-2^(n-1) and
 * -2^(n-1)+1 both mean -1), X bits (written 0). */
static int exact_type(unsigned type, unsigned n)
{
    switch (type) {
    case SF_CT_UNORM: case SF_CT_SNORM: case SF_CT_SRGB: case SF_CT_USCALED: case SF_CT_SSCALED:
        return n <= 24;
    case SF_CT_FLOAT:
        return n == 16 || n == 32;
    case SF_CT_UFLOAT:
        return n == 10 || n == 11;
    case SF_CT_UINT: case SF_CT_SINT: case SF_CT_X:
        return 1;
    }
    return 0;
}

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint64_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static uint64_t field(const uint8_t *p, unsigned sh, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++)
        v |= (uint64_t)(p[(sh + i) / 8] >> ((sh + i) % 8) & 1) << i;
    return v;
}

static void test_roundtrip_all(void **state)
{
    (void)state;
    unsigned formats = 0;
    for (unsigned v = 0; v < 512; v++) {
        const sf_format_info *fi = sf_format_get(v);
        if (!fi || fi->kind == SF_LK_COMPRESSED || fi->kind == SF_LK_OTHER || fi->kind == SF_LK_YUV ||
            v == 0x0ED)
            continue;
        int exact = 1;
        uint8_t keep[32] = {0};
        for (unsigned c = 0; c < 4; c++) {
            unsigned n = fi->ch[c].bits;
            if (!n)
                continue;
            exact &= exact_type(fi->ch[c].type, n);
            if (fi->ch[c].type != SF_CT_X)
                for (unsigned b = fi->ch[c].shift; b < fi->ch[c].shift + n; b++)
                    keep[b / 8] |= (uint8_t)(1u << (b % 8));
        }
        uint8_t in[32], out[32];
        sf_texel t;
        for (unsigned it = 0; it < 400; it++) {
            for (unsigned i = 0; i < fi->bpb; i++)
                in[i] = (uint8_t)rng() & keep[i];
            int skip = 0;
            for (unsigned c = 0; c < 4; c++) {
                unsigned n = fi->ch[c].bits, type = fi->ch[c].type;
                uint64_t x = field(in, fi->ch[c].shift, n);
                if (type == SF_CT_FLOAT && n == 16)
                    skip |= (x & 0x7c00) == 0x7c00 && (x & 0x3ff);
                if (type == SF_CT_FLOAT && n == 32)
                    skip |= (x & 0x7f800000) == 0x7f800000 && (x & 0x7fffff);
                if (type == SF_CT_UFLOAT)
                    skip |= (x >> (n - 5)) == 31 && (x & ((1u << (n - 5)) - 1));
                if (type == SF_CT_SNORM)
                    skip |= x == 1ull << (n - 1);
            }
            assert_int_equal(sf_format_unpack(fi, in, 0, 0, &t), 0);
            memset(out, 0xcc, sizeof(out));
            assert_int_equal(sf_format_pack(fi, &t, out), 0);
            if (!exact || skip)
                continue;
            if (memcmp(in, out, fi->bpb))
                fail_msg("%s: pack(unpack(x)) != x (byte 0: 0x%02x -> 0x%02x)", fi->name, in[0], out[0]);
            assert_int_equal(sf_format_pack_sat(fi, &t, out), 0);
            assert_memory_equal(in, out, fi->bpb);
        }
        formats += exact;
    }
    assert_true(formats >= 140);
}

/* ---- compressed formats ---- */

static sf_texel px_of(const sf_format_info *fi, const uint8_t *blk, unsigned x, unsigned y)
{
    sf_texel t;
    assert_int_equal(sf_format_unpack(fi, blk, x, y, &t), 0);
    return t;
}

#define EXPECT_RGBA(t, r, g, b, a)                                                                   \
    do {                                                                                             \
        EXPECT_F((t).f[0], r);                                                                       \
        EXPECT_F((t).f[1], g);                                                                       \
        EXPECT_F((t).f[2], b);                                                                       \
        EXPECT_F((t).f[3], a);                                                                       \
    } while (0)

/* BC1: c0 = 0xF800 (red), c1 = 0x001F (blue), pixel i has index i % 4
 * (each index byte 0b11100100).  c0 > c1: 4 colours, c2 = (2 c0 + c1) / 3,
 * c3 = (c0 + 2 c1) / 3.  Swapped (c0 <= c1): c2 = (c0 + c1) / 2, c3 =
 * transparent black (BC1) or opaque black (DXT1_RGB). */
static void test_bc1(void **state)
{
    (void)state;
    const uint8_t four[8] = {0x00, 0xf8, 0x1f, 0x00, 0xe4, 0xe4, 0xe4, 0xe4};
    const uint8_t three[8] = {0x1f, 0x00, 0x00, 0xf8, 0xe4, 0xe4, 0xe4, 0xe4};
    const sf_format_info *fi = fmt(0x186, "BC1_UNORM");
    EXPECT_RGBA(px_of(fi, four, 0, 0), 1.0f, 0.0f, 0.0f, 1.0f);
    EXPECT_RGBA(px_of(fi, four, 1, 0), 0.0f, 0.0f, 1.0f, 1.0f);
    EXPECT_RGBA(px_of(fi, four, 2, 1), 2.0f / 3.0f, 0.0f, 1.0f / 3.0f, 1.0f);
    EXPECT_RGBA(px_of(fi, four, 3, 3), 1.0f / 3.0f, 0.0f, 2.0f / 3.0f, 1.0f);
    EXPECT_RGBA(px_of(fi, three, 0, 2), 0.0f, 0.0f, 1.0f, 1.0f);
    EXPECT_RGBA(px_of(fi, three, 1, 2), 1.0f, 0.0f, 0.0f, 1.0f);
    EXPECT_RGBA(px_of(fi, three, 2, 0), 0.5f, 0.0f, 0.5f, 1.0f);
    EXPECT_RGBA(px_of(fi, three, 3, 0), 0.0f, 0.0f, 0.0f, 0.0f);
    EXPECT_RGBA(px_of(fmt(0x191, "DXT1_RGB"), three, 3, 0), 0.0f, 0.0f, 0.0f, 1.0f);
    /* sRGB: decoded, then to linear */
    const uint8_t grey[8] = {0x10, 0x84, 0x10, 0x84, 0, 0, 0, 0}; /* 0x8410: R 16, G 32, B 16 */
    sf_texel t = px_of(fmt(0x18B, "BC1_UNORM_SRGB"), grey, 1, 1);
    EXPECT_F(t.f[0], srgb_d(16.0f / 31.0f));
    EXPECT_F(t.f[1], srgb_d(32.0f / 63.0f));
    EXPECT_F(t.f[3], 1.0f);
    /* the whole block at once */
    sf_texel blk[16];
    assert_int_equal(sf_format_unpack_block(fi, four, blk), 0);
    for (unsigned i = 0; i < 16; i++)
        EXPECT_F(blk[i].f[2], i % 4 == 0 ? 0.0f : i % 4 == 1 ? 1.0f : i % 4 == 2 ? 1.0f / 3.0f : 2.0f / 3.0f);
}

/* BC2: explicit 4-bit alpha (pixel i at bits 4i), then a BC1 colour block
 * always in 4-colour mode.  BC3: a BC4-style alpha block, then colour. */
static void test_bc2_bc3(void **state)
{
    (void)state;
    const uint8_t bc2[16] = {0x8f, 0x00, 0, 0, 0, 0, 0, 0x10, /* alpha: 15, 8, 0 ... pixel 15: 1 */
                             0x1f, 0x00, 0x00, 0xf8, 0xe4, 0xe4, 0xe4, 0xe4};
    const sf_format_info *fi = fmt(0x187, "BC2_UNORM");
    EXPECT_RGBA(px_of(fi, bc2, 0, 0), 0.0f, 0.0f, 1.0f, 1.0f);
    EXPECT_RGBA(px_of(fi, bc2, 1, 0), 1.0f, 0.0f, 0.0f, 8.0f / 15.0f);
    /* c0 <= c1 but still 4 colours: c2 = (2 blue + red) / 3 */
    EXPECT_RGBA(px_of(fi, bc2, 2, 0), 1.0f / 3.0f, 0.0f, 2.0f / 3.0f, 0.0f);
    EXPECT_F(px_of(fi, bc2, 3, 3).f[3], 1.0f / 15.0f);
    /* BC3 alpha: a0 = 255, a1 = 0 (8 values), pixel i index i % 8 */
    uint8_t bc3[16] = {255, 0, 0, 0, 0, 0, 0, 0, 0x00, 0xf8, 0x1f, 0x00, 0, 0, 0, 0};
    uint64_t idx = 0;
    for (unsigned i = 0; i < 16; i++)
        idx |= (uint64_t)(i % 8) << (3 * i);
    for (unsigned i = 0; i < 6; i++)
        bc3[2 + i] = (uint8_t)(idx >> (8 * i));
    fi = fmt(0x188, "BC3_UNORM");
    EXPECT_RGBA(px_of(fi, bc3, 0, 0), 1.0f, 0.0f, 0.0f, 1.0f);
    EXPECT_F(px_of(fi, bc3, 1, 0).f[3], 0.0f);
    EXPECT_F(px_of(fi, bc3, 2, 0).f[3], 6.0f / 7.0f);  /* (6 a0 + a1) / 7 */
    EXPECT_F(px_of(fi, bc3, 3, 1).f[3], 1.0f / 7.0f);  /* pixel 7: (a0 + 6 a1) / 7 */
}

static void test_bc4_bc5(void **state)
{
    (void)state;
    uint8_t blk[16] = {0, 255};
    uint64_t idx = 0;
    for (unsigned i = 0; i < 16; i++)
        idx |= (uint64_t)(i % 8) << (3 * i);
    for (unsigned i = 0; i < 6; i++)
        blk[2 + i] = blk[10 + i] = (uint8_t)(idx >> (8 * i));
    blk[8] = 255, blk[9] = 0;
    /* r0 = 0 <= r1 = 255: 6 values (r0, r1, 4 in 1/5 steps), then 0 and 1 */
    const sf_format_info *fi = fmt(0x189, "BC4_UNORM");
    EXPECT_RGBA(px_of(fi, blk, 0, 0), 0.0f, 0.0f, 0.0f, 1.0f);
    EXPECT_F(px_of(fi, blk, 1, 0).f[0], 1.0f);
    EXPECT_F(px_of(fi, blk, 2, 0).f[0], 0.2f);            /* (4 r0 + r1) / 5 */
    EXPECT_F(px_of(fi, blk, 1, 1).f[0], 4.0f / 5.0f);     /* index 5: (r0 + 4 r1) / 5 */
    EXPECT_F(px_of(fi, blk, 2, 1).f[0], 0.0f);            /* index 6 */
    EXPECT_F(px_of(fi, blk, 3, 1).f[0], 1.0f);            /* index 7 */
    /* BC5: R from the first half, G from the second (255 > 0: 8 values) */
    fi = fmt(0x18A, "BC5_UNORM");
    sf_texel t = px_of(fi, blk, 2, 0);
    EXPECT_RGBA(t, 0.2f, 6.0f / 7.0f, 0.0f, 1.0f);
    /* SNORM: endpoints / 127, -128 is -127; r0 = -127 <= r1 = 127: the
     * 6-value mode with -1 and 1 as the extra values */
    blk[0] = 0x80, blk[1] = 0x7f;
    fi = fmt(0x199, "BC4_SNORM");
    EXPECT_F(px_of(fi, blk, 0, 0).f[0], -1.0f);
    EXPECT_F(px_of(fi, blk, 1, 0).f[0], 1.0f);
    EXPECT_F(px_of(fi, blk, 2, 0).f[0], (4 * -1.0f + 1.0f) / 5);
    EXPECT_F(px_of(fi, blk, 2, 1).f[0], -1.0f);
    blk[8] = 0x7f, blk[9] = 0x81; /* 127 > -127: 8 values */
    t = px_of(fmt(0x19A, "BC5_SNORM"), blk, 3, 0);
    EXPECT_F(t.f[1], (5 * 1.0f + 2 * -1.0f) / 7); /* index 3: (5 g0 + 2 g1) / 7 */
}

/* Bit writer for hand-built BPTC blocks (LSB first). */
static void put(uint8_t *b, unsigned *pos, unsigned n, uint32_t v)
{
    for (unsigned i = 0; i < n; i++, (*pos)++)
        if (v >> i & 1)
            b[*pos / 8] |= (uint8_t)(1u << (*pos % 8));
}

/* BC7 mode 6: 1 subset, RGBA 7 bits + a P-bit per endpoint, 4-bit
 * indices.  Endpoint 0 all 0 (P 0), endpoint 1 all 127 (P 1) = 255;
 * pixel i index i: ((64 - w) * 0 + w * 255 + 32) >> 6 with the 4-bit
 * weights 0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64. */
static void test_bc7_mode6(void **state)
{
    (void)state;
    static const unsigned w4[16] = {0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64};
    uint8_t b[16] = {0};
    unsigned pos = 0;
    put(b, &pos, 7, 1u << 6);
    for (unsigned c = 0; c < 4; c++) {
        put(b, &pos, 7, 0);
        put(b, &pos, 7, 127);
    }
    put(b, &pos, 1, 0);
    put(b, &pos, 1, 1);
    for (unsigned i = 0; i < 16; i++)
        put(b, &pos, i ? 4 : 3, i);
    assert_int_equal(pos, 128);
    const sf_format_info *fi = fmt(0x1A2, "BC7_UNORM");
    for (unsigned i = 0; i < 16; i++) {
        float v = (float)((w4[i] * 255 + 32) >> 6) / 255.0f;
        EXPECT_RGBA(px_of(fi, b, i % 4, i / 4), v, v, v, v);
    }
    /* reserved mode (first byte 0): transparent black */
    uint8_t z[16] = {0};
    EXPECT_RGBA(px_of(fi, z, 1, 1), 0.0f, 0.0f, 0.0f, 0.0f);
}

/* BC6H mode 0x03 (1 subset, 10-bit endpoints, 4-bit indices from bit 65,
 * pixel 0 with 3 bits).  Unsigned unquantize of a 10-bit v: v == 0: 0,
 * v == 1023: 0xFFFF, else ((v << 16) + 0x8000) >> 10; interpolated values
 * finish as (v * 31) >> 6, a half.  Endpoint 0 (462, 300, 100) ->
 * (29600, 19232, 6432) -> halves 0x3801, 0x2463, 0x0C2B; endpoint 1
 * (1023, 0, 0) -> 0xFFFF -> 0x7BFF = 65504. */
static float half_ref(unsigned h)
{
    unsigned e = h >> 10 & 31, m = h & 1023;
    float v = e ? ldexpf((float)(1024 + m), (int)e - 25) : ldexpf((float)m, -24);
    return h & 0x8000 ? -v : v;
}

static void test_bc6h(void **state)
{
    (void)state;
    uint8_t b[16] = {0};
    unsigned pos = 0;
    put(b, &pos, 5, 0x03);
    put(b, &pos, 10, 462);
    put(b, &pos, 10, 300);
    put(b, &pos, 10, 100);
    put(b, &pos, 10, 1023);
    put(b, &pos, 10, 0);
    put(b, &pos, 10, 0);
    assert_int_equal(pos, 65);
    pos = 124;
    put(b, &pos, 4, 15); /* pixel 15: index 15 (weight 64) */
    const sf_format_info *fi = fmt(0x1A4, "BC6H_UF16");
    EXPECT_RGBA(px_of(fi, b, 0, 0), half_ref(0x3801), half_ref(0x2463), half_ref(0x0c2b), 1.0f);
    EXPECT_RGBA(px_of(fi, b, 3, 3), 65504.0f, 0.0f, 0.0f, 1.0f);
    /* signed: R0 = 0x3FF is -1: |v| = 1 -> ((1 << 15) + 0x4000) >> 9 = 96,
     * -96; finish -((96 * 31) >> 5) = -93: half 0x805D; G0 = 300 ->
     * ((300 << 15) + 0x4000) >> 9 = 19232 -> (19232 * 31) >> 5 = 18631 */
    memset(b, 0, sizeof(b));
    pos = 0;
    put(b, &pos, 5, 0x03);
    put(b, &pos, 10, 0x3ff);
    put(b, &pos, 10, 300);
    fi = fmt(0x1A1, "BC6H_SF16");
    sf_texel t = px_of(fi, b, 1, 2);
    EXPECT_F(t.f[0], half_ref(0x8000 | 93));
    EXPECT_F(t.f[1], half_ref(18631));
    EXPECT_F(t.f[2], 0.0f);
    /* transformed signed (mode 0x07: 11-bit W, 9-bit deltas): R X = W +
     * delta = 10 - 20, masked to 11 bits (2038) and sign-extended again:
     * -10.  |10| -> ((10 << 15) + 0x4000) >> 10 = 336 -> (336 * 31) >> 5 =
     * 325: W = half 0x0145, X = 0x8145 */
    memset(b, 0, sizeof(b));
    pos = 0;
    put(b, &pos, 5, 0x07);
    put(b, &pos, 10, 10);      /* RW 9:0 */
    put(b, &pos, 20, 0);       /* GW, BW 9:0 */
    put(b, &pos, 9, 512 - 20); /* RX: -20 */
    assert_int_equal(pos, 44);
    pos = 124;
    put(b, &pos, 4, 15);
    EXPECT_RGBA(px_of(fi, b, 0, 0), half_ref(0x0145), 0.0f, 0.0f, 1.0f);
    EXPECT_RGBA(px_of(fi, b, 3, 3), half_ref(0x8145), 0.0f, 0.0f, 1.0f);
    /* unsigned, the same block: X = 2038 (11 bits): ((2038 << 16) +
     * 0x8000) >> 11 = 65232 -> (65232 * 31) >> 6 = 31596 */
    EXPECT_F(px_of(fmt(0x1A4, "BC6H_UF16"), b, 3, 3).f[0], half_ref(31596));
    /* a reserved mode (0x13) decodes to black */
    memset(b, 0xff, sizeof(b));
    b[0] = 0x13;
    EXPECT_RGBA(px_of(fi, b, 0, 0), 0.0f, 0.0f, 0.0f, 1.0f);
}

/* Pillow-decoded blocks (see the header comment). */
static const struct {
    uint16_t fmt;
    uint8_t blk[16];
    uint8_t rgba[16][4];
} pillow[] = {
    {0x186, {0x8c, 0x86, 0x90, 0x6e, 0x7d, 0x1e, 0x9b, 0x3f, 0, 0, 0, 0, 0, 0, 0, 0},
     {{107, 211, 132, 255}, {115, 211, 121, 255}, {115, 211, 121, 255}, {107, 211, 132, 255}, {123, 211, 110, 255}, {115, 211, 121, 255}, {107, 211, 132, 255}, {132, 211, 99, 255}, {115, 211, 121, 255}, {123, 211, 110, 255}, {107, 211, 132, 255}, {123, 211, 110, 255}, {115, 211, 121, 255}, {115, 211, 121, 255}, {115, 211, 121, 255}, {132, 211, 99, 255}}},
    {0x186, {0x3b, 0x2d, 0x92, 0xcb, 0xbd, 0x57, 0x20, 0xba, 0, 0, 0, 0, 0, 0, 0, 0},
     {{206, 113, 148, 255}, {0, 0, 0, 0}, {0, 0, 0, 0}, {123, 139, 185, 255}, {0, 0, 0, 0}, {206, 113, 148, 255}, {206, 113, 148, 255}, {206, 113, 148, 255}, {41, 166, 222, 255}, {41, 166, 222, 255}, {123, 139, 185, 255}, {41, 166, 222, 255}, {123, 139, 185, 255}, {123, 139, 185, 255}, {0, 0, 0, 0}, {123, 139, 185, 255}}},
    {0x186, {0xe8, 0xa9, 0x48, 0x06, 0x97, 0xe2, 0xa6, 0x70, 0, 0, 0, 0, 0, 0, 0, 0},
     {{57, 155, 66, 255}, {0, 203, 66, 255}, {0, 203, 66, 255}, {115, 107, 66, 255}, {115, 107, 66, 255}, {173, 60, 66, 255}, {115, 107, 66, 255}, {57, 155, 66, 255}, {115, 107, 66, 255}, {0, 203, 66, 255}, {115, 107, 66, 255}, {115, 107, 66, 255}, {173, 60, 66, 255}, {173, 60, 66, 255}, {57, 155, 66, 255}, {0, 203, 66, 255}}},
    {0x186, {0x98, 0x7f, 0xea, 0xb5, 0xde, 0x0b, 0x4d, 0x88, 0, 0, 0, 0, 0, 0, 0, 0},
     {{152, 216, 140, 255}, {0, 0, 0, 0}, {181, 190, 82, 255}, {0, 0, 0, 0}, {0, 0, 0, 0}, {152, 216, 140, 255}, {123, 243, 198, 255}, {123, 243, 198, 255}, {181, 190, 82, 255}, {0, 0, 0, 0}, {123, 243, 198, 255}, {181, 190, 82, 255}, {123, 243, 198, 255}, {152, 216, 140, 255}, {123, 243, 198, 255}, {152, 216, 140, 255}}},
    {0x187, {0x8d, 0x37, 0x2c, 0x18, 0x3a, 0x2d, 0x09, 0x6a, 0x26, 0x42, 0xe0, 0x37, 0xa1, 0x4e, 0x80, 0x40},
     {{49, 255, 0, 221}, {66, 69, 49, 136}, {60, 131, 32, 119}, {60, 131, 32, 51}, {60, 131, 32, 204}, {54, 193, 16, 34}, {66, 69, 49, 136}, {49, 255, 0, 17}, {66, 69, 49, 170}, {66, 69, 49, 51}, {66, 69, 49, 221}, {60, 131, 32, 34}, {66, 69, 49, 153}, {66, 69, 49, 0}, {66, 69, 49, 170}, {49, 255, 0, 102}}},
    {0x187, {0x7d, 0x1d, 0x4b, 0xb4, 0x22, 0x4d, 0x7d, 0xf7, 0x71, 0x18, 0xd8, 0x9c, 0x83, 0x9f, 0xea, 0xe0},
     {{112, 106, 178, 221}, {24, 12, 140, 119}, {24, 12, 140, 221}, {68, 59, 159, 17}, {112, 106, 178, 187}, {112, 106, 178, 68}, {156, 154, 198, 68}, {68, 59, 159, 187}, {68, 59, 159, 34}, {68, 59, 159, 34}, {68, 59, 159, 221}, {112, 106, 178, 68}, {24, 12, 140, 221}, {24, 12, 140, 119}, {68, 59, 159, 119}, {112, 106, 178, 255}}},
    {0x188, {0xcb, 0xad, 0x77, 0xf7, 0x74, 0x35, 0x56, 0x99, 0x51, 0xad, 0xa9, 0xa5, 0x81, 0x72, 0x73, 0x87},
     {{165, 182, 74, 177}, {173, 170, 140, 181}, {173, 170, 140, 185}, {170, 174, 118, 194}, {170, 174, 118, 177}, {173, 170, 140, 173}, {167, 178, 96, 185}, {165, 182, 74, 194}, {167, 178, 96, 185}, {173, 170, 140, 181}, {167, 178, 96, 203}, {165, 182, 74, 194}, {167, 178, 96, 185}, {165, 182, 74, 198}, {173, 170, 140, 181}, {170, 174, 118, 190}}},
    {0x188, {0x3d, 0xb4, 0xbb, 0xbb, 0xf6, 0x3e, 0x79, 0x9c, 0xc8, 0x62, 0x60, 0xfb, 0x7b, 0x7f, 0xc2, 0xf3},
     {{203, 102, 22, 108}, {151, 95, 44, 255}, {203, 102, 22, 0}, {255, 109, 0, 156}, {203, 102, 22, 108}, {203, 102, 22, 156}, {203, 102, 22, 156}, {255, 109, 0, 255}, {151, 95, 44, 0}, {99, 89, 66, 255}, {99, 89, 66, 132}, {203, 102, 22, 132}, {203, 102, 22, 255}, {99, 89, 66, 61}, {203, 102, 22, 255}, {203, 102, 22, 132}}},
    {0x188, {0x60, 0xce, 0x0b, 0x57, 0x57, 0xd7, 0xfc, 0x02, 0x76, 0x30, 0xb6, 0xfe, 0x13, 0x10, 0x58, 0x07},
     {{186, 147, 181, 140}, {49, 12, 181, 206}, {255, 215, 181, 162}, {49, 12, 181, 140}, {49, 12, 181, 184}, {49, 12, 181, 0}, {255, 215, 181, 184}, {49, 12, 181, 118}, {49, 12, 181, 255}, {117, 79, 181, 118}, {255, 215, 181, 140}, {255, 215, 181, 0}, {186, 147, 181, 255}, {255, 215, 181, 184}, {49, 12, 181, 96}, {49, 12, 181, 96}}},
    {0x189, {0x34, 0x7b, 0xe7, 0x63, 0xba, 0xc8, 0xe9, 0x88, 0, 0, 0, 0, 0, 0, 0, 0},
     {{255, 0, 0, 255}, {94, 0, 0, 255}, {255, 0, 0, 255}, {123, 0, 0, 255}, {0, 0, 0, 255}, {94, 0, 0, 255}, {0, 0, 0, 255}, {108, 0, 0, 255}, {52, 0, 0, 255}, {123, 0, 0, 255}, {255, 0, 0, 255}, {94, 0, 0, 255}, {0, 0, 0, 255}, {123, 0, 0, 255}, {66, 0, 0, 255}, {94, 0, 0, 255}}},
    {0x189, {0x37, 0xd0, 0xb1, 0xda, 0xa1, 0xc4, 0xd6, 0xaa, 0, 0, 0, 0, 0, 0, 0, 0},
     {{208, 0, 0, 255}, {0, 0, 0, 255}, {85, 0, 0, 255}, {177, 0, 0, 255}, {177, 0, 0, 255}, {116, 0, 0, 255}, {55, 0, 0, 255}, {177, 0, 0, 255}, {146, 0, 0, 255}, {55, 0, 0, 255}, {116, 0, 0, 255}, {116, 0, 0, 255}, {177, 0, 0, 255}, {177, 0, 0, 255}, {85, 0, 0, 255}, {177, 0, 0, 255}}},
    {0x18A, {0xde, 0x86, 0xfe, 0x40, 0x3c, 0x0c, 0xbe, 0xbd, 0xf6, 0xae, 0x8d, 0x37, 0x61, 0x8d, 0xf1, 0x9b},
     {{159, 204, 0, 255}, {146, 174, 0, 255}, {196, 194, 0, 255}, {222, 225, 0, 255}, {184, 225, 0, 255}, {222, 235, 0, 255}, {146, 246, 0, 255}, {134, 225, 0, 255}, {184, 204, 0, 255}, {134, 174, 0, 255}, {222, 194, 0, 255}, {146, 246, 0, 255}, {196, 184, 0, 255}, {196, 184, 0, 255}, {146, 194, 0, 255}, {171, 215, 0, 255}}},
    {0x18A, {0xcf, 0x9e, 0x2d, 0xd6, 0x2b, 0x78, 0x41, 0x74, 0x7b, 0x3a, 0x40, 0xf5, 0x9c, 0x5e, 0x30, 0x70},
     {{179, 123, 0, 255}, {179, 123, 0, 255}, {207, 85, 0, 255}, {193, 113, 0, 255}, {179, 67, 0, 255}, {165, 58, 0, 255}, {200, 67, 0, 255}, {158, 95, 0, 255}, {207, 76, 0, 255}, {165, 104, 0, 255}, {179, 58, 0, 255}, {207, 123, 0, 255}, {186, 104, 0, 255}, {207, 123, 0, 255}, {179, 95, 0, 255}, {193, 104, 0, 255}}},
    {0x1A2, {0xd5, 0x13, 0xd2, 0x36, 0xf7, 0x95, 0x03, 0x2e, 0xb0, 0x13, 0x7e, 0xdf, 0xff, 0xb1, 0x60, 0xcb},
     {{196, 162, 49, 255}, {196, 162, 49, 255}, {148, 181, 115, 255}, {196, 162, 49, 255}, {148, 165, 132, 255}, {148, 165, 132, 255}, {62, 212, 65, 255}, {148, 165, 132, 255}, {107, 206, 222, 255}, {142, 129, 194, 255}, {119, 180, 213, 255}, {107, 206, 222, 255}, {142, 129, 194, 255}, {142, 129, 194, 255}, {119, 180, 213, 255}, {142, 129, 194, 255}}},
    {0x1A2, {0xc5, 0x7c, 0xaf, 0xc8, 0x70, 0x04, 0x48, 0x20, 0x43, 0xc9, 0xb8, 0x97, 0x4e, 0xfd, 0x03, 0x62},
     {{158, 116, 22, 255}, {200, 128, 15, 255}, {239, 140, 8, 255}, {138, 111, 26, 255}, {78, 19, 137, 255}, {239, 140, 8, 255}, {180, 123, 19, 255}, {168, 50, 117, 255}, {75, 28, 123, 255}, {66, 66, 66, 255}, {115, 33, 16, 255}, {189, 57, 156, 255}, {82, 0, 165, 255}, {78, 19, 137, 255}, {146, 43, 75, 255}, {179, 54, 136, 255}}},
    {0x1A2, {0x8a, 0x09, 0x54, 0xbb, 0x18, 0x9b, 0x6a, 0x13, 0xb7, 0x29, 0x39, 0x57, 0xc4, 0x24, 0xbf, 0xa1},
     {{46, 121, 88, 255}, {201, 139, 79, 255}, {62, 168, 109, 255}, {193, 121, 59, 255}, {205, 148, 89, 255}, {54, 145, 99, 255}, {213, 165, 108, 255}, {62, 168, 109, 255}, {54, 145, 99, 255}, {197, 130, 69, 255}, {54, 145, 99, 255}, {185, 104, 40, 255}, {201, 139, 79, 255}, {50, 132, 93, 255}, {213, 165, 108, 255}, {58, 156, 104, 255}}},
    {0x1A2, {0x2e, 0x69, 0x87, 0x90, 0x64, 0x78, 0x88, 0x1c, 0x30, 0xf3, 0x80, 0x06, 0x45, 0x22, 0x2e, 0x00},
     {{165, 145, 112, 255}, {165, 145, 112, 255}, {130, 136, 32, 255}, {158, 143, 96, 255}, {165, 145, 112, 255}, {130, 136, 32, 255}, {165, 145, 112, 255}, {158, 143, 96, 255}, {158, 143, 96, 255}, {151, 142, 81, 255}, {137, 138, 47, 255}, {80, 74, 220, 255}, {158, 143, 96, 255}, {32, 28, 205, 255}, {32, 28, 205, 255}, {32, 28, 205, 255}}},
    {0x1A2, {0xec, 0xf5, 0x56, 0x3f, 0x9a, 0x71, 0x36, 0x7b, 0x27, 0x32, 0x4b, 0x26, 0xb7, 0x2b, 0xe8, 0x19},
     {{214, 24, 140, 255}, {49, 57, 231, 255}, {79, 79, 206, 255}, {49, 57, 231, 255}, {198, 139, 82, 255}, {79, 79, 206, 255}, {140, 123, 156, 255}, {140, 123, 156, 255}, {219, 46, 112, 255}, {79, 79, 206, 255}, {49, 57, 231, 255}, {110, 101, 181, 255}, {82, 222, 181, 255}, {49, 57, 231, 255}, {140, 123, 156, 255}, {140, 123, 156, 255}}},
    {0x1A2, {0x54, 0x63, 0x30, 0x18, 0xa2, 0x93, 0x48, 0xab, 0x53, 0x3a, 0x76, 0x08, 0x28, 0x2a, 0x66, 0x3f},
     {{97, 63, 137, 255}, {51, 68, 126, 255}, {140, 57, 148, 255}, {51, 68, 126, 255}, {51, 68, 126, 255}, {51, 68, 126, 255}, {140, 57, 148, 255}, {51, 68, 126, 255}, {110, 167, 22, 255}, {49, 33, 99, 255}, {66, 156, 0, 255}, {149, 83, 71, 255}, {66, 156, 0, 255}, {198, 107, 57, 255}, {110, 167, 22, 255}, {49, 33, 99, 255}}},
    {0x1A2, {0x98, 0x81, 0x75, 0x21, 0xcb, 0x39, 0xfa, 0x5a, 0xc0, 0x9a, 0x19, 0x00, 0x91, 0x10, 0x3e, 0xa9},
     {{192, 206, 96, 255}, {141, 176, 135, 255}, {192, 206, 96, 255}, {167, 192, 115, 255}, {67, 95, 51, 255}, {141, 176, 135, 255}, {192, 206, 96, 255}, {192, 206, 96, 255}, {59, 71, 34, 255}, {116, 162, 154, 255}, {116, 162, 154, 255}, {192, 206, 96, 255}, {59, 71, 34, 255}, {52, 46, 17, 255}, {141, 176, 135, 255}, {141, 176, 135, 255}}},
    {0x1A2, {0xf8, 0xa8, 0x47, 0x7d, 0x73, 0x96, 0x23, 0x42, 0xf5, 0xd9, 0x6e, 0xb4, 0xe2, 0x6a, 0xa2, 0x61},
     {{212, 178, 250, 255}, {212, 178, 250, 255}, {71, 57, 217, 255}, {166, 138, 239, 255}, {166, 138, 239, 255}, {166, 138, 239, 255}, {71, 57, 217, 255}, {212, 178, 250, 255}, {166, 138, 239, 255}, {212, 178, 250, 255}, {166, 138, 239, 255}, {71, 57, 217, 255}, {250, 68, 220, 255}, {250, 68, 220, 255}, {205, 81, 209, 255}, {250, 68, 220, 255}}},
    {0x1A2, {0x50, 0xb4, 0x89, 0xee, 0xdc, 0xe1, 0x6f, 0x9c, 0xef, 0x25, 0x67, 0xc1, 0x41, 0xb5, 0x0c, 0x78},
     {{146, 122, 115, 89}, {146, 157, 115, 89}, {107, 188, 115, 239}, {165, 28, 115, 16}, {126, 157, 115, 166}, {107, 122, 115, 239}, {165, 28, 115, 16}, {107, 91, 115, 239}, {107, 188, 115, 239}, {146, 220, 115, 89}, {107, 91, 115, 239}, {107, 220, 115, 239}, {126, 28, 115, 166}, {165, 28, 115, 16}, {146, 220, 115, 89}, {126, 122, 115, 166}}},
    {0x1A2, {0xd0, 0x53, 0x89, 0x4e, 0xd5, 0x1b, 0x35, 0xd7, 0xce, 0x44, 0x7f, 0xf2, 0x55, 0x01, 0x52, 0xb9},
     {{125, 150, 130, 110}, {82, 109, 82, 239}, {146, 150, 153, 47}, {146, 109, 153, 47}, {82, 69, 82, 239}, {125, 109, 130, 110}, {103, 109, 105, 176}, {135, 150, 142, 79}, {146, 69, 153, 47}, {156, 150, 165, 16}, {156, 109, 165, 16}, {146, 150, 153, 47}, {103, 109, 105, 176}, {135, 190, 142, 79}, {92, 109, 94, 208}, {103, 109, 105, 176}}},
    {0x1A2, {0xa0, 0x05, 0x08, 0xa6, 0xb2, 0xb2, 0x6a, 0x3d, 0xb1, 0x97, 0xa4, 0x06, 0x97, 0xc5, 0x12, 0xb8},
     {{10, 86, 86, 48}, {25, 86, 144, 44}, {17, 86, 115, 46}, {32, 83, 173, 42}, {32, 86, 173, 42}, {25, 86, 144, 44}, {10, 90, 86, 48}, {17, 79, 115, 46}, {25, 83, 144, 44}, {10, 90, 86, 48}, {17, 86, 115, 46}, {17, 90, 115, 46}, {32, 90, 173, 42}, {10, 83, 86, 48}, {10, 79, 86, 48}, {25, 83, 144, 44}}},
    {0x1A2, {0xe0, 0x2a, 0xd2, 0x2e, 0x91, 0x78, 0xa3, 0x23, 0x8d, 0xb2, 0xb7, 0xce, 0x8f, 0xe9, 0x31, 0x08},
     {{80, 85, 180, 85}, {80, 85, 72, 85}, {84, 118, 232, 18}, {80, 85, 125, 85}, {80, 85, 180, 85}, {76, 51, 125, 156}, {80, 85, 125, 85}, {72, 18, 72, 223}, {72, 18, 180, 223}, {76, 51, 232, 156}, {80, 85, 72, 85}, {80, 85, 232, 85}, {72, 18, 232, 223}, {80, 85, 125, 85}, {76, 51, 232, 156}, {72, 18, 232, 223}}},
    {0x1A2, {0xc0, 0x98, 0xd2, 0x30, 0x9a, 0xdd, 0xb2, 0x5d, 0x58, 0x74, 0x9b, 0x1a, 0x17, 0x6f, 0x84, 0x1a},
     {{111, 27, 104, 180}, {114, 31, 105, 181}, {111, 27, 104, 180}, {121, 39, 106, 182}, {135, 55, 108, 184}, {128, 46, 107, 183}, {132, 51, 107, 183}, {101, 16, 103, 179}, {121, 39, 106, 182}, {101, 16, 103, 179}, {148, 70, 110, 186}, {118, 36, 105, 181}, {111, 27, 104, 180}, {125, 43, 106, 182}, {132, 51, 107, 183}, {101, 16, 103, 179}}},
    {0x1A2, {0x40, 0x93, 0xdb, 0x29, 0x07, 0x6c, 0x6f, 0x48, 0x24, 0x53, 0x47, 0x24, 0x48, 0xb9, 0x4c, 0x60},
     {{96, 166, 26, 115}, {96, 166, 26, 115}, {105, 171, 37, 117}, {123, 180, 60, 121}, {144, 190, 85, 126}, {114, 175, 48, 119}, {114, 175, 48, 119}, {96, 166, 26, 115}, {153, 194, 97, 128}, {114, 175, 48, 119}, {162, 199, 108, 130}, {182, 209, 134, 135}, {191, 213, 145, 137}, {114, 175, 48, 119}, {76, 156, 0, 110}, {135, 185, 74, 124}}},
    {0x1A2, {0x80, 0x3f, 0x87, 0x6c, 0x71, 0x51, 0xe4, 0x89, 0x97, 0x20, 0xff, 0xd2, 0x80, 0x68, 0x4c, 0x07},
     {{231, 231, 60, 69}, {97, 40, 186, 121}, {231, 231, 60, 69}, {199, 162, 87, 127}, {231, 231, 60, 69}, {94, 75, 135, 105}, {134, 20, 142, 247}, {231, 231, 60, 69}, {166, 89, 115, 189}, {94, 75, 135, 105}, {92, 111, 83, 89}, {92, 111, 83, 89}, {134, 20, 142, 247}, {97, 40, 186, 121}, {97, 40, 186, 121}, {97, 40, 186, 121}}},
    {0x1A2, {0x80, 0x7e, 0x7b, 0x80, 0xc5, 0x4b, 0x3c, 0x59, 0x2a, 0x57, 0x94, 0x59, 0x77, 0x19, 0xc4, 0x84},
     {{113, 156, 53, 138}, {117, 172, 72, 101}, {36, 105, 125, 172}, {113, 156, 53, 138}, {113, 156, 53, 138}, {117, 172, 72, 101}, {36, 105, 125, 172}, {109, 142, 36, 174}, {4, 36, 85, 207}, {36, 105, 125, 172}, {4, 36, 85, 207}, {121, 186, 89, 65}, {4, 36, 85, 207}, {36, 105, 125, 172}, {4, 36, 85, 207}, {117, 172, 72, 101}}},
};
static const struct {
    uint16_t fmt;
    uint8_t blk[16];
    uint8_t rgb[16][4];
} pillow_bc6h[] = {
    {0x1A4, {0x10, 0x51, 0x12, 0x7f, 0x34, 0x28, 0x5d, 0x04, 0x67, 0xe5, 0x1d, 0x9e, 0x8e, 0x59, 0xb7, 0x38},
     {{255, 255, 255, 255}, {255, 255, 255, 255}, {255, 255, 255, 255}, {255, 255, 255, 255}, {255, 255, 255, 255}, {255, 255, 255, 255}, {255, 255, 255, 255}, {255, 255, 255, 255}, {255, 255, 255, 255}, {255, 255, 255, 255}, {255, 255, 255, 255}, {255, 255, 255, 255}, {255, 255, 255, 255}, {255, 255, 255, 255}, {255, 255, 255, 255}, {255, 255, 255, 255}}},
    {0x1A4, {0x8d, 0xfb, 0x84, 0xd3, 0xd1, 0x20, 0xb9, 0x3f, 0x44, 0x43, 0xee, 0x58, 0xef, 0x50, 0xb2, 0x67},
     {{255, 0, 255, 255}, {255, 0, 255, 255}, {255, 0, 255, 255}, {255, 0, 255, 255}, {255, 0, 255, 255}, {255, 0, 255, 255}, {255, 0, 255, 255}, {255, 0, 255, 255}, {255, 255, 255, 255}, {255, 0, 255, 255}, {255, 0, 255, 255}, {255, 0, 255, 255}, {255, 255, 255, 255}, {255, 1, 255, 255}, {255, 255, 255, 255}, {255, 0, 255, 255}}},
    {0x1A4, {0x02, 0xa1, 0x12, 0x36, 0xd0, 0x6b, 0xad, 0xbf, 0x94, 0x99, 0x3c, 0x11, 0x79, 0x8f, 0x9c, 0x7d},
     {{255, 0, 255, 255}, {255, 0, 255, 255}, {255, 0, 255, 255}, {255, 0, 255, 255}, {255, 0, 255, 255}, {255, 0, 255, 255}, {255, 0, 255, 255}, {255, 0, 255, 255}, {255, 0, 255, 255}, {255, 0, 255, 255}, {255, 0, 255, 255}, {255, 0, 255, 255}, {255, 0, 255, 255}, {255, 0, 255, 255}, {255, 0, 255, 255}, {255, 0, 255, 255}}},
    {0x1A4, {0x26, 0x4b, 0x14, 0x77, 0x53, 0x54, 0xad, 0x2a, 0x4a, 0x44, 0x0b, 0xec, 0x89, 0xb4, 0xdd, 0x09},
     {{4, 255, 255, 255}, {4, 255, 255, 255}, {4, 255, 255, 255}, {4, 255, 255, 255}, {4, 255, 255, 255}, {4, 255, 255, 255}, {4, 255, 255, 255}, {4, 255, 255, 255}, {4, 255, 255, 255}, {4, 255, 255, 255}, {4, 255, 255, 255}, {4, 255, 255, 255}, {4, 255, 255, 255}, {4, 255, 255, 255}, {4, 255, 255, 255}, {4, 255, 255, 255}}},
    {0x1A4, {0x8a, 0x22, 0x7e, 0xbc, 0x6f, 0x03, 0xf2, 0x91, 0x19, 0x16, 0xfe, 0x54, 0x8e, 0xd3, 0x85, 0x2a},
     {{0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}}},
    {0x1A4, {0x0e, 0x4d, 0xa9, 0x84, 0x16, 0xbb, 0x27, 0xf5, 0x02, 0xca, 0xbc, 0xd0, 0x79, 0x00, 0xb0, 0xca},
     {{0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}}},
    {0x1A4, {0x72, 0x9e, 0xe5, 0xf2, 0x2b, 0x5d, 0xe4, 0x8f, 0xe2, 0x02, 0x6e, 0xd5, 0xea, 0x6e, 0xd7, 0x73},
     {{255, 255, 255, 255}, {255, 255, 255, 255}, {255, 255, 255, 255}, {255, 255, 255, 255}, {255, 255, 0, 255}, {255, 255, 255, 255}, {255, 255, 255, 255}, {255, 255, 255, 255}, {255, 255, 0, 255}, {255, 255, 0, 255}, {255, 255, 0, 255}, {255, 255, 255, 255}, {255, 255, 0, 255}, {255, 255, 255, 255}, {255, 255, 0, 255}, {255, 255, 255, 255}}},
    {0x1A4, {0x76, 0x89, 0xa8, 0x4c, 0x79, 0x86, 0x8a, 0xb5, 0x7b, 0x44, 0x6b, 0xa1, 0xda, 0x32, 0x77, 0xb2},
     {{6, 12, 255, 255}, {7, 5, 255, 255}, {4, 1, 255, 255}, {4, 7, 255, 255}, {6, 12, 255, 255}, {6, 3, 255, 255}, {7, 5, 255, 255}, {13, 31, 255, 255}, {6, 12, 255, 255}, {7, 5, 255, 255}, {6, 2, 255, 255}, {7, 15, 255, 255}, {15, 41, 255, 255}, {6, 2, 255, 255}, {6, 2, 255, 255}, {11, 25, 255, 255}}},
    {0x1A4, {0x3a, 0xc6, 0x6b, 0x73, 0x15, 0xe9, 0x7c, 0x57, 0x48, 0x00, 0x18, 0xfd, 0x09, 0x75, 0x38, 0xb8},
     {{0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}, {0, 255, 255, 255}}},
    {0x1A4, {0x7e, 0x1f, 0x5f, 0x10, 0xd4, 0x77, 0x3d, 0x58, 0xf3, 0x07, 0xb8, 0xbe, 0x5a, 0x59, 0x97, 0x09},
     {{255, 255, 6, 255}, {255, 255, 41, 255}, {78, 6, 29, 255}, {1, 22, 2, 255}, {255, 255, 255, 255}, {255, 255, 6, 255}, {255, 2, 255, 255}, {78, 6, 29, 255}, {255, 255, 255, 255}, {255, 255, 255, 255}, {10, 12, 9, 255}, {78, 6, 29, 255}, {255, 255, 255, 255}, {255, 255, 0, 255}, {255, 0, 255, 255}, {255, 0, 255, 255}}},
    {0x1A1, {0xde, 0x46, 0xe2, 0x66, 0x83, 0xc4, 0x2f, 0x42, 0x1e, 0xb3, 0x42, 0x84, 0x42, 0x40, 0x15, 0x45},
     {{0, 0, 0, 255}, {0, 0, 0, 255}, {0, 0, 0, 255}, {0, 0, 0, 255}, {0, 0, 0, 255}, {0, 0, 0, 255}, {0, 0, 0, 255}, {0, 0, 0, 255}, {255, 0, 0, 255}, {255, 0, 0, 255}, {3, 0, 0, 255}, {0, 0, 0, 255}, {5, 0, 0, 255}, {0, 0, 0, 255}, {5, 0, 0, 255}, {0, 0, 0, 255}}},
    {0x1A4, {0x63, 0x2d, 0x16, 0x98, 0x06, 0x30, 0x1c, 0xd3, 0xba, 0x7f, 0x8d, 0xb1, 0xeb, 0xc8, 0xd4, 0x3b},
     {{47, 0, 255, 255}, {167, 0, 255, 255}, {255, 0, 57, 255}, {71, 0, 255, 255}, {239, 0, 202, 255}, {89, 0, 255, 255}, {20, 0, 255, 255}, {167, 0, 255, 255}, {167, 0, 255, 255}, {255, 0, 101, 255}, {89, 0, 255, 255}, {203, 0, 255, 255}, {38, 0, 255, 255}, {239, 0, 202, 255}, {167, 0, 255, 255}, {30, 0, 255, 255}}},
    {0x1A1, {0xa3, 0x92, 0xb0, 0x15, 0x2b, 0x9a, 0x6e, 0x47, 0xc0, 0xf5, 0xe2, 0xd4, 0xd1, 0x65, 0x7b, 0x1c},
     {{4, 0, 255, 255}, {0, 0, 27, 255}, {0, 0, 255, 255}, {0, 0, 3, 255}, {0, 0, 255, 255}, {0, 0, 6, 255}, {0, 0, 255, 255}, {0, 0, 14, 255}, {1, 0, 255, 255}, {0, 0, 14, 255}, {0, 0, 255, 255}, {0, 0, 255, 255}, {0, 0, 53, 255}, {0, 0, 255, 255}, {0, 0, 27, 255}, {1, 0, 255, 255}}},
    {0x1A4, {0x87, 0x2b, 0xd3, 0x30, 0xcf, 0xa5, 0x9c, 0x9a, 0x45, 0x75, 0xeb, 0xf2, 0xda, 0x26, 0x43, 0xb3},
     {{0, 0, 255, 255}, {0, 1, 255, 255}, {0, 1, 255, 255}, {0, 2, 255, 255}, {1, 3, 255, 255}, {1, 6, 255, 255}, {0, 0, 255, 255}, {2, 7, 255, 255}, {1, 3, 255, 255}, {1, 5, 255, 255}, {0, 1, 255, 255}, {0, 0, 255, 255}, {0, 1, 255, 255}, {0, 1, 255, 255}, {0, 1, 255, 255}, {1, 3, 255, 255}}},
    {0x1A4, {0xab, 0xd4, 0xbf, 0xae, 0xbb, 0xff, 0x7e, 0xdf, 0x68, 0x40, 0xcd, 0x36, 0xb0, 0xaa, 0x7c, 0xbd},
     {{255, 255, 255, 255}, {255, 255, 255, 255}, {255, 255, 255, 255}, {255, 255, 255, 255}, {255, 255, 255, 255}, {255, 255, 255, 255}, {255, 255, 255, 255}, {255, 255, 255, 255}, {255, 255, 255, 255}, {255, 255, 255, 255}, {255, 255, 255, 255}, {255, 255, 255, 255}, {255, 255, 255, 255}, {255, 255, 255, 255}, {255, 255, 255, 255}, {255, 255, 255, 255}}},
    {0x1A4, {0x6f, 0x33, 0x4f, 0x39, 0x19, 0x85, 0x33, 0x87, 0x82, 0x96, 0xbd, 0x5b, 0x88, 0x23, 0xb1, 0x62},
     {{7, 255, 0, 255}, {7, 255, 0, 255}, {7, 255, 0, 255}, {7, 255, 0, 255}, {7, 255, 0, 255}, {7, 255, 0, 255}, {7, 255, 0, 255}, {7, 255, 0, 255}, {7, 255, 0, 255}, {7, 255, 0, 255}, {7, 255, 0, 255}, {7, 255, 0, 255}, {7, 255, 0, 255}, {7, 255, 0, 255}, {7, 255, 0, 255}, {7, 255, 0, 255}}},
};

static void test_bc_vs_pillow(void **state)
{
    (void)state;
    for (size_t k = 0; k < sizeof(pillow) / sizeof(pillow[0]); k++) {
        const sf_format_info *fi = sf_format_get(pillow[k].fmt);
        sf_texel blk[16];
        assert_int_equal(sf_format_unpack_block(fi, pillow[k].blk, blk), 0);
        unsigned nch = fi->codec == SF_CODEC_BC4 ? 1 : fi->codec == SF_CODEC_BC5 ? 2 : 4;
        double tol = fi->codec == SF_CODEC_BC7 ? 1e-6 : 1.0 / 255 + 1e-6;
        for (unsigned i = 0; i < 16; i++)
            for (unsigned c = 0; c < nch; c++)
                if (!(fabs(blk[i].f[c] - pillow[k].rgba[i][c] / 255.0) <= tol))
                    fail_msg("vector %zu (%s) pixel %u channel %u: %.6f, pillow %u/255", k, fi->name, i, c,
                             (double)blk[i].f[c], pillow[k].rgba[i][c]);
    }
    /* BC6H: Pillow gives the half result clamped to [0, 1], times 255,
     * truncated; it interpolates without the + 32 rounding term of the
     * spec (one step lower at most) and does not sign-extend the
     * endpoints of transformed (delta) signed modes, so only unsigned and
     * untransformed signed (0x03, 0x1E) blocks are compared: tolerance 1
     * and a little */
    for (size_t k = 0; k < sizeof(pillow_bc6h) / sizeof(pillow_bc6h[0]); k++) {
        const sf_format_info *fi = sf_format_get(pillow_bc6h[k].fmt);
        sf_texel blk[16];
        assert_int_equal(sf_format_unpack_block(fi, pillow_bc6h[k].blk, blk), 0);
        for (unsigned i = 0; i < 16; i++)
            for (unsigned c = 0; c < 3; c++) {
                double f = blk[i].f[c];
                f = f != f ? 0 : f < 0 ? 0 : f > 1 ? 1 : f;
                if (!(fabs(f * 255 - pillow_bc6h[k].rgb[i][c]) < 1.05))
                    fail_msg("BC6H vector %zu (%s) pixel %u channel %u: %.6f, pillow %u/255", k, fi->name, i, c,
                             (double)blk[i].f[c], pillow_bc6h[k].rgb[i][c]);
            }
    }
}

/* ETC1/ETC2 blocks are big-endian; pixel (x, y) is k = 4x + y, its index
 * MSB at bit 16 + k and LSB at bit k of the low DWord; index 0: +a,
 * 1: +b, 2: -a, 3: -b of the table's (a, b). */
static void expect_rgb8(sf_texel t, int r, int g, int b, int a)
{
    EXPECT_RGBA(t, (float)r / 255.0f, (float)g / 255.0f, (float)b / 255.0f, (float)a / 255.0f);
}

static void test_etc1(void **state)
{
    (void)state;
    /* individual mode: base 1 (8, 4, 2) * 17, base 2 (1, 2, 3) * 17; table
     * 0 (2, 8) left, 7 (47, 183) right; flip 0 (2x4 halves); left pixels
     * index 0 (+2), right pixels index 1 (+183) */
    const uint8_t ind[8] = {0x81, 0x42, 0x23, 0x1c, 0x00, 0x00, 0xff, 0x00};
    const sf_format_info *fi = fmt(0x1A9, "ETC1_RGB8");
    expect_rgb8(px_of(fi, ind, 0, 0), 138, 70, 36, 255);
    expect_rgb8(px_of(fi, ind, 1, 3), 138, 70, 36, 255);
    expect_rgb8(px_of(fi, ind, 2, 0), 200, 217, 234, 255);
    expect_rgb8(px_of(fi, ind, 3, 3), 200, 217, 234, 255);
    /* differential mode, flip 1 (4x2 halves): base 1 (16, 8, 31) -> (132,
     * 66, 255), base 2 = base 1 + (-1, +3, 0) = (15, 11, 31) -> (123, 90,
     * 255); tables 1 (5, 17) top, 2 (9, 29) bottom; pixel (0, 3) index 3
     * (-29), all others 0 (+a) */
    const uint8_t dif[8] = {0x87, 0x43, 0xf8, 0x2b, 0x00, 0x08, 0x00, 0x08};
    expect_rgb8(px_of(fi, dif, 3, 1), 137, 71, 255, 255);
    expect_rgb8(px_of(fi, dif, 1, 2), 132, 99, 255, 255);
    expect_rgb8(px_of(fi, dif, 0, 3), 94, 61, 226, 255);
    /* ETC2 decodes ETC1 blocks the same */
    expect_rgb8(px_of(fmt(0x1AA, "ETC2_RGB8"), dif, 0, 3), 94, 61, 226, 255);
    sf_texel t = px_of(fmt(0x1AF, "ETC2_SRGB8"), dif, 0, 3);
    EXPECT_F(t.f[1], srgb_d(61.0f / 255.0f));
}

static void test_etc2_modes(void **state)
{
    (void)state;
    const sf_format_info *fi = fmt(0x1AA, "ETC2_RGB8");
    /* T mode (R1' 30 + dR 3 overflows): colour 1 = (0b1011, 2, 4) * 17,
     * colour 2 = (8, 8, 8) * 17, distance index (0b10 << 1 | 1) = 5: 32;
     * paint 0 = c1, 1 = c2 + d, 2 = c2, 3 = c2 - d; pixel k index k % 4 */
    const uint8_t tm[8] = {0xf3, 0x24, 0x88, 0x8b, 0xcc, 0xcc, 0xaa, 0xaa};
    for (unsigned x = 0; x < 4; x++) {
        expect_rgb8(px_of(fi, tm, x, 0), 187, 34, 68, 255);
        expect_rgb8(px_of(fi, tm, x, 1), 168, 168, 168, 255);
        expect_rgb8(px_of(fi, tm, x, 2), 136, 136, 136, 255);
        expect_rgb8(px_of(fi, tm, x, 3), 104, 104, 104, 255);
    }
    /* H mode (G1' 0 + dG -1 overflows): c1 = (4, 2, 6) * 17, c2 = (8, 8, 8)
     * * 17; c1 < c2 so the distance index is da << 2 | db << 1 | 0 = 4:
     * 23; paint c1 + d, c1 - d, c2 + d, c2 - d */
    const uint8_t hm[8] = {0x21, 0x07, 0x44, 0x46, 0xcc, 0xcc, 0xaa, 0xaa};
    expect_rgb8(px_of(fi, hm, 0, 0), 91, 57, 125, 255);
    expect_rgb8(px_of(fi, hm, 1, 1), 45, 11, 79, 255);
    expect_rgb8(px_of(fi, hm, 2, 2), 159, 159, 159, 255);
    expect_rgb8(px_of(fi, hm, 3, 3), 113, 113, 113, 255);
    /* planar mode (B1' 0 + dB -4 overflows): O = 0, H = (63, 0, 0), V =
     * (0, 127, 32) -> (255, 0, 0), (0, 255, 130); pixel =
     * clamp((x (H - O) + y (V - O) + 4 O + 2) >> 2) */
    const uint8_t pm[8] = {0x00, 0x00, 0x04, 0x7f, 0x00, 0x00, 0x1f, 0xe0};
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++)
            expect_rgb8(px_of(fi, pm, (unsigned)x, (unsigned)y), (x * 255 + 2) >> 2, (y * 255 + 2) >> 2,
                        (y * 130 + 2) >> 2, 255);
}

static void test_etc2_punchthrough(void **state)
{
    (void)state;
    const sf_format_info *fi = fmt(0x1C0, "ETC2_RGB8_PTA");
    /* bit 33 = opaque (0 here), always the differential layout: index 0
     * is the base colour, index 2 transparent black, 1 and 3 +-b.  Block
     * as the flip-1 differential one: pixel (0,0) index 2, (0,1) 0,
     * (0,2) 1 (+29), (0,3) 3 (-29) */
    const uint8_t pt[8] = {0x87, 0x43, 0xf8, 0x29, 0x00, 0x09, 0x00, 0x0c};
    expect_rgb8(px_of(fi, pt, 0, 0), 0, 0, 0, 0);
    expect_rgb8(px_of(fi, pt, 0, 1), 132, 66, 255, 255);
    expect_rgb8(px_of(fi, pt, 0, 2), 152, 119, 255, 255);
    expect_rgb8(px_of(fi, pt, 0, 3), 94, 61, 226, 255);
    expect_rgb8(px_of(fi, pt, 2, 0), 132, 66, 255, 255);
    /* opaque bit set: the ETC2 differential decode */
    const uint8_t op[8] = {0x87, 0x43, 0xf8, 0x2b, 0x00, 0x08, 0x00, 0x08};
    expect_rgb8(px_of(fi, op, 0, 3), 94, 61, 226, 255);
    expect_rgb8(px_of(fi, op, 0, 0), 137, 71, 255, 255);
    /* T mode, not opaque: paint index 2 (row 2) is transparent */
    const uint8_t tm[8] = {0xf3, 0x24, 0x88, 0x89, 0xcc, 0xcc, 0xaa, 0xaa};
    expect_rgb8(px_of(fi, tm, 1, 2), 0, 0, 0, 0);
    expect_rgb8(px_of(fi, tm, 1, 1), 168, 168, 168, 255);
}

/* EAC: base 63:56, multiplier 55:52, table 51:48, 3-bit indices from bit
 * 47 (pixel k = 4x + y at 47 - 3k).  R11: base * 8 + 4 + mod * mul * 8
 * (mul 0: mod), clamped to 0..2047, / 2047; signed: base * 8 + mod * mul
 * * 8, -1023..1023, / 1023 (base -128 is -127); RGBA8 alpha:
 * base + mod * mul. */
static void test_eac(void **state)
{
    (void)state;
    /* base 128, mul 2, table 0, index 7 (+14) everywhere but pixel 0 (index 0, -3) */
    const uint8_t r11[8] = {0x80, 0x20, 0x1f, 0xff, 0xff, 0xff, 0xff, 0xff};
    const sf_format_info *fi = fmt(0x1AB, "EAC_R11");
    EXPECT_RGBA(px_of(fi, r11, 1, 0), 1252.0f / 2047.0f, 0.0f, 0.0f, 1.0f);
    EXPECT_F(px_of(fi, r11, 0, 0).f[0], 980.0f / 2047.0f);
    const uint8_t m0[8] = {0x10, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}; /* mul 0: 132 + 14 */
    EXPECT_F(px_of(fi, m0, 2, 2).f[0], 146.0f / 2047.0f);
    /* RG11: G from the second block */
    uint8_t rg[16];
    memcpy(rg, r11, 8);
    memcpy(rg + 8, m0, 8);
    sf_texel t = px_of(fmt(0x1AC, "EAC_RG11"), rg, 0, 0);
    EXPECT_RGBA(t, 980.0f / 2047.0f, 146.0f / 2047.0f, 0.0f, 1.0f);
    /* signed: base -10, mul 1, table 13 (-1 -2 -3 -10 ...), index 3 */
    const uint8_t s11[8] = {0xf6, 0x1d, 0x6d, 0xb6, 0xdb, 0x6d, 0xb6, 0xdb};
    fi = fmt(0x1AD, "EAC_SIGNED_R11");
    EXPECT_F(px_of(fi, s11, 3, 1).f[0], -160.0f / 1023.0f);
    /* base -128 (as -127), mul 1, table 0, index 3 (-15): -1136 -> -1023 */
    const uint8_t smin[8] = {0x80, 0x10, 0x6d, 0xb6, 0xdb, 0x6d, 0xb6, 0xdb};
    EXPECT_F(px_of(fi, smin, 0, 0).f[0], -1.0f);
    /* ETC2_EAC_RGBA8: alpha block (base 100, mul 3, table 0, index 0: -9)
     * then the individual-mode colour block of test_etc1 */
    const uint8_t rgba[16] = {100, 0x30, 0, 0, 0, 0, 0, 0, 0x81, 0x42, 0x23, 0x1c, 0x00, 0x00, 0xff, 0x00};
    expect_rgb8(px_of(fmt(0x1C2, "ETC2_EAC_RGBA8"), rgba, 3, 0), 200, 217, 234, 91);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table_covers_enumeration),
        cmocka_unit_test(test_table_channel_ranges),
        cmocka_unit_test(test_bpp_and_int),
        cmocka_unit_test(test_unorm_snorm),
        cmocka_unit_test(test_integer_formats),
        cmocka_unit_test(test_float_formats),
        cmocka_unit_test(test_srgb),
        cmocka_unit_test(test_luminance_intensity_alpha),
        cmocka_unit_test(test_typeless_x),
        cmocka_unit_test(test_undecodable),
        cmocka_unit_test(test_pack_rounding),
        cmocka_unit_test(test_pack_half),
        cmocka_unit_test(test_pack_small_floats),
        cmocka_unit_test(test_pack_integers),
        cmocka_unit_test(test_roundtrip_all),
        cmocka_unit_test(test_bc1),
        cmocka_unit_test(test_bc2_bc3),
        cmocka_unit_test(test_bc4_bc5),
        cmocka_unit_test(test_bc7_mode6),
        cmocka_unit_test(test_bc6h),
        cmocka_unit_test(test_bc_vs_pillow),
        cmocka_unit_test(test_etc1),
        cmocka_unit_test(test_etc2_modes),
        cmocka_unit_test(test_etc2_punchthrough),
        cmocka_unit_test(test_eac),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
