//===- plugin/Options.cpp - Options of every host, in one place ------------===//

#include "plugin/Options.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdlib>
#include <mutex>

using namespace llvm;

namespace {
cl::OptionCategory Category("coalesce options");

cl::opt<bool> UseAliases(
    "coalesce-use-aliases", cl::init(true), cl::cat(Category),
    cl::desc("Use global aliases for merged functions whose address is not "
             "significant (ELF and COFF only)"));
cl::opt<bool> RewriteCalls(
    "coalesce-rewrite-calls", cl::init(true), cl::cat(Category),
    cl::desc("Redirect direct calls of a merged-away function to the kept "
             "body"));
cl::opt<bool> MergeConstants(
    "coalesce-merge-constants", cl::init(true), cl::cat(Category),
    cl::desc("Merge functions that differ only in constants, passing the "
             "constants as arguments"));
cl::opt<unsigned> MaxConstantParameters(
    "coalesce-max-constant-parameters", cl::init(4), cl::cat(Category),
    cl::value_desc("N"),
    cl::desc("Most constants a body shared up to constants, or merged from "
             "similar functions, takes as arguments"));
cl::opt<bool> MergeSimilar(
    "coalesce-merge-similar", cl::init(false), cl::cat(Category),
    cl::desc("Merge pairs of similar functions into one that takes a "
             "selector argument, where that saves bytes"));
cl::opt<unsigned> SimilarMinSimilarity(
    "coalesce-similar-min-similarity", cl::init(50), cl::cat(Category),
    cl::value_desc("percent"),
    cl::desc("Least estimated similarity (MinHash, in percent) of two "
             "functions that similar merging aligns"));
cl::opt<unsigned> SimilarRounds(
    "coalesce-similar-rounds", cl::init(16), cl::cat(Category),
    cl::value_desc("N"),
    cl::desc("Most rounds of similar merging (a round merges pairs that "
             "the round before made)"));
cl::opt<bool> Outline(
    "coalesce-outline", cl::init(true), cl::cat(Category),
    cl::desc("Outline similar regions anywhere in the program into shared "
             "functions"));
cl::opt<unsigned> OutlineMinBenefit(
    "coalesce-outline-min-benefit", cl::init(16), cl::cat(Category),
    cl::value_desc("bytes"),
    cl::desc("Bytes a group of regions must save, by the size model, to be "
             "outlined"));
cl::opt<unsigned> OutlineMinTotal(
    "coalesce-outline-min-total", cl::init(32), cl::cat(Category),
    cl::value_desc("bytes"),
    cl::desc("Bytes the groups a round of outlining takes must save "
             "together, by the size model"));
cl::opt<unsigned> OutlineMaxArguments(
    "coalesce-outline-max-arguments", cl::init(6), cl::cat(Category),
    cl::value_desc("N"),
    cl::desc("Most arguments an outlined function takes"));
cl::opt<unsigned> OutlineMinLength(
    "coalesce-outline-min-length", cl::init(2), cl::cat(Category),
    cl::value_desc("N"),
    cl::desc("Shortest region outlined, in instructions"));
cl::opt<unsigned> OutlineMaxGroups(
    "coalesce-outline-max-groups", cl::init(0), cl::cat(Category),
    cl::value_desc("N"),
    cl::desc("Most groups outlined in a round, best first (0: no limit; "
             "for bisecting)"));
cl::opt<unsigned> OutlineRounds(
    "coalesce-outline-rounds", cl::init(2), cl::cat(Category),
    cl::value_desc("N"),
    cl::desc("Most rounds of outlining (each followed by identical merging)"));
cl::opt<unsigned> RuntimeBudget(
    "coalesce-runtime-budget", cl::init(5), cl::cat(Category),
    cl::value_desc("per-mille"),
    cl::desc("The calls coalesce adds may cost at most this share (in "
             "thousandths) of the instructions the whole program is "
             "estimated to execute (by its profile where it has one), each "
             "call counted as often as its block runs"));
cl::opt<unsigned> HotShare(
    "coalesce-hot-share", cl::init(62), cl::cat(Category),
    cl::value_desc("per-mille"),
    cl::desc("Without a profile, code that runs again and again (in a loop, "
             "or in a function called from one) is hot if it runs on at "
             "least this share (in thousandths) of its loop's iterations or "
             "its function's calls: no call is added to it (0: none)"));
cl::opt<unsigned> HotUninformed(
    "coalesce-hot-uninformed", cl::init(300), cl::cat(Category),
    cl::value_desc("per-mille"),
    cl::desc("Without a profile, that share counts only the branches whose "
             "odds are evidence: a branch taken with at least this "
             "probability (in thousandths) counts as taken (1000: every "
             "branch counts)"));
cl::opt<bool> HotLoopExitsOnce(
    "coalesce-hot-loop-exits-once", cl::init(true), cl::cat(Category),
    cl::desc("Without a profile, the code after a loop runs as often as the "
             "loop is entered (false: on the exit's odds per iteration)"));
cl::opt<bool> OutlineWithMachineOutliner(
    "coalesce-outline-with-machine-outliner", cl::init(false),
    cl::cat(Category),
    cl::desc("Outline also for targets whose code generator runs LLVM's "
             "machine outliner by default and where outlining beside it "
             "was not measured (RISC-V 64; AArch64 outlines by default)"));
cl::opt<bool> ShareBodies(
    "coalesce-share-bodies", cl::init(true), cl::cat(Category),
    cl::desc("In a ThinLTO backend, name functions other modules may hold "
             "too by their content, so that the linker keeps one body of "
             "each"));
cl::opt<std::string> CrossModulePlanFile(
    "coalesce-cross-module-plan", cl::cat(Category), cl::value_desc("file"),
    cl::desc("In ThinLTO backends, merge the functions a scan over every "
             "module planned in <file> (coalesce-backend --scan): functions "
             "equal up to constants in different modules"));
cl::opt<bool> MergeAcrossModules(
    "coalesce-merge-across-modules", cl::init(true), cl::cat(Category),
    cl::desc("Under the GNU linkers' ThinLTO, scan every module for "
             "functions equal up to constants in different modules and give "
             "them one body (other hosts: coalesce-backend --scan and "
             "-coalesce-cross-module-plan=)"));
cl::opt<bool> VerifyEach("coalesce-verify", cl::init(false), cl::cat(Category),
                         cl::desc("Run the IR verifier after every stage"));
cl::opt<unsigned> VerifyOrder(
    "coalesce-verify-order", cl::init(0), cl::cat(Category),
    cl::value_desc("N"),
    cl::desc("Check that the function order is a total order over the first "
             "N functions (O(N^3); a debugging aid)"));
cl::opt<std::string> ReportPath("coalesce-report", cl::cat(Category),
                                cl::value_desc("file"),
                                cl::desc("Write the JSON report to <file>"));
cl::opt<bool> PrintMerges(
    "coalesce-print-merges", cl::init(false), cl::cat(Category),
    cl::desc("Print what was merged into what to stderr"));

/// What an option's value must look like, for messages that name the
/// option and say what is wrong (cl's own go to stderr, not to the host).
enum class ValueKind { Flag, Number, Text };
struct KnownOption {
  const cl::Option *Opt;
  ValueKind Kind;
};
const KnownOption Known[] = {
    {&UseAliases, ValueKind::Flag},   {&RewriteCalls, ValueKind::Flag},
    {&MergeConstants, ValueKind::Flag},
    {&MaxConstantParameters, ValueKind::Number},
    {&MergeSimilar, ValueKind::Flag},
    {&SimilarMinSimilarity, ValueKind::Number},
    {&SimilarRounds, ValueKind::Number},
    {&Outline, ValueKind::Flag},
    {&OutlineMinBenefit, ValueKind::Number},
    {&OutlineMinTotal, ValueKind::Number},
    {&OutlineMaxArguments, ValueKind::Number},
    {&OutlineMinLength, ValueKind::Number},
    {&OutlineRounds, ValueKind::Number},
    {&OutlineMaxGroups, ValueKind::Number},
    {&RuntimeBudget, ValueKind::Number},
    {&HotShare, ValueKind::Number},
    {&OutlineWithMachineOutliner, ValueKind::Flag},
    {&ShareBodies, ValueKind::Flag},
    {&CrossModulePlanFile, ValueKind::Text},
    {&MergeAcrossModules, ValueKind::Flag},
    {&VerifyEach, ValueKind::Flag},   {&VerifyOrder, ValueKind::Number},
    {&ReportPath, ValueKind::Text},   {&PrintMerges, ValueKind::Flag},
};

/// Checks one word of COALESCE_OPTIONS; returns an error message or "".
std::string checkWord(StringRef Word) {
  StringRef Body = Word.ltrim('-');
  auto [Name, Value] = Body.split('=');
  bool HasValue = Body.contains('=');
  auto Quote = [&] { return "'" + Word.str() + "'"; };
  if (!Name.starts_with("coalesce-"))
    return Quote() + " is not a coalesce option (every option starts with "
                     "-coalesce-)";
  for (const KnownOption &K : Known) {
    if (K.Opt->ArgStr != Name)
      continue;
    switch (K.Kind) {
    case ValueKind::Flag:
      if (HasValue && !is_contained({"true", "false", "1", "0"}, Value.lower()))
        return Quote() + ": the value must be true or false";
      return "";
    case ValueKind::Number: {
      unsigned N;
      if (!HasValue || Value.getAsInteger(10, N))
        return Quote() + ": needs a number, as in -" + Name.str() + "=50";
      return "";
    }
    case ValueKind::Text:
      if (!HasValue || Value.empty())
        return Quote() + ": needs a value, as in -" + Name.str() + "=FILE";
      return "";
    }
  }
  std::string List;
  for (const KnownOption &K : Known)
    List += (List.empty() ? "-" : ", -") + K.Opt->ArgStr.str();
  return "unknown option " + Quote() + " (known: " + List + ")";
}
} // namespace

