; RUN: rm -rf %t && split-file %s %t
; RUN: llvm-as %t/main.ll -o %t/main.bc
; RUN: llvm-as %t/a.ll -o %t/a.bc
; RUN: llvm-as %t/b.ll -o %t/b.bc
; RUN: llvm-as %t/c.ll -o %t/c.bc
; RUN: %coalesce_backend --scan -v -o %t/plan.json %t/main.bc %t/a.bc %t/b.bc %t/c.bc 2>&1 | FileCheck %s --check-prefix=SCAN
; RUN: sed -e 's/%x = xor i32 %m, %n/%x = and i32 %m, %n/' %t/a.ll > %t/a.changed.ll
; RUN: llvm-as %t/a.changed.ll -o %t/a.bc
; RUN: %opt-coalesce -passes=coalesce-merge-across-modules -coalesce-cross-module-plan=%t/plan.json -coalesce-verify -coalesce-print-merges %t/a.bc -S -o %t/a.out.ll 2> %t/a.err
; RUN: FileCheck %s --check-prefix=REPORT < %t/a.err
; RUN: FileCheck %s --check-prefix=CHANGED < %t/a.out.ll
; RUN: %opt-coalesce -passes=coalesce-merge-across-modules -coalesce-cross-module-plan=%t/plan.json -coalesce-verify %t/b.bc -S -o %t/b.out.ll
; RUN: %opt-coalesce -passes=coalesce-merge-across-modules -coalesce-cross-module-plan=%t/plan.json -coalesce-verify %t/c.bc -S -o %t/c.out.ll
; RUN: cat %t/b.out.ll %t/c.out.ll | FileCheck %s
; Purpose: a plan is checked against each backend's module: when a member's module changed after the scan (the xor of @hash_a, which is no site, becomes an and), that member is not the function the scan read and stays as it is, with that reason in the report (-coalesce-print-merges), and its module gets no shared body; the members of the unchanged modules still become thunks of one shared body with the same name.

; SCAN: coalesce-backend --scan: 4 modules, 1 families planned (3 functions), 0 left apart

; REPORT:     coalesce: not merged 'hash_a': across modules: not the function the scan read (its module changed since, or the plan is another link's)
; REPORT-NOT: coalesce: kept

; CHANGED-NOT:   @__coalesce
; CHANGED-LABEL: define i32 @hash_a(
; CHANGED-NEXT:  entry:
; CHANGED-NEXT:    %v = load i32, ptr %p, align 4
; CHANGED-NEXT:    %m = mul i32 %v, 31
; CHANGED-NEXT:    %x = and i32 %m, %n
; CHANGED-NOT:   @__coalesce

; CHECK-LABEL: ; ModuleID = '{{.*}}b.bc'
; CHECK-LABEL: define i32 @hash_b(
; CHECK-NEXT:    %3 = tail call i32 @__coalesce.[[H:[0-9a-f]{40}]](ptr %0, i32 %1, i32 37)
; CHECK-LABEL: define weak_odr hidden i32 @__coalesce.
; CHECK-SAME:    [[H]](ptr %p, i32 %n, i32 %0) unnamed_addr #{{[0-9]+}} comdat {

; CHECK-LABEL: ; ModuleID = '{{.*}}c.bc'
; CHECK-LABEL: define i32 @hash_c(
; CHECK-NEXT:    %3 = tail call i32 @__coalesce.[[H]](ptr %0, i32 %1, i32 41)
; CHECK-LABEL: define weak_odr hidden i32 @__coalesce.
; CHECK-SAME:    [[H]](ptr %p, i32 %n, i32 %0) unnamed_addr #{{[0-9]+}} comdat {

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

;--- a.ll
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

;--- b.ll
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @sink(i32)

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

;--- c.ll
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @sink(i32)

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
