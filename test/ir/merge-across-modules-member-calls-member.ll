; RUN: rm -rf %t && split-file %s %t
; RUN: llvm-as %t/main.ll -o %t/main.bc
; RUN: llvm-as %t/a.ll -o %t/a.bc
; RUN: llvm-as %t/b.ll -o %t/b.bc
; RUN: llvm-as %t/c.ll -o %t/c.bc
; RUN: %coalesce_backend --scan -v -o %t/plan.json %t/main.bc %t/a.bc %t/b.bc %t/c.bc 2>&1 | FileCheck %s --check-prefix=SCAN
; RUN: %opt-coalesce -passes=coalesce-merge-across-modules -coalesce-cross-module-plan=%t/plan.json -coalesce-verify -coalesce-print-merges %t/a.bc -S -o %t/a.out.ll 2> %t/a.err
; RUN: %opt-coalesce -passes=coalesce-merge-across-modules -coalesce-cross-module-plan=%t/plan.json -coalesce-verify -coalesce-print-merges %t/b.bc -S -o %t/b.out.ll 2> %t/b.err
; RUN: %opt-coalesce -passes=coalesce-merge-across-modules -coalesce-cross-module-plan=%t/plan.json -coalesce-verify -coalesce-print-merges %t/c.bc -S -o %t/c.out.ll 2> %t/c.err
; RUN: cat %t/a.err %t/b.err %t/c.err | FileCheck %s --check-prefix=REPORT
; RUN: grep -o 'define .*@__coalesce\.[0-9a-f]*' %t/a.out.ll | grep -o '@__coalesce\.[0-9a-f]*' | sort > %t/a.names
; RUN: grep -o 'define .*@__coalesce\.[0-9a-f]*' %t/b.out.ll | grep -o '@__coalesce\.[0-9a-f]*' | sort > %t/b.names
; RUN: grep -o 'define .*@__coalesce\.[0-9a-f]*' %t/c.out.ll | grep -o '@__coalesce\.[0-9a-f]*' | sort > %t/c.names
; RUN: diff %t/a.names %t/b.names
; RUN: diff %t/a.names %t/c.names
; Purpose: when one member calls another (external @outer_X calls internal @leaf_X, twice, in each of three modules; the leaves are one family, the outers another), what a backend does must not depend on the order of the functions in its module: every module ends with the same shared bodies, and no member is refused as "not the function the scan read", since no module changed after the scan.

; SCAN: coalesce-backend --scan: 4 modules, 2 families planned (6 functions), 0 left apart

; REPORT-NOT: not the function the scan read

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

define internal i32 @leaf_a(ptr %p, i32 %n) #0 {
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

define i32 @outer_a(ptr %p, i32 %n) #0 {
entry:
  %v = load i32, ptr %p, align 4
  %m = mul i32 %v, 3
  %x = xor i32 %m, %n
  %s = lshr i32 %x, 5
  %c = call i32 @leaf_a(ptr %p, i32 %s)
  %y = shl i32 %c, 2
  %d = call i32 @leaf_a(ptr %p, i32 %y)
  %z = or i32 %d, %x
  %w = sub i32 %z, %n
  %q = and i32 %w, 4095
  store i32 %q, ptr %p, align 4
  %r = add i32 %q, %c
  ret i32 %r
}

attributes #0 = { minsize optsize }

;--- b.ll
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @sink(i32)

define i32 @outer_b(ptr %p, i32 %n) #0 {
entry:
  %v = load i32, ptr %p, align 4
  %m = mul i32 %v, 5
  %x = xor i32 %m, %n
  %s = lshr i32 %x, 5
  %c = call i32 @leaf_b(ptr %p, i32 %s)
  %y = shl i32 %c, 2
  %d = call i32 @leaf_b(ptr %p, i32 %y)
  %z = or i32 %d, %x
  %w = sub i32 %z, %n
  %q = and i32 %w, 4095
  store i32 %q, ptr %p, align 4
  %r = add i32 %q, %c
  ret i32 %r
}

define internal i32 @leaf_b(ptr %p, i32 %n) #0 {
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

define internal i32 @leaf_c(ptr %p, i32 %n) #0 {
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

define i32 @outer_c(ptr %p, i32 %n) #0 {
entry:
  %v = load i32, ptr %p, align 4
  %m = mul i32 %v, 7
  %x = xor i32 %m, %n
  %s = lshr i32 %x, 5
  %c = call i32 @leaf_c(ptr %p, i32 %s)
  %y = shl i32 %c, 2
  %d = call i32 @leaf_c(ptr %p, i32 %y)
  %z = or i32 %d, %x
  %w = sub i32 %z, %n
  %q = and i32 %w, 4095
  store i32 %q, ptr %p, align 4
  %r = add i32 %q, %c
  ret i32 %r
}

attributes #0 = { minsize optsize }
