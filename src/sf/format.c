/*
 * Surface formats (format.h): one data row per SURFACE_FORMAT value, a
 * generic per-channel unpack/pack, and the block decoders of the
 * compressed formats.
 *
 * Public facts used (numbers and layouts; no code carried over):
 *  - values, element sizes, channel types and bit order: Mesa
 *    src/intel/isl/isl_format_layout.csv and isl.h; the Gen9 and Gen12
 *    enumerations: Intel media-driver mhw_state_heap_hwcmd_g9_X.h /
 *    mhw_state_heap_hwcmd_g12_X.h (Gen12 adds R10G10B10_FLOAT_A2_UNORM and
 *    PLANAR_420_16).  Where isl's "order" column disagrees with the format
 *    name (B10G10R10A2_SNORM/USCALED/SSCALED/UINT/SINT are listed "rgba")
 *    the name is followed, as for every other B-first format.
 *  - BC1-BC5: the D3D10/11 block compression formats (Microsoft "Block
 *    Compression (Direct3D 10)"; Khronos Data Format Specification s19-20).
 *  - BC6H/BC7: Khronos Data Format Specification s21 (BPTC); partition,
 *    anchor and bit-layout tables from Microsoft DirectXTex BC6HBC7.cpp.
 *  - ETC1/ETC2/EAC: OpenGL ES 3.0 specification Annex C (Khronos Data
 *    Format Specification s22-23); tables cross-checked with detex.
 */
#include <math.h>
#include <string.h>

#include "sf/format.h"

/* ---- the format table ---- */

/* Channel slots (L and I use R's slot) and type shorthands. */
#define S_R 0
#define S_G 1
#define S_B 2
#define S_A 3
#define S_L 0
#define S_I 0
#define T_NO SF_CT_NONE
#define T_UN SF_CT_UNORM
#define T_SN SF_CT_SNORM
#define T_UI SF_CT_UINT
#define T_SI SF_CT_SINT
#define T_FL SF_CT_FLOAT
#define T_SR SF_CT_SRGB
#define T_UF SF_CT_UFLOAT
#define T_X SF_CT_X
#define T_US SF_CT_USCALED
#define T_SS SF_CT_SSCALED
#define T_SX SF_CT_SFIXED

/* Channels in element order, lowest bits first: slot, type, bits. */
#define CH(s, t, n, sh) [S_##s] = {T_##t, n, sh}
#define L1(s0, t0, n0) {CH(s0, t0, n0, 0)}
#define L2(s0, t0, n0, s1, t1, n1) {CH(s0, t0, n0, 0), CH(s1, t1, n1, n0)}
#define L3(s0, t0, n0, s1, t1, n1, s2, t2, n2) \
    {CH(s0, t0, n0, 0), CH(s1, t1, n1, n0), CH(s2, t2, n2, (n0) + (n1))}
#define L4(s0, t0, n0, s1, t1, n1, s2, t2, n2, s3, t3, n3) \
    {CH(s0, t0, n0, 0), CH(s1, t1, n1, n0), CH(s2, t2, n2, (n0) + (n1)), CH(s3, t3, n3, (n0) + (n1) + (n2))}
#define RGBA(t, n) L4(R, t, n, G, t, n, B, t, n, A, t, n)
#define RGBX(t, n) L4(R, t, n, G, t, n, B, t, n, A, X, n)
#define RGB(t, n) L3(R, t, n, G, t, n, B, t, n)
#define RG(t, n) L2(R, t, n, G, t, n)
#define R_(t, n) L1(R, t, n)
#define BGRA(t, ta, n, na) L4(B, t, n, G, t, n, R, t, n, A, ta, na)
#define RGBA2(t, ta, n, na) L4(R, t, n, G, t, n, B, t, n, A, ta, na)
#define NOCH {{0, 0, 0}}
/* Compressed: decoded channel types and precision (no bit positions). */
#define K1(t, n) {{T_##t, n, 0}}
#define K2(t, n) {{T_##t, n, 0}, {T_##t, n, 0}}
#define K3(t, n) {{T_##t, n, 0}, {T_##t, n, 0}, {T_##t, n, 0}}
#define K4(t, ta, n, na) {{T_##t, n, 0}, {T_##t, n, 0}, {T_##t, n, 0}, {T_##ta, na, 0}}

#define F(v, nm, bpb, k, chans) [v] = {v, #nm, bpb, 1, 1, SF_LK_##k, chans, SF_CODEC_NONE}
#define FC(v, nm, bpb, w, h, codec, chans) [v] = {v, #nm, bpb, w, h, SF_LK_COMPRESSED, chans, SF_CODEC_##codec}

