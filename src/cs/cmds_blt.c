/*
 * Blitter command streamer command layouts (Gen12LP, seed 004): every XY_*
 * 2D command (client 2, opcode bits 28:22, DWord Length bits 7:0, Length
 * Bias 2), field positions as on the seed 004 XY_* pages; and the MI
 * commands whose command pages name the BlitterCS as a source, taken from
 * the platform's render command set (gt_blt_cmds_create: one description
 * of each MI layout per generation, the same handlers).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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

#define N(t) (uint8_t)(sizeof(t) / sizeof(t[0]))
#define XF(list) t_##list, N(t_##list)
#define NOGROUP NULL, 0, 0, 0, 0
#define IMM(dw) t_imm, 1, dw, 1, 0
#define XY(op) 0xffc00000u, (0x40000000u | ((uint32_t)(op) << 22))
/* The XY_* commands in enum gt_blt_kind order.  Columns: name, header
 * pattern, id, length-field bits, min len, max len, fields, repeated
 * group. */
static const gt_cmd_desc blt_cmds[] = {
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
_Static_assert(COUNT(blt_cmds) == GT_BLT_TEXT_IMM + 1, "one XY_* entry per enum gt_blt_kind");

int gt_blt_kind(const gt_cmd_desc *d)
{
    for (size_t i = 0; i < COUNT(blt_cmds); i++)
        if (d->fields == blt_cmds[i].fields && d->match == blt_cmds[i].match)
            return (int)i;
    return -1;
}

const gt_cmd_set gt_cmds_blt_gen12 = {
    .name = "gen12 blitter", .cmds = blt_cmds, .ncmds = COUNT(blt_cmds), .names = NULL, .nnames = 0,
    .idd = NULL, .nidd = 0,
};

/* The MI commands whose seed 004 command pages name the BlitterCS as a
 * source. */
static const char *const blt_mi[] = {
    "MI_ARB_CHECK", "MI_ARB_ON_OFF", "MI_BATCH_BUFFER_END", "MI_BATCH_BUFFER_START",
    "MI_CONDITIONAL_BATCH_BUFFER_END", "MI_COPY_MEM_MEM", "MI_DISPLAY_FLIP", "MI_FLUSH_DW",
    "MI_FORCE_WAKEUP", "MI_LOAD_REGISTER_IMM", "MI_LOAD_REGISTER_MEM", "MI_LOAD_REGISTER_REG",
    "MI_LOAD_SCAN_LINES_EXCL", "MI_LOAD_SCAN_LINES_INCL", "MI_MATH", "MI_NOOP", "MI_REPORT_HEAD",
    "MI_SEMAPHORE_SIGNAL", "MI_SEMAPHORE_WAIT", "MI_SET_PREDICATE", "MI_STORE_DATA_IMM",
    "MI_STORE_DATA_INDEX", "MI_STORE_REGISTER_MEM", "MI_SUSPEND_FLUSH", "MI_USER_INTERRUPT",
    "MI_WAIT_FOR_EVENT",
};

gt_cmd_set *gt_blt_cmds_create(const gt_cmd_set *xy, const gt_cmd_set *render)
{
    return gt_engine_cmds_create(xy, render, blt_mi, COUNT(blt_mi));
}

void gt_blt_cmds_destroy(gt_cmd_set *s)
{
    gt_engine_cmds_destroy(s);
}
