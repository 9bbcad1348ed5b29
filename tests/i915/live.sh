#!/usr/bin/env bash
# Unmodified programs on the simulated GPU through the i915 device
# (`gtsim exec --via i915`: libgtsim-i915.so preloaded, Intel's runtime on
# its native i915 path with no debug keys).  Builds the program first; a
# missing compiler, header, library or runtime makes the test fail, never
# skip.
#   live.sh GTSIM WORKDIR corpus NAME   tests/corpus/src/NAME.c must print "PASS NAME", with no
#                                       finding of the kernel checks (--check=all)
#   live.sh GTSIM WORKDIR ocl NAME      tests/ocl/NAME.c (OpenCL built-ins against the CPU) must
#                                       print "PASS NAME"
#   live.sh GTSIM WORKDIR clinfo        clinfo must list the simulated Skylake GT2
#   live.sh GTSIM WORKDIR ze            tests/tbx/ze_vscale.c (Level Zero) must print "PASS ze_vscale"
#   live.sh GTSIM WORKDIR ze_copy       tests/tbx/ze_copy.c (Level Zero copies and fills on the copy
#                                       engine, tgllp) must print "PASS ze_copy"
#   live.sh GTSIM WORKDIR hang          tests/tbx/cl_threads.c hang: an endless kernel under a
#                                       10^6-instruction watchdog returns control with a report
#   live.sh GTSIM WORKDIR threads       tests/tbx/cl_threads.c: 4 threads for 3 s
#   live.sh GTSIM WORKDIR uapi PROG     PROG (tests/i915/i915_uapi.c) must print "PASS i915_uapi"
#                                       (on hsw and ivb its Gen7 checks, with a draw reported)
#   live.sh GTSIM WORKDIR uapi_lmem PROG  PROG lmem on dg1: local-memory objects, their PTEs (LM bit)
#   live.sh GTSIM WORKDIR eglinfo       eglinfo's surfaceless platform initialises Mesa's iris
#                                       (crocus on hsw and ivb)
#   live.sh GTSIM WORKDIR vulkaninfo    vulkaninfo --summary lists anv's device for the simulated GPU
#   live.sh GTSIM WORKDIR egl           tests/i915/egl_context.c: an OpenGL ES context on iris
#                                       (crocus) names the simulated GPU, compiles a shader, glFinish
#   live.sh GTSIM WORKDIR egl_draw7     (hsw, ivb) egl_context.c clear: crocus' clear is a draw,
#                                       stopped with a report that the Gen7 3D pipeline is not modelled
# The platform is GTSIM_TEST_PLATFORM (default skl).
set -uo pipefail
gtsim=$1 work=$2 kind=$3 name=${4:-$3}
platform=${GTSIM_TEST_PLATFORM:-skl}
# Mesa's GL driver and the names Mesa gives the device (its PCI id tables)
case $platform in
skl) gl_driver=iris device_name='Intel(R) HD Graphics 530 (SKL GT2)' pci_id=0x1912 ;;
tgllp) gl_driver=iris device_name='Intel(R) Xe Graphics (TGL GT2)' pci_id=0x9a49 ;;
dg1) gl_driver=iris device_name='Intel(R) Graphics (DG1)' pci_id=0x4905 ;;
hsw) gl_driver=crocus device_name='Intel(R) HD Graphics 4600 (HSW GT2)' pci_id=0x0412 ;;
ivb) gl_driver=crocus device_name='Intel(R) HD Graphics 4000 (IVB GT2)' pci_id=0x0162 ;;
*) echo "FAIL: no expectations for platform $platform"; exit 1 ;;
esac
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
mkdir -p "$work"
cc=${CC_FOR_LIVE_TESTS:-cc}
fail() { echo "FAIL: $*"; exit 1; }
lib=$(dirname "$gtsim")/libgtsim-i915.so
[ -f "$lib" ] || fail "$lib not built"
# A sanitized build: the uapi program (sanitized itself) gets the
# sanitized library; runtime programs the unsanitized one gtsim exec finds.
san_lib=$(dirname "$gtsim")/libgtsim-i915-san.so

