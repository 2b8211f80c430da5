; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: while a type test can still read them, different CFI type ids (!type) make functions different; both bodies survive.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@table = global [2 x ptr] [ptr @first, ptr @second]

; CHECK-LABEL: define internal i32 @first(i32 %a) unnamed_addr !type
; CHECK-NEXT:    %r = mul i32 %a, 7
define internal i32 @first(i32 %a) unnamed_addr !type !0 {
  %r = mul i32 %a, 7
  ret i32 %r
}

; CHECK-LABEL: define internal i32 @second(i32 %a) unnamed_addr !type
; CHECK-NEXT:    %r = mul i32 %a, 7
define internal i32 @second(i32 %a) unnamed_addr !type !1 {
  %r = mul i32 %a, 7
  ret i32 %r
}

; CHECK-LABEL: define i1 @is_member(
; CHECK-NEXT:    %t = call i1 @llvm.type.test(ptr %p, metadata !"_ZTSFiiE")
define i1 @is_member(ptr %p) {
  %t = call i1 @llvm.type.test(ptr %p, metadata !"_ZTSFiiE")
  ret i1 %t
}

declare i1 @llvm.type.test(ptr, metadata)

!0 = !{i64 0, !"_ZTSFiiE"}
!1 = !{i64 0, !"_ZTSMN1A1BEFiiE"}
