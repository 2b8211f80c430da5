; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: in mutually recursive twins whose pong members have their addresses compared elsewhere (so each address is significant), the pair still folds (ping2 is replaced, pong2 becomes a thunk `tail call @pong`) and the comparisons still name two distinct functions, @pong and @pong2.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"


; CHECK-LABEL: define internal i32 @ping(
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

; CHECK-NOT: define {{.*}} @ping2(
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

; CHECK-LABEL: define internal i32 @pong2(i32 %n) {
; CHECK-NEXT:    %1 = tail call i32 @pong(i32 %n)
; CHECK-NEXT:    ret i32 %1
; CHECK-NEXT:  }
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

; CHECK-LABEL: define i32 @classify(
; CHECK-NEXT:    %is1 = icmp eq ptr %p, @pong
; CHECK-NEXT:    %is2 = icmp eq ptr %p, @pong2
define i32 @classify(ptr %p) {
  %is1 = icmp eq ptr %p, @pong
  %is2 = icmp eq ptr %p, @pong2
  %a = zext i1 %is1 to i32
  %b = zext i1 %is2 to i32
  %k = shl i32 %b, 1
  %r = or i32 %a, %k
  ret i32 %r
}