i915_lib=
extra_env=()
exec_opts=()
run_exec() { # log, program and args...
    local log=$1
    shift
    # no debug keys: the runtime's native path, as on a real machine
    timeout 600 env -u NEOReadDebugKeys -u SetCommandStreamReceiver -u ProductFamilyOverride \
        ${i915_lib:+GTSIM_I915_LIBRARY="$i915_lib"} "${extra_env[@]}" "$gtsim" exec -v --via i915 --stats --platform "$platform" "${exec_opts[@]}" -- "$@" \
        >"$log.out" 2>"$log.err"
    local rc=$?
    cat "$log.out"
    grep -v 'gtsim-i915: device ran' "$log.err" >&2
    grep 'gtsim-i915: device ran' "$log.err"
    return $rc
}

case $kind in
corpus)
    src=$root/tests/corpus/src
    "$cc" -std=c11 -D_GNU_SOURCE -O2 -ffp-contract=off "$src/$name.c" -o "$work/$name" -lOpenCL -lm ||
        fail "cannot build $name (needs ocl-icd-opencl-dev, opencl-headers)"
    # under every kernel check: a clean program has no finding (exit status 3 otherwise)
    exec_opts=(--check=all)
    run_exec "$work/$name" "$work/$name" "$src"
    rc=$?
    [ $rc -eq 0 ] || fail "$name exited with status $rc"
    grep -qx "PASS $name" "$work/$name.out" || fail "$name did not print 'PASS $name'"
    for c in bounds barrier; do
        grep -qx "gtsim check $c: 0 findings in 0 kernels" "$work/$name.err" || fail "no clean '$c' check summary"
    done
    ;;
profile)
    # --profile: the corpus program mandel's kernel listing, its executions
    # summing to the EU instructions --stats reports; --trace-out: its timeline
    src=$root/tests/corpus/src
    "$cc" -std=c11 -D_GNU_SOURCE -O2 -ffp-contract=off "$src/mandel.c" -o "$work/mandel_p" -lOpenCL -lm ||
        fail "cannot build mandel"
    exec_opts=(--profile --trace-out "$work/profile.json")
    run_exec "$work/profile" "$work/mandel_p" "$src" >/dev/null 2>&1
    rc=$?
    [ $rc -eq 0 ] || fail "mandel exited with status $rc"
    total=$(sed -n 's/^gtsim-i915: gtsim profile: 1 kernel, \([0-9]*\) EU instructions executed$/\1/p' "$work/profile.err")
    ran=$(sed -n 's/^gtsim-i915: device ran .* threads, \([0-9]*\) EU instructions.*/\1/p' "$work/profile.err")
    [ -n "$total" ] && [ "$total" = "$ran" ] || fail "profile total '$total' is not the EU instructions run, '$ran'"
    rows=$(awk '$5 ~ /^0x[0-9a-f]+$/ {n += $1} END {print n}' "$work/profile.err")
    [ "$rows" = "$total" ] || fail "the listing's executions sum to $rows, not $total"
    grep -E '^ +[0-9]+ .* (while|jmpi|break)' "$work/profile.err" | head -3
    # --trace-out: the timeline has a slice per hardware thread the device ran
    threads=$(sed -n 's/^gtsim-i915: device ran .* walkers, \([0-9]*\) threads.*/\1/p' "$work/profile.err")
    # --stats per kernel: mandel's one kernel, all of the threads and EU instructions
    grep -qE "^gtsim-i915: kernel 0x[0-9a-f]{12}  1 walkers, $threads threads, $ran EU instructions, [0-9]+ lane-ops \(100.0%\)\$" "$work/profile.err" ||
        fail "no per-kernel --stats line of $threads threads and $ran EU instructions" 
    python3 -c 'import json, sys
ev = json.load(open(sys.argv[1]))["traceEvents"]
n = sum(1 for e in ev if e["ph"] == "X" and e["pid"] == 2)
assert n == int(sys.argv[2]), (n, sys.argv[2])' "$work/profile.json" "$threads" ||
        fail "the timeline does not hold a slice per thread ($threads)"
    exit 0
    ;;
