; RUN: %opt-coalesce -passes=coalesce-merge-constants -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; Purpose: two internal functions that differ in a multiplier and in the global they update share one body taking both as arguments; their calls pass the constants and the originals are gone.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@ga = global i64 0
@gb = global i64 0

; CHECK-LABEL: define i64 @user(
; CHECK-NEXT:    %x = call i64 @bytes_a.coalesced(ptr %p, i64 24, ptr @ga)
; CHECK-NEXT:    %y = call i64 @bytes_a.coalesced(ptr %p, i64 40, ptr @gb)
define i64 @user(ptr %p) {
  %x = call i64 @bytes_a(ptr %p)
  %y = call i64 @bytes_b(ptr %p)
  %z = add i64 %x, %y
  ret i64 %z
}

; CHECK-NOT: define {{.*}}@bytes_a(
; CHECK-NOT: define {{.*}}@bytes_b(
define internal i64 @bytes_a(ptr %v) {
  %n = load i64, ptr %v, align 8
  %b = mul i64 %n, 24
  %c = add i64 %b, 7
  %d = xor i64 %c, %n
  %e = load i64, ptr @ga, align 8
  %f = add i64 %d, %e
  store i64 %f, ptr @ga, align 8
  %g = lshr i64 %f, 3
  %h = mul i64 %g, %b
  ret i64 %h
}
define internal i64 @bytes_b(ptr %v) {
  %n = load i64, ptr %v, align 8
  %b = mul i64 %n, 40
  %c = add i64 %b, 7
  %d = xor i64 %c, %n
  %e = load i64, ptr @gb, align 8
  %f = add i64 %d, %e
  store i64 %f, ptr @gb, align 8
  %g = lshr i64 %f, 3
  %h = mul i64 %g, %b
  ret i64 %h
}

; CHECK-LABEL: define internal i64 @bytes_a.coalesced(
; CHECK-SAME:    ptr %v, i64 %0, ptr %1) unnamed_addr {
; CHECK-NEXT:    %n = load i64, ptr %v, align 8
; CHECK-NEXT:    %b = mul i64 %n, %0
; CHECK-NEXT:    %c = add i64 %b, 7
; CHECK:         %e = load i64, ptr %1, align 8
; CHECK:         store i64 %f, ptr %1, align 8
