; RUN: %opt-coalesce -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-verify -S %s -o %t.ll
; RUN: FileCheck %s --input-file=%t.ll
; RUN: llc -O2 -relocation-model=pic -filetype=obj %s -o %t.kept.o
; RUN: llc -O2 -relocation-model=pic -filetype=obj %t.ll -o %t.outlined.o
; RUN: %python %test_tools/text_size.py --le outlined=%t.outlined.o kept=%t.kept.o
; Purpose: the counterpart of no-outline-failing-check-tails.ll. Six functions with one failing check each (a test framework's check macro: store the message's address, call longjmp) have no other check to share the tail with, so each keeps the whole of it: making the message's address (lea), storing it, the call's two arguments and the call, 29 bytes on x86-64. Outlined, each is the message's address and a call (12 bytes), and the outlined function is one copy of the rest: outlined, and .text is smaller (the last three RUN lines). The size model prices the address stored apart from the store (GlobalAddress); priced as a store of a register, the group was worth half what it saves. Six small functions each execute a sixth of this module, so that the first call in each would be charged a sixth of the disturbance of a busy function: the budget is raised to 1000 per mille so that bytes alone decide.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@buffer = global [200 x i8] zeroinitializer
@message = global ptr null
@m0 = private constant [3 x i8] c"m0\00"
@m1 = private constant [3 x i8] c"m1\00"
@m2 = private constant [3 x i8] c"m2\00"
@m3 = private constant [3 x i8] c"m3\00"
@m4 = private constant [3 x i8] c"m4\00"
@m5 = private constant [3 x i8] c"m5\00"

declare zeroext i1 @check(i32) minsize optsize
declare void @longjmp(ptr, i32) noreturn nounwind

; CHECK-LABEL: define void @test0(
; CHECK:         call void @coalesce.outlined.0(ptr @m0)
; CHECK-NEXT:    unreachable
define void @test0() minsize optsize {
entry:
  %c = call zeroext i1 @check(i32 0)
  br i1 %c, label %ok, label %fail
ok:
  ret void
fail:
  store ptr @m0, ptr @message
  call void @longjmp(ptr @buffer, i32 1)
  unreachable
}

; CHECK-LABEL: define void @test1(
; CHECK:         call void @coalesce.outlined.0(ptr @m1)
; CHECK-NEXT:    unreachable
define void @test1() minsize optsize {
entry:
  %c = call zeroext i1 @check(i32 1)
  br i1 %c, label %ok, label %fail
ok:
  ret void
fail:
  store ptr @m1, ptr @message
  call void @longjmp(ptr @buffer, i32 1)
  unreachable
}

; CHECK-LABEL: define void @test2(
; CHECK:         call void @coalesce.outlined.0(ptr @m2)
; CHECK-NEXT:    unreachable
define void @test2() minsize optsize {
entry:
  %c = call zeroext i1 @check(i32 2)
  br i1 %c, label %ok, label %fail
ok:
  ret void
fail:
  store ptr @m2, ptr @message
  call void @longjmp(ptr @buffer, i32 1)
  unreachable
}

; CHECK-LABEL: define void @test3(
; CHECK:         call void @coalesce.outlined.0(ptr @m3)
; CHECK-NEXT:    unreachable
define void @test3() minsize optsize {
entry:
  %c = call zeroext i1 @check(i32 3)
  br i1 %c, label %ok, label %fail
ok:
  ret void
fail:
  store ptr @m3, ptr @message
  call void @longjmp(ptr @buffer, i32 1)
  unreachable
}

; CHECK-LABEL: define void @test4(
; CHECK:         call void @coalesce.outlined.0(ptr @m4)
; CHECK-NEXT:    unreachable
define void @test4() minsize optsize {
entry:
  %c = call zeroext i1 @check(i32 4)
  br i1 %c, label %ok, label %fail
ok:
  ret void
fail:
  store ptr @m4, ptr @message
  call void @longjmp(ptr @buffer, i32 1)
  unreachable
}

; CHECK-LABEL: define void @test5(
; CHECK:         call void @coalesce.outlined.0(ptr @m5)
; CHECK-NEXT:    unreachable
define void @test5() minsize optsize {
entry:
  %c = call zeroext i1 @check(i32 5)
  br i1 %c, label %ok, label %fail
ok:
  ret void
fail:
  store ptr @m5, ptr @message
  call void @longjmp(ptr @buffer, i32 1)
  unreachable
}

; CHECK-LABEL: define internal void @coalesce.outlined.0(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    store ptr %{{.*}}, ptr @message
; CHECK-NEXT:    call void @longjmp(ptr @buffer, i32 1)
