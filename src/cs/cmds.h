/*
 * Render command streamer commands, each described once as a field list,
 * grouped in per-generation command sets (gt_cmd_set, hung off the platform
 * description): Gen9 here and in cmds.c, Gen7 / Gen7.5 in cmds_gen7.c,
 * Gen12LP in cmds_gen12.c.
 *
 * Gen9 (Skylake) lists:  DWord/bit positions follow the command pages of seed
 * 004 (Gen12LP); where the Gen9 layout differs (STATE_BASE_ADDRESS,
 * MEDIA_VFE_STATE, GPGPU_WALKER, INTERFACE_DESCRIPTOR_DATA, MI_ATOMIC ...)
 * the positions are the Gen9 ones (public Mesa genxml gen9.xml facts);
 * command semantics are from seed 002 (Gen7 MI commands) and seed 004.
 *
 * Each list is an X-macro: X(ID, "Name", dword, hi, lo, KIND, names).
 * The Gen9 list generates the field index enum (used by the handlers in
 * cs.c / pipe.c) and the field table (cmds.c) used for unpacking and
 * for the command trace.  Another generation's list of the same command
 * reuses those IDs for the fields that mean the same thing (at its own
 * positions), so one handler serves every generation; fields only some
 * generations have get IDs after the Gen9 ones (the GT_NS_* enums below).
 */
#ifndef GT_CS_CMDS_H
#define GT_CS_CMDS_H

#include "cs/fields.h"

/* ---- MI commands (Command Type 0, opcode bits 28:23) ---- */

#define GT_MI_NOOP_FIELDS(X) \
    X(NOOP_ID, "Identification Number", 0, 21, 0, HEX, NULL) \
    X(NOOP_ID_WRITE, "Identification Number Register Write Enable", 0, 22, 22, BOOL, NULL)

#define GT_MI_SET_PREDICATE_FIELDS(X) \
    X(SETP_ENABLE, "Predicate Enable", 0, 3, 0, ENUM, gt_v_set_predicate)

#define GT_MI_ARB_ON_OFF_FIELDS(X) \
    X(ARB_ENABLE, "Arbitration Enable", 0, 0, 0, BOOL, NULL)

#define GT_MI_PREDICATE_FIELDS(X) \
    X(PRED_COMPARE, "Compare Operation", 0, 1, 0, ENUM, gt_v_pred_compare) \
    X(PRED_COMBINE, "Combine Operation", 0, 4, 3, ENUM, gt_v_pred_combine) \
    X(PRED_LOAD, "Load Operation", 0, 7, 6, ENUM, gt_v_pred_load)

#define GT_MI_MATH_FIELDS(X) \
    X(MATH_LEN, "DWord Length", 0, 7, 0, UINT, NULL)

/* One ALU instruction of MI_MATH (a group of 1 DWord). */
#define GT_MI_MATH_ALU_FIELDS(X) \
    X(ALU_OPCODE, "ALU Opcode", 0, 31, 20, ENUM, gt_v_alu_opcode) \
    X(ALU_OP1, "Operand 1", 0, 19, 10, ENUM, gt_v_alu_operand) \
    X(ALU_OP2, "Operand 2", 0, 9, 0, ENUM, gt_v_alu_operand)

#define GT_MI_SEMAPHORE_WAIT_FIELDS(X) \
    X(SEMW_COMPARE, "Compare Operation", 0, 14, 12, ENUM, gt_v_sem_compare) \
    X(SEMW_POLL, "Wait Mode", 0, 15, 15, ENUM, gt_v_sem_mode) \
    X(SEMW_REG_POLL, "Register Poll Mode", 0, 16, 16, BOOL, NULL) \
    X(SEMW_GGTT, "Memory Type GGTT", 0, 22, 22, BOOL, NULL) \
    X(SEMW_DATA, "Semaphore Data Dword", 1, 31, 0, HEX, NULL) \
    X(SEMW_ADDR, "Semaphore Address", 2, 63, 2, ADDR, NULL)

#define GT_MI_STORE_DATA_IMM_FIELDS(X) \
    X(SDI_QWORD, "Store Qword", 0, 21, 21, BOOL, NULL) \
    X(SDI_GGTT, "Use Global GTT", 0, 22, 22, BOOL, NULL) \
    X(SDI_ADDR, "Address", 1, 47, 2, ADDR, NULL) \
    X(SDI_DATA, "Immediate Data", 3, 63, 0, HEX, NULL)

#define GT_MI_STORE_DATA_INDEX_FIELDS(X) \
    X(SDX_PPHWSP, "Use Per-Process Hardware Status Page", 0, 21, 21, BOOL, NULL) \
    X(SDX_OFFSET, "Offset", 1, 11, 2, ADDR, NULL) \
    X(SDX_DATA0, "Data DWord 0", 2, 31, 0, HEX, NULL) \
    X(SDX_DATA1, "Data DWord 1", 3, 31, 0, HEX, NULL)

#define GT_MI_LOAD_REGISTER_IMM_FIELDS(X) \
    X(LRI_BYTE_DISABLE, "Byte Write Disables", 0, 11, 8, HEX, NULL)

/* One (register, value) pair of MI_LOAD_REGISTER_IMM (a group of 2 DWords). */
#define GT_MI_LRI_PAIR_FIELDS(X) \
    X(LRI_REG, "Register Offset", 0, 22, 2, ADDR, NULL) \
    X(LRI_DATA, "Data DWord", 1, 31, 0, HEX, NULL)

#define GT_MI_STORE_REGISTER_MEM_FIELDS(X) \
    X(SRM_PREDICATE, "Predicate Enable", 0, 21, 21, BOOL, NULL) \
    X(SRM_GGTT, "Use Global GTT", 0, 22, 22, BOOL, NULL) \
    X(SRM_REG, "Register Address", 1, 22, 2, ADDR, NULL) \
    X(SRM_ADDR, "Memory Address", 2, 63, 2, ADDR, NULL)

