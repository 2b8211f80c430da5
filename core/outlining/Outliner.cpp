//===- core/outlining/Outliner.cpp - Similar code becomes one function -----===//
//
// The problem. After merging, the program still holds the same code many
// times inside different functions: the same field-by-field copy, the
// same error path, the same loop over a buffer, with different constants,
// different registers, in functions that are otherwise unalike. Merging
// cannot reach it, since the functions differ; inlining put much of it
// there. Outlining moves each such run of instructions into one new
// function and replaces every copy by a call. A call is not free (the
// arguments, the values handed back, the call itself, what the caller
// must now keep across it), so a run is outlined only where the size model
// says the bytes removed beat the bytes added.
//
// An example. Two functions, unalike but for a run of three instructions:
//
//     f:  ...  %a = load i32, ptr %p        g:  ...  %x = load i32, ptr %q
//              %b = mul i32 %a, 10                   %y = mul i32 %x, 12
//              store i32 %b, ptr %p                  store i32 %y, ptr %q
//
// The similarity analysis (core/regions) reports the two runs as one
// group. Its common numbering says %p and %q are the same input, 10 and 12
// a constant that differs. The outlined function takes both:
//
//     define internal void @coalesce.outlined.0(ptr %p, i32 %c) {
//       %a = load i32, ptr %p
//       %b = mul i32 %a, %c
//       store i32 %b, ptr %p
//       ret void }
//
// and f and g call it with (%p, 10) and (%q, 12). A value a run defines and
// its function uses afterwards comes back as the return value or through
// the address of a stack slot in the caller.
//
// The steps, once per round:
//
//  1. Groups. The similarity analysis runs over the whole module, with the
//     options the outliner needs: direct calls match only calls of the same
//     function (a callee never becomes an argument), musttail calls never
//     match, every occurrence of a repeated run is a region. A function
//     whose every block is hot is left out of it: a region starts at its
//     site, and no site in hot code is outlined (without a profile most of
//     a program is hot, and the analysis over all of it doubled the
//     link's peak memory).
//
//  2. Candidates (Candidates.cpp). Each group's regions are trimmed to a
//     shape with one entry: leading phis stay with the blocks that enter
//     them, trailing branches that only leave stay with the caller. A
//     region may span blocks (branches inside, a loop inside), entered at
//     its first instruction only; it may leave by several exits, but an
//     exit's phi must take one value from the whole region. Sites with
//     anything that must never move to another function are dropped (the
//     list: tokens, swifterror, musttail, callbr, EH pads, blockaddress,
//     variable-size allocas, returns-twice calls, indirect convergent
//     calls, inline assembly, operand bundles, intrinsics bound to their
//     frame), and so are sites that overlap an earlier one of their group.
//     A direct convergent call may move when every site agrees on it (the
//     same callee, functions alike convergent or not): it keeps its place
//     in the region's control flow and the outlined function is
//     convergent. Every value gets a role for the whole group: internal,
//     output, parameter (an input from outside, or a constant that
//     differs), shared (one constant at every site), local slot (a stack
//     slot of the caller that only the region uses, through its address
//     and every address derived from it, and whose address does not
//     escape: it moves into the outlined function, its lifetime markers
//     go), exit. Groups are split where sites cannot share a
//     function: different target features, sanitizers, strictfp, section
//     or convergence, or a differing constant where one must stay a
//     constant (immarg, any intrinsic operand, a GEP's struct index, the
//     callee).
//
//  3. Price (priceCandidate below). In the size model's bytes: the region
//     at each site, against the call replacing it (its arguments: a value
//     only the region used, computed just before it, is computed straight
//     into the argument register, any other is moved there; the
//     reloads of outputs, a test of the exit taken, and for each value
//     the caller now keeps across a call and kept across none before (a
//     value that already outlives one of its calls has its place) a saved
//     register, or where the calling convention saves no register of its
//     class (x86-64's floats and vectors, AArch64's and RISC-V's vectors)
//     a spill and a reload), and the outlined function once (the region,
//     its entry and returns, stores of outputs, alignment).
//     A site the code generator's tail merging folds into another copy
//     (core/size/TailMerging.h: a gtest body's cleanup chains) has nothing
//     to save and, as the same call on the same slots, stays folded; as a
//     call with other arguments (each failing check of a test framework
//     passes its own message to one shared tail) it does not: the call
//     replaces its jump into the tail (SizeModel::callOverJumpBytes, 3
//     bytes on x86-64). The sites of a function that together cost more
//     than they save are left out of the group, and the rest is planned
//     and priced again: pugixml's checks, outlined in every test, made
//     the tests with more than seven checks larger.
//     Where the code generator runs a machine outliner (AArch64 at -Oz),
//     what it would have shared of the regions anyway is taken off
//     (SizeModel::machineOutlinerBytes, run by run: a branch or a constant
//     that differs between sites ends a run); straight-line code that
//     calls is left to it (it shares a run ending in a call as a jump to
//     the callee, with no frame, where an outlined function that calls
//     must set one up: such groups made every AArch64 corpus program
//     larger), and a group must save one instruction a site beyond the
//     minimum (the runs its calls cut at the regions' edges, which the
//     model does not see). A value the caller must now keep across the
//     call with no callee-saved register left at the site (the values it
//     keeps across its other calls there hold them) is priced as a spill
//     and a reload.
//     The plan of the function (Extraction.cpp)
//     decides how outputs come back: with one way out, the output most
//     sites use is the return value; the others go through slots, and
//     when sites need different sets an extra argument, the output
//     scheme, says which to store. With more than one way out, the
//     function returns the index of the exit taken.
//
//  4. Selection. Greedy by saving, lazily: take the best group; if some of
//     its sites overlap code already taken, price it again without them
//     and put it back unless it is still the best. A group must save
//     MinBenefit bytes and take at most MaxArguments arguments. Then its
//     run time (core/hotness: how often each block runs in the whole
//     program, by the profile or a static estimate over the call graph,
//     so that a function without a loop is hot when a loop calls it): a
//     site in hot code is left out, and each other site charges its call
//     sequence (the call and return, arguments, reloads, the spills of
//     values no register keeps across the call, the outlined function's
//     frame where the region calls), in instructions, times the runs of
//     its block per run of the program; sites the program's run-time
//     budget cannot afford are left out too (a cold block, by a profile,
//     charges nothing for its call). A function's first new call also
//     charges DisturbancePerMille (3.1%) of the instructions the function
//     executes, wherever in it the call sits: its register allocation
//     changes around its hot loops too: a new call takes callee-saved
//     registers from values the loops kept there, and their addresses are
//     rematerialized in the loops instead (libyaml's scanner,
//     fetch_more_tokens, 23% of its workload, executes 3.1% more
//     instructions, 18 million more lea, after calls on paths its profile
//     calls cold; charged, the program's growth falls from 1.12% to
//     0.25%). What is left is planned and priced again, and
//     the run time of a group taken is spent from the budget, which all
//     rounds share (and given back if its extraction fails).
//     The first round's groups must also save MinTotal bytes together, or
//     none is taken: a few bytes saved in a whole module may vanish in the
//     padding before the next object's aligned code, while every call they
//     add stays (leveldb's db_bench: 22 bytes saved in functions, 0 in
//     .text, and 1 more byte of a C++ method's alignment). MinBenefit is
//     16 for the same reason on one group: below it the size audit
//     measures 11 bytes saved for 52 predicted, and two of its five
//     groups lose bytes (so does a 12-byte group in two of leveldb's
//     tests).
//
//  5. Consolidation (Extraction.cpp). The outlined function is built
//     straight from the group's first site through the common numbering:
//     parameters become arguments, internal values and blocks are cloned,
//     exits become stubs that store the scheme's outputs and return. Flags
//     and metadata are those every site has; attributes are those that
//     hold at every site (minsize only if every function has it, nounwind
//     only if nothing in the region can throw); with debug info it gets an
//     artificial subprogram and its code line 0.
//
//  6. Sites. Each region is cut into whole blocks and replaced by one call
//     block: the call with the site's values, the reloads, and a branch or
//     a switch to the exits; the uses after it take the reloads, and the
//     call carries the site's first location. Before each group, its sites
//     are checked again against the module as the earlier groups left it.
//
// Cost. The analysis is near-linear in the module (core/regions);
// pricing is linear in the regions' instructions; selection is a heap
// over the groups; extraction is linear in the sites' blocks. Most
// repeated runs cannot pay for their calls, and a bound drops them
// before the analysis classifies them and again before a group's sites
// are read: all sites' bytes (prefix sums over the module string) but
// the smallest, against a call per site with each input passed at its
// cheapest and the outlined function's return, and once the legal sites
// are read, each site's values used after it but one handed back through
// memory (on zstd's largest ThinLTO module a quarter of the groups left
// stop there); what cannot reach the minimum benefit is never planned
// (on sqlite3's module, 6,800 of 23,600 groups are left to plan and
// price). The analysis'
// classification, the candidates of step 2 and their first prices only
// read the IR: they run on the host's threads (ld.lld's --threads), each
// group on its own, a candidate priced on the thread that found it and
// kept only if it is good, and are listed in the groups' order, so the
// result is the same with any number of threads. The pipeline runs
// rounds of outlining with identical merging between them, since two
// outlined functions of different groups can come out the same; a round
// after the first weighs only groups with a site overlapping code the
// round before wrote: an outlined function, a thunk, a site's call block
// and the blocks it branches to, a call that now names the function
// merging kept (the others were weighed then, the same instructions, and
// left for a reason that still holds). Weighing every group with a site
// anywhere in a changed function would make the second round as dear as
// the first (on sqlite3's ThinLTO module); this way it costs half, for the
// same output on every corpus program.
//
//===----------------------------------------------------------------------===//

