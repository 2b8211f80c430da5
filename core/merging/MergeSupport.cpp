//===- core/merging/MergeSupport.cpp - What every merging stage shares ----===//
//
// See MergeSupport.h.
//
//===----------------------------------------------------------------------===//

#include "core/merging/MergeSupport.h"

#include "core/comparison/FunctionOrder.h"

#include "llvm/IR/CallingConv.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace coalesce {

bool isEntryPoint(const Function &F) {
  switch (F.getCallingConv()) {
  case CallingConv::PTX_Kernel:
  case CallingConv::X86_INTR:
  case CallingConv::MSP430_INTR:
  case CallingConv::AVR_INTR:
  case CallingConv::AVR_SIGNAL:
    return true;
  default:
    return !isCallableCC(F.getCallingConv());
  }
}

// A block address may flow through phis, selects and the local slots of
// an unoptimized computed goto (an alloca only loaded and stored) into an
// indirectbr or a comparison; anything else (a return, a call, a store
// elsewhere, a cast, a global's initializer) lets it out of F.
static bool blockAddressesStayInside(const Function &F) {
  SmallVector<const Value *, 16> Work;
  SmallPtrSet<const Value *, 16> Seen;
  for (const BasicBlock &BB : F)
    if (BB.hasAddressTaken())
      if (const BlockAddress *BA = BlockAddress::lookup(&BB))
        Work.push_back(BA);
  auto OnlySlot = [&](const Value *Ptr) {
    auto *Slot = dyn_cast<AllocaInst>(Ptr);
    return Slot && Slot->getFunction() == &F &&
           all_of(Slot->uses(), [&](const Use &U) {
             if (isa<LoadInst>(U.getUser()))
               return true;
             auto *SI = dyn_cast<StoreInst>(U.getUser());
             return SI && U.getOperandNo() == SI->getPointerOperandIndex();
           });
  };
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    for (const Use &U : V->uses()) {
      auto *I = dyn_cast<Instruction>(U.getUser());
      if (!I || I->getFunction() != &F)
        return false;
      if (isa<IndirectBrInst>(I) || isa<ICmpInst>(I))
        continue;
      if (isa<PHINode>(I) || isa<SelectInst>(I) || isa<FreezeInst>(I)) {
        Work.push_back(I);
        continue;
      }
      auto *SI = dyn_cast<StoreInst>(I);
      if (!SI || U.getOperandNo() != 0 || !OnlySlot(SI->getPointerOperand()))
        return false;
      for (const User *Load : SI->getPointerOperand()->users())
        if (isa<LoadInst>(Load))
          Work.push_back(Load);
    }
  }
  return true;
}

const char *ineligibility(const Function &F, bool OwnBlockAddresses) {
  if (F.isDeclaration())
    return "declaration";
  if (F.hasAvailableExternallyLinkage())
    return "available_externally: the body is a copy kept for inlining only";
  if (F.hasFnAttribute(Attribute::Naked))
    return "naked: the body has no frame a thunk or a shared body could keep";
  if (isEntryPoint(F))
    return "entry point: the target starts it by itself (a GPU kernel, a "
           "shader stage, an interrupt handler), so it can be neither called "
           "nor an alias";
  if (takesBlockAddresses(F) &&
      !(OwnBlockAddresses && blockAddressesStayInside(F)))
    return "blockaddress: the address of one of its blocks is taken, and "
           "used outside its own computed gotos";
  return nullptr;
}

bool takesBlockAddresses(const Function &F) {
  return any_of(F, [](const BasicBlock &BB) { return BB.hasAddressTaken(); });
}

bool addressIsSignificant(const Function &F) {
  if (F.hasGlobalUnnamedAddr())
    return false;
  if (F.hasLocalLinkage())
    return !F.hasAtLeastLocalUnnamedAddr() &&
           F.hasAddressTaken(nullptr, /*IgnoreCallbackUses=*/false,
                             /*IgnoreAssumeLikeCalls=*/false,
                             /*IgnoreLLVMUsed=*/true);
  return true;
}

