; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: of an unnamed_addr function (first in the module) and an equal function whose address is significant, the significant one keeps the body and the unnamed_addr one is replaced, so no thunk is needed.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-NOT: @unnamed
define internal i32 @unnamed(i32 %a) unnamed_addr {
  %s = mul i32 %a, 7
  ret i32 %s
}

; CHECK-LABEL: define i32 @significant(
; CHECK-NEXT:    %t = mul i32 %x, 7
; CHECK-NEXT:    ret i32 %t
define i32 @significant(i32 %x) {
  %t = mul i32 %x, 7
  ret i32 %t
}

; CHECK-LABEL: define i32 @caller(
; CHECK-NEXT:    %a = call i32 @significant(i32 1)
; CHECK-NEXT:    %b = call i32 @significant(i32 2)
define i32 @caller() {
  %a = call i32 @unnamed(i32 1)
  %b = call i32 @significant(i32 2)
  %s = add i32 %a, %b
  ret i32 %s
}
