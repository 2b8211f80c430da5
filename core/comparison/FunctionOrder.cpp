//===- core/comparison/FunctionOrder.cpp - A total order over functions ---===//
//
// The problem
// -----------
// A whole program holds thousands of functions and many of them are the same
// code under different names: a template instantiated for int and unsigned,
// a helper pasted into two files, a destructor that only calls another. To
// merge them we must find, for every function, any earlier function that
// does the same thing. Comparing every pair is O(N^2) comparisons; a hash of
// the body finds candidates but cannot prove equality. A *total order* does
// both: if compare(F, G) answers -1, 0 or 1 consistently (reflexive,
// antisymmetric, transitive), unique functions live in a balanced tree and a
// lookup costs O(log N) comparisons, each of which stops at the first
// difference.
//
// An example
// ----------
//     define i32 @f(i32 %a) {            define i32 @g(i32 %x) {
//       %s = add nsw i32 %a, 1             %t = add nsw i32 %x, 1
//       ret i32 %s                         ret i32 %t
//     }                                  }
// The walk numbers %a and %x as local 0, %s and %t as local 1; every
// instruction then matches operation for operation and operand for operand
// (local 0 against local 0, the constant 1 against the constant 1), so
// compare(f, g) == 0. Had @g said `add i32 %x, 2`, the constants would
// differ and the order would put one before the other, the same way every
// time; had it said `add nuw`, they would still be equal, the merged body
// keeping only the flags both state.
//
// The algorithm
// -------------
// Two functions are compared as two sequences of properties, most
// significant first; the first difference decides.
//  1. Signature: the function's attributes (apart from assumptions such as
//     nonnull or range, which the merger intersects), GC, section, variable
//     arguments, calling convention, its type, prefix and prologue data and
//     semantic function metadata (CFI type ids only while a type test is
//     left to read them). Arguments get serial numbers by position.
//  2. Body: a walk of the CFG from the entry block that visits successors in
//     terminator order, pairing blocks as it meets them. Unreachable blocks
//     are never met and never matter.
//  3. Instructions, pairwise within paired blocks: each result gets the next
//     serial number on its side; then opcode, operand count, type, and
//     every property that changes meaning (alignment,
//     volatility, atomic ordering and scope, predicates, call attributes,
//     calling convention, tail-call kind, operand bundles, shuffle masks,
//     landing-pad clauses). Optional flags (nuw, nsw, exact, disjoint,
//     nneg, samesign, fast-math, GEP no-wrap) and instruction metadata
//     (!range, !tbaa, !nonnull, ...) are not compared: they only add
//     assumptions, and the merger makes the kept body's hold for every
//     function merged into it (the flags both state, the most generic
//     metadata of the two, or none), as CSE does. Alias scopes
//     the function declares (llvm.experimental.noalias.scope.decl) are the
//     exception: where a scope is declared decides how long a no-alias
//     promise holds (an iteration, or the whole call), so the declarations
//     and the !alias.scope and !noalias attachments that name declared
//     scopes are compared, scopes by serial number as values are (two
//     bodies equal but for the names of their scopes are equal).
//  4. Operands: local values (arguments, instructions, blocks) compare by
//     serial number, so two bodies are equal when their def-use graphs are
//     isomorphic under the walk. A call of the function itself matches a
//     call of the other function itself (self-recursion); its address as a
//     value is its identity, as any global's. Constants compare by a
//     type class (pointers in address space 0 count as the integer of their
//     size; vectors of equal size may bitcast losslessly), then null-ness,
//     exact type, value kind and contents. Globals compare through the
//     EquivalencePolicy, and two functions called directly through its
//     rule for callees (identity by default; classes of functions that
//     behave alike in cycle-aware merging, CallClasses.cpp). Metadata
//     nodes and constants we do not look into compare by identity number.
//  5. GEPs whose indices are all constant compare by the byte offset they
//     add, so `gep {i32,i32}, p, 0, 1` equals `gep i8, p, 4`, provided no
//     step overflows and, under inbounds/nusw/nuw, no step is negative (the
//     flags make intermediate sums matter). GEPs with such offsets order
//     before the others, keeping the order total.
//
// Constants as parameters: a context made with ConstantsAsParameters
// compares a constant in an operand position that an argument could take
// (isParameterizableOperand: not a GEP index, switch case, divisor,
// intrinsic operand, ...; a direct callee where calling it through a
// register changes nothing else) by its type alone. The result is a
// coarser total order whose equal functions differ at most in such
// constants: the classes the constant merger (ConstantMerger.cpp) works on.
// Whether a position is such a one is compared first, so the order stays
// total even between instructions that disagree on it.
//
// Why the order is total: every stage compares numbers or strings derived
// only from the pair under comparison (serial numbers restart for each
// pair) or from numbers that never change during the run (global and
// identity numbers in OrderContext). A lexicographic order over such keys
// is a total order. The unit tests check the three laws on large generated
// sets of functions covering every LLVM 22 instruction kind.
//
// Cost
// ----
// One comparison is O(size of the smaller function) and usually stops at
// the first difference. The merger (IdenticalMerger.cpp) buckets by a
// structural hash first (StructuralHash.cpp), which is consistent with this
// order: equal functions always hash equal.
//
//===----------------------------------------------------------------------===//

#include "core/comparison/FunctionOrder.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/ConstantRangeList.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace coalesce {

//===-- Primitives ---------------------------------------------------------===//

int cmpAPInts(const APInt &L, const APInt &R) {
  if (int Res = cmpNumbers(L.getBitWidth(), R.getBitWidth()))
    return Res;
  if (L.ugt(R))
    return 1;
  if (R.ugt(L))
    return -1;
  return 0;
}

int cmpAPFloats(const APFloat &L, const APFloat &R) {
  // Semantics first (half, bfloat, float, ...), then the bit pattern, so
  // -0.0 and +0.0 differ and every NaN payload is its own value.
  const fltSemantics &SL = L.getSemantics(), &SR = R.getSemantics();
  if (int Res = cmpNumbers(APFloat::semanticsPrecision(SL),
                           APFloat::semanticsPrecision(SR)))
    return Res;
  if (int Res = cmpNumbers(APFloat::semanticsMaxExponent(SL),
                           APFloat::semanticsMaxExponent(SR)))
    return Res;
  if (int Res = cmpNumbers(APFloat::semanticsMinExponent(SL),
                           APFloat::semanticsMinExponent(SR)))
    return Res;
  if (int Res = cmpNumbers(APFloat::semanticsSizeInBits(SL),
                           APFloat::semanticsSizeInBits(SR)))
    return Res;
  return cmpAPInts(L.bitcastToAPInt(), R.bitcastToAPInt());
}

int cmpStrings(StringRef L, StringRef R) {
  if (int Res = cmpNumbers(L.size(), R.size()))
    return Res;
  int C = L.compare(R);
  return C < 0 ? -1 : (C > 0 ? 1 : 0);
}

static int cmpBools(bool L, bool R) { return cmpNumbers(L, R); }

//===-- Policy and context -------------------------------------------------===//

EquivalencePolicy::~EquivalencePolicy() = default;

int EquivalencePolicy::compareGlobals(const GlobalValue *L,
                                      const GlobalValue *R,
                                      OrderContext &Ctx) const {
  if (L == R)
    return 0;
  return cmpNumbers(Ctx.globalNumber(L), Ctx.globalNumber(R));
}

