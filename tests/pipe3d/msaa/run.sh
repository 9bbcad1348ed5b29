#!/usr/bin/env bash
# Multisampling through Mesa's iris on gtsim: builds gl_msaa.c, renders
# 2x, 4x, 8x and 16x through `gtsim exec --platform PLATFORM` (each run checks
# its position-independent pixels against hand-computed values and must
# print PASS), and compares the 4x image with llvmpipe's (llvmpipe supports
# 4x only, with the standard sample positions 3DSTATE_SAMPLE_PATTERN
# programs) pixel for pixel: colours within 1 per channel (the resolve's
# average rounds differently), no coverage differences.
#   run.sh GTSIM CMP_RGBA WORKDIR PLATFORM
# A missing compiler, header or library makes the test fail, never skip.
set -uo pipefail
gtsim=$1 cmp=$2 work=$3 platform=$4
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work"
cc=${CC_FOR_LIVE_TESTS:-cc}
"$cc" -std=c11 -O1 "$here/gl_msaa.c" -o "$work/gl_msaa" -lEGL -lGLESv2 -lm ||
    { echo "FAIL: cannot build gl_msaa (needs libegl-dev, libgles-dev)"; exit 1; }
LIBGL_ALWAYS_SOFTWARE=1 timeout 300 "$work/gl_msaa" "$work/ref4.rgba" 4 || { echo "FAIL: llvmpipe run"; exit 1; }
for n in 2 4 8 16; do
    INTEL_DEBUG=noccs,nohiz timeout 600 "$gtsim" exec --platform "$platform" -- "$work/gl_msaa" \
        "$work/$platform.$n.rgba" "$n" >"$work/$platform.$n.out" 2>"$work/$platform.$n.err"
    rc=$?
    cat "$work/$platform.$n.out"
    [ $rc -eq 0 ] || { echo "FAIL: gtsim exec ${n}x exited with $rc"; tail -20 "$work/$platform.$n.err"; exit 1; }
    grep -q "^PASS gl_msaa" "$work/$platform.$n.out" || { echo "FAIL: gl_msaa ${n}x did not pass"; exit 1; }
done
"$cmp" "$work/ref4.rgba" "$work/$platform.4.rgba" 64 1 0
