//===- core/crossmodule/Scan.cpp - Families across ThinLTO modules --------===//
//
// The problem
// -----------
// In a ThinLTO link each backend sees one module. Functions equal but for
// a few constants in different modules (a virtual method overridden in
// each of several classes, one class per file; a function copied from
// file to file with another message) stay one body each: merging up to
// constants (ConstantMerger) works within a module, and shared bodies
// (SharedBodies) fold only functions equal to the last bit. Which
// constants become arguments must be decided alike in every module that
// holds a member, and no backend sees the others: the decision needs one
// look at every module before the backends run. Hosts that get that look
// (the GNU plugin, which holds every module when the linker has read them
// all; a step of the build before the link or before distributed backends,
// `coalesce-backend --scan`) run this scan and hand the plan to every
// backend (Apply.cpp).
//
// An example
// ----------
// box2d creates each kind of contact through a function of its own file:
//
//     b2Contact* b2CircleContact::Create(b2Fixture* A, int, b2Fixture* B,
//                                        int, b2BlockAllocator* allocator) {
//       void* mem = allocator->Allocate(sizeof(b2CircleContact));
//       return new (mem) b2CircleContact(A, B);
//     }
//
// and b2PolygonContact::Create in another file is the same with another
// size and another constructor. The scan finds the nine, equal but for
// those two sites; each backend gives its Create the shared body
// `__coalesce.<hash>(A, i, B, j, allocator, size, ctor)`, named by its
// content, and makes Create a thunk that passes its size and constructor.
// Nine backends make nine equal shared bodies under one name, in comdats
// of that name; the linker keeps one.
//
// The algorithm
// -------------
//  1. Read every module on its own (on Threads threads) and hash each
//     function that may join a family with its constants left out
//     (StructuralHash; stable across processes: it hashes opcodes and type
//     ids). A function of the link (not local to its module) defined in
//     several modules (an inline function, a template instance) is one
//     function: the link keeps one of its copies.
//  2. Hashes shared by functions of two modules or more point at the
//     modules worth reading again. There each such function gets its
//     sites (constantSites), its template (its content name with every
//     site an argument and what its module knows of its callees left out)
//     and for each site the key of its constant (constantKey: equal keys,
//     equal constants, in any module; a constant local to a module never
//     equals another module's).
//  3. Functions with equal templates are equal but for their sites'
//     constants: a family when they come from two modules or more. Its
//     parameters are the sites whose keys differ; more than MaxParameters
//     and the family stays apart. With no parameter and only functions
//     local to their modules it is SharedBodies' to fold, in the backends;
//     with no parameter under a linker that folds identical code (ld.lld
//     --icf=all), it is the linker's, which keeps no thunks.
//  4. Price each family in bytes, reading its members' modules once more:
//     the shared body (with its parameters) is made in every module with
//     a member and the linker keeps one; each member gives up its body and
//     pays for passing its constants, at each call if it is local to its
//     module and only called (its calls are rewritten), else in a thunk.
//     Members that would pay half what their body saves or more leave
//     (a margin for the model's error on small functions; the parameters
//     are found again among those that stay), and so do those
//     the backend's inliner would take into their callers (only called,
//     and once or small): their bodies go anyway, and merging them would
//     keep them (but where a planned family passes one's address: it
//     stays then). A callee that differs and that the backend would
//     inline into the member (only called, there; local, or made local by
//     the thin link: no other module names it or calls the member, and
//     the output does not export it) stays out of line once merged, the
//     shared body calling it through its parameter: its entry and exit
//     and the call come off the member's saving. A callee that
//     differs makes a call indirect: in a member's hot loop, the family
//     stays apart. Each call of a member gains a move per constant (and a
//     jump through a thunk): the calls the module's hotness estimate gives
//     it, charged to the program's run-time budget (a share of what every
//     module is estimated to execute; members over it leave). The family is planned when at least two members in two
//     modules stay and it saves more than MinBytesSaved.
//  5. The plan lists, per family, the template, the site count, the
//     parameters and the members with their modules. Each backend does the
//     rest for its own members (Apply.cpp), before its module is optimized
//     (its functions are still those the scan read):
//  6. Find the members it defines: by the name they had in the input, in a
//     module the plan names for them, defined there (not an imported
//     copy). Check each is still the function the scan read: as many sites
//     and the same template. One that is not stays as it is.
//  7. Its shared body: the member with the family's parameter sites as
//     arguments, named by its content (contentName, what the module knows
//     of the callees left out). weak_odr, hidden, in a comdat of its name,
//     unnamed_addr, and noinline: inlined back into its one caller in the
//     module it would be one body per module again. Where the module has
//     the name already (two members there), the body is that one.
//  8. The member passes its constants: it becomes a thunk (its address,
//     its symbol and its comdat stay). Once every member of the module is
//     one (a member may call another: none changes before it is checked),
//     those local to the module and only called go, their calls passing
//     the constants themselves.
//
// Why it is sound
// ---------------
// The scan only predicts; what the linker folds is decided by names, and a
// name stands for one content: two shared bodies named alike are the same
// function (the same bitcode once the names that mean nothing are taken
// out), so whichever copy the linker keeps serves every member. A plan
// that is wrong (stale, or another link's) costs bytes, never behaviour:
// members that no longer match stay, bodies that differ get other names.
// What may not be shared never joins: interposable functions (another
// definition may replace them), functions whose body names a variable of
// their own module, a member's address (it stays, as a thunk). The shared
// body is hidden: nothing outside the program sees it. The linker must
// keep one copy of a name: ld.gold, ld.bfd and mold keep one per comdat;
// ld.lld does not resolve comdats again in the objects its ThinLTO
// backends write, and drops the copies with --gc-sections or folds them
// with --icf=all (without either, the plan would add bytes there).
//
// Cost
// ----
// Every module is read once and hashed (linear); modules with a function
// whose hash another module shares are read again, those with a member a
// third time. Templates are written only for those functions. Grouping is
// by hash maps; nothing is pairwise.
//
//===----------------------------------------------------------------------===//

