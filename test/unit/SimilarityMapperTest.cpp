//===- test/unit/SimilarityMapperTest.cpp - Instructions as integers -------===//
//
// The instruction mapper: which instructions share an integer (same
// operation), which do not (opcode, types, the parameters that change
// meaning), which are illegal and break sequences, and the shape of the
// module string.
//
//===----------------------------------------------------------------------===//

#include "core/regions/InstructionMapper.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace coalesce;

namespace {

class MapperTest : public ::testing::Test {
protected:
  /// Parses a module with one function @f(args) whose body is Body.
  Function &parse(const std::string &Args, const std::string &Body,
                  const std::string &Extra = "") {
    std::string Text = Extra + "\ndefine void @f(" + Args + ") {\n" + Body +
                       "  ret void\n}\n";
    SMDiagnostic Err;
    M = parseAssemblyString(Text, Err, C);
    if (!M) {
      Err.print("MapperTest", errs());
      ADD_FAILURE() << "does not parse:\n" << Text;
      static LLVMContext Dummy;
      static Module Empty("empty", Dummy);
      static Function *F = Function::Create(
          FunctionType::get(Type::getVoidTy(Dummy), false),
          GlobalValue::ExternalLinkage, "f", &Empty);
      return *F;
    }
    return *M->getFunction("f");
  }

  /// The instructions of @f, terminator excluded.
  std::vector<Instruction *> insts(Function &F) {
    std::vector<Instruction *> Out;
    for (Instruction &I : instructions(F))
      if (!isa<ReturnInst>(I))
        Out.push_back(&I);
    return Out;
  }

  /// Integers of the first two instructions of @f's body.
  std::pair<unsigned, unsigned> pair(const std::string &Args,
                                     const std::string &Body,
                                     SimilarityOptions O = {},
                                     const std::string &Extra = "") {
    Function &F = parse(Args, Body, Extra);
    std::vector<Instruction *> I = insts(F);
    if (I.size() < 2) {
      ADD_FAILURE() << "need two instructions";
      return {0, 1};
    }
    InstructionMapper Mapper(O);
    unsigned A = Mapper.numberFor(*I[0]);
    return {A, Mapper.numberFor(*I[1])};
  }

  bool same(const std::string &Args, const std::string &Body,
            SimilarityOptions O = {}, const std::string &Extra = "") {
    auto P = pair(Args, Body, O, Extra);
    return P.first == P.second;
  }

