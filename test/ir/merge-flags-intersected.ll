; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: bodies that differ only in optional flags (nuw, nsw, exact, disjoint, nneg, samesign, GEP no-wrap, fast-math, on instructions and calls) are equal: the kept body keeps the flags both state, so it assumes nothing the other body did not. Each pair @X_a/@X_b is internal: its calls name @X_a, and @X_b goes.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare float @llvm.sqrt.f32(float)

; CHECK-LABEL: define internal i32 @wrap_a(
; CHECK-NEXT:    %r = add i32 %a, 1{{$}}
define internal i32 @wrap_a(i32 %a) {
  %r = add nsw i32 %a, 1
  ret i32 %r
}

; CHECK-NOT: define internal i32 @wrap_b(
define internal i32 @wrap_b(i32 %a) {
  %r = add nuw i32 %a, 1
  ret i32 %r
}

; CHECK-LABEL: define internal i32 @wrap_both_a(
; CHECK-NEXT:    %r = add nuw i32 %a, 2{{$}}
define internal i32 @wrap_both_a(i32 %a) {
  %r = add nuw nsw i32 %a, 2
  ret i32 %r
}

; CHECK-NOT: define internal i32 @wrap_both_b(
define internal i32 @wrap_both_b(i32 %a) {
  %r = add nuw i32 %a, 2
  ret i32 %r
}

; CHECK-LABEL: define internal i32 @exact_a(
; CHECK-NEXT:    %r = udiv i32 %a, 3{{$}}
define internal i32 @exact_a(i32 %a) {
  %r = udiv exact i32 %a, 3
  ret i32 %r
}

; CHECK-NOT: define internal i32 @exact_b(
define internal i32 @exact_b(i32 %a) {
  %r = udiv i32 %a, 3
  ret i32 %r
}

; CHECK-LABEL: define internal i32 @disjoint_a(
; CHECK-NEXT:    %r = or i32 %a, 16{{$}}
define internal i32 @disjoint_a(i32 %a) {
  %r = or disjoint i32 %a, 16
  ret i32 %r
}

; CHECK-NOT: define internal i32 @disjoint_b(
define internal i32 @disjoint_b(i32 %a) {
  %r = or i32 %a, 16
  ret i32 %r
}

; CHECK-LABEL: define internal i64 @nneg_a(
; CHECK-NEXT:    %r = zext i32 %a to i64{{$}}
define internal i64 @nneg_a(i32 %a) {
  %r = zext nneg i32 %a to i64
  ret i64 %r
}

; CHECK-NOT: define internal i64 @nneg_b(
define internal i64 @nneg_b(i32 %a) {
  %r = zext i32 %a to i64
  ret i64 %r
}

; CHECK-LABEL: define internal i32 @trunc_a(
; CHECK-NEXT:    %r = trunc nsw i64 %a to i32{{$}}
define internal i32 @trunc_a(i64 %a) {
  %r = trunc nuw nsw i64 %a to i32
  ret i32 %r
}

; CHECK-NOT: define internal i32 @trunc_b(
define internal i32 @trunc_b(i64 %a) {
  %r = trunc nsw i64 %a to i32
  ret i32 %r
}

; CHECK-LABEL: define internal i1 @samesign_a(
; CHECK-NEXT:    %r = icmp ult i32 %a, 7{{$}}
define internal i1 @samesign_a(i32 %a) {
  %r = icmp samesign ult i32 %a, 7
  ret i1 %r
}

; CHECK-NOT: define internal i1 @samesign_b(
define internal i1 @samesign_b(i32 %a) {
  %r = icmp ult i32 %a, 7
  ret i1 %r
}

; CHECK-LABEL: define internal ptr @gep_a(
; CHECK-NEXT:    %r = getelementptr i32, ptr %p, i64 %i{{$}}
define internal ptr @gep_a(ptr %p, i64 %i) {
  %r = getelementptr inbounds i32, ptr %p, i64 %i
  ret ptr %r
}

; CHECK-NOT: define internal ptr @gep_b(
define internal ptr @gep_b(ptr %p, i64 %i) {
  %r = getelementptr nuw i32, ptr %p, i64 %i
  ret ptr %r
}

; CHECK-LABEL: define internal ptr @gep_nusw_a(
; CHECK-NEXT:    %r = getelementptr nusw i64, ptr %p, i64 %i{{$}}
define internal ptr @gep_nusw_a(ptr %p, i64 %i) {
  %r = getelementptr inbounds i64, ptr %p, i64 %i
  ret ptr %r
}

; CHECK-NOT: define internal ptr @gep_nusw_b(
define internal ptr @gep_nusw_b(ptr %p, i64 %i) {
  %r = getelementptr nusw i64, ptr %p, i64 %i
  ret ptr %r
}

; CHECK-LABEL: define internal float @fmf_a(
; CHECK-NEXT:    %r = fadd nnan float %a, 1.000000e+00{{$}}
define internal float @fmf_a(float %a) {
  %r = fadd fast float %a, 1.000000e+00
  ret float %r
}

; CHECK-NOT: define internal float @fmf_b(
define internal float @fmf_b(float %a) {
  %r = fadd nnan float %a, 1.000000e+00
  ret float %r
}

; CHECK-LABEL: define internal float @fmf_none_a(
; CHECK-NEXT:    %r = fadd float %a, 2.000000e+00{{$}}
define internal float @fmf_none_a(float %a) {
  %r = fadd nnan float %a, 2.000000e+00
  ret float %r
}

; CHECK-NOT: define internal float @fmf_none_b(
define internal float @fmf_none_b(float %a) {
  %r = fadd ninf float %a, 2.000000e+00
  ret float %r
}

; CHECK-LABEL: define internal float @call_fmf_a(
; CHECK-NEXT:    %r = call nnan float @llvm.sqrt.f32(float %a){{$}}
define internal float @call_fmf_a(float %a) {
  %r = call fast float @llvm.sqrt.f32(float %a)
  ret float %r
}

; CHECK-NOT: define internal float @call_fmf_b(
define internal float @call_fmf_b(float %a) {
  %r = call nnan float @llvm.sqrt.f32(float %a)
  ret float %r
}

; CHECK-LABEL: define void @use(
; CHECK:         call i32 @wrap_a(i32 %x)
; CHECK:         call i32 @wrap_a(i32 %x)
; CHECK:         call i32 @wrap_both_a(i32 %x)
; CHECK:         call i32 @wrap_both_a(i32 %x)
; CHECK:         call i32 @exact_a(i32 %x)
; CHECK:         call i32 @exact_a(i32 %x)
; CHECK:         call i32 @disjoint_a(i32 %x)
; CHECK:         call i32 @disjoint_a(i32 %x)
; CHECK:         call i64 @nneg_a(i32 %x)
; CHECK:         call i64 @nneg_a(i32 %x)
; CHECK:         call i32 @trunc_a(i64 %w)
; CHECK:         call i32 @trunc_a(i64 %w)
; CHECK:         call i1 @samesign_a(i32 %x)
; CHECK:         call i1 @samesign_a(i32 %x)
; CHECK:         call ptr @gep_a(ptr %p, i64 %w)
; CHECK:         call ptr @gep_a(ptr %p, i64 %w)
; CHECK:         call ptr @gep_nusw_a(ptr %p, i64 %w)
; CHECK:         call ptr @gep_nusw_a(ptr %p, i64 %w)
; CHECK:         call float @fmf_a(float %f)
; CHECK:         call float @fmf_a(float %f)
; CHECK:         call float @fmf_none_a(float %f)
; CHECK:         call float @fmf_none_a(float %f)
; CHECK:         call float @call_fmf_a(float %f)
; CHECK:         call float @call_fmf_a(float %f)
define void @use(i32 %x, i64 %w, float %f, ptr %p) {
  call i32 @wrap_a(i32 %x)
  call i32 @wrap_b(i32 %x)
  call i32 @wrap_both_a(i32 %x)
  call i32 @wrap_both_b(i32 %x)
  call i32 @exact_a(i32 %x)
  call i32 @exact_b(i32 %x)
  call i32 @disjoint_a(i32 %x)
  call i32 @disjoint_b(i32 %x)
  call i64 @nneg_a(i32 %x)
  call i64 @nneg_b(i32 %x)
  call i32 @trunc_a(i64 %w)
  call i32 @trunc_b(i64 %w)
  call i1 @samesign_a(i32 %x)
  call i1 @samesign_b(i32 %x)
  call ptr @gep_a(ptr %p, i64 %w)
  call ptr @gep_b(ptr %p, i64 %w)
  call ptr @gep_nusw_a(ptr %p, i64 %w)
  call ptr @gep_nusw_b(ptr %p, i64 %w)
  call float @fmf_a(float %f)
  call float @fmf_b(float %f)
  call float @fmf_none_a(float %f)
  call float @fmf_none_b(float %f)
  call float @call_fmf_a(float %f)
  call float @call_fmf_b(float %f)
  ret void
}