#include "core/outlining/Outliner.h"

#include "core/outlining/Candidates.h"
#include "core/outlining/Extraction.h"
#include "core/regions/Similarity.h"
#include "core/size/TailMerging.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Parallel.h"
#include "llvm/Support/TimeProfiler.h"

#include <cmath>
#include <memory>
#include <optional>
#include <queue>

using namespace llvm;

namespace coalesce {

constexpr const char *PassName = "coalesce-outline";

#define DEBUG_TYPE "coalesce-outline"
// Counted whatever LLVM was built with (-stats prints them).
ALWAYS_ENABLED_STATISTIC(NumGroups, "Groups of similar regions the similarity analysis found");
ALWAYS_ENABLED_STATISTIC(NumPriced, "Candidate groups of similar regions priced");
ALWAYS_ENABLED_STATISTIC(NumOutlined, "Functions outlined from groups of similar regions");
ALWAYS_ENABLED_STATISTIC(NumSites, "Regions replaced by a call of an outlined function");
ALWAYS_ENABLED_STATISTIC(NumNotOutlined, "Groups or regions not outlined (each with a remark)");

//===----------------------------------------------------------------------===//
// What pricing needs to know of a function
//===----------------------------------------------------------------------===//

/// A call of a real function (not an intrinsic): it clobbers registers
/// and needs a frame.
static bool makesCall(const Instruction &I) {
  return isa<CallBase>(I) && !isa<IntrinsicInst>(I);
}

/// The layout position of V's last use (a phi uses its value at the end
/// of the incoming block); 0 if it has none.
static unsigned
lastUse(const Value &V,
        const DenseMap<const Instruction *, unsigned> &Position) {
  unsigned Last = 0;
  for (const Use &U : V.uses()) {
    auto *UI = dyn_cast<Instruction>(U.getUser());
    if (!UI)
      continue;
    unsigned At = Position.lookup(UI);
    if (auto *Phi = dyn_cast<PHINode>(UI))
      At = Position.lookup(Phi->getIncomingBlock(U)->getTerminator());
    Last = std::max(Last, At);
  }
  return Last;
}

namespace {

/// Facts about the functions with sites, computed once per function and
/// forgotten when an outlining changes it.
class FunctionFacts {
public:
  struct Facts {
    bool MakesCalls = false;
    /// Layout position of each instruction (from 1).
    DenseMap<const Instruction *, unsigned> Position;
    /// CallsUpTo[X]: the calls at positions 1 to X.
    std::vector<unsigned> CallsUpTo;
    /// FreshAt[X]: values (arguments and instructions) defined before
    /// position X and used at X or later, by layout, with no call between
    /// their definition and their last use. A new call at X makes the
    /// function keep these across a call; the others it keeps already.
    std::vector<unsigned> FreshAt;
    /// FreshUnsavedAt[X]: those of FreshAt[X] of a register class the
    /// calling convention does not preserve (spilled around a new call).
    std::vector<unsigned> FreshUnsavedAt;
    /// KeptAt[X]: values of a preserved class live at X that a call
    /// already separates from their last use: they hold saved registers.
    std::vector<unsigned> KeptAt;
    /// Whether a call stands strictly between positions Def and Last.
    bool callBetween(unsigned Def, unsigned Last) const {
      return Last > Def + 1 && CallsUpTo[Last - 1] != CallsUpTo[Def];
    }
    /// What the code generator's tail merging folds into another copy
    /// (built on demand).
    std::optional<DenseSet<const Instruction *>> Folded;
  };

  Facts &of(Function &F) {
    std::unique_ptr<Facts> &P = Map[&F];
    if (!P) {
      P = std::make_unique<Facts>();
      compute(F, *P);
    }
    return *P;
  }

  /// The facts, and what tail merging folds, of every function of Fs that
  /// has none yet, on the host's threads (each reads its own function
  /// only). Afterwards of() and folded() only read for these functions,
  /// from any thread.
  void prepare(ArrayRef<Function *> Fs, bool Threads) {
    std::vector<std::pair<Function *, Facts *>> New;
    for (Function *F : Fs) {
      std::unique_ptr<Facts> &P = Map[F];
      if (!P) {
        P = std::make_unique<Facts>();
        New.push_back({F, P.get()});
      }
    }
    forEachIndex(Threads, New.size(), [&](size_t K) {
      compute(*New[K].first, *New[K].second);
      New[K].second->Folded = foldedInstructions(*New[K].first);
    });
  }
  void forget(Function &F) { Map.erase(&F); }