  LLVMContext C;
  std::unique_ptr<Module> M;
};

// The RFC: same opcode and types map to the same integer whatever the
// operands; a different opcode or type maps elsewhere.
TEST_F(MapperTest, RFCExampleOpcodeAndTypes) {
  Function &F = parse("i32 %a, i32 %b, i32 %c, i64 %d, i64 %e",
                      "  %1 = add i32 %a, 1\n"
                      "  %2 = add i32 %b, %c\n"
                      "  %3 = add i64 %d, %e\n"
                      "  %4 = mul i64 %d, %e\n");
  InstructionMapper Mapper({});
  std::vector<Instruction *> I = insts(F);
  unsigned N1 = Mapper.numberFor(*I[0]), N2 = Mapper.numberFor(*I[1]),
           N3 = Mapper.numberFor(*I[2]), N4 = Mapper.numberFor(*I[3]);
  EXPECT_EQ(N1, N2);
  EXPECT_NE(N2, N3);
  EXPECT_NE(N3, N4);
  EXPECT_NE(N2, N4);
  // First appearance order from 0.
  EXPECT_EQ(N1, 0u);
  EXPECT_EQ(N3, 1u);
  EXPECT_EQ(N4, 2u);
  EXPECT_EQ(Mapper.distinctOperations(), 3u);
}

TEST_F(MapperTest, OptionalFlagsDoNotSplit) {
  EXPECT_TRUE(same("i32 %a, i32 %b", "  %1 = add nsw i32 %a, %b\n"
                                     "  %2 = add i32 %b, %a\n"));
  EXPECT_TRUE(same("float %a, float %b", "  %1 = fadd fast float %a, %b\n"
                                         "  %2 = fadd float %a, %b\n"));
}

TEST_F(MapperTest, PredicatesReadInTheirLessThanForm) {
  // sgt with swapped operands is slt.
  EXPECT_TRUE(same("i32 %a, i32 %b", "  %1 = icmp sgt i32 %a, %b\n"
                                     "  %2 = icmp slt i32 %b, %a\n"));
  EXPECT_TRUE(same("i32 %a, i32 %b", "  %1 = icmp uge i32 %a, %b\n"
                                     "  %2 = icmp ule i32 %a, %b\n"));
  EXPECT_TRUE(same("double %a, double %b",
                   "  %1 = fcmp ogt double %a, %b\n"
                   "  %2 = fcmp olt double %a, %b\n"));
  EXPECT_FALSE(same("i32 %a, i32 %b", "  %1 = icmp sgt i32 %a, %b\n"
                                      "  %2 = icmp sle i32 %a, %b\n"));
  EXPECT_FALSE(same("i32 %a, i32 %b", "  %1 = icmp slt i32 %a, %b\n"
                                      "  %2 = icmp ult i32 %a, %b\n"));
  EXPECT_FALSE(same("i32 %a, i64 %b", "  %1 = icmp eq i32 %a, 0\n"
                                      "  %2 = icmp eq i64 %b, 0\n"));
}

TEST_F(MapperTest, CanonicalOperandsReverseSwappedCompares) {
  Function &F = parse("i32 %a, i32 %b", "  %1 = icmp sgt i32 %a, %b\n"
                                        "  %2 = icmp slt i32 %a, %b\n");
  std::vector<Instruction *> I = insts(F);
  SmallVector<Value *, 4> Ops;
  canonicalOperands(*I[0], Ops);
  ASSERT_EQ(Ops.size(), 2u);
  EXPECT_EQ(Ops[0], F.getArg(1));
  EXPECT_EQ(Ops[1], F.getArg(0));
  EXPECT_TRUE(predicateSwapped(*I[0]));
  canonicalOperands(*I[1], Ops);
  EXPECT_EQ(Ops[0], F.getArg(0));
  EXPECT_FALSE(predicateSwapped(*I[1]));
}

TEST_F(MapperTest, GEPFieldIndicesMustBeTheSame) {
  const char *T = "%S = type { i32, i32, i64 }\n";
  EXPECT_TRUE(same("ptr %p, i64 %i, i64 %j",
                   "  %1 = getelementptr inbounds %S, ptr %p, i64 %i, i32 1\n"
                   "  %2 = getelementptr inbounds %S, ptr %p, i64 %j, i32 1\n",
                   {}, T));
  EXPECT_FALSE(same("ptr %p, i64 %i",
                    "  %1 = getelementptr inbounds %S, ptr %p, i64 %i, i32 1\n"
                    "  %2 = getelementptr inbounds %S, ptr %p, i64 %i, i32 2\n",
                    {}, T));
  EXPECT_FALSE(same("ptr %p, i64 %i",
                    "  %1 = getelementptr inbounds %S, ptr %p, i64 %i, i32 1\n"
                    "  %2 = getelementptr %S, ptr %p, i64 %i, i32 1\n",
                    {}, T));
  // The source element type is part of the operation.
  EXPECT_FALSE(same("ptr %p, i64 %i", "  %1 = getelementptr i32, ptr %p, i64 %i\n"
                                      "  %2 = getelementptr i64, ptr %p, i64 %i\n"));
}

TEST_F(MapperTest, SpecialStateSplits) {
  EXPECT_FALSE(same("ptr %p", "  %1 = load i32, ptr %p, align 4\n"
                              "  %2 = load i32, ptr %p, align 1\n"));
  EXPECT_FALSE(same("ptr %p", "  %1 = load volatile i32, ptr %p\n"
                              "  %2 = load i32, ptr %p\n"));
  EXPECT_FALSE(same("<4 x i32> %a, <4 x i32> %b",
                    "  %1 = shufflevector <4 x i32> %a, <4 x i32> %b, "
                    "<4 x i32> <i32 0, i32 1, i32 2, i32 3>\n"
                    "  %2 = shufflevector <4 x i32> %a, <4 x i32> %b, "
                    "<4 x i32> <i32 3, i32 2, i32 1, i32 0>\n"));
  EXPECT_FALSE(same("{ i32, i32 } %a", "  %1 = extractvalue { i32, i32 } %a, 0\n"
                                       "  %2 = extractvalue { i32, i32 } %a, 1\n"));
}

TEST_F(MapperTest, CallsMatchByTypeAndCalleeIsAnOperand) {
  const char *Decls = "declare i32 @g(i32)\ndeclare i32 @h(i32)\n"
                      "declare i64 @k(i32)\n";
  EXPECT_TRUE(same("i32 %a", "  %1 = call i32 @g(i32 %a)\n"
                             "  %2 = call i32 @h(i32 %a)\n",
                   {}, Decls));
  SimilarityOptions ByName;
  ByName.MatchCallsByName = true;
  EXPECT_FALSE(same("i32 %a", "  %1 = call i32 @g(i32 %a)\n"
                              "  %2 = call i32 @h(i32 %a)\n",
                    ByName, Decls));
  EXPECT_TRUE(same("i32 %a", "  %1 = call i32 @g(i32 %a)\n"
                             "  %2 = call i32 @g(i32 1)\n",
                   ByName, Decls));
  EXPECT_FALSE(same("i32 %a", "  %1 = call i32 @g(i32 %a)\n"
                              "  %2 = call i64 @k(i32 %a)\n",
                    {}, Decls));
  // Intrinsics are their intrinsic.
  const char *Intr = "declare i32 @llvm.smax.i32(i32, i32)\n"
                     "declare i32 @llvm.smin.i32(i32, i32)\n";
  EXPECT_FALSE(same("i32 %a, i32 %b",
                    "  %1 = call i32 @llvm.smax.i32(i32 %a, i32 %b)\n"
                    "  %2 = call i32 @llvm.smin.i32(i32 %a, i32 %b)\n",
                    {}, Intr));
  EXPECT_TRUE(same("i32 %a, i32 %b",
                   "  %1 = call i32 @llvm.smax.i32(i32 %a, i32 %b)\n"
                   "  %2 = call i32 @llvm.smax.i32(i32 %b, i32 1)\n",
                   {}, Intr));
}

TEST_F(MapperTest, IllegalInstructions) {
  Function &F = parse(
      "ptr %fp, i32 %a",
      "  %1 = alloca i32\n"
      "  call void @llvm.lifetime.start.p0(ptr %1)\n"
      "  %2 = call i32 asm \"nop\", \"=r\"()\n"
      "  %3 = call i32 %fp(i32 %a)\n"
      "  %4 = call i32 @llvm.smax.i32(i32 %a, i32 1)\n"
      "  %5 = add i32 %a, 1\n",
      "declare void @llvm.lifetime.start.p0(ptr)\n"
      "declare i32 @llvm.smax.i32(i32, i32)\n");
  std::vector<Instruction *> I = insts(F);
  InstructionMapper Mapper({});
  EXPECT_FALSE(Mapper.isLegal(*I[0])); // alloca
  EXPECT_FALSE(Mapper.isLegal(*I[1])); // lifetime marker (assume-like)
  EXPECT_FALSE(Mapper.isLegal(*I[2])); // inline asm
  EXPECT_TRUE(Mapper.isLegal(*I[3]));  // indirect call
  EXPECT_TRUE(Mapper.isLegal(*I[4]));  // intrinsic
  EXPECT_TRUE(Mapper.isLegal(*I[5]));
  EXPECT_FALSE(Mapper.isLegal(*F.getEntryBlock().getTerminator())); // ret

  SimilarityOptions Strict;
  Strict.MatchIndirectCalls = false;
  Strict.MatchIntrinsics = false;
  InstructionMapper StrictMapper(Strict);
  EXPECT_FALSE(StrictMapper.isLegal(*I[3]));
  EXPECT_FALSE(StrictMapper.isLegal(*I[4]));
}

TEST_F(MapperTest, BranchesAndPhisLegalOnlyWhenSpanningBlocks) {
  Function &F = parse("i1 %c, i32 %a",
                      "  br i1 %c, label %t, label %e\n"
                      "t:\n  br label %e\n"
                      "e:\n  %p = phi i32 [ %a, %0 ], [ 1, %t ]\n");
  InstructionMapper Span({});
  SimilarityOptions In;
  In.SpanBlocks = false;
  InstructionMapper Within(In);
  for (Instruction &I : instructions(F)) {
    if (isa<ReturnInst>(I))
      continue;
    EXPECT_TRUE(Span.isLegal(I));
    EXPECT_FALSE(Within.isLegal(I));
  }
}

// The string: one integer per legal instruction, one per run of illegal
// ones, one marker at the end of each function; illegal integers unique.
TEST_F(MapperTest, ModuleString) {
  SMDiagnostic Err;
  M = parseAssemblyString(
      "define i32 @f(i32 %a) {\n"
      "  %1 = alloca i32\n  %2 = alloca i32\n"
      "  %3 = add i32 %a, 1\n  %4 = mul i32 %3, %a\n"
      "  br label %next\n"
      "next:\n  %5 = add i32 %4, 2\n  ret i32 %5\n}\n"
      "declare i32 @decl(i32)\n"
      "define i32 @g(i32 %b) {\n"
      "  %1 = add i32 %b, 1\n  br label %l\n"
      "l:\n  %2 = mul i32 %1, %1\n  br label %l\n}\n",
      Err, C);
  ASSERT_TRUE(M);
  InstructionMapper Mapper({});
  Mapper.mapModule(*M);
  ArrayRef<unsigned> S = Mapper.string();
  const unsigned I0 = InstructionMapper::FirstIllegalNumber;
  // @f: [alloca alloca] add mul br add [ret] (the ret ends the function:
  // no extra marker); @g: add br mul br <end marker>.
  std::vector<unsigned> Want = {I0, 0, 1, 2, 0, I0 - 1, 0, 2, 1, 2, I0 - 2};
  EXPECT_EQ(std::vector<unsigned>(S.begin(), S.end()), Want);
  ASSERT_EQ(Mapper.positions().size(), Want.size());
  EXPECT_EQ(Mapper.positions()[0].Inst->getOpcode(), Instruction::Alloca);
  EXPECT_EQ(Mapper.positions().back().Inst, nullptr);
  EXPECT_FALSE(Mapper.positions().back().Legal);

  // Within blocks, branches break the string too.
  SimilarityOptions In;
  In.SpanBlocks = false;
  InstructionMapper Within(In);
  Within.mapModule(*M);
  unsigned Illegal = 0;
  for (unsigned N : Within.string())
    Illegal += N > 1000;
  EXPECT_EQ(Illegal, 5u); // allocas, br, ret; br, br (no marker after).

  // Skipped blocks map as illegal instructions do (a run of them is one
  // position): @g's loop, mul br, goes.
  InstructionMapper Skipping({});
  Skipping.mapModule(*M, [](const BasicBlock &BB) {
    return BB.getName() == "l";
  });
  std::vector<unsigned> Skipped = {I0, 0, 1, 2, 0, I0 - 1, 0, 2, I0 - 2};
  ArrayRef<unsigned> T = Skipping.string();
  EXPECT_EQ(std::vector<unsigned>(T.begin(), T.end()), Skipped);
  for (const MappedInstruction &P : Skipping.positions())
    if (P.Legal) {
      EXPECT_NE(P.Inst->getParent()->getName(), "l");
    }
}

} // namespace
