//===- core/comparison/OrderVerifier.cpp - Check the order's laws ----------===//

#include "core/comparison/OrderVerifier.h"

#include "core/comparison/FunctionOrder.h"
#include "core/comparison/StructuralHash.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace coalesce {

std::vector<std::string> verifyOrder(const Module &M, unsigned Limit) {
  std::vector<const Function *> Fns;
  for (const Function &F : M)
    if (!F.isDeclaration() && Fns.size() < Limit)
      Fns.push_back(&F);

  OrderContext Ctx(M);
  size_t N = Fns.size();
  // Compare every ordered pair once; the matrix is the whole evidence.
  std::vector<int> Cmp(N * N);
  for (size_t I = 0; I != N; ++I)
    for (size_t J = 0; J != N; ++J)
      Cmp[I * N + J] = FunctionOrder(Fns[I], Fns[J], Ctx).compare();

  std::vector<std::string> Problems;
  auto Name = [&](size_t I) { return "'" + Fns[I]->getName().str() + "'"; };
  for (size_t I = 0; I != N; ++I) {
    if (Cmp[I * N + I] != 0)
      Problems.push_back("not reflexive: " + Name(I));
    for (size_t J = I + 1; J != N; ++J) {
      if (Cmp[I * N + J] != -Cmp[J * N + I])
        Problems.push_back("not antisymmetric: " + Name(I) + ", " + Name(J));
      if (Cmp[I * N + J] == 0 && hashFunction(*Fns[I]) != hashFunction(*Fns[J]))
        Problems.push_back("equal but hashed differently: " + Name(I) + ", " +
                           Name(J));
    }
  }
  for (size_t I = 0; I != N; ++I)
    for (size_t J = 0; J != N; ++J)
      for (size_t K = 0; K != N; ++K) {
        int IJ = Cmp[I * N + J], JK = Cmp[J * N + K], IK = Cmp[I * N + K];
        if (IJ <= 0 && JK <= 0 && IK > 0)
          Problems.push_back("not transitive: " + Name(I) + " <= " + Name(J) +
                             " <= " + Name(K) + " but " + Name(I) + " > " +
                             Name(K));
      }
  return Problems;
}

} // namespace coalesce
