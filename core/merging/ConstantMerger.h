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
  /// Estimated bytes a merge must save to be made: the estimates come from
  /// IR, so a small margin keeps a wrong guess from growing the program.
  unsigned MinBytesSaved = 16;
};

/// Merges functions that differ only in constants, once over the module.
/// Appends what it did to Report. Returns true if M changed.
bool mergeFunctionsUpToConstants(llvm::Module &M,
                                 const ConstantMergeOptions &Options,
                                 Report &Report, TTIGetter GetTTI = nullptr);

} // namespace coalesce

#endif
