; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: a weak unnamed_addr duplicate of a strong function becomes a weak alias of the strong body, so a definition elsewhere can still override it; calls of the weak name are not redirected.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: @weakdup = weak unnamed_addr alias i32 (i32), ptr @strong

; CHECK-LABEL: define i32 @strong(
; CHECK-NEXT:    %s = mul i32 %a, 7
; CHECK-NEXT:    ret i32 %s
define i32 @strong(i32 %a) unnamed_addr {
  %s = mul i32 %a, 7
  ret i32 %s
}

; CHECK-NOT: define {{.*}}@weakdup(
define weak i32 @weakdup(i32 %x) unnamed_addr {
  %t = mul i32 %x, 7
  ret i32 %t
}

; CHECK-LABEL: define i32 @caller(
; CHECK-NEXT:    %a = call i32 @strong(i32 1)
; CHECK-NEXT:    %b = call i32 @weakdup(i32 2)
define i32 @caller() {
  %a = call i32 @strong(i32 1)
  %b = call i32 @weakdup(i32 2)
  %s = add i32 %a, %b
  ret i32 %s
}
