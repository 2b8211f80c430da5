//===- core/regions/Similarity.cpp - Similar instruction sequences --------===//
//
// The problem
// -----------
// Function merging only helps where whole functions are the same. Much more
// repetition lives inside functions: a bounds check pasted into every
// accessor, the same field-by-field copy in two constructors, a macro
// expanded a hundred times, one inlined helper in many callers. An outliner
// can replace each copy with a call to one shared function, but first it
// must know which instruction sequences in the whole program are the same
// computation on different inputs. Comparing every sequence with every
// other is hopeless; we want all of them at once, in about the time it
// takes to read the program.
//
// An example
// ----------
//     %1 = add i32 %2, %3                 %a = add i32 %b, %c
//     %4 = add i32 %1, %2                 %d = add i32 %b, %a
// are similar: with %2 -> %b, %3 -> %c, %1 -> %a, %4 -> %d every
// instruction uses its inputs the same way (the second add is commutative,
// so `add %1, %2` matches `add %b, %a`). Against
//     %a = add i32 %b, %c
//     %d = add i32 %a, %e
// there is no such mapping: %2 is used by both adds, but %b only by the
// first. Also similar: `icmp sgt i32 %x, %y` and `icmp slt i32 %y, %x`.
//
// The algorithm
// -------------
//  1. Map (InstructionMapper.cpp). Each instruction becomes an unsigned
//     integer, equal for instructions that perform the same operation:
//     same opcode, result type and operand types, and the parameters that
//     change meaning: the compare predicate read in its "less than" form
//     (sgt, sge, ugt, uge and the ordered and unordered fcmp forms swap to
//     lt/le with the operands read in reverse); a GEP's source element
//     type, inbounds and its indices after the first, which must be the
//     same values (they select fields); shufflevector masks, aggregate
//     indices, alignment, volatility, atomic ordering and scope, call
//     attributes, calling convention and tail-call kind (everything
//     Instruction::isSameOperationAs compares). Optional flags (nsw, nuw,
//     exact, fast-math) do not split operations: an outlined body keeps
//     the flags all its regions have. Calls: an intrinsic call is its
//     intrinsic (one declaration per name and overloaded types); any other
//     call is its function type, attributes and convention, and the callee
//     is an operand like any other value, so calls of different functions
//     of one type match when the callees map one-to-one (with
//     MatchCallsByName, the callee must be the same function). Integers
//     are handed out in order of first appearance from 0.
//     Illegal instructions cannot be outlined and break sequences: allocas,
//     va_arg, landing and funclet pads, assume-like intrinsics (lifetime
//     markers, assumes, annotations), inline asm and calls of constants
//     that are no function, invokes, callbr and every terminator but br.
//     Each run of them, and the end of every function, maps to a fresh
//     integer counting down from 2^32-3 that occurs nowhere else. The
//     whole module, function by function, block by block in layout order,
//     is one integer string. Branches and phis are legal (SpanBlocks), so a
//     sequence may run on from a block that ends in br into the next block
//     in the layout.
//  2. Repeat. llvm::SuffixTree over the string lists every repeated
//     substring of length >= 2 with the start of each occurrence (by
//     default the occurrences the tree holds as leaf children of the
//     substring's node, as llvm-sim reports them; AllOccurrences takes
//     every leaf below it). Each occurrence is a candidate region. The
//     substrings are taken longest first, in the tree's order otherwise.
//  3. Encode. Candidates of one substring perform the same operations;
//     what may differ is how they use their values. A candidate is read as
//     a code: for each instruction, the local numbers of its operands (in
//     the mapper's order: reversed for a turned-around predicate; a phi's
//     incoming values, then its incoming blocks) and then its own number,
//     values (arguments, instructions, constants, globals, blocks outside
//     the region) numbered from 1 by first appearance. A block inside the
//     region (a branch within it, a phi's predecessor within it) is coded
//     by its distance in the layout from the instruction's block, so the
//     branch structure of the region must agree, while exits to blocks
//     outside are values that must map one-to-one like any input. Two
//     candidates with equal codes are similar: numbering by first
//     appearance is a one-to-one mapping that makes every use agree.
//  4. Map one-to-one. Codes can differ between similar candidates only
//     through commutative operations, whose operands may pair either way
//     (integer add, mul, and, or, xor; with WiderCommutativity also fadd,
//     fmul, equality compares and commutative intrinsics). For those the
//     mapping is searched instruction by instruction: results and
//     operands bind value to value in both directions, a commutative
//     instruction whose operands could pair either way leaves a choice
//     point, and a conflict returns to the latest choice point to take the
//     crossed pairing. The search gives up (no match) after 64 steps an
//     instruction plus 4096; the statistics count such give-ups.
//  5. Group. The candidates of one substring are split into classes of
//     mutually similar ones: a candidate joins the class whose code it
//     shares, else (when commutative operations make a difference
//     possible) the first class whose first member maps to it, else it
//     starts a class. Structural similarity is an equivalence, so the
//     classes do not depend on which member is compared. Every class with
//     two or more members is a similarity group. Regions of one group may
//     overlap (a substring that repeats within itself); groups of shorter
//     substrings inside longer ones are reported too, as llvm-sim does.
//  6. Order. Groups come longest first, then in suffix-tree order. The
//     groups of one substring are listed in the order llvm-sim lists them:
//     it keeps them in a DenseMap keyed by class number, cleared after
//     every substring, and walks that map; a DenseMap used the same way
//     gives the same walk. Since the integer string, the suffix tree and
//     the classes are the same, the same module gives llvm-sim's groups
//     with llvm-sim's numbers, and the same module always gives the same
//     groups in the same order: nothing depends on pointer values or hash
//     seeds (hashes only bucket; numbers come from reading order).
//
// Differences from llvm-sim, by design: commutative operands are matched
// by an exact search where llvm-sim narrows sets of possible partners (the
// two can disagree on rare inputs); a candidate is compared directly,
// where llvm-sim takes two candidates as similar when each lies inside a
// larger region of one earlier group (wrong when they lie at different
// offsets); WiderCommutativity (on by default) and AllOccurrences find
// more. test/sim/differential-*.test shows the differences per module.
//
// Cost
// ----
// Mapping is O(N) hash look-ups for N instructions; the suffix tree is
// O(N) to build and has O(N) internal nodes. Encoding costs O(L) per
// candidate of length L; the total over all repeated substrings is the
// size of the output before grouping, as for llvm-sim, which builds a
// value numbering per candidate too. That total is quadratic in the
// length of long repeats (two copies of a 1,000-instruction run make a
// substring of each suffix), but most of it need not be paid: when all
// occurrences of a substring share one code, so do all occurrences of the
// substring one instruction shorter at the front, and that one is grouped
// without encoding (suffixChains below; on zstd's ThinLTO modules 80% to
// 97% of the encoding work went there). Since an instruction is encoded once
// for every repeated substring it is in, the mapper keeps what encoding
// reads of it (its canonical operands, which are blocks and their
// numbers, its own block's number, a dense id for each value) in flat
// arrays by position, about 40 bytes an instruction, and the encoder
// never reads the IR: it numbers values through an array indexed by id,
// stamped per candidate, with no hashing. Grouping is one hash look-up
// per candidate; only substrings containing commutative operations whose
// codes differ pay for mapping searches against each class, each bounded
// by its step budget. Steps 3-5 only read the IR and run in parallel, a
// share of the substrings per task (each task keeps one encoder); step 6
// then lists the groups in order, so the output does not depend on the
// number of threads. On sqlite3 with its shell (265k
// instructions) and on re2 with abseil (115k), a whole coalesce-sim run
// takes under a third of llvm-sim's time and a fifth of its memory, with
// the same output (bench/similarity, bench/results/similarity.md).
//
// Seeing it: coalesce-sim
// -----------------------
//     coalesce-sim IN.ll -o OUT.json        llvm-sim's JSON for one module
//     coalesce-sim A.bc B.ll -o DIR         DIR/A.json, DIR/B.json
//     coalesce-sim --details IN.bc          each region also names its
//                                           function, source file and lines,
//                                           blocks, parameters, outputs and
//                                           the group's estimated saving
//     coalesce-sim --html PAGE.html A.bc..  one page for the run
// The JSON maps group numbers (from 1, in the order above) to regions
// {"start", "end"}: the instructions of the module numbered from 1 as
// llvm-sim numbers them (every instruction but debug and pseudo-probe
// intrinsics, function by function, block by block). The page shows the
// groups of all modules by estimated saving (GroupDetails.cpp), regions
// side by side with their source lines and IR, operands numbered by the
// group's one-to-one mapping. --llvm-sim-compatible (llvm-sim's
// commutativity: llvm-sim's output byte for byte), --all-occurrences,
// --within-blocks, --calls-by-name, --min-length N and --sim-stats select
// the options above. A bad input file gets one error line and a non-zero
// exit; the other files are still analyzed. The page for the example
// program (examples/inventory, clang++ -O2 -g, linked):
// docs/similarity-inventory.png.
//
//===----------------------------------------------------------------------===//