namespace coalesce {

/// Checks each word, then hands them all to the option parser. Channel
/// names where the words came from, for messages.
static bool parseWords(const std::vector<std::string> &Words,
                       const std::string &Channel, std::string &Error) {
  if (Words.empty())
    return true;
  std::vector<std::string> Storage{"coalesce"};
  for (const std::string &W : Words) {
    Error = checkWord(W);
    if (!Error.empty()) {
      Error = Channel + ": " + Error;
      return false;
    }
    Storage.push_back("-" + StringRef(W).ltrim('-').str());
  }
  std::vector<const char *> Argv;
  for (const std::string &S : Storage)
    Argv.push_back(S.c_str());
  std::string Msg;
  raw_string_ostream OS(Msg);
  if (!cl::ParseCommandLineOptions(int(Argv.size()), Argv.data(), "", &OS)) {
    Error = Channel + ": " + StringRef(Msg).trim().str();
    return false;
  }
  return true;
}

// Parses COALESCE_OPTIONS once per process. Only coalesce's own options are
// accepted there, so the variable cannot change how the host behaves.
static bool parseEnvironment(std::string &Error) {
  static std::once_flag Once;
  static bool Ok = true;
  static std::string SavedError;
  std::call_once(Once, [] {
    const char *Env = std::getenv("COALESCE_OPTIONS");
    if (!Env || !*Env)
      return;
    SmallVector<StringRef, 8> Split;
    SplitString(Env, Split);
    std::vector<std::string> Words(Split.begin(), Split.end());
    // A command line in a variable: every word is an option, with its dash.
    for (const std::string &W : Words)
      if (!StringRef(W).starts_with("-")) {
        SavedError = "COALESCE_OPTIONS: '" + W +
                     "' is not an option (write -" + W + ")";
        Ok = false;
        return;
      }
    Ok = parseWords(Words, "COALESCE_OPTIONS", SavedError);
  });
  Error = SavedError;
  return Ok;
}

bool hostOptions(HostOptions &H, std::string &Error) {
  if (!parseEnvironment(Error))
    return false;
  H.Core.Merge.UseAliases = UseAliases;
  H.Core.Merge.RewriteDirectCalls = RewriteCalls;
  H.Core.MergeConstants = MergeConstants;
  H.Core.Constants.MaxParameters = MaxConstantParameters;
  H.Core.MergeSimilar = MergeSimilar;
  H.Core.Similar.MaxParameters = MaxConstantParameters;
  H.Core.Similar.MinSimilarity = std::min(100u, unsigned(SimilarMinSimilarity)) / 100.0;
  H.Core.Outline = Outline;
  H.Core.Outlining.MinBenefit = OutlineMinBenefit;
  H.Core.Outlining.MinTotal = OutlineMinTotal;
  H.Core.Outlining.MaxArguments = OutlineMaxArguments;
  H.Core.Outlining.MinLength = OutlineMinLength;
  H.Core.RunTimeBudgetPerMille = RuntimeBudget;
  H.Core.Hotness.HotSharePerMille = HotShare;
  H.Core.Hotness.UninformedPerMille = HotUninformed;
  H.Core.Hotness.LoopExitsOnce = HotLoopExitsOnce;
  H.Core.SimilarRounds = SimilarRounds;
  H.Core.OutlineRounds = OutlineRounds;
  H.Core.Outlining.MaxGroups = OutlineMaxGroups;
  H.Core.OutlineWithMachineOutliner = OutlineWithMachineOutliner;
  H.Core.ShareBodies = ShareBodies;
  H.Core.VerifyEachStage = VerifyEach;
  H.Core.VerifyOrderLimit = VerifyOrder;
  H.ReportPath = ReportPath;
  H.CrossModulePlanPath = CrossModulePlanFile;
  H.MergeAcrossModules = MergeAcrossModules;
  H.PrintMerges = PrintMerges;
  return true;
}

bool parseOptionWords(const std::vector<std::string> &Words,
                      const std::string &Channel, std::string &Error) {
  return parseEnvironment(Error) && parseWords(Words, Channel, Error);
}

} // namespace coalesce
