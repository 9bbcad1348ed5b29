/*
 * Render command streamer commands of Gen7 (Ivy Bridge, Bay Trail /
 * ValleyView) and Gen7.5 (Haswell): the per-generation command sets
 * gt_cmds_gen7 and gt_cmds_gen75 (see cmds.h for how field IDs are shared
 * with the Gen9 layouts, so one handler in cs.c serves every generation).
 *
 * Sources: the MI command list and header formats of seed 002 (Gen7 command
 * streamer, VLV); MEDIA_VFE_STATE, MEDIA_CURBE_LOAD,
 * MEDIA_INTERFACE_DESCRIPTOR_LOAD, INTERFACE_DESCRIPTOR_DATA,
 * MEDIA_STATE_FLUSH and GPGPU_WALKER from seed 000 §1.8 (IVB).  Seed 002 has
 * no per-command DWord tables: the MI, PIPE_CONTROL, STATE_BASE_ADDRESS
 * and STATE_SIP positions are public facts (Mesa genxml gen7.xml /
 * gen75.xml, Linux i915), written here from those facts.
 *
 * Gen7 commands carry 32-bit graphics addresses (one DWord) where Gen9 has
 * 48-bit ones (two DWords), so most MI commands are one DWord shorter.
 * Gen7.5 adds MI_LOAD_REGISTER_REG, MI_MATH, second-level batch buffers,
 * predicated MI_BATCH_BUFFER_START / MI_STORE_REGISTER_MEM and the
 * cross-thread constant data of the interface descriptor.
 */
#include <stdint.h>

#include "cs/cmds_tab.h"
#include "pipe/media_cmds.h"

/* MI_SEMAPHORE_MBOX register select: the render engine's mailboxes
 * (RVSYNC 0x2040, RBSYNC 0x2044, RVESYNC 0x2048; seed 002 Mode Registers). */
static const gt_field_value gt_v_semm_reg[] = {
    {0, "RVSYNC"}, {1, "RBSYNC"}, {2, "RVESYNC"}, {0, NULL}};
/* Gen7 Shared Local Memory Size: 4 KiB units, powers of two (public fact,
 * Mesa brw encode_slm_size). */
static const gt_field_value gt_v_slm_size_gen7[] = {
    {0, "0K"}, {1, "4K"}, {2, "8K"}, {4, "16K"}, {8, "32K"}, {16, "64K"}, {0, NULL}};

/* ---- layouts (X(ID, "Name", dword, hi, lo, KIND, names)) ---- */

#define G7_MI_BATCH_BUFFER_START_FIELDS(X) \
    X(BBS_PPGTT, "Address Space Indicator", 0, 8, 8, ENUM, gt_v_asi) \
    X(BBS_CLEAR, "Clear Command Buffer Enable", 0, 11, 11, BOOL, NULL) \
    X(BBS_ADDR, "Batch Buffer Start Address", 1, 31, 2, ADDR, NULL)
#define G75_MI_BATCH_BUFFER_START_FIELDS(X) \
    X(BBS_PPGTT, "Address Space Indicator", 0, 8, 8, ENUM, gt_v_asi) \
    X(BBS_RS, "Resource Streamer Enable", 0, 10, 10, BOOL, NULL) \
    X(BBS_CLEAR, "Clear Command Buffer Enable", 0, 11, 11, BOOL, NULL) \
    X(BBS_NONPRIV, "Non-Privileged", 0, 13, 13, BOOL, NULL) \
    X(BBS_PREDICATE, "Predication Enable", 0, 15, 15, BOOL, NULL) \
    X(BBS_ADD_OFFSET, "Add Offset Enable", 0, 16, 16, BOOL, NULL) \
    X(BBS_SECOND, "Second Level Batch Buffer", 0, 22, 22, BOOL, NULL) \
    X(BBS_ADDR, "Batch Buffer Start Address", 1, 31, 2, ADDR, NULL)

#define G7_MI_STORE_DATA_IMM_FIELDS(X) \
    X(SDI_GGTT, "Use Global GTT", 0, 22, 22, BOOL, NULL) \
    X(SDI_ADDR, "Address", 2, 31, 2, ADDR, NULL) \
    X(SDI_DATA, "Immediate Data", 3, 63, 0, HEX, NULL)

#define G7_MI_STORE_DATA_INDEX_FIELDS(X) \
    X(SDX_OFFSET, "Offset", 1, 11, 2, ADDR, NULL) \
    X(SDX_DATA0, "Data DWord 0", 2, 31, 0, HEX, NULL) \
    X(SDX_DATA1, "Data DWord 1", 3, 31, 0, HEX, NULL)

#define G7_MI_STORE_REGISTER_MEM_FIELDS(X) \
    X(SRM_GGTT, "Use Global GTT", 0, 22, 22, BOOL, NULL) \
    X(SRM_REG, "Register Address", 1, 22, 2, ADDR, NULL) \
    X(SRM_ADDR, "Memory Address", 2, 31, 2, ADDR, NULL)
#define G75_MI_STORE_REGISTER_MEM_FIELDS(X) \
    X(SRM_PREDICATE, "Predicate Enable", 0, 21, 21, BOOL, NULL) \
    G7_MI_STORE_REGISTER_MEM_FIELDS(X)

