; RUN: %opt-coalesce -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; Purpose: a value a function already keeps across one of its own calls costs nothing more across the call that replaces a site: @f1..@f3 share a 15-instruction run between two calls of @use, and every value live across the run (%a, %b, %c, %d, %w) already outlives one of those calls, so the run is priced without saved registers for them and outlined. (Priced as if each needed one more saved register, it was left in place.)

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @use(i64)

; CHECK-LABEL: define i64 @f1(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @use(i64 %a)
; CHECK-NEXT:    %w = add i64 %c, 1
; CHECK-NEXT:    call void @coalesce.outlined.[[F:[0-9]+]](ptr %p)
; CHECK-NEXT:    %u = mul i64 %d, 3
; CHECK-NEXT:    call void @use(i64 %u)
define i64 @f1(ptr %p, i64 %a, i64 %b, i64 %c, i64 %d) minsize {
entry:
  call void @use(i64 %a)
  %w = add i64 %c, 1
  %v0 = load i64, ptr %p, align 8
  %a1 = getelementptr inbounds i8, ptr %p, i64 8
  %v1 = load i64, ptr %a1, align 8
  %s1 = add i64 %v0, %v1
  %a2 = getelementptr inbounds i8, ptr %p, i64 16
  %v2 = load i64, ptr %a2, align 8
  %x2 = xor i64 %s1, %v2
  %a3 = getelementptr inbounds i8, ptr %p, i64 24
  %v3 = load i64, ptr %a3, align 8
  %o3 = or i64 %x2, %v3
  store i64 %o3, ptr %p, align 8
  %sh = shl i64 %o3, 3
  store i64 %sh, ptr %a1, align 8
  %sub = sub i64 %sh, %v0
  store i64 %sub, ptr %a2, align 8
  %u = mul i64 %d, 3
  call void @use(i64 %u)
  %t1 = add i64 %a, %b
  %t2 = add i64 %t1, %c
  %t3 = add i64 %t2, %w
  ret i64 %t3
}

; CHECK-LABEL: define i64 @f2(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @use(i64 %a)
; CHECK-NEXT:    %w = xor i64 %c, 1
; CHECK-NEXT:    call void @coalesce.outlined.[[F:[0-9]+]](ptr %p)
; CHECK-NEXT:    %u = udiv i64 %d, 3
; CHECK-NEXT:    call void @use(i64 %u)
define i64 @f2(ptr %p, i64 %a, i64 %b, i64 %c, i64 %d) minsize {
entry:
  call void @use(i64 %a)
  %w = xor i64 %c, 1
  %v0 = load i64, ptr %p, align 8
  %a1 = getelementptr inbounds i8, ptr %p, i64 8
  %v1 = load i64, ptr %a1, align 8
  %s1 = add i64 %v0, %v1
  %a2 = getelementptr inbounds i8, ptr %p, i64 16
  %v2 = load i64, ptr %a2, align 8
  %x2 = xor i64 %s1, %v2
  %a3 = getelementptr inbounds i8, ptr %p, i64 24
  %v3 = load i64, ptr %a3, align 8
  %o3 = or i64 %x2, %v3
  store i64 %o3, ptr %p, align 8
  %sh = shl i64 %o3, 3
  store i64 %sh, ptr %a1, align 8
  %sub = sub i64 %sh, %v0
  store i64 %sub, ptr %a2, align 8
  %u = udiv i64 %d, 3
  call void @use(i64 %u)
  %t1 = add i64 %a, %b
  %t2 = add i64 %t1, %c
  %t3 = add i64 %t2, %w
  ret i64 %t3
}

; CHECK-LABEL: define i64 @f3(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @use(i64 %a)
; CHECK-NEXT:    %w = or i64 %c, 1
; CHECK-NEXT:    call void @coalesce.outlined.[[F:[0-9]+]](ptr %p)
; CHECK-NEXT:    %u = shl i64 %d, 3
; CHECK-NEXT:    call void @use(i64 %u)
define i64 @f3(ptr %p, i64 %a, i64 %b, i64 %c, i64 %d) minsize {
entry:
  call void @use(i64 %a)
  %w = or i64 %c, 1
  %v0 = load i64, ptr %p, align 8
  %a1 = getelementptr inbounds i8, ptr %p, i64 8
  %v1 = load i64, ptr %a1, align 8
  %s1 = add i64 %v0, %v1
  %a2 = getelementptr inbounds i8, ptr %p, i64 16
  %v2 = load i64, ptr %a2, align 8
  %x2 = xor i64 %s1, %v2
  %a3 = getelementptr inbounds i8, ptr %p, i64 24
  %v3 = load i64, ptr %a3, align 8
  %o3 = or i64 %x2, %v3
  store i64 %o3, ptr %p, align 8
  %sh = shl i64 %o3, 3
  store i64 %sh, ptr %a1, align 8
  %sub = sub i64 %sh, %v0
  store i64 %sub, ptr %a2, align 8
  %u = shl i64 %d, 3
  call void @use(i64 %u)
  %t1 = add i64 %a, %b
  %t2 = add i64 %t1, %c
  %t3 = add i64 %t2, %w
  ret i64 %t3
}

; CHECK-LABEL: define internal void @coalesce.outlined.
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %v0 = load i64, ptr %p, align 8
; CHECK:         store i64 %sub, ptr %a2, align 8
; CHECK-NEXT:    ret void
