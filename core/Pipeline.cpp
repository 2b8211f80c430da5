//===- core/Pipeline.cpp - The coalesce pipeline ---------------------------===//
//
// The pipeline reads top to bottom: each stage is a comment and a call.
//
//===----------------------------------------------------------------------===//

#include "core/Pipeline.h"

#include "core/comparison/OrderVerifier.h"

#include "llvm/IR/CFG.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>


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

/// A profile summary hotness cannot use (core/hotness) is left aside;
/// the host says so once per run.
static void checkProfileSummary(Module &M, const Config &C, Outcome &O) {
  std::string Problem = profileSummaryProblem(M, C.Hotness);
  if (!Problem.empty())
    O.Warnings.push_back(std::move(Problem));
}

static void verifyOrderLaws(Module &M, const Config &C, Outcome &O) {
  if (!C.VerifyOrderLimit)
    return;
  for (std::string &P : verifyOrder(M, C.VerifyOrderLimit))
    O.Problems.push_back("function order: " + P);
}

/// One stage alone, as a named pass runs it: function counts around it,
/// the verifier after it.
template <typename StageT>
static Outcome runAlone(Module &M, const Config &C, Report &R,
                        const char *Name, StageT Stage) {
  Outcome O;
  countFunctions(M, R.FunctionsBefore);
  verifyOrderLaws(M, C, O);
  O.Changed = Stage();
  verifyAfter(Name, M, C, O);
  countFunctions(M, R.FunctionsAfter, &R.BodiesAfter);
  return O;
}

Outcome runMergeStage(Module &M, const Config &C, Report &R,
                      TTIGetter GetTTI) {
  SizeModel Size = SizeModel::forModule(M, GetTTI);
  R.SizeBasis = Size.basis();
  return runAlone(M, C, R, "merge", [&] {
    return mergeIdenticalFunctions(M, C.Merge, R, &Size);
  });
}

/// What a stage that adds run time prices with when it runs alone: the
/// module's size model, how hot its code is now (a stage that runs in
/// rounds empties Hot when a round changes the module; the next computes
/// it again, with Kept), and the budget an earlier stage of this module
/// (C.RunTimeSpentBefore) has left. Rounds collects what the verifier says
/// between rounds.
struct Pricing {
  SizeModel Size;
  HotnessCache Kept;
  std::optional<ProgramHotness> Hot;
  RunTimeBudget Budget;
  Outcome Rounds;

  Pricing(Module &M, const Config &C, Report &R, TTIGetter GetTTI)
      : Size(SizeModel::forModule(M, GetTTI)),
        Hot(ProgramHotness::compute(M, C.Hotness, &Kept)),
        Budget(Hot->executed(), C.RunTimeBudgetPerMille) {
    R.SizeBasis = Size.basis();
    Budget.spend(C.RunTimeSpentBefore);
    checkProfileSummary(M, C, Rounds);
  }
  /// The stage's outcome, with what the verifier said between rounds
  /// first, and whether hotness had to leave the profile aside.
  Outcome with(Outcome O) const {
    O.Problems.insert(O.Problems.begin(), Rounds.Problems.begin(),
                      Rounds.Problems.end());
    O.Warnings.insert(O.Warnings.begin(), Rounds.Warnings.begin(),
                      Rounds.Warnings.end());
    return O;
  }
};

Outcome runConstantMergeStage(Module &M, const Config &C, Report &R,
                              TTIGetter GetTTI) {
  Pricing P(M, C, R, GetTTI);
  return P.with(runAlone(M, C, R, "merge up to constants", [&] {
    return mergeFunctionsUpToConstants(M, C.Constants, R, &P.Size, &*P.Hot,
                                       &P.Budget);
  }));
}

/// Whether the outliner will run after merging on this target.
static bool outlinerRuns(const Config &C, const SizeModel &Size) {
  return C.Outline && (Size.outlinesByDefault() || C.OutlineWithMachineOutliner);
}

