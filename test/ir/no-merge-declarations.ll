; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: declarations are never merged: two equal-typed declarations stay declarations and each call keeps its callee.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-DAG: declare i32 @ext1(i32)
; CHECK-DAG: declare i32 @ext2(i32)
declare i32 @ext1(i32)
declare i32 @ext2(i32)

; CHECK-LABEL: define i32 @caller(
; CHECK-NEXT:    %a = call i32 @ext1(i32 1)
; CHECK-NEXT:    %b = call i32 @ext2(i32 2)
define i32 @caller() {
  %a = call i32 @ext1(i32 1)
  %b = call i32 @ext2(i32 2)
  %s = add i32 %a, %b
  ret i32 %s
}
