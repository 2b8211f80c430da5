//===- plugin/GnuPlugin.h - The GNU linker plugin's options ---------------===//
//
// What the -plugin-opt= options of ld.gold, ld.bfd and mold set, shared by
// GnuPlugin.cpp (the plugin interface and LTO) and GnuPluginOptions.cpp (the
// parsing); and what the plugin's LTO run hands the passes of its backends
// (PassPlugin.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_PLUGIN_GNUPLUGIN_H
#define COALESCE_PLUGIN_GNUPLUGIN_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace coalesce {
struct CrossModulePlan;

namespace gnu {

struct PluginOptions {
  /// -plugin-opt=O0..O3: optimization and code generation level.
  unsigned OptLevel = 2;
  /// mcpu=, mtriple=: empty means what the bitcode says.
  std::string CPU, Triple;
  /// jobs=N: code generation partitions of the merged module, and threads
  /// for ThinLTO backends.
  unsigned Jobs = 1;
  /// save-temps: keep the merged and the optimized module (bitcode), the
  /// resolutions and the generated objects, named after the output.
  bool SaveTemps = false;
  /// emit-llvm / emit-asm: write the optimized module, as bitcode or as
  /// assembly, to the output file instead of linking.
  enum class Emit { Object, LLVM, Asm } Output = Emit::Object;
  /// opt-remarks-*: optimization remarks written to a file.
  std::string RemarksFilename, RemarksPasses, RemarksFormat;
  bool RemarksWithHotness = false;
  /// disable-verify: skip the IR verifier on the merged module.
  bool DisableVerify = false;
  /// -function-sections[=BOOL], -data-sections[=BOOL]: what the clang driver
  /// passes for -ffunction-sections and -fdata-sections when -flto is on the
  /// link line (mold then gives this plugin LLVMgold.so's options). Default:
  /// a section per function and per variable, except for -r.
  std::optional<bool> FunctionSections, DataSections;
  /// thinlto: accepted for compatibility with LLVMgold.so. ThinLTO inputs are
  /// recognized from their bitcode and always compiled in process.
  bool ThinLTO = false;
  /// cache-dir=: the ThinLTO cache (ThinCache.h); cache-policy=: how it is
  /// pruned after the link (LLVM's cache policy syntax).
  std::string CacheDir, CachePolicy;
  /// coalesce-*: coalesce's own options, parsed like COALESCE_OPTIONS.
  std::vector<std::string> CoalesceWords;
  /// -NAME[=VALUE]: an LLVM command-line option, as with LLVMgold.so.
  std::vector<std::string> LLVMWords;
};

/// Reads one -plugin-opt= value into O. An unknown or malformed option is
/// an error naming it.
llvm::Error parsePluginOption(llvm::StringRef Opt, PluginOptions &O);

/// Hands the collected coalesce and LLVM options to their parsers: an
/// error naming the first one they reject.
llvm::Error applyWordOptions(const PluginOptions &O);

/// What the GNU plugin's LTO run hands the passes of its ThinLTO backends,
/// besides the options. The backends load this same .so as a pass plugin
/// (lto::Config::PassPlugins, a path: LLVM 22's lto::Config has no other
/// way in), so their registration (PassPlugin.cpp) gets nothing but a
/// PassBuilder and reads these from the plugin's state.
struct BackendInputs {
  /// The cross-module plan of the plugin's own scan; null without one (a
  /// plan the user gave is -coalesce-cross-module-plan=, read as in any
  /// host).
  std::shared_ptr<const CrossModulePlan> Plan;
};

/// The inputs of the GNU plugin's LTO run in progress: set before LTO
/// starts its backends and left alone until they are all done, so that
/// backends on any number of threads only read them. Empty when no run is
/// in progress (any other host: ld.lld, opt, clang).
const BackendInputs &backendInputs();

} // namespace gnu
} // namespace coalesce

#endif
