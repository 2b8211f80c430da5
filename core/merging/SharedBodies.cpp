//===- core/merging/SharedBodies.cpp - Bodies shared across modules -------===//
//
// The problem. In a ThinLTO link every backend optimizes one module and
// sees nothing of the others. A static helper defined in a header, copied
// into each file that includes it and not inlined, or two instances of a
// template that compile to the same code in two files, stay one body per
// module: merging inside a module cannot reach them, and the backends do
// not talk to each other (distributed, they do not even run on the same
// machine).
//
// The idea. The linker already removes copies: of all the sections in
// comdat groups of the same name it keeps one. If every backend names such
// a function by its content, with the name of its comdat the same, then
// equal functions in different modules get equal names without a word
// between the backends, and the linker keeps one body of each. What makes
// this sound is that a name stands for one content: two functions may only
// ever get the same name if either body may serve the callers of both.
//
// The linkers drop the other copies in two ways. ld.gold, ld.bfd and mold
// take the objects a GNU plugin's ThinLTO backends write as any object,
// and of each comdat keep the first. ld.lld resolved comdats once, among
// the bitcode, and does not resolve them again in the objects its own
// backends write: there every copy but one is left with no reference (all
// calls bind to the one symbol), and --gc-sections removes them.
//
// An example. a.c and b.c both contain
//
//     static int scramble(int x) { return (x * 31) ^ (x >> 3); }
//
// Backend a renames its scramble to __coalesce.<hash of the body>, and so
// does backend b, from the same body; both are weak_odr, hidden, each
// in the comdat of that name. The linker keeps a's, b's calls reach it,
// and the program has one scramble.
//
// The steps, for each module:
//
//  1. Candidates: functions local to the module (nothing outside calls
//     them by name), with a body that may be shared (as for any merge:
//     not naked, no address of one of its blocks taken), not in a comdat
//     or llvm.used, and whose address nobody can compare: unnamed_addr, or
//     never taken. Local functions after ThinLTO's internalization are most
//     of a module's functions, template instances included.
//  2. Callees first. A function names the functions it calls; a local
//     callee's name means nothing in another module, so it must have its
//     content name already. The candidates are visited in post-order of
//     the calls between them; a function that calls a local function
//     without one (not a candidate, or in a cycle of calls) stays as it is.
//  3. What it names must mean the same everywhere: a global of another
//     module by its name (one symbol in the link), a constant of its own
//     module by its value (a string literal: every module's copy reads the
//     same; also once ThinLTO has promoted it to a hidden global because
//     another module imported a reader), itself as itself. A function that
//     names a local variable (state of its own module) stays as it is.
//  4. Its content, written so that equal writings mean equal functions: the
//     function alone in a module of its own, with declarations of the
//     globals it names and copies of the local constants it reads (under
//     names given by their order of use), under a fixed name, every local
//     value unnamed and debug information stripped, written as LLVM's
//     textual IR. The writing is complete by construction: whatever the
//     function's meaning depends on (types, flags, attributes, calling
//     conventions, alignment, metadata) is in it, since the IR parser
//     rebuilds the function from it. And it is the module's alone: bitcode
//     would also carry tables of the whole LLVMContext (every metadata kind
//     and operand bundle tag any module of that context registered), which
//     differ between backends, and so would the names. The hash of that
//     writing (SHA-256, of which the name keeps 160 bits) names the
//     function.
//  5. The function takes the name, weak_odr linkage, hidden visibility
//     and a comdat of that name. weak_odr and not linkonce_odr: the
//     machine outliner (on by default at -Oz for AArch64 and RISC-V)
//     leaves linkonce_odr functions alone, and on AArch64 that made Lua
//     0.86% larger; where no other module has the function, a weak_odr
//     one is emitted as the local one was. If another function of the
//     module has the name already (identical merging left two equal
//     bodies apart), it is left as it is.
//
// Cost. Step 4 clones and writes every candidate once: linear in the
// module's code. Nothing is added to the program: a renamed function keeps
// its body, its calls stay direct calls to a hidden symbol. Where another
// module has the same function, the linker drops one body; where none has,
// nothing changes but the name.
//
//===----------------------------------------------------------------------===//

#include "core/merging/SharedBodies.h"

#include "core/merging/MergeSupport.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SHA256.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"
#include "llvm/Support/TimeProfiler.h"

#include <optional>

using namespace llvm;

