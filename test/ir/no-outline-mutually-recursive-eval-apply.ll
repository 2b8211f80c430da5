; RUN: sed -e '/^!llvm.module.flags/d' -e 's/,\{0,1\} !prof ![0-9]*//g' %s > %t.static.ll
; RUN: %opt-coalesce -coalesce-outline-min-benefit=8 -coalesce-outline-min-total=0 -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-verify -S %t.static.ll | FileCheck %s --check-prefix=STATIC
; RUN: %opt-coalesce -coalesce-outline-min-benefit=8 -coalesce-outline-min-total=0 -passes=coalesce-outline -coalesce-runtime-budget=1000 -pass-remarks-missed=coalesce-outline -disable-output %t.static.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt-coalesce -coalesce-outline-min-benefit=8 -coalesce-outline-min-total=0 -passes=coalesce-outline -coalesce-verify -S %s | FileCheck %s --check-prefix=PROFILE
; Purpose: mutual recursion is hot without a profile, and outlined from when its profile shows it runs rarely (2 and 1 entries, far below the hot threshold). @eval calls @apply for a call expression and @apply calls @eval on the function's body: neither calls itself, but together they are a cycle of the call graph. Each fills a record with a 21-instruction run (the call's activation record in @eval, the frame in @apply) that @make_closure and @bind_global, called once from main, share. Without a profile (the first RUN line strips it) @eval's call case (one of three even cases of its switch) and @apply's entry are likely blocks of functions called again and again, so hot: only the two non-recursive sites are outlined (the run-time budget is raised to 1000 per mille so that hotness alone decides; in the second round the outlined body and the two recursive sites form a group of 3 whose remark says two are in hot code). With the profile, where main's loop and @mix run 100000 times, @eval is entered twice and @apply once, the recursive sites are not hot and all four are outlined, with the default budget; the outlined function's entry count is the sum of its sites' counts (1 + 1 + 1 + 1).

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; struct expr { int op; int flags; long value; long line; struct closure *fn; struct expr *arg; };
; struct closure { int op; int flags; long value; long line; struct expr *body; };

@program = internal global ptr null, align 8
@globals = internal global [16 x i64] zeroinitializer, align 8

