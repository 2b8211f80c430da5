//===- core/regions/InstructionMapper.h - Instructions as integers --------===//
//
// The first stage of the similarity analysis: every instruction of a module
// becomes one unsigned integer, equal for instructions that perform the same
// operation, so the whole module reads as one string of integers. See the
// essay in Similarity.cpp and docs/similarity.md.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_REGIONS_INSTRUCTIONMAPPER_H
#define COALESCE_REGIONS_INSTRUCTIONMAPPER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Parallel.h"

#include <algorithm>
#include <vector>

namespace llvm {
class BasicBlock;
class Function;
class Instruction;
class Module;
class Value;
} // namespace llvm

namespace coalesce {

struct SimilarityOptions {
  /// Branches and phis are legal, so a region may run across the blocks of
  /// a function in layout order (off: regions stay inside one block).
  bool SpanBlocks = true;
  /// Indirect calls are legal; the called value is an operand like others.
  bool MatchIndirectCalls = true;
  /// Intrinsics other than the assume-like ones are legal.
  bool MatchIntrinsics = true;
  /// musttail calls and calls with the tail/swifttail conventions are legal.
  bool MatchMustTailCalls = true;
  /// Direct calls map to the same integer only when they call the same
  /// function (off: the callee is an operand, mapped like any other value).
  bool MatchCallsByName = false;
  /// Commutativity beyond llvm-sim's (integer add, mul, and, or, xor): also
  /// fadd, fmul, equality compares and commutative intrinsics.
  bool WiderCommutativity = true;
  /// Every occurrence of a repeated substring is a candidate, not only those
  /// the suffix tree holds as leaf children of the substring's node.
  bool AllOccurrences = false;
  /// Shortest region reported, in instructions (at least 2).
  unsigned MinLength = 2;
  /// Loops over independent items run on LLVM's thread pool. Off in a
  /// ThinLTO backend: its siblings keep the cores busy already, and more
  /// threads there only cost switching.
  bool Threads = true;
};

/// Fn(0), ..., Fn(End - 1): on LLVM's thread pool (parallelFor) if
/// Threads, else in order on this thread. Fn must not depend on the order.
inline void forEachIndex(bool Threads, size_t End,
                         llvm::function_ref<void(size_t)> Fn) {
  if (Threads) {
    llvm::parallelFor(0, End, Fn);
    return;
  }
  for (size_t I = 0; I != End; ++I)
    Fn(I);
}

/// Items 0 .. End-1 in chunks of Chunk, dealt out to tasks in turn (task T
/// takes chunks T, T + Tasks, ...): few tasks, so that each sets up its
/// state once, and each with some of the first items and some of the
/// last. With Threads, four tasks per thread of LLVM's pool; else one.
class TaskShares {
public:
  TaskShares(bool Threads, size_t End, size_t Chunk)
      : End(End), Chunk(Chunk), Chunks((End + Chunk - 1) / Chunk),
        Tasks(Threads ? std::min<size_t>(
                            Chunks,
                            4 * llvm::parallel::strategy.compute_thread_count())
                      : 1) {}

  size_t tasks() const { return Tasks; }
  /// Fn(Item) for every item of task T, in increasing order.
  template <typename FnT> void forEachItem(size_t T, FnT Fn) const {
    for (size_t K = T; K < Chunks; K += Tasks)
      for (size_t I = K * Chunk; I < std::min(End, (K + 1) * Chunk); ++I)
        Fn(I);
  }

private:
  size_t End, Chunk, Chunks, Tasks;
};

/// A table by value id (InstructionMapper::valueCount) whose entries are
/// forgotten all at once: restart() begins a generation, and an entry not
/// touched in it reads as new. Encoders number a region's values this
/// way, with no hashing and no clearing per region.
template <typename T> class GenerationTable {
public:
  /// Forgets every entry; the table then holds ids below Size.
  void restart(size_t Size) {
    if (Entries.size() < Size) {
      Entries.assign(Size, Entry());
      Generation = 0;
    }
    if (++Generation == 0) { // Wrapped: forget every stamp once.
      Entries.assign(Entries.size(), Entry());
      Generation = 1;
    }
  }
  /// Id's entry in this generation; New says whether it was untouched
  /// (its value is then stale: the caller sets it).
  T &get(unsigned Id, bool &New) {
    Entry &E = Entries[Id];
    New = E.Generation != Generation;
    E.Generation = Generation;
    return E.Value;
  }

private:
  struct Entry {
    unsigned Generation = 0;
    T Value{};
  };
  std::vector<Entry> Entries;
  unsigned Generation = 0;
};

/// One position of the module string.
struct MappedInstruction {
  /// The instruction; for an illegal position the first instruction of the
  /// illegal run, or null for the marker that ends a function.
  llvm::Instruction *Inst = nullptr;
  unsigned Number = 0;
  bool Legal = false;
};

/// Maps instructions to integers. Legal instructions that perform the same
/// operation share a number, assigned in order of first appearance from 0;
/// each run of illegal instructions, and the end of every function, gets a
/// fresh number counting down from 2^32-3, so no repeat can contain one.
class InstructionMapper {
public:
  static constexpr unsigned FirstIllegalNumber = ~0u - 2;

