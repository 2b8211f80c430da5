; RUN: %opt-coalesce -passes=coalesce -coalesce-runtime-budget=1000 -coalesce-verify -S %s -o %t.ll
; RUN: FileCheck %s --input-file=%t.ll
; RUN: %llvm_bin/lli -force-interpreter %s > %t.before
; RUN: %llvm_bin/lli -force-interpreter %t.ll > %t.after
; RUN: FileCheck %s --check-prefix=OUT --input-file=%t.after
; RUN: diff %t.before %t.after
; Purpose: a test runner's test bodies, called through a table, merge up to constants and the program prints the same. As gtest's runner calls each TestBody, main loops over @tests and calls each of its ten functions through the pointer it loads; @test_0..@test_9 check isqrt on their own input, expected value and name (Isqrt.Case8 fails on purpose, so the failure path runs too) and are otherwise the same. Their addresses are in the table, so under the whole pipeline (-passes=coalesce) each keeps its name as a thunk that passes its three constants to one shared body, the table and the runner's indirect call stay as they were, and the interpreter prints the same lines before and after. The static estimate follows the indirect call to every test (each is called again and again: hot), which is no reason for merging up to constants to keep them apart; the run-time budget is raised to 1000 per mille so that it does not decide (at the default of 5 per mille, the thunks' calls of only six of the ten fit).

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@name.0 = private unnamed_addr constant [12 x i8] c"Isqrt.Case0\00"
@name.1 = private unnamed_addr constant [12 x i8] c"Isqrt.Case1\00"
@name.2 = private unnamed_addr constant [12 x i8] c"Isqrt.Case2\00"
@name.3 = private unnamed_addr constant [12 x i8] c"Isqrt.Case3\00"
@name.4 = private unnamed_addr constant [12 x i8] c"Isqrt.Case4\00"
@name.5 = private unnamed_addr constant [12 x i8] c"Isqrt.Case5\00"
@name.6 = private unnamed_addr constant [12 x i8] c"Isqrt.Case6\00"
@name.7 = private unnamed_addr constant [12 x i8] c"Isqrt.Case7\00"
@name.8 = private unnamed_addr constant [12 x i8] c"Isqrt.Case8\00"
@name.9 = private unnamed_addr constant [12 x i8] c"Isqrt.Case9\00"
@fmt.ok = private unnamed_addr constant [17 x i8] c"[       OK ] %s\0A\00"
@fmt.fail = private unnamed_addr constant [27 x i8] c"[  FAILED  ] %s: %d != %d\0A\00"
@fmt.sum = private unnamed_addr constant [32 x i8] c"%d tests ran, %d checks failed\0A\00"
; CHECK: @tests = internal constant [10 x ptr] [ptr @test_0, ptr @test_1, ptr @test_2, ptr @test_3, ptr @test_4, ptr @test_5, ptr @test_6, ptr @test_7, ptr @test_8, ptr @test_9]
@tests = internal constant [10 x ptr] [ptr @test_0, ptr @test_1, ptr @test_2, ptr @test_3, ptr @test_4, ptr @test_5, ptr @test_6, ptr @test_7, ptr @test_8, ptr @test_9]

declare i32 @printf(ptr, ...)

; CHECK-LABEL: define i32 @main(
; CHECK:         %body = load ptr, ptr %slot, align 8
; CHECK-NEXT:    %f = call i32 %body()
define i32 @main() {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %failed = phi i32 [ 0, %entry ], [ %failed.next, %loop ]
  %slot = getelementptr inbounds [10 x ptr], ptr @tests, i64 0, i64 %i
  %body = load ptr, ptr %slot, align 8
  %f = call i32 %body()
  %failed.next = add i32 %failed, %f
  %i.next = add nuw i64 %i, 1
  %more = icmp ult i64 %i.next, 10
  br i1 %more, label %loop, label %exit

exit:
  %n = trunc i64 %i.next to i32
  %s = call i32 (ptr, ...) @printf(ptr @fmt.sum, i32 %n, i32 %failed.next)
  ret i32 0
}

define internal i32 @expect_eq(ptr %name, i32 %got, i32 %want) noinline {
entry:
  %ok = icmp eq i32 %got, %want
  br i1 %ok, label %yes, label %no

yes:
  ret i32 0

no:
  %p = call i32 (ptr, ...) @printf(ptr @fmt.fail, ptr %name, i32 %got, i32 %want)
  ret i32 1
}

define internal i32 @isqrt(i32 %x) noinline {
entry:
  br label %loop

loop:
  %r = phi i32 [ 0, %entry ], [ %r.next, %loop ]
  %r.next = add i32 %r, 1
  %sq = mul i32 %r.next, %r.next
  %over = icmp ugt i32 %sq, %x
  br i1 %over, label %done, label %loop

done:
  ret i32 %r
}

; CHECK-LABEL: define internal i32 @test_0()
; CHECK-NEXT:    [[R:%[0-9]+]] = tail call i32 @test_0.coalesced(i32 49, ptr @name.0, i32 7)
; CHECK-NEXT:    ret i32 [[R]]
; CHECK-NEXT:  }
define internal i32 @test_0() {
entry:
  %a = call i32 @isqrt(i32 49)
  %f1 = call i32 @expect_eq(ptr @name.0, i32 %a, i32 7)
  %sq = mul i32 %a, %a
  %b = call i32 @isqrt(i32 %sq)
  %f2 = call i32 @expect_eq(ptr @name.0, i32 %b, i32 %a)
  %twice = shl i32 %a, 1
  %up = add i32 %sq, %twice
  %c = call i32 @isqrt(i32 %up)
  %f3 = call i32 @expect_eq(ptr @name.0, i32 %c, i32 %a)
  %f12 = add i32 %f1, %f2
  %fails = add i32 %f12, %f3
  %ok = icmp eq i32 %fails, 0
  br i1 %ok, label %pass, label %done

pass:
  %p = call i32 (ptr, ...) @printf(ptr @fmt.ok, ptr @name.0)
  br label %done

done:
  ret i32 %fails
}

