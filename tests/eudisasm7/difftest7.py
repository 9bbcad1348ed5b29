#!/usr/bin/env python3
"""Differential test of gtsim's Gen7 disassembly against tools nobody here wrote.

hsw: random Gen7.5 instruction text is assembled by `iga64 -p=7p5 -a` (with
and without -Xautocompact, so compacted forms are covered; lines iga64
refuses are dropped), then the binary is disassembled by `iga64 -p=7p5 -d`
and by gtsim (`gtdis --platform hsw`, i.e. gtsim_disasm) and compared line
by line (whitespace runs normalised).  Field mutations of the assembled
encodings that iga64 still decodes are compared too, and random encodings
of dim (Haswell DF immediate move, which iga64 decodes but cannot
assemble).

ivb: the same binaries (native forms, their field mutations, and the
compacted forms of -Xautocompact against their native twins assembled from
the same text) are disassembled by
`intel-gen4disasm -g 7` (intel-gpu-tools; input: one `{ 0x.., 0x.., 0x..,
0x.. },` line per instruction) and by `gtdis --platform ivb`, which prints
that tool's syntax; forms the old tool cannot print (see GEN4_SKIP) are
left out of the ivb comparison.

usage: difftest7.py GTDIS [--platform hsw|ivb] [--count N] [--seed S]
       difftest7.py GTDIS [--platform hsw|ivb] --files KERNEL.bin...
Exit status 0 when every instruction matches.
"""
import argparse
import os
import random
import re
import shutil
import struct
import subprocess
import sys
import tempfile

TYPES = ['ud', 'd', 'uw', 'w', 'ub', 'b', 'f', 'df']
ALU2 = ['add', 'mul', 'and', 'or', 'xor', 'shl', 'shr', 'asr', 'sel', 'cmp', 'cmpn', 'avg',
        'mac', 'mach', 'addc', 'subb', 'sad2', 'sada2', 'bfi1', 'line', 'pln', 'dp2', 'dp3',
        'dp4', 'dph']
ALU1 = ['mov', 'not', 'frc', 'rndu', 'rndd', 'rnde', 'rndz', 'lzd', 'fbh', 'fbl', 'cbit',
        'bfrev', 'movi', 'f32to16', 'f16to32']
ALU3 = ['mad', 'lrp', 'bfe', 'bfi2']
MATH1 = ['inv', 'log', 'exp', 'sqt', 'rsqt', 'sin', 'cos']
MATH2 = ['fdiv', 'pow', 'idiv', 'iqot', 'irem']
CONDS = ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'ov', 'un']
PREDS = ['', '.anyv', '.allv', '.any2h', '.all2h', '.any4h', '.all4h', '.any8h', '.all8h',
         '.any16h', '.all16h', '.any32h', '.all32h']
OPTS = ['AccWrEn', 'Atomic', 'Breakpoint', 'NoDDChk', 'NoDDClr', 'Switch']
ARFS = ['acc0', 'acc1', 'a0', 'f0', 'f1', 'null', 'sr0', 'cr0', 'n0', 'tm0', 'ce', 'ip',
        'tdr0', 'dbg0', 'sp']
SFIDS = [0x0, 0x2, 0x3, 0x4, 0x5, 0x6, 0x7, 0x8, 0x9, 0xA, 0xB, 0xC]


