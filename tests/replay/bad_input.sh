#!/usr/bin/env bash
# Bad-input cases: each must give a clear message (what and where), a
# non-zero exit status, and no crash (no signal, no sanitizer report).
#   bad_input.sh GTSIM MKAUB WORKDIR CASE
set -uo pipefail
gtsim=$1 mkaub=$2 work=$3 case=$4
mkdir -p "$work/$case" && cd "$work/$case" || exit 2 # a directory per case: cases run in parallel

asm() { # name, IGA assembly text -> name.bin (assembled by Intel's iga64)
    printf '%s\n' "$2" >"$1.asm"
    iga64 -p=9 -a "$1.asm" -o "$1.bin" || { echo "iga64 failed on $1.asm"; exit 1; }
}
eot='(W) send (8|M0) null r127 0x27 0x02000010 {EOT}'
hdr='(W) mov (8|M0) r127.0<1>:ud r0.0<8;8,1>:ud'

# wl.aub: a walker of 5 one-thread groups running kl.bin, a loop of add/cmp/jmpi
# taken 7 times (i = 1..7): 2 + 7 x 3 + 1 = 24 instructions per thread
loop_walker() {
    asm kl "$hdr
(W) mov (1|M0) r10.0<1>:ud 0x0:ud
LOOP:
(W) add (1|M0) r10.0<1>:ud r10.0<0;1,0>:ud 0x1:ud
(W) cmp (1|M0) (lt)f0.0 null<1>:ud r10.0<0;1,0>:ud 0x7:ud
(W&f0.0) jmpi LOOP
$eot"
    "$mkaub" walker wl.aub kl.bin 5 1 1 || exit 1
}

# expect STATUS REGEX -- command...: run, check exit status and output.
expect() {
    local want=$1 re=$2
    shift 3
    local log="$case.log"
    "$@" >"$log" 2>&1
    local rc=$?
    cat "$log"
    if grep -qE 'AddressSanitizer|runtime error:|LeakSanitizer' "$log"; then
        echo "FAIL: sanitizer report"; exit 1
    fi
    if [ "$rc" -ge 128 ]; then echo "FAIL: killed by signal $((rc - 128))"; exit 1; fi
    if [ "$rc" != "$want" ]; then echo "FAIL: exit status $rc, expected $want"; exit 1; fi
    if [ -n "$re" ] && ! grep -qE -- "$re" "$log"; then echo "FAIL: output does not match /$re/"; exit 1; fi
    echo "ok: $case"
}

case $case in
store) # the synthetic trace itself works: MI_STORE_DATA_IMM lands in memory
    "$mkaub" store s.aub || exit 1
    expect 0 '' -- "$gtsim" run s.aub --dump 0x100050000:4:s.bin
    [ "$(od -An -tx4 s.bin | tr -d ' ')" = 600df00d ] || { echo "FAIL: stored $(od -An -tx4 s.bin)"; exit 1; } ;;
gen12-store) # Gen12LP submission (execlist submission queue), tgllp and dg1 (local memory)
    for p in tgllp dg1; do
        "$mkaub" --platform $p store s$p.aub || exit 1
        expect 0 '' -- "$gtsim" run s$p.aub --dump 0x100050000:4:s$p.bin
        [ "$(od -An -tx4 s$p.bin | tr -d ' ')" = 600df00d ] || { echo "FAIL: $p stored $(od -An -tx4 s$p.bin)"; exit 1; }
    done ;;
blt) # the blitter engine (tgllp, dg1) from an AUB trace: a copy, a copy past the
     # mapped surface, an unknown blitter command
    for p in tgllp dg1; do
        "$mkaub" --platform $p blt-copy bc$p.aub || exit 1
        expect 0 '' -- "$gtsim" run bc$p.aub --dump 0x100050000:16:bc$p.bin
        [ "$(od -An -tx4 bc$p.bin | tr -d ' ')" = 11111111222222223333333344444444 ] ||
            { echo "FAIL: $p blitter copy gave $(od -An -tx4 bc$p.bin)"; exit 1; }
        "$mkaub" --platform $p blt-past-surface bp$p.aub || exit 1
        expect 1 'XY_COLOR_BLT at blitter batch 0x0*100000000 \(PPGTT, first level\): writing the destination pixel \(0, 1\).*GPU page fault .*PPGTT address 0x100060000' -- \
            "$gtsim" run bp$p.aub
        "$mkaub" --platform $p blt-unknown-cmd bu$p.aub || exit 1
        expect 1 'unknown command header 0x5fc00001 .*at blitter batch 0x0*100000004 \(PPGTT, first level\)' -- \
            "$gtsim" run bu$p.aub
    done ;;
