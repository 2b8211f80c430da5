//===- plugin/ReportFile.h - A report written as JSON -------------*- C++ -*-===//
//
// The one writer of coalesce's JSON report (docs/report.md) for every host:
// the pass plugin, the GNU plugin's link report and coalesce-backend. Part
// of the host library, coalesce_host.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_PLUGIN_REPORTFILE_H
#define COALESCE_PLUGIN_REPORTFILE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace llvm {
class raw_ostream;
}

namespace coalesce {

struct Report;

/// R as the report's JSON text: two-space indents, a final newline.
std::string reportText(const Report &R);

/// Writes R's JSON text to Path (removed again if the host dies before the
/// text is whole).
llvm::Error writeReportFile(const Report &R, llvm::StringRef Path);

} // namespace coalesce

#endif