bool someUser(const Function &F, function_ref<bool(const User &)> Pred) {
  SmallVector<const User *, 16> Work(F.users());
  SmallPtrSet<const User *, 16> Seen;
  while (!Work.empty()) {
    const User *U = Work.pop_back_val();
    if (!Seen.insert(U).second)
      continue;
    if (isa<Instruction>(U) || isa<GlobalValue>(U)) {
      if (Pred(*U))
        return true;
    } else {
      append_range(Work, U->users());
    }
  }
  return false;
}

bool isInUsedList(const Use &U) {
  const User *Usr = U.getUser();
  if (!isa<ConstantArray>(Usr))
    return false;
  for (const User *Arr : Usr->users())
    if (auto *GV = dyn_cast<GlobalVariable>(Arr))
      if (GV->getName() == "llvm.used" || GV->getName() == "llvm.compiler.used")
        return true;
  return false;
}

namespace {
/// Converts V to type To when the two are equal under FunctionOrder's
/// coercions (pointer <-> integer of the same size, same-size vectors,
/// aggregates of those).
Value *coerceValue(IRBuilder<> &B, Value *V, Type *To) {
  Type *From = V->getType();
  if (From == To)
    return V;
  if (From->isPointerTy() && To->isIntegerTy())
    return B.CreatePtrToInt(V, To);
  if (From->isIntegerTy() && To->isPointerTy())
    return B.CreateIntToPtr(V, To);
  if (From->isAggregateType()) {
    Value *Result = PoisonValue::get(To);
    unsigned N = isa<StructType>(To) ? To->getStructNumElements()
                                     : To->getArrayNumElements();
    for (unsigned I = 0; I != N; ++I) {
      Value *Elt = B.CreateExtractValue(V, I);
      Type *EltTy = isa<StructType>(To) ? To->getStructElementType(I)
                                        : To->getArrayElementType();
      Result = B.CreateInsertValue(Result, coerceValue(B, Elt, EltTy), I);
    }
    return Result;
  }
  if (From->isVectorTy() && To->isVectorTy() &&
      From->getScalarType()->isPointerTy() != To->getScalarType()->isPointerTy())
    return From->getScalarType()->isPointerTy() ? B.CreatePtrToInt(V, To)
                                                : B.CreateIntToPtr(V, To);
  return B.CreateBitCast(V, To);
}

} // namespace

void intersectFlags(Instruction &K, const Instruction &J) {
  if (K.getRawSubclassOptionalData() == J.getRawSubclassOptionalData())
    return;
  K.andIRFlags(&J);
  // Every optional flag is an assumption (poison where it fails) or a
  // licence (fast-math): a flag left that J does not state, andIRFlags did
  // not know, and none is kept.
  if (K.getRawSubclassOptionalData() & ~J.getRawSubclassOptionalData())
    K.clearSubclassOptionalData();
}

void generalizeAssumptions(Function &Kept, Function &Dup) {
  LLVMContext &C = Kept.getContext();
  // Kinds that describe the code rather than constrain it stay as Kept has
  // them, or absent where Kept has none: branch weights, the memory
  // profile's allocation contexts and call-site ids (one body's !memprof
  // beside the other's !callsite would describe no call stack), source
  // locations for diagnostics. A profile taken from one body only.
  unsigned Descriptive[] = {LLVMContext::MD_prof,     LLVMContext::MD_annotation,
                            LLVMContext::MD_memprof,  LLVMContext::MD_callsite,
                            C.getMDKindID("srcloc"),
                            C.getMDKindID("heapallocsite")};
  forEachInstructionPair(Kept, Dup, [&](Instruction &K, Instruction &J) {
    intersectFlags(K, J);
    if (!K.hasMetadataOtherThanDebugLoc())
      return; // Kept assumes nothing here.
    MDNode *Saved[std::size(Descriptive)];
    for (size_t I = 0; I != std::size(Descriptive); ++I)
      Saved[I] = K.getMetadata(Descriptive[I]);
    combineMetadataForCSE(&K, &J, /*DoesKMove=*/true);
    for (size_t I = 0; I != std::size(Descriptive); ++I)
      K.setMetadata(Descriptive[I], Saved[I]);
  });
}

