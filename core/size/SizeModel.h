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
  /// The share of what the machine outliner could share of an outlined
  /// group's runs (SizeModel::machineOutlinerBytes) that it does share
  /// (registers differ where IR is the same), fitted on the size audit.
  double MachineOutlinerShare = 1;
  /// Bytes per site an outlined group must save beyond the minimum where
  /// the machine outliner runs: the call that replaces a site also cuts
  /// the runs it would have shared across the region's edges, which the
  /// model does not see (the guard of issue 38; see SizeModel.cpp).
  unsigned MachineOutlinerSiteMargin = 0;
  /// Integer and pointer arguments the calling convention passes in
  /// registers: beyond them a call stores arguments on the stack, and a
  /// thunk that passes more than it received can no longer jump.
  unsigned IntegerArgumentRegisters = 6;
  /// Integer and pointer registers a callee preserves, free for values
  /// kept across calls: beyond them a value across a call is spilled and
  /// reloaded.
  unsigned CalleeSavedRegisters = 6;
  /// What a select on a merged function's selector costs beyond the
  /// prices of its features (see SizeModel.cpp).
  unsigned SelectorSelectBytes = 0;
  /// What a branch on the selector costs beyond its features' prices.
  unsigned SelectorBranchBytes = 0;
  /// What a call takes beyond a jump into a tail shared with other blocks
  /// (x86-64: call rel32 against jmp rel8): the cost of a call that tail
  /// merging can no longer share (see SizeModel.cpp).
  unsigned CallOverJumpBytes = 0;
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
  /// SizeTable::CalleeSavedRegisters of the target (6 without a table).
  unsigned calleeSavedRegisters() const;
  /// SizeTable::SelectorSelectBytes of the target (x86-64's without a
  /// table).
  unsigned selectorSelectBytes() const;
  /// SizeTable::SelectorBranchBytes of the target (0 without a table).
  unsigned selectorBranchBytes() const;
  /// SizeTable::CallOverJumpBytes of the target (x86-64's without a
  /// table).
  unsigned callOverJumpBytes() const;
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
  /// Position is the argument's place in the call (from 0): past the
  /// argument registers it goes on the stack.
  uint64_t addedArgumentBytes(const llvm::Value &V, unsigned Position,
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
  /// Whether the target's code generator runs the machine outliner by
  /// default (removedShare() below 1).
  bool runsMachineOutliner() const { return removedShare() < 1; }

  /// A run of straight-line code the same at every site of an outlined
  /// group (no branch, no operand that differs between the sites): what
  /// the machine outliner could share of it.
  struct OutlinerRun {
    double Bytes = 0;        ///< At one site.
    bool Calls = false;      ///< Holds a call before its end.
    bool EndsInCall = false; ///< Its last instruction is a call.
  };
  /// What the target's machine outliner would save on Run, repeated at
  /// Sites places, LeafSites of them in functions that make no call (their
  /// return address is saved around the outlined call), times
  /// SizeTable::MachineOutlinerShare (not every repeat in IR is one in
  /// machine code). 0 where the target runs none, or where it would not
  /// pay. See the essay in SizeModel.cpp.
  double machineOutlinerBytes(const OutlinerRun &Run, unsigned Sites,
                              unsigned LeafSites) const;
  /// SizeTable::MachineOutlinerSiteMargin (0 where the target runs no
  /// machine outliner).
  unsigned machineOutlinerSiteMargin() const;

  /// Whether coalesce's outliner runs for this target without being asked:
  /// where the code generator runs no machine outliner, and where it does
  /// and outlining beside it, priced by outlinedShare(), was measured to
  /// pay on the corpus (AArch64). Elsewhere (RISC-V 64) it stands aside.
  bool outlinesByDefault() const;

private:
  uint64_t ttiFunctionBytes(const llvm::Function &F) const;
  /// What an argument's place in a call adds (ArgumentPlaces).
  double positionBytes(unsigned Position) const;

  const SizeTable *Table = nullptr;
  TTIGetter GetTTI;
  std::string Basis;
};

} // namespace coalesce

#endif
