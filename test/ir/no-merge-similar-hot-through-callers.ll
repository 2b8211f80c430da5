; RUN: %opt-coalesce -passes=coalesce-merge-similar -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; RUN: %opt-coalesce -passes=coalesce-merge-similar -coalesce-runtime-budget=1000 -coalesce-print-merges -disable-output %s 2>&1 | FileCheck %s --check-prefix=LIST
; Purpose: a similar pair without loops of its own, hot only because a hot loop of its caller calls it (branch weights 999:1), is not merged, whatever the budget: its choice (a call statement more) would run in hot code, and the static estimate cannot say how often; both bodies stay.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @trace(i32)

; LIST: not merged 'mix_traced' with 'mix_plain': similar: hot: the selector's choices would run in hot code
; LIST: 0 merged (0 replaced

; CHECK-LABEL: define i32 @drive(
; CHECK:       loop:
; CHECK:         %x = call i32 @mix_traced(ptr %p, i32 %i)
; CHECK-NEXT:    %y = call i32 @mix_plain(ptr %p, i32 %i)
define i32 @drive(ptr %p, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %x = call i32 @mix_traced(ptr %p, i32 %i)
  %y = call i32 @mix_plain(ptr %p, i32 %i)
  %z = add i32 %x, %y
  %acc.next = xor i32 %acc, %z
  %i.next = add i32 %i, 1
  %more = icmp ult i32 %i.next, %n
  br i1 %more, label %loop, label %done, !prof !0
done:
  ret i32 %acc.next
}

; CHECK-LABEL: define internal i32 @mix_traced(
; CHECK:         %e3 = xor i32 %e2, %t
; CHECK-NEXT:    call void @trace(i32 %e3)
define internal i32 @mix_traced(ptr %v, i32 %i) {
entry:
  %k = load i32, ptr %v, align 4
  %b = mul i32 %k, 24
  %c = add i32 %b, 7
  %d = xor i32 %c, %i
  %s = shl i32 %d, 2
  %t = sub i32 %s, %b
  %idx = zext i32 %i to i64
  %gep = getelementptr inbounds i32, ptr %v, i64 %idx
  %e = load i32, ptr %gep, align 4
  %e2 = mul i32 %e, %e
  %e3 = xor i32 %e2, %t
  call void @trace(i32 %e3)
  %e4 = add i32 %e3, %i
  %g = lshr i32 %e4, 3
  %h = mul i32 %g, %b
  %h2 = or i32 %h, %c
  %h3 = and i32 %h2, 65535
  ret i32 %h3
}

; CHECK-LABEL: define internal i32 @mix_plain(
; CHECK:         %e3 = xor i32 %e2, %t
; CHECK-NEXT:    %e4 = add i32 %e3, %i
; CHECK-NOT:   .similar
define internal i32 @mix_plain(ptr %v, i32 %i) {
entry:
  %k = load i32, ptr %v, align 4
  %b = mul i32 %k, 24
  %c = add i32 %b, 7
  %d = xor i32 %c, %i
  %s = shl i32 %d, 2
  %t = sub i32 %s, %b
  %idx = zext i32 %i to i64
  %gep = getelementptr inbounds i32, ptr %v, i64 %idx
  %e = load i32, ptr %gep, align 4
  %e2 = mul i32 %e, %e
  %e3 = xor i32 %e2, %t
  %e4 = add i32 %e3, %i
  %g = lshr i32 %e4, 3
  %h = mul i32 %g, %b
  %h2 = or i32 %h, %c
  %h3 = and i32 %h2, 65535
  ret i32 %h3
}

!0 = !{!"branch_weights", i32 999, i32 1}
