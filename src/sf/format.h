/*
 * Surface formats: what a SURFACE_FORMAT value (RENDER_SURFACE_STATE DW0
 * 26:18 on Gen9, 27:18 on Gen12; the same numbering on both) means in
 * memory, and the conversions the sampler and the typed-surface messages
 * do between a surface element and the 4-channel RGBA texel of a message.
 *
 * Every format is described once, as a data row (format.c): its element
 * size, block size, channel meaning and, per channel R, G, B, A, the data
 * type, width and bit offset.  Unpack and pack are generic loops over the
 * channels; the compressed formats (BC1-7, ETC1/ETC2/EAC) have block
 * decoders.
 *
 * Bit order (Intel's layout): an element is a little-endian integer whose
 * lowest bits hold the first channel of the name (B5G6R5: B 4:0, G 10:5,
 * R 15:11); for the byte formats that is memory order (R8G8B8A8: R is
 * byte 0).  Public facts: Mesa src/intel/isl/isl_format_layout.csv and
 * isl.h (values, sizes, channel types), Intel media-driver
 * mhw_state_heap_hwcmd_g9_X.h / _g12_X.h (the Gen9 and Gen12
 * SURFACE_FORMAT enumerations).
 */
#ifndef GT_SF_FORMAT_H
#define GT_SF_FORMAT_H

#include <stdint.h>

/* Channel data types of a surface format. */
enum sf_ctype {
    SF_CT_NONE, SF_CT_UNORM, SF_CT_SNORM, SF_CT_UINT, SF_CT_SINT, SF_CT_FLOAT,
    SF_CT_SRGB,    /* UNORM with sRGB encoding (colour channels only) */
    SF_CT_UFLOAT,  /* unsigned small floats: 11/10-bit, R9G9B9E5 shared exponent */
    SF_CT_X,       /* present in memory, ignored */
    /* vertex-fetch formats (VERTEX_ELEMENT_STATE), returned as floats */
    SF_CT_USCALED, /* unsigned integer converted to float (7 -> 7.0f) */
    SF_CT_SSCALED, /* signed integer converted to float */
    SF_CT_SFIXED,  /* signed 16.16 fixed point */
};

/* Channel meaning of a format: what the four returned channels R,G,B,A get. */
enum sf_layout_kind {
    SF_LK_RGBA,
    SF_LK_LUMINANCE, /* L: (L,L,L,1); LA: (L,L,L,A); L is stored in ch[0] */
    SF_LK_INTENSITY, /* (I,I,I,I); I is stored in ch[0] */
    SF_LK_ALPHA,     /* (0,0,0,A) */
    SF_LK_COMPRESSED,
    SF_LK_YUV,       /* YCrCb 4:2:2 and Y8: size only, not decoded */
    SF_LK_OTHER,     /* palette, PASSTHRU, RAW: size only, not decoded */
};

/* Block codecs of the compressed formats (sf_format_info.codec). */
enum sf_codec {
    SF_CODEC_NONE,
    SF_CODEC_BC1,      /* BC1 (DXT1) with 1-bit alpha */
    SF_CODEC_BC1_RGB,  /* DXT1_RGB: BC1 colours, alpha always 1 */
    SF_CODEC_BC2, SF_CODEC_BC3, SF_CODEC_BC4, SF_CODEC_BC5,
    SF_CODEC_BC6H, SF_CODEC_BC7,
    SF_CODEC_ETC1, SF_CODEC_ETC2, SF_CODEC_ETC2_PTA, SF_CODEC_ETC2_EAC, /* RGB8, RGB8 A1, RGBA8 */
    SF_CODEC_EAC_R11, SF_CODEC_EAC_RG11,
    SF_CODEC_FXT1,     /* known size, not decoded */
};

typedef struct sf_format_info {
    uint16_t format;       /* SURFACE_FORMAT value (9 bits) */
    const char *name;      /* "R8G8B8A8_UNORM" */
    uint8_t bpb;           /* bytes per block (per pixel for uncompressed) */
    uint8_t bw, bh;        /* block width/height in pixels (1x1 uncompressed, 4x4 BC/ETC) */
    uint8_t kind;          /* enum sf_layout_kind */
    /* R, G, B, A: type (sf_ctype), bit width, bit offset in the
     * little-endian element; bits 0 = channel absent.  Compressed formats:
     * the type and precision of the decoded channel, shift 0.  R9G9B9E5:
     * the three 9-bit mantissas, the shared exponent is bits 31:27. */
    struct { uint8_t type, bits, shift; } ch[4];
    uint8_t codec;         /* enum sf_codec (compressed formats) */
} sf_format_info;

/* The description of SURFACE_FORMAT format, NULL when unknown/reserved
 * (also for the sub-byte R1_UNORM, P2_UNORM_PALETTE*, MONO8 and the
 * planar 4:2:0 formats, which have no per-pixel element). */
