//===- tools/coalesce-backend/CoalesceBackend.cpp - A ThinLTO backend ----===//
//
// In distributed ThinLTO the link is cut in three. The thin link reads
// every module's summary and writes, per module, an index shard
// (`X.o.thinlto.bc`: what the module imports from which other modules, what
// stays live, what becomes internal). Then each module is compiled on its
// own, as a separate process, possibly on another machine: its backend.
// Finally the native objects are linked. Bazel runs the backends as actions
// of their own (ld.lld --thinlto-index-only); ld.lld 22's DTLTO hands them
// to a distributor program (--thinlto-distributor=), which runs them as it
// likes. Either way, each backend is a compiler command line:
//
//     clang -c -x ir X.o -fthinlto-index=X.o.thinlto.bc -o X.native.o -O2 ...
//
// coalesce runs in a ThinLTO backend, on its module after import and
// optimization (plugin/PassPlugin.cpp: the OptimizerLast extension point
// in the ThinLTOPostLink phase). In process, ld.lld --load-pass-plugin gives
// the plugin to the LTO configuration that runs the backends. clang's
// backend does not: it builds an lto::Config of its own with no pass
// plugins, so `-fpass-plugin=coalesce.so` is loaded and never run there;
// and ld.lld forwards neither --load-pass-plugin nor -mllvm to DTLTO jobs.
// This tool is that backend, with the plugin.
//
// The steps:
//
//  1. The command line is read the way clang reads a backend's (-c, -x ir,
//     the input, -fthinlto-index=, -o, -O<n>, --target, -march/-mcpu/
//     -mtune, -fpic and kin, -f[no-]function-sections, -f[no-]data-sections,
//     -f[no-]addrsig, -g variants, -fprofile-sample-use=, -mllvm), including
//     every word ld.lld's DTLTO sends (a `common` part: -c --target=T -O<n>
//     -faddrsig -ffunction-sections -fdata-sections -fpic
//     -Wno-unused-command-line-argument, and what --thinlto-remote-compiler-
//     arg= adds; then per job: the input, -fthinlto-index=, -o). Anything
//     else is an error that names the word: a backend that quietly ignored
//     an option could write an object other than the one asked for.
//  2. coalesce.so is loaded (--coalesce-plugin=PATH; by default from beside
//     the tool: ../lib/coalesce.so in the build tree, ../lib/coalesce/
//     coalesce.so where it is installed). Loading it registers its options,
//     so the -mllvm words are parsed after it, once, all together, as clang
//     parses them after its -fpass-plugin: `-mllvm -coalesce-print-merges`
//     sets the plugin's own option, and a bad word is an error before any
//     input is read. COALESCE_OPTIONS, the plugin's environment channel,
//     works as everywhere; the plugin reads it when the pass first runs, so
//     where both set one option, the environment's value is the one used.
//  3. The input and the index are read. LLVM's bitcode reader trusts what
//     it reads, and a damaged file can crash it: the reading runs under a
//     crash recovery context, and a crash there is an error naming the file.
//     A module the reader takes but the IR verifier does not is an error
//     too, said before optimization would crash on it. Three cases follow,
//     as in clang:
//       - an input with no ThinLTO module (a full-LTO module: ld.lld
//         compiles its code into the link's own object, --lto-obj-path=,
//         and writes it an empty shard), or an index that says to skip the
//         module (ld.lld writes those for library members the link did not
//         take, --start-lib): an object with nothing in it, for the target;
//       - an empty index for a ThinLTO module, clang's way of saying
//         "compile it on its own": the per-module pipeline at -O<n>, as
//         `clang -c` runs it, and coalesce in it as under clang
//         -fpass-plugin;
//       - otherwise the ThinLTO backend proper. The index must be one the
//         thin link wrote (a module's own summary is not: it has no
//         liveness) and this module's shard (it names the module and holds
//         every summary of it; the shard of a module that imports from it
//         names it too, but holds only what was imported). The module is
//         named as the index names it (a path given relative or absolute:
//         the same file), its import list is what the shard lists, and
//         lto::thinBackend promotes, internalizes, imports (reading the
//         other modules from the paths the index records), optimizes and
//         generates code, with the plugin in lto::Config::PassPlugins.
//     The options of the lto::Config are ld.lld's (LLVM's code generation
//     flags as ld.lld initializes them) where the command line says what
//     ld.lld does in process, so that the object is byte for byte the one
//     ld.lld compiles with --load-pass-plugin; what the command line says
//     (-O<n>, -f[no-]function-sections, -fpic, ...) is taken as clang
//     takes it, so that with clang's options the object is clang's own
//     wherever coalesce changes nothing. (Both are checked by the tests.)
//  4. The object is built in memory and written only when everything
//     succeeded, through a temporary file renamed over the output: on any
//     error (an LLVM diagnostic of error severity included, which is how
//     coalesce reports a problem) the tool exits 1 and the output path is
//     left as it was.
//
// coalesce's report of a backend is the report of a link of one module
// (plugin/LinkReport.h): it is written when the tool shuts LLVM down, as
// under ld.lld. Usage: coalesce-backend --help; the flows, as commands, in
// test/thinlto-distributed/.
//
//===----------------------------------------------------------------------===//

#include "ScanAction.h"
#include "plugin/ReportFile.h"
#include "plugin/Survive.h"

#include "core/report/Report.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/CodeGen/CommandFlags.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ModuleSummaryIndex.h"
#include "llvm/IR/Verifier.h"
#include "llvm/LTO/Config.h"
#include "llvm/LTO/LTOBackend.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Object/Binary.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/Transforms/IPO/FunctionImport.h"

#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

using namespace llvm;
using coalesce::AfterwardsHandlers;
using coalesce::survives;

// LLVM's code generation flags, as ld.lld registers them: the defaults of
// TargetOptions come from them (codegen::InitTargetOptionsFromCodeGenFlags),
// and -mllvm reaches them as ld.lld's -mllvm does.
static codegen::RegisterCodeGenFlags CodeGenFlags;

