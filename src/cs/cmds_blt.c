/*
 * Blitter command streamer command layouts (Gen12LP, seed 004): the MI
 * commands whose command pages name the BlitterCS as a source, and every
 * XY_* 2D command (client 2, opcode bits 28:22, DWord Length bits 7:0,
 * Length Bias 2).  Field positions are those of the seed 004 XY_* pages.
 * The MI field lists are the shared ones of cmds.h (one description).
 */
#include <stdint.h>

#include "cs/blt.h"
#include "cs/cmds.h"

/* ---- enumerated values ---- */

static const gt_field_value v_byte_mask[] = {
    {0, "none"}, {1, "RGB"}, {2, "Alpha"}, {3, "Alpha+RGB"}, {0, NULL}};
static const gt_field_value v_depth[] = {
    {0, "8 Bit Color"}, {1, "16 Bit Color(565)"}, {2, "16 Bit Color(1555)"}, {3, "32 Bit Color"}, {0, NULL}};
static const gt_field_value v_fast_depth[] = {
    {0, "8 bit color"}, {1, "16 bit color (565)"}, {3, "32 bit color"}, {4, "64 bit color"},
    {5, "128 bit color"}, {0, NULL}};
static const gt_field_value v_block_depth[] = {
    {0, "8 bit color"}, {1, "16 bit color"}, {2, "32 bit color"}, {3, "64 bit color"},
    {4, "96 bit color"}, {5, "128 bit color"}, {0, NULL}};
static const gt_field_value v_fast_tiling[] = {
    {0, "Linear"}, {2, "YMAJOR"}, {3, "Tile64"}, {0, NULL}};
static const gt_field_value v_tile_y_type[] = {{0, "Legacy Tile-Y"}, {1, "Tile4"}, {0, NULL}};
static const gt_field_value v_block_tiling[] = {{0, "LINEAR"}, {1, "YMAJOR"}, {0, NULL}};
static const gt_field_value v_transp[] = {{0, "Use Background"}, {1, "Transparency Enabled"}, {0, NULL}};
static const gt_field_value v_packed[] = {{0, "Bit"}, {1, "Byte"}, {0, NULL}};
static const gt_field_value v_fixed_pat[] = {
    {0, "HS_HORIZONTAL"}, {1, "HS_VERTICAL"}, {2, "HS_FDIAGONAL"}, {3, "HS_BDIAGONAL"},
    {4, "HS_CROSS"}, {5, "HS_DIAGCROSS"}, {8, "Screen Door"}, {9, "SD Wide"},
    {10, "Walking Bit (one)"}, {11, "Walking Zero"}, {0, NULL}};

/* ---- field lists (X(ID, "Name", dword, hi, lo, KIND, names)) ---- */

/* BR00 pieces */
#define BR00_MASK(X) X(BLT_BYTE_MASK, "32bpp Byte Mask", 0, 21, 20, ENUM, v_byte_mask)
#define BR00_SEEDS(X) \
    X(BLT_PAT_HSEED, "Pattern Horizontal Seed", 0, 14, 12, UINT, NULL) \
    X(BLT_PAT_VSEED, "Pattern Vertical Seed", 0, 10, 8, UINT, NULL)
#define BR00_TILED(X) X(BLT_DST_TILED, "Tiling Enable", 0, 11, 11, BOOL, NULL)
#define BR00_TILED2(X) \
    X(BLT_SRC_TILED, "Src Tiling Enable", 0, 15, 15, BOOL, NULL) \
    X(BLT_DST_TILED, "Dest Tiling Enable", 0, 11, 11, BOOL, NULL)
#define BR00_BITPOS(X) \
    X(BLT_MONO_BITPOS, "Monochrome source data bit position of the first pixel", 0, 19, 17, UINT, NULL)
