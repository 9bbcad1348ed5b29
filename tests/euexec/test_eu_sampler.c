/*
 * Sampler (SFID 2) and typed surface messages (data port 1) at the
 * instruction level: each kernel is IGA assembly (iga64 at test time)
 * whose send / sends instructions read a surface the test wrote in memory
 * through hand-built RENDER_SURFACE_STATE / SAMPLER_STATE, run on a
 * harness thread; results are checked in the GRF or in memory.  The same
 * source is built for Gen9 (skl, -p=9) and Gen12LP (tgllp, -p=12p1,
 * EU_GEN12).
 *
 * Every expected value comes from the reference code below, written from
 * the public facts (/tmp/img/facts/sampler.md: descriptors, header,
 * payload orders, SAMPLER_STATE, RENDER_SURFACE_STATE, surface layouts and
 * tile swizzles) and from the formats' published definitions: per channel
 * UNORM v / (2^n - 1), SNORM max(-1, v / (2^(n-1) - 1)), IEEE half and the
 * 11/10-bit unsigned floats, the sRGB curve (IEC 61966-2-1), shared
 * exponent (EXT_texture_shared_exponent); BC1-BC5 (Microsoft "Block
 * Compression (Direct3D 10)"), BC6H / BC7 (Microsoft "BC6H Format" /
 * "BC7 Format"), ETC1 / ETC2 / EAC (OpenGL ES 3.0 Annex C) on blocks the
 * test builds.  Nothing in src/sf is called for an expected value.
 *
 * Choices of the implementation where the facts are silent, which the
 * expected values follow: linear filter weights rounded to 8 fractional
 * bits; ld outside the surface returns 0 in every channel; a typed read
 * outside it returns (0, 0, 0, 1).
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "harness.h"

#ifdef EU_GEN12
#define END "sync.bar null\n"
#else
#define END "wait n0.0:ud\n"
#endif

static harness H;

/* ---- memory (the harness maps GVA 0 .. 16 MiB 1:1) ---- */
#define SSB 0x200000ull        /* Surface State Base: RENDER_SURFACE_STATE k at SSB + 64 k */
#define BT (SSB + 0x1000)      /* binding table */
#define DSB 0x280000ull        /* Dynamic State Base */
#define BORDER_OFF 0x40u       /* SAMPLER_BORDER_COLOR_STATE (64-byte aligned) */
#define SMP_OFF 0x100u         /* SAMPLER_STATE table (the dispatch's pointer) */
#define SURF 0x400000ull       /* surfaces */
#define MAPPED_END 0x1000000ull

static void wmem(uint64_t a, const void *p, size_t n) { gt_mem_write(H.dev->mem, a, p, n); }
static void rmem(uint64_t a, void *p, size_t n) { gt_mem_read(H.dev->mem, a, p, n); }
static void w32(uint64_t a, uint32_t v) { wmem(a, &v, 4); }
static void clear(uint64_t a, size_t n)
{
    static const uint8_t z[4096];
    for (size_t k = 0; k < n; k += sizeof z)
        wmem(a + k, z, n - k < sizeof z ? n - k : sizeof z);
}

static uint32_t f2u(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static float u2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

static uint32_t rng_state;
static uint32_t rnd(void)
{
    uint32_t x = rng_state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return rng_state = x;
}

static int setup(void **st)
{
    (void)st;
    h_init(&H);
    H.disp.surface_state_base = SSB;
    H.disp.binding_table = BT;
    H.disp.dynamic_state_base = DSB;
    H.disp.sampler_state = DSB + SMP_OFF;
    rng_state = 0x2545F491u;
    return 0;
}
static int teardown(void **st) { (void)st; h_fini(&H); return 0; }

/* ---- kernels ---- */

static char kbuf[16384];
static size_t klen;

static void k_reset(void) { klen = 0; kbuf[0] = 0; }
static void k_line(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    klen += (size_t)vsnprintf(kbuf + klen, sizeof kbuf - klen, fmt, ap);
    va_end(ap);
    klen += (size_t)snprintf(kbuf + klen, sizeof kbuf - klen, "\n");
    assert_true(klen < sizeof kbuf - 64);
}
#define SFID_SMPL 0x2u
#define SFID_DC1 0xCu
/* A send of ExecSize n starting at channel off: dst register (-1 null),
 * message src0 (mlen in desc), optional src1 of exlen registers (-1: none);
 * Gen9 `send` / `sends` with the SFID in ExDesc 3:0, Gen12 `send.<sfid>`. */
static void k_send(unsigned n, unsigned off, int dst, unsigned src0, int src1, unsigned exlen, unsigned sfid,
                   uint32_t desc)
{
    char d[16];
#ifdef EU_GEN12
    if (dst < 0) snprintf(d, sizeof d, "null");
    else snprintf(d, sizeof d, "r%d", dst);
    char s1[16];
    if (src1 < 0) snprintf(s1, sizeof s1, "null");
    else snprintf(s1, sizeof s1, "r%d", src1);
    k_line("send.%s (%u|M%u) %s r%u %s 0x%x 0x%08x", sfid == SFID_SMPL ? "smpl" : "dc1", n, off, d, src0, s1,
           src1 < 0 ? 0 : exlen << 6, desc);
#else
    if (dst < 0) snprintf(d, sizeof d, "null:ud");
    else snprintf(d, sizeof d, "r%d:ud", dst);
    if (src1 < 0)
        k_line("send (%u|M%u) %s r%u:ud 0x%x 0x%08x", n, off, d, src0, sfid, desc);
    else
        k_line("sends (%u|M%u) %s r%u:ud r%d:ud 0x%x 0x%08x", n, off, d, src0, src1, sfid | exlen << 6, desc);
#endif
}
static void k_load(void)
{
    k_line("%s", END);
    h_load(&H, kbuf);
}

/* Sampler descriptor (facts 1.1): 28:25 mlen, 24:20 rlen, 19 header,
 * 18:17 SIMD mode (1 SIMD8, 2 SIMD16), 16:12 type, 11:8 sampler, 7:0 BTI. */
enum { MT_SAMPLE_L = 0x02, MT_LD = 0x07, MT_GATHER4 = 0x08, MT_RESINFO = 0x0A, MT_SAMPLE_LZ = 0x18,
       MT_SAMPLE_C_LZ = 0x19, MT_LD_LZ = 0x1A };
static uint32_t sdesc(unsigned type, unsigned simd, unsigned hdr, unsigned mlen, unsigned rlen, unsigned smp,
                      unsigned bti)
{
    return (uint32_t)mlen << 25 | (uint32_t)rlen << 20 | (uint32_t)hdr << 19 | (simd == 16 ? 2u : 1u) << 17 |
           (uint32_t)type << 12 | (uint32_t)smp << 8 | bti;
}
/* Data port 1 typed descriptor (facts 4.1): 18:14 type (5 read, 0xD write,
 * 6 atomic), 13:8 control (read/write: 13:12 slot group, 11:8 disabled
 * channels; atomic: 13 return, 12 high slots, 11:8 operation). */
enum { DC1_TREAD = 0x05, DC1_TWRITE = 0x0D, DC1_TATOMIC = 0x06 };
static uint32_t tdesc(unsigned type, unsigned ctrl, unsigned mlen, unsigned rlen, unsigned bti)
{
    return (uint32_t)mlen << 25 | (uint32_t)rlen << 20 | (uint32_t)type << 14 | (uint32_t)ctrl << 8 | bti;
}

/* GRF access by lane: a SIMD16 parameter spans two registers. */
static void pu(unsigned reg, unsigned lane, uint32_t v) { h_ud(&H, (int)(reg + lane / 8))[lane % 8] = v; }
static void pf(unsigned reg, unsigned lane, float v) { pu(reg, lane, f2u(v)); }
static uint32_t gu(unsigned reg, unsigned lane) { return h_ud(&H, (int)(reg + lane / 8))[lane % 8]; }
static float gf(unsigned reg, unsigned lane) { return u2f(gu(reg, lane)); }
static void fill_regs(unsigned reg, unsigned n, uint32_t v)
{
    for (unsigned r = reg; r < reg + n; r++)
        for (unsigned i = 0; i < 8; i++)
            h_ud(&H, (int)r)[i] = v;
}

/* ---- surface formats: reference definitions ---- */

/* Block codecs of the compressed formats. */
enum { C_NONE, C_BC1, C_BC2, C_BC3, C_BC4, C_BC5, C_BC6H, C_BC7, C_ETC1, C_ETC2, C_EAC_R, C_EAC_RG, C_ETC2_EAC };
enum { F_INT = 1, F_TW = 2, F_TR = 4, F_SRGB = 8, F_SIGNED = 16 };

typedef struct fmtd {
    const char *name;
    unsigned num;         /* SURFACE_FORMAT (facts 6.2) */
    unsigned bpe;         /* bytes per element (pixel or 4x4 block) */
    /* channels from bit 0 up, "C:tN": C R G B A, L (luminance: R=G=B=L),
     * I (intensity: R=G=B=A=I), X (ignored); t un sn ui si fl uf sr (sRGB
     * UNORM), N bits; "E5" is R9G9B9E5 */
    const char *chans;
    unsigned codec, flags;
} fmtd;

/* F_TW / F_TR: typed write / typed read on Gen9 (Mesa isl_format.c
 * format_info TW / TR columns <= 90). */
static const fmtd FORMATS[] = {
    {"R32G32B32A32_FLOAT", 0x000, 16, "R:fl32 G:fl32 B:fl32 A:fl32", 0, F_TW | F_TR},
    {"R32G32B32A32_SINT", 0x001, 16, "R:si32 G:si32 B:si32 A:si32", 0, F_INT | F_TW | F_TR},
    {"R32G32B32A32_UINT", 0x002, 16, "R:ui32 G:ui32 B:ui32 A:ui32", 0, F_INT | F_TW | F_TR},
    {"R16G16B16A16_UNORM", 0x080, 8, "R:un16 G:un16 B:un16 A:un16", 0, F_TW},
    {"R16G16B16A16_SNORM", 0x081, 8, "R:sn16 G:sn16 B:sn16 A:sn16", 0, F_TW},
    {"R16G16B16A16_SINT", 0x082, 8, "R:si16 G:si16 B:si16 A:si16", 0, F_INT | F_TW | F_TR},
    {"R16G16B16A16_UINT", 0x083, 8, "R:ui16 G:ui16 B:ui16 A:ui16", 0, F_INT | F_TW | F_TR},
    {"R16G16B16A16_FLOAT", 0x084, 8, "R:fl16 G:fl16 B:fl16 A:fl16", 0, F_TW | F_TR},
    {"R32G32_FLOAT", 0x085, 8, "R:fl32 G:fl32", 0, F_TW | F_TR},
    {"R32G32_SINT", 0x086, 8, "R:si32 G:si32", 0, F_INT | F_TW | F_TR},
    {"R32G32_UINT", 0x087, 8, "R:ui32 G:ui32", 0, F_INT | F_TW | F_TR},
    {"R32_FLOAT_X8X24_TYPELESS", 0x088, 8, "R:fl32 X:x32", 0, 0},
    {"B8G8R8A8_UNORM", 0x0C0, 4, "B:un8 G:un8 R:un8 A:un8", 0, F_TW},
    {"B8G8R8A8_UNORM_SRGB", 0x0C1, 4, "B:sr8 G:sr8 R:sr8 A:un8", 0, F_SRGB},
    {"R10G10B10A2_UNORM", 0x0C2, 4, "R:un10 G:un10 B:un10 A:un2", 0, F_TW},
    {"R10G10B10A2_UINT", 0x0C4, 4, "R:ui10 G:ui10 B:ui10 A:ui2", 0, F_INT | F_TW},
    {"R8G8B8A8_UNORM", 0x0C7, 4, "R:un8 G:un8 B:un8 A:un8", 0, F_TW},
    {"R8G8B8A8_UNORM_SRGB", 0x0C8, 4, "R:sr8 G:sr8 B:sr8 A:un8", 0, F_SRGB},
    {"R8G8B8A8_SNORM", 0x0C9, 4, "R:sn8 G:sn8 B:sn8 A:sn8", 0, F_TW},
    {"R8G8B8A8_SINT", 0x0CA, 4, "R:si8 G:si8 B:si8 A:si8", 0, F_INT | F_TW | F_TR},
    {"R8G8B8A8_UINT", 0x0CB, 4, "R:ui8 G:ui8 B:ui8 A:ui8", 0, F_INT | F_TW | F_TR},
    {"R16G16_UNORM", 0x0CC, 4, "R:un16 G:un16", 0, F_TW},
    {"R16G16_SNORM", 0x0CD, 4, "R:sn16 G:sn16", 0, F_TW},
    {"R16G16_SINT", 0x0CE, 4, "R:si16 G:si16", 0, F_INT | F_TW | F_TR},
    {"R16G16_UINT", 0x0CF, 4, "R:ui16 G:ui16", 0, F_INT | F_TW | F_TR},
    {"R16G16_FLOAT", 0x0D0, 4, "R:fl16 G:fl16", 0, F_TW | F_TR},
    {"B10G10R10A2_UNORM", 0x0D1, 4, "B:un10 G:un10 R:un10 A:un2", 0, F_TW},
    {"R11G11B10_FLOAT", 0x0D3, 4, "R:uf11 G:uf11 B:uf10", 0, F_TW},
    {"R32_SINT", 0x0D6, 4, "R:si32", 0, F_INT | F_TW | F_TR},
    {"R32_UINT", 0x0D7, 4, "R:ui32", 0, F_INT | F_TW | F_TR},
    {"R32_FLOAT", 0x0D8, 4, "R:fl32", 0, F_TW | F_TR},
    {"R24_UNORM_X8_TYPELESS", 0x0D9, 4, "R:un24 X:x8", 0, 0},
    {"R9G9B9E5_SHAREDEXP", 0x0ED, 4, "E5", 0, 0},
    {"B5G6R5_UNORM", 0x100, 2, "B:un5 G:un6 R:un5", 0, F_TW},
    {"B5G5R5A1_UNORM", 0x102, 2, "B:un5 G:un5 R:un5 A:un1", 0, F_TW},
    {"B4G4R4A4_UNORM", 0x104, 2, "B:un4 G:un4 R:un4 A:un4", 0, F_TW},
    {"R8G8_UNORM", 0x106, 2, "R:un8 G:un8", 0, F_TW},
    {"R8G8_SNORM", 0x107, 2, "R:sn8 G:sn8", 0, F_TW},
    {"R8G8_SINT", 0x108, 2, "R:si8 G:si8", 0, F_INT | F_TW | F_TR},
    {"R8G8_UINT", 0x109, 2, "R:ui8 G:ui8", 0, F_INT | F_TW | F_TR},
    {"R16_UNORM", 0x10A, 2, "R:un16", 0, F_TW},
    {"R16_SNORM", 0x10B, 2, "R:sn16", 0, F_TW},
    {"R16_SINT", 0x10C, 2, "R:si16", 0, F_INT | F_TW | F_TR},
    {"R16_UINT", 0x10D, 2, "R:ui16", 0, F_INT | F_TW | F_TR},
    {"R16_FLOAT", 0x10E, 2, "R:fl16", 0, F_TW | F_TR},
    {"L8A8_UNORM", 0x114, 2, "L:un8 A:un8", 0, 0},
    {"R8_UNORM", 0x140, 1, "R:un8", 0, F_TW},
    {"R8_SNORM", 0x141, 1, "R:sn8", 0, F_TW},
    {"R8_SINT", 0x142, 1, "R:si8", 0, F_INT | F_TW | F_TR},
    {"R8_UINT", 0x143, 1, "R:ui8", 0, F_INT | F_TW | F_TR},
    {"A8_UNORM", 0x144, 1, "A:un8", 0, F_TW},
    {"I8_UNORM", 0x145, 1, "I:un8", 0, 0},
    {"L8_UNORM", 0x146, 1, "L:un8", 0, 0},
    {"BC1_UNORM", 0x186, 8, NULL, C_BC1, 0},
    {"BC2_UNORM", 0x187, 16, NULL, C_BC2, 0},
    {"BC3_UNORM", 0x188, 16, NULL, C_BC3, 0},
    {"BC4_UNORM", 0x189, 8, NULL, C_BC4, 0},
    {"BC5_UNORM", 0x18A, 16, NULL, C_BC5, 0},
    {"BC1_UNORM_SRGB", 0x18B, 8, NULL, C_BC1, F_SRGB},
    {"BC4_SNORM", 0x199, 8, NULL, C_BC4, F_SIGNED},
    {"BC5_SNORM", 0x19A, 16, NULL, C_BC5, F_SIGNED},
    {"BC6H_SF16", 0x1A1, 16, NULL, C_BC6H, F_SIGNED},
    {"BC7_UNORM", 0x1A2, 16, NULL, C_BC7, 0},
    {"BC7_UNORM_SRGB", 0x1A3, 16, NULL, C_BC7, F_SRGB},
    {"BC6H_UF16", 0x1A4, 16, NULL, C_BC6H, 0},
    {"ETC1_RGB8", 0x1A9, 8, NULL, C_ETC1, 0},
    {"ETC2_RGB8", 0x1AA, 8, NULL, C_ETC2, 0},
    {"EAC_R11", 0x1AB, 8, NULL, C_EAC_R, 0},
    {"EAC_RG11", 0x1AC, 16, NULL, C_EAC_RG, 0},
    {"EAC_SIGNED_R11", 0x1AD, 8, NULL, C_EAC_R, F_SIGNED},
    {"EAC_SIGNED_RG11", 0x1AE, 16, NULL, C_EAC_RG, F_SIGNED},
    {"ETC2_SRGB8", 0x1AF, 8, NULL, C_ETC2, F_SRGB},
    {"ETC2_EAC_RGBA8", 0x1C2, 16, NULL, C_ETC2_EAC, 0},
};
#define NFORMATS (sizeof FORMATS / sizeof FORMATS[0])

static const fmtd *fmt_by_name(const char *name)
{
    for (unsigned i = 0; i < NFORMATS; i++)
        if (!strcmp(FORMATS[i].name, name))
            return &FORMATS[i];
    fail_msg("no format %s", name);
    return NULL;
}

typedef union texel { float f[4]; uint32_t u[4]; int32_t i[4]; } texel;

typedef struct chan { char c; char t[3]; unsigned bits; } chan;
static unsigned parse_chans(const char *s, chan *ch)
{
    unsigned n = 0;
    while (s && *s) {
        while (*s == ' ')
            s++;
        if (!*s)
            break;
        assert_true(n < 5);
        ch[n].c = s[0]; /* "C:tN": t one or two letters */
        ch[n].t[0] = s[2];
        ch[n].t[1] = s[3] >= 'a' ? s[3] : 0;
        ch[n].t[2] = 0;
        ch[n].bits = (unsigned)strtoul(s + (ch[n].t[1] ? 4 : 3), NULL, 10);
        n++;
        while (*s && *s != ' ')
            s++;
    }
    return n;
}

/* Bits [shift, shift + n) of a little-endian element. */
static uint64_t get_bits(const uint8_t *p, unsigned shift, unsigned n)
{
    uint64_t v = 0;
    for (unsigned k = 0; k < n; k++)
        v |= (uint64_t)(p[(shift + k) / 8] >> ((shift + k) % 8) & 1) << k;
    return v;
}
static void put_bits(uint8_t *p, unsigned shift, unsigned n, uint64_t v)
{
    for (unsigned k = 0; k < n; k++) {
        unsigned b = shift + k;
        p[b / 8] = (uint8_t)((p[b / 8] & ~(1u << b % 8)) | (unsigned)(v >> k & 1) << b % 8);
    }
}
static int64_t sext(uint64_t v, unsigned n) { return (int64_t)(v << (64 - n)) >> (64 - n); }

/* IEEE half, and the unsigned 11/10-bit floats (5-bit exponent, bias 15,
 * mb mantissa bits), to float. */
static float small_float(uint32_t v, unsigned mb)
{
    uint32_t e = v >> mb & 31, m = v & ((1u << mb) - 1);
    if (e == 31)
        return m ? NAN : INFINITY;
    if (e == 0)
        return (float)ldexp((double)m, -14 - (int)mb);
    return (float)ldexp((double)((1u << mb) + m), (int)e - 15 - (int)mb);
}
static float half(uint32_t h) { float f = small_float(h & 0x7fff, 10); return h & 0x8000 ? -f : f; }
static double srgb_to_linear(double c) { return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4); }

