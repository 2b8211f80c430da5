//===- core/merging/SimilarAlignment.cpp - Two bodies side by side --------===//
//
// See SimilarAlignment.h; the essay of similar-function merging, of which
// this is step 3, is in SimilarMerger.cpp.
//
// Blocks pair first, as HyFM does: the entries pair, then each block takes
// the most alike block of the other side whose terminator one terminator
// can stand for (the most instructions in common, counted by opcode and
// type), greedily, most alike first. Instructions then align only within
// paired blocks, by a longest common subsequence of instructions that one
// merged instruction can stand for: quadratic in the size of one block,
// never in the size of the function.
//
//===----------------------------------------------------------------------===//

#include "core/merging/SimilarAlignment.h"

#include "core/comparison/FunctionOrder.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"

#include <algorithm>
#include <map>

using namespace llvm;

namespace coalesce {

bool canMergeInstructions(const Instruction &L, const Instruction &R) {
  // Call attributes that may be intersected (nonnull, noundef, ...) and
  // optional flags (nuw, exact, fast-math, ...) need not agree: the merged
  // instruction keeps what both state.
  if (!L.isSameOperationAs(&R, Instruction::CompareUsingIntersectedAttrs))
    return false;
  auto *CL = dyn_cast<CallBase>(&L);
  if (CL && CL->getFunctionType() != cast<CallBase>(R).getFunctionType())
    return false;
  for (unsigned I = 0, E = L.getNumOperands(); I != E; ++I) {
    const Value *A = L.getOperand(I), *B = R.getOperand(I);
    if (A == B)
      continue;
    Type *T = A->getType();
    if (T->isLabelTy())
      continue; // A terminator's successors: the caller maps them.
    if (T->isTokenTy() || T->isMetadataTy() || isa<InlineAsm>(A) ||
        isa<InlineAsm>(B))
      return false;
    // Operand bundles carry what they mean by position: never chosen.
    if (CL && I >= CL->arg_size() && !CL->isCallee(&L.getOperandUse(I)))
      return false;
    if ((isa<Constant>(A) && !isParameterizableOperand(L, I)) ||
        (isa<Constant>(B) && !isParameterizableOperand(R, I)))
      return false;
  }
  return true;
}

/// Whether one terminator can stand for both: the same kind, as many
/// successors, the same case values; operands other than the successors as
/// for any instruction.
static bool canMergeTerminators(const Instruction &L, const Instruction &R) {
  if (L.getOpcode() != R.getOpcode() ||
      L.getNumSuccessors() != R.getNumSuccessors())
    return false;
  if (auto *SL = dyn_cast<SwitchInst>(&L)) {
    auto *SR = cast<SwitchInst>(&R);
    if (SL->getNumCases() != SR->getNumCases())
      return false;
    for (auto CL = SL->case_begin(), CR = SR->case_begin(), E = SL->case_end();
         CL != E; ++CL, ++CR)
      if ((*CL).getCaseValue() != (*CR).getCaseValue())
        return false;
  }
  if (auto *BL = dyn_cast<BranchInst>(&L))
    if (BL->isConditional() != cast<BranchInst>(R).isConditional())
      return false;
  // A condition that differs is chosen by the selector.
  if (isa<BranchInst>(L) || isa<SwitchInst>(L))
    return true;
  if (isa<ReturnInst>(L) || isa<UnreachableInst>(L) || isa<InvokeInst>(L) ||
      isa<ResumeInst>(L))
    return canMergeInstructions(L, R);
  return false;
}

namespace {

/// The instructions of a block to align: after its phis (and the entry's
/// static allocas), before its terminator, without debug intrinsics.
std::vector<Instruction *> body(BasicBlock &BB, bool Entry) {
  std::vector<Instruction *> Out;
  for (Instruction &I : BB) {
    if (isa<PHINode>(I) || I.isTerminator() || I.isDebugOrPseudoInst() ||
        isa<LandingPadInst>(I))
      continue;
    if (Entry && isa<AllocaInst>(I) && cast<AllocaInst>(I).isStaticAlloca())
      continue;
    Out.push_back(&I);
  }
  return Out;
}

/// The longest common subsequence of L and R under Same, as steps.
template <typename SameT>
std::optional<std::vector<AlignedStep>>
align(const std::vector<Instruction *> &L, const std::vector<Instruction *> &R,
      unsigned MaxCells, SameT Same) {
  size_t N = L.size(), M = R.size();
  if ((N + 1) * (M + 1) > MaxCells)
    return std::nullopt;
  std::vector<uint32_t> T((N + 1) * (M + 1), 0);
  auto At = [&](size_t I, size_t J) -> uint32_t & {
    return T[I * (M + 1) + J];
  };
  for (size_t I = N; I-- > 0;)
    for (size_t J = M; J-- > 0;)
      At(I, J) = Same(*L[I], *R[J]) ? At(I + 1, J + 1) + 1
                                    : std::max(At(I + 1, J), At(I, J + 1));
  std::vector<AlignedStep> Steps;
  size_t I = 0, J = 0;
  while (I != N || J != M) {
    if (I != N && J != M && Same(*L[I], *R[J]) &&
        At(I, J) == At(I + 1, J + 1) + 1) {
      Steps.push_back({L[I++], R[J++]});
    } else if (I != N && (J == M || At(I + 1, J) >= At(I, J + 1))) {
      Steps.push_back({L[I++], nullptr});
    } else {
      Steps.push_back({nullptr, R[J++]});
    }
  }
  return Steps;
}

/// A block's instructions as a multiset of (opcode, type) for pairing.
std::map<std::pair<unsigned, Type *>, unsigned> profile(BasicBlock &BB) {
  std::map<std::pair<unsigned, Type *>, unsigned> P;
  for (Instruction &I : BB)
    if (!I.isDebugOrPseudoInst())
      ++P[{I.getOpcode(), I.getType()}];
  return P;
}

unsigned common(const std::map<std::pair<unsigned, Type *>, unsigned> &A,
                const std::map<std::pair<unsigned, Type *>, unsigned> &B) {
  unsigned N = 0;
  for (auto &[Key, Count] : A) {
    auto It = B.find(Key);
    if (It != B.end())
      N += std::min(Count, It->second);
  }
  return N;
}

std::vector<BasicBlock *> reachable(Function &F) {
  std::vector<BasicBlock *> Out;
  ReversePostOrderTraversal<Function *> RPO(&F);
  for (BasicBlock *BB : RPO)
    Out.push_back(BB);
  return Out;
}

/// Step 1 of alignBodies: pairs the blocks of two functions, the entries,
/// then along the two CFGs from there, then what is left, most alike first.
class BlockPairing {
public:
  BlockPairing(const std::vector<BasicBlock *> &BL,
               const std::vector<BasicBlock *> &BR)
      : BL(BL), BR(BR) {
    for (BasicBlock *BB : BL) {
      IndexL[BB] = PL.size();
      PL.push_back(profile(*BB));
    }
    for (BasicBlock *BB : BR) {
      IndexR[BB] = PR.size();
      PR.push_back(profile(*BB));
    }
  }

