//===- core/merging/SimilarBuilder.cpp - One body for two -----------------===//
//
// See SimilarBuilder.h; the essay of similar-function merging is in
// SimilarMerger.cpp (step 4). In short:
//  - every block of the plan becomes a block of the merged function; a
//    step of both sides becomes one instruction, whose operands that
//    differ are chosen by `select %selector`; a run of steps of one side
//    goes into a block of its own behind `br %selector` (or stays in line
//    when it cannot trap and touches no memory);
//  - a terminator of both sides becomes one, with a block that branches
//    on the selector before a successor that differs; terminators that
//    differ each get a block of their own;
//  - a phi takes, on each incoming edge, the value its side brought along
//    that edge, or poison on an edge only the other side takes;
//  - a value of one side used where its definition no longer dominates
//    (behind a branch on the selector) reaches its uses through phis
//    (SSAUpdater) that bring poison from the other side, which never
//    reads it: SSA form is kept, nothing is demoted to memory;
//  - constants that differ (not callees) become parameters after the
//    selector, as in merging up to constants: each call passes its side's
//    constants, and the body runs no choice for them. Each pair of
//    constants is one parameter wherever it stands.
// With the selector fixed, the merged function's paths are the paths of
// one side, block for block and instruction for instruction.
//
//===----------------------------------------------------------------------===//

#include "core/merging/SimilarBuilder.h"

#include "core/comparison/FunctionOrder.h"
#include "core/merging/MergeSupport.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Transforms/Utils/SSAUpdater.h"

#include <array>
#include <tuple>

using namespace llvm;

namespace coalesce {

namespace {

/// Code of one side that may run on the other side's path too: it cannot
/// trap, touches no memory and has no other effect, whatever its operands.
bool runsAnywhere(const Instruction &I) {
  if (I.mayReadOrWriteMemory() || I.mayHaveSideEffects() || I.isTerminator() ||
      isa<PHINode>(I) || isa<CallBase>(I) || isa<AllocaInst>(I))
    return false;
  switch (I.getOpcode()) {
  case Instruction::UDiv:
  case Instruction::SDiv:
  case Instruction::URem:
  case Instruction::SRem:
    return false;
  default:
    return true;
  }
}

class Builder {
public:
  Builder(Function &L, Function &R, unsigned MaxParameters,
          MergedShape &Shape)
      : Orig{&L, &R}, MaxParameters(MaxParameters), Shape(Shape) {
    SmallPtrSet<const MDNode *, 4> Declared;
    collectDeclaredScopes(L, Declared);
    collectDeclaredScopes(R, Declared);
    DropScopes = !Declared.empty();
  }

  Function *build(const Alignment &A, AttributeList Attrs, const Twine &Name);

private:
  /// A merged instruction and the instruction of each side it stands for.
  struct Made {
    Instruction *New;
    std::array<Instruction *, 2> From;
  };
  /// A merged phi and the phi of each side it stands for (one may be
  /// null).
  struct PhiMade {
    PHINode *New;
    std::array<PHINode *, 2> From;
  };

  Instruction *emit(Instruction *From0, Instruction *From1, BasicBlock *At);
  void emitBlock(const AlignedBlock &B);
  void flush(const AlignedBlock &B, BasicBlock *&Cur,
             std::array<std::vector<Instruction *>, 2> &Pending);
  void emitTerminators(const AlignedBlock &B, BasicBlock *Cur);
  /// The merged block where side Side's block To begins.
  BasicBlock *successor(unsigned Side, BasicBlock *To) const {
    return Head[Side].lookup(To);
  }
  BasicBlock *chooser(BasicBlock *ToL, BasicBlock *ToR,
                      const std::array<BasicBlock *, 2> &From);
  Value *map(unsigned Side, Value *V) const;
  /// The selector's choice between V0 (side 0) and V1 before InsertAt,
  /// which runs as often as From's blocks; or a parameter where both are
  /// constants and AsParameter.
  Value *choose(Value *V0, Value *V1, Instruction *InsertAt,
                const std::array<BasicBlock *, 2> &From, bool AsParameter);
  bool setOperands();
  void fillPhis();
  void repairDominance();
  Function *withParameters();

