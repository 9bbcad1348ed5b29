#!/usr/bin/env python3
"""Differential test of gtsim's Gen12LP (tgllp) disassembler against iga64.

Generates random Gen12 instruction text for the forms gtsim's Gen12
description covers (src/eu/encoding_gen12.c: native 1/2-source ALU
and 3-source Align1 instructions, math, sync, nop, with predication, conditional
modifiers, saturation, source modifiers, regions, indirect operands, ARF
operands, immediates of every type, instruction options and every software
scoreboard (SWSB) form, branches and sends), assembles it with `iga64 -p=12p1 -a`
(every other batch with -Xautocompact, so the instructions the compaction
tables cover are written compacted), drops the lines iga64 refuses, then
disassembles the binary with `iga64 -p=12p1 -d` and with gtsim (gtdis
--platform tgllp) and compares line by line (runs of whitespace normalised).
Every mismatch is a failure, reported with the raw bytes.

Branches are generated with labels, and label lines are compared too.
send / sendc with every SFID, immediate and a0 descriptors, compared with
their "//" message descriptions.

Compacted instructions: besides the auto-compacted batches, random 8-byte
compacted encodings of every compactable opcode (all index and register
fields random) are compared with the documented exclusions listed below
(random compacted encodings), and iga64's text of each is assembled again
with {Compacted} and compared with none.  Every opcode value is checked
native and compacted: iga64 refuses it exactly when gtsim reports a
reserved opcode (lrp, madm: not Gen12LP instructions) or an opcode without
a compacted form.

usage: difftest12.py GTDIS [--count N] [--seed S] [--batch B] [--show K]
"""
import argparse
import os
import random
import re
import struct
import subprocess
import sys
import tempfile

import difftest
from difftest import norm

TYPES_INT = ['ud', 'd', 'uw', 'w', 'ub', 'b']
TYPES_ALL = TYPES_INT + ['f', 'df', 'hf', 'q', 'uq']
ALU2 = ['add', 'mul', 'and', 'or', 'xor', 'shl', 'shr', 'asr', 'ror', 'rol', 'sel', 'cmp',
        'cmpn', 'avg', 'mac', 'mach', 'addc', 'subb', 'bfi1', 'movi']
ALU1 = ['mov', 'not', 'frc', 'rndu', 'rndd', 'rnde', 'rndz', 'lzd', 'fbh', 'fbl', 'cbit',
        'bfrev']
MATH1 = ['inv', 'log', 'exp', 'sqt', 'rsqt', 'sin', 'cos']
MATH2 = ['fdiv', 'pow', 'idiv', 'iqot', 'irem']
SYNCS = ['nop', 'allrd', 'allwr', 'fence', 'bar', 'host']
CONDS = ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'ov', 'un']
OPTS = ['AccWrEn', 'Atomic', 'Breakpoint']
ARFS = ['acc0', 'acc1', 'acc2', 'acc3', 'acc5', 'acc7', 'a0', 'f0', 'f1', 'null', 'sr0', 'cr0', 'n0', 'tm0', 'ce', 'ip',
        'tdr0', 'dbg0', 'fc0', 'sp', 'msg0']