gen12-unknown-cmd) # an unknown Gen12 command and a batch in unmapped memory: named, with where
    for p in tgllp dg1; do
        "$mkaub" --platform $p unknown-cmd uc$p.aub || exit 1
        expect 1 'unknown command header 0x1f800000 .*at batch 0x0*100000004 \(PPGTT, first level\)' -- \
            "$gtsim" run uc$p.aub
        "$mkaub" --platform $p batch-unmapped bu$p.aub || exit 1
        expect 1 'GPU page fault fetching a command at PPGTT address 0x7000000000 \(PDPE 0x0 at PA 0x[0-9a-f]+ not present' -- \
            "$gtsim" run bu$p.aub
    done ;;
gen12-kernel-*) # Gen12LP kernels (iga64 -p=12p1): the illegal opcode 0 and a reserved
    # software-scoreboard byte (0001xxxx, seed 004 instruction header 15:8)
    # at ip 0x10, each reported with the EU IP, raw bytes and disassembly
    printf '%s\n' '(W) mov (8|M0) r127.0<1>:ud r0.0<8;8,1>:ud' '(W) mov (8|M0) r10.0<1>:ud 0x5:ud' \
        '(W) send.ts (8|M0) null r127 null 0x0 0x02000010 {EOT}' >k12.asm
    iga64 -p=12p1 -a k12.asm -o k12.bin || { echo "iga64 failed on k12.asm"; exit 1; }
    python3 - "$case" <<'PY' || exit 1
import sys
c = bytearray(open('k12.bin', 'rb').read())
if sys.argv[1] == 'gen12-kernel-illegal':
    c[16:32] = bytes(16)          # opcode 0: illegal
else:
    c[17] = 0x13                  # SWSB 0x13: reserved
open('k12.bin', 'wb').write(c)
PY
    for p in tgllp dg1; do
        "$mkaub" --platform $p kernel k12$p.aub k12.bin || exit 1
        if [ "$case" = gen12-kernel-illegal ]; then
            expect 1 'EU: illegal instruction at kernel GVA 0x[0-9a-f]+ ip 0x10: `illegal` \[raw 00 00' -- \
                "$gtsim" run k12$p.aub
        else
            expect 1 'ip 0x10: reserved software scoreboard \(SWSB\) encoding 0x13 \(with its SWSB field cleared: `\(W\) mov \(8\|M0\) r10.0<1>:ud 0x5:ud`\) \[raw 61 13 ' -- \
                "$gtsim" run k12$p.aub
        fi
    done ;;
unknown-record)
    "$mkaub" unknown-record u.aub || exit 1
    expect 0 'offset 0x[0-9a-f]+: skipping unknown memtrace record \(sub-opcode 0x3f' -- \
        "$gtsim" run u.aub --dump 0x100050000:4:u.bin
    [ "$(od -An -tx4 u.bin | tr -d ' ')" = 600df00d ] || { echo "FAIL: replay did not go on"; exit 1; } ;;
compare-ok) # a memory compare record that holds after the run
    "$mkaub" compare-ok c.aub || exit 1
    expect 0 '' -- "$gtsim" run c.aub ;;
compare-bad) # the trace expects other bytes than the simulated GPU left
    "$mkaub" compare-bad cb.aub || exit 1
    expect 1 'memory compare at 0x100050000 \(space 5, 0x4 bytes\) differs at byte 0x0' -- "$gtsim" run cb.aub ;;
truncated)
    "$mkaub" store t.aub || exit 1
    head -c 3001 t.aub >t-cut.aub
    expect 1 'corrupt AUB at file offset 0x[0-9a-f]+: .*truncated' -- "$gtsim" run t-cut.aub ;;
not-aub)
    printf 'this is not an AUB file at all\n' >n.aub
    expect 1 'not an AUB memtrace file' -- "$gtsim" run n.aub ;;
garbage-record)
    "$mkaub" store g.aub || exit 1
    printf '\x01\x02\x03\x04' >>g.aub
    expect 1 'corrupt AUB at file offset 0x[0-9a-f]+: record header 0x04030201 is not an AUB command' -- \
        "$gtsim" run g.aub ;;
oversized)
    "$mkaub" oversized o.aub || exit 1
    expect 1 'memory write of 0xc0000000 bytes at 0x1000 is truncated' -- "$gtsim" run o.aub ;;
missing)
    expect 1 'cannot open no-such-file.aub: No such file' -- "$gtsim" run no-such-file.aub ;;
batch-loop)
    "$mkaub" batch-loop b.aub || exit 1
    expect 1 '[Ww]atchdog.*0x0*10000000' -- "$gtsim" run b.aub --max-commands 100000 ;;
batch-unmapped)
    "$mkaub" batch-unmapped bu.aub || exit 1
    expect 1 '0x0*7000000000' -- "$gtsim" run bu.aub ;;
unknown-cmd)
    "$mkaub" unknown-cmd uc.aub || exit 1
    expect 1 '0x1f800000.*0x0*100000004|0x0*100000004.*0x1f800000' -- "$gtsim" run uc.aub ;;