#define BR00_CHROMA(X) X(BLT_CHROMA_MODE, "Transparency Range Mode", 0, 19, 17, UINT, NULL)
/* BR13: colour depth, ROP, pitch; the flags differ per command */
#define BR13_CLIP(X) X(BLT_CLIP, "Clipping Enabled", 1, 30, 30, BOOL, NULL)
#define BR13_SOLID(X) X(BLT_SOLID_PAT, "Solid Pattern Select", 1, 31, 31, BOOL, NULL)
#define BR13_SRC_TRANSP(X) X(BLT_SRC_TRANSP, "Mono Source Transparency Mode", 1, 29, 29, ENUM, v_transp)
#define BR13_PAT_TRANSP(X) X(BLT_PAT_TRANSP, "Mono Pattern Transparency Mode", 1, 28, 28, ENUM, v_transp)
#define BR13_DEPTH_ROP_PITCH(X) \
    X(BLT_DEPTH, "Color Depth", 1, 25, 24, ENUM, v_depth) \
    X(BLT_ROP, "Raster Operation", 1, 23, 16, HEX, NULL) \
    X(BLT_DST_PITCH, "Destination Pitch", 1, 15, 0, SINT, NULL)
/* BR22/BR23 at DWords d, d + 1 */
#define DST_RECT(X, d) \
    X(BLT_DST_Y1, "Destination Y1 Coordinate (Top)", d, 31, 16, SINT, NULL) \
    X(BLT_DST_X1, "Destination X1 Coordinate (Left)", d, 15, 0, SINT, NULL) \
    X(BLT_DST_Y2, "Destination Y2 Coordinate (Bottom)", d + 1, 31, 16, SINT, NULL) \
    X(BLT_DST_X2, "Destination X2 Coordinate (Right)", d + 1, 15, 0, SINT, NULL)
#define CLIP_RECT(X, d) \
    X(BLT_CLIP_Y1, "ClipRect Y1 Coordinate (Top)", d, 31, 16, SINT, NULL) \
    X(BLT_CLIP_X1, "ClipRect X1 Coordinate (Left)", d, 15, 0, SINT, NULL) \
    X(BLT_CLIP_Y2, "ClipRect Y2 Coordinate (Bottom)", d + 1, 31, 16, SINT, NULL) \
    X(BLT_CLIP_X2, "ClipRect X2 Coordinate (Right)", d + 1, 15, 0, SINT, NULL)
#define DST_ADDR(X, d) X(BLT_DST_ADDR, "Destination Base Address", d, 63, 0, ADDR, NULL)
#define SRC_XY(X, d) \
    X(BLT_SRC_Y1, "Source Y1 Coordinate (Top)", d, 31, 16, SINT, NULL) \
    X(BLT_SRC_X1, "Source X1 Coordinate (Left)", d, 15, 0, SINT, NULL)
#define SRC_PITCH(X, d) X(BLT_SRC_PITCH, "Source Pitch", d, 15, 0, SINT, NULL)
#define SRC_ADDR(X, d) X(BLT_SRC_ADDR, "Source Base Address", d, 63, 0, ADDR, NULL)
#define MONO_ADDR(X, d) X(BLT_SRC_ADDR, "Mono Source Address", d, 63, 0, ADDR, NULL)
#define PAT_ADDR(X, d) X(BLT_PAT_ADDR, "Pattern Base Address", d, 63, 0, ADDR, NULL)
#define SRC_COLORS(X, d) \
    X(BLT_SRC_BG, "Source Background Color", d, 31, 0, HEX, NULL) \
    X(BLT_SRC_FG, "Source Foreground Color", d + 1, 31, 0, HEX, NULL)
#define PAT_COLORS(X, d) \
    X(BLT_PAT_BG, "Pattern Background Color", d, 31, 0, HEX, NULL) \
    X(BLT_PAT_FG, "Pattern Foreground Color", d + 1, 31, 0, HEX, NULL)
#define PAT_DATA(X, d) \
    X(BLT_PAT_DATA0, "Pattern Data 0", d, 31, 0, HEX, NULL) \
    X(BLT_PAT_DATA1, "Pattern Data 1", d + 1, 31, 0, HEX, NULL)
#define CHROMA(X, d) \
    X(BLT_CHROMA_LO, "Transparency Color Low", d, 31, 0, HEX, NULL) \
    X(BLT_CHROMA_HI, "Transparency Color High", d + 1, 31, 0, HEX, NULL)

#define F_SRC_COPY(X) BR00_MASK(X) BR00_TILED2(X) BR13_CLIP(X) BR13_DEPTH_ROP_PITCH(X) DST_RECT(X, 2) \
    DST_ADDR(X, 4) SRC_XY(X, 6) SRC_PITCH(X, 7) SRC_ADDR(X, 8)
