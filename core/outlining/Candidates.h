//===- core/outlining/Candidates.h - Groups of regions that can be outlined ===//
//
// The first half of the outliner (essay in Outliner.cpp): the similarity
// analysis' groups, turned into candidates that can be outlined as they
// stand. Every region is checked for what must never move to another
// function, trimmed to a shape with one entry, and every value it touches
// gets a role shared by the whole group.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_OUTLINING_CANDIDATES_H
#define COALESCE_OUTLINING_CANDIDATES_H

#include "core/regions/Similarity.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/ValueHandle.h"

#include <string>
#include <vector>

namespace llvm {
class BasicBlock;
class Function;
class Instruction;
class Module;
} // namespace llvm

namespace coalesce {

/// One place a group's code occurs: consecutive instructions of one
/// function, in layout order, possibly across blocks.
struct OutlineSite {
  llvm::Function *F = nullptr;
  std::vector<llvm::Instruction *> Insts;
  /// Values[C]: the site's value with the group's common number C (index 0
  /// unused).
  std::vector<llvm::Value *> Values;
  /// The same values tracked, for a site about to be outlined (track()):
  /// a value an earlier outlining replaced by a reload is followed to the
  /// reload, one it deleted becomes null. Only chosen candidates pay for
  /// the handles; refreshCandidate reads them back.
  std::vector<llvm::WeakTrackingVH> Tracked;
  void track() { Tracked.assign(Values.begin(), Values.end()); }
  /// The values as they are now: the tracked ones once there are any.
  std::vector<llvm::Value *> current() const {
    return Tracked.empty() ? Values
                           : std::vector<llvm::Value *>(Tracked.begin(),
                                                        Tracked.end());
  }
  /// The site's positions in the similarity analysis' module string.
  unsigned Start = 0;
  unsigned Length = 0;
};

/// What a value with a common number is to the outlined function.
enum class OutlineRole : unsigned char {
  Internal,  ///< Defined in the region, used only there.
  Output,    ///< Defined in the region, used after it at some site.
  Parameter, ///< Comes from outside and differs between sites (or is not a
             ///< constant): an argument.
  Shared,    ///< The same constant, global or function at every site.
  LocalSlot, ///< A stack slot only the region uses, at every site: it
             ///< moves into the outlined function.
  Exit,      ///< A block outside the region that a branch leaves to.
};

struct OutlineCandidate {
  std::vector<OutlineSite> Sites; ///< Sites[0] is the reference.
  std::vector<OutlineRole> Roles; ///< By common number; index 0 unused.
};

/// Where a site stands in the IR now.
struct SiteShape {
  /// The blocks the site touches, in layout order: it starts inside the
  /// first and ends inside the last.
  std::vector<llvm::BasicBlock *> Blocks;
  /// Blocks outside the site that its branches leave to, in order of
  /// appearance.
  llvm::SmallVector<llvm::BasicBlock *, 2> Exits;
  bool FallsThrough = true;
};

/// Reads S's shape from the IR as it is now. Fails if it no longer has
/// one entry, contiguous instructions and exits whose phis can take one
/// value from the call that replaces it.
bool readSiteShape(const OutlineSite &S, SiteShape &Out);

/// Checks C against the IR as it is now (an earlier outlining may have
/// changed the functions around its sites): drops the sites that lost
/// their shape or a value, or whose exits no longer match the reference's,
/// and gives every value its role again. True while two sites remain.
bool refreshCandidate(OutlineCandidate &C);

/// For each successor of each branch of a site, in order: the index of the
/// exit it leaves to (fall-through first), or -1-K for the site's K-th
/// block. Equal for sites that leave the same way.
std::vector<int> exitPattern(const OutlineSite &S, const SiteShape &Shape);

/// For each common number in Numbers: whether S's value with it is used
/// outside S (by the rest of its function).
std::vector<bool> usedAfter(const OutlineSite &S,
                            llvm::ArrayRef<unsigned> Numbers);

/// How many of Insts (one site's run) are used outside it.
unsigned valuesUsedAfter(llvm::ArrayRef<llvm::Instruction *> Insts);

/// Gives To the function attributes that sites must share to be grouped
/// (target, floating-point environment, sanitizers, section), as From has
/// them.
void copyCompatibilityAttributes(const llvm::Function &From,
                                 llvm::Function &To);

/// Why I must never move into another function, or null.
const char *whyNotOutlinable(const llvm::Instruction &I);

/// Why no code of F may be outlined, or null.
const char *whyNotOutlinable(const llvm::Function &F);

/// What one site must hand over, counted once its run is known: the
/// values from outside it takes (those defined in the block it starts in
/// can be computed straight into their argument registers; the others are
/// moved there), and its values used after it.
struct SiteTraffic {
  unsigned NearInputs = 0, FarInputs = 0, Outputs = 0;
};

/// The candidates in S's groups of M: legal sites only, trimmed, sites
/// that overlap an earlier one of their group dropped, and groups split
/// where their sites' functions are incompatible or where an operand that
/// must stay a constant differs. Every candidate has two sites or more.
/// Groups for which Promising, asked about the trimmed regions (their
/// starts and length in S's module string, how many values from outside
/// the first takes, and once the legal sites are known, each one's
/// traffic), returns false are skipped before any more work (the question
/// SimilarityAnalysis::run's filter asks of a repeated substring, with no
/// inputs known).
/// Each candidate goes to Take with the index of its group in S.groups(),
/// a group's candidates in order. Groups are searched on the host's
/// threads: Take may run for different groups at once, never for one
/// group on two threads.
using GroupFilter = llvm::function_ref<bool(
    llvm::ArrayRef<unsigned> Starts, unsigned Length, unsigned Inputs,
    llvm::ArrayRef<SiteTraffic> Sites)>;
using CandidateSink =
    llvm::function_ref<void(size_t Group, OutlineCandidate &&C)>;
void findCandidates(const SimilarityAnalysis &S, unsigned MinLength,
                    GroupFilter Promising, CandidateSink Take);

/// The values from outside that I alone takes, which become arguments of
/// an outlined function whose region starts with I: the function's
/// arguments and other instructions, but for stack slots (which may move
/// in with the region). A region that starts with I takes at least these.
unsigned countInputs(const llvm::Instruction &I);

} // namespace coalesce

#endif
