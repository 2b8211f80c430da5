; Input of stages-time-trace-and-stats.ll: a program where identical
; merging, merging up to constants and outlining each have work (main's
; loop calls @check; @check, @report_a and @report_b share a run).
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i32 @main(i32 %argc, ptr %argv) minsize {
entry:
  %buf = alloca [8 x i32], align 16
  call void @llvm.memset.p0.i64(ptr %buf, i8 0, i64 32, i1 false)
  %n = zext i32 %argc to i64
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %i32 = trunc i64 %i to i32
  %c = call i32 @check(ptr %buf, i32 %i32)
  %acc.next = add i32 %acc, %c
  %i.next = add nuw i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %done

done:
  %r1 = call i32 @report_a(ptr %buf, i32 %acc.next)
  %r2 = call i32 @report_b(ptr %buf, i32 %r1)
  ret i32 %r2
}

define internal i32 @check(ptr %p, i32 %n) minsize {
entry:
  %k = add i32 %n, 7
  %v0 = load i32, ptr %p, align 4
  %a1 = getelementptr inbounds i8, ptr %p, i64 4
  %v1 = load i32, ptr %a1, align 4
  %s1 = add i32 %v0, %v1
  %a2 = getelementptr inbounds i8, ptr %p, i64 8
  %v2 = load i32, ptr %a2, align 4
  %x2 = xor i32 %s1, %v2
  %a3 = getelementptr inbounds i8, ptr %p, i64 12
  %v3 = load i32, ptr %a3, align 4
  %o3 = or i32 %x2, %v3
  store i32 %o3, ptr %p, align 4
  %sh = shl i32 %o3, 3
  store i32 %sh, ptr %a1, align 4
  %sub = sub i32 %sh, %v0
  store i32 %sub, ptr %a2, align 4
  %a4 = getelementptr inbounds i8, ptr %p, i64 16
  %v4 = load i32, ptr %a4, align 4
  %y4 = and i32 %sub, %v4
  store i32 %y4, ptr %a3, align 4
  %z4 = add i32 %y4, %s1
  store i32 %z4, ptr %a4, align 4
  %r = add i32 %sub, %k
  ret i32 %r
}

define internal i32 @report_a(ptr %p, i32 %n) minsize {
entry:
  %k = udiv i32 %n, 3
  %v0 = load i32, ptr %p, align 4
  %a1 = getelementptr inbounds i8, ptr %p, i64 4
  %v1 = load i32, ptr %a1, align 4
  %s1 = add i32 %v0, %v1
  %a2 = getelementptr inbounds i8, ptr %p, i64 8
  %v2 = load i32, ptr %a2, align 4
  %x2 = xor i32 %s1, %v2
  %a3 = getelementptr inbounds i8, ptr %p, i64 12
  %v3 = load i32, ptr %a3, align 4
  %o3 = or i32 %x2, %v3
  store i32 %o3, ptr %p, align 4
  %sh = shl i32 %o3, 3
  store i32 %sh, ptr %a1, align 4
  %sub = sub i32 %sh, %v0
  store i32 %sub, ptr %a2, align 4
  %a4 = getelementptr inbounds i8, ptr %p, i64 16
  %v4 = load i32, ptr %a4, align 4
  %y4 = and i32 %sub, %v4
  store i32 %y4, ptr %a3, align 4
  %z4 = add i32 %y4, %s1
  store i32 %z4, ptr %a4, align 4
  %r = mul i32 %sub, %k
  ret i32 %r
}

define internal i32 @report_b(ptr %p, i32 %n) minsize {
entry:
  %k = shl i32 %n, 2
  %v0 = load i32, ptr %p, align 4
  %a1 = getelementptr inbounds i8, ptr %p, i64 4
  %v1 = load i32, ptr %a1, align 4
  %s1 = add i32 %v0, %v1
  %a2 = getelementptr inbounds i8, ptr %p, i64 8
  %v2 = load i32, ptr %a2, align 4
  %x2 = xor i32 %s1, %v2
  %a3 = getelementptr inbounds i8, ptr %p, i64 12
  %v3 = load i32, ptr %a3, align 4
  %o3 = or i32 %x2, %v3
  store i32 %o3, ptr %p, align 4
  %sh = shl i32 %o3, 3
  store i32 %sh, ptr %a1, align 4
  %sub = sub i32 %sh, %v0
  store i32 %sub, ptr %a2, align 4
  %a4 = getelementptr inbounds i8, ptr %p, i64 16
  %v4 = load i32, ptr %a4, align 4
  %y4 = and i32 %sub, %v4
  store i32 %y4, ptr %a3, align 4
  %z4 = add i32 %y4, %s1
  store i32 %z4, ptr %a4, align 4
  %r = xor i32 %sub, %k
  ret i32 %r
}


declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

; Two identical functions (merge identical) and two that differ in one
; constant (merge up to constants).
define i32 @same_a(i32 %x) minsize {
  %a = mul i32 %x, 13
  %b = xor i32 %a, 91
  %c = add i32 %b, %x
  %d = shl i32 %c, 3
  %e = sub i32 %d, %a
  ret i32 %e
}

define i32 @same_b(i32 %x) minsize {
  %a = mul i32 %x, 13
  %b = xor i32 %a, 91
  %c = add i32 %b, %x
  %d = shl i32 %c, 3
  %e = sub i32 %d, %a
  ret i32 %e
}

define i32 @by_7(ptr %p, i32 %x) minsize {
  %v = load i32, ptr %p, align 4
  %a = mul i32 %v, %x
  %b = xor i32 %a, 7
  %q = getelementptr inbounds i8, ptr %p, i64 4
  %w = load i32, ptr %q, align 4
  %c = add i32 %b, %w
  %d = udiv i32 %c, 5
  store i32 %d, ptr %q, align 4
  %e = sub i32 %d, %a
  %f = or i32 %e, %w
  store i32 %f, ptr %p, align 4
  ret i32 %f
}

define i32 @by_9(ptr %p, i32 %x) minsize {
  %v = load i32, ptr %p, align 4
  %a = mul i32 %v, %x
  %b = xor i32 %a, 9
  %q = getelementptr inbounds i8, ptr %p, i64 4
  %w = load i32, ptr %q, align 4
  %c = add i32 %b, %w
  %d = udiv i32 %c, 5
  store i32 %d, ptr %q, align 4
  %e = sub i32 %d, %a
  %f = or i32 %e, %w
  store i32 %f, ptr %p, align 4
  ret i32 %f
}

define i32 @user(ptr %p, i32 %x) {
  %r1 = call i32 @same_a(i32 %x)
  %r2 = call i32 @same_b(i32 %r1)
  %r3 = call i32 @by_7(ptr %p, i32 %r2)
  %r4 = call i32 @by_9(ptr %p, i32 %r3)
  ret i32 %r4
}
