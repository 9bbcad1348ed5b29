/*
 * Gen9 render command descriptions (tables generated from the field lists
 * of cmds.h), header lookup, lengths and the human-readable decode.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cs/cmds_tab.h"
#include "gt.h"
#include "gt3d_gen.h"

/* ---- enumerated field values ---- */

const gt_field_value gt_v_set_predicate[] = {
    {0, "NOOP Never"}, {1, "NOOP on Result2 clear"}, {2, "NOOP on Result2 set"},
    {3, "NOOP on Result clear"}, {4, "NOOP on Result set"}, {5, "Execute when one slice enabled"},
    {6, "Execute when two slices enabled"}, {7, "Execute when three slices enabled"},
    {15, "NOOP Always"}, {0, NULL}};
const gt_field_value gt_v_pred_compare[] = {
    {0, "TRUE"}, {1, "FALSE"}, {2, "SRCS_EQUAL"}, {3, "DELTAS_EQUAL"}, {0, NULL}};
const gt_field_value gt_v_pred_combine[] = {
    {0, "SET"}, {1, "AND"}, {2, "OR"}, {3, "XOR"}, {0, NULL}};
const gt_field_value gt_v_pred_load[] = {
    {0, "KEEP"}, {2, "LOAD"}, {3, "LOADINV"}, {0, NULL}};
const gt_field_value gt_v_alu_opcode[] = {
    {0x000, "NOOP"}, {0x080, "LOAD"}, {0x480, "LOADINV"}, {0x081, "LOAD0"}, {0x481, "LOAD1"},
    {0x100, "ADD"}, {0x101, "SUB"}, {0x102, "AND"}, {0x103, "OR"}, {0x104, "XOR"},
    {0x180, "STORE"}, {0x580, "STOREINV"}, {0, NULL}};
const gt_field_value gt_v_alu_operand[] = {
    {0x00, "R0"}, {0x01, "R1"}, {0x02, "R2"}, {0x03, "R3"}, {0x04, "R4"}, {0x05, "R5"},
    {0x06, "R6"}, {0x07, "R7"}, {0x08, "R8"}, {0x09, "R9"}, {0x0a, "R10"}, {0x0b, "R11"},
    {0x0c, "R12"}, {0x0d, "R13"}, {0x0e, "R14"}, {0x0f, "R15"}, {0x20, "SRCA"}, {0x21, "SRCB"},
    {0x31, "ACCU"}, {0x32, "ZF"}, {0x33, "CF"}, {0, NULL}};
const gt_field_value gt_v_sem_compare[] = {
    {0, "SAD_GREATER_THAN_SDD"}, {1, "SAD_GREATER_THAN_OR_EQUAL_SDD"}, {2, "SAD_LESS_THAN_SDD"},
    {3, "SAD_LESS_THAN_OR_EQUAL_SDD"}, {4, "SAD_EQUAL_SDD"}, {5, "SAD_NOT_EQUAL_SDD"}, {0, NULL}};
const gt_field_value gt_v_sem_mode[] = {{0, "Signal"}, {1, "Polling"}, {0, NULL}};
const gt_field_value gt_v_flush_dw_postsync[] = {
    {0, "No Write"}, {1, "Write Immediate Data"}, {3, "Write Timestamp"}, {0, NULL}};
const gt_field_value gt_v_atomic_opcode[] = {
    {0x01, "AND"}, {0x02, "OR"}, {0x03, "XOR"}, {0x04, "MOVE"}, {0x05, "INC"}, {0x06, "DEC"},
    {0x07, "ADD"}, {0x08, "SUB"}, {0x09, "RSUB"}, {0x0a, "IMAX"}, {0x0b, "IMIN"}, {0x0c, "UMAX"},
    {0x0d, "UMIN"}, {0x0e, "CMP_WR"}, {0x0f, "PREDEC"}, {0x21, "AND8B"}, {0x22, "OR8B"},
    {0x23, "XOR8B"}, {0x24, "MOVE8B"}, {0x25, "INC8B"}, {0x26, "DEC8B"}, {0x27, "ADD8B"},
    {0x28, "SUB8B"}, {0x29, "RSUB8B"}, {0x2a, "IMAX8B"}, {0x2b, "IMIN8B"}, {0x2c, "UMAX8B"},
    {0x2d, "UMIN8B"}, {0x2e, "CMP_WR8B"}, {0x2f, "PREDEC8B"}, {0x4e, "CMP_WR16B"}, {0, NULL}};
