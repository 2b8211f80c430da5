//===- plugin/OptionTable.h - The table of coalesce's options ---*- C++ -*-===//
//
// What every host knows of coalesce's options, made from OptionTable.def:
// their names, kinds and defaults, the check of one word (-coalesce-NAME
// or -coalesce-NAME=VALUE), and setting a HostOptions from words without
// LLVM's option parser (coalesce-backend --scan, which does not load the
// plugin that holds the cl::opts). Part of the host library, coalesce_host.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_PLUGIN_OPTIONTABLE_H
#define COALESCE_PLUGIN_OPTIONTABLE_H

#include "core/Pipeline.h"
#include "core/crossmodule/CrossModule.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace coalesce {

struct HostOptions {
  Config Core;
  std::string ReportPath; ///< JSON report file, empty for none.
  /// A cross-module plan for ThinLTO backends (core/crossmodule), or none.
  std::string CrossModulePlanPath;
  /// Hosts that see every module first (the GNU plugin) scan them for a
  /// plan of their own when none is given.
  bool MergeAcrossModules = true;
  bool PrintMerges = false;
};

enum class OptionKind { Flag, Number, Percent, Text };

enum class OptionId {
#define COALESCE_OPTION(KIND, ID, ...) ID,
#include "plugin/OptionTable.def"
};

struct OptionInfo {
  OptionId Id;
  OptionKind Kind;
  llvm::StringRef Name;  ///< coalesce-NAME.
  llvm::StringRef Value; ///< What its value is called; empty for flags.
  llvm::StringRef Param; ///< Its pass parameter's name, or empty.
  /// Whether it may change a backend's object or report (the ThinLTO
  /// cache key holds it), or only says where output goes.
  bool DecidesOutput;
  llvm::StringRef Help, Guide;
};

/// Every option, in the table's order.
llvm::ArrayRef<OptionInfo> optionTable();
/// The option called Name (without dashes), or null.
const OptionInfo *findOption(llvm::StringRef Name);

/// An option's value in H, written as a word would give it ("true",
/// "16", "50", a path): the default is optionValue(HostOptions{}, ...).
std::string optionValue(const HostOptions &H, const OptionInfo &O);

/// Checks one word, -coalesce-NAME[=VALUE] (any number of leading
/// dashes): an error naming the word and what is wrong, or success.
llvm::Error checkOptionWord(llvm::StringRef Word);
/// Checks Word and sets its option in H. A flag without a value is true.
llvm::Error setOptionWord(HostOptions &H, llvm::StringRef Word);
/// Sets O in H from Value (which checkOptionWord has accepted).
void setOption(HostOptions &H, const OptionInfo &O, llvm::StringRef Value);
/// The fraction a Percent option's value stands for (at most 1).
double fractionOfPercent(unsigned Percent);
/// Sets the fields that follow from others: one option gives the most
/// constants of both stages that pass them. setOption calls it; a host that
/// sets the fields itself calls it after.
void deriveOptions(HostOptions &H);

/// The cross-module scan's options from H (both scans: the GNU plugin's
/// and coalesce-backend --scan): the same constants, hotness and run-time
/// budget as the backends' stages, with the hotness of modules whose
/// functions other modules may call. Threads and Guard are the host's.
ScanOptions scanOptionsFrom(const HostOptions &H);

/// The user guide's table of options (Markdown), with each default as
/// HostOptions{} has it.
std::string optionGuideTable();

/// The words of a command line written in one string (COALESCE_OPTIONS):
/// split at runs of white space.
std::vector<std::string> splitOptionWords(llvm::StringRef Text);
/// The words of COALESCE_OPTIONS (none if it is unset), or an error naming
/// the variable and a word without its dash: a command line in a
/// variable, every word an option.
llvm::Expected<std::vector<std::string>> environmentOptionWords();

} // namespace coalesce

#endif
