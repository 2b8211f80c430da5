; RUN: %opt-coalesce -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; RUN: %opt-coalesce -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-print-merges -disable-output %s 2>&1 | FileCheck %s --check-prefix=LIST
; Purpose: sites in functions with different "target-features" never share an outlined function: code compiled for AVX2 must not be called from code that may run without it, nor lose the features it was compiled with. Six functions hold the same run; @f1, @g2, @f3 are built with +avx2,+sse4.2 and @g1, @f2, @g3 with +sse4.2 only. The same six with equal features become one function of six sites; here they become two functions of three, each carrying its sites' features, and each site calls the one matching its own.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; LIST-DAG: coalesce: outlined '{{.*}}' from 3 sites in {{.*}} (21 instructions, 1 parameters, 1 outputs, ~{{[0-9]+}} bytes)
; LIST-DAG: coalesce: outlined '{{.*}}' from 3 sites in {{.*}} (21 instructions, 1 parameters, 1 outputs, ~{{[0-9]+}} bytes)
; LIST:     6 regions outlined into 2 functions


; CHECK-LABEL: define i32 @f1(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %n2 = add i32 %n, 7
; CHECK-NEXT:    [[R1:%[0-9]+]] = call i32 @coalesce.outlined.[[A:[0-9]+]](ptr %p)
; CHECK-NEXT:    %r = add i32 [[R1]], %n2
; CHECK-NEXT:    ret i32 %r
define i32 @f1(ptr %p, i32 %n) minsize "target-features"="+avx2,+sse4.2" {
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
; CHECK-NEXT:    [[R2:%[0-9]+]] = call i32 @coalesce.outlined.[[B:[0-9]+]](ptr %q)
; CHECK-NEXT:    %r = mul i32 [[R2]], %n2
; CHECK-NEXT:    ret i32 %r
define i32 @f2(ptr %q, i32 %n) minsize "target-features"="+sse4.2" {
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
define i32 @f3(ptr %s, i32 %n) minsize "target-features"="+avx2,+sse4.2" {
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

; CHECK-LABEL: define i32 @g1(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %n2 = sub i32 %n, 9
; CHECK-NEXT:    [[B0:%[0-9]+]] = call i32 @coalesce.outlined.[[B]](ptr %p)
; CHECK-NEXT:    %r = and i32 [[B0]], %n2
; CHECK-NEXT:    ret i32 %r
define i32 @g1(ptr %p, i32 %n) minsize "target-features"="+sse4.2" {
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
define i32 @g2(ptr %q, i32 %n) minsize "target-features"="+avx2,+sse4.2" {
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
define i32 @g3(ptr %s, i32 %n) minsize "target-features"="+sse4.2" {
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
  %a4 = getelementptr inbounds i8, ptr %s, i64 16
  %v4 = load i32, ptr %a4, align 4
  %y4 = and i32 %sub, %v4
  store i32 %y4, ptr %a3, align 4
  %z4 = add i32 %y4, %s1
  store i32 %z4, ptr %a4, align 4
  %r = ashr i32 %n2, %sub
  ret i32 %r
}


; Two functions: one for the sites with the first set, one for the second, each with its own set.
; CHECK-DAG:   define internal i32 @coalesce.outlined.[[A]](ptr {{%[a-z]+}}) unnamed_addr [[XATTR:#[0-9]+]] {
; CHECK-DAG:   define internal i32 @coalesce.outlined.[[B]](ptr {{%[a-z]+}}) unnamed_addr [[YATTR:#[0-9]+]] {
; CHECK-NOT:   define {{.*}}@coalesce.outlined
; CHECK-DAG:   attributes [[XATTR]] = { minsize nounwind "target-features"="+avx2,+sse4.2" }
; CHECK-DAG:   attributes [[YATTR]] = { minsize nounwind "target-features"="+sse4.2" }
