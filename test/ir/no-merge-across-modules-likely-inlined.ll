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
; RUN: sed -e 's/^define internal \(.*\) #0 {$/define internal \1 noinline #0 {/' %t/a.ll | llvm-as -o %t/a.noinline.bc
; RUN: sed -e 's/^define internal \(.*\) #0 {$/define internal \1 noinline #0 {/' %t/b.ll | llvm-as -o %t/b.noinline.bc
; RUN: sed -e 's/^define internal \(.*\) #0 {$/define internal \1 noinline #0 {/' %t/c.ll | llvm-as -o %t/c.noinline.bc
; RUN: %coalesce_backend --scan -v -o %t/noinline.json %t/main.bc %t/a.noinline.bc %t/b.noinline.bc %t/c.noinline.bc 2>&1 | FileCheck %s --check-prefix=NOINLINE-SCAN
; RUN: FileCheck %s --check-prefix=NOINLINE-PLAN < %t/noinline.json
; RUN: %opt-coalesce -passes=coalesce-merge-across-modules -coalesce-cross-module-plan=%t/noinline.json -coalesce-verify %t/a.noinline.bc -S -o %t/a.noinline.out.ll
; RUN: FileCheck %s --check-prefix=NOINLINE < %t/a.noinline.out.ll
; Purpose: a function its ThinLTO backend's inliner would take into its callers anyway (internal, only called, and called once in its module: @hash_a, @hash_b, @hash_c, one per module, equal but for a multiplier, at -Oz and larger than the inliner takes at minsize) joins no family: merging it would keep a body the backend drops. The scan plans no family and -v says why the functions were left apart (the backends would inline them), and each backend leaves its function as it is. The control: the same functions noinline make a family, and a backend rewrites the call to pass the multiplier to the shared body.

; SCAN:      coalesce-backend --scan: 4 modules, 0 families planned (0 functions), 1 left apart
; SCAN-NEXT:   left apart: 'hash_a' with 'hash_b': across modules: {{.*}}inline
; PLAN:      "families": []

; Each backend keeps its function, its multiplier and its call.
; CHECK-LABEL: ; ModuleID = '{{.*}}a.bc'
; CHECK-NOT:   @__coalesce
; CHECK-LABEL: define i32 @use_a(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %r = call i32 @hash_a(ptr %p, i32 %n)
; CHECK-LABEL: define internal i32 @hash_a(
; CHECK:         %m = mul i32 %v, 31
; CHECK-NOT:   @__coalesce

; CHECK-LABEL: ; ModuleID = '{{.*}}b.bc'
; CHECK-NOT:   @__coalesce
; CHECK-LABEL: define i32 @use_b(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %r = call i32 @hash_b(ptr %p, i32 %n)
; CHECK-LABEL: define internal i32 @hash_b(
; CHECK:         %m = mul i32 %v, 37
; CHECK-NOT:   @__coalesce

; CHECK-LABEL: ; ModuleID = '{{.*}}c.bc'
; CHECK-NOT:   @__coalesce
; CHECK-LABEL: define i32 @use_c(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %r = call i32 @hash_c(ptr %p, i32 %n)
; CHECK-LABEL: define internal i32 @hash_c(
; CHECK:         %m = mul i32 %v, 41
; CHECK-NOT:   @__coalesce

; The control: noinline, the three are one family, none left apart.
; NOINLINE-SCAN: coalesce-backend --scan: 4 modules, 1 families planned (3 functions), 0 left apart
; NOINLINE-PLAN: "function": "hash_a",
; NOINLINE-PLAN: "function": "hash_b",
; NOINLINE-PLAN: "function": "hash_c",

; NOINLINE-LABEL: ; ModuleID = '{{.*}}a.noinline.bc'
; NOINLINE-NOT:   @hash_a
; NOINLINE-LABEL: define i32 @use_a(
; NOINLINE-NEXT:  entry:
; NOINLINE-NEXT:    %r = call i32 @__coalesce.[[H:[0-9a-f]{40}]](ptr %p, i32 %n, i32 31)
; NOINLINE-NEXT:    ret i32 %r
; NOINLINE-NOT:   @hash_a
; NOINLINE-LABEL: define weak_odr hidden i32 @__coalesce.
; NOINLINE-SAME:    [[H]](ptr %p, i32 %n, i32 %0) unnamed_addr #{{[0-9]+}} comdat {
; NOINLINE-NEXT:  entry:
; NOINLINE-NEXT:    %v = load i32, ptr %p, align 4
; NOINLINE-NEXT:    %m = mul i32 %v, %0
; NOINLINE-NOT:   @hash_a

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
