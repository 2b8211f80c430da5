//===- core/comparison/FunctionOrder.h - A total order over functions -----===//
//
// FunctionOrder compares two functions and answers -1, 0 or 1. Zero means
// the two functions do the same thing for every input: one can stand in for
// the other. Non-zero answers form a strict total order, which is what lets
// the merger keep unique functions in a balanced tree and find a duplicate in
// O(log N) comparisons instead of comparing every pair.
//
// The essay in FunctionOrder.cpp (mirrored in docs/comparison.md) explains
// the stages. This header is the interface:
//
//  - EquivalencePolicy decides when two globals (callees, referenced
//    variables) and two constant leaves count as "the same". The identical
//    merger uses identity, then classes of functions that behave alike
//    for the calls between them (CallClasses.h).
//  - OrderContext holds what must stay stable across every comparison of one
//    run: the data layout, the policy, and the numbering of identities
//    (globals in module order, metadata nodes in meeting order).
//  - FunctionOrder is one comparison of one pair of functions.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_COMPARISON_FUNCTIONORDER_H
#define COALESCE_COMPARISON_FUNCTIONORDER_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/Attributes.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"

namespace llvm {
class APFloat;
class APInt;
class BasicBlock;
class Constant;
class Function;
class GlobalValue;
class InlineAsm;
class LLVMContext;
class MDNode;
class Metadata;
class Module;
class Type;
class Value;
} // namespace llvm

namespace coalesce {

class OrderContext;

/// Decides which globals and constant leaves count as the same. The default
/// is identity: a global equals only itself.
class EquivalencePolicy {
public:
  virtual ~EquivalencePolicy();
  /// Orders two globals referenced from function bodies. Must be a total
  /// order that is stable for the whole run.
  virtual int compareGlobals(const llvm::GlobalValue *L,
                             const llvm::GlobalValue *R,
                             OrderContext &Ctx) const;
  /// Orders two functions called directly (the callee operand of a call,
  /// neither of them the function being compared). A policy may put
  /// functions known to behave alike in one place here and nowhere else:
  /// a call's effect is its callee's behaviour, a function's address held
  /// as a value is its identity. The default is compareGlobals.
  virtual int compareCallees(const llvm::Function *L, const llvm::Function *R,
                             OrderContext &Ctx) const;
};

/// State shared by every comparison of one run. Numbers handed out here
/// never change, which is what keeps the order stable while the tree lives.
class OrderContext {
public:
  /// ConstantsAsParameters: constants in operand positions that could take
  /// an argument instead (isParameterizableOperand) compare by type alone,
  /// so functions that differ only there compare equal. The merger of
  /// functions that differ in constants orders with it; it stays a total
  /// order, coarser than the default.
  OrderContext(const llvm::Module &M,
               const EquivalencePolicy *Policy = nullptr,
               bool ConstantsAsParameters = false);

  const llvm::DataLayout &dataLayout() const { return DL; }
  const EquivalencePolicy &policy() const { return *Policy; }

  /// Identity number of a global: its position in the module, or the next
  /// free number for globals created after the context was built.
  unsigned globalNumber(const llvm::GlobalValue *GV);
  /// Identity number of an object that is compared by identity only
  /// (metadata nodes, constants of kinds we do not look into).
  unsigned identityNumber(const void *P);
  /// The integer type address-space-0 pointers coerce to.
  llvm::Type *intPtrType(llvm::LLVMContext &C);
  /// Whether a function's !type metadata (its control-flow-integrity type
  /// ids) can still change what the program does: only while the module
  /// holds type tests (llvm.type.test, llvm.type.checked.load, ...) that
  /// have not been lowered. After LowerTypeTests, or in a program built
  /// without CFI, the ids are inert and the order ignores them.
  bool typeIdsMatter() const { return TypeIdsMatter; }
  bool constantsAsParameters() const { return ConstantsAsParameters; }
  /// Forget a global that is about to be erased, so a new global allocated
  /// at the same address does not inherit its number.
  void forgetGlobal(const llvm::GlobalValue *GV);

private:
  friend class FunctionOrder;
  const llvm::DataLayout &DL;
  EquivalencePolicy DefaultPolicy;
  /// Scratch space of the one comparison running at a time.
  llvm::DenseMap<const llvm::Value *, unsigned> SerialL, SerialR;
  const EquivalencePolicy *Policy;
  llvm::DenseMap<const llvm::GlobalValue *, unsigned> GlobalNumbers;
  llvm::DenseMap<const void *, unsigned> IdentityNumbers;
  unsigned NextGlobalNumber = 0;
  llvm::Type *IntPtrTy = nullptr;
  bool TypeIdsMatter = false;
  bool ConstantsAsParameters = false;
};

/// One comparison of two functions. Construct, call compare(), discard.
/// Comparisons sharing a context run one at a time.
class FunctionOrder {
public:
  FunctionOrder(const llvm::Function *L, const llvm::Function *R,
                OrderContext &Ctx)
      : FnL(L), FnR(R), Ctx(Ctx), DL(Ctx.dataLayout()),
        SerialL(Ctx.SerialL), SerialR(Ctx.SerialR) {}

