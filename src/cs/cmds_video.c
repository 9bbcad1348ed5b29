/*
 * The video engines' command sets.  The codec and enhancement commands
 * (MFX_*, MFD_*, MFC_*, HCP_*, AVP_*, VDENC_*, VD_*, VEBOX_*) are
 * described once as data, generated from seed 004's command pages
 * (src/gen/gen12_vcs.txt, gen12_vecs.txt; src/gen/README.md): the command streamer
 * recognises them, checks their length and prints their fields
 * (--trace-commands); executing one reports that the video pipelines are
 * not modelled (cs.c, GT_CMD_VIDEO).  The MI commands come from the
 * platform's render set (gt_engine_cmds_create).
 */
#include <stddef.h>

#include "cs/cmds.h"
#include "gt3d_gen.h"

const gt_cmd_set gt_cmds_vcs_gen12 = {
    .name = "gen12 video",
    .cmds3d = gt3d_gen12vcs_cmds,
    .ncmds3d = GT3D_GEN12VCS_NCMDS,
    .desc3d = gt3d_gen12vcs_by_id,
};

const gt_cmd_set gt_cmds_vecs_gen12 = {
    .name = "gen12 video enhancement",
    .cmds3d = gt3d_gen12vecs_cmds,
    .ncmds3d = GT3D_GEN12VECS_NCMDS,
    .desc3d = gt3d_gen12vecs_by_id,
};

/* seed 004: the MI command pages with Source CommandStreamer (every
 * engine), VideoCS / VideoEnhancementCS, or BSpec (MI_ATOMIC: no engine
 * restriction). */
const char *const gt_video_mi[] = {
    "MI_ARB_CHECK", "MI_ARB_ON_OFF", "MI_ATOMIC", "MI_BATCH_BUFFER_END", "MI_BATCH_BUFFER_START",
    "MI_CONDITIONAL_BATCH_BUFFER_END", "MI_COPY_MEM_MEM", "MI_FLUSH_DW", "MI_FORCE_WAKEUP",
    "MI_LOAD_REGISTER_IMM", "MI_LOAD_REGISTER_MEM", "MI_LOAD_REGISTER_REG", "MI_MATH", "MI_NOOP",
    "MI_REPORT_HEAD", "MI_SEMAPHORE_SIGNAL", "MI_SEMAPHORE_WAIT", "MI_SET_PREDICATE", "MI_STORE_DATA_IMM",
    "MI_STORE_DATA_INDEX", "MI_STORE_REGISTER_MEM", "MI_SUSPEND_FLUSH", "MI_USER_INTERRUPT",
};
const size_t gt_video_nmi = sizeof(gt_video_mi) / sizeof(gt_video_mi[0]);
