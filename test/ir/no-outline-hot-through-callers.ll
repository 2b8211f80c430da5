; RUN: sed -e '/^!llvm.module.flags/d' -e 's/,\{0,1\} !prof ![0-9]*//g' %s | %opt-coalesce -coalesce-outline-min-benefit=8 -coalesce-outline-min-total=0 -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-verify -S | FileCheck %s --check-prefix=STATIC
; RUN: %opt-coalesce -coalesce-outline-min-benefit=8 -coalesce-outline-min-total=0 -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s --check-prefix=PROFILE
; Purpose: a function with no loop of its own is hot when the program's loop calls it. @check, @report_a and @report_b share a 21-instruction run; main calls @check once per iteration of its loop and the reports once after it. Without a profile (the RUN lines strip it), the static estimate over the call graph puts @check's block among those executing most of the program's instructions: hot, so its site stays in place, and only the two reports share an outlined function (the budget is raised to 1000 per mille so that hotness alone decides; a budget per function would have outlined @check too). With the profile, which shows the loop ran once and every function was entered once (all cold by its summary), @check's site is outlined as well (again with the budget raised: each function of this small module executes a large share of it, and a first new call is charged for disturbing its function), and the outlined function's entry count is the sum of its sites' counts.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; STATIC-LABEL: define i32 @main(
; STATIC:         call i32 @check(ptr %buf
; PROFILE-LABEL: define i32 @main(
; PROFILE:         call i32 @check(ptr %buf
define i32 @main(i32 %argc, ptr %argv) minsize !prof !20 {
entry:
  %buf = alloca [8 x i32], align 16
  call void @llvm.memset.p0.i64(ptr %buf, i8 0, i64 32, i1 false)
  %n = zext i32 %argc to i64
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %i32 = trunc i64 %i to i32
  %c = call i32 @check(ptr %buf, i32 %i32)
  %acc.next = add i32 %acc, %c
  %i.next = add nuw i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %done, !prof !22

done:
  %r1 = call i32 @report_a(ptr %buf, i32 %acc.next)
  %r2 = call i32 @report_b(ptr %buf, i32 %r1)
  ret i32 %r2
}

; STATIC-LABEL: define internal i32 @check(
; STATIC-NEXT:  entry:
; STATIC-NEXT:    %k = add i32 %n, 7
; STATIC-NEXT:    %v0 = load i32, ptr %p, align 4
; STATIC-NOT:     @coalesce.outlined
; STATIC:         ret i32 %r
; PROFILE-LABEL: define internal i32 @check(
; PROFILE-NEXT:  entry:
; PROFILE-NEXT:    %k = add i32 %n, 7
; PROFILE-NEXT:    [[C:%[0-9]+]] = call i32 @coalesce.outlined.[[F:[0-9]+]](ptr %p)
; PROFILE-NEXT:    %r = add i32 [[C]], %k
define internal i32 @check(ptr %p, i32 %n) minsize !prof !20 {
entry:
  %k = add i32 %n, 7
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
  %r = add i32 %sub, %k
  ret i32 %r
}

; STATIC-LABEL: define internal i32 @report_a(
; STATIC-NEXT:  entry:
; STATIC-NEXT:    %k = udiv i32 %n, 3
; STATIC-NEXT:    [[A:%[0-9]+]] = call i32 @coalesce.outlined.[[S:[0-9]+]](ptr %p)
; STATIC-NEXT:    %r = mul i32 [[A]], %k
; PROFILE-LABEL: define internal i32 @report_a(
; PROFILE:         call i32 @coalesce.outlined.[[F]](ptr %p)
define internal i32 @report_a(ptr %p, i32 %n) minsize !prof !20 {
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

; STATIC-LABEL: define internal i32 @report_b(
; STATIC-NEXT:  entry:
; STATIC-NEXT:    %k = shl i32 %n, 2
; STATIC-NEXT:    [[B:%[0-9]+]] = call i32 @coalesce.outlined.[[S]](ptr %p)
; STATIC-NEXT:    %r = xor i32 [[B]], %k
; PROFILE-LABEL: define internal i32 @report_b(
; PROFILE:         call i32 @coalesce.outlined.[[F]](ptr %p)
define internal i32 @report_b(ptr %p, i32 %n) minsize !prof !20 {
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

; STATIC:       define internal i32 @coalesce.outlined.[[S]](ptr %p)
; STATIC-NEXT:  entry:
; STATIC-NEXT:    %v0 = load i32, ptr %p, align 4
; STATIC:         ret i32 %sub
; PROFILE:      define internal i32 @coalesce.outlined.[[F]](ptr %p)
; PROFILE-SAME:  !prof [[ENTRY:![0-9]+]]
; PROFILE-NOT:  define {{.*}}@coalesce.outlined

declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

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
!22 = !{!"branch_weights", i32 0, i32 1}
; The outlined function is entered as often as its three sites ran.
; PROFILE: [[ENTRY]] = !{!"function_entry_count", i64 3}
