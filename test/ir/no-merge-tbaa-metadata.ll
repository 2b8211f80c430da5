; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: loads that differ only in !tbaa access tags (int vs float) are not equal (!tbaa is semantic); both bodies survive.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i32 @first(
; CHECK-NEXT:    %r = load i32, ptr %p, align 4, !tbaa [[TINT:![0-9]+]]
define i32 @first(ptr %p) {
  %r = load i32, ptr %p, align 4, !tbaa !3
  ret i32 %r
}

; CHECK-LABEL: define i32 @second(
; CHECK-NEXT:    %r = load i32, ptr %p, align 4, !tbaa [[TFLOAT:![0-9]+]]
define i32 @second(ptr %p) {
  %r = load i32, ptr %p, align 4, !tbaa !4
  ret i32 %r
}

; CHECK-DAG: [[TINT]] = !{[[INT:![0-9]+]], [[INT]], i64 0}
; CHECK-DAG: [[TFLOAT]] = !{[[FLOAT:![0-9]+]], [[FLOAT]], i64 0}
; CHECK-DAG: [[INT]] = !{!"int",
; CHECK-DAG: [[FLOAT]] = !{!"float",
!0 = !{!"Simple C/C++ TBAA"}
!1 = !{!"int", !0, i64 0}
!2 = !{!"float", !0, i64 0}
!3 = !{!1, !1, i64 0}
!4 = !{!2, !2, i64 0}