  /// -1 if L orders before R, 0 if they are equivalent, 1 otherwise.
  int compare();
  /// The first stage of compare() alone: 0 when L and R agree on
  /// everything outside their bodies (attributes apart from assumptions,
  /// GC, section, calling convention, type, prefix and prologue data,
  /// semantic metadata), so one body could serve both.
  int compareSignatures() {
    SerialL.clear();
    SerialR.clear();
    return cmpSignature();
  }

  // The stages are public so unit tests can check each one's order.
  int cmpTypes(llvm::Type *L, llvm::Type *R) const;
  int cmpConstants(const llvm::Constant *L, const llvm::Constant *R);
  int cmpValues(const llvm::Value *L, const llvm::Value *R);
  int cmpAttributeLists(llvm::AttributeList L, llvm::AttributeList R) const;

private:
  int cmpSignature();
  int cmpBasicBlocks(const llvm::BasicBlock *L, const llvm::BasicBlock *R);
  int cmpInstructions(const llvm::Instruction *L, const llvm::Instruction *R);
  int cmpOperationProperties(const llvm::Instruction *L,
                             const llvm::Instruction *R);
  int cmpCallProperties(const llvm::CallBase *L,
                        const llvm::CallBase *R) const;
  int cmpGEPs(const llvm::GEPOperator *L, const llvm::GEPOperator *R);
  int cmpOperands(const llvm::Instruction *L, const llvm::Instruction *R,
                  unsigned Index);
  int cmpFunctionMetadata() const;
  int cmpMetadata(const llvm::Metadata *L, const llvm::Metadata *R);
  int cmpMDNodeIdentity(const llvm::MDNode *L, const llvm::MDNode *R) const;
  int cmpScopeLists(const llvm::MDNode *L, const llvm::MDNode *R,
                    bool DeclaredOnly);
  int cmpScope(const llvm::MDNode *L, const llvm::MDNode *R);
  int cmpScopeAttachments(const llvm::Instruction *L,
                          const llvm::Instruction *R);
  int cmpInlineAsm(const llvm::InlineAsm *L, const llvm::InlineAsm *R) const;
  int cmpGlobals(const llvm::GlobalValue *L, const llvm::GlobalValue *R);
  int cmpConstantContents(const llvm::Constant *L, const llvm::Constant *R);
  int cmpAttributes(llvm::Attribute L, llvm::Attribute R) const;
  int cmpAttributeSets(llvm::AttributeSet L, llvm::AttributeSet R,
                       bool SkipAssumptions) const;
  int cmpSignatureAttributes(llvm::AttributeList L,
                             llvm::AttributeList R) const;
  int cmpTypeClasses(llvm::Type *L, llvm::Type *R) const;
  llvm::Type *coerce(llvm::Type *T) const;

