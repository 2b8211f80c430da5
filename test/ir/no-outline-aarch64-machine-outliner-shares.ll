; RUN: %opt-coalesce -passes=coalesce -coalesce-runtime-budget=1000 -S %s | FileCheck %s
; RUN: %opt-coalesce -passes=coalesce -coalesce-runtime-budget=1000 -pass-remarks-missed=coalesce-outline -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: llc -relocation-model=pic -filetype=obj %s -o %t.kept.o
; RUN: llc -relocation-model=pic -filetype=obj %S/Inputs/aarch64-machine-outliner-shares-outlined.ll -o %t.outlined.o
; RUN: %python %test_tools/text_size.py --le kept=%t.kept.o outlined=%t.outlined.o
; Purpose: on AArch64, repeats the machine outliner shares are left to it. @f, @g and @h hold the RFC example (16 instructions, no call) after one call each, so their registers agree and the machine outliner shares the run after the multiplier (the one constant that differs) at all three. The model takes what it would share off the saving (SizeModel::machineOutlinerBytes): nothing is left, and the remark says so. The last three RUN lines show it is right: the module as coalesce outlined it before (Inputs/aarch64-machine-outliner-shares-outlined.ll) compiles to more .text than the module kept for the machine outliner (152 bytes against 148 with LLVM 22).

; REMARK: remark: {{.*}}not outlined: 3 similar regions of 16 instructions would save {{[0-9]+}} bytes, of which the target's machine outliner would share {{[0-9]+}} anyway (size model, aarch64): left to it
target datalayout = "e-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128-Fn32"
target triple = "aarch64-unknown-linux-gnu"

declare void @use(i32)

; CHECK-LABEL: define void @f(
; CHECK-NOT:     @coalesce.outlined
; CHECK:         store i32 %sub
define void @f(ptr %p, i32 %n) minsize {
entry:
  call void @use(i32 %n)
  %v0 = load i32, ptr %p, align 4
  %m0 = mul i32 %v0, 10
  %a1 = getelementptr inbounds i8, ptr %p, i64 4
  %v1 = load i32, ptr %a1, align 4
  %s1 = add i32 %m0, %v1
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
  ret void
}

; CHECK-LABEL: define void @g(
; CHECK-NOT:     @coalesce.outlined
; CHECK:         store i32 %sub
define void @g(ptr %q, i32 %n) minsize {
entry:
  %k = add i32 %n, 1
  call void @use(i32 %k)
  %v0 = load i32, ptr %q, align 4
  %m0 = mul i32 %v0, 12
  %a1 = getelementptr inbounds i8, ptr %q, i64 4
  %v1 = load i32, ptr %a1, align 4
  %s1 = add i32 %m0, %v1
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
  ret void
}

; CHECK-LABEL: define void @h(
; CHECK-NOT:     @coalesce.outlined
; CHECK:         store i32 %sub
define void @h(ptr %r, i32 %n) minsize {
entry:
  %k = mul i32 %n, 3
  call void @use(i32 %k)
  %v0 = load i32, ptr %r, align 4
  %m0 = mul i32 %v0, 14
  %a1 = getelementptr inbounds i8, ptr %r, i64 4
  %v1 = load i32, ptr %a1, align 4
  %s1 = add i32 %m0, %v1
  %a2 = getelementptr inbounds i8, ptr %r, i64 8
  %v2 = load i32, ptr %a2, align 4
  %x2 = xor i32 %s1, %v2
  %a3 = getelementptr inbounds i8, ptr %r, i64 12
  %v3 = load i32, ptr %a3, align 4
  %o3 = or i32 %x2, %v3
  store i32 %o3, ptr %r, align 4
  %sh = shl i32 %o3, 3
  store i32 %sh, ptr %a1, align 4
  %sub = sub i32 %sh, %v0
  store i32 %sub, ptr %a2, align 4
  ret void
}