  const DenseSet<const Instruction *> &folded(Function &F) {
    Facts &Fx = of(F);
    if (!Fx.Folded)
      Fx.Folded = foldedInstructions(F);
    return *Fx.Folded;
  }

private:
  static void compute(Function &F, Facts &P) {
    unsigned N = 0;
    P.CallsUpTo.assign(1, 0);
    for (Instruction &I : instructions(F)) {
      P.Position[&I] = ++N;
      P.MakesCalls |= makesCall(I);
      P.CallsUpTo.push_back(P.CallsUpTo.back() + makesCall(I));
    }
    // A value is live from just after its definition to its last use:
    // one difference array over the values no call separates from their
    // last use, then prefix sums.
    std::vector<int> Delta(N + 2, 0), UnsavedDelta(N + 2, 0),
        KeptDelta(N + 2, 0);
    auto Track = [&](const Value &V, unsigned Def) {
      unsigned Last = lastUse(V, P.Position);
      if (Last <= Def)
        return;
      bool Preserved = preservedAcrossCalls(*V.getType(), *F.getParent());
      if (P.callBetween(Def, Last)) {
        if (Preserved && !isa<AllocaInst>(V)) {
          ++KeptDelta[Def + 1];
          --KeptDelta[Last + 1];
        }
        return;
      }
      ++Delta[Def + 1];
      --Delta[Last + 1];
      if (!Preserved) {
        ++UnsavedDelta[Def + 1];
        --UnsavedDelta[Last + 1];
      }
    };
    for (Argument &A : F.args())
      Track(A, 0);
    for (Instruction &I : instructions(F))
      Track(I, P.Position[&I]);
    P.FreshAt.assign(N + 2, 0);
    P.FreshUnsavedAt.assign(N + 2, 0);
    P.KeptAt.assign(N + 2, 0);
    int Live = 0, LiveUnsaved = 0, LiveKept = 0;
    for (unsigned X = 0; X < N + 2; ++X) {
      P.FreshAt[X] = unsigned(Live += Delta[X]);
      P.FreshUnsavedAt[X] = unsigned(LiveUnsaved += UnsavedDelta[X]);
      P.KeptAt[X] = unsigned(LiveKept += KeptDelta[X]);
    }
  }

