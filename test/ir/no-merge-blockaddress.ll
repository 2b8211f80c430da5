; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; RUN: %opt-coalesce -passes=coalesce-merge -pass-remarks-missed=coalesce-merge -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; Purpose: functions whose blocks have their address taken are never merged, even when equal; both bodies survive, and a missed remark says why.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define ptr @first(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    br label %target
; CHECK:       target:
; CHECK-NEXT:    ret ptr blockaddress(@first, %target)
define ptr @first() {
entry:
  br label %target
target:
  ret ptr blockaddress(@first, %target)
}

; CHECK-LABEL: define ptr @second(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    br label %target
; CHECK:       target:
; CHECK-NEXT:    ret ptr blockaddress(@second, %target)
define ptr @second() {
entry:
  br label %target
target:
  ret ptr blockaddress(@second, %target)
}

; REMARK-DAG: remark: {{.*}}not merged first: blockaddress
; REMARK-DAG: remark: {{.*}}not merged second: blockaddress
