; Pairs and triples of identical functions over the linkage, visibility,
; comdat and address-significance combinations a linked C++ program has.
; Every group has its own body (the constant differs between groups), and
; every function has a direct caller, so call rewriting is exercised too.
; The bodies are larger than two thunks, so that each merge pays even where
; both twins stay interposable (weak, linkonce) and each needs a thunk.
; Input of test/differential/linkage-matrix.test.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

$lo_a = comdat any
$lo_b = comdat any
$wo_a = comdat any
$wo_b = comdat any
$wo_c = comdat any
$grp = comdat any

@table = global [2 x ptr] [ptr @tab_a, ptr @tab_b]
@llvm.used = appending global [1 x ptr] [ptr @used_a], section "llvm.metadata"
@alias_of_a = alias i32 (i32, ptr), ptr @aliased_a

; --- external + external: both addresses significant
define i32 @ext_a(i32 %x, ptr %p) {
  %a = mul i32 %x, 7
  %b = add i32 %a, 11
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

define i32 @ext_b(i32 %x, ptr %p) {
  %a = mul i32 %x, 7
  %b = add i32 %a, 11
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

; --- internal, never address-taken
define internal i32 @int_a(i32 %x, ptr %p) {
  %a = mul i32 %x, 7
  %b = add i32 %a, 12
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

define internal i32 @int_b(i32 %x, ptr %p) {
  %a = mul i32 %x, 7
  %b = add i32 %a, 12
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

define internal i32 @int_c(i32 %x, ptr %p) {
  %a = mul i32 %x, 7
  %b = add i32 %a, 12
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

; --- internal, address stored in @table
define internal i32 @tab_a(i32 %x, ptr %p) {
  %a = mul i32 %x, 7
  %b = add i32 %a, 13
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

define internal i32 @tab_b(i32 %x, ptr %p) {
  %a = mul i32 %x, 7
  %b = add i32 %a, 13
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

; --- linkonce_odr unnamed_addr in their own comdats (inline code)
define linkonce_odr i32 @lo_a(i32 %x, ptr %p) unnamed_addr comdat {
  %a = mul i32 %x, 7
  %b = add i32 %a, 14
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

define linkonce_odr i32 @lo_b(i32 %x, ptr %p) unnamed_addr comdat {
  %a = mul i32 %x, 7
  %b = add i32 %a, 14
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

; --- linkonce_odr without unnamed_addr
define linkonce_odr i32 @lon_a(i32 %x, ptr %p) {
  %a = mul i32 %x, 7
  %b = add i32 %a, 15
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

define linkonce_odr i32 @lon_b(i32 %x, ptr %p) {
  %a = mul i32 %x, 7
  %b = add i32 %a, 15
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

; --- weak + weak: each stays overridable
define weak i32 @weak_a(i32 %x, ptr %p) {
  %a = mul i32 %x, 7
  %b = add i32 %a, 16
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

define weak i32 @weak_b(i32 %x, ptr %p) {
  %a = mul i32 %x, 7
  %b = add i32 %a, 16
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

; --- weak + external: the strong body is kept
define weak i32 @wx_weak(i32 %x, ptr %p) {
  %a = mul i32 %x, 7
  %b = add i32 %a, 17
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

define i32 @wx_strong(i32 %x, ptr %p) {
  %a = mul i32 %x, 7
  %b = add i32 %a, 17
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

; --- weak_odr in comdats (explicit instantiations)
define weak_odr i32 @wo_a(i32 %x, ptr %p) comdat {
  %a = mul i32 %x, 7
  %b = add i32 %a, 18
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

define weak_odr i32 @wo_b(i32 %x, ptr %p) comdat {
  %a = mul i32 %x, 7
  %b = add i32 %a, 18
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

define weak_odr i32 @wo_c(i32 %x, ptr %p) comdat {
  %a = mul i32 %x, 7
  %b = add i32 %a, 18
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

; --- linkonce + linkonce: interposable and discardable
define linkonce i32 @li_a(i32 %x, ptr %p) {
  %a = mul i32 %x, 7
  %b = add i32 %a, 19
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

define linkonce i32 @li_b(i32 %x, ptr %p) {
  %a = mul i32 %x, 7
  %b = add i32 %a, 19
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

; --- hidden + protected + default visibility
define hidden i32 @vis_hidden(i32 %x, ptr %p) {
  %a = mul i32 %x, 7
  %b = add i32 %a, 20
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

define protected i32 @vis_protected(i32 %x, ptr %p) {
  %a = mul i32 %x, 7
  %b = add i32 %a, 20
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

define i32 @vis_default(i32 %x, ptr %p) {
  %a = mul i32 %x, 7
  %b = add i32 %a, 20
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

; --- private + external unnamed_addr
define private i32 @priv_a(i32 %x, ptr %p) {
  %a = mul i32 %x, 7
  %b = add i32 %a, 21
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

define i32 @exu_b(i32 %x, ptr %p) unnamed_addr {
  %a = mul i32 %x, 7
  %b = add i32 %a, 21
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

; --- external local_unnamed_addr + linkonce_odr unnamed_addr + internal
define i32 @mix_a(i32 %x, ptr %p) local_unnamed_addr {
  %a = mul i32 %x, 7
  %b = add i32 %a, 22
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

define linkonce_odr i32 @mix_b(i32 %x, ptr %p) unnamed_addr {
  %a = mul i32 %x, 7
  %b = add i32 %a, 22
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

define internal i32 @mix_c(i32 %x, ptr %p) {
  %a = mul i32 %x, 7
  %b = add i32 %a, 22
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

; --- available_externally copy: never merged
define available_externally i32 @ae_a(i32 %x, ptr %p) {
  %a = mul i32 %x, 7
  %b = add i32 %a, 23
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

define i32 @ae_b(i32 %x, ptr %p) {
  %a = mul i32 %x, 7
  %b = add i32 %a, 23
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

; --- internal in a comdat + external
define internal i32 @cd_local(i32 %x, ptr %p) comdat($grp) {
  %a = mul i32 %x, 7
  %b = add i32 %a, 24
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

define i32 @grp(i32 %x, ptr %p) comdat($grp) {
  %a = mul i32 %x, 7
  %b = add i32 %a, 24
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

; --- in @llvm.used + internal
define internal i32 @used_a(i32 %x, ptr %p) {
  %a = mul i32 %x, 7
  %b = add i32 %a, 25
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

define internal i32 @used_b(i32 %x, ptr %p) {
  %a = mul i32 %x, 7
  %b = add i32 %a, 25
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

; --- addresses compared in @cmp
define i32 @cmp_a(i32 %x, ptr %p) {
  %a = mul i32 %x, 7
  %b = add i32 %a, 26
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

define i32 @cmp_b(i32 %x, ptr %p) {
  %a = mul i32 %x, 7
  %b = add i32 %a, 26
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

; --- aliased by an existing alias
define i32 @aliased_a(i32 %x, ptr %p) {
  %a = mul i32 %x, 7
  %b = add i32 %a, 27
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

define i32 @aliased_b(i32 %x, ptr %p) {
  %a = mul i32 %x, 7
  %b = add i32 %a, 27
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

; --- dso_local external + extern weak_odr
define dso_local i32 @dl_a(i32 %x, ptr %p) {
  %a = mul i32 %x, 7
  %b = add i32 %a, 28
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

define weak_odr i32 @dl_b(i32 %x, ptr %p) {
  %a = mul i32 %x, 7
  %b = add i32 %a, 28
  %c = load i32, ptr %p, align 4
  %d = xor i32 %b, %c
  %e = lshr i32 %d, 3
  %f = mul i32 %e, %c
  %g = sub i32 %f, %x
  %h = ashr i32 %g, 5
  %i = or i32 %h, %a
  store i32 %i, ptr %p, align 4
  ret i32 %d
}

define i32 @call_all(i32 %x, ptr %p) {
  %r0 = call i32 @ext_a(i32 %x, ptr %p)
  %r1 = call i32 @ext_b(i32 %r0, ptr %p)
  %r2 = call i32 @int_a(i32 %r1, ptr %p)
  %r3 = call i32 @int_b(i32 %r2, ptr %p)
  %r4 = call i32 @int_c(i32 %r3, ptr %p)
  %r5 = call i32 @tab_a(i32 %r4, ptr %p)
  %r6 = call i32 @tab_b(i32 %r5, ptr %p)
  %r7 = call i32 @lo_a(i32 %r6, ptr %p)
  %r8 = call i32 @lo_b(i32 %r7, ptr %p)
  %r9 = call i32 @lon_a(i32 %r8, ptr %p)
  %r10 = call i32 @lon_b(i32 %r9, ptr %p)
  %r11 = call i32 @weak_a(i32 %r10, ptr %p)
  %r12 = call i32 @weak_b(i32 %r11, ptr %p)
  %r13 = call i32 @wx_weak(i32 %r12, ptr %p)
  %r14 = call i32 @wx_strong(i32 %r13, ptr %p)
  %r15 = call i32 @wo_a(i32 %r14, ptr %p)
  %r16 = call i32 @wo_b(i32 %r15, ptr %p)
  %r17 = call i32 @wo_c(i32 %r16, ptr %p)
  %r18 = call i32 @li_a(i32 %r17, ptr %p)
  %r19 = call i32 @li_b(i32 %r18, ptr %p)
  %r20 = call i32 @vis_hidden(i32 %r19, ptr %p)
  %r21 = call i32 @vis_protected(i32 %r20, ptr %p)
  %r22 = call i32 @vis_default(i32 %r21, ptr %p)
  %r23 = call i32 @priv_a(i32 %r22, ptr %p)
  %r24 = call i32 @exu_b(i32 %r23, ptr %p)
  %r25 = call i32 @mix_a(i32 %r24, ptr %p)
  %r26 = call i32 @mix_b(i32 %r25, ptr %p)
  %r27 = call i32 @mix_c(i32 %r26, ptr %p)
  %r28 = call i32 @ae_a(i32 %r27, ptr %p)
  %r29 = call i32 @ae_b(i32 %r28, ptr %p)
  %r30 = call i32 @cd_local(i32 %r29, ptr %p)
  %r31 = call i32 @grp(i32 %r30, ptr %p)
  %r32 = call i32 @used_a(i32 %r31, ptr %p)
  %r33 = call i32 @used_b(i32 %r32, ptr %p)
  %r34 = call i32 @cmp_a(i32 %r33, ptr %p)
  %r35 = call i32 @cmp_b(i32 %r34, ptr %p)
  %r36 = call i32 @aliased_a(i32 %r35, ptr %p)
  %r37 = call i32 @aliased_b(i32 %r36, ptr %p)
  %r38 = call i32 @dl_a(i32 %r37, ptr %p)
  %r39 = call i32 @dl_b(i32 %r38, ptr %p)
  %s = call i32 @alias_of_a(i32 %r39, ptr %p)
  ret i32 %s
}

define i1 @cmp() {
  %e = icmp eq ptr @cmp_a, @cmp_b
  ret i1 %e
}