#define G7_MI_LOAD_REGISTER_MEM_FIELDS(X) \
    X(LRM_ASYNC, "Async Mode Enable", 0, 21, 21, BOOL, NULL) \
    X(LRM_GGTT, "Use Global GTT", 0, 22, 22, BOOL, NULL) \
    X(LRM_REG, "Register Address", 1, 22, 2, ADDR, NULL) \
    X(LRM_ADDR, "Memory Address", 2, 31, 2, ADDR, NULL)

#define G7_MI_FLUSH_DW_FIELDS(X) \
    X(FDW_POSTSYNC, "Post-Sync Operation", 0, 15, 14, ENUM, gt_v_flush_dw_postsync) \
    X(FDW_TLB_INV, "TLB Invalidate", 0, 18, 18, BOOL, NULL) \
    X(FDW_STORE_INDEX, "Store Data Index", 0, 21, 21, BOOL, NULL) \
    X(FDW_GGTT, "Destination Address Type GGTT", 1, 2, 2, BOOL, NULL) \
    X(FDW_ADDR, "Address", 1, 31, 3, ADDR, NULL) \
    X(FDW_DATA, "Immediate Data", 2, 63, 0, HEX, NULL)

#define G7_MI_REPORT_PERF_COUNT_FIELDS(X) \
    X(RPC_GGTT, "Use Global GTT", 1, 0, 0, BOOL, NULL) \
    X(RPC_ADDR, "Memory Address", 1, 31, 6, ADDR, NULL) \
    X(RPC_ID, "Report ID", 2, 31, 0, HEX, NULL)

#define G7_MI_CONDITIONAL_BATCH_BUFFER_END_FIELDS(X) \
    X(CBBE_SEMAPHORE, "Compare Semaphore", 0, 21, 21, BOOL, NULL) \
    X(CBBE_GGTT, "Use Global GTT", 0, 22, 22, BOOL, NULL) \
    X(CBBE_DATA, "Compare Data Dword", 1, 31, 0, HEX, NULL) \
    X(CBBE_ADDR, "Compare Address", 2, 31, 3, ADDR, NULL)

/* PIPE_CONTROL, Gen7: 5 DWords, 32-bit address in DWord 2, the QWord of
 * immediate data in DWords 3-4. */
#define G7_PIPE_CONTROL_FIELDS(X) \
    GT_PC_DW1_CACHE_FIELDS(X) \
    GT_PC_DW1_SYNC_FIELDS(X) \
    X(PC_ADDR, "Address", 2, 31, 2, ADDR, NULL) \
    X(PC_DATA, "Immediate Data", 3, 63, 0, HEX, NULL)

/* PIPELINE_SELECT, Gen7: no mask bits (Gen9 added them). */
#define G7_PIPELINE_SELECT_FIELDS(X) \
    X(PS_SELECT, "Pipeline Selection", 0, 1, 0, ENUM, gt_v_pipeline)

/* STATE_BASE_ADDRESS, Gen7: 10 DWords, 32-bit bases, access upper bounds
 * (absolute graphics addresses) instead of Gen8+ buffer sizes. */
#define G7_STATE_BASE_ADDRESS_FIELDS(X) \
    X(SBA_GS_EN, "General State Base Address Modify Enable", 1, 0, 0, BOOL, NULL) \
    X(SBA_STATELESS_MOCS, "Stateless Data Port Access MOCS", 1, 7, 4, HEX, NULL) \
    X(SBA_GS, "General State Base Address", 1, 31, 12, ADDR, NULL) \
    X(SBA_SS_EN, "Surface State Base Address Modify Enable", 2, 0, 0, BOOL, NULL) \
    X(SBA_SS, "Surface State Base Address", 2, 31, 12, ADDR, NULL) \
    X(SBA_DS_EN, "Dynamic State Base Address Modify Enable", 3, 0, 0, BOOL, NULL) \
    X(SBA_DS, "Dynamic State Base Address", 3, 31, 12, ADDR, NULL) \
    X(SBA_IO_EN, "Indirect Object Base Address Modify Enable", 4, 0, 0, BOOL, NULL) \
    X(SBA_IO, "Indirect Object Base Address", 4, 31, 12, ADDR, NULL) \
    X(SBA_IB_EN, "Instruction Base Address Modify Enable", 5, 0, 0, BOOL, NULL) \
    X(SBA_IB, "Instruction Base Address", 5, 31, 12, ADDR, NULL) \
    X(SBA_GS_UB_EN, "General State Access Upper Bound Modify Enable", 6, 0, 0, BOOL, NULL) \
    X(SBA_GS_UB, "General State Access Upper Bound", 6, 31, 12, ADDR, NULL) \
    X(SBA_DS_UB_EN, "Dynamic State Access Upper Bound Modify Enable", 7, 0, 0, BOOL, NULL) \
    X(SBA_DS_UB, "Dynamic State Access Upper Bound", 7, 31, 12, ADDR, NULL) \
    X(SBA_IO_UB_EN, "Indirect Object Access Upper Bound Modify Enable", 8, 0, 0, BOOL, NULL) \
    X(SBA_IO_UB, "Indirect Object Access Upper Bound", 8, 31, 12, ADDR, NULL) \
    X(SBA_IB_UB_EN, "Instruction Access Upper Bound Modify Enable", 9, 0, 0, BOOL, NULL) \
    X(SBA_IB_UB, "Instruction Access Upper Bound", 9, 31, 12, ADDR, NULL)

#define G7_STATE_SIP_FIELDS(X) \
    X(SIP_ADDR, "System Instruction Pointer", 1, 31, 4, ADDR, NULL)