const sf_format_info *sf_format_get(uint32_t format);
/* The format named name ("R8G8B8A8_UNORM"), NULL if none. */
const sf_format_info *sf_format_by_name(const char *name);

/* A texel as the sampler and typed messages see it: 4 channels R,G,B,A,
 * either floats (f) or 32-bit integers (u / i) depending on the format's
 * channel type (UINT/SINT formats give integers, all others floats). */
typedef union sf_texel { float f[4]; uint32_t u[4]; int32_t i[4]; } sf_texel;

/* 1 when format returns integers (UINT/SINT channels). */
int sf_format_is_int(const sf_format_info *fi);

/* Decode one element (fi->bpb bytes at src; for a compressed format, one
 * 4x4 block, x,y (0..3) the pixel inside it) into RGBA with the
 * missing-channel defaults (R,G,B 0, A 1 or 1.0f) and the
 * luminance/intensity/alpha expansions.  UNORM n bits: v / (2^n - 1);
 * SNORM: max(-1, v / (2^(n-1) - 1)) (OpenCL 1.2 section 8.3.1, the D3D11
 * functional specification's data conversion rules);
 * sRGB to linear with the exact sRGB curve (IEC 61966-2-1) on R, G, B,
 * computed in double from the code;
 * half, 11/10-bit and shared-exponent floats exactly; 64-bit floats
 * rounded to float.  Returns 0, or -1 for a format it cannot decode
 * (palette, YUV, PASSTHRU, RAW, FXT1; out is then zeros). */
int sf_format_unpack(const sf_format_info *fi, const uint8_t *src, unsigned x, unsigned y,
                     sf_texel *out);

/* Decode a whole compressed block (4x4 pixels, BC/ETC/EAC) into out[16],
 * pixel (x, y) at out[4 * y + x], with the conversions of
 * sf_format_unpack (sRGB decoded after the block decode).  Returns 0, or
 * -1 for uncompressed formats and FXT1 (out zeroed).  The sampler can keep
 * decoded blocks instead of decoding a block per texel. */
int sf_format_unpack_block(const sf_format_info *fi, const uint8_t *src, sf_texel out[16]);

/* The texel that RGBA values in give after passing through the format's
 * channels: the channels the format has keep in's values, the others take
 * the defaults (R, G, B 0, A 1 or 1.0f), then the luminance / intensity /
 * alpha expansion.  The sampler's border colour and its out-of-range ld
 * result (in = 0) are texels of the surface's format in this sense. */
void sf_format_fill(const sf_format_info *fi, const sf_texel *in, sf_texel *out);

/* Encode RGBA into one element (fi->bpb bytes at dst; typed surface
 * write).  Float to UNORM/SNORM: NaN -> 0, clamp to [0,1] / [-1,1], scale
 * exactly (no intermediate rounding) and round to nearest even; linear to
 * sRGB for SRGB channels; float to half, 11-, 10-bit floats: IEEE
 * round-to-nearest-even, NaN stays NaN, infinities stay infinite, but a
 * finite value too large becomes the largest finite value (the Ivy Bridge
 * PRM states finite values are never converted to infinity, as quoted in
 * Mesa commit d86fddc8 "util: don't flush overflowing values to infinity
 * in half-float conversion"; D3D10 would truncate instead), negative
 * values to 0 for the unsigned ones; R9G9B9E5 with the
 * EXT_texture_shared_exponent algorithm.  UINT/SINT: the low bits of the
 * 32-bit input are kept (sf_format_pack_sat saturates instead).  X
 * channels and absent bits are written 0; the luminance/intensity
 * channel takes the texel's R.  Returns 0 or -1 (compressed/unsupported
 * formats: dst untouched). */
int sf_format_pack(const sf_format_info *fi, const sf_texel *in, uint8_t *dst);

/* sf_format_pack with UINT/SINT channels saturated to the channel's range
 * (UINT inputs unsigned, SINT inputs signed): what the typed surface write
 * does.  Public facts: OpenCL 1.2 section 8.3 (conversion rules of the
 * integer channel types) requires write_imageui/write_imagei to saturate
 * (convert_uchar_sat ...), and IGC sends write_imageui/write_imagei of an
 * image straight to the typed surface write with no clamp of its own
 * (ocloc -device skl, this repository's oracle), so Intel's runtime relies
 * on the hardware's conversion; Mesa brw_nir_lower_storage_image.c clamps
 * (nir_format_clamp_uint/sint) when it emulates the conversion for a
 * lowered format and leaves write-only images to the hardware. */
int sf_format_pack_sat(const sf_format_info *fi, const sf_texel *in, uint8_t *dst);

/* Scalar conversions (exposed for the sampler and the tests). */
float sf_half_to_float(uint16_t h);
uint16_t sf_float_to_half(float f);  /* RNE, finite overflow -> +-65504 */
float sf_srgb_to_linear(float c);
float sf_linear_to_srgb(float c);

#endif
