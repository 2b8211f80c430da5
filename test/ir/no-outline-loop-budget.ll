; RUN: %opt-coalesce -passes=coalesce-outline -coalesce-verify -S %s | FileCheck %s
; RUN: %opt-coalesce -passes=coalesce-outline -pass-remarks-missed=coalesce-outline -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt-coalesce -passes=coalesce-outline -coalesce-hot-share=0 -pass-remarks-missed=coalesce-outline -disable-output %s 2>&1 | FileCheck %s --check-prefix=BUDGET
; RUN: %opt-coalesce -passes=coalesce-outline -coalesce-hot-share=0 -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s --check-prefix=RAISED
; Purpose: calls stay out of loops. @f, @g, @h each run a shared 23-instruction loop body (their loop controls differ, so the loops as a whole are not alike). The loops are where the program spends its instructions, so they are hot and nothing is outlined (a NotOutlined remark says the sites are in hot code). With no code counted hot (-coalesce-hot-share=0), the run-time budget keeps them out: a call there would run once per iteration, far more than the default budget of 5 per mille of the program's estimated executed instructions. With the budget at 1000 per mille as well, the body is outlined and each loop calls it with its own step.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
; CHECK-LABEL: define i64 @f(
; CHECK-NOT:     @coalesce.outlined
; CHECK:       loop:
; CHECK-NEXT:    %i = phi i64
; CHECK-NEXT:    %e = getelementptr inbounds [8 x i32], ptr %buf, i64 %i
; CHECK-NOT:     @coalesce.outlined
; CHECK:         store i32 %k4, ptr %b4, align 4
; RAISED-LABEL: define i64 @f(
; RAISED:       loop:
; RAISED-NEXT:    %i = phi i64 [ 0, %entry ], [ [[F:%[0-9]+]], %loop ]
; RAISED-NEXT:    [[F]] = call i64 @coalesce.outlined.0(ptr %buf, i64 %i, i64 1)
; RAISED-NEXT:    %c = icmp ult i64 [[F]], %n2
define i64 @f(ptr %p, ptr %buf, i64 %n) minsize {
entry:
  %n2 = add i64 %n, 7
  %sub = load i64, ptr %p, align 8
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %e = getelementptr inbounds [8 x i32], ptr %buf, i64 %i
  %w0 = load i32, ptr %e, align 4
  %b1 = getelementptr inbounds i8, ptr %e, i64 4
  %w1 = load i32, ptr %b1, align 4
  %t1 = add i32 %w0, %w1
  %b2 = getelementptr inbounds i8, ptr %e, i64 8
  %w2 = load i32, ptr %b2, align 4
  %u2 = xor i32 %t1, %w2
  %b3 = getelementptr inbounds i8, ptr %e, i64 12
  %w3 = load i32, ptr %b3, align 4
  %q3 = or i32 %u2, %w3
  store i32 %q3, ptr %e, align 4
  %sk = shl i32 %q3, 3
  store i32 %sk, ptr %b1, align 4
  %lsub = sub i32 %sk, %w0
  store i32 %lsub, ptr %b2, align 4
  %b4 = getelementptr inbounds i8, ptr %e, i64 16
  %w4 = load i32, ptr %b4, align 4
  %j4 = and i32 %lsub, %w4
  store i32 %j4, ptr %b3, align 4
  %k4 = add i32 %j4, %t1
  store i32 %k4, ptr %b4, align 4
  %i.next = add nuw i64 %i, 1
  %c = icmp ult i64 %i.next, %n2
  br i1 %c, label %loop, label %exit

exit:
  %r = add i64 %sub, %n2
  ret i64 %r
}

; CHECK-LABEL: define i64 @g(
; CHECK-NOT:     @coalesce.outlined
; CHECK:       loop:
; CHECK-NEXT:    %i = phi i64
; CHECK-NEXT:    %e = getelementptr inbounds [8 x i32], ptr %buf, i64 %i
; CHECK-NOT:     @coalesce.outlined
; CHECK:         store i32 %k4, ptr %b4, align 4
; RAISED-LABEL: define i64 @g(
; RAISED:       loop:
; RAISED-NEXT:    %i = phi i64 [ 0, %entry ], [ [[G:%[0-9]+]], %loop ]
; RAISED-NEXT:    [[G]] = call i64 @coalesce.outlined.0(ptr %buf, i64 %i, i64 2)
; RAISED-NEXT:    %c = icmp eq i64 [[G]], %n2
define i64 @g(ptr %q, ptr %buf, i64 %n) minsize {
entry:
  %k = udiv i64 %n, 3
  %n2 = or i64 %k, 1
  %sub = load i64, ptr %q, align 8
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %e = getelementptr inbounds [8 x i32], ptr %buf, i64 %i
  %w0 = load i32, ptr %e, align 4
  %b1 = getelementptr inbounds i8, ptr %e, i64 4
  %w1 = load i32, ptr %b1, align 4
  %t1 = add i32 %w0, %w1
  %b2 = getelementptr inbounds i8, ptr %e, i64 8
  %w2 = load i32, ptr %b2, align 4
  %u2 = xor i32 %t1, %w2
  %b3 = getelementptr inbounds i8, ptr %e, i64 12
  %w3 = load i32, ptr %b3, align 4
  %q3 = or i32 %u2, %w3
  store i32 %q3, ptr %e, align 4
  %sk = shl i32 %q3, 3
  store i32 %sk, ptr %b1, align 4
  %lsub = sub i32 %sk, %w0
  store i32 %lsub, ptr %b2, align 4
  %b4 = getelementptr inbounds i8, ptr %e, i64 16
  %w4 = load i32, ptr %b4, align 4
  %j4 = and i32 %lsub, %w4
  store i32 %j4, ptr %b3, align 4
  %k4 = add i32 %j4, %t1
  store i32 %k4, ptr %b4, align 4
  %i.next = add nuw i64 %i, 2
  %c = icmp eq i64 %i.next, %n2
  br i1 %c, label %exit, label %loop

exit:
  %r = mul i64 %sub, %n2
  ret i64 %r
}

; CHECK-LABEL: define i64 @h(
; CHECK-NOT:     @coalesce.outlined
; CHECK:       loop:
; CHECK-NEXT:    %i = phi i64
; CHECK-NEXT:    %e = getelementptr inbounds [8 x i32], ptr %buf, i64 %i
; CHECK-NOT:     @coalesce.outlined
; CHECK:         store i32 %k4, ptr %b4, align 4
; RAISED-LABEL: define i64 @h(
; RAISED:       loop:
; RAISED-NEXT:    %i = phi i64 [ 0, %entry ], [ [[H:%[0-9]+]], %loop ]
; RAISED-NEXT:    [[H]] = call i64 @coalesce.outlined.0(ptr %buf, i64 %i, i64 1)
; RAISED-NEXT:    %c = icmp slt i64 [[H]], %n2
define i64 @h(ptr %s, ptr %buf, i64 %n) minsize {
entry:
  %n2 = shl i64 %n, 2
  %sub = load i64, ptr %s, align 8
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %e = getelementptr inbounds [8 x i32], ptr %buf, i64 %i
  %w0 = load i32, ptr %e, align 4
  %b1 = getelementptr inbounds i8, ptr %e, i64 4
  %w1 = load i32, ptr %b1, align 4
  %t1 = add i32 %w0, %w1
  %b2 = getelementptr inbounds i8, ptr %e, i64 8
  %w2 = load i32, ptr %b2, align 4
  %u2 = xor i32 %t1, %w2
  %b3 = getelementptr inbounds i8, ptr %e, i64 12
  %w3 = load i32, ptr %b3, align 4
  %q3 = or i32 %u2, %w3
  store i32 %q3, ptr %e, align 4
  %sk = shl i32 %q3, 3
  store i32 %sk, ptr %b1, align 4
  %lsub = sub i32 %sk, %w0
  store i32 %lsub, ptr %b2, align 4
  %b4 = getelementptr inbounds i8, ptr %e, i64 16
  %w4 = load i32, ptr %b4, align 4
  %j4 = and i32 %lsub, %w4
  store i32 %j4, ptr %b3, align 4
  %k4 = add i32 %j4, %t1
  store i32 %k4, ptr %b4, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp slt i64 %i.next, %n2
  br i1 %c, label %loop, label %exit

exit:
  %r = sub i64 %n2, %sub
  ret i64 %r
}

; CHECK-NOT:   define {{.*}}@coalesce.outlined

; REMARK: remark: {{.*}}not outlined: 3 similar regions of 23 instructions are in hot code (3 of 3)
; BUDGET: remark: {{.*}}not outlined: 3 similar regions of 23 instructions are over the run-time budget (3 of 3)

; RAISED:      define internal i64 @coalesce.outlined.0(ptr %buf, i64 %i, i64 [[STEP:%[a-z0-9]+]]) unnamed_addr
; RAISED-NEXT: entry:
; RAISED-NEXT:   %e = getelementptr inbounds [8 x i32], ptr %buf, i64 %i
; RAISED:        store i32 %k4, ptr %b4, align 4
; RAISED-NEXT:   %i.next = add nuw i64 %i, [[STEP]]
; RAISED-NEXT:   ret i64 %i.next
