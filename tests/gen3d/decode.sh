#!/usr/bin/env bash
# The command trace of real iris batches decodes by name: tests/gen3d/egl_draw.c
# (an OpenGL ES draw) through the i915 device with --trace-commands, on skl
# and tgllp; every command line names a known command, none is unknown or
# unimplemented, and the draw's commands (3DPRIMITIVE, 3DSTATE_VS/PS/SBE,
# 3DSTATE_VERTEX_ELEMENTS) are there with their fields.
#   decode.sh GTSIM WORKDIR
set -uo pipefail
gtsim=$1 work=$2
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work"
fail() { echo "FAIL: $*"; exit 1; }
cc=${CC_FOR_LIVE_TESTS:-cc}
"$cc" -std=c11 -O2 "$here/egl_draw.c" -o "$work/egl_draw" -lEGL -lGLESv2 ||
    fail "cannot build egl_draw.c (needs libegl-dev, libgles-dev)"
for platform in skl tgllp; do
    log=$work/$platform
    timeout 600 env -u NEOReadDebugKeys -u SetCommandStreamReceiver -u ProductFamilyOverride \
        "$gtsim" exec --trace-commands --via i915 --platform "$platform" -- "$work/egl_draw" \
        >"$log.out" 2>"$log.err"
    rc=$?
    [ $rc -eq 0 ] || fail "$platform: egl_draw exited with status $rc"
    grep -qx "PASS egl_draw" "$log.out" || fail "$platform: egl_draw did not print 'PASS egl_draw'"
    grep -q '^cs: ' "$log.err" || fail "$platform: no command trace"
    if grep -E '^cs: .*(unknown command|not implemented)' "$log.err"; then
        fail "$platform: a command did not decode"
    fi
    bad=$(grep '^cs: ' "$log.err" | grep -vE '^cs: [^:]*: ([A-Z0-9_]+)( |$)' | grep -vE '^cs: (context|ring) ' | head -3)
    [ -z "$bad" ] || fail "$platform: trace lines without a command name: $bad"
    for c in 3DPRIMITIVE 3DSTATE_VS 3DSTATE_PS 3DSTATE_SBE 3DSTATE_VERTEX_ELEMENTS 3DSTATE_VERTEX_BUFFERS; do
        grep -qE "^cs: [^:]*: $c " "$log.err" || fail "$platform: no decoded $c in the trace"
    done
    grep -qE '^cs: [^:]*: 3DPRIMITIVE .*Vertex Count Per Instance=3' "$log.err" ||
        fail "$platform: 3DPRIMITIVE does not show Vertex Count Per Instance=3"
    grep -qE '^cs: [^:]*: 3DSTATE_VERTEX_ELEMENTS .*\[.*Valid' "$log.err" ||
        fail "$platform: 3DSTATE_VERTEX_ELEMENTS shows no VERTEX_ELEMENT_STATE entries"
    echo "$platform: $(grep -cE '^cs: [^:]*: 3D' "$log.err") 3D commands decoded"
done
echo "PASS gen3d_decode"
