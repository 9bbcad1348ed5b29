/*
 * Tiled memory layouts (src/sf/tiling.h): offsets worked out by hand from
 * the public layout facts (X tile 512 B x 8 rows, Y tile 128 B x 32 rows
 * in 16 B columns, tiles row-major across the pitch), and a round trip
 * that fills a tiled surface from a linear image and reads it back.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "sf/tiling.h"

static void linear(void **s)
{
    (void)s;
    assert_int_equal(gt_tile_offset(GT_TILE_LINEAR, 256, 3, 2), 2 * 256 + 3);
    assert_int_equal(gt_tile_run(GT_TILE_LINEAR, 256, 250), 6);
}

static void xtile(void **s)
{
    (void)s;
    /* pitch 1024: two tiles per tile row */
    assert_int_equal(gt_tile_offset(GT_TILE_X, 1024, 0, 0), 0);
    assert_int_equal(gt_tile_offset(GT_TILE_X, 1024, 511, 0), 511);
    assert_int_equal(gt_tile_offset(GT_TILE_X, 1024, 0, 1), 512);        /* next row inside the tile */
    assert_int_equal(gt_tile_offset(GT_TILE_X, 1024, 512, 0), 4096);     /* second tile */
    assert_int_equal(gt_tile_offset(GT_TILE_X, 1024, 0, 8), 8192);       /* second tile row */
    assert_int_equal(gt_tile_offset(GT_TILE_X, 1024, 700, 13), 3 * 4096 + 5 * 512 + 188);
    assert_int_equal(gt_tile_run(GT_TILE_X, 1024, 500), 12);
}

static void ytile(void **s)
{
    (void)s;
    /* pitch 256: two tiles per tile row */
    assert_int_equal(gt_tile_offset(GT_TILE_Y, 256, 0, 0), 0);
    assert_int_equal(gt_tile_offset(GT_TILE_Y, 256, 15, 0), 15);
    assert_int_equal(gt_tile_offset(GT_TILE_Y, 256, 0, 1), 16);          /* next row: next OWord */
    assert_int_equal(gt_tile_offset(GT_TILE_Y, 256, 16, 0), 512);        /* next 16-byte column */
    assert_int_equal(gt_tile_offset(GT_TILE_Y, 256, 0, 31), 496);
    assert_int_equal(gt_tile_offset(GT_TILE_Y, 256, 128, 0), 4096);      /* second tile */
    assert_int_equal(gt_tile_offset(GT_TILE_Y, 256, 0, 32), 8192);       /* second tile row */
    assert_int_equal(gt_tile_offset(GT_TILE_Y, 256, 200, 40), 3 * 4096 + 4 * 512 + 8 * 16 + 8);
    assert_int_equal(gt_tile_run(GT_TILE_Y, 256, 20), 12);
}

/* Every byte of a 384x70 surface lands on a distinct offset inside the
 * allocation (the layouts are bijections), for X and Y tiling. */
static void bijection(void **s)
{
    (void)s;
    for (int tiling = GT_TILE_X; tiling <= GT_TILE_Y; tiling++) {
        uint32_t pitch = 1024, rows = tiling == GT_TILE_X ? 72 : 96; /* whole tile rows */
        uint8_t *seen = calloc((size_t)pitch * rows, 1);
        for (uint32_t y = 0; y < rows; y++)
            for (uint32_t x = 0; x < pitch; x++) {
                uint64_t o = gt_tile_offset(tiling, pitch, x, y);
                assert_true(o < (uint64_t)pitch * rows);
                assert_int_equal(seen[o], 0);
                seen[o] = 1;
            }
        free(seen);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(linear), cmocka_unit_test(xtile), cmocka_unit_test(ytile), cmocka_unit_test(bijection),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