int EquivalencePolicy::compareCallees(const Function *L, const Function *R,
                                      OrderContext &Ctx) const {
  return compareGlobals(L, R, Ctx);
}

OrderContext::OrderContext(const Module &M, const EquivalencePolicy *P,
                           bool ConstantsAsParameters)
    : DL(M.getDataLayout()), Policy(P ? P : &DefaultPolicy),
      ConstantsAsParameters(ConstantsAsParameters) {
  GlobalNumbers.reserve(M.size() + M.global_size() + M.alias_size() +
                        M.ifunc_size());
  for (const GlobalValue &GV : M.global_values())
    GlobalNumbers[&GV] = NextGlobalNumber++;
  for (Intrinsic::ID ID :
       {Intrinsic::type_test, Intrinsic::public_type_test,
        Intrinsic::type_checked_load, Intrinsic::type_checked_load_relative})
    if (const Function *Test = Intrinsic::getDeclarationIfExists(&M, ID))
      TypeIdsMatter |= !Test->use_empty();
}

Type *OrderContext::intPtrType(LLVMContext &C) {
  if (!IntPtrTy)
    IntPtrTy = DL.getIntPtrType(C, 0);
  return IntPtrTy;
}

unsigned OrderContext::globalNumber(const GlobalValue *GV) {
  auto [It, Inserted] = GlobalNumbers.try_emplace(GV, NextGlobalNumber);
  if (Inserted)
    ++NextGlobalNumber;
  return It->second;
}

unsigned OrderContext::identityNumber(const void *P) {
  auto [It, Inserted] =
      IdentityNumbers.try_emplace(P, unsigned(IdentityNumbers.size()));
  return It->second;
}

void OrderContext::forgetGlobal(const GlobalValue *GV) {
  GlobalNumbers.erase(GV);
}

//===-- Types ---------------------------------------------------------------===//

// Pointers in address space 0 are integers of the pointer's size for the
// purpose of comparison: a function that loads an i64 and one that loads a
// ptr produce the same machine code. Non-integral pointers never coerce.
Type *FunctionOrder::coerce(Type *T) const {
  if (auto *PT = dyn_cast<PointerType>(T))
    if (PT->getAddressSpace() == 0 && !DL.isNonIntegralPointerType(PT))
      return Ctx.intPtrType(T->getContext());
  return T;
}

int FunctionOrder::cmpTypes(Type *TL, Type *TR) const {
  TL = coerce(TL);
  TR = coerce(TR);
  if (TL == TR)
    return 0;
  if (int Res = cmpNumbers(TL->getTypeID(), TR->getTypeID()))
    return Res;

  switch (TL->getTypeID()) {
  case Type::IntegerTyID:
    return cmpNumbers(cast<IntegerType>(TL)->getBitWidth(),
                      cast<IntegerType>(TR)->getBitWidth());
  case Type::PointerTyID:
    return cmpNumbers(TL->getPointerAddressSpace(),
                      TR->getPointerAddressSpace());
  case Type::StructTyID: {
    auto *SL = cast<StructType>(TL), *SR = cast<StructType>(TR);
    if (int Res = cmpNumbers(SL->getNumElements(), SR->getNumElements()))
      return Res;
    if (int Res = cmpBools(SL->isPacked(), SR->isPacked()))
      return Res;
    if (int Res = cmpBools(SL->isOpaque(), SR->isOpaque()))
      return Res;
    if (SL->isOpaque()) // Two different opaque structs: by identity.
      return cmpStrings(SL->getName(), SR->getName());
    for (unsigned I = 0, E = SL->getNumElements(); I != E; ++I)
      if (int Res = cmpTypes(SL->getElementType(I), SR->getElementType(I)))
        return Res;
    return 0;
  }
  case Type::FunctionTyID: {
    auto *FL = cast<FunctionType>(TL), *FR = cast<FunctionType>(TR);
    if (int Res = cmpNumbers(FL->getNumParams(), FR->getNumParams()))
      return Res;
    if (int Res = cmpBools(FL->isVarArg(), FR->isVarArg()))
      return Res;
    if (int Res = cmpTypes(FL->getReturnType(), FR->getReturnType()))
      return Res;
    for (unsigned I = 0, E = FL->getNumParams(); I != E; ++I)
      if (int Res = cmpTypes(FL->getParamType(I), FR->getParamType(I)))
        return Res;
    return 0;
  }
  case Type::ArrayTyID: {
    auto *AL = cast<ArrayType>(TL), *AR = cast<ArrayType>(TR);
    if (int Res = cmpNumbers(AL->getNumElements(), AR->getNumElements()))
      return Res;
    return cmpTypes(AL->getElementType(), AR->getElementType());
  }
  case Type::FixedVectorTyID:
  case Type::ScalableVectorTyID: {
    auto *VL = cast<VectorType>(TL), *VR = cast<VectorType>(TR);
    ElementCount EL = VL->getElementCount(), ER = VR->getElementCount();
    if (int Res = cmpNumbers(EL.isScalable(), ER.isScalable()))
      return Res;
    if (int Res = cmpNumbers(EL.getKnownMinValue(), ER.getKnownMinValue()))
      return Res;
    return cmpTypes(VL->getElementType(), VR->getElementType());
  }
  case Type::TargetExtTyID: {
    auto *XL = cast<TargetExtType>(TL), *XR = cast<TargetExtType>(TR);
    if (int Res = cmpStrings(XL->getName(), XR->getName()))
      return Res;
    if (int Res = cmpNumbers(XL->getNumTypeParameters(),
                             XR->getNumTypeParameters()))
      return Res;
    for (unsigned I = 0, E = XL->getNumTypeParameters(); I != E; ++I)
      if (int Res = cmpTypes(XL->getTypeParameter(I), XR->getTypeParameter(I)))
        return Res;
    if (int Res = cmpNumbers(XL->getNumIntParameters(),
                             XR->getNumIntParameters()))
      return Res;
    for (unsigned I = 0, E = XL->getNumIntParameters(); I != E; ++I)
      if (int Res = cmpNumbers(XL->getIntParameter(I), XR->getIntParameter(I)))
        return Res;
    return 0;
  }
  default:
    // Void, label, metadata, token, the floating-point kinds and x86_amx
    // are fully described by their type id.
    return 0;
  }
}

// The class of a constant's type: vectors of the same total size may be
// bitcast into each other without loss, so they share a class and are told
// apart later (after null-ness); every other type is its own class.
int FunctionOrder::cmpTypeClasses(Type *TL, Type *TR) const {
  // Sizes come from the data layout: vectors of pointers have no
  // primitive size of their own.
  bool VL = isa<FixedVectorType>(TL), VR = isa<FixedVectorType>(TR);
  if (int Res = cmpBools(VL, VR))
    return Res;
  if (VL)
    return cmpNumbers(DL.getTypeSizeInBits(TL).getFixedValue(),
                      DL.getTypeSizeInBits(TR).getFixedValue());
  return cmpTypes(TL, TR);
}

//===-- Attributes -----------------------------------------------------------===//

static unsigned attributeCategory(Attribute A) {
  if (A.isStringAttribute())
    return 0;
  if (A.isEnumAttribute())
    return 1;
  if (A.isIntAttribute())
    return 2;
  if (A.isTypeAttribute())
    return 3;
  if (A.isConstantRangeAttribute())
    return 4;
  if (A.isConstantRangeListAttribute())
    return 5;
  return 6;
}

static int cmpRanges(const ConstantRange &L, const ConstantRange &R) {
  if (int Res = cmpAPInts(L.getLower(), R.getLower()))
    return Res;
  return cmpAPInts(L.getUpper(), R.getUpper());
}

