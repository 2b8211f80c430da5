; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: a weak duplicate (address significant) of a strong function becomes a weak thunk to the strong body (the body is large enough to pay for one); its linkage stays weak and calls of the weak name are not redirected (it may be overridden at link time).

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-NOT: {{^@.* alias }}

; CHECK-LABEL: define i32 @strong(
; CHECK-NEXT:    %s = mul i32 %a, 7
; CHECK-NEXT:    %t = xor i32 %s, 12345
; CHECK-NEXT:    %u = call i32 @ext(i32 %t)
; CHECK-NEXT:    %v = add i32 %u, %s
; CHECK-NEXT:    ret i32 %v
define i32 @strong(i32 %a) {
  %s = mul i32 %a, 7
  %t = xor i32 %s, 12345
  %u = call i32 @ext(i32 %t)
  %v = add i32 %u, %s
  ret i32 %v
}

; CHECK-LABEL: define weak i32 @weakdup(i32 %x) {
; CHECK-NEXT:    %1 = tail call i32 @strong(i32 %x)
; CHECK-NEXT:    ret i32 %1
; CHECK-NEXT:  }
define weak i32 @weakdup(i32 %x) {
  %s = mul i32 %x, 7
  %t = xor i32 %s, 12345
  %u = call i32 @ext(i32 %t)
  %v = add i32 %u, %s
  ret i32 %v
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

declare i32 @ext(i32)
