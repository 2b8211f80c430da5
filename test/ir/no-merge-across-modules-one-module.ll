; RUN: rm -rf %t && split-file %s %t
; RUN: llvm-as %t/main.ll -o %t/main.bc
; RUN: llvm-as %t/one.ll -o %t/one.bc
; RUN: %coalesce_backend --scan -v -o %t/plan.json %t/main.bc %t/one.bc 2>&1 | FileCheck %s --check-prefix=SCAN
; RUN: FileCheck %s --check-prefix=PLAN < %t/plan.json
; RUN: %opt-coalesce -passes=coalesce-merge-across-modules -coalesce-cross-module-plan=%t/plan.json -coalesce-verify %t/one.bc -S -o %t/one.out.ll
; RUN: %opt %t/one.bc -S -o %t/one.unchanged.ll
; RUN: diff %t/one.unchanged.ll %t/one.out.ll
; RUN: FileCheck %s < %t/one.out.ll
; Purpose: functions equal but for a multiplier that are all in one module are no family across modules (a family needs members in two modules; within one module they are for merging up to constants): the plan lists no family, nothing is left apart with a reason, and the backend leaves the module as it was.

; SCAN: coalesce-backend --scan: 2 modules, 0 families planned (0 functions), 0 left apart
; PLAN: "families": []

; CHECK-NOT:   @__coalesce
; CHECK-LABEL: define i32 @hash_a(
; CHECK:         %m = mul i32 %v, 31
; CHECK-LABEL: define i32 @hash_b(
; CHECK:         %m = mul i32 %v, 37
; CHECK-LABEL: define i32 @hash_c(
; CHECK:         %m = mul i32 %v, 41
; CHECK-NOT:   @__coalesce

;--- main.ll
; The program's work, in a module of its own: a loop that runs often.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i32 @main() {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %m = mul i32 %i, 7
  %x = xor i32 %acc, %m
  %acc.next = add i32 %x, 1
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, 1000000
  br i1 %done, label %exit, label %loop, !prof !0
exit:
  ret i32 %acc.next
}

!0 = !{!"branch_weights", i32 1, i32 100000}

;--- one.ll
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @sink(i32)

define i32 @hash_a(ptr %p, i32 %n) {
entry:
  %v = load i32, ptr %p, align 4
  %m = mul i32 %v, 31
  %x = xor i32 %m, %n
  %s = lshr i32 %x, 7
  %a = add i32 %s, %m
  %c = call i32 @sink(i32 %a)
  %y = shl i32 %c, 3
  %z = or i32 %y, %x
  %w = sub i32 %z, %n
  %q = and i32 %w, 65535
  store i32 %q, ptr %p, align 4
  %r = add i32 %q, %c
  ret i32 %r
}

define i32 @hash_b(ptr %p, i32 %n) {
entry:
  %v = load i32, ptr %p, align 4
  %m = mul i32 %v, 37
  %x = xor i32 %m, %n
  %s = lshr i32 %x, 7
  %a = add i32 %s, %m
  %c = call i32 @sink(i32 %a)
  %y = shl i32 %c, 3
  %z = or i32 %y, %x
  %w = sub i32 %z, %n
  %q = and i32 %w, 65535
  store i32 %q, ptr %p, align 4
  %r = add i32 %q, %c
  ret i32 %r
}

define i32 @hash_c(ptr %p, i32 %n) {
entry:
  %v = load i32, ptr %p, align 4
  %m = mul i32 %v, 41
  %x = xor i32 %m, %n
  %s = lshr i32 %x, 7
  %a = add i32 %s, %m
  %c = call i32 @sink(i32 %a)
  %y = shl i32 %c, 3
  %z = or i32 %y, %x
  %w = sub i32 %z, %n
  %q = and i32 %w, 65535
  store i32 %q, ptr %p, align 4
  %r = add i32 %q, %c
  ret i32 %r
}