int FunctionOrder::cmpAttributes(Attribute L, Attribute R) const {
  if (L == R)
    return 0;
  unsigned Cat = attributeCategory(L);
  if (int Res = cmpNumbers(Cat, attributeCategory(R)))
    return Res;
  if (Cat == 0) {
    if (int Res = cmpStrings(L.getKindAsString(), R.getKindAsString()))
      return Res;
    return cmpStrings(L.getValueAsString(), R.getValueAsString());
  }
  if (int Res = cmpNumbers(L.getKindAsEnum(), R.getKindAsEnum()))
    return Res;
  switch (Cat) {
  case 2:
    return cmpNumbers(L.getValueAsInt(), R.getValueAsInt());
  case 3:
    return cmpTypes(L.getValueAsType(), R.getValueAsType());
  case 4:
    return cmpRanges(L.getValueAsConstantRange(), R.getValueAsConstantRange());
  case 5: {
    ArrayRef<ConstantRange> RL = L.getValueAsConstantRangeList();
    ArrayRef<ConstantRange> RR = R.getValueAsConstantRangeList();
    if (int Res = cmpNumbers(RL.size(), RR.size()))
      return Res;
    for (size_t I = 0; I != RL.size(); ++I)
      if (int Res = cmpRanges(RL[I], RR[I]))
        return Res;
    return 0;
  }
  default:
    return 0;
  }
}

int FunctionOrder::cmpAttributeLists(AttributeList L, AttributeList R) const {
  if (int Res = cmpNumbers(L.getNumAttrSets(), R.getNumAttrSets()))
    return Res;
  for (unsigned I : L.indexes())
    if (int Res = cmpAttributeSets(L.getAttributes(I), R.getAttributes(I),
                                   /*SkipAssumptions=*/false))
      return Res;
  return 0;
}

// An attribute that only states a fact the optimizer inferred or was told
// (nonnull, noundef, range, align, dereferenceable, memory, nounwind, ...):
// LLVM can intersect two such sets into one that holds for both. Where a
// parameter is passed in memory (byval and the like), every attribute is
// part of the calling convention and none is an assumption.
static bool isAssumption(Attribute A, AttributeSet Set) {
  if (A.isStringAttribute() ||
      Attribute::intersectMustPreserve(A.getKindAsEnum()))
    return false;
  for (Attribute::AttrKind K :
       {Attribute::ByVal, Attribute::ByRef, Attribute::InAlloca,
        Attribute::Preallocated, Attribute::StructRet})
    if (Set.hasAttribute(K))
      return false;
  return true;
}

int FunctionOrder::cmpAttributeSets(AttributeSet SL, AttributeSet SR,
                                    bool SkipAssumptions) const {
  auto LI = SL.begin(), LE = SL.end(), RI = SR.begin(), RE = SR.end();
  auto Skip = [&](auto &It, auto End, AttributeSet Set) {
    while (SkipAssumptions && It != End && isAssumption(*It, Set))
      ++It;
  };
  while (true) {
    Skip(LI, LE, SL);
    Skip(RI, RE, SR);
    if (LI == LE || RI == RE)
      return cmpBools(LI != LE, RI != RE);
    if (int Res = cmpAttributes(*LI, *RI))
      return Res;
    ++LI;
    ++RI;
  }
}

// A function's own attributes, apart from assumptions: two functions that
// differ only in what was inferred about them (a call site passing a
// constant gives a parameter a range) are the same code. The merger
// intersects the assumptions so the kept function states only what holds
// for both.
int FunctionOrder::cmpSignatureAttributes(AttributeList L,
                                          AttributeList R) const {
  unsigned N = std::max(L.getNumAttrSets(), R.getNumAttrSets());
  // Indexes in AttributeList order: function, return, then parameters.
  for (unsigned Slot = 0; Slot != N; ++Slot) {
    unsigned Index = Slot == 0 ? AttributeList::FunctionIndex
                               : (Slot == 1 ? AttributeList::ReturnIndex
                                            : AttributeList::FirstArgIndex +
                                                  (Slot - 2));
    if (int Res = cmpAttributeSets(L.getAttributes(Index),
                                   R.getAttributes(Index),
                                   /*SkipAssumptions=*/true))
      return Res;
  }
  return 0;
}

//===-- Metadata --------------------------------------------------------------===//

// Function-level metadata kinds that never change what the code computes:
// profile counts and the name a function's profile was recorded under
// (!PGOFuncName, on every internal function of a profiled build),
// annotations, debug bookkeeping, source locations for
// diagnostics, and CFI type ids (!type) once no type test is left to read
// them (OrderContext::typeIdsMatter; the merger gives the kept body the
// ids of every function whose address it takes over). Other kinds
// (!kcfi_type, whose hash is checked by indirect callers at run time, ...)
// are compared.
static bool isNonSemanticMetadataKind(LLVMContext &C, unsigned Kind,
                                      bool TypeIdsMatter) {
  if (Kind == C.getMDKindID("heapallocsite") ||
      Kind == C.getMDKindID("srcloc") ||
      Kind == C.getMDKindID("PGOFuncName"))
    return true;
  if (Kind == LLVMContext::MD_type)
    return !TypeIdsMatter;
  switch (Kind) {
  case LLVMContext::MD_dbg:
  case LLVMContext::MD_prof:
  case LLVMContext::MD_annotation:
  case LLVMContext::MD_DIAssignID:
  case LLVMContext::MD_callsite:
  case LLVMContext::MD_memprof:
  case LLVMContext::MD_section_prefix:
    return true;
  default:
    return false;
  }
}

static void semanticMetadata(
    LLVMContext &C, ArrayRef<std::pair<unsigned, MDNode *>> All,
    bool TypeIdsMatter, SmallVectorImpl<std::pair<unsigned, MDNode *>> &Out) {
  for (const auto &KV : All)
    if (!isNonSemanticMetadataKind(C, KV.first, TypeIdsMatter))
      Out.push_back(KV);
}

// Uniqued metadata with the same operands is the same node, so identity is
// structural equality for uniqued nodes; distinct nodes (alias scopes, ...)
// are equal only to themselves, as their meaning requires.
int FunctionOrder::cmpMDNodeIdentity(const MDNode *L, const MDNode *R) const {
  if (L == R)
    return 0;
  if (!L || !R)
    return cmpBools(L != nullptr, R != nullptr);
  return cmpNumbers(Ctx.identityNumber(L), Ctx.identityNumber(R));
}

static int cmpMetadataLists(ArrayRef<std::pair<unsigned, MDNode *>> L,
                            ArrayRef<std::pair<unsigned, MDNode *>> R,
                            OrderContext &Ctx) {
  if (int Res = cmpNumbers(L.size(), R.size()))
    return Res;
  for (size_t I = 0; I != L.size(); ++I) {
    if (int Res = cmpNumbers(L[I].first, R[I].first))
      return Res;
    if (L[I].second != R[I].second)
      return cmpNumbers(Ctx.identityNumber(L[I].second),
                        Ctx.identityNumber(R[I].second));
  }
  return 0;
}

int FunctionOrder::cmpFunctionMetadata() const {
  SmallVector<std::pair<unsigned, MDNode *>, 4> AllL, AllR, SemL, SemR;
  FnL->getAllMetadata(AllL);
  FnR->getAllMetadata(AllR);
  semanticMetadata(FnL->getContext(), AllL, Ctx.typeIdsMatter(), SemL);
  semanticMetadata(FnR->getContext(), AllR, Ctx.typeIdsMatter(), SemR);
  return cmpMetadataLists(SemL, SemR, Ctx);
}

