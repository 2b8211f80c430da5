; RUN: %opt-coalesce -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; Purpose: a stack slot of the caller that only the region uses (and lifetime markers around it), whose address does not escape, moves into the outlined function: the outlined function allocates it, the sites pass no address for it, and each caller loses the slot and its lifetime markers.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @fill(ptr captures(none))
declare void @use(i64)

define void @f(ptr %p, i64 %a) minsize {
  %tmp = alloca [4 x i64], align 8
  call void @use(i64 1)
  call void @llvm.lifetime.start.p0(ptr %tmp)
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

define void @g(ptr %p, i64 %a) minsize {
  %tmp = alloca [4 x i64], align 8
  call void @use(i64 2)
  call void @llvm.lifetime.start.p0(ptr %tmp)
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

define void @h(ptr %p, i64 %a) minsize {
  %tmp = alloca [4 x i64], align 8
  call void @use(i64 3)
  call void @llvm.lifetime.start.p0(ptr %tmp)
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

; CHECK-LABEL: define void @f(
; CHECK-NOT:     alloca
; CHECK:         call void @use(i64 1)
; CHECK-NEXT:    call void @[[SLOT:coalesce.outlined.[0-9]+]](i64 %a, ptr %p)
; CHECK-NEXT:    ret void
; CHECK-LABEL: define void @g(
; CHECK-NOT:     alloca
; CHECK:         call void @use(i64 2)
; CHECK-NEXT:    call void @[[SLOT:coalesce.outlined.[0-9]+]](i64 %a, ptr %p)
; CHECK-NEXT:    ret void
; CHECK-LABEL: define void @h(
; CHECK-NOT:     alloca
; CHECK:         call void @use(i64 3)
; CHECK-NEXT:    call void @[[SLOT:coalesce.outlined.[0-9]+]](i64 %a, ptr %p)
; CHECK-NEXT:    ret void
; The slot is the outlined function's own, at its entry.
; CHECK:       define internal void @[[SLOT]](i64 %a, ptr %p)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %tmp = alloca [4 x i64], align 8
; CHECK-NEXT:    call void @fill(ptr %tmp)
; CHECK-NOT:     lifetime
; CHECK:         ret void
