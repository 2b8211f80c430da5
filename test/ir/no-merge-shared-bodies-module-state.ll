; RUN: %opt-coalesce -passes='coalesce<thinlto>' -coalesce-verify -S %s | FileCheck %s
; Purpose: a function is named by its content only where a body with that name may serve every module's callers. @count reads and writes a variable of its own module (another module's copy has its own), @escapes has its address stored and compared by the program (not unnamed_addr), @uses_count calls @count, which keeps a name of its own module, @stateless_caller calls a local function in a cycle of calls with its caller, and @with_callees carries metadata that names a global (!callees): all keep their names and linkage. @leaf, which names nothing of its module, is the one named by its content. The merger's other rules (no merging here: every body differs) are not in question.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@counter = internal global i32 0, align 4
@table = global [1 x ptr] [ptr @escapes], align 8

; CHECK-LABEL: define internal i32 @count(
define internal i32 @count(i32 %x) noinline {
entry:
  %v = load i32, ptr @counter, align 4
  %n = add i32 %v, %x
  store i32 %n, ptr @counter, align 4
  ret i32 %n
}

; CHECK-LABEL: define internal i32 @escapes(
define internal i32 @escapes(i32 %x) noinline {
entry:
  %r = mul i32 %x, 7
  ret i32 %r
}

; CHECK-LABEL: define internal i32 @uses_count(
; CHECK:         call i32 @count(
define internal i32 @uses_count(i32 %x) noinline {
entry:
  %c = call i32 @count(i32 %x)
  %r = shl i32 %c, 2
  ret i32 %r
}

; CHECK-LABEL: define internal i32 @ping(
; CHECK:         call i32 @pong(
define internal i32 @ping(i32 %x) noinline {
entry:
  %z = icmp eq i32 %x, 0
  br i1 %z, label %done, label %more
more:
  %y = sub i32 %x, 1
  %r = call i32 @pong(i32 %y)
  ret i32 %r
done:
  ret i32 5
}

; CHECK-LABEL: define internal i32 @pong(
; CHECK:         call i32 @ping(
define internal i32 @pong(i32 %x) noinline {
entry:
  %z = icmp eq i32 %x, 0
  br i1 %z, label %done, label %more
more:
  %y = ashr i32 %x, 1
  %r = call i32 @ping(i32 %y)
  ret i32 %r
done:
  ret i32 9
}

; CHECK-LABEL: define internal i32 @stateless_caller(
; CHECK:         call i32 @ping(
define internal i32 @stateless_caller(i32 %x) noinline {
entry:
  %r = call i32 @ping(i32 %x)
  %s = xor i32 %r, 3
  ret i32 %s
}

; CHECK-LABEL: define internal i32 @with_callees(
define internal i32 @with_callees(ptr %f, i32 %x) noinline {
entry:
  %r = call i32 %f(i32 %x), !callees !0
  ret i32 %r
}

; CHECK-LABEL: define weak_odr hidden i32 @__coalesce.{{[0-9a-f]+}}(i32 %x) unnamed_addr
; CHECK-SAME:    comdat {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %r = udiv i32 %x, 13
define internal i32 @leaf(i32 %x) noinline {
entry:
  %r = udiv i32 %x, 13
  ret i32 %r
}

define i32 @entry(i32 %x, ptr %p) {
entry:
  %a = call i32 @uses_count(i32 %x)
  %b = call i32 @escapes(i32 %a)
  %c = call i32 @stateless_caller(i32 %b)
  %d0 = call i32 @leaf(i32 %c)
  %d = call i32 @with_callees(ptr @ext, i32 %d0)
  %f = load ptr, ptr %p
  %same = icmp eq ptr %f, @escapes
  %e = select i1 %same, i32 %d, i32 0
  ret i32 %e
}

; CHECK-NOT: define {{.*}}@__coalesce

declare i32 @ext(i32)

!0 = !{ptr @ext}
