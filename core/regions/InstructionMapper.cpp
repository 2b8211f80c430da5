//===- core/regions/InstructionMapper.cpp - Instructions as integers ------===//
//
// What the mapper compares, and why, is in the essay at the top of
// Similarity.cpp (docs/similarity.md), step 1.
//
//===----------------------------------------------------------------------===//

#include "core/regions/InstructionMapper.h"

#include "llvm/ADT/Hashing.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace coalesce {

//===-- What an instruction is ---------------------------------------------===//

/// The "less than" form of a compare predicate: gt and ge read as lt and le
/// with the operands swapped, so `icmp sgt %a, %b` and `icmp slt %b, %a`
/// are one operation.
static CmpInst::Predicate consistentPredicate(const CmpInst &C) {
  switch (C.getPredicate()) {
  case CmpInst::FCMP_OGT:
  case CmpInst::FCMP_UGT:
  case CmpInst::FCMP_OGE:
  case CmpInst::FCMP_UGE:
  case CmpInst::ICMP_SGT:
  case CmpInst::ICMP_UGT:
  case CmpInst::ICMP_SGE:
  case CmpInst::ICMP_UGE:
    return C.getSwappedPredicate();
  default:
    return C.getPredicate();
  }
}

bool predicateSwapped(const Instruction &I) {
  auto *C = dyn_cast<CmpInst>(&I);
  return C && consistentPredicate(*C) != C->getPredicate();
}

void canonicalOperands(const Instruction &I, SmallVectorImpl<Value *> &Out) {
  Out.clear();
  for (const Use &U : I.operands())
    Out.push_back(U.get());
  if (predicateSwapped(I))
    std::reverse(Out.begin(), Out.end());
  if (auto *PN = dyn_cast<PHINode>(&I))
    for (BasicBlock *BB : PN->blocks())
      Out.push_back(BB);
}

/// A call's intrinsic, as the instruction visitor dispatches it (a function
/// named llvm.* that LLVM does not know is an ordinary call).
static Intrinsic::ID intrinsicOf(const Instruction &I) {
  if (auto *CI = dyn_cast<CallInst>(&I))
    if (const Function *F = CI->getCalledFunction())
      return F->getIntrinsicID();
  return Intrinsic::not_intrinsic;
}

bool InstructionMapper::isLegal(const Instruction &I) const {
  if (isa<BranchInst>(I) || isa<PHINode>(I))
    return Options.SpanBlocks;
  if (isa<AllocaInst>(I) || isa<VAArgInst>(I) || isa<LandingPadInst>(I) ||
      isa<FuncletPadInst>(I))
    return false;
  if (auto *CI = dyn_cast<CallInst>(&I)) {
    if (intrinsicOf(I) != Intrinsic::not_intrinsic) {
      // Assume-like intrinsics (lifetime markers, assumes, annotations) may
      // be dropped from one region and not another, changing its inputs.
      if (cast<IntrinsicInst>(CI)->isAssumeLikeIntrinsic())
        return false;
      return Options.MatchIntrinsics;
    }
    bool Indirect = CI->isIndirectCall();
    if (Indirect && !Options.MatchIndirectCalls)
      return false;
    // Inline asm, or a callee that is a constant but no function.
    if (!Indirect && !CI->getCalledFunction())
      return false;
    if (!Options.MatchMustTailCalls &&
        (CI->isMustTailCall() ||
         CI->getCallingConv() == CallingConv::SwiftTail ||
         CI->getCallingConv() == CallingConv::Tail))
      return false;
    return true;
  }
  // Invoke, callbr, return, switch, unreachable and the other terminators
  // change control flow in ways a region cannot carry.
  if (I.isTerminator())
    return false;
  return true;
}

bool sameOperation(const Instruction &A, const Instruction &B,
                   const SimilarityOptions &Options) {
  if (A.getOpcode() != B.getOpcode())
    return false;
  // Compares: the consistent predicate and the operand types read in the
  // consistent order, so sgt with swapped operands is slt.
  if (auto *CA = dyn_cast<CmpInst>(&A)) {
    auto *CB = cast<CmpInst>(&B);
    if (consistentPredicate(*CA) != consistentPredicate(*CB) ||
        A.getType() != B.getType())
      return false;
    SmallVector<Value *, 2> OA, OB;
    canonicalOperands(A, OA);
    canonicalOperands(B, OB);
    for (unsigned K = 0; K < OA.size(); ++K)
      if (OA[K]->getType() != OB[K]->getType())
        return false;
    return true;
  }
  // Opcode, result and operand types, and the special state: alignment,
  // volatility, orderings, call attributes and convention, shuffle masks,
  // aggregate indices, GEP source element types. Optional flags (nsw, nuw,
  // exact, fast-math) are not compared: an outlined body keeps the flags
  // every region has.
  if (!A.isSameOperationAs(&B))
    return false;
  // A GEP's indices after the first select fields: they must be the same
  // values, and inbounds must agree.
  if (auto *GA = dyn_cast<GetElementPtrInst>(&A)) {
    auto *GB = cast<GetElementPtrInst>(&B);
    if (GA->isInBounds() != GB->isInBounds())
      return false;
    for (unsigned K = 2, E = GA->getNumOperands(); K < E; ++K)
      if (GA->getOperand(K) != GB->getOperand(K))
        return false;
    return true;
  }
  if (auto *CallA = dyn_cast<CallInst>(&A)) {
    auto *CallB = cast<CallInst>(&B);
    bool IA = intrinsicOf(A) != Intrinsic::not_intrinsic;
    bool IB = intrinsicOf(B) != Intrinsic::not_intrinsic;
    if (IA != IB)
      return false;
    // An intrinsic is its name (with its overloaded types): one declaration.
    if (IA || Options.MatchCallsByName)
      return CallA->getCalledFunction() == CallB->getCalledFunction();
    return true;
  }
  return true;
}

