//===- core/merging/SimilarBuilder.h - One body for two -------------------===//
//
// Builds, from two aligned functions, one function that does what the
// first does when its last argument (the selector) is false and what the
// second does when it is true. Step 4 of similar-function merging; the
// essay is in SimilarMerger.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_MERGING_SIMILARBUILDER_H
#define COALESCE_MERGING_SIMILARBUILDER_H

#include "core/merging/SimilarAlignment.h"

#include "llvm/ADT/Twine.h"
#include "llvm/IR/Attributes.h"

#include <array>
#include <utility>
#include <vector>

namespace llvm {
class BasicBlock;
class Constant;
class Function;
} // namespace llvm

namespace coalesce {

/// What the merged body holds beyond one copy of each side.
struct MergedShape {
  /// Selects of two values that differ in a merged instruction.
  unsigned Selects = 0;
  /// Branches on the selector: around code of one side, and before
  /// successors that differ.
  unsigned Branches = 0;
  /// For each select and branch, the blocks of the two sides it runs for
  /// (one may be null): it runs as often as they do.
  std::vector<std::pair<const llvm::BasicBlock *, const llvm::BasicBlock *>>
      AddedAt;
  /// The merged function's parameters after the selector: each stands for
  /// a constant of L's (first) and of R's (second) that differ where an
  /// argument can stand. A call passes its side's constants.
  std::vector<std::array<llvm::Constant *, 2>> Parameters;
};

/// The merged function of L and R (same type, aligned by A), internal,
/// with Attrs (for L's parameters; the selector gets none) and named Name,
/// in L's module; null if it cannot be built (then the module is as it
/// was). L and R are left as they are. Up to MaxParameters pairs of
/// constants that differ become parameters after the selector (a callee
/// never does: a call through a register is a choice, see
/// MergedShape::AddedAt); the rest are chosen by selects.
llvm::Function *buildMergedFunction(llvm::Function &L, llvm::Function &R,
                                    const Alignment &A,
                                    llvm::AttributeList Attrs,
                                    const llvm::Twine &Name,
                                    unsigned MaxParameters,
                                    MergedShape &Shape);

} // namespace coalesce

#endif
