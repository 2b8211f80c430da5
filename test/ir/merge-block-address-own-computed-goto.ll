; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; RUN: %opt-coalesce -passes=coalesce-merge -S %s -o %t.ll
; RUN: %llvm_bin/lli %s > %t.before; %llvm_bin/lli %t.ll > %t.after; diff %t.before %t.after
; RUN: FileCheck %s --check-prefix=RUN-OUT < %t.after
; Purpose: two equal functions whose blocks' addresses serve only their own computed goto (stored in a local slot, loaded, through a phi into the indirectbr, as clang -O0 writes it) merge: each address names a block of its own function, and the order pairs them by the block they name. @eval_b becomes a thunk of @eval; both still return what they did.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @printf(ptr, ...)

@fmt = private constant [7 x i8] c"%d %d\0A\00"

; CHECK-LABEL: define i32 @eval(
; CHECK:         store ptr blockaddress(@eval, %small), ptr %l, align 8
; CHECK:         indirectbr ptr %dest, [label %small, label %large]
define i32 @eval(i32 %i) {
entry:
  %l = alloca ptr, align 8
  store ptr blockaddress(@eval, %small), ptr %l, align 8
  %and = and i32 %i, 256
  %cmp = icmp eq i32 %and, 0
  br i1 %cmp, label %dispatch, label %big

big:
  store ptr blockaddress(@eval, %large), ptr %l, align 8
  br label %dispatch

dispatch:
  %target = load ptr, ptr %l, align 8
  br label %goto

large:
  %r1 = mul i32 %i, 3
  br label %end

small:
  %r0 = add i32 %i, 12
  br label %end

end:
  %r = phi i32 [ %r0, %small ], [ %r1, %large ]
  ret i32 %r

goto:
  %dest = phi ptr [ %target, %dispatch ]
  indirectbr ptr %dest, [label %small, label %large]
}

; CHECK-LABEL: define i32 @eval_b(
; CHECK-NEXT:    tail call i32 @eval(i32 %i)
define i32 @eval_b(i32 %i) {
entry:
  %l = alloca ptr, align 8
  store ptr blockaddress(@eval_b, %small), ptr %l, align 8
  %and = and i32 %i, 256
  %cmp = icmp eq i32 %and, 0
  br i1 %cmp, label %dispatch, label %big

big:
  store ptr blockaddress(@eval_b, %large), ptr %l, align 8
  br label %dispatch

dispatch:
  %target = load ptr, ptr %l, align 8
  br label %goto

small:
  %r0 = add i32 %i, 12
  br label %end

large:
  %r1 = mul i32 %i, 3
  br label %end

end:
  %r = phi i32 [ %r0, %small ], [ %r1, %large ]
  ret i32 %r

goto:
  %dest = phi ptr [ %target, %dispatch ]
  indirectbr ptr %dest, [label %small, label %large]
}

; RUN-OUT: 13 13
; RUN-OUT: 768 768
define i32 @main() {
  %a = call i32 @eval(i32 1)
  %b = call i32 @eval_b(i32 1)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b)
  %c = call i32 @eval(i32 256)
  %d = call i32 @eval_b(i32 256)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %c, i32 %d)
  ret i32 0
}