ocl)
    src=$root/tests/ocl
    "$cc" -std=c11 -D_GNU_SOURCE -O2 -ffp-contract=off -Wall -Wextra "$src/$name.c" -o "$work/$name" -lOpenCL -lm ||
        fail "cannot build $name (needs ocl-icd-opencl-dev, opencl-headers)"
    run_exec "$work/$name" "$work/$name" "$src" | grep -v '^ok '
    rc=${PIPESTATUS[0]}
    [ $rc -eq 0 ] || fail "$name exited with status $rc"
    grep -q "^PASS $name " "$work/$name.out" || fail "$name did not print 'PASS $name'"
    ;;
clinfo)
    command -v clinfo >/dev/null || fail "clinfo is not installed"
    run_exec "$work/clinfo" clinfo >/dev/null
    rc=$?
    [ $rc -eq 0 ] || fail "clinfo exited with status $rc"
    awk '/Platform Name +Intel\(R\) OpenCL/ {p=1} p && /Device Name/ {d++} d && /^ *Platform Name/ && !/Intel/ {exit} d {print}' \
        "$work/clinfo.out" >"$work/clinfo.intel"
    grep -E 'Device Name|Max compute units|Device PCI bus info' "$work/clinfo.intel" | head -6
    # Skylake GT2 as the runtime names it (PCI id 0x1912 from sysfs and
    # GETPARAM), 24 EUs (topology query), at PCI 0000:00:02.0
    case $platform in
    skl) grep -Eq 'Device Name +Intel\(R\) HD Graphics 530 \[0x1912\]' "$work/clinfo.intel" ||
             fail "clinfo does not list HD Graphics 530 [0x1912]"
         grep -Eq 'Max compute units +24$' "$work/clinfo.intel" || fail "clinfo: not 24 compute units" ;;
    tgllp) grep -Eq 'Device Name +Intel\(R\) Iris\(R\) Xe Graphics \[0x9a49\]' "$work/clinfo.intel" ||
             fail "clinfo does not list Iris Xe Graphics [0x9a49]"
         grep -Eq 'Max compute units +96$' "$work/clinfo.intel" || fail "clinfo: not 96 compute units" ;;
    dg1) grep -Eq 'Device Name +Intel\(R\) Iris\(R\) Xe MAX Graphics \[0x4905\]' "$work/clinfo.intel" ||
             fail "clinfo does not list Iris Xe MAX Graphics [0x4905]"
         grep -Eq 'Max compute units +96$' "$work/clinfo.intel" || fail "clinfo: not 96 compute units"
         # a discrete device: its global memory is the 4 GiB of local memory
         # the device presents (the runtime keeps a share back: 90..100 %)
         # whatever the host's memory, and it shares no memory with the host
         gm=$(sed -n 's/^ *Global memory size *\([0-9]*\) .*/\1/p' "$work/clinfo.intel" | head -1)
         [ -n "$gm" ] && [ "$gm" -le 4294967296 ] && [ "$gm" -ge 3865470566 ] ||
             fail "clinfo: global memory size '$gm' is not the 4 GiB of local memory"
         grep -Eq 'Unified memory for Host and Device +No$' "$work/clinfo.intel" ||
             fail "clinfo: not a discrete device (unified memory)" ;;
    esac
    grep -Eq 'PCI-E, 0000:00:02.0' "$work/clinfo.intel" || fail "clinfo: not at PCI 0000:00:02.0"
    exit 0
    ;;
ze)
    command -v ocloc >/dev/null || fail "ocloc (intel-opencl-icd) is not installed"
    ocloc compile -q -file "$root/tests/tbx/ze_vscale.cl" -device "$platform" -output "$work/ze_vscale" \
        -output_no_suffix >/dev/null || fail "ocloc could not compile ze_vscale.cl"
    "$cc" -std=c11 -O2 "$root/tests/tbx/ze_vscale.c" -o "$work/ze_vscale_prog" -lze_loader ||
        fail "cannot build ze_vscale.c (needs libze-dev)"
    run_exec "$work/ze" "$work/ze_vscale_prog" "$work/ze_vscale.spv"
    rc=$?
    [ $rc -eq 0 ] || fail "ze_vscale exited with status $rc"
    grep -qx "PASS ze_vscale" "$work/ze.out" || fail "ze_vscale did not print 'PASS ze_vscale'"
    ;;