#define F_SRC_COPY_CHROMA(X) F_SRC_COPY(X) BR00_CHROMA(X) CHROMA(X, 10)
#define F_FAST_COPY(X) \
    X(BLT_SRC_TILING, "Source Tiling Method", 0, 21, 20, ENUM, v_fast_tiling) \
    X(BLT_DST_TILING, "Destination Tiling Method", 0, 14, 13, ENUM, v_fast_tiling) \
    X(BLT_SRC_TILE4, "Tile Y Type for Source", 1, 31, 31, ENUM, v_tile_y_type) \
    X(BLT_DST_TILE4, "Tile Y Type for Destination", 1, 30, 30, ENUM, v_tile_y_type) \
    X(BLT_DEPTH, "Color Depth", 1, 26, 24, ENUM, v_fast_depth) \
    X(BLT_DST_PITCH, "Destination Pitch", 1, 15, 0, UINT, NULL) \
    DST_RECT(X, 2) DST_ADDR(X, 4) SRC_XY(X, 6) \
    X(BLT_SRC_PITCH, "Source Pitch", 7, 15, 0, UINT, NULL) SRC_ADDR(X, 8)
#define BLOCK_DST(X) \
    X(BLT_DEPTH, "Color Depth", 0, 21, 19, ENUM, v_block_depth) \
    X(BLT_DST_TILING, "Destination Tiling", 1, 31, 30, ENUM, v_block_tiling) \
    X(BLT_DST_MOCS, "Destination MOCS value", 1, 27, 21, HEX, NULL) \
    X(BLT_DST_PITCH, "Destination Pitch", 1, 17, 0, UINT, NULL) \
    DST_RECT(X, 2) DST_ADDR(X, 4) \
    X(BLT_DST_YOFF, "Destination Y offset", 6, 29, 16, UINT, NULL) \
    X(BLT_DST_XOFF, "Destination X offset", 6, 13, 0, UINT, NULL)
#define F_BLOCK_COPY(X) BLOCK_DST(X) SRC_XY(X, 7) \
    X(BLT_SRC_TILING, "Source Tiling", 8, 31, 30, ENUM, v_block_tiling) \
    X(BLT_SRC_MOCS, "Source MOCS", 8, 27, 21, HEX, NULL) \
    X(BLT_SRC_PITCH, "Source Pitch", 8, 17, 0, UINT, NULL) SRC_ADDR(X, 9) \
    X(BLT_SRC_YOFF, "Source Y offset", 11, 29, 16, UINT, NULL) \
    X(BLT_SRC_XOFF, "Source X offset", 11, 13, 0, UINT, NULL) \
    X(BLT_CLEAR_ADDR_HI, "Destination Clear Address High", 15, 15, 0, HEX, NULL)
#define F_FAST_COLOR(X) BLOCK_DST(X) \
    X(BLT_FILL0, "Fill Color DW7", 7, 31, 0, HEX, NULL) \
    X(BLT_FILL1, "Fill Color DW8", 8, 31, 0, HEX, NULL) \
    X(BLT_FILL2, "Fill Color DW9", 9, 31, 0, HEX, NULL) \
    X(BLT_FILL3, "Fill Color DW10", 10, 31, 0, HEX, NULL) \
    X(BLT_CLEAR_ADDR_HI, "Destination Clear Address High", 12, 15, 0, HEX, NULL)
#define F_COLOR(X) BR00_MASK(X) BR00_TILED(X) BR13_CLIP(X) BR13_DEPTH_ROP_PITCH(X) DST_RECT(X, 2) \
    DST_ADDR(X, 4) X(BLT_PAT_BG, "Solid Pattern Color", 6, 31, 0, HEX, NULL)
#define F_PAT_COMMON(X) BR00_MASK(X) BR00_SEEDS(X) BR00_TILED(X) BR13_CLIP(X) BR13_DEPTH_ROP_PITCH(X) \
    DST_RECT(X, 2) DST_ADDR(X, 4)
