#!/usr/bin/env python3
"""Every Tiger Lake kernel of the corpus (tests/corpus/*/kernels_tgllp/*.isa,
made by tests/corpus/kernels_tgllp.sh with ocloc -device tgllp) must
disassemble with gtsim (gtdis --platform tgllp) as `iga64 -p=12p1 -d`
prints it, instruction by instruction (runs of whitespace normalised).

Documented exclusions, each counted in the output: instructions in a form
the Gen12 description does not give yet, which gtsim reports as
"cannot decode (... not decoded yet ...)" or "(compacted ...: Gen12
compaction tables not described yet)": compacted instructions and madm;
and the label iga64 prints after a kernel's last instruction when that is
a compacted one gtsim cannot decode.  Label lines are compared otherwise.  Any other
difference, and any other decode failure, is a mismatch.

usage: kernels12.py GTDIS SRCDIR
"""
import glob
import os
import re
import subprocess
import sys

EXCLUDED = [
    ('compacted', re.compile(r'compacted .* Gen12 compaction tables not described yet')),
    ('madm', re.compile(r'madm \(math macro operands\) not decoded yet')),
]


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
        print('kernels12: no tgllp kernels (run tests/corpus/kernels_tgllp.sh)')
        return 1
    same = bad = 0
    excl = {name: 0 for name, _ in EXCLUDED}
    excl['end label after a compacted instruction'] = 0
    for k in kernels:
        pi = subprocess.run(['iga64', '-p=12p1', '-d', k], capture_output=True, text=True)
        pg = subprocess.run([gtdis, '--platform', 'tgllp', k], capture_output=True, text=True)
        li, lg = lines(pi.stdout), lines(pg.stdout)
        # iga64 ends a listing with a label after a block-ending last
        # instruction; gtsim's label pass cannot see it when compacted.
        end = 'L%d:' % os.path.getsize(k)
        if li and li[-1] == end and (not lg or lg[-1] != end):
            li.pop()
            excl['end label after a compacted instruction'] += 1
        if pi.returncode != 0 or len(li) != len(lg):
            print('MISMATCH in %s: iga64 %d lines (status %d), gtsim %d lines'
                  % (k, len(li), pi.returncode, len(lg)))
            bad += 1
            continue
        for x, y in zip(li, lg):
            if x == y:
                same += 1
                continue
            why = next((n for n, rx in EXCLUDED if y.startswith('// offset') and rx.search(y)), None)
            if why:
                excl[why] += 1
                continue
            bad += 1
            if bad <= 30:
                print('MISMATCH in %s:\n  iga64: %s\n  gtsim: %s' % (os.path.relpath(k, src), x, y))
    print('kernels12: %d kernels, %d instructions identical, %d mismatching; excluded (not decoded '
          'yet): %s' % (len(kernels), same, bad, ', '.join('%s %d' % kv for kv in excl.items())))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
