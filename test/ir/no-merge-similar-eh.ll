; RUN: %opt-coalesce -passes=coalesce-merge-similar -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; RUN: %opt-coalesce -passes=coalesce-merge-similar -coalesce-runtime-budget=1000 -coalesce-print-merges -disable-output %s 2>&1 | FileCheck %s --check-prefix=LIST
; Purpose: a function with exception handling (an invoke, a landing pad, a personality) is not merged with a similar function without (here one that makes the same call with `call`): their personalities differ (the pair merges once the invoke, landing pad and personality are gone); both bodies stay as they are.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @f(i32)
declare i32 @__gxx_personality_v0(...)

; LIST-NOT: merged
; LIST:     0 merged (0 replaced, 0 aliases, 0 thunks)

; CHECK-LABEL: define i32 @user(
; CHECK-NEXT:    %x = call i32 @mix_invoke(ptr %p, i32 %n)
; CHECK-NEXT:    %y = call i32 @mix_call(ptr %p, i32 %n)
define i32 @user(ptr %p, i32 %n) {
  %x = call i32 @mix_invoke(ptr %p, i32 %n)
  %y = call i32 @mix_call(ptr %p, i32 %n)
  %z = add i32 %x, %y
  ret i32 %z
}

; CHECK-LABEL: define internal i32 @mix_invoke(
; CHECK-SAME:    personality ptr @__gxx_personality_v0 {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %k = load i32, ptr %v, align 4
; CHECK-NEXT:    %b = mul i32 %k, 24
; CHECK-NEXT:    %c = add i32 %b, 7
; CHECK-NEXT:    %c1 = invoke i32 @f(i32 %c)
; CHECK-NEXT:            to label %cont unwind label %lpad
; CHECK:       cont:
; CHECK-NEXT:    %d = xor i32 %c1, %k
; CHECK:       lpad:
; CHECK-NEXT:    %lp = landingpad { ptr, i32 }
; CHECK-NEXT:            cleanup
; CHECK-NEXT:    ret i32 -1

; CHECK-LABEL: define internal i32 @mix_call(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %k = load i32, ptr %v, align 4
; CHECK-NEXT:    %b = mul i32 %k, 24
; CHECK-NEXT:    %c = add i32 %b, 7
; CHECK-NEXT:    %c1 = call i32 @f(i32 %c)
; CHECK-NEXT:    br label %cont
; CHECK:       cont:
; CHECK-NEXT:    %d = xor i32 %c1, %k

; CHECK-NOT: .similar
define internal i32 @mix_invoke(ptr %v, i32 %n) personality ptr @__gxx_personality_v0 {
entry:
  %k = load i32, ptr %v, align 4
  %b = mul i32 %k, 24
  %c = add i32 %b, 7
  %c1 = invoke i32 @f(i32 %c)
          to label %cont unwind label %lpad
cont:
  %d = xor i32 %c1, %k
  %s = shl i32 %d, 2
  %t = sub i32 %s, %b
  %g = lshr i32 %t, 3
  %h = mul i32 %g, %b
  %h2 = or i32 %h, %c
  %h3 = and i32 %h2, 65535
  %h4 = mul i32 %h3, %h3
  %h5 = xor i32 %h4, %n
  %h6 = add i32 %h5, %d
  ret i32 %h6
lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
  ret i32 -1
}

define internal i32 @mix_call(ptr %v, i32 %n) {
entry:
  %k = load i32, ptr %v, align 4
  %b = mul i32 %k, 24
  %c = add i32 %b, 7
  %c1 = call i32 @f(i32 %c)
  br label %cont
cont:
  %d = xor i32 %c1, %k
  %s = shl i32 %d, 2
  %t = sub i32 %s, %b
  %g = lshr i32 %t, 3
  %h = mul i32 %g, %b
  %h2 = or i32 %h, %c
  %h3 = and i32 %h2, 65535
  %h4 = mul i32 %h3, %h3
  %h5 = xor i32 %h4, %n
  %h6 = add i32 %h5, %d
  ret i32 %h6
}
