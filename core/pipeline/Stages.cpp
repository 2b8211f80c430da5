//===- core/pipeline/Stages.cpp - The pipeline's stages as types ----------===//
//
// See Stages.h.
//
//===----------------------------------------------------------------------===//

#include "core/pipeline/Stages.h"

#include "core/Pipeline.h"
#include "core/merging/SharedBodies.h"

#include "llvm/IR/CFG.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace coalesce {

bool IdenticalStage::round(PipelineContext &Ctx, unsigned, Report &Part) {
  return mergeIdenticalFunctions(Ctx.module(), Ctx.config().Merge, Part,
                                 Ctx.size());
}

bool ConstantStage::round(PipelineContext &Ctx, unsigned, Report &Part) {
  return mergeFunctionsUpToConstants(Ctx.module(), Ctx.config().Constants,
                                     Part, Ctx.size(), Ctx.hotness(),
                                     Ctx.budget(), &Ctx.report());
}

unsigned SimilarStage::maxRounds(const Config &C) const {
  return C.SimilarRounds;
}

bool SimilarStage::round(PipelineContext &Ctx, unsigned Round, Report &Part) {
  SimilarMergeOptions Options = Ctx.config().Similar;
  Options.OutlinerRuns = OutlinerRuns;
  FunctionSet Made;
  bool Any = mergeSimilarFunctions(Ctx.module(), Options, Part, Ctx.size(),
                                   Ctx.hotness(), Ctx.budget(),
                                   Round ? &Fresh : nullptr, &Made);
  Fresh = std::move(Made);
  return Any;
}

bool OutlineStage::runsOn(const Config &C, const SizeModel &Size) {
  return Size.outlinesByDefault() || C.OutlineWithMachineOutliner;
}

unsigned OutlineStage::maxRounds(const Config &C) const {
  return C.OutlineRounds;
}

bool OutlineStage::round(PipelineContext &Ctx, unsigned Round, Report &Part) {
  if (!runsOn(Ctx.config(), Ctx.size()))
    return false;
  OutlineOptions Options = Ctx.config().Outlining;
  if (Round)
    Options.MinTotal = 0;
  return outlineSimilarCode(Ctx.module(), Options, Part, Ctx.size(),
                            Ctx.hotness(), Ctx.budget(),
                            Round ? &LastChanged : nullptr);
}

/// The code a round of outlining and the merging after it changed: the
/// outlined functions and what merging left as a thunk, whole; in other
/// functions, the blocks that call an outlined function (a site's call
/// block) and those they branch to (their phis now name it), and the
/// blocks whose calls now name a function merging kept (they may now name
/// one function where they named two). Read after the merging, from the
/// module as it is: every function and block in it is alive.
void OutlineStage::merged(PipelineContext &Ctx, const Report &Outlined,
                          const Report &Merged) {
  Module &M = Ctx.module();
  ChangedCode Changed;
  auto Callers = [&](Function &F, bool Successors) {
    for (User *U : F.users())
      if (auto *I = dyn_cast<Instruction>(U)) {
        Changed.Blocks.insert(I->getParent());
        if (Successors)
          for (const BasicBlock *Succ : successors(I->getParent()))
            Changed.Blocks.insert(Succ);
      }
  };
  for (const OutlineRecord &O : Outlined.Outlines)
    if (Function *F = M.getFunction(O.Function)) {
      Changed.Functions.insert(F);
      Callers(*F, /*Successors=*/true);
    }
  for (const MergeRecord &Rec : Merged.Merges) {
    if (Function *F = M.getFunction(Rec.Merged))
      Changed.Functions.insert(F);
    if (Function *Kept = M.getFunction(Rec.Kept))
      Callers(*Kept, /*Successors=*/false);
  }
  LastChanged = std::move(Changed);
}

bool ShareBodiesStage::round(PipelineContext &Ctx, unsigned, Report &Part) {
  return shareBodiesAcrossModules(Ctx.module(), Part, Ctx.size());
}

bool CrossModuleStage::round(PipelineContext &Ctx, unsigned, Report &Part) {
  return applyCrossModulePlan(Ctx.module(), Plan, Part, Ctx.size(), Spent);
}

} // namespace coalesce
