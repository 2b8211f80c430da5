//===- core/merging/ConstantMerger.cpp - Merge functions up to constants --===//
//
// The problem
// -----------
// Template instances and copied code are often the same function but for a
// few constants: an element size, a field offset, a message, the global
// they update, the callback they hand on, the function they call (Lua's
// math_sin and math_cos differ only there). The identical merger cannot touch
// them. One body can still serve them all if the constants that differ
// become arguments: each former function then costs only the code that
// passes its constants, at its call sites or in a thunk.
//
// An example
// ----------
//     define internal i64 @bytes_a(ptr %v) {       ; 24-byte elements
//       %n = load i64, ptr %v
//       %b = mul i64 %n, 24
//       ret i64 %b
//     }
//     define internal i64 @bytes_b(ptr %v) { ... mul i64 %n, 40 ... }
// become one function with one more argument,
//     define internal i64 @bytes_a.coalesced(ptr %v, i64 %0) {
//       ... %b = mul i64 %n, %0 ...
//     }
// every call `@bytes_a(ptr %p)` becomes `@bytes_a.coalesced(ptr %p, i64 24)`
// and every call of @bytes_b passes 40; both originals are gone. A function
// whose address is significant, or whose symbol must stay, keeps its name
// as a thunk: `tail call @bytes_a.coalesced(ptr %v, i64 40)`.
//
// The algorithm
// -------------
//  1. Hash every eligible definition with its constants left out
//     (StructuralHash), which is consistent with FunctionOrder under
//     ConstantsAsParameters: functions equal up to those constants hash
//     alike.
//  2. Sort each bucket of two or more functions by that coarser order;
//     runs of equal functions are the classes. Classes are planned one at
//     a time, in the module order of their first member (the reference).
//  3. Walk each member against the reference as the order pairs them
//     (forEachInstructionPair). Every operand position that an argument
//     could take (isParameterizableOperand) is a site; a site where the
//     members' constants are not all the same becomes a parameter, and
//     sites whose constants agree member for member share one. A direct
//     callee is a site too, where calling through a register changes
//     nothing else (not setjmp, not a library call the code generator
//     expands in place, not under retpolines): the call becomes indirect,
//     as many instructions, but a branch the processor must predict, so
//     a class whose callees differ in a hot loop of any member stays
//     apart.
//  4. Price the plan in bytes of the target's code (the size model,
//     core/size). Every member gives up its body and the shared body comes
//     in, priced with each site an argument (a register where an immediate
//     was, kept in a saved register when a call comes before its use).
//     Each member pays for passing its constants: at every call when all
//     its uses are direct calls that can be rewritten (and it disappears),
//     else once in a thunk that keeps its name. Members that would pay as
//     much as their body saves leave the class, and the plan is made again
//     without them. So do members whose calls the program's run-time
//     budget cannot afford: each call passes the constants (and through a
//     thunk jumps once more), as often as the member is called per run of
//     the program (core/hotness). A member's body runs as it did: an
//     argument where an immediate was costs no instruction, so hot code
//     is no reason of its own to stay apart. The class is merged when the plan saves more than a
//     margin with at most MaxParameters parameters.
//  5. Build the shared function: the reference's body moves into a new
//     internal function with one more argument per parameter, and each
//     site uses its argument in place of the constant. It keeps only the
//     assumptions (attributes, instruction metadata) that hold for every
//     member, as in the identical merger.
//  6. Forward every member: rewrite its calls to pass its constants and
//     delete it, or turn it into a thunk that passes them.
// The pipeline then runs the identical merger again: callers that differed
// only in which member they called may now be the same.
//
// Never merged here: what the identical merger never merges, interposable
// and varargs functions, forwarding thunks, and functions that refer to
// themselves (the self-reference would have to mean each member in turn).
//
// Cost
// ----
// Hashing is linear in the module; sorting a bucket of k functions costs
// O(k log k) comparisons; planning walks each member once per pass, and
// each pass either keeps every member or drops some; forwarding visits each
// use once. No pairwise loop
// over the module.
//
//===----------------------------------------------------------------------===//

#include "core/merging/ConstantMerger.h"

#include "core/comparison/FunctionOrder.h"
#include "core/comparison/StructuralHash.h"
#include "core/merging/MergeSupport.h"
#include "core/size/SizeFeatures.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/TimeProfiler.h"

