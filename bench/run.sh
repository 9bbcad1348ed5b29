#!/usr/bin/env bash
# Benchmark (not a test): replays the benchmark workloads (bench/<name>/,
# captured by `tests/corpus/capture.sh --dir bench`) and every capture of
# the test corpus (tests/corpus/<name>/), each for Skylake and, from
# <name>/tgllp/, Tiger Lake, with an optimised build, checks
# each run's outputs against the CPU-computed expected bytes, and prints per
# workload: EU instructions, lane-ops (EU instructions x enabled channels),
# host CPU seconds executing (the executing thread's CPU time, so that other
# load on the host does not count), lane-ops per such second (from gtsim's
# own clock, finer than the printed seconds), peak host memory (the
# `gtsim run --stats` figures, tools/stats.c).  Best of REPEATS runs.
#   bench/run.sh [BUILD_DIR] [REPEATS] [NAME...]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-bench}
repeats=${2:-3}
shift $(($# > 2 ? 2 : $#))
cmake -S . -B "$build" -G "Unix Makefiles" -DCMAKE_BUILD_TYPE=Release -DGTSIM_BUILD_TESTS=OFF >/dev/null
cmake --build "$build" -j"$(nproc)" --target gtsim >/dev/null
dirs=()
if [ $# -gt 0 ]; then
    for name in "$@"; do
        if [ -d "bench/$name" ]; then dirs+=("bench/$name"); else dirs+=("tests/corpus/$name"); fi
    done
else
    for d in bench/*/trace.aub.gz bench/*/tgllp/trace.aub.gz tests/corpus/*/trace.aub.gz \
        tests/corpus/*/tgllp/trace.aub.gz; do
        dirs+=("$(dirname "$d")")
    done
fi
echo "host: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) cores; gtsim runs on one core"
echo "gtsim: $("$build/gtsim" --version 2>/dev/null | head -n1)"
printf '%-22s %12s %12s %10s %12s %10s\n' workload "EU insts" lane-ops "CPU (s)" "M lane-ops/s" "peak MiB"
fail=0
for dir in "${dirs[@]}"; do
    name=${dir#tests/}
    best="" best_secs=0 insts=0 lanes=0 best_kib=0
    for _ in $(seq "$repeats"); do
        if ! out=$("$build/gtsim" run "$dir/trace.aub.gz" --expect "$dir/expect.txt" --stats 2>&1); then
            echo "$name: FAILED"; echo "$out" | grep -v '^PASS' | head -n5; fail=1; continue 2
        fi
        insts=$(awk '/^EU instructions/ {print $3}' <<<"$out")
        lanes=$(awk '/^active channels/ {print $3}' <<<"$out")
        secs=$(awk '/^host CPU executing/ {print $4}' <<<"$out")
        rate=$(awk '/^host CPU executing/ {sub(/\(/, "", $6); print $6}' <<<"$out")
        kib=$(awk '/^peak host memory/ {print $4}' <<<"$out")
        if [ -z "$best" ] || awk -v a="$rate" -v b="$best" 'BEGIN{exit !(a>b)}'; then
            best=$rate best_secs=$secs best_kib=$kib
        fi
    done
    awk -v n="$name" -v i="$insts" -v l="$lanes" -v s="$best_secs" -v r="$best" -v k="$best_kib" \
        'BEGIN{printf "%-22s %12d %12d %10.3f %12.1f %10.1f\n", n, i, l, s, r, k/1024}'
done
exit $fail
