; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: two functions that differ only in the alias scopes they declare (llvm.experimental.noalias.scope.decl naming distinct scope lists, as inlining a restrict-qualified or noalias callee leaves them: 22 instances of vector<unique_ptr>::emplace_back in examples/telemetry) are one body with its scopes renamed, and merge. The kept body claims no freedom from aliasing that the other body does not: its no-alias lists are intersected with the other's (here: nothing left) and its scope lists united.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @llvm.experimental.noalias.scope.decl(metadata)
declare void @sink(ptr)

; CHECK-LABEL: define internal void @a(
; CHECK-NEXT:    call void @llvm.experimental.noalias.scope.decl(metadata
; CHECK-NEXT:    %v = load i64, ptr %p, align 8, !noalias [[NONE:![0-9]+]]
; CHECK-NEXT:    %w = mul i64 %v, 77
; CHECK-NEXT:    %x = add i64 %w, 12345
; CHECK-NEXT:    store i64 %x, ptr %q, align 8, !noalias [[NONE]]
define internal void @a(ptr %p, ptr %q) {
  call void @llvm.experimental.noalias.scope.decl(metadata !2)
  %v = load i64, ptr %p, align 8, !alias.scope !2, !noalias !5
  %w = mul i64 %v, 77
  %x = add i64 %w, 12345
  store i64 %x, ptr %q, align 8, !alias.scope !5, !noalias !2
  call void @sink(ptr %q)
  call void @sink(ptr %p)
  ret void
}

; CHECK-NOT: define internal void @b(
define internal void @b(ptr %p, ptr %q) {
  call void @llvm.experimental.noalias.scope.decl(metadata !8)
  %v = load i64, ptr %p, align 8, !alias.scope !8, !noalias !11
  %w = mul i64 %v, 77
  %x = add i64 %w, 12345
  store i64 %x, ptr %q, align 8, !alias.scope !11, !noalias !8
  call void @sink(ptr %q)
  call void @sink(ptr %p)
  ret void
}

; CHECK-LABEL: define void @use(
; CHECK-NEXT:    call void @a(ptr %p, ptr %q)
; CHECK-NEXT:    call void @a(ptr %p, ptr %q)
define void @use(ptr %p, ptr %q) {
  call void @a(ptr %p, ptr %q)
  call void @b(ptr %p, ptr %q)
  ret void
}

; CHECK: [[NONE]] = !{}
!0 = distinct !{!0, !"dom"}
!1 = distinct !{!1, !0, !"s1"}
!2 = !{!1}
!3 = distinct !{!3, !0, !"s2"}
!5 = !{!3}
!6 = distinct !{!6, !"dom2"}
!7 = distinct !{!7, !6, !"t1"}
!8 = !{!7}
!9 = distinct !{!9, !6, !"t2"}
!11 = !{!9}