// Metadata used as an operand (intrinsic arguments such as constrained-FP
// rounding modes or type ids).
int FunctionOrder::cmpMetadata(const Metadata *L, const Metadata *R) {
  if (L == R)
    return 0;
  if (!L || !R)
    return cmpBools(L != nullptr, R != nullptr);
  if (int Res = cmpNumbers(L->getMetadataID(), R->getMetadataID()))
    return Res;
  if (auto *SL = dyn_cast<MDString>(L))
    return cmpStrings(SL->getString(), cast<MDString>(R)->getString());
  if (auto *CL = dyn_cast<ConstantAsMetadata>(L))
    return cmpConstants(CL->getValue(), cast<ConstantAsMetadata>(R)->getValue());
  if (auto *VL = dyn_cast<LocalAsMetadata>(L))
    return cmpValues(VL->getValue(), cast<LocalAsMetadata>(R)->getValue());
  if (auto *AL = dyn_cast<DIArgList>(L)) {
    auto *AR = cast<DIArgList>(R);
    if (int Res = cmpNumbers(AL->getArgs().size(), AR->getArgs().size()))
      return Res;
    for (size_t I = 0; I != AL->getArgs().size(); ++I)
      if (int Res = cmpMetadata(AL->getArgs()[I], AR->getArgs()[I]))
        return Res;
    return 0;
  }
  if (auto *NL = dyn_cast<MDNode>(L))
    return cmpMDNodeIdentity(NL, cast<MDNode>(R));
  return cmpNumbers(Ctx.identityNumber(L), Ctx.identityNumber(R));
}

//===-- Constants -------------------------------------------------------------===//

int FunctionOrder::cmpGlobals(const GlobalValue *L, const GlobalValue *R) {
  // A reference to the function itself matches a reference to the other
  // function itself: two self-recursive bodies are equal.
  // Only as a callee: a function's own address used as a value (passed,
  // stored, compared) is its identity, which a thunk keeps distinct from
  // the body it forwards to.
  bool SelfL = L == FnL, SelfR = R == FnR;
  if (ComparingCallees && (SelfL || SelfR))
    return SelfL && SelfR ? 0 : (SelfL ? -1 : 1);
  if (ComparingCallees)
    return Ctx.policy().compareCallees(cast<Function>(L), cast<Function>(R),
                                       Ctx);
  return Ctx.policy().compareGlobals(L, R, Ctx);
}

int FunctionOrder::cmpConstants(const Constant *L, const Constant *R) {
  // Constant data (numbers, nulls, undef, strings) is uniqued and refers to
  // nothing, so the same object is the same constant. Anything else may
  // refer to the functions under comparison, where identity is not enough.
  if (L == R && isa<ConstantData>(L))
    return 0;
  Type *TL = L->getType(), *TR = R->getType();
  if (int Res = cmpTypeClasses(TL, TR))
    return Res;
  // Within a class, every null value is the same bits.
  bool NullL = L->isNullValue(), NullR = R->isNullValue();
  if (NullL && NullR)
    return 0;
  if (int Res = cmpBools(NullL, NullR))
    return Res;
  if (int Res = cmpTypes(TL, TR))
    return Res;
  if (int Res = cmpNumbers(L->getValueID(), R->getValueID()))
    return Res;
  return cmpConstantContents(L, R);
}

// Same type (up to coercion), same value kind, both non-null.
int FunctionOrder::cmpConstantContents(const Constant *L, const Constant *R) {
  switch (L->getValueID()) {
  case Value::UndefValueVal:
  case Value::PoisonValueVal:
  case Value::ConstantTokenNoneVal:
  case Value::ConstantAggregateZeroVal:
  case Value::ConstantPointerNullVal:
  case Value::ConstantTargetNoneVal:
    return 0;
  case Value::ConstantIntVal:
    return cmpAPInts(cast<ConstantInt>(L)->getValue(),
                     cast<ConstantInt>(R)->getValue());
  case Value::ConstantFPVal:
    return cmpAPFloats(cast<ConstantFP>(L)->getValueAPF(),
                       cast<ConstantFP>(R)->getValueAPF());
  case Value::ConstantDataArrayVal:
  case Value::ConstantDataVectorVal:
    return cmpStrings(cast<ConstantDataSequential>(L)->getRawDataValues(),
                      cast<ConstantDataSequential>(R)->getRawDataValues());
  case Value::FunctionVal:
  case Value::GlobalVariableVal:
  case Value::GlobalAliasVal:
  case Value::GlobalIFuncVal:
    return cmpGlobals(cast<GlobalValue>(L), cast<GlobalValue>(R));
  case Value::BlockAddressVal: {
    auto *BL = cast<BlockAddress>(L), *BR = cast<BlockAddress>(R);
    // A block of the function itself is the block the walk pairs with it,
    // whatever the two functions are called.
    bool OwnL = BL->getFunction() == FnL, OwnR = BR->getFunction() == FnR;
    if (int Res = cmpBools(OwnL, OwnR))
      return Res;
    if (OwnL)
      return cmpValues(BL->getBasicBlock(), BR->getBasicBlock());
    if (int Res = cmpGlobals(BL->getFunction(), BR->getFunction()))
      return Res;
    auto Index = [](const BasicBlock *BB) {
      unsigned N = 0;
      for (const BasicBlock &B : *BB->getParent()) {
        if (&B == BB)
          return N;
        ++N;
      }
      return N;
    };
    return cmpNumbers(Index(BL->getBasicBlock()), Index(BR->getBasicBlock()));
  }
  case Value::DSOLocalEquivalentVal:
    return cmpGlobals(cast<DSOLocalEquivalent>(L)->getGlobalValue(),
                      cast<DSOLocalEquivalent>(R)->getGlobalValue());
  case Value::NoCFIValueVal:
    return cmpGlobals(cast<NoCFIValue>(L)->getGlobalValue(),
                      cast<NoCFIValue>(R)->getGlobalValue());
  case Value::ConstantExprVal: {
    auto *EL = cast<ConstantExpr>(L), *ER = cast<ConstantExpr>(R);
    if (int Res = cmpNumbers(EL->getOpcode(), ER->getOpcode()))
      return Res;
    if (int Res = cmpNumbers(cast<Operator>(EL)->getRawSubclassOptionalData(),
                             cast<Operator>(ER)->getRawSubclassOptionalData()))
      return Res;
    if (auto *GL = dyn_cast<GEPOperator>(EL)) {
      auto *GR = cast<GEPOperator>(ER);
      if (int Res = cmpTypes(GL->getSourceElementType(),
                             GR->getSourceElementType()))
        return Res;
      std::optional<ConstantRange> IL = GL->getInRange(),
                                   IR = GR->getInRange();
      if (int Res = cmpBools(IL.has_value(), IR.has_value()))
        return Res;
      if (IL)
        if (int Res = cmpRanges(*IL, *IR))
          return Res;
    }
    break; // Operands below.
  }
  case Value::ConstantArrayVal:
  case Value::ConstantStructVal:
  case Value::ConstantVectorVal:
  case Value::ConstantPtrAuthVal:
    break; // Operands below.
  default:
    // A kind we do not look into: equal only to itself.
    return cmpNumbers(Ctx.identityNumber(L), Ctx.identityNumber(R));
  }
  if (int Res = cmpNumbers(L->getNumOperands(), R->getNumOperands()))
    return Res;
  for (unsigned I = 0, E = L->getNumOperands(); I != E; ++I)
    if (int Res = cmpConstants(cast<Constant>(L->getOperand(I)),
                               cast<Constant>(R->getOperand(I))))
      return Res;
  return 0;
}

