/*
 * Per-generation shared-function descriptions: which data port message
 * each (SFID, message type) is, and the RENDER_SURFACE_STATE layout
 * (surface.c).  Selected through the platform (gt_platform.sf).
 *
 * Message type numbers (descriptor bits 17:14, or 18:14 on the ports with
 * 5-bit types) are public facts: Mesa brw_eu_defines.h GEN7_DATAPORT_DC_*,
 * GEN7_DATAPORT_RC_*, HSW_DATAPORT_DC_PORT0_* / _PORT1_*, and for Gen9 the
 * numbering the Skylake handlers used before this table (see dataport.c);
 * seed 004 MSD1R_MB / MSD1W_MB give the media block read/write types 04h /
 * 0Ah of data cache 1 (Gen12), the same numbers Haswell and Gen9 use.
 *
 *  Ivy Bridge / VLV:
 *   SFID 0xA data cache  0 OWord block read, 1 unaligned OWord block read,
 *                        2 OWord dual block read, 3 DWord scattered read,
 *                        4 byte scattered read, 5 untyped surface read,
 *                        6 untyped atomic, 7 memory fence, 8 OWord block
 *                        write, 10 OWord dual block write, 11 DWord
 *                        scattered write, 12 byte scattered write, 13 untyped
 *                        surface write; bit 18 selects scratch block messages
 *   SFID 0x5 render cache 4 media block read, 10 media block write
 *  Haswell:
 *   SFID 0xA data cache 0 as Ivy Bridge without the untyped messages
 *   SFID 0xC data cache 1 (5-bit types) 1 untyped surface read, 2 untyped
 *                        atomic, 4 media block read, 9 untyped surface write,
 *                        10 media block write
 *   SFID 0x5 render cache as Ivy Bridge
 */
#include "sf/sf_int.h"

/* Gen9 (Skylake). */
const sf_port sf_port_gen9_dc0 = {
    .type_hi = 17, .scratch = 1,
    .op = {[0] = SF_OP_OWB_READ, [1] = SF_OP_OWB_UNALIGNED_READ, [2] = SF_OP_OWDB_READ,
           [3] = SF_OP_DWS_READ, [4] = SF_OP_BS_READ, [7] = SF_OP_FENCE, [8] = SF_OP_OWB_WRITE,
           [10] = SF_OP_OWDB_WRITE, [11] = SF_OP_DWS_WRITE, [12] = SF_OP_BS_WRITE},
};
const sf_port sf_port_gen9_dc1 = {
    .type_hi = 18,
    .op = {[0x01] = SF_OP_UNTYPED_READ, [0x02] = SF_OP_UNTYPED_ATOMIC,
           [0x03] = SF_OP_UNTYPED_ATOMIC_SIMD4X2, [0x04] = SF_OP_MEDIA_BLOCK_READ,
           [0x05] = SF_OP_TYPED_READ, [0x06] = SF_OP_TYPED_ATOMIC,
           [0x07] = SF_OP_TYPED_ATOMIC_SIMD4X2, [0x09] = SF_OP_UNTYPED_WRITE,
           [0x0a] = SF_OP_MEDIA_BLOCK_WRITE, [0x0b] = SF_OP_ATOMIC_COUNTER,
           [0x0c] = SF_OP_ATOMIC_COUNTER_SIMD4X2, [0x0d] = SF_OP_TYPED_WRITE, [0x10] = SF_OP_A64_SCATTERED_READ,
           [0x11] = SF_OP_A64_UNTYPED_READ, [0x12] = SF_OP_A64_UNTYPED_ATOMIC,
           [0x14] = SF_OP_A64_OWB_READ, [0x15] = SF_OP_A64_OWB_WRITE,
           [0x19] = SF_OP_A64_UNTYPED_WRITE, [0x1a] = SF_OP_A64_SCATTERED_WRITE,
           [0x1b] = SF_OP_UNTYPED_ATOMIC_FLOAT, [0x1d] = SF_OP_A64_UNTYPED_ATOMIC_FLOAT},
};
/* Read-only ports, seed 004 MSD_CC_* / MSD_SC_*: constant cache 0 OWord
 * block read, 1 unaligned OWord block read, 3 DWord scattered read;
 * sampler cache 4 unaligned OWord block read. */
