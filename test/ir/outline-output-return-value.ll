; RUN: %opt-coalesce -coalesce-outline-min-benefit=8 -coalesce-outline-min-total=0 -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; RUN: %opt-coalesce -coalesce-outline-min-benefit=8 -coalesce-outline-min-total=0 -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-print-merges -disable-output %s 2>&1 | FileCheck %s --check-prefix=LIST
; Purpose: a region whose one value (%sub) is used after it at every site hands it back as the outlined function's return value: no stack slot, no pointer argument, and each site's later use takes the call's result.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; LIST: coalesce: outlined 'coalesce.outlined.0' from 3 sites in {{.*}} (15 instructions, 1 parameters, 1 outputs, ~{{[0-9]+}} bytes)

; CHECK-LABEL: define i32 @f(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %n2 = add i32 %n, 7
; CHECK-NEXT:    [[F:%[0-9]+]] = call i32 @coalesce.outlined.0(ptr %p)
; CHECK-NEXT:    %r = add i32 [[F]], %n2
; CHECK-NEXT:    ret i32 %r
define i32 @f(ptr %p, i32 %n) minsize {
entry:
  %n2 = add i32 %n, 7
  %v0 = load i32, ptr %p, align 4
  %a1 = getelementptr inbounds i8, ptr %p, i64 4
  %v1 = load i32, ptr %a1, align 4
  %s1 = add i32 %v0, %v1
  %a2 = getelementptr inbounds i8, ptr %p, i64 8
  %v2 = load i32, ptr %a2, align 4
  %x2 = xor i32 %s1, %v2
  %a3 = getelementptr inbounds i8, ptr %p, i64 12
  %v3 = load i32, ptr %a3, align 4
  %o3 = or i32 %x2, %v3
  store i32 %o3, ptr %p, align 4
  %sh = shl i32 %o3, 3
  store i32 %sh, ptr %a1, align 4
  %sub = sub i32 %sh, %v0
  store i32 %sub, ptr %a2, align 4
  %r = add i32 %sub, %n2
  ret i32 %r
}

; CHECK-LABEL: define i32 @g(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %k = udiv i32 %n, 3
; CHECK-NEXT:    %k2 = or i32 %k, 1
; CHECK-NEXT:    [[G:%[0-9]+]] = call i32 @coalesce.outlined.0(ptr %q)
; CHECK-NEXT:    %r = mul i32 [[G]], %k2
; CHECK-NEXT:    ret i32 %r
define i32 @g(ptr %q, i32 %n) minsize {
entry:
  %k = udiv i32 %n, 3
  %k2 = or i32 %k, 1
  %v0 = load i32, ptr %q, align 4
  %a1 = getelementptr inbounds i8, ptr %q, i64 4
  %v1 = load i32, ptr %a1, align 4
  %s1 = add i32 %v0, %v1
  %a2 = getelementptr inbounds i8, ptr %q, i64 8
  %v2 = load i32, ptr %a2, align 4
  %x2 = xor i32 %s1, %v2
  %a3 = getelementptr inbounds i8, ptr %q, i64 12
  %v3 = load i32, ptr %a3, align 4
  %o3 = or i32 %x2, %v3
  store i32 %o3, ptr %q, align 4
  %sh = shl i32 %o3, 3
  store i32 %sh, ptr %a1, align 4
  %sub = sub i32 %sh, %v0
  store i32 %sub, ptr %a2, align 4
  %r = mul i32 %sub, %k2
  ret i32 %r
}

; CHECK-LABEL: define i32 @h(
; CHECK-NOT:     load
; CHECK:         [[H:%[0-9]+]] = call i32 @coalesce.outlined.0(ptr %r)
; CHECK-NEXT:    ret i32 [[H]]
define i32 @h(ptr %r, i32 %n) minsize {
entry:
  %v0 = load i32, ptr %r, align 4
  %a1 = getelementptr inbounds i8, ptr %r, i64 4
  %v1 = load i32, ptr %a1, align 4
  %s1 = add i32 %v0, %v1
  %a2 = getelementptr inbounds i8, ptr %r, i64 8
  %v2 = load i32, ptr %a2, align 4
  %x2 = xor i32 %s1, %v2
  %a3 = getelementptr inbounds i8, ptr %r, i64 12
  %v3 = load i32, ptr %a3, align 4
  %o3 = or i32 %x2, %v3
  store i32 %o3, ptr %r, align 4
  %sh = shl i32 %o3, 3
  store i32 %sh, ptr %a1, align 4
  %sub = sub i32 %sh, %v0
  store i32 %sub, ptr %a2, align 4
  ret i32 %sub
}

; One pointer in, %sub back as the return value; no slots.
; CHECK-LABEL: define internal i32 @coalesce.outlined.0(
; CHECK-SAME:    ptr [[P:%[a-z0-9.]+]]) unnamed_addr
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %v0 = load i32, ptr [[P]], align 4
; CHECK:         %sub = sub i32 %sh, %v0
; CHECK-NEXT:    store i32 %sub, ptr %a2, align 4
; CHECK-NEXT:    ret i32 %sub
; CHECK-NEXT:  }