/* MEDIA_VFE_STATE, seed 000 §1.8.1: 8 DWords. */
#define G7_MEDIA_VFE_STATE_FIELDS(X) \
    X(VFE_SCRATCH_SIZE, "Per Thread Scratch Space", 1, 3, 0, UINT, NULL) \
    X(VFE_SCRATCH_PTR, "Scratch Space Base Pointer", 1, 31, 10, ADDR, NULL) \
    X(VFE_GPGPU_MODE, "GPGPU Mode", 2, 2, 2, BOOL, NULL) \
    X(VFE_GW_MMIO, "Gateway MMIO Access Control", 2, 4, 3, UINT, NULL) \
    X(VFE_BYPASS_GW, "Bypass Gateway Control", 2, 6, 6, BOOL, NULL) \
    X(VFE_RESET_TIMER, "Reset Gateway Timer", 2, 7, 7, BOOL, NULL) \
    X(VFE_URB_ENTRIES, "Number of URB Entries", 2, 15, 8, UINT, NULL) \
    X(VFE_MAX_THREADS, "Maximum Number of Threads", 2, 31, 16, UINT, NULL) \
    X(VFE_CURBE_SIZE, "CURBE Allocation Size", 4, 15, 0, UINT, NULL) \
    X(VFE_URB_ENTRY_SIZE, "URB Entry Allocation Size", 4, 31, 16, UINT, NULL) \
    X(VFE_SB_MASK, "Scoreboard Mask", 5, 7, 0, HEX, NULL) \
    X(VFE_SB_TYPE, "Scoreboard Type", 5, 30, 30, UINT, NULL) \
    X(VFE_SB_ENABLE, "Scoreboard Enable", 5, 31, 31, BOOL, NULL) \
    X(VFE_SB0_DX, "Scoreboard 0 Delta X", 6, 3, 0, SINT, NULL) \
    X(VFE_SB0_DY, "Scoreboard 0 Delta Y", 6, 7, 4, SINT, NULL) \
    X(VFE_SB1_DX, "Scoreboard 1 Delta X", 6, 11, 8, SINT, NULL) \
    X(VFE_SB1_DY, "Scoreboard 1 Delta Y", 6, 15, 12, SINT, NULL) \
    X(VFE_SB2_DX, "Scoreboard 2 Delta X", 6, 19, 16, SINT, NULL) \
    X(VFE_SB2_DY, "Scoreboard 2 Delta Y", 6, 23, 20, SINT, NULL) \
    X(VFE_SB3_DX, "Scoreboard 3 Delta X", 6, 27, 24, SINT, NULL) \
    X(VFE_SB3_DY, "Scoreboard 3 Delta Y", 6, 31, 28, SINT, NULL) \
    X(VFE_SB4_DX, "Scoreboard 4 Delta X", 7, 3, 0, SINT, NULL) \
    X(VFE_SB4_DY, "Scoreboard 4 Delta Y", 7, 7, 4, SINT, NULL) \
    X(VFE_SB5_DX, "Scoreboard 5 Delta X", 7, 11, 8, SINT, NULL) \
    X(VFE_SB5_DY, "Scoreboard 5 Delta Y", 7, 15, 12, SINT, NULL) \
    X(VFE_SB6_DX, "Scoreboard 6 Delta X", 7, 19, 16, SINT, NULL) \
    X(VFE_SB6_DY, "Scoreboard 6 Delta Y", 7, 23, 20, SINT, NULL) \
    X(VFE_SB7_DX, "Scoreboard 7 Delta X", 7, 27, 24, SINT, NULL) \
    X(VFE_SB7_DY, "Scoreboard 7 Delta Y", 7, 31, 28, SINT, NULL)

/* MEDIA_STATE_FLUSH, seed 000 §1.8.5. */
#define G7_MEDIA_STATE_FLUSH_FIELDS(X) \
    X(MSF_IDO, "Interface Descriptor Offset", 1, 5, 0, UINT, NULL) \
    X(MSF_WATERMARK, "Watermark Required", 1, 6, 6, BOOL, NULL) \
    X(MSF_DISABLE_PREEMPT, "Disable Preemption", 1, 8, 8, BOOL, NULL)

/* GPGPU_WALKER, seed 000 §1.8.10: 11 DWords, no indirect data (the payload
 * comes from the CURBE). */
#define G7_GPGPU_WALKER_FIELDS(X) \
    X(GW_PREDICATE, "Predicate Enable", 0, 8, 8, BOOL, NULL) \
    X(GW_INDIRECT, "Indirect Parameter Enable", 0, 10, 10, BOOL, NULL) \
    X(GW_IDO, "Interface Descriptor Offset", 1, 4, 0, UINT, NULL) \
    X(GW_WMAX, "Thread Width Counter Maximum", 2, 5, 0, UINT, NULL) \
    X(GW_HMAX, "Thread Height Counter Maximum", 2, 13, 8, UINT, NULL) \
    X(GW_DMAX, "Thread Depth Counter Maximum", 2, 21, 16, UINT, NULL) \
    X(GW_SIMD, "SIMD Size", 2, 31, 30, ENUM, gt_v_simd) \
    X(GW_START_X, "Thread Group ID Starting X", 3, 31, 0, UINT, NULL) \
    X(GW_DIM_X, "Thread Group ID X Dimension", 4, 31, 0, UINT, NULL) \
    X(GW_START_Y, "Thread Group ID Starting Y", 5, 31, 0, UINT, NULL) \
    X(GW_DIM_Y, "Thread Group ID Y Dimension", 6, 31, 0, UINT, NULL) \
    X(GW_START_Z, "Thread Group ID Starting Z", 7, 31, 0, UINT, NULL) \
    X(GW_DIM_Z, "Thread Group ID Z Dimension", 8, 31, 0, UINT, NULL) \
    X(GW_RIGHT_MASK, "Right Execution Mask", 9, 31, 0, HEX, NULL) \
    X(GW_BOTTOM_MASK, "Bottom Execution Mask", 10, 31, 0, HEX, NULL)

