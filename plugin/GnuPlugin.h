//===- plugin/GnuPlugin.h - The GNU linker plugin's options ---------------===//
//
// What the -plugin-opt= options of ld.gold, ld.bfd and mold set, shared by
// GnuPlugin.cpp (the plugin interface and LTO) and GnuPluginOptions.cpp (the
// parsing).
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_PLUGIN_GNUPLUGIN_H
#define COALESCE_PLUGIN_GNUPLUGIN_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace coalesce {
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

/// Reads one -plugin-opt= value into O. Returns an error message naming the
/// option, or "" if the option is known and well formed.
std::string parsePluginOption(llvm::StringRef Opt, PluginOptions &O);

/// Hands the collected coalesce and LLVM options to their parsers. Returns
/// false, and says why, if one is rejected.
bool applyWordOptions(const PluginOptions &O, std::string &Error);

} // namespace gnu
} // namespace coalesce

#endif
