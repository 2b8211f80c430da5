//===- core/comparison/StructuralHash.h - Hash consistent with the order ---===//
//
// A 64-bit summary of a function such that FunctionOrder::compare(F, G) == 0
// implies hashFunction(F) == hashFunction(G). The merger sorts by it first:
// functions whose hash nobody shares are never compared at all, and in the
// tree most comparisons stop at the hash.
//
// It hashes only what the order compares strictly: the signature's shape,
// the walk's block and instruction sequence, opcodes, result types (with
// pointers coerced to integers as the order does) and integer constant
// operands, and for GEPs the offset they add where the order compares
// them by offset (never their index spelling).
// It never hashes globals or metadata, whose equality the policy decides.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_COMPARISON_STRUCTURALHASH_H
#define COALESCE_COMPARISON_STRUCTURALHASH_H

#include <cstdint>

namespace llvm {
class Function;
}

namespace coalesce {

struct HashOptions {
  /// Hash integer constant operands. Off when constants may become
  /// parameters (merging functions that differ only in constants).
  bool IncludeConstants = true;
};

uint64_t hashFunction(const llvm::Function &F, HashOptions Options = {});

} // namespace coalesce

#endif