ze_copy)
    # Copies and fills on the copy engine (BCS, modelled on tgllp): the
    # runtime offers its copy-only queue group on Tiger Lake only with this
    # key (as tests/tbx's ze_copy), everything else as on a real machine.
    "$cc" -std=c11 -O2 "$root/tests/tbx/ze_copy.c" -o "$work/ze_copy_prog" -lze_loader ||
        fail "cannot build ze_copy.c (needs libze-dev)"
    extra_env=(NEOReadDebugKeys=1 EnableBlitterOperationsSupport=1)
    run_exec "$work/ze_copy" "$work/ze_copy_prog"
    rc=$?
    [ $rc -eq 0 ] || fail "ze_copy exited with status $rc"
    grep -qx "PASS ze_copy" "$work/ze_copy.out" || fail "ze_copy did not print 'PASS ze_copy'"
    grep -Eq 'gtsim-i915: device ran [1-9][0-9]* commands' "$work/ze_copy.err" || fail "no command ran"
    exit 0
    ;;
hang)
    "$cc" -std=c11 -O2 "$root/tests/tbx/cl_threads.c" -o "$work/cl_threads_hang" -lOpenCL -lpthread ||
        fail "cannot build cl_threads.c (needs ocl-icd-opencl-dev, opencl-headers)"
    exec_opts=(--max-eu-instructions 1000000)
    run_exec "$work/hang" "$work/cl_threads_hang" hang
    grep -qx "ENQUEUED hang" "$work/hang.out" || fail "the kernel was not enqueued"
    grep -q "gtsim-i915: GPU hang on context .*watchdog: thread 0 executed 1000000 instructions" "$work/hang.err" ||
        fail "no watchdog report for the endless kernel"
    exit 0
    ;;
threads)
    "$cc" -std=c11 -O2 "$root/tests/tbx/cl_threads.c" -o "$work/cl_threads" -lOpenCL -lpthread ||
        fail "cannot build cl_threads.c (needs ocl-icd-opencl-dev, opencl-headers)"
    run_exec "$work/threads" "$work/cl_threads" threads 4 3
    rc=$?
    [ $rc -eq 0 ] || fail "cl_threads exited with status $rc"
    grep -qx "PASS cl_threads threads" "$work/threads.out" || fail "cl_threads did not print 'PASS cl_threads threads'"
    name=threads
    ;;
eglinfo)
    command -v eglinfo >/dev/null || fail "eglinfo (mesa-utils) is not installed"
    # mesa-utils 8.5 eglinfo tries every platform and exits with the
    # number that failed (GBM, Wayland and X11 have no display here)
    EGL_PLATFORM=surfaceless run_exec "$work/eglinfo" eglinfo >/dev/null
    rc=$?
    [ $rc -lt 128 ] || fail "eglinfo was killed (status $rc)"
    sed -n '/^Surfaceless platform/,/^EGL extensions/p' "$work/eglinfo.out"
    sed -n '/^Surfaceless platform/,/^Configurations/p' "$work/eglinfo.out" | grep -qx "EGL driver name: $gl_driver" ||
        fail "eglinfo: the surfaceless platform is not on $gl_driver"
    exit 0
    ;;
vulkaninfo)
    command -v vulkaninfo >/dev/null || fail "vulkaninfo (vulkan-tools) is not installed"
    run_exec "$work/vulkaninfo" vulkaninfo --summary >/dev/null
    rc=$?
    [ $rc -eq 0 ] || fail "vulkaninfo exited with status $rc"
    sed -n '/^Devices/,$p' "$work/vulkaninfo.out" | grep -E 'GPU[0-9]|deviceID|deviceName|driverName'
    want=$device_name id=$pci_id
    grep -qE "deviceName += $(printf '%s' "$want" | sed 's/[()]/\\&/g')\$" "$work/vulkaninfo.out" ||
        fail "vulkaninfo does not list '$want'"
    grep -qE "deviceID += $id\$" "$work/vulkaninfo.out" || fail "vulkaninfo: no device $id"
    exit 0
    ;;
