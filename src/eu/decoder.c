/*
 * Per-platform instruction encoding and EU behaviour selection: this table
 * maps a platform (by gt_platform.gen) to its encoding description
 * (encoding_gen*.c, read by the one decoder in decode.c), its EU behaviours
 * and its disassembly syntax.
 */
#include <string.h>

#include "eu/encoding.h"
#include "eu/eu.h"
#include "eu/disasm_send.h"

static const gt_eu_behaviour gt_eu_gen9 = {0};

/* Gen7 / Gen7.5, seed 001 §1.3 "Ivy Bridge ... specific to and may not
 * continue to later generations". */
static const gt_eu_behaviour gt_eu_gen7 = {
    .mul_dword_src1_lo16 = 1,
    .sel_max_exec_size = 16,
    .acc_dword_max_exec_size = 8,
    .df_channel_pairs = 1, /* Ivy Bridge / Bay Trail only */
    .df_to_f_rtz = 1,
    .vec_imm_dst_rule = 1,
};

static const gt_eu_behaviour gt_eu_gen75 = {
    .mul_dword_src1_lo16 = 1,
    .sel_max_exec_size = 16,
    .acc_dword_max_exec_size = 8,
    .df_to_f_rtz = 1,
    .vec_imm_dst_rule = 1,
};

/* Gen12LP: the Gen9 behaviours plus the rules of the seed 004 instruction
 * pages (gt_eu_behaviour no_64bit_types ...). */
static const gt_eu_behaviour gt_eu_gen12 = {
    .no_64bit_types = 1, .math_rules = 1, .alu_rules = 1, .send_rules = 1,
    .mach_low_dword = 1, .goto_pred_waits = 1, .swsb_depth = 10,
};

static const gt_iga_syntax gt_iga_gen9 = {.send_sfids = gt_send_sfids_gen9};

static const gt_iga_syntax gt_iga_gen7 = {
    .else_no_uip = 1, .brd_w_suffix = 1, .send_dst_type = 1, .send_no_ctrl = 1,
    .send_sfids = gt_send_sfids_gen75,
};

/* iga64 -p=12p1: SWSB annotations (gt_inst swsb_*), sync. */
static const gt_iga_syntax gt_iga_gen12 = {.send_sfids = gt_send_sfids_gen12, .send_sfid_suffix = 1,
                                           .acc_mme_base = 8, .jump_target_bare = 1};

/* Disassembly syntaxes. */
static const gt_disasm_syntax gt_syn_iga = {"iga", gt_disasm_inst_at, 1};
static const gt_disasm_syntax gt_syn_gen4 = {"gen4", gt_disasm_gen4_inst, 0};
static const gt_disasm_syntax *const gt_syntaxes[] = {&gt_syn_iga, &gt_syn_gen4};

typedef struct {
    int gen; /* gt_platform.gen */
    gt_decode_fn fn;
    const gt_eu_encoding *enc;
    const gt_eu_behaviour *beh;
    const gt_iga_syntax *iga;
    const gt_disasm_syntax *syntax; /* default printing syntax */
} gt_eu_row;

static const gt_eu_row gt_decoders[] = {
    {9, gt_decode_gen9, &gt_enc_gen9, &gt_eu_gen9, &gt_iga_gen9, &gt_syn_iga},
    {7, gt_decode_gen7, &gt_enc_gen7, &gt_eu_gen7, &gt_iga_gen7, &gt_syn_gen4},  /* ivb, vlv: intel-gen4disasm */
    {75, gt_decode_gen75, &gt_enc_gen75, &gt_eu_gen75, &gt_iga_gen7, &gt_syn_iga}, /* hsw: iga64 -p=7p5 */
    {12, gt_decode_gen12, &gt_enc_gen12, &gt_eu_gen12, &gt_iga_gen12, &gt_syn_iga}, /* tgllp: iga64 -p=12p1 */
};

/* The row of a platform, or NULL. */
static const gt_eu_row *row_for(const gt_platform *plat)
{
    for (size_t i = 0; plat && i < sizeof gt_decoders / sizeof gt_decoders[0]; i++)
        if (gt_decoders[i].gen == plat->gen)
            return &gt_decoders[i];
    return NULL;
}

gt_decode_fn gt_decoder_for(const gt_platform *plat)
{
    const gt_eu_row *r = row_for(plat);
    return r ? r->fn : NULL;
}

const gt_eu_encoding *gt_eu_encoding_for(const gt_platform *plat)
{
    const gt_eu_row *r = row_for(plat);
    return r ? r->enc : NULL;
}

const gt_eu_behaviour *gt_eu_behaviour_for(const gt_platform *plat)
{
    const gt_eu_row *r = row_for(plat);
    return r ? r->beh : &gt_eu_gen9;
}

const gt_iga_syntax *gt_iga_syntax_for(const gt_platform *plat)
{
    const gt_eu_row *r = row_for(plat);
    return r ? r->iga : &gt_iga_gen9;
}

const gt_disasm_syntax *gt_disasm_syntax_for(const gt_platform *plat)
{
    const gt_eu_row *r = row_for(plat);
    return r ? r->syntax : &gt_syn_iga;
}

const gt_disasm_syntax *gt_disasm_syntax_find(const char *name)
{
    for (size_t i = 0; name && i < sizeof gt_syntaxes / sizeof gt_syntaxes[0]; i++)
        if (!strcmp(gt_syntaxes[i]->name, name))
            return gt_syntaxes[i];
    return NULL;
}
