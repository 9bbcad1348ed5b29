/*
 * Render command streamer commands of Gen12LP (Tiger Lake, DG1): the
 * command set gt_cmds_gen12 (see cmds.h for how field IDs are shared with
 * the Gen9 layouts, so one handler in cs.c serves every generation).
 *
 * Source: the command pages of seed 004 (IHD-OS-DG1-Vol 2a), whose
 * positions the Gen9 lists of cmds.h already follow where Gen9 and Gen12
 * agree.  Gen12 differs in:
 *  - MI_LOAD_REGISTER_IMM / _MEM / _REG, MI_STORE_REGISTER_MEM: "Add CS
 *    MMIO Start Offset" (bit 19; LRR: 19 destination, 18 source) and "MMIO
 *    Remap Enable" (bit 17; LRR: 17 destination, 16 source);
 *  - MI_SEMAPHORE_WAIT: a fifth DWord (Wait Token Number, DW4 9:5);
 *  - MI_CONDITIONAL_BATCH_BUFFER_END: Compare Operation (DW0 14:12) and End
 *    Current Batch Buffer Level (DW0 18);
 *  - PIPE_CONTROL: HDC Pipeline Flush (DW0 9), PSD Sync (DW1 17), AMFS
 *    Flush (25), Tile Cache Flush (28), Command Cache Invalidate (29), L3
 *    Fabric Flush (30);
 *  - STATE_BASE_ADDRESS: 22 DWords, the bindless sampler state base and
 *    size in DWords 19-21;
 *  - MEDIA_VFE_STATE: no scoreboard; Fused EU Dispatch (DW3 6), Dispatch
 *    Load Balance (DW3 2), Maximum Number of Dual-Subslices (DW4 7:0);
 *  - STATE_COMPUTE_MODE (new; performance and coherency controls, parsed
 *    and logged).
 * INTERFACE_DESCRIPTOR_DATA is a structure of another volume than seed
 * 004's: its Gen12 layout is a public fact (Mesa genxml gen12.xml): the
 * Gen9 one with a 16-bit Binding Table Pointer (DW4 20:5), Thread
 * Preemption Disable (DW2 20) and no Thread Priority.
 */
#include <stdint.h>

#include "cs/cmds_tab.h"
#include "gt3d_gen.h"

/* ---- Gen12 layouts (X(ID, "Name", dword, hi, lo, KIND, names)) ---- */

#define G12_MI_LOAD_REGISTER_IMM_FIELDS(X) \
    X(LRI_BYTE_DISABLE, "Byte Write Disables", 0, 11, 8, HEX, NULL) \
    X(LRI_REMAP, "MMIO Remap Enable", 0, 17, 17, BOOL, NULL) \
    X(LRI_ADD_BASE, "Add CS MMIO Start Offset", 0, 19, 19, BOOL, NULL)

#define G12_MI_STORE_REGISTER_MEM_FIELDS(X) \
    X(SRM_REMAP, "MMIO Remap Enable", 0, 17, 17, BOOL, NULL) \
    X(SRM_ADD_BASE, "Add CS MMIO Start Offset", 0, 19, 19, BOOL, NULL) \
    X(SRM_PREDICATE, "Predicate Enable", 0, 21, 21, BOOL, NULL) \
    X(SRM_GGTT, "Use Global GTT", 0, 22, 22, BOOL, NULL) \
    X(SRM_REG, "Register Address", 1, 22, 2, ADDR, NULL) \
    X(SRM_ADDR, "Memory Address", 2, 63, 2, ADDR, NULL)

#define G12_MI_LOAD_REGISTER_MEM_FIELDS(X) \
    X(LRM_REMAP, "MMIO Remap Enable", 0, 17, 17, BOOL, NULL) \
    X(LRM_ADD_BASE, "Add CS MMIO Start Offset", 0, 19, 19, BOOL, NULL) \
    X(LRM_ASYNC, "Async Mode Enable", 0, 21, 21, BOOL, NULL) \
    X(LRM_GGTT, "Use Global GTT", 0, 22, 22, BOOL, NULL) \
    X(LRM_REG, "Register Address", 1, 22, 2, ADDR, NULL) \
    X(LRM_ADDR, "Memory Address", 2, 63, 2, ADDR, NULL)