// AttributeList::intersectWith does the work. Type-carrying attributes
// (sret, byval, ...) name types that the order found structurally equal but
// that may be distinct types; Kept's are taken for both before
// intersecting.
std::optional<AttributeList> jointAttributes(AttributeList KA,
                                             const Function &Dup) {
  LLVMContext &C = Dup.getContext();
  AttributeList DA = Dup.getAttributes();
  for (unsigned I : DA.indexes())
    for (Attribute A : DA.getAttributes(I)) {
      if (!A.isTypeAttribute())
        continue;
      Attribute::AttrKind K = A.getKindAsEnum();
      Attribute Mine = KA.getAttributeAtIndex(I, K);
      if (Mine.isValid() && Mine != A)
        DA = DA.removeAttributeAtIndex(C, I, K).addAttributeAtIndex(C, I, Mine);
    }
  return KA.intersectWith(C, DA);
}

void moveBody(Function &From, Function &To) {
  To.splice(To.begin(), &From);
  for (unsigned I = 0, E = From.arg_size(); I != E; ++I) {
    To.getArg(I)->takeName(From.getArg(I));
    From.getArg(I)->replaceAllUsesWith(To.getArg(I));
  }
  // The body's locations belong to From's subprogram, which moves with them.
  if (DISubprogram *SP = From.getSubprogram()) {
    To.setSubprogram(SP);
    auto *Copy = cast<DISubprogram>(MDNode::replaceWithDistinct(SP->clone()));
    Copy->replaceRetainedNodes(MDTuple::get(From.getContext(), {}));
    From.setSubprogram(Copy);
  }
}

// Where To's address takes the place of From's (uses renamed, or an
// alias), To joins every CFI type id From had: a type test that accepted
// From's address must accept the address that now stands for it. (The
// order ignores !type only when no type test is left, see FunctionOrder;
// otherwise the two lists are already equal and this adds nothing.)
void inheritTypeIds(Function &To, const Function &From) {
  SmallVector<MDNode *, 2> Mine, Theirs;
  To.getMetadata(LLVMContext::MD_type, Mine);
  From.getMetadata(LLVMContext::MD_type, Theirs);
  for (MDNode *N : Theirs)
    if (!is_contained(Mine, N))
      To.addMetadata(LLVMContext::MD_type, *N);
}

void buildForwardingBody(Function &From, Function &Target, Constant *Callee,
                         ArrayRef<Constant *> Extra) {
  for (BasicBlock &BB : From)
    BB.dropAllReferences();
  while (!From.empty())
    From.begin()->eraseFromParent();
  if (From.hasPersonalityFn())
    From.setPersonalityFn(nullptr);

  LLVMContext &C = From.getContext();
  BasicBlock *Entry = BasicBlock::Create(C, "", &From);
  IRBuilder<> B(Entry);
  if (DISubprogram *SP = From.getSubprogram())
    B.SetCurrentDebugLocation(DILocation::get(C, SP->getScopeLine(), 0, SP));
  FunctionType *TargetTy = Target.getFunctionType();
  SmallVector<Value *, 8> Args;
  for (unsigned I = 0, E = From.arg_size(); I != E; ++I)
    Args.push_back(
        coerceValue(B, From.getArg(I), TargetTy->getParamType(I)));
  Args.append(Extra.begin(), Extra.end());
  CallInst *Call = B.CreateCall(TargetTy, Callee, Args);
  Call->setTailCallKind(CallInst::TCK_Tail);
  Call->setCallingConv(Target.getCallingConv());
  AttributeList TA = Target.getAttributes();
  SmallVector<AttributeSet, 8> ParamAttrs;
  for (unsigned I = 0, E = Target.arg_size(); I != E; ++I)
    ParamAttrs.push_back(TA.getParamAttrs(I));
  Call->setAttributes(
      AttributeList::get(C, AttributeSet(), TA.getRetAttrs(), ParamAttrs));
  if (From.getReturnType()->isVoidTy())
    B.CreateRetVoid();
  else
    B.CreateRet(coerceValue(B, Call, From.getReturnType()));
}