#define F_PAT(X) F_PAT_COMMON(X) PAT_ADDR(X, 6)
#define F_PAT_IMM(X) F_PAT_COMMON(X)
#define F_PAT_CHROMA(X) F_PAT_COMMON(X) BR00_CHROMA(X) PAT_ADDR(X, 6) CHROMA(X, 8)
#define F_PAT_CHROMA_IMM(X) F_PAT_COMMON(X) BR00_CHROMA(X) CHROMA(X, 6)
#define F_MONO_PAT(X) F_PAT_COMMON(X) BR13_PAT_TRANSP(X) PAT_COLORS(X, 6) PAT_DATA(X, 8)
#define F_MONO_PAT_FIXED(X) F_PAT_COMMON(X) BR13_PAT_TRANSP(X) \
    X(BLT_FIXED_PAT, "Fixed Pattern", 0, 18, 15, ENUM, v_fixed_pat) PAT_COLORS(X, 6)
#define F_MONO_SRC_COPY(X) BR00_MASK(X) BR00_BITPOS(X) BR00_TILED(X) BR13_CLIP(X) BR13_SRC_TRANSP(X) \
    BR13_DEPTH_ROP_PITCH(X) DST_RECT(X, 2) DST_ADDR(X, 4) MONO_ADDR(X, 6) SRC_COLORS(X, 8)
#define F_MONO_SRC_COPY_IMM(X) BR00_MASK(X) BR00_BITPOS(X) BR00_TILED(X) BR13_CLIP(X) BR13_SRC_TRANSP(X) \
    BR13_DEPTH_ROP_PITCH(X) DST_RECT(X, 2) DST_ADDR(X, 4) SRC_COLORS(X, 6)
#define F_FULL_COMMON(X) BR00_MASK(X) BR00_SEEDS(X) BR13_CLIP(X) BR13_DEPTH_ROP_PITCH(X) DST_RECT(X, 2) \
    DST_ADDR(X, 4)
#define F_FULL(X) F_FULL_COMMON(X) BR00_TILED2(X) SRC_PITCH(X, 6) SRC_XY(X, 7) SRC_ADDR(X, 8) PAT_ADDR(X, 10)
#define F_FULL_IMM_PAT(X) F_FULL_COMMON(X) BR00_TILED2(X) SRC_PITCH(X, 6) SRC_XY(X, 7) SRC_ADDR(X, 8)
#define F_FULL_MONO_PAT(X) F_FULL_COMMON(X) BR00_TILED2(X) BR13_SOLID(X) \
    X(BLT_PAT_TRANSP, "Mono Pattern Transparency Mode", 1, 28, 27, ENUM, v_transp) \
    SRC_PITCH(X, 6) SRC_XY(X, 7) SRC_ADDR(X, 8) PAT_COLORS(X, 10) PAT_DATA(X, 12)
#define F_FULL_MONO_PAT_MONO_SRC(X) F_FULL_COMMON(X) BR00_BITPOS(X) BR00_TILED(X) BR13_SOLID(X) \
    BR13_SRC_TRANSP(X) BR13_PAT_TRANSP(X) MONO_ADDR(X, 6) SRC_COLORS(X, 8) PAT_COLORS(X, 10) PAT_DATA(X, 12)
#define F_FULL_MONO_SRC(X) F_FULL_COMMON(X) BR00_BITPOS(X) BR00_TILED(X) BR13_SRC_TRANSP(X) \
    MONO_ADDR(X, 6) SRC_COLORS(X, 8) PAT_ADDR(X, 10)
#define F_FULL_MONO_SRC_IMM_PAT(X) F_FULL_COMMON(X) BR00_BITPOS(X) BR00_TILED(X) BR13_SRC_TRANSP(X) \
    MONO_ADDR(X, 6) SRC_COLORS(X, 8)
#define F_SETUP(X) BR00_MASK(X) BR00_TILED(X) BR13_CLIP(X) BR13_SRC_TRANSP(X) BR13_DEPTH_ROP_PITCH(X) \
    CLIP_RECT(X, 2) DST_ADDR(X, 4) \
    X(BLT_SRC_BG, "Setup Background Color", 6, 31, 0, HEX, NULL) \
    X(BLT_SRC_FG, "Setup Foreground Color", 7, 31, 0, HEX, NULL) \
    X(BLT_PAT_ADDR, "Setup Pattern Base Address for Color Pattern", 8, 63, 0, ADDR, NULL)