#include "core/regions/Similarity.h"
#include "core/regions/StructuralMatch.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SuffixTree.h"

#include <optional>

using namespace llvm;

namespace coalesce {

struct SimilarityAnalysis::ValuesCache {
  unsigned Start = ~0u, Length = 0;
  RegionCode Code;
  RegionLayout Layout;
  /// Kept with their buffers from one call to the next.
  std::unique_ptr<RegionEncoder> Encoder;
  RegionCode Other;
};

SimilarityAnalysis::SimilarityAnalysis(const SimilarityOptions &Options)
    : Options(Options), Mapper(std::make_unique<InstructionMapper>(Options)),
      Lead(makeValuesCache()) {
  if (this->Options.MinLength < 2)
    this->Options.MinLength = 2;
}

SimilarityAnalysis::~SimilarityAnalysis() = default;

void SimilarityAnalysis::ValuesCacheDeleter::operator()(ValuesCache *C) const {
  delete C;
}

SimilarityAnalysis::ValuesCachePtr
SimilarityAnalysis::makeValuesCache() const {
  return ValuesCachePtr(new ValuesCache());
}

namespace {

/// Mutually similar candidates of one repeated substring. Codes holds the
/// codes seen in the class (the first member's first), so later members
/// with any of them join without a mapping search.
struct CandidateClass {
  std::vector<RegionCode> Codes;
  std::vector<unsigned> Members; ///< Start positions.
};

/// Splits the candidates of one repeated substring into classes.
class Classifier {
public:
  Classifier(RegionEncoder &Encoder, SimilarityStats &Stats)
      : Encoder(Encoder), Stats(Stats) {}

