//===- core/pipeline/Stages.h - The pipeline's stages as types ------------===//
//
// Each stage of the pipeline, as runRounds (Stage.h) runs it: one round
// of its work against the run's context. The algorithms live in their
// rooms (core/merging, core/outlining, core/crossmodule); these are the
// joints: which options a round takes, how many rounds there are, what a
// round hands to the next.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_PIPELINE_STAGES_H
#define COALESCE_PIPELINE_STAGES_H

#include "core/crossmodule/CrossModule.h"
#include "core/merging/ConstantMerger.h"
#include "core/merging/SimilarMerger.h"
#include "core/outlining/Outliner.h"
#include "core/pipeline/Stage.h"

namespace coalesce {

/// Identical-function merging (core/merging/IdenticalMerger): one round,
/// which runs to a fixed point itself.
class IdenticalStage final : public Stage {
public:
  const char *name() const override { return "merge"; }
  const char *reportStage() const override { return "merge"; }
  bool round(PipelineContext &Ctx, unsigned Round, Report &Part) override;
};

/// Merging up to constants (core/merging/ConstantMerger), in rounds with
/// identical merging between: callers of one body with different
/// constants may differ only in constants in turn (a template's callers,
/// instantiated for the same types). Each round reaches one level further
/// up the call graph, and the levels worth it are few.
class ConstantStage final : public Stage {
public:
  static constexpr unsigned MaxRounds = 8;
  const char *name() const override { return "merge up to constants"; }
  const char *reportStage() const override { return "merge-constants"; }
  unsigned maxRounds(const Config &) const override { return MaxRounds; }
  bool mergesAfterRounds() const override { return true; }
  bool round(PipelineContext &Ctx, unsigned Round, Report &Part) override;
};

/// Similar-function merging (core/merging/SimilarMerger), in rounds: the
/// functions two pairs merged into in one round can be a similar pair in
/// the next (one template's instances for eight types merge in three
/// rounds). A round after the first tries only pairs with a function the
/// round before made, changed or left without its partner.
class SimilarStage final : public Stage {
public:
  /// OutlinerRuns: whether the outliner runs after it (a pair is merged
  /// only where that saves more than outlining their common code would).
  explicit SimilarStage(bool OutlinerRuns) : OutlinerRuns(OutlinerRuns) {}
  const char *name() const override { return "merge similar"; }
  const char *reportStage() const override { return "merge-similar"; }
  unsigned maxRounds(const Config &C) const override;
  bool round(PipelineContext &Ctx, unsigned Round, Report &Part) override;

private:
  bool OutlinerRuns;
  FunctionSet Fresh;
};

/// Outlining (core/outlining/Outliner), in rounds, each followed by
/// identical merging (outlined functions of different groups can come out
/// the same). A round after the first weighs only groups with a site in
/// code the round before changed, and adds to a saving the first round's
/// groups made worth it (they had to save OutlineOptions::MinTotal
/// together).
class OutlineStage final : public Stage {
public:
  /// Whether the outliner runs on C's target: not where the code
  /// generator runs LLVM's machine outliner and outlining beside it was
  /// not measured to pay (SizeModel::outlinesByDefault), unless asked.
  static bool runsOn(const Config &C, const SizeModel &Size);

  const char *name() const override { return "outline"; }
  const char *reportStage() const override { return "outline"; }
  unsigned maxRounds(const Config &C) const override;
  bool mergesAfterRounds() const override { return true; }
  bool round(PipelineContext &Ctx, unsigned Round, Report &Part) override;
  void merged(PipelineContext &Ctx, const Report &Round,
              const Report &Merged) override;

private:
  ChangedCode LastChanged;
};

/// In a ThinLTO backend: functions other modules may hold too are named by
/// their content, in comdats, so that the linker keeps one body
/// (core/merging/SharedBodies).
class ShareBodiesStage final : public Stage {
public:
  const char *name() const override { return "share bodies"; }
  bool round(PipelineContext &Ctx, unsigned Round, Report &Part) override;
};

/// A ThinLTO backend's part of a cross-module plan (core/crossmodule), on
/// its module before it is optimized. The scan afforded the plan's run
/// time for the whole program; what the members of this module spend of it
/// (their calls' gain per run) is counted in spent(), which the pipeline
/// later takes from its budget (Config::RunTimeSpentBefore).
class CrossModuleStage final : public Stage {
public:
  explicit CrossModuleStage(const CrossModulePlan &Plan) : Plan(Plan) {}
  const char *name() const override { return "merge across modules"; }
  bool round(PipelineContext &Ctx, unsigned Round, Report &Part) override;
  double spent() const { return Spent.spent(); }

private:
  const CrossModulePlan &Plan;
  RunTimeBudget Spent = RunTimeBudget::unlimited();
};

} // namespace coalesce

#endif