vainfo)
    # VA-API on the render node: iHD finds the video engines (VCS0 with its
    # HEVC and SFC capabilities, VECS0) and lists its decode and encode
    # profiles; on skl i965 also initialises (its render-engine profiles,
    # VAEntrypointStats; on tgllp i965 has no device support)
    command -v vainfo >/dev/null || fail "vainfo is not installed"
    # iHD has no Gen7 support (i965 only there), i965 no Gen12 one (iHD only)
    case $platform in
    hsw) drivers=i965 want='Intel i965 driver for Intel(R) Haswell Desktop' profile='VAProfileNone[[:space:]]+:[[:space:]]+VAEntrypointVideoProc' ;;
    ivb) drivers=i965 want='Intel i965 driver for Intel(R) Ivybridge Desktop' profile='VAProfileNone[[:space:]]+:[[:space:]]+VAEntrypointVideoProc' ;;
    skl) drivers='i965 iHD' want='Intel i965 driver for Intel(R) Skylake' profile='VAProfileH264Main[[:space:]]+:[[:space:]]+VAEntrypointStats' ;;
    *) drivers=iHD ;;
    esac
    for drv in $drivers; do
        extra_env=(LIBVA_DRIVER_NAME=$drv)
        run_exec "$work/vainfo_$drv" vainfo --display drm --device /dev/dri/renderD128 >/dev/null
        rc=$?
        [ $rc -eq 0 ] || fail "vainfo with $drv exited with status $rc"
        grep -hE 'Driver version|VAProfile' "$work/vainfo_$drv.out" | head -3
    done
    extra_env=()
    case $drivers in
    *i965*)
        grep -qF "Driver version: $want" "$work/vainfo_i965.out" || fail "i965 did not initialise as '$want'"
        grep -Eq "$profile" "$work/vainfo_i965.out" || fail "i965 lists no profile"
        ;;
    esac
    case $drivers in
    *iHD*) ;;
    *) exit 0 ;;
    esac
    grep -q 'Driver version: Intel iHD driver' "$work/vainfo_iHD.out" || fail "iHD did not initialise"
    # the profiles iHD serves with the video engines (Debian's free build)
    want="VAProfileH264Main:VAEntrypointVLD VAProfileMPEG2Main:VAEntrypointVLD VAProfileJPEGBaseline:VAEntrypointVLD"
    [ "$platform" = tgllp ] && want="$want VAProfileHEVCMain:VAEntrypointVLD VAProfileVP9Profile0:VAEntrypointVLD \
VAProfileNone:VAEntrypointVideoProc VAProfileHEVCMain:VAEntrypointEncSliceLP"
    for pe in $want; do
        grep -Eq "${pe%%:*}[[:space:]]+:[[:space:]]+${pe#*:}\$" "$work/vainfo_iHD.out" ||
            fail "iHD does not list ${pe%%:*} / ${pe#*:}"
    done
    echo "iHD lists $(grep -c 'VAProfile.*VAEntrypoint' "$work/vainfo_iHD.out") profile/entrypoint pairs"
    exit 0
    ;;
egl)
    "$cc" -std=c11 -O2 "$here/egl_context.c" -o "$work/egl_context" -lEGL -lGLESv2 ||
        fail "cannot build egl_context.c (needs libegl-dev, libgles-dev)"
    run_exec "$work/egl" "$work/egl_context"
    rc=$?
    [ $rc -eq 0 ] || fail "egl_context exited with status $rc"
    grep -qx "PASS egl_context" "$work/egl.out" || fail "egl_context did not print 'PASS egl_context'"
    want="Mesa $device_name"
    grep -qxF "GL_RENDERER $want" "$work/egl.out" || fail "GL_RENDERER is not '$want'"
    # iris ran its batches on the simulated render engine
    grep -Eq 'gtsim-i915: device ran [1-9][0-9]* commands' "$work/egl.err" || fail "no command ran"
    exit 0
    ;;
