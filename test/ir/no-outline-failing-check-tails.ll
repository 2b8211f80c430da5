; RUN: %opt-coalesce -passes=coalesce-outline -coalesce-verify -S %s | FileCheck %s
; RUN: llc -O2 -relocation-model=pic -filetype=obj %s -o %t.kept.o
; RUN: llc -O2 -relocation-model=pic -filetype=obj %S/Inputs/failing-check-tails-outlined.ll -o %t.outlined.o
; RUN: %python %test_tools/text_size.py --le kept=%t.kept.o outlined=%t.outlined.o
; Purpose: the code generator's tail merging is seen in machine instructions, not IR ones. Six failing checks (a test framework's check macro, which stores the message and calls longjmp) share no IR instruction but the call, yet in machine code each keeps only the set-up of its message and a jump: the store of that register, the call's two arguments and the call are one copy. Outlining the store and the call saved nothing there and cost a call a check; it was outlined before (Inputs/failing-check-tails-outlined.ll: 272 bytes of .text against 257 kept with LLVM 22, checked by the last three RUN lines) and now stays.
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

; CHECK-LABEL: define void @test(
; CHECK-NOT:     @coalesce.outlined
; CHECK:         {{^}}}
define void @test() minsize optsize {
entry:
  %c0 = call zeroext i1 @check(i32 0)
  br i1 %c0, label %ok0, label %fail0
ok0:
  %c1 = call zeroext i1 @check(i32 1)
  br i1 %c1, label %ok1, label %fail1
ok1:
  %c2 = call zeroext i1 @check(i32 2)
  br i1 %c2, label %ok2, label %fail2
ok2:
  %c3 = call zeroext i1 @check(i32 3)
  br i1 %c3, label %ok3, label %fail3
ok3:
  %c4 = call zeroext i1 @check(i32 4)
  br i1 %c4, label %ok4, label %fail4
ok4:
  %c5 = call zeroext i1 @check(i32 5)
  br i1 %c5, label %ok5, label %fail5
ok5:
  ret void
fail0:
  store ptr @m0, ptr @message, align 8
  call void @longjmp(ptr @buffer, i32 1)
  unreachable
fail1:
  store ptr @m1, ptr @message, align 8
  call void @longjmp(ptr @buffer, i32 1)
  unreachable
fail2:
  store ptr @m2, ptr @message, align 8
  call void @longjmp(ptr @buffer, i32 1)
  unreachable
fail3:
  store ptr @m3, ptr @message, align 8
  call void @longjmp(ptr @buffer, i32 1)
  unreachable
fail4:
  store ptr @m4, ptr @message, align 8
  call void @longjmp(ptr @buffer, i32 1)
  unreachable
fail5:
  store ptr @m5, ptr @message, align 8
  call void @longjmp(ptr @buffer, i32 1)
  unreachable
}
; CHECK-NOT:   define {{.*}}@coalesce.outlined
