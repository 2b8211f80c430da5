; RUN: %opt-coalesce -passes=coalesce-merge-constants -coalesce-runtime-budget=1000 -coalesce-verify -coalesce-print-merges -S %s 2>&1 | FileCheck %s
; Purpose: functions too small for the cost of passing their constants to pay off are not merged, with the estimate in the listing; both bodies survive.

; CHECK: coalesce: not merged 'f_a' with 'f_b': up to constants: would save {{[0-9]+}} bytes (size model, x86_64), less than the margin of 16

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@ga = global i64 0
@gb = global i64 0

define i64 @user(ptr %p) {
  %x = call i64 @f_a(ptr %p)
  %y = call i64 @f_b(ptr %p)
  %z = add i64 %x, %y
  ret i64 %z
}

; CHECK-LABEL: define internal i64 @f_a(
; CHECK-NEXT:    %n = load i64, ptr %v, align 8
; CHECK-NEXT:    %b = mul i64 %n, 24
define internal i64 @f_a(ptr %v) {
  %n = load i64, ptr %v, align 8
  %b = mul i64 %n, 24
  ret i64 %b
}

; CHECK-LABEL: define internal i64 @f_b(
; CHECK-NEXT:    %n = load i64, ptr %v, align 8
; CHECK-NEXT:    %b = mul i64 %n, 40
define internal i64 @f_b(ptr %v) {
  %n = load i64, ptr %v, align 8
  %b = mul i64 %n, 40
  ret i64 %b
}