/* INTERFACE_DESCRIPTOR_DATA, seed 000 §1.8.4 (8 DWords); DWord 5 bits 7:0
 * Number of Threads in GPGPU Thread Group per Mesa gen7.xml. */
#define G7_IDD_FIELDS(X) \
    X(IDD_KSP, "Kernel Start Pointer", 0, 31, 6, ADDR, NULL) \
    X(IDD_SW_EXC, "Software Exception Enable", 1, 7, 7, BOOL, NULL) \
    X(IDD_MASK_STACK_EXC, "Mask Stack Exception Enable", 1, 11, 11, BOOL, NULL) \
    X(IDD_ILLEGAL_EXC, "Illegal Opcode Exception Enable", 1, 13, 13, BOOL, NULL) \
    X(IDD_FP_MODE, "Floating Point Mode", 1, 16, 16, ENUM, gt_v_fp_mode) \
    X(IDD_PRIORITY, "Thread Priority", 1, 17, 17, UINT, NULL) \
    X(IDD_SPF, "Single Program Flow", 1, 18, 18, BOOL, NULL) \
    X(IDD_SAMPLER_COUNT, "Sampler Count", 2, 4, 2, UINT, NULL) \
    X(IDD_SAMPLER_PTR, "Sampler State Pointer", 2, 31, 5, ADDR, NULL) \
    X(IDD_BT_COUNT, "Binding Table Entry Count", 3, 4, 0, UINT, NULL) \
    X(IDD_BT_PTR, "Binding Table Pointer", 3, 15, 5, ADDR, NULL) \
    X(IDD_CURBE_OFFSET, "Constant URB Entry Read Offset", 4, 15, 0, UINT, NULL) \
    X(IDD_CURBE_LEN, "Constant URB Entry Read Length", 4, 31, 16, UINT, NULL) \
    X(IDD_THREADS, "Number of Threads in GPGPU Thread Group", 5, 7, 0, UINT, NULL) \
    X(IDD_BARRIER_BYTE, "Barrier Return Byte", 5, 15, 8, HEX, NULL) \
    X(IDD_SLM_SIZE, "Shared Local Memory Size", 5, 20, 16, ENUM, gt_v_slm_size_gen7) \
    X(IDD_BARRIER, "Barrier Enable", 5, 21, 21, BOOL, NULL) \
    X(IDD_ROUNDING, "Rounding Mode", 5, 23, 22, ENUM, gt_v_rounding) \
    X(IDD_BARRIER_GRF, "Barrier Return GRF Offset", 5, 31, 24, UINT, NULL)
/* Gen7.5 adds the cross-thread constant data (public fact: Mesa gen75.xml). */
#define G75_IDD_FIELDS(X) \
    G7_IDD_FIELDS(X) \
    X(IDD_CROSS_LEN, "Cross-Thread Constant Data Read Length", 6, 7, 0, UINT, NULL)

/* ---- tables ---- */

/* layouts Gen7 shares with Gen9 (the lists of cmds.h; those Gen12 shares too are
 * cmds.c's tables, cmds_tab.h) */
TABLE(GT_MI_SEMAPHORE_MBOX_FIELDS)
TABLE(GT_MI_SET_CONTEXT_FIELDS)
/* Gen7 layouts */
TABLE(G7_MI_BATCH_BUFFER_START_FIELDS)
TABLE(G75_MI_BATCH_BUFFER_START_FIELDS)
TABLE(G7_MI_STORE_DATA_IMM_FIELDS)
TABLE(G7_MI_STORE_DATA_INDEX_FIELDS)
TABLE(G7_MI_STORE_REGISTER_MEM_FIELDS)
TABLE(G75_MI_STORE_REGISTER_MEM_FIELDS)
TABLE(G7_MI_LOAD_REGISTER_MEM_FIELDS)
TABLE(G7_MI_FLUSH_DW_FIELDS)
TABLE(G7_MI_REPORT_PERF_COUNT_FIELDS)
TABLE(G7_MI_CONDITIONAL_BATCH_BUFFER_END_FIELDS)
TABLE(G7_PIPE_CONTROL_FIELDS)
TABLE(G7_PIPELINE_SELECT_FIELDS)
TABLE(G7_STATE_BASE_ADDRESS_FIELDS)
TABLE(G7_STATE_SIP_FIELDS)
TABLE(G7_MEDIA_VFE_STATE_FIELDS)
TABLE(G7_MEDIA_STATE_FLUSH_FIELDS)
TABLE(G7_GPGPU_WALKER_FIELDS)
TABLE(G7_IDD_FIELDS)
TABLE(G75_IDD_FIELDS)


/* Header patterns (seed 002 "Command Header"). */

/* Rows both Gen7 sets share.  Columns: name, header pattern, id,
 * length-field bits, min len, max len, fields, repeated group. */