#define G12_MI_LOAD_REGISTER_REG_FIELDS(X) \
    X(LRR_REMAP_SRC, "MMIO Remap Enable Source", 0, 16, 16, BOOL, NULL) \
    X(LRR_REMAP_DST, "MMIO Remap Enable Destination", 0, 17, 17, BOOL, NULL) \
    X(LRR_ADD_BASE_SRC, "Add CS MMIO Start Offset Source", 0, 18, 18, BOOL, NULL) \
    X(LRR_ADD_BASE_DST, "Add CS MMIO Start Offset Destination", 0, 19, 19, BOOL, NULL) \
    X(LRR_SRC, "Source Register Address", 1, 22, 2, ADDR, NULL) \
    X(LRR_DST, "Destination Register Address", 2, 22, 2, ADDR, NULL)

#define G12_MI_SEMAPHORE_WAIT_FIELDS(X) \
    GT_MI_SEMAPHORE_WAIT_FIELDS(X) \
    X(SEMW_TOKEN, "Wait Token Number", 4, 9, 5, UINT, NULL)

static const gt_field_value v_cbbe_compare[] = {
    {0, "MAD_GREATER_THAN_IDD"}, {1, "MAD_GREATER_THAN_OR_EQUAL_IDD"}, {2, "MAD_LESS_THAN_IDD"},
    {3, "MAD_LESS_THAN_OR_EQUAL_IDD"}, {4, "MAD_EQUAL_IDD"}, {5, "MAD_NOT_EQUAL_IDD"}, {0, NULL}};

#define G12_MI_CONDITIONAL_BATCH_BUFFER_END_FIELDS(X) \
    X(CBBE_COMPARE, "Compare Operation", 0, 14, 12, ENUM, v_cbbe_compare) \
    X(CBBE_END_LEVEL, "End Current Batch Buffer Level", 0, 18, 18, BOOL, NULL) \
    GT_MI_CONDITIONAL_BATCH_BUFFER_END_FIELDS(X)

#define G12_PIPE_CONTROL_FIELDS(X) \
    X(PC_HDC_FLUSH, "HDC Pipeline Flush", 0, 9, 9, BOOL, NULL) \
    GT_PIPE_CONTROL_FIELDS(X) \
    X(PC_PSD_SYNC, "PSD Sync Enable", 1, 17, 17, BOOL, NULL) \
    X(PC_AMFS_FLUSH, "AMFS Flush Enable", 1, 25, 25, BOOL, NULL) \
    X(PC_TILE_FLUSH, "Tile Cache Flush Enable", 1, 28, 28, BOOL, NULL) \
    X(PC_CMD_CACHE_INV, "Command Cache Invalidate Enable", 1, 29, 29, BOOL, NULL) \
    X(PC_L3_FABRIC_FLUSH, "L3 Fabric Flush", 1, 30, 30, BOOL, NULL)

#define G12_STATE_BASE_ADDRESS_FIELDS(X) \
    GT_STATE_BASE_ADDRESS_FIELDS(X) \
    X(SBA_BSAMP_EN, "Bindless Sampler State Base Address Modify Enable", 19, 0, 0, BOOL, NULL) \
    X(SBA_BSAMP, "Bindless Sampler State Base Address", 19, 63, 12, ADDR, NULL) \
    X(SBA_BSAMP_SIZE, "Bindless Sampler State Buffer Size", 21, 31, 12, HEX, NULL)

#define G12_MEDIA_VFE_STATE_FIELDS(X) \
    X(VFE_SCRATCH_SIZE, "Per Thread Scratch Space", 1, 3, 0, UINT, NULL) \
    X(VFE_STACK_SIZE, "Stack Size", 1, 7, 4, UINT, NULL) \
    X(VFE_SCRATCH_PTR, "Scratch Space Base Pointer", 1, 47, 10, ADDR, NULL) \
    X(VFE_LOAD_BALANCE, "Dispatch Load Balance", 3, 2, 2, UINT, NULL) \
    X(VFE_FUSED_EU, "Fused EU Dispatch", 3, 6, 6, UINT, NULL) \
    X(VFE_URB_ENTRIES, "Number of URB Entries", 3, 15, 8, UINT, NULL) \
    X(VFE_MAX_THREADS, "Maximum Number of Threads", 3, 31, 16, UINT, NULL) \
    X(VFE_MAX_DSS, "Maximum Number of Dual-Subslices", 4, 7, 0, UINT, NULL) \
    X(VFE_CURBE_SIZE, "CURBE Allocation Size", 5, 15, 0, UINT, NULL) \
    X(VFE_URB_ENTRY_SIZE, "URB Entry Allocation Size", 5, 31, 16, UINT, NULL)

