//===- core/regions/StructuralMatch.cpp - One-to-one operand mapping ------===//
//
// The codes and the mapping search are described in the essay at the top
// of Similarity.cpp (docs/similarity.md), steps 3 and 4.
//
//===----------------------------------------------------------------------===//

#include "core/regions/StructuralMatch.h"

#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Instruction.h"
#include "llvm/Support/xxhash.h"

using namespace llvm;

namespace coalesce {

void RegionEncoder::encode(unsigned Start, unsigned Length, RegionCode &Out,
                           bool KeepValues) {
  ArrayRef<MappedInstruction> Pos = Mapper.positions().slice(Start, Length);
  int FirstBlock = Mapper.blockAt(Start);
  int LastBlock = Mapper.blockAt(Start + Length - 1);

  Out.Code.clear();
  Out.Values.clear();
  if (KeepValues)
    Out.Values.push_back(nullptr);
  Local.restart(Mapper.valueCount());
  unsigned Next = 1;
  auto Number = [&](unsigned Id, Value *V) {
    bool New;
    unsigned &N = Local.get(Id, New);
    if (New) {
      N = Next++;
      if (KeepValues)
        Out.Values.push_back(V);
    }
    return N;
  };

  for (unsigned P = Start; P != Start + Length; ++P) {
    ArrayRef<Value *> Ops = Mapper.operandsAt(P);
    ArrayRef<unsigned> Ids = Mapper.operandIdsAt(P);
    ArrayRef<int> Blocks = Mapper.operandBlocksAt(P);
    int Here = Mapper.blockAt(P);
    for (unsigned K = 0; K != Ops.size(); ++K) {
      // A block operand is a block of I's function, numbered in layout
      // order with the region's: inside the region if between its ends.
      int N = Blocks[K];
      if (N >= FirstBlock && N <= LastBlock) {
        // Inside the region: what matters is where it is, not which.
        Out.Code.push_back(RegionCode::BlockTag |
                           unsigned((N - Here) + (1 << 30)));
        continue;
      }
      Out.Code.push_back(Number(Ids[K], Ops[K]));
    }
    Out.Code.push_back(Number(Mapper.instructionIdAt(P), Pos[P - Start].Inst));
  }
  Out.NumValues = Next - 1;
  Out.Hash = xxh3_64bits(
      ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(Out.Code.data()),
                        Out.Code.size() * sizeof(unsigned)));
}

RegionLayout RegionEncoder::layout(unsigned Start, unsigned Length) const {
  RegionLayout L;
  unsigned Offset = 0;
  for (unsigned P = Start; P != Start + Length; ++P) {
    size_t Operands = Mapper.operandsAt(P).size();
    L.Offsets.push_back(Offset);
    bool C = Operands >= 2 &&
             commutesFirstTwoOperands(*Mapper.positions()[P].Inst,
                                      Mapper.options());
    L.Commutes.push_back(C);
    L.AnyCommutes |= C;
    Offset += Operands + 1;
  }
  L.Offsets.push_back(Offset);
  return L;
}

namespace {

/// The search state: a partial one-to-one mapping with an undo trail.
class Matcher {
public:
  Matcher(const RegionCode &A, const RegionCode &B, const RegionLayout &L)
      : A(A.Code), B(B.Code), L(L), AB(A.NumValues + 1, 0),
        BA(B.NumValues + 1, 0) {}

  MatchResult run(unsigned Budget);
  std::vector<unsigned> &mapping() { return AB; }

private:
  bool bind(unsigned X, unsigned Y) {
    bool TX = X & RegionCode::BlockTag, TY = Y & RegionCode::BlockTag;
    if (TX || TY)
      return X == Y;
    if (AB[X] == Y)
      return true;
    if (AB[X] || BA[Y])
      return false;
    AB[X] = Y;
    BA[Y] = X;
    Trail.push_back(X);
    return true;
  }
  void undo(size_t Mark) {
    while (Trail.size() > Mark) {
      unsigned X = Trail.back();
      Trail.pop_back();
      BA[AB[X]] = 0;
      AB[X] = 0;
    }
  }
  /// Binds instruction I's entries, its first two operands crossed if
  /// Swapped. False on the first conflict (the caller undoes).
  bool visit(unsigned I, bool Swapped) {
    unsigned Begin = L.Offsets[I], End = L.Offsets[I + 1];
    if (Swapped)
      return bind(A[Begin], B[Begin + 1]) && bind(A[Begin + 1], B[Begin]) &&
             bindRange(Begin + 2, End);
    return bindRange(Begin, End);
  }
  bool bindRange(unsigned Begin, unsigned End) {
    for (unsigned K = Begin; K < End; ++K)
      if (!bind(A[K], B[K]))
        return false;
    return true;
  }

  const std::vector<unsigned> &A, &B;
  const RegionLayout &L;
  std::vector<unsigned> AB, BA, Trail;
};

MatchResult Matcher::run(unsigned Budget) {
  struct Choice {
    unsigned Inst;
    size_t Mark;
  };
  std::vector<Choice> Choices;
  unsigned N = L.Commutes.size();
  unsigned I = 0, Steps = 0;
  bool Resume = false; // Retrying I with its operands crossed.
  while (I < N) {
    if (++Steps > Budget)
      return MatchResult::GaveUp;
    size_t Mark = Trail.size();
    if (Resume) {
      Resume = false;
      if (visit(I, true)) {
        ++I;
        continue;
      }
      undo(Mark);
    } else if (L.Commutes[I]) {
      unsigned Begin = L.Offsets[I];
      if (visit(I, false)) {
        // The crossed pairing is another possibility only when both sides
        // name two different values.
        if (A[Begin] != A[Begin + 1] && B[Begin] != B[Begin + 1])
          Choices.push_back({I, Mark});
        ++I;
        continue;
      }
      undo(Mark);
      if (visit(I, true)) {
        ++I;
        continue;
      }
      undo(Mark);
    } else {
      if (visit(I, false)) {
        ++I;
        continue;
      }
      undo(Mark);
    }
    // Conflict: back to the latest commutative choice, crossed this time.
    if (Choices.empty())
      return MatchResult::Different;
    Choice C = Choices.back();
    Choices.pop_back();
    undo(C.Mark);
    I = C.Inst;
    Resume = true;
  }
  return MatchResult::Similar;
}

} // namespace

MatchResult mapRegions(const RegionCode &A, const RegionCode &B,
                       const RegionLayout &L, std::vector<unsigned> *AToB,
                       unsigned StepBudget) {
  if (A.Code.size() != B.Code.size() || A.NumValues != B.NumValues ||
      L.Offsets.empty() || L.Offsets.back() != A.Code.size())
    return MatchResult::Different;
  if (!StepBudget)
    StepBudget = 64 * unsigned(L.Commutes.size()) + 4096;
  Matcher M(A, B, L);
  MatchResult R = M.run(StepBudget);
  if (R == MatchResult::Similar && AToB)
    *AToB = std::move(M.mapping());
  return R;
}

} // namespace coalesce