#include <algorithm>
#include <map>

#define DEBUG_TYPE "coalesce-merge-constants"

using namespace llvm;

ALWAYS_ENABLED_STATISTIC(NumMerged, "Functions merged up to constants");
ALWAYS_ENABLED_STATISTIC(NumShared, "Shared bodies made for functions differing in constants");
ALWAYS_ENABLED_STATISTIC(NumParameters, "Constants turned into parameters");
ALWAYS_ENABLED_STATISTIC(NumCallsRewritten, "Calls rewritten to pass constants");

namespace coalesce {
namespace {

constexpr const char *PassName = "coalesce-merge-constants";

/// Whether C is, or is made of, one of Of.
bool namesAnyOf(const Constant *C, const SmallPtrSetImpl<const Constant *> &Of) {
  if (Of.contains(C))
    return true;
  if (isa<GlobalValue>(C))
    return false;
  return any_of(C->operands(), [&](const Use &Op) {
    return namesAnyOf(cast<Constant>(Op.get()), Of);
  });
}

/// One class of functions equal up to constants, and what merging it costs.
struct Plan {
  /// The reference first; the others in module order.
  std::vector<Function *> Members;
  /// A site: operand Operand of instruction Inst in the reference.
  struct Site {
    Instruction *Inst;
    unsigned Operand;
    unsigned Parameter;
  };
  std::vector<Site> Sites;
  /// Arguments[P][M]: member M's constant for parameter P.
  std::vector<std::vector<Constant *>> Arguments;
  /// The shared body: the reference's with every site an argument.
  uint64_t SharedBytes = 0;
  /// Per member: its body, and what passing its constants costs, at every
  /// call if its calls can be rewritten, else in a thunk.
  std::vector<uint64_t> BodyBytes, ForwardBytes;
  /// Per member: the instructions its calls gain per run of the program.
  std::vector<double> RunTime;
  int64_t Saved = 0;
  /// The shared body's attributes: the assumptions every member makes.
  AttributeList Joint;

  std::vector<Constant *> argumentsOf(size_t Member) const {
    std::vector<Constant *> Out;
    for (const auto &PerMember : Arguments)
      Out.push_back(PerMember[Member]);
    return Out;
  }
};

class ConstantMerger {
public:
  ConstantMerger(Module &M, const ConstantMergeOptions &Options, Report &Rep,
                 const SizeModel &Size, const ProgramHotness &Hot,
                 RunTimeBudget &Budget, const Report *Earlier)
      : M(M), Options(Options), Rep(Rep), Size(Size), Hot(Hot), Budget(Budget),
        Ctx(M, /*Policy=*/nullptr, /*ConstantsAsParameters=*/true),
        Exact(M) {
    if (Earlier)
      for (const MissedRecord &R : Earlier->Missed)
        Remarked.insert(missedKey(R.Function, R.Other, R.Reason));
  }

  bool run();

private:
  std::vector<std::vector<Function *>> classes();
  bool plan(Plan &P, std::string &Why);
  bool findParameters(Plan &P, std::string &Why);
  void price(Plan &P);
  /// The members P may keep by their run time, or P's members if all.
  std::vector<Function *> affordable(const Plan &P, std::string &Why) const;
  void merge(Plan &P);
  void recordMissed(const Plan &P, const std::string &Why);

