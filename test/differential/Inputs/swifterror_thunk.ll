; Identical swiftcc functions with a swifterror argument and significant
; addresses: the thunk passes the swifterror value on as the swifterror
; argument of its call, which the verifier accepts (mergefunc does the same).
; The bodies are larger than the thunk, so the merge pays.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define swiftcc i64 @swift1(i64 %x, ptr swifterror %e) {
  store ptr null, ptr %e, align 8
  %a = mul i64 %x, 37
  %b = lshr i64 %a, 7
  %c = xor i64 %b, %x
  %d = add i64 %c, 12345
  ret i64 %d
}

define swiftcc i64 @swift2(i64 %x, ptr swifterror %e) {
  store ptr null, ptr %e, align 8
  %a = mul i64 %x, 37
  %b = lshr i64 %a, 7
  %c = xor i64 %b, %x
  %d = add i64 %c, 12345
  ret i64 %d
}
