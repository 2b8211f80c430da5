; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: functions that differ only in inferred function facts (nounwind and memory(none) on one) merge; the kept function keeps only the facts both have.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @ext()

; CHECK-LABEL: define internal void @first()
; CHECK-SAME:    unnamed_addr #[[ATTRS:[0-9]+]] {
; CHECK-NEXT:    call void @ext()
define internal void @first() unnamed_addr #0 {
  call void @ext()
  call void @ext()
  ret void
}

; CHECK-NOT: define internal void @second(
define internal void @second() unnamed_addr #1 {
  call void @ext()
  call void @ext()
  ret void
}

define void @caller() {
  call void @first()
  call void @second()
  ret void
}

; CHECK: attributes #[[ATTRS]] = { willreturn }
attributes #0 = { nounwind willreturn memory(none) }
attributes #1 = { willreturn }
