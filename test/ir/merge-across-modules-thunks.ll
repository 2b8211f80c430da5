; RUN: rm -rf %t && split-file %s %t
; RUN: llvm-as %t/main.ll -o %t/main.bc
; RUN: llvm-as %t/a.ll -o %t/a.bc
; RUN: llvm-as %t/b.ll -o %t/b.bc
; RUN: llvm-as %t/c.ll -o %t/c.bc
; RUN: %coalesce_backend --scan -v -o %t/plan.json %t/main.bc %t/a.bc %t/b.bc %t/c.bc 2>&1 | FileCheck %s --check-prefix=SCAN
; RUN: %opt-coalesce -passes=coalesce-merge-across-modules -coalesce-cross-module-plan=%t/plan.json -coalesce-verify %t/a.bc -S -o %t/a.out.ll
; RUN: %opt-coalesce -passes=coalesce-merge-across-modules -coalesce-cross-module-plan=%t/plan.json -coalesce-verify %t/b.bc -S -o %t/b.out.ll
; RUN: %opt-coalesce -passes=coalesce-merge-across-modules -coalesce-cross-module-plan=%t/plan.json -coalesce-verify %t/c.bc -S -o %t/c.out.ll
; RUN: cat %t/a.out.ll %t/b.out.ll %t/c.out.ll | FileCheck %s
; RUN: sed -n -e '/^define weak_odr/,/^}/p' %t/a.out.ll > %t/a.body
; RUN: sed -n -e '/^define weak_odr/,/^}/p' %t/b.out.ll > %t/b.body
; RUN: sed -n -e '/^define weak_odr/,/^}/p' %t/c.out.ll > %t/c.body
; RUN: diff %t/a.body %t/b.body
; RUN: diff %t/a.body %t/c.body
; Purpose: three ThinLTO modules each define an external function equal to the others' but for one multiplier (31, 37, 41); the scan plans one family with that multiplier as its one parameter, and each backend, alone with its module, makes the same shared body (the same __coalesce.<hash> name, weak_odr hidden unnamed_addr noinline, in a comdat of its name, with one extra i32 parameter in place of the multiplier) and turns its member into a thunk that passes its own multiplier.

; The plan: one family of three functions, none left apart (main's loop
; gives the program enough estimated work for the thunks' extra moves).
; SCAN: coalesce-backend --scan: 4 modules, 1 families planned (3 functions), 0 left apart

; Module a.
; CHECK-LABEL: ; ModuleID = '{{.*}}a.bc'
; CHECK:       $__coalesce.[[H:[0-9a-f]{40}]] = comdat any
; CHECK-LABEL: define i32 @hash_a(
; CHECK-SAME:    ptr %0, i32 %1) {
; CHECK-NEXT:    %3 = tail call i32 @__coalesce.[[H]](ptr %0, i32 %1, i32 31)
; CHECK-NEXT:    ret i32 %3
; CHECK-NEXT:  }
; CHECK-LABEL: define weak_odr hidden i32 @__coalesce.
; CHECK-SAME:    [[H]](ptr %p, i32 %n, i32 %0) unnamed_addr #[[ATTR:[0-9]+]] comdat {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %v = load i32, ptr %p, align 4
; CHECK-NEXT:    %m = mul i32 %v, %0
; CHECK-NEXT:    %x = xor i32 %m, %n
; CHECK:         %q = and i32 %w, 65535
; CHECK:       attributes #[[ATTR]] = { noinline }

; Module b: the same name, its own multiplier.
; CHECK-LABEL: ; ModuleID = '{{.*}}b.bc'
; CHECK:       $__coalesce.[[H]] = comdat any
; CHECK-LABEL: define i32 @hash_b(
; CHECK-SAME:    ptr %0, i32 %1) {
; CHECK-NEXT:    %3 = tail call i32 @__coalesce.[[H]](ptr %0, i32 %1, i32 37)
; CHECK-NEXT:    ret i32 %3
; CHECK-NEXT:  }
; CHECK-LABEL: define weak_odr hidden i32 @__coalesce.
; CHECK-SAME:    [[H]](ptr %p, i32 %n, i32 %0) unnamed_addr #[[ATTR:[0-9]+]] comdat {
; CHECK:       attributes #[[ATTR]] = { noinline }

; Module c.
; CHECK-LABEL: ; ModuleID = '{{.*}}c.bc'
; CHECK:       $__coalesce.[[H]] = comdat any
; CHECK-LABEL: define i32 @hash_c(
; CHECK-SAME:    ptr %0, i32 %1) {
; CHECK-NEXT:    %3 = tail call i32 @__coalesce.[[H]](ptr %0, i32 %1, i32 41)
; CHECK-NEXT:    ret i32 %3
; CHECK-NEXT:  }
; CHECK-LABEL: define weak_odr hidden i32 @__coalesce.
; CHECK-SAME:    [[H]](ptr %p, i32 %n, i32 %0) unnamed_addr #[[ATTR:[0-9]+]] comdat {
; CHECK:       attributes #[[ATTR]] = { noinline }

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
