; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: calls of the same callee that differ only in a call-site parameter attribute (noundef) are not equal; both bodies survive.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i32 @first(
; CHECK-NEXT:    %r = call i32 @ext(i32 noundef %a)
define i32 @first(i32 %a) {
  %r = call i32 @ext(i32 noundef %a)
  ret i32 %r
}

; CHECK-LABEL: define i32 @second(
; CHECK-NEXT:    %r = call i32 @ext(i32 %a)
define i32 @second(i32 %a) {
  %r = call i32 @ext(i32 %a)
  ret i32 %r
}

declare i32 @ext(i32)
