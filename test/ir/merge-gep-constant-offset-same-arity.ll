; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: GEPs spelled over different types ([2 x i32] vs {i32, i32}) that add the same constant byte offset (4) are equal, so the functions merge (the bodies are large enough to pay for a thunk).

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i32 @from_array(
; CHECK-NEXT:    %q = getelementptr inbounds [2 x i32], ptr %p, i64 0, i64 1
; CHECK-NEXT:    %v = load i32, ptr %q, align 4
; CHECK-NEXT:    %s = mul i32 %v, 7
; CHECK-NEXT:    %t = xor i32 %s, 12345
; CHECK-NEXT:    %u = call i32 @ext(i32 %t)
; CHECK-NEXT:    %w = add i32 %u, %s
; CHECK-NEXT:    ret i32 %w
define i32 @from_array(ptr %p) {
  %q = getelementptr inbounds [2 x i32], ptr %p, i64 0, i64 1
  %v = load i32, ptr %q, align 4
  %s = mul i32 %v, 7
  %t = xor i32 %s, 12345
  %u = call i32 @ext(i32 %t)
  %w = add i32 %u, %s
  ret i32 %w
}

; CHECK-LABEL: define i32 @from_struct(ptr %p) {
; CHECK-NEXT:    %1 = tail call i32 @from_array(ptr %p)
; CHECK-NEXT:    ret i32 %1
; CHECK-NEXT:  }
define i32 @from_struct(ptr %p) {
  %q = getelementptr inbounds {i32, i32}, ptr %p, i64 0, i32 1
  %v = load i32, ptr %q, align 4
  %s = mul i32 %v, 7
  %t = xor i32 %s, 12345
  %u = call i32 @ext(i32 %t)
  %w = add i32 %u, %s
  ret i32 %w
}

declare i32 @ext(i32)
