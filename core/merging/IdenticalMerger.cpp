//===- core/merging/IdenticalMerger.cpp - Merge identical functions --------===//
//
// The problem
// -----------
// After whole-program LTO, one module holds every function of the program,
// and many are identical: template instances for types with the same
// representation, copied helpers, trivial constructors. Each copy costs
// bytes. We want one body per group of identical functions, with every name
// still meaning what it meant: a caller that compares function addresses
// must still see distinct addresses, a weak definition must stay
// overridable, an exported symbol must stay exported.
//
// An example
// ----------
//     define linkonce_odr i32 @sum_int(ptr %v)  unnamed_addr { ... }
//     define linkonce_odr i32 @sum_uint(ptr %v) unnamed_addr { ... same ... }
//     define i32 @api(ptr %v) { ... same ... }            ; address taken
//     define i32 @api2(ptr %v) { ... same ... }           ; address taken
// @sum_int comes first and is kept; @sum_uint's address is not significant,
// so its uses name @sum_int and the discardable copy is deleted
// ("replaced"). @api's address must stay distinct, so its body is kept
// instead and @sum_int is replaced by it in turn: no thunk is needed. @api2
// must keep a distinct address too: it becomes a thunk `tail call
// @api(ptr %v)` and its direct callers call @api directly.
//
// The algorithm
// -------------
//  1. Hash every eligible definition (StructuralHash, consistent with
//     FunctionOrder) and keep, in module order, the ones whose hash is
//     shared: a function with a unique hash has no equal.
//  2. Insert them into the tree of their hash value, ordered by
//     FunctionOrder: strong (non-interposable) definitions first, then
//     interposable ones, so that a strong body is the one kept whenever
//     there is one. Only functions that hash alike are ever compared.
//  3. When an insertion finds an equal function already in the tree, merge
//     the newcomer into it (mergePair below chooses replace, alias or thunk).
//     Merging edits the bodies of functions that used the merged-away name;
//     those callers leave the tree (their position in the order may change)
//     and are deferred.
//  4. Repeat with the deferred functions until nothing changes: merging two
//     callees can make their callers identical, and so on up the call graph.
//  5. What is left may be equal only through calls that lead back to
//     itself (ping calls pong, pong calls ping; ping2 and pong2 the same),
//     which no order of merging reaches. Partition refinement
//     (CallClasses.cpp) splits the functions left in the trees into
//     classes that agree call for call by the class of the callee. If a
//     class holds two functions the identity order told apart, the trees
//     are emptied and their functions inserted again (steps 2-4) under an
//     order that compares a direct callee by its class.
//
// How a merged-away function G reaches the kept body F:
//  - G's address is not significant (unnamed_addr, or local and never
//    address-taken) and G is not interposable: every use of G names F;
//    G is deleted if discardable, else becomes an alias (or a thunk where
//    aliases are not allowed).
//  - G's address is significant: G becomes a thunk (a tail call to F), and
//    direct calls of G are rewritten to call F.
//  - G is interposable and F is not: G becomes an alias or thunk of F and
//    keeps its linkage, so a definition elsewhere still overrides it.
//  - Both are interposable: the body moves to a new private function H, and
//    F and G both forward to H; each can still be overridden on its own.
// The kept body takes the larger alignment of the two, only the
// assumptions both functions made (the intersection of attributes such as
// nonnull, range or memory), and instruction metadata that holds for both
// (the most generic !tbaa, !range, ... of each pair; metadata only one side
// has is dropped). Where Kept's address takes over Dup's, Kept also joins
// Dup's CFI type ids (!type). Aliases are used
// only where the object format has them and both functions share a comdat
// (or have none). A local function in a comdat is referenced only from its
// own comdat. In an ELF shared object, a kept body the dynamic linker may
// preempt (default visibility, not dso_local, not ODR) is reached through
// a private alias, so Dup's callers keep calling this code whatever
// preempts the kept name. Varargs functions and arguments passed inalloca or
// preallocated cannot be forwarded by a thunk, so such pairs are merged
// only when no thunk is needed.
//
// Never merged: declarations, available_externally copies, naked
// functions, entry points the target starts by itself (GPU kernels,
// shader stages, interrupt handlers: never called, never aliased), and
// functions whose blocks have their address taken for anything but their
// own computed gotos (the addresses reach only the function's indirectbr
// and comparisons: the order pairs them by the blocks they name, and the
// body not kept takes its own along when it goes).
//
// Cost
// ----
// Hashing is linear in the module. Each insertion costs O(log N)
// comparisons, each O(size) at worst and usually much less. Rounds repeat
// only for changed callers. Step 5 sorts only the functions left in trees
// (a hash shared by functions found different), and the trees are filled
// again only where it found a class. No pairwise loop over the module.
//
//===----------------------------------------------------------------------===//

