; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: a thunk (the body is large enough to pay for one) made from a function with a DISubprogram keeps its subprogram and its call gets a !dbg location at the subprogram's scope line (the verifier requires it).

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i32 @first(i32 %a) !dbg
; CHECK-NEXT:    %s = mul i32 %a, 7, !dbg
; CHECK-NEXT:    %t = xor i32 %s, 12345, !dbg
; CHECK-NEXT:    %u = call i32 @ext(i32 %t), !dbg
; CHECK-NEXT:    %v = add i32 %u, %s, !dbg
; CHECK-NEXT:    ret i32 %v, !dbg
define i32 @first(i32 %a) !dbg !5 {
  %s = mul i32 %a, 7, !dbg !8
  %t = xor i32 %s, 12345, !dbg !8
  %u = call i32 @ext(i32 %t), !dbg !8
  %v = add i32 %u, %s, !dbg !8
  ret i32 %v, !dbg !8
}

; CHECK-LABEL: define i32 @second(
; CHECK-SAME:    i32 %x) !dbg [[SP:![0-9]+]] {
; CHECK-NEXT:    %1 = tail call i32 @first(i32 %x), !dbg [[LOC:![0-9]+]]
; CHECK-NEXT:    ret i32 %1, !dbg [[LOC]]
; CHECK-NEXT:  }
define i32 @second(i32 %x) !dbg !9 {
  %s = mul i32 %x, 7, !dbg !10
  %t = xor i32 %s, 12345, !dbg !10
  %u = call i32 @ext(i32 %t), !dbg !10
  %v = add i32 %u, %s, !dbg !10
  ret i32 %v, !dbg !10
}

declare i32 @ext(i32)

; CHECK: [[SP]] = distinct !DISubprogram(name: "second",{{.*}} scopeLine: 6,
; CHECK: [[LOC]] = !DILocation(line: 6, scope: [[SP]])

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "test", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "t.c", directory: "/tmp")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "first", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = !DILocation(line: 2, column: 3, scope: !5)
!9 = distinct !DISubprogram(name: "second", scope: !1, file: !1, line: 5, type: !6, scopeLine: 6, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!10 = !DILocation(line: 7, column: 3, scope: !9)
