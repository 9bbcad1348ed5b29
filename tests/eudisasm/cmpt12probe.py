#!/usr/bin/env python3
"""Re-derives the Gen12LP (tgllp) compaction tables from iga64 alone and
compares them with the tables committed in src/eu/encoding_gen12.c.

Method (black box, iga64 -p=12p1 only, no other input): for every entry i
of every table, build an 8-byte compacted instruction (CmptCtrl, bit 29,
set) whose index field selects i and whose other fields are fixed; have
iga64 disassemble it; strip {Compacted} from the printed line and have
iga64 assemble it again as a native 16-byte instruction
(-Xforce-no-compact); read the table entry back from the native bits the
entry expands into (the MOVES below, the same native positions
encoding_gen12.c gives the expander).  A table bit is compared only where
iga64's listing shows it (unseen_mask: Src1.RegFile under an immediate).
Then the verbatim fields of both layouts (every register number field over
GRF numbers, the SWSB byte, DebugCtrl) and the 12-bit immediate of every
type a data type entry gives, expanded as g12_cmpt_imm in encoding_gen12.c
says, against iga64's listing.

usage: cmpt12probe.py SRCDIR [--print-c]
Exit status 0 when every table entry agrees, 1 otherwise.
"""
import os
import re
import struct
import subprocess
import sys
import tempfile

TMP = tempfile.mkdtemp(prefix='cmpt12probe')


def iga(args):
    return subprocess.run(['iga64', '-p=12p1'] + args, capture_output=True, text=True)


def compacted(fields):
    """8 bytes from {lo: (n, value)} plus CmptCtrl."""
    v = 1 << 29
    for lo, (n, val) in fields.items():
        assert val < (1 << n)
        v |= val << lo
    return struct.pack('<Q', v)


def disasm(code):
    path = os.path.join(TMP, 'c.bin')
    with open(path, 'wb') as f:
        f.write(code)
    p = iga(['-d', path])
    ls = [l for l in p.stdout.splitlines() if l.strip() and not re.match(r'^L\d+:$', l.strip())]
    if p.returncode != 0 or len(ls) != 1:
        return None
    return ls[0]


def native(line):
    line = re.sub(r'Compacted,?', '', line).replace('{}', '')
    line = re.sub(r',\s*}', '}', line)
    src, out = os.path.join(TMP, 'n.asm'), os.path.join(TMP, 'n.bin')
    with open(src, 'w') as f:
        f.write(line + '\n')
    p = iga(['-a', src, '-Xforce-no-compact', '-o', out])
    if p.returncode != 0:
        return None
    with open(out, 'rb') as f:
        return int.from_bytes(f.read()[:16], 'little')


# Compacted layouts (bit lo: width): 2-source and 3-source.
C2 = dict(opcode=(0, 7), ctrl=(24, 5), dtype=(30, 5), subreg=(35, 5), src0=(48, 4), src1=(52, 4),
          dst=(16, 8), r0=(40, 8), r1=(56, 8))
C3 = dict(opcode=(0, 7), ctrl=(24, 5), source=(30, 5), subreg=(35, 5), dst=(16, 8), r0=(40, 8),
          r2=(48, 8), r1=(56, 8))

