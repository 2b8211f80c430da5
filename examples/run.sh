#!/usr/bin/env bash
# Builds the examples with full LTO and links each three ways with ld.lld:
#   baseline    no function merging
#   mergefunc   LLVM's own merger (-mllvm -enable-merge-functions), the reference
#   coalesce    the coalesce pass plugin
# and with ThinLTO two ways:
#   thin        ThinLTO, no function merging
#   thin-coalesce  ThinLTO with the coalesce pass plugin (in every backend)
# Runs the programs, checks their output against the example's
# expected-output.txt, prints coalesce's merges and compares the .text
# sizes of every example side by side (the ThinLTO links against the
# ThinLTO baseline).
#
#   usage: examples/run.sh BUILD_DIR|PLUGIN.so [EXAMPLE...]
#
#   BUILD_DIR     a build tree: the plugin is BUILD_DIR/lib/coalesce.so
#   PLUGIN.so     the plugin itself (an installed one: /usr/lib/coalesce/coalesce.so)
#   EXAMPLE       inventory (-O2), telemetry (-Oz), telemetry-O2 (the same
#                 program at -O2); default: all three
#
# Exits non-zero if a build fails or a program's output differs from the
# expected one. Sizes are reported, not enforced. Writes only to a temporary
# directory, which it removes. JOBS (default 2) compiles that many files at
# once.
set -euo pipefail

