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
for k in "$@"; do
    cp "$k" "$dir/eu/$(basename "$(dirname "$(dirname "$k")")")-$(basename "$k")"
done
ls "$dir/aub" "$dir/eu" | wc -l
