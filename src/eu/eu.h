/*
 * EU: the decoded instruction form, EU thread state, and the executor API.
 *
 * One decoder (src/eu/decode_impl.h), driven by each generation's encoding
 * description (src/eu/encoding.h: native and compacted forms as data),
 * turns machine code into one gt_inst; a single executor (src/eu/exec.c)
 * and a single disassembler (src/eu/disasm.c, IGA syntax) work on gt_inst
 * only.  Instruction fields follow the EU ISA
 * terms of seed 001 (regions, types, ExecSize, QtrCtrl/NibCtrl, predication,
 * conditional modifiers) and the instruction pages of seed 004.
 */
#ifndef GT_EU_H
#define GT_EU_H

#include <stdint.h>
#include <stdio.h>

#include "gt.h"

/* Operations (generation independent; the per-generation decoder maps the
 * hardware opcode field to these). */
enum gt_op {
    GT_OP_ILLEGAL = 0,
    GT_OP_MOV, GT_OP_SEL, GT_OP_MOVI, GT_OP_NOT, GT_OP_AND, GT_OP_OR, GT_OP_XOR,
    GT_OP_SHR, GT_OP_SHL, GT_OP_SMOV, GT_OP_ASR, GT_OP_CMP, GT_OP_CMPN, GT_OP_CSEL,
    GT_OP_F32TO16, GT_OP_F16TO32, GT_OP_BFREV, GT_OP_BFE, GT_OP_BFI1, GT_OP_BFI2,
    GT_OP_JMPI, GT_OP_BRD, GT_OP_IF, GT_OP_BRC, GT_OP_ELSE, GT_OP_ENDIF, GT_OP_DO,
    GT_OP_WHILE, GT_OP_BREAK, GT_OP_CONT, GT_OP_HALT, GT_OP_CALLA, GT_OP_CALL,
    GT_OP_RET, GT_OP_GOTO, GT_OP_JOIN, GT_OP_WAIT, GT_OP_SEND, GT_OP_SENDC,
    GT_OP_SENDS, GT_OP_SENDSC, GT_OP_MATH, GT_OP_ADD, GT_OP_MUL, GT_OP_AVG,
    GT_OP_FRC, GT_OP_RNDU, GT_OP_RNDD, GT_OP_RNDE, GT_OP_RNDZ, GT_OP_MAC,
    GT_OP_MACH, GT_OP_LZD, GT_OP_FBH, GT_OP_FBL, GT_OP_CBIT, GT_OP_ADDC,
    GT_OP_SUBB, GT_OP_SAD2, GT_OP_SADA2, GT_OP_DP4, GT_OP_DPH, GT_OP_DP3,
    GT_OP_DP2, GT_OP_LINE, GT_OP_PLN, GT_OP_MAD, GT_OP_LRP, GT_OP_MADM, GT_OP_NOP,
    GT_OP_DIM,  /* Haswell: move a 64-bit DF immediate (src[0], type DF) */
    /* Gen12 (seed 004 sync, ror, rol, dp4a) */
    GT_OP_SYNC, GT_OP_ROR, GT_OP_ROL, GT_OP_DP4A,
    GT_OP_COUNT
};

/* Element types (generation independent).  V, UV and VF are immediates only. */
enum gt_type {
    GT_TYPE_UD, GT_TYPE_D, GT_TYPE_UW, GT_TYPE_W, GT_TYPE_UB, GT_TYPE_B,
    GT_TYPE_DF, GT_TYPE_F, GT_TYPE_UQ, GT_TYPE_Q, GT_TYPE_HF,
    GT_TYPE_V, GT_TYPE_UV, GT_TYPE_VF, GT_TYPE_INVALID,
    GT_TYPE_COUNT
};

/* Size in bytes of one element of a type (V/UV/VF: of the packed immediate's
 * element once expanded: 2, 2, 4). */
int gt_type_size(int type);
/* IGA spelling: "ud", "d", "uw", ... */
const char *gt_type_name(int type);

enum gt_file { GT_FILE_ARF, GT_FILE_GRF, GT_FILE_IMM };

