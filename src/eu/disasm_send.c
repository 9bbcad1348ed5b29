/*
 * Send message comments (see disasm_send.h): "wr:<mlen>[h]+<src1 len>,
 * rd:<rlen>; <SFID name>; <message description>".
 *
 * The description is derived from the message descriptor by tables: for
 * each shared-function class a message table keyed by a descriptor field
 * (the message type, descriptor bits 18:14 or 17:14 on the data ports,
 * bits 2:0 on the gateway ...), whose rows carry a format string and,
 * where a second field selects the message (A64 scattered sub-type, block
 * sub-type, scratch read/write, atomic operation ...), a sub-table keyed by
 * that field.  Format directives (%c, %o, ...) print descriptor fields
 * through small name tables (the directive table below).
 *
 * Field layouts: seed 004 MSD* message descriptors (e.g. MSD1R_US untyped
 * surface read: channel mask 11:8, SIMD mode 13:12, message type 18:14;
 * MSD0R_OWB OWord block read: block size 10:8; MSD1R_A64_BS: sub-type 9:8,
 * data size 11:10; MSD_BARRIER / MSD_TS_EOT), the Gen9 layouts being the
 * same as Gen12LP's for these messages.  The texts are what iga64 (Intel
 * Graphics Assembler, libigc-tools 1.0.12504) prints; they were observed by
 * disassembling every SFID x message type x control-bit combination
 * (tests/eudisasm/sendenum.py repeats that comparison as a test).  IGA
 * decodes with the Gen9 message numbering on Haswell too (-p=7p5); only the
 * SFID names differ there (4 "sampler", 9 "hdc.ccdp"), so the Gen7.5 table
 * differs from Gen9's in names only.  Messages IGA does not describe (and
 * the Gen12 LSC SFIDs 1, 14, 15 on these platforms) print "?".
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "eu/disasm_send.h"

typedef struct {
    char *p;
    size_t len, pos;
} sbuf;

static void cat(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void cat(sbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = b->pos < b->len ? b->len - b->pos : 0;
    int n = vsnprintf(room ? b->p + b->pos : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0)
        b->pos += (size_t)n;
}

static unsigned bits(uint32_t v, unsigned lo, unsigned len)
{
    return (unsigned)(v >> lo) & ((1u << len) - 1u);
}

/* ---- shared-function classes and the per-platform SFID tables ---- */

enum {
    SC_NONE,    /* no description ("?"): null, VME, PI, CRE, DC2 */
    SC_LSC,     /* Gen12 LSC SFIDs (reserved here): no description, no
                 * header bit in "wr:" */
    SC_SAMPLER, /* sampler */
    SC_GATEWAY, /* message gateway */
    SC_RC,      /* render cache data port */
    SC_URB,     /* URB */
    SC_TS,      /* thread spawner */
    SC_DCRO,    /* data cache read only / constant cache */
    SC_DC0,     /* data cache port 0 */
    SC_DC1,     /* data cache port 1 */
    SC_DC1_G12, /* data cache port 1 with Gen12LP's word and half-float atomics */
    SC_COUNT
};

/* Gen9 shared function IDs. */
const gt_send_sfid gt_send_sfids_gen9[16] = {
    [0] = {"null", SC_NONE}, [1] = {NULL, SC_LSC}, [2] = {"sampler", SC_SAMPLER},
    [3] = {"gateway", SC_GATEWAY}, [4] = {"hdc.dc2", SC_NONE}, [5] = {"hdc.rc", SC_RC},
    [6] = {"hdc.urb", SC_URB}, [7] = {"spawner", SC_TS}, [8] = {"vme", SC_NONE},
    [9] = {"hdc.dcro", SC_DCRO}, [10] = {"hdc.dc0", SC_DC0}, [11] = {"pi", SC_NONE},
    [12] = {"hdc.dc1", SC_DC1}, [13] = {"cre", SC_NONE}, [14] = {NULL, SC_LSC},
    [15] = {NULL, SC_LSC},
};

