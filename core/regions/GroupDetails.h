//===- core/regions/GroupDetails.h - What outlining a group would need ----===//
//
// For one similarity group: each region's values in the group's common
// numbering, which of them are inputs and outputs, and a rough estimate of
// the bytes that outlining the group into one function could save. The
// outliner's own cost model (core/outlining) decides; this estimate ranks
// groups for people (coalesce-sim) and is documented in GroupDetails.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_REGIONS_GROUPDETAILS_H
#define COALESCE_REGIONS_GROUPDETAILS_H

#include "core/regions/Similarity.h"

#include <cstdint>
#include <vector>

namespace llvm {
class Instruction;
}

namespace coalesce {

enum class ValueRole {
  Internal, ///< Defined by the region, used only inside it.
  Output,   ///< Defined by the region and used after it.
  Input,    ///< Comes from outside and differs between regions: a parameter.
  Shared,   ///< The same constant, global or function in every region.
  Exit,     ///< A block outside the region that a branch leaves to.
  Incoming, ///< A block outside the region a phi names as a predecessor.
};

const char *valueRoleName(ValueRole R);

struct RegionDetails {
  /// The region's values in reading order, their common number (as in the
  /// group's first region) and role.
  std::vector<llvm::Value *> Values;
  std::vector<unsigned> Canonical;
  std::vector<ValueRole> Roles;
  /// Whether the region overlaps an earlier region of the group; such
  /// regions are not counted in the saving.
  bool Overlaps = false;
  unsigned Blocks = 1; ///< Basic blocks the region touches.
};

struct GroupDetails {
  std::vector<RegionDetails> Regions;
  /// Per common number (index 0 unused): its role across the group.
  std::vector<ValueRole> Roles;
  unsigned Parameters = 0;
  unsigned Outputs = 0;
  unsigned Exits = 0;
  uint64_t RegionBytes = 0;    ///< Estimated machine code of one region.
  uint64_t CallBytes = 0;      ///< Estimated call sequence replacing one.
  uint64_t FunctionBytes = 0;  ///< Estimated outlined function.
  int64_t EstimatedSaving = 0; ///< Negative: outlining would grow the code.
};

/// Estimated machine-code bytes of one instruction (target independent).
uint64_t estimateInstructionBytes(const llvm::Instruction &I);

/// Describes group G of analysis S. Returns false if a region cannot be
/// mapped onto the first (the group did not come from S).
bool describeGroup(const SimilarityAnalysis &S, const SimilarityGroup &G,
                   GroupDetails &Out);

} // namespace coalesce

#endif