#define GT_MI_LOAD_REGISTER_MEM_FIELDS(X) \
    X(LRM_ASYNC, "Async Mode Enable", 0, 21, 21, BOOL, NULL) \
    X(LRM_GGTT, "Use Global GTT", 0, 22, 22, BOOL, NULL) \
    X(LRM_REG, "Register Address", 1, 22, 2, ADDR, NULL) \
    X(LRM_ADDR, "Memory Address", 2, 63, 2, ADDR, NULL)

#define GT_MI_LOAD_REGISTER_REG_FIELDS(X) \
    X(LRR_SRC, "Source Register Address", 1, 22, 2, ADDR, NULL) \
    X(LRR_DST, "Destination Register Address", 2, 22, 2, ADDR, NULL)

#define GT_MI_FLUSH_DW_FIELDS(X) \
    X(FDW_POSTSYNC, "Post-Sync Operation", 0, 15, 14, ENUM, gt_v_flush_dw_postsync) \
    X(FDW_TLB_INV, "TLB Invalidate", 0, 18, 18, BOOL, NULL) \
    X(FDW_STORE_INDEX, "Store Data Index", 0, 21, 21, BOOL, NULL) \
    X(FDW_GGTT, "Destination Address Type GGTT", 1, 2, 2, BOOL, NULL) \
    X(FDW_ADDR, "Address", 1, 47, 3, ADDR, NULL) \
    X(FDW_DATA, "Immediate Data", 3, 63, 0, HEX, NULL)

#define GT_MI_REPORT_PERF_COUNT_FIELDS(X) \
    X(RPC_GGTT, "Use Global GTT", 1, 0, 0, BOOL, NULL) \
    X(RPC_ADDR, "Memory Address", 1, 63, 6, ADDR, NULL) \
    X(RPC_ID, "Report ID", 3, 31, 0, HEX, NULL)

#define GT_MI_COPY_MEM_MEM_FIELDS(X) \
    X(CMM_DST_GGTT, "Use Global GTT Destination", 0, 21, 21, BOOL, NULL) \
    X(CMM_SRC_GGTT, "Use Global GTT Source", 0, 22, 22, BOOL, NULL) \
    X(CMM_DST, "Destination Memory Address", 1, 63, 2, ADDR, NULL) \
    X(CMM_SRC, "Source Memory Address", 3, 63, 2, ADDR, NULL)

#define GT_MI_ATOMIC_FIELDS(X) \
    X(ATOM_OPCODE, "ATOMIC OPCODE", 0, 15, 8, ENUM, gt_v_atomic_opcode) \
    X(ATOM_RETURN, "Return Data Control", 0, 16, 16, BOOL, NULL) \
    X(ATOM_CS_STALL, "CS STALL", 0, 17, 17, BOOL, NULL) \
    X(ATOM_INLINE, "Inline Data", 0, 18, 18, BOOL, NULL) \
    X(ATOM_SIZE, "Data Size", 0, 20, 19, ENUM, gt_v_atomic_size) \
    X(ATOM_POSTSYNC, "Post-Sync Operation", 0, 21, 21, BOOL, NULL) \
    X(ATOM_GGTT, "Memory Type GGTT", 0, 22, 22, BOOL, NULL) \
    X(ATOM_ADDR, "Memory Address", 1, 47, 2, ADDR, NULL) \
    X(ATOM_OP1_0, "Operand1 Data Dword 0", 3, 31, 0, HEX, NULL) \
    X(ATOM_OP2_0, "Operand2 Data Dword 0", 4, 31, 0, HEX, NULL) \
    X(ATOM_OP1_1, "Operand1 Data Dword 1", 5, 31, 0, HEX, NULL) \
    X(ATOM_OP2_1, "Operand2 Data Dword 1", 6, 31, 0, HEX, NULL)

#define GT_MI_BATCH_BUFFER_START_FIELDS(X) \
    X(BBS_PPGTT, "Address Space Indicator", 0, 8, 8, ENUM, gt_v_asi) \
    X(BBS_RS, "Resource Streamer Enable", 0, 10, 10, BOOL, NULL) \
    X(BBS_PREDICATE, "Predication Enable", 0, 15, 15, BOOL, NULL) \
    X(BBS_ADD_OFFSET, "Add Offset Enable", 0, 16, 16, BOOL, NULL) \
    X(BBS_SECOND, "Second Level Batch Buffer", 0, 22, 22, BOOL, NULL) \
    X(BBS_ADDR, "Batch Buffer Start Address", 1, 63, 2, ADDR, NULL)

#define GT_MI_CONDITIONAL_BATCH_BUFFER_END_FIELDS(X) \
    X(CBBE_MASK_MODE, "Compare Mask Mode", 0, 19, 19, BOOL, NULL) \
    X(CBBE_SEMAPHORE, "Compare Semaphore", 0, 21, 21, BOOL, NULL) \
    X(CBBE_GGTT, "Use Global GTT", 0, 22, 22, BOOL, NULL) \
    X(CBBE_DATA, "Compare Data Dword", 1, 31, 0, HEX, NULL) \
    X(CBBE_ADDR, "Compare Address", 2, 63, 3, ADDR, NULL)

/* ---- GFXPIPE commands (Command Type 3) ---- */

/* PIPE_CONTROL DWord 1 flags that Gen7 and Gen9 share (seed 004
 * PIPE_CONTROL; Gen7 per Mesa genxml gen7.xml); each generation's layout
 * adds its own. */
#define GT_PC_DW1_CACHE_FIELDS(X) \
    X(PC_DEPTH_FLUSH, "Depth Cache Flush Enable", 1, 0, 0, BOOL, NULL) \
    X(PC_STALL_PIXEL, "Stall At Pixel Scoreboard", 1, 1, 1, BOOL, NULL) \
    X(PC_STATE_INV, "State Cache Invalidation Enable", 1, 2, 2, BOOL, NULL) \
    X(PC_CONST_INV, "Constant Cache Invalidation Enable", 1, 3, 3, BOOL, NULL) \
    X(PC_VF_INV, "VF Cache Invalidation Enable", 1, 4, 4, BOOL, NULL) \
    X(PC_DC_FLUSH, "DC Flush Enable", 1, 5, 5, BOOL, NULL)
