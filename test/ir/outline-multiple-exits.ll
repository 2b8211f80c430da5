; RUN: %opt-coalesce -coalesce-outline-min-total=0 -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-outline-min-length=18 -coalesce-outline-min-benefit=1 -coalesce-verify -S %s | FileCheck %s
; RUN: %opt-coalesce -coalesce-outline-min-total=0 -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-outline-min-length=18 -coalesce-outline-min-benefit=1 -coalesce-print-merges -disable-output %s 2>&1 | FileCheck %s --check-prefix=LIST
; Purpose: a region that leaves two ways (an early branch to %early, or falling through at its end) becomes a function returning the index of the exit taken (0 = fall through, 1 = %early); each site switches on the result. Outputs go through slots, stored only on the exits they reach (%sub does not reach the early exit), and the phi in the exit block takes the reload of %v1 from the call block instead of %v1 from the removed %entry edge. The minimum length (18) leaves out the shorter single-exit region inside %cont, which the size model prices slightly better, so that the two-exit region is the one this test sees; a fourth site (@k) and a minimum saving of 1 byte keep the test on the mechanics (with three sites the model prices the group at a few bytes or none).

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; LIST: coalesce: outlined 'coalesce.outlined.0' from 4 sites in {{.*}} (23 instructions, 1 parameters, 2 outputs, 2 exits, ~{{[0-9]+}} bytes)

; CHECK-LABEL: define i32 @f(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[FSUB:%[a-z0-9.]+]] = alloca i32, align 4
; CHECK-NEXT:    [[FV1:%[a-z0-9.]+]] = alloca i32, align 4
; CHECK-NEXT:    %n2 = add i32 %n, 7
; CHECK-NEXT:    [[FX:%[0-9]+]] = call i32 @coalesce.outlined.0(ptr %p, ptr [[FV1]], ptr [[FSUB]])
; CHECK-NEXT:    [[FV1R:%[a-z0-9.]+]] = load i32, ptr [[FV1]], align 4
; CHECK-NEXT:    [[FSUBR:%[a-z0-9.]+]] = load i32, ptr [[FSUB]], align 4
; CHECK-NEXT:    switch i32 [[FX]], label %[[FAFTER:[a-z0-9.]+]] [
; CHECK-NEXT:      i32 1, label %early
; CHECK-NEXT:    ]
; CHECK:       [[FAFTER]]:
; CHECK-NEXT:    %t = udiv i32 [[FSUBR]], %n2
; CHECK-NEXT:    br label %early
; CHECK:       early:
; CHECK-NEXT:    %res = phi i32 [ %t, %[[FAFTER]] ], [ [[FV1R]], %entry ]
; CHECK-NEXT:    ret i32 %res
define i32 @f(ptr %p, i32 %n) minsize {
entry:
  %n2 = add i32 %n, 7
  %v0 = load i32, ptr %p, align 4
  %a1 = getelementptr inbounds i8, ptr %p, i64 4
  %v1 = load i32, ptr %a1, align 4
  %s1 = add i32 %v0, %v1
  %c = icmp slt i32 %s1, 0
  br i1 %c, label %early, label %cont

cont:
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
  %t = udiv i32 %sub, %n2
  br label %early

early:
  %res = phi i32 [ %v1, %entry ], [ %t, %cont ]
  ret i32 %res
}

; CHECK-LABEL: define i32 @g(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[GSUB:%[a-z0-9.]+]] = alloca i32, align 4
; CHECK-NEXT:    [[GV1:%[a-z0-9.]+]] = alloca i32, align 4
; CHECK-NEXT:    %k = udiv i32 %n, 3
; CHECK-NEXT:    %n2 = or i32 %k, 1
; CHECK-NEXT:    [[GX:%[0-9]+]] = call i32 @coalesce.outlined.0(ptr %q, ptr [[GV1]], ptr [[GSUB]])
; CHECK-NEXT:    [[GV1R:%[a-z0-9.]+]] = load i32, ptr [[GV1]], align 4
; CHECK-NEXT:    [[GSUBR:%[a-z0-9.]+]] = load i32, ptr [[GSUB]], align 4
; CHECK-NEXT:    switch i32 [[GX]], label %[[GAFTER:[a-z0-9.]+]] [
; CHECK-NEXT:      i32 1, label %early
; CHECK-NEXT:    ]
; CHECK:       [[GAFTER]]:
; CHECK-NEXT:    %t = mul i32 %n2, [[GSUBR]]
; CHECK-NEXT:    br label %early
; CHECK:       early:
; CHECK-NEXT:    %res = phi i32 [ %t, %[[GAFTER]] ], [ [[GV1R]], %entry ]
; CHECK-NEXT:    ret i32 %res
define i32 @g(ptr %q, i32 %n) minsize {
entry:
  %k = udiv i32 %n, 3
  %n2 = or i32 %k, 1
  %v0 = load i32, ptr %q, align 4
  %a1 = getelementptr inbounds i8, ptr %q, i64 4
  %v1 = load i32, ptr %a1, align 4
  %s1 = add i32 %v0, %v1
  %c = icmp slt i32 %s1, 0
  br i1 %c, label %early, label %cont

cont:
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
  %t = mul i32 %n2, %sub
  br label %early

early:
  %res = phi i32 [ %v1, %entry ], [ %t, %cont ]
  ret i32 %res
}