/* ARF register numbers (high nibble = register class), seed 001 §3.3. */
enum gt_arf {
    GT_ARF_NULL = 0x00, GT_ARF_A0 = 0x10, GT_ARF_ACC = 0x20, GT_ARF_F = 0x30,
    GT_ARF_CE = 0x40, GT_ARF_MSG = 0x50, GT_ARF_SP = 0x60, GT_ARF_SR = 0x70,
    GT_ARF_CR = 0x80, GT_ARF_N = 0x90, GT_ARF_IP = 0xA0, GT_ARF_TDR = 0xB0,
    GT_ARF_TM = 0xC0, GT_ARF_FC = 0xD0, GT_ARF_DBG = 0xF0,
};

enum gt_cond {
    GT_COND_NONE = 0, GT_COND_Z = 1, GT_COND_NZ = 2, GT_COND_G = 3, GT_COND_GE = 4,
    GT_COND_L = 5, GT_COND_LE = 6, GT_COND_O = 8, GT_COND_U = 9,
};

/* Predicate control (Align1 forms; Align16 forms share values 1..7 with
 * their own meaning: X, Y, Z, W replicate, any4h, all4h). */
enum gt_pred {
    GT_PRED_NONE = 0, GT_PRED_NORMAL = 1, GT_PRED_ANYV = 2, GT_PRED_ALLV = 3,
    GT_PRED_ANY2H = 4, GT_PRED_ALL2H = 5, GT_PRED_ANY4H = 6, GT_PRED_ALL4H = 7,
    GT_PRED_ANY8H = 8, GT_PRED_ALL8H = 9, GT_PRED_ANY16H = 10, GT_PRED_ALL16H = 11,
    GT_PRED_ANY32H = 12, GT_PRED_ALL32H = 13,
};

/* Math function control (seed 004 math - Extended Math Function). */
enum gt_math_fc {
    GT_MATH_INV = 1, GT_MATH_LOG = 2, GT_MATH_EXP = 3, GT_MATH_SQRT = 4,
    GT_MATH_RSQ = 5, GT_MATH_SIN = 6, GT_MATH_COS = 7, GT_MATH_FDIV = 9,
    GT_MATH_POW = 10, GT_MATH_IDIV_BOTH = 11, GT_MATH_IDIV_QUOT = 12,
    GT_MATH_IDIV_REM = 13, GT_MATH_INVM = 14, GT_MATH_RSQRTM = 15,
};

/* One decoded operand.  Register operands: file GRF or ARF.  Direct
 * addressing: nr (register number; ARF: enum gt_arf + index) and subnr (byte
 * offset inside the 32-byte register).  Indirect addressing (Align1): address
 * from a0.<ind_subnr> (a word subregister index) plus ind_off bytes.  Regions
 * are in elements: vstride 0..32, width 1..16, hstride 0..4; a destination
 * has only hstride.  vxh marks the VxH indirect form (one a0 subregister per
 * row of width elements).  Align16 operands use swizzle (0=x..3=w per
 * channel) and, for destinations, writemask (bit 0 = x). */
typedef struct gt_operand {
    uint8_t file;      /* enum gt_file */
    uint8_t type;      /* enum gt_type */
    uint8_t indirect;  /* 0 direct, 1 indirect via a0 */
    uint8_t vxh;       /* indirect VxH/Vx1 form flag (Align1) */
    uint8_t nr;
    uint8_t subnr;     /* bytes */
    uint8_t vstride, width, hstride;
    uint8_t negate, abs;
    uint8_t swizzle[4];
    uint8_t writemask;
    uint8_t ind_subnr; /* a0 subregister (word index) */
    int16_t ind_off;   /* indirect immediate offset, bytes */
    uint64_t imm;      /* immediate bits (zero-extended raw encoding) */
    /* Gen8/9 3-source (Align16) operands: rep = 1 for RepCtrl (scalar
     * replicate; region then <0;1,0>), else the region is the contiguous
     * <8;8,1> and swizzle[] holds the Align16 swizzle.  mme: madm special
     * accumulator (0..7 = mme0..mme7, 8 = nomme), taken from the dst
     * writemask / src swizzle field; meaningful for madm only. */
    uint8_t rep;
    uint8_t mme;
} gt_operand;

