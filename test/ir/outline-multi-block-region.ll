; RUN: %opt-coalesce -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; RUN: %opt-coalesce -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-print-merges -disable-output %s 2>&1 | FileCheck %s --check-prefix=LIST
; Purpose: a region spanning several blocks (an if/else diamond joined by a phi) is outlined whole: the outlined function holds the branch, both arms, the join and its phi, and returns the value used after it (%v1); each site's four blocks become one call and the caller's CFG is straight-line again.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; LIST: coalesce: outlined 'coalesce.outlined.0' from 3 sites in {{.*}} (21 instructions, 1 parameters, 1 outputs, ~{{[0-9]+}} bytes)

; CHECK-LABEL: define i32 @f(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %n2 = add i32 %n, 7
; CHECK-NEXT:    [[F:%[0-9]+]] = call i32 @coalesce.outlined.0(ptr %p)
; CHECK-NEXT:    %r = add i32 %n2, [[F]]
; CHECK-NEXT:    ret i32 %r
; CHECK-NEXT:  }
define i32 @f(ptr %p, i32 %n) minsize {
entry:
  %n2 = add i32 %n, 7
  %v0 = load i32, ptr %p, align 4
  %a1 = getelementptr inbounds i8, ptr %p, i64 4
  %v1 = load i32, ptr %a1, align 4
  %c = icmp slt i32 %v0, %v1
  br i1 %c, label %then, label %else

then:
  %a2 = getelementptr inbounds i8, ptr %p, i64 8
  %v2 = load i32, ptr %a2, align 4
  %x2 = xor i32 %v0, %v2
  store i32 %x2, ptr %a1, align 4
  br label %join

else:
  %a3 = getelementptr inbounds i8, ptr %p, i64 12
  %v3 = load i32, ptr %a3, align 4
  %o3 = or i32 %v1, %v3
  store i32 %o3, ptr %a3, align 4
  br label %join

join:
  %m = phi i32 [ %x2, %then ], [ %o3, %else ]
  %sh = shl i32 %m, 3
  store i32 %sh, ptr %p, align 4
  %sub = sub i32 %sh, %v0
  %a4 = getelementptr inbounds i8, ptr %p, i64 16
  store i32 %sub, ptr %a4, align 4
  %r = add i32 %n2, %v1
  ret i32 %r
}

; CHECK-LABEL: define i32 @g(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %k = udiv i32 %n, 3
; CHECK-NEXT:    %n2 = or i32 %k, 1
; CHECK-NEXT:    [[G:%[0-9]+]] = call i32 @coalesce.outlined.0(ptr %q)
; CHECK-NEXT:    %r = mul i32 [[G]], %n2
; CHECK-NEXT:    ret i32 %r
; CHECK-NEXT:  }
define i32 @g(ptr %q, i32 %n) minsize {
entry:
  %k = udiv i32 %n, 3
  %n2 = or i32 %k, 1
  %v0 = load i32, ptr %q, align 4
  %a1 = getelementptr inbounds i8, ptr %q, i64 4
  %v1 = load i32, ptr %a1, align 4
  %c = icmp slt i32 %v0, %v1
  br i1 %c, label %then, label %else

then:
  %a2 = getelementptr inbounds i8, ptr %q, i64 8
  %v2 = load i32, ptr %a2, align 4
  %x2 = xor i32 %v0, %v2
  store i32 %x2, ptr %a1, align 4
  br label %join

else:
  %a3 = getelementptr inbounds i8, ptr %q, i64 12
  %v3 = load i32, ptr %a3, align 4
  %o3 = or i32 %v1, %v3
  store i32 %o3, ptr %a3, align 4
  br label %join

join:
  %m = phi i32 [ %x2, %then ], [ %o3, %else ]
  %sh = shl i32 %m, 3
  store i32 %sh, ptr %q, align 4
  %sub = sub i32 %sh, %v0
  %a4 = getelementptr inbounds i8, ptr %q, i64 16
  store i32 %sub, ptr %a4, align 4
  %r = mul i32 %v1, %n2
  ret i32 %r
}

; CHECK-LABEL: define i32 @h(
; CHECK-NEXT:    [[H:%[0-9]+]] = call i32 @coalesce.outlined.0(ptr %r)
; CHECK-NEXT:    ret i32 [[H]]
; CHECK-NEXT:  }
define i32 @h(ptr %r, i32 %n) minsize {
entry:
  %v0 = load i32, ptr %r, align 4
  %a1 = getelementptr inbounds i8, ptr %r, i64 4
  %v1 = load i32, ptr %a1, align 4
  %c = icmp slt i32 %v0, %v1
  br i1 %c, label %then, label %else

then:
  %a2 = getelementptr inbounds i8, ptr %r, i64 8
  %v2 = load i32, ptr %a2, align 4
  %x2 = xor i32 %v0, %v2
  store i32 %x2, ptr %a1, align 4
  br label %join

else:
  %a3 = getelementptr inbounds i8, ptr %r, i64 12
  %v3 = load i32, ptr %a3, align 4
  %o3 = or i32 %v1, %v3
  store i32 %o3, ptr %a3, align 4
  br label %join

join:
  %m = phi i32 [ %x2, %then ], [ %o3, %else ]
  %sh = shl i32 %m, 3
  store i32 %sh, ptr %r, align 4
  %sub = sub i32 %sh, %v0
  %a4 = getelementptr inbounds i8, ptr %r, i64 16
  store i32 %sub, ptr %a4, align 4
  ret i32 %v1
}

; CHECK-LABEL: define internal i32 @coalesce.outlined.0(
; CHECK-SAME:    ptr [[P:%[a-z0-9.]+]]) unnamed_addr
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %v0 = load i32, ptr [[P]], align 4
; CHECK-NEXT:    %a1 = getelementptr inbounds i8, ptr [[P]], i64 4
; CHECK-NEXT:    %v1 = load i32, ptr %a1, align 4
; CHECK-NEXT:    %c = icmp slt i32 %v0, %v1
; CHECK-NEXT:    br i1 %c, label %then, label %else
; CHECK:       then:
; CHECK-NEXT:    %a2 = getelementptr inbounds i8, ptr [[P]], i64 8
; CHECK-NEXT:    %v2 = load i32, ptr %a2, align 4
; CHECK-NEXT:    %x2 = xor i32 %v0, %v2
; CHECK-NEXT:    store i32 %x2, ptr %a1, align 4
; CHECK-NEXT:    br label %join
; CHECK:       else:
; CHECK-NEXT:    %a3 = getelementptr inbounds i8, ptr [[P]], i64 12
; CHECK-NEXT:    %v3 = load i32, ptr %a3, align 4
; CHECK-NEXT:    %o3 = or i32 %v1, %v3
; CHECK-NEXT:    store i32 %o3, ptr %a3, align 4
; CHECK-NEXT:    br label %join
; CHECK:       join:
; CHECK-NEXT:    %m = phi i32 [ %x2, %then ], [ %o3, %else ]
; CHECK-NEXT:    %sh = shl i32 %m, 3
; CHECK-NEXT:    store i32 %sh, ptr [[P]], align 4
; CHECK-NEXT:    %sub = sub i32 %sh, %v0
; CHECK-NEXT:    %a4 = getelementptr inbounds i8, ptr [[P]], i64 16
; CHECK-NEXT:    store i32 %sub, ptr %a4, align 4
; CHECK-NEXT:    ret i32 %v1
; CHECK-NEXT:  }