namespace coalesce {

#define DEBUG_TYPE "coalesce-share-bodies"
// Counted whatever LLVM was built with (-stats prints them).
ALWAYS_ENABLED_STATISTIC(NumShared, "Functions named by their content for the linker to keep one of");

namespace {

/// The prefix of every content name.
constexpr const char *Prefix = "__coalesce.";

/// Step 1: whether F may take a content name at all.
bool candidate(const Function &F) {
  if (!F.hasLocalLinkage() || ineligibility(F) || F.hasComdat())
    return false;
  if (!F.hasGlobalUnnamedAddr() &&
      F.hasAddressTaken(nullptr, /*IgnoreCallbackUses=*/false,
                        /*IgnoreAssumeLikeCalls=*/false,
                        /*IgnoreLLVMUsed=*/false))
    return false;
  bool Used = false;
  for (const Use &U : F.uses())
    Used |= isInUsedList(U);
  return !Used;
}

/// Whether C refers to no global at all (a constant that reads the same in
/// every module).
bool plainConstant(const Constant &C, unsigned Depth = 0) {
  if (isa<GlobalValue>(C) || isa<BlockAddress>(C) || Depth > 16)
    return false;
  for (const Use &Op : C.operands())
    if (!plainConstant(*cast<Constant>(Op.get()), Depth + 1))
      return false;
  return true;
}

/// Whether GV is a constant this module defines that reads the same
/// wherever it is copied: a plain value (no global in it) whose address
/// nobody compares, which no other definition can replace. Such a constant
/// is named by its value. Local string literals are; so are those ThinLTO
/// promoted (made hidden and renamed `.str.llvm.<hash>`) because another
/// module imported a function that reads them.
bool readByValue(const GlobalValue &GV) {
  auto *Var = dyn_cast<GlobalVariable>(&GV);
  return Var && Var->isConstant() && Var->hasInitializer() &&
         !Var->isInterposable() && !Var->isThreadLocal() &&
         Var->hasGlobalUnnamedAddr() &&
         (Var->hasLocalLinkage() || Var->hasHiddenVisibility()) &&
         plainConstant(*Var->getInitializer());
}

/// Step 3: whether GV means the same in every module that F may be named
/// alike in.
bool meansTheSame(const GlobalValue &GV, const Function &F) {
  return &GV == &F || !GV.hasLocalLinkage() || readByValue(GV);
}

/// The globals F names, in the order of first use (operands, constants
/// within them, its personality, prefix and prologue data).
SetVector<const GlobalValue *> namedGlobals(const Function &F,
                                            ArrayRef<OperandSite> Skip = {}) {
  DenseSet<const Use *> Skipped;
  for (const OperandSite &S : Skip)
    Skipped.insert(&S.Inst->getOperandUse(S.Operand));
  SetVector<const GlobalValue *> Out;
  SmallVector<const Constant *, 16> Work;
  DenseSet<const Constant *> Seen;
  auto Visit = [&](const Value *V) {
    auto *C = dyn_cast_or_null<Constant>(V);
    if (!C || !Seen.insert(C).second)
      return;
    Work.push_back(C);
    while (!Work.empty()) {
      const Constant *Next = Work.pop_back_val();
      if (auto *GV = dyn_cast<GlobalValue>(Next)) {
        Out.insert(GV);
        continue;
      }
      for (const Use &Op : Next->operands())
        if (auto *OpC = dyn_cast<Constant>(Op.get()))
          if (Seen.insert(OpC).second)
            Work.push_back(OpC);
    }
  };
  if (F.hasPersonalityFn())
    Visit(F.getPersonalityFn());
  if (F.hasPrefixData())
    Visit(F.getPrefixData());
  if (F.hasPrologueData())
    Visit(F.getPrologueData());
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB)
      for (const Use &Op : I.operands())
        if (!Skipped.contains(&Op))
          Visit(Op.get());
  return Out;
}

/// Whether metadata attached to F or its instructions (debug information
/// aside: it is stripped) names a global. Such metadata (!callees, a
/// global's address in an annotation) is rare; a function that has it is
/// left as it is rather than written with a reference out of its module.
bool metadataNamesGlobal(const Function &F) {
  SmallVector<const MDNode *, 16> Work;
  DenseSet<const MDNode *> Seen;
  auto Add = [&](const MDNode *N) {
    if (N && !isa<DINode>(N) && !isa<DILocation>(N) && Seen.insert(N).second)
      Work.push_back(N);
  };
  SmallVector<std::pair<unsigned, MDNode *>, 4> Attached;
  F.getAllMetadata(Attached);
  for (auto &[Kind, N] : Attached)
    Add(N);
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB) {
      Attached.clear();
      I.getAllMetadataOtherThanDebugLoc(Attached);
      for (auto &[Kind, N] : Attached)
        Add(N);
    }
  while (!Work.empty()) {
    const MDNode *N = Work.pop_back_val();
    for (const MDOperand &Op : N->operands()) {
      if (auto *V = dyn_cast_or_null<ValueAsMetadata>(Op.get())) {
        auto *C = dyn_cast<Constant>(V->getValue());
        if (C && !plainConstant(*C))
          return true;
      } else if (auto *Inner = dyn_cast_or_null<MDNode>(Op.get())) {
        Add(Inner);
      }
    }
  }
  return false;
}