  explicit InstructionMapper(const SimilarityOptions &Options);

  /// Blocks whose instructions may be in no region (Skip true): they map
  /// as illegal instructions do.
  using BlockFilter = llvm::function_ref<bool(const llvm::BasicBlock &)>;

  /// Appends the instructions of M's defined functions to the string.
  void mapModule(llvm::Module &M, BlockFilter Skip = nullptr);
  /// Appends one function's instructions (and its end marker).
  void mapFunction(llvm::Function &F, BlockFilter Skip = nullptr);

  /// Whether I may be part of a region under the options.
  bool isLegal(const llvm::Instruction &I) const;
  /// The integer I maps to (mapping it if it is new). Illegal instructions
  /// get a fresh number each time.
  unsigned numberFor(llvm::Instruction &I);

  llvm::ArrayRef<unsigned> string() const { return String; }
  llvm::ArrayRef<MappedInstruction> positions() const { return Positions; }
  /// How many distinct legal operations were seen.
  unsigned distinctOperations() const { return NextLegal; }

  /// Position in module layout of a block (numbered over all functions).
  int blockNumber(const llvm::BasicBlock *BB) const;

  /// The canonical operands of the legal instruction at position P (none
  /// for an illegal one), kept from mapping: regions are encoded many
  /// times over, and this spares reading every operand's IR each time.
  llvm::ArrayRef<llvm::Value *> operandsAt(unsigned P) const {
    return llvm::ArrayRef(Operands).slice(OperandStart[P],
                                          OperandStart[P + 1] -
                                              OperandStart[P]);
  }
  /// For each of operandsAt(P): its block number if it is a block, or -1.
  llvm::ArrayRef<int> operandBlocksAt(unsigned P) const {
    return llvm::ArrayRef(OperandBlocks)
        .slice(OperandStart[P], OperandStart[P + 1] - OperandStart[P]);
  }
  /// The block number of the instruction at position P (-1 for the marker
  /// that ends a function).
  int blockAt(unsigned P) const { return PositionBlocks[P]; }

  /// Every value the string names (a legal instruction, or an operand of
  /// one) has a dense id below valueCount(): encoders number values through
  /// arrays indexed by id instead of hashing pointers.
  unsigned valueCount() const { return unsigned(ValueIds.size()); }
  /// The ids of operandsAt(P), in the same order.
  llvm::ArrayRef<unsigned> operandIdsAt(unsigned P) const {
    return llvm::ArrayRef(OperandIds)
        .slice(OperandStart[P], OperandStart[P + 1] - OperandStart[P]);
  }
  /// The id of the legal instruction at position P.
  unsigned instructionIdAt(unsigned P) const { return PositionIds[P]; }
  /// The position of the legal instruction with value id Id, or -1 if Id
  /// names something else.
  int positionOfId(unsigned Id) const {
    return Id < IdPositions.size() ? int(IdPositions[Id]) - 1 : -1;
  }

  const SimilarityOptions &options() const { return Options; }

private:
  struct ClassEntry {
    llvm::Instruction *Representative;
    unsigned Number;
  };

  void append(llvm::Instruction *I, bool Legal);
  void numberBlocks(llvm::Function &F);
  unsigned idOf(const llvm::Value *V);

  SimilarityOptions Options;
  std::vector<unsigned> String;
  std::vector<MappedInstruction> Positions;
  std::vector<unsigned> OperandStart{0}; ///< By position, and one past.
  std::vector<llvm::Value *> Operands;
  std::vector<int> OperandBlocks;
  std::vector<int> PositionBlocks;
  std::vector<unsigned> OperandIds;  ///< Parallel to Operands.
  std::vector<unsigned> PositionIds; ///< By position; 0 if illegal.
  std::vector<unsigned> IdPositions; ///< By id: position + 1, or 0.
  llvm::DenseMap<const llvm::Value *, unsigned> ValueIds;
  llvm::DenseMap<unsigned, llvm::SmallVector<ClassEntry, 1>> Classes;
  llvm::DenseMap<const llvm::BasicBlock *, int> BlockNumbers;
  unsigned NextLegal = 0;
  unsigned NextIllegal = FirstIllegalNumber;
  bool LastWasIllegal = false;
};

/// The operands of I in the order the structural comparison reads them:
/// a compare whose predicate was turned around (sgt -> slt) lists its
/// operands in reverse; a phi lists its incoming values, then its incoming
/// blocks. Everything else: the IR operand order (a call's callee last).
void canonicalOperands(const llvm::Instruction &I,
                       llvm::SmallVectorImpl<llvm::Value *> &Out);

/// Whether the mapper reads I's predicate turned around (gt/ge to lt/le).
bool predicateSwapped(const llvm::Instruction &I);

/// Whether two legal instructions perform the same operation: opcode, types
/// and the parameters that change meaning (see the essay). Symmetric.
bool sameOperation(const llvm::Instruction &A, const llvm::Instruction &B,
                   const SimilarityOptions &Options);

/// Whether operands 0 and 1 of I may be swapped by the structural mapping.
bool commutesFirstTwoOperands(const llvm::Instruction &I,
                              const SimilarityOptions &Options);

} // namespace coalesce

#endif
