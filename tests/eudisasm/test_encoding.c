/*
 * Consistency of the per-generation EU encoding descriptions
 * (src/eu/encoding.h): in every view of every native instruction form (the
 * fields one instruction of that form uses together: Align1 direct and
 * indirect, Align16, immediates, 3-source, send, sends, branches) no two
 * fields share a bit; every compacted form writes each native bit once,
 * reads each compacted bit once, leaves CmptCtrl alone, and each table
 * entry has no bit its moves drop; the compacted immediate is chosen by
 * the native RegFile fields; no operation has two opcodes in a generation.
 * A description typed in with a slip (a new generation's) fails here with
 * the two fields named, before any decoding test.  The checker is shown to
 * catch such slips on corrupted copies of the Gen9 description.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "eu/encoding.h"
#include "eu/eu.h"

/* Bits in use in one view, with the name of the field that took each. */
typedef struct {
    const char *who[128];
    char err[256];
    int problems;
} view;

/* Reports: "<generation> <view>: <what>". */
#define ERR_LEN 320

static int verbose;

static void problem(view *v, const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (!v->problems++)
        memcpy(v->err, msg, sizeof msg);
    if (verbose)
        print_message("  %s\n", msg);
}

static void take_bits(view *v, const char *vname, unsigned lo, unsigned n, const char *name)
{
    if (lo + n > 128) {
        problem(v, "%s: %s reaches bit %u", vname, name, lo + n - 1);
        return;
    }
    for (unsigned b = lo; b < lo + n; b++) {
        if (v->who[b])
            problem(v, "%s: bit %u in both %s and %s", vname, b, v->who[b], name);
        v->who[b] = name;
    }
}

static void take(view *v, const char *vname, const gt_field *f, const char *name)
{
    uint64_t valbits = 0;
    for (int i = 0; i < GT_FIELD_PIECES && f->p[i].n; i++) {
        const gt_piece *p = &f->p[i];
        if (p->n > 64 || p->at + p->n > 64) {
            problem(v, "%s: %s piece %d wider than 64 bits", vname, name, i);
            continue;
        }
        uint64_t m = (p->n == 64 ? ~0ull : (1ull << p->n) - 1) << p->at;
        if (valbits & m)
            problem(v, "%s: %s pieces overlap in the value", vname, name);
        valbits |= m;
        take_bits(v, vname, p->lo, p->n, name);
    }
}

static const char *const hdr_names[GT_H_COUNT] = {
    "Opcode", "Opcode.reserved", "AccessMode", "MaskCtrl", "NoDDClr", "NoDDChk", "QtrCtrl",
    "NibCtrl", "ThreadCtrl", "PredCtrl", "PredInv", "ExecSize", "CondModifier", "AccWrEn",
    "CmptCtrl", "DebugCtrl", "Saturate", "FlagSubRegNum", "FlagRegNum", "SWSB",
};

/* The header, less the fields a form reuses (bit mask of enum gt_hdr_field). */
static void take_header(view *v, const char *vname, const gt_eu_encoding *E, unsigned except)
{
    for (int h = 0; h < GT_H_COUNT; h++)
        if (!(except >> h & 1))
            take(v, vname, &E->hdr[h], hdr_names[h]);
}

enum { DIRECT, INDIRECT, ALIGN16 };