#define F_SETUP_CLIP(X) BR00_TILED(X) CLIP_RECT(X, 1)
#define F_SETUP_MONO_PAT_SL(X) BR00_MASK(X) BR00_TILED(X) BR13_SOLID(X) BR13_CLIP(X) BR13_PAT_TRANSP(X) \
    BR13_DEPTH_ROP_PITCH(X) CLIP_RECT(X, 2) \
    X(BLT_DST_ADDR, "Setup Destination Base Address", 4, 63, 0, ADDR, NULL) \
    X(BLT_SRC_BG, "Setup Background Color", 6, 31, 0, HEX, NULL) \
    X(BLT_SRC_FG, "Setup Foreground Color", 7, 31, 0, HEX, NULL) \
    X(BLT_PAT_DATA0, "DW0 (least significant) for a Monochrome Pattern", 8, 31, 0, HEX, NULL) \
    X(BLT_PAT_DATA1, "DW1 (most significant) for a Monochrome Pattern", 9, 31, 0, HEX, NULL)
#define F_PIXEL(X) BR00_TILED(X) \
    X(BLT_DST_Y1, "Destination Y1 Coordinate (Top)", 1, 31, 16, SINT, NULL) \
    X(BLT_DST_X1, "Destination X1 Coordinate (Left)", 1, 15, 0, SINT, NULL)
#define F_SCANLINES(X) BR00_SEEDS(X) BR00_TILED(X) DST_RECT(X, 1)
#define F_TEXT(X) X(BLT_BYTE_PACKED, "Bit / Byte Packed", 0, 16, 16, ENUM, v_packed) BR00_TILED(X) \
    DST_RECT(X, 1) X(BLT_SRC_ADDR, "Source Address", 3, 63, 0, ADDR, NULL)
#define F_TEXT_IMM(X) X(BLT_BYTE_PACKED, "Bit / Byte Packed", 0, 16, 16, ENUM, v_packed) BR00_TILED(X) \
    DST_RECT(X, 1)

#define ROW(id, name, dw, hi, lo, kind, names) {name, dw, hi, lo, GT_F_##kind, names, id},
#define TABLE(list) static const gt_field t_##list[] = {list(ROW)};
TABLE(F_SRC_COPY)
TABLE(F_SRC_COPY_CHROMA)
TABLE(F_FAST_COPY)
TABLE(F_BLOCK_COPY)
TABLE(F_COLOR)
TABLE(F_FAST_COLOR)
TABLE(F_PAT)
TABLE(F_PAT_IMM)
TABLE(F_PAT_CHROMA)
TABLE(F_PAT_CHROMA_IMM)
TABLE(F_MONO_PAT)
TABLE(F_MONO_PAT_FIXED)
TABLE(F_MONO_SRC_COPY)
TABLE(F_MONO_SRC_COPY_IMM)
TABLE(F_FULL)
TABLE(F_FULL_IMM_PAT)
TABLE(F_FULL_MONO_PAT)
TABLE(F_FULL_MONO_PAT_MONO_SRC)
TABLE(F_FULL_MONO_SRC)
TABLE(F_FULL_MONO_SRC_IMM_PAT)
TABLE(F_SETUP)
TABLE(F_SETUP_CLIP)
TABLE(F_SETUP_MONO_PAT_SL)
TABLE(F_PIXEL)
TABLE(F_SCANLINES)
TABLE(F_TEXT)
TABLE(F_TEXT_IMM)
/* immediate data (pattern or monochrome source), one DWord per group */
static const gt_field t_imm[] = {{"Immediate Data", 0, 31, 0, GT_F_HEX, NULL, BLT_IMM}};

