; RUN: %opt-coalesce -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; RUN: %opt-coalesce -passes=coalesce-outline -coalesce-runtime-budget=1000 -pass-remarks-missed=coalesce-outline -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; Purpose: with a profile, code in hot blocks is never outlined, whatever the budget: the call would run on the program's hot path. The profile summary makes counts of 300 and more hot; @g1..@g3 are entered 1000 times and share a 19-instruction run that stays in place (with entry counts of 2 the same functions are outlined), while @f1..@f3, entered once, share a run that is outlined. The run-time budget is raised to 1000 per mille so that only hotness decides.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i32 @f1(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %n2 = add i32 %n, 7
; CHECK-NEXT:    [[R1:%[0-9]+]] = call i32 @coalesce.outlined.[[A:[0-9]+]](ptr %p)
; CHECK-NEXT:    %r = add i32 [[R1]], %n2
; CHECK-NEXT:    ret i32 %r
define i32 @f1(ptr %p, i32 %n) minsize !prof !20 {
entry:
  %n2 = add i32 %n, 7
  %v0 = load i32, ptr %p, align 4
  %a1 = getelementptr inbounds i8, ptr %p, i64 4
  %v1 = load i32, ptr %a1, align 4
  %s1 = add i32 %v0, %v1
  %a2 = getelementptr inbounds i8, ptr %p, i64 8
  %v2 = load i32, ptr %a2, align 4
  %x2 = xor i32 %s1, %v2
  %a3 = getelementptr inbounds i8, ptr %p, i64 12
  %v3 = load i32, ptr %a3, align 4
  %o3 = or i32 %x2, %v3
  store i32 %o3, ptr %p, align 4
  %sh = shl i32 %o3, 3
  store i32 %sh, ptr %a1, align 4
  %sub = sub i32 %sh, %v0
  store i32 %sub, ptr %a2, align 4
  %a4 = getelementptr inbounds i8, ptr %p, i64 16
  %v4 = load i32, ptr %a4, align 4
  %y4 = and i32 %sub, %v4
  store i32 %y4, ptr %a3, align 4
  %z4 = add i32 %y4, %s1
  store i32 %z4, ptr %a4, align 4
  %r = add i32 %sub, %n2
  ret i32 %r
}


