; RUN: %opt-coalesce -passes=coalesce-merge-constants -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; Purpose: under retpolines (target-features +retpoline-indirect-calls) functions equal but for the function they call are not equal up to constants: an indirect call would go through a retpoline thunk, so the callee never becomes an argument; both bodies survive.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@ga = global i64 0

; CHECK-LABEL: define i64 @user(
; CHECK-NEXT:    %x = call i64 @f_a(ptr %p)
; CHECK-NEXT:    %y = call i64 @f_b(ptr %p)
define i64 @user(ptr %p) #0 {
  %x = call i64 @f_a(ptr %p)
  %y = call i64 @f_b(ptr %p)
  %z = add i64 %x, %y
  ret i64 %z
}

; CHECK-LABEL: define internal i64 @f_a(
; CHECK:         %q = call i64 @ext_a(i64 %n)
define internal i64 @f_a(ptr %v) #0 {
  %n = load i64, ptr %v, align 8
  %b = mul i64 %n, 24
  %c = add i64 %b, 7
  %d = xor i64 %c, %n
  %q = call i64 @ext_a(i64 %n)
  %f = add i64 %d, %q
  store i64 %f, ptr @ga, align 8
  %g = lshr i64 %f, 3
  %h = mul i64 %g, %b
  ret i64 %h
}

; CHECK-LABEL: define internal i64 @f_b(
; CHECK:         %q = call i64 @ext_b(i64 %n)
define internal i64 @f_b(ptr %v) #0 {
  %n = load i64, ptr %v, align 8
  %b = mul i64 %n, 24
  %c = add i64 %b, 7
  %d = xor i64 %c, %n
  %q = call i64 @ext_b(i64 %n)
  %f = add i64 %d, %q
  store i64 %f, ptr @ga, align 8
  %g = lshr i64 %f, 3
  %h = mul i64 %g, %b
  ret i64 %h
}

; CHECK-NOT: define {{.*}}.coalesced(

declare i64 @ext_a(i64)
declare i64 @ext_b(i64)

attributes #0 = { "target-features"="+retpoline-indirect-calls,+retpoline-indirect-branches" }
