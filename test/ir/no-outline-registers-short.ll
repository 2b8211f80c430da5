; RUN: %opt-coalesce -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; RUN: llc -O2 -relocation-model=pic -filetype=obj %s -o %t.kept.o
; RUN: llc -O2 -relocation-model=pic -filetype=obj %S/Inputs/registers-short-outlined.ll -o %t.outlined.o
; RUN: %python %test_tools/text_size.py --le kept=%t.kept.o outlined=%t.outlined.o
; Purpose: a function short of registers pays for every value a new call makes it keep: beyond the callee-saved registers the values it already keeps across its calls hold, each is spilled and reloaded. @f1..@f3 share a 40-instruction run on %p between two calls; seven values (%k1..%k7) already live across the second call hold all six of x86-64's callee-saved registers at the site, and four more (%r0..%r3) are defined before it and used after it. Priced as saved registers, the group saved 13 bytes and was outlined; priced as spills and reloads, it saves nothing and stays. The last three RUN lines show the price is real: the module as coalesce outlined it before (Inputs/registers-short-outlined.ll) compiles to more .text than the module kept as it is (745 bytes against 732 with LLVM 22).
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @use(i64)

; CHECK-LABEL: define i64 @f1(
; CHECK-NOT:     @coalesce.outlined
; CHECK:         ret i64
define i64 @f1(ptr %p, ptr %q) minsize {
entry:
  %gk0 = getelementptr inbounds i8, ptr %q, i64 0
  %l0 = load i64, ptr %gk0, align 8
  %k0 = add i64 %l0, 3
  %gk1 = getelementptr inbounds i8, ptr %q, i64 8
  %l1 = load i64, ptr %gk1, align 8
  %k1 = add i64 %l1, 4
  %gk2 = getelementptr inbounds i8, ptr %q, i64 16
  %l2 = load i64, ptr %gk2, align 8
  %k2 = add i64 %l2, 5
  %gk3 = getelementptr inbounds i8, ptr %q, i64 24
  %l3 = load i64, ptr %gk3, align 8
  %k3 = add i64 %l3, 6
  %gk4 = getelementptr inbounds i8, ptr %q, i64 32
  %l4 = load i64, ptr %gk4, align 8
  %k4 = add i64 %l4, 7
  %gk5 = getelementptr inbounds i8, ptr %q, i64 40
  %l5 = load i64, ptr %gk5, align 8
  %k5 = add i64 %l5, 8
  %gk6 = getelementptr inbounds i8, ptr %q, i64 48
  %l6 = load i64, ptr %gk6, align 8
  %k6 = add i64 %l6, 9
  %gk7 = getelementptr inbounds i8, ptr %q, i64 56
  %l7 = load i64, ptr %gk7, align 8
  %k7 = add i64 %l7, 10
  call void @use(i64 %k0)
  %rg0 = getelementptr inbounds i8, ptr %q, i64 200
  %rl0 = load i64, ptr %rg0, align 8
  %r0 = add i64 %rl0, 11
  %rg1 = getelementptr inbounds i8, ptr %q, i64 208
  %rl1 = load i64, ptr %rg1, align 8
  %r1 = add i64 %rl1, 12
  %rg2 = getelementptr inbounds i8, ptr %q, i64 216
  %rl2 = load i64, ptr %rg2, align 8
  %r2 = add i64 %rl2, 13
  %rg3 = getelementptr inbounds i8, ptr %q, i64 224
  %rl3 = load i64, ptr %rg3, align 8
  %r3 = add i64 %rl3, 14
  %v0 = load i64, ptr %p, align 8
  %m0 = mul i64 %v0, 10
  %a1 = getelementptr inbounds i8, ptr %p, i64 8
  %v1 = load i64, ptr %a1, align 8
  %s1 = add i64 %m0, %v1
  %a2 = getelementptr inbounds i8, ptr %p, i64 16
  %v2 = load i64, ptr %a2, align 8
  %x2 = xor i64 %s1, %v2
  %a3 = getelementptr inbounds i8, ptr %p, i64 24
  %v3 = load i64, ptr %a3, align 8
  %o3 = or i64 %x2, %v3
  store i64 %o3, ptr %p, align 8
  %sh = shl i64 %o3, 3
  store i64 %sh, ptr %a1, align 8
  %sub = sub i64 %sh, %v0
  store i64 %sub, ptr %a2, align 8
  %e4a = getelementptr inbounds i8, ptr %p, i64 32
  %e4v = load i64, ptr %e4a, align 8
  %e4x = xor i64 %e4v, %o3
  store i64 %e4x, ptr %e4a, align 8
  %e5a = getelementptr inbounds i8, ptr %p, i64 40
  %e5v = load i64, ptr %e5a, align 8
  %e5x = xor i64 %e5v, %o3
  store i64 %e5x, ptr %e5a, align 8
  %e6a = getelementptr inbounds i8, ptr %p, i64 48
  %e6v = load i64, ptr %e6a, align 8
  %e6x = xor i64 %e6v, %o3
  store i64 %e6x, ptr %e6a, align 8
  %e7a = getelementptr inbounds i8, ptr %p, i64 56
  %e7v = load i64, ptr %e7a, align 8
  %e7x = xor i64 %e7v, %o3
  store i64 %e7x, ptr %e7a, align 8
  %e8a = getelementptr inbounds i8, ptr %p, i64 64
  %e8v = load i64, ptr %e8a, align 8
  %e8x = xor i64 %e8v, %o3
  store i64 %e8x, ptr %e8a, align 8
  %e9a = getelementptr inbounds i8, ptr %p, i64 72
  %e9v = load i64, ptr %e9a, align 8
  %e9x = xor i64 %e9v, %o3
  store i64 %e9x, ptr %e9a, align 8
  %w0 = add i64 %v1, %r0
  %w1 = add i64 %w0, %r1
  %w2 = add i64 %w1, %r2
  %w = add i64 %w2, %r3
  call void @use(i64 %k1)
  %t0 = add i64 %v1, %k0
  %t1 = add i64 %t0, %k1
  %t2 = add i64 %t1, %k2
  %t3 = add i64 %t2, %k3
  %t4 = add i64 %t3, %k4
  %t5 = add i64 %t4, %k5
  %t6 = add i64 %t5, %k6
  %t7 = add i64 %t6, %k7
  %u0 = add i64 %t7, %v2
  %u1 = add i64 %u0, %v3
  %u2 = add i64 %u1, %w
  ret i64 %u2
}

; CHECK-LABEL: define i64 @f2(
; CHECK-NOT:     @coalesce.outlined
; CHECK:         ret i64
define i64 @f2(ptr %p, ptr %q) minsize {
entry:
  %gk0 = getelementptr inbounds i8, ptr %q, i64 0
  %l0 = load i64, ptr %gk0, align 8
  %k0 = xor i64 %l0, 3
  %gk1 = getelementptr inbounds i8, ptr %q, i64 8
  %l1 = load i64, ptr %gk1, align 8
  %k1 = xor i64 %l1, 4
  %gk2 = getelementptr inbounds i8, ptr %q, i64 16
  %l2 = load i64, ptr %gk2, align 8
  %k2 = xor i64 %l2, 5
  %gk3 = getelementptr inbounds i8, ptr %q, i64 24
  %l3 = load i64, ptr %gk3, align 8
  %k3 = xor i64 %l3, 6
  %gk4 = getelementptr inbounds i8, ptr %q, i64 32
  %l4 = load i64, ptr %gk4, align 8
  %k4 = xor i64 %l4, 7
  %gk5 = getelementptr inbounds i8, ptr %q, i64 40
  %l5 = load i64, ptr %gk5, align 8
  %k5 = xor i64 %l5, 8
  %gk6 = getelementptr inbounds i8, ptr %q, i64 48
  %l6 = load i64, ptr %gk6, align 8
  %k6 = xor i64 %l6, 9
  %gk7 = getelementptr inbounds i8, ptr %q, i64 56
  %l7 = load i64, ptr %gk7, align 8
  %k7 = xor i64 %l7, 10
  call void @use(i64 %k0)
  %rg0 = getelementptr inbounds i8, ptr %q, i64 200
  %rl0 = load i64, ptr %rg0, align 8
  %r0 = xor i64 %rl0, 11
  %rg1 = getelementptr inbounds i8, ptr %q, i64 208
  %rl1 = load i64, ptr %rg1, align 8
  %r1 = xor i64 %rl1, 12
  %rg2 = getelementptr inbounds i8, ptr %q, i64 216
  %rl2 = load i64, ptr %rg2, align 8
  %r2 = xor i64 %rl2, 13
  %rg3 = getelementptr inbounds i8, ptr %q, i64 224
  %rl3 = load i64, ptr %rg3, align 8
  %r3 = xor i64 %rl3, 14
  %v0 = load i64, ptr %p, align 8
  %m0 = mul i64 %v0, 12
  %a1 = getelementptr inbounds i8, ptr %p, i64 8
  %v1 = load i64, ptr %a1, align 8
  %s1 = add i64 %m0, %v1
  %a2 = getelementptr inbounds i8, ptr %p, i64 16
  %v2 = load i64, ptr %a2, align 8
  %x2 = xor i64 %s1, %v2
  %a3 = getelementptr inbounds i8, ptr %p, i64 24
  %v3 = load i64, ptr %a3, align 8
  %o3 = or i64 %x2, %v3
  store i64 %o3, ptr %p, align 8
  %sh = shl i64 %o3, 3
  store i64 %sh, ptr %a1, align 8
  %sub = sub i64 %sh, %v0
  store i64 %sub, ptr %a2, align 8
  %e4a = getelementptr inbounds i8, ptr %p, i64 32
  %e4v = load i64, ptr %e4a, align 8
  %e4x = xor i64 %e4v, %o3
  store i64 %e4x, ptr %e4a, align 8
  %e5a = getelementptr inbounds i8, ptr %p, i64 40
  %e5v = load i64, ptr %e5a, align 8
  %e5x = xor i64 %e5v, %o3
  store i64 %e5x, ptr %e5a, align 8
  %e6a = getelementptr inbounds i8, ptr %p, i64 48
  %e6v = load i64, ptr %e6a, align 8
  %e6x = xor i64 %e6v, %o3
  store i64 %e6x, ptr %e6a, align 8
  %e7a = getelementptr inbounds i8, ptr %p, i64 56
  %e7v = load i64, ptr %e7a, align 8
  %e7x = xor i64 %e7v, %o3
  store i64 %e7x, ptr %e7a, align 8
  %e8a = getelementptr inbounds i8, ptr %p, i64 64
  %e8v = load i64, ptr %e8a, align 8
  %e8x = xor i64 %e8v, %o3
  store i64 %e8x, ptr %e8a, align 8
  %e9a = getelementptr inbounds i8, ptr %p, i64 72
  %e9v = load i64, ptr %e9a, align 8
  %e9x = xor i64 %e9v, %o3
  store i64 %e9x, ptr %e9a, align 8
  %w0 = xor i64 %v1, %r0
  %w1 = xor i64 %w0, %r1
  %w2 = xor i64 %w1, %r2
  %w = xor i64 %w2, %r3
  call void @use(i64 %k1)
  %t0 = xor i64 %v1, %k0
  %t1 = xor i64 %t0, %k1
  %t2 = xor i64 %t1, %k2
  %t3 = xor i64 %t2, %k3
  %t4 = xor i64 %t3, %k4
  %t5 = xor i64 %t4, %k5
  %t6 = xor i64 %t5, %k6
  %t7 = xor i64 %t6, %k7
  %u0 = xor i64 %t7, %v2
  %u1 = xor i64 %u0, %v3
  %u2 = xor i64 %u1, %w
  ret i64 %u2
}

; CHECK-LABEL: define i64 @f3(
; CHECK-NOT:     @coalesce.outlined
; CHECK:         ret i64
define i64 @f3(ptr %p, ptr %q) minsize {
entry:
  %gk0 = getelementptr inbounds i8, ptr %q, i64 0
  %l0 = load i64, ptr %gk0, align 8
  %k0 = sub i64 %l0, 3
  %gk1 = getelementptr inbounds i8, ptr %q, i64 8
  %l1 = load i64, ptr %gk1, align 8
  %k1 = sub i64 %l1, 4
  %gk2 = getelementptr inbounds i8, ptr %q, i64 16
  %l2 = load i64, ptr %gk2, align 8
  %k2 = sub i64 %l2, 5
  %gk3 = getelementptr inbounds i8, ptr %q, i64 24
  %l3 = load i64, ptr %gk3, align 8
  %k3 = sub i64 %l3, 6
  %gk4 = getelementptr inbounds i8, ptr %q, i64 32
  %l4 = load i64, ptr %gk4, align 8
  %k4 = sub i64 %l4, 7
  %gk5 = getelementptr inbounds i8, ptr %q, i64 40
  %l5 = load i64, ptr %gk5, align 8
  %k5 = sub i64 %l5, 8
  %gk6 = getelementptr inbounds i8, ptr %q, i64 48
  %l6 = load i64, ptr %gk6, align 8
  %k6 = sub i64 %l6, 9
  %gk7 = getelementptr inbounds i8, ptr %q, i64 56
  %l7 = load i64, ptr %gk7, align 8
  %k7 = sub i64 %l7, 10
  call void @use(i64 %k0)
  %rg0 = getelementptr inbounds i8, ptr %q, i64 200
  %rl0 = load i64, ptr %rg0, align 8
  %r0 = sub i64 %rl0, 11
  %rg1 = getelementptr inbounds i8, ptr %q, i64 208
  %rl1 = load i64, ptr %rg1, align 8
  %r1 = sub i64 %rl1, 12
  %rg2 = getelementptr inbounds i8, ptr %q, i64 216
  %rl2 = load i64, ptr %rg2, align 8
  %r2 = sub i64 %rl2, 13
  %rg3 = getelementptr inbounds i8, ptr %q, i64 224
  %rl3 = load i64, ptr %rg3, align 8
  %r3 = sub i64 %rl3, 14
  %v0 = load i64, ptr %p, align 8
  %m0 = mul i64 %v0, 14
  %a1 = getelementptr inbounds i8, ptr %p, i64 8
  %v1 = load i64, ptr %a1, align 8
  %s1 = add i64 %m0, %v1
  %a2 = getelementptr inbounds i8, ptr %p, i64 16
  %v2 = load i64, ptr %a2, align 8
  %x2 = xor i64 %s1, %v2
  %a3 = getelementptr inbounds i8, ptr %p, i64 24
  %v3 = load i64, ptr %a3, align 8
  %o3 = or i64 %x2, %v3
  store i64 %o3, ptr %p, align 8
  %sh = shl i64 %o3, 3
  store i64 %sh, ptr %a1, align 8
  %sub = sub i64 %sh, %v0
  store i64 %sub, ptr %a2, align 8
  %e4a = getelementptr inbounds i8, ptr %p, i64 32
  %e4v = load i64, ptr %e4a, align 8
  %e4x = xor i64 %e4v, %o3
  store i64 %e4x, ptr %e4a, align 8
  %e5a = getelementptr inbounds i8, ptr %p, i64 40
  %e5v = load i64, ptr %e5a, align 8
  %e5x = xor i64 %e5v, %o3
  store i64 %e5x, ptr %e5a, align 8
  %e6a = getelementptr inbounds i8, ptr %p, i64 48
  %e6v = load i64, ptr %e6a, align 8
  %e6x = xor i64 %e6v, %o3
  store i64 %e6x, ptr %e6a, align 8
  %e7a = getelementptr inbounds i8, ptr %p, i64 56
  %e7v = load i64, ptr %e7a, align 8
  %e7x = xor i64 %e7v, %o3
  store i64 %e7x, ptr %e7a, align 8
  %e8a = getelementptr inbounds i8, ptr %p, i64 64
  %e8v = load i64, ptr %e8a, align 8
  %e8x = xor i64 %e8v, %o3
  store i64 %e8x, ptr %e8a, align 8
  %e9a = getelementptr inbounds i8, ptr %p, i64 72
  %e9v = load i64, ptr %e9a, align 8
  %e9x = xor i64 %e9v, %o3
  store i64 %e9x, ptr %e9a, align 8
  %w0 = sub i64 %v1, %r0
  %w1 = sub i64 %w0, %r1
  %w2 = sub i64 %w1, %r2
  %w = sub i64 %w2, %r3
  call void @use(i64 %k1)
  %t0 = sub i64 %v1, %k0
  %t1 = sub i64 %t0, %k1
  %t2 = sub i64 %t1, %k2
  %t3 = sub i64 %t2, %k3
  %t4 = sub i64 %t3, %k4
  %t5 = sub i64 %t4, %k5
  %t6 = sub i64 %t5, %k6
  %t7 = sub i64 %t6, %k7
  %u0 = sub i64 %t7, %v2
  %u1 = sub i64 %u0, %v3
  %u2 = sub i64 %u1, %w
  ret i64 %u2
}