/// Rounds of similar merging: the functions two pairs merged into in one
/// round can be a similar pair in the next (one template's instances for
/// eight types merge in three rounds). A round after the first tries only
/// pairs with a function the round before made, changed or left without
/// its partner. Every round sees how often the program runs each block as
/// it is then (Hot, which a round that changes M empties), and spends from
/// Budget. Returns whether any round changed M.
static bool similarRounds(Module &M, const Config &C,
                          const SimilarMergeOptions &Options, Report &R,
                          const SizeModel &Size, RunTimeBudget &Budget,
                          HotnessCache &Kept, Outcome &O,
                          std::optional<ProgramHotness> &Hot) {
  bool Changed = false;
  FunctionSet Fresh;
  for (unsigned Round = 0; Round != C.SimilarRounds; ++Round) {
    if (!Hot)
      Hot = ProgramHotness::compute(M, C.Hotness, &Kept);
    Report Similar;
    FunctionSet Made;
    bool Any = mergeSimilarFunctions(M, Options, Similar, Size, &*Hot, &Budget,
                                     Round ? &Fresh : nullptr, &Made);
    R.append(Similar, "merge-similar");
    if (!Any)
      break;
    Changed = true;
    Hot.reset();
    verifyAfter("merge similar", M, C, O);
    Fresh = std::move(Made);
  }
  return Changed;
}

Outcome runSimilarMergeStage(Module &M, const Config &C, Report &R,
                             TTIGetter GetTTI) {
  Pricing P(M, C, R, GetTTI);
  SimilarMergeOptions Options = C.Similar;
  Options.OutlinerRuns = false; // Alone, nothing else competes.
  return P.with(runAlone(M, C, R, "merge similar", [&] {
    return similarRounds(M, C, Options, R, P.Size, P.Budget, P.Kept,
                         P.Rounds, P.Hot);
  }));
}

/// The code a round of outlining and the merging after it changed: the
/// outlined functions and what merging left as a thunk, whole; in other
/// functions, the blocks that call an outlined function (a site's call
/// block) and those they branch to (their phis now name it), and the
/// blocks whose calls now name a function merging kept (they may now name
/// one function where they named two). Read after the merging, from the
/// module as it is: every function and block in it is alive.
static ChangedCode changedCode(Module &M, const Report &Outlined,
                               const Report &Merged) {
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
  return Changed;
}

/// Rounds of outlining, each followed by identical merging (outlined
/// functions of different groups can come out the same). A round after
/// the first weighs only groups with a site in code the round before
/// changed. Every round sees how often the program runs each block as it
/// is then, and spends from Budget. Returns whether any round changed M.
static bool outlineRounds(Module &M, const Config &C, Report &R,
                          const SizeModel &Size, RunTimeBudget &Budget,
                          HotnessCache &Kept, Outcome &O,
                          std::optional<ProgramHotness> Current = {}) {
  bool Changed = false;
  if (!Size.outlinesByDefault() && !C.OutlineWithMachineOutliner)
    return false;
  ChangedCode LastChanged;
  // The first round's groups must save MinTotal bytes together; later
  // rounds add to a saving that does.
  OutlineOptions Later = C.Outlining;
  Later.MinTotal = 0;
  for (unsigned Round = 0; Round != C.OutlineRounds; ++Round) {
    ProgramHotness Hot = Current ? std::move(*Current)
                                 : ProgramHotness::compute(M, C.Hotness, &Kept);
    Current.reset();
    Report Outlined;
    bool Any = outlineSimilarCode(M, Round ? Later : C.Outlining, Outlined,
                                  Size, Hot, Budget,
                                  Round ? &LastChanged : nullptr);
    R.append(Outlined, "outline");
    if (!Any)
      break;
    Changed = true;
    verifyAfter("outline", M, C, O);
    Report Again;
    mergeIdenticalFunctions(M, C.Merge, Again, &Size);
    R.append(Again, "outline");
    verifyAfter("merge after outlining", M, C, O);
    LastChanged = changedCode(M, Outlined, Again);
  }
  return Changed;
}

Outcome runOutlineStage(Module &M, const Config &C, Report &R,
                        TTIGetter GetTTI) {
  Pricing P(M, C, R, GetTTI);
  return P.with(runAlone(M, C, R, "outline", [&] {
    return outlineRounds(M, C, R, P.Size, P.Budget, P.Kept, P.Rounds,
                         std::move(P.Hot));
  }));
}

