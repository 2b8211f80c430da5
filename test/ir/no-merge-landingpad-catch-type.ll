; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; Purpose: landingpads that catch different type infos are not equal; both bodies survive.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@typeinfo_a = external constant ptr
@typeinfo_b = external constant ptr
declare i32 @__gxx_personality_v0(...)
declare void @may_throw()
declare void @handle(ptr)

; CHECK-LABEL: define void @first(
; CHECK:         %lp = landingpad { ptr, i32 }
; CHECK-NEXT:    catch ptr @typeinfo_a
define void @first() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may_throw()
          to label %ok unwind label %lpad
ok:
  ret void
lpad:
  %lp = landingpad { ptr, i32 }
          catch ptr @typeinfo_a
  call void @handle(ptr null)
  resume { ptr, i32 } %lp
}

; CHECK-LABEL: define void @second(
; CHECK:         %lp = landingpad { ptr, i32 }
; CHECK-NEXT:    catch ptr @typeinfo_b
define void @second() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may_throw()
          to label %ok unwind label %lpad
ok:
  ret void
lpad:
  %lp = landingpad { ptr, i32 }
          catch ptr @typeinfo_b
  call void @handle(ptr null)
  resume { ptr, i32 } %lp
}