static void take_operand(view *v, const char *vname, const gt_enc_opnd *L, const char *opn,
                         int mode, int regions)
{
    static char names[3][16][40]; /* up to 11 names per operand */
    static int slot;
    char (*n)[40] = names[slot++ % 3];
#define NAME(i, f) (snprintf(n[i], sizeof n[i], "%s.%s", opn, f), n[i])
    if (!(mode == INDIRECT && L->ind_grf)) /* Gen12 IndirectOperand: no RegFile */
        take(v, vname, &L->file, NAME(0, "RegFile"));
    take(v, vname, &L->is_imm, NAME(10, "IsImm"));
    take(v, vname, &L->type, NAME(1, "Type"));
    take(v, vname, &L->addr_mode, NAME(2, "AddrMode"));
    if (!regions) { /* a message payload: the register alone */
        take(v, vname, &L->reg, NAME(3, "RegNum"));
        return;
    }
    if (mode == INDIRECT) {
        take(v, vname, &L->ia_sub, NAME(3, "AddrSubRegNum"));
        take(v, vname, &L->ia_imm, NAME(4, "AddrImm"));
    } else {
        take(v, vname, &L->reg, NAME(3, "RegNum"));
        take(v, vname, mode == ALIGN16 ? &L->subreg16 : &L->subreg, NAME(4, "SubRegNum"));
    }
    if (L->is_dst) {
        take(v, vname, &L->hstride, NAME(5, "HorzStride"));
        if (mode == ALIGN16)
            take(v, vname, &L->writemask, NAME(6, "ChanEn"));
        return;
    }
    take(v, vname, &L->vstride, NAME(5, "VertStride"));
    take(v, vname, &L->negate, NAME(6, "SrcMod.negate"));
    take(v, vname, &L->abs, NAME(7, "SrcMod.abs"));
    if (mode == ALIGN16) {
        for (int c = 0; c < 4; c++)
            take(v, vname, &L->swz[c], NAME(8 + c, "Swizzle"));
    } else {
        take(v, vname, &L->width, NAME(8, "Width"));
        take(v, vname, &L->hstride, NAME(9, "HorzStride"));
    }
#undef NAME
}

/* A name of its own for each move of a compacted form. */
static const char *move_name(const char *what, int i)
{
    static char names[64][40];
    static unsigned next;
    char *n = names[next++ % 64];
    snprintf(n, sizeof names[0], "%s move %d", what, i);
    return n;
}

