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
//     bucket per band, keyed by the band's rows and the function's type:
//     one array of (key, size, function) entries, sorted, in which a
//     bucket is a run ordered by size.
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
// instruction). Bucketing sorts 8 entries per function, O(n log n) in
// integer compares over one flat array. Each
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
#include <tuple>

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
  // 3. One bucket per band and key: all (key, size, function) entries in
  // one array, sorted, so that a bucket is a run of it ordered by size
  // (no table of buckets, no list per bucket).
  struct Entry {
    uint64_t Key;
    unsigned Size, F;
    bool operator<(const Entry &O) const {
      return std::tie(Key, Size, F) < std::tie(O.Key, O.Size, O.F);
    }
  };
  constexpr unsigned Bands = Fingerprint::Bands;
  std::vector<Entry> All;
  All.reserve(size_t(Prints.size()) * Bands);
  for (unsigned F = 0; F != Prints.size(); ++F)
    for (unsigned Band = 0; Band != Bands; ++Band) {
      uint64_t Key = mix(Prints[F].Shape + Band);
      for (unsigned Row = 0; Row != Fingerprint::RowsPerBand; ++Row)
        Key = mix(Key ^ Prints[F].Min[Band * Fingerprint::RowsPerBand + Row]);
      All.push_back({Key, Prints[F].Size, F});
    }
  llvm::sort(All);
  // Each function's place in each of its buckets, and each place's run.
  std::vector<std::array<unsigned, Bands>> PosOf(Prints.size());
  std::vector<unsigned> RunBegin(All.size()), RunEnd(All.size());
  {
    std::vector<unsigned> BandsSeen(Prints.size(), 0);
    for (size_t Begin = 0, End; Begin != All.size(); Begin = End) {
      for (End = Begin + 1; End != All.size() && All[End].Key == All[Begin].Key;
           ++End)
        ;
      for (size_t I = Begin; I != End; ++I) {
        RunBegin[I] = unsigned(Begin);
        RunEnd[I] = unsigned(End);
        PosOf[All[I].F][BandsSeen[All[I].F]++] = unsigned(I);
      }
    }
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
    for (unsigned Pos : PosOf[F]) {
      size_t Begin = RunBegin[Pos], End = RunEnd[Pos];
      // A bucket larger than the window: the neighbours by size.
      if (End - Begin > Options.BucketWindow) {
        size_t Half = Options.BucketWindow / 2;
        Begin = Pos - Begin > Half ? Pos - Half : Begin;
        End = std::min(End, Begin + Options.BucketWindow);
      }
      for (size_t I = Begin; I != End; ++I)
        Consider(All[I].F);
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
