; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: @mid1 and @mid2 differ only in their callees (@leaf1, @leaf2); once the leaves merge, the callers are identical and merge in a later round.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define internal i32 @leaf1(
; CHECK-NEXT:    %s = mul i32 %a, 7
define internal i32 @leaf1(i32 %a) unnamed_addr {
  %s = mul i32 %a, 7
  ret i32 %s
}

; CHECK-NOT: @leaf2
define internal i32 @leaf2(i32 %a) unnamed_addr {
  %s = mul i32 %a, 7
  ret i32 %s
}

; CHECK-LABEL: define internal i32 @mid1(
; CHECK-NEXT:    %r = call i32 @leaf1(i32 %a)
; CHECK-NEXT:    %s = xor i32 %r, 3
define internal i32 @mid1(i32 %a) unnamed_addr {
  %r = call i32 @leaf1(i32 %a)
  %s = xor i32 %r, 3
  ret i32 %s
}

; CHECK-NOT: @mid2
define internal i32 @mid2(i32 %a) unnamed_addr {
  %r = call i32 @leaf2(i32 %a)
  %s = xor i32 %r, 3
  ret i32 %s
}

; CHECK-LABEL: define i32 @caller(
; CHECK-NEXT:    %a = call i32 @mid1(i32 1)
; CHECK-NEXT:    %b = call i32 @mid1(i32 2)
define i32 @caller() {
  %a = call i32 @mid1(i32 1)
  %b = call i32 @mid2(i32 2)
  %s = add i32 %a, %b
  ret i32 %s
}