/* One decoded instruction. */
typedef struct gt_inst {
    uint16_t op;          /* enum gt_op */
    uint8_t hw_opcode;    /* the opcode field as encoded */
    uint8_t exec_size;    /* channels: 1, 2, 4, 8, 16, 32 */
    uint8_t chan_off;     /* first channel: QtrCtrl*8 + NibCtrl*4 (0..28) */
    uint8_t align16;      /* access mode: 0 Align1, 1 Align16 */
    uint8_t nomask;       /* WECtrl / MaskCtrl NoMask */
    uint8_t pred;         /* enum gt_pred */
    uint8_t pred_inv;
    uint8_t flag_nr;      /* flag register f0/f1 for predicate and cond mod */
    uint8_t flag_subnr;   /* flag subregister .0/.1 */
    uint8_t cond;         /* enum gt_cond */
    uint8_t saturate;
    uint8_t acc_wr;       /* AccWrEn */
    uint8_t math_fc;      /* enum gt_math_fc, for GT_OP_MATH */
    uint8_t dep_ctrl;     /* bit0 NoDDClr, bit1 NoDDChk */
    uint8_t thread_ctrl;  /* 0 normal, 1 atomic, 2 switch */
    uint8_t debug_ctrl;   /* breakpoint */
    uint8_t compacted;    /* encoded in the 8-byte compacted form */
    uint8_t num_srcs;     /* source operands used (0..3) */
    uint8_t eot;          /* send: end of thread */
    uint8_t serialize;    /* Gen12 send FusionCtrl: fused EUs execute it one after the other */
    uint8_t length;       /* encoded length in bytes: 8 or 16 */
    gt_operand dst;
    gt_operand src[3];
    /* send / sends / sendc: SFID, message descriptor and extended
     * descriptor.  desc_reg / exdesc_reg: 1 when the descriptor comes from
     * a0.0 / a0.<exdesc_subnr> instead of the immediate. */
    uint8_t sfid;
    uint8_t desc_reg, exdesc_reg, exdesc_subnr;
    uint32_t desc, exdesc;
    /* Branches: jump targets in bytes relative to this instruction's IP.
     * jmpi: the target is IP + jip (the encoded offset, which counts from
     * the next instruction, with the 16 bytes already added); calla: jip is
     * the absolute target (byte offset from the kernel base).  When the
     * target comes from a register (jip_reg = 1), it is in src[1]; for
     * brd / brc (jip_reg = 1) the offsets are in src[0] (brd: one DWord,
     * brc: JIP, UIP DWords), bytes relative to this instruction's IP. */
    int32_t jip, uip;
    uint32_t raw[4];      /* the instruction bytes as encoded (8 or 16) */
    /* Send ExDesc (above): the whole 32-bit extended descriptor as the PRM
     * defines it: [3:0] SFID, [5] EOT, [9:6] src1 length (sends), [31:16]
     * extended function control; when exdesc_reg, only SFID/EOT are set. */
    uint8_t branch_ctrl;  /* BranchCtrl (else/goto/... bit 28) */
    uint8_t jip_reg;      /* jmpi/call/calla: target from a register (src[1]); brd/brc: src[0] */
    /* Ivy Bridge DF (seed 001 §1.3): the encoding counted 4-byte elements;
     * exec_size and the DF regions above are in true (8-byte) elements and
     * lane i occupies channels chan_off + 2i and chan_off + 2i + 1. */
    uint8_t chan_pairs;
    /* Gen12 software scoreboard (seed 004 instruction header bits 15:8):
     * swsb_dist = RegDist (0: none; wait for the in-order instruction that
     * many back), swsb_mode = enum gt_swsb_mode on SBID swsb_sbid (0..15).
     * sync_fc: sync's function control (seed 004 sync: 0 nop, 2 allrd,
     * 3 allwr, 13 fence, 14 bar, 15 host). */
    uint8_t swsb_dist, swsb_mode, swsb_sbid;
    uint8_t swsb_both;    /* the combined RegDist + SBID form (iga64 prints "@0" too) */
    uint8_t sync_fc;
} gt_inst;

/* Gen12 SBID use (seed 004 sync; iga64 -p=12p1 spelling in brackets). */
enum gt_swsb_mode {
    GT_SWSB_NONE = 0,
    GT_SWSB_SET = 1,      /* this out-of-order instruction allocates the SBID ($n) */
    GT_SWSB_DST = 2,      /* wait until SBID's destination is written ($n.dst) */
    GT_SWSB_SRC = 3,      /* wait until SBID's sources are read ($n.src) */
};

