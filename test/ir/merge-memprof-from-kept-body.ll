; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s --implicit-check-not=!memprof
; Purpose: the memory profile's metadata of a merged body comes from the kept body alone: @fn keeps its own !callsite and gets no !memprof from @fn_b (a !memprof of one body beside the !callsite of the other describes no call stack).

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare ptr @malloc(i64)

; CHECK-LABEL: define ptr @fn(
; CHECK-NEXT:    %p = call ptr @malloc(i64 %n), !callsite [[KEPT:![0-9]+]]
; CHECK-NEXT:    ret ptr %p
define ptr @fn(i64 %n) {
  %p = call ptr @malloc(i64 %n), !callsite !0
  ret ptr %p
}

define internal ptr @fn_b(i64 %n) {
  %p = call ptr @malloc(i64 %n), !memprof !1, !callsite !4
  ret ptr %p
}

; CHECK-LABEL: define void @calls(
; CHECK-NEXT:    call ptr @fn(i64 %n)
; CHECK-NEXT:    call ptr @fn(i64 %n)
define void @calls(i64 %n) {
  call ptr @fn(i64 %n)
  call ptr @fn_b(i64 %n)
  ret void
}

; CHECK: [[KEPT]] = !{i64 111}
!0 = !{i64 111}
!1 = !{!2}
!2 = !{!3, !"cold"}
!3 = !{i64 222, i64 333}
!4 = !{i64 222}
