; RUN: %opt-coalesce -passes=coalesce-merge-constants -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; Purpose: a member called so often that passing its constants at every call would cost more than its body is left out of the class; the others still merge.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@ga = global i64 0
@gb = global i64 0
@gc = global i64 0

; CHECK-LABEL: define i64 @user(
; CHECK-NEXT:    %x = call i64 @bytes_a.coalesced(ptr %p, i64 24, ptr @ga)
; CHECK-NEXT:    %y = call i64 @bytes_a.coalesced(ptr %p, i64 40, ptr @gb)
define i64 @user(ptr %p) {
  %x = call i64 @bytes_a(ptr %p)
  %y = call i64 @bytes_b(ptr %p)
  %z = add i64 %x, %y
  ret i64 %z
}

; CHECK-LABEL: define i64 @many(
; CHECK-COUNT-8: call i64 @bytes_c(ptr %p)
define i64 @many(ptr %p) {
  %c0 = call i64 @bytes_c(ptr %p)
  %c1 = call i64 @bytes_c(ptr %p)
  %c2 = call i64 @bytes_c(ptr %p)
  %c3 = call i64 @bytes_c(ptr %p)
  %c4 = call i64 @bytes_c(ptr %p)
  %c5 = call i64 @bytes_c(ptr %p)
  %c6 = call i64 @bytes_c(ptr %p)
  %c7 = call i64 @bytes_c(ptr %p)
  %s = add i64 %c0, %c7
  ret i64 %s
}
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

; CHECK-LABEL: define internal i64 @bytes_c(
; CHECK-NEXT:    %n = load i64, ptr %v, align 8
; CHECK-NEXT:    %b = mul i64 %n, 56
define internal i64 @bytes_c(ptr %v) {
  %n = load i64, ptr %v, align 8
  %b = mul i64 %n, 56
  %c = add i64 %b, 7
  %d = xor i64 %c, %n
  %e = load i64, ptr @gc, align 8
  %f = add i64 %d, %e
  store i64 %f, ptr @gc, align 8
  %g = lshr i64 %f, 3
  %h = mul i64 %g, %b
  ret i64 %h
}
