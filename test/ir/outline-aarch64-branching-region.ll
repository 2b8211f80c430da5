; RUN: %opt-coalesce -passes=coalesce -coalesce-runtime-budget=1000 -S %s | FileCheck %s
; Purpose: on AArch64 a region that spans blocks is priced at its whole saving, calls or not: the machine outliner shares runs of one block only, so none of it would have been shared. @f1..@f3 share 20 instructions over three blocks (a branch around a call of @use) after their own call of @use; the region, both calls with it, is outlined. (The same instructions in one block, no-outline-aarch64-straight-line-call.ll, are left to the machine outliner.)

target datalayout = "e-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128-Fn32"
target triple = "aarch64-unknown-linux-gnu"

declare void @use(i32)

; CHECK-LABEL: define i32 @f1(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %k = add i32 %n, 1
; CHECK-NEXT:    %0 = call i32 @coalesce.outlined.0(i32 %k, ptr %p)
; CHECK-NEXT:    ret i32 %0
define i32 @f1(ptr %p, i32 %n) minsize {
entry:
  %k = add i32 %n, 1
  call void @use(i32 %k)
  %v0 = load i32, ptr %p, align 4
  %a1 = getelementptr inbounds i8, ptr %p, i64 4
  %v1 = load i32, ptr %a1, align 4
  %s1 = add i32 %v0, %v1
  %a2 = getelementptr inbounds i8, ptr %p, i64 8
  %v2 = load i32, ptr %a2, align 4
  %x2 = xor i32 %s1, %v2
  %c = icmp slt i32 %x2, 0
  br i1 %c, label %neg, label %join

neg:
  call void @use(i32 %x2)
  br label %join

join:
  %a3 = getelementptr inbounds i8, ptr %p, i64 12
  %v3 = load i32, ptr %a3, align 4
  %o3 = or i32 %x2, %v3
  store i32 %o3, ptr %p, align 4
  %sh = shl i32 %o3, 3
  store i32 %sh, ptr %a1, align 4
  %sub = sub i32 %sh, %v0
  store i32 %sub, ptr %a2, align 4
  ret i32 %sub
}

; CHECK-LABEL: define i32 @f2(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %k = mul i32 %n, 3
; CHECK-NEXT:    %0 = call i32 @coalesce.outlined.0(i32 %k, ptr %p)
; CHECK-NEXT:    ret i32 %0
define i32 @f2(ptr %p, i32 %n) minsize {
entry:
  %k = mul i32 %n, 3
  call void @use(i32 %k)
  %v0 = load i32, ptr %p, align 4
  %a1 = getelementptr inbounds i8, ptr %p, i64 4
  %v1 = load i32, ptr %a1, align 4
  %s1 = add i32 %v0, %v1
  %a2 = getelementptr inbounds i8, ptr %p, i64 8
  %v2 = load i32, ptr %a2, align 4
  %x2 = xor i32 %s1, %v2
  %c = icmp slt i32 %x2, 0
  br i1 %c, label %neg, label %join

neg:
  call void @use(i32 %x2)
  br label %join

join:
  %a3 = getelementptr inbounds i8, ptr %p, i64 12
  %v3 = load i32, ptr %a3, align 4
  %o3 = or i32 %x2, %v3
  store i32 %o3, ptr %p, align 4
  %sh = shl i32 %o3, 3
  store i32 %sh, ptr %a1, align 4
  %sub = sub i32 %sh, %v0
  store i32 %sub, ptr %a2, align 4
  ret i32 %sub
}

; CHECK-LABEL: define i32 @f3(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %k = xor i32 %n, 5
; CHECK-NEXT:    %0 = call i32 @coalesce.outlined.0(i32 %k, ptr %p)
; CHECK-NEXT:    ret i32 %0
define i32 @f3(ptr %p, i32 %n) minsize {
entry:
  %k = xor i32 %n, 5
  call void @use(i32 %k)
  %v0 = load i32, ptr %p, align 4
  %a1 = getelementptr inbounds i8, ptr %p, i64 4
  %v1 = load i32, ptr %a1, align 4
  %s1 = add i32 %v0, %v1
  %a2 = getelementptr inbounds i8, ptr %p, i64 8
  %v2 = load i32, ptr %a2, align 4
  %x2 = xor i32 %s1, %v2
  %c = icmp slt i32 %x2, 0
  br i1 %c, label %neg, label %join

neg:
  call void @use(i32 %x2)
  br label %join

join:
  %a3 = getelementptr inbounds i8, ptr %p, i64 12
  %v3 = load i32, ptr %a3, align 4
  %o3 = or i32 %x2, %v3
  store i32 %o3, ptr %p, align 4
  %sh = shl i32 %o3, 3
  store i32 %sh, ptr %a1, align 4
  %sub = sub i32 %sh, %v0
  store i32 %sub, ptr %a2, align 4
  ret i32 %sub
}

; CHECK-LABEL: define internal i32 @coalesce.outlined.0(i32 %k, ptr %p)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @use(i32 %k)
; CHECK:         br i1 %c, label %neg, label %join
; CHECK:       neg:
; CHECK-NEXT:    call void @use(i32 %x2)
; CHECK:         ret i32 %sub
