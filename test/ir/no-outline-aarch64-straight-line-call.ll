; RUN: %opt-coalesce -passes=coalesce -coalesce-runtime-budget=1000 -pass-remarks-missed=coalesce-outline -S %s 2>&1 | FileCheck %s
; RUN: %opt-coalesce -passes=coalesce -coalesce-runtime-budget=1000 -mtriple=x86_64-unknown-linux-gnu -S %s | FileCheck %s --check-prefix=X86
; Purpose: on AArch64, straight-line code that calls is left to the machine outliner, which shares a run ending in a call as a jump to the callee, without the frame an outlined function that calls needs (measured: such groups made every AArch64 corpus program larger). @f1..@f3 share 17 instructions with a call of @use inside one block; they stay in place, with a NotOutlined remark saying why. The same module for x86-64 (-mtriple), which runs no machine outliner, is outlined.

target datalayout = "e-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128-Fn32"
target triple = "aarch64-unknown-linux-gnu"

declare void @use(i32)

; CHECK: remark: {{.*}}not outlined: 3 similar regions of 17 instructions are straight-line code that calls: left to the target's machine outliner

; CHECK-LABEL: define i32 @f1(
; CHECK-NOT:     @coalesce.outlined
; CHECK:         call void @use(i32 %x2)
; CHECK-NOT:     @coalesce.outlined
; CHECK:         ret i32 %sub
; X86-LABEL:   define i32 @f1(
; X86-NEXT:    entry:
; X86-NEXT:      %k = add i32 %n, 1
; X86-NEXT:      %0 = call i32 @coalesce.outlined.0(i32 %k, ptr %p)
; X86-NEXT:      ret i32 %0
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
  call void @use(i32 %x2)
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
; CHECK-NOT:     @coalesce.outlined
; CHECK:         call void @use(i32 %x2)
; CHECK-NOT:     @coalesce.outlined
; CHECK:         ret i32 %sub
; X86-LABEL:   define i32 @f2(
; X86-NEXT:    entry:
; X86-NEXT:      %k = mul i32 %n, 3
; X86-NEXT:      %0 = call i32 @coalesce.outlined.0(i32 %k, ptr %p)
; X86-NEXT:      ret i32 %0
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
  call void @use(i32 %x2)
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
; CHECK-NOT:     @coalesce.outlined
; CHECK:         call void @use(i32 %x2)
; CHECK-NOT:     @coalesce.outlined
; CHECK:         ret i32 %sub
; X86-LABEL:   define i32 @f3(
; X86-NEXT:    entry:
; X86-NEXT:      %k = xor i32 %n, 5
; X86-NEXT:      %0 = call i32 @coalesce.outlined.0(i32 %k, ptr %p)
; X86-NEXT:      ret i32 %0
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
  call void @use(i32 %x2)
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

; CHECK-NOT:   define {{.*}}@coalesce.outlined