/// Step 4: the hash of F's content, written alone as text (see the
/// essay), as the hexadecimal digits of a name; none if F names a global
/// whose meaning is its module's own. Named: namedGlobals(F, AsArguments).
/// Each of AsArguments is written as a parameter added after F's own, in
/// that order, in place of the constant there.
std::optional<std::string>
contentName(const Function &F, const SetVector<const GlobalValue *> &Named,
            ArrayRef<OperandSite> AsArguments, bool GlobalFacts) {
  if (metadataNamesGlobal(F))
    return std::nullopt;
  for (const GlobalValue *GV : Named)
    if (!meansTheSame(*GV, F))
      return std::nullopt;

  const Module &M = *F.getParent();
  Module Alone("", F.getContext());
  Alone.setDataLayout(M.getDataLayout());
  Alone.setTargetTriple(M.getTargetTriple());
  ValueToValueMapTy VMap;
  unsigned Constants = 0;
  for (const GlobalValue *GV : Named) {
    if (GV == &F)
      continue;
    GlobalValue *Copy;
    if (readByValue(*GV)) {
      // A constant, by its value.
      auto *Var = cast<GlobalVariable>(GV);
      auto *C = new GlobalVariable(
          Alone, Var->getValueType(), /*isConstant=*/true,
          GlobalValue::PrivateLinkage, const_cast<Constant *>(Var->getInitializer()),
          "c" + Twine(Constants++), nullptr, GlobalValue::NotThreadLocal,
          Var->getAddressSpace());
      C->setAlignment(Var->getAlign());
      C->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
      if (Var->hasSection())
        C->setSection(Var->getSection());
      Copy = C;
    } else if (auto *Fn = dyn_cast<Function>(GV)) {
      Function *D = Function::Create(Fn->getFunctionType(),
                                     GlobalValue::ExternalLinkage,
                                     Fn->getAddressSpace(), Fn->getName(),
                                     &Alone);
      D->setCallingConv(Fn->getCallingConv());
      if (GlobalFacts)
        D->setAttributes(Fn->getAttributes());
      Copy = D;
    } else {
      // A variable, an alias or an ifunc of the link, by its name.
      auto *Var = dyn_cast<GlobalVariable>(GV);
      auto *D = new GlobalVariable(
          Alone, GV->getValueType(), Var && Var->isConstant(),
          GlobalValue::ExternalLinkage, nullptr, GV->getName(), nullptr,
          GV->getThreadLocalMode(), GV->getAddressSpace());
      Copy = D;
    }
    // A copy by value is private; a declaration's visibility is what this
    // module knows of the symbol.
    if (!isa<GlobalVariable>(Copy) || !Copy->hasPrivateLinkage())
      if (GlobalFacts)
        Copy->setVisibility(GV->getVisibility());
    VMap[GV] = Copy;
  }
  SmallVector<Type *, 8> Params(F.getFunctionType()->params());
  for (const OperandSite &S : AsArguments)
    Params.push_back(S.Inst->getOperand(S.Operand)->getType());
  Function *Clone = Function::Create(
      FunctionType::get(F.getReturnType(), Params, F.isVarArg()),
      GlobalValue::ExternalLinkage, F.getAddressSpace(), "f", &Alone);
  VMap[&F] = Clone;
  auto Arg = Clone->arg_begin();
  for (const Argument &A : F.args())
    VMap[&A] = &*Arg++;
  SmallVector<ReturnInst *, 4> Returns;
  CloneFunctionInto(Clone, &F, VMap, CloneFunctionChangeType::DifferentModule,
                    Returns);
  // A constant that becomes an argument is not written: only its type,
  // the parameter's.
  for (size_t I = 0; I != AsArguments.size(); ++I) {
    const OperandSite &S = AsArguments[I];
    cast<Instruction>(VMap[S.Inst])
        ->setOperand(S.Operand, Clone->getArg(F.arg_size() + I));
  }
  // What differs between copies and means nothing: names, where it came
  // from, how it is linked in its own module.
  Clone->setName("f");
  Clone->setLinkage(GlobalValue::ExternalLinkage);
  Clone->setVisibility(GlobalValue::DefaultVisibility);
  Clone->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  Clone->setDSOLocal(false);
  for (Argument &A : Clone->args())
    A.setName("");
  for (BasicBlock &BB : *Clone) {
    BB.setName("");
    for (Instruction &I : BB)
      I.setName("");
  }
  StripDebugInfo(Alone);

  std::string Text;
  raw_string_ostream OS(Text);
  Alone.print(OS, /*AAW=*/nullptr);
  std::array<uint8_t, 32> Hash = SHA256::hash(
      ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(Text.data()),
                        Text.size()));
  return toHex(ArrayRef<uint8_t>(Hash).take_front(20), /*LowerCase=*/true);
}

