//===- core/merging/SimilarMerger.cpp - Merge similar functions -----------===//
//
// The problem
// -----------
// Identical merging and merging up to constants take functions that are
// the same code. Much duplicated code is only nearly the same: a copy of a
// function with one more check, a different call in one place, a branch
// fewer. Each copy costs its full size. One function can do the work of
// two such functions if it takes one more argument, a selector, and
// chooses by it wherever the two differ: the common code is paid once,
// the differences once each, and every choice costs a select or a branch.
//
// An example
// ----------
//     define internal i32 @sum_checked(ptr %v, i32 %n) { ; loop, + check
//     define internal i32 @sum(ptr %v, i32 %n) {         ; the same loop
// become
//     define internal i32 @sum_checked.similar(ptr %v, i32 %n, i1 %sel) {
//       ... the loop ...
//       br i1 %sel, label %join, label %check  ; the check of @sum_checked
//       ...
// and every call `@sum(ptr %p, i32 %k)` becomes `@sum_checked.similar(ptr
// %p, i32 %k, i1 true)`. With %sel false the merged function runs
// @sum_checked's instructions, with %sel true @sum's, one for one.
//
// The algorithm
// -------------
// After FMSA (CGO 2019), SalSSA (PLDI 2020) and HyFM (CC 2021), with the
// candidate search of F3M (CGO 2022):
//  1. Eligible functions: definitions the linker cannot replace, not
//     varargs, not thunks, without funclet exception handling (landing
//     pads are fine), musttail calls, setjmp or tokens, that do not name
//     themselves, and of at least MinInstructions instructions.
//  2. Candidates: MinHash fingerprints and LSH buckets give each function
//     its most similar partner of the same type (SimilarCandidates.cpp).
//     Pairs are taken most similar first, each function in one pair.
//  3. Alignment (SimilarAlignment.cpp): the entries pair, then the most
//     alike blocks whose terminators one can stand for; within paired
//     blocks, the longest common subsequence of instructions that one
//     instruction can stand for, with operands that differ chosen by the
//     selector where a chosen value can stand.
//  4. The merged function (SimilarBuilder.cpp): one instruction per
//     matched pair; the code of one side behind a branch on the selector,
//     or in line if it cannot trap and touches no memory; a block that
//     branches on the selector before a successor that differs; phis that
//     take poison on the other side's edges; and SSA repaired with phis
//     where a value of one side crosses a branch on the selector. Nothing
//     goes to memory. Constants that differ (not callees) become
//     parameters after the selector, as in merging up to constants, up to
//     MaxParameters pairs of them: the body runs no choice for them. It is
//     built for real, verified, and priced; where constants became
//     parameters it is built again with selects for them, and the cheaper
//     of the two is kept.
//  5. Price (the size model): the two bodies against the merged one, plus
//     the selector and the side's constants at every call when a function
//     can go (its calls then pass them), else a thunk that passes them.
//     Values that now live across a call, the selector among them, are in
//     the merged body's count, and so is what a select of integers or
//     pointers on the selector costs beyond its price (both values made,
//     the selector tested) and, where the machine outliner runs, what a
//     branch on it does (it ends a block, and the machine outliner
//     shares runs within one block): SizeModel::selectorSelectBytes and
//     selectorBranchBytes, measured on merged functions. Constants become
//     parameters only in the integer registers the calling convention
//     leaves free after the selector; a selector beyond them is stored on the stack at every
//     call, and a thunk that passes it calls in a frame of its own
//     instead of jumping. The pair merges when that clears MinBytesSaved.
//  6. One decision with the outliner: where the outliner runs, the common
//     runs of the pair are priced as outlined code too (each run once, a
//     call in each function); if that saves more, the pair is left to it.
//     So no code is both merged and outlined.
//  7. Run time: every select and branch on the selector runs as often as
//     the block it stands in (core/hotness), two instructions each (the
//     test of the selector and the choice), every call passes one more
//     argument per value, a thunk jumps once more; a parameter where an
//     immediate was costs nothing in the body. A pair that would add a
//     choice to a hot block stays apart, also where the function is hot
//     only because loops call it: allowing choices there (as merging up
//     to constants allows a differing callee outside hot loops) adds
//     0.9% to the instructions the sqlite3 shell and xmllint execute,
//     past the budget, because the static estimate counts such calls
//     low. The rest is spent from the run-time budget that merging up to
//     constants and outlining share.
//  8. Forward: each function's calls pass its selector and it goes, or it
//     becomes a thunk that passes it, whichever step 5 found smaller (a
//     function called from many places, or whose address or symbol must
//     stay, is a thunk).
//
// Rounds: a merged function is a function like any other. Two pairs
// merged in one round (four instances of one template) are often a
// similar pair in the next, whose merged function takes two selectors;
// eight instances merge in three rounds. The pipeline runs rounds until
// one merges nothing (Config::SimilarRounds at most). A round after the
// first tries only pairs with a function the round before made, changed
// (its calls now pass a selector) or left without its partner (the
// partner merged with another first): every other pair was tried and
// nothing it depends on has changed, so the later rounds cost in
// proportion to what the earlier ones did.
//
// Exception handling: landing pad blocks pair only with landing pad
// blocks whose landingpad one instruction can stand for; two invokes are
// one only where both unwind to the same merged landing pad (an unwind
// edge cannot pass through a block that branches on the selector), else
// each keeps its own behind a branch.
//
// Never merged this way: what the identical merger never merges, pairs of
// different types, attributes, calling conventions, sections, GC or
// personality, and functions the previous stages made (thunks, shared
// bodies).
//
// Cost
// ----
// Fingerprints are linear in the program and the search near linear in
// the number of functions. Pairing blocks is linear in the pair along the
// CFGs; the blocks that walk leaves are compared every one with every
// other only while that is at most 65,536 comparisons. Aligning
// instructions is quadratic in the size of a block (bounded by MaxCells),
// never of the program, and runs once per candidate pair: at most one per
// function, per round; a later round aligns only pairs with a function
// the round before made, changed or left without its partner. Building
// and pricing a merged function is linear in the pair.
//
//===----------------------------------------------------------------------===//