  DenseMap<const Function *, std::unique_ptr<Facts>> Map;
};

/// The size model's bytes of each instruction where it stands, asked once:
/// selection prices the same regions many times over. Valid while the
/// module does not change (selection, before any extraction).
class InstructionBytes {
public:
  explicit InstructionBytes(const SizeModel &Size) : Size(Size) {}
  /// Safe across threads for instructions asked about before.
  uint64_t operator()(const Instruction &I) {
    if (auto It = Memo.find(&I); It != Memo.end())
      return It->second;
    return Memo[&I] = Size.instructionBytes(I);
  }

private:
  const SizeModel &Size;
  DenseMap<const Instruction *, uint64_t> Memo;
};

struct GroupPrice {
  int64_t Saving = 0; ///< Net, beyond what the machine outliner shares.
  int64_t Gross = 0;  ///< Net, without the machine outliner.
  /// What the target's machine outliner would have shared of the regions
  /// (0 where it runs none).
  int64_t MachineOutlined = 0;
  /// Straight-line code that calls, where the target runs a machine
  /// outliner: it shares such runs more cheaply.
  bool LeftToMachineOutliner = false;
  /// Bytes the saving must exceed beyond the minimum: where the model is
  /// least sure (SizeModel::machineOutlinerSiteMargin).
  int64_t Margin = 0;
  uint64_t RegionBytes = 0;
  uint64_t FunctionBytes = 0;
  /// Functions whose sites, together, cost more than they save (a call a
  /// site where tail merging shared their code before).
  SmallVector<const Function *, 4> Losing;
};

} // namespace

/// Values the site's function must now keep across a call, the new one:
/// defined before the site and used after it, by layout (loops make this
/// an estimate), and not kept across a call already (no call between
/// their definition and their last use: a value that outlives one of the
/// function's calls has its saved register or stack slot whether or not
/// the site becomes one more). Those live just after the site, less the
/// site's own outputs, which the call hands back. Unsaved: those of a
/// register class the calling convention does not preserve, which are
/// spilled and reloaded around the call rather than kept in a register;
/// and those beyond the callee-saved registers left free by the values
/// the function already keeps across a call there (a function short of
/// registers spills them too).
struct ValuesAcross {
  unsigned Saved = 0, Unsaved = 0;
};
static ValuesAcross freshAcross(const OutlineSite &S,
                                const FunctionFacts::Facts &Fx) {
  unsigned End = Fx.Position.lookup(S.Insts.back());
  if (End + 1 >= Fx.FreshAt.size())
    return {};
  unsigned Fresh = Fx.FreshAt[End + 1];
  unsigned Unsaved = Fx.FreshUnsavedAt[End + 1];
  const Module &M = *S.F->getParent();
  for (const Instruction *I : S.Insts) {
    unsigned Def = Fx.Position.lookup(I), Last = lastUse(*I, Fx.Position);
    if (Last <= End || Fx.callBetween(Def, Last))
      continue;
    if (!preservedAcrossCalls(*I->getType(), M)) {
      if (Unsaved)
        --Unsaved, --Fresh;
    } else if (Fresh > Unsaved) {
      --Fresh;
    }
  }
  return {Fresh - Unsaved, Unsaved};
}
static ValuesAcross valuesAcross(const OutlineSite &S,
                                 const FunctionFacts::Facts &Fx,
                                 unsigned SavedRegisters) {
  ValuesAcross V = freshAcross(S, Fx);
  unsigned End = Fx.Position.lookup(S.Insts.back());
  unsigned Kept = End + 1 < Fx.KeptAt.size() ? Fx.KeptAt[End + 1] : 0;
  unsigned Free = SavedRegisters > Kept ? SavedRegisters - Kept : 0;
  if (V.Saved > Free) {
    V.Unsaved += V.Saved - Free;
    V.Saved = Free;
  }
  return V;
}

/// The code that passes V, a value from before Site, to the call that
/// replaces it: computed in place when Site held all of V's uses (the call
/// becomes its one use) and V is defined in the block the site starts in.
static Feature parameterFeature(const Value &V, const OutlineSite &Site) {
  auto *I = dyn_cast<Instruction>(&V);
  if (I && I->getParent() == Site.Insts.front()->getParent() &&
      computableInPlace(*I) && all_of(I->users(), [&](const User *U) {
        return is_contained(Site.Insts, U);
      }))
    return Feature::ArgumentInPlace;
  return argumentFeature(V);
}

/// What the target's machine outliner would have shared of C's regions
/// had coalesce left them: each run of straight-line code the same at
/// every site (a branch, or an operand that is a different constant at
/// some site, ends a run), priced by SizeModel::machineOutlinerBytes.
static double machineOutlined(const OutlineCandidate &C, const OutlinePlan &P,
                              const SizeModel &Size, InstructionBytes &BytesOf,
                              FunctionFacts &Facts) {
  if (!Size.runsMachineOutliner())
    return 0;
  const OutlineSite &Ref = C.Sites.front();
  DenseSet<const Value *> Differs;
  for (unsigned V : P.Parameters)
    if (any_of(C.Sites, [&](const OutlineSite &S) {
          return isa<Constant>(S.Values[V]);
        }))
      Differs.insert(Ref.Values[V]);
  unsigned Leaves = 0;
  for (const OutlineSite &S : C.Sites)
    Leaves += !Facts.of(*S.F).MakesCalls;
  double Shared = 0;
  SizeModel::OutlinerRun Run;
  auto End = [&] {
    Shared += Size.machineOutlinerBytes(Run, C.Sites.size(), Leaves);
    Run = {};
  };
  for (const Instruction *I : Ref.Insts) {
    if (I->isTerminator() || any_of(I->operands(), [&](const Use &U) {
          return Differs.contains(U.get());
        })) {
      End();
      continue;
    }
    uint64_t B = BytesOf(*I);
    if (B == 0)
      continue;
    if (Run.EndsInCall)
      Run.Calls = true;
    Run.Bytes += double(B);
    Run.EndsInCall = makesCall(*I);
  }
  End();
  return Shared;
}

/// The code of the call that replaces Site, site S of its group, as
/// features: the call, its arguments, the outputs it reloads, the exit it
/// takes, the values that now live across a call (when the region made
/// none), the frame its function now needs; less the stack slots that
/// move into the outlined function. Fx: the facts of Site's function.
static FeatureCounts callFeatures(const OutlineSite &Site, unsigned S,
                                  const OutlinePlan &P, bool RegionCalls,
                                  const SizeModel &Size,
                                  const FunctionFacts::Facts &Fx) {
  FeatureCounts Call{};
  auto Add = [&](Feature F, double N = 1) { Call[unsigned(F)] += N; };
  Add(Feature::Call);
  for (unsigned V : P.Parameters)
    Add(parameterFeature(*Site.Values[V], Site));
  for (unsigned K = 0; K < P.PointerOutputs.size(); ++K)
    if (P.Needs[S][K]) {
      Add(Feature::ArgumentStack);
      Add(Feature::Load);
    }
  if (P.hasScheme())
    Add(P.SchemeOf[S] ? Feature::ArgumentImmediate : Feature::ArgumentZero);
  if (P.ReturnedOutput && P.NeedsReturned[S])
    Add(Feature::CallResult);
  if (P.Exits > 1) {
    Add(Feature::CompareBranch, P.Exits - 1);
    Add(Feature::CondBranch, P.Exits - 1);
  }
  if (!RegionCalls) {
    ValuesAcross Across = valuesAcross(Site, Fx, Size.calleeSavedRegisters());
    Add(Feature::ValueAcrossCall, Across.Saved);
    Add(Feature::UnsavedAcrossCall, Across.Unsaved);
  }
  if (!Fx.MakesCalls)
    Add(Feature::CallFrame);
  // Its stack slots that move into the outlined function leave its frame.
  Add(Feature::StackObject, -double(P.LocalSlots.size()));
  return Call;
}

/// The outlined function's own code beyond the region's, as features: its
/// entry, its stubs' returns, stores and scheme switches, its stack slots,
/// and, when the region calls, its frame and the arguments kept in saved
/// registers across those calls. Ref: the reference site.
static FeatureCounts outlinedFeatures(const OutlineSite &Ref,
                                      const OutlinePlan &P, bool RegionCalls) {
  FeatureCounts Own{};
  auto Add = [&](Feature F, double N = 1) { Own[unsigned(F)] += N; };
  Add(Feature::Function);
  Add(Feature::Return, P.Exits);
  Add(Feature::Block, P.Exits);
  if (P.Exits > 1)
    Add(Feature::ReturnConstant, P.Exits);
  Add(Feature::Store, double(P.PointerOutputs.size()) * P.Exits);
  Add(Feature::StackObject, double(P.LocalSlots.size()));
  if (P.hasScheme()) {
    Add(Feature::Switch, P.Exits);
    Add(Feature::SwitchCase, double(P.Schemes.size()) * P.Exits);
  }
  if (RegionCalls) {
    Add(Feature::CallFrame);
    // Arguments used after the region's first call live in saved registers.
    DenseSet<const Value *> Params;
    for (unsigned V : P.Parameters)
      Params.insert(Ref.Values[V]);
    bool AfterCall = false;
    DenseSet<const Value *> Kept;
    for (const Instruction *I : Ref.Insts) {
      if (AfterCall)
        for (const Value *Op : I->operands())
          if (Params.contains(Op))
            Kept.insert(Op);
      AfterCall |= makesCall(*I);
    }
    Add(Feature::KeptArgument, Kept.size());
  }
  return Own;
}

/// Step 3: the bytes outlining C as planned by P saves.
static GroupPrice priceCandidate(const OutlineCandidate &C,
                                 const OutlinePlan &P, const SizeModel &Size,
                                 InstructionBytes &BytesOf,
                                 FunctionFacts &Facts) {
  GroupPrice G;
  const OutlineSite &Ref = C.Sites.front();
  bool RegionCalls =
      any_of(Ref.Insts, [](const Instruction *I) { return makesCall(*I); });
  // What the sites save, in all and per function.
  double Net = 0;
  MapVector<const Function *, double> NetIn;
  auto Saves = [&](const Function *F, double Bytes) {
    Net += Bytes;
    NetIn[F] += Bytes;
  };
  // The arguments of each function's first site: where a site folded whole
  // passes the same, its call folds too.
  DenseMap<const Function *, unsigned> FirstIn;
  auto SameArguments = [&](const OutlineSite &A, const OutlineSite &B) {
    return all_of(P.Parameters,
                  [&](unsigned V) { return A.Values[V] == B.Values[V]; });
  };
  for (unsigned S = 0; S < C.Sites.size(); ++S) {
    const OutlineSite &Site = C.Sites[S];
    auto [First, IsFirst] = FirstIn.try_emplace(Site.F, S);
    // What tail merging folds into another copy is not there to save. A
    // site folded whole stays folded as a call where it passes what the
    // copy it folds into passes (the same call on the same slots): it
    // neither saves nor costs. Where it passes something else (its own
    // message to one failing-check tail), what differs is set up as
    // before, and the call replaces its jump into the shared tail.
    const DenseSet<const Instruction *> &Folded = Facts.folded(*Site.F);
    uint64_t Region = 0, Kept = 0;
    for (const Instruction *I : Site.Insts) {
      uint64_t B = BytesOf(*I);
      Region += B;
      Kept += Folded.contains(I) ? 0 : B;
    }
    if (S == 0)
      G.RegionBytes = Region;
    if (Kept == 0 && Region != 0) {
      if (!IsFirst && !SameArguments(Site, C.Sites[First->second]))
        Saves(Site.F, -double(Size.callOverJumpBytes()));
      continue;
    }

    FeatureCounts Call =
        callFeatures(Site, S, P, RegionCalls, Size, Facts.of(*Site.F));
    Saves(Site.F, double(Kept) - Size.bytes(Call));
  }
  for (auto &[F, N] : NetIn)
    if (N < 0)
      G.Losing.push_back(F);

  // The outlined function, once.
  FeatureCounts Own = outlinedFeatures(Ref, P, RegionCalls);
  G.FunctionBytes = G.RegionBytes + uint64_t(std::lround(Size.bytes(Own))) +
                    Size.paddingBytes(*Ref.F);
  Net -= double(G.FunctionBytes);
  G.Gross = std::lround(Net);
  // What the target's machine outliner would have shared of it anyway:
  // straight-line code that calls is left to it whole; of the rest, the
  // runs it would share (machineOutlined).
  bool SpansBlocks =
      any_of(Ref.Insts, [](const Instruction *I) { return I->isTerminator(); });
  if (Size.runsMachineOutliner() && RegionCalls && !SpansBlocks)
    G.LeftToMachineOutliner = true;
  else
    G.MachineOutlined =
        std::lround(machineOutlined(C, P, Size, BytesOf, Facts));
  G.Saving = G.Gross - G.MachineOutlined;
  G.Margin = int64_t(Size.machineOutlinerSiteMargin()) * C.Sites.size();
  return G;
}

//===----------------------------------------------------------------------===//
// The bound
//===----------------------------------------------------------------------===//

namespace {

/// What a run of code can save at most, read from the module string: all
/// its sites' bytes but the smallest (prefix sums over the string),
/// against a call per site with each input passed at its cheapest and the
/// outlined function's return. A run that cannot reach the least saving
/// worth weighing is never classified, planned or priced. Built once,
/// from the first repeated substring on (the string exists once the
/// analysis has mapped the module); read-only afterwards, from any thread.
class SavingBound {
public:
  SavingBound(ArrayRef<MappedInstruction> At, InstructionBytes &BytesOf,
              const SizeModel &Size, double Least, const ChangedCode *Only,
              bool Threads)
      : Least(Least), CallPrice(Size.price(Feature::Call)),
        ReturnPrice(Size.price(Feature::Return)),
        // An input from outside is an argument already in a register, one
        // computed in place, or a stack slot's address.
        CheapestInput(std::min({Size.price(Feature::ArgumentRegister),
                                Size.price(Feature::ArgumentInPlace),
                                Size.price(Feature::ArgumentStack)})),
        MovedInput(std::min(Size.price(Feature::ArgumentRegister),
                            Size.price(Feature::ArgumentStack))),
        OutputPrice(Size.price(Feature::ArgumentStack) +
                    Size.price(Feature::Load)) {
    BytesBefore.assign(At.size() + 1, 0);
    for (size_t K = 0; K < At.size(); ++K)
      BytesBefore[K + 1] =
          BytesBefore[K] +
          (At[K].Legal && At[K].Inst ? double(BytesOf(*At[K].Inst)) : 0);
    LeadInputs.assign(At.size(), 0);
    forEachIndex(Threads, At.size(), [&](size_t K) {
      if (At[K].Legal && At[K].Inst && !isa<PHINode>(At[K].Inst))
        LeadInputs[K] =
            uint8_t(std::min<unsigned>(countInputs(*At[K].Inst), 255));
    });
    if (Only) {
      InOnly.resize(At.size());
      for (size_t K = 0; K < At.size(); ++K)
        if (At[K].Inst && Only->contains(*At[K].Inst))
          InOnly.set(K);
    }
  }

