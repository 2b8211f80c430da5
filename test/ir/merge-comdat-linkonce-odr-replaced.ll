; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: two linkonce_odr unnamed_addr functions each in its own comdat (C++ template instances): the discardable duplicate is replaced and deleted together with its comdat.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

$first = comdat any
$second = comdat any

; CHECK-NOT: $second = comdat
; CHECK-LABEL: define linkonce_odr i32 @first(i32 %a) unnamed_addr comdat {
; CHECK-NEXT:    %s = mul i32 %a, 7
; CHECK-NEXT:    ret i32 %s
define linkonce_odr i32 @first(i32 %a) unnamed_addr comdat {
  %s = mul i32 %a, 7
  ret i32 %s
}

; CHECK-NOT: @second
define linkonce_odr i32 @second(i32 %x) unnamed_addr comdat {
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