#define G7_COMMON_CMDS \
    {"MI_NOOP", MI(0x00), GT_CMD_MI_NOOP, 0, 1, 1, F(GT_MI_NOOP_FIELDS), NOGROUP}, \
    {"MI_USER_INTERRUPT", MI(0x02), GT_CMD_MI_USER_INTERRUPT, 0, 1, 1, NOFIELDS, NOGROUP}, \
    {"MI_ARB_CHECK", MI(0x05), GT_CMD_MI_ARB_CHECK, 0, 1, 1, NOFIELDS, NOGROUP}, \
    {"MI_REPORT_HEAD", MI(0x07), GT_CMD_MI_REPORT_HEAD, 0, 1, 1, NOFIELDS, NOGROUP}, \
    {"MI_ARB_ON_OFF", MI(0x08), GT_CMD_MI_ARB_ON_OFF, 0, 1, 1, F(GT_MI_ARB_ON_OFF_FIELDS), NOGROUP}, \
    {"MI_BATCH_BUFFER_END", MI(0x0a), GT_CMD_MI_BATCH_BUFFER_END, 0, 1, 1, NOFIELDS, NOGROUP}, \
    {"MI_SUSPEND_FLUSH", MI(0x0b), GT_CMD_SKIP, 0, 1, 1, NOFIELDS, NOGROUP}, \
    {"MI_PREDICATE", MI(0x0c), GT_CMD_MI_PREDICATE, 0, 1, 1, F(GT_MI_PREDICATE_FIELDS), NOGROUP}, \
    {"MI_TOPOLOGY_FILTER", MI(0x0d), GT_CMD_SKIP, 0, 1, 1, NOFIELDS, NOGROUP}, \
    {"MI_SEMAPHORE_MBOX", MI(0x16), GT_CMD_MI_SEMAPHORE_MBOX, 8, 3, 3, F(GT_MI_SEMAPHORE_MBOX_FIELDS), NOGROUP}, \
    {"MI_SET_CONTEXT", MI(0x18), GT_CMD_MI_SET_CONTEXT, 8, 2, 2, F(GT_MI_SET_CONTEXT_FIELDS), NOGROUP}, \
    {"MI_STORE_DATA_IMM", MI(0x20), GT_CMD_MI_STORE_DATA_IMM, 6, 4, 5, F(G7_MI_STORE_DATA_IMM_FIELDS), NOGROUP}, \
    {"MI_STORE_DATA_INDEX", MI(0x21), GT_CMD_MI_STORE_DATA_INDEX, 6, 3, 4, F(G7_MI_STORE_DATA_INDEX_FIELDS), NOGROUP}, \
    {"MI_LOAD_REGISTER_IMM", MI(0x22), GT_CMD_MI_LOAD_REGISTER_IMM, 8, 3, 0, F(GT_MI_LOAD_REGISTER_IMM_FIELDS), \
     t_GT_MI_LRI_PAIR_FIELDS, N(GT_MI_LRI_PAIR_FIELDS), 1, 2, 0}, \
    {"MI_FLUSH_DW", MI(0x26), GT_CMD_MI_FLUSH_DW, 6, 4, 4, F(G7_MI_FLUSH_DW_FIELDS), NOGROUP}, \
    {"MI_CLFLUSH", MI(0x27), GT_CMD_SKIP, 10, 3, 0, NOFIELDS, NOGROUP}, \
    {"MI_REPORT_PERF_COUNT", MI(0x28), GT_CMD_MI_REPORT_PERF_COUNT, 6, 3, 3, F(G7_MI_REPORT_PERF_COUNT_FIELDS), NOGROUP}, \
    {"MI_LOAD_REGISTER_MEM", MI(0x29), GT_CMD_MI_LOAD_REGISTER_MEM, 8, 3, 3, F(G7_MI_LOAD_REGISTER_MEM_FIELDS), NOGROUP}, \
    {"MI_CONDITIONAL_BATCH_BUFFER_END", MI(0x36), GT_CMD_MI_CONDITIONAL_BATCH_BUFFER_END, 8, 3, 3, \
     F(G7_MI_CONDITIONAL_BATCH_BUFFER_END_FIELDS), NOGROUP}, \
    {"PIPE_CONTROL", GFX(3, 2, 0x00), GT_CMD_PIPE_CONTROL, 8, 5, 5, F(G7_PIPE_CONTROL_FIELDS), NOGROUP}, \
    {"PIPELINE_SELECT", GFX(1, 1, 0x04), GT_CMD_PIPELINE_SELECT, 0, 1, 1, F(G7_PIPELINE_SELECT_FIELDS), NOGROUP}, \
    {"STATE_BASE_ADDRESS", GFX(0, 1, 0x01), GT_CMD_STATE_BASE_ADDRESS, 8, 10, 10, F(G7_STATE_BASE_ADDRESS_FIELDS), NOGROUP}, \
    {"STATE_SIP", GFX(0, 1, 0x02), GT_CMD_STATE_SIP, 8, 2, 2, F(G7_STATE_SIP_FIELDS), NOGROUP}, \
    {"STATE_PREFETCH", GFX(0, 0, 0x03), GT_CMD_SKIP, 8, 2, 0, NOFIELDS, NOGROUP}, \
    {"MEDIA_VFE_STATE", GFX(2, 0, 0x00), GT_CMD_MEDIA_VFE_STATE, 16, 8, 8, F(G7_MEDIA_VFE_STATE_FIELDS), NOGROUP}, \
    {"MEDIA_CURBE_LOAD", GFX(2, 0, 0x01), GT_CMD_MEDIA_CURBE_LOAD, 16, 4, 4, F(GT_MEDIA_CURBE_LOAD_FIELDS), NOGROUP}, \
    {"MEDIA_INTERFACE_DESCRIPTOR_LOAD", GFX(2, 0, 0x02), GT_CMD_MEDIA_INTERFACE_DESCRIPTOR_LOAD, 16, 4, 4, \
     F(GT_MEDIA_INTERFACE_DESCRIPTOR_LOAD_FIELDS), NOGROUP}, \
    {"MEDIA_STATE_FLUSH", GFX(2, 0, 0x04), GT_CMD_MEDIA_STATE_FLUSH, 16, 2, 2, F(G7_MEDIA_STATE_FLUSH_FIELDS), NOGROUP}, \
    {"GPGPU_WALKER", GFX(2, 1, 0x05), GT_CMD_GPGPU_WALKER, 8, 11, 11, F(G7_GPGPU_WALKER_FIELDS), NOGROUP}, \
    /* the media object commands: layouts in src/pipe/media_cmds.h (seed 000 §1.8.6-1.8.8) */ \
    {"MEDIA_OBJECT", GFX(2, 1, 0x00), GT_CMD_MEDIA_OBJECT, 16, 6, 0, gt_g7_media_object_fields, \
     GT_NF_G7_MEDIA_OBJECT, NOGROUP}, \
    {"MEDIA_OBJECT_PRT", GFX(2, 1, 0x02), GT_CMD_MEDIA_OBJECT_PRT, 16, 16, 16, gt_g7_media_object_prt_fields, \
     GT_NF_G7_MEDIA_OBJECT_PRT, NOGROUP}, \
    {"MEDIA_OBJECT_WALKER", GFX(2, 1, 0x03), GT_CMD_MEDIA_OBJECT_WALKER, 16, 17, 0, \
     gt_g7_media_object_walker_fields, GT_NF_G7_MEDIA_OBJECT_WALKER, NOGROUP}, \
    {"GPGPU_OBJECT", GFX(2, 1, 0x04), GT_CMD_GPGPU_OBJECT, 8, 8, 8, gt_g7_gpgpu_object_fields, \
     GT_NF_G7_GPGPU_OBJECT, NOGROUP},