#include "core/merging/SimilarMerger.h"

#include "core/comparison/FunctionOrder.h"
#include "core/merging/MergeSupport.h"
#include "core/merging/SimilarAlignment.h"
#include "core/merging/SimilarBuilder.h"
#include "core/merging/SimilarCandidates.h"
#include "core/size/SizeFeatures.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Pass.h"
#include "llvm/Support/Timer.h"
#include "llvm/Support/TimeProfiler.h"

#define DEBUG_TYPE "coalesce-merge-similar"

using namespace llvm;

ALWAYS_ENABLED_STATISTIC(NumPairs, "Similar pairs merged with a selector");
ALWAYS_ENABLED_STATISTIC(NumAligned, "Candidate pairs aligned");

namespace coalesce {
namespace {

constexpr const char *PassName = "coalesce-merge-similar";

/// F's arguments that take an integer register.
unsigned integerArguments(const Function &F) {
  unsigned N = 0;
  for (const Argument &A : F.args())
    N += A.getType()->isIntOrPtrTy() && !A.hasByValAttr();
  return N;
}

/// Why F cannot take part (step 1), or null.
const char *unmergeable(const Function &F, unsigned MinInstructions) {
  if (const char *Why = ineligibility(F))
    return Why;
  if (F.isInterposable())
    return "interposable";
  if (F.isVarArg())
    return "varargs";
  if (isForwardingThunk(F) || refersToItself(F))
    return "a thunk or names itself";
  for (const Argument &A : F.args())
    if (A.hasInAllocaAttr() || A.hasPreallocatedAttr() || A.hasSwiftErrorAttr())
      return "an argument a thunk cannot forward";
  unsigned N = 0;
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB) {
      // Landing pads and invokes are fine; funclets (Windows EH) are not.
      if ((I.isEHPad() && !isa<LandingPadInst>(I)) || isa<CallBrInst>(I) ||
          isa<IndirectBrInst>(I) || isa<CatchReturnInst>(I) ||
          isa<CleanupReturnInst>(I) || I.getType()->isTokenTy())
        return "funclet exception handling or a token";
      if (auto *CB = dyn_cast<CallBase>(&I)) {
        if (auto *CI = dyn_cast<CallInst>(CB); CI && CI->isMustTailCall())
          return "a musttail call";
        if (CB->hasFnAttr(Attribute::ReturnsTwice) || CB->isConvergent())
          return "a returns-twice or convergent call";
      }
      N += !I.isDebugOrPseudoInst();
    }
  if (N < MinInstructions)
    return "small";
  return nullptr;
}

class SimilarMerger {
public:
  SimilarMerger(Module &M, const SimilarMergeOptions &Options, Report &Rep,
                const SizeModel &Size, const ProgramHotness &Hot,
                RunTimeBudget &Budget, const DenseSet<const Function *> *Fresh,
                DenseSet<const Function *> *Made)
      : M(M), Options(Options), Rep(Rep), Size(Size), Hot(Hot), Budget(Budget),
        Fresh(Fresh), Made(Made), Ctx(M) {}