; STATIC-LABEL: define i32 @main(
; PROFILE-LABEL: define i32 @main(
define i32 @main(i32 %argc, ptr %argv) minsize !prof !20 {
entry:
  %e = load ptr, ptr @program, align 8
  %c = call ptr @make_closure(ptr %e)
  call void @bind_global(ptr %e, i32 %argc)
  %v = call i64 @eval(ptr %e, ptr @globals)
  %n = zext i32 %argc to i64
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i64 [ %v, %entry ], [ %acc.next, %loop ]
  %acc.next = call i64 @mix(i64 %acc, i64 %i)
  %i.next = add nuw i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %exit, !prof !31

exit:
  %r = trunc i64 %acc.next to i32
  ret i32 %r
}

; STATIC-LABEL: define internal i64 @mix(
; PROFILE-LABEL: define internal i64 @mix(
define internal i64 @mix(i64 %a, i64 %b) minsize !prof !21 {
entry:
  %x = xor i64 %a, %b
  %m = mul i64 %x, 1099511628211
  ret i64 %m
}

; STATIC-LABEL: define internal i64 @eval(
; STATIC:       call:
; STATIC-NEXT:    %act = call ptr @malloc(i64 48)
; STATIC-NEXT:    %key = load i32, ptr %e, align 8
; STATIC-NOT:     @coalesce.outlined
; STATIC:         store i32 %key2, ptr %act, align 8
; STATIC-NEXT:    %fn.p = getelementptr inbounds i8, ptr %e, i64 32
; STATIC-NOT:     @coalesce.outlined
; STATIC:         ret i64 %r
; PROFILE-LABEL: define internal i64 @eval(
; PROFILE:       call:
; PROFILE-NEXT:    %act = call ptr @malloc(i64 48)
; PROFILE-NEXT:    call void @coalesce.outlined.[[F:[0-9]+]](ptr %e, ptr %act)
; PROFILE-NEXT:    %fn.p = getelementptr inbounds i8, ptr %e, i64 32
; PROFILE:         %r = call i64 @apply(ptr %fn, ptr %act)
define internal i64 @eval(ptr %e, ptr %env) minsize !prof !22 {
entry:
  %op = load i32, ptr %e, align 8
  switch i32 %op, label %lit [
    i32 1, label %var
    i32 2, label %call
  ], !prof !32

lit:
  %lit.p = getelementptr inbounds i8, ptr %e, i64 8
  %lit.v = load i64, ptr %lit.p, align 8
  ret i64 %lit.v

var:
  %idx.p = getelementptr inbounds i8, ptr %e, i64 8
  %idx = load i64, ptr %idx.p, align 8
  %slot = getelementptr inbounds i64, ptr %env, i64 %idx
  %var.v = load i64, ptr %slot, align 8
  ret i64 %var.v

call:
  %act = call ptr @malloc(i64 48)
  %key = load i32, ptr %e, align 8
  store i32 %key, ptr %act, align 8
  %kind.p = getelementptr inbounds i8, ptr %e, i64 4
  %kind = load i32, ptr %kind.p, align 4
  %kind.q = getelementptr inbounds i8, ptr %act, i64 4
  %kind1 = or i32 %kind, 1
  store i32 %kind1, ptr %kind.q, align 4
  %w.p = getelementptr inbounds i8, ptr %e, i64 8
  %w = load i64, ptr %w.p, align 8
  %w.q = getelementptr inbounds i8, ptr %act, i64 8
  %w3 = mul i64 %w, 3
  store i64 %w3, ptr %w.q, align 8
  %s.p = getelementptr inbounds i8, ptr %e, i64 16
  %s = load i64, ptr %s.p, align 8
  %s.q = getelementptr inbounds i8, ptr %act, i64 16
  %s1 = add i64 %s, 1
  store i64 %s1, ptr %s.q, align 8
  %h = xor i64 %w3, %s1
  %hk = trunc i64 %h to i32
  %key2 = xor i32 %key, %hk
  store i32 %key2, ptr %act, align 8
  %fn.p = getelementptr inbounds i8, ptr %e, i64 32
  %fn = load ptr, ptr %fn.p, align 8
  %up = getelementptr inbounds i8, ptr %act, i64 24
  store ptr %env, ptr %up, align 8
  %r = call i64 @apply(ptr %fn, ptr %act)
  ret i64 %r
}

; STATIC-LABEL: define internal i64 @apply(
; STATIC-NEXT:  entry:
; STATIC-NEXT:    %frame = call ptr @malloc(i64 40)
; STATIC-NEXT:    %key = load i32, ptr %fn, align 8
; STATIC-NOT:     @coalesce.outlined
; STATIC:         store i32 %key2, ptr %frame, align 8
; STATIC-NEXT:    %up = getelementptr inbounds i8, ptr %frame, i64 24
; STATIC-NOT:     @coalesce.outlined
; STATIC:         ret i64 %r
; PROFILE-LABEL: define internal i64 @apply(
; PROFILE-NEXT:  entry:
; PROFILE-NEXT:    %frame = call ptr @malloc(i64 40)
; PROFILE-NEXT:    call void @coalesce.outlined.[[F]](ptr %fn, ptr %frame)
; PROFILE-NEXT:    %up = getelementptr inbounds i8, ptr %frame, i64 24
; PROFILE:         %r = call i64 @eval(ptr %body, ptr %frame)
define internal i64 @apply(ptr %fn, ptr %act) minsize !prof !23 {
entry:
  %frame = call ptr @malloc(i64 40)
  %key = load i32, ptr %fn, align 8
  store i32 %key, ptr %frame, align 8
  %kind.p = getelementptr inbounds i8, ptr %fn, i64 4
  %kind = load i32, ptr %kind.p, align 4
  %kind.q = getelementptr inbounds i8, ptr %frame, i64 4
  %kind1 = or i32 %kind, 1
  store i32 %kind1, ptr %kind.q, align 4
  %w.p = getelementptr inbounds i8, ptr %fn, i64 8
  %w = load i64, ptr %w.p, align 8
  %w.q = getelementptr inbounds i8, ptr %frame, i64 8
  %w3 = mul i64 %w, 3
  store i64 %w3, ptr %w.q, align 8
  %s.p = getelementptr inbounds i8, ptr %fn, i64 16
  %s = load i64, ptr %s.p, align 8
  %s.q = getelementptr inbounds i8, ptr %frame, i64 16
  %s1 = add i64 %s, 1
  store i64 %s1, ptr %s.q, align 8
  %h = xor i64 %w3, %s1
  %hk = trunc i64 %h to i32
  %key2 = xor i32 %key, %hk
  store i32 %key2, ptr %frame, align 8
  %up = getelementptr inbounds i8, ptr %frame, i64 24
  store ptr %act, ptr %up, align 8
  %body.p = getelementptr inbounds i8, ptr %fn, i64 32
  %body = load ptr, ptr %body.p, align 8
  %r = call i64 @eval(ptr %body, ptr %frame)
  ret i64 %r
}

; STATIC-LABEL: define internal ptr @make_closure(
; STATIC-NEXT:  entry:
; STATIC-NEXT:    %c = call ptr @malloc(i64 40)
; STATIC-NEXT:    call void @coalesce.outlined.[[S:[0-9]+]](ptr %e, ptr %c)
; STATIC-NEXT:    %body.q = getelementptr inbounds i8, ptr %c, i64 32
; PROFILE-LABEL: define internal ptr @make_closure(
; PROFILE-NEXT:  entry:
; PROFILE-NEXT:    %c = call ptr @malloc(i64 40)
; PROFILE-NEXT:    call void @coalesce.outlined.[[F]](ptr %e, ptr %c)
; PROFILE-NEXT:    %body.q = getelementptr inbounds i8, ptr %c, i64 32
define internal ptr @make_closure(ptr %e) minsize !prof !20 {
entry:
  %c = call ptr @malloc(i64 40)
  %key = load i32, ptr %e, align 8
  store i32 %key, ptr %c, align 8
  %kind.p = getelementptr inbounds i8, ptr %e, i64 4
  %kind = load i32, ptr %kind.p, align 4
  %kind.q = getelementptr inbounds i8, ptr %c, i64 4
  %kind1 = or i32 %kind, 1
  store i32 %kind1, ptr %kind.q, align 4
  %w.p = getelementptr inbounds i8, ptr %e, i64 8
  %w = load i64, ptr %w.p, align 8
  %w.q = getelementptr inbounds i8, ptr %c, i64 8
  %w3 = mul i64 %w, 3
  store i64 %w3, ptr %w.q, align 8
  %s.p = getelementptr inbounds i8, ptr %e, i64 16
  %s = load i64, ptr %s.p, align 8
  %s.q = getelementptr inbounds i8, ptr %c, i64 16
  %s1 = add i64 %s, 1
  store i64 %s1, ptr %s.q, align 8
  %h = xor i64 %w3, %s1
  %hk = trunc i64 %h to i32
  %key2 = xor i32 %key, %hk
  store i32 %key2, ptr %c, align 8
  %body.q = getelementptr inbounds i8, ptr %c, i64 32
  store ptr %e, ptr %body.q, align 8
  ret ptr %c
}

; STATIC-LABEL: define internal void @bind_global(
; STATIC:         store i32 %slot, ptr @globals, align 8
; STATIC-NEXT:    call void @coalesce.outlined.[[S]](ptr %e, ptr %g)
; STATIC-NEXT:    ret void
; PROFILE-LABEL: define internal void @bind_global(
; PROFILE:         store i32 %slot, ptr @globals, align 8
; PROFILE-NEXT:    call void @coalesce.outlined.[[F]](ptr %e, ptr %g)
; PROFILE-NEXT:    ret void
define internal void @bind_global(ptr %e, i32 %slot) minsize !prof !20 {
entry:
  %g = getelementptr inbounds i8, ptr @globals, i64 64
  store i32 %slot, ptr @globals, align 8
  %key = load i32, ptr %e, align 8
  store i32 %key, ptr %g, align 8
  %kind.p = getelementptr inbounds i8, ptr %e, i64 4
  %kind = load i32, ptr %kind.p, align 4
  %kind.q = getelementptr inbounds i8, ptr %g, i64 4
  %kind1 = or i32 %kind, 1
  store i32 %kind1, ptr %kind.q, align 4
  %w.p = getelementptr inbounds i8, ptr %e, i64 8
  %w = load i64, ptr %w.p, align 8
  %w.q = getelementptr inbounds i8, ptr %g, i64 8
  %w3 = mul i64 %w, 3
  store i64 %w3, ptr %w.q, align 8
  %s.p = getelementptr inbounds i8, ptr %e, i64 16
  %s = load i64, ptr %s.p, align 8
  %s.q = getelementptr inbounds i8, ptr %g, i64 16
  %s1 = add i64 %s, 1
  store i64 %s1, ptr %s.q, align 8
  %h = xor i64 %w3, %s1
  %hk = trunc i64 %h to i32
  %key2 = xor i32 %key, %hk
  store i32 %key2, ptr %g, align 8
  ret void
}

; STATIC:       define internal void @coalesce.outlined.[[S]](ptr %e, ptr [[DST:%[a-z]+]])
; STATIC-NEXT:  entry:
; STATIC-NEXT:    %key = load i32, ptr %e, align 8
; STATIC:         store i32 %key2, ptr [[DST]], align 8
; STATIC-NEXT:    ret void
; STATIC-NOT:   define {{.*}}@coalesce.outlined
; PROFILE:      define internal void @coalesce.outlined.[[F]](ptr %{{[a-z]+}}, ptr %{{[a-z]+}})
; PROFILE-SAME:   !prof [[ENTRY:![0-9]+]]
; PROFILE-NOT:  define {{.*}}@coalesce.outlined

; REMARK: remark: {{.*}}not outlined: 4 similar regions of 21 instructions are in hot code (2 of 4); this one stays, the other 2 are outlined
; REMARK: remark: {{.*}}not outlined: 4 similar regions of 21 instructions are in hot code (2 of 4); this one stays, the other 2 are outlined
; REMARK: remark: {{.*}}not outlined: 3 similar regions of 21 instructions are in hot code (2 of 3)

declare noalias ptr @malloc(i64)

; Counts: main 1, its loop 99999 times back, @mix 100000, @eval 2 (main's
; call expression, then the body @apply evaluates: a variable), @apply,
; @make_closure and @bind_global 1 each. 99.9% of the 200007 counted is in
; main's loop and @mix: the hot threshold is 99999.
!llvm.module.flags = !{!0}

!0 = !{i32 1, !"ProfileSummary", !1}
!1 = !{!2, !3, !4, !5, !6, !7, !8, !9}
!2 = !{!"ProfileFormat", !"InstrProf"}
!3 = !{!"TotalCount", i64 200007}
!4 = !{!"MaxCount", i64 100000}
!5 = !{!"MaxInternalCount", i64 99999}
!6 = !{!"MaxFunctionCount", i64 100000}
!7 = !{!"NumCounts", i64 9}
!8 = !{!"NumFunctions", i64 6}
!9 = !{!"DetailedSummary", !10}
!10 = !{!11, !12, !13}
!11 = !{i32 10000, i64 100000, i32 1}
!12 = !{i32 999000, i64 99999, i32 2}
!13 = !{i32 999999, i64 1, i32 9}
!20 = !{!"function_entry_count", i64 1}
!21 = !{!"function_entry_count", i64 100000}
!22 = !{!"function_entry_count", i64 2}
!23 = !{!"function_entry_count", i64 1}
!31 = !{!"branch_weights", i32 99999, i32 1}
!32 = !{!"branch_weights", i32 0, i32 1, i32 1}
; PROFILE: [[ENTRY]] = !{!"function_entry_count", i64 4}