static const sf_format_info fmt_table[512] = {
    /* 128 bits */
    F(0x000, R32G32B32A32_FLOAT, 16, RGBA, RGBA(FL, 32)),
    F(0x001, R32G32B32A32_SINT, 16, RGBA, RGBA(SI, 32)),
    F(0x002, R32G32B32A32_UINT, 16, RGBA, RGBA(UI, 32)),
    F(0x003, R32G32B32A32_UNORM, 16, RGBA, RGBA(UN, 32)),
    F(0x004, R32G32B32A32_SNORM, 16, RGBA, RGBA(SN, 32)),
    F(0x005, R64G64_FLOAT, 16, RGBA, RG(FL, 64)),
    F(0x006, R32G32B32X32_FLOAT, 16, RGBA, RGBX(FL, 32)),
    F(0x007, R32G32B32A32_SSCALED, 16, RGBA, RGBA(SS, 32)),
    F(0x008, R32G32B32A32_USCALED, 16, RGBA, RGBA(US, 32)),
    F(0x020, R32G32B32A32_SFIXED, 16, RGBA, RGBA(SX, 32)),
    F(0x021, R64G64_PASSTHRU, 16, OTHER, NOCH),
    /* 96 bits */
    F(0x040, R32G32B32_FLOAT, 12, RGBA, RGB(FL, 32)),
    F(0x041, R32G32B32_SINT, 12, RGBA, RGB(SI, 32)),
    F(0x042, R32G32B32_UINT, 12, RGBA, RGB(UI, 32)),
    F(0x043, R32G32B32_UNORM, 12, RGBA, RGB(UN, 32)),
    F(0x044, R32G32B32_SNORM, 12, RGBA, RGB(SN, 32)),
    F(0x045, R32G32B32_SSCALED, 12, RGBA, RGB(SS, 32)),
    F(0x046, R32G32B32_USCALED, 12, RGBA, RGB(US, 32)),
    F(0x050, R32G32B32_SFIXED, 12, RGBA, RGB(SX, 32)),
    /* 64 bits */
    F(0x080, R16G16B16A16_UNORM, 8, RGBA, RGBA(UN, 16)),
    F(0x081, R16G16B16A16_SNORM, 8, RGBA, RGBA(SN, 16)),
    F(0x082, R16G16B16A16_SINT, 8, RGBA, RGBA(SI, 16)),
    F(0x083, R16G16B16A16_UINT, 8, RGBA, RGBA(UI, 16)),
    F(0x084, R16G16B16A16_FLOAT, 8, RGBA, RGBA(FL, 16)),
    F(0x085, R32G32_FLOAT, 8, RGBA, RG(FL, 32)),
    F(0x086, R32G32_SINT, 8, RGBA, RG(SI, 32)),
    F(0x087, R32G32_UINT, 8, RGBA, RG(UI, 32)),
    F(0x088, R32_FLOAT_X8X24_TYPELESS, 8, RGBA, L3(R, FL, 32, G, X, 8, B, X, 24)),
    F(0x089, X32_TYPELESS_G8X24_UINT, 8, RGBA, L3(R, X, 32, G, UI, 8, B, X, 24)),
    F(0x08A, L32A32_FLOAT, 8, LUMINANCE, L2(L, FL, 32, A, FL, 32)),
    F(0x08B, R32G32_UNORM, 8, RGBA, RG(UN, 32)),
    F(0x08C, R32G32_SNORM, 8, RGBA, RG(SN, 32)),
    F(0x08D, R64_FLOAT, 8, RGBA, R_(FL, 64)),
    F(0x08E, R16G16B16X16_UNORM, 8, RGBA, RGBX(UN, 16)),
    F(0x08F, R16G16B16X16_FLOAT, 8, RGBA, RGBX(FL, 16)),
    F(0x090, A32X32_FLOAT, 8, ALPHA, L2(A, FL, 32, R, X, 32)),
    F(0x091, L32X32_FLOAT, 8, LUMINANCE, L2(L, FL, 32, A, X, 32)),
    F(0x092, I32X32_FLOAT, 8, INTENSITY, L2(I, FL, 32, A, X, 32)),
    F(0x093, R16G16B16A16_SSCALED, 8, RGBA, RGBA(SS, 16)),
    F(0x094, R16G16B16A16_USCALED, 8, RGBA, RGBA(US, 16)),
    F(0x095, R32G32_SSCALED, 8, RGBA, RG(SS, 32)),
    F(0x096, R32G32_USCALED, 8, RGBA, RG(US, 32)),
    F(0x0A0, R32G32_SFIXED, 8, RGBA, RG(SX, 32)),
    F(0x0A1, R64_PASSTHRU, 8, OTHER, NOCH),
    /* 32 bits */
    F(0x0C0, B8G8R8A8_UNORM, 4, RGBA, BGRA(UN, UN, 8, 8)),
    F(0x0C1, B8G8R8A8_UNORM_SRGB, 4, RGBA, BGRA(SR, UN, 8, 8)),
    F(0x0C2, R10G10B10A2_UNORM, 4, RGBA, RGBA2(UN, UN, 10, 2)),
    F(0x0C3, R10G10B10A2_UNORM_SRGB, 4, RGBA, RGBA2(SR, UN, 10, 2)),
    F(0x0C4, R10G10B10A2_UINT, 4, RGBA, RGBA2(UI, UI, 10, 2)),
    F(0x0C5, R10G10B10_SNORM_A2_UNORM, 4, RGBA, RGBA2(SN, UN, 10, 2)),
    F(0x0C7, R8G8B8A8_UNORM, 4, RGBA, RGBA(UN, 8)),
    F(0x0C8, R8G8B8A8_UNORM_SRGB, 4, RGBA, RGBA2(SR, UN, 8, 8)),
    F(0x0C9, R8G8B8A8_SNORM, 4, RGBA, RGBA(SN, 8)),
    F(0x0CA, R8G8B8A8_SINT, 4, RGBA, RGBA(SI, 8)),
    F(0x0CB, R8G8B8A8_UINT, 4, RGBA, RGBA(UI, 8)),
    F(0x0CC, R16G16_UNORM, 4, RGBA, RG(UN, 16)),
    F(0x0CD, R16G16_SNORM, 4, RGBA, RG(SN, 16)),
    F(0x0CE, R16G16_SINT, 4, RGBA, RG(SI, 16)),
    F(0x0CF, R16G16_UINT, 4, RGBA, RG(UI, 16)),
    F(0x0D0, R16G16_FLOAT, 4, RGBA, RG(FL, 16)),
    F(0x0D1, B10G10R10A2_UNORM, 4, RGBA, BGRA(UN, UN, 10, 2)),
    F(0x0D2, B10G10R10A2_UNORM_SRGB, 4, RGBA, BGRA(SR, UN, 10, 2)),
    F(0x0D3, R11G11B10_FLOAT, 4, RGBA, L3(R, UF, 11, G, UF, 11, B, UF, 10)),
    F(0x0D5, R10G10B10_FLOAT_A2_UNORM, 4, RGBA, RGBA2(UF, UN, 10, 2)), /* Gen12 (and isl) */
    F(0x0D6, R32_SINT, 4, RGBA, R_(SI, 32)),
    F(0x0D7, R32_UINT, 4, RGBA, R_(UI, 32)),
    F(0x0D8, R32_FLOAT, 4, RGBA, R_(FL, 32)),
    F(0x0D9, R24_UNORM_X8_TYPELESS, 4, RGBA, L2(R, UN, 24, G, X, 8)),
    F(0x0DA, X24_TYPELESS_G8_UINT, 4, RGBA, L2(R, X, 24, G, UI, 8)),
    F(0x0DD, L32_UNORM, 4, LUMINANCE, L1(L, UN, 32)),
    F(0x0DE, A32_UNORM, 4, ALPHA, L1(A, UN, 32)),
    F(0x0DF, L16A16_UNORM, 4, LUMINANCE, L2(L, UN, 16, A, UN, 16)),
    F(0x0E0, I24X8_UNORM, 4, INTENSITY, L2(I, UN, 24, A, X, 8)),
    F(0x0E1, L24X8_UNORM, 4, LUMINANCE, L2(L, UN, 24, A, X, 8)),
    F(0x0E2, A24X8_UNORM, 4, ALPHA, L2(A, UN, 24, R, X, 8)),
    F(0x0E3, I32_FLOAT, 4, INTENSITY, L1(I, FL, 32)),
    F(0x0E4, L32_FLOAT, 4, LUMINANCE, L1(L, FL, 32)),
    F(0x0E5, A32_FLOAT, 4, ALPHA, L1(A, FL, 32)),
    F(0x0E6, X8B8_UNORM_G8R8_SNORM, 4, RGBA, L4(A, X, 8, B, UN, 8, G, SN, 8, R, SN, 8)),
    F(0x0E7, A8X8_UNORM_G8R8_SNORM, 4, RGBA, L4(A, UN, 8, B, X, 8, G, SN, 8, R, SN, 8)),
    F(0x0E8, B8X8_UNORM_G8R8_SNORM, 4, RGBA, L4(B, UN, 8, A, X, 8, G, SN, 8, R, SN, 8)),
    F(0x0E9, B8G8R8X8_UNORM, 4, RGBA, BGRA(UN, X, 8, 8)),
    F(0x0EA, B8G8R8X8_UNORM_SRGB, 4, RGBA, BGRA(SR, X, 8, 8)),
    F(0x0EB, R8G8B8X8_UNORM, 4, RGBA, RGBX(UN, 8)),
    F(0x0EC, R8G8B8X8_UNORM_SRGB, 4, RGBA, RGBA2(SR, X, 8, 8)),
    F(0x0ED, R9G9B9E5_SHAREDEXP, 4, RGBA, RGB(UF, 9)),
    F(0x0EE, B10G10R10X2_UNORM, 4, RGBA, BGRA(UN, X, 10, 2)),
    F(0x0F0, L16A16_FLOAT, 4, LUMINANCE, L2(L, FL, 16, A, FL, 16)),
    F(0x0F1, R32_UNORM, 4, RGBA, R_(UN, 32)),
    F(0x0F2, R32_SNORM, 4, RGBA, R_(SN, 32)),
    F(0x0F3, R10G10B10X2_USCALED, 4, RGBA, RGBA2(US, X, 10, 2)),
    F(0x0F4, R8G8B8A8_SSCALED, 4, RGBA, RGBA(SS, 8)),
    F(0x0F5, R8G8B8A8_USCALED, 4, RGBA, RGBA(US, 8)),
    F(0x0F6, R16G16_SSCALED, 4, RGBA, RG(SS, 16)),
    F(0x0F7, R16G16_USCALED, 4, RGBA, RG(US, 16)),
    F(0x0F8, R32_SSCALED, 4, RGBA, R_(SS, 32)),
    F(0x0F9, R32_USCALED, 4, RGBA, R_(US, 32)),
    /* 16 bits */
    F(0x100, B5G6R5_UNORM, 2, RGBA, L3(B, UN, 5, G, UN, 6, R, UN, 5)),
    F(0x101, B5G6R5_UNORM_SRGB, 2, RGBA, L3(B, SR, 5, G, SR, 6, R, SR, 5)),
    F(0x102, B5G5R5A1_UNORM, 2, RGBA, BGRA(UN, UN, 5, 1)),
    F(0x103, B5G5R5A1_UNORM_SRGB, 2, RGBA, BGRA(SR, UN, 5, 1)),
    F(0x104, B4G4R4A4_UNORM, 2, RGBA, BGRA(UN, UN, 4, 4)),
    F(0x105, B4G4R4A4_UNORM_SRGB, 2, RGBA, BGRA(SR, UN, 4, 4)),
    F(0x106, R8G8_UNORM, 2, RGBA, RG(UN, 8)),
    F(0x107, R8G8_SNORM, 2, RGBA, RG(SN, 8)),
    F(0x108, R8G8_SINT, 2, RGBA, RG(SI, 8)),
    F(0x109, R8G8_UINT, 2, RGBA, RG(UI, 8)),
    F(0x10A, R16_UNORM, 2, RGBA, R_(UN, 16)),
    F(0x10B, R16_SNORM, 2, RGBA, R_(SN, 16)),
    F(0x10C, R16_SINT, 2, RGBA, R_(SI, 16)),
    F(0x10D, R16_UINT, 2, RGBA, R_(UI, 16)),
    F(0x10E, R16_FLOAT, 2, RGBA, R_(FL, 16)),
    F(0x10F, A8P8_UNORM_PALETTE0, 2, OTHER, NOCH),
    F(0x110, A8P8_UNORM_PALETTE1, 2, OTHER, NOCH),
    F(0x111, I16_UNORM, 2, INTENSITY, L1(I, UN, 16)),
    F(0x112, L16_UNORM, 2, LUMINANCE, L1(L, UN, 16)),
    F(0x113, A16_UNORM, 2, ALPHA, L1(A, UN, 16)),
    F(0x114, L8A8_UNORM, 2, LUMINANCE, L2(L, UN, 8, A, UN, 8)),
    F(0x115, I16_FLOAT, 2, INTENSITY, L1(I, FL, 16)),
    F(0x116, L16_FLOAT, 2, LUMINANCE, L1(L, FL, 16)),
    F(0x117, A16_FLOAT, 2, ALPHA, L1(A, FL, 16)),
    F(0x118, L8A8_UNORM_SRGB, 2, LUMINANCE, L2(L, SR, 8, A, UN, 8)),
    F(0x119, R5G5_SNORM_B6_UNORM, 2, RGBA, L3(R, SN, 5, G, SN, 5, B, UN, 6)),
    F(0x11A, B5G5R5X1_UNORM, 2, RGBA, BGRA(UN, X, 5, 1)),
    F(0x11B, B5G5R5X1_UNORM_SRGB, 2, RGBA, BGRA(SR, X, 5, 1)),
    F(0x11C, R8G8_SSCALED, 2, RGBA, RG(SS, 8)),
    F(0x11D, R8G8_USCALED, 2, RGBA, RG(US, 8)),
    F(0x11E, R16_SSCALED, 2, RGBA, R_(SS, 16)),
    F(0x11F, R16_USCALED, 2, RGBA, R_(US, 16)),
    F(0x122, P8A8_UNORM_PALETTE0, 2, OTHER, NOCH),
    F(0x123, P8A8_UNORM_PALETTE1, 2, OTHER, NOCH),
    F(0x124, A1B5G5R5_UNORM, 2, RGBA, L4(A, UN, 1, B, UN, 5, G, UN, 5, R, UN, 5)),
    F(0x125, A4B4G4R4_UNORM, 2, RGBA, L4(A, UN, 4, B, UN, 4, G, UN, 4, R, UN, 4)),
    F(0x126, L8A8_UINT, 2, LUMINANCE, L2(L, UI, 8, A, UI, 8)),
    F(0x127, L8A8_SINT, 2, LUMINANCE, L2(L, SI, 8, A, SI, 8)),
    /* 8 bits */
    F(0x140, R8_UNORM, 1, RGBA, R_(UN, 8)),
    F(0x141, R8_SNORM, 1, RGBA, R_(SN, 8)),
    F(0x142, R8_SINT, 1, RGBA, R_(SI, 8)),
    F(0x143, R8_UINT, 1, RGBA, R_(UI, 8)),
    F(0x144, A8_UNORM, 1, ALPHA, L1(A, UN, 8)),
    F(0x145, I8_UNORM, 1, INTENSITY, L1(I, UN, 8)),
    F(0x146, L8_UNORM, 1, LUMINANCE, L1(L, UN, 8)),
    F(0x147, P4A4_UNORM_PALETTE0, 1, OTHER, NOCH),
    F(0x148, A4P4_UNORM_PALETTE0, 1, OTHER, NOCH),
    F(0x149, R8_SSCALED, 1, RGBA, R_(SS, 8)),
    F(0x14A, R8_USCALED, 1, RGBA, R_(US, 8)),
    F(0x14B, P8_UNORM_PALETTE0, 1, OTHER, NOCH),
    F(0x14C, L8_UNORM_SRGB, 1, LUMINANCE, L1(L, SR, 8)),
    F(0x14D, P8_UNORM_PALETTE1, 1, OTHER, NOCH),
    F(0x14E, P4A4_UNORM_PALETTE1, 1, OTHER, NOCH),
    F(0x14F, A4P4_UNORM_PALETTE1, 1, OTHER, NOCH),
    F(0x150, Y8_UNORM, 1, YUV, NOCH),
    F(0x152, L8_UINT, 1, LUMINANCE, L1(L, UI, 8)),
    F(0x153, L8_SINT, 1, LUMINANCE, L1(L, SI, 8)),
    F(0x154, I8_UINT, 1, INTENSITY, L1(I, UI, 8)),
    F(0x155, I8_SINT, 1, INTENSITY, L1(I, SI, 8)),
    /* compressed, YUV and the odd sizes */
    FC(0x180, DXT1_RGB_SRGB, 8, 4, 4, BC1_RGB, K3(SR, 8)),
    F(0x182, YCRCB_NORMAL, 2, YUV, NOCH),
    F(0x183, YCRCB_SWAPUVY, 2, YUV, NOCH),
    FC(0x186, BC1_UNORM, 8, 4, 4, BC1, K4(UN, UN, 8, 8)),
    FC(0x187, BC2_UNORM, 16, 4, 4, BC2, K4(UN, UN, 8, 8)),
    FC(0x188, BC3_UNORM, 16, 4, 4, BC3, K4(UN, UN, 8, 8)),
    FC(0x189, BC4_UNORM, 8, 4, 4, BC4, K1(UN, 8)),
    FC(0x18A, BC5_UNORM, 16, 4, 4, BC5, K2(UN, 8)),
    FC(0x18B, BC1_UNORM_SRGB, 8, 4, 4, BC1, K4(SR, UN, 8, 8)),
    FC(0x18C, BC2_UNORM_SRGB, 16, 4, 4, BC2, K4(SR, UN, 8, 8)),
    FC(0x18D, BC3_UNORM_SRGB, 16, 4, 4, BC3, K4(SR, UN, 8, 8)),
    F(0x18F, YCRCB_SWAPUV, 2, YUV, NOCH),
    F(0x190, YCRCB_SWAPY, 2, YUV, NOCH),
    FC(0x191, DXT1_RGB, 8, 4, 4, BC1_RGB, K3(UN, 8)),
    FC(0x192, FXT1, 16, 8, 4, FXT1, K3(UN, 8)),
    F(0x193, R8G8B8_UNORM, 3, RGBA, RGB(UN, 8)),
    F(0x194, R8G8B8_SNORM, 3, RGBA, RGB(SN, 8)),
    F(0x195, R8G8B8_SSCALED, 3, RGBA, RGB(SS, 8)),
    F(0x196, R8G8B8_USCALED, 3, RGBA, RGB(US, 8)),
    F(0x197, R64G64B64A64_FLOAT, 32, RGBA, RGBA(FL, 64)),
    F(0x198, R64G64B64_FLOAT, 24, RGBA, RGB(FL, 64)),
    FC(0x199, BC4_SNORM, 8, 4, 4, BC4, K1(SN, 8)),
    FC(0x19A, BC5_SNORM, 16, 4, 4, BC5, K2(SN, 8)),
    F(0x19B, R16G16B16_FLOAT, 6, RGBA, RGB(FL, 16)),
    F(0x19C, R16G16B16_UNORM, 6, RGBA, RGB(UN, 16)),
    F(0x19D, R16G16B16_SNORM, 6, RGBA, RGB(SN, 16)),
    F(0x19E, R16G16B16_SSCALED, 6, RGBA, RGB(SS, 16)),
    F(0x19F, R16G16B16_USCALED, 6, RGBA, RGB(US, 16)),
    FC(0x1A1, BC6H_SF16, 16, 4, 4, BC6H, K3(FL, 16)),
    FC(0x1A2, BC7_UNORM, 16, 4, 4, BC7, K4(UN, UN, 8, 8)),
    FC(0x1A3, BC7_UNORM_SRGB, 16, 4, 4, BC7, K4(SR, UN, 8, 8)),
    FC(0x1A4, BC6H_UF16, 16, 4, 4, BC6H, K3(UF, 16)),
    F(0x1A8, R8G8B8_UNORM_SRGB, 3, RGBA, RGB(SR, 8)),
    FC(0x1A9, ETC1_RGB8, 8, 4, 4, ETC1, K3(UN, 8)),
    FC(0x1AA, ETC2_RGB8, 8, 4, 4, ETC2, K3(UN, 8)),
    FC(0x1AB, EAC_R11, 8, 4, 4, EAC_R11, K1(UN, 11)),
    FC(0x1AC, EAC_RG11, 16, 4, 4, EAC_RG11, K2(UN, 11)),
    FC(0x1AD, EAC_SIGNED_R11, 8, 4, 4, EAC_R11, K1(SN, 11)),
    FC(0x1AE, EAC_SIGNED_RG11, 16, 4, 4, EAC_RG11, K2(SN, 11)),
    FC(0x1AF, ETC2_SRGB8, 8, 4, 4, ETC2, K3(SR, 8)),
    F(0x1B0, R16G16B16_UINT, 6, RGBA, RGB(UI, 16)),
    F(0x1B1, R16G16B16_SINT, 6, RGBA, RGB(SI, 16)),
    F(0x1B2, R32_SFIXED, 4, RGBA, R_(SX, 32)),
    F(0x1B3, R10G10B10A2_SNORM, 4, RGBA, RGBA2(SN, SN, 10, 2)),
    F(0x1B4, R10G10B10A2_USCALED, 4, RGBA, RGBA2(US, US, 10, 2)),
    F(0x1B5, R10G10B10A2_SSCALED, 4, RGBA, RGBA2(SS, SS, 10, 2)),
    F(0x1B6, R10G10B10A2_SINT, 4, RGBA, RGBA2(SI, SI, 10, 2)),
    F(0x1B7, B10G10R10A2_SNORM, 4, RGBA, BGRA(SN, SN, 10, 2)),
    F(0x1B8, B10G10R10A2_USCALED, 4, RGBA, BGRA(US, US, 10, 2)),
    F(0x1B9, B10G10R10A2_SSCALED, 4, RGBA, BGRA(SS, SS, 10, 2)),
    F(0x1BA, B10G10R10A2_UINT, 4, RGBA, BGRA(UI, UI, 10, 2)),
    F(0x1BB, B10G10R10A2_SINT, 4, RGBA, BGRA(SI, SI, 10, 2)),
    F(0x1BC, R64G64B64A64_PASSTHRU, 32, OTHER, NOCH),
    F(0x1BD, R64G64B64_PASSTHRU, 24, OTHER, NOCH),
    FC(0x1C0, ETC2_RGB8_PTA, 8, 4, 4, ETC2_PTA, K4(UN, UN, 8, 1)),
    FC(0x1C1, ETC2_SRGB8_PTA, 8, 4, 4, ETC2_PTA, K4(SR, UN, 8, 1)),
    FC(0x1C2, ETC2_EAC_RGBA8, 16, 4, 4, ETC2_EAC, K4(UN, UN, 8, 8)),
    FC(0x1C3, ETC2_EAC_SRGB8_A8, 16, 4, 4, ETC2_EAC, K4(SR, UN, 8, 8)),
    F(0x1C8, R8G8B8_UINT, 3, RGBA, RGB(UI, 8)),
    F(0x1C9, R8G8B8_SINT, 3, RGBA, RGB(SI, 8)),
    F(0x1FF, RAW, 1, OTHER, NOCH), /* untyped/raw buffers: byte addressed */
};

