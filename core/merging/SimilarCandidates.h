//===- core/merging/SimilarCandidates.h - Pairs worth aligning ------------===//
//
// Finds, among many functions, pairs that are probably similar, without
// comparing every pair: MinHash fingerprints of each body's instruction
// shingles, bucketed by locality-sensitive hashing. See the essay in
// SimilarCandidates.cpp and docs/similar-candidates.md.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_MERGING_SIMILARCANDIDATES_H
#define COALESCE_MERGING_SIMILARCANDIDATES_H

#include "llvm/ADT/ArrayRef.h"

#include <array>
#include <cstdint>
#include <vector>

namespace llvm {
class Function;
} // namespace llvm

namespace coalesce {

/// A function's MinHash fingerprint: for each of Rows hash functions, the
/// least hash of any shingle (run of consecutive instruction encodings).
struct Fingerprint {
  static constexpr unsigned Bands = 8, RowsPerBand = 4,
                            Rows = Bands * RowsPerBand;
  std::array<uint32_t, Rows> Min;
  /// Instructions in the body (for the size filter).
  unsigned Size = 0;
  /// The function's type: only functions of one type are paired.
  uint64_t Shape = 0;

  /// The share of rows where two fingerprints agree: an estimate of the
  /// Jaccard similarity of the two bodies' shingle sets.
  double similarity(const Fingerprint &O) const;
};

Fingerprint fingerprint(const llvm::Function &F);

struct CandidateOptions {
  /// Least estimated similarity of a pair.
  double MinSimilarity = 0.5;
  /// Largest ratio of body sizes in a pair.
  double MaxSizeRatio = 2.0;
  /// Functions compared with each function found in one bucket: a bucket
  /// larger than this is searched in a window of functions of near size.
  unsigned BucketWindow = 32;
  /// Partners kept per function, most similar first. (A second partner
  /// for each function tried a third more pairs on xmllint, box2d and
  /// sqlite3 and merged none more.)
  unsigned Partners = 1;
};

struct CandidatePair {
  unsigned L, R; ///< Indices into the input, L < R.
  double Similarity;
};

/// For each function, its most similar partners (Options.Partners) among
/// the functions it shares an LSH bucket with that pass the options'
/// filters, as pairs sorted by similarity, most similar first; each pair
/// once.
std::vector<CandidatePair>
findCandidatePairs(llvm::ArrayRef<Fingerprint> Prints,
                   const CandidateOptions &Options = {});

} // namespace coalesce

#endif
