; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: where the merged-away function becomes an alias, the kept body also takes on its CFI type ids (!type), since the alias's address is the kept body's.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: @second = unnamed_addr alias i32 (i32), ptr @first

; CHECK-LABEL: define i32 @first(
; CHECK-SAME:    i32 %a) unnamed_addr !type [[T1:![0-9]+]] !type [[T2:![0-9]+]] {
; CHECK-NEXT:    %r = mul i32 %a, 7
define i32 @first(i32 %a) unnamed_addr !type !0 {
  %r = mul i32 %a, 7
  ret i32 %r
}

define i32 @second(i32 %a) unnamed_addr !type !1 {
  %r = mul i32 %a, 7
  ret i32 %r
}

; CHECK: [[T1]] = !{i64 0, !"_ZTSFiiE"}
; CHECK: [[T2]] = !{i64 0, !"_ZTSMN1A1BEFiiE"}
!0 = !{i64 0, !"_ZTSFiiE"}
!1 = !{i64 0, !"_ZTSMN1A1BEFiiE"}