/* One channel of n bits with value v to a 32-bit texel channel. */
static uint32_t chan_value(const char *t, unsigned n, uint64_t v)
{
    if (!strcmp(t, "un"))
        return f2u((float)v / (float)((1ull << n) - 1));
    if (!strcmp(t, "sn")) {
        float f = (float)sext(v, n) / (float)((1ull << (n - 1)) - 1);
        return f2u(f < -1 ? -1.0f : f);
    }
    if (!strcmp(t, "ui"))
        return (uint32_t)v;
    if (!strcmp(t, "si"))
        return (uint32_t)sext(v, n);
    if (!strcmp(t, "fl"))
        return n == 32 ? (uint32_t)v : f2u(half((uint32_t)v));
    if (!strcmp(t, "uf"))
        return f2u(small_float((uint32_t)v, n - 5));
    if (!strcmp(t, "sr"))
        return f2u((float)srgb_to_linear((double)v / (double)((1u << n) - 1)));
    fail_msg("channel type %s", t);
    return 0;
}

static void ref_plain(const fmtd *f, const uint8_t *el, texel *o)
{
    bool isint = f->flags & F_INT;
    o->u[0] = o->u[1] = o->u[2] = 0;
    o->u[3] = isint ? 1u : f2u(1.0f);
    if (!strcmp(f->chans, "E5")) { /* 9-bit mantissas R, G, B, exponent 31:27 (bias 15) */
        uint32_t v = (uint32_t)get_bits(el, 0, 32);
        for (unsigned c = 0; c < 3; c++)
            o->f[c] = (float)ldexp((double)(v >> 9 * c & 511), (int)(v >> 27) - 15 - 9);
        return;
    }
    chan ch[5];
    unsigned n = parse_chans(f->chans, ch), shift = 0;
    for (unsigned k = 0; k < n; k++) {
        uint64_t v = get_bits(el, shift, ch[k].bits);
        shift += ch[k].bits;
        if (ch[k].t[0] == 'x')
            continue;
        uint32_t val = chan_value(ch[k].t, ch[k].bits, v);
        switch (ch[k].c) {
        case 'R': o->u[0] = val; break;
        case 'G': o->u[1] = val; break;
        case 'B': o->u[2] = val; break;
        case 'A': o->u[3] = val; break;
        case 'L': o->u[0] = o->u[1] = o->u[2] = val; break;
        case 'I': o->u[0] = o->u[1] = o->u[2] = o->u[3] = val; break;
        }
    }
}

/* ---- block formats: blocks built by the test, reference decoders ---- */

static void bits_put(uint8_t *b, unsigned *pos, unsigned n, uint64_t v) { put_bits(b, *pos, n, v); *pos += n; }

/* BC1 colour block (8 bytes): c0, c1 (5:6:5, R in 15:11), 2-bit indices,
 * texel (x, y) at bits 2 (4y + x). four: force c0 > c1 (else c0 <= c1). */
static void mk_bc1(uint8_t *b, bool four)
{
    uint16_t c0 = (uint16_t)rnd(), c1 = (uint16_t)rnd();
    if (c0 == c1)
        c1 ^= 0x0841;
    if ((c0 > c1) != four) {
        uint16_t t = c0;
        c0 = c1;
        c1 = t;
    }
    uint32_t idx = rnd();
    memcpy(b, &c0, 2);
    memcpy(b + 2, &c1, 2);
    memcpy(b + 4, &idx, 4);
}
/* Decode: RGBA floats for 16 texels (index 4y + x).  always4: BC2/BC3
 * colour blocks interpolate four colours whatever the order of c0, c1. */
static void dec_bc1(const uint8_t *b, bool always4, float out[16][4])
{
    uint16_t c[2];
    memcpy(c, b, 4);
    float pal[4][4];
    for (unsigned k = 0; k < 2; k++) {
        pal[k][0] = (float)(c[k] >> 11) / 31.0f;
        pal[k][1] = (float)(c[k] >> 5 & 63) / 63.0f;
        pal[k][2] = (float)(c[k] & 31) / 31.0f;
        pal[k][3] = 1;
    }
    for (unsigned ch = 0; ch < 3; ch++) {
        if (c[0] > c[1] || always4) {
            pal[2][ch] = (2 * pal[0][ch] + pal[1][ch]) / 3;
            pal[3][ch] = (pal[0][ch] + 2 * pal[1][ch]) / 3;
        } else {
            pal[2][ch] = (pal[0][ch] + pal[1][ch]) / 2;
            pal[3][ch] = 0;
        }
    }
    pal[2][3] = 1;
    pal[3][3] = c[0] > c[1] || always4 ? 1 : 0;
    uint32_t idx;
    memcpy(&idx, b + 4, 4);
    for (unsigned i = 0; i < 16; i++)
        memcpy(out[i], pal[idx >> 2 * i & 3], sizeof pal[0]);
}
/* BC4 block (BC3 alpha): e0, e1 bytes, 3-bit indices of texel 4y + x at
 * bit 16 + 3 i.  sgn: signed endpoints (-128 reads as -127). */
static void mk_bc4(uint8_t *b, bool eight, bool sgn)
{
    int e0 = (int)(rnd() & 255), e1 = (int)(rnd() & 255);
    if (sgn) {
        e0 = (int8_t)e0;
        e1 = (int8_t)e1;
        if (!eight)
            e0 = -128; /* -1.0, and e0 <= e1 */
    }
    if (e0 == e1)
        e1 = e0 == (sgn ? 127 : 255) ? e0 - 1 : e0 + 1;
    if ((e0 > e1) != eight) {
        int t = e0;
        e0 = e1;
        e1 = t;
    }
    b[0] = (uint8_t)e0;
    b[1] = (uint8_t)e1;
    for (unsigned k = 2; k < 8; k++)
        b[k] = (uint8_t)rnd();
}
static void dec_bc4(const uint8_t *b, bool sgn, float out[16])
{
    float e[2], pal[8];
    int r0 = sgn ? (int8_t)b[0] : b[0], r1 = sgn ? (int8_t)b[1] : b[1];
    for (unsigned k = 0; k < 2; k++) {
        int r = k ? r1 : r0;
        e[k] = sgn ? (r < -127 ? -1.0f : (float)r / 127.0f) : (float)r / 255.0f;
    }
    pal[0] = e[0];
    pal[1] = e[1];
    if (r0 > r1) {
        for (unsigned k = 1; k < 7; k++)
            pal[k + 1] = ((float)(7 - k) * e[0] + (float)k * e[1]) / 7;
    } else {
        for (unsigned k = 1; k < 5; k++)
            pal[k + 1] = ((float)(5 - k) * e[0] + (float)k * e[1]) / 5;
        pal[6] = sgn ? -1.0f : 0.0f;
        pal[7] = 1.0f;
    }
    for (unsigned i = 0; i < 16; i++)
        out[i] = pal[get_bits(b, 16 + 3 * i, 3)];
}

/* BC6H weights and BC7 4-bit weights (Microsoft docs). */
static const int W4[16] = {0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64};

/* BC6H mode 11 (mode bits 00011): one region, endpoints RW GW BW RX GX BX
 * of 10 bits, no transform; 4-bit indices from bit 65, the anchor (texel
 * 0) 3 bits. */
static void mk_bc6h(uint8_t *b)
{
    memset(b, 0, 16);
    unsigned pos = 0;
    bits_put(b, &pos, 5, 0x03);
    for (unsigned k = 0; k < 6; k++)
        bits_put(b, &pos, 10, rnd() & 1023);
    for (unsigned i = 0; i < 16; i++)
        bits_put(b, &pos, i ? 4 : 3, rnd() & (i ? 15 : 7));
}
static int bc6_unq(int v, bool sgn)
{
    if (!sgn) {
        if (v == 0) return 0;
        if (v == 1023) return 0xFFFF;
        return ((v << 16) + 0x8000) >> 10;
    }
    bool neg = v < 0;
    if (neg) v = -v;
    int q;
    if (v == 0) q = 0;
    else if (v >= (1 << 9) - 1) q = 0x7FFF;
    else q = ((v << 15) + 0x4000) >> 9;
    return neg ? -q : q;
}
static void dec_bc6h(const uint8_t *b, bool sgn, float out[16][4])
{
    int e[2][3];
    for (unsigned k = 0; k < 6; k++) {
        uint64_t v = get_bits(b, 5 + 10 * k, 10);
        e[k / 3][k % 3] = bc6_unq(sgn ? (int)sext(v, 10) : (int)v, sgn);
    }
    unsigned pos = 65;
    for (unsigned i = 0; i < 16; i++) {
        unsigned n = i ? 4 : 3, w = W4[get_bits(b, pos, n)];
        pos += n;
        for (unsigned c = 0; c < 3; c++) {
            int v = ((64 - (int)w) * e[0][c] + (int)w * e[1][c] + 32) >> 6;
            uint32_t h;
            if (!sgn)
                h = (uint32_t)(v * 31) >> 6;
            else
                h = v < 0 ? 0x8000u | (uint32_t)(((-v) * 31) >> 5) : (uint32_t)((v * 31) >> 5);
            out[i][c] = half(h);
        }
        out[i][3] = 1;
    }
}

/* BC7 mode 6: mode bits 0000001, RGBA endpoints of 7 bits (R0 R1 G0 G1 B0
 * B1 A0 A1), P-bits P0 P1, 4-bit indices (anchor 3 bits) from bit 65. */
static void mk_bc7(uint8_t *b)
{
    memset(b, 0, 16);
    unsigned pos = 0;
    bits_put(b, &pos, 7, 0x40);
    for (unsigned k = 0; k < 8; k++)
        bits_put(b, &pos, 7, rnd() & 127);
    bits_put(b, &pos, 2, rnd() & 3);
    for (unsigned i = 0; i < 16; i++)
        bits_put(b, &pos, i ? 4 : 3, rnd() & (i ? 15 : 7));
}
static void dec_bc7(const uint8_t *b, float out[16][4])
{
    assert_int_equal(get_bits(b, 0, 7), 0x40);
    int e[2][4];
    for (unsigned c = 0; c < 4; c++)
        for (unsigned k = 0; k < 2; k++)
            e[k][c] = (int)get_bits(b, 7 + 14 * c + 7 * k, 7) << 1 | (int)get_bits(b, 63 + k, 1);
    unsigned pos = 65;
    for (unsigned i = 0; i < 16; i++) {
        unsigned n = i ? 4 : 3, w = W4[get_bits(b, pos, n)];
        pos += n;
        for (unsigned c = 0; c < 4; c++)
            out[i][c] = (float)(((64 - (int)w) * e[0][c] + (int)w * e[1][c] + 32) >> 6) / 255.0f;
    }
}

/* ETC1 / ETC2 (OpenGL ES 3.0 Annex C): a big-endian 64-bit word; pixel
 * indices in bits 31:16 (MSB) and 15:0 (LSB), pixel (x, y) at bit 4x + y. */
static uint64_t be64(const uint8_t *b)
{
    uint64_t v = 0;
    for (unsigned k = 0; k < 8; k++)
        v = v << 8 | b[k];
    return v;
}
static void put_be64(uint8_t *b, uint64_t v) { for (unsigned k = 0; k < 8; k++) b[k] = (uint8_t)(v >> (56 - 8 * k)); }
static unsigned fld(uint64_t v, unsigned hi, unsigned lo)
{
    return (unsigned)(v >> lo & ((1ull << (hi - lo + 1)) - 1));
}
static int clamp255(int v) { return v < 0 ? 0 : v > 255 ? 255 : v; }

static const int ETC_MOD[8][2] = {{2, 8}, {5, 17}, {9, 29}, {13, 42}, {18, 60}, {24, 80}, {33, 106}, {47, 183}};

/* kind 0 individual, 1 differential (no overflow), 2 differential flipped,
 * 3 planar (ETC2: the blue differential overflows) */
static void mk_etc(uint8_t *b, unsigned kind)
{
    uint64_t v = (uint64_t)rnd() << 32 | rnd();
    if (kind == 0) {
        v &= ~(1ull << 33);
    } else if (kind <= 2) {
        v |= 1ull << 33;
        v = (v & ~1ull << 32) | (uint64_t)(kind == 2) << 32;
        for (unsigned c = 0; c < 3; c++) { /* base + delta inside 0..31 */
            unsigned lo = 56 - 8 * c;
            int base = (int)fld(v, lo + 7, lo + 3), d = (int)sext(fld(v, lo + 2, lo), 3);
            if (base + d < 0 || base + d > 31)
                v ^= 1ull << (lo + 2); /* flip the delta's sign */
        }
    } else {
        /* planar: the fields RO GO BO RH GH BH RV GV BV are random; the
         * bits 63, 55, 47:45, 42 are free: pick them so that R and G do
         * not overflow and B does */
        v |= 1ull << 33;
        for (unsigned free = 0; free < 64; free++) {
            static const unsigned fb[6] = {63, 55, 47, 46, 45, 42};
            for (unsigned k = 0; k < 6; k++)
                v = (v & ~(1ull << fb[k])) | (uint64_t)(free >> k & 1) << fb[k];
            int s[3];
            for (unsigned c = 0; c < 3; c++) {
                unsigned lo = 56 - 8 * c;
                s[c] = (int)fld(v, lo + 7, lo + 3) + (int)sext(fld(v, lo + 2, lo), 3);
            }
            if (s[0] >= 0 && s[0] <= 31 && s[1] >= 0 && s[1] <= 31 && (s[2] < 0 || s[2] > 31))
                break;
            assert_true(free < 63);
        }
    }
    put_be64(b, v);
}
static void dec_etc(const uint8_t *b, bool etc2, float out[16][4])
{
    uint64_t v = be64(b);
    int base[2][3];
    bool diff = fld(v, 33, 33);
    if (diff) {
        int s[3];
        for (unsigned c = 0; c < 3; c++) {
            unsigned lo = 56 - 8 * c;
            int b5 = (int)fld(v, lo + 7, lo + 3);
            s[c] = b5 + (int)sext(fld(v, lo + 2, lo), 3);
            base[0][c] = b5 << 3 | b5 >> 2;
            base[1][c] = (s[c] & 31) << 3 | (s[c] & 31) >> 2;
        }
        if (etc2 && (s[2] < 0 || s[2] > 31)) {
            assert_true(s[0] >= 0 && s[0] <= 31 && s[1] >= 0 && s[1] <= 31); /* the test builds no T/H blocks */
            /* planar: O, H, V colours, R and B 6 bits, G 7 bits */
            int o[3] = {(int)fld(v, 62, 57), (int)(fld(v, 56, 56) << 6 | fld(v, 54, 49)),
                        (int)(fld(v, 48, 48) << 5 | fld(v, 44, 43) << 3 | fld(v, 41, 39))};
            int h[3] = {(int)(fld(v, 38, 34) << 1 | fld(v, 32, 32)), (int)fld(v, 31, 25), (int)fld(v, 24, 19)};
            int w[3] = {(int)fld(v, 18, 13), (int)fld(v, 12, 6), (int)fld(v, 5, 0)};
            for (unsigned c = 0; c < 3; c++) {
                unsigned n = c == 1 ? 7 : 6;
                o[c] = o[c] << (8 - n) | o[c] >> (2 * n - 8);
                h[c] = h[c] << (8 - n) | h[c] >> (2 * n - 8);
                w[c] = w[c] << (8 - n) | w[c] >> (2 * n - 8);
            }
            for (unsigned y = 0; y < 4; y++)
                for (unsigned x = 0; x < 4; x++) {
                    for (unsigned c = 0; c < 3; c++)
                        out[4 * y + x][c] =
                            (float)clamp255(((int)x * (h[c] - o[c]) + (int)y * (w[c] - o[c]) + 4 * o[c] + 2) >> 2) /
                            255.0f;
                    out[4 * y + x][3] = 1;
                }
            return;
        }
    } else {
        for (unsigned c = 0; c < 3; c++) {
            base[0][c] = (int)fld(v, 63 - 8 * c, 60 - 8 * c) * 17;
            base[1][c] = (int)fld(v, 59 - 8 * c, 56 - 8 * c) * 17;
        }
    }
    unsigned tab[2] = {fld(v, 39, 37), fld(v, 36, 34)};
    bool flip = fld(v, 32, 32);
    for (unsigned y = 0; y < 4; y++)
        for (unsigned x = 0; x < 4; x++) {
            unsigned p = 4 * x + y, sb = flip ? y >= 2 : x >= 2;
            unsigned idx = fld(v, 16 + p, 16 + p) << 1 | fld(v, p, p);
            static const int sign[4] = {1, 1, -1, -1};
            int mod = sign[idx] * ETC_MOD[tab[sb]][idx & 1];
            for (unsigned c = 0; c < 3; c++)
                out[4 * y + x][c] = (float)clamp255(base[sb][c] + mod) / 255.0f;
            out[4 * y + x][3] = 1;
        }
}

