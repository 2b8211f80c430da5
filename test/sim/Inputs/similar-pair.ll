; Two internal functions of 25 instructions, alike but for one call and a
; constant: @checked logs the value it reads (a call @plain lacks) and
; multiplies by 3 at the end where @plain multiplies by 5. @use calls each
; once, so the similar-function merger merges them into @checked.similar,
; which takes a selector (similar-pairs.test).
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @log_value(i32)

define internal i32 @checked(ptr %v, i32 %n, i32 %k) {
entry:
  %pos = icmp sgt i32 %n, 0
  br i1 %pos, label %work, label %done
work:
  %idx = zext i32 %n to i64
  %p = getelementptr inbounds i32, ptr %v, i64 %idx
  %x = load i32, ptr %p, align 4
  call void @log_value(i32 %x)
  %x1 = mul i32 %x, %k
  %x2 = xor i32 %x1, %n
  %x3 = add i32 %x2, 17
  %x4 = shl i32 %x3, 2
  %x5 = sub i32 %x4, %x
  %x6 = ashr i32 %x5, 1
  %x7 = or i32 %x6, %k
  %x8 = and i32 %x7, 65535
  %x9 = mul i32 %x8, 31
  %x10 = add i32 %x9, %x1
  store i32 %x10, ptr %p, align 4
  %y = getelementptr inbounds i32, ptr %v, i64 1
  %y1 = load i32, ptr %y, align 4
  %y2 = add i32 %y1, %x10
  store i32 %y2, ptr %y, align 4
  br label %done
done:
  %r = phi i32 [ 0, %entry ], [ %y2, %work ]
  %r1 = xor i32 %r, %k
  %r2 = mul i32 %r1, 3
  ret i32 %r2
}

define internal i32 @plain(ptr %v, i32 %n, i32 %k) {
entry:
  %pos = icmp sgt i32 %n, 0
  br i1 %pos, label %work, label %done
work:
  %idx = zext i32 %n to i64
  %p = getelementptr inbounds i32, ptr %v, i64 %idx
  %x = load i32, ptr %p, align 4
  %x1 = mul i32 %x, %k
  %x2 = xor i32 %x1, %n
  %x3 = add i32 %x2, 17
  %x4 = shl i32 %x3, 2
  %x5 = sub i32 %x4, %x
  %x6 = ashr i32 %x5, 1
  %x7 = or i32 %x6, %k
  %x8 = and i32 %x7, 65535
  %x9 = mul i32 %x8, 31
  %x10 = add i32 %x9, %x1
  store i32 %x10, ptr %p, align 4
  %y = getelementptr inbounds i32, ptr %v, i64 1
  %y1 = load i32, ptr %y, align 4
  %y2 = add i32 %y1, %x10
  store i32 %y2, ptr %y, align 4
  br label %done
done:
  %r = phi i32 [ 0, %entry ], [ %y2, %work ]
  %r1 = xor i32 %r, %k
  %r2 = mul i32 %r1, 5
  ret i32 %r2
}

define i32 @use(ptr %v, i32 %n) {
entry:
  %a = call i32 @checked(ptr %v, i32 %n, i32 3)
  %b = call i32 @plain(ptr %v, i32 %n, i32 7)
  %s = add i32 %a, %b
  ret i32 %s
}