/* Ivy Bridge and Bay Trail (VLV): MI_BATCH_BUFFER_START without second
 * level batches; no MI_LOAD_REGISTER_REG or MI_MATH. */
static const gt_cmd_desc gen7_cmds[] = {
    G7_COMMON_CMDS
    {"MI_STORE_REGISTER_MEM", MI(0x24), GT_CMD_MI_STORE_REGISTER_MEM, 8, 3, 3, F(G7_MI_STORE_REGISTER_MEM_FIELDS), NOGROUP},
    {"MI_BATCH_BUFFER_START", MI(0x31), GT_CMD_MI_BATCH_BUFFER_START, 8, 2, 2, F(G7_MI_BATCH_BUFFER_START_FIELDS), NOGROUP},
};

/* Haswell. */
static const gt_cmd_desc gen75_cmds[] = {
    G7_COMMON_CMDS
    {"MI_STORE_REGISTER_MEM", MI(0x24), GT_CMD_MI_STORE_REGISTER_MEM, 8, 3, 3, F(G75_MI_STORE_REGISTER_MEM_FIELDS), NOGROUP},
    {"MI_BATCH_BUFFER_START", MI(0x31), GT_CMD_MI_BATCH_BUFFER_START, 8, 2, 2, F(G75_MI_BATCH_BUFFER_START_FIELDS), NOGROUP},
    {"MI_MATH", MI(0x1a), GT_CMD_MI_MATH, 6, 2, 0, F(GT_MI_MATH_FIELDS),
     t_GT_MI_MATH_ALU_FIELDS, N(GT_MI_MATH_ALU_FIELDS), 1, 1, 0},
    {"MI_LOAD_REGISTER_REG", MI(0x2a), GT_CMD_MI_LOAD_REGISTER_REG, 8, 3, 3, F(GT_MI_LOAD_REGISTER_REG_FIELDS), NOGROUP},
};

TABLE(GT_G7_3DPRIMITIVE_FIELDS)

/* The 3D pipeline commands of Gen7 and Gen7.5, as data: sub-type, opcode,
 * sub-opcode, length in DWords (0: variable, from the DWord Length field
 * with its bias of 2) and name (public facts: Mesa genxml gen7.xml and
 * gen75.xml, read through their gen6 <- gen5 <- gen45 <- gen4 imports;
 * mesa commit 7de2d18262b7).  gtsim has no Gen7 3D pipeline: these are
 * parsed, length-checked, traced and skipped; 3DPRIMITIVE is
 * GT_CMD_DRAW_UNMODELLED (cs.c: a draw that would produce anything is
 * reported). */