int FunctionOrder::cmpInlineAsm(const InlineAsm *L, const InlineAsm *R) const {
  if (L == R)
    return 0;
  if (int Res = cmpTypes(L->getFunctionType(), R->getFunctionType()))
    return Res;
  if (int Res = cmpStrings(L->getAsmString(), R->getAsmString()))
    return Res;
  if (int Res = cmpStrings(L->getConstraintString(), R->getConstraintString()))
    return Res;
  if (int Res = cmpBools(L->hasSideEffects(), R->hasSideEffects()))
    return Res;
  if (int Res = cmpBools(L->isAlignStack(), R->isAlignStack()))
    return Res;
  if (int Res = cmpNumbers(L->getDialect(), R->getDialect()))
    return Res;
  return cmpBools(L->canThrow(), R->canThrow());
}

//===-- Values ----------------------------------------------------------------===//

// Kinds of operand, in the order they sort.
enum class OperandKind { Self, Constant, Metadata, InlineAsm, Local };

int FunctionOrder::cmpValues(const Value *L, const Value *R) {
  auto KindOf = [this](const Value *V, const Function *Self) {
    if (V == Self && ComparingCallees)
      return OperandKind::Self;
    if (isa<Constant>(V))
      return OperandKind::Constant;
    if (isa<MetadataAsValue>(V))
      return OperandKind::Metadata;
    if (isa<InlineAsm>(V))
      return OperandKind::InlineAsm;
    return OperandKind::Local;
  };
  OperandKind KL = KindOf(L, FnL), KR = KindOf(R, FnR);
  if (int Res = cmpNumbers(unsigned(KL), unsigned(KR)))
    return Res;
  switch (KL) {
  case OperandKind::Self:
    return 0;
  case OperandKind::Constant:
    return cmpConstants(cast<Constant>(L), cast<Constant>(R));
  case OperandKind::Metadata:
    return cmpMetadata(cast<MetadataAsValue>(L)->getMetadata(),
                       cast<MetadataAsValue>(R)->getMetadata());
  case OperandKind::InlineAsm:
    return cmpInlineAsm(cast<InlineAsm>(L), cast<InlineAsm>(R));
  case OperandKind::Local:
    break;
  }
  unsigned SL = SerialL.try_emplace(L, SerialL.size()).first->second;
  unsigned SR = SerialR.try_emplace(R, SerialR.size()).first->second;
  return cmpNumbers(SL, SR);
}

//===-- Instructions ------------------------------------------------------------===//

int FunctionOrder::cmpCallProperties(const CallBase *L,
                                     const CallBase *R) const {
  if (int Res = cmpNumbers(L->getCallingConv(), R->getCallingConv()))
    return Res;
  if (int Res = cmpTypes(L->getFunctionType(), R->getFunctionType()))
    return Res;
  if (int Res = cmpAttributeLists(L->getAttributes(), R->getAttributes()))
    return Res;
  if (int Res = cmpNumbers(L->getNumOperandBundles(),
                           R->getNumOperandBundles()))
    return Res;
  for (unsigned I = 0, E = L->getNumOperandBundles(); I != E; ++I) {
    OperandBundleUse BL = L->getOperandBundleAt(I);
    OperandBundleUse BR = R->getOperandBundleAt(I);
    if (int Res = cmpStrings(BL.getTagName(), BR.getTagName()))
      return Res;
    if (int Res = cmpNumbers(BL.Inputs.size(), BR.Inputs.size()))
      return Res;
  }
  if (auto *CL = dyn_cast<CallInst>(L))
    return cmpNumbers(CL->getTailCallKind(),
                      cast<CallInst>(R)->getTailCallKind());
  if (auto *CL = dyn_cast<CallBrInst>(L))
    return cmpNumbers(CL->getNumIndirectDests(),
                      cast<CallBrInst>(R)->getNumIndirectDests());
  return 0;
}

/// The numeric properties of an operation that change its meaning, most
/// significant first. Two instructions of the same opcode give lists of the
/// same shape.
static SmallVector<uint64_t, 8> numericProperties(const Instruction *I) {
  auto Ord = [](AtomicOrdering O) { return uint64_t(O); };
  if (auto *A = dyn_cast<AllocaInst>(I))
    return {A->getAlign().value(), A->isUsedWithInAlloca(), A->isSwiftError()};
  if (auto *L = dyn_cast<LoadInst>(I))
    return {L->isVolatile(), L->getAlign().value(), Ord(L->getOrdering()),
            L->getSyncScopeID()};
  if (auto *S = dyn_cast<StoreInst>(I))
    return {S->isVolatile(), S->getAlign().value(), Ord(S->getOrdering()),
            S->getSyncScopeID()};
  if (auto *F = dyn_cast<FenceInst>(I))
    return {Ord(F->getOrdering()), F->getSyncScopeID()};
  if (auto *X = dyn_cast<AtomicCmpXchgInst>(I))
    return {X->isVolatile(),           X->isWeak(),
            Ord(X->getSuccessOrdering()), Ord(X->getFailureOrdering()),
            X->getAlign().value(),     X->getSyncScopeID()};
  if (auto *R = dyn_cast<AtomicRMWInst>(I))
    return {uint64_t(R->getOperation()), R->isVolatile(),
            Ord(R->getOrdering()), R->getAlign().value(), R->getSyncScopeID()};
  if (auto *C = dyn_cast<CmpInst>(I))
    return {uint64_t(C->getPredicate())};
  if (auto *V = dyn_cast<InsertValueInst>(I))
    return SmallVector<uint64_t, 8>(V->getIndices());
  if (auto *V = dyn_cast<ExtractValueInst>(I))
    return SmallVector<uint64_t, 8>(V->getIndices());
  if (auto *SV = dyn_cast<ShuffleVectorInst>(I)) {
    SmallVector<uint64_t, 8> Mask;
    for (int M : SV->getShuffleMask())
      Mask.push_back(uint64_t(int64_t(M)));
    return Mask;
  }
  if (auto *P = dyn_cast<LandingPadInst>(I)) {
    SmallVector<uint64_t, 8> Clauses{P->isCleanup()};
    for (unsigned C = 0, E = P->getNumClauses(); C != E; ++C)
      Clauses.push_back(P->isCatch(C));
    return Clauses;
  }
  if (auto *CS = dyn_cast<CatchSwitchInst>(I))
    return {CS->hasUnwindDest()};
  if (auto *CR = dyn_cast<CleanupReturnInst>(I))
    return {CR->hasUnwindDest()};
  return {};
}

static int cmpNumberLists(ArrayRef<uint64_t> L, ArrayRef<uint64_t> R) {
  if (int Res = cmpNumbers(L.size(), R.size()))
    return Res;
  for (size_t I = 0; I != L.size(); ++I)
    if (int Res = cmpNumbers(L[I], R[I]))
      return Res;
  return 0;
}

