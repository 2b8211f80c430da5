; RUN: %opt-coalesce -coalesce-outline-min-benefit=8 -coalesce-outline-min-total=0 -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s --check-prefix=FULL
; RUN: %opt-coalesce -coalesce-outline-min-benefit=8 -coalesce-outline-min-total=0 -passes='coalesce-outline<thinlto>' -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s --check-prefix=THIN
; Purpose: in a ThinLTO backend the module is one of many, and the loops that call its exported functions may be in the others. @api_a and @api_b are exported, called from nowhere in this module, and share two runs: one on their likely path (ok) and one before a cold noreturn call (fail). As the whole program (full LTO, the first RUN line), nothing calls them again and again, and both runs are outlined; as a ThinLTO backend's module (coalesce<thinlto>, what ld.lld's backends run), their likely blocks count as hot without a profile and stay in place, while the cold path is still outlined. The budget is raised to 1000 per mille so that hotness alone decides.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; FULL-LABEL: define i32 @api_a(
; FULL:         call void @coalesce.outlined.{{[0-9]+}}(ptr %p)
; FULL-NEXT:    unreachable
; FULL:       ok:
; FULL-NEXT:    %k = add i32 %n, 7
; FULL-NEXT:    call i32 @coalesce.outlined.{{[0-9]+}}(ptr %p)
; THIN-LABEL: define i32 @api_a(
; THIN:         call void @coalesce.outlined.[[COLD:[0-9]+]](ptr %p)
; THIN-NEXT:    unreachable
; THIN:       ok:
; THIN-NEXT:    %k = add i32 %n, 7
; THIN-NEXT:    %v0 = load i32, ptr %p, align 4
; THIN-NOT:     @coalesce.outlined
; THIN:         ret i32 %r
define i32 @api_a(ptr %p, i32 %n) minsize {
entry:
  %bad = icmp eq i32 %n, 0
  br i1 %bad, label %fail, label %ok

fail:
  %w0 = load i64, ptr %p, align 8
  %b1 = getelementptr inbounds i8, ptr %p, i64 24
  %w1 = load i64, ptr %b1, align 8
  %m1 = mul i64 %w0, %w1
  %b2 = getelementptr inbounds i8, ptr %p, i64 32
  %w2 = load i64, ptr %b2, align 8
  %m2 = mul i64 %m1, %w2
  %b3 = getelementptr inbounds i8, ptr %p, i64 40
  %w3 = load i64, ptr %b3, align 8
  %m3 = udiv i64 %m2, %w3
  store i64 %m3, ptr %b1, align 8
  %t3 = trunc i64 %m3 to i32
  %b4 = getelementptr inbounds i8, ptr %p, i64 48
  store i64 %m2, ptr %b4, align 8
  %w4 = load i64, ptr %b4, align 8
  %m4 = urem i64 %w4, %w0
  store i64 %m4, ptr %b2, align 8
  %t4 = trunc i64 %m4 to i32
  %code = add i32 %t3, %t4
  call void @fail(i32 %code)
  unreachable

ok:
  %k = add i32 %n, 7
  %v0 = load i32, ptr %p, align 4
  %a1 = getelementptr inbounds i8, ptr %p, i64 4
  %v1 = load i32, ptr %a1, align 4
  %s1 = add i32 %v0, %v1
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
  %a4 = getelementptr inbounds i8, ptr %p, i64 16
  %v4 = load i32, ptr %a4, align 4
  %y4 = and i32 %sub, %v4
  store i32 %y4, ptr %a3, align 4
  %z4 = add i32 %y4, %s1
  store i32 %z4, ptr %a4, align 4
  %r = mul i32 %sub, %k
  ret i32 %r
}

; FULL-LABEL: define i32 @api_b(
; FULL:         call void @coalesce.outlined.{{[0-9]+}}(ptr %p)
; FULL:       ok:
; FULL-NEXT:    %k = add i32 %n, 7
; FULL-NEXT:    call i32 @coalesce.outlined.{{[0-9]+}}(ptr %p)
; THIN-LABEL: define i32 @api_b(
; THIN:         call void @coalesce.outlined.[[COLD]](ptr %p)
; THIN:       ok:
; THIN-NEXT:    %k = add i32 %n, 7
; THIN-NEXT:    %v0 = load i32, ptr %p, align 4
; THIN-NOT:     @coalesce.outlined
; THIN:         ret i32 %r
define i32 @api_b(ptr %p, i32 %n) minsize {
entry:
  %bad = icmp eq i32 %n, 0
  br i1 %bad, label %fail, label %ok

fail:
  %w0 = load i64, ptr %p, align 8
  %b1 = getelementptr inbounds i8, ptr %p, i64 24
  %w1 = load i64, ptr %b1, align 8
  %m1 = mul i64 %w0, %w1
  %b2 = getelementptr inbounds i8, ptr %p, i64 32
  %w2 = load i64, ptr %b2, align 8
  %m2 = mul i64 %m1, %w2
  %b3 = getelementptr inbounds i8, ptr %p, i64 40
  %w3 = load i64, ptr %b3, align 8
  %m3 = udiv i64 %m2, %w3
  store i64 %m3, ptr %b1, align 8
  %t3 = trunc i64 %m3 to i32
  %b4 = getelementptr inbounds i8, ptr %p, i64 48
  store i64 %m2, ptr %b4, align 8
  %w4 = load i64, ptr %b4, align 8
  %m4 = urem i64 %w4, %w0
  store i64 %m4, ptr %b2, align 8
  %t4 = trunc i64 %m4 to i32
  %code = add i32 %t3, %t4
  call void @fail(i32 %code)
  unreachable

ok:
  %k = add i32 %n, 7
  %v0 = load i32, ptr %p, align 4
  %a1 = getelementptr inbounds i8, ptr %p, i64 4
  %v1 = load i32, ptr %a1, align 4
  %s1 = add i32 %v0, %v1
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
  %a4 = getelementptr inbounds i8, ptr %p, i64 16
  %v4 = load i32, ptr %a4, align 4
  %y4 = and i32 %sub, %v4
  store i32 %y4, ptr %a3, align 4
  %z4 = add i32 %y4, %s1
  store i32 %z4, ptr %a4, align 4
  %r = xor i32 %sub, %k
  ret i32 %r
}

; FULL-COUNT-2: define internal {{.*}}@coalesce.outlined.
; FULL-NOT:     define {{.*}}@coalesce.outlined.
; THIN:         define internal void @coalesce.outlined.[[COLD]](ptr %p)
; THIN-NOT:     define {{.*}}@coalesce.outlined.

declare void @fail(i32) noreturn cold
