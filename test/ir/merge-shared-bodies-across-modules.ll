; RUN: %opt-coalesce -passes='coalesce<thinlto>' -coalesce-verify -S %s | FileCheck %s
; RUN: %opt-coalesce -passes='coalesce<thinlto>' -coalesce-verify -S %s | grep -o 'define .*@__coalesce\.[0-9a-f]*' | grep -o '@__coalesce\.[0-9a-f]*' | sort > %t.here
; RUN: %opt-coalesce -passes='coalesce<thinlto>' -coalesce-verify -S %S/Inputs/shared-bodies-other.ll | grep -o 'define .*@__coalesce\.[0-9a-f]*' | grep -o '@__coalesce\.[0-9a-f]*' | sort > %t.other
; RUN: comm -12 %t.here %t.other | FileCheck %s --check-prefix=COMMON
; RUN: sed -e 's/mul i32 %x, 31/mul i32 %x, 37/' %S/Inputs/shared-bodies-other.ll | %opt-coalesce -passes='coalesce<thinlto>' -S | grep -o 'define .*@__coalesce\.[0-9a-f]*' | grep -o '@__coalesce\.[0-9a-f]*' | sort > %t.changed
; RUN: comm -12 %t.here %t.changed | count 0
; Purpose: in a ThinLTO backend, a local function that another module may hold too is named by a hash of its content, with weak_odr linkage, hidden visibility and a comdat of that name, so that the linker keeps one body of each. @scramble and @greet here, @mix and @hello in the other module (Inputs/shared-bodies-other.ll: other names, another order, the string literal under another name) get the same two names; @greet calls @scramble by its content name, so its own name covers its callee's content. With one constant of @mix changed, neither name is the same any more: the caller's name changes with its callee's content.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: $__coalesce.[[MIX:[0-9a-f]+]] = comdat any
; CHECK: $__coalesce.[[HELLO:[0-9a-f]+]] = comdat any

@.str = private unnamed_addr constant [6 x i8] c"hello\00", align 1

declare i32 @puts(ptr)

; CHECK-LABEL: define weak_odr hidden i32 @__coalesce.
; CHECK-SAME:    [[MIX]](i32 %x) unnamed_addr {{.*}}comdat {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %m = mul i32 %x, 31
define internal i32 @scramble(i32 %x) noinline {
entry:
  %m = mul i32 %x, 31
  %s = lshr i32 %x, 3
  %r = xor i32 %m, %s
  ret i32 %r
}

; CHECK-LABEL: define weak_odr hidden i32 @__coalesce.
; CHECK-SAME:    [[HELLO]](i32 %x) unnamed_addr {{.*}}comdat {
; CHECK:         call i32 @puts(ptr @.str)
; CHECK-NEXT:    call i32 @__coalesce.[[MIX]](i32 %x)
define internal i32 @greet(i32 %x) noinline {
entry:
  %c = call i32 @puts(ptr @.str)
  %s = call i32 @scramble(i32 %x)
  %r = add i32 %c, %s
  ret i32 %r
}

; CHECK-LABEL: define i32 @a_entry(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call i32 @__coalesce.[[HELLO]](i32 %x)
define i32 @a_entry(i32 %x) {
entry:
  %g = call i32 @greet(i32 %x)
  ret i32 %g
}

; COMMON-COUNT-2: @__coalesce.{{[0-9a-f]{40}$}}
; COMMON-NOT:     @__coalesce