static const int EAC_MOD[16][8] = {
    {-3, -6, -9, -15, 2, 5, 8, 14}, {-3, -7, -10, -13, 2, 6, 9, 12}, {-2, -5, -8, -13, 1, 4, 7, 12},
    {-2, -4, -6, -13, 1, 3, 5, 12}, {-3, -6, -8, -12, 2, 5, 7, 11}, {-3, -7, -9, -11, 2, 6, 8, 10},
    {-4, -7, -8, -11, 3, 6, 7, 10}, {-3, -5, -8, -11, 2, 4, 7, 10}, {-2, -6, -8, -10, 1, 5, 7, 9},
    {-2, -5, -8, -10, 1, 4, 7, 9},  {-2, -4, -8, -10, 1, 3, 7, 9},  {-2, -5, -7, -10, 1, 4, 6, 9},
    {-3, -4, -7, -10, 2, 3, 6, 9},  {-1, -2, -3, -10, 0, 1, 2, 9},  {-4, -6, -8, -9, 3, 5, 7, 8},
    {-3, -5, -7, -9, 2, 4, 6, 8}};
/* EAC block: base 63:56, multiplier 55:52, table 51:48, 3-bit index of
 * pixel (x, y) at bits 47 - 3 (4x + y) .. 45 - 3 (4x + y).  kind 1: a zero
 * multiplier. */
static void mk_eac(uint8_t *b, unsigned kind)
{
    uint64_t v = (uint64_t)rnd() << 32 | rnd();
    if (kind == 1)
        v &= ~(15ull << 52);
    put_be64(b, v);
}
/* bits 8: the 8-bit ETC2 alpha; else 11-bit R (signed: SIGNED_R11) */
static void dec_eac(const uint8_t *b, bool sgn, bool alpha8, float out[16])
{
    uint64_t v = be64(b);
    int base = sgn ? (int8_t)fld(v, 63, 56) : (int)fld(v, 63, 56), mul = (int)fld(v, 55, 52);
    const int *t = EAC_MOD[fld(v, 51, 48)];
    if (sgn && base == -128)
        base = -127;
    for (unsigned y = 0; y < 4; y++)
        for (unsigned x = 0; x < 4; x++) {
            unsigned p = 4 * x + y;
            int mod = t[fld(v, 47 - 3 * p, 45 - 3 * p)], val;
            float *o = &out[4 * y + x];
            if (alpha8) {
                *o = (float)clamp255(base + mod * mul) / 255.0f;
            } else if (sgn) {
                val = base * 8 + mod * (mul ? mul * 8 : 1);
                val = val < -1023 ? -1023 : val > 1023 ? 1023 : val;
                *o = (float)val / 1023.0f;
            } else {
                val = base * 8 + 4 + mod * (mul ? mul * 8 : 1);
                val = val < 0 ? 0 : val > 2047 ? 2047 : val;
                *o = (float)val / 2047.0f;
            }
        }
}

/* Build block number k (its variant) of a block format. */
static void mk_block(const fmtd *f, unsigned k, uint8_t *b)
{
    bool sgn = f->flags & F_SIGNED;
    switch (f->codec) {
    case C_BC1: mk_bc1(b, k % 2 == 0); break;
    case C_BC2:
        for (unsigned i = 0; i < 8; i++)
            b[i] = (uint8_t)rnd();
        mk_bc1(b + 8, k % 2 == 0);
        break;
    case C_BC3: mk_bc4(b, k % 2 == 0, false); mk_bc1(b + 8, k / 2 == 0); break;
    case C_BC4: mk_bc4(b, k % 2 == 0, sgn); break;
    case C_BC5: mk_bc4(b, k % 2 == 0, sgn); mk_bc4(b + 8, k / 2 == 0, sgn); break;
    case C_BC6H: mk_bc6h(b); break;
    case C_BC7: mk_bc7(b); break;
    case C_ETC1: mk_etc(b, k % 3); break;
    case C_ETC2: mk_etc(b, k); break;
    case C_EAC_R: mk_eac(b, k % 2); break;
    case C_EAC_RG: mk_eac(b, k % 2); mk_eac(b + 8, k / 2); break;
    case C_ETC2_EAC: mk_eac(b, k % 2); mk_etc(b + 8, k); break;
    }
}
/* Texel (px, py) of a block. */
static void ref_block(const fmtd *f, const uint8_t *b, unsigned px, unsigned py, texel *o)
{
    float t[16][4], r[16], g[16];
    bool sgn = f->flags & F_SIGNED;
    for (unsigned i = 0; i < 16; i++)
        t[i][0] = t[i][1] = t[i][2] = 0, t[i][3] = 1;
    switch (f->codec) {
    case C_BC1: dec_bc1(b, false, t); break;
    case C_BC2:
        dec_bc1(b + 8, true, t);
        for (unsigned i = 0; i < 16; i++)
            t[i][3] = (float)get_bits(b, 4 * i, 4) / 15.0f;
        break;
    case C_BC3:
        dec_bc1(b + 8, true, t);
        dec_bc4(b, false, r);
        for (unsigned i = 0; i < 16; i++)
            t[i][3] = r[i];
        break;
    case C_BC4: dec_bc4(b, sgn, r); for (unsigned i = 0; i < 16; i++) t[i][0] = r[i]; break;
    case C_BC5:
        dec_bc4(b, sgn, r);
        dec_bc4(b + 8, sgn, g);
        for (unsigned i = 0; i < 16; i++)
            t[i][0] = r[i], t[i][1] = g[i];
        break;
    case C_BC6H: dec_bc6h(b, sgn, t); break;
    case C_BC7: dec_bc7(b, t); break;
    case C_ETC1: dec_etc(b, false, t); break;
    case C_ETC2: dec_etc(b, true, t); break;
    case C_EAC_R: dec_eac(b, sgn, false, r); for (unsigned i = 0; i < 16; i++) t[i][0] = r[i]; break;
    case C_EAC_RG:
        dec_eac(b, sgn, false, r);
        dec_eac(b + 8, sgn, false, g);
        for (unsigned i = 0; i < 16; i++)
            t[i][0] = r[i], t[i][1] = g[i];
        break;
    case C_ETC2_EAC:
        dec_etc(b + 8, true, t);
        dec_eac(b, false, true, r);
        for (unsigned i = 0; i < 16; i++)
            t[i][3] = r[i];
        break;
    }
    for (unsigned c = 0; c < 4; c++)
        o->f[c] = t[4 * py + px][c];
    if (f->flags & F_SRGB)
        for (unsigned c = 0; c < 3; c++)
            o->f[c] = (float)srgb_to_linear(o->f[c]);
}

/* Texel (px, py) of an element (a block: px, py inside it). */
static void ref_texel(const fmtd *f, const uint8_t *el, unsigned px, unsigned py, texel *o)
{
    if (f->codec)
        ref_block(f, el, px, py, o);
    else
        ref_plain(f, el, o);
}

/* Tolerance of a decoded float channel: exact, except the sRGB curve
 * (computed here in double from the exact code), and the interpolated
 * BC1-BC5 colours (the Microsoft definition gives the interpolation as
 * real arithmetic on the UNORM endpoints: hardware rounds it). */
static float fmt_tol(const fmtd *f)
{
    bool bc15 = f->codec >= C_BC1 && f->codec <= C_BC5;
    if (bc15)
        return (f->flags & F_SRGB) ? 4.0f / 255 : 1.5f / 255;
    return (f->flags & F_SRGB) ? 1e-6f : 0;
}

static bool same_float(float want, float got, float tol)
{
    if (isnan(want))
        return isnan(got);
    if (tol == 0)
        return f2u(want) == f2u(got) || (want == 0 && got == 0 && signbit(want) == signbit(got));
    return fabsf(want - got) <= tol * (fabsf(want) > 1 ? fabsf(want) : 1);
}

/* Channel c of a response at register reg (of a lane) against want. */
static void check_ch(const char *what, const fmtd *f, uint32_t want, unsigned reg, unsigned lane, unsigned c,
                     float tol)
{
    uint32_t got = gu(reg, lane);
    bool ok = (f->flags & F_INT) ? got == want : same_float(u2f(want), u2f(got), tol);
    if (!ok)
        fail_msg("%s %s lane %u channel %u: got 0x%08x (%.9g), want 0x%08x (%.9g)", f->name, what, lane, c, got,
                 u2f(got), want, u2f(want));
}
static void check_texel(const char *what, const fmtd *f, const texel *want, unsigned reg, unsigned lane,
                        unsigned stride, float tol)
{
    for (unsigned c = 0; c < 4; c++)
        check_ch(what, f, want->u[c], reg + c * stride, lane, c, tol);
}

/* ---- surfaces: RENDER_SURFACE_STATE and the reference layout ---- */

enum { ST_1D = 0, ST_2D = 1, ST_3D = 2, ST_BUFFER = 4 };
enum { TM_LINEAR = 0, TM_X = 2, TM_Y = 3 };

typedef struct surf {
    const fmtd *f;
    unsigned type, w, h, d;   /* d: depth (3D) or array size; buffers: w entries */
    unsigned pitch, tile, array, qpitch, mips, halign, valign, trmode;
    uint64_t base;
} surf;

static unsigned align_code(unsigned a) { return a == 4 ? 1 : a == 8 ? 2 : 3; }

/* RENDER_SURFACE_STATE (facts 6) number k, bound at BTI bti. */
static void bind(unsigned bti, unsigned k, const surf *s)
{
    uint32_t dw[16] = {0};
    dw[0] = s->type << 29 | s->array << 28 | s->f->num << 18 | align_code(s->valign) << 16 |
            align_code(s->halign) << 14 | s->tile << 12;
    dw[1] = s->qpitch >> 2;
    if (s->type == ST_BUFFER) { /* entries - 1: Width 6:0, Height 20:7, Depth 26:21 */
        uint32_t n = s->w - 1;
        dw[2] = (n >> 7 & 0x3fff) << 16 | (n & 0x7f);
        dw[3] = (n >> 21) << 21 | (s->f->bpe - 1);
    } else {
        dw[2] = (s->h - 1) << 16 | (s->w - 1);
        dw[3] = (s->d - 1) << 21 | (s->pitch - 1);
    }
    dw[5] = s->trmode << 18 | (s->mips ? s->mips - 1 : 0);
    dw[7] = 4u << 25 | 5u << 22 | 6u << 19 | 7u << 16; /* channel selects R, G, B, A */
    dw[8] = (uint32_t)s->base;
    dw[9] = (uint32_t)(s->base >> 32);
    wmem(SSB + 64ull * k, dw, sizeof dw);
    w32(BT + 4ull * bti, 64u * k);
}

static unsigned ceil_div(unsigned a, unsigned b) { return (a + b - 1) / b; }
static unsigned align_up(unsigned a, unsigned b) { return ceil_div(a, b) * b; }
static unsigned lvl(unsigned n, unsigned l) { return n >> l ? n >> l : 1; }

/* Tile swizzle (facts 7.4): address bits b11..b0 of the 4 KiB tile, each
 * taken from the next byte-x ('X') or row ('Y') bit, low bit first. */
static const char *const SWZ_X = "YYYXXXXXXXXX", *const SWZ_Y = "XXXYYYYYXXXX";
static uint64_t tiled(const char *swz, uint32_t pitch, uint64_t bx, uint64_t row)
{
    unsigned nx = 0, ny = 0;
    for (unsigned k = 0; k < 12; k++)
        swz[k] == 'X' ? nx++ : ny++;
    uint64_t tw = 1ull << nx, th = 1ull << ny, x = bx % tw, y = row % th, off = 0;
    for (int k = 11, xi = 0, yi = 0; k >= 0; k--) {
        unsigned bit = 11 - (unsigned)k;
        if (swz[k] == 'X')
            off |= (x >> xi++ & 1) << bit;
        else
            off |= (y >> yi++ & 1) << bit;
    }
    return ((row / th) * (pitch / tw) + bx / tw) * 4096 + off;
}

/* Byte offset of element (ex, ey) (pixels, or blocks) of slice z (array
 * layer or 3D depth) of level l (facts 7.1-7.4). */
static uint64_t ref_off(const surf *s, unsigned ex, unsigned ey, unsigned z, unsigned l)
{
    const fmtd *f = s->f;
    unsigned bw = f->codec ? 4 : 1;
    if (s->type == ST_BUFFER)
        return (uint64_t)ex * f->bpe;
    if (s->type == ST_1D) { /* levels in one row; layers QPitch pixels apart */
        uint64_t x0 = 0;
        for (unsigned k = 0; k < l; k++)
            x0 += align_up(lvl(s->w, k), s->halign);
        return (x0 + ex + (uint64_t)z * s->qpitch) * f->bpe;
    }
    /* 2D layout: LOD0 at (0, 0), LOD1 below it, LOD2 right of LOD1, the
     * next ones below LOD2; sizes aligned to HALIGN / VALIGN elements */
    unsigned wl[16], hl[16];
    for (unsigned k = 0; k <= l || k < 2; k++) {
        wl[k] = align_up(ceil_div(lvl(s->w, k), bw), s->halign);
        hl[k] = align_up(ceil_div(lvl(s->h, k), bw), s->valign);
    }
    uint64_t X = 0, Y = 0;
    if (l >= 1)
        Y = hl[0];
    if (l >= 2)
        X = wl[1];
    for (unsigned k = 2; k < l; k++)
        Y += hl[k];
    uint64_t bx = (X + ex) * f->bpe, row = Y + ey + (uint64_t)z * s->qpitch;
    switch (s->tile) {
    case TM_X: return tiled(SWZ_X, s->pitch, bx, row);
    case TM_Y: return tiled(SWZ_Y, s->pitch, bx, row);
    default: return row * s->pitch + bx;
    }
}

/* Write element bytes el of pixel (x, y) (any pixel of a block). */
static void put_el(const surf *s, unsigned x, unsigned y, unsigned z, unsigned l, const void *el)
{
    unsigned bw = s->f->codec ? 4 : 1;
    uint64_t a = s->base + ref_off(s, x / bw, y / bw, z, l);
    assert_true(a + s->f->bpe <= MAPPED_END);
    wmem(a, el, s->f->bpe);
}
static void get_el(const surf *s, unsigned x, unsigned y, unsigned z, unsigned l, void *el)
{
    unsigned bw = s->f->codec ? 4 : 1;
    rmem(s->base + ref_off(s, x / bw, y / bw, z, l), el, s->f->bpe);
}

/* ---- SAMPLER_STATE (facts 5.1), border colour (5.2) ---- */

enum { TCM_WRAP, TCM_MIRROR, TCM_CLAMP, TCM_CUBE, TCM_BORDER, TCM_MIRROR_ONCE, TCM_HALF_BORDER, TCM_MIRROR_101 };
enum { FILT_NEAREST = 0, FILT_LINEAR = 1 };
enum { MIP_NONE = 0, MIP_NEAREST = 1, MIP_LINEAR = 3 };

typedef struct smp {
    unsigned filter, mip, tcm, nonorm, shadow;
    float min_lod, max_lod;
} smp;

static void set_sampler(unsigned idx, const smp *s)
{
    uint32_t dw[4];
    dw[0] = 2u << 27 | s->mip << 20 | s->filter << 17 | s->filter << 14; /* LOD PreClamp OGL */
    dw[1] = (uint32_t)(s->min_lod * 256) << 20 | (uint32_t)(s->max_lod * 256) << 8 | s->shadow << 1;
    dw[2] = BORDER_OFF; /* Border Color Pointer 23:6, Dynamic State Base relative */
    dw[3] = (s->filter ? 0x3fu << 13 : 0) | s->nonorm << 10 | s->tcm << 6 | s->tcm << 3 | s->tcm;
    wmem(DSB + SMP_OFF + 16ull * idx, dw, sizeof dw);
}
static void set_border(uint32_t r, uint32_t g, uint32_t b, uint32_t a)
{
    uint32_t v[4] = {r, g, b, a};
    wmem(DSB + BORDER_OFF, v, sizeof v);
}

/* ======================================================================
 * Every format: ld_lz, sample_lz nearest (normalized texel centres) and
 * linear on an 8x8 surface (block formats: 2x2 blocks of four kinds),
 * linear / X / Y tiling in turn, pitch above the minimum.
 * ====================================================================== */

/* texel k = (k % 8, k / 8); ld_lz / sample_lz message j covers k = 16 j .. */
#define LD_PAY(j) (2 + 4 * (j))
#define LD_RSP(j) (18 + 8 * (j))
#define SL_PAY(j) (50 + 4 * (j))
#define SL_RSP(j) (66 + 8 * (j))
#define LIN_PAY 98
#define LIN_RSP 100

