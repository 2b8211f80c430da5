; Two functions calling different callees of one type the same way.
declare i32 @ext1(i32)
declare i32 @ext2(i32)

define i32 @g(i32 %a) {
  %1 = call i32 @ext1(i32 %a)
  %2 = call i32 @ext1(i32 %1)
  %3 = add i32 %2, %a
  ret i32 %3
}

define i32 @h(i32 %b) {
  %1 = call i32 @ext2(i32 %b)
  %2 = call i32 @ext2(i32 %1)
  %3 = add i32 %2, %b
  ret i32 %3
}
