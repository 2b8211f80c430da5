; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: mutually recursive twins whose entries (ping, ping2) are external with their addresses stored fold through the thunk: ping2 keeps its symbol as a thunk `tail call @ping`, the internal pong2 is replaced, the remaining cycle runs ping -> pong -> ping through the kept bodies and callers of ping2 call ping directly.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: @handlers = global [2 x ptr] [ptr @ping, ptr @ping2]
@handlers = global [2 x ptr] [ptr @ping, ptr @ping2]

; CHECK-LABEL: define i32 @ping(
; CHECK:         %r = call i32 @pong(i32 %m)
define i32 @ping(i32 %n) {
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

; CHECK-LABEL: define internal i32 @pong(
; CHECK:         %r = call i32 @ping(i32 %m)
define internal i32 @pong(i32 %n) {
entry:
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %r = call i32 @ping(i32 %m)
  %s = mul i32 %r, 5
  ret i32 %s
done:
  ret i32 1
}

; CHECK-LABEL: define i32 @ping2(i32 %n) {
; CHECK-NEXT:    %1 = tail call i32 @ping(i32 %n)
; CHECK-NEXT:    ret i32 %1
; CHECK-NEXT:  }
define i32 @ping2(i32 %n) {
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

; CHECK-NOT: define {{.*}} @pong2(
define internal i32 @pong2(i32 %n) {
entry:
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %r = call i32 @ping2(i32 %m)
  %s = mul i32 %r, 5
  ret i32 %s
done:
  ret i32 1
}

; CHECK-LABEL: define i32 @main(
; CHECK-NEXT:    %a = call i32 @ping(i32 7)
; CHECK-NEXT:    %b = call i32 @ping(i32 8)
; CHECK-NEXT:    %c = call i32 @pong(i32 9)
define i32 @main() {
  %a = call i32 @ping(i32 7)
  %b = call i32 @ping2(i32 8)
  %c = call i32 @pong2(i32 9)
  %s = add i32 %a, %b
  %t = add i32 %s, %c
  ret i32 %t
}