const sf_port sf_port_gen9_cc = {
    .type_hi = 17,
    .op = {[0] = SF_OP_OWB_READ, [1] = SF_OP_OWB_UNALIGNED_READ, [3] = SF_OP_DWS_READ},
};
const sf_port sf_port_gen9_sc = {
    .type_hi = 17,
    .op = {[4] = SF_OP_OWB_UNALIGNED_READ},
};

/* Gen12LP (Tiger Lake, DG1): the Message Type defaults of the seed 004
 * MSD* pages.  Data cache 0 (EuSubFunctionDataPort0: MSD0R_OWAB 01h,
 * MSD0R_DWS 03h, MSD0R_BS 04h, MSD0W_OWB 08h, MSD0W_DWS 0Bh, MSD0W_BS 0Ch,
 * scratch MSD0R_SB / MSD0W_SB with bit 18), the constant and sampler
 * caches (MSD_CC_*, MSD_SC_*) number their messages as Gen9 does; data
 * cache 1 (EuSubFunctionDataPort1) too, except that 03h, 07h and 0Ch are
 * the word atomics (MSD1R_WAI, MSD1R_WTAI, MSD1R_WAC: Gen9's SIMD4x2
 * forms are gone) and 13h, 1Ch, 1Eh are new (MSD1R_A64_WAI, MSD1R_WAF,
 * MSD1R_A64_WAF). */
const sf_port sf_port_gen12_dc1 = {
    .type_hi = 18,
    .op = {[0x01] = SF_OP_UNTYPED_READ, [0x02] = SF_OP_UNTYPED_ATOMIC,
           [0x03] = SF_OP_WORD_UNTYPED_ATOMIC, [0x04] = SF_OP_MEDIA_BLOCK_READ,
           [0x05] = SF_OP_TYPED_READ, [0x06] = SF_OP_TYPED_ATOMIC,
           [0x07] = SF_OP_WORD_TYPED_ATOMIC, [0x09] = SF_OP_UNTYPED_WRITE,
           [0x0a] = SF_OP_MEDIA_BLOCK_WRITE, [0x0b] = SF_OP_ATOMIC_COUNTER,
           [0x0c] = SF_OP_WORD_ATOMIC_COUNTER, [0x0d] = SF_OP_TYPED_WRITE,
           [0x10] = SF_OP_A64_SCATTERED_READ, [0x11] = SF_OP_A64_UNTYPED_READ,
           [0x12] = SF_OP_A64_UNTYPED_ATOMIC, [0x13] = SF_OP_A64_WORD_UNTYPED_ATOMIC,
           [0x14] = SF_OP_A64_OWB_READ, [0x15] = SF_OP_A64_OWB_WRITE,
           [0x19] = SF_OP_A64_UNTYPED_WRITE, [0x1a] = SF_OP_A64_SCATTERED_WRITE,
           [0x1b] = SF_OP_UNTYPED_ATOMIC_FLOAT, [0x1c] = SF_OP_WORD_UNTYPED_ATOMIC_FLOAT,
           [0x1d] = SF_OP_A64_UNTYPED_ATOMIC_FLOAT, [0x1e] = SF_OP_A64_WORD_UNTYPED_ATOMIC_FLOAT},
};

/* Gen7 (Ivy Bridge, VLV). */
const sf_port sf_port_gen7_dc = {
    .type_hi = 17, .scratch = 1,
    .op = {[0] = SF_OP_OWB_READ, [1] = SF_OP_OWB_UNALIGNED_READ, [2] = SF_OP_OWDB_READ,
           [3] = SF_OP_DWS_READ, [4] = SF_OP_BS_READ, [5] = SF_OP_UNTYPED_READ,
           [6] = SF_OP_UNTYPED_ATOMIC, [7] = SF_OP_FENCE, [8] = SF_OP_OWB_WRITE,
           [10] = SF_OP_OWDB_WRITE, [11] = SF_OP_DWS_WRITE, [12] = SF_OP_BS_WRITE,
           [13] = SF_OP_UNTYPED_WRITE},
};
const sf_port sf_port_gen7_rc = {
    .type_hi = 17,
    .op = {[4] = SF_OP_MEDIA_BLOCK_READ, [5] = SF_OP_TYPED_READ, [6] = SF_OP_TYPED_ATOMIC,
           [10] = SF_OP_MEDIA_BLOCK_WRITE, [12] = SF_OP_RT_WRITE, [13] = SF_OP_TYPED_WRITE},
};