static const gt_field_value v_compute_mode_threads[] = {
    {0, "Disabled"}, {1, "Max 2"}, {2, "Max 8"}, {3, "Max 16"}, {4, "Max 20"}, {5, "Max 24"},
    {6, "Max 28"}, {7, "Max 32"}, {0, NULL}};

#define G12_STATE_COMPUTE_MODE_FIELDS(X) \
    X(SCM_FORCE_NON_COHERENT, "Force Non-Coherent", 1, 4, 3, UINT, NULL) \
    X(SCM_ASYNC_THREADS, "Async Compute Thread Limit", 1, 9, 7, ENUM, v_compute_mode_threads) \
    X(SCM_BT_ALIGN, "Binding Table Alignment", 1, 10, 10, UINT, NULL) \
    X(SCM_L1_INV, "Disable L1 Invalidate for non-L1-cacheable Writes", 1, 13, 13, BOOL, NULL) \
    X(SCM_MASK, "Mask", 1, 31, 16, HEX, NULL)
enum { G12_STATE_COMPUTE_MODE_FIELDS(GT_FIELD_INDEX) NF_STATE_COMPUTE_MODE };

#define G12_IDD_FIELDS(X) \
    X(IDD_KSP, "Kernel Start Pointer", 0, 47, 6, ADDR, NULL) \
    X(IDD_SW_EXC, "Software Exception Enable", 2, 7, 7, BOOL, NULL) \
    X(IDD_MASK_STACK_EXC, "Mask Stack Exception Enable", 2, 11, 11, BOOL, NULL) \
    X(IDD_ILLEGAL_EXC, "Illegal Opcode Exception Enable", 2, 13, 13, BOOL, NULL) \
    X(IDD_FP_MODE, "Floating Point Mode", 2, 16, 16, ENUM, gt_v_fp_mode) \
    X(IDD_SPF, "Single Program Flow", 2, 18, 18, BOOL, NULL) \
    X(IDD_DENORM, "Denorm Mode", 2, 19, 19, ENUM, gt_v_denorm) \
    X(IDD_PREEMPT_DISABLE, "Thread Preemption Disable", 2, 20, 20, BOOL, NULL) \
    X(IDD_SAMPLER_COUNT, "Sampler Count", 3, 4, 2, UINT, NULL) \
    X(IDD_SAMPLER_PTR, "Sampler State Pointer", 3, 31, 5, ADDR, NULL) \
    X(IDD_BT_COUNT, "Binding Table Entry Count", 4, 4, 0, UINT, NULL) \
    X(IDD_BT_PTR, "Binding Table Pointer", 4, 20, 5, ADDR, NULL) \
    X(IDD_CURBE_OFFSET, "Constant URB Entry Read Offset", 5, 15, 0, UINT, NULL) \
    X(IDD_CURBE_LEN, "Constant URB Entry Read Length", 5, 31, 16, UINT, NULL) \
    X(IDD_THREADS, "Number of Threads in GPGPU Thread Group", 6, 9, 0, UINT, NULL) \
    X(IDD_GLOBAL_BARRIER, "Global Barrier Enable", 6, 15, 15, BOOL, NULL) \
    X(IDD_SLM_SIZE, "Shared Local Memory Size", 6, 20, 16, ENUM, gt_v_slm_size) \
    X(IDD_BARRIER, "Barrier Enable", 6, 21, 21, BOOL, NULL) \
    X(IDD_ROUNDING, "Rounding Mode", 6, 23, 22, ENUM, gt_v_rounding) \
    X(IDD_CROSS_LEN, "Cross-Thread Constant Data Read Length", 7, 7, 0, UINT, NULL)

/* Gen12's own */
TABLE(G12_MI_LOAD_REGISTER_IMM_FIELDS)
TABLE(G12_MI_STORE_REGISTER_MEM_FIELDS)
TABLE(G12_MI_LOAD_REGISTER_MEM_FIELDS)
TABLE(G12_MI_LOAD_REGISTER_REG_FIELDS)
TABLE(G12_MI_SEMAPHORE_WAIT_FIELDS)
TABLE(G12_MI_CONDITIONAL_BATCH_BUFFER_END_FIELDS)
TABLE(G12_PIPE_CONTROL_FIELDS)
TABLE(G12_STATE_BASE_ADDRESS_FIELDS)
TABLE(G12_MEDIA_VFE_STATE_FIELDS)
TABLE(G12_STATE_COMPUTE_MODE_FIELDS)
TABLE(G12_IDD_FIELDS)