static void test_formats(void **st)
{
    (void)st;
    k_reset();
    for (unsigned j = 0; j < 4; j++)
        k_send(16, 0, LD_RSP(j), LD_PAY(j), -1, 0, SFID_SMPL, sdesc(MT_LD_LZ, 16, 0, 4, 8, 0, 1));
    for (unsigned j = 0; j < 4; j++)
        k_send(16, 0, SL_RSP(j), SL_PAY(j), -1, 0, SFID_SMPL, sdesc(MT_SAMPLE_LZ, 16, 0, 4, 8, 0, 1));
    k_send(8, 0, LIN_RSP, LIN_PAY, -1, 0, SFID_SMPL, sdesc(MT_SAMPLE_LZ, 8, 0, 2, 4, 1, 1));
    k_load();
    smp s0 = {FILT_NEAREST, MIP_NONE, TCM_CLAMP, 0, 0, 0, 0}, s1 = {FILT_LINEAR, MIP_NONE, TCM_CLAMP, 0, 0, 0, 0};
    set_sampler(0, &s0);
    set_sampler(1, &s1);
    /* linear footprints: texel-space (tx, ty) with dyadic fractions (the
     * weights are exact) */
    static const float fx[8] = {0.25f, 0.5f, 0.75f, 0.125f, 0.0f, 0.875f, 0.375f, 0.625f};
    static const float fy[8] = {0.5f, 0.125f, 0.875f, 0.25f, 0.75f, 0.0f, 0.625f, 0.375f};
    for (unsigned fi = 0; fi < NFORMATS; fi++) {
        const fmtd *f = &FORMATS[fi];
        unsigned bw = f->codec ? 4 : 1, tile = (unsigned[]){TM_LINEAR, TM_X, TM_Y}[fi % 3];
        surf s = {f, ST_2D, 8, 8, 1, 0, tile, 0, 0, 1, 16, 4, 0, SURF};
        s.pitch = tile == TM_X ? 1024 : tile == TM_Y ? 256 : 8 / bw * f->bpe + 48;
        clear(SURF, 64 * 1024);
        bind(1, 1, &s);
        /* the elements (random; block formats: four kinds of block) */
        uint8_t el[8][8][16];
        for (unsigned y = 0; y < 8; y += bw)
            for (unsigned x = 0; x < 8; x += bw) {
                if (f->codec) {
                    mk_block(f, (y / 4) * 2 + x / 4, el[y][x]);
                } else {
                    for (unsigned b = 0; b < f->bpe; b++)
                        el[y][x][b] = (uint8_t)rnd();
                }
                put_el(&s, x, y, 0, 0, el[y][x]);
            }
        texel want[64];
        for (unsigned k = 0; k < 64; k++) {
            unsigned x = k % 8, y = k / 8;
            ref_texel(f, el[y / bw * bw][x / bw * bw], x % bw, y % bw, &want[k]);
        }
        h_thread(&H, 0xffff);
        for (unsigned k = 0; k < 64; k++) {
            unsigned j = k / 16, i = k % 16;
            pu(LD_PAY(j), i, k % 8);
            pu(LD_PAY(j) + 2, i, k / 8);
            pf(SL_PAY(j), i, ((float)(k % 8) + 0.5f) / 8);
            pf(SL_PAY(j) + 2, i, ((float)(k / 8) + 0.5f) / 8);
        }
        for (unsigned i = 0; i < 8; i++) {
            pf(LIN_PAY, i, (0.5f + (float)(i % 7) + fx[i]) / 8);
            pf(LIN_PAY + 1, i, (0.5f + (float)((3 * i) % 7) + fy[i]) / 8);
        }
        h_run_ok(&H);
        float tol = fmt_tol(f);
        for (unsigned k = 0; k < 64; k++) {
            check_texel("ld_lz", f, &want[k], LD_RSP(k / 16), k % 16, 2, tol);
            check_texel("sample_lz nearest", f, &want[k], SL_RSP(k / 16), k % 16, 2, tol);
        }
        if (f->flags & F_INT)
            continue;
        for (unsigned i = 0; i < 8; i++) {
            unsigned x0 = i % 7, y0 = (3 * i) % 7;
            double a = fx[i], b = fy[i];
            for (unsigned c = 0; c < 4; c++) {
                double w[4] = {(1 - a) * (1 - b), a * (1 - b), (1 - a) * b, a * b}, e = 0;
                const texel *t[4] = {&want[y0 * 8 + x0], &want[y0 * 8 + x0 + 1], &want[(y0 + 1) * 8 + x0],
                                     &want[(y0 + 1) * 8 + x0 + 1]};
                bool finite = true;
                for (unsigned q = 0; q < 4; q++) {
                    finite = finite && isfinite(t[q]->f[c]);
                    e += w[q] * t[q]->f[c];
                }
                if (!finite)
                    continue;
                float got = gf(LIN_RSP + c, i);
                double err = fabs(got - e), lim = 4e-6 * (fabs(e) > 1 ? fabs(e) : 1) + tol;
                if (!(err <= lim))
                    fail_msg("%s sample_lz linear lane %u channel %u: got %.9g, want %.9g", f->name, i, c, got, e);
            }
        }
    }
}

/* ======================================================================
 * Tilings: linear, X-major, Y-major 2D surfaces with a pitch above the
 * minimum, texels in several tiles (ld_lz SIMD16 and SIMD8, sample_lz).
 * ====================================================================== */

static void test_tilings(void **st)
{
    (void)st;
    k_reset();
    k_send(16, 0, 20, 2, -1, 0, SFID_SMPL, sdesc(MT_LD_LZ, 16, 0, 4, 8, 0, 3));
    k_send(8, 0, 40, 6, -1, 0, SFID_SMPL, sdesc(MT_LD_LZ, 8, 0, 2, 4, 0, 3));
    k_send(16, 0, 50, 10, -1, 0, SFID_SMPL, sdesc(MT_SAMPLE_LZ, 16, 0, 4, 8, 0, 3));
    k_load();
    smp s0 = {FILT_NEAREST, MIP_NONE, TCM_CLAMP, 1, 0, 0, 0};
    set_sampler(0, &s0);
    static const char *const fmts[] = {"R8_UINT", "R32_UINT", "R16G16B16A16_UINT", "R32G32B32A32_UINT", "BC1_UNORM"};
    static const unsigned tiles[] = {TM_LINEAR, TM_X, TM_Y};
    for (unsigned fi = 0; fi < 5; fi++)
        for (unsigned ti = 0; ti < 3; ti++) {
            const fmtd *f = fmt_by_name(fmts[fi]);
            unsigned bw = f->codec ? 4 : 1, W = 300, Hh = 72;
            unsigned row = W / bw * f->bpe; /* bytes of a row of elements */
            unsigned tile = tiles[ti];
            /* a pitch above the minimum (and the tile width multiple) */
            unsigned pitch = tile == TM_X ? align_up(row, 512) + 512
                             : tile == TM_Y ? align_up(row, 128) + 256 : row + 36;
            surf s = {f, ST_2D, W, Hh, 1, pitch, tile, 0, 0, 1, 16, 4, 0, SURF};
            unsigned rows = align_up(Hh / bw, 32);
            assert_true(SURF + (uint64_t)rows * pitch < MAPPED_END);
            clear(SURF, (size_t)rows * pitch);
            bind(3, 3, &s);
            /* texels at 16 + 8 + 16 places across tiles (and their blocks) */
            unsigned xs[40], ys[40];
            for (unsigned i = 0; i < 40; i++) {
                xs[i] = (i * 97 + 13 * ti + 5) % W;
                ys[i] = (i * 29 + 7 * fi) % Hh;
            }
            xs[0] = W - 1, ys[0] = Hh - 1;
            xs[1] = 0, ys[1] = 0;
            uint8_t el[40][16];
            texel want[40];
            for (unsigned i = 0; i < 40; i++) {
                if (f->codec)
                    mk_block(f, i, el[i]);
                else
                    for (unsigned b = 0; b < f->bpe; b++)
                        el[i][b] = (uint8_t)rnd();
            }
            for (unsigned i = 0; i < 40; i++)
                put_el(&s, xs[i], ys[i], 0, 0, el[i]);
            for (unsigned i = 0; i < 40; i++) {
                unsigned k = 39; /* the last one written to the element wins */
                while (xs[k] / bw != xs[i] / bw || ys[k] / bw != ys[i] / bw)
                    k--;
                ref_texel(f, el[k], xs[i] % bw, ys[i] % bw, &want[i]);
            }
            h_thread(&H, 0xffff);
            for (unsigned i = 0; i < 16; i++) {
                pu(2, i, xs[i]), pu(4, i, ys[i]);
                pf(10, i, (float)xs[16 + i] + 0.5f), pf(12, i, (float)ys[16 + i] + 0.25f);
            }
            for (unsigned i = 0; i < 8; i++)
                pu(6, i, xs[32 + i]), pu(7, i, ys[32 + i]);
            h_run_ok(&H);
            float tol = fmt_tol(f);
            for (unsigned i = 0; i < 16; i++) {
                check_texel(tile == TM_X ? "X-tiled ld_lz" : tile == TM_Y ? "Y-tiled ld_lz" : "linear ld_lz", f,
                            &want[i], 20, i, 2, tol);
                check_texel("tiled sample_lz", f, &want[16 + i], 50, i, 2, tol);
            }
            for (unsigned i = 0; i < 8; i++)
                check_texel("tiled ld_lz SIMD8", f, &want[32 + i], 40, i, 1, tol);
        }
}

/* ======================================================================
 * Layouts: mip levels, 2D array (QPitch), 3D, 1D array (QPitch in
 * pixels), buffer; ld, sample_l, resinfo.
 * ====================================================================== */

/* A value per (x, y, slice, level) for the UINT layout tests. */
static uint32_t tv(unsigned x, unsigned y, unsigned z, unsigned l)
{
    return 0x1000000u * l + 0x10000u * z + 0x100u * y + x;
}

static void fill_uint(const surf *s, unsigned slices)
{
    for (unsigned l = 0; l < s->mips; l++)
        for (unsigned z = 0; z < (s->type == ST_3D ? lvl(s->d, l) : slices); z++)
            for (unsigned y = 0; y < (s->type == ST_2D || s->type == ST_3D ? lvl(s->h, l) : 1); y++)
                for (unsigned x = 0; x < lvl(s->w, l); x++) {
                    uint32_t v = tv(x, y, z, l);
                    put_el(s, x, y, z, l, &v);
                }
}

static void test_mips_resinfo(void **st)
{
    (void)st;
    /* 16x8 R32_UINT, 4 levels (16x8, 8x4, 4x2, 2x1), HALIGN 16, VALIGN 4,
     * Y-tiled, pitch 256: LOD1 at (0, 8), LOD2 at (16, 8), LOD3 at (16, 12) */
    surf s = {fmt_by_name("R32_UINT"), ST_2D, 16, 8, 1, 256, TM_Y, 0, 0, 4, 16, 4, 0, SURF};
    clear(SURF, 32768);
    bind(2, 2, &s);
    fill_uint(&s, 1);
    assert_int_equal(ref_off(&s, 0, 0, 0, 2), tiled(SWZ_Y, 256, 64, 8));
    k_reset();
    /* ld SIMD16 (u, v, lod) */
    k_send(16, 0, 20, 2, -1, 0, SFID_SMPL, sdesc(MT_LD, 16, 0, 6, 2, 0, 2));
    /* sample_l SIMD16 (lod, u, v), mip nearest: sampler 0 nearest, 1 linear */
    k_send(16, 0, 22, 8, -1, 0, SFID_SMPL, sdesc(MT_SAMPLE_L, 16, 0, 6, 2, 0, 2));
    /* resinfo SIMD8 (lod) */
    k_send(8, 0, 30, 14, -1, 0, SFID_SMPL, sdesc(MT_RESINFO, 8, 0, 1, 4, 0, 2));
    k_load();
    smp s0 = {FILT_NEAREST, MIP_NEAREST, TCM_CLAMP, 0, 0, 0, 3};
    set_sampler(0, &s0);
    h_thread(&H, 0xffff);
    static const unsigned lx[16] = {0, 15, 3, 7, 0, 3, 1, 0, 9, 2, 4, 7, 3, 1, 0, 1};
    static const unsigned ly[16] = {0, 7, 5, 3, 0, 1, 1, 0, 2, 9, 0, 3, 1, 0, 0, 0};
    static const unsigned ll[16] = {0, 0, 0, 1, 1, 2, 2, 3, 1, 1, 4, 2, 3, 3, 9, 2};
    for (unsigned i = 0; i < 16; i++)
        pu(2, i, lx[i]), pu(4, i, ly[i]), pu(6, i, ll[i]);
    /* sample_l: lod, then normalized (u, v) of the level's texel */
    static const float lods[16] = {0, 1, 2, 3, 0.4f, 1.3f, 1.7f, 2.2f, 7, -2, 0.9f, 2.6f, 1, 2, 3, 0};
    for (unsigned i = 0; i < 16; i++) {
        float l = lods[i] < 0 ? 0 : lods[i] > 3 ? 3 : lods[i];
        unsigned lev = (unsigned)floorf(l + 0.5f), w = lvl(16, lev), hh = lvl(8, lev);
        pf(8, i, lods[i]);
        pf(10, i, ((float)(i % w) + 0.5f) / (float)w);
        pf(12, i, ((float)((i / 3) % hh) + 0.5f) / (float)hh);
    }
    for (unsigned i = 0; i < 8; i++)
        pu(14, i, i % 5);
    h_run_ok(&H);
    for (unsigned i = 0; i < 16; i++) {
        bool in = ll[i] < 4 && lx[i] < lvl(16, ll[i]) && ly[i] < lvl(8, ll[i]);
        uint32_t want = in ? tv(lx[i], ly[i], 0, ll[i]) : 0; /* outside: 0 */
        if (gu(20, i) != want)
            fail_msg("ld lane %u (%u, %u) lod %u: 0x%x, want 0x%x", i, lx[i], ly[i], ll[i], gu(20, i), want);
        float l = lods[i] < 0 ? 0 : lods[i] > 3 ? 3 : lods[i];
        unsigned lev = (unsigned)floorf(l + 0.5f), w = lvl(16, lev), hh = lvl(8, lev);
        assert_int_equal(gu(22, i), tv(i % w, (i / 3) % hh, 0, lev));
    }
    /* resinfo: width, height >> lod (at least 1), 0, levels; lod 4 is past the levels */
    for (unsigned i = 0; i < 8; i++) {
        unsigned l = i % 5;
        if (l < 4) {
            assert_int_equal(gu(30, i), lvl(16, l));
            assert_int_equal(gu(31, i), lvl(8, l));
            assert_int_equal(gu(32, i), 0);
            assert_int_equal(gu(33, i), 4);
        }
    }
    /* mip filter LINEAR: lod 1.25 blends levels 1 and 2 (weights 3/4, 1/4);
     * on R32_FLOAT with integer texels */
    surf sf = {fmt_by_name("R32_FLOAT"), ST_2D, 16, 8, 1, 128, TM_LINEAR, 0, 0, 3, 16, 4, 0, SURF + 0x10000};
    clear(sf.base, 4096);
    for (unsigned l = 0; l < 3; l++)
        for (unsigned y = 0; y < lvl(8, l); y++)
            for (unsigned x = 0; x < lvl(16, l); x++) {
                float v = (float)(100 * l + 10 * y + x);
                put_el(&sf, x, y, 0, l, &v);
            }
    bind(4, 4, &sf);
    k_reset();
    k_send(8, 0, 40, 2, -1, 0, SFID_SMPL, sdesc(MT_SAMPLE_L, 8, 0, 3, 1, 1, 4));
    k_load();
    smp s1 = {FILT_NEAREST, MIP_LINEAR, TCM_CLAMP, 0, 0, 0, 2};
    set_sampler(1, &s1);
    h_thread(&H, 0xff);
    static const float ml[8] = {1.25f, 0.5f, 1.75f, 0, 2, 1.5f, 0.25f, 5};
    for (unsigned i = 0; i < 8; i++) {
        pf(2, i, ml[i]);
        pf(3, i, 0.3f); /* level 1 (8 wide): texel 2; level 2 (4): 1; level 0: 4 */
        pf(4, i, 0.6f); /* level 1 (4 high): 2; level 2 (2): 1; level 0: 4 */
    }
    h_run_ok(&H);
    static const float lv[3] = {100 * 0 + 10 * 4 + 4, 100 * 1 + 10 * 2 + 2, 100 * 2 + 10 * 1 + 1};
    for (unsigned i = 0; i < 8; i++) {
        float l = ml[i] > 2 ? 2 : ml[i];
        unsigned l0 = (unsigned)floorf(l);
        float a = l - (float)l0, want = l0 < 2 ? lv[l0] * (1 - a) + lv[l0 + 1] * a : lv[2];
        if (gf(40, i) != want)
            fail_msg("mip linear lane %u lod %g: %g, want %g", i, ml[i], gf(40, i), want);
    }
    /* sample_l with a LINEAR map filter, mip NEAREST: texel values are the
     * linear function 100 l + 10 y + x, so the bilinear result is its value
     * at (u W - 1/2, v H - 1/2) of the level */
    smp s2 = {FILT_LINEAR, MIP_NEAREST, TCM_CLAMP, 0, 0, 0, 2};
    set_sampler(1, &s2);
    h_thread(&H, 0xff);
    static const float sl[8] = {1, 2, 0, 1, 1.2f, 2, 0.3f, 1};
    static const float sx[8] = {2.75f, 1.5f, 7.625f, 4.0f, 0.875f, 2.25f, 10.5f, 6.5f};
    static const float sy[8] = {2.0f, 1.25f, 3.5f, 1.75f, 2.5f, 0.5f, 5.125f, 3.5f};
    for (unsigned i = 0; i < 8; i++) {
        unsigned l = (unsigned)floorf(sl[i] + 0.5f);
        pf(2, i, sl[i]), pf(3, i, sx[i] / (float)lvl(16, l)), pf(4, i, sy[i] / (float)lvl(8, l));
    }
    h_run_ok(&H);
    for (unsigned i = 0; i < 8; i++) {
        unsigned l = (unsigned)floorf(sl[i] + 0.5f);
        float want = 100.0f * (float)l + 10 * (sy[i] - 0.5f) + (sx[i] - 0.5f);
        if (gf(40, i) != want)
            fail_msg("sample_l linear lane %u lod %g: %g, want %g", i, sl[i], gf(40, i), want);
    }
}

