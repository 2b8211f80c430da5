//===- plugin/PassPlugin.cpp - coalesce as an LLVM pass plugin -------------===//
//
// Registers the passes with any host that loads pass plugins:
//   opt -load-pass-plugin=coalesce.so -passes=coalesce-merge
//   opt -load-pass-plugin=coalesce.so -passes=coalesce
// The passes hold no algorithm: they read the options, call core/, and
// hand the report and any problem back to the host.
//
//===----------------------------------------------------------------------===//

#include "plugin/Options.h"

#include "core/Pipeline.h"

#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace coalesce {
namespace {

enum class Stage { MergeOnly, Pipeline };

/// Reports a problem through the host's diagnostic handler as an error.
void emitError(Module &M, const Twine &Msg) {
  M.getContext().diagnose(
      DiagnosticInfoGeneric(Twine("coalesce: ") + Msg, DS_Error));
}

void writeReport(Module &M, const HostOptions &H, const Report &R) {
  if (H.PrintMerges)
    R.printListing(errs());
  if (H.ReportPath.empty())
    return;
  std::error_code EC;
  ToolOutputFile Out(H.ReportPath, EC, sys::fs::OF_Text);
  if (EC) {
    emitError(M, "cannot write report '" + H.ReportPath +
                     "': " + EC.message());
    return;
  }
  Out.os() << formatv("{0:2}", R.toJSON()) << "\n";
  Out.keep();
}

class CoalescePass : public PassInfoMixin<CoalescePass> {
public:
  explicit CoalescePass(Stage S) : S(S) {}

  PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM) {
    HostOptions H;
    std::string Error;
    if (!hostOptions(H, Error)) {
      emitError(M, Error);
      return PreservedAnalyses::all();
    }
    auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
    auto GetTTI = [&FAM](Function &F) -> TargetTransformInfo & {
      return FAM.getResult<TargetIRAnalysis>(F);
    };
    Report R;
    Outcome O = S == Stage::MergeOnly ? runMergeStage(M, H.Core, R, GetTTI)
                                      : runPipeline(M, H.Core, R, GetTTI);
    for (const std::string &P : O.Problems)
      emitError(M, P);
    writeReport(M, H, R);
    return O.Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
  }

  static bool isRequired() { return true; }

private:
  Stage S;
};

void registerCallbacks(PassBuilder &PB) {
  // ld.lld (and any full-LTO host): once, on the merged module, before
  // code generation.
  PB.registerFullLinkTimeOptimizationLastEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(CoalescePass(Stage::Pipeline));
      });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "coalesce-merge") {
          MPM.addPass(CoalescePass(Stage::MergeOnly));
          return true;
        }
        if (Name == "coalesce") {
          MPM.addPass(CoalescePass(Stage::Pipeline));
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
