//===- core/merging/SimilarCandidates.cpp - Pairs worth aligning ----------===//
//
// The problem
// -----------
// Merging two similar functions starts with aligning their bodies, which
// costs time proportional to the product of their sizes. A program of
// 100,000 functions has five billion pairs; even a cheap test per pair is
// too slow for a link. We need, for each function, the few others most
// likely to be similar to it, found in time close to linear in the number
// of functions.
//
// An example
// ----------
// @parse_u8 and @parse_u16 run the same loop over a string, one with an
// extra range check. Their instruction sequences share most runs of three
// consecutive instructions ("shingles": load, icmp, br; getelementptr,
// load, zext; ...). The Jaccard similarity of the two shingle sets, shared
// over all, is about 0.8. @print_tree shares almost none with either.
//
// The algorithm
// -------------
// MinHash with locality-sensitive hashing, as F3M (CGO 2022) applies it to
// function merging:
//  1. Encode every instruction as a number that two mergeable instructions
//     share: opcode, result type, operand count and, for a call, the
//     callee's type. Hash each run of three consecutive encodings (in
//     block layout order) into a shingle.
//  2. The fingerprint keeps, for each of 32 hash functions, the least hash
//     of any shingle. Two fingerprints agree in a row with probability
//     equal to the Jaccard similarity of the two sets, so the share of
//     rows that agree estimates it.
//  3. Cut the 32 rows into 8 bands of 4 and put each function in one
//     bucket per band, keyed by the band's rows and the function's type.
//     Two functions of similarity s share at least one bucket with
//     probability 1 - (1 - s^4)^8: 0.98 at s = 0.7, 0.40 at s = 0.4.
//  4. Each function is compared (by fingerprint, a few dozen integer
//     compares) only with the functions of its buckets, and keeps the
//     most similar that passes the filters: similarity at least 0.5,
//     sizes within a factor of two (CandidateOptions::Partners keeps
//     more). A bucket of more than 32 functions, full of
//     near copies, is searched in a window of 32 neighbours by size.
//  5. The pairs come out most similar first, each once; the merger takes
//     each function into at most one pair.
//
// Cost
// ----
// Fingerprinting is linear in the size of the program (32 hashes per
// instruction). Bucketing is linear in the number of functions. Each
// function is compared with at most 8 x 32 others. So the search grows
// linearly with the number of functions; bench/similar-scaling measures it
// on generated modules of 10k to 500k functions.
//
//===----------------------------------------------------------------------===//

#include "core/merging/SimilarCandidates.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

#include <algorithm>
#include <limits>

using namespace llvm;

namespace coalesce {

namespace {

/// A 64-bit mix (splitmix64's finalizer): every input bit affects every
/// output bit, and it is the same in every run and on every host.
uint64_t mix(uint64_t X) {
  X ^= X >> 30;
  X *= 0xbf58476d1ce4e5b9ULL;
  X ^= X >> 27;
  X *= 0x94d049bb133111ebULL;
  X ^= X >> 31;
  return X;
}

uint64_t typeCode(const Type *T) {
  uint64_t Code = T->getTypeID();
  if (auto *IT = dyn_cast<IntegerType>(T))
    Code = Code * 131 + IT->getBitWidth();
  else if (auto *VT = dyn_cast<FixedVectorType>(T))
    Code = Code * 131 + VT->getNumElements() * 7 +
           VT->getElementType()->getTypeID();
  return Code;
}

uint64_t encode(const Instruction &I) {
  uint64_t Code = I.getOpcode();
  Code = Code * 1000003 + typeCode(I.getType());
  Code = Code * 1000003 + I.getNumOperands();
  if (auto *CB = dyn_cast<CallBase>(&I)) {
    if (auto *II = dyn_cast<IntrinsicInst>(&I))
      Code = Code * 1000003 + II->getIntrinsicID();
    else
      Code = Code * 1000003 + CB->arg_size();
  }
  if (auto *Cmp = dyn_cast<CmpInst>(&I))
    Code = Code * 1000003 + Cmp->getPredicate();
  return mix(Code);
}

} // namespace

double Fingerprint::similarity(const Fingerprint &O) const {
  unsigned Same = 0;
  for (unsigned I = 0; I != Rows; ++I)
    Same += Min[I] == O.Min[I];
  return double(Same) / Rows;
}

Fingerprint fingerprint(const Function &F) {
  Fingerprint P;
  P.Min.fill(std::numeric_limits<uint32_t>::max());
  uint64_t Shape = typeCode(F.getReturnType());
  for (const Type *T : F.getFunctionType()->params())
    Shape = mix(Shape * 31 + typeCode(T));
  P.Shape = mix(Shape + F.getCallingConv() + (F.isVarArg() << 20));

  // 1. Shingles of three encodings, in layout order.
  uint64_t Last[2] = {0, 0};
  auto AddShingle = [&](uint64_t Shingle) {
    for (unsigned Row = 0; Row != Fingerprint::Rows; ++Row) {
      // 2. Row hash functions: the shingle mixed with a seed per row.
      uint32_t H = uint32_t(mix(Shingle ^ (0x9e3779b97f4a7c15ULL * (Row + 1))));
      P.Min[Row] = std::min(P.Min[Row], H);
    }
  };
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB) {
      if (I.isDebugOrPseudoInst())
        continue;
      uint64_t Code = encode(I);
      ++P.Size;
      AddShingle(mix(Last[0] * 3 + Last[1] * 5 + Code));
      Last[0] = Last[1];
      Last[1] = Code;
    }
  return P;
}

