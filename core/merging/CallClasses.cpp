//===- core/merging/CallClasses.cpp - Functions that behave alike ---------===//
//
// The problem
// -----------
// Identical merging compares two functions instruction by instruction and a
// called function by its name. That proves two functions equal when their
// callees are the same functions, and, repeated, when their callees were
// merged first. It never proves equal two functions whose calls lead back
// to themselves: `ping` calls `pong`, `pong` calls `ping`, and `ping2` and
// `pong2` are the same pair under other names. `ping` equals `ping2` only
// if `pong` equals `pong2`, which holds only if `ping` equals `ping2`.
// Asking the question pair by pair never ends; merging first is
// impossible, since neither pair can go first. Template code whose
// instances call each other, recursive descent parsers copied per type and
// state machines are full of such cycles, of any length.
//
// An example
// ----------
//     define internal i32 @ping(i32 %n)  { ... call i32 @pong(i32 %m) ... }
//     define internal i32 @pong(i32 %n)  { ... call i32 @ping(i32 %m) ... }
//     define internal i32 @ping2(i32 %n) { ... call i32 @pong2(i32 %m) ... }
//     define internal i32 @pong2(i32 %n) { ... call i32 @ping2(i32 %m) ... }
// Assume first that functions with the same structural hash (which never
// looks at callees) are all alike: {ping, ping2} is class 0, {pong, pong2}
// class 1. Compare again with each call's callee read as its class:
// @ping calls class 1 and so does @ping2; @pong and @pong2 both call class
// 0. Nothing splits, so the assumption holds: ping is ping2 and pong is
// pong2. Had @pong2 added 2 where @pong adds 1, round one would split
// class 1, which would mark class 0 (its members call class 1) for round
// two, where @ping and @ping2 now call different classes and split too.
//
// The algorithm
// -------------
// Optimistic partition refinement, as lld's ICF does for sections:
//  1. The domain is the definitions whose hash another shares (a function
//     with a unique hash has no equal) and that neither the linker nor
//     the dynamic linker can replace by another definition (a call of an
//     interposable or preemptible function is not known to run this
//     body). Functions with the same hash start in one class.
//  2. A round sorts each marked class by FunctionOrder, where two
//     functions called directly compare by class number and everything
//     else as always, and splits it into runs of equal functions. Numbers
//     for the new classes are handed out after the round, so every
//     comparison of a round sees one numbering: the order stays total.
//  3. A class that split marks the classes of its members' callers: only
//     their comparisons can change. Every class is marked for round one.
//  4. Repeat until a round splits nothing. Classes only ever split, so
//     this ends; what is left is the coarsest partition in which every
//     call between members agrees class for class.
//
// Why that is sound: two functions of one class run the same instructions
// on the same values, step for step, and where one calls a function of the
// domain the other calls one of the same class, which does the same in
// turn. Only calls compare by class. A function's address used as a value
// (stored, compared, passed) compares by identity: merging may have to
// keep two addresses distinct, and then they are not the same value.
//
// The merger (IdenticalMerger.cpp) first merges with identity, then
// refines what is left and merges again under this policy. The classes
// stay true while it works: every merge keeps what each function does (a
// thunk, an alias or a replacement behaves as the body it names), so a
// class does not need computing again; a function erased leaves it.
//
// Cost
// ----
// A round costs O(k log k) comparisons for each marked class of k
// functions, each comparison stopping at the first difference. The number
// of rounds is bounded by the longest chain of calls along which a
// difference travels; in practice two or three. Classes that nothing
// marks are never compared again.
//
//===----------------------------------------------------------------------===//

#include "core/merging/CallClasses.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"

#include <algorithm>
#include <vector>

using namespace llvm;

namespace coalesce {

unsigned CallClasses::refine(ArrayRef<std::pair<Function *, uint64_t>> Domain,
                             OrderContext &Ctx) {
  // 1. One class per hash, members in the order they came (module order).
  std::vector<std::vector<Function *>> Members;
  {
    DenseMap<uint64_t, unsigned> ClassOfHash;
    for (auto &[F, Hash] : Domain) {
      auto [It, New] = ClassOfHash.try_emplace(Hash, Members.size());
      if (New)
        Members.emplace_back();
      Members[It->second].push_back(F);
      ClassOf[F] = It->second;
    }
  }
  std::vector<unsigned> Marked;
  for (unsigned C = 0; C != Members.size(); ++C)
    if (Members[C].size() > 1)
      Marked.push_back(C);

  auto Less = [&](Function *L, Function *R) {
    return FunctionOrder(L, R, Ctx).compare() < 0;
  };
  unsigned Rounds = 0;
  while (!Marked.empty()) {
    ++Rounds;
    // 2. Sort and split every marked class under one numbering.
    std::vector<std::pair<unsigned, std::vector<std::vector<Function *>>>>
        Splits;
    for (unsigned C : Marked) {
      std::vector<Function *> &Class = Members[C];
      std::stable_sort(Class.begin(), Class.end(), Less);
      std::vector<std::vector<Function *>> Runs(1);
      for (size_t I = 0; I != Class.size(); ++I) {
        if (I && Less(Class[I - 1], Class[I]))
          Runs.emplace_back();
        Runs.back().push_back(Class[I]);
      }
      if (Runs.size() > 1)
        Splits.emplace_back(C, std::move(Runs));
    }
    // 3. Number the new classes; mark the classes of the callers.
    std::vector<unsigned> Pieces;
    for (auto &[C, Runs] : Splits)
      for (size_t R = 0; R != Runs.size(); ++R) {
        unsigned Id = R ? unsigned(Members.size()) : C;
        if (R)
          Members.emplace_back();
        for (Function *F : Runs[R])
          ClassOf[F] = Id;
        Members[Id] = std::move(Runs[R]);
        Pieces.push_back(Id);
      }
    DenseSet<unsigned> NextMarked;
    for (unsigned Id : Pieces)
      for (const Function *F : Members[Id])
        for (const Use &U : F->uses()) {
          auto *Call = dyn_cast<CallBase>(U.getUser());
          if (!Call || !Call->isCallee(&U))
            continue;
          auto It = ClassOf.find(Call->getFunction());
          if (It != ClassOf.end())
            NextMarked.insert(It->second);
        }
    Marked.clear();
    for (unsigned C : NextMarked)
      if (Members[C].size() > 1)
        Marked.push_back(C);
    std::sort(Marked.begin(), Marked.end());
  }
  Shared = 0;
  for (const std::vector<Function *> &Class : Members)
    Shared += Class.size() > 1;
  return Rounds;
}

int CallClasses::compareCallees(const Function *L, const Function *R,
                                OrderContext &Ctx) const {
  auto CL = ClassOf.find(L), CR = ClassOf.find(R);
  bool InL = CL != ClassOf.end(), InR = CR != ClassOf.end();
  if (InL != InR)
    return InL ? -1 : 1;
  if (InL)
    return cmpNumbers(CL->second, CR->second);
  return compareGlobals(L, R, Ctx);
}

bool CallClasses::sameClass(const Function *L, const Function *R) const {
  if (L == R)
    return true;
  auto CL = ClassOf.find(L), CR = ClassOf.find(R);
  return CL != ClassOf.end() && CR != ClassOf.end() && CL->second == CR->second;
}

} // namespace coalesce
