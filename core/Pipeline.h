//===- core/Pipeline.h - The coalesce pipeline -----------------------------===//
//
// The one entry point hosts call. A host (plugin/, tools/) builds a Config
// from its own option channel, provides Services, and runs a pipeline on a
// module. core/ never prints, never writes files and never aborts: problems
// come back in the Outcome for the host to report its own way.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_PIPELINE_H
#define COALESCE_PIPELINE_H

#include "core/crossmodule/CrossModule.h"
#include "core/hotness/Hotness.h"
#include "core/merging/ConstantMerger.h"
#include "core/merging/IdenticalMerger.h"
#include "core/merging/SharedBodies.h"
#include "core/merging/SimilarMerger.h"
#include "core/outlining/Outliner.h"
#include "core/pipeline/Stage.h"
#include "core/report/Report.h"

#include <string>
#include <vector>

namespace llvm {
class Module;
}

namespace coalesce {

struct Config {
  MergeOptions Merge;
  /// Merge functions that differ only in constants (after identical
  /// merging, which runs again afterwards).
  bool MergeConstants = true;
  ConstantMergeOptions Constants;
  /// Merge pairs of similar functions into one with a selector argument
  /// (after merging up to constants, before outlining).
  bool MergeSimilar = false;
  SimilarMergeOptions Similar;
  /// Most rounds of similar merging; the pipeline stops earlier once a
  /// round merges nothing.
  unsigned SimilarRounds = 16;
  /// Outline similar regions into shared functions (after merging).
  bool Outline = true;
  OutlineOptions Outlining;
  /// How hot code is found (core/hotness): the static estimate's coverage.
  HotnessOptions Hotness;
  /// The run time the pipeline may add to the program, in thousandths of
  /// the instructions it is estimated to execute per run (the profile's
  /// counts where there is one): every call outlining adds is charged its
  /// call sequence times how often it runs in the whole program.
  unsigned RunTimeBudgetPerMille = 5;
  /// Run time an earlier stage of this module added (instructions per run,
  /// as the budget counts them): the cross-module stage of a ThinLTO
  /// backend, which runs before the module is optimized.
  double RunTimeSpentBefore = 0;
  /// Most rounds of outlining (each followed by identical merging); the
  /// pipeline stops earlier once a round outlines nothing.
  unsigned OutlineRounds = 2;
  /// Outline also for targets whose code generator runs LLVM's machine
  /// outliner by default and where outlining beside it was not measured
  /// to pay (SizeModel::outlinesByDefault: RISC-V 64). On AArch64 the
  /// outliner runs without it, pricing each region by what the machine
  /// outliner would share of it (SizeModel::machineOutlinerBytes).
  bool OutlineWithMachineOutliner = false;
  /// The module is one backend's of a ThinLTO link: after the other
  /// stages, functions other modules may hold too are named by their
  /// content so that the linker keeps one body of each (SharedBodies).
  bool ThinLTOBackend = false;
  /// In a ThinLTO backend, name by their content the functions other
  /// modules may share (off: for measuring and bisecting).
  bool ShareBodies = true;
  /// Run the IR verifier after every stage.
  bool VerifyEachStage = false;
  /// Check the total order's laws over the first N functions (0: off).
  unsigned VerifyOrderLimit = 0;
};

// Each stage alone runs as in the pipeline (core/pipeline/Stages.h): its
// rounds, identical merging after each where the pipeline has it, one
// context of its own.

/// Identical-function merging alone (the `coalesce-merge` pass).
Outcome runMergeStage(llvm::Module &M, const Config &C, Report &R,
                      TTIGetter GetTTI = nullptr);

/// Merging up to constants alone (the `coalesce-merge-constants` pass),
/// its rounds included.
Outcome runConstantMergeStage(llvm::Module &M, const Config &C, Report &R,
                              TTIGetter GetTTI = nullptr);

/// Similar-function merging alone (the `coalesce-merge-similar` pass),
/// its rounds included.
Outcome runSimilarMergeStage(llvm::Module &M, const Config &C, Report &R,
                             TTIGetter GetTTI = nullptr);

/// Outlining alone (the `coalesce-outline` pass), its rounds included.
Outcome runOutlineStage(llvm::Module &M, const Config &C, Report &R,
                        TTIGetter GetTTI = nullptr);

/// A ThinLTO backend's part of a cross-module plan (core/crossmodule),
/// on its module before it is optimized: the members it defines get their
/// families' shared bodies. The pipeline runs later, at the end of the
/// backend's optimization, and takes RunTimeSpent (what the members' calls
/// gain per run) from its budget (Config::RunTimeSpentBefore).
Outcome runCrossModuleStage(llvm::Module &M, const Config &C,
                            const CrossModulePlan &Plan, Report &R,
                            double &RunTimeSpent, TTIGetter GetTTI = nullptr);

/// The whole pipeline (the `coalesce` pass): merge identical functions,
/// merge functions that differ in constants (rounds, with identical
/// merging between), merge similar functions (rounds; off by default),
/// outline similar regions (rounds, with identical merging between), in a
/// ThinLTO backend name by their content the functions other modules may
/// share, then report.
Outcome runPipeline(llvm::Module &M, const Config &C, Report &R,
                    TTIGetter GetTTI = nullptr);

} // namespace coalesce

#endif
