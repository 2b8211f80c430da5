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

Outcome runMergeStage(Module &M, const Config &C, Report &R,
                      TTIGetter GetTTI) {
  PipelineContext Ctx(M, C, R, GetTTI);
  IdenticalStage Identical;
  runRounds(Identical, Ctx);
  return Ctx.finish();
}

Outcome runConstantMergeStage(Module &M, const Config &C, Report &R,
                              TTIGetter GetTTI) {
  Config Alone = C;
  Alone.MergeConstants = true;
  PipelineContext Ctx(M, Alone, R, GetTTI);
  ConstantStage Constants;
  runRounds(Constants, Ctx);
  return Ctx.finish();
}

Outcome runSimilarMergeStage(Module &M, const Config &C, Report &R,
                             TTIGetter GetTTI) {
  Config Alone = C;
  Alone.MergeSimilar = true;
  PipelineContext Ctx(M, Alone, R, GetTTI);
  SimilarStage Similar(/*OutlinerRuns=*/false); // Alone, nothing competes.
  runRounds(Similar, Ctx);
  return Ctx.finish();
}

Outcome runOutlineStage(Module &M, const Config &C, Report &R,
                        TTIGetter GetTTI) {
  Config Alone = C;
  Alone.Outline = true;
  PipelineContext Ctx(M, Alone, R, GetTTI);
  OutlineStage Outlining;
  runRounds(Outlining, Ctx);
  return Ctx.finish();
}

Outcome runCrossModuleStage(Module &M, const Config &C,
                            const CrossModulePlan &Plan, Report &R,
                            double &RunTimeSpent, TTIGetter GetTTI) {
  PipelineContext Ctx(M, C, R, GetTTI);
  CrossModuleStage CrossModule(Plan);
  runRounds(CrossModule, Ctx);
  RunTimeSpent += CrossModule.spent();
  return Ctx.finish();
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
  runRounds(Constants, Ctx);

  // 3. Merge pairs of similar functions into one that takes a selector
  //    argument, where that saves more than outlining their common code
  //    would, in rounds while pairs of merged functions still merge.
  SimilarStage Similar(OutlineStage::runsOn(C, Ctx.size()));
  runRounds(Similar, Ctx);

  // 4. Outline similar regions anywhere in the module into shared
  //    functions, in rounds with identical merging between, while they
  //    still save bytes.
  OutlineStage Outlining;
  runRounds(Outlining, Ctx);

  // 5. In a ThinLTO backend, functions that other modules may hold too
  //    are named by their content, in comdats: the linker keeps one body.
  if (C.ThinLTOBackend && C.ShareBodies) {
    ShareBodiesStage Share;
    runRounds(Share, Ctx);
  }

  // 6. Report: the host prints or writes R.
  return Ctx.finish();
}

} // namespace coalesce