const sf_format_info *sf_format_get(uint32_t format)
{
    return format < 512 && fmt_table[format].name ? &fmt_table[format] : NULL;
}

const sf_format_info *sf_format_by_name(const char *name)
{
    for (unsigned f = 0; f < 512; f++)
        if (fmt_table[f].name && !strcmp(fmt_table[f].name, name))
            return &fmt_table[f];
    return NULL;
}

int sf_format_is_int(const sf_format_info *fi)
{
    for (unsigned c = 0; c < 4; c++)
        if (fi->ch[c].type == SF_CT_UINT || fi->ch[c].type == SF_CT_SINT)
            return 1;
    return 0;
}

/* ---- scalar conversions ---- */

static inline uint32_t f2u(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}
static inline float u2f(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}
static inline int64_t sext(uint64_t v, unsigned n)
{
    return n >= 64 ? (int64_t)v : (int64_t)(v << (64 - n)) >> (64 - n);
}
static inline uint64_t mask64(unsigned n)
{
    return n >= 64 ? ~0ull : (1ull << n) - 1;
}

/* A small float with a 5-bit exponent (bias 15) and mb mantissa bits (half:
 * 10, R11G11B10: 6 and 5), sign excluded: exact as a float. */
static float small_to_float(uint32_t v, unsigned mb)
{
    uint32_t e = (v >> mb) & 31, m = v & ((1u << mb) - 1);
    if (e == 31)
        return u2f(0x7f800000u | m << (23 - mb)); /* infinity, NaN (payload kept) */
    if (e == 0)
        return ldexpf((float)m, -14 - (int)mb);
    return u2f((e + 112) << 23 | m << (23 - mb));
}

/* |f| (bits x, sign cleared, finite) to a small float of mb mantissa bits:
 * round to nearest even, a finite value too large becomes the largest
 * finite one. */
static uint32_t float_to_small(uint32_t x, unsigned mb)
{
    unsigned drop = 23 - mb;
    uint32_t h, rem, half;
    if (x < 0x38800000u) { /* below 2^-14: a denormal of the small format */
        unsigned e = x >> 23, shift = 136 - mb - e; /* unit 2^(-14-mb) */
        if (shift > 24)
            return 0;
        uint32_t m = (x & 0x7fffffu) | (e ? 0x800000u : 0);
        h = m >> shift;
        rem = m & ((1u << shift) - 1);
        half = 1u << (shift - 1);
    } else {
        h = (x - 0x38000000u) >> drop; /* rebias 127 -> 15 */
        rem = x & ((1u << drop) - 1);
        half = 1u << (drop - 1);
    }
    if (rem > half || (rem == half && (h & 1)))
        h++;
    uint32_t maxfin = (31u << mb) - 1;
    return h > maxfin ? maxfin : h;
}

