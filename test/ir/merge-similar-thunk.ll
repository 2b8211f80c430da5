; RUN: %opt-coalesce -passes=coalesce-merge-similar -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; Purpose: of a similar pair, the external function (its symbol and address must stay) becomes a thunk that tail-calls the merged body passing its selector (i1 true, it is the second), while the internal one disappears and its call passes i1 false.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @trace(i32)

; CHECK-LABEL: define i32 @user(
; CHECK-NEXT:    %x = call i32 @checked.similar(ptr %p, i32 %n, i1 false)
; CHECK-NEXT:    %y = call i32 @plain(ptr %p, i32 %n)
define i32 @user(ptr %p, i32 %n) {
  %x = call i32 @checked(ptr %p, i32 %n)
  %y = call i32 @plain(ptr %p, i32 %n)
  %z = add i32 %x, %y
  ret i32 %z
}

; CHECK-NOT: define {{.*}}@checked(
define internal i32 @checked(ptr %v, i32 %n) {
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

; CHECK-LABEL: define i32 @plain(
; CHECK-SAME:    ptr %v, i32 %n) {
; CHECK-NEXT:    [[R:%.*]] = tail call i32 @checked.similar(ptr %v, i32 %n, i1 true)
; CHECK-NEXT:    ret i32 [[R]]
; CHECK-NEXT:  }
define i32 @plain(ptr %v, i32 %n) {
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

; CHECK-LABEL: define internal i32 @checked.similar(
; CHECK-SAME:    ptr %0, i32 %1, i1 %coalesce.selector) unnamed_addr {
; CHECK:         br i1 %coalesce.selector, label %{{.*}}, label %[[ONLYL:.*]]
; CHECK:       [[ONLYL]]:
; CHECK-NEXT:    call void @trace(i32 %c)
