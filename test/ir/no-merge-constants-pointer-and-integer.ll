; RUN: %opt-coalesce -passes=coalesce-merge-constants -coalesce-verify -coalesce-print-merges -S %s 2>&1 | FileCheck %s
; Purpose: a site where one member stores a pointer constant and the other an integer constant (types the order treats alike) would need a conversion at every call; the class is left alone and both bodies survive.

; CHECK: coalesce: not merged 'f_a' with 'f_b': up to constants: constants of different types (a pointer and an integer) at one place would need converting at every call

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@ga = global i64 0

define i64 @user(ptr %p) {
  %x = call i64 @f_a(ptr %p)
  %y = call i64 @f_b(ptr %p)
  %z = add i64 %x, %y
  ret i64 %z
}

; CHECK-LABEL: define internal i64 @f_a(
; CHECK:         store ptr @ga, ptr %v, align 8
define internal i64 @f_a(ptr %v) {
  %n = load i64, ptr %v, align 8
  %b = mul i64 %n, 24
  %c = add i64 %b, 7
  %d = xor i64 %c, %n
  %e = load i64, ptr @ga, align 8
  %f = add i64 %d, %e
  store i64 %f, ptr @ga, align 8
  %g = lshr i64 %f, 3
  %h = mul i64 %g, %b
  store ptr @ga, ptr %v, align 8
  ret i64 %h
}

; CHECK-LABEL: define internal i64 @f_b(
; CHECK:         store i64 5, ptr %v, align 8
define internal i64 @f_b(ptr %v) {
  %n = load i64, ptr %v, align 8
  %b = mul i64 %n, 40
  %c = add i64 %b, 7
  %d = xor i64 %c, %n
  %e = load i64, ptr @ga, align 8
  %f = add i64 %d, %e
  store i64 %f, ptr @ga, align 8
  %g = lshr i64 %f, 3
  %h = mul i64 %g, %b
  store i64 5, ptr %v, align 8
  ret i64 %h
}
