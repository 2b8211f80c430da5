; RUN: %opt-coalesce -passes=coalesce-merge -S %s | FileCheck %s
; Purpose: two identical internal unnamed_addr functions: every use names the kept body and the copy is deleted.

target datalayout = "e-m:e-i64:64-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define internal i32 @first(
; CHECK-NEXT:    %s = add nsw i32 %a, 1
define internal i32 @first(i32 %a) unnamed_addr {
  %s = add nsw i32 %a, 1
  ret i32 %s
}

; CHECK-NOT: define internal i32 @second(
define internal i32 @second(i32 %x) unnamed_addr {
  %t = add nsw i32 %x, 1
  ret i32 %t
}

; CHECK-LABEL: define i32 @caller(
; CHECK-NEXT:    call i32 @first(i32 1)
; CHECK-NEXT:    call i32 @first(i32 2)
define i32 @caller() {
  %a = call i32 @first(i32 1)
  %b = call i32 @second(i32 2)
  %s = add i32 %a, %b
  ret i32 %s
}
