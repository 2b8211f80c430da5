//===- core/pipeline/Stage.h - What every stage of a run shares -----------===//
//
// A stage is a type: it does one round of its work against the context
// that one run of the pipeline (or of the stage alone) shares, and the
// driver, runRounds, runs as many rounds as the stage asks for. The
// context holds what the stages price and spend with, so that no stage
// builds its own:
//
//   - the report every round appends to;
//   - the target's size model;
//   - how often the program runs each block (ProgramHotness), estimated
//     when a stage first asks and again after a round changed the module,
//     with the analyses of unchanged functions kept (HotnessCache);
//   - the run-time budget every stage that adds calls or arguments spends
//     from, made from the first estimate;
//   - what the verifier said after each round (Config::VerifyEachStage).
//
// Rounds: a round that changes nothing ends the stage; one that does marks
// the estimate stale, is verified, and, for a stage that wants it, is
// followed by identical merging (what it made can come out the same
// twice). Every stage and every round is a scope of LLVM's time trace
// (events "coalesce: stage", detail its name, and "coalesce: round",
// detail "<stage>, round N"; inside them the algorithms' own events):
// `-time-trace` in opt, `-Wl,--time-trace` in ld.lld.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_PIPELINE_STAGE_H
#define COALESCE_PIPELINE_STAGE_H

#include "core/hotness/Hotness.h"
#include "core/report/Report.h"
#include "core/size/SizeModel.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Module;
class Twine;
}

namespace coalesce {

struct Config;

struct Outcome {
  bool Changed = false;
  /// Verification failures; non-empty means the host must report an error.
  std::vector<std::string> Problems;
  /// What the host should pass on as warnings: the run went on without
  /// something it would have used (a profile summary it cannot read).
  std::vector<std::string> Warnings;
};

/// What one run of the pipeline, or of one stage alone, shares.
class PipelineContext {
public:
  /// Counts M's functions for the report, checks the total order's laws
  /// (Config::VerifyOrderLimit) and makes the size model.
  PipelineContext(llvm::Module &M, const Config &C, Report &R,
                  TTIGetter GetTTI);
  PipelineContext(const PipelineContext &) = delete;
  PipelineContext &operator=(const PipelineContext &) = delete;

  llvm::Module &module() { return M; }
  const Config &config() const { return C; }
  Report &report() { return R; }
  const SizeModel &size() const { return Size; }

  /// How often the program runs each block of M as it is now.
  const ProgramHotness &hotness();
  /// The run time the run may still add: a share of what the first
  /// estimate says the program executes, less Config::RunTimeSpentBefore.
  RunTimeBudget &budget();
  /// M changed: the next hotness() estimates again.
  void changed() {
    Hot.reset();
    O.Changed = true;
  }

  /// With Config::VerifyEachStage, verifies M and keeps what it says.
  void verifyAfter(const llvm::Twine &Stage);
  /// Counts M's functions for the report; what the run found.
  Outcome finish();

private:
  llvm::Module &M;
  const Config &C;
  Report &R;
  SizeModel Size;
  HotnessCache Kept;
  std::optional<ProgramHotness> Hot;
  std::optional<RunTimeBudget> Budget;
  Outcome O;
  bool Finished = false;
};

/// One stage of the pipeline.
class Stage {
public:
  virtual ~Stage();
  /// Its name in the time trace and the verifier's messages.
  virtual const char *name() const = 0;
  /// The stage its records are marked with in the report (null: as the
  /// round made them).
  virtual const char *reportStage() const { return nullptr; }
  /// Most rounds; the driver stops earlier once a round changes nothing.
  virtual unsigned maxRounds(const Config &) const { return 1; }
  /// Whether identical merging follows a round that changed the module.
  virtual bool mergesAfterRounds() const { return false; }
  /// One round; appends what it did to Part. Returns whether M changed.
  virtual bool round(PipelineContext &Ctx, unsigned Round, Report &Part) = 0;
  /// After the identical merging that followed a round (Merged: what it
  /// merged), for a stage whose next round looks only at what changed.
  virtual void merged(PipelineContext &, const Report & /*Round*/,
                      const Report & /*Merged*/) {}
};

/// Runs rounds of S against Ctx (see the file comment). Returns whether
/// any round changed the module.
bool runRounds(Stage &S, PipelineContext &Ctx);

} // namespace coalesce

#endif
