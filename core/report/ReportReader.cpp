//===- core/report/ReportReader.cpp - Reports read back and combined ------===//
//
// A distributed ThinLTO link runs each backend as a process of its own,
// each writing the report of its module. The link's report is those put
// together as an in-process link puts them together: module by module in
// the order of their names (Report::appendModule), so that the report of a
// distributed link is byte for byte the one ld.lld writes in process.
//
//===----------------------------------------------------------------------===//

#include "core/report/Report.h"

#include "llvm/Support/JSON.h"

#include <map>

using namespace llvm;

namespace coalesce {

namespace {

/// Reads fields of one JSON object, remembering the first one missing or of
/// the wrong type.
class Fields {
public:
  Fields(const json::Value &V, std::string Where, std::string &Error)
      : O(V.getAsObject()), Where(std::move(Where)), Error(Error) {
    if (!O)
      fail("not an object");
  }
  bool ok() const { return Error.empty(); }

  std::string text(StringRef Key, bool Required = true) {
    if (const json::Value *V = find(Key, Required)) {
      if (std::optional<StringRef> S = V->getAsString())
        return S->str();
      fail("'" + Key.str() + "' is not a string");
    }
    return "";
  }
  uint64_t number(StringRef Key, bool Required = true) {
    if (const json::Value *V = find(Key, Required)) {
      if (std::optional<int64_t> N = V->getAsInteger(); N && *N >= 0)
        return uint64_t(*N);
      fail("'" + Key.str() + "' is not a number");
    }
    return 0;
  }
  bool boolean(StringRef Key, bool Required = true) {
    if (const json::Value *V = find(Key, Required)) {
      if (std::optional<bool> B = V->getAsBoolean())
        return *B;
      fail("'" + Key.str() + "' is not true or false");
    }
    return false;
  }
  const json::Array *array(StringRef Key, bool Required = true) {
    if (const json::Value *V = find(Key, Required)) {
      if (const json::Array *A = V->getAsArray())
        return A;
      fail("'" + Key.str() + "' is not a list");
    }
    return nullptr;
  }
  const json::Value *value(StringRef Key) { return find(Key, true); }

private:
  const json::Value *find(StringRef Key, bool Required) {
    if (!O)
      return nullptr;
    const json::Value *V = O->get(Key);
    if (!V && Required)
      fail("no '" + Key.str() + "'");
    return V;
  }
  void fail(const std::string &Why) {
    if (Error.empty())
      Error = Where + ": " + Why;
  }

