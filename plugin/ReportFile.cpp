//===- plugin/ReportFile.cpp - A report written as JSON -------------------===//
//
// See ReportFile.h.
//
//===----------------------------------------------------------------------===//

#include "plugin/ReportFile.h"

#include "core/report/Report.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace coalesce {

std::string reportText(const Report &R) {
  std::string Text;
  raw_string_ostream OS(Text);
  OS << formatv("{0:2}", R.toJSON()) << "\n";
  return Text;
}

Error writeReportFile(const Report &R, StringRef Path) {
  std::error_code EC;
  ToolOutputFile Out(Path, EC, sys::fs::OF_Text);
  if (EC)
    return createStringError("cannot write report '" + Path +
                             "': " + EC.message());
  Out.os() << reportText(R);
  Out.keep();
  return Error::success();
}

} // namespace coalesce
