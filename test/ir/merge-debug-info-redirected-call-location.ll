; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; RUN: %opt-coalesce -passes=coalesce-merge-constants -coalesce-runtime-budget=100000 -coalesce-verify -S %s | FileCheck %s --check-prefix=CONST
; Purpose: a call without a location (its callee had no debug info) in a function with debug info, redirected to an equal body that has debug info, gets a location (line 0 in the caller): the verifier requires one for an inlinable call between functions with debug info. Objects built with and without -g meet in one LTO module.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @ext(i32)

; With debug info: the body kept.
define i32 @f(i32 %a) !dbg !5 {
  %s = mul i32 %a, 7, !dbg !6
  %t = call i32 @ext(i32 %s), !dbg !6
  %u = add i32 %t, %s, !dbg !6
  %v = xor i32 %u, 99, !dbg !6
  ret i32 %v, !dbg !6
}

; Without debug info, internal: its uses name @f.
define internal i32 @g(i32 %a) {
  %s = mul i32 %a, 7
  %t = call i32 @ext(i32 %s)
  %u = add i32 %t, %s
  %v = xor i32 %u, 99
  ret i32 %v
}

; Without debug info, its address significant: a thunk; direct calls now
; call @f.
define i32 @g_external(i32 %a) {
  %s = mul i32 %a, 7
  %t = call i32 @ext(i32 %s)
  %u = add i32 %t, %s
  %v = xor i32 %u, 99
  ret i32 %v
}

; Equal to @h up to a constant; @h2 has no debug info. Merging up to
; constants rewrites the calls of both to a shared body.
define internal i32 @h(i32 %a) !dbg !9 {
  %s = mul i32 %a, 11, !dbg !10
  %t = call i32 @ext(i32 %s), !dbg !10
  %u = add i32 %t, %s, !dbg !10
  %v = xor i32 %u, 5, !dbg !10
  ret i32 %v, !dbg !10
}

define internal i32 @h2(i32 %a) {
  %s = mul i32 %a, 13
  %t = call i32 @ext(i32 %s)
  %u = add i32 %t, %s
  %v = xor i32 %u, 5
  ret i32 %v
}

; CHECK-LABEL: define i32 @caller(
; CHECK-NEXT:    %1 = call i32 @f(i32 %a), !dbg [[LINE0:![0-9]+]]
; CHECK-NEXT:    %2 = call i32 @f(i32 %a), !dbg [[LINE4:![0-9]+]]
; CHECK-NEXT:    %3 = call i32 @f(i32 %a), !dbg [[LINE0]]
; CONST-LABEL: define i32 @caller(
; CONST-NEXT:    call i32 @f.coalesced(i32 %a, i32 7, i32 99), !dbg [[CLINE0:![0-9]+]]
; CONST-NEXT:    call i32 @f.coalesced(i32 %a, i32 7, i32 99), !dbg [[CLINE4:![0-9]+]]
; CONST-NEXT:    call i32 @g_external(i32 %a)
; CONST-NEXT:    call i32 @f.coalesced(i32 %a, i32 11, i32 5), !dbg [[CLINE4]]
; CONST-NEXT:    call i32 @f.coalesced(i32 %a, i32 13, i32 5), !dbg [[CLINE0]]
define i32 @caller(i32 %a) !dbg !7 {
  call i32 @g(i32 %a)
  call i32 @g(i32 %a), !dbg !8
  call i32 @g_external(i32 %a)
  call i32 @h(i32 %a), !dbg !8
  call i32 @h2(i32 %a)
  ret i32 0, !dbg !8
}

; A caller without debug info needs no location.
; CHECK-LABEL: define i32 @caller_without_debug_info(
; CHECK-NEXT:    %1 = call i32 @f(i32 %a){{$}}
define i32 @caller_without_debug_info(i32 %a) {
  call i32 @g(i32 %a)
  ret i32 0
}

; CHECK-DAG: [[LINE0]] = !DILocation(line: 0, scope: [[CALLER:![0-9]+]])
; CHECK-DAG: [[LINE4]] = !DILocation(line: 4, column: 3, scope: [[CALLER]])
; CONST-DAG: [[CLINE0]] = !DILocation(line: 0, scope: [[CCALLER:![0-9]+]])
; CONST-DAG: [[CLINE4]] = !DILocation(line: 4, column: 3, scope: [[CCALLER]])
; CONST-DAG: [[CCALLER]] = distinct !DISubprogram(name: "caller"

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "test.c", directory: "")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{}
!4 = !DISubroutineType(types: !3)
!5 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!6 = !DILocation(line: 1, column: 1, scope: !5)
!7 = distinct !DISubprogram(name: "caller", scope: !1, file: !1, line: 3, type: !4, scopeLine: 3, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!8 = !DILocation(line: 4, column: 3, scope: !7)
!9 = distinct !DISubprogram(name: "h", scope: !1, file: !1, line: 6, type: !4, scopeLine: 6, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!10 = !DILocation(line: 6, column: 1, scope: !9)
