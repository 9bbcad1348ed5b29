#!/usr/bin/env python3
"""Every Tiger Lake kernel of the corpus (tests/corpus/*/kernels_tgllp/*.isa,
made by tests/corpus/capture.sh --platform tgllp with ocloc -device tgllp) must
disassemble with gtsim (gtdis --platform tgllp) as `iga64 -p=12p1 -d`
prints it, instruction by instruction (runs of whitespace normalised),
compacted instructions, labels and send descriptions included.  No
exclusions: any difference, and any decode failure, is a mismatch.

usage: kernels12.py GTDIS SRCDIR
"""
import glob
import os
import re
import subprocess
import sys


def lines(text):
    out = []
    for l in text.splitlines():
        l = re.sub(r'\s+', ' ', l).strip()
        if l:
            out.append(l)
    return out


def main():
    gtdis, src = sys.argv[1], sys.argv[2]
    kernels = sorted(glob.glob(os.path.join(src, 'tests/corpus/*/kernels_tgllp/*.isa')))
    if not kernels:
        print('kernels12: no tgllp kernels (run tests/corpus/capture.sh --platform tgllp)')
        return 1
    same = bad = compacted = 0
    for k in kernels:
        pi = subprocess.run(['iga64', '-p=12p1', '-d', k], capture_output=True, text=True)
        pg = subprocess.run([gtdis, '--platform', 'tgllp', k], capture_output=True, text=True)
        li, lg = lines(pi.stdout), lines(pg.stdout)
        if pi.returncode != 0 or len(li) != len(lg):
            print('MISMATCH in %s: iga64 %d lines (status %d), gtsim %d lines'
                  % (k, len(li), pi.returncode, len(lg)))
            bad += 1
            continue
        for x, y in zip(li, lg):
            if x == y:
                same += 1
                compacted += 'Compacted' in x
                continue
            bad += 1
            if bad <= 30:
                print('MISMATCH in %s:\n  iga64: %s\n  gtsim: %s' % (os.path.relpath(k, src), x, y))
    print('kernels12: %d kernels, %d lines identical (%d compacted instructions), %d mismatching'
          % (len(kernels), same, compacted, bad))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
