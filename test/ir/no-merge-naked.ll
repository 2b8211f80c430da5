; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; RUN: %opt-coalesce -passes=coalesce-merge -pass-remarks-missed=coalesce-merge -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; Purpose: naked functions are never merged, even when equal; both bodies survive, and a missed remark says why.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @first(
; CHECK-NEXT:    call void asm sideeffect "movl $$42, %eax\0Aret", ""()
; CHECK-NEXT:    unreachable
define void @first() naked nounwind {
  call void asm sideeffect "movl $$42, %eax\0Aret", ""()
  unreachable
}

; CHECK-LABEL: define void @second(
; CHECK-NEXT:    call void asm sideeffect "movl $$42, %eax\0Aret", ""()
; CHECK-NEXT:    unreachable
define void @second() naked nounwind {
  call void asm sideeffect "movl $$42, %eax\0Aret", ""()
  unreachable
}

; REMARK-DAG: remark: {{.*}}not merged first: naked
; REMARK-DAG: remark: {{.*}}not merged second: naked
