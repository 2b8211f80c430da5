#include "core/comparison/FunctionOrder.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace coalesce;

TEST(FunctionOrder, Smoke) {
  LLVMContext C;
  SMDiagnostic Err;
  auto M = parseAssemblyString(R"(
define i32 @f(i32 %a) { %s = add nsw i32 %a, 1
  ret i32 %s }
define i32 @g(i32 %x) { %t = add nsw i32 %x, 1
  ret i32 %t }
)", Err, C);
  ASSERT_TRUE(M);
  OrderContext Ctx(*M);
  EXPECT_EQ(0, FunctionOrder(M->getFunction("f"), M->getFunction("g"), Ctx).compare());
}