const gt_field_value gt_v_atomic_size[] = {
    {0, "DWORD"}, {1, "QWORD"}, {2, "OCTWORD"}, {0, NULL}};
const gt_field_value gt_v_asi[] = {{0, "GGTT"}, {1, "PPGTT"}, {0, NULL}};
const gt_field_value gt_v_pc_postsync[] = {
    {0, "No Write"}, {1, "Write Immediate Data"}, {2, "Write PS Depth Count"},
    {3, "Write Timestamp"}, {0, NULL}};
const gt_field_value gt_v_pipeline[] = {
    {0, "3D"}, {1, "Media"}, {2, "GPGPU"}, {0, NULL}};
const gt_field_value gt_v_simd[] = {{0, "SIMD8"}, {1, "SIMD16"}, {2, "SIMD32"}, {0, NULL}};
const gt_field_value gt_v_fp_mode[] = {{0, "IEEE-754"}, {1, "Alternate"}, {0, NULL}};
const gt_field_value gt_v_denorm[] = {{0, "Ftz"}, {1, "SetByKernel"}, {0, NULL}};
const gt_field_value gt_v_slm_size[] = {
    {0, "0K"}, {1, "1K"}, {2, "2K"}, {3, "4K"}, {4, "8K"}, {5, "16K"}, {6, "32K"}, {7, "64K"},
    {0, NULL}};
const gt_field_value gt_v_rounding[] = {
    {0, "RTNE"}, {1, "RU"}, {2, "RD"}, {3, "RTZ"}, {0, NULL}};

/* ---- field tables ---- */

SHARED_TABLE(GT_MI_NOOP_FIELDS)
SHARED_TABLE(GT_MI_SET_PREDICATE_FIELDS)
SHARED_TABLE(GT_MI_ARB_ON_OFF_FIELDS)
SHARED_TABLE(GT_MI_PREDICATE_FIELDS)
SHARED_TABLE(GT_MI_MATH_FIELDS)
SHARED_TABLE(GT_MI_MATH_ALU_FIELDS)
TABLE(GT_MI_SEMAPHORE_WAIT_FIELDS)
SHARED_TABLE(GT_MI_STORE_DATA_IMM_FIELDS)
SHARED_TABLE(GT_MI_STORE_DATA_INDEX_FIELDS)
SHARED_TABLE(GT_MI_LOAD_REGISTER_IMM_FIELDS)
SHARED_TABLE(GT_MI_LRI_PAIR_FIELDS)
TABLE(GT_MI_STORE_REGISTER_MEM_FIELDS)
TABLE(GT_MI_LOAD_REGISTER_MEM_FIELDS)
SHARED_TABLE(GT_MI_LOAD_REGISTER_REG_FIELDS)
SHARED_TABLE(GT_MI_FLUSH_DW_FIELDS)
SHARED_TABLE(GT_MI_REPORT_PERF_COUNT_FIELDS)
SHARED_TABLE(GT_MI_COPY_MEM_MEM_FIELDS)
SHARED_TABLE(GT_MI_ATOMIC_FIELDS)
SHARED_TABLE(GT_MI_BATCH_BUFFER_START_FIELDS)
TABLE(GT_MI_CONDITIONAL_BATCH_BUFFER_END_FIELDS)
TABLE(GT_PIPE_CONTROL_FIELDS)
SHARED_TABLE(GT_PIPELINE_SELECT_FIELDS)
TABLE(GT_STATE_BASE_ADDRESS_FIELDS)
SHARED_TABLE(GT_STATE_SIP_FIELDS)
TABLE(GT_MEDIA_VFE_STATE_FIELDS)
SHARED_TABLE(GT_MEDIA_CURBE_LOAD_FIELDS)
SHARED_TABLE(GT_MEDIA_INTERFACE_DESCRIPTOR_LOAD_FIELDS)
SHARED_TABLE(GT_MEDIA_STATE_FLUSH_FIELDS)
SHARED_TABLE(GT_GPGPU_WALKER_FIELDS)

