; RUN: %opt-coalesce -passes=coalesce-merge-constants -coalesce-runtime-budget=1000 -coalesce-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; Purpose: the JSON report lists a merge up to constants with the number of constants the shared body takes (constant_parameters) and the calls rewritten.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@ga = global i64 0
@gb = global i64 0

; CHECK:      "merges": [
; CHECK-NEXT:   {
; CHECK-NEXT:     "callers_rewritten": 1,
; CHECK-NEXT:     "constant_parameters": 2,
; CHECK-NEXT:     "estimated_bytes": 0,
; CHECK-NEXT:     "kept": "bytes_a.coalesced",
; CHECK-NEXT:     "kind": "replaced",
; CHECK-NEXT:     "merged": "bytes_a",
; CHECK-NEXT:     "stage": "merge-constants"
; CHECK-NEXT:   },
; CHECK-NEXT:   {
; CHECK-NEXT:     "callers_rewritten": 1,
; CHECK-NEXT:     "constant_parameters": 2,
; CHECK-NEXT:     "estimated_bytes": {{[1-9][0-9]*}},
; CHECK-NEXT:     "kept": "bytes_a.coalesced",
; CHECK-NEXT:     "kind": "replaced",
; CHECK-NEXT:     "merged": "bytes_b",
; CHECK-NEXT:     "stage": "merge-constants"
; CHECK-NEXT:   }
; CHECK-NEXT: ],

define i64 @user(ptr %p) {
  %x = call i64 @bytes_a(ptr %p)
  %y = call i64 @bytes_b(ptr %p)
  %z = add i64 %x, %y
  ret i64 %z
}
define internal i64 @bytes_a(ptr %v) {
  %n = load i64, ptr %v, align 8
  %b = mul i64 %n, 24
  %c = add i64 %b, 7
  %d = xor i64 %c, %n
  %e = load i64, ptr @ga, align 8
  %f = add i64 %d, %e
  store i64 %f, ptr @ga, align 8
  %g = lshr i64 %f, 3
  %h = mul i64 %g, %b
  ret i64 %h
}
define internal i64 @bytes_b(ptr %v) {
  %n = load i64, ptr %v, align 8
  %b = mul i64 %n, 40
  %c = add i64 %b, 7
  %d = xor i64 %c, %n
  %e = load i64, ptr @gb, align 8
  %f = add i64 %d, %e
  store i64 %f, ptr @gb, align 8
  %g = lshr i64 %f, 3
  %h = mul i64 %g, %b
  ret i64 %h
}
