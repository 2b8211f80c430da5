; RUN: %opt-coalesce -coalesce-outline-min-benefit=8 -coalesce-outline-min-total=0 -passes=coalesce-outline -coalesce-verify -S %s | FileCheck %s
; RUN: %opt-coalesce -coalesce-outline-min-benefit=8 -coalesce-outline-min-total=0 -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s --check-prefix=AFFORDED
; RUN: %opt-coalesce -coalesce-outline-min-benefit=8 -coalesce-outline-min-total=0 -passes=coalesce-outline -pass-remarks-missed=coalesce-outline -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; Purpose: a function's first new call is charged for what it does to the register allocation of the whole function, wherever it sits. @busy, @a and @b share a 21-instruction run. By the profile, @busy runs its loop a million times in all (almost every instruction of the program), and its copy of the run sits on the loop's failure path, which ran once: cold, so its call costs nothing where it runs. But a call anywhere in @busy changes the registers its loop keeps (libyaml's scanner executed 3.1% more instructions so): its first new call is charged 3.1% of what @busy executes, more than the program's run-time budget (0.5%). So @busy keeps its copy and only @a and @b, entered once each, call the outlined function. With the budget raised to 1000 per mille (AFFORDED), @busy's copy is outlined as well.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i32 @busy(
; CHECK:       fail:
; CHECK-NEXT:    %v0 = load i32, ptr %p, align 4
; CHECK-NOT:     @coalesce.outlined
; CHECK:         ret i32
; AFFORDED-LABEL: define i32 @busy(
; AFFORDED:         br i1 %bad,
; AFFORDED:         call i32 @coalesce.outlined.0(ptr %p)
; AFFORDED-NEXT:    br label %next
define i32 @busy(ptr %p, ptr %q) minsize !prof !20 {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %next ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %next ]
  %e = getelementptr inbounds i32, ptr %q, i64 %i
  %v = load i32, ptr %e, align 4
  %acc.next = add i32 %acc, %v
  %bad = icmp eq i32 %v, -1
  br i1 %bad, label %fail, label %next, !prof !21

fail:
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
  br label %next

next:
  %i.next = add nuw i64 %i, 1
  %more = icmp ult i64 %i.next, 1000
  br i1 %more, label %loop, label %done, !prof !22

done:
  ret i32 %acc.next
}

; CHECK-LABEL: define i32 @a(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %k = udiv i32 %n, 3
; CHECK-NEXT:    [[A:%[0-9]+]] = call i32 @coalesce.outlined.0(ptr %p)
; CHECK-NEXT:    %r = mul i32 [[A]], %k
define i32 @a(ptr %p, i32 %n) minsize !prof !23 {
entry:
  %k = udiv i32 %n, 3
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
  %r = mul i32 %sub, %k
  ret i32 %r
}

; CHECK-LABEL: define i32 @b(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %k = shl i32 %n, 2
; CHECK-NEXT:    [[B:%[0-9]+]] = call i32 @coalesce.outlined.0(ptr %p)
; CHECK-NEXT:    %r = xor i32 [[B]], %k
define i32 @b(ptr %p, i32 %n) minsize !prof !23 {
entry:
  %k = shl i32 %n, 2
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
  %r = xor i32 %sub, %k
  ret i32 %r
}

; CHECK-LABEL: define internal i32 @coalesce.outlined.0(ptr %p)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %v0 = load i32, ptr %p, align 4

; REMARK: remark: <unknown>:0:0: not outlined: {{.*}}first calls in functions whose register allocation around their loops the run-time budget cannot afford to disturb (1 of 3)

!llvm.module.flags = !{!0}

!0 = !{i32 1, !"ProfileSummary", !1}
!1 = !{!2, !3, !4, !5, !6, !7, !8, !9}
!2 = !{!"ProfileFormat", !"InstrProf"}
!3 = !{!"TotalCount", i64 3002002}
!4 = !{!"MaxCount", i64 1000000}
!5 = !{!"MaxInternalCount", i64 1000000}
!6 = !{!"MaxFunctionCount", i64 1000}
!7 = !{!"NumCounts", i64 8}
!8 = !{!"NumFunctions", i64 3}
!9 = !{!"DetailedSummary", !10}
!10 = !{!11, !12, !13}
!11 = !{i32 10000, i64 1000000, i32 2}
!12 = !{i32 999000, i64 1000000, i32 2}
!13 = !{i32 999999, i64 5, i32 6}
!20 = !{!"function_entry_count", i64 1000}
!21 = !{!"branch_weights", i32 1, i32 1000000}
!22 = !{!"branch_weights", i32 999, i32 1}
!23 = !{!"function_entry_count", i64 1}
