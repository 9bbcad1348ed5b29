#!/usr/bin/env bash
# Benchmark (not a test): replays the heaviest corpus captures with an
# optimised build and prints simulated lane-ops per second (EU instructions
# executed x enabled channels, per host second) and peak host memory.
#   bench/run.sh [BUILD_DIR] [REPEATS]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-bench}
repeats=${2:-3}
cmake -S . -B "$build" -G "Unix Makefiles" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j"$(nproc)" --target gtsim >/dev/null
echo "host: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) cores; gtsim runs on one core"
printf '%-10s %12s %12s %10s %10s %14s %14s\n' capture instructions lane-ops "total (s)" "exec (s)" "M lane-ops/s" "peak mem (MiB)"
for name in matmul mandel; do
    trace=tests/corpus/$name/trace.aub.gz
    [ -f "$trace" ] || { echo "missing $trace"; exit 1; }
    trace_mib=$(gzip -dc "$trace" | wc -c | awk '{printf "%.1f", $1/1048576}')
    best=""
    for _ in $(seq "$repeats"); do
        out=$("$build/gtsim" run "$trace" --check "tests/corpus/$name/expect.txt" --stats)
        insts=$(awk '/^EU instructions/ {print $3}' <<<"$out")
        lanes=$(awk '/^active channels/ {print $3}' <<<"$out")
        total=$(awk '/^host time/ {print $3}' <<<"$out")
        secs=$(awk '/^host time/ {print $6}' <<<"$out")
        kib=$(awk '/^peak host memory/ {print $4}' <<<"$out")
        if [ -z "$best" ] || awk -v a="$secs" -v b="$best" 'BEGIN{exit !(a<b)}'; then
            best=$secs best_kib=$kib best_total=$total
        fi
    done
    awk -v n="$name" -v i="$insts" -v l="$lanes" -v t="$best_total" -v s="$best" -v k="$best_kib" \
        'BEGIN{printf "%-10s %12d %12d %10.3f %10.4f %14.1f %14.1f\n", n, i, l, t, s, (s>0?l/s/1e6:0), k/1024}'
    echo "           (trace: $trace_mib MiB uncompressed)"
done
