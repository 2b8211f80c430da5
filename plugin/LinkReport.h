//===- plugin/LinkReport.h - One report for a link of many modules --------===//
//
// A ThinLTO link runs coalesce once per module, in backends on many threads
// (ld.lld's --thinlto-jobs, the GNU plugin's jobs=N), and the user asked
// for one report. Each backend hands its module's report here; the report
// of the link is written once every backend is done: by the GNU plugin
// right after LTO, and under ld.lld, which has no call for the end of LTO,
// when it shuts LLVM down before it exits (llvm_shutdown). Modules come in
// the order of their names, whatever order the threads finished in, so the
// report is the same for any number of jobs.
//
// This is the one state the passes share across threads, behind a mutex.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_PLUGIN_LINKREPORT_H
#define COALESCE_PLUGIN_LINKREPORT_H

#include "plugin/Options.h"

#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace coalesce {

/// Adds the report of one module of the link: a ThinLTO backend's, or the
/// full-LTO module of a link that mixes both (which printed its listing
/// already). An error if the report file cannot be written (tried when the
/// first module arrives, while the host can still report it).
llvm::Error gatherModuleReport(const std::string &Module, const Report &R,
                               const HostOptions &H, bool FromThinBackend);

/// The report Module handed over in this link, if it did (the GNU
/// plugin's ThinLTO cache keeps it beside the module's object).
std::optional<Report> moduleReport(const std::string &Module);

/// Writes what was gathered, if any backend of a ThinLTO link reported:
/// the listing to stderr (-coalesce-print-merges) and the JSON report
/// (-coalesce-report), then forgets it. An error if the report cannot be
/// written.
llvm::Error writeLinkReport();

} // namespace coalesce

#endif
