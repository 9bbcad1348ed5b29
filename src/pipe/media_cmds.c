/* Gen7 media object command tables and unpacking (see media_cmds.h). */
#include <stdio.h>
#include <string.h>

#include "cs/cmds.h"
#include "pipe/media_cmds.h"

#define MEDIA_FIELD_ENTRY(id, name, dw, hi, lo, kind, names) {name, dw, hi, lo, GT_F_##kind, names, id},
const gt_field gt_g7_media_object_fields[] = {GT_G7_MEDIA_OBJECT_FIELDS(MEDIA_FIELD_ENTRY)};
const gt_field gt_g7_media_object_prt_fields[] = {GT_G7_MEDIA_OBJECT_PRT_FIELDS(MEDIA_FIELD_ENTRY)};
const gt_field gt_g7_media_object_walker_fields[] = {GT_G7_MEDIA_OBJECT_WALKER_FIELDS(MEDIA_FIELD_ENTRY)};
const gt_field gt_g7_gpgpu_object_fields[] = {GT_G7_GPGPU_OBJECT_FIELDS(MEDIA_FIELD_ENTRY)};

static int bad(char *why, size_t len, const char *msg, unsigned n)
{
    snprintf(why, len, msg, n);
    return GTSIM_ERR_INVALID;
}

int gt_g7_media_object_unpack(const uint32_t *dw, unsigned n, gt_media_obj *o, char *why, size_t why_len)
{
    /* seed 000 §1.8.6: DWord Length = N + 4, inline data from DWord 6 */
    if (n < 6)
        return bad(why, why_len, "MEDIA_OBJECT of %u DWords (at least 6)", n);
    uint64_t f[GT_NF_G7_MEDIA_OBJECT];
    gt_fields_unpack(gt_g7_media_object_fields, GT_NF_G7_MEDIA_OBJECT, dw, n, f);
    memset(o, 0, sizeof(*o));
    o->cmd = "MEDIA_OBJECT";
    o->idd_offset = (uint32_t)f[MO_IDO];
    o->children = (int)f[MO_CHILDREN];
    o->sync = (int)f[MO_SYNC];
    o->use_sb = (int)f[MO_USE_SB];
    o->indirect_len = (uint32_t)f[MO_IND_LEN];
    o->indirect_start = (uint32_t)f[MO_IND_START];
    o->sb_x = (uint32_t)f[MO_SB_X];
    o->sb_y = (uint32_t)f[MO_SB_Y];
    o->sb_color = (uint32_t)f[MO_SB_COLOR];
    o->sb_mask = (uint32_t)f[MO_SB_MASK];
    o->inline_data = (const uint8_t *)(dw + 6);
    o->inline_len = 4u * (n - 6);
    if (o->indirect_len % 32)
        return bad(why, why_len, "MEDIA_OBJECT Indirect Data Length %u is not 32-byte aligned", o->indirect_len);
    return GTSIM_OK;
}

int gt_g7_media_object_prt_unpack(const uint32_t *dw, unsigned n, gt_media_obj *o, char *why, size_t why_len)
{
    /* seed 000 §1.8.7: fixed 16 DWords, inline data DWords 4-15 */
    if (n != 16)
        return bad(why, why_len, "MEDIA_OBJECT_PRT of %u DWords (the command has a fixed size of 16)", n);
    uint64_t f[GT_NF_G7_MEDIA_OBJECT_PRT];
    gt_fields_unpack(gt_g7_media_object_prt_fields, GT_NF_G7_MEDIA_OBJECT_PRT, dw, n, f);
    memset(o, 0, sizeof(*o));
    o->cmd = "MEDIA_OBJECT_PRT";
    o->idd_offset = (uint32_t)f[MP_IDO];
    o->children = (int)f[MP_CHILDREN];
    o->inline_data = (const uint8_t *)(dw + 4);
    o->inline_len = 48;
    return GTSIM_OK;
}

