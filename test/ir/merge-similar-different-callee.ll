; RUN: %opt-coalesce -passes=coalesce-merge-similar -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; Purpose: two internal functions equal but for the callee of one call (@f in the first, @g in the second, of one type) merge into one body that calls the callee the selector chooses: @f when it is false, @g when it is true.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @f(i32)
declare i32 @g(i32)

; CHECK-LABEL: define i32 @user(
; CHECK-NEXT:    %x = call i32 @mix_f.similar(ptr %p, i32 %n, i1 false)
; CHECK-NEXT:    %y = call i32 @mix_f.similar(ptr %p, i32 %n, i1 true)
define i32 @user(ptr %p, i32 %n) {
  %x = call i32 @mix_f(ptr %p, i32 %n)
  %y = call i32 @mix_g(ptr %p, i32 %n)
  %z = add i32 %x, %y
  ret i32 %z
}

; CHECK-NOT: define {{.*}}@mix_f(
; CHECK-NOT: define {{.*}}@mix_g(
define internal i32 @mix_f(ptr %v, i32 %n) {
entry:
  %k = load i32, ptr %v, align 4
  %b = mul i32 %k, 24
  %c = add i32 %b, 7
  %c1 = call i32 @f(i32 %c)
  %d = xor i32 %c1, %k
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

define internal i32 @mix_g(ptr %v, i32 %n) {
entry:
  %k = load i32, ptr %v, align 4
  %b = mul i32 %k, 24
  %c = add i32 %b, 7
  %c1 = call i32 @g(i32 %c)
  %d = xor i32 %c1, %k
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

; One call, whose callee the selector chooses; no branch on the selector.
; CHECK-LABEL: define internal i32 @mix_f.similar(
; CHECK-SAME:    ptr %0, i32 %1, i1 %coalesce.selector) unnamed_addr {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %k = load i32, ptr %0, align 4
; CHECK-NEXT:    %b = mul i32 %k, 24
; CHECK-NEXT:    %c = add i32 %b, 7
; CHECK-NEXT:    [[CALLEE:%.*]] = select i1 %coalesce.selector, ptr @g, ptr @f
; CHECK-NEXT:    %c1 = call i32 [[CALLEE]](i32 %c)
; CHECK-NEXT:    %d = xor i32 %c1, %k
; CHECK-NOT:   %coalesce.selector
; CHECK-NOT:   call
; CHECK:       ret i32 %h3
; CHECK-NEXT:  }
