//===- test/unit/StageTest.cpp - The pipeline's context and driver --------===//
//
// core/pipeline/Stage.h: the context re-estimates hotness after a round
// changed the module (no stage has to remember to), makes the budget once,
// and the driver stops at the first round that changes nothing, with
// identical merging after each round that did, for a stage that wants it.
//
//===----------------------------------------------------------------------===//

#include "core/Pipeline.h"
#include "core/pipeline/Stage.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include "gtest/gtest.h"

#include <optional>

using namespace llvm;
using namespace coalesce;

namespace {

std::unique_ptr<Module> parse(LLVMContext &C, const char *IR) {
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString(IR, Err, C);
  if (!M)
    ADD_FAILURE() << Err.getMessage().str();
  return M;
}

// A loop of 100 iterations in main: what the program runs, by the static
// estimate.
const char *LoopIR = R"IR(
@g = global i32 0

define i32 @main() {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %n, %loop ]
  %n = add i32 %i, 1
  %c = icmp slt i32 %n, 100
  br i1 %c, label %loop, label %done
done:
  ret i32 %n
}
)IR";

/// A stage whose first ChangingRounds rounds each add a function
/// "copyN", the same each time (identical merging folds the
/// second into the first).
class CopyingStage final : public Stage {
public:
  explicit CopyingStage(unsigned ChangingRounds)
      : ChangingRounds(ChangingRounds) {}
  const char *name() const override { return "copy"; }
  const char *reportStage() const override { return "copy"; }
  unsigned maxRounds(const Config &) const override { return 5; }
  bool mergesAfterRounds() const override { return true; }
  bool round(PipelineContext &Ctx, unsigned Round, Report &) override {
    Rounds.push_back(Round);
    if (Round >= ChangingRounds)
      return false;
    LLVMContext &C = Ctx.module().getContext();
    Function *Copy = Function::Create(
        FunctionType::get(Type::getInt32Ty(C), false),
        GlobalValue::ExternalLinkage, "copy" + std::to_string(Round),
        Ctx.module());
    // Big enough to be worth merging: (x * 7 + 3) * x - 1.
    IRBuilder<> B(BasicBlock::Create(C, "entry", Copy));
    Value *X = B.CreateLoad(B.getInt32Ty(), Ctx.module().getNamedGlobal("g"));
    Value *Y = B.CreateAdd(B.CreateMul(X, B.getInt32(7)), B.getInt32(3));
    B.CreateRet(B.CreateSub(B.CreateMul(Y, X), B.getInt32(1)));
    return true;
  }
  void merged(PipelineContext &, const Report &,
              const Report &Merged) override {
    MergedAfter.push_back(Merged.Merges.size());
  }

  unsigned ChangingRounds;
  std::vector<unsigned> Rounds;
  std::vector<size_t> MergedAfter;
};

/// One run's context on LoopIR, made by start() once the test has set
/// Conf.
class StageTest : public ::testing::Test {
protected:
  PipelineContext &start() {
    EXPECT_TRUE(M);
    return Ctx.emplace(*M, Conf, R, nullptr);
  }

  LLVMContext C;
  std::unique_ptr<Module> M = parse(C, LoopIR);
  Config Conf;
  Report R;
  std::optional<PipelineContext> Ctx;
};

TEST_F(StageTest, EstimatesAgainOnlyAfterTheModuleChanged) {
  PipelineContext &Ctx = start();
  double First = Ctx.hotness().executed();
  EXPECT_GT(First, 0);
  // A call of a new function in main's loop: the estimate is a snapshot
  // and does not see it until the module is said to have changed.
  Function *F = Function::Create(FunctionType::get(Type::getVoidTy(C), false),
                                 GlobalValue::ExternalLinkage, "later", *M);
  ReturnInst::Create(C, BasicBlock::Create(C, "entry", F));
  for (BasicBlock &BB : *M->getFunction("main"))
    if (BB.getName() == "loop")
      CallInst::Create(F, {}, "", BB.getFirstNonPHIIt());
  EXPECT_EQ(Ctx.hotness().entryCount(*F), 0);
  Ctx.changed();
  EXPECT_GT(Ctx.hotness().entryCount(*F), 1) << "estimated again";
  // The budget was made once, from the first estimate.
  EXPECT_DOUBLE_EQ(Ctx.budget().cap(),
                   First * Conf.RunTimeBudgetPerMille / 1000);
  EXPECT_TRUE(Ctx.finish().Changed);
}

TEST_F(StageTest, BudgetTakesWhatAnEarlierStageSpent) {
  Conf.RunTimeSpentBefore = 3;
  PipelineContext &Ctx = start();
  EXPECT_DOUBLE_EQ(Ctx.budget().spent(), 3);
  EXPECT_FALSE(Ctx.finish().Changed);
}

TEST_F(StageTest, RoundsStopAtTheFirstThatChangesNothing) {
  PipelineContext &Ctx = start();
  CopyingStage S(/*ChangingRounds=*/2);
  EXPECT_TRUE(runRounds(S, Ctx));
  // Rounds 0 and 1 changed the module, round 2 did not and ended it.
  EXPECT_EQ(S.Rounds, (std::vector<unsigned>{0, 1, 2}));
  // Identical merging followed each round that changed it: the second
  // copy is the first's twin.
  ASSERT_EQ(S.MergedAfter.size(), 2u);
  EXPECT_EQ(S.MergedAfter[0], 0u);
  EXPECT_EQ(S.MergedAfter[1], 1u);
  ASSERT_EQ(R.Merges.size(), 1u);
  EXPECT_EQ(R.Merges[0].Stage, "copy");
  Outcome O = Ctx.finish();
  EXPECT_TRUE(O.Changed);
  EXPECT_TRUE(O.Problems.empty());
}

} // namespace
