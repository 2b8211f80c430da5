//===- plugin/Options.cpp - Options of every host, in one place ------------===//

#include "plugin/Options.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <mutex>
#include <optional>

using namespace llvm;
using namespace coalesce;

namespace {
cl::OptionCategory Category("coalesce options");

// Defaults are Config's (and HostOptions'): the table names the field.
const HostOptions &defaults() {
  static const HostOptions D;
  return D;
}
using FlagOpt = cl::opt<bool>;
using NumberOpt = cl::opt<unsigned>;
using PercentOpt = cl::opt<unsigned>;
using TextOpt = cl::opt<std::string>;
bool initialFlag(bool V) { return V; }
unsigned initialNumber(unsigned V) { return V; }
unsigned initialPercent(double V) { return unsigned(std::lround(V * 100)); }
std::string initialText(const std::string &V) { return V; }

#define COALESCE_OPTION(KIND, ID, NAME, VALUE, FIELD, PARAM, KEY, HELP,       \
                        GUIDE)                                                 \
  KIND##Opt ID##Opt(NAME, cl::init(initial##KIND(defaults().FIELD)),           \
                    cl::cat(Category), cl::value_desc(VALUE), cl::desc(HELP));
#include "plugin/OptionTable.def"

bool valueFlag(bool V) { return V; }
unsigned valueNumber(unsigned V) { return V; }
double valuePercent(unsigned V) { return fractionOfPercent(V); }
std::string valueText(const std::string &V) { return V; }
} // namespace

namespace coalesce {

/// Checks each word, then hands them all to the option parser. Channel
/// names where the words came from, for messages.
static Error parseWords(const std::vector<std::string> &Words,
                        const std::string &Channel) {
  if (Words.empty())
    return Error::success();
  std::vector<std::string> Storage{"coalesce"};
  for (const std::string &W : Words) {
    if (Error E = checkOptionWord(W))
      return createStringError(Channel + ": " + toString(std::move(E)));
    Storage.push_back("-" + StringRef(W).ltrim('-').str());
  }
  std::vector<const char *> Argv;
  for (const std::string &S : Storage)
    Argv.push_back(S.c_str());
  std::string Msg;
  raw_string_ostream OS(Msg);
  if (!cl::ParseCommandLineOptions(int(Argv.size()), Argv.data(), "", &OS))
    return createStringError(Twine(Channel) + ": " + StringRef(Msg).trim());
  return Error::success();
}

// Parses COALESCE_OPTIONS once per process. Only coalesce's own options are
// accepted there, so the variable cannot change how the host behaves. The
// first parse's message is kept as text: every later call reports it again,
// and an Error can be reported only once.
static Error parseEnvironment() {
  static std::once_flag Once;
  static std::optional<std::string> Problem;
  std::call_once(Once, [] {
    Expected<std::vector<std::string>> Words = environmentOptionWords();
    Error E = Words ? parseWords(*Words, "COALESCE_OPTIONS")
                    : Words.takeError();
    if (E)
      Problem = toString(std::move(E));
  });
  if (!Problem)
    return Error::success();
  return createStringError(*Problem);
}

Expected<HostOptions> hostOptions() {
  if (Error E = parseEnvironment())
    return E;
  HostOptions H;
#define COALESCE_OPTION(KIND, ID, NAME, VALUE, FIELD, ...)                     \
  H.FIELD = value##KIND(ID##Opt);
#include "plugin/OptionTable.def"
  deriveOptions(H);
  return H;
}

Error parseOptionWords(const std::vector<std::string> &Words,
                       const std::string &Channel) {
  if (Error E = parseEnvironment())
    return E;
  return parseWords(Words, Channel);
}

} // namespace coalesce