namespace {

constexpr const char *Tool = "coalesce-backend";

//===----------------------------------------------------------------------===//
// Step 1: the command line.
//===----------------------------------------------------------------------===//

/// What the command line asks for. Optional fields left empty mean "as
/// clang decides by default" (decided once the target is known).
struct Request {
  std::string Input;
  std::string Index;
  bool HasIndexOption = false;
  std::string Output;
  /// -O<n>: the level of optimization (0 to 3; -Os and -Oz are 2, and
  /// remembered, as clang remembers them, for the vectorizers).
  unsigned OptLevel = 0;
  char SizeLevel = 0; ///< 's' for -Os, 'z' for -Oz.
  std::string Target;
  std::string March, Mcpu; ///< Resolved by architecture: resolveCPU().
  std::optional<bool> PIC;
  std::optional<bool> FunctionSections, DataSections, Addrsig;
  std::optional<DebuggerKind> DebuggerTuning;
  std::optional<bool> Dwarf64;
  std::optional<DebugCompressionType> CompressDebug;
  std::string SampleProfile;
  std::vector<std::string> MllvmWords;
  std::string PluginPath;
  bool Help = false;
  bool WarnOverrideTriple = true;
};

void printUsage(raw_ostream &OS) {
  OS << "OVERVIEW: coalesce's ThinLTO backend for distributed ThinLTO: "
        "compiles one module\n"
        "  with the index shard of a thin link, with coalesce.so in its "
        "optimization\n\n"
        "USAGE: coalesce-backend -c -x ir IN.o -fthinlto-index=IN.o.thinlto.bc "
        "-o OUT.o [options]\n\n"
        "OPTIONS (as clang's):\n"
        "  -O0 -O1 -O2 -O3 -Os -Oz -O -Og   optimization level (default -O0, "
        "as clang; coalesce stands aside at -O0)\n"
        "  --target=T, -target T            target triple (default: the "
        "module's)\n"
        "  -march=CPU (x86), -mcpu=CPU (others), -mtune=CPU\n"
        "  -fpic -fPIC -fpie -fPIE -fno-pic -fno-PIC -fno-pie -fno-PIE\n"
        "  -f[no-]function-sections -f[no-]data-sections -f[no-]addrsig\n"
        "  -g -g0..3 -ggdb -glldb -gsce -gdbx -gdwarf[-N] -gdwarf32 "
        "-gdwarf64 -gline-tables-only -gz[=zlib|zstd|none] ...\n"
        "  -fprofile-sample-use=FILE        sample profile\n"
        "  -mllvm OPTION                    an LLVM or coalesce option "
        "(-mllvm -coalesce-print-merges)\n"
        "  -c, -x ir, -W..., -w             accepted (this tool only "
        "compiles bitcode)\n"
        "OPTIONS (its own):\n"
        "  --coalesce-plugin=PATH           coalesce.so (default: "
        "../lib/coalesce.so or ../lib/coalesce/coalesce.so from the tool)\n"
        "  --help                           this text\n"
        "Environment: COALESCE_OPTIONS, coalesce's options as under ld.lld.\n"
        "Reports: {output} in -coalesce-report= stands for OUT.o (one report "
        "per backend);\n"
        "  coalesce-backend --merge-reports -o LINK.json OUT1.o.json ... puts "
        "them together\n"
        "  as ld.lld does in process.\n"
        "Merging across modules: coalesce-backend --scan -o PLAN.json [-j N] "
        "[-v] [--icf] [-coalesce-OPTION...] INPUT... reads\n"
        "  every module of the link (named as the link names them) and plans "
        "which functions\n"
        "  equal up to constants share a body; each backend takes the plan "
        "as\n"
        "  -mllvm -coalesce-cross-module-plan=PLAN.json. The scan reads "
        "coalesce's options\n"
        "  as the backends do (COALESCE_OPTIONS, then its arguments).\n";
}

/// The -g forms that only the compile step acts on (the bitcode carries
/// the debug information it asked for, and its DWARF version): accepted
/// and ignored, as clang ignores them when it compiles bitcode. Each also
/// as -gno-NAME.
bool isFrontEndDebugOption(StringRef A) {
  if (!A.consume_front("-g"))
    return false;
  A.consume_front("no-");
  // clang-format off
  static const char *const Names[] = {
      "", "0", "1", "2", "3", "mlt", "line-tables-only",
      "line-directives-only", "column-info", "dwarf", "dwarf-2", "dwarf-3",
      "dwarf-4", "dwarf-5", "strict-dwarf", "split-dwarf", "dwarf-aranges",
      "pubnames", "gnu-pubnames", "full", "used", "embed-source",
      "simple-template-names", "inline-line-tables"};
  // clang-format on
  return is_contained(Names, A);
}

/// Reads a backend's command line (without argv[0]) into a Request, a
/// group of flags at a time, the groups in the order below (clang's words
/// are told apart in it: -x... before the rest, the -g forms that code
/// generation acts on before those it ignores, -Wl, before -W...). A
/// group's reader says whether the word is one of its flags, which it
/// then takes, or why it cannot be taken; a word no group takes is the
/// input, unless it looks like an option.
class CommandLineReader {
public:
  explicit CommandLineReader(ArrayRef<const char *> Args) : Args(Args) {}
  Expected<Request> read();

private:
  Expected<bool> readJob(StringRef A);
  Expected<bool> readOptimizationAndTarget(StringRef A);
  Expected<bool> readCodeGeneration(StringRef A);
  Expected<bool> readDebugInformation(StringRef A);
  Expected<bool> readOthers(StringRef A);
  Error readValue(StringRef Opt, std::string &Out);
  Error checkComplete();

