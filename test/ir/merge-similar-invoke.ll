; RUN: %opt-coalesce -passes=coalesce-merge-similar -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; Purpose: two similar functions with exception handling (the same personality, an invoke each into a landing pad with the same clauses) merge: one invoke unwinds into one landing pad for both, and the statement only one of them has sits behind the selector.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @work(i32)
declare void @trace(i32)
declare void @cleanup(ptr)
declare i32 @__gxx_personality_v0(...)

; CHECK-LABEL: define i32 @user(
; CHECK:         call i32 @with_trace.similar(i32 %n, ptr %p, i1 false)
; CHECK:         call i32 @with_trace.similar(i32 %n, ptr %p, i1 true)

; CHECK-LABEL: define internal i32 @with_trace.similar(i32 %0, ptr %1, i1 %coalesce.selector) {{.*}}personality ptr @__gxx_personality_v0
; CHECK:         br i1 %coalesce.selector, label %entry.join, label %entry.l
; CHECK:       lp:
; CHECK-NEXT:    landingpad { ptr, i32 }
; CHECK-NEXT:            cleanup
; CHECK-NEXT:    call void @cleanup(
; CHECK-NEXT:    resume
; CHECK:       entry.l:
; CHECK-NEXT:    call void @trace(
; CHECK:       entry.join:
; CHECK:         invoke i32 @work(
; CHECK-NEXT:            to label %ok unwind label %lp
; CHECK-NOT:     landingpad
; CHECK-NOT:   define {{.*}} @with_trace(
; CHECK-NOT:   define {{.*}} @without_trace(
define internal i32 @with_trace(i32 %n, ptr %p) personality ptr @__gxx_personality_v0 {
entry:
  %a = mul i32 %n, 24
  %b = add i32 %a, 7
  %c = xor i32 %b, %n
  call void @trace(i32 %c)
  %d = shl i32 %c, 3
  %e = sub i32 %d, %a
  %r = invoke i32 @work(i32 %e)
          to label %ok unwind label %lp
ok:
  %f = mul i32 %r, %b
  %g = add i32 %f, 11
  %h = xor i32 %g, %c
  %i = lshr i32 %h, 2
  %j = add i32 %i, %e
  ret i32 %j
lp:
  %x = landingpad { ptr, i32 }
          cleanup
  call void @cleanup(ptr %p)
  resume { ptr, i32 } %x
}

define internal i32 @without_trace(i32 %n, ptr %p) personality ptr @__gxx_personality_v0 {
entry:
  %a = mul i32 %n, 24
  %b = add i32 %a, 7
  %c = xor i32 %b, %n
  %d = shl i32 %c, 3
  %e = sub i32 %d, %a
  %r = invoke i32 @work(i32 %e)
          to label %ok unwind label %lp
ok:
  %f = mul i32 %r, %b
  %g = add i32 %f, 11
  %h = xor i32 %g, %c
  %i = lshr i32 %h, 2
  %j = add i32 %i, %e
  ret i32 %j
lp:
  %x = landingpad { ptr, i32 }
          cleanup
  call void @cleanup(ptr %p)
  resume { ptr, i32 } %x
}

define i32 @user(i32 %n, ptr %p) {
  %x = call i32 @with_trace(i32 %n, ptr %p)
  %y = call i32 @without_trace(i32 %n, ptr %p)
  %z = add i32 %x, %y
  ret i32 %z
}
