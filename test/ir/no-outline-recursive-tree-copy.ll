; RUN: sed -e '/^!llvm.module.flags/d' -e 's/,\{0,1\} !prof ![0-9]*//g' %s > %t.static.ll
; RUN: %opt-coalesce -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-verify -S %t.static.ll | FileCheck %s --check-prefix=STATIC
; RUN: %opt-coalesce -passes=coalesce-outline -coalesce-runtime-budget=1000 -pass-remarks-missed=coalesce-outline -disable-output %t.static.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt-coalesce -passes=coalesce-outline -coalesce-verify -S %s | FileCheck %s --check-prefix=PROFILE
; Purpose: a self-recursive tree copy is hot without a profile, and outlined from when its profile shows it runs rarely (not hot: its 7 entries are far below the hot threshold; not cold either, so its call is charged to the budget). @copy (struct node *copy(struct node *n): NULL for NULL, else a malloc'd node whose key, kind, weight and stamp are copied, then copy(n->left) and copy(n->right)) shares a 21-instruction field copy with @clone_leaf, @relabel and @snapshot, each called once from main. Without a profile (the first RUN line strips it) @copy is in a cycle of the call graph, so its likely block (the non-null path: a pointer against null is no evidence) runs again and again and is hot: the three other sites are outlined and @copy's stays in place (the run-time budget is raised to 1000 per mille so that hotness alone decides; in the second round the outlined body and @copy's site form a group of 2 whose remark says one is in hot code). With the profile, where main's loop and @mix run 100000 times and @copy is entered 7 times (a tree of 3 nodes), @copy's site is not hot and is outlined too, with the default budget, and the outlined function's entry count is the sum of its sites' counts (3 + 1 + 1 + 1).

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; struct node { int key; int kind; long weight; long stamp; struct node *left, *right; };

@tree = internal global ptr null, align 8

; STATIC-LABEL: define i32 @main(
; PROFILE-LABEL: define i32 @main(
define i32 @main(i32 %argc, ptr %argv) minsize !prof !20 {
entry:
  %root = load ptr, ptr @tree, align 8
  %t = call ptr @copy(ptr %root)
  %leaf = call ptr @clone_leaf(ptr %root)
  %buf = alloca [40 x i8], align 8
  call void @relabel(ptr %buf, ptr %root, i32 %argc)
  %snap = call ptr @snapshot(ptr %root)
  %n = zext i32 %argc to i64
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i64 [ 0, %entry ], [ %acc.next, %loop ]
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

; STATIC-LABEL: define internal ptr @copy(
; STATIC:       body:
; STATIC-NEXT:    %m = call ptr @malloc(i64 40)
; STATIC-NEXT:    %key = load i32, ptr %n, align 8
; STATIC-NOT:     @coalesce.outlined
; STATIC:         store i32 %key2, ptr %m, align 8
; STATIC-NEXT:    %l.p = getelementptr inbounds i8, ptr %n, i64 24
; STATIC-NOT:     @coalesce.outlined
; STATIC:         ret ptr %res
; PROFILE-LABEL: define internal ptr @copy(
; PROFILE:       body:
; PROFILE-NEXT:    %m = call ptr @malloc(i64 40)
; PROFILE-NEXT:    call void @coalesce.outlined.[[F:[0-9]+]](ptr %n, ptr %m)
; PROFILE-NEXT:    %l.p = getelementptr inbounds i8, ptr %n, i64 24
; PROFILE:         %lc = call ptr @copy(ptr %l)
; PROFILE:         %rc = call ptr @copy(ptr %r)
define internal ptr @copy(ptr %n) minsize !prof !22 {
entry:
  %isnull = icmp eq ptr %n, null
  br i1 %isnull, label %done, label %body, !prof !30

body:
  %m = call ptr @malloc(i64 40)
  %key = load i32, ptr %n, align 8
  store i32 %key, ptr %m, align 8
  %kind.p = getelementptr inbounds i8, ptr %n, i64 4
  %kind = load i32, ptr %kind.p, align 4
  %kind.q = getelementptr inbounds i8, ptr %m, i64 4
  %kind1 = or i32 %kind, 1
  store i32 %kind1, ptr %kind.q, align 4
  %w.p = getelementptr inbounds i8, ptr %n, i64 8
  %w = load i64, ptr %w.p, align 8
  %w.q = getelementptr inbounds i8, ptr %m, i64 8
  %w3 = mul i64 %w, 3
  store i64 %w3, ptr %w.q, align 8
  %s.p = getelementptr inbounds i8, ptr %n, i64 16
  %s = load i64, ptr %s.p, align 8
  %s.q = getelementptr inbounds i8, ptr %m, i64 16
  %s1 = add i64 %s, 1
  store i64 %s1, ptr %s.q, align 8
  %h = xor i64 %w3, %s1
  %hk = trunc i64 %h to i32
  %key2 = xor i32 %key, %hk
  store i32 %key2, ptr %m, align 8
  %l.p = getelementptr inbounds i8, ptr %n, i64 24
  %l = load ptr, ptr %l.p, align 8
  %lc = call ptr @copy(ptr %l)
  %l.q = getelementptr inbounds i8, ptr %m, i64 24
  store ptr %lc, ptr %l.q, align 8
  %r.p = getelementptr inbounds i8, ptr %n, i64 32
  %r = load ptr, ptr %r.p, align 8
  %rc = call ptr @copy(ptr %r)
  %r.q = getelementptr inbounds i8, ptr %m, i64 32
  store ptr %rc, ptr %r.q, align 8
  br label %done

done:
  %res = phi ptr [ null, %entry ], [ %m, %body ]
  ret ptr %res
}

; STATIC-LABEL: define internal ptr @clone_leaf(
; STATIC-NEXT:  entry:
; STATIC-NEXT:    %m = call ptr @malloc(i64 40)
; STATIC-NEXT:    call void @coalesce.outlined.[[S:[0-9]+]](ptr %n, ptr %m)
; STATIC-NEXT:    %kids = getelementptr inbounds i8, ptr %m, i64 24
; PROFILE-LABEL: define internal ptr @clone_leaf(
; PROFILE-NEXT:  entry:
; PROFILE-NEXT:    %m = call ptr @malloc(i64 40)
; PROFILE-NEXT:    call void @coalesce.outlined.[[F]](ptr %n, ptr %m)
; PROFILE-NEXT:    %kids = getelementptr inbounds i8, ptr %m, i64 24
define internal ptr @clone_leaf(ptr %n) minsize !prof !20 {
entry:
  %m = call ptr @malloc(i64 40)
  %key = load i32, ptr %n, align 8
  store i32 %key, ptr %m, align 8
  %kind.p = getelementptr inbounds i8, ptr %n, i64 4
  %kind = load i32, ptr %kind.p, align 4
  %kind.q = getelementptr inbounds i8, ptr %m, i64 4
  %kind1 = or i32 %kind, 1
  store i32 %kind1, ptr %kind.q, align 4
  %w.p = getelementptr inbounds i8, ptr %n, i64 8
  %w = load i64, ptr %w.p, align 8
  %w.q = getelementptr inbounds i8, ptr %m, i64 8
  %w3 = mul i64 %w, 3
  store i64 %w3, ptr %w.q, align 8
  %s.p = getelementptr inbounds i8, ptr %n, i64 16
  %s = load i64, ptr %s.p, align 8
  %s.q = getelementptr inbounds i8, ptr %m, i64 16
  %s1 = add i64 %s, 1
  store i64 %s1, ptr %s.q, align 8
  %h = xor i64 %w3, %s1
  %hk = trunc i64 %h to i32
  %key2 = xor i32 %key, %hk
  store i32 %key2, ptr %m, align 8
  %kids = getelementptr inbounds i8, ptr %m, i64 24
  call void @llvm.memset.p0.i64(ptr %kids, i8 0, i64 16, i1 false)
  ret ptr %m
}

; STATIC-LABEL: define internal void @relabel(
; STATIC:         store i32 %tag, ptr %tag.p, align 4
; STATIC-NEXT:    call void @coalesce.outlined.[[S]](ptr %n, ptr %d)
; STATIC-NEXT:    ret void
; PROFILE-LABEL: define internal void @relabel(
; PROFILE:         store i32 %tag, ptr %tag.p, align 4
; PROFILE-NEXT:    call void @coalesce.outlined.[[F]](ptr %n, ptr %d)
; PROFILE-NEXT:    ret void
define internal void @relabel(ptr %d, ptr %n, i32 %tag) minsize !prof !20 {
entry:
  %tag.p = getelementptr inbounds i8, ptr %n, i64 4
  store i32 %tag, ptr %tag.p, align 4
  %key = load i32, ptr %n, align 8
  store i32 %key, ptr %d, align 8
  %kind.p = getelementptr inbounds i8, ptr %n, i64 4
  %kind = load i32, ptr %kind.p, align 4
  %kind.q = getelementptr inbounds i8, ptr %d, i64 4
  %kind1 = or i32 %kind, 1
  store i32 %kind1, ptr %kind.q, align 4
  %w.p = getelementptr inbounds i8, ptr %n, i64 8
  %w = load i64, ptr %w.p, align 8
  %w.q = getelementptr inbounds i8, ptr %d, i64 8
  %w3 = mul i64 %w, 3
  store i64 %w3, ptr %w.q, align 8
  %s.p = getelementptr inbounds i8, ptr %n, i64 16
  %s = load i64, ptr %s.p, align 8
  %s.q = getelementptr inbounds i8, ptr %d, i64 16
  %s1 = add i64 %s, 1
  store i64 %s1, ptr %s.q, align 8
  %h = xor i64 %w3, %s1
  %hk = trunc i64 %h to i32
  %key2 = xor i32 %key, %hk
  store i32 %key2, ptr %d, align 8
  ret void
}

; STATIC-LABEL: define internal ptr @snapshot(
; STATIC:         store i64 1, ptr %m, align 8
; STATIC-NEXT:    call void @coalesce.outlined.[[S]](ptr %n, ptr %d)
; STATIC-NEXT:    ret ptr %m
; PROFILE-LABEL: define internal ptr @snapshot(
; PROFILE:         store i64 1, ptr %m, align 8
; PROFILE-NEXT:    call void @coalesce.outlined.[[F]](ptr %n, ptr %d)
; PROFILE-NEXT:    ret ptr %m
define internal ptr @snapshot(ptr %n) minsize !prof !20 {
entry:
  %m = call ptr @malloc(i64 48)
  %d = getelementptr inbounds i8, ptr %m, i64 8
  store i64 1, ptr %m, align 8
  %key = load i32, ptr %n, align 8
  store i32 %key, ptr %d, align 8
  %kind.p = getelementptr inbounds i8, ptr %n, i64 4
  %kind = load i32, ptr %kind.p, align 4
  %kind.q = getelementptr inbounds i8, ptr %d, i64 4
  %kind1 = or i32 %kind, 1
  store i32 %kind1, ptr %kind.q, align 4
  %w.p = getelementptr inbounds i8, ptr %n, i64 8
  %w = load i64, ptr %w.p, align 8
  %w.q = getelementptr inbounds i8, ptr %d, i64 8
  %w3 = mul i64 %w, 3
  store i64 %w3, ptr %w.q, align 8
  %s.p = getelementptr inbounds i8, ptr %n, i64 16
  %s = load i64, ptr %s.p, align 8
  %s.q = getelementptr inbounds i8, ptr %d, i64 16
  %s1 = add i64 %s, 1
  store i64 %s1, ptr %s.q, align 8
  %h = xor i64 %w3, %s1
  %hk = trunc i64 %h to i32
  %key2 = xor i32 %key, %hk
  store i32 %key2, ptr %d, align 8
  ret ptr %m
}

; STATIC:       define internal void @coalesce.outlined.[[S]](ptr %n, ptr [[DST:%[a-z]+]])
; STATIC-NEXT:  entry:
; STATIC-NEXT:    %key = load i32, ptr %n, align 8
; STATIC:         store i32 %key2, ptr [[DST]], align 8
; STATIC-NEXT:    ret void
; STATIC-NOT:   define {{.*}}@coalesce.outlined
; PROFILE:      define internal void @coalesce.outlined.[[F]](ptr %n, ptr %{{[a-z]+}})
; PROFILE-SAME:   !prof [[ENTRY:![0-9]+]]
; PROFILE-NOT:  define {{.*}}@coalesce.outlined

; REMARK: remark: {{.*}}not outlined: 4 similar regions of 21 instructions are in hot code (1 of 4); this one stays, the other 3 are outlined
; REMARK: remark: {{.*}}not outlined: 2 similar regions of 21 instructions are in hot code (1 of 2)

declare noalias ptr @malloc(i64)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

; Counts: main 1, its loop 99999 times back, @mix 100000, @copy 7 (3 nodes
; and 4 null children), @clone_leaf, @relabel and @snapshot 1 each. 99.9% of
; the 200013 counted is in main's loop and @mix: the hot threshold is 99999.
!llvm.module.flags = !{!0}

!0 = !{i32 1, !"ProfileSummary", !1}
!1 = !{!2, !3, !4, !5, !6, !7, !8, !9}
!2 = !{!"ProfileFormat", !"InstrProf"}
!3 = !{!"TotalCount", i64 200013}
!4 = !{!"MaxCount", i64 100000}
!5 = !{!"MaxInternalCount", i64 99999}
!6 = !{!"MaxFunctionCount", i64 100000}
!7 = !{!"NumCounts", i64 8}
!8 = !{!"NumFunctions", i64 6}
!9 = !{!"DetailedSummary", !10}
!10 = !{!11, !12, !13}
!11 = !{i32 10000, i64 100000, i32 1}
!12 = !{i32 999000, i64 99999, i32 2}
!13 = !{i32 999999, i64 1, i32 8}
!20 = !{!"function_entry_count", i64 1}
!21 = !{!"function_entry_count", i64 100000}
!22 = !{!"function_entry_count", i64 7}
!30 = !{!"branch_weights", i32 4, i32 3}
!31 = !{!"branch_weights", i32 99999, i32 1}
; PROFILE: [[ENTRY]] = !{!"function_entry_count", i64 6}
