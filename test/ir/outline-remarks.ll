; RUN: %opt-coalesce -passes=coalesce-outline -coalesce-runtime-budget=1000 -pass-remarks=coalesce-outline -pass-remarks-output=%t.yaml -disable-output %s 2>&1 | FileCheck %s
; RUN: FileCheck %s --check-prefix=YAML --input-file=%t.yaml
; RUN: FileCheck %s --check-prefix=YAMLLOC --input-file=%t.yaml
; Purpose: each outlined site gets one Outlined remark at its own source location (its first instruction) naming the instruction count, the new function, how many other regions share it and the estimated saving; -pass-remarks-output writes them as !Passed remarks of pass coalesce-outline in the site's function.

; CHECK-DAG: remark: t.c:12:7: outlined 21 instructions into coalesce.outlined.0, one of 3 similar regions (~{{[1-9][0-9]*}} bytes saved, size model, x86_64)
; CHECK-DAG: remark: t.c:22:7: outlined 21 instructions into coalesce.outlined.0, one of 3 similar regions (~{{[1-9][0-9]*}} bytes saved, size model, x86_64)
; CHECK-DAG: remark: t.c:32:7: outlined 21 instructions into coalesce.outlined.0, one of 3 similar regions (~{{[1-9][0-9]*}} bytes saved, size model, x86_64)
; CHECK-NOT: remark:

; YAMLLOC-DAG: DebugLoc:        { File: t.c, Line: 12, Column: 7 }
; YAMLLOC-DAG: Function:        f
; YAMLLOC-DAG: DebugLoc:        { File: t.c, Line: 22, Column: 7 }
; YAMLLOC-DAG: Function:        g
; YAMLLOC-DAG: DebugLoc:        { File: t.c, Line: 32, Column: 7 }
; YAMLLOC-DAG: Function:        h

; YAML:      --- !Passed
; YAML-NEXT: Pass:            coalesce-outline
; YAML-NEXT: Name:            Outlined
; YAML-NEXT: DebugLoc:
; YAML-NEXT: Function:
; YAML-NEXT: Args:
; YAML-NEXT:   - String:          'outlined '
; YAML-NEXT:   - Instructions:    '21'
; YAML-NEXT:   - String:          ' instructions into '
; YAML-NEXT:   - Outlined:        coalesce.outlined.0
; YAML-NEXT:   - String:          ', one of '
; YAML-NEXT:   - Regions:         '3'
; YAML-NEXT:   - String:          ' similar regions (~'
; YAML-NEXT:   - BytesSaved:      '{{[0-9]+}}'
; YAML-NEXT:   - String:          ' bytes saved, '
; YAML-NEXT:   - Basis:           size model, x86_64
; YAML-COUNT-2: --- !Passed
; YAML-NOT:  --- !

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i32 @f(ptr %p, i32 %n) minsize !dbg !6 {
entry:
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
  %r = add i32 %sub, %n2, !dbg !10
  ret i32 %r, !dbg !10
}

define i32 @g(ptr %q, i32 %n) minsize !dbg !11 {
entry:
  %k = udiv i32 %n, 3, !dbg !12
  %k2 = or i32 %k, 1, !dbg !12
  %v0 = load i32, ptr %q, align 4, !dbg !13
  %a1 = getelementptr inbounds i8, ptr %q, i64 4, !dbg !14
  %v1 = load i32, ptr %a1, align 4, !dbg !14
  %s1 = add i32 %v0, %v1, !dbg !14
  %a2 = getelementptr inbounds i8, ptr %q, i64 8, !dbg !14
  %v2 = load i32, ptr %a2, align 4, !dbg !14
  %x2 = xor i32 %s1, %v2, !dbg !14
  %a3 = getelementptr inbounds i8, ptr %q, i64 12, !dbg !14
  %v3 = load i32, ptr %a3, align 4, !dbg !14
  %o3 = or i32 %x2, %v3, !dbg !14
  store i32 %o3, ptr %q, align 4, !dbg !14
  %sh = shl i32 %o3, 3, !dbg !14
  store i32 %sh, ptr %a1, align 4, !dbg !14
  %sub = sub i32 %sh, %v0, !dbg !14
  store i32 %sub, ptr %a2, align 4, !dbg !14
  %a4 = getelementptr inbounds i8, ptr %q, i64 16, !dbg !14
  %v4 = load i32, ptr %a4, align 4, !dbg !14
  %y4 = and i32 %sub, %v4, !dbg !14
  store i32 %y4, ptr %a3, align 4, !dbg !14
  %z4 = add i32 %y4, %s1, !dbg !14
  store i32 %z4, ptr %a4, align 4, !dbg !14
  %r = mul i32 %sub, %k2, !dbg !15
  ret i32 %r, !dbg !15
}

define i32 @h(ptr %r, i32 %n) minsize !dbg !16 {
entry:
  %n2 = shl i32 %n, 2, !dbg !17
  %v0 = load i32, ptr %r, align 4, !dbg !18
  %a1 = getelementptr inbounds i8, ptr %r, i64 4, !dbg !19
  %v1 = load i32, ptr %a1, align 4, !dbg !19
  %s1 = add i32 %v0, %v1, !dbg !19
  %a2 = getelementptr inbounds i8, ptr %r, i64 8, !dbg !19
  %v2 = load i32, ptr %a2, align 4, !dbg !19
  %x2 = xor i32 %s1, %v2, !dbg !19
  %a3 = getelementptr inbounds i8, ptr %r, i64 12, !dbg !19
  %v3 = load i32, ptr %a3, align 4, !dbg !19
  %o3 = or i32 %x2, %v3, !dbg !19
  store i32 %o3, ptr %r, align 4, !dbg !19
  %sh = shl i32 %o3, 3, !dbg !19
  store i32 %sh, ptr %a1, align 4, !dbg !19
  %sub = sub i32 %sh, %v0, !dbg !19
  store i32 %sub, ptr %a2, align 4, !dbg !19
  %a4 = getelementptr inbounds i8, ptr %r, i64 16, !dbg !19
  %v4 = load i32, ptr %a4, align 4, !dbg !19
  %y4 = and i32 %sub, %v4, !dbg !19
  store i32 %y4, ptr %a3, align 4, !dbg !19
  %z4 = add i32 %y4, %s1, !dbg !19
  store i32 %z4, ptr %a4, align 4, !dbg !19
  %t = sub i32 %n2, %sub, !dbg !20
  ret i32 %t, !dbg !20
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "t.c", directory: "/tmp")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !DISubroutineType(types: !{})
!5 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!6 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 10, type: !4, scopeLine: 10, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!7 = !DILocation(line: 11, column: 3, scope: !6)
!8 = !DILocation(line: 12, column: 7, scope: !6)
!9 = !DILocation(line: 13, column: 5, scope: !6)
!10 = !DILocation(line: 14, column: 3, scope: !6)
!11 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 20, type: !4, scopeLine: 20, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!12 = !DILocation(line: 21, column: 3, scope: !11)
!13 = !DILocation(line: 22, column: 7, scope: !11)
!14 = !DILocation(line: 23, column: 5, scope: !11)
!15 = !DILocation(line: 24, column: 3, scope: !11)
!16 = distinct !DISubprogram(name: "h", scope: !1, file: !1, line: 30, type: !4, scopeLine: 30, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!17 = !DILocation(line: 31, column: 3, scope: !16)
!18 = !DILocation(line: 32, column: 7, scope: !16)
!19 = !DILocation(line: 33, column: 5, scope: !16)
!20 = !DILocation(line: 34, column: 3, scope: !16)
