//===- core/crossmodule/Apply.cpp - A backend's part of the plan ----------===//
//
// Steps 6 to 8 of the algorithm in Scan.cpp, in each ThinLTO backend before
// its module is optimized; and the plan's JSON, what passes from the scan
// to the backends.
//
//===----------------------------------------------------------------------===//

#include "core/crossmodule/CrossModule.h"

#include "core/crossmodule/Sites.h"
#include "core/merging/MergeSupport.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/TimeProfiler.h"

#include <algorithm>
#include <cstdint>

using namespace llvm;

namespace coalesce {

#define DEBUG_TYPE "coalesce-merge-across-modules"
// Counted whatever LLVM was built with (-stats prints them).
ALWAYS_ENABLED_STATISTIC(NumMerged, "Functions merged with their family's body across modules");

namespace {

constexpr const char *PassName = "coalesce-merge-across-modules";

/// The shared body for Member with Parameters as arguments, named Name:
/// made from Member's body, which moves there.
/// The type of Member's shared body: its parameters, then Args'.
FunctionType *sharedType(const Function &Member, ArrayRef<Constant *> Args) {
  SmallVector<Type *, 8> Params(Member.getFunctionType()->params());
  for (Constant *C : Args)
    Params.push_back(C->getType());
  return FunctionType::get(Member.getReturnType(), Params, false);
}

Function *makeSharedBody(Function &Member, ArrayRef<OperandSite> Parameters,
                         ArrayRef<Constant *> Args, const std::string &Name) {
  Module &M = *Member.getParent();
  Function *Shared = Function::Create(sharedType(Member, Args),
                                      GlobalValue::WeakODRLinkage,
                                      Member.getAddressSpace(), Name, &M);
  Shared->copyAttributesFrom(&Member);
  AttributeList A = Member.getAttributes();
  if (hasPointer(Args))
    A = withArgumentMemory(M.getContext(), A);
  A = A.removeFnAttribute(M.getContext(), Attribute::AlwaysInline)
          .removeFnAttribute(M.getContext(), Attribute::InlineHint)
          .addFnAttribute(M.getContext(), Attribute::NoInline);
  Shared->setAttributes(A);
  Shared->setLinkage(GlobalValue::WeakODRLinkage);
  Shared->setVisibility(GlobalValue::HiddenVisibility);
  Shared->setDLLStorageClass(GlobalValue::DefaultStorageClass);
  Shared->setDSOLocal(true);
  Shared->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  Shared->setComdat(M.getOrInsertComdat(Name));
  moveBody(Member, *Shared);
  unsigned First = Member.arg_size();
  for (size_t K = 0; K != Parameters.size(); ++K)
    Parameters[K].Inst->setOperand(Parameters[K].Operand,
                                   Shared->getArg(First + K));
  return Shared;
}

class Applier {
public:
  Applier(Module &M, const CrossModulePlan &Plan, Report &Rep,
          const SizeModel &Size, RunTimeBudget &Budget)
      : M(M), Plan(Plan), Rep(Rep), Size(Size), Budget(Budget) {}

  bool run();

private:
  /// What apply() did with a member, for the second phase.
  struct Applied {
    Function *Member;
    Function *Shared;
    std::vector<Constant *> Args;
    size_t Record; ///< Its record in Rep.Merges.
  };
  void apply(Function &F, const Family &Fy, const FamilyMember &Mem);
  void rewriteCalls(Applied &A);