#define GT_PC_DW1_SYNC_FIELDS(X) \
    X(PC_NOTIFY, "Notify Enable", 1, 8, 8, BOOL, NULL) \
    X(PC_ISP_DISABLE, "Indirect State Pointers Disable", 1, 9, 9, BOOL, NULL) \
    X(PC_TEX_INV, "Texture Cache Invalidation Enable", 1, 10, 10, BOOL, NULL) \
    X(PC_INST_INV, "Instruction Cache Invalidate Enable", 1, 11, 11, BOOL, NULL) \
    X(PC_RT_FLUSH, "Render Target Cache Flush Enable", 1, 12, 12, BOOL, NULL) \
    X(PC_DEPTH_STALL, "Depth Stall Enable", 1, 13, 13, BOOL, NULL) \
    X(PC_POSTSYNC, "Post Sync Operation", 1, 15, 14, ENUM, gt_v_pc_postsync) \
    X(PC_MEDIA_CLEAR, "Generic Media State Clear", 1, 16, 16, BOOL, NULL) \
    X(PC_TLB_INV, "TLB Invalidate", 1, 18, 18, BOOL, NULL) \
    X(PC_SNAPSHOT_RESET, "Global Snapshot Count Reset", 1, 19, 19, BOOL, NULL) \
    X(PC_CS_STALL, "Command Streamer Stall Enable", 1, 20, 20, BOOL, NULL) \
    X(PC_STORE_INDEX, "Store Data Index", 1, 21, 21, BOOL, NULL) \
    X(PC_LRI_POSTSYNC, "LRI Post Sync Operation", 1, 23, 23, BOOL, NULL) \
    X(PC_GGTT, "Destination Address Type GGTT", 1, 24, 24, BOOL, NULL)

#define GT_PIPE_CONTROL_FIELDS(X) \
    GT_PC_DW1_CACHE_FIELDS(X) \
    X(PC_PC_FLUSH, "Pipe Control Flush Enable", 1, 7, 7, BOOL, NULL) \
    GT_PC_DW1_SYNC_FIELDS(X) \
    X(PC_FLUSH_LLC, "Flush LLC", 1, 26, 26, BOOL, NULL) \
    X(PC_ADDR, "Address", 2, 47, 2, ADDR, NULL) \
    X(PC_DATA, "Immediate Data", 4, 63, 0, HEX, NULL)

#define GT_PIPELINE_SELECT_FIELDS(X) \
    X(PS_SELECT, "Pipeline Selection", 0, 1, 0, ENUM, gt_v_pipeline) \
    X(PS_DOP_GATE, "Media Sampler DOP Clock Gate Enable", 0, 4, 4, BOOL, NULL) \
    X(PS_FORCE_AWAKE, "Force Media Awake", 0, 5, 5, BOOL, NULL) \
    X(PS_MASK, "Mask Bits", 0, 15, 8, HEX, NULL)

/* Gen9 layout: 19 DWords (seed 004's Gen12 layout has 22). */
#define GT_STATE_BASE_ADDRESS_FIELDS(X) \
    X(SBA_GS_EN, "General State Base Address Modify Enable", 1, 0, 0, BOOL, NULL) \
    X(SBA_GS, "General State Base Address", 1, 63, 12, ADDR, NULL) \
    X(SBA_STATELESS_MOCS, "Stateless Data Port Access MOCS", 3, 22, 16, HEX, NULL) \
    X(SBA_SS_EN, "Surface State Base Address Modify Enable", 4, 0, 0, BOOL, NULL) \
    X(SBA_SS, "Surface State Base Address", 4, 63, 12, ADDR, NULL) \
    X(SBA_DS_EN, "Dynamic State Base Address Modify Enable", 6, 0, 0, BOOL, NULL) \
    X(SBA_DS, "Dynamic State Base Address", 6, 63, 12, ADDR, NULL) \
    X(SBA_IO_EN, "Indirect Object Base Address Modify Enable", 8, 0, 0, BOOL, NULL) \
    X(SBA_IO, "Indirect Object Base Address", 8, 63, 12, ADDR, NULL) \
    X(SBA_IB_EN, "Instruction Base Address Modify Enable", 10, 0, 0, BOOL, NULL) \
    X(SBA_IB, "Instruction Base Address", 10, 63, 12, ADDR, NULL) \
    X(SBA_GS_SIZE_EN, "General State Buffer Size Modify Enable", 12, 0, 0, BOOL, NULL) \
    X(SBA_GS_SIZE, "General State Buffer Size", 12, 31, 12, HEX, NULL) \
    X(SBA_DS_SIZE_EN, "Dynamic State Buffer Size Modify Enable", 13, 0, 0, BOOL, NULL) \
    X(SBA_DS_SIZE, "Dynamic State Buffer Size", 13, 31, 12, HEX, NULL) \
    X(SBA_IO_SIZE_EN, "Indirect Object Buffer Size Modify Enable", 14, 0, 0, BOOL, NULL) \
    X(SBA_IO_SIZE, "Indirect Object Buffer Size", 14, 31, 12, HEX, NULL) \
    X(SBA_IB_SIZE_EN, "Instruction Buffer Size Modify Enable", 15, 0, 0, BOOL, NULL) \
    X(SBA_IB_SIZE, "Instruction Buffer Size", 15, 31, 12, HEX, NULL) \
    X(SBA_BSS_EN, "Bindless Surface State Base Address Modify Enable", 16, 0, 0, BOOL, NULL) \
    X(SBA_BSS, "Bindless Surface State Base Address", 16, 63, 12, ADDR, NULL) \
    X(SBA_BSS_SIZE, "Bindless Surface State Size", 18, 31, 12, HEX, NULL)

#define GT_STATE_SIP_FIELDS(X) \
    X(SIP_ADDR, "System Instruction Pointer", 1, 63, 4, ADDR, NULL)

