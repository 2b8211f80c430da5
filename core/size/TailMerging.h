//===- core/size/TailMerging.h - Code the code generator folds away -------===//
//
// At -Oz the code generator's tail merging (BranchFolding) replaces blocks
// whose machine code is the same, ending in the same successor, by one
// copy. IR shows those blocks as distinct: their stack objects are
// distinct allocas (stack coloring later gives objects with disjoint
// lifetimes one slot), their exception values distinct landing pads (all
// arrive in one register). A gtest TEST body is the extreme case: every
// EXPECT_* has its own cleanup chain of the same destructor calls on its
// own, same-typed objects, and the object keeps one copy of each.
//
// This finds the instructions such folding removes, so that the size model
// prices them apart (Features.def: FoldedInstruction) rather than as the
// code they would be if kept.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_SIZE_TAILMERGING_H
#define COALESCE_SIZE_TAILMERGING_H

#include "core/size/SizeFeatures.h"

#include "llvm/ADT/DenseSet.h"

namespace llvm {
class Function;
class Instruction;
} // namespace llvm

namespace coalesce {

/// The instructions of F that tail merging folds into an identical copy
/// elsewhere in F: of whole blocks the same as another (same code up to
/// stack objects of the same type and exception values, same successors
/// once those are folded), and of the common tails of blocks that branch
/// to the same block. One copy of each stays unfolded. With AsParameter,
/// the constants it names are parameters, equal only to themselves.
llvm::DenseSet<const llvm::Instruction *>
foldedInstructions(const llvm::Function &F, ParameterOf AsParameter = nullptr);

} // namespace coalesce

#endif
