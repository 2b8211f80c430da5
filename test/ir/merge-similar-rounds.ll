; RUN: %opt-coalesce -passes=coalesce-merge-similar -coalesce-runtime-budget=1000 -coalesce-print-merges -coalesce-verify -S %s -o %t.ll 2> %t.list
; RUN: FileCheck %s --input-file=%t.ll
; RUN: FileCheck %s --check-prefix=LIST --input-file=%t.list
; RUN: %opt-coalesce -passes=coalesce-merge-similar -coalesce-runtime-budget=1000 -coalesce-similar-rounds=1 -coalesce-print-merges -disable-output %s 2>&1 | FileCheck %s --check-prefix=ONE
; RUN: %llvm_bin/lli -force-interpreter %s > %t.before
; RUN: %llvm_bin/lli -force-interpreter %t.ll > %t.after
; RUN: diff %t.before %t.after
; Purpose: four functions that differ pairwise in one operation each (mix_a/mix_c and mix_b/mix_d in the first, mix_a/mix_b in the second) merge in two rounds: the first round's two merged functions are a similar pair of the second, which gives one body with two selectors; with one round two bodies stay; the program prints the same before and after.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; LIST-DAG: merged 'mix_a' (replaced, similar: a selector chooses
; LIST-DAG: merged 'mix_b' (replaced, similar: a selector chooses
; LIST-DAG: merged 'mix_c' (replaced, similar: a selector chooses
; LIST-DAG: merged 'mix_d' (replaced, similar: a selector chooses
; LIST-DAG: merged 'mix_a.similar' (replaced, similar: a selector chooses
; LIST-DAG: merged 'mix_b.similar' (replaced, similar: a selector chooses
; LIST: 6 merged (6 replaced

; ONE: 4 merged (4 replaced

@fmt = private constant [13 x i8] c"%d %d %d %d\0A\00"

declare i32 @printf(ptr, ...)

; Each of the four is called with several inputs; the calls pass two
; selectors, one per round.
; CHECK-LABEL: define void @show(
; CHECK:         %ra = call i32 @[[M:mix_a.similar.similar]](i32 %i, i32 %j, i1 {{true|false}}, i1 {{true|false}})
; CHECK-NEXT:    %rb = call i32 @[[M]](i32 %i, i32 %j, i1 {{true|false}}, i1 {{true|false}})
; CHECK-NEXT:    %rc = call i32 @[[M]](i32 %i, i32 %j, i1 {{true|false}}, i1 {{true|false}})
; CHECK-NEXT:    %rd = call i32 @[[M]](i32 %i, i32 %j, i1 {{true|false}}, i1 {{true|false}})
define void @show(i32 %i) {
  %j = mul i32 %i, 7
  %ra = call i32 @mix_a(i32 %i, i32 %j)
  %rb = call i32 @mix_b(i32 %i, i32 %j)
  %rc = call i32 @mix_c(i32 %i, i32 %j)
  %rd = call i32 @mix_d(i32 %i, i32 %j)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %ra, i32 %rb, i32 %rc, i32 %rd)
  ret void
}

; Straight-line calls: no loop makes the four hot.
; CHECK-LABEL: define i32 @main(
define i32 @main() {
  call void @show(i32 -3)
  call void @show(i32 0)
  call void @show(i32 2)
  call void @show(i32 100000)
  ret i32 0
}

; CHECK-LABEL: define internal i32 @mix_a.similar.similar(i32 %0, i32 %1, i1 %2, i1 %coalesce.selector)
; CHECK-NOT: define
define internal i32 @mix_a(i32 %x, i32 %y) {
entry:
  %a1 = add i32 %x, 17
  %a2 = mul i32 %a1, %y
  %a3 = mul i32 %a2, %x
  %a4 = shl i32 %a3, 3
  %a5 = sub i32 %a4, %a1
  %a6 = and i32 %a5, 65535
  %a7 = or i32 %a6, %y
  %a8 = lshr i32 %a7, 2
  %a9 = mul i32 %a8, 31
  %b1 = add i32 %a9, %a2
  %b2 = xor i32 %b1, %a4
  %b3 = mul i32 %b2, %a6
  %b4 = add i32 %b3, %a1
  %b5 = ashr i32 %b4, 5
  %b6 = add i32 %b5, %a8
  %b7 = xor i32 %b6, 12345
  %b8 = and i32 %b7, 1048575
  %b9 = add i32 %b8, %a3
  %c1 = mul i32 %b9, %b2
  %c2 = lshr i32 %c1, 7
  %c3 = add i32 %c2, %b5
  %c4 = or i32 %c3, %a7
  %c5 = mul i32 %c4, 2654435
  %c6 = xor i32 %c5, %b1
  %c7 = shl i32 %c6, 2
  %c8 = add i32 %c7, %a5
  %c9 = and i32 %c8, 16777215
  %d1 = sub i32 %c9, %b6
  %d2 = mul i32 %d1, %c2
  %d3 = xor i32 %d2, %a9
  %d4 = ashr i32 %d3, 3
  %d5 = add i32 %d4, %c4
  ret i32 %d5
}

define internal i32 @mix_b(i32 %x, i32 %y) {
entry:
  %a1 = add i32 %x, 17
  %a2 = mul i32 %a1, %y
  %a3 = xor i32 %a2, %x
  %a4 = shl i32 %a3, 3
  %a5 = sub i32 %a4, %a1
  %a6 = and i32 %a5, 65535
  %a7 = or i32 %a6, %y
  %a8 = lshr i32 %a7, 2
  %a9 = mul i32 %a8, 31
  %b1 = add i32 %a9, %a2
  %b2 = xor i32 %b1, %a4
  %b3 = mul i32 %b2, %a6
  %b4 = add i32 %b3, %a1
  %b5 = ashr i32 %b4, 5
  %b6 = add i32 %b5, %a8
  %b7 = xor i32 %b6, 12345
  %b8 = and i32 %b7, 1048575
  %b9 = add i32 %b8, %a3
  %c1 = mul i32 %b9, %b2
  %c2 = lshr i32 %c1, 7
  %c3 = add i32 %c2, %b5
  %c4 = or i32 %c3, %a7
  %c5 = mul i32 %c4, 2654435
  %c6 = xor i32 %c5, %b1
  %c7 = shl i32 %c6, 2
  %c8 = add i32 %c7, %a5
  %c9 = and i32 %c8, 16777215
  %d1 = sub i32 %c9, %b6
  %d2 = mul i32 %d1, %c2
  %d3 = xor i32 %d2, %a9
  %d4 = ashr i32 %d3, 3
  %d5 = add i32 %d4, %c4
  ret i32 %d5
}

define internal i32 @mix_c(i32 %x, i32 %y) {
entry:
  %a1 = add i32 %x, 17
  %a2 = mul i32 %a1, %y
  %a3 = mul i32 %a2, %x
  %a4 = shl i32 %a3, 3
  %a5 = sub i32 %a4, %a1
  %a6 = and i32 %a5, 65535
  %a7 = or i32 %a6, %y
  %a8 = lshr i32 %a7, 2
  %a9 = mul i32 %a8, 31
  %b1 = add i32 %a9, %a2
  %b2 = xor i32 %b1, %a4
  %b3 = mul i32 %b2, %a6
  %b4 = add i32 %b3, %a1
  %b5 = ashr i32 %b4, 5
  %b6 = add i32 %b5, %a8
  %b7 = xor i32 %b6, 12345
  %b8 = and i32 %b7, 1048575
  %b9 = add i32 %b8, %a3
  %c1 = mul i32 %b9, %b2
  %c2 = lshr i32 %c1, 7
  %c3 = sub i32 %c2, %b5
  %c4 = or i32 %c3, %a7
  %c5 = mul i32 %c4, 2654435
  %c6 = xor i32 %c5, %b1
  %c7 = shl i32 %c6, 2
  %c8 = add i32 %c7, %a5
  %c9 = and i32 %c8, 16777215
  %d1 = sub i32 %c9, %b6
  %d2 = mul i32 %d1, %c2
  %d3 = xor i32 %d2, %a9
  %d4 = ashr i32 %d3, 3
  %d5 = add i32 %d4, %c4
  ret i32 %d5
}

define internal i32 @mix_d(i32 %x, i32 %y) {
entry:
  %a1 = add i32 %x, 17
  %a2 = mul i32 %a1, %y
  %a3 = xor i32 %a2, %x
  %a4 = shl i32 %a3, 3
  %a5 = sub i32 %a4, %a1
  %a6 = and i32 %a5, 65535
  %a7 = or i32 %a6, %y
  %a8 = lshr i32 %a7, 2
  %a9 = mul i32 %a8, 31
  %b1 = add i32 %a9, %a2
  %b2 = xor i32 %b1, %a4
  %b3 = mul i32 %b2, %a6
  %b4 = add i32 %b3, %a1
  %b5 = ashr i32 %b4, 5
  %b6 = add i32 %b5, %a8
  %b7 = xor i32 %b6, 12345
  %b8 = and i32 %b7, 1048575
  %b9 = add i32 %b8, %a3
  %c1 = mul i32 %b9, %b2
  %c2 = lshr i32 %c1, 7
  %c3 = sub i32 %c2, %b5
  %c4 = or i32 %c3, %a7
  %c5 = mul i32 %c4, 2654435
  %c6 = xor i32 %c5, %b1
  %c7 = shl i32 %c6, 2
  %c8 = add i32 %c7, %a5
  %c9 = and i32 %c8, 16777215
  %d1 = sub i32 %c9, %b6
  %d2 = mul i32 %d1, %c2
  %d3 = xor i32 %d2, %a9
  %d4 = ashr i32 %d3, 3
  %d5 = add i32 %d4, %c4
  ret i32 %d5
}
