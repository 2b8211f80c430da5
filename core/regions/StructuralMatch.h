//===- core/regions/StructuralMatch.h - One-to-one operand mapping --------===//
//
// Two regions with the same integer string are structurally similar when a
// one-to-one mapping between their values makes every instruction use its
// operands the same way. See the essay in Similarity.cpp (steps 3 and 4)
// and docs/similarity.md.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_REGIONS_STRUCTURALMATCH_H
#define COALESCE_REGIONS_STRUCTURALMATCH_H

#include "core/regions/InstructionMapper.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <vector>

namespace llvm {
class Value;
}

namespace coalesce {

/// A region read as a code: for each instruction, the local numbers of its
/// canonical operands and then its own local number. Values are numbered
/// from 1 in order of first appearance. A branch or phi operand naming a
/// block inside the region is not a value: it is coded as its distance in
/// the layout from the instruction's block, tagged with BlockTag.
struct RegionCode {
  static constexpr unsigned BlockTag = 1u << 31;

  std::vector<unsigned> Code;
  /// Number of distinct values (the largest local number).
  unsigned NumValues = 0;
  /// Values[N] is the value with local number N (filled on request).
  std::vector<llvm::Value *> Values;
  uint64_t Hash = 0;

  bool sameCode(const RegionCode &O) const { return Code == O.Code; }
};

/// Where each instruction's entries start in a code, and which ones may
/// swap their first two operands. The same for every region of one integer
/// string, since those instructions perform the same operations.
struct RegionLayout {
  std::vector<unsigned> Offsets; ///< Offsets[I]: I's first entry; one extra.
  std::vector<bool> Commutes;
  bool AnyCommutes = false;
};

/// Encodes regions of a mapped module.
class RegionEncoder {
public:
  explicit RegionEncoder(const InstructionMapper &Mapper) : Mapper(Mapper) {}

  /// Encodes the Length positions from Start (all legal instructions).
  void encode(unsigned Start, unsigned Length, RegionCode &Out,
              bool KeepValues = false);
  /// The layout of the region at Start.
  RegionLayout layout(unsigned Start, unsigned Length) const;

private:
  const InstructionMapper &Mapper;
  /// Local numbers by value id, forgotten at each region.
  GenerationTable<unsigned> Local;
};

/// Outcome of mapRegions.
enum class MatchResult { Similar, Different, GaveUp };

/// Finds a one-to-one mapping between the values of A and B (same integer
/// string, laid out by L) under which every instruction uses its operands
/// the same way; operands of commutative instructions may pair swapped.
/// The search backtracks over commutative choices and gives up after
/// StepBudget instruction visits (0: a budget proportional to the length).
/// On success and if AToB is given, AToB[a] is the B value of A's value a.
MatchResult mapRegions(const RegionCode &A, const RegionCode &B,
                       const RegionLayout &L,
                       std::vector<unsigned> *AToB = nullptr,
                       unsigned StepBudget = 0);

} // namespace coalesce

#endif
