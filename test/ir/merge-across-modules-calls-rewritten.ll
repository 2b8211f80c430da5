; RUN: rm -rf %t && split-file %s %t
; RUN: llvm-as %t/main.ll -o %t/main.bc
; RUN: llvm-as %t/a.ll -o %t/a.bc
; RUN: llvm-as %t/b.ll -o %t/b.bc
; RUN: llvm-as %t/c.ll -o %t/c.bc
; RUN: %coalesce_backend --scan -v -o %t/plan.json %t/main.bc %t/a.bc %t/b.bc %t/c.bc 2>&1 | FileCheck %s --check-prefix=SCAN
; RUN: %opt-coalesce -passes=coalesce-merge-across-modules -coalesce-cross-module-plan=%t/plan.json -coalesce-verify -coalesce-print-merges %t/a.bc -S -o %t/a.out.ll 2> %t/a.err
; RUN: %opt-coalesce -passes=coalesce-merge-across-modules -coalesce-cross-module-plan=%t/plan.json -coalesce-verify %t/b.bc -S -o %t/b.out.ll
; RUN: %opt-coalesce -passes=coalesce-merge-across-modules -coalesce-cross-module-plan=%t/plan.json -coalesce-verify %t/c.bc -S -o %t/c.out.ll
; RUN: FileCheck %s --check-prefix=REPORT < %t/a.err
; RUN: cat %t/a.out.ll %t/b.out.ll %t/c.out.ll | FileCheck %s
; Purpose: a member local to its module and only called there (internal @hash_a, @hash_b, @hash_c, one per module, equal but for a multiplier) does not become a thunk: the backend rewrites its calls (two, from @use_X and @reuse_X, to a body too large under minsize for the backend to inline) to pass the multiplier to the shared body, which has the same __coalesce name in every module, and the member is gone.

; SCAN: coalesce-backend --scan: 4 modules, 1 families planned (3 functions), 0 left apart

; REPORT:      coalesce: kept '__coalesce.{{[0-9a-f]{40}'$}}
; REPORT-NEXT:   merged 'hash_a' (replaced, 1 constants as parameters, ~{{[0-9]+}} bytes)

; CHECK-LABEL: ; ModuleID = '{{.*}}a.bc'
; CHECK-NOT:   @hash_a
; CHECK-LABEL: define i32 @use_a(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %r = call i32 @__coalesce.[[H:[0-9a-f]{40}]](ptr %p, i32 %n, i32 31)
; CHECK-NEXT:    ret i32 %r
; CHECK-NOT:   @hash_a
; CHECK-LABEL: define i32 @reuse_a(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %r = call i32 @__coalesce.[[H]](ptr %p, i32 %n, i32 31)
; CHECK-NEXT:    ret i32 %r
; CHECK-NOT:   @hash_a
; CHECK-LABEL: define weak_odr hidden i32 @__coalesce.
; CHECK-SAME:    [[H]](ptr %p, i32 %n, i32 %0) unnamed_addr #{{[0-9]+}} comdat {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %v = load i32, ptr %p, align 4
; CHECK-NEXT:    %m = mul i32 %v, %0
; CHECK-NOT:   @hash_a

; CHECK-LABEL: ; ModuleID = '{{.*}}b.bc'
; CHECK-NOT:   @hash_b
; CHECK-LABEL: define i32 @use_b(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %r = call i32 @__coalesce.[[H]](ptr %p, i32 %n, i32 37)
; CHECK-NEXT:    ret i32 %r
; CHECK-NOT:   @hash_b
; CHECK-LABEL: define i32 @reuse_b(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %r = call i32 @__coalesce.[[H]](ptr %p, i32 %n, i32 37)
; CHECK-NEXT:    ret i32 %r
; CHECK-NOT:   @hash_b
; CHECK-LABEL: define weak_odr hidden i32 @__coalesce.
; CHECK-SAME:    [[H]](ptr %p, i32 %n, i32 %0) unnamed_addr #{{[0-9]+}} comdat {
; CHECK-NOT:   @hash_b

; CHECK-LABEL: ; ModuleID = '{{.*}}c.bc'
; CHECK-NOT:   @hash_c
; CHECK-LABEL: define i32 @use_c(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %r = call i32 @__coalesce.[[H]](ptr %p, i32 %n, i32 41)
; CHECK-NEXT:    ret i32 %r
; CHECK-NOT:   @hash_c
; CHECK-LABEL: define i32 @reuse_c(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %r = call i32 @__coalesce.[[H]](ptr %p, i32 %n, i32 41)
; CHECK-NEXT:    ret i32 %r
; CHECK-NOT:   @hash_c
; CHECK-LABEL: define weak_odr hidden i32 @__coalesce.
; CHECK-SAME:    [[H]](ptr %p, i32 %n, i32 %0) unnamed_addr #{{[0-9]+}} comdat {
; CHECK-NOT:   @hash_c

;--- main.ll
; The program's work, in a module of its own: a loop that runs often.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i32 @main() #0 {
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

attributes #0 = { minsize optsize }

;--- a.ll
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @sink(i32)

define i32 @use_a(ptr %p, i32 %n) #0 {
entry:
  %r = call i32 @hash_a(ptr %p, i32 %n)
  ret i32 %r
}

define i32 @reuse_a(ptr %p, i32 %n) #0 {
entry:
  %r = call i32 @hash_a(ptr %p, i32 %n)
  ret i32 %r
}

define internal i32 @hash_a(ptr %p, i32 %n) #0 {
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

attributes #0 = { minsize optsize }

;--- b.ll
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @sink(i32)

define i32 @use_b(ptr %p, i32 %n) #0 {
entry:
  %r = call i32 @hash_b(ptr %p, i32 %n)
  ret i32 %r
}

define i32 @reuse_b(ptr %p, i32 %n) #0 {
entry:
  %r = call i32 @hash_b(ptr %p, i32 %n)
  ret i32 %r
}

define internal i32 @hash_b(ptr %p, i32 %n) #0 {
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

attributes #0 = { minsize optsize }

;--- c.ll
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @sink(i32)

define i32 @use_c(ptr %p, i32 %n) #0 {
entry:
  %r = call i32 @hash_c(ptr %p, i32 %n)
  ret i32 %r
}

define i32 @reuse_c(ptr %p, i32 %n) #0 {
entry:
  %r = call i32 @hash_c(ptr %p, i32 %n)
  ret i32 %r
}

define internal i32 @hash_c(ptr %p, i32 %n) #0 {
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

attributes #0 = { minsize optsize }
