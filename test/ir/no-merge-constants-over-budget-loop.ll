; RUN: %opt-coalesce -passes=coalesce-merge-constants -coalesce-runtime-budget=50 -coalesce-verify -S %s | FileCheck %s
; RUN: %opt-coalesce -passes=coalesce-merge-constants -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s --check-prefix=ALL
; Purpose: a function called from the program's loop keeps its body when it equals others up to constants, where the run-time budget cannot afford its calls: merged, each of them would pass its constants. @bytes_a, @bytes_b and @bytes_c differ in a multiplier and the global they update; main calls @bytes_a once per iteration of its loop (32 times per run by the static estimate over the call graph, two constants each) and the other two once after it. With a budget of 50 per mille of the program's estimated instructions, @bytes_b and @bytes_c share one body and @bytes_a stays as it is; with 1000 per mille all three share it.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@ga = global i64 0
@gb = global i64 0
@gc = global i64 0

; CHECK-LABEL: define i64 @main(
; CHECK:       loop:
; CHECK:         %x = call i64 @bytes_a(ptr %p)
; CHECK:       done:
; CHECK-NEXT:    %y = call i64 @bytes_b.coalesced(ptr %p, i64 40, ptr @gb)
; CHECK-NEXT:    %z = call i64 @bytes_b.coalesced(ptr %p, i64 56, ptr @gc)
; ALL-LABEL: define i64 @main(
; ALL:       loop:
; ALL:         %x = call i64 @bytes_a.coalesced(ptr %p, i64 24, ptr @ga)
; ALL:       done:
; ALL-NEXT:    %y = call i64 @bytes_a.coalesced(ptr %p, i64 40, ptr @gb)
; ALL-NEXT:    %z = call i64 @bytes_a.coalesced(ptr %p, i64 56, ptr @gc)
define i64 @main(ptr %p, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i64 [ 0, %entry ], [ %acc.next, %loop ]
  %x = call i64 @bytes_a(ptr %p)
  %acc.next = add i64 %acc, %x
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  %y = call i64 @bytes_b(ptr %p)
  %z = call i64 @bytes_c(ptr %p)
  %s = add i64 %y, %z
  %r = add i64 %s, %acc.next
  ret i64 %r
}

; CHECK-LABEL: define internal i64 @bytes_a(ptr %v) {
; CHECK-NEXT:    %n = load i64, ptr %v, align 8
; CHECK-NEXT:    %b = mul i64 %n, 24
; ALL-NOT:     define {{.*}}@bytes_a(
define internal i64 @bytes_a(ptr %v) {
  %n = load i64, ptr %v, align 8
  %b = mul i64 %n, 24
  %c = add i64 %b, 7
  %d = xor i64 %c, %n
  %e = load i64, ptr @ga, align 8
  %f = add i64 %d, %e
  store i64 %f, ptr @ga, align 8
  %g = lshr i64 %f, 3
  %h = mul i64 %g, %b
  ret i64 %h
}

; CHECK-NOT:   define {{.*}}@bytes_b(
; ALL-NOT:     define {{.*}}@bytes_b(
define internal i64 @bytes_b(ptr %v) {
  %n = load i64, ptr %v, align 8
  %b = mul i64 %n, 40
  %c = add i64 %b, 7
  %d = xor i64 %c, %n
  %e = load i64, ptr @gb, align 8
  %f = add i64 %d, %e
  store i64 %f, ptr @gb, align 8
  %g = lshr i64 %f, 3
  %h = mul i64 %g, %b
  ret i64 %h
}

; CHECK-NOT:   define {{.*}}@bytes_c(
; ALL-NOT:     define {{.*}}@bytes_c(
define internal i64 @bytes_c(ptr %v) {
  %n = load i64, ptr %v, align 8
  %b = mul i64 %n, 56
  %c = add i64 %b, 7
  %d = xor i64 %c, %n
  %e = load i64, ptr @gc, align 8
  %f = add i64 %d, %e
  store i64 %f, ptr @gc, align 8
  %g = lshr i64 %f, 3
  %h = mul i64 %g, %b
  ret i64 %h
}

; CHECK-LABEL: define internal i64 @bytes_b.coalesced(
; CHECK-SAME:    ptr %v, i64 %0, ptr %1) unnamed_addr {
; ALL-LABEL:   define internal i64 @bytes_a.coalesced(
; ALL-SAME:      ptr %v, i64 %0, ptr %1) unnamed_addr {
