; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: two internal functions whose addresses are taken and compared keep distinct addresses: the duplicate becomes a thunk (the body is large enough to pay for one), the comparison still names both functions and is not folded.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-NOT: {{^@.* alias }}

; CHECK-LABEL: define internal i32 @first(
; CHECK-NEXT:    %s = mul i32 %a, 7
; CHECK-NEXT:    %t = xor i32 %s, 12345
; CHECK-NEXT:    %u = call i32 @ext(i32 %t)
; CHECK-NEXT:    %v = add i32 %u, %s
; CHECK-NEXT:    ret i32 %v
define internal i32 @first(i32 %a) {
  %s = mul i32 %a, 7
  %t = xor i32 %s, 12345
  %u = call i32 @ext(i32 %t)
  %v = add i32 %u, %s
  ret i32 %v
}

; CHECK-LABEL: define internal i32 @second(i32 %x) {
; CHECK-NEXT:    %1 = tail call i32 @first(i32 %x)
; CHECK-NEXT:    ret i32 %1
; CHECK-NEXT:  }
define internal i32 @second(i32 %x) {
  %s = mul i32 %x, 7
  %t = xor i32 %s, 12345
  %u = call i32 @ext(i32 %t)
  %v = add i32 %u, %s
  ret i32 %v
}

declare i32 @ext(i32)

; CHECK-LABEL: define i1 @same(
; CHECK-NEXT:    %c = icmp eq ptr @first, @second
; CHECK-NEXT:    ret i1 %c
define i1 @same() {
  %c = icmp eq ptr @first, @second
  ret i1 %c
}