#include "core/crossmodule/CrossModule.h"

#include "core/comparison/FunctionOrder.h"
#include "core/comparison/StructuralHash.h"
#include "core/crossmodule/Sites.h"
#include "core/merging/MergeSupport.h"
#include "core/size/SizeFeatures.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <set>

using namespace llvm;

namespace coalesce {

//===-- What the scan and the backends agree on (Sites.h) -----------------===//

bool mayJoinFamily(const Function &F) {
  return F.hasName() && !ineligibility(F) && !F.isInterposable() &&
         !F.isVarArg() && !isForwardingThunk(F) && !refersToItself(F);
}

std::vector<OperandSite> constantSites(Function &F) {
  std::vector<OperandSite> Sites;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      for (unsigned Op = 0, E = I.getNumOperands(); Op != E; ++Op)
        if (isParameterizableOperand(I, Op))
          Sites.push_back({&I, Op});
  return Sites;
}

std::optional<std::string> templateName(const Function &F,
                                        ArrayRef<OperandSite> Sites) {
  return contentName(F, Sites, /*GlobalFacts=*/false);
}

/// Whether GV, local to its module, reads the same in every module: a
/// constant with a plain initializer whose address nobody compares (a
/// string literal). Such a global is named by its value (as contentName
/// writes it).
static bool localByValue(const GlobalValue &GV) {
  auto *Var = dyn_cast<GlobalVariable>(&GV);
  if (!Var || !Var->hasName() || !Var->isConstant() ||
      !Var->hasInitializer() || Var->isThreadLocal() ||
      !Var->hasGlobalUnnamedAddr() || Var->hasSection())
    return false;
  SmallVector<const Constant *, 8> Work{Var->getInitializer()};
  while (!Work.empty()) {
    const Constant *C = Work.pop_back_val();
    if (isa<GlobalValue>(C) || isa<BlockAddress>(C))
      return false;
    for (const Use &Op : C->operands())
      Work.push_back(cast<Constant>(Op.get()));
  }
  return true;
}

/// The globals C is made of, or false if one is local to its module (and
/// not named by its value) or has no name.
static bool globalsOf(const Constant &C,
                      SmallVectorImpl<const GlobalValue *> &Out,
                      unsigned Depth = 0) {
  if (auto *GV = dyn_cast<GlobalValue>(&C)) {
    if (!GV->hasName() || (GV->hasLocalLinkage() && !localByValue(*GV)))
      return false;
    Out.push_back(GV);
    return true;
  }
  if (Depth > 16)
    return false;
  for (const Use &Op : C.operands())
    if (!globalsOf(*cast<Constant>(Op.get()), Out, Depth + 1))
      return false;
  return true;
}

/// V as it is written as an operand, without its type.
static std::string operandText(const Value &V) {
  std::string Text;
  raw_string_ostream OS(Text);
  V.printAsOperand(OS, /*PrintType=*/false);
  return Text;
}

std::string constantKey(const Constant &C, StringRef Module) {
  std::string Key;
  raw_string_ostream OS(Key);
  SmallVector<const GlobalValue *, 4> Globals;
  if (!globalsOf(C, Globals))
    OS << "local " << Module << ": ";
  C.printAsOperand(OS, /*PrintType=*/true);
  // A local constant read by value: its name is its module's, its value
  // is what it stands for.
  for (const GlobalValue *GV : Globals) {
    if (!GV->hasLocalLinkage())
      continue;
    const auto *Var = cast<GlobalVariable>(GV);
    std::string Name = operandText(*Var), Value;
    raw_string_ostream VS(Value);
    VS << "{value ";
    Var->getInitializer()->printAsOperand(VS, /*PrintType=*/true);
    VS << " align " << Var->getAlign().valueOrOne().value() << "}";
    // Every whole occurrence of its name (@.str, not @.str.1).
    size_t At = 0;
    while ((At = Key.find(Name, At)) != std::string::npos) {
      size_t End = At + Name.size();
      if (End < Key.size() && (isAlnum(Key[End]) || Key[End] == '.' ||
                               Key[End] == '_' || Key[End] == '$')) {
        At = End;
        continue;
      }
      Key.replace(At, Name.size(), Value);
      At += Value.size();
    }
  }
  return Key;
}

StringRef inputName(const Function &F) {
  StringRef Name = F.getName();
  size_t At = Name.rfind(".llvm.");
  if (At == StringRef::npos)
    return Name;
  StringRef Digits = Name.drop_front(At + 6);
  return !Digits.empty() && all_of(Digits, [](char C) { return isDigit(C); })
             ? Name.take_front(At)
             : Name;
}

//===-- The scan ------------------------------------------------------------//

namespace {

/// A function as step 1 and 2 see it.
struct Fingerprint {
  unsigned Input; ///< Its (first) module.
  std::string Name;
  bool Local;
  std::string Template;
  std::vector<std::string> Keys; ///< Per site.
};

/// Reads each input I that Wanted(I) asks for, in a context of its own, and
/// runs Work(I, its module): on Options.Threads threads, each under
/// Options.Guard. The first input that cannot be read (by index, so the
/// message does not depend on the threads) is the error.
bool forEachModule(ArrayRef<ScanInput> Inputs, const ScanOptions &Options,
                   function_ref<bool(size_t)> Wanted,
                   function_ref<void(size_t, Module &)> Work,
                   std::string &Error) {
  size_t N = Inputs.size();
  std::vector<std::string> Errors(N);
  auto Read = [&](size_t I) {
    LLVMContext Ctx;
    Expected<std::unique_ptr<Module>> M =
        parseBitcodeFile(Inputs[I].Bitcode, Ctx);
    if (!M) {
      Errors[I] = Inputs[I].Module + ": " + toString(M.takeError());
      return;
    }
    Work(I, **M);
  };
  auto One = [&](size_t I) {
    if (!Wanted(I))
      return;
    if (!Options.Guard)
      Read(I);
    else if (!Options.Guard([&] { Read(I); }))
      Errors[I] = Inputs[I].Module + ": LLVM crashed reading it (the file "
                                     "is damaged)";
  };
  if (Options.Threads <= 1 || N <= 1) {
    for (size_t I = 0; I != N; ++I)
      One(I);
  } else {
    DefaultThreadPool Pool(hardware_concurrency(Options.Threads));
    for (size_t I = 0; I != N; ++I)
      Pool.async([&, I] { One(I); });
    Pool.wait();
  }
  for (std::string &E : Errors)
    if (!E.empty()) {
      Error = std::move(E);
      return false;
    }
  return true;
}

/// The key of a function: its name in the link, or in its module.
std::string identity(const Function &F, const std::string &Module) {
  if (F.hasLocalLinkage())
    return Module + "\n" + F.getName().str();
  return F.getName().str();
}

/// What step 4 learns of one member in its module.
struct Price {
  uint64_t Body = 0, Forward = 0;
  /// What its callees that differ cost once merged (see price()).
  uint64_t KeptCallees = 0;
  double RunTime = 0; ///< Instructions its calls gain per run.
  bool HotCallee = false;
  /// Its backend's inliner would take it into its callers (likelyInlined):
  /// its body goes without merging, and would stay with it. Unless a
  /// planned family passes its address: then it stays anyway.
  bool Inlined = false;
  /// Its identity (identity()), and those of the callees it would pass to
  /// the shared body.
  std::string Identity;
  std::vector<std::string> Passes;
};

/// Whether F's backend would inline it into its callers and drop it: a
/// function the link may drop once unused (local, an inline function's
/// copy, or Internal: one the thin link makes local to its module, see
/// Scanner::internalized), called directly only, not noinline, and called
/// once or no larger than what the inliner takes at its size level
/// (minsize, optsize or neither: the inline thresholds' orders, in
/// instructions).
/// An alias of F that nothing uses and the link drops (a C++ complete
/// object constructor, C1, of its base object one, C2) does not keep it.
bool likelyInlined(Function &F, bool Internal,
                   function_ref<bool(const GlobalAlias &)> AliasGoes) {
  if (!(F.hasLocalLinkage() || F.isDiscardableIfUnused() || Internal) ||
      F.hasFnAttribute(Attribute::NoInline))
    return false;
  unsigned Calls = 0;
  for (Use &U : F.uses()) {
    if (auto *GA = dyn_cast<GlobalAlias>(U.getUser())) {
      if (!GA->use_empty() || !AliasGoes(*GA))
        return false;
      continue;
    }
    auto *CB = dyn_cast<CallBase>(U.getUser());
    if (!CB || !CB->isCallee(&U) || isa<CallBrInst>(CB) ||
        CB->isMustTailCall() || CB->getFunctionType() != F.getFunctionType() ||
        CB->getCallingConv() != F.getCallingConv())
      return false;
    ++Calls;
  }
  if (Calls <= 1)
    return true;
  unsigned Small = F.hasMinSize() ? 6 : F.hasOptSize() ? 15 : 45;
  return F.getInstructionCount() <= Small;
}

class Scanner {
public:
  Scanner(ArrayRef<ScanInput> Inputs, const ScanOptions &Options,
          CrossModulePlan &Plan)
      : Inputs(Inputs), Options(Options), Plan(Plan) {}