float sf_half_to_float(uint16_t h)
{
    float f = small_to_float(h & 0x7fff, 10);
    return h & 0x8000 ? u2f(f2u(f) | 0x80000000u) : f;
}

uint16_t sf_float_to_half(float f)
{
    uint32_t x = f2u(f), sign = (x >> 16) & 0x8000;
    x &= 0x7fffffffu;
    if (x > 0x7f800000u) /* NaN: quiet, top payload bits kept */
        return (uint16_t)(sign | 0x7e00 | ((x >> 13) & 0x3ff));
    if (x == 0x7f800000u)
        return (uint16_t)(sign | 0x7c00);
    return (uint16_t)(sign | float_to_small(x, 10));
}

/* Unsigned 11/10-bit float (mb = 6/5 mantissa bits) from a float:
 * negative values (and -inf) give 0. */
static uint32_t float_to_ufloat(float f, unsigned mb)
{
    uint32_t x = f2u(f);
    if ((x & 0x7fffffffu) > 0x7f800000u)
        return 31u << mb | 1u << (mb - 1); /* NaN */
    if (x & 0x80000000u)
        return 0;
    if (x == 0x7f800000u)
        return 31u << mb;
    return float_to_small(x, mb);
}

static double srgb_to_linear_d(double c)
{
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

float sf_srgb_to_linear(float c)
{
    return (float)srgb_to_linear_d(c);
}

static double linear_to_srgb_d(double c)
{
    if (!(c > 0))
        return 0;
    if (c >= 1)
        return 1;
    return c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1 / 2.4) - 0.055;
}

float sf_linear_to_srgb(float c)
{
    return (float)linear_to_srgb_d(c);
}

/* UNORM n bits of a value already in [0,1]: the product is exact (24-bit
 * mantissa times an n-bit maximum) before the round to nearest even. */
static uint64_t unorm_encode(double c, unsigned n)
{
    if (!(c > 0))
        return 0;
    if (c >= 1)
        return mask64(n);
    if (n <= 29)
        return (uint64_t)rint(c * (double)mask64(n));
    return (uint64_t)rintl((long double)c * (long double)mask64(n));
}

static float unorm_decode(uint64_t v, unsigned n)
{
    if (n <= 24)
        return (float)v / (float)mask64(n);
    return (float)((double)v / (double)mask64(n));
}

/* ---- bit access in an element (little-endian bit stream) ---- */

static uint64_t get_bits(const uint8_t *p, unsigned shift, unsigned bits)
{
    const uint8_t *q = p + shift / 8;
    unsigned off = shift % 8, nbytes = (off + bits + 7) / 8;
    uint64_t v = 0;
    for (unsigned i = 0; i < nbytes && i < 8; i++)
        v |= (uint64_t)q[i] << (8 * i);
    v >>= off;
    if (nbytes > 8)
        v |= (uint64_t)q[8] << (64 - off);
    return v & mask64(bits);
}

static void put_bits(uint8_t *p, unsigned shift, unsigned bits, uint64_t v)
{
    v &= mask64(bits);
    for (unsigned i = 0; i < bits;) {
        unsigned pos = shift + i, off = pos % 8, n = 8 - off;
        if (n > bits - i)
            n = bits - i;
        p[pos / 8] = (uint8_t)(p[pos / 8] | ((v >> i) & ((1u << n) - 1)) << off);
        i += n;
    }
}

/* ---- uncompressed unpack / pack ---- */

static float chan_to_float(unsigned type, unsigned n, uint64_t v)
{
    switch (type) {
    case SF_CT_UNORM:
        return unorm_decode(v, n);
    case SF_CT_SRGB: /* from the code itself, in double */
        return (float)srgb_to_linear_d((double)v / (double)mask64(n));
    case SF_CT_SNORM: {
        int64_t s = sext(v, n);
        float f = n <= 24 ? (float)s / (float)mask64(n - 1) : (float)((double)s / (double)mask64(n - 1));
        return f < -1.0f ? -1.0f : f;
    }
    case SF_CT_FLOAT:
        if (n == 16)
            return sf_half_to_float((uint16_t)v);
        if (n == 64) {
            double d;
            memcpy(&d, &v, 8);
            return (float)d;
        }
        return u2f((uint32_t)v);
    case SF_CT_UFLOAT:
        return small_to_float((uint32_t)v, n - 5);
    case SF_CT_USCALED:
        return (float)v;
    case SF_CT_SSCALED:
        return (float)sext(v, n);
    case SF_CT_SFIXED:
        return (float)((double)sext(v, n) / 65536.0);
    }
    return 0;
}

static uint64_t float_to_chan(unsigned type, unsigned n, float f)
{
    switch (type) {
    case SF_CT_UNORM:
        return unorm_encode(f, n);
    case SF_CT_SRGB:
        return unorm_encode(linear_to_srgb_d(f), n);
    case SF_CT_SNORM: {
        double m = (double)mask64(n - 1);
        if (!(f > -1.0f)) /* NaN -> 0, below -1 -> -1 */
            return f != f ? 0 : (uint64_t)-(int64_t)m & mask64(n);
        if (f >= 1.0f)
            return (uint64_t)m;
        int64_t s = n <= 29 ? (int64_t)rint(f * m) : (int64_t)rintl((long double)f * (long double)m);
        return (uint64_t)s & mask64(n);
    }
    case SF_CT_FLOAT:
        if (n == 16)
            return sf_float_to_half(f);
        if (n == 64) {
            double d = f;
            uint64_t u;
            memcpy(&u, &d, 8);
            return u;
        }
        return f2u(f);
    case SF_CT_UFLOAT:
        return float_to_ufloat(f, n - 5);
    case SF_CT_USCALED:
        if (!(f > 0))
            return 0;
        return f >= (float)mask64(n) ? mask64(n) : (uint64_t)rint(f);
    case SF_CT_SSCALED:
    case SF_CT_SFIXED: {
        double d = type == SF_CT_SFIXED ? (double)f * 65536.0 : f;
        double lo = -(double)(1ull << (n - 1)), hi = (double)mask64(n - 1);
        if (d != d)
            return 0;
        d = d < lo ? lo : d > hi ? hi : rint(d);
        return (uint64_t)(int64_t)d & mask64(n);
    }
    }
    return 0;
}

/* R9G9B9E5: 9-bit mantissas, no implied one, exponent 31:27 with bias 15
 * (EXT_texture_shared_exponent). */
static void rgb9e5_unpack(uint32_t v, float out[3])
{
    int e = (int)(v >> 27) - 15 - 9;
    for (unsigned c = 0; c < 3; c++)
        out[c] = ldexpf((float)((v >> (9 * c)) & 0x1ff), e);
}

static uint32_t rgb9e5_pack(const float in[3])
{
    const double maxv = 511.0 / 512.0 * 65536.0;
    double c[3], m = 0;
    for (unsigned i = 0; i < 3; i++) {
        c[i] = in[i] > 0 ? (in[i] < maxv ? in[i] : maxv) : 0; /* NaN -> 0 */
        m = c[i] > m ? c[i] : m;
    }
    int e = 0;
    if (m > 0) {
        frexp(m, &e); /* m = f * 2^e, f in [0.5, 1): floor(log2 m) = e - 1 */
        e = (e - 1 < -16 ? -16 : e - 1) + 1 + 15;
        if (floor(m / ldexp(1, e - 15 - 9) + 0.5) == 512)
            e++;
    }
    uint32_t v = (uint32_t)e << 27;
    for (unsigned i = 0; i < 3; i++)
        v |= (uint32_t)floor(c[i] / ldexp(1, e - 15 - 9) + 0.5) << (9 * i);
    return v;
}

/* Apply the layout kind to decoded channels t (defaults already in). */
static void expand(const sf_format_info *fi, const uint32_t t[4], sf_texel *out)
{
    switch (fi->kind) {
    case SF_LK_LUMINANCE:
        out->u[0] = out->u[1] = out->u[2] = t[0];
        out->u[3] = t[3];
        break;
    case SF_LK_INTENSITY:
        out->u[0] = out->u[1] = out->u[2] = out->u[3] = t[0];
        break;
    case SF_LK_ALPHA:
        out->u[0] = out->u[1] = out->u[2] = 0;
        out->u[3] = t[3];
        break;
    default:
        memcpy(out->u, t, sizeof(out->u));
    }
}

static int unpack_compressed(const sf_format_info *fi, const uint8_t *src, unsigned x, unsigned y,
                             sf_texel *out);

void sf_format_fill(const sf_format_info *fi, const sf_texel *in, sf_texel *out)
{
    uint32_t t[4] = {0, 0, 0, sf_format_is_int(fi) ? 1u : f2u(1.0f)};
    for (unsigned c = 0; c < 4; c++)
        if (fi->ch[c].bits && fi->ch[c].type != SF_CT_X)
            t[c] = in->u[c];
    expand(fi, t, out);
}

int sf_format_unpack(const sf_format_info *fi, const uint8_t *src, unsigned x, unsigned y, sf_texel *out)
{
    memset(out, 0, sizeof(*out));
    if (fi->kind == SF_LK_COMPRESSED)
        return unpack_compressed(fi, src, x, y, out);
    if (fi->kind == SF_LK_YUV || fi->kind == SF_LK_OTHER)
        return -1;
    int is_int = sf_format_is_int(fi);
    uint32_t t[4] = {0, 0, 0, is_int ? 1u : f2u(1.0f)};
    if (fi->ch[0].type == SF_CT_UFLOAT && fi->ch[0].bits == 9) {
        float f[3];
        rgb9e5_unpack((uint32_t)get_bits(src, 0, 32), f);
        for (unsigned c = 0; c < 3; c++)
            t[c] = f2u(f[c]);
    } else {
        for (unsigned c = 0; c < 4; c++) {
            unsigned type = fi->ch[c].type, n = fi->ch[c].bits;
            if (!n || type == SF_CT_X)
                continue;
            uint64_t v = get_bits(src, fi->ch[c].shift, n);
            if (type == SF_CT_UINT)
                t[c] = (uint32_t)v;
            else if (type == SF_CT_SINT)
                t[c] = (uint32_t)sext(v, n);
            else
                t[c] = f2u(chan_to_float(type, n, v));
        }
    }
    expand(fi, t, out);
    return 0;
}

