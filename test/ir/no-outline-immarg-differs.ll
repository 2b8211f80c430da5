; RUN: %opt-coalesce -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; RUN: %opt-coalesce -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s --check-prefixes=TRUE
; RUN: %opt-coalesce -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s --check-prefixes=FALSE
; Purpose: a constant that must stay a constant never becomes an argument. Six functions share a run ending in llvm.ctlz(%o3, i1 <is_zero_poison>), whose flag is immarg; @f1, @f3, @g2 pass true and @f2, @g1, @g3 false. Sites are split by the flag: two outlined functions, one with ctlz(..., i1 true) and one with ctlz(..., i1 false), neither taking an i1 argument, and each site calls the one with its own flag.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @llvm.ctlz.i32(i32, i1 immarg)

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
  %z = call i32 @llvm.ctlz.i32(i32 %o3, i1 true)
  store i32 %z, ptr %a3, align 4
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
; CHECK-NEXT:    [[R2:%[0-9]+]] = call i32 @coalesce.outlined.[[B:[0-9]+]](ptr %q)
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
  %z = call i32 @llvm.ctlz.i32(i32 %o3, i1 false)
  store i32 %z, ptr %a3, align 4
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
  %z = call i32 @llvm.ctlz.i32(i32 %o3, i1 true)
  store i32 %z, ptr %a3, align 4
  %a4 = getelementptr inbounds i8, ptr %s, i64 16
  %v4 = load i32, ptr %a4, align 4
  %y4 = and i32 %sub, %v4
  store i32 %y4, ptr %a3, align 4
  %z4 = add i32 %y4, %s1
  store i32 %z4, ptr %a4, align 4
  %r = sub i32 %n2, %sub
  ret i32 %r
}

; CHECK-LABEL: define i32 @g1(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %n2 = sub i32 %n, 9
; CHECK-NEXT:    [[B0:%[0-9]+]] = call i32 @coalesce.outlined.[[B]](ptr %p)
; CHECK-NEXT:    %r = and i32 [[B0]], %n2
; CHECK-NEXT:    ret i32 %r
define i32 @g1(ptr %p, i32 %n) minsize {
entry:
  %n2 = sub i32 %n, 9
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
  %z = call i32 @llvm.ctlz.i32(i32 %o3, i1 false)
  store i32 %z, ptr %a3, align 4
  %a4 = getelementptr inbounds i8, ptr %p, i64 16
  %v4 = load i32, ptr %a4, align 4
  %y4 = and i32 %sub, %v4
  store i32 %y4, ptr %a3, align 4
  %z4 = add i32 %y4, %s1
  store i32 %z4, ptr %a4, align 4
  %r = and i32 %sub, %n2
  ret i32 %r
}

; CHECK-LABEL: define i32 @g2(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %k = srem i32 %n, 5
; CHECK-NEXT:    %n2 = xor i32 %k, 3
; CHECK-NEXT:    [[B1:%[0-9]+]] = call i32 @coalesce.outlined.[[A]](ptr %q)
; CHECK-NEXT:    %r = udiv i32 [[B1]], %n2
; CHECK-NEXT:    ret i32 %r
define i32 @g2(ptr %q, i32 %n) minsize {
entry:
  %k = srem i32 %n, 5
  %n2 = xor i32 %k, 3
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
  %z = call i32 @llvm.ctlz.i32(i32 %o3, i1 true)
  store i32 %z, ptr %a3, align 4
  %a4 = getelementptr inbounds i8, ptr %q, i64 16
  %v4 = load i32, ptr %a4, align 4
  %y4 = and i32 %sub, %v4
  store i32 %y4, ptr %a3, align 4
  %z4 = add i32 %y4, %s1
  store i32 %z4, ptr %a4, align 4
  %r = udiv i32 %sub, %n2
  ret i32 %r
}

; CHECK-LABEL: define i32 @g3(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %n2 = lshr i32 %n, 1
; CHECK-NEXT:    [[B2:%[0-9]+]] = call i32 @coalesce.outlined.[[B]](ptr %s)
; CHECK-NEXT:    %r = ashr i32 %n2, [[B2]]
; CHECK-NEXT:    ret i32 %r
define i32 @g3(ptr %s, i32 %n) minsize {
entry:
  %n2 = lshr i32 %n, 1
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
  %z = call i32 @llvm.ctlz.i32(i32 %o3, i1 false)
  store i32 %z, ptr %a3, align 4
  %a4 = getelementptr inbounds i8, ptr %s, i64 16
  %v4 = load i32, ptr %a4, align 4
  %y4 = and i32 %sub, %v4
  store i32 %y4, ptr %a3, align 4
  %z4 = add i32 %y4, %s1
  store i32 %z4, ptr %a4, align 4
  %r = ashr i32 %n2, %sub
  ret i32 %r
}


; The ctlz flag stays a constant in each function; no i1 parameter appears.
; CHECK-DAG:   define internal i32 @coalesce.outlined.[[A]](ptr {{%[a-z]+}}) unnamed_addr
; CHECK-DAG:   define internal i32 @coalesce.outlined.[[B]](ptr {{%[a-z]+}}) unnamed_addr
; CHECK-NOT:   define {{.*}}@coalesce.outlined

; Each outlined function, whole: the only argument is the pointer, and the flag is its sites' own.
; TRUE-LABEL:  define i32 @f1(
; TRUE:          call i32 @coalesce.outlined.[[T:[0-9]+]](ptr %p)
; TRUE:        define internal i32 @coalesce.outlined.[[T]](ptr {{%[a-z]+}}) unnamed_addr
; TRUE-NOT:    define
; TRUE:          %z = call i32 @llvm.ctlz.i32(i32 %o3, i1 true)
; TRUE-NOT:    define
; TRUE:          ret i32 %sub
; FALSE-LABEL: define i32 @f2(
; FALSE:         call i32 @coalesce.outlined.[[F:[0-9]+]](ptr %q)
; FALSE:       define internal i32 @coalesce.outlined.[[F]](ptr {{%[a-z]+}}) unnamed_addr
; FALSE-NOT:   define
; FALSE:         %z = call i32 @llvm.ctlz.i32(i32 %o3, i1 false)
; FALSE-NOT:   define
; FALSE:         ret i32 %sub
