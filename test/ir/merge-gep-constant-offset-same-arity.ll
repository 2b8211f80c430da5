; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: GEPs spelled over different types ([2 x i32] vs {i32, i32}) that add the same constant byte offset (4) are equal, so the functions merge.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i32 @from_array(
; CHECK-NEXT:    %q = getelementptr inbounds [2 x i32], ptr %p, i64 0, i64 1
; CHECK-NEXT:    %v = load i32, ptr %q, align 4
define i32 @from_array(ptr %p) {
  %q = getelementptr inbounds [2 x i32], ptr %p, i64 0, i64 1
  %v = load i32, ptr %q, align 4
  ret i32 %v
}

; CHECK-LABEL: define i32 @from_struct(ptr %p) {
; CHECK-NEXT:    %1 = tail call i32 @from_array(ptr %p)
; CHECK-NEXT:    ret i32 %1
; CHECK-NEXT:  }
define i32 @from_struct(ptr %p) {
  %q = getelementptr inbounds {i32, i32}, ptr %p, i64 0, i32 1
  %v = load i32, ptr %q, align 4
  ret i32 %v
}
