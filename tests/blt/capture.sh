#!/bin/bash
# capture.sh - regenerate tests/blt/ze_copy_tgllp/: an AUB capture of
# tests/tbx/ze_copy.c (Level Zero copies and fills on the copy engine) by
# Intel's runtime for Tiger Lake (NEOReadDebugKeys=1 SetCommandStreamReceiver=1
# ProductFamilyOverride=tgllp EnableBlitterOperationsSupport=1; no GPU needed,
# nothing executes), with the CPU-computed expected buffers:
#   trace.aub.gz  expect.txt  out0.bin (host buffer g)  out1.bin (device buffer b)
# Needs gcc, libze-dev, libze1, intel-level-zero-gpu (NEO), gzip.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=$here/ze_copy_tgllp
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gtsim-blt.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
gcc -std=c11 -O2 "$here/../tbx/ze_copy.c" -o "$tmp/ze_copy" -lze_loader
mkdir -p "$out"
norandom=()
setarch "$(uname -m)" -R true 2>/dev/null && norandom=(setarch "$(uname -m)" -R)
(cd "$tmp" && ZE_COPY_EXPECT="$tmp" NEOReadDebugKeys=1 SetCommandStreamReceiver=1 ProductFamilyOverride=tgllp \
    EnableBlitterOperationsSupport=1 AUBDumpCaptureFileName="$tmp/trace.aub" "${norandom[@]}" ./ze_copy)
gzip -9n <"$tmp/trace.aub" >"$out/trace.aub.gz"
cp "$tmp/expect.txt" "$tmp/out0.bin" "$tmp/out1.bin" "$out/"
echo "capture.sh: wrote $out ($(wc -c <"$out/trace.aub.gz") bytes of trace)"
