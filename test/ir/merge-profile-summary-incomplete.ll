; RUN: %opt-coalesce -passes=coalesce -coalesce-verify -S %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=WARN < %t.err
; RUN: %opt-coalesce -passes=coalesce-outline -disable-output %s 2>&1 | FileCheck %s --check-prefix=WARN
; Purpose: a profile summary whose detailed summary stops short of the percentiles the hot and cold thresholds are read at (LLVM's ProfileSummaryInfo aborts on it) gets one warning; hotness goes on without the profile and the pipeline runs: the two equal functions merge.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define internal i32 @basic_a(
; CHECK-NEXT:    %add = mul nsw i32 %x, 77
define internal i32 @basic_a(i32 %x) !prof !1 {
  %add = mul nsw i32 %x, 77
  ret i32 %add
}

; CHECK-NOT: define internal i32 @basic_b(
define internal i32 @basic_b(i32 %x) !prof !1 {
  %add = mul nsw i32 %x, 77
  ret i32 %add
}

; CHECK-LABEL: define i32 @use_counts(
; CHECK-NEXT:    %basic = call i32 @basic_a(i32 %x)
; CHECK-NEXT:    %basic2 = call i32 @basic_a(i32 %x)
define i32 @use_counts(i32 %x) {
  %basic = call i32 @basic_a(i32 %x)
  %basic2 = call i32 @basic_b(i32 %x)
  %sum = add i32 %basic, %basic2
  ret i32 %sum
}

; WARN: warning: coalesce: the module's profile summary is incomplete: its detailed summary reaches 1% of the counts (cutoff 10000), and the hot and cold thresholds are read at 99.9999% (999999); hotness goes on without the profile
; WARN-NOT: warning

!llvm.module.flags = !{!0}
!0 = !{i32 1, !"ProfileSummary", !2}
!1 = !{!"function_entry_count", i64 1}
!2 = !{!3, !4, !5, !6, !7, !8, !9, !10}
!3 = !{!"ProfileFormat", !"InstrProf"}
!4 = !{!"TotalCount", i64 3531}
!5 = !{!"MaxCount", i64 2000}
!6 = !{!"MaxInternalCount", i64 2000}
!7 = !{!"MaxFunctionCount", i64 2000}
!8 = !{!"NumCounts", i64 12}
!9 = !{!"NumFunctions", i64 12}
!10 = !{!"DetailedSummary", !11}
!11 = !{!12}
!12 = !{i32 10000, i64 1, i32 1}