static void test_arrays_3d_1d_buffer(void **st)
{
    (void)st;
    /* 2D array: 6x5 R32_UINT, 3 layers, X-tiled, QPitch 12 rows (> the 8
     * VALIGN needs) */
    surf a2 = {fmt_by_name("R32_UINT"), ST_2D, 6, 5, 3, 1024, TM_X, 1, 12, 1, 4, 4, 0, SURF};
    /* 3D: 4x4x3 R32_UINT, Y-tiled, slices QPitch 32 rows apart */
    surf v3 = {fmt_by_name("R32_UINT"), ST_3D, 4, 4, 3, 256, TM_Y, 0, 32, 1, 4, 4, 0, SURF + 0x10000};
    /* 1D array: width 10, 2 levels, 3 layers, HALIGN 16: level 1 at x 16,
     * layers QPitch 48 pixels apart */
    surf a1 = {fmt_by_name("R32_UINT"), ST_1D, 10, 1, 3, 1024, TM_LINEAR, 1, 48, 2, 16, 4, 0, SURF + 0x20000};
    /* buffer of 300 R32_UINT entries */
    surf bu = {fmt_by_name("R32_UINT"), ST_BUFFER, 300, 1, 1, 4, TM_LINEAR, 0, 0, 1, 4, 4, 0, SURF + 0x30000};
    clear(SURF, 0x40000);
    bind(5, 5, &a2);
    bind(6, 6, &v3);
    bind(7, 7, &a1);
    bind(8, 8, &bu);
    fill_uint(&a2, 3);
    fill_uint(&v3, 3);
    fill_uint(&a1, 3);
    for (unsigned x = 0; x < 300; x++) {
        uint32_t v = 0xB0000 + x;
        put_el(&bu, x, 0, 0, 0, &v);
    }
    assert_int_equal(ref_off(&a1, 3, 0, 2, 1), 4 * (16 + 3 + 2 * 48));
    smp s0 = {FILT_NEAREST, MIP_NEAREST, TCM_CLAMP, 0, 0, 0, 1};
    set_sampler(0, &s0);
    k_reset();
    /* 2D array: ld_lz SIMD16 (u, v, r = layer), sample_lz SIMD16 (u, v, r float) */
    k_send(16, 0, 40, 2, -1, 0, SFID_SMPL, sdesc(MT_LD_LZ, 16, 0, 6, 2, 0, 5));
    k_send(16, 0, 42, 8, -1, 0, SFID_SMPL, sdesc(MT_SAMPLE_LZ, 16, 0, 6, 2, 0, 5));
    /* 3D: ld_lz SIMD8 (u, v, r = z), sample_lz SIMD8 normalized (u, v, r) */
    k_send(8, 0, 44, 14, -1, 0, SFID_SMPL, sdesc(MT_LD_LZ, 8, 0, 3, 1, 0, 6));
    k_send(8, 0, 45, 17, -1, 0, SFID_SMPL, sdesc(MT_SAMPLE_LZ, 8, 0, 3, 1, 0, 6));
    /* 1D array: ld SIMD8 (u, v = layer, lod), sample_l SIMD8 (lod, u, v = layer) */
    k_send(8, 0, 46, 20, -1, 0, SFID_SMPL, sdesc(MT_LD, 8, 0, 3, 1, 0, 7));
    k_send(8, 0, 47, 23, -1, 0, SFID_SMPL, sdesc(MT_SAMPLE_L, 8, 0, 3, 1, 0, 7));
    /* buffer: ld_lz SIMD8 (u) */
    k_send(8, 0, 48, 26, -1, 0, SFID_SMPL, sdesc(MT_LD_LZ, 8, 0, 1, 1, 0, 8));
    /* resinfo SIMD8 lod 0 of each */
    k_send(8, 0, 50, 27, -1, 0, SFID_SMPL, sdesc(MT_RESINFO, 8, 0, 1, 4, 0, 5));
    k_send(8, 0, 54, 27, -1, 0, SFID_SMPL, sdesc(MT_RESINFO, 8, 0, 1, 4, 0, 6));
    k_send(8, 0, 58, 27, -1, 0, SFID_SMPL, sdesc(MT_RESINFO, 8, 0, 1, 4, 0, 7));
    k_send(8, 0, 62, 27, -1, 0, SFID_SMPL, sdesc(MT_RESINFO, 8, 0, 1, 4, 0, 8));
    k_load();
    h_thread(&H, 0xffff);
    for (unsigned i = 0; i < 16; i++) {
        pu(2, i, i % 6), pu(4, i, (i * 3) % 5), pu(6, i, i % 4); /* layer 3: outside */
        pf(8, i, ((float)(i % 6) + 0.5f) / 6), pf(10, i, ((float)((i * 3) % 5) + 0.5f) / 5);
        static const float layer[8] = {0, 1.3f, 1.7f, -0.8f, 5, 2.2f, 0.4f, 0.6f};
        pf(12, i, layer[i % 8]);
    }
    for (unsigned i = 0; i < 8; i++) {
        pu(14, i, i % 4), pu(15, i, (i + 1) % 4), pu(16, i, i % 3);
        pf(17, i, ((float)(i % 4) + 0.5f) / 4), pf(18, i, ((float)((i + 1) % 4) + 0.5f) / 4);
        pf(19, i, ((float)(i % 3) + 0.5f) / 3);
        pu(20, i, i), pu(21, i, i % 3), pu(22, i, i / 5); /* level 1 x 5..7 is outside (width 5) */
        pf(23, i, (float)(i % 2)), pf(24, i, ((float)(i % 5) + 0.5f) / (float)lvl(10, i % 2));
        pf(25, i, (float)i * 0.4f);
        pu(26, i, i * 41 + 10); /* 297, 338: the last one outside */
        pu(27, i, 0);
    }
    h_run_ok(&H);
    for (unsigned i = 0; i < 16; i++) {
        unsigned x = i % 6, y = (i * 3) % 5, z = i % 4;
        assert_int_equal(gu(40, i), z < 3 ? tv(x, y, z, 0) : 0);
        static const unsigned lz[8] = {0, 1, 2, 0, 2, 2, 0, 1};
        assert_int_equal(gu(42, i), tv(x, y, lz[i % 8], 0));
    }
    for (unsigned i = 0; i < 8; i++) {
        assert_int_equal(gu(44, i), tv(i % 4, (i + 1) % 4, i % 3, 0));
        assert_int_equal(gu(45, i), tv(i % 4, (i + 1) % 4, i % 3, 0));
        assert_int_equal(gu(46, i), i / 5 == 1 && i >= 5 ? 0 : tv(i, 0, i % 3, i / 5));
        unsigned l = i % 2, layer = (unsigned)nearbyintf((float)i * 0.4f);
        assert_int_equal(gu(47, i), tv(i % 5, 0, layer > 2 ? 2 : layer, l));
        assert_int_equal(gu(48, i), i * 41 + 10 < 300 ? 0xB0000 + i * 41 + 10 : 0);
        /* resinfo: 2D array (6, 5, 3, 1), 3D (4, 4, 3, 1), 1D array (10, 3, 0, 2), buffer 300 entries */
        static const uint32_t ri[3][4] = {{6, 5, 3, 1}, {4, 4, 3, 1}, {10, 3, 0, 2}};
        for (unsigned k = 0; k < 3; k++)
            for (unsigned c = 0; c < 4; c++)
                assert_int_equal(gu(50 + 4 * k + c, i), ri[k][c]);
        assert_int_equal(gu(62, i), 300);
    }

    /* 3D linear: 4x4x4 R32_FLOAT, texel x + 4 y + 16 z: the 2x2x2 footprint
     * gives the value at (u W - 1/2, v H - 1/2, r D - 1/2) */
    surf v3f = {fmt_by_name("R32_FLOAT"), ST_3D, 4, 4, 4, 128, TM_Y, 0, 32, 1, 4, 4, 0, SURF + 0x40000};
    clear(v3f.base, 0x4000);
    bind(5, 5, &v3f);
    for (unsigned z = 0; z < 4; z++)
        for (unsigned y = 0; y < 4; y++)
            for (unsigned x = 0; x < 4; x++) {
                float v = (float)(x + 4 * y + 16 * z);
                put_el(&v3f, x, y, z, 0, &v);
            }
    /* a BC4_UNORM 2D array, 8x8, 2 layers, 2 levels: HALIGN / VALIGN 4
     * blocks, level 1 four block rows below level 0, layers QPitch 8 block
     * rows apart */
    surf bc = {fmt_by_name("BC4_UNORM"), ST_2D, 8, 8, 2, 128, TM_LINEAR, 1, 8, 2, 4, 4, 0, SURF + 0x50000};
    clear(bc.base, 0x1000);
    bind(6, 6, &bc);
    uint8_t blk[2][2][2][2][8]; /* layer, level, block y, block x */
    for (unsigned z = 0; z < 2; z++)
        for (unsigned l = 0; l < 2; l++)
            for (unsigned by = 0; by < 2 - l; by++)
                for (unsigned bx = 0; bx < 2 - l; bx++) {
                    mk_block(bc.f, z + bx + by + l, blk[z][l][by][bx]);
                    put_el(&bc, 4 * bx, 4 * by, z, l, blk[z][l][by][bx]);
                }
    assert_int_equal(ref_off(&bc, 0, 0, 1, 1), 8 * 128 + 4 * 128);
    smp s1 = {FILT_LINEAR, MIP_NONE, TCM_CLAMP, 0, 0, 0, 0};
    set_sampler(1, &s1);
    k_reset();
    k_send(8, 0, 40, 2, -1, 0, SFID_SMPL, sdesc(MT_SAMPLE_LZ, 8, 0, 3, 1, 1, 5));
    /* ld SIMD16 (u, v, lod, r) */
    k_send(16, 0, 42, 6, -1, 0, SFID_SMPL, sdesc(MT_LD, 16, 0, 8, 2, 0, 6));
    k_load();
    h_thread(&H, 0xffff);
    static const float p3[8][3] = {{1.5f, 1.5f, 1.5f}, {0.75f, 2.25f, 3.5f}, {3.5f, 0.5f, 2.125f},
                                   {2.0f, 3.25f, 0.625f}, {1.125f, 1.875f, 2.75f}, {3.0f, 2.5f, 1.0f},
                                   {0.5f, 0.5f, 0.5f}, {2.625f, 1.375f, 3.25f}};
    for (unsigned i = 0; i < 8; i++)
        for (unsigned c = 0; c < 3; c++)
            pf(2 + c, i, p3[i][c] / 4);
    for (unsigned i = 0; i < 16; i++) /* lanes 0-7: level 1 (4x4) of layer i % 2; 8-15: level 0 */
        pu(6, i, i < 8 ? i % 4 : 4 + i % 4), pu(8, i, i < 8 ? i / 2 : 4 + i % 3), pu(10, i, i < 8),
            pu(12, i, i % 2);
    h_run_ok(&H);
    for (unsigned i = 0; i < 8; i++) {
        float want = (p3[i][0] - 0.5f) + 4 * (p3[i][1] - 0.5f) + 16 * (p3[i][2] - 0.5f);
        if (gf(40, i) != want)
            fail_msg("3D linear lane %u: %g, want %g", i, gf(40, i), want);
    }
    for (unsigned i = 0; i < 16; i++) {
        unsigned x = gu(6, i), y = gu(8, i), l = gu(10, i), z = gu(12, i);
        texel want;
        ref_texel(bc.f, blk[z][l][y / 4][x / 4], x % 4, y % 4, &want);
        check_ch("2D array level ld", bc.f, want.u[0], 42, i, 0, fmt_tol(bc.f));
    }
    /* resinfo of a cube array of 2 cubes (Depth 1): the faces, 6 x 2 (Mesa
     * divides resinfo's depth of a cube map array by 6) */
    surf cu = {fmt_by_name("R32_UINT"), 3 /* CUBE */, 4, 4, 2, 64, TM_LINEAR, 1, 4, 1, 4, 4, 0, SURF};
    bind(7, 7, &cu);
    k_reset();
    k_send(8, 0, 40, 2, -1, 0, SFID_SMPL, sdesc(MT_RESINFO, 8, 0, 1, 4, 0, 7));
    k_load();
    h_thread(&H, 0xff);
    h_run_ok(&H);
    static const uint32_t rc[4] = {4, 4, 12, 1};
    for (unsigned c = 0; c < 4; c++)
        assert_int_equal(gu(40 + c, 3), rc[c]);
}

/* ======================================================================
 * Surface views: Minimum Array Element names the view's first layer and
 * Depth counts the view's layers from it ("the range of Depth is reduced
 * by one for each increase of Minimum Array Element", isl's reading of the
 * BDW PRM); it applies also without Surface Array (Gen12 single-layer
 * views, Wa_1806565034).  Cube maps: the level of detail comes from the
 * derivatives of the face coordinates s = (sc / |ma| + 1) / 2, t likewise
 * (the OpenGL cube map rules), not of the direction.
 * ====================================================================== */

static void test_views_cube_lod(void **st)
{
    (void)st;
    /* a 4x4 R32_UINT 2D array of 4 layers; views of it */
    surf a4 = {fmt_by_name("R32_UINT"), ST_2D, 4, 4, 4, 64, TM_LINEAR, 1, 4, 1, 4, 4, 0, SURF};
    clear(SURF, 0x10000);
    fill_uint(&a4, 4);
    surf v2 = a4, v1 = a4;
    v2.d = 2;     /* layers 2, 3: Depth 1, Minimum Array Element 2 */
    v1.d = 1;     /* layer 3 alone, Surface Array 0 */
    v1.array = 0;
    bind(5, 5, &v2);
    w32(SSB + 64ull * 5 + 16, 2u << 18);
    bind(6, 6, &v1);
    w32(SSB + 64ull * 6 + 16, 3u << 18);
    smp s0 = {FILT_NEAREST, MIP_NEAREST, TCM_CLAMP, 0, 0, 0, 3};
    set_sampler(0, &s0);
    k_reset();
    k_send(8, 0, 40, 2, -1, 0, SFID_SMPL, sdesc(MT_LD_LZ, 8, 0, 3, 1, 0, 5));      /* u, v, r */
    k_send(8, 0, 41, 2, -1, 0, SFID_SMPL, sdesc(MT_LD_LZ, 8, 0, 2, 1, 0, 6));      /* u, v */
    k_send(8, 0, 42, 5, -1, 0, SFID_SMPL, sdesc(MT_SAMPLE_LZ, 8, 0, 3, 1, 0, 5)); /* u, v, r float */
    k_load();
    h_thread(&H, 0xff);
    static const float rl[8] = {0, 1, 2, 5, -1, 0.4f, 1.6f, 3};
    for (unsigned i = 0; i < 8; i++) {
        pu(2, i, i % 4), pu(3, i, i / 2), pu(4, i, i % 3);
        pf(5, i, ((float)(i % 4) + 0.5f) / 4), pf(6, i, ((float)(i / 2) + 0.5f) / 4), pf(7, i, rl[i]);
    }
    h_run_ok(&H);
    for (unsigned i = 0; i < 8; i++) {
        /* view of 2 layers: r 0, 1 -> layers 2, 3; r 2 is outside the view */
        assert_int_equal(gu(40, i), i % 3 < 2 ? tv(i % 4, i / 2, 2 + i % 3, 0) : 0);
        assert_int_equal(gu(41, i), tv(i % 4, i / 2, 3, 0));
        /* the array index rounds and clamps to the view: 0, 1, 1, 1, 0, 0, 1, 1 */
        static const unsigned ai[8] = {0, 1, 1, 1, 0, 0, 1, 1};
        assert_int_equal(gu(42, i), tv(i % 4, i / 2, 2 + ai[i], 0));
    }

    /* cube 8x8 R32_FLOAT, 4 levels, texel value 100 level + face */
    surf cu = {fmt_by_name("R32_FLOAT"), 3 /* CUBE */, 8, 8, 1, 64, TM_LINEAR, 0, 16, 4, 4, 4, 0, SURF + 0x10000};
    clear(cu.base, 0x4000);
    for (unsigned f = 0; f < 6; f++)
        for (unsigned l = 0; l < 4; l++)
            for (unsigned y = 0; y < lvl(8, l); y++)
                for (unsigned x = 0; x < lvl(8, l); x++) {
                    float v = (float)(100 * l + f);
                    put_el(&cu, x, y, f, l, &v);
                }
    bind(7, 7, &cu);
    k_reset();
    k_send(8, 0, 40, 2, -1, 0, SFID_SMPL, sdesc(0x00 /* sample */, 8, 0, 3, 1, 0, 7));
    k_load();
    h_thread(&H, 0xff);
    /* quad 0 (lanes 0-3: lane 1 the right neighbour, lane 2 the one below)
     * on +X: z steps 0.5 across, so s = (-z / x + 1) / 2 steps 0.25 = 2
     * texels of 8: LOD 1.  Quad 1 on -Y with |ma| = 2: x steps 2, so
     * s = (x / 2 + 1) / 2 steps 0.5 = 4 texels (z steps 1: t 0.25, 2
     * texels): LOD 2 */
    static const float dir[8][3] = {{1, 0.1f, 0.1f}, {1, 0.1f, 0.6f}, {1, 0.1f, 0.1f}, {1, 0.1f, 0.6f},
                                    {-0.5f, -2, 0.2f}, {1.5f, -2, 0.2f}, {-0.5f, -2, 1.2f}, {1.5f, -2, 1.2f}};
    for (unsigned i = 0; i < 8; i++)
        for (unsigned c = 0; c < 3; c++)
            pf(2 + c, i, dir[i][c]);
    h_run_ok(&H);
    for (unsigned i = 0; i < 8; i++)
        if (gf(40, i) != (i < 4 ? 100.0f : 203.0f))
            fail_msg("cube lane %u: %g, want %g", i, gf(40, i), i < 4 ? 100.0 : 203.0);

    /* the LOD message (textureQueryLOD): X the level the lookup uses,
     * relative to the base: clamped to the view's 4 levels, 0 with the mip
     * filter NONE; Y the level of detail after the sampler's bias, before
     * clamping (ARB_texture_query_lod).  Quad 0: u steps 2 texels of 8
     * per pixel (lambda 1); quad 1: 8 texels (lambda 3).  Sampler 1: mip
     * NEAREST, bias +1: (2, 2), (3, 4); sampler 2: mip NONE: (0, 1), (0, 3) */
    surf m4 = {fmt_by_name("R32_FLOAT"), ST_2D, 8, 8, 1, 64, TM_LINEAR, 0, 0, 4, 4, 4, 0, SURF + 0x20000};
    bind(8, 8, &m4);
    smp s1 = {FILT_NEAREST, MIP_NEAREST, TCM_CLAMP, 0, 0, 0, 14};
    set_sampler(1, &s1);
    w32(DSB + SMP_OFF + 16, 2u << 27 | MIP_NEAREST << 20 | 256u << 1); /* Texture LOD Bias 1.0 (S4.8) */
    smp s2 = {FILT_NEAREST, MIP_NONE, TCM_CLAMP, 0, 0, 0, 14};
    set_sampler(2, &s2);
    k_reset();
    k_send(8, 0, 40, 2, -1, 0, SFID_SMPL, sdesc(0x09 /* lod */, 8, 0, 2, 2, 1, 8));
    k_send(8, 0, 42, 2, -1, 0, SFID_SMPL, sdesc(0x09 /* lod */, 8, 0, 2, 2, 2, 8));
    k_load();
    h_thread(&H, 0xff);
    for (unsigned i = 0; i < 8; i++) {
        float du = i < 4 ? 0.25f : 1.0f, dv = i < 4 ? 0.125f : 0.5f;
        pf(2, i, 0.1f + du * (float)(i & 1)), pf(3, i, 0.1f + dv * (float)(i >> 1 & 1));
    }
    h_run_ok(&H);
    for (unsigned i = 0; i < 8; i++) {
        static const float want[2][2][2] = {{{2, 2}, {3, 4}}, {{0, 1}, {0, 3}}}; /* sampler, quad, (X, Y) */
        for (unsigned k = 0; k < 2; k++)
            for (unsigned c = 0; c < 2; c++)
                if (gf(40 + 2 * k + c, i) != want[k][i / 4][c])
                    fail_msg("lod sampler %u lane %u %c: %g, want %g", k + 1, i, "XY"[c], gf(40 + 2 * k + c, i),
                             want[k][i / 4][c]);
    }

    /* seamless cube filtering (Cube Surface Control Mode OVERRIDE): at
     * direction (1, 0, -1) (face +X, s = 1, t = 1/2) the bilinear
     * footprint is texels 7 and 8 of rows 3 and 4; texel 8 is past the
     * edge, on face -Z (its centre's direction (1, 0.125, -1.125)): 0.5
     * face 0 + 0.5 face 5 = 2.5; clamped to the face (PROGRAMMED, TCM_CLAMP)
     * 0 */
    smp s3 = {FILT_LINEAR, MIP_NONE, TCM_CLAMP, 0, 0, 0, 0};
    set_sampler(3, &s3);
    set_sampler(4, &s3);
    w32(DSB + SMP_OFF + 16 * 3 + 4, 1u); /* Cube Surface Control Mode OVERRIDE */
    k_reset();
    k_send(8, 0, 40, 2, -1, 0, SFID_SMPL, sdesc(MT_SAMPLE_LZ, 8, 0, 3, 1, 3, 7));
    k_send(8, 0, 41, 2, -1, 0, SFID_SMPL, sdesc(MT_SAMPLE_LZ, 8, 0, 3, 1, 4, 7));
    k_load();
    h_thread(&H, 0xff);
    for (unsigned i = 0; i < 8; i++)
        pf(2, i, 1.0f), pf(3, i, 0.0f), pf(4, i, -1.0f);
    h_run_ok(&H);
    for (unsigned i = 0; i < 8; i++) {
        if (gf(40, i) != 2.5f)
            fail_msg("seamless cube lane %u: %g, want 2.5", i, gf(40, i));
        if (gf(41, i) != 0.0f)
            fail_msg("clamped cube lane %u: %g, want 0", i, gf(41, i));
    }
}