static int pack(const sf_format_info *fi, const sf_texel *in, uint8_t *dst, int sat)
{
    if (fi->kind == SF_LK_COMPRESSED || fi->kind == SF_LK_YUV || fi->kind == SF_LK_OTHER)
        return -1;
    memset(dst, 0, fi->bpb);
    if (fi->ch[0].type == SF_CT_UFLOAT && fi->ch[0].bits == 9) {
        put_bits(dst, 0, 32, rgb9e5_pack(in->f));
        return 0;
    }
    for (unsigned c = 0; c < 4; c++) {
        unsigned type = fi->ch[c].type, n = fi->ch[c].bits;
        if (!n || type == SF_CT_X)
            continue;
        uint64_t v;
        if (type == SF_CT_UINT) {
            v = in->u[c];
            if (sat && v > mask64(n))
                v = mask64(n);
        } else if (type == SF_CT_SINT) {
            int64_t s = in->i[c], lo = -(int64_t)(1ull << (n - 1)), hi = (int64_t)mask64(n - 1);
            if (sat)
                s = s < lo ? lo : s > hi ? hi : s;
            v = (uint64_t)s;
        } else {
            v = float_to_chan(type, n, in->f[c]);
        }
        put_bits(dst, fi->ch[c].shift, n, v);
    }
    return 0;
}

int sf_format_pack(const sf_format_info *fi, const sf_texel *in, uint8_t *dst)
{
    return pack(fi, in, dst, 0);
}

int sf_format_pack_sat(const sf_format_info *fi, const sf_texel *in, uint8_t *dst)
{
    return pack(fi, in, dst, 1);
}

/* ---- compressed formats ---- */

/* A decoded 4x4 block: texel (x, y) at px[4 * y + x], RGBA floats. */
typedef struct { float px[16][4]; } block;

static inline uint64_t ld64le(const uint8_t *p)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < 8; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}
static inline uint64_t ld64be(const uint8_t *p)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < 8; i++)
        v = v << 8 | p[i];
    return v;
}

/* BC1 colours (D3D "BC1"): two RGB565 endpoints, 2-bit indices, pixel i
 * at bits 2i of the index DWord.  c0 > c1 (or four: BC2/BC3) selects four
 * colours (1/3 steps), else three and transparent black (rgb_only:
 * opaque black).  Interpolation in float on the UNORM endpoints. */
static void bc1_decode(const uint8_t *b, int four, int rgb_only, block *o)
{
    unsigned c[2] = {b[0] | b[1] << 8, b[2] | b[3] << 8};
    uint32_t idx = (uint32_t)(b[4] | b[5] << 8 | b[6] << 16 | (uint32_t)b[7] << 24);
    float pal[4][4];
    for (unsigned e = 0; e < 2; e++) {
        pal[e][0] = (float)(c[e] >> 11) / 31.0f;
        pal[e][1] = (float)((c[e] >> 5) & 63) / 63.0f;
        pal[e][2] = (float)(c[e] & 31) / 31.0f;
        pal[e][3] = 1.0f;
    }
    four = four || c[0] > c[1];
    for (unsigned k = 0; k < 3; k++) {
        if (four) {
            pal[2][k] = (2 * pal[0][k] + pal[1][k]) / 3;
            pal[3][k] = (pal[0][k] + 2 * pal[1][k]) / 3;
        } else {
            pal[2][k] = (pal[0][k] + pal[1][k]) / 2;
            pal[3][k] = 0;
        }
    }
    pal[2][3] = 1.0f;
    pal[3][3] = four || rgb_only ? 1.0f : 0.0f;
    for (unsigned i = 0; i < 16; i++)
        memcpy(o->px[i], pal[(idx >> (2 * i)) & 3], sizeof(o->px[i]));
}

/* BC4 channel (also BC3 alpha, BC5): two 8-bit endpoints, 3-bit indices
 * from bit 16, pixel i at bit 16 + 3i.  r0 > r1: 8 values in 1/7 steps,
 * else 6 in 1/5 steps, 0 (-1 signed) and 1.  SNORM endpoints: -128 is -127. */
static void bc4_decode(const uint8_t *b, int snorm, block *o, unsigned ch)
{
    uint64_t v = ld64le(b);
    int r0 = snorm ? (int8_t)b[0] : b[0], r1 = snorm ? (int8_t)b[1] : b[1];
    float scale = snorm ? 127.0f : 255.0f, pal[8];
    pal[0] = (float)(r0 < -127 ? -127 : r0) / scale;
    pal[1] = (float)(r1 < -127 ? -127 : r1) / scale;
    if (r0 > r1) {
        for (unsigned k = 2; k < 8; k++)
            pal[k] = ((float)(8 - k) * pal[0] + (float)(k - 1) * pal[1]) / 7;
    } else {
        for (unsigned k = 2; k < 6; k++)
            pal[k] = ((float)(6 - k) * pal[0] + (float)(k - 1) * pal[1]) / 5;
        pal[6] = snorm ? -1.0f : 0.0f;
        pal[7] = 1.0f;
    }
    for (unsigned i = 0; i < 16; i++)
        o->px[i][ch] = pal[(v >> (16 + 3 * i)) & 7];
}

/* ---- BC7 (Khronos Data Format Specification s21.3, BPTC) ---- */

/* Partition of the 2- and 3-subset shapes: subset of pixel i at bit i
 * (2 subsets) / bits 2i+1:2i (3 subsets); anchors of subsets 1 (and 2). */
static const uint16_t bptc_part2[64] = {
    0xcccc, 0x8888, 0xeeee, 0xecc8, 0xc880, 0xfeec, 0xfec8, 0xec80, 0xc800, 0xffec, 0xfe80, 0xe800,
    0xffe8, 0xff00, 0xfff0, 0xf000, 0xf710, 0x008e, 0x7100, 0x08ce, 0x008c, 0x7310, 0x3100, 0x8cce,
    0x088c, 0x3110, 0x6666, 0x366c, 0x17e8, 0x0ff0, 0x718e, 0x399c, 0xaaaa, 0xf0f0, 0x5a5a, 0x33cc,
    0x3c3c, 0x55aa, 0x9696, 0xa55a, 0x73ce, 0x13c8, 0x324c, 0x3bdc, 0x6996, 0xc33c, 0x9966, 0x0660,
    0x0272, 0x04e4, 0x4e40, 0x2720, 0xc936, 0x936c, 0x39c6, 0x639c, 0x9336, 0x9cc6, 0x817e, 0xe718,
    0xccf0, 0x0fcc, 0x7744, 0xee22,
};
static const uint32_t bptc_part3[64] = {
    0xaa685050, 0x6a5a5040, 0x5a5a4200, 0x5450a0a8, 0xa5a50000, 0xa0a05050, 0x5555a0a0, 0x5a5a5050,
    0xaa550000, 0xaa555500, 0xaaaa5500, 0x90909090, 0x94949494, 0xa4a4a4a4, 0xa9a59450, 0x2a0a4250,
    0xa5945040, 0x0a425054, 0xa5a5a500, 0x55a0a0a0, 0xa8a85454, 0x6a6a4040, 0xa4a45000, 0x1a1a0500,
    0x0050a4a4, 0xaaa59090, 0x14696914, 0x69691400, 0xa08585a0, 0xaa821414, 0x50a4a450, 0x6a5a0200,
    0xa9a58000, 0x5090a0a8, 0xa8a09050, 0x24242424, 0x00aa5500, 0x24924924, 0x24499224, 0x50a50a50,
    0x500aa550, 0xaaaa4444, 0x66660000, 0xa5a0a5a0, 0x50a050a0, 0x69286928, 0x44aaaa44, 0x66666600,
    0xaa444444, 0x54a854a8, 0x95809580, 0x96969600, 0xa85454a8, 0x80959580, 0xaa141414, 0x96960000,
    0xaaaa1414, 0xa05050a0, 0xa0a5a5a0, 0x96000000, 0x40804080, 0xa9a8a9a8, 0xaaaaaa44, 0x2a4a5254,
};
static const uint8_t bptc_anchor2[64] = {
    15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 2, 8, 2, 2, 8, 8, 15, 2, 8, 2, 2,
    8, 8, 2, 2, 15, 15, 6, 8, 2, 8, 15, 15, 2, 8, 2, 2, 2, 15, 15, 6, 6, 2, 6, 8, 15, 15, 2, 2, 15, 15,
    15, 15, 15, 2, 2, 15,
};
static const uint8_t bptc_anchor3[64][2] = {
    {3, 15}, {3, 8}, {15, 8}, {15, 3}, {8, 15}, {3, 15}, {15, 3}, {15, 8}, {8, 15}, {8, 15}, {6, 15},
    {6, 15}, {6, 15}, {5, 15}, {3, 15}, {3, 8}, {3, 15}, {3, 8}, {8, 15}, {15, 3}, {3, 15}, {3, 8},
    {6, 15}, {10, 8}, {5, 3}, {8, 15}, {8, 6}, {6, 10}, {8, 15}, {5, 15}, {15, 10}, {15, 8}, {8, 15},
    {15, 3}, {3, 15}, {5, 10}, {6, 10}, {10, 8}, {8, 9}, {15, 10}, {15, 6}, {3, 15}, {15, 8}, {5, 15},
    {15, 3}, {15, 6}, {15, 6}, {15, 8}, {3, 15}, {15, 3}, {5, 15}, {5, 15}, {5, 15}, {8, 15}, {5, 15},
    {10, 15}, {5, 15}, {10, 15}, {8, 15}, {13, 15}, {15, 3}, {12, 15}, {3, 15}, {3, 8},
};
static const uint8_t bptc_w2[4] = {0, 21, 43, 64};
static const uint8_t bptc_w3[8] = {0, 9, 18, 27, 37, 46, 55, 64};
static const uint8_t bptc_w4[16] = {0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64};

static const uint8_t *bptc_weights(unsigned bits)
{
    return bits == 2 ? bptc_w2 : bits == 3 ? bptc_w3 : bptc_w4;
}

/* Subset of pixel i and whether i is its subset's anchor (the pixel whose
 * index has one bit less: 0 for subset 0, the anchor table for the others). */
