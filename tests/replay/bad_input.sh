#!/usr/bin/env bash
# Bad-input cases: each must give a clear message (what and where), a
# non-zero exit status, and no crash (no signal, no sanitizer report).
#   bad_input.sh GTSIM MKAUB WORKDIR CASE
set -uo pipefail
gtsim=$1 mkaub=$2 work=$3 case=$4
mkdir -p "$work" && cd "$work" || exit 2

asm() { # name, IGA assembly text -> name.bin (assembled by Intel's iga64)
    printf '%s\n' "$2" >"$1.asm"
    iga64 -p=9 -a "$1.asm" -o "$1.bin" || { echo "iga64 failed on $1.asm"; exit 1; }
}
eot='(W) send (8|M0) null r127 0x27 0x02000010 {EOT}'
hdr='(W) mov (8|M0) r127.0<1>:ud r0.0<8;8,1>:ud'

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
kernel-illegal)
    asm ki "$hdr"
    python3 - <<'PY' || exit 1
code = open('ki.bin', 'rb').read()
illegal = bytes([0x7f]) + bytes(15)  # opcode 0x7f is reserved
open('ki.bin', 'wb').write(code + illegal + bytes.fromhex('3100600704020020e00f000610000082'))
PY
    "$mkaub" kernel ki.aub ki.bin || exit 1
    expect 1 '[Ii]llegal.*0x0*10\b' -- "$gtsim" run ki.aub ;;
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
*)
    echo "unknown case $case"; exit 2 ;;
esac
