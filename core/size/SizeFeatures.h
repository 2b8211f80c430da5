//===- core/size/SizeFeatures.h - What a function's code is made of --------===//
//
// Counts the features of Features.def in a function or an instruction. The
// size model prices the counts; the calibration tool (tools/coalesce-size)
// fits the prices to object code. Both count through this one file, so the
// model is fitted on exactly what it later sees.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_SIZE_SIZEFEATURES_H
#define COALESCE_SIZE_SIZEFEATURES_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <array>

namespace llvm {
class Function;
class Instruction;
class Module;
class Type;
class Use;
class Value;
} // namespace llvm

namespace coalesce {

enum class Feature : unsigned {
#define COALESCE_FEATURE(Name, Description) Name,
#include "core/size/Features.def"
};

constexpr unsigned NumFeatures = 0
#define COALESCE_FEATURE(Name, Description) +1
#include "core/size/Features.def"
    ;

const char *featureName(Feature F);
const char *featureDescription(Feature F);

/// How many of each feature; fractional only where a caller scales them.
using FeatureCounts = std::array<double, NumFeatures>;

/// For operands that are constants today but will be arguments (merging up
/// to constants makes them so): the parameter a use becomes, or -1 when it
/// stays as it is. Such an operand is priced as a value in a register.
using ParameterOf = llvm::function_ref<int(const llvm::Use &)>;

/// The features an argument's place in a call adds: from the seventh on,
/// past x86-64's six argument registers, and from the ninth on, past
/// AArch64's and RISC-V's eight, it is stored to the call's frame. The fit
/// prices each per target.
struct ArgumentPlace {
  unsigned From;
  Feature F;
};
inline constexpr ArgumentPlace ArgumentPlaces[] = {
    {6, Feature::ArgumentPastSix}, {8, Feature::ArgumentPastEight}};

/// Whether I becomes no machine code of its own (debug and lifetime
/// markers, no-op casts, assumptions).
bool isFreeInstruction(const llvm::Instruction &I);

/// Adds I's features to Counts. An instruction that becomes no code (debug
/// and lifetime markers, no-op casts, assumptions) adds nothing.
void countInstruction(const llvm::Instruction &I, FeatureCounts &Counts,
                      ParameterOf AsParameter = nullptr);

/// The features of F's whole body, the function's own included (entry,
/// frame, arguments kept across calls). With AsParameter, the parameters
/// it names count as arguments of F, kept in a saved register where a call
/// comes before their last use.
FeatureCounts countFunction(const llvm::Function &F,
                            ParameterOf AsParameter = nullptr);

/// Callers' features, counted once each: what one more argument costs at a
/// call depends on its caller (SizeModel::addedArgumentBytes). A merge
/// changes a caller only by a call's arguments, which the counts can
/// ignore; a function about to be erased must be forgotten, so that one
/// created later at its address is counted afresh.
class CallerFeatures {
public:
  const FeatureCounts &of(const llvm::Function &Caller) {
    auto [It, New] = Counts.try_emplace(&Caller);
    if (New)
      It->second = countFunction(Caller);
    return It->second;
  }
  void forget(const llvm::Function &F) { Counts.erase(&F); }

private:
  llvm::DenseMap<const llvm::Function *, FeatureCounts> Counts;
};

/// The kind of code that puts V in an argument register before a call.
Feature argumentFeature(const llvm::Value &V);
/// The same for the call argument A where it stands: ArgumentInPlace when
/// the code generator computes it straight into its register.
Feature argumentFeature(const llvm::Use &A);
/// Whether the code generator can compute I straight into an argument
/// register: not a phi, a call's result (it arrives in the return
/// register), a stack address or an instruction that leaves no code.
bool computableInPlace(const llvm::Instruction &I);

/// Whether M's target keeps a value of type T in a register across a call:
/// its calling convention has callee-saved registers of T's class (x86-64:
/// none for floats and vectors; AArch64: the low halves of v8-v15, so
/// scalars but not 128-bit vectors; RISC-V: fs0-fs11 for scalars). A value
/// of a class it does not preserve is spilled before a call and reloaded
/// after (UnsavedAcrossCall).
bool preservedAcrossCalls(const llvm::Type &T, const llvm::Module &M);

} // namespace coalesce

#endif