  std::array<Function *, 2> Orig;
  /// Either side declares alias scopes (see emit).
  bool DropScopes = false;
  unsigned MaxParameters;
  MergedShape &Shape;
  Function *MF = nullptr;
  Argument *Sel = nullptr;
  std::array<DenseMap<const Value *, Value *>, 2> Map;
  std::array<DenseMap<const BasicBlock *, BasicBlock *>, 2> Head;
  std::vector<Made> Mades;
  std::vector<PhiMade> Phis;
  /// For each merged edge, the original block each side leaves along it
  /// (null for a side that never takes it).
  DenseMap<std::pair<BasicBlock *, BasicBlock *>, std::array<BasicBlock *, 2>>
      EdgeFrom;
  /// Blocks that branch on the selector to two successors, by successor
  /// pair and origin, so that one terminator does not make two.
  DenseMap<std::tuple<BasicBlock *, BasicBlock *, BasicBlock *, BasicBlock *>,
           BasicBlock *>
      Choosers;
  /// Merged branches whose R condition is inverted (AlignedBlock::SwapR).
  SmallPtrSet<Instruction *, 4> InvertR;
  /// Pairs of constants that become parameters, and the selects that
  /// stand in for each until the function gets its final type.
  MapVector<std::pair<Constant *, Constant *>, SmallVector<SelectInst *, 2>>
      Constants;
  /// The last select made for each pair of values.
  DenseMap<std::pair<Value *, Value *>, SelectInst *> Chosen;
};

Instruction *Builder::emit(Instruction *From0, Instruction *From1,
                           BasicBlock *At) {
  Instruction *Src = From0 ? From0 : From1;
  Instruction *New = Src->clone();
  New->insertInto(At, At->end());
  if (!Src->getType()->isVoidTy())
    New->setName(Src->getName());
  // No subprogram in the merged function: no locations, no assignment ids.
  New->setDebugLoc(DebugLoc());
  New->setMetadata(LLVMContext::MD_DIAssignID, nullptr);
  // Where a side declares alias scopes, the declaration of one side may
  // run where the other's accesses do (a declaration is chosen by the
  // selector, an access is shared): no attachment says what both mean.
  if (DropScopes) {
    New->setMetadata(LLVMContext::MD_alias_scope, nullptr);
    New->setMetadata(LLVMContext::MD_noalias, nullptr);
  }
  // Flags and metadata hold for the merged instruction only if both sides
  // state them.
  if (From0 && From1) {
    intersectFlags(*New, *From1);
    if (auto *Call = dyn_cast<CallBase>(New)) {
      // The assumptions both calls make (the alignment checked that the
      // attributes intersect).
      auto Joint = Call->getAttributes().intersectWith(
          Call->getContext(), cast<CallBase>(From1)->getAttributes());
      if (Joint)
        Call->setAttributes(*Joint);
    }
    SmallVector<std::pair<unsigned, MDNode *>, 4> All;
    New->getAllMetadata(All);
    for (auto &[Kind, Node] : All)
      if (From1->getMetadata(Kind) != Node)
        New->setMetadata(Kind, nullptr);
  }
  if (From0)
    Map[0][From0] = New;
  if (From1)
    Map[1][From1] = New;
  Mades.push_back({New, {From0, From1}});
  return New;
}

Function *Builder::build(const Alignment &A, AttributeList Attrs,
                         const Twine &Name) {
  Function &L = *Orig[0];
  SmallVector<Type *, 8> Params(L.getFunctionType()->params());
  Params.push_back(Type::getInt1Ty(L.getContext()));
  auto *Ty = FunctionType::get(L.getReturnType(), Params, false);
  MF = Function::Create(Ty, GlobalValue::InternalLinkage, L.getAddressSpace(),
                        Name, L.getParent());
  MF->setAttributes(Attrs);
  MF->setCallingConv(L.getCallingConv());
  MF->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  if (L.hasPersonalityFn())
    MF->setPersonalityFn(L.getPersonalityFn());
  if (L.hasGC())
    MF->setGC(L.getGC());
  if (L.hasSection())
    MF->setSection(L.getSection());
  MaybeAlign Align = L.getAlign();
  if (Orig[1]->getAlign().valueOrOne() > Align.valueOrOne())
    Align = Orig[1]->getAlign();
  MF->setAlignment(Align);
  Sel = MF->getArg(L.arg_size());
  Sel->setName("coalesce.selector");
  for (unsigned S : {0u, 1u})
    for (unsigned I = 0; I != L.arg_size(); ++I)
      Map[S][Orig[S]->getArg(I)] = MF->getArg(I);

  // Blocks of the plan first: successors and phis name them.
  for (const AlignedBlock &B : A.Blocks) {
    BasicBlock *BB =
        BasicBlock::Create(L.getContext(), (B.L ? B.L : B.R)->getName(), MF);
    if (B.L)
      Head[0][B.L] = BB;
    if (B.R)
      Head[1][B.R] = BB;
  }
  BasicBlock *Entry = &MF->getEntryBlock();
  for (const AlignedStep &S : A.EntryAllocas)
    emit(S.L, S.R, Entry);
  for (const AlignedBlock &B : A.Blocks)
    emitBlock(B);
  if (!setOperands()) {
    MF->eraseFromParent();
    return nullptr;
  }
  fillPhis();
  repairDominance();
  if (!Constants.empty())
    MF = withParameters();
  if (verifyFunction(*MF)) {
    MF->eraseFromParent();
    return nullptr;
  }
  return MF;
}

void Builder::emitBlock(const AlignedBlock &B) {
  BasicBlock *Cur = Head[B.L ? 0 : 1][B.L ? B.L : B.R];
  // Phis of the same type pair up in order; the rest stand alone.
  std::array<std::vector<PHINode *>, 2> PhisOf;
  for (unsigned S : {0u, 1u})
    if (BasicBlock *From = S ? B.R : B.L)
      for (PHINode &P : From->phis())
        PhisOf[S].push_back(&P);
  auto MakePhi = [&](PHINode *P0, PHINode *P1) {
    PHINode *Src = P0 ? P0 : P1;
    PHINode *NP = PHINode::Create(Src->getType(), 2, Src->getName());
    NP->insertInto(Cur, Cur->end());
    if (P0)
      Map[0][P0] = NP;
    if (P1)
      Map[1][P1] = NP;
    Phis.push_back({NP, {P0, P1}});
  };
  size_t J = 0;
  for (PHINode *P0 : PhisOf[0]) {
    size_t K = J;
    while (K != PhisOf[1].size() && PhisOf[1][K]->getType() != P0->getType())
      ++K;
    if (K == PhisOf[1].size()) {
      MakePhi(P0, nullptr);
      continue;
    }
    for (; J != K; ++J)
      MakePhi(nullptr, PhisOf[1][J]);
    MakePhi(P0, PhisOf[1][J++]);
  }
  for (; J != PhisOf[1].size(); ++J)
    MakePhi(nullptr, PhisOf[1][J]);
  // A landing pad block's landingpad comes right after its phis: one for
  // both sides (block pairing saw that it can stand for both) or its own.
  if (B.L ? B.L->isLandingPad() : B.R->isLandingPad())
    emit(B.L ? B.L->getLandingPadInst() : nullptr,
         B.R ? B.R->getLandingPadInst() : nullptr, Cur);
  std::array<std::vector<Instruction *>, 2> Pending;
  for (const AlignedStep &Step : B.Steps) {
    if (Step.matched()) {
      flush(B, Cur, Pending);
      emit(Step.L, Step.R, Cur);
      continue;
    }
    unsigned S = Step.L ? 0 : 1;
    Instruction *I = S ? Step.R : Step.L;
    // In line in a block only one side has (the other never runs it), or
    // if it may run on the other path too and nothing of its side before
    // it waits behind a branch.
    if (!B.L || !B.R || (Pending[S].empty() && runsAnywhere(*I)))
      emit(S ? nullptr : I, S ? I : nullptr, Cur);
    else
      Pending[S].push_back(I);
  }
  flush(B, Cur, Pending);
  emitTerminators(B, Cur);
}

// Puts the code of one side waiting in Pending behind a branch on the
// selector; Cur becomes the block where both paths meet again.
void Builder::flush(const AlignedBlock &B, BasicBlock *&Cur,
                    std::array<std::vector<Instruction *>, 2> &Pending) {
  if (Pending[0].empty() && Pending[1].empty())
    return;
  LLVMContext &C = MF->getContext();
  BasicBlock *Join = BasicBlock::Create(C, Cur->getName() + ".join", MF);
  std::array<BasicBlock *, 2> Side = {Join, Join};
  for (unsigned S : {0u, 1u}) {
    if (Pending[S].empty())
      continue;
    Side[S] =
        BasicBlock::Create(C, Cur->getName() + (S ? ".r" : ".l"), MF, Join);
    for (Instruction *I : Pending[S])
      emit(S ? nullptr : I, S ? I : nullptr, Side[S]);
    BranchInst::Create(Join, Side[S]);
    Pending[S].clear();
  }
  BranchInst::Create(Side[1], Side[0], Sel, Cur);
  ++Shape.Branches;
  Shape.AddedAt.emplace_back(B.L, B.R);
  Cur = Join;
}

// A block that branches on the selector to ToL or ToR (once per pair).
BasicBlock *Builder::chooser(BasicBlock *ToL, BasicBlock *ToR,
                             const std::array<BasicBlock *, 2> &From) {
  BasicBlock *&B = Choosers[{From[0], From[1], ToL, ToR}];
  if (!B) {
    B = BasicBlock::Create(MF->getContext(), "choose", MF);
    BranchInst::Create(ToR, ToL, Sel, B);
    ++Shape.Branches;
    Shape.AddedAt.emplace_back(From[0], From[1]);
    EdgeFrom[{B, ToL}] = {From[0], nullptr};
    EdgeFrom[{B, ToR}] = {nullptr, From[1]};
  }
  return B;
}

void Builder::emitTerminators(const AlignedBlock &B, BasicBlock *Cur) {
  auto Lone = [&](unsigned S, BasicBlock *From, BasicBlock *At) {
    Instruction *T = emit(S ? nullptr : From->getTerminator(),
                          S ? From->getTerminator() : nullptr, At);
    for (unsigned I = 0, E = T->getNumSuccessors(); I != E; ++I) {
      BasicBlock *To = successor(S, From->getTerminator()->getSuccessor(I));
      T->setSuccessor(I, To);
      EdgeFrom[{At, To}][S] = From;
    }
  };
  if (!B.L || !B.R) {
    Lone(B.L ? 0 : 1, B.L ? B.L : B.R, Cur);
    return;
  }
  // Two invokes are one only where both unwind to the same block: an
  // unwind edge cannot pass through a block that chooses.
  bool OneTerminator = B.OneTerminator;
  if (auto *IL = dyn_cast<InvokeInst>(B.L->getTerminator());
      IL && OneTerminator)
    OneTerminator =
        successor(0, IL->getUnwindDest()) ==
        successor(1, cast<InvokeInst>(B.R->getTerminator())->getUnwindDest());
  if (!OneTerminator) {
    BasicBlock *TL =
        BasicBlock::Create(MF->getContext(), Cur->getName() + ".l.exit", MF);
    BasicBlock *TR =
        BasicBlock::Create(MF->getContext(), Cur->getName() + ".r.exit", MF);
    BranchInst::Create(TR, TL, Sel, Cur);
    ++Shape.Branches;
    Shape.AddedAt.emplace_back(B.L, B.R);
    Lone(0, B.L, TL);
    Lone(1, B.R, TR);
    return;
  }
  Instruction *T = emit(B.L->getTerminator(), B.R->getTerminator(), Cur);
  if (B.SwapR) {
    InvertR.insert(T);
    // Weights in L's order would be backwards for R.
    T->setMetadata(LLVMContext::MD_prof, nullptr);
  }
  for (unsigned I = 0, E = T->getNumSuccessors(); I != E; ++I) {
    BasicBlock *ToL = successor(0, B.L->getTerminator()->getSuccessor(I));
    BasicBlock *ToR = successor(
        1, B.R->getTerminator()->getSuccessor(B.SwapR ? E - 1 - I : I));
    if (ToL == ToR) {
      T->setSuccessor(I, ToL);
      auto &Edge = EdgeFrom[{Cur, ToL}];
      Edge = {B.L, B.R};
      continue;
    }
    T->setSuccessor(I, chooser(ToL, ToR, {B.L, B.R}));
  }
}

Value *Builder::map(unsigned Side, Value *V) const {
  if (isa<Constant>(V) || isa<MetadataAsValue>(V) || isa<InlineAsm>(V))
    return V;
  if (auto *BB = dyn_cast<BasicBlock>(V))
    return Head[Side].lookup(BB);
  return Map[Side].lookup(V);
}

Value *Builder::choose(Value *V0, Value *V1, Instruction *InsertAt,
                       const std::array<BasicBlock *, 2> &From,
                       bool AsParameter) {
  auto *C0 = dyn_cast<Constant>(V0), *C1 = dyn_cast<Constant>(V1);
  if (AsParameter && C0 && C1) {
    auto Known = Constants.find({C0, C1});
    if (Known != Constants.end() || Constants.size() < MaxParameters) {
      auto *Choice =
          SelectInst::Create(Sel, V1, V0, "choose", InsertAt->getIterator());
      Constants[{C0, C1}].push_back(Choice);
      return Choice;
    }
  }
  // The same choice made earlier in this block serves again (an operand
  // used twice, a value both sides compute differently and use often).
  SelectInst *&Known = Chosen[{V0, V1}];
  if (Known && Known->getParent() == InsertAt->getParent() &&
      Known->comesBefore(InsertAt))
    return Known;
  Known = SelectInst::Create(Sel, V1, V0, "choose", InsertAt->getIterator());
  ++Shape.Selects;
  Shape.AddedAt.emplace_back(From[0], From[1]);
  return Known;
}

// The merged function again, with one more parameter per pair of
// constants after the selector: the selects that stood for them give way
// to the parameters.
Function *Builder::withParameters() {
  SmallVector<Type *, 8> Params(MF->getFunctionType()->params());
  SmallVector<Constant *, 4> Left;
  for (auto &[Pair, Selects] : Constants) {
    Params.push_back(Pair.first->getType());
    Left.push_back(Pair.first);
  }
  auto *Ty = FunctionType::get(MF->getReturnType(), Params, false);
  Function *NF = Function::Create(Ty, MF->getLinkage(), MF->getAddressSpace(),
                                  "", MF->getParent());
  NF->copyAttributesFrom(MF);
  // A pointer that was a constant (other memory) now comes in as an
  // argument.
  if (hasPointer(Left))
    NF->setAttributes(withArgumentMemory(NF->getContext(), NF->getAttributes()));
  NF->takeName(MF);
  NF->splice(NF->begin(), MF);
  for (unsigned I = 0, E = MF->arg_size(); I != E; ++I) {
    MF->getArg(I)->replaceAllUsesWith(NF->getArg(I));
    NF->getArg(I)->takeName(MF->getArg(I));
  }
  unsigned K = MF->arg_size();
  for (auto &[Pair, Selects] : Constants) {
    Argument *A = NF->getArg(K++);
    A->setName("coalesce.constant");
    for (SelectInst *S : Selects) {
      S->replaceAllUsesWith(A);
      S->eraseFromParent();
    }
    Shape.Parameters.push_back({Pair.first, Pair.second});
  }
  MF->eraseFromParent();
  Sel = NF->getArg(Orig[0]->arg_size());
  return NF;
}

// Operands of every merged instruction: a value its side(s) had, or the
// selector's choice between the two sides' values.
bool Builder::setOperands() {
  for (const Made &M : Mades) {
    for (unsigned I = 0, E = M.New->getNumOperands(); I != E; ++I) {
      if (M.New->getOperand(I)->getType()->isLabelTy())
        continue; // Successors are set already.
      std::array<Value *, 2> V = {nullptr, nullptr};
      for (unsigned S : {0u, 1u})
        if (M.From[S]) {
          V[S] = map(S, M.From[S]->getOperand(I));
          if (!V[S])
            return false; // A value from code the walk never reached.
        }
      if (V[1] && InvertR.contains(M.New)) {
        V[1] = BinaryOperator::CreateNot(V[1], "not", M.New->getIterator());
        Shape.AddedAt.emplace_back(nullptr, M.From[1]->getParent());
      }
      if (!V[0] || !V[1] || V[0] == V[1]) {
        M.New->setOperand(I, V[0] ? V[0] : V[1]);
        continue;
      }
      // A callee through a register is a choice the processor makes at
      // run time, not an argument it only reads.
      auto *Call = dyn_cast<CallBase>(M.New);
      bool Callee = Call && Call->isCallee(&M.New->getOperandUse(I));
      M.New->setOperand(
          I, choose(V[0], V[1], M.New,
                    {M.From[0]->getParent(), M.From[1]->getParent()},
                    !Callee));
    }
  }
  return true;
}

// Each incoming edge brings the value of the side(s) that take it; where
// both do and their values differ, the selector chooses at the end of the
// block the edge leaves.
void Builder::fillPhis() {
  for (const PhiMade &P : Phis) {
    BasicBlock *At = P.New->getParent();
    // A block that branches here twice brings one value.
    SmallDenseMap<BasicBlock *, Value *, 4> Brought;
    for (BasicBlock *Pred : predecessors(At)) {
      if (Value *Known = Brought.lookup(Pred)) {
        P.New->addIncoming(Known, Pred);
        continue;
      }
      std::array<BasicBlock *, 2> From = EdgeFrom.lookup({Pred, At});
      std::array<Value *, 2> V = {nullptr, nullptr};
      for (unsigned S : {0u, 1u})
        if (P.From[S] && From[S])
          V[S] = map(S, P.From[S]->getIncomingValueForBlock(From[S]));
      Value *In = V[0] ? V[0] : V[1];
      if (V[0] && V[1] && V[0] != V[1])
        In = choose(V[0], V[1], Pred->getTerminator(), From, true);
      if (!In)
        In = PoisonValue::get(P.New->getType());
      Brought[Pred] = In;
      P.New->addIncoming(In, Pred);
    }
  }
}

void Builder::repairDominance() {
  DominatorTree DT(*MF);
  std::vector<std::pair<Instruction *, SmallVector<Use *, 4>>> Broken;
  for (BasicBlock &BB : *MF)
    for (Instruction &I : BB) {
      SmallVector<Use *, 4> Uses;
      for (Use &U : I.uses())
        if (!DT.dominates(&I, U))
          Uses.push_back(&U);
      if (!Uses.empty())
        Broken.emplace_back(&I, std::move(Uses));
    }
  for (auto &[Def, Uses] : Broken) {
    SSAUpdater SSA;
    SSA.Initialize(Def->getType(), Def->getName());
    SSA.AddAvailableValue(Def->getParent(), Def);
    if (Def->getParent() != &MF->getEntryBlock())
      SSA.AddAvailableValue(&MF->getEntryBlock(),
                            PoisonValue::get(Def->getType()));
    for (Use *U : Uses)
      SSA.RewriteUse(*U);
  }
}

} // namespace

Function *buildMergedFunction(Function &L, Function &R, const Alignment &A,
                              AttributeList Attrs, const Twine &Name,
                              unsigned MaxParameters, MergedShape &Shape) {
  return Builder(L, R, MaxParameters, Shape).build(A, Attrs, Name);
}

} // namespace coalesce
