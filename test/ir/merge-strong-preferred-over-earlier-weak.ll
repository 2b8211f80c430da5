; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: when the weak function comes first in the module, the strong one still keeps the body and the weak one becomes a weak thunk to it (the body is large enough to pay for one).

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define weak i32 @weakfirst(i32 %a) {
; CHECK-NEXT:    %1 = tail call i32 @strongsecond(i32 %a)
; CHECK-NEXT:    ret i32 %1
; CHECK-NEXT:  }
define weak i32 @weakfirst(i32 %a) {
  %s = mul i32 %a, 7
  %t = xor i32 %s, 12345
  %u = call i32 @ext(i32 %t)
  %v = add i32 %u, %s
  ret i32 %v
}

; CHECK-LABEL: define i32 @strongsecond(
; CHECK-NEXT:    %t = mul i32 %x, 7
; CHECK-NEXT:    %u = xor i32 %t, 12345
; CHECK-NEXT:    %v = call i32 @ext(i32 %u)
; CHECK-NEXT:    %w = add i32 %v, %t
; CHECK-NEXT:    ret i32 %w
define i32 @strongsecond(i32 %x) {
  %t = mul i32 %x, 7
  %u = xor i32 %t, 12345
  %v = call i32 @ext(i32 %u)
  %w = add i32 %v, %t
  ret i32 %w
}

; CHECK-LABEL: define i32 @caller(
; CHECK-NEXT:    %a = call i32 @weakfirst(i32 1)
; CHECK-NEXT:    %b = call i32 @strongsecond(i32 2)
define i32 @caller() {
  %a = call i32 @weakfirst(i32 1)
  %b = call i32 @strongsecond(i32 2)
  %s = add i32 %a, %b
  ret i32 %s
}

declare i32 @ext(i32)
