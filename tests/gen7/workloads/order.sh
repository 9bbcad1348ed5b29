#!/bin/sh
# Write a workload trace with g7wl and replay it with the threads in flight
# run newest first (g7wl_order), expecting a match or a mismatch.
#   order.sh G7WL G7WL_ORDER SRCDIR WORKDIR WORKLOAD PLATFORM match|mismatch
set -eu
g7wl=$1 order=$2 src=$3 dir=$4/$5_$6_lifo wlname=$5 plat=$6 want=$7
rm -rf "$dir" && mkdir -p "$dir"
"$g7wl" "$wlname" "$plat" "$dir" "$src"
"$order" "$dir/trace.aub" "$dir/expect.txt" "$plat" "$want"
