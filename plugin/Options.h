//===- plugin/Options.h - Options of every host, in one place --------------===//
//
// Every coalesce option is declared once, in Options.cpp, with the one
// prefix `coalesce-`. Hosts read them through hostOptions(); nothing else
// sees a cl::opt.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_PLUGIN_OPTIONS_H
#define COALESCE_PLUGIN_OPTIONS_H

#include "core/Pipeline.h"

#include <string>

namespace coalesce {

struct HostOptions {
  Config Core;
  std::string ReportPath; ///< JSON report file, empty for none.
  bool PrintMerges = false;
};

HostOptions hostOptions();

} // namespace coalesce

#endif