/* Gen7.5 (Haswell): SFID 4 is the (old) sampler, 9 the constant cache. */
const gt_send_sfid gt_send_sfids_gen75[16] = {
    [0] = {"null", SC_NONE}, [1] = {NULL, SC_LSC}, [2] = {"sampler", SC_SAMPLER},
    [3] = {"gateway", SC_GATEWAY}, [4] = {"sampler", SC_NONE}, [5] = {"hdc.rc", SC_RC},
    [6] = {"hdc.urb", SC_URB}, [7] = {"spawner", SC_TS}, [8] = {"vme", SC_NONE},
    [9] = {"hdc.ccdp", SC_DCRO}, [10] = {"hdc.dc0", SC_DC0}, [11] = {"pi", SC_NONE},
    [12] = {"hdc.dc1", SC_DC1}, [13] = {"cre", SC_NONE}, [14] = {NULL, SC_LSC},
    [15] = {NULL, SC_LSC},
};

/* Gen12LP: the names iga64 -p=12p1 appends to the mnemonic (send.dc1);
 * 1, 14 and 15 are reserved there. */
const gt_send_sfid gt_send_sfids_gen12[16] = {
    [0] = {"null", SC_NONE}, [1] = {NULL, SC_LSC}, [2] = {"smpl", SC_SAMPLER},
    [3] = {"gtwy", SC_GATEWAY}, [4] = {"dc2", SC_NONE}, [5] = {"rc", SC_RC},
    [6] = {"urb", SC_URB}, [7] = {"ts", SC_TS}, [8] = {"vme", SC_NONE},
    [9] = {"dcro", SC_DCRO}, [10] = {"dc0", SC_DC0}, [11] = {"pixi", SC_NONE},
    [12] = {"dc1", SC_DC1_G12}, [13] = {"cre", SC_NONE}, [14] = {NULL, SC_LSC},
    [15] = {NULL, SC_LSC},
};

/* ---- format directives: descriptor field -> text ---- */

enum { K_NAMES, K_DEC, K_POW2, K_CMASK, K_L3 };

typedef struct {
    char ch;
    uint8_t lo, len; /* descriptor bits [lo + len - 1 : lo] */
    uint8_t kind;
    const char *const *names; /* K_NAMES: text by field value */
} directive;

/* OWord block sizes (MDC_DB_OW, MDC_A64_DB_OW: 1 low, 1 high, 2, 4, 8). */
static const char *const n_oword[8] = {"1", "1H", "2", "4", "8", "16", "0", "0"};
/* Byte scattered data size (MDC_DS: 1, 2, 4 bytes per address). */
static const char *const n_bsize[4] = {" 8b", " 16b", " 32b", ""};
/* DWord scattered data elements (MDC_DWS_DS). */
static const char *const n_dwsx[4] = {"", " x2", " x4", " x8"};
/* Integer atomic operations (MDC_AOP). */
static const char *const n_aop[16] = {
    "64b integer compare and swap", "logical AND", "logical OR", "logical XOR", "store",
    "integer increment", "integer decrement", "integer add", "integer subtract",
    "commuted integer subtract", "signed-integer max", "signed-integer min",
    "unsigned-integer max", "unsigned-integer min", "integer compare and swap",
    "integer pre-decrement (returns pre-decrement value)",
};
/* Media block vertical line stride override / skip / offset (bits 10:8). */
static const char *const n_vlso[8] = {
    "",
    " with vertical line stride  and skip",
    " with vertical line stride override and offset",
    " with vertical line stride override,skip, and offset",
    " with vertical line stride ",
    " with vertical line stride  and skip",
    " with vertical line stride override and offset",
    " with vertical line stride override,skip, and offset",
};
/* Typed slot group (MDC_SG3). */
static const char *const n_sg3[4] = {"", "", " (high slot group)", ""};
/* Sampler message types (bits 16:12), and those of the SIMD32/64 mode. */
static const char *const n_smpl[32] = {
    "sample", "sample+LOD bias", "sample override LOD", "sample compare", "sample gradient",
    "sample compare+LOD bias", "sample compare+override LOD", "sample load", "sample gather4",
    "sample override lod", "sample res info", "sample info", "sample+killpix", "?", "?", "?",
    "sample gather4+compare", "sample gather4+pixel offset",
    "sample gather4 pixel offset+compare", "?", "sample derivatives+compare", "?",
    "sample min", "sample max", "sample with lod forced to 0",
    "sample compare+with lod forced to 0", "sample load with lod forced to 0", "?",
    "sample ld2 multi-sample wide", "sample load mcs auxiliary data",
    "sample load multi-sample", "sample multi-sample without mcs",
};
static const char *const n_smpl64[32] = {
    [0x00] = "sample unorm", [0x02] = "sample unorm+killpix", [0x08] = "sample deinterlace",
    [0x0A] = "sample unorm+killpix for media", [0x0B] = "sample 8x8",
    [0x0C] = "sample unorm for media", [0x1F] = "sampler cache flush",
};
/* Render target message data size (bit 30). */
static const char *const n_rtprec[2] = {"full-precision", "half-precision"};

