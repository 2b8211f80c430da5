; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: functions that differ only in inferred parameter facts (noundef on one, a different range on each) merge; the kept function states only what holds for both: no noundef, and the union of the two ranges.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define internal i32 @first(i32 range(i32 0, 20) %a)
; CHECK-NEXT:    %r = mul i32 %a, 7
define internal i32 @first(i32 noundef range(i32 0, 10) %a) unnamed_addr {
  %r = mul i32 %a, 7
  ret i32 %r
}

; CHECK-NOT: define internal i32 @second(
define internal i32 @second(i32 range(i32 5, 20) %a) unnamed_addr {
  %r = mul i32 %a, 7
  ret i32 %r
}

; CHECK-LABEL: define i32 @caller(
; CHECK-NEXT:    %x = call i32 @first(i32 3)
; CHECK-NEXT:    %y = call i32 @first(i32 15)
define i32 @caller() {
  %x = call i32 @first(i32 3)
  %y = call i32 @second(i32 15)
  %s = add i32 %x, %y
  ret i32 %s
}