#include "core/merging/IdenticalMerger.h"

#include "core/comparison/FunctionOrder.h"
#include "core/comparison/StructuralHash.h"
#include "core/merging/CallClasses.h"
#include "core/merging/MergeSupport.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Support/TimeProfiler.h"

#include <memory>
#include <set>

#define DEBUG_TYPE "coalesce-merge"

using namespace llvm;

ALWAYS_ENABLED_STATISTIC(NumReplaced, "Functions replaced by an equal body everywhere");
ALWAYS_ENABLED_STATISTIC(NumAliases, "Functions turned into aliases of an equal body");
ALWAYS_ENABLED_STATISTIC(NumThunks, "Functions turned into thunks to an equal body");
ALWAYS_ENABLED_STATISTIC(NumCallsRewritten, "Direct calls redirected to the kept body");
ALWAYS_ENABLED_STATISTIC(NumMissed, "Equal functions that could not be merged");
ALWAYS_ENABLED_STATISTIC(NumByClasses,
          "Functions merged as equal through the classes of their callees");

namespace coalesce {
namespace {

constexpr const char *PassName = "coalesce-merge";

/// Whether some global or function outside F's comdat already refers to F.
bool referencedFromOutsideComdat(const Function &F) {
  return someUser(F, [&](const User &U) {
    if (auto *I = dyn_cast<Instruction>(&U))
      return I->getFunction()->getComdat() != F.getComdat();
    return cast<GlobalValue>(U).getComdat() != F.getComdat();
  });
}

/// A local symbol in a comdat may only be referenced from its own comdat:
/// the linker may discard the group. Unless it already is referenced from
/// elsewhere: then whoever made the module guarantees the group stays, as
/// after LTO internalization (ld.lld also ignores comdats in LTO output).
bool canReference(const GlobalValue &From, const Function &To) {
  return !To.hasLocalLinkage() || !To.hasComdat() ||
         From.getComdat() == To.getComdat() ||
         referencedFromOutsideComdat(To);
}

class Merger {
public:
  Merger(Module &M, const MergeOptions &Options, Report &Rep,
         const SizeModel &Size)
      : M(M), Options(Options), Rep(Rep), Size(Size), Ctx(M, &Classes) {
    Triple T(M.getTargetTriple());
    IsELF = T.isOSBinFormatELF();
    // Position-independent code that is not an executable's (PIE) may end
    // up in a shared object, whose default-visibility symbols can be
    // preempted.
    MaybeSharedObject = M.getPICLevel() != PICLevel::NotPIC &&
                        M.getPIELevel() == PIELevel::Default;
    AliasesAllowed = Options.UseAliases && (IsELF || T.isOSBinFormatCOFF());
  }

  bool run();

private:
  struct TreeLess {
    OrderContext *Ctx;
    bool operator()(const Function *L, const Function *R) const {
      return FunctionOrder(L, R, *Ctx).compare() < 0;
    }
  };
  /// Unique functions of one hash value, in FunctionOrder.
  using TreeType = std::set<Function *, TreeLess>;
  /// Why F cannot take part, or null. A body stays where it is (the other
  /// becomes a thunk, an alias or nothing), so F may take the addresses of
  /// its own blocks for its own computed gotos.
  static const char *ineligible(const Function &F) {
    return ineligibility(F, /*OwnBlockAddresses=*/true);
  }

