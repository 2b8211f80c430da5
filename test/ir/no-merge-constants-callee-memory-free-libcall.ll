; RUN: %opt-coalesce -passes=coalesce-merge-constants -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; Purpose: functions equal but for which memory-free library function (sqrt, floor: declarations with memory(none), which the code generator may turn into one instruction) they call are not equal up to constants: the code generator may expand such a call in place, so its callee never becomes an argument; both bodies survive.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@ga = global double 0.0

; CHECK-LABEL: define double @user(
; CHECK-NEXT:    %x = call double @f_a(ptr %p)
; CHECK-NEXT:    %y = call double @f_b(ptr %p)
define double @user(ptr %p) {
  %x = call double @f_a(ptr %p)
  %y = call double @f_b(ptr %p)
  %z = fadd double %x, %y
  ret double %z
}

; CHECK-LABEL: define internal double @f_a(
; CHECK:         %q = call double @sqrt(double %d)
define internal double @f_a(ptr %v) {
  %n = load double, ptr %v, align 8
  %b = fmul double %n, 2.400000e+01
  %c = fadd double %b, 7.000000e+00
  %d = fmul double %c, %n
  %q = call double @sqrt(double %d)
  %e = load double, ptr @ga, align 8
  %f = fadd double %q, %e
  store double %f, ptr @ga, align 8
  %g = fmul double %f, 3.000000e+00
  %h = fmul double %g, %b
  ret double %h
}

; CHECK-LABEL: define internal double @f_b(
; CHECK:         %q = call double @floor(double %d)
define internal double @f_b(ptr %v) {
  %n = load double, ptr %v, align 8
  %b = fmul double %n, 2.400000e+01
  %c = fadd double %b, 7.000000e+00
  %d = fmul double %c, %n
  %q = call double @floor(double %d)
  %e = load double, ptr @ga, align 8
  %f = fadd double %q, %e
  store double %f, ptr @ga, align 8
  %g = fmul double %f, 3.000000e+00
  %h = fmul double %g, %b
  ret double %h
}

; CHECK-NOT: define {{.*}}.coalesced(

declare double @sqrt(double) memory(none)
declare double @floor(double) memory(none)
