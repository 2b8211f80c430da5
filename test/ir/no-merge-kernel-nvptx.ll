; RUN: %opt-coalesce -passes=coalesce -coalesce-verify -S %s | FileCheck %s
; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; RUN: %opt-coalesce -passes=coalesce -S %s | %llvm_bin/llc -mtriple=nvptx64-nvidia-cuda -o - | FileCheck %s --check-prefix=PTX
; RUN: %opt-coalesce -passes=coalesce-merge -pass-remarks-missed=coalesce-merge -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; Purpose: two equal NVPTX kernels stay two kernels: NVPTX allows no alias of a kernel (llc aborts), and the driver launches each by its own .entry.

target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@debug = addrspace(1) global i32 0

; CHECK-LABEL: define ptx_kernel void @k1(
; CHECK-NEXT:    %b = xor i32 %a, 1
define ptx_kernel void @k1(i32 %a) unnamed_addr {
  %b = xor i32 %a, 1
  %c = mul i32 %b, %a
  %d = add i32 %c, 7
  store i32 %d, ptr addrspace(1) @debug, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @k2(
; CHECK-NEXT:    %b = xor i32 %a, 1
; CHECK-NOT:     call
define ptx_kernel void @k2(i32 %a) unnamed_addr {
  %b = xor i32 %a, 1
  %c = mul i32 %b, %a
  %d = add i32 %c, 7
  store i32 %d, ptr addrspace(1) @debug, align 4
  ret void
}

; REMARK: remark: {{.*}}not merged k1: entry point
; PTX-DAG: .entry k1(
; PTX-DAG: .entry k2(
