; RUN: %opt-coalesce -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; Purpose: outlining inside strictfp functions that use constrained floating-point intrinsics. The shared run is outlined into a strictfp function, and every call the outliner adds to a strictfp caller must itself carry the strictfp call-site attribute (LangRef, Constrained Floating-Point Intrinsics: all function calls in a function that uses constrained intrinsics must have the strictfp attribute), as clang marks every call there; without it later passes may treat the call as running in the default floating-point environment.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare double @llvm.experimental.constrained.fadd.f64(double, double, metadata, metadata)
declare double @llvm.experimental.constrained.fsub.f64(double, double, metadata, metadata)
declare double @llvm.experimental.constrained.fmul.f64(double, double, metadata, metadata)
declare double @llvm.experimental.constrained.fdiv.f64(double, double, metadata, metadata)

; CHECK-LABEL: define double @f(
; CHECK:         call double @coalesce.outlined.0(ptr %p) [[CALLATTR:#[0-9]+]]{{$}}
define double @f(ptr %p, double %x) #0 {
entry:
  %x2 = call double @llvm.experimental.constrained.fadd.f64(double %x, double 1.0, metadata !"round.dynamic", metadata !"fpexcept.strict") #1
  %v0 = load double, ptr %p, align 8
  %a1 = getelementptr inbounds i8, ptr %p, i64 8
  %v1 = load double, ptr %a1, align 8
  %s1 = call double @llvm.experimental.constrained.fadd.f64(double %v0, double %v1, metadata !"round.dynamic", metadata !"fpexcept.strict") #1
  %a2 = getelementptr inbounds i8, ptr %p, i64 16
  %v2 = load double, ptr %a2, align 8
  %m2 = call double @llvm.experimental.constrained.fmul.f64(double %s1, double %v2, metadata !"round.dynamic", metadata !"fpexcept.strict") #1
  store double %m2, ptr %p, align 8
  %a3 = getelementptr inbounds i8, ptr %p, i64 24
  %v3 = load double, ptr %a3, align 8
  %d3 = call double @llvm.experimental.constrained.fsub.f64(double %m2, double %v3, metadata !"round.dynamic", metadata !"fpexcept.strict") #1
  store double %d3, ptr %a1, align 8
  %a4 = getelementptr inbounds i8, ptr %p, i64 32
  %v4 = load double, ptr %a4, align 8
  %e4 = call double @llvm.experimental.constrained.fdiv.f64(double %d3, double %v4, metadata !"round.dynamic", metadata !"fpexcept.strict") #1
  store double %e4, ptr %a2, align 8
  store double %s1, ptr %a3, align 8
  store double %m2, ptr %a4, align 8
  %r = call double @llvm.experimental.constrained.fadd.f64(double %e4, double %x2, metadata !"round.dynamic", metadata !"fpexcept.strict") #1
  ret double %r
}

; CHECK-LABEL: define double @g(
; CHECK:         call double @coalesce.outlined.0(ptr %q) [[CALLATTR]]{{$}}
define double @g(ptr %q, double %x) #0 {
entry:
  %x2 = call double @llvm.experimental.constrained.fmul.f64(double %x, double 3.0, metadata !"round.dynamic", metadata !"fpexcept.strict") #1
  %v0 = load double, ptr %q, align 8
  %a1 = getelementptr inbounds i8, ptr %q, i64 8
  %v1 = load double, ptr %a1, align 8
  %s1 = call double @llvm.experimental.constrained.fadd.f64(double %v0, double %v1, metadata !"round.dynamic", metadata !"fpexcept.strict") #1
  %a2 = getelementptr inbounds i8, ptr %q, i64 16
  %v2 = load double, ptr %a2, align 8
  %m2 = call double @llvm.experimental.constrained.fmul.f64(double %s1, double %v2, metadata !"round.dynamic", metadata !"fpexcept.strict") #1
  store double %m2, ptr %q, align 8
  %a3 = getelementptr inbounds i8, ptr %q, i64 24
  %v3 = load double, ptr %a3, align 8
  %d3 = call double @llvm.experimental.constrained.fsub.f64(double %m2, double %v3, metadata !"round.dynamic", metadata !"fpexcept.strict") #1
  store double %d3, ptr %a1, align 8
  %a4 = getelementptr inbounds i8, ptr %q, i64 32
  %v4 = load double, ptr %a4, align 8
  %e4 = call double @llvm.experimental.constrained.fdiv.f64(double %d3, double %v4, metadata !"round.dynamic", metadata !"fpexcept.strict") #1
  store double %e4, ptr %a2, align 8
  store double %s1, ptr %a3, align 8
  store double %m2, ptr %a4, align 8
  %r = call double @llvm.experimental.constrained.fmul.f64(double %x2, double %e4, metadata !"round.dynamic", metadata !"fpexcept.strict") #1
  ret double %r
}

; CHECK-LABEL: define double @h(
; CHECK:         call double @coalesce.outlined.0(ptr %s) [[CALLATTR]]{{$}}
define double @h(ptr %s, double %x) #0 {
entry:
  %x2 = call double @llvm.experimental.constrained.fsub.f64(double %x, double 2.0, metadata !"round.dynamic", metadata !"fpexcept.strict") #1
  %v0 = load double, ptr %s, align 8
  %a1 = getelementptr inbounds i8, ptr %s, i64 8
  %v1 = load double, ptr %a1, align 8
  %s1 = call double @llvm.experimental.constrained.fadd.f64(double %v0, double %v1, metadata !"round.dynamic", metadata !"fpexcept.strict") #1
  %a2 = getelementptr inbounds i8, ptr %s, i64 16
  %v2 = load double, ptr %a2, align 8
  %m2 = call double @llvm.experimental.constrained.fmul.f64(double %s1, double %v2, metadata !"round.dynamic", metadata !"fpexcept.strict") #1
  store double %m2, ptr %s, align 8
  %a3 = getelementptr inbounds i8, ptr %s, i64 24
  %v3 = load double, ptr %a3, align 8
  %d3 = call double @llvm.experimental.constrained.fsub.f64(double %m2, double %v3, metadata !"round.dynamic", metadata !"fpexcept.strict") #1
  store double %d3, ptr %a1, align 8
  %a4 = getelementptr inbounds i8, ptr %s, i64 32
  %v4 = load double, ptr %a4, align 8
  %e4 = call double @llvm.experimental.constrained.fdiv.f64(double %d3, double %v4, metadata !"round.dynamic", metadata !"fpexcept.strict") #1
  store double %e4, ptr %a2, align 8
  store double %s1, ptr %a3, align 8
  store double %m2, ptr %a4, align 8
  %r = call double @llvm.experimental.constrained.fsub.f64(double %x2, double %e4, metadata !"round.dynamic", metadata !"fpexcept.strict") #1
  ret double %r
}

attributes #0 = { minsize strictfp }
attributes #1 = { strictfp }

; CHECK:       define internal double @coalesce.outlined.0(ptr %{{[a-z]+}}) unnamed_addr [[FNATTR:#[0-9]+]] {
; CHECK-COUNT-4: call double @llvm.experimental.constrained.
; CHECK-DAG:   attributes [[FNATTR]] = { minsize nounwind strictfp }
; CHECK-DAG:   attributes [[CALLATTR]] = { strictfp }
