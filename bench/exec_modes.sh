#!/usr/bin/env bash
# Benchmark (not a test): wall time of every tests/corpus program run live
# through `gtsim exec` in each mode, i915 (libgtsim-i915.so in the program)
# beside tbx (Intel's runtime in TBX mode and a private server), best of
# REPEATS runs each; each run must print its PASS line.  Most of a corpus
# program's time is the runtime compiling its kernel, the same in both modes.
#   bench/exec_modes.sh [BUILD_DIR] [REPEATS] [PLATFORM]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-bench}
repeats=${2:-3}
platform=${3:-skl}
cmake -S . -B "$build" -G "Unix Makefiles" -DCMAKE_BUILD_TYPE=Release -DGTSIM_BUILD_TESTS=OFF >/dev/null
cmake --build "$build" -j"$(nproc)" --target gtsim >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '%-10s %10s %10s\n' program "tbx s" "i915 s"
for src in tests/corpus/src/*.c; do
    name=$(basename "$src" .c)
    cc -std=c11 -D_GNU_SOURCE -O2 -ffp-contract=off "$src" -o "$work/$name" -lOpenCL -lm
    row=$name
    for via in tbx i915; do
        best=
        for ((r = 0; r < repeats; r++)); do
            t0=$(date +%s%N)
            "$build/gtsim" exec --via "$via" --platform "$platform" -- "$work/$name" tests/corpus/src \
                >"$work/out" 2>"$work/err" || { cat "$work/err" >&2; echo "$name failed via $via" >&2; exit 1; }
            t1=$(date +%s%N)
            grep -qx "PASS $name" "$work/out" || { echo "$name did not pass via $via" >&2; exit 1; }
            t=$(((t1 - t0) / 1000000))
            if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi
        done
        row+=$(printf ' %10d.%03d' $((best / 1000)) $((best % 1000)))
    done
    echo "$row" | awk '{printf "%-10s %10s %10s\n", $1, $2, $3}'
done
