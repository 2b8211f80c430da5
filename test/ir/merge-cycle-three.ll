; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: two copies of a three-function cycle (a calls b, b calls c, c calls a; a2/b2/c2 the same cycle under other names, each member's body different from the next so each hashes apart) fold into one cycle, and callers of the copy call a, b and c.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define internal i32 @a(
; CHECK:         call i32 @b(i32 %m)
; CHECK-NEXT:    add i32 %r, 3
define internal i32 @a(i32 %n) {
entry:
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %r = call i32 @b(i32 %m)
  %s = add i32 %r, 3
  ret i32 %s
done:
  ret i32 0
}

; CHECK-LABEL: define internal i32 @b(
; CHECK:         call i32 @c(i32 %m)
; CHECK-NEXT:    mul i32 %r, 5
define internal i32 @b(i32 %n) {
entry:
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %r = call i32 @c(i32 %m)
  %s = mul i32 %r, 5
  ret i32 %s
done:
  ret i32 1
}

; CHECK-LABEL: define internal i32 @c(
; CHECK:         call i32 @a(i32 %m)
; CHECK-NEXT:    xor i32 %r, 7
define internal i32 @c(i32 %n) {
entry:
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %r = call i32 @a(i32 %m)
  %s = xor i32 %r, 7
  ret i32 %s
done:
  ret i32 2
}

; CHECK-NOT: define {{.*}} @a2(
define internal i32 @a2(i32 %n) {
entry:
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %r = call i32 @b2(i32 %m)
  %s = add i32 %r, 3
  ret i32 %s
done:
  ret i32 0
}

; CHECK-NOT: define {{.*}} @b2(
define internal i32 @b2(i32 %n) {
entry:
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %r = call i32 @c2(i32 %m)
  %s = mul i32 %r, 5
  ret i32 %s
done:
  ret i32 1
}

; CHECK-NOT: define {{.*}} @c2(
define internal i32 @c2(i32 %n) {
entry:
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %r = call i32 @a2(i32 %m)
  %s = xor i32 %r, 7
  ret i32 %s
done:
  ret i32 2
}

; CHECK-LABEL: define i32 @main(
; CHECK-NEXT:    %x = call i32 @a(i32 7)
; CHECK-NEXT:    %y = call i32 @b(i32 8)
; CHECK-NEXT:    %z = call i32 @c(i32 9)
define i32 @main() {
  %x = call i32 @a2(i32 7)
  %y = call i32 @b2(i32 8)
  %z = call i32 @c2(i32 9)
  %s = add i32 %x, %y
  %t = add i32 %s, %z
  ret i32 %t
}
