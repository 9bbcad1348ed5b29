/*
 * EU instruction encodings described as data: one gt_eu_encoding per
 * generation (src/eu/encoding_gen7.c: Gen7 and Gen7.5, encoding_gen9.c:
 * Gen9) gives the bit range of every field of every native instruction form
 * (header, 1/2-source operands, 3-source, send/sends, branches), the
 * opcode, register-file and type encodings, the rules that differ between
 * generations, and the compaction tables with the native fields each
 * compacted field expands into.  One decoder and compaction expander
 * (src/eu/decode_impl.h, instantiated per description) walk that
 * description; nothing in them depends on the generation otherwise.
 *
 * Bits are numbered as on the PRM instruction pages (seed 001 §3, seed 004
 * EU instruction format): bit b of a 128-bit instruction is bit b%32 of
 * little-endian DWord b/32.
 */
#ifndef GT_EU_ENCODING_H
#define GT_EU_ENCODING_H

#include <stddef.h>
#include <stdint.h>

#include "eu/bits.h"

struct gt_inst;

/* ---- fields ---- */

/* One piece of a field: instruction bits lo + n - 1 .. lo, which are bits
 * at + n - 1 .. at of the field's value.  n == 0 ends a piece list. */
typedef struct gt_piece {
    uint8_t lo, n, at;
} gt_piece;

/* A field: up to six pieces (most fields have one; Gen9's indirect
 * address immediate and send ExDesc are split, Gen12's send descriptor is
 * in six, seed 004 send).  A field with no pieces is absent from the form
 * and reads 0. */
#define GT_FIELD_PIECES 6
typedef struct gt_field {
    gt_piece p[GT_FIELD_PIECES];
} gt_field;

/* Bits hi..lo as one field (hi >= lo, at most 64 bits). */
#define GT_F(hi, lo) {{{(lo), (hi) - (lo) + 1, 0}}}
/* A piece for a split field: bits hi..lo of the instruction become value
 * bits from `at` up. */
#define GT_P(hi, lo, at) {(lo), (hi) - (lo) + 1, (at)}

/* The value of field f in the instruction w (word-wise, bits.h). */
static inline __attribute__((always_inline)) uint64_t gt_field_get(const uint32_t w[4],
                                                                 const gt_field *f)
{
    if (!f->p[1].n) /* one piece (or none: 0) */
        return f->p[0].n ? gt_inst_bits(w, f->p[0].lo + f->p[0].n - 1u, f->p[0].lo) : 0;
    uint64_t v = 0;
    for (int i = 0; i < GT_FIELD_PIECES && f->p[i].n; i++)
        v |= gt_inst_bits(w, f->p[i].lo + f->p[i].n - 1u, f->p[i].lo) << f->p[i].at;
    return v;
}

static inline int gt_field_present(const gt_field *f)
{
    return f->p[0].n != 0;
}

/* ---- native forms ---- */

/* Instruction header fields (every native form). */
enum gt_hdr_field {
    GT_H_OPCODE,      /* the opcode field */
    GT_H_OPCODE_RSVD, /* reserved opcode bits that must be zero (absent: ignored) */
    GT_H_ACCESS, GT_H_MASKCTRL, GT_H_NODDCLR, GT_H_NODDCHK, GT_H_QTRCTRL, GT_H_NIBCTRL,
    GT_H_THREADCTRL, GT_H_PREDCTRL, GT_H_PREDINV, GT_H_EXECSIZE, GT_H_CONDMOD,
    GT_H_ACCWREN, GT_H_CMPTCTRL, GT_H_DEBUG, GT_H_SATURATE, GT_H_FLAGSUB, GT_H_FLAGREG,
    GT_H_SWSB,        /* Gen12 software scoreboard byte (absent: none), enum gt_swsb_mode */
    GT_H_COUNT
};

/* Register file encodings: what each value of an operand's RegFile field
 * is (enum gt_file, or GT_ENC_FILE_RSVD: reported as illegal). */
