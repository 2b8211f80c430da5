//===- core/size/SizeFeatures.cpp - What a function's code is made of ------===//
//
// One walk over a function that sorts every instruction into the features
// of Features.def. The sorting follows what instruction selection does with
// the instruction where it stands, as far as IR shows it: see each case.
//
//===----------------------------------------------------------------------===//

#include "core/size/SizeFeatures.h"
#include "core/size/TailMerging.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

#include <algorithm>
#include <optional>

using namespace llvm;

namespace coalesce {

const char *featureName(Feature F) {
  static const char *const Names[] = {
#define COALESCE_FEATURE(Name, Description) #Name,
#include "core/size/Features.def"
  };
  return Names[unsigned(F)];
}

const char *featureDescription(Feature F) {
  static const char *const Descriptions[] = {
#define COALESCE_FEATURE(Name, Description) Description,
#include "core/size/Features.def"
  };
  return Descriptions[unsigned(F)];
}

static bool clobbers(const Instruction &I);

namespace {

/// Functions with more instructions than this price their branches as
/// long (LongBranch).
constexpr unsigned LongBranchInstructions = 128;

/// Values live across calls beyond this many cost a stack slot and reloads
/// (SpilledValue): more than callee-saved registers hold, counted loosely
/// (a value across one call is not live across all), so fitted, not the
/// register file's count.
constexpr unsigned SavedRegisters = 32;

void add(FeatureCounts &C, Feature F, double N = 1) { C[unsigned(F)] += N; }

/// Intrinsics that leave no code behind.
bool isFreeIntrinsic(Intrinsic::ID ID) {
  switch (ID) {
  case Intrinsic::assume:
  case Intrinsic::lifetime_start:
  case Intrinsic::lifetime_end:
  case Intrinsic::invariant_start:
  case Intrinsic::invariant_end:
  case Intrinsic::launder_invariant_group:
  case Intrinsic::strip_invariant_group:
  case Intrinsic::experimental_noalias_scope_decl:
  case Intrinsic::sideeffect:
  case Intrinsic::pseudoprobe:
  case Intrinsic::dbg_declare:
  case Intrinsic::dbg_value:
  case Intrinsic::dbg_assign:
  case Intrinsic::dbg_label:
  case Intrinsic::type_test:
  case Intrinsic::public_type_test:
  case Intrinsic::donothing:
  case Intrinsic::objectsize:
  case Intrinsic::is_constant:
  case Intrinsic::expect:
  case Intrinsic::expect_with_probability:
  case Intrinsic::ssa_copy:
  case Intrinsic::allow_runtime_check:
  case Intrinsic::allow_ubsan_check:
    return true;
  default:
    return false;
  }
}

/// A memset: it stores a value, where the others copy.
bool isMemoryFill(Intrinsic::ID ID) {
  return ID == Intrinsic::memset || ID == Intrinsic::memset_inline;
}

bool isMemoryIntrinsic(Intrinsic::ID ID) {
  return ID == Intrinsic::memcpy || ID == Intrinsic::memmove ||
         ID == Intrinsic::memset || ID == Intrinsic::memcpy_inline ||
         ID == Intrinsic::memset_inline;
}

/// Whether I leaves no machine code of its own.
bool isFree(const Instruction &I) {
  if (auto *II = dyn_cast<IntrinsicInst>(&I))
    return isFreeIntrinsic(II->getIntrinsicID());
  if (isa<BitCastInst>(I) || isa<AddrSpaceCastInst>(I) || isa<FreezeInst>(I))
    return true;
  // Pointer <-> integer of the pointer's width is a register rename.
  if (isa<PtrToIntInst>(I) || isa<IntToPtrInst>(I) ||
      I.getOpcode() == Instruction::PtrToAddr) {
    const DataLayout &DL = I.getDataLayout();
    Type *Int = I.getType()->isPtrOrPtrVectorTy() ? I.getOperand(0)->getType()
                                                  : I.getType();
    Type *Ptr = I.getType()->isPtrOrPtrVectorTy() ? I.getType()
                                                  : I.getOperand(0)->getType();
    return DL.getTypeSizeInBits(Int) == DL.getPointerTypeSizeInBits(Ptr);
  }
  if (auto *G = dyn_cast<GetElementPtrInst>(&I))
    return G->hasAllZeroIndices();
  return false;
}

/// Whether the pointer P is a global's address, perhaps at a constant
/// offset: an access through it encodes the address (RIP-relative on
/// x86-64, adrp on AArch64) rather than using a register.
bool isGlobalAddress(const Value *P) {
  return isa<GlobalValue>(P->stripInBoundsConstantOffsets());
}

bool isStackAddress(const Value *P) {
  return isa<AllocaInst>(P->stripInBoundsConstantOffsets());
}

/// The next instruction after I that leaves code, or null at the block end.
const Instruction *nextReal(const Instruction &I) {
  for (const Instruction *N = I.getNextNode(); N; N = N->getNextNode())
    if (!isFree(*N))
      return N;
  return nullptr;
}

/// The first instruction of BB that leaves code.
const Instruction *firstReal(const BasicBlock &BB) {
  for (const Instruction &I : BB)
    if (!isFree(I))
      return &I;
  return nullptr;
}

/// A call whose result the function returns at once: code generation makes
/// it a jump, and the return disappears. That holds also when the call's
/// block branches to a block that only returns (the call's result, through
/// a phi, or nothing): code generation duplicates the return into the
/// call's block (`if (p) return f(p);`).
bool isTailPosition(const CallInst &CI) {
  if (CI.isNoTailCall() || isa<InlineAsm>(CI.getCalledOperand()))
    return false;
  const Instruction *Next = nextReal(CI);
  const ReturnInst *Ret = dyn_cast_or_null<ReturnInst>(Next);
  const Value *Result = &CI;
  if (auto *Br = dyn_cast_or_null<BranchInst>(Next);
      Br && Br->isUnconditional()) {
    const BasicBlock *Succ = Br->getSuccessor(0);
    const Instruction *First = firstReal(*Succ);
    if (auto *Phi = dyn_cast_or_null<PHINode>(First)) {
      if (!Phi->hasOneUse() || Phi->getIncomingValueForBlock(CI.getParent()) !=
                                   &CI)
        return false;
      Result = Phi;
      First = nextReal(*Phi);
    }
    Ret = dyn_cast_or_null<ReturnInst>(First);
  }
  if (!Ret)
    return false;
  const Value *RV = Ret->getReturnValue();
  return !RV || RV->stripPointerCasts() == Result;
}

/// Whether the return or branch I ends a block whose last real instruction
/// before it is a call in tail position: I leaves no code there.
bool followsTailCall(const Instruction &I) {
  for (const Instruction *P = I.getPrevNode(); P; P = P->getPrevNode()) {
    if (isFree(*P))
      continue;
    auto *CI = dyn_cast<CallInst>(P);
    return CI && isTailPosition(*CI);
  }
  return false;
}

bool isParameter(const Use &U, ParameterOf AsParameter) {
  return AsParameter && AsParameter(U) >= 0;
}

/// An operand that instruction selection encodes in the instruction (an
/// immediate) rather than in a register.
bool isImmediate(const Use &U, ParameterOf AsParameter) {
  return isa<Constant>(U.get()) && !isa<GlobalValue>(U.get()) &&
         !isa<ConstantExpr>(U.get()) && !isParameter(U, AsParameter);
}

/// Whether U, a use of an integer constant, is one that x86-64's
/// instruction selection counts when it decides to keep the constant in a
/// register: a store's value (beside 0 and -1, which keep their short
/// forms, andl $0 and orl $-1, at any count) or the operand of an
/// operation that does not fit a byte (one that fits has a short form).
bool sharableConstantUse(const Use &U, ParameterOf AsParameter) {
  auto *CI = dyn_cast<ConstantInt>(U.get());
  if (!CI || isParameter(U, AsParameter))
    return false;
  auto *I = cast<Instruction>(U.getUser());
  if (isa<StoreInst>(I))
    return U.getOperandNo() == 0 && !CI->isZero() && !CI->isMinusOne();
  return (isa<BinaryOperator>(I) || isa<ICmpInst>(I)) &&
         !CI->getValue().isSignedIntN(8);
}

/// Whether U, a use of an integer constant, finds that constant already in
/// a register: an earlier use of it in the same block is one that
/// sharableConstantUse counts. Optimizing for size, x86-64 moves a
/// constant that a block uses more than once so into a register once
/// (`pushq $1; popq %rax`, 3 bytes) and stores the register: two stores
/// of 1000 are 3 instructions and 9 bytes, not 2 and 12. AArch64 and
/// RISC-V store no immediates: a block's one register for the constant
/// serves every store. The search looks back a bounded distance.
bool sharesConstantRegister(const Use &U, ParameterOf AsParameter) {
  if (!sharableConstantUse(U, AsParameter))
    return false;
  unsigned Looked = 0;
  for (const Instruction *P = cast<Instruction>(U.getUser())->getPrevNode();
       P && Looked < 64; P = P->getPrevNode(), ++Looked)
    for (const Use &Q : P->operands())
      if (Q.get() == U.get() && sharableConstantUse(Q, AsParameter))
        return true;
  return false;
}

/// Whether V, an operand, is a global's address (perhaps at a constant
/// offset) that code must make in a register.
bool isGlobalAddressConstant(const Value *V) {
  return isa<GlobalValue>(V) || (isa<ConstantExpr>(V) && isGlobalAddress(V));
}

/// Operands that need code of their own to materialize: wide integers,
/// floating-point constants (a constant-pool load), globals' addresses.
void countOperandConstants(const Instruction &I, FeatureCounts &C,
                           ParameterOf AsParameter) {
  for (const Use &U : I.operands()) {
    if (isParameter(U, AsParameter))
      continue;
    const Value *V = U.get();
    if (auto *CI = dyn_cast<ConstantInt>(V)) {
      if (!CI->getValue().isSignedIntN(32) &&
          !sharesConstantRegister(U, AsParameter))
        add(C, Feature::WideImmediate);
    } else if (isa<ConstantFP>(V) && !cast<ConstantFP>(V)->isZero()) {
      add(C, Feature::FloatConstant);
    } else if (isGlobalAddressConstant(V)) {
      add(C, Feature::GlobalAddress);
    }
  }
}

/// Whether G leaves no code of its own: every use folds it, as the address
/// of a load or store, or, for a stack address, as a call argument (which
/// ArgumentStack prices: the one instruction that puts the frame address
/// plus the offset in the argument register).
bool foldedIntoUsers(const GetElementPtrInst &G) {
  if (G.use_empty())
    return false;
  for (const Use &U : G.uses()) {
    const User *Usr = U.getUser();
    if (auto *L = dyn_cast<LoadInst>(Usr)) {
      if (L->getPointerOperand() != &G)
        return false;
    } else if (auto *S = dyn_cast<StoreInst>(Usr)) {
      if (S->getPointerOperand() != &G)
        return false;
    } else if (auto *CB = dyn_cast<CallBase>(Usr)) {
      if (!CB->isArgOperand(&U) || !isStackAddress(&G))
        return false;
    } else {
      return false;
    }
  }
  return true;
}

/// A load whose one use is an arithmetic operation or compare in its own
/// block: where the target has memory operands, the two are one
/// instruction.
bool isMemoryOperand(const LoadInst &L) {
  if (!L.hasOneUse() || L.isVolatile() || L.getType()->isVectorTy())
    return false;
  auto *U = dyn_cast<Instruction>(*L.user_begin());
  return U && U->getParent() == L.getParent() &&
         (isa<BinaryOperator>(U) || isa<CmpInst>(U));
}

/// The store of `*P = *P op X` when B is its op: B's one use is a store
/// back to the address one of its operands was loaded from, the load's one
/// use is B, all in one block. Null when B is anything else.
const StoreInst *readModifyWriteStore(const BinaryOperator &B) {
  if (!B.hasOneUse() || B.getType()->isVectorTy())
    return nullptr;
  auto *S = dyn_cast<StoreInst>(*B.user_begin());
  if (!S || S->getValueOperand() != &B || S->getParent() != B.getParent() ||
      S->isVolatile())
    return nullptr;
  for (const Value *Op : B.operands()) {
    auto *L = dyn_cast<LoadInst>(Op);
    if (L && L->hasOneUse() && !L->isVolatile() &&
        L->getParent() == B.getParent() &&
        L->getPointerOperand() == S->getPointerOperand())
      return S;
  }
  return nullptr;
}

/// Whether L is the load of a read-modify-write (readModifyWriteStore).
bool isReadModifyWriteLoad(const LoadInst &L) {
  if (!L.hasOneUse())
    return false;
  auto *B = dyn_cast<BinaryOperator>(*L.user_begin());
  const StoreInst *S = B ? readModifyWriteStore(*B) : nullptr;
  return S && S->getPointerOperand() == L.getPointerOperand();
}

/// A compare whose one use is the conditional branch ending its block.
bool feedsOwnBranch(const CmpInst &C) {
  if (!C.hasOneUse())
    return false;
  auto *B = dyn_cast<BranchInst>(*C.user_begin());
  return B && B->getParent() == C.getParent();
}

/// Whether T is passed in a floating-point register (else an integer one),
/// or None for what takes no single register of either class.
std::optional<bool> registerClassIsFloat(const Type &T) {
  if (T.isFloatTy() || T.isDoubleTy())
    return true;
  if (T.isPointerTy() || (T.isIntegerTy() && T.getIntegerBitWidth() <= 64))
    return false;
  return std::nullopt;
}

/// Whether the call argument A is the result of the call just before (its
/// only use, nothing that clobbers registers between them) passed on as
/// the first argument of its class: it is in that register already where
/// the calling convention returns values in the register it passes the
/// first argument in. Floats: x86-64's xmm0, AArch64's d0, RISC-V's fa0;
/// integers: AArch64's x0 and RISC-V's a0, not x86-64 (returned in rax,
/// passed in rdi). mujs's Math_acos passes js_tonumber's result to acos
/// and acos's to js_pushnumber without a move.
bool resultInPlace(const Use &A) {
  auto *Prev = dyn_cast<CallInst>(A.get());
  auto *CB = cast<CallBase>(A.getUser());
  if (!Prev || isa<IntrinsicInst>(Prev) || !Prev->hasOneUse() ||
      Prev->getParent() != CB->getParent())
    return false;
  std::optional<bool> Float = registerClassIsFloat(*Prev->getType());
  if (!Float)
    return false;
  if (!*Float && Triple(CB->getModule()->getTargetTriple()).isX86())
    return false;
  for (unsigned I = 0, N = CB->getArgOperandNo(&A); I != N; ++I) {
    std::optional<bool> Before =
        registerClassIsFloat(*CB->getArgOperand(I)->getType());
    if (!Before || *Before == *Float)
      return false;
  }
  for (const Instruction *I = Prev->getNextNode(); I != CB;
       I = I->getNextNode())
    if (clobbers(*I))
      return false;
  return true;
}

void countCall(const CallBase &CB, FeatureCounts &C, ParameterOf AsParameter) {
  bool Tail = isa<CallInst>(CB) && isTailPosition(cast<CallInst>(CB));
  if (isa<InvokeInst>(CB))
    add(C, Feature::Invoke);
  else if (Tail)
    add(C, Feature::TailCall);
  else if (CB.isIndirectCall() ||
           isParameter(CB.getCalledOperandUse(), AsParameter))
    add(C, Feature::IndirectCall);
  else
    add(C, Feature::Call);
  if (!Tail && !CB.use_empty())
    add(C, Feature::CallResult);
  for (const Use &A : CB.args()) {
    for (const ArgumentPlace &Place : ArgumentPlaces)
      if (CB.getArgOperandNo(&A) >= Place.From)
        add(C, Place.F);
    // The caller's own argument in the same place is where the callee
    // wants it already.
    auto *Own = dyn_cast<Argument>(A.get());
    if (Own && Own->getArgNo() == CB.getArgOperandNo(&A))
      continue;
    if (resultInPlace(A))
      continue;
    if (isParameter(A, AsParameter))
      add(C, Feature::ArgumentRegister);
    else
      add(C, argumentFeature(A));
  }
}

void countBinary(const BinaryOperator &B, FeatureCounts &C,
                 ParameterOf AsParameter) {
  if (B.getType()->isVectorTy()) {
    add(C, Feature::VectorOp);
    return;
  }
  switch (B.getOpcode()) {
  case Instruction::FAdd:
  case Instruction::FSub:
  case Instruction::FMul:
  case Instruction::FDiv:
  case Instruction::FRem:
    add(C, Feature::FloatOp);
    return;
  case Instruction::Mul:
    add(C, Feature::Multiply);
    return;
  case Instruction::UDiv:
  case Instruction::SDiv:
  case Instruction::URem:
  case Instruction::SRem:
    add(C, isImmediate(B.getOperandUse(1), AsParameter)
               ? Feature::DivideConstant
               : Feature::Divide);
    return;
  default: {
    auto Encoded = [&](const Use &U) {
      return isImmediate(U, AsParameter) &&
             !sharesConstantRegister(U, AsParameter);
    };
    add(C, Encoded(B.getOperandUse(0)) || Encoded(B.getOperandUse(1))
               ? Feature::IntegerOpImmediate
               : Feature::IntegerOp);
  }
  }
}

} // namespace

bool isFreeInstruction(const Instruction &I) { return isFree(I); }

bool computableInPlace(const Instruction &I) {
  return !isa<PHINode>(I) && !isa<CallBase>(I) && !isStackAddress(&I) &&
         !isFree(I);
}

/// Whether V, passed to a call in block At, is computed for that call
/// alone right before it (its one use, in At, computableInPlace): the
/// instruction writes the argument register itself, no move is needed.
static bool computedInPlace(const Value &V, const BasicBlock &At) {
  auto *I = dyn_cast<Instruction>(&V);
  return I && I->hasOneUse() && I->getParent() == &At && computableInPlace(*I);
}

Feature argumentFeature(const Use &A) {
  if (computedInPlace(*A.get(), *cast<Instruction>(A.getUser())->getParent()))
    return Feature::ArgumentInPlace;
  return argumentFeature(*A.get());
}

Feature argumentFeature(const Value &V) {
  if (isa<UndefValue>(V))
    return Feature::ArgumentRegister; // Nothing is set up; priced as a move.
  if (auto *CI = dyn_cast<ConstantInt>(&V))
    return CI->isZero() ? Feature::ArgumentZero
           : CI->getValue().isSignedIntN(32) ? Feature::ArgumentImmediate
                                             : Feature::ArgumentWideImmediate;
  if (isa<ConstantPointerNull>(V))
    return Feature::ArgumentZero;
  if (auto *FP = dyn_cast<ConstantFP>(&V))
    return FP->isZero() ? Feature::ArgumentZero : Feature::ArgumentFloat;
  if (isa<Constant>(V) && isGlobalAddress(&V))
    return Feature::ArgumentGlobal;
  if (isStackAddress(&V))
    return Feature::ArgumentStack;
  return Feature::ArgumentRegister;
}

/// The stores a memset, memcpy or memmove becomes when the code generator
/// writes it out instead of calling the C library, or 0 for a call. It
/// does so for a length known at compile time (not one a merge turns into
/// a parameter) that takes at most 8 stores for a fill and 4 for a copy
/// (x86-64's and AArch64's limits in functions optimized for size), each
/// as wide as the widest register the target stores in one instruction
/// (16 bytes: SSE, NEON; 8 on RISC-V without its vectors); a length that
/// is no multiple of that ends with one more store, overlapping the last
/// (two for one below a register: 7 bytes are 4 and 4). mbedtls's
/// mbedtls_mpi_init, inlined at 28 places, clears 16 bytes: one store,
/// about 7 bytes of code where a call with its three arguments is 14.
static unsigned inlineStores(const IntrinsicInst &II,
                             ParameterOf AsParameter) {
  Intrinsic::ID ID = II.getIntrinsicID();
  const Use &Length = II.getArgOperandUse(2);
  auto *Len = dyn_cast<ConstantInt>(Length.get());
  if (!Len || isParameter(Length, AsParameter) || Len->getValue().ugt(4096))
    return 0;
  uint64_t Bytes = Len->getZExtValue();
  if (Bytes == 0)
    return 0;
  Triple T(II.getModule()->getTargetTriple());
  uint64_t Width = T.isRISCV() ? 8 : 16;
  uint64_t Stores = Bytes >= Width ? (Bytes + Width - 1) / Width
                    : isPowerOf2_64(Bytes) ? 1
                                           : 2;
  bool Always = ID == Intrinsic::memcpy_inline || ID == Intrinsic::memset_inline;
  return Always || Stores <= (isMemoryFill(ID) ? 8u : 4u) ? unsigned(Stores)
                                                          : 0;
}

/// Counts a call to an intrinsic: a memset, memcpy or memmove as the
/// stores it is written out as or as its library call, any other as one
/// operation (the intrinsics that leave no code are free before this).
static void countIntrinsic(const IntrinsicInst &II, FeatureCounts &C,
                           ParameterOf AsParameter) {
  Intrinsic::ID ID = II.getIntrinsicID();
  if (isMemoryIntrinsic(ID)) {
    if (unsigned Stores = inlineStores(II, AsParameter)) {
      // Written out: a store a piece, a copy's load before each.
      add(C, Feature::Store, Stores);
      if (!isMemoryFill(ID))
        add(C, Feature::Load, Stores);
      return;
    }
    add(C, Feature::MemoryIntrinsic);
    for (const Use &A : II.args())
      if (!isParameter(A, AsParameter))
        add(C, argumentFeature(A));
    return;
  }
  add(C,
      II.getType()->isVectorTy() ? Feature::VectorOp : Feature::OtherIntrinsic);
  countOperandConstants(II, C, AsParameter);
}

/// Counts a store: folded with its load and operation into one
/// instruction, to a global, of an immediate, or of a register.
static void countStore(const StoreInst &S, FeatureCounts &C,
                       ParameterOf AsParameter) {
  auto *Op = dyn_cast<BinaryOperator>(S.getValueOperand());
  if (Op && readModifyWriteStore(*Op) == &S) {
    add(C, Feature::ReadModifyWrite);
    countOperandConstants(*Op, C, AsParameter);
    return;
  }
  bool InRegister = sharesConstantRegister(S.getOperandUse(0), AsParameter);
  if (isGlobalAddress(S.getPointerOperand()))
    add(C, Feature::StoreGlobal);
  else if (isImmediate(S.getOperandUse(0), AsParameter) && !InRegister)
    add(C, Feature::StoreImmediate);
  else
    add(C, Feature::Store);
  if (auto *CI = dyn_cast<ConstantInt>(S.getValueOperand()))
    if (!isParameter(S.getOperandUse(0), AsParameter) &&
        !CI->getValue().isSignedIntN(32) && !InRegister)
      add(C, Feature::WideImmediate);
  // A global's address stored is first made in a register (lea, adrp
  // and add): each failing check of pugixml's tests stores its message's
  // address, 14 bytes on x86-64 where a store of a register is 7.
  if (!isParameter(S.getOperandUse(0), AsParameter) &&
      isGlobalAddressConstant(S.getValueOperand()))
    add(C, Feature::GlobalAddress);
}

/// Counts I if it works on memory (a stack object, a load, a store, an
/// address, an atomic), and returns whether it did. None of these count
/// their operands' constants beyond what the case says.
static bool countMemoryAccess(const Instruction &I, FeatureCounts &C,
                              ParameterOf AsParameter) {
  switch (I.getOpcode()) {
  case Instruction::Alloca:
    add(C, Feature::StackObject);
    return true;
  case Instruction::Load:
    if (isReadModifyWriteLoad(cast<LoadInst>(I)))
      return true; // Part of its store's ReadModifyWrite.
    add(C, isGlobalAddress(cast<LoadInst>(I).getPointerOperand())
               ? Feature::LoadGlobal
           : isMemoryOperand(cast<LoadInst>(I)) ? Feature::LoadOperand
                                                : Feature::Load);
    return true;
  case Instruction::Store:
    countStore(cast<StoreInst>(I), C, AsParameter);
    return true;
  case Instruction::GetElementPtr:
    add(C, foldedIntoUsers(cast<GetElementPtrInst>(I))
               ? Feature::AddressFolded
               : Feature::Address);
    return true;
  case Instruction::AtomicRMW:
  case Instruction::AtomicCmpXchg:
  case Instruction::Fence:
    add(C, Feature::Atomic);
    return true;
  default:
    return false;
  }
}

/// Counts I if it moves control (a phi's incoming values, a branch, a
/// switch, a return, an exception-handling pad), and returns whether it
/// did. None of these count their operands' constants beyond what the case
/// says.
static bool countControlFlow(const Instruction &I, FeatureCounts &C,
                             ParameterOf AsParameter) {
  switch (I.getOpcode()) {
  case Instruction::PHI:
    for (const Value *V : cast<PHINode>(I).incoming_values())
      if (!isa<UndefValue>(V))
        add(C, Feature::PhiValue);
    return true;
  case Instruction::Br:
    if (cast<BranchInst>(I).isConditional())
      add(C, Feature::CondBranch);
    else if (!followsTailCall(I))
      add(C, Feature::Branch);
    return true;
  case Instruction::Switch:
    add(C, Feature::Switch);
    add(C, Feature::SwitchCase, cast<SwitchInst>(I).getNumCases());
    return true;
  case Instruction::Ret:
    if (!followsTailCall(I)) {
      add(C, Feature::Return);
      const Value *RV = cast<ReturnInst>(I).getReturnValue();
      if (RV && isa<Constant>(RV) && !isa<UndefValue>(RV) &&
          !isParameter(I.getOperandUse(0), AsParameter))
        add(C, Feature::ReturnConstant);
    }
    return true;
  case Instruction::Unreachable:
    add(C, Feature::Unreachable);
    return true;
  case Instruction::LandingPad:
  case Instruction::Resume:
  case Instruction::CleanupPad:
  case Instruction::CatchPad:
  case Instruction::CatchSwitch:
  case Instruction::CleanupRet:
  case Instruction::CatchRet:
    add(C, Feature::LandingPad);
    return true;
  default:
    return false;
  }
}

void countInstruction(const Instruction &I, FeatureCounts &C,
                      ParameterOf AsParameter) {
  if (isFree(I))
    return;
  if (auto *CB = dyn_cast<CallBase>(&I)) {
    if (auto *II = dyn_cast<IntrinsicInst>(CB))
      countIntrinsic(*II, C, AsParameter);
    else
      countCall(*CB, C, AsParameter);
    return;
  }
  if (countMemoryAccess(I, C, AsParameter) ||
      countControlFlow(I, C, AsParameter))
    return;
  switch (I.getOpcode()) {
  case Instruction::ICmp:
    add(C, feedsOwnBranch(cast<CmpInst>(I)) ? Feature::CompareBranch
                                            : Feature::Compare);
    break;
  case Instruction::FCmp:
    add(C, Feature::FloatCompare);
    break;
  case Instruction::Select:
    add(C, Feature::Select);
    break;
  case Instruction::ExtractValue:
  case Instruction::InsertValue:
    add(C, Feature::Aggregate);
    return;
  case Instruction::ExtractElement:
  case Instruction::InsertElement:
  case Instruction::ShuffleVector:
    add(C, Feature::VectorOp);
    break;
  case Instruction::ZExt:
  case Instruction::SExt:
    add(C, I.getType()->isVectorTy()       ? Feature::VectorOp
           : isa<LoadInst>(I.getOperand(0)) ? Feature::ExtendLoad
                                            : Feature::Extend);
    return;
  case Instruction::Trunc:
  case Instruction::PtrToInt:
  case Instruction::IntToPtr:
    add(C, I.getType()->isVectorTy() ? Feature::VectorOp : Feature::Truncate);
    return;
  case Instruction::FPTrunc:
  case Instruction::FPExt:
  case Instruction::FPToUI:
  case Instruction::FPToSI:
  case Instruction::UIToFP:
  case Instruction::SIToFP:
    add(C, I.getType()->isVectorTy() ? Feature::VectorOp
                                     : Feature::FloatConvert);
    return;
  case Instruction::FNeg:
    add(C, I.getType()->isVectorTy() ? Feature::VectorOp : Feature::FloatOp);
    break;
  case Instruction::VAArg:
    add(C, Feature::Call);
    return;
  default:
    if (auto *B = dyn_cast<BinaryOperator>(&I)) {
      if (readModifyWriteStore(*B))
        return; // Its store counts it, with its constants.
      countBinary(*B, C, AsParameter);
    }
    else
      add(C, Feature::IntegerOp);
    break;
  }
  countOperandConstants(I, C, AsParameter);
}

/// Whether CB is a call that clobbers the caller's registers: not an
/// intrinsic that becomes inline code, not a tail call (nothing lives past
/// it).
static bool clobbers(const Instruction &I) {
  auto *CB = dyn_cast<CallBase>(&I);
  if (!CB || isa<IntrinsicInst>(CB) || isa<InlineAsm>(CB->getCalledOperand()))
    return false;
  return !(isa<CallInst>(CB) && isTailPosition(cast<CallInst>(*CB)));
}

namespace {

/// Where the calls are, in program order, to tell which values outlive
/// one: such a value needs a callee-saved register (saved and restored
/// once, moved into it once) or, past what those hold, a stack slot and
/// its reloads.
class CallCrossings {
public:
  explicit CallCrossings(const Function &F) {
    for (const BasicBlock &BB : F) {
      unsigned First = PositionOf.size();
      for (const Instruction &I : BB) {
        unsigned P = PositionOf.size();
        PositionOf[&I] = P;
        if (clobbers(I))
          Calls.push_back(P);
      }
      Span[&BB] = {First, unsigned(PositionOf.size())};
    }
  }

