/* Per-platform descriptions, each pointing at its generation's tables
 * (command layouts, GTT entry format) and submission model.
 *
 * Skylake GT2 (PCI 0x1912 family; NEO's AUB default skl config is 1x3x8:
 * 1 slice, 3 subslices, 8 EUs each), 7 threads per EU on Gen9.
 *
 * Gen7 (public facts: Linux i915 PCI ID tables, Mesa devinfo EU/thread
 * counts; seed 000 §1.8.1: Maximum Number of Threads < #EUs x threads/EU):
 *   ivb  Ivy Bridge GT2 (HD Graphics 4000, PCI 0x0162): 16 EUs x 8 threads
 *   vlv  Bay Trail / ValleyView (PCI 0x0f31): 4 EUs x 8 threads
 *   hsw  Haswell GT2 (HD Graphics 4600, PCI 0x0412): 20 EUs x 7 threads
 * All three submit through the render ring buffer registers (seed 002) and
 * use 32-bit GTT entries with a 2-level PPGTT whose directory is in the GGTT.
 */
#include <string.h>

#include "cs/blt.h"
#include "cs/cmds.h"
#include "cs/cs.h"
#include "gt.h"
#include "sf/sf.h"

/* Gen7 GTT entries: 32 bits, physical address bits 31:12 in place, bits
 * 39:32 in entry bits 11:4 (Linux i915 GEN6_GTT_ADDR_ENCODE; IVB and VLV,
 * VLV using bits 2:1 as snoop/writeable); Haswell keeps bits 38:32 in 10:4
 * (HSW_GTT_ADDR_ENCODE), bit 11 and bits 3:1 being cacheability control.
 * Page directory entries use the Gen6 encoding on all three. */
static const gt_gtt_format gtt_gen7 = {
    .pte_bytes = 4, .ext_lo = 4, .ext_bits = 8, .pde_ext_bits = 8, .addr_mask = 0xfffff000u};
static const gt_gtt_format gtt_hsw = {
    .pte_bytes = 4, .ext_lo = 4, .ext_bits = 7, .pde_ext_bits = 8, .addr_mask = 0xfffff000u};

/* DG1 (public facts, Linux i915 GEN12_GGTT_PTE_LM / GEN12_PPGTT_PTE_LM):
 * leaf entries select local memory with bit 1 (GGTT) or bit 11 (PPGTT). */
static const gt_gtt_format gtt_dg1 = {
    .pte_bytes = 8, .addr_mask = 0x0000FFFFFFFFF000ull, .ggtt_lm_bit = 1, .ppgtt_lm_bit = 11};

static const gt_platform platforms[] = {
    {.name = "skl", .gen = 9, .pci_id = 0x1912, .eu_count = 24, .threads_per_eu = 7,
     .max_threads = 24 * 7, .cmds = &gt_cmds_gen9, .gtt = &gt_gtt_gen8, .submit = GT_SUBMIT_EXECLIST,
     .sf = &gt_sf_gen9, .vcs = &gt_cmds_vcs_gen12, .vecs = &gt_cmds_vecs_gen12,
     .vcs_base = GT_VCS_BASE_GEN9, .vecs_base = GT_VECS_BASE_GEN9, .timestamp_hz = 12000000},
    {.name = "ivb", .gen = 7, .pci_id = 0x0162, .eu_count = 16, .threads_per_eu = 8,
     .max_threads = 16 * 8, .cmds = &gt_cmds_gen7, .gtt = &gtt_gen7, .submit = GT_SUBMIT_RING,
     .pp_dir_base_reg = GT_RCS_PP_DIR_BASE, .sf = &gt_sf_gen7, .timestamp_hz = 12500000},
    {.name = "vlv", .gen = 7, .pci_id = 0x0f31, .eu_count = 4, .threads_per_eu = 8,
     .max_threads = 4 * 8, .cmds = &gt_cmds_gen7, .gtt = &gtt_gen7, .submit = GT_SUBMIT_RING,
     .pp_dir_base_reg = GT_RCS_PP_DIR_BASE, .sf = &gt_sf_gen7, .timestamp_hz = 12500000},
    {.name = "hsw", .gen = 75, .pci_id = 0x0412, .eu_count = 20, .threads_per_eu = 7,
     .max_threads = 20 * 7, .cmds = &gt_cmds_gen75, .gtt = &gtt_hsw, .submit = GT_SUBMIT_RING,
     .pp_dir_base_reg = GT_RCS_PP_DIR_BASE, .sf = &gt_sf_gen75, .timestamp_hz = 12500000},
    /* Tiger Lake GT2 (Gen12LP, seed 004): 96 EUs (6 dual-subslices x 16),
     * 7 threads each; 48-bit PPGTT with the Gen8 entry format; execlists
     * through the submission queue. */
    {.name = "tgllp", .gen = 12, .pci_id = 0x9A49, .eu_count = 96, .threads_per_eu = 7,
     .max_threads = 96 * 7, .cmds = &gt_cmds_gen12, .gtt = &gt_gtt_gen8, .submit = GT_SUBMIT_EXECLIST_SQ,
     .sf = &gt_sf_gen12, .blt = &gt_cmds_blt_gen12, .vcs = &gt_cmds_vcs_gen12, .vecs = &gt_cmds_vecs_gen12,
     .vcs_base = GT_VCS_BASE_GEN11, .vecs_base = GT_VECS_BASE_GEN11, .timestamp_hz = 19200000},
    /* DG1 (Gen12LP discrete, PCI 0x4905): 96 EUs, 7 threads each; local
     * memory (gt_gtt_format, mem.h). */
    {.name = "dg1", .gen = 12, .pci_id = 0x4905, .eu_count = 96, .threads_per_eu = 7,
     .max_threads = 96 * 7, .cmds = &gt_cmds_gen12, .gtt = &gtt_dg1, .submit = GT_SUBMIT_EXECLIST_SQ,
     .sf = &gt_sf_gen12, .blt = &gt_cmds_blt_gen12, .vcs = &gt_cmds_vcs_gen12, .vecs = &gt_cmds_vecs_gen12,
     .vcs_base = GT_VCS_BASE_GEN11, .vecs_base = GT_VECS_BASE_GEN11, .timestamp_hz = 19200000},
};

const gt_platform *gt_platform_find(const char *name)
{
    if (!name)
        return NULL;
    for (size_t i = 0; i < sizeof(platforms) / sizeof(platforms[0]); i++)
        if (!strcmp(platforms[i].name, name))
            return &platforms[i];
    return NULL;
}
