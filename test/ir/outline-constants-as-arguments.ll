; RUN: %opt-coalesce -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; RUN: %opt-coalesce -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-print-merges -disable-output %s 2>&1 | FileCheck %s --check-prefix=LIST
; Purpose: the RFC example. Three unlike functions share a run of loads, arithmetic and stores that differs only in one multiplier (10, 12, 14); the run becomes one internal function with the multiplier as an argument, and each site calls it with its own pointer and its own constant.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @use(i32)

; LIST: coalesce: outlined 'coalesce.outlined.0' from 3 sites in {{.*}} (16 instructions, 2 parameters, 0 outputs, ~{{[0-9]+}} bytes)
; LIST: 3 regions outlined into 1 functions

; CHECK-LABEL: define void @f(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @use(i32 %n)
; CHECK-NEXT:    call void @coalesce.outlined.0(ptr %p, i32 10)
; CHECK-NEXT:    ret void
define void @f(ptr %p, i32 %n) minsize {
entry:
  call void @use(i32 %n)
  %v0 = load i32, ptr %p, align 4
  %m0 = mul i32 %v0, 10
  %a1 = getelementptr inbounds i8, ptr %p, i64 4
  %v1 = load i32, ptr %a1, align 4
  %s1 = add i32 %m0, %v1
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
  ret void
}

; CHECK-LABEL: define void @g(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %k = add i32 %n, 1
; CHECK-NEXT:    call void @use(i32 %k)
; CHECK-NEXT:    call void @coalesce.outlined.0(ptr %q, i32 12)
; CHECK-NEXT:    ret void
define void @g(ptr %q, i32 %n) minsize {
entry:
  %k = add i32 %n, 1
  call void @use(i32 %k)
  %v0 = load i32, ptr %q, align 4
  %m0 = mul i32 %v0, 12
  %a1 = getelementptr inbounds i8, ptr %q, i64 4
  %v1 = load i32, ptr %a1, align 4
  %s1 = add i32 %m0, %v1
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
  ret void
}

; CHECK-LABEL: define void @h(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %k = mul i32 %n, 3
; CHECK-NEXT:    call void @use(i32 %k)
; CHECK-NEXT:    call void @use(i32 %n)
; CHECK-NEXT:    call void @coalesce.outlined.0(ptr %r, i32 14)
; CHECK-NEXT:    ret void
define void @h(ptr %r, i32 %n) minsize {
entry:
  %k = mul i32 %n, 3
  call void @use(i32 %k)
  call void @use(i32 %n)
  %v0 = load i32, ptr %r, align 4
  %m0 = mul i32 %v0, 14
  %a1 = getelementptr inbounds i8, ptr %r, i64 4
  %v1 = load i32, ptr %a1, align 4
  %s1 = add i32 %m0, %v1
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
  ret void
}

; The multiplier is the second argument; everything else is the first site's code.
; CHECK-LABEL: define internal void @coalesce.outlined.0(
; CHECK-SAME:    ptr [[P:%[a-z0-9.]+]], i32 [[C:%[a-z0-9.]+]]) unnamed_addr
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %v0 = load i32, ptr [[P]], align 4
; CHECK-NEXT:    %m0 = mul i32 %v0, [[C]]
; CHECK-NEXT:    %a1 = getelementptr inbounds i8, ptr [[P]], i64 4
; CHECK-NEXT:    %v1 = load i32, ptr %a1, align 4
; CHECK-NEXT:    %s1 = add i32 %m0, %v1
; CHECK-NEXT:    %a2 = getelementptr inbounds i8, ptr [[P]], i64 8
; CHECK-NEXT:    %v2 = load i32, ptr %a2, align 4
; CHECK-NEXT:    %x2 = xor i32 %s1, %v2
; CHECK-NEXT:    %a3 = getelementptr inbounds i8, ptr [[P]], i64 12
; CHECK-NEXT:    %v3 = load i32, ptr %a3, align 4
; CHECK-NEXT:    %o3 = or i32 %x2, %v3
; CHECK-NEXT:    store i32 %o3, ptr [[P]], align 4
; CHECK-NEXT:    %sh = shl i32 %o3, 3
; CHECK-NEXT:    store i32 %sh, ptr %a1, align 4
; CHECK-NEXT:    %sub = sub i32 %sh, %v0
; CHECK-NEXT:    store i32 %sub, ptr %a2, align 4
; CHECK-NEXT:    ret void
; CHECK-NEXT:  }
; CHECK-NOT:   define {{.*}}@coalesce.outlined.1
