; RUN: %opt-coalesce -passes=coalesce-merge-constants -coalesce-runtime-budget=1000 -pass-remarks=coalesce-merge-constants -pass-remarks-missed=coalesce-merge-constants -disable-output %s 2>&1 | FileCheck %s
; Purpose: every decision of merging up to constants is a remark: one per merged function (kind, number of constants), one per class left unmerged (reason).

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@ga = global i64 0
@gb = global i64 0

; CHECK-DAG: remark: {{.*}}merged bytes_a into bytes_a.coalesced as replaced with 2 constants as parameters
; CHECK-DAG: remark: {{.*}}merged bytes_b into bytes_a.coalesced as replaced with 2 constants as parameters
; CHECK-DAG: remark: {{.*}}not merged small_a with small_b, equal up to constants: would save {{[0-9]+}} bytes (size model, x86_64), less than the margin of 16

define i64 @user(ptr %p) {
  %x = call i64 @bytes_a(ptr %p)
  %y = call i64 @bytes_b(ptr %p)
  %s = call i64 @small_a(ptr %p)
  %t = call i64 @small_b(ptr %p)
  %z = add i64 %x, %y
  %u = add i64 %s, %t
  %w = add i64 %z, %u
  ret i64 %w
}
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
define internal i64 @small_a(ptr %v) {
  %n = load i64, ptr %v, align 8
  %b = mul i64 %n, 3
  ret i64 %b
}
define internal i64 @small_b(ptr %v) {
  %n = load i64, ptr %v, align 8
  %b = mul i64 %n, 5
  ret i64 %b
}
