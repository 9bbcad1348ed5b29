#!/usr/bin/env python3
"""Differential test of gtsim's Gen9 disassembler against iga64.

Generates random Gen9 instruction text, assembles it with `iga64 -p=9 -a`
(with and without -Xautocompact, so compacted forms are covered), drops the
lines iga64 refuses, then disassembles the binary with both `iga64 -p=9 -d`
and gtsim (the gtdis harness, which calls gtsim_disasm) and compares the
output line by line after normalising runs of whitespace.  Every mismatch is
reported with the raw instruction bytes.  Also mutates fields of the
assembled encodings and keeps the instructions iga64 still decodes.

usage: difftest.py GTDIS [--count N] [--seed S] [--batch B] [--show K]
Exit status 0 when every instruction matches.  iga64 is required.
"""
import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

TYPES_INT = ['ud', 'd', 'uw', 'w', 'ub', 'b']
TYPES_ALL = TYPES_INT + ['f', 'df', 'hf', 'q', 'uq']
ALU2 = ['add', 'mul', 'and', 'or', 'xor', 'shl', 'shr', 'asr', 'sel', 'cmp', 'cmpn', 'avg',
        'mac', 'mach', 'addc', 'subb', 'sad2', 'sada2', 'bfi1', 'line', 'pln', 'dp2', 'dp3',
        'dp4', 'dph', 'smov']
ALU1 = ['mov', 'not', 'frc', 'rndu', 'rndd', 'rnde', 'rndz', 'lzd', 'fbh', 'fbl', 'cbit',
        'bfrev', 'movi']
ALU3 = ['mad', 'lrp', 'bfe', 'bfi2', 'csel']
MATH1 = ['inv', 'log', 'exp', 'sqrt', 'rsqt', 'sin', 'cos']
MATH2 = ['fdiv', 'pow', 'idiv', 'iqot', 'irem']
CONDS = ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'ov', 'un']
PREDS = ['', '.anyv', '.allv', '.any2h', '.all2h', '.any4h', '.all4h', '.any8h', '.all8h',
         '.any16h', '.all16h', '.any32h', '.all32h']
OPTS = ['AccWrEn', 'Atomic', 'Breakpoint', 'NoDDChk', 'NoDDClr', 'Switch']
ARFS = ['acc0', 'acc1', 'a0', 'f0', 'f1', 'null', 'sr0', 'cr0', 'n0', 'tm0', 'ce', 'ip',
        'tdr0', 'dbg0', 'fc0', 'sp', 'msg0']
SFIDS = [0x0, 0x2, 0x3, 0x4, 0x5, 0x6, 0x7, 0x8, 0x9, 0xA, 0xB, 0xC, 0xD]


