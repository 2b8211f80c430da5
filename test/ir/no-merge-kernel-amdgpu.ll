; RUN: %opt-coalesce -passes=coalesce -coalesce-verify -S %s | FileCheck %s
; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -S %s | FileCheck %s
; RUN: %opt-coalesce -passes=coalesce -S %s | %llvm_bin/llc -mtriple=amdgcn-amd-amdhsa -filetype=obj -o %t.o && llvm-nm %t.o | FileCheck %s --check-prefix=KD
; RUN: %opt-coalesce -passes=coalesce-merge -pass-remarks-missed=coalesce-merge -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; Purpose: two equal AMDGPU kernels stay two kernels: an amdgpu_kernel may not be called, and the runtime finds a kernel by its descriptor (k2.kd), which an alias does not get.

target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@debug = addrspace(1) global i32 0

; CHECK-LABEL: define amdgpu_kernel void @k1(
; CHECK-NEXT:    %b = xor i32 %a, 1
define amdgpu_kernel void @k1(i32 %a) unnamed_addr {
  %b = xor i32 %a, 1
  %c = mul i32 %b, %a
  %d = add i32 %c, 7
  store i32 %d, ptr addrspace(1) @debug, align 4
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @k2(
; CHECK-NEXT:    %b = xor i32 %a, 1
; CHECK-NOT:     call
define amdgpu_kernel void @k2(i32 %a) unnamed_addr {
  %b = xor i32 %a, 1
  %c = mul i32 %b, %a
  %d = add i32 %c, 7
  store i32 %d, ptr addrspace(1) @debug, align 4
  ret void
}

; REMARK: remark: {{.*}}not merged k1: entry point
; KD-DAG: k1.kd
; KD-DAG: k2.kd
