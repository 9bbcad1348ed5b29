#!/usr/bin/env python3
"""Seed batches for fuzz_blt: one small valid batch per XY_* command of seed
004 (and the MI commands around them), on the surfaces fuzz_blt maps
(DATA = 0x7f0000000000, 256 KiB with an unmapped page at +160 KiB).

    make_blt_seeds.py DIR
"""
import os
import struct
import sys

DATA = 0x7F0000000000


def xy(op, n, flags=0):
    """XY_* header: client 2, opcode bits 28:22, DWord Length = n - 2."""
    return (2 << 29) | (op << 22) | flags | (n - 2)


def addr(a):
    return [a & 0xFFFFFFFF, a >> 32]


def rect(x1, y1, x2, y2):
    return [(y1 << 16) | x1, (y2 << 16) | x2]


D0, D1, PAT = DATA, DATA + 0x10000, DATA + 0x8000
BR13 = (3 << 24) | (0xCC << 16) | 256
seeds = {
    "src_copy": [xy(0x53, 10, 3 << 20), BR13, *rect(1, 1, 40, 20), *addr(D1), 0, 256, *addr(D0)],
    "src_copy_tiled": [(0x22 << 23) | 1, 0x22200, 1,
                       xy(0x53, 10, 3 << 20 | 1 << 15 | 1 << 11), BR13 & ~0xFFFF | 128, *rect(0, 0, 64, 40),
                       *addr(D1), 0, 128, *addr(D0)],
    "color": [xy(0x50, 7, 3 << 20), (1 << 24) | (0x5A << 16) | 128, *rect(2, 2, 30, 9), *addr(D0), 0x1234],
    "setup_clip_color": [xy(0x03, 3), *rect(4, 4, 20, 8),
                         xy(0x50, 7), (1 << 30) | (0xF0 << 16) | 64, *rect(0, 0, 32, 16), *addr(D0), 7],
    "fast_copy": [xy(0x42, 10, 2 << 13), (3 << 24) | 128, *rect(0, 0, 64, 40), *addr(D1), 0, 256, *addr(D0)],
    "block_copy": [xy(0x41, 12, 1 << 19), (1 << 30) | 63, *rect(1, 2, 50, 20), *addr(D1), 0, 0, 299,
                   *addr(D0), 0],
    "fast_color": [xy(0x44, 11, 5 << 19), (1 << 30) | 63, *rect(1, 3, 15, 37), *addr(D0), 0, 1, 2, 3, 4],
    "pat": [xy(0x51, 8, 3 << 20 | 3 << 12 | 5 << 8), (3 << 24) | (0xF0 << 16) | 128, *rect(1, 2, 30, 18),
            *addr(D0), *addr(PAT)],
    "pat_imm": [xy(0x72, 22), (0xF0 << 16) | 64, *rect(0, 0, 16, 8), *addr(D0)] + list(range(16)),
    "mono_pat": [xy(0x52, 10, 3 << 20), (1 << 28) | (3 << 24) | (0xF0 << 16) | 64, *rect(0, 0, 16, 16),
                 *addr(D0), 0xAA, 0xFF00FF, 0x11223344, 0x55667788],
    "mono_src": [xy(0x54, 10, 3 << 17), (0xCC << 16) | 64, *rect(4, 2, 25, 8), *addr(D0), *addr(PAT), 1, 2],
    "mono_src_imm": [xy(0x71, 14, 3 << 17), (0xCC << 16) | 64, *rect(4, 2, 25, 8), *addr(D0), 1, 2]
    + [0x12345678] * 6,
    "full": [xy(0x55, 12, 3 << 20), (3 << 24) | (0x96 << 16) | 128, *rect(3, 4, 22, 13), *addr(D1), 128, 0,
             *addr(D0), *addr(PAT)],
    "full_imm_pat": [xy(0x74, 26), (0x96 << 16) | 128, *rect(3, 4, 22, 13), *addr(D1), 128, 0, *addr(D0)]
    + [0x5A5A5A5A] * 16,
    "full_mono_pat": [xy(0x57, 14), (3 << 24) | (0xE2 << 16) | 128, *rect(3, 4, 22, 13), *addr(D1), 128, 0,
                      *addr(D0), 1, 2, 3, 4],
    "full_mono_pat_mono_src": [xy(0x58, 14), (3 << 24) | (0x96 << 16) | 128, *rect(3, 4, 22, 13), *addr(D1),
                               *addr(PAT), 1, 2, 3, 4, 5, 6],
    "full_mono_src": [xy(0x56, 12), (3 << 24) | (0x96 << 16) | 128, *rect(3, 4, 22, 13), *addr(D1),
                      *addr(PAT), 1, 2, *addr(PAT)],
    "full_mono_src_imm_pat": [xy(0x75, 26), (0x96 << 16) | 128, *rect(3, 4, 22, 13), *addr(D1), *addr(PAT), 1,
                              2] + [0x0F0F0F0F] * 16,
    "setup_pixel_scanlines_text": [
        xy(0x01, 10), (1 << 24) | (0xF0 << 16) | 64, *rect(2, 2, 30, 14), *addr(D0), 1, 2, *addr(PAT),
        xy(0x24, 2), (5 << 16) | 7,
        xy(0x25, 3, 1 << 12), *rect(20, 9, 40, 11),
        xy(0x26, 5), *rect(5, 3, 16, 10), *addr(PAT),
        xy(0x31, 7, 1 << 16), *rect(5, 3, 16, 10), 1, 2, 3, 4,
        xy(0x11, 10), (1 << 24) | (0x5A << 16) | 64, *rect(2, 2, 30, 14), *addr(D0), 1, 2, 3, 4,
        xy(0x25, 3), *rect(2, 12, 12, 14)],
    "chroma": [xy(0x73, 12), BR13, *rect(0, 0, 4, 4), *addr(D1), 0, 256, *addr(D0), 0, 0],
    "fixed_pat": [xy(0x59, 8), BR13, *rect(0, 0, 4, 4), *addr(D0), 0, 1],
    "fault": [xy(0x53, 10, 3 << 20), BR13, *rect(0, 0, 64, 200), *addr(D0 + 0x20000), 0, 256, *addr(D0)],
    "mi": [(0x22 << 23) | 1, 0x22600, 5, (0x24 << 23) | 2, 0x22600, *addr(DATA + 0x100),
           (0x20 << 23) | 2, *addr(DATA + 0x104), 9, (0x26 << 23) | (1 << 14) | 2, *addr(DATA + 0x108), 7],
}

os.makedirs(sys.argv[1], exist_ok=True)
for name, dws in seeds.items():
    with open(os.path.join(sys.argv[1], name + ".bin"), "wb") as f:
        f.write(struct.pack("<%dI" % len(dws), *dws))
print(len(seeds), "blitter seeds")