/* Per-platform decoder.  Decodes the instruction at code[0..avail) into
 * *out.  Returns the encoded length (8 or 16), or -1 for an illegal or
 * truncated encoding, with a reason in why (may be NULL).  One decoder
 * (src/eu/decode_impl.h) reads each generation's encoding description
 * (src/eu/encoding.h); these are it for Gen9 (Skylake), Gen7 (Ivy Bridge,
 * Bay Trail) and Gen7.5 (Haswell). */
typedef int (*gt_decode_fn)(const uint8_t *code, size_t avail, gt_inst *out,
                            char *why, size_t why_len);
gt_decode_fn gt_decoder_for(const gt_platform *plat);
int gt_decode_gen9(const uint8_t *code, size_t avail, gt_inst *out, char *why, size_t why_len);
int gt_decode_gen7(const uint8_t *code, size_t avail, gt_inst *out, char *why, size_t why_len);
int gt_decode_gen75(const uint8_t *code, size_t avail, gt_inst *out, char *why, size_t why_len);
int gt_decode_gen12(const uint8_t *code, size_t avail, gt_inst *out, char *why, size_t why_len);

/* Per-generation EU behaviours: where the hardware runs the same decoded
 * instruction differently (seed 001 §1.3).  All zero = the Gen9 behaviour. */
typedef struct gt_eu_behaviour {
    /* integer mul with DWord operands multiplies by src1 bits 15:0 only
     * (sign- or zero-extended per src1's type) (Gen7) */
    uint8_t mul_dword_src1_lo16;
    /* largest ExecSize sel accepts (Gen7: 16); 0 = 32 */
    uint8_t sel_max_exec_size;
    /* DWord instructions with an explicit accumulator operand: largest
     * ExecSize (Gen7: 8, "SIMD16 execution on DWords is not allowed when an
     * accumulator is an explicit source or destination"); 0 = no limit */
    uint8_t acc_dword_max_exec_size;
    /* DF operands occupy a pair of 4-byte channels (Ivy Bridge / Bay
     * Trail, seed 001 §1.3): for decoded instructions with chan_pairs, lane
     * i is channels chan_off + 2i (low DWord) and + 2i + 1 (high DWord);
     * masks, predicates and flags work on those channels (src/eu/exec.c). */
    uint8_t df_channel_pairs;
    /* DF -> F conversion rounds toward zero whatever cr0's rounding mode
     * (seed 001 §2.4.5, Gen7); 0 = cr0's mode (Gen9: IGC converts double to
     * float for OpenCL's round-to-nearest convert_float with a plain mov) */
    uint8_t df_to_f_rtz;
    /* a V/UV/VF immediate needs a 16-byte aligned destination strided by a
     * word (V/UV) or a DWord (VF) (seed 001 §3.3.4, Gen7); Gen9 has no such
     * rule (IGC's Gen9 code writes `add (2) r29.0<1>:ud r3.2<0;1,0>:uw
     * 0x400:uv`, tests/corpus atomic; channel i then reads element 2i,
     * src/eu/exec.c plan_operand) */
    uint8_t vec_imm_dst_rule;
    /* goto with BranchCtrl clear: 1 = the predicated channels wait at the
     * join IP (IP + UIP) and the others go on (seed 004 goto pseudocode,
     * "for the predicated active channels PcIP[n] = IP + UIP"; IGC's Gen12
     * IEEE divide jumps its NaN channels to the a + b at the UIP with
     * `(f1.0) goto`); 0 = the predicated channels go on and the others wait
     * (Gen8/9: IGC flips a forward goto's predicate there) */
    uint8_t goto_pred_waits;
    /* Gen12LP rules of the seed 004 instruction pages, reported as illegal
     * instructions naming the rule (src/eu/exec.c gen_rule_broken):
     * no_64bit_types: no DF, Q or UQ operand (no Src/Dst Types table lists
     * them); math_rules: the math page's restrictions (INT DIV at most
     * SIMD8, one destination register, no source modifiers; no indirect
     * operands; GRF destination; Align1 regions Vstride = Width *
     * Hstride with equal source and destination byte strides; half floats
     * at most SIMD8 and interleaved when mixed with F); alu_rules: the
     * other pages' operand rules (csel types, cmpn .l/.ge only, mad and
     * dp4a accumulator and DWord rules, "no accumulator access" of the
     * bit-field instructions, no source modifier on an accumulator source
     * of a logic instruction, mov not both from and to an accumulator). */
    uint8_t no_64bit_types, math_rules, alu_rules;
    /* send_rules: the send page's (EOT: null destination, sources in
     * r112-r127; Message Length + Extended Message Length <= 15; a null
     * src1 has no extended length) */
    uint8_t send_rules;
    /* mach without AccWrEn writes the low DWord of its 64-bit result and
     * leaves the accumulator (seed 004 mach pseudocode: "if (AccWrEn)
     * acc = temp; dst = temp[63:32] else dst = temp[31:0]"; IGC's Gen12
     * code multiplies 32x32 -> low 32 bits with mul acc0 + mach); 0: mach
     * writes the high DWord (Gen7-Gen9) */
    uint8_t mach_low_dword;
    /* Software scoreboard (Gen12LP, GTSIM_CHECK_SWSB): the in-order
     * pipeline depth in in-order instructions, beyond which a result is
     * written without a RegDist wait (public facts: Mesa brw_fs_scoreboard
     * ordered_dependency_swsb max_dist = 10); 0 = the hardware keeps
     * register dependencies itself (no SWSB fields, Gen7-Gen9). */
    uint8_t swsb_depth;
} gt_eu_behaviour;
/* The behaviour table of a platform's EU (never NULL). */
const gt_eu_behaviour *gt_eu_behaviour_for(const gt_platform *plat);

