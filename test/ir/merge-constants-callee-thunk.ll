; RUN: %opt-coalesce -passes=coalesce-merge-constants -coalesce-runtime-budget=1000 -coalesce-verify -S %s | FileCheck %s
; Purpose: functions equal but for the external function they call, whose addresses are taken (a Lua library's luaL_Reg table of math_sin, math_cos, ...), keep their names as thunks that pass their callee to the shared body, which calls through the argument; under indirect-branch tracking (cf-protection-branch) too, as the callees are not the module's own.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.luaL_Reg = type { ptr, ptr }

@.str.sin = private unnamed_addr constant [4 x i8] c"sin\00"
@.str.cos = private unnamed_addr constant [4 x i8] c"cos\00"
@.str.tan = private unnamed_addr constant [4 x i8] c"tan\00"
@.str.exp = private unnamed_addr constant [4 x i8] c"exp\00"
@mathlib = internal constant [5 x %struct.luaL_Reg] [%struct.luaL_Reg { ptr @.str.sin, ptr @math_sin }, %struct.luaL_Reg { ptr @.str.cos, ptr @math_cos }, %struct.luaL_Reg { ptr @.str.tan, ptr @math_tan }, %struct.luaL_Reg { ptr @.str.exp, ptr @math_exp }, %struct.luaL_Reg zeroinitializer]

define ptr @luaopen_math() {
  ret ptr @mathlib
}

; CHECK-LABEL: define internal i32 @math_sin(
; CHECK-SAME:    ptr [[L:%[0-9]+]])
; CHECK-NEXT:    [[R:%[0-9]+]] = tail call i32 @math_sin.coalesced(ptr [[L]], ptr @sin)
; CHECK-NEXT:    ret i32 [[R]]
define internal i32 @math_sin(ptr %L) {
  %x = call double @luaL_checknumber(ptr %L, i32 1)
  %y = call double @sin(double %x)
  call void @lua_pushnumber(ptr %L, double %y)
  ret i32 1
}

; CHECK-LABEL: define internal i32 @math_cos(
; CHECK-NEXT:    %1 = tail call i32 @math_sin.coalesced(ptr %L, ptr @cos)
; CHECK-NEXT:    ret i32 %1
define internal i32 @math_cos(ptr %L) {
  %x = call double @luaL_checknumber(ptr %L, i32 1)
  %y = call double @cos(double %x)
  call void @lua_pushnumber(ptr %L, double %y)
  ret i32 1
}

; CHECK-LABEL: define internal i32 @math_tan(
; CHECK-NEXT:    %1 = tail call i32 @math_sin.coalesced(ptr %L, ptr @tan)
; CHECK-NEXT:    ret i32 %1
define internal i32 @math_tan(ptr %L) {
  %x = call double @luaL_checknumber(ptr %L, i32 1)
  %y = call double @tan(double %x)
  call void @lua_pushnumber(ptr %L, double %y)
  ret i32 1
}

; CHECK-LABEL: define internal i32 @math_exp(
; CHECK-NEXT:    %1 = tail call i32 @math_sin.coalesced(ptr %L, ptr @exp)
; CHECK-NEXT:    ret i32 %1
define internal i32 @math_exp(ptr %L) {
  %x = call double @luaL_checknumber(ptr %L, i32 1)
  %y = call double @exp(double %x)
  call void @lua_pushnumber(ptr %L, double %y)
  ret i32 1
}

declare double @luaL_checknumber(ptr, i32)
declare void @lua_pushnumber(ptr, double)
declare double @sin(double)
declare double @cos(double)
declare double @tan(double)
declare double @exp(double)

; CHECK-LABEL: define internal i32 @math_sin.coalesced(
; CHECK-SAME:    ptr %L, ptr %0) unnamed_addr {
; CHECK-NEXT:    %x = call double @luaL_checknumber(ptr %L, i32 1)
; CHECK-NEXT:    %y = call double %0(double %x)
; CHECK-NEXT:    call void @lua_pushnumber(ptr %L, double %y)
; CHECK-NEXT:    ret i32 1

!llvm.module.flags = !{!0}
!0 = !{i32 8, !"cf-protection-branch", i32 1}
