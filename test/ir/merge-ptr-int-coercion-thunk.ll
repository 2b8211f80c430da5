; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: a function on i64 values equal to one on pointers (ptr/int coercion) becomes a thunk that converts its argument with inttoptr and the result with ptrtoint.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define ptr @xchg_ptr(
; CHECK-NEXT:    %old = load ptr, ptr %dst, align 8
; CHECK-NEXT:    store ptr %v, ptr %dst, align 8
; CHECK-NEXT:    ret ptr %old
define ptr @xchg_ptr(ptr %dst, ptr %v) {
  %old = load ptr, ptr %dst, align 8
  store ptr %v, ptr %dst, align 8
  ret ptr %old
}

; CHECK-LABEL: define i64 @xchg_int(ptr %d, i64 %x) {
; CHECK-NEXT:    [[P:%.*]] = inttoptr i64 %x to ptr
; CHECK-NEXT:    [[R:%.*]] = tail call ptr @xchg_ptr(ptr %d, ptr [[P]])
; CHECK-NEXT:    [[I:%.*]] = ptrtoint ptr [[R]] to i64
; CHECK-NEXT:    ret i64 [[I]]
; CHECK-NEXT:  }
define i64 @xchg_int(ptr %d, i64 %x) {
  %old = load i64, ptr %d, align 8
  store i64 %x, ptr %d, align 8
  ret i64 %old
}