/* ======================================================================
 * ld / ld_lz: SIMD8 and SIMD16, with and without header (header made by
 * the kernel: channel mask, texel offsets), response length selecting
 * the channels, disabled lanes.
 * ====================================================================== */

static uint32_t rgba_v(unsigned x, unsigned y, unsigned c) { return 1000u * c + 10u * y + x; }

static void test_ld_header(void **st)
{
    (void)st;
    surf s = {fmt_by_name("R32G32B32A32_UINT"), ST_2D, 8, 8, 1, 512, TM_Y, 0, 0, 2, 16, 4, 0, SURF};
    clear(SURF, 0x4000);
    bind(9, 9, &s);
    for (unsigned l = 0; l < 2; l++)
        for (unsigned y = 0; y < lvl(8, l); y++)
            for (unsigned x = 0; x < lvl(8, l); x++) {
                uint32_t v[4];
                for (unsigned c = 0; c < 4; c++)
                    v[c] = rgba_v(x, y, c) + 100000 * l;
                put_el(&s, x, y, 0, l, v);
            }
    k_reset();
    /* ld_lz SIMD8 no header, rlen 2: R, G */
    k_send(8, 0, 40, 2, -1, 0, SFID_SMPL, sdesc(MT_LD_LZ, 8, 0, 2, 2, 0, 9));
    /* header: M0.2 = U offset +2 (11:8), V offset -1 (7:4), G not returned (13) */
    k_line("mov (8|M0) r10.0<1>:ud 0x0:ud");
    k_line("mov (1|M0) r10.2<1>:ud 0x%x:ud", 2u << 8 | 0xFu << 4 | 1u << 13);
    /* ld SIMD16 with header: u, v, lod (mlen 7), R B A (rlen 6) */
    k_send(16, 0, 44, 10, -1, 0, SFID_SMPL, sdesc(MT_LD, 16, 1, 7, 6, 0, 9));
    /* header: U offset -3, V offset +1, only A returned (12, 13, 14 set) */
    k_line("mov (8|M0) r20.0<1>:ud 0x0:ud");
    k_line("mov (1|M0) r20.2<1>:ud 0x%x:ud", 0xDu << 8 | 0x1u << 4 | 0x7u << 12);
    k_send(8, 0, 52, 20, -1, 0, SFID_SMPL, sdesc(MT_LD_LZ, 8, 1, 3, 1, 0, 9));
    /* ld_lz SIMD16 no header, all channels */
    k_send(16, 0, 60, 23, -1, 0, SFID_SMPL, sdesc(MT_LD_LZ, 16, 0, 4, 8, 0, 9));
    k_load();
    h_thread(&H, 0xffff & ~(1u << 5) & ~(1u << 12));
    fill_regs(40, 4, 0xdeadbeef);
    fill_regs(44, 8, 0xdeadbeef);
    fill_regs(52, 2, 0xdeadbeef);
    fill_regs(60, 8, 0xdeadbeef);
    int xs[16], ys[16], ls[16];
    for (unsigned i = 0; i < 16; i++) {
        xs[i] = (int)((i * 5) % 9);
        ys[i] = (int)((i * 3) % 9);
        ls[i] = (int)(i % 3);
        pu(2, i % 8, (uint32_t)xs[i % 8]), pu(3, i % 8, (uint32_t)ys[i % 8]);
        pu(11, i, (uint32_t)xs[i]), pu(13, i, (uint32_t)ys[i]), pu(15, i, (uint32_t)ls[i]);
        pu(21, i % 8, (uint32_t)xs[i % 8]), pu(22, i % 8, (uint32_t)ys[i % 8]);
        pu(23, i, (uint32_t)ys[i]), pu(25, i, (uint32_t)xs[i]);
    }
    h_run_ok(&H);
    for (unsigned i = 0; i < 16; i++) {
        bool en = i != 5 && i != 12;
        /* SIMD8 no header rlen 2 */
        if (i < 8) {
            bool in = xs[i] < 8 && ys[i] < 8;
            for (unsigned c = 0; c < 2; c++)
                assert_int_equal(gu(40 + c, i), !en ? 0xdeadbeef : in ? rgba_v(xs[i], ys[i], c) : 0);
            assert_int_equal(gu(42, i), 0xdeadbeef);
        }
        /* SIMD16 header: (x + 2, y - 1) at lod ls; R, B, A */
        int x = xs[i] + 2, y = ys[i] - 1, l = ls[i];
        bool in = l < 2 && x >= 0 && y >= 0 && x < (int)lvl(8, (unsigned)l) && y < (int)lvl(8, (unsigned)l);
        static const unsigned chs[3] = {0, 2, 3};
        for (unsigned k = 0; k < 3; k++) {
            uint32_t want = !en ? 0xdeadbeef
                            : in ? rgba_v((unsigned)x, (unsigned)y, chs[k]) + 100000u * (unsigned)l : 0;
            if (gu(44 + 2 * k, i) != want)
                fail_msg("ld header lane %u channel %u: 0x%x want 0x%x", i, chs[k], gu(44 + 2 * k, i), want);
        }
        assert_int_equal(gu(50, i), 0xdeadbeef); /* rlen 6: r50 untouched */
        /* SIMD8 header: (x - 3, y + 1), A only */
        if (i < 8) {
            x = xs[i] - 3, y = ys[i] + 1;
            in = x >= 0 && y >= 0 && x < 8 && y < 8;
            assert_int_equal(gu(52, i), !en ? 0xdeadbeef : in ? rgba_v((unsigned)x, (unsigned)y, 3) : 0);
            assert_int_equal(gu(53, i), 0xdeadbeef);
        }
        /* SIMD16 ld_lz no header, the transposed coordinates */
        in = xs[i] < 8 && ys[i] < 8;
        for (unsigned c = 0; c < 4; c++)
            assert_int_equal(gu(60 + 2 * c, i), !en ? 0xdeadbeef : in ? rgba_v(ys[i], xs[i], c) : 0);
    }
}

/* ======================================================================
 * Address modes, nearest and linear filters, normalized and
 * unnormalized coordinates, the border colour (float and integer).
 * ====================================================================== */

/* Address mode applied to texel index i of a dimension of n texels; -1:
 * the border colour.  WRAP repeats; MIRROR repeats mirrored copies (period
 * 2n); CLAMP clamps to the edge; CLAMP_BORDER gives the border outside;
 * MIRROR_ONCE mirrors about 0 once, then clamps; MIRROR_101 mirrors without
 * repeating the edge texel (period 2n - 2). */
static int ref_wrap(int i, int n, unsigned mode)
{
    int p;
    switch (mode) {
    case TCM_WRAP: return ((i % n) + n) % n;
    case TCM_MIRROR: p = ((i % (2 * n)) + 2 * n) % (2 * n); return p < n ? p : 2 * n - 1 - p;
    case TCM_CLAMP: return i < 0 ? 0 : i >= n ? n - 1 : i;
    case TCM_BORDER: return i < 0 || i >= n ? -1 : i;
    case TCM_MIRROR_ONCE: p = i < 0 ? -i - 1 : i; return p >= n ? n - 1 : p;
    case TCM_MIRROR_101:
        if (n == 1) return 0;
        p = ((i % (2 * n - 2)) + 2 * n - 2) % (2 * n - 2);
        return p < n ? p : 2 * n - 2 - p;
    }
    return 0;
}

#define AW 5
#define AH 3
static float am_texel(int x, int y) { return (float)(1 + x + 8 * y); }

static void test_address_modes(void **st)
{
    (void)st;
    /* 5x3 R32_FLOAT, texel (x, y) = 1 + x + 8 y */
    surf s = {fmt_by_name("R32_FLOAT"), ST_2D, AW, AH, 1, 64, TM_LINEAR, 0, 0, 1, 4, 4, 0, SURF};
    clear(SURF, 4096);
    bind(10, 10, &s);
    for (int y = 0; y < AH; y++)
        for (int x = 0; x < AW; x++) {
            float v = am_texel(x, y);
            put_el(&s, (unsigned)x, (unsigned)y, 0, 0, &v);
        }
    /* border colour (0.25, 0.5, -3, 2); R32_FLOAT has only red, so the
     * border texel is (0.25, 0, 0, 1): the missing channels take the
     * format's defaults, as for any texel (OpenCL's CL_R border
     * (0, 0, 0, 1) from the (0, 0, 0, 0) colour IGC programs) */
    const float border[4] = {0.25f, 0.0f, 0.0f, 1.0f};
    set_border(f2u(0.25f), f2u(0.5f), f2u(-3.0f), f2u(2.0f));
    k_reset();
    k_send(16, 0, 40, 2, -1, 0, SFID_SMPL, sdesc(MT_SAMPLE_LZ, 16, 0, 4, 8, 0, 10));
    k_load();
    /* texel-space coordinates, away from integers and from weight ties */
    static const float tx[16] = {-7.3f, -5.2f, -1.6f, -0.4f, 0.2f, 1.7f, 4.6f, 5.3f,
                                 6.9f, 9.8f, 11.2f, 13.1f, -10.6f, 2.45f, 3.1f, 7.7f};
    static const float ty[16] = {0.3f, -1.2f, 2.9f, 3.4f, -0.3f, 1.1f, 5.6f, -4.7f,
                                 2.2f, 1.9f, -2.6f, 0.7f, 4.3f, 6.8f, -3.9f, 1.45f};
    for (unsigned mode = 0; mode < 8; mode++) {
        if (mode == TCM_CUBE || mode == TCM_HALF_BORDER)
            continue;
        for (unsigned filt = 0; filt < 2; filt++)
            for (unsigned nonorm = 0; nonorm < 2; nonorm++) {
                smp sm = {filt, MIP_NONE, mode, nonorm, 0, 0, 0};
                set_sampler(0, &sm);
                h_thread(&H, 0xffff);
                for (unsigned i = 0; i < 16; i++) {
                    pf(2, i, nonorm ? tx[i] : tx[i] / AW);
                    pf(4, i, nonorm ? ty[i] : ty[i] / AH);
                }
                h_run_ok(&H);
                for (unsigned i = 0; i < 16; i++) {
                    /* texel space as the sampler sees it: u * size in single precision */
                    float px = nonorm ? tx[i] : gf(2, i) * AW, py = nonorm ? ty[i] : gf(4, i) * AH;
                    float want[4] = {0, 0, 0, 0};
                    if (!filt) {
                        int x = ref_wrap((int)floorf(px), AW, mode), y = ref_wrap((int)floorf(py), AH, mode);
                        float t[4] = {x < 0 || y < 0 ? 0 : am_texel(x, y), 0, 0, 1};
                        memcpy(want, x < 0 || y < 0 ? border : t, sizeof want);
                    } else {
                        float fx = px - 0.5f, fy = py - 0.5f;
                        int x0 = (int)floorf(fx), y0 = (int)floorf(fy);
                        /* weights rounded to 8 fractional bits */
                        float a = floorf((fx - floorf(fx)) * 256 + 0.5f) / 256;
                        float b = floorf((fy - floorf(fy)) * 256 + 0.5f) / 256;
                        for (unsigned q = 0; q < 4; q++) {
                            int x = ref_wrap(x0 + (int)(q & 1), AW, mode), y = ref_wrap(y0 + (int)(q >> 1), AH, mode);
                            float w = ((q & 1) ? a : 1 - a) * ((q >> 1) ? b : 1 - b);
                            float t[4] = {x < 0 || y < 0 ? 0 : am_texel(x, y), 0, 0, 1};
                            for (unsigned c = 0; c < 4; c++)
                                want[c] += w * (x < 0 || y < 0 ? border[c] : t[c]);
                        }
                    }
                    for (unsigned c = 0; c < 4; c++)
                        if (gf(40 + 2 * c, i) != want[c])
                            fail_msg("mode %u filter %u %snormalized lane %u (%g, %g) channel %u: %.9g, want %.9g",
                                     mode, filt, nonorm ? "un" : "", i, tx[i], ty[i], c, gf(40 + 2 * c, i), want[c]);
                }
            }
    }
    /* an integer format takes the border colour's 32-bit integers (R32G32:
     * red and green; blue 0, alpha 1 from the format) */
    surf si = {fmt_by_name("R32G32_SINT"), ST_2D, 4, 4, 1, 64, TM_LINEAR, 0, 0, 1, 4, 4, 0, SURF + 0x1000};
    clear(si.base, 4096);
    bind(10, 10, &si);
    int32_t v2[2] = {-5, 77};
    put_el(&si, 1, 2, 0, 0, v2);
    set_border(0xFFFFFFF9u, 8, 0x80000000u, 10);
    smp sb = {FILT_NEAREST, MIP_NONE, TCM_BORDER, 1, 0, 0, 0};
    set_sampler(0, &sb);
    h_thread(&H, 0xffff);
    for (unsigned i = 0; i < 16; i++)
        pf(2, i, i % 2 ? 1.5f : -0.5f), pf(4, i, 2.5f);
    h_run_ok(&H);
    for (unsigned i = 0; i < 16; i++) {
        static const uint32_t in[4] = {(uint32_t)-5, 77, 0, 1}, out[4] = {0xFFFFFFF9u, 8, 0, 1};
        for (unsigned c = 0; c < 4; c++)
            assert_int_equal(gu(40 + 2 * c, i), i % 2 ? in[c] : out[c]);
    }
}

/* ======================================================================
 * sample_c_lz: shadow functions on depth formats (R16_UNORM,
 * R24_UNORM_X8_TYPELESS, R32_FLOAT_X8X24_TYPELESS), nearest and linear.
 * The hardware result is 0 when "texel OP ref" holds, else 1 (Mesa
 * anv/iris: "The hardware does: 0 if texel <op> ref, 1 otherwise").
 * ====================================================================== */

static bool shadow_op(unsigned func, float texel, float ref)
{
    switch (func) {
    case 0: return true;
    case 1: return false;
    case 2: return texel < ref;
    case 3: return texel == ref;
    case 4: return texel <= ref;
    case 5: return texel > ref;
    case 6: return texel != ref;
    default: return texel >= ref;
    }
}