; CHECK-LABEL: define internal i32 @test_1()
; CHECK-NEXT:    [[R:%[0-9]+]] = tail call i32 @test_0.coalesced(i32 50, ptr @name.1, i32 7)
; CHECK-NEXT:    ret i32 [[R]]
; CHECK-NEXT:  }
define internal i32 @test_1() {
entry:
  %a = call i32 @isqrt(i32 50)
  %f1 = call i32 @expect_eq(ptr @name.1, i32 %a, i32 7)
  %sq = mul i32 %a, %a
  %b = call i32 @isqrt(i32 %sq)
  %f2 = call i32 @expect_eq(ptr @name.1, i32 %b, i32 %a)
  %twice = shl i32 %a, 1
  %up = add i32 %sq, %twice
  %c = call i32 @isqrt(i32 %up)
  %f3 = call i32 @expect_eq(ptr @name.1, i32 %c, i32 %a)
  %f12 = add i32 %f1, %f2
  %fails = add i32 %f12, %f3
  %ok = icmp eq i32 %fails, 0
  br i1 %ok, label %pass, label %done

pass:
  %p = call i32 (ptr, ...) @printf(ptr @fmt.ok, ptr @name.1)
  br label %done

done:
  ret i32 %fails
}

; CHECK-LABEL: define internal i32 @test_2()
; CHECK-NEXT:    [[R:%[0-9]+]] = tail call i32 @test_0.coalesced(i32 99, ptr @name.2, i32 9)
; CHECK-NEXT:    ret i32 [[R]]
; CHECK-NEXT:  }
define internal i32 @test_2() {
entry:
  %a = call i32 @isqrt(i32 99)
  %f1 = call i32 @expect_eq(ptr @name.2, i32 %a, i32 9)
  %sq = mul i32 %a, %a
  %b = call i32 @isqrt(i32 %sq)
  %f2 = call i32 @expect_eq(ptr @name.2, i32 %b, i32 %a)
  %twice = shl i32 %a, 1
  %up = add i32 %sq, %twice
  %c = call i32 @isqrt(i32 %up)
  %f3 = call i32 @expect_eq(ptr @name.2, i32 %c, i32 %a)
  %f12 = add i32 %f1, %f2
  %fails = add i32 %f12, %f3
  %ok = icmp eq i32 %fails, 0
  br i1 %ok, label %pass, label %done

pass:
  %p = call i32 (ptr, ...) @printf(ptr @fmt.ok, ptr @name.2)
  br label %done

done:
  ret i32 %fails
}

; CHECK-LABEL: define internal i32 @test_3()
; CHECK-NEXT:    [[R:%[0-9]+]] = tail call i32 @test_0.coalesced(i32 100, ptr @name.3, i32 10)
; CHECK-NEXT:    ret i32 [[R]]
; CHECK-NEXT:  }
define internal i32 @test_3() {
entry:
  %a = call i32 @isqrt(i32 100)
  %f1 = call i32 @expect_eq(ptr @name.3, i32 %a, i32 10)
  %sq = mul i32 %a, %a
  %b = call i32 @isqrt(i32 %sq)
  %f2 = call i32 @expect_eq(ptr @name.3, i32 %b, i32 %a)
  %twice = shl i32 %a, 1
  %up = add i32 %sq, %twice
  %c = call i32 @isqrt(i32 %up)
  %f3 = call i32 @expect_eq(ptr @name.3, i32 %c, i32 %a)
  %f12 = add i32 %f1, %f2
  %fails = add i32 %f12, %f3
  %ok = icmp eq i32 %fails, 0
  br i1 %ok, label %pass, label %done

pass:
  %p = call i32 (ptr, ...) @printf(ptr @fmt.ok, ptr @name.3)
  br label %done

done:
  ret i32 %fails
}

