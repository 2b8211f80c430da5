; RUN: %opt-coalesce -coalesce-outline-min-benefit=8 -coalesce-outline-min-total=0 -passes=coalesce -coalesce-runtime-budget=1000 -S %s | FileCheck %s
; RUN: %opt-coalesce -coalesce-outline-min-benefit=8 -coalesce-outline-min-total=0 -passes=coalesce -coalesce-runtime-budget=1000 %s -o %t.outlined.bc
; RUN: llc -relocation-model=pic -filetype=obj %s -o %t.kept.o
; RUN: llc -relocation-model=pic -filetype=obj %t.outlined.bc -o %t.outlined.o
; RUN: %python %test_tools/text_size.py --le outlined=%t.outlined.o kept=%t.kept.o
; Purpose: on AArch64 a region that spans blocks is outlined where it saves more than the machine outliner would have shared of it: the machine outliner shares runs within one block, so the branch, and the multiplier that differs between the sites, cut its runs short. @f1..@f3 share 36 instructions over three blocks (a branch around a call of @use) after their own call of @use; the region, both calls with it, is outlined. llc agrees (.text 224 bytes outlined, 304 kept, with LLVM 22). (The same instructions in one block with a call, no-outline-aarch64-straight-line-call.ll, are left to the machine outliner.)

target datalayout = "e-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128-Fn32"
target triple = "aarch64-unknown-linux-gnu"

declare void @use(i32)

; CHECK-LABEL: define i32 @f1(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %k = add i32 %n, 1
; CHECK-NEXT:    %0 = call i32 @coalesce.outlined.0(i32 %k, ptr %p, i32 21)
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
  %sh = mul i32 %o3, 21
  store i32 %sh, ptr %a1, align 4
  %sub = sub i32 %sh, %v0
  store i32 %sub, ptr %a2, align 4
  %e3a = getelementptr inbounds i8, ptr %p, i64 20
  %e3v = load i32, ptr %e3a, align 4
  %e3x = add i32 %e3v, %o3
  store i32 %e3x, ptr %e3a, align 4
  %e4a = getelementptr inbounds i8, ptr %p, i64 24
  %e4v = load i32, ptr %e4a, align 4
  %e4x = add i32 %e4v, %o3
  store i32 %e4x, ptr %e4a, align 4
  %e5a = getelementptr inbounds i8, ptr %p, i64 28
  %e5v = load i32, ptr %e5a, align 4
  %e5x = add i32 %e5v, %o3
  store i32 %e5x, ptr %e5a, align 4
  %e6a = getelementptr inbounds i8, ptr %p, i64 32
  %e6v = load i32, ptr %e6a, align 4
  %e6x = add i32 %e6v, %o3
  store i32 %e6x, ptr %e6a, align 4
  ret i32 %sub
}

; CHECK-LABEL: define i32 @f2(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %k = mul i32 %n, 3
; CHECK-NEXT:    %0 = call i32 @coalesce.outlined.0(i32 %k, ptr %p, i32 28)
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
  %sh = mul i32 %o3, 28
  store i32 %sh, ptr %a1, align 4
  %sub = sub i32 %sh, %v0
  store i32 %sub, ptr %a2, align 4
  %e3a = getelementptr inbounds i8, ptr %p, i64 20
  %e3v = load i32, ptr %e3a, align 4
  %e3x = add i32 %e3v, %o3
  store i32 %e3x, ptr %e3a, align 4
  %e4a = getelementptr inbounds i8, ptr %p, i64 24
  %e4v = load i32, ptr %e4a, align 4
  %e4x = add i32 %e4v, %o3
  store i32 %e4x, ptr %e4a, align 4
  %e5a = getelementptr inbounds i8, ptr %p, i64 28
  %e5v = load i32, ptr %e5a, align 4
  %e5x = add i32 %e5v, %o3
  store i32 %e5x, ptr %e5a, align 4
  %e6a = getelementptr inbounds i8, ptr %p, i64 32
  %e6v = load i32, ptr %e6a, align 4
  %e6x = add i32 %e6v, %o3
  store i32 %e6x, ptr %e6a, align 4
  ret i32 %sub
}

; CHECK-LABEL: define i32 @f3(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %k = xor i32 %n, 5
; CHECK-NEXT:    %0 = call i32 @coalesce.outlined.0(i32 %k, ptr %p, i32 35)
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
  %sh = mul i32 %o3, 35
  store i32 %sh, ptr %a1, align 4
  %sub = sub i32 %sh, %v0
  store i32 %sub, ptr %a2, align 4
  %e3a = getelementptr inbounds i8, ptr %p, i64 20
  %e3v = load i32, ptr %e3a, align 4
  %e3x = add i32 %e3v, %o3
  store i32 %e3x, ptr %e3a, align 4
  %e4a = getelementptr inbounds i8, ptr %p, i64 24
  %e4v = load i32, ptr %e4a, align 4
  %e4x = add i32 %e4v, %o3
  store i32 %e4x, ptr %e4a, align 4
  %e5a = getelementptr inbounds i8, ptr %p, i64 28
  %e5v = load i32, ptr %e5a, align 4
  %e5x = add i32 %e5v, %o3
  store i32 %e5x, ptr %e5a, align 4
  %e6a = getelementptr inbounds i8, ptr %p, i64 32
  %e6v = load i32, ptr %e6a, align 4
  %e6x = add i32 %e6v, %o3
  store i32 %e6x, ptr %e6a, align 4
  ret i32 %sub
}

; CHECK-LABEL: define internal i32 @coalesce.outlined.0(i32 %k, ptr %p, i32 %in)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @use(i32 %k)
; CHECK:         br i1 %c, label %neg, label %join
; CHECK:       neg:
; CHECK-NEXT:    call void @use(i32 %x2)
; CHECK:         %sh = mul i32 %o3, %in
; CHECK:         ret i32 %sub