  Module &M;
  const ConstantMergeOptions &Options;
  Report &Rep;
  const SizeModel &Size;
  const ProgramHotness &Hot;
  RunTimeBudget &Budget;
  /// The coarse order that makes the classes, and the default one that
  /// says when two constants are the same.
  OrderContext Ctx, Exact;
  /// Callers' features, counted once (what an added argument costs there
  /// depends on them).
  CallerFeatures Callers;
  /// The misses an earlier round remarked on (each is remarked once).
  StringSet<> Remarked;
  bool Changed = false;
};

bool ConstantMerger::run() {
  for (std::vector<Function *> &Class : classes()) {
    Plan P;
    P.Members = Class;
    std::string Why;
    if (plan(P, Why)) {
      merge(P);
      continue;
    }
    // Reported by the class as found, even when planning left fewer than
    // two members.
    if (P.Members.size() < 2)
      P.Members = std::move(Class);
    recordMissed(P, Why);
  }
  return Changed;
}

// Steps 1 and 2: classes of functions equal up to constants.
std::vector<std::vector<Function *>> ConstantMerger::classes() {
  DenseMap<uint64_t, std::vector<Function *>> Buckets;
  std::vector<uint64_t> Order; // Hashes in the order first met.
  HashOptions WithoutConstants;
  WithoutConstants.IncludeConstants = false;
  for (Function &F : M) {
    if (ineligibility(F) || F.isInterposable() || F.isVarArg() ||
        isForwardingThunk(F) || refersToItself(F))
      continue;
    uint64_t H = hashFunction(F, WithoutConstants);
    auto &Bucket = Buckets[H];
    if (Bucket.empty())
      Order.push_back(H);
    Bucket.push_back(&F);
  }
  std::vector<std::vector<Function *>> Classes;
  for (uint64_t H : Order) {
    std::vector<Function *> &Bucket = Buckets[H];
    if (Bucket.size() < 2)
      continue;
    std::stable_sort(Bucket.begin(), Bucket.end(),
                     [&](Function *L, Function *R) {
                       return FunctionOrder(L, R, Ctx).compare() < 0;
                     });
    size_t Begin = 0;
    for (size_t I = 1; I <= Bucket.size(); ++I) {
      if (I != Bucket.size() &&
          FunctionOrder(Bucket[Begin], Bucket[I], Ctx).compare() == 0)
        continue;
      if (I - Begin >= 2)
        Classes.emplace_back(Bucket.begin() + Begin, Bucket.begin() + I);
      Begin = I;
    }
  }
  // Module order within and across classes, so the reference is the first
  // member in the module and results do not depend on the sort.
  DenseMap<const Function *, unsigned> Position;
  for (Function &F : M)
    Position[&F] = Position.size();
  for (auto &C : Classes)
    llvm::sort(C, [&](Function *L, Function *R) {
      return Position[L] < Position[R];
    });
  llvm::sort(Classes, [&](const auto &L, const auto &R) {
    return Position[L.front()] < Position[R.front()];
  });
  return Classes;
}

// Step 3: the sites whose constants differ, and the parameters they share.
bool ConstantMerger::findParameters(Plan &P, std::string &Why) {
  struct SiteValues {
    Instruction *Inst;
    unsigned Operand;
    std::vector<Constant *> Values;
    /// The site is a call's callee: if the members' differ, the call
    /// becomes indirect.
    bool IsCallee = false;
    /// A callee site that runs in a hot loop in some member: in hot code,
    /// more often than the member is called.
    bool InHotLoop = false;
  };
  std::vector<SiteValues> Sites;
  Function &Ref = *P.Members.front();
  for (Function *F : P.Members) {
    // Merging an earlier class rewrote calls in this one's bodies, the same
    // way in every member; make sure they are still equal up to constants.
    if (F != &Ref && FunctionOrder(&Ref, F, Ctx).compare() != 0) {
      Why = "the bodies differ in more than constants";
      return false;
    }
    size_t K = 0;
    bool Consistent = true;
    forEachInstructionPair(Ref, *F, [&](Instruction &I, Instruction &J) {
      for (unsigned Op = 0, E = I.getNumOperands(); Op != E; ++Op) {
        if (!isParameterizableOperand(I, Op))
          continue;
        auto *C = dyn_cast<Constant>(J.getOperand(Op));
        if (F == &Ref) {
          auto *CB = dyn_cast<CallBase>(&I);
          bool IsCallee = CB && CB->isCallee(&I.getOperandUse(Op));
          Sites.push_back({&I, Op, {}, IsCallee});
        }
        if (!C || K >= Sites.size()) {
          Consistent = false;
          continue;
        }
        if (Sites[K].IsCallee)
          Sites[K].InHotLoop |= Hot.isHot(*J.getParent()) &&
                                Hot.count(*J.getParent()) >
                                    Hot.entryCount(*F);
        Sites[K++].Values.push_back(C);
      }
    });
    if (!Consistent || K != Sites.size()) {
      Why = "the bodies differ in more than constants";
      return false;
    }
  }
  // A site where every member's constant equals the reference's (up to
  // the coercions the order allows, such as ptr null and i64 0) keeps the
  // reference's constant. Sites whose constants agree member for member
  // share a parameter, of the reference's type: a member whose constant
  // there has another type (an integer where the reference has a pointer)
  // would need a conversion at every call, and the class is left alone.
  std::map<std::vector<Constant *>, unsigned> ParameterOf;
  P.Sites.clear();
  P.Arguments.clear();
  SmallPtrSet<const Constant *, 8> Members(P.Members.begin(), P.Members.end());
  for (SiteValues &S : Sites) {
    // A member that names a member (ping calls pong, both in the class)
    // would be passed to the shared body after it is gone.
    if (any_of(S.Values,
               [&](Constant *C) { return namesAnyOf(C, Members); })) {
      Why = "a member names a member of its class (they call each other)";
      return false;
    }
    Constant *First = S.Values.front();
    bool Agree = true;
    for (size_t I = 1; I != S.Values.size() && Agree; ++I)
      Agree = FunctionOrder(&Ref, P.Members[I], Exact)
                  .cmpConstants(First, S.Values[I]) == 0;
    if (Agree)
      continue;
    // A callee that differs makes the call indirect: as many instructions,
    // but one more target for the branch predictor to learn. In a hot loop
    // that is a cost no budget counts, so such code stays; elsewhere the
    // call costs what passing its callee costs, which the budget counts
    // with the other constants.
    if (S.InHotLoop) {
      Why = "the bodies call different functions in a hot loop: the call "
            "would become indirect there";
      return false;
    }
    if (any_of(S.Values, [&](Constant *C) {
          return C->getType() != First->getType();
        })) {
      Why = "constants of different types (a pointer and an integer) at one "
            "place would need converting at every call";
      return false;
    }
    auto [It, New] = ParameterOf.try_emplace(S.Values, P.Arguments.size());
    if (New)
      P.Arguments.push_back(S.Values);
    P.Sites.push_back({S.Inst, S.Operand, It->second});
  }
  return true;
}

// Step 4: what the plan saves, in bytes by the size model: every member's
// body goes, the shared body comes (an argument where an immediate was,
// kept in a saved register if a call comes before its use), and every
// member pays for its constants at each of its calls (more in a caller
// that already spills), or in its thunk.
void ConstantMerger::price(Plan &P) {
  Function &Ref = *P.Members.front();
  DenseMap<const Use *, int> ParameterOfUse;
  for (const Plan::Site &S : P.Sites)
    ParameterOfUse[&S.Inst->getOperandUse(S.Operand)] = int(S.Parameter);
  // Bodies, the members' and the shared one, in what removing them saves
  // (less than their bytes where the machine outliner runs by default).
  P.SharedBytes = Size.removedBytes(Ref, [&](const Use &U) {
    auto It = ParameterOfUse.find(&U);
    return It == ParameterOfUse.end() ? -1 : It->second;
  });
  P.BodyBytes.clear();
  P.ForwardBytes.clear();
  P.RunTime.clear();
  int64_t Saved = -int64_t(P.SharedBytes);
  for (size_t I = 0, E = P.Members.size(); I != E; ++I) {
    Function &F = *P.Members[I];
    std::vector<Constant *> Constants = P.argumentsOf(I);
    std::vector<const Value *> Args(Constants.begin(), Constants.end());
    uint64_t Forward;
    // Per call: a move of each constant, and through a thunk its jump.
    double PerCall = double(Args.size());
    if (auto Calls = callsIfRemovable(F, Ref.getFunctionType())) {
      Forward = 0;
      for (CallBase *Call : *Calls) {
        const FeatureCounts &Caller = Callers.of(*Call->getFunction());
        for (unsigned K = 0, E = Args.size(); K != E; ++K)
          Forward += Size.addedArgumentBytes(*Args[K], F.arg_size() + K,
                                             Caller);
      }
    } else {
      Forward = Size.thunkBytes(F, Args);
      PerCall += 1;
    }
    P.RunTime.push_back(PerCall * Hot.entryCount(F));
    P.BodyBytes.push_back(Size.removedBytes(F));
    P.ForwardBytes.push_back(Forward);
    Saved += int64_t(P.BodyBytes.back()) - int64_t(Forward);
  }
  P.Saved = Saved;
}

std::vector<Function *> ConstantMerger::affordable(const Plan &P,
                                                   std::string &Why) const {
  std::vector<Function *> Kept;
  unsigned OverBudget = 0;
  double Added = 0;
  for (size_t I = 0; I != P.Members.size(); ++I) {
    if (!Budget.affords(Added + P.RunTime[I])) {
      ++OverBudget;
      continue;
    }
    Added += P.RunTime[I];
    Kept.push_back(P.Members[I]);
  }
  if (OverBudget)
    Why = "passing the constants would slow the calls: " +
          std::to_string(OverBudget) + " of them over the run-time budget";
  return Kept;
}

bool ConstantMerger::plan(Plan &P, std::string &Why) {
  while (P.Members.size() >= 2) {
    if (!findParameters(P, Why))
      return false;
    if (P.Arguments.empty()) {
      Why = "no constant differs: the identical merger left them apart";
      return false;
    }
    if (P.Arguments.size() > Options.MaxParameters) {
      Why = std::to_string(P.Arguments.size()) +
            " constants differ; at most " +
            std::to_string(Options.MaxParameters) + " become parameters";
      return false;
    }
    price(P);
    // Members for which passing the constants costs at least the body
    // leave; the others are planned again without them (fewer members
    // never need more parameters, so the rest only get cheaper).
    std::vector<Function *> Paying;
    for (size_t I = 0; I != P.Members.size(); ++I)
      if (P.ForwardBytes[I] < P.BodyBytes[I])
        Paying.push_back(P.Members[I]);
    if (Paying.size() == P.Members.size()) {
      // Then members whose calls the run-time budget cannot afford leave
      // the same way.
      std::string Slow;
      std::vector<Function *> Affordable = affordable(P, Slow);
      if (Affordable.size() == P.Members.size())
        break;
      Why = Slow;
      Paying = std::move(Affordable);
    }
    P.Members = std::move(Paying);
  }
  if (P.Members.size() < 2) {
    if (Why.empty())
      Why = "passing the constants would cost as much as the bodies save";
    return false;
  }
  if (P.Saved < int64_t(Options.MinBytesSaved)) {
    Why = "would save " + std::to_string(P.Saved) +
          " bytes (" + Size.basis() + "), less than the margin of " +
          std::to_string(Options.MinBytesSaved);
    return false;
  }
  // Every member's assumptions must be intersectable with the others'.
  P.Joint = P.Members.front()->getAttributes();
  for (size_t I = 1; I != P.Members.size(); ++I) {
    std::optional<AttributeList> Next = jointAttributes(P.Joint, *P.Members[I]);
    if (!Next) {
      Why = "attributes: the functions' attributes cannot be intersected";
      return false;
    }
    P.Joint = *Next;
  }
  return true;
}

// Steps 5 and 6.
void ConstantMerger::merge(Plan &P) {
  // Step 4's word: two or more members, some constants but not too many
  // as parameters, one constant per member for each, more than the margin
  // saved.
  assert(P.Members.size() >= 2 && "a class of one merged");
  assert(!P.Arguments.empty() && P.Arguments.size() <= Options.MaxParameters &&
         "a class merged with no parameter or too many");
  assert(llvm::all_of(P.Arguments,
                      [&](const auto &PerMember) {
                        return PerMember.size() == P.Members.size();
                      }) &&
         "a parameter without a constant for every member");
  assert(P.Saved >= int64_t(Options.MinBytesSaved) &&
         "a class merged that saves less than the margin");
  Function &Ref = *P.Members.front();
  for (size_t I = 1; I != P.Members.size(); ++I)
    generalizeAssumptions(Ref, *P.Members[I]);

  // 5. The shared function: the reference's parameters, then one per
  // differing constant.
  FunctionType *RefType = Ref.getFunctionType(); // Ref may go below.
  SmallVector<Type *, 8> Params(RefType->params());
  for (const auto &PerMember : P.Arguments)
    Params.push_back(PerMember.front()->getType());
  auto *Ty = FunctionType::get(Ref.getReturnType(), Params, false);
  Function *Shared =
      Function::Create(Ty, GlobalValue::InternalLinkage, Ref.getAddressSpace(),
                       Ref.getName() + ".coalesced", &M);
  Shared->copyAttributesFrom(&Ref);
  Shared->setAttributes(hasPointer(P.argumentsOf(0))
                            ? withArgumentMemory(M.getContext(), P.Joint)
                            : P.Joint);
  Shared->setLinkage(GlobalValue::InternalLinkage);
  Shared->setVisibility(GlobalValue::DefaultVisibility);
  Shared->setDLLStorageClass(GlobalValue::DefaultStorageClass);
  Shared->setComdat(nullptr);
  Shared->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  for (Function *F : P.Members)
    if (F->getAlign().valueOrOne() > Shared->getAlign().valueOrOne())
      Shared->setAlignment(F->getAlign());
  moveBody(Ref, *Shared);
  unsigned First = Ref.arg_size();
  for (const Plan::Site &S : P.Sites)
    S.Inst->setOperand(S.Operand, Shared->getArg(First + S.Parameter));

  // 6. Forward every member. Bodies go first, so no member's calls are
  // rewritten inside a body about to disappear.
  for (size_t I = 1; I != P.Members.size(); ++I)
    for (BasicBlock &BB : *P.Members[I])
      BB.dropAllReferences();
  // What the reference's forwarding and the shared body's growth over the
  // reference's cost, shared among the other members' records so that the
  // records add up to Saved.
  int64_t Share = (int64_t(P.ForwardBytes.front()) + int64_t(P.SharedBytes) -
                   int64_t(P.BodyBytes.front())) /
                  int64_t(P.Members.size() - 1);
  ++NumShared;
  NumParameters += P.Arguments.size();
  for (double T : P.RunTime)
    Budget.spend(T);
  for (size_t I = 0, E = P.Members.size(); I != E; ++I) {
    Function *F = P.Members[I];
    std::vector<Constant *> Args = P.argumentsOf(I);
    std::string Name = F->getName().str();
    unsigned Calls = 0;
    MergeKind Kind = MergeKind::Thunk;
    if (auto CallSites = callsIfRemovable(*F, RefType)) {
      while (!F->empty())
        F->begin()->eraseFromParent();
      for (CallBase *CB : *CallSites) {
        rewriteCall(*CB, *Shared, Args);
        ++Calls;
      }
      Ctx.forgetGlobal(F);
      Exact.forgetGlobal(F);
      Callers.forget(*F);
      F->eraseFromParent();
      Kind = MergeKind::Replaced;
    } else {
      buildForwardingBody(*F, *Shared, Shared, Args);
    }
    NumCallsRewritten += Calls;
    ++NumMerged;
    int64_t Gain =
        int64_t(P.BodyBytes[I]) - int64_t(P.ForwardBytes[I]) - Share;
    MergeRecord R{Shared->getName().str(), Name, Kind, Calls,
                  I ? uint64_t(std::max<int64_t>(Gain, 0)) : 0};
    R.ConstantParameters = unsigned(P.Arguments.size());
    Rep.Merges.push_back(R);
    OptimizationRemarkEmitter ORE(Shared, /*BFI=*/nullptr);
    ORE.emit([&] {
      return OptimizationRemark(PassName, "Merged", Shared)
             << "merged " << ore::NV("Merged", Name) << " into "
             << ore::NV("Kept", Shared->getName()) << " as "
             << ore::NV("Kind", mergeKindName(Kind)) << " with "
             << ore::NV("Parameters", unsigned(P.Arguments.size()))
             << " constants as parameters";
    });
  }
  Changed = true;
}

void ConstantMerger::recordMissed(const Plan &P, const std::string &Why) {
  if (P.Members.size() < 2)
    return;
  Function *F = P.Members.front();
  Rep.Missed.push_back(MissedRecord{F->getName().str(),
                                    P.Members[1]->getName().str(),
                                    "up to constants: " + Why});
  const MissedRecord &R = Rep.Missed.back();
  if (!Remarked.insert(missedKey(R.Function, R.Other, R.Reason)).second)
    return;
  OptimizationRemarkEmitter ORE(F, /*BFI=*/nullptr);
  ORE.emit([&] {
    return OptimizationRemarkMissed(PassName, "NotMerged", F)
           << "not merged " << ore::NV("Function", F->getName())
           << " with " << ore::NV("Other", P.Members[1]->getName())
           << ", equal up to constants: " << ore::NV("Reason", Why);
  });
}

} // namespace

bool mergeFunctionsUpToConstants(Module &M, const ConstantMergeOptions &Options,
                                 Report &Rep, const SizeModel &Size,
                                 const ProgramHotness &Hot,
                                 RunTimeBudget &Budget,
                                 const Report *Earlier) {
  TimeTraceScope Scope("coalesce: merge up to constants");
  return ConstantMerger(M, Options, Rep, Size, Hot, Budget, Earlier).run();
}

} // namespace coalesce
