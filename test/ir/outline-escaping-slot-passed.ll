; RUN: %opt-coalesce -coalesce-outline-min-benefit=8 -coalesce-outline-min-total=0 -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; Purpose: a stack slot whose address escapes (@k1..@k3 store it to a global before the shared run) could be used after the region, when the outlined function's frame is gone: it stays in each caller, with its lifetime markers, and its address is passed.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@escaped = global ptr null

declare void @fill(ptr captures(none))
declare void @use(i64)

define void @k1(ptr %p, i64 %a) minsize {
  %tmp = alloca [4 x i64], align 8
  call void @use(i64 11)
  call void @llvm.lifetime.start.p0(ptr %tmp)
  store ptr %tmp, ptr @escaped
  call void @fill(ptr %tmp)
  %t1 = getelementptr [4 x i64], ptr %tmp, i64 0, i64 1
  %v1 = load i64, ptr %t1
  %t2 = getelementptr [4 x i64], ptr %tmp, i64 0, i64 2
  %v2 = load i64, ptr %t2
  %s = add i64 %v1, %v2
  %m = mul i64 %s, %a
  store i64 %m, ptr %p
  %q = getelementptr i64, ptr %p, i64 3
  %v3 = load i64, ptr %tmp
  %x = xor i64 %v3, %m
  store i64 %x, ptr %q
  %q2 = getelementptr i64, ptr %p, i64 5
  %y = sub i64 %x, %v2
  store i64 %y, ptr %q2
  call void @llvm.lifetime.end.p0(ptr %tmp)
  ret void
}

define void @k2(ptr %p, i64 %a) minsize {
  %tmp = alloca [4 x i64], align 8
  call void @use(i64 12)
  call void @llvm.lifetime.start.p0(ptr %tmp)
  store ptr %tmp, ptr @escaped
  call void @fill(ptr %tmp)
  %t1 = getelementptr [4 x i64], ptr %tmp, i64 0, i64 1
  %v1 = load i64, ptr %t1
  %t2 = getelementptr [4 x i64], ptr %tmp, i64 0, i64 2
  %v2 = load i64, ptr %t2
  %s = add i64 %v1, %v2
  %m = mul i64 %s, %a
  store i64 %m, ptr %p
  %q = getelementptr i64, ptr %p, i64 3
  %v3 = load i64, ptr %tmp
  %x = xor i64 %v3, %m
  store i64 %x, ptr %q
  %q2 = getelementptr i64, ptr %p, i64 5
  %y = sub i64 %x, %v2
  store i64 %y, ptr %q2
  call void @llvm.lifetime.end.p0(ptr %tmp)
  ret void
}

define void @k3(ptr %p, i64 %a) minsize {
  %tmp = alloca [4 x i64], align 8
  call void @use(i64 13)
  call void @llvm.lifetime.start.p0(ptr %tmp)
  store ptr %tmp, ptr @escaped
  call void @fill(ptr %tmp)
  %t1 = getelementptr [4 x i64], ptr %tmp, i64 0, i64 1
  %v1 = load i64, ptr %t1
  %t2 = getelementptr [4 x i64], ptr %tmp, i64 0, i64 2
  %v2 = load i64, ptr %t2
  %s = add i64 %v1, %v2
  %m = mul i64 %s, %a
  store i64 %m, ptr %p
  %q = getelementptr i64, ptr %p, i64 3
  %v3 = load i64, ptr %tmp
  %x = xor i64 %v3, %m
  store i64 %x, ptr %q
  %q2 = getelementptr i64, ptr %p, i64 5
  %y = sub i64 %x, %v2
  store i64 %y, ptr %q2
  call void @llvm.lifetime.end.p0(ptr %tmp)
  ret void
}

; CHECK-LABEL: define void @k1(
; CHECK:         %tmp = alloca [4 x i64], align 8
; CHECK:         call void @llvm.lifetime.start.p0(ptr %tmp)
; CHECK:         call void @coalesce.outlined.0(ptr %tmp, i64 %a, ptr %p)
; CHECK-NEXT:    call void @llvm.lifetime.end.p0(ptr %tmp)

; CHECK:       define internal void @coalesce.outlined.0(ptr %tmp, i64 %a, ptr %p)
; CHECK-NOT:     alloca
; CHECK:         ret void
