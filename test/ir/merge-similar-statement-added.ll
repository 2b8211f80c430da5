; RUN: %opt-coalesce -passes=coalesce-merge-similar -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; Purpose: two internal functions equal but for one call statement that only the first makes merge into one body with a selector argument; the extra call runs behind a branch on the selector (false, the first's side), and the callers pass i1 false or i1 true to the merged body while the originals disappear.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @trace(i32)

; CHECK-LABEL: define i32 @user(
; CHECK-NEXT:    %x = call i32 @sum_traced.similar(ptr %p, i32 %n, i1 false)
; CHECK-NEXT:    %y = call i32 @sum_traced.similar(ptr %p, i32 %n, i1 true)
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
  %e2 = mul i32 %e, %e
  %e3 = xor i32 %e2, %acc
  %e4 = add i32 %e3, %i
  %acc.next = add i32 %e4, %e
  %i.next = add i32 %i, 1
  %more = icmp ult i32 %i.next, %n
  br i1 %more, label %loop, label %done
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
  %e2 = mul i32 %e, %e
  %e3 = xor i32 %e2, %acc
  %e4 = add i32 %e3, %i
  %acc.next = add i32 %e4, %e
  %i.next = add i32 %i, 1
  %more = icmp ult i32 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  %g = lshr i32 %acc.next, 3
  %h = mul i32 %g, %b
  %h2 = or i32 %h, %c
  %h3 = and i32 %h2, 65535
  ret i32 %h3
}

; The call to @trace is the first function's alone: it runs when the
; selector is false. The rest is one copy.
; CHECK-LABEL: define internal i32 @sum_traced.similar(
; CHECK-SAME:    ptr %0, i32 %1, i1 %coalesce.selector) unnamed_addr {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %k = load i32, ptr %0, align 4
; CHECK-NEXT:    %b = mul i32 %k, 24
; CHECK-NEXT:    %c = add i32 %b, 7
; CHECK-NEXT:    br i1 %coalesce.selector, label %[[JOIN:.*]], label %[[ONLYL:.*]]
; CHECK-NOT:   call void @trace
; CHECK:       [[ONLYL]]:
; CHECK-NEXT:    call void @trace(i32 %c)
; CHECK-NEXT:    br label %[[JOIN]]
; CHECK:       [[JOIN]]:
; CHECK-NEXT:    %d = xor i32 %c, %k
; CHECK-NEXT:    %s = shl i32 %d, 2
; CHECK-NEXT:    %t = sub i32 %s, %b
; CHECK-NEXT:    br label %loop
; CHECK-NOT:   call void @trace
; CHECK-NOT:   select
; CHECK:       }