/* Gen8/9 layout (9 DWords; scratch pointer bits 47:10 over DWords 1-2). */
#define GT_MEDIA_VFE_STATE_FIELDS(X) \
    X(VFE_SCRATCH_SIZE, "Per Thread Scratch Space", 1, 3, 0, UINT, NULL) \
    X(VFE_STACK_SIZE, "Stack Size", 1, 7, 4, UINT, NULL) \
    X(VFE_SCRATCH_PTR, "Scratch Space Base Pointer", 1, 47, 10, ADDR, NULL) \
    X(VFE_RESET_TIMER, "Reset Gateway Timer", 3, 7, 7, BOOL, NULL) \
    X(VFE_URB_ENTRIES, "Number of URB Entries", 3, 15, 8, UINT, NULL) \
    X(VFE_MAX_THREADS, "Maximum Number of Threads", 3, 31, 16, UINT, NULL) \
    X(VFE_SLICE_DISABLE, "Slice Disable", 4, 1, 0, UINT, NULL) \
    X(VFE_CURBE_SIZE, "CURBE Allocation Size", 5, 15, 0, UINT, NULL) \
    X(VFE_URB_ENTRY_SIZE, "URB Entry Allocation Size", 5, 31, 16, UINT, NULL) \
    X(VFE_SB_MASK, "Scoreboard Mask", 6, 7, 0, HEX, NULL) \
    X(VFE_SB_TYPE, "Scoreboard Type", 6, 30, 30, UINT, NULL) \
    X(VFE_SB_ENABLE, "Scoreboard Enable", 6, 31, 31, BOOL, NULL)

#define GT_MEDIA_CURBE_LOAD_FIELDS(X) \
    X(CURBE_LEN, "CURBE Total Data Length", 2, 16, 0, UINT, NULL) \
    X(CURBE_START, "CURBE Data Start Address", 3, 31, 0, ADDR, NULL)

#define GT_MEDIA_INTERFACE_DESCRIPTOR_LOAD_FIELDS(X) \
    X(MIDL_LEN, "Interface Descriptor Total Length", 2, 16, 0, UINT, NULL) \
    X(MIDL_START, "Interface Descriptor Data Start Address", 3, 31, 0, ADDR, NULL)

#define GT_MEDIA_STATE_FLUSH_FIELDS(X) \
    X(MSF_IDO, "Interface Descriptor Offset", 1, 5, 0, UINT, NULL) \
    X(MSF_WATERMARK, "Watermark Required", 1, 6, 6, BOOL, NULL) \
    X(MSF_FLUSH_GO, "Flush to GO", 1, 7, 7, BOOL, NULL)

/* Gen8/9 layout (15 DWords). */
#define GT_GPGPU_WALKER_FIELDS(X) \
    X(GW_PREDICATE, "Predicate Enable", 0, 8, 8, BOOL, NULL) \
    X(GW_INDIRECT, "Indirect Parameter Enable", 0, 10, 10, BOOL, NULL) \
    X(GW_IDO, "Interface Descriptor Offset", 1, 5, 0, UINT, NULL) \
    X(GW_IND_LEN, "Indirect Data Length", 2, 16, 0, UINT, NULL) \
    X(GW_IND_START, "Indirect Data Start Address", 3, 31, 6, ADDR, NULL) \
    X(GW_WMAX, "Thread Width Counter Maximum", 4, 5, 0, UINT, NULL) \
    X(GW_HMAX, "Thread Height Counter Maximum", 4, 13, 8, UINT, NULL) \
    X(GW_DMAX, "Thread Depth Counter Maximum", 4, 21, 16, UINT, NULL) \
    X(GW_SIMD, "SIMD Size", 4, 31, 30, ENUM, gt_v_simd) \
    X(GW_START_X, "Thread Group ID Starting X", 5, 31, 0, UINT, NULL) \
    X(GW_DIM_X, "Thread Group ID X Dimension", 7, 31, 0, UINT, NULL) \
    X(GW_START_Y, "Thread Group ID Starting Y", 8, 31, 0, UINT, NULL) \
    X(GW_DIM_Y, "Thread Group ID Y Dimension", 10, 31, 0, UINT, NULL) \
    X(GW_START_Z, "Thread Group ID Starting/Resume Z", 11, 31, 0, UINT, NULL) \
    X(GW_DIM_Z, "Thread Group ID Z Dimension", 12, 31, 0, UINT, NULL) \
    X(GW_RIGHT_MASK, "Right Execution Mask", 13, 31, 0, HEX, NULL) \
    X(GW_BOTTOM_MASK, "Bottom Execution Mask", 14, 31, 0, HEX, NULL)

/* INTERFACE_DESCRIPTOR_DATA, Gen9 layout (8 DWords). */
#define GT_IDD_FIELDS(X) \
    X(IDD_KSP, "Kernel Start Pointer", 0, 47, 6, ADDR, NULL) \
    X(IDD_SW_EXC, "Software Exception Enable", 2, 7, 7, BOOL, NULL) \
    X(IDD_MASK_STACK_EXC, "Mask Stack Exception Enable", 2, 11, 11, BOOL, NULL) \
    X(IDD_ILLEGAL_EXC, "Illegal Opcode Exception Enable", 2, 13, 13, BOOL, NULL) \
    X(IDD_FP_MODE, "Floating Point Mode", 2, 16, 16, ENUM, gt_v_fp_mode) \
    X(IDD_PRIORITY, "Thread Priority", 2, 17, 17, UINT, NULL) \
    X(IDD_SPF, "Single Program Flow", 2, 18, 18, BOOL, NULL) \
    X(IDD_DENORM, "Denorm Mode", 2, 19, 19, ENUM, gt_v_denorm) \
    X(IDD_SAMPLER_COUNT, "Sampler Count", 3, 4, 2, UINT, NULL) \
    X(IDD_SAMPLER_PTR, "Sampler State Pointer", 3, 31, 5, ADDR, NULL) \
    X(IDD_BT_COUNT, "Binding Table Entry Count", 4, 4, 0, UINT, NULL) \
    X(IDD_BT_PTR, "Binding Table Pointer", 4, 15, 5, ADDR, NULL) \
    X(IDD_CURBE_OFFSET, "Constant URB Entry Read Offset", 5, 15, 0, UINT, NULL) \
    X(IDD_CURBE_LEN, "Constant URB Entry Read Length", 5, 31, 16, UINT, NULL) \
    X(IDD_THREADS, "Number of Threads in GPGPU Thread Group", 6, 9, 0, UINT, NULL) \
    X(IDD_GLOBAL_BARRIER, "Global Barrier Enable", 6, 15, 15, BOOL, NULL) \
    X(IDD_SLM_SIZE, "Shared Local Memory Size", 6, 20, 16, ENUM, gt_v_slm_size) \
    X(IDD_BARRIER, "Barrier Enable", 6, 21, 21, BOOL, NULL) \
    X(IDD_ROUNDING, "Rounding Mode", 6, 23, 22, ENUM, gt_v_rounding) \
    X(IDD_CROSS_LEN, "Cross-Thread Constant Data Read Length", 7, 7, 0, UINT, NULL)

