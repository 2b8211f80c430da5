//===- plugin/LinkReport.cpp - One report for a link of many modules ------===//
//
// See LinkReport.h.
//
//===----------------------------------------------------------------------===//

#include "plugin/LinkReport.h"

#include "plugin/ReportFile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/ManagedStatic.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <mutex>

using namespace llvm;

namespace coalesce {
namespace {

/// The modules' reports of the link so far.
struct Gathered {
  std::mutex Lock;
  struct Piece {
    Report R;
    /// A ThinLTO backend's (its listing is printed here); else the
    /// full-LTO module's, which printed its own.
    bool FromThinBackend;
  };
  /// By module name: the order they are written in.
  std::map<std::string, Piece> Pieces;
  /// Whether a ThinLTO backend reported (a full-LTO link alone writes its
  /// report itself).
  bool FromThinBackend = false;
  HostOptions Options;
  /// The report file was found writable.
  bool Checked = false;

  Error write();
};

Error Gathered::write() {
  std::lock_guard<std::mutex> Guard(Lock);
  if (!FromThinBackend) {
    Pieces.clear();
    return Error::success();
  }
  Report All;
  for (auto &[Module, P] : Pieces)
    All.appendModule(Module, P.R);
  if (Options.PrintMerges) {
    for (auto &[Module, P] : Pieces)
      if (P.FromThinBackend &&
          (!P.R.Merges.empty() || !P.R.Outlines.empty() ||
           !P.R.Missed.empty() || !P.R.Shared.empty())) {
        errs() << "coalesce: module '" << Module << "'\n";
        P.R.printDecisions(errs());
      }
    All.printSummary(errs());
  }
  Pieces.clear();
  FromThinBackend = false;
  if (Options.ReportPath.empty())
    return Error::success();
  return writeReportFile(All, Options.ReportPath);
}

/// At llvm_shutdown (ld.lld calls it before it exits, once every backend
/// is done): what no host wrote yet is written now, where all that is
/// left to say it through is stderr.
struct WriteAtShutdown {
  static void call(void *P) {
    auto *G = static_cast<Gathered *>(P);
    if (Error E = G->write())
      errs() << "coalesce: " << toString(std::move(E)) << "\n";
    delete G;
  }
};

ManagedStatic<Gathered, object_creator<Gathered>, WriteAtShutdown> Link;

} // namespace

Error gatherModuleReport(const std::string &Module, const Report &R,
                         const HostOptions &H, bool FromThinBackend) {
  Gathered &G = *Link;
  std::lock_guard<std::mutex> Guard(G.Lock);
  if (G.Pieces.empty())
    G.Options = H;
  G.Pieces[Module] = {R, FromThinBackend};
  G.FromThinBackend |= FromThinBackend;
  if (G.Checked || H.ReportPath.empty())
    return Error::success();
  // Opened as it is (not emptied): can it be written at all?
  int FD;
  if (std::error_code EC = sys::fs::openFileForWrite(
          H.ReportPath, FD, sys::fs::CD_OpenAlways, sys::fs::OF_Append))
    return createStringError("cannot write report '" + H.ReportPath +
                             "': " + EC.message());
  sys::Process::SafelyCloseFileDescriptor(FD);
  G.Checked = true;
  return Error::success();
}

std::optional<Report> moduleReport(const std::string &Module) {
  Gathered &G = *Link;
  std::lock_guard<std::mutex> Guard(G.Lock);
  auto It = G.Pieces.find(Module);
  if (It == G.Pieces.end())
    return std::nullopt;
  return It->second.R;
}

Error writeLinkReport() { return Link->write(); }

} // namespace coalesce
