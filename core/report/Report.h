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

#include "llvm/Support/JSON.h"

#include <cstdint>
#include <string>
#include <vector>

namespace llvm {
class Function;
class Module;
class raw_ostream;
class TargetTransformInfo;
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
  uint64_t EstimatedBytes = 0;   ///< Body size minus what replaces it.
  /// Merging up to constants: how many constants the kept body takes as
  /// arguments (0 for identical merges).
  unsigned ConstantParameters = 0;
};

struct MissedRecord {
  std::string Function;
  std::string Other; ///< The equal function it was not merged with, if any.
  std::string Reason;
};

struct Report {
  unsigned FunctionsBefore = 0; ///< Defined functions before the stage.
  unsigned FunctionsAfter = 0;  ///< Defined functions after it.
  unsigned BodiesAfter = 0;     ///< Of those, not forwarding thunks.
  std::vector<MergeRecord> Merges;
  std::vector<MissedRecord> Missed;

  uint64_t estimatedBytesSaved() const;
  /// Where a kept body was later merged into another, names the final body
  /// (g -> f, then f -> h: g's record says h).
  void resolveChains();
  unsigned count(MergeKind K) const;
  /// Adds a later stage's merges, and those of its misses not already
  /// reported (a stage that runs twice finds the same ones again).
  void append(const Report &Later);

  /// The machine-readable report (schema in docs/report.md).
  llvm::json::Value toJSON() const;
  /// One line per merge, like ld.lld's --print-icf-sections, then totals.
  void printListing(llvm::raw_ostream &OS) const;
  /// The totals only.
  void printSummary(llvm::raw_ostream &OS) const;
};

/// Estimated bytes of machine code for F's body: TTI's code-size cost when
/// available (4 bytes a unit, about one x86-64 instruction), else 4 bytes
/// an instruction, plus a fixed per-function overhead for alignment padding.
uint64_t estimateFunctionBytes(llvm::Function &F,
                               llvm::TargetTransformInfo *TTI);
/// Bytes of a forwarding thunk: one tail jump (x86-64: 5) plus overhead.
uint64_t estimateThunkBytes();

/// Counts defined functions and, of those, real bodies (not thunks that only
/// forward to another function).
void countFunctions(const llvm::Module &M, unsigned &Defined,
                    unsigned *Bodies = nullptr);
/// True if F's body only forwards its arguments (and perhaps constants
/// after them) to another function.
bool isForwardingThunk(const llvm::Function &F);

} // namespace coalesce

#endif