/* Commands with handlers or explicit skip, Gen12 render engine (seed 004
 * opcodes; columns as in cmds.c). */
static const gt_cmd_desc gen12_cmds[] = {
    GT_CMD_ROWS_GEN9_GEN12
    {"MI_SEMAPHORE_WAIT", MI(0x1c), GT_CMD_MI_SEMAPHORE_WAIT, 8, 4, 5, F(G12_MI_SEMAPHORE_WAIT_FIELDS), NOGROUP},
    {"MI_LOAD_REGISTER_IMM", MI(0x22), GT_CMD_MI_LOAD_REGISTER_IMM, 8, 3, 0, F(G12_MI_LOAD_REGISTER_IMM_FIELDS),
     t_GT_MI_LRI_PAIR_FIELDS, N(GT_MI_LRI_PAIR_FIELDS), 1, 2, 0},
    {"MI_STORE_REGISTER_MEM", MI(0x24), GT_CMD_MI_STORE_REGISTER_MEM, 8, 4, 4,
     F(G12_MI_STORE_REGISTER_MEM_FIELDS), NOGROUP},
    {"MI_LOAD_REGISTER_MEM", MI(0x29), GT_CMD_MI_LOAD_REGISTER_MEM, 8, 4, 4, F(G12_MI_LOAD_REGISTER_MEM_FIELDS),
     NOGROUP},
    {"MI_LOAD_REGISTER_REG", MI(0x2a), GT_CMD_MI_LOAD_REGISTER_REG, 8, 3, 3, F(G12_MI_LOAD_REGISTER_REG_FIELDS),
     NOGROUP},
    {"MI_CONDITIONAL_BATCH_BUFFER_END", MI(0x36), GT_CMD_MI_CONDITIONAL_BATCH_BUFFER_END, 8, 4, 4,
     F(G12_MI_CONDITIONAL_BATCH_BUFFER_END_FIELDS), NOGROUP},
    {"PIPE_CONTROL", GFX(3, 2, 0x00), GT_CMD_PIPE_CONTROL, 8, 6, 6, F(G12_PIPE_CONTROL_FIELDS), NOGROUP},
    {"STATE_BASE_ADDRESS", GFX(0, 1, 0x01), GT_CMD_STATE_BASE_ADDRESS, 8, 22, 22,
     F(G12_STATE_BASE_ADDRESS_FIELDS), NOGROUP},
    {"STATE_COMPUTE_MODE", GFX(0, 1, 0x05), GT_CMD_SKIP, 8, 2, 2, F(G12_STATE_COMPUTE_MODE_FIELDS), NOGROUP},
    {"MEDIA_VFE_STATE", GFX(2, 0, 0x00), GT_CMD_MEDIA_VFE_STATE, 16, 9, 9, F(G12_MEDIA_VFE_STATE_FIELDS), NOGROUP},
};


static uint32_t gen12_scratch_bytes(uint32_t field)
{
    return field <= 11 ? 1024u << field : 0; /* seed 004 MEDIA_VFE_STATE: 1 KiB .. 2 MiB */
}

static uint32_t gen12_slm_bytes(uint32_t field)
{
    return field == 0 ? 0 : field <= 7 ? 1024u << (field - 1) : UINT32_MAX; /* 0, 1 KiB .. 64 KiB */
}

/* The 3D pipeline commands are the generated gt3d_gen12_cmds (src/gen/
 * gen12_3d.txt); the other render-engine commands (reported unimplemented by
 * name) are Gen9's list (cmds.c), whose header patterns seed 004 keeps. */
const gt_cmd_set gt_cmds_gen12 = {
    .name = "gen12", .cmds = gen12_cmds, .ncmds = COUNT(gen12_cmds), .names_of = &gt_cmds_gen9,
    .idd = t_G12_IDD_FIELDS, .nidd = N(G12_IDD_FIELDS), .scratch_bytes = gen12_scratch_bytes,
    .slm_bytes = gen12_slm_bytes, .payload_cross_first = 0, .walker_roll_to_start = 1,
    .cmds3d = gt3d_gen12_cmds, .ncmds3d = GT3D_GEN12_NCMDS, .desc3d = gt3d_gen12_by_id,
    .ps_facing_dw = 9, .gt_mode_reg = 0x7008, .hs_instance_shift = 16, .d16_valign = 8,
};
