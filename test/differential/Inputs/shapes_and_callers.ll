; Equal bodies in shapes that need care: pointer/integer coercion of
; arguments, results and aggregates; caller chains that become equal only
; after their callees merge; self- and mutually recursive copies; varargs,
; fastcc copies; invoke/landingpad, switch and loop bodies.
; Input of test/differential/shapes-and-callers.test.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @__gxx_personality_v0(...)
declare void @may_throw(i64)
declare void @sink(...)

; --- ptr vs i64 (external: addresses significant, thunks with casts)
define i64 @load_next_i(i64 %p) {
  %q = inttoptr i64 %p to ptr
  %v = load i64, ptr %q, align 8
  ret i64 %v
}
define ptr @load_next_p(ptr %p) {
  %v = load ptr, ptr %p, align 8
  ret ptr %v
}

; --- aggregates that differ by pointer/integer members (the types differ,
; so a thunk converts; the bodies are larger than it)
define internal { ptr, i64 } @pair_p(ptr %a, i64 %b) {
  %c = mul i64 %b, 37
  %d = lshr i64 %c, 7
  %e = xor i64 %d, %b
  %f = add i64 %e, 12345
  %g = mul i64 %f, %c
  %1 = insertvalue { ptr, i64 } poison, ptr %a, 0
  %2 = insertvalue { ptr, i64 } %1, i64 %g, 1
  ret { ptr, i64 } %2
}
define internal { i64, i64 } @pair_i(i64 %a, i64 %b) {
  %c = mul i64 %b, 37
  %d = lshr i64 %c, 7
  %e = xor i64 %d, %b
  %f = add i64 %e, 12345
  %g = mul i64 %f, %c
  %1 = insertvalue { i64, i64 } poison, i64 %a, 0
  %2 = insertvalue { i64, i64 } %1, i64 %g, 1
  ret { i64, i64 } %2
}
define i64 @use_pairs(ptr %a, i64 %b) {
  %x = call { ptr, i64 } @pair_p(ptr %a, i64 %b)
  %y = call { i64, i64 } @pair_i(i64 %b, i64 %b)
  %x1 = extractvalue { ptr, i64 } %x, 1
  %y1 = extractvalue { i64, i64 } %y, 0
  %s = add i64 %x1, %y1
  ret i64 %s
}

; --- a chain: leaves equal, so mids equal, so tops equal
define internal i32 @leaf1(i32 %x) {
  %a = mul i32 %x, 13
  %b = add i32 %a, 5
  ret i32 %b
}
define internal i32 @leaf2(i32 %x) {
  %a = mul i32 %x, 13
  %b = add i32 %a, 5
  ret i32 %b
}
define internal i32 @mid1(i32 %x) {
  %a = call i32 @leaf1(i32 %x)
  %b = call i32 @leaf1(i32 %a)
  %c = sub i32 %b, %x
  ret i32 %c
}
define internal i32 @mid2(i32 %x) {
  %a = call i32 @leaf2(i32 %x)
  %b = call i32 @leaf2(i32 %a)
  %c = sub i32 %b, %x
  ret i32 %c
}
define linkonce_odr i32 @top1(i32 %x) unnamed_addr {
  %a = call i32 @mid1(i32 %x)
  %b = shl i32 %a, 2
  ret i32 %b
}
define linkonce_odr i32 @top2(i32 %x) unnamed_addr {
  %a = call i32 @mid2(i32 %x)
  %b = shl i32 %a, 2
  ret i32 %b
}
define i32 @root1(i32 %x) {
  %a = call i32 @top1(i32 %x)
  %b = call i32 @top1(i32 %a)
  ret i32 %b
}
define i32 @root2(i32 %x) {
  %a = call i32 @top2(i32 %x)
  %b = call i32 @top2(i32 %a)
  ret i32 %b
}

; --- self-recursive copies
define internal i64 @fact1(i64 %n) {
  %z = icmp ult i64 %n, 2
  br i1 %z, label %base, label %rec
base:
  ret i64 1
rec:
  %m = sub i64 %n, 1
  %r = call i64 @fact1(i64 %m)
  %p = mul i64 %r, %n
  ret i64 %p
}
define internal i64 @fact2(i64 %n) {
  %z = icmp ult i64 %n, 2
  br i1 %z, label %base, label %rec
base:
  ret i64 1
rec:
  %m = sub i64 %n, 1
  %r = call i64 @fact2(i64 %m)
  %p = mul i64 %r, %n
  ret i64 %p
}

