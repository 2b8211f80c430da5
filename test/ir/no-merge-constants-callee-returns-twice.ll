; RUN: %opt-coalesce -passes=coalesce-merge-constants -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; Purpose: functions equal but for which returns_twice function (setjmp, _setjmp) they call are not equal up to constants: the code generator must see such a callee at its call, so it never becomes an argument; both bodies survive.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@ga = global i64 0

; CHECK-LABEL: define i64 @user(
; CHECK-NEXT:    %x = call i64 @f_a(ptr %p, ptr %env)
; CHECK-NEXT:    %y = call i64 @f_b(ptr %p, ptr %env)
define i64 @user(ptr %p, ptr %env) {
  %x = call i64 @f_a(ptr %p, ptr %env)
  %y = call i64 @f_b(ptr %p, ptr %env)
  %z = add i64 %x, %y
  ret i64 %z
}

; CHECK-LABEL: define internal i64 @f_a(
; CHECK:         %q = call i32 @setjmp(ptr %env)
define internal i64 @f_a(ptr %v, ptr %env) {
  %n = load i64, ptr %v, align 8
  %b = mul i64 %n, 24
  %c = add i64 %b, 7
  %d = xor i64 %c, %n
  %q = call i32 @setjmp(ptr %env)
  %w = sext i32 %q to i64
  %f = add i64 %d, %w
  store i64 %f, ptr @ga, align 8
  %g = lshr i64 %f, 3
  %h = mul i64 %g, %b
  ret i64 %h
}

; CHECK-LABEL: define internal i64 @f_b(
; CHECK:         %q = call i32 @_setjmp(ptr %env)
define internal i64 @f_b(ptr %v, ptr %env) {
  %n = load i64, ptr %v, align 8
  %b = mul i64 %n, 24
  %c = add i64 %b, 7
  %d = xor i64 %c, %n
  %q = call i32 @_setjmp(ptr %env)
  %w = sext i32 %q to i64
  %f = add i64 %d, %w
  store i64 %f, ptr @ga, align 8
  %g = lshr i64 %f, 3
  %h = mul i64 %g, %b
  ret i64 %h
}

; CHECK-NOT: define {{.*}}.coalesced(

declare i32 @setjmp(ptr) returns_twice
declare i32 @_setjmp(ptr) returns_twice
