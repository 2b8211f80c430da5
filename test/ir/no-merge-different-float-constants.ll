; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: functions that differ only in the sign of a floating-point zero (+0.0 vs -0.0, different bits, different results) are not equal; both bodies survive.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define float @first(
; CHECK-NEXT:    %r = fadd float %a, 0.000000e+00
define float @first(float %a) {
  %r = fadd float %a, 0.000000e+00
  ret float %r
}

; CHECK-LABEL: define float @second(
; CHECK-NEXT:    %r = fadd float %a, -0.000000e+00
define float @second(float %a) {
  %r = fadd float %a, -0.000000e+00
  ret float %r
}