  /// Pairs the entries, then successors of paired blocks, depth first.
  void pairAlongCFGs();
  /// Pairs the blocks pairAlongCFGs left, most alike first.
  void pairLeftovers();

  /// Each paired block's pair, both ways.
  DenseMap<BasicBlock *, BasicBlock *> PairOf;
  /// Blocks of L whose conditional branch's successors pair crosswise.
  DenseMap<BasicBlock *, bool> Swapped;

private:
  /// How alike two blocks are: instructions in common, if at least half of
  /// the smaller block.
  unsigned alike(BasicBlock *X, BasicBlock *Y) const {
    auto IX = IndexL.find(X), IY = IndexR.find(Y);
    if (IX == IndexL.end() || IY == IndexR.end())
      return 0;
    // A merged landing pad block holds one landingpad for both.
    if (X->isLandingPad() != Y->isLandingPad() ||
        (X->isLandingPad() && !canMergeInstructions(*X->getLandingPadInst(),
                                                    *Y->getLandingPadInst())))
      return 0;
    unsigned C = common(PL[IX->second], PR[IY->second]);
    size_t Smaller = std::min(X->size(), Y->size());
    return 2 * C >= Smaller ? C : 0;
  }

  void pair(BasicBlock *X, BasicBlock *Y) {
    PairOf[X] = Y;
    PairOf[Y] = X;
  }

