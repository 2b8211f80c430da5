//===- core/outlining/Candidates.cpp - Groups of regions that can be outlined //
//
// Steps 1 and 2 of the outliner's essay (Outliner.cpp): from similarity
// groups to candidates. Nothing here changes the module.
//
//===----------------------------------------------------------------------===//

#include "core/outlining/Candidates.h"

#include "core/merging/MergeSupport.h"
#include "core/regions/Similarity.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Analysis/CaptureTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Metadata.h"

#include <map>
#include <set>

using namespace llvm;

namespace coalesce {

//===----------------------------------------------------------------------===//
// What never moves
//===----------------------------------------------------------------------===//

/// Intrinsics whose meaning depends on the function they run in: its frame,
/// its return address, its variable arguments, its own constant folding.
static bool frameBoundIntrinsic(Intrinsic::ID ID) {
  switch (ID) {
  case Intrinsic::returnaddress:
  case Intrinsic::addressofreturnaddress:
  case Intrinsic::frameaddress:
  case Intrinsic::sponentry:
  case Intrinsic::stacksave:
  case Intrinsic::stackrestore:
  case Intrinsic::localescape:
  case Intrinsic::localrecover:
  case Intrinsic::vastart:
  case Intrinsic::vaend:
  case Intrinsic::vacopy:
  case Intrinsic::objectsize:
  case Intrinsic::is_constant:
  case Intrinsic::eh_typeid_for:
  case Intrinsic::type_test:
  case Intrinsic::type_checked_load:
  case Intrinsic::experimental_deoptimize:
  case Intrinsic::experimental_guard:
  case Intrinsic::experimental_widenable_condition:
  case Intrinsic::allow_runtime_check:
  case Intrinsic::allow_ubsan_check:
  case Intrinsic::icall_branch_funnel:
    return true;
  default:
    return false;
  }
}

static bool isSwiftErrorValue(const Value *V) {
  if (auto *A = dyn_cast<Argument>(V))
    return A->hasSwiftErrorAttr();
  if (auto *AI = dyn_cast<AllocaInst>(V))
    return AI->isSwiftError();
  return false;
}

static bool namesBlockAddress(const Value *V) {
  auto *C = dyn_cast<Constant>(V);
  if (!C || isa<GlobalValue>(C))
    return false;
  if (isa<BlockAddress>(C))
    return true;
  for (const Use &Op : C->operands())
    if (namesBlockAddress(Op.get()))
      return true;
  return false;
}

const char *whyNotOutlinable(const Instruction &I) {
  if (I.getType()->isTokenTy())
    return "makes a token";
  for (const Use &Op : I.operands()) {
    if (Op->getType()->isTokenTy())
      return "uses a token";
    if (isSwiftErrorValue(Op.get()))
      return "uses a swifterror value";
    if (namesBlockAddress(Op.get()))
      return "names a blockaddress";
  }
  if (I.isEHPad())
    return "is an exception-handling pad";
  if (auto *AI = dyn_cast<AllocaInst>(&I))
    if (!AI->isStaticAlloca())
      return "is a variable-size alloca";
  auto *CB = dyn_cast<CallBase>(&I);
  if (!CB)
    return nullptr;
  if (isa<CallBrInst>(CB))
    return "is a callbr";
  if (auto *CI = dyn_cast<CallInst>(CB); CI && CI->isMustTailCall())
    return "is a musttail call";
  if (CB->hasFnAttr(Attribute::ReturnsTwice))
    return "calls a returns-twice function";
  // A convergent call may move into the outlined function: it keeps its
  // place in the region's control flow, the outlined function becomes
  // convergent, and the sites agree on it (the callee stays a constant,
  // compatibilityKey separates convergent functions from the others).
  if (CB->isConvergent() && !CB->getCalledFunction())
    return "is an indirect convergent call";
  if (CB->cannotDuplicate())
    return "calls a noduplicate function";
  if (CB->isInlineAsm())
    return "is inline assembly";
  if (CB->hasInAllocaArgument() || CB->countOperandBundlesOfType(
                                       LLVMContext::OB_preallocated))
    return "passes an inalloca or preallocated argument";
  if (CB->getNumOperandBundles())
    return "carries operand bundles";
  if (Function *Callee = CB->getCalledFunction())
    if (frameBoundIntrinsic(Callee->getIntrinsicID()))
      return "is an intrinsic bound to its function's frame";
  return nullptr;
}

const char *whyNotOutlinable(const Function &F) {
  if (F.isDeclaration())
    return "has no body";
  if (F.hasAvailableExternallyLinkage())
    return "is available_externally (its body is not emitted)";
  if (F.hasOptNone())
    return "is optnone";
  if (F.hasFnAttribute(Attribute::Naked))
    return "is naked";
  if (F.hasFnAttribute(Attribute::PresplitCoroutine))
    return "is a coroutine before splitting";
  if (F.hasGC())
    return "uses a garbage collector";
  if (isEntryPoint(F))
    return "is an entry point the target starts by itself (a GPU kernel, a "
           "shader stage, an interrupt handler): every start runs it, and "
           "no estimate counts the starts";
  if (F.hasFnAttribute("interrupt") ||
      F.hasFnAttribute("no_caller_saved_registers"))
    return "is an interrupt handler";
  return nullptr;
}

/// Function attributes that change how code in it is compiled or checked:
/// sites whose functions differ in any of them are never grouped, and the
/// outlined function copies them (Extraction.cpp).
static const char *const CompatibilityAttributes[] = {
    "target-cpu",        "target-features",      "tune-cpu",
    "denormal-fp-math",  "denormal-fp-math-f32", "frame-pointer",
    "probe-stack",       "stack-probe-size",     "no-builtins",
    "use-soft-float",    "branch-target-enforcement",
    "sign-return-address", "sign-return-address-key",
    "null-pointer-is-valid",
};

static const Attribute::AttrKind CompatibilityKinds[] = {
    Attribute::SanitizeAddress,   Attribute::SanitizeHWAddress,
    Attribute::SanitizeMemory,    Attribute::SanitizeThread,
    Attribute::SanitizeMemTag,    Attribute::SanitizeType,
    Attribute::SanitizeNumericalStability,
    Attribute::SanitizeRealtime,  Attribute::SanitizeRealtimeBlocking,
    Attribute::StrictFP,          Attribute::NullPointerIsValid,
    Attribute::SpeculativeLoadHardening,
    Attribute::ShadowCallStack,   Attribute::NoBuiltin,
};

/// The key two site functions must share to be grouped.
static std::string compatibilityKey(const Function &F) {
  std::string Key;
  for (const char *A : CompatibilityAttributes)
    Key += F.getFnAttribute(A).getValueAsString().str() + "|";
  for (Attribute::AttrKind K : CompatibilityKinds)
    Key += F.hasFnAttribute(K) ? '1' : '0';
  // no-builtin-<name> attributes, in the order the attribute set keeps.
  for (const Attribute &A : F.getAttributes().getFnAttrs())
    if (A.isStringAttribute() && A.getKindAsString().starts_with("no-builtin-"))
      Key += "|" + A.getKindAsString().str();
  if (F.hasSection())
    Key += "|section=" + F.getSection().str();
  if (F.isConvergent())
    Key += "|convergent";
  return Key;
}

void copyCompatibilityAttributes(const Function &From, Function &To) {
  for (const char *A : CompatibilityAttributes)
    if (From.hasFnAttribute(A))
      To.addFnAttr(From.getFnAttribute(A));
  for (Attribute::AttrKind K : CompatibilityKinds)
    if (From.hasFnAttribute(K))
      To.addFnAttr(K);
  for (const Attribute &A : From.getAttributes().getFnAttrs())
    if (A.isStringAttribute() && A.getKindAsString().starts_with("no-builtin-"))
      To.addFnAttr(A);
  if (From.hasSection())
    To.setSection(From.getSection());
}

/// Whether operand OpNo of I must stay a constant: an immarg argument, any
/// operand of an intrinsic (the code generator needs their constants to
/// choose its lowering), the callee, a struct index of a GEP.
static bool mustStayConstant(const Instruction &I, unsigned OpNo) {
  if (auto *CB = dyn_cast<CallBase>(&I)) {
    if (&CB->getOperandUse(OpNo) == &CB->getCalledOperandUse())
      return true;
    if (CB->getIntrinsicID() != Intrinsic::not_intrinsic)
      return true;
    return CB->isArgOperand(&CB->getOperandUse(OpNo)) &&
           CB->paramHasAttr(OpNo, Attribute::ImmArg);
  }
  if (auto *GEP = dyn_cast<GetElementPtrInst>(&I)) {
    if (OpNo < 2)
      return false;
    auto It = gep_type_begin(GEP);
    std::advance(It, OpNo - 1);
    return It.isStruct();
  }
  const Value *Op = I.getOperand(OpNo);
  return Op->getType()->isMetadataTy() || Op->getType()->isTokenTy();
}

//===----------------------------------------------------------------------===//
// Shape
//===----------------------------------------------------------------------===//

bool readSiteShape(const OutlineSite &S, SiteShape &Out) {
  Out = SiteShape();
  Instruction *First = S.Insts.front(), *Last = S.Insts.back();
  BasicBlock *FirstBB = First->getParent(), *LastBB = Last->getParent();
  if (!FirstBB || !LastBB || FirstBB->getParent() != S.F ||
      LastBB->getParent() != S.F)
    return false; // No longer in its function.

  // The instructions must be exactly First .. Last in layout order.
  Instruction *Expect = First;
  for (Instruction *I : S.Insts) {
    if (I != Expect)
      return false; // No longer one run of instructions.
    BasicBlock *BB = I->getParent();
    if (Out.Blocks.empty() || Out.Blocks.back() != BB)
      Out.Blocks.push_back(BB);
    if (I == Last)
      break;
    Expect = I->getNextNode();
    if (!Expect) {
      BasicBlock *Next = BB->getNextNode();
      if (!Next)
        return false;
      Expect = &Next->front();
    }
  }
  if (Out.Blocks.back() != LastBB)
    return false;
  Out.FallsThrough = !Last->isTerminator();
  // A site that ends among its last block's phis would leave the rest of
  // them in a block only the call enters: they could no longer tell which
  // way the site went.
  if (isa<PHINode>(Last) && isa<PHINode>(Last->getNextNode()))
    return false;

  DenseSet<const BasicBlock *> Inner; // Blocks the site owns from the start.
  for (unsigned K = 1; K < Out.Blocks.size(); ++K)
    Inner.insert(Out.Blocks[K]);
  bool StartsBlock = First == &FirstBB->front();
  auto TermInside = [&](const BasicBlock *BB) {
    return (BB == FirstBB || Inner.contains(BB)) &&
           (BB != LastBB || Last->isTerminator());
  };

  for (Instruction *I : S.Insts) {
    if (!I->isTerminator())
      continue;
    for (BasicBlock *Succ : successors(I)) {
      if (Inner.contains(Succ))
        continue;
      if (Succ == FirstBB && StartsBlock)
        return false; // A branch back to its own entry.
      if (!is_contained(Out.Exits, Succ))
        Out.Exits.push_back(Succ);
    }
  }
  // One entry: the blocks it owns are reached only from inside, and none
  // by its address (a computed goto's target, which cannot move to another
  // function; the entry block's address, where the site starts one, goes
  // to the call block that replaces it).
  for (const BasicBlock *BB : Inner) {
    if (BB->hasAddressTaken())
      return false;
    for (const BasicBlock *Pred : predecessors(BB))
      if (!TermInside(Pred))
        return false; // A second entry.
  }
  // Each exit's phis must take one value from the whole site, since one
  // call replaces all the edges the site leaves by.
  for (BasicBlock *Exit : Out.Exits)
    for (PHINode &Phi : Exit->phis()) {
      Value *Seen = nullptr;
      for (unsigned K = 0; K < Phi.getNumIncomingValues(); ++K) {
        if (!TermInside(Phi.getIncomingBlock(K)))
          continue;
        if (Seen && Seen != Phi.getIncomingValue(K))
          return false;
        Seen = Phi.getIncomingValue(K);
      }
    }
  return true;
}

//===----------------------------------------------------------------------===//
// Roles
//===----------------------------------------------------------------------===//

/// A site's instructions, for membership tests: sites are short, and a
/// small set is searched in place without hashing or allocating.
using SiteSet = SmallPtrSet<const Value *, 32>;

static bool usedOutside(const Value *V, const SiteSet &Inside) {
  for (const User *U : V->users()) {
    auto *UI = dyn_cast<Instruction>(U);
    if (!UI || !Inside.contains(UI))
      return true;
  }
  return false;
}

unsigned valuesUsedAfter(ArrayRef<Instruction *> Insts) {
  SiteSet Inside(Insts.begin(), Insts.end());
  return unsigned(count_if(Insts, [&](const Instruction *I) {
    return usedOutside(I, Inside);
  }));
}

std::vector<bool> usedAfter(const OutlineSite &S, ArrayRef<unsigned> Numbers) {
  SiteSet Inside(S.Insts.begin(), S.Insts.end());
  std::vector<bool> Used;
  for (unsigned V : Numbers)
    Used.push_back(usedOutside(S.Values[V], Inside));
  return Used;
}

/// Whether V is a stack slot of its function that only the site uses (and
/// lifetime markers around it) and that does not escape, with the same
/// shape as the reference's Ref: it can move into the outlined function.
static bool isLocalSlot(const Value *V,
                        const SiteSet &Inside, const Value *Ref) {
  auto *AI = dyn_cast<AllocaInst>(V);
  auto *RefAI = dyn_cast<AllocaInst>(Ref);
  if (!AI || !RefAI || !AI->isStaticAlloca() || AI->isSwiftError() ||
      AI->getAllocatedType() != RefAI->getAllocatedType() ||
      AI->getArraySize() != RefAI->getArraySize() ||
      AI->getAddressSpace() != RefAI->getAddressSpace())
    return false;
  // Every user of the slot's address, and of every address derived from
  // it (an element's, a cast's, a choice between addresses), is the
  // site's: an element's address used after the region would point into
  // the outlined function's frame, gone by then.
  SmallVector<const Value *, 8> Work = {AI};
  SmallPtrSet<const Value *, 8> Seen = {AI};
  while (!Work.empty()) {
    const Value *P = Work.pop_back_val();
    for (const User *U : P->users()) {
      auto *UI = dyn_cast<Instruction>(U);
      if (!UI)
        return false;
      if (auto *II = dyn_cast<IntrinsicInst>(UI);
          II && II->isLifetimeStartOrEnd())
        continue;
      if (!Inside.contains(UI))
        return false;
      if (UI->getType()->isPointerTy() && Seen.insert(UI).second)
        Work.push_back(UI);
    }
  }
  // Stored away or returned, its address could be used after the region,
  // when the outlined function's frame is gone.
  return !PointerMayBeCaptured(AI, /*ReturnCaptures=*/true);
}

/// Gives every common number its role across C's sites. Sites whose values
/// do not play the reference's roles are dropped (their mapping onto the
/// reference crosses the region's border differently).
static void assignRoles(OutlineCandidate &C) {
  unsigned N = C.Sites.front().Values.size();
  std::vector<SiteSet> Inside;
  for (const OutlineSite &S : C.Sites)
    Inside.emplace_back(S.Insts.begin(), S.Insts.end());

  // 0: a block, 1: the site's own instruction, 2: from outside.
  auto KindOf = [&](unsigned Site, const Value *V) {
    if (isa<BasicBlock>(V))
      return 0;
    if (auto *I = dyn_cast<Instruction>(V); I && Inside[Site].contains(I))
      return 1;
    return 2;
  };
  std::vector<bool> Keep(C.Sites.size(), true);
  for (unsigned S = 1; S < C.Sites.size(); ++S)
    for (unsigned V = 1; V < N; ++V)
      if (KindOf(S, C.Sites[S].Values[V]) != KindOf(0, C.Sites[0].Values[V]))
        Keep[S] = false;
  std::vector<OutlineSite> Kept;
  std::vector<SiteSet> KeptInside;
  for (unsigned S = 0; S < C.Sites.size(); ++S)
    if (Keep[S]) {
      Kept.push_back(std::move(C.Sites[S]));
      KeptInside.push_back(std::move(Inside[S]));
    }
  C.Sites = std::move(Kept);
  Inside = std::move(KeptInside);

  C.Roles.assign(N, OutlineRole::Internal);
  for (unsigned V = 1; V < N; ++V) {
    const Value *V0 = C.Sites[0].Values[V];
    OutlineRole &Role = C.Roles[V];
    switch (KindOf(0, V0)) {
    case 0:
      Role = OutlineRole::Exit;
      break;
    case 1:
      Role = OutlineRole::Internal;
      for (unsigned S = 0; S < C.Sites.size(); ++S)
        if (usedOutside(C.Sites[S].Values[V], Inside[S]))
          Role = OutlineRole::Output;
      break;
    default:
      Role = isa<Constant>(V0) || isa<MetadataAsValue>(V0)
                 ? OutlineRole::Shared
                 : OutlineRole::Parameter;
      for (const OutlineSite &S : C.Sites)
        if (S.Values[V] != V0)
          Role = OutlineRole::Parameter;
      if (Role == OutlineRole::Parameter &&
          all_of(seq<unsigned>(C.Sites.size()), [&](unsigned S) {
            return isLocalSlot(C.Sites[S].Values[V], Inside[S], V0);
          }))
        Role = OutlineRole::LocalSlot;
    }
  }
}

std::vector<int> exitPattern(const OutlineSite &S, const SiteShape &Shape) {
  std::vector<int> Pattern;
  int Base = Shape.FallsThrough ? 1 : 0;
  for (Instruction *I : S.Insts) {
    if (!I->isTerminator())
      continue;
    for (BasicBlock *Succ : successors(I)) {
      auto Exit = find(Shape.Exits, Succ);
      auto Inner = find(Shape.Blocks, Succ);
      if (Exit != Shape.Exits.end())
        Pattern.push_back(Base + int(Exit - Shape.Exits.begin()));
      else
        Pattern.push_back(-1 - int(Inner - Shape.Blocks.begin()));
    }
  }
  return Pattern;
}

bool refreshCandidate(OutlineCandidate &C) {
  std::vector<OutlineSite> Kept;
  std::vector<int> RefPattern;
  for (OutlineSite &S : C.Sites) {
    S.Values = S.current();
    SiteShape Shape;
    if (any_of(drop_begin(S.Values), [](const Value *V) { return !V; }) ||
        !readSiteShape(S, Shape))
      continue;
    std::vector<int> Pattern = exitPattern(S, Shape);
    if (Kept.empty())
      RefPattern = Pattern;
    else if (Pattern != RefPattern)
      continue;
    Kept.push_back(std::move(S));
  }
  C.Sites = std::move(Kept);
  if (C.Sites.size() < 2)
    return false;
  assignRoles(C);
  return C.Sites.size() >= 2;
}

//===----------------------------------------------------------------------===//
// From groups to candidates
//===----------------------------------------------------------------------===//

/// How many leading and trailing instructions of the reference region to
/// drop: leading phis (they name the blocks the region is entered from)
/// and trailing branches that only leave (the caller keeps its own).
static void trimAmounts(const std::vector<Instruction *> &Insts,
                        unsigned &Lead, unsigned &Tail) {
  Lead = 0;
  while (Lead < Insts.size() && isa<PHINode>(Insts[Lead]))
    ++Lead;
  Tail = 0;
  while (Tail + Lead < Insts.size()) {
    Instruction *Last = Insts[Insts.size() - 1 - Tail];
    if (!Last->isTerminator())
      break;
    // Blocks the remaining run owns from their start.
    DenseSet<const BasicBlock *> Owned;
    for (unsigned K = Lead + 1; K + Tail < Insts.size(); ++K)
      if (Insts[K]->getParent() != Insts[K - 1]->getParent())
        Owned.insert(Insts[K]->getParent());
    if (any_of(successors(Last),
               [&](const BasicBlock *S) { return Owned.contains(S); }))
      break;
    ++Tail;
  }
}

/// Functions numbered by their compatibility key: two functions get one
/// number when their keys are equal. Keys are built once per function.
class CompatibilityClasses {
public:
  explicit CompatibilityClasses(ArrayRef<MappedInstruction> Positions) {
    StringMap<unsigned> Numbers;
    for (const MappedInstruction &P : Positions) {
      if (!P.Inst)
        continue;
      const Function *F = P.Inst->getFunction();
      if (Of.count(F))
        continue;
      auto It = Numbers.try_emplace(compatibilityKey(*F), Numbers.size());
      Of[F] = It.first->second;
    }
  }
  unsigned of(const Function *F) const { return Of.lookup(F); }

private:
  DenseMap<const Function *, unsigned> Of;
};

/// Splits C where sites must not share one function: incompatible
/// function attributes, or a different constant where one must stay.
static void partition(OutlineCandidate C, const CompatibilityClasses &Classes,
                      std::vector<OutlineCandidate> &Out) {
  // Common numbers that are arguments but feed a must-stay operand.
  std::vector<bool> Pinned(C.Roles.size(), false);
  const OutlineSite &Ref = C.Sites.front();
  DenseMap<const Value *, unsigned> Number;
  for (unsigned V = 1; V < Ref.Values.size(); ++V)
    Number[Ref.Values[V]] = V;
  for (Instruction *I : Ref.Insts)
    for (unsigned Op = 0; Op < I->getNumOperands(); ++Op)
      if (mustStayConstant(*I, Op)) {
        auto It = Number.find(I->getOperand(Op));
        if (It != Number.end() && C.Roles[It->second] == OutlineRole::Parameter)
          Pinned[It->second] = true;
      }

  std::map<std::string, OutlineCandidate> Parts;
  std::vector<std::string> Order;
  for (OutlineSite &S : C.Sites) {
    std::string Key = utostr(Classes.of(S.F));
    for (unsigned V = 1; V < Pinned.size(); ++V)
      if (Pinned[V]) {
        const Value *Val = S.Values[V];
        // Only constants can be pinned; a value from outside never can.
        if (!isa<Constant>(Val) && !isa<MetadataAsValue>(Val))
          Key += "|site" + utostr(S.Start);
        Key += "|" + utohexstr(uintptr_t(Val));
      }
    auto [It, New] = Parts.try_emplace(Key);
    if (New)
      Order.push_back(Key);
    It->second.Sites.push_back(std::move(S));
  }
  // One part with every site keeps the roles it has.
  if (Order.size() == 1) {
    C.Sites = std::move(Parts.begin()->second.Sites);
    Out.push_back(std::move(C));
    return;
  }
  for (const std::string &Key : Order) {
    OutlineCandidate &P = Parts[Key];
    if (P.Sites.size() < 2)
      continue;
    assignRoles(P);
    if (P.Sites.size() >= 2)
      Out.push_back(std::move(P));
  }
}

namespace {

/// Whether Op, an operand of code being outlined, must be handed in from
/// outside unless it is defined inside.
static bool isInput(const Value *Op) {
  return isa<Argument>(Op) || (isa<Instruction>(Op) && !isa<AllocaInst>(Op));
}

/// countInputs of a run of the module string, read from the mapper's
/// value ids (no hashing): a value is inside the run if it is the
/// instruction at one of its positions. With a traffic, also how many of
/// the inputs are defined in Near (near) and how many elsewhere (far).
class InputCounter {
public:
  unsigned count(const InstructionMapper &Mapper, unsigned Start,
                 unsigned Length, const BasicBlock *Near = nullptr,
                 SiteTraffic *Traffic = nullptr) {
    Seen.restart(Mapper.valueCount());
    unsigned Inputs = 0;
    for (unsigned P = Start; P != Start + Length; ++P) {
      ArrayRef<Value *> Ops = Mapper.operandsAt(P);
      ArrayRef<unsigned> Ids = Mapper.operandIdsAt(P);
      for (unsigned K = 0; K != Ops.size(); ++K) {
        int At = Mapper.positionOfId(Ids[K]);
        if ((At >= int(Start) && At < int(Start + Length)) || !isInput(Ops[K]))
          continue;
        bool New;
        Seen.get(Ids[K], New);
        if (!New)
          continue;
        ++Inputs;
        if (Traffic) {
          auto *I = dyn_cast<Instruction>(Ops[K]);
          ++(I && I->getParent() == Near ? Traffic->NearInputs
                                         : Traffic->FarInputs);
        }
      }
    }
    return Inputs;
  }

private:
  GenerationTable<char> Seen; ///< The inputs counted so far.
};

/// What finding one group's candidates needs besides the group: shared
/// and read only, or (Scratch) one per thread.
struct CandidateSearch {
  const SimilarityAnalysis &S;
  unsigned MinLength;
  GroupFilter Promising;
  /// Whether each position of the module string may be outlined.
  const std::vector<char> &Movable;
  const CompatibilityClasses &Compatible;

