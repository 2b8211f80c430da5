; Three minsize functions share two runs: 18 instructions on %p, with a
; constant that differs (10, 12, 14), which the outliner takes; and 3 on %q,
; which would save too little. The runs are fenced by instructions unalike
; in each function. @four holds the last 10 instructions of the long run
; and nothing else; @main calls it in a nest of two loops, which makes its
; site hot, so the group of those 10 is outlined in 3 of its 4 regions.
; @one, @two and @three run once, and the loops make the program's
; estimated instructions enough for their calls to fit the default
; run-time budget.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i64 @one(ptr %p, ptr %q, double %d, i64 %x) minsize optsize {
entry:
  %b0 = load i64, ptr %q, align 8
  %b1 = add i64 %b0, 1
  store i64 %b1, ptr %q, align 8
  %s1 = fneg double %d
  %a0 = load i32, ptr %p, align 4
  %a1 = mul i32 %a0, 10
  %a2 = xor i32 %a1, %a0
  %a3 = getelementptr inbounds i8, ptr %p, i64 4
  %a4 = load i32, ptr %a3, align 4
  %a5 = sub i32 %a2, %a4
  %a6 = shl i32 %a5, 3
  store i32 %a6, ptr %a3, align 4
  %a7 = getelementptr inbounds i8, ptr %p, i64 8
  %a8 = load i32, ptr %a7, align 4
  %a9 = ashr i32 %a8, 2
  %a10 = or i32 %a9, %a6
  store i32 %a10, ptr %a7, align 4
  %a11 = getelementptr inbounds i8, ptr %p, i64 12
  %a12 = load i32, ptr %a11, align 4
  %a13 = udiv i32 %a12, 7
  %a14 = and i32 %a13, %a10
  store i32 %a14, ptr %a11, align 4
  %s2 = fptosi double %s1 to i64
  br label %loop
loop:
  %i = phi i64 [ %s2, %entry ], [ %v, %loop ]
  %v = mul i64 %i, %x
  %c = icmp ult i64 %v, 1000
  br i1 %c, label %loop, label %done
done:
  ret i64 %v
}

define i64 @two(ptr %p, ptr %q, double %d, i64 %x) minsize optsize {
entry:
  %b0 = load i64, ptr %q, align 8
  %b1 = add i64 %b0, 1
  store i64 %b1, ptr %q, align 8
  %s1 = fmul double %d, %d
  %a0 = load i32, ptr %p, align 4
  %a1 = mul i32 %a0, 12
  %a2 = xor i32 %a1, %a0
  %a3 = getelementptr inbounds i8, ptr %p, i64 4
  %a4 = load i32, ptr %a3, align 4
  %a5 = sub i32 %a2, %a4
  %a6 = shl i32 %a5, 3
  store i32 %a6, ptr %a3, align 4
  %a7 = getelementptr inbounds i8, ptr %p, i64 8
  %a8 = load i32, ptr %a7, align 4
  %a9 = ashr i32 %a8, 2
  %a10 = or i32 %a9, %a6
  store i32 %a10, ptr %a7, align 4
  %a11 = getelementptr inbounds i8, ptr %p, i64 12
  %a12 = load i32, ptr %a11, align 4
  %a13 = udiv i32 %a12, 7
  %a14 = and i32 %a13, %a10
  store i32 %a14, ptr %a11, align 4
  %s2 = fptoui double %s1 to i64
  br label %loop
loop:
  %i = phi i64 [ %s2, %entry ], [ %v, %loop ]
  %v = udiv i64 %i, %x
  %c = icmp ult i64 %v, 1000
  br i1 %c, label %loop, label %done
done:
  ret i64 %v
}

define i64 @three(ptr %p, ptr %q, double %d, i64 %x) minsize optsize {
entry:
  %b0 = load i64, ptr %q, align 8
  %b1 = add i64 %b0, 1
  store i64 %b1, ptr %q, align 8
  %s1 = fdiv double %d, 3.0
  %a0 = load i32, ptr %p, align 4
  %a1 = mul i32 %a0, 14
  %a2 = xor i32 %a1, %a0
  %a3 = getelementptr inbounds i8, ptr %p, i64 4
  %a4 = load i32, ptr %a3, align 4
  %a5 = sub i32 %a2, %a4
  %a6 = shl i32 %a5, 3
  store i32 %a6, ptr %a3, align 4
  %a7 = getelementptr inbounds i8, ptr %p, i64 8
  %a8 = load i32, ptr %a7, align 4
  %a9 = ashr i32 %a8, 2
  %a10 = or i32 %a9, %a6
  store i32 %a10, ptr %a7, align 4
  %a11 = getelementptr inbounds i8, ptr %p, i64 12
  %a12 = load i32, ptr %a11, align 4
  %a13 = udiv i32 %a12, 7
  %a14 = and i32 %a13, %a10
  store i32 %a14, ptr %a11, align 4
  %s2 = fptosi double %s1 to i16
  %s3 = zext i16 %s2 to i64
  br label %loop
loop:
  %i = phi i64 [ %s3, %entry ], [ %v, %loop ]
  %v = lshr i64 %i, %x
  %c = icmp ult i64 %v, 1000
  br i1 %c, label %loop, label %done
done:
  ret i64 %v
}


define void @four(ptr %p, i32 %a6) minsize optsize {
  %a7 = getelementptr inbounds i8, ptr %p, i64 8
  %a8 = load i32, ptr %a7, align 4
  %a9 = ashr i32 %a8, 2
  %a10 = or i32 %a9, %a6
  store i32 %a10, ptr %a7, align 4
  %a11 = getelementptr inbounds i8, ptr %p, i64 12
  %a12 = load i32, ptr %a11, align 4
  %a13 = udiv i32 %a12, 7
  %a14 = and i32 %a13, %a10
  store i32 %a14, ptr %a11, align 4
  ret void
}

; The program: @one, @two and @three run once, @four in the inner of two
; loops, where the program spends most of its instructions: hot.
define i64 @main(ptr %p, ptr %q, double %d, i64 %x, i32 %n) {
entry:
  %r1 = call i64 @one(ptr %p, ptr %q, double %d, i64 %x)
  %r2 = call i64 @two(ptr %p, ptr %q, double %d, i64 %r1)
  %r3 = call i64 @three(ptr %p, ptr %q, double %d, i64 %r2)
  br label %outer
outer:
  %o = phi i32 [ 0, %entry ], [ %o.next, %latch ]
  br label %inner
inner:
  %k = phi i32 [ %o, %outer ], [ %k.next, %inner ]
  call void @four(ptr %p, i32 %k)
  %k.next = add nsw i32 %k, 3
  %k.done = icmp sge i32 %k.next, %n
  br i1 %k.done, label %latch, label %inner
latch:
  %o.next = add nuw i32 %o, 1
  %o.done = icmp eq i32 %o.next, %n
  br i1 %o.done, label %exit, label %outer
exit:
  ret i64 %r3
}