  const json::Object *O;
  std::string Where;
  std::string &Error;
};

std::optional<MergeKind> kindNamed(StringRef Name) {
  for (MergeKind K : {MergeKind::Replaced, MergeKind::Alias, MergeKind::Thunk})
    if (Name == mergeKindName(K))
      return K;
  return std::nullopt;
}

/// Calls Each(value, where) for every element of List.
template <typename EachT>
void forEach(const json::Array *List, const char *Name, EachT Each) {
  if (!List)
    return;
  for (size_t K = 0; K < List->size(); ++K)
    Each((*List)[K], std::string(Name) + "[" + std::to_string(K) + "]");
}

} // namespace

std::optional<Report> readReport(const json::Value &V, std::string &Error) {
  Report R;
  Error.clear();
  Fields Top(V, "report", Error);
  if (Top.ok() && Top.text("tool") != "coalesce")
    Error = "report: not a coalesce report";
  if (const json::Value *Counts = Top.value("functions")) {
    Fields Functions(*Counts, "functions", Error);
    R.FunctionsBefore = unsigned(Functions.number("before"));
    R.FunctionsAfter = unsigned(Functions.number("after"));
    R.BodiesAfter = unsigned(Functions.number("bodies_after"));
  }
  if (const json::Value *Bytes = Top.value("bytes_saved")) {
    Fields Saved(*Bytes, "bytes_saved", Error);
    R.SizeBasis = Saved.text("basis");
  }
  forEach(Top.array("merges"), "merges", [&](const json::Value &E,
                                             std::string Where) {
    Fields F(E, Where, Error);
    MergeRecord M;
    M.Kept = F.text("kept");
    M.Merged = F.text("merged");
    std::optional<MergeKind> K = kindNamed(F.text("kind"));
    if (!K && Error.empty())
      Error = Where + ": unknown kind";
    M.Kind = K.value_or(MergeKind::Replaced);
    M.CallersRewritten = unsigned(F.number("callers_rewritten"));
    M.EstimatedBytes = F.number("estimated_bytes");
    M.ConstantParameters = unsigned(F.number("constant_parameters", false));
    M.ByCallClasses = F.boolean("by_call_classes", false);
    M.Similar = F.boolean("selector", false);
    M.Stage = F.text("stage", false);
    M.Module = F.text("module", false);
    R.Merges.push_back(std::move(M));
  });
  forEach(Top.array("outlines"), "outlines", [&](const json::Value &E,
                                                 std::string Where) {
    Fields F(E, Where, Error);
    OutlineRecord O;
    O.Function = F.text("function");
    forEach(F.array("callers"), "callers", [&](const json::Value &C,
                                               std::string CallerWhere) {
      if (std::optional<StringRef> S = C.getAsString())
        O.Callers.push_back(S->str());
      else if (Error.empty())
        Error = Where + ": " + CallerWhere + " is not a string";
    });
    O.Sites = unsigned(F.number("sites"));
    O.Instructions = unsigned(F.number("instructions"));
    O.Parameters = unsigned(F.number("parameters"));
    O.Outputs = unsigned(F.number("outputs"));
    O.Exits = unsigned(F.number("exits"));
    O.EstimatedBytes = F.number("estimated_bytes");
    O.MachineOutlinerBytes = F.number("machine_outliner_bytes", false);
    O.Stage = F.text("stage", false);
    O.Module = F.text("module", false);
    R.Outlines.push_back(std::move(O));
  });
  forEach(Top.array("missed"), "missed", [&](const json::Value &E,
                                             std::string Where) {
    Fields F(E, Where, Error);
    MissedRecord M;
    M.Function = F.text("function");
    M.Other = F.text("other", false);
    M.Reason = F.text("reason");
    M.Module = F.text("module", false);
    R.Missed.push_back(std::move(M));
  });
  forEach(Top.array("shared", false), "shared", [&](const json::Value &E,
                                                    std::string Where) {
    Fields F(E, Where, Error);
    SharedRecord S;
    S.Function = F.text("function");
    S.Name = F.text("name");
    S.EstimatedBytes = F.number("estimated_bytes");
    S.Module = F.text("module", false);
    R.Shared.push_back(std::move(S));
  });
  forEach(Top.array("modules", false), "modules", [&](const json::Value &E,
                                                      std::string Where) {
    Fields F(E, Where, Error);
    ModuleTotals T;
    T.Module = F.text("module");
    if (const json::Value *Functions = F.value("functions")) {
      Fields Counts(*Functions, Where + ".functions", Error);
      T.FunctionsBefore = unsigned(Counts.number("before"));
      T.FunctionsAfter = unsigned(Counts.number("after"));
      T.BodiesAfter = unsigned(Counts.number("bodies_after"));
    }
    T.EstimatedBytes = F.number("estimated_bytes");
    R.Modules.push_back(std::move(T));
  });
  if (!Error.empty())
    return std::nullopt;
  return R;
}

std::optional<Report> combineModuleReports(ArrayRef<Report> Parts,
                                           std::string &Error) {
  // Each part's modules, each with its own records again.
  std::map<std::string, Report> Pieces;
  for (const Report &Part : Parts) {
    if (Part.Modules.empty()) {
      Error = "a report of no module (not a ThinLTO backend's)";
      return std::nullopt;
    }
    for (const ModuleTotals &T : Part.Modules) {
      auto [It, New] = Pieces.try_emplace(T.Module);
      if (!New) {
        Error = "module '" + T.Module + "' is in two reports";
        return std::nullopt;
      }
      Report &Piece = It->second;
      Piece.FunctionsBefore = T.FunctionsBefore;
      Piece.FunctionsAfter = T.FunctionsAfter;
      Piece.BodiesAfter = T.BodiesAfter;
      Piece.SizeBasis = Part.SizeBasis;
      auto Mine = [&](const auto &From, auto &To) {
        for (const auto &Rec : From)
          if (Rec.Module == T.Module)
            To.push_back(Rec);
      };
      Mine(Part.Merges, Piece.Merges);
      Mine(Part.Outlines, Piece.Outlines);
      Mine(Part.Missed, Piece.Missed);
      Mine(Part.Shared, Piece.Shared);
    }
  }
  Report All;
  for (auto &[Module, Piece] : Pieces)
    All.appendModule(Module, Piece);
  return All;
}

} // namespace coalesce
