; RUN: %opt-coalesce -passes=coalesce-merge-constants -coalesce-verify -S %s | FileCheck %s
; Purpose: functions that read different fields of a struct (GEP offsets) are not merged up to constants: a GEP index is part of the structure; both bodies survive.

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
; CHECK:         %fp = getelementptr inbounds { i64, i64, i64 }, ptr %v, i64 0, i32 1
define internal i64 @f_a(ptr %v) {
  %n = load i64, ptr %v, align 8
  %b = mul i64 %n, 24
  %c = add i64 %b, 7
  %d = xor i64 %c, %n
  %fp = getelementptr inbounds { i64, i64, i64 }, ptr %v, i64 0, i32 1
  %q = load i64, ptr %fp
  %f = add i64 %d, %q
  store i64 %f, ptr @ga, align 8
  %g = lshr i64 %f, 3
  %h = mul i64 %g, %b
  ret i64 %h
}

; CHECK-LABEL: define internal i64 @f_b(
; CHECK:         %fp = getelementptr inbounds { i64, i64, i64 }, ptr %v, i64 0, i32 2
define internal i64 @f_b(ptr %v) {
  %n = load i64, ptr %v, align 8
  %b = mul i64 %n, 24
  %c = add i64 %b, 7
  %d = xor i64 %c, %n
  %fp = getelementptr inbounds { i64, i64, i64 }, ptr %v, i64 0, i32 2
  %q = load i64, ptr %fp
  %f = add i64 %d, %q
  store i64 %f, ptr @ga, align 8
  %g = lshr i64 %f, 3
  %h = mul i64 %g, %b
  ret i64 %h
}
