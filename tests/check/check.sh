#!/usr/bin/env bash
# The kernel checks on real driver output: tests/check/defects.c (OpenCL,
# Intel's compiler and runtime) through `gtsim exec --check=all` on
# GTSIM_TEST_PLATFORM (default skl), via the i915 device (tbx: via TBX).
# Expected findings are derived from the kernels' source (defects.c): the
# lanes and byte offsets each work-item's access reaches.
#   check.sh GTSIM WORKDIR CASE
set -uo pipefail
gtsim=$1 work=$2 case=$3
platform=${GTSIM_TEST_PLATFORM:-skl}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work"
cc=${CC_FOR_LIVE_TESTS:-cc}
fail() { echo "FAIL: $*"; exit 1; }
prog=$work/defects
# (cases running at once may each build it; the rename is atomic)
if [ ! -x "$prog" ] || [ "$here/defects.c" -nt "$prog" ]; then
    "$cc" -std=c11 -D_GNU_SOURCE -O2 -Wall -Wextra "$here/defects.c" -o "$prog.$$" -lOpenCL -lm ||
        fail "cannot build defects.c (needs ocl-icd-opencl-dev, opencl-headers)"
    mv -f "$prog.$$" "$prog"
fi
log=$work/$case.log
# run WANT_STATUS [exec options] -- CASE
run() {
    local want=$1
    shift
    timeout 600 "$gtsim" exec --platform "$platform" "$@" >"$log" 2>&1
    local rc=$?
    cat "$log"
    [ "$rc" = "$want" ] || fail "exit status $rc, expected $want"
}
has() { grep -qE -- "$1" "$log" || fail "no line matches /$1/"; }
count() { [ "$(grep -cE -- "$1" "$log")" = "$2" ] || fail "$(grep -cE -- "$1" "$log") lines match /$1/, expected $2"; }
# a finding's head: kernel GVA and hash, EU IP, raw instruction bytes, disassembly
head_re='kernel at GVA 0x[0-9a-f]+ \(hash [0-9a-f]{8}\), EU IP 0x[0-9a-f]{4} \[[0-9a-f]{8}( [0-9a-f]{8}){1,3}\] [^:]*send'
# summary BOUNDS KERNELS BARRIER KERNELS SLM-RACE KERNELS: the --check=all summary lines
# (IGC's code is clean of software-scoreboard and uninitialised-read findings: on tgllp
# its SWSB annotations are checked, skl has none to check)
summary() {
    has "^gtsim check bounds: $1 findings? in $2 kernels?\$"
    has "^gtsim check barrier: $3 findings? in $4 kernels?\$"
    has "^gtsim check slm-race: $5 findings? in $6 kernels?\$"
    has "^gtsim check swsb: 0 findings in 0 kernels\$"
    has "^gtsim check uninit: 0 findings in 0 kernels\$"
}

case $case in
clean) # a reduction with SLM and barriers: no finding, exit 0 and the right sums
    run 0 --check=all -- "$prog" clean
    has '^ran clean$'
    summary 0 0 0 0 0 0 ;;
oob-global) # lanes 4..15 write 0x100..0x12c of the 256-byte buffer: the first 10 reported, 12 counted
    run 3 --check=all -- "$prog" oob-global
    for l in 4 5 6 7 8 9 10 11 12 13; do
        has "^gtsim check bounds: $head_re.*: lane $l: untyped surface write of 4 bytes at offset $(printf '0x%x' $((256 + 4 * (l - 4)))) \(GVA 0x[0-9a-f]+\) of BTI [0-9]+, a buffer surface of 256 bytes at GVA 0x[0-9a-f]+\$"
    done
    count '^gtsim check bounds: kernel' 10
    has '^gtsim check bounds: 10 findings reported in this kernel; further ones are only counted$'
    summary 12 1 0 0 0 0
    # off by default: the same program exits 0 with no check output
    run 0 -- "$prog" oob-global
    ! grep -q 'gtsim check' "$log" || fail "a check ran though none was asked for"
    run 2 --check=bounds,nonsense -- "$prog" oob-global
    has "unknown check 'nonsense' \(names: bounds, barrier, slm-race, swsb, uninit, all\)" ;;
