//===- plugin/Options.cpp - Options of every host, in one place ------------===//

#include "plugin/Options.h"

#include "llvm/Support/CommandLine.h"

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

HostOptions hostOptions() {
  HostOptions H;
  H.Core.Merge.UseAliases = UseAliases;
  H.Core.Merge.RewriteDirectCalls = RewriteCalls;
  H.Core.VerifyEachStage = VerifyEach;
  H.Core.VerifyOrderLimit = VerifyOrder;
  H.ReportPath = ReportPath;
  H.PrintMerges = PrintMerges;
  return H;
}

} // namespace coalesce