  void mergeToFixedPoint(std::vector<Function *> Worklist);
  bool refineCallClasses();
  std::vector<Function *> takeTrees();
  uint64_t hashOf(Function &F);
  void insert(Function *F);
  void mergePair(Function *Kept, Function *Dup);
  bool forward(Function *Dup, Function *Kept, std::string &Why);
  bool mergeInterposables(Function *Kept, Function *Dup);
  bool canThunk(const Function &F, std::string &Why) const;
  bool aliasAllowed(const Function &Dup, const Function &Kept) const;
  void makeAlias(Function *Dup, Function *Kept);
  bool isPreemptible(const Function &F) const;
  Constant *localName(Function *Kept);
  void makeThunk(Function *Dup, Function *Kept);
  unsigned rewriteDirectCalls(Function *Dup, Function *Kept);
  void removeFromTree(Function *F);
  void defer(Function *F);
  void deferUsersOf(Value *V);
  void erase(Function *F);
  uint64_t estimate(Function &Kept, Function &Dup);
  uint64_t thunkSaving(Function &Kept, Function &Dup, unsigned Thunks = 1);
  void recordMerge(Function *Kept, StringRef DupName, MergeKind Kind,
                   uint64_t Bytes, unsigned Calls);
  void recordMissed(Function *F, const Function *Other, const Twine &Why);

