; RUN: %opt-coalesce -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; RUN: llc -O2 -relocation-model=pic -filetype=obj %s -o %t.kept.o
; RUN: llc -O2 -relocation-model=pic -filetype=obj %S/Inputs/float-values-across-call-outlined.ll -o %t.outlined.o
; RUN: %python %test_tools/text_size.py --le kept=%t.kept.o outlined=%t.outlined.o
; Purpose: float values live across the new call make outlining lose bytes on x86-64, where no XMM register survives a call. @f1..@f4 share a 13-instruction integer run on %p, but each keeps two float values (%c0, %c1) live across it: a call there spills and reloads both. Priced as a spill and a reload each (UnsavedAcrossCall), the group saves nothing and is not outlined. The last three RUN lines show the price is real: the module outlined as coalesce did before this price existed (Inputs/float-values-across-call-outlined.ll) compiles to more .text than the module kept as it is (165 bytes against 147 with LLVM 22).
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define float @f1(
; CHECK-NEXT:  entry:
; CHECK-NOT:     call
; CHECK:         ret float
define float @f1(ptr %p, float %x, float %y, float %z) minsize {
entry:
  %c0 = fmul float %x, %y
  %c1 = fadd float %y, %z
  %g0a = getelementptr inbounds i8, ptr %p, i64 0
  %v00 = load i32, ptr %g0a, align 4
  %g01 = getelementptr inbounds i8, ptr %p, i64 4
  %v01 = load i32, ptr %g01, align 4
  %s01 = add i32 %v00, %v01
  %g02 = getelementptr inbounds i8, ptr %p, i64 8
  %v02 = load i32, ptr %g02, align 4
  %x02 = xor i32 %s01, %v02
  store i32 %x02, ptr %g0a, align 4
  %sh0 = shl i32 %x02, 3
  store i32 %sh0, ptr %g01, align 4
  %sub0 = sub i32 %sh0, %v00
  store i32 %sub0, ptr %g02, align 4
  %t1 = fdiv float %c0, %c1
  ret float %t1
}

; CHECK-LABEL: define float @f2(
; CHECK-NEXT:  entry:
; CHECK-NOT:     call
; CHECK:         ret float
define float @f2(ptr %p, float %x, float %y, float %z) minsize {
entry:
  %c0 = fadd float %x, %z
  %c1 = fsub float %y, %x
  %g0a = getelementptr inbounds i8, ptr %p, i64 0
  %v00 = load i32, ptr %g0a, align 4
  %g01 = getelementptr inbounds i8, ptr %p, i64 4
  %v01 = load i32, ptr %g01, align 4
  %s01 = add i32 %v00, %v01
  %g02 = getelementptr inbounds i8, ptr %p, i64 8
  %v02 = load i32, ptr %g02, align 4
  %x02 = xor i32 %s01, %v02
  store i32 %x02, ptr %g0a, align 4
  %sh0 = shl i32 %x02, 5
  store i32 %sh0, ptr %g01, align 4
  %sub0 = sub i32 %sh0, %v00
  store i32 %sub0, ptr %g02, align 4
  %t1 = fmul float %c0, %c1
  ret float %t1
}

; CHECK-LABEL: define float @f3(
; CHECK-NEXT:  entry:
; CHECK-NOT:     call
; CHECK:         ret float
define float @f3(ptr %p, float %x, float %y, float %z) minsize {
entry:
  %c0 = fsub float %x, %x
  %c1 = fdiv float %y, %y
  %g0a = getelementptr inbounds i8, ptr %p, i64 0
  %v00 = load i32, ptr %g0a, align 4
  %g01 = getelementptr inbounds i8, ptr %p, i64 4
  %v01 = load i32, ptr %g01, align 4
  %s01 = add i32 %v00, %v01
  %g02 = getelementptr inbounds i8, ptr %p, i64 8
  %v02 = load i32, ptr %g02, align 4
  %x02 = xor i32 %s01, %v02
  store i32 %x02, ptr %g0a, align 4
  %sh0 = shl i32 %x02, 7
  store i32 %sh0, ptr %g01, align 4
  %sub0 = sub i32 %sh0, %v00
  store i32 %sub0, ptr %g02, align 4
  %t1 = fadd float %c0, %c1
  ret float %t1
}

; CHECK-LABEL: define float @f4(
; CHECK-NEXT:  entry:
; CHECK-NOT:     call
; CHECK:         ret float
define float @f4(ptr %p, float %x, float %y, float %z) minsize {
entry:
  %c0 = fdiv float %x, %y
  %c1 = fmul float %y, %z
  %g0a = getelementptr inbounds i8, ptr %p, i64 0
  %v00 = load i32, ptr %g0a, align 4
  %g01 = getelementptr inbounds i8, ptr %p, i64 4
  %v01 = load i32, ptr %g01, align 4
  %s01 = add i32 %v00, %v01
  %g02 = getelementptr inbounds i8, ptr %p, i64 8
  %v02 = load i32, ptr %g02, align 4
  %x02 = xor i32 %s01, %v02
  store i32 %x02, ptr %g0a, align 4
  %sh0 = shl i32 %x02, 9
  store i32 %sh0, ptr %g01, align 4
  %sub0 = sub i32 %sh0, %v00
  store i32 %sub0, ptr %g02, align 4
  %t1 = fsub float %c0, %c1
  ret float %t1
}

; CHECK-NOT: @coalesce.outlined