/* 3DPRIMITIVE, Gen7 and Gen7.5: 7 DWords (public fact: Mesa genxml
 * gen7.xml).  gtsim has no Gen7 3D pipeline: GT_CMD_DRAW_UNMODELLED. */
#define GT_G7_3DPRIMITIVE_FIELDS(X) \
    X(PRIM_PREDICATE, "Predicate Enable", 0, 8, 8, BOOL, NULL) \
    X(PRIM_INDIRECT, "Indirect Parameter Enable", 0, 10, 10, BOOL, NULL) \
    X(PRIM_TOPOLOGY, "Primitive Topology Type", 1, 5, 0, UINT, NULL) \
    X(PRIM_RANDOM, "Vertex Access Type", 1, 8, 8, UINT, NULL) \
    X(PRIM_END_OFFSET, "End Offset Enable", 1, 9, 9, BOOL, NULL) \
    X(PRIM_VERTICES, "Vertex Count Per Instance", 2, 31, 0, UINT, NULL) \
    X(PRIM_START_VERTEX, "Start Vertex Location", 3, 31, 0, UINT, NULL) \
    X(PRIM_INSTANCES, "Instance Count", 4, 31, 0, UINT, NULL) \
    X(PRIM_START_INSTANCE, "Start Instance Location", 5, 31, 0, UINT, NULL) \
    X(PRIM_BASE_VERTEX, "Base Vertex Location", 6, 31, 0, SINT, NULL)

/* Field indices: one enum per list, counting from 0 in list order (the
 * handlers index the unpacked values with them). */
#define GT_FIELD_INDEX(id, name, dw, hi, lo, kind, names) id,
enum { GT_MI_NOOP_FIELDS(GT_FIELD_INDEX) GT_NF_MI_NOOP };
enum { GT_G7_3DPRIMITIVE_FIELDS(GT_FIELD_INDEX) GT_NF_G7_3DPRIMITIVE };
enum { GT_MI_SET_PREDICATE_FIELDS(GT_FIELD_INDEX) GT_NF_MI_SET_PREDICATE };
enum { GT_MI_ARB_ON_OFF_FIELDS(GT_FIELD_INDEX) GT_NF_MI_ARB_ON_OFF };
enum { GT_MI_PREDICATE_FIELDS(GT_FIELD_INDEX) GT_NF_MI_PREDICATE };
enum { GT_MI_MATH_FIELDS(GT_FIELD_INDEX) GT_NF_MI_MATH };
enum { GT_MI_MATH_ALU_FIELDS(GT_FIELD_INDEX) GT_NF_MI_MATH_ALU };
enum { GT_MI_SEMAPHORE_WAIT_FIELDS(GT_FIELD_INDEX) GT_NF_MI_SEMAPHORE_WAIT };
enum { GT_MI_STORE_DATA_IMM_FIELDS(GT_FIELD_INDEX) GT_NF_MI_STORE_DATA_IMM };
enum { GT_MI_STORE_DATA_INDEX_FIELDS(GT_FIELD_INDEX) GT_NF_MI_STORE_DATA_INDEX };
enum { GT_MI_LOAD_REGISTER_IMM_FIELDS(GT_FIELD_INDEX) GT_NF_MI_LOAD_REGISTER_IMM };
enum { GT_MI_LRI_PAIR_FIELDS(GT_FIELD_INDEX) GT_NF_MI_LRI_PAIR };
enum { GT_MI_STORE_REGISTER_MEM_FIELDS(GT_FIELD_INDEX) GT_NF_MI_STORE_REGISTER_MEM };
enum { GT_MI_LOAD_REGISTER_MEM_FIELDS(GT_FIELD_INDEX) GT_NF_MI_LOAD_REGISTER_MEM };
enum { GT_MI_LOAD_REGISTER_REG_FIELDS(GT_FIELD_INDEX) GT_NF_MI_LOAD_REGISTER_REG };
enum { GT_MI_FLUSH_DW_FIELDS(GT_FIELD_INDEX) GT_NF_MI_FLUSH_DW };
enum { GT_MI_REPORT_PERF_COUNT_FIELDS(GT_FIELD_INDEX) GT_NF_MI_REPORT_PERF_COUNT };
enum { GT_MI_COPY_MEM_MEM_FIELDS(GT_FIELD_INDEX) GT_NF_MI_COPY_MEM_MEM };
enum { GT_MI_ATOMIC_FIELDS(GT_FIELD_INDEX) GT_NF_MI_ATOMIC };
enum { GT_MI_BATCH_BUFFER_START_FIELDS(GT_FIELD_INDEX) GT_NF_MI_BATCH_BUFFER_START };
enum { GT_MI_CONDITIONAL_BATCH_BUFFER_END_FIELDS(GT_FIELD_INDEX) GT_NF_MI_CONDITIONAL_BATCH_BUFFER_END };
enum { GT_PIPE_CONTROL_FIELDS(GT_FIELD_INDEX) GT_NF_PIPE_CONTROL };
enum { GT_PIPELINE_SELECT_FIELDS(GT_FIELD_INDEX) GT_NF_PIPELINE_SELECT };
enum { GT_STATE_BASE_ADDRESS_FIELDS(GT_FIELD_INDEX) GT_NF_STATE_BASE_ADDRESS };
enum { GT_STATE_SIP_FIELDS(GT_FIELD_INDEX) GT_NF_STATE_SIP };
enum { GT_MEDIA_VFE_STATE_FIELDS(GT_FIELD_INDEX) GT_NF_MEDIA_VFE_STATE };
enum { GT_MEDIA_CURBE_LOAD_FIELDS(GT_FIELD_INDEX) GT_NF_MEDIA_CURBE_LOAD };
enum { GT_MEDIA_INTERFACE_DESCRIPTOR_LOAD_FIELDS(GT_FIELD_INDEX) GT_NF_MEDIA_INTERFACE_DESCRIPTOR_LOAD };
enum { GT_MEDIA_STATE_FLUSH_FIELDS(GT_FIELD_INDEX) GT_NF_MEDIA_STATE_FLUSH };
enum { GT_GPGPU_WALKER_FIELDS(GT_FIELD_INDEX) GT_NF_GPGPU_WALKER };
enum { GT_IDD_FIELDS(GT_FIELD_INDEX) GT_NF_IDD };

