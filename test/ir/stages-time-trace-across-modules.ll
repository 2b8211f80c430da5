; RUN: rm -rf %t && split-file %s %t
; RUN: llvm-as %t/main.ll -o %t/main.bc
; RUN: llvm-as %t/a.ll -o %t/a.bc
; RUN: llvm-as %t/b.ll -o %t/b.bc
; RUN: llvm-as %t/c.ll -o %t/c.bc
; RUN: %coalesce_backend --scan -o %t/plan.json %t/main.bc %t/a.bc %t/b.bc %t/c.bc
; RUN: %opt-coalesce -passes=coalesce-merge-across-modules -coalesce-cross-module-plan=%t/plan.json -time-trace -time-trace-granularity=0 -time-trace-file=%t/a.json -stats -disable-output %t/a.bc 2> %t/a.stats
; RUN: %python %test_tools/trace_events.py %t/a.json | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t/a.stats
; Purpose: the one stage the pipeline's trace test cannot show, the cross-module stage of a ThinLTO backend (a pass of its own, run on its module before it is optimized, with a plan), is an event of the time trace too, with its round and the algorithm's own event, and prints its counter with -stats. Three modules each hold a function that differs from the others' in one constant; module a's member gets the family's shared body.

; CHECK:      coalesce: merge across modules
; CHECK-NEXT: coalesce: round merge across modules, round 1
; CHECK-NEXT: coalesce: stage merge across modules
; CHECK-EMPTY:

; STATS: Statistics Collected
; STATS: 1 coalesce-merge-across-modules - Functions merged with their family's body across modules

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
