; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; RUN: %opt-coalesce -passes=coalesce-merge -pass-remarks-missed=coalesce-merge -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; Purpose: available_externally functions (copies kept only for inlining) are never merged, even when equal; both bodies and their calls survive, and a missed remark says why.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define available_externally i32 @first(
; CHECK-NEXT:    %s = mul i32 %a, 7
define available_externally i32 @first(i32 %a) {
  %s = mul i32 %a, 7
  ret i32 %s
}

; CHECK-LABEL: define available_externally i32 @second(
; CHECK-NEXT:    %s = mul i32 %a, 7
define available_externally i32 @second(i32 %a) {
  %s = mul i32 %a, 7
  ret i32 %s
}

; CHECK-LABEL: define i32 @caller(
; CHECK-NEXT:    %a = call i32 @first(i32 1)
; CHECK-NEXT:    %b = call i32 @second(i32 2)
define i32 @caller() {
  %a = call i32 @first(i32 1)
  %b = call i32 @second(i32 2)
  %s = add i32 %a, %b
  ret i32 %s
}

; REMARK-DAG: remark: {{.*}}not merged first: available_externally
; REMARK-DAG: remark: {{.*}}not merged second: available_externally