#define GT_ENC_FILE_RSVD 0xff

/* A 1/2-source form operand (destination, src0 or src1). */
typedef struct gt_enc_opnd {
    gt_field file, type;
    gt_field reg, subreg, subreg16;  /* direct: RegNum, SubRegNum (Align1 bytes; Align16 16-byte bit) */
    gt_field ia_sub, ia_imm;         /* indirect: a0 subregister, AddrImm (10 bits, signed) */
    gt_field addr_mode;
    gt_field hstride, width, vstride; /* a destination has hstride only */
    gt_field negate, abs;
    gt_field swz[4];                 /* Align16 source swizzle x, y, z, w */
    gt_field writemask;              /* Align16 destination ChanEn */
    gt_field is_imm;                 /* Gen12 SrcN.IsImm (present: the file field is RegFile
                                      * of a register operand only) */
    uint8_t is_dst;
    /* the indirect operand has no RegFile (its bits are AddrImm): GRF
     * (Gen12 IndirectOperand, seed 004 add: "Src0.Operand ... Indirect") */
    uint8_t ind_grf;
} gt_enc_opnd;

/* One source of the 3-source (Align16) form. */
typedef struct gt_enc_3src_src {
    gt_field reg, subreg, subreg_half, swizzle, rep, negate, abs;
    gt_field type;  /* own float type bit (Gen8+ mixed mode: 1 = HF, 0 = F); absent: SrcType */
} gt_enc_3src_src;

typedef struct gt_enc_3src {
    gt_field dst_reg, dst_subreg, dst_writemask, dst_type, src_type;
    gt_field flag_sub, flag_reg;
    gt_enc_3src_src src[3];
    const int8_t *types;       /* type field -> enum gt_type, -1 reserved */
    const char *align1_what;   /* appended to the Align1 report ("" or " (Gen10+ form)") */
} gt_enc_3src;

/* One source of the 3-source Align1 form (Gen12, seed 004 mad). */
typedef struct gt_enc_3a1_src {
    gt_field file, reg, subreg;   /* DirectOperand */
    gt_field hstride, vstride;    /* HorzStride; TernaryVertStride (src2: none) */
    gt_field type, negate, abs;   /* TernaryDataType (with ExecDataType), SrcMod */
    gt_field is_imm, imm;         /* src0 / src2: 16-bit immediate */
} gt_enc_3a1_src;

/* The 3-source Align1 form (Gen12: the only 3-source form). */
typedef struct gt_enc_3src_a1 {
    gt_field dst_file, dst_reg, dst_subreg, dst_hstride, dst_type;
    gt_field exec_type;           /* ExecDataType: 1 float, 0 integer (type bit 3) */
    gt_enc_3a1_src src[3];
    const uint8_t *vstrides;      /* TernaryVertStride -> elements */
    const uint8_t *dst_hstrides;  /* Dst.HorzStride -> elements */
    uint8_t dst_align;            /* Dst.SubRegNum must be a multiple of this (bytes) */
} gt_enc_3src_a1;

/* send / sendc. */
typedef struct gt_enc_send {
    gt_field sfid, eot, desc;
    gt_field exdesc;       /* ExDesc bits carried by the instruction (absent: none) */
    /* 1: src0 is a message payload register (file, type, AddrMode, RegNum
     * and a0 subregister only); 0: src0 is a full operand. */
    uint8_t src0_payload;
} gt_enc_send;

/* sends / sendsc (split send): fields beyond the 1/2-source ones. */
typedef struct gt_enc_sends {
    gt_field dst_file, src1_file, src1_reg;
    gt_field dst_ind_off, src0_ind_off;   /* indirect offsets (bytes, 10 bits signed) */
    gt_field desc_reg, exdesc_reg, exdesc_subnr, exdesc;
    gt_field src0_file;   /* absent: GRF */
    gt_field fusion_ctrl; /* Gen12 FusionCtrl (1: serialized execution); absent: none */
    /* Gen12 send (seed 004 send): dst / src0 / src1 are direct registers
     * without types (UD) or regions */
    uint8_t direct_untyped;
} gt_enc_sends;