  ArrayRef<const char *> Args;
  size_t I = 0; ///< The word being read; a flag's value moves it on.
  Request R;
  std::vector<std::string> Inputs;
};

Expected<Request> CommandLineReader::read() {
  using Group = Expected<bool> (CommandLineReader::*)(StringRef);
  static constexpr Group Groups[] = {
      &CommandLineReader::readJob,
      &CommandLineReader::readOptimizationAndTarget,
      &CommandLineReader::readCodeGeneration,
      &CommandLineReader::readDebugInformation, &CommandLineReader::readOthers};
  for (I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    bool Taken = false;
    for (Group G : Groups) {
      Expected<bool> T = (this->*G)(A);
      if (!T)
        return T.takeError();
      if ((Taken = *T))
        break;
    }
    if (Taken)
      continue;
    if (A.starts_with("-") && A != "-")
      return createStringError("unknown option '" + A +
                         "' (coalesce-backend --help lists the options it "
                         "takes)");
    Inputs.push_back(A.str());
  }
  // --help asks for nothing else.
  if (!R.Help)
    if (Error E = checkComplete())
      return E;
  return std::move(R);
}

/// The value of Opt given as the next word (-o FILE).
Error CommandLineReader::readValue(StringRef Opt, std::string &Out) {
  if (I + 1 >= Args.size())
    return createStringError("'" + Opt + "' needs a value");
  Out = Args[++I];
  return Error::success();
}

/// What the job is: -c, the language (IR only), the index and the output.
Expected<bool> CommandLineReader::readJob(StringRef A) {
  if (A == "-c")
    return true;
  if (A.starts_with("-x")) {
    std::string Language;
    if (A != "-x")
      Language = A.drop_front(2).str();
    else if (Error E = readValue(A, Language))
      return E;
    if (Language != "ir")
      return createStringError("'-x " + Language +
                         "': coalesce-backend compiles LLVM bitcode only "
                         "(-x ir)");
    return true;
  }
  if (A == "-o") {
    if (Error E = readValue(A, R.Output))
      return E;
    return true;
  }
  if (A.consume_front("-fthinlto-index=")) {
    R.Index = A.str();
    R.HasIndexOption = true;
    return true;
  }
  return false;
}

/// -O<n> (-Os and -Oz: -O2 that remembers, -O and -Og: -O1, as in clang),
/// the target and its CPU.
Expected<bool> CommandLineReader::readOptimizationAndTarget(StringRef A) {
  if (A.size() <= 3 && A.starts_with("-O")) {
    StringRef L = A.drop_front(2);
    if (L == "0" || L == "1" || L == "2" || L == "3") {
      R.OptLevel = L[0] - '0';
      R.SizeLevel = 0;
      return true;
    }
    if (L == "s" || L == "z") {
      R.OptLevel = 2;
      R.SizeLevel = L[0];
      return true;
    }
    if (L == "" || L == "g") {
      R.OptLevel = 1;
      R.SizeLevel = 0;
      return true;
    }
  }
  if (A.consume_front("--target=")) {
    R.Target = A.str();
    return true;
  }
  if (A == "-target" || A == "--target") {
    if (Error E = readValue(A, R.Target))
      return E;
    return true;
  }
  if (A.consume_front("-march=")) {
    R.March = A.str();
    return true;
  }
  if (A.consume_front("-mcpu=")) {
    R.Mcpu = A.str();
    return true;
  }
  // -mtune: the bitcode's functions carry the "tune-cpu" the compile step
  // chose, which is what code generation reads.
  return A.starts_with("-mtune=");
}

/// Position independence, sections, address-significance tables, the
/// sample profile, and the -mllvm words (kept for step 2).
Expected<bool> CommandLineReader::readCodeGeneration(StringRef A) {
  if (is_contained({"-fpic", "-fPIC", "-fpie", "-fPIE"}, A)) {
    R.PIC = true;
    return true;
  }
  if (is_contained({"-fno-pic", "-fno-PIC", "-fno-pie", "-fno-PIE"}, A)) {
    R.PIC = false;
    return true;
  }
  if (A == "-ffunction-sections" || A == "-fno-function-sections") {
    R.FunctionSections = A == "-ffunction-sections";
    return true;
  }
  if (A == "-fdata-sections" || A == "-fno-data-sections") {
    R.DataSections = A == "-fdata-sections";
    return true;
  }
  if (A == "-faddrsig" || A == "-fno-addrsig") {
    R.Addrsig = A == "-faddrsig";
    return true;
  }
  if (A.consume_front("-fprofile-sample-use=")) {
    R.SampleProfile = A.str();
    return true;
  }
  if (A == "-mllvm") {
    std::string Word;
    if (Error E = readValue(A, Word))
      return E;
    R.MllvmWords.push_back(std::move(Word));
    return true;
  }
  if (A.consume_front("-mllvm=")) {
    R.MllvmWords.push_back(A.str());
    return true;
  }
  return false;
}

/// Debug information: what code generation decides, taken; the rest,
/// decided when the bitcode was written, accepted.
Expected<bool> CommandLineReader::readDebugInformation(StringRef A) {
  if (is_contained({"-ggdb", "-ggdb0", "-ggdb1", "-ggdb2", "-ggdb3"}, A)) {
    R.DebuggerTuning = DebuggerKind::GDB;
    return true;
  }
  if (A == "-glldb" || A == "-gsce" || A == "-gdbx") {
    R.DebuggerTuning = A == "-glldb"  ? DebuggerKind::LLDB
                       : A == "-gsce" ? DebuggerKind::SCE
                                      : DebuggerKind::DBX;
    return true;
  }
  if (A == "-gdwarf32" || A == "-gdwarf64") {
    R.Dwarf64 = A == "-gdwarf64";
    return true;
  }
  if (A == "-gz" || A.starts_with("-gz=")) {
    StringRef Kind = A == "-gz" ? "zlib" : A.drop_front(4);
    if (Kind == "zlib")
      R.CompressDebug = DebugCompressionType::Zlib;
    else if (Kind == "zstd")
      R.CompressDebug = DebugCompressionType::Zstd;
    else if (Kind == "none")
      R.CompressDebug = DebugCompressionType::None;
    else
      return createStringError("'" + A + "': the compression is zlib, zstd or none");
    return true;
  }
  if (A == "-gsplit-dwarf" || A.starts_with("-gsplit-dwarf="))
    return createStringError("'" + A +
                       "' is not supported: coalesce-backend writes no .dwo "
                       "file; without it the debug information stays in the "
                       "object");
  return isFrontEndDebugOption(A);
}

/// Options for the other programs a compiler runs (refused: a backend runs
/// none), warning flags, and the tool's own flags.
Expected<bool> CommandLineReader::readOthers(StringRef A) {
  if (A.starts_with("-Wl,") || A.starts_with("-Wa,") || A.starts_with("-Wp,"))
    return createStringError("'" + A +
                       "' passes options to another program (the linker, the "
                       "assembler, the preprocessor); a ThinLTO backend runs "
                       "none");
  // Warning options: the backend reports through LLVM's diagnostics,
  // which clang's warning flags do not govern (except the one below).
  if (A == "-Wno-override-module") {
    R.WarnOverrideTriple = false;
    return true;
  }
  if ((A.starts_with("-W") && A.size() > 2) || A == "-w")
    return true;
  if (A.consume_front("--coalesce-plugin=")) {
    R.PluginPath = A.str();
    return true;
  }
  if (A == "--help" || A == "-help" || A == "-h") {
    R.Help = true;
    return true;
  }
  return false;
}

/// What every backend needs: one input, the index and the output.
Error CommandLineReader::checkComplete() {
  if (Inputs.empty())
    return createStringError("no input file (the module's bitcode, as in "
                       "'-c -x ir X.o -fthinlto-index=X.o.thinlto.bc -o "
                       "X.native.o')");
  if (Inputs.size() != 1)
    return createStringError("one input file at a time, got " +
                       std::to_string(Inputs.size()) + ": " +
                       join(Inputs, ", "));
  R.Input = Inputs.front();
  if (!R.HasIndexOption)
    return createStringError("no -fthinlto-index=FILE: coalesce-backend is a "
                       "ThinLTO backend and compiles a module with the index "
                       "shard the thin link wrote");
  if (R.Index.empty())
    return createStringError("-fthinlto-index= names no file");
  if (R.Output.empty())
    return createStringError("no output file (-o FILE)");
  return Error::success();
}

/// Step 1: the words after argv[0] as a Request, or why one of them, or
/// what is missing, makes no backend.
Expected<Request> parseCommandLine(ArrayRef<const char *> Args) {
  return CommandLineReader(Args).read();
}

//===----------------------------------------------------------------------===//
// Step 2: the plugin, and the -mllvm words.
//===----------------------------------------------------------------------===//

/// Finds coalesce.so: the one given, or the one installed beside the tool.
Error findPlugin(const char *Argv0, Request &R) {
  if (!R.PluginPath.empty()) {
    if (!sys::fs::exists(R.PluginPath))
      return createStringError("--coalesce-plugin=" + R.PluginPath +
                         ": no such file");
    return Error::success();
  }
  std::string Exe =
      sys::fs::getMainExecutable(Argv0, reinterpret_cast<void *>(&printUsage));
  SmallString<256> Prefix(sys::path::parent_path(sys::path::parent_path(Exe)));
  std::vector<std::string> Tried;
  for (const char *Rel : {"lib/coalesce.so", "lib/coalesce/coalesce.so"}) {
    SmallString<256> P(Prefix);
    sys::path::append(P, Rel);
    if (sys::fs::exists(P)) {
      R.PluginPath = std::string(P);
      return Error::success();
    }
    Tried.push_back(std::string(P));
  }
  return createStringError("cannot find coalesce.so (looked at " +
                     join(Tried, " and ") + "); give --coalesce-plugin=PATH");
}

/// Finds and loads coalesce.so, which registers its options.
Expected<PassPlugin> loadPlugin(const char *Argv0, Request &R) {
  if (Error E = findPlugin(Argv0, R))
    return E;
  Expected<PassPlugin> Plugin = PassPlugin::Load(R.PluginPath);
  if (!Plugin)
    return createStringError("cannot load the plugin: " +
                       toString(Plugin.takeError()));
  return Plugin;
}

/// Parses the -mllvm words, once the plugin's options are registered.
Error parseMllvmWords(const Request &R) {
  if (R.MllvmWords.empty())
    return Error::success();
  std::vector<const char *> Argv{Tool};
  for (const std::string &W : R.MllvmWords)
    Argv.push_back(W.c_str());
  std::string Msg;
  raw_string_ostream OS(Msg);
  if (!cl::ParseCommandLineOptions(int(Argv.size()), Argv.data(), "", &OS)) {
    // cl reports a bad value itself, on stderr, and leaves Msg empty.
    StringRef Why = StringRef(Msg).trim();
    return createStringError("-mllvm " + join(R.MllvmWords, " -mllvm ") + ": " +
                       (Why.empty() ? "rejected (above)" : Why.str()));
  }
  return Error::success();
}

//===----------------------------------------------------------------------===//
// Step 3: reading, then one of the three compilations.
//===----------------------------------------------------------------------===//

/// What a crash of the bitcode reader on File says.
std::string crashedOn(StringRef File) {
  return "cannot read '" + File.str() +
         "': LLVM's bitcode reader crashed on it (the file is damaged)";
}

/// Runs Read, which reads File, under the crash guard: a crash in it is an
/// error naming the file, and an error it returns is said after Context.
template <typename ReadT>
auto readGuarded(StringRef File, const Twine &Context, ReadT Read)
    -> decltype(Read()) {
  std::optional<decltype(Read())> Result;
  if (!survives([&] { Result.emplace(Read()); }, AfterwardsHandlers::Go))
    return createStringError(crashedOn(File));
  if (!*Result)
    return createStringError(Context + toString(Result->takeError()));
  return std::move(*Result);
}

/// Errors reported through the LLVM context (coalesce's among them), and
/// every diagnostic printed as clang prints its own.
struct Diagnostics {
  bool HadError = false;
  void handle(const DiagnosticInfo &DI) {
    raw_ostream &OS = errs();
    switch (DI.getSeverity()) {
    case DS_Error:
      HadError = true;
      WithColor::error(OS, Tool);
      break;
    case DS_Warning:
      WithColor::warning(OS, Tool);
      break;
    case DS_Remark:
      WithColor::remark(OS, Tool);
      break;
    case DS_Note:
      WithColor::note(OS, Tool);
      break;
    }
    DiagnosticPrinterRawOStream DP(OS);
    DI.print(DP);
    OS << "\n";
  }
};

/// What a backend reads before it knows which compilation it is: the
/// input's bytes, its ThinLTO module (none in a full-LTO input), and the
/// index (null for an empty index file).
struct BackendInputs {
  std::unique_ptr<MemoryBuffer> Buffer;
  std::optional<BitcodeModule> ThinModule;
  std::unique_ptr<ModuleSummaryIndex> Index;
};

/// The input's ThinLTO module, if it has one; an error if it has no module
/// at all.
Expected<std::optional<BitcodeModule>> findThinModule(MemoryBufferRef Buffer,
                                                      StringRef Input) {
  Expected<std::vector<BitcodeModule>> BMs =
      readGuarded(Input, "cannot read '" + Input + "': ",
                  [&] { return getBitcodeModuleList(Buffer); });
  if (!BMs)
    return BMs.takeError();
  if (BMs->empty())
    return createStringError("cannot read '" + Input + "': no module in it");
  if (BitcodeModule *BM = lto::findThinLTOModule(*BMs))
    return std::optional<BitcodeModule>(*BM);
  return std::optional<BitcodeModule>();
}

/// The index: the thin link's shard for the module, or null for an empty
/// file (clang's "compile it on its own").
Expected<std::unique_ptr<ModuleSummaryIndex>> readIndex(StringRef Path) {
  if (!sys::fs::exists(Path))
    return createStringError("cannot read the index '" + Path +
                       "': no such file (the thin link writes it: ld.lld "
                       "--thinlto-index-only)");
  return readGuarded(Path, "cannot read the index '" + Path + "': ", [&] {
    return getModuleSummaryIndexForFile(Path,
                                        /*IgnoreEmptyThinLTOIndexFile=*/true);
  });
}

/// Reads the input (LLVM bitcode, with a module in it), then the index.
Expected<BackendInputs> readInputs(const Request &R) {
  BackendInputs In;
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFile(R.Input, /*IsText=*/false,
                            /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return createStringError("cannot read '" + R.Input +
                       "': " + Buffer.getError().message());
  In.Buffer = std::move(*Buffer);
  if (identify_magic(In.Buffer->getBuffer()) != file_magic::bitcode)
    return createStringError("'" + R.Input +
                       "' is not LLVM bitcode (a ThinLTO backend compiles "
                       "the bitcode that clang -flto=thin -c wrote)");
  Expected<std::optional<BitcodeModule>> Thin =
      findThinModule(In.Buffer->getMemBufferRef(), R.Input);
  if (!Thin)
    return Thin.takeError();
  In.ThinModule = *Thin;
  Expected<std::unique_ptr<ModuleSummaryIndex>> Index = readIndex(R.Index);
  if (!Index)
    return Index.takeError();
  In.Index = std::move(*Index);
  return In;
}

/// The three compilations, as in clang: an object with nothing in it, the
/// per-module pipeline on its own, the ThinLTO backend proper.
enum class Flow { Empty, Alone, ThinBackend };

/// Which compilation the inputs ask for: nothing for an input with no
/// ThinLTO module or one the index says to skip, the module on its own
/// for an empty index, else the ThinLTO backend.
Flow chooseFlow(const BackendInputs &In) {
  if (!In.ThinModule ||
      (In.Index && In.Index->skipModuleByDistributedBackend()))
    return Flow::Empty;
  if (!In.Index)
    return Flow::Alone;
  return Flow::ThinBackend;
}

/// The name the index gives the input: the same file, spelled as the thin
/// link spelled it (the module's own summaries, its import list and what
/// it defines are all found by that name). Empty if the index does not
/// describe the input.
std::string nameInIndex(const ModuleSummaryIndex &Index, StringRef Input) {
  if (Index.modulePaths().count(Input))
    return Input.str();
  for (const auto &Entry : Index.modulePaths())
    if (sys::fs::equivalent(Entry.first(), Input))
      return Entry.first().str();
  return "";
}

/// Whether Index is the shard of the module whose own summary is Own (the
/// module named Name in it). A shard holds every summary of its module
/// (and those it imports from others): one that lacks some of the
/// module's own is another module's shard, which names this module only
/// because that module imports from it. Returns how many are missing.
size_t missingFromShard(const ModuleSummaryIndex &Index,
                        const ModuleSummaryIndex &Own, StringRef Name) {
  size_t Missing = 0;
  for (const auto &[GUID, Info] : Own)
    if (!Info.getSummaryList().empty() &&
        !Index.findSummaryInModule(GUID, Name))
      ++Missing;
  return Missing;
}

/// For the ThinLTO backend, the module's name in its index, once the index
/// is known to be this module's shard of a thin link; "" for the others.
Expected<std::string> nameInShard(BackendInputs &In, Flow How,
                                  const Request &R) {
  if (How != Flow::ThinBackend)
    return "";
  const ModuleSummaryIndex &Index = *In.Index;
  if (!Index.withGlobalValueDeadStripping())
    return createStringError("'" + R.Index +
                       "' is not an index shard of a thin link (it is a "
                       "module's own summary; give the X.thinlto.bc that "
                       "ld.lld --thinlto-index-only wrote)");
  std::string Name = nameInIndex(Index, R.Input);
  if (Name.empty()) {
    std::vector<std::string> Known;
    for (const auto &Entry : Index.modulePaths())
      Known.push_back(Entry.first().str());
    sort(Known);
    return createStringError("the index '" + R.Index + "' does not describe '" +
                       R.Input + "' (it names " + join(Known, ", ") + ")");
  }
  Expected<std::unique_ptr<ModuleSummaryIndex>> Own =
      readGuarded(R.Input, "cannot read '" + R.Input + "': ",
                  [&] { return In.ThinModule->getSummary(); });
  if (!Own)
    return Own.takeError();
  if (size_t N = missingFromShard(Index, **Own, Name))
    return createStringError("the index '" + R.Index + "' is not the shard of '" +
                       R.Input + "': it lacks " + std::to_string(N) +
                       " of its module's summaries (it is the shard of a "
                       "module that imports from it)");
  return Name;
}

/// Damage the reader lets through: the verifier that optimization runs
/// first would stop the process with a crash report; said here, it is an
/// error naming the file. (Broken debug information is not: LLVM drops it
/// with a warning, as it does in process.)
Error verifyInput(Module &M, StringRef Input) {
  std::string Broken;
  raw_string_ostream BrokenOS(Broken);
  bool BrokenDebugInfo = false;
  if (verifyModule(M, &BrokenOS, &BrokenDebugInfo))
    return createStringError("cannot read '" + Input +
                       "': the module in it does not pass the IR verifier "
                       "(the file is damaged): " +
                       StringRef(Broken).trim().split('\n').first);
  return Error::success();
}

/// The module to compile: for an input compiled to nothing, what clang
/// writes for it (a module with nothing in it, for the input's target);
/// otherwise the input's, verified, and for the ThinLTO backend named as
/// its shard names it.
Expected<std::unique_ptr<Module>> readModule(BackendInputs &In, Flow How,
                                             StringRef Name, const Request &R,
                                             LLVMContext &Ctx) {
  if (How == Flow::Empty) {
    Expected<std::string> TripleText =
        getBitcodeTargetTriple(In.Buffer->getMemBufferRef());
    auto M = std::make_unique<Module>("empty", Ctx);
    M->setTargetTriple(Triple(TripleText ? *TripleText : ""));
    if (!TripleText)
      consumeError(TripleText.takeError());
    return M;
  }
  Expected<std::unique_ptr<Module>> M =
      readGuarded(R.Input, "cannot read '" + R.Input + "': ",
                  [&] { return In.ThinModule->parseModule(Ctx); });
  if (!M)
    return M.takeError();
  if (Error E = verifyInput(**M, R.Input))
    return E;
  if (How == Flow::ThinBackend)
    (*M)->setModuleIdentifier(Name);
  return M;
}

/// --target: clang overrides the module's triple with it, and says so. A
/// module with no triple is compiled for the host.
void setTargetTriple(Module &M, const Request &R) {
  if (!R.Target.empty()) {
    Triple Wanted(Triple::normalize(R.Target));
    if (Wanted != M.getTargetTriple()) {
      if (R.WarnOverrideTriple)
        WithColor::warning(errs(), Tool)
            << "overriding the module target triple with " << Wanted.str()
            << "\n";
      M.setTargetTriple(Wanted);
    }
  }
  if (M.getTargetTriple().empty())
    M.setTargetTriple(Triple(sys::getDefaultTargetTriple()));
}

/// The CPU of the target machine, from -march (x86) or -mcpu (the others),
/// as clang reads them. Functions keep the "target-cpu" of their compile
/// step; this one is the default for what has none.
Expected<std::string> resolveCPU(const Request &R, const Triple &T) {
  std::string CPU = codegen::getCPUStr();
  if (T.isX86()) {
    if (!R.Mcpu.empty())
      return createStringError("unsupported option '-mcpu=" + R.Mcpu +
                         "' for target '" + T.str() + "' (x86 takes -march=)");
    if (!R.March.empty())
      CPU = R.March == "native" ? sys::getHostCPUName().str() : R.March;
    return CPU;
  }
  // Elsewhere -march names an architecture and extensions, which the
  // functions' "target-features" already hold.
  if (!R.Mcpu.empty())
    CPU = R.Mcpu == "native" ? sys::getHostCPUName().str() : R.Mcpu;
  return CPU;
}

/// The reloc model clang would use: -fpic and kin, else -mllvm
/// -relocation-model, else position independent where clang's default is
/// PIE or PIC (Linux, Android, the BSDs, Fuchsia, Darwin), else the
/// target's own default.
std::optional<Reloc::Model> relocModel(const Request &R, const Triple &T) {
  if (R.PIC)
    return *R.PIC ? Reloc::PIC_ : Reloc::Static;
  if (auto M = codegen::getExplicitRelocModel())
    return M;
  if (T.isOSLinux() || T.isAndroid() || T.isOSFreeBSD() || T.isOSOpenBSD() ||
      T.isOSNetBSD() || T.isOSFuchsia() || T.isOSDarwin())
    return Reloc::PIC_;
  return std::nullopt;
}

/// The configuration of one backend: ld.lld's, with what the command line
/// says. T is the module's target.
Error makeConfig(const Request &R, const Triple &T, lto::Config &C) {
  // Target options as ld.lld initializes them (its objects are the ones to
  // be the same as), then clang's reading of the command line.
  C.Options = codegen::InitTargetOptionsFromCodeGenFlags(T);
  C.Options.EmitAddrsig = R.Addrsig.value_or(T.isOSBinFormatELF());
  C.Options.FunctionSections = R.FunctionSections.value_or(false);
  C.Options.DataSections = R.DataSections.value_or(T.hasDefaultDataSections());
  if (R.DebuggerTuning)
    C.Options.DebuggerTuning = *R.DebuggerTuning;
  if (R.Dwarf64)
    C.Options.MCOptions.Dwarf64 = *R.Dwarf64;
  if (R.CompressDebug)
    C.Options.MCOptions.CompressDebugSections = *R.CompressDebug;
  Expected<std::string> CPU = resolveCPU(R, T);
  if (!CPU)
    return CPU.takeError();
  C.CPU = std::move(*CPU);
  C.MAttrs = codegen::getMAttrs();
  C.RelocModel = relocModel(R, T);
  C.CodeModel = codegen::getExplicitCodeModel();

  // -O<n> as clang maps it: the optimization pipeline's level, code
  // generation's level, and the loop options clang derives from it (-O1
  // neither unrolls nor vectorizes; -Oz vectorizes straight-line code only).
  C.OptLevel = R.OptLevel;
  C.CGOptLevel = R.OptLevel == 0   ? CodeGenOptLevel::None
                 : R.OptLevel == 1 ? CodeGenOptLevel::Less
                 : R.OptLevel == 2 ? CodeGenOptLevel::Default
                                   : CodeGenOptLevel::Aggressive;
  C.PTO.LoopUnrolling = R.OptLevel > 1;
  C.PTO.LoopInterleaving = R.OptLevel > 1;
  C.PTO.LoopVectorization = R.OptLevel > 1 && R.SizeLevel != 'z';
  C.PTO.SLPVectorization = R.OptLevel > 1;
  C.SampleProfile = R.SampleProfile;
  C.PassPlugins = {R.PluginPath};
  return Error::success();
}

/// The target machine for the compilations that are not a ThinLTO backend.
Expected<std::unique_ptr<TargetMachine>>
makeTargetMachine(const lto::Config &C, const Triple &T) {
  std::string Problem;
  const Target *Tgt = TargetRegistry::lookupTarget(T, Problem);
  if (!Tgt)
    return createStringError(Problem);
  std::string Features = join(C.MAttrs, ",");
  std::unique_ptr<TargetMachine> TM(Tgt->createTargetMachine(
      T, C.CPU, Features, C.Options, C.RelocModel, C.CodeModel, C.CGOptLevel));
  if (!TM)
    return createStringError("no target machine for '" + T.str() + "'");
  return TM;
}

/// The per-module pipeline at -O<n>, as `clang -c` runs it on a module
/// whose index file is empty, with the plugin in it (which runs as under
/// clang -fpass-plugin).
void optimizeAlone(Module &M, TargetMachine &TM, TargetLibraryInfoImpl &TLII,
                   const lto::Config &C, const Request &R,
                   const PassPlugin &Plugin) {
  std::optional<PGOOptions> PGO;
  if (!R.SampleProfile.empty())
    PGO = PGOOptions(R.SampleProfile, "", "", "", PGOOptions::SampleUse);
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassBuilder PB(&TM, C.PTO, PGO);
  Plugin.registerPassBuilderCallbacks(PB);
  FAM.registerPass([&] { return TargetLibraryAnalysis(TLII); });
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  OptimizationLevel Level = R.SizeLevel == 's'   ? OptimizationLevel::Os
                            : R.SizeLevel == 'z' ? OptimizationLevel::Oz
                            : R.OptLevel == 0    ? OptimizationLevel::O0
                            : R.OptLevel == 1    ? OptimizationLevel::O1
                            : R.OptLevel == 2    ? OptimizationLevel::O2
                                                 : OptimizationLevel::O3;
  ModulePassManager MPM = Level == OptimizationLevel::O0
                              ? PB.buildO0DefaultPipeline(Level)
                              : PB.buildPerModuleDefaultPipeline(Level);
  MPM.run(M, MAM);
}

/// Compiles M outside ThinLTO: with Optimize, as clang compiles a module
/// whose index file is empty (optimizeAlone); without, code generation
/// only (the empty module of a skipped input).
Error compileAlone(Module &M, const lto::Config &C, const Request &R,
                   const PassPlugin &Plugin, bool Optimize,
                   raw_pwrite_stream &OS) {
  Triple T = M.getTargetTriple();
  Expected<std::unique_ptr<TargetMachine>> TM = makeTargetMachine(C, T);
  if (!TM)
    return TM.takeError();
  M.setDataLayout((*TM)->createDataLayout());
  TargetLibraryInfoImpl TLII(T);
  if (Optimize)
    optimizeAlone(M, **TM, TLII, C, R, Plugin);

  legacy::PassManager CodeGen;
  CodeGen.add(new TargetLibraryInfoWrapperPass(TLII));
  if ((*TM)->addPassesToEmitFile(CodeGen, OS, nullptr,
                                 CodeGenFileType::ObjectFile))
    return createStringError("the target '" + T.str() +
                       "' cannot write an object file");
  CodeGen.run(M);
  return Error::success();
}

/// The ThinLTO backend proper: lto::thinBackend promotes, internalizes,
/// imports what the shard lists (reading the other modules from the paths
/// the index records), optimizes and generates code, with the plugin in
/// C.PassPlugins.
Error compileThinBackend(Module &M, const ModuleSummaryIndex &Index,
                         StringRef Name, const lto::Config &C,
                         const Request &R, SmallString<0> &Object) {
  DenseMap<StringRef, GVSummaryMapTy> DefinedPerModule;
  Index.collectDefinedGVSummariesPerModule(DefinedPerModule);
  FunctionImporter::ImportIDTable ImportIDs;
  FunctionImporter::ImportMapTy ImportList(ImportIDs);
  lto::initImportList(M, Index, ImportList);
  auto AddStream = [&](size_t, const Twine &) {
    return std::make_unique<CachedFileStream>(
        std::make_unique<raw_svector_ostream>(Object));
  };
  if (Error E = lto::thinBackend(C, /*Task=*/0, AddStream, M, Index,
                                 ImportList, DefinedPerModule[Name],
                                 /*ModuleMap=*/nullptr,
                                 /*CodeGenOnly=*/false))
    return createStringError("ThinLTO backend of '" + R.Input +
                       "' failed: " + toString(std::move(E)));
  return Error::success();
}

/// The compilation the flow asks for, into memory.
Expected<SmallString<0>> compile(Flow How, Module &M, const BackendInputs &In,
                                 StringRef Name, const lto::Config &C,
                                 const Request &R, const PassPlugin &Plugin) {
  SmallString<0> Object;
  if (How == Flow::ThinBackend) {
    if (Error E = compileThinBackend(M, *In.Index, Name, C, R, Object))
      return E;
  } else {
    raw_svector_ostream OS(Object);
    if (Error E = compileAlone(M, C, R, Plugin, How == Flow::Alone, OS))
      return E;
  }
  return Object;
}

//===----------------------------------------------------------------------===//
// Step 4: the output.
//===----------------------------------------------------------------------===//

/// Writes Bytes to Path through a temporary file renamed over it (to
/// standard output for "-", as clang).
Error writeOutput(StringRef Path, StringRef Bytes) {
  if (Path == "-") {
    outs() << Bytes;
    outs().flush();
    return Error::success();
  }
  Expected<sys::fs::TempFile> Temp =
      sys::fs::TempFile::create(Path + ".tmp-%%%%%%");
  if (!Temp)
    return createStringError("cannot write '" + Path +
                       "': " + toString(Temp.takeError()));
  raw_fd_ostream OS(Temp->FD, /*shouldClose=*/false);
  OS << Bytes;
  OS.flush();
  if (OS.has_error()) {
    std::string Why = OS.error().message();
    OS.clear_error();
    consumeError(Temp->discard());
    return createStringError("cannot write '" + Path + "': " + Why);
  }
  if (Error E = Temp->keep(Path))
    return createStringError("cannot write '" + Path +
                       "': " + toString(std::move(E)));
  return Error::success();
}

//===----------------------------------------------------------------------===//
// The link's report, from the reports of its backends.
//===----------------------------------------------------------------------===//

/// One backend's JSON report, read from In.
Expected<coalesce::Report> readReportFile(const std::string &In) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer = MemoryBuffer::getFile(In);
  if (!Buffer)
    return createStringError("cannot read '" + In +
                       "': " + Buffer.getError().message());
  Expected<json::Value> V = json::parse((*Buffer)->getBuffer());
  if (!V)
    return createStringError("'" + In + "' is not JSON: " + toString(V.takeError()));
  std::string Why;
  std::optional<coalesce::Report> R = coalesce::readReport(*V, Why);
  if (!R)
    return createStringError("'" + In + "' is not a coalesce report: " + Why);
  return std::move(*R);
}

/// `coalesce-backend --merge-reports -o OUT IN...`: the JSON reports the
/// backends of one link wrote (-coalesce-report={output}.json) put
/// together as ld.lld puts its in-process backends' together, module by
/// module in the order of their names: the same bytes as the report of
/// the same link in process.
Error mergeReports(ArrayRef<const char *> Args) {
  std::string Out;
  std::vector<std::string> Inputs;
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (A == "-o" && I + 1 < Args.size())
      Out = Args[++I];
    else if (A.starts_with("-"))
      return createStringError("--merge-reports: unknown option '" + A +
                         "' (usage: --merge-reports -o OUT.json IN.json...)");
    else
      Inputs.push_back(A.str());
  }
  if (Out.empty() || Inputs.empty())
    return createStringError("--merge-reports: usage: --merge-reports -o OUT.json "
                       "IN.json...");
  std::vector<coalesce::Report> Parts;
  for (const std::string &In : Inputs) {
    Expected<coalesce::Report> R = readReportFile(In);
    if (!R)
      return R.takeError();
    Parts.push_back(std::move(*R));
  }
  std::string Why;
  std::optional<coalesce::Report> All =
      coalesce::combineModuleReports(Parts, Why);
  if (!All)
    return createStringError("--merge-reports: " + Why);
  return writeOutput(Out, reportText(*All));
}