  Module &M;
  const CrossModulePlan &Plan;
  Report &Rep;
  const SizeModel &Size;
  RunTimeBudget &Budget;
  std::vector<Applied> Done;
  bool Changed = false;
};

bool Applier::run() {
  // Step 6: the members this module defines, by their input names.
  StringMap<std::pair<const Family *, const FamilyMember *>> Here;
  const std::string &Id = M.getModuleIdentifier();
  for (const Family &Fy : Plan.Families)
    for (const FamilyMember &Mem : Fy.Members)
      if (is_contained(Mem.Modules, Id))
        Here[Mem.Function] = {&Fy, &Mem};
  if (Here.empty())
    return false;
  std::vector<std::tuple<Function *, const Family *, const FamilyMember *>>
      Found;
  for (Function &F : M)
    if (!F.isDeclaration() && !F.hasAvailableExternallyLinkage())
      if (auto It = Here.find(inputName(F)); It != Here.end())
        Found.push_back({&F, It->second.first, It->second.second});
  // Every member first becomes a thunk: no member's body changes before
  // it is checked (a member may call another). Then those only called go.
  for (auto [F, Fy, Mem] : Found)
    apply(*F, *Fy, *Mem);
  for (Applied &A : Done)
    rewriteCalls(A);
  return Changed;
}

// Step 8, for a member local to its module and only called: its calls pass
// its constants to the shared body, and it goes.
void Applier::rewriteCalls(Applied &A) {
  Function &F = *A.Member;
  auto CallSites = callsIfRemovable(F, F.getFunctionType());
  if (!CallSites)
    return;
  std::vector<const Value *> ArgValues(A.Args.begin(), A.Args.end());
  uint64_t Forward = 0;
  for (CallBase *CB : *CallSites) {
    rewriteCall(*CB, *A.Shared, A.Args);
    Forward += Size.callBytes(ArgValues) - Size.callBytes({});
  }
  MergeRecord &R = Rep.Merges[A.Record];
  R.Kind = MergeKind::Replaced;
  R.CallersRewritten = unsigned(CallSites->size());
  // The thunk's bytes come back; the calls' added arguments go.
  R.EstimatedBytes = uint64_t(std::max<int64_t>(
      int64_t(R.EstimatedBytes) + int64_t(Size.thunkBytes(F, ArgValues)) -
          int64_t(Forward),
      0));
  F.eraseFromParent();
}

void Applier::apply(Function &F, const Family &Fy, const FamilyMember &Mem) {
  std::string Name = F.getName().str();
  auto Missed = [&](const std::string &Why) {
    Rep.Missed.push_back(MissedRecord{Name, "", "across modules: " + Why});
  };
  if (!mayJoinFamily(F))
    return Missed("no longer a function that may be merged");
  std::vector<OperandSite> Sites = constantSites(F);
  std::optional<std::string> Template;
  if (Sites.size() == Fy.Sites)
    Template = templateName(F, Sites);
  if (!Template || *Template != Fy.Template)
    return Missed("not the function the scan read (its module changed "
                  "since, or the plan is another link's)");

  // Step 7.
  std::vector<OperandSite> Parameters;
  std::vector<Constant *> Args;
  for (unsigned S : Fy.Parameters) {
    Parameters.push_back(Sites[S]);
    Args.push_back(cast<Constant>(Sites[S].Inst->getOperand(Sites[S].Operand)));
  }
  std::optional<std::string> SharedName = templateName(F, Parameters);
  if (!SharedName)
    return Missed("it names a global of its own module");
  uint64_t Body = Size.removedBytes(F);
  Function *Shared = M.getFunction(*SharedName);
  // Made for another member of this module already: the same content (F's
  // own body goes when it becomes a thunk below).
  if (Shared && Shared->getFunctionType() != sharedType(F, Args))
    return Missed("a function of this module has its shared body's name");
  if (!Shared)
    Shared = makeSharedBody(F, Parameters, Args, *SharedName);

  // Step 8: a thunk for now (rewriteCalls may yet remove it).
  std::vector<const Value *> ArgValues(Args.begin(), Args.end());
  buildForwardingBody(F, *Shared, Shared, Args);
  uint64_t Forward = Size.thunkBytes(F, ArgValues);
  MergeRecord R{Shared->getName().str(), Name, MergeKind::Thunk, 0,
                uint64_t(std::max<int64_t>(int64_t(Body) - int64_t(Forward),
                                           0))};
  R.ConstantParameters = unsigned(Args.size());
  Done.push_back({&F, Shared, Args, Rep.Merges.size()});
  Budget.spend(Mem.RunTime);
  Rep.Merges.push_back(R);
  ++NumMerged;
  OptimizationRemarkEmitter ORE(Shared, /*BFI=*/nullptr);
  ORE.emit([&] {
    return OptimizationRemark(PassName, "Merged", Shared)
           << "merged " << ore::NV("Merged", Name) << " into "
           << ore::NV("Kept", Shared->getName()) << " across modules with "
           << ore::NV("Parameters", unsigned(Args.size()))
           << " constants as parameters";
  });
  Changed = true;
}

} // namespace

bool applyCrossModulePlan(Module &M, const CrossModulePlan &Plan, Report &Rep,
                          const SizeModel &Size, RunTimeBudget &Budget) {
  TimeTraceScope Scope("coalesce: merge across modules");
  return Applier(M, Plan, Rep, Size, Budget).run();
}

//===-- The plan as JSON ----------------------------------------------------//

std::string CrossModulePlan::toJSON() const {
  json::Array Out;
  for (const Family &Fy : Families) {
    json::Array Members;
    for (const FamilyMember &Mem : Fy.Members)
      Members.push_back(json::Object{
          {"function", Mem.Function},
          {"modules", json::Array(Mem.Modules)},
          {"run-time", Mem.RunTime}});
    Out.push_back(json::Object{
        {"template", Fy.Template},
        {"sites", Fy.Sites},
        {"parameters", json::Array(Fy.Parameters)},
        {"saved", Fy.Saved},
        {"members", std::move(Members)}});
  }
  std::string Text;
  raw_string_ostream OS(Text);
  OS << formatv("{0:2}", json::Value(json::Object{
                             {"coalesce-cross-module-plan", 1},
                             {"families", std::move(Out)}}))
     << "\n";
  return Text;
}

std::optional<CrossModulePlan> CrossModulePlan::fromJSON(StringRef Text,
                                                         std::string &Error) {
  Expected<json::Value> V = json::parse(Text);
  if (!V) {
    Error = "not JSON: " + toString(V.takeError());
    return std::nullopt;
  }
  const json::Object *Top = V->getAsObject();
  if (!Top || Top->getInteger("coalesce-cross-module-plan") != 1) {
    Error = "not a coalesce cross-module plan (version 1)";
    return std::nullopt;
  }
  const json::Array *Families = Top->getArray("families");
  if (!Families) {
    Error = "no 'families' list";
    return std::nullopt;
  }
  CrossModulePlan Plan;
  for (size_t I = 0; I != Families->size(); ++I) {
    std::string Where = "family " + std::to_string(I) + ": ";
    const json::Object *O = (*Families)[I].getAsObject();
    std::optional<StringRef> T = O ? O->getString("template") : std::nullopt;
    std::optional<int64_t> Sites = O ? O->getInteger("sites") : std::nullopt;
    const json::Array *Params = O ? O->getArray("parameters") : nullptr;
    const json::Array *Members = O ? O->getArray("members") : nullptr;
    if (!T || !Sites || *Sites < 0 || *Sites > UINT32_MAX || !Params ||
        !Members) {
      Error = Where + "needs 'template', 'sites', 'parameters', 'members'";
      return std::nullopt;
    }
    Family Fy;
    Fy.Template = T->str();
    Fy.Sites = unsigned(*Sites);
    Fy.Saved = O->getInteger("saved").value_or(0);
    for (const json::Value &P : *Params) {
      std::optional<int64_t> S = P.getAsInteger();
      if (!S || *S < 0 || *S >= *Sites ||
          (!Fy.Parameters.empty() && unsigned(*S) <= Fy.Parameters.back())) {
        Error = Where + "'parameters' must be ascending sites below 'sites'";
        return std::nullopt;
      }
      Fy.Parameters.push_back(unsigned(*S));
    }
    for (const json::Value &MV : *Members) {
      const json::Object *MO = MV.getAsObject();
      std::optional<StringRef> Fn = MO ? MO->getString("function") : std::nullopt;
      const json::Array *Mods = MO ? MO->getArray("modules") : nullptr;
      if (!Fn || !Mods) {
        Error = Where + "a member needs 'function' and 'modules'";
        return std::nullopt;
      }
      FamilyMember Mem{Fn->str(), {}, MO->getNumber("run-time").value_or(0)};
      if (Mem.RunTime < 0) {
        Error = Where + "a member's 'run-time' must not be negative";
        return std::nullopt;
      }
      for (const json::Value &Mod : *Mods) {
        std::optional<StringRef> S = Mod.getAsString();
        if (!S) {
          Error = Where + "'modules' must be strings";
          return std::nullopt;
        }
        Mem.Modules.push_back(S->str());
      }
      Fy.Members.push_back(std::move(Mem));
    }
    Plan.Families.push_back(std::move(Fy));
  }
  return Plan;
}

} // namespace coalesce