/* Branches. */
typedef struct gt_enc_branch {
    gt_field jip, uip;       /* JIP / UIP */
    uint8_t ip_bits;         /* JIP/UIP width (sign-extended from it) */
    uint8_t ip_scale;        /* bytes per JIP/UIP unit */
    gt_field imm32;          /* jmpi / call / calla 32-bit target immediate */
    gt_field branch_ctrl;    /* BranchCtrl (replaces AccWrEn); absent: none */
    /* brd / brc may take their offsets from a src0 register */
    uint8_t reg_offsets;
    /* jmpi / call / calla take their target from src0 (Gen12, IsImm
     * bit 46 and the immediate in 127:96); 0: from src1 */
    uint8_t target_src0;
    /* jmpi's offset counts from this instruction (Gen12); 0: from the
     * next (native) instruction, +16 bytes */
    uint8_t jmpi_from_ip;
    /* else has JIP only: UIP = JIP, PredCtrl ignored */
    uint8_t else_jip_only;
    /* the src0 type field, read as an immediate type, goes to src[1].type
     * (iga64 -p=7p5 prints it after brd's label) */
    uint8_t src0_type_kept;
    /* the operands are direct DWord registers (Gen12: types, source
     * modifiers and AddrMode reserved): decoded as D, an indirect one is
     * illegal */
    uint8_t untyped_operands;
    /* Src0.IsImm chooses, for every branch, between immediate offsets and
     * a src0 register (Gen12): the combinations gtsim does not model (a
     * register JIP other than brd / brc, an immediate ret) are reported */
    uint8_t is_imm_selects;
} gt_enc_branch;

/* Instruction forms (what an opcode's encoding looks like). */
enum gt_enc_form {
    GT_FORM_NONE = 0, /* reserved opcode */
    GT_FORM_ALU,      /* 1 or 2 sources, Align1 or Align16 */
    GT_FORM_3SRC, GT_FORM_MATH, GT_FORM_SEND, GT_FORM_SENDS,
    GT_FORM_BRANCH,   /* JIP (and UIP when has_uip) */
    GT_FORM_JMPI, GT_FORM_CALL, GT_FORM_CALLA, GT_FORM_RET, GT_FORM_WAIT, GT_FORM_NOP,
    GT_FORM_ILLEGAL,
    GT_FORM_DIM,      /* Haswell dim: DF destination, 64-bit immediate */
    GT_FORM_SYNC,     /* Gen12 sync: function control in the CondCtrl bits, src0 */
};

/* Generation bits of opcode availability. */
enum { GT_ENC_IVB = 1, GT_ENC_HSW = 2, GT_ENC_SKL = 4, GT_ENC_TGL = 8 };

/* One opcode: its operation, form, source count and availability. */
typedef struct gt_enc_opcode {
    uint8_t op;      /* enum gt_op */
    uint8_t form;    /* enum gt_enc_form */
    uint8_t nsrc;
    uint8_t has_uip;
    uint8_t gens;    /* GT_ENC_* bits */
} gt_enc_opcode;

/* An opcode a generation encodes differently from the shared table. */
typedef struct gt_enc_opcode_alt {
    uint8_t hw;      /* opcode field value */
    gt_enc_opcode o;
} gt_enc_opcode_alt;

/* ---- compaction ---- */

/* Copy n bits from bit `from` of a source (compacted instruction or table
 * entry) to native bit `to`.  n == 0 ends a list.  src1_reg: the move
 * belongs to a register src1 only (skipped when the form carries an
 * immediate in those native bits). */
typedef struct gt_move {
    uint8_t from, n, to, src1_reg;
} gt_move;
#define GT_M(from, n, to) {(from), (n), (to), 0}
#define GT_M1(from, n, to) {(from), (n), (to), 1} /* src1_reg */

