; add, mul occurs three times; add, mul, sub twice. The suffix tree holds
; the first two occurrences of add, mul below the longer repeat's node:
; llvm-sim reports no group for add, mul; with every occurrence there is
; one of all three.
define i32 @f1(i32 %a, i32 %b) {
  %1 = add i32 %a, %b
  %2 = mul i32 %1, %a
  %3 = sub i32 %2, %b
  ret i32 %3
}

define i32 @f2(i32 %a, i32 %b) {
  %1 = add i32 %a, %b
  %2 = mul i32 %1, %a
  %3 = sub i32 %2, %b
  ret i32 %3
}

define i32 @f3(i32 %a, i32 %b) {
  %1 = add i32 %a, %b
  %2 = mul i32 %1, %a
  %3 = xor i32 %2, %b
  ret i32 %3
}