oob-local) # tile[lid + 4096]: SLM byte offsets 0x4000 + 4 x lane, past the group's SLM, every lane
    run 3 --check=all -- "$prog" oob-local
    has "^gtsim check bounds: $head_re.*: lane 0: untyped surface write of 4 bytes at SLM offset 0x4000, past the thread group's [0-9]+ bytes of SLM\$"
    has "^gtsim check bounds: $head_re.*: lane 9: untyped surface write of 4 bytes at SLM offset 0x4024, past"
    summary 16 1 0 0 0 0 ;;
oob-stateless) # an A64 store 1 GiB past the buffer: a finding, then the page fault that hangs the GPU
    run 3 --check=bounds -- "$prog" oob-stateless
    has "^gtsim check bounds: $head_re.*: lane 0: A64 scattered write of 4 bytes at GVA 0x[0-9a-f]+ \(A64\), in no mapped allocation: a GPU page fault\$"
    has 'GPU hang on context [0-9]+ .*GPU page fault'
    has '^gtsim check bounds: 1 finding in 1 kernel$' ;;
slm-race) # thread 1 writes tile[16..31], which thread 0's lanes read (lane i: tile[i ^ 16]), then
    # reads tile[0..15], which thread 0 wrote: 16 + 16 races, none within a thread
    run 3 --check=all -- "$prog" slm-race
    for l in 0 9; do
        has "^gtsim check slm-race: $head_re.*: lane $l of thread 1 \(work-item $((16 + l))\) (writes SLM bytes $(printf '0x%x..0x%x' $((64 + 4 * l)) $((67 + 4 * l))) \(untyped surface write\), which lane $l of thread 0 \(work-item $l\) at EU IP 0x[0-9a-f]{4} read|reads SLM bytes $(printf '0x%x..0x%x' $((4 * l)) $((3 + 4 * l))) \(untyped surface read\), which lane $l of thread 0 \(work-item $l\) at EU IP 0x[0-9a-f]{4} wrote), with no barrier between\$"
    done
    summary 0 0 0 0 32 1 ;;
barrier-divergent) # a barrier only odd work-items reach: channels 0, 2, ... 14 disabled
    run 3 --check=barrier -- "$prog" barrier-divergent
    has "^gtsim check barrier: $head_re.*: barrier in divergent control flow: channels 0x5555 of the thread's 0xffff are disabled"
    has '^gtsim check barrier: 1 finding in 1 kernel$'
    ! grep -q 'gtsim check bounds' "$log" || fail "bounds ran with --check=barrier" ;;
barrier-exit) # the second thread (work-items 16..31) ends while the first waits at the barrier
    run 3 --check=all -- "$prog" barrier-exit
    has "^gtsim check barrier: $head_re.*\{EOT.*: thread ends \(EOT\) while 1 of the 2 threads of its group wait at a barrier \(one at EU IP 0x[0-9a-f]{4}\)"
    has 'barrier deadlock: 1 of 2 threads are waiting'
    summary 0 0 1 1 0 0 ;;
tbx) # the same through Intel's runtime in TBX mode (gtsim exec --via tbx: the server's devices)
    run 3 --via tbx --check=all -- "$prog" oob-global
    has ": client 1: gtsim check bounds: 12 findings in 1 kernel$"
    has "^gtsim check bounds: $head_re.*: lane 4: untyped surface write of 4 bytes at offset 0x100 "
    run 0 --via tbx --check=all -- "$prog" clean
    has ": client 1: gtsim check bounds: 0 findings in 0 kernels$" ;;
*) fail "unknown case $case" ;;
esac
echo "ok: check $case ($platform)"
