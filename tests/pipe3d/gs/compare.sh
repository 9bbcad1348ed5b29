#!/usr/bin/env bash
# Geometry shaders and transform feedback against llvmpipe: gs_xfb.c (see its
# header for the cases) runs under llvmpipe (LIBGL_ALWAYS_SOFTWARE=1), then
# through gtsim's i915 device on skl and tgllp (iris, INTEL_DEBUG=noccs,nohiz);
# the printed captures, query results and image digests must be identical.
#   compare.sh GTSIM WORKDIR
set -uo pipefail
gtsim=$1 work=$2
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work"
fail() { echo "FAIL: $*"; exit 1; }
cc=${CC_FOR_LIVE_TESTS:-cc}
"$cc" -std=c11 -O2 "$here/gs_xfb.c" -o "$work/gs_xfb" -lEGL -lOpenGL ||
    fail "cannot build gs_xfb.c (needs libegl-dev, libopengl-dev)"
LIBGL_ALWAYS_SOFTWARE=1 "$work/gs_xfb" >"$work/llvmpipe.out" 2>"$work/llvmpipe.err" ||
    fail "gs_xfb under llvmpipe failed: $(tail -3 "$work/llvmpipe.err")"
grep -qx DONE "$work/llvmpipe.out" || fail "gs_xfb under llvmpipe did not finish"
grep -q FAIL "$work/llvmpipe.out" && fail "gs_xfb under llvmpipe: $(grep FAIL "$work/llvmpipe.out" | head -1)"
for platform in skl tgllp; do
    log=$work/$platform
    timeout 600 env -u NEOReadDebugKeys -u SetCommandStreamReceiver -u ProductFamilyOverride \
        INTEL_DEBUG=noccs,nohiz "$gtsim" exec --via i915 --platform "$platform" -- "$work/gs_xfb" \
        >"$log.out" 2>"$log.err"
    rc=$?
    [ $rc -eq 0 ] || fail "$platform: gs_xfb exited with status $rc: $(tail -5 "$log.err")"
    if ! diff -u "$work/llvmpipe.out" "$log.out" >"$log.diff"; then
        head -40 "$log.diff"
        fail "$platform: gs_xfb differs from llvmpipe"
    fi
    echo "$platform: $(grep -c . "$log.out") lines as llvmpipe"
done
echo "PASS p3d_gs_xfb"
