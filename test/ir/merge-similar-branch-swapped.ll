; RUN: %opt-coalesce -passes=coalesce-merge-similar -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; Purpose: two functions equal but that one branches on `icmp ult %x, 100` to (small, big) and the other on `icmp uge %x, 100` to (big, small) merge with the second's condition inverted (xor with true) and chosen by the selector, one conditional branch and no block of either side's own.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@ga = global i32 0

; CHECK-LABEL: define i32 @user(
; CHECK-NEXT:    %a = call i32 @pick_lt.similar(ptr %p, i32 %x, i1 false)
; CHECK-NEXT:    %b = call i32 @pick_lt.similar(ptr %p, i32 %x, i1 true)
define i32 @user(ptr %p, i32 %x) {
  %a = call i32 @pick_lt(ptr %p, i32 %x)
  %b = call i32 @pick_ge(ptr %p, i32 %x)
  %z = add i32 %a, %b
  ret i32 %z
}

; CHECK-NOT: define {{.*}}@pick_lt(
; CHECK-NOT: define {{.*}}@pick_ge(
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
  ret i32 %r2
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
  ret i32 %r2
}

; CHECK-LABEL: define internal i32 @pick_lt.similar(
; CHECK-SAME:    ptr %0, i32 %1, i1 %coalesce.selector) unnamed_addr {
; CHECK-NEXT:  entry:
; CHECK:         [[LT:%.*]] = icmp ult i32 %1, 100
; CHECK-NEXT:    [[GE:%.*]] = icmp uge i32 %1, 100
; CHECK-NEXT:    [[NOTGE:%.*]] = xor i1 [[GE]], true
; CHECK-NEXT:    [[COND:%.*]] = select i1 %coalesce.selector, i1 [[NOTGE]], i1 [[LT]]
; CHECK-NEXT:    br i1 [[COND]], label %small, label %big
; CHECK-NOT:   %coalesce.selector
; CHECK:       big:
; CHECK-NEXT:    %b1 = lshr i32 %d, 3
; CHECK-NOT:   %coalesce.selector
; CHECK:       small:
; CHECK-NEXT:    %s1 = shl i32 %d, 2
; CHECK-NOT:   %coalesce.selector
; CHECK:       done:
; CHECK-NEXT:    %r = phi i32 [ %s3, %small ], [ %b5, %big ]
; CHECK-NOT:   %coalesce.selector
; CHECK:         ret i32 %r2
; CHECK-NEXT:  }
