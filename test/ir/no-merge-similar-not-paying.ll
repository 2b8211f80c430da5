; RUN: %opt-coalesce -passes=coalesce-merge-similar -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; RUN: %opt-coalesce -passes=coalesce-merge-similar -coalesce-runtime-budget=1000 -coalesce-print-merges -disable-output %s 2>&1 | FileCheck %s --check-prefix=LIST
; Purpose: two small similar functions (13 instructions) that differ in many places (a call each, at different places, and six operands) are not merged: the selects and branches cost about what the shared code saves, so the merge does not pay by the size model; both bodies stay.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @trace(i32)
@ga = global i32 0

; LIST: not merged 'small_a' with 'small_b': similar: does not pay: saves {{-?[0-9]+}} bytes by the size model
; LIST: 0 merged (0 replaced, 0 aliases, 0 thunks)

; CHECK-LABEL: define i32 @user(
; CHECK-NEXT:    %x = call i32 @small_a(ptr %p, i32 %n)
; CHECK-NEXT:    %y = call i32 @small_b(ptr %p, i32 %n)
define i32 @user(ptr %p, i32 %n) {
  %x = call i32 @small_a(ptr %p, i32 %n)
  %y = call i32 @small_b(ptr %p, i32 %n)
  %z = add i32 %x, %y
  ret i32 %z
}

; CHECK-LABEL: define internal i32 @small_a(
; CHECK-NEXT:    %k = load i32, ptr %v, align 4
; CHECK-NEXT:    %b = mul i32 %k, %n
; CHECK-NEXT:    %c = add i32 %b, 7
; CHECK-NEXT:    call void @trace(i32 %c)
define internal i32 @small_a(ptr %v, i32 %n) {
  %k = load i32, ptr %v, align 4
  %b = mul i32 %k, %n
  %c = add i32 %b, 7
  call void @trace(i32 %c)
  %d = xor i32 %c, %k
  %s = shl i32 %d, 2
  %t = sub i32 %s, %b
  store i32 %t, ptr @ga, align 4
  %g = lshr i32 %t, 3
  %h = mul i32 %g, %b
  %h2 = or i32 %h, %c
  %h3 = and i32 %h2, 65535
  ret i32 %h3
}

; CHECK-LABEL: define internal i32 @small_b(
; CHECK-NEXT:    %k = load i32, ptr %v, align 4
; CHECK-NEXT:    %b = mul i32 %k, %k
; CHECK-NEXT:    %c = add i32 %b, 9
; CHECK-NEXT:    %d = xor i32 %c, %n
define internal i32 @small_b(ptr %v, i32 %n) {
  %k = load i32, ptr %v, align 4
  %b = mul i32 %k, %k
  %c = add i32 %b, 9
  %d = xor i32 %c, %n
  %s = shl i32 %d, 2
  %t = sub i32 %s, %b
  store i32 %t, ptr %v, align 4
  %g = lshr i32 %t, 3
  call void @trace(i32 %g)
  %h = mul i32 %g, %b
  %h2 = or i32 %h, %n
  %h3 = and i32 %h2, 4095
  ret i32 %h3
}

; CHECK-NOT: .similar
