; RUN: rm -rf %t && split-file %s %t
; RUN: llvm-as %t/main.ll -o %t/main.bc
; RUN: llvm-as %t/a.ll -o %t/a.bc
; RUN: llvm-as %t/b.ll -o %t/b.bc
; RUN: llvm-as %t/c.ll -o %t/c.bc
; RUN: %coalesce_backend --scan --icf -v -o %t/plan.json %t/main.bc %t/a.bc %t/b.bc %t/c.bc 2>&1 | FileCheck %s --check-prefix=SCAN
; RUN: FileCheck %s --check-prefix=PLAN < %t/plan.json
; RUN: %opt-coalesce -passes=coalesce-merge-across-modules -coalesce-cross-module-plan=%t/plan.json -coalesce-verify %t/a.bc -S -o %t/a.out.ll
; RUN: FileCheck %s < %t/a.out.ll
; RUN: sed -e 's/^\(define dso_local void @init_.*\) #0 {$/\1 noinline #0 {/' %t/a.ll | llvm-as -o %t/a.noinline.bc
; RUN: sed -e 's/^\(define dso_local void @init_.*\) #0 {$/\1 noinline #0 {/' %t/b.ll | llvm-as -o %t/b.noinline.bc
; RUN: sed -e 's/^\(define dso_local void @init_.*\) #0 {$/\1 noinline #0 {/' %t/c.ll | llvm-as -o %t/c.noinline.bc
; RUN: %coalesce_backend --scan --icf -v -o %t/noinline.json %t/main.bc %t/a.noinline.bc %t/b.noinline.bc %t/c.noinline.bc 2>&1 | FileCheck %s --check-prefix=NOINLINE-SCAN
; RUN: FileCheck %s --check-prefix=NOINLINE-PLAN < %t/noinline.json
; Purpose: @create_a, @create_b and @create_c, one per module, are equal but for the constructor they call (@init_a, @init_b, @init_c), which no other module names and which each calls once: the thin link makes the constructor local and its backend inlines it into its create (a ThinLTO link with ld.lld --icf=all: 540 bytes of .text without a plan, 555 with the family planned before this test). Merged, the shared body calls the constructor through its parameter: it stays, with its entry and exit and the call, and the scan prices that. Here it leaves no saving above the margin, so the scan plans no family and -v says so; the backend leaves its module as it is. The control: the constructors noinline (they stay anyway), the three make a family.

; SCAN:      coalesce-backend --scan: 4 modules, 0 families planned (0 functions), 2 left apart
; SCAN-DAG:    left apart: 'create_a' with 'create_b': across modules: would save {{-?[0-9]+}} bytes, less than the margin of 16
; SCAN-DAG:    left apart: 'init_a' with 'init_b': across modules:
; PLAN:      "families": []

; The backend keeps create_a and its call of init_a.
; CHECK-LABEL: define dso_local ptr @create_a(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %mem = call ptr @allocate(ptr %alloc, i64 64)
; CHECK-NEXT:    call void @init_a(ptr %mem, ptr %x, ptr %y)
; CHECK-LABEL: define dso_local void @init_a(
; CHECK-NOT:   @__coalesce

; The control: constructors that stay out of line cost the merge nothing.
; NOINLINE-SCAN: coalesce-backend --scan: 4 modules, 1 families planned (3 functions)
; NOINLINE-PLAN: "function": "create_a",
; NOINLINE-PLAN: "function": "create_b",
; NOINLINE-PLAN: "function": "create_c",

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

define dso_local ptr @create_a(ptr %alloc, ptr %x, ptr %y) #0 {
entry:
  %mem = call ptr @allocate(ptr %alloc, i64 64)
  call void @init_a(ptr %mem, ptr %x, ptr %y)
  ret ptr %mem
}

; Called once, by create_a, and named in no other module: the thin link
; makes it local to its module, and its backend inlines it into create_a.
define dso_local void @init_a(ptr %this, ptr %x, ptr %y) #0 {
entry:
  store ptr %x, ptr %this, align 8
  %p = getelementptr inbounds i8, ptr %this, i64 8
  store ptr %y, ptr %p, align 8
  %q = getelementptr inbounds i8, ptr %this, i64 16
  store i32 31, ptr %q, align 4
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

define dso_local ptr @create_b(ptr %alloc, ptr %x, ptr %y) #0 {
entry:
  %mem = call ptr @allocate(ptr %alloc, i64 64)
  call void @init_b(ptr %mem, ptr %x, ptr %y)
  ret ptr %mem
}

; Called once, by create_b, and named in no other module: the thin link
; makes it local to its module, and its backend inlines it into create_b.
define dso_local void @init_b(ptr %this, ptr %x, ptr %y) #0 {
entry:
  store ptr %x, ptr %this, align 8
  %p = getelementptr inbounds i8, ptr %this, i64 8
  store ptr %y, ptr %p, align 8
  %q = getelementptr inbounds i8, ptr %this, i64 16
  store i32 37, ptr %q, align 4
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

define dso_local ptr @create_c(ptr %alloc, ptr %x, ptr %y) #0 {
entry:
  %mem = call ptr @allocate(ptr %alloc, i64 64)
  call void @init_c(ptr %mem, ptr %x, ptr %y)
  ret ptr %mem
}

; Called once, by create_c, and named in no other module: the thin link
; makes it local to its module, and its backend inlines it into create_c.
define dso_local void @init_c(ptr %this, ptr %x, ptr %y) #0 {
entry:
  store ptr %x, ptr %this, align 8
  %p = getelementptr inbounds i8, ptr %this, i64 8
  store ptr %y, ptr %p, align 8
  %q = getelementptr inbounds i8, ptr %this, i64 16
  store i32 41, ptr %q, align 4
  ret void
}

attributes #0 = { minsize optsize }
