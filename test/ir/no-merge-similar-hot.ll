; RUN: %opt-coalesce -passes=coalesce-merge-similar -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; RUN: %opt-coalesce -passes=coalesce-merge-similar -coalesce-runtime-budget=1000 -coalesce-print-merges -disable-output %s 2>&1 | FileCheck %s --check-prefix=LIST
; Purpose: a similar pair whose one difference (a call statement more) sits in a loop that runs about a thousand times per call (branch weights 999:1) is not merged, whatever the budget: the branch on the selector would run in hot code; both bodies stay (with the call before the loop, the same pair merges).

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @trace(i32)

; LIST: not merged 'sum_traced' with 'sum_plain': similar: hot: the selector's choices would run in hot code
; LIST: 0 merged (0 replaced, 0 aliases, 0 thunks)

; CHECK-LABEL: define i32 @user(
; CHECK-NEXT:    %x = call i32 @sum_traced(ptr %p, i32 %n)
; CHECK-NEXT:    %y = call i32 @sum_plain(ptr %p, i32 %n)
define i32 @user(ptr %p, i32 %n) {
  %x = call i32 @sum_traced(ptr %p, i32 %n)
  %y = call i32 @sum_plain(ptr %p, i32 %n)
  %z = add i32 %x, %y
  ret i32 %z
}

; CHECK-LABEL: define internal i32 @sum_traced(
; CHECK:       loop:
; CHECK:         %e3 = xor i32 %e2, %acc
; CHECK-NEXT:    call void @trace(i32 %e3)
; CHECK-NEXT:    %e4 = add i32 %e3, %i
define internal i32 @sum_traced(ptr %v, i32 %n) {
entry:
  %k = load i32, ptr %v, align 4
  %b = mul i32 %k, 24
  %c = add i32 %b, 7
  %d = xor i32 %c, %k
  %s = shl i32 %d, 2
  %t = sub i32 %s, %b
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ %t, %entry ], [ %acc.next, %loop ]
  %idx = zext i32 %i to i64
  %gep = getelementptr inbounds i32, ptr %v, i64 %idx
  %e = load i32, ptr %gep, align 4
  %e2 = mul i32 %e, %e
  %e3 = xor i32 %e2, %acc
  call void @trace(i32 %e3)
  %e4 = add i32 %e3, %i
  %acc.next = add i32 %e4, %e
  %i.next = add i32 %i, 1
  %more = icmp ult i32 %i.next, %n
  br i1 %more, label %loop, label %done, !prof !0
done:
  %g = lshr i32 %acc.next, 3
  %h = mul i32 %g, %b
  %h2 = or i32 %h, %c
  %h3 = and i32 %h2, 65535
  ret i32 %h3
}

; CHECK-LABEL: define internal i32 @sum_plain(
; CHECK:       loop:
; CHECK:         %e3 = xor i32 %e2, %acc
; CHECK-NEXT:    %e4 = add i32 %e3, %i
define internal i32 @sum_plain(ptr %v, i32 %n) {
entry:
  %k = load i32, ptr %v, align 4
  %b = mul i32 %k, 24
  %c = add i32 %b, 7
  %d = xor i32 %c, %k
  %s = shl i32 %d, 2
  %t = sub i32 %s, %b
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ %t, %entry ], [ %acc.next, %loop ]
  %idx = zext i32 %i to i64
  %gep = getelementptr inbounds i32, ptr %v, i64 %idx
  %e = load i32, ptr %gep, align 4
  %e2 = mul i32 %e, %e
  %e3 = xor i32 %e2, %acc
  %e4 = add i32 %e3, %i
  %acc.next = add i32 %e4, %e
  %i.next = add i32 %i, 1
  %more = icmp ult i32 %i.next, %n
  br i1 %more, label %loop, label %done, !prof !0
done:
  %g = lshr i32 %acc.next, 3
  %h = mul i32 %g, %b
  %h2 = or i32 %h, %c
  %h3 = and i32 %h2, 65535
  ret i32 %h3
}

; CHECK-NOT: .similar

!0 = !{!"branch_weights", i32 999, i32 1}
