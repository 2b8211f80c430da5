; RUN: %coalesce_build/bin/coalesce-hotness score %s --json %t.json | FileCheck %s
; RUN: %python -c "import json,sys; s=json.load(open(sys.argv[1]))[0]; print(s['missed_hot'], s['missed_hot_not_likely'], s['false_hot_bytes'] > 0)" %t.json | FileCheck %s --check-prefix=JSON
; RUN: not %coalesce_build/bin/coalesce-hotness score %S/../ir/merge-flags-intersected.ll 2>&1 | FileCheck %s --check-prefix=NOPROFILE
; Purpose: coalesce-hotness scores the static estimate against the profile in a module: @work's block %b, which calls a cold function, is unlikely to the estimate but runs on every one of @work's 1000 calls (missed hot: 3 instructions x 1000 of the 10,002 executed, "not likely"; main's entry and exit, run once, are missed too); its block %a is likely and @work is called from a loop, so the estimate calls it hot, but the profile never ran it (false hot). A module without a profile is refused.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @note(i32) cold
declare void @use(i32)

define i32 @main() !prof !20 {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %n, %loop ]
  call void @work(i32 %i)
  %n = add i32 %i, 1
  %c = icmp ult i32 %n, 1000
  br i1 %c, label %loop, label %exit, !prof !22

exit:
  ret i32 0
}

define internal void @work(i32 %x) !prof !21 {
entry:
  %c = icmp eq i32 %x, 12345
  br i1 %c, label %a, label %b, !prof !23

a:
  %y = mul i32 %x, 7
  call void @use(i32 %y)
  ret void

b:
  %z = add i32 %x, 1
  call void @note(i32 %z)
  ret void
}

; CHECK:      score.ll: 2 functions (2 with a profile), 6 blocks, 10002 instructions executed
; CHECK-NEXT:   missed hot 30.014% of executed instructions (29.994% not likely, 0.020% neither repeated nor in a loop); 30.000% of the profile's hot
; CHECK-NEXT:   false hot 20.833% of the bytes (10 of 48; 36 called hot; 0.000% in functions the workload never ran)
; CHECK-NEXT:     29.994%  work  (not likely)
; CHECK-NEXT:      0.020%  main  (function not called again and again, block in no loop)

; JSON: 3002 3000 True

; NOPROFILE: error: merge-flags-intersected.ll has no profile summary

!llvm.module.flags = !{!0}
!0 = !{i32 1, !"ProfileSummary", !1}
!1 = !{!2, !3, !4, !5, !6, !7, !8, !9}
!2 = !{!"ProfileFormat", !"InstrProf"}
!3 = !{!"TotalCount", i64 4000}
!4 = !{!"MaxCount", i64 1000}
!5 = !{!"MaxInternalCount", i64 1000}
!6 = !{!"MaxFunctionCount", i64 1000}
!7 = !{!"NumCounts", i64 6}
!8 = !{!"NumFunctions", i64 2}
!9 = !{!"DetailedSummary", !10}
!10 = !{!11, !12, !13, !14}
!11 = !{i32 10000, i64 1000, i32 3}
!12 = !{i32 990000, i64 1000, i32 3}
!13 = !{i32 999000, i64 1000, i32 3}
!14 = !{i32 999999, i64 1, i32 5}
!20 = !{!"function_entry_count", i64 1}
!21 = !{!"function_entry_count", i64 1000}
!22 = !{!"branch_weights", i32 999, i32 1}
!23 = !{!"branch_weights", i32 0, i32 1000}