  bool run();

private:
  struct Priced {
    int64_t Saved = 0;
    uint64_t Bodies[2] = {0, 0}, Forward[2] = {0, 0}, Merged = 0;
    /// Whether each side stays as a thunk (else its calls are rewritten).
    bool ByThunk[2] = {false, false};
    double RunTime = 0;
  };
  bool tryPair(Function &L, Function &R);
  std::string price(Function &L, Function &R, Function &MF, const Alignment &A,
                    const MergedShape &Shape, Priced &P);
  uint64_t outlinedInstead(const Alignment &A) const;
  SmallVector<Constant *, 4> extraArguments(unsigned Side,
                                           const MergedShape &Shape) const;
  void forward(Function &F, Function &MF, ArrayRef<Constant *> Extra,
               bool ByThunk, uint64_t Bytes);
  void recordMissed(Function &L, Function &R, const std::string &Why);

  Module &M;
  const SimilarMergeOptions &Options;
  Report &Rep;
  const SizeModel &Size;
  const ProgramHotness &Hot;
  RunTimeBudget &Budget;
  const DenseSet<const Function *> *Fresh;
  DenseSet<const Function *> *Made;
  OrderContext Ctx;
  /// Callers' features (what passing the selector costs there depends on
  /// them).
  CallerFeatures Callers;
  bool Changed = false;
};

bool SimilarMerger::run() {
  // 1-2. Eligible functions, their fingerprints, the candidate pairs
  // (timed on their own under -time-passes: bench/similar-scaling).
  std::vector<Function *> Functions;
  std::vector<CandidatePair> Pairs;
  {
    NamedRegionTimer Timer("candidates", "candidate search", PassName,
                           "coalesce similar merging", TimePassesIsEnabled);
    std::vector<Fingerprint> Prints;
    for (Function &F : M)
      if (!unmergeable(F, Options.MinInstructions)) {
        Functions.push_back(&F);
        Prints.push_back(fingerprint(F));
      }
    CandidateOptions CO;
    CO.MinSimilarity = Options.MinSimilarity;
    Pairs = findCandidatePairs(Prints, CO);
  }
  std::vector<bool> Taken(Functions.size(), false);
  for (const CandidatePair &Pair : Pairs) {
    if (Taken[Pair.L] || Taken[Pair.R]) {
      // Its partner merged with another first: try it again next round.
      if (Made)
        for (unsigned I : {Pair.L, Pair.R})
          if (!Taken[I])
            Made->insert(Functions[I]);
      continue;
    }
    if (Fresh && !Fresh->contains(Functions[Pair.L]) &&
        !Fresh->contains(Functions[Pair.R]))
      continue; // Tried in an earlier round, and nothing has changed.
    if (tryPair(*Functions[Pair.L], *Functions[Pair.R]))
      Taken[Pair.L] = Taken[Pair.R] = true;
  }
  return Changed;
}

// What outlining the pair's common runs would save instead (step 6): each
// run of matched instructions once, a call to it in each function.
uint64_t SimilarMerger::outlinedInstead(const Alignment &A) const {
  if (!Options.OutlinerRuns)
    return 0;
  uint64_t Call = Size.callBytes({}),
           Function = uint64_t(Size.price(Feature::Function));
  uint64_t Total = 0, Run = 0;
  auto End = [&] {
    if (Run > 2 * Call + Function)
      Total += Run - 2 * Call - Function;
    Run = 0;
  };
  for (const AlignedBlock &B : A.Blocks) {
    for (const AlignedStep &S : B.Steps) {
      if (!S.matched()) {
        End();
        continue;
      }
      Run += Size.instructionBytes(*S.L);
    }
    End();
  }
  return Total;
}

// P comes with the two bodies' bytes (P.Bodies); the rest is filled in.
std::string SimilarMerger::price(Function &L, Function &R, Function &MF,
                                 const Alignment &A, const MergedShape &Shape,
                                 Priced &P) {
  // 5. Bytes.
  P.Merged = Size.removedBytes(MF);
  // Selects of integers and pointers on the selector cost more than their
  // features say, and so do branches on it where the machine outliner runs
  // (SizeModel::selectorSelectBytes, selectorBranchBytes).
  const Argument *Selector = MF.getArg(L.arg_size());
  for (const Instruction &I : instructions(MF)) {
    if (auto *S = dyn_cast<SelectInst>(&I);
        S && S->getCondition() == Selector && S->getType()->isIntOrPtrTy())
      P.Merged += Size.selectorSelectBytes();
    if (auto *B = dyn_cast<BranchInst>(&I);
        B && B->isConditional() && B->getCondition() == Selector)
      P.Merged += Size.selectorBranchBytes();
  }
  Function *Members[2] = {&L, &R};
  P.Saved = -int64_t(P.Merged);
  for (unsigned S : {0u, 1u}) {
    Function &F = *Members[S];
    // Its calls pass the selector (and its constants) and it goes, or it
    // stays as a thunk that passes them: whichever is smaller (a function
    // called from many places is cheaper as a thunk).
    SmallVector<Constant *, 4> Extra = extraArguments(S, Shape);
    SmallVector<const Value *, 4> Passed(Extra.begin(), Extra.end());
    // Arguments beyond the registers go on the stack: each call stores
    // them (priced by their place), and a thunk can no longer jump: it
    // calls, in a frame of its own.
    unsigned OnStack = std::max<int>(
        0, int(integerArguments(F) + Passed.size()) -
               int(Size.integerArgumentRegisters()));
    uint64_t Thunk = Size.thunkBytes(F, Passed);
    if (OnStack)
      Thunk += Size.callBytes({});
    std::optional<uint64_t> Calls;
    if (auto Sites = callsIfRemovable(F, F.getFunctionType())) {
      Calls = 0;
      for (CallBase *Call : *Sites)
        for (unsigned K = 0, E = Passed.size(); K != E; ++K)
          *Calls += Size.addedArgumentBytes(
              *Passed[K], integerArguments(F) + K,
              Callers.of(*Call->getFunction()));
    }
    P.ByThunk[S] = !Calls || *Calls > Thunk;
    P.Forward[S] = P.ByThunk[S] ? Thunk : *Calls;
    // Each call sets up one more argument per value; a thunk jumps once
    // more.
    double PerCall = Passed.size() + (P.ByThunk[S] ? 1 : 0);
    P.Saved += int64_t(P.Bodies[S]) - int64_t(P.Forward[S]);
    P.RunTime += PerCall * Hot.entryCount(F);
  }
  if (P.Saved < int64_t(Options.MinBytesSaved))
    return "does not pay: saves " + std::to_string(P.Saved) +
           " bytes by the size model";
  // 6. The outliner's alternative.
  uint64_t Outlined = outlinedInstead(A);
  if (int64_t(Outlined) >= P.Saved)
    return "outlining the common code saves more (" + std::to_string(Outlined) +
           " against " + std::to_string(P.Saved) + " bytes)";
  // 7. Run time.
  // A choice is a test of the selector and a select or a branch.
  constexpr double ChoiceInstructions = 2;
  for (auto [BL, BR] : Shape.AddedAt) {
    if ((BL && Hot.isHot(*BL)) || (BR && Hot.isHot(*BR)))
      return "hot: the selector's choices would run in hot code";
    P.RunTime += ChoiceInstructions * ((BL ? Hot.count(*BL) : 0) +
                                       (BR ? Hot.count(*BR) : 0));
  }
  if (!Budget.affords(P.RunTime))
    return "over the run-time budget";
  return "";
}

bool SimilarMerger::tryPair(Function &L, Function &R) {
  if (FunctionOrder(&L, &R, Ctx).compareSignatures() != 0 ||
      L.hasPersonalityFn() != R.hasPersonalityFn() ||
      (L.hasPersonalityFn() && L.getPersonalityFn() != R.getPersonalityFn())) {
    recordMissed(L, R, "different attributes, type or personality");
    return false;
  }
  std::optional<AttributeList> Joint = jointAttributes(L.getAttributes(), R);
  if (!Joint) {
    recordMissed(L, R, "attributes cannot be intersected");
    return false;
  }
  // Constants become parameters only in registers the calling convention
  // leaves free after the selector (step 5 prices a selector that is not).
  unsigned Used = integerArguments(L) + 1,
           Registers = Size.integerArgumentRegisters();
  unsigned MaxParameters =
      std::min(Options.MaxParameters, Registers > Used ? Registers - Used : 0);
  // 3. Align.
  ++NumAligned;
  std::optional<Alignment> A = alignBodies(L, R);
  if (!A) {
    recordMissed(L, R, "too large to align");
    return false;
  }
  if (A->Matched == 0) {
    recordMissed(L, R, "nothing in common");
    return false;
  }
  // 4. Build; 5-7. price. Differing constants as parameters cost at every
  // call, as selects in the body: where there are any, both ways are
  // built and the cheaper kept.
  MergedShape Shape;
  Function *MF = nullptr;
  Priced P, Base; // The bodies' bytes, whichever way the pair is built.
  Base.Bodies[0] = Size.removedBytes(L);
  Base.Bodies[1] = Size.removedBytes(R);
  std::string Why;
  for (unsigned Most : {MaxParameters, 0u}) {
    MergedShape TryShape;
    Function *Try = buildMergedFunction(
        L, R, *A, *Joint, L.getName() + ".similar", Most, TryShape);
    if (!Try) {
      if (!MF && Why.empty())
        Why = "the merged body could not be built";
      break;
    }
    bool HadParameters = !TryShape.Parameters.empty();
    Priced TryP = Base;
    std::string TryWhy = price(L, R, *Try, *A, TryShape, TryP);
    if (TryWhy.empty() && (!MF || TryP.Saved > P.Saved)) {
      if (MF) {
        Callers.forget(*MF);
        MF->eraseFromParent();
      }
      MF = Try, P = TryP, Shape = std::move(TryShape);
    } else {
      Callers.forget(*Try);
      Try->eraseFromParent();
      if (Why.empty())
        Why = TryWhy;
    }
    if (!HadParameters)
      break;
  }
  if (!MF) {
    recordMissed(L, R, Why);
    return false;
  }
  MF->setName(L.getName() + ".similar"); // Free again if it was built second.
  if (Made)
    Made->insert(MF);
  if (Options.OnMerge)
    Options.OnMerge(L, R, *A);
  // 8. Forward both. Bodies go first, so no call is rewritten inside a
  // body about to disappear.
  for (Function *F : {&L, &R})
    for (BasicBlock &BB : *F)
      BB.dropAllReferences();
  assert(P.Saved >= int64_t(Options.MinBytesSaved) &&
         "a pair merged that saves less than the margin");
  assert(MF->arg_size() > std::max(L.arg_size(), R.arg_size()) &&
         "the merged function takes no selector");
  Budget.spend(P.RunTime);
  int64_t Share =
      (int64_t(P.Merged) - int64_t(P.Bodies[0]) + int64_t(P.Forward[0]));
  forward(L, *MF, extraArguments(0, Shape), P.ByThunk[0], 0);
  forward(R, *MF, extraArguments(1, Shape), P.ByThunk[1],
          uint64_t(std::max<int64_t>(
              int64_t(P.Bodies[1]) - int64_t(P.Forward[1]) - Share, 0)));
  ++NumPairs;
  Changed = true;
  return true;
}

// What side Side's calls pass after its own arguments: the selector, then
// its constants of the merged function's parameters.
SmallVector<Constant *, 4>
SimilarMerger::extraArguments(unsigned Side, const MergedShape &Shape) const {
  SmallVector<Constant *, 4> Extra = {
      ConstantInt::get(Type::getInt1Ty(M.getContext()), Side)};
  for (const auto &Pair : Shape.Parameters)
    Extra.push_back(Pair[Side]);
  return Extra;
}

void SimilarMerger::forward(Function &F, Function &MF,
                            ArrayRef<Constant *> Extra, bool ByThunk,
                            uint64_t Bytes) {
  std::string Name = F.getName().str();
  unsigned Calls = 0;
  MergeKind Kind = MergeKind::Thunk;
  Callers.forget(F); // It goes, or its body becomes a thunk.
  auto CallSites = callsIfRemovable(F, F.getFunctionType());
  if (!ByThunk && CallSites) {
    while (!F.empty())
      F.begin()->eraseFromParent();
    for (CallBase *CB : *CallSites) {
      if (Made)
        Made->insert(CB->getFunction());
      rewriteCall(*CB, MF, Extra);
      ++Calls;
    }
    if (Made)
      Made->erase(&F);
    Ctx.forgetGlobal(&F);
    F.eraseFromParent();
    Kind = MergeKind::Replaced;
  } else {
    buildForwardingBody(F, MF, &MF, Extra);
  }
  MergeRecord R{MF.getName().str(), Name, Kind, Calls, Bytes};
  R.Similar = true;
  Rep.Merges.push_back(R);
  OptimizationRemarkEmitter ORE(&MF, /*BFI=*/nullptr);
  ORE.emit([&] {
    return OptimizationRemark(PassName, "Merged", &MF)
           << "merged " << ore::NV("Merged", Name) << " into "
           << ore::NV("Kept", MF.getName()) << " as "
           << ore::NV("Kind", mergeKindName(Kind)) << " with a selector";
  });
}

void SimilarMerger::recordMissed(Function &L, Function &R,
                                 const std::string &Why) {
  Rep.Missed.push_back(
      MissedRecord{L.getName().str(), R.getName().str(), "similar: " + Why});
  OptimizationRemarkEmitter ORE(&L, /*BFI=*/nullptr);
  ORE.emit([&] {
    return OptimizationRemarkMissed(PassName, "NotMerged", &L)
           << "not merged " << ore::NV("Function", L.getName())
           << " with similar " << ore::NV("Other", R.getName()) << ": "
           << ore::NV("Reason", Why);
  });
}

} // namespace

bool mergeSimilarFunctions(Module &M, const SimilarMergeOptions &Options,
                           Report &Rep, const SizeModel &Size,
                           const ProgramHotness &Hot, RunTimeBudget &Budget,
                           const DenseSet<const Function *> *Fresh, DenseSet<const Function *> *Made) {
  TimeTraceScope Scope("coalesce: merge similar");
  return SimilarMerger(M, Options, Rep, Size, Hot, Budget, Fresh, Made).run();
}

} // namespace coalesce