// Everything about an operation except its operands' identities.
int FunctionOrder::cmpOperationProperties(const Instruction *L,
                                          const Instruction *R) {
  if (int Res = cmpNumbers(L->getOpcode(), R->getOpcode()))
    return Res;
  if (int Res = cmpNumbers(L->getNumOperands(), R->getNumOperands()))
    return Res;
  if (int Res = cmpTypes(L->getType(), R->getType()))
    return Res;
  // Optional flags (nuw, nsw, exact, disjoint, nneg, samesign, fast-math,
  // GEP no-wrap) are not compared: they only add assumptions, and the
  // merger keeps those both bodies state (generalizeAssumptions).
  for (unsigned I = 0, E = L->getNumOperands(); I != E; ++I)
    if (int Res = cmpTypes(L->getOperand(I)->getType(),
                           R->getOperand(I)->getType()))
      return Res;

  // The properties that are plain numbers (alignment, volatility, atomic
  // ordering and scope, predicates, indices, masks, clause kinds), as one
  // list per side, most significant first.
  if (int Res = cmpNumberLists(numericProperties(L), numericProperties(R)))
    return Res;
  if (auto *AL = dyn_cast<AllocaInst>(L))
    return cmpTypes(AL->getAllocatedType(),
                    cast<AllocaInst>(R)->getAllocatedType());
  if (auto *CL = dyn_cast<CallBase>(L))
    return cmpCallProperties(CL, cast<CallBase>(R));
  // An exception-handling pad runs the function's personality.
  if (L->isEHPad()) {
    bool HasL = FnL->hasPersonalityFn(), HasR = FnR->hasPersonalityFn();
    if (int Res = cmpBools(HasL, HasR))
      return Res;
    if (HasL)
      return cmpConstants(FnL->getPersonalityFn(), FnR->getPersonalityFn());
  }
  // Remaining kinds (binary and unary operators, casts, select, phi, freeze,
  // extract/insertelement, va_arg, branches, switch (case values are
  // compared with the operands), indirectbr, invoke's
  // destinations, resume, unreachable, funclet pads) are described by the
  // opcode, type, flags and operands.
  return 0;
}

// The byte offset a GEP adds, when its spelling does not matter: every
// index is constant, no step overflows, and, where a flag (inbounds, nusw,
// nuw) makes intermediate results matter, every step is non-negative, so
// the partial sums rise to the final offset and whether the GEP is poison
// depends on that offset alone.
bool spellingFreeOffset(const GEPOperator *GEP, const DataLayout &DL,
                        APInt &Offset) {
  if (GEP->getType()->isVectorTy())
    return false;
  bool Flagged = GEP->isInBounds() || GEP->hasNoUnsignedSignedWrap() ||
                 GEP->hasNoUnsignedWrap();
  unsigned Width = Offset.getBitWidth();
  for (gep_type_iterator GTI = gep_type_begin(GEP), E = gep_type_end(GEP);
       GTI != E; ++GTI) {
    auto *Index = dyn_cast<ConstantInt>(GTI.getOperand());
    if (!Index || Index->getType()->isVectorTy())
      return false;
    APInt Step(Width, 0);
    bool Overflow = false;
    if (StructType *ST = GTI.getStructTypeOrNull()) {
      Step = APInt(Width,
                   DL.getStructLayout(ST)->getElementOffset(
                       Index->getZExtValue()));
    } else {
      TypeSize Stride = GTI.getSequentialElementStride(DL);
      if (Stride.isScalable())
        return false;
      APInt Idx = Index->getValue().sextOrTrunc(Width);
      Step = Idx.smul_ov(APInt(Width, Stride.getFixedValue()), Overflow);
    }
    if (Overflow || (Flagged && Step.isNegative()))
      return false;
    Offset = Offset.sadd_ov(Step, Overflow);
    if (Overflow)
      return false;
  }
  return true;
}

// A constant an argument may stand for: scalar, and naming nothing whose
// meaning depends on where it is used (a block, the function itself, a
// thread-local variable, a relative-reference or no-CFI marker).
static bool isParameterizableConstant(const Constant *C, const Function *Self,
                                      unsigned Depth = 0) {
  Type *T = C->getType();
  if (!(T->isPointerTy() || T->isFloatTy() || T->isDoubleTy() ||
        (T->isIntegerTy() && T->getIntegerBitWidth() <= 64)) &&
      Depth == 0)
    return false;
  if (C == Self || isa<BlockAddress>(C) || isa<DSOLocalEquivalent>(C) ||
      isa<NoCFIValue>(C) || isa<ConstantTokenNone>(C))
    return false;
  if (auto *GV = dyn_cast<GlobalValue>(C))
    return !GV->isThreadLocal() &&
           !(isa<Function>(GV) && cast<Function>(GV)->isIntrinsic());
  if (Depth == 4)
    return isa<ConstantData>(C);
  for (const Use &Op : C->operands())
    if (!isParameterizableConstant(cast<Constant>(Op.get()), Self, Depth + 1))
      return false;
  return true;
}

// Library functions the code generator may expand in place when called
// by name (LLVM's TargetLibraryInfo::hasOptimizedCodeGen): the string and
// memory ones always, the math ones (and their f and l forms) when the
// call cannot set errno, that is, reads no memory it could write.
static bool isExpandedLibraryCall(const CallBase &CB, const Function &Callee) {
  if (!Callee.isDeclaration() || Callee.hasLocalLinkage())
    return false;
  StringRef Name = Callee.getName();
  if (is_contained({"memcpy", "memset", "memmove", "memcmp", "bcmp", "memchr",
                    "mempcpy", "strcmp", "strcpy", "stpcpy", "strlen",
                    "strnlen"},
                   Name))
    return true;
  if (!CB.onlyReadsMemory())
    return false;
  for (StringRef Math :
       {"copysign", "fabs", "fmin", "fmax", "fminimum_num", "fmaximum_num",
        "sin", "cos", "sqrt", "floor", "nearbyint", "ceil", "rint", "round",
        "roundeven", "trunc", "log2", "exp2", "exp10", "ldexp"})
    if (Name == Math || (Name.size() == Math.size() + 1 &&
                         Name.starts_with(Math) &&
                         (Name.back() == 'f' || Name.back() == 'l')))
      return true;
  return false;
}

// A direct callee an argument may stand for: the call then goes through a
// register, which must change nothing but how the callee is reached. Not
// where the code generator needs to know the callee at the call: a
// function that returns twice (setjmp) or may not be reached indirectly
// (nocf_check), a library function it may expand in place (sqrt, strlen),
// a musttail call. Not where an indirect call costs more than a register:
// under retpolines, or, for a function of the module, under indirect-branch
// tracking (its address taken, it gains an endbr).
static bool isParameterizableCallee(const CallBase &CB) {
  auto *Callee = dyn_cast<Function>(CB.getCalledOperand());
  if (!Callee || Callee->isIntrinsic() || CB.isMustTailCall() ||
      CB.hasFnAttr(Attribute::ReturnsTwice) ||
      Callee->hasFnAttribute(Attribute::NoCfCheck) ||
      isExpandedLibraryCall(CB, *Callee))
    return false;
  const Function &Caller = *CB.getFunction();
  if (Caller.getFnAttribute("target-features")
          .getValueAsString()
          .contains("retpoline"))
    return false;
  if (!Callee->hasLocalLinkage())
    return true;
  auto *IBT = mdconst::extract_or_null<ConstantInt>(
      Caller.getParent()->getModuleFlag("cf-protection-branch"));
  return !IBT || IBT->isZero();
}

