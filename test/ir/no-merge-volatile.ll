; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: a volatile load and a plain load are not equal; both bodies survive.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i32 @first(
; CHECK-NEXT:    %r = load volatile i32, ptr %p, align 4
define i32 @first(ptr %p) {
  %r = load volatile i32, ptr %p, align 4
  ret i32 %r
}

; CHECK-LABEL: define i32 @second(
; CHECK-NEXT:    %r = load i32, ptr %p, align 4
define i32 @second(ptr %p) {
  %r = load i32, ptr %p, align 4
  ret i32 %r
}