# Table bit `at`, n bits, from native bit `to` (as encoding_gen12.c moves them).
TABLES = {
    'g12_cmpt_control': dict(
        size=32, layout=C2, field='ctrl', ops=[0x40],
        base=dict(dtype=10, subreg=0, src0=0, src1=0),
        moves=[(17, 4, 92), (16, 1, 34), (15, 1, 33), (14, 1, 32), (13, 1, 31), (12, 1, 28),
               (8, 4, 24), (6, 2, 22), (3, 3, 19), (0, 3, 16)]),
    'g12_cmpt_datatype': dict(
        size=32, layout=C2, field='dtype', ops=[0x40, 0x61],  # add; mov for src0 immediates
        base=dict(ctrl=1, subreg=0, src0=0, src1=0),
        moves=[(19, 1, 98), (15, 4, 88), (14, 1, 66), (13, 1, 50), (11, 2, 48), (10, 1, 47),
               (9, 1, 46), (5, 4, 40), (1, 4, 36), (0, 1, 35)]),
    'g12_cmpt_subreg': dict(
        # byte types (datatype entry 7, acc0-acc2 :ub) show odd byte subregisters
        size=32, layout=C2, field='subreg', ops=[0x40],
        base=dict(ctrl=1, dtype=7, src0=0, src1=0),
        moves=[(10, 5, 99), (5, 5, 67), (0, 5, 51)]),
    'g12_cmpt_src0': dict(
        size=16, layout=C2, field='src0', ops=[0x40],
        base=dict(ctrl=1, dtype=10, subreg=0, src1=0),
        moves=[(8, 4, 84), (5, 3, 81), (4, 1, 80), (2, 2, 64), (0, 2, 44)]),
    'g12_cmpt_src1': dict(
        size=16, layout=C2, field='src1', ops=[0x40],
        base=dict(ctrl=1, dtype=10, subreg=0, src0=0),
        moves=[(10, 2, 120), (6, 4, 116), (3, 3, 113), (2, 1, 112), (0, 2, 96)]),
    'g12_cmpt_3src_control': dict(
        size=32, layout=C3, field='ctrl', ops=[0x5b],
        base=dict(source=2, subreg=0),
        moves=[(32, 4, 92), (29, 3, 88), (26, 3, 80), (25, 1, 50), (24, 1, 48), (21, 3, 40),
               (20, 1, 39), (17, 3, 36), (16, 1, 34), (15, 1, 33), (14, 1, 32), (13, 1, 31),
               (12, 1, 28), (8, 4, 24), (7, 1, 23), (6, 1, 22), (3, 3, 19), (0, 3, 16)]),
    'g12_cmpt_3src_source': dict(
        size=32, layout=C3, field='source', ops=[0x5b],
        base=dict(ctrl=1, subreg=0),
        moves=[(20, 1, 114), (18, 2, 112), (17, 1, 98), (15, 2, 96), (14, 1, 91), (12, 2, 86),
               (10, 2, 84), (9, 1, 83), (8, 1, 66), (6, 2, 64), (5, 1, 47), (4, 1, 46), (2, 2, 44),
               (1, 1, 43), (0, 1, 35)]),
    'g12_cmpt_3src_subreg': dict(
        size=32, layout=C3, field='subreg', ops=[0x5b],
        base=dict(ctrl=1, source=2),
        moves=[(15, 5, 115), (10, 5, 99), (5, 5, 67), (0, 5, 51)]),
}

# Registers: r32..r34 (GRF) or acc0..acc2 (ARF 0x20-0x22), printed either way.
REGS = dict(dst=0x20, r0=0x21, r1=0x22, r2=0x23)


def unseen_mask(name, value):
    """Table bits iga64's listing cannot show for this entry."""
    if name == 'g12_cmpt_datatype' and value >> 10 & 1:
        return 1 << 19  # Src1.RegFile is immediate bits with Src1.IsImm
    return 0


def derive(name, t):
    out = []
    lay = t['layout']
    for i in range(t['size']):
        line = None
        for op in t['ops']:
            f = {lay['opcode'][0]: (lay['opcode'][1], op), lay[t['field']][0]: (lay[t['field']][1], i)}
            for k, v in list(t['base'].items()) + list(REGS.items()):
                if k in lay:
                    f[lay[k][0]] = (lay[k][1], v)
            line = disasm(compacted(f))
            if line:
                break
        if not line:
            out.append((None, 'iga64 does not disassemble it'))
            continue
        n = native(line)
        if n is None:
            out.append((None, 'iga64 does not reassemble "%s"' % line.strip()))
            continue
        v = 0
        for at, w, to in t['moves']:
            v |= (n >> to & ((1 << w) - 1)) << at
        out.append((v, line.strip()))
    return out


def operands(line):
    """The operand tokens of a listing line (after the ExecSize)."""
    body = re.sub(r'\s*\{.*\}', '', line).split(')', 1)[1] if '(' in line else line
    body = re.sub(r'^\s*\(\w+\)f\d\.\d', '', body)  # conditional modifier
    return body.split()


