//===- core/comparison/StructuralHash.cpp - Hash consistent with the order -===//
//
// See StructuralHash.h. The walk is the same as FunctionOrder's (entry first,
// successors in terminator order, depth first), so two equal functions feed
// the same sequence of words into the hash.
//
//===----------------------------------------------------------------------===//

#include "core/comparison/StructuralHash.h"

#include "core/comparison/FunctionOrder.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace coalesce {

namespace {
class Hasher {
public:
  Hasher(const DataLayout &DL, HashOptions Options)
      : DL(DL), Options(Options) {}

  // FNV-1a over 64-bit words: no per-process seed, so the same module
  // hashes the same in every run and on every host.
  void add(uint64_t Word) {
    State = (State ^ Word) * 0x100000001b3ULL;
    State ^= State >> 29;
  }

  // The order compares types after coercing address-space-0 pointers to
  // the integer of their size, so the hash does the same. Only the top
  // level is hashed: enough to separate, and trivially consistent.
  void addType(Type *T) {
    if (auto *PT = dyn_cast<PointerType>(T))
      if (PT->getAddressSpace() == 0 && !DL.isNonIntegralPointerType(PT)) {
        add(Type::IntegerTyID);
        add(DL.getPointerSizeInBits(0));
        return;
      }
    add(T->getTypeID());
    if (auto *IT = dyn_cast<IntegerType>(T))
      add(IT->getBitWidth());
  }

  void addInstruction(const Instruction &I) {
    add(I.getOpcode());
    addType(I.getType());
    // GEPs compare by the offset they add where their spelling does not
    // matter: hash that offset, never the spelling.
    if (auto *GEP = dyn_cast<GEPOperator>(&I)) {
      APInt Offset(DL.getIndexSizeInBits(GEP->getPointerAddressSpace()), 0);
      if (spellingFreeOffset(GEP, DL, Offset))
        add(Offset.getLimitedValue());
      else
        add(0x6e7);
      return;
    }
    add(I.getNumOperands());
    if (!Options.IncludeConstants)
      return;
    for (const Value *Op : I.operands())
      addConstant(Op);
    if (auto *SI = dyn_cast<SwitchInst>(&I))
      for (const auto &Case : SI->cases())
        addConstant(Case.getCaseValue());
  }

  void addConstant(const Value *V) {
    if (auto *CI = dyn_cast<ConstantInt>(V))
      if (CI->getType()->isIntegerTy() && !CI->isZero())
        add(CI->getValue().getLimitedValue());
  }

  uint64_t get() const { return State; }

private:
  const DataLayout &DL;
  HashOptions Options;
  uint64_t State = 0xcbf29ce484222325ULL; // "coalesce"
};
} // namespace

uint64_t hashFunction(const Function &F, HashOptions Options) {
  Hasher H(F.getDataLayout(), Options);
  H.add(F.isVarArg());
  H.add(F.arg_size());
  if (F.isDeclaration())
    return H.get();

  walkPairedBlocks(F.getEntryBlock(), F.getEntryBlock(),
                   [&](const BasicBlock &BB, const BasicBlock &) {
                     H.add(0x42); // Block boundary.
                     for (const Instruction &I : BB)
                       H.addInstruction(I);
                     return 0;
                   });
  return H.get();
}

} // namespace coalesce