; CHECK-LABEL: define i32 @f2(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %k = udiv i32 %n, 3
; CHECK-NEXT:    %n2 = or i32 %k, 1
; CHECK-NEXT:    [[R2:%[0-9]+]] = call i32 @coalesce.outlined.[[A]](ptr %q)
; CHECK-NEXT:    %r = mul i32 [[R2]], %n2
; CHECK-NEXT:    ret i32 %r
define i32 @f2(ptr %q, i32 %n) minsize !prof !20 {
entry:
  %k = udiv i32 %n, 3
  %n2 = or i32 %k, 1
  %v0 = load i32, ptr %q, align 4
  %a1 = getelementptr inbounds i8, ptr %q, i64 4
  %v1 = load i32, ptr %a1, align 4
  %s1 = add i32 %v0, %v1
  %a2 = getelementptr inbounds i8, ptr %q, i64 8
  %v2 = load i32, ptr %a2, align 4
  %x2 = xor i32 %s1, %v2
  %a3 = getelementptr inbounds i8, ptr %q, i64 12
  %v3 = load i32, ptr %a3, align 4
  %o3 = or i32 %x2, %v3
  store i32 %o3, ptr %q, align 4
  %sh = shl i32 %o3, 3
  store i32 %sh, ptr %a1, align 4
  %sub = sub i32 %sh, %v0
  store i32 %sub, ptr %a2, align 4
  %a4 = getelementptr inbounds i8, ptr %q, i64 16
  %v4 = load i32, ptr %a4, align 4
  %y4 = and i32 %sub, %v4
  store i32 %y4, ptr %a3, align 4
  %z4 = add i32 %y4, %s1
  store i32 %z4, ptr %a4, align 4
  %r = mul i32 %sub, %n2
  ret i32 %r
}


; CHECK-LABEL: define i32 @f3(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %n2 = shl i32 %n, 2
; CHECK-NEXT:    [[R3:%[0-9]+]] = call i32 @coalesce.outlined.[[A]](ptr %s)
; CHECK-NEXT:    %r = sub i32 %n2, [[R3]]
; CHECK-NEXT:    ret i32 %r
define i32 @f3(ptr %s, i32 %n) minsize !prof !20 {
entry:
  %n2 = shl i32 %n, 2
  %v0 = load i32, ptr %s, align 4
  %a1 = getelementptr inbounds i8, ptr %s, i64 4
  %v1 = load i32, ptr %a1, align 4
  %s1 = add i32 %v0, %v1
  %a2 = getelementptr inbounds i8, ptr %s, i64 8
  %v2 = load i32, ptr %a2, align 4
  %x2 = xor i32 %s1, %v2
  %a3 = getelementptr inbounds i8, ptr %s, i64 12
  %v3 = load i32, ptr %a3, align 4
  %o3 = or i32 %x2, %v3
  store i32 %o3, ptr %s, align 4
  %sh = shl i32 %o3, 3
  store i32 %sh, ptr %a1, align 4
  %sub = sub i32 %sh, %v0
  store i32 %sub, ptr %a2, align 4
  %a4 = getelementptr inbounds i8, ptr %s, i64 16
  %v4 = load i32, ptr %a4, align 4
  %y4 = and i32 %sub, %v4
  store i32 %y4, ptr %a3, align 4
  %z4 = add i32 %y4, %s1
  store i32 %z4, ptr %a4, align 4
  %r = sub i32 %n2, %sub
  ret i32 %r
}


; CHECK-LABEL: define i64 @g1(
; CHECK-NOT:     @coalesce.outlined
; CHECK:         %x2 = xor i64 %s1, %v2
; CHECK-NOT:     @coalesce.outlined
; CHECK:         store i64 %y4, ptr %a3, align 8
; CHECK-NOT:     @coalesce.outlined
; CHECK:         ret i64 %r
define i64 @g1(ptr %p, i64 %n) minsize !prof !21 {
entry:
  %n2 = add i64 %n, 7
  %v0 = load i64, ptr %p, align 8
  %a1 = getelementptr inbounds i8, ptr %p, i64 8
  %v1 = load i64, ptr %a1, align 8
  %s1 = add i64 %v0, %v1
  %a2 = getelementptr inbounds i8, ptr %p, i64 16
  %v2 = load i64, ptr %a2, align 8
  %x2 = xor i64 %s1, %v2
  %a3 = getelementptr inbounds i8, ptr %p, i64 24
  %v3 = load i64, ptr %a3, align 8
  %o3 = or i64 %x2, %v3
  store i64 %o3, ptr %p, align 8
  %sh = shl i64 %o3, 3
  store i64 %sh, ptr %a1, align 8
  %sub = sub i64 %sh, %v0
  store i64 %sub, ptr %a2, align 8
  %a4 = getelementptr inbounds i8, ptr %p, i64 32
  %v4 = load i64, ptr %a4, align 8
  %y4 = and i64 %sub, %v4
  store i64 %y4, ptr %a3, align 8
  %r = add i64 %sub, %n2
  ret i64 %r
}


; CHECK-LABEL: define i64 @g2(
; CHECK-NOT:     @coalesce.outlined
; CHECK:         %x2 = xor i64 %s1, %v2
; CHECK-NOT:     @coalesce.outlined
; CHECK:         store i64 %y4, ptr %a3, align 8
; CHECK-NOT:     @coalesce.outlined
; CHECK:         ret i64 %r
define i64 @g2(ptr %q, i64 %n) minsize !prof !21 {
entry:
  %k = udiv i64 %n, 3
  %n2 = or i64 %k, 1
  %v0 = load i64, ptr %q, align 8
  %a1 = getelementptr inbounds i8, ptr %q, i64 8
  %v1 = load i64, ptr %a1, align 8
  %s1 = add i64 %v0, %v1
  %a2 = getelementptr inbounds i8, ptr %q, i64 16
  %v2 = load i64, ptr %a2, align 8
  %x2 = xor i64 %s1, %v2
  %a3 = getelementptr inbounds i8, ptr %q, i64 24
  %v3 = load i64, ptr %a3, align 8
  %o3 = or i64 %x2, %v3
  store i64 %o3, ptr %q, align 8
  %sh = shl i64 %o3, 3
  store i64 %sh, ptr %a1, align 8
  %sub = sub i64 %sh, %v0
  store i64 %sub, ptr %a2, align 8
  %a4 = getelementptr inbounds i8, ptr %q, i64 32
  %v4 = load i64, ptr %a4, align 8
  %y4 = and i64 %sub, %v4
  store i64 %y4, ptr %a3, align 8
  %r = mul i64 %sub, %n2
  ret i64 %r
}


; CHECK-LABEL: define i64 @g3(
; CHECK-NOT:     @coalesce.outlined
; CHECK:         %x2 = xor i64 %s1, %v2
; CHECK-NOT:     @coalesce.outlined
; CHECK:         store i64 %y4, ptr %a3, align 8
; CHECK-NOT:     @coalesce.outlined
; CHECK:         ret i64 %r
define i64 @g3(ptr %s, i64 %n) minsize !prof !21 {
entry:
  %n2 = shl i64 %n, 2
  %v0 = load i64, ptr %s, align 8
  %a1 = getelementptr inbounds i8, ptr %s, i64 8
  %v1 = load i64, ptr %a1, align 8
  %s1 = add i64 %v0, %v1
  %a2 = getelementptr inbounds i8, ptr %s, i64 16
  %v2 = load i64, ptr %a2, align 8
  %x2 = xor i64 %s1, %v2
  %a3 = getelementptr inbounds i8, ptr %s, i64 24
  %v3 = load i64, ptr %a3, align 8
  %o3 = or i64 %x2, %v3
  store i64 %o3, ptr %s, align 8
  %sh = shl i64 %o3, 3
  store i64 %sh, ptr %a1, align 8
  %sub = sub i64 %sh, %v0
  store i64 %sub, ptr %a2, align 8
  %a4 = getelementptr inbounds i8, ptr %s, i64 32
  %v4 = load i64, ptr %a4, align 8
  %y4 = and i64 %sub, %v4
  store i64 %y4, ptr %a3, align 8
  %r = sub i64 %n2, %sub
  ret i64 %r
}


; Only the control group was outlined, and its function holds nothing forbidden.
; CHECK:       define internal i32 @coalesce.outlined.[[A]](
; CHECK:         ret i32 %sub
; CHECK-NEXT:  }
; CHECK-NOT:   define {{.*}}@coalesce.outlined

; REMARK: remark: {{.*}}not outlined: 3 similar regions of 19 instructions

!llvm.module.flags = !{!0}

!0 = !{i32 1, !"ProfileSummary", !1}
!1 = !{!2, !3, !4, !5, !6, !7, !8, !9}
!2 = !{!"ProfileFormat", !"InstrProf"}
!3 = !{!"TotalCount", i64 10000}
!4 = !{!"MaxCount", i64 1000}
!5 = !{!"MaxInternalCount", i64 1}
!6 = !{!"MaxFunctionCount", i64 1000}
!7 = !{!"NumCounts", i64 6}
!8 = !{!"NumFunctions", i64 6}
!9 = !{!"DetailedSummary", !10}
!10 = !{!11, !12, !13}
!11 = !{i32 10000, i64 1000, i32 1}
!12 = !{i32 999000, i64 300, i32 3}
!13 = !{i32 999999, i64 5, i32 10}
!20 = !{!"function_entry_count", i64 1}
!21 = !{!"function_entry_count", i64 1000}