  /// Whether regions of Length at Starts, each with Inputs values from
  /// outside, can save enough to be worth weighing. Sites, where known,
  /// holds each region's own traffic instead: its inputs, each priced at
  /// the cheapest it can be passed (computed in place only if defined in
  /// the block the site starts in), and its outputs (one can come back
  /// as the call's result, each other one through memory: a slot's
  /// address passed, a load after the call).
  bool worth(ArrayRef<unsigned> Starts, unsigned Length, unsigned Inputs,
             ArrayRef<SiteTraffic> Sites = {}) const {
    // After a first round, only code that round changed can give a group
    // not weighed before (see outlineSimilarCode).
    if (!InOnly.empty() && none_of(Starts, [&](unsigned S) {
          return InOnly.find_first_in(S, S + Length) != -1;
        }))
      return false;
    // Every site's region is removed but one, which becomes the outlined
    // function: at most all but the smallest.
    double Sum = 0, Smallest = HUGE_VAL;
    for (unsigned Start : Starts) {
      double Region = BytesBefore[Start + Length] - BytesBefore[Start];
      Sum += Region;
      Smallest = std::min(Smallest, Region);
    }
    double Calls = double(Starts.size()) * (CallPrice + Inputs * CheapestInput);
    if (!Sites.empty()) {
      Calls = 0;
      for (const SiteTraffic &T : Sites)
        Calls += CallPrice + T.NearInputs * CheapestInput +
                 T.FarInputs * MovedInput +
                 (T.Outputs > 1 ? (T.Outputs - 1) * OutputPrice : 0);
    }
    return Sum - Smallest - Calls - ReturnPrice >= Least;
  }

  /// A repeated substring's occurrences need not be alike: each is taken
  /// to have the inputs of its first instruction alone (it has at least
  /// those).
  bool worthRepeat(ArrayRef<unsigned> Starts, unsigned Length) const {
    unsigned Inputs = 255;
    for (unsigned S : Starts)
      Inputs = std::min<unsigned>(Inputs, LeadInputs[S]);
    return worth(Starts, Length, Inputs);
  }

private:
  double Least, CallPrice, ReturnPrice, CheapestInput, MovedInput,
      OutputPrice;
  std::vector<double> BytesBefore;
  /// The inputs of each position's instruction alone: a region that
  /// starts there has at least these.
  std::vector<uint8_t> LeadInputs;
  BitVector InOnly; ///< Positions in code of Only (empty: all).
};

//===----------------------------------------------------------------------===//
// Selection
//===----------------------------------------------------------------------===//

/// A candidate, its plan and its price as last computed.
struct Priced {
  OutlineCandidate C;
  OutlinePlan P;
  GroupPrice Price;
  /// Instructions its calls add per run, spent from the budget at
  /// selection.
  double RunTime = 0;
  /// The functions its calls are the first new ones in (their
  /// disturbance is part of RunTime).
  std::vector<std::string> Disturbs;
  /// The sites hot code or the budget left out, and why: remarked once the
  /// round is sure to outline the rest.
  std::vector<Instruction *> LeftOut;
  std::string LeftOutWhy;
  size_t SitesBefore = 0;
};

/// A candidate that saves something, but too little: its remark.
struct ShortOfBytes {
  Instruction *At;
  size_t Sites, Length;
  std::string Why;
};

class Outliner {
public:
  Outliner(Module &M, const OutlineOptions &O, Report &R,
           const SizeModel &Size, const ProgramHotness &Hot,
           RunTimeBudget &Budget, const ChangedCode *Only)
      : M(M), Options(O), Rep(R), Size(Size), Hot(Hot), Budget(Budget),
        Only(Only), Similarity(similarityOptions(O)) {}

  bool run();

private:
  static SimilarityOptions similarityOptions(const OutlineOptions &O);
  /// Step 1: the groups, every repeated substring the bound keeps.
  void findGroups();
  /// Steps 2 and 3: the candidates worth the bytes, priced.
  std::vector<Priced> collect();
  /// Step 4: the groups to outline, best first, their run time spent.
  std::vector<unsigned> select(std::vector<Priced> &All);
  /// False, with the selected groups' remarks and run time given back, if
  /// together they save less than MinTotal bytes.
  bool worthTheCalls(std::vector<Priced> &All, ArrayRef<unsigned> Selected);
  /// Steps 5 and 6, for one selected group.
  bool extract(Priced &G);

