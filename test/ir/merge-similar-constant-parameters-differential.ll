; RUN: %opt-coalesce -passes=coalesce-merge-similar -coalesce-runtime-budget=1000 -coalesce-verify -S %s -o %t.ll
; RUN: FileCheck %s --input-file=%t.ll
; RUN: %llvm_bin/lli -force-interpreter %s > %t.before
; RUN: %llvm_bin/lli -force-interpreter %t.ll > %t.after
; RUN: FileCheck %s --check-prefix=OUT --input-file=%t.after
; RUN: diff %t.before %t.after
; Purpose: differential: a similar pair whose constants in a hot loop become parameters of the merged function prints the same before and after when the interpreter runs it, each side called with several inputs.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i32 @main(
; CHECK:         call i32 @sum_traced.similar(ptr @data, i32 8, i1 false, i32 3, i32 65535)
; CHECK:         call i32 @sum_plain(ptr @data, i32 8)
; CHECK-LABEL: define internal i32 @sum_plain(
; CHECK-NEXT:    tail call i32 @sum_traced.similar(ptr %v, i32 %n, i1 true, i32 5, i32 255)
; CHECK-LABEL: define internal i32 @sum_traced.similar(
; CHECK-SAME:    i1 %coalesce.selector, i32 %coalesce.constant, i32 %coalesce.constant1)

; OUT:      traced(8) = 22383, traces = 79
; OUT-NEXT: plain(8) = 79, traces = 79
; OUT-NEXT: traced(3) = 54159, traces = 2720
; OUT-NEXT: plain(5) = 63, traces = 2720

@traces = internal global i32 0
@data = internal global [8 x i32] [i32 3, i32 -7, i32 11, i32 250, i32 -1000, i32 42, i32 9, i32 77]
@fmt = private unnamed_addr constant [26 x i8] c"%s(%d) = %d, traces = %d\0A\00"
@name.traced = private unnamed_addr constant [7 x i8] c"traced\00"
@name.plain = private unnamed_addr constant [6 x i8] c"plain\00"

declare i32 @printf(ptr, ...)

define internal void @trace(i32 %x) noinline {
  %l = load i32, ptr @traces, align 4
  %m = mul i32 %l, 31
  %a = add i32 %m, %x
  store i32 %a, ptr @traces, align 4
  ret void
}

define internal void @show(ptr %name, i32 %n, i32 %r) {
  %t = load i32, ptr @traces, align 4
  %p = call i32 (ptr, ...) @printf(ptr @fmt, ptr %name, i32 %n, i32 %r, i32 %t)
  ret void
}

define i32 @main() {
  %d2 = getelementptr inbounds i32, ptr @data, i64 2
  %a1 = call i32 @sum_traced(ptr @data, i32 8)
  call void @show(ptr @name.traced, i32 8, i32 %a1)
  %a2 = call i32 @sum_plain(ptr @data, i32 8)
  call void @show(ptr @name.plain, i32 8, i32 %a2)
  %a3 = call i32 @sum_traced(ptr %d2, i32 3)
  call void @show(ptr @name.traced, i32 3, i32 %a3)
  %a4 = call i32 @sum_plain(ptr %d2, i32 5)
  call void @show(ptr @name.plain, i32 5, i32 %a4)
  ret i32 0
}

define internal i32 @sum_traced(ptr %v, i32 %n) {
entry:
  %k = load i32, ptr %v, align 4
  %b = mul i32 %k, 24
  %c = add i32 %b, 7
  call void @trace(i32 %c)
  %d = xor i32 %c, %k
  %s = shl i32 %d, 2
  %t = sub i32 %s, %b
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ %t, %entry ], [ %acc.next, %loop ]
  %idx = zext i32 %i to i64
  %gep = getelementptr inbounds i32, ptr %v, i64 %idx
  %e = load i32, ptr %gep, align 4
  %e2 = mul i32 %e, 3
  %e3 = xor i32 %e2, %acc
  %e4 = mul i32 %e3, 3
  %acc.next = add i32 %e4, %e
  %i.next = add i32 %i, 1
  %more = icmp ult i32 %i.next, %n
  br i1 %more, label %loop, label %done, !prof !0
done:
  %g = lshr i32 %acc.next, 3
  %h = mul i32 %g, %b
  %h2 = or i32 %h, %c
  %h3 = and i32 %h2, 65535
  ret i32 %h3
}

define internal i32 @sum_plain(ptr %v, i32 %n) {
entry:
  %k = load i32, ptr %v, align 4
  %b = mul i32 %k, 24
  %c = add i32 %b, 7
  %d = xor i32 %c, %k
  %s = shl i32 %d, 2
  %t = sub i32 %s, %b
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ %t, %entry ], [ %acc.next, %loop ]
  %idx = zext i32 %i to i64
  %gep = getelementptr inbounds i32, ptr %v, i64 %idx
  %e = load i32, ptr %gep, align 4
  %e2 = mul i32 %e, 5
  %e3 = xor i32 %e2, %acc
  %e4 = mul i32 %e3, 5
  %acc.next = add i32 %e4, %e
  %i.next = add i32 %i, 1
  %more = icmp ult i32 %i.next, %n
  br i1 %more, label %loop, label %done, !prof !0
done:
  %g = lshr i32 %acc.next, 3
  %h = mul i32 %g, %b
  %h2 = or i32 %h, %c
  %h3 = and i32 %h2, 255
  ret i32 %h3
}

!0 = !{!"branch_weights", i32 999, i32 1}