walker-parallel-fault) # every group faults; 4 host threads: one report (a group's), no hang or crash
    asm ki "$hdr"
    python3 - <<'PY' || exit 1
code = open('ki.bin', 'rb').read()
open('ki.bin', 'wb').write(code + bytes([0x7f]) + bytes(15) + bytes.fromhex('3100600704020020e00f000610000082'))
PY
    "$mkaub" walker kp.aub ki.bin 64 2 1 || exit 1
    expect 1 '[Ii]llegal instruction at kernel GVA 0x0*100010000 ip 0x10' -- timeout 20 "$gtsim" run kp.aub --host-threads 4
    grep -qE 'in GPGPU_WALKER at batch 0x0*100000084, thread group \([0-9]+, [01], 0\), thread 0 of 1$' "$case.log" ||
        { echo "FAIL: no walker/group in the report"; exit 1; }
    [ "$(grep -c 'in GPGPU_WALKER' "$case.log")" = 1 ] || { echo "FAIL: more than one report"; exit 1; } ;;
kernel-illegal)
    asm ki "$hdr"
    python3 - <<'PY' || exit 1
code = open('ki.bin', 'rb').read()
illegal = bytes([0x7f]) + bytes(15)  # opcode 0x7f is reserved
open('ki.bin', 'wb').write(code + illegal + bytes.fromhex('3100600704020020e00f000610000082'))
PY
    "$mkaub" kernel ki.aub ki.bin || exit 1
    expect 1 '[Ii]llegal.*0x0*10\b' -- "$gtsim" run ki.aub ;;
kernel-range-*)
    # An instruction whose channels run past channel 31, predicated, so its
    # predicate mask would be formed over channels that do not exist: a
    # report at its IP, no undefined shift (found twice by fuzz_aub under
    # UBSan: an Align16 all4h shr, an illegal opcode with an Align16 all4h
    # predicate).  Raw instructions after the header (bits 23:21 ExecSize,
    # 13:12 QtrCtrl, 11 NibCtrl, 19:16 PredCtrl, 8 AccessMode):
    #   alu, branch: iga64's encoding patched to ExecSize 32 at M28;
    #   align16: the fuzzer's `(f0.0.z) shr (32|M28)` (Align16);
    #   illegal-align16: opcode 0 (16|M24), Align16 all4h, as the fuzzer wrote it;
    #   illegal-align1: opcode 0 (16|M24), Align1 any4h.
    patch=1 raw=
    case $case in
    kernel-range-alu) asm "$case" "$hdr
(f0.0) add (8|M0) r10.0<1>:ud r10.0<8;8,1>:ud 0x1:ud
$eot" ;;
    kernel-range-branch) asm "$case" "$hdr
(f0.0) jmpi (1|M0) 0x10
$eot" ;;
    kernel-range-align16) asm "$case" "$hdr
$eot"; raw=083fa400000001100800000000000000 ;;
    kernel-range-illegal-align16) asm "$case" "$hdr
$eot"; raw=0033870004020020e00f000610000082 patch=0 ;;
    kernel-range-illegal-align1) asm "$case" "$hdr
$eot"; raw=00308600000000000000000000000000 patch=0 ;;
    esac
    want='execution size / channel offset out of range at kernel GVA 0x[0-9a-f]+ ip 0x10'
    [ "$patch" = 1 ] || want='illegal instruction at kernel GVA 0x[0-9a-f]+ ip 0x10'
    BIN=$case.bin RAW=$raw PATCH=$patch python3 - <<'PY' || exit 1
import os
code = bytearray(open(os.environ['BIN'], 'rb').read())
if os.environ['RAW']:
    code[16:16] = bytes.fromhex(os.environ['RAW'])
if os.environ['PATCH'] == '1':
    w = int.from_bytes(code[16:20], 'little')
    w = (w & ~((7 << 21) | (3 << 12) | (1 << 11))) | (5 << 21) | (3 << 12) | (1 << 11)  # ExecSize 32, Q4 N2: M28
    code[16:20] = w.to_bytes(4, 'little')
open(os.environ['BIN'], 'wb').write(bytes(code))
PY
    "$mkaub" kernel "$case.aub" "$case.bin" || exit 1
    expect 1 "$want" -- "$gtsim" run "$case.aub" ;;
kernel-loop)
    asm kl "$hdr
L16:
(W) jmpi (1|M0) L16
$eot"
    "$mkaub" kernel kl.aub kl.bin || exit 1
    expect 1 '[Ww]atchdog.*0x0*10\b' -- "$gtsim" run kl.aub --max-eu-instructions 100000 ;;
kernel-fault)
    asm kf "$hdr
mov (8|M0) r11.0<1>:uq 0xdead0000:uq
mov (8|M0) r19.0<1>:ud 0x7:ud
sends (8|M0) null:w r11 r19 0x4C 0x040681FF
$eot"
    "$mkaub" kernel kf.aub kf.bin || exit 1
    expect 1 '0x0*dead0000' -- "$gtsim" run kf.aub ;;