#define FLAG(ch, bit, text) {ch, bit, 1, K_NAMES, (const char *const[]){"", text}}
static const directive directives[] = {
    {'c', 8, 4, K_CMASK, NULL},   /* enabled channels (MDC_CMASK disables) */
    {'o', 8, 3, K_NAMES, n_oword},
    {'h', 8, 3, K_POW2, NULL},    /* HWord blocks (MDC_A64_DB_HW) */
    {'s', 12, 2, K_POW2, NULL},   /* scratch HWord blocks */
    {'b', 10, 2, K_NAMES, n_bsize},
    {'x', 10, 2, K_NAMES, n_dwsx},
    {'a', 8, 4, K_NAMES, n_aop},
    {'v', 8, 3, K_NAMES, n_vlso},
    {'g', 12, 2, K_NAMES, n_sg3},
    {'3', 9, 4, K_L3, NULL},      /* memory fence L3 flush targets */
    {'d', 0, 8, K_DEC, NULL},     /* binding table index */
    {'i', 8, 4, K_DEC, NULL},     /* sampler index */
    {'S', 12, 5, K_NAMES, n_smpl},
    {'T', 12, 5, K_NAMES, n_smpl64},
    {'p', 30, 1, K_NAMES, n_rtprec},
    FLAG('r', 13, " with return"),
    FLAG('y', 13, "synchronized "),
    FLAG('1', 8, " L1"),
    FLAG('C', 18, " with Per-Coarse Pixel PS outputs enable"),
    FLAG('P', 13, " with Per-Sample Pixel PS outputs enable"),
    FLAG('L', 12, "; last render target"),
    FLAG('G', 11, " slot group high"),
    FLAG('M', 15, "masked "),
    FLAG('O', 17, " with per-slot offset enabled"),
    FLAG('R', 30, " 16b"),
};
#undef FLAG

static void directive_text(sbuf *b, const directive *d, uint32_t desc)
{
    unsigned v = bits(desc, d->lo, d->len);
    switch (d->kind) {
    case K_NAMES:
        cat(b, "%s", d->names[v] ? d->names[v] : "?");
        break;
    case K_DEC:
        cat(b, "%u", v);
        break;
    case K_POW2:
        cat(b, "%u", 1u << v);
        break;
    case K_CMASK:
        for (unsigned i = 0; i < 4; i++)
            if (!(v >> i & 1))
                cat(b, "%c", "xyzw"[i]);
        break;
    case K_L3: {
        /* bits 12:9 = r/w data, constant, texture, instruction data (a
         * comma separates the names after the constant-data one) */
        static const char *const what[4] = {" instruction data", " texture data",
                                            " constant data", " r/w data"};
        if (!v)
            break;
        if (v == 0xF) {
            cat(b, " all L3 data");
            break;
        }
        cat(b, " L3");
        int n = 0;
        for (int i = 3; i >= 0; i--)
            if (v >> i & 1) {
                if (i < 3 && n++ > 0)
                    cat(b, ",");
                cat(b, "%s", what[i]);
            }
        break;
    }
    }
}

/* ---- message tables ---- */

#define ANY 0xFFFFu

typedef struct msg_table msg_table;

/* Typed-message address coordinates appended after the description
 * ("; u,v,r,lod"): the SIMD width the coordinates are counted in. */
enum { UVR_NONE, UVR_SIMD8, UVR_SM2R /* bit 12: 1 SIMD8, 0 SIMD16 */ };

