//===- test/unit/IRGeneratorData.cpp - Tables of the IR generator ---------===//
//
// The constants the generator draws operands from and the fixed part of
// every generated module (declarations, helper functions, metadata). See
// IRGenerator.cpp.
//
//===----------------------------------------------------------------------===//

#include "IRGenerator.h"

#include <map>
#include <vector>

namespace irgen {
namespace detail {

const char *const *constantsOf(const std::string &Ty, size_t &N) {
  static const std::map<std::string, std::vector<const char *>> Table = {
      {"i1", {"true", "false"}},
      {"i8", {"0", "1", "-1", "127"}},
      {"i16", {"0", "1", "-1", "300"}},
      {"i32",
       {"0", "1", "-1", "7", "255", "42", "2147483647", "-2147483648"}},
      {"i64", {"0", "1", "-1", "8", "4096", "9223372036854775807"}},
      // +0.0, -0.0, quiet NaN, a NaN with payload, negative NaN, infinity.
      {"float",
       {"0.0", "-0.0", "1.0", "0x7FF8000000000000", "0x7FF8000020000000",
        "0xFFF8000000000000", "0x7FF0000000000000", "2.5"}},
      {"double",
       {"0.0", "-0.0", "1.0", "0x7FF8000000000000", "0x7FF8000000000001",
        "0x7FF4000000000000", "0xFFF0000000000000", "1.5"}},
      {"ptr",
       {"null", "@g0", "@g1", "poison",
        "getelementptr inbounds (i8, ptr @g1, i64 4)",
        "getelementptr ([4 x i32], ptr @g1, i64 0, i64 1)",
        "inttoptr (i64 4096 to ptr)"}},
      {"<4 x i32>",
       {"zeroinitializer", "<i32 1, i32 2, i32 3, i32 4>", "splat (i32 7)",
        "<i32 0, i32 poison, i32 0, i32 0>", "poison",
        "<i32 -1, i32 0, i32 0, i32 0>"}},
      {"<4 x float>",
       {"zeroinitializer", "<float -0.0, float 0.0, float 0.0, float 0.0>",
        "splat (float 1.0)",
        "<float 0x7FF8000000000000, float 0.0, float 0.0, float 0.0>"}},
      {"<2 x i64>", {"zeroinitializer", "<i64 1, i64 2>", "splat (i64 -1)"}},
      {"{ i32, i64 }",
       {"zeroinitializer", "{ i32 1, i64 2 }", "poison", "undef"}},
      {"ptr addrspace(1)",
       {"null", "addrspacecast (ptr @g0 to ptr addrspace(1))"}},
  };
  auto It = Table.find(Ty);
  if (It == Table.end()) {
    N = 0;
    return nullptr;
  }
  N = It->second.size();
  return It->second.data();
}

const char *moduleHeader() {
  static const char *const Header = R"(
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@g0 = global i32 0
@g1 = global [4 x i32] zeroinitializer
@ti0 = external constant ptr
@ti1 = external constant ptr

declare i32 @ext_i32(i32, i32)
declare i32 @ext_i32b(i32, i32)
declare void @ext_void(ptr)
declare float @ext_f(float)
declare i32 @__gxx_personality_v0(...)
declare i32 @__CxxFrameHandler3(...)
declare i32 @llvm.smax.i32(i32, i32)
declare i32 @llvm.umin.i32(i32, i32)
declare i32 @llvm.fshl.i32(i32, i32, i32)
declare void @llvm.assume(i1)
declare float @llvm.fabs.f32(float)
declare i32 @llvm.ctlz.i32(i32, i1)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

; @lib0 and @lib1 are identical; @lib2 differs by a flag.
define i32 @lib0(i32 %x) {
  %r = add nsw i32 %x, 1
  ret i32 %r
}
define i32 @lib1(i32 %y) {
  %r = add nsw i32 %y, 1
  ret i32 %r
}
define i32 @lib2(i32 %x) {
  %r = add nuw i32 %x, 1
  ret i32 %r
}

!0 = !{i32 0, i32 10}
!1 = !{i32 1, i32 100}
!2 = !{}
!3 = !{!"branch_weights", i32 1, i32 2}
!4 = !{!"branch_weights", i32 5, i32 1}
!5 = !{!"root"}
!6 = !{!"int", !5, i64 0}
!7 = !{!6, !6, i64 0}
!8 = !{!"long", !5, i64 0}
!9 = !{!8, !8, i64 0}
!10 = !{i64 0, i64 10}
!11 = !{i64 8}
!12 = !{i32 1}
!13 = !{!"function_entry_count", i64 100}
!14 = !{!"function_entry_count", i64 7}
!18 = !{!"branch_weights", i32 10}
!19 = !{!"branch_weights", i32 20}
!20 = !{!"branch_weights", i32 1, i32 2}
!21 = !{!"branch_weights", i32 1, i32 2, i32 3}
!22 = !{!"branch_weights", i32 1, i32 2, i32 3, i32 4}
!24 = !{!"branch_weights", i32 9, i32 1}
!25 = !{!"branch_weights", i32 9, i32 1, i32 1}
!26 = !{!"branch_weights", i32 9, i32 1, i32 1, i32 1}
)";
  return Header;
}

} // namespace detail
} // namespace irgen