profile) # gtsim run --profile on a kernel whose counts are known (loop_walker), on 1 and
    # 2 host threads
    loop_walker
    for ht in 1 2; do
        expect 0 '^gtsim profile: 1 kernel, 120 EU instructions executed$' -- "$gtsim" run wl.aub --profile --host-threads $ht
        # executions, channels enabled, ip and path of each instruction (computed by
        # hand above; the moves, add and cmp have handlers, jmpi is the run loop's,
        # the EOT message exec_ctrl's)
        got=$(awk '$5 ~ /^0x[0-9a-f]+$/ {print $1, $3, $5, $6}' "$case.log" | tr '\n' ' ')
        want='5 40 0x0000 fast 5 5 0x0010 fast 35 35 0x0020 fast 35 35 0x0030 fast 35 35 0x0040 flow 5 40 0x0050 ctrl '
        [ "$got" = "$want" ] || { echo "FAIL: profile rows '$got', want '$want'"; exit 1; }
    done
    # --stats per kernel: the one kernel, 5 threads of 24 instructions
    expect 0 '^kernel 0x000100010000  1 walkers, 5 threads, 120 EU instructions, [0-9]+ lane-ops \(100.0%\)$' -- \
        "$gtsim" run wl.aub --stats
    # and a corpus capture's two kernels (2 and 1 walkers) sum to the totals, on 1 and 2 host threads
    corpus=$(cd "$(dirname "$0")/../corpus" && pwd)
    for ht in 1 2; do
        expect 0 '' -- "$gtsim" run "$corpus/scan/trace.aub.gz" --stats --host-threads $ht
        python3 - "$case.log" <<'PY' || exit 1
import re, sys
t = open(sys.argv[1]).read()
tot = {k: int(re.search(r"^%s +(\d+)" % k, t, re.M).group(1))
       for k in ("threads dispatched", "EU instructions", "active channels")}
ks = [tuple(map(int, m)) for m in re.findall(r"^kernel 0x[0-9a-f]{12}  (\d+) walkers, (\d+) threads, (\d+) EU instructions, (\d+) lane-ops", t, re.M)]
assert len(ks) == 2 and sorted(k[0] for k in ks) == [1, 2], ks
assert sum(k[1] for k in ks) == tot["threads dispatched"], (ks, tot)
assert sum(k[2] for k in ks) == tot["EU instructions"], (ks, tot)
assert sum(k[3] for k in ks) == tot["active channels"], (ks, tot)
print("ok: per-kernel stats sum to the totals", ks)
PY
    done
    # the host threads --stats names: as given, or by default the processors gtsim
    # may run on (its affinity: one under taskset -c 0, whatever the host has)
    expect 0 '^host threads       3 \(--host-threads\)$' -- \
        "$gtsim" run "$corpus/vadd/trace.aub.gz" --stats --host-threads 3
    expect 0 '^host threads       1 \(--host-threads\)$' -- \
        taskset -c 0 "$gtsim" run "$corpus/vadd/trace.aub.gz" --stats ;;
timeline) # gtsim run --trace-out: valid JSON (Chrome trace events) with one slice per
    # hardware thread (its instruction count as duration), the walker and submission
    # slices nesting them, a flow arrow per thread; on 1 and 2 host threads the same
    loop_walker
    for ht in 1 2; do
        expect 0 '' -- "$gtsim" run wl.aub --trace-out t$ht.json --host-threads $ht
        python3 - t$ht.json <<'PY' || exit 1
import json, sys
ev = json.load(open(sys.argv[1]))["traceEvents"]
X = [e for e in ev if e["ph"] == "X"]
th = [e for e in X if e["pid"] == 2]
wk = [e for e in X if e["name"] == "GPGPU_WALKER"]
sub = [e for e in X if e["name"] == "submission"]
bb = [e for e in X if e["name"] == "batch"]
assert len(th) == 5 and len(wk) == 1 and len(sub) == 1 and len(bb) == 1, (len(th), len(wk), len(sub), len(bb))
# the batch (mkaub's at GVA 0x100000000, first level) holds the walker, the submission the batch
b = bb[0]
assert b["args"] == {"address": "0x100000000", "level": 1}, b
assert sub[0]["ts"] <= b["ts"] <= wk[0]["ts"] and wk[0]["ts"] + wk[0]["dur"] <= b["ts"] + b["dur"] <= sub[0]["ts"] + sub[0]["dur"]
# 2 + 7 x 3 + 1 = 24 instructions per thread, all five at once on slots 0..4
assert sorted((e["tid"], e["dur"], e["args"]["instructions"]) for e in th) == [(i, 24, 24) for i in range(5)], th
assert sorted(e["args"]["group"][0] for e in th) == [0, 1, 2, 3, 4]
w, s = wk[0], sub[0]
assert all(e["ts"] == w["ts"] for e in th) and w["dur"] == 24
assert s["ts"] <= w["ts"] and w["ts"] + w["dur"] <= s["ts"] + s["dur"]
starts = {e["id"] for e in ev if e["ph"] == "s"}
ends = {e["id"] for e in ev if e["ph"] == "f"}
assert len(starts) == 5 and starts == ends
print("ok: timeline", sys.argv[1])
PY
    done
    # a corpus capture: a slice per thread the run dispatched, durations summing to its EU instructions
    corpus=$(cd "$(dirname "$0")/../corpus" && pwd)
    expect 0 '' -- "$gtsim" run "$corpus/mandel/trace.aub.gz" --trace-out m.json --stats
    threads=$(sed -n 's/^threads dispatched *\([0-9]*\).*/\1/p' "$case.log")
    insns=$(sed -n 's/^EU instructions *\([0-9]*\).*/\1/p' "$case.log")
    python3 - m.json "$threads" "$insns" <<'PY' || exit 1
