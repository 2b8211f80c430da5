; RUN: rm -rf %t && split-file %s %t
; RUN: llvm-as %t/main.ll -o %t/main.bc
; RUN: llvm-as %t/a.ll -o %t/a.bc
; RUN: llvm-as %t/b.ll -o %t/b.bc
; RUN: llvm-as %t/c.ll -o %t/c.bc
; RUN: %coalesce_backend --scan --icf -v -o %t/plan.json %t/main.bc %t/a.bc %t/b.bc %t/c.bc 2>&1 | FileCheck %s --check-prefix=SCAN
; RUN: FileCheck %s --check-prefix=PLAN < %t/plan.json
; RUN: %opt-coalesce -passes=coalesce-merge-across-modules -coalesce-cross-module-plan=%t/plan.json -coalesce-verify %t/a.bc -S -o %t/a.out.ll
; RUN: FileCheck %s < %t/a.out.ll
; Purpose: @init_a, @init_b and @init_c, local, each called once by its module's create function, are what a backend inlines: alone they join no family. But @create_a, @create_b and @create_c, equal but for the init they call, make a family (its saving less what keeping each init out of line costs), whose shared body calls the init through its parameter: the inits stay, and their family is planned too (a ThinLTO link with ld.lld --icf=all: 657 bytes of .text without a plan, 639 with the create family alone as planned before this test, 595 with both).

; SCAN:      coalesce-backend --scan: 4 modules, 2 families planned (6 functions), 0 left apart
; PLAN:      "function": "create_a",
; PLAN:      "function": "create_b",
; PLAN:      "function": "create_c",
; PLAN:      "function": "init_a",
; PLAN:      "function": "init_b",
; PLAN:      "function": "init_c",

; Module a: create_a passes init_a to its shared body; init_a, its address
; taken, is a thunk passing its constant to its own.
; CHECK-LABEL: define dso_local ptr @create_a(
; CHECK-NEXT:    %5 = tail call ptr @__coalesce.[[CREATE:[0-9a-f]{40}]](ptr %0, ptr %1, ptr %2, i32 %3, ptr @init_a)
; CHECK-NEXT:    ret ptr %5
; CHECK-LABEL: define internal void @init_a(
; CHECK-NEXT:    tail call void @__coalesce.[[INIT:[0-9a-f]{40}]](ptr %0, ptr %1, ptr %2, i32 31, i32 31)
; CHECK-NEXT:    ret void
; CHECK-LABEL: define weak_odr hidden ptr @__coalesce.
; CHECK-SAME:    [[CREATE]](
; CHECK:         call void %0(ptr %mem, ptr %x, ptr %y)
; CHECK-LABEL: define weak_odr hidden void @__coalesce.
; CHECK-SAME:    [[INIT]](
; CHECK:         store i32 %0, ptr %q, align 4

;--- main.ll
; The program's work, in a module of its own: a loop that runs often.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i32 @main() #0 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %m = mul i32 %i, 7
  %x = xor i32 %acc, %m
  %acc.next = add i32 %x, 1
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, 1000000
  br i1 %done, label %exit, label %loop, !prof !0
exit:
  ret i32 %acc.next
}

!0 = !{!"branch_weights", i32 1, i32 100000}

attributes #0 = { minsize optsize }

;--- a.ll
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare ptr @allocate(ptr, i64)
declare void @register(ptr, ptr)

; The module offers create_a by its address only.
define void @setup_a(ptr %table) #0 {
entry:
  call void @register(ptr %table, ptr @create_a)
  ret void
}

define dso_local ptr @create_a(ptr %alloc, ptr %x, ptr %y, i32 %flags) #0 {
entry:
  %mem = call ptr @allocate(ptr %alloc, i64 64)
  call void @init_a(ptr %mem, ptr %x, ptr %y)
  %f = getelementptr inbounds i8, ptr %mem, i64 48
  store i32 %flags, ptr %f, align 4
  %g = getelementptr inbounds i8, ptr %mem, i64 52
  %h = or i32 %flags, 8
  store i32 %h, ptr %g, align 4
  %n = getelementptr inbounds i8, ptr %mem, i64 56
  store ptr null, ptr %n, align 8
  ret ptr %mem
}

; Local, called once, by create_a: a backend would inline it, but the
; shared body of the create functions calls it through its parameter.
define internal void @init_a(ptr %this, ptr %x, ptr %y) #0 {
entry:
  store ptr %x, ptr %this, align 8
  %p = getelementptr inbounds i8, ptr %this, i64 8
  store ptr %y, ptr %p, align 8
  %q = getelementptr inbounds i8, ptr %this, i64 16
  store i32 31, ptr %q, align 4
  %r = getelementptr inbounds i8, ptr %this, i64 20
  %t = load i32, ptr %x, align 4
  %u = add i32 %t, 31
  store i32 %u, ptr %r, align 4
  %v = getelementptr inbounds i8, ptr %this, i64 24
  %w = load i32, ptr %y, align 4
  %z = xor i32 %w, %u
  store i32 %z, ptr %v, align 4
  %e = getelementptr inbounds i8, ptr %this, i64 28
  store i32 0, ptr %e, align 4
  %e2 = getelementptr inbounds i8, ptr %this, i64 32
  store i64 -1, ptr %e2, align 8
  ret void
}

