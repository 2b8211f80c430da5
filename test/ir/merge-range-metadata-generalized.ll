; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: loads that differ only in !range merge, and the kept body's range becomes the union of both, so it holds for the callers of either.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i32 @first(
; CHECK-NEXT:    %r = load i32, ptr %p, align 4, !range [[R:![0-9]+]]
define i32 @first(ptr %p) unnamed_addr {
  %r = load i32, ptr %p, align 4, !range !0
  ret i32 %r
}

; CHECK-NOT: define internal i32 @second(
define internal i32 @second(ptr %p) unnamed_addr {
  %r = load i32, ptr %p, align 4, !range !1
  ret i32 %r
}

define i32 @caller(ptr %p) {
  %r = call i32 @second(ptr %p)
  ret i32 %r
}

; CHECK: [[R]] = !{i32 0, i32 20}
!0 = !{i32 0, i32 10}
!1 = !{i32 0, i32 20}
