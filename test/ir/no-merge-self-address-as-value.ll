; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: two functions that differ only in passing their own address as a value (each registers itself) are not equal: merged, the thunk left for @f2 would register @f1's address, not its own.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @register(ptr)

; CHECK-LABEL: define void @f1(
; CHECK:         call void @register(ptr @f1)
define void @f1(i32 %n) {
  %a = mul i32 %n, 3
  %b = add i32 %a, 7
  call void @register(ptr @f1)
  %c = xor i32 %b, %n
  call void @use(i32 %c)
  ret void
}

; CHECK-LABEL: define void @f2(
; CHECK:         call void @register(ptr @f2)
; CHECK:         call void @use(
define void @f2(i32 %n) {
  %a = mul i32 %n, 3
  %b = add i32 %a, 7
  call void @register(ptr @f2)
  %c = xor i32 %b, %n
  call void @use(i32 %c)
  ret void
}

declare void @use(i32)
