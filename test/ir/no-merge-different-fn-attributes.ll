; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: functions that differ only in a function attribute ("frame-pointer"="all") are not equal; both bodies survive.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i32 @first(
; CHECK-NEXT:    %r = mul i32 %a, 7
define i32 @first(i32 %a) #0 {
  %r = mul i32 %a, 7
  ret i32 %r
}

; CHECK-LABEL: define i32 @second(
; CHECK-NEXT:    %r = mul i32 %a, 7
define i32 @second(i32 %a) #1 {
  %r = mul i32 %a, 7
  ret i32 %r
}

; CHECK-DAG: attributes #0 = { nounwind }
; CHECK-DAG: attributes #1 = { nounwind "frame-pointer"="all" }
attributes #0 = { nounwind }
attributes #1 = { nounwind "frame-pointer"="all" }
