#!/bin/sh
# gtsim run on Gen7 traces written by g7trace: the platform from the AUB
# version record and from --platform, the command trace, and a platform
# whose layouts do not fit the trace.
#   cli.sh GTSIM G7TRACE WORKDIR PLATFORM
set -eu
gtsim=$1 g7trace=$2 dir=$3/$4 plat=$4
rm -rf "$dir" && mkdir -p "$dir"
"$g7trace" "$plat" "$dir"
"$gtsim" run --platform "$plat" "$dir/trace.aub" --expect "$dir/expect.txt"
"$gtsim" run "$dir/trace.aub" --expect "$dir/expect.txt" --stats > "$dir/auto.txt"
grep -q "outputs match" "$dir/auto.txt"
# --trace-commands decodes with the Gen7 layouts: 4-DWord MI_STORE_DATA_IMM,
# 5-DWord PIPE_CONTROL with its 32-bit address
"$gtsim" run "$dir/trace.aub" --trace-commands > "$dir/cmds.txt" 2>&1
grep -q "MI_STORE_DATA_IMM Address=0x10000 Immediate Data=0x600df00d" "$dir/cmds.txt"
grep -q "PIPE_CONTROL .*Post Sync Operation=Write Immediate Data.*Address=0x10040 Immediate Data=0x123456789abcdef" "$dir/cmds.txt"
grep -q "MI_BATCH_BUFFER_START Address Space Indicator=PPGTT" "$dir/cmds.txt"
# Replaying it as a Skylake trace must fail cleanly (no ring submission there)
if "$gtsim" run --platform skl "$dir/trace.aub" --expect "$dir/expect.txt" > "$dir/skl.txt" 2>&1; then
    echo "cli.sh: a Gen7 trace replayed as skl should not match" >&2
    exit 1
fi
echo "cli.sh: $plat ok"