/* Fields that only some generations have: slots after the Gen9 ones.
 * GT_NS_x is the number of slots of command x (size of its unpacked array). */
enum { /* Gen7 STATE_BASE_ADDRESS: access upper bounds (absolute addresses) */
    SBA_GS_UB_EN = GT_NF_STATE_BASE_ADDRESS, SBA_GS_UB, SBA_DS_UB_EN, SBA_DS_UB, SBA_IO_UB_EN,
    SBA_IO_UB, SBA_IB_UB_EN, SBA_IB_UB,
    /* Gen12: bindless sampler state (seed 004 STATE_BASE_ADDRESS DW19-21) */
    SBA_BSAMP_EN, SBA_BSAMP, SBA_BSAMP_SIZE, GT_NS_STATE_BASE_ADDRESS };
enum { /* Gen7 MEDIA_VFE_STATE: gateway control, GPGPU mode, scoreboard deltas */
    VFE_BYPASS_GW = GT_NF_MEDIA_VFE_STATE, VFE_GW_MMIO, VFE_GPGPU_MODE,
    VFE_SB0_DX, VFE_SB0_DY, VFE_SB1_DX, VFE_SB1_DY, VFE_SB2_DX, VFE_SB2_DY, VFE_SB3_DX, VFE_SB3_DY,
    VFE_SB4_DX, VFE_SB4_DY, VFE_SB5_DX, VFE_SB5_DY, VFE_SB6_DX, VFE_SB6_DY, VFE_SB7_DX, VFE_SB7_DY,
    /* Gen12 (seed 004 MEDIA_VFE_STATE) */
    VFE_FUSED_EU, VFE_LOAD_BALANCE, VFE_MAX_DSS, GT_NS_MEDIA_VFE_STATE };
enum { /* Gen7 INTERFACE_DESCRIPTOR_DATA: barrier return GRF/byte; Gen12: preemption */
    IDD_BARRIER_GRF = GT_NF_IDD, IDD_BARRIER_BYTE, IDD_PREEMPT_DISABLE, GT_NS_IDD };
enum { /* Gen7 MI_BATCH_BUFFER_START */
    BBS_CLEAR = GT_NF_MI_BATCH_BUFFER_START, BBS_NONPRIV, GT_NS_MI_BATCH_BUFFER_START };
enum { /* Gen7 MEDIA_STATE_FLUSH */
    MSF_DISABLE_PREEMPT = GT_NF_MEDIA_STATE_FLUSH, GT_NS_MEDIA_STATE_FLUSH };
/* Gen12 (seed 004) additions.  "Add CS MMIO Start Offset": the register
 * offset is relative to the executing engine's MMIO base; "MMIO Remap
 * Enable": a render-engine offset is remapped to the executing engine. */
enum { LRI_ADD_BASE = GT_NF_MI_LOAD_REGISTER_IMM, LRI_REMAP, GT_NS_MI_LOAD_REGISTER_IMM };
enum { SRM_ADD_BASE = GT_NF_MI_STORE_REGISTER_MEM, SRM_REMAP, GT_NS_MI_STORE_REGISTER_MEM };
enum { LRM_ADD_BASE = GT_NF_MI_LOAD_REGISTER_MEM, LRM_REMAP, GT_NS_MI_LOAD_REGISTER_MEM };
enum { LRR_ADD_BASE_DST = GT_NF_MI_LOAD_REGISTER_REG, LRR_ADD_BASE_SRC, LRR_REMAP_DST, LRR_REMAP_SRC,
       GT_NS_MI_LOAD_REGISTER_REG };
enum { SEMW_TOKEN = GT_NF_MI_SEMAPHORE_WAIT, GT_NS_MI_SEMAPHORE_WAIT };
/* MI_CONDITIONAL_BATCH_BUFFER_END: absent on Gen9, whose behaviour is
 * Compare Operation 0 (MAD > IDD) and End Current Batch Buffer Level 0. */
enum { CBBE_COMPARE = GT_NF_MI_CONDITIONAL_BATCH_BUFFER_END, CBBE_END_LEVEL,
       GT_NS_MI_CONDITIONAL_BATCH_BUFFER_END };
enum { PC_HDC_FLUSH = GT_NF_PIPE_CONTROL, PC_PSD_SYNC, PC_AMFS_FLUSH, PC_TILE_FLUSH, PC_CMD_CACHE_INV,
       PC_L3_FABRIC_FLUSH, GT_NS_PIPE_CONTROL };


/* Gen7-only commands. */
/* MI_SEMAPHORE_MBOX (seed 002 MI command list, opcode 16h; layout: public
 * Mesa genxml gen7.xml / Linux i915 facts): wait until the selected
 * semaphore mailbox register holds a value greater than the data. */
#define GT_MI_SEMAPHORE_MBOX_FIELDS(X) \
    X(SEMM_REG, "Register Select", 0, 17, 16, ENUM, gt_v_semm_reg) \
    X(SEMM_DATA, "Semaphore Data Dword", 1, 31, 0, HEX, NULL)
