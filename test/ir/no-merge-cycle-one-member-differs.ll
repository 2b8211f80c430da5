; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: two copies of a three-function cycle (ping calls pong, pong calls peng, peng calls ping) where peng2 adds 8.5 and peng 7.5 (a float constant the structural hash does not see, so each pair starts in one class) do not merge: the difference splits {peng, peng2}, then {pong, pong2}, then travels on to split {ping, ping2}, two calls away; all six bodies and every call stay.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define {{.*}} i32 @ping(
; CHECK:         %r = call i32 @pong(i32 %m)
define internal i32 @ping(i32 %n) {
entry:
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %r = call i32 @pong(i32 %m)
  %s = add i32 %r, 3
  ret i32 %s
done:
  ret i32 0
}

; CHECK-LABEL: define {{.*}} i32 @pong(
; CHECK:         %r = call i32 @peng(i32 %m)
define internal i32 @pong(i32 %n) {
entry:
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %r = call i32 @peng(i32 %m)
  %f = sitofp i32 %r to float
  %g = fmul float %f, 5.0
  %s = fptosi float %g to i32
  ret i32 %s
done:
  ret i32 1
}

; CHECK-LABEL: define {{.*}} i32 @peng(
; CHECK:         %r = call i32 @ping(i32 %m)
; CHECK-NEXT:    %f = sitofp i32 %r to double
; CHECK-NEXT:    %g = fadd double %f, 7.500000e+00
define internal i32 @peng(i32 %n) {
entry:
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %r = call i32 @ping(i32 %m)
  %f = sitofp i32 %r to double
  %g = fadd double %f, 7.5
  %s = fptosi double %g to i32
  ret i32 %s
done:
  ret i32 2
}

; CHECK-LABEL: define {{.*}} i32 @ping2(
; CHECK:         %r = call i32 @pong2(i32 %m)
define internal i32 @ping2(i32 %n) {
entry:
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %r = call i32 @pong2(i32 %m)
  %s = add i32 %r, 3
  ret i32 %s
done:
  ret i32 0
}

; CHECK-LABEL: define {{.*}} i32 @pong2(
; CHECK:         %r = call i32 @peng2(i32 %m)
define internal i32 @pong2(i32 %n) {
entry:
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %r = call i32 @peng2(i32 %m)
  %f = sitofp i32 %r to float
  %g = fmul float %f, 5.0
  %s = fptosi float %g to i32
  ret i32 %s
done:
  ret i32 1
}

; CHECK-LABEL: define {{.*}} i32 @peng2(
; CHECK:         %r = call i32 @ping2(i32 %m)
; CHECK-NEXT:    %f = sitofp i32 %r to double
; CHECK-NEXT:    %g = fadd double %f, 8.500000e+00
define internal i32 @peng2(i32 %n) {
entry:
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %r = call i32 @ping2(i32 %m)
  %f = sitofp i32 %r to double
  %g = fadd double %f, 8.5
  %s = fptosi double %g to i32
  ret i32 %s
done:
  ret i32 2
}

; CHECK-LABEL: define i32 @main(
; CHECK-NEXT:    %a = call i32 @ping(i32 7)
; CHECK-NEXT:    %b = call i32 @ping2(i32 8)
; CHECK-NEXT:    %c = call i32 @pong(i32 9)
; CHECK-NEXT:    %d = call i32 @pong2(i32 10)
; CHECK-NEXT:    %e = call i32 @peng(i32 11)
; CHECK-NEXT:    %f = call i32 @peng2(i32 12)
define i32 @main() {
  %a = call i32 @ping(i32 7)
  %b = call i32 @ping2(i32 8)
  %c = call i32 @pong(i32 9)
  %d = call i32 @pong2(i32 10)
  %e = call i32 @peng(i32 11)
  %f = call i32 @peng2(i32 12)
  %s = add i32 %a, %b
  %t = add i32 %c, %d
  %u = add i32 %e, %f
  %v = add i32 %s, %t
  %w = add i32 %v, %u
  ret i32 %w
}
