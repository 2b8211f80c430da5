//===- plugin/Options.h - Options of every host, in one place --------------===//
//
// Every coalesce option is listed once, in OptionTable.def, with the one
// prefix `coalesce-`; Options.cpp makes its cl::opt. Hosts read them
// through hostOptions(); nothing else sees a cl::opt.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_PLUGIN_OPTIONS_H
#define COALESCE_PLUGIN_OPTIONS_H

#include "plugin/OptionTable.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace coalesce {

/// Reads the options. Options given on the host's command line (opt and
/// clang: -mllvm or plain flags) are already parsed; options in the
/// environment variable COALESCE_OPTIONS are parsed on first use, which is
/// the channel that works under ld.lld (whose -mllvm rejects plugin
/// options, LLVM issue 90956). A bad option is an error that names it.
llvm::Expected<HostOptions> hostOptions();

/// Parses coalesce options given as a list of words by a host with an
/// option channel of its own (the GNU linker plugin: -plugin-opt=coalesce-*).
/// Each word is checked as a word of COALESCE_OPTIONS is, with or without
/// its leading '-'. COALESCE_OPTIONS is read first, so these words override
/// it. A bad word is an error that names it and Channel.
llvm::Error parseOptionWords(const std::vector<std::string> &Words,
                             const std::string &Channel);

} // namespace coalesce

#endif
