; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: `getelementptr {i32, i32}, p, 0, 1` and `getelementptr i8, p, 4` add the same constant offset (the example in FunctionOrder.cpp), so the functions merge.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i32 @from_struct(
; CHECK-NEXT:    %q = getelementptr inbounds { i32, i32 }, ptr %p, i64 0, i32 1
; CHECK-NEXT:    %v = load i32, ptr %q, align 4
define i32 @from_struct(ptr %p) {
  %q = getelementptr inbounds {i32, i32}, ptr %p, i64 0, i32 1
  %v = load i32, ptr %q, align 4
  ret i32 %v
}

; CHECK-LABEL: define i32 @from_bytes(ptr %p) {
; CHECK-NEXT:    %1 = tail call i32 @from_struct(ptr %p)
; CHECK-NEXT:    ret i32 %1
; CHECK-NEXT:  }
define i32 @from_bytes(ptr %p) {
  %q = getelementptr inbounds i8, ptr %p, i64 4
  %v = load i32, ptr %q, align 4
  ret i32 %v
}
