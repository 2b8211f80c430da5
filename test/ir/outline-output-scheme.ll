; RUN: %opt-coalesce -coalesce-outline-min-benefit=8 -coalesce-outline-min-total=0 -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; RUN: %opt-coalesce -coalesce-outline-min-benefit=8 -coalesce-outline-min-total=0 -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-print-merges -disable-output %s 2>&1 | FileCheck %s --check-prefix=LIST
; Purpose: sites that need different values after the region share one function through an output scheme. All three use %o3 (the return value); @f also needs %v1, @g also %sub, @h nothing more. The outlined function takes an i32 scheme and switches on it to store only the outputs that site asked for; each site passes its own scheme number, real slots for what it reloads and poison for the rest.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; LIST: coalesce: outlined 'coalesce.outlined.0' from 3 sites in {{.*}} (21 instructions, 1 parameters, 3 outputs, ~{{[0-9]+}} bytes)

; CHECK-LABEL: define i32 @f(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[FS:%[a-z0-9.]+]] = alloca i32, align 4
; CHECK-NEXT:    %n2 = add i32 %n, 7
; CHECK-NEXT:    [[FO3:%[0-9]+]] = call i32 @coalesce.outlined.0(ptr %p, ptr [[FS]], ptr poison, i32 [[SCHEME_V1:[0-9]+]])
; CHECK-NEXT:    [[FV1:%[a-z0-9.]+]] = load i32, ptr [[FS]], align 4
; CHECK-NEXT:    %r = add i32 [[FO3]], %n2
; CHECK-NEXT:    %r2 = xor i32 %r, [[FV1]]
; CHECK-NEXT:    ret i32 %r2
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
  %r = add i32 %o3, %n2
  %r2 = xor i32 %r, %v1
  ret i32 %r2
}

; CHECK-LABEL: define i32 @g(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[GS:%[a-z0-9.]+]] = alloca i32, align 4
; CHECK-NEXT:    %k = udiv i32 %n, 3
; CHECK-NEXT:    %k2 = or i32 %k, 1
; CHECK-NEXT:    [[GO3:%[0-9]+]] = call i32 @coalesce.outlined.0(ptr %q, ptr poison, ptr [[GS]], i32 [[SCHEME_SUB:[0-9]+]])
; CHECK-NEXT:    [[GSUB:%[a-z0-9.]+]] = load i32, ptr [[GS]], align 4
; CHECK-NEXT:    %r = mul i32 [[GO3]], %k2
; CHECK-NEXT:    %r2 = sub i32 [[GSUB]], %r
; CHECK-NEXT:    ret i32 %r2
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
  %r = mul i32 %o3, %k2
  %r2 = sub i32 %sub, %r
  ret i32 %r2
}

; CHECK-LABEL: define i32 @h(
; CHECK-NOT:     alloca
; CHECK:         [[HO3:%[0-9]+]] = call i32 @coalesce.outlined.0(ptr %r, ptr poison, ptr poison, i32 [[SCHEME_NONE:[0-9]+]])
; CHECK-NEXT:    %t = shl i32 [[HO3]], %n
; CHECK-NEXT:    ret i32 %t
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
  %t = shl i32 %o3, %n
  ret i32 %t
}

; The scheme selects which slots are written; the scheme needing nothing
; takes the default and only returns %o3.
; CHECK-LABEL: define internal i32 @coalesce.outlined.0(
; CHECK-SAME:    ptr [[P:%[a-z0-9.]+]], ptr %v1.out, ptr %sub.out, i32 %scheme) unnamed_addr
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %v0 = load i32, ptr [[P]], align 4
; CHECK:         store i32 %z4, ptr %a4, align 4
; CHECK-NEXT:    switch i32 %scheme, label %exit.ret [
; CHECK-DAG:       i32 [[SCHEME_SUB]], label %[[STORE_SUB:exit.store[0-9]*]]
; CHECK-DAG:       i32 [[SCHEME_V1]], label %[[STORE_V1:exit.store[0-9]*]]
; CHECK-NEXT:    ]
; CHECK:       [[STORE_SUB]]:
; CHECK-NEXT:    store i32 %sub, ptr %sub.out, align 4
; CHECK-NEXT:    br label %exit.ret
; CHECK:       [[STORE_V1]]:
; CHECK-NEXT:    store i32 %v1, ptr %v1.out, align 4
; CHECK-NEXT:    br label %exit.ret
; CHECK:       exit.ret:
; CHECK-NEXT:    ret i32 %o3
; CHECK-NEXT:  }
