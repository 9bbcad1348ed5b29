#!/usr/bin/env bash
# OpenCL built-in tests on the simulated GPU: builds tests/ocl/NAME.c (with
# the shared oclt.h) and runs it through `gtsim exec --via V --platform P` (P =
# GTSIM_TEST_PLATFORM, default skl; V = GTSIM_TEST_VIA, default tbx), i.e.
# Intel's OpenCL runtime in TBX mode (or on the simulated i915 device)
# compiling the kernels with IGC and sending them to gtsim.  The program
# compares every result with the CPU and prints "PASS NAME ..." or
# "FAIL NAME ..." with the first mismatches.
# A missing compiler, header, library or runtime makes the test fail.
#   run.sh GTSIM WORKDIR NAME
set -uo pipefail
gtsim=$1 work=$2 name=$3
platform=${GTSIM_TEST_PLATFORM:-skl}
via=${GTSIM_TEST_VIA:-tbx}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work"
cc=${CC_FOR_LIVE_TESTS:-cc}
fail() { echo "FAIL: $*"; exit 1; }

# Not sanitized: the OpenCL runtime is loaded into it.
"$cc" -std=c11 -D_GNU_SOURCE -O2 -ffp-contract=off -Wall -Wextra "$here/$name.c" -o "$work/$name" -lOpenCL -lm ||
    fail "cannot build $name (needs ocl-icd-opencl-dev, opencl-headers)"
timeout 600 "$gtsim" exec -v --stats --via "$via" --platform "$platform" -- "$work/$name" "$here" \
    >"$work/$name.out" 2>"$work/$name.err"
rc=$?
# Failures and the summary first, then everything.
grep -v '^ok ' "$work/$name.out" | head -150
grep -v ': client [0-9]*: ' "$work/$name.err" | grep -v 'connected' >&2
grep -E ': client 1: ' "$work/$name.err"
if [ "$via" = tbx ]; then
    grep -q 'client 1 connected' "$work/$name.err" || fail "the program never connected to the server"
    ran=': client 1: device ran [0-9]+ commands, [1-9][0-9]* walkers'
else
    ran='^gtsim-i915: device ran [0-9]+ commands, [1-9][0-9]* walkers'
fi
[ $rc -eq 0 ] || fail "$name exited with status $rc"
grep -q "^PASS $name " "$work/$name.out" || fail "$name did not print 'PASS $name'"
grep -Eq "$ran" "$work/$name.err" || fail "the simulated GPU ran no walker"
echo "ok: $name ($(grep -c '^ok ' "$work/$name.out") cases passed)"
