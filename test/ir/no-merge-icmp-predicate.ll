; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: `icmp slt` and `icmp ult` are not equal (predicates are compared); both bodies survive.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i1 @first(
; CHECK-NEXT:    %r = icmp slt i32 %a, %b
define i1 @first(i32 %a, i32 %b) {
  %r = icmp slt i32 %a, %b
  ret i1 %r
}

; CHECK-LABEL: define i1 @second(
; CHECK-NEXT:    %r = icmp ult i32 %a, %b
define i1 @second(i32 %a, i32 %b) {
  %r = icmp ult i32 %a, %b
  ret i1 %r
}