  /// How alike the successors of TX and TY are, paired in order or
  /// crosswise; a pair made already counts most.
  unsigned successorScore(Instruction *TX, Instruction *TY, bool Cross) const;

  const std::vector<BasicBlock *> &BL, &BR;
  DenseMap<BasicBlock *, unsigned> IndexL, IndexR;
  std::vector<std::map<std::pair<unsigned, Type *>, unsigned>> PL, PR;
};

unsigned BlockPairing::successorScore(Instruction *TX, Instruction *TY,
                                      bool Cross) const {
  unsigned N = TX->getNumSuccessors();
  unsigned Total = 0;
  for (unsigned I = 0; I != N; ++I) {
    BasicBlock *SX = TX->getSuccessor(I);
    BasicBlock *SY = TY->getSuccessor(Cross ? N - 1 - I : I);
    if (PairOf.lookup(SX) == SY)
      Total += 1000;
    else if (!PairOf.count(SX) && !PairOf.count(SY))
      Total += alike(SX, SY);
  }
  return Total;
}

void BlockPairing::pairAlongCFGs() {
  pair(BL[0], BR[0]);
  std::vector<std::pair<BasicBlock *, BasicBlock *>> Walk = {{BL[0], BR[0]}};
  while (!Walk.empty()) {
    auto [X, Y] = Walk.back();
    Walk.pop_back();
    Instruction *TX = X->getTerminator(), *TY = Y->getTerminator();
    if (!canMergeTerminators(*TX, *TY))
      continue;
    unsigned N = TX->getNumSuccessors();
    // Successors pair in order, or crosswise for two conditional
    // branches (one tests the inverse of the other), whichever is more
    // alike.
    bool Cross = isa<BranchInst>(TX) && N == 2 &&
                 successorScore(TX, TY, true) > successorScore(TX, TY, false);
    Swapped[X] = Cross;
    for (unsigned I = 0; I != N; ++I) {
      BasicBlock *SX = TX->getSuccessor(I);
      BasicBlock *SY = TY->getSuccessor(Cross ? N - 1 - I : I);
      if (PairOf.count(SX) || PairOf.count(SY) || !alike(SX, SY))
        continue;
      pair(SX, SY);
      Walk.emplace_back(SX, SY);
    }
  }
}

void BlockPairing::pairLeftovers() {
  // Blocks the walk left are compared every one with every other, which
  // is quadratic in their number: beyond MaxLeftPairs comparisons they
  // stay apart (each side's code behind a branch), so that two large
  // functions cost time in proportion to their size.
  constexpr size_t MaxLeftPairs = 1u << 16;
  std::vector<unsigned> LeftL, LeftR;
  for (unsigned I = 1; I < BL.size(); ++I)
    if (!PairOf.count(BL[I]))
      LeftL.push_back(I);
  for (unsigned J = 1; J < BR.size(); ++J)
    if (!PairOf.count(BR[J]))
      LeftR.push_back(J);
  struct Option {
    unsigned Common, I, J;
  };
  std::vector<Option> Options;
  if (LeftL.size() * LeftR.size() <= MaxLeftPairs)
    for (unsigned I : LeftL)
      for (unsigned J : LeftR)
        if (unsigned C = alike(BL[I], BR[J]))
          Options.push_back({C, I, J});
  std::stable_sort(
      Options.begin(), Options.end(),
      [](const Option &A, const Option &B) { return A.Common > B.Common; });
  for (const Option &O : Options)
    if (!PairOf.count(BL[O.I]) && !PairOf.count(BR[O.J]))
      pair(BL[O.I], BR[O.J]);
}

} // namespace

std::optional<Alignment> alignBodies(Function &L, Function &R,
                                     unsigned MaxCells) {
  std::vector<BasicBlock *> BL = reachable(L), BR = reachable(R);

  // 1. Pair blocks: the entries, then along the two CFGs from there, then
  // what is left, most alike first.
  BlockPairing Pairing(BL, BR);
  Pairing.pairAlongCFGs();
  Pairing.pairLeftovers();
  const DenseMap<BasicBlock *, BasicBlock *> &PairOf = Pairing.PairOf;
  const DenseMap<BasicBlock *, bool> &Swapped = Pairing.Swapped;

  // 2. The entries' static allocas, aligned among themselves: one merged
  // alloca stands for each pair.
  Alignment A;
  auto Allocas = [](BasicBlock &BB) {
    std::vector<Instruction *> Out;
    for (Instruction &I : BB)
      if (auto *AI = dyn_cast<AllocaInst>(&I); AI && AI->isStaticAlloca())
        Out.push_back(AI);
    return Out;
  };
  auto AllocaSteps = align(Allocas(*BL[0]), Allocas(*BR[0]), MaxCells,
                           [](Instruction &X, Instruction &Y) {
                             return canMergeInstructions(X, Y);
                           });
  if (!AllocaSteps)
    return std::nullopt;
  A.EntryAllocas = std::move(*AllocaSteps);
  DenseMap<const Value *, const Value *> AllocaPair;
  for (const AlignedStep &S : A.EntryAllocas)
    if (S.matched())
      AllocaPair[S.L] = S.R;

  // 3. Align instructions within paired blocks. A lifetime marker names
  // its alloca itself, never a value chosen between two: two markers
  // merge only if their allocas did.
  auto Same = [&](Instruction &X, Instruction &Y) {
    if (X.isLifetimeStartOrEnd())
      return Y.isLifetimeStartOrEnd() && canMergeInstructions(X, Y) &&
             AllocaPair.lookup(X.getOperand(0)) == Y.getOperand(0);
    return canMergeInstructions(X, Y);
  };
  auto Count = [&](const std::vector<AlignedStep> &Steps) {
    for (const AlignedStep &S : Steps)
      (S.matched() ? A.Matched : A.Unmatched) += 1;
  };
  for (BasicBlock *B : BL) {
    AlignedBlock Block;
    Block.L = B;
    Block.R = PairOf.lookup(B);
    bool Entry = B == BL[0];
    if (Block.R) {
      auto Steps =
          align(body(*B, Entry), body(*Block.R, Entry), MaxCells, Same);
      if (!Steps)
        return std::nullopt;
      Block.Steps = std::move(*Steps);
      Block.OneTerminator =
          canMergeTerminators(*B->getTerminator(), *Block.R->getTerminator());
      Block.SwapR = Block.OneTerminator && Swapped.lookup(B);
    } else {
      for (Instruction *I : body(*B, Entry))
        Block.Steps.push_back({I, nullptr});
    }
    Count(Block.Steps);
    A.Blocks.push_back(std::move(Block));
  }
  for (BasicBlock *B : BR) {
    if (PairOf.count(B))
      continue;
    AlignedBlock Block;
    Block.R = B;
    for (Instruction *I : body(*B, /*Entry=*/false))
      Block.Steps.push_back({nullptr, I});
    Count(Block.Steps);
    A.Blocks.push_back(std::move(Block));
  }

  Count(A.EntryAllocas);
  return A;
}

} // namespace coalesce
