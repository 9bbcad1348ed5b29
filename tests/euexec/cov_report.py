#!/usr/bin/env python3
"""Merge EU coverage files (GTSIM_EU_COVERAGE=FILE, src/eu/coverage.c) and
print what the EU tests executed: opcodes and math functions, types per
operand position, type combinations per opcode, region forms, predication
and conditional-modifier forms, ExecSize / channel offsets, control-flow
outcomes.  Exit status 1 when an opcode (or math function) of the Gen9 list
below never ran, or a required feature is missing.

    cov_report.py [--brief] FILE...
"""
import sys
from collections import defaultdict

# Gen9 EU instructions the issue requires (smov is not in it: its Gen9
# semantics are not in the seeds, and the executor reports it unimplemented) (seed 004 instruction pages; the
# Gen9 opcode table in src/eu/decode_gen9.c).
GEN9_OPS = """mov movi sel csel not and or xor shr shl asr cmp cmpn bfrev bfe bfi1 bfi2
add addc subb mul mach mac mad lrp avg frc rndu rndd rnde rndz line pln dp2 dp3 dp4 dph
sad2 sada2 lzd fbh fbl cbit nop wait send sendc sends sendsc jmpi if else endif while
break cont halt call calla ret brc brd goto join madm""".split()
GEN9_MATH = """inv log exp sqrt rsq sin cos pow fdiv idiv_quot idiv_rem idiv_both invm
rsqtm""".split()
TYPES = "ub b uw w ud d uq q hf f df".split()
IMM_TYPES = ["imm." + t for t in "ub b uw w ud d uq q hf f df v uv vf".split()]
# Control-flow forms that must run with divergent channels.
DIVERGENT = "if else while break cont halt goto brc brd call".split()
PREDS = """none normal anyv allv any2h all2h any4h all4h any8h all8h any16h all16h
any32h all32h a16.x a16.y a16.z a16.w a16.any4h a16.all4h""".split()
CONDS = "z nz g ge l le o u".split()


def load(paths):
    cnt = defaultdict(int)
    for p in paths:
        with open(p) as f:
            for line in f:
                k, _, v = line.rstrip("\n").rpartition("\t")
                if k:
                    cnt[k] += int(v)
    return cnt


def group(cnt, prefix):
    return {k[len(prefix):]: v for k, v in cnt.items() if k.startswith(prefix)}


def row(title, items, width=100):
    line, out = "  " + title + ": ", []
    for it in items:
        if len(line) + len(it) + 1 > width:
            out.append(line)
            line = "      "
        line += it + " "
    out.append(line)
    print("\n".join(out))


def main():
    args = sys.argv[1:]
    brief = "--brief" in args
    paths = [a for a in args if not a.startswith("--")]
    cnt = load(paths)
    if not cnt:
        print("cov_report: no coverage data")
        return 1
    missing = []
    ops = group(cnt, "op:")
    plain = {k for k in ops if not k.startswith("math.")}
    maths = {k[5:] for k in ops if k.startswith("math.")}
    if maths:
        plain.add("math")
    print("== EU coverage: %d instruction executions" %
          sum(v for k, v in ops.items()))
    print("opcodes executed: %d of %d required (+math functions %d of %d)" % (
        len([o for o in GEN9_OPS if o in plain]), len(GEN9_OPS),
        len([m for m in GEN9_MATH if m in maths]), len(GEN9_MATH)))
    row("ops", ["%s=%d" % (k, v) for k, v in sorted(ops.items())])
    for o in GEN9_OPS:
        if o not in plain:
            missing.append("opcode " + o)
    for m in GEN9_MATH:
        if m not in maths:
            missing.append("math function " + m)

    print("types per operand position (executions):")
    for pos in ["dst", "src0", "src1", "src2"]:
        g = group(cnt, "type.%s:" % pos)
        row(pos, ["%s=%d" % (t, g[t]) for t in TYPES + IMM_TYPES if t in g] +
            ["(none: %s)" % " ".join(t for t in TYPES if t not in g)])
    combos = group(cnt, "types:")
    byop = defaultdict(list)
    for k in combos:
        byop[k.split(":")[0]].append(":".join(k.split(":")[1:]))
    print("type combinations: %d distinct over %d opcodes" % (len(combos), len(byop)))
    if not brief:
        for o in sorted(byop):
            row(o, sorted(byop[o]))
    print("region forms:")
    for pos in ["dst", "src0", "src1", "src2"]:
        g = group(cnt, "region.%s:" % pos)
        row(pos, ["%s=%d" % (k, v) for k, v in sorted(g.items())])
    g = group(cnt, "pred:")
    row("predication", ["%s=%d" % (k, v) for k, v in sorted(g.items())] +
        ["(none: %s)" % " ".join(p for p in PREDS if p not in g and p + ".inv" not in g)])
    for p in PREDS:
        if p not in g and p + ".inv" not in g:
            missing.append("predicate form " + p)
    row("flags", ["%s=%d" % (k, v) for k, v in sorted(group(cnt, "flag:").items())])
    g = group(cnt, "cond:")
    row("cond mods", ["%s=%d" % (k, v) for k, v in sorted(g.items())])
    for c in CONDS:
        if c not in g:
            missing.append("conditional modifier " + c)
    row("modifiers", ["%s=%d" % (k, v) for k, v in sorted(group(cnt, "mod:").items())])
    g = group(cnt, "exec:")
    row("ExecSize", ["%s=%d" % (k, g[k]) for k in sorted(g, key=int)])
    for e in ["1", "2", "4", "8", "16", "32"]:
        if e not in g:
            missing.append("ExecSize " + e)
    g = group(cnt, "chan:")
    row("channel offsets", ["%s=%d" % (k, g[k]) for k in sorted(g, key=lambda s: int(s[1:]))])
    g = group(cnt, "cf:")
    row("control flow", ["%s=%d" % (k, v) for k, v in sorted(g.items())])
    for o in DIVERGENT:
        if o + ".divergent" not in g:
            missing.append("divergent " + o)
    if missing:
        print("MISSING (%d): %s" % (len(missing), ", ".join(missing)))
        return 1
    print("all required opcodes, math functions and forms executed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