  /// Plans and prices C; false (with the reason) if it must not be taken.
  bool evaluate(Priced &G, std::string *Why = nullptr);
  /// Drops the sites that overlap code already taken; true if any did.
  bool dropTaken(OutlineCandidate &C) const;
  /// Instructions S's call adds per run of the program (none in code a
  /// profile shows cold).
  double siteRunTime(const OutlineSite &S, const OutlinePlan &P);
  /// What S's call costs the rest of its function at run time if it is the
  /// first new call there (in this pipeline, and not in Paid, the
  /// functions its group already pays for), wherever in it it sits;
  /// otherwise 0.
  double firstCallCharge(const OutlineSite &S,
                         const SmallPtrSetImpl<const Function *> &Paid) const;
  /// Gives back what select() spent for G (its extraction failed, or its
  /// round is not worth its calls).
  void giveBack(const Priced &G);
  /// The same as siteRunTime for all of G's sites, with the disturbance of
  /// each function they are the first new calls in (listed in Disturbs).
  double addedRunTime(const Priced &G, std::vector<std::string> *Disturbs);
  /// Drops the sites in hot code and those the budget cannot afford;
  /// Why says what dropped them.
  /// Leaves out of G the sites in hot code or over the budget: Why says
  /// why, LeftOut holds the first instruction of each.
  void fitRunTime(Priced &G, std::string &Why,
                  std::vector<Instruction *> &LeftOut);
  void take(const OutlineCandidate &C);
  /// A NotOutlined remark at At for Sites regions of Length instructions.
  void missed(Instruction *At, size_t Sites, size_t Length,
              const std::string &Why);