bool isParameterizableOperand(const Instruction &I, unsigned Index) {
  auto *C = dyn_cast<Constant>(I.getOperand(Index));
  if (!C || !isParameterizableConstant(C, I.getFunction()))
    return false;
  switch (I.getOpcode()) {
  case Instruction::GetElementPtr:
    return Index == 0; // Struct indices must be constant.
  case Instruction::Switch:
    return Index == 0; // Case values are constants by definition.
  case Instruction::UDiv:
  case Instruction::SDiv:
  case Instruction::URem:
  case Instruction::SRem:
    return Index == 0; // Division by a constant is a multiplication.
  case Instruction::ExtractElement:
    return Index == 0;
  case Instruction::InsertElement:
    return Index != 2;
  case Instruction::Alloca:
  case Instruction::ShuffleVector:
  case Instruction::LandingPad:
  case Instruction::CallBr:
  case Instruction::IndirectBr:
    return false;
  default:
    break;
  }
  if (auto *CB = dyn_cast<CallBase>(&I)) {
    // Arguments come first among the operands; then bundle operands and
    // destinations, which may not vary, and the callee.
    if (CB->isInlineAsm())
      return false;
    if (Index == CB->getCalledOperandUse().getOperandNo())
      return isParameterizableCallee(*CB);
    if (Index >= CB->arg_size())
      return false;
    const Function *Callee = CB->getCalledFunction();
    if (Callee && Callee->isIntrinsic())
      return false;
    return !CB->paramHasAttr(Index, Attribute::ImmArg);
  }
  return true;
}

// Under ConstantsAsParameters, two constants in positions an argument could
// take compare by type alone. Whether a position is one depends on the
// instruction and the operand, which earlier stages compared equal or
// ordered; comparing that bit first keeps the order total either way.
// The scope list a llvm.experimental.noalias.scope.decl names is a name
// local to its function (distinct nodes, one set per inlined call): two
// bodies whose scopes correspond one to one, declared where the other
// declares its own and named by the same accesses, are one body with its
// scopes renamed (cmpScopeLists, cmpScopeAttachments). The merged body's
// alias metadata is then generalized over both bodies (generalizeAssumptions:
// scopes united, no-alias lists intersected), so it claims no freedom from
// aliasing that either body does not.
static const MDNode *scopeName(const Instruction &I, unsigned Index) {
  auto *II = dyn_cast<IntrinsicInst>(&I);
  if (!II || II->getIntrinsicID() != Intrinsic::experimental_noalias_scope_decl ||
      Index != 0)
    return nullptr;
  auto *MV = dyn_cast<MetadataAsValue>(II->getArgOperand(0));
  return MV ? dyn_cast<MDNode>(MV->getMetadata()) : nullptr;
}

void collectDeclaredScopes(const Function &F,
                           SmallPtrSetImpl<const MDNode *> &Out) {
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB)
      if (const MDNode *List = scopeName(I, 0))
        for (const MDOperand &Op : List->operands())
          if (auto *Scope = dyn_cast_or_null<MDNode>(Op.get()))
            Out.insert(Scope);
}

// Two scopes are the same name when they are met at the same point of the
// walk on each side, and their domains are too.
int FunctionOrder::cmpScope(const MDNode *L, const MDNode *R) {
  auto [IL, NewL] = Scopes.L.try_emplace(L, Scopes.L.size());
  auto [IR, NewR] = Scopes.R.try_emplace(R, Scopes.R.size());
  if (int Res = cmpNumbers(IL->second, IR->second))
    return Res;
  if (!NewL)
    return 0;
  auto Domain = [](const MDNode *Scope) -> const MDNode * {
    return Scope->getNumOperands() > 1
               ? dyn_cast_or_null<MDNode>(Scope->getOperand(1).get())
               : nullptr;
  };
  const MDNode *DL = Domain(L), *DR = Domain(R);
  if (int Res = cmpBools(DL != nullptr, DR != nullptr))
    return Res;
  if (!DL)
    return 0;
  auto DomL = Scopes.DomainL.try_emplace(DL, Scopes.DomainL.size()).first;
  auto DomR = Scopes.DomainR.try_emplace(DR, Scopes.DomainR.size()).first;
  return cmpNumbers(DomL->second, DomR->second);
}

// A scope list (of a declaration, or of an !alias.scope or !noalias
// attachment: then only the scopes the function declares, the others
// holding for the whole call, as the merger's generalization treats them).
int FunctionOrder::cmpScopeLists(const MDNode *L, const MDNode *R,
                                 bool DeclaredOnly) {
  SmallVector<const MDNode *, 4> ListL, ListR;
  auto Collect = [&](const MDNode *List, SmallVectorImpl<const MDNode *> &Out,
                     const SmallPtrSetImpl<const MDNode *> &Declared) {
    if (!List)
      return;
    for (const MDOperand &Op : List->operands())
      if (auto *Scope = dyn_cast_or_null<MDNode>(Op.get()))
        if (!DeclaredOnly || Declared.count(Scope))
          Out.push_back(Scope);
  };
  Collect(L, ListL, Scopes.DeclaredL);
  Collect(R, ListR, Scopes.DeclaredR);
  if (int Res = cmpNumbers(ListL.size(), ListR.size()))
    return Res;
  for (size_t I = 0; I != ListL.size(); ++I)
    if (int Res = cmpScope(ListL[I], ListR[I]))
      return Res;
  return 0;
}

// What an access's !alias.scope and !noalias say of the scopes its
// function declares is part of what the body means: the same attachment
// promises more where its scope is never declared (for the whole call)
// than where it is declared in a loop (for one iteration).
int FunctionOrder::cmpScopeAttachments(const Instruction *L,
                                       const Instruction *R) {
  const unsigned Kinds[] = {LLVMContext::MD_alias_scope,
                            LLVMContext::MD_noalias};
  bool Any = false;
  for (unsigned Kind : Kinds)
    Any |= L->getMetadata(Kind) || R->getMetadata(Kind);
  if (!Any)
    return 0;
  if (!Scopes.Found) {
    collectDeclaredScopes(*FnL, Scopes.DeclaredL);
    collectDeclaredScopes(*FnR, Scopes.DeclaredR);
    Scopes.Found = true;
  }
  for (unsigned Kind : Kinds)
    if (int Res = cmpScopeLists(L->getMetadata(Kind), R->getMetadata(Kind),
                                /*DeclaredOnly=*/true))
      return Res;
  return 0;
}

int FunctionOrder::cmpOperands(const Instruction *L, const Instruction *R,
                               unsigned Index) {
  const Value *VL = L->getOperand(Index), *VR = R->getOperand(Index);
  const MDNode *ScopesL = scopeName(*L, Index), *ScopesR = scopeName(*R, Index);
  if (ScopesL && ScopesR)
    return cmpScopeLists(ScopesL, ScopesR, /*DeclaredOnly=*/false);
  if (Ctx.constantsAsParameters()) {
    bool HoleL = isParameterizableOperand(*L, Index);
    bool HoleR = isParameterizableOperand(*R, Index);
    if (int Res = cmpBools(HoleL, HoleR))
      return Res;
    if (HoleL)
      return cmpTypes(VL->getType(), VR->getType());
  }
  // Two functions called directly compare as callees (the policy may
  // count two functions that behave alike as one).
  auto *CL = dyn_cast<CallBase>(L);
  if (CL && CL->isCallee(&L->getOperandUse(Index)) && isa<Function>(VL) &&
      isa<Function>(VR) && cast<CallBase>(R)->isCallee(&R->getOperandUse(Index))) {
    ComparingCallees = true;
    int Res = cmpValues(VL, VR);
    ComparingCallees = false;
    return Res;
  }
  return cmpValues(VL, VR);
}

