; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: mutually recursive twins where ping passes the address of pong to an external function and ping2 the address of pong2 do not merge: an address used as a value compares by identity, not by class (register may tell @pong from @pong2), so ping and ping2 differ, and so then do pong and pong2; all four bodies, every call and every address stay.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @register(ptr)

; CHECK-LABEL: define {{.*}} i32 @ping(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @register(ptr @pong)
; CHECK:         %r = call i32 @pong(i32 %m)
define internal i32 @ping(i32 %n) {
entry:
  call void @register(ptr @pong)
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
; CHECK:         %r = call i32 @ping(i32 %m)
define internal i32 @pong(i32 %n) {
entry:
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %r = call i32 @ping(i32 %m)
  %f = sitofp i32 %r to float
  %g = fmul float %f, 5.0
  %s = fptosi float %g to i32
  ret i32 %s
done:
  ret i32 1
}

; CHECK-LABEL: define {{.*}} i32 @ping2(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @register(ptr @pong2)
; CHECK:         %r = call i32 @pong2(i32 %m)
define internal i32 @ping2(i32 %n) {
entry:
  call void @register(ptr @pong2)
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
; CHECK:         %r = call i32 @ping2(i32 %m)
define internal i32 @pong2(i32 %n) {
entry:
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %r = call i32 @ping2(i32 %m)
  %f = sitofp i32 %r to float
  %g = fmul float %f, 5.0
  %s = fptosi float %g to i32
  ret i32 %s
done:
  ret i32 1
}

; CHECK-LABEL: define i32 @main(
; CHECK-NEXT:    %a = call i32 @ping(i32 7)
; CHECK-NEXT:    %b = call i32 @ping2(i32 8)
; CHECK-NEXT:    %c = call i32 @pong(i32 9)
; CHECK-NEXT:    %d = call i32 @pong2(i32 10)
define i32 @main() {
  %a = call i32 @ping(i32 7)
  %b = call i32 @ping2(i32 8)
  %c = call i32 @pong(i32 9)
  %d = call i32 @pong2(i32 10)
  %s = add i32 %a, %b
  %t = add i32 %c, %d
  %u = add i32 %s, %t
  ret i32 %u
}
