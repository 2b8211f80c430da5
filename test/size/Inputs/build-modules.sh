#!/usr/bin/env bash
# Builds merged LTO modules of programs the size model was not fitted on
# (this repository's own C++ test programs), as a link hands them
# to code generation: every group of sources is compiled with -Oz -flto and
# linked by ld.lld as a shared object (so every function stays) with
# --save-temps, which leaves the module it code-generates.
#
#   build-modules.sh CLANGXX TARGET REPO OUT
# writes OUT/<group>.bc for each group. TARGET: x86_64-linux-gnu or
# aarch64-linux-gnu.
set -euo pipefail
clang=$1 target=$2 repo=$3 out=$4
mkdir -p "$out"

groups=(
  "containers:$(ls "$repo"/test/link/Inputs/containers/*.cpp | tr '
' ' ')"
  "algorithms:$repo/test/differential/Inputs/algorithms_structs.cpp $repo/test/differential/Inputs/vector_sort.cpp"
  "maps:$repo/test/differential/Inputs/map_set.cpp $repo/test/differential/Inputs/function_shared_ptr.cpp"
  "classes:$repo/test/differential/Inputs/virtual_classes.cpp $repo/test/differential/Inputs/exceptions.cpp"
)

for g in "${groups[@]}"; do
  name=${g%%:*} srcs=${g#*:}
  dir="$out/$name.d"
  mkdir -p "$dir"
  objs=()
  for src in $srcs; do
    obj="$dir/$(basename "$src").o"
    lang=c++
    [[ $src == *.c ]] && lang=c
    "$clang" --target="$target" -Oz -flto -fPIC -w -c -x "$lang" "$src" -o "$obj"
    objs+=("$obj")
  done
  "$clang" --target="$target" -fuse-ld=lld -shared -flto -Oz \
    -Wl,--save-temps -o "$dir/lib$name.so" "${objs[@]}"
  cp "$dir/lib$name.so.0.5.precodegen.bc" "$out/$name.bc"
done
