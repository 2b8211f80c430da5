; RUN: %opt-coalesce -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; Purpose: a stack object stays in the frame of the function that owns it. @f, @g, @h allocate %buf in the middle of a shared run and pass it to a call after the run; if the alloca moved into the outlined function, %buf would point into a frame that is gone by the time @use sees it. The run is outlined around the alloca: each caller keeps its own alloca and passes %buf in, and the outlined function allocates nothing.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
declare void @use(ptr)
declare void @use2(ptr, i32)
declare void @use3(i32, ptr)

; CHECK-LABEL: define i32 @f(
; CHECK:         %buf = alloca [8 x i32], align 16
; CHECK-NEXT:    call i32 @coalesce.outlined.0({{.*}}ptr %buf{{.*}})
; CHECK:         call void @use(ptr %buf)
define i32 @f(ptr %p, i32 %n) minsize {
entry:
  %n2 = add i32 %n, 7
  %v0 = load i32, ptr %p, align 4
  %buf = alloca [8 x i32], align 16
  store i32 %v0, ptr %buf, align 16
  %a1 = getelementptr inbounds i8, ptr %p, i64 4
  %v1 = load i32, ptr %a1, align 4
  %s1 = add i32 %v0, %v1
  %b1 = getelementptr inbounds i8, ptr %buf, i64 4
  store i32 %s1, ptr %b1, align 4
  %a2 = getelementptr inbounds i8, ptr %p, i64 8
  %v2 = load i32, ptr %a2, align 4
  %x2 = xor i32 %s1, %v2
  %b2 = getelementptr inbounds i8, ptr %buf, i64 8
  store i32 %x2, ptr %b2, align 8
  %a3 = getelementptr inbounds i8, ptr %p, i64 12
  %v3 = load i32, ptr %a3, align 4
  %o3 = or i32 %x2, %v3
  %b3 = getelementptr inbounds i8, ptr %buf, i64 12
  store i32 %o3, ptr %b3, align 4
  %sh = shl i32 %o3, 3
  %b4 = getelementptr inbounds i8, ptr %buf, i64 16
  store i32 %sh, ptr %b4, align 16
  %sub = sub i32 %sh, %v0
  %b5 = getelementptr inbounds i8, ptr %buf, i64 20
  store i32 %sub, ptr %b5, align 4
  %y4 = and i32 %sub, %v1
  %z4 = add i32 %y4, %s1
  call void @use(ptr %buf)
  %r = add i32 %z4, %n2
  ret i32 %r
}

; CHECK-LABEL: define i32 @g(
; CHECK:         %buf = alloca [8 x i32], align 16
; CHECK-NEXT:    call i32 @coalesce.outlined.0({{.*}}ptr %buf{{.*}})
; CHECK:         call void @use2(ptr %buf, i32
define i32 @g(ptr %q, i32 %n) minsize {
entry:
  %k = udiv i32 %n, 3
  %n2 = or i32 %k, 1
  %v0 = load i32, ptr %q, align 4
  %buf = alloca [8 x i32], align 16
  store i32 %v0, ptr %buf, align 16
  %a1 = getelementptr inbounds i8, ptr %q, i64 4
  %v1 = load i32, ptr %a1, align 4
  %s1 = add i32 %v0, %v1
  %b1 = getelementptr inbounds i8, ptr %buf, i64 4
  store i32 %s1, ptr %b1, align 4
  %a2 = getelementptr inbounds i8, ptr %q, i64 8
  %v2 = load i32, ptr %a2, align 4
  %x2 = xor i32 %s1, %v2
  %b2 = getelementptr inbounds i8, ptr %buf, i64 8
  store i32 %x2, ptr %b2, align 8
  %a3 = getelementptr inbounds i8, ptr %q, i64 12
  %v3 = load i32, ptr %a3, align 4
  %o3 = or i32 %x2, %v3
  %b3 = getelementptr inbounds i8, ptr %buf, i64 12
  store i32 %o3, ptr %b3, align 4
  %sh = shl i32 %o3, 3
  %b4 = getelementptr inbounds i8, ptr %buf, i64 16
  store i32 %sh, ptr %b4, align 16
  %sub = sub i32 %sh, %v0
  %b5 = getelementptr inbounds i8, ptr %buf, i64 20
  store i32 %sub, ptr %b5, align 4
  %y4 = and i32 %sub, %v1
  %z4 = add i32 %y4, %s1
  %r0 = mul i32 %z4, %n2
  call void @use2(ptr %buf, i32 %r0)
  %r = add i32 %r0, 1
  ret i32 %r
}

; CHECK-LABEL: define i32 @h(
; CHECK:         %buf = alloca [8 x i32], align 16
; CHECK-NEXT:    call i32 @coalesce.outlined.0({{.*}}ptr %buf{{.*}})
; CHECK:         call void @use3(i32 %n2, ptr %buf)
define i32 @h(ptr %s, i32 %n) minsize {
entry:
  %n2 = shl i32 %n, 2
  %v0 = load i32, ptr %s, align 4
  %buf = alloca [8 x i32], align 16
  store i32 %v0, ptr %buf, align 16
  %a1 = getelementptr inbounds i8, ptr %s, i64 4
  %v1 = load i32, ptr %a1, align 4
  %s1 = add i32 %v0, %v1
  %b1 = getelementptr inbounds i8, ptr %buf, i64 4
  store i32 %s1, ptr %b1, align 4
  %a2 = getelementptr inbounds i8, ptr %s, i64 8
  %v2 = load i32, ptr %a2, align 4
  %x2 = xor i32 %s1, %v2
  %b2 = getelementptr inbounds i8, ptr %buf, i64 8
  store i32 %x2, ptr %b2, align 8
  %a3 = getelementptr inbounds i8, ptr %s, i64 12
  %v3 = load i32, ptr %a3, align 4
  %o3 = or i32 %x2, %v3
  %b3 = getelementptr inbounds i8, ptr %buf, i64 12
  store i32 %o3, ptr %b3, align 4
  %sh = shl i32 %o3, 3
  %b4 = getelementptr inbounds i8, ptr %buf, i64 16
  store i32 %sh, ptr %b4, align 16
  %sub = sub i32 %sh, %v0
  %b5 = getelementptr inbounds i8, ptr %buf, i64 20
  store i32 %sub, ptr %b5, align 4
  %y4 = and i32 %sub, %v1
  %z4 = add i32 %y4, %s1
  call void @use3(i32 %n2, ptr %buf)
  %r = sub i32 %n2, %z4
  ret i32 %r
}

; CHECK:       define internal i32 @coalesce.outlined.0(
; CHECK-NOT:     alloca
; CHECK:         store i32 %v0, ptr %buf, align 16
; CHECK-NOT:     alloca
; CHECK:         ret i32 %z4
