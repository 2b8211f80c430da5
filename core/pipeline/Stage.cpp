//===- core/pipeline/Stage.cpp - The context and the driver of rounds -----===//
//
// See Stage.h.
//
//===----------------------------------------------------------------------===//

#include "core/pipeline/Stage.h"

#include "core/Pipeline.h"
#include "core/comparison/OrderVerifier.h"

#include "llvm/IR/Module.h"
#include "llvm/ADT/Twine.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/TimeProfiler.h"
#include "llvm/Support/raw_ostream.h"

#include <cassert>

using namespace llvm;

namespace coalesce {

PipelineContext::PipelineContext(Module &M, const Config &C, Report &R,
                                 TTIGetter GetTTI)
    : M(M), C(C), R(R), Size(SizeModel::forModule(M, GetTTI)) {
  countFunctions(M, R.FunctionsBefore);
  if (C.VerifyOrderLimit)
    for (std::string &P : verifyOrder(M, C.VerifyOrderLimit))
      O.Problems.push_back("function order: " + P);
  R.SizeBasis = Size.basis();
}

const ProgramHotness &PipelineContext::hotness() {
  if (!Hot) {
    if (!Budget) {
      // A profile summary hotness cannot use is left aside; the host
      // says so once per run.
      std::string Problem = profileSummaryProblem(M, C.Hotness);
      if (!Problem.empty())
        O.Warnings.push_back(std::move(Problem));
    }
    Hot = ProgramHotness::compute(M, C.Hotness, &Kept);
    if (!Budget) {
      Budget.emplace(Hot->executed(), C.RunTimeBudgetPerMille);
      Budget->spend(C.RunTimeSpentBefore);
    }
  }
  return *Hot;
}

RunTimeBudget &PipelineContext::budget() {
  if (!Budget)
    hotness();
  return *Budget;
}

void PipelineContext::verifyAfter(const Twine &Stage) {
  if (!C.VerifyEachStage)
    return;
  std::string Msg;
  raw_string_ostream OS(Msg);
  if (verifyModule(M, &OS))
    O.Problems.push_back(("module broken after " + Stage + ": " + Msg).str());
}

Outcome PipelineContext::finish() {
  assert(!Finished && "a run finished twice");
  Finished = true;
  countFunctions(M, R.FunctionsAfter, &R.BodiesAfter);
  return std::move(O);
}

Stage::~Stage() = default;

bool runRounds(Stage &S, PipelineContext &Ctx) {
  unsigned Rounds = S.maxRounds(Ctx.config());
  if (!Rounds)
    return false;
  TimeTraceScope StageScope("coalesce: stage", S.name());
  bool Changed = false;
  for (unsigned Round = 0; Round != Rounds; ++Round) {
    TimeTraceScope RoundScope("coalesce: round", [&] {
      return std::string(S.name()) + ", round " + std::to_string(Round + 1);
    });
    Report Part;
    bool Any = S.round(Ctx, Round, Part);
    Ctx.report().append(Part, S.reportStage());
    if (!Any)
      break;
    Changed = true;
    Ctx.changed();
    Ctx.verifyAfter(S.name());
    if (!S.mergesAfterRounds())
      continue;
    Report Again;
    mergeIdenticalFunctions(Ctx.module(), Ctx.config().Merge, Again,
                            Ctx.size());
    Ctx.report().append(Again, S.reportStage());
    Ctx.verifyAfter(Twine("merge after ") + S.name());
    S.merged(Ctx, Part, Again);
  }
  return Changed;
}

} // namespace coalesce