static unsigned bptc_subset(unsigned ns, unsigned part, unsigned i, int *anchor)
{
    unsigned s = ns == 2 ? (bptc_part2[part] >> i) & 1 : ns == 3 ? (bptc_part3[part] >> (2 * i)) & 3 : 0;
    if (s == 0)
        *anchor = i == 0;
    else
        *anchor = i == (ns == 2 ? bptc_anchor2[part] : bptc_anchor3[part][s - 1]);
    return s;
}

/* 128-bit little-endian block, read from bit pos on. */
typedef struct { uint64_t lo, hi; unsigned pos; } bits128;

static uint32_t rd(bits128 *r, unsigned n)
{
    uint32_t v = 0;
    if (!n)
        return 0;
    unsigned p = r->pos;
    if (p >= 64)
        v = (uint32_t)(r->hi >> (p - 64));
    else if (p + n <= 64)
        v = (uint32_t)(r->lo >> p);
    else
        v = (uint32_t)(r->lo >> p | r->hi << (64 - p));
    r->pos += n;
    return v & (uint32_t)mask64(n);
}

static void bc7_decode(const uint8_t *b, block *o)
{
    /* per mode: subsets, partition bits, rotation bits, index selection
     * bit, colour bits, alpha bits, P-bits per endpoint, shared P-bits per
     * subset, index bits, secondary index bits */
    static const uint8_t modes[8][10] = {
        {3, 4, 0, 0, 4, 0, 1, 0, 3, 0}, {2, 6, 0, 0, 6, 0, 0, 1, 3, 0}, {3, 6, 0, 0, 5, 0, 0, 0, 2, 0},
        {2, 6, 0, 0, 7, 0, 1, 0, 2, 0}, {1, 0, 2, 1, 5, 6, 0, 0, 2, 3}, {1, 0, 2, 0, 7, 8, 0, 0, 2, 2},
        {1, 0, 0, 0, 7, 7, 1, 0, 4, 0}, {2, 6, 0, 0, 5, 5, 1, 0, 2, 0},
    };
    memset(o, 0, sizeof(*o));
    if (!b[0])
        return; /* reserved mode 8: transparent black */
    unsigned mode = (unsigned)__builtin_ctz(b[0]);
    const uint8_t *m = modes[mode];
    unsigned ns = m[0];
    bits128 r = {ld64le(b), ld64le(b + 8), mode + 1};
    unsigned part = rd(&r, m[1]), rot = rd(&r, m[2]), isb = rd(&r, m[3]);
    unsigned ep[6][4];
    for (unsigned c = 0; c < 4; c++)
        for (unsigned e = 0; e < 2 * ns; e++)
            ep[e][c] = c < 3 ? rd(&r, m[4]) : rd(&r, m[5]);
    unsigned nb[4] = {m[4], m[4], m[4], m[5]};
    if (m[6] || m[7]) {
        for (unsigned e = 0; e < 2 * ns; e++) {
            if (m[7] && (e & 1))
                continue;
            unsigned p = rd(&r, 1);
            for (unsigned c = 0; c < 4; c++) {
                ep[e][c] = ep[e][c] << 1 | p;
                if (m[7])
                    ep[e + 1][c] = ep[e + 1][c] << 1 | p;
            }
        }
        for (unsigned c = 0; c < 4; c++)
            nb[c]++;
    }
    for (unsigned e = 0; e < 2 * ns; e++)
        for (unsigned c = 0; c < 4; c++)
            ep[e][c] = m[5] || c < 3 ? (ep[e][c] << (8 - nb[c]) | ep[e][c] >> (2 * nb[c] - 8)) & 0xff : 255;
    unsigned idx[16], idx2[16], sub[16];
    for (unsigned i = 0; i < 16; i++) {
        int anchor;
        sub[i] = bptc_subset(ns, part, i, &anchor);
        idx[i] = rd(&r, m[8] - (unsigned)anchor);
    }
    for (unsigned i = 0; m[9] && i < 16; i++)
        idx2[i] = rd(&r, m[9] - (i == 0));
    for (unsigned i = 0; i < 16; i++) {
        const unsigned *e0 = ep[2 * sub[i]], *e1 = ep[2 * sub[i] + 1];
        unsigned ci = idx[i], cb = m[8], ai = idx[i], ab = m[8];
        if (m[9]) {
            ai = idx2[i];
            ab = m[9];
            if (isb) {
                ci = idx2[i], cb = m[9];
                ai = idx[i], ab = m[8];
            }
        }
        unsigned px[4];
        for (unsigned c = 0; c < 4; c++) {
            unsigned w = c < 3 ? bptc_weights(cb)[ci] : bptc_weights(ab)[ai];
            px[c] = ((64 - w) * e0[c] + w * e1[c] + 32) >> 6;
        }
        if (rot) {
            unsigned t = px[3];
            px[3] = px[rot - 1];
            px[rot - 1] = t;
        }
        for (unsigned c = 0; c < 4; c++)
            o->px[i][c] = (float)px[c] / 255.0f;
    }
}

/* ---- BC6H (Khronos Data Format Specification s21.4) ---- */

/* Where each endpoint bit lives: segments of consecutive block bits, in
 * block order after the mode bits.  Field: endpoint * 3 + channel
 * (endpoints W X Y Z = subset 0 A B, subset 1 A B; channels R G B), 12 =
 * partition; bits lo..hi (descending when hi < lo). */
enum { RW, GW, BW, RX, GX, BX, RY, GY, BY, RZ, GZ, BZ, PD };
#define SG(f, lo, hi) {f, lo, hi}
typedef struct { uint8_t f, lo, hi; } bc6_seg;
typedef struct {
    uint8_t mode, ns, transformed, prec, delta[3];
    bc6_seg seg[24];
} bc6_mode;

static const bc6_mode bc6_modes[14] = {
    {0x00, 2, 1, 10, {5, 5, 5}, {SG(GY, 4, 4), SG(BY, 4, 4), SG(BZ, 4, 4), SG(RW, 0, 9), SG(GW, 0, 9), SG(BW, 0, 9),
      SG(RX, 0, 4), SG(GZ, 4, 4), SG(GY, 0, 3), SG(GX, 0, 4), SG(BZ, 0, 0), SG(GZ, 0, 3), SG(BX, 0, 4),
      SG(BZ, 1, 1), SG(BY, 0, 3), SG(RY, 0, 4), SG(BZ, 2, 2), SG(RZ, 0, 4), SG(BZ, 3, 3), SG(PD, 0, 4)}},
    {0x01, 2, 1, 7, {6, 6, 6}, {SG(GY, 5, 5), SG(GZ, 4, 5), SG(RW, 0, 6), SG(BZ, 0, 1), SG(BY, 4, 4), SG(GW, 0, 6),
      SG(BY, 5, 5), SG(BZ, 2, 2), SG(GY, 4, 4), SG(BW, 0, 6), SG(BZ, 3, 3), SG(BZ, 5, 5), SG(BZ, 4, 4),
      SG(RX, 0, 5), SG(GY, 0, 3), SG(GX, 0, 5), SG(GZ, 0, 3), SG(BX, 0, 5), SG(BY, 0, 3), SG(RY, 0, 5),
      SG(RZ, 0, 5), SG(PD, 0, 4)}},
    {0x02, 2, 1, 11, {5, 4, 4}, {SG(RW, 0, 9), SG(GW, 0, 9), SG(BW, 0, 9), SG(RX, 0, 4), SG(RW, 10, 10),
      SG(GY, 0, 3), SG(GX, 0, 3), SG(GW, 10, 10), SG(BZ, 0, 0), SG(GZ, 0, 3), SG(BX, 0, 3), SG(BW, 10, 10),
      SG(BZ, 1, 1), SG(BY, 0, 3), SG(RY, 0, 4), SG(BZ, 2, 2), SG(RZ, 0, 4), SG(BZ, 3, 3), SG(PD, 0, 4)}},
    {0x06, 2, 1, 11, {4, 5, 4}, {SG(RW, 0, 9), SG(GW, 0, 9), SG(BW, 0, 9), SG(RX, 0, 3), SG(RW, 10, 10),
      SG(GZ, 4, 4), SG(GY, 0, 3), SG(GX, 0, 4), SG(GW, 10, 10), SG(GZ, 0, 3), SG(BX, 0, 3), SG(BW, 10, 10),
      SG(BZ, 1, 1), SG(BY, 0, 3), SG(RY, 0, 3), SG(BZ, 0, 0), SG(BZ, 2, 2), SG(RZ, 0, 3), SG(GY, 4, 4),
      SG(BZ, 3, 3), SG(PD, 0, 4)}},
    {0x0a, 2, 1, 11, {4, 4, 5}, {SG(RW, 0, 9), SG(GW, 0, 9), SG(BW, 0, 9), SG(RX, 0, 3), SG(RW, 10, 10),
      SG(BY, 4, 4), SG(GY, 0, 3), SG(GX, 0, 3), SG(GW, 10, 10), SG(BZ, 0, 0), SG(GZ, 0, 3), SG(BX, 0, 4),
      SG(BW, 10, 10), SG(BY, 0, 3), SG(RY, 0, 3), SG(BZ, 1, 2), SG(RZ, 0, 3), SG(BZ, 4, 4), SG(BZ, 3, 3),
      SG(PD, 0, 4)}},
    {0x0e, 2, 1, 9, {5, 5, 5}, {SG(RW, 0, 8), SG(BY, 4, 4), SG(GW, 0, 8), SG(GY, 4, 4), SG(BW, 0, 8), SG(BZ, 4, 4),
      SG(RX, 0, 4), SG(GZ, 4, 4), SG(GY, 0, 3), SG(GX, 0, 4), SG(BZ, 0, 0), SG(GZ, 0, 3), SG(BX, 0, 4),
      SG(BZ, 1, 1), SG(BY, 0, 3), SG(RY, 0, 4), SG(BZ, 2, 2), SG(RZ, 0, 4), SG(BZ, 3, 3), SG(PD, 0, 4)}},
    {0x12, 2, 1, 8, {6, 5, 5}, {SG(RW, 0, 7), SG(GZ, 4, 4), SG(BY, 4, 4), SG(GW, 0, 7), SG(BZ, 2, 2), SG(GY, 4, 4),
      SG(BW, 0, 7), SG(BZ, 3, 4), SG(RX, 0, 5), SG(GY, 0, 3), SG(GX, 0, 4), SG(BZ, 0, 0), SG(GZ, 0, 3),
      SG(BX, 0, 4), SG(BZ, 1, 1), SG(BY, 0, 3), SG(RY, 0, 5), SG(RZ, 0, 5), SG(PD, 0, 4)}},
    {0x16, 2, 1, 8, {5, 6, 5}, {SG(RW, 0, 7), SG(BZ, 0, 0), SG(BY, 4, 4), SG(GW, 0, 7), SG(GY, 5, 5), SG(GY, 4, 4),
      SG(BW, 0, 7), SG(GZ, 5, 5), SG(BZ, 4, 4), SG(RX, 0, 4), SG(GZ, 4, 4), SG(GY, 0, 3), SG(GX, 0, 5),
      SG(GZ, 0, 3), SG(BX, 0, 4), SG(BZ, 1, 1), SG(BY, 0, 3), SG(RY, 0, 4), SG(BZ, 2, 2), SG(RZ, 0, 4),
      SG(BZ, 3, 3), SG(PD, 0, 4)}},
    {0x1a, 2, 1, 8, {5, 5, 6}, {SG(RW, 0, 7), SG(BZ, 1, 1), SG(BY, 4, 4), SG(GW, 0, 7), SG(BY, 5, 5), SG(GY, 4, 4),
      SG(BW, 0, 7), SG(BZ, 5, 5), SG(BZ, 4, 4), SG(RX, 0, 4), SG(GZ, 4, 4), SG(GY, 0, 3), SG(GX, 0, 4),
      SG(BZ, 0, 0), SG(GZ, 0, 3), SG(BX, 0, 5), SG(BY, 0, 3), SG(RY, 0, 4), SG(BZ, 2, 2), SG(RZ, 0, 4),
      SG(BZ, 3, 3), SG(PD, 0, 4)}},
    {0x1e, 2, 0, 6, {6, 6, 6}, {SG(RW, 0, 5), SG(GZ, 4, 4), SG(BZ, 0, 1), SG(BY, 4, 4), SG(GW, 0, 5), SG(GY, 5, 5),
      SG(BY, 5, 5), SG(BZ, 2, 2), SG(GY, 4, 4), SG(BW, 0, 5), SG(GZ, 5, 5), SG(BZ, 3, 3), SG(BZ, 5, 5),
      SG(BZ, 4, 4), SG(RX, 0, 5), SG(GY, 0, 3), SG(GX, 0, 5), SG(GZ, 0, 3), SG(BX, 0, 5), SG(BY, 0, 3),
      SG(RY, 0, 5), SG(RZ, 0, 5), SG(PD, 0, 4)}},
    {0x03, 1, 0, 10, {10, 10, 10}, {SG(RW, 0, 9), SG(GW, 0, 9), SG(BW, 0, 9), SG(RX, 0, 9), SG(GX, 0, 9),
      SG(BX, 0, 9)}},
    {0x07, 1, 1, 11, {9, 9, 9}, {SG(RW, 0, 9), SG(GW, 0, 9), SG(BW, 0, 9), SG(RX, 0, 8), SG(RW, 10, 10),
      SG(GX, 0, 8), SG(GW, 10, 10), SG(BX, 0, 8), SG(BW, 10, 10)}},
    {0x0b, 1, 1, 12, {8, 8, 8}, {SG(RW, 0, 9), SG(GW, 0, 9), SG(BW, 0, 9), SG(RX, 0, 7), SG(RW, 11, 10),
      SG(GX, 0, 7), SG(GW, 11, 10), SG(BX, 0, 7), SG(BW, 11, 10)}},
    {0x0f, 1, 1, 16, {4, 4, 4}, {SG(RW, 0, 9), SG(GW, 0, 9), SG(BW, 0, 9), SG(RX, 0, 3), SG(RW, 15, 10),
      SG(GX, 0, 3), SG(GW, 15, 10), SG(BX, 0, 3), SG(BW, 15, 10)}},
};