/* Checks one description; returns the number of problems, the first in err. */
static int lint(const gt_eu_encoding *E, char *err, size_t len)
{
    int problems = 0;
    view v;
#define VIEW(view_name, ...)                                             \
    do {                                                                 \
        memset(&v, 0, sizeof v);                                         \
        const char *vn = view_name;                                      \
        __VA_ARGS__;                                                     \
        if (v.problems && !problems)                                     \
            snprintf(err, len, "%s %s", E->name, v.err);                 \
        problems += v.problems;                                          \
    } while (0)
    static const char *const modes[3] = {"Align1 direct", "Align1 indirect", "Align16"};
    for (int m = DIRECT; m <= ALIGN16; m++)
        VIEW(modes[m], {
            take_header(&v, vn, E, 0);
            take_operand(&v, vn, &E->dst, "Dst", m, 1);
            take_operand(&v, vn, &E->src0, "Src0", m, 1);
            take_operand(&v, vn, &E->src1, "Src1", m, 1);
        });
    VIEW("src1 immediate", {
        take_header(&v, vn, E, 0);
        take_operand(&v, vn, &E->dst, "Dst", DIRECT, 1);
        take_operand(&v, vn, &E->src0, "Src0", DIRECT, 1);
        if (gt_field_present(&E->src1.is_imm)) /* Gen12: IsImm, no RegFile */
            take(&v, vn, &E->src1.is_imm, "Src1.IsImm");
        else
            take(&v, vn, &E->src1.file, "Src1.RegFile");
        take(&v, vn, &E->src1.type, "Src1.Type");
        take(&v, vn, &E->imm32, "Imm32");
    });
    if (gt_field_present(&E->imm64))
        VIEW("src0 64-bit immediate", {
        /* Gen12's 64-bit immediate takes CondCtrl's bits (no conditional
         * modifier then; the decoder leaves it 0) */
        int cm_in_imm = 0;
        for (int i = 0; i < GT_FIELD_PIECES && E->imm64.p[i].n; i++)
            if (E->hdr[GT_H_CONDMOD].p[0].n && E->imm64.p[i].lo <= E->hdr[GT_H_CONDMOD].p[0].lo &&
                E->hdr[GT_H_CONDMOD].p[0].lo < E->imm64.p[i].lo + E->imm64.p[i].n)
                cm_in_imm = 1;
        take_header(&v, vn, E, cm_in_imm ? 1u << GT_H_CONDMOD : 0);
        take_operand(&v, vn, &E->dst, "Dst", DIRECT, 1);
        if (gt_field_present(&E->src0.is_imm))
            take(&v, vn, &E->src0.is_imm, "Src0.IsImm");
        else
            take(&v, vn, &E->src0.file, "Src0.RegFile");
        take(&v, vn, &E->src0.type, "Src0.Type");
        take(&v, vn, &E->imm64, "Imm64");
    });
    VIEW("3-source", {
        const gt_enc_3src *T = &E->src3;
        for (int h = 0; h < GT_H_COUNT; h++)
            if (h == GT_H_MASKCTRL || (E->hdr[h].p[0].n && E->hdr[h].p[0].lo + E->hdr[h].p[0].n <= 32))
                take(&v, vn, &E->hdr[h], hdr_names[h]);
        take(&v, vn, &T->dst_reg, "Dst.RegNum");
        take(&v, vn, &T->dst_subreg, "Dst.SubRegNum");
        take(&v, vn, &T->dst_writemask, "Dst.ChanEn");
        take(&v, vn, &T->dst_type, "DstType");
        take(&v, vn, &T->src_type, "SrcType");
        take(&v, vn, &T->flag_sub, "FlagSubRegNum");
        take(&v, vn, &T->flag_reg, "FlagRegNum");
        static const char *const sn[3][8] = {
            {"Src0.RegNum", "Src0.SubRegNum", "Src0.SubRegNum[1]", "Src0.Swizzle", "Src0.RepCtrl",
             "Src0.negate", "Src0.abs", "Src0Type"},
            {"Src1.RegNum", "Src1.SubRegNum", "Src1.SubRegNum[1]", "Src1.Swizzle", "Src1.RepCtrl",
             "Src1.negate", "Src1.abs", "Src1Type"},
            {"Src2.RegNum", "Src2.SubRegNum", "Src2.SubRegNum[1]", "Src2.Swizzle", "Src2.RepCtrl",
             "Src2.negate", "Src2.abs", "Src2Type"},
        };
        for (int i = 0; i < 3; i++) {
            const gt_enc_3src_src *S = &T->src[i];
            const gt_field *f[8] = {&S->reg, &S->subreg, &S->subreg_half, &S->swizzle,
                                    &S->rep, &S->negate, &S->abs, &S->type};
            for (int k = 0; k < 8; k++)
                take(&v, vn, f[k], sn[i][k]);
        }
    });
    if (gt_field_present(&E->src3a1.dst_reg))
        for (int imm = 0; imm < 2; imm++)
            VIEW(imm ? "3-source Align1 immediates" : "3-source Align1", {
                const gt_enc_3src_a1 *T = &E->src3a1;
                take_header(&v, vn, E, 0);
                take(&v, vn, &T->dst_file, "Dst.RegFile");
                take(&v, vn, &T->dst_reg, "Dst.RegNum");
                take(&v, vn, &T->dst_subreg, "Dst.SubRegNum");
                take(&v, vn, &T->dst_hstride, "Dst.HorzStride");
                take(&v, vn, &T->dst_type, "Dst.DataType");
                take(&v, vn, &T->exec_type, "ExecDataType");
                static const char *const sn[3][11] = {
                    {"Src0.RegFile", "Src0.RegNum", "Src0.SubRegNum", "Src0.HorzStride",
                     "Src0.VertStride", "Src0.DataType", "Src0.negate", "Src0.abs", "Src0.IsImm",
                     "Src0.ImmValue"},
                    {"Src1.RegFile", "Src1.RegNum", "Src1.SubRegNum", "Src1.HorzStride",
                     "Src1.VertStride", "Src1.DataType", "Src1.negate", "Src1.abs", "Src1.IsImm",
                     "Src1.ImmValue"},
                    {"Src2.RegFile", "Src2.RegNum", "Src2.SubRegNum", "Src2.HorzStride",
                     "Src2.VertStride", "Src2.DataType", "Src2.negate", "Src2.abs", "Src2.IsImm",
                     "Src2.ImmValue"},
                };
                for (int i = 0; i < 3; i++) {
                    const gt_enc_3a1_src *S = &T->src[i];
                    take(&v, vn, &S->type, sn[i][5]);
                    take(&v, vn, &S->is_imm, sn[i][8]);
                    if (imm && gt_field_present(&S->imm)) {
                        take(&v, vn, &S->imm, sn[i][9]);
                        continue;
                    }
                    const gt_field *f[8] = {&S->file, &S->reg, &S->subreg, &S->hstride,
                                            &S->vstride, NULL, &S->negate, &S->abs};
                    for (int k = 0; k < 8; k++)
                        if (f[k])
                            take(&v, vn, f[k], sn[i][k]);
                }
            });
    if (!E->sends.direct_untyped) /* Gen12: every send is the split form */
    VIEW("send", {
        take_header(&v, vn, E, 1u << GT_H_CONDMOD);
        take(&v, vn, &E->send.sfid, "SFID");
        take(&v, vn, &E->send.eot, "EOT");
        take(&v, vn, &E->send.desc, "Desc");
        take(&v, vn, &E->send.exdesc, "ExDesc");
        take_operand(&v, vn, &E->dst, "Dst", DIRECT, 1);
        take_operand(&v, vn, &E->src0, "Src0", DIRECT, !E->send.src0_payload);
        take(&v, vn, &E->src1.file, "Src1.RegFile");
    });
    if (gt_field_present(&E->sends.desc_reg))
        VIEW("sends", {
            const gt_enc_sends *S = &E->sends;
            /* Gen12 send: EOT and FusionCtrl in Saturate's and AccWrEn's bits */
            take_header(&v, vn, E, 1u << GT_H_CONDMOD |
                                   (S->direct_untyped ? 1u << GT_H_SATURATE | 1u << GT_H_ACCWREN : 0));
            take(&v, vn, &S->src0_file, "Src0.RegFile");
            take(&v, vn, &S->fusion_ctrl, "FusionCtrl");
            take(&v, vn, &E->send.sfid, "SFID");
            take(&v, vn, &E->send.eot, "EOT");
            take(&v, vn, &E->send.desc, "Desc");
            take(&v, vn, &S->exdesc, "ExDesc");
            take(&v, vn, &S->dst_file, "Dst.RegFile");
            take(&v, vn, &S->src1_file, "Src1.RegFile");
            take(&v, vn, &S->src1_reg, "Src1.RegNum");
            take(&v, vn, &S->desc_reg, "DescReg");
            take(&v, vn, &S->exdesc_reg, "ExDescReg");
            take(&v, vn, &E->dst.reg, "Dst.RegNum");
            take(&v, vn, &E->src0.reg, "Src0.RegNum");
            if (!S->direct_untyped) {
                take(&v, vn, &E->dst.type, "Dst.Type");
                take(&v, vn, &E->dst.addr_mode, "Dst.AddrMode");
                take(&v, vn, &E->dst.subreg16, "Dst.SubRegNum[4]");
                take(&v, vn, &E->src0.addr_mode, "Src0.AddrMode");
                take(&v, vn, &E->src0.subreg16, "Src0.SubRegNum[4]");
            }
        });
    VIEW("branch", {
        unsigned except = gt_field_present(&E->branch.branch_ctrl) ? 1u << GT_H_ACCWREN : 0;
        /* Gen12: UIP takes CondCtrl's bits (branches have none) */
        const gt_field *cmf = &E->hdr[GT_H_CONDMOD], *uf = &E->branch.uip;
        if (cmf->p[0].n && uf->p[0].n && cmf->p[0].lo >= uf->p[0].lo &&
            cmf->p[0].lo < uf->p[0].lo + uf->p[0].n)
            except |= 1u << GT_H_CONDMOD;
        take_header(&v, vn, E, except);
        take(&v, vn, &E->branch.branch_ctrl, "BranchCtrl");
        take(&v, vn, &E->branch.jip, "JIP");
        take(&v, vn, &E->branch.uip, "UIP");
        if (gt_field_present(&E->src0.is_imm)) { /* Gen12: IsImm bits, types reserved */
            take(&v, vn, &E->src0.is_imm, "Src0.IsImm");
            take(&v, vn, &E->src1.is_imm, "Src1.IsImm");
        } else {
            take(&v, vn, &E->dst.file, "Dst.RegFile");
            take(&v, vn, &E->dst.type, "Dst.Type");
            take(&v, vn, &E->src0.file, "Src0.RegFile");
            take(&v, vn, &E->src0.type, "Src0.Type");
        }
    });

    /* Compacted forms: native bits written once, compacted bits read once. */
    for (int fi = 0; fi < 2; fi++) {
        const gt_cmpt_form *f = &E->cmpt.form[fi];
        if (!f->present)
            continue;
        for (int alt = 0; alt < (gt_field_present(&f->imm_if[0]) ? 2 : 1); alt++) {
            char nvn[64], cvn[64];
            snprintf(nvn, sizeof nvn, "compacted form %d%s (native bits)", fi, alt ? " immediate" : "");
            snprintf(cvn, sizeof cvn, "compacted form %d%s (compacted bits)", fi, alt ? " immediate" : "");
            view cv;
            memset(&cv, 0, sizeof cv);
            VIEW(nvn, {
                take(&cv, cvn, &E->cmpt.opcode, "opcode");
                take(&cv, cvn, &E->hdr[GT_H_CMPTCTRL], "CmptCtrl");
                take(&cv, cvn, &f->reserved, "reserved");
                for (int i = 0; i < GT_CMPT_MOVES && f->direct[i].n; i++) {
                    const char *mn = move_name("verbatim", i);
                    if (f->direct[i].from != E->cmpt.opcode.p[0].lo)
                        take_bits(&cv, cvn, f->direct[i].from, f->direct[i].n, mn);
                    take_bits(&v, vn, f->direct[i].to, f->direct[i].n, mn);
                }
                const gt_cmpt_index *idx[GT_CMPT_INDICES + 1];
                int nidx = 0;
                for (int i = 0; i < GT_CMPT_INDICES && gt_field_present(&f->index[i].index); i++)
                    idx[nidx++] = &f->index[i];
                if (gt_field_present(&f->imm_if[0]) && !alt)
                    idx[nidx++] = &f->reg;
                for (int i = 0; i < nidx; i++) {
                    static const char *const iname[] = {"index 0", "index 1", "index 2", "index 3", "src1 index"};
                    take(&cv, cvn, &idx[i]->index, iname[i]);
                    uint64_t covered = 0;
                    for (int k = 0; k < GT_CMPT_MOVES && idx[i]->moves[k].n; k++) {
                        const gt_move *mv = &idx[i]->moves[k];
                        covered |= ((1ull << mv->n) - 1) << mv->from;
                        if (!(alt && mv->src1_reg))
                            take_bits(&v, vn, mv->to, mv->n, move_name(iname[i], k));
                    }
                    unsigned entries = 1u << idx[i]->index.p[0].n;
                    for (unsigned e = 0; e < entries; e++)
                        if (idx[i]->table[e] & ~covered)
                            problem(&v, "%s: %s entry %u has bits no move takes", vn, iname[i], e);
                }
                if (gt_field_present(&f->imm_if[0])) {
                    /* chosen by Src0/Src1.IsImm (Gen12) or .RegFile */
                    int isimm = gt_field_present(&E->src0.is_imm);
                    const gt_field *s0 = isimm ? &E->src0.is_imm : &E->src0.file;
                    const gt_field *s1 = isimm ? &E->src1.is_imm : &E->src1.file;
                    if (memcmp(&f->imm_if[0], s0, sizeof f->imm_if[0]) ||
                        memcmp(&f->imm_if[1], s1, sizeof f->imm_if[1]))
                        problem(&v, "%s: the immediate is not chosen by Src0/Src1.%s", vn,
                                isimm ? "IsImm" : "RegFile");
                    if (f->imm_expand && (memcmp(&f->imm_type[0], &E->src0.type, sizeof f->imm_type[0]) ||
                                          memcmp(&f->imm_type[1], &E->src1.type, sizeof f->imm_type[1])))
                        problem(&v, "%s: the immediate's expansion is not chosen by its type", vn);
                    if (alt) {
                        take(&cv, cvn, &f->imm, "immediate");
                        take(&v, vn, &f->imm_to, "immediate");
                    } else {
                        for (int k = 0; k < 2 && f->reg_direct[k].n; k++) {
                            const char *mn = move_name("src1 verbatim", k);
                            take_bits(&cv, cvn, f->reg_direct[k].from, f->reg_direct[k].n, mn);
                            take_bits(&v, vn, f->reg_direct[k].to, f->reg_direct[k].n, mn);
                        }
                    }
                }
                if (cv.problems)
                    problem(&v, "%s", cv.err);
            });
        }
    }

    /* Opcodes: one per operation in a generation (table and alternatives). */
    VIEW("opcodes", {
        int seen[GT_OP_COUNT];
        memset(seen, -1, sizeof seen);
        const gt_enc_opcode *o[128 + 16];
        unsigned code[128 + 16], n = 0;
        for (unsigned hw = 0; hw < 128; hw++)
            if (E->opcodes[hw].form && (E->opcodes[hw].gens & E->gen)) {
                o[n] = &E->opcodes[hw];
                code[n++] = hw;
            }
        for (const gt_enc_opcode_alt *a = E->opcode_alts; a && a->o.form && n < 128 + 16; a++)
            if (a->o.gens & E->gen) {
                if (a->hw >= 128 || (E->opcodes[a->hw].form && (E->opcodes[a->hw].gens & E->gen)))
                    problem(&v, "%s: opcode %u has an alternative and a table entry", vn, a->hw);
                o[n] = &a->o;
                code[n++] = a->hw;
            }
        for (unsigned i = 0; i < n; i++) {
            if (o[i]->op >= GT_OP_COUNT)
                problem(&v, "%s: opcode %u: operation %u out of range", vn, code[i], o[i]->op);
            else if (seen[o[i]->op] >= 0)
                problem(&v, "%s: operation %u at opcodes %d and %u", vn, o[i]->op, seen[o[i]->op], code[i]);
            else
                seen[o[i]->op] = (int)code[i];
        }
    });
#undef VIEW
    return problems;
}