; CHECK-LABEL: define internal i32 @test_4()
; CHECK-NEXT:    [[R:%[0-9]+]] = tail call i32 @test_0.coalesced(i32 1, ptr @name.4, i32 1)
; CHECK-NEXT:    ret i32 [[R]]
; CHECK-NEXT:  }
define internal i32 @test_4() {
entry:
  %a = call i32 @isqrt(i32 1)
  %f1 = call i32 @expect_eq(ptr @name.4, i32 %a, i32 1)
  %sq = mul i32 %a, %a
  %b = call i32 @isqrt(i32 %sq)
  %f2 = call i32 @expect_eq(ptr @name.4, i32 %b, i32 %a)
  %twice = shl i32 %a, 1
  %up = add i32 %sq, %twice
  %c = call i32 @isqrt(i32 %up)
  %f3 = call i32 @expect_eq(ptr @name.4, i32 %c, i32 %a)
  %f12 = add i32 %f1, %f2
  %fails = add i32 %f12, %f3
  %ok = icmp eq i32 %fails, 0
  br i1 %ok, label %pass, label %done

pass:
  %p = call i32 (ptr, ...) @printf(ptr @fmt.ok, ptr @name.4)
  br label %done

done:
  ret i32 %fails
}

; CHECK-LABEL: define internal i32 @test_5()
; CHECK-NEXT:    [[R:%[0-9]+]] = tail call i32 @test_0.coalesced(i32 0, ptr @name.5, i32 0)
; CHECK-NEXT:    ret i32 [[R]]
; CHECK-NEXT:  }
define internal i32 @test_5() {
entry:
  %a = call i32 @isqrt(i32 0)
  %f1 = call i32 @expect_eq(ptr @name.5, i32 %a, i32 0)
  %sq = mul i32 %a, %a
  %b = call i32 @isqrt(i32 %sq)
  %f2 = call i32 @expect_eq(ptr @name.5, i32 %b, i32 %a)
  %twice = shl i32 %a, 1
  %up = add i32 %sq, %twice
  %c = call i32 @isqrt(i32 %up)
  %f3 = call i32 @expect_eq(ptr @name.5, i32 %c, i32 %a)
  %f12 = add i32 %f1, %f2
  %fails = add i32 %f12, %f3
  %ok = icmp eq i32 %fails, 0
  br i1 %ok, label %pass, label %done

pass:
  %p = call i32 (ptr, ...) @printf(ptr @fmt.ok, ptr @name.5)
  br label %done

done:
  ret i32 %fails
}

; CHECK-LABEL: define internal i32 @test_6()
; CHECK-NEXT:    [[R:%[0-9]+]] = tail call i32 @test_0.coalesced(i32 1000, ptr @name.6, i32 31)
; CHECK-NEXT:    ret i32 [[R]]
; CHECK-NEXT:  }
define internal i32 @test_6() {
entry:
  %a = call i32 @isqrt(i32 1000)
  %f1 = call i32 @expect_eq(ptr @name.6, i32 %a, i32 31)
  %sq = mul i32 %a, %a
  %b = call i32 @isqrt(i32 %sq)
  %f2 = call i32 @expect_eq(ptr @name.6, i32 %b, i32 %a)
  %twice = shl i32 %a, 1
  %up = add i32 %sq, %twice
  %c = call i32 @isqrt(i32 %up)
  %f3 = call i32 @expect_eq(ptr @name.6, i32 %c, i32 %a)
  %f12 = add i32 %f1, %f2
  %fails = add i32 %f12, %f3
  %ok = icmp eq i32 %fails, 0
  br i1 %ok, label %pass, label %done

pass:
  %p = call i32 (ptr, ...) @printf(ptr @fmt.ok, ptr @name.6)
  br label %done

done:
  ret i32 %fails
}

