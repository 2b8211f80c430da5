; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: `zext nneg` and plain `zext` differ (the nneg flag is compared); both bodies survive.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i64 @first(
; CHECK-NEXT:    %r = zext nneg i32 %a to i64
define i64 @first(i32 %a) {
  %r = zext nneg i32 %a to i64
  ret i64 %r
}

; CHECK-LABEL: define i64 @second(
; CHECK-NEXT:    %r = zext i32 %a to i64
define i64 @second(i32 %a) {
  %r = zext i32 %a to i64
  ret i64 %r
}