bool commutesFirstTwoOperands(const Instruction &I,
                              const SimilarityOptions &Options) {
  if (Options.WiderCommutativity) {
    if (auto *C = dyn_cast<CmpInst>(&I))
      return C->isCommutative();
    if (intrinsicOf(I) != Intrinsic::not_intrinsic)
      return cast<IntrinsicInst>(I).isCommutative();
    return I.isCommutative();
  }
  // llvm-sim's rule: integer add, mul, and, or, xor.
  return I.isCommutative() && !isa<FPMathOperator>(I) &&
         intrinsicOf(I) == Intrinsic::not_intrinsic;
}

/// Consistent with sameOperation: equal operations hash equal.
static unsigned operationHash(const Instruction &I) {
  hash_code H = hash_combine(I.getOpcode(), I.getType(), I.getNumOperands());
  if (auto *C = dyn_cast<CmpInst>(&I)) {
    SmallVector<Value *, 2> Ops;
    canonicalOperands(I, Ops);
    H = hash_combine(H, unsigned(consistentPredicate(*C)));
    for (Value *V : Ops)
      H = hash_combine(H, V->getType());
  } else {
    for (const Use &U : I.operands())
      H = hash_combine(H, U->getType());
  }
  if (intrinsicOf(I) != Intrinsic::not_intrinsic)
    H = hash_combine(H, cast<CallInst>(I).getCalledFunction());
  unsigned Key = unsigned(size_t(H));
  // Keep clear of DenseMap's reserved keys.
  return Key >= ~0u - 1 ? 0 : Key;
}

//===-- The mapper ---------------------------------------------------------===//

InstructionMapper::InstructionMapper(const SimilarityOptions &Options)
    : Options(Options) {}

int InstructionMapper::blockNumber(const BasicBlock *BB) const {
  auto It = BlockNumbers.find(BB);
  return It == BlockNumbers.end() ? -1 : It->second;
}

void InstructionMapper::numberBlocks(Function &F) {
  for (BasicBlock &BB : F)
    BlockNumbers.try_emplace(&BB, int(BlockNumbers.size()));
}

unsigned InstructionMapper::numberFor(Instruction &I) {
  if (!isLegal(I))
    return NextIllegal--;
  SmallVector<ClassEntry, 1> &Bucket = Classes[operationHash(I)];
  for (const ClassEntry &E : Bucket)
    if (sameOperation(*E.Representative, I, Options))
      return E.Number;
  Bucket.push_back({&I, NextLegal});
  return NextLegal++;
}

unsigned InstructionMapper::idOf(const Value *V) {
  return ValueIds.try_emplace(V, unsigned(ValueIds.size())).first->second;
}

void InstructionMapper::append(Instruction *I, bool Legal) {
  if (!Legal) {
    // One number for a whole run of illegal instructions.
    if (LastWasIllegal)
      return;
    LastWasIllegal = true;
    String.push_back(NextIllegal--);
    Positions.push_back({I, String.back(), false});
    OperandStart.push_back(unsigned(Operands.size()));
    PositionBlocks.push_back(I ? blockNumber(I->getParent()) : -1);
    PositionIds.push_back(0);
    return;
  }
  LastWasIllegal = false;
  String.push_back(numberFor(*I));
  Positions.push_back({I, String.back(), true});
  PositionBlocks.push_back(blockNumber(I->getParent()));
  unsigned Id = idOf(I);
  PositionIds.push_back(Id);
  if (IdPositions.size() <= Id)
    IdPositions.resize(Id + 1, 0);
  IdPositions[Id] = unsigned(Positions.size());
  SmallVector<Value *, 8> Ops;
  canonicalOperands(*I, Ops);
  for (Value *V : Ops) {
    auto *BB = dyn_cast<BasicBlock>(V);
    Operands.push_back(V);
    OperandBlocks.push_back(BB ? blockNumber(BB) : -1);
    OperandIds.push_back(idOf(V));
  }
  OperandStart.push_back(unsigned(Operands.size()));
}

void InstructionMapper::mapFunction(Function &F, BlockFilter Skip) {
  if (F.empty())
    return;
  numberBlocks(F);
  for (BasicBlock &BB : F) {
    bool Skipped = Skip && Skip(BB);
    for (Instruction &I : BB)
      append(&I, !Skipped && isLegal(I));
  }
  // A function ends the string's current run: nothing repeats across it.
  append(nullptr, false);
}

void InstructionMapper::mapModule(Module &M, BlockFilter Skip) {
  for (Function &F : M)
    mapFunction(F, Skip);
}

} // namespace coalesce
