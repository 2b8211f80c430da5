//===- plugin/GnuPluginOptions.cpp - -plugin-opt= for the GNU linkers -----===//
//
// The options ld.gold, ld.bfd and mold pass to the plugin, one -plugin-opt=
// value each. The names follow LLVMgold.so where it has the option, so a link
// line written for it keeps working; coalesce's own options keep their names
// (coalesce-print-merges, coalesce-report=FILE, ...). Anything else is an
// error naming the option: a misspelt option must not be ignored.
//
//===----------------------------------------------------------------------===//

#include "plugin/GnuPlugin.h"
#include "plugin/Options.h"
#include "plugin/ThinCache.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace llvm;

namespace coalesce {
namespace gnu {

static const char KnownList[] =
    "known: O0..O3, mcpu=CPU, mtriple=TRIPLE, jobs=N, save-temps, emit-llvm, "
    "emit-asm, opt-remarks-filename=FILE, opt-remarks-passes=REGEX, "
    "opt-remarks-format=FORMAT, opt-remarks-with-hotness, disable-verify, "
    "thinlto, cache-dir=DIR, cache-policy=POLICY, -function-sections[=BOOL], "
    "-data-sections[=BOOL], "
    "coalesce-OPTION[=VALUE], -LLVM-OPTION[=VALUE]";

std::string parsePluginOption(StringRef Opt, PluginOptions &O) {
  const std::string Quoted = "'-plugin-opt=" + Opt.str() + "'";
  // KEY=VALUE options: the value must not be empty.
  auto Text = [&](StringRef Key, std::string &Slot,
                  const char *Example) -> std::optional<std::string> {
    StringRef Value = Opt;
    if (!Value.consume_front(Key))
      return std::nullopt;
    if (Value.empty())
      return Quoted + " needs a value, as in -plugin-opt=" + Example;
    Slot = Value.str();
    return std::string();
  };
  // Flags: the name alone.
  auto Flag = [&](StringRef Name, auto &Slot, auto Value) {
    if (Opt != Name)
      return false;
    Slot = Value;
    return true;
  };

  if (Opt.size() == 2 && Opt[0] == 'O') {
    if (Opt[1] < '0' || Opt[1] > '3')
      return Quoted + ": the optimization level must be O0, O1, O2 or O3";
    O.OptLevel = Opt[1] - '0';
    return "";
  }
  if (Opt.starts_with("jobs=")) {
    if (Opt.drop_front(5).getAsInteger(10, O.Jobs) || O.Jobs == 0)
      return Quoted + " needs a number of at least 1, as in -plugin-opt=jobs=4";
    return "";
  }
  for (auto Result : {Text("mcpu=", O.CPU, "mcpu=x86-64-v2"),
                      Text("mtriple=", O.Triple, "mtriple=x86_64-pc-linux-gnu"),
                      Text("opt-remarks-filename=", O.RemarksFilename,
                           "opt-remarks-filename=remarks.yaml"),
                      Text("opt-remarks-passes=", O.RemarksPasses,
                           "opt-remarks-passes=coalesce-merge"),
                      Text("opt-remarks-format=", O.RemarksFormat,
                           "opt-remarks-format=yaml"),
                      Text("cache-dir=", O.CacheDir, "cache-dir=build/lto.cache"),
                      Text("cache-policy=", O.CachePolicy,
                           "cache-policy=cache_size_bytes=1g")})
    if (Result) {
      // LLVM's cache policy syntax, checked now rather than after LTO.
      if (Result->empty() && Opt.starts_with("cache-policy="))
        if (std::string Why = checkCachePolicy(O.CachePolicy); !Why.empty())
          return Quoted + ": not a cache policy LLVM reads: " + Why;
      return *Result;
    }
  if (Flag("save-temps", O.SaveTemps, true) ||
      Flag("emit-llvm", O.Output, PluginOptions::Emit::LLVM) ||
      Flag("emit-asm", O.Output, PluginOptions::Emit::Asm) ||
      Flag("opt-remarks-with-hotness", O.RemarksWithHotness, true) ||
      Flag("disable-verify", O.DisableVerify, true) ||
      Flag("thinlto", O.ThinLTO, true))
    return "";
  for (auto [Name, Slot] :
       {std::pair{"-function-sections", &O.FunctionSections},
        std::pair{"-data-sections", &O.DataSections}}) {
    StringRef Rest = Opt;
    if (!Rest.consume_front(Name) || (!Rest.empty() && !Rest.starts_with("=")))
      continue;
    Rest.consume_front("=");
    if (Rest.empty() || Rest == "1" || Rest == "true")
      *Slot = true;
    else if (Rest == "0" || Rest == "false")
      *Slot = false;
    else
      return Quoted + ": the value must be true or false";
    return "";
  }
  // coalesce's own options, with or without the leading '-', are checked
  // together in applyWordOptions, each with its own message.
  if (Opt.ltrim('-').starts_with("coalesce-")) {
    O.CoalesceWords.push_back(Opt.str());
    return "";
  }
  if (Opt.starts_with("-") && Opt.size() > 1) {
    O.LLVMWords.push_back(Opt.str());
    return "";
  }
  return "unknown option " + Quoted + " (" + KnownList + ")";
}

bool applyWordOptions(const PluginOptions &O, std::string &Error) {
  if (!parseOptionWords(O.CoalesceWords, "-plugin-opt", Error))
    return false;
  if (O.LLVMWords.empty())
    return true;
  // LLVM options, as LLVMgold.so takes them. cl's own message names the
  // option; it is passed on whole.
  std::vector<const char *> Argv{"-plugin-opt"};
  for (const std::string &W : O.LLVMWords)
    Argv.push_back(W.c_str());
  std::string Msg;
  raw_string_ostream OS(Msg);
  if (!cl::ParseCommandLineOptions(int(Argv.size()), Argv.data(), "", &OS)) {
    // "-plugin-opt: Unknown command line argument '-x'.  Try: ..."
    StringRef First = StringRef(Msg).trim().split('\n').first;
    First.consume_front("-plugin-opt: ");
    First = First.split(".  Try:").first;
    Error = "-plugin-opt: not a coalesce option, and LLVM rejects it: " +
            First.str();
    return false;
  }
  return true;
}

} // namespace gnu
} // namespace coalesce
