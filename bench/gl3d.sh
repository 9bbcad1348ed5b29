#!/usr/bin/env bash
# 3D benchmark (not a test): the fixed scene of bench/src/gl3d_scene.c (a
# full-screen textured quad behind TRIS small triangles, depth test, FRAMES
# frames of 256x256) through Mesa's iris on gtsim (`gtsim exec`, skl and
# tgllp), printing host time, vertices per second and pixels per second.
# Pixels = the samples that pass the depth test, counted by an occlusion
# query on llvmpipe (the same scene); the final image's checksum must match
# llvmpipe's.  TEX = 0 colours the quad instead of texturing it.
#   bench/gl3d.sh [BUILD_DIR] [FRAMES] [TRIS] [TEX]      (defaults build, 1, 1000, 1)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
frames=${2:-1}
tris=${3:-1000}
tex=${4:-1}
cmake --build "$build" -j2 --target gtsim >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc -std=c11 -O2 bench/src/gl3d_scene.c -o "$work/gl3d_scene" -lEGL -lOpenGL
ref=$(env -u INTEL_DEBUG LIBGL_ALWAYS_SOFTWARE=1 "$work/gl3d_scene" "$frames" "$tris" 1 "$tex")
read -r _ verts _ samples _ refsum <<<"$ref"
echo "host: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'); gtsim runs on one core"
echo "scene: $frames frame(s) of 256x256, $tris triangles + a quad (textured: $tex): $verts vertices, $samples samples pass"
printf '%-8s %10s %12s %12s %14s %s\n' platform "host (s)" "CPU exec (s)" "vertices/s" "pixels/s" image
for platform in skl tgllp; do
    t0=$(date +%s.%N)
    out=$(INTEL_DEBUG=noccs,nohiz "$build/gtsim" exec --stats --platform "$platform" -- \
        "$work/gl3d_scene" "$frames" "$tris" 0 "$tex" 2>&1) || { echo "$platform: FAILED"; echo "$out" | tail -3; continue; }
    t1=$(date +%s.%N)
    sum=$(sed -nE 's/^vertices [0-9]+ samples [0-9]+ checksum ([0-9]+).*/\1/p' <<<"$out")
    cpu=$(sed -nE 's/.*host CPU executing ([0-9.]+) s.*/\1/p' <<<"$out" | tail -1)
    host=$(echo "$t1 - $t0" | bc -l)
    awk -v p="$platform" -v h="$host" -v c="${cpu:-0}" -v v="$verts" -v s="$samples" \
        -v img="$([ "$sum" = "$refsum" ] && echo "= llvmpipe" || echo "DIFFERS from llvmpipe")" \
        'BEGIN { printf "%-8s %10.2f %12.2f %12.0f %14.0f %s\n", p, h, c, v / h, s / h, img }'
done
