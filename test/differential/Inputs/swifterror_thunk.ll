; Gap: coalesce-merge keeps both bodies ("an inalloca, preallocated or
; swifterror argument cannot be forwarded by a thunk"); LLVM mergefunc
; writes `tail call swiftcc void @swift1(ptr swifterror %0)`, which the
; verifier accepts: a swifterror argument may be passed on as the
; swifterror argument of a call.
;   opt -load-pass-plugin=coalesce.so -passes=coalesce-merge -coalesce-print-merges -disable-output swifterror-thunk.ll

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
