//===- core/outlining/Extraction.cpp - One function per group, calls at sites //
//
// Steps 5 and 6 of the outliner's essay (Outliner.cpp). The outlined
// function is built straight from the reference site with the group's
// value numbering, not extracted site by site and consolidated afterwards:
// the numbering already says which operand becomes which argument at every
// site.
//
//===----------------------------------------------------------------------===//

#include "core/outlining/Extraction.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/DIBuilder.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#include <map>

using namespace llvm;

namespace coalesce {

OutlinePlan planOutline(const OutlineCandidate &C) {
  OutlinePlan P;
  std::vector<unsigned> Outputs;
  for (unsigned V = 1; V < C.Roles.size(); ++V) {
    if (C.Roles[V] == OutlineRole::Parameter)
      P.Parameters.push_back(V);
    else if (C.Roles[V] == OutlineRole::LocalSlot)
      P.LocalSlots.push_back(V);
    else if (C.Roles[V] == OutlineRole::Output)
      Outputs.push_back(V);
  }
  SiteShape Shape;
  readSiteShape(C.Sites.front(), Shape);
  P.Exits = unsigned(Shape.FallsThrough) + Shape.Exits.size();

  std::vector<std::vector<bool>> Used;
  for (const OutlineSite &S : C.Sites)
    Used.push_back(usedAfter(S, Outputs));
  // With one way out, the output most sites use is the return value.
  int Returned = -1;
  if (P.Exits == 1) {
    unsigned Best = 0;
    for (unsigned K = 0; K < Outputs.size(); ++K) {
      unsigned Users = 0;
      for (const std::vector<bool> &U : Used)
        Users += U[K];
      if (Users > Best) {
        Best = Users;
        Returned = int(K);
      }
    }
  }
  std::vector<unsigned> Kept; // Indices into Outputs, through memory.
  for (unsigned K = 0; K < Outputs.size(); ++K) {
    bool Any = false;
    for (const std::vector<bool> &U : Used)
      Any |= U[K];
    if (int(K) == Returned)
      P.ReturnedOutput = Outputs[K];
    else if (Any) {
      P.PointerOutputs.push_back(Outputs[K]);
      Kept.push_back(K);
    }
  }
  std::map<std::vector<bool>, unsigned> SchemeNumber;
  for (const std::vector<bool> &U : Used) {
    P.NeedsReturned.push_back(Returned >= 0 && U[Returned]);
    std::vector<bool> Needs;
    for (unsigned K : Kept)
      Needs.push_back(U[K]);
    auto [It, New] = SchemeNumber.try_emplace(Needs, P.Schemes.size());
    if (New)
      P.Schemes.push_back(Needs);
    P.SchemeOf.push_back(It->second);
    P.Needs.push_back(std::move(Needs));
  }
  return P;
}

//===----------------------------------------------------------------------===//
// The outlined function
//===----------------------------------------------------------------------===//

/// An artificial subprogram for F when any site has debug info, so that
/// the calls into it and its own code have locations.
static DISubprogram *attachSubprogram(Function &F, const OutlineCandidate &C) {
  for (const OutlineSite &S : C.Sites) {
    DISubprogram *SiteSP = S.F->getSubprogram();
    if (!SiteSP || !SiteSP->getUnit())
      continue;
    DIBuilder DIB(*F.getParent(), /*AllowUnresolved=*/false,
                  SiteSP->getUnit());
    DISubroutineType *Ty =
        DIB.createSubroutineType(DIB.getOrCreateTypeArray({}));
    DISubprogram *SP = DIB.createFunction(
        SiteSP->getFile(), F.getName(), F.getName(), SiteSP->getFile(),
        /*LineNo=*/0, Ty, /*ScopeLine=*/0, DINode::FlagArtificial,
        DISubprogram::SPFlagDefinition | DISubprogram::SPFlagOptimized |
            DISubprogram::SPFlagLocalToUnit);
    F.setSubprogram(SP);
    DIB.finalizeSubprogram(SP);
    return SP;
  }
  return nullptr;
}

/// What holds at every site: size attributes all sites' functions have,
/// nounwind when nothing in the region can throw, the widest unwind table;
/// convergent when the region holds a convergent operation (every call to
/// the outlined function then is one too).
static void setAttributes(Function &F, const OutlineCandidate &C,
                          ArrayRef<Instruction *> Body) {
  const Function &Ref = *C.Sites.front().F;
  copyCompatibilityAttributes(Ref, F);
  bool MinSize = true, OptSize = true;
  UWTableKind Table = UWTableKind::None;
  for (const OutlineSite &S : C.Sites) {
    MinSize &= S.F->hasMinSize();
    OptSize &= S.F->hasFnAttribute(Attribute::OptimizeForSize);
    Table = std::max(Table, S.F->getUWTableKind());
  }
  if (MinSize)
    F.addFnAttr(Attribute::MinSize);
  if (OptSize)
    F.addFnAttr(Attribute::OptimizeForSize);
  if (none_of(Body, [](const Instruction *I) { return I->mayThrow(); }))
    F.setDoesNotThrow();
  if (any_of(Body, [](const Instruction *I) {
        auto *CB = dyn_cast<CallBase>(I);
        return CB && CB->isConvergent();
      }))
    F.setConvergent();
  if (Table != UWTableKind::None)
    F.setUWTableKind(Table);
}

/// Flags and metadata that hold at every site: a flag (nsw, exact, fast
/// math, inbounds) or a metadata node (!tbaa, !range, ...) only one site
/// has cannot be claimed for all.
static void intersectAcrossSites(Instruction &Clone, const OutlineCandidate &C,
                                 unsigned K) {
  SmallVector<std::pair<unsigned, MDNode *>, 4> MDs;
  Clone.getAllMetadataOtherThanDebugLoc(MDs);
  for (const OutlineSite &S : drop_begin(C.Sites)) {
    Clone.andIRFlags(S.Insts[K]);
    for (auto &[Kind, MD] : MDs)
      if (MD && S.Insts[K]->getMetadata(Kind) != MD) {
        Clone.setMetadata(Kind, nullptr);
        MD = nullptr;
      }
  }
  Clone.setMetadata(LLVMContext::MD_DIAssignID, nullptr);
}

/// The outlined function's declaration, named Name: the parameters, the
/// output addresses and the scheme, in that order; it returns the exit's
/// index, the returned output or nothing.
static Function *createInterface(Module &M, const OutlineSite &Ref,
                                 const OutlinePlan &P,
                                 const std::string &Name) {
  LLVMContext &Ctx = M.getContext();
  const DataLayout &DL = M.getDataLayout();
  SmallVector<Type *, 8> ArgTys;
  for (unsigned V : P.Parameters)
    ArgTys.push_back(Ref.Values[V]->getType());
  PointerType *SlotTy = PointerType::get(Ctx, DL.getAllocaAddrSpace());
  ArgTys.append(P.PointerOutputs.size(), SlotTy);
  if (P.hasScheme())
    ArgTys.push_back(Type::getInt32Ty(Ctx));
  Type *RetTy = P.Exits > 1 ? Type::getInt32Ty(Ctx)
                : P.ReturnedOutput
                    ? Ref.Values[P.ReturnedOutput]->getType()
                    : Type::getVoidTy(Ctx);
  Function *F = Function::Create(FunctionType::get(RetTy, ArgTys, false),
                                 GlobalValue::InternalLinkage,
                                 DL.getProgramAddressSpace(), Name, &M);
  F->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  return F;
}

/// Names F's arguments after what they stand for at the reference site,
/// and maps each parameter's value there to its argument.
static void nameArguments(Function &F, const OutlineSite &Ref,
                          const OutlinePlan &P,
                          DenseMap<const Value *, Value *> &VMap) {
  for (unsigned K = 0; K < P.Parameters.size(); ++K) {
    Value *In = Ref.Values[P.Parameters[K]];
    F.getArg(K)->setName(In->hasName() ? In->getName() : "in");
    VMap[In] = F.getArg(K);
  }
  for (unsigned K = 0; K < P.PointerOutputs.size(); ++K)
    F.getArg(P.Parameters.size() + K)
        ->setName(Ref.Values[P.PointerOutputs[K]]->getName() + ".out");
  if (P.hasScheme())
    F.getArg(F.arg_size() - 1)->setName("scheme");
}

/// The stack slots only the region used, now the outlined function's own
/// (in Entry), the largest alignment any site asked for.
static void createLocalSlots(const OutlineCandidate &C, const OutlinePlan &P,
                             BasicBlock *Entry,
                             DenseMap<const Value *, Value *> &VMap) {
  const OutlineSite &Ref = C.Sites.front();
  for (unsigned V : P.LocalSlots) {
    auto *Slot = cast<AllocaInst>(Ref.Values[V]);
    Align A = Slot->getAlign();
    for (const OutlineSite &S : C.Sites)
      A = std::max(A, cast<AllocaInst>(S.Values[V])->getAlign());
    auto *Own = new AllocaInst(Slot->getAllocatedType(),
                               Slot->getAddressSpace(), Slot->getArraySize(),
                               A, Slot->getName(), Entry);
    VMap[Slot] = Own;
  }
}

/// Clones the reference site's instructions into their blocks' copies
/// and points their operands at the copies: values through VMap, blocks
/// through BlockMap, a branch out of the region at its exit's stub. A
/// region that falls through branches to the first stub. Returns the
/// clones, in the site's order.
static std::vector<Instruction *>
cloneRegion(const OutlineSite &Ref, const SiteShape &Shape,
            DenseMap<const BasicBlock *, BasicBlock *> &BlockMap,
            const std::vector<BasicBlock *> &Stubs,
            DenseMap<const Value *, Value *> &VMap) {
  unsigned FirstExplicit = Shape.FallsThrough ? 1 : 0;
  std::vector<Instruction *> Body;
  for (Instruction *I : Ref.Insts) {
    Instruction *New = I->clone();
    New->insertInto(BlockMap[I->getParent()], BlockMap[I->getParent()]->end());
    if (!I->getType()->isVoidTy())
      New->setName(I->getName());
    VMap[I] = New;
    Body.push_back(New);
  }
  for (Instruction *New : Body) {
    for (Use &U : New->operands()) {
      if (auto *BB = dyn_cast<BasicBlock>(U.get())) {
        auto Exit = find(Shape.Exits, BB);
        U.set(Exit != Shape.Exits.end()
                  ? Stubs[FirstExplicit + (Exit - Shape.Exits.begin())]
                  : BlockMap.lookup(BB));
      } else if (Value *Mapped = VMap.lookup(U.get())) {
        U.set(Mapped);
      }
    }
    if (auto *Phi = dyn_cast<PHINode>(New))
      for (unsigned K = 0; K < Phi->getNumIncomingValues(); ++K)
        Phi->setIncomingBlock(K, BlockMap.lookup(Phi->getIncomingBlock(K)));
  }
  if (Shape.FallsThrough)
    BranchInst::Create(Stubs.front(), BlockMap[Shape.Blocks.back()]);
  return Body;
}

/// Whether every operand of Body is F's own, a constant or metadata.
static bool ownsEveryOperand(const Function &F, ArrayRef<Instruction *> Body) {
  for (Instruction *New : Body)
    for (Value *Op : New->operands())
      if (!Op ||
          (isa<Instruction>(Op) &&
           cast<Instruction>(Op)->getFunction() != &F) ||
          (isa<Argument>(Op) && cast<Argument>(Op)->getParent() != &F) ||
          (isa<BasicBlock>(Op) && cast<BasicBlock>(Op)->getParent() != &F))
        return false;
  return true;
}

/// Fills F's stubs: each returns the exit's index or the returned output,
/// and stores the outputs the site's scheme asks for. False when the
/// returned output does not reach the way out.
static bool fillStubs(Function &F, const OutlineSite &Ref, const OutlinePlan &P,
                      const std::vector<BasicBlock *> &Stubs,
                      DenseMap<const Value *, Value *> &VMap) {
  LLVMContext &Ctx = F.getContext();
  const DataLayout &DL = F.getParent()->getDataLayout();
  for (unsigned E = 0; E < P.Exits; ++E) {
    IRBuilder<> B(Stubs[E]);
    if (P.Exits > 1)
      B.CreateRet(B.getInt32(E));
    else if (P.ReturnedOutput)
      B.CreateRet(VMap[Ref.Values[P.ReturnedOutput]]);
    else
      B.CreateRetVoid();
  }
  DominatorTree DT(F);
  auto Reaches = [&](unsigned V, BasicBlock *Stub) {
    auto *I = dyn_cast<Instruction>(VMap[Ref.Values[V]]);
    return I && DT.dominates(I, Stub->getTerminator());
  };
  if (P.ReturnedOutput && !Reaches(P.ReturnedOutput, Stubs.front()))
    return false;
  unsigned FirstSlot = P.Parameters.size();
  auto StoreOutputs = [&](BasicBlock *Stub, Instruction *Before,
                          const std::vector<bool> *Set) {
    for (unsigned K = 0; K < P.PointerOutputs.size(); ++K) {
      unsigned V = P.PointerOutputs[K];
      if ((Set && !(*Set)[K]) || !Reaches(V, Stub))
        continue;
      Value *Out = VMap[Ref.Values[V]];
      new StoreInst(Out, F.getArg(FirstSlot + K), false,
                    DL.getABITypeAlign(Out->getType()),
                    Before->getIterator());
    }
  };
  for (BasicBlock *Stub : Stubs) {
    if (!P.hasScheme()) {
      StoreOutputs(Stub, Stub->getTerminator(), nullptr);
      continue;
    }
    // switch (scheme) { case S: store S's outputs } then return.
    BasicBlock *Ret = Stub->splitBasicBlock(Stub->getTerminator(), "exit.ret");
    Stub->getTerminator()->eraseFromParent();
    IRBuilder<> B(Stub);
    SwitchInst *Sw =
        B.CreateSwitch(F.getArg(F.arg_size() - 1), Ret, P.Schemes.size());
    for (unsigned S = 0; S < P.Schemes.size(); ++S) {
      if (none_of(P.Schemes[S], [](bool B) { return B; }))
        continue;
      BasicBlock *Store = BasicBlock::Create(Ctx, "exit.store", &F, Ret);
      Instruction *Br = BranchInst::Create(Ret, Store);
      StoreOutputs(Stub, Br, &P.Schemes[S]);
      Sw->addCase(B.getInt32(S), Store);
    }
  }
  return true;
}

static Function *buildFunction(Module &M, const OutlineCandidate &C,
                               const OutlinePlan &P, const std::string &Name) {
  LLVMContext &Ctx = M.getContext();
  const OutlineSite &Ref = C.Sites.front();
  SiteShape Shape;
  readSiteShape(Ref, Shape);

  // The interface: parameters, output addresses, the scheme.
  Function *F = createInterface(M, Ref, P, Name);

  // The region's blocks, then one stub per exit.
  DenseMap<const BasicBlock *, BasicBlock *> BlockMap;
  for (BasicBlock *BB : Shape.Blocks)
    BlockMap[BB] = BasicBlock::Create(
        Ctx, BB == Shape.Blocks.front() ? "entry" : BB->getName(), F);
  std::vector<BasicBlock *> Stubs;
  for (unsigned E = 0; E < P.Exits; ++E)
    Stubs.push_back(BasicBlock::Create(Ctx, P.Exits > 1 ? "exit" : "", F));

  DenseMap<const Value *, Value *> VMap;
  nameArguments(*F, Ref, P, VMap);
  createLocalSlots(C, P, BlockMap[Shape.Blocks.front()], VMap);
  std::vector<Instruction *> Body =
      cloneRegion(Ref, Shape, BlockMap, Stubs, VMap);

  // Every operand must now be F's own, a constant or metadata.
  if (!ownsEveryOperand(*F, Body)) {
    F->eraseFromParent();
    return nullptr;
  }

  for (unsigned K = 0; K < Body.size(); ++K)
    intersectAcrossSites(*Body[K], C, K);
  setAttributes(*F, C, Body);

  // The stubs return the exit's index or the returned output, and store
  // the outputs the site's scheme asks for.
  if (!fillStubs(*F, Ref, P, Stubs, VMap)) {
    F->eraseFromParent();
    return nullptr;
  }
  // Its code is every site's at once: line 0 of its own artificial
  // subprogram where the sites have debug info, no location otherwise.
  DISubprogram *SP = attachSubprogram(*F, C);
  DebugLoc Line0 = SP ? DebugLoc(DILocation::get(Ctx, 0, 0, SP)) : DebugLoc();
  for (BasicBlock &BB : *F)
    for (Instruction &I : BB)
      I.setDebugLoc(Line0);
  // A stub reached by one branch joins the block before it.
  for (BasicBlock *Stub : Stubs)
    MergeBlockIntoPredecessor(Stub);
  return F;
}

//===----------------------------------------------------------------------===//
// The sites
//===----------------------------------------------------------------------===//

/// The location the call at S carries: the site's first.
static DebugLoc siteLocation(const OutlineSite &S) {
  for (Instruction *I : S.Insts)
    if (I->getDebugLoc())
      return I->getDebugLoc();
  if (DISubprogram *SP = S.F->getSubprogram())
    return DILocation::get(S.F->getContext(), 0, 0, SP);
  return DebugLoc();
}

namespace {

/// A site's region as whole blocks of its function.
struct SiteRegion {
  /// The region's first block, and the block after it when the region
  /// falls through (null otherwise).
  BasicBlock *Entry = nullptr, *Tail = nullptr;
  SmallVector<BasicBlock *, 4> Blocks;
  SmallPtrSet<BasicBlock *, 4> InRegion;
};

} // namespace

/// The region of S as whole blocks: split before its first instruction and
/// after its last.
static SiteRegion splitRegion(const OutlineSite &S, const SiteShape &Shape) {
  Instruction *First = S.Insts.front(), *Last = S.Insts.back();
  SiteRegion R;
  BasicBlock *FirstBB = First->getParent();
  R.Entry = First == &FirstBB->front()
                ? FirstBB
                : FirstBB->splitBasicBlock(First, "outlined.site");
  // The debug records in front of the first instruction after the region
  // describe the state after it: they go with that instruction (the head
  // bit), and follow the outputs to their replacements below.
  BasicBlock *LastBB = Last->getParent();
  if (Shape.FallsThrough) {
    BasicBlock::iterator After = std::next(Last->getIterator());
    After.setHeadBit(true);
    R.Tail = LastBB->splitBasicBlock(After);
  }
  for (BasicBlock *BB = R.Entry;; BB = BB->getNextNode()) {
    R.Blocks.push_back(BB);
    if (BB == LastBB)
      break;
  }
  R.InRegion.insert(R.Blocks.begin(), R.Blocks.end());
  return R;
}

/// The arguments site Index passes: its parameters' values, the addresses
/// of new stack slots (in F's entry, into Slots) for the outputs it uses,
/// poison for those it does not, and its scheme.
static SmallVector<Value *, 8>
callArguments(Function &F, const OutlinePlan &P, unsigned Index,
              const std::vector<Value *> &Values, IRBuilder<> &B,
              SmallVectorImpl<AllocaInst *> &Slots) {
  LLVMContext &Ctx = F.getContext();
  const DataLayout &DL = F.getDataLayout();
  SmallVector<Value *, 8> Args;
  for (unsigned V : P.Parameters)
    Args.push_back(Values[V]);
  PointerType *SlotTy = PointerType::get(Ctx, DL.getAllocaAddrSpace());
  for (unsigned K = 0; K < P.PointerOutputs.size(); ++K) {
    if (!P.Needs[Index][K]) {
      Slots.push_back(nullptr);
      Args.push_back(PoisonValue::get(SlotTy));
      continue;
    }
    Type *Ty = Values[P.PointerOutputs[K]]->getType();
    BasicBlock &FEntry = F.getEntryBlock();
    auto *Slot = new AllocaInst(Ty, DL.getAllocaAddrSpace(), nullptr,
                                DL.getPrefTypeAlign(Ty), "outlined.out",
                                FEntry.getFirstInsertionPt());
    Slots.push_back(Slot);
    Args.push_back(Slot);
  }
  if (P.hasScheme())
    Args.push_back(B.getInt32(P.SchemeOf[Index]));
  return Args;
}

/// Leaves the call block the way the region left: a branch to its one way
/// out, or a switch on the exit the call returns; the exits' phis take
/// their values from the call block, replaced where they were outputs.
static void leaveLikeRegion(IRBuilder<> &B, CallInst *Call, const SiteRegion &R,
                            const SiteShape &Shape,
                            const DenseMap<Value *, Value *> &Replacement,
                            DebugLoc Loc) {
  BasicBlock *CallBB = B.GetInsertBlock();
  SmallVector<BasicBlock *, 4> Targets;
  if (R.Tail)
    Targets.push_back(R.Tail);
  Targets.append(Shape.Exits.begin(), Shape.Exits.end());
  Instruction *Leave;
  if (Targets.size() == 1) {
    Leave = B.CreateBr(Targets.front());
  } else {
    SwitchInst *Sw = B.CreateSwitch(Call, Targets.front(), Targets.size() - 1);
    for (unsigned E = 1; E < Targets.size(); ++E)
      Sw->addCase(B.getInt32(E), Targets[E]);
    Leave = Sw;
  }
  Leave->setDebugLoc(Loc);
  for (BasicBlock *Exit : Shape.Exits)
    for (PHINode &Phi : Exit->phis()) {
      Value *In = nullptr;
      for (unsigned K = 0; K < Phi.getNumIncomingValues(); ++K)
        if (R.InRegion.contains(Phi.getIncomingBlock(K)))
          In = Phi.getIncomingValue(K);
      if (!In)
        continue;
      Phi.removeIncomingValueIf(
          [&](unsigned K) {
            return R.InRegion.contains(Phi.getIncomingBlock(K));
          },
          /*DeletePHIIfEmpty=*/false);
      Value *Rep = Replacement.lookup(In);
      Phi.addIncoming(Rep ? Rep : In, CallBB);
    }
}

/// The region goes; the values it handed on follow their replacements
/// (uses, debug records and handles alike). The stack slots that moved
/// into the outlined function go too, with the lifetime markers that were
/// all that was left of their uses.
static void eraseRegion(const SiteRegion &R, const OutlinePlan &P,
                        const std::vector<Value *> &Values,
                        DenseMap<Value *, Value *> &Replacement) {
  for (BasicBlock *BB : R.Blocks)
    for (Instruction &I : *BB)
      I.dropAllReferences();
  for (auto &[Old, New] : Replacement)
    Old->replaceAllUsesWith(New);
  for (BasicBlock *BB : R.Blocks)
    BB->eraseFromParent();
  for (unsigned V : P.LocalSlots) {
    auto *Slot = cast<AllocaInst>(Values[V]);
    for (User *U : make_early_inc_range(Slot->users()))
      cast<Instruction>(U)->eraseFromParent();
    Slot->eraseFromParent();
  }
}

static void rewriteSite(Function &Outlined, const OutlineCandidate &C,
                        const OutlinePlan &P, unsigned Index) {
  const OutlineSite &S = C.Sites[Index];
  Function &F = *S.F;
  // The site's values as they are now: rewriting an earlier site of the
  // group may have replaced one (an output of that site used by this one).
  std::vector<Value *> Values = S.current();
  LLVMContext &Ctx = F.getContext();
  const DataLayout &DL = F.getDataLayout();
  SiteShape Shape;
  readSiteShape(S, Shape);
  DebugLoc Loc = siteLocation(S);

  SiteRegion R = splitRegion(S, Shape);
  BasicBlock *Entry = R.Entry;

  // The call block takes the region's place.
  BasicBlock *CallBB = BasicBlock::Create(Ctx, "", &F, Entry);
  for (BasicBlock *Pred : to_vector(predecessors(Entry)))
    Pred->getTerminator()->replaceSuccessorWith(Entry, CallBB);
  // A computed goto's target: its address (a dispatch table's entry) now
  // names the call block, which stays where the region was.
  if (Entry->hasAddressTaken())
    if (BlockAddress *Address = BlockAddress::lookup(Entry))
      Address->replaceAllUsesWith(BlockAddress::get(&F, CallBB));
  IRBuilder<> B(CallBB);
  SmallVector<AllocaInst *, 4> Slots;
  SmallVector<Value *, 8> Args = callArguments(F, P, Index, Values, B, Slots);
  CallInst *Call = B.CreateCall(&Outlined, Args);
  Call->setDebugLoc(Loc);
  // In a function that uses constrained floating point, every call must
  // say so.
  if (F.hasFnAttribute(Attribute::StrictFP))
    Call->addFnAttr(Attribute::StrictFP);

  // What replaces each output the rest of the function uses.
  DenseMap<Value *, Value *> Replacement;
  if (P.ReturnedOutput && P.NeedsReturned[Index])
    Replacement[Values[P.ReturnedOutput]] = Call;
  for (unsigned K = 0; K < Slots.size(); ++K)
    if (Slots[K]) {
      Value *Old = Values[P.PointerOutputs[K]];
      LoadInst *Reload = B.CreateLoad(Old->getType(), Slots[K],
                                      Old->getName() + ".reload");
      Reload->setAlignment(DL.getPrefTypeAlign(Old->getType()));
      Reload->setDebugLoc(Loc);
      Replacement[Old] = Reload;
    }

  // Leave the way the region left.
  leaveLikeRegion(B, Call, R, Shape, Replacement, Loc);

  // The region goes, and the values it handed on follow their replacements.
  eraseRegion(R, P, Values, Replacement);

  // The call joins the code before it, and the code after it joins the call.
  MergeBlockIntoPredecessor(CallBB);
  if (R.Tail)
    MergeBlockIntoPredecessor(R.Tail);
}

Function *outlineCandidate(Module &M, const OutlineCandidate &C,
                           const OutlinePlan &P, const std::string &Name) {
  Function *F = buildFunction(M, C, P, Name);
  if (!F)
    return nullptr;
  for (unsigned S = 0; S < C.Sites.size(); ++S)
    rewriteSite(*F, C, P, S);
  return F;
}

} // namespace coalesce
