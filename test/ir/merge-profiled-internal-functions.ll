; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: internal functions of a profiled build merge. -fprofile-instr-use gives every internal function !PGOFuncName (the name its profile was recorded under, "file.c:name") and an entry count; both only describe the profile, so @scale_a and @scale_b, alike but for them, are the same function: @scale_b is replaced by @scale_a and its caller calls @scale_a.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i32 @use(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %a = call i32 @scale_a(i32 %x)
; CHECK-NEXT:    %b = call i32 @scale_a(i32 %y)
define i32 @use(i32 %x, i32 %y) !prof !20 {
entry:
  %a = call i32 @scale_a(i32 %x)
  %b = call i32 @scale_b(i32 %y)
  %s = add i32 %a, %b
  ret i32 %s
}

; CHECK-LABEL: define internal i32 @scale_a(
; CHECK:         mul i32 %v, 7
define internal i32 @scale_a(i32 %v) !prof !21 !PGOFuncName !30 {
entry:
  %c = icmp eq i32 %v, 0
  br i1 %c, label %z, label %nz, !prof !0
z:
  ret i32 1
nz:
  %s = mul i32 %v, 7
  ret i32 %s
}

; CHECK-NOT: define internal i32 @scale_b(
define internal i32 @scale_b(i32 %v) !prof !22 !PGOFuncName !31 {
entry:
  %c = icmp eq i32 %v, 0
  br i1 %c, label %z, label %nz, !prof !1
z:
  ret i32 1
nz:
  %s = mul i32 %v, 7
  ret i32 %s
}

!0 = !{!"branch_weights", i32 1, i32 100}
!1 = !{!"branch_weights", i32 100, i32 1}
!20 = !{!"function_entry_count", i64 1}
!21 = !{!"function_entry_count", i64 1}
!22 = !{!"function_entry_count", i64 3}
!30 = !{!"a.c:scale_a"}
!31 = !{!"b.c:scale_b"}