/* the MI commands of the blitter, from the shared field lists */
#define MITABLE(list) static const gt_field m_##list[] = {list(ROW)};
MITABLE(GT_MI_NOOP_FIELDS)
MITABLE(GT_MI_SET_PREDICATE_FIELDS)
MITABLE(GT_MI_ARB_ON_OFF_FIELDS)
MITABLE(GT_MI_MATH_FIELDS)
MITABLE(GT_MI_MATH_ALU_FIELDS)
MITABLE(GT_MI_SEMAPHORE_WAIT_FIELDS)
MITABLE(GT_MI_STORE_DATA_IMM_FIELDS)
MITABLE(GT_MI_STORE_DATA_INDEX_FIELDS)
MITABLE(GT_MI_LOAD_REGISTER_IMM_FIELDS)
MITABLE(GT_MI_LRI_PAIR_FIELDS)
MITABLE(GT_MI_STORE_REGISTER_MEM_FIELDS)
MITABLE(GT_MI_LOAD_REGISTER_MEM_FIELDS)
MITABLE(GT_MI_LOAD_REGISTER_REG_FIELDS)
MITABLE(GT_MI_FLUSH_DW_FIELDS)
MITABLE(GT_MI_COPY_MEM_MEM_FIELDS)
MITABLE(GT_MI_BATCH_BUFFER_START_FIELDS)
MITABLE(GT_MI_CONDITIONAL_BATCH_BUFFER_END_FIELDS)

#define N(t) (uint8_t)(sizeof(t) / sizeof(t[0]))
#define MF(list) m_##list, N(m_##list)
#define XF(list) t_##list, N(t_##list)
#define NOFIELDS NULL, 0
#define NOGROUP NULL, 0, 0, 0
#define IMM(dw) t_imm, 1, dw, 1
#define MI(op) 0xff800000u, ((uint32_t)(op) << 23)
#define XY(op) 0xffc00000u, (0x40000000u | ((uint32_t)(op) << 22))
#define UNIMPL(name, op) {name, MI(op), GT_CMD_UNIMPL, 0, 1, 0, NOFIELDS, NOGROUP}

/* The MI commands first; then the XY_* commands in enum gt_blt_kind
 * order (gt_blt_kind is the index from the first of them).  Columns:
 * name, header pattern, id, length-field bits, min len, max len, fields,
 * repeated group. */
