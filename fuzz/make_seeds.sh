#!/usr/bin/env bash
# Seed inputs for the fuzz tests: synthetic traces from mkaub, corpus kernels.
#   make_seeds.sh SEED_DIR MKAUB KERNEL...
set -euo pipefail
dir=$1 mkaub=$2
shift 2
mkdir -p "$dir/aub" "$dir/eu"
for sc in store unknown-record batch-loop unknown-cmd batch-unmapped; do
    "$mkaub" "$sc" "$dir/aub/$sc.aub"
done
# Hostile inputs (issue 9): a page storm that fits -max_len (2,700 one-DWord
# writes to distinct pages), and, when iga64 is there, walkers of 2^96 and
# 2^20 thread groups and an endless kernel.
"$mkaub" page-storm "$dir/aub/page-storm.aub" 2700
if command -v iga64 >/dev/null; then
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    printf '%s\n' '(W) mov (8|M0) r127.0<1>:ud r0.0<8;8,1>:ud' \
        '(W) send (8|M0) null r127 0x27 0x02000010 {EOT}' >"$tmp/k2.asm"
    printf '%s\n' '(W) mov (8|M0) r127.0<1>:ud r0.0<8;8,1>:ud' 'L16:' '(W) jmpi (1|M0) L16' \
        '(W) send (8|M0) null r127 0x27 0x02000010 {EOT}' >"$tmp/kl.asm"
    iga64 -p=9 -a "$tmp/k2.asm" -o "$tmp/k2.bin"
    iga64 -p=9 -a "$tmp/kl.asm" -o "$tmp/kl.bin"
    "$mkaub" walker "$dir/aub/walker-2e96.aub" "$tmp/k2.bin" 0xffffffff 0xffffffff 0xffffffff
    "$mkaub" walker "$dir/aub/walker-2e20.aub" "$tmp/k2.bin" 0x100000 1 1
    "$mkaub" kernel "$dir/aub/kernel-loop.aub" "$tmp/kl.bin"
fi
# EU seeds: a kernel behind fuzz_eu's platform byte (0 skl; 3 tgllp for the
# kernels_tgllp/ ones)
for k in "$@"; do
    case $k in */kernels_tgllp/*) p='\003' tag=tgllp- ;; *) p='\000' tag= ;; esac
    { printf "$p"; cat "$k"; } >"$dir/eu/$tag$(basename "$(dirname "$(dirname "$k")")")-$(basename "$k")"
done
ls "$dir/aub" "$dir/eu" | wc -l