; CHECK-LABEL: define internal i32 @test_7()
; CHECK-NEXT:    [[R:%[0-9]+]] = tail call i32 @test_0.coalesced(i32 65535, ptr @name.7, i32 255)
; CHECK-NEXT:    ret i32 [[R]]
; CHECK-NEXT:  }
define internal i32 @test_7() {
entry:
  %a = call i32 @isqrt(i32 65535)
  %f1 = call i32 @expect_eq(ptr @name.7, i32 %a, i32 255)
  %sq = mul i32 %a, %a
  %b = call i32 @isqrt(i32 %sq)
  %f2 = call i32 @expect_eq(ptr @name.7, i32 %b, i32 %a)
  %twice = shl i32 %a, 1
  %up = add i32 %sq, %twice
  %c = call i32 @isqrt(i32 %up)
  %f3 = call i32 @expect_eq(ptr @name.7, i32 %c, i32 %a)
  %f12 = add i32 %f1, %f2
  %fails = add i32 %f12, %f3
  %ok = icmp eq i32 %fails, 0
  br i1 %ok, label %pass, label %done

pass:
  %p = call i32 (ptr, ...) @printf(ptr @fmt.ok, ptr @name.7)
  br label %done

done:
  ret i32 %fails
}

; CHECK-LABEL: define internal i32 @test_8()
; CHECK-NEXT:    [[R:%[0-9]+]] = tail call i32 @test_0.coalesced(i32 12, ptr @name.8, i32 4)
; CHECK-NEXT:    ret i32 [[R]]
; CHECK-NEXT:  }
define internal i32 @test_8() {
entry:
  %a = call i32 @isqrt(i32 12)
  %f1 = call i32 @expect_eq(ptr @name.8, i32 %a, i32 4)
  %sq = mul i32 %a, %a
  %b = call i32 @isqrt(i32 %sq)
  %f2 = call i32 @expect_eq(ptr @name.8, i32 %b, i32 %a)
  %twice = shl i32 %a, 1
  %up = add i32 %sq, %twice
  %c = call i32 @isqrt(i32 %up)
  %f3 = call i32 @expect_eq(ptr @name.8, i32 %c, i32 %a)
  %f12 = add i32 %f1, %f2
  %fails = add i32 %f12, %f3
  %ok = icmp eq i32 %fails, 0
  br i1 %ok, label %pass, label %done

pass:
  %p = call i32 (ptr, ...) @printf(ptr @fmt.ok, ptr @name.8)
  br label %done

done:
  ret i32 %fails
}

; CHECK-LABEL: define internal i32 @test_9()
; CHECK-NEXT:    [[R:%[0-9]+]] = tail call i32 @test_0.coalesced(i32 81, ptr @name.9, i32 9)
; CHECK-NEXT:    ret i32 [[R]]
; CHECK-NEXT:  }
define internal i32 @test_9() {
entry:
  %a = call i32 @isqrt(i32 81)
  %f1 = call i32 @expect_eq(ptr @name.9, i32 %a, i32 9)
  %sq = mul i32 %a, %a
  %b = call i32 @isqrt(i32 %sq)
  %f2 = call i32 @expect_eq(ptr @name.9, i32 %b, i32 %a)
  %twice = shl i32 %a, 1
  %up = add i32 %sq, %twice
  %c = call i32 @isqrt(i32 %up)
  %f3 = call i32 @expect_eq(ptr @name.9, i32 %c, i32 %a)
  %f12 = add i32 %f1, %f2
  %fails = add i32 %f12, %f3
  %ok = icmp eq i32 %fails, 0
  br i1 %ok, label %pass, label %done

pass:
  %p = call i32 (ptr, ...) @printf(ptr @fmt.ok, ptr @name.9)
  br label %done

done:
  ret i32 %fails
}

; CHECK-LABEL: define internal i32 @test_0.coalesced(i32 %0, ptr %1, i32 %2)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %a = call i32 @isqrt(i32 %0)
; CHECK-NEXT:    %f1 = call i32 @expect_eq(ptr %1, i32 %a, i32 %2)
; CHECK:         %f2 = call i32 @expect_eq(ptr %1, i32 %b, i32 %a)
; CHECK:         %f3 = call i32 @expect_eq(ptr %1, i32 %c, i32 %a)
; CHECK:         %p = call i32 (ptr, ...) @printf(ptr @fmt.ok, ptr %1)
; CHECK-NOT:   define

; OUT:      [       OK ] Isqrt.Case0
; OUT-NEXT: [       OK ] Isqrt.Case1
; OUT-NEXT: [       OK ] Isqrt.Case2
; OUT-NEXT: [       OK ] Isqrt.Case3
; OUT-NEXT: [       OK ] Isqrt.Case4
; OUT-NEXT: [       OK ] Isqrt.Case5
; OUT-NEXT: [       OK ] Isqrt.Case6
; OUT-NEXT: [       OK ] Isqrt.Case7
; OUT-NEXT: [  FAILED  ] Isqrt.Case8: 3 != 4
; OUT-NEXT: [       OK ] Isqrt.Case9
; OUT-NEXT: 10 tests ran, 1 checks failed
