//===- core/comparison/OrderVerifier.h - Check the order's laws ------------===//
//
// A debugging aid, like MergeFunctions' own verification switch: over the
// first N defined functions of a module, checks that FunctionOrder is
// reflexive, antisymmetric and transitive, and that equal functions hash
// equal. O(N^3): meant for tests and bug hunts, off by default.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_COMPARISON_ORDERVERIFIER_H
#define COALESCE_COMPARISON_ORDERVERIFIER_H

#include <string>
#include <vector>

namespace llvm {
class Module;
}

namespace coalesce {

/// Returns one line per violation found; empty means the laws hold.
std::vector<std::string> verifyOrder(const llvm::Module &M, unsigned Limit);

} // namespace coalesce

#endif