/// Step 2's result: the candidates in order, and the globals each names
/// (its walk is read again by step 3; renaming keeps them the same).
struct Ordered {
  std::vector<Function *> Order;
  DenseMap<const Function *, SetVector<const GlobalValue *>> Named;
};

/// Step 2: the candidates, callees before their callers; those that call
/// a local function that is no candidate, or that are in a cycle of calls,
/// are left out.
Ordered calleesFirst(Module &M) {
  DenseSet<const Function *> Candidates;
  for (Function &F : M)
    if (candidate(F))
      Candidates.insert(&F);
  // 0: not seen; 1: on the path; 2: done (in Order, or left out).
  DenseMap<const Function *, unsigned> State;
  DenseSet<const Function *> LeftOut;
  Ordered Result;
  std::vector<Function *> &Order = Result.Order;
  // Local functions F calls or names, other than itself.
  auto LocalCallees = [&](const Function &F) {
    SmallVector<Function *, 8> Out;
    const SetVector<const GlobalValue *> &Named =
        Result.Named[&F] = namedGlobals(F);
    for (const GlobalValue *GV : Named)
      if (auto *G = dyn_cast<Function>(GV))
        if (G != &F && G->hasLocalLinkage())
          Out.push_back(const_cast<Function *>(G));
    return Out;
  };
  for (Function &Root : M) {
    if (!Candidates.contains(&Root) || State.lookup(&Root))
      continue;
    // Iterative depth-first search: call chains are deep.
    SmallVector<std::pair<Function *, SmallVector<Function *, 8>>, 16> Stack;
    State[&Root] = 1;
    Stack.push_back({&Root, LocalCallees(Root)});
    while (!Stack.empty()) {
      auto &[F, Todo] = Stack.back();
      if (!Todo.empty()) {
        Function *G = Todo.pop_back_val();
        if (!Candidates.contains(G) || State.lookup(G) == 1 ||
            LeftOut.contains(G)) {
          LeftOut.insert(F); // Calls what cannot be named alike.
          continue;
        }
        if (State.lookup(G) == 0) {
          State[G] = 1;
          Stack.push_back({G, LocalCallees(*G)});
        }
        continue;
      }
      Function *Done = F;
      State[Done] = 2;
      Stack.pop_back();
      if (LeftOut.contains(Done)) {
        if (!Stack.empty())
          LeftOut.insert(Stack.back().first);
        continue;
      }
      Order.push_back(Done);
    }
  }
  return Result;
}

} // namespace

std::optional<std::string> contentName(const Function &F,
                                       ArrayRef<OperandSite> AsArguments,
                                       bool GlobalFacts) {
  std::optional<std::string> Hex =
      contentName(F, namedGlobals(F, AsArguments), AsArguments, GlobalFacts);
  if (!Hex)
    return std::nullopt;
  return Prefix + *Hex;
}

bool shareBodiesAcrossModules(Module &M, Report &R, const SizeModel &Size) {
  TimeTraceScope Scope("coalesce: share bodies");
  // A comdat is how the linker keeps one copy; without comdats (Mach-O)
  // there is nothing to share through.
  if (!Triple(M.getTargetTriple()).supportsCOMDAT())
    return false;
  bool Changed = false;
  Ordered Candidates = calleesFirst(M);
  for (Function *F : Candidates.Order) {
    // 3, 4. What it names, and its content.
    std::optional<std::string> Hex =
        contentName(*F, Candidates.Named[F], /*AsArguments=*/{},
                    /*GlobalFacts=*/true);
    if (!Hex)
      continue;
    std::string Name = Prefix + *Hex;
    // 5. Its name, unless a twin in this module took it.
    if (M.getNamedValue(Name))
      continue;
    SharedRecord Rec;
    Rec.Function = F->getName().str();
    Rec.Name = Name;
    Rec.EstimatedBytes = Size.functionBytes(*F);
    F->setName(Name);
    F->setLinkage(GlobalValue::WeakODRLinkage);
    F->setVisibility(GlobalValue::HiddenVisibility);
    F->setDSOLocal(true);
    F->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
    F->setComdat(M.getOrInsertComdat(Name));
    R.Shared.push_back(std::move(Rec));
    ++NumShared;
    Changed = true;
  }
  return Changed;
}

} // namespace coalesce
