; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: functions that differ only in non-semantic metadata (!prof branch weights) are equal and merge.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i32 @first(
; CHECK:         br i1 %c, label %z, label %nz, !prof [[W:![0-9]+]]
define i32 @first(i32 %a) {
entry:
  %c = icmp eq i32 %a, 0
  br i1 %c, label %z, label %nz, !prof !0
z:
  ret i32 1
nz:
  %s = mul i32 %a, 7
  ret i32 %s
}

; CHECK-LABEL: define i32 @second(i32 %a) {
; CHECK-NEXT:    %1 = tail call i32 @first(i32 %a)
; CHECK-NEXT:    ret i32 %1
; CHECK-NEXT:  }
define i32 @second(i32 %a) {
entry:
  %c = icmp eq i32 %a, 0
  br i1 %c, label %z, label %nz, !prof !1
z:
  ret i32 1
nz:
  %s = mul i32 %a, 7
  ret i32 %s
}

; CHECK: [[W]] = !{!"branch_weights", i32 1, i32 100}
!0 = !{!"branch_weights", i32 1, i32 100}
!1 = !{!"branch_weights", i32 100, i32 1}
