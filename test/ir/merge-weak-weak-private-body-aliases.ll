; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: two weak unnamed_addr equal functions: the body moves to a new private function @w1.coalesced and both weak names become weak aliases of it.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-DAG: @w1 = weak unnamed_addr alias i32 (i32), ptr @w1.coalesced
; CHECK-DAG: @w2 = weak unnamed_addr alias i32 (i32), ptr @w1.coalesced

; CHECK-NOT: define {{.*}} @w1(
define weak i32 @w1(i32 %a) unnamed_addr {
  %s = mul i32 %a, 7
  ret i32 %s
}

; CHECK-NOT: define {{.*}} @w2(
define weak i32 @w2(i32 %x) unnamed_addr {
  %t = mul i32 %x, 7
  ret i32 %t
}

; CHECK-LABEL: define i32 @caller(
; CHECK-NEXT:    %a = call i32 @w1(i32 1)
; CHECK-NEXT:    %b = call i32 @w2(i32 2)
define i32 @caller() {
  %a = call i32 @w1(i32 1)
  %b = call i32 @w2(i32 2)
  %s = add i32 %a, %b
  ret i32 %s
}

; CHECK-LABEL: define private i32 @w1.coalesced(
; CHECK-NEXT:    %s = mul i32 %a, 7
; CHECK-NEXT:    ret i32 %s
