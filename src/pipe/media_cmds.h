/*
 * Gen7 media object commands, each described once as a field table (seed
 * 000 §1.8.6 MEDIA_OBJECT, §1.8.7 MEDIA_OBJECT_PRT, §1.8.8
 * MEDIA_OBJECT_WALKER, §1.8.9 GPGPU_OBJECT; MEDIA_VFE_STATE, scoreboard
 * fields included, is described in src/cs/cmds_gen7.c), in the X-macro style of src/cs/cmds.h, and their
 * unpacking into the media unit's generation-independent forms.  Where the
 * seed's text extraction lost a DWord number, the position is the one of
 * Mesa genxml gen7.xml / the media driver's MEDIA_OBJECT_WALKER_CMD_G6
 * (scoreboard mask DW5, walker modes DW6), noted per field.
 */
#ifndef GT_PIPE_MEDIA_CMDS_H
#define GT_PIPE_MEDIA_CMDS_H

#include "cs/fields.h"
#include "pipe/media.h"

#define GT_G7_MEDIA_OBJECT_FIELDS(X) \
    X(MO_IDO, "Interface Descriptor Offset", 1, 5, 0, UINT, NULL) \
    X(MO_CHILDREN, "Children Present", 2, 31, 31, BOOL, NULL) \
    X(MO_SYNC, "Thread Synchronization", 2, 24, 24, BOOL, NULL) \
    X(MO_USE_SB, "Use Scoreboard", 2, 21, 21, BOOL, NULL) \
    X(MO_HALF_SLICE, "Half-Slice Destination Select", 2, 18, 17, UINT, NULL) \
    X(MO_IND_LEN, "Indirect Data Length", 2, 16, 0, UINT, NULL) \
    X(MO_IND_START, "Indirect Data Start Address", 3, 31, 0, ADDR, NULL) \
    X(MO_SB_Y, "Scoreboard Y", 4, 24, 16, UINT, NULL) \
    X(MO_SB_X, "Scoreboard X", 4, 8, 0, UINT, NULL) \
    X(MO_SB_COLOR, "Scoreboard Color", 5, 19, 16, UINT, NULL) \
    X(MO_SB_MASK, "Scoreboard Mask", 5, 7, 0, HEX, NULL)

#define GT_G7_MEDIA_OBJECT_PRT_FIELDS(X) \
    X(MP_IDO, "Interface Descriptor Offset", 1, 5, 0, UINT, NULL) \
    X(MP_CHILDREN, "Children Present", 2, 31, 31, BOOL, NULL) \
    X(MP_FENCE, "PRT_Fence Needed", 2, 23, 23, BOOL, NULL) \
    X(MP_FENCE_TYPE, "PRT_FenceType", 2, 22, 22, UINT, NULL)

#define GT_G7_MEDIA_OBJECT_WALKER_FIELDS(X) \
    X(MW_IDO, "Interface Descriptor Offset", 1, 5, 0, UINT, NULL) \
    X(MW_CHILDREN, "Children Present", 2, 31, 31, BOOL, NULL) \
    X(MW_SYNC, "Thread Synchronization", 2, 24, 24, BOOL, NULL) \
    X(MW_USE_SB, "Use Scoreboard", 2, 21, 21, BOOL, NULL) \
    X(MW_IND_LEN, "Indirect Data Length", 2, 16, 0, UINT, NULL) \
    X(MW_IND_START, "Indirect Data Start Address", 3, 31, 0, ADDR, NULL) \
    X(MW_SB_MASK, "Scoreboard Mask", 5, 7, 0, HEX, NULL) \
    X(MW_DUAL, "Dual Mode", 6, 31, 31, BOOL, NULL) \
    X(MW_REPEL, "Repel", 6, 30, 30, BOOL, NULL) \
    X(MW_COLOR_M1, "Color Count Minus One", 6, 27, 24, UINT, NULL) \
    X(MW_MID_STEPS, "Middle Loop Extra Steps", 6, 20, 16, UINT, NULL) \
    X(MW_MID_Y, "Local Mid-Loop Unit Y", 6, 13, 12, SINT, NULL) \
    X(MW_MID_X, "Mid-Loop Unit X", 6, 9, 8, SINT, NULL) \
    X(MW_GLOBAL_EXEC, "Global Loop Exec Count", 7, 25, 16, UINT, NULL) \
    X(MW_LOCAL_EXEC, "Local Loop Exec Count", 7, 9, 0, UINT, NULL) \
    X(MW_BLOCK_Y, "Block Resolution Y", 8, 24, 16, UINT, NULL) \
    X(MW_BLOCK_X, "Block Resolution X", 8, 8, 0, UINT, NULL) \
    X(MW_LSTART_Y, "Local Start Y", 9, 24, 16, UINT, NULL) \
    X(MW_LSTART_X, "Local Start X", 9, 8, 0, UINT, NULL) \
    X(MW_LEND_Y, "Local End Y", 10, 24, 16, UINT, NULL) \
    X(MW_LEND_X, "Local End X", 10, 8, 0, UINT, NULL) \
    X(MW_LOUTER_Y, "Local Outer Loop Stride Y", 11, 25, 16, SINT, NULL) \
    X(MW_LOUTER_X, "Local Outer Loop Stride X", 11, 9, 0, SINT, NULL) \
    X(MW_LINNER_Y, "Local Inner Loop Unit Y", 12, 25, 16, SINT, NULL) \
    X(MW_LINNER_X, "Local Inner Loop Unit X", 12, 9, 0, SINT, NULL) \
    X(MW_GRES_Y, "Global Resolution Y", 13, 24, 16, UINT, NULL) \
    X(MW_GRES_X, "Global Resolution X", 13, 8, 0, UINT, NULL) \
    X(MW_GSTART_Y, "Global Start Y", 14, 25, 16, SINT, NULL) \
    X(MW_GSTART_X, "Global Start X", 14, 9, 0, SINT, NULL) \
    X(MW_GOUTER_Y, "Global Outer Loop Stride Y", 15, 25, 16, SINT, NULL) \
    X(MW_GOUTER_X, "Global Outer Loop Stride X", 15, 9, 0, SINT, NULL) \
    X(MW_GINNER_Y, "Global Inner Loop Unit Y", 16, 25, 16, SINT, NULL) \
    X(MW_GINNER_X, "Global Inner Loop Unit X", 16, 9, 0, SINT, NULL)