// GEPs whose offset does not depend on their spelling compare by that
// offset, so `gep {i32,i32}, p, 0, 1` matches `gep i8, p, 4`. They order
// before the others, which compare by source type and indices.
int FunctionOrder::cmpGEPs(const GEPOperator *L, const GEPOperator *R) {
  if (int Res = cmpOperands(cast<Instruction>(L), cast<Instruction>(R), 0))
    return Res;
  unsigned ASL = L->getPointerAddressSpace(), ASR = R->getPointerAddressSpace();
  if (int Res = cmpNumbers(ASL, ASR))
    return Res;
  unsigned Width = DL.getIndexSizeInBits(ASL);
  APInt OffL(Width, 0), OffR(Width, 0);
  bool ConstL = spellingFreeOffset(L, DL, OffL);
  bool ConstR = spellingFreeOffset(R, DL, OffR);
  if (int Res = cmpBools(!ConstL, !ConstR))
    return Res;
  if (ConstL)
    return cmpAPInts(OffL, OffR);
  if (int Res = cmpTypes(L->getSourceElementType(), R->getSourceElementType()))
    return Res;
  if (int Res = cmpNumbers(L->getNumOperands(), R->getNumOperands()))
    return Res;
  for (unsigned I = 1, E = L->getNumOperands(); I != E; ++I)
    if (int Res = cmpValues(L->getOperand(I), R->getOperand(I)))
      return Res;
  return 0;
}

int FunctionOrder::cmpInstructions(const Instruction *L, const Instruction *R) {
  // Number the results first: operands that refer back to them (phis in
  // loops) then resolve to the same serial numbers.
  if (int Res = cmpValues(L, R))
    return Res;
  if (auto *GL = dyn_cast<GEPOperator>(L)) {
    auto *GR = dyn_cast<GEPOperator>(R);
    if (!GR)
      return cmpNumbers(L->getOpcode(), R->getOpcode());
    if (int Res = cmpTypes(L->getType(), R->getType()))
      return Res;
    // The result element type follows from the source type and indices;
    // after a matching offset it carries no meaning of its own.
    return cmpGEPs(GL, GR);
  }
  if (int Res = cmpOperationProperties(L, R))
    return Res;
  for (unsigned I = 0, E = L->getNumOperands(); I != E; ++I)
    if (int Res = cmpOperands(L, R, I))
      return Res;
  if (int Res = cmpScopeAttachments(L, R))
    return Res;
  // Two instructions keep part of their meaning outside the operand list:
  // a phi's incoming blocks and a switch's case values.
  if (auto *PL = dyn_cast<PHINode>(L)) {
    auto *PR = cast<PHINode>(R);
    for (unsigned I = 0, E = PL->getNumIncomingValues(); I != E; ++I)
      if (int Res = cmpValues(PL->getIncomingBlock(I), PR->getIncomingBlock(I)))
        return Res;
  }
  if (auto *SL = dyn_cast<SwitchInst>(L)) {
    auto *SR = cast<SwitchInst>(R);
    for (auto LC = SL->case_begin(), RC = SR->case_begin(), E = SL->case_end();
         LC != E; ++LC, ++RC)
      if (int Res = cmpConstants((*LC).getCaseValue(), (*RC).getCaseValue()))
        return Res;
  }
  return 0;
}

int FunctionOrder::cmpBasicBlocks(const BasicBlock *L, const BasicBlock *R) {
  auto LI = L->begin(), LE = L->end(), RI = R->begin(), RE = R->end();
  for (; LI != LE && RI != RE; ++LI, ++RI)
    if (int Res = cmpInstructions(&*LI, &*RI))
      return Res;
  return cmpBools(LI != LE, RI != RE);
}

//===-- Functions -----------------------------------------------------------===//

int FunctionOrder::cmpSignature() {
  if (int Res =
          cmpSignatureAttributes(FnL->getAttributes(), FnR->getAttributes()))
    return Res;
  if (int Res = cmpBools(FnL->hasGC(), FnR->hasGC()))
    return Res;
  if (FnL->hasGC())
    if (int Res = cmpStrings(FnL->getGC(), FnR->getGC()))
      return Res;
  if (int Res = cmpBools(FnL->hasSection(), FnR->hasSection()))
    return Res;
  if (FnL->hasSection())
    if (int Res = cmpStrings(FnL->getSection(), FnR->getSection()))
      return Res;
  if (int Res = cmpBools(FnL->isVarArg(), FnR->isVarArg()))
    return Res;
  if (int Res = cmpNumbers(FnL->getCallingConv(), FnR->getCallingConv()))
    return Res;
  if (int Res = cmpTypes(FnL->getFunctionType(), FnR->getFunctionType()))
    return Res;
  if (int Res = cmpNumbers(FnL->getAddressSpace(), FnR->getAddressSpace()))
    return Res;
  // Data placed around the body: prefix and prologue data. (The
  // personality matters only where the body has exception-handling pads,
  // and is compared there.)
  if (int Res = cmpBools(FnL->hasPrefixData(), FnR->hasPrefixData()))
    return Res;
  if (FnL->hasPrefixData())
    if (int Res = cmpConstants(FnL->getPrefixData(), FnR->getPrefixData()))
      return Res;
  if (int Res = cmpBools(FnL->hasPrologueData(), FnR->hasPrologueData()))
    return Res;
  if (FnL->hasPrologueData())
    if (int Res = cmpConstants(FnL->getPrologueData(), FnR->getPrologueData()))
      return Res;
  if (int Res = cmpFunctionMetadata())
    return Res;
  // Arguments are associated by position.
  for (unsigned I = 0, E = FnL->arg_size(); I != E; ++I)
    if (int Res = cmpValues(FnL->getArg(I), FnR->getArg(I)))
      return Res;
  return 0;
}

void forEachInstructionPair(
    Function &L, Function &R,
    function_ref<void(Instruction &, Instruction &)> Visit) {
  if (L.isDeclaration() || R.isDeclaration())
    return;
  walkPairedBlocks(L.getEntryBlock(), R.getEntryBlock(),
                   [&](BasicBlock &BBL, BasicBlock &BBR) {
                     for (auto LI = BBL.begin(), RI = BBR.begin();
                          LI != BBL.end() && RI != BBR.end(); ++LI, ++RI)
                       Visit(*LI, *RI);
                     return 0;
                   });
}

int FunctionOrder::compare() {
  SerialL.clear();
  SerialR.clear();
  if (int Res = cmpSignature())
    return Res;
  if (int Res = cmpBools(FnL->isDeclaration(), FnR->isDeclaration()))
    return Res;
  if (FnL->isDeclaration())
    return 0;

  // Walk the CFG from the entry blocks, pairing blocks in the order the
  // walk meets them. The walk follows successors in terminator order, which
  // is part of what is compared, so both sides take the same path.
  return walkPairedBlocks(
      FnL->getEntryBlock(), FnR->getEntryBlock(),
      [&](const BasicBlock &BBL, const BasicBlock &BBR) {
        if (int Res = cmpValues(&BBL, &BBR))
          return Res;
        if (int Res = cmpBasicBlocks(&BBL, &BBR))
          return Res;
        // Equal blocks end in equal terminators, with as many successors.
        return cmpBools(BBL.getTerminator() != nullptr,
                        BBR.getTerminator() != nullptr);
      });
}

} // namespace coalesce
