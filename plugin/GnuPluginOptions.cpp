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
  // KEY=VALUE options: the value must not be empty.
  const struct {
    StringRef Key;
    std::string *Slot;
    const char *Example;
  } Texts[] = {
      {"mcpu=", &O.CPU, "mcpu=x86-64-v2"},
      {"mtriple=", &O.Triple, "mtriple=x86_64-pc-linux-gnu"},
      {"opt-remarks-filename=", &O.RemarksFilename,
       "opt-remarks-filename=remarks.yaml"},
      {"opt-remarks-passes=", &O.RemarksPasses,
       "opt-remarks-passes=coalesce-merge"},
      {"opt-remarks-format=", &O.RemarksFormat, "opt-remarks-format=yaml"},
      {"cache-dir=", &O.CacheDir, "cache-dir=build/lto.cache"},
      {"cache-policy=", &O.CachePolicy, "cache-policy=cache_size_bytes=1g"}};
  for (const auto &T : Texts) {
    StringRef Value = Opt;
    if (!Value.consume_front(T.Key))
      continue;
    if (Value.empty())
      return Fail(Twine(" needs a value, as in -plugin-opt=") + T.Example);
    *T.Slot = Value.str();
    // LLVM's cache policy syntax, checked now rather than after LTO.
    if (T.Slot == &O.CachePolicy)
      if (Error E = checkCachePolicy(O.CachePolicy))
        return Fail(": not a cache policy LLVM reads: " +
                    toString(std::move(E)));
    return Error::success();
  }
  // Flags: the name alone.
  auto Flag = [&](StringRef Name, auto &Slot, auto Value) {
    if (Opt != Name)
      return false;
    Slot = Value;
    return true;
  };
  if (Flag("save-temps", O.SaveTemps, true) ||
      Flag("emit-llvm", O.Output, PluginOptions::Emit::LLVM) ||
      Flag("emit-asm", O.Output, PluginOptions::Emit::Asm) ||
      Flag("opt-remarks-with-hotness", O.RemarksWithHotness, true) ||
      Flag("disable-verify", O.DisableVerify, true) ||
      Flag("thinlto", O.ThinLTO, true))
    return Error::success();
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
  return createStringError("unknown option " + Quoted + " (" + KnownList +
                           ")");
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
