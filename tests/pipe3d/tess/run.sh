#!/usr/bin/env bash
# Tessellation through Mesa's iris on gtsim against llvmpipe: builds
# gl_tess.c, renders with LIBGL_ALWAYS_SOFTWARE=1 (the reference) and
# through `gtsim exec --platform PLATFORM`, compares the images.
#   run.sh GTSIM CMP_RGBA WORKDIR PLATFORM
# Allowed: colours within 2 per channel; at most 6 coverage differences
# (line ends and point centres on pixel boundaries, where gtsim's
# rasterizer and llvmpipe's round differently).  A missing compiler,
# header or library makes the test fail, never skip.
set -uo pipefail
gtsim=$1 cmp=$2 work=$3 platform=$4
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work"
cc=${CC_FOR_LIVE_TESTS:-cc}
"$cc" -std=c11 -O1 "$here/gl_tess.c" -o "$work/gl_tess" -lEGL -lGLESv2 ||
    { echo "FAIL: cannot build gl_tess (needs libegl-dev, libgles-dev)"; exit 1; }
LIBGL_ALWAYS_SOFTWARE=1 timeout 300 "$work/gl_tess" "$work/ref.rgba" || { echo "FAIL: llvmpipe run"; exit 1; }
INTEL_DEBUG=noccs,nohiz timeout 600 "$gtsim" exec --platform "$platform" -- "$work/gl_tess" "$work/$platform.rgba" \
    >"$work/$platform.out" 2>"$work/$platform.err"
rc=$?
cat "$work/$platform.out"
[ $rc -eq 0 ] || { echo "FAIL: gtsim exec exited with $rc"; tail -20 "$work/$platform.err"; exit 1; }
grep -q "^PASS gl_tess" "$work/$platform.out" || { echo "FAIL: gl_tess did not pass"; exit 1; }
"$cmp" "$work/ref.rgba" "$work/$platform.rgba" 128 2 6
