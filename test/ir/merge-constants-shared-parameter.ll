; RUN: %opt-coalesce -passes=coalesce-merge-constants -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; Purpose: sites whose constants agree member for member (the same global loaded and stored) share one parameter; a constant that is the same in every member stays a constant.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@ga = global i64 0
@gb = global i64 0

define i64 @user(ptr %p) {
  %x = call i64 @bytes_a(ptr %p)
  %y = call i64 @bytes_b(ptr %p)
  %z = add i64 %x, %y
  ret i64 %z
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
  %b = mul i64 %n, 24
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
; CHECK-SAME:    ptr %v, ptr %0) unnamed_addr {
; CHECK-NEXT:    %n = load i64, ptr %v, align 8
; CHECK-NEXT:    %b = mul i64 %n, 24
; CHECK-NEXT:    %c = add i64 %b, 7
; CHECK-NEXT:    %d = xor i64 %c, %n
; CHECK-NEXT:    %e = load i64, ptr %0, align 8
; CHECK-NEXT:    %f = add i64 %d, %e
; CHECK-NEXT:    store i64 %f, ptr %0, align 8
