; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: functions that differ in a parameter attribute of the calling convention (zeroext vs signext) are not equal; both bodies survive.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i32 @first(i8 zeroext %a)
; CHECK-NEXT:    %w = zext i8 %a to i32
define i32 @first(i8 zeroext %a) unnamed_addr {
  %w = zext i8 %a to i32
  ret i32 %w
}

; CHECK-LABEL: define i32 @second(i8 signext %a)
; CHECK-NEXT:    %w = zext i8 %a to i32
define i32 @second(i8 signext %a) unnamed_addr {
  %w = zext i8 %a to i32
  ret i32 %w
}