import json, sys
ev = json.load(open(sys.argv[1]))["traceEvents"]
th = [e for e in ev if e["ph"] == "X" and e["pid"] == 2]
assert len(th) == int(sys.argv[2]), (len(th), sys.argv[2])
assert sum(e["args"]["instructions"] for e in th) == int(sys.argv[3])
# every walker lies inside a batch slice of its engine
X = [e for e in ev if e["ph"] == "X" and e["pid"] == 1]
bb = [e for e in X if e["name"] == "batch"]
for w in (e for e in X if e["name"] == "GPGPU_WALKER"):
    assert any(b["tid"] == w["tid"] and b["ts"] <= w["ts"] and w["ts"] + w["dur"] <= b["ts"] + b["dur"] for b in bb), w
print("ok: mandel timeline,", len(th), "thread slices")
PY
    ;;
check-scratch) # gtsim run --check: a scratch block write past the thread's 1 KiB of scratch
    # (MEDIA_VFE_STATE Per Thread Scratch Space code 0) is a bounds finding with the kernel,
    # IP, raw bytes and instruction, then the page fault it is; unknown check names are refused
    asm ks "$hdr
(W) mov (8|M0) r10.0<1>:ud r0.0<8;8,1>:ud
(W) mov (8|M0) r11.0<1>:ud 0x1234:ud
(W) send (8|M0) null r10 0xA 0x040E0028
$eot"
    "$mkaub" kernel ks.aub ks.bin || exit 1
    expect 1 'gtsim check bounds: kernel at GVA 0x100010000 \(hash [0-9a-f]{8}\), EU IP 0x0030 \[0a600031 20000204 06000140 040e0028\] \(W\) send \(8\|M0\) null r10 0xA 0x040E0028 .*: scratch block write of 32 bytes at scratch offset 0x500, past the thread.s 1024 bytes of scratch' \
        -- "$gtsim" run ks.aub --check=all
    grep -q '^gtsim check bounds: 1 finding in 1 kernel$' "$case.log" && grep -q '^gtsim check barrier: 0 findings in 0 kernels$' "$case.log" &&
        grep -q 'replay failed: EU: send: scratch block write: GPU page fault' "$case.log" || { echo "FAIL: summary or fault missing"; exit 1; }
    # off by default, and only the checks asked for
    expect 1 '' -- "$gtsim" run ks.aub
    ! grep -q 'gtsim check' "$case.log" || { echo "FAIL: a check ran though none was asked for"; exit 1; }
    expect 1 '^gtsim check barrier: 0 findings in 0 kernels$' -- "$gtsim" run ks.aub --check barrier
    ! grep -q 'gtsim check bounds' "$case.log" || { echo "FAIL: bounds ran with --check barrier"; exit 1; }
    expect 2 "unknown check 'bogus' \(names: bounds, barrier, slm-race, swsb, uninit, all\)" -- "$gtsim" run ks.aub --check=bounds,bogus
    # a clean kernel: exit 0 and zero findings (loop_walker)
    loop_walker
    expect 0 '^gtsim check bounds: 0 findings in 0 kernels$' -- "$gtsim" run wl.aub --check=all ;;
