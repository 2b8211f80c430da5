#!/usr/bin/env bash
# Builds examples/inventory with full LTO and links it three ways with ld.lld:
#   baseline    no function merging
#   mergefunc   LLVM's own merger (-mllvm -enable-merge-functions), the reference
#   coalesce    the coalesce pass plugin
# Runs the three programs, checks their output against expected-output.txt,
# prints coalesce's merge listing and compares the .text sizes.
#
#   usage: examples/run.sh BUILD_DIR     (coalesce.so is BUILD_DIR/lib/coalesce.so)
#
# Exits non-zero if a build fails or a program's output differs from the
# expected one. Sizes are reported, not enforced. Writes only to a temporary
# directory, which it removes.
set -euo pipefail

if [[ $# -ne 1 ]]; then
  echo "usage: $0 BUILD_DIR" >&2
  exit 2
fi
BUILD=$(cd "$1" && pwd)
PLUGIN=$BUILD/lib/coalesce.so
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SRC=$HERE/inventory
LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}
CLANGXX=${CLANGXX:-clang++-22}

if [[ ! -f $PLUGIN ]]; then
  echo "run.sh: $PLUGIN not found; build coalesce first" >&2
  exit 1
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/coalesce-example.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

log() { printf '==> %s\n' "$*"; }

log "compiling $SRC with $CLANGXX -O2 -flto"
objs=()
for src in "$SRC"/*.cpp; do
  obj=$WORK/$(basename "${src%.cpp}").o
  "$CLANGXX" -std=c++17 -O2 -flto -Wall -c "$src" -o "$obj"
  objs+=("$obj")
done

link() { # NAME [FLAGS...]
  local name=$1
  shift
  "$CLANGXX" -flto -fuse-ld=lld "${objs[@]}" -o "$WORK/$name" "$@"
}

log "linking: baseline, -enable-merge-functions, coalesce"
link baseline
link mergefunc -Wl,-mllvm,-enable-merge-functions
if ! COALESCE_OPTIONS="-coalesce-print-merges -coalesce-report=$WORK/report.json" \
  link coalesce -Wl,--load-pass-plugin="$PLUGIN" 2>"$WORK/listing.txt"; then
  cat "$WORK/listing.txt" >&2
  echo "run.sh: the link with coalesce failed" >&2
  exit 1
fi

variants=(baseline mergefunc coalesce)
declare -A label=([baseline]="baseline (no merging)"
                  [mergefunc]="-enable-merge-functions"
                  [coalesce]="coalesce")

failed=0
for v in "${variants[@]}"; do
  status=0
  "$WORK/$v" "$SRC/inventory.txt" >"$WORK/$v.out" || status=$?
  if [[ $status -ne 0 ]]; then
    echo "run.sh: $v: the program exited with status $status" >&2
    failed=1
  elif ! diff -u --label expected-output.txt --label "$v output" \
      "$SRC/expected-output.txt" "$WORK/$v.out" >"$WORK/$v.diff"; then
    echo "run.sh: $v: output differs from expected-output.txt:" >&2
    cat "$WORK/$v.diff" >&2
    failed=1
  else
    log "$v: output matches expected-output.txt"
  fi
done

echo
log "coalesce merge listing (demangled)"
if [[ -s $WORK/listing.txt ]]; then
  "$LLVM_BIN/llvm-cxxfilt" <"$WORK/listing.txt"
else
  echo "(empty: this coalesce.so may not read COALESCE_OPTIONS)"
fi
if [[ -s $WORK/report.json ]]; then
  echo "JSON report: $(wc -c <"$WORK/report.json") bytes (-coalesce-report)"
else
  echo "JSON report: not written (this coalesce.so may not read COALESCE_OPTIONS)"
fi

text_size() {
  "$LLVM_BIN/llvm-size" -A "$1" | awk '$1 == ".text" { print $2 }'
}

echo
log ".text size (llvm-size -A)"
declare -A size
for v in "${variants[@]}"; do
  size[$v]=$(text_size "$WORK/$v")
done
base=${size[baseline]}
printf '  %-24s %10s %10s %9s\n' link bytes change percent
for v in "${variants[@]}"; do
  if [[ $v == baseline ]]; then
    printf '  %-24s %10d %10s %9s\n' "${label[$v]}" "$base" - -
  else
    awk -v n="${label[$v]}" -v s="${size[$v]}" -v b="$base" 'BEGIN {
      printf "  %-24s %10d %+10d %+8.2f%%\n", n, s, s - b, 100 * (s - b) / b }'
  fi
done

echo
co=${size[coalesce]} mf=${size[mergefunc]}
if ((co < base)); then
  echo "coalesce: .text is $((base - co)) bytes smaller than baseline"
else
  echo "coalesce: .text is NOT smaller than baseline"
fi
if ((co <= mf)); then
  echo "coalesce: .text is at least as small as with -enable-merge-functions"
else
  echo "coalesce: .text is $((co - mf)) bytes larger than with" \
    "-enable-merge-functions"
fi

if ((failed)); then
  echo "run.sh: FAILED: a program's output differs from expected-output.txt" >&2
  exit 1
fi
