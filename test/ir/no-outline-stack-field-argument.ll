; RUN: %opt-coalesce -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; RUN: %opt-coalesce -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-print-merges -disable-output %s 2>&1 | FileCheck %s --check-prefix=LIST
; Purpose: a field of a stack object passed to a call (a GEP at a constant offset from an alloca, then the call) is the same two instructions at eight sites, but outlining it saves nothing: the code generator computes the field's address straight into the argument register (one lea on x86-64), and the call to the outlined function needs that same one instruction for the object's address. The size model prices the GEP as folded into the call's argument, so the pair stays where it is (an earlier model priced the GEP as an lea of its own, about 4 bytes a site, and outlined it: this file's .text went from 344 to 412 bytes under llc, the object's address now kept in a saved register across the first call; on re2's tests the same pattern was predicted to save 1,877 bytes).

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @fini(ptr)

; LIST: coalesce: 8 functions before, 8 after (8 with own bodies); 0 merged (0 replaced, 0 aliases, 0 thunks); 0 regions outlined into 0 functions

; CHECK-LABEL: define void @f1(
; CHECK:         %g = getelementptr inbounds i8, ptr %s, i64 8
; CHECK-NEXT:    call void @fini(ptr %g)
; CHECK-NEXT:    call void @after1(ptr %p)
declare void @init1(ptr, ptr)
declare void @after1(ptr)
define void @f1(ptr %p) minsize {
entry:
  %s = alloca [16 x i8], align 8
  call void @init1(ptr %s, ptr %p)
  %g = getelementptr inbounds i8, ptr %s, i64 8
  call void @fini(ptr %g)
  call void @after1(ptr %p)
  ret void
}

; CHECK-LABEL: define void @f2(
; CHECK:         %g = getelementptr inbounds i8, ptr %s, i64 8
; CHECK-NEXT:    call void @fini(ptr %g)
; CHECK-NEXT:    call void @after2(ptr %p)
declare void @init2(ptr, ptr)
declare void @after2(ptr)
define void @f2(ptr %p) minsize {
entry:
  %s = alloca [16 x i8], align 8
  call void @init2(ptr %s, ptr %p)
  %g = getelementptr inbounds i8, ptr %s, i64 8
  call void @fini(ptr %g)
  call void @after2(ptr %p)
  ret void
}

; CHECK-LABEL: define void @f3(
; CHECK:         %g = getelementptr inbounds i8, ptr %s, i64 8
; CHECK-NEXT:    call void @fini(ptr %g)
; CHECK-NEXT:    call void @after3(ptr %p)
declare void @init3(ptr, ptr)
declare void @after3(ptr)
define void @f3(ptr %p) minsize {
entry:
  %s = alloca [16 x i8], align 8
  call void @init3(ptr %s, ptr %p)
  %g = getelementptr inbounds i8, ptr %s, i64 8
  call void @fini(ptr %g)
  call void @after3(ptr %p)
  ret void
}

; CHECK-LABEL: define void @f4(
; CHECK:         %g = getelementptr inbounds i8, ptr %s, i64 8
; CHECK-NEXT:    call void @fini(ptr %g)
; CHECK-NEXT:    call void @after4(ptr %p)
declare void @init4(ptr, ptr)
declare void @after4(ptr)
define void @f4(ptr %p) minsize {
entry:
  %s = alloca [16 x i8], align 8
  call void @init4(ptr %s, ptr %p)
  %g = getelementptr inbounds i8, ptr %s, i64 8
  call void @fini(ptr %g)
  call void @after4(ptr %p)
  ret void
}

; CHECK-LABEL: define void @f5(
; CHECK:         %g = getelementptr inbounds i8, ptr %s, i64 8
; CHECK-NEXT:    call void @fini(ptr %g)
; CHECK-NEXT:    call void @after5(ptr %p)
declare void @init5(ptr, ptr)
declare void @after5(ptr)
define void @f5(ptr %p) minsize {
entry:
  %s = alloca [16 x i8], align 8
  call void @init5(ptr %s, ptr %p)
  %g = getelementptr inbounds i8, ptr %s, i64 8
  call void @fini(ptr %g)
  call void @after5(ptr %p)
  ret void
}

; CHECK-LABEL: define void @f6(
; CHECK:         %g = getelementptr inbounds i8, ptr %s, i64 8
; CHECK-NEXT:    call void @fini(ptr %g)
; CHECK-NEXT:    call void @after6(ptr %p)
declare void @init6(ptr, ptr)
declare void @after6(ptr)
define void @f6(ptr %p) minsize {
entry:
  %s = alloca [16 x i8], align 8
  call void @init6(ptr %s, ptr %p)
  %g = getelementptr inbounds i8, ptr %s, i64 8
  call void @fini(ptr %g)
  call void @after6(ptr %p)
  ret void
}

; CHECK-LABEL: define void @f7(
; CHECK:         %g = getelementptr inbounds i8, ptr %s, i64 8
; CHECK-NEXT:    call void @fini(ptr %g)
; CHECK-NEXT:    call void @after7(ptr %p)
declare void @init7(ptr, ptr)
declare void @after7(ptr)
define void @f7(ptr %p) minsize {
entry:
  %s = alloca [16 x i8], align 8
  call void @init7(ptr %s, ptr %p)
  %g = getelementptr inbounds i8, ptr %s, i64 8
  call void @fini(ptr %g)
  call void @after7(ptr %p)
  ret void
}

; CHECK-LABEL: define void @f8(
; CHECK:         %g = getelementptr inbounds i8, ptr %s, i64 8
; CHECK-NEXT:    call void @fini(ptr %g)
; CHECK-NEXT:    call void @after8(ptr %p)
declare void @init8(ptr, ptr)
declare void @after8(ptr)
define void @f8(ptr %p) minsize {
entry:
  %s = alloca [16 x i8], align 8
  call void @init8(ptr %s, ptr %p)
  %g = getelementptr inbounds i8, ptr %s, i64 8
  call void @fini(ptr %g)
  call void @after8(ptr %p)
  ret void
}

; CHECK-NOT: coalesce.outlined
