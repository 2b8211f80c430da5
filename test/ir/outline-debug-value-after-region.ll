; RUN: %opt-coalesce -passes=coalesce-outline -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; Purpose: a variable location right after the region (#dbg_value of %sub, attached to the first instruction after the region) must survive outlining and follow %sub to the call's result; if it is dropped, the earlier #dbg_value(%n) stays live and a debugger shows the stale value of `sum` for the rest of the function.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i32 @f(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    #dbg_value(i32 %n, [[FVAR:![0-9]+]], !DIExpression(),
; CHECK:         [[F:%[0-9]+]] = call i32 @coalesce.outlined.0(ptr %p), !dbg
; CHECK-NEXT:    #dbg_value(i32 [[F]], [[FVAR]], !DIExpression(),
; CHECK-NEXT:    %r = add i32 [[F]], %n2, !dbg
define i32 @f(ptr %p, i32 %n) minsize !dbg !6 {
entry:
    #dbg_value(i32 %n, !11, !DIExpression(), !7)
  %n2 = add i32 %n, 7, !dbg !7
  %v0 = load i32, ptr %p, align 4, !dbg !8
  %a1 = getelementptr inbounds i8, ptr %p, i64 4, !dbg !9
  %v1 = load i32, ptr %a1, align 4, !dbg !9
  %s1 = add i32 %v0, %v1, !dbg !9
  %a2 = getelementptr inbounds i8, ptr %p, i64 8, !dbg !9
  %v2 = load i32, ptr %a2, align 4, !dbg !9
  %x2 = xor i32 %s1, %v2, !dbg !9
  %a3 = getelementptr inbounds i8, ptr %p, i64 12, !dbg !9
  %v3 = load i32, ptr %a3, align 4, !dbg !9
  %o3 = or i32 %x2, %v3, !dbg !9
  store i32 %o3, ptr %p, align 4, !dbg !9
  %sh = shl i32 %o3, 3, !dbg !9
  store i32 %sh, ptr %a1, align 4, !dbg !9
  %sub = sub i32 %sh, %v0, !dbg !9
  store i32 %sub, ptr %a2, align 4, !dbg !9
  %a4 = getelementptr inbounds i8, ptr %p, i64 16, !dbg !9
  %v4 = load i32, ptr %a4, align 4, !dbg !9
  %y4 = and i32 %sub, %v4, !dbg !9
  store i32 %y4, ptr %a3, align 4, !dbg !9
  %z4 = add i32 %y4, %s1, !dbg !9
  store i32 %z4, ptr %a4, align 4, !dbg !9
    #dbg_value(i32 %sub, !11, !DIExpression(), !10)
  %r = add i32 %sub, %n2, !dbg !10
  ret i32 %r, !dbg !10
}

; CHECK-LABEL: define i32 @g(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    #dbg_value(i32 %n, [[GVAR:![0-9]+]], !DIExpression(),
; CHECK:         [[G:%[0-9]+]] = call i32 @coalesce.outlined.0(ptr %q), !dbg
; CHECK-NEXT:    #dbg_value(i32 [[G]], [[GVAR]], !DIExpression(),
; CHECK-NEXT:    %r = mul i32 [[G]], %k2, !dbg
define i32 @g(ptr %q, i32 %n) minsize !dbg !12 {
entry:
    #dbg_value(i32 %n, !17, !DIExpression(), !13)
  %k = udiv i32 %n, 3, !dbg !13
  %k2 = or i32 %k, 1, !dbg !13
  %v0 = load i32, ptr %q, align 4, !dbg !14
  %a1 = getelementptr inbounds i8, ptr %q, i64 4, !dbg !15
  %v1 = load i32, ptr %a1, align 4, !dbg !15
  %s1 = add i32 %v0, %v1, !dbg !15
  %a2 = getelementptr inbounds i8, ptr %q, i64 8, !dbg !15
  %v2 = load i32, ptr %a2, align 4, !dbg !15
  %x2 = xor i32 %s1, %v2, !dbg !15
  %a3 = getelementptr inbounds i8, ptr %q, i64 12, !dbg !15
  %v3 = load i32, ptr %a3, align 4, !dbg !15
  %o3 = or i32 %x2, %v3, !dbg !15
  store i32 %o3, ptr %q, align 4, !dbg !15
  %sh = shl i32 %o3, 3, !dbg !15
  store i32 %sh, ptr %a1, align 4, !dbg !15
  %sub = sub i32 %sh, %v0, !dbg !15
  store i32 %sub, ptr %a2, align 4, !dbg !15
  %a4 = getelementptr inbounds i8, ptr %q, i64 16, !dbg !15
  %v4 = load i32, ptr %a4, align 4, !dbg !15
  %y4 = and i32 %sub, %v4, !dbg !15
  store i32 %y4, ptr %a3, align 4, !dbg !15
  %z4 = add i32 %y4, %s1, !dbg !15
  store i32 %z4, ptr %a4, align 4, !dbg !15
    #dbg_value(i32 %sub, !17, !DIExpression(), !16)
  %r = mul i32 %sub, %k2, !dbg !16
  ret i32 %r, !dbg !16
}

; CHECK-LABEL: define i32 @h(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    #dbg_value(i32 %n, [[HVAR:![0-9]+]], !DIExpression(),
; CHECK:         [[H:%[0-9]+]] = call i32 @coalesce.outlined.0(ptr %r), !dbg
; CHECK-NEXT:    #dbg_value(i32 [[H]], [[HVAR]], !DIExpression(),
; CHECK-NEXT:    %t = sub i32 %n2, [[H]], !dbg
define i32 @h(ptr %r, i32 %n) minsize !dbg !18 {
entry:
    #dbg_value(i32 %n, !23, !DIExpression(), !19)
  %n2 = shl i32 %n, 2, !dbg !19
  %v0 = load i32, ptr %r, align 4, !dbg !20
  %a1 = getelementptr inbounds i8, ptr %r, i64 4, !dbg !21
  %v1 = load i32, ptr %a1, align 4, !dbg !21
  %s1 = add i32 %v0, %v1, !dbg !21
  %a2 = getelementptr inbounds i8, ptr %r, i64 8, !dbg !21
  %v2 = load i32, ptr %a2, align 4, !dbg !21
  %x2 = xor i32 %s1, %v2, !dbg !21
  %a3 = getelementptr inbounds i8, ptr %r, i64 12, !dbg !21
  %v3 = load i32, ptr %a3, align 4, !dbg !21
  %o3 = or i32 %x2, %v3, !dbg !21
  store i32 %o3, ptr %r, align 4, !dbg !21
  %sh = shl i32 %o3, 3, !dbg !21
  store i32 %sh, ptr %a1, align 4, !dbg !21
  %sub = sub i32 %sh, %v0, !dbg !21
  store i32 %sub, ptr %a2, align 4, !dbg !21
  %a4 = getelementptr inbounds i8, ptr %r, i64 16, !dbg !21
  %v4 = load i32, ptr %a4, align 4, !dbg !21
  %y4 = and i32 %sub, %v4, !dbg !21
  store i32 %y4, ptr %a3, align 4, !dbg !21
  %z4 = add i32 %y4, %s1, !dbg !21
  store i32 %z4, ptr %a4, align 4, !dbg !21
    #dbg_value(i32 %sub, !23, !DIExpression(), !22)
  %t = sub i32 %n2, %sub, !dbg !22
  ret i32 %t, !dbg !22
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "t.c", directory: "/tmp")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !DISubroutineType(types: !{})
!5 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!6 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 10, type: !4, scopeLine: 10, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !{!11})
!7 = !DILocation(line: 11, column: 3, scope: !6)
!8 = !DILocation(line: 12, column: 7, scope: !6)
!9 = !DILocation(line: 13, column: 5, scope: !6)
!10 = !DILocation(line: 14, column: 3, scope: !6)
!11 = !DILocalVariable(name: "sum", scope: !6, file: !1, line: 10, type: !5)
!12 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 20, type: !4, scopeLine: 20, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !{!17})
!13 = !DILocation(line: 21, column: 3, scope: !12)
!14 = !DILocation(line: 22, column: 7, scope: !12)
!15 = !DILocation(line: 23, column: 5, scope: !12)
!16 = !DILocation(line: 24, column: 3, scope: !12)
!17 = !DILocalVariable(name: "sum", scope: !12, file: !1, line: 20, type: !5)
!18 = distinct !DISubprogram(name: "h", scope: !1, file: !1, line: 30, type: !4, scopeLine: 30, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !{!23})
!19 = !DILocation(line: 31, column: 3, scope: !18)
!20 = !DILocation(line: 32, column: 7, scope: !18)
!21 = !DILocation(line: 33, column: 5, scope: !18)
!22 = !DILocation(line: 34, column: 3, scope: !18)
!23 = !DILocalVariable(name: "sum", scope: !18, file: !1, line: 30, type: !5)
