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

namespace {

// The plugin's own options, one table each by kind: the parser reads them
// and the message for an unknown option lists them (knownOptions).

/// KEY=VALUE: the value must not be empty.
struct TextOption {
  StringRef Key;
  std::string PluginOptions::*Slot;
  const char *Shown;   ///< The value's name in the list of known options.
  const char *Example; ///< A whole option, for the message of an empty one.
};
const TextOption TextOptions[] = {
    {"mcpu=", &PluginOptions::CPU, "CPU", "mcpu=x86-64-v2"},
    {"mtriple=", &PluginOptions::Triple, "TRIPLE",
     "mtriple=x86_64-pc-linux-gnu"},
    {"opt-remarks-filename=", &PluginOptions::RemarksFilename, "FILE",
     "opt-remarks-filename=remarks.yaml"},
    {"opt-remarks-passes=", &PluginOptions::RemarksPasses, "REGEX",
     "opt-remarks-passes=coalesce-merge"},
    {"opt-remarks-format=", &PluginOptions::RemarksFormat, "FORMAT",
     "opt-remarks-format=yaml"},
    {"cache-dir=", &PluginOptions::CacheDir, "DIR",
     "cache-dir=build/lto.cache"},
    {"cache-policy=", &PluginOptions::CachePolicy, "POLICY",
     "cache-policy=cache_size_bytes=1g"},
};

/// The name alone.
struct FlagOption {
  StringRef Name;
  void (*Set)(PluginOptions &);
};
const FlagOption FlagOptions[] = {
    {"save-temps", [](PluginOptions &O) { O.SaveTemps = true; }},
    {"emit-llvm",
     [](PluginOptions &O) { O.Output = PluginOptions::Emit::LLVM; }},
    {"emit-asm", [](PluginOptions &O) { O.Output = PluginOptions::Emit::Asm; }},
    {"opt-remarks-with-hotness",
     [](PluginOptions &O) { O.RemarksWithHotness = true; }},
    {"disable-verify", [](PluginOptions &O) { O.DisableVerify = true; }},
    {"thinlto", [](PluginOptions &O) { O.ThinLTO = true; }},
};

/// -NAME[=BOOL], as the clang driver passes them.
struct BoolOption {
  StringRef Name;
  std::optional<bool> PluginOptions::*Slot;
};
const BoolOption BoolOptions[] = {
    {"-function-sections", &PluginOptions::FunctionSections},
    {"-data-sections", &PluginOptions::DataSections},
};

/// "O0..O3, jobs=N, mcpu=CPU, ...": every option the tables above know.
std::string knownOptions() {
  std::string Known = "O0..O3, jobs=N";
  for (const TextOption &T : TextOptions)
    Known += ", " + T.Key.str() + T.Shown;
  for (const FlagOption &F : FlagOptions)
    Known += ", " + F.Name.str();
  for (const BoolOption &B : BoolOptions)
    Known += ", " + B.Name.str() + "[=BOOL]";
  return Known + ", coalesce-OPTION[=VALUE], -LLVM-OPTION[=VALUE]";
}

} // namespace

Error parsePluginOption(StringRef Opt, PluginOptions &O) {
  const std::string Quoted = "'-plugin-opt=" + Opt.str() + "'";
  auto Fail = [&](const Twine &Why) { return createStringError(Quoted + Why); };

  if (Opt.size() == 2 && Opt[0] == 'O') {
    if (Opt[1] < '0' || Opt[1] > '3')
      return Fail(": the optimization level must be O0, O1, O2 or O3");
    O.OptLevel = Opt[1] - '0';
    return Error::success();
  }
  if (Opt.starts_with("jobs=")) {
    if (Opt.drop_front(5).getAsInteger(10, O.Jobs) || O.Jobs == 0)
      return Fail(" needs a number of at least 1, as in -plugin-opt=jobs=4");
    return Error::success();
  }
  for (const TextOption &T : TextOptions) {
    StringRef Value = Opt;
    if (!Value.consume_front(T.Key))
      continue;
    if (Value.empty())
      return Fail(Twine(" needs a value, as in -plugin-opt=") + T.Example);
    O.*T.Slot = Value.str();
    // LLVM's cache policy syntax, checked now rather than after LTO.
    if (T.Slot == &PluginOptions::CachePolicy)
      if (Error E = checkCachePolicy(O.CachePolicy))
        return Fail(": not a cache policy LLVM reads: " +
                    toString(std::move(E)));
    return Error::success();
  }
  for (const FlagOption &F : FlagOptions)
    if (Opt == F.Name) {
      F.Set(O);
      return Error::success();
    }
  for (const BoolOption &B : BoolOptions) {
    StringRef Rest = Opt;
    if (!Rest.consume_front(B.Name) ||
        (!Rest.empty() && !Rest.starts_with("=")))
      continue;
    Rest.consume_front("=");
    if (Rest.empty() || Rest == "1" || Rest == "true")
      O.*B.Slot = true;
    else if (Rest == "0" || Rest == "false")
      O.*B.Slot = false;
    else
      return Fail(": the value must be true or false");
    return Error::success();
  }
  // coalesce's own options, with or without the leading '-', are checked
  // together in applyWordOptions, each with its own message.
  if (Opt.ltrim('-').starts_with("coalesce-")) {
    O.CoalesceWords.push_back(Opt.str());
    return Error::success();
  }
  if (Opt.starts_with("-") && Opt.size() > 1) {
    O.LLVMWords.push_back(Opt.str());
    return Error::success();
  }
  return createStringError("unknown option " + Quoted + " (known: " +
                           knownOptions() + ")");
}

Error applyWordOptions(const PluginOptions &O) {
  if (Error E = parseOptionWords(O.CoalesceWords, "-plugin-opt"))
    return E;
  if (O.LLVMWords.empty())
    return Error::success();
  // LLVM options, as LLVMgold.so takes them. cl's own message names the
  // option; it is passed on whole.
  std::vector<const char *> Argv{"-plugin-opt"};
  for (const std::string &W : O.LLVMWords)
    Argv.push_back(W.c_str());
  std::string Msg;
  raw_string_ostream OS(Msg);
  if (cl::ParseCommandLineOptions(int(Argv.size()), Argv.data(), "", &OS))
    return Error::success();
  // "-plugin-opt: Unknown command line argument '-x'.  Try: ..."
  StringRef First = StringRef(Msg).trim().split('\n').first;
  First.consume_front("-plugin-opt: ");
  First = First.split(".  Try:").first;
  return createStringError(
      "-plugin-opt: not a coalesce option, and LLVM rejects it: " + First);
}

} // namespace gnu
} // namespace coalesce
