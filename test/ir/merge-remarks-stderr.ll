; RUN: %opt-coalesce -passes=coalesce-merge -pass-remarks=coalesce-merge -pass-remarks-missed=coalesce-merge -disable-output %s 2>&1 | FileCheck %s
; RUN: %opt-coalesce -passes=coalesce-merge -pass-remarks=coalesce-merge -disable-output %s 2>&1 | FileCheck %s --check-prefix=PASSED
; Purpose: -pass-remarks=coalesce-merge prints one remark per merge (kind, bytes, rewritten calls) and -pass-remarks-missed=coalesce-merge one per equal pair left unmerged, with the reason.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK:      remark: {{.*}}merged second into first as replaced, ~{{[0-9]+}} bytes saved{{$}}
; CHECK-NEXT: remark: {{.*}}merged api2 into api1 as thunk, ~{{[0-9]+}} bytes saved, 1 direct calls rewritten
; CHECK-NEXT: remark: {{.*}}not merged va2 with equal va1: varargs: a thunk cannot forward variable arguments
; CHECK-NOT:  remark
; PASSED-NOT: not merged
; PASSED:     remark: {{.*}}merged second into first as replaced
; PASSED:     remark: {{.*}}merged api2 into api1 as thunk
; PASSED-NOT: not merged

define internal i32 @first(i32 %a) unnamed_addr {
  %s = mul i32 %a, 7
  ret i32 %s
}

define internal i32 @second(i32 %x) unnamed_addr {
  %t = mul i32 %x, 7
  ret i32 %t
}

define i32 @api1(i32 %a) {
  %s = xor i32 %a, 5
  %t = mul i32 %s, 7
  %u = call i32 @ext(i32 %t)
  %v = add i32 %u, %s
  ret i32 %v
}

define i32 @api2(i32 %a) {
  %s = xor i32 %a, 5
  %t = mul i32 %s, 7
  %u = call i32 @ext(i32 %t)
  %v = add i32 %u, %s
  ret i32 %v
}

declare i32 @ext(i32)

define i32 @caller() {
  %a = call i32 @first(i32 1)
  %b = call i32 @second(i32 2)
  %c = call i32 @api2(i32 3)
  %s = add i32 %a, %b
  %t = add i32 %s, %c
  ret i32 %t
}

define i32 @va1(i32 %a, ...) {
  %r = mul i32 %a, 9
  ret i32 %r
}

define i32 @va2(i32 %a, ...) {
  %r = mul i32 %a, 9
  ret i32 %r
}