#define G7_3D_CMDS(X) \
    X(1, 0, 0x0b, 1, "3DSTATE_VF_STATISTICS") \
    X(3, 0, 0x04, 3, "3DSTATE_CLEAR_PARAMS") X(3, 0, 0x05, 7, "3DSTATE_DEPTH_BUFFER") \
    X(3, 0, 0x06, 3, "3DSTATE_STENCIL_BUFFER") X(3, 0, 0x07, 3, "3DSTATE_HIER_DEPTH_BUFFER") \
    X(3, 0, 0x08, 0, "3DSTATE_VERTEX_BUFFERS") X(3, 0, 0x09, 0, "3DSTATE_VERTEX_ELEMENTS") \
    X(3, 0, 0x0a, 3, "3DSTATE_INDEX_BUFFER") X(3, 0, 0x0e, 2, "3DSTATE_CC_STATE_POINTERS") \
    X(3, 0, 0x0f, 2, "3DSTATE_SCISSOR_STATE_POINTERS") X(3, 0, 0x10, 6, "3DSTATE_VS") \
    X(3, 0, 0x11, 7, "3DSTATE_GS") X(3, 0, 0x12, 4, "3DSTATE_CLIP") X(3, 0, 0x13, 7, "3DSTATE_SF") \
    X(3, 0, 0x14, 3, "3DSTATE_WM") X(3, 0, 0x15, 7, "3DSTATE_CONSTANT_VS") \
    X(3, 0, 0x16, 7, "3DSTATE_CONSTANT_GS") X(3, 0, 0x17, 7, "3DSTATE_CONSTANT_PS") \
    X(3, 0, 0x18, 2, "3DSTATE_SAMPLE_MASK") X(3, 0, 0x19, 7, "3DSTATE_CONSTANT_HS") \
    X(3, 0, 0x1a, 7, "3DSTATE_CONSTANT_DS") X(3, 0, 0x1b, 7, "3DSTATE_HS") X(3, 0, 0x1c, 4, "3DSTATE_TE") \
    X(3, 0, 0x1d, 6, "3DSTATE_DS") X(3, 0, 0x1e, 3, "3DSTATE_STREAMOUT") X(3, 0, 0x1f, 14, "3DSTATE_SBE") \
    X(3, 0, 0x20, 8, "3DSTATE_PS") X(3, 0, 0x21, 2, "3DSTATE_VIEWPORT_STATE_POINTERS_SF_CLIP") \
    X(3, 0, 0x23, 2, "3DSTATE_VIEWPORT_STATE_POINTERS_CC") X(3, 0, 0x24, 2, "3DSTATE_BLEND_STATE_POINTERS") \
    X(3, 0, 0x25, 2, "3DSTATE_DEPTH_STENCIL_STATE_POINTERS") \
    X(3, 0, 0x26, 2, "3DSTATE_BINDING_TABLE_POINTERS_VS") X(3, 0, 0x27, 2, "3DSTATE_BINDING_TABLE_POINTERS_HS") \
    X(3, 0, 0x28, 2, "3DSTATE_BINDING_TABLE_POINTERS_DS") X(3, 0, 0x29, 2, "3DSTATE_BINDING_TABLE_POINTERS_GS") \
    X(3, 0, 0x2a, 2, "3DSTATE_BINDING_TABLE_POINTERS_PS") X(3, 0, 0x2b, 2, "3DSTATE_SAMPLER_STATE_POINTERS_VS") \
    X(3, 0, 0x2c, 2, "3DSTATE_SAMPLER_STATE_POINTERS_HS") X(3, 0, 0x2d, 2, "3DSTATE_SAMPLER_STATE_POINTERS_DS") \
    X(3, 0, 0x2e, 2, "3DSTATE_SAMPLER_STATE_POINTERS_GS") X(3, 0, 0x2f, 2, "3DSTATE_SAMPLER_STATE_POINTERS_PS") \
    X(3, 0, 0x30, 2, "3DSTATE_URB_VS") X(3, 0, 0x31, 2, "3DSTATE_URB_HS") X(3, 0, 0x32, 2, "3DSTATE_URB_DS") \
    X(3, 0, 0x33, 2, "3DSTATE_URB_GS") \
    X(3, 1, 0x00, 4, "3DSTATE_DRAWING_RECTANGLE") X(3, 1, 0x02, 0, "3DSTATE_SAMPLER_PALETTE_LOAD0") \
    X(3, 1, 0x04, 4, "3DSTATE_CHROMA_KEY") X(3, 1, 0x06, 2, "3DSTATE_POLY_STIPPLE_OFFSET") \
    X(3, 1, 0x07, 33, "3DSTATE_POLY_STIPPLE_PATTERN") X(3, 1, 0x08, 3, "3DSTATE_LINE_STIPPLE") \
    X(3, 1, 0x0a, 3, "3DSTATE_AA_LINE_PARAMETERS") X(3, 1, 0x0c, 0, "3DSTATE_SAMPLER_PALETTE_LOAD1") \
    X(3, 1, 0x0d, 4, "3DSTATE_MULTISAMPLE") X(3, 1, 0x11, 2, "3DSTATE_MONOFILTER_SIZE") \
    X(3, 1, 0x12, 2, "3DSTATE_PUSH_CONSTANT_ALLOC_VS") X(3, 1, 0x13, 2, "3DSTATE_PUSH_CONSTANT_ALLOC_HS") \
    X(3, 1, 0x14, 2, "3DSTATE_PUSH_CONSTANT_ALLOC_DS") X(3, 1, 0x15, 2, "3DSTATE_PUSH_CONSTANT_ALLOC_GS") \
    X(3, 1, 0x16, 2, "3DSTATE_PUSH_CONSTANT_ALLOC_PS") X(3, 1, 0x17, 0, "3DSTATE_SO_DECL_LIST") \
    X(3, 1, 0x18, 4, "3DSTATE_SO_BUFFER") X(0, 1, 0x03, 2, "SWTESS_BASE_ADDRESS")