Outcome runCrossModuleStage(Module &M, const Config &C,
                            const CrossModulePlan &Plan, Report &R,
                            double &RunTimeSpent, TTIGetter GetTTI) {
  SizeModel Size = SizeModel::forModule(M, GetTTI);
  R.SizeBasis = Size.basis();
  return runAlone(M, C, R, "merge across modules", [&] {
    return applyCrossModulePlan(M, Plan, R, Size, RunTimeSpent);
  });
}

/// Rounds of merging up to constants: each round can only reach one level
/// further up the call graph, and the levels worth it are few.
static constexpr unsigned MaxConstantRounds = 8;

Outcome runPipeline(Module &M, const Config &C, Report &R, TTIGetter GetTTI) {
  Outcome O;
  countFunctions(M, R.FunctionsBefore);
  verifyOrderLaws(M, C, O);
  checkProfileSummary(M, C, O);

  // 0. Every stage prices its decisions in the target's bytes.
  SizeModel Size = SizeModel::forModule(M, GetTTI);
  R.SizeBasis = Size.basis();

  // 1. Merge identical functions (identical bodies, to a fixed point).
  Report Identical;
  O.Changed |= mergeIdenticalFunctions(M, C.Merge, Identical, &Size);
  R.append(Identical, "merge");
  verifyAfter("merge", M, C, O);

  // 2. Merge functions that differ only in constants. Their callers now
  //    call one body with different constants, so they may differ only in
  //    constants in turn (a template's callers, instantiated for the same
  //    types): repeat, with identical merging between rounds.
  //    What they and the outliner add to the program's run time comes
  //    out of one budget: a share of the instructions the program is
  //    estimated to execute. An estimate (core/hotness) holds until the
  //    module changes; the next one analyses again only the functions
  //    that did.
  HotnessCache Kept;
  std::optional<ProgramHotness> Hot =
      ProgramHotness::compute(M, C.Hotness, &Kept);
  RunTimeBudget Budget(Hot->executed(), C.RunTimeBudgetPerMille);
  Budget.spend(C.RunTimeSpentBefore);
  for (unsigned Round = 0; C.MergeConstants && Round != MaxConstantRounds;
       ++Round) {
    Report Constants;
    if (!Hot)
      Hot = ProgramHotness::compute(M, C.Hotness, &Kept);
    bool Merged = mergeFunctionsUpToConstants(M, C.Constants, Constants,
                                              &Size, &*Hot, &Budget);
    R.append(Constants, "merge-constants");
    if (!Merged)
      break;
    Hot.reset();
    O.Changed = true;
    verifyAfter("merge up to constants", M, C, O);
    Report Again;
    mergeIdenticalFunctions(M, C.Merge, Again, &Size);
    R.append(Again, "merge-constants");
    verifyAfter("merge again", M, C, O);
  }

  // 3. Merge pairs of similar functions into one that takes a selector
  //    argument, where that saves more than outlining their common code
  //    would, in rounds while pairs of merged functions still merge; its
  //    selects and branches spend from the same budget.
  if (C.MergeSimilar) {
    SimilarMergeOptions Options = C.Similar;
    Options.OutlinerRuns = outlinerRuns(C, Size);
    O.Changed |= similarRounds(M, C, Options, R, Size, Budget, Kept, O, Hot);
  }

  // 4. Outline similar regions anywhere in the module into shared
  //    functions, in rounds while they still save bytes.
  if (C.Outline)
    O.Changed |=
        outlineRounds(M, C, R, Size, Budget, Kept, O, std::move(Hot));

  // 5. In a ThinLTO backend, functions that other modules may hold too
  //    are named by their content, in comdats: the linker keeps one body.
  if (C.ThinLTOBackend && C.ShareBodies) {
    Report Shared;
    O.Changed |= shareBodiesAcrossModules(M, Shared, Size);
    R.append(Shared);
    verifyAfter("share bodies", M, C, O);
  }

  // 6. Report: the host prints or writes R.
  countFunctions(M, R.FunctionsAfter, &R.BodiesAfter);
  return O;
}

} // namespace coalesce