  unsigned position(const Instruction &I) const { return PositionOf.lookup(&I); }
  bool anyCall() const { return !Calls.empty(); }
  unsigned firstCall() const { return Calls.front(); }

  /// Whether V is live across a call: a call lies on some path from V's
  /// definition to one of its uses (a phi's use is at the end of the
  /// incoming block). Found by walking back from every use to the
  /// definition; stops at the first call.
  bool liveAcrossCall(const Instruction &V) const {
    const BasicBlock *Def = V.getParent();
    unsigned DefPos = position(V);
    SmallPtrSet<const BasicBlock *, 16> Seen;
    SmallVector<const BasicBlock *, 16> Work;
    for (const Use &U : V.uses()) {
      auto *UI = dyn_cast<Instruction>(U.getUser());
      if (!UI)
        continue;
      const BasicBlock *At = UI->getParent();
      unsigned UsePos = position(*UI);
      if (auto *Phi = dyn_cast<PHINode>(UI)) {
        At = Phi->getIncomingBlock(U);
        UsePos = Span.lookup(At).second;
      }
      if (At == Def && UsePos > DefPos) {
        if (callIn(DefPos + 1, UsePos))
          return true;
        continue;
      }
      // Live from the top of the use's block down to the use, and through
      // every block on the way back up to the definition.
      if (callIn(Span.lookup(At).first, UsePos))
        return true;
      for (const BasicBlock *P : predecessors(At))
        if (Seen.insert(P).second)
          Work.push_back(P);
    }
    while (!Work.empty()) {
      const BasicBlock *BB = Work.pop_back_val();
      auto [First, End] = Span.lookup(BB);
      if (BB == Def) {
        if (callIn(DefPos + 1, End))
          return true;
        continue;
      }
      if (callIn(First, End))
        return true;
      for (const BasicBlock *P : predecessors(BB))
        if (Seen.insert(P).second)
          Work.push_back(P);
    }
    return false;
  }

private:
  /// Whether a call stands at a position in [From, To).
  bool callIn(unsigned From, unsigned To) const {
    auto It = std::lower_bound(Calls.begin(), Calls.end(), From);
    return It != Calls.end() && *It < To;
  }