#define N_MI 26
static const gt_cmd_desc blt_cmds[] = {
    {"MI_NOOP", MI(0x00), GT_CMD_MI_NOOP, 0, 1, 1, MF(GT_MI_NOOP_FIELDS), NOGROUP},
    {"MI_SET_PREDICATE", MI(0x01), GT_CMD_MI_SET_PREDICATE, 0, 1, 1, MF(GT_MI_SET_PREDICATE_FIELDS), NOGROUP},
    {"MI_USER_INTERRUPT", MI(0x02), GT_CMD_MI_USER_INTERRUPT, 0, 1, 1, NOFIELDS, NOGROUP},
    UNIMPL("MI_WAIT_FOR_EVENT", 0x03),
    {"MI_ARB_CHECK", MI(0x05), GT_CMD_MI_ARB_CHECK, 0, 1, 1, NOFIELDS, NOGROUP},
    {"MI_REPORT_HEAD", MI(0x07), GT_CMD_MI_REPORT_HEAD, 0, 1, 1, NOFIELDS, NOGROUP},
    {"MI_ARB_ON_OFF", MI(0x08), GT_CMD_MI_ARB_ON_OFF, 0, 1, 1, MF(GT_MI_ARB_ON_OFF_FIELDS), NOGROUP},
    {"MI_BATCH_BUFFER_END", MI(0x0a), GT_CMD_MI_BATCH_BUFFER_END, 0, 1, 1, NOFIELDS, NOGROUP},
    {"MI_SUSPEND_FLUSH", MI(0x0b), GT_CMD_SKIP, 0, 1, 1, NOFIELDS, NOGROUP},
    UNIMPL("MI_LOAD_SCAN_LINES_INCL", 0x12),
    UNIMPL("MI_LOAD_SCAN_LINES_EXCL", 0x13),
    UNIMPL("MI_DISPLAY_FLIP", 0x14),
    UNIMPL("MI_SEMAPHORE_SIGNAL", 0x1b),
    {"MI_MATH", MI(0x1a), GT_CMD_MI_MATH, 8, 2, 0, MF(GT_MI_MATH_FIELDS),
     m_GT_MI_MATH_ALU_FIELDS, N(m_GT_MI_MATH_ALU_FIELDS), 1, 1},
    {"MI_SEMAPHORE_WAIT", MI(0x1c), GT_CMD_MI_SEMAPHORE_WAIT, 8, 4, 4, MF(GT_MI_SEMAPHORE_WAIT_FIELDS), NOGROUP},
    {"MI_FORCE_WAKEUP", MI(0x1d), GT_CMD_SKIP, 8, 2, 2, NOFIELDS, NOGROUP},
    {"MI_STORE_DATA_IMM", MI(0x20), GT_CMD_MI_STORE_DATA_IMM, 10, 4, 5, MF(GT_MI_STORE_DATA_IMM_FIELDS), NOGROUP},
    {"MI_STORE_DATA_INDEX", MI(0x21), GT_CMD_MI_STORE_DATA_INDEX, 8, 3, 4, MF(GT_MI_STORE_DATA_INDEX_FIELDS), NOGROUP},
    {"MI_LOAD_REGISTER_IMM", MI(0x22), GT_CMD_MI_LOAD_REGISTER_IMM, 8, 3, 0, MF(GT_MI_LOAD_REGISTER_IMM_FIELDS),
     m_GT_MI_LRI_PAIR_FIELDS, N(m_GT_MI_LRI_PAIR_FIELDS), 1, 2},
    {"MI_STORE_REGISTER_MEM", MI(0x24), GT_CMD_MI_STORE_REGISTER_MEM, 8, 4, 4, MF(GT_MI_STORE_REGISTER_MEM_FIELDS), NOGROUP},
    {"MI_FLUSH_DW", MI(0x26), GT_CMD_MI_FLUSH_DW, 6, 4, 5, MF(GT_MI_FLUSH_DW_FIELDS), NOGROUP},
    {"MI_LOAD_REGISTER_MEM", MI(0x29), GT_CMD_MI_LOAD_REGISTER_MEM, 8, 4, 4, MF(GT_MI_LOAD_REGISTER_MEM_FIELDS), NOGROUP},
    {"MI_LOAD_REGISTER_REG", MI(0x2a), GT_CMD_MI_LOAD_REGISTER_REG, 8, 3, 3, MF(GT_MI_LOAD_REGISTER_REG_FIELDS), NOGROUP},
    {"MI_COPY_MEM_MEM", MI(0x2e), GT_CMD_MI_COPY_MEM_MEM, 8, 5, 5, MF(GT_MI_COPY_MEM_MEM_FIELDS), NOGROUP},
    {"MI_BATCH_BUFFER_START", MI(0x31), GT_CMD_MI_BATCH_BUFFER_START, 8, 3, 3, MF(GT_MI_BATCH_BUFFER_START_FIELDS), NOGROUP},
    {"MI_CONDITIONAL_BATCH_BUFFER_END", MI(0x36), GT_CMD_MI_CONDITIONAL_BATCH_BUFFER_END, 8, 4, 4,
     MF(GT_MI_CONDITIONAL_BATCH_BUFFER_END_FIELDS), NOGROUP},
    /* XY_* (seed 004), enum gt_blt_kind order */
    {"XY_SRC_COPY_BLT", XY(0x53), GT_CMD_BLT, 8, 10, 10, XF(F_SRC_COPY), NOGROUP},
    {"XY_SRC_COPY_CHROMA_BLT", XY(0x73), GT_CMD_BLT, 8, 12, 12, XF(F_SRC_COPY_CHROMA), NOGROUP},
    {"XY_FAST_COPY_BLT", XY(0x42), GT_CMD_BLT, 8, 10, 10, XF(F_FAST_COPY), NOGROUP},
    {"XY_BLOCK_COPY_BLT", XY(0x41), GT_CMD_BLT, 8, 12, 0, XF(F_BLOCK_COPY), NOGROUP},
    {"XY_COLOR_BLT", XY(0x50), GT_CMD_BLT, 8, 7, 7, XF(F_COLOR), NOGROUP},
    {"XY_FAST_COLOR_BLT", XY(0x44), GT_CMD_BLT, 8, 11, 0, XF(F_FAST_COLOR), NOGROUP},
    {"XY_PAT_BLT", XY(0x51), GT_CMD_BLT, 8, 8, 8, XF(F_PAT), NOGROUP},
    {"XY_PAT_BLT_IMMEDIATE", XY(0x72), GT_CMD_BLT, 8, 6 + 16, 6 + 64, XF(F_PAT_IMM), IMM(6)},
    {"XY_PAT_CHROMA_BLT", XY(0x76), GT_CMD_BLT, 8, 10, 10, XF(F_PAT_CHROMA), NOGROUP},
    {"XY_PAT_CHROMA_BLT_IMMEDIATE", XY(0x77), GT_CMD_BLT, 8, 8 + 16, 8 + 64, XF(F_PAT_CHROMA_IMM), IMM(8)},
    {"XY_MONO_PAT_BLT", XY(0x52), GT_CMD_BLT, 8, 10, 10, XF(F_MONO_PAT), NOGROUP},
    {"XY_MONO_PAT_FIXED_BLT", XY(0x59), GT_CMD_BLT, 8, 8, 8, XF(F_MONO_PAT_FIXED), NOGROUP},
    {"XY_MONO_SRC_COPY_BLT", XY(0x54), GT_CMD_BLT, 8, 10, 10, XF(F_MONO_SRC_COPY), NOGROUP},
    {"XY_MONO_SRC_COPY_IMMEDIATE_BLT", XY(0x71), GT_CMD_BLT, 8, 8, 0, XF(F_MONO_SRC_COPY_IMM), IMM(8)},
    {"XY_FULL_BLT", XY(0x55), GT_CMD_BLT, 8, 12, 12, XF(F_FULL), NOGROUP},
    {"XY_FULL_IMMEDIATE_PATTERN_BLT", XY(0x74), GT_CMD_BLT, 8, 10 + 16, 10 + 64, XF(F_FULL_IMM_PAT), IMM(10)},
    {"XY_FULL_MONO_PATTERN_BLT", XY(0x57), GT_CMD_BLT, 8, 14, 14, XF(F_FULL_MONO_PAT), NOGROUP},
    {"XY_FULL_MONO_PATTERN_MONO_SRC_BLT", XY(0x58), GT_CMD_BLT, 8, 14, 14, XF(F_FULL_MONO_PAT_MONO_SRC), NOGROUP},
    {"XY_FULL_MONO_SRC_BLT", XY(0x56), GT_CMD_BLT, 8, 12, 12, XF(F_FULL_MONO_SRC), NOGROUP},
    {"XY_FULL_MONO_SRC_IMMEDIATE_PATTERN_BLT", XY(0x75), GT_CMD_BLT, 8, 10 + 16, 10 + 64,
     XF(F_FULL_MONO_SRC_IMM_PAT), IMM(10)},
    {"XY_SETUP_BLT", XY(0x01), GT_CMD_BLT, 8, 10, 10, XF(F_SETUP), NOGROUP},
    {"XY_SETUP_CLIP_BLT", XY(0x03), GT_CMD_BLT, 8, 3, 3, XF(F_SETUP_CLIP), NOGROUP},
    {"XY_SETUP_MONO_PATTERN_SL_BLT", XY(0x11), GT_CMD_BLT, 8, 10, 10, XF(F_SETUP_MONO_PAT_SL), NOGROUP},
    {"XY_PIXEL_BLT", XY(0x24), GT_CMD_BLT, 8, 2, 2, XF(F_PIXEL), NOGROUP},
    {"XY_SCANLINES_BLT", XY(0x25), GT_CMD_BLT, 8, 3, 3, XF(F_SCANLINES), NOGROUP},
    {"XY_TEXT_BLT", XY(0x26), GT_CMD_BLT, 8, 5, 5, XF(F_TEXT), NOGROUP},
    {"XY_TEXT_IMMEDIATE_BLT", XY(0x31), GT_CMD_BLT, 8, 3, 0, XF(F_TEXT_IMM), IMM(3)},
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))
_Static_assert(COUNT(blt_cmds) == N_MI + GT_BLT_TEXT_IMM + 1, "one XY_* entry per enum gt_blt_kind");

int gt_blt_kind(const gt_cmd_desc *d)
{
    if (d < blt_cmds + N_MI || d >= blt_cmds + COUNT(blt_cmds))
        return -1;
    return (int)(d - (blt_cmds + N_MI));
}

const gt_cmd_set gt_cmds_blt_gen12 = {
    .name = "gen12 blitter", .cmds = blt_cmds, .ncmds = COUNT(blt_cmds), .names = NULL, .nnames = 0,
    .idd = NULL, .nidd = 0,
};
