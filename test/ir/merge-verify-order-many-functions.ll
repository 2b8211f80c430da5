; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify-order=1000 -coalesce-print-merges -disable-output %s 2>&1 | FileCheck %s
; Purpose: -coalesce-verify-order checks reflexivity, antisymmetry, transitivity and hash consistency over all 53 functions of a varied module (pointer/integer coercion, null constants, vectors, GEPs, loops, calls, atomics, flags) and reports no problem; the pass then merges the equal pairs as usual (the five merged pairs, one of them differing only in fast-math flags, have bodies large enough to pay for a thunk; the two tiny constant-returning pairs stay unmerged as too small).

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-NOT: error
; CHECK-NOT: function order
; CHECK:      coalesce: kept 'ptrint_load_i64'
; CHECK-NEXT:   merged 'ptrint_load_ptr' (thunk,
; CHECK-NEXT: coalesce: kept 'gep_const_struct'
; CHECK-NEXT:   merged 'gep_const_array' (thunk,
; CHECK-NEXT: coalesce: kept 'call_self'
; CHECK-NEXT:   merged 'call_self2' (thunk,
; CHECK-NEXT: coalesce: kept 'fadd_fast'
; CHECK-NEXT:   merged 'fadd_plain' (thunk,
; CHECK-NEXT: coalesce: kept 'dup_a'
; CHECK-NEXT:   merged 'dup_b' (thunk,
; The int_N pairs that differ only in nsw: equal, but too
; small for a thunk.
; CHECK-NEXT: coalesce: not merged 'int_1' with 'int_0': too small
; CHECK-NEXT: coalesce: not merged 'int_3' with 'int_2': too small
; CHECK-NEXT: coalesce: not merged 'int_5' with 'int_4': too small
; CHECK-NEXT: coalesce: not merged 'int_7' with 'int_6': too small
; CHECK-NEXT: coalesce: not merged 'int_9' with 'int_8': too small
; CHECK-NEXT: coalesce: not merged 'int_11' with 'int_10': too small
; CHECK-NEXT: coalesce: not merged 'int_19' with 'int_18': too small
; CHECK-NEXT: coalesce: not merged 'int_21' with 'int_20': too small
; CHECK-NEXT: coalesce: not merged 'null_ptr' with 'null_i64': too small
; CHECK-NEXT: coalesce: not merged 'vec_as_i64' with 'null_i64': too small
; CHECK-NEXT: coalesce: 53 functions before, 53 after ({{[0-9]+}} with own bodies); 5 merged (0 replaced, 0 aliases, 5 thunks)

define i32 @int_0(i32 %a) {
  %r = add i32 %a, 1
  ret i32 %r
}

define i32 @int_1(i32 %a) {
  %r = add nsw i32 %a, 1
  ret i32 %r
}

define i32 @int_2(i32 %a) {
  %r = add i32 %a, 2
  ret i32 %r
}

define i32 @int_3(i32 %a) {
  %r = add nsw i32 %a, 2
  ret i32 %r
}

define i32 @int_4(i32 %a) {
  %r = sub i32 %a, 1
  ret i32 %r
}

define i32 @int_5(i32 %a) {
  %r = sub nsw i32 %a, 1
  ret i32 %r
}

define i32 @int_6(i32 %a) {
  %r = sub i32 %a, 2
  ret i32 %r
}

define i32 @int_7(i32 %a) {
  %r = sub nsw i32 %a, 2
  ret i32 %r
}

define i32 @int_8(i32 %a) {
  %r = mul i32 %a, 1
  ret i32 %r
}

define i32 @int_9(i32 %a) {
  %r = mul nsw i32 %a, 1
  ret i32 %r
}

define i32 @int_10(i32 %a) {
  %r = mul i32 %a, 2
  ret i32 %r
}

define i32 @int_11(i32 %a) {
  %r = mul nsw i32 %a, 2
  ret i32 %r
}

define i32 @int_12(i32 %a) {
  %r = xor i32 %a, 1
  ret i32 %r
}

define i32 @int_13(i32 %a) {
  %r = xor i32 %a, 2
  ret i32 %r
}

define i32 @int_14(i32 %a) {
  %r = and i32 %a, 1
  ret i32 %r
}

define i32 @int_15(i32 %a) {
  %r = and i32 %a, 2
  ret i32 %r
}

define i32 @int_16(i32 %a) {
  %r = or i32 %a, 1
  ret i32 %r
}

define i32 @int_17(i32 %a) {
  %r = or i32 %a, 2
  ret i32 %r
}

define i32 @int_18(i32 %a) {
  %r = shl i32 %a, 1
  ret i32 %r
}

define i32 @int_19(i32 %a) {
  %r = shl nsw i32 %a, 1
  ret i32 %r
}

define i32 @int_20(i32 %a) {
  %r = shl i32 %a, 2
  ret i32 %r
}

define i32 @int_21(i32 %a) {
  %r = shl nsw i32 %a, 2
  ret i32 %r
}

define i64 @ptrint_load_i64(ptr %p) {
  %a = call i32 @ext(i32 7)
  %b = mul i32 %a, 13
  %c = call i32 @ext(i32 %b)
  %q = getelementptr inbounds i8, ptr %p, i64 8
  store i32 %c, ptr %q, align 4
  %v = load i64, ptr %p, align 8
  ret i64 %v
}

define ptr @ptrint_load_ptr(ptr %p) {
  %a = call i32 @ext(i32 7)
  %b = mul i32 %a, 13
  %c = call i32 @ext(i32 %b)
  %q = getelementptr inbounds i8, ptr %p, i64 8
  store i32 %c, ptr %q, align 4
  %v = load ptr, ptr %p, align 8
  ret ptr %v
}

define i32 @ptrint_load_i32(ptr %p) {
  %v = load i32, ptr %p, align 4
  ret i32 %v
}

define i64 @null_i64() {
  ret i64 0
}

define ptr @null_ptr() {
  ret ptr null
}

define i64 @one_i64() {
  ret i64 1
}

define float @fzero() {
  ret float 0.000000e+00
}

define float @fnegzero() {
  ret float -0.000000e+00
}

define <2 x i32> @vec_zero() {
  ret <2 x i32> zeroinitializer
}

define i64 @vec_as_i64() {
  ret i64 0
}

define <2 x i32> @vec_const() {
  ret <2 x i32> <i32 1, i32 2>
}

define <4 x i16> @vec_const16() {
  ret <4 x i16> <i16 1, i16 0, i16 2, i16 0>
}

define i32 @gep_const_struct(ptr %p) {
  %q = getelementptr inbounds {i32, i32}, ptr %p, i64 0, i32 1
  %v = load i32, ptr %q, align 4
  %s = mul i32 %v, 7
  %t = xor i32 %s, 12345
  %u = call i32 @ext(i32 %t)
  %w = add i32 %u, %s
  ret i32 %w
}

define i32 @gep_const_array(ptr %p) {
  %q = getelementptr inbounds [2 x i32], ptr %p, i64 0, i64 1
  %v = load i32, ptr %q, align 4
  %s = mul i32 %v, 7
  %t = xor i32 %s, 12345
  %u = call i32 @ext(i32 %t)
  %w = add i32 %u, %s
  ret i32 %w
}

define i32 @gep_var(ptr %p, i64 %i) {
  %q = getelementptr inbounds i32, ptr %p, i64 %i
  %v = load i32, ptr %q, align 4
  ret i32 %v
}

define i32 @gep_var2(ptr %p, i64 %i) {
  %q = getelementptr inbounds i64, ptr %p, i64 %i
  %v = load i32, ptr %q, align 4
  ret i32 %v
}

define i32 @loop(i32 %n) {
entry:
  br label %l
l:
  %i = phi i32 [ 0, %entry ], [ %j, %l ]
  %j = add i32 %i, 1
  %c = icmp slt i32 %j, %n
  br i1 %c, label %l, label %e
e:
  ret i32 %j
}

define i32 @loop_ult(i32 %n) {
entry:
  br label %l
l:
  %i = phi i32 [ 0, %entry ], [ %j, %l ]
  %j = add i32 %i, 1
  %c = icmp ult i32 %j, %n
  br i1 %c, label %l, label %e
e:
  ret i32 %j
}

define i32 @sel(i1 %c, i32 %a, i32 %b) {
  %r = select i1 %c, i32 %a, i32 %b
  ret i32 %r
}

define i32 @sel_swapped(i1 %c, i32 %a, i32 %b) {
  %r = select i1 %c, i32 %b, i32 %a
  ret i32 %r
}

define i32 @call_ext(i32 %a) {
  %r = call i32 @ext(i32 %a)
  ret i32 %r
}

define i32 @call_ext_tail(i32 %a) {
  %r = tail call i32 @ext(i32 %a)
  ret i32 %r
}

define i32 @call_self(i32 %a) {
  %s = mul i32 %a, 7
  %t = xor i32 %s, 12345
  %r = call i32 @call_self(i32 %t)
  %u = call i32 @ext(i32 %r)
  %v = add i32 %u, %s
  ret i32 %v
}

define i32 @call_self2(i32 %a) {
  %s = mul i32 %a, 7
  %t = xor i32 %s, 12345
  %r = call i32 @call_self2(i32 %t)
  %u = call i32 @ext(i32 %r)
  %v = add i32 %u, %s
  ret i32 %v
}

define void @store_atomic(ptr %p, i32 %v) {
  store atomic i32 %v, ptr %p release, align 4
  ret void
}

define void @store_plain(ptr %p, i32 %v) {
  store i32 %v, ptr %p, align 4
  ret void
}

define void @store_volatile(ptr %p, i32 %v) {
  store volatile i32 %v, ptr %p, align 4
  ret void
}

define float @fadd_fast(float %a) {
  %r = fadd fast float %a, 1.000000e+00
  ret float %r
}

define float @fadd_plain(float %a) {
  %r = fadd float %a, 1.000000e+00
  ret float %r
}

define i32 @dup_a(i32 %a) {
  %r = mul i32 %a, 13
  %t = xor i32 %r, 12345
  %u = call i32 @ext(i32 %t)
  %v = add i32 %u, %r
  ret i32 %v
}

define i32 @dup_b(i32 %x) {
  %y = mul i32 %x, 13
  %t = xor i32 %y, 12345
  %u = call i32 @ext(i32 %t)
  %v = add i32 %u, %y
  ret i32 %v
}

declare i32 @ext(i32)
