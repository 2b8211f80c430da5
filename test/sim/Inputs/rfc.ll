; The IR similarity RFC's examples as functions, plus copies that differ
; only in naming, operand order of commutative operations, and turned-round
; predicates, and a pair with a branch inside.
declare void @use(i32)
declare void @use1(i1)

; RFC: %1 = add %2, %3; %4 = add %1, %2 matches add %b, %c / add %b, %a ...
define void @rfc_a(i32 %x2, i32 %x3) {
  %x1 = add i32 %x2, %x3
  %x4 = add i32 %x1, %x2
  call void @use(i32 %x4)
  ret void
}

define void @rfc_b(i32 %b, i32 %c) {
  %a = add i32 %b, %c
  %d = add i32 %b, %a
  call void @use(i32 %d)
  ret void
}

; ... but not add %b, %c / add %a, %e.
define void @rfc_c(i32 %b, i32 %c, i32 %e) {
  %a = add i32 %b, %c
  %d = add i32 %a, %e
  call void @use(i32 %d)
  ret void
}

; RFC introduction: constants are inputs; sgt with swapped operands is slt.
define void @intro_a(i32 %a) {
  %1 = add i32 %a, 10
  %2 = add i32 %a, %1
  %3 = icmp slt i32 %1, %2
  call void @use1(i1 %3)
  ret void
}

define void @intro_b(i32 %a) {
  %1 = add i32 11, %a
  %2 = add i32 %a, %1
  %3 = icmp sgt i32 %2, %1
  call void @use1(i1 %3)
  ret void
}

; Floating-point addition commutes too: llvm-sim does not say so.
define void @float_a(float %a, float %b, ptr %p) {
  %1 = fadd float %a, %b
  %2 = fsub float %1, %a
  store float %2, ptr %p
  ret void
}

define void @float_b(float %a, float %b, ptr %p) {
  %1 = fadd float %b, %a
  %2 = fsub float %1, %a
  store float %2, ptr %p
  ret void
}

; A region across blocks: the branch inside must go the same way.
define i32 @branch_a(i32 %v, ptr %p) {
entry:
  %c = icmp eq i32 %v, 0
  br i1 %c, label %then, label %else
then:
  %x = add i32 %v, 1
  br label %join
else:
  %y = mul i32 %v, 3
  br label %join
join:
  %r = phi i32 [ %x, %then ], [ %y, %else ]
  store i32 %r, ptr %p
  ret i32 %r
}

define i32 @branch_b(i32 %w, ptr %q) {
entry:
  %c = icmp eq i32 %w, 0
  br i1 %c, label %then, label %else
then:
  %x = add i32 %w, 1
  br label %join
else:
  %y = mul i32 %w, 3
  br label %join
join:
  %r = phi i32 [ %x, %then ], [ %y, %else ]
  store i32 %r, ptr %q
  ret i32 %r
}
