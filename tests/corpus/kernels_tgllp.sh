#!/usr/bin/env bash
# Regenerates tests/corpus/<name>/kernels_tgllp/<kernel>.isa: each corpus
# kernel compiled for Tiger Lake (Gen12LP) with the same source and build
# options as its Skylake kernels (<name>/build.txt, less -DHAVE_FP64): `ocloc compile -device
# tgllp`, `ocloc disasm -dump`, then the first KernelUnpaddedSize bytes of
# <kernel>_KernelHeap.dat (PTM.txt), as capture.sh does for skl.  There is
# no tgllp trace yet (issue 10): these feed the disassembly test
# (tests/eudisasm/kernels12.sh, against iga64 -p=12p1 -d).
# usage: tests/corpus/kernels_tgllp.sh        Needs: ocloc (intel-opencl-icd)
set -euo pipefail
corpus=$(cd "$(dirname "$0")" && pwd)
command -v ocloc >/dev/null || { echo "kernels_tgllp.sh: ocloc missing (intel-opencl-icd)" >&2; exit 2; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
for bt in "$corpus"/*/build.txt; do
    dest=$(dirname "$bt")/kernels_tgllp
    rm -rf "$dest"; mkdir -p "$dest"
    while read -r clfile opts; do
        stem=$(basename "$clfile" .cl)
        d=$work/$(basename "$(dirname "$bt")")_$stem; mkdir -p "$d"
        cp "$corpus/src/$clfile" "$d/$stem.cl"
        # Tiger Lake has no fp64: the host programs then build without
        # -DHAVE_FP64 (src/i64dbl.c: c.fp64 ? "-DHAVE_FP64" : ""), so do we.
        opts=${opts//-DHAVE_FP64/}; opts=${opts## }
        optargs=(); [ -n "$opts" ] && optargs=(-options "$opts")
        (cd "$d" && ocloc compile -q -file "$stem.cl" -device tgllp "${optargs[@]}" >/dev/null &&
            ocloc disasm -file "${stem}_Gen12LPlp.bin" -dump D >/dev/null 2>&1)
        [ -f "$d/D/PTM.txt" ] || { echo "kernels_tgllp.sh: ocloc produced no PTM.txt for $clfile" >&2; exit 1; }
        awk '$2 == "KernelUnpaddedSize" { size = $3 } $1 == "KernelName" { print $2, size }' "$d/D/PTM.txt" |
        while read -r kname ksize; do
            head -c "$ksize" "$d/D/${kname}_KernelHeap.dat" > "$dest/$kname.isa"
        done
    done < "$bt"
done
ls "$corpus"/*/kernels_tgllp/*.isa | wc -l | xargs echo "kernels_tgllp.sh: kernels written:"
