/*
 * Tiled surface memory layouts: byte offset of (x bytes, y rows) in a 2D
 * surface, for the layouts media block messages address (public facts of
 * the Intel GPU memory layouts):
 *  - linear: y * pitch + x;
 *  - X-major tile: 4 KiB tiles of 512 bytes x 8 rows, row-major inside
 *    the tile, tiles row-major across the surface (pitch a multiple of
 *    512);
 *  - Y-major tile: 4 KiB tiles of 128 bytes x 32 rows, made of eight
 *    16-byte columns of 32 rows each (column-major OWords), tiles
 *    row-major across the surface (pitch a multiple of 128).
 * Address bit-6 swizzling (a memory controller setting) is not modelled.
 */
#ifndef GT_SF_TILING_H
#define GT_SF_TILING_H

#include <stdint.h>

enum gt_tiling { GT_TILE_LINEAR = 0, GT_TILE_X = 1, GT_TILE_Y = 2, GT_TILE_W = 3 };

static inline uint64_t gt_tile_w_offset(uint32_t pitch, uint32_t x, uint32_t y);

/* Byte offset from the surface base of byte x of row y; pitch in bytes. */
static inline uint64_t gt_tile_offset(int tiling, uint32_t pitch, uint32_t x, uint32_t y)
{
    switch (tiling) {
    case GT_TILE_W:
        return gt_tile_w_offset(pitch, x, y);
    case GT_TILE_X:
        return ((uint64_t)(y / 8) * (pitch / 512) + x / 512) * 4096 + (y % 8) * 512 + x % 512;
    case GT_TILE_Y:
        return ((uint64_t)(y / 32) * (pitch / 128) + x / 128) * 4096 + ((x % 128) / 16) * 512 +
               (y % 32) * 16 + x % 16;
    default:
        return (uint64_t)y * pitch + x;
    }
}

/* Bytes of contiguous memory from (x, y) to the end of its run in the
 * layout (row end for linear, 512-byte tile row for X, 16-byte column for
 * Y, byte pair for W), capped at the surface pitch. */
static inline uint32_t gt_tile_run(int tiling, uint32_t pitch, uint32_t x)
{
    uint32_t span = tiling == GT_TILE_X ? 512 : tiling == GT_TILE_Y ? 16 : tiling == GT_TILE_W ? 2 : pitch;
    uint32_t left = span - x % span;
    return x + left > pitch ? pitch - x : left;
}

/* Byte offset of byte x of row y in a W-major tiled surface (the stencil
 * buffer, S8_UINT): 4 KiB tiles of 64 bytes x 64 rows, tiles row-major
 * across the surface, pitch / 128 of them per row: the programmed pitch is
 * twice the width's (BDW PRM RENDER_SURFACE_STATE Surface Pitch: "the pitch
 * must be set to 2x the value computed based on width, as the stencil
 * buffer is stored with two rows interleaved", quoted by isl, whose W tile
 * is 128 bytes x 32 rows physically; blorp retiles W as Y with the same
 * pitch).  Inside a tile the offset
 * bits 11..0 are u5 u4 u3 v5 v4 v3 v2 u2 v1 u1 v0 u0 (u = x, v = y within
 * the tile): 8x8-byte blocks of interleaved 2x2 bytes.  Public fact: the
 * W-tiled bit pattern "uuuvvvvuvuvu" of the Mesa blorp W/Y retiling
 * comments (brw_blorp_blit). */
static inline uint64_t gt_tile_w_offset(uint32_t pitch, uint32_t x, uint32_t y)
{
    uint32_t u = x % 64, v = y % 64;
    uint32_t in = (u & 1) | (v & 1) << 1 | (u & 2) << 1 | (v & 2) << 2 | (u & 4) << 2 | (v & 0x3c) << 3 |
                  (u & 0x38) << 6;
    return ((uint64_t)(y / 64) * (pitch / 128) + x / 64) * 4096 + in;
}

#endif