const gt_field gt_idd_fields[GT_NF_IDD] = {GT_IDD_FIELDS(ROW)};

/* Commands with handlers or explicit skip, Gen9 render engine.
 * Columns: name, header pattern, id, length-field bits, min len, max len,
 * fields, repeated group. */
static const gt_cmd_desc gt_cmds[] = {
    GT_CMD_ROWS_GEN9_GEN12
    {"MI_SEMAPHORE_WAIT", MI(0x1c), GT_CMD_MI_SEMAPHORE_WAIT, 8, 4, 4, F(GT_MI_SEMAPHORE_WAIT_FIELDS), NOGROUP},
    {"MI_LOAD_REGISTER_IMM", MI(0x22), GT_CMD_MI_LOAD_REGISTER_IMM, 8, 3, 0, F(GT_MI_LOAD_REGISTER_IMM_FIELDS),
     t_GT_MI_LRI_PAIR_FIELDS, N(GT_MI_LRI_PAIR_FIELDS), 1, 2, 0},
    {"MI_STORE_REGISTER_MEM", MI(0x24), GT_CMD_MI_STORE_REGISTER_MEM, 8, 4, 4, F(GT_MI_STORE_REGISTER_MEM_FIELDS), NOGROUP},
    {"MI_LOAD_REGISTER_MEM", MI(0x29), GT_CMD_MI_LOAD_REGISTER_MEM, 8, 4, 4, F(GT_MI_LOAD_REGISTER_MEM_FIELDS), NOGROUP},
    {"MI_LOAD_REGISTER_REG", MI(0x2a), GT_CMD_MI_LOAD_REGISTER_REG, 8, 3, 3, F(GT_MI_LOAD_REGISTER_REG_FIELDS), NOGROUP},
    {"MI_CONDITIONAL_BATCH_BUFFER_END", MI(0x36), GT_CMD_MI_CONDITIONAL_BATCH_BUFFER_END, 8, 4, 4,
     F(GT_MI_CONDITIONAL_BATCH_BUFFER_END_FIELDS), NOGROUP},
    {"PIPE_CONTROL", GFX(3, 2, 0x00), GT_CMD_PIPE_CONTROL, 8, 6, 6, F(GT_PIPE_CONTROL_FIELDS), NOGROUP},
    {"STATE_BASE_ADDRESS", GFX(0, 1, 0x01), GT_CMD_STATE_BASE_ADDRESS, 8, 19, 19, F(GT_STATE_BASE_ADDRESS_FIELDS), NOGROUP},
    {"MEDIA_VFE_STATE", GFX(2, 0, 0x00), GT_CMD_MEDIA_VFE_STATE, 16, 9, 9, F(GT_MEDIA_VFE_STATE_FIELDS), NOGROUP},
};

/* Other render-engine commands of Gen9 (names and header patterns, facts
 * from Mesa genxml gen9.xml): real commands gtsim does not model; they are
 * reported as unimplemented by name.  The 3D pipeline's commands are the
 * generated gt3d_gen9_cmds (src/gen/gen9_3d.txt).  Lengths follow the generic
 * rules (gt_cmd_generic_length; len_bits 0 here means "generic"). */
