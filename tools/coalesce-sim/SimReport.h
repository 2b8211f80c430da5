//===- tools/coalesce-sim/SimReport.h - What coalesce-sim shows ------------===//
//
// The per-module results coalesce-sim writes: llvm-sim's JSON (optionally
// with richer fields) and the HTML page. Everything the page needs is
// copied out of the module, so modules can be freed as the run goes on.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_TOOLS_SIMREPORT_H
#define COALESCE_TOOLS_SIMREPORT_H

#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>
#include <vector>

namespace coalesce {
namespace sim {

/// One line of IR on the page. Html is already escaped and carries the
/// operand spans; Matched lines belong to the region, others are context.
struct IRLine {
  std::string Html;
  bool Matched = false;
};

struct SourceLine {
  unsigned Number = 0;
  std::string Text;
  bool InRegion = false;
};

/// A value of the group in its common numbering, as each region names it.
struct MappedValue {
  unsigned Number = 0;
  std::string Role;
  std::vector<std::string> Names; ///< One per region.
};

/// What coalesce's outliner (core/outlining), run on a copy of the module,
/// did with a group's regions: a region counts as outlined when every one
/// of its instructions was removed from its function.
enum class OutlineMark {
  Unknown, ///< Not computed (--no-outline-marks).
  None,    ///< No region outlined.
  Some,    ///< Some regions outlined, not all.
  All,     ///< Every region outlined.
};

/// "all", "some", "none" (the JSON's values); "" for Unknown.
const char *outlineMarkName(OutlineMark M);

struct RegionReport {
  unsigned Start = 0, End = 0; ///< llvm-sim's instruction numbers.
  std::string Function;        ///< Demangled where possible.
  std::string LinkageName;
  std::string File;            ///< Empty without debug info.
  unsigned Line = 0, EndLine = 0;
  unsigned Blocks = 1;
  bool Overlaps = false;
  bool Outlined = false; ///< Removed by the outliner (OutlineMark).
  std::vector<IRLine> IR;
  std::vector<SourceLine> Source;
};

struct GroupReport {
  unsigned Number = 0; ///< The key in the JSON (from 1).
  unsigned Length = 0;
  int64_t Saving = 0;
  unsigned Parameters = 0, Outputs = 0, Exits = 0;
  uint64_t RegionBytes = 0;
  OutlineMark Outlined = OutlineMark::Unknown;
  unsigned RegionsOutlined = 0; ///< Of all its regions, shown or not.
  std::vector<RegionReport> Regions; ///< The first few.
  std::vector<std::string> MoreRegions; ///< The others: "function (a-b)".
  std::vector<MappedValue> Values; ///< Inputs, outputs, exits, shared.
};

/// One row of a merged pair side by side: a block header (the names of
/// the two blocks), an aligned step, or, for context, a phi or terminator
/// (not steps: the counts leave them out). L and R are plain text (an
/// instruction as Instruction::print writes it, a block's label), empty
/// where that side has nothing.
struct SimilarRow {
  enum Kind { Block, Step, Context };
  Kind RowKind = Step;
  std::string L, R;
  /// Both sides, and an operand of one is not the other's counterpart.
  bool Differs = false;
  std::string Note; ///< Why it differs, for the row's title.
};

/// A pair of functions the similar-function merger (core/merging), run on
/// a copy of the module, merged into one with a selector.
struct SimilarPairReport {
  std::string Left, Right; ///< Linkage names.
  std::string LeftShown, RightShown; ///< Demangled where possible.
  std::string Merged;      ///< The merged function (L's name + ".similar").
  unsigned Matched = 0, Unmatched = 0; ///< Alignment's counts of steps.
  unsigned Differing = 0;  ///< Matched steps with an operand that differs.
  uint64_t EstimatedBytes = 0; ///< Saved, by the size model.
  std::string LeftKind, RightKind; ///< "replaced", "thunk" (MergeKind).
  std::vector<SimilarRow> Rows;
  unsigned RowsCut = 0; ///< Rows left off the page after the first ones.
};

struct ModuleReport {
  std::string Name;
  unsigned Instructions = 0;
  std::vector<GroupReport> Groups;
  unsigned GroupsTotal = 0; ///< Before any cut for the page.
  /// Outline marks computed; then, of all groups (before any cut), those
  /// marked All and Some.
  bool OutlineMarked = false;
  unsigned GroupsOutlined = 0, GroupsPartlyOutlined = 0;
  /// The similar-function merger ran on a copy (not with --no-similar or
  /// --no-outline-marks); the pairs it merged, most bytes saved first.
  bool SimilarRun = false;
  std::vector<SimilarPairReport> SimilarPairs;
};

/// The self-contained page for one run: groups of all modules sorted by
/// estimated saving, regions side by side.
void writeHtml(llvm::raw_ostream &OS, const std::vector<ModuleReport> &Mods,
               const std::string &Title);

/// Escapes text for HTML.
std::string escapeHtml(llvm::StringRef S);

} // namespace sim
} // namespace coalesce

#endif