attributes #0 = { minsize optsize }
;--- b.ll
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare ptr @allocate(ptr, i64)
declare void @register(ptr, ptr)

; The module offers create_b by its address only.
define void @setup_b(ptr %table) #0 {
entry:
  call void @register(ptr %table, ptr @create_b)
  ret void
}

define dso_local ptr @create_b(ptr %alloc, ptr %x, ptr %y, i32 %flags) #0 {
entry:
  %mem = call ptr @allocate(ptr %alloc, i64 64)
  call void @init_b(ptr %mem, ptr %x, ptr %y)
  %f = getelementptr inbounds i8, ptr %mem, i64 48
  store i32 %flags, ptr %f, align 4
  %g = getelementptr inbounds i8, ptr %mem, i64 52
  %h = or i32 %flags, 8
  store i32 %h, ptr %g, align 4
  %n = getelementptr inbounds i8, ptr %mem, i64 56
  store ptr null, ptr %n, align 8
  ret ptr %mem
}

; Local, called once, by create_b: a backend would inline it, but the
; shared body of the create functions calls it through its parameter.
define internal void @init_b(ptr %this, ptr %x, ptr %y) #0 {
entry:
  store ptr %x, ptr %this, align 8
  %p = getelementptr inbounds i8, ptr %this, i64 8
  store ptr %y, ptr %p, align 8
  %q = getelementptr inbounds i8, ptr %this, i64 16
  store i32 37, ptr %q, align 4
  %r = getelementptr inbounds i8, ptr %this, i64 20
  %t = load i32, ptr %x, align 4
  %u = add i32 %t, 37
  store i32 %u, ptr %r, align 4
  %v = getelementptr inbounds i8, ptr %this, i64 24
  %w = load i32, ptr %y, align 4
  %z = xor i32 %w, %u
  store i32 %z, ptr %v, align 4
  %e = getelementptr inbounds i8, ptr %this, i64 28
  store i32 0, ptr %e, align 4
  %e2 = getelementptr inbounds i8, ptr %this, i64 32
  store i64 -1, ptr %e2, align 8
  ret void
}

attributes #0 = { minsize optsize }
;--- c.ll
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare ptr @allocate(ptr, i64)
declare void @register(ptr, ptr)

; The module offers create_c by its address only.
define void @setup_c(ptr %table) #0 {
entry:
  call void @register(ptr %table, ptr @create_c)
  ret void
}

define dso_local ptr @create_c(ptr %alloc, ptr %x, ptr %y, i32 %flags) #0 {
entry:
  %mem = call ptr @allocate(ptr %alloc, i64 64)
  call void @init_c(ptr %mem, ptr %x, ptr %y)
  %f = getelementptr inbounds i8, ptr %mem, i64 48
  store i32 %flags, ptr %f, align 4
  %g = getelementptr inbounds i8, ptr %mem, i64 52
  %h = or i32 %flags, 8
  store i32 %h, ptr %g, align 4
  %n = getelementptr inbounds i8, ptr %mem, i64 56
  store ptr null, ptr %n, align 8
  ret ptr %mem
}

; Local, called once, by create_c: a backend would inline it, but the
; shared body of the create functions calls it through its parameter.
define internal void @init_c(ptr %this, ptr %x, ptr %y) #0 {
entry:
  store ptr %x, ptr %this, align 8
  %p = getelementptr inbounds i8, ptr %this, i64 8
  store ptr %y, ptr %p, align 8
  %q = getelementptr inbounds i8, ptr %this, i64 16
  store i32 41, ptr %q, align 4
  %r = getelementptr inbounds i8, ptr %this, i64 20
  %t = load i32, ptr %x, align 4
  %u = add i32 %t, 41
  store i32 %u, ptr %r, align 4
  %v = getelementptr inbounds i8, ptr %this, i64 24
  %w = load i32, ptr %y, align 4
  %z = xor i32 %w, %u
  store i32 %z, ptr %v, align 4
  %e = getelementptr inbounds i8, ptr %this, i64 28
  store i32 0, ptr %e, align 4
  %e2 = getelementptr inbounds i8, ptr %this, i64 32
  store i64 -1, ptr %e2, align 8
  ret void
}

attributes #0 = { minsize optsize }
