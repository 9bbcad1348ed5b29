#!/bin/sh
# The Gen7 workload kernels (tests/gen7/workloads/*.asm, assembled by g7wl
# with iga64 -p=7p5 for each platform) disassembled by gtsim and by the
# tools nobody here wrote: hsw vs iga64 -p=7p5 -d (send descriptions after
# "//" included), ivb vs intel-gen4disasm -g 7 (forms that tool cannot
# print left out, see difftest7.py).
#   kernels7.sh PYTHON DIFFTEST7 GTDIS G7WL WLSRCDIR WORKDIR
set -eu
py=$1 diff=$2 gtdis=$3 g7wl=$4 src=$5 work=$6/kernels7
rm -rf "$work" && mkdir -p "$work"
for plat in ivb hsw; do
    for wl in gpgpu_ids nv12 box wavefront spawn slm_reduce; do
        mkdir -p "$work/$plat/$wl"
        "$g7wl" "$wl" "$plat" "$work/$plat/$wl" "$src" > /dev/null
    done
done
"$py" "$diff" "$gtdis" --platform ivb --files "$work"/ivb/*/*.asm.bin
"$py" "$diff" "$gtdis" --platform hsw --files "$work"/hsw/*/*.asm.bin
