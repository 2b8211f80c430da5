; RUN: %opt-coalesce -passes=coalesce -coalesce-runtime-budget=1000 -coalesce-print-merges -disable-output %s 2>&1 | FileCheck %s --check-prefix=DEFAULT
; RUN: %opt-coalesce -passes=coalesce -coalesce-runtime-budget=1000 -coalesce-outline-with-machine-outliner -coalesce-print-merges -disable-output %s 2>&1 | FileCheck %s --check-prefix=ASKED
; Purpose: for a target whose code generator runs LLVM's machine outliner by default and where outlining beside it was not measured (RISC-V 64: the size model's removed share is below 1), the outliner stands aside unless -coalesce-outline-with-machine-outliner asks for it. The module is outline-aarch64-straight-line.ll's (the RFC example with three constants that differ between its sites), which is outlined on x86-64 and, by default, on AArch64.

target datalayout = "e-m:e-p:64:64-i64:64-i128:128-n32:64-S128"
target triple = "riscv64-unknown-linux-gnu"

; DEFAULT-NOT: coalesce: outlined
; DEFAULT:     coalesce: {{.*}}; 0 regions outlined into 0 functions; {{.*}}[size model, riscv64]

; ASKED:       coalesce: outlined 'coalesce.outlined.0' from 3 sites
; ASKED:       coalesce: {{.*}}; 3 regions outlined into 1 functions; {{.*}}[size model, riscv64]

declare void @use(i32)


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
  %x2x = xor i32 %s1, %v2
  %x2 = add i32 %x2x, 500
  %a3 = getelementptr inbounds i8, ptr %p, i64 12
  %v3 = load i32, ptr %a3, align 4
  %o3 = or i32 %x2, %v3
  store i32 %o3, ptr %p, align 4
  %sh = mul i32 %o3, 21
  store i32 %sh, ptr %a1, align 4
  %sub = sub i32 %sh, %v0
  store i32 %sub, ptr %a2, align 4
  ret void
}

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
  %x2x = xor i32 %s1, %v2
  %x2 = add i32 %x2x, 600
  %a3 = getelementptr inbounds i8, ptr %q, i64 12
  %v3 = load i32, ptr %a3, align 4
  %o3 = or i32 %x2, %v3
  store i32 %o3, ptr %q, align 4
  %sh = mul i32 %o3, 28
  store i32 %sh, ptr %a1, align 4
  %sub = sub i32 %sh, %v0
  store i32 %sub, ptr %a2, align 4
  ret void
}

define void @h(ptr %r, i32 %n) minsize {
entry:
  %k = mul i32 %n, 3
  call void @use(i32 %k)
  call void @use(i32 %n)
  %v0 = load i32, ptr %r, align 4
  %m0 = mul i32 %v0, 14
  %a1 = getelementptr inbounds i8, ptr %r, i64 4
  %v1 = load i32, ptr %a1, align 4
  %s1 = add i32 %m0, %v1
  %a2 = getelementptr inbounds i8, ptr %r, i64 8
  %v2 = load i32, ptr %a2, align 4
  %x2x = xor i32 %s1, %v2
  %x2 = add i32 %x2x, 700
  %a3 = getelementptr inbounds i8, ptr %r, i64 12
  %v3 = load i32, ptr %a3, align 4
  %o3 = or i32 %x2, %v3
  store i32 %o3, ptr %r, align 4
  %sh = mul i32 %o3, 35
  store i32 %sh, ptr %a1, align 4
  %sub = sub i32 %sh, %v0
  store i32 %sub, ptr %a2, align 4
  ret void
}

; The multiplier is the second argument; everything else is the first site's code.
