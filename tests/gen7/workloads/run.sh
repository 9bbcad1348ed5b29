#!/bin/sh
# One Gen7 workload on one platform: g7wl writes the trace (kernels
# assembled by iga64 -p=7p5) and the CPU-computed expected memory; gtsim
# replays it and compares byte for byte.
#   run.sh GTSIM G7WL SRCDIR WORKDIR WORKLOAD PLATFORM
set -eu
gtsim=$1 g7wl=$2 src=$3 dir=$4/$5_$6 wlname=$5 plat=$6
rm -rf "$dir" && mkdir -p "$dir"
"$g7wl" "$wlname" "$plat" "$dir" "$src"
"$gtsim" run "$dir/trace.aub" --check "$dir/expect.txt" --stats
