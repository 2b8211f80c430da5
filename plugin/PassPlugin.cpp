//===- plugin/PassPlugin.cpp - coalesce as an LLVM pass plugin -------------===//
//
// Registers the passes with any host that loads pass plugins:
//   ld.lld --load-pass-plugin=coalesce.so     full LTO, once, on the merged
//                                             module, before code generation;
//                                             ThinLTO, in every backend, on
//                                             its module after import
//   opt -load-pass-plugin=coalesce.so
//       -passes=coalesce-merge | coalesce-merge-constants
//               | coalesce-merge-similar | coalesce-outline
//               | coalesce | coalesce-merge-across-modules
//   clang -fpass-plugin=coalesce.so           per translation unit
// Pipeline parameters are an option channel of their own, usable wherever a
// pipeline is written (opt -passes, ld.lld --lto-newpm-passes):
//   coalesce<print-merges;report=FILE;no-aliases;no-rewrite-calls;verify;
//            verify-order=N;no-merge-constants;[no-]merge-similar;
//            no-outline;thinlto>
// (thinlto: run as in a ThinLTO backend, for tests.)
// The passes hold no algorithm: they read the options, call core/, and
// hand the report and any problem back to the host.
//
//===----------------------------------------------------------------------===//

#include "plugin/GnuPlugin.h"
#include "plugin/LinkReport.h"
#include "plugin/Options.h"
#include "plugin/ReportFile.h"

#include "core/Pipeline.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/IPO/ConstantMerge.h"

#include <map>
#include <memory>
#include <optional>

using namespace llvm;

namespace coalesce {
namespace {

enum class Stage {
  MergeOnly,
  MergeConstantsOnly,
  MergeSimilarOnly,
  OutlineOnly,
  Pipeline,
  /// A ThinLTO backend's part of a cross-module plan, before optimization.
  AcrossModules
};

/// Overrides given as pipeline parameters: coalesce<...>. The options with
/// a parameter name in OptionTable.def: a flag's NAME and no-NAME, the
/// others' NAME=VALUE; and thinlto, run as in a ThinLTO backend.
struct PassParams {
  /// The options set, in the order given, and their values.
  std::vector<std::pair<const OptionInfo *, std::string>> Set;
  bool ThinBackend = false;

