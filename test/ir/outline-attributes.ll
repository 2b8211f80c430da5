; RUN: %opt-coalesce -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; Purpose: the outlined function's attributes are those that hold at every site. Group f (no calls; minsize, optsize, uwtable and target-cpu/target-features at every site, nounwind nowhere) gets minsize, optsize, uwtable, the target attributes, and nounwind since nothing in it can throw. Group g (calls @ext, which may throw; @g3 lacks minsize; uwtable(sync) and uwtable) gets optsize and the widest unwind table (async), but neither minsize nor nounwind.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @ext(i32)

; CHECK-LABEL: define i32 @f1(
; CHECK:         call i32 @coalesce.outlined.[[F:[0-9]]](ptr %p)
define i32 @f1(ptr %p, i32 %n) #0 {
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
; CHECK:         call i32 @coalesce.outlined.[[F]](ptr %q)
define i32 @f2(ptr %q, i32 %n) #0 {
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
  ret i32 %r
}

; CHECK-LABEL: define i32 @f3(
; CHECK:         call i32 @coalesce.outlined.[[F]](ptr %r)
define i32 @f3(ptr %r, i32 %n) #0 {
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
  ret i32 %sub
}

; CHECK-LABEL: define i64 @g1(
; CHECK:         call i64 @coalesce.outlined.[[G:[0-9]]](ptr %p)
define i64 @g1(ptr %p, i64 %n) #1 {
entry:
  %n2 = add i64 %n, 7
  %v0 = load i64, ptr %p, align 8
  %a1 = getelementptr inbounds i8, ptr %p, i64 8
  %v1 = load i64, ptr %a1, align 8
  %s1 = add i64 %v0, %v1
  %t1 = trunc i64 %s1 to i32
  call void @ext(i32 %t1)
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
  %r = add i64 %sub, %n2
  ret i64 %r
}

; CHECK-LABEL: define i64 @g2(
; CHECK:         call i64 @coalesce.outlined.[[G]](ptr %q)
define i64 @g2(ptr %q, i64 %n) #1 {
entry:
  %k = udiv i64 %n, 3
  %n2 = or i64 %k, 1
  %v0 = load i64, ptr %q, align 8
  %a1 = getelementptr inbounds i8, ptr %q, i64 8
  %v1 = load i64, ptr %a1, align 8
  %s1 = add i64 %v0, %v1
  %t1 = trunc i64 %s1 to i32
  call void @ext(i32 %t1)
  %a2 = getelementptr inbounds i8, ptr %q, i64 16
  %v2 = load i64, ptr %a2, align 8
  %x2 = xor i64 %s1, %v2
  %a3 = getelementptr inbounds i8, ptr %q, i64 24
  %v3 = load i64, ptr %a3, align 8
  %o3 = or i64 %x2, %v3
  store i64 %o3, ptr %q, align 8
  %sh = shl i64 %o3, 3
  store i64 %sh, ptr %a1, align 8
  %sub = sub i64 %sh, %v0
  store i64 %sub, ptr %a2, align 8
  %r = mul i64 %n2, %sub
  ret i64 %r
}

; CHECK-LABEL: define i64 @g3(
; CHECK:         call i64 @coalesce.outlined.[[G]](ptr %r)
define i64 @g3(ptr %r, i64 %n) #2 {
entry:
  %v0 = load i64, ptr %r, align 8
  %a1 = getelementptr inbounds i8, ptr %r, i64 8
  %v1 = load i64, ptr %a1, align 8
  %s1 = add i64 %v0, %v1
  %t1 = trunc i64 %s1 to i32
  call void @ext(i32 %t1)
  %a2 = getelementptr inbounds i8, ptr %r, i64 16
  %v2 = load i64, ptr %a2, align 8
  %x2 = xor i64 %s1, %v2
  %a3 = getelementptr inbounds i8, ptr %r, i64 24
  %v3 = load i64, ptr %a3, align 8
  %o3 = or i64 %x2, %v3
  store i64 %o3, ptr %r, align 8
  %sh = shl i64 %o3, 3
  store i64 %sh, ptr %a1, align 8
  %sub = sub i64 %sh, %v0
  store i64 %sub, ptr %a2, align 8
  ret i64 %sub
}

attributes #0 = { minsize optsize uwtable "target-cpu"="x86-64" "target-features"="+cx16,+sse4.2" }
attributes #1 = { minsize optsize uwtable(sync) }
attributes #2 = { optsize uwtable }

; CHECK:       define internal i32 @coalesce.outlined.[[F]](ptr {{%[a-z0-9.]+}}) unnamed_addr [[FATTR:#[0-9]+]] {
; CHECK-NOT:     call
; CHECK:         ret i32 %sub
; CHECK:       define internal i64 @coalesce.outlined.[[G]](ptr {{%[a-z0-9.]+}}) unnamed_addr [[GATTR:#[0-9]+]] {
; CHECK:         call void @ext(i32 %t1)
; CHECK:         ret i64 %sub
; CHECK-DAG:   attributes [[FATTR]] = { minsize nounwind optsize uwtable "target-cpu"="x86-64" "target-features"="+cx16,+sse4.2" }
; CHECK-DAG:   attributes [[GATTR]] = { optsize uwtable }
