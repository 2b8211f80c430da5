; RUN: %opt-coalesce -passes=coalesce-merge-constants -coalesce-verify -coalesce-print-merges -S %s 2>&1 | FileCheck %s
; Purpose: functions that differ in more constants than -coalesce-max-constant-parameters allows (5 > 4) are not merged, with the reason in the listing; both bodies survive.

; CHECK: coalesce: not merged 'f_a' with 'f_b': up to constants: 5 constants differ; at most 4 become parameters

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
; CHECK-NEXT:    %b = mul i64 %n, 100
define internal i64 @f_a(ptr %v) {
  %n = load i64, ptr %v, align 8
  %b = mul i64 %n, 100
  %c = add i64 %b, 101
  %d = xor i64 %c, 102
  %q = or i64 %d, 103
  %f = add i64 %d, %q
  %g = lshr i64 %f, 3
  %h = mul i64 %g, 104
  store i64 %h, ptr @ga, align 8
  ret i64 %h
}

; CHECK-LABEL: define internal i64 @f_b(
; CHECK-NEXT:    %n = load i64, ptr %v, align 8
; CHECK-NEXT:    %b = mul i64 %n, 200
define internal i64 @f_b(ptr %v) {
  %n = load i64, ptr %v, align 8
  %b = mul i64 %n, 200
  %c = add i64 %b, 201
  %d = xor i64 %c, 202
  %q = or i64 %d, 203
  %f = add i64 %d, %q
  %g = lshr i64 %f, 3
  %h = mul i64 %g, 204
  store i64 %h, ptr @ga, align 8
  ret i64 %h
}
