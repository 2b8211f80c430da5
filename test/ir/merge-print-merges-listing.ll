; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-print-merges -disable-output %s 2>&1 | FileCheck %s
; Purpose: -coalesce-print-merges prints to stderr, per kept body, what was merged into it and how, then the equal pairs left unmerged with the reason, then a summary line.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK:      coalesce: kept 'first'
; CHECK-NEXT:   merged 'second' (replaced, ~{{[0-9]+}} bytes)
; CHECK-NEXT: coalesce: kept 'api1'
; CHECK-NEXT:   merged 'api2' (thunk, ~{{[0-9]+}} bytes)
; CHECK-NEXT: coalesce: not merged 'va2' with 'va1': varargs: a thunk cannot forward variable arguments
; CHECK-NEXT: coalesce: 7 functions before, 6 after ({{[0-9]+}} with own bodies); 2 merged (1 replaced, 0 aliases, 1 thunks); {{[0-9]+}} regions outlined into {{[0-9]+}} functions; ~{{[0-9]+}} bytes saved (estimated) [size model, x86_64]

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
