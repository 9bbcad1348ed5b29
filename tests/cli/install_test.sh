#!/usr/bin/env bash
# ctest cli_install: `cmake --install` of the build into a temporary prefix
# (and into a DESTDIR), then what a user does with it: pkg-config gtsim,
# compile tests/cli/libuse.c against the installed header and libgtsim.so and
# run it; the installed CLI and man page.  libgtsim.so exports exactly the
# functions the installed headers declare.
# Usage: install_test.sh BUILD_DIR CC VERSION LIBUSE.c [EXTRA_CFLAGS...]
set -euo pipefail
build=$1 cc=$2 version=$3 src=$4
shift 4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL $*"; exit 1; }

cmake --install "$build" --prefix "$tmp/p" >/dev/null
p=$tmp/p
pc=$(find "$p" -name gtsim.pc)
[ -n "$pc" ] || fail "no gtsim.pc installed"
libdir=$(dirname "$(dirname "$pc")")
for f in bin/gtsim include/gtsim.h include/gtsim_aub.h share/man/man1/gtsim.1; do
    [ -f "$p/$f" ] || fail "$f not installed"
done
major=${version%%.*}
[ -L "$libdir/libgtsim.so" ] && [ -L "$libdir/libgtsim.so.$major" ] && [ -f "$libdir/libgtsim.so.$version" ] ||
    fail "libgtsim.so, .so.$major, .so.$version not all in $libdir"
soname=$(objdump -p "$libdir/libgtsim.so.$version" | awk '$1 == "SONAME" {print $2}')
[ "$soname" = "libgtsim.so.$major" ] || fail "SONAME '$soname', expected libgtsim.so.$major"

# Exports: every function of the installed headers, and nothing else.
declared=$(cat "$p"/include/gtsim*.h | sed 's,/\*.*\*/,,' | grep -oE '\bgtsim_[a-z0-9_]+ *\(' | tr -d ' (' | sort -u)
exported=$(nm -D --defined-only "$libdir/libgtsim.so" | awk '{print $3}' | sort -u)
[ "$declared" = "$exported" ] || fail "exports differ from the header declarations:
$(diff <(echo "$declared") <(echo "$exported"))"
echo "libgtsim.so.$version: $(echo "$exported" | wc -l) exported functions = the headers' declarations"

export PKG_CONFIG_PATH=$libdir/pkgconfig
[ "$(pkg-config --modversion gtsim)" = "$version" ] || fail "pkg-config --modversion gtsim"
grep -q "^prefix=$p\$" "$pc" || fail "gtsim.pc prefix is not $p"
# shellcheck disable=SC2046
"$cc" "$@" -std=c11 -Wall -Werror $(pkg-config --cflags gtsim) "$src" -o "$tmp/libuse" $(pkg-config --libs gtsim)
objdump -p "$tmp/libuse" | grep -q "NEEDED *libgtsim.so.$major" || fail "libuse does not link libgtsim.so.$major"
LD_LIBRARY_PATH=$libdir "$tmp/libuse" "$version"

out=$("$p/bin/gtsim" --version)
[[ $out == "gtsim $version"* ]] || fail "installed gtsim --version: $out"
echo "installed: $out"

# DESTDIR staging keeps the configured prefix in gtsim.pc.
prefix=$(sed -n 's/^CMAKE_INSTALL_PREFIX:PATH=//p' "$build/CMakeCache.txt")
DESTDIR=$tmp/stage cmake --install "$build" >/dev/null
spc=$(find "$tmp/stage" -name gtsim.pc)
grep -q "^prefix=$prefix\$" "$spc" || fail "DESTDIR: gtsim.pc prefix is not $prefix"
[ -x "$tmp/stage$prefix/bin/gtsim" ] || fail "DESTDIR: no $tmp/stage$prefix/bin/gtsim"
echo "cli_install: all checks passed"