/* Per-platform details of iga64's syntax (what `iga64 -p=<platform> -d`
 * prints differently for the same decoded instruction).  All zero / NULL =
 * the Gen9 (-p=9) syntax. */
typedef struct gt_iga_syntax {
    uint8_t else_no_uip;     /* else has JIP only (Gen7) */
    uint8_t brd_w_suffix;    /* brd.s label is followed by its src0 type, "L<n>:w" (-p=7p5) */
    uint8_t send_dst_type;   /* send always prints its dst type (-p=7p5) */
    uint8_t send_no_ctrl;    /* send prints no AccWrEn/NoSrcDepSet/Atomic/Switch/NoDD* (-p=7p5) */
    /* send comments: SFID names and message classes, 16 entries
     * (src/eu/disasm_send.h); NULL = Gen9's */
    const struct gt_send_sfid *send_sfids;
    /* -p=12p1: every send is the split form, printed "send.<sfid> (..)
     * dst src0 src1 exdesc desc" with untyped operands, the ExDesc without
     * SFID / EOT, and no SFID name in the comment */
    uint8_t send_sfid_suffix;
    /* the accumulator number printed as mme0 (mme0..mme7 follow); 0 = 2
     * (Gen8/9: acc2..acc9); -p=12p1: 8 */
    uint8_t acc_mme_base;
    /* jmpi / call / calla register targets print as the register alone,
     * "r20.1" (-p=12p1); 0: with region and type */
    uint8_t jump_target_bare;
} gt_iga_syntax;
/* Never NULL. */
const gt_iga_syntax *gt_iga_syntax_for(const gt_platform *plat);

/* Text of one instruction (no trailing newline) in the platform's default
 * syntax (gt_disasm_syntax_for), into buf.  Returns the length written. */
int gt_disasm_inst(const gt_platform *plat, const gt_inst *in, char *buf, size_t len);

/* A disassembly syntax.  inst prints one instruction (branch targets
 * relative to ip, its byte offset in the kernel) into buf and returns the
 * length; labels: whole-kernel listings carry "L<offset>:" lines. */
typedef int (*gt_disasm_inst_fn)(const gt_platform *plat, const gt_inst *in, int64_t ip,
                                 char *buf, size_t len);
typedef struct gt_disasm_syntax {
    const char *name;    /* "iga", "gen4" */
    gt_disasm_inst_fn inst;
    uint8_t labels;
} gt_disasm_syntax;
/* The syntax a platform prints by default (per-generation table,
 * src/eu/decoder.c): IGA (`iga64 -p=9` / `-p=7p5 -d`) for skl and hsw,
 * intel-gen4disasm's for ivb / vlv.  Never NULL. */
