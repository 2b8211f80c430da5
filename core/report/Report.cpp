//===- core/report/Report.cpp - What coalesce did, for people and tools ----===//

#include "core/report/Report.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

using namespace llvm;

namespace coalesce {

const char *mergeKindName(MergeKind K) {
  switch (K) {
  case MergeKind::Replaced:
    return "replaced";
  case MergeKind::Alias:
    return "alias";
  case MergeKind::Thunk:
    return "thunk";
  }
  return "unknown";
}

std::string Report::basis() const {
  return SizeBasis.empty() ? "estimate from IR" : SizeBasis;
}

uint64_t Report::estimatedBytesSaved() const {
  uint64_t Sum = 0;
  for (const MergeRecord &R : Merges)
    Sum += R.EstimatedBytes;
  for (const OutlineRecord &R : Outlines)
    Sum += R.EstimatedBytes;
  return Sum;
}

void Report::resolveChains() {
  StringMap<std::string> Into;
  for (const MergeRecord &R : Merges)
    Into[R.Merged] = R.Kept;
  if (Into.empty())
    return;
  for (MergeRecord &R : Merges) {
    // Each name is merged at most once, so chains are finite; the bound
    // guards against a cycle all the same.
    for (size_t Steps = 0; Steps != Merges.size(); ++Steps) {
      auto It = Into.find(R.Kept);
      if (It == Into.end() || It->second == R.Merged)
        break;
      R.Kept = It->second;
    }
  }
}

std::string missedKey(StringRef Function, StringRef Other, StringRef Reason) {
  return (Function + Twine('\0') + Other + Twine('\0') + Reason).str();
}

void Report::append(const Report &Later, const char *Stage) {
  size_t First = Merges.size();
  Merges.insert(Merges.end(), Later.Merges.begin(), Later.Merges.end());
  size_t FirstOutline = Outlines.size();
  Outlines.insert(Outlines.end(), Later.Outlines.begin(),
                  Later.Outlines.end());
  if (Stage) {
    for (size_t I = First; I != Merges.size(); ++I)
      Merges[I].Stage = Stage;
    for (size_t I = FirstOutline; I != Outlines.size(); ++I)
      Outlines[I].Stage = Stage;
  }
  Shared.insert(Shared.end(), Later.Shared.begin(), Later.Shared.end());
  StringSet<> Known;
  for (const MissedRecord &R : Missed)
    Known.insert(missedKey(R.Function, R.Other, R.Reason));
  for (const MissedRecord &R : Later.Missed)
    if (Known.insert(missedKey(R.Function, R.Other, R.Reason)).second)
      Missed.push_back(R);
  resolveChains();
}

unsigned Report::outlinedSites() const {
  unsigned N = 0;
  for (const OutlineRecord &R : Outlines)
    N += R.Sites;
  return N;
}

unsigned Report::count(MergeKind K) const {
  unsigned N = 0;
  for (const MergeRecord &R : Merges)
    N += R.Kind == K;
  return N;
}

json::Value Report::toJSON() const {
  json::Array MergeList;
  for (const MergeRecord &R : Merges) {
    json::Object O{
        {"kept", R.Kept},
        {"merged", R.Merged},
        {"kind", mergeKindName(R.Kind)},
        {"callers_rewritten", R.CallersRewritten},
        {"estimated_bytes", R.EstimatedBytes},
    };
    if (!R.Stage.empty())
      O["stage"] = R.Stage;
    if (R.ConstantParameters)
      O["constant_parameters"] = R.ConstantParameters;
    if (R.ByCallClasses)
      O["by_call_classes"] = true;
    if (R.Similar)
      O["selector"] = true;
    if (!R.Module.empty())
      O["module"] = R.Module;
    MergeList.push_back(std::move(O));
  }
  json::Array OutlineList;
  for (const OutlineRecord &R : Outlines) {
    json::Array Callers;
    for (const std::string &C : R.Callers)
      Callers.push_back(C);
    json::Object O{
        {"function", R.Function},     {"callers", std::move(Callers)},
        {"sites", R.Sites},           {"instructions", R.Instructions},
        {"parameters", R.Parameters}, {"outputs", R.Outputs},
        {"exits", R.Exits},           {"estimated_bytes", R.EstimatedBytes},
    };
    if (R.MachineOutlinerBytes)
      O["machine_outliner_bytes"] = R.MachineOutlinerBytes;
    if (!R.Stage.empty())
      O["stage"] = R.Stage;
    if (!R.Module.empty())
      O["module"] = R.Module;
    OutlineList.push_back(std::move(O));
  }
  json::Array MissedList;
  for (const MissedRecord &R : Missed) {
    json::Object O{{"function", R.Function}, {"reason", R.Reason}};
    if (!R.Other.empty())
      O["other"] = R.Other;
    if (!R.Module.empty())
      O["module"] = R.Module;
    MissedList.push_back(std::move(O));
  }
  json::Array SharedList;
  for (const SharedRecord &R : Shared) {
    json::Object O{{"function", R.Function},
                   {"name", R.Name},
                   {"estimated_bytes", R.EstimatedBytes}};
    if (!R.Module.empty())
      O["module"] = R.Module;
    SharedList.push_back(std::move(O));
  }
  json::Object ByStage;
  auto AddToStage = [&](const std::string &Stage, uint64_t Bytes) {
    if (Stage.empty())
      return;
    json::Value &V = ByStage[Stage];
    V = (V.getAsInteger() ? *V.getAsInteger() : 0) + int64_t(Bytes);
  };
  for (const MergeRecord &R : Merges)
    AddToStage(R.Stage, R.EstimatedBytes);
  for (const OutlineRecord &R : Outlines)
    AddToStage(R.Stage, R.EstimatedBytes);
  json::Object ByKind;
  for (MergeKind K : {MergeKind::Replaced, MergeKind::Alias, MergeKind::Thunk})
    ByKind[mergeKindName(K)] = count(K);
  json::Object Result{
      {"tool", "coalesce"},
      {"schema", 1},
      {"functions",
       json::Object{{"before", FunctionsBefore},
                    {"after", FunctionsAfter},
                    {"bodies_after", BodiesAfter}}},
      {"merges_by_kind", std::move(ByKind)},
      {"bytes_saved", json::Object{{"estimated", estimatedBytesSaved()},
                                   {"basis", basis()},
                                   {"by_stage", std::move(ByStage)}}},
      {"outlined",
       json::Object{{"groups", Outlines.size()}, {"sites", outlinedSites()}}},
      {"merges", std::move(MergeList)},
      {"outlines", std::move(OutlineList)},
      {"missed", std::move(MissedList)},
  };
  if (!Shared.empty())
    Result["shared"] = std::move(SharedList);
  if (!Modules.empty()) {
    json::Array ModuleList;
    for (const ModuleTotals &T : Modules)
      ModuleList.push_back(json::Object{
          {"module", T.Module},
          {"functions", json::Object{{"before", T.FunctionsBefore},
                                     {"after", T.FunctionsAfter},
                                     {"bodies_after", T.BodiesAfter}}},
          {"estimated_bytes", T.EstimatedBytes}});
    Result["modules"] = std::move(ModuleList);
  }
  return Result;
}

void Report::printSummary(raw_ostream &OS) const {
  OS << "coalesce: " << FunctionsBefore << " functions before, "
     << FunctionsAfter << " after (" << BodiesAfter << " with own bodies); "
     << Merges.size() << " merged (" << count(MergeKind::Replaced)
     << " replaced, " << count(MergeKind::Alias) << " aliases, "
     << count(MergeKind::Thunk) << " thunks); " << outlinedSites()
     << " regions outlined into " << Outlines.size() << " functions; ~"
     << estimatedBytesSaved() << " bytes saved (estimated) [" << basis()
     << "]";
  if (!Shared.empty())
    OS << "; " << Shared.size()
       << " functions named by their content, to share with other modules";
  OS << "\n";
}

void Report::appendModule(const std::string &Module, const Report &Piece) {
  FunctionsBefore += Piece.FunctionsBefore;
  FunctionsAfter += Piece.FunctionsAfter;
  BodiesAfter += Piece.BodiesAfter;
  if (SizeBasis.empty())
    SizeBasis = Piece.SizeBasis;
  auto Mark = [&](auto &List, const auto &From) {
    size_t First = List.size();
    List.insert(List.end(), From.begin(), From.end());
    for (size_t I = First; I != List.size(); ++I)
      List[I].Module = Module;
  };
  Mark(Merges, Piece.Merges);
  Mark(Outlines, Piece.Outlines);
  Mark(Missed, Piece.Missed);
  Mark(Shared, Piece.Shared);
  Modules.push_back({Module, Piece.FunctionsBefore, Piece.FunctionsAfter,
                     Piece.BodiesAfter, Piece.estimatedBytesSaved()});
}

void Report::printListing(raw_ostream &OS) const {
  printDecisions(OS);
  printSummary(OS);
}

void Report::printDecisions(raw_ostream &OS) const {
  // Grouped by kept body, in the order the bodies were first kept.
  std::vector<std::string> Order;
  for (const MergeRecord &R : Merges)
    if (std::find(Order.begin(), Order.end(), R.Kept) == Order.end())
      Order.push_back(R.Kept);
  for (const std::string &Kept : Order) {
    OS << "coalesce: kept '" << Kept << "'\n";
    for (const MergeRecord &R : Merges)
      if (R.Kept == Kept) {
        OS << "  merged '" << R.Merged << "' (" << mergeKindName(R.Kind);
        if (R.ConstantParameters)
          OS << ", " << R.ConstantParameters << " constants as parameters";
        if (R.ByCallClasses)
          OS << ", equal through its callees' classes";
        if (R.Similar)
          OS << ", similar: a selector chooses";
        OS << ", ~" << R.EstimatedBytes << " bytes)\n";
      }
  }
  for (const OutlineRecord &R : Outlines) {
    OS << "coalesce: outlined '" << R.Function << "' from " << R.Sites
       << " sites in ";
    for (size_t I = 0; I != R.Callers.size(); ++I)
      OS << (I ? ", '" : "'") << R.Callers[I] << "'";
    OS << " (" << R.Instructions << " instructions, " << R.Parameters
       << " parameters, " << R.Outputs << " outputs";
    if (R.Exits > 1)
      OS << ", " << R.Exits << " exits";
    OS << ", ~" << R.EstimatedBytes << " bytes)\n";
  }
  for (const SharedRecord &R : Shared)
    OS << "coalesce: shared '" << R.Function << "' as '" << R.Name
       << "' (~" << R.EstimatedBytes
       << " bytes less for each other module that has it)\n";
  for (const MissedRecord &R : Missed) {
    OS << "coalesce: not merged '" << R.Function << "'";
    if (!R.Other.empty())
      OS << " with '" << R.Other << "'";
    OS << ": " << R.Reason << "\n";
  }
}

// Looks through the conversions a thunk may put around an argument or the
// result (pointer/integer casts, element-wise rebuilding of aggregates).
static const Value *stripConversions(const Value *V) {
  while (true) {
    if (auto *C = dyn_cast<CastInst>(V))
      V = C->getOperand(0);
    else if (auto *IV = dyn_cast<InsertValueInst>(V))
      V = IV->getInsertedValueOperand();
    else if (auto *EV = dyn_cast<ExtractValueInst>(V))
      V = EV->getAggregateOperand();
    else
      return V;
  }
}

bool isForwardingThunk(const Function &F) {
  if (F.isDeclaration() || F.size() != 1)
    return false;
  const CallBase *Call = nullptr;
  const ReturnInst *Ret = nullptr;
  for (const Instruction &I : F.getEntryBlock()) {
    if (isa<CastInst>(I) || isa<ExtractValueInst>(I) ||
        isa<InsertValueInst>(I))
      continue;
    if (auto *R = dyn_cast<ReturnInst>(&I)) {
      Ret = R;
      continue;
    }
    auto *CB = dyn_cast<CallBase>(&I);
    if (!CB || Call)
      return false;
    // The callee may be named through an alias (a private local name).
    auto *Callee = dyn_cast<GlobalValue>(
        CB->getCalledOperand()->stripPointerCasts());
    const GlobalObject *Target = Callee ? Callee->getAliaseeObject() : nullptr;
    if (!isa_and_nonnull<Function>(Target) || Target == &F)
      return false;
    Call = CB;
  }
  // It passes its own arguments, in order, then perhaps constants (to a
  // body shared up to constants), and returns what it gets back.
  if (!Call || !Ret || Call->arg_size() < F.arg_size())
    return false;
  for (unsigned I = 0, E = Call->arg_size(); I != E; ++I)
    if (I < F.arg_size()
            ? stripConversions(Call->getArgOperand(I)) != F.getArg(I)
            : !isa<Constant>(Call->getArgOperand(I)))
      return false;
  const Value *RV = Ret->getReturnValue();
  return !RV || stripConversions(RV) == Call;
}

void countFunctions(const Module &M, unsigned &Defined, unsigned *Bodies) {
  Defined = 0;
  if (Bodies)
    *Bodies = 0;
  for (const Function &F : M) {
    if (F.isDeclaration())
      continue;
    ++Defined;
    if (Bodies)
      *Bodies += !isForwardingThunk(F);
  }
}

} // namespace coalesce
