; The module of no-outline-float-values-across-call.ll as coalesce's outliner outlined it before it priced
; the spill and reload of float values live across the new call: each of @f1..@f4 calls @coalesce.outlined.0
; with %c0 and %c1 (floats) live across the call. Compiled by llc, it is larger than the module left as it is.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: minsize
define float @f1(ptr %p, float %x, float %y, float %z) #0 {
entry:
  %c0 = fmul float %x, %y
  %c1 = fadd float %y, %z
  call void @coalesce.outlined.0(ptr %p, i32 3)
  %t1 = fdiv float %c0, %c1
  ret float %t1
}

; Function Attrs: minsize
define float @f2(ptr %p, float %x, float %y, float %z) #0 {
entry:
  %c0 = fadd float %x, %z
  %c1 = fsub float %y, %x
  call void @coalesce.outlined.0(ptr %p, i32 5)
  %t1 = fmul float %c0, %c1
  ret float %t1
}

; Function Attrs: minsize
define float @f3(ptr %p, float %x, float %y, float %z) #0 {
entry:
  %c0 = fsub float %x, %x
  %c1 = fdiv float %y, %y
  call void @coalesce.outlined.0(ptr %p, i32 7)
  %t1 = fadd float %c0, %c1
  ret float %t1
}

; Function Attrs: minsize
define float @f4(ptr %p, float %x, float %y, float %z) #0 {
entry:
  %c0 = fdiv float %x, %y
  %c1 = fmul float %y, %z
  call void @coalesce.outlined.0(ptr %p, i32 9)
  %t1 = fsub float %c0, %c1
  ret float %t1
}

; Function Attrs: minsize nounwind
define internal void @coalesce.outlined.0(ptr %p, i32 %in) unnamed_addr #1 {
entry:
  %g0a = getelementptr inbounds i8, ptr %p, i64 0
  %v00 = load i32, ptr %g0a, align 4
  %g01 = getelementptr inbounds i8, ptr %p, i64 4
  %v01 = load i32, ptr %g01, align 4
  %s01 = add i32 %v00, %v01
  %g02 = getelementptr inbounds i8, ptr %p, i64 8
  %v02 = load i32, ptr %g02, align 4
  %x02 = xor i32 %s01, %v02
  store i32 %x02, ptr %g0a, align 4
  %sh0 = shl i32 %x02, %in
  store i32 %sh0, ptr %g01, align 4
  %sub0 = sub i32 %sh0, %v00
  store i32 %sub0, ptr %g02, align 4
  ret void
}

attributes #0 = { minsize }
attributes #1 = { minsize nounwind }
