; A use before its definition: bitcode only llvm-as -disable-verify writes.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define i32 @main() {
  %b = add i32 %a, 1
  %a = add i32 2, 3
  ret i32 %b
}