  Module &M;
  const OutlineOptions &Options;
  Report &Rep;
  const SizeModel &Size;
  const ProgramHotness &Hot;
  RunTimeBudget &Budget;
  const ChangedCode *Only;
  SimilarityAnalysis Similarity;
  std::optional<SavingBound> Bound;
  FunctionFacts Facts;
  InstructionBytes BytesOf{Size};
  BitVector Taken;
  unsigned NextName = 0;
};

} // namespace

SimilarityOptions Outliner::similarityOptions(const OutlineOptions &O) {
  SimilarityOptions S;
  S.MatchCallsByName = true;
  S.MatchMustTailCalls = false;
  S.AllOccurrences = true;
  S.MinLength = std::max(2u, O.MinLength);
  S.Threads = O.Threads;
  return S;
}

bool Outliner::evaluate(Priced &G, std::string *Why) {
  ++NumPriced;
  G.P = planOutline(G.C);
  G.Price = priceCandidate(G.C, G.P, Size, BytesOf, Facts);
  // A function whose sites cost more than they save keeps its code; the
  // others, if still two or more, are planned and priced again.
  if (!G.Price.Losing.empty()) {
    std::vector<OutlineSite> Rest;
    for (OutlineSite &S : G.C.Sites)
      if (!is_contained(G.Price.Losing, S.F))
        Rest.push_back(std::move(S));
    if (Rest.size() < 2) {
      if (Why)
        *Why = "would cost more than they save in every function but one";
      return false;
    }
    G.C.Sites = std::move(Rest);
    G.P = planOutline(G.C);
    G.Price = priceCandidate(G.C, G.P, Size, BytesOf, Facts);
  }
  if (G.P.arguments() > Options.MaxArguments) {
    if (Why)
      *Why = "would take " + std::to_string(G.P.arguments()) +
             " arguments, more than the maximum of " +
             std::to_string(Options.MaxArguments);
    return false;
  }
  if (G.Price.LeftToMachineOutliner) {
    if (Why)
      *Why = "are straight-line code that calls: left to the target's "
             "machine outliner";
    return false;
  }
  if (G.Price.Saving - G.Price.Margin < int64_t(Options.MinBenefit)) {
    if (Why && G.Price.Saving >= int64_t(Options.MinBenefit))
      *Why = "would save " + std::to_string(G.Price.Saving) + " bytes (" +
             Size.basis() + "), less than the margin of " +
             std::to_string(G.Price.Margin) +
             " the target's machine outliner asks beyond the minimum";
    else if (Why && G.Price.MachineOutlined > 0 &&
             G.Price.Gross >= int64_t(Options.MinBenefit))
      *Why = "would save " + std::to_string(G.Price.Gross) +
             " bytes, of which the target's machine outliner would share " +
             std::to_string(G.Price.MachineOutlined) + " anyway (" +
             Size.basis() + "): left to it";
    else if (Why)
      *Why = "would save " + std::to_string(G.Price.Saving) + " bytes (" +
             Size.basis() + "), less than the minimum of " +
             std::to_string(Options.MinBenefit);
    return false;
  }
  return true;
}

bool Outliner::dropTaken(OutlineCandidate &C) const {
  size_t Before = C.Sites.size();
  llvm::erase_if(C.Sites, [&](const OutlineSite &S) {
    return Taken.find_first_in(S.Start, S.Start + S.Length) != -1;
  });
  return C.Sites.size() != Before;
}

/// The instructions one site's call executes that the region did not: the
/// call and return, the arguments, the reloads of outputs, the test of the
/// exit taken, a spill and a reload of each value the calling convention
/// does not keep across the call or no saved register is left for, and
/// where the region calls, the frame
/// the outlined function sets up and a save and restore of each argument
/// it keeps across its calls.
static double siteCallSequence(const OutlineSite &S, const OutlinePlan &P,
                               FunctionFacts &Facts, unsigned SavedRegisters) {
  double N = 3.0 + P.arguments() + P.PointerOutputs.size() * 2.0 +
             (P.Exits > 1 ? 2.0 : 0.0);
  bool RegionCalls =
      any_of(S.Insts, [](const Instruction *I) { return makesCall(*I); });
  if (RegionCalls)
    return N + 2.0 + 2.0 * P.Parameters.size();
  return N + 2.0 * valuesAcross(S, Facts.of(*S.F), SavedRegisters).Unsaved;
}

double Outliner::siteRunTime(const OutlineSite &S, const OutlinePlan &P) {
  const BasicBlock &BB = *S.Insts.front()->getParent();
  return Hot.isCold(BB) ? 0 : siteCallSequence(S, P, Facts, Size.calleeSavedRegisters()) *
                              Hot.count(BB);
}

double Outliner::firstCallCharge(
    const OutlineSite &S, const SmallPtrSetImpl<const Function *> &Paid) const {
  const Function &F = *S.Insts.front()->getFunction();
  if (Budget.disturbed(F.getName()) || Paid.contains(&F))
    return 0;
  return double(Options.DisturbancePerMille) / 1000 * Hot.executedIn(F);
}

double Outliner::addedRunTime(const Priced &G,
                              std::vector<std::string> *Disturbs) {
  double Added = 0;
  SmallPtrSet<const Function *, 4> Paid;
  for (const OutlineSite &S : G.C.Sites) {
    Added += siteRunTime(S, G.P);
    if (double First = firstCallCharge(S, Paid)) {
      const Function &F = *S.Insts.front()->getFunction();
      Added += First;
      Paid.insert(&F);
      if (Disturbs)
        Disturbs->push_back(F.getName().str());
    }
  }
  return Added;
}

void Outliner::giveBack(const Priced &G) {
  Budget.spend(-G.RunTime);
  for (const std::string &F : G.Disturbs)
    Budget.setDisturbed(F, false);
}

void Outliner::fitRunTime(Priced &G, std::string &Why,
                          std::vector<Instruction *> &LeftOut) {
  std::vector<OutlineSite> Kept;
  unsigned InHotCode = 0, OverBudget = 0, Disturbing = 0;
  double Added = 0;
  SmallPtrSet<const Function *, 4> Paid;
  for (OutlineSite &S : G.C.Sites) {
    if (Hot.isHot(*S.Insts.front()->getParent())) {
      ++InHotCode;
      LeftOut.push_back(S.Insts.front());
      continue;
    }
    double Charge = siteRunTime(S, G.P);
    double First = firstCallCharge(S, Paid);
    if (!Budget.affords(Added + Charge + First)) {
      ++(Budget.affords(Added + Charge) ? Disturbing : OverBudget);
      LeftOut.push_back(S.Insts.front());
      continue;
    }
    Added += Charge + First;
    if (First)
      Paid.insert(S.Insts.front()->getFunction());
    Kept.push_back(std::move(S));
  }
  size_t Sites = G.C.Sites.size();
  G.C.Sites = std::move(Kept);
  auto OfAll = [&](unsigned N) {
    return " (" + std::to_string(N) + " of " + std::to_string(Sites) + ")";
  };
  auto Or = [&] { return std::string(Why.empty() ? "are" : " or"); };
  if (InHotCode)
    Why = "are in hot code" + OfAll(InHotCode);
  if (OverBudget)
    Why += Or() + " over the run-time budget" + OfAll(OverBudget);
  if (Disturbing)
    Why += Or() +
           " first calls in functions whose register allocation around "
           "their loops the run-time budget cannot afford to disturb" +
           OfAll(Disturbing);
}

void Outliner::take(const OutlineCandidate &C) {
  for (const OutlineSite &S : C.Sites)
    Taken.set(S.Start, S.Start + S.Length);
}

void Outliner::missed(Instruction *At, size_t Sites, size_t Length,
                      const std::string &Why) {
  ++NumNotOutlined;
  OptimizationRemarkEmitter ORE(At->getFunction());
  ORE.emit([&] {
    return OptimizationRemarkMissed(PassName, "NotOutlined", At)
           << "not outlined: " << ore::NV("Regions", Sites)
           << " similar regions of " << ore::NV("Instructions", Length)
           << " instructions " << ore::NV("Reason", Why);
  });
}

void Outliner::findGroups() {
  // The least net saving, before what the target's machine outliner
  // would share of it, that rounds to MinBenefit bytes. Where
  // NotOutlined remarks are asked for, a group that saves less, but
  // something, is weighed for its remark.
  LLVMContext &Ctx = M.getContext();
  double Wanted = double(Options.MinBenefit);
  bool Remarks = Ctx.getLLVMRemarkStreamer() ||
                 Ctx.getDiagHandlerPtr()->isMissedOptRemarkEnabled(PassName);
  if (Remarks)
    Wanted = std::min(Wanted, 1.0);
  double Least = Wanted - 0.5;
  // No site in hot code is outlined, and a region starts at its site: a
  // function whose every block is hot has no region to give, and does not
  // enter the analysis (without a profile most of a program's code is hot,
  // and the suffix tree over all of it was the link's largest allocation:
  // sqlite3's peak memory 1.74x the baseline's), unless remarks are to say
  // which groups hot code left out. A hot block of a function with a cold
  // one stays: a region may start in the cold block and run into it.
  DenseMap<const Function *, bool> AllHot;
  auto HotBlock = [&](const BasicBlock &BB) {
    auto [It, New] = AllHot.try_emplace(BB.getParent(), true);
    if (New)
      It->second = llvm::all_of(*BB.getParent(), [&](const BasicBlock &B) {
        return Hot.isHot(B);
      });
    return It->second;
  };
  Similarity.run(
      M,
      [&](ArrayRef<unsigned> Starts, unsigned Length) {
        if (!Bound)
          Bound.emplace(Similarity.mapper().positions(), BytesOf, Size, Least,
                        Only, Options.Threads);
        return Bound->worthRepeat(Starts, Length);
      },
      Remarks ? InstructionMapper::BlockFilter()
              : InstructionMapper::BlockFilter(HotBlock));
  Taken.resize(Similarity.mapper().positions().size());
}

std::vector<Priced> Outliner::collect() {
  // Each candidate is priced as soon as it is found, on the thread that
  // found it, and kept only if it is good: the facts of every function a
  // group has a region in are there first (the bytes of every site's
  // instruction are, from the bound).
  ArrayRef<SimilarityGroup> Groups = Similarity.groups();
  if (Groups.empty())
    return {};
  ArrayRef<MappedInstruction> At = Similarity.mapper().positions();
  std::vector<Function *> RegionFunctions;
  for (const SimilarityGroup &G : Groups)
    for (const SimilarRegion &R : G.Regions)
      if (RegionFunctions.empty() ||
          RegionFunctions.back() != At[R.Start].Inst->getFunction())
        RegionFunctions.push_back(At[R.Start].Inst->getFunction());
  Facts.prepare(RegionFunctions, Options.Threads);
  std::vector<std::vector<Priced>> GoodOf(Groups.size());
  std::vector<std::vector<ShortOfBytes>> ShortOf(Groups.size());
  const SavingBound &B = *Bound;
  findCandidates(
      Similarity, Options.MinLength,
      [&](ArrayRef<unsigned> Starts, unsigned Length, unsigned Inputs,
          ArrayRef<SiteTraffic> Sites) {
        return B.worth(Starts, Length, Inputs, Sites);
      },
      [&](size_t Group, OutlineCandidate &&C) {
        Priced G;
        G.C = std::move(C);
        std::string Why;
        if (evaluate(G, &Why))
          GoodOf[Group].push_back(std::move(G));
        else if (G.Price.Saving > 0 || G.Price.Gross > 0)
          ShortOf[Group].push_back({G.C.Sites.front().Insts.front(),
                                    G.C.Sites.size(),
                                    G.C.Sites.front().Insts.size(),
                                    std::move(Why)});
      });
  // In the groups' order, whatever the threads did.
  std::vector<Priced> All;
  for (size_t Group = 0; Group < Groups.size(); ++Group) {
    for (Priced &G : GoodOf[Group])
      All.push_back(std::move(G));
    for (ShortOfBytes &S : ShortOf[Group])
      missed(S.At, S.Sites, S.Length, S.Why);
  }
  return All;
}

std::vector<unsigned> Outliner::select(std::vector<Priced> &All) {
  // Lazy greedy by saving: take the best group; if some of its sites
  // overlap code already taken, price it again without them and put it
  // back unless it is still the best.
  using Entry = std::pair<int64_t, unsigned>; // Saving, index into All.
  std::priority_queue<Entry> Queue;
  for (unsigned K = 0; K < All.size(); ++K)
    Queue.push({All[K].Price.Saving, K});
  std::vector<unsigned> Selected;
  while (!Queue.empty()) {
    auto [Saving, K] = Queue.top();
    Queue.pop();
    Priced &G = All[K];
    if (dropTaken(G.C)) {
      if (G.C.Sites.size() < 2 || !refreshCandidate(G.C) || !evaluate(G))
        continue;
      if (!Queue.empty() && G.Price.Saving < Queue.top().first) {
        Queue.push({G.Price.Saving, K});
        continue;
      }
    }
    // Hot code and the run-time budget may leave out sites; the remark,
    // if what is left is not worth it, names the group as it stood.
    Instruction *At = G.C.Sites.front().Insts.front();
    size_t Sites = G.C.Sites.size(), Length = G.C.Sites.front().Insts.size();
    std::string Why;
    std::vector<Instruction *> LeftOut;
    fitRunTime(G, Why, LeftOut);
    if (!Why.empty()) {
      if (G.C.Sites.size() < 2) {
        missed(At, Sites, Length, Why);
        continue;
      }
      if (!refreshCandidate(G.C)) {
        missed(At, Sites, Length, Why + "; the others do not form a group");
        continue;
      }
      std::string Short;
      if (!evaluate(G, &Short)) {
        missed(At, Sites, Length, Why + "; the others " + Short);
        continue;
      }
    }
    // Spent once the group is sure to be taken; given back if its
    // extraction fails or the round is not worth its calls.
    // Step 4's word: a group of two or more sites, none in code a group
    // taken before covers.
    assert(G.C.Sites.size() >= 2 && "a group of one site taken");
    assert(llvm::none_of(G.C.Sites,
                         [&](const OutlineSite &S) {
                           return Taken.find_first_in(
                                      S.Start, S.Start + S.Length) != -1;
                         }) &&
           "a group taken over code another group took");
    G.RunTime = addedRunTime(G, &G.Disturbs);
    Budget.spend(G.RunTime);
    for (const std::string &F : G.Disturbs)
      Budget.setDisturbed(F, true);
    take(G.C);
    Selected.push_back(K);
    G.LeftOut = std::move(LeftOut);
    G.LeftOutWhy = std::move(Why);
    G.SitesBefore = Sites;
  }
  return Selected;
}

bool Outliner::worthTheCalls(std::vector<Priced> &All,
                             ArrayRef<unsigned> Selected) {
  int64_t Total = 0;
  for (unsigned K : Selected)
    Total += All[K].Price.Saving;
  if (Selected.empty() || Total >= int64_t(Options.MinTotal))
    return true;
  for (unsigned K : Selected) {
    Priced &G = All[K];
    giveBack(G);
    missed(G.C.Sites.front().Insts.front(), G.C.Sites.size(),
           G.C.Sites.front().Insts.size(),
           "would save " + std::to_string(G.Price.Saving) +
               " bytes, and the module's outlining " + std::to_string(Total) +
               " in all (" + Size.basis() + "), less than the minimum of " +
               std::to_string(Options.MinTotal) +
               " that the link's alignment padding cannot absorb");
  }
  return false;
}

bool Outliner::extract(Priced &G) {
  // Earlier groups may have changed the functions around these sites.
  size_t Before = G.C.Sites.size();
  bool Fits = refreshCandidate(G.C) &&
              (G.C.Sites.size() == Before || evaluate(G));

  std::string Name;
  do
    Name = "coalesce.outlined." + std::to_string(NextName++);
  while (M.getNamedValue(Name));
  // With a profile, the outlined function is entered as often as its
  // sites ran (the code generator lays out and splits by that count).
  double Calls = 0;
  for (const OutlineSite &S : G.C.Sites)
    Calls += Hot.count(*S.Insts.front()->getParent());
  Function *Outlined = Fits ? outlineCandidate(M, G.C, G.P, Name) : nullptr;
  if (!Outlined) {
    giveBack(G);
    return false;
  }
  if (Hot.fromProfile())
    Outlined->setEntryCount(uint64_t(std::llround(Calls)));

  OutlineRecord Rec;
  Rec.Function = Name;
  Rec.Sites = G.C.Sites.size();
  Rec.Instructions = G.C.Sites.front().Insts.size();
  Rec.Parameters = G.P.Parameters.size();
  Rec.Outputs = G.P.PointerOutputs.size() + (G.P.ReturnedOutput != 0);
  Rec.Exits = G.P.Exits;
  Rec.EstimatedBytes = uint64_t(std::max<int64_t>(G.Price.Saving, 0));
  Rec.MachineOutlinerBytes = uint64_t(G.Price.MachineOutlined);
  SetVector<Function *> Callers;
  for (const OutlineSite &S : G.C.Sites)
    Callers.insert(S.F);
  for (Function *F : Callers) {
    Rec.Callers.push_back(F->getName().str());
    Facts.forget(*F);
  }
  // The remarks, at the calls that now stand where the regions were.
  for (Function *F : Callers) {
    OptimizationRemarkEmitter ORE(F);
    for (Instruction &I : instructions(*F)) {
      auto *Call = dyn_cast<CallBase>(&I);
      if (!Call || Call->getCalledFunction() != Outlined)
        continue;
      ORE.emit([&] {
        return OptimizationRemark(PassName, "Outlined", Call)
               << "outlined " << ore::NV("Instructions", Rec.Instructions)
               << " instructions into " << ore::NV("Outlined", Name)
               << ", one of " << ore::NV("Regions", Rec.Sites)
               << " similar regions (~"
               << ore::NV("BytesSaved", Rec.EstimatedBytes) << " bytes saved, "
               << ore::NV("Basis", Size.basis()) << ")";
      });
    }
  }
  ++NumOutlined;
  NumSites += Rec.Sites;
  Rep.Outlines.push_back(std::move(Rec));
  return true;
}

bool Outliner::run() {
  // 1. Groups: the similarity analysis over the whole module, each
  //    repeated substring first checked against the bound.
  {
    TimeTraceScope Scope("coalesce: similarity");
    findGroups();
    NumGroups += Similarity.groups().size();
  }
  // 2, 3. Candidates and their prices.
  TimeTraceScope Scope("coalesce: outlining");
  std::vector<Priced> All = collect();
  // 4. Selection, with the run time it adds spent from the budget.
  std::vector<unsigned> Selected = select(All);
  if (!worthTheCalls(All, Selected))
    return false;
  // The sites hot code or the budget left out say so, where the rest of
  // their group is outlined.
  for (unsigned K : Selected) {
    const Priced &G = All[K];
    for (Instruction *I : G.LeftOut)
      missed(I, G.SitesBefore, G.C.Sites.front().Insts.size(),
             G.LeftOutWhy + "; this one stays, the other " +
                 std::to_string(G.C.Sites.size()) + " are outlined");
  }
  // 5, 6. Consolidation and sites, best first. From here the module
  //    changes: the chosen sites track their values.
  for (unsigned K : Selected)
    for (OutlineSite &S : All[K].C.Sites)
      S.track();
  bool Changed = false;
  unsigned Outlined = 0;
  for (unsigned K : Selected) {
    if (Options.MaxGroups && Outlined == Options.MaxGroups)
      break;
    if (extract(All[K])) {
      Changed = true;
      ++Outlined;
    }
  }
  return Changed;
}

bool ChangedCode::contains(const Instruction &I) const {
  return Blocks.contains(I.getParent()) || Functions.contains(I.getFunction());
}

bool outlineSimilarCode(Module &M, const OutlineOptions &Options,
                        Report &Report, const SizeModel &Size,
                        const ProgramHotness &Hot, RunTimeBudget &Budget,
                        const ChangedCode *Only) {
  return Outliner(M, Options, Report, Size, Hot, Budget, Only).run();
}

} // namespace coalesce
