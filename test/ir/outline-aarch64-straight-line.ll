; RUN: %opt-coalesce -coalesce-outline-min-benefit=8 -coalesce-outline-min-total=0 -passes=coalesce -coalesce-runtime-budget=1000 -S %s | FileCheck %s
; RUN: %opt-coalesce -coalesce-outline-min-benefit=8 -coalesce-outline-min-total=0 -passes=coalesce -coalesce-runtime-budget=1000 -coalesce-print-merges -disable-output %s 2>&1 | FileCheck %s --check-prefix=SUMMARY
; RUN: %opt-coalesce -coalesce-outline-min-benefit=8 -coalesce-outline-min-total=0 -passes=coalesce -coalesce-runtime-budget=1000 %s -o %t.outlined.bc
; RUN: llc -relocation-model=pic -filetype=obj %s -o %t.kept.o
; RUN: llc -relocation-model=pic -filetype=obj %t.outlined.bc -o %t.outlined.o
; RUN: %python %test_tools/text_size.py --le outlined=%t.outlined.o kept=%t.kept.o
; Purpose: on AArch64, whose code generator runs LLVM's machine outliner by default, coalesce's outliner runs without being asked and outlines straight-line code the machine outliner cannot share: the RFC example (3 sites of 17 instructions, no call) with three constants that differ between the sites, which cut its runs short. The model takes off what the machine outliner would share of the runs between them and still finds a saving; llc agrees (.text 200 bytes outlined, 240 kept, with LLVM 22, the machine outliner on in both).

target datalayout = "e-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128-Fn32"
target triple = "aarch64-unknown-linux-gnu"

; SUMMARY:     coalesce: outlined 'coalesce.outlined.0' from 3 sites
; SUMMARY:     coalesce: {{.*}}; 3 regions outlined into 1 functions; {{.*}}[size model, aarch64]

declare void @use(i32)

; CHECK-LABEL: define void @f(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @use(i32 %n)
; CHECK-NEXT:    call void @coalesce.outlined.0(ptr %p, i32 10, i32 500, i32 21)
; CHECK-NEXT:    ret void
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

; CHECK-LABEL: define void @g(
; CHECK:         call void @use(i32 %k)
; CHECK-NEXT:    call void @coalesce.outlined.0(ptr %q, i32 12, i32 600, i32 28)
; CHECK-NEXT:    ret void
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

; CHECK-LABEL: define void @h(
; CHECK:         call void @use(i32 %n)
; CHECK-NEXT:    call void @coalesce.outlined.0(ptr %r, i32 14, i32 700, i32 35)
; CHECK-NEXT:    ret void
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

; The three constants are the last arguments; everything else is the first site's code.

; CHECK-LABEL: define internal void @coalesce.outlined.0(ptr %q, i32 %in, i32 %in1, i32 %in2)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %v0 = load i32, ptr %q, align 4
; CHECK-NEXT:    %m0 = mul i32 %v0, %in
; CHECK:         %x2 = add i32 %x2x, %in1
; CHECK:         %sh = mul i32 %o3, %in2