//===----------------------------------------------------------------------===//
// The steps, in order.
//===----------------------------------------------------------------------===//

/// "{output}" in coalesce's report option stands for the object this
/// backend writes, so that each backend of a link writes a report of its
/// own (-mllvm -coalesce-report={output}.json); in the -mllvm words and in
/// COALESCE_OPTIONS alike.
void nameReportsAfterOutput(Request &R) {
  constexpr StringLiteral Mark = "{output}";
  auto Expand = [&](std::string S) {
    for (size_t At = S.find(Mark.data()); At != std::string::npos;
         At = S.find(Mark.data(), At + R.Output.size()))
      S.replace(At, Mark.size(), R.Output);
    return S;
  };
  for (std::string &W : R.MllvmWords)
    W = Expand(W);
  if (const char *Env = std::getenv("COALESCE_OPTIONS"))
    if (StringRef(Env).contains(Mark))
      setenv("COALESCE_OPTIONS", Expand(Env).c_str(), /*overwrite=*/1);
}

/// Every target LLVM was built with: the module's triple chooses.
void initializeTargets() {
  InitializeAllTargetInfos();
  InitializeAllTargets();
  InitializeAllTargetMCs();
  InitializeAllAsmPrinters();
  InitializeAllAsmParsers();
}

/// The backend of one module (Args: the words after argv[0]), step by
/// step as the comment at the top of the file tells them.
Error runBackend(const char *Argv0, ArrayRef<const char *> Args) {
  // Step 1: the command line, read as clang reads a backend's.
  Expected<Request> R = parseCommandLine(Args);
  if (!R)
    return R.takeError();
  if (R->Help) {
    printUsage(outs());
    return Error::success();
  }
  nameReportsAfterOutput(*R);
  initializeTargets();

  // Step 2: coalesce.so, then the -mllvm words (its options among them).
  Expected<PassPlugin> Plugin = loadPlugin(Argv0, *R);
  if (!Plugin)
    return Plugin.takeError();
  if (Error E = parseMllvmWords(*R))
    return E;

  // Step 3: the input and the index, read in a context whose diagnostics
  // are printed as clang prints its own and whose errors void the output.
  Diagnostics Diags;
  lto::Config C;
  C.DiagHandler = [&Diags](const DiagnosticInfo &DI) { Diags.handle(DI); };
  lto::LTOLLVMContext Ctx(C);
  Expected<BackendInputs> In = readInputs(*R);
  if (!In)
    return In.takeError();

  // Which compilation; for the ThinLTO backend, the module's name in the
  // shard, which must be its own.
  Flow How = chooseFlow(*In);
  Expected<std::string> Name = nameInShard(*In, How, *R);
  if (!Name)
    return Name.takeError();

  // The module, its target, and the configuration for that target.
  Expected<std::unique_ptr<Module>> M = readModule(*In, How, *Name, *R, Ctx);
  if (!M)
    return M.takeError();
  setTargetTriple(**M, *R);
  if (Error E = makeConfig(*R, (*M)->getTargetTriple(), C))
    return E;

  // The compilation, into memory.
  Expected<SmallString<0>> Object =
      compile(How, **M, *In, *Name, C, *R, *Plugin);
  if (!Object)
    return Object.takeError();
  if (Diags.HadError)
    return createStringError("no output written: the compilation of '" + R->Input +
                       "' reported errors");

  // Step 4: the object, written now that everything succeeded.
  return writeOutput(R->Output, *Object);
}

/// The tool's three actions: putting the backends' reports together, the
/// cross-module scan before the backends, and a backend.
Error run(int Argc, char **Argv) {
  ArrayRef<const char *> Args(Argv + 1, Argc - 1);
  if (!Args.empty() && StringRef(Args[0]) == "--merge-reports")
    return mergeReports(Args.drop_front());
  if (!Args.empty() && StringRef(Args[0]) == "--scan")
    return coalesce::scanAction(Args.drop_front(), writeOutput);
  return runBackend(Argv[0], Args);
}

/// The one place the tool says what went wrong: `coalesce-backend: error:`
/// and the message, per error. Returns the exit code.
int reportError(Error E) {
  handleAllErrors(std::move(E), [](const ErrorInfoBase &EI) {
    WithColor::error(errs(), Tool) << EI.message() << "\n";
  });
  return 1;
}

} // namespace

int main(int Argc, char **Argv) {
  InitLLVM X(Argc, Argv); // Its destructor shuts LLVM down: coalesce's
                          // report of the module is written then.
  if (Error E = run(Argc, Argv))
    return reportError(std::move(E));
  return 0;
}
