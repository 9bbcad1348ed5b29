#!/usr/bin/env python3
"""Send message descriptions, systematically: gtsim vs iga64.

For every SFID (0..15) and every value of message descriptor bits 18:8
(message type, sub-types, channel masks, block sizes, atomic operations,
SIMD modes ...) combined with a set of values of the other descriptor bits
(binding table index 0, 0xFE, 0xFF and a random one; bits 29/30: sampler
SIMD mode bit 2 and return format, render target data size; message and
response lengths; ExecSize 1/8/16 for the typed coordinates), plus random
whole descriptors, builds `send` instructions, assembles them with
`iga64 -p=P -a`, disassembles them with `iga64 -p=P -d` and gtsim, and
compares every line (whitespace normalised), the `//` comment included.

usage: sendenum.py GTDIS [--platform skl|hsw|tgllp] [--random N] [--seed S] [--show K]
Exit status 0 when every line matches.  iga64 is required.

Exclusion: on Gen9 and Gen7.5 the SFIDs 1, 14 and 15 are reserved; iga64 decodes
their descriptors as the Gen12 LSC messages of later platforms, gtsim
prints "?" for them.  Their description is not compared (the rest of the
line is).  On Gen12LP (tgllp) the SFID is the send's mnemonic suffix
(send.dc1 ...): iga64 -p=12p1 has names for SFIDs 0 and 2-13 only, so 1, 14
and 15 cannot be written and are left out; every send has a null src1.
"""
import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

IGA_PLATFORM = {'skl': '9', 'hsw': '7p5', 'tgllp': '12p1'}
# Gen12LP: the SFID mnemonics iga64 -p=12p1 accepts (seed 004 SFID values)
G12_SFID = {0: 'null', 2: 'smpl', 3: 'gtwy', 4: 'dc2', 5: 'rc', 6: 'urb', 7: 'ts', 8: 'vme',
            9: 'dcro', 10: 'dc0', 11: 'pixi', 12: 'dc1', 13: 'cre'}
LSC_SFIDS = (1, 14, 15)


def norm(s):
    return re.sub(r'\s+', ' ', s).strip()


def descriptors(rnd, platform, nrandom):
    """(sfid, execsize, desc) triples."""
    top = 0x1FFFFFFF if platform == 'hsw' else 0x7FFFFFFF  # Gen7: 29-bit descriptor
    sfids = sorted(G12_SFID) if platform == 'tgllp' else range(16)
    out = []
    for sfid in sfids:
        for mid in range(2048):
            for k in range(4):
                low = (0x00, 0xFE, 0xFF, rnd.getrandbits(8))[k]
                hi = rnd.getrandbits(2) << 29 if platform != 'hsw' else 0
                mlen = rnd.randint(1, 15)
                rlen = rnd.randint(0, 16)
                hdr = rnd.getrandbits(1)
                desc = hi | mlen << 25 | rlen << 20 | hdr << 19 | mid << 8 | low
                out.append((sfid, rnd.choice([1, 8, 16]), desc & top))
    for _ in range(nrandom):
        desc = rnd.getrandbits(31) & top
        desc = desc & ~(0xF << 25) | rnd.randint(1, 15) << 25
        desc = desc & ~(0x1F << 20) | rnd.randint(0, 16) << 20
        out.append((rnd.choice(list(sfids)), rnd.choice([1, 2, 4, 8, 16]), desc))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('gtdis')
    ap.add_argument('--platform', default='skl', choices=sorted(IGA_PLATFORM))
    ap.add_argument('--random', type=int, default=20000)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--show', type=int, default=30)
    a = ap.parse_args()
    if not shutil.which('iga64'):
        print('sendenum: iga64 not found (install libigc-tools); this test requires it')
        return 2
    p = IGA_PLATFORM[a.platform]
    rnd = random.Random(a.seed)
    sends = descriptors(rnd, a.platform, a.random)
    total = bad = shown = 0
    with tempfile.TemporaryDirectory() as tmp:
        asm, binf = os.path.join(tmp, 's.asm'), os.path.join(tmp, 's.bin')
        chunk = 20000
        for start in range(0, len(sends), chunk):
            part = sends[start:start + chunk]
            with open(asm, 'w') as f:
                for sfid, es, desc in part:
                    if a.platform == 'tgllp':
                        f.write('send.%s (%d|M0) r10 r2 null 0x0 0x%08X\n' % (G12_SFID[sfid], es, desc))
                    else:
                        f.write('send (%d|M0) r10:ud r2 0x%X 0x%08X\n' % (es, sfid, desc))
            r = subprocess.run(['iga64', '-p=' + p, '-a', asm, '-o', binf],
                               capture_output=True, text=True)
            if r.returncode != 0:
                print('sendenum: iga64 -a failed: ' + r.stderr[:500])
                return 2
            iga = subprocess.run(['iga64', '-p=' + p, '-d', binf], capture_output=True, text=True)
            gts = subprocess.run([a.gtdis, '--platform', a.platform, binf], capture_output=True,
                                 text=True)
            il = [norm(l) for l in iga.stdout.splitlines() if norm(l) and not re.match(r'^L\d+:$', norm(l))]
            gl = [norm(l) for l in gts.stdout.splitlines() if norm(l) and not re.match(r'^L\d+:$', norm(l))]
            if len(il) != len(part) or len(gl) != len(part):
                print('sendenum: %d sends, iga64 printed %d lines, gtsim %d' % (len(part), len(il), len(gl)))
                return 1
            for (sfid, es, desc), x, y in zip(part, il, gl):
                total += 1
                if sfid in LSC_SFIDS and a.platform != 'tgllp':
                    x, y = ';'.join(x.split(';')[:2]), ';'.join(y.split(';')[:2])
                if x != y:
                    bad += 1
                    if shown < a.show:
                        shown += 1
                        print('MISMATCH sfid %d desc 0x%08X\n  iga64: %s\n  gtsim: %s' % (sfid, desc, x, y))
    print('sendenum %s: %d sends compared, %d mismatching' % (a.platform, total, bad))
    return 0 if bad == 0 else 1


if __name__ == '__main__':
    sys.exit(main())
