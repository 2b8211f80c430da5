//===- core/outlining/Outliner.h - Similar code becomes one function -------===//
//
// The IR outliner: regions of similar instructions anywhere in the module
// become calls of one new function per group, with the constants that
// differ passed as arguments and the values the rest of the caller needs
// handed back. See the essay in Outliner.cpp and docs/outlining.md.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_OUTLINING_OUTLINER_H
#define COALESCE_OUTLINING_OUTLINER_H

#include "core/hotness/Hotness.h"
#include "core/report/Report.h"
#include "core/size/SizeModel.h"

#include "llvm/ADT/DenseSet.h"

namespace llvm {
class Module;
}

namespace coalesce {

struct OutlineOptions {
  /// Bytes a group must save, by the size model, to be outlined: a margin
  /// for the model's error on a few instructions.
  unsigned MinBenefit = 16;
  /// Bytes the groups a round outlines must save together. A saving
  /// smaller than the alignment of the code the linker places after the
  /// module's may vanish in its padding, while every call stays.
  unsigned MinTotal = 32;
  /// Most arguments the outlined function takes (values and constants that
  /// differ between sites, output addresses, the output scheme).
  unsigned MaxArguments = 6;
  /// Shortest region considered, in instructions.
  unsigned MinLength = 2;
  /// Most groups outlined in a round, best first (0: no limit): for
  /// finding the one group that matters by bisection.
  unsigned MaxGroups = 0;
  /// A function's first new call costs this share, in thousandths, of the
  /// instructions the function executes, spent from the run-time budget,
  /// wherever in it the call sits: its register allocation changes around
  /// its hot loops too (libyaml's scanner with its profile: 3.1% more,
  /// rematerialized addresses, after calls the profile called cold).
  unsigned DisturbancePerMille = 31;
  /// Loops over independent items run on LLVM's thread pool (off in a
  /// ThinLTO backend: SimilarityOptions::Threads).
  bool Threads = true;
};

using FunctionSet = llvm::DenseSet<const llvm::Function *>;

/// The code a round of outlining and the merging after it wrote: the
/// functions made or rewritten whole (outlined functions, thunks), and in
/// other functions the blocks written into (each site's call block and
/// the blocks it branches to, whose phis now name it; a block whose calls
/// now name the function merging kept).
struct ChangedCode {
  FunctionSet Functions;
  llvm::DenseSet<const llvm::BasicBlock *> Blocks;

  bool contains(const llvm::Instruction &I) const;
};

/// One round of outlining over M: finds the similar regions, prices every
/// group with Size, outlines the best non-overlapping groups and appends
/// what it did to Report. Returns true if M changed.
///
/// Hot says how often each block runs in the whole program: no site in a
/// hot block is outlined, and the calls the others add (their call
/// sequences times how often they run) are spent from Budget, which the
/// rounds and stages of one pipeline share.
///
/// With Only, a group is weighed only if one of its sites overlaps code
/// of Only. A later round passes the code the round before changed: a
/// group with every site elsewhere was weighed then, the same instructions
/// with the same operands as one, and was left for a reason that still
/// holds (but for what a new call in the same function changes in the
/// price of the values it keeps across calls).
bool outlineSimilarCode(llvm::Module &M, const OutlineOptions &Options,
                        Report &Report, const SizeModel &Size,
                        const ProgramHotness &Hot, RunTimeBudget &Budget,
                        const ChangedCode *Only = nullptr);

} // namespace coalesce

#endif