std::vector<CandidatePair> findCandidatePairs(ArrayRef<Fingerprint> Prints,
                                              const CandidateOptions &Options) {
  // 3. One bucket per band and key.
  struct Bucket {
    unsigned Band;
    std::vector<unsigned> Members;
  };
  DenseMap<uint64_t, Bucket> Buckets;
  Buckets.reserve(Prints.size() * Fingerprint::Bands / 2);
  using PerBand = std::array<uint64_t, Fingerprint::Bands>;
  std::vector<PerBand> KeysOf(Prints.size()), PosOf(Prints.size());
  for (unsigned F = 0; F != Prints.size(); ++F)
    for (unsigned Band = 0; Band != Fingerprint::Bands; ++Band) {
      uint64_t Key = mix(Prints[F].Shape + Band);
      for (unsigned Row = 0; Row != Fingerprint::RowsPerBand; ++Row)
        Key = mix(Key ^ Prints[F].Min[Band * Fingerprint::RowsPerBand + Row]);
      Bucket &B = Buckets[Key];
      B.Band = Band;
      B.Members.push_back(F);
      KeysOf[F][Band] = Key;
    }
  // Buckets too large for all pairs: sorted by size, searched in a window
  // around each member's place.
  for (auto &[Key, B] : Buckets) {
    if (B.Members.size() <= Options.BucketWindow)
      continue;
    std::stable_sort(B.Members.begin(), B.Members.end(),
                     [&](unsigned A, unsigned C) {
                       return Prints[A].Size < Prints[C].Size;
                     });
    for (unsigned I = 0; I != B.Members.size(); ++I)
      PosOf[B.Members[I]][B.Band] = I;
  }

  // 4. Each function's best partner among its buckets' members.
  auto Fits = [&](unsigned A, unsigned B) {
    double SA = Prints[A].Size, SB = Prints[B].Size;
    return Prints[A].Shape == Prints[B].Shape &&
           std::max(SA, SB) <= Options.MaxSizeRatio * std::min(SA, SB);
  };
  std::vector<CandidatePair> Pairs;
  for (unsigned F = 0; F != Prints.size(); ++F) {
    // The Partners most similar, most similar (then lowest index) first.
    SmallVector<std::pair<double, unsigned>, 4> Best;
    auto Consider = [&](unsigned G) {
      if (G == F || !Fits(F, G))
        return;
      double Sim = Prints[F].similarity(Prints[G]);
      if (Sim < Options.MinSimilarity)
        return;
      std::pair<double, unsigned> Entry(-Sim, G);
      if (llvm::is_contained(Best, Entry))
        return;
      auto At = llvm::upper_bound(Best, Entry);
      if (At - Best.begin() >= ptrdiff_t(Options.Partners))
        return;
      Best.insert(At, Entry);
      if (Best.size() > Options.Partners)
        Best.pop_back();
    };
    for (unsigned Band = 0; Band != Fingerprint::Bands; ++Band) {
      const std::vector<unsigned> &Members = Buckets[KeysOf[F][Band]].Members;
      if (Members.size() <= Options.BucketWindow) {
        for (unsigned G : Members)
          Consider(G);
        continue;
      }
      size_t Pos = PosOf[F][Band], Half = Options.BucketWindow / 2;
      size_t From = Pos > Half ? Pos - Half : 0;
      size_t To = std::min(Members.size(), From + Options.BucketWindow);
      for (size_t I = From; I != To; ++I)
        Consider(Members[I]);
    }
    for (auto [NegSim, G] : Best)
      Pairs.push_back({std::min(F, G), std::max(F, G), -NegSim});
  }

  // 5. Most similar first, each pair once.
  std::sort(Pairs.begin(), Pairs.end(),
            [](const CandidatePair &A, const CandidatePair &B) {
              if (A.Similarity != B.Similarity)
                return A.Similarity > B.Similarity;
              return std::make_pair(A.L, A.R) < std::make_pair(B.L, B.R);
            });
  Pairs.erase(std::unique(Pairs.begin(), Pairs.end(),
                          [](const CandidatePair &A, const CandidatePair &B) {
                            return A.L == B.L && A.R == B.R;
                          }),
              Pairs.end());
  return Pairs;
}

} // namespace coalesce
