; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; RUN: %opt-coalesce -passes=coalesce-merge -pass-remarks-missed=coalesce-merge -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; Purpose: two equal varargs functions whose addresses are significant cannot be merged (a thunk cannot forward variable arguments, and an alias is not allowed): both bodies survive and a missed remark gives the reason.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i32 @first(
; CHECK-NEXT:    %r = mul i32 %a, 7
define i32 @first(i32 %a, ...) {
  %r = mul i32 %a, 7
  ret i32 %r
}

; CHECK-LABEL: define i32 @second(
; CHECK-NEXT:    %r = mul i32 %a, 7
define i32 @second(i32 %a, ...) {
  %r = mul i32 %a, 7
  ret i32 %r
}

; CHECK-LABEL: define i32 @caller(
; CHECK-NEXT:    %x = call i32 (i32, ...) @first(i32 1, i32 2)
; CHECK-NEXT:    %y = call i32 (i32, ...) @second(i32 1, i32 2)
define i32 @caller() {
  %x = call i32 (i32, ...) @first(i32 1, i32 2)
  %y = call i32 (i32, ...) @second(i32 1, i32 2)
  %s = add i32 %x, %y
  ret i32 %s
}

; REMARK: remark: {{.*}}not merged second with equal first: varargs: a thunk cannot forward variable arguments