#define GT_G7_GPGPU_OBJECT_FIELDS(X) \
    X(GO_PREDICATE, "Predicate Enable", 0, 8, 8, BOOL, NULL) \
    X(GO_SLM_FIXED, "Shared Local Memory Fixed Offset", 1, 7, 7, BOOL, NULL) \
    X(GO_IDO, "Interface Descriptor Offset", 1, 5, 0, UINT, NULL) \
    X(GO_SLM_OFFSET, "Shared Local Memory Offset", 2, 31, 28, UINT, NULL) \
    X(GO_END_GROUP, "End of Thread Group", 2, 24, 24, BOOL, NULL) \
    X(GO_HALF_SLICE, "Half-Slice Destination Select", 2, 18, 17, UINT, NULL) \
    X(GO_IND_LEN, "Indirect Data Length", 2, 16, 0, UINT, NULL) \
    X(GO_IND_START, "Indirect Data Start Address", 3, 31, 0, ADDR, NULL) \
    X(GO_TG_X, "Thread Group ID X", 4, 31, 0, UINT, NULL) \
    X(GO_TG_Y, "Thread Group ID Y", 5, 31, 0, UINT, NULL) \
    X(GO_TG_Z, "Thread Group ID Z", 6, 31, 0, UINT, NULL) \
    X(GO_EXEC_MASK, "Execution Mask", 7, 31, 0, HEX, NULL)

#define GT_MEDIA_FIELD_INDEX(id, name, dw, hi, lo, kind, names) id,
enum { GT_G7_MEDIA_OBJECT_FIELDS(GT_MEDIA_FIELD_INDEX) GT_NF_G7_MEDIA_OBJECT };
enum { GT_G7_MEDIA_OBJECT_PRT_FIELDS(GT_MEDIA_FIELD_INDEX) GT_NF_G7_MEDIA_OBJECT_PRT };
enum { GT_G7_MEDIA_OBJECT_WALKER_FIELDS(GT_MEDIA_FIELD_INDEX) GT_NF_G7_MEDIA_OBJECT_WALKER };
enum { GT_G7_GPGPU_OBJECT_FIELDS(GT_MEDIA_FIELD_INDEX) GT_NF_G7_GPGPU_OBJECT };

extern const gt_field gt_g7_media_object_fields[GT_NF_G7_MEDIA_OBJECT];
extern const gt_field gt_g7_media_object_prt_fields[GT_NF_G7_MEDIA_OBJECT_PRT];
extern const gt_field gt_g7_media_object_walker_fields[GT_NF_G7_MEDIA_OBJECT_WALKER];
extern const gt_field gt_g7_gpgpu_object_fields[GT_NF_G7_GPGPU_OBJECT];

/* Header DWords (seed 000 §1.6 / §1.8: pipeline 2, opcode 1, sub-opcodes
 * 0 MEDIA_OBJECT, 2 _PRT, 3 _WALKER; GPGPU_OBJECT opcode 1 sub-opcode 4). */
#define GT_G7_MEDIA_OBJECT_HDR 0x71000000u
#define GT_G7_MEDIA_OBJECT_PRT_HDR 0x71020000u
#define GT_G7_MEDIA_OBJECT_WALKER_HDR 0x71030000u
#define GT_G7_GPGPU_OBJECT_HDR 0x71040000u

/* Unpack a whole command (dw[0..n), header included) into the media unit's
 * forms; the inline data points into dw.  Return GTSIM_OK or
 * GTSIM_ERR_INVALID with a reason in why. */
int gt_g7_media_object_unpack(const uint32_t *dw, unsigned n, gt_media_obj *o, char *why, size_t why_len);
int gt_g7_media_object_prt_unpack(const uint32_t *dw, unsigned n, gt_media_obj *o, char *why, size_t why_len);
int gt_g7_media_object_walker_unpack(const uint32_t *dw, unsigned n, gt_media_obj *o, gt_mw_params *p,
                                     char *why, size_t why_len);
/* GPGPU_OBJECT (seed 000 §1.8.9: 8 DWords). */
int gt_g7_gpgpu_object_unpack(const uint32_t *dw, unsigned n, gt_gpgpu_obj *o, char *why, size_t why_len);

/* Scoreboard state of a MEDIA_VFE_STATE command (dw[0..n), header
 * included) in the layout of command set `set` (src/cs/cmds_gen7.c
 * describes the Gen7 command once, scoreboard DWords 5-7 included).
 * Returns GTSIM_OK, or GTSIM_ERR_INVALID when dw is not a MEDIA_VFE_STATE
 * of that set. */
struct gt_cmd_set;
int gt_media_sb_unpack(const struct gt_cmd_set *set, const uint32_t *dw, unsigned n, gt_media_sb *sb);

#endif