int gt_g7_media_object_walker_unpack(const uint32_t *dw, unsigned n, gt_media_obj *o, gt_mw_params *p,
                                     char *why, size_t why_len)
{
    /* seed 000 §1.8.8: DWord Length 15 = no inline data; > 15: inline
     * data from DWord 17; no indirect data */
    if (n < 17)
        return bad(why, why_len, "MEDIA_OBJECT_WALKER of %u DWords (at least 17)", n);
    uint64_t f[GT_NF_G7_MEDIA_OBJECT_WALKER];
    gt_fields_unpack(gt_g7_media_object_walker_fields, GT_NF_G7_MEDIA_OBJECT_WALKER, dw, n, f);
    if (f[MW_IND_LEN])
        return bad(why, why_len, "MEDIA_OBJECT_WALKER with Indirect Data Length %u (the command does not "
                   "support indirect data)", (unsigned)f[MW_IND_LEN]);
    memset(o, 0, sizeof(*o));
    o->cmd = "MEDIA_OBJECT_WALKER";
    o->idd_offset = (uint32_t)f[MW_IDO];
    o->children = (int)f[MW_CHILDREN];
    o->sync = (int)f[MW_SYNC];
    o->use_sb = (int)f[MW_USE_SB];
    o->sb_mask = (uint32_t)f[MW_SB_MASK];
    o->inline_data = (const uint8_t *)(dw + 17);
    o->inline_len = 4u * (n - 17);
    memset(p, 0, sizeof(*p));
    p->dual = (int)f[MW_DUAL];
    p->repel = (int)f[MW_REPEL];
    p->color_count = (uint32_t)f[MW_COLOR_M1] + 1;
    p->mid_extra_steps = (uint32_t)f[MW_MID_STEPS];
    p->mid_unit = (gt_mw_xy){(int32_t)f[MW_MID_X], (int32_t)f[MW_MID_Y]};
    p->global_exec_count = (uint32_t)f[MW_GLOBAL_EXEC];
    p->local_exec_count = (uint32_t)f[MW_LOCAL_EXEC];
    p->block_res = (gt_mw_xy){(int32_t)f[MW_BLOCK_X], (int32_t)f[MW_BLOCK_Y]};
    p->local_start = (gt_mw_xy){(int32_t)f[MW_LSTART_X], (int32_t)f[MW_LSTART_Y]};
    p->local_end = (gt_mw_xy){(int32_t)f[MW_LEND_X], (int32_t)f[MW_LEND_Y]};
    p->local_outer_stride = (gt_mw_xy){(int32_t)f[MW_LOUTER_X], (int32_t)f[MW_LOUTER_Y]};
    p->local_inner_unit = (gt_mw_xy){(int32_t)f[MW_LINNER_X], (int32_t)f[MW_LINNER_Y]};
    p->global_res = (gt_mw_xy){(int32_t)f[MW_GRES_X], (int32_t)f[MW_GRES_Y]};
    p->global_start = (gt_mw_xy){(int32_t)f[MW_GSTART_X], (int32_t)f[MW_GSTART_Y]};
    p->global_outer_stride = (gt_mw_xy){(int32_t)f[MW_GOUTER_X], (int32_t)f[MW_GOUTER_Y]};
    p->global_inner_unit = (gt_mw_xy){(int32_t)f[MW_GINNER_X], (int32_t)f[MW_GINNER_Y]};
    return GTSIM_OK;
}

int gt_g7_gpgpu_object_unpack(const uint32_t *dw, unsigned n, gt_gpgpu_obj *o, char *why, size_t why_len)
{
    if (n != 8)
        return bad(why, why_len, "GPGPU_OBJECT of %u DWords (the command has 8)", n);
    uint64_t f[GT_NF_G7_GPGPU_OBJECT];
    gt_fields_unpack(gt_g7_gpgpu_object_fields, GT_NF_G7_GPGPU_OBJECT, dw, n, f);
    memset(o, 0, sizeof(*o));
    o->idd_offset = (uint32_t)f[GO_IDO];
    o->end_of_group = (int)f[GO_END_GROUP];
    o->slm_fixed = (int)f[GO_SLM_FIXED];
    o->slm_offset = (uint32_t)f[GO_SLM_OFFSET];
    o->indirect_len = (uint32_t)f[GO_IND_LEN];
    o->indirect_start = (uint32_t)f[GO_IND_START];
    o->tg[0] = (uint32_t)f[GO_TG_X];
    o->tg[1] = (uint32_t)f[GO_TG_Y];
    o->tg[2] = (uint32_t)f[GO_TG_Z];
    o->exec_mask = (uint32_t)f[GO_EXEC_MASK];
    return GTSIM_OK;
}

int gt_media_sb_unpack(const gt_cmd_set *set, const uint32_t *dw, unsigned n, gt_media_sb *sb)
{
    const gt_cmd_desc *d = n ? gt_cmd_lookup(set, dw[0]) : NULL;
    memset(sb, 0, sizeof(*sb));
    if (!d || d->id != GT_CMD_MEDIA_VFE_STATE)
        return GTSIM_ERR_INVALID;
    uint64_t f[GT_NS_MEDIA_VFE_STATE];
    memset(f, 0, sizeof(f));
    gt_fields_unpack(d->fields, d->nfields, dw, n, f);
    sb->enable = (int)f[VFE_SB_ENABLE];
    sb->type = (int)f[VFE_SB_TYPE];
    sb->mask = (uint32_t)f[VFE_SB_MASK];
    for (int i = 0; i < 8; i++) {
        sb->dx[i] = (int8_t)(int64_t)f[VFE_SB0_DX + 2 * i];
        sb->dy[i] = (int8_t)(int64_t)f[VFE_SB0_DY + 2 * i];
    }
    return GTSIM_OK;
}
