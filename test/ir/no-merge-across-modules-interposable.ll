; RUN: rm -rf %t && split-file %s %t
; RUN: llvm-as %t/main.ll -o %t/main.bc
; RUN: llvm-as %t/a.ll -o %t/a.bc
; RUN: llvm-as %t/b.ll -o %t/b.bc
; RUN: llvm-as %t/c.ll -o %t/c.bc
; RUN: %coalesce_backend --scan -v -o %t/plan.json %t/main.bc %t/a.bc %t/b.bc %t/c.bc 2>&1 | FileCheck %s --check-prefix=SCAN
; RUN: FileCheck %s --check-prefix=PLAN < %t/plan.json
; RUN: %opt-coalesce -passes=coalesce-merge-across-modules -coalesce-cross-module-plan=%t/plan.json -coalesce-verify %t/a.bc -S -o %t/a.out.ll
; RUN: %opt-coalesce -passes=coalesce-merge-across-modules -coalesce-cross-module-plan=%t/plan.json -coalesce-verify %t/b.bc -S -o %t/b.out.ll
; RUN: %opt-coalesce -passes=coalesce-merge-across-modules -coalesce-cross-module-plan=%t/plan.json -coalesce-verify %t/c.bc -S -o %t/c.out.ll
; RUN: cat %t/a.out.ll %t/b.out.ll %t/c.out.ll | FileCheck %s
; RUN: sed -e 's/define weak i32/define weak_odr i32/' %t/a.ll | llvm-as -o %t/a.odr.bc
; RUN: sed -e 's/define weak i32/define weak_odr i32/' %t/b.ll | llvm-as -o %t/b.odr.bc
; RUN: sed -e 's/define weak i32/define weak_odr i32/' %t/c.ll | llvm-as -o %t/c.odr.bc
; RUN: %coalesce_backend --scan -v -o %t/odr.json %t/main.bc %t/a.odr.bc %t/b.odr.bc %t/c.odr.bc 2>&1 | FileCheck %s --check-prefix=ODR
; RUN: sed -e 's/a\.odr\.bc/a.bc/' %t/odr.json > %t/stale.json
; RUN: FileCheck %s --check-prefix=STALE < %t/stale.json
; RUN: %opt-coalesce -passes=coalesce-merge-across-modules -coalesce-cross-module-plan=%t/stale.json -coalesce-verify -coalesce-print-merges %t/a.bc -S -o %t/a.stale.ll 2> %t/a.stale.err
; RUN: FileCheck %s --check-prefix=REFUSED < %t/a.stale.err
; RUN: diff %t/a.out.ll %t/a.stale.ll
; Purpose: weak functions are interposable (the link may take another definition of each), so weak members equal but for a multiplier in three modules never join a family: the plan lists none, nothing is left apart with a reason, and each backend leaves its weak function with its own constant and no shared body. The same functions weak_odr do make a family (the control); a plan that names a weak member anyway is refused by its backend.

; The control: the same modules with the members weak_odr (not
; interposable) make a family. Its plan, pointed at the weak module a
; (stale.json), names a weak member, and the backend refuses it.

; SCAN: coalesce-backend --scan: 4 modules, 0 families planned (0 functions), 0 left apart
; PLAN: "families": []
; ODR:  coalesce-backend --scan: 4 modules, 1 families planned (3 functions), 0 left apart
; STALE: "function": "hash_a",
; STALE-NEXT: "modules": [
; STALE-NEXT: "{{.*}}/a.bc"
; REFUSED:     coalesce: not merged 'hash_a': across modules: no longer a function that may be merged
; REFUSED-NOT: coalesce: kept

; CHECK-LABEL: ; ModuleID = '{{.*}}a.bc'
; CHECK-NOT:   @__coalesce
; CHECK-LABEL: define weak i32 @hash_a(
; CHECK:         %m = mul i32 %v, 31
; CHECK-NOT:   @__coalesce
; CHECK-LABEL: ; ModuleID = '{{.*}}b.bc'
; CHECK-NOT:   @__coalesce
; CHECK-LABEL: define weak i32 @hash_b(
; CHECK:         %m = mul i32 %v, 37
; CHECK-NOT:   @__coalesce
; CHECK-LABEL: ; ModuleID = '{{.*}}c.bc'
; CHECK-NOT:   @__coalesce
; CHECK-LABEL: define weak i32 @hash_c(
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

;--- a.ll
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @sink(i32)

define weak i32 @hash_a(ptr %p, i32 %n) {
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

define weak i32 @hash_b(ptr %p, i32 %n) {
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

define weak i32 @hash_c(ptr %p, i32 %n) {
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