; --- mutually recursive copies (even/odd, twice)
define internal i1 @even1(i32 %n) {
  %z = icmp eq i32 %n, 0
  br i1 %z, label %yes, label %no
yes:
  ret i1 true
no:
  %m = sub i32 %n, 1
  %r = call i1 @odd1(i32 %m)
  ret i1 %r
}
define internal i1 @odd1(i32 %n) {
  %z = icmp eq i32 %n, 0
  br i1 %z, label %yes, label %no
yes:
  ret i1 false
no:
  %m = sub i32 %n, 1
  %r = call i1 @even1(i32 %m)
  ret i1 %r
}
define internal i1 @even2(i32 %n) {
  %z = icmp eq i32 %n, 0
  br i1 %z, label %yes, label %no
yes:
  ret i1 true
no:
  %m = sub i32 %n, 1
  %r = call i1 @odd2(i32 %m)
  ret i1 %r
}
define internal i1 @odd2(i32 %n) {
  %z = icmp eq i32 %n, 0
  br i1 %z, label %yes, label %no
yes:
  ret i1 false
no:
  %m = sub i32 %n, 1
  %r = call i1 @even2(i32 %m)
  ret i1 %r
}

; --- varargs: internal copies can be replaced, external ones cannot thunk
define internal void @log_int1(i32 %n, ...) {
  call void (...) @sink(i32 %n)
  call void (...) @sink(i32 %n)
  ret void
}
define internal void @log_int2(i32 %n, ...) {
  call void (...) @sink(i32 %n)
  call void (...) @sink(i32 %n)
  ret void
}
define void @log_ext1(i32 %n, ...) {
  call void (...) @sink(i32 %n, i32 %n)
  ret void
}
define void @log_ext2(i32 %n, ...) {
  call void (...) @sink(i32 %n, i32 %n)
  ret void
}

; --- fastcc copies (swifterror copies: see gaps/swifterror-thunk.ll)
define fastcc i32 @fast1(i32 %a, i32 %b) {
  %s = add nsw i32 %a, %b
  %t = mul i32 %s, %s
  %u = lshr i32 %t, 5
  %v = xor i32 %u, %b
  ret i32 %v
}
define fastcc i32 @fast2(i32 %a, i32 %b) {
  %s = add nsw i32 %a, %b
  %t = mul i32 %s, %s
  %u = lshr i32 %t, 5
  %v = xor i32 %u, %b
  ret i32 %v
}

; --- invoke / landingpad copies
define linkonce_odr void @guarded1(i64 %x) personality ptr @__gxx_personality_v0 {
  invoke void @may_throw(i64 %x)
          to label %ok unwind label %lp
ok:
  ret void
lp:
  %e = landingpad { ptr, i32 }
          cleanup
  call void @may_throw(i64 0)
  resume { ptr, i32 } %e
}
define linkonce_odr void @guarded2(i64 %x) personality ptr @__gxx_personality_v0 {
  invoke void @may_throw(i64 %x)
          to label %ok unwind label %lp
ok:
  ret void
lp:
  %e = landingpad { ptr, i32 }
          cleanup
  call void @may_throw(i64 0)
  resume { ptr, i32 } %e
}

; --- switch and loop copies
define i32 @classify1(i32 %c) {
  switch i32 %c, label %other [
    i32 0, label %zero
    i32 1, label %one
    i32 7, label %seven
  ]
zero:
  ret i32 10
one:
  ret i32 11
seven:
  ret i32 17
other:
  ret i32 -1
}
define hidden i32 @classify2(i32 %c) {
  switch i32 %c, label %other [
    i32 0, label %zero
    i32 1, label %one
    i32 7, label %seven
  ]
zero:
  ret i32 10
one:
  ret i32 11
seven:
  ret i32 17
other:
  ret i32 -1
}
define internal i64 @sum1(ptr %p, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i64 [ 0, %entry ], [ %s1, %loop ]
  %g = getelementptr inbounds i64, ptr %p, i64 %i
  %v = load i64, ptr %g, align 8
  %s1 = add i64 %s, %v
  %i1 = add nuw i64 %i, 1
  %d = icmp ult i64 %i1, %n
  br i1 %d, label %loop, label %exit
exit:
  ret i64 %s1
}
define internal i64 @sum2(ptr %p, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i64 [ 0, %entry ], [ %s1, %loop ]
  %g = getelementptr inbounds i64, ptr %p, i64 %i
  %v = load i64, ptr %g, align 8
  %s1 = add i64 %s, %v
  %i1 = add nuw i64 %i, 1
  %d = icmp ult i64 %i1, %n
  br i1 %d, label %loop, label %exit
exit:
  ret i64 %s1
}

define void @use_all(ptr %p, i64 %n) {
  %a = call i64 @fact1(i64 %n)
  %b = call i64 @fact2(i64 %n)
  %c = trunc i64 %n to i32
  %d = call i1 @even1(i32 %c)
  %f = call i1 @even2(i32 %c)
  call void (i32, ...) @log_int1(i32 %c, i64 %a)
  call void (i32, ...) @log_int2(i32 %c, i64 %b)
  %g = call fastcc i32 @fast1(i32 %c, i32 %c)
  %h = call fastcc i32 @fast2(i32 %c, i32 %g)
  call void @guarded1(i64 %n)
  call void @guarded2(i64 %n)
  %s = call i64 @sum1(ptr %p, i64 %n)
  %t = call i64 @sum2(ptr %p, i64 %s)
  ret void
}