def check_fields():
    """The compacted fields kept verbatim: every value of each register
    number field shows as that register of its operand, the SWSB byte as
    iga64's annotation, bit 7 as Breakpoint.  Returns the disagreements."""
    bad = 0
    base2 = dict(ctrl=1, dtype=10, subreg=0, src0=0, src1=0, dst=0x20, r0=0x21, r1=0x22)
    base3 = dict(ctrl=1, source=2, subreg=0, dst=0x20, r0=0x21, r1=0x22, r2=0x23)
    cases = [(C2, 0x40, base2, 'dst', 0), (C2, 0x40, base2, 'r0', 1), (C2, 0x40, base2, 'r1', 2),
             (C3, 0x5b, base3, 'dst', 0), (C3, 0x5b, base3, 'r0', 1), (C3, 0x5b, base3, 'r1', 2),
             (C3, 0x5b, base3, 'r2', 3)]
    for lay, op, base, field, k in cases:
        for val in range(0, 128, 7):  # GRF numbers (datatype / source entries: GRF)
            f = {lay['opcode'][0]: (7, op)}
            for name, v in base.items():
                f[lay[name][0]] = (lay[name][1], val if name == field else v)
            line = disasm(compacted(f))
            got = operands(line)[k] if line else None
            if not got or not got.startswith('r%d.' % val):
                bad += 1
                print('field %s (compacted bits %d..): value %d printed as %s'
                      % (field, lay[field][0], val, got))
    for lay, op, base in ((C2, 0x40, base2), (C3, 0x5b, base3)):
        for sw, want in ((0x03, '@3'), (0x25, '$5.dst'), (0x37, '$7.src'), (0x80 | 0x21, '@2,$1.dst')):
            f = {lay['opcode'][0]: (7, op), 8: (8, sw)}
            for name, v in base.items():
                f[lay[name][0]] = (lay[name][1], v)
            line = disasm(compacted(f)) or ''
            if '{Compacted,%s}' % want not in line:
                bad += 1
                print('SWSB 0x%02x (compacted bits 15:8): %s' % (sw, line.strip()))
        f = {lay['opcode'][0]: (7, op), 7: (1, 1)}
        for name, v in base.items():
            f[lay[name][0]] = (lay[name][1], v)
        line = disasm(compacted(f)) or ''
        if '{Breakpoint,Compacted}' not in line:
            bad += 1
            print('DebugCtrl (compacted bit 7): %s' % line.strip())
    print('compacted verbatim fields: %s' % ('as the layout says' if not bad else '%d disagreements' % bad))
    return bad


# The 12-bit immediate (bits 63:52) expanded as encoding_gen12.c's
# g12_cmpt_imm says for its type (enum gt_cmpt_imm), as iga64 prints it.
SEXT = lambda v: (v ^ 0x800) - 0x800
KINDS = dict(GT_CIMM_SEXT=SEXT, GT_CIMM_ZEXT=lambda v: v, GT_CIMM_TOP=lambda v: v << 20,
             GT_CIMM_REP16=lambda v: v | v << 16,
             GT_CIMM_SEXT_REP16=lambda v: (SEXT(v) & 0xffff) | (SEXT(v) & 0xffff) << 16)
TYPE_ENC = dict(uw=0x1, ud=0x2, v=0x4, w=0x5, d=0x6, f=0xa)  # ImmDataType
IMM_DTYPE = dict(f=3, w=9, d=14, ud=15, v=20, uw=21)  # data type entries with that src1 immediate


def SEXT16(x):
    return (x ^ 0x8000) - 0x8000


def SEXT32(x):
    return (x ^ 0x80000000) - 0x80000000


