#!/bin/bash
# capture.sh - regenerate the AUB capture corpus (tests/corpus/<name>/).
#
# Usage: tests/corpus/capture.sh [--dir DIR] [--platform P]... [name...]
#   (default: every src/<name>.c with a src/<name>.cl, for skl and tgllp)
#
# Platforms: skl writes <name>/ itself (trace.aub.gz, expect.txt, out*.bin,
# build.txt, kernels/); tgllp writes the same files under <name>/tgllp/,
# except the kernels, which go to <name>/kernels_tgllp/ (the disassembly
# tests read them there).
# DIR (default: this directory, tests/corpus) holds src/<name>.c and .cl and
# receives <name>/ (bench/ uses it for its workloads: --dir bench).  The host
# programs include src/corpus.h of this directory.
#
# For each test: builds src/<name>.c, runs it under Intel's OpenCL runtime (NEO)
# in AUB-capture mode for Skylake (no GPU needed, nothing executes), and writes
#   <name>/trace.aub.gz      the AUB trace (gzip -9n)
#   <name>/expect.txt        "dump 0x<gva> <bytes> <file>" per output buffer
#   <name>/out<i>.bin        expected bytes of each output buffer
#   <name>/build.txt         "<file.cl> <build options>" per clBuildProgram
#   <name>/kernels/<k>.isa   each kernel's Gen9 ISA (ocloc, same source+options)
# Needs: gcc, ocl-icd-opencl-dev, intel-opencl-icd (ocloc + NEO), gzip, od.
# Runs each program with ASLR off (setarch -R) when possible, so that SVM
# addresses, and hence the traces, are reproducible.
set -euo pipefail

