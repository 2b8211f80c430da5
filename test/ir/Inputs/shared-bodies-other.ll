; The other module of merge-shared-bodies-across-modules.ll: the same two
; helpers under other names, a string literal of the same value under
; another name, in another order, beside code of its own.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.str.3 = private unnamed_addr constant [6 x i8] c"hello\00", align 1

declare i32 @puts(ptr)

define internal i32 @other(i32 %x) noinline {
entry:
  %r = sub i32 %x, 99
  ret i32 %r
}

define internal i32 @hello(i32 %x) noinline {
entry:
  %c = call i32 @puts(ptr @.str.3)
  %s = call i32 @mix(i32 %x)
  %r = add i32 %c, %s
  ret i32 %r
}

define internal i32 @mix(i32 %x) noinline {
entry:
  %m = mul i32 %x, 31
  %s = lshr i32 %x, 3
  %r = xor i32 %m, %s
  ret i32 %r
}

define i32 @b_entry(i32 %x) {
entry:
  %h = call i32 @hello(i32 %x)
  %o = call i32 @other(i32 %h)
  ret i32 %o
}