  void applyTo(HostOptions &H) const {
    for (const auto &[O, Value] : Set)
      setOption(H, *O, Value);
  }
};

/// The parameters, as the error for an unknown one lists them.
std::string knownParams() {
  std::string List;
  for (const OptionInfo &O : optionTable()) {
    if (O.Param.empty())
      continue;
    std::string Forms = O.Kind == OptionKind::Flag
                            ? O.Param.str() + ", no-" + O.Param.str()
                            : O.Param.str() + "=" + O.Value.upper();
    List += (List.empty() ? "" : ", ") + Forms;
  }
  return List + ", thinlto";
}

/// The parameters in Text (what is between the pass's '<' and '>'); the
/// first bad one is an error naming it and the pass.
Expected<PassParams> parseParams(StringRef Text, StringRef PassName) {
  PassParams P;
  SmallVector<StringRef, 4> Items;
  Text.split(Items, ';', -1, /*KeepEmpty=*/false);
  for (StringRef Item : Items) {
    auto [Key, Value] = Item.split('=');
    bool HasValue = Item.contains('=');
    auto Named = [&](const OptionInfo &O) {
      return Key == O.Param ||
             (O.Kind == OptionKind::Flag && Key.starts_with("no-") &&
              Key.drop_front(3) == O.Param);
    };
    auto Unknown = [&] {
      return createStringError("unknown parameter '" + Item + "' of " +
                               PassName + " (known: " + knownParams() + ")");
    };
    const OptionInfo *Found = nullptr;
    for (const OptionInfo &O : optionTable())
      if (!O.Param.empty() && Named(O))
        Found = &O;
    if (Key == "thinlto" && !HasValue) {
      P.ThinBackend = true;
    } else if (!Found && Key == "thinlto") {
      return createStringError("parameter 'thinlto' of " + PassName +
                               " takes no value");
    } else if (!Found) {
      return Unknown();
    } else if (Found->Kind == OptionKind::Flag) {
      if (HasValue)
        return createStringError("parameter '" + Key + "' of " + PassName +
                                 " takes no value");
      P.Set.push_back({Found, Key.starts_with("no-") ? "false" : "true"});
    } else if (Found->Kind == OptionKind::Text) {
      if (!HasValue || Value.empty())
        return Unknown();
      P.Set.push_back({Found, Value.str()});
    } else {
      unsigned N;
      if (!HasValue || Value.getAsInteger(10, N))
        return createStringError("parameter '" + Key + "' of " + PassName +
                                 " needs a number, as in " + Key + "=50");
      P.Set.push_back({Found, Value.str()});
    }
  }
  return P;
}

/// Shared by the passes one PassBuilder creates: lets the instance added at
/// the LTO extension point stand aside when the pipeline names coalesce
/// explicitly (--lto-newpm-passes=lto<O2>,coalesce<...>), so it runs once.
struct PipelineState {
  bool NamedExplicitly = false;
  /// In a ThinLTO backend: what the cross-module stage did before
  /// optimization, for the report the pipeline's pass gathers at its end.
  std::optional<Report> AcrossModules;
  /// And the run time its merges added, which the pipeline's budget has
  /// spent already.
  double AcrossModulesRunTime = 0;
  /// The plan the host running LTO made for its backends (the GNU plugin's
  /// scan), read-only and shared by every backend; null without one.
  std::shared_ptr<const CrossModulePlan> HostPlan;
};

/// Reports a problem through the host's diagnostic handler.
void diagnose(Module &M, const Twine &Msg, DiagnosticSeverity Severity) {
  M.getContext().diagnose(
      DiagnosticInfoGeneric(Twine("coalesce: ") + Msg, Severity));
}

/// Reports each of E's problems as an error; nothing on success.
void diagnose(Module &M, Error E) {
  handleAllErrors(std::move(E), [&](const ErrorInfoBase &EI) {
    diagnose(M, EI.message(), DS_Error);
  });
}

/// A bad pipeline parameter, reported when the pipeline runs: the parsing
/// callback can only say whether it knows the pass, so the message waits
/// here, as text, to reach the host's diagnostic handler.
struct BadParameterPass : PassInfoMixin<BadParameterPass> {
  std::string Message;

  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    diagnose(M, Message, DS_Error);
    return PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }
};

/// The listing (-coalesce-print-merges) and the report file; an error if
/// the file cannot be written.
Error writeReport(const HostOptions &H, const Report &R) {
  if (H.PrintMerges)
    R.printListing(errs());
  if (H.ReportPath.empty())
    return Error::success();
  return writeReportFile(R, H.ReportPath);
}

/// Reads the cross-module plan at Path.
Expected<CrossModulePlan> readPlan(const std::string &Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Text = MemoryBuffer::getFile(Path);
  if (!Text)
    return createStringError("cannot read the cross-module plan '" + Path +
                             "': " + Text.getError().message());
  std::string Why;
  std::optional<CrossModulePlan> Read =
      CrossModulePlan::fromJSON((*Text)->getBuffer(), Why);
  if (!Read)
    return createStringError("the cross-module plan '" + Path + "': " + Why);
  return std::move(*Read);
}

/// Where a pass instance runs: named in a pipeline (opt, clang), at the
/// end of full LTO, or in a ThinLTO backend.
enum class Host { Named, FullLTO, ThinBackend };

class CoalescePass : public PassInfoMixin<CoalescePass> {
public:
  CoalescePass(Stage S, PassParams Params, Host Where = Host::Named,
               std::shared_ptr<PipelineState> State = nullptr)
      : S(S), Params(std::move(Params)), Where(Where),
        State(std::move(State)) {
    if (this->Params.ThinBackend)
      this->Where = Host::ThinBackend;
  }

  PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM) {
    if (State && State->NamedExplicitly)
      return PreservedAnalyses::all();
    Expected<HostOptions> Options = hostOptions();
    if (!Options) {
      diagnose(M, Options.takeError());
      return PreservedAnalyses::all();
    }
    HostOptions &H = *Options;
    Params.applyTo(H);
    if (State)
      H.Core.RunTimeSpentBefore = State->AcrossModulesRunTime;
    // A ThinLTO backend's module is one of many: the loops that call its
    // functions may be in the others, and its sibling backends keep the
    // cores busy (more threads in each would only cost switching).
    if (Where == Host::ThinBackend) {
      H.Core.Hotness.CalledFromOtherModules = H.Core.ThinLTOBackend = true;
      H.Core.Outlining.Threads = false;
    }

    // Size estimates need the target's code-size costs. Functions with the
    // same target-cpu and target-features share one TargetTransformInfo:
    // asking the analysis manager for each merged function costs more
    // than the merging itself.
    auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
    std::map<std::pair<std::string, std::string>, TargetTransformInfo *> TTIs;
    auto GetTTI = [&FAM, &TTIs](Function &F) -> TargetTransformInfo & {
      auto Key = std::make_pair(
          F.getFnAttribute("target-cpu").getValueAsString().str(),
          F.getFnAttribute("target-features").getValueAsString().str());
      auto [It, New] = TTIs.try_emplace(Key, nullptr);
      if (New)
        It->second = &FAM.getResult<TargetIRAnalysis>(F);
      return *It->second;
    };
    Report R;
    Outcome O;
    std::shared_ptr<const CrossModulePlan> Plan;
    if (S == Stage::AcrossModules) {
      Expected<std::shared_ptr<const CrossModulePlan>> Found = plan(H);
      if (!Found)
        diagnose(M, Found.takeError());
      else
        Plan = std::move(*Found);
      if (!Plan)
        return PreservedAnalyses::all();
    }
    switch (S) {
    case Stage::MergeOnly:
      O = runMergeStage(M, H.Core, R, GetTTI);
      break;
    case Stage::MergeConstantsOnly:
      O = runConstantMergeStage(M, H.Core, R, GetTTI);
      break;
    case Stage::MergeSimilarOnly:
      O = runSimilarMergeStage(M, H.Core, R, GetTTI);
      break;
    case Stage::OutlineOnly:
      O = runOutlineStage(M, H.Core, R, GetTTI);
      break;
    case Stage::Pipeline:
      O = runPipeline(M, H.Core, R, GetTTI);
      break;
    case Stage::AcrossModules: {
      double Spent = 0;
      O = runCrossModuleStage(M, H.Core, *Plan, R, Spent, GetTTI);
      if (State)
        State->AcrossModulesRunTime += Spent;
      break;
    }
    }
    for (const std::string &W : O.Warnings)
      diagnose(M, W, DS_Warning);
    for (const std::string &P : O.Problems)
      diagnose(M, P, DS_Error);
#if !LLVM_ENABLE_STATS
    // -stats: an LLVM built without statistics (Debian's) prints none at
    // exit, but coalesce's counters count anyway; they are printed after
    // each of its runs (in ThinLTO, each backend's: the counts so far).
    if (AreStatisticsEnabled())
      PrintStatistics(errs());
#endif
    // In a backend, the cross-module stage's report waits for the
    // pipeline's, which runs at the end of the backend's optimization.
    if (Where == Host::ThinBackend && State) {
      if (S == Stage::AcrossModules) {
        State->AcrossModules = std::move(R);
        return O.Changed ? PreservedAnalyses::none()
                         : PreservedAnalyses::all();
      }
      if (State->AcrossModules) {
        Report Whole = std::move(*State->AcrossModules);
        State->AcrossModules.reset();
        for (MergeRecord &Rec : Whole.Merges)
          Rec.Stage = "merge-across-modules";
        Whole.append(R);
        Whole.FunctionsAfter = R.FunctionsAfter;
        Whole.BodiesAfter = R.BodiesAfter;
        Whole.SizeBasis = R.SizeBasis;
        R = std::move(Whole);
      }
    }
    // A backend's report is one module's of the link's (LinkReport.h); a
    // full-LTO module's is written now, and is one of the link's too if
    // ThinLTO backends follow.
    if (Where != Host::ThinBackend)
      diagnose(M, writeReport(H, R));
    if (Where != Host::Named)
      diagnose(M, gatherModuleReport(M.getModuleIdentifier(), R, H,
                                     Where == Host::ThinBackend));
    return O.Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
  }

  static bool isRequired() { return true; }

private:
  /// The plan the cross-module stage carries out: the one the host running
  /// LTO made (the GNU plugin's scan), else the file
  /// -coalesce-cross-module-plan= names; null for none.
  Expected<std::shared_ptr<const CrossModulePlan>>
  plan(const HostOptions &H) const {
    if (State && State->HostPlan)
      return State->HostPlan;
    if (H.CrossModulePlanPath.empty()) {
      // A backend without a plan has nothing to do; a pass named in a
      // pipeline was asked for one.
      if (Where != Host::Named)
        return nullptr;
      return createStringError("coalesce-merge-across-modules needs a plan: "
                               "-coalesce-cross-module-plan=FILE");
    }
    Expected<CrossModulePlan> Read = readPlan(H.CrossModulePlanPath);
    if (!Read)
      return Read.takeError();
    return std::make_shared<const CrossModulePlan>(std::move(*Read));
  }