  Module &M;
  const MergeOptions &Options;
  Report &Rep;
  const SizeModel &Size;
  /// Empty while merging by identity; then the classes of what is left.
  CallClasses Classes;
  OrderContext Ctx;
  /// The identity order, once the classes are in use: it tells a merge the
  /// classes found (MergeRecord::ByCallClasses) from any other.
  std::unique_ptr<OrderContext> Identity;
  bool PairByClasses = false;
  /// The unique functions of one hash value: only functions that hash
  /// alike are ever compared. Most hash values have one unique function,
  /// which needs no tree; the tree is made when a second one arrives.
  struct Bucket {
    Function *Only = nullptr;
    std::unique_ptr<TreeType> Tree;
  };
  /// Where a unique function is: its bucket and, if the bucket has a tree,
  /// its node there.
  struct Place {
    uint64_t Hash;
    TreeType::iterator Node;
  };
  DenseMap<uint64_t, Bucket> Buckets;
  DenseMap<Function *, Place> InTree;
  /// Hashes and size estimates of bodies that have not changed since.
  DenseMap<Function *, uint64_t> Hashes, Estimates;
  /// Functions to insert again next round, in the order they changed; the
  /// set only filters duplicates.
  std::vector<Function *> Deferred;
  DenseSet<Function *> DeferredSet;
  /// Functions erased this run, still named by a work list. (Cheaper than
  /// a value handle per entry; a function created at a freed address is
  /// taken off the list.)
  DenseSet<Function *> Erased;
  /// Functions this run turned into thunks: their body is no longer theirs,
  /// and merging a thunk into another would only build a chain of jumps.
  DenseSet<Function *> Forwarders;
  bool AliasesAllowed = false;
  bool IsELF = false;
  bool MaybeSharedObject = false;
  /// Private aliases that name a preemptible kept body (see localName).
  DenseMap<Function *, GlobalAlias *> LocalNames;
  bool Changed = false;
};

bool Merger::run() {
  // 1. Hash eligible definitions; only shared hashes can have an equal.
  std::vector<std::pair<Function *, uint64_t>> Candidates;
  DenseMap<uint64_t, unsigned> HashCount;
  Candidates.reserve(M.size());
  HashCount.reserve(M.size());
  Hashes.reserve(M.size());
  Buckets.reserve(M.size());
  for (Function &F : M) {
    if (const char *Why = ineligible(F)) {
      if (!F.isDeclaration())
        recordMissed(&F, nullptr, Why);
      continue;
    }
    uint64_t H = hashFunction(F);
    Candidates.emplace_back(&F, H);
    Hashes[&F] = H;
    ++HashCount[H];
  }
  std::vector<Function *> Worklist;
  for (auto &[F, H] : Candidates)
    if (HashCount[H] > 1)
      Worklist.push_back(F);

  // 2-4. Insert strong definitions, then interposable ones; repeat with the
  // callers whose bodies changed until nothing changes.
  mergeToFixedPoint(std::move(Worklist));

  // 5. What is left may still be equal through calls that lead back to
  // itself: compare calls by the class of their callee and merge again.
  if (refineCallClasses())
    mergeToFixedPoint(takeTrees());
  assert(Deferred.empty() && "merging stopped before its fixed point");
  Rep.resolveChains();
  return Changed;
}

void Merger::mergeToFixedPoint(std::vector<Function *> Worklist) {
  while (!Worklist.empty()) {
    for (bool Interposable : {false, true})
      for (Function *F : Worklist)
        if (!Erased.count(F) && F->isInterposable() == Interposable &&
            !InTree.count(F) && !Forwarders.count(F) && !ineligible(*F))
          insert(F);
    Worklist.clear();
    Worklist.swap(Deferred);
    Deferred.clear();
    DeferredSet.clear();
  }
}

// Step 5. Returns whether the classes found something the identity order
// did not: two functions in one class that are both still in a tree (the
// trees hold functions the identity order tells apart).
bool Merger::refineCallClasses() {
  std::vector<std::pair<Function *, uint64_t>> Domain;
  for (Function &F : M) {
    // A call of a function the linker or the dynamic linker may replace
    // is not known to run this body.
    if (Erased.count(&F) || Forwarders.count(&F) || F.isInterposable() ||
        isPreemptible(F) || ineligible(F))
      continue;
    uint64_t H = hashOf(F);
    auto B = Buckets.find(H);
    if (B != Buckets.end() && B->second.Tree && B->second.Tree->size() > 1)
      Domain.emplace_back(&F, H);
  }
  if (Domain.empty())
    return false;
  Classes.refine(Domain, Ctx);
  for (auto &[H, B] : Buckets) {
    if (!B.Tree)
      continue;
    SmallDenseSet<unsigned, 8> Seen;
    for (Function *F : *B.Tree)
      if (std::optional<unsigned> Class = Classes.classOf(F))
        if (!Seen.insert(*Class).second)
          return true;
  }
  return false;
}

// Empties the trees, whose order the classes change, and returns what they
// held in module order: the functions to merge again under the classes.
std::vector<Function *> Merger::takeTrees() {
  std::vector<Function *> Held;
  for (Function &F : M)
    if (InTree.count(&F))
      Held.push_back(&F);
  Buckets.clear();
  InTree.clear();
  Identity = std::make_unique<OrderContext>(M);
  return Held;
}

uint64_t Merger::hashOf(Function &F) {
  auto [It, New] = Hashes.try_emplace(&F, 0);
  if (New)
    It->second = hashFunction(F);
  return It->second;
}

void Merger::insert(Function *F) {
  uint64_t Hash = hashOf(*F);
  Bucket &B = Buckets[Hash];
  if (!B.Tree) {
    if (!B.Only) {
      B.Only = F;
      InTree[F] = {Hash, {}};
      return;
    }
    if (FunctionOrder(B.Only, F, Ctx).compare() == 0) {
      mergePair(B.Only, F);
      return;
    }
    // A second unique function of this hash: from now on, a tree.
    Function *First = B.Only;
    B.Only = nullptr;
    B.Tree = std::make_unique<TreeType>(TreeLess{&Ctx});
    InTree[First] = {Hash, B.Tree->insert(First).first};
  }
  auto [It, Inserted] = B.Tree->insert(F);
  if (Inserted) {
    InTree[F] = {Hash, It};
    return;
  }
  mergePair(*It, F);
}

void Merger::removeFromTree(Function *F) {
  auto It = InTree.find(F);
  if (It == InTree.end())
    return;
  Bucket &B = Buckets[It->second.Hash];
  if (B.Tree)
    B.Tree->erase(It->second.Node);
  else if (B.Only == F)
    B.Only = nullptr;
  InTree.erase(It);
}

void Merger::defer(Function *F) {
  Hashes.erase(F); // Its body is about to change.
  Estimates.erase(F);
  if (DeferredSet.insert(F).second)
    Deferred.emplace_back(F);
}

// A use of V is about to change: the functions holding it leave the tree
// (their place in the order may move) and come back in the next round.
void Merger::deferUsersOf(Value *V) {
  SmallVector<User *, 16> Work(V->users());
  SmallPtrSet<User *, 16> Seen;
  while (!Work.empty()) {
    User *U = Work.pop_back_val();
    if (!Seen.insert(U).second)
      continue;
    if (auto *I = dyn_cast<Instruction>(U)) {
      Function *Caller = I->getFunction();
      removeFromTree(Caller);
      if (!ineligible(*Caller))
        defer(Caller);
    } else if (isa<Constant>(U) && !isa<GlobalValue>(U)) {
      append_range(Work, U->users());
    }
  }
}

void Merger::erase(Function *F) {
  removeFromTree(F);
  DeferredSet.erase(F);
  Forwarders.erase(F);
  Hashes.erase(F);
  Estimates.erase(F);
  Ctx.forgetGlobal(F);
  if (Identity)
    Identity->forgetGlobal(F);
  Classes.forget(F);
  Erased.insert(F);
  F->eraseFromParent();
}

// What removing Dup's body saves. Dup's body is Kept's, so one estimate
// serves every function merged into the same body (until that body
// changes).
uint64_t Merger::estimate(Function &Kept, Function &Dup) {
  auto [It, New] = Estimates.try_emplace(&Kept, 0);
  if (New)
    It->second = Size.removedBytes(Dup);
  return It->second;
}

// What replacing Dup's body by Thunks thunks saves (0 if nothing).
uint64_t Merger::thunkSaving(Function &Kept, Function &Dup, unsigned Thunks) {
  uint64_t Body = estimate(Kept, Dup), Cost = Thunks * Size.thunkBytes(Dup);
  return Body > Cost ? Body - Cost : 0;
}

/// A thunk is a tail jump. It must be smaller than the body it replaces,
/// by the size model (for a body of one instruction, a return or a trap,
/// it is larger); and a body that already only forwards to another
/// function is never replaced by one more jump.
static bool thunkWouldNotShrink(const Function &F, const SizeModel &Size,
                                unsigned Thunks = 1) {
  return isForwardingThunk(F) ||
         Size.removedBytes(F) <= Thunks * Size.thunkBytes(F);
}

void Merger::recordMerge(Function *Kept, StringRef DupName, MergeKind Kind,
                         uint64_t Bytes, unsigned Calls) {
  Changed = true;
  switch (Kind) {
  case MergeKind::Replaced:
    ++NumReplaced;
    break;
  case MergeKind::Alias:
    ++NumAliases;
    break;
  case MergeKind::Thunk:
    ++NumThunks;
    break;
  }
  NumCallsRewritten += Calls;
  Rep.Merges.push_back(
      MergeRecord{Kept->getName().str(), DupName.str(), Kind, Calls, Bytes});
  Rep.Merges.back().ByCallClasses = PairByClasses;
  NumByClasses += PairByClasses;
  OptimizationRemarkEmitter ORE(Kept, /*BFI=*/nullptr);
  ORE.emit([&] {
    OptimizationRemark R(PassName, "Merged", Kept);
    R << "merged " << ore::NV("Merged", DupName) << " into "
      << ore::NV("Kept", Kept->getName()) << " as "
      << ore::NV("Kind", mergeKindName(Kind)) << ", ~"
      << ore::NV("EstimatedBytes", Bytes) << " bytes saved";
    if (Calls)
      R << ", " << ore::NV("CallsRewritten", Calls)
        << " direct calls rewritten";
    return R;
  });
}

void Merger::recordMissed(Function *F, const Function *Other,
                          const Twine &Why) {
  std::string Reason = Why.str();
  Rep.Missed.push_back(MissedRecord{
      F->getName().str(), Other ? Other->getName().str() : "", Reason});
  if (Other)
    ++NumMissed;
  OptimizationRemarkEmitter ORE(F, /*BFI=*/nullptr);
  ORE.emit([&] {
    OptimizationRemarkMissed R(PassName, "NotMerged", F);
    R << "not merged " << ore::NV("Function", F->getName());
    if (Other)
      R << " with equal " << ore::NV("Other", Other->getName());
    R << ": " << ore::NV("Reason", Reason);
    return R;
  });
}

bool Merger::canThunk(const Function &F, std::string &Why) const {
  if (F.isVarArg()) {
    Why = "varargs: a thunk cannot forward variable arguments";
    return false;
  }
  for (const Argument &A : F.args())
    if (A.hasInAllocaAttr() || A.hasPreallocatedAttr()) {
      Why = "an inalloca or preallocated argument cannot be forwarded by a "
            "thunk";
      return false;
    }
  return true;
}

bool Merger::aliasAllowed(const Function &Dup, const Function &Kept) const {
  return AliasesAllowed && Dup.getFunctionType() == Kept.getFunctionType() &&
         Dup.getComdat() == Kept.getComdat() &&
         Dup.getAddressSpace() == Kept.getAddressSpace() &&
         GlobalAlias::isValidLinkage(Dup.getLinkage());
}

// Decides which of two equal functions keeps the body, then forwards the
// other one to it.
void Merger::mergePair(Function *Kept, Function *Dup) {
  // Steps 2-3: only functions that hash alike meet, and only equal ones
  // merge.
  assert(hashOf(*Kept) == hashOf(*Dup) && "functions of different hashes met");
  assert(FunctionOrder(Kept, Dup, Ctx).compare() == 0 &&
         "a pair merged that the order tells apart");
  PairByClasses =
      Identity && FunctionOrder(Kept, Dup, *Identity).compare() != 0;
  if (Kept->isInterposable() && Dup->isInterposable()) {
    mergeInterposables(Kept, Dup);
    return;
  }
  // A strong body is kept in preference to an interposable one, and a body
  // whose address must stay distinct in preference to one whose uses can
  // simply name the other: then nobody needs a thunk.
  bool Swap = Kept->isInterposable() ||
              (!Dup->isInterposable() && addressIsSignificant(*Dup) &&
               !addressIsSignificant(*Kept) &&
               Kept->getFunctionType() == Dup->getFunctionType());
  std::string Why;
  if (!Swap && forward(Dup, Kept, Why))
    return;
  // The other direction may be possible where this one is not (comdats,
  // thunk constraints), unless the newcomer is the interposable one.
  if (!Swap && Dup->isInterposable()) {
    recordMissed(Dup, Kept, Why);
    return;
  }
  std::string WhyReverse;
  if (forward(Kept, Dup, WhyReverse)) {
    insert(Dup);
    return;
  }
  recordMissed(Dup, Kept, Why.empty() ? WhyReverse : Why);
}

// Makes Dup reach Kept's body. Returns false, with the reason in Why and
// nothing changed, when that cannot be done without changing behaviour.
bool Merger::forward(Function *Dup, Function *Kept, std::string &Why) {
  bool SameType = Dup->getFunctionType() == Kept->getFunctionType();
  bool Significant = addressIsSignificant(*Dup);
  bool Interposable = Dup->isInterposable();

  // A definition the dynamic linker may preempt cannot stand in for Dup
  // by name; a private alias names this definition, but one inside a
  // comdat could be discarded.
  if (isPreemptible(*Kept) && Kept->hasComdat()) {
    Why = "interposable: the equal body may be preempted at run time and "
          "lives in a comdat";
    return false;
  }
  // Dup's body or its users would name Kept from outside Kept's comdat.
  if (Kept->hasLocalLinkage() && Kept->hasComdat() &&
      Dup->getComdat() != Kept->getComdat() &&
      !referencedFromOutsideComdat(*Kept)) {
    Why = "comdat: the equal body is local to a comdat and may only be "
          "referenced from inside it";
    return false;
  }
  bool UsesMayNameKept = !Interposable && !Significant && SameType;
  bool AliasWorks = !Significant && aliasAllowed(*Dup, *Kept);
  if (!UsesMayNameKept && !AliasWorks) {
    if (!canThunk(*Dup, Why))
      return false;
    if (thunkWouldNotShrink(*Dup, Size)) {
      Why = "too small: a thunk would be no smaller than the body it "
            "replaces";
      return false;
    }
  }
  // The kept function states only the assumptions both made.
  std::optional<AttributeList> Joint =
      jointAttributes(Kept->getAttributes(), *Dup);
  if (!Joint) {
    Why = "attributes: the two functions' attributes cannot be intersected";
    return false;
  }
  removeFromTree(Dup);
  Kept->setAttributes(*Joint);
  generalizeAssumptions(*Kept, *Dup);

  // Uses may name Kept directly: the address is not significant, the
  // definition cannot be replaced, and the types agree.
  if (UsesMayNameKept) {
    uint64_t Bytes = estimate(*Kept, *Dup);
    std::string Name = Dup->getName().str();
    deferUsersOf(Dup);
    locateCallsOf(*Dup);
    Dup->replaceUsesWithIf(localName(Kept),
                           [](Use &U) { return !isInUsedList(U); });
    inheritTypeIds(*Kept, *Dup);
    if (Dup->getAlign().valueOrOne() > Kept->getAlign().valueOrOne())
      Kept->setAlignment(Dup->getAlign());
    if (Dup->use_empty() && Dup->isDiscardableIfUnused()) {
      erase(Dup);
      recordMerge(Kept, Name, MergeKind::Replaced, Bytes, 0);
      return true;
    }
    if (aliasAllowed(*Dup, *Kept)) {
      makeAlias(Dup, Kept);
      recordMerge(Kept, Name, MergeKind::Alias, Bytes, 0);
      return true;
    }
    // The uses already name Kept; the symbol itself must stay.
    if (thunkWouldNotShrink(*Dup, Size))
      Why = "too small: a thunk would be no smaller than the body it "
            "replaces";
    if (!Why.empty() || !canThunk(*Dup, Why)) {
      // Uses are already redirected, which is correct; the body stays.
      recordMissed(Dup, Kept, "symbol kept with its own body: " + Why);
      return true;
    }
    makeThunk(Dup, Kept);
    recordMerge(Kept, Name, MergeKind::Thunk, thunkSaving(*Kept, *Dup), 0);
    return true;
  }

  // Address not significant: an alias keeps the name and its linkage.
  if (AliasWorks) {
    uint64_t Bytes = estimate(*Kept, *Dup);
    std::string Name = Dup->getName().str();
    makeAlias(Dup, Kept);
    recordMerge(Kept, Name, MergeKind::Alias, Bytes, 0);
    return true;
  }

  uint64_t Saving = thunkSaving(*Kept, *Dup);
  std::string Name = Dup->getName().str();
  unsigned Calls = 0;
  if (!Interposable && SameType && Options.RewriteDirectCalls)
    Calls = rewriteDirectCalls(Dup, Kept);
  makeThunk(Dup, Kept);
  recordMerge(Kept, Name, MergeKind::Thunk, Saving, Calls);
  return true;
}

// Both can be overridden at link time, so neither may call the other's
// body directly: the body moves to a private function both forward to.
bool Merger::mergeInterposables(Function *Kept, Function *Dup) {
  std::string Why;
  if (takesBlockAddresses(*Kept)) {
    recordMissed(Dup, Kept,
                 "blockaddress: both are interposable, and the body that "
                 "takes its own blocks' addresses cannot move to a shared "
                 "function");
    return false;
  }
  bool NeedThunks = addressIsSignificant(*Kept) ||
                    addressIsSignificant(*Dup) || !AliasesAllowed ||
                    Kept->hasComdat() || Dup->hasComdat() ||
                    Kept->getFunctionType() != Dup->getFunctionType();
  // Two bodies become one and two thunks.
  if (NeedThunks && thunkWouldNotShrink(*Kept, Size, 2))
    Why = "too small: a thunk would be no smaller than the body it replaces";
  if (NeedThunks &&
      (!Why.empty() || !canThunk(*Kept, Why) || !canThunk(*Dup, Why))) {
    recordMissed(Dup, Kept, Why);
    return false;
  }
  std::optional<AttributeList> Joint =
      jointAttributes(Kept->getAttributes(), *Dup);
  if (!Joint) {
    recordMissed(Dup, Kept,
                 "attributes: the two functions' attributes cannot be "
                 "intersected");
    return false;
  }
  removeFromTree(Kept);
  Function *Body =
      Function::Create(Kept->getFunctionType(), GlobalValue::PrivateLinkage,
                       Kept->getAddressSpace(), Kept->getName() + ".coalesced",
                       &M);
  Erased.erase(Body);
  Body->copyAttributesFrom(Kept);
  Body->setAttributes(*Joint);
  Body->setLinkage(GlobalValue::PrivateLinkage);
  Body->setVisibility(GlobalValue::DefaultVisibility);
  Body->setDLLStorageClass(GlobalValue::DefaultStorageClass);
  Body->setComdat(nullptr);
  Body->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  if (Dup->getAlign().valueOrOne() > Body->getAlign().valueOrOne())
    Body->setAlignment(Dup->getAlign());
  moveBody(*Kept, *Body);
  generalizeAssumptions(*Body, *Dup);
  // Kept is now a declaration-shaped shell; give it a forwarding body.
  uint64_t Bytes = estimate(*Body, *Body);
  std::string KeptName = Kept->getName().str(), DupName = Dup->getName().str();
  for (Function *F : {Kept, Dup}) {
    if (!NeedThunks) {
      makeAlias(F, Body);
    } else {
      makeThunk(F, Body);
    }
  }
  MergeKind Kind = NeedThunks ? MergeKind::Thunk : MergeKind::Alias;
  uint64_t Cost = NeedThunks ? 2 * Size.thunkBytes(*Dup) : 0;
  recordMerge(Body, KeptName, Kind, 0, 0);
  recordMerge(Body, DupName, Kind, Bytes > Cost ? Bytes - Cost : 0, 0);
  defer(Body);
  return true;
}

void Merger::makeAlias(Function *Dup, Function *Kept) {
  deferUsersOf(Dup);
  auto *GA = GlobalAlias::create(Dup->getValueType(), Dup->getAddressSpace(),
                                 Dup->getLinkage(), "", Kept, &M);
  GA->takeName(Dup);
  GA->setVisibility(Dup->getVisibility());
  GA->setDLLStorageClass(Dup->getDLLStorageClass());
  GA->setUnnamedAddr(Dup->getUnnamedAddr());
  GA->setDSOLocal(Dup->isDSOLocal());
  if (Dup->getAlign().valueOrOne() > Kept->getAlign().valueOrOne())
    Kept->setAlignment(Dup->getAlign());
  inheritTypeIds(*Kept, *Dup);
  // Calls through the alias reach Kept's body; a later pass that resolves
  // the alias must find them valid.
  locateCallsOf(*Dup);
  Dup->replaceAllUsesWith(GA);
  erase(Dup);
}

// In an ELF shared object, a default-visibility definition that is not
// dso_local may be preempted at run time by another module's definition of
// the same name. Kept's callers accept that; Dup's callers never called
// Kept, so they must reach this very body whatever happens to Kept's name.
// ODR definitions are exempt: any definition that preempts them is equal.
bool Merger::isPreemptible(const Function &F) const {
  return IsELF && MaybeSharedObject && !F.isDSOLocal() &&
         !F.hasLocalLinkage() &&
         !F.hasLinkOnceODRLinkage() && !F.hasWeakODRLinkage();
}

// The name under which Dup's callers and thunk reach Kept's body.
Constant *Merger::localName(Function *Kept) {
  if (!isPreemptible(*Kept))
    return Kept;
  GlobalAlias *&Local = LocalNames[Kept];
  if (!Local)
    Local = GlobalAlias::create(Kept->getValueType(), Kept->getAddressSpace(),
                                GlobalValue::PrivateLinkage,
                                Kept->getName() + ".local", Kept, &M);
  return Local;
}

// Replaces Dup's body with `tail call Kept(args)`.
void Merger::makeThunk(Function *Dup, Function *Kept) {
  removeFromTree(Dup);
  Forwarders.insert(Dup);
  buildForwardingBody(*Dup, *Kept, localName(Kept));
}

unsigned Merger::rewriteDirectCalls(Function *Dup, Function *Kept) {
  SmallVector<Use *, 16> Calls;
  for (Use &U : Dup->uses())
    if (auto *CB = dyn_cast<CallBase>(U.getUser()))
      if (CB->isCallee(&U) && CB->getFunction() != Dup &&
          CB->getFunctionType() == Kept->getFunctionType() &&
          CB->getCallingConv() == Kept->getCallingConv() &&
          canReference(*CB->getFunction(), *Kept))
        Calls.push_back(&U);
  for (Use *U : Calls) {
    Function *Caller = cast<Instruction>(U->getUser())->getFunction();
    removeFromTree(Caller);
    if (!ineligible(*Caller))
      defer(Caller);
    locateCall(*cast<CallBase>(U->getUser()));
    U->set(localName(Kept));
  }
  return Calls.size();
}

} // namespace

bool mergeIdenticalFunctions(Module &M, const MergeOptions &Options,
                             Report &Rep, const SizeModel &Size) {
  TimeTraceScope Scope("coalesce: merge identical");
  return Merger(M, Options, Rep, Size).run();
}

} // namespace coalesce
