; RUN: %opt-coalesce -passes=coalesce-merge-similar -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; Purpose: a similar pair (a call statement more before a hot loop) whose constants differ inside the loop (a multiplier used twice, and a mask after it) merges with each pair of constants as one parameter after the selector, as in merging up to constants: the loop runs no select, and each call passes its side's constants.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @trace(i32)

; CHECK-LABEL: define i32 @user(
; CHECK-NEXT:    %x = call i32 @sum_traced.similar(ptr %p, i32 %n, i1 false, i32 3, i32 65535)
; CHECK-NEXT:    %y = call i32 @sum_traced.similar(ptr %p, i32 %n, i1 true, i32 5, i32 255)
define i32 @user(ptr %p, i32 %n) {
  %x = call i32 @sum_traced(ptr %p, i32 %n)
  %y = call i32 @sum_plain(ptr %p, i32 %n)
  %z = add i32 %x, %y
  ret i32 %z
}

; CHECK-NOT: define {{.*}}@sum_traced(
; CHECK-NOT: define {{.*}}@sum_plain(
define internal i32 @sum_traced(ptr %v, i32 %n) {
entry:
  %k = load i32, ptr %v, align 4
  %b = mul i32 %k, 24
  %c = add i32 %b, 7
  call void @trace(i32 %c)
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
  %e2 = mul i32 %e, 3
  %e3 = xor i32 %e2, %acc
  %e4 = mul i32 %e3, 3
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
  %e2 = mul i32 %e, 5
  %e3 = xor i32 %e2, %acc
  %e4 = mul i32 %e3, 5
  %acc.next = add i32 %e4, %e
  %i.next = add i32 %i, 1
  %more = icmp ult i32 %i.next, %n
  br i1 %more, label %loop, label %done, !prof !0
done:
  %g = lshr i32 %acc.next, 3
  %h = mul i32 %g, %b
  %h2 = or i32 %h, %c
  %h3 = and i32 %h2, 255
  ret i32 %h3
}

; The multiplier is one parameter, the mask another; the selector only
; skips the call.
; CHECK-LABEL: define internal i32 @sum_traced.similar(
; CHECK-SAME:    ptr %0, i32 %1, i1 %coalesce.selector, i32 [[MUL:%coalesce.constant[0-9]*]], i32 [[MASK:%coalesce.constant[0-9]*]]) unnamed_addr {
; CHECK:       loop:
; CHECK-NOT:     select
; CHECK:         %e2 = mul i32 %e, [[MUL]]
; CHECK-NEXT:    %e3 = xor i32 %e2, %acc
; CHECK-NEXT:    %e4 = mul i32 %e3, [[MUL]]
; CHECK:       done:
; CHECK-NOT:     select
; CHECK:         %h3 = and i32 %h2, [[MASK]]
; CHECK-NEXT:    ret i32 %h3

!0 = !{!"branch_weights", i32 999, i32 1}
