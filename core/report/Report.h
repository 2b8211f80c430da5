//===- core/report/Report.h - What coalesce did, for people and tools -----===//
//
// Every stage appends its decisions here: what was merged into what and how,
// what was not merged and why, and estimated bytes saved. The plugin prints
// it as a listing, writes it as JSON, or both. Remarks and statistics are
// emitted where the decisions are made; this is the summary.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_REPORT_REPORT_H
#define COALESCE_REPORT_REPORT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Function;
class Module;
class raw_ostream;
} // namespace llvm

namespace coalesce {

/// How a merged-away function now reaches the kept body.
enum class MergeKind {
  Replaced, ///< Every use now names the kept body; the function is gone.
  Alias,    ///< The name is a global alias of the kept body.
  Thunk,    ///< The name keeps its own address: a tail call to the kept body.
};

const char *mergeKindName(MergeKind K);

struct MergeRecord {
  std::string Kept;   ///< The function whose body remains.
  std::string Merged; ///< The function that no longer has its own body.
  MergeKind Kind;
  unsigned CallersRewritten = 0; ///< Direct calls redirected to Kept.
  /// Body size minus what replaces it, predicted (Report::SizeBasis).
  uint64_t EstimatedBytes = 0;
  /// Merging up to constants: how many constants the kept body takes as
  /// arguments (0 for identical merges).
  unsigned ConstantParameters = 0;
  /// The pipeline stage that made it ("merge", "merge-constants"; the
  /// identical merging between constant rounds counts to the latter).
  std::string Stage = {};
  /// In a report of several modules (ThinLTO), the module it was in.
  std::string Module = {};
  /// Equal only with calls compared by the class of their callee (cycles
  /// of twins, CallClasses.h); by name, the two bodies differ.
  bool ByCallClasses = false;
  /// Merged with a similar function into one body that takes a selector
  /// (stage "merge-similar").
  bool Similar = false;
};

/// One group of similar regions outlined into one new function.
struct OutlineRecord {
  std::string Function;             ///< The outlined function.
  std::vector<std::string> Callers; ///< Functions with a site, in order.
  unsigned Sites = 0;
  unsigned Instructions = 0; ///< In one region.
  unsigned Parameters = 0;   ///< Values and constants that differ.
  unsigned Outputs = 0;      ///< Values handed back to the sites.
  unsigned Exits = 1;        ///< Ways out of the region.
  /// The regions' bytes minus the calls and the new function (SizeBasis),
  /// beyond what the target's machine outliner would have shared of them.
  uint64_t EstimatedBytes = 0;
  /// What the machine outliner would have shared of them (where the target
  /// runs one; written only then).
  uint64_t MachineOutlinerBytes = 0;
  std::string Stage = {};
  /// In a report of several modules (ThinLTO), the module it was in.
  std::string Module = {};
  /// Equal only with calls compared by the class of their callee (cycles
  /// of twins, CallClasses.h); by name, the two bodies differ.
  bool ByCallClasses = false;
};

/// What tells two misses apart (a stage that runs twice finds the same
/// ones again): the function, the other and the reason.
std::string missedKey(llvm::StringRef Function, llvm::StringRef Other,
                      llvm::StringRef Reason);

struct MissedRecord {
  std::string Function;
  std::string Other; ///< The equal function it was not merged with, if any.
  std::string Reason;  /// In a report of several modules (ThinLTO), the module it was in.
  std::string Module = {};
};

/// A function named by its content so that modules with the same one share
/// its body (ThinLTO).
struct SharedRecord {
  std::string Function; ///< Its name before.
  std::string Name;     ///< Its content name.
  /// Its body's bytes (SizeBasis): what each other module with the same
  /// function saves.
  uint64_t EstimatedBytes = 0;
  /// In a report of several modules, the module it was in.
  std::string Module = {};
};

/// One module's totals in a report of several (ThinLTO: one per backend).
struct ModuleTotals {
  std::string Module;
  unsigned FunctionsBefore = 0, FunctionsAfter = 0, BodiesAfter = 0;
  uint64_t EstimatedBytes = 0;
};

struct Report {
  unsigned FunctionsBefore = 0; ///< Defined functions before the stage.
  unsigned FunctionsAfter = 0;  ///< Defined functions after it.
  unsigned BodiesAfter = 0;     ///< Of those, not forwarding thunks.
  std::vector<MergeRecord> Merges;
  std::vector<OutlineRecord> Outlines;
  std::vector<MissedRecord> Missed;
  std::vector<SharedRecord> Shared;
  /// Where the byte figures come from: the size model and its target, or
  /// the fallback estimate (SizeModel::basis()).
  std::string SizeBasis;
  /// A report of several modules: each one's totals, in the order added.
  std::vector<ModuleTotals> Modules;

  uint64_t estimatedBytesSaved() const;
  /// SizeBasis, or what the figures were before there was one.
  std::string basis() const;
  /// Where a kept body was later merged into another, names the final body
  /// (g -> f, then f -> h: g's record says h).
  void resolveChains();
  unsigned count(MergeKind K) const;
  /// Regions replaced by calls of outlined functions.
  unsigned outlinedSites() const;
  /// Adds a later stage's merges and outlined groups, and those of its
  /// misses not already reported (a stage that runs twice finds the same
  /// ones again). With Stage, what it adds is marked as that stage's.
  void append(const Report &Later, const char *Stage = nullptr);

  /// Adds the report of one module of a program optimized module by
  /// module (a ThinLTO backend's): its totals add to these, its records
  /// are marked with Module.
  void appendModule(const std::string &Module, const Report &Piece);

  /// The machine-readable report (schema in docs/report.md).
  llvm::json::Value toJSON() const;
  /// One line per merge, like ld.lld's --print-icf-sections, then totals.
  void printListing(llvm::raw_ostream &OS) const;
  /// The listing without the totals.
  void printDecisions(llvm::raw_ostream &OS) const;
  /// The totals only.
  void printSummary(llvm::raw_ostream &OS) const;
};

/// Reads a report Report::toJSON wrote; none, and Error says why, if V is
/// not one (core/report/ReportReader.cpp).
std::optional<Report> readReport(const llvm::json::Value &V,
                                 std::string &Error);

/// The report of a link whose modules were optimized apart (distributed
/// ThinLTO: a report per backend process), put together as an in-process
/// link puts its backends' reports together: module by module in the order
/// of their names. None, and Error says why, if a module is in two parts
/// or a part has no module.
std::optional<Report> combineModuleReports(llvm::ArrayRef<Report> Parts,
                                           std::string &Error);

/// Counts defined functions and, of those, real bodies (not thunks that only
/// forward to another function).
void countFunctions(const llvm::Module &M, unsigned &Defined,
                    unsigned *Bodies = nullptr);
/// True if F's body only forwards its arguments (and perhaps constants
/// after them) to another function.
bool isForwardingThunk(const llvm::Function &F);

} // namespace coalesce

#endif
