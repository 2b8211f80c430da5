; Identical swiftcc functions with a swifterror argument and significant
; addresses: the thunk passes the swifterror value on as the swifterror
; argument of its call, which the verifier accepts (mergefunc does the same).

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define swiftcc void @swift1(ptr swifterror %e) {
  store ptr null, ptr %e, align 8
  ret void
}

define swiftcc void @swift2(ptr swifterror %e) {
  store ptr null, ptr %e, align 8
  ret void
}
