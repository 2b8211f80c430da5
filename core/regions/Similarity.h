//===- core/regions/Similarity.h - Similar instruction sequences ----------===//
//
// Whole-module IR similarity: which instruction sequences are structurally
// similar, grouped. See the essay in Similarity.cpp and docs/similarity.md.
// Results stay valid while the module is unchanged.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_REGIONS_SIMILARITY_H
#define COALESCE_REGIONS_SIMILARITY_H

#include "core/regions/InstructionMapper.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <memory>
#include <vector>

namespace llvm {
class Instruction;
class Module;
class Value;
} // namespace llvm

namespace coalesce {

/// Length consecutive positions of the module string from Start: legal
/// instructions of one function, in layout order.
struct SimilarRegion {
  unsigned Start = 0;
  unsigned Length = 0;
  llvm::Instruction *First = nullptr;
  llvm::Instruction *Last = nullptr;
};

/// Regions that are pairwise structurally similar. The first region is the
/// group's reference for value numbering.
struct SimilarityGroup {
  unsigned Length = 0;
  std::vector<SimilarRegion> Regions;
};

struct SimilarityStats {
  unsigned Positions = 0;          ///< Length of the module string.
  unsigned LegalInstructions = 0;
  unsigned DistinctOperations = 0; ///< Distinct legal integers.
  unsigned RepeatedSubstrings = 0; ///< Examined (at least MinLength long).
  unsigned Candidates = 0;         ///< Regions encoded.
  unsigned MappingSearches = 0;    ///< Searches for a commutative mapping.
  unsigned MappingSearchesGivenUp = 0;
};

/// The values of a region numbered as in its group's first region.
struct RegionValues {
  /// Values[K]: the region's K-th distinct value in reading order.
  std::vector<llvm::Value *> Values;
  /// Canonical[K]: the number (from 1) of the corresponding value of the
  /// group's first region, which numbers its own values 1, 2, ...
  std::vector<unsigned> Canonical;
};

class SimilarityAnalysis {
public:
  explicit SimilarityAnalysis(const SimilarityOptions &Options = {});
  ~SimilarityAnalysis();

  /// Which repeated substrings to classify: given the start of every
  /// occurrence and the length (positions of mapper()). A user that can
  /// tell from these alone that no group of the substring can serve it
  /// saves the classification (encoding every occurrence).
  using RepeatFilter = llvm::function_ref<bool(
      llvm::ArrayRef<unsigned> Starts, unsigned Length)>;

  /// Analyzes M, replacing any earlier result; with Keep, only the
  /// repeated substrings it keeps; with Skip, no region has an instruction
  /// of a block it skips (they map as illegal instructions do, and the
  /// suffix tree, the analysis's largest part, grows with the repeats of
  /// the rest alone).
  void run(llvm::Module &M, RepeatFilter Keep = nullptr,
           InstructionMapper::BlockFilter Skip = nullptr);

  /// Longest first; for one repeated substring, in the order llvm-sim
  /// lists them (see the essay, step 6).
  llvm::ArrayRef<SimilarityGroup> groups() const { return Groups; }
  const InstructionMapper &mapper() const { return *Mapper; }
  const SimilarityStats &stats() const { return Stats; }
  const SimilarityOptions &options() const { return Options; }

  /// The instructions of R, in order.
  std::vector<llvm::Instruction *> instructions(const SimilarRegion &R) const;

  /// What regionValues keeps from one call to the next: the encoding of
  /// the first region it was last asked about. One per thread.
  struct ValuesCache;
  struct ValuesCacheDeleter {
    void operator()(ValuesCache *C) const;
  };
  using ValuesCachePtr = std::unique_ptr<ValuesCache, ValuesCacheDeleter>;
  ValuesCachePtr makeValuesCache() const;

  /// The one-to-one mapping between region Index of G and G's first region.
  /// False only if the group did not come from this analysis. Asked for
  /// the regions of one group in turn, the first region is encoded once
  /// (kept in Cache until another group asks).
  bool regionValues(const SimilarityGroup &G, unsigned Index,
                    RegionValues &Out, ValuesCache &Cache) const;
  /// The same with a cache of the analysis' own (not safe across threads).
  bool regionValues(const SimilarityGroup &G, unsigned Index,
                    RegionValues &Out) const {
    return regionValues(G, Index, Out, *Lead);
  }

private:
  SimilarityOptions Options;
  std::unique_ptr<InstructionMapper> Mapper;
  std::vector<SimilarityGroup> Groups;
  SimilarityStats Stats;
  ValuesCachePtr Lead;
};

} // namespace coalesce

#endif