static void test_descriptions_consistent(void **st)
{
    (void)st;
    const gt_eu_encoding *all[] = {&gt_enc_gen7, &gt_enc_gen75, &gt_enc_gen9, &gt_enc_gen12};
    verbose = 1;
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        char err[ERR_LEN] = "";
        int n = lint(all[i], err, sizeof err);
        if (n)
            print_error("%d problem(s); first: %s\n", n, err);
        assert_int_equal(n, 0);
    }
    verbose = 0;
}

/* The checker catches slips: corrupted copies of the Gen9 description. */
static void test_checker_catches_slips(void **st)
{
    (void)st;
    char err[ERR_LEN];
    gt_eu_encoding e = gt_enc_gen9;
    e.dst.type = (gt_field)GT_F(41, 37); /* one bit too wide: Src0.RegFile's bit 41 */
    assert_true(lint(&e, err, sizeof err) > 0);
    assert_non_null(strstr(err, "bit 41 in both Dst.Type and Src0.RegFile"));

    e = gt_enc_gen9;
    e.src3.src[2].swizzle = (gt_field)GT_F(115, 108); /* slid into Src2.SubRegNum */
    assert_true(lint(&e, err, sizeof err) > 0);
    assert_non_null(strstr(err, "Src2.Swizzle"));

    e = gt_enc_gen9;
    e.cmpt.form[0].index[3].moves[0].to = 76; /* src0 index onto Src0.RegNum's bit 76 */
    assert_true(lint(&e, err, sizeof err) > 0);
    assert_non_null(strstr(err, "compacted form 0"));

    e = gt_enc_gen9;
    e.cmpt.form[0].index[1].moves[2] = (gt_move){1, 11, 36, 0}; /* datatype entry bit 0 dropped */
    assert_true(lint(&e, err, sizeof err) > 0);
    assert_non_null(strstr(err, "has bits no move takes"));

    /* Gen12: Src1.RegFile (datatype bit 19 -> native 98) is immediate bits
     * when src1 is an immediate: its move must be a register-src1 one */
    e = gt_enc_gen12;
    e.cmpt.form[0].index[1].moves[0].src1_reg = 0;
    assert_true(lint(&e, err, sizeof err) > 0);
    assert_non_null(strstr(err, "compacted form 0 immediate (native bits): bit 98"));

    e = gt_enc_gen12;
    e.cmpt.form[0].imm_type[1] = (gt_field)GT_F(39, 36); /* Dst.DataType, not Src1's */
    assert_true(lint(&e, err, sizeof err) > 0);
    assert_non_null(strstr(err, "expansion is not chosen by its type"));

    e = gt_enc_gen9;
    e.send.exdesc.p[3].lo = 90; /* ExDesc[31:28] onto Src1.RegFile */
    assert_true(lint(&e, err, sizeof err) > 0);
    assert_non_null(strstr(err, "send"));

    gt_enc_opcode ops[128];
    memcpy(ops, gt_enc_opcodes, sizeof ops);
    ops[11] = ops[1]; /* a second mov */
    e = gt_enc_gen9;
    e.opcodes = ops;
    assert_true(lint(&e, err, sizeof err) > 0);
    assert_non_null(strstr(err, "at opcodes 1 and 11"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_descriptions_consistent),
        cmocka_unit_test(test_checker_catches_slips),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
