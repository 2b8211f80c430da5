//===- core/merging/SimilarMerger.h - Merge similar functions -------------===//
//
// Merges pairs of functions that are alike but not equal (a statement
// more, a different call, a block less) into one function that takes a
// selector argument. See the essay in SimilarMerger.cpp and
// docs/merging-similar.md.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_MERGING_SIMILARMERGER_H
#define COALESCE_MERGING_SIMILARMERGER_H

#include "core/hotness/Hotness.h"
#include "core/merging/SimilarAlignment.h"
#include "core/report/Report.h"
#include "core/size/SizeModel.h"

#include "llvm/ADT/DenseSet.h"

#include <functional>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace coalesce {

struct SimilarMergeOptions {
  /// Least instructions in a function worth a merge of its own.
  unsigned MinInstructions = 12;
  /// Least estimated similarity of a candidate pair (MinHash).
  double MinSimilarity = 0.5;
  /// Bytes a merge must save, by the size model: a margin for the model's
  /// error on one pair.
  unsigned MinBytesSaved = 16;
  /// Most pairs of differing constants that become parameters (the rest
  /// are chosen by the selector), as in merging up to constants.
  unsigned MaxParameters = 4;
  /// Whether the outliner runs after this stage: then a pair whose common
  /// code the outliner would share for more bytes is left to it.
  bool OutlinerRuns = true;
  /// Called for every pair about to be merged, with both bodies as they
  /// were and their alignment (coalesce-sim shows them side by side).
  std::function<void(const llvm::Function &L, const llvm::Function &R,
                     const Alignment &A)>
      OnMerge;
};

/// Merges similar pairs of functions in M once, pricing each with Size
/// and counting the selector's run time with Hot against Budget (bytes
/// alone: ProgramHotness::none() and RunTimeBudget::unlimited()). Appends
/// what it did to Report. Returns true if M changed.
///
/// In rounds: with Fresh, only pairs with at least one function in it are
/// tried (the functions the round before made, changed or left without its
/// partner); Made, if given, receives those of this round: the merged
/// functions, those whose calls it rewrote, and those whose partner merged
/// with another first.
bool mergeSimilarFunctions(llvm::Module &M, const SimilarMergeOptions &Options,
                           Report &Report, const SizeModel &Size,
                           const ProgramHotness &Hot, RunTimeBudget &Budget,
                           const llvm::DenseSet<const llvm::Function *>
                               *Fresh = nullptr,
                           llvm::DenseSet<const llvm::Function *>
                               *Made = nullptr);

} // namespace coalesce

#endif
