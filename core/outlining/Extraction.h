//===- core/outlining/Extraction.h - One function per group, calls at sites ===//
//
// The second half of the outliner (essay in Outliner.cpp): the plan of a
// candidate's outlined function (its arguments, what it hands back and
// how), the function built from the reference site, and every site
// replaced by a call.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_OUTLINING_EXTRACTION_H
#define COALESCE_OUTLINING_EXTRACTION_H

#include "core/outlining/Candidates.h"

#include <string>
#include <vector>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace coalesce {

/// The outlined function's interface, and what each site passes and takes.
struct OutlinePlan {
  /// Common numbers passed as arguments, in order.
  std::vector<unsigned> Parameters;
  /// Stack slots that move into the outlined function.
  std::vector<unsigned> LocalSlots;
  /// Outputs returned as the function's value (0: none) and through
  /// pointer arguments (in argument order, after the parameters).
  unsigned ReturnedOutput = 0;
  std::vector<unsigned> PointerOutputs;
  /// Exits: the fall-through (when the region falls through) first, then
  /// the blocks it branches out to. With more than one, the function
  /// returns the index of the exit taken.
  unsigned Exits = 1;
  /// Needs[S][K]: site S uses PointerOutputs[K] after the region.
  std::vector<std::vector<bool>> Needs;
  /// Whether site S uses the returned output.
  std::vector<bool> NeedsReturned;
  /// Sites that need different pointer outputs pass a scheme, the index of
  /// their set in Schemes; the function stores only that set.
  std::vector<std::vector<bool>> Schemes;
  std::vector<unsigned> SchemeOf;
  bool hasScheme() const { return Schemes.size() > 1; }
  unsigned arguments() const {
    return Parameters.size() + PointerOutputs.size() + hasScheme();
  }
};

/// Plans C's outlined function from the IR as it is now.
OutlinePlan planOutline(const OutlineCandidate &C);

/// Builds the outlined function of C, named Name, from its reference site,
/// and replaces every site by a call of it. C must be fresh
/// (refreshCandidate) and P its plan.
llvm::Function *outlineCandidate(llvm::Module &M, const OutlineCandidate &C,
                                 const OutlinePlan &P,
                                 const std::string &Name);

} // namespace coalesce

#endif
