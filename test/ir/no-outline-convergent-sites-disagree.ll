; RUN: %opt-coalesce -passes=coalesce-outline -coalesce-outline-rounds=1 -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; Purpose: a convergent call moves only when every site agrees on it. @c1 is itself convergent, so its region around the barrier stays apart from the same region in @p1, @p2 and @c2, which are not and are outlined together; @i1 and @i2 call a convergent function through a pointer, which never moves (with @barrier called directly instead, they would join the others).

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @barrier() convergent

; CHECK-LABEL: define i64 @p1(
; CHECK:         call i64 @coalesce.outlined.{{[0-9]+}}(
; CHECK-NOT:     @barrier
; CHECK:         ret i64 %r
define i64 @p1(ptr %p, i64 %n) minsize {
entry:
  %n2 = add i64 %n, 11
  %v0 = load i64, ptr %p, align 8
  %a1 = getelementptr inbounds i8, ptr %p, i64 8
  %v1 = load i64, ptr %a1, align 8
  %s1 = add i64 %v0, %v1
  %a2 = getelementptr inbounds i8, ptr %p, i64 16
  %v2 = load i64, ptr %a2, align 8
  %x2 = xor i64 %s1, %v2
  call void @barrier()
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

; CHECK-LABEL: define i64 @p2(
; CHECK:         call i64 @coalesce.outlined.{{[0-9]+}}(
; CHECK-NOT:     @barrier
; CHECK:         ret i64 %r
define i64 @p2(ptr %q, i64 %n) minsize {
entry:
  %k = udiv i64 %n, 13
  %n2 = or i64 %k, 1
  %v0 = load i64, ptr %q, align 8
  %a1 = getelementptr inbounds i8, ptr %q, i64 8
  %v1 = load i64, ptr %a1, align 8
  %s1 = add i64 %v0, %v1
  %a2 = getelementptr inbounds i8, ptr %q, i64 16
  %v2 = load i64, ptr %a2, align 8
  %x2 = xor i64 %s1, %v2
  call void @barrier()
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

; CHECK-LABEL: define i64 @c1(
; CHECK-NOT:     @coalesce.outlined
; CHECK:         call void @barrier()
; CHECK-NOT:     @coalesce.outlined
; CHECK:         ret i64 %r
define i64 @c1(ptr %p, i64 %n) minsize convergent {
entry:
  %n2 = add i64 %n, 17
  %v0 = load i64, ptr %p, align 8
  %a1 = getelementptr inbounds i8, ptr %p, i64 8
  %v1 = load i64, ptr %a1, align 8
  %s1 = add i64 %v0, %v1
  %a2 = getelementptr inbounds i8, ptr %p, i64 16
  %v2 = load i64, ptr %a2, align 8
  %x2 = xor i64 %s1, %v2
  call void @barrier()
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

; CHECK-LABEL: define i64 @c2(
; CHECK:         call i64 @coalesce.outlined.{{[0-9]+}}(
; CHECK-NOT:     @barrier
; CHECK:         ret i64 %r
define i64 @c2(ptr %q, i64 %n) minsize {
entry:
  %k = udiv i64 %n, 19
  %n2 = or i64 %k, 1
  %v0 = load i64, ptr %q, align 8
  %a1 = getelementptr inbounds i8, ptr %q, i64 8
  %v1 = load i64, ptr %a1, align 8
  %s1 = add i64 %v0, %v1
  %a2 = getelementptr inbounds i8, ptr %q, i64 16
  %v2 = load i64, ptr %a2, align 8
  %x2 = xor i64 %s1, %v2
  call void @barrier()
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

; CHECK-LABEL: define i64 @i1(
; CHECK-NOT:     @coalesce.outlined
; CHECK:         call void %fp()
; CHECK-NOT:     @coalesce.outlined
; CHECK:         ret i64 %r
define i64 @i1(ptr %q, i64 %n, ptr %fp) minsize {
entry:
  %k = udiv i64 %n, 23
  %n2 = or i64 %k, 1
  %v0 = load i64, ptr %q, align 8
  %a1 = getelementptr inbounds i8, ptr %q, i64 8
  %v1 = load i64, ptr %a1, align 8
  %s1 = add i64 %v0, %v1
  %a2 = getelementptr inbounds i8, ptr %q, i64 16
  %v2 = load i64, ptr %a2, align 8
  %x2 = xor i64 %s1, %v2
  call void %fp() convergent
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

; CHECK-LABEL: define i64 @i2(
; CHECK-NOT:     @coalesce.outlined
; CHECK:         call void %fp()
; CHECK-NOT:     @coalesce.outlined
; CHECK:         ret i64 %r
define i64 @i2(ptr %s, i64 %n, ptr %fp) minsize {
entry:
  %n2 = shl i64 %n, 1
  %v0 = load i64, ptr %s, align 8
  %a1 = getelementptr inbounds i8, ptr %s, i64 8
  %v1 = load i64, ptr %a1, align 8
  %s1 = add i64 %v0, %v1
  %a2 = getelementptr inbounds i8, ptr %s, i64 16
  %v2 = load i64, ptr %a2, align 8
  %x2 = xor i64 %s1, %v2
  call void %fp() convergent
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

; One outlined function, the agreeing sites', and it is convergent.
; CHECK:       define internal i64 @coalesce.outlined.{{[0-9]+}}({{.*}}) unnamed_addr #[[CONV:[0-9]+]]
; CHECK-NOT:   define {{.*}}@coalesce.outlined
; CHECK:       attributes #[[CONV]] = { convergent minsize }
