//===- core/Pipeline.cpp - The coalesce pipeline ---------------------------===//
//
// The pipeline reads top to bottom: each stage is a comment and a call.
//
//===----------------------------------------------------------------------===//

#include "core/Pipeline.h"

#include "core/comparison/OrderVerifier.h"

#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace coalesce {

static void verifyAfter(const char *Stage, Module &M, const Config &C,
                        Outcome &O) {
  if (!C.VerifyEachStage)
    return;
  std::string Msg;
  raw_string_ostream OS(Msg);
  if (verifyModule(M, &OS))
    O.Problems.push_back(std::string("module broken after ") + Stage + ": " +
                         Msg);
}

static void verifyOrderLaws(Module &M, const Config &C, Outcome &O) {
  if (!C.VerifyOrderLimit)
    return;
  for (std::string &P : verifyOrder(M, C.VerifyOrderLimit))
    O.Problems.push_back("function order: " + P);
}

Outcome runMergeStage(Module &M, const Config &C, Report &R,
                      TTIGetter GetTTI) {
  Outcome O;
  countFunctions(M, R.FunctionsBefore);
  verifyOrderLaws(M, C, O);
  O.Changed = mergeIdenticalFunctions(M, C.Merge, R, GetTTI);
  verifyAfter("merge", M, C, O);
  countFunctions(M, R.FunctionsAfter, &R.BodiesAfter);
  return O;
}

Outcome runPipeline(Module &M, const Config &C, Report &R, TTIGetter GetTTI) {
  // 1. Merge identical functions (identical bodies, to a fixed point).
  Outcome O = runMergeStage(M, C, R, GetTTI);
  // 2. Report: the host prints or writes R.
  return O;
}

} // namespace coalesce