class Gen:
    def __init__(self, rnd):
        self.r = rnd

    def pick(self, xs):
        return self.r.choice(xs)

    def chance(self, p):
        return self.r.random() < p

    def exec_size(self):
        es = self.pick([1, 2, 4, 8, 8, 16, 16, 32])
        off = 0
        if es <= 16 and self.chance(0.3):
            off = self.pick([o for o in range(0, 32, 4) if es < 8 or o % es == 0 or (es == 8 and o % 8 == 0)])
        return es, off

    def pred(self):
        if not self.chance(0.3):
            return '(W) ' if self.chance(0.2) else ''
        s = '(' + ('W&' if self.chance(0.2) else '') + ('~' if self.chance(0.3) else '')
        s += 'f%d.%d' % (self.r.randint(0, 1), self.r.randint(0, 1))
        s += self.pick(PREDS) if self.chance(0.3) else ''
        return s + ') '

    def reg(self, t):
        sz = {'ud': 4, 'd': 4, 'f': 4, 'uw': 2, 'w': 2, 'ub': 1, 'b': 1, 'df': 8}[t]
        sub = self.r.randint(0, 32 // sz - 1) if self.chance(0.4) else 0
        if self.chance(0.08):
            a = self.pick(ARFS)
            if a in ('null', 'ce', 'ip'):
                return a
            return '%s.%d' % (a, self.r.randint(0, 3) if a != 'sp' else 0)
        return 'r%d.%d' % (self.r.randint(0, 127), sub)

    def imm(self, t):
        r = self.r
        if t == 'f':
            return self.pick(['1.5', '0.0', '-2.25', '1e+10', '0.1', '0x%08X' % r.getrandbits(32),
                              '%g' % r.uniform(-1000, 1000)])
        if t in ('d', 'w', 'b'):
            return str(r.randint(-1000, 1000)) if self.chance(0.5) else str(r.randint(-40000, 40000))
        return '0x%X' % r.getrandbits({'ud': 32, 'uw': 16, 'ub': 8}.get(t, 32))

    def src(self, t, allow_imm=True):
        r = self.r
        mod = self.pick(['-', '(abs)', '-(abs)', '~']) if self.chance(0.2) else ''
        if allow_imm and t != 'df' and self.chance(0.25):
            it = self.pick(['uw', 'w']) if t in ('ub', 'b') else t
            if self.chance(0.1):
                return '0x%08X:%s' % (r.getrandbits(32), self.pick(['v', 'uv', 'vf']))
            return '%s:%s' % (self.imm(it), it)
        if self.chance(0.08):
            base = 'r[a0.%d%s]' % (r.randint(0, 7), (',%d' % (r.randint(-32, 31) * 2)) if self.chance(0.6) else '')
            if self.chance(0.3):
                return '%s%s<%d,%d>:%s' % (mod, base, self.pick([1, 2, 4, 8]), self.pick([0, 1, 2]), t)
            return '%s%s<%d;%d,%d>:%s' % (mod, base, self.pick([0, 1, 2, 4, 8]), self.pick([1, 2, 4, 8]),
                                          self.pick([0, 1, 2, 4]), t)
        rg = self.pick(['<0;1,0>', '<8;8,1>', '<16;8,2>', '<4;4,1>', '<2;2,1>', '<1;1,0>',
                        '<16;16,1>', '<8;4,2>', '<0;4,1>', '<32;8,4>'])
        return mod + self.reg(t) + rg + ':' + t

    def dst(self, t):
        if self.chance(0.05):
            return 'r[a0.%d,%d]<1>:%s' % (self.r.randint(0, 7), self.r.randint(-16, 15) * 2, t)
        return self.reg(t) + '<%d>:%s' % (self.pick([1, 1, 1, 2, 4]), t)

    def opts(self, extra=()):
        o = [x for x in OPTS if self.chance(0.06)] + list(extra)
        return (' {' + ','.join(o) + '}') if o else ''

    def alu(self):
        es, off = self.exec_size()
        one = self.chance(0.35)
        op = self.pick(ALU1 if one else ALU2)
        t = self.pick(TYPES)
        st = t if self.chance(0.6) else self.pick(TYPES)
        line = self.pred() + op + ' (%d|M%d)' % (es, off)
        if self.chance(0.2):
            line += ' (%s)f%d.%d' % (self.pick(CONDS), self.r.randint(0, 1), self.r.randint(0, 1))
        line += ' ' + ('(sat)' if self.chance(0.1) else '') + self.dst(t)
        line += ' ' + self.src(st, allow_imm=one)
        if not one:
            line += ' ' + self.src(self.pick([st, self.pick(TYPES)]))
        return line + self.opts()

    def alu3(self):
        es = self.pick([1, 2, 4, 8, 16])
        t = self.pick(['f', 'f', 'df', 'd', 'ud'])

        def s(last=False):
            m = self.pick(['', '', '-', '(abs)', '-(abs)'])
            rg = ('<0>' if self.chance(0.3) else '<1>') if last else ('<0;0>' if self.chance(0.3) else '<2;1>')
            return '%sr%d.%d%s:%s' % (m, self.r.randint(0, 127), self.r.randint(0, 3), rg, t)
        line = self.pred() + self.pick(ALU3) + ' (%d|M0)' % es
        if self.chance(0.2):
            line += ' (%s)f%d.%d' % (self.pick(CONDS), self.r.randint(0, 1), self.r.randint(0, 1))
        line += ' %sr%d.%d<1>:%s %s %s %s' % ('(sat)' if self.chance(0.1) else '', self.r.randint(0, 127),
                                             self.r.randint(0, 3), t, s(), s(), s(True))
        return line + self.opts()

    def math(self):
        es, off = self.exec_size()
        two = self.chance(0.4)
        fn = self.pick(MATH2 if two else MATH1)
        t = self.pick(['d', 'ud']) if fn in ('idiv', 'iqot', 'irem') else 'f'
        line = self.pred() + 'math.%s (%d|M%d) %s %s' % (fn, es, off, self.dst(t), self.src(t, False))
        if two:
            line += ' ' + self.src(t)
        return line + self.opts()

    def send(self):
        r = self.r
        es = self.pick([1, 8, 16])
        sfid = self.pick(SFIDS)
        desc = r.getrandbits(29) if self.chance(0.5) else self.pick([
            0x02200000, 0x04205EFE, 0x02000010, 0x0208C000, 0x020A8000 | r.getrandbits(8),
            0x0C0A0000 | r.getrandbits(16), 0x04405C00, 0x02480100])
        desc &= ~(0xF << 25)
        desc |= r.randint(1, 15) << 25
        desc &= ~(0x1F << 20)
        desc |= r.randint(0, 16) << 20
        eot = self.chance(0.1)
        dst = 'null' if self.chance(0.2) else 'r%d' % r.randint(0, 127)
        op = self.pick(['send', 'sendc'])
        dsc = 'a0.0' if self.chance(0.1) else '0x%08X' % desc
        line = '%s (%d|M0) %s:%s r%d 0x%X %s' % (op, es, dst, self.pick(['ud', 'uw', 'd', 'f']),
                                               r.randint(0, 127), sfid, dsc)
        pre = '(W) ' if self.chance(0.3) else ''
        return pre + line + self.opts(['EOT'] if eot else [])

    def branch(self, labels):
        r = self.r
        op = self.pick(['if', 'else', 'endif', 'while', 'break', 'cont', 'halt', 'brd', 'jmpi',
                        'call', 'calla', 'ret'])
        L = lambda: self.pick(labels)
        es = self.pick([1, 8, 16, 32]) if op not in ('brd', 'call', 'calla', 'ret') else 1
        if op in ('if', 'break', 'cont', 'halt'):
            return self.pred() + '%s (%d|M0) %s %s' % (op, es, L(), L())
        if op in ('else', 'endif', 'while', 'brd'):
            return self.pred() + '%s (%d|M0) %s' % (op, es, L())
        if op == 'jmpi':
            return '(W) jmpi %s' % L()
        if op == 'call':
            return 'call (1|M0) r%d.0 %s' % (r.randint(0, 127), L())
        if op == 'calla':
            return 'calla (1|M0) r%d.0 0x%X' % (r.randint(0, 127), r.randint(0, 64) * 16)
        return 'ret (1|M0) r%d.0' % r.randint(0, 127)

    def misc(self):
        return self.pick(['nop', 'wait n0.0<0;1,0>:ud', 'illegal'])

    def program(self, n):
        labels = ['L%d' % i for i in range(0, n, max(1, n // 8))]
        lines = []
        for i in range(n):
            if 'L%d' % i in labels:
                lines.append('L%d:' % i)
            k = self.r.random()
            if k < 0.5:
                lines.append(self.alu())
            elif k < 0.65:
                lines.append(self.alu3())
            elif k < 0.73:
                lines.append(self.math())
            elif k < 0.87:
                lines.append(self.send())
            elif k < 0.97:
                lines.append(self.branch(labels))
            else:
                lines.append(self.misc())
        return lines


def norm(s):
    return re.sub(r'\s+', ' ', s).strip()


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True)


def assemble(lines, tmp, extra):
    """Assembles lines with iga64 -p=7p5, dropping those it refuses."""
    for _ in range(40):
        asm = os.path.join(tmp, 'x.asm')
        with open(asm, 'w') as f:
            f.write('\n'.join(lines) + '\n')
        out = os.path.join(tmp, 'x.bin')
        if os.path.exists(out):
            os.unlink(out)
        p = run(['iga64', '-p=7p5', '-a', asm, '-o', out] + extra)
        if p.returncode == 0 and os.path.exists(out):
            return open(out, 'rb').read()
        bad = set(int(m) for m in re.findall(r'^line (\d+)\.\d+: error', p.stderr, re.M))
        if not bad:
            return None
        lines = [l for i, l in enumerate(lines, 1) if i not in bad or re.match(r'^L\d+:$', l)]
    return None


def insts(data):
    """[(offset, bytes)] of the instructions of a binary (CmptCtrl: bit 29)."""
    out, off = [], 0
    while off + 8 <= len(data):
        ln = 8 if (data[off + 3] >> 5) & 1 else 16
        out.append((off, data[off:off + ln]))
        off += ln
    return out


SEND_COMMENTS = True


def listing(text):
    out, labels = [], []
    for l in text.splitlines():
        l = norm(l)
        if not SEND_COMMENTS:
            l = l.split(' //')[0]
        if not l:
            continue
        if re.match(r'^L\d+:$', l):
            labels.append(l)
        else:
            out.append((' '.join(labels), l))
            labels = []
    if labels:
        out.append((' '.join(labels), ''))
    return out


def compare_lists(ref, got, data, report, show, tool):
    pcs = insts(data)
    bad = 0
    for i in range(max(len(ref), len(got))):
        a = ref[i] if i < len(ref) else ('', '<none>')
        b = got[i] if i < len(got) else ('', '<none>')
        if a != b:
            bad += 1
            if report[0] < show:
                raw = ''
                if i < len(pcs):
                    raw = ' @0x%x [%s]' % (pcs[i][0], ' '.join('%02x' % x for x in pcs[i][1]))
                print('MISMATCH%s\n  %s: %s | %s\n  gtsim: %s | %s' % (raw, tool, a[0], a[1], b[0], b[1]))
                report[0] += 1
    return bad


def cmp_hsw(gtdis, data, tmp, report, show):
    path = os.path.join(tmp, 'c.bin')
    with open(path, 'wb') as f:
        f.write(data)
    p = run(['iga64', '-p=7p5', '-d', path])
    if p.returncode != 0:
        return None
    g = run([gtdis, '--platform', 'hsw', path]).stdout
    return len(insts(data)), compare_lists(listing(p.stdout), listing(g), data, report, show, 'iga64')


# intel-gen4disasm (intel-gpu-tools assembler/brw_disasm.c, unchanged since
# 2014) cannot print these Gen7 forms faithfully; they are left out of the
# ivb comparison (gtsim prints them in the same syntax with the obvious
# spelling):
#  - opcodes it does not know or misnames: illegal 0, movi 3, f32to16 19,
#    f16to32 20, bfrev 23, bfe 24, bfi1 25, bfi2 26, brd 33, brc 35 (it says
#    "iff"), calla 43, call 44 / ret 45 ("msave" / "mrest"), fbh..subb 75-79,
#    lrp 92; math fdiv (function 9, printed as Gen4's "tan");
#  - DF operands (no DF type: it prints "*** invalid" and divides by a zero
#    type size) and VF / UV immediates ("Vector Float" / a UB reading);
#  - ThreadCtrl Atomic (and 3) ("*** invalid thread control"); Align1
#    predicates any32h / all32h;
#  - 3-source: predicate or condition (it reads the flag from the 2-source
#    bit positions), non-F types (it always prints F), RepCtrl (ignored),
#    destination register file bit set (it prints an MRF);
#  - indirect destinations (it divides the a0 subregister by the type
#    size), Align16 destinations with SubRegNum 16 (likewise), Align16
#    indirect operands ("not supported");
#  - send: SFIDs whose description it lacks or misreads (0 null, 1, 3
#    gateway, 6 URB (Gen5 layout), 8 VME, 9 constant cache, 11-15), a
#    descriptor in a0.0, Align16 sends, render cache message types 3 and 15
#    (not in its table);
#  - else with a predicate (Gen7 else is not predicated; gtsim drops it),
#    branches, jmpi, wait and nop with a conditional-modifier field (gtsim
#    keeps none for them), jmpi through a register;
#  - MRF operands (Gen7 has none; gtsim rejects them or, for the unused
#    src1 of one-source math, shows null); Align1 VertStride VxH with
#    direct addressing, reserved src1 VertStride / Width (gtsim rejects
#    them; one-source math ignores its src1 and gtsim shows null).
# For branches it prints the src0/src1 fields too, which on Gen7 overlap the
# JIP/UIP DWord; those columns are removed before comparing (gen4_norm).
GEN4_SKIP_OPC = {0, 3, 19, 20, 23, 24, 25, 26, 33, 35, 43, 44, 45, 75, 76, 77, 78, 79, 92}
GEN4_OPS = {1, 2, 4, 5, 6, 7, 8, 9, 12, 16, 17, 32, 34, 36, 37, 39, 40, 41, 42, 48, 49, 50, 56,
            64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 80, 81, 84, 85, 86, 87, 89, 90, 91, 126}
GEN4_BRANCH = {34, 36, 37, 39, 40, 41, 42}
GEN4_SFIDS = {2, 4, 5, 7, 10}


def bits(ins, hi, lo):
    v = int.from_bytes(ins, 'little')
    return (v >> lo) & ((1 << (hi - lo + 1)) - 1)


def gen4_keep(ins):
    op = bits(ins, 6, 0)
    if op in GEN4_SKIP_OPC or op not in GEN4_OPS:
        return False
    align16 = bits(ins, 8, 8)
    pred, cond = bits(ins, 19, 16), bits(ins, 27, 24)
    if bits(ins, 15, 14) in (1, 3):
        return False
    if not align16 and pred in (12, 13):
        return False
    if op == 56 and cond == 9:
        return False
    if op == 91:
        return (pred == 0 and cond == 0 and bits(ins, 43, 42) == 0 and bits(ins, 45, 44) == 0
                and not bits(ins, 64, 64) and not bits(ins, 85, 85) and not bits(ins, 106, 106)
                and not bits(ins, 32, 32))
    if op in GEN4_BRANCH:
        return cond == 0 and not (op == 36 and pred)
    if op in (32, 48, 126) and cond:
        return False
    if op == 32:
        return bits(ins, 43, 42) == 3
    if op == 126:
        return True
    f0, f1 = bits(ins, 38, 37), bits(ins, 43, 42)
    if 2 in (bits(ins, 33, 32), f0, f1):
        return False
    src1 = f0 != 3  # with an immediate src0, bits 127:96 are the immediate
    if not align16 and ((f0 < 2 and not bits(ins, 79, 79) and bits(ins, 88, 85) == 15) or
                        (src1 and f1 < 2 and not bits(ins, 111, 111) and bits(ins, 120, 117) == 15)):
        return False
    if (not align16 and src1 and f1 < 2 and
            (7 <= bits(ins, 120, 117) <= 14 or bits(ins, 116, 114) > 4)):
        return False
    if bits(ins, 36, 34) == 6 or (f0 != 3 and bits(ins, 41, 39) == 6) or (f1 != 3 and bits(ins, 46, 44) == 6):
        return False
    if (f0 == 3 and bits(ins, 41, 39) in (4, 5)) or (f1 == 3 and bits(ins, 46, 44) in (4, 5)):
        return False
    if bits(ins, 63, 63):
        return False
    if align16 and (bits(ins, 52, 52) or bits(ins, 79, 79) or bits(ins, 111, 111)):
        return False
    if op in (49, 50):
        return (not align16 and cond in GEN4_SFIDS and f1 == 3 and
                not (cond == 5 and bits(ins, 113, 110) in (3, 15)))
    return True


BRANCH_RE = re.compile(r'^((?:\(\S+\) )?(?:if|else|endif|while|break|cont|halt)\S*\(\d+\)(?: -?\d+)+) .*?(\{.*)$')


def gen4_norm(line):
    """The old tool's branch lines without their operand columns."""
    m = BRANCH_RE.match(line)
    return '%s %s' % (m.group(1), m.group(2)) if m else line


def gen4_text(words):
    return ''.join('{ 0x%08x, 0x%08x, 0x%08x, 0x%08x },\n' % tuple(w) for w in words)


def cmp_ivb(gtdis, native, tmp, report, show, compact=None):
    """native: 16-byte instructions; compares intel-gen4disasm -g 7 with gtsim --platform ivb.
    compact: the same program assembled with -Xautocompact (same instruction
    count); gtsim then reads those encodings (compacted where iga64 could),
    the old tool their native twins.  Branches are left out there (their
    offsets change with the layout)."""
    nat = [ins for _, ins in insts(native)]
    cmp = [ins for _, ins in insts(compact)] if compact else nat
    if len(cmp) != len(nat):
        return 0, 0
    pairs = [(n, c) for n, c in zip(nat, cmp) if len(n) == 16 and gen4_keep(n) and
             not (compact and (n[0] & 0x7f) in GEN4_BRANCH | {32})]
    keep = [n for n, _ in pairs]
    if not keep:
        return 0, 0
    data = b''.join(c for _, c in pairs)
    path = os.path.join(tmp, 'i.bin')
    with open(path, 'wb') as f:
        f.write(data)
    txt = os.path.join(tmp, 'i.txt')
    with open(txt, 'w') as f:
        f.write(gen4_text([struct.unpack('<4I', k) for k in keep]))
    p = run(['intel-gen4disasm', '-g', '7', txt])
    g = run([gtdis, '--platform', 'ivb', path]).stdout
    ref = [('', gen4_norm(norm(l))) for l in p.stdout.splitlines() if norm(l)]
    got = [('', norm(l)) for l in g.splitlines() if norm(l) and not re.match(r'^L\d+:$', norm(l))]
    return len(keep), compare_lists(ref, got, data, report, show, 'gen4disasm')


def dim_insts(rnd, n):
    """n random Haswell dim encodings (opcode 10; iga64 cannot assemble it):
    DF destination, src0 an immediate whose 64 bits are 127:64 (not
    predicated: the flag fields overlap the immediate and iga64 rejects
    most values there)."""
    out = b''
    for _ in range(n):
        w = 10 | (rnd.randint(0, 4) << 21)
        if rnd.random() < 0.2:
            w |= 1 << 9
        w |= (1 << 32) | (6 << 34) | (3 << 37) | (7 << 39)
        w |= rnd.randint(0, 127) << 53
        w |= (rnd.randint(0, 3) * 8) << 48
        w |= rnd.choice([1, 2]) << 61
        w |= rnd.getrandbits(64) << 64
        out += w.to_bytes(16, 'little')
    return out


def mutate(data, rnd):
    out = bytearray()
    for _, ins in insts(data):
        ins = bytearray(ins)
        for _ in range(rnd.randint(1, 3)):
            bit = rnd.randrange(len(ins) * 8)
            if bit != 29 and bit not in range(0, 7):
                ins[bit >> 3] ^= 1 << (bit & 7)
        out += ins
    return bytes(out)


def keep_decodable(data, tmp):
    for _ in range(30):
        path = os.path.join(tmp, 'm.bin')
        with open(path, 'wb') as f:
            f.write(data)
        p = run(['iga64', '-p=7p5', '-d', path])
        if p.returncode == 0:
            return data
        bad = set(int(m, 16) for m in re.findall(r'byte offset 0x([0-9a-fA-F]+): error', p.stderr))
        if not bad:
            return None
        data = b''.join(ins for off, ins in insts(data) if off not in bad)
    return None


def compare_files(a):
    """Whole kernels: hsw, every instruction vs iga64 -p=7p5 -d; ivb, the
    native instructions intel-gen4disasm can print (gen4_keep)."""
    total = bad = skipped = 0
    report = [0]
    with tempfile.TemporaryDirectory() as tmp:
        for path in a.files:
            data = open(path, 'rb').read()
            if a.platform == 'hsw':
                res = cmp_hsw(a.gtdis, data, tmp, report, a.show)
                if res is None:
                    print('difftest7: iga64 cannot decode %s' % path)
                    return 1
            else:
                ins = insts(data)
                skipped += sum(1 for _, i in ins if len(i) != 16 or not gen4_keep(i))
                res = cmp_ivb(a.gtdis, data, tmp, report, a.show)
            total += res[0]
            bad += res[1]
    print('difftest7 %s: %d kernels, %d instructions compared (%d left out), %d mismatches' %
          (a.platform, len(a.files), total, skipped, bad))
    return 1 if bad or not total else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('gtdis')
    ap.add_argument('--platform', default='hsw', choices=['hsw', 'ivb'])
    ap.add_argument('--count', type=int, default=2000)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--batch', type=int, default=400)
    ap.add_argument('--show', type=int, default=40)
    ap.add_argument('--no-mutate', action='store_true')
    ap.add_argument('--ignore-send-comments', action='store_true')
    ap.add_argument('--files', nargs='+', metavar='BIN',
                    help='compare these kernel binaries instead of random programs')
    a = ap.parse_args()
    global SEND_COMMENTS
    SEND_COMMENTS = not a.ignore_send_comments
    for tool in ('iga64',) + (('intel-gen4disasm',) if a.platform == 'ivb' else ()):
        if not shutil.which(tool):
            print('difftest7: %s not found; this test requires it' % tool)
            return 2
    if a.files:
        return compare_files(a)
    rnd = random.Random(a.seed)
    gen = Gen(rnd)
    total = bad = 0
    report = [0]
    with tempfile.TemporaryDirectory() as tmp:
        while total < a.count:
            lines = gen.program(a.batch)
            if a.platform == 'hsw':
                data = assemble(lines, tmp, ['-Xautocompact'] if rnd.random() < 0.5 else [])
                if not data:
                    continue
                data += dim_insts(rnd, 8)
                res = cmp_hsw(a.gtdis, data, tmp, report, a.show)
                if res:
                    total += res[0]
                    bad += res[1]
                if not a.no_mutate:
                    m = keep_decodable(mutate(data, rnd), tmp)
                    if m:
                        res = cmp_hsw(a.gtdis, m, tmp, report, a.show)
                        if res:
                            total += res[0]
                            bad += res[1]
            else:
                data = assemble(lines, tmp, [])
                if not data:
                    continue
                n, b = cmp_ivb(a.gtdis, data, tmp, report, a.show)
                total += n
                bad += b
                comp = assemble(lines, tmp, ['-Xautocompact'])
                if comp:
                    n, b = cmp_ivb(a.gtdis, data, tmp, report, a.show, comp)
                    total += n
                    bad += b
                if not a.no_mutate:
                    m = keep_decodable(mutate(data, rnd), tmp)
                    if m:
                        n, b = cmp_ivb(a.gtdis, m, tmp, report, a.show)
                        total += n
                        bad += b
    print('difftest7 %s: %d instructions compared, %d mismatches' % (a.platform, total, bad))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