egl_draw7)
    # crocus clears a renderbuffer with a draw (a RECTLIST of 3 vertices):
    # the batch stops at that 3DPRIMITIVE with a report; the context
    # setup batches before it ran
    "$cc" -std=c11 -O2 "$here/egl_context.c" -o "$work/egl_context_draw" -lEGL -lGLESv2 ||
        fail "cannot build egl_context.c (needs libegl-dev, libgles-dev)"
    run_exec "$work/egl_draw7" "$work/egl_context_draw" clear
    grep -qx "CLEARED status 0x8cd5" "$work/egl_draw7.out" || fail "the framebuffer was not complete and cleared"
    grep -Eq "gtsim-i915: GPU hang on context [0-9]+ \(batch 0x[0-9a-f]+\): 3DPRIMITIVE \(header 0x7b000005\) at batch 0x[0-9a-f]+ \(PPGTT, first level\): a draw of 3 vertices x 1 instances; the Gen7 3D pipeline is not modelled \($platform\)" \
        "$work/egl_draw7.err" || fail "no report of the Gen7 draw"
    grep -Eq 'gtsim-i915: device ran [1-9][0-9]* commands' "$work/egl_draw7.err" || fail "no command ran"
    exit 0
    ;;
uapi)
    prog=$4
    name=uapi
    [ -f "$san_lib" ] && i915_lib=$san_lib
    run_exec "$work/uapi" "$prog"
    rc=$?
    [ $rc -eq 0 ] || fail "i915_uapi exited with status $rc"
    grep -qx "PASS i915_uapi" "$work/uapi.out" || fail "i915_uapi did not print 'PASS i915_uapi'"
    grep -q "GPU hang on context" "$work/uapi.err" || fail "no report of the hanging batch"
    case $platform in
    hsw | ivb) grep -Eq "GPU hang on context [0-9]+ \(batch 0x200000\): 3DPRIMITIVE \(header 0x7b000005\) at batch 0x20002c \(PPGTT, first level\): a draw of 3 vertices x 1 instances; the Gen7 3D pipeline is not modelled" \
                   "$work/uapi.err" || fail "no report of the Gen7 draw" ;;
    esac
    ;;
uapi_lmem)
    # PROG lmem on a discrete GPU (dg1): objects in local memory written by
    # a batch and read back; the device's bind reports (GTSIM_I915_DEBUG=2)
    # give the PTEs the walk reads: the local object's with the LM bit
    # (PPGTT bit 11, Linux i915 GEN12_PPGTT_PTE_LM), the system one's without
    prog=$4
    name=uapi
    [ -f "$san_lib" ] && i915_lib=$san_lib
    extra_env=(GTSIM_I915_DEBUG=2)
    run_exec "$work/uapi_lmem" "$prog" lmem 2>/dev/null
    rc=$?
    [ $rc -eq 0 ] || fail "i915_uapi lmem exited with status $rc"
    grep -qx "PASS i915_uapi lmem" "$work/uapi_lmem.out" || fail "i915_uapi lmem did not print 'PASS i915_uapi lmem'"
    read -r lh sh < <(sed -n 's/^local data handle \([0-9]*\), system data handle \([0-9]*\)$/\1 \2/p' "$work/uapi_lmem.out")
    [ -n "$lh" ] && [ -n "$sh" ] || fail "no data handles printed"
    pte_of() { sed -n "s/^gtsim-i915: bind handle $1 ($2 memory) at GVA $3: PTE \(0x[0-9a-f]*\)$/\1/p" "$work/uapi_lmem.err" | head -1; }
    lp=$(pte_of "$lh" local 0x10000000) sp=$(pte_of "$sh" system 0x20000000)
    [ -n "$lp" ] && [ -n "$sp" ] || fail "no bind report of the data objects"
    echo "local object PTE $lp, system object PTE $sp"
    (( (lp & 1) && (lp >> 11 & 1) )) || fail "local object PTE $lp: not present with the LM bit (11)"
    (( (sp & 1) && !(sp >> 11 & 1) )) || fail "system object PTE $sp: LM bit set or not present"
    # local pages lie in the 4 GiB of local memory
    (( (lp & 0xfffffffff000) < (1 << 32) )) || fail "local object PTE $lp: address outside local memory"
    ;;
*)
    fail "unknown kind $kind"
    ;;
esac
# The work ran on the simulated GPU: the library's report at exit.
case $kind in
corpus | ocl | ze | threads) grep -Eq 'gtsim-i915: device ran [0-9]+ commands, [1-9][0-9]* walkers' "$work/$name.err" ||
    fail "the simulated GPU ran no walker" ;;
esac
exit 0
