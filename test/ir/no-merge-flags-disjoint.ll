; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: `or disjoint` and plain `or` differ (the disjoint flag is compared); both bodies survive.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i32 @first(
; CHECK-NEXT:    %r = or disjoint i32 %a, 16
define i32 @first(i32 %a) {
  %r = or disjoint i32 %a, 16
  ret i32 %r
}

; CHECK-LABEL: define i32 @second(
; CHECK-NEXT:    %r = or i32 %a, 16
define i32 @second(i32 %a) {
  %r = or i32 %a, 16
  ret i32 %r
}