check-uninit) # --check=uninit on an assembled kernel (one SIMD8 thread, payload r0 only): an
    # add reading r20, never written, on its 8 lanes, and a NoMask scalar read of r21.3; the
    # payload, a register the kernel wrote and a send's response read clean; skl and tgllp
    printf '%s\n' '(W) mov (8|M0) r127.0<1>:ud r0.0<8;8,1>:ud' '(W) mov (8|M0) r10.0<1>:ud 0x5:ud' \
        'add (8|M0) r11.0<1>:ud r10.0<8;8,1>:ud r20.0<8;8,1>:ud' '(W) mov (1|M0) r12.0<1>:ud r21.3<0;1,0>:ud' \
        '(W) send (8|M0) r36 r127 0xA 0x0219E000' '(W) mov (8|M0) r40.0<1>:ud r36.0<8;8,1>:ud' \
        '(W) add (8|M0) r41.0<1>:ud r11.0<8;8,1>:ud r12.0<0;1,0>:ud' "$eot" >ku.asm
    iga64 -p=9 -a ku.asm -o ku.bin || { echo "iga64 failed on ku.asm"; exit 1; }
    "$mkaub" kernel ku.aub ku.bin || exit 1
    printf '%s\n' '(W) mov (8|M0) r127.0<1>:ud r0.0<8;8,1>:ud' '(W) mov (8|M0) r10.0<1>:ud 0x5:ud' \
        'add (8|M0) r11.0<1>:ud r10.0<8;8,1>:ud r20.0<8;8,1>:ud {@1}' '(W) mov (1|M0) r12.0<1>:ud r21.3<0;1,0>:ud' \
        '(W) send.dc0 (8|M0) r36 r127 null 0x0 0x0219E000 {@4,$1}' '(W) mov (8|M0) r40.0<1>:ud r36.0<8;8,1>:ud {$1.dst}' \
        '(W) add (8|M0) r41.0<1>:ud r11.0<8;8,1>:ud r12.0<0;1,0>:ud {@3}' \
        '(W) send.ts (8|M0) null r127 null 0x0 0x02000010 {EOT}' >ku12.asm
    iga64 -p=12p1 -a ku12.asm -o ku12.bin || { echo "iga64 failed on ku12.asm"; exit 1; }
    "$mkaub" --platform tgllp kernel ku12.aub ku12.bin || exit 1
    for k in ku ku12; do
        expect 3 '^gtsim check uninit: 2 findings in 1 kernel$' -- "$gtsim" run $k.aub --check=uninit
        grep -qE '^gtsim check uninit: kernel at GVA 0x100010000 \(hash [0-9a-f]{8}\), EU IP 0x0020 \[[0-9a-f ]+\] add \(8\|M0\) r11.0<1>:ud r10.0<8;8,1>:ud r20.0<8;8,1>:ud.*: lane 0 \(of lanes 0xff\) reads r20.0 \(byte\) of src1, which nothing wrote since the thread.s dispatch$' "$case.log" &&
            grep -qE '^gtsim check uninit: kernel at GVA 0x100010000 \(hash [0-9a-f]{8}\), EU IP 0x0030 \[[0-9a-f ]+\] \(W\) mov \(1\|M0\) r12.0<1>:ud r21.3<0;1,0>:ud.*: lane 0 \(of lanes 0x1\) reads r21.12 \(byte\) of src0, which nothing wrote' "$case.log" ||
            { echo "FAIL: $k: the two findings are not as expected"; exit 1; }
    done ;;
check-swsb) # --check=swsb on Gen12LP kernels assembled by iga64 -p=12p1: with every SWSB
    # annotation the kernel needs, no finding; with three removed (RegDist @1 of a
    # read-after-write, $2.dst of a read of a send's response, $3.src of an overwrite
    # of a send's payload), exactly those three, with producer and consumer IPs
    sw_kernel() { # name, annotations of the add, the mov of r36, the mov of r2
        printf '%s\n' '(W) mov (8|M0) r2.0<1>:ud r0.0<8;8,1>:ud' '(W) mov (8|M0) r10.0<1>:ud 0x5:ud' \
            "(W) add (8|M0) r11.0<1>:ud r10.0<8;8,1>:ud 0x1:ud $2" \
            '(W) send.dc0 (8|M0) r36 r2 null 0x0 0x0219E000 {@2,$2}' \
            "(W) mov (8|M0) r40.0<1>:ud r36.0<8;8,1>:ud $3" \
            '(W) send.dc0 (8|M0) r37 r2 null 0x0 0x0219E000 {$3}' \
            "(W) mov (8|M0) r2.0<1>:ud 0x0:ud $4" \
            '(W) mov (8|M0) r127.0<1>:ud r0.0<8;8,1>:ud {$2.dst}' \
            '(W) send.ts (8|M0) null r127 null 0x0 0x02000010 {EOT,@1}' >"$1.asm"
        iga64 -p=12p1 -a "$1.asm" -o "$1.bin" || { echo "iga64 failed on $1.asm"; exit 1; }
        "$mkaub" --platform tgllp kernel "$1.aub" "$1.bin" || exit 1
    }
    sw_kernel swok '{@1}' '{$2.dst}' '{$3.src}'
    expect 0 '^gtsim check swsb: 0 findings in 0 kernels$' -- "$gtsim" run swok.aub --check=swsb
    sw_kernel swbad '' '' ''
    expect 3 '^gtsim check swsb: 3 findings in 1 kernel$' -- "$gtsim" run swbad.aub --check=swsb
    for re in 'EU IP 0x0020 \[[0-9a-f ]+\] \(W\) add \(8\|M0\) r11.0<1>:ud r10.0<8;8,1>:ud 0x1:ud: reads r10.0 \(byte\), which the in-order instruction at EU IP 0x0010 writes 1 in-order instruction back, without waiting for it: RegDist @1 missing' \
        'EU IP 0x0040 \[[0-9a-f ]+\] \(W\) mov \(8\|M0\) r40.0<1>:ud r36.0<8;8,1>:ud: reads r36.0 \(byte\), which the out-of-order instruction at EU IP 0x0030 writes \(\$2\), without waiting for it: \$2.dst missing' \
        'EU IP 0x0060 \[[0-9a-f ]+\] \(W\) mov \(8\|M0\) r2.0<1>:ud 0x0:ud: overwrites r2.0 \(byte\), which the out-of-order instruction at EU IP 0x0050 \(\$3\) still reads, without waiting for it: \$3.src missing'; do
        grep -qE "^gtsim check swsb: kernel at GVA 0x100010000 \(hash [0-9a-f]{8}\), $re\$" "$case.log" || { echo "FAIL: no finding /$re/"; exit 1; }
    done
    # no SWSB on Gen9: the check has nothing to look at there
    loop_walker
    expect 0 '^gtsim check swsb: 0 findings in 0 kernels$' -- "$gtsim" run wl.aub --check=swsb ;;
