; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; Purpose: -coalesce-report writes a JSON report: function counts before/after, merges_by_kind, one entry per merge (kept, merged, kind, callers_rewritten, estimated_bytes) and the missed pair with its reason.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK:      "functions": {
; CHECK-NEXT:   "after": 6,
; CHECK-NEXT:   "before": 7,
; CHECK:      "merges": [
; CHECK-NEXT:   {
; CHECK-NEXT:     "callers_rewritten": 0,
; CHECK-NEXT:     "estimated_bytes": {{[1-9][0-9]*}},
; CHECK-NEXT:     "kept": "first",
; CHECK-NEXT:     "kind": "replaced",
; CHECK-NEXT:     "merged": "second",
; CHECK-NEXT:     "stage": "merge"
; CHECK-NEXT:   },
; CHECK-NEXT:   {
; CHECK-NEXT:     "callers_rewritten": 1,
; CHECK-NEXT:     "estimated_bytes": {{[0-9]+}},
; CHECK-NEXT:     "kept": "api1",
; CHECK-NEXT:     "kind": "thunk",
; CHECK-NEXT:     "merged": "api2",
; CHECK-NEXT:     "stage": "merge"
; CHECK-NEXT:   }
; CHECK-NEXT: ],
; CHECK-NEXT: "merges_by_kind": {
; CHECK-NEXT:   "alias": 0,
; CHECK-NEXT:   "replaced": 1,
; CHECK-NEXT:   "thunk": 1
; CHECK-NEXT: },
; CHECK-NEXT: "missed": [
; CHECK-NEXT:   {
; CHECK-NEXT:     "function": "va2",
; CHECK-NEXT:     "other": "va1",
; CHECK-NEXT:     "reason": "varargs: a thunk cannot forward variable arguments"
; CHECK-NEXT:   }
; CHECK-NEXT: ],
; CHECK:      "tool": "coalesce"

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