  bool run(std::string &Error);

private:
  bool hashEverything(std::string &Error);
  bool fingerprint(std::string &Error);
  void formFamilies();
  bool price(std::string &Error);
  std::vector<unsigned> parameters(const Family &F,
                                   ArrayRef<size_t> Members) const;
  bool internalized(const GlobalValue &GV) const;
  bool inlinedInto(Function &G, const Function &F) const;
  void leaveApart(const Family &F, const std::string &Why);

  ArrayRef<ScanInput> Inputs;
  const ScanOptions &Options;
  CrossModulePlan &Plan;
  /// Step 1: per input, the functions whose hashes another module shares,
  /// and the instructions its module is estimated to execute per run.
  std::vector<std::vector<std::string>> Wanted;
  std::vector<double> Executed;
  /// Step 1: per name of the link (not local to a module), how many modules
  /// name it (define it or declare it), and how many call it without
  /// defining it (their backends may import it).
  StringMap<unsigned> NamedIn, CalledIn;
  /// Step 2: the fingerprints, in input order.
  std::vector<Fingerprint> Prints;
  /// Step 3: per family of Plan, its members' fingerprints.
  std::vector<std::vector<size_t>> FamilyPrints;
  /// Step 4: per family, per member; and per family the shared body's
  /// bytes.
  std::vector<std::vector<Price>> Prices;
  std::vector<uint64_t> SharedBytes;
  /// Step 4's decisions: the families planned, each with its members that
  /// stay (positions), and those left apart.
  struct Decisions {
    std::vector<Family> Kept;
    std::vector<std::pair<size_t, std::vector<size_t>>> KeptFrom;
    std::vector<MissedRecord> Missed;
  };
  Decisions decide(const std::set<std::string> &PassedByPlanned) const;
};

bool Scanner::run(std::string &Error) {
  return hashEverything(Error) && fingerprint(Error) &&
         (formFamilies(), price(Error));
}

// Step 1.
bool Scanner::hashEverything(std::string &Error) {
  // Per input: (hash, identity) of every function that may join a family.
  std::vector<std::vector<std::pair<uint64_t, std::string>>> Hashes(
      Inputs.size());
  std::vector<std::vector<std::string>> Names(Inputs.size()),
      Calls(Inputs.size());
  HashOptions WithoutConstants;
  WithoutConstants.IncludeConstants = false;
  Executed.assign(Inputs.size(), 0);
  if (!forEachModule(
          Inputs, Options, [](size_t) { return true; },
          [&](size_t I, Module &M) {
            for (Function &F : M) {
              if (mayJoinFamily(F))
                Hashes[I].push_back({hashFunction(F, WithoutConstants),
                                     identity(F, Inputs[I].Module)});
              if (F.hasLocalLinkage() || !F.hasName())
                continue;
              Names[I].push_back(F.getName().str());
              if (F.isDeclaration() && any_of(F.uses(), [](const Use &U) {
                    auto *CB = dyn_cast<CallBase>(U.getUser());
                    return CB && CB->isCallee(&U);
                  }))
                Calls[I].push_back(F.getName().str());
            }
            for (GlobalAlias &A : M.aliases())
              if (!A.hasLocalLinkage() && A.hasName())
                Names[I].push_back(A.getName().str());
            Executed[I] =
                ProgramHotness::compute(M, Options.Hotness).executed();
          },
          Error))
    return false;
  for (auto &List : Names)
    for (const std::string &N : List)
      ++NamedIn[N];
  for (auto &List : Calls)
    for (const std::string &N : List)
      ++CalledIn[N];
  // A hash is wanted where two functions of two modules share it (copies of
  // one function of the link count once).
  struct Seen {
    unsigned FirstInput;
    std::string FirstIdentity;
    bool Shared = false;
  };
  DenseMap<uint64_t, Seen> ByHash;
  for (unsigned I = 0; I != Inputs.size(); ++I)
    for (auto &[H, Id] : Hashes[I]) {
      auto [It, New] = ByHash.try_emplace(H, Seen{I, Id});
      if (!New && It->second.FirstInput != I && It->second.FirstIdentity != Id)
        It->second.Shared = true;
    }
  Wanted.assign(Inputs.size(), {});
  for (unsigned I = 0; I != Inputs.size(); ++I)
    for (auto &[H, Id] : Hashes[I])
      if (ByHash.lookup(H).Shared)
        Wanted[I].push_back(Id);
  return true;
}

// Step 2.
bool Scanner::fingerprint(std::string &Error) {
  std::vector<std::vector<Fingerprint>> PerInput(Inputs.size());
  if (!forEachModule(
          Inputs, Options, [&](size_t I) { return !Wanted[I].empty(); },
          [&](size_t I, Module &M) {
            std::set<std::string> Want(Wanted[I].begin(), Wanted[I].end());
            for (Function &F : M) {
              if (!mayJoinFamily(F) ||
                  !Want.count(identity(F, Inputs[I].Module)))
                continue;
              std::vector<OperandSite> Sites = constantSites(F);
              std::optional<std::string> Template = templateName(F, Sites);
              if (!Template)
                continue;
              Fingerprint P{unsigned(I), F.getName().str(),
                            F.hasLocalLinkage(), *Template, {}};
              for (const OperandSite &S : Sites)
                P.Keys.push_back(constantKey(
                    *cast<Constant>(S.Inst->getOperand(S.Operand)),
                    Inputs[I].Module));
              PerInput[I].push_back(std::move(P));
            }
          },
          Error))
    return false;
  for (auto &List : PerInput)
    for (Fingerprint &P : List)
      Prints.push_back(std::move(P));
  return true;
}

std::vector<unsigned> Scanner::parameters(const Family &F,
                                          ArrayRef<size_t> Members) const {
  std::vector<unsigned> Out;
  for (unsigned S = 0; S != F.Sites; ++S)
    for (size_t M : Members)
      if (Prints[M].Keys[S] != Prints[Members.front()].Keys[S]) {
        Out.push_back(S);
        break;
      }
  return Out;
}

/// Whether the thin link makes F, defined in its module, local to it: F is
/// of the link (not local already) and no other module names it, and the
/// output does not export it (hidden, or dso_local: the module was compiled
/// for an executable). The backend then sees F as a local function: called
/// once, or small, its inliner takes it into its callers and drops it.
/// A native object of the link that calls F is not seen here: F then stays,
/// and the scan only took it for gone (a saving missed, not a fault).
bool Scanner::internalized(const GlobalValue &GV) const {
  if (GV.hasLocalLinkage() || GV.isDeclaration() || !GV.hasName() ||
      GV.getName() == "main" || !(GV.hasHiddenVisibility() || GV.isDSOLocal()))
    return false;
  return NamedIn.lookup(GV.getName()) == 1;
}

/// Whether G, a callee of F in F's module, is likely inlined into F (and
/// dropped) by F's backend, with what the thin link makes local to its
/// module: G too, unless another module calls F (its backend may import F,
/// and G with it: G is exported then, and stays).
bool Scanner::inlinedInto(Function &G, const Function &F) const {
  bool FStays = F.hasLocalLinkage() || CalledIn.lookup(F.getName()) == 0;
  auto Gone = [&](const GlobalValue &GV) {
    return GV.hasLocalLinkage() || GV.isDiscardableIfUnused() ||
           (FStays && internalized(GV));
  };
  return likelyInlined(G, FStays && internalized(G),
                       [&](const GlobalAlias &A) { return Gone(A); });
}

/// The function a call site's callee operand names, if it is one.
static Function *calleeAt(const OperandSite &Site) {
  auto *CB = dyn_cast<CallBase>(Site.Inst);
  if (!CB || !CB->isCallee(&CB->getOperandUse(Site.Operand)))
    return nullptr;
  return dyn_cast<Function>(
      Site.Inst->getOperand(Site.Operand)->stripPointerCasts());
}

static void leaveApartIn(std::vector<MissedRecord> &Missed, const Family &F,
                         const std::string &Why) {
  if (F.Members.size() < 2)
    return;
  Missed.push_back(MissedRecord{F.Members[0].Function, F.Members[1].Function,
                                "across modules: " + Why});
}

void Scanner::leaveApart(const Family &F, const std::string &Why) {
  leaveApartIn(Plan.Missed, F, Why);
}

// Step 3.
void Scanner::formFamilies() {
  std::map<std::string, std::vector<size_t>> ByTemplate;
  std::vector<std::string> Order; // Templates in the order first met.
  StringMap<size_t> CopyOf;       // A function of the link's first print.
  std::vector<std::vector<std::string>> Modules(Prints.size());
  for (size_t P = 0; P != Prints.size(); ++P) {
    const Fingerprint &FP = Prints[P];
    const std::string &Module = Inputs[FP.Input].Module;
    if (!FP.Local) {
      auto [It, New] = CopyOf.try_emplace(FP.Name, P);
      if (!New) {
        // Another copy of one function: where else it is defined.
        if (Prints[It->second].Template == FP.Template)
          Modules[It->second].push_back(Module);
        continue;
      }
    }
    Modules[P].push_back(Module);
    auto &List = ByTemplate[FP.Template];
    if (List.empty())
      Order.push_back(FP.Template);
    List.push_back(P);
  }
  for (const std::string &T : Order) {
    std::vector<size_t> &List = ByTemplate[T];
    std::set<unsigned> InputsOf;
    bool AnyOfTheLink = false;
    for (size_t P : List) {
      InputsOf.insert(Prints[P].Input);
      AnyOfTheLink |= !Prints[P].Local;
    }
    if (InputsOf.size() < 2)
      continue;
    Family F;
    F.Template = T;
    F.Sites = unsigned(Prints[List.front()].Keys.size());
    for (size_t P : List)
      F.Members.push_back({Prints[P].Name, Modules[P]});
    F.Parameters = parameters(F, List);
    // Equal functions: SharedBodies names local ones alike, and a linker
    // that folds identical code takes the others for nothing.
    if (F.Parameters.empty() &&
        (!AnyOfTheLink || Options.LinkerFoldsIdentical))
      continue;
    if (F.Parameters.size() > Options.Constants.MaxParameters) {
      leaveApart(F, std::to_string(F.Parameters.size()) +
                        " constants differ; at most " +
                        std::to_string(Options.Constants.MaxParameters) +
                        " become parameters");
      continue;
    }
    Plan.Families.push_back(std::move(F));
    FamilyPrints.push_back(List);
  }
}

// Step 4.
bool Scanner::price(std::string &Error) {
  // Which families' members each input holds, and the reference's input of
  // each family (where the shared body is priced).
  std::vector<std::vector<std::pair<size_t, size_t>>> Holds(Inputs.size());
  for (size_t F = 0; F != Plan.Families.size(); ++F)
    for (size_t M = 0; M != FamilyPrints[F].size(); ++M)
      Holds[Prints[FamilyPrints[F][M]].Input].push_back({F, M});
  Prices.assign(Plan.Families.size(), {});
  SharedBytes.assign(Plan.Families.size(), 0);
  for (size_t F = 0; F != Plan.Families.size(); ++F)
    Prices[F].resize(FamilyPrints[F].size());
  if (!forEachModule(
          Inputs, Options, [&](size_t I) { return !Holds[I].empty(); },
          [&](size_t I, Module &M) {
            SizeModel Size = SizeModel::forModule(M);
            ProgramHotness Hot = ProgramHotness::compute(M, Options.Hotness);
            DenseMap<const Function *, FeatureCounts> Callers;
            for (auto [Fam, Mem] : Holds[I]) {
              const Family &Fy = Plan.Families[Fam];
              Function *F = M.getFunction(Fy.Members[Mem].Function);
              std::vector<OperandSite> Sites = constantSites(*F);
              Price &P = Prices[Fam][Mem];
              P.Body = Size.removedBytes(*F);
              P.Inlined =
                  likelyInlined(*F, /*Internal=*/false,
                                [](const GlobalAlias &) { return false; });
              P.Identity = identity(*F, Inputs[I].Module);
              std::vector<const Value *> Args;
              for (unsigned S : Fy.Parameters) {
                const OperandSite &Site = Sites[S];
                Args.push_back(Site.Inst->getOperand(Site.Operand));
                auto *CB = dyn_cast<CallBase>(Site.Inst);
                const BasicBlock &BB = *Site.Inst->getParent();
                if (CB && CB->isCallee(&CB->getOperandUse(Site.Operand)))
                  P.HotCallee |=
                      Hot.isHot(BB) && Hot.count(BB) > Hot.entryCount(*F);
                // A callee the backend would inline into F (and drop): the
                // shared body calls it through its parameter, so it stays
                // with its entry and exit (about a thunk's bytes), and so
                // does the call that inlining would have taken away. (Its
                // arguments' set-up too, but inlined, the callee's code
                // needs them where they are: on box2d's Create functions
                // and their constructors, and on x86-64, a thunk and a bare
                // call came within 5 bytes a member of what was measured.)
                if (Function *G = calleeAt(Site)) {
                  P.Passes.push_back(identity(*G, Inputs[I].Module));
                  if (G != F && !G->isDeclaration() && inlinedInto(*G, *F)) {
                    P.KeptCallees += Size.thunkBytes(*G) + Size.callBytes({});
                  }
                }
              }
              double PerCall = double(Args.size());
              if (auto Calls = callsIfRemovable(*F, F->getFunctionType())) {
                for (CallBase *Call : *Calls) {
                  auto [It, New] = Callers.try_emplace(Call->getFunction());
                  if (New)
                    It->second = countFunction(*Call->getFunction());
                  for (unsigned K = 0, E = Args.size(); K != E; ++K)
                    P.Forward += Size.addedArgumentBytes(
                        *Args[K], F->arg_size() + K, It->second);
                }
              } else {
                P.Forward = Size.thunkBytes(*F, Args);
                PerCall += 1;
              }
              P.RunTime = PerCall * Hot.entryCount(*F);
              if (Mem == 0) {
                DenseMap<const Use *, int> ParameterOf;
                for (size_t K = 0; K != Fy.Parameters.size(); ++K) {
                  const OperandSite &Site = Sites[Fy.Parameters[K]];
                  ParameterOf[&Site.Inst->getOperandUse(Site.Operand)] =
                      int(K);
                }
                SharedBytes[Fam] = Size.removedBytes(*F, [&](const Use &U) {
                  auto It = ParameterOf.find(&U);
                  return It == ParameterOf.end() ? -1 : It->second;
                });
              }
            }
          },
          Error))
    return false;

  // The decisions. A member the backend would inline stays where a planned
  // family passes its address (it is kept then): decided once without
  // such members, and again if a planned family passes one of them.
  Decisions D = decide({});
  std::set<std::string> Passed;
  for (auto &[Fam, Stay] : D.KeptFrom)
    for (size_t M : Stay)
      Passed.insert(Prices[Fam][M].Passes.begin(), Prices[Fam][M].Passes.end());
  bool Again = false;
  for (const auto &Family : Prices)
    for (const Price &P : Family)
      Again |= P.Inlined && Passed.count(P.Identity);
  if (Again)
    D = decide(Passed);
  Plan.Missed.insert(Plan.Missed.end(), D.Missed.begin(), D.Missed.end());
  Plan.Families = std::move(D.Kept);
  return true;
}

// The decisions of step 4, family by family in order, each member's run
// time out of the program's budget (what every module is estimated to
// execute). Members the backend would inline leave, but those whose
// identity is in PassedByPlanned.
Scanner::Decisions
Scanner::decide(const std::set<std::string> &PassedByPlanned) const {
  Decisions D;
  double Program = 0;
  for (double E : Executed)
    Program += E;
  RunTimeBudget Budget(Program, Options.RunTimeBudgetPerMille);
  for (size_t Fam = 0; Fam != Plan.Families.size(); ++Fam) {
    const Family &Fy = Plan.Families[Fam];
    std::vector<size_t> Stay; // Member positions.
    bool HotCallee = false;
    double Added = 0;
    for (size_t M = 0; M != Fy.Members.size(); ++M) {
      const Price &P = Prices[Fam][M];
      HotCallee |= P.HotCallee;
      // A member's saving is its body less its forwarding, both by the
      // size model: only a member whose body is more than twice its
      // forwarding keeps a saving the model's error cannot turn around
      // (a deleting destructor, a call and a jump, is a thunk's size twice:
      // leveldb's came out larger merged).
      bool Inlined = P.Inlined && !PassedByPlanned.count(P.Identity);
      if (Inlined || 2 * P.Forward >= P.Body ||
          !Budget.affords(Added + P.RunTime))
        continue;
      Added += P.RunTime;
      Stay.push_back(M);
    }
    if (HotCallee) {
      leaveApartIn(D.Missed, Fy,
                   "the bodies call different functions in a hot loop: "
                   "the call would become indirect there");
      continue;
    }
    std::set<unsigned> InputsOf;
    std::vector<size_t> StayPrints;
    for (size_t M : Stay) {
      InputsOf.insert(Prints[FamilyPrints[Fam][M]].Input);
      StayPrints.push_back(FamilyPrints[Fam][M]);
    }
    if (InputsOf.size() < 2) {
      leaveApartIn(D.Missed, Fy,
                   "passing the constants would cost half of what the "
                   "bodies save or more, or slow the calls past the "
                   "run-time budget, or the backends would inline the "
                   "functions anyway");
      continue;
    }
    // Fewer members never need more parameters; the prices stay upper
    // bounds of what passing the fewer constants costs.
    std::vector<unsigned> Fewer = parameters(Fy, StayPrints);
    int64_t Saved = -int64_t(SharedBytes[Fam]);
    // The callees a member passes that would otherwise be inlined into it
    // stay out of line: less saved (not in the margin above, which is of
    // the member's own forwarding).
    for (size_t M : Stay)
      Saved += int64_t(Prices[Fam][M].Body) - int64_t(Prices[Fam][M].Forward) -
               int64_t(Prices[Fam][M].KeptCallees);
    if (Saved < int64_t(Options.Constants.MinBytesSaved)) {
      leaveApartIn(D.Missed, Fy,
                   "would save " + std::to_string(Saved) +
                       " bytes, less than the margin of " +
                       std::to_string(Options.Constants.MinBytesSaved));
      continue;
    }
    Budget.spend(Added);
    Family Planned = Fy;
    Planned.Members.clear();
    for (size_t M : Stay) {
      Planned.Members.push_back(Fy.Members[M]);
      Planned.Members.back().RunTime = Prices[Fam][M].RunTime;
    }
    Planned.Parameters = std::move(Fewer);
    Planned.Saved = Saved;
    D.Kept.push_back(std::move(Planned));
    D.KeptFrom.push_back({Fam, std::move(Stay)});
  }
  return D;
}

} // namespace

bool scanModules(ArrayRef<ScanInput> Inputs, const ScanOptions &Options,
                 CrossModulePlan &Plan, std::string &Error) {
  Plan = CrossModulePlan();
  return Scanner(Inputs, Options, Plan).run(Error);
}

} // namespace coalesce
