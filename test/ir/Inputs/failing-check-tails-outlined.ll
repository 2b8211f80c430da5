; The module of no-outline-failing-check-tails.ll as coalesce's outliner outlined it before it compared
; tails as machine instructions: each failing check calls @coalesce.outlined.0 with its message, where the
; code generator had folded the six checks' store and longjmp into one copy. Compiled by llc, it is larger
; than the module left as it is.
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

; Function Attrs: minsize optsize
declare zeroext i1 @check(i32) #0

; Function Attrs: noreturn nounwind
declare void @longjmp(ptr, i32) #1

; Function Attrs: minsize optsize
define void @test() #0 {
entry:
  %c0 = call zeroext i1 @check(i32 0)
  br i1 %c0, label %ok0, label %0

ok0:                                              ; preds = %entry
  %c1 = call zeroext i1 @check(i32 1)
  br i1 %c1, label %ok1, label %1

ok1:                                              ; preds = %ok0
  %c2 = call zeroext i1 @check(i32 2)
  br i1 %c2, label %ok2, label %2

ok2:                                              ; preds = %ok1
  %c3 = call zeroext i1 @check(i32 3)
  br i1 %c3, label %ok3, label %3

ok3:                                              ; preds = %ok2
  %c4 = call zeroext i1 @check(i32 4)
  br i1 %c4, label %ok4, label %4

ok4:                                              ; preds = %ok3
  %c5 = call zeroext i1 @check(i32 5)
  br i1 %c5, label %ok5, label %5

ok5:                                              ; preds = %ok4
  ret void

0:                                                ; preds = %entry
  call void @coalesce.outlined.0(ptr @m0)
  unreachable

1:                                                ; preds = %ok0
  call void @coalesce.outlined.0(ptr @m1)
  unreachable

2:                                                ; preds = %ok1
  call void @coalesce.outlined.0(ptr @m2)
  unreachable

3:                                                ; preds = %ok2
  call void @coalesce.outlined.0(ptr @m3)
  unreachable

4:                                                ; preds = %ok3
  call void @coalesce.outlined.0(ptr @m4)
  unreachable

5:                                                ; preds = %ok4
  call void @coalesce.outlined.0(ptr @m5)
  unreachable
}

; Function Attrs: minsize nounwind optsize
define internal void @coalesce.outlined.0(ptr %m3) unnamed_addr #2 {
entry:
  store ptr %m3, ptr @message, align 8
  call void @longjmp(ptr @buffer, i32 1)
  ret void
}

attributes #0 = { minsize optsize }
attributes #1 = { noreturn nounwind }
attributes #2 = { minsize nounwind optsize }
