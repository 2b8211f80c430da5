; Equal functions that differ only in metadata or in unused EH properties.
; Each pair was a gap (coalesce kept both bodies, LLVM mergefunc merged
; them) until commit 34760af; the pairs are kept here so the differential
; test guards them. All are external, so each merge makes a thunk: every
; body is larger than one. Input of test/differential/metadata-and-eh.test.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @__gxx_personality_v0(...)
declare void @g(ptr)

; --- distinct, self-referential !llvm.loop nodes (one per loop, as clang -O2 emits)
define i64 @sum_a(ptr %p, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i64 [ 0, %entry ], [ %s1, %loop ]
  %g = getelementptr inbounds i64, ptr %p, i64 %i
  %v = load i64, ptr %g, align 8
  %s1 = add i64 %s, %v
  %i1 = add nuw i64 %i, 1
  %d = icmp ult i64 %i1, %n
  br i1 %d, label %loop, label %exit, !llvm.loop !0
exit:
  ret i64 %s1
}

define i64 @sum_b(ptr %p, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i64 [ 0, %entry ], [ %s1, %loop ]
  %g = getelementptr inbounds i64, ptr %p, i64 %i
  %v = load i64, ptr %g, align 8
  %s1 = add i64 %s, %v
  %i1 = add nuw i64 %i, 1
  %d = icmp ult i64 %i1, %n
  br i1 %d, label %loop, label %exit, !llvm.loop !2
exit:
  ret i64 %s1
}

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.mustprogress"}
!2 = distinct !{!2, !1}

; --- distinct !alias.scope / !noalias scope lists (loop vectorizer, inliner)
define void @copy_a(ptr %d, ptr %s) {
  %v = load i64, ptr %s, align 8, !alias.scope !3, !noalias !6
  store i64 %v, ptr %d, align 8, !alias.scope !6, !noalias !3
  %s1 = getelementptr inbounds i64, ptr %s, i64 1
  %d1 = getelementptr inbounds i64, ptr %d, i64 1
  %w = load i64, ptr %s1, align 8, !alias.scope !3, !noalias !6
  store i64 %w, ptr %d1, align 8, !alias.scope !6, !noalias !3
  ret void
}

define void @copy_b(ptr %d, ptr %s) {
  %v = load i64, ptr %s, align 8, !alias.scope !8, !noalias !11
  store i64 %v, ptr %d, align 8, !alias.scope !11, !noalias !8
  %s1 = getelementptr inbounds i64, ptr %s, i64 1
  %d1 = getelementptr inbounds i64, ptr %d, i64 1
  %w = load i64, ptr %s1, align 8, !alias.scope !8, !noalias !11
  store i64 %w, ptr %d1, align 8, !alias.scope !11, !noalias !8
  ret void
}

!3 = !{!4}
!4 = distinct !{!4, !5, !"copy_a: src"}
!5 = distinct !{!5, !"copy_a"}
!6 = !{!7}
!7 = distinct !{!7, !5, !"copy_a: dst"}
!8 = !{!9}
!9 = distinct !{!9, !10, !"copy_b: src"}
!10 = distinct !{!10, !"copy_b"}
!11 = !{!12}
!12 = distinct !{!12, !10, !"copy_b: dst"}

; --- !tbaa tags naming different C++ types of one representation (long / long long)
define i64 @scale_long(ptr %v, i64 %k) {
  %x = load i64, ptr %v, align 8, !tbaa !13
  %p1 = getelementptr inbounds i64, ptr %v, i64 1
  %y = load i64, ptr %p1, align 8, !tbaa !13
  %m = mul i64 %x, %k
  %s = add i64 %m, %y
  store i64 %s, ptr %p1, align 8, !tbaa !13
  %r = xor i64 %s, %x
  ret i64 %r
}

define i64 @scale_long_long(ptr %v, i64 %k) {
  %x = load i64, ptr %v, align 8, !tbaa !17
  %p1 = getelementptr inbounds i64, ptr %v, i64 1
  %y = load i64, ptr %p1, align 8, !tbaa !17
  %m = mul i64 %x, %k
  %s = add i64 %m, %y
  store i64 %s, ptr %p1, align 8, !tbaa !17
  %r = xor i64 %s, %x
  ret i64 %r
}

!13 = !{!14, !14, i64 0}
!14 = !{!"long", !15, i64 0}
!15 = !{!"omnipotent char", !16, i64 0}
!16 = !{!"Simple C++ TBAA"}
!17 = !{!18, !18, i64 0}
!18 = !{!"long long", !15, i64 0}

; --- a <2 x ptr> poison constant against <2 x i64> poison
define void @splat_ptr(ptr %p, ptr %x) {
  %v = insertelement <2 x ptr> poison, ptr %x, i64 0
  store <2 x ptr> %v, ptr %p, align 8
  ret void
}

define void @splat_i64(ptr %p, i64 %x) {
  %v = insertelement <2 x i64> poison, i64 %x, i64 0
  store <2 x i64> %v, ptr %p, align 8
  ret void
}

; --- a personality function on a body without EH pads
define void @with_personality(ptr %p) personality ptr @__gxx_personality_v0 {
  call void @g(ptr %p)
  call void @g(ptr %p)
  ret void
}

define void @without_personality(ptr %p) {
  call void @g(ptr %p)
  call void @g(ptr %p)
  ret void
}
