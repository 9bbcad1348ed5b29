#!/usr/bin/env bash
# Every kernel under tests/corpus/*/kernels/*.isa, plus kernels compiled here
# from tests/eudisasm/kernels.cl with ocloc, must disassemble with gtsim
# exactly as `iga64 -p=9 -d` does (runs of whitespace normalised).
# usage: kernels.sh GTDIS SRCDIR [--ignore-send-comments]
set -euo pipefail
gtdis=$1 src=$2 ignore=${3:-}
command -v iga64 >/dev/null || { echo "kernels.sh: iga64 missing (libigc-tools)"; exit 2; }
command -v ocloc >/dev/null || { echo "kernels.sh: ocloc missing (intel-opencl-icd)"; exit 2; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
norm() { sed -E 's/[[:space:]]+/ /g;s/^ //;s/ $//;/^$/d' | { if [ -n "$ignore" ]; then sed -E 's# //.*##'; else cat; fi; }; }
# Kernels from our own OpenCL source (raw code cut at KernelUnpaddedSize).
cp "$src/tests/eudisasm/kernels.cl" "$tmp/k.cl"
(cd "$tmp" && ocloc compile -q -file k.cl -device skl >/dev/null && ocloc disasm -file k_Gen9core.bin -dump dump >/dev/null 2>&1) || true
kernels=()
if [ -f "$tmp/dump/PTM.txt" ]; then
    awk '$2=="KernelUnpaddedSize"{s=$3} $1=="KernelName"{print $2, s}' "$tmp/dump/PTM.txt" | while read -r name size; do
        head -c "$size" "$tmp/dump/${name}_KernelHeap.dat" > "$tmp/$name.isa"
    done
fi
for f in "$tmp"/*.isa "$src"/tests/corpus/*/kernels/*.isa; do [ -f "$f" ] && kernels+=("$f"); done
[ ${#kernels[@]} -gt 0 ] || { echo "kernels.sh: no kernels to test"; exit 1; }
fail=0 n=0
for k in "${kernels[@]}"; do
    n=$((n + 1))
    if ! diff <(iga64 -p=9 -d "$k" | norm) <("$gtdis" "$k" | norm) > "$tmp/diff"; then
        echo "MISMATCH in $k:"; head -20 "$tmp/diff"; fail=$((fail + 1))
    fi
done
echo "kernels.sh: $n kernels, $fail mismatching"
[ $fail -eq 0 ]
