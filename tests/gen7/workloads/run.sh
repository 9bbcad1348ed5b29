#!/bin/sh
# One Gen7 workload on one platform: g7wl writes the trace (kernels
# assembled by iga64 -p=7p5) and the CPU-computed expected memory; gtsim
# replays it and compares byte for byte.  On ivb/vlv the kernels (assembled
# for Gen7.5) must also decode as Gen7 under intel-gen4disasm -g 7.
#   run.sh GTSIM G7WL SRCDIR WORKDIR WORKLOAD PLATFORM
set -eu
gtsim=$1 g7wl=$2 src=$3 dir=$4/$5_$6 wlname=$5 plat=$6
rm -rf "$dir" && mkdir -p "$dir"
"$g7wl" "$wlname" "$plat" "$dir" "$src"
if [ "$plat" != hsw ]; then
    for bin in "$dir"/*.asm.bin; do
        od -An -tx4 -v -w16 "$bin" |
            awk 'NF == 4 { printf "{ 0x%s, 0x%s, 0x%s, 0x%s },\n", $1, $2, $3, $4 }' > "$bin.g4"
        intel-gen4disasm -g 7 "$bin.g4" > "$bin.gen7.txt"
        if grep -qi "illegal\|unknown\|reserved" "$bin.gen7.txt"; then
            echo "run.sh: $bin does not decode as Gen7 (intel-gen4disasm -g 7)" >&2
            exit 1
        fi
    done
fi
"$gtsim" run "$dir/trace.aub" --expect "$dir/expect.txt" --stats