static void test_sample_c(void **st)
{
    (void)st;
    static const char *const fmts[3] = {"R16_UNORM", "R24_UNORM_X8_TYPELESS", "R32_FLOAT_X8X24_TYPELESS"};
    k_reset();
    k_send(16, 0, 40, 2, -1, 0, SFID_SMPL, sdesc(MT_SAMPLE_C_LZ, 16, 0, 6, 2, 0, 11));
    k_send(8, 0, 44, 8, -1, 0, SFID_SMPL, sdesc(MT_SAMPLE_C_LZ, 8, 0, 3, 1, 1, 11));
    k_load();
    for (unsigned fi = 0; fi < 3; fi++) {
        const fmtd *f = fmt_by_name(fmts[fi]);
        surf s = {f, ST_2D, 4, 4, 1, 128, (unsigned[]){TM_LINEAR, TM_Y, TM_X}[fi], 0, 0, 1, 4, 4, 0, SURF};
        if (s.tile == TM_X)
            s.pitch = 512;
        clear(SURF, 8192);
        bind(11, 11, &s);
        float d[16];
        for (unsigned k = 0; k < 16; k++) {
            uint8_t el[8] = {0};
            if (fi == 0) put_bits(el, 0, 16, k * 4000u);
            else if (fi == 1) put_bits(el, 0, 24, k * 1000000u), put_bits(el, 24, 8, 0xAB);
            else { float v = (float)k / 16; memcpy(el, &v, 4); put_bits(el, 32, 32, 0xDEADBEEF); }
            put_el(&s, k % 4, k / 4, 0, 0, el);
            texel t;
            ref_plain(f, el, &t);
            d[k] = t.f[0];
        }
        for (unsigned func = 0; func < 8; func++) {
            smp sm = {FILT_NEAREST, MIP_NONE, TCM_CLAMP, 1, func, 0, 0};
            set_sampler(0, &sm);
            smp sl = {FILT_LINEAR, MIP_NONE, TCM_CLAMP, 1, func, 0, 0};
            set_sampler(1, &sl);
            h_thread(&H, 0xffff);
            float ref[16];
            for (unsigned i = 0; i < 16; i++) {
                /* the texel itself, just below or just above it */
                unsigned k = (i * 7) % 16;
                ref[i] = i % 3 == 0 ? d[k] : i % 3 == 1 ? nextafterf(d[k], -1) : nextafterf(d[k], 2);
                pf(2, i, ref[i]), pf(4, i, (float)(k % 4) + 0.5f), pf(6, i, (float)(k / 4) + 0.5f);
            }
            for (unsigned i = 0; i < 8; i++) /* linear: centre of the 2x2 footprint at (i % 3, i % 2) */
                pf(8, i, 0.45f), pf(9, i, (float)(i % 3) + 1.0f), pf(10, i, (float)(i % 2) + 1.0f);
            h_run_ok(&H);
            for (unsigned i = 0; i < 16; i++) {
                float want = shadow_op(func, d[(i * 7) % 16], ref[i]) ? 0.0f : 1.0f;
                if (gf(40, i) != want)
                    fail_msg("%s shadow function %u lane %u: %g want %g", f->name, func, i, gf(40, i), want);
            }
            for (unsigned i = 0; i < 8; i++) {
                unsigned x0 = i % 3, y0 = i % 2;
                float want = 0;
                for (unsigned q = 0; q < 4; q++)
                    want += 0.25f * (shadow_op(func, d[(y0 + q / 2) * 4 + x0 + q % 2], 0.45f) ? 0.0f : 1.0f);
                if (gf(44, i) != want)
                    fail_msg("%s linear shadow function %u lane %u: %g want %g", f->name, func, i, gf(44, i), want);
            }
        }
    }
}

/* ======================================================================
 * gather4: the 2x2 footprint of one channel (header M0.2 17:16) in the
 * order R (i0, j1), G (i1, j1), B (i1, j0), A (i0, j0); without a header
 * the red channel; with header texel offsets.
 * ====================================================================== */

static void test_gather4(void **st)
{
    (void)st;
    surf s = {fmt_by_name("R32G32B32A32_FLOAT"), ST_2D, 4, 4, 1, 256, TM_Y, 0, 0, 1, 4, 4, 0, SURF};
    clear(SURF, 8192);
    bind(12, 12, &s);
    for (unsigned y = 0; y < 4; y++)
        for (unsigned x = 0; x < 4; x++) {
            float v[4];
            for (unsigned c = 0; c < 4; c++)
                v[c] = (float)rgba_v(x, y, c);
            put_el(&s, x, y, 0, 0, v);
        }
    smp sm = {FILT_NEAREST, MIP_NONE, TCM_WRAP, 0, 0, 0, 0};
    set_sampler(0, &sm);
    k_reset();
    for (unsigned c = 0; c < 5; c++) {
        unsigned hdr = 10 + 3 * c;
        k_line("mov (8|M0) r%u.0<1>:ud 0x0:ud", hdr);
        /* channel c (c = 4: red with texel offsets U -1, V +2) */
        k_line("mov (1|M0) r%u.2<1>:ud 0x%x:ud", hdr, c < 4 ? c << 16 : 0xFu << 8 | 2u << 4);
        k_send(8, 0, 40 + 4 * c, hdr, -1, 0, SFID_SMPL, sdesc(MT_GATHER4, 8, 1, 3, 4, 0, 12));
    }
    k_send(8, 0, 60, 26, -1, 0, SFID_SMPL, sdesc(MT_GATHER4, 8, 0, 2, 4, 0, 12));
    /* sample_lz nearest with header texel offsets U +1, V -2, B only */
    k_line("mov (8|M0) r28.0<1>:ud 0x0:ud");
    k_line("mov (1|M0) r28.2<1>:ud 0x%x:ud", 1u << 8 | 0xEu << 4 | 0xBu << 12);
    k_send(8, 0, 64, 28, -1, 0, SFID_SMPL, sdesc(MT_SAMPLE_LZ, 8, 1, 3, 1, 0, 12));
    k_load();
    h_thread(&H, 0xff);
    static const float tx[8] = {1.2f, 0.3f, 2.9f, 3.7f, 1.5f, 0.6f, 2.1f, 3.3f};
    static const float ty[8] = {0.9f, 2.2f, 3.6f, 0.1f, 1.8f, 3.2f, 2.6f, 1.1f};
    for (unsigned i = 0; i < 8; i++)
        for (unsigned c = 0; c < 5; c++) {
            pf(11 + 3 * c, i, tx[i] / 4), pf(12 + 3 * c, i, ty[i] / 4);
            pf(26, i, tx[i] / 4), pf(27, i, ty[i] / 4);
            pf(29, i, tx[i] / 4), pf(30, i, ty[i] / 4);
        }
    h_run_ok(&H);
    for (unsigned i = 0; i < 8; i++) {
        float px = gf(11, i) * 4, py = gf(12, i) * 4;
        int i0 = (int)floorf(px - 0.5f), j0 = (int)floorf(py - 0.5f);
        for (unsigned c = 0; c < 6; c++) {
            unsigned ch = c < 4 ? c : 0, rsp = c < 5 ? 40 + 4 * c : 60;
            int du = c == 4 ? -1 : 0, dv = c == 4 ? 2 : 0;
            static const int fx[4] = {0, 1, 1, 0}, fy[4] = {1, 1, 0, 0};
            for (unsigned k = 0; k < 4; k++) {
                int x = ref_wrap(i0 + du + fx[k], 4, TCM_WRAP), y = ref_wrap(j0 + dv + fy[k], 4, TCM_WRAP);
                float want = (float)rgba_v((unsigned)x, (unsigned)y, ch);
                if (gf(rsp + k, i) != want)
                    fail_msg("gather4 %u lane %u component %u: %g want %g", c, i, k, gf(rsp + k, i), want);
            }
        }
        int x = ref_wrap((int)floorf(px) + 1, 4, TCM_WRAP), y = ref_wrap((int)floorf(py) - 2, 4, TCM_WRAP);
        assert_true(gf(64, i) == (float)rgba_v((unsigned)x, (unsigned)y, 2));
    }

    /* views with channel selects (G, ZERO, ZERO, ZERO) and (ONE, R, G, B):
     * gather4 of channel 0 gathers the selected channel (green; the
     * constant 1) and returns the four texels unswizzled (Mesa gathers
     * channel 0 of a view whose swizzle names the component) */
    bind(13, 13, &s);
    w32(SSB + 64ull * 13 + 28, 5u << 25);
    bind(14, 14, &s);
    w32(SSB + 64ull * 14 + 28, 1u << 25 | 4u << 22 | 5u << 19 | 6u << 16);
    k_reset();
    k_send(8, 0, 40, 26, -1, 0, SFID_SMPL, sdesc(MT_GATHER4, 8, 0, 2, 4, 0, 13));
    k_send(8, 0, 44, 26, -1, 0, SFID_SMPL, sdesc(MT_GATHER4, 8, 0, 2, 4, 0, 14));
    k_load();
    h_thread(&H, 0xff);
    for (unsigned i = 0; i < 8; i++)
        pf(26, i, tx[i] / 4), pf(27, i, ty[i] / 4);
    h_run_ok(&H);
    for (unsigned i = 0; i < 8; i++) {
        int i0 = (int)floorf(tx[i] - 0.5f), j0 = (int)floorf(ty[i] - 0.5f);
        static const int fx[4] = {0, 1, 1, 0}, fy[4] = {1, 1, 0, 0};
        for (unsigned k = 0; k < 4; k++) {
            int x = ref_wrap(i0 + fx[k], 4, TCM_WRAP), y = ref_wrap(j0 + fy[k], 4, TCM_WRAP);
            float want = (float)rgba_v((unsigned)x, (unsigned)y, 1);
            if (gf(40 + k, i) != want)
                fail_msg("gather4 of a (G,0,0,0) view lane %u component %u: %g want %g", i, k, gf(40 + k, i), want);
            if (gf(44 + k, i) != 1.0f)
                fail_msg("gather4 of a (1,R,G,B) view lane %u component %u: %g want 1", i, k, gf(44 + k, i));
        }
    }
}

/* ======================================================================
 * Typed surface read (SIMD16 kernel: low and high slot groups, channel
 * masks, out-of-range slots (0, 0, 0, 1)), on every typed-readable
 * format; LOD and array addresses.
 * ====================================================================== */

static void test_typed_read(void **st)
{
    (void)st;
    k_reset();
    /* U, V per half: lanes 0-7 in r2, r3; lanes 8-15 in r4, r5 */
    k_send(8, 0, 40, 2, -1, 0, SFID_DC1, tdesc(DC1_TREAD, 0x10, 2, 4, 13));
    k_send(8, 8, 44, 4, -1, 0, SFID_DC1, tdesc(DC1_TREAD, 0x20, 2, 4, 13));
    /* R and A only (G, B disabled), and R only */
    k_send(8, 0, 48, 2, -1, 0, SFID_DC1, tdesc(DC1_TREAD, 0x16, 2, 2, 13));
    k_send(8, 8, 50, 4, -1, 0, SFID_DC1, tdesc(DC1_TREAD, 0x2E, 2, 1, 13));
    k_load();
    for (unsigned fi = 0; fi < NFORMATS; fi++) {
        const fmtd *f = &FORMATS[fi];
        if (!(f->flags & F_TR))
            continue;
        unsigned tile = (unsigned[]){TM_LINEAR, TM_X, TM_Y}[fi % 3];
        unsigned pitch = tile == TM_X ? 512 : tile == TM_Y ? 256 : 8 * f->bpe + 16;
        surf s = {f, ST_2D, 8, 4, 1, pitch, tile, 0, 0, 1, 4, 4, 0, SURF};
        clear(SURF, 8192);
        bind(13, 13, &s);
        uint8_t el[4][8][16];
        for (unsigned y = 0; y < 4; y++)
            for (unsigned x = 0; x < 8; x++) {
                for (unsigned b = 0; b < f->bpe; b++)
                    el[y][x][b] = (uint8_t)rnd();
                put_el(&s, x, y, 0, 0, el[y][x]);
            }
        h_thread(&H, 0xffff & ~(1u << 9));
        fill_regs(40, 12, 0xdeadbeef);
        unsigned xs[16], ys[16];
        for (unsigned i = 0; i < 16; i++) {
            xs[i] = (i * 5) % 9; /* x 8: outside */
            ys[i] = (i * 3) % 5; /* y 4: outside */
            pu(2 + (i / 8) * 2, i % 8, xs[i]);
            pu(3 + (i / 8) * 2, i % 8, ys[i]);
        }
        h_run_ok(&H);
        for (unsigned i = 0; i < 16; i++) {
            texel want;
            bool in = xs[i] < 8 && ys[i] < 4;
            if (in) {
                ref_plain(f, el[ys[i]][xs[i]], &want);
            } else {
                want.u[0] = want.u[1] = want.u[2] = 0;
                want.u[3] = (f->flags & F_INT) ? 1u : f2u(1.0f);
            }
            unsigned lane = i % 8, base = i < 8 ? 40 : 44;
            if (i == 9) {
                for (unsigned c = 0; c < 4; c++)
                    assert_int_equal(gu(base + c, lane), 0xdeadbeef);
                assert_int_equal(gu(50, lane), 0xdeadbeef);
                continue;
            }
            check_texel("typed read", f, &want, base, lane, 1, 0);
            /* masked: low slots R, A in r48, r49; high slots R in r50 */
            if (i < 8) { /* R, A packed in r48, r49 */
                check_ch("typed read R, A", f, want.u[0], 48, lane, 0, 0);
                check_ch("typed read R, A", f, want.u[3], 49, lane, 3, 0);
            } else { /* R in r50, r51 untouched */
                check_ch("typed read R", f, want.u[0], 50, lane, 0, 0);
                assert_int_equal(gu(51, lane), 0xdeadbeef);
            }
        }
    }
    /* addresses U, V, R, LOD: a 2D array with mip levels */
    surf a = {fmt_by_name("R32_UINT"), ST_2D, 8, 4, 2, 64, TM_LINEAR, 1, 8, 2, 4, 4, 0, SURF};
    clear(SURF, 4096);
    bind(13, 13, &a);
    fill_uint(&a, 2);
    k_reset();
    k_send(8, 0, 40, 2, -1, 0, SFID_DC1, tdesc(DC1_TREAD, 0x1E, 4, 1, 13));
    k_load();
    h_thread(&H, 0xff);
    static const unsigned ax[8] = {0, 7, 3, 3, 1, 4, 2, 0}, ay[8] = {0, 3, 1, 1, 1, 0, 2, 0},
                          az[8] = {0, 1, 1, 0, 1, 1, 0, 2}, al[8] = {0, 0, 1, 1, 1, 1, 1, 0};
    for (unsigned i = 0; i < 8; i++)
        pu(2, i, ax[i]), pu(3, i, ay[i]), pu(4, i, az[i]), pu(5, i, al[i]);
    h_run_ok(&H);
    for (unsigned i = 0; i < 8; i++) {
        bool in = az[i] < 2 && ax[i] < lvl(8, al[i]) && ay[i] < lvl(4, al[i]);
        assert_int_equal(gu(40, i), in ? tv(ax[i], ay[i], az[i], al[i]) : 0);
    }
}

/* ======================================================================
 * Typed surface write: every typed-writable format, float to UNORM /
 * SNORM rounding to nearest even, half / 11 / 10-bit floats, integer
 * saturation; channel-masked writes keep the other channels; SIMD16
 * kernel (low and high slot groups).
 * ====================================================================== */

/* float to UNORM / SNORM n bits: NaN 0, clamp, scale, round to nearest even */
static uint64_t enc_norm(float f, unsigned n, bool sgn)
{
    if (isnan(f))
        return 0;
    double m = sgn ? (double)((1ull << (n - 1)) - 1) : (double)((1ull << n) - 1), lo = sgn ? -1 : 0;
    double c = f < lo ? lo : f > 1 ? 1 : f;
    return (uint64_t)(int64_t)nearbyint(c * m) & ((1ull << n) - 1);
}
/* float to a float of 5 exponent bits (bias 15) and mb mantissa bits,
 * round to nearest even (finite inputs in range); sign for half */
static uint32_t enc_small(float f, unsigned mb, bool sign)
{
    uint32_t s = 0;
    if (signbit(f)) {
        if (!sign)
            return 0; /* the unsigned floats: negative values give 0 */
        s = 0x8000u;
        f = -f;
    }
    if (isinf(f))
        return s | 31u << mb;
    if (f == 0)
        return s;
    int e;
    frexp(f, &e);
    e -= 1; /* f = 1.m * 2^e */
    if (e < -14)
        e = -14;
    double q = ldexp(1, e - (int)mb); /* the value of one mantissa step */
    uint32_t h = (uint32_t)nearbyint(f / q);
    /* h in [2^mb, 2^(mb+1)] (normal) or [0, 2^mb] (denormal); a carry into
     * the next exponent encodes itself */
    uint32_t bits = h < (1u << mb) ? h : ((uint32_t)(e + 15) << mb) + (h - (1u << mb));
    return s | bits;
}

/* The bits a typed write stores in channel c of the format for 32-bit data
 * v: UNORM / SNORM (float data), UINT / SINT saturated (unsigned / signed
 * data), 32-bit float copied, half and 11 / 10-bit floats rounded; *nan:
 * the data is a NaN (any NaN encoding is right). */
static uint64_t enc_chan(const chan *c, uint32_t v, bool *nan)
{
    uint64_t max = (1ull << c->bits) - 1;
    float f = u2f(v);
    *nan = false;
    if (!strcmp(c->t, "un") || !strcmp(c->t, "sn"))
        return enc_norm(f, c->bits, c->t[0] == 's');
    if (!strcmp(c->t, "ui"))
        return v > max ? max : v;
    if (!strcmp(c->t, "si")) {
        int64_t lo = -(int64_t)(max >> 1) - 1, hi = (int64_t)(max >> 1), sv = (int32_t)v;
        return (uint64_t)(sv < lo ? lo : sv > hi ? hi : sv) & max;
    }
    if (c->bits == 32)
        return v;
    *nan = isnan(f);
    return !strcmp(c->t, "fl") ? enc_small(f, 10, true) : enc_small(f, c->bits - 5, false);
}

static const float TW_F[] = {0.5f, -0.5f, 1.5f, -2.0f, 0.25f, 1.0f / 3, 0.7f, 1e-7f, NAN, 1.0f, 0.0f,
                             1.00048828125f /* 1 + 2^-11: a tie for half */, 3.0f * 0x1p-25f, 0x1p-25f, 12.3456f,
                             -0.0f, 100.0f, 0.99f, 0.001f, 2.5f};
static const uint32_t TW_U[] = {0, 1, 127, 128, 255, 256, 65535, 65536, 0x7fffffff, 0xffffffffu, 1023, 1024,
                                3, 4, 2, 42};
static const int32_t TW_S[] = {0, -1, 127, 128, -128, -129, 32767, -32768, 40000, -40000, 2147483647, -2147483647 - 1,
                               511, -512, 1, 2};

