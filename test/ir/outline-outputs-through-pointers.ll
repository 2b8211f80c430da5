; RUN: %opt-coalesce -coalesce-outline-min-benefit=8 -coalesce-outline-min-total=0 -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; RUN: %opt-coalesce -coalesce-outline-min-benefit=8 -coalesce-outline-min-total=0 -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-print-merges -disable-output %s 2>&1 | FileCheck %s --check-prefix=LIST
; Purpose: a region with three values used after it (%v1, %o3, %sub) at every site returns one (the first of the tied outputs, %v1) and hands the others back through pointer arguments: each caller gets entry-block allocas, passes their addresses, reloads them right after the call, and its later uses take the reloads.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; LIST: coalesce: outlined 'coalesce.outlined.0' from 3 sites in {{.*}} (21 instructions, 1 parameters, 3 outputs, ~{{[0-9]+}} bytes)

; CHECK-LABEL: define i32 @f(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[FS1:%[a-z0-9.]+]] = alloca i32, align 4
; CHECK-NEXT:    [[FS0:%[a-z0-9.]+]] = alloca i32, align 4
; CHECK-NEXT:    %n2 = add i32 %n, 7
; CHECK-NEXT:    [[FV1:%[0-9]+]] = call i32 @coalesce.outlined.0(ptr %p, ptr [[FS0]], ptr [[FS1]])
; CHECK-NEXT:    [[FO3:%[a-z0-9.]+]] = load i32, ptr [[FS0]], align 4
; CHECK-NEXT:    [[FSUB:%[a-z0-9.]+]] = load i32, ptr [[FS1]], align 4
; CHECK-NEXT:    %r = add i32 [[FSUB]], %n2
; CHECK-NEXT:    %r2 = xor i32 %r, [[FO3]]
; CHECK-NEXT:    %r3 = mul i32 %r2, [[FV1]]
; CHECK-NEXT:    ret i32 %r3
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
  %a4 = getelementptr inbounds i8, ptr %p, i64 16
  %v4 = load i32, ptr %a4, align 4
  %y4 = and i32 %sub, %v4
  store i32 %y4, ptr %a3, align 4
  %z4 = add i32 %y4, %s1
  store i32 %z4, ptr %a4, align 4
  %r = add i32 %sub, %n2
  %r2 = xor i32 %r, %o3
  %r3 = mul i32 %r2, %v1
  ret i32 %r3
}

; CHECK-LABEL: define i32 @g(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[GS1:%[a-z0-9.]+]] = alloca i32, align 4
; CHECK-NEXT:    [[GS0:%[a-z0-9.]+]] = alloca i32, align 4
; CHECK-NEXT:    %k = udiv i32 %n, 3
; CHECK-NEXT:    %k2 = or i32 %k, 1
; CHECK-NEXT:    [[GV1:%[0-9]+]] = call i32 @coalesce.outlined.0(ptr %q, ptr [[GS0]], ptr [[GS1]])
; CHECK-NEXT:    [[GO3:%[a-z0-9.]+]] = load i32, ptr [[GS0]], align 4
; CHECK-NEXT:    [[GSUB:%[a-z0-9.]+]] = load i32, ptr [[GS1]], align 4
; CHECK-NEXT:    %r = mul i32 [[GSUB]], %k2
; CHECK-NEXT:    %r2 = sub i32 [[GO3]], %r
; CHECK-NEXT:    %r3 = udiv i32 [[GV1]], %r2
; CHECK-NEXT:    ret i32 %r3
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
  %a4 = getelementptr inbounds i8, ptr %q, i64 16
  %v4 = load i32, ptr %a4, align 4
  %y4 = and i32 %sub, %v4
  store i32 %y4, ptr %a3, align 4
  %z4 = add i32 %y4, %s1
  store i32 %z4, ptr %a4, align 4
  %r = mul i32 %sub, %k2
  %r2 = sub i32 %o3, %r
  %r3 = udiv i32 %v1, %r2
  ret i32 %r3
}

; CHECK-LABEL: define i32 @h(
; CHECK-NEXT:    [[HS1:%[a-z0-9.]+]] = alloca i32, align 4
; CHECK-NEXT:    [[HS0:%[a-z0-9.]+]] = alloca i32, align 4
; CHECK-NEXT:    [[HV1:%[0-9]+]] = call i32 @coalesce.outlined.0(ptr %r, ptr [[HS0]], ptr [[HS1]])
; CHECK-NEXT:    [[HO3:%[a-z0-9.]+]] = load i32, ptr [[HS0]], align 4
; CHECK-NEXT:    [[HSUB:%[a-z0-9.]+]] = load i32, ptr [[HS1]], align 4
; CHECK-NEXT:    %t = shl i32 [[HSUB]], [[HO3]]
; CHECK-NEXT:    %t2 = lshr i32 %t, [[HV1]]
; CHECK-NEXT:    ret i32 %t2
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
  %a4 = getelementptr inbounds i8, ptr %r, i64 16
  %v4 = load i32, ptr %a4, align 4
  %y4 = and i32 %sub, %v4
  store i32 %y4, ptr %a3, align 4
  %z4 = add i32 %y4, %s1
  store i32 %z4, ptr %a4, align 4
  %t = shl i32 %sub, %o3
  %t2 = lshr i32 %t, %v1
  ret i32 %t2
}

; %o3 and %sub are stored through the slots on the way out; %v1 is returned.
; CHECK-LABEL: define internal i32 @coalesce.outlined.0(
; CHECK-SAME:    ptr [[P:%[a-z0-9.]+]], ptr %o3.out, ptr %sub.out) unnamed_addr
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %v0 = load i32, ptr [[P]], align 4
; CHECK-NEXT:    %a1 = getelementptr inbounds i8, ptr [[P]], i64 4
; CHECK-NEXT:    %v1 = load i32, ptr %a1, align 4
; CHECK:         %o3 = or i32 %x2, %v3
; CHECK:         %sub = sub i32 %sh, %v0
; CHECK-NEXT:    store i32 %sub, ptr %a2, align 4
; CHECK:         store i32 %z4, ptr %a4, align 4
; CHECK-NEXT:    store i32 %o3, ptr %o3.out, align 4
; CHECK-NEXT:    store i32 %sub, ptr %sub.out, align 4
; CHECK-NEXT:    ret i32 %v1
; CHECK-NEXT:  }
