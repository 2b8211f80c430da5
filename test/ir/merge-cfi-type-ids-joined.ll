; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: with no type test left in the module, functions that differ only in their CFI type ids (!type) are equal; the kept body carries the ids of both.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@table = global [2 x ptr] [ptr @first, ptr @second]

; CHECK: @table = global [2 x ptr] [ptr @first, ptr @first]

; CHECK-LABEL: define internal i32 @first(
; CHECK-SAME:    i32 %a) unnamed_addr !type [[T1:![0-9]+]] !type [[T2:![0-9]+]] {
; CHECK-NEXT:    %r = mul i32 %a, 7
define internal i32 @first(i32 %a) unnamed_addr !type !0 {
  %r = mul i32 %a, 7
  ret i32 %r
}

; CHECK-NOT: define {{.*}}@second(
define internal i32 @second(i32 %a) unnamed_addr !type !1 {
  %r = mul i32 %a, 7
  ret i32 %r
}

; CHECK: [[T1]] = !{i64 0, !"_ZTSFiiE"}
; CHECK: [[T2]] = !{i64 0, !"_ZTSMN1A1BEFiiE"}
!0 = !{i64 0, !"_ZTSFiiE"}
!1 = !{i64 0, !"_ZTSMN1A1BEFiiE"}
