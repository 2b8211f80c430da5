//===- core/Pipeline.cpp - The coalesce pipeline ---------------------------===//
//
// The pipeline reads top to bottom: each stage is a comment and a call.
//
//===----------------------------------------------------------------------===//

#include "core/Pipeline.h"

#include "core/pipeline/Stages.h"

#include "llvm/IR/Module.h"

using namespace llvm;

namespace coalesce {

/// One stage alone, as its named pass runs it: a context of its own.
static Outcome runAlone(Stage &S, Module &M, const Config &C, Report &R,
                        TTIGetter GetTTI) {
  PipelineContext Ctx(M, C, R, GetTTI);
  runRounds(S, Ctx);
  return Ctx.finish();
}

Outcome runMergeStage(Module &M, const Config &C, Report &R,
                      TTIGetter GetTTI) {
  IdenticalStage Identical;
  return runAlone(Identical, M, C, R, GetTTI);
}

Outcome runConstantMergeStage(Module &M, const Config &C, Report &R,
                              TTIGetter GetTTI) {
  ConstantStage Constants;
  return runAlone(Constants, M, C, R, GetTTI);
}

Outcome runSimilarMergeStage(Module &M, const Config &C, Report &R,
                             TTIGetter GetTTI) {
  SimilarStage Similar(/*OutlinerRuns=*/false); // Alone, nothing competes.
  return runAlone(Similar, M, C, R, GetTTI);
}

Outcome runOutlineStage(Module &M, const Config &C, Report &R,
                        TTIGetter GetTTI) {
  OutlineStage Outlining;
  return runAlone(Outlining, M, C, R, GetTTI);
}

Outcome runCrossModuleStage(Module &M, const Config &C,
                            const CrossModulePlan &Plan, Report &R,
                            double &RunTimeSpent, TTIGetter GetTTI) {
  CrossModuleStage CrossModule(Plan);
  Outcome O = runAlone(CrossModule, M, C, R, GetTTI);
  RunTimeSpent += CrossModule.spent();
  return O;
}

Outcome runPipeline(Module &M, const Config &C, Report &R, TTIGetter GetTTI) {
  // 0. The stages share one context: the report, the target's size model
  //    (every stage prices its decisions in the target's bytes), how often
  //    the program runs each block (estimated when first asked and again
  //    after a round changed the module) and the run-time budget that
  //    everything the stages add to the program's run time comes out of.
  PipelineContext Ctx(M, C, R, GetTTI);

  // 1. Merge identical functions (identical bodies, to a fixed point).
  IdenticalStage Identical;
  runRounds(Identical, Ctx);

  // 2. Merge functions that differ only in constants, in rounds with
  //    identical merging between: their callers now call one body with
  //    different constants, so they may differ only in constants in turn.
  ConstantStage Constants;
  if (C.MergeConstants)
    runRounds(Constants, Ctx);

  // 3. Merge pairs of similar functions into one that takes a selector
  //    argument, where that saves more than outlining their common code
  //    would, in rounds while pairs of merged functions still merge.
  SimilarStage Similar(C.Outline && OutlineStage::runsOn(C, Ctx.size()));
  if (C.MergeSimilar)
    runRounds(Similar, Ctx);

  // 4. Outline similar regions anywhere in the module into shared
  //    functions, in rounds with identical merging between, while they
  //    still save bytes.
  OutlineStage Outlining;
  if (C.Outline)
    runRounds(Outlining, Ctx);

  // 5. In a ThinLTO backend, functions that other modules may hold too
  //    are named by their content, in comdats: the linker keeps one body.
  ShareBodiesStage Share;
  if (C.ThinLTOBackend && C.ShareBodies)
    runRounds(Share, Ctx);

  // 6. Report: the host prints or writes R.
  return Ctx.finish();
}

} // namespace coalesce
