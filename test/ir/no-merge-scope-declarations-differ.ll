; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; RUN: %opt-coalesce -passes=coalesce-merge-constants -coalesce-verify -S %s | FileCheck %s
; Purpose: two bodies that differ only in the scope their loop declares (llvm.experimental.noalias.scope.decl) stay apart. In @whole_call the scope !a that the accesses name is never declared, so their no-alias promise holds for the whole call; in @one_iteration the loop declares !a, so it holds for one iteration. Merged, @one_iteration's callers would get the stronger promise.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @llvm.experimental.noalias.scope.decl(metadata)

; CHECK-LABEL: define void @whole_call(
; CHECK:         call void @llvm.experimental.noalias.scope.decl(metadata [[B:![0-9]+]])
; CHECK:         load i32, ptr %pi, align 4, !alias.scope [[A:![0-9]+]]
; CHECK:         store i32 %v, ptr %qi, align 4, !noalias [[A]]
define void @whole_call(ptr %p, ptr %q, i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  call void @llvm.experimental.noalias.scope.decl(metadata !5)
  %pi = getelementptr i32, ptr %p, i64 %i
  %v = load i32, ptr %pi, align 4, !alias.scope !4
  %qi = getelementptr i32, ptr %q, i64 %i
  store i32 %v, ptr %qi, align 4, !noalias !4
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; CHECK-LABEL: define void @one_iteration(
; CHECK:         call void @llvm.experimental.noalias.scope.decl(metadata [[A]])
; CHECK:         load i32, ptr %pi, align 4, !alias.scope [[A]]
; CHECK:         store i32 %v, ptr %qi, align 4, !noalias [[A]]
define void @one_iteration(ptr %p, ptr %q, i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  call void @llvm.experimental.noalias.scope.decl(metadata !4)
  %pi = getelementptr i32, ptr %p, i64 %i
  %v = load i32, ptr %pi, align 4, !alias.scope !4
  %qi = getelementptr i32, ptr %q, i64 %i
  store i32 %v, ptr %qi, align 4, !noalias !4
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

!0 = distinct !{!0, !"domain"}
!1 = distinct !{!1, !0, !"a"}
!2 = distinct !{!2, !0, !"b"}
!4 = !{!1}
!5 = !{!2}
