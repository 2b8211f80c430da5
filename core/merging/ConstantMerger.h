//===- core/merging/ConstantMerger.h - Merge functions up to constants ----===//
//
// Finds functions that are the same but for some constants and gives them
// one body, with the constants that differ passed as arguments. See the
// essay in ConstantMerger.cpp and docs/merging-constants.md.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_MERGING_CONSTANTMERGER_H
#define COALESCE_MERGING_CONSTANTMERGER_H

#include "core/hotness/Hotness.h"
#include "core/merging/IdenticalMerger.h"

namespace coalesce {

struct ConstantMergeOptions {
  /// Most constants one shared body takes as arguments. More arguments
  /// cost more at every call and spill past the registers that pass them.
  unsigned MaxParameters = 4;
  /// Bytes a merge must save, by the size model, to be made: a margin for
  /// the model's error on one class.
  unsigned MinBytesSaved = 16;
};

/// Merges functions that differ only in constants, once over the module,
/// pricing every class with Size. Appends what it did to Rep. Returns
/// true if M changed.
///
/// A merge also counts its run time: every call of a member passes its
/// constants (and a thunk jumps once more), as often as Hot says the
/// member is called per run of the program. Members the budget cannot
/// afford stay out; what the merges made spend is taken from Budget.
/// (Bytes alone: ProgramHotness::none() and RunTimeBudget::unlimited().)
///
/// In rounds, Earlier is what the rounds before reported: a class left
/// apart for the same reason again is not remarked on again.
bool mergeFunctionsUpToConstants(llvm::Module &M,
                                 const ConstantMergeOptions &Options,
                                 Report &Rep, const SizeModel &Size,
                                 const ProgramHotness &Hot,
                                 RunTimeBudget &Budget,
                                 const Report *Earlier = nullptr);

} // namespace coalesce

#endif
