; Parses, but is no valid module: %1 uses %2 before %2 is defined.
define i32 @f(i32 %a) {
  %1 = add i32 %2, 1
  %2 = add i32 %a, 1
  ret i32 %1
}
