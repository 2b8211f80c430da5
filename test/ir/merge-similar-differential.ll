; RUN: %opt-coalesce -passes=coalesce-merge-similar -coalesce-runtime-budget=1000 -coalesce-print-merges -coalesce-verify -S %s -o %t.ll 2> %t.list
; RUN: FileCheck %s --check-prefix=LIST --input-file=%t.list
; RUN: %llvm_bin/lli -force-interpreter %s > %t.before
; RUN: %llvm_bin/lli -force-interpreter %t.ll > %t.after
; RUN: FileCheck %s --check-prefix=OUT --input-file=%t.after
; RUN: diff %t.before %t.after
; Purpose: differential: four similar pairs (a statement more, a different callee, an inverted branch with a different mask, a block more) merge, and the program prints the same before and after when the interpreter runs it, each function called with several inputs on both sides of its branches.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; LIST-DAG: merged 'score_noted' ({{[a-z]+}}, similar: a selector chooses
; LIST-DAG: merged 'score_plain' ({{[a-z]+}}, similar: a selector chooses
; LIST-DAG: merged 'apply_sq' ({{[a-z]+}}, similar: a selector chooses
; LIST-DAG: merged 'apply_cube' ({{[a-z]+}}, similar: a selector chooses
; LIST-DAG: merged 'pick_lt' ({{[a-z]+}}, similar: a selector chooses
; LIST-DAG: merged 'pick_ge' ({{[a-z]+}}, similar: a selector chooses
; LIST-DAG: merged 'clamp_hi' ({{[a-z]+}}, similar: a selector chooses
; LIST-DAG: merged 'clamp_no' ({{[a-z]+}}, similar: a selector chooses
; LIST: 8 merged

; OUT:      score_noted(8) = 3224, logged = 80
; OUT-NEXT: score_plain(8) = 3224, logged = 80
; OUT-NEXT: score_noted(0) = 200, logged = 2744
; OUT-NEXT: score_plain(3) = 20827, logged = 2744
; OUT-NEXT: apply_sq(8) = -3705444, logged = 2744
; OUT-NEXT: apply_cube(8) = -170264970, logged = 2744
; OUT-NEXT: apply_sq(2) = 549109441, logged = 2744
; OUT-NEXT: apply_cube(5) = 200179435, logged = 2744
; OUT-NEXT: pick_lt(7) = 703, logged = 2744
; OUT-NEXT: pick_ge(7) = 319, logged = 2744
; OUT-NEXT: pick_lt(500) = 1868885964, logged = 2744
; OUT-NEXT: pick_ge(500) = 1868885964, logged = 2744
; OUT-NEXT: pick_ge(99) = 1355, logged = 2744
; OUT-NEXT: pick_lt(100) = 177415, logged = 2744
; OUT-NEXT: clamp_hi(2000) = 1038498935, logged = 2744
; OUT-NEXT: clamp_no(2000) = 2087292519, logged = 2744
; OUT-NEXT: clamp_hi(-5) = 1752388345, logged = 2744
; OUT-NEXT: clamp_no(-5) = 1752388345, logged = 2744

@logged = internal global i32 0
@ga = internal global i32 5
@fmt = private unnamed_addr constant [26 x i8] c"%s(%d) = %d, logged = %d\0A\00"
@name.score_noted = private unnamed_addr constant [12 x i8] c"score_noted\00"
@name.score_plain = private unnamed_addr constant [12 x i8] c"score_plain\00"
@name.apply_sq = private unnamed_addr constant [9 x i8] c"apply_sq\00"
@name.apply_cube = private unnamed_addr constant [11 x i8] c"apply_cube\00"
@name.pick_lt = private unnamed_addr constant [8 x i8] c"pick_lt\00"
@name.pick_ge = private unnamed_addr constant [8 x i8] c"pick_ge\00"
@name.clamp_hi = private unnamed_addr constant [9 x i8] c"clamp_hi\00"
@name.clamp_no = private unnamed_addr constant [9 x i8] c"clamp_no\00"
@data = internal global [8 x i32] [i32 3, i32 -7, i32 11, i32 250, i32 -1000, i32 42, i32 9, i32 77]

declare i32 @printf(ptr, ...)

define internal void @note(i32 %x) noinline {
  %l = load i32, ptr @logged, align 4
  %m = mul i32 %l, 31
  %a = add i32 %m, %x
  store i32 %a, ptr @logged, align 4
  ret void
}

define internal i32 @sq(i32 %x) noinline {
  %m = mul i32 %x, %x
  %a = add i32 %m, 1
  ret i32 %a
}

define internal i32 @cube(i32 %x) noinline {
  %m = mul i32 %x, %x
  %c = mul i32 %m, %x
  %a = sub i32 %c, 2
  ret i32 %a
}

; Pair 1: a statement more (the call to @note).
define internal i32 @score_noted(ptr %v, i32 %n) {
entry:
  %v0 = load i32, ptr %v, align 4
  %m0 = mul i32 %v0, 24
  %k = add i32 %m0, %n
  call void @note(i32 %k)
  %p1 = getelementptr inbounds i32, ptr %v, i64 1
  %v1 = load i32, ptr %p1, align 4
  %x1 = xor i32 %k, %v1
  %init = shl i32 %x1, 2
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %loop, label %done
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ %init, %entry ], [ %acc.next, %loop ]
  %idx = zext i32 %i to i64
  %pi = getelementptr inbounds i32, ptr %v, i64 %idx
  %vi = load i32, ptr %pi, align 4
  %sq = mul i32 %vi, %vi
  %ai = add i32 %acc, %i
  %xi = xor i32 %sq, %ai
  %acc.next = add i32 %acc, %xi
  %i.next = add nuw nsw i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  %r = phi i32 [ %init, %entry ], [ %acc.next, %loop ]
  %r1 = ashr i32 %r, 3
  %r2 = mul i32 %r1, %k
  %r3 = or i32 %r2, %n
  %r4 = and i32 %r3, 65535
  ret i32 %r4
}

define internal i32 @score_plain(ptr %v, i32 %n) {
entry:
  %v0 = load i32, ptr %v, align 4
  %m0 = mul i32 %v0, 24
  %k = add i32 %m0, %n
  %p1 = getelementptr inbounds i32, ptr %v, i64 1
  %v1 = load i32, ptr %p1, align 4
  %x1 = xor i32 %k, %v1
  %init = shl i32 %x1, 2
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %loop, label %done
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ %init, %entry ], [ %acc.next, %loop ]
  %idx = zext i32 %i to i64
  %pi = getelementptr inbounds i32, ptr %v, i64 %idx
  %vi = load i32, ptr %pi, align 4
  %sq = mul i32 %vi, %vi
  %ai = add i32 %acc, %i
  %xi = xor i32 %sq, %ai
  %acc.next = add i32 %acc, %xi
  %i.next = add nuw nsw i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  %r = phi i32 [ %init, %entry ], [ %acc.next, %loop ]
  %r1 = ashr i32 %r, 3
  %r2 = mul i32 %r1, %k
  %r3 = or i32 %r2, %n
  %r4 = and i32 %r3, 65535
  ret i32 %r4
}

; Pair 2: a different callee (@sq, @cube).
define internal i32 @apply_sq(ptr %v, i32 %n) {
entry:
  %v0 = load i32, ptr %v, align 4
  %m0 = mul i32 %v0, 13
  %k = add i32 %m0, %n
  %t = call i32 @sq(i32 %k)
  %p1 = getelementptr inbounds i32, ptr %v, i64 1
  %v1 = load i32, ptr %p1, align 4
  %x1 = xor i32 %t, %v1
  %init = sub i32 %x1, %k
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %loop, label %done
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ %init, %entry ], [ %acc.next, %loop ]
  %idx = zext i32 %i to i64
  %pi = getelementptr inbounds i32, ptr %v, i64 %idx
  %vi = load i32, ptr %pi, align 4
  %xi = xor i32 %vi, %i
  %a3 = mul i32 %acc, 3
  %acc.next = add i32 %a3, %xi
  %i.next = add nuw nsw i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  %r = phi i32 [ %init, %entry ], [ %acc.next, %loop ]
  %r1 = ashr i32 %r, 2
  %r2 = add i32 %r1, %t
  %n4 = shl i32 %n, 4
  %r3 = xor i32 %r2, %n4
  ret i32 %r3
}

define internal i32 @apply_cube(ptr %v, i32 %n) {
entry:
  %v0 = load i32, ptr %v, align 4
  %m0 = mul i32 %v0, 13
  %k = add i32 %m0, %n
  %t = call i32 @cube(i32 %k)
  %p1 = getelementptr inbounds i32, ptr %v, i64 1
  %v1 = load i32, ptr %p1, align 4
  %x1 = xor i32 %t, %v1
  %init = sub i32 %x1, %k
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %loop, label %done
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ %init, %entry ], [ %acc.next, %loop ]
  %idx = zext i32 %i to i64
  %pi = getelementptr inbounds i32, ptr %v, i64 %idx
  %vi = load i32, ptr %pi, align 4
  %xi = xor i32 %vi, %i
  %a3 = mul i32 %acc, 3
  %acc.next = add i32 %a3, %xi
  %i.next = add nuw nsw i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  %r = phi i32 [ %init, %entry ], [ %acc.next, %loop ]
  %r1 = ashr i32 %r, 2
  %r2 = add i32 %r1, %t
  %n4 = shl i32 %n, 4
  %r3 = xor i32 %r2, %n4
  ret i32 %r3
}

; Pair 3: the branch tests the inverse condition with its successors
; swapped, and one mask differs (255, 127).
define internal i32 @pick_lt(ptr %v, i32 %x) {
entry:
  %k = load i32, ptr %v, align 4
  %b = mul i32 %k, 24
  %c = add i32 %b, %x
  %d = xor i32 %c, %k
  %cmp = icmp ult i32 %x, 100
  br i1 %cmp, label %small, label %big
small:
  %s1 = shl i32 %d, 2
  %s2 = sub i32 %s1, %b
  %s3 = and i32 %s2, 255
  store i32 %s3, ptr @ga, align 4
  br label %done
big:
  %b1 = lshr i32 %d, 3
  %b2 = mul i32 %b1, %c
  %b3 = or i32 %b2, 1
  %b4 = load i32, ptr @ga, align 4
  %b5 = add i32 %b3, %b4
  br label %done
done:
  %r = phi i32 [ %s3, %small ], [ %b5, %big ]
  %r1 = mul i32 %r, %k
  %r2 = xor i32 %r1, %x
  %r3 = add i32 %r2, %k
  %r4 = xor i32 %r3, %b
  %r5 = xor i32 %r4, %b
  %r6 = sub i32 %r5, %k
  %r7 = add i32 %r6, 12345
  %r8 = sub i32 %r7, 12345
  ret i32 %r8
}

define internal i32 @pick_ge(ptr %v, i32 %x) {
entry:
  %k = load i32, ptr %v, align 4
  %b = mul i32 %k, 24
  %c = add i32 %b, %x
  %d = xor i32 %c, %k
  %cmp = icmp uge i32 %x, 100
  br i1 %cmp, label %big, label %small
small:
  %s1 = shl i32 %d, 2
  %s2 = sub i32 %s1, %b
  %s3 = and i32 %s2, 127
  store i32 %s3, ptr @ga, align 4
  br label %done
big:
  %b1 = lshr i32 %d, 3
  %b2 = mul i32 %b1, %c
  %b3 = or i32 %b2, 1
  %b4 = load i32, ptr @ga, align 4
  %b5 = add i32 %b3, %b4
  br label %done
done:
  %r = phi i32 [ %s3, %small ], [ %b5, %big ]
  %r1 = mul i32 %r, %k
  %r2 = xor i32 %r1, %x
  %r3 = add i32 %r2, %k
  %r4 = xor i32 %r3, %b
  %r5 = xor i32 %r4, %b
  %r6 = sub i32 %r5, %k
  %r7 = add i32 %r6, 12345
  %r8 = sub i32 %r7, 12345
  ret i32 %r8
}

; Pair 4: a block more: @clamp_hi caps its value at 1000 (if (t > 1000) t = 1000).
define internal i32 @clamp_hi(ptr %v, i32 %x) {
entry:
  %k = load i32, ptr %v, align 4
  %b = mul i32 %k, 7
  %c = add i32 %b, %x
  %d = xor i32 %c, %k
  %e = shl i32 %d, 1
  %f = sub i32 %e, %b
  %too = icmp sgt i32 %f, 1000
  br i1 %too, label %cap, label %join
cap:
  store i32 %f, ptr @ga, align 4
  br label %join
join:
  %t = phi i32 [ 1000, %cap ], [ %f, %entry ]
  %t1 = mul i32 %t, 3
  %t2 = add i32 %t1, %k
  %t3 = xor i32 %t2, %x
  %t4 = and i32 %t3, 1048575
  %t5 = or i32 %t4, 16
  %t6 = sub i32 %t5, %c
  %t7 = mul i32 %t6, %d
  %t8 = lshr i32 %t7, 5
  %t9 = xor i32 %t8, %t7
  %t10 = mul i32 %t9, 2654435761
  %t11 = add i32 %t10, %b
  %t12 = and i32 %t11, 2147483647
  ret i32 %t12
}

define internal i32 @clamp_no(ptr %v, i32 %x) {
entry:
  %k = load i32, ptr %v, align 4
  %b = mul i32 %k, 7
  %c = add i32 %b, %x
  %d = xor i32 %c, %k
  %e = shl i32 %d, 1
  %f = sub i32 %e, %b
  br label %join
join:
  %t1 = mul i32 %f, 3
  %t2 = add i32 %t1, %k
  %t3 = xor i32 %t2, %x
  %t4 = and i32 %t3, 1048575
  %t5 = or i32 %t4, 16
  %t6 = sub i32 %t5, %c
  %t7 = mul i32 %t6, %d
  %t8 = lshr i32 %t7, 5
  %t9 = xor i32 %t8, %t7
  %t10 = mul i32 %t9, 2654435761
  %t11 = add i32 %t10, %b
  %t12 = and i32 %t11, 2147483647
  ret i32 %t12
}

define internal void @show(ptr %name, i32 %arg, i32 %r) {
  %l = load i32, ptr @logged, align 4
  %p = call i32 (ptr, ...) @printf(ptr @fmt, ptr %name, i32 %arg, i32 %r, i32 %l)
  ret void
}

define i32 @main() {
  %d2 = getelementptr inbounds i32, ptr @data, i64 2
  %d4 = getelementptr inbounds i32, ptr @data, i64 4
  %a1 = call i32 @score_noted(ptr @data, i32 8)
  call void @show(ptr @name.score_noted, i32 8, i32 %a1)
  %a2 = call i32 @score_plain(ptr @data, i32 8)
  call void @show(ptr @name.score_plain, i32 8, i32 %a2)
  %a3 = call i32 @score_noted(ptr %d2, i32 0)
  call void @show(ptr @name.score_noted, i32 0, i32 %a3)
  %a4 = call i32 @score_plain(ptr %d4, i32 3)
  call void @show(ptr @name.score_plain, i32 3, i32 %a4)
  %b1 = call i32 @apply_sq(ptr @data, i32 8)
  call void @show(ptr @name.apply_sq, i32 8, i32 %b1)
  %b2 = call i32 @apply_cube(ptr @data, i32 8)
  call void @show(ptr @name.apply_cube, i32 8, i32 %b2)
  %b3 = call i32 @apply_sq(ptr %d4, i32 2)
  call void @show(ptr @name.apply_sq, i32 2, i32 %b3)
  %b4 = call i32 @apply_cube(ptr %d2, i32 5)
  call void @show(ptr @name.apply_cube, i32 5, i32 %b4)
  %c1 = call i32 @pick_lt(ptr @data, i32 7)
  call void @show(ptr @name.pick_lt, i32 7, i32 %c1)
  %c2 = call i32 @pick_ge(ptr @data, i32 7)
  call void @show(ptr @name.pick_ge, i32 7, i32 %c2)
  %c3 = call i32 @pick_lt(ptr %d4, i32 500)
  call void @show(ptr @name.pick_lt, i32 500, i32 %c3)
  %c4 = call i32 @pick_ge(ptr %d4, i32 500)
  call void @show(ptr @name.pick_ge, i32 500, i32 %c4)
  %c5 = call i32 @pick_ge(ptr %d2, i32 99)
  call void @show(ptr @name.pick_ge, i32 99, i32 %c5)
  %c6 = call i32 @pick_lt(ptr %d2, i32 100)
  call void @show(ptr @name.pick_lt, i32 100, i32 %c6)
  %e1 = call i32 @clamp_hi(ptr @data, i32 2000)
  call void @show(ptr @name.clamp_hi, i32 2000, i32 %e1)
  %e2 = call i32 @clamp_no(ptr @data, i32 2000)
  call void @show(ptr @name.clamp_no, i32 2000, i32 %e2)
  %e3 = call i32 @clamp_hi(ptr %d2, i32 -5)
  call void @show(ptr @name.clamp_hi, i32 -5, i32 %e3)
  %e4 = call i32 @clamp_no(ptr %d2, i32 -5)
  call void @show(ptr @name.clamp_no, i32 -5, i32 %e4)
  ret i32 0
}