static int bc6_unquantize(int v, unsigned prec, int sgn)
{
    if (!sgn) {
        if (prec >= 15 || v == 0)
            return v;
        if (v == (1 << prec) - 1)
            return 0xffff;
        return ((v << 16) + 0x8000) >> prec;
    }
    if (prec >= 16)
        return v;
    int neg = v < 0, a = neg ? -v : v, q;
    if (a == 0)
        q = 0;
    else if (a >= (1 << (prec - 1)) - 1)
        q = 0x7fff;
    else
        q = ((a << 15) + 0x4000) >> (prec - 1);
    return neg ? -q : q;
}

static void bc6h_decode(const uint8_t *b, int sgn, block *o)
{
    bits128 r = {ld64le(b), ld64le(b + 8), 0};
    unsigned mv = rd(&r, 2);
    if (mv >= 2) {
        r.pos = 0;
        mv = rd(&r, 5);
    }
    const bc6_mode *m = NULL;
    for (unsigned k = 0; k < 14; k++)
        if (bc6_modes[k].mode == mv)
            m = &bc6_modes[k];
    for (unsigned i = 0; i < 16; i++)
        o->px[i][0] = o->px[i][1] = o->px[i][2] = 0, o->px[i][3] = 1.0f;
    if (!m)
        return; /* reserved mode: black */
    int fld[13] = {0};
    for (unsigned s = 0; s < 24 && (m->seg[s].lo | m->seg[s].hi | m->seg[s].f); s++) { /* {0,0,0} ends */
        const bc6_seg *g = &m->seg[s];
        int step = g->hi >= g->lo ? 1 : -1;
        for (int bit = g->lo;; bit += step) {
            fld[g->f] |= (int)rd(&r, 1) << bit;
            if (bit == g->hi)
                break;
        }
    }
    unsigned ns = m->ns, nep = 2 * ns;
    int ep[4][3];
    for (unsigned e = 0; e < nep; e++)
        for (unsigned c = 0; c < 3; c++) {
            unsigned n = e == 0 ? m->prec : m->delta[c];
            int v = fld[e * 3 + c];
            if ((e == 0 && sgn) || (e > 0 && (sgn || m->transformed)))
                v = (int)sext((uint64_t)v, n);
            ep[e][c] = v;
        }
    if (m->transformed)
        for (unsigned e = 1; e < nep; e++)
            for (unsigned c = 0; c < 3; c++) {
                int v = (ep[0][c] + ep[e][c]) & (int)mask64(m->prec);
                ep[e][c] = sgn ? (int)sext((uint64_t)v, m->prec) : v;
            }
    for (unsigned e = 0; e < nep; e++)
        for (unsigned c = 0; c < 3; c++)
            ep[e][c] = bc6_unquantize(ep[e][c], m->prec, sgn);
    unsigned part = (unsigned)fld[PD], ib = ns == 2 ? 3 : 4;
    r.pos = ns == 2 ? 82 : 65;
    const uint8_t *w = bptc_weights(ib);
    for (unsigned i = 0; i < 16; i++) {
        int anchor;
        unsigned s = bptc_subset(ns, part, i, &anchor);
        unsigned ix = rd(&r, ib - (unsigned)anchor);
        for (unsigned c = 0; c < 3; c++) {
            int v = ((64 - w[ix]) * ep[2 * s][c] + w[ix] * ep[2 * s + 1][c] + 32) >> 6;
            uint16_t h;
            if (!sgn)
                h = (uint16_t)((v * 31) >> 6);
            else if (v < 0)
                h = (uint16_t)(0x8000 | ((-v * 31) >> 5));
            else
                h = (uint16_t)((v * 31) >> 5);
            o->px[i][c] = sf_half_to_float(h);
        }
    }
}

/* ---- ETC1 / ETC2 / EAC (OpenGL ES 3.0 Annex C) ---- */

/* Big-endian 64-bit blocks; pixel (x, y) is index k = 4x + y, its 2-bit
 * index has the MSB at bit 16 + k and the LSB at bit k. */
static const int etc_mod[8][2] = {{2, 8}, {5, 17}, {9, 29}, {13, 42}, {18, 60}, {24, 80}, {33, 106}, {47, 183}};
static const int etc_dist[8] = {3, 6, 11, 16, 23, 32, 41, 64};
static const int8_t eac_mod[16][8] = {
    {-3, -6, -9, -15, 2, 5, 8, 14}, {-3, -7, -10, -13, 2, 6, 9, 12}, {-2, -5, -8, -13, 1, 4, 7, 12},
    {-2, -4, -6, -13, 1, 3, 5, 12}, {-3, -6, -8, -12, 2, 5, 7, 11}, {-3, -7, -9, -11, 2, 6, 8, 10},
    {-4, -7, -8, -11, 3, 6, 7, 10}, {-3, -5, -8, -11, 2, 4, 7, 10}, {-2, -6, -8, -10, 1, 5, 7, 9},
    {-2, -5, -8, -10, 1, 4, 7, 9},  {-2, -4, -8, -10, 1, 3, 7, 9},  {-2, -5, -7, -10, 1, 4, 6, 9},
    {-3, -4, -7, -10, 2, 3, 6, 9},  {-1, -2, -3, -10, 0, 1, 2, 9},  {-4, -6, -8, -9, 3, 5, 7, 8},
    {-3, -5, -7, -9, 2, 4, 6, 8},
};

static inline int clamp255(int v)
{
    return v < 0 ? 0 : v > 255 ? 255 : v;
}
static inline unsigned fld(uint64_t v, unsigned hi, unsigned lo)
{
    return (unsigned)(v >> lo) & (unsigned)mask64(hi - lo + 1);
}

/* ETC1 (etc2 = 0) or ETC2 RGB (etc2 = 1, pta = punch-through alpha: bit
 * 33 is "opaque" instead of "differential") into 8-bit RGBA. */
