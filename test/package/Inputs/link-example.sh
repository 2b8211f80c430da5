#!/usr/bin/env bash
# Links examples/inventory with a coalesce installed under ROOT/usr (the
# Debian package, unpacked), the way its user guide says a Make user does:
# compile flags from `coalesce-config --cflags`, link flags for ld.lld from
# `coalesce-config --ldflags lld`, for ld.gold from pkg-config's
# ldflags_gold. Runs both programs and compares their output with the
# example's expected output. Prints the flags with ROOT shown as $ROOT.
#
#   usage: link-example.sh ROOT EXAMPLE_DIR WORK_DIR CLANGXX
set -euo pipefail
ROOT=$1 SRC=$2 WORK=$3 CXX=$4
mkdir -p "$WORK"
config=$ROOT/usr/bin/coalesce-config
show() { echo "${1//$ROOT/\$ROOT}"; }

cflags=$("$config" --cflags)
show "cflags: $cflags"
objs=()
for src in "$SRC"/*.cpp; do
  obj=$WORK/$(basename "${src%.cpp}").o
  "$CXX" -std=c++17 -O2 $cflags -c "$src" -o "$obj"
  objs+=("$obj")
done

link() { # NAME FLAGS
  local name=$1 flags=$2
  show "$name: $CXX $flags -o $name"
  # shellcheck disable=SC2086
  COALESCE_OPTIONS=-coalesce-print-merges \
    "$CXX" $flags "${objs[@]}" -o "$WORK/$name" 2>"$WORK/$name.listing"
  grep -E '^coalesce: [0-9]+ functions before' "$WORK/$name.listing" ||
    { cat "$WORK/$name.listing"; echo "$name: no coalesce summary"; }
  if "$WORK/$name" "$SRC/inventory.txt" | diff -u "$SRC/expected-output.txt" -; then
    echo "$name: output matches expected-output.txt"
  else
    echo "$name: output differs from expected-output.txt"
  fi
}

link lld "$("$config" --ldflags lld)"
gold=$(PKG_CONFIG_PATH=$ROOT/usr/lib/pkgconfig \
  pkg-config --define-variable=prefix="$ROOT/usr" --variable=ldflags_gold coalesce)
link gold "$gold"