typedef struct {
    uint16_t val;         /* key value, or ANY: the values without a row */
    const char *fmt;      /* description; NULL: the sub-table's */
    const msg_table *sub; /* refinement; its text replaces "%>" in fmt */
    uint8_t uvr;
} msg_row;

struct msg_table {
    uint8_t lo, len; /* key: descriptor bits [lo + len - 1 : lo] */
    const msg_row *rows;
    size_t n;
};

#define TABLE(name, lo, len, ...)                                                         \
    static const msg_row name##_rows[] = {__VA_ARGS__};                                   \
    static const msg_table name = {lo, len, name##_rows, sizeof name##_rows / sizeof name##_rows[0]}

/* -- sampler (bits 18:17 and 29 SIMD mode, 30 16-bit return, 16:12 type) -- */
TABLE(smpl_simd1, 29, 1, {0, "simd8%R %S using sampler index %i", NULL, 0},
      {1, "simd8 high%R %S using sampler index %i", NULL, 0});
TABLE(smpl_simd2, 29, 1, {0, "simd16%R %S using sampler index %i", NULL, 0},
      {1, "simd16 high%R %S using sampler index %i", NULL, 0});
TABLE(smpl_simd3, 29, 1, {0, "simd32/64%R %T using sampler index %i", NULL, 0},
      {1, "%R %S using sampler index %i", NULL, 0});
TABLE(t_sampler, 17, 2, {0, "unknown simd mode%R %S using sampler index %i", NULL, 0},
      {1, NULL, &smpl_simd1, 0}, {2, NULL, &smpl_simd2, 0}, {3, NULL, &smpl_simd3, 0});

/* -- message gateway (bits 2:0), seed 004 MSD_BARRIER etc. -- */
TABLE(t_gateway, 0, 3, {0, "end of thread", NULL, 0}, {1, "signal event", NULL, 0},
      {2, "monitor event", NULL, 0}, {3, "unmonitor event", NULL, 0},
      {4, "signal barrier", NULL, 0}, {6, "wait for event", NULL, 0});

/* -- render cache (bits 17:14 type, 10:8 sub-operation) -- */
TABLE(rc_wsub, 8, 3, {0, " SIMD16", NULL, 0}, {1, " replicated SIMD16", NULL, 0},
      {2, " of low SIMD8", NULL, 0}, {3, " of high SIMD8", NULL, 0}, {4, " SIMD8", NULL, 0},
      {ANY, "unknown write subop", NULL, 0});
TABLE(rc_rsub, 8, 3, {0, " SIMD16", NULL, 0}, {1, " SIMD8", NULL, 0},
      {ANY, "unknown read subop", NULL, 0});
TABLE(t_rc, 14, 4, {0xC, "%p render target write%>%C%P%L%G to surface %d", &rc_wsub, 0},
      {0xD, "%p render target read%>%P%G to surface %d", &rc_rsub, 0},
      {ANY, "%p unknown render target op%P%G to surface %d", NULL, 0});

/* -- URB (bits 3:0) -- */
TABLE(t_urb, 0, 4, {7, "urb dword %Mwrite%O", NULL, 0}, {8, "urb dword read%O", NULL, 0},
      {9, "urb fence", NULL, 0});

/* -- thread spawner (bits 2:0), seed 004 MSD_TS_EOT -- */
TABLE(t_ts, 0, 3, {0, "end of thread", NULL, 0});

/* -- data cache read only / constant cache (bits 18:14), seed 004 MSD_CC_* -- */
TABLE(t_dcro, 14, 5, {0x00, "constant oword block read x%o", NULL, 0},
      {0x01, "constant aligned oword block read x%o", NULL, 0},
      {0x03, "constant dword gathering read", NULL, 0},
      {0x09, "untyped surface uncompressed write", NULL, 0},
      {0x0C, "typed surface CCS update message", NULL, 0},
      {0x0D, "typed surface uncompressed write", NULL, 0},
      {0x17, "A64 page CCS update operation", NULL, 0},
      {0x18, "A64 untyped surface CCS operation", NULL, 0},
      {0x19, "A64 untyped surface uncompressed write", NULL, 0});

/* -- data cache port 0 (bits 18:14; bit 18 selects the scratch block
 *    messages, bit 17 their direction), seed 004 MSD0R_* / MSD0W_* -- */
TABLE(dc0_fence, 0, 8, {0xFE, "%ySLM fence", NULL, 0},
      {0x00, "%yglobal fence flushing%1%3", NULL, 0}, {ANY, "%y", NULL, 0});
TABLE(dc0_scratch_rw, 17, 1, {0, "hword scratch block read x%s", NULL, 0},
      {1, "hword scratch block write x%s", NULL, 0});
TABLE(dc0_scratch, 18, 1, {1, NULL, &dc0_scratch_rw, 0});
TABLE(t_dc0, 14, 5, {0x00, "oword block read x%o", NULL, 0},
      {0x01, "oword aligned block read x%o", NULL, 0},
      {0x02, "oword dual block read", NULL, 0},
      {0x03, "dword gathering read%x", NULL, 0},
      {0x04, "byte gathering read%b", NULL, 0},
      {0x05, "qword gathering read", NULL, 0},
      {0x07, NULL, &dc0_fence, 0},
      {0x08, "oword block write x%o", NULL, 0},
      {0x09, "hword aligned block write x%o", NULL, 0},
      {0x0A, "oword dual block write", NULL, 0},
      {0x0B, "dword scattering write%x", NULL, 0},
      {0x0C, "byte scattering write%b", NULL, 0},
      {0x0D, "qword gathering read", NULL, 0}, /* sic: iga64 names the write so */
      {ANY, NULL, &dc0_scratch, 0});

/* -- data cache port 1 (bits 18:14), seed 004 MSD1R_* / MSD1W_* / MSD1A_* -- */
TABLE(dc1_a64_sr, 8, 2, {0, "a64 byte gathering read%b", NULL, 0},
      {1, "a64 dword gathering read", NULL, 0}, {2, "a64 qword gathering read", NULL, 0},
      {3, "a64 byte gathering read%b", NULL, 0});
TABLE(dc1_a64_sw, 8, 2, {0, "a64 byte scattering write%b", NULL, 0},
      {1, "a64 dword scattering write", NULL, 0}, {2, "a64 qword scattering write", NULL, 0},
      {3, "a64 byte scattering write%b", NULL, 0});
TABLE(dc1_a64_br, 11, 2, {0, "a64 unaligned oword block read x%o", NULL, 0},
      {1, "a64 aligned oword block read x%o", NULL, 0},
      {2, "a64 unaligned oword block read x%o", NULL, 0},
      {3, "a64 unaligned hword block read x%h", NULL, 0});
TABLE(dc1_a64_bw, 11, 2, {0, "a64 unaligned oword block write x%o", NULL, 0},
      {1, "a64 aligned oword block write x%o", NULL, 0},
      {2, "a64 unaligned oword block write x%o", NULL, 0},
      {3, "a64 unaligned hword block write x%h", NULL, 0});
TABLE(dc1_fop, 8, 3, {1, "max (32b)%r", NULL, 0}, {2, "min (32b)%r", NULL, 0},
      {3, "fp-compare and swap  (32b)%r", NULL, 0}, {4, "add (32b)%r", NULL, 0},
      {5, "subtract (32b)%r", NULL, 0}, {6, "64b add (64b)%r", NULL, 0},
      {7, "64b subtract (64b)%r", NULL, 0});
TABLE(dc1_a64_iop, 12, 1, {0, "untyped a64 atomic int32 %a", NULL, 0},
      {1, "untyped a64 atomic int64 %a", NULL, 0});
TABLE(dc1_typed_ai32, 12, 1, {0, "typed atomic 32-bit integer %a", NULL, 0},
      {1, "typed_sgh atomic 32-bit integer (slot group high) %a", NULL, 0});
TABLE(dc1_typed_ai16, 12, 1, {0, "typed atomic 16-bit integer %a", NULL, 0},
      {1, "typed_sgh atomic 16-bit integer (slot group high) %a", NULL, 0});
TABLE(t_dc1, 14, 5, {0x01, "untyped surface read with %c", NULL, 0},
      {0x02, "untyped atomic int32 %a", NULL, 0},
      {0x04, "media block read%v", NULL, 0},
      {0x05, "typed surface read%g with %c", NULL, UVR_SIMD8},
      {0x06, NULL, &dc1_typed_ai32, 0},
      {0x07, NULL, &dc1_typed_ai16, UVR_SIMD8},
      {0x09, "untyped surface write with %c", NULL, 0},
      {0x0A, "media block write%v", NULL, 0},
      {0x0B, "typed atomic 32-bit counter %a", NULL, UVR_SM2R},
      {0x0C, "typed atomic 16-bit counter %a", NULL, UVR_SM2R},
      {0x0D, "typed surface write%g with %c", NULL, UVR_SIMD8},
      {0x0E, "typed surface read%g returning status with %c", NULL, UVR_SIMD8},
      {0x10, NULL, &dc1_a64_sr, 0},
      {0x11, "a64 untyped surface read with %c", NULL, 0},
      {0x12, NULL, &dc1_a64_iop, 0},
      {0x14, NULL, &dc1_a64_br, 0},
      {0x15, NULL, &dc1_a64_bw, 0},
      {0x19, "a64 untyped surface write with %c", NULL, 0},
      {0x1A, NULL, &dc1_a64_sw, 0},
      {0x1B, "float atomic %>", &dc1_fop, 0},
      {0x1D, "a64 float atomic %>", &dc1_fop, 0});

/* Gen12LP data cache port 1: the Gen9 messages plus the word (int16) and
 * half-float atomics (seed 004 MSD1A_*; types 03h, 13h, 1Ch, 1Eh; the texts
 * iga64 -p=12p1 prints, tests/eudisasm/sendenum.py --platform tgllp). */
TABLE(dc1_hfop, 8, 3, {1, "max (16b)%r", NULL, 0}, {2, "min (16b)%r", NULL, 0},
      {3, "fp-compare and swap (16b)%r", NULL, 0}, {4, "add (16b)%r", NULL, 0},
      {5, "subtract (16b)%r", NULL, 0}, {6, "64b add (64b)%r", NULL, 0},
      {7, "64b subtract (64b)%r", NULL, 0});
TABLE(t_dc1_g12, 14, 5, {0x03, "untyped atomic int16 %a", NULL, 0},
      {0x13, "untyped a64 atomic int16 %a", NULL, 0},
      {0x1C, "untyped half-float atomic %>", &dc1_hfop, 0},
      {0x1E, "a64 untyped half-float atomic %>", &dc1_hfop, 0},
      {ANY, NULL, &t_dc1, 0});

static const msg_table *const class_tables[SC_COUNT] = {
    [SC_SAMPLER] = &t_sampler, [SC_GATEWAY] = &t_gateway, [SC_RC] = &t_rc,
    [SC_URB] = &t_urb, [SC_TS] = &t_ts, [SC_DCRO] = &t_dcro, [SC_DC0] = &t_dc0,
    [SC_DC1] = &t_dc1, [SC_DC1_G12] = &t_dc1_g12,
};

static const msg_row *lookup(const msg_table *t, uint32_t desc)
{
    unsigned key = bits(desc, t->lo, t->len);
    const msg_row *any = NULL;
    for (size_t i = 0; i < t->n; i++) {
        if (t->rows[i].val == key)
            return &t->rows[i];
        if (t->rows[i].val == ANY)
            any = &t->rows[i];
    }
    return any;
}

/* Expands a table's description for desc into b.  Returns 0 when the
 * table has no row for it (no description), else 1; *uvr gets the row's
 * coordinate kind. */
static int expand(sbuf *b, const msg_table *t, uint32_t desc, int *uvr)
{
    const msg_row *r = lookup(t, desc);
    if (!r)
        return 0;
    if (r->uvr)
        *uvr = r->uvr;
    if (!r->fmt)
        return r->sub ? expand(b, r->sub, desc, uvr) : 0;
    for (const char *f = r->fmt; *f; f++) {
        if (*f != '%') {
            cat(b, "%c", *f);
            continue;
        }
        char ch = *++f;
        if (!ch)
            break;
        if (ch == '>') {
            if (!r->sub || !expand(b, r->sub, desc, uvr))
                return 0;
            continue;
        }
        for (size_t i = 0; i < sizeof directives / sizeof directives[0]; i++)
            if (directives[i].ch == ch) {
                directive_text(b, &directives[i], desc);
                break;
            }
    }
    return 1;
}

static const gt_send_sfid *sfid_table(const gt_iga_syntax *syn)
{
    return syn && syn->send_sfids ? syn->send_sfids : gt_send_sfids_gen9;
}

int gt_send_describe(const gt_iga_syntax *syn, const gt_inst *in, char *buf, size_t len)
{
    sbuf b = {buf, len, 0};
    if (len)
        buf[0] = 0;
    const gt_send_sfid *s = &sfid_table(syn)[in->sfid & 15];
    const msg_table *t = s->cls < SC_COUNT ? class_tables[s->cls] : NULL;
    int uvr = UVR_NONE;
    size_t start = b.pos;
    if (!t || !expand(&b, t, in->desc, &uvr) || b.pos == start) {
        b.pos = start;
        if (len > start)
            buf[start] = 0;
        cat(&b, "?");
        return (int)b.pos;
    }
    if (uvr != UVR_NONE) {
        /* The address payload (mlen registers) read as U, V, R, LOD
         * coordinates of one register set each. */
        unsigned simd = uvr == UVR_SIMD8 ? 8 : (bits(in->desc, 12, 1) ? 8 : 16);
        if (in->exec_size < simd)
            simd = in->exec_size;
        unsigned per = simd * 32 / 256;
        if (per < 1)
            per = 1;
        static const char *const coords[5] = {"", "; u", "; u,v", "; u,v,r", "; u,v,r,lod"};
        unsigned n = bits(in->desc, 25, 4) / per;
        if (n >= 1 && n <= 4)
            cat(&b, "%s", coords[n]);
    }
    return (int)b.pos;
}

int gt_send_comment(const gt_iga_syntax *syn, const gt_inst *in, char *buf, size_t len)
{
    sbuf b = {buf, len, 0};
    if (len)
        buf[0] = 0;
    int sfx = syn && syn->send_sfid_suffix;
    int split = in->op == GT_OP_SENDS || in->op == GT_OP_SENDSC || sfx;
    uint32_t desc = in->desc;
    if (in->desc_reg)
        cat(&b, "wr:a0.0[28:25]");
    else
        cat(&b, "wr:%u%s", bits(desc, 25, 4),
            bits(desc, 19, 1) && (in->exdesc_reg || sfid_table(syn)[in->sfid & 15].cls != SC_LSC)
                ? "h" : "");
    if (split && in->exdesc_reg && in->src[1].file == GT_FILE_ARF &&
        in->src[1].nr == GT_ARF_NULL)
        cat(&b, "+0"); /* null src1: no length in the register */
    else if (split && in->exdesc_reg)
        cat(&b, "+a0.%u[10:6]", in->exdesc_subnr);
    else
        cat(&b, "+%u", split ? bits(in->exdesc, 6, sfx ? 5 : 4) : 0); /* Gen12 Src1.Length: 5 bits */
    if (in->desc_reg)
        cat(&b, ", rd:a0.0[24:20]");
    else
        cat(&b, ", rd:%u", bits(desc, 20, 5));
    if (sfx) {
        /* the SFID is in the mnemonic (send.dc1) */
    } else if (split && in->exdesc_reg) {
        cat(&b, "; sfid a0.%u[3:0]", in->exdesc_subnr);
    } else {
        const char *name = sfid_table(syn)[in->sfid & 15].name;
        cat(&b, "; %s", name ? name : "?");
    }
    if (in->desc_reg)
        return (int)b.pos;
    cat(&b, "; ");
    if (split && in->exdesc_reg && !sfx) {
        /* SFID unknown before run time: no description */
        cat(&b, "?");
        return (int)b.pos;
    }
    size_t room = b.pos < len ? len - b.pos : 0;
    b.pos += (size_t)gt_send_describe(syn, in, room ? buf + b.pos : NULL, room);
    return (int)b.pos;
}