const gt_disasm_syntax *gt_disasm_syntax_for(const gt_platform *plat);
/* By name ("iga", "gen4"); NULL if unknown. */
const gt_disasm_syntax *gt_disasm_syntax_find(const char *name);
/* IGA syntax (src/eu/disasm.c), as `iga64 -p=9 -d` (-p=7p5) prints. */
int gt_disasm_inst_at(const gt_platform *plat, const gt_inst *in, int64_t ip, char *buf, size_t len);
/* intel-gen4disasm -g 7 syntax (src/eu/disasm_gen4.c); Gen7 encodings. */
int gt_disasm_gen4_inst(const gt_platform *plat, const gt_inst *in, int64_t ip, char *buf,
                        size_t len);

/* ---- threads ---- */

#define GT_GRF_REGS 128
#define GT_MAX_CF_DEPTH 64

struct gt_dispatch;
struct gt_tgroup;
struct gt3d_ps_thread;

enum gt_thread_state {
    GT_THREAD_RUNNABLE = 0, /* can run (or is running) */
    GT_THREAD_BLOCKED,      /* waiting (wait n0 / sendc / barrier) */
    GT_THREAD_DONE,         /* sent EOT */
    GT_THREAD_FAULTED,      /* stopped by an error; report in dev->err */
};

/* State of one EU hardware thread.  The GRF is 128 registers of 32 bytes;
 * grf is byte-addressed (r<n>.<sub> at grf[n*32 + sub*size]).  The ARF part
 * is owned by the executor (src/eu/exec.c). */
typedef struct gt_thread {
    _Alignas(64) uint8_t grf[GT_GRF_REGS * 32];
    /* ARF */
    uint8_t acc[4 * 32];       /* acc0..acc3 raw bytes */
    uint64_t acc_wide[32];     /* wide integer accumulator (mul/mach/mac), by lane */
    /* IEEE macro state standing in for the mme accumulators (acc2..acc9):
     * per channel, what the math.invm / math.rsqtm ... madm sequence
     * computes (0 none, 1 src0/src1, 2 sqrt(src0)) and its operands
     * (see src/eu/exec.c, is_mme_macro). */
    uint8_t mme_op[32];
    double mme_src[32][2];
    uint16_t a0[16];           /* address register a0.0..a0.15 */
    uint32_t flag[2];          /* f0, f1 (f0.0 = low 16 bits of flag[0]) */
    uint32_t sr0[4];           /* state register */
    uint32_t cr0[4];           /* control register (float modes, exceptions) */
    uint32_t n0[2];            /* notification registers */
    uint32_t ce;               /* channel enable / dispatch mask */
    uint32_t ip;               /* byte offset of the next instruction from kernel base */
    uint16_t tdr[8];           /* tdr0.0..tdr0.7 (seed 001 §3.3.3.11): FFTID 7:0, valid bit 15 */
    /* Structured control flow: per-channel enables. */
    uint32_t exec_mask;        /* channels currently enabled (bit i = channel i) */
    uint32_t dispatch_mask;    /* channels enabled at dispatch (right/bottom masks) */
    uint32_t cf_stack[GT_MAX_CF_DEPTH];
    int cf_depth;
    /* Gen8+ per-channel IPs (seed 004 if/else/goto/... pseudocode "PcIP"):
     * channels that branched away are in wait_mask (not in exec_mask) and
     * rejoin when execution reaches their PcIP (byte offset from kernel
     * start).  The join table holds the distinct PcIPs of the waiting
     * channels (jt_ip) and the channels waiting at each (jt_mask), jt_n
     * entries with disjoint, non-empty channel sets; jt_bloom has bit
     * (jt_ip[e] / 8) % 64 set for every entry, so that an instruction whose
     * bit is clear is no join point (one test per instruction).  A zeroed
     * thread has none waiting; gt_eu_run sets exec_mask = dispatch_mask for
     * a fresh thread whose exec_mask is 0 (src/eu/exec.c cf_park,
     * cf_arrive). */
    uint32_t wait_mask;
    uint32_t jt_ip[32], jt_mask[32];
    uint32_t jt_n;
    uint64_t jt_bloom;
    /* Dispatch context */
    int state;                 /* enum gt_thread_state */
    uint64_t kernel_gva;       /* kernel start, GPU virtual address */
    const struct gt_dispatch *disp;
    struct gt_tgroup *tg;
    uint32_t tid;              /* hardware thread slot (for scratch offsets) */
    uint32_t simd;             /* dispatch SIMD width: 8, 16 or 32 */
    uint64_t instructions;     /* executed by this thread (for the watchdog; one that
                                * blocks it, such as wait, once, when it completes) */
    uint64_t channels;         /* lane-ops of those (gtsim_kernel_stats) */
    uint64_t stat_insns, stat_chans; /* of those, not yet added to dev->stats (gt_eu_flush_stats) */
    uint32_t barrier_ip;       /* IP of the thread's last barrier message (GTSIM_CHECK_BARRIER) */
    struct gt_swsb_state *swsb; /* GTSIM_CHECK_SWSB: the thread's scoreboard (src/check.c), or NULL */
    uint8_t *written;          /* GTSIM_CHECK_UNINIT: a bit per GRF byte written since dispatch, or NULL */
    const struct gt3d_ps_thread *ps3d; /* pixel shader thread context (src/pipe3d/backend.h), or NULL */
} gt_thread;