; CHECK-LABEL: define i32 @h(
; CHECK:         [[HSUB:%[a-z0-9.]+]] = alloca i32, align 4
; CHECK-NEXT:    [[HV1:%[a-z0-9.]+]] = alloca i32, align 4
; CHECK-NEXT:    [[HX:%[0-9]+]] = call i32 @coalesce.outlined.0(ptr %r, ptr [[HV1]], ptr [[HSUB]])
; CHECK-NEXT:    [[HV1R:%[a-z0-9.]+]] = load i32, ptr [[HV1]], align 4
; CHECK-NEXT:    [[HSUBR:%[a-z0-9.]+]] = load i32, ptr [[HSUB]], align 4
; CHECK-NEXT:    switch i32 [[HX]], label %[[HAFTER:[a-z0-9.]+]] [
; CHECK-NEXT:      i32 1, label %early
; CHECK-NEXT:    ]
; CHECK:       [[HAFTER]]:
; CHECK-NEXT:    %t0 = shl i32 [[HSUBR]], %n
; CHECK-NEXT:    %t = ashr i32 %t0, 2
; CHECK-NEXT:    br label %early
; CHECK:       early:
; CHECK-NEXT:    %res = phi i32 [ %t, %[[HAFTER]] ], [ [[HV1R]], %{{[a-z0-9.]+}} ]
; CHECK-NEXT:    ret i32 %res
define i32 @h(ptr %r, i32 %n) minsize {
entry:
  %v0 = load i32, ptr %r, align 4
  %a1 = getelementptr inbounds i8, ptr %r, i64 4
  %v1 = load i32, ptr %a1, align 4
  %s1 = add i32 %v0, %v1
  %c = icmp slt i32 %s1, 0
  br i1 %c, label %early, label %cont

cont:
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
  %t0 = shl i32 %sub, %n
  %t = ashr i32 %t0, 2
  br label %early

early:
  %res = phi i32 [ %v1, %entry ], [ %t, %cont ]
  ret i32 %res
}

; The fourth site, so that the group pays for its function.
; CHECK-LABEL: define i32 @k(
; CHECK:         call i32 @coalesce.outlined.0(ptr %s,

define i32 @k(ptr %s, i32 %n) minsize {
entry:
  %v0 = load i32, ptr %s, align 4
  %a1 = getelementptr inbounds i8, ptr %s, i64 4
  %v1 = load i32, ptr %a1, align 4
  %s1 = add i32 %v0, %v1
  %c = icmp slt i32 %s1, 0
  br i1 %c, label %early, label %cont

cont:
  %a2 = getelementptr inbounds i8, ptr %s, i64 8
  %v2 = load i32, ptr %a2, align 4
  %x2 = xor i32 %s1, %v2
  %a3 = getelementptr inbounds i8, ptr %s, i64 12
  %v3 = load i32, ptr %a3, align 4
  %o3 = or i32 %x2, %v3
  store i32 %o3, ptr %s, align 4
  %sh = shl i32 %o3, 3
  store i32 %sh, ptr %a1, align 4
  %sub = sub i32 %sh, %v0
  store i32 %sub, ptr %a2, align 4
  %a4 = getelementptr inbounds i8, ptr %s, i64 16
  %v4 = load i32, ptr %a4, align 4
  %y4 = and i32 %sub, %v4
  store i32 %y4, ptr %a3, align 4
  %z4 = add i32 %y4, %s1
  store i32 %z4, ptr %a4, align 4
  %t = lshr i32 %sub, %n
  br label %early

early:
  %res = phi i32 [ %v1, %entry ], [ %t, %cont ]
  ret i32 %res
}

; CHECK-LABEL: define internal i32 @coalesce.outlined.0(
; CHECK-SAME:    ptr [[P:%[a-z0-9.]+]], ptr %v1.out, ptr %sub.out) unnamed_addr
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %v0 = load i32, ptr [[P]], align 4
; CHECK-NEXT:    %a1 = getelementptr inbounds i8, ptr [[P]], i64 4
; CHECK-NEXT:    %v1 = load i32, ptr %a1, align 4
; CHECK-NEXT:    %s1 = add i32 %v0, %v1
; CHECK-NEXT:    %c = icmp slt i32 %s1, 0
; CHECK-NEXT:    br i1 %c, label %[[EARLY:[a-z0-9.]+]], label %cont
; CHECK:       cont:
; CHECK-NEXT:    %a2 = getelementptr inbounds i8, ptr [[P]], i64 8
; CHECK:         store i32 %z4, ptr %a4, align 4
; CHECK-NEXT:    store i32 %v1, ptr %v1.out, align 4
; CHECK-NEXT:    store i32 %sub, ptr %sub.out, align 4
; CHECK-NEXT:    ret i32 0
; CHECK:       [[EARLY]]:
; CHECK-NEXT:    store i32 %v1, ptr %v1.out, align 4
; CHECK-NEXT:    ret i32 1
; CHECK-NEXT:  }
