//===- core/merging/SimilarAlignment.h - Two bodies side by side ----------===//
//
// Aligns two similar functions: pairs their blocks, then, within each pair
// of blocks, their instructions (a longest common subsequence of
// instructions that one instruction can stand for). Part of similar-
// function merging; the essay is in SimilarMerger.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_MERGING_SIMILARALIGNMENT_H
#define COALESCE_MERGING_SIMILARALIGNMENT_H

#include <optional>
#include <vector>

namespace llvm {
class BasicBlock;
class Function;
class Instruction;
} // namespace llvm

namespace coalesce {

/// One step of an alignment: both instructions (one merged instruction
/// stands for them) or one of them (the other side has nothing there).
struct AlignedStep {
  llvm::Instruction *L = nullptr, *R = nullptr;
  bool matched() const { return L && R; }
};

/// A block of the merged function's plan: a pair of blocks, or a block of
/// one side alone (the other null).
struct AlignedBlock {
  llvm::BasicBlock *L = nullptr, *R = nullptr;
  /// The instructions between the phis (and, in the entry, the static
  /// allocas) and the terminator, aligned.
  std::vector<AlignedStep> Steps;
  /// Whether one terminator can stand for both (paired blocks only).
  bool OneTerminator = false;
  /// Two conditional branches whose successors pair crosswise: R's
  /// condition is inverted and its successors read in L's order.
  bool SwapR = false;
};

struct Alignment {
  /// The entry pair first, then every other block of either side.
  std::vector<AlignedBlock> Blocks;
  /// The static allocas of both entry blocks, aligned.
  std::vector<AlignedStep> EntryAllocas;
  /// Aligned steps with both sides, and with one.
  unsigned Matched = 0, Unmatched = 0;
};

/// Whether one instruction can do the work of both L and R, with their
/// differing operands chosen by a selector: the same operation (opcode,
/// types, flags, every property that changes meaning), and every operand
/// that differs in a position that can take a chosen value (not a token,
/// label or metadata; a constant only where an argument could stand,
/// isParameterizableOperand).
bool canMergeInstructions(const llvm::Instruction &L,
                          const llvm::Instruction &R);

/// Aligns L and R. None when their bodies are too large to align
/// (MaxCells bounds the work of one pair of blocks).
std::optional<Alignment> alignBodies(llvm::Function &L, llvm::Function &R,
                                     unsigned MaxCells = 1u << 20);

} // namespace coalesce

#endif
