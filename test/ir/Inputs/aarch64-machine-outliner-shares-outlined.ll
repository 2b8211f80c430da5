; The module of no-outline-aarch64-machine-outliner-shares.ll as coalesce outlined it before it took off
; what the machine outliner shares: @f, @g and @h call @coalesce.outlined.0. Compiled by llc (the machine
; outliner on, as at -Oz), it is larger than the module left to the machine outliner.
target datalayout = "e-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128-Fn32"
target triple = "aarch64-unknown-linux-gnu"

declare void @use(i32)

; Function Attrs: minsize
define void @f(ptr %p, i32 %n) #0 {
entry:
  call void @use(i32 %n)
  call void @coalesce.outlined.0(ptr %p, i32 10)
  ret void
}

; Function Attrs: minsize
define void @g(ptr %q, i32 %n) #0 {
entry:
  %k = add i32 %n, 1
  call void @use(i32 %k)
  call void @coalesce.outlined.0(ptr %q, i32 12)
  ret void
}

; Function Attrs: minsize
define void @h(ptr %r, i32 %n) #0 {
entry:
  %k = mul i32 %n, 3
  call void @use(i32 %k)
  call void @coalesce.outlined.0(ptr %r, i32 14)
  ret void
}

; Function Attrs: minsize nounwind
define internal void @coalesce.outlined.0(ptr %q, i32 %in) unnamed_addr #1 {
entry:
  %v0 = load i32, ptr %q, align 4
  %m0 = mul i32 %v0, %in
  %a1 = getelementptr inbounds i8, ptr %q, i64 4
  %v1 = load i32, ptr %a1, align 4
  %s1 = add i32 %m0, %v1
  %a2 = getelementptr inbounds i8, ptr %q, i64 8
  %v2 = load i32, ptr %a2, align 4
  %x2 = xor i32 %s1, %v2
  %a3 = getelementptr inbounds i8, ptr %q, i64 12
  %v3 = load i32, ptr %a3, align 4
  %o3 = or i32 %x2, %v3
  store i32 %o3, ptr %q, align 4
  %sh = shl i32 %o3, 3
  store i32 %sh, ptr %a1, align 4
  %sub = sub i32 %sh, %v0
  store i32 %sub, ptr %a2, align 4
  ret void
}

attributes #0 = { minsize }
attributes #1 = { minsize nounwind }
