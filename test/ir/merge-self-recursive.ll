; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: two self-recursive functions (each calls itself) are equal: the recursion in the kept body still names itself and the duplicate is replaced.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define internal i32 @fact1(
; CHECK:         %r = call i32 @fact1(i32 %m)
define internal i32 @fact1(i32 %n) unnamed_addr {
entry:
  %c = icmp ult i32 %n, 2
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %r = call i32 @fact1(i32 %m)
  %p = mul i32 %n, %r
  ret i32 %p
done:
  ret i32 1
}

; CHECK-NOT: @fact2
define internal i32 @fact2(i32 %n) unnamed_addr {
entry:
  %c = icmp ult i32 %n, 2
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %r = call i32 @fact2(i32 %m)
  %p = mul i32 %n, %r
  ret i32 %p
done:
  ret i32 1
}

; CHECK-LABEL: define i32 @caller(
; CHECK-NEXT:    %a = call i32 @fact1(i32 5)
; CHECK-NEXT:    %b = call i32 @fact1(i32 6)
define i32 @caller() {
  %a = call i32 @fact1(i32 5)
  %b = call i32 @fact2(i32 6)
  %s = add i32 %a, %b
  ret i32 %s
}