  const llvm::Function *FnL, *FnR;
  OrderContext &Ctx;
  /// Set while the operands compared are two functions called directly.
  bool ComparingCallees = false;
  const llvm::DataLayout &DL;
  /// Serial numbers of local values (arguments, blocks, instructions) in
  /// the order the walk meets them, one map per side. They live in the
  /// context and are reused by every comparison: no allocation per pair.
  llvm::DenseMap<const llvm::Value *, unsigned> &SerialL, &SerialR;  /// Alias scopes are names local to a function, as values are: serial
  /// numbers per side in the order the walk meets them (and their domains
  /// likewise), and the scopes each side declares
  /// (llvm.experimental.noalias.scope.decl), found when first needed.
  struct ScopeNames {
    llvm::SmallDenseMap<const llvm::MDNode *, unsigned, 4> L, R, DomainL,
        DomainR;
    bool Found = false;
    llvm::SmallPtrSet<const llvm::MDNode *, 4> DeclaredL, DeclaredR;
  } Scopes;
};

/// The walk that the order, the structural hash and the metadata pass of
/// the merger share, so that all three meet blocks in the same order: depth
/// first from the entry blocks, successors in terminator order, each block
/// once, the blocks of the two sides paired as the walk meets them (a
/// single function walks paired with itself). Visit(BlockL, BlockR)
/// returns non-zero to stop the walk with that value. Successors are
/// paired only where both terminators have the same number.
template <typename BlockT, typename VisitT>
int walkPairedBlocks(BlockT &EntryL, BlockT &EntryR, VisitT Visit) {
  llvm::SmallVector<std::pair<BlockT *, BlockT *>, 8> Stack;
  llvm::SmallPtrSet<BlockT *, 16> Visited;
  Stack.emplace_back(&EntryL, &EntryR);
  Visited.insert(&EntryL);
  while (!Stack.empty()) {
    auto [L, R] = Stack.pop_back_val();
    if (int Res = Visit(*L, *R))
      return Res;
    auto *TL = L->getTerminator(), *TR = R->getTerminator();
    if (!TL || !TR || TL->getNumSuccessors() != TR->getNumSuccessors())
      continue;
    for (unsigned I = 0, E = TL->getNumSuccessors(); I != E; ++I)
      if (Visited.insert(TL->getSuccessor(I)).second)
        Stack.emplace_back(TL->getSuccessor(I), TR->getSuccessor(I));
  }
  return 0;
}

/// Visits the instructions of two equal functions (compare() == 0) in
/// pairs, as compare() pairs them: the merger uses it to make the kept
/// body's metadata hold for both.
void forEachInstructionPair(
    llvm::Function &L, llvm::Function &R,
    llvm::function_ref<void(llvm::Instruction &, llvm::Instruction &)> Visit);

/// Whether operand Index of I is a constant that an argument could replace
/// without changing what I means or how well it compiles: a scalar integer,
/// pointer or floating-point constant that names neither I's own function
/// nor a block, in a position that need not be constant (not a GEP index,
/// an alloca size, a switch case, a landing-pad clause, an intrinsic's or
/// inline asm's operand) and whose code does not depend on it being
/// constant (not a divisor, not a vector lane index). A direct callee is
/// one where the call could go through a register with nothing else
/// changed (not setjmp, a memory-free library call, under retpolines, ...).
bool isParameterizableOperand(const llvm::Instruction &I, unsigned Index);

/// The alias scopes F declares: the elements of the scope lists its
/// llvm.experimental.noalias.scope.decl calls name. A scope declared in a
/// function holds from its declaration on (each time it runs: per loop
/// iteration, per inlined call); one that is not holds for the whole call.
void collectDeclaredScopes(const llvm::Function &F,
                           llvm::SmallPtrSetImpl<const llvm::MDNode *> &Out);

/// The byte offset a GEP adds, when the order compares it by offset rather
/// than by its spelling (see the essay). Offset must have the index width.
bool spellingFreeOffset(const llvm::GEPOperator *GEP,
                        const llvm::DataLayout &DL, llvm::APInt &Offset);

/// Three-way comparison of two numbers, the primitive every stage ends in.
inline int cmpNumbers(uint64_t L, uint64_t R) {
  return L < R ? -1 : (L > R ? 1 : 0);
}
int cmpAPInts(const llvm::APInt &L, const llvm::APInt &R);
int cmpAPFloats(const llvm::APFloat &L, const llvm::APFloat &R);
int cmpStrings(llvm::StringRef L, llvm::StringRef R);

} // namespace coalesce

#endif
