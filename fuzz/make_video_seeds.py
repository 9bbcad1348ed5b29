#!/usr/bin/env python3
"""Seed inputs for fuzz_video: one batch per video command of
src/gen/gen12_vcs.txt (first byte 0: the video engine) and gen12_vecs.txt
(first byte 1: the video enhancement engine), each the command's header
with its default length and zero DWords, after a few MI commands.

    make_video_seeds.py SRC_GEN_DIR OUT_DIR
"""
import os
import struct
import sys

MI = [0x20 << 23 | 2, 0x10, 0x7f00, 0x1234,               # MI_STORE_DATA_IMM
      0x26 << 23 | 1 << 14 | 2, 0x20, 0x7f00, 5, 0,      # MI_FLUSH_DW post-sync
      0x22 << 23 | 1, 0x600, 7]                            # MI_LOAD_REGISTER_IMM


def main():
    src, out = sys.argv[1:]
    os.makedirs(out, exist_ok=True)
    n = 0
    for sel, name in ((0, 'gen12_vcs.txt'), (1, 'gen12_vecs.txt')):
        for line in open(os.path.join(src, name)):
            if not line.startswith('command '):
                continue
            w = line.split()
            attr = dict(x.split('=') for x in w[2:] if '=' in x)
            header, bias, length = int(attr['header'], 16), int(attr['bias']), int(attr['len'])
            length = max(length, bias, 1)
            dws = MI + [header | (length - bias)] + [0] * (length - 1)
            with open(os.path.join(out, '%d_%s' % (sel, w[1])), 'wb') as fp:
                fp.write(bytes([sel]) + struct.pack('<%dI' % len(dws), *dws))
            n += 1
    print('%d seeds in %s' % (n, out))


if __name__ == '__main__':
    main()
