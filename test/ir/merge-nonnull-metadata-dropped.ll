; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: when only the kept body asserts !nonnull, the assertion is dropped on merging: the other function's callers may load a null pointer.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define ptr @first(
; CHECK-NEXT:    %r = load ptr, ptr %p, align 8{{$}}
define ptr @first(ptr %p) unnamed_addr {
  %r = load ptr, ptr %p, align 8, !nonnull !0
  ret ptr %r
}

; CHECK-NOT: define internal ptr @second(
define internal ptr @second(ptr %p) unnamed_addr {
  %r = load ptr, ptr %p, align 8
  ret ptr %r
}

define ptr @caller(ptr %p) {
  %r = call ptr @second(ptr %p)
  ret ptr %r
}

!0 = !{}