static uint32_t tw_input(const chan *c, unsigned lane, unsigned ch)
{
    unsigned k = lane * 4 + ch;
    if (c && c->t[0] == 'u' && c->t[1] == 'i')
        return TW_U[k % (sizeof TW_U / sizeof TW_U[0])];
    if (c && c->t[0] == 's' && c->t[1] == 'i')
        return (uint32_t)TW_S[k % (sizeof TW_S / sizeof TW_S[0])];
    return f2u(TW_F[k % (sizeof TW_F / sizeof TW_F[0])]);
}

/* The kernel runs in each cr0.0 rounding mode (round to nearest even, up,
 * down: 0.5 and 0.7 to UNORM8 are 127.5 and 178.49999 before rounding):
 * the data port is no part of the EU and converts to nearest even
 * whatever the EU's control register says. */
static void test_typed_write(void **st)
{
    (void)st;
    for (unsigned rm = 0; rm < 3; rm++)
    for (unsigned fi = 0; fi < NFORMATS; fi++) {
        k_reset();
        k_line("(W) mov (1|M0) cr0.0<1>:ud 0x%x:ud", rm << 4);
        /* SIMD16: lanes 0-7 U, V in r2, r3, data r10-r13; lanes 8-15 U, V in r4, r5, data r14-r17 */
        k_send(8, 0, -1, 2, 10, 4, SFID_DC1, tdesc(DC1_TWRITE, 0x10, 2, 0, 14));
        k_send(8, 8, -1, 4, 14, 4, SFID_DC1, tdesc(DC1_TWRITE, 0x20, 2, 0, 14));
        /* R and B only (G, A disabled): U, V in r6, r7, data r18, r19 */
        k_send(8, 0, -1, 6, 18, 2, SFID_DC1, tdesc(DC1_TWRITE, 0x1A, 2, 0, 14));
        k_load();
        const fmtd *f = &FORMATS[fi];
        if (!(f->flags & F_TW))
            continue;
        unsigned tile = (unsigned[]){TM_LINEAR, TM_X, TM_Y}[fi % 3];
        unsigned pitch = tile == TM_X ? 512 : tile == TM_Y ? 256 : 8 * f->bpe + 8;
        surf s = {f, ST_2D, 8, 4, 1, pitch, tile, 0, 0, 1, 4, 4, 0, SURF};
        size_t bytes = tile == TM_LINEAR ? 4 * s.pitch : 4096;
        clear(SURF, 8192);
        /* old contents: 0xA5 everywhere */
        {
            uint8_t a5[4096];
            memset(a5, 0xA5, sizeof a5);
            wmem(SURF, a5, bytes);
        }
        bind(14, 14, &s);
        chan ch[5];
        unsigned n = parse_chans(f->chans, ch);
        const chan *of[4] = {NULL, NULL, NULL, NULL}; /* the format's channel for R, G, B, A data */
        unsigned shift[4] = {0, 0, 0, 0};
        for (unsigned k = 0, sh = 0; k < n; sh += ch[k].bits, k++) {
            int c = ch[k].c == 'R' ? 0 : ch[k].c == 'G' ? 1 : ch[k].c == 'B' ? 2 : ch[k].c == 'A' ? 3 : -1;
            if (c >= 0)
                of[c] = &ch[k], shift[c] = sh;
        }
        h_thread(&H, 0xffff & ~(1u << 3) & ~(1u << 13));
        for (unsigned i = 0; i < 16; i++) {
            pu(2 + 2 * (i / 8), i % 8, i % 8), pu(3 + 2 * (i / 8), i % 8, i / 8); /* rows 0 and 1 */
            for (unsigned c = 0; c < 4; c++)
                pu(10 + 4 * (i / 8) + c, i % 8, tw_input(of[c] ? of[c] : of[0], i, c));
        }
        for (unsigned i = 0; i < 8; i++) {
            pu(6, i, i), pu(7, i, i % 2 ? 9 : 3); /* row 3; odd lanes outside: dropped */
            pu(18, i, tw_input(of[0], i + 16, 0)), pu(19, i, tw_input(of[2] ? of[2] : of[0], i + 16, 2));
        }
        h_run_ok(&H);
        for (unsigned i = 0; i < 24; i++) {
            unsigned x = i % 8, y = i < 16 ? i / 8 : 3;
            uint8_t got[16], want[16];
            get_el(&s, x, y, 0, 0, got);
            memset(want, 0xA5, sizeof want);
            bool written = i < 16 ? (i != 3 && i != 13) : i % 2 == 0;
            uint32_t d[4]; /* the data of lane i; the masked write has R and B only */
            for (unsigned c = 0; c < 4; c++)
                d[c] = i < 16 ? gu(10 + 4 * (i / 8) + c, i % 8)
                       : c == 0 ? gu(18, i - 16) : c == 2 ? gu(19, i - 16) : 0;
            for (unsigned c = 0; c < 4 && written; c++) {
                if (!of[c] || (i >= 16 && (c == 1 || c == 3)))
                    continue;
                bool nan = false;
                put_bits(want, shift[c], of[c]->bits, enc_chan(of[c], d[c], &nan));
                if (nan) { /* any NaN: exponent all ones, mantissa not 0 */
                    unsigned mb = of[c]->bits == 16 ? 10 : of[c]->bits - 5;
                    uint64_t g = get_bits(got, shift[c], of[c]->bits);
                    assert_true((g >> mb & 31) == 31 && (g & ((1u << mb) - 1)) != 0);
                    put_bits(got, shift[c], of[c]->bits, get_bits(want, shift[c], of[c]->bits));
                }
            }
            if (memcmp(got, want, f->bpe)) {
                char g[40] = "", w[40] = "";
                for (unsigned b = 0; b < f->bpe; b++)
                    sprintf(g + strlen(g), "%02x", got[b]), sprintf(w + strlen(w), "%02x", want[b]);
                fail_msg("%s typed write lane %u (%u, %u), cr0 rounding mode %u: %s, want %s (data %08x %08x %08x "
                         "%08x)", f->name, i, x, y, rm, g, w, d[0], d[1], d[2], d[3]);
            }
        }
    }
}

/* ======================================================================
 * Typed atomics: add (low and high slot groups of a SIMD16 kernel) and
 * compare-and-write with return, on R32_UINT (Y-tiled) and R32_SINT.
 * ====================================================================== */

static void test_typed_atomic(void **st)
{
    (void)st;
    surf s = {fmt_by_name("R32_UINT"), ST_2D, 16, 8, 1, 256, TM_Y, 0, 0, 1, 4, 4, 0, SURF};
    clear(SURF, 8192);
    bind(15, 15, &s);
    for (unsigned y = 0; y < 8; y++)
        for (unsigned x = 0; x < 16; x++) {
            uint32_t v = 1000 * y + x;
            put_el(&s, x, y, 0, 0, &v);
        }
    k_reset();
    /* add (7) with return (13), low slots: U r2, V r3, src r4 */
    k_send(8, 0, 40, 2, -1, 0, SFID_DC1, tdesc(DC1_TATOMIC, 0x20 | 7, 3, 1, 15));
    /* high slots (12): U r5, V r6, src r7 */
    k_send(8, 8, 41, 5, -1, 0, SFID_DC1, tdesc(DC1_TATOMIC, 0x30 | 7, 3, 1, 15));
    /* CMPWR (14) with return: U r10, V r11, compare r12, new r13 (sends: src1) */
    k_send(8, 0, 42, 10, 12, 2, SFID_DC1, tdesc(DC1_TATOMIC, 0x20 | 14, 2, 1, 15));
    /* add without return on R32_SINT (BTI 16) */
    k_send(8, 0, -1, 14, -1, 0, SFID_DC1, tdesc(DC1_TATOMIC, 7, 3, 0, 16));
    k_load();
    surf si = {fmt_by_name("R32_SINT"), ST_2D, 8, 1, 1, 64, TM_LINEAR, 0, 0, 1, 4, 4, 0, SURF + 0x4000};
    clear(si.base, 64);
    bind(16, 16, &si);
    h_thread(&H, 0xffff & ~(1u << 10));
    fill_regs(40, 3, 0xdeadbeef);
    for (unsigned i = 0; i < 16; i++) {
        unsigned r = i < 8 ? 2 : 5;
        pu(r, i % 8, i), pu(r + 1, i % 8, i % 4 == 3 ? 8 : 1), pu(r + 2, i % 8, 0x10 + i);
    }
    for (unsigned i = 0; i < 8; i++) {
        pu(10, i, i), pu(11, i, 2);
        pu(12, i, i % 2 ? 2000 + i : 12345); /* odd lanes: the current value, swapped */
        pu(13, i, 0xC0DE0000 + i);
        pu(14, i, i), pu(15, i, 0), pu(16, i, (uint32_t)(-5 * (int)i));
    }
    h_run_ok(&H);
    for (unsigned i = 0; i < 16; i++) {
        uint32_t old = 1000 + i, v;
        get_el(&s, i, 1, 0, 0, &v);
        if (i == 10) { /* disabled lane */
            assert_int_equal(gu(41, 2), 0xdeadbeef);
            assert_int_equal(v, old);
            continue;
        }
        if (i % 4 == 3) { /* y 8: outside, returns 0, nothing written */
            assert_int_equal(gu(i < 8 ? 40 : 41, i % 8), 0);
            assert_int_equal(v, old);
            continue;
        }
        assert_int_equal(gu(i < 8 ? 40 : 41, i % 8), old);
        assert_int_equal(v, old + 0x10 + i);
    }
    for (unsigned i = 0; i < 8; i++) {
        uint32_t v;
        get_el(&s, i, 2, 0, 0, &v);
        assert_int_equal(gu(42, i), 2000 + i);
        assert_int_equal(v, i % 2 ? 0xC0DE0000 + i : 2000 + i);
        int32_t sv;
        get_el(&si, i, 0, 0, 0, &sv);
        assert_int_equal(sv, -5 * (int)i);
    }
}

/* ======================================================================
 * Bad input: a clear report (status, message, EU IP, surface state
 * fields), no crash.
 * ====================================================================== */

static int run_bad(const char *what)
{
    int st = h_run(&H);
    if (st == GTSIM_OK)
        fail_msg("%s: the kernel ran without a report", what);
    return st;
}
static void want_err(const char *sub)
{
    if (!strstr(H.dev->err, sub))
        fail_msg("report \"%s\" does not name \"%s\"", H.dev->err, sub);
}

static void test_bad_input(void **st)
{
    (void)st;
    surf s = {fmt_by_name("R32_UINT"), ST_2D, 8, 8, 1, 64, TM_LINEAR, 0, 0, 1, 4, 4, 0, SURF};
    clear(SURF, 4096);
    bind(1, 1, &s);
    smp s0 = {FILT_NEAREST, MIP_NONE, TCM_CLAMP, 0, 0, 0, 0};
    set_sampler(0, &s0);
    char ip[32];

    /* BTI 240 (sampler) and 250 (typed read) */
    k_reset();
    k_line("mov (8|M0) r9.0<1>:ud 0x0:ud");
    k_send(8, 0, 40, 2, -1, 0, SFID_SMPL, sdesc(MT_LD_LZ, 8, 0, 2, 1, 0, 240));
    k_load();
    h_thread(&H, 0xff);
    assert_int_equal(run_bad("bti"), GTSIM_ERR_ILLEGAL);
    want_err("ld_lz");
    want_err("binding table index 240");
    snprintf(ip, sizeof ip, "EU IP 0x%x", H.t->ip);
    want_err(ip);
    k_reset();
    k_send(8, 0, 40, 2, -1, 0, SFID_DC1, tdesc(DC1_TREAD, 0x1E, 2, 1, 250));
    k_load();
    h_thread(&H, 0xff);
    assert_int_equal(run_bad("bti"), GTSIM_ERR_ILLEGAL);
    want_err("typed surface read");
    want_err("binding table index 250");

    /* formats the sampler does not decode: YCRCB_NORMAL, a palette format,
     * an unassigned number; Tiled Resource Mode TILEYF */
    static const struct { unsigned num, trmode; const char *field; } bad[] = {
        {0x182, 0, "Surface Format=0x182"}, {0x10F, 0, "Surface Format=0x10f"},
        {0x1FE, 0, "Surface Format=0x1fe"}, {0x0D7, 1, "Tiled Resource Mode=0x1"}};
    for (unsigned k = 0; k < 4; k++) {
        fmtd fb = {"bad", bad[k].num, 2, "R:un16", 0, 0};
        surf sb = s;
        sb.f = &fb;
        sb.trmode = bad[k].trmode;
        bind(2, 2, &sb);
        for (unsigned m = 0; m < 3; m++) {
            k_reset();
            if (m == 0)
                k_send(8, 0, 40, 2, -1, 0, SFID_SMPL, sdesc(MT_LD_LZ, 8, 0, 2, 1, 0, 2));
            else if (m == 1)
                k_send(8, 0, 40, 2, -1, 0, SFID_SMPL, sdesc(MT_SAMPLE_LZ, 8, 0, 2, 1, 0, 2));
            else
                k_send(8, 0, 40, 2, -1, 0, SFID_DC1, tdesc(DC1_TREAD, 0x1E, 2, 1, 2));
            k_load();
            h_thread(&H, 0xff);
            assert_int_not_equal(run_bad("format"), GTSIM_OK);
            want_err(m == 0 ? "ld_lz" : m == 1 ? "sample_lz" : "typed surface read");
            want_err("BTI 2");
            want_err(bad[k].field);
            want_err("Surface Type=0x1");
            want_err("EU IP");
        }
    }

    /* SAMPLER_STATE in unmapped memory: the dispatch's pointer, then a
     * header's M0.3 */
    k_reset();
    k_send(8, 0, 40, 2, -1, 0, SFID_SMPL, sdesc(MT_SAMPLE_LZ, 8, 0, 2, 1, 0, 1));
    k_load();
    H.disp.sampler_state = 0x3000000;
    h_thread(&H, 0xff);
    assert_int_equal(run_bad("sampler state"), GTSIM_ERR_FAULT);
    want_err("SAMPLER_STATE");
    want_err("0x3000000");
    want_err("sample_lz");
    H.disp.sampler_state = DSB + SMP_OFF;
    k_reset();
    k_line("mov (8|M0) r10.0<1>:ud 0x0:ud");
    k_line("mov (1|M0) r10.3<1>:ud 0x2000000:ud");
    k_send(8, 0, 40, 10, -1, 0, SFID_SMPL, sdesc(MT_SAMPLE_LZ, 8, 1, 3, 4, 0, 1));
    k_load();
    h_thread(&H, 0xff);
    assert_int_equal(run_bad("sampler state header"), GTSIM_ERR_FAULT);
    want_err("SAMPLER_STATE");
    want_err("0x2280000");

    /* a surface running past mapped memory: page fault at its first
     * unmapped byte */
    surf sf = {fmt_by_name("R32_UINT"), ST_2D, 64, 8, 1, 512, TM_LINEAR, 0, 0, 1, 4, 4, 0, MAPPED_END - 1024};
    bind(3, 3, &sf);
    k_reset();
    k_send(8, 0, 40, 2, -1, 0, SFID_SMPL, sdesc(MT_LD_LZ, 8, 0, 2, 1, 0, 3));
    k_load();
    h_thread(&H, 0xff);
    for (unsigned i = 0; i < 8; i++)
        pu(2, i, 0), pu(3, i, i); /* rows 0, 1 mapped, row 2 at 16 MiB */
    assert_int_equal(run_bad("fault"), GTSIM_ERR_FAULT);
    want_err("page fault");
    want_err("0x000001000000");
    want_err("ld_lz");
    k_reset();
    k_send(8, 0, -1, 2, 4, 1, SFID_DC1, tdesc(DC1_TWRITE, 0x1E, 2, 0, 3));
    k_load();
    h_thread(&H, 0xff);
    for (unsigned i = 0; i < 8; i++)
        pu(2, i, 1), pu(3, i, 7 - i), pu(4, i, i);
    assert_int_equal(run_bad("fault"), GTSIM_ERR_FAULT);
    want_err("page fault");
    want_err("typed surface write");

    /* SIMD mode 0 and 3 (desc 18:17), an unknown message type (0x13, 0x1B) */
    static const uint32_t descs[4] = {0, 3u << 17, 0x13u << 12 | 1u << 17, 0x1Bu << 12 | 1u << 17};
    static const char *const what[4] = {"SIMD mode 0", "SIMD mode 3", "message type 0x13", "message type 0x1b"};
    for (unsigned k = 0; k < 4; k++) {
        uint32_t d = (sdesc(MT_SAMPLE_LZ, 8, 0, 2, 1, 0, 1) & ~(3u << 17)) | descs[k];
        if (k >= 2)
            d = (d & ~(0x1Fu << 12)) | (descs[k] & (0x1Fu << 12));
        k_reset();
        k_send(8, 0, 40, 2, -1, 0, SFID_SMPL, d);
        k_load();
        h_thread(&H, 0xff);
        assert_int_equal(run_bad("desc"), GTSIM_ERR_UNIMPL);
        want_err(what[k]);
        want_err("sampler");
        want_err("EU IP");
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_formats, setup, teardown),
        cmocka_unit_test_setup_teardown(test_tilings, setup, teardown),
        cmocka_unit_test_setup_teardown(test_mips_resinfo, setup, teardown),
        cmocka_unit_test_setup_teardown(test_arrays_3d_1d_buffer, setup, teardown),
        cmocka_unit_test_setup_teardown(test_views_cube_lod, setup, teardown),
        cmocka_unit_test_setup_teardown(test_ld_header, setup, teardown),
        cmocka_unit_test_setup_teardown(test_address_modes, setup, teardown),
        cmocka_unit_test_setup_teardown(test_sample_c, setup, teardown),
        cmocka_unit_test_setup_teardown(test_gather4, setup, teardown),
        cmocka_unit_test_setup_teardown(test_typed_read, setup, teardown),
        cmocka_unit_test_setup_teardown(test_typed_write, setup, teardown),
        cmocka_unit_test_setup_teardown(test_typed_atomic, setup, teardown),
        cmocka_unit_test_setup_teardown(test_bad_input, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