/* Gen7.5 adds these (gen75.xml; the resource streamer's gather and
 * binding-table-edit commands, 3DSTATE_VF's cut index). */
#define G75_3D_CMDS(X) \
    X(3, 0, 0x0c, 2, "3DSTATE_VF") \
    X(3, 0, 0x34, 0, "3DSTATE_GATHER_CONSTANT_VS") X(3, 0, 0x35, 0, "3DSTATE_GATHER_CONSTANT_GS") \
    X(3, 0, 0x36, 0, "3DSTATE_GATHER_CONSTANT_HS") X(3, 0, 0x37, 0, "3DSTATE_GATHER_CONSTANT_DS") \
    X(3, 0, 0x38, 0, "3DSTATE_GATHER_CONSTANT_PS") \
    X(3, 0, 0x43, 0, "3DSTATE_BINDING_TABLE_EDIT_VS") X(3, 0, 0x44, 0, "3DSTATE_BINDING_TABLE_EDIT_GS") \
    X(3, 0, 0x45, 0, "3DSTATE_BINDING_TABLE_EDIT_HS") X(3, 0, 0x46, 0, "3DSTATE_BINDING_TABLE_EDIT_DS") \
    X(3, 0, 0x47, 0, "3DSTATE_BINDING_TABLE_EDIT_PS") \
    X(3, 1, 0x0e, 6, "3DSTATE_RAST_MULTISAMPLE") X(3, 1, 0x19, 3, "3DSTATE_BINDING_TABLE_POOL_ALLOC") \
    X(3, 1, 0x1a, 3, "3DSTATE_GATHER_POOL_ALLOC") X(0, 1, 0x04, 2, "GPGPU_CSR_BASE_ADDRESS")

/* A row of those lists: skipped; a single-DWord command has no length
 * field, the others' DWord Length is bits 7:0 (bias 2), exact when the
 * length is fixed. */
#define S3D(subtype, op, sub, len, name) \
    {name, GFX(subtype, op, sub), GT_CMD_SKIP, (len) == 1 ? 0 : 8, (len) ? (len) : 2, (len), NOFIELDS, NOGROUP},

/* Other render-engine commands of Gen7 (seed 002 MI command map), reported
 * as unimplemented by name (lengths follow the generic rules). */
#define NAMED(name, pattern, id) {name, pattern, id, 0, 1, 0, NOFIELDS, NOGROUP},
#define G7_NAMES \
    NAMED("MI_WAIT_FOR_EVENT", MI(0x03), GT_CMD_UNIMPL) \
    NAMED("MI_DISPLAY_FLIP", MI(0x14), GT_CMD_UNIMPL) \
    NAMED("MI_UPDATE_GTT", MI(0x23), GT_CMD_UNIMPL) \
    G7_3D_CMDS(S3D) \
    {"3DPRIMITIVE", GFX(3, 3, 0x00), GT_CMD_DRAW_UNMODELLED, 8, 7, 7, F(GT_G7_3DPRIMITIVE_FIELDS), NOGROUP},

static const gt_cmd_desc gen7_names[] = {
    NAMED("MI_LOAD_REGISTER_REG", MI(0x2a), GT_CMD_UNIMPL) /* Gen7.5 only */
    NAMED("MI_MATH", MI(0x1a), GT_CMD_UNIMPL)              /* Gen7.5 only */
    G7_NAMES
};
static const gt_cmd_desc gen75_names[] = {G7_NAMES G75_3D_CMDS(S3D)};

/* Per Thread Scratch Space: Ivy Bridge / VLV (n + 1) KiB for n = 0..11
 * (seed 000 §1.8.1); Haswell 2 KiB << n for n = 0..10 (public fact: Mesa
 * gen7.5 scratch encoding). */
static uint32_t gen7_scratch_bytes(uint32_t field)
{
    return field <= 11 ? (field + 1) * 1024u : 0;
}

static uint32_t gen75_scratch_bytes(uint32_t field)
{
    return field <= 10 ? 2048u << field : 0;
}

/* Shared Local Memory Size: 4 KiB units, a power of two up to 64 KiB. */
static uint32_t gen7_slm_bytes(uint32_t field)
{
    return field <= 16 && !(field & (field - 1)) ? field * 4096u : UINT32_MAX;
}

const gt_cmd_set gt_cmds_gen7 = {
    .name = "gen7", .cmds = gen7_cmds, .ncmds = COUNT(gen7_cmds), .names = gen7_names,
    .nnames = COUNT(gen7_names), .idd = t_G7_IDD_FIELDS, .nidd = N(G7_IDD_FIELDS),
    .scratch_bytes = gen7_scratch_bytes, .slm_bytes = gen7_slm_bytes, .payload_cross_first = 1,
};

const gt_cmd_set gt_cmds_gen75 = {
    .name = "gen75", .cmds = gen75_cmds, .ncmds = COUNT(gen75_cmds), .names = gen75_names,
    .nnames = COUNT(gen75_names), .idd = t_G75_IDD_FIELDS, .nidd = N(G75_IDD_FIELDS),
    .scratch_bytes = gen75_scratch_bytes, .slm_bytes = gen7_slm_bytes, .payload_cross_first = 1,
};
