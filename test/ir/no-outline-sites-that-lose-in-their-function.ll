; RUN: %opt-coalesce -coalesce-outline-min-benefit=8 -coalesce-outline-min-total=0 -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-verify -S %s -o %t.ll
; RUN: FileCheck %s --input-file=%t.ll
; RUN: llc -O2 -relocation-model=pic -filetype=obj %s -o %t.kept.o
; RUN: llc -O2 -relocation-model=pic -filetype=obj %t.ll -o %t.outlined.o
; RUN: %python %test_tools/text_size.py --le outlined=%t.outlined.o kept=%t.kept.o
; Purpose: a group's sites in a function where, together, they cost more than they save are left out, the rest outlined. @many has eight failing checks (store the message's address, call longjmp) whose tail the code generator's tail merging shares: each check is the set-up of its message and a jump. Outlined, each would be the set-up and a call, which one instruction in common is too short a tail to share: 3 bytes more a check on x86-64, against one copy of the tail saved. @one, @two and @three have one check each and keep the whole tail: outlined, each saves it. So @many keeps its checks, the others call the outlined function, and .text is smaller (the last three RUN lines). The budget is raised to 1000 per mille so that bytes alone decide (each function of this small module executes a large share of it, and a first new call is charged for disturbing it).
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@buffer = global [200 x i8] zeroinitializer
@message = global ptr null
@m0 = private constant [4 x i8] c"m00\00"
@m1 = private constant [4 x i8] c"m01\00"
@m2 = private constant [4 x i8] c"m02\00"
@m3 = private constant [4 x i8] c"m03\00"
@m4 = private constant [4 x i8] c"m04\00"
@m5 = private constant [4 x i8] c"m05\00"
@m6 = private constant [4 x i8] c"m06\00"
@m7 = private constant [4 x i8] c"m07\00"
@m8 = private constant [4 x i8] c"m08\00"
@m9 = private constant [4 x i8] c"m09\00"
@m10 = private constant [4 x i8] c"m10\00"

declare zeroext i1 @check(i32) minsize optsize
declare void @longjmp(ptr, i32) noreturn nounwind

; CHECK-LABEL: define void @many(
; CHECK-NOT:     @coalesce.outlined
; CHECK:         {{^}}}
define void @many() minsize optsize {
entry:
  br label %c0
c0:
  %t0 = call zeroext i1 @check(i32 0)
  br i1 %t0, label %c1, label %f0
f0:
  store ptr @m0, ptr @message
  call void @longjmp(ptr @buffer, i32 1)
  unreachable
c1:
  %t1 = call zeroext i1 @check(i32 1)
  br i1 %t1, label %c2, label %f1
f1:
  store ptr @m1, ptr @message
  call void @longjmp(ptr @buffer, i32 1)
  unreachable
c2:
  %t2 = call zeroext i1 @check(i32 2)
  br i1 %t2, label %c3, label %f2
f2:
  store ptr @m2, ptr @message
  call void @longjmp(ptr @buffer, i32 1)
  unreachable
c3:
  %t3 = call zeroext i1 @check(i32 3)
  br i1 %t3, label %c4, label %f3
f3:
  store ptr @m3, ptr @message
  call void @longjmp(ptr @buffer, i32 1)
  unreachable
c4:
  %t4 = call zeroext i1 @check(i32 4)
  br i1 %t4, label %c5, label %f4
f4:
  store ptr @m4, ptr @message
  call void @longjmp(ptr @buffer, i32 1)
  unreachable
c5:
  %t5 = call zeroext i1 @check(i32 5)
  br i1 %t5, label %c6, label %f5
f5:
  store ptr @m5, ptr @message
  call void @longjmp(ptr @buffer, i32 1)
  unreachable
c6:
  %t6 = call zeroext i1 @check(i32 6)
  br i1 %t6, label %c7, label %f6
f6:
  store ptr @m6, ptr @message
  call void @longjmp(ptr @buffer, i32 1)
  unreachable
c7:
  %t7 = call zeroext i1 @check(i32 7)
  br i1 %t7, label %c8, label %f7
f7:
  store ptr @m7, ptr @message
  call void @longjmp(ptr @buffer, i32 1)
  unreachable
c8:
  ret void
}

; CHECK-LABEL: define void @one(
; CHECK:         call void @coalesce.outlined.0(ptr @m
; CHECK-NEXT:    unreachable
define void @one() minsize optsize {
entry:
  br label %c0
c0:
  %t0 = call zeroext i1 @check(i32 8)
  br i1 %t0, label %c1, label %f0
f0:
  store ptr @m8, ptr @message
  call void @longjmp(ptr @buffer, i32 1)
  unreachable
c1:
  ret void
}

; CHECK-LABEL: define void @two(
; CHECK:         call void @coalesce.outlined.0(ptr @m
; CHECK-NEXT:    unreachable
define void @two() minsize optsize {
entry:
  br label %c0
c0:
  %t0 = call zeroext i1 @check(i32 9)
  br i1 %t0, label %c1, label %f0
f0:
  store ptr @m9, ptr @message
  call void @longjmp(ptr @buffer, i32 1)
  unreachable
c1:
  ret void
}

; CHECK-LABEL: define void @three(
; CHECK:         call void @coalesce.outlined.0(ptr @m
; CHECK-NEXT:    unreachable
define void @three() minsize optsize {
entry:
  br label %c0
c0:
  %t0 = call zeroext i1 @check(i32 10)
  br i1 %t0, label %c1, label %f0
f0:
  store ptr @m10, ptr @message
  call void @longjmp(ptr @buffer, i32 1)
  unreachable
c1:
  ret void
}

; CHECK-LABEL: define internal void @coalesce.outlined.0(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    store ptr %{{.*}}, ptr @message
; CHECK-NEXT:    call void @longjmp(ptr @buffer, i32 1)