corpus=$(cd "$(dirname "$0")" && pwd)
here=$corpus
if [ "${1:-}" = --dir ]; then
    [ $# -ge 2 ] && [ -d "$2/src" ] || { echo "capture.sh: --dir needs a directory with src/" >&2; exit 2; }
    here=$(cd "$2" && pwd)
    shift 2
fi
src=$here/src
devices=()
while [ "${1:-}" = --platform ]; do
    [ $# -ge 2 ] || { echo "capture.sh: --platform needs a name" >&2; exit 2; }
    devices+=("$2")
    shift 2
done
[ ${#devices[@]} -gt 0 ] || devices=(skl tgllp)

if [ $# -gt 0 ]; then
    names=("$@")
else
    names=()
    # programs with kernels of their own name (bench/src/peers.c is not one)
    for f in "$src"/*.c; do
        if [ -f "${f%.c}.cl" ]; then names+=("$(basename "$f" .c)"); fi
    done
fi

for tool in gcc ocloc gzip od; do
    command -v "$tool" >/dev/null || { echo "capture.sh: $tool not found" >&2; exit 2; }
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/gtsim-corpus.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

norandom=()
if setarch "$(uname -m)" -R true 2>/dev/null; then
    norandom=(setarch "$(uname -m)" -R)
else
    echo "capture.sh: setarch -R unavailable; traces will differ run to run" >&2
fi

# Hex string of a file, one line, for a byte-aligned substring search.
hexof() { od -An -v -tx1 "$1" | tr -d ' \n'; }

# in_trace ISA HEXFILE: is every 64-byte piece of ISA (at offsets 0, 64, ...)
# somewhere byte-aligned in the trace?  The trace splits memory writes where
# physical pages are not contiguous, i.e. at 4 KiB GPU VA boundaries; kernels
# start 64-byte aligned in the instruction heap, so no piece straddles a split.
in_trace() {
    local isa=$1 hexfile=$2 hex piece offs o i ok
    hex=$(hexof "$isa")
    for ((i = 0; i < ${#hex}; i += 128)); do
        piece=${hex:i:128}
        offs=$(grep -obF "$piece" "$hexfile" | cut -d: -f1 || true)
        ok=0
        for o in $offs; do ((o % 2 == 0)) && ok=1; done
        ((ok)) || return 1
    done
    return 0
}

status=0
for device in "${devices[@]}"; do
for name in "${names[@]}"; do
    echo "== $name ($device)"
    work=$tmp/$device/$name
    mkdir -p "$work/out" "$work/run" "$work/ocl"
    gcc -std=c11 -D_GNU_SOURCE -O2 -Wall -Wextra -ffp-contract=off -I"$corpus/src" \
        "$src/$name.c" -o "$work/$name" -lOpenCL -lm

    # AUB capture: SetCommandStreamReceiver=1 (AUB file) for the platform.
    (cd "$work/run" &&
        GTSIM_CORPUS_OUT="$work/out" NEOReadDebugKeys=1 SetCommandStreamReceiver=1 \
        ProductFamilyOverride=$device AUBDumpCaptureFileName="$work/trace.aub" \
        "${norandom[@]}" "$work/$name" "$src") | tee "$work/log"
    grep -q "^CAPTURED $name" "$work/log" || { echo "capture.sh: $name did not capture" >&2; exit 1; }
    aub=$work/trace.aub
    if [ ! -s "$aub" ]; then
        # Older runtimes ignore AUBDumpCaptureFileName and write skl_*.aub in the cwd.
        aub=$(ls "$work"/run/*.aub 2>/dev/null | head -n1)
        [ -n "$aub" ] && [ -s "$aub" ] || { echo "capture.sh: no AUB file for $name" >&2; exit 1; }
    fi

    if [ "$device" = skl ]; then
        dest=$here/$name
        kdir=$dest/kernels
        rm -rf "$dest/kernels" "$dest"/out*.bin "$dest/trace.aub.gz"
    else
        dest=$here/$name/$device
        kdir=$here/$name/kernels_$device
        rm -rf "$dest" "$kdir"
    fi
    mkdir -p "$dest" "$kdir"
    gzip -9n -c "$aub" > "$dest/trace.aub.gz"
    cp "$work/out/expect.txt" "$work/out/build.txt" "$dest/"
    cp "$work"/out/out*.bin "$dest/"

    # Kernel ISA: compile the same source with the same options with ocloc.
    hexof "$aub" > "$work/aub.hex"
    while read -r clfile opts; do
        stem=$(basename "$clfile" .cl)
        cp "$src/$clfile" "$work/ocl/$stem.cl"
        optargs=()
        [ -n "$opts" ] && optargs=(-options "$opts")
        (cd "$work/ocl" && ocloc compile -q -file "$stem.cl" -device "$device" "${optargs[@]}" >/dev/null &&
            ocloc disasm -file "$(ls "${stem}"_*.bin | head -n1)" -dump "D_$stem" >/dev/null 2>&1)
        ptm=$work/ocl/D_$stem/PTM.txt
        [ -f "$ptm" ] || { echo "capture.sh: ocloc produced no PTM.txt for $clfile" >&2; exit 1; }
        # PTM.txt lists, per kernel, KernelUnpaddedSize before KernelName.
        awk '$2 == "KernelUnpaddedSize" { size = $3 } $1 == "KernelName" { print $2, size }' "$ptm" |
        while read -r kname ksize; do
            head -c "$ksize" "$work/ocl/D_$stem/${kname}_KernelHeap.dat" > "$kdir/$kname.isa"
            if in_trace "$kdir/$kname.isa" "$work/aub.hex"; then
                echo "   kernel $kname: $ksize bytes, found in the trace"
            elif [ "$device" = skl ]; then
                echo "   kernel $kname: $ksize bytes, NOT found in the trace" >&2
                echo "$device/$name/$kname" >> "$tmp/notfound"
            else
                # NEO 22.43 compiles intmix and i64dbl differently for tgllp
                # at run time than ocloc does with the same options (the
                # registers differ from the first instruction); the trace
                # holds what ran, the ocloc kernel feeds the disassembly tests.
                echo "   kernel $kname: $ksize bytes, not in the trace (the runtime compiled it differently)"
            fi
        done
    done < "$work/out/build.txt"
    echo "   trace $(stat -c %s "$aub") bytes, gzipped $(stat -c %s "$dest/trace.aub.gz")"
done
done

if [ -s "$tmp/notfound" ]; then
    echo "capture.sh: kernels whose ocloc ISA is not in the trace: $(tr '\n' ' ' < "$tmp/notfound")" >&2
    status=1
fi
exit $status