/* Run a thread from t->ip until it sends EOT (GT_THREAD_DONE), blocks
 * (GT_THREAD_BLOCKED, ip left on the blocking instruction), or faults
 * (GT_THREAD_FAULTED, report in dev->err with the IP, raw bytes and
 * disassembly).  Updates dev->stats. */
int gt_eu_run(gtsim_device *dev, gt_thread *t);
/* What a gt_eu_run_pass did: live, the threads not done when the pass
 * reached them; progress, those of them that ran and moved (instructions,
 * IP or state changed); failed, the index of the thread whose run failed
 * (the pass stopped there), UINT32_MAX if none did. */
typedef struct gt_eu_pass {
    uint32_t live, progress, failed;
} gt_eu_pass;
/* One round-robin pass over a thread group's threads t[0..n-1]: each
 * GT_THREAD_RUNNABLE one runs as gt_eu_run runs it (blocked and done ones
 * are skipped), with the device's settings read once for the pass.
 * Returns GTSIM_OK, or the failed run's status (or GTSIM_OK with
 * pass->failed set when the thread faulted without one). */
int gt_eu_run_pass(gtsim_device *dev, gt_thread *const *t, uint32_t n, gt_eu_pass *pass);
/* Add the instructions and lane-ops of threads t[0..n-1] that are not yet
 * in dev->stats (one atomic add per counter).  gt_eu_run leaves them with
 * the thread when its group defers them (gt_tgroup.defer_stats) and fewer
 * than GT_POLL_INSNS are pending; that group's runner calls this when the
 * group ends, however it ends. */
void gt_eu_flush_stats(gtsim_device *dev, gt_thread *const *t, uint32_t n);
/* 1 when EU tracing (GTSIM_TRACE_EU) or coverage (GTSIM_EU_COVERAGE) is
 * on: their output and counters are not thread-safe, so walkers then run
 * on one host thread. */
int gt_eu_debug_enabled(void);

/* Per-instruction execution profile (src/eu/profile.c; gtsim_config.profile):
 * executions and enabled channels per EU instruction, merged from the
 * kernel caches.  gt_profile_write prints, per kernel (GVA), a disassembly
 * listing with the counts; 0, or -1 on a write error. */
typedef struct gt_profile gt_profile;
gt_profile *gt_profile_create(void);
void gt_profile_destroy(gt_profile *p);
int gt_profile_write(gt_profile *p, const gt_platform *plat, FILE *f);

/* Decoded-kernel cache: instructions are decoded once, on first execution.
 * prof (NULL = none): where a kernel's execution counts go when it leaves
 * the cache (flush, destroy). */
struct gt_kcache *gt_kcache_create(gt_profile *prof);
void gt_kcache_destroy(struct gt_kcache *kc);
void gt_kcache_flush(struct gt_kcache *kc);
/* Host nanoseconds (CLOCK_MONOTONIC) the calling host thread has spent so
 * far decoding and planning instructions, in any cache, while a walk
 * weighed posting its other workers (gtsim_device.poll_due): how long
 * they, each with its own cache, would repeat that work. */
uint64_t gt_kcache_decode_ns(void);

#endif
