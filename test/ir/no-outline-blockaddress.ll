; RUN: %opt-coalesce -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; Purpose: a region naming a blockaddress is never outlined (a blockaddress pins its block and the code that jumps to it). @g1..@g3 share a run storing blockaddress(@target, %lbl), the same constant at every site; it stays in place. The control group @f1..@f3 is outlined.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @target() {
entry:
  br label %lbl
lbl:
  ret void
}

; CHECK-LABEL: define i32 @f1(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %n2 = add i32 %n, 7
; CHECK-NEXT:    [[R1:%[0-9]+]] = call i32 @coalesce.outlined.[[A:[0-9]+]](ptr %p)
; CHECK-NEXT:    %r = add i32 [[R1]], %n2
; CHECK-NEXT:    ret i32 %r
define i32 @f1(ptr %p, i32 %n) minsize {
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
  ret i32 %r
}

; CHECK-LABEL: define i32 @f2(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %k = udiv i32 %n, 3
; CHECK-NEXT:    %n2 = or i32 %k, 1
; CHECK-NEXT:    [[R2:%[0-9]+]] = call i32 @coalesce.outlined.[[A]](ptr %q)
; CHECK-NEXT:    %r = mul i32 [[R2]], %n2
; CHECK-NEXT:    ret i32 %r
define i32 @f2(ptr %q, i32 %n) minsize {
entry:
  %k = udiv i32 %n, 3
  %n2 = or i32 %k, 1
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
  %r = mul i32 %sub, %n2
  ret i32 %r
}

; CHECK-LABEL: define i32 @f3(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %n2 = shl i32 %n, 2
; CHECK-NEXT:    [[R3:%[0-9]+]] = call i32 @coalesce.outlined.[[A]](ptr %s)
; CHECK-NEXT:    %r = sub i32 %n2, [[R3]]
; CHECK-NEXT:    ret i32 %r
define i32 @f3(ptr %s, i32 %n) minsize {
entry:
  %n2 = shl i32 %n, 2
  %v0 = load i32, ptr %s, align 4
  %a1 = getelementptr inbounds i8, ptr %s, i64 4
  %v1 = load i32, ptr %a1, align 4
  %s1 = add i32 %v0, %v1
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
  %r = sub i32 %n2, %sub
  ret i32 %r
}

; CHECK-LABEL: define i64 @g1(
; CHECK-NOT:     @coalesce.outlined
; CHECK:         store ptr blockaddress(@target, %lbl), ptr %a2, align 8
; CHECK-NOT:     @coalesce.outlined
; CHECK:         store i64 %y4, ptr %a3, align 8
; CHECK-NOT:     @coalesce.outlined
; CHECK:         ret i64 %r
define i64 @g1(ptr %p, i64 %n) minsize {
entry:
  %n2 = add i64 %n, 7
  %v0 = load i64, ptr %p, align 8
  %a1 = getelementptr inbounds i8, ptr %p, i64 8
  %v1 = load i64, ptr %a1, align 8
  %s1 = add i64 %v0, %v1
  %a2 = getelementptr inbounds i8, ptr %p, i64 16
  %v2 = load i64, ptr %a2, align 8
  %x2 = xor i64 %s1, %v2
  store ptr blockaddress(@target, %lbl), ptr %a2, align 8
  %a3 = getelementptr inbounds i8, ptr %p, i64 24
  %v3 = load i64, ptr %a3, align 8
  %o3 = or i64 %x2, %v3
  store i64 %o3, ptr %p, align 8
  %sh = shl i64 %o3, 3
  store i64 %sh, ptr %a1, align 8
  %sub = sub i64 %sh, %v0
  store i64 %sub, ptr %a2, align 8
  %a4 = getelementptr inbounds i8, ptr %p, i64 32
  %v4 = load i64, ptr %a4, align 8
  %y4 = and i64 %sub, %v4
  store i64 %y4, ptr %a3, align 8
  %r = add i64 %sub, %n2
  ret i64 %r
}

; CHECK-LABEL: define i64 @g2(
; CHECK-NOT:     @coalesce.outlined
; CHECK:         store ptr blockaddress(@target, %lbl), ptr %a2, align 8
; CHECK-NOT:     @coalesce.outlined
; CHECK:         store i64 %y4, ptr %a3, align 8
; CHECK-NOT:     @coalesce.outlined
; CHECK:         ret i64 %r
define i64 @g2(ptr %q, i64 %n) minsize {
entry:
  %k = udiv i64 %n, 3
  %n2 = or i64 %k, 1
  %v0 = load i64, ptr %q, align 8
  %a1 = getelementptr inbounds i8, ptr %q, i64 8
  %v1 = load i64, ptr %a1, align 8
  %s1 = add i64 %v0, %v1
  %a2 = getelementptr inbounds i8, ptr %q, i64 16
  %v2 = load i64, ptr %a2, align 8
  %x2 = xor i64 %s1, %v2
  store ptr blockaddress(@target, %lbl), ptr %a2, align 8
  %a3 = getelementptr inbounds i8, ptr %q, i64 24
  %v3 = load i64, ptr %a3, align 8
  %o3 = or i64 %x2, %v3
  store i64 %o3, ptr %q, align 8
  %sh = shl i64 %o3, 3
  store i64 %sh, ptr %a1, align 8
  %sub = sub i64 %sh, %v0
  store i64 %sub, ptr %a2, align 8
  %a4 = getelementptr inbounds i8, ptr %q, i64 32
  %v4 = load i64, ptr %a4, align 8
  %y4 = and i64 %sub, %v4
  store i64 %y4, ptr %a3, align 8
  %r = mul i64 %sub, %n2
  ret i64 %r
}

; CHECK-LABEL: define i64 @g3(
; CHECK-NOT:     @coalesce.outlined
; CHECK:         store ptr blockaddress(@target, %lbl), ptr %a2, align 8
; CHECK-NOT:     @coalesce.outlined
; CHECK:         store i64 %y4, ptr %a3, align 8
; CHECK-NOT:     @coalesce.outlined
; CHECK:         ret i64 %r
define i64 @g3(ptr %s, i64 %n) minsize {
entry:
  %n2 = shl i64 %n, 2
  %v0 = load i64, ptr %s, align 8
  %a1 = getelementptr inbounds i8, ptr %s, i64 8
  %v1 = load i64, ptr %a1, align 8
  %s1 = add i64 %v0, %v1
  %a2 = getelementptr inbounds i8, ptr %s, i64 16
  %v2 = load i64, ptr %a2, align 8
  %x2 = xor i64 %s1, %v2
  store ptr blockaddress(@target, %lbl), ptr %a2, align 8
  %a3 = getelementptr inbounds i8, ptr %s, i64 24
  %v3 = load i64, ptr %a3, align 8
  %o3 = or i64 %x2, %v3
  store i64 %o3, ptr %s, align 8
  %sh = shl i64 %o3, 3
  store i64 %sh, ptr %a1, align 8
  %sub = sub i64 %sh, %v0
  store i64 %sub, ptr %a2, align 8
  %a4 = getelementptr inbounds i8, ptr %s, i64 32
  %v4 = load i64, ptr %a4, align 8
  %y4 = and i64 %sub, %v4
  store i64 %y4, ptr %a3, align 8
  %r = sub i64 %n2, %sub
  ret i64 %r
}


; Only the control group was outlined, and its function holds nothing forbidden.
; CHECK:       define internal i32 @coalesce.outlined.[[A]](
; CHECK-NOT:     blockaddress
; CHECK:         ret i32 %sub
; CHECK-NEXT:  }
; CHECK-NOT:   define {{.*}}@coalesce.outlined
