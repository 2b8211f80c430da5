//===- core/size/SizeModel.h - Machine-code bytes, predicted from IR ------===//
//
// Every decision coalesce makes is a bet on bytes: the body a merge saves
// against the constants passed at every call, a thunk, an outlined call
// and its reloads. The size model prices all of them in bytes of the
// target's machine code, with prices fitted to real object code. See the
// essay in SizeModel.cpp and docs/size-model.md.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_SIZE_SIZEMODEL_H
#define COALESCE_SIZE_SIZEMODEL_H

#include "core/size/SizeFeatures.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <string>

namespace llvm {
class Function;
class Instruction;
class Module;
class TargetTransformInfo;
class Triple;
class Value;
} // namespace llvm

namespace coalesce {

/// Returns TargetTransformInfo for a function. Used only where no fitted
/// table exists for the module's target.
using TTIGetter =
    llvm::function_ref<llvm::TargetTransformInfo &(llvm::Function &)>;

/// The fitted prices for one target: bytes per feature, and the function
/// alignment its code generator uses. Made by tools/coalesce-size fit;
/// checked in under core/size/tables/.
struct SizeTable {
  const char *Target = nullptr; ///< The triple's architecture name.
  unsigned MinFunctionAlign = 1;  ///< Bytes, for optsize/minsize functions.
  unsigned PrefFunctionAlign = 1; ///< Bytes, for the others.
  unsigned InstructionAlign = 1;  ///< Every instruction's size is a multiple.
  /// The share of a removed body's bytes that is really saved: below 1
  /// where the code generator runs the machine outliner by default, which
  /// already shares much of what similar bodies have in common.
  double RemovedShare = 1;
  /// Integer and pointer arguments the calling convention passes in
  /// registers: beyond them a call stores arguments on the stack, and a
  /// thunk that passes more than it received can no longer jump.
  unsigned IntegerArgumentRegisters = 6;
  /// What a select on a merged function's selector costs beyond the
  /// prices of its features (see SizeModel.cpp).
  unsigned SelectorSelectBytes = 0;
  /// What a branch on the selector costs beyond its features' prices.
  unsigned SelectorBranchBytes = 0;
  double Bytes[NumFeatures] = {};
};

/// TTI's code-size cost of F's instructions, in its units (one an
/// instruction, an invalid cost counted as one); without TTI, F's
/// instruction count. The estimate the model replaces.
uint64_t ttiCodeSizeUnits(const llvm::Function &F,
                          llvm::TargetTransformInfo *TTI);

/// The fitted table for a triple, or null.
const SizeTable *sizeTableFor(const llvm::Triple &T);

class SizeModel {
public:
  /// The model for M's target: its fitted table when there is one, else
  /// TTI's code-size estimates (GetTTI may be empty: then instructions are
  /// counted), said in basis().
  static SizeModel forModule(const llvm::Module &M, TTIGetter GetTTI = nullptr);
  /// A model with the given table (tests, the calibration tool).
  explicit SizeModel(const SizeTable *Table, TTIGetter GetTTI = nullptr);

  bool isFitted() const { return Table; }
  /// Where the figures come from, for reports: "size model, x86_64", or
  /// "TTI estimate: no size model for <arch>".
  const std::string &basis() const { return Basis; }

  /// SizeTable::IntegerArgumentRegisters of the target (6 without a table).
  unsigned integerArgumentRegisters() const;
  /// SizeTable::SelectorSelectBytes of the target (x86-64's without a
  /// table).
  unsigned selectorSelectBytes() const;
  /// SizeTable::SelectorBranchBytes of the target (0 without a table).
  unsigned selectorBranchBytes() const;
  /// Bytes for counted features (no alignment padding).
  double bytes(const FeatureCounts &Counts) const;
  /// I's bytes where it stands.
  uint64_t instructionBytes(const llvm::Instruction &I) const;
  /// F's bytes in the output: its body, entry and exit, and on average the
  /// padding its alignment adds in front of it. With AsParameter, what F
  /// would cost once the constants it names are arguments.
  uint64_t functionBytes(const llvm::Function &F,
                         ParameterOf AsParameter = nullptr) const;
  /// What removing F's body from the program saves: functionBytes, times
  /// SizeTable::RemovedShare where the machine outliner would have shared
  /// part of it anyway.
  uint64_t removedBytes(const llvm::Function &F,
                        ParameterOf AsParameter = nullptr) const;
  /// The code that puts V in an argument register before a call.
  uint64_t argumentBytes(const llvm::Value &V) const;
  /// One more argument, V, at a call in Caller: its set-up, and where the
  /// caller already spills (it keeps more values across calls than it has
  /// registers for), the value it displaces: a saved register or stack
  /// slot and its reloads. CallerCounts caches Caller's features.
  uint64_t addedArgumentBytes(const llvm::Value &V,
                              const FeatureCounts &CallerCounts) const;
  /// A direct call passing Args (the call, and every argument's set-up).
  uint64_t callBytes(llvm::ArrayRef<const llvm::Value *> Args) const;
  /// A function that only passes its own arguments, and Extra after them,
  /// to another and returns what it gets (a tail jump).
  uint64_t thunkBytes(const llvm::Function &F,
                      llvm::ArrayRef<const llvm::Value *> Extra = {}) const;
  /// A value handed back through memory: its store in the callee, its
  /// reload at the call, and its stack slot's address passed.
  uint64_t outputBytes() const;

  /// One count of feature F (the outliner prices code that does not exist
  /// yet from its features).
  double price(Feature F) const;
  /// The padding F's alignment adds in front of it, on average.
  uint64_t paddingBytes(const llvm::Function &F) const;
  /// SizeTable::RemovedShare (1 without a table).
  double removedShare() const;

  /// The shape of an outlined region, as far as the machine outliner
  /// cares: whether it holds a branch (spans blocks) and whether it calls.
  struct RegionShape {
    bool SpansBlocks = false;
    bool Calls = false;
  };
  /// The share of an outlined region's net saving that is really saved.
  /// 1 where the code generator runs no machine outliner (removedShare()
  /// is 1). Where it runs one: 1 for a region that spans blocks (the
  /// machine outliner shares runs of one block only), 0 for straight-line
  /// code that calls (left to the machine outliner), removedShare() for
  /// the rest. See the essay in SizeModel.cpp.
  double outlinedShare(RegionShape Shape) const;
  /// The largest outlinedShare() of any shape (for bounds).
  double largestOutlinedShare() const;
  /// Whether coalesce's outliner runs for this target without being asked:
  /// where the code generator runs no machine outliner, and where it does
  /// and outlining beside it, priced by outlinedShare(), was measured to
  /// pay on the corpus (AArch64). Elsewhere (RISC-V 64) it stands aside.
  bool outlinesByDefault() const;

private:
  uint64_t ttiFunctionBytes(const llvm::Function &F) const;

  const SizeTable *Table = nullptr;
  TTIGetter GetTTI;
  std::string Basis;
};

} // namespace coalesce

#endif