static const gt_cmd_desc gt_cmd_names[] = {
    {"MI_WAIT_FOR_EVENT", 0xff800000, 0x01800000, GT_CMD_UNIMPL, 0, 1, 0, NOFIELDS, NOGROUP},
    {"MI_RS_CONTROL", 0xff800000, 0x03000000, GT_CMD_UNIMPL, 0, 1, 0, NOFIELDS, NOGROUP},
    {"MI_URB_ATOMIC_ALLOC", 0xff800000, 0x04800000, GT_CMD_UNIMPL, 0, 1, 0, NOFIELDS, NOGROUP},
    {"MI_RS_CONTEXT", 0xff800000, 0x07800000, GT_CMD_UNIMPL, 0, 1, 0, NOFIELDS, NOGROUP},
    {"MI_LOAD_SCAN_LINES_INCL", 0xff800000, 0x09000000, GT_CMD_UNIMPL, 0, 1, 0, NOFIELDS, NOGROUP},
    {"MI_LOAD_SCAN_LINES_EXCL", 0xff800000, 0x09800000, GT_CMD_UNIMPL, 0, 1, 0, NOFIELDS, NOGROUP},
    {"MI_DISPLAY_FLIP", 0xff800000, 0x0a000000, GT_CMD_UNIMPL, 0, 1, 0, NOFIELDS, NOGROUP},
    {"MI_SET_CONTEXT", 0xff800000, 0x0c000000, GT_CMD_UNIMPL, 0, 1, 0, NOFIELDS, NOGROUP},
    {"MI_SEMAPHORE_SIGNAL", 0xff800000, 0x0d800000, GT_CMD_UNIMPL, 0, 1, 0, NOFIELDS, NOGROUP},
    {"MI_RS_STORE_DATA_IMM", 0xff800000, 0x15800000, GT_CMD_UNIMPL, 0, 1, 0, NOFIELDS, NOGROUP},
    {"MI_LOAD_URB_MEM", 0xff800000, 0x16000000, GT_CMD_UNIMPL, 0, 1, 0, NOFIELDS, NOGROUP},
    {"MI_STORE_URB_MEM", 0xff800000, 0x16800000, GT_CMD_UNIMPL, 0, 1, 0, NOFIELDS, NOGROUP},
    {"MEDIA_OBJECT", 0xffff0000, 0x71000000, GT_CMD_UNIMPL, 0, 1, 0, NOFIELDS, NOGROUP},
    {"MEDIA_OBJECT_GRPID", 0xffff0000, 0x71040000, GT_CMD_UNIMPL, 0, 1, 0, NOFIELDS, NOGROUP},
    {"MEDIA_OBJECT_PRT", 0xffff0000, 0x71020000, GT_CMD_UNIMPL, 0, 1, 0, NOFIELDS, NOGROUP},
    {"MEDIA_OBJECT_WALKER", 0xffff0000, 0x71030000, GT_CMD_UNIMPL, 0, 1, 0, NOFIELDS, NOGROUP},
};


static uint32_t gen9_scratch_bytes(uint32_t field)
{
    return field <= 11 ? 1024u << field : 0; /* 1 KiB .. 2 MiB, powers of two */
}

static uint32_t gen9_slm_bytes(uint32_t field)
{
    return field == 0 ? 0 : field <= 7 ? 1024u << (field - 1) : UINT32_MAX;
}

const gt_cmd_set gt_cmds_gen9 = {
    .name = "gen9", .cmds = gt_cmds, .ncmds = COUNT(gt_cmds), .names = gt_cmd_names,
    .nnames = COUNT(gt_cmd_names), .idd = gt_idd_fields, .nidd = GT_NF_IDD,
    .scratch_bytes = gen9_scratch_bytes, .slm_bytes = gen9_slm_bytes, .payload_cross_first = 0,
    .walker_roll_to_start = 1, .cmds3d = gt3d_gen9_cmds, .ncmds3d = GT3D_GEN9_NCMDS,
    .desc3d = gt3d_gen9_by_id, .hs_instance_shift = 17,
};

static int name_listed(const char *name, const char *const *list, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(name, list[i]))
            return 1;
    return 0;
}