  struct Scratch {
    /// The starts of the current group's sites so far (all of one length).
    std::set<unsigned> Covered;
    std::vector<unsigned> Starts; ///< The current group's, trimmed.
    SimilarityAnalysis::ValuesCachePtr Values;
    std::vector<SiteTraffic> Traffic; ///< By site.
    InputCounter Inputs;
  };

  void group(const SimilarityGroup &G, Scratch &Tmp,
             std::vector<OutlineCandidate> &Out) const;
};

} // namespace

void CandidateSearch::group(const SimilarityGroup &G, Scratch &Tmp,
                            std::vector<OutlineCandidate> &Out) const {
  std::set<unsigned> &Covered = Tmp.Covered;
  std::vector<unsigned> &Starts = Tmp.Starts;
  std::vector<Instruction *> Reference = S.instructions(G.Regions.front());
  unsigned Lead, Tail;
  trimAmounts(Reference, Lead, Tail);
  if (G.Length < Lead + Tail + std::max(MinLength, 2u))
    return;
  Starts.clear();
  for (const SimilarRegion &R : G.Regions)
    Starts.push_back(R.Start + Lead);
  unsigned Inputs = Tmp.Inputs.count(S.mapper(), G.Regions.front().Start + Lead,
                                     G.Length - Lead - Tail);
  if (!Promising(Starts, G.Length - Lead - Tail, Inputs, {}))
    return;

  // The trimmed regions, legal sites only, none overlapping an earlier,
  // and how each leaves (what refreshCandidate would ask of them).
  SimilarityGroup Trimmed;
  Trimmed.Length = G.Length - Lead - Tail;
  std::vector<OutlineSite> Sites;
  std::vector<std::vector<int>> Patterns;
  std::vector<SiteTraffic> &Traffic = Tmp.Traffic;
  Traffic.clear();
  // A site of the same length as an earlier one overlaps it if it starts
  // less than a length away.
  auto Overlaps = [&](unsigned Start) {
    auto It = Covered.lower_bound(Start + 1 > Trimmed.Length
                                      ? Start + 1 - Trimmed.Length
                                      : 0);
    return It != Covered.end() && *It < Start + Trimmed.Length;
  };
  Covered.clear();
  for (const SimilarRegion &R : G.Regions) {
    OutlineSite Site;
    Site.Start = R.Start + Lead;
    Site.Length = Trimmed.Length;
    if (Overlaps(Site.Start) ||
        !std::all_of(Movable.begin() + Site.Start,
                     Movable.begin() + Site.Start + Site.Length,
                     [](char M) { return M; }))
      continue;
    Site.Insts = S.instructions({Site.Start, Site.Length, nullptr, nullptr});
    Site.F = Site.Insts.front()->getFunction();
    if (whyNotOutlinable(*Site.F))
      continue;
    SiteShape Shape;
    if (!readSiteShape(Site, Shape))
      continue;
    SiteTraffic T;
    T.Outputs = valuesUsedAfter(Site.Insts);
    Tmp.Inputs.count(S.mapper(), Site.Start, Site.Length,
                     Site.Insts.front()->getParent(), &T);
    Traffic.push_back(T);
    Covered.insert(Site.Start);
    Trimmed.Regions.push_back(
        {Site.Start, Site.Length, Site.Insts.front(), Site.Insts.back()});
    Patterns.push_back(exitPattern(Site, Shape));
    Sites.push_back(std::move(Site));
  }
  if (Sites.size() < 2)
    return;
  // The same question again of the sites that are left, with what each
  // must hand back.
  Starts.clear();
  for (const OutlineSite &Site : Sites)
    Starts.push_back(Site.Start);
  if (!Promising(Starts, Trimmed.Length, Inputs, Traffic))
    return;

  // Every site's values in the reference's numbering; the sites that
  // leave as the first does.
  OutlineCandidate C;
  unsigned N = 0;
  const std::vector<int> *RefPattern = nullptr;
  for (unsigned K = 0; K < Sites.size(); ++K) {
    RegionValues RV;
    if (!S.regionValues(Trimmed, K, RV, *Tmp.Values))
      continue;
    if (K == 0)
      N = RV.Values.size();
    if (RV.Values.size() != N)
      continue;
    OutlineSite &Site = Sites[K];
    Site.Values.resize(N + 1);
    bool Complete = true;
    for (unsigned V = 0; V < N; ++V) {
      if (RV.Canonical[V] == 0 || RV.Canonical[V] > N)
        Complete = false;
      else
        Site.Values[RV.Canonical[V]] = RV.Values[V];
    }
    if (!Complete || (K != 0 && C.Sites.empty()))
      continue;
    if (!RefPattern)
      RefPattern = &Patterns[K];
    else if (Patterns[K] != *RefPattern)
      continue;
    C.Sites.push_back(std::move(Site));
  }
  if (C.Sites.size() < 2)
    return;
  assignRoles(C);
  if (C.Sites.size() >= 2)
    partition(std::move(C), Compatible, Out);
}

unsigned countInputs(const Instruction &I) {
  SmallVector<const Value *, 8> Inputs;
  for (const Value *Op : I.operands())
    if (Op != &I && isInput(Op) && !is_contained(Inputs, Op))
      Inputs.push_back(Op);
  return Inputs.size();
}

void findCandidates(const SimilarityAnalysis &S, unsigned MinLength,
                    GroupFilter Promising, CandidateSink Take) {
  ArrayRef<MappedInstruction> Positions = S.mapper().positions();
  std::vector<char> Movable(Positions.size());
  forEachIndex(S.options().Threads, Positions.size(), [&](size_t P) {
    Movable[P] = Positions[P].Inst && !whyNotOutlinable(*Positions[P].Inst);
  });

  // Every group on its own: they only read the IR, so they run in
  // parallel. A task takes its share of the groups (TaskShares) and keeps
  // its scratch (the encoder's tables are as large as the module's values).
  CompatibilityClasses Compatible(Positions);
  CandidateSearch Search{S, MinLength, Promising, Movable, Compatible};
  ArrayRef<SimilarityGroup> Groups = S.groups();
  TaskShares Shares(S.options().Threads, Groups.size(), /*Chunk=*/32);
  forEachIndex(S.options().Threads, Shares.tasks(), [&](size_t T) {
    CandidateSearch::Scratch Tmp{{}, {}, S.makeValuesCache(), {}, {}};
    std::vector<OutlineCandidate> Found;
    Shares.forEachItem(T, [&](size_t G) {
      if (Groups[G].Regions.size() < 2)
        return;
      Search.group(Groups[G], Tmp, Found);
      for (OutlineCandidate &C : Found)
        Take(G, std::move(C));
      Found.clear();
    });
  });
}

} // namespace coalesce
