; RUN: %opt-coalesce -coalesce-outline-min-benefit=8 -coalesce-outline-min-total=0 -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; RUN: %opt-coalesce -coalesce-outline-min-benefit=8 -coalesce-outline-min-total=0 -passes=coalesce-outline -coalesce-runtime-budget=1000 -pass-remarks-missed=coalesce-outline -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; Purpose: with a profile, the blocks of a loop whose block frequencies cannot count its iterations are hot by the static rule, whatever their counts say. @serve's dispatch loop never exits (a server's for (;;), left by exit() in a callee): LLVM's block frequencies scale such a loop by 4,096 iterations per entry, so its cases count about 2,000 runs, below the profile's hot threshold (100,000), where the workload ran them a million times each. Their two sites of a 21-instruction run stay in place; the same run in the cold @setup_a and @setup_b (entered once) is outlined into one function. The run-time budget is raised to 1000 per mille so that hotness alone decides.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; REMARK: not outlined: 4 similar regions of 21 instructions are in hot code (2 of 4); this one stays, the other 2 are outlined

; CHECK-LABEL: define void @serve(
; CHECK-NOT:     @coalesce.outlined
; CHECK:       get:
; CHECK-NOT:     @coalesce.outlined
; CHECK:         store i32 %z4.g, ptr %a4.g, align 4
; CHECK-NOT:     @coalesce.outlined
; CHECK:       put:
; CHECK-NOT:     @coalesce.outlined
; CHECK:         store i32 %z4.p, ptr %a4.p, align 4
; CHECK-NOT:     @coalesce.outlined
; CHECK:       idle:
define void @serve(ptr %p, ptr %q) minsize !prof !20 {
entry:
  br label %loop

loop:
  %op = load volatile i8, ptr %q, align 1
  switch i8 %op, label %idle [
    i8 0, label %get
    i8 1, label %put
  ], !prof !21

get:
  %v0.g = load i32, ptr %p, align 4
  %a1.g = getelementptr inbounds i8, ptr %p, i64 4
  %v1.g = load i32, ptr %a1.g, align 4
  %s1.g = add i32 %v0.g, %v1.g
  %a2.g = getelementptr inbounds i8, ptr %p, i64 8
  %v2.g = load i32, ptr %a2.g, align 4
  %x2.g = xor i32 %s1.g, %v2.g
  %a3.g = getelementptr inbounds i8, ptr %p, i64 12
  %v3.g = load i32, ptr %a3.g, align 4
  %o3.g = or i32 %x2.g, %v3.g
  store i32 %o3.g, ptr %p, align 4
  %sh.g = shl i32 %o3.g, 3
  store i32 %sh.g, ptr %a1.g, align 4
  %sub.g = sub i32 %sh.g, %v0.g
  store i32 %sub.g, ptr %a2.g, align 4
  %a4.g = getelementptr inbounds i8, ptr %p, i64 16
  %v4.g = load i32, ptr %a4.g, align 4
  %y4.g = and i32 %sub.g, %v4.g
  store i32 %y4.g, ptr %a3.g, align 4
  %z4.g = add i32 %y4.g, %s1.g
  store i32 %z4.g, ptr %a4.g, align 4
  br label %loop

put:
  %v0.p = load i32, ptr %p, align 4
  %a1.p = getelementptr inbounds i8, ptr %p, i64 4
  %v1.p = load i32, ptr %a1.p, align 4
  %s1.p = add i32 %v0.p, %v1.p
  %a2.p = getelementptr inbounds i8, ptr %p, i64 8
  %v2.p = load i32, ptr %a2.p, align 4
  %x2.p = xor i32 %s1.p, %v2.p
  %a3.p = getelementptr inbounds i8, ptr %p, i64 12
  %v3.p = load i32, ptr %a3.p, align 4
  %o3.p = or i32 %x2.p, %v3.p
  store i32 %o3.p, ptr %p, align 4
  %sh.p = shl i32 %o3.p, 3
  store i32 %sh.p, ptr %a1.p, align 4
  %sub.p = sub i32 %sh.p, %v0.p
  store i32 %sub.p, ptr %a2.p, align 4
  %a4.p = getelementptr inbounds i8, ptr %p, i64 16
  %v4.p = load i32, ptr %a4.p, align 4
  %y4.p = and i32 %sub.p, %v4.p
  store i32 %y4.p, ptr %a3.p, align 4
  %z4.p = add i32 %y4.p, %s1.p
  store i32 %z4.p, ptr %a4.p, align 4
  store i32 %sub.p, ptr %q, align 4
  br label %loop

idle:
  br label %loop
}

; CHECK-LABEL: define i32 @setup_a(
; CHECK:         call i32 @coalesce.outlined.[[F:[0-9]+]](ptr %p)
define i32 @setup_a(ptr %p) minsize !prof !20 {
entry:
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
  ret i32 %sub
}

; CHECK-LABEL: define i32 @setup_b(
; CHECK:         call i32 @coalesce.outlined.[[F]](ptr %p)
define i32 @setup_b(ptr %p) minsize !prof !20 {
entry:
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
  %r = add i32 %sub, 1
  ret i32 %r
}

; CHECK:       define internal i32 @coalesce.outlined.[[F]](
; CHECK-NOT:   define {{.*}}@coalesce.outlined

!llvm.module.flags = !{!0}

!0 = !{i32 1, !"ProfileSummary", !1}
!1 = !{!2, !3, !4, !5, !6, !7, !8, !9}
!2 = !{!"ProfileFormat", !"InstrProf"}
!3 = !{!"TotalCount", i64 3000000}
!4 = !{!"MaxCount", i64 1000000}
!5 = !{!"MaxInternalCount", i64 1000000}
!6 = !{!"MaxFunctionCount", i64 1}
!7 = !{!"NumCounts", i64 8}
!8 = !{!"NumFunctions", i64 3}
!9 = !{!"DetailedSummary", !10}
!10 = !{!11, !12, !13}
!11 = !{i32 10000, i64 1000000, i32 1}
!12 = !{i32 999000, i64 100000, i32 3}
!13 = !{i32 999999, i64 1, i32 8}
!20 = !{!"function_entry_count", i64 1}
!21 = !{!"branch_weights", i32 1000, i32 1000000, i32 1000000}
