; RUN: %opt-coalesce -passes=coalesce-merge-constants -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; Purpose: two internal functions that differ only in the external function they call share one body that calls through a pointer argument; their callers pass the callee and the originals are gone.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@ga = global i64 0
@gb = global i64 0

; CHECK-LABEL: define i64 @user(
; CHECK-NEXT:    %x = call i64 @f_a.coalesced(ptr %p, ptr @ext_a)
; CHECK-NEXT:    %y = call i64 @f_a.coalesced(ptr %p, ptr @ext_b)
define i64 @user(ptr %p) {
  %x = call i64 @f_a(ptr %p)
  %y = call i64 @f_b(ptr %p)
  %z = add i64 %x, %y
  ret i64 %z
}

; CHECK-NOT: define {{.*}}@f_a(
; CHECK-NOT: define {{.*}}@f_b(
define internal i64 @f_a(ptr %v) {
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

define internal i64 @f_b(ptr %v) {
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

declare i64 @ext_a(i64)
declare i64 @ext_b(i64)

; CHECK-LABEL: define internal i64 @f_a.coalesced(
; CHECK-SAME:    ptr %v, ptr %0) unnamed_addr {
; CHECK-NEXT:    %n = load i64, ptr %v, align 8
; CHECK:         %q = call i64 %0(i64 %n)
