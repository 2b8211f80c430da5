; RUN: %opt-coalesce -passes=coalesce -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; Purpose: once two functions share a body up to constants, their callers differ only in the constants they pass, and the next round merges them too (the pipeline repeats the stage).

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@ga = global i64 0
@gb = global i64 0

; CHECK-LABEL: define i64 @api(
; CHECK-NEXT:    %x = call i64 @once_a.coalesced(ptr %p, i64 3, i64 24, ptr @ga)
; CHECK-NEXT:    %y = call i64 @once_a.coalesced(ptr %p, i64 5, i64 40, ptr @gb)
define i64 @api(ptr %p) {
  %x = call i64 @once_a(ptr %p, i64 3)
  %y = call i64 @once_b(ptr %p, i64 5)
  %z = add i64 %x, %y
  ret i64 %z
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

; CHECK-LABEL: define internal i64 @bytes_a.coalesced(
; CHECK-SAME:    ptr %v, i64 %0, ptr %1) unnamed_addr {

; CHECK-LABEL: define internal i64 @once_a.coalesced(
; CHECK-SAME:    ptr %p, i64 %k, i64 %0, ptr %1) unnamed_addr {
; CHECK-NEXT:    %x = call i64 @bytes_a.coalesced(ptr %p, i64 %0, ptr %1)
define internal i64 @once_a(ptr %p, i64 %k) {
  %x = call i64 @bytes_a(ptr %p)
  %y = add i64 %x, 1
  %z = add i64 %x, %y
  %w = mul i64 %z, %k
  %u = sub i64 %w, %x
  %t = and i64 %u, 255
  ret i64 %t
}

define internal i64 @once_b(ptr %p, i64 %k) {
  %x = call i64 @bytes_b(ptr %p)
  %y = add i64 %x, 1
  %z = add i64 %x, %y
  %w = mul i64 %z, %k
  %u = sub i64 %w, %x
  %t = and i64 %u, 255
  ret i64 %t
}
