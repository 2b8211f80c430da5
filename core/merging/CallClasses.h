//===- core/merging/CallClasses.h - Functions that behave alike -----------===//
//
// Classes of functions that do the same thing when every direct call
// between them is compared by the class of its callee rather than by its
// name: mutually recursive twins, longer cycles of them, call trees whose
// leaves are equal. Computed by partition refinement; see the essay in
// CallClasses.cpp and docs/call-classes.md.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_MERGING_CALLCLASSES_H
#define COALESCE_MERGING_CALLCLASSES_H

#include "core/comparison/FunctionOrder.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <optional>
#include <utility>

namespace llvm {
class Function;
} // namespace llvm

namespace coalesce {

/// An equivalence policy for FunctionOrder: two functions called directly
/// compare by their class; everything else by identity. Empty, it is the
/// identity policy.
class CallClasses final : public EquivalencePolicy {
public:
  /// Splits Domain (functions with their structural hashes) into classes
  /// of functions that behave alike, comparing with Ctx, whose policy must
  /// be this object. Functions outside Domain keep comparing by identity.
  /// Domain must hold only definitions the linker cannot replace: a call
  /// of a function that may be interposed is not known to run its body.
  /// Returns the number of rounds it took.
  unsigned refine(llvm::ArrayRef<std::pair<llvm::Function *, uint64_t>> Domain,
                  OrderContext &Ctx);

  int compareCallees(const llvm::Function *L, const llvm::Function *R,
                     OrderContext &Ctx) const override;

  /// Whether L and R are in one class (a function is in its own).
  bool sameClass(const llvm::Function *L, const llvm::Function *R) const;
  /// F's class number, if F is in the domain.
  std::optional<unsigned> classOf(const llvm::Function *F) const {
    auto It = ClassOf.find(F);
    if (It == ClassOf.end())
      return std::nullopt;
    return It->second;
  }
  /// How many classes have more than one member.
  unsigned sharedClasses() const { return Shared; }
  /// Forget a function about to be erased: a function created later at
  /// the same address must not inherit its class.
  void forget(const llvm::Function *F) { ClassOf.erase(F); }
  bool empty() const { return ClassOf.empty(); }

private:
  llvm::DenseMap<const llvm::Function *, unsigned> ClassOf;
  unsigned Shared = 0;
};

} // namespace coalesce

#endif
