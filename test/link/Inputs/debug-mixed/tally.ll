; An object with debug information written by another tool, with a pair
; of twins: mix_dbg has debug information, mix_nodbg has none. tally's call
; of mix_nodbg has no location of its own (valid: the verifier asks for one
; only between functions that both have debug information). Once coalesce
; merges the twins and redirects the call to mix_dbg, it needs one: in this
; module's ThinLTO backend as in the full-LTO module.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define i32 @mix_dbg(i32 %x) noinline !dbg !7 {
  %a = mul i32 %x, 31, !dbg !8
  %b = xor i32 %a, 12345, !dbg !8
  %c = lshr i32 %b, 3, !dbg !8
  %d = add i32 %c, %x, !dbg !8
  %e = urem i32 %d, 1013, !dbg !8
  ret i32 %e, !dbg !8
}

define i32 @mix_nodbg(i32 %x) noinline {
  %a = mul i32 %x, 31
  %b = xor i32 %a, 12345
  %c = lshr i32 %b, 3
  %d = add i32 %c, %x
  %e = urem i32 %d, 1013
  ret i32 %e
}

define i32 @tally(i32 %n) noinline !dbg !5 {
entry:
  br label %loop, !dbg !6

loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %t, %loop ]
  %v = call i32 @mix_nodbg(i32 %i)
  %w = call i32 @mix_dbg(i32 %i), !dbg !6
  %vw = add i32 %v, %w, !dbg !6
  %t = add i32 %s, %vw, !dbg !6
  %next = add i32 %i, 1, !dbg !6
  %done = icmp eq i32 %next, %n, !dbg !6
  br i1 %done, label %exit, label %loop, !dbg !6

exit:
  ret i32 %t, !dbg !6
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "another tool", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "tally.c", directory: "")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{}
!4 = !DISubroutineType(types: !3)
!5 = distinct !DISubprogram(name: "tally", scope: !1, file: !1, line: 1, type: !4, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!6 = !DILocation(line: 2, column: 3, scope: !5)
!7 = distinct !DISubprogram(name: "mix_dbg", scope: !1, file: !1, line: 5, type: !4, scopeLine: 5, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!8 = !DILocation(line: 6, column: 3, scope: !7)
