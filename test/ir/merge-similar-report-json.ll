; RUN: %opt-coalesce -passes='coalesce<merge-similar>' -coalesce-runtime-budget=1000 -coalesce-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; Purpose: in the whole pipeline, the JSON report lists both functions of a similar pair as merges into the merged body, each marked "selector": true and with the stage merge-similar, the first saving nothing and the second the pair's bytes.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @trace(i32)

; CHECK:      "by_stage": {
; CHECK-NEXT:   "merge-similar": {{[1-9][0-9]*}}
; CHECK-NEXT: },
; CHECK:      "merges": [
; CHECK-NEXT:   {
; CHECK-NEXT:     "callers_rewritten": 1,
; CHECK-NEXT:     "estimated_bytes": 0,
; CHECK-NEXT:     "kept": "sum_traced.similar",
; CHECK-NEXT:     "kind": "replaced",
; CHECK-NEXT:     "merged": "sum_traced",
; CHECK-NEXT:     "selector": true,
; CHECK-NEXT:     "stage": "merge-similar"
; CHECK-NEXT:   },
; CHECK-NEXT:   {
; CHECK-NEXT:     "callers_rewritten": 1,
; CHECK-NEXT:     "estimated_bytes": {{[1-9][0-9]*}},
; CHECK-NEXT:     "kept": "sum_traced.similar",
; CHECK-NEXT:     "kind": "replaced",
; CHECK-NEXT:     "merged": "sum_plain",
; CHECK-NEXT:     "selector": true,
; CHECK-NEXT:     "stage": "merge-similar"
; CHECK-NEXT:   }
; CHECK-NEXT: ],
; CHECK:      "merges_by_kind": {
; CHECK-NEXT:   "alias": 0,
; CHECK-NEXT:   "replaced": 2,
; CHECK-NEXT:   "thunk": 0
; CHECK-NEXT: },
; CHECK-NEXT: "missed": [],

define i32 @user(ptr %p, i32 %n) {
  %x = call i32 @sum_traced(ptr %p, i32 %n)
  %y = call i32 @sum_plain(ptr %p, i32 %n)
  %z = add i32 %x, %y
  ret i32 %z
}
define internal i32 @sum_traced(ptr %v, i32 %n) {
entry:
  %k = load i32, ptr %v, align 4
  %b = mul i32 %k, 24
  %c = add i32 %b, 7
  call void @trace(i32 %c)
  %d = xor i32 %c, %k
  %s = shl i32 %d, 2
  %t = sub i32 %s, %b
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ %t, %entry ], [ %acc.next, %loop ]
  %idx = zext i32 %i to i64
  %gep = getelementptr inbounds i32, ptr %v, i64 %idx
  %e = load i32, ptr %gep, align 4
  %e2 = mul i32 %e, %e
  %e3 = xor i32 %e2, %acc
  %e4 = add i32 %e3, %i
  %acc.next = add i32 %e4, %e
  %i.next = add i32 %i, 1
  %more = icmp ult i32 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  %g = lshr i32 %acc.next, 3
  %h = mul i32 %g, %b
  %h2 = or i32 %h, %c
  %h3 = and i32 %h2, 65535
  ret i32 %h3
}

define internal i32 @sum_plain(ptr %v, i32 %n) {
entry:
  %k = load i32, ptr %v, align 4
  %b = mul i32 %k, 24
  %c = add i32 %b, 7
  %d = xor i32 %c, %k
  %s = shl i32 %d, 2
  %t = sub i32 %s, %b
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ %t, %entry ], [ %acc.next, %loop ]
  %idx = zext i32 %i to i64
  %gep = getelementptr inbounds i32, ptr %v, i64 %idx
  %e = load i32, ptr %gep, align 4
  %e2 = mul i32 %e, %e
  %e3 = xor i32 %e2, %acc
  %e4 = add i32 %e3, %i
  %acc.next = add i32 %e4, %e
  %i.next = add i32 %i, 1
  %more = icmp ult i32 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  %g = lshr i32 %acc.next, 3
  %h = mul i32 %g, %b
  %h2 = or i32 %h, %c
  %h3 = and i32 %h2, 65535
  ret i32 %h3
}