#define GT_CMPT_MOVES 16

/* An index field of a compacted form: the table entry it selects expands
 * into native fields by moves. */
typedef struct gt_cmpt_index {
    gt_field index;            /* in the compacted instruction */
    const uint64_t *table;     /* 1 << index width entries */
    gt_move moves[GT_CMPT_MOVES];
} gt_cmpt_index;

#define GT_CMPT_INDICES 4

/* How a compacted immediate (imm_bits wide) becomes the 32-bit native
 * immediate, by the immediate's type (gt_cmpt_form.imm_expand). */
enum gt_cmpt_imm {
    GT_CIMM_SEXT = 0,   /* sign-extended from imm_bits */
    GT_CIMM_ZEXT,       /* zero-extended */
    GT_CIMM_TOP,        /* the top imm_bits bits, the rest zero (float) */
    GT_CIMM_REP16,      /* zero-extended to 16 bits, in both halves */
    GT_CIMM_SEXT_REP16, /* sign-extended to 16 bits, in both halves */
};

/* One compacted form (2-source or 3-source). */
typedef struct gt_cmpt_form {
    uint8_t present;           /* 0: not compactable, reported with absent_why */
    const char *absent_why;
    gt_field reserved;         /* must be zero */
    gt_move direct[GT_CMPT_MOVES];          /* compacted bits kept verbatim */
    gt_cmpt_index index[GT_CMPT_INDICES];   /* index == absent ends */
    /* src1 either has a register region (src1 index + moves) or the form
     * carries an immediate: when a native field of imm_if reads imm_file,
     * imm (compacted bits) is expanded from imm_bits to imm_to:
     * sign-extended, or (imm_expand present) as imm_expand[type] says,
     * type being the native field imm_type[k] of the first imm_if[k] that
     * matched. */
    gt_field imm_if[2];
    uint8_t imm_file;
    gt_field imm;
    uint8_t imm_bits;
    gt_field imm_to;
    gt_field imm_type[2];
    const uint8_t *imm_expand;  /* 16 entries, enum gt_cmpt_imm; NULL: sign-extend */
    gt_cmpt_index reg;          /* the register alternative */
    gt_move reg_direct[2];
} gt_cmpt_form;

typedef struct gt_cmpt {
    gt_field opcode;           /* in the compacted instruction */
    gt_cmpt_form form[2];      /* [0] 2-source, [1] 3-source */
    /* instruction forms (bit per enum gt_enc_form) that have no compacted
     * encoding: such a compacted opcode is illegal (0: every form has one) */
    uint32_t no_form;
} gt_cmpt;

/* ---- the whole encoding of one generation ---- */

typedef struct gt_eu_encoding {
    const char *name;              /* "Gen7", "Gen7.5", "Gen9" (reports) */
    uint8_t gen;                   /* GT_ENC_* bit: opcode availability */
    const char *opcode_where;      /* reserved-opcode report suffix ("" or " on Gen7") */
    const gt_enc_opcode *opcodes;  /* 128 entries, by opcode field */
    const gt_enc_opcode_alt *opcode_alts; /* looked up when opcodes[] lacks gen; {0} ends */
    gt_field hdr[GT_H_COUNT];
    gt_enc_opnd dst, src0, src1;
    gt_field imm32, imm64;         /* immediate value bits (32-bit, 64-bit types) */
    const uint8_t *files;          /* RegFile encoding -> enum gt_file / GT_ENC_FILE_RSVD */
    const char *rsvd_file_what;    /* report text for a reserved register file */
    const int8_t *reg_types;       /* type field -> enum gt_type, -1 reserved (16 entries) */
    const int8_t *imm_types;
    gt_enc_3src src3;
    gt_enc_3src_a1 src3a1;         /* present (dst_reg): 3-source instructions are Align1 */
    gt_enc_send send;
    gt_enc_sends sends;
    gt_enc_branch branch;
    gt_field dim_imm;              /* dim's 64-bit DF immediate */
    uint16_t math_fcs;             /* valid math function controls (bit per FC) */
    uint16_t sync_fcs;             /* valid sync function controls (bit per FC) */
    /* Align16 ChanEn / swizzle also name math macro registers (gt_operand.mme,
     * Gen8+ madm/invm/rsqtm); 0: mme is 0 (1/2-src) or 8 (3-src) */
    uint8_t mme;
    /* a 3-source DF destination whose ChanEn enables one 32-bit channel is illegal */
    uint8_t df_half_chanen_illegal;
    /* math src1 is a direct operand only (Gen12, seed 004 math: bit 112,
     * Src1.AddrMode elsewhere, reserved MBZ): an indirect one is illegal */
    uint8_t math_src1_direct;
    /* one-source math still decodes src1 (kept for printers of the encoding) */
    uint8_t math_1src_src1;
    /* DF operands count 4-byte elements (Ivy Bridge, seed 001 §1.3): the
     * decoder halves ExecSize and DF regions and sets chan_pairs */
    uint8_t df_4byte_elements;
    gt_cmpt cmpt;
} gt_eu_encoding;

