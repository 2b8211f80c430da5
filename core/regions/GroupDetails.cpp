//===- core/regions/GroupDetails.cpp - What outlining a group would need --===//
//
// The estimate, in x86-64-like bytes, target independent:
//  - an instruction costs 4 bytes; a call 5; an unconditional branch 2; a
//    phi, a bitcast, a freeze and a GEP whose indices are all zero cost
//    nothing (they become moves or vanish);
//  - replacing one region costs a call (5), 4 bytes per parameter (an
//    argument register set up), 8 per output (its address passed and the
//    value reloaded) and 4 more when the region leaves to more than one
//    outside block (a returned selector is tested);
//  - the outlined function costs one region, 4 per output (the store), a
//    return (1), the same 4 for several exits, and 8 bytes of alignment
//    padding;
//  - saving = N * region - N * call - function, over the N regions that do
//    not overlap an earlier one of the group.
// A parameter is an input that differs between regions; a constant,
// global or function that is the same in every region stays inside the
// outlined body.
//
//===----------------------------------------------------------------------===//

#include "core/regions/GroupDetails.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"

using namespace llvm;

namespace coalesce {

const char *valueRoleName(ValueRole R) {
  switch (R) {
  case ValueRole::Internal:
    return "internal";
  case ValueRole::Output:
    return "output";
  case ValueRole::Input:
    return "input";
  case ValueRole::Shared:
    return "shared";
  case ValueRole::Exit:
    return "exit";
  case ValueRole::Incoming:
    return "incoming block";
  }
  return "?";
}

uint64_t estimateInstructionBytes(const Instruction &I) {
  if (isa<PHINode>(I) || isa<BitCastInst>(I) || isa<FreezeInst>(I))
    return 0;
  if (auto *G = dyn_cast<GetElementPtrInst>(&I))
    if (G->hasAllZeroIndices())
      return 0;
  if (auto *B = dyn_cast<BranchInst>(&I))
    return B->isUnconditional() ? 2 : 4;
  if (isa<CallInst>(I))
    return 5;
  return 4;
}

static bool usedOutside(const Instruction &I,
                        const DenseSet<const Instruction *> &Region) {
  for (const User *U : I.users()) {
    auto *UI = dyn_cast<Instruction>(U);
    if (!UI || !Region.contains(UI))
      return true;
  }
  return false;
}

bool describeGroup(const SimilarityAnalysis &S, const SimilarityGroup &G,
                   GroupDetails &Out) {
  Out = GroupDetails();
  if (G.Regions.empty())
    return false;
  const InstructionMapper &Mapper = S.mapper();
  unsigned NumCanonical = 0;
  std::vector<std::vector<Value *>> ByCanonical; // [canonical][region]
  std::vector<unsigned> Kept;                    // Non-overlapping regions.

  for (unsigned R = 0; R < G.Regions.size(); ++R) {
    const SimilarRegion &Reg = G.Regions[R];
    RegionValues RV;
    if (!S.regionValues(G, R, RV))
      return false;
    RegionDetails D;
    D.Values = RV.Values;
    D.Canonical = RV.Canonical;
    D.Blocks = unsigned(Mapper.blockNumber(Reg.Last->getParent()) -
                        Mapper.blockNumber(Reg.First->getParent()) + 1);
    for (unsigned K : Kept) {
      const SimilarRegion &O = G.Regions[K];
      if (Reg.Start < O.Start + O.Length && O.Start < Reg.Start + Reg.Length)
        D.Overlaps = true;
    }
    if (!D.Overlaps)
      Kept.push_back(R);
    if (R == 0) {
      NumCanonical = RV.Values.size();
      ByCanonical.assign(NumCanonical + 1,
                         std::vector<Value *>(G.Regions.size(), nullptr));
    }
    for (unsigned K = 0; K < RV.Values.size(); ++K)
      if (RV.Canonical[K] <= NumCanonical)
        ByCanonical[RV.Canonical[K]][R] = RV.Values[K];
    Out.Regions.push_back(std::move(D));
  }

  // Roles across the group.
  std::vector<DenseSet<const Instruction *>> Inside(G.Regions.size());
  for (unsigned R = 0; R < G.Regions.size(); ++R)
    for (Instruction *I : S.instructions(G.Regions[R]))
      Inside[R].insert(I);
  Out.Roles.assign(NumCanonical + 1, ValueRole::Internal);
  for (unsigned C = 1; C <= NumCanonical; ++C) {
    const std::vector<Value *> &Vs = ByCanonical[C];
    Value *V0 = Vs.front();
    ValueRole Role;
    auto *I0 = dyn_cast<Instruction>(V0);
    if (I0 && Inside[0].contains(I0)) {
      Role = ValueRole::Internal;
      for (unsigned R = 0; R < Vs.size(); ++R)
        if (auto *I = dyn_cast_or_null<Instruction>(Vs[R]))
          if (usedOutside(*I, Inside[R]))
            Role = ValueRole::Output;
    } else if (isa<BasicBlock>(V0)) {
      Role = ValueRole::Incoming;
      for (Instruction *I : S.instructions(G.Regions.front()))
        if (auto *Br = dyn_cast<BranchInst>(I))
          for (BasicBlock *Succ : Br->successors())
            if (Succ == V0)
              Role = ValueRole::Exit;
    } else if (isa<Constant>(V0) || isa<MetadataAsValue>(V0)) {
      Role = ValueRole::Shared;
      for (Value *V : Vs)
        if (V != V0)
          Role = ValueRole::Input;
    } else {
      Role = ValueRole::Input;
    }
    Out.Roles[C] = Role;
    Out.Parameters += Role == ValueRole::Input;
    Out.Outputs += Role == ValueRole::Output;
    Out.Exits += Role == ValueRole::Exit;
  }
  for (RegionDetails &D : Out.Regions)
    for (unsigned C : D.Canonical)
      D.Roles.push_back(C <= NumCanonical ? Out.Roles[C] : ValueRole::Input);

  for (Instruction *I : S.instructions(G.Regions.front()))
    Out.RegionBytes += estimateInstructionBytes(*I);
  uint64_t ExitTest = Out.Exits > 1 ? 4 : 0;
  Out.CallBytes = 5 + 4 * Out.Parameters + 8 * Out.Outputs + ExitTest;
  Out.FunctionBytes = Out.RegionBytes + 4 * Out.Outputs + 1 + ExitTest + 8;
  int64_t N = int64_t(Kept.size());
  Out.EstimatedSaving = N * int64_t(Out.RegionBytes) -
                        N * int64_t(Out.CallBytes) -
                        int64_t(Out.FunctionBytes);
  return true;
}

} // namespace coalesce
