#!/usr/bin/env python3
"""Merge EU coverage files (GTSIM_EU_COVERAGE=FILE, src/eu/coverage.c) and
print what the EU tests executed: opcodes and math functions, types per
operand position, type combinations per opcode, region forms, predication
and conditional-modifier forms, ExecSize / channel offsets, control-flow
outcomes, and the (opcode, dst type, src types) combinations that
eu_types.tab allows (seed 004 Src/Dst Types tables + Gen9 rows) but no test
executed.  Exit status 1 when an opcode (or math function) of the Gen9 list
below never ran, an allowed type combination never ran, or a required
feature is missing.

    cov_report.py [--brief] [--gen12] FILE...

--gen12: the Gen12LP requirements instead (GEN12_OPS, GEN12_MATH, the sync
function controls, Align1 predicate forms only, tests/euexec12/
eu_types12.tab with Gen12's per-source 3-source types).
"""
import os
import sys
from collections import defaultdict
from itertools import product

# Gen9 EU instructions the issue requires (smov is not in it: its Gen9
# semantics are not in the seeds, and the executor reports it unimplemented) (seed 004 instruction pages; the
# Gen9 opcode table in src/eu/decode_gen9.c).
GEN9_OPS = """mov movi sel csel not and or xor shr shl asr cmp cmpn bfrev bfe bfi1 bfi2
add addc subb mul mach mac mad lrp avg frc rndu rndd rnde rndz line pln dp2 dp3 dp4 dph
sad2 sada2 lzd fbh fbl cbit nop wait send sendc sends sendsc jmpi if else endif while
break cont halt call calla ret brc brd goto join madm""".split()
GEN9_MATH = """inv log exp sqrt rsq sin cos pow fdiv idiv_quot idiv_rem idiv_both invm
rsqtm""".split()
# Gen12LP (seed 004 instruction pages; src/eu/encoding_gen12.c opcodes;
# madm and lrp are reserved there, wait and the Align16 forms are gone).
GEN12_OPS = """mov movi sel csel not and or xor shr shl asr ror rol cmp cmpn bfrev bfe bfi1
bfi2 add addc subb mul mach mac mad dp4a avg frc rndu rndd rnde rndz lzd fbh fbl cbit nop
sync send sendc jmpi if else endif while break cont halt call calla ret brc brd goto join
illegal""".split()
GEN12_MATH = """inv log exp sqrt rsq sin cos pow fdiv idiv_quot idiv_rem""".split()
GEN12_SYNC = "nop allrd allwr bar host".split()
TYPES = "ub b uw w ud d uq q hf f df".split()
IMM_TYPES = ["imm." + t for t in "ub b uw w ud d uq q hf f df v uv vf".split()]
# Control-flow forms that must run with divergent channels.
DIVERGENT = "if else while break cont halt goto brc brd call".split()
PREDS = """none normal anyv allv any2h all2h any4h all4h any8h all8h any16h all16h
any32h all32h a16.x a16.y a16.z a16.w a16.any4h a16.all4h""".split()
CONDS = "z nz g ge l le o u".split()


TYPE_TAB = os.path.join(os.path.dirname(os.path.abspath(__file__)), "eu_types.tab")
TYPE_TAB12 = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "euexec12",
                          "eu_types12.tab")
FLOATS = {"hf", "f", "df"}
CLASS = {"*B": ["b", "ub"], "*W": ["w", "uw"], "*D": ["d", "ud"], "*Q": ["q", "uq"]}


def parse_class(text):
    out = []
    for tok in text.split(","):
        out += CLASS.get(tok, [tok.lower()])
    return out


def allowed_combos(path=TYPE_TAB, gen12=False):
    """(opcode, dst, src0, ...) tuples eu_types.tab allows, expanded the way
    tests/euexec/test_eu_types.c expands them (3-source integer sources share
    one type; a HF src0 of a 3-source instruction makes all sources HF)."""
    allowed = set()
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.split():
                continue
            op, ns, sc, dc = line.split()[:4]
            ns = int(ns)
            srcs = parse_class(sc)
            same = dc == "same"
            dsts = srcs if same else parse_class(dc)
            for d in dsts:
                for ss in product(srcs, repeat=ns):
                    if same and any(s != d for s in ss):
                        continue
                    # Gen9's one 3-source type field (Gen12: one per source)
                    if not gen12 and ns == 3 and ss[0] not in FLOATS and len(set(ss)) > 1:
                        continue
                    if not gen12 and ns == 3 and ss[0] == "hf" and any(s != "hf" for s in ss):
                        continue
                    allowed.add((op, d) + tuple(ss))
    return allowed


def executed_combos(combos):
    """Executed (opcode, dst, src...) tuples; an immediate counts for its
    type (V/UV/VF: the W/UW/F elements they expand to)."""
    vec = {"v": "w", "uv": "uw", "vf": "f"}
    out = set()
    for k in combos:
        parts = k.split(":")
        srcs = []
        for t in parts[2:]:
            t = t[4:] if t.startswith("imm.") else t
            srcs.append(vec.get(t, t))
        out.add((parts[0], parts[1]) + tuple(srcs))
    return out


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
    gen12 = "--gen12" in args
    paths = [a for a in args if not a.startswith("--")]
    req_ops = GEN12_OPS if gen12 else GEN9_OPS
    req_math = GEN12_MATH if gen12 else GEN9_MATH
    preds = [p for p in PREDS if not (gen12 and p.startswith("a16."))]
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
    print("%s opcodes executed: %d of %d required (+math functions %d of %d)" % (
        "Gen12LP" if gen12 else "Gen9",
        len([o for o in req_ops if o in plain]), len(req_ops),
        len([m for m in req_math if m in maths]), len(req_math)))
    row("ops", ["%s=%d" % (k, v) for k, v in sorted(ops.items())])
    for o in req_ops:
        if o not in plain:
            missing.append("opcode " + o)
    for m in req_math:
        if m not in maths:
            missing.append("math function " + m)
    if gen12:
        g = group(cnt, "sync:")
        row("sync", ["%s=%d" % (k, v) for k, v in sorted(g.items())])
        for fc in GEN12_SYNC:
            if fc not in g:
                missing.append("sync." + fc)

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
    allowed = allowed_combos(TYPE_TAB12, True) if gen12 else allowed_combos()
    done = executed_combos(combos)
    unexec = sorted(allowed - done)
    print("allowed type combinations (eu_types.tab): %d, executed %d" %
          (len(allowed), len(allowed) - len(unexec)))
    if unexec:
        row("allowed but never executed", [":".join(c) for c in unexec[:200]] +
            (["... %d more" % (len(unexec) - 200)] if len(unexec) > 200 else []))
        missing.append("%d allowed type combinations" % len(unexec))
    print("region forms:")
    for pos in ["dst", "src0", "src1", "src2"]:
        g = group(cnt, "region.%s:" % pos)
        row(pos, ["%s=%d" % (k, v) for k, v in sorted(g.items())])
    g = group(cnt, "pred:")
    row("predication", ["%s=%d" % (k, v) for k, v in sorted(g.items())] +
        ["(none: %s)" % " ".join(p for p in preds if p not in g and p + ".inv" not in g)])
    for p in preds:
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
