#!/usr/bin/env bash
# Benchmark (not a test): replays the benchmark workloads (bench/<name>/,
# captured by `tests/corpus/capture.sh --dir bench`) and every capture of
# the test corpus (tests/corpus/<name>/), each for Skylake and, from
# <name>/tgllp/, Tiger Lake, with an optimised build, checks
# each run's outputs against the CPU-computed expected bytes, and prints per
# workload: EU instructions, lane-ops (EU instructions x enabled channels),
# host CPU seconds executing (the executing thread's CPU time, so that other
# load on the host does not count), lane-ops per such second (from gtsim's
# own clock, finer than the printed seconds), the same work's lane-ops per
# second of wall time executing with one host thread and with one per host
# core (--host-threads N: thread groups on N host threads) and their ratio,
# peak host memory (the `gtsim run --stats` figures, tools/stats.c).  Best
# of REPEATS runs.
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
nthreads=$(nproc)
echo "host: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) cores"
echo "gtsim: $("$build/gtsim" --version 2>/dev/null | head -n1)"
echo "1 thread: CPU seconds of the executing thread and lane-ops per such second; wall: lane-ops"
echo "per second of wall time executing, with --host-threads 1 and --host-threads $nthreads"
printf '%-22s %12s %12s %9s %12s %10s %10s %7s %9s\n' workload "EU insts" lane-ops "CPU (s)" \
    "M/CPU s" "M/s wall1" "M/s wall$nthreads" scaling "peak MiB"
# field VALUE-LINE-PATTERN FIELD OUTPUT -> one field of a --stats line
field() { awk -v p="$1" -v f="$2" '$0 ~ p {v = $f; gsub(/[()]/, "", v); print v}' <<<"$3"; }
better() { [ -z "$2" ] || awk -v a="$1" -v b="$2" 'BEGIN{exit !(a>b)}'; }
fail=0
for dir in "${dirs[@]}"; do
    name=${dir#tests/}
    best="" best_secs=0 best_kib=0 wall1="" walln="" insts=0 lanes=0
    for _ in $(seq "$repeats"); do
        for t in 1 "$nthreads"; do
            if ! out=$("$build/gtsim" run "$dir/trace.aub.gz" --expect "$dir/expect.txt" --stats \
                --host-threads "$t" 2>&1); then
                echo "$name: FAILED (--host-threads $t)"; echo "$out" | grep -v '^PASS' | head -n5
                fail=1; continue 3
            fi
            wall=$(field '^host time' 9 "$out")
            if [ "$t" = 1 ]; then
                insts=$(field '^EU instructions' 3 "$out")
                lanes=$(field '^active channels' 3 "$out")
                rate=$(field '^host CPU executing' 6 "$out")
                if better "$rate" "$best"; then
                    best=$rate best_secs=$(field '^host CPU executing' 4 "$out")
                    best_kib=$(field '^peak host memory' 4 "$out")
                fi
                better "$wall" "$wall1" && wall1=$wall
            fi
            # (on a one-core host the second run is the first again)
            if [ "$t" = "$nthreads" ]; then better "$wall" "$walln" && walln=$wall; fi
        done
    done
    awk -v n="$name" -v i="$insts" -v l="$lanes" -v s="$best_secs" -v r="$best" -v w1="$wall1" \
        -v wn="$walln" -v k="$best_kib" \
        'BEGIN{printf "%-22s %12d %12d %9.3f %12.1f %10.1f %10.1f %6.2fx %9.1f\n", n, i, l, s, r, w1, wn,
               (w1 > 0 ? wn / w1 : 0), k/1024}'
done
exit $fail