  Stage S;
  PassParams Params;
  Host Where;
  std::shared_ptr<PipelineState> State;
};

void registerCallbacks(PassBuilder &PB) {
  auto State = std::make_shared<PipelineState>();
  // Under the GNU plugin this PassBuilder is one of its LTO run's: the
  // run's plan, if its scan made one, travels with the pipeline's state.
  State->HostPlan = gnu::backendInputs().Plan;

  // A ThinLTO backend, before its module is optimized (its functions still
  // those of the input): its part of a cross-module plan, if it was given
  // one (the GNU plugin's scan, or -coalesce-cross-module-plan=).
  PB.registerPipelineEarlySimplificationEPCallback(
      [State](ModulePassManager &MPM, OptimizationLevel Level,
              ThinOrFullLTOPhase Phase) {
        if (Level != OptimizationLevel::O0 &&
            Phase == ThinOrFullLTOPhase::ThinLTOPostLink)
          MPM.addPass(CoalescePass(Stage::AcrossModules, PassParams(),
                                   Host::ThinBackend, State));
      });

  // Full LTO (ld.lld; the GNU plugin's own LTO): once, on the merged module,
  // before code generation. At --lto-O0 the user asked for no optimization,
  // and gets none: coalesce stands aside.
  PB.registerFullLinkTimeOptimizationLastEPCallback(
      [State](ModulePassManager &MPM, OptimizationLevel Level) {
        if (Level != OptimizationLevel::O0)
          MPM.addPass(CoalescePass(Stage::Pipeline, PassParams(),
                                   Host::FullLTO, State));
      });

  // Without LTO (clang -fpass-plugin), once per translation unit, at the
  // end of the optimization pipeline. With -flto the compile step leaves
  // the work to the link. In a ThinLTO backend, once on its module, after
  // import and optimization (what was imported only to be inlined is gone
  // by now), on as many threads as there are backends.
  PB.registerOptimizerLastEPCallback(
      [State](ModulePassManager &MPM, OptimizationLevel Level,
              ThinOrFullLTOPhase Phase) {
        if (Level == OptimizationLevel::O0)
          return;
        if (Phase == ThinOrFullLTOPhase::None)
          MPM.addPass(CoalescePass(Stage::Pipeline, PassParams(), Host::Named,
                                   State));
        if (Phase == ThinOrFullLTOPhase::ThinLTOPostLink) {
          // Equal private constants (the initializers of two functions'
          // local arrays) are one constant by now in full LTO, but not yet
          // in a ThinLTO backend, and functions that name equal ones would
          // not compare equal: LLVM's constant merging first.
          MPM.addPass(ConstantMergePass());
          MPM.addPass(CoalescePass(Stage::Pipeline, PassParams(),
                                   Host::ThinBackend, State));
        }
      });

  PB.registerPipelineParsingCallback(
      [State](StringRef Name, ModulePassManager &MPM,
              ArrayRef<PassBuilder::PipelineElement>) {
        for (auto [PassName, S] :
             {std::pair{"coalesce-merge", Stage::MergeOnly},
              std::pair{"coalesce-merge-constants",
                        Stage::MergeConstantsOnly},
              std::pair{"coalesce-merge-similar", Stage::MergeSimilarOnly},
              std::pair{"coalesce-outline", Stage::OutlineOnly},
              std::pair{"coalesce-merge-across-modules",
                        Stage::AcrossModules},
              std::pair{"coalesce", Stage::Pipeline}}) {
          if (!PassBuilder::checkParametrizedPassName(Name, PassName))
            continue;
          StringRef Text = Name.drop_front(StringRef(PassName).size());
          Text.consume_front("<");
          Text.consume_back(">");
          State->NamedExplicitly = true;
          Expected<PassParams> Params = parseParams(Text, PassName);
          if (Params)
            MPM.addPass(CoalescePass(S, std::move(*Params)));
          else
            MPM.addPass(BadParameterPass{{}, toString(Params.takeError())});
          return true;
        }
        return false;
      });
}

} // namespace
} // namespace coalesce

extern "C" LLVM_ATTRIBUTE_WEAK __attribute__((visibility("default")))
::llvm::PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  ::llvm::PassPluginLibraryInfo Info{LLVM_PLUGIN_API_VERSION, "coalesce",
                                     "0.1"};
  Info.RegisterPassBuilderCallbacks = coalesce::registerCallbacks;
  return Info;
}