/* Gen7.5 (Haswell). */
const sf_port sf_port_gen75_dc0 = {
    .type_hi = 17, .scratch = 1,
    .op = {[0] = SF_OP_OWB_READ, [1] = SF_OP_OWB_UNALIGNED_READ, [2] = SF_OP_OWDB_READ,
           [3] = SF_OP_DWS_READ, [4] = SF_OP_BS_READ, [7] = SF_OP_FENCE, [8] = SF_OP_OWB_WRITE,
           [10] = SF_OP_OWDB_WRITE, [11] = SF_OP_DWS_WRITE, [12] = SF_OP_BS_WRITE},
};
const sf_port sf_port_gen75_dc1 = {
    .type_hi = 18,
    .op = {[0x01] = SF_OP_UNTYPED_READ, [0x02] = SF_OP_UNTYPED_ATOMIC,
           [0x03] = SF_OP_UNTYPED_ATOMIC_SIMD4X2, [0x04] = SF_OP_MEDIA_BLOCK_READ,
           [0x05] = SF_OP_TYPED_READ, [0x06] = SF_OP_TYPED_ATOMIC,
           [0x07] = SF_OP_TYPED_ATOMIC_SIMD4X2, [0x09] = SF_OP_UNTYPED_WRITE,
           [0x0a] = SF_OP_MEDIA_BLOCK_WRITE, [0x0b] = SF_OP_ATOMIC_COUNTER,
           [0x0c] = SF_OP_ATOMIC_COUNTER_SIMD4X2, [0x0d] = SF_OP_TYPED_WRITE},
};

const gt_sf_gen gt_sf_gen9 = {
    .name = "gen9",
    .port = {[GT_SFID_DP_DC0] = &sf_port_gen9_dc0, [GT_SFID_DP_DC1] = &sf_port_gen9_dc1,
             [GT_SFID_DP_CC] = &sf_port_gen9_cc, [GT_SFID_DP_SAMPLER] = &sf_port_gen9_sc},
    .rss = &sf_rss_gen9,
    /* MCS: value 1 (gen9.xml names it AUX_CCS_D, gen8.xml AUX_MCS; Mesa
     * isl_surface_state.c maps ISL_AUX_USAGE_MCS to it on Gen9) */
    .aux_mcs = 1,
};

/* Gen12LP: RENDER_SURFACE_STATE keeps the Gen9 positions of every field
 * the data port reads (Surface Type, Format, Tile Mode, Width, Height,
 * Depth, Pitch, base address in DWords 8-9; public fact: Mesa genxml
 * gen12.xml), and the gateway (barrier, seed 004 MSD_BARRIER) and thread
 * spawner (EOT) messages are Gen9's; send is always split. */
const gt_sf_gen gt_sf_gen12 = {
    .name = "gen12",
    .port = {[GT_SFID_DP_DC0] = &sf_port_gen9_dc0, [GT_SFID_DP_DC1] = &sf_port_gen12_dc1,
             [GT_SFID_DP_CC] = &sf_port_gen9_cc, [GT_SFID_DP_SAMPLER] = &sf_port_gen9_sc},
    .rss = &sf_rss_gen9,
    .send_split = 1,
    /* MCS: value 5 (gen12.xml AUX_CCS_E; Mesa isl_surface_state.c maps
     * ISL_AUX_USAGE_MCS to AUX_CCS_E and MCS_CCS to AUX_MCS_LCE = 4 on
     * Gen12) */
    .aux_mcs = 5, .aux_mcs_lce = 4,
    .rt_exdesc = 1,
    .clear_addr = 1,
};

const gt_sf_gen gt_sf_gen7 = {
    .name = "gen7",
    .port = {[GT_SFID_DP_DC0] = &sf_port_gen7_dc, [GT_SFID_DP_RC] = &sf_port_gen7_rc},
    .rss = &sf_rss_gen7,
};

const gt_sf_gen gt_sf_gen75 = {
    .name = "gen75",
    .port = {[GT_SFID_DP_DC0] = &sf_port_gen75_dc0, [GT_SFID_DP_DC1] = &sf_port_gen75_dc1,
             [GT_SFID_DP_RC] = &sf_port_gen7_rc},
    .rss = &sf_rss_gen7,
};

const gt_sf_gen *sf_gen_of(const gtsim_device *dev)
{
    return dev->plat && dev->plat->sf ? dev->plat->sf : &gt_sf_gen9;
}