gt_cmd_set *gt_engine_cmds_create(const gt_cmd_set *own, const gt_cmd_set *render, const char *const *mi,
                                  size_t nmi)
{
    size_t n = own->ncmds;
    for (int pass = 0; pass < 2; pass++) {
        const gt_cmd_desc *t = pass ? render->names : render->cmds;
        size_t nt = pass ? render->nnames : render->ncmds;
        for (size_t i = 0; i < nt; i++)
            n += name_listed(t[i].name, mi, nmi);
    }
    gt_cmd_set *s = calloc(1, sizeof(*s));
    gt_cmd_desc *c = calloc(n ? n : 1, sizeof(*c));
    if (!s || !c) {
        free(s);
        free(c);
        return NULL;
    }
    *s = *own;
    size_t k = 0;
    for (int pass = 0; pass < 2; pass++) {
        const gt_cmd_desc *t = pass ? render->names : render->cmds;
        size_t nt = pass ? render->nnames : render->ncmds;
        for (size_t i = 0; i < nt; i++)
            if (name_listed(t[i].name, mi, nmi))
                c[k++] = t[i];
    }
    if (own->ncmds)
        memcpy(c + k, own->cmds, own->ncmds * sizeof(*c));
    s->cmds = c;
    s->ncmds = (unsigned)n;
    s->names = NULL;
    s->nnames = 0;
    s->names_of = NULL;
    return s;
}

void gt_engine_cmds_destroy(gt_cmd_set *s)
{
    if (s)
        free((void *)s->cmds);
    free(s);
}

const gt_cmd_desc *gt_cmd_lookup(const gt_cmd_set *s, uint32_t header)
{
    if (!s)
        s = &gt_cmds_gen9;
    for (size_t i = 0; i < s->ncmds; i++)
        if ((header & s->cmds[i].mask) == s->cmds[i].match)
            return &s->cmds[i];
    if (s->cmds3d && (header >> 29) == 3)
        for (size_t i = 0; i < s->ncmds3d; i++)
            if ((header & s->cmds3d[i].mask) == s->cmds3d[i].match)
                return &s->cmds3d[i];
    for (; s; s = s->names_of)
        for (size_t i = 0; i < s->nnames; i++)
            if ((header & s->names[i].mask) == s->names[i].match)
                return &s->names[i];
    return NULL;
}

const gt_field *gt_cmd_field(const gt_cmd_desc *d, unsigned id)
{
    for (unsigned i = 0; i < d->nfields; i++)
        if (d->fields[i].id == id)
            return &d->fields[i];
    return NULL;
}

unsigned gt_cmd_generic_length(uint32_t header)
{
    switch (header >> 29) {
    case 0: /* MI */
        return gt_bits(header, 28, 23) < 0x10 ? 1 : gt_bits(header, 7, 0) + 2;
    case 3: /* GFXPIPE */
        switch (gt_bits(header, 28, 27)) {
        case 1:
            return 1; /* single-DWord commands (PIPELINE_SELECT, 3DSTATE_VF_STATISTICS) */
        case 2:
            return gt_bits(header, 15, 0) + 2; /* media */
        default:
            return gt_bits(header, 7, 0) + 2;
        }
    default:
        return gt_bits(header, 7, 0) + 2;
    }
}

unsigned gt_cmd_length(const gt_cmd_desc *d, uint32_t header)
{
    if (d->fields == NULL && d->len_bits == 0 && d->max_len == 0)
        return gt_cmd_generic_length(header);
    if (d->len_bits == 0)
        return 1;
    return gt_bits(header, d->len_bits - 1, 0) + 2;
}

size_t gt_cmd_format(const gt_cmd_desc *d, const uint32_t *dw, unsigned n, char *buf, size_t len)
{
    if (!len)
        return 0;
    int k = snprintf(buf, len, "%s", d->name);
    size_t pos = k < 0 ? 0 : ((size_t)k < len ? (size_t)k : len - 1);
    pos = gt_fields_format(d->fields, d->nfields, dw, n, buf, len, pos);
    if (d->group && d->group_size) {
        for (unsigned g = d->group_dw; g + d->group_size <= n; g += d->group_size) {
            if (pos + 3 < len) {
                buf[pos++] = ' ';
                buf[pos++] = '[';
                buf[pos] = 0;
            }
            /* the group's fields are relative to its first DWord */
            size_t before = pos;
            pos = gt_fields_format(d->group, d->ngroup, dw + g, n - g, buf, len, pos);
            if (pos > before && buf[before] == ' ') { /* drop the leading blank */
                memmove(buf + before, buf + before + 1, pos - before);
                pos--;
            }
            if (pos + 2 < len) {
                buf[pos++] = ']';
                buf[pos] = 0;
            }
        }
    }
    return pos;
}
