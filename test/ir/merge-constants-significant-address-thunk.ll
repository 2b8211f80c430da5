; RUN: %opt-coalesce -passes=coalesce-merge-constants -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; Purpose: functions whose address is significant (external, no unnamed_addr) keep their names as thunks that pass their constants to the shared body.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@ga = global i64 0
@gb = global i64 0

; CHECK-LABEL: define i64 @bytes_a(
; CHECK-SAME:    ptr [[A:%[0-9]+]])
; CHECK-NEXT:    [[R:%[0-9]+]] = tail call i64 @bytes_a.coalesced(ptr [[A]], i64 24, ptr @ga)
; CHECK-NEXT:    ret i64 [[R]]
define i64 @bytes_a(ptr %v) {
  %n = load i64, ptr %v, align 8
  %b = mul i64 %n, 24
  %c = add i64 %b, 7
  %d = xor i64 %c, %n
  %e = load i64, ptr @ga, align 8
  %f = add i64 %d, %e
  store i64 %f, ptr @ga, align 8
  %g = lshr i64 %f, 3
  %h = mul i64 %g, %b
  %x0 = mul i64 %h, 3
  store i64 %x0, ptr %v, align 8
  %x1 = mul i64 %h, 4
  store i64 %x1, ptr %v, align 8
  %x2 = mul i64 %h, 5
  store i64 %x2, ptr %v, align 8
  %x3 = mul i64 %h, 6
  store i64 %x3, ptr %v, align 8
  %x4 = mul i64 %h, 7
  store i64 %x4, ptr %v, align 8
  %x5 = mul i64 %h, 8
  store i64 %x5, ptr %v, align 8
  ret i64 %h
}

; CHECK-LABEL: define i64 @bytes_b(
; CHECK-NEXT:    %1 = tail call i64 @bytes_a.coalesced(ptr %v, i64 40, ptr @gb)
; CHECK-NEXT:    ret i64 %1
define i64 @bytes_b(ptr %v) {
  %n = load i64, ptr %v, align 8
  %b = mul i64 %n, 40
  %c = add i64 %b, 7
  %d = xor i64 %c, %n
  %e = load i64, ptr @gb, align 8
  %f = add i64 %d, %e
  store i64 %f, ptr @gb, align 8
  %g = lshr i64 %f, 3
  %h = mul i64 %g, %b
  %x0 = mul i64 %h, 3
  store i64 %x0, ptr %v, align 8
  %x1 = mul i64 %h, 4
  store i64 %x1, ptr %v, align 8
  %x2 = mul i64 %h, 5
  store i64 %x2, ptr %v, align 8
  %x3 = mul i64 %h, 6
  store i64 %x3, ptr %v, align 8
  %x4 = mul i64 %h, 7
  store i64 %x4, ptr %v, align 8
  %x5 = mul i64 %h, 8
  store i64 %x5, ptr %v, align 8
  ret i64 %h
}

; CHECK-LABEL: define internal i64 @bytes_a.coalesced(
; CHECK-SAME:    ptr %v, i64 %0, ptr %1) unnamed_addr {
; CHECK-NEXT:    %n = load i64, ptr %v, align 8
; CHECK-NEXT:    %b = mul i64 %n, %0