walker-2e96) # 0xffffffff^3 thread groups of a 2-instruction kernel: refused at once on max_threads
    asm k2 "$hdr
$eot"
    "$mkaub" walker w96.aub k2.bin 0xffffffff 0xffffffff 0xffffffff || exit 1
    expect 1 'GPGPU_WALKER at batch 0x0*100000084: 79228162458924105385300197375 thread groups .*more than max_threads = 4294967296' \
        -- timeout 20 "$gtsim" run w96.aub ;;
walker-total) # 2^20 groups: the submission's EU instruction bound ends it, naming the walker and group
    asm k2 "$hdr
$eot"
    "$mkaub" walker w20.aub k2.bin 0x100000 1 1 || exit 1
    expect 1 'more than max_total_eu_instructions = 100000 .*' -- timeout 20 "$gtsim" run w20.aub \
        --max-total-eu-instructions 100000 --host-threads 1
    grep -qE 'in GPGPU_WALKER at batch 0x0*100000084, thread group \(50001, 0, 0\)' "$case.log" ||
        { echo "FAIL: no walker/group in the report"; exit 1; }
    # (groups 0..50000 ran 2 instructions each: 100002 > 100000 is seen before group 50001 is dispatched;
    # on one host thread: groups running in parallel may pass the bound a group or two later)
    # and the per-walker thread bound
    expect 1 '1048576 thread groups .* = 1048576 hardware threads, more than max_threads = 1000 per walker' \
        -- timeout 20 "$gtsim" run w20.aub --max-threads 1000 ;;
timeout) # an endless kernel against --timeout 0.5: ends on time with where it was
    asm kl "$hdr
L16:
(W) jmpi (1|M0) L16
$eot"
    "$mkaub" kernel kl.aub kl.bin || exit 1
    t0=$(date +%s%N)
    expect 1 'timeout: (the submission ran for [0-9]+ ms, more than timeout_ms = 500|the run took more than 0.5 s).*ip 0x10: `\(W\) jmpi' -- \
        timeout 20 "$gtsim" run kl.aub --max-eu-instructions 1000000000000 --timeout 0.5
    ms=$(( ($(date +%s%N) - t0) / 1000000 ))
    echo "stopped after $ms ms"
    [ "$ms" -lt 5000 ] || { echo "FAIL: took $ms ms"; exit 1; } ;;
sigterm|sigint) # a signal stops a running kernel within a second, with where it was
    sig=${case#sig}; sig=${sig^^}
    asm kl "$hdr
L16:
(W) jmpi (1|M0) L16
$eot"
    "$mkaub" kernel kl.aub kl.bin || exit 1
    "$gtsim" run kl.aub --max-eu-instructions 1000000000000 --progress >"$case.log" 2>&1 &
    pid=$!
    # wait until the kernel runs (the progress line shows the walker), at most 20 s
    for _ in $(seq 200); do grep -q '1 walkers' "$case.log" && break; sleep 0.1; done
    t0=$(date +%s%N)
    kill -"$sig" "$pid"
    wait "$pid"
    rc=$?
    ms=$(( ($(date +%s%N) - t0) / 1000000 ))
    cat "$case.log"
    echo "exit status $rc, stopped $ms ms after SIG$sig"
    want=$(( 128 + $(kill -l "$sig") ))
    [ "$rc" = "$want" ] || { echo "FAIL: exit status $rc, expected $want"; exit 1; }
    grep -qE "stopped by SIG$sig after .*interrupted.*ip 0x10: \`\(W\) jmpi" "$case.log" ||
        { echo "FAIL: no report of where it was"; exit 1; }
    grep -qE 'in GPGPU_WALKER at batch 0x0*100000084' "$case.log" || { echo "FAIL: no walker"; exit 1; }
    [ "$ms" -lt 1000 ] || { echo "FAIL: took $ms ms"; exit 1; } ;;
progress) # --progress draws one updating line (walkers, threads, EU instructions, elapsed); off when
    # stderr is not a terminal
    asm kl "$hdr
