; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: bodies that differ only in one !tbaa access tag (long vs long long) merge; the tag they share stays, the differing one becomes the most generic (here none: the types are unrelated), so @second's callers, whose load may alias the store, are not told otherwise.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i64 @first(
; CHECK-NEXT:    store i64 1, ptr %a, align 8, !tbaa [[LONG:![0-9]+]]
; CHECK-NEXT:    %r = load i64, ptr %b, align 8{{$}}
define i64 @first(ptr %a, ptr %b) unnamed_addr {
  store i64 1, ptr %a, align 8, !tbaa !3
  %r = load i64, ptr %b, align 8, !tbaa !4
  ret i64 %r
}

; CHECK-NOT: define i64 @second(
define internal i64 @second(ptr %a, ptr %b) unnamed_addr {
  store i64 1, ptr %a, align 8, !tbaa !3
  %r = load i64, ptr %b, align 8, !tbaa !3
  ret i64 %r
}

; CHECK-LABEL: define i64 @caller(
; CHECK-NEXT:    call i64 @first(ptr %p, ptr %p)
define i64 @caller(ptr %p) {
  %r = call i64 @second(ptr %p, ptr %p)
  ret i64 %r
}

; CHECK: [[LONG]] = !{[[LONGTY:![0-9]+]], [[LONGTY]], i64 0}
; CHECK: [[LONGTY]] = !{!"long",
!0 = !{!"Simple C/C++ TBAA"}
!1 = !{!"long", !0, i64 0}
!2 = !{!"long long", !0, i64 0}
!3 = !{!1, !1, i64 0}
!4 = !{!2, !2, i64 0}