class Gen(difftest.Gen):
    """Gen12 instructions; pick, chance and pred are Gen9's (difftest.py)."""

    def exec_size(self):
        es = self.pick([1, 2, 4, 8, 8, 16, 16, 32])
        off = self.pick([o for o in range(0, 32, 4) if o % max(es, 4) == 0]) if es <= 16 and self.chance(0.3) else 0
        return es, off

    def reg(self, t):
        sz = {'ud': 4, 'd': 4, 'f': 4, 'uw': 2, 'w': 2, 'hf': 2, 'ub': 1, 'b': 1,
              'df': 8, 'q': 8, 'uq': 8}[t]
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
        if t == 'df':
            return self.pick(['1.25', '0.1', '-3.0', '0x%016X' % r.getrandbits(64), '1e+100'])
        if t == 'hf':
            return '0x%X' % r.getrandbits(16)
        if t in ('d', 'w', 'b', 'q'):
            return str(r.randint(-1000, 1000)) if self.chance(0.5) else str(r.randint(-40000, 40000))
        return '0x%X' % r.getrandbits({'ud': 32, 'uw': 16, 'ub': 8, 'uq': 64}[t])

    def src(self, t, allow_imm=True):
        r = self.r
        mod = self.pick(['-', '(abs)', '-(abs)', '~']) if self.chance(0.2) else ''
        if allow_imm and self.chance(0.25):
            it = self.pick(['uw', 'w']) if t in ('ub', 'b') else t
            if self.chance(0.1):
                return '0x%08X:%s' % (r.getrandbits(32), self.pick(['v', 'uv', 'vf']))
            return '%s:%s' % (self.imm(it), it)
        if self.chance(0.08):
            base = 'r[a0.%d%s]' % (r.randint(0, 15), (',%d' % r.randint(-512, 511)) if self.chance(0.6) else '')
            if self.chance(0.3):
                return '%s%s<%d,%d>:%s' % (mod, base, self.pick([1, 2, 4, 8]), self.pick([0, 1, 2]), t)
            return '%s%s<%d;%d,%d>:%s' % (mod, base, self.pick([0, 1, 2, 4, 8]), self.pick([1, 2, 4, 8]),
                                          self.pick([0, 1, 2, 4]), t)
        rg = self.pick(['<0;1,0>', '<8;8,1>', '<16;8,2>', '<4;4,1>', '<2;2,1>', '<1;1,0>',
                        '<16;16,1>', '<8;4,2>', '<0;4,1>', '<32;8,4>'])
        return mod + self.reg(t) + rg + ':' + t

    def dst(self, t):
        if self.chance(0.05):
            return 'r[a0.%d,%d]<1>:%s' % (self.r.randint(0, 15), self.r.randint(-512, 511), t)
        return self.reg(t) + '<%d>:%s' % (self.pick([1, 1, 1, 2, 4]), t)

    def swsb(self, ooo):
        r = self.r
        k = r.randint(0, 5)
        if k == 0:
            return []
        if k == 1:
            return ['@%d' % r.randint(1, 7)]
        if k == 2 and ooo:
            return ['@%d' % r.randint(1, 7), '$%d' % r.randint(0, 15)]
        return ['$%d%s' % (r.randint(0, 15), self.pick(['', '.dst', '.src']))]

    def opts(self, ooo=False):
        o = [x for x in OPTS if self.chance(0.06)] + self.swsb(ooo)
        return (' {' + ','.join(o) + '}') if o else ''

    def alu(self):
        es, off = self.exec_size()
        one = self.chance(0.35)
        op = self.pick(ALU1 if one else ALU2)
        t = self.pick(TYPES_ALL)
        ts = self.pick(TYPES_ALL) if self.chance(0.4) else t
        cm = ''
        if self.chance(0.25) and op not in ('sel',):
            cm = ' (%s)f%d.%d' % (self.pick(CONDS), self.r.randint(0, 1), self.r.randint(0, 1))
        elif op in ('cmp', 'cmpn'):
            cm = ' (%s)f%d.%d' % (self.pick(CONDS), self.r.randint(0, 1), self.r.randint(0, 1))
        sat = '(sat)' if self.chance(0.1) else ''
        s0 = self.src(ts, allow_imm=one)
        if op == 'movi':  # two sources, src0 indirect (seed 004 movi)
            s0 = 'r[a0.%d,%d]<1,0>:%s' % (self.pick([0, 8]), self.r.randint(-512, 511), t)
        s = '%s%s (%d|M%d)%s %s%s %s' % (self.pred(), op, es, off, cm, sat, self.dst(t), s0)
        if not one:
            s += ' ' + self.src(self.pick([ts, t, self.pick(TYPES_ALL)]))
        return s + self.opts()

    def math(self):
        es, off = self.exec_size()
        two = self.chance(0.4)
        fc = self.pick(MATH2 if two else MATH1)
        t = self.pick(['f', 'hf']) if fc not in ('idiv', 'iqot', 'irem') else self.pick(['d', 'ud'])
        s = '%smath.%s (%d|M%d) %s %s' % (self.pred(), fc, es, off, self.dst(t), self.src(t, allow_imm=False))
        if two:
            s += ' ' + self.src(t)
        return s + self.opts(ooo=True)

    def src3(self, t, i):
        r = self.r
        mod = self.pick(['-', '(abs)', '-(abs)']) if self.chance(0.2) else ''
        if i != 1 and self.chance(0.2):
            it = {'f': 'hf', 'hf': 'hf', 'd': 'w', 'ud': 'uw', 'w': 'w', 'uw': 'uw'}.get(t, 'w')
            return '%s:%s' % (self.imm(it) if it != 'hf' else '0x%X' % r.getrandbits(16), it)
        reg = self.reg(t) if not self.chance(0.05) else 'acc0.0'
        if i == 2:
            return '%s%s<%d>:%s' % (mod, reg, self.pick([0, 1, 2, 4]), t)
        return '%s%s<%d;%d>:%s' % (mod, reg, self.pick([0, 1, 4, 8]), self.pick([0, 1, 2, 4]), t)

    def alu3(self):
        es, off = self.exec_size()
        op = self.pick(['mad', 'mad', 'csel', 'bfe', 'bfi2', 'dp4a'])
        if op in ('bfe', 'bfi2', 'dp4a'):
            t = self.pick(['d', 'ud'])
        else:
            t = self.pick(['f', 'hf', 'd', 'ud', 'w', 'uw', 'f', 'f'])
        cm = ''
        if op == 'csel' or self.chance(0.2):
            cm = ' (%s)f%d.%d' % (self.pick(CONDS), self.r.randint(0, 1), self.r.randint(0, 1))
        sat = '(sat)' if self.chance(0.1) else ''
        ts = [self.pick([t, t, t, self.pick(['f', 'hf', 'd', 'ud', 'w', 'uw', 'b', 'ub'])]) for _ in range(3)]
        dst = self.reg(t) + '<%d>:%s' % (self.pick([1, 1, 2]), t)
        return '%s%s (%d|M%d)%s %s%s %s %s %s%s' % (
            self.pred(), op, es, off, cm, sat, dst, self.src3(ts[0], 0), self.src3(ts[1], 1),
            self.src3(ts[2], 2), self.opts())

    def branch(self, labels):
        r = self.r
        op = self.pick(['if', 'else', 'endif', 'while', 'break', 'cont', 'halt', 'goto', 'join',
                        'brd', 'brc', 'jmpi', 'call', 'calla', 'ret'])
        L = lambda: self.pick(labels)
        es = self.pick([1, 8, 16, 32]) if op not in ('brd', 'brc', 'call', 'calla', 'ret') else 1
        b = '.b' if op in ('else', 'goto', 'join', 'if') and self.chance(0.2) else ''
        o = self.opts()
        if op in ('if', 'else', 'break', 'cont', 'halt', 'goto', 'brc'):
            return self.pred() + '%s%s (%d|M0) %s %s%s' % (op, b, es, L(), L(), o)
        if op in ('endif', 'while', 'join', 'brd'):
            return self.pred() + '%s%s (%d|M0) %s%s' % (op, b, es, L(), o)
        # register targets and return addresses are DWords (r<n>.<dword>)
        R = lambda: 'r%d.%d' % (r.randint(0, 127), self.pick([0, 0, r.randint(0, 7)]))
        if op == 'jmpi':
            return '(W) jmpi %s%s' % (R() if self.chance(0.3) else L(), o)
        if op == 'call':
            return 'call (1|M0) %s %s%s' % (R(), R() if self.chance(0.3) else L(), o)
        if op == 'calla':
            return 'calla (1|M0) %s %s%s' % (R(), R() if self.chance(0.3) else
                                             '0x%X' % (r.randint(0, 64) * 16), o)
        return 'ret (1|M0) %s%s' % (R(), o)

    def send(self):
        r = self.r
        es = self.pick([1, 8, 16, 16, 32])
        op = self.pick(['send', 'send', 'sendc'])
        sf = self.pick(['null', 'smpl', 'gtwy', 'dc2', 'rc', 'urb', 'ts', 'vme', 'dcro', 'dc0',
                        'pixi', 'dc1', 'dc1', 'dc0', 'cre'])
        dst = 'null' if self.chance(0.3) else 'r%d' % r.randint(0, 127)
        src1 = 'null' if self.chance(0.4) else 'r%d' % r.randint(0, 127)
        if self.chance(0.15):
            exd = 'a0.%d' % r.randint(0, 7)
        else:
            exd = '0x%X' % ((r.randint(0, 31) << 6) | ((r.getrandbits(21) << 11) if self.chance(0.3) else 0))
        if self.chance(0.15):
            desc = 'a0.0'
        else:
            desc = '0x%08X' % (r.getrandbits(32) if self.chance(0.5) else
                               (r.randint(1, 4) << 25 | r.randint(0, 4) << 20 | r.getrandbits(20)))
        o = [x for x in ['EOT', 'Atomic', 'Serialize'] if self.chance(0.1)] + self.swsb(True)
        opts = (' {' + ','.join(o) + '}') if o else ''
        return '%s%s.%s (%d|M0) %s r%d %s %s %s%s' % (self.pred(), op, sf, es, dst, r.randint(0, 127),
                                                    src1, exd, desc, opts)

    def sync(self):
        fc = self.pick(SYNCS)
        if self.chance(0.5):
            src = 'null'
        else:
            src = '0x%X:ud' % self.r.getrandbits(16)
        return '%ssync.%s %s%s' % ('(W) ' if self.chance(0.3) else '', fc, src, self.opts())

    def program(self, n):
        labels = ['L%d' % i for i in range(0, n, max(1, n // 8))]
        out = []
        for i in range(n):
            if 'L%d' % i in labels:
                out.append('L%d:' % i)
            k = self.r.random()
            if k < 0.55:
                out.append(self.alu())
            elif k < 0.75:
                out.append(self.alu3())
            elif k < 0.85:
                out.append(self.math())
            elif k < 0.92:
                out.append(self.branch(labels))
            elif k < 0.97:
                out.append(self.send())
            elif k < 0.99:
                out.append(self.sync())
            else:
                out.append('nop' + self.opts())
        return out


def run(cmd):
    # errors='replace': iga64 prints raw bytes for some reserved type encodings
    return subprocess.run(cmd, capture_output=True, text=True, errors='replace')


def assemble(lines, tmp, extra=()):
    """Assembles lines, dropping those iga64 refuses; returns the binary."""
    for _ in range(200):
        asm, out = os.path.join(tmp, 'x.asm'), os.path.join(tmp, 'x.bin')
        with open(asm, 'w') as f:
            f.write('\n'.join(lines) + '\n')
        if os.path.exists(out):
            os.unlink(out)
        p = run(['iga64', '-p=12p1', '-a', asm, '-o', out] + list(extra))
        if p.returncode == 0 and os.path.exists(out):
            return open(out, 'rb').read()
        bad = set(int(m) for m in re.findall(r'^line (\d+)\.\d+: error', p.stderr, re.M))
        if not bad or not lines:
            return None
        lines = [l for i, l in enumerate(lines, 1) if i not in bad]
    return None


def offsets(data):
    """Instruction offsets: CmptCtrl (bit 29) set is an 8-byte instruction."""
    pcs, off = [], 0
    while off + 8 <= len(data):
        pcs.append(off)
        off += 8 if data[off + 3] >> 5 & 1 else 16
    return pcs


def listing(text):
    """Listing lines, label lines ("L<offset>:") included."""
    return [norm(l) for l in text.splitlines() if norm(l)]


# ---- mutated and random compacted encodings: documented exclusions ----
#
# Mutated native encodings (1-3 random bit flips of assembled instructions,
# opcode and CmptCtrl left alone, difftest.mutate) and random 8-byte
# compacted encodings (CmptCtrl set, a Gen12 opcode, every other bit
# random) are encodings no compiler emits.  Where iga64 is lenient with
# them, gtsim prints what is encoded or reports it (as for Gen9's mutated
# encodings, difftest.py), and the comparison tolerates exactly the forms
# below, each counted by name; anything else fails:
#
#  label-only      the instruction text agrees and only the label lines
#                  before it differ (a mutated neighbour's branch target).
#
#  field-dropped   iga64 leaves out fields that do not apply to the opcode
#                  (the PRM does not say the hardware ignores them):
#                  saturation on logic / bit / shift / rotate / compare-NaN
#                  / frc / movi instructions, conditional modifiers on
#                  cbit, fbh, fbl, bfrev, bfi1, movi, mach, ..., source
#                  modifiers on cbit, fbh, fbl, bfi1/bfi2, bfe, dp4a, ror,
#                  rol, subb, addc, ... (difftest.py's _drop_variants).
#  sync-operand    iga64 prints any register source of sync as "null" and
#                  leaves out its predicate and AccWrEn; gtsim prints the
#                  register (seed 004 sync: sync.bar waits on the barrier
#                  bit an ARF source selects), the predicate and AccWrEn
#                  that are encoded.
#  sync-imm        a compacted sync whose src0 is an immediate (only data
#                  type entry 2 has a src0 immediate, of type F): iga64
#                  prints an SBID mask that is neither the F expansion of
#                  the 12-bit immediate (top bits) nor any other expansion
#                  (the immediate at bits 15:4 or-ed with bits of other
#                  fields); gtsim expands it by its type as every compacted
#                  immediate.  Compilers write sync immediates :ud, which
#                  no compacted form holds.
#  gtsim-rejects   encodings gtsim reports as illegal while iga64 prints
#                  them (GTSIM_REJECTS12): a reserved sync function control
#                  (iga64 prints "sync.0xFFFFFFFF?"); math functions 14 / 15
#                  (Gen9's invm / rsqtm, not in seed 004 math; iga64 prints
#                  them); the seed rules iga64's assembler enforces but its
#                  disassembler does not (3-source destination SubRegNum not
#                  8-byte aligned, a 3-source immediate not W / UW / HF,
#                  an indirect math src1 -- see RULES); reserved type, region
#                  and AddrMode encodings in operands whose fields seed 004
#                  reserves (sync's source, branch targets; iga64 ignores
#                  them); a branch other than brd / brc whose offsets come
#                  from a src0 register and a ret with an immediate JIP
#                  (Src0.IsImm chooses, seed 004 branch pages; gtsim does
#                  not model these forms and says so); and the reserved
#                  fields Gen9's list names (difftest.GTSIM_REJECTS).
#
# Every instruction iga64 prints from a random encoding is also assembled
# again from iga64's own text with {Compacted} (the canonical compacted
# encoding of what it printed) and compared with no exclusions.

GTSIM_REJECTS12 = difftest.GTSIM_REJECTS + (
    'reserved sync function control', 'reserved math function',
    '3-source destination SubRegNum', 'invalid 3-src immediate type encoding',
    'indirect math source 1', 'invalid type encoding', 'invalid vertical stride encoding',
    'invalid width encoding', 'indirect branch operand', 'branch offsets in a src0 register',
    'ret with an immediate JIP')
SYNC_RX = re.compile(r'^(\([^)]*\) )?sync\.(\w+) ')


def classify12(at, bt):
    """Exclusion name for a random compacted encoding's (iga64, gtsim) pair."""
    for reason in GTSIM_REJECTS12:
        if re.search(r'cannot decode \((?:(?:src\d|dst): )?' + re.escape(reason), bt):
            return 'gtsim-rejects'
    mi, mg = SYNC_RX.match(at), SYNC_RX.match(bt)
    if mi and mg and mi.group(2) == mg.group(2) and re.search(r'\(\$[\d,$]*\)', bt) and \
            re.sub(r'\(\$?[\d,$]*\)', '()', at) == re.sub(r'\(\$?[\d,$]*\)', '()', bt):
        return 'sync-imm'
    if mi and mg and mi.group(2) == mg.group(2):
        # gtsim's line with the register source as null, no predicate but
        # (W), no AccWrEn
        ts = bt.split(' ')
        k = ts.index('sync.' + mg.group(2))
        if len(ts) > k + 1 and not ts[k + 1].startswith('('):
            ts[k + 1] = 'null'
        u = ' '.join(ts)
        u = re.sub(r'^\((?:W&)?~?f\d\.\d(?:\.\w+)?\) ', '', u).replace('(W&', '(')
        u = re.sub(r'AccWrEn,?', '', u).replace(' {}', '')
        if u == at or '(W) ' + u == at:
            return 'sync-operand'
    drops = difftest._drop_variants(bt)
    # every source modifier of the register operands at once (difftest.py's
    # variants drop one, or all including an immediate's sign)
    drops |= {re.sub(r'(?<= )(?:-\(abs\)|-|~|\(abs\))(?=[a-z\[])', '', v) for v in list(drops)}
    # (an immediate's value never counts as a dropped field)
    imms = lambda s: re.findall(r'(?<= )-?(?:0x[0-9A-Fa-f]+|[\d.]+(?:e[-+]\d+)?):\w+', s)
    if at in drops and imms(at) == imms(bt):
        return 'field-dropped'
    return None


# The Gen12 opcodes with a compacted form: sync and the 1/2/3-source ALU
# instructions (reserved opcodes and the forms without a compacted
# encoding are checked apart, reserved_opcodes).
OPCODES = [0x01] + list(range(0x40, 0x50)) + [0x58, 0x5b] + list(range(0x61, 0x6a)) + \
    [0x6c, 0x6e, 0x6f, 0x70, 0x71, 0x72, 0x77, 0x78, 0x79, 0x7a]


def random_compacted(rnd, n):
    out = b''
    for _ in range(n):
        v = rnd.getrandbits(64) & ~0xff | rnd.choice(OPCODES) | 1 << 29
        out += struct.pack('<Q', v)
    return out


def keep_decodable(data, tmp):
    """Drops the instructions iga64 cannot decode; returns the rest."""
    for _ in range(50):
        path = os.path.join(tmp, 'k.bin')
        with open(path, 'wb') as f:
            f.write(data)
        p = run(['iga64', '-p=12p1', '-d', path])
        if p.returncode == 0:
            return data, p.stdout
        bad = set(int(m, 16) for m in re.findall(r'byte offset 0x([0-9a-fA-F]+): error', p.stderr))
        if not bad:
            return None, None
        data = b''.join(data[pc:pc + (8 if data[pc + 3] >> 5 & 1 else 16)]
                        for pc in offsets(data) if pc not in bad)
    return None, None


def compare(gtdis, data, tmp, st, show, classify=None):
    """Compares the listings of data, instruction by instruction with the
    labels before each; False when iga64 cannot list it."""
    pcs = offsets(data)
    path = os.path.join(tmp, 'x.bin')
    with open(path, 'wb') as f:
        f.write(data)
    pi = run(['iga64', '-p=12p1', '-d', path])
    pg = run([gtdis, '--platform', 'tgllp', path])
    li, lg = difftest.split_listing(pi.stdout), difftest.split_listing(pg.stdout)
    if pi.returncode != 0 or len([x for x in li if x[1]]) != len(pcs):
        return False
    st['compacted'] += sum(1 for pc in pcs if data[pc + 3] >> 5 & 1)
    for k in range(max(len(li), len(lg))):
        xl, x = li[k] if k < len(li) else ('', '<none>')
        yl, y = lg[k] if k < len(lg) else ('', '<none>')
        st['total'] += 1
        m = re.match(r'^(\([^)]*\) )?([a-z0-9]+)', x)
        if m:
            st['ops'].add(m.group(2))
        if (xl, x) == (yl, y):
            continue
        why = None
        if classify:
            why = 'label-only' if x == y else classify(x, y)
        if why:
            st['excluded'][why] = st['excluded'].get(why, 0) + 1
            continue
        st['bad'] += 1
        if st['bad'] <= show:
            pc = pcs[min(k, len(pcs) - 1)]
            raw = data[pc:pc + (8 if data[pc + 3] >> 5 & 1 else 16)].hex(' ')
            print('MISMATCH %s\n  iga64: %s | %s\n  gtsim: %s | %s' % (raw, xl, x, yl, y))
    return True


def reserved_opcodes(gtdis, tmp):
    """Every opcode value, native and compacted: iga64 refuses it as an
    opcode exactly when gtsim reports a reserved opcode (lrp 0x5c, madm
    0x5d and the other values Gen12LP does not define) or, compacted, an
    opcode with no compacted form (branches, send, math, nop, illegal).
    Returns the number of disagreements."""
    native = bytes.fromhex('4000030060060505040c0500050c0000')  # add (8) r5 r5 r12 :d
    cmpt = struct.pack('<Q', 1 << 29 | 0x20 << 16 | 1 << 24 | 10 << 30 | 0x21 << 40 | 0x22 << 56)
    bad = 0
    for form, tmpl in (('native', native), ('compacted', cmpt)):
        for op in range(128):
            path = os.path.join(tmp, 'o.bin')
            with open(path, 'wb') as f:
                f.write(bytes([op]) + tmpl[1:])
            pi = run(['iga64', '-p=12p1', '-d', path])
            pg = run([gtdis, '--platform', 'tgllp', path])
            ir = pi.returncode != 0 and re.search(r'error decoding instruction|unsupported opcode', pi.stderr)
            gr = ('reserved opcode %d on Gen12' % op in pg.stdout or
                  'opcode %d has no compacted form on Gen12' % op in pg.stdout)
            if bool(ir) != gr:
                bad += 1
                print('MISMATCH %s opcode 0x%02x: iga64 %s, gtsim %s' % (
                    form, op, 'refuses the opcode' if ir else 'does not refuse it',
                    'reports a reserved opcode' if gr else 'does not'))
    return bad


# Encodings the seed forbids and iga64's assembler refuses: each is built
# from an instruction iga64 assembles, with one field changed, and gtsim
# must report it with the rule's words (iga64 -d prints some of them
# anyway, reading the reserved bits as something else).
RULES = [
    # seed 004 mad: "Dst.Operand.SubRegNum[2:0] must be zero"
    ('mad (8|M0) r10.0<1>:f r11.0<8;1>:f r12.0<8;1>:f r13.0<1>:f', [(51, 5, 4)],
     'dst: 3-source destination SubRegNum 4 not 8-byte aligned'),
    ('csel (8|M0) (lt)f0.0 r10.0<1>:w r11.0<8;1>:w r12.0<8;1>:w r13.0<1>:w', [(51, 5, 2)],
     'dst: 3-source destination SubRegNum 2 not 8-byte aligned'),
    # a 3-source immediate is 16 bits: W, UW or HF, not a packed vector
    ('mad (8|M0) r10.0<1>:w r11.0<8;1>:w r12.0<8;1>:w 0x5:uw', [(80, 3, 4)],
     'src2: invalid 3-src immediate type encoding 4'),
    ('mad (8|M0) r10.0<1>:w 0x5:uw r12.0<8;1>:w r13.0<1>:w', [(40, 3, 0)],
     'src0: invalid 3-src immediate type encoding 0'),
    # seed 004 math: Src1 is a DirectOperand, bit 112 reserved
    ('math.idiv (8|M0) r10.0<1>:d r11.0<8;8,1>:d r12.0<8;8,1>:d', [(112, 1, 1)],
     'src1: indirect math source 1'),
    # seed 004 branch pages: DirectOperand targets; Src0.IsImm chooses
    # immediate offsets or a src0 register (forms gtsim does not model are
    # reported, not misread)
    ('call (1|M0) r10.0 r20.0', [(80, 1, 1)], 'indirect branch operand'),
    ('L0:\njoin (8|M0) L0', [(46, 1, 0)], 'branch offsets in a src0 register'),
    ('ret (1|M0) r10.0', [(46, 1, 1)], 'ret with an immediate JIP'),
]


def rules(gtdis, tmp):
    bad = 0
    for text, fields, want in RULES:
        data = assemble(text.split('\n'), tmp)
        if not data or len(data) != 16:
            print('RULE %s: iga64 does not assemble it' % text)
            bad += 1
            continue
        v = int.from_bytes(data, 'little')
        for lo, n, val in fields:
            v = v & ~(((1 << n) - 1) << lo) | val << lo
        path = os.path.join(tmp, 'r.bin')
        with open(path, 'wb') as f:
            f.write(v.to_bytes(16, 'little'))
        out = run([gtdis, '--platform', 'tgllp', path]).stdout
        if 'cannot decode (' + want not in out:
            print('RULE %s %s: gtsim does not report "%s":\n%s' % (text, fields, want, out))
            bad += 1
    return bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('gtdis')
    ap.add_argument('--count', type=int, default=5000)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--batch', type=int, default=250)
    ap.add_argument('--show', type=int, default=20)
    ap.add_argument('--no-mutate', action='store_true',
                    help='no mutated native encodings (the random compacted ones stay)')
    a = ap.parse_args()
    rnd = random.Random(a.seed)
    g = Gen(rnd)
    st = dict(total=0, bad=0, compacted=0, ops=set(), excluded={})
    rst = dict(total=0, bad=0, compacted=0, ops=set(), excluded={})
    with tempfile.TemporaryDirectory() as tmp:
        ropc = reserved_opcodes(a.gtdis, tmp)
        nrules = rules(a.gtdis, tmp)
        while st['total'] < a.count:
            # every other batch auto-compacted: iga64 writes each instruction
            # its compaction tables cover in the 8-byte form
            compact = rnd.random() < 0.5
            data = assemble(g.program(a.batch), tmp, ['-Xautocompact'] if compact else [])
            if data and not compare(a.gtdis, data, tmp, st, a.show):
                print('iga64 -d failed on its own output')
                return 1
            # mutated encodings (documented exclusions), as difftest.py
            if data and not a.no_mutate and rnd.random() < 0.4:
                m, _ = keep_decodable(difftest.mutate(data, rnd), tmp)
                if m:
                    compare(a.gtdis, m, tmp, rst, a.show, classify12)
            # random compacted encodings (documented exclusions), then
            # iga64's text of them assembled again with {Compacted}
            data, text = keep_decodable(random_compacted(rnd, a.batch // 2), tmp)
            if not data:
                continue
            compare(a.gtdis, data, tmp, rst, a.show, classify12)
            lines = [l for l in text.splitlines() if l.strip() and not re.match(r'^\s*L\d+:', l)]
            lines = [re.sub(r'\s*//.*', '', l) for l in lines if 'Compacted' in l]
            data = assemble(lines, tmp)
            if data and not compare(a.gtdis, data, tmp, st, a.show):
                print('iga64 -d failed on its own output')
                return 1
    bad = st['bad'] + rst['bad'] + ropc + nrules
    print('difftest12: %d instructions (%d compacted), %d mismatching; mnemonics seen: %d (%s)'
          % (st['total'], st['compacted'], st['bad'], len(st['ops']), ' '.join(sorted(st['ops']))))
    print('difftest12: %d mutated / random compacted encodings, %d mismatching; excluded '
          '(documented forms): %s'
          % (rst['total'], rst['bad'], ', '.join('%s %d' % kv for kv in sorted(rst['excluded'].items()))
             or 'none'))
    if st['excluded']:
        print('difftest12: excluded: %s' % ', '.join('%s %d' % kv for kv in sorted(st['excluded'].items())))
    print('difftest12: reserved opcodes (every value, native and compacted): %d disagreeing' % ropc)
    print('difftest12: seed rules on forbidden encodings: %d of %d not reported' % (nrules, len(RULES)))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