class Gen:
    def __init__(self, rnd):
        self.r = rnd

    def pick(self, xs):
        return self.r.choice(xs)

    def chance(self, p):
        return self.r.random() < p

    def exec_size(self):
        es = self.pick([1, 2, 4, 8, 8, 16, 16, 32])
        offs = [o for o in range(0, 32, 4) if o % max(es, 4) == 0 or es < 8]
        off = self.pick(offs) if es <= 16 and self.chance(0.3) else 0
        if es == 8 and off % 8:
            off -= 4
        return es, off

    def pred(self):
        if not self.chance(0.3):
            return '(W) ' if self.chance(0.2) else ''
        s = '(' + ('W&' if self.chance(0.2) else '') + ('~' if self.chance(0.3) else '')
        s += 'f%d.%d' % (self.r.randint(0, 1), self.r.randint(0, 1))
        s += self.pick(PREDS) if self.chance(0.3) else ''
        return s + ') '

    def reg(self, t):
        sz = {'ud': 4, 'd': 4, 'f': 4, 'uw': 2, 'w': 2, 'hf': 2, 'ub': 1, 'b': 1,
              'df': 8, 'q': 8, 'uq': 8}[t]
        sub = self.r.randint(0, 32 // sz - 1) if self.chance(0.4) else 0
        if self.chance(0.08):
            a = self.pick(ARFS)
            if a in ('null', 'ce', 'ip'):
                return a
            return '%s.%d' % (a, self.r.randint(0, 3) if a not in ('sp',) else 0)
        return 'r%d.%d' % (self.r.randint(0, 127), sub)

    def imm(self, t):
        r = self.r
        if t in ('f',):
            return self.pick(['1.5', '0.0', '-2.25', '1e+10', '0.1', '0x%08X' % r.getrandbits(32),
                              '%g' % r.uniform(-1000, 1000)])
        if t == 'df':
            return self.pick(['1.25', '0.1', '-3.0', '0x%016X' % r.getrandbits(64), '1e+100'])
        if t == 'hf':
            return '0x%X' % r.getrandbits(16)
        if t in ('d', 'w', 'b', 'q'):
            return str(r.randint(-1000, 1000)) if self.chance(0.5) else str(r.randint(-40000, 40000))
        if t in ('ud', 'uw', 'ub', 'uq'):
            return '0x%X' % r.getrandbits({'ud': 32, 'uw': 16, 'ub': 8, 'uq': 64}[t])
        return '0x%08X' % r.getrandbits(32)

    def src(self, t, allow_imm=True):
        r = self.r
        mod = ''
        if self.chance(0.2):
            mod = self.pick(['-', '(abs)', '-(abs)', '~'])
        if allow_imm and self.chance(0.25):
            it = t
            if t in ('ub', 'b'):
                it = self.pick(['uw', 'w'])
            if self.chance(0.1):
                it = self.pick(['v', 'uv', 'vf'])
                return '0x%08X:%s' % (r.getrandbits(32), it)
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
        r = self.r
        es, off = self.exec_size()
        one = self.chance(0.35)
        op = self.pick(ALU1 if one else ALU2)
        t = self.pick(TYPES_ALL)
        st = t if self.chance(0.6) else self.pick(TYPES_ALL)
        line = self.pred() + op + ' (%d|M%d)' % (es, off)
        if self.chance(0.2):
            line += ' (%s)f%d.%d' % (self.pick(CONDS), r.randint(0, 1), r.randint(0, 1))
        line += ' ' + ('(sat)' if self.chance(0.1) else '') + self.dst(t)
        line += ' ' + self.src(st, allow_imm=one)
        if not one:
            line += ' ' + self.src(self.pick([st, self.pick(TYPES_ALL)]))
        return line + self.opts()

    def alu3(self):
        es = self.pick([1, 2, 4, 8, 16])
        op = self.pick(ALU3)
        t = self.pick(['f', 'f', 'df', 'hf', 'd', 'ud'])
        def s(last=False):
            m = self.pick(['', '', '-', '(abs)', '-(abs)'])
            rg = ('<0>' if self.chance(0.3) else '<1>') if last else ('<0;0>' if self.chance(0.3) else '<2;1>')
            return '%sr%d.%d%s:%s' % (m, self.r.randint(0, 127), self.r.randint(0, 3), rg, t)
        line = self.pred() + op + ' (%d|M0)' % es
        if self.chance(0.2):
            line += ' (%s)f%d.%d' % (self.pick(CONDS), self.r.randint(0, 1), self.r.randint(0, 1))
        line += ' %sr%d.%d<1>:%s %s %s %s' % ('(sat)' if self.chance(0.1) else '', self.r.randint(0, 127),
                                             self.r.randint(0, 3), t, s(), s(), s(True))
        return line + self.opts()

    def math(self):
        es, off = self.exec_size()
        two = self.chance(0.4)
        fn = self.pick(MATH2 if two else MATH1)
        t = self.pick(['d', 'ud']) if fn in ('idiv', 'iqot', 'irem') else self.pick(['f', 'hf'])
        line = self.pred() + 'math.%s (%d|M%d) %s %s' % (fn, es, off, self.dst(t), self.src(t, False))
        if two:
            line += ' ' + self.src(t)
        return line + self.opts()

    def send(self):
        r = self.r
        es = self.pick([1, 8, 16])
        sfid = self.pick(SFIDS)
        desc = r.getrandbits(31) if self.chance(0.5) else self.pick([
            0x04405C00, 0x04205EFE, 0x04025EFE, 0x02000004, 0x02100000, 0x04805001, 0x0208C000,
            0x02480100, 0x0C0A0000 | r.getrandbits(16), 0x020A8000 | r.getrandbits(8)])
        desc &= ~(0xF << 25)
        desc |= r.randint(1, 15) << 25
        desc &= ~(0x1F << 20)
        desc |= r.randint(0, 16) << 20
        eot = self.chance(0.1)
        dt = self.pick(['', ':ud', ':uw', ':w', ':d', ':f'])
        dst = 'null' if self.chance(0.2) else 'r%d' % r.randint(0, 127)
        if self.chance(0.5):
            op = self.pick(['send', 'sendc'])
            ex = sfid | (r.getrandbits(12) << 20 if self.chance(0.3) else 0)
            dsc = 'a0.0' if self.chance(0.1) else '0x%08X' % desc
            line = '%s (%d|M0) %s%s r%d 0x%X %s' % (op, es, dst, dt, r.randint(0, 127), ex, dsc)
        else:
            op = self.pick(['sends', 'sendsc'])
            ex = sfid | (r.randint(0, 15) << 6) | (r.getrandbits(16) << 16 if self.chance(0.3) else 0)
            exs = 'a0.%d' % r.randint(0, 7) if self.chance(0.1) else '0x%X' % ex
            dsc = 'a0.0' if self.chance(0.1) else '0x%08X' % desc
            s1 = 'null' if self.chance(0.2) else 'r%d' % r.randint(0, 127)
            line = '%s (%d|M0) %s%s r%d %s %s %s' % (op, es, dst, dt or ':ud', r.randint(0, 127), s1, exs, dsc)
        pre = '(W) ' if self.chance(0.3) else ''
        return pre + line + self.opts(['EOT'] if eot else [])

    def branch(self, labels):
        r = self.r
        op = self.pick(['if', 'else', 'endif', 'while', 'break', 'cont', 'halt', 'goto', 'join',
                        'brd', 'brc', 'jmpi', 'call', 'calla', 'ret'])
        L = lambda: self.pick(labels)
        es = self.pick([1, 8, 16, 32]) if op not in ('brd', 'brc', 'call', 'calla', 'ret') else 1
        b = '.b' if op in ('else', 'goto', 'join', 'if', 'break', 'cont', 'halt', 'endif', 'while') and self.chance(0.2) else ''
        if op in ('if', 'else', 'break', 'cont', 'halt', 'goto', 'brc'):
            return self.pred() + '%s%s (%d|M0) %s %s' % (op, b, es, L(), L())
        if op in ('endif', 'while', 'join', 'brd'):
            return self.pred() + '%s%s (%d|M0) %s' % (op, b, es, L())
        if op == 'jmpi':
            return '(W) jmpi %s' % L()
        if op == 'call':
            return 'call (1|M0) r%d.0 %s' % (r.randint(0, 127), L())
        if op == 'calla':
            return 'calla (1|M0) r%d.0 0x%X' % (r.randint(0, 127), r.randint(0, 64) * 16)
        return 'ret (1|M0) r%d.0' % r.randint(0, 127)

    def misc(self):
        return self.pick(['nop', 'wait n0.0<0;1,0>:ud', 'illegal',
                          'madm (8|M0) r%d.mme%d:f r%d.mme1:f r%d.nomme:f r%d.mme2:f' % (
                              self.r.randint(0, 127), self.r.randint(0, 7), self.r.randint(0, 127),
                              self.r.randint(0, 127), self.r.randint(0, 127)),
                          'math.invm (8|M0) r%d.mme0:f r%d.mme1:f r%d.mme%d:f' % (
                              self.r.randint(0, 127), self.r.randint(0, 127), self.r.randint(0, 127),
                              self.r.randint(0, 7)),
                          'math.rsqtm (8|M0) r%d.mme%d:f r%d.nomme:f' % (
                              self.r.randint(0, 127), self.r.randint(0, 7), self.r.randint(0, 127))])

    def program(self, n):
        labels = ['L%d' % i for i in range(0, n, max(1, n // 8))]
        lines = []
        for i in range(n):
            if 'L%d' % i in labels:
                lines.append('L%d:' % i)
            k = self.r.random()
            if k < 0.45:
                lines.append(self.alu())
            elif k < 0.6:
                lines.append(self.alu3())
            elif k < 0.68:
                lines.append(self.math())
            elif k < 0.85:
                lines.append(self.send())
            elif k < 0.95:
                lines.append(self.branch(labels))
            else:
                lines.append(self.misc())
        return lines


def norm(s):
    return re.sub(r'\s+', ' ', s).strip()


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def assemble(lines, tmp, extra):
    """Assembles lines, dropping those iga64 refuses; returns binary bytes."""
    for _ in range(100):
        asm = os.path.join(tmp, 'x.asm')
        with open(asm, 'w') as f:
            f.write('\n'.join(lines) + '\n')
        out = os.path.join(tmp, 'x.bin')
        if os.path.exists(out):
            os.unlink(out)
        p = run(['iga64', '-p=9', '-a', asm, '-o', out] + extra)
        if p.returncode == 0 and os.path.exists(out):
            return open(out, 'rb').read()
        bad = set(int(m) for m in re.findall(r'^line (\d+)\.\d+: error', p.stderr, re.M))
        if not bad:
            return None
        lines = [l for i, l in enumerate(lines, 1) if i not in bad]
        # labels that were defined only by dropped lines keep their definitions
    return None


def disasm_iga(path):
    p = run(['iga64', '-p=9', '-d', path])
    return p.returncode, p.stdout, p.stderr


IGNORE_SEND_COMMENTS = False


def split_listing(text):
    """[(labels before it, instruction text)] from a disassembly listing."""
    out, labels = [], []
    for l in text.splitlines():
        l = norm(l)
        if IGNORE_SEND_COMMENTS:
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


# ---- mutated encodings: documented exclusions ----
#
# Random bit flips produce encodings no compiler emits.  Where iga64 is
# lenient with them, gtsim follows iga64 only when the PRM says what the
# hardware does; otherwise gtsim keeps printing (or rejecting) what is
# encoded, and the comparison of mutated instructions tolerates exactly
# the forms below (each counted and reported by name; anything else fails):
#
#  opcode-bit7     opcode field bit 7 is reserved (Gen8+ opcodes are 6:0);
#                  iga64 ignores it, gtsim rejects the encoding.  The
#                  mutator does not flip it (bits 0..7 are left alone).
#  gtsim-rejects   encodings gtsim reports as illegal while iga64 prints
#                  them (GTSIM_REJECTS): a destination in the immediate or
#                  the (Gen6) MRF register file, the VxH region with direct
#                  addressing, a reserved conditional modifier, ExecSize or
#                  thread control (iga64 prints nop / illegal regardless),
#                  an Align16 predicate control above 7, a 3-source DF
#                  destination ChanEn of one 32-bit channel (half a DF;
#                  iga64 prints a one-channel DF), RepCtrl on a madm source
#                  (iga64 prints mme4 whatever the field holds) and an
#                  indirect math.invm / rsqtm operand (GED itself rejects
#                  it on dst and src0, accepts it on src1).  3-source
#                  mixed HF/F types are not excluded: Src1Type / Src2Type
#                  (bits 36 / 35) give src1 / src2 as HF (1) or F (0).
#  field-dropped   iga64 leaves out fields that do not apply to the opcode
#                  (the PRM does not say the hardware ignores them; gtsim
#                  prints what is encoded): saturate / conditional modifier
#                  on fbh, fbl, cbit, bfrev, not, addc, subb, smov, mach,
#                  lzd, ...; source modifiers on pln, bfi1, fbl, wait, ...;
#                  predication on 3-source and macro forms (csel, madm,
#                  math.invm/rsqtm), else; NoDDChk / NoDDClr on sends;
#                  AccWrEn on call / calla; BranchCtrl (.b) on join.
#  jump-operand    iga64 prints the register type / region of call, calla
#                  (but no region on a calla / jmpi register target)
#                  and ret operands, a type suffix on calla / brd / brc
#                  labels, a null ret source as a number, and an indirect
#                  call / calla destination (gtsim reads it as direct).
#  lsc-sfid        SFIDs 1, 14, 15 are reserved on Gen9; iga64 describes
#                  their descriptors as the Gen12 LSC messages, gtsim "?"
#                  (see sendenum.py).
#  send-src0-ind   iga64 prints an indirect-address immediate (scaled by
#                  the src0 type) on send src0; gtsim's decoder takes the
#                  send payload register from a0 without an offset.
#  send-dst-region iga64 prints the region of an indirect send destination.
#  label-only      the instruction text agrees and only the label lines
#                  before it differ (a mutated neighbour's branch target).

_COND = r'\((?:eq|ne|gt|ge|lt|le|ov|un)\)f\d\.\d '
_PRED = r'^\((?:W&)?~?f\d\.\d(?:\.\w+)?\) '


# gtsim's reasons for rejecting encodings iga64 prints (see gtsim-rejects).
GTSIM_REJECTS = ('dst: immediate destination', 'dst: reserved register file (MRF)',
                 'src0: VxH vertical stride with direct addressing',
                 'src1: VxH vertical stride with direct addressing',
                 'reserved conditional modifier', 'reserved execution size encoding',
                 'reserved thread control encoding', 'reserved predicate control encoding',
                 'dst: DF destination ChanEn enables half a DF',
                 'RepCtrl on a math macro operand',
                 'indirect addressing on a math macro operand')


def _drop_variants(line):
    """Texts of line with fields iga64 drops removed (all combinations)."""
    outs = {line}
    subs = [
        (r'\(sat\)', ''),
        (_COND, ''),
        (r'(?<= )-?\(abs\)(?=[a-z\[])', ''),
        (r'^((?:\([^)]*\) )?\w+)\.b ', r'\1 '),
        (r'(?<= )[-~](?=r|\(|n0|\w)', ''),
        (r'\((?:W&)(~?f\d\.\d(?:\.\w+)?)\) ', '(W) '),
        (_PRED, ''),
        (r'\{NoDDChk,NoDDClr\}|\{NoDDChk\}|\{NoDDClr\}', ''),
        (r'NoDDChk,|NoDDClr,|,NoDDChk|,NoDDClr', ''),
        (r' \{AccWrEn\}$|AccWrEn,', ''),
    ]
    for pat, rep in subs:
        for o in list(outs):
            outs.add(norm(re.sub(pat, rep, o)))
            for m in list(re.finditer(pat, o))[:4]:  # each occurrence alone
                outs.add(norm(o[:m.start()] + m.expand(rep) + o[m.end():]))
    return outs


def classify(a, b):
    """Exclusion name for a mutated instruction's (iga64, gtsim) pair, or None."""
    (al, at), (bl, bt) = a, b
    if at == bt or (at == '' and bt == '<none>'):
        return 'label-only'
    if 'reserved opcode bit 7' in bt:
        return 'opcode-bit7'
    for reason in GTSIM_REJECTS:
        if re.search(r'cannot decode \((?:src\d: )?' + re.escape(reason), bt):
            return 'gtsim-rejects'
    op = re.sub(r'^\([^)]*\) ', '', at).split(' ')[0]
    if re.search(r'// [^;]*; \?;', at) and re.search(r'// [^;]*; \?; \?$', bt):
        lsc = re.sub(r'(// [^;]*; \?;).*', r'\1 ?', at)
        if lsc == bt or lsc in _drop_variants(bt):
            return 'lsc-sfid'
    if op in ('call', 'calla', 'ret', 'brd', 'brc', 'jmpi'):
        t = re.sub(r'(L\d+):\w+', r'\1', at)
        t = re.sub(r'([a-z]+\d+\.\d+)(?:<\d+>)?(?::\w+)?', r'\1', t)
        if op == 'jmpi' and re.sub(r'(r\d+\.\d+)<\d+;\d+,\d+>:\w+', r'\1', bt) == at:
            return 'jump-operand'
        if op in ('call', 'calla') and re.search(r'\) r\[a0', at):
            return 'jump-operand'
        if op in ('call', 'calla'):
            u = re.sub(r'(?<= )-?(?:\(abs\))?(r\d+\.\d+)<\d+;\d+,\d+>:\w+', r'\1', bt)
            if u == at or u == norm(t):
                return 'jump-operand'
        if op == 'ret' and re.sub(r' (?:-?\d+|0x[0-9A-F]+:\w+)$', ' null', at) == bt:
            return 'jump-operand'
        if norm(t) == bt or norm(t) in _drop_variants(bt) or re.sub(r' 0$', ' null', at) == bt:
            return 'jump-operand'
    if op.startswith('send'):
        unoff = lambda x: re.sub(r'r\[(a0\.\d+),-?\d+\]', r'r[\1]', x)
        if unoff(at) == unoff(bt) and at != bt:
            return 'send-src0-ind'
        if re.sub(r'(r\[a0\.\d+(?:,-?\d+)?\])<\d+>', r'\1', at) == bt:
            return 'send-dst-region'
    if at in _drop_variants(bt):
        return 'field-dropped'
    return None


def compare(gtdis, data, tmp, report, show, excluded=None):
    path = os.path.join(tmp, 'c.bin')
    with open(path, 'wb') as f:
        f.write(data)
    rc, iga, err = disasm_iga(path)
    if rc != 0:
        return None
    g = run([gtdis, path]).stdout
    il, gl = split_listing(iga), split_listing(g)
    # instruction offsets, to show raw bytes for mismatches
    pcs, off = [], 0
    while off < len(data):
        pcs.append(off)
        off += 8 if (data[off + 3] >> 5) & 1 else 16
    bad = 0
    for i in range(max(len(il), len(gl))):
        a = il[i] if i < len(il) else ('', '<none>')
        b = gl[i] if i < len(gl) else ('', '<none>')
        if a != b:
            if excluded is not None:
                why = classify(a, b)
                if why:
                    excluded[why] = excluded.get(why, 0) + 1
                    continue
            bad += 1
            if report[0] < show:
                raw = ''
                if i < len(pcs):
                    pc = pcs[i]
                    ln = 8 if (data[pc + 3] >> 5) & 1 else 16
                    raw = ' @0x%x [%s]' % (pc, ' '.join('%02x' % x for x in data[pc:pc + ln]))
                print('MISMATCH%s\n  iga64: %s | %s\n  gtsim: %s | %s' % (raw, a[0], a[1], b[0], b[1]))
                report[0] += 1
    return len(pcs), bad


def mutate(data, rnd):
    """Random field mutations of the instructions of an assembled binary."""
    out = bytearray()
    off = 0
    while off < len(data):
        ln = 8 if (data[off + 3] >> 5) & 1 else 16
        ins = bytearray(data[off:off + ln])
        for _ in range(rnd.randint(1, 3)):
            bit = rnd.randrange(ln * 8)
            if bit != 29 and bit not in range(0, 8):  # opcode (and reserved bit 7), CmptCtrl
                ins[bit >> 3] ^= 1 << (bit & 7)
        out += ins
        off += ln
    return bytes(out)


def keep_decodable(data, tmp):
    """Drops instructions iga64 cannot decode; returns the remaining bytes."""
    for _ in range(20):
        path = os.path.join(tmp, 'm.bin')
        with open(path, 'wb') as f:
            f.write(data)
        rc, out, err = disasm_iga(path)
        if rc == 0:
            return data
        bad = set(int(m, 16) for m in re.findall(r'byte offset 0x([0-9a-fA-F]+): error', err))
        if not bad:
            return None
        nd = bytearray()
        off = 0
        while off < len(data):
            ln = 8 if (data[off + 3] >> 5) & 1 else 16
            if off not in bad:
                nd += data[off:off + ln]
            off += ln
        data = bytes(nd)
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('gtdis')
    ap.add_argument('--count', type=int, default=5000)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--batch', type=int, default=400)
    ap.add_argument('--show', type=int, default=50)
    ap.add_argument('--no-mutate', action='store_true')
    ap.add_argument('--ignore-send-comments', action='store_true',
                    help='compare send lines up to their // comment only')
    a = ap.parse_args()
    global IGNORE_SEND_COMMENTS
    IGNORE_SEND_COMMENTS = a.ignore_send_comments
    if not shutil.which('iga64'):
        print('difftest: iga64 not found (install libigc-tools); this test requires it')
        return 2
    rnd = random.Random(a.seed)
    gen = Gen(rnd)
    total = bad = mutated = 0
    excluded = {}
    report = [0]
    with tempfile.TemporaryDirectory() as tmp:
        failures = 0
        while total < a.count:
            lines = gen.program(a.batch)
            extra = ['-Xautocompact'] if rnd.random() < 0.5 else []
            data = assemble(lines, tmp, extra)
            if not data:
                failures += 1
                if failures > 20:
                    print('difftest: iga64 keeps refusing the generated programs')
                    return 2
                continue
            datasets = [(data, None)]
            if not a.no_mutate and rnd.random() < 0.4:
                m = keep_decodable(mutate(data, rnd), tmp)
                if m:
                    datasets.append((m, excluded))
            for d, exc in datasets:
                r = compare(a.gtdis, d, tmp, report, a.show, exc)
                if r is None:
                    continue
                total += r[0]
                bad += r[1]
                if exc is not None:
                    mutated += r[0]
    print('difftest: %d instructions compared (%d of them mutated), %d mismatching instructions'
          % (total, mutated, bad))
    if excluded:
        print('difftest: mutated instructions excluded (documented forms): ' +
              ', '.join('%s %d' % kv for kv in sorted(excluded.items())))
    return 0 if bad == 0 else 1


if __name__ == '__main__':
    sys.exit(main())
