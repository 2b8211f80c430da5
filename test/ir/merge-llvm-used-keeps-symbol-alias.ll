; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: an internal unnamed_addr duplicate listed in @llvm.used is not deleted: @llvm.used still names it and it becomes an alias of the kept body; calls name the kept body.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@llvm.used = appending global [1 x ptr] [ptr @second], section "llvm.metadata"

; CHECK: @llvm.used = appending global [1 x ptr] [ptr @second], section "llvm.metadata"
; CHECK: @second = internal unnamed_addr alias i32 (i32), ptr @first

; CHECK-LABEL: define internal i32 @first(
; CHECK-NEXT:    %s = mul i32 %a, 7
; CHECK-NEXT:    ret i32 %s
define internal i32 @first(i32 %a) unnamed_addr {
  %s = mul i32 %a, 7
  ret i32 %s
}

; CHECK-NOT: define {{.*}}@second(
define internal i32 @second(i32 %x) unnamed_addr {
  %t = mul i32 %x, 7
  ret i32 %t
}

; CHECK-LABEL: define i32 @caller(
; CHECK-NEXT:    %a = call i32 @first(i32 1)
; CHECK-NEXT:    %b = call i32 @first(i32 2)
define i32 @caller() {
  %a = call i32 @first(i32 1)
  %b = call i32 @second(i32 2)
  %s = add i32 %a, %b
  ret i32 %s
}
