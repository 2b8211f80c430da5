; RUN: %opt-coalesce -passes=coalesce -coalesce-verify -S %s | FileCheck %s
; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; RUN: %opt-coalesce -passes=coalesce-merge -pass-remarks-missed=coalesce-merge -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; Purpose: two equal SPIR-V kernels stay two kernels: a spir_kernel may not be called (a thunk would not verify) and the runtime starts each by its own name.

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spirv64-unknown-unknown"

@debug = addrspace(1) global i32 0

; CHECK-LABEL: define spir_kernel void @k1(
; CHECK-NEXT:    %b = xor i32 %a, 1
define spir_kernel void @k1(i32 %a) unnamed_addr {
  %b = xor i32 %a, 1
  %c = mul i32 %b, %a
  %d = add i32 %c, 7
  store i32 %d, ptr addrspace(1) @debug, align 4
  ret void
}

; CHECK-LABEL: define spir_kernel void @k2(
; CHECK-NEXT:    %b = xor i32 %a, 1
; CHECK-NOT:     call
define spir_kernel void @k2(i32 %a) unnamed_addr {
  %b = xor i32 %a, 1
  %c = mul i32 %b, %a
  %d = add i32 %c, 7
  store i32 %d, ptr addrspace(1) @debug, align 4
  ret void
}

; REMARK: remark: {{.*}}not merged k1: entry point