static void etc_decode(const uint8_t *b, int etc2, int pta, int px[16][4])
{
    uint64_t v = ld64be(b);
    int diff = pta || fld(v, 33, 33), opaque = !pta || fld(v, 33, 33);
    int base[2][3], pal[4][3];
    unsigned idx = (unsigned)v;
    for (unsigned i = 0; i < 16; i++)
        px[i][3] = 255;
    if (diff) {
        int d[3], ovf = -1;
        for (unsigned c = 0; c < 3; c++) {
            unsigned b5 = fld(v, 63 - 8 * c, 59 - 8 * c);
            d[c] = (int)b5 + (int)sext(fld(v, 58 - 8 * c, 56 - 8 * c), 3);
            if (ovf < 0 && (d[c] < 0 || d[c] > 31))
                ovf = (int)c;
            base[0][c] = (int)(b5 << 3 | b5 >> 2);
            unsigned d5 = (unsigned)d[c] & 31; /* ETC1: overflow is invalid; ETC2 decodes T/H/planar */
            base[1][c] = (int)(d5 << 3 | d5 >> 2);
        }
        if (etc2 && ovf >= 0 && ovf < 2) { /* T (R overflows) or H (G overflows) mode */
            int c1[3], c2[3], dist;
            if (ovf == 0) {
                c1[0] = (int)(fld(v, 60, 59) << 2 | fld(v, 57, 56)), c1[1] = (int)fld(v, 55, 52);
                c1[2] = (int)fld(v, 51, 48), c2[0] = (int)fld(v, 47, 44), c2[1] = (int)fld(v, 43, 40);
                c2[2] = (int)fld(v, 39, 36);
            } else {
                c1[0] = (int)fld(v, 62, 59), c1[1] = (int)(fld(v, 58, 56) << 1 | fld(v, 52, 52));
                c1[2] = (int)(fld(v, 51, 51) << 3 | fld(v, 49, 47)), c2[0] = (int)fld(v, 46, 43);
                c2[1] = (int)fld(v, 42, 39), c2[2] = (int)fld(v, 38, 35);
            }
            for (unsigned c = 0; c < 3; c++)
                c1[c] |= c1[c] << 4, c2[c] |= c2[c] << 4;
            if (ovf == 0) {
                dist = etc_dist[fld(v, 35, 34) << 1 | fld(v, 32, 32)];
                for (unsigned c = 0; c < 3; c++) {
                    pal[0][c] = c1[c], pal[1][c] = clamp255(c2[c] + dist);
                    pal[2][c] = c2[c], pal[3][c] = clamp255(c2[c] - dist);
                }
            } else {
                int ge = (c1[0] << 16 | c1[1] << 8 | c1[2]) >= (c2[0] << 16 | c2[1] << 8 | c2[2]);
                dist = etc_dist[fld(v, 34, 34) << 2 | fld(v, 32, 32) << 1 | (unsigned)ge];
                for (unsigned c = 0; c < 3; c++) {
                    pal[0][c] = clamp255(c1[c] + dist), pal[1][c] = clamp255(c1[c] - dist);
                    pal[2][c] = clamp255(c2[c] + dist), pal[3][c] = clamp255(c2[c] - dist);
                }
            }
            for (unsigned k = 0; k < 16; k++) {
                unsigned s = (idx >> (16 + k) & 1) << 1 | (idx >> k & 1), i = (k & 3) * 4 + (k >> 2);
                for (unsigned c = 0; c < 3; c++)
                    px[i][c] = pal[s][c];
                if (!opaque && s == 2)
                    px[i][0] = px[i][1] = px[i][2] = px[i][3] = 0;
            }
            return;
        }
        if (etc2 && ovf == 2) { /* planar mode: R, B 6 bits, G 7 bits at O, H, V */
            int o[3] = {(int)fld(v, 62, 57), (int)(fld(v, 56, 56) << 6 | fld(v, 54, 49)),
                        (int)(fld(v, 48, 48) << 5 | fld(v, 44, 43) << 3 | fld(v, 41, 39))};
            int h[3] = {(int)(fld(v, 38, 34) << 1 | fld(v, 32, 32)), (int)fld(v, 31, 25), (int)fld(v, 24, 19)};
            int w[3] = {(int)fld(v, 18, 13), (int)fld(v, 12, 6), (int)fld(v, 5, 0)};
            for (unsigned c = 0; c < 3; c++) {
                int g = c == 1;
                o[c] = g ? o[c] << 1 | o[c] >> 6 : o[c] << 2 | o[c] >> 4;
                h[c] = g ? h[c] << 1 | h[c] >> 6 : h[c] << 2 | h[c] >> 4;
                w[c] = g ? w[c] << 1 | w[c] >> 6 : w[c] << 2 | w[c] >> 4;
            }
            for (unsigned y = 0; y < 4; y++)
                for (unsigned x = 0; x < 4; x++)
                    for (unsigned c = 0; c < 3; c++)
                        px[4 * y + x][c] =
                            clamp255(((int)x * (h[c] - o[c]) + (int)y * (w[c] - o[c]) + 4 * o[c] + 2) >> 2);
            return;
        }
    } else {
        for (unsigned c = 0; c < 3; c++) {
            base[0][c] = (int)fld(v, 63 - 8 * c, 60 - 8 * c) * 17;
            base[1][c] = (int)fld(v, 59 - 8 * c, 56 - 8 * c) * 17;
        }
    }
    unsigned tab[2] = {fld(v, 39, 37), fld(v, 36, 34)}, flip = fld(v, 32, 32);
    for (unsigned k = 0; k < 16; k++) {
        unsigned x = k >> 2, y = k & 3, sb = flip ? y >= 2 : x >= 2, i = 4 * y + x;
        unsigned msb = idx >> (16 + k) & 1, lsb = idx >> k & 1;
        int mod = etc_mod[tab[sb]][lsb];
        if (msb)
            mod = -mod;
        if (!opaque && !lsb) { /* punch-through: 0 = base colour, 2 = transparent */
            mod = 0;
            if (msb) {
                px[i][0] = px[i][1] = px[i][2] = px[i][3] = 0;
                continue;
            }
        }
        for (unsigned c = 0; c < 3; c++)
            px[i][c] = clamp255(base[sb][c] + mod);
    }
}

/* EAC 11-bit channel (R11/RG11; signed: SIGNED_R11) as a float, or the
 * 8-bit ETC2 alpha (alpha8 = 1: value 0..255). */
static void eac_decode(const uint8_t *b, int sgn, int alpha8, float out[16])
{
    uint64_t v = ld64be(b);
    int base = sgn ? (int8_t)fld(v, 63, 56) : (int)fld(v, 63, 56), mul = (int)fld(v, 55, 52);
    const int8_t *t = eac_mod[fld(v, 51, 48)];
    if (base < -127)
        base = -127;
    for (unsigned k = 0; k < 16; k++) {
        int mod = t[fld(v, 47 - 3 * k, 45 - 3 * k)], val;
        unsigned i = (k & 3) * 4 + (k >> 2);
        if (alpha8) {
            out[i] = (float)clamp255(base + mod * mul) / 255.0f;
            continue;
        }
        if (sgn) {
            val = base * 8 + mod * (mul ? mul * 8 : 1);
            val = val < -1023 ? -1023 : val > 1023 ? 1023 : val;
            out[i] = (float)val / 1023.0f;
        } else {
            val = base * 8 + 4 + mod * (mul ? mul * 8 : 1);
            val = val < 0 ? 0 : val > 2047 ? 2047 : val;
            out[i] = (float)val / 2047.0f;
        }
    }
}

int sf_format_unpack_block(const sf_format_info *fi, const uint8_t *src, sf_texel out[16])
{
    block o;
    int px[16][4];
    float ch[16];
    int sn = fi->ch[0].type == SF_CT_SNORM;
    memset(&o, 0, sizeof(o));
    for (unsigned i = 0; i < 16; i++)
        o.px[i][3] = 1.0f;
    switch (fi->codec) {
    case SF_CODEC_BC1:
    case SF_CODEC_BC1_RGB:
        bc1_decode(src, 0, fi->codec == SF_CODEC_BC1_RGB, &o);
        break;
    case SF_CODEC_BC2:
        bc1_decode(src + 8, 1, 0, &o);
        for (unsigned i = 0; i < 16; i++)
            o.px[i][3] = (float)((src[i / 2] >> (4 * (i & 1))) & 15) / 15.0f;
        break;
    case SF_CODEC_BC3:
        bc1_decode(src + 8, 1, 0, &o);
        bc4_decode(src, 0, &o, 3);
        break;
    case SF_CODEC_BC4:
        bc4_decode(src, sn, &o, 0);
        break;
    case SF_CODEC_BC5:
        bc4_decode(src, sn, &o, 0);
        bc4_decode(src + 8, sn, &o, 1);
        break;
    case SF_CODEC_BC6H:
        bc6h_decode(src, fi->ch[0].type == SF_CT_FLOAT, &o);
        break;
    case SF_CODEC_BC7:
        bc7_decode(src, &o);
        break;
    case SF_CODEC_ETC1:
    case SF_CODEC_ETC2:
    case SF_CODEC_ETC2_PTA:
    case SF_CODEC_ETC2_EAC:
        etc_decode(fi->codec == SF_CODEC_ETC2_EAC ? src + 8 : src, fi->codec != SF_CODEC_ETC1,
                   fi->codec == SF_CODEC_ETC2_PTA, px);
        for (unsigned i = 0; i < 16; i++)
            for (unsigned c = 0; c < 4; c++)
                o.px[i][c] = (float)px[i][c] / 255.0f;
        if (fi->codec == SF_CODEC_ETC2_EAC) {
            eac_decode(src, 0, 1, ch);
            for (unsigned i = 0; i < 16; i++)
                o.px[i][3] = ch[i];
        }
        break;
    case SF_CODEC_EAC_R11:
    case SF_CODEC_EAC_RG11:
        for (unsigned c = 0; c < (fi->codec == SF_CODEC_EAC_RG11 ? 2u : 1u); c++) {
            eac_decode(src + 8 * c, sn, 0, ch);
            for (unsigned i = 0; i < 16; i++)
                o.px[i][c] = ch[i];
        }
        break;
    default:
        memset(out, 0, 16 * sizeof(*out));
        return -1;
    }
    for (unsigned i = 0; i < 16; i++) {
        for (unsigned c = 0; c < 4; c++)
            out[i].f[c] = c < 3 && fi->ch[c].type == SF_CT_SRGB ? sf_srgb_to_linear(o.px[i][c]) : o.px[i][c];
    }
    return 0;
}

static int unpack_compressed(const sf_format_info *fi, const uint8_t *src, unsigned x, unsigned y,
                             sf_texel *out)
{
    sf_texel blk[16];
    if (sf_format_unpack_block(fi, src, blk))
        return -1;
    *out = blk[(y & 3) * 4 + (x & 3)];
    return 0;
}