  std::vector<CandidateClass> &classify(ArrayRef<unsigned> Starts,
                                        unsigned Length);

private:
  static uint64_t key(uint64_t Hash) {
    // Keep clear of DenseMap's reserved keys.
    return Hash >= ~uint64_t(0) - 1 ? 0 : Hash;
  }

  RegionEncoder &Encoder;
  SimilarityStats &Stats;
  std::vector<CandidateClass> Classes;
  /// Code hash -> (class, code index).
  DenseMap<uint64_t, SmallVector<std::pair<unsigned, unsigned>, 1>> ByHash;
  RegionCode Code;
};

std::vector<CandidateClass> &Classifier::classify(ArrayRef<unsigned> Starts,
                                                  unsigned Length) {
  Classes.clear();
  ByHash.clear();
  std::optional<RegionLayout> Layout;
  for (unsigned Start : Starts) {
    ++Stats.Candidates;
    Encoder.encode(Start, Length, Code);
    int Found = -1;
    auto &Bucket = ByHash[key(Code.Hash)];
    for (auto [Class, Index] : Bucket)
      if (Classes[Class].Codes[Index].sameCode(Code)) {
        Found = int(Class);
        break;
      }
    if (Found < 0) {
      if (!Layout)
        Layout = Encoder.layout(Start, Length);
      if (Layout->AnyCommutes) {
        for (unsigned C = 0; C < Classes.size() && Found < 0; ++C) {
          ++Stats.MappingSearches;
          MatchResult R = mapRegions(Classes[C].Codes.front(), Code, *Layout);
          if (R == MatchResult::GaveUp)
            ++Stats.MappingSearchesGivenUp;
          if (R == MatchResult::Similar) {
            Found = int(C);
            Bucket.push_back({C, unsigned(Classes[C].Codes.size())});
            Classes[C].Codes.push_back(Code);
          }
        }
      }
    }
    if (Found < 0) {
      Found = int(Classes.size());
      Bucket.push_back({unsigned(Found), 0});
      Classes.emplace_back();
      Classes.back().Codes.push_back(Code);
    }
    Classes[Found].Members.push_back(Start);
  }
  return Classes;
}

} // namespace

namespace {

/// Repeated substrings linked one to the next: Next[R] is the substring
/// whose occurrences are R's, each one position on, one shorter (R with
/// its first instruction dropped), or -1. Each substring has at most one
/// such successor and one predecessor, so they form chains; Heads lists
/// the first of each, in the substrings' order.
///
/// Why it pays: when two runs of a thousand instructions repeat, the tree
/// holds a substring for each of their suffixes, and encoding all of them
/// is quadratic. But if every occurrence of R has one code, so does every
/// occurrence of its successor: dropping the first instruction from equal
/// codes leaves equal codes (the numbering by first appearance of what is
/// left agrees, and a block that was inside both regions and is now
/// before both is a value on both sides, named at the same places, since
/// equal operations put block boundaries at equal offsets).
struct SuffixChains {
  std::vector<int> Next;
  std::vector<int> Heads;
};

SuffixChains suffixChains(ArrayRef<SuffixTree::RepeatedSubstring> Repeats) {
  SuffixChains C;
  C.Next.assign(Repeats.size(), -1);
  std::vector<std::vector<unsigned>> Sorted(Repeats.size());
  DenseMap<std::pair<unsigned, unsigned>, SmallVector<unsigned, 1>> ByFirst;
  for (size_t R = 0; R < Repeats.size(); ++R) {
    Sorted[R].assign(Repeats[R].StartIndices.begin(),
                     Repeats[R].StartIndices.end());
    llvm::sort(Sorted[R]);
    ByFirst[{Sorted[R].front(), Repeats[R].Length}].push_back(R);
  }
  std::vector<bool> HasPrevious(Repeats.size(), false);
  for (size_t R = 0; R < Repeats.size(); ++R) {
    const std::vector<unsigned> &S = Sorted[R];
    if (S.front() == 0)
      continue;
    auto It = ByFirst.find({S.front() - 1, Repeats[R].Length + 1});
    if (It == ByFirst.end())
      continue;
    for (unsigned P : It->second) {
      const std::vector<unsigned> &PS = Sorted[P];
      if (PS.size() == S.size() &&
          std::equal(PS.begin(), PS.end(), S.begin(),
                     [](unsigned A, unsigned B) { return A + 1 == B; })) {
        C.Next[P] = int(R);
        HasPrevious[R] = true;
        break;
      }
    }
  }
  for (size_t R = 0; R < Repeats.size(); ++R)
    if (!HasPrevious[R])
      C.Heads.push_back(int(R));
  return C;
}

} // namespace

void SimilarityAnalysis::run(Module &M, RepeatFilter Keep,
                             InstructionMapper::BlockFilter Skip) {
  Groups.clear();
  *Lead = ValuesCache();
  Stats = SimilarityStats();
  Mapper = std::make_unique<InstructionMapper>(Options);
  Mapper->mapModule(M, Skip);
  ArrayRef<unsigned> String = Mapper->string();
  ArrayRef<MappedInstruction> Positions = Mapper->positions();
  Stats.Positions = String.size();
  Stats.DistinctOperations = Mapper->distinctOperations();
  for (const MappedInstruction &P : Positions)
    Stats.LegalInstructions += P.Legal;
  if (String.size() < 2)
    return;

  // Step 2: repeated substrings, longest first. The tree is the largest
  // thing the analysis builds (a map of children per internal node): it
  // goes before anything else is.
  std::vector<SuffixTree::RepeatedSubstring> Repeats;
  {
    SuffixTree Tree(String, Options.AllOccurrences);
    for (SuffixTree::RepeatedSubstring &RS : Tree)
      if (RS.Length >= Options.MinLength && RS.StartIndices.size() >= 2 &&
          (!Keep || Keep(RS.StartIndices, RS.Length)))
        Repeats.push_back(RS);
  }
  llvm::stable_sort(Repeats, [](const SuffixTree::RepeatedSubstring &L,
                                const SuffixTree::RepeatedSubstring &R) {
    return L.Length > R.Length;
  });

  // Steps 3-5, each repeated substring on its own: they only read the IR,
  // so they run in parallel. Substrings come in chains (see
  // suffixChains): along one, a substring whose members all share one
  // code passes that on to the next, which is then not encoded at all. A
  // task takes its share of the chains (TaskShares) and keeps one encoder
  // throughout: its tables are as large as the module's values. What a
  // task keeps: per substring, its number of classes and the members of
  // each class of two or more.
  struct Classes {
    unsigned Count = 0;
    std::vector<std::vector<unsigned>> Members; ///< By class; singles empty.
  };
  std::vector<Classes> Found(Repeats.size());
  SuffixChains Chains = suffixChains(Repeats);
  TaskShares Shares(Options.Threads, Chains.Heads.size(), /*Chunk=*/16);
  std::vector<SimilarityStats> TaskStats(Shares.tasks());
  forEachIndex(Options.Threads, Shares.tasks(), [&](size_t T) {
    RegionEncoder Encoder(*Mapper);
    Classifier Classify(Encoder, TaskStats[T]);
    Shares.forEachItem(T, [&](size_t H) {
      bool OneCode = false;
      for (int R = Chains.Heads[H]; R >= 0; R = Chains.Next[R]) {
        ArrayRef<unsigned> Starts = Repeats[R].StartIndices;
        if (OneCode) {
          TaskStats[T].Candidates += Starts.size();
          Found[R].Count = 1;
          Found[R].Members.assign(
              1, std::vector<unsigned>(Starts.begin(), Starts.end()));
          continue;
        }
        std::vector<CandidateClass> &All =
            Classify.classify(Starts, Repeats[R].Length);
        OneCode = All.size() == 1 && All.front().Codes.size() == 1;
        Found[R].Count = All.size();
        Found[R].Members.resize(All.size());
        for (unsigned C = 0; C < All.size(); ++C)
          if (All[C].Members.size() >= 2)
            Found[R].Members[C] = std::move(All[C].Members);
      }
    });
  });
  for (const SimilarityStats &S : TaskStats) {
    Stats.Candidates += S.Candidates;
    Stats.MappingSearches += S.MappingSearches;
    Stats.MappingSearchesGivenUp += S.MappingSearchesGivenUp;
  }

  // Step 6: the walk llvm-sim's per-substring DenseMap of classes gives,
  // one substring after the other.
  DenseMap<unsigned, char> ListingOrder;
  for (size_t R = 0; R < Repeats.size(); ++R) {
    ++Stats.RepeatedSubstrings;
    unsigned Length = Repeats[R].Length;
    for (unsigned C = 0; C < Found[R].Count; ++C)
      ListingOrder.try_emplace(C, 0);
    for (auto &Entry : ListingOrder) {
      std::vector<unsigned> &Members = Found[R].Members[Entry.first];
      if (Members.size() < 2)
        continue;
      SimilarityGroup G;
      G.Length = Length;
      for (unsigned Start : Members)
        G.Regions.push_back({Start, Length, Positions[Start].Inst,
                             Positions[Start + Length - 1].Inst});
      Groups.push_back(std::move(G));
    }
    ListingOrder.clear();
    Found[R] = Classes();
  }
}

std::vector<Instruction *>
SimilarityAnalysis::instructions(const SimilarRegion &R) const {
  std::vector<Instruction *> Out;
  Out.reserve(R.Length);
  for (const MappedInstruction &P :
       Mapper->positions().slice(R.Start, R.Length))
    Out.push_back(P.Inst);
  return Out;
}

bool SimilarityAnalysis::regionValues(const SimilarityGroup &G,
                                      unsigned Index, RegionValues &Out,
                                      ValuesCache &L) const {
  if (G.Regions.empty() || Index >= G.Regions.size())
    return false;
  const SimilarRegion &First = G.Regions.front(), &R = G.Regions[Index];
  if (First.Start + First.Length > Mapper->positions().size() ||
      R.Start + R.Length > Mapper->positions().size() ||
      First.Length != R.Length)
    return false;
  if (!L.Encoder)
    L.Encoder = std::make_unique<RegionEncoder>(*Mapper);
  RegionEncoder &Encoder = *L.Encoder;
  if (L.Start != First.Start || L.Length != First.Length) {
    Encoder.encode(First.Start, First.Length, L.Code, /*KeepValues=*/true);
    L.Layout = Encoder.layout(First.Start, First.Length);
    L.Start = First.Start;
    L.Length = First.Length;
  }
  const RegionCode &A = L.Code;
  RegionCode &B = L.Other;
  Encoder.encode(R.Start, R.Length, B, /*KeepValues=*/true);
  Out.Values.assign(B.Values.begin() + 1, B.Values.end());
  Out.Canonical.assign(B.NumValues, 0);
  if (A.sameCode(B)) {
    for (unsigned K = 0; K < B.NumValues; ++K)
      Out.Canonical[K] = K + 1;
    return true;
  }
  std::vector<unsigned> AToB;
  if (mapRegions(A, B, L.Layout, &AToB) != MatchResult::Similar)
    return false;
  for (unsigned X = 1; X < AToB.size(); ++X)
    if (AToB[X])
      Out.Canonical[AToB[X] - 1] = X;
  return true;
}

} // namespace coalesce