def check_immediates(src):
    """Every 12-bit immediate of every type a data type entry gives, read
    back from iga64's listing.  Returns the disagreements."""
    text = open(os.path.join(src, 'src/eu/encoding_gen12.c')).read()
    body = re.search(r'g12_cmpt_imm\[16\] = \{(.*?)\};', text, re.S).group(1)
    kinds = {int(e, 16): k for e, k in re.findall(r'\[(0x[0-9a-f]+)\] = (GT_CIMM_\w+)', body)}
    bad = 0
    for t, dt in IMM_DTYPE.items():
        for imm in list(range(0, 4096, 97)) + [0x7ff, 0x800, 0xfff]:
            f = {0: (7, 0x40), C2['ctrl'][0]: (5, 1), C2['dtype'][0]: (5, dt), C2['subreg'][0]: (5, 0),
                 C2['src0'][0]: (4, 0), C2['dst'][0]: (8, 0x20), C2['r0'][0]: (8, 0x21),
                 52: (12, imm)}
            line = disasm(compacted(f))
            tok = operands(line)[2] if line else ''
            m = re.match(r'^(-?(?:0x[0-9A-F]+|[\d.e+-]+|inf|[qs]nan\(0x[0-9a-fA-F]+\))):(\w+)$', tok)
            full = KINDS[kinds.get(TYPE_ENC[t], 'GT_CIMM_SEXT')](imm) & 0xffffffff
            # iga64 prints W / UW from the low half; both halves are checked
            # apart (a 16-bit immediate fills both, seed 004 ImmValue)
            if t in ('w', 'uw') and full >> 16 != full & 0xffff:
                bad += 1
                print('immediate 0x%03x:%s: halves differ (0x%08x)' % (imm, t, full))
            want = {'w': lambda x: SEXT16(x & 0xffff), 'uw': lambda x: x & 0xffff,
                    'd': SEXT32}.get(t, lambda x: x)(full)
            if t == 'f':
                got = None
                n = m and re.match(r'^(-?)([qs])nan\((0x[0-9a-fA-F]+)\)$', m.group(1))
                if n:  # iga64's NaN: sign, quiet bit, payload
                    got = (n.group(1) == '-') << 31 | 0x7f800000 | (n.group(2) == 'q') << 22 | \
                        int(n.group(3), 16)
                elif m and m.group(1).startswith('0x'):
                    got = int(m.group(1), 16)
                elif m:
                    got = struct.unpack('<I', struct.pack('<f', float(m.group(1))))[0]
                ok = m and m.group(2) == 'f' and got is not None and got == want
            else:
                ok = m and m.group(2) == t and int(m.group(1), 0) == want
            if not ok:
                bad += 1
                print('immediate 0x%03x:%s: iga64 prints %s, expansion gives 0x%x' % (imm, t, tok, want))
    print('compacted immediates: %s' % ('as g12_cmpt_imm expands them' if not bad else '%d disagreements' % bad))
    return bad


def committed(src):
    text = open(os.path.join(src, 'src/eu/encoding_gen12.c')).read()
    tabs = {}
    for m in re.finditer(r'static const uint64_t (g12_cmpt_\w+)\[(\d+)\] = \{(.*?)\};', text, re.S):
        body = re.sub(r'/\*.*?\*/', '', m.group(3), flags=re.S)
        tabs[m.group(1)] = [int(x.rstrip('ull').rstrip('u'), 0) for x in re.findall(r'0x[0-9a-fA-F]+', body)]
    return tabs


def main():
    src = sys.argv[1]
    print_c = '--print-c' in sys.argv
    have = committed(src)
    bad = 0
    for name, t in TABLES.items():
        got = derive(name, t)
        if print_c:
            width = max(at + w for at, w, _ in t['moves'])
            print('static const uint64_t %s[%d] = {' % (name, t['size']))
            for i, (v, line) in enumerate(got):
                line = re.sub(r'\s+', ' ', re.sub(r'\s*\{.*\}', '', line or ''))
                print('    0x%0*x, /* %s */' % ((width + 3) // 4, v or 0, line))
            print('};')
            continue
        c = have.get(name)
        if c is None or len(c) != t['size']:
            print('%s: not in encoding_gen12.c with %d entries' % (name, t['size']))
            bad += 1
            continue
        for i, (v, line) in enumerate(got):
            mask = ~unseen_mask(name, c[i])
            if v is None or (v & mask) != (c[i] & mask):
                bad += 1
                print('%s[%d]: committed 0x%x, iga64 %s (%s)'
                      % (name, i, c[i], 'none' if v is None else '0x%x' % v, line))
        print('%s: %d entries checked' % (name, t['size']))
    if not print_c:
        bad += check_fields() + check_immediates(src)
        print('cmpt12probe: %s' % ('all tables, fields and immediates agree with iga64' if not bad
                                   else '%d disagreements' % bad))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
