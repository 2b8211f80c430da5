//===- core/merging/IdenticalMerger.h - Merge identical functions ----------===//
//
// Finds functions whose bodies are the same under FunctionOrder and keeps
// one body for each group. See the essay in IdenticalMerger.cpp and
// docs/merging.md.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_MERGING_IDENTICALMERGER_H
#define COALESCE_MERGING_IDENTICALMERGER_H

#include "core/report/Report.h"
#include "core/size/SizeModel.h"

namespace llvm {
class Module;
} // namespace llvm

namespace coalesce {

struct MergeOptions {
  /// Use global aliases where the object format allows them and no address
  /// is significant. Off: thunks instead of aliases.
  bool UseAliases = true;
  /// Rewrite direct calls of a merged-away function to call the kept body.
  bool RewriteDirectCalls = true;
};

/// Runs identical-function merging on M to a fixed point, pricing thunks
/// with Size. Appends what it did to Report. Returns true if M changed.
bool mergeIdenticalFunctions(llvm::Module &M, const MergeOptions &Options,
                             Report &Report, const SizeModel &Size);

} // namespace coalesce

#endif
