//===- plugin/Options.cpp - Options of every host, in one place ------------===//

#include "plugin/Options.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

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
} // namespace

namespace coalesce {

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
    SmallVector<StringRef, 8> Words;
    SplitString(Env, Words);
    std::vector<std::string> Storage{"coalesce"};
    for (StringRef W : Words) {
      StringRef Name = W.ltrim('-');
      if (!Name.starts_with("coalesce-")) {
        SavedError = "COALESCE_OPTIONS: '" + W.str() +
                     "' is not a coalesce option (every option starts with "
                     "-coalesce-)";
        Ok = false;
        return;
      }
      Storage.push_back(W.str());
    }
    std::vector<const char *> Argv;
    for (const std::string &S : Storage)
      Argv.push_back(S.c_str());
    std::string Msg;
    raw_string_ostream OS(Msg);
    if (!cl::ParseCommandLineOptions(int(Argv.size()), Argv.data(), "", &OS)) {
      SavedError = "COALESCE_OPTIONS: " + StringRef(Msg).trim().str();
      Ok = false;
    }
  });
  Error = SavedError;
  return Ok;
}

bool hostOptions(HostOptions &H, std::string &Error) {
  if (!parseEnvironment(Error))
    return false;
  H.Core.Merge.UseAliases = UseAliases;
  H.Core.Merge.RewriteDirectCalls = RewriteCalls;
  H.Core.VerifyEachStage = VerifyEach;
  H.Core.VerifyOrderLimit = VerifyOrder;
  H.ReportPath = ReportPath;
  H.PrintMerges = PrintMerges;
  return true;
}

} // namespace coalesce
