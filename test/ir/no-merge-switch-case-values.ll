; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: switches that differ only in one case value (2 vs 3) are not equal; both bodies survive.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i32 @first(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    switch i32 %a, label %other [
; CHECK-NEXT:      i32 1, label %one
; CHECK-NEXT:      i32 2, label %two
; CHECK-NEXT:    ]
define i32 @first(i32 %a) {
entry:
  switch i32 %a, label %other [ i32 1, label %one
                                i32 2, label %two ]
one:
  ret i32 10
two:
  ret i32 20
other:
  ret i32 0
}

; CHECK-LABEL: define i32 @second(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    switch i32 %a, label %other [
; CHECK-NEXT:      i32 1, label %one
; CHECK-NEXT:      i32 3, label %two
; CHECK-NEXT:    ]
define i32 @second(i32 %a) {
entry:
  switch i32 %a, label %other [ i32 1, label %one
                                i32 3, label %two ]
one:
  ret i32 10
two:
  ret i32 20
other:
  ret i32 0
}
