; RUN: %opt-coalesce -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; RUN: %opt-coalesce -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-print-merges -disable-output %s 2>&1 | FileCheck %s --check-prefix=LIST
; RUN: %opt-coalesce -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-outline-max-arguments=8 -coalesce-verify -S %s | FileCheck %s --check-prefix=MAX8
; Purpose: -coalesce-outline-max-arguments bounds the outlined function's interface. @f, @g, @h share a 55-instruction run that differs in seven constants (each site its own), so outlining it whole takes eight arguments (the pointer and seven constants). With the default maximum of 6 no outlined function and no call takes more than six arguments (shorter runs within the limit may be outlined instead); with -coalesce-outline-max-arguments=8 the whole run becomes one function of eight parameters and each site passes its own seven constants.

; LIST-NOT: ({{[0-9]+}} instructions, {{[7-9]|[1-9][0-9]+}} parameters
; LIST:     coalesce: 3 functions before

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i32 @f(
; CHECK-NOT:     @coalesce.outlined.{{[0-9]+}}({{[^,]+, [^,]+, [^,]+, [^,]+, [^,]+, [^,]+, }}
; CHECK:         ret i32 %r
; MAX8-LABEL: define i32 @f(
; MAX8:         [[F:%[0-9]+]] = call i32 @coalesce.outlined.0(ptr %p, i32 3, i32 5, i32 7, i32 11, i32 13, i32 17, i32 19)
; MAX8-NEXT:    %r = {{[a-z]+}} i32 {{.*}}[[F]]
define i32 @f(ptr %p, i32 %n) minsize {
entry:
  %n2 = add i32 %n, 7
  %v0 = load i32, ptr %p, align 4
  %m0 = mul i32 %v0, %v0
  %s0 = shl i32 %m0, 2
  %c0 = add i32 %s0, 3
  %x0 = xor i32 %c0, %v0
  %y0 = lshr i32 %x0, 1
  store i32 %y0, ptr %p, align 4
  %a1 = getelementptr inbounds i8, ptr %p, i64 4
  %v1 = load i32, ptr %a1, align 4
  %m1 = mul i32 %c0, %v1
  %s1 = shl i32 %m1, 2
  %c1 = add i32 %s1, 5
  %x1 = xor i32 %c1, %v1
  %y1 = lshr i32 %x1, 1
  store i32 %y1, ptr %a1, align 4
  %a2 = getelementptr inbounds i8, ptr %p, i64 8
  %v2 = load i32, ptr %a2, align 4
  %m2 = mul i32 %c1, %v2
  %s2 = shl i32 %m2, 2
  %c2 = add i32 %s2, 7
  %x2 = xor i32 %c2, %v2
  %y2 = lshr i32 %x2, 1
  store i32 %y2, ptr %a2, align 4
  %a3 = getelementptr inbounds i8, ptr %p, i64 12
  %v3 = load i32, ptr %a3, align 4
  %m3 = mul i32 %c2, %v3
  %s3 = shl i32 %m3, 2
  %c3 = add i32 %s3, 11
  %x3 = xor i32 %c3, %v3
  %y3 = lshr i32 %x3, 1
  store i32 %y3, ptr %a3, align 4
  %a4 = getelementptr inbounds i8, ptr %p, i64 16
  %v4 = load i32, ptr %a4, align 4
  %m4 = mul i32 %c3, %v4
  %s4 = shl i32 %m4, 2
  %c4 = add i32 %s4, 13
  %x4 = xor i32 %c4, %v4
  %y4 = lshr i32 %x4, 1
  store i32 %y4, ptr %a4, align 4
  %a5 = getelementptr inbounds i8, ptr %p, i64 20
  %v5 = load i32, ptr %a5, align 4
  %m5 = mul i32 %c4, %v5
  %s5 = shl i32 %m5, 2
  %c5 = add i32 %s5, 17
  %x5 = xor i32 %c5, %v5
  %y5 = lshr i32 %x5, 1
  store i32 %y5, ptr %a5, align 4
  %a6 = getelementptr inbounds i8, ptr %p, i64 24
  %v6 = load i32, ptr %a6, align 4
  %m6 = mul i32 %c5, %v6
  %s6 = shl i32 %m6, 2
  %c6 = add i32 %s6, 19
  %x6 = xor i32 %c6, %v6
  %y6 = lshr i32 %x6, 1
  store i32 %y6, ptr %a6, align 4
  %r = add i32 %c6, %n2
  ret i32 %r
}

; CHECK-LABEL: define i32 @g(
; CHECK-NOT:     @coalesce.outlined.{{[0-9]+}}({{[^,]+, [^,]+, [^,]+, [^,]+, [^,]+, [^,]+, }}
; CHECK:         ret i32 %r
; MAX8-LABEL: define i32 @g(
; MAX8:         [[G:%[0-9]+]] = call i32 @coalesce.outlined.0(ptr %q, i32 103, i32 105, i32 107, i32 111, i32 113, i32 117, i32 119)
; MAX8-NEXT:    %r = {{[a-z]+}} i32 {{.*}}[[G]]
define i32 @g(ptr %q, i32 %n) minsize {
entry:
  %k = udiv i32 %n, 3
  %n2 = or i32 %k, 1
  %v0 = load i32, ptr %q, align 4
  %m0 = mul i32 %v0, %v0
  %s0 = shl i32 %m0, 2
  %c0 = add i32 %s0, 103
  %x0 = xor i32 %c0, %v0
  %y0 = lshr i32 %x0, 1
  store i32 %y0, ptr %q, align 4
  %a1 = getelementptr inbounds i8, ptr %q, i64 4
  %v1 = load i32, ptr %a1, align 4
  %m1 = mul i32 %c0, %v1
  %s1 = shl i32 %m1, 2
  %c1 = add i32 %s1, 105
  %x1 = xor i32 %c1, %v1
  %y1 = lshr i32 %x1, 1
  store i32 %y1, ptr %a1, align 4
  %a2 = getelementptr inbounds i8, ptr %q, i64 8
  %v2 = load i32, ptr %a2, align 4
  %m2 = mul i32 %c1, %v2
  %s2 = shl i32 %m2, 2
  %c2 = add i32 %s2, 107
  %x2 = xor i32 %c2, %v2
  %y2 = lshr i32 %x2, 1
  store i32 %y2, ptr %a2, align 4
  %a3 = getelementptr inbounds i8, ptr %q, i64 12
  %v3 = load i32, ptr %a3, align 4
  %m3 = mul i32 %c2, %v3
  %s3 = shl i32 %m3, 2
  %c3 = add i32 %s3, 111
  %x3 = xor i32 %c3, %v3
  %y3 = lshr i32 %x3, 1
  store i32 %y3, ptr %a3, align 4
  %a4 = getelementptr inbounds i8, ptr %q, i64 16
  %v4 = load i32, ptr %a4, align 4
  %m4 = mul i32 %c3, %v4
  %s4 = shl i32 %m4, 2
  %c4 = add i32 %s4, 113
  %x4 = xor i32 %c4, %v4
  %y4 = lshr i32 %x4, 1
  store i32 %y4, ptr %a4, align 4
  %a5 = getelementptr inbounds i8, ptr %q, i64 20
  %v5 = load i32, ptr %a5, align 4
  %m5 = mul i32 %c4, %v5
  %s5 = shl i32 %m5, 2
  %c5 = add i32 %s5, 117
  %x5 = xor i32 %c5, %v5
  %y5 = lshr i32 %x5, 1
  store i32 %y5, ptr %a5, align 4
  %a6 = getelementptr inbounds i8, ptr %q, i64 24
  %v6 = load i32, ptr %a6, align 4
  %m6 = mul i32 %c5, %v6
  %s6 = shl i32 %m6, 2
  %c6 = add i32 %s6, 119
  %x6 = xor i32 %c6, %v6
  %y6 = lshr i32 %x6, 1
  store i32 %y6, ptr %a6, align 4
  %r = mul i32 %c6, %n2
  ret i32 %r
}

; CHECK-LABEL: define i32 @h(
; CHECK-NOT:     @coalesce.outlined.{{[0-9]+}}({{[^,]+, [^,]+, [^,]+, [^,]+, [^,]+, [^,]+, }}
; CHECK:         ret i32 %r
; MAX8-LABEL: define i32 @h(
; MAX8:         [[H:%[0-9]+]] = call i32 @coalesce.outlined.0(ptr %s, i32 203, i32 205, i32 207, i32 211, i32 213, i32 217, i32 219)
; MAX8-NEXT:    %r = {{[a-z]+}} i32 {{.*}}[[H]]
define i32 @h(ptr %s, i32 %n) minsize {
entry:
  %n2 = shl i32 %n, 2
  %v0 = load i32, ptr %s, align 4
  %m0 = mul i32 %v0, %v0
  %s0 = shl i32 %m0, 2
  %c0 = add i32 %s0, 203
  %x0 = xor i32 %c0, %v0
  %y0 = lshr i32 %x0, 1
  store i32 %y0, ptr %s, align 4
  %a1 = getelementptr inbounds i8, ptr %s, i64 4
  %v1 = load i32, ptr %a1, align 4
  %m1 = mul i32 %c0, %v1
  %s1 = shl i32 %m1, 2
  %c1 = add i32 %s1, 205
  %x1 = xor i32 %c1, %v1
  %y1 = lshr i32 %x1, 1
  store i32 %y1, ptr %a1, align 4
  %a2 = getelementptr inbounds i8, ptr %s, i64 8
  %v2 = load i32, ptr %a2, align 4
  %m2 = mul i32 %c1, %v2
  %s2 = shl i32 %m2, 2
  %c2 = add i32 %s2, 207
  %x2 = xor i32 %c2, %v2
  %y2 = lshr i32 %x2, 1
  store i32 %y2, ptr %a2, align 4
  %a3 = getelementptr inbounds i8, ptr %s, i64 12
  %v3 = load i32, ptr %a3, align 4
  %m3 = mul i32 %c2, %v3
  %s3 = shl i32 %m3, 2
  %c3 = add i32 %s3, 211
  %x3 = xor i32 %c3, %v3
  %y3 = lshr i32 %x3, 1
  store i32 %y3, ptr %a3, align 4
  %a4 = getelementptr inbounds i8, ptr %s, i64 16
  %v4 = load i32, ptr %a4, align 4
  %m4 = mul i32 %c3, %v4
  %s4 = shl i32 %m4, 2
  %c4 = add i32 %s4, 213
  %x4 = xor i32 %c4, %v4
  %y4 = lshr i32 %x4, 1
  store i32 %y4, ptr %a4, align 4
  %a5 = getelementptr inbounds i8, ptr %s, i64 20
  %v5 = load i32, ptr %a5, align 4
  %m5 = mul i32 %c4, %v5
  %s5 = shl i32 %m5, 2
  %c5 = add i32 %s5, 217
  %x5 = xor i32 %c5, %v5
  %y5 = lshr i32 %x5, 1
  store i32 %y5, ptr %a5, align 4
  %a6 = getelementptr inbounds i8, ptr %s, i64 24
  %v6 = load i32, ptr %a6, align 4
  %m6 = mul i32 %c5, %v6
  %s6 = shl i32 %m6, 2
  %c6 = add i32 %s6, 219
  %x6 = xor i32 %c6, %v6
  %y6 = lshr i32 %x6, 1
  store i32 %y6, ptr %a6, align 4
  %r = sub i32 %n2, %c6
  ret i32 %r
}

; CHECK-NOT:   define internal {{.*}}@coalesce.outlined.{{[0-9]+}}({{[^,]+, [^,]+, [^,]+, [^,]+, [^,]+, [^,]+, }}

; MAX8:        define internal i32 @coalesce.outlined.0(ptr [[P:%[a-z]+]], i32 [[C0:%[a-z0-9]+]], i32 [[C1:%[a-z0-9]+]], i32 [[C2:%[a-z0-9]+]], i32 [[C3:%[a-z0-9]+]], i32 [[C4:%[a-z0-9]+]], i32 [[C5:%[a-z0-9]+]], i32 [[C6:%[a-z0-9]+]]) unnamed_addr
; MAX8:          %c0 = add i32 %s0, [[C0]]
; MAX8:          %c1 = add i32 %s1, [[C1]]
; MAX8:          %c2 = add i32 %s2, [[C2]]
; MAX8:          %c3 = add i32 %s3, [[C3]]
; MAX8:          %c4 = add i32 %s4, [[C4]]
; MAX8:          %c5 = add i32 %s5, [[C5]]
; MAX8:          %c6 = add i32 %s6, [[C6]]
; MAX8:          ret i32 %c6
; MAX8-NOT:    @coalesce.outlined.1