/* MI_SET_CONTEXT (opcode 18h): switch the logical context (ring mode). */
#define GT_MI_SET_CONTEXT_FIELDS(X) \
    X(SETC_RESTORE_INHIBIT, "Restore Inhibit", 1, 0, 0, BOOL, NULL) \
    X(SETC_FORCE_RESTORE, "Force Restore", 1, 1, 1, BOOL, NULL) \
    X(SETC_EXT_RESTORE, "Extended State Restore Enable", 1, 2, 2, BOOL, NULL) \
    X(SETC_EXT_SAVE, "Extended State Save Enable", 1, 3, 3, BOOL, NULL) \
    X(SETC_ADDR, "Logical Context Address", 1, 31, 12, ADDR, NULL)
enum { GT_MI_SEMAPHORE_MBOX_FIELDS(GT_FIELD_INDEX) GT_NF_MI_SEMAPHORE_MBOX };
enum { GT_MI_SET_CONTEXT_FIELDS(GT_FIELD_INDEX) GT_NF_MI_SET_CONTEXT };

/* Largest number of slots of any command (cs.c unpacks into this many). */
#define GT_CMD_MAX_SLOTS 64

/* Commands with a handler (the command streamer switches on these). */
enum gt_cmd_id {
    GT_CMD_SKIP = 0, /* known, parsed and logged, no effect on a GPGPU model */
    GT_CMD_MI_NOOP, GT_CMD_MI_SET_PREDICATE, GT_CMD_MI_USER_INTERRUPT, GT_CMD_MI_ARB_CHECK,
    GT_CMD_MI_ARB_ON_OFF, GT_CMD_MI_BATCH_BUFFER_END, GT_CMD_MI_PREDICATE, GT_CMD_MI_MATH,
    GT_CMD_MI_SEMAPHORE_WAIT, GT_CMD_MI_STORE_DATA_IMM, GT_CMD_MI_STORE_DATA_INDEX,
    GT_CMD_MI_LOAD_REGISTER_IMM, GT_CMD_MI_STORE_REGISTER_MEM, GT_CMD_MI_FLUSH_DW,
    GT_CMD_MI_REPORT_PERF_COUNT, GT_CMD_MI_LOAD_REGISTER_MEM, GT_CMD_MI_LOAD_REGISTER_REG,
    GT_CMD_MI_COPY_MEM_MEM, GT_CMD_MI_ATOMIC, GT_CMD_MI_BATCH_BUFFER_START,
    GT_CMD_MI_CONDITIONAL_BATCH_BUFFER_END, GT_CMD_PIPE_CONTROL, GT_CMD_PIPELINE_SELECT,
    GT_CMD_STATE_BASE_ADDRESS, GT_CMD_STATE_SIP, GT_CMD_MEDIA_VFE_STATE, GT_CMD_MEDIA_CURBE_LOAD,
    GT_CMD_MEDIA_INTERFACE_DESCRIPTOR_LOAD, GT_CMD_MEDIA_STATE_FLUSH, GT_CMD_GPGPU_WALKER,
    GT_CMD_MI_SEMAPHORE_MBOX, GT_CMD_MI_REPORT_HEAD, GT_CMD_MI_SET_CONTEXT,
    GT_CMD_MEDIA_OBJECT, GT_CMD_MEDIA_OBJECT_PRT, GT_CMD_MEDIA_OBJECT_WALKER, /* Gen7 media unit */
    GT_CMD_GPGPU_OBJECT, /* Gen7 media unit */
    GT_CMD_BLT, /* an XY_* blitter command (src/cs/blt.c) */
    GT_CMD_UNIMPL, /* a real command gtsim does not model: reported by name */
    GT_CMD_3D, /* a 3D pipeline command (src/gen layouts; gt_cmd_desc.sub = enum gt3d_id):
                * executed by gt_pipe3d_command */
    GT_CMD_VIDEO, /* a video engine's codec / enhancement command (src/gen/gen12_vcs.txt):
                   * decoded and printed; its pipeline is not modelled (reported) */
    GT_CMD_DRAW_UNMODELLED, /* 3DPRIMITIVE of a generation without a 3D pipeline here (Gen7,
                             * GT_G7_3DPRIMITIVE_FIELDS): a draw of no vertices (or predicated
                             * off) does nothing; any other is reported */
};

/* Description of one command. */
typedef struct gt_cmd_desc {
    const char *name;
    uint32_t mask, match;   /* header & mask == match */
    uint8_t id;             /* enum gt_cmd_id */
    uint8_t len_bits;       /* DWord Length field is bits len_bits-1:0; 0 = 1 DWord */
    uint8_t min_len;        /* fewest total DWords that are valid */
    uint8_t max_len;        /* most total DWords (0 = as the length field says) */
    const gt_field *fields;
    uint16_t nfields;
    /* A repeated group after the fixed fields (LRI pairs, MI_MATH ALU
     * instructions, 3DSTATE_VERTEX_BUFFERS' VERTEX_BUFFER_STATE): from DWord
     * group_dw, group_size DWords each. */
    const gt_field *group;
    uint16_t ngroup;
    uint8_t group_dw, group_size;
    /* 3D commands and structures (src/gen, gt3d_gen.h): the enum gt3d_id */
    uint16_t sub;
} gt_cmd_desc;

