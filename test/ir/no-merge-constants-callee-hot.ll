; RUN: %opt-coalesce -passes=coalesce-merge-constants -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; RUN: %opt-coalesce -passes=coalesce-merge-constants -coalesce-runtime-budget=1000 -pass-remarks-missed=coalesce-merge-constants -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; Purpose: functions equal but for the function they call inside their loop (a hot loop: it runs more often than the function is called) are not merged: the call would become indirect there; both bodies survive and a missed remark says why.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@ga = global i64 0

; REMARK: remark: {{.*}}not merged f_a with f_b, equal up to constants: the bodies call different functions in a hot loop: the call would become indirect there

; CHECK-LABEL: define i64 @user(
; CHECK-NEXT:    %x = call i64 @f_a(ptr %p, i64 %n)
; CHECK-NEXT:    %y = call i64 @f_b(ptr %p, i64 %n)
define i64 @user(ptr %p, i64 %n) {
  %x = call i64 @f_a(ptr %p, i64 %n)
  %y = call i64 @f_b(ptr %p, i64 %n)
  %z = add i64 %x, %y
  ret i64 %z
}

; CHECK-LABEL: define internal i64 @f_a(
; CHECK:       loop:
; CHECK:         %q = call i64 @ext_a(i64 %i)
define internal i64 @f_a(ptr %v, i64 %n) {
entry:
  %k = load i64, ptr %v, align 8
  %b = mul i64 %k, 24
  %c = add i64 %b, 7
  %d = xor i64 %c, %k
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i64 [ %d, %entry ], [ %acc.next, %loop ]
  %q = call i64 @ext_a(i64 %i)
  %acc.next = add i64 %acc, %q
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  store i64 %acc.next, ptr @ga, align 8
  %g = lshr i64 %acc.next, 3
  %h = mul i64 %g, %b
  ret i64 %h
}

; CHECK-LABEL: define internal i64 @f_b(
; CHECK:       loop:
; CHECK:         %q = call i64 @ext_b(i64 %i)
define internal i64 @f_b(ptr %v, i64 %n) {
entry:
  %k = load i64, ptr %v, align 8
  %b = mul i64 %k, 24
  %c = add i64 %b, 7
  %d = xor i64 %c, %k
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i64 [ %d, %entry ], [ %acc.next, %loop ]
  %q = call i64 @ext_b(i64 %i)
  %acc.next = add i64 %acc, %q
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  store i64 %acc.next, ptr @ga, align 8
  %g = lshr i64 %acc.next, 3
  %h = mul i64 %g, %b
  ret i64 %h
}

; CHECK-NOT: define {{.*}}.coalesced(

declare i64 @ext_a(i64)
declare i64 @ext_b(i64)
