#!/usr/bin/env bash
# Links examples/inventory through ld.gold three ways, in one run:
#   llvmgold            upstream LLVMgold.so (clang -flto -fuse-ld=gold)
#   llvmgold-mergefunc  the same with LLVM's merger on, through LLVMgold.so's
#                       own option -plugin-opt=merge-functions (the anchor:
#                       it gives the .text of ld.lld with
#                       -mllvm -enable-merge-functions; the LLVM option
#                       spelling, -plugin-opt=-enable-merge-functions, does
#                       nothing under LLVMgold.so, whose pipeline never
#                       reads it)
#   coalesce            coalesce.so as the plugin (link without -flto)
# and, for reference, through ld.bfd and mold with coalesce.so (LINKERS:
# which GNU linkers host coalesce.so, default "gold bfd mold"). Runs each
# program against the example's expected output and prints the .text sizes,
# then two verdict lines: that the anchor did merge (it is smaller than
# plain LLVMgold.so), and how gold+coalesce compares with the anchor.
#
#   usage: compare-gold.sh CLANGXX COALESCE_SO EXAMPLE_DIR WORK_DIR [LINKERS]
set -euo pipefail
CLANGXX=$1 PLUGIN=$2 SRC=$3 WORK=$4 LINKERS=${5:-gold bfd mold}
mkdir -p "$WORK"

objs=()
for src in "$SRC"/*.cpp; do
  obj=$WORK/$(basename "${src%.cpp}").o
  "$CLANGXX" -std=c++17 -O2 -flto -c "$src" -o "$obj"
  objs+=("$obj")
done

"$CLANGXX" -flto -fuse-ld=gold "${objs[@]}" -o "$WORK/llvmgold"
"$CLANGXX" -flto -fuse-ld=gold -Wl,-plugin-opt=merge-functions \
  "${objs[@]}" -o "$WORK/llvmgold-mergefunc"
for ld in $LINKERS; do
  "$CLANGXX" -fuse-ld=$ld -Wl,-plugin,"$PLUGIN" "${objs[@]}" -o "$WORK/coalesce-$ld"
done

LLVM_SIZE=$(command -v llvm-size || echo /usr/lib/llvm-22/bin/llvm-size)
text_size() { "$LLVM_SIZE" -A "$1" | awk '$1 == ".text" { print $2 }'; }
for v in llvmgold llvmgold-mergefunc $(printf 'coalesce-%s ' $LINKERS); do
  "$WORK/$v" "$SRC/inventory.txt" >"$WORK/$v.out"
  diff -u "$SRC/expected-output.txt" "$WORK/$v.out" >&2
  printf '%-20s .text %6d bytes, output as expected\n' "$v" "$(text_size "$WORK/$v")"
done

plain=$(text_size "$WORK/llvmgold")
co=$(text_size "$WORK/coalesce-gold")
mf=$(text_size "$WORK/llvmgold-mergefunc")
# An anchor that did not merge would make the comparison below meaningless.
if ((mf < plain)); then
  echo "LLVMgold.so with merge-functions is $((plain - mf)) bytes smaller than without"
else
  echo "LLVMgold.so with merge-functions did NOT merge ($mf vs $plain)"
fi
if ((co <= mf)); then
  echo "gold+coalesce.so is at most gold+LLVMgold.so with merge-functions: $((mf - co)) bytes smaller"
else
  echo "gold+coalesce.so is LARGER than gold+LLVMgold.so with merge-functions ($co vs $mf)"
fi