extern const gt_eu_encoding gt_enc_gen7, gt_enc_gen75, gt_enc_gen9, gt_enc_gen12;

/* Shared data (src/eu/encoding_gen7.c): the Gen4-Gen11 opcode numbering,
 * register file, type and region encodings, compaction tables. */
extern const gt_enc_opcode gt_enc_opcodes[128];
extern const uint8_t gt_enc_files[4];
extern const int8_t gt_enc_reg_types[16], gt_enc_imm_types[16], gt_enc_3src_types[8];
extern const uint8_t gt_enc_vstride[16], gt_enc_width[8], gt_enc_hstride[4];
extern const uint64_t gt_cmpt_control[32], gt_cmpt_subreg[32], gt_cmpt_src[32];

/* The decoder (decode_impl.h) is instantiated per encoding: gt_decode_gen9,
 * gt_decode_gen7, gt_decode_gen75 (eu.h, gt_decode_fn). */

/* Expands the 8-byte compacted instruction at code into its native form
 * (w[0] = bits 31:0 ... w[3] = bits 127:96) with E's compaction tables.
 * Returns 0, or -1 with a reason in why. */
int gt_eu_uncompact(const gt_eu_encoding *E, const uint8_t code[8], uint32_t w[4], char *why,
                    size_t why_len);

/* The native form of a decoded instruction (in->raw, expanded when
 * compacted).  Returns 0, or -1 when the bytes do not expand. */
int gt_eu_native(const gt_eu_encoding *E, const struct gt_inst *in, uint32_t w[4]);

/* Encoded values of fields the decoder canonicalises (for printers that
 * show the encoding, e.g. intel-gen4disasm syntax): ExecSize (Ivy Bridge
 * DF and one-channel 3-source forms are rewritten in gt_inst), the region
 * fields (Ivy Bridge DF: 4-byte units), and the 3-source destination
 * SubRegNum (DWords) and ChanEn.  Region values are in elements as printed
 * (VertStride 0..32, 255 = VxH; Width 1..16; HorzStride 0..4). */
typedef struct gt_enc_values {
    uint8_t exec_size;
    uint8_t dst_hstride;
    uint8_t vstride[2], width[2], hstride[2]; /* src0, src1 */
    uint8_t dst3_subreg, dst3_writemask;
} gt_enc_values;

/* Fills *v from in (encoding E).  Returns 0, or -1 when the bytes do not
 * expand. */
int gt_eu_enc_values(const gt_eu_encoding *E, const struct gt_inst *in, gt_enc_values *v);

/* The encoding of a platform's EU (src/eu/decoder.c); NULL if none. */
struct gt_platform;
const gt_eu_encoding *gt_eu_encoding_for(const struct gt_platform *plat);

#endif