bool refersToItself(const Function &F) {
  return someUser(F, [&](const User &U) {
    auto *I = dyn_cast<Instruction>(&U);
    return I && I->getFunction() == &F;
  });
}

std::optional<SmallVector<CallBase *, 8>> rewritableCalls(Function &F) {
  SmallVector<CallBase *, 8> Calls;
  for (Use &U : F.uses()) {
    auto *CB = dyn_cast<CallBase>(U.getUser());
    if (!CB || !CB->isCallee(&U) || isa<CallBrInst>(CB) ||
        CB->isMustTailCall() ||
        CB->getFunctionType() != F.getFunctionType() ||
        CB->getCallingConv() != F.getCallingConv())
      return std::nullopt;
    Calls.push_back(CB);
  }
  return Calls;
}

std::optional<SmallVector<CallBase *, 8>> callsIfRemovable(Function &F,
                                                           FunctionType *Type) {
  if (F.getFunctionType() != Type || addressIsSignificant(F) ||
      F.isInterposable() ||
      !(F.hasLocalLinkage() || F.isDiscardableIfUnused()))
    return std::nullopt;
  return rewritableCalls(F);
}

AttributeList withArgumentMemory(LLVMContext &C, AttributeList A) {
  if (!A.hasFnAttr(Attribute::Memory))
    return A;
  MemoryEffects ME = A.getMemoryEffects();
  MemoryEffects Wider = ME | MemoryEffects::argMemOnly(ME.getModRef());
  if (Wider == ME)
    return A;
  return A.addFnAttribute(C, Attribute::getWithMemoryEffects(C, Wider));
}

bool hasPointer(ArrayRef<Constant *> Args) {
  return any_of(Args, [](Constant *C) { return C->getType()->isPointerTy(); });
}

void locateCall(CallBase &CB) {
  if (CB.getDebugLoc())
    return;
  if (DISubprogram *SP = CB.getFunction()->getSubprogram())
    CB.setDebugLoc(DILocation::get(CB.getContext(), 0, 0, SP));
}

void locateCallsOf(Function &F) {
  for (Use &U : F.uses())
    if (auto *CB = dyn_cast<CallBase>(U.getUser()))
      if (CB->isCallee(&U))
        locateCall(*CB);
}

void rewriteCall(CallBase &CB, Function &Shared, ArrayRef<Constant *> Extra) {
  SmallVector<Value *, 8> Args(CB.args());
  Args.append(Extra.begin(), Extra.end());
  SmallVector<OperandBundleDef, 1> Bundles;
  CB.getOperandBundlesAsDefs(Bundles);
  CallBase *New;
  if (auto *II = dyn_cast<InvokeInst>(&CB)) {
    New = InvokeInst::Create(Shared.getFunctionType(), &Shared,
                             II->getNormalDest(), II->getUnwindDest(), Args,
                             Bundles, "", CB.getIterator());
  } else {
    auto *CI = CallInst::Create(Shared.getFunctionType(), &Shared, Args,
                                Bundles, "", CB.getIterator());
    CI->setTailCallKind(cast<CallInst>(CB).getTailCallKind());
    New = CI;
  }
  New->setCallingConv(CB.getCallingConv());
  // The added arguments have no attributes.
  AttributeList A = CB.getAttributes();
  New->setAttributes(hasPointer(Extra) ? withArgumentMemory(CB.getContext(), A)
                                       : A);
  New->copyMetadata(CB);
  locateCall(*New);
  New->takeName(&CB);
  CB.replaceAllUsesWith(New);
  CB.eraseFromParent();
}

} // namespace coalesce