if [[ $# -lt 1 ]]; then
  echo "usage: $0 BUILD_DIR|PLUGIN.so [EXAMPLE...]" >&2
  exit 2
fi
if [[ -d $1 ]]; then
  PLUGIN=$(cd "$1" && pwd)/lib/coalesce.so
else
  PLUGIN=$1
fi
shift
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}
CLANGXX=${CLANGXX:-clang++-22}
JOBS=${JOBS:-2}

# Per example: its directory, compile flags, the program's arguments
# (files in its directory), and whether the whole merge listing is printed.
# telemetry's floating point is computed without FMA contraction, so that
# its expected output holds on machines that have FMA.
declare -A DIR=([inventory]=inventory [telemetry]=telemetry [telemetry-O2]=telemetry)
declare -A CFLAGS=([inventory]="-O2" [telemetry]="-Oz -ffp-contract=off"
                   [telemetry-O2]="-O2 -ffp-contract=off")
declare -A ARGS=([inventory]="inventory.txt" [telemetry]="" [telemetry-O2]="")
declare -A LISTING=([inventory]=full [telemetry]=summary [telemetry-O2]=summary)

examples=("$@")
if ((${#examples[@]} == 0)); then
  examples=(inventory telemetry telemetry-O2)
fi
for ex in "${examples[@]}"; do
  if [[ -z ${CFLAGS[$ex]+set} ]]; then
    echo "run.sh: unknown example '$ex' (inventory, telemetry, telemetry-O2)" >&2
    exit 2
  fi
done
if [[ ! -f $PLUGIN ]]; then
  echo "run.sh: $PLUGIN not found; build coalesce first" >&2
  exit 1
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/coalesce-example.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

log() { printf '==> %s\n' "$*"; }

variants=(baseline mergefunc coalesce thin thin-coalesce)
declare -A label=([baseline]="baseline (no merging)"
                  [mergefunc]="-enable-merge-functions"
                  [coalesce]="coalesce"
                  [thin]="ThinLTO baseline"
                  [thin-coalesce]="ThinLTO + coalesce")
# The link each variant's .text is compared with.
declare -A against=([mergefunc]=baseline [coalesce]=baseline
                    [thin-coalesce]=thin)
declare -A size
failed=0

text_size() {
  "$LLVM_BIN/llvm-size" -A "$1" | awk '$1 == ".text" { print $2 }'
}

# compile EXAMPLE LTO: every .cpp of the example into WORK/EXAMPLE/obj-LTO/*.o
# with -flto=LTO (full or thin), JOBS at a time.
compile() {
  local ex=$1 lto=$2 src=$HERE/${DIR[$1]} out=$WORK/$1/obj-$2 running=0 status=0
  mkdir -p "$out"
  # shellcheck disable=SC2086
  log "$ex: compiling $src with $CLANGXX ${CFLAGS[$ex]} -flto=$lto"
  for cpp in "$src"/*.cpp; do
    "$CLANGXX" -std=c++17 ${CFLAGS[$ex]} -flto=$lto -Wall -c "$cpp" \
      -o "$out/$(basename "${cpp%.cpp}").o" &
    if ((++running >= JOBS)); then
      wait -n || status=1
      ((running--))
    fi
  done
  while ((running > 0)); do
    wait -n || status=1
    ((running--))
  done
  return $status
}

run_example() {
  local ex=$1 src=$HERE/${DIR[$1]} out=$WORK/$1
  compile "$ex" full || { echo "run.sh: $ex: compiling failed" >&2; exit 1; }
  compile "$ex" thin || { echo "run.sh: $ex: compiling failed" >&2; exit 1; }
  link() { # NAME LTO [FLAGS...]
    local name=$1 lto=$2
    shift 2
    "$CLANGXX" -flto=$lto -fuse-ld=lld "$out/obj-$lto"/*.o -o "$out/$name" "$@"
  }
  log "$ex: linking: baseline, -enable-merge-functions, coalesce;" \
    "ThinLTO: baseline, coalesce"
  link baseline full
  link mergefunc full -Wl,-mllvm,-enable-merge-functions
  link thin thin
  local v lto
  for v in coalesce thin-coalesce; do
    lto=full
    [[ $v == thin-coalesce ]] && lto=thin
    if ! COALESCE_OPTIONS="-coalesce-print-merges -coalesce-report=$out/$v.json" \
      link "$v" "$lto" -Wl,--load-pass-plugin="$PLUGIN" 2>"$out/$v.txt"; then
      cat "$out/$v.txt" >&2
      echo "run.sh: $ex: the link $v failed" >&2
      exit 1
    fi
  done

  local args=()
  for a in ${ARGS[$ex]}; do args+=("$src/$a"); done
  for v in "${variants[@]}"; do
    local status=0
    "$out/$v" "${args[@]}" >"$out/$v.out" || status=$?
    if [[ $status -ne 0 ]]; then
      echo "run.sh: $ex: $v: the program exited with status $status" >&2
      failed=1
    elif ! diff -u --label expected-output.txt --label "$v output" \
        "$src/expected-output.txt" "$out/$v.out" >"$out/$v.diff"; then
      echo "run.sh: $ex: $v: output differs from expected-output.txt:" >&2
      cat "$out/$v.diff" >&2
      failed=1
    else
      log "$ex: $v: output matches expected-output.txt"
    fi
    size[$ex,$v]=$(text_size "$out/$v")
  done

  for v in coalesce thin-coalesce; do
    echo
    report "$ex" "$v" "$out/$v.txt" "$out/$v.json"
  done
  echo
}

# report EXAMPLE VARIANT LISTING JSON: what coalesce said it did.
report() {
  local ex=$1 v=$2 listing=$3 json=$4 what="coalesce"
  [[ $v == thin-coalesce ]] && what="ThinLTO + coalesce"
  if [[ ! -s $listing ]]; then
    log "$ex: $what: merge listing"
    echo "(empty: this coalesce.so may not read COALESCE_OPTIONS)"
  elif [[ ${LISTING[$ex]} == full ]]; then
    log "$ex: $what: merge listing (demangled)"
    "$LLVM_BIN/llvm-cxxfilt" <"$listing"
  else
    log "$ex: $what: merge listing: $(grep -c '^  merged' "$listing") merges," \
      "$(grep -c '^coalesce: outlined' "$listing") outlined functions" \
      "(the summary; the whole listing with -coalesce-print-merges)"
    grep -E '^coalesce: [0-9]+ functions before' "$listing"
  fi
  if [[ -s $json ]]; then
    if ! python3 - "$json" 2>/dev/null <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
b = r["bytes_saved"]
stages = ", ".join("%s ~%d" % kv for kv in sorted(b["by_stage"].items()))
print("JSON report: estimated bytes saved by stage: %s [%s]" % (stages, b["basis"]))
if "modules" in r:
    print("JSON report: %d modules, %d functions named by their content to "
          "share with other modules" % (len(r["modules"]), len(r.get("shared", []))))
PY
    then
      echo "JSON report: $(wc -c <"$json") bytes (-coalesce-report)"
    fi
  else
    echo "JSON report: not written (this coalesce.so may not read COALESCE_OPTIONS)"
  fi
}

for ex in "${examples[@]}"; do
  run_example "$ex"
done

# One table, one column group per example.
log ".text size (llvm-size -A)"
header1=$(printf '  %-24s' link)
header2=$(printf '  %-24s' '')
for ex in "${examples[@]}"; do
  header1+=$(printf ' %30s' "${DIR[$ex]} (${CFLAGS[$ex]%% *})")
  header2+=$(printf ' %10s %10s %8s' bytes change percent)
done
echo "$header1"
echo "$header2"
for v in "${variants[@]}"; do
  line=$(printf '  %-24s' "${label[$v]}")
  for ex in "${examples[@]}"; do
    s=${size[$ex,$v]} b=${size[$ex,${against[$v]:-$v}]}
    if [[ -z ${against[$v]+set} ]]; then
      line+=$(printf ' %10d %10s %8s' "$s" - -)
    else
      line+=$(awk -v s="$s" -v b="$b" 'BEGIN {
        printf " %10d %+10d %+7.2f%%", s, s - b, 100 * (s - b) / b }')
    fi
  done
  echo "$line"
done

echo
for ex in "${examples[@]}"; do
  base=${size[$ex,baseline]} co=${size[$ex,coalesce]} mf=${size[$ex,mergefunc]}
  if ((co < base)); then
    echo "$ex: coalesce: .text is $((base - co)) bytes smaller than baseline"
  else
    echo "$ex: coalesce: .text is NOT smaller than baseline"
  fi
  if ((co <= mf)); then
    echo "$ex: coalesce: .text is at least as small as with -enable-merge-functions"
  else
    echo "$ex: coalesce: .text is $((co - mf)) bytes larger than with" \
      "-enable-merge-functions"
  fi
  thin=${size[$ex,thin]} thinco=${size[$ex,thin-coalesce]}
  if ((thinco < thin)); then
    echo "$ex: ThinLTO + coalesce: .text is $((thin - thinco)) bytes smaller" \
      "than the ThinLTO baseline"
  else
    echo "$ex: ThinLTO + coalesce: .text is NOT smaller than the ThinLTO baseline"
  fi
done

if ((failed)); then
  echo "run.sh: FAILED: a program's output differs from expected-output.txt" >&2
  exit 1
fi