/* One generation's command layouts (hung off gt_platform.cmds). */
typedef struct gt_cmd_set {
    const char *name;                 /* "gen9", "gen7", "gen75" */
    const gt_cmd_desc *cmds;          /* commands with handlers or explicit skips */
    unsigned ncmds;
    const gt_cmd_desc *names;         /* other known commands (skipped or unimplemented) */
    unsigned nnames;
    const struct gt_cmd_set *names_of; /* also the names list of this set (NULL: none) */
    const gt_field *idd;              /* INTERFACE_DESCRIPTOR_DATA layout (8 DWords) */
    unsigned nidd;
    /* MEDIA_VFE_STATE Per Thread Scratch Space field -> bytes, 0 if reserved */
    uint32_t (*scratch_bytes)(uint32_t field);
    /* INTERFACE_DESCRIPTOR_DATA Shared Local Memory Size field -> bytes,
     * UINT32_MAX if reserved */
    uint32_t (*slm_bytes)(uint32_t field);
    /* GPGPU thread payload order: 1 = cross-thread constant data before the
     * per-thread data in the GRF (seed 000, Gen7), 0 = after it (Gen9/NEO) */
    uint8_t payload_cross_first;
    /* GPGPU_WALKER thread group IDs: 1 = an X (Y) counter that reaches its
     * dimension rolls around to its Thread Group ID Starting X (Y) value
     * (seed 004 GPGPU_WALKER; Gen9, whose runtime walks the remainder
     * regions of non-uniform work-groups as walkers starting at X/Y > 0),
     * 0 = to 0 (seed 000 GPGPU_WALKER, Gen7) */
    uint8_t walker_roll_to_start;
    /* The generation's 3D pipeline commands (generated from src/gen, looked
     * up after cmds) and all its 3D layouts indexed by enum gt3d_id
     * (gt3d_desc); NULL when the generation has none here. */
    const gt_cmd_desc *cmds3d;
    unsigned ncmds3d;
    const gt_cmd_desc *const *desc3d;
    /* PS thread payload: the DWord (of R0..R1, 8 per register) whose bit
     * 15 says a primitive is back-facing: 0 = R0.0 (Gen9), 9 = R1.1
     * (Gen12; public facts: Mesa brw_fs.cpp reads g1.1 from Gen12 on) */
    uint8_t ps_facing_dw;
    /* MMIO offset of GT_MODE, whose bit 10 Binding Table Alignment selects
     * binding table pointers of bits 18:8 held in the fields' bits 15:5
     * (BTP_18_8, Icelake to Tiger Lake; public facts: Mesa genxml GT_MODE,
     * iris_state.c); 0 = the generation has only BTP_15_5 */
    uint32_t gt_mode_reg;
    /* HS thread payload: the lowest bit of the instance number in R0.2
     * (17 = bits 23:17 through Gen10, 16 = bits 22:16 Gen11+; public facts:
     * Mesa brw_fs.cpp set_tcs_invocation_id) */
    uint8_t hs_instance_shift;
    /* Mip alignment (VALIGN, pixels) of D16_UNORM depth buffers where it
     * differs from the other depth formats' 4: 8 on Gen12 (HALIGN 8 x
     * VALIGN 8; public facts: Mesa isl_gfx12_choose_image_alignment_el);
     * 0 = as the others (Gen9: 8x4 for every depth format) */
    uint8_t d16_valign;
} gt_cmd_set;

extern const gt_cmd_set gt_cmds_gen9, gt_cmds_gen7, gt_cmds_gen75, gt_cmds_gen12;

/* The video engines' own commands (cmds_video.c; id GT_CMD_VIDEO): the
 * video engine's MFX / MFD / MFC, HCP, AVP, VDENC and VD commands and the
 * video enhancement engine's VEBOX commands of seed 004 (generated from
 * src/gen/gen12_vcs.txt, gen12_vecs.txt), for gt_platform.vcs / vecs; and
 * the MI commands both command streamers accept (seed 004 command pages
 * whose Source is the CommandStreamer, the VideoCS or the
 * VideoEnhancementCS). */
extern const gt_cmd_set gt_cmds_vcs_gen12, gt_cmds_vecs_gen12;
extern const char *const gt_video_mi[];
extern const size_t gt_video_nmi;

/* The command set of an engine other than render: the MI commands of render
 * (the platform's render command set, one description of each MI layout per
 * generation) whose names are in mi[0..nmi) (the commands whose seed 004
 * pages name that engine's command streamer as a source), then own's
 * commands; own's other members (its generated cmds3d table) are kept.
 * NULL on out of memory; free with gt_engine_cmds_destroy. */
gt_cmd_set *gt_engine_cmds_create(const gt_cmd_set *own, const gt_cmd_set *render, const char *const *mi,
                                  size_t nmi);
void gt_engine_cmds_destroy(gt_cmd_set *s);

/* The description for a command header in set s, or NULL when the header
 * matches no command of the render engine (a corrupt stream or an unknown
 * command). */
const gt_cmd_desc *gt_cmd_lookup(const gt_cmd_set *s, uint32_t header);
/* The field of d whose slot is id, NULL if its layout has none. */
const gt_field *gt_cmd_field(const gt_cmd_desc *d, unsigned id);
/* Total length in DWords of the command starting with header. */
unsigned gt_cmd_length(const gt_cmd_desc *d, uint32_t header);
/* Length of an unknown header by the generic command-type rules (seed 002
 * command formats): MI opcodes 0x00-0x0F are one DWord, others bits 7:0 + 2;
 * GFXPIPE subtype 1 opcode 1 one DWord, media subtype bits 15:0 + 2, others
 * bits 7:0 + 2. */
unsigned gt_cmd_generic_length(uint32_t header);
/* "NAME field=value ..." of a command (dw[0..n)), into buf; returns length. */
size_t gt_cmd_format(const gt_cmd_desc *d, const uint32_t *dw, unsigned n, char *buf, size_t len);

/* Field tables for structures the pipeline reads (pipe.c): Gen9's; use
 * gt_cmd_set.idd for the device's generation. */
extern const gt_field gt_idd_fields[GT_NF_IDD];

/* Named values shared by the generations' tables (cmds.c). */
extern const gt_field_value gt_v_set_predicate[], gt_v_pred_compare[], gt_v_pred_combine[],
    gt_v_pred_load[], gt_v_alu_opcode[], gt_v_alu_operand[], gt_v_sem_compare[], gt_v_sem_mode[],
    gt_v_flush_dw_postsync[], gt_v_atomic_opcode[], gt_v_atomic_size[], gt_v_asi[],
    gt_v_pc_postsync[], gt_v_pipeline[], gt_v_simd[], gt_v_fp_mode[], gt_v_denorm[],
    gt_v_slm_size[], gt_v_rounding[];

#endif
