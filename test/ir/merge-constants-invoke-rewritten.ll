; RUN: %opt-coalesce -passes=coalesce-merge-constants -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; Purpose: invokes of a merged function are rewritten like calls: same normal and unwind destinations, the constants appended.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@ga = global i64 0
@gb = global i64 0

declare i32 @__gxx_personality_v0(...)

; CHECK-LABEL: define i64 @user(
; CHECK:         %x = invoke i64 @bytes_a.coalesced(ptr %p, i64 24, ptr @ga)
; CHECK-NEXT:            to label %ok unwind label %lp
; CHECK:         %y = call i64 @bytes_a.coalesced(ptr %p, i64 40, ptr @gb)
define i64 @user(ptr %p) personality ptr @__gxx_personality_v0 {
entry:
  %x = invoke i64 @bytes_a(ptr %p) to label %ok unwind label %lp
ok:
  %y = call i64 @bytes_b(ptr %p)
  %z = add i64 %x, %y
  ret i64 %z
lp:
  %l = landingpad { ptr, i32 } cleanup
  ret i64 0
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
