#!/usr/bin/env python3
"""Seed inputs for fuzz_tbx: short TBX client streams built from the message
layout in NEO's public tbx_proto.h (header {type, transaction, body bytes},
little-endian DWords).  Usage: make_tbx_seeds.py OUT_DIR"""
import os
import struct
import sys


def msg(t, trans, *body):
    return struct.pack('<III', t, trans, 4 * len(body)) + struct.pack('<%dI' % len(body), *body)


MMIO_W, MMIO_R = 1 | 4 << 1, 4 << 1
HELLO = msg(11, 0, (1 << 1) | (1 << 17) | (1 << 20) | (1 << 21))


def write_mem(trans, pa, data):
    return msg(4, trans, (pa >> 32) << 24, pa & 0xffffffff, len(data)) + data


def read_mem(trans, pa, n):
    return msg(5, trans, (pa >> 32) << 24, pa & 0xffffffff, n)


seeds = {
    'mmio': HELLO + msg(0, 1, MMIO_W, 0x2080, 0x1000) + msg(0, 2, MMIO_R, 0x2234, 0),
    'gtt': HELLO + b''.join(msg(2, i, 1, i, (i << 12) | 1, 0) for i in range(1, 5)) + msg(2, 9, 0, 2, 0, 0),
    'memory': HELLO + write_mem(1, 0x6000, bytes(range(256)) * 4) + read_mem(2, 0x6100, 64)
              + write_mem(3, 0x2b_f57e_d800, struct.pack('<Q', 0x17003)) + read_mem(4, 0x78000, 4096),
    'control': HELLO + msg(11, 1, 1 | 1 << 16) + msg(9, 2, 100) + msg(11, 3, 1 << 6 | 1 << 22),
    # An ELSP submission (four DWord writes to 0x2230) of a context whose
    # image and ring are all zeros.
    'elsp': HELLO + msg(2, 1, 1, 16, 0x10001, 0) + msg(0, 2, MMIO_W, 0x2080, 0x20000)
            + b''.join(msg(0, 3 + i, MMIO_W, 0x2230, v) for i, v in enumerate([0, 0, 0, 0x10019]))
            + read_mem(8, 0x10000, 64),
    'truncated': HELLO + msg(4, 1, 0, 0x1000, 100) + b'\x01\x02',
}
os.makedirs(sys.argv[1], exist_ok=True)
for name, data in seeds.items():
    with open(os.path.join(sys.argv[1], name + '.tbx'), 'wb') as f:
        f.write(data)
print(len(seeds), 'tbx seeds')