L16:
(W) jmpi (1|M0) L16
$eot"
    "$mkaub" kernel kl.aub kl.bin || exit 1
    expect 1 $'\r\e\\[Kgtsim: [01] walkers, [01] threads, [0-9.]+[MG]? EU instructions, [0-9]+\\.[0-9] s' -- \
        "$gtsim" run kl.aub --max-eu-instructions 1000000000000 --timeout 2 --progress
    grep -qE $'\r\e\\[Kgtsim: 1 walkers, 1 threads, [0-9.]+[MG]? EU instructions' "$case.log" ||
        { echo "FAIL: no progress line while the kernel ran"; exit 1; }
    expect 1 'timeout' -- "$gtsim" run kl.aub --max-eu-instructions 1000000000000 --timeout 1.2
    if grep -q 'EU instructions,' "$case.log"; then echo "FAIL: progress shown on a non-terminal"; exit 1; fi ;;
kernel-storm) # a kernel writing one DWord per 4 KiB page of a 1 GiB page: host memory limit, not a page fault
    asm ks "$hdr
mov (8|M0) r11.0<1>:uq 0x4000000000:uq
mov (8|M0) r19.0<1>:ud 0x7:ud
L48:
sends (8|M0) null:w r11 r19 0x4C 0x040681FF
add (8|M0) r11.0<1>:q r11.0<4;4,1>:q 0x1000:d
(W) jmpi (1|M0) L48
$eot"
    "$mkaub" kernel-1g ks.aub ks.bin || exit 1
    expect 1 'A64 scattered write: host memory limit: data port access at PPGTT address 0x40[0-9a-f]{8} .*of the 16777216 bytes allowed.*ip 0x30: `sends' \
        -- timeout 20 "$gtsim" run ks.aub --max-host-memory 16M
    if grep -q 'page fault' "$case.log"; then echo "FAIL: reported as a page fault"; exit 1; fi ;;
page-storm) # one-DWord writes to 1e6 distinct pages stop at the host memory budget
    "$mkaub" page-storm ps.aub 1000000 || exit 1
    gzip -1f ps.aub || exit 1
    expect 1 'host memory limit: writing 0x4 bytes at physical address 0x[0-9a-f]+ .* [0-9]+ of the 67108864 bytes allowed .*AUB record at file offset 0x[0-9a-f]+' \
        -- timeout 20 "$gtsim" run ps.aub.gz --max-host-memory 64M
    if grep -q 'page fault' "$case.log"; then echo "FAIL: reported as a page fault"; exit 1; fi ;;
dump-range) # --dump SIZE and VA checked: clear errors, no huge allocation
    "$mkaub" store s.aub || exit 1
    expect 2 'runs past the 48-bit GPU virtual address space' -- "$gtsim" run s.aub \
        --dump 0x100050000:18446744073709551615:o.bin
    expect 2 'runs past the 48-bit GPU virtual address space' -- "$gtsim" run s.aub --dump 0xffffffffffff0000:4:o.bin
    expect 2 "SIZE '-4' is not a byte count" -- "$gtsim" run s.aub --dump 0x100050000:-4:o.bin
    expect 2 "VA '-1' is not a number" -- "$gtsim" run s.aub --dump -1:4:o.bin
    expect 2 "SIZE '0' is not a byte count" -- "$gtsim" run s.aub --dump 0x100050000:0:o.bin
    expect 1 'not mapped' -- "$gtsim" run s.aub --dump 0x100050000:1G:o.bin
    expect 2 "--max-threads wants a whole number from 1" -- "$gtsim" run s.aub --max-threads 0
    expect 2 "--timeout wants seconds" -- "$gtsim" run s.aub --timeout nan
    expect 2 "--max-host-memory wants a byte count" -- "$gtsim" run s.aub --max-host-memory 99999999999T
    expect 0 '' -- "$gtsim" run s.aub --dump 0x100050000:4:o.bin --max-host-memory 16M --timeout 10 \
        --max-threads 1 --max-total-eu-instructions 1
    [ "$(od -An -tx4 o.bin | tr -d ' ')" = 600df00d ] || { echo "FAIL: stored $(od -An -tx4 o.bin)"; exit 1; } ;;
*)
    echo "unknown case $case"; exit 2 ;;
esac
