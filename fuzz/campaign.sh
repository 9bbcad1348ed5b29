#!/usr/bin/env bash
# Fuzz campaign (not part of the test command): builds the libFuzzer targets
# (clang, ASan+UBSan), makes their seeds (the hostile inputs of issue 9
# included), runs each target for SECONDS, one after the other, and prints
# per target: executions, coverage (libFuzzer's cov = edges, ft = features),
# corpus size and findings (crash-/leak-/timeout-/oom- files).
#   fuzz/campaign.sh SECONDS [BUILD_DIR]
# Results stay in BUILD_DIR/campaign-DATE/<target>/ (log, corpus, findings).
set -euo pipefail
secs=${1:?usage: fuzz/campaign.sh SECONDS [BUILD_DIR]}
[[ $secs =~ ^[1-9][0-9]*$ ]] || { echo "SECONDS must be a positive whole number" >&2; exit 2; }
src=$(cd "$(dirname "$0")/.." && pwd)
build=${2:-$src/build-fuzz}
stamp=$(date -u +%Y-%m-%dT%H:%M:%SZ)
out=$build/campaign-${stamp//:/}
CC=clang cmake -S "$src" -B "$build" -DGTSIM_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j2 --target fuzz_aub fuzz_eu fuzz_tbx mkaub >/dev/null
seeds=$build/fuzz/seeds
"$src/fuzz/make_seeds.sh" "$seeds" "$build/tests/replay/mkaub" "$src"/tests/corpus/*/kernels/*.isa >/dev/null
python3 "$src/tests/tbx/make_tbx_seeds.py" "$seeds/tbx" >/dev/null

echo "fuzz campaign $stamp, $secs s per target, $(git -C "$src" describe --always --dirty 2>/dev/null || echo '?')"
printf '%-9s %14s %10s %8s %8s %6s %8s\n' target executions exec/s cov ft corpus findings
for t in fuzz_aub fuzz_eu fuzz_tbx; do
    case $t in
    fuzz_aub) s=aub maxlen=65536 ;;
    fuzz_eu) s=eu maxlen=4096 ;;
    fuzz_tbx) s=tbx maxlen=8192 ;;
    esac
    dir=$out/$t
    mkdir -p "$dir/corpus" "$dir/findings"
    # -timeout: an input running 20 s is a finding (the targets set small work bounds)
    "$build/fuzz/$t" -max_total_time="$secs" -max_len="$maxlen" -timeout=20 -rss_limit_mb=2560 \
        -print_final_stats=1 -artifact_prefix="$dir/findings/" "$dir/corpus" "$seeds/$s" \
        >"$dir/log" 2>&1 || true
    execs=$(awk '/stat::number_of_executed_units/ {print $2}' "$dir/log" | tail -1)
    rate=$(awk '/stat::average_exec_per_sec/ {print $2}' "$dir/log" | tail -1)
    last=$(grep -E '^#[0-9]+' "$dir/log" | tail -1 || true)
    cov=$(sed -nE 's/.* cov: ([0-9]+).*/\1/p' <<<"$last")
    ft=$(sed -nE 's/.* ft: ([0-9]+).*/\1/p' <<<"$last")
    corp=$(sed -nE 's/.* corp: ([0-9]+).*/\1/p' <<<"$last")
    findings=$(find "$dir/findings" -type f | wc -l)
    printf '%-9s %14s %10s %8s %8s %6s %8s\n' "$t" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" \
        "${corp:-?}" "$findings"
done
echo "logs, corpora and findings: $out"