  DenseMap<const Instruction *, unsigned> PositionOf;
  DenseMap<const BasicBlock *, std::pair<unsigned, unsigned>> Span;
  std::vector<unsigned> Calls;
};

/// Union-find over values: a phi and the values flowing into it end up in
/// one register (code generation coalesces them), so they need one saved
/// register between them, not one each.
class RegisterGroups {
public:
  const Value *find(const Value *V) {
    auto It = Parent.find(V);
    if (It == Parent.end() || It->second == V)
      return V;
    const Value *Root = find(It->second);
    Parent[V] = Root;
    return Root;
  }
  void join(const Value *A, const Value *B) {
    const Value *RA = find(A), *RB = find(B);
    if (RA != RB)
      Parent[RA] = RB;
  }

private:
  DenseMap<const Value *, const Value *> Parent;
};

} // namespace

FeatureCounts countFunction(const Function &F, ParameterOf AsParameter) {
  FeatureCounts C{};
  if (F.isDeclaration())
    return C;
  add(C, Feature::Function);
  add(C, Feature::Block, F.size());
  // A variadic function that reads its arguments saves every register
  // that may hold one in its prologue: mujs's error functions are 152
  // bytes on x86-64 where the same body taking no `...` is 15.
  if (F.isVarArg() && any_of(instructions(F), [](const Instruction &I) {
        auto *II = dyn_cast<IntrinsicInst>(&I);
        return II && II->getIntrinsicID() == Intrinsic::vastart;
      }))
    add(C, Feature::VarArgsArea);

  // Which values outlive a call (they need a saved register or a stack
  // slot), and, for the arguments (then the parameters to be), the last
  // position they are used at. Real counts the instructions that leave
  // code.
  CallCrossings Crossings(F);
  RegisterGroups Groups;
  SmallVector<const Instruction *, 64> Across;
  unsigned Real = 0;
  SmallVector<unsigned, 8> LastUse(F.arg_size(), 0);
  DenseMap<int, unsigned> LastParameterUse;
  DenseSet<const Instruction *> Folded = foldedInstructions(F, AsParameter);
  for (const Instruction &I : instructions(F)) {
    // What tail merging folds is one copy's code, priced apart; the copy
    // that stays keeps the values it needs.
    bool IsFolded = Folded.contains(&I);
    if (IsFolded)
      add(C, Feature::FoldedInstruction);
    else
      countInstruction(I, C, AsParameter);
    Real += !isFree(I) && !IsFolded;
    unsigned Position = Crossings.position(I);
    for (const Use &U : I.operands()) {
      if (auto *A = dyn_cast<Argument>(U.get()))
        LastUse[A->getArgNo()] = std::max(LastUse[A->getArgNo()], Position);
      else if (isParameter(U, AsParameter)) {
        unsigned &Last = LastParameterUse[AsParameter(U)];
        Last = std::max(Last, Position);
      }
    }
    if (auto *Phi = dyn_cast<PHINode>(&I))
      for (const Value *In : Phi->incoming_values())
        if (isa<Instruction>(In))
          Groups.join(Phi, In);
    if (isFree(I) || IsFolded || I.use_empty())
      continue;
    if (any_of(I.users(), [&](const User *U) {
          auto *UI = dyn_cast<Instruction>(U);
          return UI && UI->getParent() != I.getParent();
        }))
      add(C, Feature::CrossBlockValue);
    // A stack object's address is recomputed where it is needed, not kept.
    if (!isa<AllocaInst>(I) && Crossings.liveAcrossCall(I))
      Across.push_back(&I);
  }
  // One saved register for each group of values that share a register;
  // a spill and a reload where the calling convention saves none of the
  // value's class.
  SmallPtrSet<const Value *, 32> Kept;
  for (const Instruction *I : Across)
    if (Kept.insert(Groups.find(I)).second)
      add(C, preservedAcrossCalls(*I->getType(), *F.getParent())
                 ? Feature::ValueAcrossCall
                 : Feature::UnsavedAcrossCall);
  // Past a few hundred bytes, many branches reach beyond a short
  // displacement (x86-64's 8 bits): the long form is 3 or 4 bytes longer.
  if (Real > LongBranchInstructions)
    add(C, Feature::LongBranch,
        C[unsigned(Feature::Branch)] + C[unsigned(Feature::CondBranch)]);
  double Saved = C[unsigned(Feature::ValueAcrossCall)];
  if (Saved > SavedRegisters)
    add(C, Feature::SpilledValue, Saved - SavedRegisters);
  if (!Crossings.anyCall())
    return C;
  add(C, Feature::CallFrame);
  // An argument arrives in a register the first call clobbers.
  for (unsigned Last : LastUse)
    if (Last > Crossings.firstCall())
      add(C, Feature::KeptArgument);
  for (auto &KV : LastParameterUse)
    if (KV.second > Crossings.firstCall())
      add(C, Feature::KeptArgument);
  return C;
}

bool preservedAcrossCalls(const Type &T, const Module &M) {
  if (!T.isFPOrFPVectorTy() && !T.isVectorTy())
    return true;
  Triple TT(M.getTargetTriple());
  switch (TT.getArch()) {
  case Triple::x86_64:
  case Triple::x86:
    return false;
  case Triple::aarch64:
  case Triple::aarch64_be:
  case Triple::riscv64:
  case Triple::riscv32:
    // Scalars of up to 64 bits (and AArch64's 64-bit vectors) fit the
    // callee-saved part of a float register.
    return !T.isScalableTy() &&
           T.getPrimitiveSizeInBits().getKnownMinValue() <= 64 &&
           (!T.isVectorTy() || TT.isAArch64());
  default:
    return true;
  }
}

} // namespace coalesce
