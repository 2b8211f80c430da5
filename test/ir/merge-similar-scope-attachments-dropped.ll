; RUN: %opt-coalesce -passes=coalesce-merge-similar -coalesce-hot-share=0 -coalesce-runtime-budget=100000 -coalesce-verify -S %s | FileCheck %s --implicit-check-not=!alias.scope --implicit-check-not=!noalias
; Purpose: two similar functions, one of which declares in its loop the alias scope that both loops' accesses name (the other never declares it: its promise holds for the whole call), merge with a selector; the merged body runs the declaration of the side the selector picks but shares the accesses, so no !alias.scope or !noalias attachment stays (both would be read under the other side's declaration). The budget is lifted: the choice sits in a loop.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @llvm.experimental.noalias.scope.decl(metadata)
declare void @sink(i32)

; CHECK-LABEL: define void @whole_call(
; CHECK-NEXT:    tail call void @whole_call.similar(ptr %p, ptr %q, i64 %n, i32 %k, i1 false)
define void @whole_call(ptr %p, ptr %q, i64 %n, i32 %k) {
entry:
  %k1 = mul i32 %k, 3
  %k2 = xor i32 %k1, 12345
  %k3 = add i32 %k2, %k
  %k4 = mul i32 %k3, %k1
  call void @sink(i32 %k4)
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  call void @llvm.experimental.noalias.scope.decl(metadata !5)
  %pi = getelementptr i32, ptr %p, i64 %i
  %v = load i32, ptr %pi, align 4, !alias.scope !4
  %w = mul i32 %v, %k4
  %x = add i32 %w, 17
  %qi = getelementptr i32, ptr %q, i64 %i
  store i32 %x, ptr %qi, align 4, !noalias !4
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  call void @sink(i32 %k3)
  call void @sink(i32 %k2)
  ret void
}

; CHECK-LABEL: define void @one_iteration(
; CHECK-NEXT:    tail call void @whole_call.similar(ptr %p, ptr %q, i64 %n, i32 %k, i1 true)
define void @one_iteration(ptr %p, ptr %q, i64 %n, i32 %k) {
entry:
  %k1 = mul i32 %k, 3
  %k2 = xor i32 %k1, 12345
  %k3 = add i32 %k2, %k
  %k4 = mul i32 %k3, %k1
  call void @sink(i32 %k4)
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  call void @llvm.experimental.noalias.scope.decl(metadata !4)
  %pi = getelementptr i32, ptr %p, i64 %i
  %v = load i32, ptr %pi, align 4, !alias.scope !4
  %w = mul i32 %v, %k4
  %x = add i32 %w, 17
  %qi = getelementptr i32, ptr %q, i64 %i
  store i32 %x, ptr %qi, align 4, !noalias !4
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  call void @sink(i32 %k3)
  call void @sink(i32 %k2)
  ret void
}

!0 = distinct !{!0, !"domain"}
!1 = distinct !{!1, !0, !"a"}
!2 = distinct !{!2, !0, !"b"}
!4 = !{!1}
!5 = !{!2}

; CHECK-LABEL: define internal void @whole_call.similar(
; CHECK:         call void @llvm.experimental.noalias.scope.decl(metadata
; CHECK:         call void @llvm.experimental.noalias.scope.decl(metadata
; CHECK:         %v = load i32, ptr %pi, align 4{{$}}
; CHECK:         store i32 %x, ptr %qi, align 4{{$}}
