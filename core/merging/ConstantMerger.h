//===- core/merging/ConstantMerger.h - Merge functions up to constants ----===//
//
// Finds functions that are the same but for some constants and gives them
// one body, with the constants that differ passed as arguments. See the
// essay in ConstantMerger.cpp and docs/merging-constants.md.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_MERGING_CONSTANTMERGER_H
#define COALESCE_MERGING_CONSTANTMERGER_H

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
/// pricing every class with Size (M's own model when null). Appends what
/// it did to Report. Returns true if M changed.
bool mergeFunctionsUpToConstants(llvm::Module &M,
                                 const ConstantMergeOptions &Options,
                                 Report &Report,
                                 const SizeModel *Size = nullptr);

} // namespace coalesce

#endif
